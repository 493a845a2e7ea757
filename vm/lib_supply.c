/* lib_supply.c — the script API's `supply` module: counter supplies with conserved
 * totals (host/supply.h). A holder is the string "pool" or "out", a seat number, a
 * zone as { zone = z } or a card handle; counts are a table of kind = number, or a list
 * of kinds (one counter each: what decide.choose and supply.draw return). Every binding checks its arguments
 * before touching the host. Shared checks are in lib_api.c (lib.h). */
#include <math.h>
#include <string.h>

#include "lib.h"
#include "supply.h"

/* The supply named at idx: raises when there is none. */
static int32_t supply_arg(lua_State *L, Game *g, int idx, const char *fname)
{
    int32_t name = lib_find(L, idx, fname, "the supply name");
    if (name < 0 || !supply_exists(g, name))
        lib_bad_choice(L, fname, "supply ", lua_tostring(L, idx), "a supply (make it with supply.new)");
    return name;
}

/* The holder at idx: "pool", "out", a seat number, { zone = z }, a card handle. */
static int32_t holder_arg(lua_State *L, Game *g, int idx, const char *fname)
{
    if (lua_type(L, idx) == LUA_TSTRING) {
        if (strcmp(lua_tostring(L, idx), "pool") == 0) return SUPPLY_POOL;
        if (strcmp(lua_tostring(L, idx), "out") == 0) return SUPPLY_OUT;
        lib_bad_choice(L, fname, "holder ", lua_tostring(L, idx),
                       "\"pool\", \"out\", a seat number, { zone = z } or a card handle");
    }
    if (lua_istable(L, idx)) {
        idx = lua_absindex(L, idx);
        lib_opts(L, idx);
        lua_pushnil(L);
        while (lua_next(L, idx)) {
            lua_pop(L, 1);
            if (lua_type(L, -1) != LUA_TSTRING || strcmp(lua_tostring(L, -1), "zone") != 0)
                luaL_error(L, "%s: argument #%d: a zone holder is { zone = z } and nothing else", fname, idx);
        }
        lua_getfield(L, idx, "zone");
        if (lua_isnil(L, -1)) luaL_error(L, "%s: argument #%d: a zone holder is { zone = z } (z from zone.get)", fname, idx);
        int32_t z = lib_zone(L, g, lua_gettop(L), fname);
        lua_pop(L, 1);
        if (z >= SUPPLY_CARD - SUPPLY_ZONE) luaL_error(L, "%s: zone %d cannot hold counters (too many zones)", fname, z + 1);
        return SUPPLY_ZONE + z;
    }
    if (!lua_isinteger(L, idx))
        luaL_error(L, "%s: argument #%d must be \"pool\", \"out\", a seat number 1..%d, { zone = z } or a card handle, got %s",
                   fname, idx, g->s.h.nseats, luaL_typename(L, idx));
    lua_Integer v = lua_tointeger(L, idx);
    if (v >= 1 && v <= g->s.h.nseats) return (int32_t)v - 1;
    if (v < ((lua_Integer)1 << 40))
        luaL_error(L, "%s: seat %I is not in 1..%d (a zone holder is { zone = z })", fname, (LUAI_UACINT)v,
                   g->s.h.nseats);
    return SUPPLY_CARD + lib_card(L, g, idx, fname);
}

/* The kind named at idx, one of supply name's (its index among kinds). */
static int kind_index(lua_State *L, Game *g, int32_t name, const int32_t *kinds, int nk, int idx, const char *fname)
{
    int32_t k = lib_find(L, idx, fname, "a counter kind");
    for (int i = 0; i < nk; i++)
        if (kinds[i] == k) return i;
    luaL_error(L, "%s: '%s' is no kind of supply '%s'", fname, lua_tostring(L, idx),
               names_str(&g->w->names, name));
    return -1;
}

/* The counts table at idx as one count per kind of the supply (n[i] for kinds[i]):
 * kind = number, or a list of kinds, one counter each. Keys are checked in sorted order
 * so that the first bad one named does not depend on the table's layout. */
static void counts_arg(lua_State *L, Game *g, int32_t name, const int32_t *kinds, int nk, int idx, int64_t *n,
                       const char *fname)
{
    idx = lua_absindex(L, idx);
    if (!lua_istable(L, idx))
        luaL_error(L, "%s: the counts must be a table (kind = number, or a list of kinds), got %s", fname,
                   luaL_typename(L, idx));
    lib_opts(L, idx);
    memset(n, 0, sizeof *n * (size_t)nk);
    /* the list part: one counter per item */
    lua_Integer len = (lua_Integer)lua_rawlen(L, idx);
    if (len > 1000) luaL_error(L, "%s: a list of more than 1000 counters", fname);
    for (lua_Integer i = 1; i <= len; i++) {
        lua_rawgeti(L, idx, i);
        if (lua_type(L, -1) != LUA_TSTRING)
            luaL_error(L, "%s: item %I of the counts list must be a kind (a string), got %s", fname, (LUAI_UACINT)i,
                       luaL_typename(L, -1));
        n[kind_index(L, g, name, kinds, nk, -1, fname)]++;
        lua_pop(L, 1);
    }
    /* the keys: each a kind (in the list part's range: already read) */
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 && lua_tointeger(L, -1) <= len) continue;
        if (lua_type(L, -1) != LUA_TSTRING) {
            luaL_error(L, "%s: the counts' keys must be kinds (strings), got %s", fname, luaL_typename(L, -1));
        }
        int32_t k = lib_names_find(L, -1, lua_tostring(L, -1));
        bool known = false;
        for (int i = 0; i < nk; i++) known = known || kinds[i] == k;
        if (!known) { /* the first unknown key in sorted order */
            const char *bad = lua_tostring(L, -1);
            lua_pushnil(L);
            while (lua_next(L, idx)) {
                lua_pop(L, 1);
                if (lua_type(L, -1) != LUA_TSTRING) continue;
                int32_t k2 = lib_names_find(L, -1, lua_tostring(L, -1));
                bool known2 = false;
                for (int i = 0; i < nk; i++) known2 = known2 || kinds[i] == k2;
                if (!known2 && strcmp(lua_tostring(L, -1), bad) < 0) bad = lua_tostring(L, -1);
            }
            luaL_error(L, "%s: '%s' is no kind of supply '%s'", fname, bad, names_str(&g->w->names, name));
        }
    }
    for (int i = 0; i < nk; i++) {
        lua_getfield(L, idx, names_str(&g->w->names, kinds[i]));
        if (!lua_isnil(L, -1)) {
            if (!lua_isinteger(L, -1))
                luaL_error(L, "%s: the count of '%s' must be an integer, got %s", fname,
                           names_str(&g->w->names, kinds[i]), lua_isnumber(L, -1) ? "a non-integer" : luaL_typename(L, -1));
            lua_Integer v = lua_tointeger(L, -1);
            if (v < 0 || v > SUPPLY_COUNT_MAX)
                luaL_error(L, "%s: the count of '%s' must be 0 to %d, got %I", fname, names_str(&g->w->names, kinds[i]),
                           SUPPLY_COUNT_MAX, (LUAI_UACINT)v);
            n[i] += v;
        }
        lua_pop(L, 1);
    }
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* supply.new(name, totals, opts) */
static int l_supply_new(lua_State *L)
{
    const char *F = "supply.new";
    Game *g = api_game(L);
    int32_t name = lib_intern(L, 1, F, "the supply name");
    if (strlen(lua_tostring(L, 1)) > 60) return luaL_error(L, "%s: the supply name is at most 60 characters", F);
    if (!lua_istable(L, 2))
        return luaL_error(L, "%s: the totals must be a table of kind = total, got %s", F, luaL_typename(L, 2));
    lib_opts(L, 2);
    lib_opts(L, 3);
    /* the kinds: opts.order, else the keys sorted by name */
    const char *names[SUPPLY_KINDS_MAX];
    int nk = 0;
    lua_pushnil(L);
    while (lua_next(L, 2)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING)
            return luaL_error(L, "%s: the totals' keys must be kinds (strings), got %s", F, luaL_typename(L, -1));
        if (nk == SUPPLY_KINDS_MAX) return luaL_error(L, "%s: at most %d kinds of counter", F, SUPPLY_KINDS_MAX);
        names[nk++] = lua_tostring(L, -1); /* (the table holds the string) */
    }
    if (nk == 0) return luaL_error(L, "%s: the totals name no kind of counter", F);
    qsort(names, (size_t)nk, sizeof *names, cmp_names);
    if (lib_opt(L, 3, "order") != LUA_TNIL) {
        int o = lua_gettop(L);
        if (!lua_istable(L, o)) return luaL_error(L, "%s: order must be a list of the kinds", F);
        lib_opts(L, o); /* a list the rules made at load is a read-only proxy: its table */
        if ((int)lua_rawlen(L, o) != nk)
            return luaL_error(L, "%s: order must list each of the %d kinds once (it has %d items)", F, nk,
                              (int)lua_rawlen(L, o));
        for (int i = 1; i <= nk; i++) {
            lua_rawgeti(L, o, i);
            if (lua_type(L, -1) != LUA_TSTRING || lua_rawget(L, 2) == LUA_TNIL) {
                lua_rawgeti(L, o, i);
                return luaL_error(L, "%s: order item %d ('%s') is no kind of the totals", F, i,
                                  lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, -1));
            }
            lua_pop(L, 1);
            lua_rawgeti(L, o, i);
            names[i - 1] = lua_tostring(L, -1);
            lua_pop(L, 1); /* (the order table holds it) */
            for (int k = 0; k < i - 1; k++)
                if (strcmp(names[k], names[i - 1]) == 0)
                    return luaL_error(L, "%s: order lists '%s' twice", F, names[k]);
        }
    }
    int32_t kinds[SUPPLY_KINDS_MAX];
    int64_t totals[SUPPLY_KINDS_MAX];
    for (int i = 0; i < nk; i++) {
        lua_pushstring(L, names[i]);
        kinds[i] = lib_intern(L, -1, F, "a counter kind");
        lua_pop(L, 1);
        lua_getfield(L, 2, names[i]);
        if (lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "unlimited") == 0) {
            totals[i] = SUPPLY_UNLIMITED;
        } else if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 0 && lua_tointeger(L, -1) <= SUPPLY_COUNT_MAX) {
            totals[i] = lua_tointeger(L, -1);
        } else {
            return luaL_error(L, "%s: the total of '%s' must be an integer 0..%d or \"unlimited\"", F, names[i],
                              SUPPLY_COUNT_MAX);
        }
        lua_pop(L, 1);
    }
    lib_opt(L, 3, "hidden");
    if (!lua_isnil(L, -1) && !lua_isboolean(L, -1)) return luaL_error(L, "%s: hidden must be true or false", F);
    int flags = lua_toboolean(L, -1) ? SUPPLY_HIDDEN : 0;
    lua_pop(L, 1);
    Err e;
    err_clear(&e);
    if (!supply_new(g, name, kinds, totals, nk, flags, &e)) return lib_fail(L, F, &e);
    return 0;
}

/* The options of a move at idx: { reason = "text" }, which ends its log line in brackets
 * ("… pool -> seat 3 (the Farm)"); NULL when none. The text stays on the stack. */
static const char *move_reason(lua_State *L, int idx, const char *F)
{
    if (lua_isnoneornil(L, idx)) return NULL;
    if (!lua_istable(L, idx)) luaL_typeerror(L, idx, "table of options");
    lib_opts(L, idx);
    /* an unknown key: the first in byte order, so the message is the same every run */
    const char *bad = NULL;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?";
        if (strcmp(k, "reason") != 0 && (!bad || strcmp(k, bad) < 0)) bad = k;
    }
    if (bad) luaL_error(L, "%s: unknown option '%s' (the options: reason)", F, bad);
    if (lua_getfield(L, idx, "reason") == LUA_TNIL) return NULL;
    size_t len = 0;
    const char *r = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
    if (!r || len < 1 || len > SUPPLY_REASON_MAX)
        luaL_error(L, "%s: the reason must be a text of 1..%d characters", F, SUPPLY_REASON_MAX);
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)r[i] < 0x20 || r[i] == 0x7f)
            luaL_error(L, "%s: the reason must be one line of text (no control characters)", F);
    return r;
}

static int do_move(lua_State *L, const char *F, int32_t name, int32_t from, int32_t to, int cidx)
{
    Game *g = api_game(L);
    int32_t kinds[SUPPLY_KINDS_MAX];
    int64_t n[SUPPLY_KINDS_MAX];
    int nk = supply_kinds(g, name, kinds, NULL, SUPPLY_KINDS_MAX);
    counts_arg(L, g, name, kinds, nk, cidx, n, F);
    const char *reason = move_reason(L, cidx + 1, F);
    Err e;
    err_clear(&e);
    if (!supply_move(g, name, from, to, kinds, n, nk, reason, &e)) return lib_fail(L, F, &e);
    return 0;
}

/* supply.move(name, from, to, counts, opts) */
static int l_supply_move(lua_State *L)
{
    Game *g = api_game(L);
    int32_t name = supply_arg(L, g, 1, "supply.move");
    int32_t from = holder_arg(L, g, 2, "supply.move"), to = holder_arg(L, g, 3, "supply.move");
    return do_move(L, "supply.move", name, from, to, 4);
}

/* supply.take(name, s, counts, opts): seat s takes counters from the pool. */
static int l_supply_take(lua_State *L)
{
    Game *g = api_game(L);
    int32_t name = supply_arg(L, g, 1, "supply.take");
    int s = lib_seat(L, g, 2, "supply.take");
    return do_move(L, "supply.take", name, SUPPLY_POOL, s, 3);
}

/* supply.give(name, s, counts, opts): seat s gives counters back to the pool. */
static int l_supply_give(lua_State *L)
{
    Game *g = api_game(L);
    int32_t name = supply_arg(L, g, 1, "supply.give");
    int s = lib_seat(L, g, 2, "supply.give");
    return do_move(L, "supply.give", name, s, SUPPLY_POOL, 3);
}

/* supply.draw(name, from, to, n, opts): n counters drawn at random; returns the list
 * of their kinds, in the order drawn. */
static int l_supply_draw(lua_State *L)
{
    const char *F = "supply.draw";
    Game *g = api_game(L);
    int32_t name = supply_arg(L, g, 1, F);
    int32_t from = holder_arg(L, g, 2, F), to = holder_arg(L, g, 3, F);
    lua_Integer n = 1;
    if (!lua_isnoneornil(L, 4)) {
        if (!lua_isinteger(L, 4))
            return luaL_error(L, "%s: the number to draw must be an integer 0..%d, got %s", F, SUPPLY_DRAW_MAX,
                              lua_isnumber(L, 4) ? "a non-integer" : luaL_typename(L, 4));
        n = lua_tointeger(L, 4);
        if (n < 0 || n > SUPPLY_DRAW_MAX)
            return luaL_error(L, "%s: the number to draw must be 0 to %d, got %I", F, SUPPLY_DRAW_MAX, (LUAI_UACINT)n);
    }
    const char *reason = move_reason(L, 5, F);
    int32_t drawn[SUPPLY_DRAW_MAX];
    Err e;
    err_clear(&e);
    if (!supply_draw(g, name, from, to, (int)n, drawn, reason, &e)) return lib_fail(L, F, &e);
    lua_createtable(L, (int)n, 0);
    for (int i = 0; i < (int)n; i++) {
        lua_pushstring(L, names_str(&g->w->names, drawn[i]));
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static void push_count(lua_State *L, int64_t v)
{
    if (v == SUPPLY_UNLIMITED) lua_pushnumber(L, HUGE_VAL);
    else lua_pushinteger(L, v);
}

/* supply.count(name, holder, kind): one kind, or every kind (the limited ones, for the
 * pool) when kind is nil. */
static int l_supply_count(lua_State *L)
{
    const char *F = "supply.count";
    Game *g = api_game(L);
    /* the common call (a supply, a seat or the pool, a kind): one walk of the counts */
    int64_t got;
    if (lua_type(L, 1) == LUA_TSTRING && lua_type(L, 3) == LUA_TSTRING &&
        (lua_type(L, 2) == LUA_TSTRING || (lua_isinteger(L, 2) && lua_tointeger(L, 2) >= 1 &&
                                           lua_tointeger(L, 2) <= g->s.h.nseats))) {
        int32_t h = holder_arg(L, g, 2, F);
        if (supply_lookup(g, lib_names_find(L, 1, lua_tostring(L, 1)), lib_names_find(L, 3, lua_tostring(L, 3)), h,
                          &got)) {
            push_count(L, got);
            return 1;
        }
    }
    int32_t name = supply_arg(L, g, 1, F);
    int32_t h = holder_arg(L, g, 2, F);
    int32_t kinds[SUPPLY_KINDS_MAX];
    int nk = supply_kinds(g, name, kinds, NULL, SUPPLY_KINDS_MAX);
    if (!lua_isnoneornil(L, 3)) {
        int k = kind_index(L, g, name, kinds, nk, 3, F);
        push_count(L, supply_count(g, name, kinds[k], h));
        return 1;
    }
    int64_t sum = 0;
    for (int k = 0; k < nk; k++) {
        int64_t v = supply_count(g, name, kinds[k], h);
        if (v != SUPPLY_UNLIMITED) sum += v;
    }
    lua_pushinteger(L, sum);
    return 1;
}

/* supply.has(name, holder, counts): whether holder holds at least those counts. */
static int l_supply_has(lua_State *L)
{
    const char *F = "supply.has";
    Game *g = api_game(L);
    int32_t name = supply_arg(L, g, 1, F);
    int32_t h = holder_arg(L, g, 2, F);
    int32_t kinds[SUPPLY_KINDS_MAX];
    int64_t n[SUPPLY_KINDS_MAX];
    int nk = supply_kinds(g, name, kinds, NULL, SUPPLY_KINDS_MAX);
    counts_arg(L, g, name, kinds, nk, 3, n, F);
    bool ok = true;
    for (int k = 0; k < nk && ok; k++) {
        int64_t v = supply_count(g, name, kinds[k], h);
        if (v != SUPPLY_UNLIMITED && v < n[k]) ok = false;
    }
    lua_pushboolean(L, ok);
    return 1;
}

/* supply.holdings(name, holder): { kind = count } of every kind. */
static int l_supply_holdings(lua_State *L)
{
    const char *F = "supply.holdings";
    Game *g = api_game(L);
    int32_t name = supply_arg(L, g, 1, F);
    int32_t h = holder_arg(L, g, 2, F);
    int32_t kinds[SUPPLY_KINDS_MAX];
    int nk = supply_kinds(g, name, kinds, NULL, SUPPLY_KINDS_MAX);
    lua_createtable(L, 0, nk);
    for (int k = 0; k < nk; k++) {
        push_count(L, supply_count(g, name, kinds[k], h));
        lua_setfield(L, -2, names_str(&g->w->names, kinds[k]));
    }
    return 1;
}

/* supply.kinds(name): the kinds in the supply's order. */
static int l_supply_kinds(lua_State *L)
{
    Game *g = api_game(L);
    int32_t name = supply_arg(L, g, 1, "supply.kinds");
    int32_t kinds[SUPPLY_KINDS_MAX];
    int nk = supply_kinds(g, name, kinds, NULL, SUPPLY_KINDS_MAX);
    lua_createtable(L, nk, 0);
    for (int k = 0; k < nk; k++) {
        lua_pushstring(L, names_str(&g->w->names, kinds[k]));
        lua_rawseti(L, -2, k + 1);
    }
    return 1;
}

/* supply.total(name, kind): the kind's total (math.huge: unlimited). */
static int l_supply_total(lua_State *L)
{
    Game *g = api_game(L);
    int32_t name = supply_arg(L, g, 1, "supply.total");
    int32_t kinds[SUPPLY_KINDS_MAX];
    int64_t totals[SUPPLY_KINDS_MAX];
    int nk = supply_kinds(g, name, kinds, totals, SUPPLY_KINDS_MAX);
    int k = kind_index(L, g, name, kinds, nk, 2, "supply.total");
    push_count(L, totals[k]);
    return 1;
}

const luaL_Reg lib_supply_api[] = {
    {"new", l_supply_new},     {"move", l_supply_move},         {"take", l_supply_take},
    {"draw", l_supply_draw},
    {"give", l_supply_give},   {"count", l_supply_count},       {"has", l_supply_has},
    {"holdings", l_supply_holdings}, {"kinds", l_supply_kinds}, {"total", l_supply_total},
    {NULL, NULL}};
