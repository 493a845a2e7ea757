/* main.c — runs every registered unit test (or those whose name or file contains an
 * argument) and ends with "N passed, N failed". */
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

#include "t.h"

typedef struct T {
    const char *name, *file;
    TestFn fn;
} T;

static T tests[2048];
static int ntests;
static int failures_now;
static const char *current;

void t_register(const char *name, TestFn fn, const char *file)
{
    if (ntests < 2048) tests[ntests++] = (T){name, file, fn};
}

void t_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stdout, "FAIL %s (%s:%d): ", current, file, line);
    vfprintf(stdout, fmt, ap);
    fprintf(stdout, "\n");
    va_end(ap);
    failures_now++;
}

static void on_alarm(int sig)
{
    (void)sig;
    static const char m[] = "FAIL: a test hung (wall-clock guard: 20 s, or UNIT_GUARD seconds)\n";
    ssize_t r = write(1, m, sizeof m - 1);
    (void)r;
    _exit(3);
}

typedef struct Cached {
    char dir[256];
    Worker wk;
} Cached;
static Cached cache[16];
static int ncache;

bool t_worker_new(Worker *wk, const char *dir, Err *e)
{
    return worker_open(wk, dir, NULL, 0, e);
}

Worker *t_worker(const char *dir)
{
    for (int i = 0; i < ncache; i++)
        if (strcmp(cache[i].dir, dir) == 0) return &cache[i].wk;
    if (ncache == 16) return NULL;
    Err e;
    err_clear(&e);
    Cached *c = &cache[ncache];
    if (!worker_open(&c->wk, dir, NULL, 0, &e)) {
        char buf[800];
        err_format(&e, buf, sizeof buf);
        t_fail(__FILE__, __LINE__, "cannot open %s: %s", dir, buf);
        return NULL;
    }
    snprintf(c->dir, sizeof c->dir, "%s", dir);
    ncache++;
    return &c->wk;
}

Game *t_game(Worker *wk, uint64_t seed, int players)
{
    if (!wk) return NULL;
    Err e;
    err_clear(&e);
    Game *g = game_new(wk->w, seed, players, NULL, &e);
    if (!g) t_fail(__FILE__, __LINE__, "game_new: %s", e.msg);
    return g;
}

int t_run(Game *g, const char *src)
{
    int before = g->nerrors;
    Err e;
    err_clear(&e);
    if (!game_inject(g, src, &e)) {
        t_fail(__FILE__, __LINE__, "game_inject: %s", e.msg);
        return -1;
    }
    game_advance(g);
    return g->nerrors - before;
}

char *t_dump(const Game *g)
{
    Buf b = {0};
    buf_printf(&b, "hash %016llx events %u\n", (unsigned long long)state_hash(&g->s), g->events.len);
    for (int s = -1; s < g->s.h.nseats; s++) {
        json_t *v = view_json(g, s);
        char *t = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
        buf_printf(&b, "%s\n", t ? t : "");
        free(t);
        json_decref(v);
    }
    return b.s;
}

int t_play(Game *g, uint64_t bot_seed)
{
    Bot b = {.rng = bot_seed};
    return play_random(g, &b, 1000000);
}

int main(int argc, char **argv)
{
    int passed = 0, failed = 0;
    /* UNIT_GUARD=N: seconds per test instead of 20 (0: none), for long runs (make secrecy) */
    uint64_t guard = 20;
    const char *ge = getenv("UNIT_GUARD");
    if (ge && !parse_u64(ge, 86400, &guard)) {
        fprintf(stderr, "UNIT_GUARD must be a whole number of seconds (0 to 86400), not '%s'\n", ge);
        return 2;
    }
    signal(SIGALRM, on_alarm);
    for (int i = 0; i < ntests; i++) {
        bool run = argc < 2;
        for (int a = 1; a < argc; a++)
            if (strstr(tests[i].name, argv[a]) || strstr(tests[i].file, argv[a])) run = true;
        if (!run) continue;
        current = tests[i].name;
        failures_now = 0;
        alarm((unsigned)guard);
        tests[i].fn();
        alarm(0);
        if (failures_now) failed++;
        else passed++;
    }
    for (int i = 0; i < ncache; i++) worker_close(&cache[i].wk);
    printf("unit: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
