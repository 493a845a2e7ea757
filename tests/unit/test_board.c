/* test_board.c — boards (host/board.c, vm/lib_board.c): grid and graph neighbours,
 * paths and lines of sight, edges that stop them, regions that turn (coordinates and
 * edges with them, pieces staying on their spaces) and that are face down (hidden from
 * every view and log until revealed); a board is state: clones, replays of a save and
 * the hash keep it exactly, and a bad call is an error that changes nothing.
 * Read next: docs/scripting-api.md (board.*). */
#include <stdlib.h>

#include "board.h"
#include "save.h"
#include "t.h"

#define FRAME "tests/packs/frame"

/* A 5x3 grid "maze" (a1..e3, x = column, y = row) with a wall a1|b1, a door a2-a3, a
 * face-down 2x2 region "room" over c1 d1 c2 d2 with a door c1|d1 and a Thing on c1, an
 * Other on b2; and a graph "ship": hall - lab (open), lab - nest (door). */
static const char *const SETUP =
    "local b = board.new('maze', { grid = true })\n"
    "for y = 0, 2 do for x = 0, 4 do board.add_space(b, string.char(97 + x) .. (y + 1), { x = x, y = y }) end end\n"
    "local function S(n) return zone.get(n) end\n"
    "board.set_edge(S('a1'), S('b1'), 'wall')\n"
    "board.set_edge(S('a2'), S('a3'), 'door')\n"
    "board.set_edge(S('c1'), S('d1'), 'door')\n"
    "board.add_region(b, 'room', { S('c1'), S('d1'), S('c2'), S('d2') }, { face_down = true })\n"
    "card.new('thing', S('c1')); card.new('other', S('b2'))\n"
    "local g = board.new('ship')\n"
    "for _, n in ipairs({ 'hall', 'lab', 'nest' }) do board.add_space(g, n) end\n"
    "board.set_edge(S('hall'), S('lab'), 'open'); board.set_edge(S('lab'), S('nest'), 'door')\n";

/* Lua helpers in front of each test chunk. */
#define H                                                                                  \
    "local function S(n) return zone.get(n) end\n"                                         \
    "local function names(l) if not l then return 'nil' end local t = {} for _, z in "   \
    "ipairs(l) do t[#t + 1] = zone.name(z) end return table.concat(t, ' ') end\n"

static Game *board_game(void)
{
    Worker *wk = t_worker(FRAME);
    Game *g = t_game(wk, 7, 2);
    if (!g) return NULL;
    game_advance(g);
    CHECK_INT(t_run(g, SETUP), 0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    return g;
}

TEST(board_grid_neighbours_paths_and_lines_stop_at_closed_edges)
{
    Game *g = board_game();
    if (!g) return;
    CHECK_INT(t_run(g, H
                    "assert(names(board.neighbours(S('a1'))) == 'a2')\n"                 /* the wall */
                    "assert(names(board.neighbours(S('a1'), { all = true })) == 'b1 a2')\n"
                    "assert(board.edge(S('a1'), S('b1')) == 'wall' and board.edge(S('b1'), S('a1')) == 'wall')\n"
                    "assert(board.edge(S('a1'), S('a2')) == 'open' and board.edge(S('a1'), S('c1')) == nil)\n"
                    "assert(names(board.path(S('a1'), S('b1'))) == 'a1 a2 b2 b1', names(board.path(S('a1'), S('b1'))))\n"
                    "assert(board.distance(S('a1'), S('b1')) == 3 and board.distance(S('a1'), S('b1'), { all = true }) == 1)\n"
                    "assert(board.distance(S('a2'), S('a3')) == 3)\n"                     /* round the door */
                    "assert(names(board.line(S('a1'), 'east')) == '')\n"
                    "assert(names(board.line(S('a2'), 'east')) == 'b2 c2 d2 e2')\n"
                    "assert(names(board.line(S('b1'), 'east')) == 'c1')\n"                 /* the door c1|d1 */
                    "assert(board.sees(S('a2'), S('e2')) and not board.sees(S('b1'), S('e1')))\n"
                    "assert(not board.sees(S('a1'), S('b2')) and board.sees(S('a1'), S('a1')))\n"
                    "local x, y = board.pos(S('d2')) assert(x == 3 and y == 1)\n"
                    "assert(zone.name(board.at(board.get('maze'), 4, 2)) == 'e3' and board.at(1, 9, 9) == nil)\n"
                    "assert(board.of(S('a1')) == 1 and board.of(S('hall')) == 2)\n"
                    "assert(#board.spaces(1) == 15 and #board.spaces(2) == 3)\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    /* a graph: neighbours only where joined; a door stops a path unless `all` */
    CHECK_INT(t_run(g, H
                    "assert(names(board.neighbours(S('lab'))) == 'hall')\n"
                    "assert(names(board.neighbours(S('lab'), { all = true })) == 'hall nest')\n"
                    "assert(board.path(S('hall'), S('nest')) == nil)\n"
                    "assert(names(board.path(S('hall'), S('nest'), { all = true })) == 'hall lab nest')\n"
                    "board.set_edge(S('nest'), S('lab'), 'open')\n"                        /* either order */
                    "assert(board.distance(S('hall'), S('nest')) == 2 and board.edge(S('lab'), S('nest')) == 'open')\n"
                    "board.set_edge(S('lab'), S('nest'), nil)\n"
                    "assert(board.edge(S('lab'), S('nest')) == nil and board.pos(S('lab')) == nil)\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    game_free(g);
}

TEST(board_rotate_turns_coordinates_and_edges_pieces_stay)
{
    Game *g = board_game();
    if (!g) return;
    /* the board's own state (other counters, as the actions made, move on) */
    Vec sp0 = {0}, ed0 = {0};
    CHECK(vec_copy(&sp0, &g->s.spaces, sizeof(Space)) && vec_copy(&ed0, &g->s.edges, sizeof(Edge)));
#define SAME_BOARD()                                                                       \
    (g->s.spaces.len == sp0.len && g->s.edges.len == ed0.len &&                              \
     memcmp(g->s.spaces.data, sp0.data, sp0.len * sizeof(Space)) == 0 &&                   \
     memcmp(g->s.edges.data, ed0.data, ed0.len * sizeof(Edge)) == 0 && VEC_AT(g->s.regions, Region, 0).rot == 0)
    CHECK_INT(t_run(g, H
                    "local r = board.region(board.get('maze'), 'room')\n"
                    "local thing = zone.at(S('c1'))\n"
                    "board.rotate(r)\n"                                                    /* clockwise */
                    "local x, y = board.pos(S('c1')) assert(x == 3 and y == 0, x .. ',' .. y)\n"
                    "x, y = board.pos(S('d1')) assert(x == 3 and y == 1)\n"
                    "x, y = board.pos(S('d2')) assert(x == 2 and y == 1)\n"
                    "assert(board.rotation(r) == 1)\n"
                    /* the door c1|d1 turned with c1: it is between c1 (3,0) and d1 (3,1) */
                    "assert(board.edge(S('c1'), S('d1')) == 'door')\n"
                    "assert(names(board.line(S('a2'), 'east')) == 'b2 d2 d1 e2')\n"
                    "assert(zone.at(S('c1')) == thing)\n"                                  /* the piece stayed */
                    "board.rotate(r, -1)\n"
                    "x, y = board.pos(S('c1')) assert(x == 2 and y == 0 and board.rotation(r) == 0)\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    /* two sides of one pair: each space keeps its own; the room's turns with it and the
     * other stays; "open" clears both */
    CHECK_INT(t_run(g, H
                    "board.set_edge(S('b2'), S('c2'), 'rubble')\n"                       /* b2's side */
                    "board.set_edge(S('c2'), S('b2'), 'wall')\n"                         /* c2's (the room's) */
                    "assert(board.edge(S('b2'), S('c2')) == 'rubble')\n"
                    /* c2 goes to (2,0), its west wall to its north; d2 comes next to b2 */
                    "board.rotate(1)\n"
                    "assert(board.edge(S('b2'), S('d2')) == 'rubble' and board.edge(S('b1'), S('c2')) == 'open')\n"
                    "board.rotate(1, -1)\n"
                    "assert(board.edge(S('c2'), S('b2')) == 'wall' and board.edge(S('b2'), S('c2')) == 'rubble')\n"
                    "board.set_edge(S('b2'), S('c2'), 'open')\n"
                    "assert(board.edge(S('c2'), S('b2')) == 'open')\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    /* four quarters (and back) is where it began: the same board */
    CHECK(SAME_BOARD());
    CHECK_INT(t_run(g, "board.rotate(1, 4)"), 0);
    CHECK(SAME_BOARD());
    CHECK_INT(t_run(g, "board.rotate(1, 2)"), 0);
    CHECK(!SAME_BOARD());
#undef SAME_BOARD
    vec_free(&sp0);
    vec_free(&ed0);
    game_free(g);
}

TEST(board_is_state_clone_replay_hash_and_rollback_keep_it)
{
    Game *g = board_game();
    if (!g) return;
    CHECK_INT(t_run(g, "board.rotate(1) board.set_edge(zone.get('a3'), zone.get('b3'), 'rubble')"), 0);
    Game *c = game_clone(g);
    CHECK(c && game_hash(c) == game_hash(g) && state_hash(&c->s) == state_hash(&g->s));
    if (c) { /* every part of a board is in the hash: a space's place, an edge's state, a
              * region's face */
        uint64_t h0 = game_hash(c);
        VEC_AT(c->s.spaces, Space, 0).x += 10;
        CHECK(game_hash(c) != h0);
        VEC_AT(c->s.spaces, Space, 0).x -= 10;
        int32_t st = VEC_AT(c->s.edges, Edge, 0).state;
        VEC_AT(c->s.edges, Edge, 0).state = names_intern(&c->w->names, "wall-2");
        CHECK(game_hash(c) != h0);
        VEC_AT(c->s.edges, Edge, 0).state = st;
        VEC_AT(c->s.regions, Region, 0).face_down ^= 1;
        CHECK(game_hash(c) != h0);
        VEC_AT(c->s.regions, Region, 0).face_down ^= 1;
        CHECK(game_hash(c) == h0);
    }
    if (c) { /* the copy is its own: turning it leaves the original alone */
        CHECK_INT(t_run(c, "board.rotate(1)"), 0);
        CHECK(game_hash(c) != game_hash(g));
        CHECK_INT(t_run(g, "assert(board.rotation(1) == 1)"), 0);
        game_free(c);
    }
    Err e;
    err_clear(&e);
    json_t *log = save_json(g);
    Game *r = log ? save_replay(g->w, log, -1, &e) : NULL;
    CHECK_MSG(r, "%s", e.msg);
    if (r) {
        CHECK(game_hash(r) == game_hash(g));
        CHECK_INT(t_run(r, "assert(board.edge(zone.get('a3'), zone.get('b3')) == 'rubble' and board.rotation(1) == 1)"), 0);
    }
    game_free(r);
    json_decref(log);
    /* an action that fails after changing the board is undone whole */
    uint64_t h = game_hash(g);
    char *before = t_dump(g);
    CHECK_INT(t_run(g, "board.rotate(1) board.set_edge(zone.get('a1'), zone.get('a2'), 'wall') board.hide(1)\n"
                       "board.new('later') error('no')"),
              1);
    CHECK(game_hash(g) == h);
    char *after = t_dump(g);
    const char *vb = before ? strchr(before, '\n') : NULL, *va = after ? strchr(after, '\n') : NULL;
    CHECK_MSG(vb && va && strcmp(vb, va) == 0, "a failed action changed a view");
    free(before);
    free(after);
    game_free(g);
}

/* Each chunk bad[i][0] run in g raises one error containing bad[i][1] and leaves the
 * state as it was. */
static void refused(Game *g, const char *const (*bad)[2], size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t hash_before = game_hash(g);
        int errs = t_run(g, bad[i][0]);
        CHECK_MSG(errs == 1, "'%s' raised %d errors", bad[i][0], errs);
        CHECK_CONTAINS(g->last_error.msg, bad[i][1]);
        CHECK_MSG(game_hash(g) == hash_before, "%s changed the state", bad[i][0]);
    }
}

TEST(board_bad_calls_are_errors_naming_the_call_and_change_nothing)
{
    Game *g = board_game();
    if (!g) return;
    /* a space of the region is needed for some: c1; a plain zone of the pack is none */
    static const char *const bad[][2] = {
        {"board.new('maze', { grid = true })", "board.new: board 'maze' already exists"},
        {"board.new(3)", "board.new: the board name must be a string"},
        {"board.get('nope')", "board.get: no board 'nope'"},
        {"board.add_space(9, 'z9', { x = 0, y = 9 })", "board.add_space: 9 is not a board"},
        {"board.add_space(1, 'z9')", "needs coordinates x and y on grid board 'maze'"},
        {"board.add_space(1, 'z9', { x = 0, y = 0 })", "space 'a1' is there already"},
        {"board.add_space(1, 'a1', { x = 0, y = 9 })", "zone 'a1' already exists"},
        {"board.add_space(1, 'z9', { x = 0.5, y = 9 })", "x must be an integer"},
        {"board.add_space(2, 'z9', { x = 1 })", "has x without y"},
        {"board.edge(zone.get('a1'), 999)", "board.edge: 999 is not a zone"},
        {"board.set_edge(zone.get('a1'), zone.get('c1'), 'wall')", "'a1' and 'c1' are not side by side"},
        {"board.set_edge(zone.get('a1'), zone.get('a1'), 'wall')", "an edge joins two spaces: 'a1' twice"},
        {"board.set_edge(zone.get('a1'), zone.get('hall'), 'wall')", "are on different boards"},
        {"board.line(zone.get('a1'), 'up')", "board.line: direction 'up' is not \"north\""},
        {"board.line(zone.get('hall'), 'east')", "board 'ship' is no grid"},
        {"board.add_region(1, 'room', { zone.get('a1') })", "board 'maze' has a region 'room' already"},
        {"board.add_region(1, 'r2', { zone.get('c1') })", "space 'c1' is in region 'room' already"},
        {"board.add_region(1, 'r2', { zone.get('hall') })", "space 'hall' is not on board 'maze'"},
        {"board.add_region(1, 'r2', { zone.get('a1'), zone.get('a1') })", "is listed twice"},
        {"board.add_region(1, 'r2', {})", "must be a list of 1.."},
        {"board.region(1, 'nope')", "board 'maze' has no region 'nope'"},
        {"board.rotate(7)", "board.rotate: 7 is not a region"},
        {"board.rotate(1, 5000)", "at most 1000 either way"},
        {"board.add_region(1, 'l', { zone.get('a1'), zone.get('a2') }) board.rotate(2)",
         "region 'l' is not a square of spaces (2 spaces)"},
        {"board.add_region(2, 'deck', { zone.get('hall') }) board.rotate(2)", "is on board 'ship', no grid"},
    };
    refused(g, bad, sizeof bad / sizeof bad[0]);
    /* a zone that is no board space */
    CHECK_INT(t_run(g, "zone.new('pile') board.pos(zone.get('pile'))"), 1);
    CHECK_CONTAINS(g->last_error.msg, "board.pos: zone 'pile' (argument #1) is not a board space");
    game_free(g);
}

/* Whether seat's view (JSON) holds text. */
static bool view_has(Game *g, int seat, const char *text)
{
    json_t *v = view_json(g, seat);
    char *s = json_dumps(v, JSON_COMPACT);
    bool has = s && strstr(s, text);
    free(s);
    json_decref(v);
    return has;
}

static bool log_has(Game *g, int seat, const char *text)
{
    Buf b = {0};
    view_log(g, seat, 0, 0, &b);
    bool has = b.s && strstr(b.s, text);
    buf_free(&b);
    return has;
}

TEST(board_face_down_region_hides_its_pieces_and_edges_from_every_seat)
{
    Game *g = board_game();
    if (!g) return;
    /* the Thing on c1 (face down) is in no view nor log; the Other on b2 is */
    for (int seat = -1; seat < 2; seat++) {
        CHECK_MSG(!view_has(g, seat, "\"Thing\""), "seat %d sees the Thing in the room face down", seat + 1);
        CHECK_MSG(view_has(g, seat, "\"Other\""), "seat %d does not see the Other", seat + 1);
        CHECK_MSG(!log_has(g, seat, "Thing"), "seat %d's log names the Thing", seat + 1);
        /* the door c1|d1 belongs to the room: hidden; the wall a1|b1 is not */
        CHECK_MSG(!view_has(g, seat, "\"a\":\"c1\",\"side\":\"east\""), "seat %d sees the room's door", seat + 1);
        CHECK(view_has(g, seat, "\"a\":\"a1\",\"side\":\"east\",\"b\":\"b1\",\"state\":\"wall\""));
        /* its spaces have no coordinates (they would tell its turn), only its cells */
        CHECK(view_has(g, seat, "{\"zone\":5,\"name\":\"c1\",\"region\":\"room\",\"hidden\":true}") ||
              view_has(g, seat, "\"name\":\"c1\",\"region\":\"room\",\"hidden\":true}"));
        CHECK(view_has(g, seat, "\"cells\":[[2,0],[3,0],[2,1],[3,1]]"));
    }
    /* a card moved in there is hidden, even from its owner; what a move there says names
     * no card */
    CHECK_INT(t_run(g, "local c = card.new('other', zone.find('hand', 1) or zone.new('hand', { owner = 1, visibility = 'owner' }), 1)\n"
                       "card.move(c, zone.get('d2'))"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    CHECK(!log_has(g, 0, "Other: hand of seat 1 -> d2") && log_has(g, 0, "a card: hand of seat 1 -> d2"));
    CHECK(!view_has(g, 0, "\"name\":\"d2\",\"count\""));
    /* the script reads what it holds: scripts are the rules */
    CHECK_INT(t_run(g, "assert(zone.count(zone.get('c1')) == 1 and board.face_down(1))"), 0);
    /* revealed: every seat sees it, the door too, and the spaces' places */
    CHECK_INT(t_run(g, "board.reveal(board.region(1, 'room'))"), 0);
    for (int seat = -1; seat < 2; seat++) {
        CHECK(view_has(g, seat, "\"Thing\""));
        CHECK(view_has(g, seat, "\"a\":\"c1\",\"side\":\"east\",\"b\":\"d1\",\"state\":\"door\""));
        CHECK(view_has(g, seat, "\"name\":\"c1\",\"region\":\"room\",\"x\":2,\"y\":0"));
        CHECK(log_has(g, seat, "region room is turned face up"));
    }
    /* face down again: hidden again */
    CHECK_INT(t_run(g, "board.hide(1)"), 0);
    CHECK(!view_has(g, 0, "\"Thing\"") && !view_has(g, 1, "\"Thing\""));
    game_free(g);
}

TEST(board_build_makes_a_board_from_a_table_and_names_a_bad_entry)
{
    Worker *wk = t_worker(FRAME);
    Game *g = t_game(wk, 7, 2);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, H
                    "local b = board.build({ name = 'maze', grid = true, width = 5, height = 3,\n"
                    "  edges = { { 'a1', 'b1', 'wall' }, { 'c1', 'd1', 'door' }, { 'e1', 'e2' } },\n"
                    "  regions = { { name = 'room', spaces = { 'c1', 'd1', 'c2', 'd2' }, face_down = true } } })\n"
                    "assert(b == 1 and #board.spaces(b) == 15 and board.edge(S('a1'), S('b1')) == 'wall')\n"
                    "local x, y = board.pos(S('e3')) assert(x == 4 and y == 2)\n"
                    "local r = board.region(b, 'room') assert(board.face_down(r) and #board.region_spaces(r) == 4)\n"
                    "board.rotate(r) assert(board.edge(S('c1'), S('d1')) == 'door')\n"
                    "local s = board.build({ name = 'ship', spaces = { { name = 'hall' }, { name = 'lab', x = 1, y = 0 } },\n"
                    "  edges = { { 'hall', 'lab' } } })\n"
                    "assert(board.edge(S('hall'), S('lab')) == 'open' and board.pos(S('lab')) == 1 and s == 2)\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    static const char *const bad[][2] = {
        {"board.build({ grid = true })", "board.build: name must be a string, got nil"},
        {"board.build({ name = 'x', spaces = { { name = 'p' } }, edges = { { 'p', 'zz' } } })",
         "board.build: edges[1][2]: 'zz' is not a space of this board"},
        {"board.build({ name = 'x', spaces = { { name = 'p' } }, edges = { { 'p', 'hall' } } })",
         "edges[1][2]: 'hall' is not a space of this board"},
        {"board.build({ name = 'x', grid = true, width = 27, height = 1 })", "width must be 1..26"},
        {"board.build({ name = 'x', width = 2, height = 2 })", "give them with grid = true"},
        {"board.build({ name = 'x', grid = true, spaces = { { name = 'p', x = 0 } } })", "spaces[1]: space 'p' needs coordinates"},
        {"board.build({ name = 'x', spaces = { 3 } })", "spaces[1] must be a table"},
        {"board.build({ name = 'x', spaces = { { name = 'p' } }, regions = { { name = 'r', spaces = { 'q' } } } })",
         "regions[1].spaces[1]: 'q' is not a space of this board"},
        {"board.build({ name = 'x', edges = 'none' })", "edges must be a list, got string"},
    };
    refused(g, bad, sizeof bad / sizeof bad[0]);
    game_free(g);
}

/* A board says which edge states let pieces and sight through (board.new's passable):
 * every query and the grid's two sides follow it, and a query's `through` names its own
 * list instead. */
TEST(board_passable_states_let_through_every_query_and_through_overrides_them)
{
    Game *g = board_game();
    if (!g) return;
    CHECK_INT(t_run(g, H
                    /* a graph whose doors open and close: "door open" lets through */
                    "local d = board.new('deck', { passable = { 'open', 'door open' } })\n"
                    "for _, n in ipairs({ 'p1', 'p2', 'p3' }) do board.add_space(d, n) end\n"
                    "board.set_edge(S('p1'), S('p2'), 'door open'); board.set_edge(S('p2'), S('p3'), 'door')\n"
                    "assert(names(board.neighbours(S('p2'))) == 'p1', names(board.neighbours(S('p2'))))\n"
                    "assert(board.distance(S('p1'), S('p3')) == nil and board.path(S('p1'), S('p3')) == nil)\n"
                    "board.set_edge(S('p2'), S('p3'), 'door open')\n"
                    "assert(names(board.path(S('p1'), S('p3'))) == 'p1 p2 p3' and board.edge(S('p3'), S('p2')) == 'door open')\n"
                    "board.set_edge(S('p2'), S('p3'), 'door')\n"                      /* closed again */
                    "assert(board.distance(S('p1'), S('p3')) == nil and board.edge(S('p2'), S('p3')) == 'door')\n"
                    "local p = board.passable(d) assert(#p == 2 and p[1] == 'open' and p[2] == 'door open')\n"
                    "assert(#board.passable(1) == 1 and board.passable(1)[1] == 'open')\n"
                    /* a query's own list */
                    "assert(board.distance(S('p1'), S('p3'), { through = { 'open', 'door open', 'door' } }) == 2)\n"
                    "assert(names(board.neighbours(S('p2'), { through = 'door' })) == 'p3')\n"
                    "assert(names(board.neighbours(S('lab'), { through = { 'open', 'door' } })) == 'hall nest')\n"
                    "assert(names(board.neighbours(S('lab'), { through = { 'open', 'door' }, all = false })) == 'hall nest')\n"
                    /* the maze: the door a2-a3 (a2's south side) */
                    "assert(names(board.line(S('a1'), 'south')) == 'a2')\n"
                    "assert(names(board.line(S('a1'), 'south', { through = { 'open', 'door' } })) == 'a2 a3')\n"
                    "assert(board.sees(S('a1'), S('a3'), { through = { 'open', 'door' } }) and not board.sees(S('a1'), S('a3')))\n"
                    "assert(board.distance(S('a2'), S('a3'), { through = { 'open', 'door' } }) == 1)\n"
                    /* a grid whose arches let through: each side of a pair must */
                    "local h = board.new('hall', { grid = true, passable = { 'open', 'arch' } })\n"
                    "for x = 0, 2 do board.add_space(h, 'h' .. (x + 1), { x = x, y = 0 }) end\n"
                    "board.set_edge(S('h1'), S('h2'), 'arch')\n"
                    "assert(names(board.line(S('h1'), 'east')) == 'h2 h3' and board.edge(S('h1'), S('h2')) == 'arch')\n"
                    "assert(board.sees(S('h3'), S('h1')) and board.distance(S('h1'), S('h3')) == 2)\n"
                    "board.set_edge(S('h2'), S('h1'), 'wall')\n"                      /* h2's own side stops */
                    "assert(board.edge(S('h1'), S('h2')) == 'wall' and board.edge(S('h2'), S('h1')) == 'wall')\n"
                    "assert(names(board.neighbours(S('h1'))) == '' and not board.sees(S('h1'), S('h2')))\n"
                    "assert(names(board.neighbours(S('h1'), { through = { 'arch', 'wall' } })) == 'h2')\n"
                    "board.set_edge(S('h1'), S('h2'), 'open')\n"                      /* clears both sides */
                    "assert(board.distance(S('h1'), S('h2')) == 1)\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    /* a board's list is state: in the hash and in a replay of the save */
    uint64_t h0 = game_hash(g);
    Board *bd = &VEC_AT(g->s.boards, Board, 2);
    int32_t was = bd->pass[1];
    bd->pass[1] = names_intern(&g->w->names, "ajar");
    CHECK(game_hash(g) != h0);
    bd->pass[1] = was;
    CHECK(game_hash(g) == h0);
    Err e;
    err_clear(&e);
    json_t *log = save_json(g);
    Game *r = log ? save_replay(g->w, log, -1, &e) : NULL;
    CHECK_MSG(r, "%s", e.msg);
    if (r) {
        CHECK(game_hash(r) == h0);
        CHECK_INT(t_run(r, "assert(board.passable(board.get('deck'))[2] == 'door open')"), 0);
        Game *c = game_clone(r);
        CHECK(c && game_hash(c) == game_hash(r));
        if (c) CHECK_INT(t_run(c, "assert(#board.neighbours(zone.get('p1')) == 1)"), 0);
        game_free(c);
    }
    game_free(r);
    json_decref(log);
    /* the view says the list (absent for "open" alone); bad options are errors that
     * change nothing */
    CHECK(view_has(g, 0, "\"name\":\"deck\",\"grid\":false,\"passable\":[\"open\",\"door open\"]"));
    CHECK(!view_has(g, 0, "\"name\":\"maze\",\"grid\":true,\"passable\""));
    static const char *const bad[][2] = {
        {"board.new('x', { passable = {} })", "board.new: passable must list 1..8 edge states"},
        {"board.new('x', { passable = { 'open', 'open' } })", "passable lists 'open' twice"},
        {"board.new('x', { passable = 3 })", "passable must be a list of edge states (strings), got number"},
        {"board.new('x', { passable = { 'open', 7 } })", "passable[2] must be a string"},
        {"board.new('x', { pasable = { 'open' } })", "board.new: unknown option 'pasable' (the options: grid, passable, cells)"},
        {"board.new('x', { cells = true })", "give it with grid = true"},
        {"board.build({ name = 'x', passable = {} })", "board.build: the states must list 1..8"},
        {"board.neighbours(zone.get('a1'), { all = true, through = 'open' })", "board.neighbours: give all or through, not both"},
        {"board.path(zone.get('a1'), zone.get('b1'), { thru = 'x' })", "board.path: unknown option 'thru' (the options: all, through)"},
        {"board.line(zone.get('a1'), 'east', { through = { 1 } })", "board.line: through[1] must be a string"},
        {"board.sees(zone.get('a1'), zone.get('b1'), 'open')", "table of options"},
        {"board.distance(zone.get('a1'), zone.get('b1'), { through = {} })", "board.distance: through must list 1..8"},
        {"board.passable(9)", "board.passable: 9 is not a board"},
        {"zone.new('pile') board.label(zone.get('pile'))", "board.label: zone 'pile' (argument #1) is not a board space"},
    };
    refused(g, bad, sizeof bad / sizeof bad[0]);
    game_free(g);
}

/* A grid made by cells (board.build's width and height) is read by people cell by cell:
 * a space is named by where it is now in the log (where it was when the line happened),
 * the table and board.label, while scripts keep its zone name; a face-down region's
 * spaces keep their names (where each one is would tell its turn). */
TEST(board_grid_of_cells_names_a_space_by_where_it_is_now)
{
    Worker *wk = t_worker(FRAME);
    Game *g = t_game(wk, 7, 2);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, H
                    "local b = board.build({ name = 'maze', grid = true, width = 4, height = 2,\n"
                    "  regions = { { name = 'room', spaces = { 'a1', 'b1', 'a2', 'b2' } },\n"
                    "              { name = 'dark', spaces = { 'c1', 'd1', 'c2', 'd2' }, face_down = true } } })\n"
                    "card.new('thing', S('a1'), 1)\n"
                    "board.rotate(board.region(b, 'room'))\n"                          /* a1 is at b1 now */
                    "assert(board.label(S('a1')) == 'b1' and zone.name(S('a1')) == 'a1' and board.at(b, 1, 0) == S('a1'))\n"
                    "assert(board.label(S('c1')) == 'c1')\n"                          /* face down: its name */
                    "card.move(zone.cards(S('a1'))[1], S('a2'))\n"),                  /* a2 is at a1 now */
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    for (int seat = -1; seat < 2; seat++) {
        CHECK_MSG(log_has(g, seat, "Thing: b1 -> a1"), "seat %d's log names the spaces by their names", seat + 1);
        CHECK(view_has(g, seat, "\"name\":\"a2\",\"label\":\"a1\""));
        CHECK(view_has(g, seat, "\"name\":\"maze\",\"grid\":true,\"cells\":true"));
        CHECK(!view_has(g, seat, "\"name\":\"c1\",\"label\""));
    }
    /* the line keeps the cells of when it happened: a turn later does not rename them */
    CHECK_INT(t_run(g, "board.rotate(board.region(1, 'room'), 2)"), 0);
    CHECK(log_has(g, 0, "Thing: b1 -> a1"));
    CHECK_INT(t_run(g, H "assert(board.label(S('a2')) == 'b2')"), 0);
    CHECK(view_has(g, 0, "\"name\":\"a2\",\"label\":\"b2\""));
    /* a grid laid space by space is read by names unless it asks for cells */
    CHECK_INT(t_run(g, H
                    "local n = board.new('named', { grid = true })\n"
                    "board.add_space(n, 'hall', { x = 0, y = 0 })\n"
                    "assert(board.label(S('hall')) == 'hall')\n"
                    "local c = board.new('cellar', { grid = true, cells = true })\n"
                    "board.add_space(c, 'cave', { x = 2, y = 0 })\n"
                    "assert(board.label(S('cave')) == 'c1')\n"),
              0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    /* the cells flag is state: in the hash */
    uint64_t h0 = game_hash(g);
    VEC_AT(g->s.boards, Board, 0).cells = 0;
    CHECK(game_hash(g) != h0);
    VEC_AT(g->s.boards, Board, 0).cells = 1;
    game_free(g);
}
