/* lib_decide.c — decide.amounts, a question of quantities ("return 2 gems": a count of
 * each colour), and the designer's data an option carries for bots (`data` of an
 * option of decide.choose or decide.amounts). decide.choose itself is in lib_flow.c;
 * the host side (checking an answer, counting answers, the fields of an option) is
 * host/amounts.c. Read next: docs/scripting-api.md (decide.amounts). */
#include <stdlib.h>
#include <string.h>

#include "amounts.h"
#include "lib.h"

/* ---------------------------------------------------------------- option data ----- */

/* An option's data as JSON text, written into a Lua-owned box (so an error anywhere
 * leaves nothing to free): texts, integers, booleans and tables of them, a table being
 * a list (keys 1..n) or a record (text keys, written in byte order so the text is the
 * same in every process), at most DATA_MAX_DEPTH deep and DATA_MAX_BYTES long. */
#define DATA_MAX_DEPTH 8
#define DATA_MAX_BYTES 4000

typedef struct DataOut {
    size_t len;
    char s[DATA_MAX_BYTES + 8];
} DataOut;

static void data_fail(lua_State *L, const char *fname, int opt, const char *what)
{
    luaL_error(L, "%s: option %d's data %s (data holds texts, integers, booleans and tables of them)", fname, opt,
               what);
}

static void data_put(lua_State *L, DataOut *o, const char *s, size_t n, const char *fname, int opt)
{
    if (o->len + n > DATA_MAX_BYTES) data_fail(L, fname, opt, "is too big (at most 4000 bytes as JSON)");
    memcpy(o->s + o->len, s, n);
    o->len += n;
}

static void data_string(lua_State *L, DataOut *o, const char *s, size_t n, const char *fname, int opt)
{
    if (strlen(s) != n || !utf8_valid(s)) data_fail(L, fname, opt, "has a text that is not UTF-8");
    data_put(L, o, "\"", 1, fname, opt);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char esc[8];
        if (c == '"' || c == '\\') {
            esc[0] = '\\', esc[1] = (char)c;
            data_put(L, o, esc, 2, fname, opt);
        } else if (c < 0x20) {
            snprintf(esc, sizeof esc, "\\u%04x", c);
            data_put(L, o, esc, 6, fname, opt);
        } else {
            data_put(L, o, (const char *)&s[i], 1, fname, opt);
        }
    }
    data_put(L, o, "\"", 1, fname, opt);
}

static int key_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The value at the top of the stack, written into o (and left on the stack). */
static void data_value(lua_State *L, DataOut *o, int depth, const char *fname, int opt)
{
    if (!lua_checkstack(L, 8)) data_fail(L, fname, opt, "is too deep");
    int t = lua_gettop(L);
    switch (lua_type(L, t)) {
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, t, &n);
        data_string(L, o, s, n, fname, opt);
        return;
    }
    case LUA_TBOOLEAN:
        if (lua_toboolean(L, t)) data_put(L, o, "true", 4, fname, opt);
        else data_put(L, o, "false", 5, fname, opt);
        return;
    case LUA_TNUMBER: {
        if (!lua_isinteger(L, t)) data_fail(L, fname, opt, "has a number that is not an integer");
        char num[32];
        int k = snprintf(num, sizeof num, "%lld", (long long)lua_tointeger(L, t));
        data_put(L, o, num, (size_t)k, fname, opt);
        return;
    }
    case LUA_TTABLE: break;
    default: {
        char what[80];
        snprintf(what, sizeof what, "has a %s", luaL_typename(L, t));
        data_fail(L, fname, opt, what);
    }
    }
    if (depth >= DATA_MAX_DEPTH) data_fail(L, fname, opt, "is nested too deep (at most 8 tables)");
    if (sandbox_proxy_target(L, t)) lua_replace(L, t);
    lua_Integer len = (lua_Integer)lua_rawlen(L, t);
    lua_Integer nkeys = 0, nlist = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        nkeys++;
        lua_Integer i;
        int whole = 0;
        if (lua_type(L, -1) == LUA_TNUMBER && (i = lua_tointegerx(L, -1, &whole), whole) && i >= 1 && i <= len) nlist++;
        else if (lua_type(L, -1) != LUA_TSTRING) data_fail(L, fname, opt, "has a key that is neither text nor a list's index");
    }
    if (nlist > 0 && nlist != nkeys) data_fail(L, fname, opt, "has a table that is both a list and a record");
    if (nlist > 0) {
        data_put(L, o, "[", 1, fname, opt);
        for (lua_Integer i = 1; i <= len; i++) {
            if (i > 1) data_put(L, o, ",", 1, fname, opt);
            lua_rawgeti(L, t, i);
            data_value(L, o, depth + 1, fname, opt);
            lua_pop(L, 1);
        }
        data_put(L, o, "]", 1, fname, opt);
        return;
    }
    /* a record: its keys in byte order (pairs order differs between processes) */
    const char **keys = lua_newuserdatauv(L, (size_t)(nkeys ? nkeys : 1) * sizeof *keys, 0);
    int kbox = lua_gettop(L);
    lua_Integer k = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        keys[k++] = lua_tostring(L, -1); /* a key of t: alive while t is */
    }
    qsort(keys, (size_t)nkeys, sizeof *keys, key_cmp);
    data_put(L, o, "{", 1, fname, opt);
    for (lua_Integer i = 0; i < nkeys; i++) {
        if (i > 0) data_put(L, o, ",", 1, fname, opt);
        lua_pushstring(L, keys[i]);
        data_string(L, o, keys[i], strlen(keys[i]), fname, opt);
        data_put(L, o, ":", 1, fname, opt);
        lua_rawget(L, t);
        data_value(L, o, depth + 1, fname, opt);
        lua_pop(L, 1);
    }
    data_put(L, o, "}", 1, fname, opt);
    lua_remove(L, kbox);
}

bool lib_option_data(lua_State *L, Game *g, int item, const char *fname, int opt, Err *e)
{
    if (!lua_istable(L, item)) return true;
    if (lua_getfield(L, item, "data") == LUA_TNIL) {
        lua_pop(L, 1);
        return true;
    }
    if (!lua_istable(L, -1)) {
        char what[80];
        snprintf(what, sizeof what, "is a %s, not a table", luaL_typename(L, -1));
        data_fail(L, fname, opt, what);
    }
    DataOut *o = lua_newuserdatauv(L, sizeof *o, 0);
    o->len = 0;
    lua_pushvalue(L, -2);
    data_value(L, o, 0, fname, opt);
    lua_pop(L, 1);
    o->s[o->len] = 0;
    bool ok = decision_option_data(g, o->s, e);
    lua_pop(L, 2);
    return ok;
}

/* ---------------------------------------------------------------- decide.amounts -- */

/* The result of decide.amounts: { [id] = count } for every item (0 included), from the
 * answer ids (each item's id once per unit: 1..n) or NULL and counts already made. The
 * items are the list at 2, whose ids are in the table at 4. */
static int amounts_result(lua_State *L, const int32_t *ids, int n, const int32_t *counts_in)
{
    lua_Integer nitems = (lua_Integer)lua_rawlen(L, 4);
    int32_t counts[AMOUNTS_MAX_OPTIONS] = {0};
    if (counts_in) memcpy(counts, counts_in, (size_t)nitems * sizeof *counts);
    for (int i = 0; ids && i < n; i++) {
        if (ids[i] < 1 || ids[i] > nitems)
            return luaL_error(L, "decide: the answer given to this question before (option %d) does not fit it "
                                 "any more: it has %I options now (the game changed under an answer already "
                                 "given: a pack edited since the game was saved, or a designer's change made "
                                 "while this action waits)",
                              ids[i], (LUAI_UACINT)nitems);
        counts[ids[i] - 1]++;
    }
    lua_createtable(L, 0, (int)nitems);
    for (lua_Integer i = 1; i <= nitems; i++) {
        lua_rawgeti(L, 4, i);
        lua_pushinteger(L, counts[i - 1]);
        lua_rawset(L, -3);
    }
    return 1;
}

static int amounts_k(lua_State *L, int status, lua_KContext kctx)
{
    (void)status;
    (void)kctx;
    Game *g = vm_of(L)->g;
    int n;
    const int32_t *ids = game_replay_answer(g, &n);
    if (!ids) return luaL_error(L, "internal: resumed without an answer");
    return amounts_result(L, ids, n, NULL);
}

/* Whether s is an item id the REPL can read: 1..60 bytes of letters, digits, '_', '-'
 * or '.', not all digits (a number is a count there). */
static bool id_ok(const char *s, size_t n)
{
    if (n == 0 || n > 60) return false;
    bool digits = true;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!(c >= '0' && c <= '9')) digits = false;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
              c == '.'))
            return false;
    }
    return !digits;
}

/* Integer field key of the table at idx in lo..hi, or dflt when absent. */
static int int_field(lua_State *L, int idx, const char *key, int dflt, int lo, int hi, const char *where)
{
    int t = lua_getfield(L, idx, key);
    int v = dflt;
    if (t != LUA_TNIL) {
        int whole = 0;
        lua_Integer x = lua_tointegerx(L, -1, &whole);
        if (t != LUA_TNUMBER || !whole)
            return luaL_error(L, "decide.amounts: %s's %s must be an integer, not %s", where, key, luaL_typename(L, -1));
        if (x < lo || x > hi)
            return luaL_error(L, "decide.amounts: %s's %s is %I, not in %d..%d", where, key, (LUAI_UACINT)x, lo, hi);
        v = (int)x;
    }
    lua_pop(L, 1);
    return v;
}

/* (lib.h) */
int lib_decide_amounts(lua_State *L)
{
    Game *g = api_game(L);
    int seat = lib_seat(L, g, 1, "decide.amounts");
    luaL_checktype(L, 2, LUA_TTABLE);
    if (g->readonly) return luaL_error(L, "decide.amounts: cannot ask in a read-only query");
    if (g->act.kind == ACT_CHUNK)
        return luaL_error(L, "decide.amounts: a designer chunk cannot ask a player (ask from a card or the rules)");
    if (!lua_isyieldable(L))
        return luaL_error(L, "decide.amounts: cannot ask a player here (inside a callback made by a library "
                             "function, such as a table.sort comparator or a string.gsub replacement function)");
    if (sandbox_proxy_target(L, 2)) lua_replace(L, 2);
    lua_settop(L, 3);
    lua_Integer n = (lua_Integer)lua_rawlen(L, 2);
    if (n > AMOUNTS_MAX_OPTIONS) return luaL_error(L, "decide.amounts: at most %d items", AMOUNTS_MAX_OPTIONS);
    /* the question's options */
    const char *prompt = "choose how many";
    char pbuf[256];
    int32_t tag = -1;
    bool autopick = false;
    int tmin = 0, tmax = -1, total = -1, step = 1;
    lib_opts(L, 3);
    if (lua_istable(L, 3)) {
        static const char *const known[] = {"total", "min", "max", "step", "prompt", "tag", "auto", NULL};
        lua_pushnil(L);
        while (lua_next(L, 3)) {
            lua_pop(L, 1);
            bool ok = false;
            for (int i = 0; known[i] && !ok; i++)
                ok = lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), known[i]) == 0;
            if (!ok) {
                const char *q = lua_type(L, -1) == LUA_TSTRING ? "'" : "";
                const char *key = luaL_tolstring(L, -1, NULL);
                return luaL_error(L, "decide.amounts: unknown option %s%s%s (options: total, min, max, step, prompt, "
                                     "tag, auto)", q, key, q);
            }
        }
        total = int_field(L, 3, "total", -1, 0, AMOUNTS_MAX_TOTAL, "opts");
        tmin = int_field(L, 3, "min", 0, 0, AMOUNTS_MAX_TOTAL, "opts");
        tmax = int_field(L, 3, "max", -1, 0, AMOUNTS_MAX_TOTAL, "opts");
        step = int_field(L, 3, "step", 1, 1, AMOUNTS_MAX_TOTAL, "opts");
        if (total >= 0 && total % step != 0)
            return luaL_error(L, "decide.amounts: total %d is not a multiple of step %d", total, step);
        if (total >= 0 && (lua_getfield(L, 3, "min") != LUA_TNIL || lua_getfield(L, 3, "max") != LUA_TNIL))
            return luaL_error(L, "decide.amounts: give total, or min and max, not both");
        lua_settop(L, 3);
        if (lib_opt(L, 3, "auto") != LUA_TNIL) {
            if (!lua_isboolean(L, -1)) return luaL_error(L, "decide.amounts: auto must be true or false");
            autopick = lua_toboolean(L, -1);
        }
        lua_pop(L, 1);
        if (lib_opt(L, 3, "prompt") != LUA_TNIL) {
            str_copy(pbuf, sizeof pbuf, luaL_checkstring(L, -1));
            prompt = pbuf;
        }
        lua_pop(L, 1);
        if (lib_opt(L, 3, "tag") != LUA_TNIL) tag = lib_intern(L, lua_gettop(L), "decide.amounts", "the tag");
        lua_pop(L, 1);
    } else if (!lua_isnil(L, 3)) {
        return luaL_typeerror(L, 3, "table of options");
    }
    if (total >= 0) tmin = tmax = total;
    /* the items: ids (kept at 4 for the result), labels, bounds */
    lua_createtable(L, (int)n, 0); /* 4: the ids */
    int32_t lo[AMOUNTS_MAX_OPTIONS], hi[AMOUNTS_MAX_OPTIONS];
    int sumlo = 0, sumhi = 0;
    int cap = tmax >= 0 ? tmax : AMOUNTS_MAX_TOTAL;
    for (lua_Integer i = 1; i <= n; i++) {
        char where[80];
        snprintf(where, sizeof where, "item %d", (int)i);
        lua_rawgeti(L, 2, i);
        int it = lua_gettop(L);
        if (!lua_istable(L, it))
            return luaL_error(L, "decide.amounts: item %d must be a table { id = ..., label = ..., max = ... }, not %s",
                              (int)i, luaL_typename(L, it));
        if (sandbox_proxy_target(L, it)) lua_replace(L, it);
        lua_pushnil(L);
        while (lua_next(L, it)) {
            lua_pop(L, 1);
            static const char *const fields[] = {"id", "label", "min", "max", "data", NULL};
            bool ok = false;
            for (int f = 0; fields[f] && !ok; f++)
                ok = lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), fields[f]) == 0;
            if (!ok) {
                const char *q = lua_type(L, -1) == LUA_TSTRING ? "'" : "";
                const char *key = luaL_tolstring(L, -1, NULL);
                return luaL_error(L, "decide.amounts: item %d has an unknown field %s%s%s (fields: id, label, min, "
                                     "max, data)", (int)i, q, key, q);
            }
        }
        size_t idn = 0;
        const char *id = lua_getfield(L, it, "id") == LUA_TSTRING ? lua_tolstring(L, -1, &idn) : NULL;
        if (!id || !id_ok(id, idn))
            return luaL_error(L, "decide.amounts: item %d's id must be a name of letters, digits, '_', '-' or '.' "
                                 "(not only digits, at most 60), as the result's key: { id = \"white\", max = 2 }",
                              (int)i);
        for (lua_Integer j = 1; j < i; j++) {
            lua_rawgeti(L, 4, j);
            bool same = strcmp(lua_tostring(L, -1), id) == 0;
            lua_pop(L, 1);
            if (same) return luaL_error(L, "decide.amounts: items %d and %d have the same id '%s'", (int)j, (int)i, id);
        }
        lua_pushvalue(L, -1);
        lua_rawseti(L, 4, i);
        lua_pop(L, 1);
        int t = lua_getfield(L, it, "label");
        if (t != LUA_TNIL && t != LUA_TSTRING)
            return luaL_error(L, "decide.amounts: item %d's label must be a text, not %s", (int)i, luaL_typename(L, -1));
        lua_pop(L, 1);
        lo[i - 1] = int_field(L, it, "min", 0, 0, AMOUNTS_MAX_TOTAL, where);
        hi[i - 1] = int_field(L, it, "max", cap > lo[i - 1] ? cap : lo[i - 1], 0, AMOUNTS_MAX_TOTAL, where);
        if (hi[i - 1] < lo[i - 1])
            return luaL_error(L, "decide.amounts: item %d's min %d is above its max %d", (int)i, (int)lo[i - 1],
                              (int)hi[i - 1]);
        sumlo += lo[i - 1];
        sumhi += hi[i - 1];
        lua_settop(L, 4);
    }
    bool max_given = tmax >= 0;
    if (tmax < 0) tmax = sumhi < AMOUNTS_MAX_TOTAL ? sumhi : AMOUNTS_MAX_TOTAL;
    if (tmin > tmax)
        return luaL_error(L, "decide.amounts: need min <= max (got min %d, max %d)", tmin, tmax);
    if (step > 1) {
        /* the legal totals are the multiples of step in min..max: the question's bounds
         * become the first and the last of them */
        int first = amounts_first_total(tmin, step), last = tmax / step * step;
        if (first > last) {
            if (max_given)
                return luaL_error(L, "decide.amounts: no multiple of step %d lies between min %d and max %d", step,
                                  tmin, tmax);
            return luaL_error(L, "decide.amounts: no multiple of step %d lies between min %d and the items' most in "
                                 "all, %d", step, tmin, tmax);
        }
        tmin = first;
        tmax = last;
    }
    if (sumlo > tmax || sumhi < tmin)
        return luaL_error(L, "decide.amounts: no answer fits: the items take %d to %d in all, the question %d to %d "
                             "(check the counts before asking)", sumlo, sumhi, tmin, tmax);
    if (step > 1 && amounts_count(lo, hi, (int)n, tmin, tmax, step) == 0)
        return luaL_error(L, "decide.amounts: no answer fits: the items take %d to %d in all, and none of the "
                             "multiples of step %d from %d to %d (check the counts before asking)", sumlo, sumhi,
                          step, tmin, tmax);
    if (n == 0) return amounts_result(L, NULL, 0, NULL);
    if (autopick && amounts_count(lo, hi, (int)n, tmin, tmax, step) == 1) {
        /* auto: one possible answer is not put to the seat */
        int32_t counts[AMOUNTS_MAX_OPTIONS];
        if (!amounts_nth(lo, hi, (int)n, tmin, tmax, step, 0, counts))
            return luaL_error(L, "decide.amounts: out of memory");
        return amounts_result(L, NULL, 0, counts);
    }
    int rn;
    const int32_t *ids = game_replay_answer(g, &rn);
    if (ids) {
        /* the answer recorded for it must still fit (the content may have changed) */
        int32_t counts[AMOUNTS_MAX_OPTIONS] = {0};
        bool fits = rn >= tmin && rn <= tmax && rn % step == 0;
        for (int i = 0; i < rn && fits; i++) {
            fits = ids[i] >= 1 && ids[i] <= n;
            if (fits) fits = ++counts[ids[i] - 1] <= hi[ids[i] - 1];
        }
        for (lua_Integer i = 0; i < n && fits; i++) fits = counts[i] >= lo[i];
        if (!fits)
            return luaL_error(L, "decide: the answer given to this question before (%d in all) does not fit it any "
                                 "more (the game changed under an answer already given: a pack edited since the "
                                 "game was saved, or a designer's change made while this action waits)", rn);
        return amounts_result(L, ids, rn, NULL);
    }
    Err e;
    err_clear(&e);
    if (!decision_begin(g, seat, DEC_AMOUNTS, prompt, tmin, tmax, tag, &e) || !decision_amounts_step(g, step, &e))
        return lib_fail(L, "decide.amounts", &e);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, 2, i);
        int it = lua_gettop(L);
        if (sandbox_proxy_target(L, it)) lua_replace(L, it);
        lua_rawgeti(L, 4, i);
        const char *id = lua_tostring(L, -1);
        const char *label = lua_getfield(L, it, "label") == LUA_TSTRING ? lua_tostring(L, -1) : id;
        char lbuf[200];
        str_copy(lbuf, sizeof lbuf, label);
        if (!decision_option(g, (int32_t)i, lbuf, OPT_STR, i, &e) ||
            !decision_option_amount(g, id, lo[i - 1], hi[i - 1], &e) ||
            !lib_option_data(L, g, it, "decide.amounts", (int)i, &e))
            return lib_fail(L, "decide.amounts", &e);
        lua_settop(L, 4);
    }
    return lua_yieldk(L, 0, 0, amounts_k);
}
