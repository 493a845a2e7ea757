/* test_sandbox.c — the hostile-script suite, part 1: cases 1-45 of
 * ../shared/sandbox-cases.md, each in the real sandbox (real environments, budgets
 * and host API) on the hostile pack (tests/packs/hostile: a game that rests at seat 1's
 * play-or-pass offer, and a Bomb card whose functions attack the sandbox from a card's
 * private environment). The suite's own cases are in test_sandbox_own.c; the helpers
 * both use are at the top of this file (test_sandbox.h).
 *
 * Names: sandbox_NN_what, NN the case number, so `unit_tests sandbox_2` runs 20-29. */
#define _DEFAULT_SOURCE /* wait4, for a child's peak RSS */
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "test_sandbox.h"

/* ================================================================ helpers ======== */

double sb_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool under_valgrind(void)
{
    const char *p = getenv("LD_PRELOAD");
    return p && strstr(p, "vgpreload");
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_UNDEFINED__)
#define SB_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define SB_SANITIZED 1
#endif
#endif
#ifndef SB_SANITIZED
#define SB_SANITIZED 0
#endif

double sb_slow(void)
{
    if (under_valgrind()) return 60.0;
    return SB_SANITIZED ? 4.0 : 1.0;
}

bool sb_instrumented(void)
{
    return under_valgrind() || SB_SANITIZED;
}

Game *sb_game(Worker *wk, uint64_t seed)
{
    Game *g = t_game(wk, seed, 2);
    if (!g) return NULL;
    int r = game_advance(g);
    DecisionView d = game_decision(g);
    if (r != ADV_DECISION || d.seat != 0 || d.kind != DEC_PLAY) {
        t_fail(__FILE__, __LINE__, "the hostile game does not rest at seat 1's offer (%d, %d, %d): %s",
               r, d.seat, d.kind, g->last_error.msg);
        game_free(g);
        return NULL;
    }
    return g;
}

char *sb_dump(const Game *g)
{
    char *d = t_dump(g);
    char *ev = d ? strstr(d, " events ") : NULL;
    char *nl = ev ? strchr(ev, '\n') : NULL;
    if (ev && nl) memmove(ev, nl, strlen(nl) + 1);
    return d;
}

static bool prop_of(const Game *g, const char *key, Prop *p)
{
    int32_t k = names_find(&g->w->names, key);
    return k >= 0 && prop_get(g, ENT_GAME, 0, k, p);
}

int64_t sb_get(const Game *g, const char *key, int64_t dflt)
{
    Prop p;
    if (!prop_of(g, key, &p) || (p.type != PV_INT && p.type != PV_BOOL)) return dflt;
    return p.v;
}

const char *sb_get_str(const Game *g, const char *key)
{
    Prop p;
    if (!prop_of(g, key, &p) || p.type != PV_STR) return NULL;
    return state_cstr(&g->s, (int32_t)p.v);
}

const Event *sb_last_event(const Game *g, int32_t kind)
{
    for (uint32_t i = g->events.len; i-- > 0;)
        if (VEC_AT(g->events, Event, i).kind == kind) return &VEC_AT(g->events, Event, i);
    return NULL;
}

const char *sb_last_log(const Game *g)
{
    const Event *e = sb_last_event(g, g->w->n_print);
    return e ? game_text(g, e->text) : "";
}

void sb_alive_at(const char *file, int line, Game *g)
{
    int64_t before = sb_get(g, "alive", 0);
    int n = t_run(g, "game.add('alive', 1)");
    if (n != 0)
        t_fail(file, line, "the next action failed (%d errors): %s", n, g->last_error.msg);
    else if (sb_get(g, "alive", 0) != before + 1)
        t_fail(file, line, "the next action did not run (alive %lld, expected %lld)",
               (long long)sb_get(g, "alive", 0), (long long)before + 1);
    if (game_decision(g).seat < 0 && !g->s.h.over)
        t_fail(file, line, "the game stopped: %s", g->fatal);
}

void sb_undone_at(const char *file, int line, Game *g, const char *src, const char *want,
                  double max_s)
{
    if (!g) return;
    char *before = sb_dump(g);
    uint32_t ev = g->events.len;
    double t0 = sb_now();
    int n = t_run(g, src);
    double dt = sb_now() - t0;
    char *after = sb_dump(g);
    if (n != 1) t_fail(file, line, "%d script errors, expected 1, from: %.200s", n, src);
    for (const char *w = want; *w;) { /* every '|'-separated part must be in the message */
        const char *bar = strchr(w, '|');
        size_t len = bar ? (size_t)(bar - w) : strlen(w);
        char part[200];
        snprintf(part, sizeof part, "%.*s", (int)(len < sizeof part ? len : sizeof part - 1), w);
        if (!strstr(g->last_error.msg, part))
            t_fail(file, line, "'%.600s' does not contain '%s'", g->last_error.msg, part);
        w += len + (bar ? 1 : 0);
    }
    if (!before || !after || strcmp(before, after) != 0)
        t_fail(file, line, "the state changed although the action was undone: %.200s", src);
    if (g->events.len != ev + 1 || !strstr(sb_last_log(g), "script error (action undone)"))
        t_fail(file, line, "the log gained %d events, expected only the error report",
               (int)(g->events.len - ev));
    if (dt > max_s * sb_slow())
        t_fail(file, line, "took %.3f s (limit %.3f s): %.200s", dt, max_s * sb_slow(), src);
    free(before);
    free(after);
    sb_alive_at(file, line, g);
}

bool sb_open(Worker *wk, const char *dir, const char *extra, size_t cap, long budget, Err *e)
{
    memset(wk, 0, sizeof *wk);
    wk->w = world_new();
    if (!wk->w) {
        err_set(e, "out of memory");
        return false;
    }
    if (pack_load(wk->w, dir, e) < 0 || (extra && pack_load(wk->w, extra, e) < 0)) {
        world_free(wk->w);
        wk->w = NULL;
        return false;
    }
    VmLimits lim = vm_limits_default();
    if (cap) lim.mem_cap = cap;
    if (budget) lim.budget = budget;
    /* the wall-clock limit as slow as the run (valgrind, sanitizers): a script the
     * budget stops (an endless loop at load) ran past 10 s of a loaded machine under
     * valgrind first, and said the time limit */
    if (sb_instrumented()) lim.time_cap_ms = (int)(lim.time_cap_ms * sb_slow());
    wk->vm = vm_new(wk->w, &lim, e);
    if (!wk->vm) {
        world_free(wk->w);
        wk->w = NULL;
        return false;
    }
    return true;
}

void sb_close(Worker *wk)
{
    vm_free(wk->vm);
    world_free(wk->w);
    memset(wk, 0, sizeof *wk);
}

static bool write_file(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fwrite(data, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

bool sb_tmp_pack(char *dir, size_t n, const char *rules, const char *script, size_t len)
{
    snprintf(dir, n, "/tmp/tabula-hostile-XXXXXX");
    if (!mkdtemp(dir)) return false;
    char p[512];
    static const char manifest[] =
        "{\"id\": \"tmp\", \"version\": \"1\", \"api\": 1, \"players\": {\"min\": 2, \"max\": 2},\n"
        " \"rules\": \"rules.lua\", \"cards\": [\"cards.json\"], \"scripts\": \"cards\"}\n";
    static const char cards[] =
        "{\"cards\": [{\"id\": \"x\", \"kind\": \"k\", \"name\": \"X\", \"text\": \"\"}]}\n";
    static const char min_rules[] = "return { turn = { 'main' } }\n";
    if (!rules) rules = min_rules;
    snprintf(p, sizeof p, "%s/cards", dir);
    if (mkdir(p, 0700) != 0) return false;
    snprintf(p, sizeof p, "%s/pack.json", dir);
    bool ok = write_file(p, manifest, sizeof manifest - 1);
    snprintf(p, sizeof p, "%s/cards.json", dir);
    ok = ok && write_file(p, cards, sizeof cards - 1);
    snprintf(p, sizeof p, "%s/rules.lua", dir);
    ok = ok && write_file(p, rules, strlen(rules));
    snprintf(p, sizeof p, "%s/cards/x.lua", dir);
    return ok && write_file(p, script, len);
}

void sb_tmp_rm(const char *dir)
{
    static const char *const files[] = {"pack.json", "cards.json", "rules.lua", "cards/x.lua",
                                        "cards", NULL};
    char p[512];
    for (int i = 0; files[i]; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, files[i]);
        if (remove(p) != 0 && errno != ENOENT) fprintf(stderr, "cannot remove %s\n", p);
    }
    rmdir(dir);
}

static long rss_kb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, res = 0;
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &res) != 2) res = 0;
        fclose(f);
    }
    return res * (sysconf(_SC_PAGESIZE) / 1024);
}

static void child_run(const char *src, size_t cap, SbChild *r)
{
    Worker wk;
    Err e;
    err_clear(&e);
    if (!sb_open(&wk, HP, NULL, cap, 0, &e)) {
        snprintf(r->msg, sizeof r->msg, "open: %.460s", e.msg);
        return;
    }
    r->opened = 1;
    r->cap = wk.vm->lim.mem_cap;
    Game *g = game_new(wk.w, 1, 2, NULL, &e);
    if (g && game_advance(g) == ADV_DECISION) {
        char *before = sb_dump(g);
        int n0 = g->nerrors;
        double t0 = sb_now();
        wk.vm->mem_peak = wk.vm->mem;
        Err ie;
        err_clear(&ie);
        if (game_inject(g, src, &ie)) game_advance(g);
        r->secs = sb_now() - t0;
        r->errors = g->nerrors - n0;
        r->mem_peak = wk.vm->mem_peak;
        snprintf(r->msg, sizeof r->msg, "%.470s", g->last_error.msg);
        char *after = sb_dump(g);
        r->undone = before && after && strcmp(before, after) == 0;
        free(before);
        free(after);
        int n1 = g->nerrors;
        err_clear(&ie);
        r->alive = game_inject(g, "game.add('alive', 1)", &ie) && game_advance(g) == ADV_DECISION &&
                   g->nerrors == n1 && sb_get(g, "alive", 0) == 1;
    }
    game_free(g);
    sb_close(&wk);
}

int sb_child(const char *src, size_t cap, double timeout_s, SbChild *out, long *grew_kb)
{
    memset(out, 0, sizeof *out);
    *grew_kb = 0;
    int fd[2];
    if (pipe(fd) != 0) return -1;
    fflush(stdout);
    fflush(stderr);
    long base = rss_kb();
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        close(fd[0]);
        SbChild r;
        memset(&r, 0, sizeof r);
        child_run(src, cap, &r);
        ssize_t w = write(fd[1], &r, sizeof r);
        _exit(w == (ssize_t)sizeof r ? 0 : 2);
    }
    close(fd[1]);
    size_t got = 0;
    bool timed_out = false;
    double end = wall_now() + timeout_s;
    while (got < sizeof *out) {
        int left = (int)((end - wall_now()) * 1000);
        struct pollfd pf = {fd[0], POLLIN, 0};
        int pr = left > 0 ? poll(&pf, 1, left) : 0;
        if (pr < 0 && errno == EINTR) continue;
        if (pr <= 0) {
            timed_out = true;
            kill(pid, SIGKILL);
            break;
        }
        ssize_t k = read(fd[0], (char *)out + got, sizeof *out - got);
        if (k <= 0) break;
        got += (size_t)k;
    }
    close(fd[0]);
    int st = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(pid, &st, 0, &ru) < 0 && errno == EINTR) {
    }
    *grew_kb = ru.ru_maxrss - base;
    if (timed_out) return SB_TIMEOUT;
    if (WIFSIGNALED(st)) return WTERMSIG(st);
    return got == sizeof *out ? 0 : -1;
}

void sb_known_at(const char *file, int line, bool ok, const char *what)
{
    const char *env = getenv("SANDBOX_KNOWN");
    if (!env || !*env) return;
    if (ok) printf("KNOWN BUG LOOKS FIXED (%s:%d): %s — turn the guard back into a CHECK\n", file, line, what);
    else printf("KNOWN BUG (%s:%d): %s\n", file, line, what);
}

bool sb_run_ub_cases(void)
{
    const char *env = getenv("SANDBOX_UB");
    return env && *env == '1';
}

void sb_load_refused_at(const char *file, int line, const char *script, size_t len,
                            const char *want, bool want_line)
{
    char dir[128];
    if (!sb_tmp_pack(dir, sizeof dir, NULL, script, len)) {
        t_fail(file, line, "cannot write a temporary pack");
        return;
    }
    Worker wk;
    Err e;
    err_clear(&e);
    double t0 = sb_now();
    bool opened = sb_open(&wk, dir, NULL, 0, 0, &e);
    double dt = sb_now() - t0;
    if (opened) {
        t_fail(file, line, "the pack opened, but it should have been refused (%s)", want);
        sb_close(&wk);
    } else {
        char buf[900];
        err_format(&e, buf, sizeof buf);
        if (!strstr(buf, want)) t_fail(file, line, "'%s' does not contain '%s'", buf, want);
        if (!strstr(buf, "cards/x.lua")) t_fail(file, line, "'%s' does not name the file", buf);
        if (want_line && e.line <= 0) t_fail(file, line, "'%s' has no line", buf);
    }
    if (dt > 5.0 * sb_slow()) t_fail(file, line, "refusing took %.2f s", dt);
    sb_tmp_rm(dir);
    /* the process is fine: another worker opens and plays */
    Worker *ok = t_worker(HP);
    Game *g = ok ? sb_game(ok, 3) : NULL;
    if (g) sb_alive_at(file, line, g);
    game_free(g);
}

/* ================================================================ escape ========== */

TEST(sandbox_01_io_is_absent)
{
    Game *g = sb_game(t_worker(HP), 1);
    static const char probe[] = "/tmp/tabula-hostile-io-probe";
    remove(probe);
    UNDONE(g, "io.open('/etc/passwd')", "attempt to index a nil value (global 'io')");
    UNDONE(g, "io.popen('id')", "global 'io'");
    UNDONE(g, "local f = io.open('/tmp/tabula-hostile-io-probe', 'w') f:write('x') f:close()", "global 'io'");
    CHECK(access(probe, F_OK) != 0);
    UNDONE(g, BOMB("io"), "global 'io'");
    CHECK_CONTAINS(g->last_error.msg, "card 'Bomb' (bomb)");
    CHECK_CONTAINS(g->last_error.file, "cards/bomb.lua");
    CHECK(g->last_error.line > 0);
    game_free(g);
}

TEST(sandbox_02_os_is_absent_and_the_process_stays)
{
    Game *g = sb_game(t_worker(HP), 1);
    static const char *const calls[] = {"os.execute('id')", "os.exit(1)", "os.getenv('HOME')",
                                        "os.remove('x')", "os.time()", NULL};
    for (int i = 0; calls[i]; i++) UNDONE(g, calls[i], "attempt to index a nil value (global 'os')");
    UNDONE(g, BOMB("os"), "global 'os'");
    game_free(g);
}

TEST(sandbox_03_require_and_package_are_absent)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "require('socket')", "attempt to call a nil value (global 'require')");
    UNDONE(g, "package.loadlib('/lib/x86_64-linux-gnu/liblua5.4.so.0', 'luaopen_io')",
           "global 'package'");
    game_free(g);
}

TEST(sandbox_04_debug_is_absent)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "debug.getregistry()", "global 'debug'");
    UNDONE(g, "debug.sethook()", "global 'debug'");
    UNDONE(g, "debug.upvaluejoin(function() end, 1, function() end, 1)", "global 'debug'");
    game_free(g);
}

TEST(sandbox_05_dump_and_load_are_absent)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "load(string.dump(function() end))", "attempt to call a nil value (field 'dump')");
    UNDONE(g, "load('return 1')", "attempt to call a nil value (global 'load')");
    UNDONE(g, "return (''):dump()", "attempt to call a nil value (method 'dump')");
    game_free(g);
}

static int dump_writer(lua_State *L, const void *p, size_t sz, void *ud)
{
    (void)L;
    return buf_put((Buf *)ud, p, sz) ? 0 : 1;
}

TEST(sandbox_06_a_binary_card_file_is_refused_at_load)
{
    lua_State *L = luaL_newstate();
    Buf b = {0};
    CHECK(luaL_loadstring(L, "return { power = function() end }") == LUA_OK);
    CHECK(lua_dump(L, dump_writer, &b, 0) == 0);
    lua_close(L);
    CHECK(b.len > 4 && b.s[0] == '\033' && memcmp(b.s + 1, "Lua", 3) == 0);
    sb_load_refused_at(__FILE__, __LINE__, b.s, b.len, "attempt to load a binary chunk (mode is 't')", false);
    buf_free(&b);
}

TEST(sandbox_07_dofile_loadfile_loadstring_are_absent)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "dofile('x')", "global 'dofile'");
    UNDONE(g, "loadfile('x')", "global 'loadfile'");
    UNDONE(g, "loadstring('x')", "global 'loadstring'");
    game_free(g);
}

TEST(sandbox_08_collectgarbage_is_absent)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "collectgarbage('stop')", "global 'collectgarbage'");
    UNDONE(g, "collectgarbage('count')", "global 'collectgarbage'");
    UNDONE(g, "collectgarbage('generational')", "global 'collectgarbage'");
    game_free(g);
}

/* The victim card's fingerprint in a game of worker wk (NULL on error; caller frees). */
static char *fingerprint(Worker *wk)
{
    Game *g = sb_game(wk, 9);
    if (!g) return NULL;
    char *fp = NULL;
    if (t_run(g, PRE "game.set('fp', card.call(C('victim'), 'fingerprint'))") == 0 && sb_get_str(g, "fp"))
        fp = xstrdup(sb_get_str(g, "fp"));
    else
        t_fail(__FILE__, __LINE__, "fingerprint: %s", g->last_error.msg);
    game_free(g);
    return fp;
}

TEST(sandbox_09_a_helper_may_not_shadow_a_global)
{
    /* a mod's helper that exports `tostring` (or `card`, `pairs`…) is refused at load,
     * naming the helper file and the name */
    char dir[64];
    snprintf(dir, sizeof dir, "/tmp/tabula-shadow-%d", (int)getpid());
    char cmd[256];
    snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
    if (system(cmd) != 0) return;
    char p[128];
    snprintf(p, sizeof p, "%s/pack.json", dir);
    FILE *f = fopen(p, "w");
    fputs("{\"id\": \"shadow\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", \"helpers\": [\"lib.lua\"]}", f);
    fclose(f);
    snprintf(p, sizeof p, "%s/rules.lua", dir);
    f = fopen(p, "w");
    fputs("return { turn = { 'main' } }", f);
    fclose(f);
    snprintf(p, sizeof p, "%s/lib.lua", dir);
    f = fopen(p, "w");
    fputs("return { tostring = function() return 'pwned' end }", f);
    fclose(f);
    Worker wk;
    Err e;
    err_clear(&e);
    CHECK(!worker_open(&wk, dir, NULL, 0, &e));
    CHECK_CONTAINS(e.msg, "exports 'tostring', which is already a global");
    CHECK_CONTAINS(e.file, "lib.lua");
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) return;
}

TEST(sandbox_09_a_pack_cannot_change_what_another_pack_sees)
{
    char *clean = fingerprint(t_worker(HP));
    Worker wk;
    Err e;
    err_clear(&e);
    if (!sb_open(&wk, HP, HMOD, 0, 0, &e)) {
        t_fail(__FILE__, __LINE__, "cannot open the hostile mod: %s", e.msg);
        free(clean);
        return;
    }
    Game *g = sb_game(&wk, 9);
    if (g) {
        CHECK_INT(t_run(g, "card.new('poisoner', zone.get('table'))"), 0);
#define POISON(fn) "return card.call(zone.search(zone.get('table'), 'poisoner')[1], '" fn "')"
        UNDONE(g, POISON("rng_nil"), "attempt to write to a read-only");
        CHECK_CONTAINS(g->last_error.msg, "card 'Poisoner' (poisoner)");
        UNDONE(g, POISON("card_draw"), "attempt to write to a read-only table (key 'draw')");
        UNDONE(g, POISON("string_upper"), "attempt to write to a read-only table (key 'upper')");
        UNDONE(g, POISON("env_x"), "attempt to write to a read-only");
        UNDONE(g, POISON("mt_index"), "attempt to index a nil value (field '__index')");
        UNDONE(g, POISON("mt_add"), "attempt to write to a read-only table (key '__add')");
        UNDONE(g, POISON("math_random"), "attempt to write to a read-only table (key 'random')");
        UNDONE(g, POISON("table_insert"), "attempt to write to a read-only table (key 'insert')");
        UNDONE(g, POISON("alias_write"), "attempt to write to a read-only table (key 'draw')");
        UNDONE(g, POISON("closure_write"), "attempt to write to a read-only table (key 'draw')");
        UNDONE(g, POISON("sibling_write"), "attempt to write to a read-only table (key 'draw')");
        CHECK_INT(t_run(g, "assert(card.call(zone.search(zone.get('table'), 'poisoner')[1], "
                           "'field_reader') == card.name)"), 0);
        UNDONE(g, POISON("key_write"), "attempt to write to a read-only table (key 'draw')");
        CHECK_INT(t_run(g, "assert(card.call(zone.search(zone.get('table'), 'poisoner')[1], "
                           "'key_reader') == card.name)"), 0);
#undef POISON
        game_free(g);
    }
    char *modded = fingerprint(&wk);
    CHECK(clean && modded && strcmp(clean, modded) == 0);
    if (clean && modded && strcmp(clean, modded) != 0)
        t_fail(__FILE__, __LINE__, "fingerprint without the mod '%s', with it '%s'", clean, modded);
    /* the mod's helper exports become globals of every pack's scripts (vm.c load_world),
     * but none may replace a built-in: the base game's tostring is the standard one */
    g = sb_game(&wk, 9);
    if (g) {
        CHECK_INT(t_run(g, PRE "game.set('shown', card.call(C('victim'), 'shown'))"), 0);
        const char *shown = sb_get_str(g, "shown");
        CHECK_MSG(shown && strcmp(shown, "12") == 0, "tostring in the base game gave %s", shown ? shown : "nothing");
        game_free(g);
    }
    free(clean);
    free(modded);
    sb_close(&wk);
}

TEST(sandbox_10_the_string_metatable_is_locked)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "getmetatable('').__index.upper = function() return 'pwned' end",
           "attempt to index a nil value (field '__index')");
    UNDONE(g, "getmetatable('').__add = function() return 42 end", "attempt to write to a read-only table");
    UNDONE(g, BOMB("string_mt_index"), "attempt to index a nil value (field '__index')");
    UNDONE(g, BOMB("string_mt_add"), "attempt to write to a read-only table");
    /* another card, another chunk: unchanged */
    CHECK_INT(t_run(g, PRE "game.set('fp', card.call(C('victim'), 'fingerprint'))\n"
                           "game.set('up', ('x'):upper()) game.set('sum', '1' + '2')"),
              0);
    CHECK(sb_get_str(g, "up") && strcmp(sb_get_str(g, "up"), "X") == 0);
    CHECK_INT(sb_get(g, "sum", 0), 3);
    CHECK_CONTAINS(sb_get_str(g, "fp"), "HELLO;X;3;");
    game_free(g);
}

TEST(sandbox_11_rawset_is_absent)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "rawset(string, 'rep', print)", "global 'rawset'");
    UNDONE(g, "rawset(_ENV, 'x', 1)", "global 'rawset'");
    game_free(g);
}

TEST(sandbox_12_the_environment_stays_sealed)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, BOMB("setmt_env"), "already has a metatable");
    UNDONE(g, BOMB("local_env"), "attempt to index a nil value (global 'game')");
    UNDONE(g, "_ENV = {} game.set('x', 1)", "attempt to index a nil value (global 'game')");
    UNDONE(g, "_G._G = nil", "attempt to index a nil value (global '_G')");
    UNDONE(g, "setmetatable(_ENV, {})", "already has a metatable");
    /* the card's environment is still sealed and the host API still works */
    UNDONE(g, BOMB("set_env"), "attempt to write to a read-only");
    UNDONE(g, BOMB("set_global"), "attempt to write to a read-only");
    CHECK_INT(t_run(g, PRE "game.set('t', game.turn()) card.set(C('victim'), 'hp', 3)"), 0);
    CHECK_INT(sb_get(g, "t", 0), 1);
    game_free(g);
}

TEST(sandbox_13_gc_finalizers_are_refused)
{
    Worker *wk = t_worker(HP);
    Game *g = sb_game(wk, 1);
    UNDONE(g, "setmetatable({}, {__gc = function() while true do end end})", "'__gc' is not allowed");
    UNDONE(g, BOMB("gc"), "'__gc' is not allowed");
    /* no finalizer is pending: a full collection and closing a state return at once */
    if (wk) {
        double t0 = sb_now();
        lua_gc(wk->vm->L, LUA_GCCOLLECT);
        CHECK(sb_now() - t0 < 1.0 * sb_slow());
    }
    game_free(g);
}

TEST(sandbox_14_weak_tables_are_refused)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "local sink = {} setmetatable({}, {__mode = 'v', __newindex = sink})", "'__mode' is not allowed");
    UNDONE(g, BOMB("weak"), "'__mode' is not allowed");
    game_free(g);
}

TEST(sandbox_15_close_and_coroutines_are_refused)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, BOMB("close"), "'__close' is not allowed");
    UNDONE(g, BOMB("close_plain"), "variable 'x' got a non-closable value");
    UNDONE(g, "local co = coroutine.wrap(function() end)", "global 'coroutine'");
    game_free(g);
}

TEST(sandbox_16_host_metatables_are_unreachable)
{
    Game *g = sb_game(t_worker(HP), 1);
    CHECK_INT(t_run(g, PRE "game.set('mt', card.call(C('bomb'), 'api_metatable'))\n"
                           "game.set('hmt', tostring(getmetatable(C('bomb'))))"),
              0);
    CHECK(sb_get_str(g, "mt") && strcmp(sb_get_str(g, "mt"), "table|nil|nil") == 0);
    CHECK(sb_get_str(g, "hmt") && strcmp(sb_get_str(g, "hmt"), "nil") == 0); /* handles are numbers */
    UNDONE(g, BOMB("api_gc_call"), "attempt to call a nil value (field '__gc')");
    UNDONE(g, "getmetatable(card).__index.new = nil", "attempt to index a nil value (field '__index')");
    UNDONE(g, "getmetatable(card).metatable = 'mine'", "attempt to write to a read-only table");
    game_free(g);
}

TEST(sandbox_17_error_objects_never_run_outside_protection)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "error(setmetatable({}, {__tostring = function() error('boom') end}))",
           "script error (non-string error object)");
    UNDONE(g, BOMB("error_object"), "script error (non-string error object)");
    CHECK_CONTAINS(g->last_error.msg, "card 'Bomb' (bomb)");
    CHECK_CONTAINS(g->last_error.file, "cards/bomb.lua");
    CHECK(g->last_error.line > 0);
    /* the read-only query path (can_play) too: the error is logged, the game goes on */
    if (g) {
        int n0 = g->nerrors;
        CHECK_INT(t_run(g, "game.set('anchor_bad', game.turn())"), 1);
        CHECK_INT(g->nerrors - n0, 1);
        bool seen = false;
        for (uint32_t i = g->events.len; i-- > 0 && !seen;) {
            const Event *ev = &VEC_AT(g->events, Event, i);
            if (ev->kind == g->w->n_print && strstr(game_text(g, ev->text), "non-string error object"))
                seen = true;
        }
        CHECK(seen);
        CHECK(game_decision(g).seat == 0);
        ALIVE(g);
    }
    game_free(g);
}

TEST(sandbox_18_a_deferred_callback_runs_under_the_budget)
{
    Game *g = sb_game(t_worker(HP), 1);
    if (!g) return;
    CHECK_INT(t_run(g, BOMB("arm")), 0);
    CHECK_INT(g->s.effects.len, 1);
    double t0 = sb_now();
    int n = t_run(g, "game.set('x', 1)"); /* the "set" event fires the callback */
    double dt = sb_now() - t0;
    CHECK_INT(n, 1);
    CHECK_CONTAINS(g->last_error.msg, "[budget]");
    CHECK_CONTAINS(g->last_error.msg, "instruction budget");
    CHECK_CONTAINS(g->last_error.msg, "card 'Bomb' (bomb)");
    CHECK_CONTAINS(g->last_error.file, "cards/bomb.lua");
    CHECK(dt < 1.0 * sb_slow());
    CHECK_INT(sb_get(g, "x", 0), 1); /* the chunk's own change stays */
    CHECK_INT(g->s.effects.len, 0);  /* the effect was once-only */
    ALIVE(g);
    game_free(g);
}

/* ================================================================ CPU ============= */

TEST(sandbox_19_an_endless_loop_hits_the_budget)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "while true do end", BUDGET);
    UNDONE(g, BOMB("spin"), BUDGET);
    game_free(g);
}

TEST(sandbox_20_an_endless_goto_hits_the_budget)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "::a:: goto a", BUDGET);
    game_free(g);
}

TEST(sandbox_21_endless_tail_calls_hit_the_budget)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "local function f() return f() end f()", BUDGET);
    game_free(g);
}

/* Comparing two long strings is one VM instruction: the count hook saw 5,000,000 of
 * them as 5,000,000 instructions, and a loop of them over strings of megabytes ran for
 * hours. The time limit stops it (here 300 ms), pcall cannot catch it, and time spent
 * waiting at a question does not count. */
static Worker *timed_worker(Worker *wk, const char *dir, int ms)
{
    Err e;
    memset(wk, 0, sizeof *wk);
    wk->w = world_new();
    if (!wk->w || pack_load(wk->w, dir, &e) < 0) {
        t_fail(__FILE__, __LINE__, "cannot open %s: %s", dir, e.msg);
        world_free(wk->w);
        return NULL;
    }
    VmLimits lim = vm_limits_default();
    lim.time_cap_ms = ms;
    wk->vm = vm_new(wk->w, &lim, &e);
    if (!wk->vm) {
        t_fail(__FILE__, __LINE__, "vm_new: %s", e.msg);
        world_free(wk->w);
        return NULL;
    }
    return wk;
}

#define LONG_STRINGS "local a = string.rep('x', 262144) local b = a .. 'b' a = a .. 'a' "
#define TIMED "[budget]|time limit of 300 ms exceeded (work the instruction count does not see"

TEST(sandbox_long_string_comparisons_hit_the_time_limit)
{
    CHECK_INT(vm_limits_default().time_cap_ms, 10000);
    Worker wk;
    if (!timed_worker(&wk, HP, 300)) return;
    Game *g = sb_game(&wk, 1);
    if (g) {
        UNDONE_IN(g, LONG_STRINGS "while true do local _ = a < b end", TIMED, 3.0);
        UNDONE_IN(g, LONG_STRINGS "while true do local _ = a == b end", TIMED, 3.0);
        UNDONE_IN(g, LONG_STRINGS "while true do pcall(function() while true do local _ = a <= b end end) end",
                  TIMED, 3.0);
        /* (the budget's own message: sandbox_19 to _23, on the default 10 s; 5,000,000
         * instructions under valgrind take longer than 300 ms) */
        game_free(g);
    }
    sb_close(&wk);
}

TEST(sandbox_the_time_limit_does_not_count_the_wait_at_a_question)
{
    char dir[128];
    const char *rules = "return { turn = { 'main' }, steps = { main = { enter = function(ctx)\n"
                        "  decide.choose(1, { 'a', 'b' })\n"
                        "  local x = 0 for i = 1, 20000 do x = x + i end game.set('done', x)\n"
                        "  game.win(1, 'done') end } } }\n";
    if (!sb_tmp_pack(dir, sizeof dir, rules, "return {}", 9)) {
        t_fail(__FILE__, __LINE__, "cannot write a temporary pack");
        return;
    }
    Worker wk;
    if (timed_worker(&wk, dir, 300)) {
        Game *g = t_game(&wk, 1, 2);
        if (g) {
            CHECK_INT(game_advance(g), ADV_DECISION);
            DecisionView d = game_decision(g);
            CHECK(d.nopt == 2);
            struct timespec nap = {0, 450 * 1000 * 1000};
            nanosleep(&nap, NULL); /* a player thinking, longer than the limit */
            Err e;
            int32_t id = d.nopt ? d.opts[0].id : 0;
            CHECK(game_answer(g, &id, 1, &e));
            CHECK_INT(game_advance(g), ADV_OVER);
            CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
            CHECK_INT(sb_get(g, "done", 0), 200010000);
            game_free(g);
        }
        sb_close(&wk);
    }
    sb_tmp_rm(dir);
}

TEST(sandbox_22_pcall_cannot_swallow_the_budget)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "while true do pcall(function() while true do end end) end", BUDGET);
    UNDONE(g, "for i = 1, 1e9 do pcall(error, 'x') end", BUDGET);
    game_free(g);
}

TEST(sandbox_23_xpcall_never_runs_a_handler_for_the_budget)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE_IN(g, "xpcall(function() while true do end end, function() while true do end end)",
              BUDGET, 0.1);
    UNDONE_IN(g, "while true do xpcall(function() while true do end end, function() return 'caught' end) end",
              BUDGET, 0.1);
    game_free(g);
}

TEST(sandbox_24_costly_patterns_are_refused_at_once)
{
    Game *g = sb_game(t_worker(HP), 1);
    static const char *const calls[] = {
        "string.find(('a'):rep(200), '.-.-.-.-b')",
        "string.match(('a'):rep(200), '.-.-.-.-b')",
        "for m in string.gmatch(('a'):rep(200), '.-.-.-.-b') do end",
        "string.gsub(('a'):rep(200), '.-.-.-.-b', '')",
        "(('a'):rep(200)):find('.-.-.-.-b')",
        NULL};
    for (int i = 0; calls[i]; i++) UNDONE_IN(g, calls[i], "the sandbox refuses the pattern '.-.-.-.-b'", 0.05);
    /* a plain find is always allowed */
    CHECK_INT(t_run(g, "game.set('at', string.find(('a'):rep(200) .. '.-b', '.-b', 1, true))"), 0);
    CHECK_INT(sb_get(g, "at", 0), 201);
    game_free(g);
}

TEST(sandbox_25_a_huge_rep_is_capped_on_the_first_call)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE_IN(g, "for i = 1, 1e9 do local s = ('x'):rep(50e6) end", "over the 1048576-byte cap", 0.05);
    game_free(g);
}

TEST(sandbox_26_effects_triggering_each_other_forever_are_stopped)
{
    Worker *wk = t_worker(HP);
    Game *g = sb_game(wk, 1);
    if (!g) return;
    double t0 = sb_now();
    t_run(g, PRE "card.call(C('ping'), 'arm') card.call(C('pong'), 'arm') event.emit('ping')");
    double dt = sb_now() - t0;
    /* the chain is stopped (a loop guard), quickly, and the host is fine */
    CHECK(dt < 2.0 * sb_slow());
    CHECK(g->fatal[0] || g->nerrors > 0);
    CHECK_CONTAINS(g->fatal[0] ? g->fatal : g->last_error.msg, "loop guard");
    /* the whole chain is undone (no score from it) and the game goes on */
    CHECK_MSG(sb_get(g, "score", -1) <= 0 && !g->fatal[0], "score %lld, fatal '%s'",
              (long long)sb_get(g, "score", -1), g->fatal);
    game_free(g);
    /* the next game on the same worker is fine */
    g = sb_game(wk, 2);
    if (g) ALIVE(g);
    game_free(g);
}

/* ================================================================ memory ========== */

TEST(sandbox_27_huge_reps_are_refused)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "string.rep('x', 2^31)", "string.rep: result of 2147483648 bytes is over the 1048576-byte cap");
    UNDONE(g, "string.rep('x', 2^30)", "is over the 1048576-byte cap");
    UNDONE(g, "string.rep('x', math.maxinteger)", "is over the 1048576-byte cap");
    game_free(g);
}

/* A memory bomb in a child process under an 8 MiB cap: the error, the cap, the undo
 * and the next action; and RSS at most 1.5 x cap + 4 MiB. */
static void memory_bomb_at(const char *file, int line, const char *src, bool known_crash)
{
    SbChild r;
    long grew = 0;
    size_t cap = 8u << 20;
    int sig = sb_child(src, cap, 10.0 * sb_slow(), &r, &grew);
    /* `known_crash` marks the cases that once killed the host (an unprotected traceback
     * when the cap was full, fixed in vm/run.c finish): they must now pass like the rest */
    (void)known_crash;
    if (sig != 0) {
        t_fail(file, line, "the child died (signal %d): %s", sig, src);
        return;
    }
    if (!r.opened) {
        t_fail(file, line, "%s", r.msg);
        return;
    }
    if (r.errors != 1) t_fail(file, line, "%d errors, expected 1: %s", r.errors, r.msg);
    if (!strstr(r.msg, "not enough memory")) t_fail(file, line, "'%s' is not a memory error", r.msg);
    if (!r.undone) t_fail(file, line, "the state changed");
    if (!r.alive) t_fail(file, line, "the next action failed");
    if (r.mem_peak > r.cap) t_fail(file, line, "Lua held %zu bytes, cap %zu", r.mem_peak, r.cap);
    if (r.secs > 1.0 * sb_slow()) t_fail(file, line, "took %.2f s", r.secs);
    if (!sb_instrumented() && grew > (long)(cap * 3 / 2 + (4u << 20)) / 1024)
        t_fail(file, line, "RSS grew %ld KiB, limit %zu KiB", grew, (cap * 3 / 2 + (4u << 20)) / 1024);
}

TEST(sandbox_28_doubling_a_string_hits_the_cap)
{
    memory_bomb_at(__FILE__, __LINE__, "local s = 'x' while true do s = s .. s end", false);
}

TEST(sandbox_29_a_growing_array_hits_the_cap)
{
    memory_bomb_at(__FILE__, __LINE__, "local t = {} for i = 1, 1e9 do t[i] = i end", false);
}

TEST(sandbox_30_many_small_objects_hit_the_cap)
{
    memory_bomb_at(__FILE__, __LINE__, "local l while true do l = {l} end", true);
}

TEST(sandbox_31_chunk_level_state_cannot_grow_across_actions)
{
    Worker *wk = t_worker(HP);
    Game *g = sb_game(wk, 1);
    if (!g) return;
    UNDONE(g, BOMB("cache"), "attempt to write to a read-only table");
    lua_gc(wk->vm->L, LUA_GCCOLLECT);
    size_t base = vm_mem_used(wk->vm);
    for (int i = 0; i < 10; i++) CHECK_INT(t_run(g, BOMB("cache")), 1);
    lua_gc(wk->vm->L, LUA_GCCOLLECT);
    size_t now = vm_mem_used(wk->vm);
    CHECK_MSG(now <= base + (64u << 10) && now + (64u << 10) >= base, "heap %zu, baseline %zu", now, base);
    game_free(g);
}

TEST(sandbox_32_catching_memory_errors_ends_by_budget)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "while true do pcall(string.rep, 'x', 1e7) end", BUDGET);
    game_free(g);
}

/* ================================================================ stack, parsing == */

TEST(sandbox_33_deep_recursion_overflows_cleanly)
{
    Game *g = sb_game(t_worker(HP), 1);
    if (g) {
        /* about 200,000 frames: Lua's stack limit or the memory cap, whichever comes first
         * (the garbage collector's walks over the deep stack are not metered: ~1 s) */
        char *before = sb_dump(g);
        double t0 = sb_now();
        CHECK_INT(t_run(g, BOMB("deep")), 1);
        double dt = sb_now() - t0;
        char *after = sb_dump(g);
        CHECK_MSG(strstr(g->last_error.msg, "stack overflow") || strstr(g->last_error.msg, "not enough memory"),
                  "%s", g->last_error.msg);
        CHECK_CONTAINS(g->last_error.file, "cards/bomb.lua");
        CHECK(before && after && strcmp(before, after) == 0);
        CHECK_MSG(dt < 3.0 * sb_slow(), "took %.2f s", dt);
        free(before);
        free(after);
        ALIVE(g);
    }
    game_free(g);
    /* from a designer chunk: an error 6,000 frames deep */
    g = sb_game(t_worker(HP), 2);
    double t0 = sb_now();
    UNDONE(g, "local function r(n) if n == 0 then error('deep') end return 1 + r(n - 1) end r(6000)", "deep");
    double dt = sb_now() - t0;
    /* vm/run.c finish() looks at most 40 levels deep for the innermost script frame
     * (lua_getstack is linear in the level): a deep error is reported at once */
    CHECK_MSG(dt < 0.02 * sb_slow(), "run.c finish: frame search quadratic in stack depth (a deep chunk error hangs the host)");
    game_free(g);
}

TEST(sandbox_34_metamethod_recursion_overflows_the_c_stack_cleanly)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "local t = setmetatable({}, {__index = function(t, k) return t[k] end}) return t.x",
           "C stack overflow");
    UNDONE(g, "local t = setmetatable({}, {__tostring = function(x) return tostring(x) end}) return tostring(t)",
           "C stack overflow");
    UNDONE(g, "local t = setmetatable({}, {__index = function(t, k) return tostring(t) end,"
              " __tostring = function(t) return t.x end}) return t.y",
           "C stack overflow");
    game_free(g);
}

TEST(sandbox_35_deep_syntax_is_refused_at_load)
{
    Buf b = {0};
    buf_printf(&b, "return ");
    for (int i = 0; i < 1000; i++) buf_put(&b, "(", 1);
    buf_put(&b, "1", 1);
    for (int i = 0; i < 1000; i++) buf_put(&b, ")", 1);
    sb_load_refused_at(__FILE__, __LINE__, b.s, b.len, "C stack overflow", false);
    buf_free(&b);
    buf_printf(&b, "return { f = ");
    for (int i = 0; i < 300; i++) buf_printf(&b, "function() return ");
    buf_printf(&b, "1");
    for (int i = 0; i < 300; i++) buf_printf(&b, " end");
    buf_printf(&b, " }");
    sb_load_refused_at(__FILE__, __LINE__, b.s, b.len, "C stack overflow", false);
    buf_free(&b);
}

TEST(sandbox_36_huge_constructors_and_many_locals_at_load)
{
    Buf b = {0};
    buf_printf(&b, "local a0");
    for (int i = 1; i < 300; i++) buf_printf(&b, ", a%d", i);
    buf_printf(&b, "\nreturn {}\n");
    sb_load_refused_at(__FILE__, __LINE__, b.s, b.len, "too many local variables", true);
    buf_free(&b);
    /* 10^6 fields: refused, or loaded within the memory cap; either way quickly */
    buf_printf(&b, "return { f = function() end, ");
    for (int i = 0; i < 1000000; i++) buf_put(&b, "1,", 2);
    buf_printf(&b, "}\n");
    char dir[128];
    if (sb_tmp_pack(dir, sizeof dir, NULL, b.s, b.len)) {
        Worker wk;
        Err e;
        err_clear(&e);
        double t0 = sb_now();
        bool opened = sb_open(&wk, dir, NULL, 0, 0, &e);
        double dt = sb_now() - t0;
        if (opened) {
            CHECK(vm_mem_used(wk.vm) <= wk.vm->lim.mem_cap);
            sb_close(&wk);
        } else {
            char buf[900];
            err_format(&e, buf, sizeof buf);
            CHECK_CONTAINS(buf, "cards/x.lua");
        }
        CHECK_MSG(dt < 5.0 * sb_slow(), "took %.2f s", dt);
        sb_tmp_rm(dir);
    } else {
        t_fail(__FILE__, __LINE__, "cannot write a temporary pack");
    }
    buf_free(&b);
}

/* ================================================================ determinism ===== */

static const char order_src[] =
    "local t = {} for i, k in ipairs({'delta', 'alpha', 'echo', 'charlie', 'bravo', 'golf',\n"
    "  'foxtrot', 'hotel', 'india', 'juliet'}) do t[k] = i end\n"
    "t[3] = 'x' t[1] = 'y' t[true] = 1 t[false] = 0 t[2.5] = 1\n"
    "local ks = {} for k in pairs(t) do ks[#ks + 1] = string.format('%s', k) end\n"
    "local first for k in pairs(t) do first = k break end\n"
    "game.set('order', table.concat(ks, ',')) game.set('first', first)\n";
static const char order_want[] =
    "1,2.5,3,alpha,bravo,charlie,delta,echo,foxtrot,golf,hotel,india,juliet,false,true";

TEST(sandbox_37_pairs_order_is_the_same_in_every_state)
{
    Worker *a = t_worker(HP);
    Worker b;
    Err e;
    err_clear(&e);
    if (!a || !sb_open(&b, HP, NULL, 0, 0, &e)) {
        t_fail(__FILE__, __LINE__, "cannot open: %s", e.msg);
        return;
    }
    /* a second Lua state (another string-hash seed), whose worker has also interned other
     * names first, as a long-running process would have */
    Game *ga = sb_game(a, 21), *gb = sb_game(&b, 21);
    if (ga && gb) {
        CHECK_INT(t_run(gb, "for i = 1, 50 do game.set('other' .. i, i) end error('undo')"), 1);
        CHECK_INT(t_run(ga, order_src), 0);
        CHECK_INT(t_run(gb, order_src), 0);
        const char *oa = sb_get_str(ga, "order"), *ob = sb_get_str(gb, "order");
        CHECK(oa && strcmp(oa, order_want) == 0);
        CHECK(ob && strcmp(ob, order_want) == 0);
        CHECK_INT(sb_get(ga, "first", 0), 1);
        char *da = sb_dump(ga), *db = sb_dump(gb);
        /* the views (text) are identical */
        const char *va = da ? strchr(da, '\n') : NULL, *vb = db ? strchr(db, '\n') : NULL;
        CHECK(va && vb && strcmp(va, vb) == 0);
        /* state_hash hashes the raw state (interned name ids are process-local); the hash
         * logs carry and replays check is game_hash, which hashes names by their text */
        CHECK_MSG(game_hash(ga) == game_hash(gb), "game_hash depends on the worker's name-interning history");
        free(da);
        free(db);
    }
    game_free(ga);
    game_free(gb);
    sb_close(&b);
}

TEST(sandbox_38_math_random_draws_from_the_game_rng)
{
    Worker *wk = t_worker(HP);
    Game *g1 = sb_game(wk, 5), *g2 = sb_game(wk, 5), *g3 = sb_game(wk, 6);
    if (g1 && g2 && g3) {
        uint64_t rng0[4];
        memcpy(rng0, g1->s.h.rng, sizeof rng0);
        static const char src[] = "game.set('r', math.random(1, 1000000)) game.set('f', math.floor(math.random() * 1e9))";
        CHECK_INT(t_run(g1, src), 0);
        CHECK_INT(t_run(g2, src), 0);
        CHECK_INT(t_run(g3, src), 0);
        CHECK(sb_get(g1, "r", -1) == sb_get(g2, "r", -2) && sb_get(g1, "f", -1) == sb_get(g2, "f", -2));
        CHECK(sb_get(g1, "r", -1) != sb_get(g3, "r", -1) || sb_get(g1, "f", -1) != sb_get(g3, "f", -1));
        CHECK(memcmp(rng0, g1->s.h.rng, sizeof rng0) != 0); /* the draw is in the state */
        UNDONE(g1, "math.randomseed(42)", "seeded by the host");
    }
    game_free(g1);
    game_free(g2);
    game_free(g3);
}

TEST(sandbox_39_there_are_no_clocks)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "return os.time()", "global 'os'");
    UNDONE(g, "return os.clock()", "global 'os'");
    UNDONE(g, "return os.date()", "global 'os'");
    game_free(g);
}

TEST(sandbox_40_the_log_pins_the_lua_build)
{
    Worker *wk = t_worker(HP);
    Game *g = sb_game(wk, 1);
    if (!g) return;
    const char *probe = vm_lua_probe(wk->vm);
    CHECK(strcmp(probe, "1~(2 or 3)=0") == 0 || strcmp(probe, "1~(2 or 3)=3") == 0);
    /* the sandbox computes what the probe says: a function with > 256 constants */
    Buf b = {0};
    buf_printf(&b, "local t = {");
    for (int i = 0; i < 300; i++) buf_printf(&b, "%d.25, ", i);
    buf_printf(&b, "} game.set('x', 1 ~ (2 or 3))");
    CHECK_INT(t_run(g, b.s), 0);
    buf_free(&b);
    CHECK_INT(sb_get(g, "x", -1), probe[strlen(probe) - 1] - '0');
    json_t *log = save_json(g);
    CHECK(log != NULL);
    if (log) {
        CHECK(strcmp(json_string_value(json_object_get(log, "lua")), LUA_RELEASE) == 0);
        CHECK(strcmp(json_string_value(json_object_get(log, "lua_probe")), probe) == 0);
        Err e;
        err_clear(&e);
        CHECK(save_check(wk->w, log, &e));
        json_object_set_new(log, "lua_probe", json_string("1~(2 or 3)=9"));
        CHECK(!save_check(wk->w, log, &e));
        CHECK_CONTAINS(e.msg, "a different Lua can play the same content differently");
        json_object_set_new(log, "lua_probe", json_string(probe));
        json_object_set_new(log, "lua", json_string("Lua 5.4.7"));
        err_clear(&e);
        CHECK(!save_check(wk->w, log, &e));
        CHECK_CONTAINS(e.msg, "Lua 5.4.7");
        json_decref(log);
    }
    game_free(g);
}

TEST(sandbox_41_libm_dependent_math_is_excluded)
{
    Game *g = sb_game(t_worker(HP), 1);
    static const char *const gone[] = {"sin", "cos", "tan", "asin", "acos", "atan", "exp", "log",
                                       "pow", "cosh", "sinh", "tanh", "log10", "frexp", "ldexp", NULL};
    for (int i = 0; gone[i]; i++) {
        char src[120];
        snprintf(src, sizeof src, "return math.%s(1e22)", gone[i]);
        UNDONE(g, src, "attempt to call a nil value (field");
    }
    /* '^' stays (the VM calls libm's pow: documented as same-binary-only) */
    CHECK_INT(t_run(g, "game.set('ok', 2^0.5 > 1.41 and math.sqrt(2) == math.sqrt(2))"), 0);
    CHECK_INT(sb_get(g, "ok", 0), 1);
    game_free(g);
}

/* ================================================================ host API ======== */

/* Every registered API function with hostile arguments: one action per function, each
 * call under pcall; the action then raises so everything is undone. Messages must name
 * the function (or be Lua's "bad argument #n to 'f'"). */
static const char sweep_src[] =
    PRE "local H, Z = C('bomb'), zone.get('table')\n"
    "local huge = string.rep('n', 1 << 20)\n"
    "local evil = setmetatable({}, { __index = function() error('evil index') end,\n"
    "  __len = function() return 1 << 40 end })\n"
    "local V = { true, false, 0, -1, 0.5, 0/0, 1/0, -1/0, math.mininteger, math.maxinteger,\n"
    "  1 << 62, 1e308, -1e308, 2^53, '', 'x', '\\0', huge, string.rep('k', 100),\n"
    "  string.rep('k', 101), {}, { 1, 2, 3 }, evil, print }\n"
    "local calls, bad, opts = 0, {}, 0\n"
    "local function try(f, ...)\n"
    "  calls = calls + 1\n"
    "  local ok, err = pcall(f, ...)\n"
    "  if ok then return end\n"
    "  local m = tostring(err)\n"
    "  local at = m:find(': ', 1, true)\n"
    "  if at and m:sub(1, 6) == 'chunk ' then m = m:sub(at + 2) end\n"
    "  if m:find('options must be a table', 1, true) then opts = opts + 1\n"
    "  elseif not (m:find(NAME, 1, true) or m:find(\"to '\" .. SHORT .. \"'\", 1, true) or\n"
    "      m:find('evil index', 1, true)) then\n"
    "    if #bad < 2 then bad[#bad + 1] = m:sub(1, 60) end\n"
    "  end\n"
    "end\n"
    "for i = 0, #V do\n"
    "  local v = V[i]\n"
    "  if not card.valid(H) then H = card.new('victim', Z) end\n"
    "  if WIN == 'draw' then\n" /* game.draw ends the game given any text, a number or nil */
    "    if v ~= nil and type(v) ~= 'string' and type(v) ~= 'number' then try(F, v) end\n"
    "  elseif WIN then\n"
    "    if type(v) ~= 'string' then try(F, v) try(F, v, 'reason') end\n"
    "  else\n"
    "    try(F, v) try(F, v, v) try(F, v, v, v)\n"
    "    try(F, 1, v) try(F, 1, v, v) try(F, H, v) try(F, H, 'k', v)\n"
    "    try(F, Z, v) try(F, Z, Z, v) try(F, 'x', v) try(F, 'x', 1, v)\n"
    "    try(F, H, { pos = v, face = v }) try(F, 'x', { owner = v, visibility = v,\n"
    "      card = v, seat = v, params = v, ['until'] = v, min = v, max = v, prompt = v, tag = v })\n"
    "  end\n"
    "end\n"
    "error(string.format('sweep done: %d calls, %d unnamed options errors, %d offenders: %s',\n"
    "  calls, opts, #bad, table.concat(bad, ' | ')))\n";

/* Sweeps the API functions whose index in vm_api_names is in [from, to) (two tests, so
 * each stays well inside the runner's 20 s guard under valgrind). */
static void sweep(int from, int to)
{
    Worker *wk = t_worker(HP);
    Game *g = sb_game(wk, 1);
    if (!g) return;
    int calls = 0, nfn = 0, idx = 0;
    Buf unnamed = {0};
    double t0 = sb_now();
    for (const char *const *n = vm_api_names(wk->vm); n && *n; n++, idx++) {
        if (idx < from || idx >= to) continue;
        if (g->s.h.over || g->fatal[0]) break;
        const char *dot = strchr(*n, '.');
        Buf b = {0};
        /* called by field name so that Lua's own argument errors name the function;
         * game.win ends the game when given a valid role, so it gets no strings, and
         * game.draw only what it refuses */
        buf_printf(&b, "local NAME, SHORT, WIN = '%s', '%s', %s\n"
                       "local function F(...) return %s(...) end\n%s",
                   *n, dot ? dot + 1 : *n,
                   strcmp(*n, "game.win") == 0 ? "true" : strcmp(*n, "game.draw") == 0 ? "'draw'" : "false", *n,
                   sweep_src);
        char *before = sb_dump(g);
        int errs = t_run(g, b.s);
        char *after = sb_dump(g);
        CHECK_MSG(errs == 1, "%s: %d errors", *n, errs);
        CHECK_MSG(strstr(g->last_error.msg, "sweep done: "), "%s: %.300s", *n, g->last_error.msg);
        CHECK_MSG(strstr(g->last_error.msg, " 0 offenders"), "%s: %.400s", *n, g->last_error.msg);
        if (!strstr(g->last_error.msg, " 0 unnamed options errors")) buf_printf(&unnamed, " %s", *n);
        CHECK_MSG(before && after && strcmp(before, after) == 0, "%s changed the state", *n);
        const char *p = strstr(g->last_error.msg, "sweep done: ");
        if (p) calls += atoi(p + 12);
        nfn++;
        free(before);
        free(after);
        buf_free(&b);
    }
    double dt = sb_now() - t0;
    CHECK_MSG(nfn > 30 && calls > 10000, "only %d functions, %d calls", nfn, calls);
    CHECK_MSG(dt < 10.0 * sb_slow(), "took %.2f s", dt);
    /* an options argument of the wrong type is reported with the function's name and the
     * argument number (lib_opt uses luaL_typeerror) */
    CHECK_MSG(unnamed.len == 0, "an options error does not name the function:%s", unnamed.s ? unnamed.s : "");
    buf_free(&unnamed);
    ALIVE(g);
    game_free(g);
}

static int api_count(void)
{
    Worker *wk = t_worker(HP);
    int n = 0;
    for (const char *const *p = wk ? vm_api_names(wk->vm) : NULL; p && *p; p++) n++;
    return n;
}

TEST(sandbox_42_every_api_function_with_hostile_arguments_1)
{
    sweep(0, api_count() / 2);
}

TEST(sandbox_42_every_api_function_with_hostile_arguments_2)
{
    sweep(api_count() / 2, api_count());
}

TEST(sandbox_43_mutations_before_an_error_are_all_undone)
{
    Game *g = sb_game(t_worker(HP), 1);
    static const char three[] = PRE "game.set('score', 100) card.move(C('victim'), zone.get('discard'))\n"
                                    "seat.set(2, 'will', 9) effect.on('set', 'spin', { card = C('bomb') })\n";
    char src[600];
    snprintf(src, sizeof src, "%s error('x')", three);
    UNDONE(g, src, "x");
    snprintf(src, sizeof src, "%s while true do end", three);
    UNDONE(g, src, BUDGET);
    snprintf(src, sizeof src, "%s local s = string.rep('m', 2^40)", three);
    UNDONE(g, src, "over the");
    UNDONE(g, PRE "card.call(C('bomb'), 'mutate_then', { how = 'error' })", "x");
    UNDONE(g, PRE "card.call(C('bomb'), 'mutate_then', { how = 'budget' })", BUDGET);
    game_free(g);
}

TEST(sandbox_44_stale_and_foreign_handles_are_refused)
{
    Worker *wk = t_worker(HP);
    Game *g = sb_game(wk, 1);
    if (!g) return;
    /* a handle kept (as a number) after its card left play */
    CHECK_INT(t_run(g, PRE "local v = C('victim') game.set('h', v) card.move(v, zone.get('discard'))"), 0);
    UNDONE(g, "return card.id(game.get('h'))", "invalid card handle");
    UNDONE(g, "card.set(game.get('h'), 'hp', 1)", "invalid card handle");
    /* a handle of a game that ended, used in another game on the same worker: it means a
     * card of the running game or nothing; the other game is never touched */
    Game *g2 = sb_game(wk, 2);
    if (g2) {
        CHECK_INT(t_run(g2, "for i = 1, 40 do card.new('victim', zone.get('table')) end\n"
                            "game.set('h', zone.at(zone.get('table'), -1)) game.win(1, 'over')"),
                  0);
        CHECK(g2->s.h.over);
        int64_t h = sb_get(g2, "h", 0);
        char src[200];
        snprintf(src, sizeof src, "return card.id(%lld)", (long long)h);
        UNDONE(g, src, "invalid card handle");
    }
    /* a coroutine suspended in a game that is then freed is dropped, not resumed */
    Game *g3 = sb_game(wk, 3);
    if (g3) {
        CHECK_INT(t_run(g3, PRE "game.schedule('ask_plain', { card = C('bomb') })"), 0);
        CHECK(g3->in_action && game_decision(g3).kind == DEC_CHOOSE);
        game_free(g3);
    }
    game_free(g2);
    ALIVE(g);
    game_free(g);
}

TEST(sandbox_45_log_output_is_capped_per_action)
{
    Game *g = sb_game(t_worker(HP), 1);
    if (!g) return;
    uint32_t t0 = g->text.len;
    CHECK_INT(t_run(g, "for i = 1, 1000 do print(string.rep('x', 1000)) end"), 0);
    CHECK_MSG(g->text.len - t0 <= (64u << 10) + 1000, "print logged %u bytes", g->text.len - t0);
    CHECK(g->text.len - t0 >= (60u << 10));
    t0 = g->text.len;
    CHECK_INT(t_run(g, "for i = 1, 10 do print(string.rep('x', 1e6)) end"), 0);
    CHECK(g->text.len - t0 <= (64u << 10));
    t0 = g->text.len;
    CHECK_INT(t_run(g, "for i = 1, 1000 do game.log(string.rep('y', 1000)) end"), 0);
    CHECK_MSG(g->text.len - t0 <= (64u << 10) + 1000, "game.log logged %u bytes", g->text.len - t0);
    UNDONE(g, "warn('@on')", "global 'warn'");
    game_free(g);
}
