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
 *           leak or hang. The folder is removed after every input;
 *   repl  — the input is what a player types at `tabula play notalone`: its first byte
 *           chooses players, seats, designer mode and seed (repl_setup), the rest is
 *           lines. They run twice: as the script of a real `tabula play` (cmd_play, its
 *           output to /dev/null), whose autosave must then load; and on a session built
 *           as play.c builds it, where each line is first completed (Tab) at every
 *           cursor position, a line that answered nothing must leave the game exactly as
 *           it was, and the game at the end must be the one its log replays to. A bad
 *           line gets a message; nothing may crash, leak, hang or exit. Files stay in a
 *           private folder: HOME, XDG_STATE_HOME and the current folder are in it,
 *           inputs with '/', '~' or ".." are refused (so `save x` and `load x` name a
 *           bare file there), and what a run wrote is removed after it. */
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

#ifndef FUZZ_TARGET_REPL
#define FUZZ_TARGET_REPL 0
#endif

#if FUZZ_TARGET_REPL
#include <dirent.h>
#include <fcntl.h>

#include "play.h"

/* The private folder of this process (in /dev/shm, else /tmp), made at the first input
 * and removed at exit (a crash leaves it, with what the input wrote): work/ is the
 * current folder while an input runs (`save x` writes work/x, and a name can be nothing
 * but a bare name there: inputs with '/', '~' or ".." are refused), home/ and state/ are
 * HOME and XDG_STATE_HOME (the autosave goes to state/tabula), script holds the lines
 * for `tabula play --script`. */
static char base[64], root[PATH_MAX - 64], game_path[PATH_MAX];

/* Removes everything inside dir (files and folders), leaving dir itself. */
static void empty_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *de;
    while ((de = readdir(d))) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0) continue;
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            empty_dir(path);
            rmdir(path);
        } else {
            unlink(path);
        }
    }
    closedir(d);
}

static void remove_base(void)
{
    empty_dir(base);
    rmdir(base);
}

static void sub_path(char *out, size_t n, const char *name) { snprintf(out, n, "%s/%s", base, name); }

static void setup_repl(void)
{
    if (base[0]) return;
    struct stat st;
    if (!getcwd(root, sizeof root) || stat("games/notalone/pack.json", &st) != 0) {
        fprintf(stderr, "fuzz: cannot find games/notalone (run from the repository root)\n");
        exit(1);
    }
    snprintf(game_path, sizeof game_path, "%s/games/notalone", root);
    /* in memory when it can be: every autosave is synced to disk (file_write_atomic) */
    const char *tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(base, sizeof base, "%s/tabula-fuzz-repl-%d", tmp, (int)getpid());
    remove_base(); /* what an earlier process of this pid left */
    char p[PATH_MAX];
    if (mkdir(base, 0700) != 0) {
        perror("fuzz: mkdir");
        exit(1);
    }
    atexit(remove_base);
    static const char *const dirs[] = {"work", "home", "state"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        sub_path(p, sizeof p, dirs[i]);
        if (mkdir(p, 0700) != 0) {
            perror("fuzz: mkdir");
            exit(1);
        }
    }
    sub_path(p, sizeof p, "home");
    setenv("HOME", p, 1);
    sub_path(p, sizeof p, "state");
    setenv("XDG_STATE_HOME", p, 1);
}

/* The session the first byte b chooses: 2 to 7 players (b % 6), who plays (b / 6 % 5:
 * seat 1, the Creature; seat 2, a Hunted; seats 1 and 2, hot-seat; every seat; no seat,
 * the bots play to the end), designer mode (b / 30 % 2), seed 1 to 5 (b / 60). */
typedef struct ReplSetup {
    char players[4], seed[4];
    const char *seats;
    bool designer;
} ReplSetup;

static ReplSetup repl_setup(uint8_t b)
{
    static const char *const seats[] = {"1", "2", "1,2", "all", "none"};
    ReplSetup rs;
    snprintf(rs.players, sizeof rs.players, "%d", 2 + b % 6);
    snprintf(rs.seed, sizeof rs.seed, "%d", 1 + b / 60);
    rs.seats = seats[b / 6 % 5];
    rs.designer = b / 30 % 2;
    return rs;
}

/* --- the first run: `tabula play` itself, the lines in a script file --- */

static void run_play(const ReplSetup *rs, const char *lines, size_t n, World *w)
{
    char script[PATH_MAX];
    sub_path(script, sizeof script, "script");
    if (!put_file(base, "script", lines, n)) {
        fprintf(stderr, "fuzz: cannot write %s\n", script);
        abort();
    }
    char *argv[] = {"play", game_path, "--players", (char *)rs->players, "--seed", (char *)rs->seed, "--seat",
                    (char *)rs->seats, "--script", script, rs->designer ? "--designer" : NULL, NULL};
    int argc = rs->designer ? 11 : 10;
    int rc = cmd_play(argc, argv);
    if (rc != 0) {
        fprintf(stderr, "tabula play ended with status %d\n", rc);
        abort();
    }
    unlink(script);
    /* what it saved last loads: the game a player leaves is never lost */
    char saved[PATH_MAX];
    sub_path(saved, sizeof saved, "state/tabula/last-game.json");
    if (access(saved, F_OK) == 0) {
        Err e;
        err_clear(&e);
        Game *g = save_load(w, saved, &e);
        if (!g) {
            fprintf(stderr, "the autosave does not load: %s\n", e.msg);
            abort();
        }
        game_free(g);
    }
}

/* --- the second run: the session built as play.c builds it, each line completed at
 * every cursor position (Tab) before it is typed, and checked --- */

/* The bots' and autopass's answers until a human seat decides: play.c's advance(),
 * with its seeds. */
static void advance_like_play(Session *ss)
{
    for (;;) {
        Game *g = ss->g;
        if (game_advance(g) != ADV_DECISION) return;
        DecisionView d = game_decision(g);
        if (ss->human[d.seat] && !(play_pass_only(g) && ss->autopass)) return;
        int32_t ids[1024];
        int k = 1;
        if (ss->human[d.seat]) {
            ids[0] = d.opts[0].id;
        } else {
            Bot b = {.rng = (g->seed * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)g->nanswers * 0xd1b54a32d192ed03ULL) ^ 0x5eed};
            k = bot_random(&b, g, ids, 1024);
        }
        Err e;
        err_clear(&e);
        if (!play_answer(ss, ids, k, &e)) return; /* a stuck bot: the prompt says so */
    }
}

/* What play.c's loop does between two lines, the drawing aside. */
static void between_lines(Session *ss)
{
    if (ss->dirty) {
        advance_like_play(ss);
        play_autosave(ss);
        ss->dirty = false;
        ss->drawn = false;
    }
    if (ss->drawn) return;
    DecisionView d = game_decision(ss->g);
    if (d.seat >= 0 && !ss->human[d.seat]) {
        ss->viewer = ss->nhuman == 1 ? ss->viewer : -1;
    } else if (d.seat >= 0) {
        ss->viewer = ss->last_prompted = d.seat;
    } else if (ss->nhuman != 1) {
        ss->viewer = ss->last_prompted = -1;
    } else {
        for (int s = 0; s < ss->g->s.h.nseats; s++)
            if (ss->human[s]) ss->viewer = s;
    }
    ss->drawn = true;
}

static Session *session_open(const ReplSetup *rs)
{
    Session *ss = calloc(1, sizeof *ss);
    if (!ss) abort();
    ss->viewer = ss->last_prompted = ss->resume_autopass = -1;
    snprintf(ss->game, sizeof ss->game, "%s", game_path);
    Err e;
    err_clear(&e);
    /* a designer's session has its own worker (`lua` names stay in it, `reload` replaces
     * it); the others share one, as the games of `tabula sim` do */
    static Worker shared;
    if (!rs->designer && !shared.w && !worker_open(&shared, ss->game, NULL, 0, &e)) {
        fprintf(stderr, "fuzz: cannot open notalone: %s\n", e.msg);
        abort();
    }
    if (!rs->designer) ss->wk = shared;
    if ((rs->designer && !worker_open(&ss->wk, ss->game, NULL, 0, &e)) ||
        !(ss->g = game_new(ss->wk.w, strtoull(rs->seed, NULL, 10), atoi(rs->players), NULL, &e))) {
        fprintf(stderr, "fuzz: cannot start notalone: %s\n", e.msg);
        abort();
    }
    for (int s = 0; s < ss->g->s.h.nseats; s++) {
        ss->human[s] = strcmp(rs->seats, "all") == 0 || strchr(rs->seats, '1' + s); /* seats 1 to 7 */
        ss->nhuman += ss->human[s];
    }
    ss->designer = rs->designer;
    ss->autopass = ss->nhuman <= 1 || ss->designer;
    ss->width = 80;
    snprintf(ss->state_dir, sizeof ss->state_dir, "%s/state/tabula", base);
    snprintf(ss->save_path, sizeof ss->save_path, "%s/last-game.json", ss->state_dir);
    snprintf(ss->session_path, sizeof ss->session_path, "%s/last-session.json", ss->state_dir);
    snprintf(ss->hist_path, sizeof ss->hist_path, "%s/history", ss->state_dir);
    ss->dseat_ok = true;
    ss->dirty = true;
    return ss;
}

static void session_close(Session *ss)
{
    game_free(ss->g);
    if (ss->designer) worker_close(&ss->wk);
    for (int s = 0; s <= MAX_SEATS; s++) free(ss->last_view[s]);
    vec_free(&ss->redo);
    vec_free(&ss->dseat);
    free(ss);
}

/* Tab at every cursor position of the line: the candidates replace text before the
 * cursor, and each is a string. */
static void complete_everywhere(Session *ss, const char *line)
{
    size_t len = strlen(line);
    for (size_t cur = 0; cur <= len; cur++) {
        char *typed = strndup(line, cur);
        size_t start = 0;
        char **cand = cmd_complete(ss, typed, cur, &start);
        if (start > cur) {
            fprintf(stderr, "completion of '%s' replaces from %zu, past the cursor\n", typed, start);
            abort();
        }
        for (size_t i = 0; cand && cand[i]; i++) free(cand[i]);
        free(cand);
        free(typed);
    }
}

static void run_session(Session *ss, const char *lines, size_t n)
{
    char *buf = malloc(n + 1);
    if (!buf) abort();
    for (const char *p = lines, *end = lines + n; p < end && !ss->quit;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t l = (size_t)((nl ? nl : end) - p);
        memcpy(buf, p, l);
        buf[l] = 0;
        p += l + 1;
        while (l > 0 && buf[l - 1] == '\r') buf[--l] = 0; /* as term_read */
        between_lines(ss);
        complete_everywhere(ss, buf);
        /* a line that answered nothing leaves the game as it was (a failed `run` puts
         * back an exact copy: the same game, another object) */
        uint32_t answers = ss->g->nanswers;
        uint64_t h = game_hash(ss->g);
        cmd_line(ss, buf);
        if (!ss->dirty && (ss->g->nanswers != answers || game_hash(ss->g) != h)) {
            fprintf(stderr, "the line '%s' changed the game without an answer\n", buf);
            abort();
        }
    }
    between_lines(ss);
    /* the game is the one its log makes */
    Err e;
    err_clear(&e);
    json_t *log = save_json(ss->g);
    Game *again = log ? save_replay(ss->wk.w, log, -1, &e) : NULL;
    if (!again || game_hash(again) != game_hash(ss->g)) {
        fprintf(stderr, "the game does not replay from its log: %s\n", again ? "other state" : e.msg);
        abort();
    }
    game_free(again);
    json_decref(log);
    free(buf);
    session_close(ss);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const char *lines = (const char *)data + 1;
    size_t n = size - 1;
    for (size_t i = 0; i < n; i++)
        if (lines[i] == '/' || lines[i] == '~' || (lines[i] == '.' && i + 1 < n && lines[i + 1] == '.')) return 0;
    setup_repl();
    ReplSetup rs = repl_setup(data[0]);
    char work[PATH_MAX], state[PATH_MAX], home[PATH_MAX];
    sub_path(work, sizeof work, "work");
    sub_path(state, sizeof state, "state");
    sub_path(home, sizeof home, "home");
    if (chdir(work) != 0) {
        perror("fuzz: chdir");
        abort();
    }
    /* what `play` prints goes to /dev/null (FUZZ_REPL_VERBOSE: to stdout) */
    bool quiet = !getenv("FUZZ_REPL_VERBOSE");
    int out = -1;
    if (quiet) {
        fflush(stdout);
        out = dup(STDOUT_FILENO);
        int null = open("/dev/null", O_WRONLY);
        if (out < 0 || null < 0 || dup2(null, STDOUT_FILENO) < 0) abort();
        close(null);
    }
    Session *ss = session_open(&rs);
    run_play(&rs, lines, n, ss->wk.w);
    empty_dir(work);
    empty_dir(state);
    empty_dir(home);
    run_session(ss, lines, n);
    empty_dir(work);
    empty_dir(state);
    empty_dir(home);
    if (quiet) {
        fflush(stdout);
        dup2(out, STDOUT_FILENO);
        close(out);
    }
    if (chdir(root) != 0) abort();
    return 0;
}
#elif FUZZ_TARGET_PACK
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
    Err e;
    err_clear(&e);
    /* as `tabula lint` reads it: a pack with mistakes in its card and data files still
     * loads (keep_going) and its scripts are compiled against what loaded */
    World *lw = world_new();
    if (lw) {
        lw->keep_going = true;
        if (pack_load(lw, dir, &e) >= 0) {
            json_t *errs = json_array();
            Vm *lvm = vm_lint(lw, errs, errs, &e);
            if (lw->flawed && !lw->load_errors.n) {
                fprintf(stderr, "a pack loaded as flawed without a listed mistake\n");
                abort();
            }
            vm_free(lvm);
            json_decref(errs);
        }
        world_free(lw);
        err_clear(&e);
    }
    Worker pw;
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
        Bot b = {.rng = 7};
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
    const char *id = save_game_id(log);
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
        /* what each holds, to tell where they part (a failure seen once, not again) */
        char *t1 = again ? json_dumps(again, JSON_COMPACT) : NULL;
        fprintf(stderr, "its log: %s\nloaded: %d errors (%s), turn %d, %u answers\n", t1 ? t1 : "?", g->nerrors,
                g->nerrors ? g->last_error.msg : "", g->s.h.turn, g->nanswers);
        free(t1);
        if (g2) {
            json_t *j2 = save_json(g2);
            char *t2 = j2 ? json_dumps(j2, JSON_COMPACT) : NULL;
            fprintf(stderr, "again: %d errors (%s), turn %d, %u answers\nits log: %s\n", g2->nerrors,
                    g2->nerrors ? g2->last_error.msg : "", g2->s.h.turn, g2->nanswers, t2 ? t2 : "?");
            free(t2);
            json_decref(j2);
        }
        abort();
    }
    json_decref(again);
    game_free(g2);
    Bot b = {.rng = 7};
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
    /* a world drawn for a seat (the lookahead bot's, host/determinize.c) shows that seat
     * what the game shows it, whatever the chunk made of zones, faces, tokens, boards and
     * supplies */
    for (int seat = 0; seat < g->s.h.nseats; seat++) {
        Game *c = game_clone(g);
        if (!c) break;
        if (game_determinize(c, seat, 99 + (uint64_t)seat)) {
            json_t *x = view_json(g, seat), *y = view_json(c, seat);
            if (x && y && !json_equal(x, y)) {
                fprintf(stderr, "a world drawn for seat %d changed its view\n", seat + 1);
                abort();
            }
            json_decref(x);
            json_decref(y);
        }
        game_free(c);
    }
    /* the game goes on */
    Bot b = {.rng = 7};
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
                  "=fuzz check", NULL, &e)) {
        fprintf(stderr, "a chunk changed what scripts see: %s\n", e.msg);
        abort();
    }
    game_free(g);
    return 0;
}
#endif
