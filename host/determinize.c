/* determinize.c — one possible world for a seat: what it cannot see dealt again.
 *
 * A bot that looks ahead plays the game forward in clones. Played forward as it is, a
 * clone holds the truth: the cards in the others' hands, the order of the decks, the
 * dice to come. game_determinize makes the clone one of the games the seat cannot tell
 * from the real one, drawn at random:
 *
 * - the cards the seat does not see now (obj_visible) are dealt again among themselves:
 *   each keeps its place, its owner, its properties and whether it is face down, and
 *   takes the face (the definition) of one of them, every way as likely. A card's back
 *   is public (a Hunt card has a Hunt back), so faces are dealt only among cards of the
 *   same back (CardDef.back: the card's "back" in its pack, else its kind); and among
 *   cards of the same owner when a pack says its cards' owners show on their backs
 *   (Pack.owner_on_back: each player's own colour). Not otherwise: an owner given to the
 *   cards a seat draws (card.set_owner, or a hand made with card.new) would tell the
 *   search which faces are in the others' hands;
 * - the randomness to come is drawn again: the generator is seeded anew, and the values
 *   rng.force left waiting are dropped. Randomness already used stays as it was: when a
 *   script action waits at the question, the clone runs that action again from its start
 *   when answered (game_rebuild), with its dice as they fell, and takes the new seed the
 *   moment it has used the answers recorded before (game_replay_answer). When that run
 *   goes another way (it ends before it has used them: a card dealt again made no
 *   question), Game.reseeded stays false: the world does not fit what the seat saw, and
 *   a bot drops it.
 *
 * The faces dealt depend only on which faces are unseen in each group and where the
 * unseen cards lie (zone by zone, from the top), never on which card held which, nor on
 * the cards' handles: two games the seat cannot tell apart give the same worlds.
 *
 * - the counters of a hidden supply whose kinds the seat does not see (the bag, the
 *   others' holdings) are dealt again among their holders, each keeping its count
 *   (supply_redeal).
 *
 * What it does not hide: properties the seat does not see stay as they are (rules that
 * keep a secret in a property rather than on a card's face show it to the search); a
 * card made during the action that waits (it is made again, with its face, when the
 * action runs again), and a hidden supply's counters moved during it, stay true; so do a
 * hidden supply with an unlimited kind or more than 4,096 unseen counters.
 * Read next: game.c (clones, rebuilding an action), repl/lookahead.c (its user). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "supply.h"

typedef struct {
    int32_t back, owner, def, obj;
    int64_t place; /* where it lies: zone, then from the top (attached: after all of them) */
} Unseen;

static int by_group_then_def(const void *a, const void *b)
{
    const Unseen *x = a, *y = b;
    if (x->back != y->back) return x->back < y->back ? -1 : 1;
    if (x->owner != y->owner) return x->owner < y->owner ? -1 : 1;
    if (x->def != y->def) return x->def < y->def ? -1 : 1;
    return 0;
}

static int by_place(const void *a, const void *b)
{
    int64_t x = ((const Unseen *)a)->place, y = ((const Unseen *)b)->place;
    return (x > y) - (x < y);
}

static uint64_t next_bits(void *x)
{
    return splitmix64(x);
}

static uint32_t below(uint64_t *x, uint32_t n)
{
    return (uint32_t)(((splitmix64(x) >> 32) * (uint64_t)n) >> 32);
}

/* The new faces into a state that holds the objects (the snapshot an action is rebuilt
 * from may not yet hold those made since). */
static void deal_into(State *s, const Unseen *u, int n)
{
    for (int i = 0; i < n; i++)
        if ((uint32_t)u[i].obj < s->objs.len) S_OBJ(s, u[i].obj).def = u[i].def;
}

/* Card o as an entry of the unseen (1), or 0 when seat sees it, it is gone, or the
 * action that waits made it (running that action again makes it with its face). */
static int unseen(const Game *g, int seat, bool owners, int32_t o, int64_t place, Unseen *out)
{
    const Obj *ob = &S_OBJ(&g->s, o);
    if (!ob->alive || obj_visible(g, o, seat)) return 0;
    if (g->in_action && (uint32_t)o >= g->pre.objs.len) return 0;
    *out = (Unseen){g->w->defs[ob->def].back, owners ? ob->owner : -1, ob->def, o, place};
    return 1;
}

bool game_determinize(Game *g, int seat, uint64_t seed)
{
    State *s = &g->s;
    if (seat < 0 || seat >= s->h.nseats) return false;
    size_t cap = s->objs.len ? s->objs.len : 1;
    Unseen *u = xmalloc(cap * sizeof *u);
    int32_t *faces = xmalloc(cap * sizeof *faces);
    if (!u || !faces) {
        free(u);
        free(faces);
        return false;
    }
    bool owners = false;
    for (int p = 0; p < g->w->npacks; p++) owners = owners || g->w->packs[p].owner_on_back;
    /* the unseen cards, zone by zone from the top, then those in no zone (attached to a
     * card) in the order they were made */
    int n = 0;
    for (uint32_t zi = 0; zi < s->zones.len; zi++) {
        int32_t at = 0;
        for (int32_t o = S_ZONE(s, zi).head; o >= 0; o = S_OBJ(s, o).next, at++)
            n += unseen(g, seat, owners, o, (int64_t)zi << 32 | (uint32_t)at, &u[n]);
    }
    for (uint32_t o = 0; o < s->objs.len; o++)
        if (S_OBJ(s, o).zone < 0) n += unseen(g, seat, owners, (int32_t)o, (int64_t)s->zones.len << 32 | o, &u[n]);
    /* each group's faces in a fixed order (by definition), shuffled, then dealt to the
     * group's cards in the order of their places */
    qsort(u, (size_t)n, sizeof *u, by_group_then_def);
    uint64_t x = seed;
    for (int a = 0; a < n;) {
        int b = a + 1;
        while (b < n && u[b].back == u[a].back && u[b].owner == u[a].owner) b++;
        for (int i = a; i < b; i++) faces[i] = u[i].def;
        for (int i = b - 1; i > a; i--) {
            int j = a + (int)below(&x, (uint32_t)(i - a) + 1);
            int32_t t = faces[i];
            faces[i] = faces[j];
            faces[j] = t;
        }
        qsort(u + a, (size_t)(b - a), sizeof *u, by_place);
        for (int i = a; i < b; i++) u[i].def = faces[i];
        a = b;
    }
    free(faces);
    deal_into(s, u, n);
    if (g->in_action) deal_into(&g->pre, u, n);
    if (g->chain_active) deal_into(&g->chain_pre, u, n);
    if (g->play_held) deal_into(&g->play_pre, u, n);
    free(u);
    /* the kinds of a hidden supply's counters it does not see */
    State *also[3];
    int na = 0;
    if (g->in_action) also[na++] = &g->pre;
    if (g->chain_active) also[na++] = &g->chain_pre;
    if (g->play_held) also[na++] = &g->play_pre;
    if (!supply_redeal(g, seat, next_bits, &x, also, na)) return false;
    /* the randomness to come */
    uint64_t fresh = splitmix64(&x);
    g->reseeded = false;
    if (g->in_action) {
        g->reseed = fresh | 1u; /* taken when the action run again has used its answers */
        g->reseed_at = g->act_answers.len;
    } else {
        g->reseed = 0;
        rng_seed(s, fresh);
        s->forced.len = 0;
    }
    return true;
}
