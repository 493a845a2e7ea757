/* sandbox.c — the standard library card scripts get: an allow-list, with the
 * dangerous or nondeterministic parts replaced (see ../shared/sandbox-cases.md).
 *
 *  - pairs iterates in a deterministic order (numbers, then strings, then booleans);
 *  - tostring never shows an address;
 *  - setmetatable copies only safe metamethods into a sealed, host-owned metatable
 *    and refuses __gc, __mode, __close, __metatable, __name;
 *  - pcall/xpcall cannot swallow a budget stop, and xpcall never runs a user handler
 *    for one;
 *  - string.rep/format/concat/patterns and table.sort/concat/unpack/move are capped
 *    and charge fuel in proportion to the work they do inside C;
 *  - math.random draws from the game's PRNG; print writes to the game log.
 * Tables scripts must not change are read-only proxies (sandbox_freeze). */
#include <string.h>

#include "vmi.h"

#define OUT_CAP (1 << 20)          /* bytes any one string producer may return */
#define PAT_SUBJECT_CAP 1024       /* subject bytes for a pattern with a quantifier */
#define PAT_SUBJECT_CAP_PLAIN (1 << 20)

static char proxy_key;             /* light userdata key marking a proxy's metatable */

/* ---------------------------------------------------------------- proxies --------- */

static int ro_newindex(lua_State *L)
{
    const char *k = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?";
    return luaL_error(L, "attempt to write to a read-only table (key '%s'): scripts keep "
                         "nothing between calls; use the host API (card.set, game.set)", k);
}

static int ro_len(lua_State *L)
{
    lua_getmetatable(L, 1);
    lua_rawgetp(L, -1, &proxy_key);
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
    return 1;
}

bool sandbox_proxy_target(lua_State *L, int idx)
{
    if (lua_type(L, idx) != LUA_TTABLE || !lua_getmetatable(L, idx)) return false;
    if (lua_rawgetp(L, -1, &proxy_key) != LUA_TTABLE) {
        lua_pop(L, 2);
        return false;
    }
    lua_remove(L, -2);
    return true;
}

void sandbox_freeze(lua_State *L)
{
    Vm *vm = vm_of(L);
    int t = lua_gettop(L);
    if (sandbox_proxy_target(L, t)) {
        lua_pop(L, 1);
        return;
    }
    lua_createtable(L, 0, 0);          /* proxy */
    lua_createtable(L, 0, 5);          /* its metatable */
    lua_pushvalue(L, t);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, ro_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushcfunction(L, ro_len);
    lua_setfield(L, -2, "__len");
    lua_rawgeti(L, LUA_REGISTRYINDEX, vm->sentinel_ref);
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, t);
    lua_rawsetp(L, -2, &proxy_key);
    lua_setmetatable(L, -2);
    lua_replace(L, t);
}

/* Deep freeze with a memo table at index memo (orig -> proxy); the value is on top and
 * gets replaced. Tables reachable through functions' upvalues are frozen too. */
static void freeze_rec(lua_State *L, int memo, int list, int depth)
{
    int v = lua_gettop(L);
    int tp = lua_type(L, v);
    if (depth > 64) luaL_error(L, "tables nested more than 64 deep in a script's result");
    if (tp == LUA_TTABLE) {
        if (sandbox_proxy_target(L, v)) {
            lua_pop(L, 1);
            return;
        }
        lua_pushvalue(L, v);
        if (lua_rawget(L, memo) != LUA_TNIL) {
            lua_replace(L, v);
            return;
        }
        lua_pop(L, 1);
        if (lua_getmetatable(L, v)) {
            /* a script-made metatable: freeze what it points to as well */
            lua_pop(L, 1);
        }
        /* freeze the contents in place (we may rawset; scripts cannot) */
        lua_pushnil(L);
        while (lua_next(L, v)) {
            int vt = lua_type(L, -1);
            if (vt == LUA_TTABLE || vt == LUA_TFUNCTION) {
                lua_pushvalue(L, -2); /* key */
                lua_insert(L, -2);    /* key key value */
                freeze_rec(L, memo, list, depth + 1);
                lua_rawset(L, v);     /* v[key] = frozen; key stays */
            } else {
                lua_pop(L, 1);
            }
        }
        lua_pushvalue(L, v);
        sandbox_freeze(L);
        lua_pushvalue(L, v);
        lua_pushvalue(L, -2);
        lua_rawset(L, memo);
        lua_replace(L, v);
        return;
    }
    if (tp == LUA_TFUNCTION && !lua_iscfunction(L, v)) {
        lua_pushvalue(L, v);
        if (lua_rawget(L, memo) != LUA_TNIL) {
            lua_pop(L, 1);
            return;
        }
        lua_pop(L, 1);
        lua_pushvalue(L, v);
        lua_pushboolean(L, 1);
        lua_rawset(L, memo);
        for (int n = 1;; n++) {
            const char *name = lua_getupvalue(L, v, n);
            if (!name) break;
            int ut = lua_type(L, -1);
            if (ut == LUA_TTABLE || ut == LUA_TFUNCTION) {
                freeze_rec(L, memo, list, depth + 1);
                lua_pushvalue(L, -1);
                lua_setupvalue(L, v, n);
            }
            lua_pop(L, 1);
        }
    }
}

void sandbox_freeze_deep(lua_State *L)
{
    Vm *vm = vm_of(L);
    luaL_checkstack(L, 200, "freezing");
    int v = lua_gettop(L);
    (void)vm;
    lua_newtable(L);
    int memo = lua_gettop(L);
    int list = 0;
    lua_pushvalue(L, v);
    freeze_rec(L, memo, list, 0);
    lua_replace(L, v);
    lua_settop(L, v);
}

/* ---------------------------------------------------------------- base ------------ */

static int key_rank(lua_State *L, int i)
{
    switch (lua_type(L, i)) {
    case LUA_TNUMBER: return 0;
    case LUA_TSTRING: return 1;
    case LUA_TBOOLEAN: return 2;
    default: return 3;
    }
}

/* Sorts the array part 1..n of table at idx by key order (insertion sort for small,
 * merge-free quick path via table.sort would call back into Lua; we do it in C). */
static bool key_less(lua_State *L, int a, int b)
{
    int ra = key_rank(L, a), rb = key_rank(L, b);
    if (ra != rb) return ra < rb;
    if (ra == 0) return lua_compare(L, a, b, LUA_OPLT);
    if (ra == 1) {
        size_t la, lb;
        const char *sa = lua_tolstring(L, a, &la), *sb = lua_tolstring(L, b, &lb);
        int c = memcmp(sa, sb, la < lb ? la : lb);
        return c < 0 || (c == 0 && la < lb);
    }
    return !lua_toboolean(L, a) && lua_toboolean(L, b);
}

static int pairs_iter(lua_State *L)
{
    lua_Integer i = lua_tointeger(L, lua_upvalueindex(3)) + 1;
    lua_pushinteger(L, i);
    lua_replace(L, lua_upvalueindex(3));
    if (lua_rawgeti(L, lua_upvalueindex(1), i) == LUA_TNIL) return 1;
    lua_pushvalue(L, -1);
    lua_rawget(L, lua_upvalueindex(2));
    return 2;
}

static int safe_pairs(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    int t = 1;
    if (sandbox_proxy_target(L, 1)) t = lua_gettop(L);
    lua_newtable(L);
    int keys = lua_gettop(L);
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (key_rank(L, -1) == 3)
            return luaL_error(L, "pairs: a key of type %s has no deterministic order "
                                 "(use numbers, strings or booleans as keys)",
                              luaL_typename(L, -1));
        /* insertion into the sorted key list (binary search, then shift) */
        lua_Integer lo = 1, hi = n + 1;
        while (lo < hi) {
            lua_Integer mid = (lo + hi) / 2;
            lua_rawgeti(L, keys, mid);
            bool less = key_less(L, -2, -1);
            lua_pop(L, 1);
            if (less) hi = mid;
            else lo = mid + 1;
        }
        for (lua_Integer j = n; j >= lo; j--) {
            lua_rawgeti(L, keys, j);
            lua_rawseti(L, keys, j + 1);
        }
        lua_pushvalue(L, -1);
        lua_rawseti(L, keys, lo);
        n++;
        vm_charge(L, 4 + (long)(n - lo + 1) / 4);
    }
    lua_pushvalue(L, keys);
    lua_pushvalue(L, t);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, pairs_iter, 3);
    return 1;
}

static int safe_tostring(lua_State *L)
{
    luaL_checkany(L, 1);
    switch (lua_type(L, 1)) {
    case LUA_TNIL:
    case LUA_TBOOLEAN:
    case LUA_TNUMBER:
    case LUA_TSTRING:
        luaL_tolstring(L, 1, NULL);
        return 1;
    default:
        if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
            lua_pushvalue(L, 1);
            lua_call(L, 1, 1);
            if (!lua_isstring(L, -1)) return luaL_error(L, "'__tostring' must return a string");
            return 1;
        }
        lua_pushstring(L, luaL_typename(L, 1));
        return 1;
    }
}

static const char *const mm_allowed[] = {
    "__index", "__newindex", "__call", "__tostring", "__eq",  "__lt",   "__le",
    "__len",   "__concat",   "__unm",  "__add",      "__sub", "__mul",  "__div",
    "__mod",   "__pow",      "__idiv", "__band",     "__bor", "__bxor", "__shl",
    "__shr",   "__bnot",     NULL};
static const char *const mm_refused[] = {"__gc", "__mode", "__close", "__metatable", "__name",
                                         "__pairs", NULL};

static int safe_setmetatable(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    int mt = lua_type(L, 2);
    luaL_argexpected(L, mt == LUA_TNIL || mt == LUA_TTABLE, 2, "nil or table");
    if (lua_getmetatable(L, 1)) {
        return luaL_error(L, "setmetatable: this table already has a metatable (metatables "
                             "are sealed once set)");
    }
    if (mt == LUA_TNIL) {
        lua_settop(L, 1);
        return 1;
    }
    if (lua_getmetatable(L, 2))
        return luaL_error(L, "setmetatable: a metatable may not have a metatable itself");
    for (int i = 0; mm_refused[i]; i++) {
        if (lua_getfield(L, 2, mm_refused[i]) != LUA_TNIL)
            return luaL_error(L, "setmetatable: '%s' is not allowed in card scripts",
                              mm_refused[i]);
        lua_pop(L, 1);
    }
    Vm *vm = vm_of(L);
    lua_createtable(L, 0, 4);
    for (int i = 0; mm_allowed[i]; i++) {
        if (lua_getfield(L, 2, mm_allowed[i]) != LUA_TNIL) lua_setfield(L, -2, mm_allowed[i]);
        else lua_pop(L, 1);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, vm->sentinel_ref);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, 1);
    lua_settop(L, 1);
    return 1;
}

static int safe_pcall(lua_State *L)
{
    luaL_checkany(L, 1);
    int n = lua_gettop(L);
    int st = lua_pcall(L, n - 1, LUA_MULTRET, 0);
    Vm *vm = vm_of(L);
    if (st != LUA_OK) {
        if (vm->stop) return lua_error(L); /* a budget or game-over stop goes on up */
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    return lua_gettop(L);
}

static int safe_xpcall(lua_State *L)
{
    luaL_checktype(L, 2, LUA_TFUNCTION);
    int n = lua_gettop(L);
    lua_pushvalue(L, 1);
    for (int i = 3; i <= n; i++) lua_pushvalue(L, i);
    int st = lua_pcall(L, n - 2, LUA_MULTRET, 0);
    Vm *vm = vm_of(L);
    if (st != LUA_OK) {
        if (vm->stop) return lua_error(L); /* the user handler never runs for a stop */
        lua_pushvalue(L, 2);
        lua_insert(L, -2);
        lua_call(L, 1, 1);
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_replace(L, n);
    return lua_gettop(L) - n + 1;
}

static int safe_print(lua_State *L)
{
    Vm *vm = vm_of(L);
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        lua_pushcfunction(L, safe_tostring);
        lua_pushvalue(L, i);
        lua_call(L, 1, 1);
        size_t l;
        const char *s = lua_tolstring(L, -1, &l);
        if (vm->print_bytes + (long)l > vm->lim.print_cap) {
            lua_pop(L, 1);
            break;
        }
        vm->print_bytes += (int)l;
        if (i > 1) luaL_addchar(&b, '\t');
        luaL_addlstring(&b, s, l);
        lua_pop(L, 1);
    }
    luaL_pushresult(&b);
    if (vm->g && lua_rawlen(L, -1) > 0) game_log(vm->g, -1, lua_tostring(L, -1));
    return 0;
}

/* ---------------------------------------------------------------- string ---------- */

static int safe_rep(lua_State *L)
{
    size_t l, ls = 0;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &ls);
    if (n <= 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    double total = (double)l * (double)n + (double)ls * (double)(n - 1);
    if (total > OUT_CAP)
        return luaL_error(L, "string.rep: result of %.0f bytes is over the %d-byte cap", total,
                          OUT_CAP);
    vm_charge(L, (long)(total / 16) + 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int safe_format(lua_State *L)
{
    const char *f = luaL_checkstring(L, 1);
    for (const char *p = f; *p; p++) {
        if (*p != '%') continue;
        p++;
        if (*p == '%') continue;
        while (*p && strchr("-+ #0123456789.", *p)) p++;
        if (*p == 'p') return luaL_error(L, "string.format: '%%p' is not allowed (addresses)");
        if (!*p) break;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    size_t out;
    lua_tolstring(L, -1, &out);
    if (out > OUT_CAP) return luaL_error(L, "string.format: result over the %d-byte cap", OUT_CAP);
    vm_charge(L, (long)(out / 16) + 1);
    return 1;
}

/* Counts variable-length quantifiers; -1 for a refused construct (%b, back-refs). */
static int pattern_cost(const char *p, size_t n)
{
    int q = 0;
    size_t i = 0;
    if (i < n && p[i] == '^') i++;
    while (i < n) {
        char c = p[i];
        if (c == '%') {
            if (i + 1 >= n) return -1;
            char d = p[i + 1];
            if (d == 'b') return -1;
            if (d >= '0' && d <= '9') return -1;
            if (d == 'f') {
                i += 2;
                if (i < n && p[i] == '[') {
                    i++;
                    if (i < n && p[i] == '^') i++;
                    if (i < n && p[i] == ']') i++;
                    while (i < n && p[i] != ']') i += (p[i] == '%') ? 2 : 1;
                    i++;
                }
                continue;
            }
            i += 2;
        } else if (c == '[') {
            i++;
            if (i < n && p[i] == '^') i++;
            if (i < n && p[i] == ']') i++;
            while (i < n && p[i] != ']') i += (p[i] == '%') ? 2 : 1;
            i++;
        } else if (c == '(' || c == ')') {
            i++;
            continue;
        } else {
            i++;
        }
        if (i < n && (p[i] == '*' || p[i] == '+' || p[i] == '-')) {
            q++;
            i++;
        } else if (i < n && p[i] == '?') {
            i++;
        }
    }
    return q;
}

static int pattern_guard(lua_State *L, const char *fname, bool allow_plain)
{
    size_t ls, lp;
    luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    if (allow_plain && lua_toboolean(L, 4)) {
        vm_charge(L, (long)(ls / 16) + 1);
        return 0;
    }
    int q = pattern_cost(p, lp);
    if (q < 0)
        return luaL_error(L, "string.%s: pattern too costly or not allowed ('%%b' and "
                             "back-references are refused)", fname);
    if (q > 1)
        return luaL_error(L, "string.%s: pattern too costly (%d variable-length quantifiers; "
                             "at most 1)", fname, q);
    if (q == 1 && ls > PAT_SUBJECT_CAP)
        return luaL_error(L, "string.%s: pattern too costly (subject of %d bytes; at most %d "
                             "with a '*', '+' or '-')", fname, (int)ls, PAT_SUBJECT_CAP);
    if (ls > PAT_SUBJECT_CAP_PLAIN)
        return luaL_error(L, "string.%s: subject of %d bytes is over the cap", fname, (int)ls);
    long cost = q ? (long)(ls * ls / 4) : (long)(ls * (lp + 1) / 16);
    vm_charge(L, cost + 1);
    return 0;
}

static int call_orig(lua_State *L, int nres)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, nres);
    return nres == LUA_MULTRET ? lua_gettop(L) : nres;
}

static int safe_find(lua_State *L)
{
    pattern_guard(L, "find", true);
    return call_orig(L, LUA_MULTRET);
}

static int safe_match(lua_State *L)
{
    pattern_guard(L, "match", false);
    return call_orig(L, LUA_MULTRET);
}

static int safe_gmatch(lua_State *L)
{
    pattern_guard(L, "gmatch", false);
    return call_orig(L, 1);
}

static int safe_gsub(lua_State *L)
{
    pattern_guard(L, "gsub", false);
    lua_settop(L, 4);
    call_orig(L, 2);
    size_t out;
    lua_tolstring(L, -2, &out);
    if (out > OUT_CAP) return luaL_error(L, "string.gsub: result over the %d-byte cap", OUT_CAP);
    vm_charge(L, (long)(out / 16) + 1);
    return 2;
}

/* ---------------------------------------------------------------- table ----------- */

static int safe_concat(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    size_t lsep = 0;
    luaL_optlstring(L, 2, "", &lsep);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    lua_Integer j = luaL_opt(L, luaL_checkinteger, 4, luaL_len(L, 1));
    if (j - i > 1000000) return luaL_error(L, "table.concat: too many items");
    double total = 0;
    for (lua_Integer k = i; k <= j; k++) {
        lua_geti(L, 1, k);
        size_t l = 0;
        if (lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER)
            lua_tolstring(L, -1, &l);
        total += (double)l + (double)lsep;
        lua_pop(L, 1);
        if (total > OUT_CAP)
            return luaL_error(L, "table.concat: result over the %d-byte cap", OUT_CAP);
    }
    vm_charge(L, (long)(total / 16) + (long)(j - i) + 1);
    return call_orig(L, 1);
}

static int safe_unpack(lua_State *L)
{
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer j = luaL_opt(L, luaL_checkinteger, 3, luaL_len(L, 1));
    if (i <= j && (j - i >= 256 || j - i < 0))
        return luaL_error(L, "table.unpack: at most 256 values");
    return call_orig(L, LUA_MULTRET);
}

static int safe_sort(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer n = luaL_len(L, 1);
    if (n > 100000) return luaL_error(L, "table.sort: at most 100000 items");
    long cost = 1;
    for (lua_Integer k = n; k > 1; k >>= 1) cost += (long)n;
    vm_charge(L, cost);
    return call_orig(L, 0);
}

static int safe_move(lua_State *L)
{
    lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
    if (e >= f && e - f > 100000) return luaL_error(L, "table.move: at most 100000 items");
    if (e >= f) vm_charge(L, (long)(e - f) + 1);
    return call_orig(L, 1);
}

/* ---------------------------------------------------------------- math ------------ */

static int safe_random(lua_State *L)
{
    Game *g = api_game(L);
    if (g->readonly) return luaL_error(L, "math.random: not in a read-only query");
    int n = lua_gettop(L);
    if (n == 0) {
        lua_pushnumber(L, (lua_Number)(rng_next(&g->s) >> 11) * (1.0 / 9007199254740992.0));
        return 1;
    }
    lua_Integer lo = 1, hi;
    if (n == 1) {
        hi = luaL_checkinteger(L, 1);
    } else {
        lo = luaL_checkinteger(L, 1);
        hi = luaL_checkinteger(L, 2);
    }
    luaL_argcheck(L, lo <= hi, n, "interval is empty");
    luaL_argcheck(L, hi - lo < (lua_Integer)UINT32_MAX && hi - lo >= 0, n,
                  "interval too large (at most 2^32 values)");
    lua_pushinteger(L, lo + (lua_Integer)rng_below(&g->s, (uint32_t)(hi - lo + 1)));
    return 1;
}

static int no_randomseed(lua_State *L)
{
    return luaL_error(L, "math.randomseed is not available: the game's random stream is "
                         "seeded by the host");
}

/* ---------------------------------------------------------------- assembly -------- */

static void copy_fields(lua_State *L, int from, int to, const char *const *names)
{
    from = lua_absindex(L, from);
    to = lua_absindex(L, to);
    for (int i = 0; names[i]; i++) {
        lua_getfield(L, from, names[i]);
        lua_setfield(L, to, names[i]);
    }
}

static void wrap(lua_State *L, int from, int to, const char *name, lua_CFunction f)
{
    from = lua_absindex(L, from);
    to = lua_absindex(L, to);
    lua_getfield(L, from, name);
    lua_pushcclosure(L, f, 1);
    lua_setfield(L, to, name);
}

void sandbox_open(lua_State *L, int G)
{
    Vm *vm = vm_of(L);
    G = lua_absindex(L, G);
    /* the real libraries, in a hidden table */
    luaL_requiref(L, "_G", luaopen_base, 0);
    int base = lua_gettop(L);
    static const char *const base_ok[] = {"assert", "error",  "ipairs",   "select", "tonumber",
                                          "type",   "rawequal", "rawlen", "rawget", "_VERSION",
                                          "getmetatable", NULL};
    copy_fields(L, base, G, base_ok);
    lua_pushcfunction(L, safe_pairs);
    lua_setfield(L, G, "pairs");
    lua_pushcfunction(L, safe_tostring);
    lua_setfield(L, G, "tostring");
    lua_pushcfunction(L, safe_setmetatable);
    lua_setfield(L, G, "setmetatable");
    lua_pushcfunction(L, safe_pcall);
    lua_setfield(L, G, "pcall");
    lua_pushcfunction(L, safe_xpcall);
    lua_setfield(L, G, "xpcall");
    lua_pushcfunction(L, safe_print);
    lua_setfield(L, G, "print");
    /* the real _G must not stay reachable through globals of the main state */
    lua_pushglobaltable(L);
    static const char *const wipe[] = {"load", "loadstring", "dofile", "loadfile", "require",
                                       "collectgarbage", "rawset", "next", "warn", "_G",
                                       "print", "pcall", "xpcall", NULL};
    for (int i = 0; wipe[i]; i++) {
        lua_pushnil(L);
        lua_setfield(L, -2, wipe[i]);
    }
    lua_pop(L, 2);

    luaL_requiref(L, "string", luaopen_string, 0);
    int str = lua_gettop(L);
    lua_newtable(L);
    int sstr = lua_gettop(L);
    static const char *const str_ok[] = {"byte", "char", "len", "lower", "upper", "reverse",
                                         "sub", NULL};
    copy_fields(L, str, sstr, str_ok);
    wrap(L, str, sstr, "rep", safe_rep);
    wrap(L, str, sstr, "format", safe_format);
    wrap(L, str, sstr, "find", safe_find);
    wrap(L, str, sstr, "match", safe_match);
    wrap(L, str, sstr, "gmatch", safe_gmatch);
    wrap(L, str, sstr, "gsub", safe_gsub);
    lua_pushvalue(L, sstr);
    sandbox_freeze(L);
    int sproxy = lua_gettop(L);
    /* lock the shared string metatable: methods come from the safe table */
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushvalue(L, sproxy);
    lua_setfield(L, -2, "__index");
    lua_rawgeti(L, LUA_REGISTRYINDEX, vm->sentinel_ref);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
    lua_setfield(L, G, "string");
    lua_pop(L, 2);

    luaL_requiref(L, "table", luaopen_table, 0);
    int tab = lua_gettop(L);
    lua_newtable(L);
    int stab = lua_gettop(L);
    static const char *const tab_ok[] = {"insert", "remove", "pack", NULL};
    copy_fields(L, tab, stab, tab_ok);
    wrap(L, tab, stab, "concat", safe_concat);
    wrap(L, tab, stab, "unpack", safe_unpack);
    wrap(L, tab, stab, "sort", safe_sort);
    wrap(L, tab, stab, "move", safe_move);
    sandbox_freeze(L);
    lua_setfield(L, G, "table");
    lua_pop(L, 1);

    luaL_requiref(L, "math", luaopen_math, 0);
    int mth = lua_gettop(L);
    lua_newtable(L);
    int smth = lua_gettop(L);
    static const char *const math_ok[] = {"abs",  "ceil",      "floor",      "max",
                                          "min",  "fmod",      "modf",       "tointeger",
                                          "type", "ult",       "maxinteger", "mininteger",
                                          "huge", "pi",        "sqrt",       NULL};
    copy_fields(L, mth, smth, math_ok);
    lua_pushcfunction(L, safe_random);
    lua_setfield(L, smth, "random");
    lua_pushcfunction(L, no_randomseed);
    lua_setfield(L, smth, "randomseed");
    sandbox_freeze(L);
    lua_setfield(L, G, "math");
    lua_pop(L, 1);

    luaL_requiref(L, "utf8", luaopen_utf8, 0);
    lua_newtable(L);
    static const char *const utf_ok[] = {"char", "charpattern", "codepoint", "len", "offset",
                                         "codes", NULL};
    copy_fields(L, -2, -1, utf_ok);
    sandbox_freeze(L);
    lua_setfield(L, G, "utf8");
    lua_pop(L, 1);

    /* the loaded-libraries table must not leak the real ones either */
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
}
