/* test_supply.c — counter supplies (host/supply.c, vm/lib_supply.c): moves all or
 * nothing with the totals conserved, a shortfall refused naming the kind and the
 * shortfall with the state exactly as before, the counts kept by clone, save/load and
 * a rolled-back action, the "supply" event (its fields in C and in ctx.event) and its
 * log line, the views, unlimited kinds and counters on cards, zones and out, a hidden
 * supply's counters on them seen as the model says, supply.draw (at random, forced,
 * replayed, all or nothing), and every bad argument a clear error. Read next: docs/scripting-api.md (supply). */
#include <stdlib.h>
#include <string.h>

#include "save.h"
#include "supply.h"
#include "t.h"
#include "test_sandbox.h"
#include "view.h"

#define GEMS "tests/packs/gems"

static int64_t count(const Game *g, const char *sup, const char *kind, int32_t holder)
{
    const Names *nm = &g->w->names;
    return supply_count(g, names_find(nm, sup), names_find(nm, kind), holder);
}

/* Whether two t_dump texts hold the same views (their first line counts the log's
 * events, which an error's report adds to) and the state hashes are equal. */
static bool same_state(const Game *g, uint64_t hash_before, const char *before, const char *after)
{
    const char *vb = before ? strchr(before, '\n') : NULL, *va = after ? strchr(after, '\n') : NULL;
    return state_hash(&g->s) == hash_before && vb && va && strcmp(vb, va) == 0;
}

static bool streq(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}

/* A gems game at its first question (the rules made the "gems" supply). */
static Game *gems_game(uint64_t seed, int players)
{
    Game *g = t_game(t_worker(GEMS), seed, players);
    if (g) CHECK_INT(game_advance(g), ADV_DECISION);
    return g;
}

TEST(supply_moves_keep_every_total)
{
    Game *g = gems_game(1, 3);
    if (!g) return;
    CHECK_INT(count(g, "gems", "white", SUPPLY_POOL), 5);
    CHECK_INT(t_run(g, "supply.take('gems', 1, { white = 2, gold = 1 })"
                       "supply.move('gems', 1, 3, { 'white' })"
                       "supply.give('gems', 1, { gold = 1 })"),
              0);
    CHECK_INT(count(g, "gems", "white", SUPPLY_POOL), 3);
    CHECK_INT(count(g, "gems", "white", 0), 1);
    CHECK_INT(count(g, "gems", "white", 2), 1);
    CHECK_INT(count(g, "gems", "gold", 0), 0);
    CHECK_INT(count(g, "gems", "gold", SUPPLY_POOL), 5);
    /* for every kind, pool + seats == total */
    int32_t name = names_find(&g->w->names, "gems"), kinds[SUPPLY_KINDS_MAX];
    int64_t totals[SUPPLY_KINDS_MAX];
    int nk = supply_kinds(g, name, kinds, totals, SUPPLY_KINDS_MAX);
    CHECK_INT(nk, 6);
    for (int k = 0; k < nk; k++) {
        int64_t sum = supply_count(g, name, kinds[k], SUPPLY_POOL);
        for (int s = 0; s < 3; s++) sum += supply_count(g, name, kinds[k], s);
        CHECK_INT(sum, totals[k]);
    }
    /* the Lua side agrees */
    CHECK_INT(t_run(g, "assert(supply.count('gems', 3, 'white') == 1 and supply.count('gems', 1) == 1)"
                       "assert(supply.total('gems', 'gold') == 5 and supply.kinds('gems')[6] == 'gold')"
                       "local h = supply.holdings('gems', 'pool') assert(h.white == 3 and h.black == 5)"
                       "assert(supply.has('gems', 1, { white = 1 }) and not supply.has('gems', 1, { 'white', 'white' }))"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    game_free(g);
}

/* A move that one kind is short of is refused as a whole: the error names each kind
 * short and by how much, and the state (hash, views, log) is exactly as before. */
TEST(supply_a_shortfall_is_refused_and_changes_nothing)
{
    Game *g = gems_game(2, 2);
    if (!g) return;
    CHECK_INT(t_run(g, "supply.take('gems', 1, { white = 2, gold = 1 })"), 0);
    uint64_t h = game_hash(g), sh = state_hash(&g->s);
    uint32_t nev = g->events.len;
    char *before = t_dump(g);
    CHECK_INT(t_run(g, "supply.give('gems', 1, { white = 2, blue = 1, gold = 3 })"), 1);
    CHECK_CONTAINS(g->last_error.msg, "supply.give: seat 1 has 0 blue of 'gems', 1 to move: 1 short; "
                                      "seat 1 has 1 gold of 'gems', 3 to move: 2 short");
    char *after = t_dump(g);
    CHECK(game_hash(g) == h);
    CHECK_MSG(same_state(g, sh, before, after), "a refused move changed the state");
    CHECK_INT(count(g, "gems", "white", 0), 2);
    /* no supply event was left behind (the error line is the only new event) */
    for (uint32_t i = nev; i < g->events.len; i++) CHECK(VEC_AT(g->events, Event, i).kind != g->w->n_supply);
    free(before);
    free(after);
    /* a move that succeeds inside an action that fails afterwards is undone with it */
    before = t_dump(g);
    CHECK_INT(t_run(g, "supply.give('gems', 1, { white = 2 }) error('after the move')"), 1);
    after = t_dump(g);
    CHECK_MSG(same_state(g, sh, before, after), "a move of a failed action stayed");
    CHECK_INT(count(g, "gems", "white", 0), 2);
    free(before);
    free(after);
    game_free(g);
}

TEST(supply_counts_survive_clone_and_save)
{
    Worker other;
    Err e;
    if (!t_worker_new(&other, GEMS, &e)) {
        t_fail(__FILE__, __LINE__, "open: %s", e.msg);
        return;
    }
    Game *g = gems_game(3, 2);
    if (!g) {
        worker_close(&other);
        return;
    }
    CHECK_INT(t_run(g, "supply.new('food', { meat = 3, water = 'unlimited' })"
                       "supply.take('food', 2, { meat = 2, water = 7 })"),
              0);
    CHECK_INT(count(g, "food", "water", 1), 7);
    CHECK_INT(count(g, "food", "water", SUPPLY_POOL), SUPPLY_UNLIMITED);
    /* the hash sees the counts: one counter moved is another hash, moved back the same */
    Game *m = game_clone(g);
    if (m) {
        int32_t food = names_find(&g->w->names, "food"), meat = names_find(&g->w->names, "meat");
        int64_t one = 1;
        CHECK(supply_move(m, food, 1, SUPPLY_POOL, &meat, &one, 1, NULL, &e));
        CHECK(game_hash(m) != game_hash(g));
        CHECK(supply_move(m, food, SUPPLY_POOL, 1, &meat, &one, 1, NULL, &e));
        CHECK(game_hash(m) == game_hash(g));
        game_free(m);
    }
    t_play(g, 5); /* then a whole game of gems moved by the rules */
    CHECK(g->s.h.over);
    Game *c = game_clone(g);
    CHECK(c && game_hash(c) == game_hash(g));
    if (c) CHECK_INT(count(c, "food", "meat", 1), 2);
    /* a save loads in another worker (names interned in another order) to the same hash */
    json_t *log = save_json(g);
    Game *r = save_replay(other.w, log, -1, &e);
    CHECK_MSG(r != NULL, "replay: %s", e.msg);
    if (r) {
        CHECK(game_hash(r) == game_hash(g));
        CHECK_INT(count(r, "food", "meat", 1), 2);
        CHECK_INT(count(r, "gems", "gold", SUPPLY_POOL), count(g, "gems", "gold", SUPPLY_POOL));
    }
    json_decref(log);
    game_free(r);
    game_free(c);
    game_free(g);
    worker_close(&other);
}

TEST(supply_event_and_log_line)
{
    Game *g = gems_game(4, 2);
    if (!g) return;
    uint32_t from = g->events.len;
    CHECK_INT(t_run(g, "supply.take('gems', 2, { 'red', 'gold', 'red' })"), 0);
    int n = 0;
    for (uint32_t i = from; i < g->events.len; i++) {
        const Event *ev = &VEC_AT(g->events, Event, i);
        if (ev->kind != g->w->n_supply) continue;
        const char *kind = names_str(&g->w->names, ev->b);
        /* one event per kind, in the supply's order: red, then gold */
        CHECK_INT(strcmp(kind, n == 0 ? "red" : "gold"), 0);
        CHECK_INT(ev->c, n == 0 ? 2 : 1);
        CHECK_INT(supply_event_holder(ev->d, 0), SUPPLY_POOL);
        CHECK_INT(supply_event_holder(ev->d, 1), 1);
        CHECK_INT(strcmp(names_str(&g->w->names, ev->a), "gems"), 0);
        n++;
    }
    CHECK_INT(n, 2);
    /* one line for the move, the same for every seat and a spectator */
    for (int seat = -1; seat < 2; seat++) {
        Buf b = {0};
        view_log(g, seat, from, 0, &b);
        CHECK_CONTAINS(b.s, "gems: 2 red, 1 gold: pool -> seat 2\n");
        CHECK_MSG(!strstr(strstr(b.s ? b.s : "", "gems:") + 1, "gems:"), "two lines for one move: %s", b.s);
        buf_free(&b);
    }
    game_free(g);
}

/* A move's reason ends its log line in brackets, for the seats that see the kinds and
 * for those that read only the count; move, take, give and draw take it; a bad option
 * is a clear error and moves nothing. */
TEST(supply_a_move_says_why)
{
    Game *g = gems_game(5, 3);
    if (!g) return;
    uint32_t from = g->events.len;
    CHECK_INT(t_run(g, "supply.take('gems', 2, { red = 1 }, { reason = 'the Mine' })\n"
                       "supply.give('gems', 2, { red = 1 }, { reason = 'a debt' })\n"
                       "supply.move('gems', 'pool', 3, { gold = 1 })\n"
                       "supply.new('bag', { red = 3, blue = 2 }, { hidden = true })\n"
                       "supply.move('bag', 'pool', 1, { blue = 1 }, { reason = 'the Well' })\n"
                       "supply.draw('bag', 'pool', 2, 1, { reason = 'a dig' })"),
              0);
    for (int seat = -1; seat < 3; seat++) {
        Buf b = {0};
        view_log(g, seat, from, 0, &b);
        const char *log = b.s ? b.s : "";
        CHECK_CONTAINS(log, "gems: 1 red: pool -> seat 2 (the Mine)\n");
        CHECK_CONTAINS(log, "gems: 1 red: seat 2 -> pool (a debt)\n");
        CHECK_CONTAINS(log, "gems: 1 gold: pool -> seat 3\n");
        CHECK_CONTAINS(log, seat == 0 ? "bag: 1 blue: pool -> seat 1 (the Well)\n" : "bag: 1 counter: pool -> seat 1 (the Well)\n");
        if (seat != 1) CHECK_CONTAINS(log, "bag: 1 counter: pool -> seat 2 (a dig)\n");
        else CHECK_MSG(strstr(log, ": pool -> seat 2 (a dig)\n") && !strstr(log, "1 counter: pool -> seat 2"),
                       "seat 2 does not read its draw's kind: %s", log);
        buf_free(&b);
    }
    static const struct {
        const char *src, *want;
    } bad[] = {
        {"supply.take('gems', 1, { red = 1 }, { why = 'x' })", "supply.take: unknown option 'why' (the options: reason)"},
        {"supply.move('gems', 'pool', 1, { red = 1 }, { reason = '' })", "supply.move: the reason must be a text of 1..100"},
        {"supply.move('gems', 'pool', 1, { red = 1 }, { reason = string.rep('x', 101) })", "the reason must be a text of 1..100"},
        {"supply.give('gems', 1, { red = 1 }, { reason = 5 })", "supply.give: the reason must be a text"},
        {"supply.move('gems', 'pool', 1, { red = 1 }, { reason = 'a\\nb' })", "the reason must be one line of text"},
        {"supply.draw('bag', 'pool', 1, 1, 'why')", "bad argument #5 to 'draw' (table of options expected, got string)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        uint64_t h = state_hash(&g->s);
        CHECK_INT(t_run(g, bad[i].src), 1);
        CHECK_CONTAINS(g->last_error.msg, bad[i].want);
        CHECK_MSG(state_hash(&g->s) == h, "%s changed the state", bad[i].src);
    }
    game_free(g);
}

/* Answers the pending question with its first option and advances to the next. */
static void answer_on(Game *g)
{
    Err e;
    int32_t id = game_decision(g).opts ? game_decision(g).opts[0].id : 1;
    CHECK_MSG(game_answer(g, &id, 1, &e), "answer: %s", e.msg);
    CHECK_INT(game_advance(g), ADV_DECISION);
}

/* ctx.event of a "supply" event, read by a rules listener; unlimited kinds and counters
 * on a card, as the views show them. */
TEST(supply_ctx_event_cards_and_views)
{
    static const char rules[] =
        "local ORDER, START = { 'shield', 'damage' }, { shield = 1 }\n"  /* frozen at load */
        "return { turn = { 'main' },\n"
        "  steps = { main = { enter = function() decide.choose(1, { 'a', 'b' }) end } },\n"
        "  on = { supply = 'seen' },\n"
        "  seen = function(ctx)\n"
        "    local e = ctx.event\n"
        "    local function name(h) return type(h) == 'table' and 'zone ' .. h.zone\n"
        "      or type(h) == 'number' and h > 100 and 'card' or tostring(h) end\n"
        "    game.set('seen', e.supply .. ':' .. e.kind .. ':' .. e.count .. ':' .. name(e.from) .. '>' .. name(e.to))\n"
        "  end,\n"
        "  setup = function()\n"
        "    zone.new('table', { visibility = 'public', in_play = true })\n"
        "    supply.new('marks', { damage = 'unlimited', shield = 2 }, { order = ORDER })\n"
        "    supply.take('marks', 1, START)\n"
        "  end,\n"
        "}\n";
    static const char script[] = "return {}\n";
    char dir[256];
    Worker wk;
    Err e;
    if (!sb_tmp_pack(dir, sizeof dir, rules, script, sizeof script - 1)) {
        t_fail(__FILE__, __LINE__, "temp pack");
        return;
    }
    if (!sb_open(&wk, dir, NULL, 0, 0, &e)) {
        t_fail(__FILE__, __LINE__, "open: %s", e.msg);
        sb_tmp_rm(dir);
        return;
    }
    Game *g = t_game(&wk, 1, 2);
    if (g) {
        CHECK_INT(game_advance(g), ADV_DECISION);
        CHECK_INT(t_run(g, "local c = card.new('x', zone.get('table'))"
                           "supply.move('marks', 'pool', c, { damage = 3 })"),
                  0);
        answer_on(g); /* the trigger resolves once the question is answered */
        Prop p;
        CHECK(prop_get(g, ENT_GAME, 0, names_find(&g->w->names, "seen"), &p) && p.type == PV_STR);
        CHECK_CONTAINS(state_cstr(&g->s, (int32_t)p.v), "marks:damage:3:pool>card");
        CHECK_INT(t_run(g, "supply.move('marks', 'pool', 2, { shield = 1 })"), 0);
        answer_on(g);
        CHECK(prop_get(g, ENT_GAME, 0, names_find(&g->w->names, "seen"), &p) && p.type == PV_STR);
        CHECK_CONTAINS(state_cstr(&g->s, (int32_t)p.v), "marks:shield:1:pool>2");
        /* a zone as { zone = z }, out as "out" */
        CHECK_INT(t_run(g, "supply.move('marks', 'pool', { zone = zone.get('table') }, { damage = 1 })"), 0);
        answer_on(g);
        CHECK(prop_get(g, ENT_GAME, 0, names_find(&g->w->names, "seen"), &p) && p.type == PV_STR);
        CHECK_CONTAINS(state_cstr(&g->s, (int32_t)p.v), "marks:damage:1:pool>zone 1");
        CHECK_INT(t_run(g, "supply.move('marks', { zone = zone.get('table') }, 'out', { damage = 1 })"), 0);
        answer_on(g);
        CHECK(prop_get(g, ENT_GAME, 0, names_find(&g->w->names, "seen"), &p) && p.type == PV_STR);
        CHECK_CONTAINS(state_cstr(&g->s, (int32_t)p.v), "marks:damage:1:zone 1>out");
        CHECK_INT(t_run(g, "supply.move('marks', 'out', 'pool', { damage = 1 })"), 0);
        answer_on(g);
        /* the views: the supply, each seat's counters, the card's */
        json_t *v = view_json(g, 0);
        if (getenv("SUPPLY_DEBUG")) json_dumpf(v, stderr, JSON_INDENT(1));
        json_t *sup = json_object_get(json_object_get(v, "supplies"), "marks");
        CHECK_INT(json_integer_value(json_object_get(json_object_get(sup, "total"), "shield")), 2);
        CHECK_INT(json_integer_value(json_object_get(json_object_get(sup, "pool"), "shield")), 0);
        /* the order a list frozen at load gave, and counts from one */
        CHECK(streq(json_string_value(json_array_get(json_object_get(sup, "kinds"), 0)), "shield"));
        json_t *s1 = json_object_get(json_array_get(json_object_get(v, "seats"), 0), "supply");
        CHECK_INT(json_integer_value(json_object_get(json_object_get(s1, "marks"), "shield")), 1);
        CHECK(json_object_get(json_object_get(sup, "pool"), "damage") == NULL); /* unlimited */
        CHECK(streq(json_string_value(json_array_get(json_object_get(sup, "unlimited"), 0)), "damage"));
        json_t *s2 = json_object_get(json_array_get(json_object_get(v, "seats"), 1), "supply");
        CHECK_INT(json_integer_value(json_object_get(json_object_get(s2, "marks"), "shield")), 1);
        CHECK_INT(json_integer_value(json_object_get(json_object_get(s2, "marks"), "damage")), 0);
        json_t *zones = json_object_get(v, "zones"), *card = NULL;
        for (size_t i = 0; i < json_array_size(zones); i++)
            if (streq(json_string_value(json_object_get(json_array_get(zones, i), "name")), "table"))
                card = json_array_get(json_object_get(json_array_get(zones, i), "cards"), 0);
        json_t *on = json_object_get(json_object_get(card, "supply"), "marks");
        CHECK_INT(json_integer_value(json_object_get(on, "damage")), 3);
        CHECK(json_object_get(on, "shield") == NULL); /* a card lists what it holds */
        json_decref(v);
        /* a card's counters go back to the unlimited pool */
        CHECK_INT(t_run(g, "local c = zone.at(zone.get('table'))"
                           "supply.move('marks', c, 'pool', { damage = 3 })"
                           "assert(supply.count('marks', c, 'damage') == 0)"
                           "assert(supply.count('marks', 'pool', 'damage') == math.huge)"),
                  0);
        CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
        game_free(g);
    }
    sb_close(&wk);
    sb_tmp_rm(dir);
}

TEST(supply_bad_arguments_are_clear_errors)
{
    Game *g = gems_game(5, 2);
    if (!g) return;
    static const char *const bad[][2] = {
        {"supply.new('gems', { red = 1 })", "supply.new: supply 'gems' already exists"},
        {"supply.new('x', {})", "the totals name no kind"},
        {"supply.new('x', { red = -1 })", "the total of 'red' must be an integer"},
        {"supply.new('x', { red = 'lots' })", "or \"unlimited\""},
        {"supply.new('x', { 1, 2 })", "the totals' keys must be kinds"},
        {"supply.new('x', { a = 1, b = 2 }, { order = { 'a' } })", "order must list each of the 2 kinds once"},
        {"supply.new('x', { a = 1, b = 2 }, { order = { 'a', 'c' } })", "order item 2 ('c') is no kind"},
        {"supply.take('nope', 1, { red = 1 })", "supply.take: supply 'nope' is not a supply"},
        {"supply.take('gems', 3, { red = 1 })", "seat 3 is not in 1..2"},
        {"supply.take('gems', 1, { rde = 1 })", "supply.take: 'rde' is no kind of supply 'gems'"},
        {"supply.take('gems', 1, { 'red', 'bleu' })", "'bleu' is no kind of supply 'gems'"},
        {"supply.take('gems', 1, { red = 1.5 })", "the count of 'red' must be an integer"},
        {"supply.take('gems', 1, { red = -1 })", "the count of 'red' must be 0 to"},
        {"supply.take('gems', 1, 'red')", "the counts must be a table"},
        {"supply.take('gems', 1, { red = 5 })", "supply.take: pool has 4 red of 'gems', 5 to move: 1 short"},
        {"supply.move('gems', 1, 1, { red = 0 })", "seat 1 moves counters to itself"},
        {"supply.move('gems', 'bank', 1, { red = 1 })",
         "holder 'bank' is not \"pool\", \"out\", a seat number, { zone = z } or a card handle"},
        {"supply.move('gems', true, 1, { red = 1 })", "argument #2 must be \"pool\", \"out\", a seat number 1..2"},
        {"supply.move('gems', {}, 1, { red = 1 })", "argument #2: a zone holder is { zone = z } (z from zone.get)"},
        {"supply.move('gems', { zone = 999 }, 1, { red = 1 })", "supply.move: 999 is not a zone"},
        {"supply.move('gems', { zone = 1, seat = 2 }, 1, { red = 1 })", "a zone holder is { zone = z } and nothing else"},
        {"supply.move('gems', 'pool', 5, { red = 1 })", "seat 5 is not in 1..2 (a zone holder is { zone = z })"},
        {"supply.move('gems', 'out', 1, { red = 1 })", "supply.move: out of play has 0 red of 'gems', 1 to move: 1 short"},
        {"supply.move('gems', { zone = zone.get('market1') }, 'out', { red = 1 })", "market1 has 0 red"},
        {"supply.draw('gems', 'pool', 1, 100)", "supply.draw: pool holds 25 counters of 'gems', 100 to draw"},
        {"supply.draw('gems', 1, 2)", "supply.draw: seat 1 holds 0 counters of 'gems', 1 to draw"},
        {"supply.draw('gems', 'pool', 'pool')", "supply.draw: pool draws counters to itself"},
        {"supply.draw('gems', 'pool', 1, -1)", "the number to draw must be 0 to 1000, got -1"},
        {"supply.draw('gems', 'pool', 1, 1001)", "the number to draw must be 0 to 1000, got 1001"},
        {"supply.draw('gems', 'pool', 1, 1.5)", "the number to draw must be an integer 0..1000, got a non-integer"},
        {"supply.draw('gems', 'pool', 1, 'two')", "the number to draw must be an integer 0..1000, got string"},
        {"supply.draw('nope', 'pool', 1)", "supply.draw: supply 'nope' is not a supply"},
        {"supply.draw('gems', 'sack', 1)", "supply.draw: holder 'sack' is not"},
        {"supply.new('w', { water = 'unlimited', salt = 2 }) supply.draw('w', 'pool', 1)",
         "the pool of 'w' holds unlimited 'water': it cannot be drawn from at random"},
        {"rng.force({ 26 }) supply.draw('gems', 'pool', 1)",
         "supply.draw: the forced value 26 is not in 1..25 (the positions of the counters left to draw from"},
        {"supply.move('gems', 'pool', (1 << 40) + 999999, { red = 1 })", "invalid card handle"},
        {"supply.count('gems', 1, 'rubies')", "'rubies' is no kind of supply 'gems'"},
        {"supply.total('gems', 'x')", "'x' is no kind of supply 'gems'"},
        {"supply.kinds('x')", "supply 'x' is not a supply"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t sh = state_hash(&g->s);
        char *before = t_dump(g);
        int errs = t_run(g, bad[i][0]);
        char *after = t_dump(g);
        CHECK_MSG(errs == 1, "'%s' raised %d errors", bad[i][0], errs);
        CHECK_CONTAINS(g->last_error.msg, bad[i][1]);
        CHECK_MSG(same_state(g, sh, before, after), "'%s' changed the state", bad[i][0]);
        free(before);
        free(after);
    }
    game_free(g);
}

/* A hidden supply (a bag of tokens kept face down): each seat sees which kinds it holds,
 * nobody which kinds another seat or the pool holds, only how many; the log names the
 * kinds to the seats moved between and counts them for the others; a seat that got
 * some has learned something (no undo past it). */
TEST(supply_hidden_kinds_are_seen_by_their_holder_only)
{
    Game *g = gems_game(6, 3);
    if (!g) return;
    Game *then = game_clone(g);
    uint32_t from = g->events.len;
    CHECK_INT(t_run(g, "supply.new('bag', { red = 3, blue = 2 }, { hidden = true })"
                       "supply.take('bag', 1, { red = 1, blue = 1 }) supply.take('bag', 2, { 'red', 'red' })"),
              0);
    for (int seat = -1; seat < 3; seat++) {
        json_t *v = view_json(g, seat);
        json_t *bag = json_object_get(json_object_get(v, "supplies"), "bag");
        CHECK(json_is_true(json_object_get(bag, "hidden")));
        CHECK_INT(json_integer_value(json_object_get(bag, "pool_count")), 1);
        CHECK(json_object_get(bag, "pool") == NULL);
        for (int s = 0; s < 3; s++) {
            json_t *so = json_array_get(json_object_get(v, "seats"), (size_t)s);
            json_t *kinds = json_object_get(json_object_get(so, "supply"), "bag");
            json_t *count = json_object_get(json_object_get(so, "supply_hidden"), "bag");
            if (s == seat) {
                CHECK_MSG(kinds && !count, "seat %d does not see its own bag", seat + 1);
                CHECK_INT(json_integer_value(json_object_get(kinds, "red")), s == 0 ? 1 : s == 1 ? 2 : 0);
            } else {
                CHECK_MSG(!kinds, "seat %d sees the kinds of seat %d's bag", seat + 1, s + 1);
                CHECK_INT(json_integer_value(count), s == 0 ? 2 : s == 1 ? 2 : 0);
            }
        }
        json_decref(v);
        Buf b = {0};
        view_log(g, seat, from, 0, &b);
        CHECK_CONTAINS(b.s, seat == 0 ? "bag: 1 blue, 1 red: pool -> seat 1\n" : "bag: 2 counters: pool -> seat 1\n");
        CHECK_CONTAINS(b.s, seat == 1 ? "bag: 2 red: pool -> seat 2\n" : "bag: 2 counters: pool -> seat 2\n");
        CHECK_MSG(seat == 0 || seat == 1 || !strstr(b.s, " red"), "seat %d reads a kind: %s", seat + 1, b.s);
        buf_free(&b);
        if (then) CHECK_INT(view_learned_since(g, then, seat), seat == 0 || seat == 1);
    }
    CHECK_INT(t_run(g, "supply.new('bag2', { red = 1 }, { hidden = 1 })"), 1);
    CHECK_CONTAINS(g->last_error.msg, "hidden must be true or false");
    game_free(then);
    game_free(g);
}

/* Zone `name` (the game's, or the first of that name) of view v. */
static json_t *zone_of(json_t *v, const char *name)
{
    json_t *zones = json_object_get(v, "zones");
    for (size_t i = 0; i < json_array_size(zones); i++)
        if (streq(json_string_value(json_object_get(json_array_get(zones, i), "name")), name))
            return json_array_get(zones, i);
    return NULL;
}

/* How many `kind` a view's holder (a seat, a zone, a card) shows of supply sup (-1: it
 * shows no kinds of sup), and how many counters of it without the kinds (-1: none). */
static int64_t shown(json_t *holder, const char *sup, const char *kind)
{
    json_t *k = json_object_get(json_object_get(holder, "supply"), sup);
    return k ? json_integer_value(json_object_get(k, kind)) : -1;
}

static int64_t shown_hidden(json_t *holder, const char *sup)
{
    json_t *n = json_object_get(json_object_get(holder, "supply_hidden"), sup);
    return n ? json_integer_value(n) : -1;
}

/* Counters on zones and out of play: a public supply's shown with the zone to every seat
 * and out with the supply; both holders kept by clone and a replay, and named in the log. */
TEST(supply_zones_and_out_hold_counters)
{
    Worker other;
    Err e;
    if (!t_worker_new(&other, GEMS, &e)) {
        t_fail(__FILE__, __LINE__, "open: %s", e.msg);
        return;
    }
    Game *g = gems_game(7, 2);
    if (!g) {
        worker_close(&other);
        return;
    }
    uint32_t from = g->events.len;
    CHECK_INT(t_run(g, "local m = { zone = zone.get('market1') }"
                       "supply.move('gems', 'pool', m, { red = 2, gold = 1 })"
                       "supply.move('gems', m, 'out', { red = 1 })"
                       "supply.move('gems', 'pool', { zone = zone.get('tableau', 2) }, { blue = 1 })"
                       "assert(supply.count('gems', m, 'red') == 1 and supply.count('gems', 'out', 'red') == 1)"
                       "assert(supply.count('gems', 'out') == 1 and supply.holdings('gems', m).gold == 1)"
                       "assert(supply.has('gems', m, { 'red', 'gold' }) and not supply.has('gems', 'out', { blue = 1 }))"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    int32_t gems = names_find(&g->w->names, "gems"), red = names_find(&g->w->names, "red");
    int32_t m1 = SUPPLY_ZONE + zone_find(g, names_find(&g->w->names, "market1"), -1);
    CHECK_INT(supply_count(g, gems, red, m1), 1);
    CHECK_INT(supply_count(g, gems, red, SUPPLY_OUT), 1);
    /* totals kept: pool + seats + zones + out */
    CHECK_INT(supply_count(g, gems, red, SUPPLY_POOL) + supply_count(g, gems, red, m1) +
                  supply_count(g, gems, red, SUPPLY_OUT),
              4);
    for (int seat = -1; seat < 2; seat++) {
        json_t *v = view_json(g, seat);
        json_t *m = zone_of(v, "market1");
        CHECK_INT(shown(m, "gems", "red"), 1);
        CHECK_INT(shown(m, "gems", "gold"), 1);
        CHECK(json_object_get(json_object_get(json_object_get(m, "supply"), "gems"), "blue") == NULL);
        CHECK_INT(shown(zone_of(v, "market2"), "gems", "red"), -1); /* none there: nothing shown */
        json_t *out = json_object_get(json_object_get(json_object_get(v, "supplies"), "gems"), "out");
        CHECK_INT(json_integer_value(json_object_get(out, "red")), 1);
        CHECK(json_object_get(out, "blue") == NULL);
        json_decref(v);
        Buf b = {0};
        view_log(g, seat, from, 0, &b);
        CHECK_CONTAINS(b.s, "gems: 2 red, 1 gold: pool -> market1\n");
        CHECK_CONTAINS(b.s, "gems: 1 red: market1 -> out of play\n");
        CHECK_CONTAINS(b.s, "gems: 1 blue: pool -> tableau (seat 2)\n");
        buf_free(&b);
    }
    /* the events name the holders: a zone as SUPPLY_ZONE + its index, out as SUPPLY_OUT */
    int seen = 0;
    for (uint32_t i = from; i < g->events.len; i++) {
        const Event *ev = &VEC_AT(g->events, Event, i);
        if (ev->kind != g->w->n_supply || ev->b != red) continue;
        CHECK_INT(supply_event_holder(ev->d, 1), seen == 0 ? m1 : SUPPLY_OUT);
        seen++;
    }
    CHECK_INT(seen, 2);
    Game *c = game_clone(g);
    CHECK(c && game_hash(c) == game_hash(g));
    if (c) CHECK_INT(supply_count(c, gems, red, SUPPLY_OUT), 1);
    game_free(c);
    json_t *log = save_json(g);
    Game *r = save_replay(other.w, log, -1, &e);
    CHECK_MSG(r != NULL, "replay: %s", e.msg);
    if (r) CHECK(game_hash(r) == game_hash(g));
    json_decref(log);
    game_free(r);
    /* moved back, the hash is the one before (a holder holding 0 counts as none) */
    uint64_t h = game_hash(g);
    CHECK_INT(t_run(g, "supply.move('gems', 'out', 'pool', { red = 1 })"), 0);
    CHECK(game_hash(g) != h);
    game_free(g);
    worker_close(&other);
}

/* A hidden supply's counters on a card, a zone and out: the kinds are seen by whoever
 * sees the card, by those who would see a face-up card in the zone (a public zone: all;
 * a seat's "owner" zone: that seat; a hidden deck: nobody) and by everyone when out;
 * the others get the count (a zone's) or nothing (a card they do not see), and their
 * log line has no kinds. */
TEST(supply_hidden_on_cards_zones_and_out)
{
    Game *g = gems_game(8, 3);
    if (!g) return;
    CHECK_INT(t_run(g, "zone.new('purse', { owner = 1, visibility = 'owner' })"
                       "supply.new('bag', { red = 4, blue = 4 }, { hidden = true })"),
              0);
    uint32_t from = g->events.len;
    CHECK_INT(t_run(g, "local card = zone.at(zone.get('market1'))"
                       "supply.move('bag', 'pool', card, { red = 1 })"
                       "supply.move('bag', 'pool', { zone = zone.get('market2') }, { blue = 1 })"
                       "supply.move('bag', 'pool', { zone = zone.get('purse', 1) }, { red = 2 })"
                       "supply.move('bag', 'pool', { zone = zone.get('deck1') }, { blue = 2 })"
                       "supply.move('bag', 'pool', 'out', { blue = 1 })"
                       "local hand = zone.at(zone.get('deck2'))"
                       "supply.move('bag', 'pool', hand, { red = 1 })"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    for (int seat = -1; seat < 3; seat++) {
        json_t *v = view_json(g, seat);
        json_t *card = json_array_get(json_object_get(zone_of(v, "market1"), "cards"), 0);
        CHECK_INT(shown(card, "bag", "red"), 1); /* a face-up card: everyone */
        CHECK_INT(shown(zone_of(v, "market2"), "bag", "blue"), 1); /* a public zone: everyone */
        json_t *purse = zone_of(v, "purse");
        CHECK_INT(shown(purse, "bag", "red"), seat == 0 ? 2 : -1);
        CHECK_INT(shown_hidden(purse, "bag"), seat == 0 ? -1 : 2);
        json_t *deck = zone_of(v, "deck1"); /* nobody sees a card of it: nobody its kinds */
        CHECK_INT(shown(deck, "bag", "blue"), -1);
        CHECK_INT(shown_hidden(deck, "bag"), 2);
        CHECK(!json_object_get(zone_of(v, "deck3"), "supply_hidden")); /* none there: nothing */
        json_t *top = json_array_get(json_object_get(zone_of(v, "deck2"), "cards"), 0);
        CHECK(json_is_true(json_object_get(top, "hidden")) && !json_object_get(top, "supply") &&
              !json_object_get(top, "supply_hidden"));
        json_t *bag = json_object_get(json_object_get(v, "supplies"), "bag");
        CHECK_INT(json_integer_value(json_object_get(json_object_get(bag, "out"), "blue")), 1);
        CHECK_INT(json_integer_value(json_object_get(bag, "pool_count")), 0);
        char *t = json_dumps(v, JSON_COMPACT);
        /* the purse's and the deck's kinds: only seat 1 reads "red": 2 anywhere */
        CHECK_MSG(seat == 0 || !strstr(t, "\"red\": 2"), "seat %d sees the purse: %s", seat + 1, t);
        free(t);
        json_decref(v);
        Buf b = {0};
        view_log(g, seat, from, 0, &b);
        CHECK_CONTAINS(b.s, "bag: 1 red: pool -> ");
        CHECK_CONTAINS(b.s, "bag: 1 blue: pool -> market2\n");
        CHECK_CONTAINS(b.s, seat == 0 ? "bag: 2 red: pool -> purse (seat 1)\n" : "bag: 2 counters: pool -> purse (seat 1)\n");
        CHECK_CONTAINS(b.s, "bag: 2 counters: pool -> deck1\n");
        CHECK_CONTAINS(b.s, "bag: 1 blue: pool -> out of play\n");
        CHECK_CONTAINS(b.s, "bag: 1 counter: pool -> a card\n"); /* the deck's top card */
        CHECK_MSG(!strstr(b.s, "2 blue") && !strstr(b.s, "1 red: pool -> a card"), "seat %d: %s", seat + 1, b.s);
        buf_free(&b);
    }
    /* a hidden counter drawn out and shown is learned, as a card turned face up (no undo
     * past it); a public supply's move is not */
    Game *then = game_clone(g);
    CHECK_INT(t_run(g, "supply.draw('bag', { zone = zone.get('deck1') }, 'out')"), 0);
    for (int seat = -1; then && seat < 3; seat++) CHECK_MSG(view_learned_since(g, then, seat), "seat %d", seat + 1);
    game_free(then);
    then = game_clone(g);
    CHECK_INT(t_run(g, "supply.take('gems', 2, { red = 1 })"), 0);
    for (int seat = -1; then && seat < 3; seat++) CHECK_INT(view_learned_since(g, then, seat), 0);
    game_free(then);
    /* the purse turned public: its counters' kinds are everyone's now, as its cards */
    CHECK_INT(t_run(g, "zone.set_visibility(zone.get('purse', 1), 'public')"), 0);
    json_t *v = view_json(g, 2);
    CHECK_INT(shown(zone_of(v, "purse"), "bag", "red"), 2);
    json_decref(v);
    game_free(g);
}

/* supply.draw: forced draws take positions among the counters in the supply's order of
 * kinds; without replacement; each counter equally likely; the same in copies and a
 * replay; all or nothing, the generator and the forced values included. */
TEST(supply_draw_at_random)
{
    Game *g = gems_game(9, 2);
    if (!g) return;
    Err e;
    /* forced: positions among the pool's counters in the supply's order of kinds */
    CHECK_INT(t_run(g, "supply.new('bag', { blank = 2, larva = 3, adult = 3, queen = 1 },"
                       "  { hidden = true, order = { 'blank', 'larva', 'adult', 'queen' } })"
                       "rng.force({ 6, 8, 1 })"
                       "local d = supply.draw('bag', 'pool', 'out')"
                       "assert(#d == 1 and d[1] == 'adult', d[1])"
                       "d = supply.draw('bag', 'pool', 2, 2)"
                       "assert(d[1] == 'queen' and d[2] == 'blank', table.concat(d, ','))"
                       "assert(supply.count('bag', 'out', 'adult') == 1 and supply.count('bag', 2, 'queen') == 1)"
                       "assert(supply.count('bag', 'pool') == 6 and #supply.draw('bag', 'pool', 1, 0) == 0)"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    /* without replacement: drawing all gives every counter once */
    CHECK_INT(t_run(g, "local d = supply.draw('bag', 'pool', 1, 6) local n = {}"
                       "for _, k in ipairs(d) do n[k] = (n[k] or 0) + 1 end "
                       "assert(#d == 6 and n.blank == 1 and n.larva == 3 and n.adult == 2 and not n.queen) "
                       "assert(supply.count('bag', 'pool') == 0)"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    /* each counter equally likely: 1 gold among 4 white, 5000 draws from seat 1 */
    CHECK_INT(t_run(g, "supply.new('urn', { gold = 1, white = 4 }, { order = { 'gold', 'white' } })"
                       "supply.take('urn', 1, { gold = 1, white = 4 })"),
              0);
    int32_t urn = names_find(&g->w->names, "urn"), gold = names_find(&g->w->names, "gold");
    int golds = 0;
    for (int i = 0; i < 5000; i++) {
        int32_t k;
        if (!supply_draw(g, urn, 0, 1, 1, &k, NULL, &e)) break;
        golds += k == gold;
        int64_t one = 1;
        supply_move(g, urn, 1, 0, &k, &one, 1, NULL, &e);
    }
    CHECK_MSG(golds > 850 && golds < 1150, "%d golds of 5000 (1000 expected)", golds);
    /* deterministic: two copies draw the same, and a replay of the log ends the same */
    Game *a = game_clone(g), *b = game_clone(g);
    if (a && b) {
        int32_t ka[3], kb[3];
        CHECK(supply_draw(a, urn, 0, SUPPLY_OUT, 3, ka, NULL, &e) && supply_draw(b, urn, 0, SUPPLY_OUT, 3, kb, NULL, &e));
        CHECK(memcmp(ka, kb, sizeof ka) == 0 && game_hash(a) == game_hash(b));
    }
    game_free(a);
    game_free(b);
    CHECK_INT(t_run(g, "supply.draw('urn', 1, 'out', 2)"), 0);
    json_t *log = save_json(g);
    Game *r = save_replay(g->w, log, -1, &e);
    CHECK_MSG(r != NULL, "replay: %s", e.msg);
    if (r) CHECK(game_hash(r) == game_hash(g));
    json_decref(log);
    game_free(r);
    /* all or nothing, the generator and the forced values included: a forced value out
     * of range on the second counter leaves the first one's value waiting */
    CHECK_INT(t_run(g, "rng.force({ 1, 9 })"), 0);
    uint64_t sh = state_hash(&g->s), h = game_hash(g);
    int32_t k2[2];
    CHECK(!supply_draw(g, urn, 0, SUPPLY_OUT, 2, k2, NULL, &e));
    CHECK_CONTAINS(e.msg, "the forced value 9 is not in 1..2");
    CHECK(state_hash(&g->s) == sh && game_hash(g) == h && rng_forced_count(g) == 2);
    CHECK(!supply_draw(g, urn, 0, SUPPLY_OUT, 4, k2, NULL, &e));
    CHECK_CONTAINS(e.msg, "seat 1 holds 3 counters of 'urn', 4 to draw");
    CHECK(state_hash(&g->s) == sh);
    /* an unforced draw whose move fails (seat 2 would hold more than 10^9 water) leaves
     * the generator as it was */
    CHECK_INT(t_run(g, "rng.int(1, 9) rng.int(1, 9)"), 0); /* (the forced values go) */
    CHECK_INT(rng_forced_count(g), 0);
    CHECK_INT(t_run(g, "supply.new('w', { water = 'unlimited', salt = 1 })"
                       "supply.take('w', 1, { water = 1000000000 }) supply.take('w', 2, { water = 1000000000 })"),
              0);
    sh = state_hash(&g->s);
    int32_t w = names_find(&g->w->names, "w");
    CHECK(!supply_draw(g, w, 0, 1, 1, k2, NULL, &e));
    CHECK_CONTAINS(e.msg, "seat 2 would hold more than 1000000000 water");
    CHECK(state_hash(&g->s) == sh);
    game_free(g);
}
