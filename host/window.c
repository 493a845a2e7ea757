/* window.c — the play-or-pass window, the one timing primitive.
 *
 * A window, on each step: (1) collects the pending triggers and orders them by the
 * game's rule (seat order, active seat first, or each controller choosing the order of
 * its own in one decision); (2) offers each seat in order "play or pass" until every
 * seat passes in succession; (3) resolves according to its style:
 *   WIN_IMMEDIATE  a played card resolves at once, in the order played (Not Alone);
 *   WIN_STACK      played cards and triggers go on a stack; when all pass the top one
 *                  resolves and priority starts again (Magic);
 *   WIN_CHAIN      the chain is built, and when all pass it resolves backwards, link
 *                  by link with no offer between them (Yu-Gi-Oh).
 * The items waiting in a stack or chain stay in s->items until each resolves, so
 * window_waiting (window.items, the views) lists exactly what is still to come, and
 * window_cancel (window.cancel) takes one out so that it never resolves.
 * Windows nest: a resolution may open another, which runs to its end first; tasks
 * deferred inside a window run when it closes. */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "internal.h"

const WindowCfg *window_cfg(const World *w, int32_t kind)
{
    for (int i = 0; i < w->nwins; i++)
        if (w->wins[i].kind == kind) return &w->wins[i];
    return NULL;
}

static int role_rank(const Game *g, const WindowCfg *cfg, int seat)
{
    int32_t role = S_SEAT(&g->s, seat).role;
    for (int i = 0; i < 4 && cfg->role_first[i] >= 0; i++)
        if (cfg->role_first[i] == role) return i;
    return 4;
}

void window_seat_order(const Game *g, const WindowCfg *cfg, int *order)
{
    int n = g->s.h.nseats, first = g->s.h.active, k = 0;
    if (cfg && cfg->trigger_order == TRIG_SEAT && g->s.triggers.len) first = 0;
    if (!cfg || cfg->role_first[0] < 0) { /* no role goes first: seat order from `first` */
        for (int i = 0; i < n; i++) order[i] = (first + i) % n;
        return;
    }
    int rank[MAX_SEATS];
    for (int i = 0; i < n; i++) rank[i] = role_rank(g, cfg, (first + i) % n);
    for (int r = 0; r <= 4; r++)
        for (int i = 0; i < n; i++)
            if (rank[i] == r) order[k++] = (first + i) % n;
}

static int int32_cmp(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static bool window_push(Game *g, int32_t kind, int32_t prompt, Err *e)
{
    State *s = &g->s;
    if ((int)s->windows.len >= g->w->max_chain) {
        err_set(e, "loop guard: more than %d windows open inside each other", g->w->max_chain);
        return false;
    }
    const WindowCfg *cfg = window_cfg(g->w, kind);
    Window w;
    memset(&w, 0, sizeof w);
    w.kind = kind;
    w.prompt = prompt;
    w.style = (uint8_t)(cfg ? cfg->style : WIN_IMMEDIATE);
    w.cur = 0; /* index into the seat order */
    w.item_base = (int32_t)s->items.len;
    w.defer_base = (int32_t)s->deferred.len;
    Task t;
    memset(&t, 0, sizeof t);
    t.kind = TASK_WINDOW;
    if (vec_push(&s->windows, sizeof w, &w) < 0 || !agenda_push(g, &t)) {
        err_set(e, "out of memory");
        return false;
    }
    return true;
}

bool window_open(Game *g, int32_t kind, int32_t prompt, Err *e)
{
    if (g->readonly) {
        err_set(e, "cannot open a window from a read-only query");
        return false;
    }
    /* the window opens when the task runs, after the action, in the order opened */
    Task t;
    memset(&t, 0, sizeof t);
    t.kind = TASK_WINDOW_OPEN;
    t.a = kind;
    t.b = prompt;
    if (!agenda_push(g, &t)) {
        err_set(e, "out of memory");
        return false;
    }
    return true;
}

void window_open_task(Game *g, int32_t kind, int32_t prompt)
{
    Err e;
    err_clear(&e);
    if (!window_push(g, kind, prompt, &e)) game_fatal(g, "%s", e.msg);
}

bool window_open_triggers(Game *g)
{
    Err e;
    if (!chain_begin(g)) return false;
    return window_push(g, g->w->n_triggers, -1, &e);
}

/* "play <card name>" into label (n bytes, cut as snprintf would): the label of every
 * card a window offers or refuses, made without the cost of a format. */
static void play_label(char *label, size_t n, const char *name)
{
    memcpy(label, "play ", 5);
    str_copy(label + 5, n - 5, name);
}

static Window *win_top(Game *g)
{
    return &S_WIN(&g->s, g->s.windows.len - 1);
}

/* The question a window puts to each seat: its own (window.open's prompt) or the
 * default. */
static const char *win_prompt(const Game *g, const Window *w)
{
    return w->prompt >= 0 ? names_str(&g->w->names, w->prompt) : "play a card or pass";
}

/* Pushes a task that resolves item it (calls its function). */
static bool push_resolve(Game *g, const Item *it)
{
    Task t;
    memset(&t, 0, sizeof t);
    t.kind = TASK_CALL;
    t.a = it->obj;
    t.b = it->fn;
    t.c = it->params;
    t.d = it->event;
    t.seat = it->seat;
    return agenda_push(g, &t);
}

static void window_close(Game *g)
{
    State *s = &g->s;
    Window w = *win_top(g);
    s->windows.len--;
    if (s->windows.len == 0 && w.kind == g->w->n_triggers) g->chain_active = false; /* the chain ended */
    s->tasks.len--; /* our TASK_WINDOW */
    s->items.len = (uint32_t)w.item_base;
    if (w.failed) /* its cards whose play failed may be offered again in later windows */
        for (uint32_t i = 0; i < s->objs.len; i++)
            if (S_OBJ(s, i).failed > s->windows.len) S_OBJ(s, i).failed = 0;
    /* deferred tasks run now, in the order they were deferred */
    for (int32_t i = (int32_t)s->deferred.len - 1; i >= w.defer_base; i--) {
        Task t = VEC_AT(s->deferred, Task, i);
        agenda_push(g, &t);
    }
    s->deferred.len = (uint32_t)w.defer_base;
}

/* Collects pending triggers into the window. Returns true when it set a decision (a
 * seat orders its triggers) or pushed resolutions; false when there was nothing. */
static bool collect_triggers(Game *g, const WindowCfg *cfg)
{
    State *s = &g->s;
    if (!s->triggers.len) {
        g->chain_active = false; /* every trigger resolved: any chain has ended */
        return false;
    }
    if (!chain_begin(g)) {
        game_fatal(g, "out of memory");
        return true;
    }
    int order[MAX_SEATS];
    window_seat_order(g, cfg, order);
    int torder = cfg ? cfg->trigger_order : TRIG_ACTIVE_FIRST;
    Item *tr = (Item *)s->triggers.data;
    uint32_t n = s->triggers.len;
    /* controller chooses: the first seat with two or more unordered triggers decides */
    if (torder == TRIG_CHOOSE) {
        for (int k = 0; k < s->h.nseats; k++) {
            int seat = order[k], cnt = 0, unordered = 0;
            for (uint32_t i = 0; i < n; i++)
                if (tr[i].seat == seat) {
                    cnt++;
                    if (!(tr[i].kind & 0x80)) unordered++;
                }
            if (cnt < 2 || !unordered || seat_out(g, seat)) continue; /* (out: in the order they came) */
            Err e;
            decision_begin(g, seat, DEC_ORDER, "order your triggered effects (first resolves first)",
                           cnt, cnt, -1, &e);
            s->h.dec.source = DSRC_ORDER;
            for (uint32_t i = 0; i < n; i++) {
                if (tr[i].seat != seat) continue;
                char label[160];
                const CardDef *d = &g->w->defs[S_OBJ(s, tr[i].obj).def];
                snprintf(label, sizeof label, "%s: %s", d->name,
                         names_str(&g->w->names, tr[i].fn));
                decision_option(g, (int32_t)i + 1, label, OPT_INDEX, (int64_t)i, &e);
            }
            return true;
        }
    }
    /* final order: by seat order, keeping each seat's (chosen or emission) order; a
     * trigger without a controller goes with the first seat */
    Item *sorted = xmalloc(n * sizeof *sorted);
    if (!sorted) {
        game_fatal(g, "out of memory");
        return true;
    }
    uint32_t k = 0;
    for (int si = 0; si < s->h.nseats; si++) {
        int seat = order[si];
        for (uint32_t i = 0; i < n; i++) {
            int ts = tr[i].seat < 0 ? order[0] : tr[i].seat;
            if (ts == seat) {
                sorted[k] = tr[i];
                sorted[k++].kind &= 0x7f;
            }
        }
    }
    s->triggers.len = 0;
    Window *w = win_top(g);
    if (w->style == WIN_IMMEDIATE) {
        /* resolve in order: push in reverse so the first runs first */
        for (uint32_t i = k; i-- > 0;) push_resolve(g, &sorted[i]);
    } else {
        /* onto the stack/chain: the first in order goes lowest (resolves last) */
        for (uint32_t i = 0; i < k; i++) vec_push(&s->items, sizeof(Item), &sorted[i]);
        w->passes = 0;
        w->cur = 0;
    }
    xfree(sorted);
    return w->style == WIN_IMMEDIATE;
}

int32_t window_waiting(const Game *g, int32_t *first)
{
    const State *s = &g->s;
    *first = (int32_t)s->items.len;
    if (!s->windows.len) return 0;
    *first = S_WIN(s, s->windows.len - 1).item_base;
    return (int32_t)s->items.len - *first;
}

bool window_cancel(Game *g, int32_t k, int by, Err *e)
{
    State *s = &g->s;
    if (g->readonly) {
        err_set(e, "cannot cancel an item from a read-only query");
        return false;
    }
    int32_t first, n = window_waiting(g, &first);
    if (k < 0 || k >= n) {
        if (n == 0) err_set(e, "no item waits in the innermost open window");
        else err_set(e, "no item %d waits in the innermost open window (it holds %d)", k + 1, n);
        return false;
    }
    /* the items above it move down one: the order of the others is kept */
    int32_t at = first + n - 1 - k;
    Item it = S_ITEM(s, at);
    memmove(&S_ITEM(s, at), &S_ITEM(s, at + 1),
            (size_t)(s->items.len - 1 - (uint32_t)at) * sizeof it);
    s->items.len--;
    Window *w = win_top(g);
    if (!w->resolving) w->passes = 0; /* what waits changed: every seat may answer it */
    int64_t c = (int64_t)it.kind << 8 | (by + 1);
    return event_emit(g, g->w->n_cancel, it.obj, it.seat, c, S_OBJ(s, it.obj).def,
                      obj_mask(g, it.obj), NULL, e);
}

void window_step(Game *g)
{
    State *s = &g->s;
    Window *w = win_top(g);
    if (w->resolving) {
        /* a chain resolving: its links one by one, the last added first, with nothing
         * offered and no trigger collected between them (those wait for the end of the
         * chain); the links not yet resolved stay items, so window.items and the views
         * show what is still to come */
        if ((int32_t)s->items.len > w->item_base) {
            Item it = S_ITEM(s, s->items.len - 1);
            s->items.len--;
            push_resolve(g, &it);
            return;
        }
        w->resolving = 0; /* the chain has resolved: triggers, then offers again */
    }
    const WindowCfg *cfg = window_cfg(g->w, w->kind);
    if (collect_triggers(g, cfg)) return;
    w = win_top(g);
    int n = s->h.nseats;
    bool triggers_only = !cfg || cfg->triggers_only;
    if (triggers_only) w->passes = (uint8_t)n;
    if (w->passes >= n) {
        int32_t nitems = (int32_t)s->items.len - w->item_base;
        if (nitems > 0 && w->style == WIN_STACK) {
            Item it = S_ITEM(s, s->items.len - 1);
            s->items.len--;
            w->passes = 0;
            w->cur = 0;
            push_resolve(g, &it);
            return;
        }
        if (nitems > 0 && w->style == WIN_CHAIN) {
            /* resolve the whole chain backwards, the last added first (above) */
            w->resolving = 1;
            w->passes = 0;
            w->cur = 0;
            return;
        }
        window_close(g);
        return;
    }
    int order[MAX_SEATS];
    window_seat_order(g, cfg, order);
    int seat = order[w->cur % n];
    if (seat_out(g, seat)) { /* out of the game: it passes, unasked */
        w->passes++;
        w->cur = (int8_t)((w->cur + 1) % n);
        return;
    }
    /* what may this seat play here? */
    Err e;
    err_clear(&e);
    int found = 0;
    /* the candidates: the cards of the seat's `from` zones, or every card it controls,
     * offered in card order (object index), whatever zone they are in */
    bool by_zone = cfg && cfg->from[0] >= 0;
    int32_t cand_small[256];
    int32_t *cand = cand_small;
    uint32_t ncand = 0, capc = 256;
    if (by_zone) {
        /* a seat has at most one zone of each name: find each (zone_find remembers
         * where), each name once */
        for (int k = 0; k < 4 && cfg->from[k] >= 0; k++) {
            bool seen = false;
            for (int j = 0; j < k; j++)
                if (cfg->from[j] == cfg->from[k]) seen = true;
            int32_t zi = seen ? -1 : zone_find(g, cfg->from[k], seat);
            if (zi < 0) continue;
            const Zone *z = &S_ZONE(s, zi);
            for (int32_t o = z->head; o >= 0; o = S_OBJ(s, o).next) {
                if (ncand == capc) {
                    int32_t *bigger = xmalloc((size_t)capc * 2 * sizeof *bigger);
                    if (!bigger) break;
                    memcpy(bigger, cand, ncand * sizeof *cand);
                    if (cand != cand_small) xfree(cand);
                    cand = bigger;
                    capc *= 2;
                }
                cand[ncand++] = o;
            }
        }
        if (ncand > 32) { /* a big hand: an insertion sort would be quadratic in it */
            qsort(cand, ncand, sizeof *cand, int32_cmp);
        } else {
            for (uint32_t a = 1; a < ncand; a++) /* insertion sort: a few cards */
                for (uint32_t b = a; b > 0 && cand[b - 1] > cand[b]; b--) {
                    int32_t t = cand[b];
                    cand[b] = cand[b - 1];
                    cand[b - 1] = t;
                }
        }
    }
    /* the cards of this window its can_play keeps back with a reason, told to the seat
     * with the question (decision_refuse) */
    typedef struct {
        int32_t obj;
        char why[200];
    } Refused;
    Vec refused = {0}; /* Refused, as many as there are (none allocated in most windows) */
    Refused rf;
    uint32_t total = by_zone ? ncand : s->objs.len;
    for (uint32_t i = 0; i < total; i++) {
        int32_t obj = by_zone ? cand[i] : (int32_t)i;
        const Obj *o = &S_OBJ(s, obj);
        if (!o->alive || o->controller != seat) continue;
        if (o->failed && o->failed <= s->windows.len) { /* its play failed here */
            rf.obj = obj;
            snprintf(rf.why, sizeof rf.why,
                     "its script failed when it was played in this window (not offered again until the window closes)");
            vec_push(&refused, sizeof rf, &rf); /* (out of memory: told without its reason) */
            continue;
        }
        const CardDef *d = &g->w->defs[o->def];
        if (!d->can_play) continue;
        if (d->nplay_in >= 0) { /* declared in its card file: only these windows ask it */
            bool in = false;
            for (int k = 0; k < d->nplay_in; k++)
                if (d->play_in[k] == w->kind) in = true;
            if (!in) continue;
        }
        g->readonly = true;
        char why[200] = "";
        int ok = g->w->ops->can_play(g->w->ops_ud, g, obj, seat, w->kind, why, sizeof why, &e);
        g->readonly = false;
        w = win_top(g);
        if (ok < 0) {
            char line[700];
            err_format(&e, line, sizeof line);
            game_log(g, -1, line);
            error_note(g, &e);
            continue;
        }
        if (!ok) {
            if (why[0] && obj_visible(g, obj, seat)) {
                rf.obj = obj;
                memcpy(rf.why, why, sizeof why);
                vec_push(&refused, sizeof rf, &rf);
            }
            continue;
        }
        if (!found) {
            decision_begin(g, seat, DEC_PLAY, win_prompt(g, w), 1, 1, g->w->n_play, &e);
            s->h.dec.source = DSRC_WINDOW;
            decision_option(g, 0, "pass", OPT_PASS, 0, &e);
        }
        found++;
        char label[200];
        play_label(label, sizeof label, d->name);
        decision_option(g, obj + 1, label, OPT_OBJ, (int64_t)obj, &e);
    }
    if (cand != cand_small) xfree(cand);
    if (!found && cfg && cfg->always_ask) {
        /* asked all the same (pass only), so the others cannot tell who holds a card */
        decision_begin(g, seat, DEC_PLAY, win_prompt(g, w), 1, 1, g->w->n_play, &e);
        s->h.dec.source = DSRC_WINDOW;
        decision_option(g, 0, "pass", OPT_PASS, 0, &e);
    } else if (!found) {
        /* nothing playable: an automatic pass */
        w->passes++;
        w->cur = (int8_t)((w->cur + 1) % n);
        vec_free(&refused);
        return;
    }
    for (uint32_t k = 0; k < refused.len; k++) {
        const Refused *r = &VEC_AT(refused, Refused, k);
        char label[200];
        play_label(label, sizeof label, g->w->defs[S_OBJ(s, r->obj).def].name);
        decision_refuse(g, label, OPT_OBJ, (int64_t)r->obj, r->why, &e);
    }
    vec_free(&refused);
}

static bool place(Game *g, const Item *it);

bool window_answer(Game *g, const int32_t *ids, int n, Err *e)
{
    State *s = &g->s;
    Decision *d = &s->h.dec;
    if (d->source == DSRC_ORDER) {
        /* rewrite that seat's triggers in the chosen order and mark them ordered */
        int seat = d->seat;
        Item *tr = (Item *)s->triggers.data;
        Item *tmp = xmalloc((size_t)n * sizeof *tmp); /* n: every trigger of that seat */
        if (!tmp) {
            err_set(e, "out of memory");
            return false;
        }
        for (int i = 0; i < n; i++) tmp[i] = tr[ids[i] - 1];
        int k = 0;
        for (uint32_t i = 0; i < s->triggers.len; i++)
            if (tr[i].seat == seat) {
                tr[i] = tmp[k++];
                tr[i].kind |= 0x80;
            }
        xfree(tmp);
        d->seat = SEAT_NONE;
        s->opts.len = 0;
        d->nopt = 0;
        return true;
    }
    Window *w = win_top(g);
    int nseats = s->h.nseats;
    int seat = d->seat;
    int32_t id = ids[0];
    d->seat = SEAT_NONE;
    s->opts.len = 0;
    d->nopt = 0;
    if (id == 0) {
        w->passes++;
        w->cur = (int8_t)((w->cur + 1) % nseats);
        return true;
    }
    int32_t obj = id - 1;
    const WindowCfg *cfg = window_cfg(g->w, w->kind);
    Item it;
    memset(&it, 0, sizeof it);
    it.obj = obj;
    it.obj_gen = S_OBJ(s, obj).gen;
    it.kind = ITEM_PLAYED;
    it.seat = (int8_t)seat;
    it.fn = cfg && cfg->play_fn >= 0 ? cfg->play_fn : g->w->n_play;
    it.effect = -1;
    it.event = -1;
    it.params = -1;
    /* a card with on_play runs it now, as part of the play; an immediate window resolves
     * the play at once: a script error in either undoes the play (game.c, play_fail) */
    bool on_play = g->w->defs[S_OBJ(s, obj).def].on_play;
    if ((on_play || w->style == WIN_IMMEDIATE) && !play_hold(g, obj)) {
        game_fatal(g, "out of memory taking a snapshot");
        return true;
    }
    if (cfg && cfg->play_zone >= 0) {
        int32_t z = zone_find(g, cfg->play_zone, -1);
        /* on top of the play zone, or in its place in a sorted one */
        if (z >= 0) obj_move(g, obj, z, S_ZONE(s, z).sort >= 0 ? -1 : 0, 0, e);
    }
    event_emit(g, g->w->n_play, obj, seat, w->kind, S_OBJ(s, obj).def, ~0u, NULL, e);
    w = win_top(g);
    w->passes = 0;
    w->cur = (int8_t)((w->cur + 1) % nseats);
    if (on_play) {
        /* on_play runs first; the task under it then places the card (window_place) */
        Task t;
        memset(&t, 0, sizeof t);
        t.kind = TASK_PLAY_PLACE;
        t.a = obj;
        t.b = it.fn;
        t.seat = it.seat;
        t.gen = it.obj_gen;
        Task call = t;
        call.kind = TASK_CALL;
        call.b = g->w->n_on_play;
        call.gen = 0;
        call.c = call.d = -1;
        if (!agenda_push(g, &t) || !agenda_push(g, &call)) game_fatal(g, "out of memory");
        return true;
    }
    return place(g, &it);
}

/* The card of item it (just played) waits in the innermost window, or resolves at once
 * in an immediate one. */
static bool place(Game *g, const Item *it)
{
    State *s = &g->s;
    Window *w = win_top(g);
    if (w->style == WIN_IMMEDIATE) return push_resolve(g, it);
    if ((int)(s->items.len - (uint32_t)w->item_base) >= g->w->max_chain) {
        game_fatal(g, "loop guard: chain longer than %d", g->w->max_chain);
        return true;
    }
    vec_push(&s->items, sizeof *it, it);
    return true;
}

void window_place(Game *g, const Task *t)
{
    Item it;
    memset(&it, 0, sizeof it);
    it.obj = t->a;
    it.obj_gen = t->gen;
    it.kind = ITEM_PLAYED;
    it.seat = t->seat;
    it.fn = t->b;
    it.effect = -1;
    it.event = -1;
    it.params = -1;
    /* a stack or chain: the play is done, and stands whatever its resolution does (an
     * immediate window keeps the state held: its resolution, next, is still the play) */
    if (win_top(g)->style != WIN_IMMEDIATE) g->play_held = false;
    if (!place(g, &it)) game_fatal(g, "out of memory");
}
