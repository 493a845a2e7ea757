/* view.c — views of the state, the log and the pending decision for one seat. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "view.h"
#include "board.h"
#include "internal.h"
#include "supply.h"

/* The bit of a visibility mask that stands for seat (bit 31: a spectator, seat -1). */
static uint32_t seat_bit(int seat)
{
    return seat >= 0 ? 1u << seat : 1u << 31;
}

bool view_prop_visible(const Game *g, const Prop *p, int seat)
{
    return (prop_mask(g, p->ekind, p->ent, p->key) & seat_bit(seat)) != 0;
}

/* ------------------------------------------------------------------ the view, written
 * view_write and view_decision_write are the one place a seat's view of the state and
 * of its decision is made; view_json and view_decision write it as JSON through them,
 * and a bot's Lua tables are written straight from them (vm/bot.c). A string that is
 * not UTF-8 (a script may set one) is left out, as a JSON string could not hold it. */

static void put_int(const ViewSink *o, const char *key, int64_t v)
{
    o->integer(o->ud, key, v);
}

static void put_str(const ViewSink *o, const char *key, const char *v)
{
    if (v && utf8_valid(v)) o->string(o->ud, key, v);
}

static void put_true(const ViewSink *o, const char *key)
{
    o->boolean(o->ud, key, true);
}

static void put_prop(const ViewSink *o, const Game *g, const char *key, const Prop *p)
{
    switch (p->type) {
    case PV_INT: put_int(o, key, p->v); break;
    case PV_BOOL: o->boolean(o->ud, key, p->v != 0); break;
    case PV_STR: put_str(o, key, state_cstr(&g->s, (int32_t)p->v)); break;
    case PV_LIST: {
        int32_t n;
        const int64_t *it = state_list_get(&g->s, (int32_t)p->v, &n);
        o->open(o->ud, key, true, n);
        for (int32_t i = 0; i < n; i++) put_int(o, NULL, it[i]);
        o->close(o->ud);
        break;
    }
    default: o->null(o->ud, key);
    }
}

/* (the card it belongs to, its index in the state) */
typedef struct ViewPair {
    int32_t key, i;
} ViewPair;

static int pair_cmp(const void *pa, const void *pb)
{
    const ViewPair *a = pa, *b = pb;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    return (a->i > b->i) - (a->i < b->i);
}

/* What a view looks up for each card it shows, made once per view: the cards'
 * properties and the cards attached to others, each sorted by the card they belong to
 * (then in state order, the order a walk would meet them), so a card's are found by a
 * binary search (the game's and the seats' properties too, under keys of their own). A walk over every property and object of the game for each card shown
 * made a view of a big game quadratic (5,000 cards with 8 properties each: 80% of a
 * game's time went to the views a Lua bot reads). NULL arrays: none, or out of memory
 * (then the walks). */
typedef struct ViewIdx {
    ViewPair *props, *att;
    uint32_t nprops, natt;
    bool props_ok, att_ok;
    bool counters;         /* some card holds counters of a supply (supply_on_cards) */
} ViewIdx;

/* The key a property is sorted under in a ViewIdx: a card's index, -1 the game, -2 - s
 * seat s (s < MAX_SEATS), -100 - z zone z, INT32_MIN a statistic (never shown). */
static int32_t prop_owner_key(int ekind, int32_t ent)
{
    return ekind == ENT_OBJ    ? ent
           : ekind == ENT_GAME ? -1
           : ekind == ENT_STAT ? INT32_MIN
           : ekind == ENT_ZONE ? -100 - ent
                               : -2 - ent;
}

static void view_idx_build(const Game *g, ViewIdx *ix)
{
    const State *s = &g->s;
    memset(ix, 0, sizeof *ix);
    uint32_t n = s->props.len, na = (uint32_t)obj_attached_count(g);
    /* both arrays in the game's view buffer (a cache, not state: written through a
     * const Game, never const storage) */
    Game *cache = (Game *)g;
    size_t need = ((size_t)n + na) * sizeof(ViewPair);
    if (need > cache->view_buf_cap) {
        void *b = xrealloc(cache->view_buf, need);
        if (b) {
            cache->view_buf = b;
            cache->view_buf_cap = need;
        }
    }
    bool room = need <= cache->view_buf_cap;
    ix->props = n && room ? (ViewPair *)cache->view_buf : NULL;
    ix->props_ok = !n || ix->props;
    for (uint32_t i = 0; ix->props && i < n; i++)
        ix->props[ix->nprops++] = (ViewPair){prop_owner_key(S_PROP(s, i).ekind, S_PROP(s, i).ent), (int32_t)i};
    if (ix->nprops > 1) qsort(ix->props, ix->nprops, sizeof *ix->props, pair_cmp);
    n = na;
    ix->att = n && room ? (ViewPair *)cache->view_buf + s->props.len : NULL;
    ix->att_ok = !n || ix->att;
    for (uint32_t i = 0; ix->att && i < s->objs.len && ix->natt < n; i++) {
        const Obj *t = &S_OBJ(s, i);
        if (t->alive && t->attached >= 0) ix->att[ix->natt++] = (ViewPair){t->attached, (int32_t)i};
    }
    if (ix->natt > 1) qsort(ix->att, ix->natt, sizeof *ix->att, pair_cmp);
    ix->counters = supply_on_cards(g);
}

/* The first pair of a[0..n) whose key is key or more. */
static uint32_t pair_lower(const ViewPair *a, uint32_t n, int32_t key)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (a[mid].key < key) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* The properties of entity (ekind, ent) seat sees, as the object `key`; with
 * skip_empty, nothing at all when it sees none. Found through ix. */
static void put_props(const ViewSink *o, const Game *g, const char *key, int ekind, int32_t ent, int seat,
                      bool skip_empty, const ViewIdx *ix)
{
    const State *s = &g->s;
    bool opened = false;
    bool indexed = ix->props_ok;
    int32_t want = prop_owner_key(ekind, ent);
    uint32_t k = indexed ? pair_lower(ix->props, ix->nprops, want) : 0;
    uint32_t end = indexed ? ix->nprops : s->props.len;
    uint64_t walked = 0;
    for (; k < end; k++, walked++) {
        if (indexed && ix->props[k].key != want) break;
        const Prop *p = &S_PROP(s, indexed ? (uint32_t)ix->props[k].i : k);
        if (p->ekind != ekind || p->ent != ent) continue;
        if (!view_prop_visible(g, p, seat)) continue;
        if (!opened) o->open(o->ud, key, false, 4);
        opened = true;
        put_prop(o, g, names_str(&g->w->names, p->key), p);
    }
    ((Game *)g)->view_walked += walked; /* a count, not state (never const storage) */
    if (!opened && !skip_empty) o->open(o->ud, key, false, 0);
    if (opened || !skip_empty) o->close(o->ud);
}

/* Card o as seat sees it, as the value `key` of the object open (NULL: the next item of
 * the list open); its properties and the cards attached to it found through ix. */
static void put_card(const ViewSink *out, const Game *g, int32_t o, int seat, const ViewIdx *ix,
                     const char *key)
{
    const Obj *ob = &S_OBJ(&g->s, o);
    bool seen = obj_visible(g, o, seat);
    /* its fields but props and attached, for the size hint */
    /* a piece on a board's space says whose it is: the space is everybody's zone, where a
     * seat's own zone (its hand, its band) said it before */
    bool piece = ob->zone >= 0 && ob->owner >= 0 && (S_ZONE(&g->s, ob->zone).flags & ZONE_SPACE);
    int n = seen ? 4 + ob->face_down + ob->tapped + (ob->controller >= 0 && ob->controller != ob->owner) + piece
                 : 1 + ob->face_down;
    out->open(out->ud, key, false, n);
    if (!seen) {
        put_true(out, "hidden");
        if (ob->face_down) put_true(out, "face_down");
        out->close(out->ud);
        return;
    }
    const CardDef *d = &g->w->defs[ob->def];
    put_int(out, "ref", o + 1);
    put_str(out, "id", names_str(&g->w->names, d->id));
    put_str(out, "name", d->name);
    put_str(out, "kind", names_str(&g->w->names, d->kind));
    if (ob->face_down) put_true(out, "face_down");
    if (ob->tapped) put_true(out, "tapped");
    if (piece) put_int(out, "owner", ob->owner + 1);
    /* who controls a card matters where cards are in play; elsewhere (a discard pile,
     * a played-this-turn area) "seat 1 controls" read as nonsense to players */
    if (ob->controller >= 0 && ob->controller != ob->owner && ob->zone >= 0 &&
        (S_ZONE(&g->s, ob->zone).flags & ZONE_IN_PLAY))
        put_int(out, "controller", ob->controller + 1);
    put_props(out, g, "props", ENT_OBJ, o, seat, true, ix);
    if (ix->counters) supply_view_holder(g, SUPPLY_CARD + o, seat, out); /* counters on it */
    /* tokens on it, in object order */
    bool att = false;
    uint32_t k = ix->att_ok ? pair_lower(ix->att, ix->natt, o) : 0;
    uint32_t end = ix->att_ok ? ix->natt : g->s.objs.len;
    for (; k < end; k++) {
        ((Game *)g)->view_walked++;
        if (ix->att_ok && ix->att[k].key != o) break;
        uint32_t i = ix->att_ok ? (uint32_t)ix->att[k].i : k;
        const Obj *t = &S_OBJ(&g->s, i);
        if (!t->alive || t->attached != o) continue;
        if (!att) out->open(out->ud, "attached", true, 1);
        att = true;
        put_card(out, g, (int32_t)i, seat, ix, NULL);
    }
    if (att) out->close(out->ud);
    out->close(out->ud);
}

/* JSON value v as the value `key` of the object open (NULL: the next item of the list). */
static void put_json(const ViewSink *o, const char *key, json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        o->open(o->ud, key, false, (int)json_object_size(v));
        const char *k;
        json_t *x;
        json_object_foreach(v, k, x) put_json(o, k, x);
        o->close(o->ud);
        break;
    }
    case JSON_ARRAY: {
        o->open(o->ud, key, true, (int)json_array_size(v));
        size_t i;
        json_t *x;
        json_array_foreach(v, i, x) put_json(o, NULL, x);
        o->close(o->ud);
        break;
    }
    case JSON_STRING: put_str(o, key, json_string_value(v)); break;
    case JSON_INTEGER: put_int(o, key, (int64_t)json_integer_value(v)); break;
    case JSON_TRUE: o->boolean(o->ud, key, true); break;
    case JSON_FALSE: o->boolean(o->ud, key, false); break;
    default: o->null(o->ud, key);
    }
}

/* An option's data (decision_option_data: JSON text made by the script host, keys in
 * order) as its `data`. */
static void put_data(const ViewSink *o, const Game *g, const char *text)
{
    /* kept in the game until the next one, not freed here: a bot's sink may jump out of
     * put_json on a Lua error (its memory cap), as for view_buf */
    Game *mg = (Game *)g;
    json_decref(mg->view_data);
    mg->view_data = json_loads(text, JSON_DECODE_ANY, NULL);
    if (mg->view_data) put_json(o, "data", mg->view_data);
}

bool view_decision_write(const Game *g, int seat, const char *key, const ViewSink *o)
{
    DecisionView d = game_decision(g);
    if (d.seat < 0 || d.seat != seat) return false;
    o->open(o->ud, key, false, 8);
    put_int(o, "seat", d.seat + 1);
    put_str(o, "kind", d.kind == DEC_PLAY ? "play" : d.kind == DEC_ORDER ? "order" : d.kind == DEC_AMOUNTS ? "amounts" : "choose");
    put_str(o, "prompt", d.prompt);
    if (d.tag && *d.tag) put_str(o, "tag", d.tag);
    put_int(o, "min", d.min);
    put_int(o, "max", d.max);
    if (d.step > 1) put_int(o, "step", d.step); /* decide.amounts: the total a multiple of it */
    o->open(o->ud, "options", true, d.nopt);
    for (int i = 0; i < d.nopt; i++) {
        const Option *op = &d.opts[i];
        o->open(o->ud, NULL, false, 2);
        put_int(o, "id", op->id);
        put_str(o, "label", state_dcstr(&g->s, op->label));
        /* a question of quantities: the script's name for the option and its bounds */
        if (op->key >= 0) put_str(o, "key", state_dcstr(&g->s, op->key));
        if (d.kind == DEC_AMOUNTS) {
            put_int(o, "min", op->lo);
            put_int(o, "max", op->hi);
        }
        /* the designer's data for bots: the deciding seat's alone, as the question is */
        if (op->data >= 0) put_data(o, g, state_dcstr(&g->s, op->data));
        o->close(o->ud);
    }
    o->close(o->ud);
    /* what the seat is not offered and why (decision_refuse): its own business only */
    if (d.nrefused > 0) {
        o->open(o->ud, "unavailable", true, d.nrefused);
        for (int i = 0; i < d.nrefused; i++) {
            o->open(o->ud, NULL, false, 2);
            put_str(o, "label", state_dcstr(&g->s, d.refused[i].label));
            put_str(o, "why", decision_refusal_why(g, &d.refused[i]));
            o->close(o->ud);
        }
        o->close(o->ud);
    }
    o->close(o->ud);
    return true;
}

/* The items waiting to resolve in the innermost open window, as `window`: its kind and
 * style and the items, the next to resolve first. That an item waits, its kind and the
 * seat it belongs to are public (a play is announced to everyone, and the order of the
 * stack is what every seat plays against); its card shows as the card itself shows to
 * this seat now, hidden where the card is, and the function it runs ("fn") only with
 * the card. Nothing when no item waits. */
static void put_window(const ViewSink *o, const Game *g, int seat, const ViewIdx *ix)
{
    const State *s = &g->s;
    int32_t first, n = window_waiting(g, &first);
    if (n <= 0) return;
    const Window *win = &S_WIN(s, s->windows.len - 1);
    o->open(o->ud, "window", false, 3);
    put_str(o, "kind", names_str(&g->w->names, win->kind));
    const char *style = win->style == WIN_CHAIN ? "chain" : win->style == WIN_STACK ? "stack" : "immediate";
    put_str(o, "style", style);
    o->open(o->ud, "items", true, n);
    for (int32_t k = first + n - 1; k >= first; k--) {
        const Item *it = &S_ITEM(s, k);
        bool rules = it->obj == EFFECT_RULES; /* a trigger of the rules: public, no card */
        bool seen = rules || obj_visible(g, it->obj, seat);
        o->open(o->ud, NULL, false, 4);
        put_str(o, "kind", it->kind == ITEM_TRIGGER ? "trigger" : "played");
        if (it->seat >= 0) put_int(o, "seat", it->seat + 1);
        if (rules) o->boolean(o->ud, "rules", true);
        else put_card(o, g, it->obj, seat, ix, "card");
        if (seen) put_str(o, "fn", names_str(&g->w->names, it->fn));
        o->close(o->ud);
    }
    o->close(o->ud);
    o->close(o->ud);
}

/* The zones as seat sees them, as the list "zones" of the object open (NULL: the list
 * alone, outermost); cards found through ix. */
static void put_zones(const ViewSink *o, const Game *g, int seat, const ViewIdx *ix, const char *key)
{
    const State *s = &g->s;
    const World *w = g->w;
    o->open(o->ud, key, true, (int)s->zones.len);
    bool zone_counters = supply_on_zones(g); /* some zone holds counters of a supply */
    for (uint32_t zi = 0; zi < s->zones.len; zi++) {
        const Zone *z = &S_ZONE(s, zi);
        o->open(o->ud, NULL, false, 6);
        put_int(o, "zone", zi + 1);
        put_str(o, "name", names_str(&w->names, z->name));
        const char *label = world_zone_label(w, z->name);
        char cell[8];
        int32_t ci = z->flags & ZONE_SPACE ? board_cell_of(g, (int32_t)zi) : -1;
        if (ci >= 0) board_cell_text(ci, cell), label = cell; /* where it is now (board.h) */
        if (label != names_str(&w->names, z->name)) put_str(o, "label", label);
        if (z->owner >= 0) put_int(o, "owner", z->owner + 1);
        if (z->flags & ZONE_SECRET) { /* a space of a face-down board region (board.h) */
            o->boolean(o->ud, "hidden", true);
            o->close(o->ud);
            continue;
        }
        put_int(o, "count", z->count);
        put_props(o, g, "props", ENT_ZONE, (int32_t)zi, seat, true, ix); /* zone.set */
        if (zone_counters) supply_view_holder(g, SUPPLY_ZONE + (int32_t)zi, seat, o); /* counters on it */
        o->open(o->ud, "cards", true, z->count);
        if (z->sort < 0) {
            for (int32_t c = z->head; c >= 0; c = S_OBJ(s, c).next) put_card(o, g, c, seat, ix, NULL);
        } else {
            /* a zone kept in order of a key: the cards the seat sees, in order, then those
             * it does not (their places among the others would tell their keys: a hidden
             * card listed before a Beach, number 4, is numbered 1 to 3) */
            for (int pass = 0; pass < 2; pass++)
                for (int32_t c = z->head; c >= 0; c = S_OBJ(s, c).next)
                    if (obj_visible(g, c, seat) == (pass == 0)) put_card(o, g, c, seat, ix, NULL);
        }
        o->close(o->ud);
        o->close(o->ud);
    }
    o->close(o->ud);
}

void view_zones_write(const Game *g, int seat, const ViewSink *o)
{
    ViewIdx ix;
    view_idx_build(g, &ix);
    put_zones(o, g, seat, &ix, NULL);
}

void view_write(const Game *g, int seat, const ViewSink *o)
{
    view_write_parts(g, seat, o, VIEW_ZONES | VIEW_BOARDS);
}

void view_write_parts(const Game *g, int seat, const ViewSink *o, unsigned parts)
{
    const State *s = &g->s;
    const World *w = g->w;
    o->open(o->ud, NULL, false, 9);
    if (seat >= 0) put_int(o, "seat", seat + 1);
    else o->null(o->ud, "seat");
    put_int(o, "turn", s->h.turn);
    if (s->h.step >= 0) put_str(o, "step", names_str(&w->names, w->steps[s->h.step].name));
    else o->null(o->ud, "step");
    put_int(o, "active", s->h.active + 1);
    if (s->h.over) {
        o->open(o->ud, "over", false, 3);
        if (s->h.winner_role >= 0) put_str(o, "winner", names_str(&w->names, s->h.winner_role));
        if (s->h.winner_seat >= 0) put_int(o, "winner_seat", s->h.winner_seat + 1);
        if (s->h.winner_seats) { /* a shared win: the seats, in order */
            int n = 0;
            for (int k = 0; k < s->h.nseats; k++) n += (s->h.winner_seats >> k) & 1u;
            o->open(o->ud, "winner_seats", true, n);
            for (int k = 0; k < s->h.nseats; k++)
                if (s->h.winner_seats & (1u << k)) put_int(o, NULL, k + 1);
            o->close(o->ud);
        }
        put_str(o, "reason", state_cstr(s, s->h.reason));
        o->close(o->ud);
    }
    ViewIdx ix;
    view_idx_build(g, &ix);
    put_props(o, g, "game", ENT_GAME, 0, seat, false, &ix);
    supply_view_write(g, o); /* the counter supplies, when there are any */
    o->open(o->ud, "seats", true, s->h.nseats);
    for (int i = 0; i < s->h.nseats; i++) {
        o->open(o->ud, NULL, false, 3);
        put_int(o, "seat", i + 1);
        if (S_SEAT(s, i).role >= 0) put_str(o, "role", names_str(&w->names, S_SEAT(s, i).role));
        if (seat_out(g, i)) o->boolean(o->ud, "out", true); /* seat.eliminate */
        put_props(o, g, "props", ENT_SEAT, i, seat, false, &ix);
        supply_view_holder(g, i, seat, o); /* its counters */
        o->close(o->ud);
    }
    o->close(o->ud);
    if (parts & VIEW_ZONES) put_zones(o, g, seat, &ix, "zones");
    if (parts & VIEW_BOARDS) board_view_write(g, seat, o);
    put_window(o, g, seat, &ix);
    if (!view_decision_write(g, seat, "decision", o) && game_decision(g).seat >= 0)
        put_int(o, "waiting_for", game_decision(g).seat + 1);
    o->close(o->ud);
}

/* ------------------------------------------------------------------ as JSON */

/* The containers open, outermost first; root: the finished value. A failed allocation
 * leaves a value out, as jansson's set and append calls do with NULL. */
typedef struct JsonOut {
    Vec open; /* json_t *, one reference each */
    uint32_t lost; /* containers opened past a failed growth of `open`: left out */
    json_t *root;
} JsonOut;

static void json_put(JsonOut *j, const char *key, json_t *v)
{
    if (j->lost) {
        json_decref(v);
    } else if (j->open.len == 0) {
        if (!j->root) j->root = v;
        else json_decref(v);
    } else {
        json_t *at = VEC_AT(j->open, json_t *, j->open.len - 1);
        if (key) json_object_set_new(at, key, v);
        else json_array_append_new(at, v);
    }
}

static void jo_open(void *ud, const char *key, bool array, int n)
{
    (void)n;
    JsonOut *j = ud;
    json_t *v = array ? json_array() : json_object();
    json_put(j, key, json_incref(v));
    if (!j->lost && vec_reserve(&j->open, sizeof(json_t *), 1)) VEC_AT(j->open, json_t *, j->open.len++) = v;
    else {
        json_decref(v);
        j->lost++;
    }
}

static void jo_close(void *ud)
{
    JsonOut *j = ud;
    if (j->lost) j->lost--;
    else json_decref(VEC_AT(j->open, json_t *, --j->open.len));
}

static void jo_int(void *ud, const char *key, int64_t v)
{
    json_put(ud, key, json_integer(v));
}

static void jo_str(void *ud, const char *key, const char *v)
{
    json_put(ud, key, json_string(v));
}

static void jo_bool(void *ud, const char *key, bool v)
{
    json_put(ud, key, json_boolean(v));
}

static void jo_null(void *ud, const char *key)
{
    json_put(ud, key, json_null());
}

static json_t *as_json(const Game *g, int seat, bool decision_only)
{
    JsonOut j = {.root = NULL};
    ViewSink o = {&j, jo_open, jo_close, jo_int, jo_str, jo_bool, jo_null};
    if (decision_only) view_decision_write(g, seat, NULL, &o);
    else view_write(g, seat, &o);
    vec_free(&j.open);
    return j.root;
}

json_t *view_decision(const Game *g, int seat)
{
    return as_json(g, seat, true);
}

json_t *view_json(const Game *g, int seat)
{
    return as_json(g, seat, false);
}

/* A zone as a log line names it: "discard of seat 3", "Cryo bay"; cell (board_cell_of,
 * -1: none) names a space of a board read by cells by the cell it was on ("c5"). */
static const char *zone_label_at(const Game *g, int32_t z, int32_t cell, char *buf, size_t n)
{
    if (z < 0 || (uint32_t)z >= g->s.zones.len) {
        snprintf(buf, n, "nowhere");
        return buf;
    }
    if (cell >= 0) {
        board_cell_text(cell, buf);
        return buf;
    }
    const Zone *zz = &S_ZONE(&g->s, z);
    const char *label = world_zone_label(g->w, zz->name);
    if (zz->owner >= 0) snprintf(buf, n, "%s of seat %d", label, zz->owner + 1);
    else snprintf(buf, n, "%s", label);
    return buf;
}

static const char *zone_label(const Game *g, int32_t z, char *buf, size_t n)
{
    return zone_label_at(g, z, -1, buf, n);
}

/* The cell a move event recorded for its from (to: false) or to zone, or -1. */
static int32_t move_cell(const Event *e, bool to)
{
    return (int32_t)((uint32_t)e->cells >> (to ? 16 : 0) & 0xffffu) - 1;
}

/* "seat 1", "seats 1 and 3", "seats 1, 2 and 4", "everyone": the seats of mask. */
static const char *seats_text(const Game *g, uint32_t mask, char *buf, size_t n)
{
    int ns = g->s.h.nseats, k = 0, m = 0;
    for (int s = 0; s < ns; s++) k += (mask >> s) & 1;
    if (k == ns && ns > 1) {
        snprintf(buf, n, "everyone");
        return buf;
    }
    size_t u = (size_t)snprintf(buf, n, "seat%s", k > 1 ? "s" : "");
    for (int s = 0; s < ns && u < n; s++) {
        if (!((mask >> s) & 1)) continue;
        m++;
        const char *sep = m == 1 ? " " : m == k ? " and " : ", ";
        u += (size_t)snprintf(buf + u, n - u, "%s%d", sep, s + 1);
    }
    return buf;
}

/* The end of a card line after the card names: ": discard of seat 3 -> hand of seat 3"
 * for a move, " (hand of seat 2) shown to seat 1" for a reveal. */
static void card_event_tail(const Game *g, const Event *e, char *buf, size_t n)
{
    char z1[96], z2[96];
    if (e->kind == g->w->n_move)
        snprintf(buf, n, ": %s -> %s", zone_label_at(g, e->b, move_cell(e, false), z1, sizeof z1),
                 zone_label_at(g, (int32_t)e->c, move_cell(e, true), z2, sizeof z2));
    else
        snprintf(buf, n, " (%s) shown to %s", zone_label(g, (int32_t)e->c, z1, sizeof z1),
                 seats_text(g, (uint32_t)e->b, z2, sizeof z2));
}

bool view_event_text(const Game *g, int seat, uint32_t ev, int flags, char *buf, size_t n)
{
    const Event *e = &VEC_AT(g->events, Event, ev);
    const World *w = g->w;
    bool sees = (e->mask & seat_bit(seat)) != 0;
    char z1[96];
    if (e->kind == w->n_print) {
        if (!sees) return false;
        snprintf(buf, n, "%s", game_text(g, e->text));
        return true;
    }
    if (e->kind == w->n_move || e->kind == w->n_reveal) {
        const char *what = sees ? w->defs[(int)e->d].name : "a card";
        char tail[300];
        card_event_tail(g, e, tail, sizeof tail);
        snprintf(buf, n, "%s%s", what, tail);
        return true;
    }
    if (e->kind == w->n_set) {
        int ek = (e->a >> 24) & 0xf, ent = e->a & 0xffffff, type = (e->a >> 28) & 0x7;
        /* who saw the change when it was made (prop_set's mask), not who could
         * see the property now: the card may since be hidden, moved or destroyed */
        if (!sees) return false;
        const PropShow *ps = world_prop_show(w, e->b);
        if (ps && (ps->hide || ps->quiet) && !(flags & VIEW_ALL_PROPS)) return false;
        const char *key = ps && ps->label ? ps->label : names_str(&w->names, e->b);
        if (ps && ps->one && type == PV_INT && e->d == 1) key = ps->one; /* "1 round", not "1 rounds" */
        char val[256];
        const char *nm;
        if (type == PV_NIL) {
            val[0] = 0; /* a removal: said below */
        } else if (type == PV_BOOL && ps && json_array_size(ps->names) == 2) {
            /* a list of two names a flag: false first */
            snprintf(val, sizeof val, "%s", json_string_value(json_array_get(ps->names, e->d ? 1 : 0)));
        } else if (type == PV_BOOL) {
            snprintf(val, sizeof val, "%s", e->d ? "true" : "false");
        } else if (type == PV_STR) {
            /* a text the names list holds reads as the list writes it ("river": River) */
            const char *t = state_cstr(&g->s, (int32_t)e->d), *sp = t;
            size_t i;
            json_t *it;
            json_array_foreach(ps ? ps->names : NULL, i, it)
                if (json_string_value(it) && strcasecmp(json_string_value(it), t) == 0) sp = json_string_value(it);
            snprintf(val, sizeof val, "%s", sp);
        } else if (type == PV_LIST) {
            int32_t ln;
            const int64_t *it = state_list_get(&g->s, (int32_t)e->d, &ln);
            bool named = ps && ps->names;
            size_t u = 0;
            val[0] = 0;
            if (!named) u = (size_t)snprintf(val, sizeof val, "[");
            for (int32_t i = 0; i < ln && u + 24 < sizeof val; i++) {
                const char *sep = i ? (named ? " & " : ", ") : "";
                if ((nm = prop_show_name(ps, it[i])) != NULL)
                    u += (size_t)snprintf(val + u, sizeof val - u, "%s%s", sep, nm);
                else
                    u += (size_t)snprintf(val + u, sizeof val - u, "%s%lld", sep, (long long)it[i]);
                if (u >= sizeof val) u = sizeof val - 1;
            }
            if (!named) snprintf(val + u, sizeof val - u, "]");
            else if (ln == 0) snprintf(val, sizeof val, "none");
        } else if ((nm = prop_show_name(ps, e->d)) != NULL) {
            snprintf(val, sizeof val, "%s", nm);
        } else {
            snprintf(val, sizeof val, "%lld", (long long)e->d);
        }
        /* a label with "{}" holds its value there ("Rescue {} to go"): "Rescue 12 to go" */
        char kv[600];
        const char *at = strstr(key, "{}");
        if (type == PV_NIL && ps && ps->removed) {
            snprintf(kv, sizeof kv, "%s", ps->removed); /* the pack's words: "no next start player" */
        } else if (type == PV_NIL) {
            /* a removed property has no value to show: "bid removed", "Rescue to go
             * removed" (its label without the "{}" and the blank beside it), not "= nil" */
            if (at) {
                size_t head = (size_t)(at - key);
                const char *tail = at + 2;
                while (head > 0 && key[head - 1] == ' ') head--;
                while (*tail == ' ') tail++;
                snprintf(kv, sizeof kv, "%.*s%s%s removed", (int)head, key, head && *tail ? " " : "", tail);
            } else snprintf(kv, sizeof kv, "%s removed", key);
        } else if (at) snprintf(kv, sizeof kv, "%.*s%s%s", (int)(at - key), key, val, at + 2);
        else snprintf(kv, sizeof kv, "%s = %s", key, val);
        if (ek == ENT_GAME) snprintf(buf, n, "%s", kv);
        else if (ek == ENT_SEAT) snprintf(buf, n, "seat %d %s", ent + 1, kv);
        else if (ek == ENT_ZONE && S_ZONE(&g->s, ent).owner >= 0)
            snprintf(buf, n, "%s of seat %d: %s", world_zone_label(w, S_ZONE(&g->s, ent).name),
                     S_ZONE(&g->s, ent).owner + 1, kv);
        else if (ek == ENT_ZONE) snprintf(buf, n, "%s: %s", world_zone_label(w, S_ZONE(&g->s, ent).name), kv);
        else if (S_OBJ(&g->s, ent).owner >= 0 && g->s.h.nseats > 1)
            snprintf(buf, n, "%s (seat %d) %s", w->defs[S_OBJ(&g->s, ent).def].name, S_OBJ(&g->s, ent).owner + 1, kv);
        else snprintf(buf, n, "%s %s", w->defs[S_OBJ(&g->s, ent).def].name, kv);
        return true;
    }
    if (e->kind == w->n_supply) return supply_event_text(g, seat, ev, buf, n); /* a counter supply's move */
    if (e->kind == w->n_step) {
        snprintf(buf, n, "-- turn %d: %s --", e->b, names_str(&w->names, e->a));
        return true;
    }
    if (e->kind == w->n_turn) return false;
    if (e->kind == w->n_win) {
        snprintf(buf, n, "%s", game_text(g, e->text));
        return true;
    }
    if (e->kind == w->n_dice) {
        if (e->d & 1) return false; /* dice.roll(n, faces, { log = false }) */
        if (e->text >= 0) snprintf(buf, n, "%s", game_text(g, e->text)); /* the values rolled */
        else snprintf(buf, n, "dice pool %d: %d %s of %lld faces", e->a, e->b, e->b == 1 ? "die" : "dice",
                      (long long)e->c);
        return true;
    }
    if (e->kind == w->n_reroll) {
        snprintf(buf, n, "dice pool %d: die %d rerolled: %lld", e->a, e->b, (long long)e->d);
        return true;
    }
    if (e->kind == w->n_shuffle) {
        snprintf(buf, n, "%s shuffled", zone_label(g, e->a, z1, sizeof z1));
        return true;
    }
    if (e->kind == w->n_play) {
        snprintf(buf, n, "seat %d plays %s", e->b + 1, sees ? w->defs[(int)e->d].name : "a card");
        return true;
    }
    if (e->kind == w->n_cancel) {
        /* "Heroic Stand (played by seat 2) is canceled", "Watcher's trigger (seat 1's) is
         * canceled": the card named only to the seats that see it */
        const char *what = sees ? w->defs[(int)e->d].name : "a card";
        if ((e->c >> 8) == ITEM_TRIGGER && e->b >= 0)
            snprintf(buf, n, "%s's trigger (seat %d's) is canceled", what, e->b + 1);
        else if ((e->c >> 8) == ITEM_TRIGGER)
            snprintf(buf, n, "%s's trigger is canceled", what);
        else
            snprintf(buf, n, "%s (played by seat %d) is canceled", what, e->b + 1);
        return true;
    }
    if (e->text >= 0) {
        if (!sees) return false;
        snprintf(buf, n, "%s", game_text(g, e->text));
        return true;
    }
    return false;
}

/* Whether event i moves or shows a card, and then what a run of them must share: the
 * kind, the two zones of a move or the zone and the seats shown to of a reveal, and
 * whether seat sees which card. */
static bool card_event(const Game *g, int seat, uint32_t i, int32_t *kind, int32_t *x, int64_t *y,
                       bool *sees)
{
    const Event *e = &VEC_AT(g->events, Event, i);
    if (e->kind != g->w->n_move && e->kind != g->w->n_reveal) return false;
    *kind = e->kind;
    *x = e->b;
    *y = e->c;
    *sees = (e->mask & seat_bit(seat)) != 0;
    return true;
}

/* A run of moves from event i on between the same two zones (or of cards of one zone
 * shown to the same seats), all of cards seat sees or all of cards it does not (events
 * it is shown nothing of may come between), as one line: "River, Rover, Jungle: discard
 * of seat 3 -> hand of seat 3", "3 cards: Hunt deck -> hand of seat 1", "2 cards (hand
 * of seat 2) shown to seat 1". Returns the run's last event, or i when no other event
 * joins it (then nothing is written). */
static uint32_t move_run(const Game *g, int seat, uint32_t i, int flags, Buf *b)
{
    int32_t kind, k2, x, x2;
    int64_t y, y2;
    bool sees, s2;
    if (!card_event(g, seat, i, &kind, &x, &y, &sees)) return i;
    uint32_t last = i, n = 1;
    char line[1200];
    for (uint32_t j = i + 1; j < g->events.len; j++) {
        if (card_event(g, seat, j, &k2, &x2, &y2, &s2)) {
            if (k2 != kind || x2 != x || y2 != y || s2 != sees) break;
            last = j;
            n++;
        } else if (view_event_text(g, seat, j, flags, line, sizeof line)) {
            break;
        }
    }
    if (n == 1) return i;
    const World *w = g->w;
    if (sees) {
        for (uint32_t j = i; j <= last; j++) {
            const Event *e = &VEC_AT(g->events, Event, j);
            if (e->kind == kind) buf_printf(b, "%s%s", j == i ? "" : ", ", w->defs[(int)e->d].name);
        }
    } else {
        buf_printf(b, "%u cards", n);
    }
    card_event_tail(g, &VEC_AT(g->events, Event, i), line, sizeof line);
    buf_printf(b, "%s\n", line);
    return last;
}

/* A play and the move of the same card next to it (either first), with nothing the seat
 * is shown between them, as one line: "seat 1 plays Virus: hand of seat 1 -> Hunt cards
 * played". Only when the seat sees the card in both or in neither. Returns the second
 * event, or i (then nothing is written). */
static uint32_t play_move(const Game *g, int seat, uint32_t i, int flags, Buf *b)
{
    const World *w = g->w;
    uint32_t bit = seat_bit(seat);
    const Event *e = &VEC_AT(g->events, Event, i);
    if (e->kind != w->n_play && e->kind != w->n_move) return i;
    char line[1200];
    uint32_t j = i + 1;
    while (j < g->events.len && !view_event_text(g, seat, j, flags, line, sizeof line)) j++;
    if (j == g->events.len) return i;
    const Event *f = &VEC_AT(g->events, Event, j);
    const Event *play = e->kind == w->n_play ? e : f, *move = e->kind == w->n_play ? f : e;
    if (play->kind != w->n_play || move->kind != w->n_move || play->a != move->a ||
        ((play->mask & bit) != 0) != ((move->mask & bit) != 0))
        return i;
    char z1[96], z2[96];
    buf_printf(b, "seat %d plays %s: %s -> %s\n", play->b + 1,
               play->mask & bit ? w->defs[(int)play->d].name : "a card",
               zone_label_at(g, move->b, move_cell(move, false), z1, sizeof z1),
               zone_label_at(g, (int32_t)move->c, move_cell(move, true), z2, sizeof z2));
    return j;
}

/* The events whose a is a card and whose mask says who saw its identity. */
static bool names_a_card(const World *w, int32_t kind)
{
    return kind == w->n_move || kind == w->n_play || kind == w->n_reveal || kind == w->n_flip ||
           kind == w->n_owner || kind == w->n_destroy || kind == w->n_attach || kind == w->n_control ||
           kind == w->n_tap || kind == w->n_cancel;
}

bool view_learned_since(const Game *now, const Game *then, int seat)
{
    uint32_t bit = seat_bit(seat);
    for (uint32_t i = then->events.len; i < now->events.len; i++) {
        const Event *e = &VEC_AT(now->events, Event, i);
        if (!(e->mask & bit)) continue;
        /* a log line for some seats only (game.log(text, seat)) tells them something */
        if (e->kind == now->w->n_print && e->mask != ~0u) return true;
        /* so does a hidden supply's move the seat reads the kinds of (supply.h): the kinds
         * it got or gave, or drew from the bag and saw, as a card turned face up */
        if (e->kind == now->w->n_supply && (e->mask != ~0u || supply_hidden(now, e->a))) return true;
        if (!names_a_card(now->w, e->kind)) continue;
        uint32_t o = (uint32_t)e->a;
        if (o >= then->s.objs.len || !S_OBJ(&then->s, o).alive) continue;
        if (!obj_visible(then, (int32_t)o, seat)) return true;
    }
    return false;
}

void view_log_groups(const Game *g, int seat, uint32_t from, int flags, ViewGroupFn fn, void *ud)
{
    char line[1200];
    Buf b = {0}, head = {0}; /* head: a step's header held back (VIEW_QUIET_STEPS) */
    uint32_t head_at = 0;
    for (uint32_t i = from; i < g->events.len; i++) {
        b.len = 0;
        uint32_t last = move_run(g, seat, i, flags, &b);
        if (last == i) last = play_move(g, seat, i, flags, &b);
        if (last == i && view_event_text(g, seat, i, flags, line, sizeof line)) buf_printf(&b, "%s\n", line);
        if (b.len && (flags & VIEW_QUIET_STEPS) && last == i && VEC_AT(g->events, Event, i).kind == g->w->n_step) {
            head.len = 0; /* the one held before it: a step with nothing shown */
            buf_put(&head, b.s, b.len);
            head_at = i;
        } else if (b.len) {
            if (head.len) fn(ud, head_at, head.s, head.len);
            head.len = 0;
            fn(ud, i, b.s, b.len);
        }
        i = last;
    }
    if (head.len) fn(ud, head_at, head.s, head.len);
    buf_free(&head);
    buf_free(&b);
}

uint32_t view_log_agree(const Game *a, const Game *b, int seat, int flags, uint32_t upto, uint32_t *known)
{
    /* the lines the seat reads, in order: events it is not shown are passed over on
     * both sides (one made or undone among them moves the others) */
    char x[1200], y[1200];
    uint32_t i = 0, j = 0, agreed = 0;
    if (upto > a->events.len) upto = a->events.len;
    for (;;) {
        while (i < upto && !view_event_text(a, seat, i, flags, x, sizeof x)) i++;
        while (j < b->events.len && !view_event_text(b, seat, j, flags, y, sizeof y)) j++;
        if (i >= upto || j >= b->events.len || strcmp(x, y) != 0) break;
        agreed = ++j;
        i++;
    }
    /* from the end: the lines after the change that it had read already (an action made
     * again after a designer's chunk logs its lines again), when it had read all of a */
    *known = b->events.len;
    uint32_t p = a->events.len, q = b->events.len;
    if (upto < a->events.len) return agreed;
    for (;;) {
        while (p > i && !view_event_text(a, seat, p - 1, flags, x, sizeof x)) p--;
        while (q > agreed && !view_event_text(b, seat, q - 1, flags, y, sizeof y)) q--;
        if (p <= i || q <= agreed || strcmp(x, y) != 0) break;
        *known = --q;
        p--;
    }
    return agreed;
}

static void append_group(void *ud, uint32_t first, const char *text, size_t len)
{
    (void)first;
    buf_put(ud, text, len);
}

void view_log(const Game *g, int seat, uint32_t from, int flags, Buf *b)
{
    view_log_groups(g, seat, from, flags, append_group, b);
}
