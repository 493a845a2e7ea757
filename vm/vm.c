/* vm.c — the Lua state of a worker: the capped allocator, the instruction budget, loading
 * every script once into its private read-only environment, and running actions as
 * recycled coroutines that suspend when a script asks a question.
 * Read next: sandbox.c (the standard library), lib_api.c (the script API). */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vmi.h"

VmLimits vm_limits_default(void)
{
    VmLimits l = {64u << 20, 5000000, 1000, 64 << 10, 10000, false};
    return l;
}

/* ---------------------------------------------------------------- allocator, budget */

/* Small blocks (most of what Lua allocates: strings, tables, closures, small arrays)
 * come from per-worker free lists by 16-byte class, carved from 64 KiB slabs that go
 * back to the system when the worker closes. Lua always says the old size of a block
 * it frees or grows, so no header is needed. Sanitizer builds use plain malloc, so
 * that AddressSanitizer sees every block. */
#if defined(__SANITIZE_ADDRESS__)
#define POOL_ON 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POOL_ON 0
#endif
#endif
#ifndef POOL_ON
#define POOL_ON 1
#endif

static void *pool_get(Vm *vm, size_t n)
{
    size_t c = (n + POOL_GRAIN - 1) / POOL_GRAIN;
    void *p = vm->pool_free[c];
    if (p) {
        vm->pool_free[c] = *(void **)p;
        return p;
    }
    size_t bytes = c * POOL_GRAIN;
    if (!vm->slab || vm->slab_left < bytes) {
        char *s = malloc(POOL_SLAB);
        if (!s) return NULL;
        *(char **)s = vm->slab_list; /* first word: the previous slab */
        vm->slab_list = s;
        vm->slab = s + POOL_GRAIN;
        vm->slab_left = POOL_SLAB - POOL_GRAIN;
    }
    p = vm->slab;
    vm->slab += bytes;
    vm->slab_left -= bytes;
    return p;
}

static void pool_put(Vm *vm, void *p, size_t n)
{
    size_t c = (n + POOL_GRAIN - 1) / POOL_GRAIN;
    *(void **)p = vm->pool_free[c];
    vm->pool_free[c] = p;
}

static bool pooled(size_t n)
{
    return POOL_ON && n > 0 && n <= POOL_MAX;
}

static void pool_release(Vm *vm)
{
    while (vm->slab_list) {
        char *next = *(char **)vm->slab_list;
        free(vm->slab_list);
        vm->slab_list = next;
    }
}

/* Accounts for a block of old bytes that became nsize bytes at p (NULL: refused, nothing
 * changes). */
static void *alloc_done(Vm *vm, void *p, size_t old, size_t nsize)
{
    if (!p) return NULL;
    /* memory a script makes is work too (one concatenation may copy a megabyte): the
     * budget is charged 1 per 64 bytes, and the hook stops the script at its next tick */
    if (nsize > old) vm->used += (long)((nsize - old) >> 6);
    vm->mem = vm->mem - old + nsize;
    if (vm->mem > vm->mem_peak) vm->mem_peak = vm->mem;
    return p;
}

/* What vm_alloc does not do inline: the system allocator, a block moving between
 * classes, a new slab. Kept apart so that the common cases (a pooled block taken,
 * kept or given back) call nothing and save no registers. */
static __attribute__((noinline)) void *alloc_slow(Vm *vm, void *ptr, size_t old, size_t nsize)
{
    void *p;
    if (!pooled(old) && !pooled(nsize)) {
        p = realloc(ptr, nsize);
    } else {
        p = pooled(nsize) ? pool_get(vm, nsize) : malloc(nsize);
        if (p && ptr) {
            memcpy(p, ptr, old < nsize ? old : nsize);
            if (pooled(old)) pool_put(vm, ptr, old);
            else free(ptr);
        }
    }
    return alloc_done(vm, p, old, nsize);
}

static void *vm_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    Vm *vm = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        vm->mem -= old;
        if (pooled(old)) pool_put(vm, ptr, old);
        else free(ptr);
        return NULL;
    }
    if (nsize > old) {
        /* scripts get the cap minus a reserve the host keeps for reporting their errors */
        size_t reserve = vm->lim.mem_cap > (1u << 20) ? (64u << 10) : 0;
        size_t cap = vm->lift_cap ? vm->lim.mem_cap : vm->lim.mem_cap - reserve;
        if (vm->mem - old + nsize > cap) {
            vm->gc_settle = true;
            return NULL;
        }
    }
    if (pooled(nsize)) {
        size_t c = (nsize + POOL_GRAIN - 1) / POOL_GRAIN;
        if (pooled(old) && (old + POOL_GRAIN - 1) / POOL_GRAIN == c)
            return alloc_done(vm, ptr, old, nsize); /* same class: the block already fits */
        void *p = vm->pool_free[c];
        if (!ptr && p) { /* a new block from its free list */
            vm->pool_free[c] = *(void **)p;
            return alloc_done(vm, p, old, nsize);
        }
    }
    return alloc_slow(vm, ptr, old, nsize);
}

/* A monotonic clock in nanoseconds (the time limit's). */
static uint64_t vm_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* An error raised from the hook, at the line of the function that was running: a hook
 * has no frame of its own, so level 0 is that function (luaL_error's level 1 would name
 * its caller: a card's endless loop in a function a helper called was reported at the
 * helper's line). */
static int hook_error(lua_State *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int hook_error(lua_State *L, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    luaL_where(L, 0);
    lua_pushstring(L, msg);
    lua_concat(L, 2);
    return lua_error(L);
}

void vm_budget_hook(lua_State *L, lua_Debug *ar)
{
    Vm *vm = vm_of(L);
    if (ar->event == LUA_HOOKLINE) {
        /* only while a script loads (vm_load_script): the line its main chunk reached, for
         * an error in a function it tail-called (`return hunt_card { … }` leaves no
         * frame of the script on the stack); not work, so not charged */
        if (lua_getinfo(L, "S", ar) && strcmp(ar->what, "main") == 0)
            vm->load_line = ar->currentline;
        return;
    }
    if (vm->prof) prof_sample(vm, L, ar);
    vm->used += vm->stop == STOP_BUDGET ? 1 : vm->lim.hook_interval;
    /* the time limit: one VM instruction may compare two strings of megabytes, which the
     * count cannot see; the clock is read here, every hook_interval instructions, and
     * starts at the first tick (most actions end before one: no clock read at all) */
    if (vm->stop != STOP_BUDGET && vm->lim.time_cap_ms > 0) {
        uint64_t now = vm_now_ns();
        if (!vm->t_start) vm->t_start = now;
        else if (now - vm->t_start > (uint64_t)vm->lim.time_cap_ms * 1000000u) {
            vm->stop = STOP_BUDGET;
            vm->timed_out = true;
        }
    }
    if (vm->stop == STOP_BUDGET || vm->used > vm->lim.budget) {
        vm->stop = STOP_BUDGET;
        lua_sethook(L, vm_budget_hook, LUA_MASKCOUNT, 1); /* sticky: fires on every instruction */
        if (vm->timed_out) {
            int ms = vm->lim.time_cap_ms;
            hook_error(L, "time limit of %d %s exceeded (work the instruction count does not see, "
                          "such as comparing long strings, ran that long)",
                       ms % 1000 ? ms : ms / 1000, ms % 1000 ? "ms" : "s");
        }
        hook_error(L, "instruction budget of %d exceeded", (int)vm->lim.budget);
    }
}

void vm_charge(lua_State *L, long n)
{
    Vm *vm = vm_of(L);
    vm->used += n;
    if (vm->used > vm->lim.budget) {
        vm->stop = STOP_BUDGET;
        lua_sethook(L, vm_budget_hook, LUA_MASKCOUNT, 1);
        luaL_error(L, "instruction budget of %d exceeded (work inside a library function)",
                   (int)vm->lim.budget);
    }
}

int vm_stop_error(lua_State *L, int why, const char *msg)
{
    Vm *vm = vm_of(L);
    vm->stop = why;
    lua_pushstring(L, msg);
    return lua_error(L);
}

void vm_gc_settle(Vm *vm, lua_State *L)
{
    vm->gc_settle = false;
    lua_gc(L, LUA_GCSTEP, 0);
}

void vm_gc_full(Vm *vm, lua_State *L)
{
    lua_gc(L, LUA_GCCOLLECT);
    vm_gc_settle(vm, L);
}

void vm_gc_shrink(Vm *vm, lua_State *L)
{
    lua_gc(L, LUA_GCINC, 0, 0, 0);
    /* each collection frees half the call frames a thread no longer uses: again while
     * that frees 64 KiB or more (a stack overflow's 200,000 frames take about 18) */
    for (int i = 0; i < 40; i++) {
        size_t before = vm->mem;
        lua_gc(L, LUA_GCCOLLECT);
        if (vm->mem + (64u << 10) > before) break;
    }
    lua_gc(L, LUA_GCGEN, 0, 0);
    vm_gc_settle(vm, L);
}

void vm_budget_start(Vm *vm, lua_State *co)
{
    if (vm->gc_settle) vm_gc_full(vm, vm->L);
    vm->used = 0;
    vm->stop = STOP_NONE;
    vm->timed_out = false;
    vm->print_bytes = 0;
    vm->t_start = 0; /* the clock starts at the first hook tick */
    lua_sethook(co, vm_budget_hook, LUA_MASKCOUNT, vm->lim.hook_interval);
}

/* ---------------------------------------------------------------- loading --------- */

/* Pushes a new private environment: an empty read-only proxy over the globals at
 * registry ref genv (the scripts' globals, or the bots' own). */
static void push_env(lua_State *L, Vm *vm, int genv)
{
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 4);
    lua_rawgeti(L, LUA_REGISTRYINDEX, genv);
    lua_setfield(L, -2, "__index");
    lua_getfield(L, LUA_REGISTRYINDEX, "tabula.ro_newindex");
    lua_setfield(L, -2, "__newindex");
    lua_rawgeti(L, LUA_REGISTRYINDEX, vm->sentinel_ref);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

void vm_push_scratch_env(Vm *vm)
{
    lua_State *L = vm->L;
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 3);
    lua_rawgeti(L, LUA_REGISTRYINDEX, vm->G_ref);
    lua_setfield(L, -2, "__index");
    lua_rawgeti(L, LUA_REGISTRYINDEX, vm->sentinel_ref);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

static int env_newindex(lua_State *L)
{
    const char *k = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?";
    if (vm_in_bot(vm_of(L)))
        return luaL_error(L, "attempt to write to read-only environment (global '%s'); a bot keeps "
                             "its data in locals", k);
    return luaL_error(L, "attempt to write to read-only environment (global '%s'); a script "
                         "keeps its data in locals or through the host API", k);
}

const char *vm_position_of(const char *msg, int *line)
{
    const char *colon = strchr(msg, ':');
    if (!colon || colon == msg || colon - msg >= 250) return NULL;
    const char *q = colon + 1;
    long l = 0;
    for (; *q >= '0' && *q <= '9'; q++)
        if (l < INT_MAX) l = l * 10 + (*q - '0'); /* a line past INT_MAX is no line */
    if (l <= 0 || l >= INT_MAX || *q != ':') return NULL;
    *line = (int)l;
    return colon;
}

/* The message of an error while a script loads, placed in that script (the chunk, the
 * handler's upvalue): an error while card x loads is x's, whichever helper noticed it.
 * A message raised without a position (`error(msg, 0)`, or `error(msg, 2)` in a function
 * the main chunk tail-called) gets the innermost line of the loading script; one placed
 * in another file (`error(msg)` or an API error in a helper function the script called)
 * gets that line in front, keeping its own position in the text. When the script's main
 * chunk tail-called the function that raised (`return hunt_card { … }`), its frame is
 * gone and the line is the last one it reached (vm->load_line, the line hook). The
 * traceback follows only when the line named is inside a function the script called,
 * not the main chunk's own line, which says it all. */
static int traceback_msgh(lua_State *L)
{
    Vm *vm = vm_of(L);
    const char *msg = lua_type(L, 1) == LUA_TSTRING ? lua_tostring(L, 1)
                                                     : "script error (non-string error object)";
    lua_Debug ar;
    char src[LUA_IDSIZE] = "";
    lua_pushvalue(L, lua_upvalueindex(1));
    if (lua_isfunction(L, -1) && lua_getinfo(L, ">S", &ar))
        snprintf(src, sizeof src, "%s", ar.short_src);
    else
        lua_pop(L, 1);
    int lua_frames = 0, main_line = vm->load_line, anchor = 0;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
        lua_frames++;
        if (strcmp(ar.short_src, src) != 0) continue;
        if (!anchor) anchor = ar.currentline;
        if (strcmp(ar.what, "main") == 0) main_line = ar.currentline;
    }
    if (!anchor) anchor = main_line;
    int line = 0;
    const char *colon = vm_position_of(msg, &line);
    bool here = colon && (size_t)(colon - msg) == strlen(src) &&
                memcmp(msg, src, (size_t)(colon - msg)) == 0;
    if (src[0] && anchor > 0 && !here) {
        msg = lua_pushfstring(L, "%s:%d: %s", src, anchor, msg);
        line = anchor;
    }
    if (lua_frames > 1 && line != main_line) luaL_traceback(L, L, msg, 1);
    else lua_pushstring(L, msg);
    return 1;
}

/* Fills e from a Lua error message "file:line: text": the location goes into e's file
 * and line, the text into e's message (so it is not printed twice). */
static void err_from_lua(Err *e, const char *what, const char *msg)
{
    char file[256] = "";
    int line = 0;
    const char *text = msg;
    const char *colon = vm_position_of(msg, &line);
    if (colon) {
        memcpy(file, msg, (size_t)(colon - msg));
        file[colon - msg] = 0;
        text = strchr(colon + 1, ':') + 1;
        while (*text == ' ') text++;
    }
    err_at(e, file, line, 0, "%s%s", what, text);
}

static bool mentions(const char *text, size_t len, const char *word)
{
    size_t n = strlen(word);
    for (size_t i = 0; i + n <= len; i++)
        if (text[i] == word[0] && memcmp(text + i, word, n) == 0) return true;
    return false;
}

/* lint: a global a script reads, checked once every script has loaded (a helper loaded
 * later may export it) */
typedef struct ReadNote {
    json_t *list;
    const char *path;
    lua_State *L;          /* field_note: the state and the registry ref of the globals */
    int genv;
} ReadNote;

static void read_note(void *ud, const char *name, int line)
{
    ReadNote *rn = ud;
    json_array_append_new(rn->list, json_pack("{s:s, s:i, s:s}", "file", rn->path, "line", line, "name", name));
}

/* lint: a call with a pattern the sandbox refuses, an error of the script's file (it
 * loads, and that call fails each time it runs) */
bool bytecode_patterns(lua_State *L, void (*note)(void *ud, int line, const char *msg),
                       void (*field)(void *ud, int line, const char *global, const char *name),
                       void *ud); /* bytecode.c */

static void pattern_note(void *ud, int line, const char *msg)
{
    ReadNote *rn = ud;
    json_array_append_new(rn->list, json_pack("{s:s, s:i, s:i, s:s}", "file", rn->path, "line", line, "col", 0,
                                              "message", msg));
}

/* lint: a function an API module or a library table does not have (`decide.amountz`,
 * `card.positon`, `string.dump`), read by constant names: the read is nil, so a call
 * of it always fails. An error of the script's file, with the closest name it has. */
static const char *const checked_globals[] = {"game",  "seat",  "zone",  "card",   "effect", "event",
                                              "window", "decide", "dice", "rng",    "track",  "supply",
                                              "board", "string", "table", "math",   "utf8",   NULL};

static int str_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void field_note(void *ud, int line, const char *global, const char *name)
{
    ReadNote *rn = ud;
    bool checked = false;
    for (int i = 0; checked_globals[i] && !checked; i++) checked = strcmp(checked_globals[i], global) == 0;
    if (!checked) return;
    lua_State *L = rn->L;
    int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, rn->genv);
    if (lua_type(L, -1) != LUA_TTABLE || lua_getfield(L, -1, global) != LUA_TTABLE) {
        lua_settop(L, top); /* a global these scripts do not have: the globals check says it */
        return;
    }
    if (sandbox_proxy_target(L, -1)) lua_remove(L, -2);
    if (lua_getfield(L, -1, name) != LUA_TNIL) {
        lua_settop(L, top);
        return;
    }
    lua_pop(L, 1);
    /* the closest of its names, the same whatever the table's order */
    const char *names[256];
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        if (lua_type(L, -2) == LUA_TSTRING && n < 256) names[n++] = lua_tostring(L, -2);
        lua_pop(L, 1);
    }
    qsort(names, (size_t)n, sizeof *names, str_cmp);
    Nearest near;
    nearest_init(&near, name);
    for (int i = 0; i < n; i++) nearest_try(&near, names[i]);
    char msg[400];
    if (near.best)
        snprintf(msg, sizeof msg, "%s.%s: %s has no '%s' (did you mean %s.%s?)", global, name, global, name, global,
                 near.best);
    else snprintf(msg, sizeof msg, "%s.%s: %s has no '%s' (docs/scripting-api.md lists what it has)", global, name,
                  global, name);
    lua_settop(L, top);
    json_array_append_new(rn->list, json_pack("{s:s, s:i, s:i, s:s}", "file", rn->path, "line", line, "col", 0,
                                              "message", msg));
}

/* Loads one script file in its own environment over the globals at registry ref genv,
 * runs it under the budget, expects a table back and leaves it, deep-frozen, on the
 * stack. */
bool vm_load_script(Vm *vm, const char *path, int genv, Err *e)
{
    lua_State *L = vm->L;
    size_t len;
    vm->nscripts++;
    char *text = file_read(path, &len, e);
    if (!text) return false;
    char chunk[300];
    snprintf(chunk, sizeof chunk, "@%s", path);
    int st = luaL_loadbufferx(L, text, len, chunk, "t");
    if (st != LUA_OK) {
        xfree(text);
        const char *m = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "load error";
        err_from_lua(e, "", m);
        if (!e->file[0]) snprintf(e->file, sizeof e->file, "%s", path);
        lua_pop(L, 1);
        return false;
    }
    if (!bytecode_check(L, path, e)) {
        xfree(text);
        lua_pop(L, 1);
        return false;
    }
    if (vm->lint && !mentions(text, len, "_ENV")) {
        ReadNote rn = {vm->lint, path, L, genv};
        bytecode_patterns(L, pattern_note, field_note, &rn);
    }
    size_t reads_from = vm->lint_reads ? json_array_size(vm->lint_reads) : 0;
    if (vm->lint_reads && !mentions(text, len, "_ENV")) {
        ReadNote rn = {vm->lint_reads, path, L, genv};
        bytecode_globals_read(L, read_note, &rn);
    }
    /* Bind the read-only globals the script reads (API modules, helpers, library
     * tables) to locals of its first line, once: each use is then an upvalue read, not
     * a miss on the private environment plus an __index into the globals. The globals
     * never change after loading, so the script sees the same values; names it assigns
     * stay globals (and get the read-only error). If the longer chunk does not compile
     * (too many locals) or fails the check, the plain one is kept. A script that
     * names _ENV (`local _ENV = t` changes what a global means) keeps its globals. */
    Buf pro = {0};
    bool have = false;
    if (!mentions(text, len, "_ENV")) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, genv);
        lua_pushvalue(L, -2);
        have = bytecode_prologue(L, -2, &pro);
        lua_pop(L, 2);
    }
    if (have && buf_put(&pro, text, len)) {
        Err pe;
        err_clear(&pe);
        if (luaL_loadbufferx(L, pro.s, pro.len, chunk, "t") != LUA_OK) lua_pop(L, 1);
        else if (!bytecode_check(L, path, &pe)) lua_pop(L, 1);
        else lua_remove(L, -2);
    }
    buf_free(&pro);
    xfree(text);
    push_env(L, vm, genv);
    lua_setupvalue(L, -2, 1);
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, traceback_msgh, 1);
    lua_insert(L, -2);
    vm_budget_start(vm, L);
    vm->load_line = 0;
    lua_sethook(L, vm_budget_hook, LUA_MASKCOUNT | LUA_MASKLINE, vm->lim.hook_interval);
    vm->g = NULL;
    st = lua_pcall(L, 0, 1, -2);
    lua_sethook(L, vm_budget_hook, LUA_MASKCOUNT, vm->lim.hook_interval);
    vm->stop = STOP_NONE;
    if (st != LUA_OK) {
        const char *m = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error";
        err_from_lua(e, "", m);
        if (!e->file[0]) str_copy(e->file, sizeof e->file, path); /* (not enough memory) */
        lua_pop(L, 2);
        /* a global this error names ("attempt to call a nil value (global 'make')") is
         * said by the error: no warning of its own */
        for (size_t i = vm->lint_reads ? json_array_size(vm->lint_reads) : 0; i-- > reads_from;) {
            char named[160];
            snprintf(named, sizeof named, "(global '%s')",
                     json_string_value(json_object_get(json_array_get(vm->lint_reads, i), "name")));
            if (strstr(e->msg, named)) json_array_remove(vm->lint_reads, i);
        }
        return false;
    }
    lua_remove(L, -2);
    if (!lua_istable(L, -1)) {
        err_at(e, path, 0, 0, "the script must return a table (got %s)", luaL_typename(L, -1));
        lua_pop(L, 1);
        return false;
    }
    sandbox_freeze_deep(L);
    return true;
}

/* Raw reads of script-made tables (proxies unwrapped): the host never runs a script's
 * metamethod outside a protected, budgeted call. Push the value, return its type. */
int vm_rawfield(lua_State *L, int idx, const char *k)
{
    idx = lua_absindex(L, idx);
    if (sandbox_proxy_target(L, idx)) {
        lua_pushstring(L, k);
        int t = lua_rawget(L, -2);
        lua_remove(L, -2);
        return t;
    }
    if (!lua_istable(L, idx)) {
        lua_pushnil(L);
        return LUA_TNIL;
    }
    lua_pushstring(L, k);
    return lua_rawget(L, idx);
}

/* Scripts are frozen when they load (every table a read-only proxy, no function that
 * keeps state), so a field of one never changes: the value is kept in the registry,
 * by (script, name) in a direct-mapped cache. Reading it through the proxies costs a
 * metatable lookup per level and a string push; a hit is one registry read. */
int vm_script_field(lua_State *L, int32_t script, int32_t name)
{
    Vm *vm = vm_of(L);
    uint32_t h = ((uint32_t)script * 0x9E3779B1u) ^ ((uint32_t)name * 0x85EBCA77u);
    FieldSlot *f = &vm->field_cache[(h >> 16) & (FIELD_CACHE - 1)];
    if (f->ref != 0 && f->script == script && f->name == name) {
        if (f->ref == LUA_REFNIL) {
            lua_pushnil(L);
            return LUA_TNIL;
        }
        return lua_rawgeti(L, LUA_REGISTRYINDEX, f->ref);
    }
    const World *w = vm->w;
    const char *k = names_str(&w->names, name);
    if (script >= 0) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, w->defs[script].script_ref);
        vm_rawfield(L, -1, k);
        lua_remove(L, -2);
    } else {
        lua_rawgeti(L, LUA_REGISTRYINDEX, vm->rules_ref);
        if (script != VM_RULES) {
            vm_rawfield(L, -1, "steps");
            vm_rawfield(L, -1, names_str(&w->names, w->steps[-2 - script].name));
            lua_replace(L, -3);
            lua_pop(L, 1);
        }
        vm_rawfield(L, -1, k);
        lua_remove(L, -2);
    }
    if (f->ref > 0) luaL_unref(L, LUA_REGISTRYINDEX, f->ref);
    lua_pushvalue(L, -1);
    f->ref = luaL_ref(L, LUA_REGISTRYINDEX);
    f->script = script;
    f->name = name;
    return lua_type(L, -1);
}

int vm_rawindex(lua_State *L, int idx, lua_Integer i)
{
    idx = lua_absindex(L, idx);
    if (sandbox_proxy_target(L, idx)) {
        int t = lua_rawgeti(L, -1, i);
        lua_remove(L, -2);
        return t;
    }
    if (!lua_istable(L, idx)) {
        lua_pushnil(L);
        return LUA_TNIL;
    }
    return lua_rawgeti(L, idx, i);
}

lua_Integer vm_rawlen(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (sandbox_proxy_target(L, idx)) {
        lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
        lua_pop(L, 1);
        return n;
    }
    return (lua_Integer)lua_rawlen(L, idx);
}

/* Loads the rules, helpers and card scripts of every pack. Raw (unfrozen) copies of
 * the rules are merged first, then frozen once. */
/* In lint mode an error is recorded and loading goes on with the next script. */
bool vm_lint_keep_going(Vm *vm, Err *e)
{
    if (!vm->lint) return false;
    if (vm->helper_failed) { /* most likely a missing export of that helper: not listed */
        vm->lint_hidden++;
        err_clear(e);
        return true;
    }
    json_t *o = json_pack("{s:s, s:i, s:i, s:s}", "file", e->file, "line", e->line, "col", e->col,
                          "message", e->msg);
    if (o) json_array_append_new(vm->lint, o);
    err_clear(e);
    return true;
}

static const KindNeeds *kind_needs(const Vm *vm, int32_t kind)
{
    for (int i = 0; i < vm->nkneeds; i++)
        if (vm->kneeds[i].kind == kind) return &vm->kneeds[i];
    return NULL;
}

bool vm_kind_needs(const Vm *vm, int32_t kind)
{
    const KindNeeds *k = kind_needs(vm, kind);
    return k && k->nfn > 0;
}

/* "a, b and c": the functions kn needs (static buffer: one message at a time). */
static const char *needs_text(const World *w, const KindNeeds *kn)
{
    static char buf[600];
    buf[0] = 0;
    for (int i = 0; i < kn->nfn; i++) {
        size_t n = strlen(buf);
        snprintf(buf + n, sizeof buf - n, "%s%s", i == 0 ? "" : i == kn->nfn - 1 ? " and " : ", ",
                 names_str(&w->names, kn->fn[i]));
    }
    return buf;
}

/* Sets e to an error about card definition d: "card 'id' (its card file:line): " and
 * the text; at file (NULL: where e already points, the script's line). */
static void card_error(Vm *vm, int d, const char *file, Err *e, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void card_error(Vm *vm, int d, const char *file, Err *e, const char *fmt, ...)
{
    const World *w = vm->w;
    const CardDef *def = &w->defs[d];
    char msg[sizeof e->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int line = world_def_line(w, d);
    /* (the card file's line only where e points into the card file) */
    if (file) err_at(e, file, file == def->file ? line : 0, 0, "%s", "");
    char at[16] = "";
    if (line > 0) snprintf(at, sizeof at, ":%d", line);
    const char *id = names_str(&w->names, def->id);
    /* (err_set keeps where e points, and cuts a long traceback at a line's end) */
    if (file && file == def->file) err_set(e, "card '%s': %s", id, msg); /* e already points there */
    else err_set(e, "card '%s' (%s%s): %s", id, def->file ? def->file : "?", at, msg);
}

/* Whether the script of definition d (its table on top of the stack) has every
 * function kn needs; else e says which are missing and which it has. */
static bool script_gives(Vm *vm, int d, const KindNeeds *kn, Err *e)
{
    lua_State *L = vm->L;
    const World *w = vm->w;
    char missing[600] = "";
    int nmissing = 0;
    for (int i = 0; i < kn->nfn; i++) {
        const char *fn = names_str(&w->names, kn->fn[i]);
        if (vm_rawfield(L, -1, fn) != LUA_TFUNCTION) {
            size_t n = strlen(missing);
            snprintf(missing + n, sizeof missing - n, "%s%s", nmissing ? ", " : "", fn);
            nmissing++;
        }
        lua_pop(L, 1);
    }
    if (!nmissing) return true;
    /* what it gives, in name order (pairs order differs between runs) */
    const char *have[32];
    int nhave = 0;
    int t0 = lua_gettop(L), t = t0;
    if (sandbox_proxy_target(L, t0)) t = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        if (lua_type(L, -2) == LUA_TSTRING && lua_isfunction(L, -1) && nhave < 32)
            have[nhave++] = lua_tostring(L, -2); /* the key stays in the table */
        lua_pop(L, 1);
    }
    for (int i = 1; i < nhave; i++)
        for (int j = i; j > 0 && strcmp(have[j - 1], have[j]) > 0; j--) {
            const char *x = have[j];
            have[j] = have[j - 1];
            have[j - 1] = x;
        }
    char gives[600] = "";
    for (int i = 0; i < nhave; i++) {
        size_t n = strlen(gives);
        snprintf(gives + n, sizeof gives - n, "%s%s", i ? ", " : "", have[i]);
    }
    /* a misspelt name: the given function closest to a missing one */
    char hint[200] = "";
    for (int i = 0; i < kn->nfn && !hint[0]; i++) {
        const char *fn = names_str(&w->names, kn->fn[i]);
        for (int j = 0; j < nhave && !hint[0]; j++) {
            int dist = edit_distance(fn, have[j]);
            if (dist > 0 && dist <= 2 && dist * 2 <= (int)strlen(fn))
                snprintf(hint, sizeof hint, " (is %s meant to be %s?)", have[j], fn);
        }
    }
    const char *kind = names_str(&w->names, w->defs[d].kind);
    card_error(vm, d, w->defs[d].script, e,
               "its script gives no function %s, which the rules need every %s card's script to give "
               "(their kinds.%s.needs: %s); it gives %s%s",
               missing, kind, kind, needs_text(w, kn), nhave ? gives : "no function at all", hint);
    lua_settop(L, t0);
    return false;
}

static bool load_world(Vm *vm, Err *e)
{
    lua_State *L = vm->L;
    World *w = vm->w;
    /* helpers: their exports become globals of every script */
    for (int p = 0; p < w->npacks; p++) {
        for (int h = 0; h < w->packs[p].nhelpers; h++) {
            if (!vm_load_script(vm, w->packs[p].helpers[h], vm->G_ref, e)) {
                if (vm_lint_keep_going(vm, e)) {
                    if (!vm->helper_failed) vm->helper_failed = w->packs[p].helpers[h];
                    continue;
                }
                return false;
            }
            lua_rawgeti(L, LUA_REGISTRYINDEX, vm->G_ref);
            if (!sandbox_proxy_target(L, -2)) {
                lua_pop(L, 2);
                return false;
            }
            /* stack: G, frozen exports, their target */
            bool clash = false;
            lua_pushnil(L);
            while (lua_next(L, -2)) {
                /* an export may not replace a built-in, an API module or another
                 * helper's export: a mod must not change what the base game calls */
                lua_pushvalue(L, -2);
                if (lua_type(L, -1) != LUA_TSTRING || lua_rawget(L, -5) != LUA_TNIL) {
                    const char *k = lua_type(L, -3) == LUA_TSTRING ? lua_tostring(L, -3) : "(not a name)";
                    err_at(e, w->packs[p].helpers[h], 0, 0,
                           "the helper exports '%s', which is already a global (a built-in, an "
                           "API module or another helper's export); give it another name", k);
                    lua_pop(L, 3);
                    clash = true;
                    break;
                }
                lua_pop(L, 1);
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_rawset(L, -5);
            }
            lua_pop(L, 3);
            if (clash) {
                if (vm_lint_keep_going(vm, e)) {
                    if (!vm->helper_failed) vm->helper_failed = w->packs[p].helpers[h];
                    continue;
                }
                return false;
            }
        }
    }
    /* rules */
    lua_newtable(L);
    int merged = lua_gettop(L);
    const char *rules_file = NULL;
    for (int p = 0; p < w->npacks; p++) {
        if (!w->packs[p].rules) continue;
        rules_file = w->packs[p].rules;
        if (!vm_load_script(vm, rules_file, vm->G_ref, e)) {
            if (vm_lint_keep_going(vm, e)) continue;
            return false;
        }
        /* unfreeze one level for merging: copy the proxy target's fields */
        if (sandbox_proxy_target(L, -1)) lua_remove(L, -2);
        vm_rules_merge(L, merged);
    }
    if (!rules_file) {
        char pj[1100];
        snprintf(pj, sizeof pj, "%s/pack.json", w->packs[0].dir);
        err_at(e, pj, 0, 0,
               "pack %s has no rules: a game names its rules (\"rules\": \"rules.lua\"), an expansion the "
               "game it adds to (\"depends\": [\"<game>\"])",
               w->packs[0].id);
        if (!vm_lint_keep_going(vm, e)) {
            lua_pop(L, 1);
            return false;
        }
    } else if (!vm_rules_config_read(vm, rules_file, e)) {
        if (!vm_lint_keep_going(vm, e)) {
            lua_pop(L, 1);
            return false;
        }
    } else {
        vm->rules_ok = true;
    }
    sandbox_freeze(L);
    vm->rules_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    /* cards */
    for (int d = 0; d < w->ndefs; d++) {
        CardDef *def = &w->defs[d];
        const KindNeeds *kn = def->removed ? NULL : kind_needs(vm, def->kind);
        if (!def->script) {
            if (kn && kn->nfn > 0 && !def->script_lost) {
                char why[1000];
                world_no_script_why(w, d, why, sizeof why);
                const char *kind = names_str(&w->names, def->kind);
                card_error(vm, d, def->file, e, "it has no script, but the rules need every %s card's "
                           "script to give %s (their kinds.%s.needs): %s", kind, needs_text(w, kn), kind, why);
                if (vm_lint_keep_going(vm, e)) continue;
                return false;
            }
            continue;
        }
        vm->load_def = d; /* game.def() while it loads: a builder checks the card it makes */
        bool ok = vm_load_script(vm, def->script, vm->G_ref, e);
        vm->load_def = -1;
        if (!ok) {
            /* the card too, and its card file: the fix may be there, not in the script */
            char msg[sizeof e->msg];
            str_copy(msg, sizeof msg, e->msg);
            card_error(vm, d, NULL, e, "%s", msg);
            if (vm_lint_keep_going(vm, e)) continue;
            return false;
        }
        if (kn && !script_gives(vm, d, kn, e)) {
            lua_pop(L, 1);
            if (vm_lint_keep_going(vm, e)) continue;
            return false;
        }
        vm_rawfield(L, -1, "can_play");
        def->can_play = lua_isfunction(L, -1);
        lua_pop(L, 1);
        vm_rawfield(L, -1, "on_play");
        def->on_play = lua_isfunction(L, -1);
        lua_pop(L, 1);
        def->script_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    if (vm->lint_hidden) {
        const char *h = vm->helper_failed;
        vm->helper_failed = NULL;
        err_at(e, h, 0, 0,
               "%d more script%s did not load after this helper failed (they use its exports): "
               "fix it first, then lint again",
               vm->lint_hidden, vm->lint_hidden == 1 ? "" : "s");
        vm_lint_keep_going(vm, e);
    }
    return true;
}

/* ---------------------------------------------------------------- life ------------ */

static int probe_fn(lua_State *L)
{
    /* the 5.4.4 miscompilation of '1 ~ (2 or 3)' with > 256 constants fingerprints the
     * Lua actually loaded (5.4.4 gives 0, fixed versions give 3) */
    Buf b = {0};
    buf_printf(&b, "local t = {");
    for (int i = 0; i < 300; i++) buf_printf(&b, "%d.5,", i);
    buf_printf(&b, "} local x = 1 ~ (2 or 3) return x");
    int st = luaL_loadbufferx(L, b.s, b.len, "=probe", "t");
    buf_free(&b);
    if (st != LUA_OK) return lua_error(L);
    lua_call(L, 0, 1);
    return 1;
}

static Vm *vm_make(World *w, const VmLimits *lim, json_t *lint, json_t *warnings, Err *e);

Vm *vm_new(World *w, const VmLimits *lim, Err *e)
{
    return vm_make(w, lim, NULL, NULL, e);
}

/* Warns of each global of the reads list ({file, line, name}) that the globals at
 * registry ref genv do not set: it reads nil, most likely a misspelt name. */
static void warn_undefined(Vm *vm, const json_t *reads, int genv, json_t *warnings)
{
    lua_State *L = vm->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, genv);
    size_t i;
    json_t *r;
    json_array_foreach(reads, i, r) {
        const char *name = json_string_value(json_object_get(r, "name"));
        lua_pushstring(L, name);
        bool set = lua_rawget(L, -2) != LUA_TNIL;
        lua_pop(L, 1);
        if (set) continue;
        /* the closest global name, if one is close */
        char best[128] = "";
        int bestd = 3;
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            lua_pop(L, 1);
            if (lua_type(L, -1) != LUA_TSTRING) continue;
            const char *k = lua_tostring(L, -1);
            int dist = edit_distance(name, k);
            /* ties go to the first in byte order: the table's order is not stable */
            if ((dist < bestd || (dist == bestd && best[0] && strcmp(k, best) < 0)) && dist * 2 <= (int)strlen(name)) {
                bestd = dist;
                str_copy(best, sizeof best, k);
            }
        }
        Err we;
        err_clear(&we);
        const char *file = json_string_value(json_object_get(r, "file"));
        int line = (int)json_integer_value(json_object_get(r, "line"));
        bool scripts_have = false;
        if (genv != vm->G_ref) { /* a bot's: is it one of the scripts' globals? */
            lua_rawgeti(L, LUA_REGISTRYINDEX, vm->G_ref);
            lua_pushstring(L, name);
            scripts_have = lua_rawget(L, -2) != LUA_TNIL;
            lua_pop(L, 2);
        }
        if (scripts_have)
            err_at(&we, file, line, 0,
                   "reads '%s', which card scripts have and bots do not: it is nil (a bot knows the game only "
                   "from its view and question)", name);
        else
            err_at(&we, file, line, 0, "reads '%s', a global that no script, helper or library defines: it is nil (%s%s%s)",
                   name, best[0] ? "did you mean '" : "a misspelt name?", best, best[0] ? "'?" : "");
        json_array_append_new(warnings, json_pack("{s:s, s:i, s:i, s:s}", "file", we.file, "line", we.line, "col",
                                                  0, "message", we.msg));
    }
    lua_pop(L, 1);
}

Vm *vm_lint(World *w, json_t *errors, json_t *warnings, Err *e)
{
    Vm *vm = vm_make(w, NULL, errors, warnings, e);
    if (!vm || !vm->lint_reads) return vm;
    /* after a helper failed, the names it would have exported read nil: no warnings */
    if (!vm->helper_failed) warn_undefined(vm, vm->lint_reads, vm->G_ref, warnings);
    if (vm->bot_reads) warn_undefined(vm, vm->bot_reads, vm->bot_env_ref, warnings);
    json_decref(vm->lint_reads);
    vm->lint_reads = NULL;
    return vm;
}

static Vm *vm_make(World *w, const VmLimits *lim, json_t *lint, json_t *warnings, Err *e)
{
    Vm *vm = xcalloc(1, sizeof *vm);
    if (!vm) {
        err_set(e, "out of memory");
        return NULL;
    }
    vm->w = w;
    vm->lim = lim ? *lim : vm_limits_default();
    vm->cur_def = -1;
    vm->load_def = -1;
    vm->designer_env_ref = LUA_NOREF;
    vm->cur_obj = -1;
    vm->lint = lint;
    lua_State *L = lua_newstate(vm_alloc, vm);
    if (!L) {
        xfree(vm);
        err_set(e, "cannot create the Lua state");
        return NULL;
    }
    vm->L = L;
    vm->lint_reads = warnings ? json_array() : NULL;
    *(Vm **)lua_getextraspace(L) = vm;
    /* the hook goes in first, so every thread created later inherits it */
    lua_sethook(L, vm_budget_hook, LUA_MASKCOUNT, vm->lim.hook_interval);
    /* what getmetatable returns for every locked metatable (sandbox_open makes it a
     * read-only proxy, so it cannot carry anything between actions) */
    lua_newtable(L);
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "metatable");
    vm->sentinel_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_createtable(L, NAME_CACHE, 0);
    vm->name_anchor_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushcfunction(L, env_newindex);
    lua_setfield(L, LUA_REGISTRYINDEX, "tabula.ro_newindex");
    /* known-answer probe before any script */
    lua_pushcfunction(L, probe_fn);
    if (lua_pcall(L, 0, 1, 0) == LUA_OK)
        snprintf(vm->probe, sizeof vm->probe, "1~(2 or 3)=%s", lua_tostring(L, -1));
    else
        snprintf(vm->probe, sizeof vm->probe, "probe failed");
    lua_pop(L, 1);
    /* the globals every script sees, through its own read-only proxy */
    lua_newtable(L);
    int G = lua_gettop(L);
    sandbox_open(L, G);
    api_open(L, G);
    lua_pushvalue(L, G);
    vm->G_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pop(L, 1);
    if (!load_world(vm, e)) {
        vm_free(vm);
        return NULL;
    }
    lua_settop(L, 0);
    vm_bots_load(vm);
    lua_gc(L, LUA_GCCOLLECT);
    /* actions make many short-lived tables: the generational collector suits them */
    lua_gc(L, LUA_GCGEN, 0, 0);
    vm_gc_settle(vm, L);
    vm_attach(vm);
    if (!lint) vm_fast_watch(vm); /* false: every run is counted */
    snprintf(w->lua_release, sizeof w->lua_release, "%s", LUA_RELEASE);
    snprintf(w->lua_probe, sizeof w->lua_probe, "%s", vm->probe);
    return vm;
}

void vm_free(Vm *vm)
{
    if (!vm) return;
    vm_fast_unwatch(vm);
    if (vm->w && vm->w->ops_ud == vm) {
        vm->w->ops = NULL;
        vm->w->ops_ud = NULL;
    }
    vm_bots_free(vm);
    for (int i = 0; i < vm->nbots_files; i++) xfree(vm->bots_files[i]);
    xfree(vm->bots_files);
    lua_close(vm->L);
    json_decref(vm->lint_reads);
    json_decref(vm->bot_reads);
    pool_release(vm);
    vm_aside(vm, false);
    vm_profile(vm, false);
    xfree(vm->free_threads);
    xfree(vm->live);
    xfree(vm->api_names);
    xfree(vm);
}

int vm_script_count(const Vm *vm)
{
    return vm->nscripts;
}

bool vm_rules_ok(const Vm *vm)
{
    return vm->rules_ok;
}

const char *vm_lua_release(void)
{
    return LUA_RELEASE;
}

const char *vm_lua_probe(Vm *vm)
{
    return vm->probe;
}

uint64_t vm_api_calls(const Vm *vm)
{
    return vm->api_calls;
}

void vm_aside(Vm *vm, bool on)
{
    if (on && !vm->aside) {
        vm->aside = true;
        vm->aside_calls = vm->api_calls;
        vm->aside_prof = vm->prof; /* no samples while aside */
        vm->prof = NULL;
    } else if (!on && vm->aside) {
        vm->aside = false;
        vm->api_calls = vm->aside_calls;
        vm->prof = vm->aside_prof;
        vm->aside_prof = NULL;
    }
}

size_t vm_mem_used(const Vm *vm)
{
    return vm->mem;
}

void api_name(Vm *vm, const char *name)
{
    if (vm->napi + 2 > vm->capapi) {
        int cap = vm->capapi ? vm->capapi * 2 : 128;
        const char **d = xrealloc(vm->api_names, (size_t)cap * sizeof *d);
        if (!d) return;
        vm->api_names = d;
        vm->capapi = cap;
    }
    vm->api_names[vm->napi++] = name;
    vm->api_names[vm->napi] = NULL;
}

const char *const *vm_api_names(Vm *vm)
{
    return vm->api_names;
}
