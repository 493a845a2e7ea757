/* mech.c — the mechanisms scripts drive: zones, cards, properties, effects, events,
 * dice, seats and winning. Each mutation emits an event; none calls into scripts.
 * The loop that calls scripts is in game.c; windows are in window.c. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "board.h"
#include "internal.h"

#define RO_CHECK(g, e)                                                                  \
    do {                                                                                \
        if ((g)->readonly) {                                                            \
            err_set((e), "cannot change the game here (a read-only query such as "     \
                         "can_play or an inspection)");                                  \
            return false;                                                               \
        }                                                                               \
    } while (0)

#define RO_CHECK_I(g, e)                                                                \
    do {                                                                                \
        if ((g)->readonly) {                                                            \
            err_set((e), "cannot change the game here (a read-only query such as "     \
                         "can_play or an inspection)");                                  \
            return -1;                                                                  \
        }                                                                               \
    } while (0)

/* ---------------------------------------------------------------- zones ----------- */

/* The zones' and the properties' indexes (g->zone_slots, g->prop_slots) are
 * open-addressing tables: each slot an index + 1 (0: empty), at most half full. */

/* A key's slot in a table of mask + 1 slots (a 64-bit mix of its parts). */
static uint32_t slot_home(uint64_t x, uint32_t mask)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (uint32_t)x & mask;
}

/* Makes *slots an empty table with room for twice `count` entries (a power of two, at
 * least 64); false when memory ran out (the table is left as it was). */
static bool slots_reset(int32_t **slots, uint32_t *nslots, uint32_t count)
{
    uint32_t want = 64;
    while (want < 2 * count + 2) want *= 2;
    if (want != *nslots) {
        int32_t *fresh = xmalloc(want * sizeof *fresh);
        if (!fresh) return false;
        xfree(*slots);
        *slots = fresh;
        *nslots = want;
    }
    memset(*slots, 0, *nslots * sizeof **slots);
    return true;
}

/* The home slot of (name, owner) in a table of mask + 1 slots. */
static uint32_t zone_home(int32_t name, int owner, uint32_t mask)
{
    return slot_home((uint64_t)(uint32_t)name << 8 ^ (uint64_t)(uint32_t)(owner + 1), mask);
}

/* Puts zone i of g->s in g->zone_slots (there is room). */
static void zone_slot_add(Game *g, uint32_t i)
{
    const Zone *z = &S_ZONE(&g->s, i);
    uint32_t mask = g->zone_nslots - 1;
    uint32_t h = zone_home(z->name, z->owner, mask);
    while (g->zone_slots[h]) h = (h + 1) & mask;
    g->zone_slots[h] = (int32_t)i + 1;
}

/* (Re)builds g->zone_slots with room for twice the zones; false when memory ran out. */
static bool zone_index_build(Game *g)
{
    if (!slots_reset(&g->zone_slots, &g->zone_nslots, g->s.zones.len)) {
        g->zone_index_ok = false;
        return false;
    }
    for (uint32_t i = 0; i < g->s.zones.len; i++) zone_slot_add(g, i);
    g->zone_index_ok = true;
    return true;
}

int32_t zone_find(Game *g, int32_t name, int owner)
{
    const State *s = &g->s;
    const Zone *zs = (const Zone *)s->zones.data;
    if (!g->zone_index_ok && !zone_index_build(g)) {
        for (uint32_t i = 0; i < s->zones.len; i++)
            if (zs[i].name == name && zs[i].owner == owner) return (int32_t)i;
        return -1;
    }
    uint32_t mask = g->zone_nslots - 1;
    for (uint32_t h = zone_home(name, owner, mask); g->zone_slots[h]; h = (h + 1) & mask) {
        g->zone_probes++;
        const Zone *z = &zs[g->zone_slots[h] - 1];
        if (z->name == name && z->owner == owner) return g->zone_slots[h] - 1;
    }
    return -1;
}

int32_t zone_new(Game *g, int32_t name, int owner, int vis, int flags, Err *e)
{
    RO_CHECK_I(g, e);
    if (owner < -1 || owner >= g->s.h.nseats) {
        err_set(e, "zone owner %d is not a seat (1..%d) or nil", owner + 1, g->s.h.nseats);
        return -1;
    }
    if (zone_find(g, name, owner) >= 0) {
        err_set(e, "zone '%s' already exists for %s", names_str(&g->w->names, name),
                owner < 0 ? "the game" : "that seat");
        return -1;
    }
    Zone z;
    memset(&z, 0, sizeof z);
    z.name = name;
    z.owner = (int8_t)owner;
    z.vis = (uint8_t)vis;
    z.flags = (uint8_t)flags;
    z.head = z.tail = -1;
    z.sort = -1;
    int32_t i = vec_push(&g->s.zones, sizeof z, &z);
    if (i < 0) {
        err_set(e, "out of memory");
        return -1;
    }
    if (g->zone_index_ok) { /* (zone_find above made it ok, unless memory ran out) */
        if (2 * g->s.zones.len + 2 > g->zone_nslots) zone_index_build(g);
        else zone_slot_add(g, (uint32_t)i);
    }
    if (!event_emit(g, g->w->n_zone, i, owner, vis, flags, ~0u, NULL, e)) return -1;
    return i;
}

int32_t zone_at(const Game *g, int32_t zone, int i)
{
    if (zone < 0 || (uint32_t)zone >= g->s.zones.len) return -1;
    const Zone *z = &S_ZONE(&g->s, zone);
    if (i < 0) i += z->count;
    if (i < 0 || i >= z->count) return -1;
    int32_t o = z->head;
    while (i-- > 0 && o >= 0) o = S_OBJ(&g->s, o).next;
    return o;
}

int obj_position(const Game *g, int32_t obj)
{
    if (obj < 0 || (uint32_t)obj >= g->s.objs.len || S_OBJ(&g->s, obj).zone < 0) return 0;
    int k = 1;
    for (int32_t o = S_OBJ(&g->s, obj).prev; o >= 0; o = S_OBJ(&g->s, o).prev) k++;
    return k;
}

static void zone_unlink(State *s, int32_t o)
{
    Obj *ob = &S_OBJ(s, o);
    if (ob->zone < 0) return;
    Zone *z = &S_ZONE(s, ob->zone);
    if (ob->prev >= 0) S_OBJ(s, ob->prev).next = ob->next;
    else z->head = ob->next;
    if (ob->next >= 0) S_OBJ(s, ob->next).prev = ob->prev;
    else z->tail = ob->prev;
    z->count--;
    ob->zone = -1;
    ob->prev = ob->next = -1;
}

/* Links o into zone at pos (0 top, -1 bottom, k: becomes k-th from top). */
static void zone_link(State *s, int32_t o, int32_t zone, int pos)
{
    Zone *z = &S_ZONE(s, zone);
    Obj *ob = &S_OBJ(s, o);
    ob->zone = zone;
    if (pos < 0 || pos >= z->count) { /* bottom */
        ob->prev = z->tail;
        ob->next = -1;
        if (z->tail >= 0) S_OBJ(s, z->tail).next = o;
        else z->head = o;
        z->tail = o;
    } else {
        int32_t at = z->head;
        for (int i = 0; i < pos; i++) at = S_OBJ(s, at).next;
        ob->next = at;
        ob->prev = S_OBJ(s, at).prev;
        if (ob->prev >= 0) S_OBJ(s, ob->prev).next = o;
        else z->head = o;
        S_OBJ(s, at).prev = o;
    }
    z->count++;
}

/* Whether zone is a zone of the state; "invalid zone" in e otherwise. */
static bool zone_valid(const State *s, int32_t zone, Err *e)
{
    if (zone >= 0 && (uint32_t)zone < s->zones.len) return true;
    err_set(e, "invalid zone");
    return false;
}

/* The number card o's definition holds under key in its data, in *v; false when it
 * holds none. */
static bool sort_value(const Game *g, int32_t o, int32_t key, double *v)
{
    const json_t *x = json_object_get(g->w->defs[S_OBJ(&g->s, o).def].data, names_str(&g->w->names, key));
    if (!json_is_number(x)) return false;
    *v = json_number_value(x);
    return true;
}

/* Where card o goes in sorted zone z: before the first card of a greater value or of
 * none (after the cards of an equal value), at the bottom when o has none. */
static int sorted_pos(const Game *g, const Zone *z, int32_t o)
{
    double v, w;
    if (!sort_value(g, o, z->sort, &v)) return -1;
    int i = 0;
    for (int32_t c = z->head; c >= 0; c = S_OBJ(&g->s, c).next, i++)
        if (!sort_value(g, c, z->sort, &w) || w > v) return i;
    return -1;
}

bool zone_set_sort(Game *g, int32_t zone, int32_t key, Err *e)
{
    RO_CHECK(g, e);
    State *s = &g->s;
    if (!zone_valid(s, zone, e)) return false;
    Zone *z = &S_ZONE(s, zone);
    z->sort = key;
    if (key < 0 || z->count < 2) return true;
    /* take the cards out in order and put each back in its place: a stable sort */
    int32_t o = z->head;
    z->head = z->tail = -1;
    z->count = 0;
    while (o >= 0) {
        int32_t next = S_OBJ(s, o).next;
        S_OBJ(s, o).prev = S_OBJ(s, o).next = -1;
        zone_link(s, o, zone, sorted_pos(g, z, o));
        o = next;
    }
    return true;
}

/* What seats stop knowing of card o once it lies in zone z (after a move into it, or a
 * change of z's visibility): a hidden zone or a face-down card hides it from all but a
 * face-down card's owner, an owner-only zone from all but that seat (who sees it there
 * anyway), and seats z hides (zone_set_visibility) lose it too. */
static void forget_in(Obj *o, const Zone *z)
{
    if (z->vis == VIS_HIDDEN || o->face_down) o->known = 0;
    if (z->vis == VIS_OWNER && z->owner >= 0 && !o->face_down) o->known = 0;
    o->known &= ~z->hide;
    if (o->face_down && o->owner >= 0) o->known |= 1u << o->owner;
}

/* A card left owner-only zone `from` (a hand) unseen by some seats: `saw` are the seats
 * that saw it before or after. The others forget every card they knew there (a reveal):
 * its owner may hold the cards in any order, so the cards they still knew would tell
 * them which one left (Not Alone: Phobia showed the Creature two places in a hand; the
 * one laid face down was the one no longer listed). */
static void forget_unseen_leaving(Game *g, int32_t from, uint32_t saw)
{
    State *s = &g->s;
    if (from < 0) return;
    const Zone *z = &S_ZONE(s, from);
    if (z->vis != VIS_OWNER) return;
    uint32_t blind = ~saw;
    if (z->owner >= 0) blind &= ~(1u << z->owner);
    for (int32_t o = z->head; o >= 0; o = S_OBJ(s, o).next) S_OBJ(s, o).known &= ~blind;
}

bool zone_set_visibility(Game *g, int32_t zone, int vis, uint32_t hide, Err *e)
{
    RO_CHECK(g, e);
    if (!zone_valid(&g->s, zone, e)) return false;
    Zone *z = &S_ZONE(&g->s, zone);
    if (vis >= 0) z->vis = (uint8_t)vis;
    z->hide = hide;
    for (int32_t o = z->head; o >= 0; o = S_OBJ(&g->s, o).next) forget_in(&S_OBJ(&g->s, o), z);
    return event_emit(g, g->w->n_visibility, zone, z->vis, hide, 0, ~0u, NULL, e);
}

bool obj_set_owner(Game *g, int32_t obj, int owner, Err *e)
{
    RO_CHECK(g, e);
    State *s = &g->s;
    if (obj < 0 || (uint32_t)obj >= s->objs.len || !S_OBJ(s, obj).alive || owner < -1 || owner >= s->h.nseats) {
        err_set(e, "invalid card or seat");
        return false;
    }
    Obj *o = &S_OBJ(s, obj);
    if (o->owner == owner) return true;
    /* the controller is the owner unless changed: one that was still the owner (or, like
     * the owner, nobody) follows the new owner */
    bool follows = o->controller == o->owner;
    o->owner = (int8_t)owner;
    if (follows) o->controller = (int8_t)owner;
    /* a face-down card is known to its owner (as after a move); who knew it still does */
    if (o->face_down && owner >= 0) o->known |= 1u << owner;
    /* the identity goes only to those who see the card now */
    if (!event_emit(g, g->w->n_owner, obj, owner, 0, o->def, obj_mask(g, obj), NULL, e)) return false;
    return !follows || event_emit(g, g->w->n_control, obj, owner, 0, S_OBJ(s, obj).def, obj_mask(g, obj), NULL, e);
}

bool zone_shuffle(Game *g, int32_t zone, Err *e)
{
    RO_CHECK(g, e);
    State *s = &g->s;
    if (!zone_valid(s, zone, e)) return false;
    Zone *z = &S_ZONE(s, zone);
    if (z->sort >= 0) {
        err_set(e, "zone '%s' keeps its cards in order of '%s': it cannot be shuffled", names_str(&g->w->names, z->name),
                names_str(&g->w->names, z->sort));
        return false;
    }
    int n = z->count;
    if (n < 2) return event_emit(g, g->w->n_shuffle, zone, n, 0, 0, ~0u, NULL, e);
    int32_t tmp[1024];
    int32_t *arr = n <= 1024 ? tmp : xmalloc((size_t)n * sizeof *arr);
    if (!arr) {
        err_set(e, "out of memory");
        return false;
    }
    int i = 0;
    for (int32_t o = z->head; o >= 0; o = S_OBJ(s, o).next) arr[i++] = o;
    for (i = n - 1; i > 0; i--) {
        int j = (int)rng_below(s, (uint32_t)i + 1);
        int32_t t = arr[i];
        arr[i] = arr[j];
        arr[j] = t;
    }
    z->head = z->tail = -1;
    z->count = 0;
    for (i = 0; i < n; i++) {
        Obj *ob = &S_OBJ(s, arr[i]);
        ob->prev = ob->next = -1;
        ob->zone = -1;
        zone_link(s, arr[i], zone, -1);
        /* nobody knows the order of a shuffled hidden zone any more */
        if (z->vis != VIS_PUBLIC) ob->known = 0;
    }
    if (arr != tmp) xfree(arr);
    return event_emit(g, g->w->n_shuffle, zone, n, 0, 0, ~0u, NULL, e);
}

/* ---------------------------------------------------------------- objects --------- */


int64_t obj_handle(const Game *g, int32_t obj)
{
    return (int64_t)obj | ((int64_t)S_OBJ(&g->s, obj).gen << 24) | (1LL << 40);
}

int32_t obj_from_handle(const Game *g, int64_t h)
{
    if (!(h & (1LL << 40)) || h >= (1LL << 41)) return -1;
    int32_t i = (int32_t)(h & 0xffffff);
    uint16_t gen = (uint16_t)((h >> 24) & 0xffff);
    if ((uint32_t)i >= g->s.objs.len) return -1;
    const Obj *o = &S_OBJ(&g->s, i);
    if (!o->alive || o->gen != gen) return -1;
    return i;
}

int32_t obj_new(Game *g, int def, int32_t zone, int owner, Err *e)
{
    RO_CHECK_I(g, e);
    State *s = &g->s;
    if (def < 0 || def >= g->w->ndefs) {
        err_set(e, "unknown card definition");
        return -1;
    }
    if (!zone_valid(s, zone, e)) return -1;
    if (owner < -1 || owner >= s->h.nseats) {
        err_set(e, "card owner %d is not a seat", owner + 1);
        return -1;
    }
    if (s->objs.len >= (1u << 24) - 1) {
        err_set(e, "too many objects in one game");
        return -1;
    }
    Obj o;
    memset(&o, 0, sizeof o);
    o.def = def;
    o.zone = -1;
    o.prev = o.next = o.attached = -1;
    o.owner = o.controller = (int8_t)owner;
    o.alive = 1;
    o.gen = 1;
    int32_t i = vec_push(&s->objs, sizeof o, &o);
    if (i < 0) {
        err_set(e, "out of memory");
        return -1;
    }
    const Zone *z = &S_ZONE(s, zone);
    zone_link(s, i, zone, z->sort >= 0 ? sorted_pos(g, z, i) : -1);
    if (!event_emit(g, g->w->n_create, i, owner, zone, def, obj_mask(g, i), NULL, e)) return -1;
    return i;
}

/* Whether o (or what it is attached to) is in a zone marked ZONE_SECRET: a space of a
 * face-down board region, whose cards no seat sees, whatever it knew. */
static bool obj_in_secret(const State *s, const Obj *o)
{
    for (int depth = 0; o->zone < 0 && o->attached >= 0 && depth <= 64; depth++) o = &S_OBJ(s, o->attached);
    return o->zone >= 0 && (S_ZONE(s, o->zone).flags & ZONE_SECRET);
}

bool obj_visible(const Game *g, int32_t obj, int seat)
{
    const State *s = &g->s;
    const Obj *o = &S_OBJ(s, obj);
    if (obj_in_secret(s, o)) return false;
    /* a card every seat knows (card.reveal to everyone) is public: spectators see it, as
     * the reveal's event names it to them (lib_card.c's reveal_event); with one seat, its
     * own face-down cards are not */
    const uint32_t all = (1u << s->h.nseats) - 1u;
    for (int depth = 0;; depth++) {
        if (seat >= 0 && (o->known & (1u << seat))) return true;
        if (seat < 0 && s->h.nseats > 1 && (o->known & all) == all) return true;
        if (o->face_down) return false;
        if (o->zone >= 0 || o->attached < 0 || depth > 64) break;
        o = &S_OBJ(s, o->attached); /* a token is seen where what it sits on is seen */
    }
    int32_t zi = o->zone;
    if (zi < 0) return false;
    const Zone *z = &S_ZONE(s, zi);
    if (seat >= 0 && (z->hide & (1u << seat))) return false;
    switch (z->vis) {
    case VIS_PUBLIC: return true;
    case VIS_OWNER: return seat >= 0 && seat == z->owner;
    default: return false;
    }
}

/* obj_visible for every seat and the spectators (bit 31) at once: the same walk up
 * the attachments and the same zone rules, on masks of the seats still undecided. */
uint32_t obj_mask(const Game *g, int32_t obj)
{
    const State *s = &g->s;
    const uint32_t seats = (1u << s->h.nseats) - 1u; /* a spectator knows no card */
    uint32_t yes = 0, open = seats | (1u << 31);
    const Obj *o = &S_OBJ(s, obj);
    if (obj_in_secret(s, o)) return 0;
    for (int depth = 0;; depth++) {
        uint32_t k = o->known & seats & open;
        if (s->h.nseats > 1 && (o->known & seats) == seats) k |= open & (1u << 31); /* see obj_visible */
        yes |= k;
        open &= ~k;
        if (o->face_down) return yes;
        if (o->zone >= 0 || o->attached < 0 || depth > 64) break;
        o = &S_OBJ(s, o->attached);
    }
    if (o->zone < 0) return yes;
    const Zone *z = &S_ZONE(s, o->zone);
    open &= ~(z->hide & seats);
    switch (z->vis) {
    case VIS_PUBLIC: return yes | open;
    case VIS_OWNER: return z->owner >= 0 ? yes | (open & seats & (1u << z->owner)) : yes;
    default: return yes;
    }
}

uint32_t prop_mask(const Game *g, int ekind, int32_t ent, int32_t key)
{
    bool secret = names_str(&g->w->names, key)[0] == '_';
    if (ekind == ENT_OBJ) {
        int owner = S_OBJ(&g->s, ent).owner;
        return obj_mask(g, ent) & (!secret ? ~0u : owner >= 0 ? 1u << owner : 0u);
    }
    if (ekind == ENT_STAT) return 0; /* statistics: for sim and tests, no seat's */
    if (ekind == ENT_ZONE) {
        /* a zone's: every seat's, as the zone itself is (its name and count are), but in
         * a face-down board space; a secret key its owner's */
        const Zone *z = &S_ZONE(&g->s, ent);
        if (z->flags & ZONE_SECRET) return 0;
        return !secret ? ~0u : z->owner >= 0 ? 1u << z->owner : 0u;
    }
    return !secret ? ~0u : ekind == ENT_SEAT ? 1u << ent : 0u;
}

int32_t obj_attached_count(const Game *g)
{
    if (!g->nattached_ok) {
        /* a cache, not state: counted through a const Game (never const storage) */
        Game *cache = (Game *)g;
        cache->nattached = 0;
        for (uint32_t i = 0; i < g->s.objs.len; i++)
            if (S_OBJ(&g->s, i).alive && S_OBJ(&g->s, i).attached >= 0) cache->nattached++;
        cache->nattached_ok = true;
    }
    return g->nattached;
}

/* Card o stops being attached (it was: o->attached >= 0). */
static void obj_unattach(Game *g, Obj *o)
{
    o->attached = -1;
    if (g->nattached_ok) g->nattached--;
}

bool obj_move(Game *g, int32_t obj, int32_t zone, int pos, int face, Err *e)
{
    RO_CHECK(g, e);
    State *s = &g->s;
    if (obj < 0 || (uint32_t)obj >= s->objs.len || !S_OBJ(s, obj).alive) {
        err_set(e, "invalid card");
        return false;
    }
    if (!zone_valid(s, zone, e)) return false;
    const Zone *into = &S_ZONE(s, zone);
    if (into->sort >= 0 && pos >= 0) {
        err_set(e, "zone '%s' keeps its cards in order of '%s': a card moved into it takes its place there, "
                "not a position", names_str(&g->w->names, into->name), names_str(&g->w->names, into->sort));
        return false;
    }
    uint32_t before = obj_mask(g, obj);
    Obj *o = &S_OBJ(s, obj);
    int32_t from = o->zone;
    bool was_in_play = from >= 0 && (S_ZONE(s, from).flags & ZONE_IN_PLAY);
    if (o->attached >= 0) obj_unattach(g, o);
    zone_unlink(s, obj);
    zone_link(s, obj, zone, into->sort >= 0 ? sorted_pos(g, into, obj) : pos);
    o = &S_OBJ(s, obj);
    if (face >= 0) o->face_down = (uint8_t)face;
    const Zone *to = &S_ZONE(s, zone);
    /* a card that leaves play is a new object: old handles and while-in-play effects end */
    if (was_in_play && !(to->flags & ZONE_IN_PLAY))
        o->gen = (uint16_t)(o->gen + 1 == 0 ? 1 : o->gen + 1);
    forget_in(o, to);
    uint32_t after = obj_mask(g, obj);
    if (from != zone) forget_unseen_leaving(g, from, before | after);
    /* who learns the identity from this event: those who see the card where it is now,
     * and — when it was in the open before — everyone who saw it leave. Someone who only
     * knew a hidden card (a peek, a reveal) does not learn where it went face down. */
    uint32_t mask = after | ((before & (1u << 31)) ? before : 0u);
    if (!event_emit(g, g->w->n_move, obj, from, zone, o->def, mask, NULL, e)) return false;
    /* a space of a board read by cells is named by the cell it was on then (board.h) */
    bool boards = g->s.spaces.len > 0;
    int32_t cf = boards && from >= 0 ? board_cell_of(g, from) : -1, ct = boards ? board_cell_of(g, zone) : -1;
    if (cf >= 0 || ct >= 0) VEC_AT(g->events, Event, g->events.len - 1).cells = (cf + 1) | (ct + 1) << 16;
    return true;
}

bool obj_destroy(Game *g, int32_t obj, Err *e)
{
    RO_CHECK(g, e);
    State *s = &g->s;
    if (obj < 0 || (uint32_t)obj >= s->objs.len || !S_OBJ(s, obj).alive) {
        err_set(e, "invalid card");
        return false;
    }
    uint32_t mask = obj_mask(g, obj);
    int32_t from = S_OBJ(s, obj).zone;
    zone_unlink(s, obj);
    forget_unseen_leaving(g, from, mask);
    Obj *o = &S_OBJ(s, obj);
    if (o->attached >= 0) obj_unattach(g, o);
    o->alive = 0;
    o->gen = (uint16_t)(o->gen + 1 == 0 ? 1 : o->gen + 1);
    /* what was attached to it goes with it (none when no card is attached to any) */
    for (uint32_t i = 0; obj_attached_count(g) > 0 && i < s->objs.len; i++) {
        g->destroy_walked++;
        if (S_OBJ(s, i).attached == obj && S_OBJ(s, i).alive) obj_destroy(g, (int32_t)i, e);
    }
    return event_emit(g, g->w->n_destroy, obj, from, -1, S_OBJ(s, obj).def, mask, NULL, e);
}

bool obj_attach(Game *g, int32_t obj, int32_t target, Err *e)
{
    RO_CHECK(g, e);
    State *s = &g->s;
    if (obj < 0 || (uint32_t)obj >= s->objs.len || target < 0 ||
        (uint32_t)target >= s->objs.len || obj == target) {
        err_set(e, "invalid card");
        return false;
    }
    /* no cycles: the target may not sit (directly or not) on obj */
    for (int32_t t = target, depth = 0; t >= 0; t = S_OBJ(s, t).attached, depth++) {
        if (t == obj || depth > 64) {
            err_set(e, "cannot attach a card to something that sits on it");
            return false;
        }
    }
    uint32_t mask = obj_mask(g, obj);
    Obj *o = &S_OBJ(s, obj);
    bool was_in_play = o->zone >= 0 && (S_ZONE(s, o->zone).flags & ZONE_IN_PLAY);
    zone_unlink(s, obj);
    o = &S_OBJ(s, obj);
    if (o->attached < 0 && g->nattached_ok) g->nattached++;
    o->attached = target;
    /* going onto another card takes it out of play: old handles and its effects end */
    if (was_in_play) o->gen = (uint16_t)(o->gen + 1 == 0 ? 1 : o->gen + 1);
    mask |= obj_mask(g, obj);
    return event_emit(g, g->w->n_attach, obj, target, 0, o->def, mask, NULL, e);
}

/* ---------------------------------------------------------------- properties ------ */

/* The home slot of (kind, entity, key) in a table of mask + 1 slots. */
static uint32_t prop_home(int ekind, int32_t ent, int32_t key, uint32_t mask)
{
    return slot_home((uint64_t)(uint32_t)key << 32 ^ (uint64_t)(uint32_t)ent << 2 ^ (uint64_t)ekind, mask);
}

/* (Re)builds g->prop_slots for the properties of g->s, with room for twice as many;
 * false when memory ran out (the index stays off and reads scan). */
static bool prop_index_build(Game *g)
{
    const State *s = &g->s;
    if (!slots_reset(&g->prop_slots, &g->prop_nslots, s->props.len)) {
        g->prop_index_ok = false;
        return false;
    }
    uint32_t mask = g->prop_nslots - 1;
    for (uint32_t i = 0; i < s->props.len; i++) {
        const Prop *p = &S_PROP(s, i);
        uint32_t h = prop_home(p->ekind, p->ent, p->key, mask);
        while (g->prop_slots[h]) h = (h + 1) & mask;
        g->prop_slots[h] = (int32_t)i + 1;
    }
    g->prop_index_ok = true;
    return true;
}

/* The slot of g->prop_slots that holds property i of g->s (the index is up to date). */
static uint32_t prop_slot_of(const Game *g, uint32_t i)
{
    const Prop *p = &S_PROP(&g->s, i);
    uint32_t mask = g->prop_nslots - 1;
    uint32_t h = prop_home(p->ekind, p->ent, p->key, mask);
    while (g->prop_slots[h] != (int32_t)i + 1) h = (h + 1) & mask;
    return h;
}

/* Takes the slot of property i out of the index, moving later slots of its run back so
 * that every property stays reachable from its home slot (no tombstones). */
static void prop_slot_remove(Game *g, uint32_t i)
{
    uint32_t mask = g->prop_nslots - 1;
    uint32_t hole = prop_slot_of(g, i);
    g->prop_slots[hole] = 0;
    for (uint32_t k = (hole + 1) & mask; g->prop_slots[k]; k = (k + 1) & mask) {
        const Prop *p = &S_PROP(&g->s, g->prop_slots[k] - 1);
        uint32_t h = prop_home(p->ekind, p->ent, p->key, mask);
        /* stays when its home is cyclically in (hole, k] */
        bool stays = hole < k ? (h > hole && h <= k) : (h > hole || h <= k);
        if (stays) continue;
        g->prop_slots[hole] = g->prop_slots[k];
        g->prop_slots[k] = 0;
        hole = k;
    }
}

static int32_t prop_index(const Game *g, int ekind, int32_t ent, int32_t key)
{
    const State *s = &g->s;
    /* the index is a cache, not state: built through a const Game (never const storage) */
    if (!g->prop_index_ok && !prop_index_build((Game *)g)) {
        for (uint32_t i = 0; i < s->props.len; i++) {
            const Prop *p = &S_PROP(s, i);
            if (p->key == key && p->ent == ent && p->ekind == ekind) return (int32_t)i;
        }
        return -1;
    }
    uint32_t mask = g->prop_nslots - 1;
    for (uint32_t h = prop_home(ekind, ent, key, mask); g->prop_slots[h]; h = (h + 1) & mask) {
        const Prop *p = &S_PROP(s, g->prop_slots[h] - 1);
        if (p->key == key && p->ent == ent && p->ekind == ekind) return g->prop_slots[h] - 1;
    }
    return -1;
}

bool prop_get(const Game *g, int ekind, int32_t ent, int32_t key, Prop *out)
{
    int32_t i = prop_index(g, ekind, ent, key);
    if (i < 0) return false;
    *out = S_PROP(&g->s, i);
    return true;
}

int64_t prop_int(const Game *g, int ekind, int32_t ent, int32_t key, int64_t dflt)
{
    int32_t i = prop_index(g, ekind, ent, key);
    return i < 0 ? dflt : S_PROP(&g->s, i).v;
}

/* Stores property (ekind, ent, key) (removes it for PV_NIL) and its old value (0 when
 * there was none) in *old; keeps the index up to date. No event: prop_set adds it.
 * *changed: false when it removed a property that was not there. */
static bool prop_put(Game *g, int ekind, int32_t ent, int32_t key, int type, int64_t v, int scope,
                     int32_t scope_name, int64_t *old, bool *changed, Err *e)
{
    State *s = &g->s;
    int32_t i = prop_index(g, ekind, ent, key);
    *old = 0;
    *changed = i >= 0 || type != PV_NIL;
    if (i >= 0) *old = S_PROP(s, i).v;
    if (type == PV_NIL) {
        if (i < 0) return true;
        uint32_t last = s->props.len - 1;
        if (g->prop_index_ok) {
            prop_slot_remove(g, (uint32_t)i);
            if ((uint32_t)i != last) g->prop_slots[prop_slot_of(g, last)] = i + 1;
        }
        S_PROP(s, i) = S_PROP(s, last);
        s->props.len--;
    } else if (i >= 0) {
        Prop *p = &S_PROP(s, i);
        p->type = (uint8_t)type;
        p->v = v;
        p->scope = (uint16_t)scope;
        p->scope_name = scope_name;
    } else {
        Prop p;
        memset(&p, 0, sizeof p);
        p.ent = ent;
        p.key = key;
        p.v = v;
        p.ekind = (uint8_t)ekind;
        p.type = (uint8_t)type;
        p.scope = (uint16_t)scope;
        p.scope_name = scope_name;
        if (vec_push(&s->props, sizeof p, &p) < 0) {
            err_set(e, "out of memory");
            return false;
        }
        if (g->prop_index_ok) {
            if (2 * s->props.len + 2 > g->prop_nslots) {
                prop_index_build(g); /* twice the room */
            } else {
                uint32_t mask = g->prop_nslots - 1;
                uint32_t h = prop_home(ekind, ent, key, mask);
                while (g->prop_slots[h]) h = (h + 1) & mask;
                g->prop_slots[h] = (int32_t)s->props.len;
            }
        }
    }
    return true;
}

bool prop_set(Game *g, int ekind, int32_t ent, int32_t key, int type, int64_t v, int scope,
              int32_t scope_name, Err *e)
{
    RO_CHECK(g, e);
    int64_t old;
    bool changed;
    if (!prop_put(g, ekind, ent, key, type, v, scope, scope_name, &old, &changed, e)) return false;
    if (!changed) return true;
    /* who sees this change, fixed now: the log shows it to them however the card
     * moves later */
    uint32_t mask = prop_mask(g, ekind, ent, key);
    /* a: value type << 28 | entity kind << 24 | entity; d: the new value (an int or
     * bool, or the pool offset of a string or list: pools only grow within a game) */
    int32_t packed = (int32_t)((uint32_t)type << 28 | (uint32_t)ekind << 24 | (uint32_t)(ent & 0xffffff));
    return event_emit(g, g->w->n_set, packed, key, old, v, mask, NULL, e);
}

/* ---------------------------------------------------------------- statistics ------ */

/* A statistic is a property of kind ENT_STAT (entity 0): state like any other, so an
 * aborted action, an undo and a replayed effect take it back, but no event, no log line
 * and no view shows it. */
int64_t stat_get(const Game *g, int32_t key)
{
    return prop_int(g, ENT_STAT, 0, key, 0);
}

bool stat_add(Game *g, int32_t key, int64_t delta, int64_t *total, Err *e)
{
    RO_CHECK(g, e);
    int64_t cur = stat_get(g, key);
    if ((delta > 0 && cur > STAT_MAX - delta) || (delta < 0 && cur < -STAT_MAX - delta)) {
        err_set(e, "the total would leave the range of +/-2^62");
        return false;
    }
    int64_t old;
    bool changed;
    if (!prop_put(g, ENT_STAT, 0, key, PV_INT, cur + delta, SCOPE_GAME, -1, &old, &changed, e)) return false;
    *total = cur + delta;
    return true;
}

/* ---------------------------------------------------------------- effects --------- */

int32_t effect_add(Game *g, int32_t obj, int32_t handler, int32_t event, int32_t params,
                   int scope, int32_t scope_name, int flags, Err *e)
{
    RO_CHECK_I(g, e);
    State *s = &g->s;
    if (obj == EFFECT_RULES) {
        if (scope == SCOPE_WHILE_IN_PLAY) {
            err_set(e, "an effect of the rules cannot last while in play (the rules are never in play)");
            return -1;
        }
    } else if (obj < 0 || (uint32_t)obj >= s->objs.len) {
        err_set(e, "an effect needs a source card");
        return -1;
    }
    Effect f;
    memset(&f, 0, sizeof f);
    f.id = ++s->h.next_effect;
    f.obj = obj;
    f.handler = handler;
    f.event = event;
    f.params = params;
    f.scope = (uint16_t)scope;
    f.scope_name = scope_name;
    f.flags = (uint8_t)flags;
    f.controller = obj == EFFECT_RULES ? SEAT_NONE : S_OBJ(s, obj).controller;
    f.obj_gen = obj == EFFECT_RULES ? 0 : S_OBJ(s, obj).gen;
    if (vec_push(&s->effects, sizeof f, &f) < 0) {
        err_set(e, "out of memory");
        return -1;
    }
    /* a = effect id, b = source card, c = event kind it listens to, d = 1 (added) */
    if (!event_emit(g, g->w->n_effect, f.id, obj, event, 1, ~0u, NULL, e)) return -1;
    return f.id;
}

bool effect_remove(Game *g, int32_t id)
{
    State *s = &g->s;
    for (uint32_t i = 0; i < s->effects.len; i++) {
        if (S_EFFECT(s, i).id == id) {
            Effect f = S_EFFECT(s, i);
            memmove(&S_EFFECT(s, i), &S_EFFECT(s, i + 1),
                    (s->effects.len - i - 1) * sizeof(Effect));
            s->effects.len--;
            event_emit(g, g->w->n_effect, f.id, f.obj, f.event, 0, ~0u, NULL, NULL);
            return true;
        }
    }
    return false;
}

/* ---------------------------------------------------------------- events ---------- */

static int32_t text_add(Game *g, const char *text)
{
    size_t n = strlen(text) + 1;
    if (!vec_reserve(&g->text, 1, n)) return -1;
    int32_t off = (int32_t)g->text.len;
    memcpy((char *)g->text.data + off, text, n);
    g->text.len += (uint32_t)n;
    return off;
}

const char *game_text(const Game *g, int32_t off)
{
    if (off < 0 || (uint32_t)off >= g->text.len) return "";
    return (const char *)g->text.data + off;
}

bool event_emit(Game *g, int32_t kind, int32_t a, int32_t b, int64_t c, int64_t d,
                uint32_t mask, const char *text, Err *e)
{
    State *s = &g->s;
    Event ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = kind;
    ev.a = a;
    ev.b = b;
    ev.c = c;
    ev.d = d;
    ev.mask = mask;
    ev.turn = s->h.turn;
    ev.text = text ? text_add(g, text) : -1;
    int32_t idx = vec_push(&g->events, sizeof ev, &ev);
    if (idx < 0 || (text && ev.text < 0)) {
        err_set(e, "out of memory");
        return false;
    }
    /* the rules' static listeners (rules.lua's `on`) first, in the order listed: content,
     * not state, so they hold for the whole game */
    for (int i = 0; i < g->w->nlisteners; i++) {
        const RulesListener *l = &g->w->listeners[i];
        if (l->event != kind) continue;
        Item it;
        memset(&it, 0, sizeof it);
        it.obj = EFFECT_RULES;
        it.kind = ITEM_TRIGGER;
        it.seat = SEAT_NONE;
        it.fn = l->handler;
        it.effect = -1;
        it.event = idx;
        it.params = -1;
        if (vec_push(&s->triggers, sizeof it, &it) < 0) {
            err_set(e, "out of memory");
            return false;
        }
    }
    /* then the triggers of the effects listening to this kind, in registration order */
    for (uint32_t i = 0; i < s->effects.len; i++) {
        Effect *f = &S_EFFECT(s, i);
        if (f->event != kind) continue;
        const Obj *src = f->obj == EFFECT_RULES ? NULL : &S_OBJ(s, f->obj);
        if (src && f->scope == SCOPE_WHILE_IN_PLAY &&
            (!src->alive || src->gen != f->obj_gen || src->zone < 0 ||
             !(S_ZONE(s, src->zone).flags & ZONE_IN_PLAY)))
            continue;
        Item it;
        memset(&it, 0, sizeof it);
        it.obj = f->obj;
        it.obj_gen = src ? src->gen : 0;
        it.kind = ITEM_TRIGGER;
        it.seat = f->controller;
        it.fn = f->handler;
        it.effect = f->id;
        it.event = idx;
        it.params = f->params;
        if (vec_push(&s->triggers, sizeof it, &it) < 0) {
            err_set(e, "out of memory");
            return false;
        }
        if (f->flags & EFFECT_ONCE) {
            effect_remove(g, f->id);
            i--;
        }
    }
    return true;
}

bool game_log(Game *g, int seat, const char *text)
{
    uint32_t mask = seat < 0 ? ~0u : (1u << seat);
    return event_emit(g, g->w->n_print, seat, 0, 0, 0, mask, text, NULL);
}

bool scope_end(Game *g, int scope, int32_t scope_name, Err *e)
{
    RO_CHECK(g, e);
    State *s = &g->s;
    uint32_t j = 0;
    for (uint32_t i = 0; i < s->effects.len; i++) {
        Effect *f = &S_EFFECT(s, i);
        if (f->scope == scope && (scope != SCOPE_NAMED || f->scope_name == scope_name)) continue;
        S_EFFECT(s, j++) = *f;
    }
    s->effects.len = j;
    j = 0;
    for (uint32_t i = 0; i < s->props.len; i++) {
        Prop *p = &S_PROP(s, i);
        if (p->scope == scope && (scope != SCOPE_NAMED || p->scope_name == scope_name)) continue;
        S_PROP(s, j++) = *p;
    }
    if (j < s->props.len) g->prop_index_ok = false; /* rebuilt without the removed ones */
    s->props.len = j;
    return true;
}

/* ---------------------------------------------------------------- dice ------------ */

/* Dice forced by a designer chunk (dice_force) wait in the dice array as dice of pool 0,
 * in order; the next die rolled or rerolled takes the first one's value and removes it.
 * Returns the value, 0 when none is waiting, -1 (e set) when it does not fit the die. */
static int forced_take(Game *g, int faces, const char *fname, Err *e)
{
    State *s = &g->s;
    for (uint32_t i = 0; i < s->dice.len; i++) {
        if (S_DIE(s, i).pool != 0) continue;
        int v = S_DIE(s, i).natural;
        if (v > faces) {
            err_set(e, "%s: the forced value %d does not fit a die of %d faces (dice.force)", fname, v, faces);
            return -1;
        }
        memmove(&S_DIE(s, i), &S_DIE(s, i + 1), (size_t)(s->dice.len - i - 1) * sizeof(Die));
        s->dice.len--;
        return v;
    }
    return 0;
}

bool dice_force(Game *g, const int *values, int n, Err *e)
{
    RO_CHECK(g, e);
    State *s = &g->s;
    int waiting = 0;
    for (uint32_t i = 0; i < s->dice.len; i++)
        if (S_DIE(s, i).pool == 0) waiting++;
    if (waiting + n > 100) {
        err_set(e, "at most 100 forced values may wait (%d already do)", waiting);
        return false;
    }
    for (int i = 0; i < n; i++) {
        if (values[i] < 1 || values[i] > 1000) {
            err_set(e, "value %d is not in 1..1000", values[i]);
            return false;
        }
        Die d;
        memset(&d, 0, sizeof d);
        d.natural = (int16_t)values[i];
        d.value = values[i];
        if (vec_push(&s->dice, sizeof d, &d) < 0) {
            err_set(e, "out of memory");
            return false;
        }
    }
    return true;
}

int32_t dice_roll(Game *g, int n, int faces, bool quiet, Err *e)
{
    RO_CHECK_I(g, e);
    if (n < 1 || n > 100) {
        err_set(e, "number of dice %d is not in 1..100", n);
        return -1;
    }
    if (faces < 2 || faces > 1000) {
        err_set(e, "faces %d is not in 2..1000", faces);
        return -1;
    }
    State *s = &g->s;
    int32_t pool = ++s->h.next_pool;
    for (int i = 0; i < n; i++) {
        Die d;
        memset(&d, 0, sizeof d);
        d.pool = pool;
        d.faces = (int16_t)faces;
        int forced = forced_take(g, faces, "dice.roll", e);
        if (forced < 0) return -1;
        d.natural = (int16_t)(forced ? forced : 1 + (int)rng_below(s, (uint32_t)faces));
        d.value = d.natural;
        if (vec_push(&s->dice, sizeof d, &d) < 0) {
            err_set(e, "out of memory");
            return -1;
        }
    }
    /* the log line says what was rolled: "dice pool 3: rolled 2, 5 (2d6)" */
    char text[800];
    int len = snprintf(text, sizeof text, "dice pool %d: rolled ", (int)pool);
    for (int i = 0; i < n; i++)
        len += snprintf(text + len, sizeof text - (size_t)len, "%s%d", i ? ", " : "",
                        S_DIE(s, s->dice.len - (uint32_t)n + (uint32_t)i).natural);
    snprintf(text + len, sizeof text - (size_t)len, " (%dd%d)", n, faces);
    /* quiet: the event, with no log line (the script narrates the roll) */
    if (!event_emit(g, g->w->n_dice, pool, n, faces, quiet, ~0u, text, e)) return -1;
    return pool;
}

static Die *die_find(Game *g, int32_t pool, int idx, int *count)
{
    State *s = &g->s;
    if (pool < 1) { /* pool 0 holds the forced values (dice_force), no pool of a roll */
        if (count) *count = 0;
        return NULL;
    }
    Die *first = NULL;
    int c = 0;
    for (uint32_t i = 0; i < s->dice.len; i++) {
        if (S_DIE(s, i).pool != pool) continue;
        if (!first) first = &S_DIE(s, i);
        c++;
    }
    if (count) *count = c;
    if (!first || idx < 0 || idx >= c) return NULL;
    return first + idx;
}

const Die *dice_get(const Game *g, int32_t pool, int idx, int *count)
{
    return die_find((Game *)g, pool, idx, count);
}

bool dice_reroll(Game *g, int32_t pool, int idx, Err *e)
{
    RO_CHECK(g, e);
    Die *d = die_find(g, pool, idx, NULL);
    if (!d) {
        err_set(e, "no die %d in pool %d", idx + 1, pool);
        return false;
    }
    int forced = forced_take(g, d->faces, "dice.reroll", e);
    if (forced < 0) return false;
    d = die_find(g, pool, idx, NULL); /* the forced die's slot is gone: find it again */
    d->natural = (int16_t)(forced ? forced : 1 + (int)rng_below(&g->s, (uint32_t)d->faces));
    d->value = d->natural;
    /* a reroll: b = the die (1-based), d = its new natural value; c = faces */
    return event_emit(g, g->w->n_reroll, pool, idx + 1, d->faces, d->natural, ~0u, NULL, e);
}

bool dice_modify(Game *g, int32_t pool, int idx, int delta, Err *e)
{
    RO_CHECK(g, e);
    Die *d = die_find(g, pool, idx, NULL);
    if (!d) {
        err_set(e, "no die %d in pool %d", idx + 1, pool);
        return false;
    }
    if (delta < -100000 || delta > 100000) {
        err_set(e, "delta %d out of range", delta);
        return false;
    }
    if ((delta > 0 && d->value > INT32_MAX - delta) || (delta < 0 && d->value < INT32_MIN - delta)) {
        err_set(e, "the die's value would overflow");
        return false;
    }
    d->value += delta;
    /* a = pool, b = die (1-based), c = delta, d = the new value */
    return event_emit(g, g->w->n_modify, pool, idx + 1, delta, d->value, ~0u, NULL, e);
}

/* ---------------------------------------------------------------- rng ------------- */

bool rng_force(Game *g, const int64_t *values, int n, Err *e)
{
    RO_CHECK(g, e);
    State *s = &g->s;
    if (n < 0 || s->forced.len + (uint32_t)n > 100) {
        err_set(e, "at most 100 forced values may wait (%u already do)", s->forced.len);
        return false;
    }
    for (int i = 0; i < n; i++)
        if (vec_push(&s->forced, sizeof(int64_t), &values[i]) < 0) {
            err_set(e, "out of memory");
            return false;
        }
    return true;
}

bool rng_draw(Game *g, int64_t lo, int64_t hi, const char *what, int64_t *out, Err *e)
{
    RO_CHECK(g, e);
    State *s = &g->s;
    assert(lo <= hi && (uint64_t)hi - (uint64_t)lo < UINT32_MAX);
    if (s->forced.len) {
        int64_t v = VEC_AT(s->forced, int64_t, 0);
        if (v < lo || v > hi) {
            err_set(e, "the forced value %lld is not in %lld..%lld (%s; rng.force)", (long long)v, (long long)lo,
                    (long long)hi, what);
            return false;
        }
        memmove(s->forced.data, &VEC_AT(s->forced, int64_t, 1), (size_t)(s->forced.len - 1) * sizeof(int64_t));
        s->forced.len--;
        *out = v;
        return true;
    }
    *out = (int64_t)((uint64_t)lo + rng_below(s, (uint32_t)((uint64_t)hi - (uint64_t)lo) + 1));
    return true;
}

int rng_forced_count(const Game *g) { return (int)g->s.forced.len; }

/* ---------------------------------------------------------------- seats, winning -- */

bool seat_eliminate(Game *g, int seat, const char *reason, Err *e)
{
    RO_CHECK(g, e);
    StateHdr *h = &g->s.h;
    if (seat < 0 || seat >= h->nseats) {
        err_set(e, "seat %d is not in 1..%d", seat + 1, h->nseats);
        return false;
    }
    if (seat_out(g, seat)) return true;
    h->out_seats |= 1u << seat;
    /* its extra turns go (the others keep their order) */
    int k = 0;
    for (int i = 0; i < h->extra_turns; i++)
        if (h->extra_seat[i] != seat) h->extra_seat[k++] = h->extra_seat[i];
    h->extra_turns = k;
    char line[400];
    snprintf(line, sizeof line, "seat %d is out of the game%s%s", seat + 1, reason && *reason ? ": " : "",
             reason ? reason : "");
    return event_emit(g, g->w->n_print, -1, 0, 0, 0, ~0u, line, e);
}

bool seat_set_role(Game *g, int seat, int32_t role, int32_t team, Err *e)
{
    RO_CHECK(g, e);
    if (seat < 0 || seat >= g->s.h.nseats) {
        err_set(e, "seat %d is not in 1..%d", seat + 1, g->s.h.nseats);
        return false;
    }
    S_SEAT(&g->s, seat).role = role;
    S_SEAT(&g->s, seat).team = team;
    return event_emit(g, g->w->n_role, seat, role, team, 0, ~0u, NULL, e);
}

bool game_win(Game *g, int32_t role, uint32_t seats, const char *reason, Err *e)
{
    RO_CHECK(g, e);
    State *s = &g->s;
    if (s->h.over) return true;
    s->h.over = 1;
    s->h.winner_role = role;
    s->h.winner_seat = -1;
    s->h.winner_seats = 0;
    if (role < 0 && seats && !(seats & (seats - 1))) { /* one seat */
        for (int k = 0; k < s->h.nseats; k++)
            if (seats == 1u << k) s->h.winner_seat = k;
    } else if (role < 0) {
        s->h.winner_seats = seats;
    }
    int seat = s->h.winner_seat;
    s->h.reason = state_str(s, reason ? reason : "");
    char line[400];
    char who[200];
    game_winner_text(g, who, sizeof who);
    snprintf(line, sizeof line, "game over: %s%s%s", who, reason && *reason ? " — " : "", reason ? reason : "");
    return event_emit(g, g->w->n_win, role, seat, (int64_t)s->h.winner_seats, 0, ~0u, line, e);
}

int game_rounds(const Game *g)
{
    const World *w = g->w;
    int n = g->s.h.nseats;
    if (w->rounds == ROUNDS_TURNS || (w->rounds == ROUNDS_SEATS && n <= 1)) return g->s.h.turn > 0 ? g->s.h.turn : 0;
    if (w->rounds != ROUNDS_SEATS) return 0;
    int rounds = 0, first = -1, prev = 0;
    for (uint32_t i = 0; i < g->events.len; i++) {
        const Event *ev = &VEC_AT(g->events, Event, i);
        if (ev->kind != w->n_turn) continue;
        int seat = ev->b;
        if (first < 0) {
            first = seat;
            rounds = 1;
            continue;
        }
        int at = ((seat - first) % n + n) % n; /* places after the first seat, round the table */
        if (at < prev) rounds++;
        prev = at;
    }
    return rounds;
}

bool game_won_by(const Game *g, int seat)
{
    const StateHdr *h = &g->s.h;
    if (!h->over || seat < 0 || seat >= h->nseats) return false;
    if (h->winner_role >= 0) return S_SEAT(&g->s, seat).role == h->winner_role;
    return h->winner_seat == seat || (h->winner_seats & (1u << seat));
}

void game_winner_text(const Game *g, char *buf, size_t n)
{
    const StateHdr *h = &g->s.h;
    if (h->winner_role < 0 && h->winner_seats) { /* "seats 1 and 3 win", "seats 1, 2 and 4 win" */
        Buf b = {0};
        int k = 0, all = 0;
        for (int s = 0; s < h->nseats; s++) all += (h->winner_seats >> s) & 1u;
        for (int s = 0; s < h->nseats; s++)
            if (h->winner_seats & (1u << s))
                buf_printf(&b, "%s%d", k++ == 0 ? "seats " : k == all ? " and " : ", ", s + 1);
        buf_printf(&b, " win");
        snprintf(buf, n, "%s", b.s ? b.s : "");
        buf_free(&b);
        return;
    }
    if (h->winner_role < 0) {
        if (h->winner_seat >= 0) snprintf(buf, n, "seat %d wins", h->winner_seat + 1);
        else snprintf(buf, n, "a draw"); /* game.draw: nobody wins */
        return;
    }
    /* a role that is a word reads as a name: "the Creature", "the Hunted" */
    const char *role = names_str(&g->w->names, h->winner_role);
    bool word = *role != 0;
    for (const char *p = role; *p; p++)
        if (!isalpha((unsigned char)*p) && *p != ' ' && *p != '-') word = false;
    Buf b = {0};
    if (word) buf_printf(&b, "the %c%s", toupper((unsigned char)role[0]), role + 1);
    else buf_printf(&b, "%s", role);
    int held = 0;
    for (int s = 0; s < h->nseats; s++) held += S_SEAT(&g->s, s).role == h->winner_role;
    for (int s = 0, k = 0; s < h->nseats; s++)
        if (S_SEAT(&g->s, s).role == h->winner_role)
            buf_printf(&b, "%s%d", k++ ? ", " : held > 1 ? " (seats " : " (seat ", s + 1);
    buf_printf(&b, "%s %s", held ? ")" : "", held > 1 ? "win" : "wins");
    snprintf(buf, n, "%s", b.s ? b.s : "");
    buf_free(&b);
}

bool game_skip_step(Game *g, int32_t step, Err *e)
{
    RO_CHECK(g, e);
    for (int i = 0; i < g->w->nsteps; i++) {
        if (g->w->steps[i].name == step)
            return prop_set(g, ENT_GAME, 0, g->w->steps[i].skip_key, PV_BOOL, 1, SCOPE_TURN, -1, e);
    }
    err_set(e, "no step named '%s'", names_str(&g->w->names, step));
    return false;
}

bool game_extra_turn(Game *g, int seat, Err *e)
{
    RO_CHECK(g, e);
    StateHdr *h = &g->s.h;
    if (seat < 0 || seat >= h->nseats) {
        err_set(e, "seat %d is not in 1..%d", seat + 1, h->nseats);
        return false;
    }
    if (seat_out(g, seat)) {
        err_set(e, "seat %d is out of the game", seat + 1);
        return false;
    }
    if (h->extra_turns >= 8) {
        err_set(e, "at most 8 extra turns may be queued");
        return false;
    }
    h->extra_seat[h->extra_turns++] = seat;
    return event_emit(g, g->w->n_extra, seat, h->extra_turns, 0, 0, ~0u, NULL, e);
}
