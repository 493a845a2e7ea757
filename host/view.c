/* view.c — views of the state, the log and the pending decision for one seat. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "view.h"

/* The bit of a visibility mask that stands for seat (bit 31: a spectator, seat -1). */
static uint32_t seat_bit(int seat)
{
    return seat >= 0 ? 1u << seat : 1u << 31;
}

bool view_prop_visible(const Game *g, const Prop *p, int seat)
{
    return (prop_mask(g, p->ekind, p->ent, p->key) & seat_bit(seat)) != 0;
}

static json_t *prop_value(const Game *g, const Prop *p)
{
    switch (p->type) {
    case PV_INT: return json_integer(p->v);
    case PV_BOOL: return json_boolean(p->v);
    case PV_STR: return json_string(state_cstr(&g->s, (int32_t)p->v));
    case PV_LIST: {
        int32_t n;
        const int64_t *it = state_list_get(&g->s, (int32_t)p->v, &n);
        json_t *a = json_array();
        for (int32_t i = 0; i < n; i++) json_array_append_new(a, json_integer(it[i]));
        return a;
    }
    default: return json_null();
    }
}

static json_t *props_of(const Game *g, int ekind, int32_t ent, int seat)
{
    json_t *o = json_object();
    const State *s = &g->s;
    for (uint32_t i = 0; i < s->props.len; i++) {
        const Prop *p = &S_PROP(s, i);
        if (p->ekind != ekind || p->ent != ent) continue;
        if (!view_prop_visible(g, p, seat)) continue;
        json_object_set_new(o, names_str(&g->w->names, p->key), prop_value(g, p));
    }
    return o;
}

static json_t *card_json(const Game *g, int32_t o, int seat)
{
    const Obj *ob = &S_OBJ(&g->s, o);
    json_t *c = json_object();
    if (!obj_visible(g, o, seat)) {
        json_object_set_new(c, "hidden", json_true());
        if (ob->face_down) json_object_set_new(c, "face_down", json_true());
        return c;
    }
    const CardDef *d = &g->w->defs[ob->def];
    json_object_set_new(c, "ref", json_integer(o + 1));
    json_object_set_new(c, "id", json_string(names_str(&g->w->names, d->id)));
    json_object_set_new(c, "name", json_string(d->name));
    json_object_set_new(c, "kind", json_string(names_str(&g->w->names, d->kind)));
    if (ob->face_down) json_object_set_new(c, "face_down", json_true());
    if (ob->tapped) json_object_set_new(c, "tapped", json_true());
    /* who controls a card matters where cards are in play; elsewhere (a discard pile,
     * a played-this-turn area) "seat 1 controls" read as nonsense to players */
    if (ob->controller >= 0 && ob->controller != ob->owner && ob->zone >= 0 &&
        (S_ZONE(&g->s, ob->zone).flags & ZONE_IN_PLAY))
        json_object_set_new(c, "controller", json_integer(ob->controller + 1));
    json_t *pr = props_of(g, ENT_OBJ, o, seat);
    if (json_object_size(pr)) json_object_set_new(c, "props", pr);
    else json_decref(pr);
    /* tokens on it */
    json_t *att = NULL;
    for (uint32_t i = 0; i < g->s.objs.len; i++) {
        const Obj *t = &S_OBJ(&g->s, i);
        if (!t->alive || t->attached != o) continue;
        if (!att) att = json_array();
        json_array_append_new(att, card_json(g, (int32_t)i, seat));
    }
    if (att) json_object_set_new(c, "attached", att);
    return c;
}

json_t *view_decision(const Game *g, int seat)
{
    DecisionView d = game_decision(g);
    if (d.seat < 0 || d.seat != seat) return NULL;
    json_t *o = json_object();
    json_object_set_new(o, "seat", json_integer(d.seat + 1));
    json_object_set_new(o, "kind", json_string(d.kind == DEC_PLAY ? "play" : d.kind == DEC_ORDER ? "order" : "choose"));
    json_object_set_new(o, "prompt", json_string(d.prompt));
    if (d.tag && *d.tag) json_object_set_new(o, "tag", json_string(d.tag));
    json_object_set_new(o, "min", json_integer(d.min));
    json_object_set_new(o, "max", json_integer(d.max));
    json_t *opts = json_array();
    for (int i = 0; i < d.nopt; i++) {
        json_t *op = json_object();
        json_object_set_new(op, "id", json_integer(d.opts[i].id));
        json_object_set_new(op, "label", json_string(state_dcstr(&g->s, d.opts[i].label)));
        json_array_append_new(opts, op);
    }
    json_object_set_new(o, "options", opts);
    /* what the seat is not offered and why (decision_refuse): its own business only */
    if (d.nrefused > 0) {
        json_t *un = json_array();
        for (int i = 0; i < d.nrefused; i++)
            json_array_append_new(un, json_pack("{s:s, s:s}", "label", state_dcstr(&g->s, d.refused[i].label), "why",
                                                decision_refusal_why(g, &d.refused[i])));
        json_object_set_new(o, "unavailable", un);
    }
    return o;
}

json_t *view_json(const Game *g, int seat)
{
    const State *s = &g->s;
    const World *w = g->w;
    json_t *v = json_object();
    json_object_set_new(v, "seat", seat >= 0 ? json_integer(seat + 1) : json_null());
    json_object_set_new(v, "turn", json_integer(s->h.turn));
    json_object_set_new(v, "step", s->h.step >= 0 ? json_string(names_str(&w->names, w->steps[s->h.step].name)) : json_null());
    json_object_set_new(v, "active", json_integer(s->h.active + 1));
    if (s->h.over) {
        json_t *o = json_object();
        if (s->h.winner_role >= 0) json_object_set_new(o, "winner", json_string(names_str(&w->names, s->h.winner_role)));
        if (s->h.winner_seat >= 0) json_object_set_new(o, "winner_seat", json_integer(s->h.winner_seat + 1));
        json_object_set_new(o, "reason", json_string(state_cstr(s, s->h.reason)));
        json_object_set_new(v, "over", o);
    }
    json_object_set_new(v, "game", props_of(g, ENT_GAME, 0, seat));
    json_t *seats = json_array();
    for (int i = 0; i < s->h.nseats; i++) {
        json_t *so = json_object();
        json_object_set_new(so, "seat", json_integer(i + 1));
        if (S_SEAT(s, i).role >= 0) json_object_set_new(so, "role", json_string(names_str(&w->names, S_SEAT(s, i).role)));
        json_object_set_new(so, "props", props_of(g, ENT_SEAT, i, seat));
        json_array_append_new(seats, so);
    }
    json_object_set_new(v, "seats", seats);
    json_t *zones = json_array();
    for (uint32_t zi = 0; zi < s->zones.len; zi++) {
        const Zone *z = &S_ZONE(s, zi);
        json_t *zo = json_object();
        json_object_set_new(zo, "zone", json_integer(zi + 1));
        json_object_set_new(zo, "name", json_string(names_str(&w->names, z->name)));
        const char *label = world_zone_label(w, z->name);
        if (label != names_str(&w->names, z->name)) json_object_set_new(zo, "label", json_string(label));
        if (z->owner >= 0) json_object_set_new(zo, "owner", json_integer(z->owner + 1));
        json_object_set_new(zo, "count", json_integer(z->count));
        json_t *cards = json_array();
        if (z->sort < 0) {
            for (int32_t o = z->head; o >= 0; o = S_OBJ(s, o).next) json_array_append_new(cards, card_json(g, o, seat));
        } else {
            /* a zone kept in order of a key: the cards the seat sees, in order, then those
             * it does not (their places among the others would tell their keys: a hidden
             * card listed before a Beach, number 4, is numbered 1 to 3) */
            for (int pass = 0; pass < 2; pass++)
                for (int32_t o = z->head; o >= 0; o = S_OBJ(s, o).next)
                    if (obj_visible(g, o, seat) == (pass == 0))
                        json_array_append_new(cards, card_json(g, o, seat));
        }
        json_object_set_new(zo, "cards", cards);
        json_array_append_new(zones, zo);
    }
    json_object_set_new(v, "zones", zones);
    json_t *d = view_decision(g, seat);
    if (d) json_object_set_new(v, "decision", d);
    else if (game_decision(g).seat >= 0) json_object_set_new(v, "waiting_for", json_integer(game_decision(g).seat + 1));
    return v;
}

static const char *zone_label(const Game *g, int32_t z, char *buf, size_t n)
{
    if (z < 0 || (uint32_t)z >= g->s.zones.len) {
        snprintf(buf, n, "nowhere");
        return buf;
    }
    const Zone *zz = &S_ZONE(&g->s, z);
    const char *label = world_zone_label(g->w, zz->name);
    if (zz->owner >= 0) snprintf(buf, n, "%s of seat %d", label, zz->owner + 1);
    else snprintf(buf, n, "%s", label);
    return buf;
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
        snprintf(buf, n, ": %s -> %s", zone_label(g, e->b, z1, sizeof z1), zone_label(g, (int32_t)e->c, z2, sizeof z2));
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
        char val[256];
        const char *nm;
        if (type == PV_NIL) {
            snprintf(val, sizeof val, "nil");
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
        if (at) snprintf(kv, sizeof kv, "%.*s%s%s", (int)(at - key), key, val, at + 2);
        else snprintf(kv, sizeof kv, "%s = %s", key, val);
        if (ek == ENT_GAME) snprintf(buf, n, "%s", kv);
        else if (ek == ENT_SEAT) snprintf(buf, n, "seat %d %s", ent + 1, kv);
        else snprintf(buf, n, "%s %s", w->defs[S_OBJ(&g->s, ent).def].name, kv);
        return true;
    }
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
               zone_label(g, move->b, z1, sizeof z1), zone_label(g, move->c, z2, sizeof z2));
    return j;
}

/* The events whose a is a card and whose mask says who saw its identity. */
static bool names_a_card(const World *w, int32_t kind)
{
    return kind == w->n_move || kind == w->n_play || kind == w->n_reveal || kind == w->n_flip ||
           kind == w->n_owner || kind == w->n_destroy || kind == w->n_attach || kind == w->n_control ||
           kind == w->n_tap;
}

bool view_learned_since(const Game *now, const Game *then, int seat)
{
    uint32_t bit = seat_bit(seat);
    for (uint32_t i = then->events.len; i < now->events.len; i++) {
        const Event *e = &VEC_AT(now->events, Event, i);
        if (!(e->mask & bit)) continue;
        /* a log line for some seats only (game.log(text, seat)) tells them something */
        if (e->kind == now->w->n_print && e->mask != ~0u) return true;
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
    Buf b = {0};
    for (uint32_t i = from; i < g->events.len; i++) {
        b.len = 0;
        uint32_t last = move_run(g, seat, i, flags, &b);
        if (last == i) last = play_move(g, seat, i, flags, &b);
        if (last == i && view_event_text(g, seat, i, flags, line, sizeof line)) buf_printf(&b, "%s\n", line);
        if (b.len) fn(ud, i, b.s, b.len);
        i = last;
    }
    buf_free(&b);
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
