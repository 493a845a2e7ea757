/* lib_board.c — the script API's `board` module: boards of spaces (each space a zone,
 * so pieces are cards moved with card.move), the state of the edges between spaces,
 * neighbours, paths and straight lines, and regions that are face down or turn.
 * Boards and regions are 1-based numbers; spaces are zone ids. The host side is
 * host/board.c (board.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "lib.h"

static int32_t lib_board(lua_State *L, Game *g, int idx, const char *fname)
{
    if (!lua_isinteger(L, idx))
        luaL_error(L, "%s: argument #%d must be a board (from board.new or board.get), got %s", fname, idx,
                   luaL_typename(L, idx));
    lua_Integer b = lua_tointeger(L, idx);
    if (b < 1 || b > (lua_Integer)g->s.boards.len) luaL_error(L, "%s: %I is not a board", fname, (LUAI_UACINT)b);
    return (int32_t)b - 1;
}

static int32_t lib_region(lua_State *L, Game *g, int idx, const char *fname)
{
    if (!lua_isinteger(L, idx))
        luaL_error(L, "%s: argument #%d must be a region (from board.add_region), got %s", fname, idx,
                   luaL_typename(L, idx));
    lua_Integer r = lua_tointeger(L, idx);
    if (r < 1 || r > (lua_Integer)g->s.regions.len) luaL_error(L, "%s: %I is not a region", fname, (LUAI_UACINT)r);
    return (int32_t)r - 1;
}

/* A zone argument that must be a board space: the space index. */
static int32_t lib_space(lua_State *L, Game *g, int idx, const char *fname)
{
    int32_t z = lib_zone(L, g, idx, fname);
    int32_t sp = board_space_of(g, z);
    if (sp < 0)
        luaL_error(L, "%s: zone '%s' (argument #%d) is not a board space", fname,
                   names_str(&g->w->names, S_ZONE(&g->s, z).name), idx);
    return sp;
}

static const Space *space(Game *g, int32_t sp)
{
    return &VEC_AT(g->s.spaces, Space, sp);
}

/* Pushes a list of the zones of spaces out[0..n). */
static void push_spaces(lua_State *L, Game *g, const int32_t *out, int n)
{
    vm_charge(L, n + 1);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushinteger(L, space(g, out[i])->zone + 1);
        lua_rawseti(L, -2, i + 1);
    }
}

/* Option `key` of the table at idx as a boolean. */
static bool opt_bool(lua_State *L, int idx, const char *key)
{
    if (lua_isnoneornil(L, idx)) return false;
    lib_opts(L, idx);
    lib_opt(L, idx, key);
    bool v = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

/* Refuses a key of the options table at idx that is not in known (NULL-ended): the
 * first such key in byte order is named, with the options there are. */
static void opts_known(lua_State *L, int idx, const char *fname, const char *const *known, const char *list)
{
    if (lua_isnoneornil(L, idx)) return;
    if (!lua_istable(L, idx)) luaL_typeerror(L, idx, "table of options");
    const char *bad = NULL;
    char badbuf[64];
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(a key that is no string)";
        bool ok = false;
        for (int i = 0; known[i] && !ok; i++) ok = strcmp(k, known[i]) == 0;
        if (!ok && (!bad || strcmp(k, bad) < 0)) {
            snprintf(badbuf, sizeof badbuf, "%s", k);
            bad = badbuf;
        }
    }
    if (bad) luaL_error(L, "%s: unknown option '%s' (the options: %s)", fname, bad, list);
}

/* A list of edge states (field key of the options table at idx, or the value at idx
 * itself when key is NULL) into out (at most BOARD_PASS_MAX): how many; 0 when absent. */
static int opt_states(lua_State *L, int idx, const char *key, const char *fname, int32_t *out)
{
    if (key) lib_opt(L, idx, key);
    else lua_pushvalue(L, idx);
    int v = lua_gettop(L), n = 0;
    const char *what = key ? key : "the states";
    if (lua_isnil(L, v)) {
        lua_pop(L, 1);
        return 0;
    }
    if (lua_type(L, v) == LUA_TSTRING) { /* one state alone */
        out[0] = lib_intern(L, v, fname, what);
        lua_pop(L, 1);
        return 1;
    }
    if (!lua_istable(L, v))
        luaL_error(L, "%s: %s must be a list of edge states (strings), got %s", fname, what, luaL_typename(L, v));
    lua_Integer len = luaL_len(L, v);
    if (len < 1 || len > BOARD_PASS_MAX)
        luaL_error(L, "%s: %s must list 1..%d edge states, not %I", fname, what, BOARD_PASS_MAX, (LUAI_UACINT)len);
    for (lua_Integer i = 1; i <= len; i++) {
        lua_geti(L, v, i);
        char w[64];
        snprintf(w, sizeof w, "%s[%d]", what, (int)i);
        out[n++] = lib_intern(L, lua_gettop(L), fname, w);
        for (int k = 0; k < n - 1; k++)
            if (out[k] == out[n - 1]) luaL_error(L, "%s: %s lists '%s' twice", fname, what, lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return n;
}

/* The options all and through of a query (the table at idx) into t (states: at least
 * BOARD_PASS_MAX). all and through together are refused. */
static const BoardThrough *opt_through(lua_State *L, int idx, const char *fname, BoardThrough *t, int32_t *states)
{
    static const char *const known[] = {"all", "through", NULL};
    opts_known(L, idx, fname, known, "all, through");
    t->all = opt_bool(L, idx, "all");
    t->states = states;
    t->n = opt_states(L, idx, "through", fname, states);
    if (t->all && t->n) luaL_error(L, "%s: give all or through, not both", fname);
    return t;
}

static int l_board_new(lua_State *L)
{
    Game *g = api_game(L);
    int32_t name = lib_intern(L, 1, "board.new", "the board name");
    static const char *const known[] = {"grid", "passable", "cells", NULL};
    opts_known(L, 2, "board.new", known, "grid, passable, cells");
    bool grid = opt_bool(L, 2, "grid"), cells = opt_bool(L, 2, "cells");
    int32_t pass[BOARD_PASS_MAX];
    int np = opt_states(L, 2, "passable", "board.new", pass);
    if (cells && !grid) return luaL_error(L, "board.new: cells = true names a grid's spaces by cell: give it with grid = true");
    Err e;
    err_clear(&e);
    int32_t b = board_new(g, name, grid, &e);
    if (b < 0) return lib_fail(L, "board.new", &e);
    if (!board_set_options(g, b, pass, np, cells, &e)) return lib_fail(L, "board.new", &e);
    lua_pushinteger(L, b + 1);
    return 1;
}

/* board.passable(b): the states that let through on board b, in the order given. */
static int l_board_passable(lua_State *L)
{
    Game *g = api_game(L);
    const Board *bd = &VEC_AT(g->s.boards, Board, lib_board(L, g, 1, "board.passable"));
    lua_createtable(L, bd->npass, 0);
    for (int i = 0; i < bd->npass; i++) {
        lua_pushstring(L, names_str(&g->w->names, bd->pass[i]));
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* board.label(z): the name people read for space z: its cell now on a board read by
 * cells ("c5"), else the pack's label for the zone (show.zones) or its name. */
static int l_board_label(lua_State *L)
{
    Game *g = api_game(L);
    int32_t sp = lib_space(L, g, 1, "board.label");
    char buf[200];
    lua_pushstring(L, board_space_label(g, space(g, sp)->zone, buf, sizeof buf));
    return 1;
}

static int l_board_get(lua_State *L)
{
    Game *g = api_game(L);
    int32_t name = lib_find(L, 1, "board.get", "the board name");
    int32_t b = name < 0 ? -1 : board_find(g, name);
    if (b < 0) return luaL_error(L, "board.get: no board '%s'", lua_tostring(L, 1));
    lua_pushinteger(L, b + 1);
    return 1;
}

/* An integer coordinate option, or BOARD_NO_XY when absent. */
static int32_t opt_coord(lua_State *L, int idx, const char *key, const char *fname)
{
    int32_t v = BOARD_NO_XY;
    if (lib_opt(L, idx, key) != LUA_TNIL) {
        if (!lua_isinteger(L, -1)) luaL_error(L, "%s: %s must be an integer, got %s", fname, key, luaL_typename(L, -1));
        lua_Integer x = lua_tointeger(L, -1);
        if (x < -100000 || x > 100000) luaL_error(L, "%s: %s %I is not in -100000..100000", fname, key, (LUAI_UACINT)x);
        v = (int32_t)x;
    }
    lua_pop(L, 1);
    return v;
}

static int l_board_add_space(lua_State *L)
{
    Game *g = api_game(L);
    int32_t b = lib_board(L, g, 1, "board.add_space");
    int32_t name = lib_intern(L, 2, "board.add_space", "the space name");
    int32_t x = BOARD_NO_XY, y = BOARD_NO_XY;
    if (!lua_isnoneornil(L, 3)) {
        lib_opts(L, 3);
        x = opt_coord(L, 3, "x", "board.add_space");
        y = opt_coord(L, 3, "y", "board.add_space");
    }
    Err e;
    err_clear(&e);
    int32_t sp = board_add_space(g, b, name, x, y, &e);
    if (sp < 0) return lib_fail(L, "board.add_space", &e);
    lua_pushinteger(L, space(g, sp)->zone + 1);
    vm_of(L)->zone_seen = space(g, sp)->zone + 1;
    return 1;
}

/* Pushes the zone ids of the spaces of board b (region < 0) or of region `region`, in
 * the order they were added. */
static int push_spaces_of(lua_State *L, Game *g, int32_t b, int32_t region)
{
    int n = 0;
    vm_charge(L, (int)g->s.spaces.len + 1);
    lua_newtable(L);
    for (uint32_t i = 0; i < g->s.spaces.len; i++) {
        const Space *p = space(g, (int32_t)i);
        if (region >= 0 ? p->region != region : p->board != b) continue;
        lua_pushinteger(L, p->zone + 1);
        lua_rawseti(L, -2, ++n);
    }
    return 1;
}

static int l_board_spaces(lua_State *L)
{
    Game *g = api_game(L);
    return push_spaces_of(L, g, lib_board(L, g, 1, "board.spaces"), -1);
}

/* board.pieces(b): every card standing on b's spaces, space by space in the order they
 * were added, each space's cards top first (zone.cards' order). */
static int l_board_pieces(lua_State *L)
{
    Game *g = api_game(L);
    int32_t b = lib_board(L, g, 1, "board.pieces");
    int n = 0;
    for (uint32_t i = 0; i < g->s.spaces.len; i++)
        if (space(g, (int32_t)i)->board == b) n += S_ZONE(&g->s, space(g, (int32_t)i)->zone).count;
    vm_charge(L, n + 1);
    lua_createtable(L, n, 0);
    n = 0;
    for (uint32_t i = 0; i < g->s.spaces.len; i++) {
        if (space(g, (int32_t)i)->board != b) continue;
        for (int32_t o = S_ZONE(&g->s, space(g, (int32_t)i)->zone).head; o >= 0; o = S_OBJ(&g->s, o).next) {
            lua_pushinteger(L, obj_handle(g, o));
            lua_rawseti(L, -2, ++n);
        }
    }
    return 1;
}

static int l_board_of(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = lib_zone(L, g, 1, "board.of");
    int32_t sp = board_space_of(g, z);
    if (sp < 0) return 0;
    lua_pushinteger(L, space(g, sp)->board + 1);
    return 1;
}

static int l_board_pos(lua_State *L)
{
    Game *g = api_game(L);
    const Space *p = space(g, lib_space(L, g, 1, "board.pos"));
    if (p->x == BOARD_NO_XY) return 0;
    lua_pushinteger(L, p->x);
    lua_pushinteger(L, p->y);
    return 2;
}

static int l_board_at(lua_State *L)
{
    Game *g = api_game(L);
    int32_t b = lib_board(L, g, 1, "board.at");
    lua_Integer x = luaL_checkinteger(L, 2), y = luaL_checkinteger(L, 3);
    if (x < -100000 || x > 100000 || y < -100000 || y > 100000) return 0;
    int32_t sp = board_space_at(g, b, (int32_t)x, (int32_t)y);
    if (sp < 0) return 0;
    lua_pushinteger(L, space(g, sp)->zone + 1);
    return 1;
}

static int l_board_edge(lua_State *L)
{
    Game *g = api_game(L);
    int32_t a = lib_space(L, g, 1, "board.edge"), b = lib_space(L, g, 2, "board.edge");
    int32_t st = board_edge(g, a, b);
    if (st < 0) return 0;
    lua_pushstring(L, names_str(&g->w->names, st));
    return 1;
}

static int l_board_set_edge(lua_State *L)
{
    Game *g = api_game(L);
    int32_t a = lib_space(L, g, 1, "board.set_edge"), b = lib_space(L, g, 2, "board.set_edge");
    int32_t st = lua_isnoneornil(L, 3) ? -1 : lib_intern(L, 3, "board.set_edge", "the edge state");
    Err e;
    err_clear(&e);
    if (!board_set_edge(g, a, b, st, &e)) return lib_fail(L, "board.set_edge", &e);
    return 0;
}

static int l_board_neighbours(lua_State *L)
{
    Game *g = api_game(L);
    int32_t sp = lib_space(L, g, 1, "board.neighbours");
    BoardThrough tb;
    int32_t st[BOARD_PASS_MAX];
    const BoardThrough *t = opt_through(L, 2, "board.neighbours", &tb, st);
    int n = board_neighbours(g, sp, t, NULL, 0);
    int32_t *out = lua_newuserdatauv(L, (size_t)(n ? n : 1) * sizeof *out, 0);
    board_neighbours(g, sp, t, out, n);
    push_spaces(L, g, out, n);
    return 1;
}

/* The path from argument 1 to argument 2 (opts at 3), pushed as a userdata buffer;
 * its length in spaces (0: none). */
static int path_of(lua_State *L, Game *g, const char *fname, int32_t **out)
{
    int32_t a = lib_space(L, g, 1, fname), b = lib_space(L, g, 2, fname);
    BoardThrough tb;
    int32_t st[BOARD_PASS_MAX];
    const BoardThrough *t = opt_through(L, 3, fname, &tb, st);
    vm_charge(L, (int)g->s.spaces.len + 1);
    int cap = (int)g->s.spaces.len;
    *out = lua_newuserdatauv(L, (size_t)(cap ? cap : 1) * sizeof **out, 0);
    return board_path(g, a, b, t, *out, cap);
}

static int l_board_path(lua_State *L)
{
    Game *g = api_game(L);
    int32_t *out;
    int n = path_of(L, g, "board.path", &out);
    if (n == 0) return 0;
    push_spaces(L, g, out, n);
    return 1;
}

static int l_board_distance(lua_State *L)
{
    Game *g = api_game(L);
    int32_t *out;
    int n = path_of(L, g, "board.distance", &out);
    if (n == 0) return 0;
    lua_pushinteger(L, n - 1);
    return 1;
}

static int l_board_line(lua_State *L)
{
    Game *g = api_game(L);
    int32_t sp = lib_space(L, g, 1, "board.line");
    const char *d = luaL_checkstring(L, 2);
    int dir = board_dir_find(d);
    if (dir < 0) return lib_bad_choice(L, "board.line", "direction ", d, "\"north\", \"east\", \"south\" or \"west\"");
    BoardThrough tb;
    int32_t st[BOARD_PASS_MAX];
    const BoardThrough *t = opt_through(L, 3, "board.line", &tb, st);
    Err e;
    err_clear(&e);
    int n = board_line(g, sp, dir, t, NULL, 0, &e);
    if (n < 0) return lib_fail(L, "board.line", &e);
    int32_t *out = lua_newuserdatauv(L, (size_t)(n ? n : 1) * sizeof *out, 0);
    board_line(g, sp, dir, t, out, n, &e);
    push_spaces(L, g, out, n);
    return 1;
}

static int l_board_sees(lua_State *L)
{
    Game *g = api_game(L);
    int32_t a = lib_space(L, g, 1, "board.sees"), b = lib_space(L, g, 2, "board.sees");
    BoardThrough tb;
    int32_t st[BOARD_PASS_MAX];
    const BoardThrough *t = opt_through(L, 3, "board.sees", &tb, st);
    const Space *p = space(g, a), *q = space(g, b);
    bool seen = false;
    if (a == b) seen = true;
    else if (p->board == q->board && p->x != BOARD_NO_XY && (p->x == q->x || p->y == q->y)) {
        int dir = p->x == q->x ? (q->y < p->y ? DIR_N : DIR_S) : (q->x > p->x ? DIR_E : DIR_W);
        Err e;
        err_clear(&e);
        int n = board_line(g, a, dir, t, NULL, 0, &e);
        if (n < 0) return lib_fail(L, "board.sees", &e);
        int dist = p->x == q->x ? abs(q->y - p->y) : abs(q->x - p->x);
        /* the line goes on unbroken past every space up to b (spaces are dense on it
         * when each step found one) */
        seen = n >= dist;
    }
    lua_pushboolean(L, seen);
    return 1;
}

static int l_board_add_region(lua_State *L)
{
    Game *g = api_game(L);
    int32_t b = lib_board(L, g, 1, "board.add_region");
    int32_t name = lib_intern(L, 2, "board.add_region", "the region name");
    luaL_checktype(L, 3, LUA_TTABLE);
    bool down = opt_bool(L, 4, "face_down");
    lua_settop(L, 3);
    lua_Integer n = luaL_len(L, 3);
    if (n < 1 || n > (lua_Integer)g->s.spaces.len)
        return luaL_error(L, "board.add_region: the spaces must be a list of 1..%d board spaces", (int)g->s.spaces.len);
    int32_t *sp = lua_newuserdatauv(L, (size_t)n * sizeof *sp, 0);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, 3, i);
        sp[i - 1] = lib_space(L, g, lua_gettop(L), "board.add_region");
        for (lua_Integer k = 1; k < i; k++)
            if (sp[k - 1] == sp[i - 1]) return luaL_error(L, "board.add_region: space %I is listed twice", (LUAI_UACINT)lua_tointeger(L, -1));
        lua_pop(L, 1);
    }
    Err e;
    err_clear(&e);
    int32_t r = board_region_new(g, b, name, sp, (int)n, down, &e);
    if (r < 0) return lib_fail(L, "board.add_region", &e);
    lua_pushinteger(L, r + 1);
    return 1;
}

static int l_board_region(lua_State *L)
{
    Game *g = api_game(L);
    int32_t b = lib_board(L, g, 1, "board.region");
    int32_t name = lib_find(L, 2, "board.region", "the region name");
    int32_t r = name < 0 ? -1 : board_region_find(g, b, name);
    if (r < 0) return luaL_error(L, "board.region: board '%s' has no region '%s'",
                                 names_str(&g->w->names, VEC_AT(g->s.boards, Board, b).name), lua_tostring(L, 2));
    lua_pushinteger(L, r + 1);
    return 1;
}

static int l_board_region_of(lua_State *L)
{
    Game *g = api_game(L);
    const Space *p = space(g, lib_space(L, g, 1, "board.region_of"));
    if (p->region < 0) return 0;
    lua_pushinteger(L, p->region + 1);
    return 1;
}

static int l_board_region_spaces(lua_State *L)
{
    Game *g = api_game(L);
    return push_spaces_of(L, g, -1, lib_region(L, g, 1, "board.region_spaces"));
}

static int face(lua_State *L, const char *fname, bool down)
{
    Game *g = api_game(L);
    int32_t r = lib_region(L, g, 1, fname);
    Err e;
    err_clear(&e);
    if (!board_region_face(g, r, down, &e)) return lib_fail(L, fname, &e);
    return 0;
}

static int l_board_reveal(lua_State *L) { return face(L, "board.reveal", false); }
static int l_board_hide(lua_State *L) { return face(L, "board.hide", true); }

static int l_board_face_down(lua_State *L)
{
    Game *g = api_game(L);
    int32_t r = lib_region(L, g, 1, "board.face_down");
    lua_pushboolean(L, VEC_AT(g->s.regions, Region, r).face_down);
    return 1;
}

static int l_board_rotate(lua_State *L)
{
    Game *g = api_game(L);
    int32_t r = lib_region(L, g, 1, "board.rotate");
    lua_Integer q = luaL_optinteger(L, 2, 1);
    if (q < -1000 || q > 1000) return luaL_error(L, "board.rotate: %I quarter turns: at most 1000 either way", (LUAI_UACINT)q);
    Err e;
    err_clear(&e);
    if (!board_region_rotate(g, r, (int)q, &e)) return lib_fail(L, "board.rotate", &e);
    return 0;
}

static int l_board_rotation(lua_State *L)
{
    Game *g = api_game(L);
    int32_t r = lib_region(L, g, 1, "board.rotation");
    lua_pushinteger(L, VEC_AT(g->s.regions, Region, r).rot);
    return 1;
}

/* ---------------------------------------------------------------- board.build ----- */

/* Field key of the table at idx as a string: interned, or -1 when absent and !need. */
static int32_t spec_name(lua_State *L, int idx, const char *key, const char *where, bool need)
{
    int t = lua_getfield(L, idx, key);
    if (t == LUA_TNIL && !need) {
        lua_pop(L, 1);
        return -1;
    }
    if (t != LUA_TSTRING) luaL_error(L, "board.build: %s%s must be a string, got %s", where, key, lua_typename(L, t));
    char what[160];
    snprintf(what, sizeof what, "%s%s", where, key);
    int32_t id = lib_intern(L, lua_gettop(L), "board.build", what);
    lua_pop(L, 1);
    return id;
}

/* The space of board b named by the string at idx (a zone of that name that is a space of
 * b), or an error naming where. */
static int32_t spec_space(lua_State *L, Game *g, int32_t b, int idx, const char *where)
{
    if (lua_type(L, idx) != LUA_TSTRING)
        luaL_error(L, "board.build: %s must be a space's name, got %s", where, luaL_typename(L, idx));
    int32_t n = lib_names_find(L, idx, lua_tostring(L, idx));
    int32_t z = n < 0 ? -1 : zone_find(g, n, SEAT_NONE);
    int32_t sp = z < 0 ? -1 : board_space_of(g, z);
    if (sp < 0 || space(g, sp)->board != b)
        luaL_error(L, "board.build: %s: '%s' is not a space of this board", where, lua_tostring(L, idx));
    return sp;
}

/* Length of the list field key of the table at idx (pushed), 0 when absent. */
static lua_Integer spec_list(lua_State *L, int idx, const char *key)
{
    int t = lua_getfield(L, idx, key);
    if (t == LUA_TNIL) return 0;
    if (t != LUA_TTABLE) luaL_error(L, "board.build: %s must be a list, got %s", key, lua_typename(L, t));
    lua_Integer n = luaL_len(L, -1);
    if (n < 0 || n > 100000) luaL_error(L, "board.build: %s has %I entries (at most 100000)", key, (LUAI_UACINT)n);
    return n;
}

static int l_board_build(lua_State *L)
{
    Game *g = api_game(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    Err e;
    err_clear(&e);
    int32_t name = spec_name(L, 1, "name", "", true);
    lua_getfield(L, 1, "grid");
    bool grid = lua_toboolean(L, -1);
    lua_pop(L, 1);
    int32_t pass[BOARD_PASS_MAX];
    lua_getfield(L, 1, "passable");
    int np = opt_states(L, lua_gettop(L), NULL, "board.build", pass);
    lua_pop(L, 1);
    int32_t b = board_new(g, name, grid, &e);
    if (b < 0) return lib_fail(L, "board.build", &e);
    if (!board_set_options(g, b, pass, np, false, &e)) return lib_fail(L, "board.build", &e);
    char where[96];
    /* the spaces: listed, or a grid's width x height named a1, b1, … */
    lua_Integer n = spec_list(L, 1, "spaces");
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, -1, i);
        if (!lua_istable(L, -1)) luaL_error(L, "board.build: spaces[%I] must be a table {name, x, y}", (LUAI_UACINT)i);
        snprintf(where, sizeof where, "spaces[%d].", (int)i);
        int32_t sname = spec_name(L, lua_gettop(L), "name", where, true);
        int32_t x = opt_coord(L, lua_gettop(L), "x", "board.build"), y = opt_coord(L, lua_gettop(L), "y", "board.build");
        if (board_add_space(g, b, sname, x, y, &e) < 0) return luaL_error(L, "board.build: spaces[%d]: %s", (int)i, e.msg);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    lua_getfield(L, 1, "width");
    lua_getfield(L, 1, "height");
    if (!lua_isnil(L, -1) || !lua_isnil(L, -2)) {
        if (n > 0 || !grid) return luaL_error(L, "board.build: width and height make a grid's spaces: give them with grid = true and no spaces list");
        if (!lua_isinteger(L, -2) || !lua_isinteger(L, -1))
            return luaL_error(L, "board.build: width and height must be integers");
        lua_Integer w = lua_tointeger(L, -2), h = lua_tointeger(L, -1);
        if (w < 1 || w > 26 || h < 1 || h > 100)
            return luaL_error(L, "board.build: width must be 1..26 (columns a..z) and height 1..100, not %I x %I",
                              (LUAI_UACINT)w, (LUAI_UACINT)h);
        for (lua_Integer y = 0; y < h; y++)
            for (lua_Integer x = 0; x < w; x++) {
                char nm[16];
                snprintf(nm, sizeof nm, "%c%d", (char)('a' + x), (int)y + 1);
                int32_t id = names_intern(&g->w->names, nm);
                if (id < 0) return luaL_error(L, "board.build: too many distinct names");
                if (board_add_space(g, b, id, (int32_t)x, (int32_t)y, &e) < 0) return lib_fail(L, "board.build", &e);
            }
        /* spaces named by the cells they start on are read by the cells they are on now */
        if (!board_set_options(g, b, pass, np, true, &e)) return lib_fail(L, "board.build", &e);
    }
    lua_pop(L, 2);
    /* the edges: { a, b, state } */
    n = spec_list(L, 1, "edges");
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, -1, i);
        int t = lua_gettop(L);
        if (!lua_istable(L, t)) luaL_error(L, "board.build: edges[%I] must be a list {a, b, state}", (LUAI_UACINT)i);
        snprintf(where, sizeof where, "edges[%d][1]", (int)i);
        lua_geti(L, t, 1);
        int32_t a = spec_space(L, g, b, lua_gettop(L), where);
        snprintf(where, sizeof where, "edges[%d][2]", (int)i);
        lua_geti(L, t, 2);
        int32_t c = spec_space(L, g, b, lua_gettop(L), where);
        lua_geti(L, t, 3);
        int32_t st = lua_isnil(L, -1) ? names_intern(&g->w->names, "open") : lib_intern(L, lua_gettop(L), "board.build", "an edge's state");
        if (!board_set_edge(g, a, c, st, &e)) return luaL_error(L, "board.build: edges[%d]: %s", (int)i, e.msg);
        lua_settop(L, t - 1);
    }
    lua_pop(L, 1);
    /* the regions: { name, spaces = { names }, face_down } */
    n = spec_list(L, 1, "regions");
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, -1, i);
        int t = lua_gettop(L);
        if (!lua_istable(L, t)) luaL_error(L, "board.build: regions[%I] must be a table {name, spaces, face_down}", (LUAI_UACINT)i);
        snprintf(where, sizeof where, "regions[%d].", (int)i);
        int32_t rname = spec_name(L, t, "name", where, true);
        if (lua_getfield(L, t, "spaces") != LUA_TTABLE) luaL_error(L, "board.build: regions[%I].spaces must be a list of space names", (LUAI_UACINT)i);
        lua_Integer k = luaL_len(L, -1);
        if (k < 1 || k > (lua_Integer)g->s.spaces.len)
            luaL_error(L, "board.build: regions[%I].spaces must list 1..%d spaces", (LUAI_UACINT)i, (int)g->s.spaces.len);
        int32_t *sp = lua_newuserdatauv(L, (size_t)k * sizeof *sp, 0);
        for (lua_Integer j = 1; j <= k; j++) {
            lua_geti(L, t + 1, j);
            snprintf(where, sizeof where, "regions[%d].spaces[%d]", (int)i, (int)j);
            sp[j - 1] = spec_space(L, g, b, lua_gettop(L), where);
            lua_pop(L, 1);
        }
        lua_getfield(L, t, "face_down");
        bool down = lua_toboolean(L, -1);
        if (board_region_new(g, b, rname, sp, (int)k, down, &e) < 0)
            return luaL_error(L, "board.build: regions[%d]: %s", (int)i, e.msg);
        lua_settop(L, t - 1);
    }
    lua_pop(L, 1);
    lua_pushinteger(L, b + 1);
    return 1;
}

const luaL_Reg lib_board_api[] = {
    {"new", l_board_new},
    {"build", l_board_build},
    {"get", l_board_get},
    {"add_space", l_board_add_space},
    {"spaces", l_board_spaces},
    {"pieces", l_board_pieces},
    {"of", l_board_of},
    {"pos", l_board_pos},
    {"at", l_board_at},
    {"edge", l_board_edge},
    {"set_edge", l_board_set_edge},
    {"neighbours", l_board_neighbours},
    {"path", l_board_path},
    {"distance", l_board_distance},
    {"line", l_board_line},
    {"sees", l_board_sees},
    {"passable", l_board_passable},
    {"label", l_board_label},
    {"add_region", l_board_add_region},
    {"region", l_board_region},
    {"region_of", l_board_region_of},
    {"region_spaces", l_board_region_spaces},
    {"reveal", l_board_reveal},
    {"hide", l_board_hide},
    {"face_down", l_board_face_down},
    {"rotate", l_board_rotate},
    {"rotation", l_board_rotation},
    {NULL, NULL},
};
