/* bot.c — bots written in Lua. A pack's bots.lua (beside its pack.json) returns a table
 * of bots; each is a function of its seat's view and question that returns an answer.
 * A bot sees exactly what a player at that seat would: the seat's view and question,
 * written into Lua tables here by host/view.c's view_write and view_decision_write (of
 * which view_json and view_decision are the JSON). It runs in the worker's Lua state,
 * under the budget and the memory cap like a script, but in an environment of its own:
 * the safe standard library, with math.random drawing from the bot's stream, and no
 * game API but the card definitions and data files (def, defs and data, the scripts'
 * game.def, game.defs and game.data)
 * — so it can neither read what its seat may not see nor change the game.
 * Like a card script it keeps nothing between calls. Read next: repl/common.c (who asks
 * which bot). */
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "amounts.h"
#include "board.h"
#include "lib.h"
#include "view.h"
#include "vmi.h"

/* ---------------------------------------------------------------- environment ----- */

/* math.random for bots: the same contract as the scripts' (no argument: a float in
 * [0, 1); m: 1..m; m, n: m..n), from the bot's own stream, never the game's. */
static int bot_math_random(lua_State *L)
{
    Vm *vm = vm_of(L);
    if (!vm->bot_rng) return luaL_error(L, "math.random: only while a bot answers a question");
    lua_Integer lo;
    uint32_t count;
    if (!sandbox_random_args(L, &lo, &count)) {
        lua_pushnumber(L, (lua_Number)(splitmix64(vm->bot_rng) >> 11) * (1.0 / 9007199254740992.0));
        return 1;
    }
    uint64_t below = ((splitmix64(vm->bot_rng) >> 32) * (uint64_t)count) >> 32;
    lua_pushinteger(L, (lua_Integer)((lua_Unsigned)lo + below));
    return 1;
}

/* print for bots: a line to standard error, "bot NAME (seat S): ...", for whoever
 * debugs the bot; the game's log never sees it. At most print_cap bytes per answer. */
static int bot_print(lua_State *L)
{
    Vm *vm = vm_of(L);
    int n = lua_gettop(L); /* before the buffer, which takes a stack slot */
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&b, '\t');
        int t = lua_type(L, i);
        if (t == LUA_TSTRING || t == LUA_TNUMBER) {
            size_t len;
            const char *s = lua_tolstring(L, i, &len); /* a number becomes a string here only */
            vm_charge(L, (long)len);
            luaL_addlstring(&b, s, len);
        } else if (t == LUA_TBOOLEAN) {
            luaL_addstring(&b, lua_toboolean(L, i) ? "true" : "false");
        } else {
            luaL_addstring(&b, t == LUA_TNIL ? "nil" : luaL_typename(L, i)); /* no addresses */
        }
    }
    luaL_pushresult(&b);
    size_t len;
    const char *text = lua_tolstring(L, -1, &len);
    if (vm->print_bytes + (int)len > vm->lim.print_cap) return 0; /* past the cap: dropped */
    vm->print_bytes += (int)len;
    if (vm->bot_name) fprintf(stderr, "bot %s (seat %d): %s\n", vm->bot_name, vm->bot_seat + 1, text);
    else fprintf(stderr, "bots.lua: %s\n", text);
    return 0;
}

/* The globals bots see: the scripts' safe standard library (the same functions, so the
 * same fuel and the same sticky budget), but no API module and no helper export, and
 * a print of their own (the scripts' writes to the game's log). */
static void make_env(Vm *vm)
{
    lua_State *L = vm->L;
    lua_newtable(L);
    int env = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, vm->G_ref);
    int G = lua_gettop(L);
    static const char *const same[] = {"assert",   "error",    "ipairs", "select",       "type",
                                       "rawequal", "rawlen",   "rawget", "_VERSION",     "getmetatable",
                                       "tonumber", "pairs",    "tostring", "setmetatable", "pcall",
                                       "xpcall",   "string",   "table",  "utf8",         NULL};
    for (int i = 0; same[i]; i++) {
        lua_getfield(L, G, same[i]);
        lua_setfield(L, env, same[i]);
    }
    /* math: the scripts' functions, but random from the bot's stream */
    lua_newtable(L);
    int m = lua_gettop(L);
    lua_getfield(L, G, "math");
    if (sandbox_proxy_target(L, -1)) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
            if (strcmp(k, "random") == 0 || strcmp(k, "randomseed") == 0) {
                lua_pop(L, 1);
                continue;
            }
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, m);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    lua_pushcfunction(L, bot_math_random);
    lua_setfield(L, m, "random");
    sandbox_freeze(L);
    lua_setfield(L, env, "math");
    lua_pushcfunction(L, bot_print);
    lua_setfield(L, env, "print");
    /* def, defs: the scripts' game.def and game.defs under names of their own (no
     * `game` global: lint tells a bot that reads it that bots have no game API). Card
     * definitions are printed on the cards and the same in every game: a bot reads a
     * card's data (a suit, a cost) from the id its view gives, and nothing of the state */
    lua_getfield(L, G, "game");
    if (sandbox_proxy_target(L, -1)) {
        lua_getfield(L, -1, "def");
        lua_setfield(L, env, "def");
        lua_getfield(L, -1, "defs");
        lua_setfield(L, env, "defs");
        /* data: the packs' data files (a map, a setup table) are content like the
         * definitions, the same in every game: game.data under a name of its own */
        lua_getfield(L, -1, "data");
        lua_setfield(L, env, "data");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    lua_pop(L, 1); /* G */
    vm->bot_env_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* ---------------------------------------------------------------- loading --------- */

static bool name_ok(const char *s)
{
    if (!*s || strlen(s) > 40) return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_' || *s == '-')) return false;
    return true;
}

/* Reads the bots table on top (a frozen proxy) of file into vm->bots; pops it. */
static bool read_bots(Vm *vm, const char *file, Err *e)
{
    lua_State *L = vm->L;
    if (!sandbox_proxy_target(L, -1)) {
        lua_pop(L, 1);
        err_at(e, file, 0, 0, "bots.lua must return a table of bots");
        return false;
    }
    /* the names in byte order: the table's own order differs between processes */
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING || !name_ok(lua_tostring(L, -1))) {
            const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, -1);
            err_at(e, file, 0, 0,
                   "'%s' is not a bot's name: a name is 1 to 40 of a-z, 0-9, _ and - (it is typed after --bots)",
                   k);
            lua_pop(L, 3);
            return false;
        }
        n++;
    }
    const char **names = xcalloc((size_t)n + 1, sizeof *names);
    int k = 0;
    lua_pushnil(L);
    while (names && lua_next(L, -2)) {
        lua_pop(L, 1);
        names[k++] = lua_tostring(L, -1); /* kept alive by the table */
    }
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            const char *t = names[j];
            names[j] = names[j - 1];
            names[j - 1] = t;
        }
    bool ok = names != NULL;
    for (int i = 0; ok && i < k; i++) {
        const char *name = names[i];
        if (strcmp(name, "random") == 0 || strcmp(name, "lookahead") == 0) {
            err_at(e, file, 0, 0, "a bot may not be named '%s': that is the built-in bot", name);
            ok = false;
            break;
        }
        lua_getfield(L, -1, name);
        const char *about = "";
        bool log = false;
        if (lua_istable(L, -1)) {
            if (sandbox_proxy_target(L, -1)) lua_remove(L, -2);
            lua_getfield(L, -1, "log");
            if (lua_isboolean(L, -1)) log = lua_toboolean(L, -1);
            else if (!lua_isnil(L, -1)) {
                err_at(e, file, 0, 0, "bot '%s': log must be true or false (true: its view has the seat's log lines)", name);
                lua_pop(L, 2);
                ok = false;
                break;
            }
            lua_pop(L, 1);
            lua_getfield(L, -1, "about");
            if (lua_type(L, -1) == LUA_TSTRING) about = lua_tostring(L, -1);
            else if (!lua_isnil(L, -1)) {
                err_at(e, file, 0, 0, "bot '%s': about must be a string (one line saying how it plays)", name);
                lua_pop(L, 2);
                ok = false;
                break;
            }
            lua_insert(L, -2);
            lua_getfield(L, -1, "answer");
            lua_remove(L, -2); /* stack: about, answer */
        } else {
            lua_pushliteral(L, "");
            lua_insert(L, -2);
        }
        if (!lua_isfunction(L, -1)) {
            err_at(e, file, 0, 0,
                   "bot '%s' must be a function, or a table with answer = function(view, question) "
                   "(and about = \"…\")",
                   name);
            lua_pop(L, 2);
            ok = false;
            break;
        }
        /* a later pack's bot of the same name replaces the earlier one */
        int at = vm_bot_find(vm, name);
        if (at < 0) {
            BotDef *nb = xrealloc(vm->bots, (size_t)(vm->nbots + 1) * sizeof *nb);
            if (!nb) {
                lua_pop(L, 2);
                ok = false;
                break;
            }
            vm->bots = nb;
            at = vm->nbots++;
            vm->bots[at] = (BotDef){xstrdup(name), NULL, NULL, LUA_NOREF, false};
        } else {
            luaL_unref(L, LUA_REGISTRYINDEX, vm->bots[at].ref);
            xfree(vm->bots[at].about);
        }
        vm->bots[at].ref = luaL_ref(L, LUA_REGISTRYINDEX);
        vm->bots[at].about = xstrdup(about);
        vm->bots[at].file = file;
        vm->bots[at].log = log;
        lua_pop(L, 1);
    }
    xfree(names);
    lua_pop(L, 2); /* target, proxy */
    return ok;
}

void vm_bots_load(Vm *vm)
{
    lua_State *L = vm->L;
    err_clear(&vm->bots_err);
    for (int s = 0; s < MAX_SEATS; s++) vm->bot_logs[s].ref = vm->bot_logs[s].proxy_ref = LUA_NOREF;
    make_env(vm);
    const World *w = vm->w;
    for (int p = 0; p < w->npacks; p++) {
        char path[1100];
        snprintf(path, sizeof path, "%s/bots.lua", w->packs[p].dir);
        struct stat st;
        if (stat(path, &st) != 0) continue;
        char **nf = xrealloc(vm->bots_files, (size_t)(vm->nbots_files + 1) * sizeof *nf);
        if (!nf) return;
        vm->bots_files = nf;
        char *file = vm->bots_files[vm->nbots_files++] = xstrdup(path);
        Err e;
        err_clear(&e);
        size_t len;
        char *text = file ? file_read(file, &len, &e) : NULL;
        if (text) vm->bots_hash = hash_bytes(vm->bots_hash ? vm->bots_hash : HASH_INIT, text, len);
        xfree(text);
        json_t *reads = vm->lint_reads;
        /* the bots' globals are not the scripts': their reads are checked on their own */
        if (reads && !vm->bot_reads) vm->bot_reads = json_array();
        vm->lint_reads = reads ? vm->bot_reads : NULL;
        vm->loading_bots = true;
        bool ok = file && vm_load_script(vm, file, vm->bot_env_ref, &e) && read_bots(vm, file, &e);
        vm->loading_bots = false;
        vm->lint_reads = reads;
        lua_settop(L, 0);
        if (!ok) {
            if (vm_lint_keep_going(vm, &e)) continue;
            vm->bots_err = e;
            /* half a set of bots is no set: none are offered, the error says why */
            vm_bots_free(vm);
            return;
        }
    }
}

void vm_bots_free(Vm *vm)
{
    for (int i = 0; i < vm->nbots; i++) {
        xfree(vm->bots[i].name);
        xfree(vm->bots[i].about);
    }
    xfree(vm->bots);
    vm->bots = NULL;
    vm->nbots = 0;
}

uint64_t vm_bots_hash(const Vm *vm)
{
    return vm->bots_hash;
}

int vm_bot_count(const Vm *vm)
{
    return vm->nbots;
}

const char *vm_bot_name(const Vm *vm, int i)
{
    return vm->bots[i].name;
}

const char *vm_bot_about(const Vm *vm, int i)
{
    return vm->bots[i].about;
}

const char *vm_bot_file(const Vm *vm, int i)
{
    return vm->bots[i].file;
}

int vm_bot_find(const Vm *vm, const char *name)
{
    for (int i = 0; i < vm->nbots; i++)
        if (strcmp(vm->bots[i].name, name) == 0) return i;
    return -1;
}

const Err *vm_bots_error(const Vm *vm)
{
    return vm->bots_err.msg[0] ? &vm->bots_err : NULL;
}

/* ---------------------------------------------------------------- answering ------- */

/* The option of d that the answer item at idx names (an id, or a label: exactly, else
 * ignoring letter case), or -1. Options that read the same (two copies of a card, two
 * gems of a colour) are interchangeable: a label names the first of them not among
 * taken[0..ntaken), the options picked already, so {"white", "white"} picks two. */
static int item_option(lua_State *L, int idx, const Game *g, const DecisionView *d, const int32_t *taken,
                       int ntaken)
{
    lua_Integer id;
    int whole = 0;
    if (lua_type(L, idx) == LUA_TNUMBER && (id = lua_tointegerx(L, idx, &whole), whole)) {
        /* 3.0 names option 3, as t[3.0] is t[3] */
        for (int i = 0; i < d->nopt; i++)
            if (d->opts[i].id == id) return i;
        return -1;
    }
    if (lua_type(L, idx) != LUA_TSTRING) return -1;
    const char *s = lua_tostring(L, idx);
    for (int pass = 0; pass < 2; pass++) {
        int first = -1;
        for (int i = 0; i < d->nopt; i++) {
            const char *label = state_dcstr(&g->s, d->opts[i].label);
            if (pass == 0 ? strcmp(label, s) == 0 : strcasecmp(label, s) == 0) {
                if (first < 0) first = i;
                if (strcmp(label, state_dcstr(&g->s, d->opts[first].label)) != 0) continue;
                if (!ids_contain(taken, ntaken, d->opts[i].id)) return i;
            }
        }
        if (first >= 0) return first;
    }
    return -1;
}

/* ---------------------------------------------------------------- the log -------- */

typedef struct LogFill {
    lua_State *L;
    int t;                 /* the lines table's stack index */
    BotLog *bl;
} LogFill;

static void log_group(void *ud, uint32_t first, const char *text, size_t len)
{
    LogFill *f = ud;
    f->bl->before_last = f->bl->n;
    f->bl->last_from = first;
    for (const char *p = text, *end = text + len; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        lua_pushlstring(f->L, p, n);
        lua_rawseti(f->L, f->t, ++f->bl->n);
        p += n + 1;
    }
}

/* Pushes the read-only list of seat's log lines in g: the lines kept from the seat's
 * last question when they are of this game and its log has only grown since, with
 * the lines of the events since (from the start of the last group, which more events
 * may extend); else made anew. Either way the same lines as view_log from 0. */
static void push_log(Vm *vm, const Game *g, int seat)
{
    lua_State *L = vm->L;
    BotLog *bl = &vm->bot_logs[seat];
    bool keep = bl->ref != LUA_NOREF && bl->uid == g->uid && bl->cuts == g->log_cuts && bl->upto <= g->events.len;
    if (!keep) {
        if (bl->ref != LUA_NOREF) {
            luaL_unref(L, LUA_REGISTRYINDEX, bl->ref);
            luaL_unref(L, LUA_REGISTRYINDEX, bl->proxy_ref);
        }
        *bl = (BotLog){g->uid, g->log_cuts, 0, 0, 0, 0, LUA_NOREF, LUA_NOREF};
        lua_newtable(L);
        lua_pushvalue(L, -1);
        bl->ref = luaL_ref(L, LUA_REGISTRYINDEX);
        sandbox_freeze(L);
        bl->proxy_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    if (bl->upto < g->events.len) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, bl->ref);
        int t = lua_gettop(L);
        uint32_t from = bl->last_from;
        /* the last group is made again, with what may have joined it */
        for (int i = bl->n; i > bl->before_last; i--) {
            lua_pushnil(L);
            lua_rawseti(L, t, i);
        }
        bl->n = bl->before_last;
        LogFill f = {L, t, bl};
        view_log_groups(g, seat, from, 0, log_group, &f);
        bl->upto = g->events.len;
        lua_pop(L, 1);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, bl->proxy_ref);
}

bool vm_bot_log_text(Vm *vm, const Game *g, int seat, Buf *out)
{
    lua_State *L = vm->L;
    push_log(vm, g, seat);
    bool ok = sandbox_proxy_target(L, -1);
    if (ok) {
        lua_Integer n = lua_rawlen(L, -1);
        for (lua_Integer i = 1; i <= n && ok; i++) {
            lua_rawgeti(L, -1, i);
            size_t len;
            const char *s = lua_tolstring(L, -1, &len);
            ok = s && buf_put(out, s, len) && buf_put(out, "\n", 1);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return ok;
}

/* Whether the value at idx is a table with an id and no list part: an option's table
 * (q.options[i]) returned where its id or label was meant. */
static bool option_table(lua_State *L, int idx)
{
    if (!lua_istable(L, idx) || lua_rawlen(L, idx) > 0) return false;
    bool yes = lua_getfield(L, idx, "id") != LUA_TNIL;
    lua_pop(L, 1);
    return yes;
}

/* "7", "2.5", "\"Lair\"", "an option's table (id 3)", "a table", for a message */
static void item_text(lua_State *L, int idx, char *out, size_t n)
{
    if (option_table(L, idx)) {
        lua_getfield(L, idx, "id");
        snprintf(out, n, "an option's table (id %.20s)", lua_type(L, -1) == LUA_TNUMBER ? lua_tostring(L, -1) : "?");
        lua_pop(L, 1);
    } else if (lua_isinteger(L, idx)) snprintf(out, n, "%lld", (long long)lua_tointeger(L, idx));
    else if (lua_type(L, idx) == LUA_TNUMBER) snprintf(out, n, "%.14g", (double)lua_tonumber(L, idx));
    else if (lua_type(L, idx) == LUA_TSTRING) snprintf(out, n, "\"%.60s\"", lua_tostring(L, idx));
    else snprintf(out, n, "a %s", luaL_typename(L, idx));
}

/* A bot's answer to a question of quantities given as { [key] = count } (the table at
 * idx; a key is an option's key or label): the ids, each option's once per unit, in
 * option order; -1 with e filled when a key names no option, a count is not a whole
 * number of 0 or more, or the counts do not fit the question. */
static int amounts_answer(lua_State *L, int idx, const Game *g, const DecisionView *d, int32_t *ids, int cap,
                          const char *where, Err *e)
{
    int32_t counts[AMOUNTS_MAX_OPTIONS] = {0};
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        int at = -1;
        if (lua_type(L, -2) == LUA_TSTRING) {
            const char *key = lua_tostring(L, -2);
            for (int i = 0; i < d->nopt && i < AMOUNTS_MAX_OPTIONS && at < 0; i++)
                if ((d->opts[i].key >= 0 && strcmp(state_dcstr(&g->s, d->opts[i].key), key) == 0) ||
                    strcmp(state_dcstr(&g->s, d->opts[i].label), key) == 0)
                    at = i;
        }
        if (at < 0) {
            char text[80];
            item_text(L, -2, text, sizeof text);
            err_set(e, "%s: answered a count of %s, which is not one of its options (give { [key] = count } with "
                       "the keys of q.options)", where, text);
            return -1;
        }
        int whole = 0;
        lua_Integer c = lua_tointegerx(L, -1, &whole);
        if (lua_type(L, -1) != LUA_TNUMBER || !whole || c < 0 || c > AMOUNTS_MAX_TOTAL) {
            char text[80];
            item_text(L, -1, text, sizeof text);
            err_set(e, "%s: answered %s for %s, not a count of 0 to %d", where, text,
                    state_dcstr(&g->s, d->opts[at].label), AMOUNTS_MAX_TOTAL);
            return -1;
        }
        counts[at] += (int32_t)c;
        lua_pop(L, 1);
    }
    int k = amounts_ids(g, counts, ids, cap);
    Err ae;
    err_clear(&ae);
    if (k < 0 || !amounts_valid(g, ids, k, &ae)) {
        err_set(e, "%s: answered %s", where, k < 0 ? "too many in all" : ae.msg);
        return -1;
    }
    return k;
}

/* What bot_call makes of a question. */
typedef struct BotCall {
    Vm *vm;
    const BotDef *b;
    const Game *g;
    int seat;
    bool fast;             /* the bot may run uncounted first (fast.c) */
    bool began_fast;       /* and did: vm_fast_end says whether its answer stands */
} BotCall;

/* The view and the question written straight into Lua tables (host/view.h's ViewSink),
 * with no JSON between: each table goes into its parent as it opens, and the outermost
 * is left on the stack. Only inside a protected call (a table past the memory cap is a
 * Lua error). */
#define LO_DEPTH 32
typedef struct LuaOut {
    lua_State *L;
    int depth; /* tables open: the innermost on the top of the stack, its parent below */
    lua_Integer items[LO_DEPTH]; /* items put in each list open so far (lua_rawlen, kept) */
} LuaOut;

/* Moves the value on the top into the table at idx (as key, or as its next item);
 * with nothing open, the value stays: it is the outermost. */
static void lo_put(LuaOut *o, int idx, const char *key)
{
    lua_State *L = o->L;
    if (o->depth == 0) return;
    if (key) lua_setfield(L, idx, key);
    else if (o->depth <= LO_DEPTH) lua_rawseti(L, idx, ++o->items[o->depth - 1]);
    else lua_rawseti(L, idx, (lua_Integer)lua_rawlen(L, idx) + 1);
}

static void lo_open(void *ud, const char *key, bool array, int n)
{
    LuaOut *o = ud;
    lua_State *L = o->L;
    luaL_checkstack(L, 3, "view");
    n = n < 0 ? 0 : n > 4096 ? 4096 : n;
    lua_createtable(L, array ? n : 0, array ? 0 : n);
    if (o->depth > 0) {
        lua_pushvalue(L, -1);
        lo_put(o, -3, key);
    }
    o->depth++;
    if (o->depth <= LO_DEPTH) o->items[o->depth - 1] = 0;
}

static void lo_close(void *ud)
{
    LuaOut *o = ud;
    if (--o->depth > 0) lua_pop(o->L, 1);
}

static void lo_int(void *ud, const char *key, int64_t v)
{
    LuaOut *o = ud;
    luaL_checkstack(o->L, 2, "view");
    lua_pushinteger(o->L, (lua_Integer)v);
    lo_put(o, -2, key);
}

static void lo_str(void *ud, const char *key, const char *v)
{
    LuaOut *o = ud;
    luaL_checkstack(o->L, 2, "view");
    lua_pushstring(o->L, v);
    lo_put(o, -2, key);
}

static void lo_bool(void *ud, const char *key, bool v)
{
    LuaOut *o = ud;
    luaL_checkstack(o->L, 2, "view");
    lua_pushboolean(o->L, v);
    lo_put(o, -2, key);
}

/* JSON's null is no value in Lua: the key or item is simply absent, as lib_push_json
 * has it */
static void lo_null(void *ud, const char *key)
{
    LuaOut *o = ud;
    (void)key;
    if (o->depth == 0) lua_pushnil(o->L);
}

/* ------------------------------------------------ the big sections, when first read
 * A view's "zones" (a table per zone, each with its cards) and "boards" (a table per
 * space of every board: board_view_write) are most of it — a board game's spaces are
 * zones too — and a bot answering most questions reads neither. So a bot's view is made
 * without them and with a metatable that writes each, exactly as view_write would have,
 * when the bot first reads it (view.zones; then it is a plain field); pairs and
 * setmetatable write both first and take that metatable away (vm_bot_view_fill), so a
 * walk of the view meets them and a bot's own metatable may go on it. Only while the
 * question the view came with is being answered (vm->bot_view_g, the view's epoch): a
 * bot keeps nothing between questions, and the game has moved on by then. */

/* The sections a bot's view writes when first read, as view_write_parts names them. */
static const struct {
    const char *key;
    unsigned part;
} LAZY[] = {{"zones", VIEW_ZONES}, {"boards", VIEW_BOARDS}};
#define NLAZY (int)(sizeof LAZY / sizeof LAZY[0])

/* Pushes section k (LAZY) of the view at index view (nil when the game has none: no
 * boards), writing it and setting it raw into the view when it is not there yet: for
 * the view of epoch and seat. */
static int write_section(lua_State *L, int view, uint32_t epoch, int seat, int k)
{
    Vm *vm = vm_of(L);
    view = lua_absindex(L, view);
    luaL_checkstack(L, 4, "view");
    lua_pushstring(L, LAZY[k].key);
    if (lua_rawget(L, view) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    if (!vm->bot_view_g || epoch != vm->bot_view_epoch)
        return luaL_error(L, "view.%s: read after the bot answered the question this view came with", LAZY[k].key);
    const Game *g = vm->bot_view_g;
    if (LAZY[k].part == VIEW_BOARDS && !g->s.boards.len) {
        lua_pushnil(L);
        return 1;
    }
    LuaOut o = {.L = L};
    ViewSink out = {&o, lo_open, lo_close, lo_int, lo_str, lo_bool, lo_null};
    if (LAZY[k].part == VIEW_BOARDS) board_view_write(g, seat, &out); /* the table, outermost */
    else view_zones_write(g, seat, &out);
    lua_pushstring(L, LAZY[k].key);
    lua_pushvalue(L, -2);
    lua_rawset(L, view);
    return 1;
}

/* __index(view, key), upvalues the view's epoch and seat: a section not written yet,
 * written now; any other key is absent, as in a table. */
static int lazy_index(lua_State *L)
{
    const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL;
    for (int k = 0; key && k < NLAZY; k++)
        if (strcmp(key, LAZY[k].key) == 0)
            return write_section(L, 1, (uint32_t)lua_tointeger(L, lua_upvalueindex(1)),
                                 (int)lua_tointeger(L, lua_upvalueindex(2)), k);
    return 0;
}

bool vm_bot_view_fill(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) != LUA_TTABLE || !lua_getmetatable(L, idx)) return false;
    lua_getfield(L, -1, "__index");
    bool lazy = lua_tocfunction(L, -1) == lazy_index;
    if (lazy) {
        lua_getupvalue(L, -1, 1);
        lua_getupvalue(L, -2, 2);
        uint32_t epoch = (uint32_t)lua_tointeger(L, -2);
        int seat = (int)lua_tointeger(L, -1);
        lua_pop(L, 2);
        for (int k = 0; k < NLAZY; k++) {
            write_section(L, idx, epoch, seat, k);
            lua_pop(L, 1);
        }
        lua_pushnil(L);
        lua_setmetatable(L, idx);
    }
    lua_pop(L, 2);
    return lazy;
}

/* Gives the view on the top the metatable that writes its sections when first read;
 * getmetatable reads the sentinel of every sealed table (sandbox.c). */
static void lazy_view(lua_State *L, Vm *vm, int seat)
{
    luaL_checkstack(L, 4, "view");
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, vm->bot_view_epoch);
    lua_pushinteger(L, seat);
    lua_pushcclosure(L, lazy_index, 2);
    lua_setfield(L, -2, "__index");
    lua_rawgeti(L, LUA_REGISTRYINDEX, vm->sentinel_ref);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

/* The view (or, decision, the question) as Lua tables on the top; a view's zones and
 * boards written when first read (above), from the game in vm->bot_view_g under a new
 * epoch. */
static void push_view(lua_State *L, const Game *g, int seat, bool decision)
{
    LuaOut o = {.L = L};
    ViewSink out = {&o, lo_open, lo_close, lo_int, lo_str, lo_bool, lo_null};
    if (decision) {
        if (!view_decision_write(g, seat, NULL, &out)) lua_pushnil(L);
        return;
    }
    Vm *vm = vm_of(L);
    view_write_parts(g, seat, &out, 0);
    vm->bot_view_g = g;
    vm->bot_view_epoch++;
    lazy_view(L, vm, seat);
}

/* Whether the tables or values at a and b are equal, deeply; else the path to the first
 * difference in why (at most 32 levels are compared, no view nests so deep). */
static bool same_value(lua_State *L, int a, int b, char *why, size_t n, int depth)
{
    a = lua_absindex(L, a);
    b = lua_absindex(L, b);
    if (lua_type(L, a) != LUA_TTABLE || lua_type(L, b) != LUA_TTABLE) {
        bool same = lua_rawequal(L, a, b) && lua_type(L, a) == lua_type(L, b);
        if (!same) {
            luaL_checkstack(L, 2, "compare");
            const char *x = luaL_tolstring(L, a, NULL), *y = luaL_tolstring(L, b, NULL);
            snprintf(why, n, ": %.60s against %.60s", x, y);
            lua_pop(L, 2);
        }
        return same;
    }
    if (depth > 32) return true;
    luaL_checkstack(L, 6, "compare");
    lua_Integer na = 0, nb = 0;
    lua_pushnil(L);
    while (lua_next(L, a)) {
        na++;
        lua_pushvalue(L, -2);
        lua_rawget(L, b);
        if (!same_value(L, -2, -1, why, n, depth + 1)) {
            char sub[400];
            snprintf(sub, sizeof sub, "%s", why);
            lua_pushvalue(L, -3);
            snprintf(why, n, ".%s%s", luaL_tolstring(L, -1, NULL), sub);
            lua_pop(L, 5);
            return false;
        }
        lua_pop(L, 2);
    }
    lua_pushnil(L);
    while (lua_next(L, b)) {
        nb++;
        lua_pop(L, 1);
    }
    if (na != nb) snprintf(why, n, ": %lld keys against %lld", (long long)na, (long long)nb);
    return na == nb;
}

typedef struct SameCall {
    const Game *g;
    int seat;
    bool decision;
    json_t *j;
    char *why;
    size_t n;
} SameCall;

static int same_call(lua_State *L)
{
    const SameCall *c = lua_touserdata(L, 1);
    push_view(L, c->g, c->seat, c->decision);
    if (!c->decision) { /* its sections as a bot reading them gets them */
        lua_getfield(L, -1, "boards");
        lua_getfield(L, -2, "zones");
        lua_pop(L, 2);
        lua_pushnil(L);
        lua_setmetatable(L, -2);
        vm_of(L)->bot_view_g = NULL;
    }
    if (c->j) lib_push_json(L, c->j, 0);
    else lua_pushnil(L);
    lua_pushboolean(L, same_value(L, -2, -1, c->why, c->n, 0));
    return 1;
}

bool vm_bot_view_same(Vm *vm, const Game *g, int seat, bool decision, char *why, size_t n)
{
    lua_State *L = vm->L;
    snprintf(why, n, "(no difference)");
    SameCall c = {g, seat, decision, decision ? view_decision(g, seat) : view_json(g, seat), why, n};
    lua_pushcfunction(L, same_call);
    lua_pushlightuserdata(L, &c);
    bool same = lua_pcall(L, 1, 1, 0) == LUA_OK && lua_toboolean(L, -1);
    vm->bot_view_g = NULL;
    if (!same && lua_type(L, -1) == LUA_TSTRING) snprintf(why, n, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
    json_decref(c.j);
    return same;
}

/* Message handler of a bot's call: a string or number raised is its own message (Lua
 * placed it, or error(msg, 0) asked it not be); any other value is made one, placed at
 * the innermost line of Lua the error was raised from, so error({ ... }) still says
 * where. */
static int bot_msgh(lua_State *L)
{
    int t = lua_type(L, 1);
    if (t == LUA_TSTRING || t == LUA_TNUMBER) return 1;
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++)
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: error raised with a %s value, not a message", ar.short_src, ar.currentline,
                            luaL_typename(L, 1));
            return 1;
        }
    lua_pushfstring(L, "error raised with a %s value, not a message", luaL_typename(L, 1));
    return 1;
}

/* Protected (its light userdata argument a BotCall): makes the view and the question
 * Lua tables — a view past the memory cap is an error here, not a panic — then calls
 * the bot with them under a fresh budget (making them is host work). */
static int bot_call(lua_State *L)
{
    const BotCall *c = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, c->b->ref);
    push_view(L, c->g, c->seat, false);
    if (c->b->log) {
        /* the lines the seat's log shows, from the start (what a player could scroll) */
        push_log(c->vm, c->g, c->seat);
        lua_setfield(L, -2, "log");
    }
    push_view(L, c->g, c->seat, true);
    vm_budget_start(c->vm, L);
    BotCall *w = lua_touserdata(L, 1);
    w->began_fast = c->fast && vm_fast_begin(c->vm, L, 0);
    lua_call(L, 2, 1);
    return 1;
}

int vm_bot_answer(Vm *vm, int i, const Game *g, uint64_t *rng, int32_t *ids, int cap, Err *e)
{
    lua_State *L = vm->L;
    DecisionView d = game_decision(g);
    const BotDef *b = &vm->bots[i];
    if (d.seat < 0 || d.nopt <= 0) return VM_BOT_LEFT;
    int top = lua_gettop(L);
    /* uncounted first (fast.c): when the answer does not stand, the bot is asked again,
     * counted, on a new view and with its random stream as it was */
    BotCall call = {vm, b, g, d.seat, !vm->lim.count_all && vm->watched, false};
    uint64_t rng0 = *rng;
again:
    lua_pushcfunction(L, bot_msgh);
    lua_pushcfunction(L, bot_call);
    lua_pushlightuserdata(L, &call);
    Game *prev = vm->g;
    Prof *prof = vm->prof;
    vm->g = NULL; /* no game: every API call would fail (and none is reachable) */
    vm->prof = NULL;
    vm->bot_rng = rng;
    vm->bot_name = b->name;
    vm->bot_seat = d.seat;
    vm_budget_start(vm, L);
    int st = lua_pcall(L, 1, 1, top + 1);
    vm->bot_view_g = NULL; /* its view's boards can no longer be read */
    lua_remove(L, top + 1); /* bot_msgh */
    bool stands = !call.began_fast || vm_fast_end(vm);
    lua_sethook(L, vm_budget_hook, LUA_MASKCOUNT, vm->lim.hook_interval);
    vm->stop = STOP_NONE;
    vm->bot_rng = NULL;
    vm->bot_name = NULL;
    vm->prof = prof;
    vm->g = prev;
    if (!stands) {
        lua_settop(L, top);
        vm_fast_sweep(vm);
        *rng = rng0;
        call.fast = call.began_fast = false;
        goto again;
    }
    char where[200];
    snprintf(where, sizeof where, "bot '%s' (%s), seat %d, question '%.60s'", b->name, b->file, d.seat + 1,
             d.prompt ? d.prompt : "");
    if (st != LUA_OK) {
        const char *m = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error";
        if (st == LUA_ERRMEM) m = "not enough memory";
        err_set(e, "%s: %s", where, m);
        lua_settop(L, top);
        return -1;
    }
    int r = top + 1;
    int k = 0;
    bool bad = false, as_table = false; /* as_table: the item refused is an option's table */
    char text[80] = "";
    if (lua_isnil(L, r)) {
        lua_settop(L, top);
        return VM_BOT_LEFT;
    } else if (d.kind == DEC_AMOUNTS && lua_istable(L, r) && lua_rawlen(L, r) == 0 && !option_table(L, r)) {
        /* a question of quantities answered { white = 1, red = 1 }: a count per option */
        k = amounts_answer(L, r, g, &d, ids, cap, where, e);
        lua_settop(L, top);
        return k;
    } else if (option_table(L, r)) {
        item_text(L, r, text, sizeof text);
        bad = as_table = true;
    } else if (lua_istable(L, r)) {
        lua_Integer n = lua_rawlen(L, r);
        for (lua_Integer j = 1; j <= n && !bad; j++) {
            lua_rawgeti(L, r, j);
            int o = item_option(L, -1, g, &d, ids, k);
            if (o < 0 || k >= cap) {
                item_text(L, -1, text, sizeof text);
                as_table = option_table(L, -1);
                bad = true;
            } else {
                if (d.kind != DEC_AMOUNTS && ids_contain(ids, k, d.opts[o].id)) {
                    item_text(L, -1, text, sizeof text);
                    err_set(e, "%s: the answer names %s twice", where, text);
                    lua_settop(L, top);
                    return -1;
                }
                ids[k++] = d.opts[o].id;
            }
            lua_pop(L, 1);
        }
    } else {
        int o = item_option(L, r, g, &d, ids, k);
        if (o < 0) {
            item_text(L, r, text, sizeof text);
            bad = true;
        } else {
            ids[k++] = d.opts[o].id;
        }
    }
    lua_settop(L, top);
    if (as_table) {
        err_set(e, "%s: answered %s, not its id or label: give q.options[i].id or .label", where, text);
        return -1;
    }
    if (bad) {
        err_set(e, "%s: answered %s, which is not one of its options (give an option's id or label, a list "
                   "of them, or nil to leave the question to the random bot)",
                where, text);
        return -1;
    }
    if (d.kind == DEC_AMOUNTS) {
        Err ae;
        err_clear(&ae);
        if (!amounts_valid(g, ids, k, &ae)) {
            err_set(e, "%s: answered %s", where, ae.msg);
            return -1;
        }
        return k;
    }
    int lo = d.kind == DEC_ORDER ? d.nopt : d.min, hi = d.kind == DEC_ORDER ? d.nopt : d.max;
    if (k < lo || k > hi) {
        if (lo == hi) err_set(e, "%s: answered %d option%s; the question takes %d", where, k, k == 1 ? "" : "s", lo);
        else err_set(e, "%s: answered %d option%s; the question takes %d to %d", where, k, k == 1 ? "" : "s", lo, hi);
        return -1;
    }
    return k;
}
