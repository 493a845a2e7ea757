/* scenario.c — reading scenario test files. A scenario file is Lua (so designers get
 * comments, long strings and tables) holding calls `scenario "name" { ... }` (and
 * `defaults { ... }`, what the scenarios after it leave out); it runs in its own small
 * Lua state that can only build tables, under a memory cap and a work budget, and what
 * it declares comes back as JSON for the runner (repl/scenario.c). Lua code meant for
 * the game (setup, checks) is written as strings. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vmi.h"

/* ---------------------------------------------------------------- limits ---------- */

/* What the file may use: memory, and work — Lua instructions, plus 1 per 64 bytes
 * allocated (one concatenation may copy megabytes), plus what the table functions
 * charge for their loops in C (sc_charged) — with CPU time as a backstop for C work
 * nothing counts (comparing two long strings, a scan for the next key of a sparse
 * table). */
#define SC_MEM_CAP (32u << 20)
#define SC_BUDGET 50000000L
#define SC_HOOK_EVERY 1000
#define SC_CPU_CAP (10 * CLOCKS_PER_SEC)
/* what the scenarios may come to as JSON: a table used many times over is copied each
 * time, so a few lines could make billions of values */
#define SC_MAX_VALUES 1000000
#define SC_MAX_TEXT (64u << 20)

typedef struct Sc {
    size_t mem;     /* bytes the state holds */
    long used;      /* work done so far */
    bool stop;      /* the work ran out: every further instruction raises again */
    clock_t start;  /* CPU time when the file started */
    int error_line; /* where the last runtime error was raised (sc_msgh), or 0 */
} Sc;

static Sc *sc_of(lua_State *L)
{
    void *ud;
    lua_getallocf(L, &ud);
    return ud;
}

static void *sc_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    Sc *sc = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        sc->mem -= old;
        return NULL;
    }
    if (nsize > old && sc->mem - old + nsize > SC_MEM_CAP) return NULL;
    void *p = realloc(ptr, nsize);
    if (!p) return NULL;
    if (nsize > old) sc->used += (long)((nsize - old) >> 6);
    sc->mem = sc->mem - old + nsize;
    return p;
}

static void sc_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    Sc *sc = sc_of(L);
    sc->used += SC_HOOK_EVERY;
    if (!sc->stop && sc->used <= SC_BUDGET && clock() - sc->start <= SC_CPU_CAP) return;
    /* sticky: raised again at every instruction, so pcall cannot swallow it */
    sc->stop = true;
    lua_sethook(L, sc_hook, LUA_MASKCOUNT, 1);
    luaL_where(L, 0); /* the line that was running */
    lua_pushstring(L, "scenario file runs too long (a loop?)");
    lua_concat(L, 2);
    lua_error(L);
}

/* How sc_charged counts the work of the function it wraps. */
enum { CHARGE_LENGTH, CHARGE_SORT, CHARGE_BYTES };

/* table.concat, insert, remove, sort and unpack, and print, charging their loops in C
 * first: in proportion to the table's length (sort n log n), or to the bytes printed.
 * Upvalue 1 is the library function, upvalue 2 its CHARGE_*. Without it,
 * table.insert(t, 1, x) in a loop over a table of a million items ran for hours between
 * two ticks of the hook, and a loop printing a long string filled the disk under
 * stdout. */
static int sc_charged(lua_State *L)
{
    Sc *sc = sc_of(L);
    int how = (int)lua_tointeger(L, lua_upvalueindex(2));
    long n = how != CHARGE_BYTES && lua_type(L, 1) == LUA_TTABLE ? (long)lua_rawlen(L, 1) : 0;
    long cost = n;
    if (how == CHARGE_SORT)
        for (long k = n; k > 1; k >>= 1) cost += n;
    for (int i = 1; how == CHARGE_BYTES && i <= lua_gettop(L); i++)
        if (lua_type(L, i) == LUA_TSTRING) cost += (long)lua_rawlen(L, i);
    sc->used += cost < SC_BUDGET ? cost : SC_BUDGET;
    if (sc->used > SC_BUDGET) sc_hook(L, NULL);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* string.rep, refusing a result over the memory cap before it starts: Lua's loops once
 * per copy even when the copies are empty (rep("", 2^62) never returned). */
static int sc_rep(lua_State *L)
{
    size_t l, lsep;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n > 0 && (lua_Unsigned)n > SC_MEM_CAP / (l + lsep + 1))
        return luaL_error(L, "string.rep: %I copies make more than a scenario file may hold",
                          (LUAI_UACINT)n);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* The line of the file's code running at stack level `level`, or at the nearest level
 * above it that is Lua (a library function has none); 0 when none is. The state runs
 * no Lua but the file's. */
static int sc_line(lua_State *L, int level)
{
    lua_Debug ar;
    for (; lua_getstack(L, level, &ar); level++)
        if (lua_getinfo(L, "l", &ar) && ar.currentline > 0) return ar.currentline;
    return 0;
}

/* Message handler: notes the line of the file the error was raised at (a message from
 * the budget hook or error(x, 0) has none of its own) and makes a message of a value
 * that is not one. */
static int sc_msgh(lua_State *L)
{
    sc_of(L)->error_line = sc_line(L, 1);
    if (lua_type(L, 1) != LUA_TSTRING && lua_type(L, 1) != LUA_TNUMBER)
        lua_pushfstring(L, "error raised with a %s value, not a message", luaL_typename(L, 1));
    return 1;
}

/* Lua starts a message with where: "<source>:<line>: ", the source being the path or,
 * when long, "..." and the end of it. The line, with *rest just after that start; 0,
 * with *rest = m, when m does not start so. */
static int sc_where(const char *m, const char *path, const char **rest)
{
    size_t pl = strlen(path);
    *rest = m;
    for (const char *c = strchr(m, ':'); c; c = strchr(c + 1, ':')) {
        size_t sl = (size_t)(c - m);
        bool same = (sl == pl && strncmp(m, path, pl) == 0) ||
                    (sl > 3 && sl - 3 <= pl && strncmp(m, "...", 3) == 0 &&
                     strncmp(m + 3, path + pl - (sl - 3), sl - 3) == 0);
        if (!same) continue;
        int line = 0;
        const char *q = c + 1;
        for (; *q >= '0' && *q <= '9' && line < 100000000; q++) line = line * 10 + (*q - '0');
        if (q == c + 1 || strncmp(q, ": ", 2) != 0) return 0;
        *rest = q + 2;
        return line;
    }
    return 0;
}

/* ---------------------------------------------------------------- declarations ---- */

/* Fills what spec (at idx) leaves out from the file's current defaults: game, players
 * and seed when absent, and each option the spec's `options` does not set. */
static void sc_apply_defaults(lua_State *L, int idx)
{
    lua_getfield(L, LUA_REGISTRYINDEX, "defaults");
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    static const char *const plain[] = {"game", "players", "seed", "helpers", "helpers_file", NULL};
    for (int i = 0; plain[i]; i++) {
        if (lua_getfield(L, idx, plain[i]) == LUA_TNIL) {
            lua_getfield(L, -2, plain[i]);
            lua_setfield(L, idx, plain[i]);
        }
        lua_pop(L, 1);
    }
    if (lua_getfield(L, -1, "options") == LUA_TTABLE) {
        /* options of another type stay as they are, for the runner to refuse (made a
         * table here, they were lost without a word) */
        int t = lua_getfield(L, idx, "options");
        if (t == LUA_TNIL) {
            lua_pop(L, 1);
            lua_newtable(L);
            lua_pushvalue(L, -1);
            lua_setfield(L, idx, "options");
        }
        /* stack: defaults, default options, spec options */
        if (t == LUA_TNIL || t == LUA_TTABLE) lua_pushnil(L);
        while ((t == LUA_TNIL || t == LUA_TTABLE) && lua_next(L, -3)) {
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

/* defaults { game = ..., players = ..., seed = ..., options = {...}, helpers = [[...]],
 * helpers_file = "x.helpers.lua" }: what the scenarios declared after it leave out (a
 * later call replaces it). */
static int sc_defaults(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
#define SC_DEFAULT_KEYS "game, players, seed, options, helpers, helpers_file"
        if (lua_type(L, -2) != LUA_TSTRING)
            return luaL_error(L, "defaults: a value without a name (keys: " SC_DEFAULT_KEYS ")");
        const char *k = lua_tostring(L, -2);
        bool helpers = strcmp(k, "helpers") == 0 || strcmp(k, "helpers_file") == 0;
        if (strcmp(k, "game") && strcmp(k, "players") && strcmp(k, "seed") && strcmp(k, "options") && !helpers)
            return luaL_error(L, "defaults: unknown key '%s' (keys: " SC_DEFAULT_KEYS ")", k);
        if (strcmp(k, "options") == 0 && !lua_istable(L, -1))
            return luaL_error(L, "defaults: 'options' must be a table");
        if (helpers && lua_type(L, -1) != LUA_TSTRING)
            return luaL_error(L, "defaults: '%s' must be text, not a %s", k, luaL_typename(L, -1));
        lua_pop(L, 1);
    }
    lua_pushvalue(L, 1);
    lua_setfield(L, LUA_REGISTRYINDEX, "defaults");
    return 0;
}

static int sc_collect(lua_State *L)
{
    /* upvalue 1: the name; argument 1: the spec table */
    if (!lua_istable(L, 1))
        return luaL_error(L, "scenario \"%s\" takes a table { game = ..., ... } (got %s)",
                          lua_tostring(L, lua_upvalueindex(1)), luaL_typename(L, 1));
    lua_settop(L, 1);
    /* given its table: no longer unfinished */
    lua_Debug ar;
    lua_getfield(L, LUA_REGISTRYINDEX, "unfinished");
    if (lua_getstack(L, 0, &ar) && lua_getinfo(L, "f", &ar)) {
        lua_pushnil(L);
        lua_rawset(L, -3);
    }
    lua_pop(L, 1);
    sc_apply_defaults(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, "scenarios");
    lua_createtable(L, 0, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setfield(L, -2, "name");
    lua_pushvalue(L, 1);
    lua_setfield(L, -2, "spec");
    lua_pushinteger(L, sc_line(L, 1));
    lua_setfield(L, -2, "line");
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    return 0;
}

static int sc_scenario(lua_State *L)
{
    luaL_checkstring(L, 1);
    lua_settop(L, 1);
    lua_pushcclosure(L, sc_collect, 1);
    /* remembered with its line until it gets its table: `scenario "x"` alone would
     * otherwise declare nothing, and say nothing */
    lua_getfield(L, LUA_REGISTRYINDEX, "unfinished");
    lua_pushvalue(L, -2);
    lua_pushinteger(L, sc_line(L, 1));
    lua_rawset(L, -3);
    lua_pop(L, 1);
    return 1;
}

/* Keeps a copy of library `lib` as it is now in package.loaded (which the file cannot
 * reach): Lua names a function in its messages by looking it up there, and a wrapped
 * one (sc_charged, sc_rep) calls the original from C, where only that lookup finds
 * its name ("bad argument #1 to 'table.insert'", not to '?'). */
static void sc_keep_names(lua_State *L, const char *lib)
{
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_getglobal(L, lib);
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, -3)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
    lua_setfield(L, -3, lib);
    lua_pop(L, 2);
}

/* The libraries: base, string and table, less what could touch the outside (dofile,
 * loadfile, load, require, collectgarbage), what could run in C without end (string
 * patterns, which backtrack; table.move over any range), and metatables (a finalizer,
 * __gc, runs with hooks off: a loop in one never stopped). */
static void sc_open(lua_State *L)
{
    luaL_requiref(L, "_G", luaopen_base, 1);
    luaL_requiref(L, "string", luaopen_string, 1);
    luaL_requiref(L, "table", luaopen_table, 1);
    lua_pop(L, 3);
    sc_keep_names(L, "string");
    sc_keep_names(L, "table");
    static const char *const drop[] = {"dofile", "loadfile", "load", "require", "collectgarbage",
                                       "setmetatable", "getmetatable", NULL};
    for (int i = 0; drop[i]; i++) {
        lua_pushnil(L);
        lua_setglobal(L, drop[i]);
    }
    static const char *const drop_string[] = {"find", "match", "gmatch", "gsub", NULL};
    lua_getglobal(L, "string");
    for (int i = 0; drop_string[i]; i++) {
        lua_pushnil(L);
        lua_setfield(L, -2, drop_string[i]);
    }
    lua_getfield(L, -1, "rep");
    lua_pushcclosure(L, sc_rep, 1);
    lua_setfield(L, -2, "rep");
    lua_pop(L, 1);
    static const char *const charged[] = {"concat", "insert", "remove", "sort", "unpack", NULL};
    lua_getglobal(L, "table");
    lua_pushnil(L);
    lua_setfield(L, -2, "move");
    for (int i = 0; charged[i]; i++) {
        lua_getfield(L, -1, charged[i]);
        lua_pushinteger(L, strcmp(charged[i], "sort") == 0 ? CHARGE_SORT : CHARGE_LENGTH);
        lua_pushcclosure(L, sc_charged, 2);
        lua_setfield(L, -2, charged[i]);
    }
    lua_pop(L, 1);
    lua_getglobal(L, "print");
    lua_pushinteger(L, CHARGE_BYTES);
    lua_pushcclosure(L, sc_charged, 2);
    lua_setglobal(L, "print");
    lua_pushcfunction(L, sc_scenario);
    lua_setglobal(L, "scenario");
    lua_pushcfunction(L, sc_defaults);
    lua_setglobal(L, "defaults");
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "scenarios");
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "unfinished");
}

/* ---------------------------------------------------------------- to JSON --------- */

typedef struct Conv {
    long values;     /* JSON values made so far */
    size_t text;     /* bytes of text copied so far */
    char where[160]; /* the keys down to the value being converted: "steps[2].answer" */
    char msg[200];   /* why it cannot be converted */
    bool cap;        /* what stopped it is the file's cap on values or text, not one value */
} Conv;

/* Converts the Lua value at idx to JSON; NULL with c->msg set (and c->where naming the
 * value) for what JSON cannot hold. */
static json_t *to_json(lua_State *L, int idx, int depth, Conv *c)
{
    idx = lua_absindex(L, idx);
    if (++c->values > SC_MAX_VALUES || c->text > SC_MAX_TEXT) {
        c->cap = true;
        snprintf(c->msg, sizeof c->msg,
                 "the scenarios come to more than %d values or %u MiB of text (a table used "
                 "many times over?)", SC_MAX_VALUES, SC_MAX_TEXT >> 20);
        return NULL;
    }
    if (depth > 30 || !lua_checkstack(L, 4)) {
        snprintf(c->msg, sizeof c->msg, "tables nested too deep");
        return NULL;
    }
    switch (lua_type(L, idx)) {
    case LUA_TNIL: return json_null();
    case LUA_TBOOLEAN: return json_boolean(lua_toboolean(L, idx));
    case LUA_TNUMBER: {
        /* a whole number is one, however written (players = 4 / 2 is 2.0 in Lua) */
        int whole;
        lua_Integer i = lua_tointegerx(L, idx, &whole);
        if (whole) return json_integer((json_int_t)i);
        if (isnan(lua_tonumber(L, idx))) {
            /* printed, it is "nan" or "-nan", as the machine has it */
            snprintf(c->msg, sizeof c->msg, "0/0 is not a number");
            return NULL;
        }
        if (!isfinite(lua_tonumber(L, idx))) {
            snprintf(c->msg, sizeof c->msg, "%s is not a finite number", lua_tostring(L, idx));
            return NULL;
        }
        return json_real(lua_tonumber(L, idx));
    }
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, idx, &n);
        c->text += n;
        json_t *j = memchr(s, 0, n) ? NULL : json_stringn(s, n);
        if (!j)
            snprintf(c->msg, sizeof c->msg,
                     "text that is not UTF-8, or has a zero byte, cannot go into a scenario");
        return j;
    }
    case LUA_TTABLE: break;
    default:
        snprintf(c->msg, sizeof c->msg, "a %s cannot go into a scenario (write Lua for the game as a string)",
                 luaL_typename(L, idx));
        return NULL;
    }
    size_t at = strlen(c->where);
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
            snprintf(c->where + at, sizeof c->where - at, "[%lld]", (long long)i);
            lua_rawgeti(L, idx, i);
            json_t *v = to_json(L, -1, depth + 1, c);
            lua_pop(L, 1);
            if (!v) {
                json_decref(a);
                return NULL;
            }
            json_array_append_new(a, v);
        }
        c->where[at] = 0;
        return a;
    }
    json_t *o = json_object();
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        char key[32];
        size_t kl = 0;
        const char *k = key;
        if (lua_type(L, -2) == LUA_TSTRING) k = lua_tolstring(L, -2, &kl);
        else if (lua_isinteger(L, -2))
            kl = (size_t)snprintf(key, sizeof key, "%lld", (long long)lua_tointeger(L, -2));
        else {
            snprintf(c->msg, sizeof c->msg, "a key that is a %s: keys are names or whole numbers",
                     luaL_typename(L, -2));
            lua_pop(L, 2);
            json_decref(o);
            return NULL;
        }
        snprintf(c->where + at, sizeof c->where - at, "%s%.*s", at ? "." : "", (int)(kl < 40 ? kl : 40), k);
        json_t *v = to_json(L, -1, depth + 1, c);
        lua_pop(L, 1);
        bool bad_key = false;
        if (v && memchr(k, 0, kl)) {
            json_decref(v);
            bad_key = true;
        } else if (v) {
            bad_key = json_object_setn_new(o, k, kl, v) != 0; /* takes v, also when it refuses */
        }
        if (!v || bad_key) {
            if (bad_key) snprintf(c->msg, sizeof c->msg, "a key that is not UTF-8, or has a zero byte");
            lua_pop(L, 1);
            json_decref(o);
            return NULL;
        }
    }
    c->where[at] = 0;
    return o;
}

/* The scenarios declared (at the top of L's stack) as JSON: an array of {name, line,
 * spec}; a scenario holding a value JSON cannot (a function, 0/0, text that is not
 * UTF-8) is {name, line, error} naming the key, and the others are read as usual (one
 * such value refused the whole file: none of its scenarios ran). NULL with e when the
 * scenarios together pass the file's cap on values or text. */
static json_t *sc_list(lua_State *L, const char *path, Err *e)
{
    json_t *out = json_array();
    Conv c = {0};
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        lua_getfield(L, -1, "line");
        int line = (int)lua_tointeger(L, -1);
        lua_getfield(L, -2, "name");
        lua_getfield(L, -3, "spec");
        size_t nl;
        const char *name = lua_tolstring(L, -2, &nl);
        json_t *jname = memchr(name, 0, nl) ? NULL : json_stringn(name, nl);
        c.where[0] = 0;
        json_t *spec = jname ? to_json(L, -1, 0, &c) : NULL;
        lua_pop(L, 4);
        if (!spec && c.cap) {
            err_at(e, path, line, 0, "scenario \"%s\": %s", jname ? json_string_value(jname) : "?", c.msg);
            json_decref(jname);
            json_decref(out);
            return NULL;
        }
        json_t *sc = json_object();
        json_object_set_new(sc, "name", jname ? jname : json_string("(a name that is not UTF-8)"));
        json_object_set_new(sc, "line", json_integer(line));
        if (spec) {
            json_object_set_new(sc, "spec", spec);
        } else {
            char why[400];
            if (jname)
                snprintf(why, sizeof why, "%s%s%s", c.where, c.where[0] ? ": " : "", c.msg);
            else
                snprintf(why, sizeof why, "a scenario's name must be UTF-8 text without a zero byte");
            /* the key's name was cut at 40 bytes, maybe inside a character: then without it */
            json_t *j = json_string(why);
            json_object_set_new(sc, "error", j ? j : json_string(c.msg));
        }
        json_array_append_new(out, sc);
    }
    return out;
}

/* The first scenario (by line) that never got its table: "scenario "x"" alone. */
static bool sc_unfinished(lua_State *L, const char *path, Err *e)
{
    lua_getfield(L, LUA_REGISTRYINDEX, "unfinished");
    int line = 0;
    const char *name = NULL;
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        int l = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
        if (!name || l < line) {
            line = l;
            lua_getupvalue(L, -1, 1);
            name = lua_tostring(L, -1); /* kept alive by the closure */
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    if (name)
        err_at(e, path, line, 0, "scenario \"%s\" has no table: write scenario \"%s\" { game = ..., ... }",
               name, name);
    return !name;
}

/* ------------------------------------------------------------- where code lies ------ */

/* Where the Lua code a scenario gives the game (setup, a step's lua or check, expect's
 * checks) lies in the file, so that its errors can name file:line rather than "chunk 1"
 * or "check": each string is looked for as a literal of the text, "..." / '...' or a
 * long bracket (less the newline Lua drops after "[["), first between its scenario's
 * line and the next scenario's, then anywhere. A string built or escaped is not found
 * and keeps its plain name. The search gives up after a budget of bytes compared
 * (LOCATE_BUDGET): a huge file of tiny scenarios must not take quadratic time. */
#define LOCATE_BUDGET (64u << 20)

typedef struct Text {
    const char *s;
    size_t len;
    size_t budget;   /* bytes left to compare */
    size_t *starts;  /* the byte offset where each line begins (NULL: out of memory) */
    size_t nstarts;
} Text;

/* Fills t->starts, once per file: finding a line, or the line of an offset, from the
 * top of the file for each scenario made a file of thousands of them quadratic. */
static void sc_lines(Text *t)
{
    size_t n = 1;
    for (const char *c = t->s; (c = memchr(c, '\n', (size_t)(t->s + t->len - c))); c++) n++;
    t->starts = xmalloc(n * sizeof *t->starts);
    if (!t->starts) return;
    t->starts[t->nstarts++] = 0;
    for (const char *c = t->s; (c = memchr(c, '\n', (size_t)(t->s + t->len - c))); c++)
        t->starts[t->nstarts++] = (size_t)(c - t->s) + 1;
}

/* Whether the len bytes at p in t are a whole Lua string literal. */
static bool sc_is_literal(const Text *t, size_t p, size_t len)
{
    size_t end = p + len;
    if (p > 0 && (t->s[p - 1] == '"' || t->s[p - 1] == '\'')) return end < t->len && t->s[end] == t->s[p - 1];
    /* a long bracket: [==[ then maybe a newline (\n, \r\n) Lua drops, ]==] after */
    size_t b = p;
    if (b > 0 && t->s[b - 1] == '\n') b--;
    if (b > 0 && t->s[b - 1] == '\r') b--;
    if (b == 0 || t->s[b - 1] != '[') return false;
    b--;
    size_t eq = 0;
    while (b > 0 && t->s[b - 1] == '=') b--, eq++;
    if (b == 0 || t->s[b - 1] != '[') return false;
    if (end + eq + 2 > t->len || t->s[end] != ']' || t->s[end + eq + 1] != ']') return false;
    for (size_t i = 0; i < eq; i++)
        if (t->s[end + 1 + i] != '=') return false;
    return true;
}

/* Byte offset of the first literal equal to str in t between offsets from and to, or
 * SIZE_MAX. */
static size_t sc_find_literal(Text *t, size_t from, size_t to, const char *str, size_t len)
{
    if (len == 0 || to > t->len) return SIZE_MAX;
    for (size_t p = from; p + len <= to && t->budget > 0; p++) {
        const char *hit = memchr(t->s + p, (unsigned char)str[0], to - len + 1 - p);
        if (!hit) break;
        p = (size_t)(hit - t->s);
        t->budget = t->budget > len ? t->budget - len : 0;
        if (memcmp(hit, str, len) == 0 && sc_is_literal(t, p, len)) return p;
    }
    return SIZE_MAX;
}

/* Byte offset of the start of line `line` (1-based) in t, or t->len. */
static size_t sc_line_start(const Text *t, int line)
{
    if (t->starts) return line < 1 ? 0 : (size_t)line <= t->nstarts ? t->starts[line - 1] : t->len;
    size_t p = 0;
    for (int l = 1; l < line && p < t->len; l++) {
        const char *nl = memchr(t->s + p, '\n', t->len - p);
        p = nl ? (size_t)(nl - t->s) + 1 : t->len;
    }
    return p;
}

/* The line (1-based) that byte offset p of t lies on. */
static int sc_line_of(const Text *t, size_t p)
{
    if (!t->starts) {
        int line = 1;
        for (const char *c = t->s; (c = memchr(c, '\n', (size_t)(t->s + p - c))); c++) line++;
        return line;
    }
    size_t lo = 0, hi = t->nstarts; /* the last start <= p */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->starts[mid] <= p) lo = mid;
        else hi = mid;
    }
    return (int)lo + 1;
}

/* Adds code (a JSON string, or anything else: left out) to lines, {code: line}, looked
 * for between from and to first. */
static void sc_locate(Text *t, json_t *lines, json_t *code, size_t from, size_t to)
{
    if (!json_is_string(code) || json_object_get(lines, json_string_value(code))) return;
    const char *str = json_string_value(code);
    size_t len = json_string_length(code);
    size_t p = sc_find_literal(t, from, to, str, len);
    if (p == SIZE_MAX) p = sc_find_literal(t, 0, t->len, str, len);
    if (p == SIZE_MAX) return;
    json_object_set_new(lines, str, json_integer(sc_line_of(t, p)));
}

/* Gives each scenario of list "lines": {code: line} for the code it gives the game. */
static void sc_locate_all(json_t *list, const char *text, size_t len)
{
    Text t = {text, len, LOCATE_BUDGET, NULL, 0};
    sc_lines(&t);
    size_t n = json_array_size(list);
    for (size_t i = 0; i < n; i++) {
        json_t *sc = json_array_get(list, i);
        json_t *spec = json_object_get(sc, "spec");
        int line = (int)json_integer_value(json_object_get(sc, "line"));
        int next = i + 1 < n ? (int)json_integer_value(json_object_get(json_array_get(list, i + 1), "line")) : 0;
        size_t from = sc_line_start(&t, line);
        size_t to = next > line ? sc_line_start(&t, next + 1) : len;
        json_t *lines = json_object();
        sc_locate(&t, lines, json_object_get(spec, "setup"), from, to);
        sc_locate(&t, lines, json_object_get(spec, "helpers"), from, to);
        size_t k;
        json_t *v;
        json_array_foreach(json_object_get(spec, "steps"), k, v) {
            if (!json_is_object(v)) continue;
            sc_locate(&t, lines, json_object_get(v, "lua"), from, to);
            sc_locate(&t, lines, json_object_get(v, "check"), from, to);
        }
        json_t *ex = json_object_get(spec, "expect");
        json_array_foreach(json_object_get(ex, "checks"), k, v) sc_locate(&t, lines, v, from, to);
        json_object_set_new(sc, "lines", lines);
    }
    xfree(t.starts);
}

/* ---------------------------------------------------------------- helpers --------- */

/* A scenario's helpers (its `helpers` text and the file its `helpers_file` names, or
 * the defaults' ones) become "helpers": a list of {file, line, text}, the file's first
 * and the text after it, each where it lies (line 0: a text built at run time, not in
 * the file), for the runner to put in front of each chunk of Lua the scenario gives the
 * game. A helpers file is read once per scenario file, and each part is compiled here
 * once, so that a syntax error names its own file and line. */
#define SC_HELPERS_MAX (1u << 20)
#define SC_HELPERS_SUFFIX ".helpers.lua"

/* Why rel cannot name a helpers file, or NULL. It is a path from the scenario file's
 * folder to that folder or one below it: a test folder copied elsewhere still runs, and
 * a scenario file reads nothing outside its own tree. */
static const char *sc_helpers_path_bad(const char *rel)
{
    if (rel[0] == '/') return "a path from the scenario file's folder, not an absolute one";
    for (const char *p = rel; *p;) {
        size_t l = strcspn(p, "/");
        if (l == 2 && p[0] == '.' && p[1] == '.')
            return "the file must be in the scenario file's folder or a folder below it (no '..')";
        p += l;
        while (*p == '/') p++;
    }
    size_t l = strlen(rel), sl = strlen(SC_HELPERS_SUFFIX);
    if (l <= sl || strcmp(rel + l - sl, SC_HELPERS_SUFFIX) != 0)
        return "a helpers file's name ends in " SC_HELPERS_SUFFIX " (`tabula test` passes such files by: "
               "they hold no scenario)";
    return NULL;
}

/* The text of the helpers file rel names (from the folder of path), as a new JSON
 * string; NULL with why filled. Each file is read once: cache maps its path to its text
 * or to {"error": why}. */
static json_t *sc_helpers_read(const char *path, const char *rel, json_t *cache, char *full, size_t nfull,
                               char *why, size_t n)
{
    const char *slash = strrchr(path, '/');
    snprintf(full, nfull, "%.*s%s", slash ? (int)(slash - path + 1) : 0, path, rel);
    const char *bad = sc_helpers_path_bad(rel);
    if (bad) {
        snprintf(why, n, "helpers_file '%s': %s", rel, bad);
        return NULL;
    }
    json_t *c = json_object_get(cache, full);
    if (!c) {
        Err e;
        err_clear(&e);
        size_t len;
        char *text = file_read(full, &len, &e);
        if (!text) {
            c = json_pack("{s:s}", "error", e.msg);
        } else if (len > SC_HELPERS_MAX) {
            c = json_pack("{s:s}", "error", "more than 1 MiB of helpers");
        } else {
            c = memchr(text, 0, len) ? NULL : json_stringn(text, len);
            if (!c) c = json_pack("{s:s}", "error", "text that is not UTF-8, or has a zero byte");
        }
        xfree(text);
        if (!c) c = json_object(); /* out of memory: an error without a message */
        json_object_set_new(cache, full, c);
    }
    if (json_is_string(c)) return json_incref(c);
    const char *m = json_string_value(json_object_get(c, "error"));
    snprintf(why, n, "helpers_file '%s': %s: %s", rel, full, m ? m : "out of memory");
    return NULL;
}

/* Compiles a helpers part (text, from file's line `line`; 0 when unknown) without
 * running it; false with why saying where the syntax is wrong. */
static bool sc_helpers_compile(lua_State *L, const char *key, json_t *text, const char *file, int line, char *why,
                               size_t n)
{
    int st = luaL_loadbufferx(L, json_string_value(text), json_string_length(text), "=helpers", "t");
    if (st == LUA_OK) {
        lua_pop(L, 1);
        return true;
    }
    const char *m = st == LUA_ERRMEM ? "out of memory" : lua_tostring(L, -1);
    const char *rest;
    int k = sc_where(m ? m : "error", "helpers", &rest);
    if (k > 0 && line > 0) snprintf(why, n, "%s: %s:%d: %s", key, file, line + k - 1, rest);
    else snprintf(why, n, "%s: %s", key, m ? m : "error");
    lua_pop(L, 1);
    return false;
}

/* Gives each scenario of list (read from path) its "helpers"; a scenario whose helpers
 * cannot be had (a file missing, a syntax error) fails alone, its "error" saying why. */
static void sc_helpers_all(lua_State *L, json_t *list, const char *path)
{
    json_t *cache = json_object();
    size_t i;
    json_t *sc;
    json_array_foreach(list, i, sc) {
        json_t *spec = json_object_get(sc, "spec");
        json_t *hf = json_object_get(spec, "helpers_file"), *ht = json_object_get(spec, "helpers");
        json_t *parts = json_array();
        char why[4700] = "", full[4200];
        /* wrong types are left for the runner, which names the key */
        if (json_is_string(hf) && json_string_length(hf) > 0) {
            json_t *text = sc_helpers_read(path, json_string_value(hf), cache, full, sizeof full, why, sizeof why);
            if (text && sc_helpers_compile(L, "helpers_file", text, full, 1, why, sizeof why))
                json_array_append_new(parts, json_pack("{s:s,s:i,s:O}", "file", full, "line", 1, "text", text));
            json_decref(text);
        }
        if (!why[0] && json_is_string(ht) && json_string_length(ht) > 0) {
            json_t *at = json_object_get(json_object_get(sc, "lines"), json_string_value(ht));
            int line = json_is_integer(at) ? (int)json_integer_value(at) : 0;
            if (sc_helpers_compile(L, "helpers", ht, path, line, why, sizeof why))
                json_array_append_new(parts, json_pack("{s:s,s:i,s:O}", "file", path, "line", line, "text", ht));
        }
        if (why[0]) {
            json_object_del(sc, "spec");
            json_t *j = json_string(why); /* a path that is not UTF-8: without it */
            json_object_set_new(sc, "error", j ? j : json_string("the scenario's helpers cannot be read"));
            json_decref(parts);
        } else {
            json_object_set_new(sc, "helpers", parts);
        }
    }
    json_decref(cache);
}

json_t *vm_scenarios_load(const char *path, Err *e)
{
    size_t len;
    char *text = file_read(path, &len, e);
    if (!text) return NULL;
    Sc sc = {0};
    sc.start = clock();
    lua_State *L = lua_newstate(sc_alloc, &sc);
    if (!L) {
        xfree(text);
        err_at(e, path, 0, 0, "out of memory");
        return NULL;
    }
    sc_open(L);
    lua_sethook(L, sc_hook, LUA_MASKCOUNT, SC_HOOK_EVERY);
    char chunk[4200];
    snprintf(chunk, sizeof chunk, "@%s", path);
    lua_pushcfunction(L, sc_msgh);
    int st = luaL_loadbufferx(L, text, len, chunk, "t");
    if (st == LUA_OK) st = lua_pcall(L, 0, 0, 1);
    if (st != LUA_OK) {
        const char *m = st == LUA_ERRMEM ? "the scenario file needs more than 32 MiB of memory (a loop?)"
                                         : lua_tostring(L, -1);
        if (!m) m = "error";
        /* err_at says where: keep only what Lua says after its own "path:line: " */
        const char *rest;
        int line = sc_where(m, path, &rest);
        err_at(e, path, line ? line : st == LUA_ERRRUN ? sc.error_line : 0, 0, "%s", rest);
        lua_close(L);
        xfree(text);
        return NULL;
    }
    json_t *out = NULL;
    if (sc_unfinished(L, path, e)) {
        lua_getfield(L, LUA_REGISTRYINDEX, "scenarios");
        out = sc_list(L, path, e);
    }
    if (out) {
        sc_locate_all(out, text, len);
        lua_sethook(L, NULL, 0, 0); /* compiling runs nothing: only the memory cap holds */
        sc_helpers_all(L, out, path);
    }
    lua_close(L);
    xfree(text);
    return out;
}
