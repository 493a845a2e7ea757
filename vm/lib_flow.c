/* lib_flow.c — the script API's `effect`, `event`, `window`, `decide`, `dice`, `rng`
 * and `track` modules: what happens over time (effects on events, windows, questions
 * to players that suspend the action) and chance (dice, the game's random stream),
 * and tracks. Shared checks are in lib_api.c (lib.h). */
#include <stdio.h>
#include <string.h>

#include "lib.h"

/* ---------------------------------------------------------------- effect, event --- */

static int l_effect_on(lua_State *L)
{
    Game *g = api_game(L);
    Vm *vm = vm_of(L);
    int32_t ev = lib_intern(L, 1, "effect.on", "the event kind");
    int32_t handler = lib_intern(L, 2, "effect.on", "the handler name");
    int32_t obj = -1, params = -1, sname = -1;
    int scope = SCOPE_GAME, flags = 0;
    lib_opts(L, 3);
    lib_opt(L, 3, "rules");
    bool rules = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (lib_opt(L, 3, "card") != LUA_TNIL) {
        if (rules) return luaL_error(L, "effect.on: give card or rules = true, not both");
        obj = lib_card(L, g, lua_gettop(L), "effect.on");
    } else {
        obj = rules ? EFFECT_RULES : vm->cur_obj;
    }
    lua_pop(L, 1);
    if (obj < 0 && !rules)
        return luaL_error(L, "effect.on: needs a source card (run from a card, or pass {card = c}; "
                             "rules = true for a function of the rules)");
    lib_opt(L, 3, "until");
    scope = lib_scope(L, lua_gettop(L), "effect.on", &sname, true);
    lua_pop(L, 1);
    lib_opt(L, 3, "once");
    if (lua_toboolean(L, -1)) flags |= EFFECT_ONCE;
    lua_pop(L, 1);
    if (lib_opt(L, 3, "params") != LUA_TNIL) {
        int64_t v;
        if (lib_read_value(L, g, lua_gettop(L), "effect.on", &v) != PV_LIST)
            return luaL_error(L, "effect.on: params must be a list of integers");
        params = (int32_t)v;
    }
    lua_pop(L, 1);
    /* the handler must exist in the card's script (or the rules) now, not fail later */
    if (rules) {
        if (scope == SCOPE_WHILE_IN_PLAY)
            return luaL_error(L, "effect.on: an effect of the rules cannot last 'in_play' (the rules are "
                                 "never in play)");
        int t = vm_script_field(L, VM_RULES, handler);
        lua_pop(L, 1);
        if (t != LUA_TFUNCTION) return luaL_error(L, "effect.on: the rules have no function '%s'", lua_tostring(L, 2));
    } else {
        const CardDef *d = &g->w->defs[S_OBJ(&g->s, obj).def];
        if (!d->script_ref) return luaL_error(L, "effect.on: card '%s' has no script", d->name);
        int t = vm_script_field(L, S_OBJ(&g->s, obj).def, handler);
        lua_pop(L, 1);
        if (t != LUA_TFUNCTION)
            return luaL_error(L, "effect.on: card '%s' has no function '%s'", d->name, lua_tostring(L, 2));
    }
    Err e;
    err_clear(&e);
    int32_t id = effect_add(g, obj, handler, ev, params, scope, sname, flags, &e);
    if (id < 0) return lib_fail(L, "effect.on", &e);
    lua_pushinteger(L, id);
    return 1;
}

static int l_effect_remove(lua_State *L)
{
    Game *g = api_game(L);
    lua_Integer id = luaL_checkinteger(L, 1);
    if (g->readonly) return luaL_error(L, "effect.remove: not in a read-only query");
    lua_pushboolean(L, id > 0 && id < INT32_MAX && effect_remove(g, (int32_t)id));
    return 1;
}

static int l_event_emit(lua_State *L)
{
    Game *g = api_game(L);
    int32_t kind = lib_intern(L, 1, "event.emit", "the event kind");
    if (g->readonly) return luaL_error(L, "event.emit: not in a read-only query");
    int32_t a = 0, b = 0, params = -1;
    lib_opts(L, 2);
    if (lib_opt(L, 2, "a") != LUA_TNIL) a = (int32_t)luaL_checkinteger(L, -1);
    lua_pop(L, 1);
    if (lib_opt(L, 2, "b") != LUA_TNIL) b = (int32_t)luaL_checkinteger(L, -1);
    lua_pop(L, 1);
    if (lib_opt(L, 2, "params") != LUA_TNIL) {
        int64_t v;
        if (lib_read_value(L, g, lua_gettop(L), "event.emit", &v) != PV_LIST)
            return luaL_error(L, "event.emit: params must be a list of integers");
        params = (int32_t)v;
    }
    lua_pop(L, 1);
    const char *text = NULL;
    if (lib_opt(L, 2, "text") != LUA_TNIL) {
        text = luaL_checkstring(L, -1);
        if (strlen(text) > 1000) return luaL_error(L, "event.emit: text is at most 1000 bytes");
        Vm *vm = vm_of(L);
        vm->print_bytes += (int)strlen(text);
        if (vm->print_bytes > vm->lim.print_cap)
            return luaL_error(L, "event.emit: more than %d bytes of log text in one action", vm->lim.print_cap);
    }
    Err e;
    err_clear(&e);
    World *w = g->w;
    if (kind == w->n_move || kind == w->n_set || kind == w->n_step || kind == w->n_turn ||
        kind == w->n_dice || kind == w->n_win || kind == w->n_play || kind == w->n_print ||
        kind == w->n_shuffle || kind == w->n_attach || kind == w->n_destroy ||
        kind == w->n_track || kind == w->n_flip || kind == w->n_reveal || kind == w->n_create ||
        kind == w->n_tap || kind == w->n_control || kind == w->n_reroll || kind == w->n_visibility ||
        kind == w->n_owner || kind == w->n_modify || kind == w->n_active || kind == w->n_role ||
        kind == w->n_zone || kind == w->n_effect || kind == w->n_extra || kind == w->n_cancel ||
        kind == w->n_supply)
        return luaL_error(L, "event.emit: '%s' is a built-in event kind; give your event its own name",
                          lua_tostring(L, 1));
    if (!event_emit(g, kind, a, b, params, params >= 0 ? 1 : 0, ~0u, text, &e)) return lib_fail(L, "event.emit", &e);
    lua_pop(L, 1);
    return 0;
}

static int l_window_open(lua_State *L)
{
    Game *g = api_game(L);
    int32_t kind = lib_intern(L, 1, "window.open", "the window kind");
    int32_t prompt = -1; /* the question put to each seat: interned (a game has few) */
    if (lib_opt(L, 2, "prompt") != LUA_TNIL) prompt = lib_intern(L, lua_gettop(L), "window.open", "the prompt");
    lua_pop(L, 1);
    Err e;
    err_clear(&e);
    if (!window_open(g, kind, prompt, &e)) return lib_fail(L, "window.open", &e);
    return 0;
}

/* window.items(): the items waiting in the innermost open window, the next to resolve
 * first, each { card, seat, fn, kind } ({ rules = true, fn, kind } for a trigger of the
 * rules). A read: allowed in read-only queries. Scripts
 * are the rules, so every item's card is given, seen by a seat or not (as zone.cards
 * gives hidden cards); the views show a seat only what it sees (view.c). */
static int l_window_items(lua_State *L)
{
    Game *g = api_game(L);
    if (lua_gettop(L) > 0)
        return luaL_error(L, "window.items: takes no argument (it lists the innermost open window's items)");
    int32_t first, n = window_waiting(g, &first);
    lua_createtable(L, n, 0);
    for (int32_t k = 0; k < n; k++) {
        const Item *it = &S_ITEM(&g->s, first + n - 1 - k);
        lua_createtable(L, 0, 4);
        if (it->obj == EFFECT_RULES) lua_pushboolean(L, 1); /* a trigger of the rules: no card */
        else lua_pushinteger(L, obj_handle(g, it->obj));
        lua_setfield(L, -2, it->obj == EFFECT_RULES ? "rules" : "card");
        if (it->seat >= 0) { /* a trigger of an effect without a controller has none */
            lua_pushinteger(L, it->seat + 1);
            lua_setfield(L, -2, "seat");
        }
        lua_pushstring(L, names_str(&g->w->names, it->fn));
        lua_setfield(L, -2, "fn");
        lua_pushstring(L, it->kind == ITEM_TRIGGER ? "trigger" : "played");
        lua_setfield(L, -2, "kind");
        lua_rawseti(L, -2, k + 1);
    }
    return 1;
}

/* window.cancel(item): item is an entry of window.items() or its position there (1: the
 * next to resolve). An entry is found by its card (a stale handle raises, as every use
 * of one does), kind and fn: the first such item from the top, so of two items alike
 * the next to resolve. */
static int l_window_cancel(lua_State *L)
{
    Game *g = api_game(L);
    if (g->readonly) return luaL_error(L, "window.cancel: not in a read-only query");
    if (lua_gettop(L) != 1)
        return luaL_error(L, "window.cancel: takes one argument, an entry of window.items() or "
                             "its position");
    int32_t first, n = window_waiting(g, &first);
    int32_t k = -1;
    if (lua_type(L, 1) == LUA_TNUMBER) {
        if (!lua_isinteger(L, 1)) return luaL_error(L, "window.cancel: a position is an integer");
        lua_Integer pos = lua_tointeger(L, 1);
        if (pos < 1 || pos > n)
            return luaL_error(L, "window.cancel: no item at position %I in the innermost open window "
                                 "(%d wait%s)",
                              (LUAI_UACINT)pos, (int)n, n == 1 ? "s" : "");
        k = (int32_t)pos - 1;
    } else if (lua_type(L, 1) == LUA_TTABLE) {
        if (lua_getfield(L, 1, "card") == LUA_TNIL)
            return luaL_error(L, "window.cancel: the entry has no card (pass an entry of window.items())");
        int32_t obj = lib_card(L, g, lua_gettop(L), "window.cancel");
        lua_getfield(L, 1, "kind");
        const char *kind = lua_tostring(L, -1);
        int ikind = 0;
        if (kind && strcmp(kind, "trigger") == 0) ikind = ITEM_TRIGGER;
        if (kind && strcmp(kind, "played") == 0) ikind = ITEM_PLAYED;
        if (!ikind) return luaL_error(L, "window.cancel: the entry's kind must be 'played' or 'trigger'");
        lua_getfield(L, 1, "fn");
        const char *fn = lua_tostring(L, -1);
        if (!fn) return luaL_error(L, "window.cancel: the entry has no fn (pass an entry of window.items())");
        int32_t fname = names_find(&g->w->names, fn);
        for (int32_t j = 0; j < n && k < 0; j++) {
            const Item *it = &S_ITEM(&g->s, first + n - 1 - j);
            if (it->obj == obj && it->kind == ikind && it->fn == fname) k = j;
        }
        if (k < 0)
            return luaL_error(L, "window.cancel: %s's %s item '%s' does not wait in the innermost open window "
                                 "(it resolved, is resolving now, or was canceled)",
                              g->w->defs[S_OBJ(&g->s, obj).def].name, kind, fn);
    } else {
        return luaL_error(L, "window.cancel: takes an entry of window.items() or its position, not a %s",
                          luaL_typename(L, 1));
    }
    if (S_ITEM(&g->s, first + n - 1 - k).obj == EFFECT_RULES)
        return luaL_error(L, "window.cancel: item %d is a trigger of the rules, which cannot be canceled",
                          (int)k + 1);
    Err e;
    err_clear(&e);
    int by = g->act.seat >= 0 ? g->act.seat : -1;
    if (!window_cancel(g, k, by, &e)) return lib_fail(L, "window.cancel", &e);
    return 0;
}

/* ---------------------------------------------------------------- decide ---------- */

static int ask_finish(lua_State *L, const int32_t *ids, int n, int max)
{
    lua_Integer nopt = (lua_Integer)lua_rawlen(L, 2);
    for (int i = 0; i < n; i++)
        if (ids[i] < 1 || ids[i] > nopt)
            return luaL_error(L, "decide: the answer given to this question before (option %d) does not fit it "
                                 "any more: it has %I options now (the game changed under an answer already "
                                 "given: a pack edited since the game was saved, or a designer's change made "
                                 "while this action waits)",
                              ids[i], (LUAI_UACINT)nopt);
    if (max == 1) {
        if (n == 0) return 0;
        lua_rawgeti(L, 2, ids[0]);
        return 1;
    }
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, 2, ids[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int ask_k(lua_State *L, int status, lua_KContext kctx)
{
    (void)status;
    /* the answer resumes decide.choose: the same call, not another (a rebuilt action,
     * whose answers are replayed, makes it once too) */
    Game *g = vm_of(L)->g;
    int n;
    const int32_t *ids = game_replay_answer(g, &n);
    if (!ids) return luaL_error(L, "internal: resumed without an answer");
    return ask_finish(L, ids, n, (int)kctx);
}

/* decide.choose's `unavailable = { { what, why }, ... }` (argument 3): what the seat is
 * not offered and why, added to the pending decision for front ends (decision_refuse).
 * `what` is a label ("resist") or a card (named as the options name it); `why` a text.
 * A malformed entry is a script error (the action is rolled back); false with e filled
 * when out of memory. */
static bool ask_unavailable(lua_State *L, Game *g, int seat, Err *e)
{
    if (lib_opt(L, 3, "unavailable") == LUA_TNIL) {
        lua_pop(L, 1);
        return true;
    }
    int t = lua_gettop(L);
    if (!lua_istable(L, t)) luaL_error(L, "decide.choose: unavailable must be a list of { what, why } pairs");
    if (sandbox_proxy_target(L, t)) lua_replace(L, t);
    lua_Integer n = (lua_Integer)lua_rawlen(L, t);
    if (n > 100) luaL_error(L, "decide.choose: at most 100 unavailable entries");
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, t, i);
        int pair = lua_gettop(L);
        if (!lua_istable(L, pair)) luaL_error(L, "decide.choose: unavailable[%d] must be { what, why }", (int)i);
        if (sandbox_proxy_target(L, pair)) lua_replace(L, pair);
        lua_rawgeti(L, pair, 1);
        lua_rawgeti(L, pair, 2);
        if (lua_type(L, -1) != LUA_TSTRING)
            luaL_error(L, "decide.choose: unavailable[%d]'s why (its second item) must be a text", (int)i);
        char label[200], why[200];
        str_copy(why, sizeof why, lua_tostring(L, -1));
        int vtype = OPT_STR;
        int64_t val = i;
        int32_t o;
        if (lua_isinteger(L, -2) && (o = obj_from_handle(g, lua_tointeger(L, -2))) >= 0) {
            vtype = OPT_OBJ;
            val = o;
            if (obj_visible(g, o, seat)) str_copy(label, sizeof label, g->w->defs[S_OBJ(&g->s, o).def].name);
            else snprintf(label, sizeof label, "hidden card");
        } else if (lua_type(L, -2) == LUA_TSTRING) {
            str_copy(label, sizeof label, lua_tostring(L, -2));
        } else {
            luaL_error(L, "decide.choose: unavailable[%d]'s what (its first item) must be a label or a card", (int)i);
        }
        if (!decision_refuse(g, label, vtype, val, why, e)) return false;
        lua_settop(L, pair - 1);
    }
    lua_pop(L, 1);
    return true;
}

static int l_decide_choose(lua_State *L)
{
    Game *g = api_game(L);
    int seat = lib_seat(L, g, 1, "decide.choose");
    luaL_checktype(L, 2, LUA_TTABLE);
    if (g->readonly) return luaL_error(L, "decide.choose: cannot ask in a read-only query");
    if (g->act.kind == ACT_CHUNK)
        return luaL_error(L, "decide.choose: a designer chunk cannot ask a player (ask from a card or the rules)");
    if (!lua_isyieldable(L))
        return luaL_error(L, "decide.choose: cannot ask a player here (inside a callback "
                             "made by a library function, such as a table.sort comparator or "
                             "a string.gsub replacement function)");
    if (sandbox_proxy_target(L, 2)) lua_replace(L, 2);
    lua_Integer n = (lua_Integer)lua_rawlen(L, 2);
    if (n > 1000) return luaL_error(L, "decide.choose: at most 1000 options");
    lua_Integer min = 1, max = 1;
    const char *prompt = "choose";
    int32_t tag = -1;
    lib_opts(L, 3);
    if (lua_istable(L, 3)) {
        /* a misspelt option ("mni = 0") was ignored: the question asked as if not given */
        static const char *const known[] = {"min", "max", "prompt", "tag", "unavailable", "auto", NULL};
        lua_pushnil(L);
        while (lua_next(L, 3)) {
            lua_pop(L, 1);
            bool ok = false;
            for (int i = 0; known[i] && !ok; i++) ok = lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), known[i]) == 0;
            if (!ok) {
                const char *q = lua_type(L, -1) == LUA_TSTRING ? "'" : "";
                const char *key = luaL_tolstring(L, -1, NULL);
                return luaL_error(L, "decide.choose: unknown option %s%s%s (options: min, max, prompt, tag, "
                                     "unavailable, auto)", q, key, q);
            }
        }
    }
    bool autopick = false;
    if (lib_opt(L, 3, "auto") != LUA_TNIL) {
        if (!lua_isboolean(L, -1)) return luaL_error(L, "decide.choose: auto must be true or false");
        autopick = lua_toboolean(L, -1);
    }
    lua_pop(L, 1);
    if (lib_opt(L, 3, "min") != LUA_TNIL) min = luaL_checkinteger(L, -1);
    lua_pop(L, 1);
    bool want_list = min > 1;
    if (lib_opt(L, 3, "max") != LUA_TNIL) {
        max = luaL_checkinteger(L, -1);
        want_list = true;
    } else if (min > 1) {
        max = min;
    }
    lua_pop(L, 1);
    char pbuf[256];
    if (lib_opt(L, 3, "prompt") != LUA_TNIL) {
        str_copy(pbuf, sizeof pbuf, luaL_checkstring(L, -1)); /* at most 255 bytes */
        prompt = pbuf;
    }
    lua_pop(L, 1);
    if (lib_opt(L, 3, "tag") != LUA_TNIL) tag = lib_intern(L, lua_gettop(L), "decide.choose", "the tag");
    lua_pop(L, 1);
    if (min < 0 || max < 1 || min > max)
        return luaL_error(L, "decide.choose: need 0 <= min <= max and max >= 1 (got min %d, max %d)", (int)min, (int)max);
    if (max > n) max = n;
    if (min > n)
        return luaL_error(L,
                          "decide.choose: %d option(s) but at least %d must be chosen (check the list before "
                          "asking, or give min = 0)",
                          (int)n, (int)min);
    int kmax = want_list ? 2 : 1;
    if (n == 0) {
        if (kmax == 1) return 0;
        lua_newtable(L);
        return 1;
    }
    if (autopick && min == n) {
        /* auto: a question with one possible answer (every item, at least one) is not put
         * to the seat; its answer is returned as if chosen. (Only where asking would tell
         * nobody anything: a seat that sees the question asked learns a choice exists.) */
        if (kmax == 1) {
            lua_rawgeti(L, 2, 1);
            return 1;
        }
        lua_createtable(L, (int)n, 0);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, 2, i);
            lua_rawseti(L, -2, i);
        }
        return 1;
    }
    lua_settop(L, 3); /* the list (ask_k reads it at 2) and the options (unavailable) */
    int rn;
    const int32_t *ids = game_replay_answer(g, &rn);
    if (ids) return ask_finish(L, ids, rn, kmax);
    Err e;
    err_clear(&e);
    if (!decision_begin(g, seat, DEC_CHOOSE, prompt, (int)min, (int)max, tag, &e))
        return lib_fail(L, "decide.choose", &e);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, 2, i);
        char label[200];
        const char *lbl = label;
        int vtype = OPT_INDEX;
        int64_t val = i;
        int32_t o;
        if (lua_isinteger(L, -1) && (o = obj_from_handle(g, lua_tointeger(L, -1))) >= 0) {
            vtype = OPT_OBJ;
            val = o;
            if (obj_visible(g, o, seat)) {
                lbl = g->w->defs[S_OBJ(&g->s, o).def].name;
            } else {
                snprintf(label, sizeof label, "hidden card %d", (int)i);
            }
        } else if (lua_type(L, -1) == LUA_TSTRING) {
            vtype = OPT_STR;
            str_copy(label, sizeof label, lua_tostring(L, -1)); /* labels: 199 bytes at most */
        } else if (lua_istable(L, -1) && lua_getfield(L, -1, "label") == LUA_TSTRING) {
            str_copy(label, sizeof label, lua_tostring(L, -1));
            lua_pop(L, 1);
            /* { label = "pass", pass = true }: the option that does nothing (front ends
             * answer a question whose only option it is for the player, as a window's) */
            if (lua_getfield(L, -1, "pass") == LUA_TBOOLEAN && lua_toboolean(L, -1)) vtype = OPT_PASS;
            lua_pop(L, 1);
            /* { label = "buy Onyx Mine", card = c }: the option is about card c (sim's
             * --cards counts it as chosen; the REPL takes the card's id as an answer) */
            if (lua_getfield(L, -1, "card") != LUA_TNIL) {
                if (!lua_isinteger(L, -1) || (o = obj_from_handle(g, lua_tointeger(L, -1))) < 0)
                    return luaL_error(L, "decide.choose: option %d ('%s'): its 'card' is not a live card handle",
                                      (int)i, label);
                if (vtype != OPT_PASS) {
                    vtype = OPT_OBJ;
                    val = o;
                }
            }
            lua_pop(L, 1);
        } else {
            if (lua_istable(L, -1)) lua_pop(L, 1);
            if (lua_isinteger(L, -1)) snprintf(label, sizeof label, "%lld", (long long)lua_tointeger(L, -1));
            else snprintf(label, sizeof label, "option %d", (int)i);
        }
        if (!decision_option(g, (int32_t)i, lbl, vtype, val, &e)) return lib_fail(L, "decide.choose", &e);
        /* { label = ..., data = { cost = 3 } }: the designer's data, for the seat's bots */
        if (!lib_option_data(L, g, lua_gettop(L), "decide.choose", (int)i, &e)) return lib_fail(L, "decide.choose", &e);
        lua_pop(L, 1);
    }
    if (!ask_unavailable(L, g, seat, &e)) return lib_fail(L, "decide.choose", &e);
    return lua_yieldk(L, 0, (lua_KContext)kmax, ask_k);
}

/* ---------------------------------------------------------------- dice, rng ------- */

static int32_t check_pool(lua_State *L, Game *g, int idx, const char *fname, int *count)
{
    *count = 0;
    lua_Integer p = luaL_checkinteger(L, idx);
    if (p < 1 || p > INT32_MAX || !dice_get(g, (int32_t)p, 0, count))
        luaL_error(L, "%s: %I is not a dice pool (from dice.roll)", fname, (LUAI_UACINT)p);
    return (int32_t)p;
}

static int l_dice_roll(lua_State *L)
{
    Game *g = api_game(L);
    lua_Integer n = luaL_checkinteger(L, 1), f = luaL_optinteger(L, 2, 6);
    if (n < 1 || n > 100) return luaL_error(L, "dice.roll: number of dice %I is not in 1..100", (LUAI_UACINT)n);
    if (f < 2 || f > 1000) return luaL_error(L, "dice.roll: faces %I is not in 2..1000", (LUAI_UACINT)f);
    bool quiet = false;
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        lua_pushnil(L);
        while (lua_next(L, 3)) {
            const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
            if (!k || strcmp(k, "log") != 0)
                return luaL_error(L, "dice.roll: unknown option '%s' (the options: log)", k ? k : "?");
            if (!lua_isboolean(L, -1)) return luaL_error(L, "dice.roll: 'log' must be true or false");
            quiet = !lua_toboolean(L, -1);
            lua_pop(L, 1);
        }
    }
    Err e;
    err_clear(&e);
    int32_t p = dice_roll(g, (int)n, (int)f, quiet, &e);
    if (p < 0) return lib_fail(L, "dice.roll", &e);
    lua_pushinteger(L, p);
    return 1;
}

static int l_dice_force(lua_State *L)
{
    Game *g = api_game(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    if (g->readonly) return luaL_error(L, "dice.force: not in a read-only query");
    if (g->act.kind != ACT_CHUNK)
        return luaL_error(L, "dice.force: only a designer chunk (a scenario's setup or lua step) may force dice");
    lua_Integer n = luaL_len(L, 1);
    if (n > 100) return luaL_error(L, "dice.force: at most 100 values");
    int vals[100];
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, 1, i);
        int isnum;
        lua_Integer v = lua_tointegerx(L, -1, &isnum);
        lua_pop(L, 1);
        if (!isnum || v < 1 || v > 1000)
            return luaL_error(L, "dice.force: item %I is not a whole number in 1..1000", (LUAI_UACINT)i);
        vals[i - 1] = (int)v;
    }
    Err e;
    err_clear(&e);
    if (!dice_force(g, vals, (int)n, &e)) return lib_fail(L, "dice.force", &e);
    return 0;
}

static int dice_list(lua_State *L, bool natural)
{
    Game *g = api_game(L);
    int count;
    int32_t p = check_pool(L, g, 1, natural ? "dice.natural" : "dice.values", &count);
    lua_createtable(L, count, 0);
    for (int i = 0; i < count; i++) {
        const Die *d = dice_get(g, p, i, NULL);
        lua_pushinteger(L, natural ? d->natural : d->value);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int l_dice_values(lua_State *L) { return dice_list(L, false); }
static int l_dice_natural(lua_State *L) { return dice_list(L, true); }

static int l_dice_total(lua_State *L)
{
    Game *g = api_game(L);
    int count;
    int32_t p = check_pool(L, g, 1, "dice.total", &count);
    lua_Integer t = 0;
    for (int i = 0; i < count; i++) t += dice_get(g, p, i, NULL)->value;
    lua_pushinteger(L, t);
    return 1;
}

static int l_dice_reroll(lua_State *L)
{
    Game *g = api_game(L);
    int count;
    int32_t p = check_pool(L, g, 1, "dice.reroll", &count);
    Err e;
    err_clear(&e);
    if (lua_isnoneornil(L, 2)) {
        for (int i = 0; i < count; i++)
            if (!dice_reroll(g, p, i, &e)) return lib_fail(L, "dice.reroll", &e);
        return 0;
    }
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer n = luaL_len(L, 2);
    for (lua_Integer i = 1; i <= n && i <= 100; i++) {
        lua_geti(L, 2, i);
        lua_Integer k = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 0;
        lua_pop(L, 1);
        if (k < 1 || k > count) return luaL_error(L, "dice.reroll: die %I is not in 1..%d", (LUAI_UACINT)k, count);
        if (!dice_reroll(g, p, (int)k - 1, &e)) return lib_fail(L, "dice.reroll", &e);
    }
    return 0;
}

static int l_dice_modify(lua_State *L)
{
    Game *g = api_game(L);
    int count;
    int32_t p = check_pool(L, g, 1, "dice.modify", &count);
    lua_Integer k = luaL_checkinteger(L, 2), d = luaL_checkinteger(L, 3);
    if (k < 1 || k > count) return luaL_error(L, "dice.modify: die %I is not in 1..%d", (LUAI_UACINT)k, count);
    if (d < -100000 || d > 100000) return luaL_error(L, "dice.modify: delta out of range");
    Err e;
    err_clear(&e);
    if (!dice_modify(g, p, (int)k - 1, (int)d, &e)) return lib_fail(L, "dice.modify", &e);
    return 0;
}

static int l_rng_int(lua_State *L)
{
    Game *g = api_game(L);
    lua_Integer lo = luaL_checkinteger(L, 1), hi = luaL_checkinteger(L, 2);
    if (g->readonly) return luaL_error(L, "rng.int: not in a read-only query");
    if (lo > hi || (lua_Unsigned)hi - (lua_Unsigned)lo >= (lua_Unsigned)UINT32_MAX)
        return luaL_error(L, "rng.int: need lo <= hi and at most 2^32 values");
    Err e;
    err_clear(&e);
    int64_t v;
    if (!rng_draw(g, lo, hi, "the range asked for", &v, &e)) return lib_fail(L, "rng.int", &e);
    lua_pushinteger(L, v);
    return 1;
}

static int l_rng_pick(lua_State *L)
{
    Game *g = api_game(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    if (g->readonly) return luaL_error(L, "rng.pick: not in a read-only query");
    lua_Integer n = luaL_len(L, 1);
    if (n < 1) return 0; /* nothing drawn: a forced value waits for the next draw */
    if (n > (lua_Integer)UINT32_MAX) return luaL_error(L, "rng.pick: list too long");
    Err e;
    err_clear(&e);
    int64_t k;
    if (!rng_draw(g, 1, n, "the positions of the list", &k, &e)) return lib_fail(L, "rng.pick", &e);
    lua_geti(L, 1, k);
    return 1;
}

/* rng.force(values): the next integer draws take these values (a designer chunk's only,
 * as dice.force) */
static int l_rng_force(lua_State *L)
{
    Game *g = api_game(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    if (g->readonly) return luaL_error(L, "rng.force: not in a read-only query");
    if (g->act.kind != ACT_CHUNK)
        return luaL_error(L, "rng.force: only a designer chunk (a scenario's setup or lua step) may force "
                             "random draws");
    lua_Integer n = luaL_len(L, 1);
    if (n > 100) return luaL_error(L, "rng.force: at most 100 values");
    int64_t vals[100];
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, 1, i);
        int isnum;
        lua_Integer v = lua_tointegerx(L, -1, &isnum);
        bool number = lua_type(L, -1) == LUA_TNUMBER;
        lua_pop(L, 1);
        if (!isnum || !number)
            return luaL_error(L, "rng.force: item %I is not a whole number", (LUAI_UACINT)i);
        vals[i - 1] = v;
    }
    Err e;
    err_clear(&e);
    if (!rng_force(g, vals, (int)n, &e)) return lib_fail(L, "rng.force", &e);
    return 0;
}

/* ---------------------------------------------------------------- track ----------- */

/* Tracks are game properties: <name> holds the position, <name>.min/.max/.goal the
 * bounds, <name>@<mark> the list of marked spaces. A track per seat (spec.seats) keeps
 * those parts once, as game properties with <name>.seats = true, and each seat's
 * position as that seat's property <name>. Reaching the goal emits "track". */
static int32_t track_key(lua_State *L, const char *name, const char *suffix)
{
    char k[200];
    snprintf(k, sizeof k, "%s%s", name, suffix);
    int32_t id = names_intern(&lib_world(L)->names, k);
    if (id < 0) luaL_error(L, "track: too many names");
    return id;
}

static int l_track_new(lua_State *L)
{
    Game *g = api_game(L);
    const char *name = luaL_checkstring(L, 1);
    if (strlen(name) > 60) return luaL_error(L, "track.new: name too long");
    luaL_checktype(L, 2, LUA_TTABLE);
    Err e;
    err_clear(&e);
    static const char *const fields[] = {"start", "min", "max", "goal"};
    static const char *const suffix[] = {"", ".min", ".max", ".goal"};
    int64_t vals[4] = {0, 0, 1000000, -1};
    for (int i = 0; i < 4; i++) {
        if (lua_getfield(L, 2, fields[i]) != LUA_TNIL) {
            if (!lua_isinteger(L, -1)) return luaL_error(L, "track.new: '%s' must be an integer", fields[i]);
            vals[i] = lua_tointeger(L, -1);
        }
        lua_pop(L, 1);
    }
    int st = lua_getfield(L, 2, "seats");
    if (st != LUA_TNIL && st != LUA_TBOOLEAN) return luaL_error(L, "track.new: 'seats' must be true or false");
    bool per_seat = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (vals[1] > vals[2] || vals[0] < vals[1] || vals[0] > vals[2])
        return luaL_error(L, "track.new: need min <= start <= max");
    /* a track of the game: its position first, then its parts (the order the table
     * lists them in); one per seat: the parts, then each seat's position */
    for (int i = per_seat ? 1 : 0; i < 4; i++)
        if (!prop_set(g, ENT_GAME, 0, track_key(L, name, suffix[i]), PV_INT, vals[i], SCOPE_GAME, -1, &e))
            return lib_fail(L, "track.new", &e);
    if (per_seat) {
        if (!prop_set(g, ENT_GAME, 0, track_key(L, name, ".seats"), PV_BOOL, 1, SCOPE_GAME, -1, &e))
            return lib_fail(L, "track.new", &e);
        for (int s = 0; s < g->s.h.nseats; s++)
            if (!prop_set(g, ENT_SEAT, s, track_key(L, name, ""), PV_INT, vals[0], SCOPE_GAME, -1, &e))
                return lib_fail(L, "track.new", &e);
    }
    if (lua_getfield(L, 2, "marks") == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            if (lua_type(L, -2) != LUA_TSTRING || !lua_istable(L, -1))
                return luaL_error(L, "track.new: marks map a mark name to a list of spaces");
            char suf[80];
            snprintf(suf, sizeof suf, "@%s", lua_tostring(L, -2));
            int64_t v;
            if (lib_read_value(L, g, lua_gettop(L), "track.new", &v) != PV_LIST)
                return luaL_error(L, "track.new: marks must be lists of integers");
            if (!prop_set(g, ENT_GAME, 0, track_key(L, name, suf), PV_LIST, v, SCOPE_GAME, -1, &e))
                return lib_fail(L, "track.new", &e);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return 0;
}

static int64_t track_need(lua_State *L, Game *g, const char *name, const char *suffix, const char *fname)
{
    Prop p;
    if (!prop_get(g, ENT_GAME, 0, track_key(L, name, suffix), &p) || p.type != PV_INT)
        lib_bad_choice(L, fname, "track ", name, "a track (create it with track.new)");
    return p.v;
}

/* Whose position a call means: -1 for a track of the game (no seat may be given at
 * idx), else the seat at idx, which a track per seat needs. */
static int track_seat(lua_State *L, Game *g, const char *name, int idx, const char *fname)
{
    track_need(L, g, name, ".max", fname); /* a track at all */
    Prop p;
    bool per_seat = prop_get(g, ENT_GAME, 0, track_key(L, name, ".seats"), &p) && p.type == PV_BOOL && p.v;
    if (per_seat && lua_isnoneornil(L, idx))
        luaL_error(L, "%s: track '%s' is a track per seat: give the seat (%s(\"%s\", …, s))", fname, name, fname,
                   name);
    if (!per_seat && !lua_isnoneornil(L, idx))
        luaL_error(L, "%s: track '%s' is one track for the game: give no seat (track.new(\"%s\", { seats = true "
                      "}) makes one per seat)", fname, name, name);
    return per_seat ? lib_seat(L, g, idx, fname) : -1;
}

static int64_t track_pos(lua_State *L, Game *g, const char *name, int seat, const char *fname)
{
    if (seat < 0) return track_need(L, g, name, "", fname);
    Prop p;
    if (!prop_get(g, ENT_SEAT, seat, track_key(L, name, ""), &p) || p.type != PV_INT)
        luaL_error(L, "%s: seat %d has no position on track '%s'", fname, seat + 1, name);
    return p.v;
}

static int l_track_get(lua_State *L)
{
    Game *g = api_game(L);
    const char *name = luaL_checkstring(L, 1);
    int seat = track_seat(L, g, name, 2, "track.get");
    lua_pushinteger(L, track_pos(L, g, name, seat, "track.get"));
    return 1;
}

static int track_set_value(lua_State *L, Game *g, const char *name, int seat, int64_t v, const char *fname)
{
    int64_t mn = track_need(L, g, name, ".min", fname), mx = track_need(L, g, name, ".max", fname);
    int64_t goal = track_need(L, g, name, ".goal", fname);
    int64_t old = track_pos(L, g, name, seat, fname);
    if (v < mn) v = mn;
    if (v > mx) v = mx;
    Err e;
    err_clear(&e);
    if (!prop_set(g, seat < 0 ? ENT_GAME : ENT_SEAT, seat < 0 ? 0 : seat, track_key(L, name, ""), PV_INT, v,
                  SCOPE_GAME, -1, &e))
        return lib_fail(L, fname, &e);
    /* arriving on the goal or passing it, from either side (a score of 9 + 3 passes 10) */
    if (goal >= 0 && ((old < goal && v >= goal) || (old > goal && v <= goal)))
        event_emit(g, g->w->n_track, track_key(L, name, ""), (int32_t)v, seat, 0, ~0u, NULL, &e);
    /* (the track's property key is its name: track_key(name, "")) */
    lua_pushinteger(L, v);
    return 1;
}

static int l_track_move(lua_State *L)
{
    Game *g = api_game(L);
    const char *name = luaL_checkstring(L, 1);
    lua_Integer d = luaL_checkinteger(L, 2);
    if (d < -1000000 || d > 1000000) return luaL_error(L, "track.move: step out of range");
    int seat = track_seat(L, g, name, 3, "track.move");
    int64_t cur = track_pos(L, g, name, seat, "track.move");
    if (cur > (1LL << 60) || cur < -(1LL << 60)) return luaL_error(L, "track.move: value out of range");
    return track_set_value(L, g, name, seat, cur + d, "track.move");
}

static int l_track_set(lua_State *L)
{
    Game *g = api_game(L);
    const char *name = luaL_checkstring(L, 1);
    lua_Integer v = luaL_checkinteger(L, 2);
    if (v < -1000000000 || v > 1000000000) return luaL_error(L, "track.set: value out of range");
    int seat = track_seat(L, g, name, 3, "track.set");
    return track_set_value(L, g, name, seat, v, "track.set");
}

static int l_track_marked(lua_State *L)
{
    Game *g = api_game(L);
    const char *name = luaL_checkstring(L, 1);
    const char *mark = luaL_checkstring(L, 2);
    int seat = track_seat(L, g, name, 4, "track.marked");
    int64_t at = lua_isnoneornil(L, 3) ? track_pos(L, g, name, seat, "track.marked") : luaL_checkinteger(L, 3);
    char suf[80];
    snprintf(suf, sizeof suf, "@%s", mark);
    Prop p;
    bool hit = false;
    if (prop_get(g, ENT_GAME, 0, track_key(L, name, suf), &p) && p.type == PV_LIST) {
        int32_t n;
        const int64_t *it = state_list_get(&g->s, (int32_t)p.v, &n);
        for (int32_t i = 0; i < n; i++)
            if (it[i] == at) hit = true;
    }
    lua_pushboolean(L, hit);
    return 1;
}

static int l_track_goal(lua_State *L)
{
    Game *g = api_game(L);
    lua_pushinteger(L, track_need(L, g, luaL_checkstring(L, 1), ".goal", "track.goal"));
    return 1;
}

const luaL_Reg lib_effect_api[] = {{"on", l_effect_on}, {"remove", l_effect_remove}, {NULL, NULL}};

const luaL_Reg lib_event_api[] = {{"emit", l_event_emit}, {NULL, NULL}};

const luaL_Reg lib_window_api[] = {{"open", l_window_open},
                                   {"items", l_window_items},
                                   {"cancel", l_window_cancel},
                                   {NULL, NULL}};

const luaL_Reg lib_decide_api[] = {{"choose", l_decide_choose}, {"amounts", lib_decide_amounts}, {NULL, NULL}};

const luaL_Reg lib_dice_api[] = {
    {"roll", l_dice_roll}, {"values", l_dice_values}, {"natural", l_dice_natural},
    {"total", l_dice_total}, {"reroll", l_dice_reroll}, {"modify", l_dice_modify}, {"force", l_dice_force},
    {NULL, NULL}};

const luaL_Reg lib_rng_api[] = {{"int", l_rng_int}, {"pick", l_rng_pick}, {"force", l_rng_force}, {NULL, NULL}};

const luaL_Reg lib_track_api[] = {
    {"new", l_track_new}, {"get", l_track_get}, {"move", l_track_move},
    {"set", l_track_set}, {"marked", l_track_marked}, {"goal", l_track_goal}, {NULL, NULL}};

