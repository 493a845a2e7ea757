/* run.c — running actions: the ScriptOps the host calls. An action runs in a recycled
 * coroutine; a script that asks suspends it; the answer resumes it, or rebuilds it
 * from the snapshot when the coroutine is gone (clone, load). Errors become a typed
 * report naming the card, file and line, with a traceback. Also the read-only entry
 * points: can_play queries, designer inspection and scenario checks. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "vmi.h"
#include "supply.h"

/* ---------------------------------------------------------------- threads --------- */

static lua_State *thread_get(Vm *vm, int *ref)
{
    lua_State *L = vm->L;
    if (vm->nfree > 0) {
        *ref = vm->free_threads[--vm->nfree];
        lua_rawgeti(L, LUA_REGISTRYINDEX, *ref);
        lua_State *co = lua_tothread(L, -1);
        lua_pop(L, 1);
        return co;
    }
    lua_State *co = lua_newthread(L);
    *ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return co;
}

/* A thread whose run grew the heap by more than this is not kept: Lua's generational
 * collector never shrinks a stack, so a deep recursion (a stack overflow a script's
 * pcall caught) left megabytes of stack in the pool, counted against the cap for good.
 * (Garbage counts too: at worst a thread is made anew.) */
#define THREAD_GROWTH_KEPT (1u << 20)

/* The peak of the heap during a run, by the allocator's mem_peak: set to the heap now
 * (returned: the peak before, for run_peak_end to keep the larger). The peak, not the
 * heap at the end: a collection during the run (or a run made again) hides the growth. */
static size_t run_peak_begin(Vm *vm)
{
    size_t before = vm->mem_peak;
    vm->mem_peak = vm->mem;
    return before;
}

/* Whether the heap peaked past base + THREAD_GROWTH_KEPT since run_peak_begin. */
static bool run_peak_end(Vm *vm, size_t before, size_t base)
{
    bool grew = vm->mem_peak > base + THREAD_GROWTH_KEPT;
    if (before > vm->mem_peak) vm->mem_peak = before;
    return grew;
}

static void thread_put(Vm *vm, int ref, lua_State *co, bool healthy)
{
    if (healthy && vm->nfree < 64) {
        lua_settop(co, 0);
        if (vm->nfree == vm->capfree) {
            int cap = vm->capfree ? vm->capfree * 2 : 16;
            int *d = xrealloc(vm->free_threads, (size_t)cap * sizeof *d);
            if (!d) {
                luaL_unref(vm->L, LUA_REGISTRYINDEX, ref);
                return;
            }
            vm->free_threads = d;
            vm->capfree = cap;
        }
        vm->free_threads[vm->nfree++] = ref;
        return;
    }
    luaL_unref(vm->L, LUA_REGISTRYINDEX, ref);
}

static Live *live_find(Vm *vm, uint32_t uid)
{
    for (int i = 0; i < vm->nlive; i++)
        if (vm->live[i].uid == uid) return &vm->live[i];
    return NULL;
}

static void live_drop(Vm *vm, Live *lv, bool healthy)
{
    int ref = lv->ref;
    lua_State *co = lv->co;
    *lv = vm->live[--vm->nlive];
    if (healthy) {
        thread_put(vm, ref, co, true);
    } else {
        luaL_unref(vm->L, LUA_REGISTRYINDEX, ref);
    }
}

static void vm_forget(void *ud, Game *g)
{
    Vm *vm = ud;
    Live *lv = live_find(vm, g->uid);
    if (lv) live_drop(vm, lv, false); /* a suspended coroutine is not reusable */
}

/* ---------------------------------------------------------------- ctx ------------- */

static void push_params(lua_State *L, Game *g, int32_t off);

static void set_int(lua_State *L, const char *k, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

static void set_card(lua_State *L, Game *g, const char *k, int32_t o)
{
    if (o < 0 || (uint32_t)o >= g->s.objs.len) return;
    lua_pushinteger(L, obj_handle(g, o));
    lua_setfield(L, -2, k);
}

/* The card id ("lair") of definition d, for events about a card (even one destroyed). */
static void set_def(lua_State *L, Game *g, int64_t d)
{
    if (d < 0 || d >= g->w->ndefs) return;
    lua_pushstring(L, names_str(&g->w->names, g->w->defs[d].id));
    lua_setfield(L, -2, "id");
}

static void set_zone(lua_State *L, const char *k, int32_t z)
{
    if (z >= 0) set_int(L, k, z + 1);
}

static void set_seat(lua_State *L, const char *k, int32_t s)
{
    if (s >= 0) set_int(L, k, s + 1);
}

/* A holder of a supply's counters (supply.h) as scripts name it: "pool", "out", a
 * seat number, { zone = z }, a card handle. */
static void set_holder(lua_State *L, Game *g, const char *k, int32_t h)
{
    if (h == SUPPLY_POOL) lua_pushstring(L, "pool"), lua_setfield(L, -2, k);
    else if (h == SUPPLY_OUT) lua_pushstring(L, "out"), lua_setfield(L, -2, k);
    else if (h >= SUPPLY_CARD) set_card(L, g, k, h - SUPPLY_CARD);
    else if (h >= SUPPLY_ZONE) {
        lua_createtable(L, 0, 1);
        set_int(L, "zone", h - SUPPLY_ZONE + 1);
        lua_setfield(L, -2, k);
    }
    else set_seat(L, k, h);
}

/* Pushes the event table of event index ev: the fields of each built-in kind in
 * script terms (1-based seats and zones, card handles, names); a custom event
 * (event.emit) gives a, b and its params list. */
static void push_event(lua_State *L, Game *g, int32_t ev)
{
    const Event *e = &VEC_AT(g->events, Event, ev);
    World *w = g->w;
    lua_createtable(L, 0, 6);
    lua_pushstring(L, names_str(&w->names, e->kind));
    lua_setfield(L, -2, "kind");
    int32_t k = e->kind;
    if (k == w->n_move || k == w->n_attach || k == w->n_destroy || k == w->n_create ||
        k == w->n_flip || k == w->n_tap || k == w->n_control || k == w->n_reveal || k == w->n_play ||
        k == w->n_cancel)
        set_def(L, g, e->d);
    if (k == w->n_move) {
        set_card(L, g, "card", e->a);
        set_zone(L, "from", e->b);
        set_zone(L, "to", (int32_t)e->c);
    } else if (k == w->n_attach) {
        set_card(L, g, "card", e->a);
        set_card(L, g, "target", e->b);
    } else if (k == w->n_destroy || k == w->n_create || k == w->n_flip || k == w->n_tap ||
               k == w->n_control || k == w->n_reveal) {
        set_card(L, g, "card", e->a);
        if (k == w->n_create) set_zone(L, "to", (int32_t)e->c);
        if (k == w->n_destroy) set_zone(L, "from", e->b);
        if (k == w->n_flip) lua_pushboolean(L, e->b), lua_setfield(L, -2, "face_down");
        if (k == w->n_tap) lua_pushboolean(L, e->b), lua_setfield(L, -2, "tapped");
        if (k == w->n_control) set_seat(L, "seat", e->b);
    } else if (k == w->n_owner) {
        set_card(L, g, "card", e->a);
        set_def(L, g, e->d);
        set_seat(L, "seat", e->b);
    } else if (k == w->n_visibility || k == w->n_zone) {
        set_zone(L, "zone", e->a);
        if (k == w->n_zone) set_seat(L, "owner", e->b);
    } else if (k == w->n_modify) {
        set_int(L, "pool", e->a);
        set_int(L, "die", e->b);
        set_int(L, "delta", e->c);
        set_int(L, "value", e->d);
    } else if (k == w->n_active || k == w->n_extra) {
        set_seat(L, "seat", e->a);
    } else if (k == w->n_role) {
        set_seat(L, "seat", e->a);
        if (e->b >= 0) lua_pushstring(L, names_str(&w->names, e->b)), lua_setfield(L, -2, "role");
    } else if (k == w->n_effect) {
        set_int(L, "effect", e->a);
        set_card(L, g, "card", e->b);
        if (e->b == EFFECT_RULES) lua_pushboolean(L, 1), lua_setfield(L, -2, "rules");
        lua_pushstring(L, names_str(&w->names, (int32_t)e->c));
        lua_setfield(L, -2, "listens_to");
        lua_pushboolean(L, e->d == 1);
        lua_setfield(L, -2, "added");
    } else if (k == w->n_play) {
        set_card(L, g, "card", e->a);
        set_seat(L, "seat", e->b);
        lua_pushstring(L, names_str(&w->names, (int32_t)e->c));
        lua_setfield(L, -2, "window");
    } else if (k == w->n_cancel) {
        set_card(L, g, "card", e->a);
        set_seat(L, "seat", e->b);
        set_seat(L, "by", (int32_t)(e->c & 0xff) - 1);
        lua_pushboolean(L, (e->c >> 8) == ITEM_TRIGGER);
        lua_setfield(L, -2, "trigger");
    } else if (k == w->n_set) {
        int ek = (e->a >> 24) & 0xf, ent = e->a & 0xffffff, type = (e->a >> 28) & 0x7;
        lua_pushstring(L, names_str(&w->names, e->b));
        lua_setfield(L, -2, "key");
        if (ek == ENT_OBJ) set_card(L, g, "card", ent);
        else if (ek == ENT_SEAT) set_seat(L, "seat", ent);
        else if (ek == ENT_ZONE) set_int(L, "zone", ent + 1);
        /* old is given for integer and boolean values; new for every type */
        set_int(L, "old", e->c);
        if (type == PV_INT) set_int(L, "new", e->d);
        else if (type == PV_BOOL) lua_pushboolean(L, e->d), lua_setfield(L, -2, "new");
        else if (type == PV_STR) lua_pushstring(L, state_cstr(&g->s, (int32_t)e->d)), lua_setfield(L, -2, "new");
        else if (type == PV_LIST) push_params(L, g, (int32_t)e->d), lua_setfield(L, -2, "new");
    } else if (k == w->n_step) {
        lua_pushstring(L, names_str(&w->names, e->a));
        lua_setfield(L, -2, "step");
        set_int(L, "turn", e->b);
    } else if (k == w->n_turn) {
        set_int(L, "turn", e->a);
        set_seat(L, "active", e->b);
    } else if (k == w->n_dice) {
        set_int(L, "pool", e->a);
        set_int(L, "count", e->b);
        set_int(L, "faces", e->c);
    } else if (k == w->n_reroll) {
        set_int(L, "pool", e->a);
        set_int(L, "die", e->b);
        set_int(L, "faces", e->c);
        set_int(L, "value", e->d);
    } else if (k == w->n_shuffle) {
        set_zone(L, "zone", e->a);
        set_int(L, "count", e->b);
    } else if (k == w->n_win) {
        if (e->a >= 0) {
            lua_pushstring(L, names_str(&w->names, e->a));
            lua_setfield(L, -2, "role");
        }
        set_seat(L, "seat", e->b);
    } else if (k == w->n_track) {
        /* a = interned track name, b = the value reached, c = the seat (a track per
         * seat) or -1 */
        lua_pushstring(L, names_str(&w->names, e->a));
        lua_setfield(L, -2, "track");
        set_int(L, "value", e->b);
        if (e->c >= 0) set_seat(L, "seat", (int32_t)e->c);
    } else if (k == w->n_supply) {
        /* a = supply name, b = kind, c = count, d = from | to << 32 (supply.h) */
        lua_pushstring(L, names_str(&w->names, e->a));
        lua_setfield(L, -2, "supply");
        lua_pushstring(L, names_str(&w->names, e->b));
        lua_setfield(L, -2, "kind");
        set_int(L, "count", e->c);
        set_holder(L, g, "from", supply_event_holder(e->d, 0));
        set_holder(L, g, "to", supply_event_holder(e->d, 1));
    } else if (k == w->n_print) {
        lua_pushstring(L, game_text(g, e->text));
        lua_setfield(L, -2, "text");
    } else {
        /* custom events: a b as given to event.emit, c = params list offset or -1 */
        set_int(L, "a", e->a);
        set_int(L, "b", e->b);
        if (e->c >= 0 && e->d == 1) {
            int32_t n;
            const int64_t *it = state_list_get(&g->s, (int32_t)e->c, &n);
            lua_createtable(L, n, 0);
            for (int32_t i = 0; i < n; i++) {
                lua_pushinteger(L, it[i]);
                lua_rawseti(L, -2, i + 1);
            }
            lua_setfield(L, -2, "params");
        }
        if (e->text >= 0) {
            lua_pushstring(L, game_text(g, e->text));
            lua_setfield(L, -2, "text");
        }
    }
}

static void push_params(lua_State *L, Game *g, int32_t off)
{
    int32_t n;
    const int64_t *it = state_list_get(&g->s, off, &n);
    lua_createtable(L, n, 0);
    for (int32_t i = 0; i < n; i++) {
        lua_pushinteger(L, it[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

/* Pushes the function the action runs and its ctx onto co; false with e filled when the
 * script lacks it. */
static bool push_action(Vm *vm, Game *g, lua_State *co, Err *e)
{
    lua_State *L = vm->L;
    const Action *a = &g->act;
    World *w = g->w;
    vm->cur_def = -1;
    vm->cur_obj = -1;
    if (a->kind == ACT_CARD) {
        vm->cur_obj = a->obj;
        const Obj *o = &S_OBJ(&g->s, a->obj);
        const CardDef *d = &w->defs[o->def];
        vm->cur_def = o->def;
        if (!d->script_ref) {
            err_set(e, "card '%s' has no script (needed for '%s')", d->name,
                    names_str(&w->names, a->fn));
            return false;
        }
        if (vm_script_field(L, o->def, a->fn) != LUA_TFUNCTION) {
            err_set(e, "card '%s' (%s) has no function '%s'", d->name, d->script,
                    names_str(&w->names, a->fn));
            lua_pop(L, 1);
            return false;
        }
    } else if (a->kind == ACT_HOOK) {
        if ((a->fn == w->n_enter || a->fn == w->n_leave) && a->obj >= 0) { /* a step's hook */
            vm_script_field(L, VM_STEP(g->act.obj), a->fn);
        } else {
            vm_script_field(L, VM_RULES, a->fn);
            if (lua_isnil(L, -1) && a->fn == w->n_setup) {
                lua_pop(L, 1);
                return true; /* no setup hook: nothing to run */
            }
        }
        if (!lua_isfunction(L, -1)) {
            err_set(e, "rules have no function '%s'", names_str(&w->names, a->fn));
            lua_pop(L, 1);
            return false;
        }
    } else { /* ACT_CHUNK */
        json_t *c = json_array_get(g->chunks, (size_t)a->chunk);
        const char *src = json_string_value(json_object_get(c, "lua"));
        char name[64];
        snprintf(name, sizeof name, "=chunk %d", a->chunk + 1);
        if (!src || luaL_loadbufferx(L, src, strlen(src), name, "t") != LUA_OK) {
            err_set(e, "%s", src ? lua_tostring(L, -1) : "setup chunk missing");
            if (src) lua_pop(L, 1);
            return false;
        }
        vm_push_scratch_env(vm);
        lua_setupvalue(L, -2, 1);
    }
    /* ctx */
    lua_createtable(L, 0, 6);
    if (a->obj >= 0 && a->kind == ACT_CARD) {
        lua_pushinteger(L, obj_handle(g, a->obj));
        lua_setfield(L, -2, "card");
    }
    if (a->seat >= 0) {
        lua_pushinteger(L, a->seat + 1);
        lua_setfield(L, -2, "seat");
    }
    /* a card played (its on_play) or resolving as played (its play function): the kind
     * of the innermost window, where it was played */
    if (a->kind == ACT_CARD && g->s.windows.len) {
        int32_t kind = S_WIN(&g->s, g->s.windows.len - 1).kind, fn = w->n_play;
        for (int i = 0; i < w->nwins; i++)
            if (w->wins[i].kind == kind && w->wins[i].play_fn >= 0) fn = w->wins[i].play_fn;
        if (a->fn == w->n_on_play || a->fn == fn) {
            lua_pushstring(L, names_str(&w->names, kind));
            lua_setfield(L, -2, "window");
        }
    }
    if (a->event >= 0 && (uint32_t)a->event < g->events.len) {
        push_event(L, g, a->event);
        lua_setfield(L, -2, "event");
    }
    if (a->params >= 0) {
        push_params(L, g, a->params);
        lua_setfield(L, -2, "params");
    }
    if (g->s.h.step >= 0) {
        lua_pushstring(L, names_str(&w->names, w->steps[g->s.h.step].name));
        lua_setfield(L, -2, "step");
    }
    lua_pushinteger(L, g->s.h.turn);
    lua_setfield(L, -2, "turn");
    lua_xmove(L, co, 2);
    return true;
}

/* ---------------------------------------------------------------- run ------------- */

/* The message (light userdata 2, a C string) with the traceback of thread 1 under it. */
static int traceback_fn(lua_State *L)
{
    lua_State *co = lua_touserdata(L, 1);
    luaL_traceback(L, co, (const char *)lua_touserdata(L, 2), 0);
    return 1;
}

/* Where an error raised on thread co, its stack still standing from level lvl0 up,
 * happened: file (256 bytes, "" when no script is on the stack) and line, and how many
 * Lua frames the stack holds; returns msg's text after the place. The place is the
 * position Lua's message starts with (error() and an API error give the line that
 * raised; error(msg, 2) its caller's), taken out of the text so that it is said once —
 * when it names a script on the stack (Lua shortens a long path with "...": the frame
 * gives it whole). Else it is the innermost line of a script, and the text stays as it
 * is. (file:line of a few levels at most: a stack overflow leaves thousands, and
 * lua_getstack is linear in the level.) */
static const char *error_place(lua_State *co, int lvl0, const char *msg, char file[256], int *line,
                               int *lua_frames)
{
    int mline = 0;
    const char *colon = vm_position_of(msg, &mline);
    const char *text = msg;
    lua_Debug ar;
    file[0] = 0;
    *line = *lua_frames = 0;
    bool placed = false;
    for (int lvl = lvl0; lvl < lvl0 + 40 && lua_getstack(co, lvl, &ar); lvl++) {
        if (!lua_getinfo(co, "Sl", &ar) || ar.currentline <= 0) continue;
        (*lua_frames)++;
        if (ar.source[0] != '@' || placed) continue;
        if (colon && strlen(ar.short_src) == (size_t)(colon - msg) && memcmp(ar.short_src, msg, (size_t)(colon - msg)) == 0) {
            snprintf(file, 256, "%s", ar.source + 1);
            *line = mline;
            text = strchr(colon + 1, ':') + 1;
            while (*text == ' ') text++;
            placed = true;
        } else if (!file[0]) {
            snprintf(file, 256, "%s", ar.source + 1);
            *line = ar.currentline;
        }
    }
    return text;
}

static int finish(Vm *vm, Game *g, lua_State *co, int ref, int st, size_t mem0, bool grew, Err *e)
{
    if (st == LUA_YIELD) {
        if (g->s.h.dec.seat == SEAT_NONE) {
            err_set(e, "internal: a script yielded without asking");
            thread_put(vm, ref, co, false);
            return RUN_ERROR;
        }
        Live *lv = live_find(vm, g->uid);
        if (!lv) {
            if (vm->nlive == vm->caplive) {
                int cap = vm->caplive ? vm->caplive * 2 : 8;
                Live *d = xrealloc(vm->live, (size_t)cap * sizeof *d);
                if (!d) {
                    err_set(e, "out of memory");
                    thread_put(vm, ref, co, false);
                    return RUN_ERROR;
                }
                vm->live = d;
                vm->caplive = cap;
            }
            lv = &vm->live[vm->nlive++];
        }
        lv->uid = g->uid;
        lv->serial = g->act_serial;
        lv->used = vm->used;
        lv->fast = vm->act_fast;
        lv->spent = vm->fast_spent;
        lv->calls = vm->act_calls + (vm->api_calls - vm->seg_calls0);
        lv->print_bytes = vm->print_bytes;
        lv->cur_def = vm->cur_def;
        lv->cur_obj = vm->cur_obj;
        lv->ref = ref;
        lv->co = co;
        lv->mem0 = mem0;
        lv->grew = grew;
        return RUN_ASK;
    }
    if (st == LUA_OK || vm->stop == STOP_GAMEOVER) {
        vm->stop = STOP_NONE;
        thread_put(vm, ref, co, st == LUA_OK && !grew);
        return RUN_DONE;
    }
    /* an error: its place (file:line) once, then who raised it and the message, and a
     * traceback only when it shows more than the place: the calls that led there */
    const char *msg = lua_type(co, -1) == LUA_TSTRING ? lua_tostring(co, -1)
                                                      : "script error (non-string error object)";
    if (st == LUA_ERRMEM) msg = "not enough memory (the script's memory cap)";
    char file[256];
    int line, lua_frames;
    const char *text = error_place(co, 0, msg, file, &line, &lua_frames);
    char who[200];
    if (vm->cur_def >= 0)
        snprintf(who, sizeof who, "card '%s' (%s): ", g->w->defs[vm->cur_def].name,
                 g->w->defs[vm->cur_def].id >= 0 ? names_str(&g->w->names, g->w->defs[vm->cur_def].id) : "?");
    else if (g->act.kind == ACT_CHUNK) {
        snprintf(who, sizeof who, "chunk %d: ", g->act.chunk + 1);
        /* Lua's own "chunk 1:1:" says it already ("chunk 1: chunk 1:1: ...") */
        if (strncmp(text, who, strlen(who) - 2) == 0 && text[strlen(who) - 2] == ':') who[0] = 0;
    }
    else
        snprintf(who, sizeof who, "rules (%s): ", names_str(&g->w->names, g->act.fn));
    /* room for a long message: the whole (with its traceback) is cut cleanly by err_at */
    char body[4 * sizeof e->msg];
    snprintf(body, sizeof body, "%s%s%s", who, vm->stop == STOP_BUDGET ? "[budget] " : "", text);
    /* the traceback is host work: built in protected mode with the memory cap lifted
     * (the script may have used all of it), falling back to the bare message */
    lua_State *L = vm->L;
    bool traced = false;
    if (lua_frames > 1) {
        vm->lift_cap = true;
        lua_pushcfunction(L, traceback_fn);
        lua_pushlightuserdata(L, co);
        lua_pushlightuserdata(L, body);
        traced = lua_pcall(L, 2, 1, 0) == LUA_OK && lua_isstring(L, -1);
        vm->lift_cap = false;
        if (traced) err_at(e, file, line, 0, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    if (!traced) err_at(e, file, line, 0, "%s", body);
    vm->stop = STOP_NONE;
    thread_put(vm, ref, co, false);
    return RUN_ERROR;
}

/* Runs the current action from its start on a new coroutine: uncounted when `fast`
 * and the budget allows (fast.c), counted otherwise. An uncounted run whose outcome
 * does not stand is thrown away and the action made again from its snapshot, counted. */
static int run_fresh(Vm *vm, Game *g, bool fast, Err *e)
{
    int ref;
    size_t mem0 = vm->mem;
    lua_State *co = thread_get(vm, &ref);
    if (!co) {
        err_set(e, "out of memory");
        return RUN_ERROR;
    }
    Game *prev = vm->g;
    vm->g = g;
    if (!push_action(vm, g, co, e)) {
        vm->g = prev;
        thread_put(vm, ref, co, true);
        return RUN_ERROR;
    }
    if (lua_gettop(co) == 0) { /* nothing to run (no setup hook) */
        vm->g = prev;
        thread_put(vm, ref, co, true);
        return RUN_DONE;
    }
    vm_budget_start(vm, co);
    vm->act_fast = fast && vm_fast_begin(vm, co, 0);
    if (!vm->act_fast) vm->fast_spent = 0;
    vm->act_calls = 0;
    vm->seg_calls0 = vm->api_calls;
    int nres;
    size_t peak0 = run_peak_begin(vm);
    int st = lua_resume(co, vm->L, 1, &nres);
    bool grew = run_peak_end(vm, peak0, mem0);
    if (vm->act_fast && !vm_fast_end(vm)) {
        vm->api_calls = vm->seg_calls0;
        thread_put(vm, ref, co, false);
        vm_fast_sweep(vm);
        vm->g = prev;
        game_rebuild(g);
        return run_fresh(vm, g, false, e);
    }
    int r = finish(vm, g, co, ref, st, mem0, grew, e);
    vm->g = prev;
    return r;
}

static int vm_run(void *ud, Game *g, Err *e)
{
    Vm *vm = ud;
    Live *lv = live_find(vm, g->uid);
    if (lv && lv->serial == g->act_serial && g->act_answers.len > 0) {
        /* resume the suspended coroutine: the answer is read by the ask continuation */
        Live keep = *lv;
        *lv = vm->live[--vm->nlive];
        Game *prev = vm->g;
        vm->g = g;
        vm->stop = STOP_NONE;
        vm->timed_out = false;
        vm->t_start = 0; /* the time limit runs from each resumption's first hook tick */
        vm->used = keep.used; /* the budget and the log cap are per action, across its questions */
        vm->print_bytes = keep.print_bytes;
        vm->cur_def = keep.cur_def;
        vm->cur_obj = keep.cur_obj;
        vm->act_fast = keep.fast;
        vm->fast_spent = keep.spent;
        vm->act_calls = keep.calls;
        vm->seg_calls0 = vm->api_calls;
        /* an uncounted action goes on uncounted while its time allows, else it is made
         * again counted from its start */
        if (!keep.fast || vm_fast_begin(vm, keep.co, keep.spent)) {
            int nres;
            size_t peak0 = run_peak_begin(vm);
            int st = lua_resume(keep.co, vm->L, 0, &nres);
            bool grew = run_peak_end(vm, peak0, keep.mem0) || keep.grew;
            if (!keep.fast || vm_fast_end(vm)) {
                int r = finish(vm, g, keep.co, keep.ref, st, keep.mem0, grew, e);
                vm->g = prev;
                return r;
            }
        }
        if (keep.fast) vm->api_calls = vm->seg_calls0 - keep.calls;
        thread_put(vm, keep.ref, keep.co, false);
        vm_fast_sweep(vm);
        vm->g = prev;
        game_rebuild(g);
        return run_fresh(vm, g, false, e);
    }
    if (lv) live_drop(vm, lv, false); /* stale: from an earlier action of this game */
    if (g->act_answers.len > 0) game_rebuild(g); /* no coroutine: rebuild from the snapshot */
    vm->names_base = g->w->names.n;
    return run_fresh(vm, g, true, e);
}

/* The message handler of a placed query: the place of the error (error_place) in
 * vm->q_file and q_line, and its text, with the traceback under it when more than one
 * Lua frame led there, as an action's error says it. */
static int query_msgh(lua_State *L)
{
    Vm *vm = vm_of(L);
    const char *msg = lua_type(L, 1) == LUA_TSTRING ? lua_tostring(L, 1) : "script error (non-string error object)";
    int frames;
    const char *text = error_place(L, 1, msg, vm->q_file, &vm->q_line, &frames);
    vm->lift_cap = true;
    if (frames > 1) luaL_traceback(L, L, text, 1);
    else lua_pushstring(L, text);
    vm->lift_cap = false;
    return 1;
}

/* A protected read-only call of the function on top with nargs under the budget on the
 * main thread; placed: an error gets e's file and line, and its text a traceback
 * (query_msgh). */
static int query_call(Vm *vm, Game *g, int nargs, int nres, bool placed, Err *e)
{
    lua_State *L = vm->L;
    size_t mem0 = vm->mem, peak0 = run_peak_begin(vm);
    Game *prev = vm->g;
    bool ro = g->readonly;
    vm->g = g;
    g->readonly = true;
    int base = lua_gettop(L) - nargs;
    /* placed: the error says file:line apart from its text (query_msgh), under the
     * function and its arguments */
    int msgh = 0;
    if (placed && lua_checkstack(L, 1)) {
        lua_pushcfunction(L, query_msgh);
        lua_insert(L, base);
        msgh = base++;
        vm->q_file[0] = 0;
        vm->q_line = 0;
    }
    vm_budget_start(vm, L);
    vm->names_base = g->w->names.n;
    /* uncounted first (fast.c), on a copy of the function and its arguments: when the
     * outcome does not stand, the query is made again on them, counted */
    bool fast = !vm->lim.count_all && vm->watched && lua_checkstack(L, nargs + 1);
    uint64_t calls0 = vm->api_calls;
    if (fast) {
        for (int i = 0; i <= nargs; i++) lua_pushvalue(L, base + i);
        fast = vm_fast_begin(vm, L, 0);
        if (!fast) lua_settop(L, base + nargs);
    }
    int st = lua_pcall(L, nargs, nres, msgh);
    if (fast) {
        if (vm_fast_end(vm)) {
            lua_rotate(L, base, -(nargs + 1)); /* the copies go, the results stay */
            lua_pop(L, nargs + 1);
        } else {
            vm->api_calls = calls0;
            lua_settop(L, base + nargs);
            vm_fast_sweep(vm);
            vm_budget_start(vm, L);
            st = lua_pcall(L, nargs, nres, msgh);
        }
    }
    vm->stop = STOP_NONE;
    vm->lift_cap = false; /* (query_msgh lifts it; a failure there left it lifted) */
    lua_sethook(L, vm_budget_hook, LUA_MASKCOUNT, vm->lim.hook_interval);
    g->readonly = ro;
    vm->g = prev;
    /* the main thread cannot be dropped as a grown coroutine is (THREAD_GROWTH_KEPT) */
    if (run_peak_end(vm, peak0, mem0)) vm_gc_shrink(vm, L);
    if (st != LUA_OK) {
        const char *m = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                                       : "script error (non-string error object)";
        if (st == LUA_ERRMEM) m = "not enough memory";
        if (msgh && st != LUA_ERRMEM) err_at(e, vm->q_file, vm->q_line, 0, "%s", m);
        else err_set(e, "%s", m);
        lua_settop(L, base - 1 - !!msgh);
        return -1;
    }
    if (msgh) lua_remove(L, msgh);
    return 0;
}

static int vm_can_play(void *ud, Game *g, int32_t obj, int seat, int32_t wkind, char *why, size_t nwhy, Err *e)
{
    if (nwhy) why[0] = 0;
    Vm *vm = ud;
    lua_State *L = vm->L;
    const CardDef *d = &g->w->defs[S_OBJ(&g->s, obj).def];
    if (!d->script_ref) return 0;
    if (vm_script_field(L, S_OBJ(&g->s, obj).def, g->w->n_can_play) != LUA_TFUNCTION) {
        lua_pop(L, 1);
        return 0;
    }
    lua_createtable(L, 0, 5);
    lua_pushinteger(L, obj_handle(g, obj));
    lua_setfield(L, -2, "card");
    lua_pushinteger(L, seat + 1);
    lua_setfield(L, -2, "seat");
    lua_pushstring(L, names_str(&g->w->names, wkind));
    lua_setfield(L, -2, "window");
    if (g->s.h.step >= 0) {
        lua_pushstring(L, names_str(&g->w->names, g->w->steps[g->s.h.step].name));
        lua_setfield(L, -2, "step");
    }
    lua_pushinteger(L, g->s.h.turn);
    lua_setfield(L, -2, "turn");
    int top = lua_gettop(L) - 2;
    if (query_call(vm, g, 1, 2, true, e) < 0) {
        /* said as an action's error is: "file:line: card 'X' (x) can_play: text" */
        char text[sizeof e->msg], file[sizeof e->file];
        snprintf(text, sizeof text, "%s", e->msg);
        snprintf(file, sizeof file, "%s", e->file);
        err_at(e, file, e->line, 0, "card '%s' (%s) can_play: %s", d->name,
               d->id >= 0 ? names_str(&g->w->names, d->id) : "?", text);
        lua_settop(L, top);
        return -1;
    }
    /* `return false, "why"`: the reason goes with the question to the seat */
    int ok = lua_toboolean(L, -2);
    if (!ok && nwhy && lua_type(L, -1) == LUA_TSTRING) str_copy(why, nwhy, lua_tostring(L, -1));
    lua_settop(L, top);
    return ok;
}

static const ScriptOps vm_ops = {vm_run, vm_can_play, vm_forget};

void vm_attach(Vm *vm)
{
    vm->w->ops = &vm_ops;
    vm->w->ops_ud = vm;
}

/* ---------------------------------------------------------------- inspection ------ */

/* s[0..len) as a Lua string literal on one line: quotes, backslashes and control bytes
 * escaped, so "a\0b" prints whole and a newline does not break the line. */
static void quote_str(Buf *b, const char *s, size_t len)
{
    buf_printf(b, "\"");
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '"': buf_printf(b, "\\\""); break;
        case '\\': buf_printf(b, "\\\\"); break;
        case '\n': buf_printf(b, "\\n"); break;
        case '\t': buf_printf(b, "\\t"); break;
        case '\r': buf_printf(b, "\\r"); break;
        default:
            /* a digit after \ddd would read as part of it: always three digits */
            if (c < 32 || c == 127) buf_printf(b, "\\%03u", c);
            else buf_printf(b, "%c", c);
        }
    }
    buf_printf(b, "\"");
}

/* Whether s[0..len) can stand as a bare key (`name = v`). */
static bool is_name(const char *s, size_t len)
{
    if (len == 0 || isdigit((unsigned char)s[0])) return false;
    for (size_t i = 0; i < len; i++)
        if (!isalnum((unsigned char)s[i]) && s[i] != '_') return false;
    return true;
}

typedef struct KeyStr {
    const char *s;
    size_t len;
} KeyStr;

static int keystr_cmp(const void *a, const void *b)
{
    const KeyStr *x = a, *y = b;
    int c = memcmp(x->s, y->s, x->len < y->len ? x->len : y->len);
    return c ? c : (x->len > y->len) - (x->len < y->len);
}

static void pretty(lua_State *L, int idx, Buf *b, int depth, const Game *names)
{
    idx = lua_absindex(L, idx);
    int o = -1;
    if (names && lua_isinteger(L, idx)) o = obj_from_handle(names, lua_tointeger(L, idx));
    if (o >= 0) { /* a card handle: the card's name (handles are 2^40 and up: no count is one) */
        buf_printf(b, "card '%s'", names->w->defs[S_OBJ(&names->s, o).def].name);
        return;
    }
    switch (lua_type(L, idx)) {
    case LUA_TSTRING: {
        size_t len;
        const char *str = lua_tolstring(L, idx, &len);
        quote_str(b, str, len);
        return;
    }
    case LUA_TNUMBER:
    case LUA_TBOOLEAN:
    case LUA_TNIL: {
        const char *s = luaL_tolstring(L, idx, NULL);
        buf_printf(b, "%s", s);
        lua_pop(L, 1);
        return;
    }
    case LUA_TTABLE: break;
    default: buf_printf(b, "%s", luaL_typename(L, idx)); return;
    }
    if (depth > 4) {
        buf_printf(b, "{…}");
        return;
    }
    int t = idx;
    if (sandbox_proxy_target(L, idx)) t = lua_gettop(L);
    /* array part first, then the other keys in a stable order via safe pairs */
    lua_Integer n = (lua_Integer)lua_rawlen(L, t);
    buf_printf(b, "{");
    for (lua_Integer i = 1; i <= n && i <= 50; i++) {
        lua_rawgeti(L, t, i);
        if (i > 1) buf_printf(b, ", ");
        pretty(L, -1, b, depth + 1, names);
        lua_pop(L, 1);
    }
    /* the other keys in a stable order: strings sorted, then the rest */
    KeyStr keys[64];
    int nk = 0, others = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 && lua_tointeger(L, -1) <= n) continue;
        if (lua_type(L, -1) == LUA_TSTRING && nk < 64) {
            keys[nk].s = lua_tolstring(L, -1, &keys[nk].len); /* anchored by t */
            nk++;
        } else {
            others++;
        }
    }
    qsort(keys, (size_t)nk, sizeof *keys, keystr_cmp);
    for (int i = 0; i < nk; i++) {
        if (n > 0 || i > 0) buf_printf(b, ", ");
        if (is_name(keys[i].s, keys[i].len)) {
            buf_printf(b, "%.*s = ", (int)keys[i].len, keys[i].s);
        } else {
            buf_printf(b, "[");
            quote_str(b, keys[i].s, keys[i].len);
            buf_printf(b, "] = ");
        }
        lua_pushlstring(L, keys[i].s, keys[i].len);
        lua_rawget(L, t);
        pretty(L, -1, b, depth + 1, names);
        lua_pop(L, 1);
    }
    if (others) buf_printf(b, "%s…%d more", n > 0 || nk > 0 ? ", " : "", others);
    buf_printf(b, "}");
    if (t != idx) lua_pop(L, 1);
}

/* Compiles designer text (an expression, else statements) as a function whose globals
 * read through to the scripts' globals. keep: the globals it assigns are the REPL's
 * (designer_env_ref), kept for the next line — handles, helper functions; they are not
 * game state and change nothing in it, since the lines run read-only. Else a fresh
 * table, gone after the call (scenario checks stay independent). */
static bool compile_designer(Vm *vm, const char *src, const char *name, bool keep, Err *e)
{
    lua_State *L = vm->L;
    Buf b = {0};
    buf_printf(&b, "return %s", src);
    int st = luaL_loadbufferx(L, b.s, b.len, name, "t");
    buf_free(&b);
    if (st != LUA_OK) {
        lua_pop(L, 1);
        st = luaL_loadbufferx(L, src, strlen(src), name, "t");
    }
    if (st != LUA_OK) {
        err_set(e, "%s", lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "syntax error");
        lua_pop(L, 1);
        return false;
    }
    if (keep && vm->designer_env_ref != LUA_NOREF) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, vm->designer_env_ref);
    } else {
        vm_push_scratch_env(vm);
        if (keep) {
            lua_pushvalue(L, -1);
            vm->designer_env_ref = luaL_ref(L, LUA_REGISTRYINDEX);
        }
    }
    lua_setupvalue(L, -2, 1);
    return true;
}

bool vm_eval(Vm *vm, Game *g, const char *src, bool readonly, char **out, Err *e)
{
    (void)readonly; /* designer evaluation is always read-only */
    lua_State *L = vm->L;
    int top = lua_gettop(L);
    *out = NULL;
    if (!compile_designer(vm, src, "=lua", true, e)) return false;
    if (query_call(vm, g, 0, LUA_MULTRET, false, e) < 0) {
        lua_settop(L, top);
        return false;
    }
    Buf b = {0};
    int n = lua_gettop(L) - top;
    for (int i = 1; i <= n; i++) {
        if (i > 1) buf_printf(&b, ", ");
        pretty(L, top + i, &b, 0, g); /* a card handle reads as the card: card 'Lair' */
    }
    if (!b.s) buf_put(&b, "", 0);
    lua_settop(L, top);
    *out = b.s;
    return true;
}

void vm_pretty(lua_State *L, int idx, Buf *b, const Game *names)
{
    pretty(L, idx, b, 0, names);
}

bool vm_eval_expr(Vm *vm, Game *g, const char *pre, size_t npre, const char *expr, size_t len)
{
    lua_State *L = vm->L;
    int top = lua_gettop(L);
    Buf b = {0};
    /* the statements before it (a check's locals) run first, on the lines they had */
    if (npre && !buf_printf(&b, "%.*s return (%.*s)", (int)npre, pre, (int)len, expr)) return false;
    if (!npre && !buf_printf(&b, "(%.*s)", (int)len, expr)) return false;
    Err e;
    err_clear(&e);
    bool ok = compile_designer(vm, b.s, "=check", false, &e) && query_call(vm, g, 0, 1, false, &e) == 0;
    buf_free(&b);
    if (!ok) lua_settop(L, top);
    return ok;
}

bool vm_check(Vm *vm, Game *g, const char *src, const char *chunkname, Buf *why, Err *e)
{
    lua_State *L = vm->L;
    int top = lua_gettop(L);
    if (!compile_designer(vm, src, chunkname, false, e)) return false;
    if (query_call(vm, g, 0, LUA_MULTRET, false, e) < 0) {
        lua_settop(L, top);
        /* a check made of asserts: which one was false, and what it read ("check:2:
         * assertion failed: zone.count(hand(2)) == 4: expected 4, got 5"); an error that
         * no false assert on its line explains keeps its message */
        int line = 0;
        const char *colon = vm_position_of(e->msg, &line);
        if (colon && strncmp(e->msg, chunkname + (chunkname[0] == '=' || chunkname[0] == '@'), (size_t)(colon - e->msg)) == 0) {
            Buf head = {0};
            if (vm_explain(vm, g, src, line, &head, why) && head.s) {
                char text[sizeof e->msg];
                const char *pos_end = strchr(colon + 1, ':'); /* "check:2" ends there */
                const char *t = pos_end + 1;
                while (*t == ' ') t++;
                size_t tl = strlen(t);
                if (tl && t[tl - 1] == '!') tl--; /* "assertion failed!" */
                snprintf(text, sizeof text, "%.*s: %.*s: %s", (int)(pos_end - e->msg), e->msg, (int)tl, t, head.s);
                err_set(e, "%s", text);
            }
            buf_free(&head);
        }
        return false;
    }
    /* true passes, and so does returning nothing (a check made of asserts); anything
     * else fails: a check that returned a count or nil (a misspelt property reads nil)
     * would otherwise pass whatever the game did */
    bool ok = lua_gettop(L) == top || (lua_isboolean(L, top + 1) && lua_toboolean(L, top + 1));
    if (!ok && lua_isboolean(L, top + 1)) {
        /* which part was false, what it expected and what it got */
        lua_settop(L, top);
        Buf head = {0};
        if (vm_explain(vm, g, src, 0, &head, why) && head.s) err_set(e, "%s", head.s);
        else err_set(e, "check returned false");
        buf_free(&head);
        return false;
    } else if (!ok && lua_isnil(L, top + 1)) {
        err_set(e, "check returned nil, not true or false");
    } else if (!ok) {
        Buf b = {0};
        pretty(L, top + 1, &b, 0, NULL);
        err_set(e, "check returned %s (a %s), not true or false", b.s ? b.s : "?", luaL_typename(L, top + 1));
        xfree(b.s);
    }
    lua_settop(L, top);
    return ok;
}
