/* bench_cmd.c — `tabula bench` (what `make bench` runs): speed figures measured side by
 * side in one run, printed and written as JSON. Absolute times on shared machines are
 * noisy; the ratios are the figures to read. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "artemia_c.h"
#include "cli.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Plays n engine games of `game` with `players`, the bots of plan (NULL: random);
 * returns games per second. */
static double bots_rate(Worker *wk, int players, int n, uint64_t seed, const BotPlan *plan, long *errors)
{
    double t0 = now();
    for (int i = 0; i < n; i++) {
        Err e;
        Game *g = game_new(wk->w, seed + (uint64_t)i, players, NULL, &e);
        if (!g) {
            (*errors)++;
            continue;
        }
        Bot b = {.rng = seed + (uint64_t)i, .vm = wk->vm, .plan = plan};
        if (play_random(g, &b, 1000000) != ADV_OVER || g->nerrors) (*errors)++;
        game_free(g);
    }
    return n / (now() - t0);
}

static double engine_rate(Worker *wk, int players, int n, uint64_t seed, long *errors)
{
    return bots_rate(wk, players, n, seed, NULL, errors);
}

static double plain_rate(int hunted, int n, uint64_t seed)
{
    double t0 = now();
    volatile int sink = 0;
    for (int i = 0; i < n; i++) sink += artemia_c_play(seed + (uint64_t)i, hunted).turns;
    (void)sink;
    return n / (now() - t0);
}

typedef struct JobArg {
    const char *game;
    int players, n, first, step;
    long errors;
} JobArg;

static void *job(void *p)
{
    JobArg *a = p;
    Worker wk;
    Err e;
    if (!worker_open(&wk, a->game, NULL, 0, &e)) return NULL;
    for (int i = a->first; i < a->n; i += a->step) {
        Game *g = game_new(wk.w, (uint64_t)i + 1, a->players, NULL, &e);
        if (!g) continue;
        Bot b = {.rng = (uint64_t)i};
        play_random(g, &b, 1000000);
        game_free(g);
    }
    worker_close(&wk);
    return NULL;
}

static double jobs_rate(const char *game, int players, int n, int jobs)
{
    pthread_t th[8];
    JobArg args[8];
    double t0 = now();
    for (int k = 0; k < jobs; k++) {
        args[k] = (JobArg){game, players, n, k, jobs, 0};
        pthread_create(&th[k], NULL, job, &args[k]);
    }
    for (int k = 0; k < jobs; k++) pthread_join(th[k], NULL);
    return n / (now() - t0);
}

/* A game advanced by `decisions` random answers. */
static Game *midgame(Worker *wk, int players, int decisions)
{
    Err e;
    Game *g = game_new(wk->w, 42, players, NULL, &e);
    if (!g) return NULL;
    Bot b = {.rng = 42};
    int32_t ids[64];
    for (int i = 0; i < decisions && game_advance(g) == ADV_DECISION; i++) {
        int k = bot_random(&b, g, ids, 64);
        game_answer(g, ids, k, &e);
    }
    game_advance(g);
    return g;
}

static const char *const bench_help =
    "usage: tabula bench [--json FILE] [--quick]\n"
    "\n"
    "Measures, side by side in one run: artemia-lite games/s in the engine and in\n"
    "plain C (bench/artemia_c.c) for 3 and 5 Hunted and their ratio; the cost of a\n"
    "new game on a warm worker, of a clone, a save and a load; bytes of host state\n"
    "per game; Not Alone with random bots at 3, 5, 7 and 4 players, its new game and\n"
    "setup, the frame of its turns with no rules at work (bench/notalone-floor) beside\n"
    "the game, its own bot's cost, a lookahead answer mid-game (200 games played\n"
    "forward), a 7-player clone and the largest 7-player state (when games/notalone\n"
    "is there); --jobs 2 over --jobs 1 (the median of 3 pairs). Writes JSON (default\n"
    "bench/last.json; a FILE that cannot be written is refused before measuring).\n"
    "--quick: a tenth of the work.\n";

int cmd_bench(int argc, char **argv)
{
    const char *json_path = "bench/last.json";
    int scale = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(bench_help, stdout);
            return 0;
        } else if (strcmp(argv[i], "--json") == 0 && i + 1 < argc) {
            json_path = argv[++i];
        } else if (strcmp(argv[i], "--quick") == 0) {
            scale = 10;
        } else {
            fprintf(stderr, "tabula bench: unknown or incomplete argument '%s'\n%s", argv[i], bench_help);
            return 2;
        }
    }
    Err we;
    if (!file_check_writable(json_path, &we)) {
        fprintf(stderr, "tabula bench: --json %s: %s\n", json_path, we.msg);
        return 2;
    }
    Worker wk;
    Err e;
    err_clear(&e);
    if (!worker_open(&wk, "artemia-lite", NULL, 0, &e)) {
        fprintf(stderr, "tabula bench: %s\n", e.msg);
        return 1;
    }
    json_t *out = json_object();
    printf("artemia-lite, random bot answering every decision (one core):\n");
    printf("  %-4s %14s %14s %10s\n", "H", "engine g/s", "plain C g/s", "ratio");
    for (int h = 3; h <= 5; h += 2) {
        long errors = 0;
        int n_engine = 20000 / scale, n_plain = 400000 / scale;
        double er = engine_rate(&wk, h + 1, n_engine, 1, &errors);
        double pr = plain_rate(h, n_plain, 1);
        printf("  %-4d %14.0f %14.0f %9.1fx%s\n", h, er, pr, pr / er, errors ? "  (errors!)" : "");
        char key[32];
        snprintf(key, sizeof key, "artemia_h%d", h);
        json_object_set_new(out, key, json_pack("{s:f, s:f, s:f, s:i}", "engine_games_per_s", er,
                                                "plain_c_games_per_s", pr, "ratio", pr / er, "errors", (int)errors));
    }
    /* new game on a warm worker */
    int reps = 20000 / scale;
    double t0 = now();
    for (int i = 0; i < reps; i++) {
        Game *g = game_new(wk.w, (uint64_t)i, 4, NULL, &e);
        game_free(g);
    }
    double new_us = (now() - t0) / reps * 1e6;
    t0 = now();
    for (int i = 0; i < reps; i++) {
        Game *g = game_new(wk.w, (uint64_t)i, 4, NULL, &e);
        game_advance(g); /* the rules' setup runs: zones, cards, counters */
        game_free(g);
    }
    double setup_us = (now() - t0) / reps * 1e6;
    Game *mid = midgame(&wk, 4, 40);
    t0 = now();
    for (int i = 0; i < reps; i++) game_free(game_clone(mid));
    double clone_us = (now() - t0) / reps * 1e6;
    int sreps = 2000 / scale;
    t0 = now();
    size_t save_bytes = 0;
    for (int i = 0; i < sreps; i++) {
        json_t *log = save_json(mid);
        char *t = json_dumps(log, JSON_COMPACT);
        save_bytes = strlen(t);
        free(t);
        json_decref(log);
    }
    double save_us = (now() - t0) / sreps * 1e6;
    json_t *log = save_json(mid);
    t0 = now();
    for (int i = 0; i < sreps; i++) game_free(save_replay(wk.w, log, -1, &e));
    double load_us = (now() - t0) / sreps * 1e6;
    json_decref(log);
    size_t state_b = state_bytes(&mid->s);
    game_free(mid);
    printf("\nwarm worker (4 players, mid-game = 40 decisions in):\n");
    printf("  new game (create + free)          %8.1f us   target <= 50 us\n", new_us);
    printf("  new game + setup to 1st decision   %8.1f us\n", setup_us);
    printf("  clone of a mid-game state         %8.2f us   target <= 10 us\n", clone_us);
    printf("  save (log to JSON text, %zu B)   %8.1f us\n", save_bytes, save_us);
    printf("  load (replay the log)             %8.1f us\n", load_us);
    printf("  host state per game               %8zu bytes\n", state_b);
    json_object_set_new(out, "new_game_us", json_real(new_us));
    json_object_set_new(out, "new_game_setup_us", json_real(setup_us));
    json_object_set_new(out, "clone_us", json_real(clone_us));
    json_object_set_new(out, "save_us", json_real(save_us));
    json_object_set_new(out, "load_us", json_real(load_us));
    json_object_set_new(out, "state_bytes", json_integer((json_int_t)state_b));
    worker_close(&wk);
    /* Not Alone, when its pack is present */
    Worker na;
    err_clear(&e);
    if (worker_open(&na, "notalone", NULL, 0, &e)) {
        printf("\nnotalone, random bots (one core):\n");
        json_t *nj = json_object();
        for (int p = 3; p <= 7; p += 2) {
            long errors = 0;
            double r = engine_rate(&na, p, 2000 / scale, 1, &errors);
            printf("  %d players %10.0f games/s%s\n", p, r, errors ? "  (errors!)" : "");
            char key[16];
            snprintf(key, sizeof key, "p%d", p);
            json_object_set_new(nj, key, json_real(r));
        }
        long errors = 0;
        double r4 = engine_rate(&na, 4, 2000 / scale, 7, &errors);
        printf("  4 players %10.0f games/s   target >= 5000\n", r4);
        json_object_set_new(nj, "p4", json_real(r4));
        /* what a game costs before its first turn, and the frame of its turns alone
         * (bench/notalone-floor: the same windows asking every seat, a place laid by
         * each Hunted, none of the rules at work, 10 turns): the part of the 4-player
         * figure no rewrite of the rules could save. Measured beside the game. */
        t0 = now();
        for (int i = 0; i < reps; i++) {
            Game *g = game_new(na.w, (uint64_t)i, 4, NULL, &e);
            if (!g) break;
            game_advance(g);
            game_free(g);
        }
        double na_setup_us = (now() - t0) / reps * 1e6;
        printf("  4 players, new game + setup to 1st decision %8.1f us   (%.0f%% of a game at 5000 games/s)\n",
               na_setup_us, na_setup_us / 200.0 * 100.0);
        json_object_set_new(nj, "p4_setup_us", json_real(na_setup_us));
        Worker fl;
        Err fe;
        err_clear(&fe);
        const char *floor_pack[] = {"bench/notalone-floor"};
        if (worker_open(&fl, "notalone", floor_pack, 1, &fe)) {
            long ferr = 0;
            double rg = engine_rate(&na, 4, 2000 / scale, 7, &errors);
            double rfl = engine_rate(&fl, 4, 2000 / scale, 7, &ferr);
            printf("  4 players, the turns' frame alone (bench/notalone-floor, 10 turns) %8.0f games/s"
                   "   the game beside it %.0f: the frame is %.0f%% of a game%s\n",
                   rfl, rg, 100.0 * rg / rfl, ferr ? "  (errors!)" : "");
            json_object_set_new(nj, "p4_floor", json_real(rfl));
            json_object_set_new(nj, "p4_floor_share", json_real(rg / rfl));
            worker_close(&fl);
        } else {
            printf("  (the turns' frame not measured: %s)\n", fe.msg);
        }
        /* the same games with every instruction counted from the start (no uncounted
         * first run, vm/fast.c), measured beside the default */
        uint64_t u0, c0, u1, c1;
        vm_fast_stats(na.vm, &u0, &c0);
        double rf = engine_rate(&na, 4, 2000 / scale, 7, &errors);
        vm_fast_stats(na.vm, &u1, &c1);
        vm_count_all(na.vm, true);
        double rc = engine_rate(&na, 4, 2000 / scale, 7, &errors);
        vm_count_all(na.vm, false);
        printf("  4 players, every instruction counted %8.0f games/s   uncounted first: %.2fx as fast"
               " (%.2f%% of runs made again counted)\n",
               rc, rf / rc, u1 > u0 ? 100.0 * (double)(c1 - c0) / (double)(u1 - u0) : 0.0);
        json_object_set_new(nj, "p4_counted", json_real(rc));
        json_object_set_new(nj, "p4_uncounted_speedup", json_real(rf / rc));
        /* the game's own bot (bots.lua) at every seat, beside random bots: what a pack
         * bot costs (each of its questions makes the seat's view) */
        BotPlan plan;
        char perr[300];
        if (botplan_parse(&plan, na.vm, "basic", perr, sizeof perr)) {
            errors = 0;
            double rr = engine_rate(&na, 4, 1000 / scale, 11, &errors);
            double rb = bots_rate(&na, 4, 1000 / scale, 11, &plan, &errors);
            printf("  4 players, bot 'basic' at every seat %8.0f games/s   %.1fx the time of random bots%s\n", rb,
                   rr / rb, errors ? "  (errors!)" : "");
            json_object_set_new(nj, "p4_basic", json_real(rb));
            json_object_set_new(nj, "p4_basic_time_ratio", json_real(rr / rb));
        }
        /* the lookahead bot: an answer of 200 games played forward, at three questions
         * of a 4-player game (30, 60 and 90 questions in) */
        {
            double ms = 0;
            int asked = 0;
            for (int at = 30; at <= 90; at += 30) {
                Game *m4 = midgame(&na, 4, at);
                if (!m4) continue;
                if (game_decision(m4).seat >= 0) {
                    Bot lb = {.rng = (uint64_t)at, .vm = na.vm};
                    int32_t ids[1024];
                    vm_aside(na.vm, true);
                    t0 = now();
                    bot_lookahead(&lb, m4, LOOKAHEAD_PLAYOUTS, BOT_RANDOM, ids, 1024);
                    ms += (now() - t0) * 1e3;
                    vm_aside(na.vm, false);
                    asked++;
                }
                game_free(m4);
            }
            if (asked) {
                printf("  4 players, a lookahead answer mid-game %8.1f ms   (%d games played forward: %.0f a second)\n",
                       ms / asked, LOOKAHEAD_PLAYOUTS, LOOKAHEAD_PLAYOUTS * 1e3 / (ms / asked));
                json_object_set_new(nj, "p4_lookahead_ms", json_real(ms / asked));
            }
        }
        Game *m7 = midgame(&na, 7, 30);
        if (m7) {
            t0 = now();
            for (int i = 0; i < reps; i++) game_free(game_clone(m7));
            double c7 = (now() - t0) / reps * 1e6;
            size_t b7 = 0;
            /* the largest state over a few whole 7-player games */
            for (int gi = 0; gi < 20; gi++) {
                Game *g7 = game_new(na.w, (uint64_t)gi + 100, 7, NULL, &e);
                if (!g7) break;
                Bot b = {.rng = (uint64_t)gi};
                int32_t ids[64];
                while (game_advance(g7) == ADV_DECISION) {
                    int k = bot_random(&b, g7, ids, 64);
                    game_answer(g7, ids, k, &e);
                    if (state_bytes(&g7->s) > b7) b7 = state_bytes(&g7->s);
                }
                game_free(g7);
            }
            printf("  clone of a 7-player mid-game %8.2f us   target <= 10 us\n", c7);
            printf("  host state, 7 players (max)   %8zu bytes   target <= 65536\n", b7);
            json_object_set_new(nj, "clone7_us", json_real(c7));
            json_object_set_new(nj, "state7_bytes_max", json_integer((json_int_t)b7));
            game_free(m7);
        }
        json_object_set_new(out, "notalone", nj);
        worker_close(&na);
    }
    /* three pairs, one right after the other, and the pair of the median speed-up: a
     * shared machine's load comes and goes within seconds, and one pair alone read
     * anywhere from 1.3x to 2.0x */
    int jn = 4000 / scale;
    double pj1[3], pj2[3];
    int order[3] = {0, 1, 2};
    for (int k = 0; k < 3; k++) {
        pj1[k] = jobs_rate("artemia-lite", 4, jn, 1);
        pj2[k] = jobs_rate("artemia-lite", 4, jn, 2);
    }
    for (int a = 1; a < 3; a++) /* by speed-up */
        for (int b = a; b > 0 && pj2[order[b - 1]] / pj1[order[b - 1]] > pj2[order[b]] / pj1[order[b]]; b--) {
            int t = order[b];
            order[b] = order[b - 1];
            order[b - 1] = t;
        }
    double j1 = pj1[order[1]], j2 = pj2[order[1]];
    printf("\nparallel workers (artemia-lite, 4 players; the median of 3 pairs, %.2fx to %.2fx):\n",
           pj2[order[0]] / pj1[order[0]], pj2[order[2]] / pj1[order[2]]);
    printf("  --jobs 1 %10.0f g/s   --jobs 2 %10.0f g/s   speed-up %.2fx   target >= 1.8x\n", j1, j2, j2 / j1);
    json_object_set_new(out, "jobs1_games_per_s", json_real(j1));
    json_object_set_new(out, "jobs2_games_per_s", json_real(j2));
    json_object_set_new(out, "jobs_speedup", json_real(j2 / j1));
    char *t = json_dumps(out, JSON_INDENT(2));
    int rc = 0;
    if (!t) err_at(&we, json_path, 0, 0, "out of memory");
    if (t && file_write_atomic(json_path, t, strlen(t), &we)) {
        printf("\nwritten: %s\n", json_path);
    } else {
        char buf[800];
        err_format(&we, buf, sizeof buf);
        fprintf(stderr, "tabula bench: --json %s\n", buf);
        rc = 1;
    }
    free(t);
    json_decref(out);
    return rc;
}
