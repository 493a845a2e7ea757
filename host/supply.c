/* supply.c — counter supplies: made with their totals, counters moved between the pool,
 * out, seats, zones and cards all or nothing (or drawn at random), read back, and
 * written into a seat's view. See supply.h for the model. */
#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "supply.h"

/* The entry of (name, kind, holder), or -1. */
static int32_t find(const State *s, int32_t name, int32_t kind, int32_t holder)
{
    for (uint32_t i = 0; i < s->counters.len; i++) {
        const Counter *c = &S_COUNTER(s, i);
        if (c->supply == name && c->kind == kind && c->holder == holder) return (int32_t)i;
    }
    return -1;
}

bool supply_exists(const Game *g, int32_t name)
{
    for (uint32_t i = 0; i < g->s.counters.len; i++)
        if (S_COUNTER(&g->s, i).supply == name) return true;
    return false;
}

static int nsupplies(const State *s)
{
    int n = 0;
    for (uint32_t i = 0; i < s->counters.len; i++) {
        const Counter *c = &S_COUNTER(s, i);
        if (c->holder != SUPPLY_TOTAL) continue;
        bool first = true; /* the first total of its supply */
        for (uint32_t k = 0; k < i && first; k++)
            if (S_COUNTER(s, k).supply == c->supply) first = false;
        n += first;
    }
    return n;
}

static bool push(State *s, int32_t name, int32_t kind, int32_t holder, int64_t n, int flags, Err *e)
{
    Counter c = {.supply = name, .kind = kind, .holder = holder, .flags = flags, .n = n};
    if (vec_push(&s->counters, sizeof c, &c) < 0) {
        err_set(e, "out of memory");
        return false;
    }
    return true;
}

bool supply_hidden(const Game *g, int32_t name)
{
    for (uint32_t i = 0; i < g->s.counters.len; i++) {
        const Counter *c = &S_COUNTER(&g->s, i);
        if (c->supply == name && c->holder == SUPPLY_TOTAL) return (c->flags & SUPPLY_HIDDEN) != 0;
    }
    return false;
}

bool supply_new(Game *g, int32_t name, const int32_t *kinds, const int64_t *totals, int n, int flags, Err *e)
{
    const Names *nm = &g->w->names;
    if (g->readonly) {
        err_set(e, "cannot change the game here (a read-only query such as can_play or an inspection)");
        return false;
    }
    if (supply_exists(g, name)) {
        err_set(e, "supply '%s' already exists", names_str(nm, name));
        return false;
    }
    if (nsupplies(&g->s) >= SUPPLY_MAX) {
        err_set(e, "at most %d supplies in a game", SUPPLY_MAX);
        return false;
    }
    if (n < 1 || n > SUPPLY_KINDS_MAX) {
        err_set(e, "a supply has 1 to %d kinds of counter (%d given)", SUPPLY_KINDS_MAX, n);
        return false;
    }
    for (int i = 0; i < n; i++) {
        if (totals[i] != SUPPLY_UNLIMITED && (totals[i] < 0 || totals[i] > SUPPLY_COUNT_MAX)) {
            err_set(e, "the total of '%s' must be 0 to %d or \"unlimited\" (%" PRId64 " given)",
                    names_str(nm, kinds[i]), SUPPLY_COUNT_MAX, totals[i]);
            return false;
        }
        for (int k = 0; k < i; k++)
            if (kinds[k] == kinds[i]) {
                err_set(e, "kind '%s' is given twice", names_str(nm, kinds[i]));
                return false;
            }
    }
    uint32_t before = g->s.counters.len;
    /* the totals first, in order (they say what the supply is), then the pool */
    for (int i = 0; i < n; i++)
        if (!push(&g->s, name, kinds[i], SUPPLY_TOTAL, totals[i], flags & SUPPLY_HIDDEN, e)) goto fail;
    for (int i = 0; i < n; i++)
        if (!push(&g->s, name, kinds[i], SUPPLY_POOL, totals[i], 0, e)) goto fail;
    return true;
fail:
    g->s.counters.len = before;
    return false;
}

int supply_kinds(const Game *g, int32_t name, int32_t *kinds, int64_t *totals, int cap)
{
    int n = 0;
    for (uint32_t i = 0; i < g->s.counters.len; i++) {
        const Counter *c = &S_COUNTER(&g->s, i);
        if (c->supply != name || c->holder != SUPPLY_TOTAL) continue;
        if (n < cap) {
            if (kinds) kinds[n] = c->kind;
            if (totals) totals[n] = c->n;
        }
        n++;
    }
    return n;
}

int64_t supply_count(const Game *g, int32_t name, int32_t kind, int32_t holder)
{
    int32_t i = find(&g->s, name, kind, holder);
    return i < 0 ? 0 : S_COUNTER(&g->s, i).n;
}

bool supply_lookup(const Game *g, int32_t name, int32_t kind, int32_t holder, int64_t *n)
{
    bool kind_ok = false;
    int64_t v = 0;
    for (uint32_t i = 0; i < g->s.counters.len; i++) {
        const Counter *c = &S_COUNTER(&g->s, i);
        if (c->supply != name || c->kind != kind) continue;
        if (c->holder == SUPPLY_TOTAL) kind_ok = true;
        if (c->holder == holder) v = c->n;
    }
    if (kind_ok) *n = v;
    return kind_ok;
}

bool supply_holder_ok(const Game *g, int32_t holder)
{
    if (holder == SUPPLY_POOL || holder == SUPPLY_OUT) return true;
    if (holder >= 0 && holder < g->s.h.nseats) return true;
    if (holder >= SUPPLY_ZONE && holder < SUPPLY_CARD) return (uint32_t)(holder - SUPPLY_ZONE) < g->s.zones.len;
    if (holder < SUPPLY_CARD) return false;
    uint32_t o = (uint32_t)(holder - SUPPLY_CARD);
    return o < g->s.objs.len && S_OBJ(&g->s, o).alive;
}

/* The seats that would see a face-up card in zone zi (obj_mask's rules for a zone). */
static uint32_t zone_sees(const Game *g, int32_t zi)
{
    const State *s = &g->s;
    const Zone *z = &S_ZONE(s, zi);
    const uint32_t seats = (1u << s->h.nseats) - 1u;
    if (z->flags & ZONE_SECRET) return 0;
    uint32_t open = (seats | 1u << 31) & ~(z->hide & seats);
    switch (z->vis) {
    case VIS_PUBLIC: return open;
    case VIS_OWNER: return z->owner >= 0 ? open & seats & (1u << z->owner) : 0;
    default: return 0;
    }
}

uint32_t supply_sees(const Game *g, int32_t name, int32_t holder)
{
    if (!supply_hidden(g, name) || holder == SUPPLY_OUT) return ~0u;
    if (holder == SUPPLY_POOL) return 0;
    if (holder >= SUPPLY_CARD) return obj_mask(g, holder - SUPPLY_CARD);
    if (holder >= SUPPLY_ZONE) return zone_sees(g, holder - SUPPLY_ZONE);
    return holder >= 0 && holder < 31 ? 1u << holder : 0;
}

const char *supply_holder_text(const Game *g, int32_t holder, char *buf, size_t n)
{
    if (holder == SUPPLY_POOL) snprintf(buf, n, "pool");
    else if (holder == SUPPLY_OUT) snprintf(buf, n, "out of play");
    else if (holder >= SUPPLY_ZONE && holder < SUPPLY_CARD) {
        const Zone *z = &S_ZONE(&g->s, holder - SUPPLY_ZONE);
        const char *label = world_zone_label(g->w, z->name);
        if (z->owner >= 0) snprintf(buf, n, "%s (seat %d)", label, z->owner + 1);
        else snprintf(buf, n, "%s", label);
    } else if (holder >= 0 && holder < SUPPLY_ZONE) snprintf(buf, n, "seat %d", holder + 1);
    else {
        int32_t o = holder - SUPPLY_CARD;
        /* a card's name only where every seat and a spectator see it: the line is
         * everyone's */
        uint32_t all = (g->s.h.nseats >= 32 ? ~0u : (1u << g->s.h.nseats) - 1) | 1u << 31;
        bool seen = (obj_mask(g, o) & all) == all;
        const Obj *ob = &S_OBJ(&g->s, o);
        if (seen && ob->owner >= 0 && g->s.h.nseats > 1)
            snprintf(buf, n, "%s (seat %d)", g->w->defs[ob->def].name, ob->owner + 1);
        else if (seen) snprintf(buf, n, "%s", g->w->defs[ob->def].name);
        else snprintf(buf, n, "a card");
    }
    return buf;
}

int32_t supply_event_holder(int64_t d, int which)
{
    return (int32_t)(uint32_t)((uint64_t)d >> (which ? 32 : 0));
}

/* What supply_move and supply_draw check first: the game may change, the supply and
 * both holders exist. */
static bool move_allowed(const Game *g, int32_t name, int32_t from, int32_t to, Err *e)
{
    if (g->readonly) {
        err_set(e, "cannot change the game here (a read-only query such as can_play or an inspection)");
        return false;
    }
    if (!supply_exists(g, name)) {
        err_set(e, "no supply '%s' (make it with supply.new)", names_str(&g->w->names, name));
        return false;
    }
    if (!supply_holder_ok(g, from) || !supply_holder_ok(g, to)) {
        err_set(e, "no such holder (the pool, out, a seat, a zone or a card in the game)");
        return false;
    }
    return true;
}

bool supply_move(Game *g, int32_t name, int32_t from, int32_t to, const int32_t *kinds, const int64_t *n,
                 int nk, const char *reason, Err *e)
{
    const Names *nm = &g->w->names;
    State *s = &g->s;
    char hf[160], ht[160];
    if (!move_allowed(g, name, from, to, e)) return false;
    if (from == to) {
        err_set(e, "%s moves counters to itself", supply_holder_text(g, from, hf, sizeof hf));
        return false;
    }
    if (nk < 0 || nk > SUPPLY_KINDS_MAX) {
        err_set(e, "too many kinds in one move");
        return false;
    }
    /* check everything before changing anything: the kinds, the counts, the shortfalls
     * (every kind short, in the order given), and room in the holder moved to */
    char shortm[400] = "";
    size_t su = 0;
    for (int i = 0; i < nk; i++) {
        int32_t t = find(s, name, kinds[i], SUPPLY_TOTAL);
        if (t < 0) {
            err_set(e, "'%s' is no kind of supply '%s'", names_str(nm, kinds[i]), names_str(nm, name));
            return false;
        }
        for (int k = 0; k < i; k++)
            if (kinds[k] == kinds[i]) {
                err_set(e, "kind '%s' is given twice", names_str(nm, kinds[i]));
                return false;
            }
        if (n[i] < 0 || n[i] > SUPPLY_COUNT_MAX) {
            err_set(e, "the count of '%s' must be 0 to %d (%" PRId64 " given)", names_str(nm, kinds[i]),
                    SUPPLY_COUNT_MAX, n[i]);
            return false;
        }
        bool unlimited = S_COUNTER(s, t).n == SUPPLY_UNLIMITED;
        int64_t has = supply_count(g, name, kinds[i], from);
        if (!(unlimited && from == SUPPLY_POOL) && has < n[i] && su < sizeof shortm) {
            su += (size_t)snprintf(shortm + su, sizeof shortm - su, "%s%s has %" PRId64 " %s of '%s', %" PRId64
                                   " to move: %" PRId64 " short", su ? "; " : "",
                                   supply_holder_text(g, from, hf, sizeof hf), has, names_str(nm, kinds[i]),
                                   names_str(nm, name), n[i], n[i] - has);
        }
        if (unlimited && to != SUPPLY_POOL && supply_count(g, name, kinds[i], to) + n[i] > SUPPLY_COUNT_MAX) {
            err_set(e, "%s would hold more than %d %s", supply_holder_text(g, to, ht, sizeof ht),
                    SUPPLY_COUNT_MAX, names_str(nm, kinds[i]));
            return false;
        }
    }
    if (su) {
        err_set(e, "%s", shortm);
        return false;
    }
    /* the entries moved to, made first (a count of 0 changes no total), so that the
     * move itself allocates nothing and cannot stop halfway */
    for (int i = 0; i < nk; i++)
        if (n[i] > 0 && find(s, name, kinds[i], to) < 0 && !push(s, name, kinds[i], to, 0, 0, e)) return false;
    char line[600];
    size_t u = (size_t)snprintf(line, sizeof line, "%s: ", names_str(nm, name));
    int moved = 0;
    for (int i = 0; i < nk; i++) {
        if (n[i] == 0) continue;
        bool unlimited = S_COUNTER(s, find(s, name, kinds[i], SUPPLY_TOTAL)).n == SUPPLY_UNLIMITED;
        /* (checked above: from holds them, so it has its entry; to's was made) */
        int32_t fi = find(s, name, kinds[i], from), ti = find(s, name, kinds[i], to);
        assert(fi >= 0 && ti >= 0);
        if (!(unlimited && from == SUPPLY_POOL)) S_COUNTER(s, fi).n -= n[i];
        if (!(unlimited && to == SUPPLY_POOL)) S_COUNTER(s, ti).n += n[i];
        if (u < sizeof line)
            u += (size_t)snprintf(line + u, sizeof line - u, "%s%" PRId64 " %s", moved ? ", " : "", n[i],
                                  names_str(nm, kinds[i]));
        moved++;
    }
    if (!moved) return true; /* nothing to move: no event */
    if (u < sizeof line)
        u += (size_t)snprintf(line + u, sizeof line - u, ": %s -> %s", supply_holder_text(g, from, hf, sizeof hf),
                              supply_holder_text(g, to, ht, sizeof ht));
    int32_t reason_at = 0; /* where " (reason)" starts in the line, plus 1 */
    if (reason && u + strlen(reason) + 3 < sizeof line) {
        reason_at = (int32_t)u + 1;
        snprintf(line + u, sizeof line - u, " (%s)", reason);
    }
    uint32_t ev0 = g->events.len;
    int64_t d = (int64_t)((uint64_t)(uint32_t)from | (uint64_t)(uint32_t)to << 32);
    /* who sees the kinds moved: everyone, or of a hidden supply those who see the kinds
     * of the holder moved from or of the one moved to */
    uint32_t mask = supply_sees(g, name, from) | supply_sees(g, name, to);
    bool first = true;
    for (int i = 0; i < nk; i++) {
        if (n[i] == 0) continue;
        if (!event_emit(g, g->w->n_supply, name, kinds[i], n[i], d, mask, first ? line : NULL, e)) return false;
        if (first) VEC_AT(g->events, Event, ev0).cells = reason_at;
        first = false;
    }
    return true;
}

bool supply_draw(Game *g, int32_t name, int32_t from, int32_t to, int n, int32_t *drawn, const char *reason,
                 Err *e)
{
    const Names *nm = &g->w->names;
    State *s = &g->s;
    char hf[160];
    if (!move_allowed(g, name, from, to, e)) return false;
    if (n < 0 || n > SUPPLY_DRAW_MAX) {
        err_set(e, "the number of counters to draw must be 0 to %d (%d given)", SUPPLY_DRAW_MAX, n);
        return false;
    }
    int32_t kinds[SUPPLY_KINDS_MAX];
    int64_t totals[SUPPLY_KINDS_MAX], has[SUPPLY_KINDS_MAX], got[SUPPLY_KINDS_MAX] = {0}, held = 0;
    int nk = supply_kinds(g, name, kinds, totals, SUPPLY_KINDS_MAX);
    for (int k = 0; k < nk; k++) {
        if (from == SUPPLY_POOL && totals[k] == SUPPLY_UNLIMITED) {
            err_set(e, "the pool of '%s' holds unlimited '%s': it cannot be drawn from at random", names_str(nm, name),
                    names_str(nm, kinds[k]));
            return false;
        }
        has[k] = supply_count(g, name, kinds[k], from);
        held += has[k];
    }
    if (n > held) {
        err_set(e, "%s holds %" PRId64 " counter%s of '%s', %d to draw", supply_holder_text(g, from, hf, sizeof hf),
                held, held == 1 ? "" : "s", names_str(nm, name), n);
        return false;
    }
    if (from == to) {
        err_set(e, "%s draws counters to itself", supply_holder_text(g, from, hf, sizeof hf));
        return false;
    }
    /* the generator and the forced values as they were, for a draw that fails */
    uint64_t rng[4];
    int64_t forced[100];
    uint32_t nforced = s->forced.len < 100 ? s->forced.len : 100;
    memcpy(rng, s->h.rng, sizeof rng);
    if (nforced) memcpy(forced, s->forced.data, nforced * sizeof *forced);
    for (int i = 0; i < n; i++) {
        int64_t r;
        if (!rng_draw(g, 1, held - i, "the positions of the counters left to draw from", &r, e)) goto undo;
        int k = 0;
        while (r > has[k]) r -= has[k++]; /* the r-th counter, in the supply's order of kinds */
        assert(k < nk);
        has[k]--;
        got[k]++;
        drawn[i] = kinds[k];
    }
    if (supply_move(g, name, from, to, kinds, got, nk, reason, e)) return true;
undo:
    memcpy(s->h.rng, rng, sizeof rng);
    if (nforced) memcpy(s->forced.data, forced, nforced * sizeof *forced);
    s->forced.len = nforced;
    return false;
}

bool supply_event_text(const Game *g, int seat, uint32_t ev, char *buf, size_t n)
{
    const Event *e = &VEC_AT(g->events, Event, ev);
    if (e->text < 0) return false; /* a move's later kinds: its first event has the line */
    bool sees = (e->mask & (seat >= 0 ? 1u << seat : 1u << 31)) != 0;
    if (sees) {
        snprintf(buf, n, "%s", game_text(g, e->text));
        return true;
    }
    /* the kinds left out: how many counters the move's events moved */
    int64_t total = e->c;
    for (uint32_t i = ev + 1; i < g->events.len; i++) {
        const Event *x = &VEC_AT(g->events, Event, i);
        if (x->kind != e->kind || x->text >= 0 || x->a != e->a || x->d != e->d) break;
        total += x->c;
    }
    char hf[160], ht[160];
    snprintf(buf, n, "%s: %" PRId64 " counter%s: %s -> %s%s", names_str(&g->w->names, e->a), total,
             total == 1 ? "" : "s", supply_holder_text(g, supply_event_holder(e->d, 0), hf, sizeof hf),
             supply_holder_text(g, supply_event_holder(e->d, 1), ht, sizeof ht),
             e->cells > 0 ? game_text(g, e->text) + e->cells - 1 : "");
    return true;
}

/* ---------------------------------------------------------------- views ----------- */

/* The distinct supply names in order of creation, at most SUPPLY_MAX. */
static int supply_names(const State *s, int32_t *names)
{
    int n = 0;
    for (uint32_t i = 0; i < s->counters.len; i++) {
        const Counter *c = &S_COUNTER(s, i);
        if (c->holder != SUPPLY_TOTAL) continue;
        bool seen = false;
        for (int k = 0; k < n && !seen; k++) seen = names[k] == c->supply;
        if (!seen && n < SUPPLY_MAX) names[n++] = c->supply;
    }
    return n;
}

void supply_view_write(const Game *g, const ViewSink *o)
{
    const State *s = &g->s;
    const Names *nm = &g->w->names;
    int32_t names[SUPPLY_MAX], kinds[SUPPLY_KINDS_MAX];
    int64_t totals[SUPPLY_KINDS_MAX];
    int ns = supply_names(s, names);
    if (!ns) return;
    o->open(o->ud, "supplies", false, ns);
    for (int i = 0; i < ns; i++) {
        int nk = supply_kinds(g, names[i], kinds, totals, SUPPLY_KINDS_MAX);
        bool hidden = supply_hidden(g, names[i]);
        o->open(o->ud, names_str(nm, names[i]), false, 4);
        if (hidden) o->boolean(o->ud, "hidden", true);
        o->open(o->ud, "kinds", true, nk);
        for (int k = 0; k < nk; k++) o->string(o->ud, NULL, names_str(nm, kinds[k]));
        o->close(o->ud);
        /* totals and pool of the kinds that have a total; the unlimited ones listed */
        const char *part[2] = {"total", "pool"};
        for (int p = 0; p < 2 - hidden; p++) {
            o->open(o->ud, part[p], false, nk);
            for (int k = 0; k < nk; k++)
                if (totals[k] != SUPPLY_UNLIMITED)
                    o->integer(o->ud, names_str(nm, kinds[k]),
                               p ? supply_count(g, names[i], kinds[k], SUPPLY_POOL) : totals[k]);
            o->close(o->ud);
        }
        if (hidden) { /* the pool's kinds are nobody's to see: only how many it holds */
            int64_t left = 0;
            for (int k = 0; k < nk; k++)
                if (totals[k] != SUPPLY_UNLIMITED) left += supply_count(g, names[i], kinds[k], SUPPLY_POOL);
            o->integer(o->ud, "pool_count", left);
        }
        /* what is out of play, when anything is (its kinds everyone's to see) */
        int64_t out = 0;
        for (int k = 0; k < nk; k++) out += supply_count(g, names[i], kinds[k], SUPPLY_OUT);
        if (out) {
            o->open(o->ud, "out", false, nk);
            for (int k = 0; k < nk; k++) {
                int64_t v = supply_count(g, names[i], kinds[k], SUPPLY_OUT);
                if (v) o->integer(o->ud, names_str(nm, kinds[k]), v);
            }
            o->close(o->ud);
        }
        int nu = 0;
        for (int k = 0; k < nk; k++) nu += totals[k] == SUPPLY_UNLIMITED;
        if (nu) {
            o->open(o->ud, "unlimited", true, nu);
            for (int k = 0; k < nk; k++)
                if (totals[k] == SUPPLY_UNLIMITED) o->string(o->ud, NULL, names_str(nm, kinds[k]));
            o->close(o->ud);
        }
        o->close(o->ud);
    }
    o->close(o->ud);
}

void supply_view_holder(const Game *g, int32_t holder, int seat, const ViewSink *o)
{
    const State *s = &g->s;
    const Names *nm = &g->w->names;
    int32_t names[SUPPLY_MAX], kinds[SUPPLY_KINDS_MAX];
    int ns = supply_names(s, names);
    bool thing = holder >= SUPPLY_ZONE, opened = false; /* a card or a zone: the kinds it holds only */
    uint32_t bit = seat >= 0 ? 1u << seat : 1u << 31;
    int nhid = 0; /* hidden supplies whose holding here this seat does not see */
    bool unseen[SUPPLY_MAX];
    for (int i = 0; i < ns; i++) {
        unseen[i] = !(supply_sees(g, names[i], holder) & bit);
        int nk = supply_kinds(g, names[i], kinds, NULL, SUPPLY_KINDS_MAX);
        if (unseen[i]) {
            int64_t held = 0;
            for (int k = 0; k < nk && thing && !held; k++) held += supply_count(g, names[i], kinds[k], holder);
            nhid += !thing || held > 0;
            continue;
        }
        bool sup = false;
        for (int k = 0; k < nk; k++) {
            int64_t v = supply_count(g, names[i], kinds[k], holder);
            if (thing && v == 0) continue;
            if (!opened) o->open(o->ud, "supply", false, ns);
            if (!sup) o->open(o->ud, names_str(nm, names[i]), false, nk);
            opened = sup = true;
            o->integer(o->ud, names_str(nm, kinds[k]), v);
        }
        if (sup) o->close(o->ud);
    }
    if (opened) o->close(o->ud);
    if (!nhid) return;
    o->open(o->ud, "supply_hidden", false, nhid);
    for (int i = 0; i < ns; i++) {
        if (!unseen[i]) continue;
        int nk = supply_kinds(g, names[i], kinds, NULL, SUPPLY_KINDS_MAX);
        int64_t held = 0;
        for (int k = 0; k < nk; k++) held += supply_count(g, names[i], kinds[k], holder);
        if (!thing || held) o->integer(o->ud, names_str(nm, names[i]), held);
    }
    o->close(o->ud);
}

bool supply_on_cards(const Game *g)
{
    for (uint32_t i = 0; i < g->s.counters.len; i++) {
        const Counter *c = &S_COUNTER(&g->s, i);
        if (c->holder >= SUPPLY_CARD && c->n) return true;
    }
    return false;
}

bool supply_on_zones(const Game *g)
{
    for (uint32_t i = 0; i < g->s.counters.len; i++) {
        const Counter *c = &S_COUNTER(&g->s, i);
        if (c->holder >= SUPPLY_ZONE && c->holder < SUPPLY_CARD && c->n) return true;
    }
    return false;
}

/* ------------------------------------------------------------ worlds for a seat --- */

/* A holder whose kinds the seat does not see, and how many counters it holds. */
typedef struct {
    int32_t holder;
    int64_t n;
} Holding;

static int by_holder(const void *a, const void *b)
{
    int32_t x = ((const Holding *)a)->holder, y = ((const Holding *)b)->holder;
    return (x > y) - (x < y);
}

static int by_kind(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

#define REDEAL_MAX 4096 /* counters dealt again in one supply, at most */

/* Sets (name, kind, holder) to n in s, adding the entry when n > 0 and it has none. */
static bool set_count(State *s, int32_t name, int32_t kind, int32_t holder, int64_t n)
{
    int32_t i = find(s, name, kind, holder);
    if (i >= 0) {
        S_COUNTER(s, i).n = n;
        return true;
    }
    Err e;
    return n == 0 || push(s, name, kind, holder, n, 0, &e);
}

/* (supply.h) The holders and the bag are put in a fixed order (by holder, by kind)
 * before the bag is shuffled: the deal depends on what the seat sees, not on who held
 * which kind. */
bool supply_redeal(Game *g, int seat, uint64_t (*next)(void *), void *ud, State *const *also, int nalso)
{
    State *s = &g->s;
    int32_t names[SUPPLY_MAX];
    int ns = supply_names(s, names);
    bool ok = true;
    for (int k = 0; k < ns; k++) {
        if (!supply_hidden(g, names[k])) continue;
        Holding h[64];
        int nh = 0;
        int32_t bag[REDEAL_MAX];
        int nb = 0;
        bool skip = false;
        for (uint32_t i = 0; i < s->counters.len && !skip; i++) {
            const Counter *c = &S_COUNTER(s, i);
            if (c->supply != names[k] || c->holder == SUPPLY_TOTAL || c->n == 0) continue;
            if (supply_sees(g, names[k], c->holder) & (1u << seat)) continue;
            if (c->n < 0 || nb + c->n > REDEAL_MAX) {
                skip = true; /* unlimited, or too many */
                break;
            }
            int j = 0;
            while (j < nh && h[j].holder != c->holder) j++;
            if (j == nh) {
                if (nh == 64) {
                    skip = true;
                    break;
                }
                h[nh++] = (Holding){c->holder, 0};
            }
            h[j].n += c->n;
            for (int64_t m = 0; m < c->n; m++) bag[nb++] = c->kind;
        }
        if (skip || nh < 2) continue; /* one holder: nothing to deal between */
        /* an action that waits runs again from its snapshot: deal there only when the
         * snapshot holds the same unseen counters (none of them moved since) */
        bool same = true;
        for (int a = 0; a < nalso && same; a++)
            for (uint32_t i = 0; i < s->counters.len && same; i++) {
                const Counter *c = &S_COUNTER(s, i);
                if (c->supply != names[k] || c->holder == SUPPLY_TOTAL) continue;
                if (supply_sees(g, names[k], c->holder) & (1u << seat)) continue;
                int32_t at = find(also[a], names[k], c->kind, c->holder);
                same = at >= 0 ? S_COUNTER(also[a], at).n == c->n : c->n == 0;
            }
        if (!same) continue;
        qsort(h, (size_t)nh, sizeof *h, by_holder);
        qsort(bag, (size_t)nb, sizeof *bag, by_kind);
        for (int i = nb - 1; i > 0; i--) {
            int j = (int)(((next(ud) >> 32) * (uint64_t)(i + 1)) >> 32);
            int32_t t = bag[i];
            bag[i] = bag[j];
            bag[j] = t;
        }
        /* every unseen holding to 0, then each holder's count dealt from the bag */
        for (int st = -1; st < nalso; st++) {
            State *x = st < 0 ? s : also[st];
            for (uint32_t i = 0; i < x->counters.len; i++) {
                Counter *c = &S_COUNTER(x, i);
                for (int j = 0; j < nh; j++)
                    if (c->supply == names[k] && c->holder == h[j].holder) c->n = 0;
            }
            int at = 0;
            for (int j = 0; j < nh; j++)
                for (int64_t m = 0; m < h[j].n; m++, at++) {
                    int32_t i = find(x, names[k], bag[at], h[j].holder);
                    int64_t was = i >= 0 ? S_COUNTER(x, i).n : 0;
                    ok = set_count(x, names[k], bag[at], h[j].holder, was + 1) && ok;
                }
        }
    }
    return ok;
}
