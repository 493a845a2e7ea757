/* lib_api.c — the script API: every function Lua may call on the host, registered by
 * module (game, seat, zone, card, effect, event, window, decide, dice, rng, track).
 * Each binding checks every argument before it touches the host and names the bad
 * value and the valid choices; docs/scripting-api.md documents each one (a test
 * fails when one is missing).
 *
 * Conventions seen from Lua: seats are 1..N; zones are small integer ids; cards are
 * handles (opaque integers) checked on every use; a card that left play or the game
 * gives "invalid card handle". */
#include <stdio.h>
#include <string.h>

#include "vmi.h"

/* ---------------------------------------------------------------- helpers --------- */

Game *api_game(lua_State *L)
{
    Vm *vm = vm_of(L);
    vm->api_calls++;
    if (!vm->g) luaL_error(L, "no game is running (the host API works only inside an action)");
    return vm->g;
}

static World *W(lua_State *L)
{
    return vm_of(L)->w;
}

/* Raises "fname: <what> '<value>' is not <choices>", the value cut to 40 bytes (a script
 * may pass a megabyte string; the message must stay small). */
static int bad_choice(lua_State *L, const char *fname, const char *what, const char *value,
                      const char *choices)
{
    char msg[300];
    snprintf(msg, sizeof msg, "%s: %s'%.40s%s' is not %s", fname, what, value,
             strlen(value) > 40 ? "…" : "", choices);
    return luaL_error(L, "%s", msg);
}

static int fail(lua_State *L, const char *fname, const Err *e)
{
    return luaL_error(L, "%s: %s", fname, e->msg);
}

static int32_t check_card(lua_State *L, Game *g, int idx, const char *fname)
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

static int check_seat(lua_State *L, Game *g, int idx, const char *fname)
{
    if (!lua_isinteger(L, idx))
        luaL_error(L, "%s: argument #%d must be a seat number 1..%d, got %s", fname, idx,
                   g->s.h.nseats, lua_isnumber(L, idx) ? "a non-integer" : luaL_typename(L, idx));
    lua_Integer s = lua_tointeger(L, idx);
    if (s < 1 || s > g->s.h.nseats)
        luaL_error(L, "%s: seat %I is not in 1..%d", fname, (LUAI_UACINT)s, g->s.h.nseats);
    return (int)s - 1;
}

static int32_t check_zone(lua_State *L, Game *g, int idx, const char *fname)
{
    if (!lua_isinteger(L, idx))
        luaL_error(L, "%s: argument #%d must be a zone (from zone.get), got %s", fname, idx,
                   luaL_typename(L, idx));
    lua_Integer z = lua_tointeger(L, idx);
    if (z < 1 || z > (lua_Integer)g->s.zones.len)
        luaL_error(L, "%s: %I is not a zone", fname, (LUAI_UACINT)z);
    return (int32_t)z - 1;
}

static int32_t intern_arg(lua_State *L, int idx, const char *fname, const char *what)
{
    if (lua_type(L, idx) != LUA_TSTRING)
        luaL_error(L, "%s: %s must be a string, got %s", fname, what, luaL_typename(L, idx));
    size_t n;
    const char *s = lua_tolstring(L, idx, &n);
    if (n == 0 || n > 100) luaL_error(L, "%s: %s must be 1..100 characters", fname, what);
    Vm *vm = vm_of(L);
    Names *nm = &W(L)->names;
    int32_t id = names_find(nm, s);
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
static int32_t find_arg(lua_State *L, int idx, const char *fname, const char *what)
{
    if (lua_type(L, idx) != LUA_TSTRING)
        luaL_error(L, "%s: %s must be a string, got %s", fname, what, luaL_typename(L, idx));
    size_t n;
    const char *s = lua_tolstring(L, idx, &n);
    if (n == 0 || n > 100) luaL_error(L, "%s: %s must be 1..100 characters", fname, what);
    return names_find(&W(L)->names, s);
}

/* Optional field of the options table at idx. */
static int opt_field(lua_State *L, int idx, const char *key)
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
static int parse_scope(lua_State *L, int idx, const char *fname, int32_t *name, bool effect)
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
    *name = intern_arg(L, idx, fname, "a duration");
    return SCOPE_NAMED;
}

/* Pushes a property value. */
static void push_prop(lua_State *L, Game *g, const Prop *p)
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
static int read_value(lua_State *L, Game *g, int idx, const char *fname, int64_t *v)
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

static void push_json(lua_State *L, json_t *j, int depth)
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
            push_json(L, v, depth + 1);
            lua_setfield(L, -2, k);
        }
        break;
    }
    case JSON_ARRAY: {
        lua_createtable(L, (int)json_array_size(j), 0);
        size_t i;
        json_t *v;
        json_array_foreach(j, i, v) {
            push_json(L, v, depth + 1);
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
static void push_cached_json(lua_State *L, const char *key, json_t *j)
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
    push_json(L, j, 0);
    sandbox_freeze_deep(L);
    vm->used = used;
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, key);
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
            lua_pop(L, 1);
            xfree(name);
        }
    }
    sandbox_freeze(L);
    lua_setfield(L, G, mod);
}

/* ---------------------------------------------------------------- game ------------ */

static int l_game_turn(lua_State *L)
{
    lua_pushinteger(L, api_game(L)->s.h.turn);
    return 1;
}

static int l_game_step(lua_State *L)
{
    Game *g = api_game(L);
    if (g->s.h.step < 0) lua_pushnil(L);
    else lua_pushstring(L, names_str(&g->w->names, g->w->steps[g->s.h.step].name));
    return 1;
}

static int l_game_active(lua_State *L)
{
    lua_pushinteger(L, api_game(L)->s.h.active + 1);
    return 1;
}

static int l_game_set_active(lua_State *L)
{
    Game *g = api_game(L);
    int s = check_seat(L, g, 1, "game.set_active");
    if (g->readonly) return luaL_error(L, "game.set_active: not in a read-only query");
    if (g->s.h.active == s) return 0;
    g->s.h.active = s;
    Err e;
    err_clear(&e);
    if (!event_emit(g, g->w->n_active, s, 0, 0, 0, ~0u, NULL, &e)) return fail(L, "game.set_active", &e);
    return 0;
}

static int l_game_seats(lua_State *L)
{
    lua_pushinteger(L, api_game(L)->s.h.nseats);
    return 1;
}

static int l_game_option(lua_State *L)
{
    Game *g = api_game(L);
    const char *k = luaL_checkstring(L, 1);
    json_t *v = game_option(g, k);
    if (!v) return luaL_error(L, "game.option: no option '%s' is declared by the packs", k);
    push_json(L, v, 0);
    return 1;
}

static int l_game_data(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    json_t *d = world_data(W(L), name);
    if (!d) return luaL_error(L, "game.data: no data file '%s' in the packs", name);
    char key[300];
    snprintf(key, sizeof key, "data:%s", name);
    push_cached_json(L, key, d);
    return 1;
}

static int l_game_win(lua_State *L)
{
    Game *g = api_game(L);
    int32_t role = -1;
    int seat = -1;
    if (lua_type(L, 1) == LUA_TSTRING) role = intern_arg(L, 1, "game.win", "the winner");
    else seat = check_seat(L, g, 1, "game.win");
    const char *reason = luaL_optstring(L, 2, "");
    Err e;
    err_clear(&e);
    if (!game_win(g, role, seat, reason, &e)) return fail(L, "game.win", &e);
    return vm_stop_error(L, STOP_GAMEOVER, "game over");
}

static int l_game_over(lua_State *L)
{
    lua_pushboolean(L, api_game(L)->s.h.over);
    return 1;
}

static int prop_get_common(lua_State *L, Game *g, int ek, int32_t ent, int kidx, const char *fname)
{
    int32_t key = find_arg(L, kidx, fname, "the key");
    vm_charge(L, (long)(g->s.props.len / 8) + 1);
    Prop p;
    if (key >= 0 && prop_get(g, ek, ent, key, &p)) push_prop(L, g, &p);
    else lua_pushnil(L);
    return 1;
}

static int prop_set_common(lua_State *L, Game *g, int ek, int32_t ent, int kidx, const char *fname)
{
    int32_t key = intern_arg(L, kidx, fname, "the key");
    vm_charge(L, (long)(g->s.props.len / 8) + 1);
    int64_t v = 0;
    int type = read_value(L, g, kidx + 1, fname, &v);
    int32_t sname;
    int scope = parse_scope(L, kidx + 2, fname, &sname, false);
    Err e;
    err_clear(&e);
    if (!prop_set(g, ek, ent, key, type, v, scope, sname, &e)) return fail(L, fname, &e);
    return 0;
}

static int prop_add_common(lua_State *L, Game *g, int ek, int32_t ent, int kidx, const char *fname)
{
    int32_t key = intern_arg(L, kidx, fname, "the key");
    vm_charge(L, (long)(g->s.props.len / 8) + 1);
    lua_Integer d = luaL_checkinteger(L, kidx + 1);
    Prop p;
    int64_t cur = 0;
    int scope = SCOPE_GAME;
    int32_t sname = -1;
    if (prop_get(g, ek, ent, key, &p)) {
        if (p.type != PV_INT)
            return bad_choice(L, fname, "", lua_tostring(L, kidx), "an integer");
        cur = p.v;
        scope = p.scope;
        sname = p.scope_name;
    }
    if (d > (1LL << 40) || d < -(1LL << 40) || cur > (1LL << 60) || cur < -(1LL << 60))
        return luaL_error(L, "%s: value out of range (|value| <= 2^60, |step| <= 2^40)", fname);
    if (!lua_isnoneornil(L, kidx + 2)) scope = parse_scope(L, kidx + 2, fname, &sname, false);
    Err e;
    err_clear(&e);
    if (!prop_set(g, ek, ent, key, PV_INT, cur + d, scope, sname, &e)) return fail(L, fname, &e);
    lua_pushinteger(L, cur + d);
    return 1;
}

static int l_game_get(lua_State *L) { return prop_get_common(L, api_game(L), ENT_GAME, 0, 1, "game.get"); }
static int l_game_set(lua_State *L) { return prop_set_common(L, api_game(L), ENT_GAME, 0, 1, "game.set"); }
static int l_game_add(lua_State *L) { return prop_add_common(L, api_game(L), ENT_GAME, 0, 1, "game.add"); }

static int l_game_schedule(lua_State *L)
{
    Game *g = api_game(L);
    Vm *vm = vm_of(L);
    int32_t fn = intern_arg(L, 1, "game.schedule", "the function name");
    int32_t obj = -1;
    int seat = g->act.seat;
    bool defer = false;
    int32_t params = -1;
    if (opt_field(L, 2, "card") != LUA_TNIL) obj = check_card(L, g, lua_gettop(L), "game.schedule");
    else obj = vm->cur_obj;
    lua_pop(L, 1);
    if (opt_field(L, 2, "seat") != LUA_TNIL) seat = check_seat(L, g, lua_gettop(L), "game.schedule");
    lua_pop(L, 1);
    opt_field(L, 2, "defer");
    defer = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (opt_field(L, 2, "params") != LUA_TNIL) {
        int64_t v;
        if (read_value(L, g, lua_gettop(L), "game.schedule", &v) != PV_LIST)
            return luaL_error(L, "game.schedule: params must be a list of integers");
        params = (int32_t)v;
    }
    lua_pop(L, 1);
    Err e;
    err_clear(&e);
    if (!game_schedule(g, obj, fn, params, seat, defer, &e)) return fail(L, "game.schedule", &e);
    return 0;
}

static int l_game_skip(lua_State *L)
{
    Game *g = api_game(L);
    int32_t st = intern_arg(L, 1, "game.skip", "the step name");
    Err e;
    err_clear(&e);
    if (!game_skip_step(g, st, &e)) return fail(L, "game.skip", &e);
    return 0;
}

static int l_game_extra_turn(lua_State *L)
{
    Game *g = api_game(L);
    int s = check_seat(L, g, 1, "game.extra_turn");
    Err e;
    err_clear(&e);
    if (!game_extra_turn(g, s, &e)) return fail(L, "game.extra_turn", &e);
    return 0;
}

static int l_game_end_scope(lua_State *L)
{
    Game *g = api_game(L);
    int32_t n = intern_arg(L, 1, "game.end_scope", "the scope name");
    Err e;
    err_clear(&e);
    if (!scope_end(g, SCOPE_NAMED, n, &e)) return fail(L, "game.end_scope", &e);
    return 0;
}

static int l_game_defs(lua_State *L)
{
    World *w = W(L);
    const char *kind = luaL_optstring(L, 1, NULL);
    int32_t k = kind ? names_find(&w->names, kind) : -1;
    lua_newtable(L);
    int n = 0;
    for (int i = 0; i < w->ndefs; i++) {
        if (w->defs[i].removed || (kind && w->defs[i].kind != k)) continue;
        lua_pushstring(L, names_str(&w->names, w->defs[i].id));
        lua_rawseti(L, -2, ++n);
    }
    return 1;
}

static int def_arg(lua_State *L, int idx, const char *fname)
{
    const char *id = luaL_checkstring(L, idx);
    int d = world_def(W(L), id);
    if (d < 0) bad_choice(L, fname, "", id, "a card definition of the loaded packs");
    return d;
}

static void push_def_info(lua_State *L, int d)
{
    World *w = W(L);
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
    if (!j) {
        lua_pop(L, 1);
        lua_pushnil(L);
        return;
    }
    Vm *vm = vm_of(L);
    long used = vm->used;
    push_json(L, j, 0);
    sandbox_freeze_deep(L);
    vm->used = used;
    json_decref(j);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, d + 1);
    lua_remove(L, -2);
}

static int l_game_def(lua_State *L)
{
    push_def_info(L, def_arg(L, 1, "game.def"));
    return 1;
}

static int l_game_log(lua_State *L)
{
    Game *g = api_game(L);
    const char *t = luaL_checkstring(L, 1);
    int seat = lua_isnoneornil(L, 2) ? -1 : check_seat(L, g, 2, "game.log");
    if (strlen(t) > 1000) return luaL_error(L, "game.log: at most 1000 bytes per line");
    if (g->readonly) return 0; /* a read-only query leaves no trace */
    Vm *vm = vm_of(L);
    vm->print_bytes += (int)strlen(t);
    if (vm->print_bytes > vm->lim.print_cap) return 0;
    game_log(g, seat, t);
    return 0;
}

/* ---------------------------------------------------------------- seat ------------ */

static int l_seat_count(lua_State *L) { return l_game_seats(L); }

static int l_seat_role(lua_State *L)
{
    Game *g = api_game(L);
    int s = check_seat(L, g, 1, "seat.role");
    int32_t r = S_SEAT(&g->s, s).role;
    if (r < 0) lua_pushnil(L);
    else lua_pushstring(L, names_str(&g->w->names, r));
    return 1;
}

static int l_seat_team(lua_State *L)
{
    Game *g = api_game(L);
    int s = check_seat(L, g, 1, "seat.team");
    int32_t r = S_SEAT(&g->s, s).team;
    if (r < 0) lua_pushnil(L);
    else lua_pushstring(L, names_str(&g->w->names, r));
    return 1;
}

static int l_seat_set_role(lua_State *L)
{
    Game *g = api_game(L);
    int s = check_seat(L, g, 1, "seat.set_role");
    int32_t r = intern_arg(L, 2, "seat.set_role", "the role");
    int32_t t = lua_isnoneornil(L, 3) ? r : intern_arg(L, 3, "seat.set_role", "the team");
    Err e;
    err_clear(&e);
    if (!seat_set_role(g, s, r, t, &e)) return fail(L, "seat.set_role", &e);
    return 0;
}

static int l_seat_with_role(lua_State *L)
{
    Game *g = api_game(L);
    const char *role = luaL_checkstring(L, 1);
    int32_t r = names_find(&g->w->names, role);
    lua_newtable(L);
    int n = 0;
    for (int s = 0; s < g->s.h.nseats; s++)
        if (r >= 0 && S_SEAT(&g->s, s).role == r) {
            lua_pushinteger(L, s + 1);
            lua_rawseti(L, -2, ++n);
        }
    return 1;
}

static int l_seat_get(lua_State *L)
{
    Game *g = api_game(L);
    int s = check_seat(L, g, 1, "seat.get");
    return prop_get_common(L, g, ENT_SEAT, s, 2, "seat.get");
}

static int l_seat_set(lua_State *L)
{
    Game *g = api_game(L);
    int s = check_seat(L, g, 1, "seat.set");
    return prop_set_common(L, g, ENT_SEAT, s, 2, "seat.set");
}

static int l_seat_add(lua_State *L)
{
    Game *g = api_game(L);
    int s = check_seat(L, g, 1, "seat.add");
    return prop_add_common(L, g, ENT_SEAT, s, 2, "seat.add");
}

/* ---------------------------------------------------------------- zone ------------ */

static int l_zone_new(lua_State *L)
{
    Game *g = api_game(L);
    int32_t name = intern_arg(L, 1, "zone.new", "the zone name");
    int owner = -1, vis = VIS_PUBLIC, flags = 0;
    if (opt_field(L, 2, "owner") != LUA_TNIL) owner = check_seat(L, g, lua_gettop(L), "zone.new");
    lua_pop(L, 1);
    if (opt_field(L, 2, "visibility") != LUA_TNIL) {
        const char *v = lua_tostring(L, -1);
        if (!v) return luaL_error(L, "zone.new: visibility must be \"public\", \"owner\" or \"hidden\"");
        if (strcmp(v, "public") == 0) vis = VIS_PUBLIC;
        else if (strcmp(v, "owner") == 0) vis = VIS_OWNER;
        else if (strcmp(v, "hidden") == 0) vis = VIS_HIDDEN;
        else return bad_choice(L, "zone.new", "visibility ", v, "\"public\", \"owner\" or \"hidden\"");
    }
    lua_pop(L, 1);
    opt_field(L, 2, "in_play");
    if (lua_toboolean(L, -1)) flags |= ZONE_IN_PLAY;
    lua_pop(L, 1);
    Err e;
    err_clear(&e);
    int32_t z = zone_new(g, name, owner, vis, flags, &e);
    if (z < 0) return fail(L, "zone.new", &e);
    lua_pushinteger(L, z + 1);
    return 1;
}

static int zone_lookup(lua_State *L, bool must)
{
    Game *g = api_game(L);
    const char *fname = must ? "zone.get" : "zone.find";
    const char *name = luaL_checkstring(L, 1);
    int owner = lua_isnoneornil(L, 2) ? -1 : check_seat(L, g, 2, fname);
    int32_t n = names_find(&g->w->names, name);
    int32_t z = n < 0 ? -1 : zone_find(g, n, owner);
    if (z < 0) {
        if (!must) return 0;
        if (owner < 0) return luaL_error(L, "zone.get: no game zone '%s' (a seat's zone needs the seat)", name);
        return luaL_error(L, "zone.get: seat %d has no zone '%s'", owner + 1, name);
    }
    lua_pushinteger(L, z + 1);
    return 1;
}

static int l_zone_get(lua_State *L) { return zone_lookup(L, true); }
static int l_zone_find(lua_State *L) { return zone_lookup(L, false); }

static int l_zone_cards(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = check_zone(L, g, 1, "zone.cards");
    const Zone *zz = &S_ZONE(&g->s, z);
    vm_charge(L, zz->count + 1);
    lua_createtable(L, zz->count, 0);
    int i = 0;
    for (int32_t o = zz->head; o >= 0; o = S_OBJ(&g->s, o).next) {
        lua_pushinteger(L, obj_handle(g, o));
        lua_rawseti(L, -2, ++i);
    }
    return 1;
}

static int l_zone_count(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = check_zone(L, g, 1, "zone.count");
    lua_pushinteger(L, S_ZONE(&g->s, z).count);
    return 1;
}

static int l_zone_at(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = check_zone(L, g, 1, "zone.at");
    lua_Integer i = luaL_optinteger(L, 2, 1);
    if (i < -100000 || i > 100000 || i == 0) return luaL_error(L, "zone.at: position must be 1..n or -1..-n");
    int32_t o = zone_at(g, z, (int)(i > 0 ? i - 1 : i));
    if (o < 0) return 0;
    lua_pushinteger(L, obj_handle(g, o));
    return 1;
}

static int l_zone_shuffle(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = check_zone(L, g, 1, "zone.shuffle");
    Err e;
    err_clear(&e);
    if (!zone_shuffle(g, z, &e)) return fail(L, "zone.shuffle", &e);
    return 0;
}

/* zone.set_visibility(z, vis, hide_from): vis "public"/"owner"/"hidden" or nil to keep
 * it; hide_from a list of seats from whom the cards are hidden anyway ({} or nil: none). */
static int l_zone_set_visibility(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = check_zone(L, g, 1, "zone.set_visibility");
    int vis = -1;
    if (!lua_isnoneornil(L, 2)) {
        const char *v = luaL_checkstring(L, 2);
        if (strcmp(v, "public") == 0) vis = VIS_PUBLIC;
        else if (strcmp(v, "owner") == 0) vis = VIS_OWNER;
        else if (strcmp(v, "hidden") == 0) vis = VIS_HIDDEN;
        else return bad_choice(L, "zone.set_visibility", "", v, "\"public\", \"owner\" or \"hidden\"");
    }
    uint32_t hide = 0;
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        lua_Integer n = luaL_len(L, 3);
        for (lua_Integer i = 1; i <= n && i <= MAX_SEATS; i++) {
            lua_geti(L, 3, i);
            hide |= 1u << check_seat(L, g, lua_gettop(L), "zone.set_visibility");
            lua_pop(L, 1);
        }
    }
    Err e;
    err_clear(&e);
    if (!zone_set_visibility(g, z, vis, hide, &e)) return fail(L, "zone.set_visibility", &e);
    return 0;
}

static int l_zone_name(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = check_zone(L, g, 1, "zone.name");
    lua_pushstring(L, names_str(&g->w->names, S_ZONE(&g->s, z).name));
    return 1;
}

static int l_zone_owner(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = check_zone(L, g, 1, "zone.owner");
    int o = S_ZONE(&g->s, z).owner;
    if (o < 0) return 0;
    lua_pushinteger(L, o + 1);
    return 1;
}

static int l_zone_search(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = check_zone(L, g, 1, "zone.search");
    int32_t id = -1, kind = -1;
    if (!lua_isnoneornil(L, 2)) {
        int d = def_arg(L, 2, "zone.search");
        id = g->w->defs[d].id;
    }
    vm_charge(L, S_ZONE(&g->s, z).count + 1);
    bool by_kind = !lua_isnoneornil(L, 3);
    if (by_kind) kind = names_find(&g->w->names, luaL_checkstring(L, 3));
    lua_newtable(L);
    int n = 0;
    for (int32_t o = S_ZONE(&g->s, z).head; o >= 0; o = S_OBJ(&g->s, o).next) {
        const CardDef *d = &g->w->defs[S_OBJ(&g->s, o).def];
        if (id >= 0 && d->id != id) continue;
        if (by_kind && d->kind != kind) continue;
        lua_pushinteger(L, obj_handle(g, o));
        lua_rawseti(L, -2, ++n);
    }
    return 1;
}

static int move_common(lua_State *L, Game *g, int32_t o, int32_t z, int pos, int face, const char *fname)
{
    Err e;
    err_clear(&e);
    if (!obj_move(g, o, z, pos, face, &e)) return fail(L, fname, &e);
    lua_pushinteger(L, obj_handle(g, o));
    return 1;
}

static int l_zone_draw(lua_State *L)
{
    Game *g = api_game(L);
    int32_t from = check_zone(L, g, 1, "zone.draw");
    int32_t to = check_zone(L, g, 2, "zone.draw");
    lua_Integer n = luaL_optinteger(L, 3, 1);
    if (n < 0 || n > 10000) return luaL_error(L, "zone.draw: count %I is not in 0..10000", (LUAI_UACINT)n);
    lua_newtable(L);
    for (lua_Integer i = 1; i <= n; i++) {
        int32_t o = S_ZONE(&g->s, from).head;
        if (o < 0) break;
        move_common(L, g, o, to, -1, 0, "zone.draw");
        lua_rawseti(L, -2, i);
    }
    return 1;
}

static int l_zone_peek(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = check_zone(L, g, 1, "zone.peek");
    lua_Integer n = luaL_checkinteger(L, 2);
    int seat = check_seat(L, g, 3, "zone.peek");
    if (g->readonly) return luaL_error(L, "zone.peek: not in a read-only query");
    lua_newtable(L);
    int i = 0;
    for (int32_t o = S_ZONE(&g->s, z).head; o >= 0 && i < n; o = S_OBJ(&g->s, o).next) {
        S_OBJ(&g->s, o).known |= 1u << seat;
        lua_pushinteger(L, obj_handle(g, o));
        lua_rawseti(L, -2, ++i);
    }
    return 1;
}

/* ---------------------------------------------------------------- card ------------ */

static int l_card_new(lua_State *L)
{
    Game *g = api_game(L);
    int d = def_arg(L, 1, "card.new");
    int32_t z = check_zone(L, g, 2, "card.new");
    int owner = lua_isnoneornil(L, 3) ? S_ZONE(&g->s, z).owner : check_seat(L, g, 3, "card.new");
    Err e;
    err_clear(&e);
    int32_t o = obj_new(g, d, z, owner, &e);
    if (o < 0) return fail(L, "card.new", &e);
    lua_pushinteger(L, obj_handle(g, o));
    return 1;
}

static int l_card_move(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.move");
    int32_t z = check_zone(L, g, 2, "card.move");
    int pos = -1, face = -1;
    if (opt_field(L, 3, "pos") != LUA_TNIL) {
        if (lua_type(L, -1) == LUA_TSTRING) {
            const char *p = lua_tostring(L, -1);
            if (strcmp(p, "top") == 0) pos = 0;
            else if (strcmp(p, "bottom") == 0) pos = -1;
            else return bad_choice(L, "card.move", "pos ", p, "\"top\", \"bottom\" or a number");
        } else if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 && lua_tointeger(L, -1) <= 100000) {
            pos = (int)lua_tointeger(L, -1) - 1;
        } else {
            return luaL_error(L, "card.move: pos must be \"top\", \"bottom\" or 1..n");
        }
    }
    lua_pop(L, 1);
    if (opt_field(L, 3, "face") != LUA_TNIL) {
        const char *f = lua_tostring(L, -1);
        if (f && strcmp(f, "up") == 0) face = 0;
        else if (f && strcmp(f, "down") == 0) face = 1;
        else return luaL_error(L, "card.move: face must be \"up\" or \"down\"");
    }
    lua_pop(L, 1);
    return move_common(L, g, o, z, pos, face, "card.move");
}

static int l_card_destroy(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.destroy");
    Err e;
    err_clear(&e);
    if (!obj_destroy(g, o, &e)) return fail(L, "card.destroy", &e);
    return 0;
}

static int l_card_valid(lua_State *L)
{
    Game *g = api_game(L);
    lua_pushboolean(L, lua_isinteger(L, 1) && obj_from_handle(g, lua_tointeger(L, 1)) >= 0);
    return 1;
}

static int l_card_id(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.id");
    lua_pushstring(L, names_str(&g->w->names, g->w->defs[S_OBJ(&g->s, o).def].id));
    return 1;
}

static int l_card_is(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.is");
    const char *id = luaL_checkstring(L, 2);
    lua_pushboolean(L, strcmp(names_str(&g->w->names, g->w->defs[S_OBJ(&g->s, o).def].id), id) == 0);
    return 1;
}

static int l_card_name(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.name");
    lua_pushstring(L, g->w->defs[S_OBJ(&g->s, o).def].name);
    return 1;
}

static int l_card_kind(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.kind");
    lua_pushstring(L, names_str(&g->w->names, g->w->defs[S_OBJ(&g->s, o).def].kind));
    return 1;
}

static int l_card_info(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.info");
    push_def_info(L, S_OBJ(&g->s, o).def);
    return 1;
}

static int l_card_owner(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.owner");
    int s = S_OBJ(&g->s, o).owner;
    if (s < 0) return 0;
    lua_pushinteger(L, s + 1);
    return 1;
}

static int l_card_set_owner(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.set_owner");
    int s = check_seat(L, g, 2, "card.set_owner");
    Err e;
    err_clear(&e);
    if (!obj_set_owner(g, o, s, &e)) return fail(L, "card.set_owner", &e);
    return 0;
}

static int l_card_controller(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.controller");
    int s = S_OBJ(&g->s, o).controller;
    if (s < 0) return 0;
    lua_pushinteger(L, s + 1);
    return 1;
}

static int l_card_set_controller(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.set_controller");
    int s = check_seat(L, g, 2, "card.set_controller");
    if (g->readonly) return luaL_error(L, "card.set_controller: not in a read-only query");
    if (S_OBJ(&g->s, o).controller == s) return 0;
    S_OBJ(&g->s, o).controller = (int8_t)s;
    Err e;
    err_clear(&e);
    if (!event_emit(g, g->w->n_control, o, s, 0, S_OBJ(&g->s, o).def, ~0u, NULL, &e))
        return fail(L, "card.set_controller", &e);
    return 0;
}

static int l_card_zone(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.zone");
    int32_t z = S_OBJ(&g->s, o).zone;
    if (z < 0) return 0;
    lua_pushinteger(L, z + 1);
    return 1;
}

static int l_card_flip(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.flip");
    const char *f = luaL_checkstring(L, 2);
    if (strcmp(f, "up") != 0 && strcmp(f, "down") != 0)
        return luaL_error(L, "card.flip: face must be \"up\" or \"down\"");
    if (g->readonly) return luaL_error(L, "card.flip: not in a read-only query");
    Obj *ob = &S_OBJ(&g->s, o);
    if (ob->face_down == (f[0] == 'd')) return 0;
    ob->face_down = f[0] == 'd';
    if (ob->face_down) ob->known = ob->owner >= 0 ? 1u << ob->owner : 0;
    /* the identity goes to those who see the card now (turned up: everyone who sees its
     * zone; turned down: only who still knows it) */
    uint32_t mask = 0;
    for (int s = 0; s < g->s.h.nseats; s++)
        if (obj_visible(g, o, s)) mask |= 1u << s;
    if (obj_visible(g, o, -1)) mask |= 1u << 31;
    Err e;
    err_clear(&e);
    if (!event_emit(g, g->w->n_flip, o, ob->face_down, 0, ob->def, mask, NULL, &e)) return fail(L, "card.flip", &e);
    return 0;
}

static int l_card_face_down(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.face_down");
    lua_pushboolean(L, S_OBJ(&g->s, o).face_down);
    return 1;
}

static int tap_common(lua_State *L, int v, const char *fname)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, fname);
    if (g->readonly) return luaL_error(L, "%s: not in a read-only query", fname);
    if (S_OBJ(&g->s, o).tapped == v) return 0;
    S_OBJ(&g->s, o).tapped = (uint8_t)v;
    Err e;
    err_clear(&e);
    if (!event_emit(g, g->w->n_tap, o, v, 0, S_OBJ(&g->s, o).def, ~0u, NULL, &e)) return fail(L, fname, &e);
    return 0;
}

static int l_card_tap(lua_State *L) { return tap_common(L, 1, "card.tap"); }
static int l_card_untap(lua_State *L) { return tap_common(L, 0, "card.untap"); }

static int l_card_tapped(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.tapped");
    lua_pushboolean(L, S_OBJ(&g->s, o).tapped);
    return 1;
}

static int l_card_get(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.get");
    return prop_get_common(L, g, ENT_OBJ, o, 2, "card.get");
}

static int l_card_set(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.set");
    return prop_set_common(L, g, ENT_OBJ, o, 2, "card.set");
}

static int l_card_add(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.add");
    return prop_add_common(L, g, ENT_OBJ, o, 2, "card.add");
}

static int l_card_reveal(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.reveal");
    if (g->readonly) return luaL_error(L, "card.reveal: not in a read-only query");
    uint32_t mask = 0;
    if (lua_isnoneornil(L, 2)) {
        mask = (1u << g->s.h.nseats) - 1;
    } else if (lua_istable(L, 2)) {
        lua_Integer n = luaL_len(L, 2);
        for (lua_Integer i = 1; i <= n && i <= MAX_SEATS; i++) {
            lua_geti(L, 2, i);
            mask |= 1u << check_seat(L, g, lua_gettop(L), "card.reveal");
            lua_pop(L, 1);
        }
    } else {
        mask = 1u << check_seat(L, g, 2, "card.reveal");
    }
    S_OBJ(&g->s, o).known |= mask;
    Err e;
    err_clear(&e);
    event_emit(g, g->w->n_reveal, o, (int32_t)mask, 0, S_OBJ(&g->s, o).def,
               mask, NULL, &e);
    return 0;
}

static int l_card_visible(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.visible");
    int s = check_seat(L, g, 2, "card.visible");
    lua_pushboolean(L, obj_visible(g, o, s));
    return 1;
}

static int l_card_attach(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.attach");
    int32_t t = check_card(L, g, 2, "card.attach");
    Err e;
    err_clear(&e);
    if (!obj_attach(g, o, t, &e)) return fail(L, "card.attach", &e);
    lua_pushinteger(L, obj_handle(g, o));
    return 1;
}

static int l_card_attached(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = check_card(L, g, 1, "card.attached");
    vm_charge(L, (long)(g->s.objs.len / 8) + 1);
    lua_newtable(L);
    int n = 0;
    for (uint32_t i = 0; i < g->s.objs.len; i++)
        if (S_OBJ(&g->s, i).alive && S_OBJ(&g->s, i).attached == o) {
            lua_pushinteger(L, obj_handle(g, (int32_t)i));
            lua_rawseti(L, -2, ++n);
        }
    return 1;
}

static int call_k(lua_State *L, int status, lua_KContext prev)
{
    Vm *vm = vm_of(L);
    /* prev packs the caller's card definition and object: the current card goes back
     * to the caller's whether the called function returned or raised */
    vm->cur_def = (int)((prev >> 32) & 0xffffffff) - 1;
    vm->cur_obj = (int32_t)(prev & 0xffffffff) - 1;
    if (status != LUA_OK && status != LUA_YIELD) return lua_error(L);
    return lua_gettop(L) - 3;
}

/* card.call(c, fn, extra): runs function fn of c's script now, with ctx = extra plus
 * card and seat (the controller unless extra.seat says otherwise). Questions it asks
 * suspend the whole action as usual. */
static int l_card_call(lua_State *L)
{
    Game *g = api_game(L);
    Vm *vm = vm_of(L);
    int32_t o = check_card(L, g, 1, "card.call");
    const char *fn = luaL_checkstring(L, 2);
    if (!lua_isnoneornil(L, 3)) luaL_checktype(L, 3, LUA_TTABLE);
    lua_settop(L, 3);
    const CardDef *d = &g->w->defs[S_OBJ(&g->s, o).def];
    if (!d->script_ref) return luaL_error(L, "card.call: card '%s' has no script", d->name);
    lua_rawgeti(L, LUA_REGISTRYINDEX, d->script_ref);
    if (vm_rawfield(L, -1, fn) != LUA_TFUNCTION)
        return luaL_error(L, "card.call: card '%s' has no function '%s'", d->name, fn);
    lua_remove(L, -2);
    lua_createtable(L, 0, 4);
    if (lua_istable(L, 3)) {
        int src = 3;
        if (sandbox_proxy_target(L, 3)) src = lua_gettop(L);
        lua_pushnil(L);
        while (lua_next(L, src)) {
            if (lua_type(L, -2) == LUA_TSTRING) {
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_rawset(L, src == 3 ? -4 : -5);
            } else {
                lua_pop(L, 1);
            }
        }
        if (src != 3) lua_pop(L, 1);
    }
    lua_pushinteger(L, obj_handle(g, o));
    lua_setfield(L, -2, "card");
    if (lua_getfield(L, -1, "seat") == LUA_TNIL && S_OBJ(&g->s, o).controller >= 0) {
        lua_pushinteger(L, S_OBJ(&g->s, o).controller + 1);
        lua_setfield(L, -3, "seat");
    }
    lua_pop(L, 1);
    lua_pushinteger(L, g->s.h.turn);
    lua_setfield(L, -2, "turn");
    lua_KContext prev = (lua_KContext)(((int64_t)(vm->cur_def + 1) << 32) | (uint32_t)(vm->cur_obj + 1));
    vm->cur_def = S_OBJ(&g->s, o).def;
    vm->cur_obj = o;
    lua_callk(L, 1, LUA_MULTRET, prev, call_k);
    return call_k(L, LUA_OK, prev);
}

/* ---------------------------------------------------------------- effect, event --- */

static int l_effect_on(lua_State *L)
{
    Game *g = api_game(L);
    Vm *vm = vm_of(L);
    int32_t ev = intern_arg(L, 1, "effect.on", "the event kind");
    int32_t handler = intern_arg(L, 2, "effect.on", "the handler name");
    int32_t obj = -1, params = -1, sname = -1;
    int scope = SCOPE_GAME, flags = 0;
    if (opt_field(L, 3, "card") != LUA_TNIL) obj = check_card(L, g, lua_gettop(L), "effect.on");
    else obj = vm->cur_obj;
    lua_pop(L, 1);
    if (obj < 0) return luaL_error(L, "effect.on: needs a source card (run from a card, or pass {card = c})");
    opt_field(L, 3, "until");
    scope = parse_scope(L, lua_gettop(L), "effect.on", &sname, true);
    lua_pop(L, 1);
    opt_field(L, 3, "once");
    if (lua_toboolean(L, -1)) flags |= EFFECT_ONCE;
    lua_pop(L, 1);
    if (opt_field(L, 3, "params") != LUA_TNIL) {
        int64_t v;
        if (read_value(L, g, lua_gettop(L), "effect.on", &v) != PV_LIST)
            return luaL_error(L, "effect.on: params must be a list of integers");
        params = (int32_t)v;
    }
    lua_pop(L, 1);
    /* the handler must exist in the card's script now, not fail later */
    const CardDef *d = &g->w->defs[S_OBJ(&g->s, obj).def];
    if (!d->script_ref) return luaL_error(L, "effect.on: card '%s' has no script", d->name);
    lua_rawgeti(L, LUA_REGISTRYINDEX, d->script_ref);
    int t = vm_rawfield(L, -1, lua_tostring(L, 2));
    lua_pop(L, 2);
    if (t != LUA_TFUNCTION)
        return luaL_error(L, "effect.on: card '%s' has no function '%s'", d->name, lua_tostring(L, 2));
    Err e;
    err_clear(&e);
    int32_t id = effect_add(g, obj, handler, ev, params, scope, sname, flags, &e);
    if (id < 0) return fail(L, "effect.on", &e);
    lua_pushinteger(L, id);
    return 1;
}

static int l_effect_remove(lua_State *L)
{
    Game *g = api_game(L);
    lua_Integer id = luaL_checkinteger(L, 1);
    if (g->readonly) return luaL_error(L, "effect.remove: not in a read-only query");
    lua_pushboolean(L, id > 0 && id < INT32_MAX && effect_remove(g, (int32_t)id));
    return 1;
}

static int l_event_emit(lua_State *L)
{
    Game *g = api_game(L);
    int32_t kind = intern_arg(L, 1, "event.emit", "the event kind");
    if (g->readonly) return luaL_error(L, "event.emit: not in a read-only query");
    int32_t a = 0, b = 0, params = -1;
    if (opt_field(L, 2, "a") != LUA_TNIL) a = (int32_t)luaL_checkinteger(L, -1);
    lua_pop(L, 1);
    if (opt_field(L, 2, "b") != LUA_TNIL) b = (int32_t)luaL_checkinteger(L, -1);
    lua_pop(L, 1);
    if (opt_field(L, 2, "params") != LUA_TNIL) {
        int64_t v;
        if (read_value(L, g, lua_gettop(L), "event.emit", &v) != PV_LIST)
            return luaL_error(L, "event.emit: params must be a list of integers");
        params = (int32_t)v;
    }
    lua_pop(L, 1);
    const char *text = NULL;
    if (opt_field(L, 2, "text") != LUA_TNIL) {
        text = luaL_checkstring(L, -1);
        if (strlen(text) > 1000) return luaL_error(L, "event.emit: text is at most 1000 bytes");
        Vm *vm = vm_of(L);
        vm->print_bytes += (int)strlen(text);
        if (vm->print_bytes > vm->lim.print_cap)
            return luaL_error(L, "event.emit: more than %d bytes of log text in one action", vm->lim.print_cap);
    }
    Err e;
    err_clear(&e);
    World *w = g->w;
    if (kind == w->n_move || kind == w->n_set || kind == w->n_step || kind == w->n_turn ||
        kind == w->n_dice || kind == w->n_win || kind == w->n_play || kind == w->n_print ||
        kind == w->n_shuffle || kind == w->n_attach || kind == w->n_destroy ||
        kind == w->n_track || kind == w->n_flip || kind == w->n_reveal || kind == w->n_create ||
        kind == w->n_tap || kind == w->n_control || kind == w->n_reroll || kind == w->n_visibility ||
        kind == w->n_owner || kind == w->n_modify || kind == w->n_active || kind == w->n_role ||
        kind == w->n_zone || kind == w->n_effect || kind == w->n_extra)
        return luaL_error(L, "event.emit: '%s' is a built-in event kind; give your event its own name",
                          lua_tostring(L, 1));
    if (!event_emit(g, kind, a, b, params, params >= 0 ? 1 : 0, ~0u, text, &e)) return fail(L, "event.emit", &e);
    lua_pop(L, 1);
    return 0;
}

static int l_window_open(lua_State *L)
{
    Game *g = api_game(L);
    int32_t kind = intern_arg(L, 1, "window.open", "the window kind");
    Err e;
    err_clear(&e);
    if (!window_open(g, kind, &e)) return fail(L, "window.open", &e);
    return 0;
}

/* ---------------------------------------------------------------- decide ---------- */

static int ask_finish(lua_State *L, const int32_t *ids, int n, int max)
{
    lua_Integer nopt = (lua_Integer)lua_rawlen(L, 2);
    for (int i = 0; i < n; i++)
        if (ids[i] < 1 || ids[i] > nopt)
            return luaL_error(L, "decide: a recorded answer (%d) does not fit this question "
                                 "any more (content changed since the game was saved?)", ids[i]);
    if (max == 1) {
        if (n == 0) return 0;
        lua_rawgeti(L, 2, ids[0]);
        return 1;
    }
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, 2, ids[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int ask_k(lua_State *L, int status, lua_KContext kctx)
{
    (void)status;
    Game *g = api_game(L);
    int n;
    const int32_t *ids = game_replay_answer(g, &n);
    if (!ids) return luaL_error(L, "internal: resumed without an answer");
    return ask_finish(L, ids, n, (int)kctx);
}

static int l_decide_choose(lua_State *L)
{
    Game *g = api_game(L);
    int seat = check_seat(L, g, 1, "decide.choose");
    luaL_checktype(L, 2, LUA_TTABLE);
    if (g->readonly) return luaL_error(L, "decide.choose: cannot ask in a read-only query");
    if (g->act.kind == ACT_CHUNK)
        return luaL_error(L, "decide.choose: a designer chunk cannot ask a player (ask from a card or the rules)");
    if (!lua_isyieldable(L))
        return luaL_error(L, "decide.choose: cannot ask a player here (inside a callback "
                             "made by a library function, such as a table.sort comparator or "
                             "a string.gsub replacement function)");
    if (sandbox_proxy_target(L, 2)) lua_replace(L, 2);
    lua_Integer n = (lua_Integer)lua_rawlen(L, 2);
    if (n > 1000) return luaL_error(L, "decide.choose: at most 1000 options");
    lua_Integer min = 1, max = 1;
    const char *prompt = "choose";
    int32_t tag = -1;
    if (opt_field(L, 3, "min") != LUA_TNIL) min = luaL_checkinteger(L, -1);
    lua_pop(L, 1);
    bool want_list = min > 1;
    if (opt_field(L, 3, "max") != LUA_TNIL) {
        max = luaL_checkinteger(L, -1);
        want_list = true;
    } else if (min > 1) {
        max = min;
    }
    lua_pop(L, 1);
    char pbuf[256];
    if (opt_field(L, 3, "prompt") != LUA_TNIL) {
        snprintf(pbuf, sizeof pbuf, "%s", luaL_checkstring(L, -1)); /* at most 255 bytes */
        prompt = pbuf;
    }
    lua_pop(L, 1);
    if (opt_field(L, 3, "tag") != LUA_TNIL) tag = intern_arg(L, lua_gettop(L), "decide.choose", "the tag");
    lua_pop(L, 1);
    if (min < 0 || max < 1 || min > max)
        return luaL_error(L, "decide.choose: need 0 <= min <= max and max >= 1 (got min %d, max %d)", (int)min, (int)max);
    if (max > n) max = n;
    if (min > n) return luaL_error(L, "decide.choose: %d option(s) but at least %d must be chosen", (int)n, (int)min);
    int kmax = want_list ? 2 : 1;
    if (n == 0) {
        if (kmax == 1) return 0;
        lua_newtable(L);
        return 1;
    }
    lua_settop(L, 2);
    int rn;
    const int32_t *ids = game_replay_answer(g, &rn);
    if (ids) return ask_finish(L, ids, rn, kmax);
    Err e;
    err_clear(&e);
    if (!decision_begin(g, seat, DEC_CHOOSE, prompt, (int)min, (int)max, tag, &e))
        return fail(L, "decide.choose", &e);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, 2, i);
        char label[200];
        const char *lbl = label;
        int vtype = OPT_INDEX;
        int64_t val = i;
        int32_t o;
        if (lua_isinteger(L, -1) && (o = obj_from_handle(g, lua_tointeger(L, -1))) >= 0) {
            vtype = OPT_OBJ;
            val = o;
            if (obj_visible(g, o, seat)) {
                lbl = g->w->defs[S_OBJ(&g->s, o).def].name;
            } else {
                snprintf(label, sizeof label, "hidden card %d", (int)i);
            }
        } else if (lua_type(L, -1) == LUA_TSTRING) {
            vtype = OPT_STR;
            snprintf(label, sizeof label, "%s", lua_tostring(L, -1)); /* labels: 199 bytes at most */
        } else if (lua_istable(L, -1) && lua_getfield(L, -1, "label") == LUA_TSTRING) {
            snprintf(label, sizeof label, "%s", lua_tostring(L, -1));
            lua_pop(L, 1);
        } else {
            if (lua_istable(L, -1)) lua_pop(L, 1);
            if (lua_isinteger(L, -1)) snprintf(label, sizeof label, "%lld", (long long)lua_tointeger(L, -1));
            else snprintf(label, sizeof label, "option %d", (int)i);
        }
        if (!decision_option(g, (int32_t)i, lbl, vtype, val, &e)) return fail(L, "decide.choose", &e);
        lua_pop(L, 1);
    }
    return lua_yieldk(L, 0, (lua_KContext)kmax, ask_k);
}

/* ---------------------------------------------------------------- dice, rng ------- */

static int32_t check_pool(lua_State *L, Game *g, int idx, const char *fname, int *count)
{
    *count = 0;
    lua_Integer p = luaL_checkinteger(L, idx);
    if (p < 1 || p > INT32_MAX || !dice_get(g, (int32_t)p, 0, count))
        luaL_error(L, "%s: %I is not a dice pool (from dice.roll)", fname, (LUAI_UACINT)p);
    return (int32_t)p;
}

static int l_dice_roll(lua_State *L)
{
    Game *g = api_game(L);
    lua_Integer n = luaL_checkinteger(L, 1), f = luaL_optinteger(L, 2, 6);
    if (n < 1 || n > 100) return luaL_error(L, "dice.roll: number of dice %I is not in 1..100", (LUAI_UACINT)n);
    if (f < 2 || f > 1000) return luaL_error(L, "dice.roll: faces %I is not in 2..1000", (LUAI_UACINT)f);
    Err e;
    err_clear(&e);
    int32_t p = dice_roll(g, (int)n, (int)f, &e);
    if (p < 0) return fail(L, "dice.roll", &e);
    lua_pushinteger(L, p);
    return 1;
}

static int dice_list(lua_State *L, bool natural)
{
    Game *g = api_game(L);
    int count;
    int32_t p = check_pool(L, g, 1, natural ? "dice.natural" : "dice.values", &count);
    lua_createtable(L, count, 0);
    for (int i = 0; i < count; i++) {
        const Die *d = dice_get(g, p, i, NULL);
        lua_pushinteger(L, natural ? d->natural : d->value);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int l_dice_values(lua_State *L) { return dice_list(L, false); }
static int l_dice_natural(lua_State *L) { return dice_list(L, true); }

static int l_dice_total(lua_State *L)
{
    Game *g = api_game(L);
    int count;
    int32_t p = check_pool(L, g, 1, "dice.total", &count);
    lua_Integer t = 0;
    for (int i = 0; i < count; i++) t += dice_get(g, p, i, NULL)->value;
    lua_pushinteger(L, t);
    return 1;
}

static int l_dice_reroll(lua_State *L)
{
    Game *g = api_game(L);
    int count;
    int32_t p = check_pool(L, g, 1, "dice.reroll", &count);
    Err e;
    err_clear(&e);
    if (lua_isnoneornil(L, 2)) {
        for (int i = 0; i < count; i++)
            if (!dice_reroll(g, p, i, &e)) return fail(L, "dice.reroll", &e);
        return 0;
    }
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer n = luaL_len(L, 2);
    for (lua_Integer i = 1; i <= n && i <= 100; i++) {
        lua_geti(L, 2, i);
        lua_Integer k = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 0;
        lua_pop(L, 1);
        if (k < 1 || k > count) return luaL_error(L, "dice.reroll: die %I is not in 1..%d", (LUAI_UACINT)k, count);
        if (!dice_reroll(g, p, (int)k - 1, &e)) return fail(L, "dice.reroll", &e);
    }
    return 0;
}

static int l_dice_modify(lua_State *L)
{
    Game *g = api_game(L);
    int count;
    int32_t p = check_pool(L, g, 1, "dice.modify", &count);
    lua_Integer k = luaL_checkinteger(L, 2), d = luaL_checkinteger(L, 3);
    if (k < 1 || k > count) return luaL_error(L, "dice.modify: die %I is not in 1..%d", (LUAI_UACINT)k, count);
    if (d < -100000 || d > 100000) return luaL_error(L, "dice.modify: delta out of range");
    Err e;
    err_clear(&e);
    if (!dice_modify(g, p, (int)k - 1, (int)d, &e)) return fail(L, "dice.modify", &e);
    return 0;
}

static int l_rng_int(lua_State *L)
{
    Game *g = api_game(L);
    lua_Integer lo = luaL_checkinteger(L, 1), hi = luaL_checkinteger(L, 2);
    if (g->readonly) return luaL_error(L, "rng.int: not in a read-only query");
    if (lo > hi || (lua_Unsigned)hi - (lua_Unsigned)lo >= (lua_Unsigned)UINT32_MAX)
        return luaL_error(L, "rng.int: need lo <= hi and at most 2^32 values");
    uint32_t span = (uint32_t)((lua_Unsigned)hi - (lua_Unsigned)lo) + 1;
    lua_pushinteger(L, (lua_Integer)((lua_Unsigned)lo + rng_below(&g->s, span)));
    return 1;
}

static int l_rng_pick(lua_State *L)
{
    Game *g = api_game(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    if (g->readonly) return luaL_error(L, "rng.pick: not in a read-only query");
    lua_Integer n = luaL_len(L, 1);
    if (n < 1) return 0;
    if (n > (lua_Integer)UINT32_MAX) return luaL_error(L, "rng.pick: list too long");
    lua_geti(L, 1, 1 + (lua_Integer)rng_below(&g->s, (uint32_t)n));
    return 1;
}

/* ---------------------------------------------------------------- track ----------- */

/* Tracks are game properties: <name> holds the position, <name>.min/.max/.goal the
 * bounds, <name>@<mark> the list of marked spaces. Reaching the goal emits "track". */
static int32_t track_key(lua_State *L, const char *name, const char *suffix)
{
    char k[200];
    snprintf(k, sizeof k, "%s%s", name, suffix);
    int32_t id = names_intern(&W(L)->names, k);
    if (id < 0) luaL_error(L, "track: too many names");
    return id;
}

static int l_track_new(lua_State *L)
{
    Game *g = api_game(L);
    const char *name = luaL_checkstring(L, 1);
    if (strlen(name) > 60) return luaL_error(L, "track.new: name too long");
    luaL_checktype(L, 2, LUA_TTABLE);
    Err e;
    err_clear(&e);
    static const char *const fields[] = {"start", "min", "max", "goal"};
    static const char *const suffix[] = {"", ".min", ".max", ".goal"};
    int64_t vals[4] = {0, 0, 1000000, -1};
    for (int i = 0; i < 4; i++) {
        if (lua_getfield(L, 2, fields[i]) != LUA_TNIL) {
            if (!lua_isinteger(L, -1)) return luaL_error(L, "track.new: '%s' must be an integer", fields[i]);
            vals[i] = lua_tointeger(L, -1);
        }
        lua_pop(L, 1);
    }
    if (vals[1] > vals[2] || vals[0] < vals[1] || vals[0] > vals[2])
        return luaL_error(L, "track.new: need min <= start <= max");
    for (int i = 0; i < 4; i++)
        if (!prop_set(g, ENT_GAME, 0, track_key(L, name, suffix[i]), PV_INT, vals[i], SCOPE_GAME, -1, &e))
            return fail(L, "track.new", &e);
    if (lua_getfield(L, 2, "marks") == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            if (lua_type(L, -2) != LUA_TSTRING || !lua_istable(L, -1))
                return luaL_error(L, "track.new: marks map a mark name to a list of spaces");
            char suf[80];
            snprintf(suf, sizeof suf, "@%s", lua_tostring(L, -2));
            int64_t v;
            if (read_value(L, g, lua_gettop(L), "track.new", &v) != PV_LIST)
                return luaL_error(L, "track.new: marks must be lists of integers");
            if (!prop_set(g, ENT_GAME, 0, track_key(L, name, suf), PV_LIST, v, SCOPE_GAME, -1, &e))
                return fail(L, "track.new", &e);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return 0;
}

static int64_t track_need(lua_State *L, Game *g, const char *name, const char *suffix, const char *fname)
{
    Prop p;
    if (!prop_get(g, ENT_GAME, 0, track_key(L, name, suffix), &p) || p.type != PV_INT)
        bad_choice(L, fname, "track ", name, "a track (create it with track.new)");
    return p.v;
}

static int l_track_get(lua_State *L)
{
    Game *g = api_game(L);
    lua_pushinteger(L, track_need(L, g, luaL_checkstring(L, 1), "", "track.get"));
    return 1;
}

static int track_set_value(lua_State *L, Game *g, const char *name, int64_t v, const char *fname)
{
    int64_t mn = track_need(L, g, name, ".min", fname), mx = track_need(L, g, name, ".max", fname);
    int64_t goal = track_need(L, g, name, ".goal", fname);
    int64_t old = track_need(L, g, name, "", fname);
    if (v < mn) v = mn;
    if (v > mx) v = mx;
    Err e;
    err_clear(&e);
    if (!prop_set(g, ENT_GAME, 0, track_key(L, name, ""), PV_INT, v, SCOPE_GAME, -1, &e))
        return fail(L, fname, &e);
    if (goal >= 0 && v == goal && old != goal)
        event_emit(g, g->w->n_track, track_key(L, name, ""), (int32_t)v, -1, 0, ~0u, NULL, &e);
    /* (the track's property key is its name: track_key(name, "")) */
    lua_pushinteger(L, v);
    return 1;
}

static int l_track_move(lua_State *L)
{
    Game *g = api_game(L);
    const char *name = luaL_checkstring(L, 1);
    lua_Integer d = luaL_checkinteger(L, 2);
    if (d < -1000000 || d > 1000000) return luaL_error(L, "track.move: step out of range");
    int64_t cur = track_need(L, g, name, "", "track.move");
    if (cur > (1LL << 60) || cur < -(1LL << 60)) return luaL_error(L, "track.move: value out of range");
    return track_set_value(L, g, name, cur + d, "track.move");
}

static int l_track_set(lua_State *L)
{
    Game *g = api_game(L);
    const char *name = luaL_checkstring(L, 1);
    lua_Integer v = luaL_checkinteger(L, 2);
    if (v < -1000000000 || v > 1000000000) return luaL_error(L, "track.set: value out of range");
    return track_set_value(L, g, name, v, "track.set");
}

static int l_track_marked(lua_State *L)
{
    Game *g = api_game(L);
    const char *name = luaL_checkstring(L, 1);
    const char *mark = luaL_checkstring(L, 2);
    int64_t at = lua_isnoneornil(L, 3) ? track_need(L, g, name, "", "track.marked") : luaL_checkinteger(L, 3);
    char suf[80];
    snprintf(suf, sizeof suf, "@%s", mark);
    Prop p;
    bool hit = false;
    if (prop_get(g, ENT_GAME, 0, track_key(L, name, suf), &p) && p.type == PV_LIST) {
        int32_t n;
        const int64_t *it = state_list_get(&g->s, (int32_t)p.v, &n);
        for (int32_t i = 0; i < n; i++)
            if (it[i] == at) hit = true;
    }
    lua_pushboolean(L, hit);
    return 1;
}

static int l_track_goal(lua_State *L)
{
    Game *g = api_game(L);
    lua_pushinteger(L, track_need(L, g, luaL_checkstring(L, 1), ".goal", "track.goal"));
    return 1;
}

/* ---------------------------------------------------------------- registration ---- */

void api_open(lua_State *L, int G)
{
    G = lua_absindex(L, G);
    static const luaL_Reg game[] = {
        {"turn", l_game_turn},       {"step", l_game_step},         {"active", l_game_active},
        {"set_active", l_game_set_active}, {"seats", l_game_seats}, {"option", l_game_option},
        {"data", l_game_data},       {"win", l_game_win},           {"over", l_game_over},
        {"get", l_game_get},         {"set", l_game_set},           {"add", l_game_add},
        {"schedule", l_game_schedule}, {"skip", l_game_skip},       {"extra_turn", l_game_extra_turn},
        {"end_scope", l_game_end_scope}, {"defs", l_game_defs},     {"def", l_game_def},
        {"log", l_game_log},         {NULL, NULL}};
    static const luaL_Reg seat[] = {
        {"count", l_seat_count}, {"role", l_seat_role}, {"team", l_seat_team},
        {"set_role", l_seat_set_role}, {"with_role", l_seat_with_role}, {"get", l_seat_get},
        {"set", l_seat_set}, {"add", l_seat_add}, {NULL, NULL}};
    static const luaL_Reg zone[] = {
        {"new", l_zone_new},     {"get", l_zone_get},       {"find", l_zone_find},
        {"cards", l_zone_cards}, {"count", l_zone_count},   {"at", l_zone_at},
        {"shuffle", l_zone_shuffle}, {"name", l_zone_name}, {"owner", l_zone_owner},
        {"search", l_zone_search}, {"draw", l_zone_draw},   {"peek", l_zone_peek},
        {"set_visibility", l_zone_set_visibility},
        {NULL, NULL}};
    static const luaL_Reg card[] = {
        {"new", l_card_new},         {"move", l_card_move},       {"destroy", l_card_destroy},
        {"valid", l_card_valid},     {"id", l_card_id},           {"is", l_card_is},
        {"name", l_card_name},       {"kind", l_card_kind},       {"info", l_card_info},
        {"owner", l_card_owner},     {"set_owner", l_card_set_owner},
        {"controller", l_card_controller},
        {"set_controller", l_card_set_controller}, {"zone", l_card_zone},
        {"flip", l_card_flip},       {"face_down", l_card_face_down}, {"tap", l_card_tap},
        {"untap", l_card_untap},     {"tapped", l_card_tapped},   {"get", l_card_get},
        {"set", l_card_set},         {"add", l_card_add},         {"reveal", l_card_reveal},
        {"visible", l_card_visible}, {"attach", l_card_attach},   {"attached", l_card_attached},
        {"call", l_card_call},
        {NULL, NULL}};
    static const luaL_Reg effect[] = {{"on", l_effect_on}, {"remove", l_effect_remove}, {NULL, NULL}};
    static const luaL_Reg event[] = {{"emit", l_event_emit}, {NULL, NULL}};
    static const luaL_Reg window[] = {{"open", l_window_open}, {NULL, NULL}};
    static const luaL_Reg decide[] = {{"choose", l_decide_choose}, {NULL, NULL}};
    static const luaL_Reg dice[] = {
        {"roll", l_dice_roll}, {"values", l_dice_values}, {"natural", l_dice_natural},
        {"total", l_dice_total}, {"reroll", l_dice_reroll}, {"modify", l_dice_modify},
        {NULL, NULL}};
    static const luaL_Reg rng[] = {{"int", l_rng_int}, {"pick", l_rng_pick}, {NULL, NULL}};
    static const luaL_Reg track[] = {
        {"new", l_track_new}, {"get", l_track_get}, {"move", l_track_move},
        {"set", l_track_set}, {"marked", l_track_marked}, {"goal", l_track_goal}, {NULL, NULL}};
    reg(L, G, "game", game);
    reg(L, G, "seat", seat);
    reg(L, G, "zone", zone);
    reg(L, G, "card", card);
    reg(L, G, "effect", effect);
    reg(L, G, "event", event);
    reg(L, G, "window", window);
    reg(L, G, "decide", decide);
    reg(L, G, "dice", dice);
    reg(L, G, "rng", rng);
    reg(L, G, "track", track);
}
