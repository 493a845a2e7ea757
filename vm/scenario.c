/* scenario.c — reading scenario test files. A scenario file is Lua (so designers get
 * comments, long strings and tables) holding calls `scenario "name" { ... }` (and
 * `defaults { ... }`, what the scenarios after it leave out); it runs in
 * its own small Lua state with no access to anything but table building, under an
 * instruction budget, and what it declares comes back as JSON for the runner
 * (repl/scenario.c). Lua code meant for the game (setup, checks) is written as strings. */
#include <stdio.h>
#include <string.h>

#include "vmi.h"
#include <stdlib.h>

/* Fills what spec (at idx) leaves out from the file's current defaults: game, players
 * and seed when absent, and each option the spec's `options` does not set. */
static void sc_apply_defaults(lua_State *L, int idx)
{
    lua_getfield(L, LUA_REGISTRYINDEX, "defaults");
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    static const char *const plain[] = {"game", "players", "seed", NULL};
    for (int i = 0; plain[i]; i++) {
        if (lua_getfield(L, idx, plain[i]) == LUA_TNIL) {
            lua_getfield(L, -2, plain[i]);
            lua_setfield(L, idx, plain[i]);
        }
        lua_pop(L, 1);
    }
    if (lua_getfield(L, -1, "options") == LUA_TTABLE) {
        if (lua_getfield(L, idx, "options") != LUA_TTABLE) {
            lua_pop(L, 1);
            lua_newtable(L);
            lua_pushvalue(L, -1);
            lua_setfield(L, idx, "options");
        }
        /* stack: defaults, default options, spec options */
        lua_pushnil(L);
        while (lua_next(L, -3)) {
            lua_pushvalue(L, -2);
            if (lua_rawget(L, -4) == LUA_TNIL) {
                lua_pop(L, 1);
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_rawset(L, -4);
            } else {
                lua_pop(L, 2);
            }
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
}

/* defaults { game = ..., players = ..., seed = ..., options = {...} }: what the
 * scenarios declared after it leave out (a later call replaces it). */
static int sc_defaults(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
        if (strcmp(k, "game") && strcmp(k, "players") && strcmp(k, "seed") && strcmp(k, "options"))
            return luaL_error(L, "defaults: unknown key '%s' (keys: game, players, seed, options)", k);
        if (strcmp(k, "options") == 0 && !lua_istable(L, -1))
            return luaL_error(L, "defaults: 'options' must be a table");
        lua_pop(L, 1);
    }
    lua_pushvalue(L, 1);
    lua_setfield(L, LUA_REGISTRYINDEX, "defaults");
    return 0;
}

static int sc_collect(lua_State *L)
{
    /* upvalue 1: the name; argument 1: the spec table */
    luaL_checktype(L, 1, LUA_TTABLE);
    sc_apply_defaults(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, "scenarios");
    lua_createtable(L, 0, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setfield(L, -2, "name");
    lua_pushvalue(L, 1);
    lua_setfield(L, -2, "spec");
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar)) {
        lua_pushinteger(L, ar.currentline);
        lua_setfield(L, -2, "line");
    }
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    return 0;
}

static int sc_scenario(lua_State *L)
{
    luaL_checkstring(L, 1);
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, sc_collect, 1);
    return 1;
}

static void sc_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    luaL_error(L, "scenario file runs too long (a loop?)");
}

/* Converts the Lua value at idx to JSON; NULL with msg set for functions etc. */
static json_t *to_json(lua_State *L, int idx, int depth, char *msg, size_t n)
{
    idx = lua_absindex(L, idx);
    if (depth > 30) {
        snprintf(msg, n, "tables nested too deep");
        return NULL;
    }
    switch (lua_type(L, idx)) {
    case LUA_TNIL: return json_null();
    case LUA_TBOOLEAN: return json_boolean(lua_toboolean(L, idx));
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx)) return json_integer((json_int_t)lua_tointeger(L, idx));
        return json_real(lua_tonumber(L, idx));
    case LUA_TSTRING: return json_string(lua_tostring(L, idx));
    case LUA_TTABLE: break;
    default:
        snprintf(msg, n, "a %s cannot go into a scenario (write Lua for the game as a string)",
                 luaL_typename(L, idx));
        return NULL;
    }
    lua_Integer len = (lua_Integer)lua_rawlen(L, idx);
    /* count keys: an array when every key is 1..len */
    lua_Integer nkeys = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        nkeys++;
        lua_pop(L, 1);
    }
    if (nkeys == len && len > 0) {
        json_t *a = json_array();
        for (lua_Integer i = 1; i <= len; i++) {
            lua_rawgeti(L, idx, i);
            json_t *v = to_json(L, -1, depth + 1, msg, n);
            lua_pop(L, 1);
            if (!v) {
                json_decref(a);
                return NULL;
            }
            json_array_append_new(a, v);
        }
        return a;
    }
    json_t *o = json_object();
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        char key[64];
        if (lua_type(L, -2) == LUA_TSTRING) snprintf(key, sizeof key, "%s", lua_tostring(L, -2));
        else if (lua_isinteger(L, -2)) snprintf(key, sizeof key, "%lld", (long long)lua_tointeger(L, -2));
        else {
            lua_pop(L, 2);
            snprintf(msg, n, "table keys must be strings or integers");
            json_decref(o);
            return NULL;
        }
        json_t *v = to_json(L, -1, depth + 1, msg, n);
        lua_pop(L, 1);
        if (!v) {
            lua_pop(L, 1);
            json_decref(o);
            return NULL;
        }
        json_object_set_new(o, key, v);
    }
    return o;
}

json_t *vm_scenarios_load(const char *path, Err *e)
{
    size_t len;
    char *text = file_read(path, &len, e);
    if (!text) return NULL;
    lua_State *L = luaL_newstate();
    if (!L) {
        xfree(text);
        err_at(e, path, 0, 0, "out of memory");
        return NULL;
    }
    luaL_requiref(L, "_G", luaopen_base, 1);
    luaL_requiref(L, "string", luaopen_string, 1);
    luaL_requiref(L, "table", luaopen_table, 1);
    lua_pop(L, 3);
    /* only building tables: drop what could touch the outside */
    static const char *const drop[] = {"dofile", "loadfile", "load", "require", "collectgarbage", NULL};
    for (int i = 0; drop[i]; i++) {
        lua_pushnil(L);
        lua_setglobal(L, drop[i]);
    }
    lua_pushcfunction(L, sc_scenario);
    lua_setglobal(L, "scenario");
    lua_pushcfunction(L, sc_defaults);
    lua_setglobal(L, "defaults");
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "scenarios");
    lua_sethook(L, sc_hook, LUA_MASKCOUNT, 50000000);
    char chunk[300];
    snprintf(chunk, sizeof chunk, "@%s", path);
    int st = luaL_loadbufferx(L, text, len, chunk, "t");
    xfree(text);
    if (st == LUA_OK) st = lua_pcall(L, 0, 0, 0);
    if (st != LUA_OK) {
        const char *m = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error";
        /* "path:line: msg" */
        int line = 0;
        const char *p = strstr(m, ".lua:");
        for (const char *q = p ? p + 5 : ""; *q >= '0' && *q <= '9' && line < 100000000; q++)
            line = line * 10 + (*q - '0');
        /* err_at says where: keep only what Lua says after its own "path:line: " */
        const char *rest = p ? strstr(p + 5, ": ") : NULL;
        err_at(e, path, line, 0, "%s", rest ? rest + 2 : m);
        lua_close(L);
        return NULL;
    }
    lua_getfield(L, LUA_REGISTRYINDEX, "scenarios");
    char msg[200] = "";
    json_t *out = to_json(L, -1, 0, msg, sizeof msg);
    if (out && json_is_object(out) && json_object_size(out) == 0) {
        json_decref(out);
        out = json_array();
    }
    if (!out) err_at(e, path, 0, 0, "%s", msg);
    lua_close(L);
    return out;
}
