/* game.c — a game's life: creation, the advance loop over the agenda, actions (the
 * transactional unit around every script call), decisions and answers, clone and free.
 * Windows are in window.c, the mechanisms in mech.c. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "amounts.h"
#include "internal.h"

static uint32_t next_uid;

bool agenda_push(Game *g, const Task *t)
{
    return vec_push(&g->s.tasks, sizeof *t, t) >= 0;
}

void game_fatal(Game *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->fatal, sizeof g->fatal, fmt, ap);
    va_end(ap);
}

json_t *game_option(const Game *g, const char *key)
{
    return g->options ? json_object_get(g->options, key) : NULL;
}

/* Checks the given options against the packs' declarations and fills in defaults. */
static json_t *options_resolve(World *w, json_t *given, Err *e)
{
    if (given && !json_is_object(given) && !json_is_null(given)) {
        err_set(e, "options must be an object of names and values, like {\"expert\": true}");
        return NULL;
    }
    json_t *out = json_object();
    if (!out) {
        err_set(e, "out of memory");
        return NULL;
    }
    for (int p = 0; p < w->npacks; p++) {
        for (int i = 0; i < w->packs[p].noptions; i++) {
            const PackOption *o = &w->packs[p].options[i];
            json_object_set(out, o->key, o->def);
        }
    }
    const char *key;
    json_t *val;
    json_object_foreach(given, key, val) {
        const PackOption *o = world_option(w, key);
        if (!o) {
            /* the closest key first (a typo of an expansion's option, listed last, was
             * cut off the list), then as many keys as the message holds */
            const char *best = world_option_nearest(w, key);
            int total = 0, shown = 0;
            Buf b = {0};
            for (int p = 0; p < w->npacks; p++)
                for (int i = 0; i < w->packs[p].noptions; i++) {
                    const char *k = w->packs[p].options[i].key;
                    total++;
                    if (shown == total - 1 && b.len + strlen(k) < 300) buf_printf(&b, "%s%s", shown++ ? ", " : "", k);
                }
            if (shown < total) buf_printf(&b, " and %d more", total - shown);
            err_set(e, "unknown option '%s'%s%s%s (options: %s)", key, best ? "; did you mean '" : "", best ? best : "",
                    best ? "'?" : "", b.len ? b.s : "none");
            buf_free(&b);
            json_decref(out);
            return NULL;
        }
        if (!option_accepts(o, val)) {
            if (o->values) {
                char *allowed = json_dumps(o->values, JSON_COMPACT);
                char *got = json_dumps(val, JSON_COMPACT | JSON_ENCODE_ANY);
                err_set(e, "option '%s' = %s is not one of %s", key, got ? got : "?",
                        allowed ? allowed : "?");
                free(allowed);
                free(got);
            } else {
                /* a real number's or a list's default was said to be "a string" */
                char *dv = json_dumps(o->def, JSON_COMPACT | JSON_ENCODE_ANY);
                err_set(e, "option '%s' has the wrong type (its default is %s%s)", key,
                        json_is_integer(o->def) ? "an integer" :
                        json_is_boolean(o->def) ? "true/false" :
                        json_is_string(o->def) ? "a string" : "",
                        json_is_integer(o->def) || json_is_boolean(o->def) || json_is_string(o->def) ? "" :
                        dv ? dv : "?");
                free(dv);
            }
            json_decref(out);
            return NULL;
        }
        json_object_set(out, key, val);
    }
    return out;
}

Game *game_new(World *w, uint64_t seed, int nseats, json_t *options, Err *e)
{
    return game_new_ex(w, seed, nseats, options, NULL, e);
}

Game *game_new_ex(World *w, uint64_t seed, int nseats, json_t *options, json_t *chunks,
                  Err *e)
{
    const Pack *base = &w->packs[0];
    if (w->npacks == 0) {
        err_set(e, "no pack loaded");
        return NULL;
    }
    if (nseats < base->min_players || nseats > base->max_players || nseats > MAX_SEATS) {
        err_set(e, "%s plays with %d to %d players, not %d", base->id, base->min_players,
                base->max_players, nseats);
        return NULL;
    }
    Game *g = xcalloc(1, sizeof *g);
    if (!g) {
        err_set(e, "out of memory");
        return NULL;
    }
    g->w = w;
    g->uid = __atomic_add_fetch(&next_uid, 1, __ATOMIC_RELAXED);
    g->seed = seed;
    g->options = options_resolve(w, options, e);
    if (!g->options) {
        xfree(g);
        return NULL;
    }
    StateHdr *h = &g->s.h;
    h->nseats = nseats;
    h->step = -1;
    h->winner_role = h->winner_seat = -1;
    h->reason = -1;
    h->dec.seat = SEAT_NONE;
    rng_seed(&g->s, seed);
    Seat st = {-1, -1};
    for (int i = 0; i < nseats; i++)
        if (vec_push(&g->s.seats, sizeof st, &st) < 0) goto oom;
    g->chunks = json_array();
    if (!g->chunks) goto oom;
    Task t;
    memset(&t, 0, sizeof t);
    t.kind = TASK_NEXT_STEP;
    if (!agenda_push(g, &t)) goto oom;
    size_t nch = json_is_array(chunks) ? json_array_size(chunks) : 0;
    /* setup chunks (text, or {"at": -1, "lua": text}) run after the rules' setup;
     * chunks injected later ("at" >= 0) are replayed by save_replay at their answer */
    for (size_t i = 0; i < nch; i++) {
        json_t *c = json_array_get(chunks, i);
        json_t *src = json_is_string(c) ? c : json_object_get(c, "lua");
        json_t *at = json_is_object(c) ? json_object_get(c, "at") : NULL;
        if (!json_is_string(src) || (at && !json_is_integer(at))) {
            err_set(e, "setup chunk %zu is not a string or {\"at\": n, \"lua\": text}", i + 1);
            game_free(g);
            return NULL;
        }
        if (at && json_integer_value(at) >= 0) continue;
        json_array_append_new(g->chunks, json_pack("{s:i, s:O}", "at", -1, "lua", src));
    }
    for (size_t i = json_array_size(g->chunks); i-- > 0;) {
        memset(&t, 0, sizeof t);
        t.kind = TASK_CALL;
        t.a = -2;
        t.b = (int32_t)i;
        t.c = t.d = -1;
        t.seat = SEAT_NONE;
        if (!agenda_push(g, &t)) goto oom;
    }
    memset(&t, 0, sizeof t);
    t.kind = TASK_CALL;
    t.a = -1;
    t.b = w->n_setup;
    t.c = -1;
    t.d = -1;
    t.seat = SEAT_NONE;
    if (!agenda_push(g, &t)) goto oom;
    return g;
oom:
    err_set(e, "out of memory");
    game_free(g);
    return NULL;
}

void game_free(Game *g)
{
    if (!g) return;
    if (g->w && g->w->ops && g->w->ops->forget) g->w->ops->forget(g->w->ops_ud, g);
    state_free(&g->s);
    state_free(&g->pre);
    state_free(&g->chain_pre);
    state_free(&g->play_pre);
    xfree(g->prop_slots);
    xfree(g->view_buf);
    json_decref(g->view_data);
    xfree(g->zone_slots);
    vec_free(&g->act_answers);
    vec_free(&g->events);
    vec_free(&g->text);
    vec_free(&g->answers);
    json_decref(g->options);
    json_decref(g->chunks);
    xfree(g);
}

/* The caches kept beside the state (game.h: the zones' and properties' indexes, the
 * count of attached cards) no longer fit it: a state was copied in. Each is made again
 * at its next use. */
static void caches_stale(Game *g)
{
    g->prop_index_ok = false;
    g->nattached_ok = false;
    g->zone_index_ok = false;
}

Game *game_clone(const Game *src)
{
    Game *g = xcalloc(1, sizeof *g);
    if (!g) return NULL;
    *g = *src;
    memset(&g->s, 0, sizeof g->s);
    /* the source's caches and buffers are its own */
    g->prop_slots = g->zone_slots = NULL;
    g->prop_nslots = g->zone_nslots = 0;
    g->view_buf = NULL;
    g->view_buf_cap = 0;
    g->view_data = NULL;
    caches_stale(g);
    memset(&g->pre, 0, sizeof g->pre);
    memset(&g->chain_pre, 0, sizeof g->chain_pre);
    memset(&g->play_pre, 0, sizeof g->play_pre);
    memset(&g->act_answers, 0, sizeof g->act_answers);
    memset(&g->events, 0, sizeof g->events);
    memset(&g->text, 0, sizeof g->text);
    memset(&g->answers, 0, sizeof g->answers);
    g->uid = __atomic_add_fetch(&next_uid, 1, __ATOMIC_RELAXED);
    g->options = json_incref(src->options);
    /* a list of its own: a chunk run on the clone (game_inject appends to it) went into
     * the original's log too, whose replay then ended in another state. Its entries are
     * never changed: they are shared. */
    g->chunks = json_copy(src->chunks);
    bool ok = g->chunks && state_copy(&g->s, &src->s) &&
              vec_copy(&g->act_answers, &src->act_answers, sizeof(int32_t)) &&
              vec_copy(&g->events, &src->events, sizeof(Event)) &&
              vec_copy(&g->text, &src->text, 1) &&
              vec_copy(&g->answers, &src->answers, sizeof(int32_t));
    if (ok && src->in_action) ok = state_copy(&g->pre, &src->pre);
    if (ok && src->chain_active) ok = state_copy(&g->chain_pre, &src->chain_pre);
    if (ok && src->play_held) ok = state_copy(&g->play_pre, &src->play_pre);
    if (!ok) {
        g->w = NULL; /* nothing of ours lives in the script host yet */
        game_free(g);
        return NULL;
    }
    return g;
}

/* ---------------------------------------------------------------- actions --------- */

/* Puts the game back to snapshot `from` with its log as it was (events and text cut to
 * those lengths); false (the game stopped, `what` saying while doing what) when memory
 * runs out. */
static bool restore(Game *g, const State *from, uint32_t events, uint32_t text, const char *what)
{
    caches_stale(g);
    if (!state_copy(&g->s, from)) {
        game_fatal(g, "out of memory %s", what);
        return false;
    }
    if (events < g->events.len) g->log_cuts++;
    g->events.len = events;
    g->text.len = text;
    return true;
}

static void rollback(Game *g)
{
    restore(g, &g->pre, g->pre_events, g->pre_text, "while rolling an action back");
}

const Err *game_first_error(const Game *g)
{
    return &g->first_error;
}

void error_note(Game *g, const Err *e)
{
    g->last_error = *e;
    if (g->nerrors++ == 0) g->first_error = *e;
}

/* A script error undid an action: counted (error_note), and its text in buf. */
static void error_count(Game *g, const Err *e, char *buf, size_t n)
{
    err_format(e, buf, n);
    error_note(g, e);
    if (strstr(e->msg, "instruction budget")) g->budget_trips++;
}

/* The error of an undone action goes to everyone, except when the action was a card's
 * that some seats cannot see where it is (once undone): the text names the card, so
 * they read only whose hidden card failed. */
static void action_report(Game *g, const Err *e)
{
    char buf[900];
    error_count(g, e, buf, sizeof buf);
    char line[1000];
    snprintf(line, sizeof line, "script error (action undone): %s", buf);
    const State *s = &g->s;
    int32_t obj = g->act.kind == ACT_CARD ? g->act.obj : -1;
    const uint32_t all = ((1u << s->h.nseats) - 1u) | (1u << 31);
    uint32_t sees = obj >= 0 && (uint32_t)obj < s->objs.len ? obj_mask(g, obj) : all;
    if ((sees & all) == all) {
        game_log(g, -1, line);
        return;
    }
    event_emit(g, g->w->n_print, -1, 0, 0, 0, sees, line, NULL);
    snprintf(line, sizeof line, "script error (action undone) in a card of seat %d's that you cannot see",
             S_OBJ(s, obj).controller + 1);
    event_emit(g, g->w->n_print, -1, 0, 0, 0, ~sees, line, NULL);
}

bool play_hold(Game *g, int32_t obj)
{
    if (!state_copy(&g->play_pre, &g->s)) return false;
    g->play_events = g->events.len;
    g->play_text = g->text.len;
    g->play_obj = obj;
    g->play_held = true;
    return true;
}

/* The resolution of a card just played in an immediate window failed: the game goes
 * back to before the answer that played it, the card is not offered again while that
 * window is open, and the seat is asked again. The error names the card only to the
 * seats that could see it where it was. */
static void play_fail(Game *g, const Err *e)
{
    g->play_held = false;
    if (!restore(g, &g->play_pre, g->play_events, g->play_text, "while undoing a play")) return;
    State *s = &g->s;
    int32_t obj = g->play_obj;
    int seat = S_OBJ(s, obj).controller; /* a window offers a seat the cards it controls */
    S_OBJ(s, obj).failed = (uint8_t)s->windows.len;
    if (s->windows.len) S_WIN(s, s->windows.len - 1).failed = 1;
    char buf[900];
    error_count(g, e, buf, sizeof buf);
    const char *name = g->w->defs[S_OBJ(s, obj).def].name;
    uint32_t sees = (obj_mask(g, obj) | (1u << seat)) & ~(1u << 31);
    char line[1100];
    snprintf(line, sizeof line,
             "script error: seat %d's play of %s was undone (%s is not offered again in this "
             "window): %s", seat + 1, name, name, buf);
    event_emit(g, g->w->n_print, -1, 0, 0, 0, sees, line, NULL);
    if (sees != (1u << s->h.nseats) - 1) {
        snprintf(line, sizeof line, "seat %d's play failed on a script error and was undone",
                 seat + 1);
        event_emit(g, g->w->n_print, -1, 0, 0, 0, ~sees, line, NULL);
    }
}

/* Called when the script host returns from running the current action. */
static int action_finish(Game *g, int r, Err *e)
{
    if (r == RUN_ASK) {
        g->ask_pending = true;
        return r;
    }
    g->in_action = false;
    g->ask_pending = false;
    bool held = g->play_held;
    g->play_held = false;
    /* the card's on_play: the play goes on (window_place, the task under it) */
    bool on_play = g->act.kind == ACT_CARD && g->act.fn == g->w->n_on_play;
    if (r == RUN_ERROR) {
        if (held) {
            play_fail(g, e);
            return r;
        }
        rollback(g);
        if (on_play && g->s.tasks.len && S_TASK(&g->s, g->s.tasks.len - 1).kind == TASK_PLAY_PLACE &&
            S_TASK(&g->s, g->s.tasks.len - 1).a == g->act.obj)
            g->s.tasks.len--; /* no state held (a chunk was run inside it): refused all the same */
        action_report(g, e);
        return r;
    }
    if (held && on_play && g->act.obj == g->play_obj) g->play_held = true;
    /* tasks the action scheduled run in the order it scheduled them */
    uint32_t lo = g->sched_base, hi = g->s.tasks.len;
    if (hi > lo) {
        Task *t = (Task *)g->s.tasks.data;
        for (uint32_t i = lo, j = hi - 1; i < j; i++, j--) {
            Task tmp = t[i];
            t[i] = t[j];
            t[j] = tmp;
        }
    }
    return r;
}

/* A chain of triggers took more resolutions than the rules allow: everything it did is
 * undone (back to before its first resolution, its pending triggers dropped) and the
 * game goes on, as after a script error. */
static int chain_abort(Game *g)
{
    if (!restore(g, &g->chain_pre, g->chain_events, g->chain_text, "undoing a chain of triggers")) return RUN_ERROR;
    g->s.triggers.len = 0;
    g->chain_active = false;
    g->in_action = false;
    g->play_held = false;
    char line[300];
    snprintf(line, sizeof line,
             "loop guard: triggered effects kept triggering each other (more than %d "
             "resolutions in one chain); the whole chain was undone",
             g->w->max_chain_actions);
    Err e;
    err_clear(&e);
    err_set(&e, "%s", line);
    error_note(g, &e);
    game_log(g, -1, line);
    return RUN_ERROR;
}

bool chain_begin(Game *g)
{
    if (g->chain_active) return true;
    if (!state_copy(&g->chain_pre, &g->s)) return false;
    g->chain_events = g->events.len;
    g->chain_text = g->text.len;
    g->chain_actions = 0;
    g->chain_active = true;
    return true;
}

int action_start(Game *g, const Action *a)
{
    if (g->chain_active && ++g->chain_actions > g->w->max_chain_actions) return chain_abort(g);
    /* the play held by the window is this action's (it resolves the card at once) */
    if (g->play_held && !(a->kind == ACT_CARD && a->obj == g->play_obj)) g->play_held = false;
    if (!state_copy(&g->pre, &g->s)) {
        game_fatal(g, "out of memory taking a snapshot");
        return RUN_ERROR;
    }
    g->pre_events = g->events.len;
    g->pre_text = g->text.len;
    g->act = *a;
    g->act_answers.len = 0;
    g->act_pos = 0;
    g->reseed = 0; /* (game_determinize's: for the action that waited) */
    g->act_serial++;
    g->in_action = true;
    g->ask_pending = false;
    g->sched_base = g->s.tasks.len;
    g->log_bytes_action = 0;
    if (++g->s.h.actions_turn > g->w->max_actions_turn) {
        g->in_action = false;
        game_fatal(g, "loop guard: more than %d actions in turn %d (effects triggering "
                      "each other forever?)", g->w->max_actions_turn, g->s.h.turn);
        return RUN_ERROR;
    }
    Err e;
    err_clear(&e);
    int r = g->w->ops->run(g->w->ops_ud, g, &e);
    return action_finish(g, r, &e);
}

void game_rebuild(Game *g)
{
    uint32_t base = g->sched_base;
    rollback(g);
    g->s.h.actions_turn++; /* pre is from before action_start counted this action */
    g->sched_base = base;
    g->act_pos = 0;
    g->log_bytes_action = 0;
}

const int32_t *game_replay_answer(Game *g, int *n)
{
    if (g->act_pos >= g->act_answers.len) return NULL;
    const int32_t *a = (const int32_t *)g->act_answers.data + g->act_pos;
    *n = a[0];
    g->act_pos += (uint32_t)a[0] + 1;
    if (g->reseed && g->act_pos > g->reseed_at && g->act_pos - (uint32_t)a[0] - 1 <= g->reseed_at) {
        rng_seed(&g->s, g->reseed); /* the randomness to come (determinize.c) */
        g->s.forced.len = 0;
        g->reseeded = true;
    }
    return a + 1;
}

/* ---------------------------------------------------------------- decisions ------- */

bool decision_begin(Game *g, int seat, int kind, const char *prompt, int min, int max,
                    int32_t tag, Err *e)
{
    State *s = &g->s;
    if (seat < 0 || seat >= s->h.nseats) {
        err_set(e, "seat %d is not in 1..%d", seat + 1, s->h.nseats);
        return false;
    }
    if (seat_out(g, seat)) {
        err_set(e, "seat %d is out of the game (seat.eliminate): it is asked nothing", seat + 1);
        return false;
    }
    Decision *d = &s->h.dec;
    d->seat = (int8_t)seat;
    d->kind = (uint8_t)kind;
    d->source = DSRC_SCRIPT;
    d->step = 0;
    s->dtext.len = 0;
    d->prompt = state_dtext(s, prompt ? prompt : "");
    d->min = min;
    d->max = max;
    d->nopt = 0;
    d->tag = tag;
    s->opts.len = 0;
    if (d->prompt < 0) {
        err_set(e, "out of memory");
        return false;
    }
    return true;
}

bool decision_option(Game *g, int32_t id, const char *label, int vtype, int64_t value, Err *e)
{
    State *s = &g->s;
    Option o;
    memset(&o, 0, sizeof o);
    o.id = id;
    o.label = state_dtext(s, label ? label : "");
    o.vtype = (uint8_t)vtype;
    o.value = value;
    o.aux = -1;
    o.key = -1;
    o.data = -1;
    if (o.label < 0 || vec_push(&s->opts, sizeof o, &o) < 0) {
        err_set(e, "out of memory");
        return false;
    }
    /* after the refusals added so far: move it in front of them */
    int32_t at = s->h.dec.nopt, last = (int32_t)s->opts.len - 1;
    if (at < last) {
        Option *v = (Option *)s->opts.data;
        memmove(v + at + 1, v + at, (size_t)(last - at) * sizeof *v);
        v[at] = o;
    }
    s->h.dec.nopt = at + 1;
    return true;
}

bool decision_refuse(Game *g, const char *label, int vtype, int64_t value, const char *why, Err *e)
{
    State *s = &g->s;
    if (s->h.dec.seat == SEAT_NONE) {
        err_set(e, "no decision is being asked");
        return false;
    }
    Option o;
    memset(&o, 0, sizeof o);
    o.id = -1;
    o.key = -1;
    o.data = -1;
    o.label = state_dtext(s, label ? label : "");
    o.aux = state_dtext(s, why ? why : "");
    o.vtype = (uint8_t)vtype;
    o.value = value;
    if (o.label < 0 || o.aux < 0 || vec_push(&s->opts, sizeof o, &o) < 0) {
        err_set(e, "out of memory");
        return false;
    }
    return true;
}

const char *decision_refusal_why(const Game *g, const Option *refusal)
{
    return refusal->aux >= 0 ? state_dcstr(&g->s, refusal->aux) : "";
}

DecisionView game_decision(const Game *g)
{
    DecisionView v;
    memset(&v, 0, sizeof v);
    const Decision *d = &g->s.h.dec;
    v.seat = g->s.h.over || g->fatal[0] ? -1 : d->seat;
    if (v.seat < 0) return v;
    v.kind = d->kind;
    v.prompt = state_dcstr(&g->s, d->prompt);
    v.tag = d->tag >= 0 ? names_str(&g->w->names, d->tag) : "";
    v.min = d->min;
    v.max = d->max;
    v.step = d->step > 1 ? d->step : 1;
    v.nopt = d->nopt;
    v.opts = (const Option *)g->s.opts.data;
    v.nrefused = (int)g->s.opts.len - d->nopt;
    v.refused = v.opts + d->nopt;
    return v;
}

static bool answer_valid(const Game *g, const int32_t *ids, int n, Err *e)
{
    const Decision *d = &g->s.h.dec;
    if (d->seat == SEAT_NONE || g->s.h.over) {
        err_set(e, "no decision is pending");
        return false;
    }
    if (d->kind == DEC_AMOUNTS) return amounts_valid(g, ids, n, e);
    if (n < d->min || n > d->max) {
        if (d->min == d->max)
            err_set(e, "choose exactly %d option%s, not %d", d->min, d->min == 1 ? "" : "s", n);
        else
            err_set(e, "choose between %d and %d options, not %d", d->min, d->max, n);
        return false;
    }
    for (int i = 0; i < n; i++) {
        bool found = false;
        for (int k = 0; k < d->nopt; k++)
            if (S_OPT(&g->s, k).id == ids[i]) found = true;
        if (!found) {
            err_set(e, "%d is not one of the options", ids[i]);
            return false;
        }
        for (int j = 0; j < i; j++)
            if (ids[j] == ids[i]) {
                err_set(e, "option %d chosen twice", ids[i]);
                return false;
            }
    }
    return true;
}

/* After an answer: nothing is pending, and nothing of the question stays behind. An
 * action rebuilt from its answers (after a load, or made again counted) replays them
 * without asking, from a snapshot taken when it started: a window's question answered
 * just before must not be in it either, or the rebuilt action ends in another state. */
static void decision_clear(Game *g)
{
    memset(&g->s.h.dec, 0, sizeof g->s.h.dec);
    g->s.h.dec.seat = SEAT_NONE;
    g->s.opts.len = 0;
    g->s.dtext.len = 0;
}

bool game_answer(Game *g, const int32_t *ids, int n, Err *e)
{
    if (g->fatal[0]) {
        err_set(e, "the game stopped: %s", g->fatal);
        return false;
    }
    if (!answer_valid(g, ids, n, e)) return false;
    /* record it: the answers are the replay */
    if (!vec_reserve(&g->answers, sizeof(int32_t), (size_t)n + 1)) {
        err_set(e, "out of memory");
        return false;
    }
    int32_t *a = (int32_t *)g->answers.data + g->answers.len;
    a[0] = n;
    memcpy(a + 1, ids, (size_t)n * sizeof *ids);
    g->answers.len += (uint32_t)n + 1;
    g->nanswers++;
    if (g->s.h.dec.source != DSRC_SCRIPT) {
        if (!window_answer(g, ids, n, e)) {
            g->answers.len -= (uint32_t)n + 1;
            g->nanswers--;
            return false;
        }
        decision_clear(g);
        return true;
    }
    if (!vec_reserve(&g->act_answers, sizeof(int32_t), (size_t)n + 1)) {
        g->answers.len -= (uint32_t)n + 1;
        g->nanswers--;
        err_set(e, "out of memory");
        return false;
    }
    int32_t *b = (int32_t *)g->act_answers.data + g->act_answers.len;
    memcpy(b, a, ((size_t)n + 1) * sizeof *a);
    g->act_answers.len += (uint32_t)n + 1;
    decision_clear(g);
    g->ask_pending = false;
    Err re;
    err_clear(&re);
    int r = g->w->ops->run(g->w->ops_ud, g, &re);
    action_finish(g, r, &re);
    return true;
}

/* ---------------------------------------------------------------- the loop -------- */

static bool step_skipped(Game *g, int step)
{
    return prop_int(g, ENT_GAME, 0, g->w->steps[step].skip_key, 0) != 0;
}

static void task_goto(Game *g)
{
    World *w = g->w;
    StateHdr *h = &g->s.h;
    Err e;
    err_clear(&e);
    if (w->nsteps == 0) {
        game_fatal(g, "the rules declare no steps (rules.turn is empty)");
        return;
    }
    int next = h->step + 1;
    if (h->step >= 0) scope_end(g, SCOPE_STEP, -1, &e);
    for (;;) {
        if (h->step < 0 || next >= w->nsteps) {
            if (h->step >= 0) {
                scope_end(g, SCOPE_TURN, -1, &e);
                if (h->extra_turns > 0) {
                    h->active = h->extra_seat[0];
                    memmove(h->extra_seat, h->extra_seat + 1, sizeof h->extra_seat[0] * 7);
                    h->extra_turns--;
                } else if (w->rotate_active) {
                    /* the next seat still in the game (all out: it stays) */
                    for (int k = 1; k <= h->nseats; k++)
                        if (!seat_out(g, (h->active + k) % h->nseats)) {
                            h->active = (h->active + k) % h->nseats;
                            break;
                        }
                }
            }
            h->turn++;
            h->actions_turn = 0;
            h->step = 0;
            next = 0;
            if (h->turn > w->max_turns) {
                game_fatal(g, "turn limit: the game passed %d turns without ending",
                           w->max_turns);
                return;
            }
            event_emit(g, w->n_turn, h->turn, h->active, 0, 0, ~0u, NULL, &e);
        }
        if (!step_skipped(g, next)) break;
        next++;
        if (next >= w->nsteps) h->step = next; /* wrap to a new turn */
    }
    h->step = next;
    event_emit(g, w->n_step, w->steps[next].name, h->turn, 0, 0, ~0u, NULL, &e);
    if (w->steps[next].enter) {
        Task t;
        memset(&t, 0, sizeof t);
        t.kind = TASK_STEP_ENTER;
        t.a = next;
        agenda_push(g, &t);
    }
}

static void task_run(Game *g, Task t)
{
    World *w = g->w;
    Action a;
    memset(&a, 0, sizeof a);
    a.obj = -1;
    a.params = -1;
    a.event = -1;
    a.item = -1;
    a.chunk = -1;
    a.seat = SEAT_NONE;
    switch (t.kind) {
    case TASK_NEXT_STEP: {
        Task go;
        memset(&go, 0, sizeof go);
        go.kind = TASK_GOTO;
        agenda_push(g, &go);
        int cur = g->s.h.step;
        if (cur >= 0 && w->steps[cur].leave) {
            Task lv;
            memset(&lv, 0, sizeof lv);
            lv.kind = TASK_STEP_LEAVE;
            lv.a = cur;
            agenda_push(g, &lv);
        }
        break;
    }
    case TASK_GOTO:
        task_goto(g);
        break;
    case TASK_STEP_ENTER:
    case TASK_STEP_LEAVE:
        a.kind = ACT_HOOK;
        a.fn = t.kind == TASK_STEP_ENTER ? w->n_enter : w->n_leave;
        a.obj = t.a; /* the step index */
        action_start(g, &a);
        break;
    case TASK_CALL:
        if (t.a == -2) {
            a.kind = ACT_CHUNK;
            a.chunk = t.b;
            action_start(g, &a);
            break;
        }
        if (t.a >= 0) {
            const Obj *o = &S_OBJ(&g->s, t.a);
            if (!o->alive) break;
            a.kind = ACT_CARD;
        } else {
            a.kind = ACT_HOOK;
        }
        a.obj = t.a;
        a.fn = t.b;
        a.params = t.c;
        a.event = t.d;
        a.seat = t.seat;
        if (a.kind == ACT_HOOK) a.obj = -1;
        action_start(g, &a);
        break;
    case TASK_WINDOW_OPEN:
        window_open_task(g, t.a, t.b);
        break;
    case TASK_PLAY_PLACE:
        window_place(g, &t);
        break;
    default:
        game_fatal(g, "internal: unknown task kind %d", t.kind);
    }
}

int game_advance(Game *g)
{
    State *s = &g->s;
    for (;;) {
        if (g->fatal[0]) return ADV_ERROR;
        if (s->h.over) return ADV_OVER;
        if (s->h.dec.seat != SEAT_NONE) return ADV_DECISION;
        if (s->triggers.len && s->windows.len == 0) {
            if (!window_open_triggers(g)) {
                game_fatal(g, "out of memory opening a window");
                return ADV_ERROR;
            }
        }
        if (s->tasks.len == 0) {
            Task t;
            memset(&t, 0, sizeof t);
            t.kind = TASK_NEXT_STEP;
            if (!agenda_push(g, &t)) {
                game_fatal(g, "out of memory");
                return ADV_ERROR;
            }
        }
        Task *top = &S_TASK(s, s->tasks.len - 1);
        if (top->kind == TASK_WINDOW) {
            window_step(g);
            continue;
        }
        Task t = *top;
        s->tasks.len--;
        task_run(g, t);
    }
}

bool game_inject(Game *g, const char *src, Err *e)
{
    if (g->fatal[0] || g->s.h.over) {
        err_set(e, "the game is over");
        return false;
    }
    json_t *c = json_pack("{s:i, s:s}", "at", (int)g->nanswers, "lua", src);
    if (!c || json_array_append_new(g->chunks, c) != 0) {
        err_set(e, "out of memory");
        return false;
    }
    Action a;
    memset(&a, 0, sizeof a);
    a.kind = ACT_CHUNK;
    a.chunk = (int32_t)json_array_size(g->chunks) - 1;
    a.obj = a.params = a.event = a.item = -1;
    a.seat = SEAT_NONE;
    if (!g->in_action) {
        /* a window's offer is recomputed after the change */
        if (g->s.h.dec.seat != SEAT_NONE && g->s.h.dec.source != DSRC_SCRIPT) {
            g->s.h.dec.seat = SEAT_NONE;
            g->s.opts.len = 0;
            g->s.h.dec.nopt = 0;
        }
        action_start(g, &a);
        return true;
    }
    /* An action is suspended at a question: the change applies to the state the action
     * started from, and the action is then rebuilt from there with its answers. */
    Action saved = g->act;
    Vec answers = {0};
    if (!vec_copy(&answers, &g->act_answers, sizeof(int32_t))) {
        err_set(e, "out of memory");
        return false;
    }
    if (g->w->ops->forget) g->w->ops->forget(g->w->ops_ud, g);
    rollback(g);
    g->in_action = false;
    g->ask_pending = false;
    g->play_held = false; /* a play being resolved now stands, whatever happens next */
    action_start(g, &a);
    g->act = saved;
    vec_copy(&g->act_answers, &answers, sizeof(int32_t));
    vec_free(&answers);
    if (!state_copy(&g->pre, &g->s)) {
        game_fatal(g, "out of memory taking a snapshot");
        return false;
    }
    /* the action made again is counted in the turn's actions, as action_start counts
     * one: pre is from before (so game_rebuild, rolling back to it, counts it again).
     * Counted only by a rebuild, an action waiting at its first question (no answers
     * to replay, so none unless its uncounted run ran past its time) went uncounted or
     * counted as the machine's load decided, and a log loaded to two states. */
    g->s.h.actions_turn++;
    g->pre_events = g->events.len;
    g->pre_text = g->text.len;
    g->act_pos = 0;
    g->act_serial++;
    g->in_action = true;
    g->sched_base = g->s.tasks.len;
    Err re;
    err_clear(&re);
    int r = g->w->ops->run(g->w->ops_ud, g, &re);
    action_finish(g, r, &re);
    return true;
}

bool game_schedule(Game *g, int32_t obj, int32_t fn, int32_t params, int seat, bool defer,
                   Err *e)
{
    if (g->readonly) {
        err_set(e, "cannot schedule from a read-only query");
        return false;
    }
    Task t;
    memset(&t, 0, sizeof t);
    t.kind = TASK_CALL;
    t.a = obj;
    t.b = fn;
    t.c = params;
    t.d = -1;
    t.seat = (int8_t)seat;
    bool ok;
    if (defer && g->s.windows.len > 0) ok = vec_push(&g->s.deferred, sizeof t, &t) >= 0;
    else ok = agenda_push(g, &t);
    if (!ok) err_set(e, "out of memory");
    return ok;
}
