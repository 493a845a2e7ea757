/* lib_api.c — the script API: every function Lua may call on the host, registered by
 * module (game, seat, zone, card, effect, event, window, decide, dice, rng, track) into
 * read-only tables. This file holds what the modules share — argument checks that name
 * the function and the bad value and the valid choices, value conversions — and the
 * registration; the modules are lib_game.c (game, seat), lib_card.c (zone, card) and
 * lib_flow.c (effect, event, window, decide, dice, rng, track). docs/scripting-api.md
 * documents each function (a test fails when one is missing).
 *
 * Conventions seen from Lua: seats are 1..N; zones are small integer ids; cards are
 * handles (opaque integers) checked on every use; a card that left play or the game
 * gives "invalid card handle". */
#include <stdio.h>
#include <string.h>

#include "lib.h"
/* ---------------------------------------------------------------- helpers --------- */

World *lib_world(lua_State *L)
{
    return vm_of(L)->w;
}

/* Raises "fname: <what> '<value>' is not <choices>", the value cut to 40 bytes (a script
 * may pass a megabyte string; the message must stay small). */
int lib_bad_choice(lua_State *L, const char *fname, const char *what, const char *value,
                      const char *choices)
{
    char msg[300];
    snprintf(msg, sizeof msg, "%s: %s'%.40s%s' is not %s", fname, what, value,
             strlen(value) > 40 ? "…" : "", choices);
    return luaL_error(L, "%s", msg);
}

int lib_fail(lua_State *L, const char *fname, const Err *e)
{
    return luaL_error(L, "%s: %s", fname, e->msg);
}

int32_t lib_card(lua_State *L, Game *g, int idx, const char *fname)
{
    if (!lua_isinteger(L, idx))
        luaL_error(L, "%s: argument #%d must be a card handle, got %s", fname, idx,
                   luaL_typename(L, idx));
    int32_t o = obj_from_handle(g, lua_tointeger(L, idx));
    if (o < 0)
        luaL_error(L, "%s: invalid card handle (the card left play or the game, or the "
                      "handle is not a card)", fname);
    return o;
}

int lib_seat(lua_State *L, Game *g, int idx, const char *fname)
{
    if (!lua_isinteger(L, idx))
        luaL_error(L, "%s: argument #%d must be a seat number 1..%d, got %s", fname, idx,
                   g->s.h.nseats, lua_isnumber(L, idx) ? "a non-integer" : luaL_typename(L, idx));
    lua_Integer s = lua_tointeger(L, idx);
    if (s < 1 || s > g->s.h.nseats)
        luaL_error(L, "%s: seat %I is not in 1..%d", fname, (LUAI_UACINT)s, g->s.h.nseats);
    return (int)s - 1;
}

int32_t lib_zone(lua_State *L, Game *g, int idx, const char *fname)
{
    if (!lua_isinteger(L, idx))
        luaL_error(L, "%s: argument #%d must be a zone (from zone.get), got %s", fname, idx,
                   luaL_typename(L, idx));
    lua_Integer z = lua_tointeger(L, idx);
    if (z < 1 || z > (lua_Integer)g->s.zones.len)
        luaL_error(L, "%s: %I is not a zone", fname, (LUAI_UACINT)z);
    return (int32_t)z - 1;
}

/* names_find through a small cache keyed by the address of Lua's copy of the string
 * at idx (s, its text): scripts pass the same few constant strings ("hand", "will")
 * again and again. The cache keeps each string it holds alive (a registry table, one
 * entry per slot), so no other string can take that address while the slot names it
 * and a hit needs no comparison of the text; names are never removed, so an id once
 * found stays right. */
int32_t lib_names_find(lua_State *L, int idx, const char *s)
{
    Vm *vm = vm_of(L);
    Names *nm = &vm->w->names;
    uintptr_t a = (uintptr_t)s;
    uint32_t k = (uint32_t)(((uint64_t)(a >> 4) * 0x9E3779B97F4A7C15u) >> 32) & (NAME_CACHE - 1);
    NameSlot *slot = &vm->name_cache[k];
    if (slot->s == s) return slot->id;
    int32_t id = names_find(nm, s);
    if (id >= 0) {
        /* the table was made with NAME_CACHE array slots: this allocates nothing */
        idx = lua_absindex(L, idx);
        lua_rawgeti(L, LUA_REGISTRYINDEX, vm->name_anchor_ref);
        lua_pushvalue(L, idx);
        lua_rawseti(L, -2, (lua_Integer)k + 1);
        lua_pop(L, 1);
        *slot = (NameSlot){s, id};
    }
    return id;
}

int32_t lib_intern(lua_State *L, int idx, const char *fname, const char *what)
{
    if (lua_type(L, idx) != LUA_TSTRING)
        luaL_error(L, "%s: %s must be a string, got %s", fname, what, luaL_typename(L, idx));
    size_t n;
    const char *s = lua_tolstring(L, idx, &n);
    if (n == 0 || n > 100) luaL_error(L, "%s: %s must be 1..100 characters", fname, what);
    Vm *vm = vm_of(L);
    Names *nm = &lib_world(L)->names;
    int32_t id = lib_names_find(L, idx, s);
    if (id >= 0) return id;
    /* names are shared by every game on the worker: one action may add only so many */
    if (nm->n >= vm->names_base + 4096)
        luaL_error(L, "%s: more than 4096 new names in one action", fname);
    id = names_intern(nm, s);
    if (id < 0) luaL_error(L, "%s: too many distinct names", fname);
    return id;
}

/* A name to look up only: -1 when it was never used (then nothing can be stored under
 * it), without adding it. */
int32_t lib_find(lua_State *L, int idx, const char *fname, const char *what)
{
    if (lua_type(L, idx) != LUA_TSTRING)
        luaL_error(L, "%s: %s must be a string, got %s", fname, what, luaL_typename(L, idx));
    size_t n;
    const char *s = lua_tolstring(L, idx, &n);
    if (n == 0 || n > 100) luaL_error(L, "%s: %s must be 1..100 characters", fname, what);
    return lib_names_find(L, idx, s);
}

/* An options table read field by field (lib_opt) that is a read-only proxy (a table a
 * script made at load, frozen) is replaced at idx by the table behind it, once: each
 * field read through the proxy would miss and go through its __index. The same values
 * are read either way (the proxy's __index is that table). */
void lib_opts(lua_State *L, int idx)
{
    if (sandbox_proxy_target(L, idx)) lua_replace(L, idx);
}

/* Optional field of the options table at idx. */
int lib_opt(lua_State *L, int idx, const char *key)
{
    if (lua_isnoneornil(L, idx)) {
        lua_pushnil(L);
        return LUA_TNIL;
    }
    if (!lua_istable(L, idx)) luaL_typeerror(L, idx, "table of options");
    return lua_getfield(L, idx, key);
}

/* Parses an `until` duration: nil/"game", "step"/"phase", "turn", "in_play", or a
 * named scope. */
int lib_scope(lua_State *L, int idx, const char *fname, int32_t *name, bool effect)
{
    *name = -1;
    if (lua_isnoneornil(L, idx)) return SCOPE_GAME;
    const char *s = luaL_checkstring(L, idx);
    if (strcmp(s, "game") == 0) return SCOPE_GAME;
    if (strcmp(s, "step") == 0 || strcmp(s, "phase") == 0) return SCOPE_STEP;
    if (strcmp(s, "turn") == 0) return SCOPE_TURN;
    if (strcmp(s, "in_play") == 0) {
        if (!effect) luaL_error(L, "%s: 'in_play' is a duration for effects only", fname);
        return SCOPE_WHILE_IN_PLAY;
    }
    *name = lib_intern(L, idx, fname, "a duration");
    return SCOPE_NAMED;
}

/* Pushes a property value. */
void lib_push_prop(lua_State *L, Game *g, const Prop *p)
{
    switch (p->type) {
    case PV_INT: lua_pushinteger(L, p->v); break;
    case PV_BOOL: lua_pushboolean(L, (int)p->v); break;
    case PV_STR: lua_pushstring(L, state_cstr(&g->s, (int32_t)p->v)); break;
    case PV_LIST: {
        int32_t n;
        const int64_t *it = state_list_get(&g->s, (int32_t)p->v, &n);
        lua_createtable(L, n, 0);
        for (int32_t i = 0; i < n; i++) {
            lua_pushinteger(L, it[i]);
            lua_rawseti(L, -2, i + 1);
        }
        break;
    }
    default: lua_pushnil(L);
    }
}

/* Reads a Lua value at idx as a property value. */
int lib_read_value(lua_State *L, Game *g, int idx, const char *fname, int64_t *v)
{
    switch (lua_type(L, idx)) {
    case LUA_TNIL:
    case LUA_TNONE: return PV_NIL;
    case LUA_TBOOLEAN: *v = lua_toboolean(L, idx); return PV_BOOL;
    case LUA_TNUMBER:
        if (!lua_isinteger(L, idx)) luaL_error(L, "%s: values are integers (got %f)", fname, lua_tonumber(L, idx));
        *v = lua_tointeger(L, idx);
        return PV_INT;
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, idx, &n);
        if (n > 4096) luaL_error(L, "%s: string values are at most 4096 bytes", fname);
        /* stored values are host state: charged, and capped per action */
        vm_charge(L, (long)(n / 16) + 1);
        if (g->in_action && g->s.strs.len > g->pre.strs.len + (1u << 20))
            luaL_error(L, "%s: more than 1 MiB of text stored by one action", fname);
        int32_t off = state_str(&g->s, s);
        if (off < 0) luaL_error(L, "%s: out of memory", fname);
        *v = off;
        return PV_STR;
    }
    case LUA_TTABLE: {
        lua_Integer n = luaL_len(L, idx);
        if (n < 0 || n > 256) luaL_error(L, "%s: lists hold at most 256 integers", fname);
        vm_charge(L, (long)n + 1);
        if (g->in_action && g->s.ints.len > g->pre.ints.len + (1u << 17))
            luaL_error(L, "%s: more than 1 MiB of lists stored by one action", fname);
        int64_t items[256];
        for (lua_Integer i = 1; i <= n; i++) {
            lua_geti(L, idx, i);
            if (!lua_isinteger(L, -1)) luaL_error(L, "%s: lists hold integers or card handles only", fname);
            items[i - 1] = lua_tointeger(L, -1);
            lua_pop(L, 1);
        }
        int32_t off = state_list(&g->s, items, (int32_t)n);
        if (off < 0) luaL_error(L, "%s: out of memory", fname);
        *v = off;
        return PV_LIST;
    }
    default: luaL_error(L, "%s: a value must be an integer, boolean, string or list, not %s", fname, luaL_typename(L, idx));
    }
    return PV_NIL;
}

void lib_push_json(lua_State *L, json_t *j, int depth)
{
    luaL_checkstack(L, 8, "data");
    if (depth > 32) {
        lua_pushnil(L);
        return;
    }
    switch (json_typeof(j)) {
    case JSON_OBJECT: {
        lua_createtable(L, 0, (int)json_object_size(j));
        const char *k;
        json_t *v;
        json_object_foreach(j, k, v) {
            lib_push_json(L, v, depth + 1);
            lua_setfield(L, -2, k);
        }
        break;
    }
    case JSON_ARRAY: {
        lua_createtable(L, (int)json_array_size(j), 0);
        size_t i;
        json_t *v;
        json_array_foreach(j, i, v) {
            lib_push_json(L, v, depth + 1);
            lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
        break;
    }
    case JSON_STRING: lua_pushstring(L, json_string_value(j)); break;
    case JSON_INTEGER: lua_pushinteger(L, (lua_Integer)json_integer_value(j)); break;
    case JSON_REAL: lua_pushnumber(L, json_real_value(j)); break;
    case JSON_TRUE: lua_pushboolean(L, 1); break;
    case JSON_FALSE: lua_pushboolean(L, 0); break;
    default: lua_pushnil(L);
    }
}

/* Pushes a frozen Lua copy of json j, cached under key in the registry cache. */
void lib_push_cached_json(lua_State *L, const char *key, json_t *j)
{
    if (lua_getfield(L, LUA_REGISTRYINDEX, "tabula.data") != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, "tabula.data");
    }
    if (lua_getfield(L, -1, key) != LUA_TNIL) {
        lua_remove(L, -2);
        return;
    }
    lua_pop(L, 1);
    /* converting is host work, not the script's: it does not count against the budget */
    Vm *vm = vm_of(L);
    long used = vm->used;
    lib_push_json(L, j, 0);
    sandbox_freeze_deep(L);
    vm->used = used;
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, key);
    lua_remove(L, -2);
}


int lib_prop_get(lua_State *L, Game *g, int ek, int32_t ent, int kidx, const char *fname)
{
    int32_t key = lib_find(L, kidx, fname, "the key");
    vm_charge(L, 1); /* an indexed look-up (prop_index): the same at any number of properties */
    Prop p;
    if (key >= 0 && prop_get(g, ek, ent, key, &p)) lib_push_prop(L, g, &p);
    else lua_pushnil(L);
    return 1;
}

int lib_prop_set(lua_State *L, Game *g, int ek, int32_t ent, int kidx, const char *fname)
{
    int32_t key = lib_intern(L, kidx, fname, "the key");
    vm_charge(L, 1); /* an indexed look-up (prop_index): the same at any number of properties */
    int64_t v = 0;
    int type = lib_read_value(L, g, kidx + 1, fname, &v);
    int32_t sname;
    int scope = lib_scope(L, kidx + 2, fname, &sname, false);
    Err e;
    err_clear(&e);
    if (!prop_set(g, ek, ent, key, type, v, scope, sname, &e)) return lib_fail(L, fname, &e);
    return 0;
}

int lib_prop_add(lua_State *L, Game *g, int ek, int32_t ent, int kidx, const char *fname)
{
    int32_t key = lib_intern(L, kidx, fname, "the key");
    vm_charge(L, 1); /* an indexed look-up (prop_index): the same at any number of properties */
    int whole = 0;
    lua_Integer d = lua_tointegerx(L, kidx + 1, &whole);
    if (!whole || lua_type(L, kidx + 1) != LUA_TNUMBER)
        return luaL_error(L, "%s: the amount to add must be a whole number, not %s", fname,
                          lua_type(L, kidx + 1) == LUA_TNUMBER ? "a fraction" : luaL_typename(L, kidx + 1));
    Prop p;
    int64_t cur = 0;
    int scope = SCOPE_GAME;
    int32_t sname = -1;
    if (prop_get(g, ek, ent, key, &p)) {
        if (p.type != PV_INT)
            return lib_bad_choice(L, fname, "", lua_tostring(L, kidx), "an integer");
        cur = p.v;
        scope = p.scope;
        sname = p.scope_name;
    }
    if (d > (1LL << 40) || d < -(1LL << 40) || cur > (1LL << 60) || cur < -(1LL << 60))
        return luaL_error(L, "%s: value out of range (|value| <= 2^60, |step| <= 2^40)", fname);
    if (!lua_isnoneornil(L, kidx + 2)) scope = lib_scope(L, kidx + 2, fname, &sname, false);
    Err e;
    err_clear(&e);
    if (!prop_set(g, ek, ent, key, PV_INT, cur + d, scope, sname, &e)) return lib_fail(L, fname, &e);
    lua_pushinteger(L, cur + d);
    return 1;
}

int lib_def_arg(lua_State *L, int idx, const char *fname)
{
    const char *id = luaL_checkstring(L, idx);
    int d = world_def(lib_world(L), id);
    if (d < 0) lib_bad_choice(L, fname, "", id, "a card definition of the loaded packs");
    return d;
}

void lib_push_def_info(lua_State *L, int d)
{
    World *w = lib_world(L);
    const CardDef *def = &w->defs[d];
    /* cached per definition: built once per worker, frozen, shared by every game */
    if (lua_getfield(L, LUA_REGISTRYINDEX, "tabula.defs") != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, "tabula.defs");
    }
    if (lua_rawgeti(L, -1, d + 1) != LUA_TNIL) {
        lua_remove(L, -2);
        return;
    }
    lua_pop(L, 1);
    json_t *j = json_pack("{s:s, s:s, s:s, s:s, s:i}", "id", names_str(&w->names, def->id),
                          "kind", names_str(&w->names, def->kind), "name", def->name, "text",
                          def->text, "count", def->count);
    if (j && def->data) json_object_set(j, "data", def->data);
    if (j && def->nplay_in >= 0) {
        json_t *pi = json_array();
        for (int i = 0; i < def->nplay_in; i++) json_array_append_new(pi, json_string(names_str(&w->names, def->play_in[i])));
        json_object_set_new(j, "play_in", pi);
    }
    if (!j) {
        lua_pop(L, 1);
        lua_pushnil(L);
        return;
    }
    Vm *vm = vm_of(L);
    long used = vm->used;
    lib_push_json(L, j, 0);
    sandbox_freeze_deep(L);
    vm->used = used;
    json_decref(j);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, d + 1);
    lua_remove(L, -2);
}

static void reg(lua_State *L, int G, const char *mod, const luaL_Reg *fns)
{
    Vm *vm = vm_of(L);
    lua_newtable(L);
    for (const luaL_Reg *f = fns; f->name; f++) {
        lua_pushcfunction(L, f->func);
        lua_setfield(L, -2, f->name);
        size_t n = strlen(mod) + strlen(f->name) + 2;
        char *name = xmalloc(n);
        if (name) {
            snprintf(name, n, "%s.%s", mod, f->name);
            /* kept for the docs check; freed with the process (a few hundred bytes) */
            lua_pushstring(L, name);
            lua_setfield(L, LUA_REGISTRYINDEX, name);
            lua_getfield(L, LUA_REGISTRYINDEX, name);
            api_name(vm, lua_tostring(L, -1));
            /* function -> name, for the profiler (prof_api) */
            if (lua_getfield(L, LUA_REGISTRYINDEX, "tabula.apinames") != LUA_TTABLE) {
                lua_pop(L, 1);
                lua_newtable(L);
                lua_pushvalue(L, -1);
                lua_setfield(L, LUA_REGISTRYINDEX, "tabula.apinames");
            }
            lua_pushcfunction(L, f->func);
            lua_pushvalue(L, -3);
            lua_rawset(L, -3);
            lua_pop(L, 2);
            xfree(name);
        }
    }
    sandbox_freeze(L);
    lua_setfield(L, G, mod);
}

/* ---------------------------------------------------------------- registration ---- */

void api_open(lua_State *L, int G)
{
    G = lua_absindex(L, G);
    reg(L, G, "game", lib_game_api);
    reg(L, G, "seat", lib_seat_api);
    reg(L, G, "zone", lib_zone_api);
    reg(L, G, "card", lib_card_api);
    reg(L, G, "effect", lib_effect_api);
    reg(L, G, "event", lib_event_api);
    reg(L, G, "window", lib_window_api);
    reg(L, G, "decide", lib_decide_api);
    reg(L, G, "dice", lib_dice_api);
    reg(L, G, "rng", lib_rng_api);
    reg(L, G, "track", lib_track_api);
    reg(L, G, "supply", lib_supply_api);
    reg(L, G, "board", lib_board_api);
}
