/* fuzz_targets.c — fuzz targets (libFuzzer's LLVMFuzzerTestOneInput; `make fuzz` builds
 * them with clang, `make test` replays the corpus in tests/fuzz/corpus through
 * replay.c). FUZZ_TARGET selects the target at build time:
 *   chunk — the input is Lua run as an action in a warm game of the benchmark pack:
 *           any sequence of API calls with any arguments must give a clean error or a
 *           result, never a crash, the game must go on, and what every script sees
 *           (the shared globals) must be as it was;
 *   load  — the input is a card script file: loading it must succeed or fail with an
 *           error naming the file, never crash;
 *   save  — the input is a saved game (the log JSON) of the benchmark pack or of Not
 *           Alone: loading it must give the game or an error that says what is wrong,
 *           never crash; a game that loads saves to a log that loads to the same state,
 *           and goes on;
 *   pack  — the input is a pack: its bytes, split at NUL bytes, are pack.json, then
 *           cards.json, setup.json and x.lua (a missing part gets a default: the card
 *           file and rules of artemia-lite, "{}", a script returning a table), written to
 *           a folder two levels below the repository root (so a real manifest's
 *           "../../cards/<game>" scripts folder resolves) and opened as `tabula play`
 *           opens a pack (worker_open). It must open — then a short game of it runs or
 *           fails with a message — or fail with a message naming a file; never crash,
 *           leak or hang. The folder is removed after every input. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static Worker wk;
static bool ready;

__attribute__((unused)) static void setup_once(void)
{
    if (ready) return;
    Err e;
    if (!worker_open(&wk, "games/artemia-lite", NULL, 0, &e)) {
        fprintf(stderr, "fuzz: cannot open artemia-lite: %s (run from the repository root)\n", e.msg);
        exit(1);
    }
    ready = true;
}

/* Writes n bytes to dir/name; false when it cannot. */
__attribute__((unused)) static bool put_file(const char *dir, const char *name, const char *data, size_t n)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fwrite(data, 1, n, f) == n;
    return fclose(f) == 0 && ok;
}

/* Removes dir/<each of files>, then dir (the temporary packs of the targets). */
__attribute__((unused)) static void remove_files(const char *dir, const char *const *files, size_t n)
{
    char path[256];
    for (size_t i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        remove(path);
    }
    rmdir(dir);
}

#ifndef FUZZ_TARGET_SAVE
#define FUZZ_TARGET_SAVE 0
#endif

#ifndef FUZZ_TARGET_PACK
#define FUZZ_TARGET_PACK 0
#endif

#if FUZZ_TARGET_PACK
/* the files a pack of the fuzzer may have; every one is removed after each input */
static const char *const pack_files[] = {"pack.json", "cards.json", "setup.json", "x.lua", "rules.lua"};
enum { PACK_PARTS = 4 };

static char *slurp(const char *path)
{
    Err e;
    size_t n;
    char *t = file_read(path, &n, &e);
    if (!t) {
        fprintf(stderr, "fuzz: cannot read %s: %s (run from the repository root)\n", path, e.msg);
        exit(1);
    }
    return t;
}

static void remove_pack(const char *dir)
{
    remove_files(dir, pack_files, sizeof pack_files / sizeof pack_files[0]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char *al_cards, *al_rules;
    if (!al_cards) {
        al_cards = slurp("games/artemia-lite/cards.json");
        al_rules = slurp("games/artemia-lite/rules.lua");
    }
    char dir[64];
    snprintf(dir, sizeof dir, "build/fuzz-pack-%d", (int)getpid());
    remove_pack(dir); /* what an earlier run that crashed left */
    if (mkdir(dir, 0700) != 0) {
        perror("fuzz: mkdir");
        abort();
    }
    /* pack.json \0 cards.json \0 setup.json \0 x.lua */
    const char *defaults[PACK_PARTS] = {"{}", al_cards, "{}", "return {}\n"};
    const char *part = (const char *)data, *end = part + size;
    bool ok = true;
    for (int k = 0; k < PACK_PARTS; k++) {
        const char *nul = part ? memchr(part, 0, (size_t)(end - part)) : NULL;
        if (part) ok &= put_file(dir, pack_files[k], part, (size_t)((nul ? nul : end) - part));
        else ok &= put_file(dir, pack_files[k], defaults[k], strlen(defaults[k]));
        part = nul ? nul + 1 : NULL;
    }
    ok &= put_file(dir, "rules.lua", al_rules, strlen(al_rules));
    if (!ok) {
        fprintf(stderr, "fuzz: cannot write the pack in %s\n", dir);
        abort();
    }
    Worker pw;
    Err e;
    err_clear(&e);
    if (!worker_open(&pw, dir, NULL, 0, &e)) {
        /* a refused pack says what and where: a file of it (or of a pack it needs) */
        if (!e.msg[0] || (!e.file[0] && !strstr(e.msg, ".json") && !strstr(e.msg, ".lua") &&
                          !strstr(e.msg, dir))) {
            fprintf(stderr, "a pack refused without a message naming a file: '%s' (file '%s')\n",
                    e.msg, e.file);
            abort();
        }
        if (getenv("FUZZ_PACK_VERBOSE")) fprintf(stderr, "refused: %s: %s\n", e.file, e.msg);
        remove_pack(dir);
        return 0;
    }
    /* a pack that opens plays a short game, or refuses to start with a message (short
     * also when nobody is asked anything: rules that fail each turn end at turn 20) */
    pw.w->max_turns = 20;
    const Pack *top = &pw.w->packs[0];
    Game *g = game_new(pw.w, 1, top->min_players, NULL, &e);
    if (!g) {
        if (getenv("FUZZ_PACK_VERBOSE")) fprintf(stderr, "no game: %s\n", e.msg);
        if (!e.msg[0]) {
            fprintf(stderr, "a game that does not start, without a message\n");
            abort();
        }
    } else {
        Bot b = {7};
        int r = play_random(g, &b, 60);
        if (getenv("FUZZ_PACK_VERBOSE"))
            fprintf(stderr, "played: %d packs, %s after %d turns, %d script errors%s%s\n",
                    pw.w->npacks, r == ADV_OVER ? "over" : "stopped", g->s.h.turn, g->nerrors,
                    g->nerrors ? ": " : "", g->nerrors ? g->last_error.msg : "");
        if (g->nerrors && !g->last_error.msg[0]) {
            fprintf(stderr, "a script error without a message\n");
            abort();
        }
        game_free(g);
    }
    worker_close(&pw);
    remove_pack(dir);
    return 0;
}
#elif FUZZ_TARGET_SAVE
#include "save.h"

static Worker na;

/* Sets the hash of each pack the log names to the loaded pack's of that id; true when
 * one changed. */
static bool refresh_hashes(const World *w, json_t *log)
{
    bool changed = false;
    size_t i;
    json_t *p;
    json_array_foreach(json_object_get(log, "packs"), i, p) {
        const char *id = json_string_value(json_object_get(p, "id"));
        const char *old = json_string_value(json_object_get(p, "hash"));
        for (int k = 0; id && old && k < w->npacks; k++)
            if (strcmp(id, w->packs[k].id) == 0) {
                char h[24];
                snprintf(h, sizeof h, "%016" PRIx64, w->packs[k].hash);
                if (strcmp(h, old) != 0) {
                    json_object_set_new(p, "hash", json_string(h));
                    changed = true;
                }
            }
    }
    return changed;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    setup_once();
    static bool na_ready;
    if (!na_ready) {
        Err e;
        if (!worker_open(&na, "games/notalone", NULL, 0, &e)) {
            fprintf(stderr, "fuzz: cannot open notalone: %s\n", e.msg);
            exit(1);
        }
        na_ready = true;
    }
    json_error_t je;
    json_t *log = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, &je);
    if (!log) return 0;
    const char *id = json_string_value(json_object_get(json_array_get(json_object_get(log, "packs"), 0), "id"));
    World *w = id && strcmp(id, "notalone") == 0 ? na.w : wk.w;
    Err e;
    err_clear(&e);
    Game *g = save_replay(w, log, -1, &e);
    if (!g && e.msg[0] && refresh_hashes(w, log)) {
        /* the corpus outlives the packs' content: past the header check, the same log
         * with today's hashes reaches the replay */
        err_clear(&e);
        g = save_replay(w, log, -1, &e);
    }
    json_decref(log);
    if (!g) {
        if (getenv("FUZZ_PACK_VERBOSE")) fprintf(stderr, "no game: %s\n", e.msg);
        if (!e.msg[0]) {
            fprintf(stderr, "a log that does not load, without a message\n");
            abort();
        }
        return 0;
    }
    /* what loaded saves and loads again to the same state */
    json_t *again = save_json(g);
    Game *g2 = again ? save_replay(w, again, -1, &e) : NULL;
    if (!g2 || game_hash(g2) != game_hash(g)) {
        fprintf(stderr, "a loaded game does not load again the same: %s\n", g2 ? "other state" : e.msg);
        abort();
    }
    json_decref(again);
    game_free(g2);
    Bot b = {7};
    play_random(g, &b, 200);
    game_free(g);
    return 0;
}
#elif FUZZ_TARGET_LOAD
static char dir[64];

/* the temporary pack goes when the process ends */
static void remove_dir(void)
{
    static const char *const files[] = {"pack.json", "cards.json", "rules.lua", "x.lua"};
    remove_files(dir, files, sizeof files / sizeof files[0]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    snprintf(dir, sizeof dir, "/tmp/tabula-fuzz-%d", (int)getpid());
    static bool made;
    if (!made) {
        if (mkdir(dir, 0700) != 0 && errno != EEXIST) return 0;
        static const char *const fixed[][2] = {
            {"pack.json", "{\"id\": \"fz\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", "
                          "\"cards\": [\"cards.json\"], \"scripts\": \".\"}"},
            {"cards.json", "{\"cards\": [{\"id\": \"x\", \"kind\": \"k\"}]}"},
            {"rules.lua", "return { turn = { \"main\" } }"}};
        for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
            if (!put_file(dir, fixed[i][0], fixed[i][1], strlen(fixed[i][1]))) return 0;
        made = true;
        atexit(remove_dir);
    }
    if (!put_file(dir, "x.lua", (const char *)data, size)) return 0;
    World *w = world_new();
    Err e;
    err_clear(&e);
    if (pack_load(w, dir, &e) >= 0) {
        VmLimits lim = vm_limits_default();
        lim.mem_cap = 16u << 20;
        lim.budget = 200000;
        Vm *vm = vm_new(w, &lim, &e);
        if (!vm && !strstr(e.file, "x.lua") && !strstr(e.msg, "x.lua") && e.file[0] == 0) {
            fprintf(stderr, "load error without a file: %s\n", e.msg);
            abort();
        }
        vm_free(vm);
    }
    world_free(w);
    return 0;
}
#else
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    setup_once();
    Err e;
    Game *g = game_new(wk.w, 1, 4, NULL, &e);
    if (!g) abort();
    game_advance(g);
    char *src = malloc(size + 1);
    memcpy(src, data, size);
    src[size] = 0;
    uint64_t before = state_hash(&g->s);
    int errs = g->nerrors;
    game_inject(g, src, &e);
    /* a chunk that failed must leave the state exactly as it was (when the chunk ran
     * fine, the effect it interrupted is replayed on the changed state and may fail in
     * turn: that error is the effect's, and the chunk's change rightly stays) */
    if (g->nerrors == errs + 1 && strncmp(g->last_error.msg, "chunk ", 6) == 0 &&
        state_hash(&g->s) != before && !g->in_action) {
        fprintf(stderr, "aborted chunk changed the state\n");
        abort();
    }
    /* the game goes on */
    Bot b = {7};
    play_random(g, &b, 200);
    free(src);
    /* and what every script of the worker sees is as it was: API modules, the standard
     * library, the string metatable, a helper's exports (a chunk that reached the shared
     * globals broke every later game) */
    err_clear(&e);
    if (!vm_check(wk.vm, g,
                  "return type(game) == 'table' and type(zone.get) == 'function' and\n"
                  "  ('a'):upper() == 'A' and string.rep('x', 2) == 'xx' and #PLACES == 10 and\n"
                  "  PLACES[1] == 'lair' and math.max(1, 2) == 2 and tostring(1) == '1'",
                  "=fuzz check", &e)) {
        fprintf(stderr, "a chunk changed what scripts see: %s\n", e.msg);
        abort();
    }
    game_free(g);
    return 0;
}
#endif
