/* sim.c — `tabula sim`: batches of games between bots, spread over worker threads
 * (one warm Lua state each), statistics out as JSON. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "sim_tally.h"

static const char *const sim_help =
    "usage: tabula sim <game> [-n N] [--seed S] [--players P] [--jobs J] [--json FILE]\n"
    "                         [--bots SPEC] [--option key=value]... [--pack DIR]...\n"
    "                         [--logs DIR] [--profile] [--cards[=KINDS]] [--versus DIR|none]...\n"
    "\n"
    "Plays N games (default 100) between bots: random-legal-move ones unless --bots\n"
    "names a pack's bots (NAME for every seat, ROLE=NAME or SEAT=NAME for some, comma-\n"
    "separated: --bots hunted=basic; --bots help lists them). Game i uses seed S+i\n"
    "(S from 0 to 2^64-1, default 1; past 2^64-1 the seeds wrap to 0), so any game can\n"
    "be replayed alone. --players P: the player count (default: the game's minimum).\n"
    "--jobs J plays the games in J threads (1 to 64, default 1): the same games and\n"
    "results as with one, sooner. Prints a summary; --json FILE writes\n"
    "  {\"seed\": \"S\", \"games\", \"errors\", \"wins\": {role: count}, \"mean_turns\", ...}\n"
    "(the seed a string, as in a log; \"errors\" counts the games with a script error\n"
    "or that did not finish; \"mean_turns\" is the finished games', null when none did;\n"
    "the per-turn figures count every game's turns); with --json - stdout is that JSON\n"
    "alone and the summary goes to stderr.\n"
    "--option help lists the game's options (with --pack: the expansions' too), their\n"
    "defaults and the values they take.\n"
    "Every role the games' seats play is listed, 0 when it never won, in the order first\n"
    "seen: the seat order of game 0, then roles only later games have (a seat the rules\n"
    "give no role is listed as itself, \"seat 2\"; \"none\" counts games that ended\n"
    "without a winner: draws, game.draw, and games that did not finish).\n"
    "Each role's win rate comes with its 95% interval (Wilson score): the range the rate\n"
    "of many more games would fall in, 19 times out of 20. Two runs (say, with and\n"
    "without a changed card) differ in a role's win rate when their intervals do not\n"
    "overlap; when they do, play more games.\n"
    "The summary also gives the games' lengths (turns, and rounds where rules.lua says\n"
    "what a round is: rounds = \"seats\" or \"turns\") and how they ended (the winner\n"
    "and the reason game.win gave, the commonest first; games are grouped by that exact\n"
    "text, so a reason that names a score splits them: keep such numbers out of it;\n"
    "past 256 texts the games of the others are counted together, as \"(other)\" in JSON).\n"
    "Then the statistics the rules count with game.stat(name, n): for each, its mean\n"
    "total per finished game (0 in a game that never added to it), least, greatest, and\n"
    "its mean in the games each role won (JSON: \"stats\": {name: {\"mean\", \"min\",\n"
    "\"max\", \"games\" that added to it, \"mean_when_won\": {role: mean}}}).\n"
    "A game with a script error, or that did not finish, counts under the place its first\n"
    "error was raised (the message's first file:line, else its first line). With one such\n"
    "kind of error the summary prints its first game's error (\"first error: game seed N\");\n"
    "with several it lists them, the commonest first (as many games: the earliest first),\n"
    "each with its games and its first game's error, the first with its traceback, the\n"
    "others their first line; five at most, then how many more. The JSON has\n"
    "\"first_error\" (the earliest game's) and \"error_kinds\" ([{\"error\": its first line,\n"
    "\"games\", \"first_seed\"}], every kind).\n"
    "--cards adds a line per card: how often per game it was played in a play-or-pass\n"
    "window and chosen in another question (a place laid, a card taken back, an option\n"
    "table naming it: { label = \"buy X\", card = c }), and the\n"
    "win rate of the seats that used it, with its 95% interval and seat-games, against\n"
    "the other seats of the same role; then the cards never played or chosen (with\n"
    "--cards=KINDS, comma-separated, the cards of those kinds alone: --cards=action\n"
    "leaves out the pieces and markers a game's questions name). A rate\n"
    "that differs says the card goes with winning or losing, not that it causes it: a\n"
    "card drawn late is used in long games. The JSON has \"cards\", \"ends\", \"turns\"\n"
    "(\"rounds\" too where the game has them) and \"stats\" with or without --cards.\n"
    "--versus DIR plays the same seeds a second time with the pack folder DIR in place\n"
    "of the --pack ones (--versus none, given alone: the game alone; repeat --versus DIR\n"
    "for several packs; none with any other --versus is refused before any game, exit\n"
    "status 2), then prints both summaries and, role by role, the difference of the win\n"
    "rates (first minus versus) with its 95% interval: the change an expansion, or\n"
    "your new version of a pack against a copy of the old one, makes. The JSON adds\n"
    "\"versus\" and \"difference_95\" ({role: [difference, low, high]}). --logs and\n"
    "--profile cover the first batch only. An --option that only the --pack ones\n"
    "declare is left out of the versus batch (the summary and \"options_left_out\"\n"
    "say so). The game named is in both batches, even an expansion's folder: a --versus\n"
    "that would load the very same packs (same ids, same files) as the first batch is\n"
    "refused before any game (exit status 2); write tabula sim GAME --pack DIR --versus\n"
    "none. When both load packs of the same ids, the headers name the folder of each\n"
    "pack that differs.\n"
    "The same bots play the --versus batch. A bot's error counts its game as one with\n"
    "errors (listed with the script errors). The summary says how many of its\n"
    "questions each bot answered and how many it left to the random bot (by returning\n"
    "nil); the JSON adds \"bots\" (the --bots text) and \"bot_questions\" ({name:\n"
    "{answered, left_to_random}}).\n"
    "--logs DIR saves every game's log (replayable with tabula replay) into DIR (made\n"
    "when missing). A --json FILE or --logs DIR that cannot be written, or a DIR that\n"
    "holds another batch's logs already, is refused before any game is played (exit\n"
    "status 2).\n"
    "--profile samples where scripts spend their work (every 7 Lua instructions: the\n"
    "running line and function) and counts calls per script API function; prints the\n"
    "top of each and adds \"profile\" to the JSON. Slower; figures are relative.\n"
    "Ctrl-C (or SIGTERM) stops the batch after the games being played: the summary and\n"
    "--json cover the games finished, say \"interrupted\", and the exit status is 130\n"
    "(143 for SIGTERM); stopped in the --versus batch, its summary and the difference\n"
    "cover the seeds it played. A second Ctrl-C stops at once.\n";

/* The signal that interrupted the batch (0: none). Workers read it between games. A
 * lock-free atomic: a signal handler may store to it, and threads read it. */
static atomic_int sim_stop;

static void sim_on_signal(int sig) { atomic_store(&sim_stop, sig); }

/* Ctrl-C and SIGTERM stop the batch between games; SA_RESETHAND makes a second one
 * act at once. A SIGINT ignored on entry (a background job of a script) stays ignored.
 * They are caught until the summary and the JSON are written (a signal while they
 * were, the games all played, killed the process with its output half written), and
 * SA_RESTART lets a write to a full pipe go on after one. */
static void sim_catch_signals(void)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = sim_on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND | SA_RESTART;
    if (sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler != SIG_IGN) sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

static void sim_release_signals(void)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler == sim_on_signal) sigaction(SIGINT, &sa, NULL);
    if (sigaction(SIGTERM, NULL, &old) == 0 && old.sa_handler == sim_on_signal) sigaction(SIGTERM, &sa, NULL);
}

/* The 95% Wilson score interval of k successes in n trials: *lo, *hi in [0, 1]. */
void sim_wilson95(long k, long n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    const double z = 1.959964, z2 = z * z, nn = (double)n, p = (double)k / nn;
    double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    double half = z * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

/* The most roles a batch counts (a game has at most MAX_SEATS seats, but roles could
 * differ from game to game). */
#define SIM_MAX_ROLES 64

/* A role and its wins; where it was first seen (game index, then seat; MAX_SEATS for a
 * winner that no seat plays, MAX_SEATS + 1 for "none") orders the roles. */
typedef struct RoleCount {
    char name[64];
    long wins;
    long seen_game;
    int seen_seat;
} RoleCount;

typedef struct SimJob {
    const char *game;
    const char *logs;
    const char *const *packs;
    int npacks;
    json_t *options;
    const char *bots;       /* the --bots spec, or NULL: random bots */
    uint64_t seed;
    int players, first, step, n;
    /* results */
    long games, errors, fatal, turns, decisions, budget_trips;
    long turns_all; /* the turns of every game played, finished or not: what per-turn figures divide by */
    long bot_answered[BOT_TALLY], bot_left[BOT_TALLY]; /* per pack bot (Bot's tally) */
    char bot_names[BOT_TALLY][48];
    uint64_t api_calls;
    int nroles;
    bool roles_over;  /* more than SIM_MAX_ROLES: the rest were not counted */
    RoleCount roles[SIM_MAX_ROLES];
    ErrorTally *errs;   /* the games' errors by kind (NULL when out of memory) */
    char log_error[600]; /* the earliest log that could not be saved (--logs) */
    long log_error_game;
    bool open_failed, profile;
    Err open_err;
    json_t *prof;  /* vm_profile_report of the worker (--profile) */
    SimTally *tally; /* cards, ends, turns (NULL when out of memory) */
} SimJob;

/* Counts `role` among the job's roles, first seen in game `game` at `seat` (the earliest
 * sighting is kept); its index, or -1 past SIM_MAX_ROLES. */
static int job_role(SimJob *j, const char *role, long game, int seat)
{
    for (int i = 0; i < j->nroles; i++) {
        RoleCount *r = &j->roles[i];
        if (strcmp(r->name, role) != 0) continue;
        if (game < r->seen_game || (game == r->seen_game && seat < r->seen_seat)) {
            r->seen_game = game;
            r->seen_seat = seat;
        }
        return i;
    }
    if (j->nroles == SIM_MAX_ROLES) {
        j->roles_over = true;
        return -1;
    }
    RoleCount *r = &j->roles[j->nroles];
    *r = (RoleCount){.wins = 0, .seen_game = game, .seen_seat = seat};
    snprintf(r->name, sizeof r->name, "%s", role);
    return j->nroles++;
}

/* First seen first: by game (seed order), then seat; the same whatever --jobs is (no two
 * roles share a sighting). */
static int role_cmp(const void *pa, const void *pb)
{
    const RoleCount *a = pa, *b = pb;
    if (a->seen_game != b->seen_game) return a->seen_game < b->seen_game ? -1 : 1;
    return (a->seen_seat > b->seen_seat) - (a->seen_seat < b->seen_seat);
}

static void tally_seen(void *ud, const Game *g, const int32_t *ids, int k)
{
    tally_pick(ud, g, ids, k);
}

static void *sim_thread(void *arg)
{
    SimJob *j = arg;
    Worker wk;
    if (!worker_open(&wk, j->game, j->packs, j->npacks, &j->open_err)) {
        j->open_failed = true;
        return NULL;
    }
    BotPlan plan;
    char perr[300];
    if (j->bots && !botplan_parse(&plan, wk.vm, j->bots, perr, sizeof perr)) {
        err_set(&j->open_err, "--bots %s", perr); /* checked before the threads: not seen */
        j->open_failed = true;
        worker_close(&wk);
        return NULL;
    }
    for (int k = 0; k < BOT_TALLY && k < vm_bot_count(wk.vm); k++)
        snprintf(j->bot_names[k], sizeof j->bot_names[k], "%s", vm_bot_name(wk.vm, k));
    j->tally = tally_new(wk.w);
    j->errs = error_tally_new();
    uint64_t calls0 = vm_api_calls(wk.vm);
    if (j->profile) vm_profile(wk.vm, true);
    /* (counted in a long: -n up to INT_MAX, the last i + step past it) */
    for (long li = j->first; li < j->n && !atomic_load(&sim_stop); li += j->step) {
        int i = (int)li;
        uint64_t seed = j->seed + (uint64_t)i;
        Err e;
        err_clear(&e);
        Game *g = game_new(wk.w, seed, j->players, j->options, &e);
        if (!g) {
            j->errors++;
            j->games++;
            error_tally_add(j->errs, i, seed, e.msg, e.msg);
            continue;
        }
        Bot b = {.rng = seed ^ 0x5bd1e995u, .vm = wk.vm, .plan = j->bots ? &plan : NULL};
        int r = play_random_seen(g, &b, 1000000, j->tally ? tally_seen : NULL, j->tally);
        if (j->tally) tally_game_end(j->tally, g, r == ADV_OVER);
        for (int k = 0; k < BOT_TALLY; k++) {
            j->bot_answered[k] += b.answered[k];
            j->bot_left[k] += b.left[k];
        }
        j->games++;
        j->decisions += g->nanswers;
        j->turns_all += g->s.h.turn;
        j->budget_trips += g->budget_trips;
        if (g->nerrors || r != ADV_OVER) {
            j->errors++;
            /* the game's first script error: a later one (and a game that then never
             * ends) often only follows from it, so the game is counted under the place
             * the first was raised */
            char first[800] = "", text[1200];
            if (g->nerrors) err_format(game_first_error(g), first, sizeof first);
            const char *cause = first;
            if (r != ADV_OVER && !b.err.msg[0] && g->nerrors)
                snprintf(text, sizeof text, "%s, after %d script error%s; the first: %s",
                         g->fatal[0] ? g->fatal : "did not finish", g->nerrors, g->nerrors == 1 ? "" : "s", first);
            else if (r != ADV_OVER) {
                str_copy(text, sizeof text, b.err.msg[0] ? b.err.msg : g->fatal[0] ? g->fatal : "did not finish");
                cause = text;
            } else
                str_copy(text, sizeof text, first);
            error_tally_add(j->errs, i, seed, cause, text);
        }
        if (j->logs) {
            char path[1200];
            snprintf(path, sizeof path, "%s/game-%06d.json", j->logs, i);
            Err we;
            if (!save_write(g, path, &we) && !j->log_error[0]) {
                err_format(&we, j->log_error, sizeof j->log_error);
                j->log_error_game = i;
            }
        }
        /* every seat's role is listed, with 0 when it never wins; a seat the rules gave
         * no role stands for itself ("seat 2") */
        char seat_name[24];
        for (int s = 0; s < g->s.h.nseats; s++) {
            int32_t role = S_SEAT(&g->s, s).role;
            snprintf(seat_name, sizeof seat_name, "seat %d", s + 1);
            job_role(j, role >= 0 ? names_str(&wk.w->names, role) : seat_name, i, s);
        }
        if (r == ADV_OVER) {
            /* a win for the winning role; else for the role (or the seat) of each
             * winning seat, one or several sharing the win (a role two of them hold
             * counted once); else for "none" (a draw) */
            j->turns += g->s.h.turn;
            int32_t role = g->s.h.winner_role;
            bool any = role >= 0, counted[SIM_MAX_ROLES] = {false};
            if (role >= 0) {
                int k = job_role(j, names_str(&wk.w->names, role), i, MAX_SEATS);
                if (k >= 0) j->roles[k].wins++;
            }
            for (int s = 0; role < 0 && s < g->s.h.nseats; s++) {
                if (!game_won_by(g, s)) continue;
                any = true;
                int32_t sr = S_SEAT(&g->s, s).role;
                snprintf(seat_name, sizeof seat_name, "seat %d", s + 1);
                int k = sr >= 0 ? job_role(j, names_str(&wk.w->names, sr), i, MAX_SEATS) : job_role(j, seat_name, i, s);
                if (k >= 0 && k < SIM_MAX_ROLES && !counted[k]) {
                    counted[k] = true;
                    j->roles[k].wins++;
                }
            }
            if (!any) {
                int k = job_role(j, "none", i, MAX_SEATS + 1);
                if (k >= 0) j->roles[k].wins++;
            }
        } else {
            j->fatal++;
        }
        game_free(g);
    }
    j->api_calls = vm_api_calls(wk.vm) - calls0;
    if (j->profile) j->prof = vm_profile_report(wk.vm);
    worker_close(&wk);
    return NULL;
}

/* Adds the workers' profiles up: {"lines": {...}, "functions": {...}, "api": {...}}. */
static json_t *profile_merge(SimJob *js, int jobs)
{
    json_t *all = json_pack("{s:o, s:o, s:o}", "lines", json_object(), "functions", json_object(),
                            "api", json_object());
    for (int k = 0; k < jobs; k++) {
        if (!js[k].prof) continue;
        static const char *const parts[] = {"lines", "functions", "api"};
        for (int p = 0; p < 3; p++) {
            json_t *o = json_object_get(all, parts[p]);
            const char *key;
            json_t *v;
            json_object_foreach(json_object_get(js[k].prof, parts[p]), key, v) {
                json_int_t have = json_integer_value(json_object_get(o, key));
                json_object_set_new(o, key, json_integer(have + json_integer_value(v)));
            }
        }
        if (!json_object_get(all, "interval"))
            json_object_set(all, "interval", json_object_get(js[k].prof, "interval"));
        json_decref(js[k].prof);
        js[k].prof = NULL;
    }
    return all;
}

typedef struct ProfRow {
    const char *key;
    json_int_t n;
} ProfRow;

static int prof_row_cmp(const void *a, const void *b)
{
    const ProfRow *x = a, *y = b;
    if (x->n != y->n) return x->n < y->n ? 1 : -1;
    return strcmp(x->key, y->key);
}

/* Prints the top 15 of one part of the profile, as a share of its total. */
static void profile_part(FILE *out, json_t *o, const char *title, long turns, bool per_turn)
{
    size_t n = json_object_size(o), i = 0;
    if (!n) return;
    ProfRow *rows = calloc(n, sizeof *rows);
    if (!rows) return;
    json_int_t total = 0;
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v) {
        rows[i++] = (ProfRow){key, json_integer_value(v)};
        total += json_integer_value(v);
    }
    qsort(rows, n, sizeof *rows, prof_row_cmp);
    fprintf(out, "  %s\n", title);
    for (i = 0; i < n && i < 15; i++) {
        if (per_turn && turns)
            fprintf(out, "    %6.1f%%  %8.1f/turn  %s\n", 100.0 * (double)rows[i].n / (double)total,
                   (double)rows[i].n / (double)turns, rows[i].key);
        else
            fprintf(out, "    %6.1f%%  %s\n", 100.0 * (double)rows[i].n / (double)total, rows[i].key);
    }
    free(rows);
}

static void profile_print(FILE *out, json_t *prof, long turns)
{
    fprintf(out, "profile (Lua work sampled every %lld instructions; API calls counted)\n",
           (long long)json_integer_value(json_object_get(prof, "interval")));
    profile_part(out, json_object_get(prof, "functions"), "functions (by line defined):", turns, false);
    profile_part(out, json_object_get(prof, "lines"), "lines:", turns, false);
    profile_part(out, json_object_get(prof, "api"), "script API calls:", turns, true);
}

/* One batch's results: the workers' sums, the cards' tally and the errors' (the first
 * worker's, the others merged in), the merged profile (--profile) and how long it took. */
typedef struct Batch {
    SimJob tot;
    SimTally *tally;
    ErrorTally *errs;
    json_t *prof;
    double secs;
} Batch;

static void batch_free(Batch *b)
{
    tally_free(b->tally);
    error_tally_free(b->errs);
    json_decref(b->prof);
    memset(b, 0, sizeof *b);
}

/* Plays proto's games on `jobs` threads into b. Nonzero when a worker could not open
 * the game (said on stderr) or memory ran out. */
static int batch_run(const SimJob *proto, int jobs, Batch *b)
{
    memset(b, 0, sizeof *b);
    SimJob *js = calloc((size_t)jobs, sizeof *js);
    pthread_t *th = calloc((size_t)jobs, sizeof *th);
    if (!js || !th) {
        fprintf(stderr, "tabula sim: out of memory\n");
        free(js);
        free(th);
        return 1;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int k = 0; k < jobs; k++) {
        js[k] = *proto;
        js[k].first = k;
        js[k].step = jobs;
        if (jobs == 1) sim_thread(&js[k]);
        else {
            pthread_attr_t at;
            pthread_attr_init(&at);
            pthread_attr_setstacksize(&at, 8u << 20);
            pthread_create(&th[k], &at, sim_thread, &js[k]);
            pthread_attr_destroy(&at);
        }
    }
    if (jobs > 1)
        for (int k = 0; k < jobs; k++) pthread_join(th[k], NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    b->secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    SimJob *tot = &b->tot;
    int failed = 0;
    for (int k = 0; k < jobs; k++) {
        SimJob *j = &js[k];
        if (j->open_failed) {
            if (!failed) fprintf(stderr, "tabula sim: worker %d: %s\n", k, j->open_err.msg);
            failed = 1;
            continue;
        }
        tot->games += j->games;
        tot->errors += j->errors;
        tot->fatal += j->fatal;
        tot->turns += j->turns;
        tot->turns_all += j->turns_all;
        tot->decisions += j->decisions;
        tot->budget_trips += j->budget_trips;
        tot->api_calls += j->api_calls;
        for (int q = 0; q < BOT_TALLY; q++) {
            tot->bot_answered[q] += j->bot_answered[q];
            tot->bot_left[q] += j->bot_left[q];
            if (!tot->bot_names[q][0]) memcpy(tot->bot_names[q], j->bot_names[q], sizeof tot->bot_names[q]);
        }
        for (int r = 0; r < j->nroles; r++) {
            const RoleCount *rc = &j->roles[r];
            int t = job_role(tot, rc->name, rc->seen_game, rc->seen_seat);
            if (t >= 0) tot->roles[t].wins += rc->wins;
        }
        if (j->roles_over) tot->roles_over = true;
        if (j->log_error[0] && (!tot->log_error[0] || j->log_error_game < tot->log_error_game)) {
            memcpy(tot->log_error, j->log_error, sizeof tot->log_error);
            tot->log_error_game = j->log_error_game;
        }
        /* the first worker's tallies take the others' */
        if (k > 0 && js[0].tally && j->tally) tally_merge(js[0].tally, j->tally);
        if (k > 0) error_tally_merge(js[0].errs, j->errs);
    }
    b->tally = js[0].tally;
    b->errs = js[0].errs;
    for (int k = 1; k < jobs; k++) {
        tally_free(js[k].tally);
        error_tally_free(js[k].errs);
    }
    qsort(tot->roles, (size_t)tot->nroles, sizeof *tot->roles, role_cmp);
    if (proto->profile && !failed) b->prof = profile_merge(js, jobs);
    for (int k = 0; k < jobs; k++) json_decref(js[k].prof);
    free(js);
    free(th);
    return failed;
}

/* The batch's figures into out (errors, wins and their intervals, lengths, speed, the
 * tally's cards, ends and turns). */
static void batch_json(Batch *b, int jobs, json_t *out)
{
    const SimJob *tot = &b->tot;
    long finished = tot->games - tot->fatal;
    json_object_set_new(out, "errors", json_integer(tot->errors));
    json_object_set_new(out, "unfinished", json_integer(tot->fatal));
    json_object_set_new(out, "budget_trips", json_integer(tot->budget_trips));
    /* what each pack bot that played did with its questions */
    json_t *bq = json_object();
    for (int q = 0; q < BOT_TALLY; q++)
        if (tot->bot_answered[q] + tot->bot_left[q])
            json_object_set_new(bq, tot->bot_names[q], json_pack("{s:I, s:I}", "answered", (json_int_t)tot->bot_answered[q],
                                                                 "left_to_random", (json_int_t)tot->bot_left[q]));
    if (json_object_size(bq)) json_object_set_new(out, "bot_questions", bq);
    else json_decref(bq);
    json_t *wins = json_object(), *interval = json_object();
    for (int r = 0; r < tot->nroles; r++) {
        json_object_set_new(wins, tot->roles[r].name, json_integer(tot->roles[r].wins));
        double lo, hi;
        sim_wilson95(tot->roles[r].wins, tot->games, &lo, &hi);
        json_object_set_new(interval, tot->roles[r].name, json_pack("[f, f]", lo, hi));
    }
    json_object_set_new(out, "wins", wins);
    json_object_set_new(out, "win_rate_95", interval);
    /* (no game finished: no mean, null rather than a mean of 0 turns) */
    json_object_set_new(out, "mean_turns", finished ? json_real((double)tot->turns / (double)finished) : json_null());
    json_object_set_new(out, "mean_decisions", json_real(tot->games ? (double)tot->decisions / (double)tot->games : 0));
    /* the work of every game over the turns of every game (over the finished games' turns
     * alone, a batch with unfinished games read more work per turn than it did) */
    json_object_set_new(out, "api_calls_per_turn",
                        json_real(tot->turns_all ? (double)tot->api_calls / (double)tot->turns_all : 0));
    json_object_set_new(out, "decisions_per_turn",
                        json_real(tot->turns_all ? (double)tot->decisions / (double)tot->turns_all : 0));
    json_object_set_new(out, "jobs", json_integer(jobs));
    json_object_set_new(out, "seconds", json_real(b->secs));
    json_object_set_new(out, "games_per_second", json_real(b->secs > 0 ? (double)tot->games / b->secs : 0));
    /* the error of the earliest game that had one, then every kind */
    char first[1300];
    error_tally_first(b->errs, first, sizeof first);
    if (first[0]) json_object_set_new(out, "first_error", json_string(first));
    json_object_set_new(out, "error_kinds", error_tally_json(b->errs));
    if (tot->log_error[0]) json_object_set_new(out, "log_error", json_string(tot->log_error));
    if (b->tally) json_object_update_new(out, tally_json(b->tally, tot->games));
}

/* The summary of a batch, after its name: games, wins by role, lengths and ends, the
 * cards (when asked), errors. */
static void batch_print(FILE *sum, Batch *b, int players, int jobs, const char *cards, const char *bots)
{
    const SimJob *tot = &b->tot;
    long finished = tot->games - tot->fatal;
    char mean[64];
    if (finished) snprintf(mean, sizeof mean, "mean %.2f turns", (double)tot->turns / (double)finished);
    else snprintf(mean, sizeof mean, "no game finished");
    /* the rate: whole games a second, or seconds a game when under one (bots that look
     * ahead: "0 games/s" said nothing) */
    double rate = b->secs > 0 ? (double)tot->games / b->secs : 0.0;
    char speed[64];
    if (rate >= 1 || rate <= 0) snprintf(speed, sizeof speed, "%.0f games/s", rate);
    else snprintf(speed, sizeof speed, "%.1f s a game", 1 / rate);
    fprintf(sum, "%ld game%s, %d player%s, %ld with errors, %s, %s (%d job%s)\n", tot->games,
            tot->games == 1 ? "" : "s", players, players == 1 ? "" : "s", tot->errors, mean, speed, jobs,
            jobs == 1 ? "" : "s");
    for (int r = 0; r < tot->nroles; r++) {
        double lo, hi;
        const RoleCount *rc = &tot->roles[r];
        sim_wilson95(rc->wins, tot->games, &lo, &hi);
        /* "none": the games no one won (a draw, game.draw; or not finished) */
        bool none = strcmp(rc->name, "none") == 0;
        fprintf(sum, "  %-12s %ld %s (%.3f; 95%% interval %.3f to %.3f)\n", rc->name, rc->wins,
                !none ? "wins" : rc->wins == 1 ? "game without a winner" : "games without a winner",
                tot->games ? (double)rc->wins / (double)tot->games : 0.0, lo, hi);
    }
    if (tot->roles_over) fprintf(sum, "  (more than %d roles: the others are not counted)\n", SIM_MAX_ROLES);
    if (bots && *bots) {
        fprintf(sum, "  bots: %s", bots);
        /* a bot that returns nil leaves the question to the random bot: how often it did
         * says whether it plays the game or mostly watches (a misread label is silent) */
        for (int q = 0; q < BOT_TALLY; q++) {
            long a = tot->bot_answered[q], l = tot->bot_left[q];
            if (!(a + l)) continue;
            fprintf(sum, "; %s answered %ld of its %ld questions", tot->bot_names[q], a, a + l);
            if (l) fprintf(sum, " (%.0f%% left to the random bot)", 100.0 * (double)l / (double)(a + l));
        }
        fprintf(sum, "\n");
    }
    if (tot->turns_all)
        fprintf(sum, "  per turn: %.1f decisions, %.0f script API calls (what scripts cost is mostly these)\n",
                (double)tot->decisions / (double)tot->turns_all, (double)tot->api_calls / (double)tot->turns_all);
    if (b->tally) tally_print(b->tally, tot->games, cards, sum);
    if (tot->errors)
        fprintf(sum, "  %ld game%s had a script error or did not finish: %s counted above all the same, "
                "so the rates are suspect until the error is mended\n", tot->errors, tot->errors == 1 ? "" : "s",
                tot->errors == 1 ? "it is" : "they are");
    error_tally_print(b->errs, sum);
    if (tot->log_error[0]) fprintf(sum, "  --logs: a log could not be saved: %s\n", tot->log_error);
}

/* The difference between two batches' win rates, role by role (a minus b), with its 95%
 * interval (Newcombe's hybrid score interval from the two Wilson intervals, the batches
 * taken as independent samples: the same seeds make games that soon differ). Printed,
 * and returned as JSON {role: [difference, lo, hi]}. */
static json_t *versus_print(FILE *sum, const Batch *a, const Batch *b)
{
    json_t *o = json_object();
    fprintf(sum, "difference (first batch minus versus; 95%% interval):\n");
    for (int r = 0; r < a->tot.nroles; r++) {
        const RoleCount *ra = &a->tot.roles[r];
        long wb = 0;
        for (int k = 0; k < b->tot.nroles; k++)
            if (strcmp(b->tot.roles[k].name, ra->name) == 0) wb = b->tot.roles[k].wins;
        double pa = a->tot.games ? (double)ra->wins / (double)a->tot.games : 0;
        double pb = b->tot.games ? (double)wb / (double)b->tot.games : 0;
        double la, ua, lb, ub;
        sim_wilson95(ra->wins, a->tot.games, &la, &ua);
        sim_wilson95(wb, b->tot.games, &lb, &ub);
        double d = pa - pb;
        double lo = d - sqrt((pa - la) * (pa - la) + (ub - pb) * (ub - pb));
        double hi = d + sqrt((ua - pa) * (ua - pa) + (pb - lb) * (pb - lb));
        const char *verdict = lo > 0 ? "higher with the first" : hi < 0 ? "lower with the first"
                                                                         : "no difference shown (play more games to see a small one)";
        fprintf(sum, "  %-12s %+.3f (%+.3f to %+.3f): %s\n", ra->name, d, lo, hi, verdict);
        json_object_set_new(o, ra->name, json_pack("[f, f, f]", d, lo, hi));
    }
    return o;
}

/* The packs a batch loads, in load order (dependencies first): two batches whose packs
 * have the same ids and contents (hashes) play the very same games. */
typedef struct PackSet {
    int n;
    char id[MAX_PACKS][64];
    char dir[MAX_PACKS][300];
    uint64_t hash[MAX_PACKS];
} PackSet;

static void packset_of(const World *w, PackSet *ps)
{
    ps->n = w->npacks;
    for (int i = 0; i < w->npacks; i++) {
        snprintf(ps->id[i], sizeof ps->id[i], "%s", w->packs[i].id);
        snprintf(ps->dir[i], sizeof ps->dir[i], "%s", w->packs[i].dir);
        ps->hash[i] = w->packs[i].hash;
    }
}

/* Same ids in the same order (and, with contents, the same hashes too). */
static bool packset_same(const PackSet *a, const PackSet *b, bool contents)
{
    if (a->n != b->n) return false;
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->id[i], b->id[i]) != 0 || (contents && a->hash[i] != b->hash[i])) return false;
    return true;
}

/* "a, b, c" for a summary's header; when other (the other batch) loads packs of the same
 * ids, a pack whose content differs is named with its folder ("b from DIR"), so the two
 * headers read apart (a pack's new version against a copy of the old one). */
static void packset_text(const PackSet *ps, const PackSet *other, char *out, size_t n)
{
    bool same_ids = other && packset_same(ps, other, false);
    size_t used = 0;
    if (n) out[0] = 0;
    for (int i = 0; i < ps->n && used < n; i++) {
        bool differs = same_ids && ps->hash[i] != other->hash[i];
        used += (size_t)snprintf(out + used, n - used, "%s%s%s%s", i ? ", " : "", ps->id[i], differs ? " from " : "",
                                 differs ? ps->dir[i] : "");
    }
}

/* Says why a --versus batch that would load the very same packs as the first is refused,
 * and how to write what was likely meant: --versus stands in for the --pack folders
 * only, so an expansion's folder given as the game is in both batches. */
static void versus_same_said(const char *game, int npacks, const char *const *vpacks, int nvpacks, const PackSet *ps)
{
    char vs[1200] = "--versus none", ids[600];
    size_t used = 0;
    for (int i = 0; i < nvpacks && used < sizeof vs; i++)
        used += (size_t)snprintf(vs + used, sizeof vs - used, "%s--versus %s", i ? " " : "", vpacks[i]);
    packset_text(ps, NULL, ids, sizeof ids);
    fprintf(stderr, "tabula sim: with %s the versus batch loads the very same packs as the first (%s): it would "
            "play the same games, and every difference would be 0\n", vs, ids);
    if (npacks) {
        fprintf(stderr, "--versus stands in for the --pack folders: give it the folder of another version of the "
                "pack (a copy from before your change: a copy with the same files is the same pack), or none for the "
                "game alone\n");
        return;
    }
    if (ps->n < 2) {
        fprintf(stderr, "--versus stands in for the --pack folders only, and there are none; to weigh an expansion "
                "against the game without it, write\n  tabula sim %s --pack DIR %s\n", game, vs);
        return;
    }
    /* the game named is itself an expansion: its base game by name when that name
     * finds the same folder, else by the folder it was loaded from */
    const char *base = ps->dir[0];
    char by_name[PATH_MAX];
    struct stat sa, sb;
    if (game_dir(ps->id[0], by_name, sizeof by_name) && stat(by_name, &sa) == 0 && stat(ps->dir[0], &sb) == 0 &&
        sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino)
        base = ps->id[0];
    fprintf(stderr, "--versus stands in for the --pack folders only, and there are none: %s, the game named, is an "
            "expansion (of %s) and is in both batches; to weigh it against the game without it, write\n"
            "  tabula sim %s --pack %s %s\n", game, ps->id[0], base, game, vs);
}

/* Lets go of a command's JSON values (NULL ones included) and returns rc. */
static int drop_all(int rc, json_t *a, json_t *b, json_t *c, json_t *d, json_t *e)
{
    json_decref(a);
    json_decref(b);
    json_decref(c);
    json_decref(d);
    json_decref(e);
    return rc;
}

/* --logs DIR made ready, after every other check (a command refused for another
 * reason left the folder made, empty): the folder made, writable, and holding no
 * earlier batch's logs; false with the error said. */
static bool logs_ready(const char *logs)
{
    Err we;
    char first[1200];
    snprintf(first, sizeof first, "%s/game-%06d.json", logs, 0);
    if (!mkdir_p(logs, 0777)) {
        fprintf(stderr, "tabula sim: --logs: cannot create the folder %s: %s\n", logs, strerror(errno));
        return false;
    }
    if (!file_check_writable(first, &we)) {
        fprintf(stderr, "tabula sim: --logs %s: %s\n", logs, we.msg);
        return false;
    }
    /* the logs of an earlier batch would be overwritten, the first ones only: a
     * folder of two batches mixed, with nothing to tell them apart */
    char **names = NULL;
    size_t nn = 0;
    bool complete;
    const char *old = NULL;
    if (dir_list(logs, &names, &nn, &complete))
        for (size_t i = 0; i < nn && !old; i++) {
            size_t l = strlen(names[i]);
            if (l > 10 && strncmp(names[i], "game-", 5) == 0 && strcmp(names[i] + l - 5, ".json") == 0)
                old = names[i];
        }
    if (old) {
        fprintf(stderr,
                "tabula sim: --logs %s already holds the logs of a batch (%s, ...); give a new or empty folder\n",
                logs, old);
        dir_list_free(names, nn);
        return false;
    }
    dir_list_free(names, nn);
    return true;
}

int cmd_sim(int argc, char **argv)
{
    const char *game = NULL, *json_out = NULL, *logs = NULL;
    long n = 100;
    unsigned long long seed = 1;
    int players = 0, jobs = 1;  /* players 0: the game's minimum, unless players_zero */
    bool players_zero = false; /* --players 0, which game_new refuses with the game's range */
    bool profile = false, list_options = false;
    const char *cards = NULL; /* --cards: "" every kind, --cards=KINDS those */
    const char *bots = NULL;
    char bots_text[300] = "", vbots_text[300] = "";
    const char *packs[16], *vpacks[16];
    int npacks = 0, nversus = 0, nvpacks = 0;
    char vgiven[1200] = ""; /* every --versus as given, in order, for a refusal to quote */
    json_t *options = json_object(), *jvpacks = NULL, *voptions = NULL, *vleft = NULL;
    char loaded[1200] = "", vloaded[1200] = "";
    PackSet aset, vset;
    uint64_t x;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(sim_help, stdout);
            json_decref(options);
            return 0;
        } else if (strcmp(a, "-n") == 0 && v) {
            if (!arg_number("sim", a, v, 1, INT_MAX, &x)) goto bad_args;
            n = (long)x;
            i++;
        } else if (strcmp(a, "--seed") == 0 && v) {
            /* any 64-bit seed, as play and the log take (the JSON writes it as a string) */
            if (!arg_number("sim", a, v, 0, UINT64_MAX, &x)) goto bad_args;
            seed = x;
            i++;
        } else if (strcmp(a, "--players") == 0 && v) {
            /* the game checks its own range once it is open (0 too: its range is said) */
            if (arg_zero(v)) players_zero = true;
            else if (!arg_number("sim", a, v, 1, MAX_SEATS, &x)) goto bad_args;
            else players = (int)x;
            i++;
        } else if (strcmp(a, "--jobs") == 0 && v) {
            if (!arg_number("sim", a, v, 1, 64, &x)) goto bad_args;
            jobs = (int)x;
            i++;
        } else if (strcmp(a, "--json") == 0 && v) {
            json_out = v;
            i++;
        } else if (strcmp(a, "--bots") == 0 && v) {
            bots = v;
            i++;
        } else if (strcmp(a, "--option") == 0 && v && strcmp(v, "help") == 0) {
            list_options = true;
            i++;
        } else if (strcmp(a, "--option") == 0 && v) {
            Err e;
            if (!option_parse(options, v, &e)) {
                fprintf(stderr, "tabula sim: %s\n", e.msg);
                goto bad_args;
            }
            i++;
        } else if (strcmp(a, "--profile") == 0) {
            profile = true;
        } else if (strcmp(a, "--cards") == 0) {
            cards = "";
        } else if (strncmp(a, "--cards=", 8) == 0) {
            cards = a + 8;
            if (!*cards) {
                fprintf(stderr, "tabula sim: --cards=KINDS names card kinds (--cards=action,hunt)\n");
                goto bad_args;
            }
        } else if (strcmp(a, "--logs") == 0 && v) {
            logs = v;
            i++;
        } else if (strcmp(a, "--pack") == 0 && v) {
            if (npacks == 16) {
                fprintf(stderr, "tabula sim: at most 16 --pack folders\n");
                goto bad_args;
            }
            packs[npacks++] = v;
            i++;
        } else if (strcmp(a, "--versus") == 0 && v) {
            /* "none": the base game alone; or a pack folder, in place of the --pack ones */
            if (strcmp(v, "none") != 0) {
                if (nvpacks == 16) {
                    fprintf(stderr, "tabula sim: at most 16 --versus folders\n");
                    goto bad_args;
                }
                vpacks[nvpacks++] = v;
            }
            size_t used = strlen(vgiven);
            snprintf(vgiven + used, sizeof vgiven - used, "%s--versus %s", nversus ? " " : "", v);
            nversus++;
            i++;
        } else if (a[0] != '-' && !game) {
            game = a;
        } else {
            fprintf(stderr, "tabula sim: unknown or incomplete argument '%s'\n%s", a, sim_help);
            goto bad_args;
        }
    }
    if (!game) {
        fprintf(stderr, "tabula sim: which game? (a name in games/ or a pack folder)\n%s", sim_help);
        goto bad_args;
    }
    /* "none" is the game alone: with any other --versus (a folder, or none again) it
     * was dropped without a word, and the batch played what the others said */
    if (nversus > 1 && nvpacks < nversus) {
        fprintf(stderr,
                "tabula sim: --versus none cannot go with another --versus (given: %s); give --versus none "
                "alone (the game without the --pack folders), or one or more --versus DIR (those folders in "
                "place of the --pack ones)\n",
                vgiven);
        goto bad_args;
    }
    /* the output paths, before any game: a wrong one is a usage error, said at once */
    Err we;
    if (json_out && strcmp(json_out, "-") != 0 && !file_check_writable(json_out, &we)) {
        fprintf(stderr, "tabula sim: --json %s: %s\n", json_out, we.msg);
        goto bad_args;
    }
    /* check the game opens (and learn its default player count) before the threads */
    Worker probe;
    Err e;
    err_clear(&e);
    if (!worker_open(&probe, game, packs, npacks, &e)) {
        char buf[800];
        err_format(&e, buf, sizeof buf);
        fprintf(stderr, "tabula sim: %s\n", buf);
        json_decref(options);
        return 1;
    }
    /* --cards=KINDS: each a kind of the game's cards (a slip would hide every card) */
    for (const char *k = cards && *cards ? cards : ""; *k;) {
        const char *end = strchr(k, ',');
        size_t len = end ? (size_t)(end - k) : strlen(k);
        bool known = false;
        char kinds[400] = "";
        for (int i = 0; i < probe.w->ndefs; i++) {
            const char *kn = names_str(&probe.w->names, probe.w->defs[i].kind);
            if (probe.w->defs[i].removed) continue;
            if (strlen(kn) == len && strncmp(kn, k, len) == 0) known = true;
            if (!tally_kind_listed(kinds, kn) && strlen(kinds) + strlen(kn) + 2 < sizeof kinds)
                snprintf(kinds + strlen(kinds), sizeof kinds - strlen(kinds), "%s%s", kinds[0] ? "," : "", kn);
        }
        if (!known) {
            fprintf(stderr, "tabula sim: --cards=%s: '%.*s' is no kind of this game's cards (its kinds: %s)\n", cards,
                    (int)len, k, kinds);
            worker_close(&probe);
            json_decref(options);
            return 2;
        }
        k += len + (end ? 1 : 0);
    }
    if (list_options) {
        options_print(probe.w, stdout);
        worker_close(&probe);
        json_decref(options);
        return 0;
    }
    if (bots && strcmp(bots, "help") == 0) {
        bots_print(probe.vm, probe.w, stdout);
        worker_close(&probe);
        json_decref(options);
        return 0;
    }
    BotPlan plan;
    char perr[800];
    if (bots && !botplan_parse(&plan, probe.vm, bots, perr, sizeof perr)) {
        fprintf(stderr, "tabula sim: %s\n", perr);
        worker_close(&probe);
        json_decref(options);
        return 2;
    }
    if (players == 0 && !players_zero) players = probe.w->packs[0].min_players;
    if (!options_check(probe.w, options, &e)) {
        fprintf(stderr, "tabula sim: %s (`tabula sim %s --option help` lists the options)\n", e.msg, game);
        worker_close(&probe);
        json_decref(options);
        return 2;
    }
    /* every pack loaded, in load order (dependencies first): two runs with and without
     * --pack would otherwise print the same first line, and an expansion of another game
     * (--pack of a Not Alone card over the tutorial) brings that game's rules in unseen */
    packset_of(probe.w, &aset);
    json_t *jpacks = json_array();
    for (int i = 0; i < probe.w->npacks; i++) json_array_append_new(jpacks, json_string(probe.w->packs[i].id));
    Game *tg = game_new(probe.w, seed, players, options, &e);
    if (!tg) {
        fprintf(stderr, "tabula sim: %s\n", e.msg);
        if (strstr(e.msg, "unknown option '")) fprintf(stderr, "(`tabula sim %s --option help` lists the options)\n", game);
        worker_close(&probe);
        json_decref(options);
        json_decref(jpacks);
        return 2;
    }
    if (bots) game_advance(tg); /* the roles are given as the game starts */
    if (bots && !botplan_roles_ok(&plan, probe.w, tg, perr, sizeof perr)) {
        fprintf(stderr, "tabula sim: %s\n", perr);
        game_free(tg);
        worker_close(&probe);
        json_decref(options);
        json_decref(jpacks);
        return 2;
    }
    if (bots && plan.scripted) botplan_text(&plan, probe.vm, probe.w, tg, NULL, bots_text, sizeof bots_text);
    game_free(tg);
    worker_close(&probe);
    if (nversus) { /* the versus batch's packs open too, before any game */
        if (!worker_open(&probe, game, vpacks, nvpacks, &e)) {
            char buf[800];
            err_format(&e, buf, sizeof buf);
            fprintf(stderr, "tabula sim: --versus: %s\n", buf);
            json_decref(options);
            json_decref(jpacks);
            return 1;
        }
        packset_of(probe.w, &vset);
        if (packset_same(&aset, &vset, true)) { /* nothing to compare: refused, as a wrong command line */
            versus_same_said(game, npacks, vpacks, nvpacks, &aset);
            worker_close(&probe);
            json_decref(options);
            json_decref(jpacks);
            return 2;
        }
        jvpacks = json_array();
        for (int i = 0; i < probe.w->npacks; i++) json_array_append_new(jvpacks, json_string(probe.w->packs[i].id));
        /* an option of the --pack ones (checked above) that the versus packs do not
         * declare is left out of the versus batch: the game without the expansion has
         * no such option, and the comparison is the expansion with it against the game */
        voptions = json_deep_copy(options);
        vleft = json_array();
        const char *key;
        json_t *val, *tmp;
        json_object_foreach_safe(voptions, tmp, key, val) {
            (void)val;
            if (!world_option(probe.w, key)) {
                json_array_append_new(vleft, json_string(key));
                json_object_del(voptions, key);
            }
        }
        tg = game_new(probe.w, seed, players, voptions, &e);
        /* the same bots play the versus batch: its packs must have them too */
        if (tg && bots) game_advance(tg);
        if (tg && bots &&
            (!botplan_parse(&plan, probe.vm, bots, perr, sizeof perr) || !botplan_roles_ok(&plan, probe.w, tg, perr, sizeof perr))) {
            game_free(tg);
            tg = NULL;
            str_copy(e.msg, sizeof e.msg, perr);
        }
        if (tg && bots && plan.scripted) botplan_text(&plan, probe.vm, probe.w, tg, NULL, vbots_text, sizeof vbots_text);
        if (!tg) {
            fprintf(stderr, "tabula sim: --versus: %s\n", e.msg);
            worker_close(&probe);
            return drop_all(2, options, voptions, vleft, jpacks, jvpacks);
        }
        game_free(tg);
        worker_close(&probe);
    }

    /* the headers name every pack loaded (and, when both batches load packs of the same
     * ids, the folder of those that differ) */
    packset_text(&aset, nversus ? &vset : NULL, loaded, sizeof loaded);
    if (nversus) packset_text(&vset, &aset, vloaded, sizeof vloaded);
    if (logs && !logs_ready(logs)) return drop_all(2, options, voptions, vleft, jpacks, jvpacks);
    Batch a = {0}, b = {0};
    SimJob proto = {.game = game, .logs = logs, .packs = packs, .npacks = npacks, .options = options,
                    .seed = seed, .players = players, .n = (int)n, .profile = profile, .bots = bots};
    atomic_store(&sim_stop, 0);
    sim_catch_signals();
    int failed = batch_run(&proto, jobs, &a);
    /* the same seeds again, with the --versus packs in place of the --pack ones */
    bool versus = nversus > 0 && !failed && !atomic_load(&sim_stop);
    if (versus) {
        SimJob vp = proto;
        vp.logs = NULL;
        vp.profile = false;
        vp.packs = vpacks;
        vp.npacks = nvpacks;
        vp.options = voptions;
        failed = batch_run(&vp, jobs, &b);
    }
    int stopped_by = atomic_load(&sim_stop);
    /* stopped in the versus batch: the first played every game, the versus batch some of
     * the same seeds (the headers, the difference and the JSON said "the same seeds" and
     * "600 of the 600 games asked for were played") */
    bool vstopped = versus && stopped_by;
    if (failed) {
        sim_release_signals();
        batch_free(&a);
        batch_free(&b);
        json_decref(options);
        json_decref(voptions);
        json_decref(vleft);
        json_decref(jpacks);
        json_decref(jvpacks);
        return 1;
    }
    json_t *out = json_object();
    json_object_set_new(out, "game", json_string(game));
    json_object_set_new(out, "packs", jpacks);
    json_object_set_new(out, "players", json_integer(players));
    /* a string, as in the log: a JSON number (jansson's is signed) cannot hold every seed */
    char seed_text[24];
    snprintf(seed_text, sizeof seed_text, "%llu", seed);
    json_object_set_new(out, "seed", json_string(seed_text));
    json_object_set_new(out, "games", json_integer(a.tot.games));
    if (stopped_by) {
        json_object_set_new(out, "interrupted", json_true());
        json_object_set_new(out, "games_asked", json_integer(n));
    }
    if (bots) json_object_set_new(out, "bots", json_string(bots));
    batch_json(&a, jobs, out);
    /* with --json - stdout is the JSON document alone: the summary goes to stderr */
    FILE *sum = json_out && strcmp(json_out, "-") == 0 ? stderr : stdout;
    fprintf(sum, "%s%s%s%s: ", game, json_array_size(jpacks) > 1 ? " (packs " : "",
            json_array_size(jpacks) > 1 ? loaded : "", json_array_size(jpacks) > 1 ? ")" : "");
    batch_print(sum, &a, players, jobs, cards, bots_text);
    if (stopped_by && !vstopped)
        fprintf(sum, "  interrupted (%s): %ld of the %ld games asked for were played; the figures are theirs%s\n",
                stopped_by == SIGINT ? "Ctrl-C" : "SIGTERM", a.tot.games, n,
                nversus && !versus ? " (--versus not played)" : "");
    if (profile) {
        profile_print(sum, a.prof, a.tot.turns_all);
        json_object_set_new(out, "profile", json_incref(a.prof));
    }
    if (versus) {
        json_t *vo = json_object();
        json_object_set_new(vo, "packs", json_incref(jvpacks));
        json_object_set_new(vo, "games", json_integer(b.tot.games));
        batch_json(&b, jobs, vo);
        json_object_set_new(out, "versus", vo);
        if (json_array_size(vleft)) json_object_set_new(vo, "options_left_out", json_incref(vleft));
        if (vstopped) json_object_set_new(vo, "interrupted", json_true());
        fprintf(sum, "versus %s (packs %s), the same seeds%s: ", game, vloaded,
                vstopped ? " (some of them: interrupted)" : "");
        batch_print(sum, &b, players, jobs, NULL, vbots_text);
        if (vstopped)
            fprintf(sum, "  interrupted (%s) in the versus batch: %ld of its %ld games were played (the first batch "
                    "played all %ld); the figures and the difference below are theirs\n",
                    stopped_by == SIGINT ? "Ctrl-C" : "SIGTERM", b.tot.games, n, a.tot.games);
        if (json_array_size(vleft)) {
            fprintf(sum, "  without --option ");
            for (size_t k = 0; k < json_array_size(vleft); k++)
                fprintf(sum, "%s%s", k ? ", " : "", json_string_value(json_array_get(vleft, k)));
            fprintf(sum, " (not %s of these packs)\n", json_array_size(vleft) > 1 ? "options" : "an option");
        }
        json_object_set_new(out, "difference_95", versus_print(sum, &a, &b));
    }
    batch_free(&a);
    batch_free(&b);
    json_decref(jvpacks);
    int rc = 0;
    if (json_out) {
        if (strcmp(json_out, "-") == 0) {
            json_dumpf(out, stdout, JSON_INDENT(2));
            printf("\n");
        } else {
            char *text = json_dumps(out, JSON_INDENT(2));
            if (!text) err_at(&we, json_out, 0, 0, "out of memory");
            if (!text || !file_write_atomic(json_out, text, strlen(text), &we)) {
                char buf[800];
                err_format(&we, buf, sizeof buf);
                fprintf(stderr, "tabula sim: --json %s\n", buf);
                rc = 1;
            }
            free(text);
        }
    }
    json_decref(out);
    json_decref(options);
    json_decref(voptions);
    json_decref(vleft);
    /* the output is out before a signal may end the process */
    fflush(stdout);
    sim_release_signals();
    /* a signal once the games were all played: the output is whole, and the status still
     * says the batch was asked to stop */
    if (!stopped_by) stopped_by = atomic_load(&sim_stop);
    if (stopped_by && rc == 0) rc = 128 + stopped_by;
    return rc;
bad_args: /* the message is printed */
    json_decref(options);
    return 2;
}
