/* test_host.c — unit tests of the host modules: names, the PRNG, options, zones and
 * cards, properties and durations, dice, phases, views and hidden information, windows,
 * and the Lua API's argument checking (pack loading: test_pack.c). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "t.h"
#include "test_sandbox.h"

#define AL "games/artemia-lite"
#define WIN "tests/packs/windows"

/* A windows-pack game whose seats hold spells, so it waits at a decision. */
static Game *dealt(Worker *wk, uint64_t seed, int players)
{
    if (!wk) return NULL;
    json_t *ch = json_pack("[s]", "for s = 1, game.seats() do local h = zone.get('hand', s)\n"
                                  "for _, id in ipairs({'a', 'b', 'c', 'd'}) do card.new(id, h, s) end end");
    Err e;
    Game *g = game_new_ex(wk->w, seed, players, NULL, ch, &e);
    json_decref(ch);
    if (!g) t_fail(__FILE__, __LINE__, "game_new: %s", e.msg);
    return g;
}

TEST(names_intern_find_and_text)
{
    Names nm = {0};
    int32_t a = names_intern(&nm, "alpha"), b = names_intern(&nm, "beta");
    CHECK(a >= 0 && b >= 0 && a != b);
    CHECK_INT(names_intern(&nm, "alpha"), a);
    CHECK_INT(names_find(&nm, "beta"), b);
    CHECK_INT(names_find(&nm, "gamma"), -1);
    CHECK(strcmp(names_str(&nm, a), "alpha") == 0);
    CHECK(strcmp(names_str(&nm, 9999), "?") == 0);
    for (int i = 0; i < 5000; i++) {
        char k[32];
        snprintf(k, sizeof k, "k%d", i);
        CHECK(names_intern(&nm, k) >= 0);
    }
    CHECK_INT(names_find(&nm, "k4999") >= 0, 1);
    names_free(&nm);
}

TEST(rng_is_seeded_bounded_and_unbiased)
{
    State s1 = {0}, s2 = {0};
    rng_seed(&s1, 42);
    rng_seed(&s2, 42);
    for (int i = 0; i < 100; i++) CHECK(rng_next(&s1) == rng_next(&s2));
    int counts[6] = {0};
    for (int i = 0; i < 60000; i++) {
        uint32_t v = rng_below(&s1, 6);
        CHECK(v < 6);
        if (v < 6) counts[v]++;
    }
    for (int i = 0; i < 6; i++) CHECK_MSG(counts[i] > 9400 && counts[i] < 10600, "face %d: %d of 60000", i, counts[i]);
    CHECK_INT(rng_below(&s1, 1), 0);
}

TEST(options_are_checked_against_the_declarations)
{
    Worker *wk = t_worker(WIN);
    if (!wk) return;
    Err e;
    json_t *o = json_pack("{s:s}", "colour", "red");
    err_clear(&e);
    CHECK(game_new(wk->w, 1, 2, o, &e) == NULL);
    CHECK_CONTAINS(e.msg, "unknown option 'colour'");
    CHECK_CONTAINS(e.msg, "style");
    json_decref(o);
    o = json_pack("{s:s}", "style", "sideways");
    err_clear(&e);
    CHECK(game_new(wk->w, 1, 2, o, &e) == NULL);
    CHECK_CONTAINS(e.msg, "is not one of");
    json_decref(o);
    err_clear(&e);
    CHECK(game_new(wk->w, 1, 9, NULL, &e) == NULL);
    CHECK_CONTAINS(e.msg, "plays with 2 to 4 players");
}

TEST(zones_cards_and_moves_through_the_api)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "local h = zone.new('pile', { owner = 1 })\n"
                       "local a = card.new('a', h, 1) local b = card.new('b', h, 1) local c = card.new('c', h, 1)\n"
                       "assert(zone.count(h) == 3 and zone.at(h, 1) == a and zone.at(h, -1) == c)\n"
                       "card.move(c, h, { pos = 'top' }) assert(zone.at(h, 1) == c)\n"
                       "card.move(a, h, { pos = 2 }) assert(zone.at(h, 2) == a)\n"
                       "local g1 = zone.get('graveyard', 1)\n"
                       "local moved = zone.draw(h, g1, 2) assert(#moved == 2 and zone.count(g1) == 2)\n"
                       "assert(card.owner(b) == 1 and card.kind(b) == 'spell' and card.name(b) == 'Beta')\n"
                       "assert(zone.name(g1) == 'graveyard' and zone.owner(g1) == 1)\n"
                       "assert(#zone.search(h, 'b') + #zone.search(g1, 'b') == 1)\n"
                       "assert(zone.find('nowhere') == nil)\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    /* zone.list: a seat's zones (or the game's) in the order made, each once */
    CHECK_INT(t_run(g, "local mine = zone.list(1) assert(mine[#mine] == zone.get('pile', 1))\n"
                       "local seen = {} for _, z in ipairs(mine) do assert(zone.owner(z) == 1 and not seen[z]) seen[z] = true end\n"
                       "assert(seen[zone.get('graveyard', 1)] and not seen[zone.get('graveyard', 2)])\n"
                       "for i = 2, #mine do assert(mine[i] > mine[i - 1]) end\n"
                       "local t = zone.new('table', {}) local games = zone.list()\n"
                       "assert(games[#games] == t) for _, z in ipairs(games) do assert(zone.owner(z) == nil) end\n"
                       "assert(#zone.list(2) == #mine - 1) -- seat 1 has a pile more"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    CHECK_INT(t_run(g, "zone.list(9)"), 1);
    CHECK_CONTAINS(g->last_error.msg, "zone.list");
    game_free(g);
}

/* A zone made with { sort = key } keeps its cards in order of that number in their card
 * data (Not Alone's Place cards by data.number): cards created there and moved in take
 * their place, equal values keep their arrival order, cards without the key go below;
 * a move with a position and a shuffle are refused, the zone unchanged. */
TEST(zones_kept_sorted_by_a_key_of_card_data)
{
    Worker *wk = t_worker("games/notalone");
    Game *g = t_game(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "local z = zone.new('rack', { sort = 'number' })\n"
                       "local function ids() local t = {} for i, c in ipairs(zone.cards(z)) do t[i] = card.id(c) end\n"
                       "  return table.concat(t, ' ') end\n"
                       "local river = card.new('river', z) card.new('despair', z) card.new('lair', z)\n"
                       "local w1 = card.new('wreck', z) local b = card.new('beach', z)\n"
                       "assert(ids() == 'lair river beach wreck despair', ids())\n"
                       "local pile = zone.new('pile') card.move(b, pile) card.move(river, pile)\n"
                       "card.new('artefact', pile, nil) card.new('wreck', pile)\n"
                       "for _, c in ipairs(zone.cards(pile)) do card.move(c, z) end\n"
                       "assert(ids() == 'lair river beach wreck wreck artefact despair', ids())\n"
                       "assert(zone.at(z, 4) == w1, 'equal numbers keep their arrival order')\n"
                       "local ok, err = pcall(card.move, zone.at(z, 1), z, { pos = 'top' })\n"
                       "assert(not ok and err:find(\"zone 'rack' keeps its cards in order of 'number': a card moved \"\n"
                       "  .. 'into it takes its place there, not a position', 1, true), err)\n"
                       "ok, err = pcall(zone.shuffle, z)\n"
                       "assert(not ok and err:find(\"zone 'rack' keeps its cards in order of 'number': it cannot be \"\n"
                       "  .. 'shuffled', 1, true), err)\n"
                       "assert(ids() == 'lair river beach wreck wreck artefact despair', ids())\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    /* the order is part of the state: two games built the same way hash the same, and a
     * clone keeps the order (the sort key is hashed) */
    Game *c = game_clone(g);
    CHECK(c && state_hash(&c->s) == state_hash(&g->s));
    if (c) {
        CHECK_INT(t_run(c, "local z = zone.get('rack') card.move(zone.at(z, -1), z)\n"
                           "card.move(zone.at(z, 1), z) assert(card.id(zone.at(z, 1)) == 'lair')"),
                  0);
        CHECK_MSG(c->nerrors == 0, "%s", c->last_error.msg);
        game_free(c);
    }
    /* a bad sort key is the zone.new error, and no zone is made */
    CHECK_INT(t_run(g, "zone.new('rack2', { sort = 3 })"), 1);
    CHECK_CONTAINS(g->last_error.msg, "zone.new: sort (a key of card data) must be a string, got number");
    CHECK_INT(t_run(g, "assert(zone.find('rack2') == nil)"), 0);
    game_free(g);
}

TEST(bad_arguments_name_the_function_and_leave_the_state_alone)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    static const char *const bad[][2] = {
        {"zone.get('hand', 9)", "seat 9 is not in 1..2"},
        {"zone.get('hand', 1.5)", "must be a seat number"},
        {"zone.count(0)", "is not a zone"},
        {"card.move(12345, 1)", "invalid card handle"},
        {"card.move(nil, 1)", "must be a card handle"},
        {"card.new('nope', 1)", "'nope' is not a card definition"},
        {"game.set('x', 0.5)", "values are integers"},
        {"game.set('x', {1, 'a'})", "lists hold integers"},
        {"dice.roll(0)", "number of dice 0"},
        {"dice.roll(2, 1)", "faces 1"},
        {"zone.new('hand', {owner = 1})", "already exists"},
        {"zone.new('x', {visibility = 'sideways'})", "is not \"public\""},
        {"decide.choose(1, {})", "designer chunk cannot ask"},
        {"game.win(7)", "seat 7 is not in 1..2"},
        {"track.move('nope', 1)", "track 'nope' is not a track"},
        {"game.option('nope')", "no option 'nope'"},
        {"game.option('stylee')", "no option 'stylee' is declared by the packs; did you mean 'style'?"},
        {"zone.get('nowhere', 1)", "seat 1 has no zone 'nowhere' (its zones: hand, graveyard, field)"},
        {"math.randomseed(1)", "seeded by the host"},
        {"card.move(zone.at(zone.get('hand', 1), 1), 1, { pos = 'middle' })", "pos 'middle'"},
    };
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t hash_before = state_hash(&g->s);
        char *before = t_dump(g);
        int errs = t_run(g, bad[i][0]);
        char *after = t_dump(g);
        CHECK_MSG(errs == 1, "'%s' raised %d errors", bad[i][0], errs);
        CHECK_CONTAINS(g->last_error.msg, bad[i][1]);
        /* the error event is logged, but the state and every seat's view are as before
         * (a dump's first line counts the log's events, which grew by the report) */
        CHECK_MSG(state_hash(&g->s) == hash_before, "%s changed the state", bad[i][0]);
        const char *vb = before ? strchr(before, '\n') : NULL, *va = after ? strchr(after, '\n') : NULL;
        CHECK_MSG(vb && va && strcmp(vb, va) == 0, "%s changed a view", bad[i][0]);
        free(before);
        free(after);
    }
    game_free(g);
}

TEST(properties_durations_and_scopes)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "game.set('a', 1, 'turn') game.set('b', 2) game.set('c', 3, 'battle')\n"
                       "seat.set(1, 'will', 3) seat.add(1, 'will', -1)\n"
                       "assert(seat.get(1, 'will') == 2)\n"
                       "game.set('s', 'text') game.set('l', {1, 2, 3}) game.set('t', true)\n"
                       "assert(game.get('s') == 'text' and #game.get('l') == 3 and game.get('t') == true)\n"
                       "game.end_scope('battle') assert(game.get('c') == nil)\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    /* end the turn: "turn" properties expire, the others stay */
    Bot b = {.rng = 1};
    for (int i = 0; i < 20 && g->s.h.turn == 1; i++) {
        if (game_advance(g) != ADV_DECISION) break;
        int32_t ids[8];
        int k = bot_random(&b, g, ids, 8);
        Err e;
        game_answer(g, ids, k, &e);
    }
    game_advance(g);
    CHECK_INT(t_run(g, "assert(game.turn() == 2) assert(game.get('a') == nil) assert(game.get('b') == 2)"), 0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    game_free(g);
}

/* Properties are found through an index (prop_index in mech.c), not a scan: a deck of
 * 2,000 cards with 10 counters each is set up in one action (with a scan, each set cost
 * the number of properties already there, charged to the budget, and the setup blew
 * it at about 9,000), and the index stays right through removals (the last property
 * moved into the hole), growth, a scope's end and a rolled-back action. */
TEST(properties_are_indexed_at_any_number)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "local z = zone.new('big_pile') local id = game.defs()[1]\n"
                       "for i = 1, 2000 do local c = card.new(id, z)\n"
                       "  for k = 1, 10 do card.set(c, 'k' .. k, i * 16 + k) end end\n"
                       "local n = 0 for _, c in ipairs(zone.cards(z)) do n = n + card.get(c, 'k10') end\n"
                       "assert(n == 16 * 2000 * 2001 // 2 + 20000, n)"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    CHECK(g->s.props.len >= 20000);
    /* against a model: keys m0..m7 on 200 of those cards, set, changed and removed in a
     * random order; then a rolled-back action and a scope's end; then read back */
    static const char model[] =
        "local cs = zone.cards(zone.get('big_pile')) local model, x = {}, 7\n"
        "for step = 1, 20000 do\n"
        "  x = (x * 1103515245 + 12345) % 2147483648\n"
        "  local i, k = x % 200 + 1, (x // 256) % 8\n"
        "  local v = (x // 65536) % 3 ~= 0 and step or nil\n"
        "  if SET then card.set(cs[i], 'm' .. k, v) end\n"
        "  model[i * 8 + k] = v\n"
        "end\n"
        "for i = 1, 200 do for k = 0, 7 do\n"
        "  assert(card.get(cs[i], 'm' .. k) == model[i * 8 + k], i .. ' m' .. k) end end\n";
    char src[1024];
    snprintf(src, sizeof src, "local SET = true %s", model);
    CHECK_INT(t_run(g, src), 0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    CHECK_INT(t_run(g, "for _, c in ipairs(zone.cards(zone.get('big_pile'))) do card.set(c, 'm1', nil)\n"
                       "card.set(c, 'new', 1) end error('undo me')"),
              1);
    CHECK_INT(t_run(g, "game.set('gone', 1, 'battle') game.end_scope('battle')"), 0);
    snprintf(src, sizeof src, "local SET = false %s", model);
    int before = g->nerrors;
    CHECK_INT(t_run(g, src), 0);
    CHECK_MSG(g->nerrors == before, "%s", g->last_error.msg);
    game_free(g);
}

/* Destroying a card looks for the cards attached to it only while some card is attached
 * to another (g->nattached, a cache of the count): a game that made and destroyed 2,000
 * tokens a turn walked every object ever made at each destroy (400,000 objects after 200
 * turns: 70 s for one game). The count stays right through attach, move, destroy, a
 * rolled-back action and a clone; attached cards still go with their host. */
TEST(destroying_tokens_walks_the_objects_only_when_cards_are_attached)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 1, 2);
    if (!g) return;
    /* every instruction counted: an uncounted run past its time (valgrind, a loaded
     * machine) is made again, and the walk counter, no part of the state, counted it
     * twice */
    vm_count_all(wk->vm, true);
    game_advance(g);
    CHECK_INT(obj_attached_count(g), 0);
    uint64_t walked = g->destroy_walked;
    CHECK_INT(t_run(g, "local z = zone.new('tokens') local id = game.defs()[1]\n"
                       "for i = 1, 3000 do card.destroy(card.new(id, z)) end"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    CHECK_INT(g->destroy_walked - walked, 0);
    /* a host with two tokens on it, one of them with a token on it; one moves off, the
     * host is destroyed with what is on it, then more tokens come and go: all in one
     * action, so the count is kept up to date as it goes (between actions, the game
     * waiting at a question, each chunk starts from a state copied in, recounted) */
    walked = g->destroy_walked;
    uint32_t ev = g->events.len;
    CHECK_INT(t_run(g, "local z = zone.get('tokens') local id = game.defs()[1]\n"
                       "card.destroy(card.new(id, z)) -- counts the attached cards: none\n"
                       "local host, a, b, c = card.new(id, z), card.new(id, z), card.new(id, z), card.new(id, z)\n"
                       "card.attach(a, host) card.attach(b, host) card.attach(c, a)\n"
                       "card.move(b, z) card.destroy(host)\n"
                       "assert(not card.valid(a) and not card.valid(c) and card.valid(b))\n"
                       "for i = 1, 100 do card.destroy(card.new(id, z)) end"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    int destroyed = 0;
    for (uint32_t i = ev; i < g->events.len; i++)
        if (VEC_AT(g->events, Event, i).kind == g->w->n_destroy) destroyed++;
    CHECK_INT(destroyed, 104); /* the first token, the host, a, the token on a, the 100 */
    /* the host's destroy and a's (c on it) walk the objects, at most once each; the 100
     * tokens after, with nothing attached any more, none */
    CHECK_MSG(g->destroy_walked - walked <= 2 * (uint64_t)g->s.objs.len, "walked %llu objects of %u",
              (unsigned long long)(g->destroy_walked - walked), g->s.objs.len);
    CHECK_INT(obj_attached_count(g), 0);
    /* a rolled-back attach, and a clone, count what is there */
    CHECK_INT(t_run(g, "local z = zone.get('tokens') local id = game.defs()[1]\n"
                       "card.attach(card.new(id, z), card.new(id, z)) error('undone')"),
              1);
    CHECK_INT(obj_attached_count(g), 0);
    CHECK_INT(t_run(g, "local z = zone.get('tokens') local id = game.defs()[1]\n"
                       "card.attach(card.new(id, z), card.new(id, z))"),
              0);
    Game *cl = game_clone(g);
    CHECK(cl && obj_attached_count(cl) == 1);
    game_free(cl);
    CHECK_INT(obj_attached_count(g), 1);
    game_free(g);
    vm_count_all(wk->vm, false);
}

/* A view finds each card's properties and the cards attached to it through an index
 * made once per view (view.c), not by a walk over every property and object for each
 * card it shows: with 2,000 cards of 8 properties, 200 of them with a token on, a view
 * looked at 2,000 x 16,000 properties. What it shows is unchanged: a card's properties
 * (secret ones to the owner only), its tokens with theirs. */
TEST(a_view_of_many_cards_with_many_properties_looks_at_each_once)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "local z = zone.new('table_top') local id = game.defs()[1]\n"
                       "for i = 1, 2000 do local c = card.new(id, z, 1)\n"
                       "  for k = 1, 7 do card.set(c, 'v' .. k, i * 10 + k) end card.set(c, '_mine', i)\n"
                       "  if i % 10 == 0 then local t = card.new(id, z) card.set(t, 'on', i) card.attach(t, c) end\n"
                       "end"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    for (int seat = 0; seat < 2; seat++) {
        uint64_t before = g->view_walked;
        json_t *v = view_json(g, seat);
        uint64_t walked = g->view_walked - before;
        CHECK_MSG(walked <= 2 * (uint64_t)(g->s.props.len + g->s.objs.len), "a view looked at %llu of %u properties",
                  (unsigned long long)walked, g->s.props.len);
        json_t *zs = json_object_get(v, "zones"), *zv = NULL, *it;
        size_t i;
        json_array_foreach(zs, i, it) if (strcmp(json_string_value(json_object_get(it, "name")), "table_top") == 0) zv = it;
        json_t *cards = json_object_get(zv, "cards");
        CHECK_INT(json_array_size(cards), 2000);
        json_t *c30 = json_array_get(cards, 29), *props = json_object_get(c30, "props");
        CHECK_INT(json_integer_value(json_object_get(props, "v7")), 307);
        CHECK_INT(json_object_get(props, "_mine") != NULL, seat == 0);
        CHECK_INT(json_object_size(props), seat == 0 ? 8 : 7);
        json_t *att = json_object_get(c30, "attached");
        CHECK_INT(json_array_size(att), 1);
        CHECK_INT(json_integer_value(json_object_get(json_object_get(json_array_get(att, 0), "props"), "on")), 30);
        CHECK(json_object_get(json_array_get(cards, 28), "attached") == NULL);
        json_decref(v);
    }
    game_free(g);
}

/* Zones are found by name through an index (zone_find), not a scan behind a 64-slot
 * hint: a game of 3,000 zones that a script reaches by name looked at about half of them
 * at each look-up. The index stays right when an action that made zones is rolled back
 * (a name made again later gets a new zone) and in a clone. */
TEST(zones_are_found_by_name_in_a_few_looks_among_thousands)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 1, 2);
    if (!g) return;
    vm_count_all(wk->vm, true); /* (as in the test above: no run made again) */
    game_advance(g);
    CHECK_INT(t_run(g, "for i = 1, 3000 do zone.new('many' .. i, { owner = i % 2 + 1 }) end"), 0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    uint64_t before = g->zone_probes;
    CHECK_INT(t_run(g, "for r = 1, 3 do for i = 1, 3000 do\n"
                       "  assert(zone.name(zone.get('many' .. i, i % 2 + 1)) == 'many' .. i)\n"
                       "  assert(zone.find('many' .. i, 2 - i % 2) == nil) end end"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    uint64_t looks = 2 * 3 * 3000;
    CHECK_MSG(g->zone_probes - before <= 4 * looks, "%llu zones looked at for %llu look-ups",
              (unsigned long long)(g->zone_probes - before), (unsigned long long)looks);
    CHECK_INT(t_run(g, "zone.new('undone_zone') zone.new('undone_too', { owner = 1 }) error('undo')"), 1);
    CHECK_INT(t_run(g, "assert(zone.find('undone_zone') == nil) assert(zone.find('undone_too', 1) == nil)\n"
                       "local z = zone.new('undone_too', { owner = 2 }) assert(zone.get('undone_too', 2) == z)\n"
                       "assert(zone.find('undone_too', 1) == nil) assert(zone.get('many7', 2) ~= z)"),
              0);
    CHECK_MSG(g->nerrors == 1, "%s", g->last_error.msg);
    Game *cl = game_clone(g);
    CHECK(cl && zone_find(cl, names_find(&cl->w->names, "many2999"), 1) == zone_find(g, names_find(&g->w->names, "many2999"), 1));
    CHECK(cl && zone_find(cl, names_find(&cl->w->names, "many2999"), 0) < 0);
    game_free(cl);
    game_free(g);
    vm_count_all(wk->vm, false);
}

TEST(dice_roll_reroll_modify_from_the_game_stream)
{
    Worker *wk = t_worker(WIN);
    Game *g1 = dealt(wk, 77, 2), *g2 = dealt(wk, 77, 2);
    if (!g1 || !g2) return;
    game_advance(g1);
    game_advance(g2);
    const char *src = "local p = dice.roll(5, 6) local v = dice.values(p)\n"
                      "for i = 1, 5 do assert(v[i] >= 1 and v[i] <= 6) end\n"
                      "dice.modify(p, 1, 10) assert(dice.values(p)[1] == v[1] + 10 and dice.natural(p)[1] == v[1])\n"
                      "dice.reroll(p, {2, 3}) local t = dice.total(p)\n"
                      "game.set('t', t) game.set('r', math.random(1, 100)) game.set('k', rng.int(1, 1000))\n";
    CHECK_INT(t_run(g1, src), 0);
    CHECK_INT(t_run(g2, src), 0);
    CHECK_MSG(g1->nerrors == 0, "%s", g1->last_error.msg);
    CHECK(state_hash(&g1->s) == state_hash(&g2->s));
    game_free(g1);
    game_free(g2);
}

TEST(dice_roll_log_line_says_what_was_rolled)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 5, 2);
    if (!g) return;
    game_advance(g);
    uint32_t from = g->events.len;
    CHECK_INT(t_run(g, "local p = dice.roll(2, 6) local v = dice.values(p)\n"
                       "game.log('expect ' .. v[1] .. ', ' .. v[2])"), 0);
    Buf log = {0};
    view_log(g, -1, from, 0, &log);
    /* "dice pool N: rolled A, B (2d6)", then the script's "expect A, B" */
    const char *r = log.s ? strstr(log.s, ": rolled ") : NULL, *x = log.s ? strstr(log.s, "expect ") : NULL;
    CHECK_MSG(r && x && strncmp(r + 9, x + 7, 4) == 0 && strstr(r, " (2d6)\n"), "log: %s", log.s ? log.s : "");
    buf_free(&log);
    game_free(g);
}

TEST(dice_force_fixes_the_next_rolls_for_designer_chunks_only)
{
    /* a pack whose rules have a function that tries dice.force as a rules action */
    const char *dir = t_temp_pack("{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\"}", NULL);
    char p[256];
    snprintf(p, sizeof p, "%s/rules.lua", dir);
    t_write_file(p, "return { turn = { \"main\" }, try_force = function() dice.force({ 4 }) end,\n"
                  "  steps = { main = { enter = function() decide.choose(1, { 'go on' }) end } } }\n");
    Worker wk;
    Err e;
    err_clear(&e);
    bool ok = t_worker_new(&wk, dir, &e);
    sb_tmp_rm(dir);
    CHECK_MSG(ok, "%s", e.msg);
    if (!ok) return;
    Game *g = game_new_ex(wk.w, 9, 2, NULL, NULL, &e), *h = game_new_ex(wk.w, 9, 2, NULL, NULL, &e);
    if (g && h) {
        game_advance(g);
        game_advance(h);
        /* forced values come in order, across rolls and rerolls, and draw nothing from the
         * game's generator: the next random roll is the one an unforced game makes */
        CHECK_INT(t_run(g, "dice.force({ 6, 1, 3 })\n"
                           "local p = dice.roll(2) local v = dice.values(p)\n"
                           "assert(v[1] == 6 and v[2] == 1, v[1] .. ' ' .. v[2])\n"
                           "dice.reroll(p, { 2 }) assert(dice.values(p)[2] == 3)\n"
                           "game.set('r', dice.total(dice.roll(1)))"),
                  0);
        CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
        CHECK_INT(t_run(h, "game.set('r', dice.total(dice.roll(1)))"), 0);
        CHECK_INT(sb_get(g, "r", -1), sb_get(h, "r", -2));
        /* a forced value too big for the die is that roll's error; pool 0 is no pool */
        CHECK_INT(t_run(g, "dice.force({ 7 }) "), 0);
        CHECK_INT(t_run(g, "dice.roll(1, 6)"), 1);
        CHECK_CONTAINS(g->last_error.msg, "the forced value 7 does not fit a die of 6 faces");
        CHECK_INT(t_run(g, "assert(dice.total(dice.roll(1, 8)) == 7)"), 0);
        CHECK_INT(t_run(g, "dice.values(0)"), 1);
        CHECK_CONTAINS(g->last_error.msg, "0 is not a dice pool");
        /* anything but a designer chunk is refused */
        int before = g->nerrors;
        CHECK_INT(t_run(g, "game.schedule('try_force')"), 0); /* it runs after the question */
        DecisionView d = game_decision(g);
        int32_t id = d.nopt > 0 ? d.opts[0].id : 0;
        CHECK(game_answer(g, &id, 1, &e));
        game_advance(g);
        CHECK_INT(g->nerrors, before + 1);
        CHECK_CONTAINS(g->last_error.msg, "only a designer chunk");
        CHECK_INT(t_run(g, "dice.force({ 0 })"), 1);
        CHECK_CONTAINS(g->last_error.msg, "not a whole number in 1..1000");
        /* at most 100 values wait, over several calls; the refused call forces none, and
         * rolls take the waiting ones away */
        CHECK_INT(t_run(g, "local t = {} for i = 1, 60 do t[i] = 2 end dice.force(t) dice.force(t)"), 1);
        CHECK_CONTAINS(g->last_error.msg, ":1: dice.force: at most 100 forced values may wait (60 already do)");
        CHECK_INT(t_run(g, "local t = {} for i = 1, 60 do t[i] = 2 end dice.force(t)"), 0);
        CHECK_INT(t_run(g, "dice.force({ 5 }) dice.force({ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,"
                           " 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 })"),
                  1);
        CHECK_CONTAINS(g->last_error.msg, "at most 100 forced values may wait (61 already do)");
        CHECK_INT(t_run(g, "assert(dice.total(dice.roll(60)) == 120) dice.force({ 4 })\n"
                           "assert(dice.total(dice.roll(1)) == 4)"),
                  0);
        CHECK_MSG(g->nerrors == before + 4, "%s", g->last_error.msg);
    }
    game_free(g);
    game_free(h);
    worker_close(&wk);
}

TEST(rng_force_fixes_the_next_draws_for_designer_chunks_only)
{
    /* the same pack as dice.force's test: its rules try rng.force as a rules action */
    const char *dir = t_temp_pack("{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\"}", NULL);
    char p[256];
    snprintf(p, sizeof p, "%s/rules.lua", dir);
    t_write_file(p, "return { turn = { \"main\" }, try_force = function() rng.force({ 4 }) end,\n"
                  "  steps = { main = { enter = function() decide.choose(1, { 'go on' }) end } } }\n");
    Worker wk;
    Err e;
    err_clear(&e);
    bool ok = t_worker_new(&wk, dir, &e);
    sb_tmp_rm(dir);
    CHECK_MSG(ok, "%s", e.msg);
    if (!ok) return;
    Game *g = game_new_ex(wk.w, 9, 2, NULL, NULL, &e), *h = game_new_ex(wk.w, 9, 2, NULL, NULL, &e);
    if (g && h) {
        game_advance(g);
        game_advance(h);
        /* rng.int takes a value, rng.pick an index into its list, math.random(m, n) a
         * value, in order; dice take none of them; nothing is drawn from the generator */
        CHECK_INT(t_run(g, "rng.force({ 3, 2, -5, 1 })\n"
                           "local p = dice.roll(1, 1000)\n"
                           "assert(rng.int(1, 6) == 3)\n"
                           "assert(rng.pick({ 'a', 'b', 'c' }) == 'b')\n"
                           "assert(rng.pick({}) == nil)\n"
                           "assert(math.random(-10, 10) == -5)\n"
                           "assert(math.random(4) == 1)\n"
                           "game.set('d', dice.total(p)) game.set('r', rng.int(1, 1000000))"),
                  0);
        CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
        CHECK_INT(t_run(h, "game.set('d', dice.total(dice.roll(1, 1000))) game.set('r', rng.int(1, 1000000))"), 0);
        CHECK_INT(sb_get(g, "d", -1), sb_get(h, "d", -2));
        CHECK_INT(sb_get(g, "r", -1), sb_get(h, "r", -2));
        /* a value out of range is that draw's error, naming it and the range; the action
         * is undone, so the value still waits */
        CHECK_INT(t_run(g, "rng.force({ 7 })"), 0);
        CHECK_INT(t_run(g, "rng.int(1, 6)"), 1);
        CHECK_CONTAINS(g->last_error.msg, "rng.int: the forced value 7 is not in 1..6");
        CHECK_INT(t_run(g, "rng.pick({ 'a', 'b' })"), 1);
        CHECK_CONTAINS(g->last_error.msg, "rng.pick: the forced value 7 is not in 1..2 (the positions of the list");
        CHECK_INT(t_run(g, "math.random(3)"), 1);
        CHECK_CONTAINS(g->last_error.msg, "math.random: the forced value 7 is not in 1..3");
        CHECK_INT(rng_forced_count(g), 1);
        /* the waiting value is state: a save replays to it, a clone has it */
        json_t *log = save_json(g);
        Game *r = log ? save_replay(wk.w, log, -1, &e) : NULL;
        CHECK_MSG(r, "%s", e.msg);
        if (r) {
            CHECK(game_hash(r) == game_hash(g));
            CHECK_INT(rng_forced_count(r), 1);
            CHECK_INT(t_run(r, "assert(rng.int(7, 7) == 7 and rng.int(1, 1) == 1)"), 0);
            CHECK_INT(rng_forced_count(r), 0);
        }
        game_free(r);
        json_decref(log);
        Game *c = game_clone(g);
        CHECK(c != NULL);
        if (c) CHECK_INT(t_run(c, "assert(rng.pick({ 1, 2, 3, 4, 5, 6, 'seven' }) == 'seven')"), 0);
        game_free(c);
        CHECK_INT(t_run(g, "assert(rng.int(1, 10) == 7)"), 0);
        /* anything but a designer chunk is refused */
        int before = g->nerrors;
        CHECK_INT(t_run(g, "game.schedule('try_force')"), 0);
        DecisionView d = game_decision(g);
        int32_t id = d.nopt > 0 ? d.opts[0].id : 0;
        CHECK(game_answer(g, &id, 1, &e));
        game_advance(g);
        CHECK_INT(g->nerrors, before + 1);
        CHECK_CONTAINS(g->last_error.msg, "rng.force: only a designer chunk");
        CHECK_INT(t_run(g, "rng.force({ 1.5 })"), 1);
        CHECK_CONTAINS(g->last_error.msg, "rng.force: item 1 is not a whole number");
        CHECK_INT(t_run(g, "rng.force({ '2' })"), 1);
        CHECK_CONTAINS(g->last_error.msg, "rng.force: item 1 is not a whole number");
        CHECK_INT(t_run(g, "local t = {} for i = 1, 60 do t[i] = 2 end rng.force(t) rng.force(t)"), 1);
        CHECK_CONTAINS(g->last_error.msg, "rng.force: at most 100 forced values may wait (60 already do)");
        CHECK_INT(rng_forced_count(g), 0);
    }
    game_free(g);
    game_free(h);
    worker_close(&wk);
}

TEST(phases_skip_a_step_and_take_an_extra_turn)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 3, 3);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "game.extra_turn(3) game.skip('cleanup') game.set_active(2) assert(game.active() == 2)"), 0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    Err e;
    err_clear(&e);
    int32_t bad = names_intern(&wk->w->names, "nonexistent");
    CHECK(!game_skip_step(g, bad, &e));
    CHECK_CONTAINS(e.msg, "no step named");
    /* what the script reads names the function once */
    CHECK_INT(t_run(g, "game.skip('nonexistent')"), 1);
    CHECK_CONTAINS(g->last_error.msg, ":1: game.skip: no step named 'nonexistent'");
    game_free(g);
}

TEST(views_show_each_seat_only_what_it_may_see)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 9, 4);
    if (!g) return;
    Bot b = {.rng = 9};
    int32_t ids[16];
    for (int step = 0; step < 400 && game_advance(g) == ADV_DECISION; step++) {
        /* every card identity in every seat's view is one that seat may see */
        for (int s = -1; s < g->s.h.nseats; s++) {
            json_t *v = view_json(g, s);
            size_t zi;
            json_t *z;
            json_array_foreach(json_object_get(v, "zones"), zi, z) {
                size_t ci;
                json_t *c;
                json_array_foreach(json_object_get(z, "cards"), ci, c) {
                    json_t *ref = json_object_get(c, "ref");
                    if (!ref) continue;
                    int32_t o = (int32_t)json_integer_value(ref) - 1;
                    CHECK_MSG(obj_visible(g, o, s), "seat %d sees card %d it may not", s + 1, o);
                }
                /* another seat's hand and played zones are never shown */
                int owner = (int)json_integer_value(json_object_get(z, "owner")) - 1;
                const char *name = json_string_value(json_object_get(z, "name"));
                if (owner >= 0 && owner != s && name && (strcmp(name, "hand") == 0 || strcmp(name, "played") == 0)) {
                    json_array_foreach(json_object_get(z, "cards"), ci, c)
                        CHECK_MSG(json_object_get(c, "id") == NULL, "seat %d sees seat %d's %s", s + 1, owner + 1, name);
                }
            }
            json_decref(v);
            /* the log as this seat sees it names no hidden card */
        }
        int k = bot_random(&b, g, ids, 16);
        Err e;
        game_answer(g, ids, k, &e);
    }
    /* log lines: a card moving from hand to the face-down played zone is "a card" for others */
    Buf log = {0};
    view_log(g, 1, 0, 0, &log);
    CHECK_CONTAINS(log.s, "a card: hand of seat 3 -> played of seat 3");
    buf_free(&log);
    game_free(g);
}

/* Moves in a row between the same two zones read as one line, names for the seats that
 * see the cards and a count for the others; a line the seat is shown comes between and
 * parts them, one it is not shown does not; other zones are other lines. */
TEST(log_moves_in_a_row_read_as_one_line_per_seat)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    /* a deck nobody sees into: seat 2 learns how many cards seat 1 draws, not which */
    CHECK_INT(t_run(g, "local d = zone.new('stock', { visibility = 'hidden' })\n"
                       "for _, id in ipairs({ 'a', 'b', 'c', 'a', 'b' }) do card.new(id, d, 1) end\n"),
              0);
    uint32_t from = g->events.len;
    CHECK_INT(t_run(g, "local d, h, gy, gy2 = zone.get('stock'), zone.get('hand', 1), zone.get('graveyard', 1),\n"
                       "  zone.get('graveyard', 2)\n"
                       "local a, b, c = zone.at(d, 1), zone.at(d, 2), zone.at(d, 3)\n"
                       "card.move(a, h) card.set(a, 'power', 9) card.move(b, h)\n"
                       "game.log('between') card.move(c, h)\n"
                       "card.move(a, gy) card.move(b, gy2)\n"
                       "card.move(zone.at(d, 1), h) card.move(zone.at(d, 1), h)\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    Buf own = {0}, other = {0};
    view_log(g, 0, from, 0, &own);
    view_log(g, 1, from, 0, &other);
    /* seat 1 sees the property set between its first two draws: two lines */
    CHECK_CONTAINS(own.s, "Alpha: stock -> hand of seat 1\nAlpha (seat 1) power = 9\nBeta: stock -> hand of seat 1\n"
                          "between\nGamma: stock -> hand of seat 1\n"
                          "Alpha: hand of seat 1 -> graveyard of seat 1\n"
                          "Beta: hand of seat 1 -> graveyard of seat 2\n"
                          "Alpha, Beta: stock -> hand of seat 1\n");
    /* seat 2 does not: one line; a line it is shown parts the next draw; moves to two
     * graveyards are two lines */
    CHECK_CONTAINS(other.s, "2 cards: stock -> hand of seat 1\nbetween\na card: stock -> hand of seat 1\n"
                            "Alpha: hand of seat 1 -> graveyard of seat 1\n"
                            "Beta: hand of seat 1 -> graveyard of seat 2\n"
                            "2 cards: stock -> hand of seat 1\n");
    buf_free(&own);
    buf_free(&other);
    game_free(g);
}

/* A seat that knew a card (a reveal) forgets it when the card goes into a zone hidden
 * from that seat, or when the zone it lies in is hidden from it (zone.set_visibility):
 * before, the knowledge outlived both, and a revealed card stayed visible in a discard
 * pile hidden from that seat (Not Alone's Smokescreen after Phobia). */
TEST(reveal_ends_when_the_card_is_hidden_from_that_seat)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "local h, gy = zone.get('hand', 2), zone.get('graveyard', 2)\n"
                       "local a, b = zone.at(h, 1), zone.at(h, 2)\n"
                       "card.reveal(a, 1) card.reveal(b, 1)\n"
                       "assert(card.visible(a, 1) and card.visible(b, 1))\n"
                       "zone.set_visibility(gy, nil, { 1 })\n"
                       "card.move(a, gy)\n"
                       "assert(not card.visible(a, 1), 'moved into a pile hidden from seat 1')\n"
                       "assert(card.visible(a, 2))\n"
                       "zone.set_visibility(gy, nil, {})\n"
                       "card.move(b, gy)\n"
                       "assert(card.visible(b, 1))\n"
                       "zone.set_visibility(gy, nil, { 1 })\n"
                       "assert(not card.visible(b, 1), 'the pile it lies in hidden from seat 1')\n"
                       "zone.set_visibility(gy, nil, {})\n"
                       "assert(card.visible(a, 1) and card.visible(b, 1), 'in the open again')\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    game_free(g);
}

/* A card that leaves a hand unseen by a seat makes that seat forget every card it knew
 * in the hand: the hand's owner may hold them in any order, so the known cards still
 * listed would tell which one left (Not Alone: Phobia showed the Creature two places;
 * the one laid face down was the one no longer listed). A card that leaves in the open,
 * or one the seat knew, tells nothing more: the rest stay known. */
TEST(a_card_leaving_a_hand_unseen_ends_what_was_known_of_that_hand)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "local h, gy = zone.get('hand', 2), zone.get('graveyard', 2)\n"
                       "local a, b, c, d = zone.at(h, 1), zone.at(h, 2), zone.at(h, 3), zone.at(h, 4)\n"
                       "card.reveal(a, 1) card.reveal(b, 1)\n"
                       "card.move(c, gy, { face = 'down' })\n"
                       "assert(not card.visible(a, 1) and not card.visible(b, 1), 'seat 1 forgets the hand')\n"
                       "assert(card.visible(a, 2) and card.visible(b, 2), 'its owner sees it')\n"
                       "card.reveal(a, 1) card.reveal(b, 1)\n"
                       "card.move(a, gy)\n"
                       "assert(card.visible(b, 1), 'a card that left in the open tells nothing')\n"
                       "card.reveal(d, 1)\n"
                       "card.move(d, gy, { face = 'down' })\n"
                       "assert(card.visible(b, 1), 'a card seat 1 knew left: it knows which')\n"
                       "card.destroy(card.new('a', h, 2))\n"
                       "assert(not card.visible(b, 1), 'a card destroyed unseen')\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    game_free(g);
}

/* A view names a card's controller (when not its owner) only where cards are in play:
 * "Force Field (seat 1 controls)" in a discard pile read as nonsense to players. */
TEST(a_view_names_the_controller_only_in_play)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "local c = zone.at(zone.get('hand', 1), 1)\n"
                       "c = card.move(c, zone.get('field', 1))\n"
                       "card.set_controller(c, 2)\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    json_t *vj = view_json(g, 0);
    char *v = json_dumps(vj, JSON_COMPACT);
    json_decref(vj);
    CHECK(v && strstr(v, "\"controller\":2") != NULL);
    free(v);
    CHECK_INT(t_run(g, "card.move(zone.at(zone.get('field', 1), 1), zone.get('graveyard', 1))\n"), 0);
    vj = view_json(g, 0);
    v = json_dumps(vj, JSON_COMPACT);
    json_decref(vj);
    CHECK(v && strstr(v, "\"controller\"") == NULL);
    free(v);
    game_free(g);
}

/* In a zone kept in order of a key, a view lists the cards its seat sees first, then
 * those it does not: where a hidden card stands among known ones would tell its key. */
TEST(a_sorted_zone_lists_hidden_cards_after_the_known_ones)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "local z = zone.new('sorted', { owner = 2, visibility = 'owner', sort = 'n' })\n"
                       "for i, id in ipairs({ 'a', 'b', 'c' }) do\n"
                       "  local c = card.new(id, z, 2) card.set(c, 'n', i) end\n"
                       "card.reveal(zone.at(z, 3), 1)\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    json_t *v1 = view_json(g, 0), *v2 = view_json(g, 1);
    size_t i;
    json_t *z;
    int found = 0;
    json_array_foreach(json_object_get(v1, "zones"), i, z) {
        if (strcmp(json_string_value(json_object_get(z, "name")), "sorted") != 0) continue;
        found++;
        json_t *cards = json_object_get(z, "cards");
        CHECK_INT(json_array_size(cards), 3);
        CHECK(json_object_get(json_array_get(cards, 0), "name") != NULL);
        CHECK(json_is_true(json_object_get(json_array_get(cards, 1), "hidden")));
        CHECK(json_is_true(json_object_get(json_array_get(cards, 2), "hidden")));
    }
    json_array_foreach(json_object_get(v2, "zones"), i, z) {
        if (strcmp(json_string_value(json_object_get(z, "name")), "sorted") != 0) continue;
        found++;
        /* its owner sees all three, in order */
        json_t *cards = json_object_get(z, "cards");
        CHECK_INT(json_array_size(cards), 3);
        const char *last = json_string_value(json_object_get(json_array_get(cards, 2), "id"));
        CHECK_MSG(last && strcmp(last, "c") == 0, "last card %s", last ? last : "(none)");
    }
    CHECK_INT(found, 2);
    json_decref(v1);
    json_decref(v2);
    game_free(g);
}

/* What a seat was shown since an earlier state, even once it is hidden again: a card
 * peeked at and shuffled away, a card revealed, a log line for that seat alone; and
 * nothing else. Undo at
 * the REPL refuses to take back a decision after any of these; before, it compared
 * only what the seat saw then and now, and missed a reveal that had ended. */
TEST(learned_since_sees_a_reveal_that_has_ended)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    static const struct {
        const char *src;
        bool seat1, seat2;
    } cases[] = {
        {"zone.peek(zone.get('hand', 2), 1, 1) zone.shuffle(zone.get('hand', 2))", true, false},
        {"local c = zone.at(zone.get('hand', 2), 1) card.reveal(c, 1) "
         "card.move(c, zone.get('hand', 2), { pos = 'bottom' }) zone.shuffle(zone.get('hand', 2))",
         true, false},
        {"game.log('for seat 2 only', 2)", false, true},
        {"game.log('for everyone')", false, false},
        {"card.move(zone.at(zone.get('hand', 1), 1), zone.get('hand', 1), { pos = 'bottom' })", false, false},
        {"card.new('a', zone.get('hand', 2), 2)", false, false},
        /* a hidden card changing hands or tapped names itself to nobody who cannot see
         * it (the events said "everyone" before) */
        {"card.set_controller(zone.at(zone.get('hand', 2), 1), 1)", false, false},
        {"card.tap(zone.at(zone.get('hand', 2), 1))", false, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Game *then = game_clone(g);
        CHECK_INT(t_run(g, cases[i].src), 0);
        CHECK_MSG(view_learned_since(g, then, 0) == cases[i].seat1, "case %zu, seat 1", i + 1);
        CHECK_MSG(view_learned_since(g, then, 1) == cases[i].seat2, "case %zu, seat 2", i + 1);
        CHECK_MSG(!view_learned_since(g, g, 0), "case %zu: nothing since itself", i + 1);
        game_free(then);
    }
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    game_free(g);
}

/* A play and the move of the same card beside it read as one line, whichever comes
 * first: a window's play zone moves the card before the play (here); a card's script
 * moves it after (Not Alone's Hunt cards: the REPL golden files). Before, "seat 1 plays
 * Alpha" and "Alpha: hand of seat 1 -> stack" were two lines. */
TEST(log_a_play_and_its_move_read_as_one_line)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    CHECK_INT(game_advance(g), ADV_DECISION);
    uint32_t from = g->events.len;
    DecisionView d = game_decision(g);
    int32_t alpha = -1;
    for (int k = 0; k < d.nopt; k++)
        /* a window's play option: id = the card's object index + 1 (0 is pass) */
        if (d.opts[k].vtype == OPT_OBJ && strcmp(g->w->defs[S_OBJ(&g->s, d.opts[k].id - 1).def].name, "Alpha") == 0)
            alpha = d.opts[k].id;
    CHECK(alpha >= 0);
    Err e;
    CHECK(game_answer(g, &alpha, 1, &e));
    game_advance(g);
    CHECK_INT(t_run(g, "local a = zone.cards(zone.get('graveyard', 1))[1]\n"
                       "game.log('x') card.move(a, zone.get('hand', 1))\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    for (int seat = 0; seat < 2; seat++) {
        Buf log = {0};
        view_log(g, seat, from, 0, &log);
        CHECK_CONTAINS(log.s, "seat 1 plays Alpha: hand of seat 1 -> stack\norder = [1]\n"
                              "Alpha: stack -> graveyard of seat 1\n");
        CHECK(!strstr(log.s, "\nAlpha: hand of seat 1 -> stack") && strncmp(log.s, "Alpha", 5) != 0);
        /* a line shown between keeps a move apart */
        CHECK_CONTAINS(log.s, "x\nAlpha: graveyard of seat 1 -> hand of seat 1\n");
        buf_free(&log);
    }
    game_free(g);
}

/* A card property's log line is shown to the seats that could see it when it was set,
 * however the card moves later: leaving the line out once the card is hidden or
 * destroyed lost it for seats that saw it; a secret property ('_' first) is its owner's. */
TEST(log_lines_of_card_properties_keep_who_saw_them)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "local gy, h = zone.get('graveyard', 1), zone.get('hand', 1)\n"
                       "local a = card.new('a', gy, 1) card.set(a, 'power', 3) card.set(a, '_note', 7)\n"
                       "card.move(a, h)\n"
                       "local b = card.new('b', gy, 1) card.set(b, 'power', 4) card.destroy(b)\n"
                       "local c = card.new('c', h, 1) card.set(c, 'power', 5)\n"
                       "card.move(c, gy)\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    for (int seat = -1; seat < 2; seat++) {
        Buf log = {0};
        view_log(g, seat, 0, 0, &log);
        CHECK_CONTAINS(log.s, "Alpha (seat 1) power = 3"); /* seen in the graveyard, now in a hand */
        CHECK_CONTAINS(log.s, "Beta (seat 1) power = 4");  /* seen, then destroyed */
        if (seat == 0) {
            CHECK_CONTAINS(log.s, "Alpha (seat 1) _note = 7");
            CHECK_CONTAINS(log.s, "Gamma (seat 1) power = 5");
        } else {
            CHECK_MSG(strstr(log.s, "_note") == NULL, "seat %d sees a secret property: %s", seat + 1, log.s);
            /* set while in seat 1's hand: not shown though the card is public now */
            CHECK_MSG(strstr(log.s, "power = 5") == NULL, "seat %d sees a change made in a hand: %s", seat + 1, log.s);
        }
        buf_free(&log);
    }
    game_free(g);
}

TEST(decision_answers_are_validated)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 2, 3);
    if (!g) return;
    CHECK_INT(game_advance(g), ADV_DECISION);
    uint64_t before = state_hash(&g->s);
    Err e;
    int32_t ids[3] = {99, 1, 1};
    err_clear(&e);
    CHECK(!game_answer(g, ids, 1, &e));
    CHECK_CONTAINS(e.msg, "not one of the options");
    err_clear(&e);
    CHECK(!game_answer(g, ids + 1, 2, &e));
    CHECK_CONTAINS(e.msg, "exactly 1");
    err_clear(&e);
    CHECK(!game_answer(g, ids, 0, &e));
    CHECK_INT(state_hash(&g->s), before);
    CHECK(game_answer(g, ids + 1, 1, &e));
    game_free(g);
}

TEST(lua_api_sandbox_basics)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "assert(io == nil and os == nil and load == nil and coroutine == nil and debug == nil)\n"
                       "assert(string.dump == nil and collectgarbage == nil and rawset == nil and next == nil)\n"
                       "assert(tostring({}) == 'table')\n"
                       "local keys = {} for k in pairs({ z = 1, a = 2, m = 3, [2] = 0, [1] = 0 }) do keys[#keys + 1] = tostring(k) end\n"
                       "assert(table.concat(keys, ',') == '1,2,a,m,z')\n"
                       "assert(not pcall(setmetatable, {}, { __gc = print }))\n"
                       "assert(getmetatable('') ~= nil and type(getmetatable('')) == 'table')\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    game_free(g);
}

/* The replaced library functions behave as standard Lua where scripting-api.md says
 * they do (Standard library), and refuse what it says they refuse, with its words: no
 * test called xpcall on a function that returns, or whose error the handler turns into
 * a value, nor table.move on a range it copies, nor a frontier pattern. */
TEST(lua_api_replaced_library_functions_work_as_documented)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "local ok, v = xpcall(function(a, b) return a + b end, error, 2, 3)\n"
                       "assert(ok == true and v == 5, 'xpcall of a function that returns')\n"
                       "local ok2, v2 = xpcall(function() error('boom', 0) end, function(e) return 'handled ' .. e end)\n"
                       "assert(ok2 == false and v2 == 'handled boom', 'xpcall handler')\n"
                       "local t = table.move({ 1, 2, 3 }, 1, 3, 2, { 9 })\n"
                       "assert(#t == 4 and t[1] == 9 and t[2] == 1 and t[4] == 3, 'table.move')\n"
                       "assert(select(2, string.gsub('the quick fox', '%f[%w]%w+', 'X')) == 3, 'frontier gsub')\n"
                       "assert(string.find('THE (quick) fox', '%f[%a]%a+', 5) == 6, 'frontier find')\n"
                       "local p = {} assert(setmetatable(p, nil) == p, 'setmetatable(t, nil)')\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    static const char *const refused[][2] = {
        {"for k in pairs({ [{}] = 1 }) do end",
         "pairs: a key of type table has no deterministic order (use numbers, strings or booleans as keys)"},
        {"setmetatable({}, setmetatable({}, {}))", "setmetatable: a metatable may not have a metatable itself"},
        {"string.find(string.rep('a', 1025), 'a*b')",
         "string.find: pattern too costly (subject of 1025 bytes; at most 1024 with a '*', '+', '-' or '?')"},
        {"string.match(string.rep('a', 1 << 20) .. 'a', 'b')", "string.match: subject of 1048577 bytes is over the cap"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        CHECK_INT(t_run(g, refused[i][0]), 1);
        CHECK_CONTAINS(g->last_error.msg, refused[i][1]);
    }
    game_free(g);
}

TEST(attach_refuses_cycles_and_events_use_script_numbering)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "local f = zone.get('field', 1)\n"
                       "local a = card.new('watcher', f, 1) local b = card.new('echo', f, 1)\n"
                       "a = card.attach(a, b)  -- leaving play: the handle changes\n"
                       "local ok, err = pcall(card.attach, b, a)\n"
                       "assert(not ok and err:find('sits on it'))\n"
                       "assert(#card.attached(b) == 1)\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    game_free(g);
}

TEST(flip_tells_the_card_only_to_the_seats_that_see_it_afterwards)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 3);
    if (!g) return;
    game_advance(g);
    /* face down in a public zone: only the owner still knows it */
    CHECK_INT(t_run(g, "local p = zone.new('table', { visibility = 'public' })\n"
                       "local c = card.new('a', p, 2)\n"
                       "card.flip(c, 'down')\n"),
              0);
    const Event *ev = sb_last_event(g, g->w->n_flip);
    CHECK(ev != NULL);
    if (ev) CHECK_INT((int)ev->mask, 1 << 1);
    /* turned up again: every seat and the spectators see it */
    CHECK_INT(t_run(g, "card.flip(zone.at(zone.get('table'), 1), 'up')\n"), 0);
    ev = sb_last_event(g, g->w->n_flip);
    CHECK(ev != NULL);
    if (ev) CHECK_INT((int)ev->mask, (int)((1u << 0) | (1u << 1) | (1u << 2) | (1u << 31)));
    /* face down in its owner's own zone: nobody else learns which card it is */
    CHECK_INT(t_run(g, "local c = zone.at(zone.get('hand', 3), 1)\n"
                       "card.flip(c, 'down')\n"),
              0);
    ev = sb_last_event(g, g->w->n_flip);
    CHECK(ev != NULL);
    if (ev) CHECK_INT((int)ev->mask, 1 << 2);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    game_free(g);
}

/* obj_mask (who may see a card: the mask of its events) works on every seat at once;
 * it must say what obj_visible says seat by seat, for every card of every kind of
 * zone, face up or down, known, hidden from some seats, or sitting on another card. */
static void check_masks(Game *g)
{
    for (uint32_t o = 0; o < g->s.objs.len; o++) {
        if (!S_OBJ(&g->s, o).alive) continue;
        uint32_t want = obj_visible(g, (int32_t)o, -1) ? 1u << 31 : 0u;
        for (int s = 0; s < g->s.h.nseats; s++)
            if (obj_visible(g, (int32_t)o, s)) want |= 1u << s;
        CHECK_MSG(obj_mask(g, (int32_t)o) == want, "card %u: mask %x, seat by seat %x", o,
                  obj_mask(g, (int32_t)o), want);
    }
}

TEST(obj_mask_says_what_obj_visible_says_for_each_seat)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 4);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "local pub = zone.new('table', { visibility = 'public' })\n"
                       "local own = zone.new('tray', { visibility = 'owner', owner = 2 })\n"
                       "local hid = zone.new('vault', { visibility = 'hidden' })\n"
                       "local a = card.new('a', pub, 1) local b = card.new('b', own, 2)\n"
                       "local c = card.new('c', hid, 3) local d = card.new('d', pub, 4)\n"
                       "card.flip(d, 'down')\n"
                       "card.reveal(c, { 1, 4 })\n"
                       "card.reveal(b, 3)\n"
                       "local t1 = card.attach(card.new('a', pub, 1), a)\n"
                       "local t2 = card.attach(card.new('b', pub, 2), d)\n"
                       "local t3 = card.attach(card.new('c', pub, 3), c)\n"
                       "card.flip(t1, 'down')\n"
                       "local t4 = card.attach(card.new('d', pub, 4), t2)\n"
                       "zone.set_visibility(pub, nil, { 2 })\n"
                       "zone.set_visibility(own, nil, { 2, 3 })\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    check_masks(g);
    game_free(g);
    Worker *na = t_worker("games/notalone");
    for (int players = 2; na && players <= 7; players += 5) {
        Game *ng = t_game(na, 11, players);
        if (!ng) continue;
        Bot b = {.rng = 11};
        int32_t ids[64];
        for (int step = 0; step < 300 && game_advance(ng) == ADV_DECISION; step++) {
            check_masks(ng);
            int k = bot_random(&b, ng, ids, 64);
            Err e;
            game_answer(ng, ids, k, &e);
        }
        game_free(ng);
    }
}

TEST(set_owner_lets_the_new_owner_know_a_face_down_card_and_tells_nobody_else)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 3);
    if (!g) return;
    game_advance(g);
    /* seat 1's face-down card on a public table goes to seat 3: seat 3 now knows it,
     * seat 1 still does, seat 2 and the spectators do not (not even from the event) */
    CHECK_INT(t_run(g, "local p = zone.new('table', { visibility = 'public' })\n"
                       "local c = card.new('a', p, 1)\n"
                       "card.flip(c, 'down')\n"
                       "assert(card.visible(c, 1) and not card.visible(c, 3))\n"
                       "card.set_owner(c, 3)\n"
                       "assert(card.owner(c) == 3)\n"
                       "assert(card.visible(c, 3) and card.visible(c, 1) and not card.visible(c, 2))\n"),
              0);
    const Event *ev = sb_last_event(g, g->w->n_owner);
    CHECK(ev != NULL);
    if (ev) CHECK_INT((int)ev->mask, (1 << 0) | (1 << 2));
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    game_free(g);
}

TEST(set_owner_carries_a_controller_that_was_never_changed)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 3);
    if (!g) return;
    game_advance(g);
    /* a card of the common supply (no owner, no controller) bought by seat 2 is seat 2's
     * to play; a card whose controller was changed keeps that controller */
    CHECK_INT(t_run(g, "local p = zone.new('market', { visibility = 'public' })\n"
                       "local c = card.new('a', p)\n"
                       "assert(card.owner(c) == nil and card.controller(c) == nil)\n"
                       "card.set_owner(c, 2)\n"
                       "assert(card.owner(c) == 2 and card.controller(c) == 2, tostring(card.controller(c)))\n"
                       "card.set_owner(c, 3)\n"
                       "assert(card.controller(c) == 3)\n"
                       "card.set_controller(c, 1)\n"
                       "card.set_owner(c, 2)\n"
                       "assert(card.owner(c) == 2 and card.controller(c) == 1)\n"),
              0);
    const Event *ev = sb_last_event(g, g->w->n_control);
    CHECK(ev != NULL && ev->b == 0); /* the last change of control: set_controller(c, 1) */
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    game_free(g);
}

static int count_events(const Game *g, int32_t kind)
{
    int n = 0;
    for (uint32_t i = 0; i < g->events.len; i++)
        if (VEC_AT(g->events, Event, i).kind == kind) n++;
    return n;
}

TEST(track_event_when_a_move_reaches_or_passes_the_goal)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    int before = count_events(g, g->w->n_track);
    CHECK_INT(t_run(g, "track.new('score', { goal = 10 }) track.move('score', 7)"), 0);
    CHECK_INT(count_events(g, g->w->n_track), before);
    /* 7 + 5 passes the goal without landing on it: the track still reached it */
    CHECK_INT(t_run(g, "assert(track.move('score', 5) == 12)"), 0);
    CHECK_INT(count_events(g, g->w->n_track), before + 1);
    const Event *ev = sb_last_event(g, g->w->n_track);
    CHECK(ev != NULL && ev->b == 12);
    /* beyond the goal already: no new event; passing it on the way down is one, landing
     * on it again another */
    CHECK_INT(t_run(g, "track.move('score', 1)"), 0);
    CHECK_INT(count_events(g, g->w->n_track), before + 1);
    CHECK_INT(t_run(g, "track.set('score', 4) "), 0);
    CHECK_INT(count_events(g, g->w->n_track), before + 2);
    CHECK_INT(t_run(g, "track.set('score', 10)"), 0);
    CHECK_INT(count_events(g, g->w->n_track), before + 3);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    game_free(g);
}

/* A 2-seat game of the windows test pack, its windows of `style`, set up by chunk. */
static Game *window_game(Worker *wk, const char *style, const char *chunk)
{
    json_t *opts = json_pack("{s:s}", "style", style);
    json_t *ch = json_pack("[s]", chunk);
    Err e;
    Game *g = game_new_ex(wk->w, 1, 2, opts, ch, &e);
    json_decref(opts);
    json_decref(ch);
    if (!g) t_fail(__FILE__, __LINE__, "%s", e.msg);
    return g;
}

TEST(window_always_ask_asks_a_seat_with_nothing_to_play_and_from_limits_the_offer)
{
    Worker *wk = t_worker(WIN);
    if (!wk) return;
    Err e;
    Game *g = window_game(wk, "asked", "card.new('a', zone.get('hand', 1), 1)\n"
                                       "card.new('b', zone.get('field', 2), 2) -- not in a `from` zone");
    if (!g) return;
    CHECK_INT(game_advance(g), ADV_DECISION);
    DecisionView d = game_decision(g);
    CHECK_INT(d.seat, 0);
    CHECK_INT(d.nopt, 2); /* pass, play Alpha */
    int32_t pass = 0;
    CHECK(game_answer(g, &pass, 1, &e));
    /* seat 2 controls Beta, but not in hand: it is asked anyway, with "pass" only */
    CHECK_INT(game_advance(g), ADV_DECISION);
    d = game_decision(g);
    CHECK_INT(d.seat, 1);
    CHECK_INT(d.nopt, 1);
    CHECK(d.nopt == 1 && d.opts[0].vtype == OPT_PASS);
    game_free(g);
}

/* A window with `from` offers the cards of those zones in card order (object index),
 * whatever their order in the zone: a hand of 40 (past the size an insertion sort
 * handles, where a qsort takes over) whose zone order is the reverse of the cards'. */
TEST(window_from_offers_a_big_hand_in_card_order)
{
    Worker *wk = t_worker(WIN);
    if (!wk) return;
    Game *g = window_game(wk, "asked", "local h = zone.get('hand', 1)\n"
                                       "for i = 1, 40 do card.move(card.new(i % 2 == 0 and 'a' or 'c', h, 1), h, { pos = 'top' }) end");
    if (!g) return;
    CHECK_INT(game_advance(g), ADV_DECISION);
    DecisionView d = game_decision(g);
    CHECK_INT(d.seat, 0);
    CHECK_INT(d.nopt, 41); /* pass and the 40 */
    int cards = 0;
    for (int i = 1; i < d.nopt; i++) {
        CHECK_INT(d.opts[i].vtype, OPT_OBJ);
        cards++;
        if (i > 1)
            CHECK_MSG(d.opts[i].value > d.opts[i - 1].value, "option %d (card %lld) after card %lld", i,
                      (long long)d.opts[i].value, (long long)d.opts[i - 1].value);
    }
    CHECK_INT(cards, 40);
    /* the zone lists them the other way round: the order is the window's own */
    int32_t top = zone_at(g, zone_find(g, names_intern(&wk->w->names, "hand"), 0), 0);
    CHECK_INT(top, d.opts[40].value); /* (a window's option is the card's object index) */
    game_free(g);
}

/* A card whose can_play says no with a reason (`return false, "why"`) is not offered,
 * and the question tells the deciding seat why (decision_refuse): the JSON view of that
 * seat only, never an answer. */
TEST(window_says_why_a_card_is_not_offered)
{
    Worker *wk = t_worker(WIN);
    if (!wk) return;
    Err e;
    Game *g = window_game(wk, "immediate", "card.new('a', zone.get('hand', 1), 1)\n"
                                           "card.new('b', zone.get('field', 1), 1) -- its can_play: not in your hand");
    if (!g) return;
    CHECK_INT(game_advance(g), ADV_DECISION);
    DecisionView d = game_decision(g);
    CHECK_INT(d.seat, 0);
    CHECK_INT(d.nopt, 2); /* pass, play Alpha */
    CHECK_INT(d.nrefused, 1);
    if (d.nrefused == 1) {
        CHECK(strcmp(state_dcstr(&g->s, d.refused[0].label), "play Beta") == 0);
        CHECK(strcmp(decision_refusal_why(g, &d.refused[0]), "it is not in your hand") == 0);
        CHECK_INT(d.refused[0].vtype, OPT_OBJ);
    }
    json_t *v0 = view_decision(g, 0), *v1 = view_decision(g, 1);
    json_t *un = json_object_get(v0, "unavailable");
    CHECK_INT(json_array_size(un), 1);
    CHECK(json_is_string(json_object_get(json_array_get(un, 0), "why")));
    CHECK(v1 == NULL); /* another seat sees nothing of it */
    json_decref(v0);
    json_decref(v1);
    /* a refusal is no answer */
    int32_t id = d.refused[0].id;
    err_clear(&e);
    CHECK(!game_answer(g, &id, 1, &e));
    game_free(g);
}

/* Every card kept back is told with its reason, however many there are (the window
 * used to list 16). */
TEST(window_says_why_for_every_card_not_offered)
{
    Worker *wk = t_worker(WIN);
    if (!wk) return;
    Game *g = window_game(wk, "immediate", "card.new('a', zone.get('hand', 1), 1)\n"
                                           "for i = 1, 40 do card.new('b', zone.get('field', 1), 1) end");
    if (!g) return;
    CHECK_INT(game_advance(g), ADV_DECISION);
    DecisionView d = game_decision(g);
    CHECK_INT(d.nopt, 2);
    CHECK_INT(d.nrefused, 40);
    for (int i = 0; i < d.nrefused; i++)
        CHECK(strcmp(decision_refusal_why(g, &d.refused[i]), "it is not in your hand") == 0);
    json_t *v0 = view_decision(g, 0);
    CHECK_INT(json_array_size(json_object_get(v0, "unavailable")), 40);
    json_decref(v0);
    game_free(g);
}

/* decision_option after decision_refuse: the options still come first. */
TEST(decision_options_come_before_refusals)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    Err e;
    CHECK(decision_begin(g, 0, DEC_CHOOSE, "pick", 1, 1, -1, &e));
    CHECK(decision_option(g, 1, "one", OPT_STR, 1, &e));
    CHECK(decision_refuse(g, "three", OPT_STR, 3, "not now", &e));
    CHECK(decision_option(g, 2, "two", OPT_STR, 2, &e));
    DecisionView d = game_decision(g);
    CHECK_INT(d.nopt, 2);
    CHECK_INT(d.nrefused, 1);
    CHECK(strcmp(state_dcstr(&g->s, d.opts[1].label), "two") == 0);
    CHECK(strcmp(state_dcstr(&g->s, d.refused[0].label), "three") == 0);
    CHECK(strcmp(decision_refusal_why(g, &d.refused[0]), "not now") == 0);
    game_free(g);
}

/* Answers the pending decision with the option labelled `label`; false if none is. */
static bool answer_label(Game *g, const char *label)
{
    DecisionView d = game_decision(g);
    for (int i = 0; i < d.nopt; i++)
        if (strcmp((const char *)g->s.dtext.data + d.opts[i].label, label) == 0) {
            Err e;
            int32_t id = d.opts[i].id;
            return game_answer(g, &id, 1, &e);
        }
    return false;
}

/* A card played in an immediate window whose resolution fails: the whole play is undone
 * (the card back in hand, no "plays" line), the seat is asked again without it, and the
 * error names the card only to the seats that could see it in hand. */
TEST(a_failed_immediate_play_is_undone_and_named_only_to_who_saw_the_card)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    CHECK_MSG(t_run(g, "card.new('g', zone.get('hand', 1), 1)") == 0, "%s", g->last_error.msg);
    CHECK_INT(game_advance(g), ADV_DECISION);
    CHECK_INT(game_decision(g).seat, 0);
    char *before = t_dump(g);
    uint32_t from = g->events.len;
    CHECK(answer_label(g, "play Fizzle"));
    CHECK_INT(game_advance(g), ADV_DECISION);
    CHECK_INT(g->nerrors, 1);
    /* the same seat is asked again; everything else is as before the answer */
    DecisionView d = game_decision(g);
    CHECK_INT(d.seat, 0);
    bool offered = false;
    for (int i = 0; i < d.nopt; i++)
        if (strstr((const char *)g->s.dtext.data + d.opts[i].label, "Fizzle")) offered = true;
    CHECK_MSG(!offered, "Fizzle is offered again in the window where its play failed");
    CHECK_INT(d.nopt, 5); /* pass, Alpha, Beta, Gamma, Delta */
    /* the question says why Fizzle is kept back (`why play fizzle` at the REPL) */
    CHECK_INT(d.nrefused, 1);
    if (d.nrefused == 1)
        CHECK_CONTAINS(decision_refusal_why(g, &d.refused[0]), "its script failed when it was played in this window");
    char *after = t_dump(g);
    CHECK_MSG(after && before && strstr(after, "\"order\":[]"), "%s", after ? after : "(no dump)");
    free(before);
    free(after);
    Buf own = {0}, other = {0};
    view_log(g, 0, from, 0, &own);
    view_log(g, 1, from, 0, &other);
    if (!own.s || !other.s) {
        CHECK_MSG(false, "no log after the failed play");
        buf_free(&own);
        buf_free(&other);
        game_free(g);
        return;
    }
    CHECK_CONTAINS(own.s, "script error: seat 1's play of Fizzle was undone (Fizzle is not offered again "
                          "in this window): ");
    CHECK_CONTAINS(own.s, "fizzle.lua:13");
    CHECK_MSG(!strstr(own.s, "plays Fizzle"), "%s", own.s);
    CHECK_CONTAINS(other.s, "seat 1's play failed on a script error and was undone");
    CHECK_MSG(!strstr(other.s, "Fizzle"), "seat 2 learns the card in seat 1's hand: %s", other.s);
    buf_free(&own);
    buf_free(&other);
    game_free(g);
}

/* Any other action of a card that failed (here a scheduled function of a card in a
 * hand): the error line names the card only to the seats that see it where it is. */
TEST(a_failed_action_of_a_hidden_card_is_named_only_to_who_sees_it)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    uint32_t from = g->events.len;
    /* the chunk schedules the card's `play`, which fails after moving the card */
    CHECK_INT(t_run(g, "game.schedule('play', { card = card.new('g', zone.get('hand', 1), 1), seat = 1 })"), 1);
    CHECK_INT(g->nerrors, 1);
    Buf own = {0}, other = {0};
    view_log(g, 0, from, 0, &own);
    view_log(g, 1, from, 0, &other);
    CHECK_MSG(own.s && strstr(own.s, "script error (action undone): ") && strstr(own.s, "fizzle.lua:13"), "%s",
              own.s ? own.s : "(no log)");
    CHECK_MSG(other.s && strstr(other.s, "script error (action undone) in a card of seat 1's that you cannot see"),
              "%s", other.s ? other.s : "(no log)");
    CHECK_MSG(!other.s || (!strstr(other.s, "Fizzle") && !strstr(other.s, "fizzle")),
              "seat 2 learns the card in seat 1's hand: %s", other.s);
    buf_free(&own);
    buf_free(&other);
    game_free(g);
}

/* card.reveal and zone.peek write a log line: the card's name for the seats shown it and
 * for those who see it where it is (its owner), "a card" for the others; cards of one
 * zone shown to the same seats in a row read as one line. */
TEST(reveals_are_logged_named_only_to_who_may_see_them)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 3);
    if (!g) return;
    game_advance(g);
    uint32_t from = g->events.len;
    CHECK_INT(t_run(g, "local h = zone.get('hand', 2)\n"
                       "card.reveal(zone.at(h, 1), 1) card.reveal(zone.at(h, 2), 1)\n"
                       "card.reveal(zone.at(h, 3), { 1, 3 })\n"
                       "card.reveal(zone.at(h, 4))\n"),
              0);
    Buf v[4] = {{0}};
    for (int s = -1; s < 3; s++) view_log(g, s, from, 0, &v[s + 1]);
    for (int i = 0; i < 4; i++)
        if (!v[i].s) {
            CHECK_MSG(false, "no log for seat %d", i);
            goto out;
        }
    /* seat 1 (shown) and seat 2 (the owner) read the names; seat 3 and the spectator do not */
    CHECK_CONTAINS(v[1].s, "Alpha, Beta (hand of seat 2) shown to seat 1\nGamma (hand of seat 2) shown to "
                           "seats 1 and 3\nDelta (hand of seat 2) shown to everyone\n");
    CHECK_CONTAINS(v[2].s, "Alpha, Beta (hand of seat 2) shown to seat 1\n");
    CHECK_CONTAINS(v[3].s, "2 cards (hand of seat 2) shown to seat 1\nGamma (hand of seat 2) shown to seats 1 and 3\n");
    CHECK_CONTAINS(v[0].s, "2 cards (hand of seat 2) shown to seat 1\na card (hand of seat 2) shown to seats 1 "
                           "and 3\nDelta (hand of seat 2) shown to everyone\n");
out:
    for (int i = 0; i < 4; i++) buf_free(&v[i]);
    game_free(g);
}

/* A card shown to every seat is public: the spectator's view (sim logs, --seat none, the
 * table hot-seat players all see when the game ends) shows it, as the spectator's log
 * line "Delta (hand of seat 2) shown to everyone" names it; one shown to some seats only
 * stays hidden from it. Found by a Risk-like pack that shows every secret objective at
 * the end: its log named them, its table said "1 hidden". */
TEST(a_card_shown_to_every_seat_is_seen_by_the_spectator)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 3);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "local h = zone.get('hand', 2)\n"
                       "card.reveal(zone.at(h, 1), { 1, 3 })\n"
                       "card.reveal(zone.at(h, 2))\n"
                       "card.flip(zone.at(h, 3), 'down') card.reveal(zone.at(h, 3))\n"),
              0);
    int32_t h = -1;
    for (int32_t z = 0; z < (int32_t)g->s.zones.len; z++)
        if (S_ZONE(&g->s, z).owner == 1 && strcmp(names_str(&g->w->names, S_ZONE(&g->s, z).name), "hand") == 0)
            h = z;
    CHECK_MSG(h >= 0, "no hand of seat 2");
    if (h < 0) goto out;
    int32_t first = S_ZONE(&g->s, h).head, second = S_OBJ(&g->s, first).next;
    int32_t third = S_OBJ(&g->s, second).next;
    CHECK_MSG(!obj_visible(g, first, -1), "the spectator sees a card shown to seats 1 and 3 only");
    CHECK_MSG(obj_visible(g, second, -1), "the spectator does not see a card shown to everyone");
    CHECK_MSG(obj_visible(g, third, -1), "the spectator does not see a face-down card shown to everyone");
    CHECK_MSG(obj_mask(g, second) & (1u << 31), "the mask of a card shown to everyone leaves out the spectator");
    check_masks(g);
    /* shuffled back into hiding: seats forget it, and so does the spectator */
    CHECK_INT(t_run(g, "card.flip(zone.at(zone.get('hand', 2), 2), 'down')"), 0);
    CHECK_MSG(!obj_visible(g, second, -1), "the spectator still sees a card turned face down again");
out:
    game_free(g);
}

/* A track's parts (track.new's <name>.min, .max, .goal and <name>@<mark>) are hidden and
 * not logged when no pack names them; the position itself and other dotted keys are not. */
TEST(a_tracks_parts_are_hidden_unless_named)
{
    Worker *wk = t_worker(WIN);
    if (!wk) return;
    World *w = wk->w;
    const char *hidden[] = {"score.min", "score.max", "score.goal", "score@bonus", "score.seats"};
    for (int i = 0; i < 5; i++) {
        int32_t k = names_intern(&w->names, hidden[i]);
        const PropShow *ps = world_prop_show(w, k);
        CHECK_MSG(ps && ps->hide && ps->quiet, "%s is shown", hidden[i]);
    }
    const char *shown[] = {"score", "a.minimum", ".goal", "@mark"};
    for (int i = 0; i < 4; i++)
        CHECK_MSG(world_prop_show(w, names_intern(&w->names, shown[i])) == NULL, "%s is hidden", shown[i]);
}

/* Reaching the goal of a track per seat emits `track` with that seat (c), once, and only
 * when the move lands on or passes the goal. */
TEST(a_track_per_seat_reaching_its_goal_emits_track_with_the_seat)
{
    Worker *wk = t_worker(WIN);
    Game *g = dealt(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    uint32_t from = g->events.len;
    CHECK_INT(t_run(g, "track.new('vp', { seats = true, goal = 4 }) track.move('vp', 2, 1) track.move('vp', 5, 2)"),
              0);
    int n = 0;
    for (uint32_t i = from; i < g->events.len; i++) {
        const Event *ev = &VEC_AT(g->events, Event, i);
        if (ev->kind != g->w->n_track) continue;
        n++;
        CHECK_INT((int)ev->b, 5);
        CHECK_INT((int)ev->c, 1);
    }
    CHECK_INT(n, 1);
    game_free(g);
}

/* A shared win (game.win with a list of seats) is in every seat's view: the seats in
 * order, no winner role or single seat; game_won_by names each of them and no other;
 * the state's hash tells two shared wins apart. */
TEST(a_shared_win_is_in_the_view_and_won_by_each_of_its_seats)
{
    Worker *wk = t_worker("tests/packs/frame");
    if (!wk) return;
    Game *g = t_game(wk, 1, 4), *solo = t_game(wk, 1, 4);
    if (!g || !solo) {
        game_free(g);
        game_free(solo);
        return;
    }
    CHECK_INT(t_run(g, "game.win({ 4, 2 }, 'tied')"), 0);
    CHECK_INT(t_run(solo, "game.win({ 2, 3 }, 'tied')"), 0);
    CHECK(g->s.h.over && solo->s.h.over);
    json_t *v = view_json(g, 0);
    json_t *over = json_object_get(v, "over");
    json_t *ws = json_object_get(over, "winner_seats");
    CHECK_INT(json_array_size(ws), 2);
    CHECK_INT(json_integer_value(json_array_get(ws, 0)), 2);
    CHECK_INT(json_integer_value(json_array_get(ws, 1)), 4);
    CHECK(!json_object_get(over, "winner") && !json_object_get(over, "winner_seat"));
    json_decref(v);
    for (int s = 0; s < 4; s++) CHECK_INT(game_won_by(g, s), s == 1 || s == 3);
    for (int s = 0; s < 4; s++) CHECK_INT(game_won_by(solo, s), s == 1 || s == 2);
    CHECK(game_hash(g) != game_hash(solo));
    game_free(g);
    game_free(solo);
}

/* An eliminated seat is asked nothing: a question to it is refused, naming it, and a
 * view marks it out (and no other seat). */
TEST(an_eliminated_seat_is_asked_nothing_and_marked_out_in_views)
{
    Worker *wk = t_worker("tests/packs/frame");
    if (!wk) return;
    Game *g = t_game(wk, 1, 3);
    if (!g) return;
    Err e;
    err_clear(&e);
    uint64_t before = game_hash(g);
    CHECK(seat_eliminate(g, 1, "no lands", &e));
    CHECK(seat_out(g, 1) && !seat_out(g, 0) && !seat_out(g, 2));
    CHECK(game_hash(g) != before); /* a save's hash tells it */
    err_clear(&e);
    CHECK(!decision_begin(g, 1, DEC_CHOOSE, "pick", 1, 1, -1, &e));
    CHECK_CONTAINS(e.msg, "seat 2 is out of the game (seat.eliminate): it is asked nothing");
    err_clear(&e);
    CHECK(decision_begin(g, 2, DEC_CHOOSE, "pick", 1, 1, -1, &e));
    json_t *v = view_json(g, 0);
    json_t *seats = json_object_get(v, "seats");
    for (size_t i = 0; i < json_array_size(seats); i++)
        CHECK_INT(json_is_true(json_object_get(json_array_get(seats, i), "out")), i == 1);
    json_decref(v);
    game_free(g);
}

/* game.stat: a whole-number statistic kept in the state (an aborted action takes it
 * back), that emits no event and that no seat's view nor the spectator's shows. */
TEST(game_stat_is_state_that_no_seat_sees)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 3, 3);
    if (!g) return;
    game_advance(g);
    uint32_t nevents = g->events.len;
    uint64_t h0 = game_hash(g);
    CHECK_INT(t_run(g, "assert(game.stat('caught') == 0)\n"
                       "assert(game.stat('caught', 2) == 2) assert(game.stat('caught', -3) == -1)\n"
                       "assert(game.stat('caught', 2.0) == 1) assert(game.stat('caught') == 1)\n"
                       "assert(game.get('caught') == nil)"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    CHECK_INT(g->events.len, nevents); /* no event: no handler hears it, no log line */
    CHECK(game_hash(g) != h0);
    char *dump = t_dump(g);
    CHECK(dump && !strstr(dump, "caught"));
    free(dump);
    /* a failed action takes its additions back; bad arguments are errors */
    CHECK_INT(t_run(g, "game.stat('caught', 5) error('boom')"), 1);
    CHECK_INT(t_run(g, "game.stat('caught', 1.5)"), 1);
    CHECK_CONTAINS(g->last_error.msg, "game.stat: n must be a whole number, not 1.5");
    CHECK_INT(t_run(g, "game.stat('caught', '2')"), 1);
    CHECK_CONTAINS(g->last_error.msg, "game.stat: n must be a whole number, not a string");
    CHECK_INT(t_run(g, "game.stat('', 1)"), 1);
    CHECK_CONTAINS(g->last_error.msg, "game.stat: the name is empty");
    CHECK_INT(t_run(g, "game.stat('caught', 1 << 62)"), 1);
    CHECK_CONTAINS(g->last_error.msg, "game.stat: the total would leave the range of +/-2^62");
    CHECK_INT(t_run(g, "assert(game.stat('caught') == 1)"), 0);
    game_free(g);
}

/* Statistic `name` of g (0 when none), read from C: a game that is over runs no chunk. */
static int64_t stat_of(const Game *g, const char *name)
{
    int32_t key = names_find(&g->w->names, name);
    return key < 0 ? 0 : stat_get(g, key);
}

/* A statistic added by an effect that then waits for answers counts once: when the
 * effect resumes, when the game is made again from its log at a question inside the
 * effect (undo), and in a replay of the whole game. */
TEST(game_stat_counts_once_in_an_effect_that_asks)
{
    const char *dir = t_temp_pack("{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\"}", NULL);
    char p[256];
    snprintf(p, sizeof p, "%s/rules.lua", dir);
    t_write_file(p, "return { turn = { \"main\" }, steps = { main = { enter = function()\n"
                    "  game.stat('asked', 1) decide.choose(1, { 'a', 'b' })\n"
                    "  game.stat('answered', 1) decide.choose(1, { 'c', 'd' })\n"
                    "  if game.turn() == 3 then game.win(1, 'done') end end } } }\n");
    Worker wk;
    Err e;
    err_clear(&e);
    bool ok = t_worker_new(&wk, dir, &e);
    sb_tmp_rm(dir);
    CHECK_MSG(ok, "%s", e.msg);
    if (!ok) return;
    Game *g = game_new_ex(wk.w, 5, 1, NULL, NULL, &e);
    CHECK_MSG(g, "%s", e.msg);
    for (int k = 0; g && k < 3; k++) { /* to the second question of turn 2 */
        CHECK_INT(game_advance(g), ADV_DECISION);
        int32_t id = game_decision(g).opts[0].id;
        CHECK(game_answer(g, &id, 1, &e));
    }
    if (g) {
        CHECK_INT(game_advance(g), ADV_DECISION);
        CHECK_INT(stat_of(g, "asked"), 2);
        CHECK_INT(stat_of(g, "answered"), 2);
        Game *u = game_at(g, 1, &e); /* turn 1's second question */
        CHECK_MSG(u, "%s", e.msg);
        CHECK_INT(u ? stat_of(u, "asked") : -1, 1);
        CHECK_INT(u ? stat_of(u, "answered") : -1, 1);
        game_free(u);
        CHECK_INT(t_play(g, 1), ADV_OVER);
        CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
        CHECK_INT(stat_of(g, "asked"), 3);
        CHECK_INT(stat_of(g, "answered"), 3);
        json_t *log = save_json(g);
        Game *r = log ? save_replay(wk.w, log, -1, &e) : NULL;
        CHECK_MSG(r, "%s", e.msg);
        if (r) CHECK(game_hash(r) == game_hash(g));
        if (r) CHECK_INT(stat_of(r, "asked"), 3);
        game_free(r);
        json_decref(log);
    }
    game_free(g);
    worker_close(&wk);
}

/* Answers g's pending decision with its first option and plays on to the next one. */
static void id_answer_first(Game *g)
{
    Err e;
    err_clear(&e);
    if (game_advance(g) != ADV_DECISION) return;
    int32_t id = game_decision(g).opts[0].id;
    CHECK_MSG(game_answer(g, &id, 1, &e), "%s", e.msg);
    game_advance(g);
}

/* decide.choose's auto = true: a question with one possible answer (every item, at least
 * one) is answered without asking, as if chosen; one that may take none is asked. A
 * misspelt option is an error naming it (it was ignored). */
TEST(decide_choose_auto_and_unknown_options)
{
    const char *dir = t_temp_pack("{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\"}", NULL);
    char p[256];
    snprintf(p, sizeof p, "%s/rules.lua", dir);
    t_write_file(p, "return { turn = { \"main\" },\n"
                    "  bad = function() decide.choose(1, { 'a', 'b' }, { mni = 0 }) end,\n"
                    "  bad_auto = function() decide.choose(1, { 'a' }, { auto = 1 }) end,\n"
                    "  steps = { main = { enter = function()\n"
                    "    game.set('one', decide.choose(1, { 'only' }, { auto = true }))\n"
                    "    game.set('all', #decide.choose(1, { 'a', 'b' }, { min = 2, auto = true }))\n"
                    "    game.set('two', #decide.choose(1, { 'a', 'b' }, { min = 1, max = 2, auto = true }))\n"
                    "    game.set('none', decide.choose(1, { 'x' }, { min = 0, auto = true }) or 'none')\n"
                    "    decide.choose(1, { 'end' })\n"
                    "  end } } }\n");
    Worker wk;
    Err e;
    err_clear(&e);
    bool ok = t_worker_new(&wk, dir, &e);
    sb_tmp_rm(dir);
    CHECK_MSG(ok, "%s", e.msg);
    if (!ok) return;
    Game *g = game_new_ex(wk.w, 5, 1, NULL, NULL, &e);
    CHECK_MSG(g, "%s", e.msg);
    if (g) {
        /* the first two are answered on their own: the first question is a pick of 1 to 2 */
        CHECK_INT(game_advance(g), ADV_DECISION);
        DecisionView d = game_decision(g);
        CHECK_INT(d.nopt, 2);
        CHECK_INT(d.max, 2);
        CHECK(sb_get_str(g, "one") && strcmp(sb_get_str(g, "one"), "only") == 0);
        CHECK_INT(sb_get(g, "all", -1), 2);
        int32_t ids[2] = {d.opts[0].id, d.opts[1].id};
        CHECK(game_answer(g, ids, 2, &e));
        CHECK_INT(game_advance(g), ADV_DECISION); /* min = 0: asked */
        CHECK_INT(game_decision(g).nopt, 1);
        CHECK(game_answer(g, ids, 0, &e));
        CHECK_INT(game_advance(g), ADV_DECISION);
        CHECK(sb_get_str(g, "none") && strcmp(sb_get_str(g, "none"), "none") == 0);
        CHECK_INT(sb_get(g, "two", -1), 2);
        int before = g->nerrors;
        CHECK_INT(t_run(g, "game.schedule('bad')"), 0);
        id_answer_first(g);
        CHECK_INT(g->nerrors, before + 1);
        CHECK_CONTAINS(g->last_error.msg, "decide.choose: unknown option 'mni' (options: min, max, prompt, tag, unavailable, auto)");
        CHECK_INT(t_run(g, "game.schedule('bad_auto')"), 0);
        for (int i = 0; i < 5 && g->nerrors == before + 1; i++) id_answer_first(g); /* to the end of the step */
        CHECK_INT(g->nerrors, before + 2);
        CHECK_CONTAINS(g->last_error.msg, "decide.choose: auto must be true or false");
    }
    game_free(g);
    worker_close(&wk);
}

/* A clone keeps a log of designer chunks of its own: a chunk run on the clone went into
 * the original's log too (they shared one list), and the original's save then replayed
 * to another state. */
TEST(a_clone_keeps_its_own_chunks)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 4, 3);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "game.set('a', 1)"), 0);
    Game *c = game_clone(g);
    CHECK(c != NULL);
    if (c) {
        CHECK_INT(t_run(c, "game.set('b', 2)"), 0);
        CHECK_INT(json_array_size(c->chunks), json_array_size(g->chunks) + 1);
        json_t *log = save_json(g);
        Err e;
        err_clear(&e);
        Game *r = log ? save_replay(wk->w, log, -1, &e) : NULL;
        CHECK_MSG(r, "%s", e.msg);
        if (r) CHECK(game_hash(r) == game_hash(g));
        game_free(r);
        json_decref(log);
    }
    game_free(c);
    game_free(g);
}

/* The items waiting in a stack window are in each seat's view, the next to resolve
 * first, each card as that seat sees the card itself: a card turned face down in the
 * public stack shows to its owner only, and its function with it. */
static bool str_is(const char *a, const char *b)
{
    return a && strcmp(a, b) == 0;
}

TEST(a_view_lists_the_waiting_items_each_card_as_the_seat_sees_it)
{
    Worker *wk = t_worker(WIN);
    if (!wk) return;
    json_t *ch = json_pack("[s]", "for s = 1, game.seats() do local h = zone.get('hand', s)\n"
                                  "for _, id in ipairs({'a', 'b', 'c', 'd'}) do card.new(id, h, s) end end");
    json_t *opts = json_pack("{s:s}", "style", "stack");
    Err e;
    Game *g = game_new_ex(wk->w, 1, 2, opts, ch, &e);
    json_decref(ch);
    json_decref(opts);
    if (!g) {
        t_fail(__FILE__, __LINE__, "game_new: %s", e.msg);
        return;
    }
    const char *names[2] = {"Alpha", "Beta"};
    for (int k = 0; k < 2; k++) {
        CHECK_INT(game_advance(g), ADV_DECISION);
        json_t *v = view_json(g, k);
        /* nothing waits before the first play */
        CHECK(json_object_get(v, "window") == NULL || k == 1);
        json_decref(v);
        DecisionView d = game_decision(g);
        int32_t id = -1;
        for (int i = 0; i < d.nopt; i++)
            if (d.opts[i].vtype == OPT_OBJ &&
                str_is(g->w->defs[S_OBJ(&g->s, d.opts[i].id - 1).def].name, names[k]))
                id = d.opts[i].id;
        CHECK(id >= 0);
        CHECK(game_answer(g, &id, 1, &e));
    }
    CHECK_INT(game_advance(g), ADV_DECISION);
    CHECK_INT(t_run(g, "card.flip(zone.at(zone.get('stack')), 'down')\n"), 0); /* Beta, seat 2's */
    CHECK_INT(game_advance(g), ADV_DECISION);
    for (int seat = -1; seat < 2; seat++) {
        json_t *v = view_json(g, seat);
        json_t *w = json_object_get(v, "window");
        CHECK(str_is(json_string_value(json_object_get(w, "kind")), "stack"));
        CHECK(str_is(json_string_value(json_object_get(w, "style")), "stack"));
        json_t *items = json_object_get(w, "items");
        CHECK_INT((int)json_array_size(items), 2);
        json_t *top = json_array_get(items, 0), *under = json_array_get(items, 1);
        CHECK_INT((int)json_integer_value(json_object_get(top, "seat")), 2);
        CHECK(str_is(json_string_value(json_object_get(top, "kind")), "played"));
        json_t *c = json_object_get(top, "card");
        if (seat == 1) {
            CHECK(str_is(json_string_value(json_object_get(c, "name")), "Beta"));
            CHECK(str_is(json_string_value(json_object_get(top, "fn")), "play"));
        } else {
            CHECK(json_is_true(json_object_get(c, "hidden")) && !json_object_get(c, "name"));
            CHECK(json_object_get(top, "fn") == NULL);
        }
        json_t *uc = json_object_get(under, "card");
        CHECK(str_is(json_string_value(json_object_get(uc, "name")), "Alpha"));
        CHECK_INT((int)json_integer_value(json_object_get(under, "seat")), 1);
        json_decref(v);
    }
    game_free(g);
}

/* Advances g to its next decision and answers it with the option labelled `label`. */
static bool advance_answer(Game *g, const char *label)
{
    return game_advance(g) == ADV_DECISION && answer_label(g, label);
}

/* window.cancel changes the state exactly: a game suspended at a question asked after
 * its card canceled an item (Negate, in a stack window) is the same game cloned, saved
 * and replayed, and undone to that question; each answered the same way ends in the same
 * state, the canceled Alpha in its owner's hand and never resolved. An action that
 * cancels and then fails leaves the items as they were. */
TEST(window_cancel_is_exact_across_clone_replay_and_undo)
{
    Worker *wk = t_worker(WIN);
    if (!wk) return;
    json_t *ch = json_pack("[s]", "card.new('a', zone.get('hand', 1), 1) card.new('c', zone.get('hand', 1), 1)\n"
                                  "card.new('b', zone.get('hand', 2), 2) card.new('negate', zone.get('hand', 2), 2)");
    json_t *opts = json_pack("{s:s}", "style", "stack");
    Err e;
    Game *g = game_new_ex(wk->w, 3, 2, opts, ch, &e);
    json_decref(ch);
    json_decref(opts);
    if (!g) {
        t_fail(__FILE__, __LINE__, "game_new: %s", e.msg);
        return;
    }
    CHECK(advance_answer(g, "play Alpha"));
    CHECK(advance_answer(g, "play Beta"));
    /* a chunk that cancels, then fails: undone, both items still wait */
    CHECK_INT(t_run(g, "window.cancel(1) error('after the cancel')"), 1);
    int32_t first, n = window_waiting(g, &first);
    CHECK_INT(n, 2);
    CHECK(sb_last_event(g, g->w->n_cancel) == NULL);
    CHECK(advance_answer(g, "pass"));
    CHECK(advance_answer(g, "pass")); /* Beta resolves; seat 1 is offered first again */
    CHECK(advance_answer(g, "pass"));
    CHECK(advance_answer(g, "play Negate"));
    /* seat 2, its hand empty, passes by itself: Negate resolves, cancels Alpha, asks */
    CHECK(advance_answer(g, "pass"));
    CHECK_INT(game_advance(g), ADV_DECISION);
    CHECK_INT(window_waiting(g, &first), 0);
    const Event *ev = sb_last_event(g, g->w->n_cancel);
    CHECK(ev && str_is(g->w->defs[S_OBJ(&g->s, ev->a).def].name, "Alpha") && ev->b == 0 &&
          ev->c == (ITEM_PLAYED << 8 | 2));
    Game *copies[3];
    copies[0] = game_clone(g);
    json_t *log = save_json(g);
    err_clear(&e);
    copies[1] = log ? save_replay(wk->w, log, -1, &e) : NULL;
    CHECK_MSG(copies[1], "%s", e.msg);
    json_decref(log);
    err_clear(&e);
    copies[2] = game_at(g, (int)g->nanswers, &e);
    CHECK_MSG(copies[2], "%s", e.msg);
    uint64_t at_question = game_hash(g);
    CHECK(advance_answer(g, "hand"));
    CHECK_INT(game_advance(g), ADV_DECISION);
    uint64_t after = game_hash(g);
    for (int k = 0; k < 3; k++) {
        Game *c = copies[k];
        if (!c) continue;
        CHECK_INT(game_advance(c), ADV_DECISION);
        CHECK_MSG(game_hash(c) == at_question, "copy %d at the question", k);
        CHECK_INT(window_waiting(c, &first), 0);
        CHECK(advance_answer(c, "hand"));
        CHECK_INT(game_advance(c), ADV_DECISION);
        CHECK_MSG(game_hash(c) == after, "copy %d after the answer", k);
        game_free(c);
    }
    /* (a designer chunk: run last, as it changes the state the copies are compared to) */
    CHECK_INT(t_run(g, "local o = game.get('order') assert(#o == 2 and o[1] == 2 and o[2] == 9)\n"
                       "assert(zone.search(zone.get('hand', 1), 'a')[1] and #window.items() == 0)"),
              0);
    CHECK_INT(g->nerrors, 1); /* the chunk that failed after its cancel */
    game_free(g);
}

/* Plays the windows pack in `style` up to Bolt's second question, asked inside its
 * on_play (the discard paid, the target not chosen yet). */
static Game *bolt_at_target(Worker *wk, const char *style)
{
    json_t *ch = json_pack("[s]", "local h = zone.get('hand', 1)\n"
                                  "card.new('a', h, 1) card.new('c', h, 1) card.new('bolt', h, 1)\n"
                                  "card.new('b', zone.get('hand', 2), 2)\n"
                                  "card.call(card.new('clerk', zone.get('field', 1), 1), 'arm')");
    json_t *opts = json_pack("{s:s}", "style", style);
    Err e;
    Game *g = game_new_ex(wk->w, 5, 2, opts, ch, &e);
    json_decref(ch);
    json_decref(opts);
    if (!g) {
        t_fail(__FILE__, __LINE__, "game_new: %s", e.msg);
        return NULL;
    }
    bool ok = advance_answer(g, "play Alpha") && advance_answer(g, "pass") && advance_answer(g, "play Bolt") &&
              advance_answer(g, "Gamma") && game_advance(g) == ADV_DECISION;
    DecisionView d = game_decision(g);
    if (!ok || !str_is(d.prompt, "Bolt: target a seat")) {
        t_fail(__FILE__, __LINE__, "%s: not at Bolt's target question (%s)", style, ok ? d.prompt : "an answer failed");
        game_free(g);
        return NULL;
    }
    return g;
}

/* A game paused at a question asked inside a card's on_play is exact: cloned, saved and
 * replayed, and undone to that question, each copy answered the same way ends as a game
 * played straight through does — a target chosen (the play goes on), or "nobody" (an
 * error: the play is refused and undone back to before it, which needs the state held
 * since the play was answered, copied with the game). In a stack and an immediate window. */
TEST(a_question_inside_on_play_is_exact_across_clone_replay_and_undo)
{
    Worker *wk = t_worker(WIN);
    if (!wk) return;
    const char *styles[] = {"stack", "immediate"};
    const char *answers[] = {"seat 2", "nobody"};
    for (int si = 0; si < 2; si++)
        for (int ai = 0; ai < 2; ai++) {
            Game *g = bolt_at_target(wk, styles[si]);
            if (!g) return;
            uint64_t at_question = game_hash(g);
            Game *copies[3];
            Err e;
            copies[0] = game_clone(g);
            json_t *log = save_json(g);
            err_clear(&e);
            copies[1] = log ? save_replay(wk->w, log, -1, &e) : NULL;
            CHECK_MSG(copies[1], "%s", e.msg);
            json_decref(log);
            err_clear(&e);
            copies[2] = game_at(g, (int)g->nanswers, &e);
            CHECK_MSG(copies[2], "%s", e.msg);
            /* the reference: the game played straight on */
            CHECK(answer_label(g, answers[ai]));
            CHECK_INT(game_advance(g), ADV_DECISION);
            uint64_t after = game_hash(g);
            int errors = g->nerrors;
            for (int k = 0; k < 3; k++) {
                Game *c = copies[k];
                if (!c) continue;
                CHECK_INT(game_advance(c), ADV_DECISION);
                CHECK_MSG(game_hash(c) == at_question, "%s, copy %d at the question", styles[si], k);
                CHECK_MSG(c->play_held, "%s, copy %d holds the state before the play", styles[si], k);
                CHECK(answer_label(c, answers[ai]));
                CHECK_INT(game_advance(c), ADV_DECISION);
                CHECK_MSG(game_hash(c) == after, "%s, copy %d after '%s'", styles[si], k, answers[ai]);
                CHECK_INT(c->nerrors, errors);
                game_free(c);
            }
            /* what each answer did: Bolt waits or resolved, targeted; or the play undone */
            /* (in the stack window Alpha still waits; in the immediate one it resolved) */
            const char *check = ai == 0 ?
                "assert(zone.search(zone.get('graveyard', 1), 'c')[1])\n"
                "local o = table.concat(game.get('order'), ' ')\n"
                "if #window.items() == 3 then assert(o == '') else assert(o == '1 22 303', o) end" :
                "local h = zone.get('hand', 1)\n"
                "assert(zone.count(h) == 2 and zone.search(h, 'c')[1] and zone.search(h, 'bolt')[1])\n"
                "local o = table.concat(game.get('order'), ' ')\n"
                "assert(#window.items() == 1 and o == '' or #window.items() == 0 and o == '1', o)\n"
                "assert(game.get('on_play') == nil)";
            CHECK_MSG(t_run(g, check) == 0, "%s, '%s': %s", styles[si], answers[ai], g->last_error.msg);
            CHECK_INT(errors, ai);
            game_free(g);
        }
}


/* Answers "go" (option 1) of the main step and runs on to the next question. */
static void listen_go(Game *g)
{
    Err e;
    DecisionView d = game_decision(g);
    int32_t id = d.nopt > 0 ? d.opts[0].id : 0;
    CHECK(game_answer(g, &id, 1, &e));
    game_advance(g);
}

TEST(rules_listeners_are_exact_across_save_replay_clone_and_undo)
{
    Worker wk;
    Err e;
    err_clear(&e);
    CHECK_MSG(t_worker_new(&wk, "tests/packs/listen", &e), "%s", e.msg);
    Game *g = game_new_ex(wk.w, 3, 2, NULL, NULL, &e);
    CHECK_MSG(g, "%s", e.msg);
    if (!g) {
        worker_close(&wk);
        return;
    }
    game_advance(g);
    /* a rules effect registered, and its triggers waiting, at a question */
    CHECK_INT(t_run(g, "effect.on('alarm', 'watch', { rules = true, params = { 5 } }) event.emit('alarm')"), 0);
    CHECK_INT((int)g->s.triggers.len, 3);
    CHECK_INT((int)g->s.effects.len, 1);
    CHECK_INT(S_EFFECT(&g->s, 0).obj, EFFECT_RULES);
    Game *at1 = game_clone(g); /* decision 0 with the chunk applied */
    json_t *log = save_json(g);
    Game *r = log ? save_replay(wk.w, log, -1, &e) : NULL;
    CHECK_MSG(r, "%s", e.msg);
    if (r) CHECK(game_hash(r) == game_hash(g));
    listen_go(g);
    CHECK_MSG(strcmp(sb_get_str(g, "trail"), " first second watch:alarm:5") == 0, "trail: %s", sb_get_str(g, "trail"));
    /* the replayed game and the clone go on the same way */
    if (r) {
        listen_go(r);
        CHECK(game_hash(r) == game_hash(g));
        CHECK_MSG(strcmp(sb_get_str(r, "trail"), " first second watch:alarm:5") == 0, "trail: %s", sb_get_str(r, "trail"));
    }
    if (at1) {
        listen_go(at1);
        CHECK(game_hash(at1) == game_hash(g));
    }
    /* the effect lasts the game: the next alarm runs it again, in every copy */
    CHECK_INT(t_run(g, "game.set('trail', '') event.emit('alarm')"), 0);
    Game *then = game_clone(g);
    listen_go(g);
    CHECK_MSG(strcmp(sb_get_str(g, "trail"), " first second watch:alarm:5") == 0, "trail: %s", sb_get_str(g, "trail"));
    /* undo to the second question (its chunk applied) replays to the state then, and
     * goes on the same way */
    Game *u = game_at(g, 1, &e);
    CHECK_MSG(u, "%s", e.msg);
    if (u && then) CHECK(game_hash(u) == game_hash(then));
    if (u) {
        listen_go(u);
        CHECK(game_hash(u) == game_hash(g));
    }
    game_free(u);
    game_free(then);
    game_free(r);
    game_free(at1);
    json_decref(log);
    game_free(g);
    worker_close(&wk);
}
