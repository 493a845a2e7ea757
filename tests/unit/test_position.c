/* test_position.c — unit tests of card.position (a card's place in its zone, 1 the top,
 * as zone.at counts) and zone.draw's `pos` option (where the drawn cards go, in their
 * order), with their errors and a refused draw leaving the game as it was. */
#include "t.h"

#define TUT "games/tutorial"

/* A tutorial game at its first decision, with a public zone 'pile' of five cards made
 * in the order a b c d e (a on top) and an empty one 'to'. */
static Game *piled(void)
{
    Worker *wk = t_worker(TUT);
    Game *g = wk ? t_game(wk, 1, 2) : NULL;
    if (!g) return NULL;
    game_advance(g);
    CHECK_INT(t_run(g, "local p = zone.new('pile', { visibility = 'public' }) zone.new('to', { visibility = 'public' })\n"
                       "for _, id in ipairs({ 'spark1', 'spark2', 'spark3', 'spark1', 'spark2' }) do card.new(id, p) end"),
              0);
    return g;
}

TEST(card_position_counts_from_the_top_as_zone_at_does)
{
    Game *g = piled();
    if (!g) return;
    CHECK_INT(t_run(g, "local p = zone.get('pile')\n"
                       "for k = 1, zone.count(p) do assert(card.position(zone.at(p, k)) == k, k) end\n"
                       "assert(card.position(zone.at(p, -1)) == 5)\n"
                       "local c = zone.at(p, 4)\n"
                       "c = card.move(c, p, { pos = 'top' }) assert(card.position(c) == 1)\n"
                       "c = card.move(c, p, { pos = 3 }) assert(card.position(c) == 3 and zone.at(p, 3) == c)\n"
                       "c = card.move(c, p) assert(card.position(c) == 5)\n"
                       "local t = card.move(zone.at(p, 1), zone.get('to')) assert(card.position(t) == 1)\n"
                       "assert(card.position(zone.at(p, 1)) == 1) -- the rest moved up\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    /* a card attached to another lies in no zone's list */
    CHECK_INT(t_run(g, "local p = zone.get('pile') local c = zone.at(p, 2) local t = zone.at(zone.get('to'), 1)\n"
                       "card.attach(c, t) assert(card.position(c) == nil, 'attached: ' .. tostring(card.position(c)))\n"
                       "assert(card.position(t) == 1)"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    /* a stale handle, a missing one */
    CHECK_INT(t_run(g, "local p = zone.get('pile') local c = zone.at(p, 1) card.destroy(c)\n"
                       "card.position(c)"),
              1);
    CHECK_CONTAINS(g->last_error.msg, "card.position");
    CHECK_INT(t_run(g, "card.position()"), 1);
    CHECK_CONTAINS(g->last_error.msg, "card.position");
    game_free(g);
}

/* zone.draw's pos: the drawn cards keep their order, the first at pos; default and
 * "bottom" put them below the others. */
TEST(zone_draw_puts_the_cards_at_pos_in_their_order)
{
    Game *g = piled();
    if (!g) return;
    CHECK_INT(t_run(g, "local p, t = zone.get('pile'), zone.get('to')\n"
                       "local function ids(z) local s = {} for i, c in ipairs(zone.cards(z)) do s[i] = card.id(c) end\n"
                       "  return table.concat(s, ' ') end\n"
                       "zone.draw(p, t, 2) assert(ids(t) == 'spark1 spark2', ids(t))\n"
                       "local got = zone.draw(p, t, 2, { pos = 'top' }) assert(ids(t) == 'spark3 spark1 spark1 spark2', ids(t))\n"
                       "assert(card.position(got[1]) == 1 and card.position(got[2]) == 2)\n"
                       "got = zone.draw(t, p, 2, { pos = 2 }) assert(ids(p) == 'spark2 spark3 spark1', ids(p))\n"
                       "assert(card.position(got[1]) == 2 and card.position(got[2]) == 3)\n"
                       "zone.draw(p, t, 1, { pos = 'bottom' }) assert(ids(t) == 'spark1 spark2 spark2', ids(t))\n"
                       "zone.draw(p, t, 1, { pos = 99 }) assert(ids(t) == 'spark1 spark2 spark2 spark3', ids(t))\n"
                       "zone.draw(p, t, 1, {}) assert(ids(t) == 'spark1 spark2 spark2 spark3 spark1', ids(t))\n"
                       "assert(#zone.draw(p, t, 3, { pos = 'top' }) == 0) -- the pile is empty"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    game_free(g);
}

/* A bad pos is an error naming zone.draw; a refused draw (a position into a zone kept
 * in order) leaves the game as it was, the cards drawn before the error too. */
TEST(zone_draw_pos_errors_leave_the_game_as_it_was)
{
    Game *g = piled();
    if (!g) return;
    uint64_t before = state_hash(&g->s);
    CHECK_INT(t_run(g, "zone.draw(zone.get('pile'), zone.get('to'), 1, { pos = 'middle' })"), 1);
    CHECK_CONTAINS(g->last_error.msg, "zone.draw");
    CHECK_CONTAINS(g->last_error.msg, "middle");
    CHECK_INT(t_run(g, "zone.draw(zone.get('pile'), zone.get('to'), 1, { pos = 0 })"), 1);
    CHECK_CONTAINS(g->last_error.msg, "zone.draw: pos must be \"top\", \"bottom\" or 1..n");
    CHECK_INT(t_run(g, "zone.draw(zone.get('pile'), zone.get('to'), 1, 'top')"), 1);
    CHECK_CONTAINS(g->last_error.msg, "bad argument #4 to 'draw' (table of options expected");
    CHECK(state_hash(&g->s) == before);
    /* into a sorted zone: the first card goes in place, the second refuses a position */
    CHECK_INT(t_run(g, "zone.new('rack', { sort = 'n' })"), 0);
    before = state_hash(&g->s);
    uint32_t events = g->events.len;
    CHECK_INT(t_run(g, "local p = zone.get('pile') zone.draw(p, zone.get('to'), 2)\n"
                       "zone.draw(p, zone.get('rack'), 2, { pos = 'top' })"),
              1);
    CHECK_CONTAINS(g->last_error.msg, "not a position");
    CHECK(state_hash(&g->s) == before);
    /* the moves made before the error are gone from the log: only the report of the error is there */
    CHECK_INT((int)g->events.len, (int)events + 1);
    if (g->events.len == events + 1) CHECK(VEC_AT(g->events, Event, events).kind == g->w->n_print); /* its report */
    CHECK_INT(t_run(g, "assert(zone.count(zone.get('pile')) == 5 and zone.count(zone.get('to')) == 0)"), 0);
    game_free(g);
}
