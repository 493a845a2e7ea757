/* replay.c — `tabula replay <file>`: re-runs a saved game (a log) and shows it, step
 * by step or whole, as one seat or a spectator sees it. The log's packs, content
 * hashes and Lua build must match what is loaded, or the replay is refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "amounts_text.h"
#include "cli.h"

/* When the game named by the log's first pack is not found (a pack kept outside games/,
 * as sim --logs writes its logs), says how to name its folder. */
static const char *game_hint(bool from_log, const Err *e)
{
    return from_log && strstr(e->msg, "no game or pack folder named")
               ? "; the log names its game by the pack's id only: give the pack's folder with --game DIR"
               : "";
}

static const char *const replay_help =
    "usage: tabula replay <file> [--game NAME] [--seat S] [--step] [--pack DIR]...\n"
    "       tabula replay --verify <file>... [--game NAME] [--pack DIR]...\n"
    "\n"
    "Replays a saved game (the JSON log written by save) and prints its log as seat S\n"
    "sees it (default: a spectator). --step shows each decision and waits for Enter;\n"
    "the answer shows as the options' labels in the view of the seat that answered\n"
    "(--seat S shows seat S's answers; an answer can name hidden cards).\n"
    "--verify only checks that each replay reaches its saved state (exit 1 if one does\n"
    "not, or has no saved state), for any number of logs of one game; a bad one is\n"
    "named and the others are still checked.\n"
    "The game is found from the log's first pack unless --game is given. A log names\n"
    "its packs by id, not by folder: an expansion's pack (one given to play or sim with\n"
    "--pack) must be given again with --pack DIR, or the replay stops saying which pack\n"
    "is missing.\n";

/* What answer `one` (a list of option ids) chose at the pending decision d, as `viewer`
 * may see it: the options' labels for the seat that answered, else a note that the
 * answer is that seat's own (its options can name hidden cards). */
static void answer_text(const Game *g, DecisionView d, json_t *one, int viewer, char *out, size_t n)
{
    if (viewer != d.seat) {
        snprintf(out, n, "(answer seen by seat %d only)", d.seat + 1);
        return;
    }
    if (json_array_size(one) == 0) {
        snprintf(out, n, "answered with nothing");
        return;
    }
    if (d.kind == DEC_AMOUNTS) {
        /* a question of quantities: counts, "white 2, red 1" */
        int32_t ids[AMOUNTS_MAX_TOTAL];
        int k = 0;
        size_t i;
        json_t *v;
        json_array_foreach(one, i, v) if (k < AMOUNTS_MAX_TOTAL) ids[k++] = (int32_t)json_integer_value(v);
        amounts_answer_text(g, ids, k, out, n);
        return;
    }
    size_t u = 0;
    size_t i;
    json_t *v;
    json_array_foreach(one, i, v) {
        int32_t id = (int32_t)json_integer_value(v);
        const char *label = NULL;
        for (int o = 0; o < d.nopt; o++)
            if (d.opts[o].id == id) label = state_dcstr(&g->s, d.opts[o].label);
        if (u < n) {
            if (label) u += (size_t)snprintf(out + u, n - u, "%s%s", i ? ", " : "", label);
            else u += (size_t)snprintf(out + u, n - u, "%s#%d", i ? ", " : "", (int)id);
        }
    }
}

/* --verify over many files with one warm worker. */
static int verify_many(char **files, int n, const char *game, const char *const *extra, int nextra)
{
    Worker wk;
    bool open = false;
    int ok = 0, bad = 0;
    for (int i = 0; i < n; i++) {
        Err e;
        err_clear(&e);
        json_t *log = save_read(files[i], &e);
        if (!log) {
            char buf[800];
            err_format(&e, buf, sizeof buf);
            fprintf(stderr, "tabula replay: %s\n", buf);
            bad++;
            continue;
        }
        if (!open) {
            const char *g = game ? game : save_game_id(log);
            if (!g) {
                /* one bad file among many: said, counted, and the others checked (it
                 * stopped there, with no count, the files after it not checked) */
                fprintf(stderr, "tabula replay: %s: the log names no pack\n", files[i]);
                json_decref(log);
                bad++;
                continue;
            }
            if (!worker_open(&wk, g, extra, nextra, &e)) {
                fprintf(stderr, "tabula replay: %s: %s%s\n", files[i], e.msg, game_hint(!game, &e));
                json_decref(log);
                return 1;
            }
            open = true;
        }
        Game *gm = save_replay(wk.w, log, -1, &e);
        if (gm && !json_object_get(log, "state_hash")) {
            /* nothing to verify against: it was counted as reaching its saved state */
            fprintf(stderr, "tabula replay: %s: the log has no \"state_hash\": there is no saved state to verify\n",
                    files[i]);
            bad++;
        } else if (gm) ok++;
        else {
            fprintf(stderr, "tabula replay: %s: %s%s\n", files[i], e.msg, replay_fail_hint(e.msg));
            bad++;
        }
        game_free(gm);
        json_decref(log);
    }
    if (open) worker_close(&wk);
    printf("%d log%s replayed to the saved state, %d did not\n", ok, ok == 1 ? "" : "s", bad);
    return bad ? 1 : 0;
}

int cmd_replay(int argc, char **argv)
{
    const char *file = NULL, *game = NULL;
    int seat = -1;
    bool step = false, verify = false;
    const char *extra[16];
    int nextra = 0;
    char *files[4096];
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(replay_help, stdout);
            return 0;
        } else if (strcmp(argv[i], "--seat") == 0 && i + 1 < argc) {
            uint64_t x; /* checked against the game's seats once it is loaded */
            if (!arg_number("replay", "--seat", argv[++i], 1, MAX_SEATS, &x)) return 2;
            seat = (int)x - 1;
        } else if (strcmp(argv[i], "--game") == 0 && i + 1 < argc) {
            game = argv[++i];
        } else if (strcmp(argv[i], "--pack") == 0 && i + 1 < argc) {
            if (nextra == 16) {
                fprintf(stderr, "tabula replay: at most 16 --pack folders\n");
                return 2;
            }
            extra[nextra++] = argv[++i];
        } else if (strcmp(argv[i], "--step") == 0) {
            step = true;
        } else if (strcmp(argv[i], "--verify") == 0) {
            verify = true;
        } else if (argv[i][0] != '-') {
            if (nfiles == 4096) {
                fprintf(stderr, "tabula replay: at most 4096 files at a time\n");
                return 2;
            }
            files[nfiles++] = argv[i];
            if (!file) file = argv[i];
        } else {
            fprintf(stderr, "tabula replay: unknown or incomplete argument '%s'\n%s", argv[i], replay_help);
            return 2;
        }
    }
    if (!file) {
        fputs(replay_help, stderr);
        return 2;
    }
    if (verify) return verify_many(files, nfiles, game, extra, nextra);
    if (nfiles > 1) {
        fprintf(stderr, "tabula replay: one file at a time (several only with --verify)\n");
        return 2;
    }
    Err e;
    err_clear(&e);
    json_t *log = save_read(file, &e);
    if (!log) {
        char buf[800];
        err_format(&e, buf, sizeof buf);
        fprintf(stderr, "tabula replay: %s\n", buf);
        return 1;
    }
    json_t *np = json_object_get(log, "players");
    if (seat >= 0 && json_is_integer(np) && seat >= json_integer_value(np)) {
        fprintf(stderr, "tabula replay: --seat %d: the game in %s has %d seats\n", seat + 1, file,
                (int)json_integer_value(np));
        json_decref(log);
        return 2;
    }
    bool from_log = !game;
    if (!game) game = save_game_id(log);
    if (!game) {
        fprintf(stderr, "tabula replay: %s: the log names no pack\n", file);
        json_decref(log);
        return 1;
    }
    Worker wk;
    if (!worker_open(&wk, game, extra, nextra, &e)) {
        char buf[800];
        err_format(&e, buf, sizeof buf);
        /* the log that names the game, as --verify says it (not a --game given, nor an
         * error in a pack, which names its file) */
        bool say_log = from_log && !e.file[0];
        fprintf(stderr, "tabula replay: %s%s%s%s\n", say_log ? file : "", say_log ? ": " : "", buf,
                game_hint(from_log, &e));
        json_decref(log);
        return 1;
    }
    /* a log the game loaded cannot replay (another game's, other content) is refused
     * before the header that would name this game as the one replayed */
    if (!save_check(wk.w, log, &e)) {
        fprintf(stderr, "tabula replay: %s: %s%s\n", file, e.msg, replay_fail_hint(e.msg));
        worker_close(&wk);
        json_decref(log);
        return 1;
    }
    /* what is replayed and for whom, as `play` opens a game: the packs, when an
     * expansion is in, and the seat (the log differs from seat to seat) */
    char packs[600] = "";
    if (wk.w->npacks > 1) packs_list(wk.w, packs, sizeof packs);
    int nseats = json_is_integer(np) ? (int)json_integer_value(np) : 0;
    const char *seed = json_string_value(json_object_get(log, "seed"));
    char who[32] = "a spectator";
    if (seat >= 0) snprintf(who, sizeof who, "seat %d", seat + 1);
    printf("%s - %d player%s - seed %s%s%s - as %s sees it\n", wk.w->packs[0].name, nseats, nseats == 1 ? "" : "s",
           seed ? seed : "?", packs[0] ? " - packs " : "", packs, who);
    int rc = 0;
    if (!step) {
        Game *g = save_replay(wk.w, log, -1, &e);
        if (!g) {
            fprintf(stderr, "tabula replay: %s: %s%s\n", file, e.msg, replay_fail_hint(e.msg));
            rc = 1;
        } else {
            Buf b = {0};
            view_log(g, seat, 0, 0, &b);
            fputs(b.s ? b.s : "", stdout);
            buf_free(&b);
        }
        game_free(g);
    } else {
        json_t *answers = json_object_get(log, "answers");
        int n = (int)json_array_size(answers);
        uint32_t shown = 0;
        for (int k = 0; k <= n; k++) {
            Game *g = save_replay(wk.w, log, k, &e);
            if (!g) {
                fprintf(stderr, "tabula replay: %s: %s%s\n", file, e.msg, replay_fail_hint(e.msg));
                rc = 1;
                break;
            }
            Buf b = {0};
            view_log(g, seat, shown, 0, &b);
            shown = g->events.len;
            fputs(b.s ? b.s : "", stdout);
            buf_free(&b);
            DecisionView d = game_decision(g);
            if (d.seat >= 0 && k < n) {
                char said[1000];
                answer_text(g, d, json_array_get(answers, (size_t)k), seat, said, sizeof said);
                printf("[decision %d/%d: seat %d — %s: %s]\n", k + 1, n, d.seat + 1, d.prompt, said);
            } else if (d.seat >= 0) {
                /* an unfinished game: the log ends at a decision nobody answered */
                printf("[end of the log after %d decision%s; the game is not over: seat %d — %s]\n", n,
                       n == 1 ? "" : "s", d.seat + 1, d.prompt);
            }
            game_free(g);
            if (k < n && isatty(0)) {
                char line[64];
                if (!fgets(line, sizeof line, stdin)) break;
            }
        }
    }
    worker_close(&wk);
    json_decref(log);
    return rc;
}
