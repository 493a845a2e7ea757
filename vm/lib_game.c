/* lib_game.c — the script API's `game` and `seat` modules: the turn, steps, options
 * and data, winning, game and seat properties, scheduling, phases, card definitions,
 * the log, seat roles. Shared checks are in lib_api.c (lib.h). */
#include <stdio.h>
#include <string.h>

#include "lib.h"

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
    int s = lib_seat(L, g, 1, "game.set_active");
    if (g->readonly) return luaL_error(L, "game.set_active: not in a read-only query");
    if (seat_out(g, s)) return luaL_error(L, "game.set_active: seat %d is out of the game (seat.eliminate)", s + 1);
    if (g->s.h.active == s) return 0;
    g->s.h.active = s;
    Err e;
    err_clear(&e);
    if (!event_emit(g, g->w->n_active, s, 0, 0, 0, ~0u, NULL, &e)) return lib_fail(L, "game.set_active", &e);
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
    if (!v) {
        /* the closest declared key (an expansion's own option is the one mistyped) */
        const char *best = world_option_nearest(g->w, k);
        return luaL_error(L, "game.option: no option '%s' is declared by the packs%s%s%s", k,
                          best ? "; did you mean '" : "", best ? best : "", best ? "'?" : "");
    }
    lib_push_json(L, v, 0);
    return 1;
}

static int l_game_data(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    json_t *d = world_data(lib_world(L), name);
    if (!d) return luaL_error(L, "game.data: no data file '%s' in the packs", name);
    char key[300];
    snprintf(key, sizeof key, "data:%s", name);
    lib_push_cached_json(L, key, d);
    return 1;
}

static int l_game_win(lua_State *L)
{
    Game *g = api_game(L);
    int32_t role = -1;
    uint32_t seats = 0;
    if (lua_type(L, 1) == LUA_TSTRING) {
        role = lib_intern(L, 1, "game.win", "the winner");
    } else if (lua_type(L, 1) == LUA_TTABLE) {
        /* seats sharing the win: a list of 1 to all the seats, each once */
        lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
        if (n < 1 || n > g->s.h.nseats)
            return luaL_error(L, "game.win: a list of winners holds 1 to %d seat numbers, not %I", g->s.h.nseats,
                              (LUAI_UACINT)n);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, 1, i);
            if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > g->s.h.nseats)
                return luaL_error(L, "game.win: winners[%I] must be a seat number 1..%d", (LUAI_UACINT)i,
                                  g->s.h.nseats);
            uint32_t bit = 1u << (lua_tointeger(L, -1) - 1);
            if (seats & bit)
                return luaL_error(L, "game.win: seat %I is in the list of winners twice", (LUAI_UACINT)lua_tointeger(L, -1));
            seats |= bit;
            lua_pop(L, 1);
        }
    } else {
        seats = 1u << lib_seat(L, g, 1, "game.win");
    }
    const char *reason = luaL_optstring(L, 2, "");
    Err e;
    err_clear(&e);
    if (!game_win(g, role, seats, reason, &e)) return lib_fail(L, "game.win", &e);
    return vm_stop_error(L, STOP_GAMEOVER, "game over");
}

/* game.draw(reason): the game ends with no winner (game_win with neither a role nor a
 * seat); like game.win, the call does not return. */
static int l_game_draw(lua_State *L)
{
    Game *g = api_game(L);
    const char *reason = luaL_optstring(L, 1, "");
    Err e;
    err_clear(&e);
    if (!game_win(g, -1, 0, reason, &e)) return lib_fail(L, "game.draw", &e);
    return vm_stop_error(L, STOP_GAMEOVER, "game over");
}

static int l_game_over(lua_State *L)
{
    lua_pushboolean(L, api_game(L)->s.h.over);
    return 1;
}




static int l_game_get(lua_State *L) { return lib_prop_get(L, api_game(L), ENT_GAME, 0, 1, "game.get"); }
static int l_game_set(lua_State *L) { return lib_prop_set(L, api_game(L), ENT_GAME, 0, 1, "game.set"); }
static int l_game_add(lua_State *L) { return lib_prop_add(L, api_game(L), ENT_GAME, 0, 1, "game.add"); }

/* game.stat(name [, n]): the game's statistic `name` (a whole number for sim and tests,
 * no seat's to see: no event, no log line). With n, adds n and returns the new total;
 * without, returns the total (0 when never added to), in read-only queries too. */
static int l_game_stat(lua_State *L)
{
    Game *g = api_game(L);
    luaL_checkstring(L, 1);
    if (!lua_tostring(L, 1)[0]) return luaL_error(L, "game.stat: the name is empty");
    if (lua_isnoneornil(L, 2)) {
        int32_t key = lib_find(L, 1, "game.stat", "the name");
        lua_pushinteger(L, key >= 0 ? stat_get(g, key) : 0);
        return 1;
    }
    int whole = 0;
    lua_Integer n = lua_type(L, 2) == LUA_TNUMBER ? lua_tointegerx(L, 2, &whole) : 0;
    if (!whole) {
        if (lua_type(L, 2) == LUA_TNUMBER)
            return luaL_error(L, "game.stat: n must be a whole number, not %s", lua_tostring(L, 2));
        return luaL_error(L, "game.stat: n must be a whole number, not a %s", luaL_typename(L, 2));
    }
    int32_t key = lib_intern(L, 1, "game.stat", "the name");
    vm_charge(L, 1); /* an indexed look-up, as game.add */
    int64_t total = 0;
    Err e;
    err_clear(&e);
    if (!stat_add(g, key, n, &total, &e)) return lib_fail(L, "game.stat", &e);
    lua_pushinteger(L, total);
    return 1;
}

static int l_game_schedule(lua_State *L)
{
    Game *g = api_game(L);
    Vm *vm = vm_of(L);
    int32_t fn = lib_intern(L, 1, "game.schedule", "the function name");
    int32_t obj = -1;
    int seat = g->act.seat;
    bool defer = false;
    int32_t params = -1;
    lib_opts(L, 2);
    if (lib_opt(L, 2, "card") != LUA_TNIL) obj = lib_card(L, g, lua_gettop(L), "game.schedule");
    else obj = vm->cur_obj;
    lua_pop(L, 1);
    if (lib_opt(L, 2, "seat") != LUA_TNIL) seat = lib_seat(L, g, lua_gettop(L), "game.schedule");
    lua_pop(L, 1);
    lib_opt(L, 2, "defer");
    defer = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (lib_opt(L, 2, "params") != LUA_TNIL) {
        int64_t v;
        if (lib_read_value(L, g, lua_gettop(L), "game.schedule", &v) != PV_LIST)
            return luaL_error(L, "game.schedule: params must be a list of integers");
        params = (int32_t)v;
    }
    lua_pop(L, 1);
    Err e;
    err_clear(&e);
    if (!game_schedule(g, obj, fn, params, seat, defer, &e)) return lib_fail(L, "game.schedule", &e);
    return 0;
}

static int l_game_skip(lua_State *L)
{
    Game *g = api_game(L);
    int32_t st = lib_intern(L, 1, "game.skip", "the step name");
    Err e;
    err_clear(&e);
    if (!game_skip_step(g, st, &e)) return lib_fail(L, "game.skip", &e);
    return 0;
}

static int l_game_extra_turn(lua_State *L)
{
    Game *g = api_game(L);
    int s = lib_seat(L, g, 1, "game.extra_turn");
    Err e;
    err_clear(&e);
    if (!game_extra_turn(g, s, &e)) return lib_fail(L, "game.extra_turn", &e);
    return 0;
}

static int l_game_end_scope(lua_State *L)
{
    Game *g = api_game(L);
    int32_t n = lib_intern(L, 1, "game.end_scope", "the scope name");
    Err e;
    err_clear(&e);
    if (!scope_end(g, SCOPE_NAMED, n, &e)) return lib_fail(L, "game.end_scope", &e);
    return 0;
}

static int l_game_defs(lua_State *L)
{
    World *w = lib_world(L);
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



/* game.def(id); game.def() is the card whose script is loading (a builder checking the
 * card file of the card it makes), an error at any other time */
static int l_game_def(lua_State *L)
{
    if (lua_isnone(L, 1)) {
        int d = vm_of(L)->load_def;
        if (d < 0)
            return luaL_error(L, "game.def: give a card id (game.def() with none is the card whose "
                                 "script is loading, and no card script is loading)");
        lib_push_def_info(L, d);
        return 1;
    }
    lib_push_def_info(L, lib_def_arg(L, 1, "game.def"));
    return 1;
}

static int l_game_log(lua_State *L)
{
    Game *g = api_game(L);
    const char *t = luaL_checkstring(L, 1);
    int seat = lua_isnoneornil(L, 2) ? -1 : lib_seat(L, g, 2, "game.log");
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
    int s = lib_seat(L, g, 1, "seat.role");
    int32_t r = S_SEAT(&g->s, s).role;
    if (r < 0) lua_pushnil(L);
    else lua_pushstring(L, names_str(&g->w->names, r));
    return 1;
}

static int l_seat_team(lua_State *L)
{
    Game *g = api_game(L);
    int s = lib_seat(L, g, 1, "seat.team");
    int32_t r = S_SEAT(&g->s, s).team;
    if (r < 0) lua_pushnil(L);
    else lua_pushstring(L, names_str(&g->w->names, r));
    return 1;
}

static int l_seat_set_role(lua_State *L)
{
    Game *g = api_game(L);
    int s = lib_seat(L, g, 1, "seat.set_role");
    int32_t r = lib_intern(L, 2, "seat.set_role", "the role");
    int32_t t = lua_isnoneornil(L, 3) ? r : lib_intern(L, 3, "seat.set_role", "the team");
    Err e;
    err_clear(&e);
    if (!seat_set_role(g, s, r, t, &e)) return lib_fail(L, "seat.set_role", &e);
    return 0;
}

static int l_seat_eliminate(lua_State *L)
{
    Game *g = api_game(L);
    int s = lib_seat(L, g, 1, "seat.eliminate");
    const char *reason = luaL_optstring(L, 2, "");
    Err e;
    err_clear(&e);
    if (!seat_eliminate(g, s, reason, &e)) return lib_fail(L, "seat.eliminate", &e);
    return 0;
}

static int l_seat_out(lua_State *L)
{
    Game *g = api_game(L);
    lua_pushboolean(L, seat_out(g, lib_seat(L, g, 1, "seat.out")));
    return 1;
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
    int s = lib_seat(L, g, 1, "seat.get");
    return lib_prop_get(L, g, ENT_SEAT, s, 2, "seat.get");
}

static int l_seat_set(lua_State *L)
{
    Game *g = api_game(L);
    int s = lib_seat(L, g, 1, "seat.set");
    return lib_prop_set(L, g, ENT_SEAT, s, 2, "seat.set");
}

static int l_seat_add(lua_State *L)
{
    Game *g = api_game(L);
    int s = lib_seat(L, g, 1, "seat.add");
    return lib_prop_add(L, g, ENT_SEAT, s, 2, "seat.add");
}

const luaL_Reg lib_game_api[] = {
    {"turn", l_game_turn},       {"step", l_game_step},         {"active", l_game_active},
    {"set_active", l_game_set_active}, {"seats", l_game_seats}, {"option", l_game_option},
    {"data", l_game_data},       {"win", l_game_win},           {"draw", l_game_draw},         {"over", l_game_over},
    {"get", l_game_get},         {"set", l_game_set},           {"add", l_game_add}, {"stat", l_game_stat},
    {"schedule", l_game_schedule}, {"skip", l_game_skip},       {"extra_turn", l_game_extra_turn},
    {"end_scope", l_game_end_scope}, {"defs", l_game_defs},     {"def", l_game_def},
    {"log", l_game_log},         {NULL, NULL}};

const luaL_Reg lib_seat_api[] = {
    {"count", l_seat_count}, {"role", l_seat_role}, {"team", l_seat_team},
    {"set_role", l_seat_set_role}, {"with_role", l_seat_with_role}, {"get", l_seat_get},
    {"set", l_seat_set}, {"add", l_seat_add}, {"eliminate", l_seat_eliminate}, {"out", l_seat_out},
    {NULL, NULL}};
