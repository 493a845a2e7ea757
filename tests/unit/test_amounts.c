/* test_amounts.c — questions of quantities (decide.amounts: host/amounts.c, vm/lib_decide.c,
 * repl/amounts_text.c) and option data, on the test pack tests/packs/amounts (Hoard):
 * counting and drawing answers, what an answer must be, clone/save/replay, a refused
 * answer leaving the game as it was, what each seat is shown, the Lua bots' answers.
 *
 * Names: amounts_what. */
#include <stdlib.h>
#include <string.h>

#include "amounts.h"
#include "amounts_text.h"
#include "save.h"
#include "scenario_int.h"
#include "t.h"
#include "view.h"

/* A 2-seat game of Hoard at seat 1's question of quantities: seat 1 holds 3 white and 1
 * red, takes the Open Pit (4 white) and must return 3 of its 8 (white 0..7, red 0..1). */
static Game *at_return(Worker **out)
{
    Worker *wk = t_worker("tests/packs/amounts");
    *out = wk;
    if (!wk) return NULL;
    /* the setup chunk runs after the rules' setup (which puts every count at 0) */
    json_t *chunks = json_pack("[s]", "seat.set(1, 'white', 3) seat.set(1, 'red', 1)");
    Err e;
    err_clear(&e);
    Game *g = game_new_ex(wk->w, 7, 2, NULL, chunks, &e);
    json_decref(chunks);
    CHECK_MSG(g != NULL, "%s", e.msg);
    if (!g) return NULL;
    game_advance(g);
    int32_t pit = 4;
    err_clear(&e);
    CHECK_MSG(game_answer(g, &pit, 1, &e), "%s", e.msg);
    game_advance(g);
    DecisionView d = game_decision(g);
    CHECK_INT(d.kind, DEC_AMOUNTS);
    CHECK_INT(d.seat, 0);
    return g;
}

TEST(amounts_count_and_nth_enumerate_every_answer_once)
{
    int32_t lo[3] = {0, 1, 0}, hi[3] = {2, 2, 0};
    /* totals 1..3 with white 0..2, red 1..2, blue 0: (0,1) (1,1) (0,2) (2,1) (1,2) */
    CHECK_INT(amounts_count(lo, hi, 3, 1, 3, 1), 5);
    CHECK_INT(amounts_count(lo, hi, 3, 5, 5, 1), 0);
    CHECK_INT(amounts_count(lo, hi, 3, 4, 4, 1), 1);
    int seen[3][3] = {{0}};
    for (uint64_t r = 0; r < 5; r++) {
        int32_t c[3] = {-1, -1, -1};
        CHECK(amounts_nth(lo, hi, 3, 1, 3, 1, r, c));
        CHECK(c[0] >= 0 && c[0] <= 2 && c[1] >= 1 && c[1] <= 2 && c[2] == 0);
        int t = c[0] + c[1];
        CHECK(t >= 1 && t <= 3);
        if (c[0] >= 0 && c[0] <= 2 && c[1] >= 1 && c[1] <= 2) seen[c[0]][c[1]]++;
    }
    int distinct = 0;
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) {
            CHECK(seen[a][b] <= 1);
            distinct += seen[a][b];
        }
    CHECK_INT(distinct, 5);
    int32_t c[3];
    CHECK(!amounts_nth(lo, hi, 3, 1, 3, 1, 5, c));
    /* a huge question saturates rather than wrapping */
    int32_t l2[100], h2[100];
    for (int i = 0; i < 100; i++) l2[i] = 0, h2[i] = 100;
    CHECK(amounts_count(l2, h2, 100, 0, 100, 1) == UINT64_MAX);
}

TEST(amounts_step_counts_and_enumerates_only_totals_that_are_multiples)
{
    /* white 0..3, red 0..2, total 0..4 in twos: totals 0 (1 way), 2 (3: 2+0 1+1 0+2) and
     * 4 (2: 3+1 2+2; 4+0 is past white's 3) */
    int32_t lo[2] = {0, 0}, hi[2] = {3, 2};
    CHECK_INT(amounts_count(lo, hi, 2, 0, 4, 2), 6);
    CHECK_INT(amounts_count(lo, hi, 2, 0, 4, 1), 11);
    CHECK_INT(amounts_count(lo, hi, 2, 1, 1, 2), 0);
    CHECK_INT(amounts_count(lo, hi, 2, 3, 5, 3), 3); /* total 3: 3+0 2+1 1+2 */
    int seen[4][3] = {{0}};
    for (uint64_t r = 0; r < 6; r++) {
        int32_t c[2] = {-1, -1};
        CHECK(amounts_nth(lo, hi, 2, 0, 4, 2, r, c));
        CHECK(c[0] >= 0 && c[0] <= 3 && c[1] >= 0 && c[1] <= 2);
        if (c[0] >= 0 && c[0] <= 3 && c[1] >= 0 && c[1] <= 2) {
            CHECK_MSG((c[0] + c[1]) % 2 == 0 && c[0] + c[1] <= 4, "answer %d: %d + %d", (int)r, c[0], c[1]);
            seen[c[0]][c[1]]++;
        }
    }
    int distinct = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 3; b++) {
            CHECK(seen[a][b] <= 1);
            distinct += seen[a][b];
        }
    CHECK_INT(distinct, 6);
    int32_t c[2];
    CHECK(!amounts_nth(lo, hi, 2, 0, 4, 2, 6, c));
}

/* A 1-seat game of Hoard at the question asked with the setup chunk `ask` (rules.lua's
 * ASKED), or when that ends the game at once, over. */
static Game *asked(Worker **out, const char *ask)
{
    Worker *wk = t_worker("tests/packs/amounts");
    *out = wk;
    if (!wk) return NULL;
    char src[80];
    snprintf(src, sizeof src, "game.set('ask', '%s')", ask);
    json_t *chunks = json_pack("[s]", src);
    Err e;
    err_clear(&e);
    Game *g = game_new_ex(wk->w, 5, 1, NULL, chunks, &e);
    json_decref(chunks);
    CHECK_MSG(g != NULL, "%s", e.msg);
    if (g) game_advance(g);
    return g;
}

/* The game property key of g as text ("" when it is not one). */
static const char *prop_text(Game *g, const char *key)
{
    Prop p;
    if (!prop_get(g, ENT_GAME, 0, names_find(&g->w->names, key), &p)) return "";
    return state_cstr(&g->s, (int32_t)p.v);
}

TEST(amounts_step_refuses_a_total_not_a_multiple_everywhere_it_comes_in)
{
    Worker *wk;
    Game *g = asked(&wk, "pairs");
    if (!g) return;
    /* min 1, max 5 in twos: the question's totals become 2 to 4, its step 2 */
    DecisionView d = game_decision(g);
    CHECK_INT(d.kind, DEC_AMOUNTS);
    CHECK_INT(d.min, 2);
    CHECK_INT(d.max, 4);
    CHECK_INT(d.step, 2);
    json_t *q = view_decision(g, 0);
    CHECK_INT(json_integer_value(json_object_get(q, "step")), 2);
    json_decref(q);
    char *before = t_dump(g);
    Err e;
    int32_t three[3] = {1, 1, 2};
    err_clear(&e);
    CHECK(!game_answer(g, three, 3, &e));
    CHECK_CONTAINS(e.msg, "the total must be a multiple of 2 (3 given)");
    /* the REPL's words: the prompt says the step, an odd answer is refused */
    char how[80], why[400];
    int32_t counts[AMOUNTS_MAX_OPTIONS], ids[AMOUNTS_MAX_TOTAL];
    amounts_how(g, how, sizeof how);
    CHECK(strcmp(how, "in twos, 2 to 4 in all") == 0);
    CHECK(amounts_parse(g, "white 2 red 1", counts, why, sizeof why));
    CHECK_INT(amounts_check(g, counts, ids, AMOUNTS_MAX_TOTAL, why, sizeof why), -1);
    CHECK_CONTAINS(why, "the total must be a multiple of 2 (3 given)");
    char *after = t_dump(g);
    CHECK(before && after && strcmp(before, after) == 0);
    free(before);
    free(after);
    /* a bots.lua bot's odd total is its mistake, named */
    int uneven = vm_bot_find(wk->vm, "uneven");
    CHECK(uneven >= 0);
    uint64_t rng = 1;
    err_clear(&e);
    CHECK_INT(vm_bot_answer(wk->vm, uneven, g, &rng, ids, AMOUNTS_MAX_TOTAL, &e), -1);
    CHECK_CONTAINS(e.msg, "answered the total must be a multiple of 2 (3 given)");
    int32_t four[4] = {1, 1, 2, 2};
    err_clear(&e);
    CHECK_MSG(game_answer(g, four, 4, &e), "%s", e.msg);
    game_advance(g);
    CHECK(strcmp(prop_text(g, "got"), "white 2 red 2") == 0);
    game_free(g);
}

TEST(amounts_step_random_bot_draws_every_legal_answer_and_no_other)
{
    Worker *wk;
    Game *g = asked(&wk, "pairs");
    if (!g) return;
    /* white 0..3, red 0..2, totals 2 or 4: (2,0) (1,1) (0,2) (3,1) (2,2), each a fifth */
    int hist[4][3] = {{0}};
    for (uint64_t seed = 1; seed <= 2500; seed++) {
        Bot b;
        memset(&b, 0, sizeof b);
        b.rng = seed * 0x9E3779B97F4A7C15u;
        int32_t ids[AMOUNTS_MAX_TOTAL];
        int k = bot_random(&b, g, ids, AMOUNTS_MAX_TOTAL);
        Err e;
        err_clear(&e);
        CHECK_MSG(k >= 0 && amounts_valid(g, ids, k, &e), "seed %d: %s", (int)seed, e.msg);
        int w = 0, r = 0;
        for (int j = 0; j < k; j++) {
            if (ids[j] == 1) w++;
            else r++;
        }
        if (w <= 3 && r <= 2) hist[w][r]++;
    }
    static const int legal[5][2] = {{2, 0}, {1, 1}, {0, 2}, {3, 1}, {2, 2}};
    int sum = 0;
    for (int i = 0; i < 5; i++) {
        int h = hist[legal[i][0]][legal[i][1]];
        CHECK_MSG(h > 400 && h < 600, "white %d red %d drawn %d times of 2500", legal[i][0], legal[i][1], h);
        sum += h;
    }
    CHECK_INT(sum, 2500);
    game_free(g);
}

TEST(amounts_step_huge_question_draws_legal_answers_without_numbering_them)
{
    /* 40 items of 0..2 (the first 1..2), a total of 7 to 70 in sevens: more answers than
     * 2^32, so each count is drawn in turn; every draw must still be a legal answer */
    Worker *wk = t_worker("tests/packs/amounts");
    if (!wk) return;
    Game *g = t_game(wk, 3, 1);
    if (!g) return;
    Err e;
    err_clear(&e);
    CHECK(decision_begin(g, 0, DEC_AMOUNTS, "many", 7, 70, -1, &e));
    CHECK(decision_amounts_step(g, 7, &e));
    int32_t lo[40], hi[40];
    for (int i = 0; i < 40; i++) {
        char key[8];
        snprintf(key, sizeof key, "k%d", i);
        lo[i] = i == 0 ? 1 : 0;
        hi[i] = 2;
        CHECK(decision_option(g, i + 1, key, OPT_STR, i + 1, &e));
        CHECK(decision_option_amount(g, key, lo[i], hi[i], &e));
    }
    CHECK(amounts_count(lo, hi, 40, 7, 70, 7) > UINT32_MAX);
    Bot b;
    memset(&b, 0, sizeof b);
    b.rng = 99;
    for (int i = 0; i < 200; i++) {
        int32_t ids[AMOUNTS_MAX_TOTAL];
        int k = bot_random(&b, g, ids, AMOUNTS_MAX_TOTAL);
        err_clear(&e);
        CHECK_MSG(k >= 0 && amounts_valid(g, ids, k, &e), "draw %d (%d in all): %s", i, k, e.msg);
    }
    /* a step the totals are not multiples of is an internal error */
    err_clear(&e);
    CHECK(!decision_amounts_step(g, 5, &e));
    game_free(g);
}

TEST(amounts_step_lua_errors_name_the_bad_step)
{
    Worker *wk;
    Game *g = asked(&wk, "errors");
    if (!g) return;
    const char *errors = prop_text(g, "errors");
    CHECK_CONTAINS(errors, "decide.amounts: opts's step is 0, not in 1..100");
    CHECK_CONTAINS(errors, "decide.amounts: opts's step must be an integer, not number");
    CHECK_CONTAINS(errors, "decide.amounts: total 3 is not a multiple of step 2");
    CHECK_CONTAINS(errors, "decide.amounts: no multiple of step 2 lies between min 3 and max 3");
    CHECK_CONTAINS(errors, "decide.amounts: no multiple of step 2 lies between min 1 and the items' most in all, 1");
    CHECK_CONTAINS(errors, "none of the multiples of step 2 from 0 to 4");
    game_free(g);
}

TEST(amounts_answer_must_fit_each_bound_and_the_total)
{
    Worker *wk;
    Game *g = at_return(&wk);
    if (!g) return;
    char *before = t_dump(g);
    Err e;
    int32_t too_many_red[3] = {2, 2, 1}, too_few[2] = {1, 1}, unknown[3] = {1, 1, 9};
    err_clear(&e);
    CHECK(!game_answer(g, too_many_red, 3, &e));
    CHECK_CONTAINS(e.msg, "red: 2, but at most 1");
    err_clear(&e);
    CHECK(!game_answer(g, too_few, 2, &e));
    CHECK_CONTAINS(e.msg, "exactly 3 in all, not 2");
    err_clear(&e);
    CHECK(!game_answer(g, unknown, 3, &e));
    CHECK_CONTAINS(e.msg, "9 is not one of the options");
    /* refused answers leave the game exactly as it was */
    char *after = t_dump(g);
    CHECK(before && after && strcmp(before, after) == 0);
    free(before);
    free(after);
    /* the same option repeated is the way to give more than one of it */
    int32_t ok[3] = {1, 2, 1};
    err_clear(&e);
    CHECK_MSG(game_answer(g, ok, 3, &e), "%s", e.msg);
    game_advance(g);
    CHECK_INT(prop_int(g, ENT_SEAT, 0, names_find(&g->w->names, "white"), -1), 5);
    CHECK_INT(prop_int(g, ENT_SEAT, 0, names_find(&g->w->names, "red"), -1), 0);
    game_free(g);
}

TEST(amounts_clone_and_save_replay_exactly)
{
    Worker *wk;
    Game *g = at_return(&wk);
    if (!g) return;
    /* a clone at the question rebuilds the paused action from its answers */
    Game *c = game_clone(g);
    CHECK(c && state_hash(&c->s) == state_hash(&g->s));
    int32_t ans[3] = {1, 1, 2};
    Err e;
    err_clear(&e);
    CHECK_MSG(game_answer(g, ans, 3, &e), "%s", e.msg);
    game_advance(g);
    err_clear(&e);
    CHECK_MSG(c && game_answer(c, ans, 3, &e), "%s", e.msg);
    if (c) game_advance(c);
    CHECK(c && state_hash(&c->s) == state_hash(&g->s));
    game_free(c);
    /* the log holds the answer as ids repeated, and replays to the same state */
    json_t *log = save_json(g);
    json_t *answers = json_object_get(log, "answers");
    json_t *last = json_array_get(answers, json_array_size(answers) - 1);
    CHECK_INT(json_array_size(last), 3);
    CHECK_INT(json_integer_value(json_array_get(last, 0)), 1);
    CHECK_INT(json_integer_value(json_array_get(last, 1)), 1);
    err_clear(&e);
    Game *r = save_replay(wk->w, log, -1, &e);
    CHECK_MSG(r != NULL, "%s", e.msg);
    CHECK(r && state_hash(&r->s) == state_hash(&g->s));
    /* and stopped before the question's answer, the question is asked again */
    if (r) game_free(r);
    err_clear(&e);
    Game *at = save_replay(wk->w, log, (int)json_array_size(answers) - 1, &e);
    CHECK_MSG(at != NULL, "%s", e.msg);
    if (at) {
        game_advance(at);
        CHECK_INT(game_decision(at).kind, DEC_AMOUNTS);
        game_free(at);
    }
    json_decref(log);
    game_free(g);
}

TEST(amounts_view_only_the_deciding_seat_sees_options_bounds_and_data)
{
    Worker *wk;
    Game *g = at_return(&wk);
    if (!g) return;
    json_t *q = view_decision(g, 0);
    CHECK(q != NULL);
    CHECK(strcmp(json_string_value(json_object_get(q, "kind")), "amounts") == 0);
    json_t *o = json_array_get(json_object_get(q, "options"), 0);
    CHECK(strcmp(json_string_value(json_object_get(o, "key")), "white") == 0);
    CHECK_INT(json_integer_value(json_object_get(o, "max")), 7);
    CHECK_INT(json_integer_value(json_object_get(q, "min")), 3);
    json_decref(q);
    CHECK(view_decision(g, 1) == NULL);
    json_t *v2 = view_json(g, 1);
    char *s2 = json_dumps(v2, JSON_COMPACT);
    CHECK(s2 && !strstr(s2, "return 3 gems"));
    free(s2);
    json_decref(v2);
    game_free(g);
    /* a mine's data: in the deciding seat's question, in no other seat's view */
    g = t_game(wk, 3, 2);
    if (!g) return;
    game_advance(g);
    q = view_decision(g, 0);
    char *s = json_dumps(q, JSON_COMPACT);
    CHECK_CONTAINS(s, "\"data\":{\"colour\":\"white\",\"gain\":2}");
    free(s);
    json_decref(q);
    for (int seat = -1; seat <= 1; seat += 2) {
        json_t *v = view_json(g, seat);
        char *sv = json_dumps(v, JSON_COMPACT);
        CHECK(sv && !strstr(sv, "gain"));
        free(sv);
        json_decref(v);
    }
    game_free(g);
}

TEST(amounts_text_reads_counts_and_names_the_bad_word)
{
    Worker *wk;
    Game *g = at_return(&wk);
    if (!g) return;
    int32_t counts[AMOUNTS_MAX_OPTIONS], ids[AMOUNTS_MAX_TOTAL];
    char why[400];
    CHECK(amounts_parse(g, "white 2 red 1", counts, why, sizeof why));
    CHECK_INT(counts[0], 2);
    CHECK_INT(counts[1], 1);
    CHECK(amounts_parse(g, "2 white, Red", counts, why, sizeof why));
    CHECK_INT(counts[0], 2);
    CHECK_INT(counts[1], 1);
    CHECK(amounts_parse(g, "white=1 w 1 wh", counts, why, sizeof why));
    CHECK_INT(counts[0], 3);
    CHECK_INT(amounts_check(g, counts, ids, AMOUNTS_MAX_TOTAL, why, sizeof why), 3);
    CHECK(!amounts_parse(g, "gold 2", counts, why, sizeof why));
    CHECK_CONTAINS(why, "'gold' is not one of this question's (white 0..7, red 0..1)");
    CHECK(!amounts_parse(g, "white 2 3", counts, why, sizeof why));
    CHECK_CONTAINS(why, "'3' counts nothing");
    CHECK(amounts_parse(g, "red 2 white", counts, why, sizeof why));
    CHECK_INT(amounts_check(g, counts, ids, AMOUNTS_MAX_TOTAL, why, sizeof why), -1);
    CHECK_CONTAINS(why, "red: 2, but at most 1");
    game_free(g);
}

TEST(amounts_random_bot_is_legal_uniform_and_seeded)
{
    Worker *wk;
    Game *g = at_return(&wk);
    if (!g) return;
    /* white 0..7, red 0..1, total 3: (3,0) and (2,1), each about half the time */
    int hist[2] = {0, 0};
    Bot b;
    memset(&b, 0, sizeof b);
    b.rng = 12345;
    int32_t first[8];
    int nfirst = 0;
    for (int i = 0; i < 2000; i++) {
        int32_t ids[AMOUNTS_MAX_TOTAL];
        int k = bot_random(&b, g, ids, AMOUNTS_MAX_TOTAL);
        Err e;
        err_clear(&e);
        CHECK_MSG(amounts_valid(g, ids, k, &e), "%s", e.msg);
        int red = 0;
        for (int j = 0; j < k; j++) red += ids[j] == 2;
        if (red <= 1) hist[red]++;
        if (i == 0) memcpy(first, ids, sizeof(int32_t) * (size_t)(nfirst = k));
    }
    CHECK_MSG(hist[0] > 850 && hist[1] > 850, "white-only %d, with red %d", hist[0], hist[1]);
    /* the same seed, the same answer */
    memset(&b, 0, sizeof b);
    b.rng = 12345;
    int32_t again[AMOUNTS_MAX_TOTAL];
    CHECK_INT(bot_random(&b, g, again, AMOUNTS_MAX_TOTAL), nfirst);
    CHECK(memcmp(first, again, sizeof(int32_t) * (size_t)nfirst) == 0);
    game_free(g);
}

TEST(amounts_lua_bot_answers_counts_and_its_mistakes_are_named)
{
    Worker *wk;
    Game *g = at_return(&wk);
    if (!g) return;
    int miser = vm_bot_find(wk->vm, "miser");
    CHECK(miser >= 0);
    if (miser < 0) return;
    uint64_t rng = 1;
    int32_t ids[AMOUNTS_MAX_TOTAL];
    Err e;
    err_clear(&e);
    /* white first: three white of seven */
    int k = vm_bot_answer(wk->vm, miser, g, &rng, ids, AMOUNTS_MAX_TOTAL, &e);
    CHECK_MSG(k == 3, "%d: %s", k, e.msg);
    for (int i = 0; i < k && i < 3; i++) CHECK_INT(ids[i], 1);
    game_free(g);
}

TEST(amounts_paused_action_is_rebuilt_from_its_recorded_answer)
{
    Worker *wk = t_worker("tests/packs/amounts");
    if (!wk) return;
    json_t *chunks = json_pack("[s]", "game.set('ask', 'twice')");
    Err e;
    err_clear(&e);
    Game *g = game_new_ex(wk->w, 5, 1, NULL, chunks, &e);
    json_decref(chunks);
    CHECK_MSG(g != NULL, "%s", e.msg);
    if (!g) return;
    game_advance(g);
    CHECK_INT(game_decision(g).kind, DEC_AMOUNTS);
    int32_t white_red[2] = {2, 1};
    CHECK_MSG(game_answer(g, white_red, 2, &e), "%s", e.msg);
    game_advance(g);
    CHECK(strcmp(game_decision(g).prompt, "keep or double") == 0);
    /* a clone has no coroutine: answering it runs the action again, the question of
     * quantities answered from the action's record */
    Game *c = game_clone(g);
    json_t *log = save_json(g);
    int32_t dbl = 2;
    CHECK_MSG(game_answer(g, &dbl, 1, &e), "%s", e.msg);
    game_advance(g);
    CHECK_MSG(c && game_answer(c, &dbl, 1, &e), "%s", e.msg);
    if (c) game_advance(c);
    int32_t got = names_find(&g->w->names, "got");
    Prop p;
    CHECK(prop_get(g, ENT_GAME, 0, got, &p) && strcmp(state_cstr(&g->s, (int32_t)p.v), "white 1 red 1 double") == 0);
    CHECK(c && state_hash(&c->s) == state_hash(&g->s));
    game_free(c);
    /* the same from a saved game loaded at the second question */
    err_clear(&e);
    Game *r = save_replay(wk->w, log, -1, &e);
    CHECK_MSG(r != NULL, "%s", e.msg);
    if (r) {
        game_advance(r);
        CHECK(strcmp(game_decision(r).prompt, "keep or double") == 0);
        CHECK_MSG(game_answer(r, &dbl, 1, &e), "%s", e.msg);
        game_advance(r);
        CHECK(state_hash(&r->s) == state_hash(&g->s));
        game_free(r);
    }
    json_decref(log);
    game_free(g);
}

/* Runs the scenario check `decision = spec` (JSON) on g: whether it passes; err gets why. */
static bool decision_check(Game *g, const char *spec, char *err, size_t n)
{
    json_error_t je;
    json_t *j = json_loads(spec, 0, &je);
    CHECK_MSG(j != NULL, "bad JSON in the test: %s", je.text);
    err[0] = 0;
    bool ok = j && check_decision(g, j, err, n);
    json_decref(j);
    return ok;
}

TEST(amounts_scenario_checks_kind_bounds_and_data)
{
    Worker *wk;
    Game *g = at_return(&wk);
    if (!g) return;
    char err[800];
    CHECK_MSG(decision_check(g, "{\"kind\": \"amounts\", \"bounds\": {\"white\": [0, 7], \"red\": [0, 1]}}", err,
                             sizeof err), "%s", err);
    CHECK(!decision_check(g, "{\"kind\": \"choose\"}", err, sizeof err));
    CHECK_CONTAINS(err, "the decision is of kind 'amounts', expected 'choose'");
    CHECK(!decision_check(g, "{\"bounds\": {\"white\": [0, 3]}}", err, sizeof err));
    CHECK_CONTAINS(err, "white takes 0 to 7, expected 0 to 3");
    CHECK(!decision_check(g, "{\"bounds\": {\"gold\": [0, 3]}}", err, sizeof err));
    CHECK_CONTAINS(err, "bounds['gold']: the decision has no such option");
    CHECK(!decision_check(g, "{\"data\": {\"red\": {\"worth\": 2}}}", err, sizeof err));
    CHECK_CONTAINS(err, "data['red']: the option's data is none, expected it to hold {\"worth\":2}");
    game_free(g);
    /* a mine's data: a part of it passes, another value fails naming both */
    g = t_game(wk, 3, 2);
    if (!g) return;
    game_advance(g);
    CHECK_MSG(decision_check(g, "{\"data\": {\"Quarry (2 white)\": {\"gain\": 2}}}", err, sizeof err), "%s", err);
    CHECK(!decision_check(g, "{\"data\": {\"Quarry (2 white)\": {\"gain\": 3}}}", err, sizeof err));
    CHECK_CONTAINS(err, "the option's data is {\"colour\":\"white\",\"gain\":2}, expected it to hold {\"gain\":3}");
    CHECK(!decision_check(g, "{\"bounds\": {\"Quarry (2 white)\": [0, 1]}}", err, sizeof err));
    CHECK_CONTAINS(err, "not a question of quantities");
    CHECK_MSG(decision_check(g, "{\"step\": 1}", err, sizeof err), "%s", err);
    game_free(g);
    /* a total in steps: step is checked, 1 for a question without */
    g = asked(&wk, "pairs");
    if (!g) return;
    CHECK_MSG(decision_check(g, "{\"kind\": \"amounts\", \"min\": 2, \"max\": 4, \"step\": 2}", err, sizeof err),
              "%s", err);
    CHECK(!decision_check(g, "{\"step\": 3}", err, sizeof err));
    CHECK_CONTAINS(err, "the decision's total goes in steps of 2, expected 3");
    CHECK(!decision_check(g, "{\"step\": 0}", err, sizeof err));
    game_free(g);
}
