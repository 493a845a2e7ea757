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
 *    and charge fuel in proportion to the work they do inside C, and so do the other
 *    functions whose C work grows with their input (upper, lower, reverse, sub, byte,
 *    char, tonumber, table.insert/remove, utf8, string arithmetic); string.byte and
 *    utf8.codepoint return at most 4,096 values;
 *  - getmetatable of anything locked returns one read-only sentinel table;
 *  - math.random draws from the game's PRNG; print writes to the game log.
 * Tables scripts must not change are read-only proxies (sandbox_freeze); what a script
 * leaves behind when it loads is deep-frozen (sandbox_freeze_deep: tables, functions
 * that would keep state, iterators made at load). */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "vmi.h"

#define OUT_CAP (1 << 20)          /* bytes any one string producer may return */
#define PAT_SUBJECT_CAP 1024       /* subject bytes for a pattern with a quantifier */
#define PAT_SUBJECT_CAP_PLAIN (1 << 20)
#define ERROR_FUEL 250             /* charged for each error pcall/xpcall catches */

static char proxy_key;             /* light userdata key marking a proxy's metatable */

/* ---------------------------------------------------------------- proxies --------- */

static int ro_newindex(lua_State *L)
{
    if (vm_in_bot(vm_of(L))) {
        char k[80];
        if (lua_isinteger(L, 2)) snprintf(k, sizeof k, "index %lld", (long long)lua_tointeger(L, 2));
        else snprintf(k, sizeof k, "key '%.60s'", lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?");
        return luaL_error(L, "attempt to write to a read-only table (%s): a bot keeps nothing between calls "
                             "(a local inside its function holds what one answer needs)", k);
    }
    if (lua_isinteger(L, 2))
        return luaL_error(L, "attempt to write to a read-only table (index %I): scripts keep "
                             "nothing between calls; use the host API (card.set, game.set)",
                          (LUAI_UACINT)lua_tointeger(L, 2));
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

/* ---------------------------------------------------------------- deep freeze ----- */

/* What a script leaves behind when it loads must not carry state from one call to the
 * next. Deep freezing walks everything reachable from the script's result — table
 * fields, functions' upvalues, and the metatables scripts made with setmetatable — and
 * replaces:
 *  - every table by a read-only proxy (the table itself is kept as the proxy's target);
 *  - every function made while the script loaded that assigns to one of its upvalues
 *    (those variables outlive the call: a counter made by a factory called at load) by
 *    a stub that raises when called (bytecode_keeps_state tells);
 *  - every stateful iterator made at load (pairs, string.gmatch) by such a stub.
 * The walk uses a work list, not C recursion, and never raises for content (any depth
 * is fine); the host's memory cap is lifted during it: it is host work, bounded by the
 * size of what it walks. */

bool bytecode_keeps_state(lua_State *L, int idx, char *why, size_t n); /* bytecode.c */

bool bytecode_field_upvalues(lua_State *L, int idx, bool *only, int cap); /* bytecode.c */

static char user_mt_key;           /* marks a metatable made by safe_setmetatable */
static char field_cells_key;       /* registry: table behind a proxy -> its holder (below) */
static char field_fns_key;         /* registry: the Lua functions bind_fields has seen */
static char gmatch_key;            /* registry: string.gmatch's iterator function */
static int pairs_iter(lua_State *L);

static int stale_stub(lua_State *L)
{
    return luaL_error(L, "%s", lua_tostring(L, lua_upvalueindex(1)));
}

static bool stateful_iterator(lua_State *L, int idx)
{
    if (!lua_iscfunction(L, idx)) return false;
    lua_CFunction f = lua_tocfunction(L, idx);
    if (f == pairs_iter) return true;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &gmatch_key);
    bool is = lua_tocfunction(L, -1) == f && f != NULL;
    lua_pop(L, 1);
    return is;
}

/* Replaces the value on top by what the frozen graph holds in its place, queueing what
 * must be walked. memo maps table -> proxy and function -> itself or its stub. */
static void freeze_visit(lua_State *L, int memo, int work, lua_Integer *nwork)
{
    int v = lua_gettop(L);
    int tp = lua_type(L, v);
    if (tp != LUA_TTABLE && tp != LUA_TFUNCTION) return;
    if (tp == LUA_TTABLE && sandbox_proxy_target(L, v)) {
        lua_pop(L, 1); /* already a proxy: host-made, nothing behind it to walk */
        return;
    }
    lua_pushvalue(L, v);
    if (lua_rawget(L, memo) != LUA_TNIL) {
        lua_replace(L, v);
        return;
    }
    lua_pop(L, 1);
    if (tp == LUA_TFUNCTION && lua_iscfunction(L, v)) {
        if (!stateful_iterator(L, v)) return;
        lua_pushliteral(L, "an iterator made while the script loaded cannot be used in a "
                           "later call (scripts keep nothing between calls): make it inside "
                           "the function that uses it");
        lua_pushcclosure(L, stale_stub, 1);
    } else if (tp == LUA_TFUNCTION) {
        char why[600];
        if (bytecode_keeps_state(L, v, why, sizeof why)) {
            lua_pushstring(L, why);
            lua_pushcclosure(L, stale_stub, 1);
        } else {
            lua_pushvalue(L, v);
            lua_rawseti(L, work, ++*nwork);
            lua_pushvalue(L, v);
        }
    } else {
        lua_pushvalue(L, v);
        lua_rawseti(L, work, ++*nwork);
        lua_pushvalue(L, v);
        sandbox_freeze(L);
    }
    lua_pushvalue(L, v);
    lua_pushvalue(L, -2);
    lua_rawset(L, memo);
    lua_replace(L, v);
}

/* Pushes registry table *key (made when missing). */
static void push_reg_table(lua_State *L, void *key)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, key);
    }
}

/* Whether the value on top is a table behind a proxy that bind_fields gave to some
 * function's upvalue (the walk leaves it as it is: it is frozen already). */
static bool is_field_cell(lua_State *L)
{
    if (lua_type(L, -1) != LUA_TTABLE) return false;
    push_reg_table(L, &field_cells_key);
    lua_pushvalue(L, -2);
    bool is = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    return is;
}

/* A frozen table is a proxy whose every field read misses and goes through __index: a
 * script's `game.get(…)` or `ASK.exploration` paid that lookup on every use. For each
 * upvalue of the Lua function at v that holds a proxy and that the function (and every
 * function it makes that shares the variable) only reads fields of by constant names
 * (bytecode_field_upvalues: never as a value, never written to or through), the
 * upvalue is rebound (lua_upvaluejoin) to a variable of its own holding the table behind
 * the proxy: the same values are read, the table is never reachable as a value, so it
 * stays unchanged. Other functions sharing the variable keep the proxy. The holder of
 * each table is a never-run empty chunk whose one upvalue is that table (registry). */
static void bind_fields(lua_State *L, int v)
{
    push_reg_table(L, &field_fns_key);
    lua_pushvalue(L, v);
    bool seen = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 1);
    if (seen) {
        lua_pop(L, 1);
        return;
    }
    lua_pushvalue(L, v);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    enum { CAP = 64 };
    bool only[CAP];
    if (!bytecode_field_upvalues(L, v, only, CAP)) return;
    for (int n = 1; n <= CAP; n++) {
        if (!only[n - 1]) continue;
        if (!lua_getupvalue(L, v, n)) break;
        if (!sandbox_proxy_target(L, -1)) {
            lua_pop(L, 1);
            continue;
        }
        int target = lua_gettop(L);
        push_reg_table(L, &field_cells_key);
        lua_pushvalue(L, target);
        if (lua_rawget(L, -2) != LUA_TFUNCTION) {
            lua_pop(L, 1);
            if (luaL_loadbufferx(L, "", 0, "=field", "t") != LUA_OK) {
                lua_settop(L, target - 2);
                continue;
            }
            lua_pushvalue(L, target);
            lua_setupvalue(L, -2, 1);
            lua_pushvalue(L, target);
            lua_pushvalue(L, -2);
            lua_rawset(L, -4);
        }
        lua_upvaluejoin(L, v, n, -1, 1);
        lua_settop(L, target - 2);
    }
}

/* Freezes the values of table t in place (we may rawset; scripts cannot). */
static void freeze_fields(lua_State *L, int t, int memo, int work, lua_Integer *nwork)
{
    lua_pushnil(L);
    while (lua_next(L, t)) {
        int vt = lua_type(L, -1);
        if (vt == LUA_TTABLE || vt == LUA_TFUNCTION) {
            const void *before = lua_topointer(L, -1);
            freeze_visit(L, memo, work, nwork);
            if (lua_topointer(L, -1) != before) {
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_rawset(L, t); /* an existing key: allowed while traversing */
                continue;
            }
        }
        lua_pop(L, 1);
    }
}

static int freeze_main(lua_State *L)
{
    luaL_checkstack(L, 40, "freezing");
    lua_settop(L, 1);
    lua_newtable(L); /* 2: memo */
    lua_newtable(L); /* 3: work list */
    lua_Integer nwork = 0;
    lua_pushvalue(L, 1);
    freeze_visit(L, 2, 3, &nwork);
    lua_replace(L, 1);
    for (lua_Integer i = 1; i <= nwork; i++) {
        lua_rawgeti(L, 3, i);
        int v = lua_gettop(L);
        if (lua_type(L, v) == LUA_TTABLE) {
            freeze_fields(L, v, 2, 3, &nwork);
            if (lua_getmetatable(L, v)) {
                /* a metatable a script made (setmetatable copies into a fresh table
                 * marked with user_mt_key): what it points to is frozen too */
                int mt = lua_gettop(L);
                if (lua_rawgetp(L, mt, &user_mt_key) != LUA_TNIL) freeze_fields(L, mt, 2, 3, &nwork);
                lua_settop(L, mt - 1);
            }
        } else {
            for (int n = 1;; n++) {
                if (!lua_getupvalue(L, v, n)) break;
                if (is_field_cell(L)) { /* bound by bind_fields: frozen behind its proxy */
                    lua_pop(L, 1);
                    continue;
                }
                const void *before = lua_topointer(L, -1);
                freeze_visit(L, 2, 3, &nwork);
                if (lua_topointer(L, -1) != before) lua_setupvalue(L, v, n);
                else lua_pop(L, 1);
            }
            if (!lua_iscfunction(L, v)) bind_fields(L, v);
        }
        lua_settop(L, 3);
    }
    lua_settop(L, 1);
    return 1;
}

void sandbox_freeze_deep(lua_State *L)
{
    Vm *vm = vm_of(L);
    size_t cap = vm->lim.mem_cap;
    vm->lim.mem_cap = (size_t)-1;
    lua_pushcfunction(L, freeze_main);
    lua_insert(L, -2);
    int st = lua_pcall(L, 1, 1, 0);
    vm->lim.mem_cap = cap;
    if (st != LUA_OK) lua_error(L); /* only a real allocation failure gets here */
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
    vm_bot_view_fill(L, 1); /* a bot's view: its boards too */
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
    vm_bot_view_fill(L, 1); /* a bot's view is the bot's to give a metatable */
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
    lua_pushboolean(L, 1);
    lua_rawsetp(L, -2, &user_mt_key); /* the deep freeze walks what it points to */
    lua_setmetatable(L, 1);
    lua_settop(L, 1);
    return 1;
}

/* pcall and xpcall are yieldable (a card may ask a player inside them) and never
 * swallow a stop (budget, game over): that error goes on up. An error they catch also
 * puts back the current card (card.call nests) as it was when they were called. The
 * continuation context packs: stack offset (8 bits), current object + 1, current
 * definition + 1. */
static lua_KContext pcall_ctx(lua_State *L, int offset)
{
    Vm *vm = vm_of(L);
    return (lua_KContext)((int64_t)offset | ((int64_t)(uint32_t)(vm->cur_obj + 1) << 8) |
                          ((int64_t)(vm->cur_def + 1) << 40));
}

static int pcall_offset(lua_State *L, int status, lua_KContext extra)
{
    if (status != LUA_OK && status != LUA_YIELD) {
        Vm *vm = vm_of(L);
        vm->cur_obj = (int32_t)((extra >> 8) & 0xffffffff) - 1;
        vm->cur_def = (int)((extra >> 40) & 0xffffff) - 1;
    }
    return (int)(extra & 0xff);
}

static int finish_pcall(lua_State *L, int status, lua_KContext extra)
{
    extra = pcall_offset(L, status, extra);
    if (status != LUA_OK && status != LUA_YIELD) {
        if (vm_of(L)->stop) return lua_error(L);
        /* raising and catching costs ~1 us of C the count hook never sees: a loop of
         * caught errors ran 2 s on one budget before this charge */
        vm_charge(L, ERROR_FUEL);
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

static int safe_pcall(lua_State *L)
{
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1); /* first result if no errors */
    lua_insert(L, 1);
    lua_KContext k = pcall_ctx(L, 0);
    int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, k, finish_pcall);
    return finish_pcall(L, status, k);
}

/* xpcall(f, h, ...): on an error that is not a stop, h(err) is called (under the budget,
 * as a plain call after the failed one, so a budget stop never reaches a user handler). */
static int finish_xpcall(lua_State *L, int status, lua_KContext extra)
{
    extra = pcall_offset(L, status, extra);
    if (status != LUA_OK && status != LUA_YIELD) {
        if (vm_of(L)->stop) return lua_error(L);
        vm_charge(L, ERROR_FUEL);
        lua_pushvalue(L, 2); /* the handler */
        lua_insert(L, -2);
        lua_call(L, 1, 1);
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

static int safe_xpcall(lua_State *L)
{
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushboolean(L, 1); /* first result */
    lua_pushvalue(L, 1);   /* function */
    lua_rotate(L, 3, 2);   /* f h true f args... -> f h true f args */
    lua_KContext k = pcall_ctx(L, 2);
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 0, k, finish_xpcall);
    return finish_xpcall(L, status, k);
}

/* The length of argument i when it is a string, else 0. */
static size_t str_len_at(lua_State *L, int i)
{
    size_t l = 0;
    if (lua_type(L, i) == LUA_TSTRING) lua_tolstring(L, i, &l);
    return l;
}

/* Room for a string of about `bytes` a library function is about to build. lauxlib
 * allocates a luaL_Buffer's box through the allocator directly, outside Lua's emergency
 * collection: on a heap of garbage near the cap (after an emergency collection, whose
 * target 5.4.4 leaves unset: vm_gc_full) string.rep failed with "not enough memory".
 * When the heap and twice the result (the box grows by doubling, and the result is
 * copied out of it) would pass the cap, collect in full first. */
static void room_for(lua_State *L, double bytes)
{
    Vm *vm = vm_of(L);
    if (bytes > LUAL_BUFFERSIZE && (double)vm->mem + 2 * bytes + (64 << 10) > (double)vm->lim.mem_cap)
        vm_gc_full(vm, L);
}

static int safe_print(lua_State *L)
{
    Vm *vm = vm_of(L);
    int n = lua_gettop(L);
    double est = 0; /* about the line: the texts, 32 bytes a value of another type */
    for (int i = 1; i <= n; i++) est += (double)str_len_at(L, i) + 32;
    if (est > vm->lim.print_cap - vm->print_bytes) est = vm->lim.print_cap - vm->print_bytes;
    room_for(L, est);
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
    /* a read-only query (can_play, an inspection) leaves no trace, not even a log line */
    if (vm->g && !vm->g->readonly && lua_rawlen(L, -1) > 0) game_log(vm->g, -1, lua_tostring(L, -1));
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
    if (total > OUT_CAP) {
        char num[48];
        snprintf(num, sizeof num, "%.0f", total);
        return luaL_error(L, "string.rep: result of %s bytes is over the %d-byte cap", num, OUT_CAP);
    }
    if (total == 0) { /* Lua's rep would loop n times copying nothing */
        lua_pushliteral(L, "");
        return 1;
    }
    vm_charge(L, (long)(total / 16) + 1);
    room_for(L, total);
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
    /* '%s' of a table or function would show its address: give it tostring's text */
    double est = (double)lua_rawlen(L, 1); /* about the result: the texts and 32 a value */
    for (int i = 2; i <= lua_gettop(L); i++) {
        int t = lua_type(L, i);
        if (t != LUA_TSTRING && t != LUA_TNUMBER && t != LUA_TNIL && t != LUA_TBOOLEAN) {
            lua_pushcfunction(L, safe_tostring);
            lua_pushvalue(L, i);
            lua_call(L, 1, 1);
            lua_replace(L, i);
        }
        est += (lua_type(L, i) == LUA_TSTRING ? (double)lua_rawlen(L, i) : 0) + 32;
    }
    room_for(L, est);
    /* Lua's own format, called in this frame (a C function with no upvalues; a lua_call
     * would cost a second call frame on every log line) */
    lua_CFunction format = lua_tocfunction(L, lua_upvalueindex(1));
    format(L);
    size_t out;
    lua_tolstring(L, -1, &out);
    if (out > OUT_CAP) return luaL_error(L, "string.format: result over the %d-byte cap", OUT_CAP);
    vm_charge(L, (long)(out / 16) + 1);
    return 1;
}

/* The sandbox's rule for patterns, one place for the run-time guard and for lint
 * (bytecode.c): at most one variable-length quantifier ('*', '+', '-' or '?' after an
 * item: each one multiplies the matcher's backtracking, and the count hook never runs
 * inside it), no '%b' and no back-reference ('%1'..'%9'). Returns the number of
 * quantifiers (0 or 1), or -1 with why set to the rule broken and how to rewrite. */
int sandbox_pattern_check(const char *p, size_t n, char *why, size_t whyn);

int sandbox_pattern_check(const char *p, size_t n, char *why, size_t whyn)
{
    int q = 0;
    char items[200] = ""; /* the quantified items, quoted: "'.-', '%d+'" */
    size_t i = 0;
    if (i < n && p[i] == '^') i++;
    while (i < n) {
        size_t start = i;
        char c = p[i];
        if (c == '%') {
            if (i + 1 >= n) {
                snprintf(why, whyn, "it ends with a lone '%%' (write '%%%%' for a percent sign)");
                return -1;
            }
            char d = p[i + 1];
            if (d == 'b') {
                snprintf(why, whyn, "'%%b' (a balanced match) is refused: it can take time the budget does not "
                                    "see; look for the two ends with string.find(s, x, 1, true) instead");
                return -1;
            }
            if (d >= '0' && d <= '9') {
                snprintf(why, whyn, "the back-reference '%%%c' is refused: capture the part, then compare it "
                                    "with ==", d);
                return -1;
            }
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
        if (i < n && (p[i] == '*' || p[i] == '+' || p[i] == '-' || p[i] == '?')) {
            q++; /* '?' too: each one doubles the matcher's backtracking */
            i++;
            size_t used = strlen(items), len = i - start;
            if (q <= 4 && used + len + 8 < sizeof items)
                snprintf(items + used, sizeof items - used, "%s'%.*s'", used ? ", " : "", (int)len, p + start);
        }
    }
    if (q > 1) {
        snprintf(why, whyn,
                 "it has %d variable-length quantifiers (%s%s) and a pattern may have at most 1: match "
                 "in steps of one quantifier each (take the fixed text with string.find(s, text, 1, true) "
                 "and the parts with string.sub, or match what one quantifier gives, then the rest), or "
                 "give a fixed count ('%%d%%d' for '%%d+')",
                 q, items, q > 4 ? ", …" : "");
        return -1;
    }
    return q;
}

/* The pattern p quoted for a message: at most 60 bytes of it, then "…". */
static void pattern_quote(char *out, size_t n, const char *p, size_t lp)
{
    snprintf(out, n, "'%.*s%s'", (int)(lp > 60 ? 60 : lp), p, lp > 60 ? "…" : "");
}

static int pattern_guard(lua_State *L, const char *fname, bool allow_plain)
{
    size_t ls, lp;
    luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    if (allow_plain && lua_toboolean(L, 4)) {
        /* a plain find compares the needle at every place its first byte occurs: up to
         * ls * lp bytes ('a' x 2^20 against 'a' x 2^19 .. 'b' is 2.5e11) */
        double cost = (double)ls * (double)(lp + 1) / 32;
        vm_charge(L, cost > 1e15 ? (long)1e15 : (long)cost + 1);
        return 0;
    }
    char why[600], quoted[80];
    int q = sandbox_pattern_check(p, lp, why, sizeof why);
    if (q < 0) {
        pattern_quote(quoted, sizeof quoted, p, lp);
        return luaL_error(L, "string.%s: the sandbox refuses the pattern %s: %s", fname, quoted, why);
    }
    if (q == 1 && ls > PAT_SUBJECT_CAP)
        return luaL_error(L, "string.%s: pattern too costly (subject of %d bytes; at most %d "
                             "with a '*', '+', '-' or '?')", fname, (int)ls, PAT_SUBJECT_CAP);
    if (ls > PAT_SUBJECT_CAP_PLAIN)
        return luaL_error(L, "string.%s: subject of %d bytes is over the cap", fname, (int)ls);
    /* one quantifier: every start position times every expansion times the rest of the
     * pattern (a literal tail of 1,000 bytes after '.-' on 1 KiB took 1.3 s) */
    long cost = q ? (long)(ls * ls * (lp + 1) / 16) : (long)(ls * (lp + 1) / 16);
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
    /* about the result: the subject twice (replacements may lengthen it) */
    room_for(L, 2.0 * (double)str_len_at(L, 1) + (double)str_len_at(L, 3));
    call_orig(L, 2);
    size_t out;
    lua_tolstring(L, -2, &out);
    if (out > OUT_CAP) return luaL_error(L, "string.gsub: result over the %d-byte cap", OUT_CAP);
    vm_charge(L, (long)(out / 16) + 1);
    return 2;
}

/* ---------------------------------------------------------------- fuel ------------ */

/* Library functions whose work inside C grows with their input: the count hook never
 * sees that work, so each charges fuel first (bytes/4 for per-character work, bytes/16
 * for copies), and the ones that return many values cap how many. Without this, a
 * 5,000,000-instruction budget let s:upper() on a 1 MiB string run for 3.5 s,
 * table.insert(t, 1, x) on 300,000 items for 12 s, and (with a huge __len) forever. */

#define MAX_RESULTS 4096           /* values string.byte / utf8.codepoint return at once */

/* Charges n units, saturating instead of overflowing. */
static void charge_u(lua_State *L, lua_Unsigned n)
{
    vm_charge(L, n > (lua_Unsigned)LONG_MAX / 2 ? LONG_MAX / 2 : (long)n);
}

/* The number of positions i..j of a string of length l, normalized as Lua's string
 * functions do (negative positions count from the end). */
static lua_Unsigned str_span(lua_Integer i, lua_Integer j, size_t l)
{
    lua_Integer len = (lua_Integer)l;
    if (i < 0) i = i < -len ? 1 : len + i + 1;
    else if (i == 0) i = 1;
    if (j < 0) j = j < -len ? 0 : len + j + 1;
    else if (j > len) j = len;
    return i > j ? 0 : (lua_Unsigned)j - (lua_Unsigned)i + 1;
}

/* upper, lower, reverse, tonumber, utf8.len, utf8.offset: per-character work on arg 1 */
static int fuel_chars(lua_State *L)
{
    charge_u(L, str_len_at(L, 1) / 4 + 1);
    room_for(L, (double)str_len_at(L, 1));
    return call_orig(L, LUA_MULTRET);
}

/* string.char, utf8.char: one value per argument */
static int fuel_args(lua_State *L)
{
    charge_u(L, (lua_Unsigned)lua_gettop(L) / 4 + 1);
    room_for(L, 4.0 * lua_gettop(L)); /* at most 4 bytes a character */
    return call_orig(L, 1);
}

static int safe_sub(lua_State *L)
{
    size_t l;
    luaL_checklstring(L, 1, &l);
    lua_Integer i = luaL_optinteger(L, 2, 1), j = luaL_optinteger(L, 3, -1);
    charge_u(L, str_span(i, j, l) / 16 + 1);
    return call_orig(L, 1);
}

/* string.byte and utf8.codepoint: (s, i = 1, j = i) */
static int safe_byte(lua_State *L)
{
    size_t l;
    luaL_checklstring(L, 1, &l);
    lua_Integer i = luaL_optinteger(L, 2, 1), j = luaL_optinteger(L, 3, i);
    lua_Unsigned n = str_span(i, j, l);
    if (n > MAX_RESULTS)
        return luaL_error(L, "%s: at most %d values at once (asked for %I)",
                          lua_tostring(L, lua_upvalueindex(2)), MAX_RESULTS, (LUAI_UACINT)n);
    charge_u(L, n / 4 + 1);
    return call_orig(L, LUA_MULTRET);
}

/* table.insert(t, pos, v) and table.remove(t, pos) shift every item after pos */
static int safe_shift(lua_State *L)
{
    bool insert = lua_toboolean(L, lua_upvalueindex(2));
    lua_Unsigned moved = 0;
    if (lua_type(L, 1) == LUA_TTABLE && lua_gettop(L) >= (insert ? 3 : 2) && lua_isinteger(L, 2)) {
        lua_Integer n = luaL_len(L, 1), pos = lua_tointeger(L, 2);
        if (pos >= 1 && n >= pos) moved = (lua_Unsigned)n - (lua_Unsigned)pos + 1;
    }
    charge_u(L, moved * 2 + 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* The string metatable's arithmetic (string-to-number coercion scans the strings) */
static int fuel_strarith(lua_State *L)
{
    charge_u(L, (str_len_at(L, 1) + str_len_at(L, 2)) / 4 + 1);
    return call_orig(L, 1);
}

/* Wraps field `name` of table `from` with f (upvalues: the original, then `tag`) into
 * table `to`. */
static void wrap2(lua_State *L, int from, int to, const char *name, lua_CFunction f, const char *tag,
                  bool flag)
{
    from = lua_absindex(L, from);
    to = lua_absindex(L, to);
    lua_getfield(L, from, name);
    if (tag) lua_pushstring(L, tag);
    else lua_pushboolean(L, flag);
    lua_pushcclosure(L, f, 2);
    lua_setfield(L, to, name);
}

/* ---------------------------------------------------------------- table ----------- */

static int safe_concat(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    size_t lsep = 0;
    luaL_optlstring(L, 2, "", &lsep);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    lua_Integer j = luaL_opt(L, luaL_checkinteger, 4, luaL_len(L, 1));
    lua_Unsigned span = i <= j ? (lua_Unsigned)j - (lua_Unsigned)i : 0; /* no overflow */
    if (span >= 1000000) return luaL_error(L, "table.concat: too many items");
    lua_Unsigned count = i <= j ? span + 1 : 0;
    double total = 0;
    for (lua_Unsigned c = 0; c < count; c++) {
        lua_geti(L, 1, (lua_Integer)((lua_Unsigned)i + c));
        size_t l = 0;
        if (lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER)
            lua_tolstring(L, -1, &l);
        total += (double)l + (double)lsep;
        lua_pop(L, 1);
        if (total > OUT_CAP)
            return luaL_error(L, "table.concat: result over the %d-byte cap", OUT_CAP);
    }
    vm_charge(L, (long)(total / 16) + (long)count + 1);
    room_for(L, total);
    return call_orig(L, 1);
}

static int safe_unpack(lua_State *L)
{
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer j = luaL_opt(L, luaL_checkinteger, 3, luaL_len(L, 1));
    if (i <= j && (lua_Unsigned)j - (lua_Unsigned)i >= 256)
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
    lua_Unsigned span = e >= f ? (lua_Unsigned)e - (lua_Unsigned)f : 0;
    if (span > 100000) return luaL_error(L, "table.move: at most 100000 items");
    if (e >= f) vm_charge(L, (long)span + 1);
    return call_orig(L, 1);
}

/* ---------------------------------------------------------------- math ------------ */

bool sandbox_random_args(lua_State *L, lua_Integer *lo, uint32_t *count)
{
    int n = lua_gettop(L);
    if (n == 0) return false;
    lua_Integer hi;
    *lo = 1;
    if (n == 1) {
        hi = luaL_checkinteger(L, 1);
    } else {
        *lo = luaL_checkinteger(L, 1);
        hi = luaL_checkinteger(L, 2);
    }
    luaL_argcheck(L, *lo <= hi, n, "interval is empty");
    lua_Unsigned span = (lua_Unsigned)hi - (lua_Unsigned)*lo; /* no signed overflow */
    luaL_argcheck(L, span < UINT32_MAX, n, "interval too large (at most 2^32 values)");
    *count = (uint32_t)(span + 1);
    return true;
}

static int safe_random(lua_State *L)
{
    Game *g = api_game(L);
    if (g->readonly) return luaL_error(L, "math.random: not in a read-only query");
    lua_Integer lo;
    uint32_t count;
    if (!sandbox_random_args(L, &lo, &count)) {
        lua_pushnumber(L, (lua_Number)(rng_next(&g->s) >> 11) * (1.0 / 9007199254740992.0));
        return 1;
    }
    Err e;
    err_clear(&e);
    int64_t v;
    if (!rng_draw(g, lo, (int64_t)((lua_Unsigned)lo + count - 1), "the interval asked for", &v, &e))
        return luaL_error(L, "math.random: %s", e.msg);
    lua_pushinteger(L, v);
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
    /* What getmetatable returns for every locked metatable: one table shared by every
     * script of every pack, so it must be read-only, itself locked by itself (else it
     * is a channel that keeps state between actions and games). */
    lua_rawgeti(L, LUA_REGISTRYINDEX, vm->sentinel_ref);
    int target = lua_gettop(L);
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 5);
    lua_pushvalue(L, target);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, ro_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushcfunction(L, ro_len);
    lua_setfield(L, -2, "__len");
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, target);
    lua_rawsetp(L, -2, &proxy_key);
    lua_setmetatable(L, -2);
    lua_rawseti(L, LUA_REGISTRYINDEX, vm->sentinel_ref);
    lua_pop(L, 1);
    /* the real libraries, in a hidden table */
    luaL_requiref(L, "_G", luaopen_base, 0);
    int base = lua_gettop(L);
    static const char *const base_ok[] = {"assert", "error",  "ipairs",   "select",
                                          "type",   "rawequal", "rawlen", "rawget", "_VERSION",
                                          "getmetatable", NULL};
    copy_fields(L, base, G, base_ok);
    wrap(L, base, G, "tonumber", fuel_chars);
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
    static const char *const str_ok[] = {"len", NULL};
    copy_fields(L, str, sstr, str_ok);
    wrap(L, str, sstr, "lower", fuel_chars);
    wrap(L, str, sstr, "upper", fuel_chars);
    wrap(L, str, sstr, "reverse", fuel_chars);
    wrap(L, str, sstr, "char", fuel_args);
    wrap(L, str, sstr, "sub", safe_sub);
    wrap2(L, str, sstr, "byte", safe_byte, "string.byte", false);
    wrap(L, str, sstr, "rep", safe_rep);
    wrap(L, str, sstr, "format", safe_format);
    wrap(L, str, sstr, "find", safe_find);
    wrap(L, str, sstr, "match", safe_match);
    wrap(L, str, sstr, "gmatch", safe_gmatch);
    wrap(L, str, sstr, "gsub", safe_gsub);
    /* gmatch's iterator keeps its position: the deep freeze must recognise it */
    lua_getfield(L, str, "gmatch");
    lua_pushliteral(L, "");
    lua_pushliteral(L, "");
    lua_call(L, 2, 1);
    lua_pushcfunction(L, lua_tocfunction(L, -1));
    lua_rawsetp(L, LUA_REGISTRYINDEX, &gmatch_key);
    lua_pop(L, 1);
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
    static const char *const arith[] = {"__add", "__sub", "__mul", "__div", "__mod", "__pow",
                                        "__idiv", "__unm", NULL};
    for (int i = 0; arith[i]; i++) {
        if (lua_getfield(L, -1, arith[i]) == LUA_TFUNCTION) {
            lua_pushcclosure(L, fuel_strarith, 1);
            lua_setfield(L, -2, arith[i]);
        } else {
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 2);
    lua_setfield(L, G, "string");
    lua_pop(L, 2);

    luaL_requiref(L, "table", luaopen_table, 0);
    int tab = lua_gettop(L);
    lua_newtable(L);
    int stab = lua_gettop(L);
    static const char *const tab_ok[] = {"pack", NULL};
    copy_fields(L, tab, stab, tab_ok);
    wrap2(L, tab, stab, "insert", safe_shift, NULL, true);
    wrap2(L, tab, stab, "remove", safe_shift, NULL, false);
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
    static const char *const utf_ok[] = {"charpattern", "codes", NULL};
    copy_fields(L, -2, -1, utf_ok);
    wrap(L, -2, -1, "char", fuel_args);
    wrap(L, -2, -1, "len", fuel_chars);
    wrap(L, -2, -1, "offset", fuel_chars);
    wrap2(L, -2, -1, "codepoint", safe_byte, "utf8.codepoint", false);
    sandbox_freeze(L);
    lua_setfield(L, G, "utf8");
    lua_pop(L, 1);

    /* the loaded-libraries table must not leak the real ones either */
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
}
