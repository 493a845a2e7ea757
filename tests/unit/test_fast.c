/* test_fast.c — uncounted runs (vm/fast.c). An action or query first runs without the
 * count hook and stands only when it provably stayed under the budget; otherwise it is
 * made again from its start, counted. Every outcome must be the one a worker that
 * counts everything (VmLimits.count_all) gives: the same games, the same errors at the
 * same lines, the same state. */
#include <stdlib.h>
#include <sys/stat.h>

#include "save.h"
#include "test_sandbox.h"

/* A worker of pack dir that counts everything (count_all) or runs uncounted first. */
static bool open_worker(Worker *wk, const char *dir, bool count_all)
{
    Err e;
    err_clear(&e);
    memset(wk, 0, sizeof *wk);
    wk->w = world_new();
    if (!wk->w || pack_load(wk->w, dir, &e) < 0) {
        t_fail(__FILE__, __LINE__, "cannot open %s: %s", dir, e.msg);
        world_free(wk->w);
        wk->w = NULL;
        return false;
    }
    VmLimits lim = vm_limits_default();
    lim.count_all = count_all;
    wk->vm = vm_new(wk->w, &lim, &e);
    if (!wk->vm) {
        t_fail(__FILE__, __LINE__, "vm_new: %s", e.msg);
        world_free(wk->w);
        wk->w = NULL;
        return false;
    }
    return true;
}

static uint64_t uncounted(const Worker *wk)
{
    uint64_t u, r;
    vm_fast_stats(wk->vm, &u, &r);
    return u;
}

static uint64_t recounted(const Worker *wk)
{
    uint64_t u, r;
    vm_fast_stats(wk->vm, &u, &r);
    return r;
}

/* Appends g's end to b (every seat's view and the state hash, then the whole log) and
 * frees g. */
static void end_game(Buf *b, Game *g)
{
    char *d = t_dump(g);
    buf_printf(b, "%s", d ? d : "");
    free(d);
    view_log(g, -1, 0, 0, b);
    game_free(g);
}

/* Seeded Not Alone games played to the end by the random bot: every seat's view, the
 * state hash and the whole log, game after game. */
static char *na_games(Worker *wk)
{
    static const int players[] = {2, 4, 7};
    Buf b = {0};
    for (int i = 0; i < 3; i++)
        for (uint64_t seed = 1; seed <= 2; seed++) {
            Game *g = t_game(wk, seed, players[i]);
            if (!g) continue;
            buf_printf(&b, "game %d players seed %d: %d\n", players[i], (int)seed, t_play(g, seed));
            end_game(&b, g);
        }
    return b.s;
}

/* Three workers of Not Alone: w[0] counts everything, w[1] runs uncounted first, and
 * w[2] assumes a machine running a trillion instructions a ns, so that no uncounted run
 * of it stands: every one is made again counted. */
static bool open_three(Worker w[3])
{
    for (int i = 0; i < 3; i++)
        if (!open_worker(&w[i], "games/notalone", i == 0)) {
            while (i-- > 0) sb_close(&w[i]);
            return false;
        }
    vm_fast_assume(w[2].vm, 1000000000000u);
    return true;
}

static void close_three(Worker w[3])
{
    for (int i = 0; i < 3; i++) sb_close(&w[i]);
}

/* The texts of the three workers' games (open_three) are the same; frees them. */
static void same_three_at(const char *file, int line, char *t[3])
{
    if (!t[0] || !t[1] || !t[2]) t_fail(file, line, "a worker made no games");
    else if (strcmp(t[0], t[1]) != 0) t_fail(file, line, "uncounted games differ from counted ones");
    else if (strcmp(t[0], t[2]) != 0) t_fail(file, line, "games whose every run was made again differ from counted ones");
    for (int i = 0; i < 3; i++) free(t[i]);
}
#define SAME_THREE(t) same_three_at(__FILE__, __LINE__, (t))

TEST(fast_whole_games_are_the_same_uncounted_counted_and_all_made_again)
{
    Worker w[3];
    if (!open_three(w)) return;
    char *t[3] = {na_games(&w[0]), na_games(&w[1]), na_games(&w[2])};
    CHECK(t[0] && strstr(t[0], "win")); /* the games did end */
    SAME_THREE(t);
    /* a run thrown away leaves no script API call in the count (sim reports it) */
    CHECK_INT(vm_api_calls(w[1].vm), vm_api_calls(w[0].vm));
    CHECK_INT(vm_api_calls(w[2].vm), vm_api_calls(w[0].vm));
    CHECK_INT(uncounted(&w[0]), 0);
    CHECK_INT(recounted(&w[0]), 0);
    CHECK(uncounted(&w[1]) > 1000); /* (how many were made again depends on the machine's
                                      * load: make bench reports it) */
    CHECK(uncounted(&w[2]) > 1000);
    CHECK_INT(recounted(&w[2]), uncounted(&w[2]));
    close_three(w);
}

/* Seeded games with a designer's chunk run every few questions (game_inject: the action
 * waiting at its question is rolled back, the chunk runs, the action is made again),
 * one chunk in three failing; played on by the random bot: the same views, state hash
 * and log, game after game. A chunk at an action's first question left that action
 * uncounted in the turn's actions unless its run was made again (log_a_chunk_...). */
static char *chunk_games(Worker *wk)
{
    static const int players[] = {2, 5};
    Buf b = {0};
    for (int i = 0; i < 2; i++)
        for (uint64_t seed = 1; seed <= 2; seed++) {
            Game *g = t_game(wk, seed, players[i]);
            if (!g) continue;
            Bot bot = {.rng = seed};
            int32_t ids[64];
            for (int k = 0; k < 120 && game_advance(g) == ADV_DECISION; k++) {
                if (k % 4 == 0) t_run(g, k % 12 == 0 ? "game.set('x'{" : "game.set('c', (game.get('c') or 0) + 1)");
                if (game_advance(g) != ADV_DECISION) break;
                int n = bot_random(&bot, g, ids, 64);
                Err e;
                if (!game_answer(g, ids, n, &e)) break;
            }
            buf_printf(&b, "game %d players seed %d: hash %016llx turn %d\n", players[i], (int)seed,
                       (unsigned long long)game_hash(g), g->s.h.turn);
            end_game(&b, g);
        }
    return b.s;
}

TEST(fast_games_with_chunks_are_the_same_uncounted_counted_and_all_made_again)
{
    Worker w[3];
    if (!open_three(w)) return;
    char *t[3] = {chunk_games(&w[0]), chunk_games(&w[1]), chunk_games(&w[2])};
    SAME_THREE(t);
    close_three(w);
}

/* src run as an action on a game of each worker: the same error, file and line, the
 * same state after; the uncounted worker made the run again counted. */
static void same_outcome_at(const char *file, int line, Worker *all, Worker *fast, const char *src,
                            bool fails)
{
    Game *ga = sb_game(all, 1), *gf = sb_game(fast, 1);
    if (ga && gf) {
        uint64_t r0 = recounted(fast);
        int na = t_run(ga, src), nf = t_run(gf, src);
        if (na != (fails ? 1 : 0)) t_fail(file, line, "counted: %d errors (%s)", na, ga->last_error.msg);
        if (nf != na) t_fail(file, line, "uncounted: %d errors, counted %d (%s)", nf, na, gf->last_error.msg);
        if (strcmp(ga->last_error.msg, gf->last_error.msg) != 0 || ga->last_error.line != gf->last_error.line ||
            strcmp(ga->last_error.file, gf->last_error.file) != 0)
            t_fail(file, line, "errors differ:\n  counted   %s:%d: %s\n  uncounted %s:%d: %s",
                   ga->last_error.file, ga->last_error.line, ga->last_error.msg, gf->last_error.file,
                   gf->last_error.line, gf->last_error.msg);
        char *da = t_dump(ga), *df = t_dump(gf);
        if (!da || !df || strcmp(da, df) != 0) t_fail(file, line, "the states differ after: %s", src);
        free(da);
        free(df);
        if (recounted(fast) == r0) t_fail(file, line, "the uncounted run was not made again: %s", src);
    }
    game_free(ga);
    game_free(gf);
}
#define SAME_OUTCOME(all, fast, src, fails) same_outcome_at(__FILE__, __LINE__, (all), (fast), (src), (fails))

TEST(fast_runs_that_never_end_or_come_near_the_budget_end_as_when_counted)
{
    Worker all, fast;
    if (!open_worker(&all, HP, true)) return;
    if (!open_worker(&fast, HP, false)) {
        sb_close(&all);
        return;
    }
    SAME_OUTCOME(&all, &fast, "while true do end", true);
    SAME_OUTCOME(&all, &fast, "::a:: goto a", true);
    SAME_OUTCOME(&all, &fast, "local function f() return f() end f()", true);
    SAME_OUTCOME(&all, &fast, "while true do pcall(function() while true do end end) end", true);
    SAME_OUTCOME(&all, &fast, BOMB("spin"), true);
    /* 6,000,000 instructions: past the budget, the counted run stops it on the same line */
    SAME_OUTCOME(&all, &fast, "local s = 0\nfor i = 1, 3e6 do s = s + i end\ngame.set('s', s)", true);
    /* 3,000,000: under it, the run made again counted ends and sets the same value */
    SAME_OUTCOME(&all, &fast, "local s = 0\nfor i = 1, 1.5e6 do s = s + i end\ngame.set('s', s)", false);
    sb_close(&all);
    sb_close(&fast);
}

TEST(fast_a_query_that_never_ends_is_stopped_as_when_counted)
{
    Worker all, fast;
    if (!open_worker(&all, HP, true)) return;
    if (!open_worker(&fast, HP, false)) {
        sb_close(&all);
        return;
    }
    Game *ga = sb_game(&all, 1), *gf = sb_game(&fast, 1);
    if (ga && gf) {
        static const char *const srcs[] = {"while true do end", "local n = 0 for i = 1, 1e6 do n = n + 1 end return n"};
        for (int i = 0; i < 2; i++) {
            uint64_t r0 = recounted(&fast);
            char *oa = NULL, *of = NULL;
            Err ea, ef;
            err_clear(&ea);
            err_clear(&ef);
            bool ka = vm_eval(all.vm, ga, srcs[i], true, &oa, &ea);
            bool kf = vm_eval(fast.vm, gf, srcs[i], true, &of, &ef);
            CHECK_INT(ka, i == 1);
            CHECK_INT(kf, ka);
            CHECK_MSG(strcmp(ea.msg, ef.msg) == 0, "'%s' / '%s'", ea.msg, ef.msg);
            if (i == 0) CHECK_CONTAINS(ef.msg, "instruction budget of 5000000 exceeded");
            CHECK_MSG((oa == NULL) == (of == NULL) && (!oa || strcmp(oa, of) == 0), "results differ: %s / %s",
                      oa ? oa : "-", of ? of : "-");
            if (i == 1) CHECK(of && strcmp(of, "1000000") == 0);
            CHECK(recounted(&fast) > r0);
            free(oa);
            free(of);
        }
        /* the worker goes on: a short query stands uncounted */
        uint64_t u0 = uncounted(&fast), r0 = recounted(&fast);
        char *o = NULL;
        Err e;
        CHECK(vm_eval(fast.vm, gf, "1 + 1", true, &o, &e));
        CHECK(o && strcmp(o, "2") == 0);
        CHECK_INT(uncounted(&fast), u0 + 1);
        CHECK_INT(recounted(&fast), r0);
        free(o);
    }
    game_free(ga);
    game_free(gf);
    sb_close(&all);
    sb_close(&fast);
}

/* An action asks, then works: the time of its uncounted runs adds up across its
 * questions, and the budget is the action's as a whole, as when counted. */
static void across_questions(int before, int after, bool trips, bool second)
{
    char rules[600];
    snprintf(rules, sizeof rules,
             "return { turn = { 'main' }, steps = { main = { enter = function(ctx)\n"
             "  local x = 0 for i = 1, %d do x = x + 1 end\n"
             "  decide.choose(1, { 'a', 'b' })\n"
             "  for i = 1, %d do x = x + 1 end\n"
             "  game.set('done', x)\n"
             "  %s\n"
             "  game.win(1, 'done') end } } }\n",
             before, after, second ? "decide.choose(1, { 'c', 'd' })" : "");
    char dir[128];
    if (!sb_tmp_pack(dir, sizeof dir, rules, "return {}", 9)) {
        t_fail(__FILE__, __LINE__, "cannot write a temporary pack");
        return;
    }
    Worker all, fast;
    if (open_worker(&all, dir, true)) {
        if (open_worker(&fast, dir, false)) {
            Game *ga = t_game(&all, 1, 2), *gf = t_game(&fast, 1, 2);
            if (ga && gf) {
                uint64_t r0 = recounted(&fast);
                Game *gs[2] = {ga, gf};
                for (int k = 0; k < 2; k++) {
                    Game *g = gs[k];
                    CHECK_INT(game_advance(g), ADV_DECISION);
                    for (int q = 0; q < 2 && g->s.h.dec.seat != SEAT_NONE && g->nerrors == 0; q++) {
                        DecisionView d = game_decision(g);
                        Err e;
                        int32_t id = d.nopt ? d.opts[0].id : 0;
                        CHECK(game_answer(g, &id, 1, &e));
                        game_advance(g);
                    }
                }
                CHECK_INT(ga->nerrors, trips ? 1 : 0);
                CHECK_INT(gf->nerrors, ga->nerrors);
                CHECK_MSG(strcmp(ga->last_error.msg, gf->last_error.msg) == 0, "'%s' / '%s'", ga->last_error.msg,
                          gf->last_error.msg);
                if (trips) CHECK_CONTAINS(gf->last_error.msg, "instruction budget");
                CHECK_INT(sb_get(gf, "done", -1), sb_get(ga, "done", -1));
                if (!trips) CHECK_INT(sb_get(gf, "done", -1), before + after);
                char *da = t_dump(ga), *df = t_dump(gf);
                CHECK(da && df && strcmp(da, df) == 0);
                CHECK_INT(game_hash(gf), game_hash(ga)); /* what a save records */
                free(da);
                free(df);
                CHECK(recounted(&fast) > r0);
            }
            game_free(ga);
            game_free(gf);
            sb_close(&fast);
        }
        sb_close(&all);
    }
    sb_tmp_rm(dir);
}

TEST(fast_an_action_made_again_after_its_question_replays_the_answer)
{
    across_questions(10, 1500000, false, true); /* 3,000,000 instructions after the answer */
}

/* Made again after its last question, the action replays that answer without asking:
 * nothing the question left behind may tell the state from the one that ran on. */
TEST(fast_an_action_made_again_after_its_last_question_ends_in_the_same_state)
{
    across_questions(10, 1500000, false, false);
}

TEST(fast_the_budget_spans_the_questions_of_an_action_as_when_counted)
{
    across_questions(1500000, 1500000, true, true); /* 3,000,000 before, as many after */
}

TEST(fast_profiling_counts_every_instruction)
{
    Worker wk;
    if (!open_worker(&wk, "games/notalone", false)) return;
    vm_profile(wk.vm, true);
    Game *g = t_game(&wk, 1, 3);
    if (g) {
        t_play(g, 1);
        CHECK_INT(uncounted(&wk), 0);
        game_free(g);
    }
    vm_profile(wk.vm, false);
    g = t_game(&wk, 1, 3);
    if (g) {
        t_play(g, 1);
        CHECK(uncounted(&wk) > 0);
        game_free(g);
    }
    sb_close(&wk);
}

/* Not Alone games with the pack's bot 'basic' at every seat (its own random stream per
 * seat): every seat's view, the hash and the log. */
static char *na_bot_games(Worker *wk)
{
    Buf b = {0};
    int bot = vm_bot_find(wk->vm, "basic");
    if (bot < 0) {
        t_fail(__FILE__, __LINE__, "no bot 'basic' in Not Alone's bots.lua");
        return NULL;
    }
    for (int players = 3; players <= 5; players += 2) {
        Game *g = t_game(wk, 7, players);
        if (!g) continue;
        uint64_t rng[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        int32_t ids[1024];
        int n = 0;
        while (game_advance(g) == ADV_DECISION && n++ < 5000) {
            int s = g->s.h.dec.seat;
            Err e;
            err_clear(&e);
            int k = vm_bot_answer(wk->vm, bot, g, &rng[s], ids, 1024, &e);
            if (k < 0 || !game_answer(g, ids, k, &e)) {
                t_fail(__FILE__, __LINE__, "the bot did not answer: %d %s", k, e.msg);
                break;
            }
        }
        buf_printf(&b, "%d players, %d answers\n", players, n);
        end_game(&b, g);
    }
    return b.s;
}

TEST(fast_a_bots_answers_are_the_same_uncounted_counted_and_all_asked_again)
{
    Worker w[3];
    if (!open_three(w)) return;
    char *t[3] = {na_bot_games(&w[0]), na_bot_games(&w[1]), na_bot_games(&w[2])};
    SAME_THREE(t);
    CHECK(recounted(&w[2]) > 100); /* every bot answer was asked again, counted */
    close_three(w);
}

/* Whole games where an action's first part stands uncounted and its run after a
 * question is made again (rebuilt from its snapshot with its answers replayed), and the
 * other way round: the test setting flips between the two around each answer. A
 * window's question answered before such an action started used to stay in its snapshot
 * (its prompt, options and texts), so the rebuilt action ended in another state. */
static char *na_games_mixed(Worker *wk)
{
    static const int players[] = {2, 4, 7};
    Buf b = {0};
    for (int i = 0; i < 3; i++)
        for (uint64_t seed = 1; seed <= 2; seed++) {
            Game *g = t_game(wk, seed, players[i]);
            if (!g) continue;
            Bot bot = {.rng = seed};
            int32_t ids[1024];
            Err e;
            for (int n = 0; n < 1000000; n++) {
                vm_fast_assume(wk->vm, n % 2 ? 1000000000000u : 0);
                if (game_advance(g) != ADV_DECISION) break;
                int k = bot_random(&bot, g, ids, 1024);
                vm_fast_assume(wk->vm, n % 3 ? 1000000000000u : 0);
                if (!game_answer(g, ids, k, &e)) break;
            }
            buf_printf(&b, "game %d players seed %d\n", players[i], (int)seed);
            end_game(&b, g);
        }
    return b.s;
}

TEST(fast_actions_made_again_after_a_question_end_as_counted_ones_do)
{
    Worker w[3];
    if (!open_three(w)) return;
    char *t0 = na_games_mixed(&w[0]), *t1 = na_games_mixed(&w[1]);
    CHECK(t0 && strstr(t0, "win"));
    CHECK_MSG(t0 && t1 && strcmp(t0, t1) == 0, "games made again in part differ from counted ones");
    CHECK(recounted(&w[1]) > 0);
    free(t0);
    free(t1);
    close_three(w);
}
