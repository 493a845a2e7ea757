/* test_log.c — the log is the product: save at every decision (also inside an effect)
 * and load gives the same game; undo then redo gives the same state; a clone played on
 * equals the original played on; corrupt or foreign saves are refused with a clear
 * error; fault injection leaves the game as it was. */
#include <stdlib.h>
#include <unistd.h>

#include "t.h"

#define AL "games/artemia-lite"

/* Plays g with bot b for at most n decisions. */
static void play_n(Game *g, Bot *b, int n)
{
    int32_t ids[64];
    for (int i = 0; i < n && game_advance(g) == ADV_DECISION; i++) {
        int k = bot_random(b, g, ids, 64);
        Err e;
        if (!game_answer(g, ids, k, &e)) {
            t_fail(__FILE__, __LINE__, "answer refused: %s", e.msg);
            return;
        }
    }
    game_advance(g);
}

static char *log_text(const Game *g)
{
    json_t *j = save_json(g);
    char *t = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(j);
    return t;
}

TEST(log_save_load_at_every_decision_continues_identically)
{
    Worker *wk = t_worker(AL);
    if (!wk) return;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        /* the uninterrupted game */
        Game *ref = t_game(wk, seed, 4);
        if (!ref) return;
        CHECK_INT(t_play(ref, seed), ADV_OVER);
        char *want = log_text(ref);
        int total = (int)ref->nanswers;
        /* at every decision k: save, load in a new game, continue with the same bot
         * answers (replayed from ref's log), compare the final logs */
        for (int k = 0; k <= total; k += 1) {
            Err e;
            json_t *log = save_json(ref);
            Game *part = save_replay(wk->w, log, k, &e);
            json_decref(log);
            if (!part) {
                t_fail(__FILE__, __LINE__, "replay to %d: %s", k, e.msg);
                break;
            }
            char path[64];
            snprintf(path, sizeof path, "/tmp/tabula-test-%d.json", (int)getpid());
            CHECK(save_write(part, path, &e));
            Game *loaded = save_load(wk->w, path, &e);
            remove(path);
            CHECK_MSG(loaded != NULL, "load at %d: %s", k, e.msg);
            if (!loaded) {
                game_free(part);
                break;
            }
            CHECK_INT(state_hash(&loaded->s), state_hash(&part->s));
            /* continue with the remaining answers of ref */
            for (int i = k; i < total; i++) {
                int n;
                const int32_t *ids = game_answer_at(ref, i, &n);
                CHECK_INT(game_advance(loaded), ADV_DECISION);
                if (!game_answer(loaded, ids, n, &e)) {
                    t_fail(__FILE__, __LINE__, "answer %d after load at %d: %s", i, k, e.msg);
                    break;
                }
            }
            game_advance(loaded);
            char *got = log_text(loaded);
            CHECK_MSG(got && strcmp(got, want) == 0, "seed %d: log after load at decision %d differs", (int)seed, k);
            free(got);
            game_free(loaded);
            game_free(part);
        }
        free(want);
        game_free(ref);
    }
}

TEST(log_decisions_inside_effects_are_rebuilt_after_load)
{
    /* artemia-lite's exploration asks every Hunted inside one rules action: a save at
     * the second Hunted's question is a save inside an effect */
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 5, 4);
    if (!g) return;
    Bot b = {.rng = 5};
    play_n(g, &b, 1);
    CHECK(g->in_action);
    CHECK_INT(game_decision(g).seat, 2);
    Err e;
    json_t *log = save_json(g);
    Game *h = save_replay(wk->w, log, -1, &e);
    json_decref(log);
    CHECK_MSG(h != NULL, "%s", e.msg);
    if (!h) return;
    CHECK(h->in_action);
    CHECK_INT(state_hash(&h->s), state_hash(&g->s));
    /* both continue the same way */
    Bot b1 = {.rng = 99}, b2 = {.rng = 99};
    play_n(g, &b1, 30);
    play_n(h, &b2, 30);
    CHECK_INT(state_hash(&h->s), state_hash(&g->s));
    game_free(g);
    game_free(h);
}

TEST(log_undo_then_redo_gives_the_same_state)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 8, 3);
    if (!g) return;
    Bot b = {.rng = 8};
    play_n(g, &b, 25);
    uint64_t at25 = state_hash(&g->s);
    Err e;
    for (int k = 0; k <= 25; k += 5) {
        Game *u = game_at(g, k, &e);
        CHECK_MSG(u != NULL, "undo to %d: %s", k, e.msg);
        if (!u) continue;
        CHECK_INT(u->nanswers, k);
        /* redo: the answers g gave from k on */
        for (int i = k; i < 25; i++) {
            int n;
            const int32_t *ids = game_answer_at(g, i, &n);
            game_advance(u);
            CHECK(game_answer(u, ids, n, &e));
        }
        game_advance(u);
        CHECK_INT(state_hash(&u->s), at25);
        game_free(u);
    }
    CHECK(game_at(g, 26, &e) == NULL);
    CHECK_CONTAINS(e.msg, "out of range");
    game_free(g);
}

/* undo of a designer's `run`: the chunks injected just before answer k are kept up to
 * the number asked for, those before still run, and the rebuilt game records only
 * the ones it ran */
TEST(log_game_at_runs_keeps_the_first_runs_at_its_answer)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 8, 3);
    if (!g) return;
    Bot b = {.rng = 8};
    game_advance(g); /* (as at the REPL: a `run` is made at a question) */
    CHECK_INT(t_run(g, "game.set('a', 1)"), 0);
    play_n(g, &b, 3);
    CHECK_INT(t_run(g, "game.set('b', 2)"), 0);
    CHECK_INT(t_run(g, "game.set('c', 3)"), 0);
    Err e;
    json_t *want[3] = {NULL, NULL, NULL};
    for (int runs = 0; runs <= 2; runs++) {
        Game *u = game_at_runs(g, 3, runs, &e);
        CHECK_MSG(u != NULL, "runs %d: %s", runs, e.msg);
        if (!u) continue;
        game_advance(u);
        CHECK_INT(u->nanswers, 3);
        CHECK_INT(json_array_size(u->chunks), (size_t)runs + 1);
        CHECK_INT(prop_int(u, ENT_GAME, 0, names_find(&wk->w->names, "a"), 0), 1);
        CHECK_INT(prop_int(u, ENT_GAME, 0, names_find(&wk->w->names, "b"), 0), runs >= 1 ? 2 : 0);
        CHECK_INT(prop_int(u, ENT_GAME, 0, names_find(&wk->w->names, "c"), 0), runs >= 2 ? 3 : 0);
        want[runs] = save_json(u);
        game_free(u);
    }
    /* all of them (runs < 0) is the game itself; and a rebuilt game saves and loads */
    Game *all = game_at_runs(g, 3, -1, &e);
    CHECK_MSG(all != NULL, "%s", e.msg);
    if (all) {
        game_advance(all);
        CHECK_INT(state_hash(&all->s), state_hash(&g->s));
        game_free(all);
    }
    for (int runs = 0; runs <= 2; runs++) {
        Game *r = want[runs] ? save_replay(wk->w, want[runs], -1, &e) : NULL;
        CHECK_MSG(r != NULL, "reload %d: %s", runs, r ? "" : e.msg);
        if (r) game_free(r);
        json_decref(want[runs]);
    }
    /* before the first answer: the run made there goes too */
    Game *z = game_at_runs(g, 0, 0, &e);
    CHECK_MSG(z != NULL, "%s", e.msg);
    if (z) {
        game_advance(z);
        CHECK_INT(json_array_size(z->chunks), 0);
        CHECK_INT(prop_int(z, ENT_GAME, 0, names_find(&wk->w->names, "a"), 0), 0);
        game_free(z);
    }
    game_free(g);
}

TEST(log_clone_played_on_equals_original_played_on)
{
    Worker *wk = t_worker(AL);
    for (int cut = 0; cut < 40; cut += 3) {
        Game *g = t_game(wk, 21, 5);
        if (!g) return;
        Bot b = {.rng = 21};
        play_n(g, &b, cut);
        Game *c = game_clone(g);
        CHECK(c != NULL);
        if (!c) return;
        CHECK_INT(state_hash(&c->s), state_hash(&g->s));
        Bot b1 = {.rng = 7}, b2 = {.rng = 7};
        CHECK_INT(play_random(g, &b1, 100000), ADV_OVER);
        CHECK_INT(play_random(c, &b2, 100000), ADV_OVER);
        CHECK_INT(state_hash(&c->s), state_hash(&g->s));
        char *lg = log_text(g), *lc = log_text(c);
        CHECK(lg && lc && strcmp(lg, lc) == 0);
        free(lg);
        free(lc);
        game_free(c);
        game_free(g);
    }
}

/* A copy taken while a script waits at a question rebuilds that action when answered
 * (its coroutine belongs to the original): the state is then the original's at once, not
 * only at the game's end (the rebuild did not count the action again in the turn's
 * action count, so the two differed until the turn ended). */
TEST(log_clone_at_a_script_question_answers_as_the_original)
{
    Worker *wk = t_worker("games/notalone");
    int checked = 0;
    for (int cut = 1; cut < 90; cut += 4) {
        Game *g = t_game(wk, 5, 4);
        if (!g) return;
        Bot b = {.rng = 5};
        play_n(g, &b, cut);
        if (game_advance(g) != ADV_DECISION || !g->in_action) {
            game_free(g);
            continue;
        }
        Game *c = game_clone(g);
        CHECK(c != NULL);
        if (!c) return;
        int32_t ids[64];
        Bot b1 = {.rng = cut}, b2 = {.rng = cut};
        int k1 = bot_random(&b1, g, ids, 64);
        Err e;
        CHECK(game_answer(g, ids, k1, &e));
        int k2 = bot_random(&b2, c, ids, 64);
        CHECK(game_answer(c, ids, k2, &e));
        game_advance(g);
        game_advance(c);
        CHECK_INT(state_hash(&c->s), state_hash(&g->s));
        checked++;
        game_free(c);
        game_free(g);
    }
    CHECK_MSG(checked >= 3, "only %d cuts stopped at a script's question", checked);
}

TEST(log_corrupt_or_foreign_saves_are_refused_clearly)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 3, 3);
    if (!g) return;
    Bot b = {.rng = 3};
    play_n(g, &b, 10);
    uint64_t before = state_hash(&g->s);
    char path[64];
    snprintf(path, sizeof path, "/tmp/tabula-corrupt-%d.json", (int)getpid());
    Err e;
    /* not JSON: file, line and column */
    FILE *f = fopen(path, "w");
    fputs("{\n  \"tabula_log\": 1,\n  \"seed\": oops\n}\n", f);
    fclose(f);
    err_clear(&e);
    CHECK(save_load(wk->w, path, &e) == NULL);
    CHECK_CONTAINS(e.file, "tabula-corrupt");
    CHECK_INT(e.line, 3);
    /* a file that cannot be opened: the path and the reason, no line or column */
    err_clear(&e);
    CHECK(save_load(wk->w, "/nonexistent/tabula-log.json", &e) == NULL);
    CHECK_CONTAINS(e.file, "/nonexistent/tabula-log.json");
    CHECK_CONTAINS(e.msg, "cannot open: No such file or directory");
    CHECK_INT(e.line, 0);
    CHECK_INT(e.col, 0);
    /* a changed pack hash */
    json_t *log = save_json(g);
    json_object_set_new(json_array_get(json_object_get(log, "packs"), 0), "hash", json_string("0000000000000000"));
    json_dump_file(log, path, 0);
    err_clear(&e);
    CHECK(save_load(wk->w, path, &e) == NULL);
    CHECK_CONTAINS(e.msg, "changed since the log was written");
    /* another Lua build */
    json_decref(log);
    log = save_json(g);
    json_object_set_new(log, "lua_probe", json_string("1~(2 or 3)=3 (a later Lua)"));
    json_dump_file(log, path, 0);
    err_clear(&e);
    CHECK(save_load(wk->w, path, &e) == NULL);
    CHECK_CONTAINS(e.msg, "different Lua");
    /* an answer that does not fit */
    json_decref(log);
    log = save_json(g);
    json_array_set_new(json_object_get(log, "answers"), 0, json_pack("[i]", 999));
    json_dump_file(log, path, 0);
    err_clear(&e);
    CHECK(save_load(wk->w, path, &e) == NULL);
    CHECK_CONTAINS(e.msg, "answer 1 does not fit");
    json_decref(log);
    remove(path);
    /* the game in memory is untouched by all this */
    CHECK_INT(state_hash(&g->s), before);
    game_free(g);
}

/* Sets field key of a fresh log of g to the JSON text val (NULL: removes the field),
 * replays it and checks the error names what is wrong. */
static void damaged(Game *g, Worker *wk, const char *key, const char *val, const char *want)
{
    json_t *log = save_json(g);
    if (val) json_object_set_new(log, key, json_loads(val, JSON_DECODE_ANY, NULL));
    else json_object_del(log, key);
    Err e;
    err_clear(&e);
    Game *r = save_replay(wk->w, log, -1, &e);
    CHECK(r == NULL);
    CHECK_CONTAINS(e.msg, want);
    game_free(r);
    json_decref(log);
}

TEST(log_damaged_fields_are_refused_naming_the_field_not_read_as_something_else)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 3, 3);
    if (!g) return;
    Bot b = {.rng = 3};
    play_n(g, &b, 10);
    /* before: a string answer replayed as option 0, a seed "abc" as seed 0, options as
     * a list were ignored, a chunk past the end was dropped */
    damaged(g, wk, "answers", "[[\"x\"]]", "answer 1, item 1: \"x\" is not a whole-number option id");
    damaged(g, wk, "answers", "[[0], [4, \"x\"]]", "answer 2, item 2: \"x\" is not a whole-number option id");
    damaged(g, wk, "answers", "[2]", "answer 1 must be a list");
    damaged(g, wk, "answers", "[[1099511627776]]", "answer 1, item 1: 1099511627776 is not");
    damaged(g, wk, "answers", "[[-1]]", "answer 1, item 1: -1 is not");
    damaged(g, wk, "answers", NULL, "\"answers\" must be a list");
    damaged(g, wk, "seed", "\"abc\"", "\"seed\" must be a whole number");
    damaged(g, wk, "seed", "\"-5\"", "\"seed\" must be a whole number");
    damaged(g, wk, "seed", "\"18446744073709551616\"", "\"seed\" must be a whole number");
    damaged(g, wk, "seed", "3", "\"seed\" must be a whole number");
    damaged(g, wk, "players", "\"3\"", "\"players\" must be a whole number");
    damaged(g, wk, "options", "[1]", "\"options\" must be an object");
    damaged(g, wk, "chunks", "{}", "\"chunks\" must be a list");
    damaged(g, wk, "chunks", "[{\"at\": 999, \"lua\": \"game.log('x')\"}]",
            "chunk 1 has \"at\": 999, but it must run before an answer, at most");
    /* a state hash that is not a string was read as none: the replay went unchecked */
    damaged(g, wk, "state_hash", "5", "\"state_hash\" must be the state's hash written as a string");
    /* a log of another game said to add that game with --pack, as for an expansion */
    damaged(g, wk, "packs", "[{\"id\": \"notalone\", \"version\": \"1.0.0\", \"hash\": \"0\"}]",
            "log is a game of 'notalone', not of 'artemia-lite' (the game loaded)");
    /* the largest seed is a seed */
    json_t *log = save_json(g);
    json_object_set_new(log, "seed", json_string("18446744073709551615"));
    json_object_del(log, "state_hash");
    Err e;
    Game *r = save_replay(wk->w, log, 0, &e);
    CHECK(r != NULL);
    if (r) CHECK(r->seed == UINT64_MAX);
    game_free(r);
    json_decref(log);
    game_free(g);
}

TEST(log_save_is_atomic_and_keeps_the_old_file_on_failure)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 4, 2);
    if (!g) return;
    game_advance(g);
    Err e;
    CHECK(!save_write(g, "/nonexistent-dir/x.json", &e));
    CHECK_CONTAINS(e.msg, "cannot write");
    game_free(g);
}

TEST(log_fault_injection_failing_allocations_leave_the_game_as_it_was)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 12, 4);
    if (!g) return;
    Bot b = {.rng = 12};
    play_n(g, &b, 6);
    /* answer the next decision while the Nth host allocation fails, for every N until
     * the answer goes through without a failure */
    int32_t ids[64];
    Bot probe = b;
    int k = bot_random(&probe, g, ids, 64);
    int refused = 0, done = 0;
    for (long n = 0; n < 400 && !done; n++) {
        Game *c = game_clone(g);
        if (!c) break;
        char *before = t_dump(c);
        Err e;
        xalloc_fail_after(n);
        bool ok = game_answer(c, ids, k, &e);
        if (ok) game_advance(c);
        xalloc_fail_after(-1);
        if (!ok) {
            char *after = t_dump(c);
            CHECK_MSG(after && before && strcmp(before, after) == 0, "failing allocation %ld changed the game", n);
            free(after);
            refused++;
        } else if (!c->fatal[0] && c->nerrors == g->nerrors) {
            done = 1;
        }
        free(before);
        game_free(c);
    }
    CHECK(done);
    game_free(g);
}

TEST(log_a_save_loads_in_a_worker_with_a_different_history)
{
    /* interned names are process-local; the log's state hash must not depend on them */
    Worker a, b;
    Err e;
    if (!t_worker_new(&a, AL, &e) || !t_worker_new(&b, AL, &e)) {
        t_fail(__FILE__, __LINE__, "open: %s", e.msg);
        return;
    }
    Game *warm = t_game(&a, 1, 3);
    if (warm) {
        game_advance(warm);
        CHECK_INT(t_run(warm, "game.set('only_in_worker_a', 1) game.set('another_name', 2)"), 0);
        game_free(warm);
    }
    Game *g = t_game(&a, 2, 3);
    if (g) {
        game_advance(g);
        CHECK_INT(t_run(g, "game.set('mark', 5) track.new('t', {start = 0, max = 9, marks = {x = {2}}})"), 0);
        Bot bot = {.rng = 2};
        play_n(g, &bot, 12);
        json_t *log = save_json(g);
        Game *h = save_replay(b.w, log, -1, &e);
        CHECK_MSG(h != NULL, "load in another worker: %s", e.msg);
        if (h) CHECK(game_hash(h) == game_hash(g));
        game_free(h);
        json_decref(log);
        game_free(g);
    }
    worker_close(&a);
    worker_close(&b);
}

/* A chunk run while an action waits at its first question (a designer's `run`, a log's
 * chunk "at" that point) rolls the action back, runs, and makes the action again: the
 * action is counted once in the turn's actions, as it was before the chunk. It was
 * counted only when the remade action happened to be rebuilt (its uncounted run past
 * its time, which depends on the machine's load), so the same log loaded to two states
 * (the fuzzer found it: "a loaded game does not load again the same"). */
TEST(log_a_chunk_at_an_actions_first_question_keeps_that_action_counted)
{
    Game *g = t_game(t_worker(AL), 3, 5);
    if (!g) return;
    CHECK_INT(game_advance(g), ADV_DECISION);
    CHECK_INT(g->nanswers, 0);
    int32_t before = g->s.h.actions_turn;
    CHECK(before >= 1);
    /* a chunk that fails: nothing changes, the waiting action still counted */
    CHECK_INT(t_run(g, "game.set('x'{"), 1);
    CHECK_INT(g->s.h.actions_turn, before);
    /* a chunk that runs: it is counted too */
    CHECK_INT(t_run(g, "game.set('x', 1)"), 0);
    CHECK_INT(g->s.h.actions_turn, before + 1);
    /* and the game saved here loads to the same state */
    json_t *j = save_json(g);
    Err e;
    err_clear(&e);
    Game *g2 = j ? save_replay(g->w, j, -1, &e) : NULL;
    CHECK_MSG(g2 != NULL, "%s", e.msg);
    if (g2) {
        CHECK_INT(g2->s.h.actions_turn, before + 1);
        CHECK(game_hash(g2) == game_hash(g));
        game_free(g2);
    }
    json_decref(j);
    game_free(g);
}
