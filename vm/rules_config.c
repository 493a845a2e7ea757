/* rules_config.c — what the rules table declares besides its functions, read once when
 * a worker loads: the turn's steps and their hooks, the window styles, the kinds' needed
 * functions, the listeners (`on`) and the limits; and the merging of several packs'
 * rules tables into one (later packs win, `steps`, `windows`, `kinds` and `on` merged
 * key by key). Split from vm.c, which loads the scripts and calls these.
 * Read next: vm.c (load_world). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vmi.h"

/* A window's list of at most 4 names (roles_first, from), read from field `key` of the
 * window table on top into out (interned; -1 past the last). A missing field is no
 * list; anything but a list of 1 to 4 names is an error naming the window (a plain
 * string, `roles_first = "dark"`, was ignored without a word). */
static bool window_names(lua_State *L, World *w, int32_t kind, const char *key, const char *what, int32_t *out,
                         const char *file, Err *e)
{
    int t = vm_rawfield(L, -1, key);
    bool ok = t == LUA_TNIL;
    if (t == LUA_TTABLE) {
        if (sandbox_proxy_target(L, -1)) lua_remove(L, -2);
        lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
        ok = n >= 1 && n <= 4;
        for (lua_Integer k = 1; ok && k <= n; k++) {
            ok = lua_rawgeti(L, -1, k) == LUA_TSTRING && lua_rawlen(L, -1) >= 1 && lua_rawlen(L, -1) <= 100;
            if (ok) out[k - 1] = names_intern(&w->names, lua_tostring(L, -1));
            lua_pop(L, 1);
        }
        if (ok) { /* no key besides 1..n: { dark = true } is no list */
            lua_pushnil(L);
            while (lua_next(L, -2)) {
                bool listed = lua_isinteger(L, -2) && lua_tointeger(L, -2) >= 1 && lua_tointeger(L, -2) <= n;
                lua_pop(L, 1);
                if (!listed) {
                    lua_pop(L, 1);
                    ok = false;
                    break;
                }
            }
        }
    }
    lua_pop(L, 1);
    if (!ok) {
        for (int k = 0; k < 4; k++) out[k] = -1;
        err_at(e, file, 0, 0, "rules: windows.%s.%s must be a list of 1 to 4 %s names, like { \"%s\" }",
               names_str(&w->names, kind), key, what, strcmp(what, "role") == 0 ? "creature" : "hand");
    }
    return ok;
}

/* The rules' `kinds`: kind -> { needs = { function names } }, into vm->kneeds. The
 * merged raw rules table is at R. */
static bool read_kind_needs(Vm *vm, const char *file, int R, Err *e)
{
    lua_State *L = vm->L;
    World *w = vm->w;
    vm->nkneeds = 0;
    int t = vm_rawfield(L, R, "kinds");
    if (t == LUA_TNIL) {
        lua_pop(L, 1);
        return true;
    }
    const char *shape = "rules: kinds must map a card kind to { needs = { names of the functions its "
                        "cards' scripts must give } } (at most 32 kinds, 16 names each)";
    if (t != LUA_TTABLE) {
        err_at(e, file, 0, 0, "%s, not a %s", shape, luaL_typename(L, -1));
        lua_pop(L, 1);
        return false;
    }
    if (sandbox_proxy_target(L, -1)) lua_remove(L, -2);
    int kt = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, kt)) {
        /* stack: kinds, kind, entry */
        if (lua_type(L, -2) != LUA_TSTRING || !lua_istable(L, -1) || vm->nkneeds == KIND_NEEDS_MAX) {
            err_at(e, file, 0, 0, "%s", shape);
            lua_settop(L, kt - 1);
            return false;
        }
        const char *kind = lua_tostring(L, -2);
        if (sandbox_proxy_target(L, -1)) lua_remove(L, -2);
        int et = lua_gettop(L);
        lua_pushnil(L);
        while (lua_next(L, et)) {
            if (lua_type(L, -2) != LUA_TSTRING || strcmp(lua_tostring(L, -2), "needs") != 0) {
                lua_pop(L, 1);
                err_at(e, file, 0, 0, "rules: kinds.%s has no field '%s' (its field: needs)", kind,
                       lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(not a name)");
                lua_settop(L, kt - 1);
                return false;
            }
            lua_pop(L, 1);
        }
        KindNeeds *k = &vm->kneeds[vm->nkneeds];
        k->kind = names_intern(&w->names, kind);
        k->nfn = 0;
        if (k->kind < 0) {
            err_at(e, file, 0, 0, "rules: kinds: out of names");
            lua_settop(L, kt - 1);
            return false;
        }
        if (vm_rawfield(L, et, "needs") == LUA_TTABLE) {
            lua_Integer n = vm_rawlen(L, -1);
            for (lua_Integer i = 1; i <= n; i++) {
                if (vm_rawindex(L, -1, i) != LUA_TSTRING || k->nfn == KIND_NEED_FNS) {
                    err_at(e, file, 0, 0, "rules: kinds.%s.needs must be a list of at most %d function "
                                          "names", kind, KIND_NEED_FNS);
                    lua_settop(L, kt - 1);
                    return false;
                }
                k->fn[k->nfn] = names_intern(&w->names, lua_tostring(L, -1));
                lua_pop(L, 1);
                if (k->fn[k->nfn++] < 0) {
                    err_at(e, file, 0, 0, "rules: kinds: out of names");
                    lua_settop(L, kt - 1);
                    return false;
                }
            }
        } else if (!lua_isnil(L, -1)) {
            err_at(e, file, 0, 0, "rules: kinds.%s.needs must be a list of function names, not a %s", kind,
                   luaL_typename(L, -1));
            lua_settop(L, kt - 1);
            return false;
        }
        lua_pop(L, 1);
        vm->nkneeds++;
        lua_settop(L, et - 1); /* the key stays for lua_next */
    }
    lua_settop(L, kt - 1);
    return true;
}

/* The fields a window's configuration may have, with the type each takes (LUA_TTABLE:
 * a list of names, checked by window_names). */
static const struct {
    const char *key;
    int type;
} window_fields[] = {
    {"style", LUA_TSTRING},         {"trigger_order", LUA_TSTRING}, {"roles_first", LUA_TTABLE},
    {"play_zone", LUA_TSTRING},     {"play", LUA_TSTRING},          {"triggers_only", LUA_TBOOLEAN},
    {"from", LUA_TTABLE},           {"always_ask", LUA_TBOOLEAN},
};

/* Checks that the window configuration on top (the raw table of windows.<kind>) has only
 * the fields a window has, each of its type: a misspelt `trigger_ordr` or an
 * `always_ask = "yes"` was ignored without a word. False with e filled. */
static bool window_fields_check(lua_State *L, const char *kind, const char *file, Err *e)
{
    int t = lua_gettop(L);
    bool ok = true;
    lua_pushnil(L);
    while (ok && lua_next(L, t)) {
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
        size_t i = 0, n = sizeof window_fields / sizeof window_fields[0];
        while (k && i < n && strcmp(k, window_fields[i].key) != 0) i++;
        if (!k || i == n) {
            char what[140];
            if (k) snprintf(what, sizeof what, "field '%.100s'", k);
            else snprintf(what, sizeof what, "%s key", luaL_typename(L, -2));
            err_at(e, file, 0, 0,
                   "rules: windows.%s has no %s (its fields: style, trigger_order, roles_first, play_zone, "
                   "play, triggers_only, from, always_ask)",
                   kind, what);
            ok = false;
        } else if (window_fields[i].type != LUA_TTABLE && lua_type(L, -1) != window_fields[i].type) {
            err_at(e, file, 0, 0, "rules: windows.%s.%s must be %s, not a %s", kind, k,
                   window_fields[i].type == LUA_TBOOLEAN ? "true or false" : "a text", luaL_typename(L, -1));
            ok = false;
        }
        lua_pop(L, ok ? 1 : 2);
    }
    return ok;
}

/* The event kinds the engine emits (docs/scripting-api.md, Events): a static listener
 * of a kind spelt nearly as one of these is a slip, not a custom event. */
static const char *const builtin_events[] = {
    "move", "attach", "create", "destroy", "flip", "tap", "control", "owner", "zone",
    "visibility", "effect", "active", "role", "extra_turn", "modify", "reroll", "reveal",
    "play", "cancel", "set", "step", "turn", "dice", "shuffle", "win", "track", "print",
    "supply",
    "board",
};

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Checks that field `fn` of the rules table R names a function of it; false with e
 * filled (naming the kind and the closest function name) when not. */
static bool listener_check(lua_State *L, int R, const char *kind, const char *fn, const char *file, Err *e)
{
    int t = vm_rawfield(L, R, fn);
    lua_pop(L, 1);
    if (t == LUA_TFUNCTION) return true;
    Nearest nr;
    nearest_init(&nr, fn);
    int rt = R;
    if (sandbox_proxy_target(L, R)) rt = lua_gettop(L);
    char best[100] = "";
    lua_pushnil(L);
    while (lua_next(L, rt)) {
        if (lua_type(L, -2) == LUA_TSTRING && lua_isfunction(L, -1)) {
            const char *before = nr.best;
            nearest_try(&nr, lua_tostring(L, -2));
            if (nr.best != before) snprintf(best, sizeof best, "%s", nr.best);
        }
        lua_pop(L, 1);
    }
    if (rt != R) lua_pop(L, 1);
    err_at(e, file, 0, 0, "rules: on.%s names '%s', which is no function of the rules table%s%s%s", kind, fn,
           best[0] ? " (did you mean '" : "", best, best[0] ? "'?)" : "");
    return false;
}

/* Reads the rules' static listeners, `on = { <kind> = "handler" or { "h1", "h2" } }`,
 * into w->listeners, sorted by kind name (the raw table's order is per process). Each
 * handler must be a function of the rules table R; a kind spelt nearly as a built-in
 * one is refused as a slip. False with e filled. */
static bool read_listeners(Vm *vm, const char *file, int R, Err *e)
{
    lua_State *L = vm->L;
    World *w = vm->w;
    xfree(w->listeners);
    w->listeners = NULL;
    w->nlisteners = 0;
    int t = vm_rawfield(L, R, "on");
    if (t == LUA_TNIL) {
        lua_pop(L, 1);
        return true;
    }
    if (t != LUA_TTABLE) {
        err_at(e, file, 0, 0, "rules: 'on' must map event kinds to handler names, like "
                              "{ destroy = \"scored\" }, not a %s", luaL_typename(L, -1));
        lua_pop(L, 1);
        return false;
    }
    if (sandbox_proxy_target(L, -1)) lua_remove(L, -2);
    int on = lua_gettop(L);
    int nk = 0, cap = 0;
    const char **kinds = NULL;
    bool ok = true;
    lua_pushnil(L);
    while (ok && lua_next(L, on)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) {
            err_at(e, file, 0, 0, "rules: 'on' must map event kinds (texts) to handler names, not a %s key",
                   luaL_typename(L, -1));
            ok = false;
            lua_pop(L, 1);
            break;
        }
        if (nk == cap) {
            cap = cap ? 2 * cap : 8;
            const char **nkinds = xrealloc(kinds, (size_t)cap * sizeof *kinds);
            if (!nkinds) {
                err_at(e, file, 0, 0, "out of memory");
                ok = false;
                lua_pop(L, 1);
                break;
            }
            kinds = nkinds;
        }
        kinds[nk++] = lua_tostring(L, -1); /* kept alive by the table */
    }
    if (ok) qsort(kinds, (size_t)nk, sizeof *kinds, cmp_str);
    for (int i = 0; ok && i < nk; i++) {
        const char *kind = kinds[i];
        bool builtin = false;
        Nearest nr;
        nearest_init(&nr, kind);
        for (size_t b = 0; b < sizeof builtin_events / sizeof builtin_events[0]; b++) {
            if (strcmp(kind, builtin_events[b]) == 0) builtin = true;
            nearest_try(&nr, builtin_events[b]);
        }
        if (!builtin && nr.best) {
            err_at(e, file, 0, 0, "rules: on.%s: '%s' is no event kind the engine emits (did you mean '%s'?); "
                                  "a custom event of your own needs a name further from the built-in ones",
                   kind, kind, nr.best);
            ok = false;
            break;
        }
        lua_getfield(L, on, kind);
        int h = lua_gettop(L);
        int n = lua_type(L, h) == LUA_TSTRING ? 1 : lua_istable(L, h) ? (int)vm_rawlen(L, h) : 0;
        if (n == 0) {
            err_at(e, file, 0, 0, "rules: on.%s must be a handler name or a list of them, like \"scored\", "
                                  "not %s", kind, lua_istable(L, h) ? "an empty table" : luaL_typename(L, h));
            ok = false;
        }
        for (int k = 1; ok && k <= n; k++) {
            if (lua_type(L, h) == LUA_TSTRING) lua_pushvalue(L, h);
            else vm_rawindex(L, h, k);
            if (lua_type(L, -1) != LUA_TSTRING) {
                err_at(e, file, 0, 0, "rules: on.%s[%d] must be a handler name, not a %s", kind, k,
                       luaL_typename(L, -1));
                ok = false;
            } else if (!listener_check(L, R, kind, lua_tostring(L, -1), file, e)) {
                ok = false;
            } else {
                RulesListener *nl = xrealloc(w->listeners, (size_t)(w->nlisteners + 1) * sizeof *nl);
                if (!nl) {
                    err_at(e, file, 0, 0, "out of memory");
                    ok = false;
                } else {
                    w->listeners = nl;
                    nl[w->nlisteners].event = names_intern(&w->names, kind);
                    nl[w->nlisteners].handler = names_intern(&w->names, lua_tostring(L, -1));
                    if (nl[w->nlisteners].event < 0 || nl[w->nlisteners].handler < 0) {
                        err_at(e, file, 0, 0, "out of memory");
                        ok = false;
                    } else {
                        w->nlisteners++;
                    }
                }
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    xfree(kinds);
    lua_settop(L, on - 1);
    return ok;
}

/* Reads the rules' configuration (steps, windows, limits, kinds) into the world. The
 * merged raw rules table is at the top. */
bool vm_rules_config_read(Vm *vm, const char *file, Err *e)
{
    lua_State *L = vm->L;
    World *w = vm->w;
    int R = lua_gettop(L);
    if (vm_rawfield(L, R, "turn") != LUA_TTABLE) {
        err_at(e, file, 0, 0, "rules: 'turn' must be a list of step names");
        lua_pop(L, 1);
        return false;
    }
    int n = (int)vm_rawlen(L, -1);
    if (n == 0) { /* (a game of it would stop at once: no step to begin) */
        err_at(e, file, 0, 0, "rules: 'turn' must list the steps of every turn, like { \"draw\", \"main\" }: it lists none");
        lua_pop(L, 1);
        return false;
    }
    w->steps = xcalloc((size_t)n, sizeof *w->steps);
    w->nsteps = 0;
    vm_rawfield(L, R, "steps");
    int steps = lua_gettop(L);
    for (int i = 1; i <= n; i++) {
        vm_rawindex(L, -2, i);
        if (lua_type(L, -1) != LUA_TSTRING) {
            err_at(e, file, 0, 0, "rules: turn[%d] must be a step name, not a %s", i, luaL_typename(L, -1));
            lua_pop(L, 3);
            return false;
        }
        Step *s = &w->steps[w->nsteps++];
        s->name = names_intern(&w->names, lua_tostring(L, -1));
        char sk[160];
        snprintf(sk, sizeof sk, "skip:%s", lua_tostring(L, -1));
        s->skip_key = names_intern(&w->names, sk);
        if (lua_istable(L, steps)) {
            if (vm_rawfield(L, steps, lua_tostring(L, -1)) == LUA_TTABLE) {
                vm_rawfield(L, -1, "enter");
                s->enter = lua_isfunction(L, -1);
                vm_rawfield(L, -2, "leave");
                s->leave = lua_isfunction(L, -1);
                lua_pop(L, 2);
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    if (!read_kind_needs(vm, file, R, e)) return false;
    if (!read_listeners(vm, file, R, e)) return false;
    vm_rawfield(L, R, "rotate_active");
    w->rotate_active = lua_toboolean(L, -1);
    lua_pop(L, 1);
    /* rounds: what `tabula sim` counts as a round beside turns ("turns" or "seats") */
    int rt = vm_rawfield(L, R, "rounds");
    const char *rv = rt == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    w->rounds = rv && strcmp(rv, "turns") == 0 ? ROUNDS_TURNS : rv && strcmp(rv, "seats") == 0 ? ROUNDS_SEATS : ROUNDS_NONE;
    if (rt != LUA_TNIL && w->rounds == ROUNDS_NONE) {
        err_at(e, file, 0, 0, "rules: 'rounds' must be \"turns\" (a turn is a round) or \"seats\" (every seat's turn "
                              "once), not %s%s%s", rv ? "'" : "a ", rv ? rv : luaL_typename(L, -1), rv ? "'" : "");
        lua_pop(L, 1);
        return false;
    }
    lua_pop(L, 1);
    if (vm_rawfield(L, R, "limits") == LUA_TTABLE) {
        vm_rawfield(L, -1, "max_chain");
        if (lua_isinteger(L, -1)) w->max_chain = (int)lua_tointeger(L, -1);
        vm_rawfield(L, -2, "max_actions_per_turn");
        if (lua_isinteger(L, -1)) w->max_actions_turn = (int)lua_tointeger(L, -1);
        vm_rawfield(L, -3, "max_turns");
        if (lua_isinteger(L, -1)) w->max_turns = (int)lua_tointeger(L, -1);
        vm_rawfield(L, -4, "max_chain_actions");
        if (lua_isinteger(L, -1)) w->max_chain_actions = (int)lua_tointeger(L, -1);
        lua_pop(L, 4);
    }
    lua_pop(L, 1);
    if (vm_rawfield(L, R, "windows") == LUA_TTABLE) {
        if (sandbox_proxy_target(L, -1)) lua_remove(L, -2);
        int wt = lua_gettop(L);
        int cap = 16;
        w->wins = xcalloc((size_t)cap, sizeof *w->wins);
        lua_pushnil(L);
        while (lua_next(L, wt)) {
            if (lua_type(L, -2) != LUA_TSTRING || w->nwins >= cap) {
                err_at(e, file, 0, 0, "rules: windows must map a kind name to a table (at most %d kinds)", cap);
                lua_pop(L, 3);
                return false;
            }
            if (!lua_istable(L, -1)) {
                err_at(e, file, 0, 0, "rules: windows.%s must be a table of the window's options, like "
                                      "{ style = \"stack\" }, not a %s", lua_tostring(L, -2), luaL_typename(L, -1));
                lua_pop(L, 3);
                return false;
            }
            if (sandbox_proxy_target(L, -1)) lua_remove(L, -2);
            if (!window_fields_check(L, lua_tostring(L, -2), file, e)) {
                lua_pop(L, 3);
                return false;
            }
            WindowCfg *c = &w->wins[w->nwins++];
            memset(c, 0, sizeof *c);
            lua_pushvalue(L, -2);
            c->kind = names_intern(&w->names, lua_tostring(L, -1));
            lua_pop(L, 1);
            c->play_zone = -1;
            c->play_fn = w->n_play;
            for (int k = 0; k < 4; k++) c->role_first[k] = c->from[k] = -1;
            c->triggers_only = c->kind == w->n_triggers;
            vm_rawfield(L, -1, "style");
            const char *st = lua_isstring(L, -1) ? lua_tostring(L, -1) : "immediate";
            if (strcmp(st, "immediate") == 0) c->style = WIN_IMMEDIATE;
            else if (strcmp(st, "stack") == 0) c->style = WIN_STACK;
            else if (strcmp(st, "chain") == 0) c->style = WIN_CHAIN;
            else {
                err_at(e, file, 0, 0, "rules: windows.%s.style '%s' is not immediate, stack or chain",
                       names_str(&w->names, c->kind), st);
                lua_pop(L, 4);
                return false;
            }
            lua_pop(L, 1);
            vm_rawfield(L, -1, "trigger_order");
            const char *to = lua_isstring(L, -1) ? lua_tostring(L, -1) : "active_first";
            if (strcmp(to, "seat") == 0) c->trigger_order = TRIG_SEAT;
            else if (strcmp(to, "active_first") == 0) c->trigger_order = TRIG_ACTIVE_FIRST;
            else if (strcmp(to, "choose") == 0) c->trigger_order = TRIG_CHOOSE;
            else {
                err_at(e, file, 0, 0, "rules: windows.%s.trigger_order '%s' is not seat, active_first or choose",
                       names_str(&w->names, c->kind), to);
                lua_pop(L, 4);
                return false;
            }
            lua_pop(L, 1);
            if (!window_names(L, w, c->kind, "roles_first", "role", c->role_first, file, e)) {
                lua_pop(L, 3);
                return false;
            }
            if (vm_rawfield(L, -1, "play_zone") == LUA_TSTRING)
                c->play_zone = names_intern(&w->names, lua_tostring(L, -1));
            lua_pop(L, 1);
            if (vm_rawfield(L, -1, "play") == LUA_TSTRING)
                c->play_fn = names_intern(&w->names, lua_tostring(L, -1));
            lua_pop(L, 1);
            if (vm_rawfield(L, -1, "triggers_only") == LUA_TBOOLEAN)
                c->triggers_only = lua_toboolean(L, -1);
            lua_pop(L, 1);
            if (vm_rawfield(L, -1, "always_ask") == LUA_TBOOLEAN)
                c->always_ask = lua_toboolean(L, -1);
            lua_pop(L, 1);
            if (!window_names(L, w, c->kind, "from", "zone", c->from, file, e)) {
                lua_pop(L, 3);
                return false;
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return true;
}

/* Copies the fields of the table on top into the table at idx (later packs win; the
 * `steps`, `windows`, `kinds` and `on` tables are merged key by key). */
void vm_rules_merge(lua_State *L, int into)
{
    int from = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, from)) {
        if (lua_type(L, -2) == LUA_TSTRING && lua_istable(L, -1) &&
            (strcmp(lua_tostring(L, -2), "steps") == 0 || strcmp(lua_tostring(L, -2), "windows") == 0 ||
             strcmp(lua_tostring(L, -2), "kinds") == 0 || strcmp(lua_tostring(L, -2), "on") == 0)) {
            lua_pushvalue(L, -2);
            if (lua_rawget(L, into) != LUA_TTABLE) {
                lua_pop(L, 1);
                lua_pushvalue(L, -2);
                lua_pushvalue(L, -2);
                lua_rawset(L, into);
                lua_pop(L, 1);
                continue;
            }
            if (sandbox_proxy_target(L, -1)) lua_remove(L, -2);
            int dst = lua_gettop(L);
            int src = dst - 1;
            if (sandbox_proxy_target(L, src)) src = lua_gettop(L);
            lua_pushnil(L);
            while (lua_next(L, src)) {
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_rawset(L, dst);
            }
            lua_settop(L, dst - 1);
            lua_pop(L, 1);
            continue;
        }
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, into);
    }
    lua_pop(L, 1);
}
