/* profile.c — where scripts spend their work, for `tabula sim --profile`.
 *
 * Off by default and free when off. When on, the budget hook (which fires every
 * hook_interval Lua instructions anyway) also records the source line and the function
 * that was running, and every script API call records which API function it was. The
 * counts are keyed by pointers that live as long as the worker's Lua state (a compiled
 * script's source name, the interned API name), so recording allocates nothing in Lua
 * and never disturbs the game. vm_profile_report turns them into text keys. */
#include <stdio.h>
#include <string.h>

#include "vmi.h"

enum { P_LINE, P_FUNC, P_API };

typedef struct ProfSlot {
    const char *src;  /* NULL: empty slot */
    int line;
    int kind;
    uint64_t n;
} ProfSlot;

struct Prof {
    ProfSlot *slot;
    size_t cap, len;
    int interval;  /* the hook interval before profiling, put back when it stops */
};

static size_t prof_hash(const char *src, int line, int kind)
{
    uint64_t h = (uint64_t)(uintptr_t)src * 0x9E3779B97F4A7C15ull;
    h ^= (uint64_t)(uint32_t)line * 0xC2B2AE3D27D4EB4Full + (uint64_t)kind;
    return (size_t)(h ^ (h >> 29));
}

static bool prof_grow(Prof *p)
{
    size_t ncap = p->cap ? p->cap * 2 : 1024;
    ProfSlot *ns = xcalloc(ncap, sizeof *ns);
    if (!ns) return false;
    for (size_t i = 0; i < p->cap; i++) {
        ProfSlot *s = &p->slot[i];
        if (!s->src) continue;
        size_t k = prof_hash(s->src, s->line, s->kind) & (ncap - 1);
        while (ns[k].src) k = (k + 1) & (ncap - 1);
        ns[k] = *s;
    }
    xfree(p->slot);
    p->slot = ns;
    p->cap = ncap;
    return true;
}

static void prof_add(Prof *p, const char *src, int line, int kind, uint64_t n)
{
    if (!src) return;
    if ((p->len + 1) * 2 > p->cap && !prof_grow(p)) return; /* out of memory: drop it */
    size_t k = prof_hash(src, line, kind) & (p->cap - 1);
    while (p->slot[k].src) {
        ProfSlot *s = &p->slot[k];
        if (s->src == src && s->line == line && s->kind == kind) {
            s->n += n;
            return;
        }
        k = (k + 1) & (p->cap - 1);
    }
    p->slot[k] = (ProfSlot){src, line, kind, n};
    p->len++;
}

void vm_profile(Vm *vm, bool on)
{
    if (on && !vm->prof) {
        vm->prof = xcalloc(1, sizeof *vm->prof);
        if (!vm->prof) return;
        /* the hook count restarts with every action: sample often enough that short
         * actions are seen too (the budget counts the same instructions either way) */
        vm->prof->interval = vm->lim.hook_interval;
        if (vm->lim.hook_interval > 7) vm->lim.hook_interval = 7;
    }
    if (!on && vm->prof) {
        vm->lim.hook_interval = vm->prof->interval;
        xfree(vm->prof->slot);
        xfree(vm->prof);
        vm->prof = NULL;
    }
}

void prof_sample(Vm *vm, lua_State *L, lua_Debug *ar)
{
    if (!lua_getinfo(L, "Sl", ar)) return;
    prof_add(vm->prof, ar->source, ar->currentline, P_LINE, 1);
    prof_add(vm->prof, ar->source, ar->linedefined, P_FUNC, 1);
}

void prof_api(Vm *vm, lua_State *L)
{
    lua_Debug ar;
    if (!lua_getstack(L, 0, &ar) || !lua_getinfo(L, "f", &ar)) return;
    /* tabula.apinames maps each registered C function to its interned "mod.fn" */
    if (lua_getfield(L, LUA_REGISTRYINDEX, "tabula.apinames") == LUA_TTABLE) {
        lua_pushvalue(L, -2);
        if (lua_rawget(L, -2) == LUA_TSTRING) prof_add(vm->prof, lua_tostring(L, -1), 0, P_API, 1);
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
}

/* "@cards/notalone/lib.lua" → "cards/notalone/lib.lua" */
static const char *src_name(const char *s)
{
    return (s[0] == '@' || s[0] == '=') ? s + 1 : s;
}

json_t *vm_profile_report(const Vm *vm)
{
    json_t *out = json_pack("{s:o, s:o, s:o, s:i}", "lines", json_object(), "functions",
                            json_object(), "api", json_object(), "interval",
                            (json_int_t)vm->lim.hook_interval);
    if (!out || !vm->prof) return out;
    json_t *by[3] = {json_object_get(out, "lines"), json_object_get(out, "functions"),
                     json_object_get(out, "api")};
    for (size_t i = 0; i < vm->prof->cap; i++) {
        const ProfSlot *s = &vm->prof->slot[i];
        if (!s->src) continue;
        char key[300];
        if (s->kind == P_API) snprintf(key, sizeof key, "%s", s->src);
        else snprintf(key, sizeof key, "%s:%d", src_name(s->src), s->line);
        json_t *o = by[s->kind];
        json_int_t have = json_integer_value(json_object_get(o, key));
        json_object_set_new(o, key, json_integer(have + (json_int_t)s->n));
    }
    return out;
}
