/* test_rounds.c — unit tests of rounds (rules.lua's `rounds`, game_rounds): how a game
 * whose turns go round the seats counts them from its log, a turn as a round, none,
 * the same in a clone, and the rules' error. `tabula sim`'s report of them is in
 * tests/cli.sh. */
#include <stdlib.h>

#include "t.h"
#include "test_sandbox.h"

/* A three-seat game whose rules hand the turn on by hand, game.set_active, in the order
 * `order` (the active seat of turns 1, 2, …), `rounds` set to `rounds` (a Lua value),
 * won at turn `last`. NULL after a failed check (the worker is then closed). */
static Game *rounds_game(Worker *wk, const char *rounds, const char *order, int last)
{
    const char *dir = t_temp_pack("{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", "
                                  "\"cards\": [\"cards.json\"]}",
                                  NULL);
    char rules[800], p[300];
    snprintf(rules, sizeof rules,
             "local order = %s\n"
             "return {\n"
             "  turn = { 'main' },\n"
             "  rounds = %s,\n"
             "  setup = function(ctx) game.set_active(order[1]) end,\n"
             "  steps = { main = { enter = function(ctx)\n"
             "    local t = game.turn()\n"
             "    if t >= %d then game.win(1, 'done') else game.set_active(order[t + 1]) end\n"
             "  end } },\n"
             "}\n",
             order, rounds, last);
    snprintf(p, sizeof p, "%s/rules.lua", dir);
    t_write_file(p, rules);
    Err e;
    err_clear(&e);
    bool ok = t_worker_new(wk, dir, &e);
    sb_tmp_rm(dir);
    CHECK_MSG(ok, "%s", e.msg);
    if (!ok) return NULL;
    Game *g = t_game(wk, 1, 3);
    CHECK(g != NULL);
    if (!g) worker_close(wk);
    return g;
}

/* rounds = "seats": turn 1 (seat 2's) begins round 1; a turn begins a new one when the
 * turn comes back round past seat 2, not for an extra turn (seat 3 twice) nor when a
 * seat is passed by (seat 1 after seat 2 skips seat 3). */
TEST(rounds_of_seats_begin_when_the_turn_comes_back_round)
{
    Worker wk;
    /* seats:   2  3  3  1 | 2  1 | 3 ; round 1: turns 1-4, 2: 5-6, 3: 7 */
    Game *g = rounds_game(&wk, "'seats'", "{ 2, 3, 3, 1, 2, 1, 3 }", 7);
    if (!g) return;
    CHECK_INT(game_rounds(g), 0); /* before turn 1 */
    CHECK_INT(game_advance(g), ADV_OVER);
    CHECK_INT(g->s.h.turn, 7);
    CHECK_INT(game_rounds(g), 3);
    Game *c = game_clone(g);
    CHECK(c != NULL);
    if (c) CHECK_INT(game_rounds(c), 3);
    game_free(c);
    game_free(g);
    worker_close(&wk);

    /* seat 1 first, one seat after the other: 7 turns of 3 seats are 3 rounds begun */
    g = rounds_game(&wk, "'seats'", "{ 1, 2, 3, 1, 2, 3, 1 }", 7);
    if (!g) return;
    CHECK_INT(game_advance(g), ADV_OVER);
    CHECK_INT(game_rounds(g), 3);
    game_free(g);
    worker_close(&wk);
}

/* rounds = "turns": each turn is one; no `rounds`: the game has none (0). */
TEST(rounds_of_turns_and_none)
{
    Worker wk;
    Game *g = rounds_game(&wk, "'turns'", "{ 2, 3, 3, 1, 2, 1, 3 }", 7);
    if (g) {
        CHECK_INT(game_advance(g), ADV_OVER);
        CHECK_INT(g->w->rounds, ROUNDS_TURNS);
        CHECK_INT(game_rounds(g), 7);
        game_free(g);
        worker_close(&wk);
    }
    g = rounds_game(&wk, "nil", "{ 1, 2, 3, 1, 2, 3, 1 }", 7);
    if (g) {
        CHECK_INT(game_advance(g), ADV_OVER);
        CHECK_INT(g->w->rounds, ROUNDS_NONE);
        CHECK_INT(game_rounds(g), 0);
        game_free(g);
        worker_close(&wk);
    }
}

/* Any other value is an error when the rules load, naming what it may be. */
TEST(rounds_of_another_value_is_an_error_at_load)
{
    const char *bad[] = {"'round'", "true", "2"};
    const char *want[] = {"not 'round'", "not a boolean", "not a number"};
    for (int i = 0; i < 3; i++) {
        const char *dir = t_temp_pack("{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\"}", NULL);
        char rules[200], p[300];
        snprintf(rules, sizeof rules, "return { turn = { 'main' }, rounds = %s }\n", bad[i]);
        snprintf(p, sizeof p, "%s/rules.lua", dir);
        t_write_file(p, rules);
        Worker wk;
        Err e;
        err_clear(&e);
        bool ok = t_worker_new(&wk, dir, &e);
        sb_tmp_rm(dir);
        CHECK_MSG(!ok, "rounds = %s loaded", bad[i]);
        if (ok) {
            worker_close(&wk);
            continue;
        }
        CHECK_CONTAINS(e.msg, "rules: 'rounds' must be \"turns\" (a turn is a round) or \"seats\"");
        CHECK_CONTAINS(e.msg, want[i]);
    }
}
