/*
 * artemia_c.c - hand-written plain-C artemia-lite (the benchmark "speed limit").
 *
 * Implements the rules of shared/bench/artemia-lite.md as a bare loop: each Hunted's
 * hand and discard are 16-bit place masks (bit p = place p, p = 1..10), and every
 * decision (the place to play, the Creature's place, each power's pick) is drawn
 * uniformly at random from a splitmix64 generator that lives in the per-game struct.
 * Nothing here is global and nothing reads a clock, so games are deterministic and
 * thread-safe. The engine's own artemia-lite pack must reproduce the statistics this
 * file produces (see the table at the end of the rules doc).
 *
 * Read next: bench/artemia_c.h (API), bench/artemia_c_main.c (driver).
 */
#include "artemia_c.h"

enum {
    ARTEMIA_C_MAX_HUNTED = 6,
    ARTEMIA_C_WILL_MAX = 3,
    ARTEMIA_C_RESCUE_GOAL = 28,
    ARTEMIA_C_ASSIMILATION_GOAL = 6,
    ARTEMIA_C_MAX_TURNS = 200,
    ARTEMIA_C_PLACES = 10
};

/* Place numbers, as in the rules doc. */
enum {
    PLACE_LAIR = 1,
    PLACE_JUNGLE = 2,
    PLACE_RIVER = 3,
    PLACE_BEACH = 4,
    PLACE_ROVER = 5,
    PLACE_SWAMP = 6,
    PLACE_SHELTER = 7,
    PLACE_WRECK = 8,
    PLACE_SOURCE = 9,
    PLACE_ARTEFACT = 10
};

#define PLACE_BIT(p) ((unsigned)1u << (p))
#define PLACES_START_HAND 0x03Eu /* places 1..5 */
#define PLACES_6_TO_10 0x7C0u    /* places 6..10 */

/* splitmix64: a 64-bit counter passed through a strong mixing function. */
typedef struct {
    uint64_t state;
} Rng;

typedef struct {
    unsigned hand;    /* mask of places in hand */
    unsigned discard; /* mask of places in the discard pile */
    int will;
    int survival;
} HuntedSeat;

typedef struct {
    Rng rng;
    int hunted_count;
    int rescue;
    int assimilation;
    int powers;
    HuntedSeat hunted[ARTEMIA_C_MAX_HUNTED];
    int played[ARTEMIA_C_MAX_HUNTED]; /* place each Hunted played this turn */
} Game;

static uint64_t rng_next(Rng *r)
{
    uint64_t z = (r->state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static void rng_seed(Rng *r, uint64_t seed)
{
    /* Mix the seed once so that consecutive seeds start far apart. */
    r->state = seed;
    r->state = rng_next(r);
}

/*
 * Uniform integer in [0, n), n >= 1, by Lemire's multiply-shift with rejection
 * (no modulo bias). Uses the high 32 bits of each 64-bit draw.
 */
static unsigned rng_below(Rng *r, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n; /* 2^32 mod n */
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (unsigned)(m >> 32);
}

/* Number of places in a mask. */
static unsigned mask_count(unsigned mask)
{
    unsigned n = 0;
    while (mask) {
        mask &= mask - 1;
        n++;
    }
    return n;
}

/* The k-th (0-based, ascending) place in a mask; k < mask_count(mask). */
static int mask_nth(unsigned mask, unsigned k)
{
    while (k--)
        mask &= mask - 1;
    int p = 0;
    while (!(mask & 1u)) {
        mask >>= 1;
        p++;
    }
    return p;
}

/* A uniformly random place of a non-empty mask. */
static int pick_one(Rng *r, unsigned mask)
{
    return mask_nth(mask, rng_below(r, mask_count(mask)));
}

/* "Losing Will": Will -1; at 0, Assimilation +1, Will back to 3, discard to hand. */
static void lose_will(Game *g, HuntedSeat *h)
{
    if (--h->will == 0) {
        g->assimilation++;
        h->will = ARTEMIA_C_WILL_MAX;
        h->hand |= h->discard;
        h->discard = 0;
    }
}

static void gain_will(HuntedSeat *h)
{
    if (h->will < ARTEMIA_C_WILL_MAX)
        h->will++;
}

/* Take one uniformly chosen place of `candidates` (a subset of the discard) to hand. */
static void take_back_one(Game *g, HuntedSeat *h, unsigned candidates)
{
    if (candidates) {
        unsigned bit = PLACE_BIT(pick_one(&g->rng, candidates));
        h->discard &= ~bit;
        h->hand |= bit;
    }
}

/* Resolves the power of `place` for Hunted `h`; the place is already in its discard. */
static void resolve_power(Game *g, HuntedSeat *h, int place)
{
    g->powers++;
    switch (place) {
    case PLACE_LAIR: /* every discarded place back to hand */
        h->hand |= h->discard;
        h->discard = 0;
        break;
    case PLACE_JUNGLE: /* the Jungle back, then 1 other discarded place */
        h->discard &= ~PLACE_BIT(PLACE_JUNGLE);
        h->hand |= PLACE_BIT(PLACE_JUNGLE);
        take_back_one(g, h, h->discard);
        break;
    case PLACE_RIVER: /* 1 discarded place other than the River */
        take_back_one(g, h, h->discard & ~PLACE_BIT(PLACE_RIVER));
        break;
    case PLACE_BEACH:
    case PLACE_WRECK:
        g->rescue++;
        break;
    case PLACE_ROVER: { /* 1 of places 6..10 held nowhere, added to hand */
        unsigned free_places = PLACES_6_TO_10 & ~(h->hand | h->discard);
        if (free_places)
            h->hand |= PLACE_BIT(pick_one(&g->rng, free_places));
        break;
    }
    case PLACE_SWAMP: { /* a uniform min(2, n)-subset of the discard (Swamp included) */
        unsigned n = mask_count(h->discard);
        if (n <= 2) {
            h->hand |= h->discard;
            h->discard = 0;
        } else {
            unsigned i = rng_below(&g->rng, n);
            unsigned j = rng_below(&g->rng, n - 1);
            unsigned first = PLACE_BIT(mask_nth(h->discard, i));
            unsigned second = PLACE_BIT(mask_nth(h->discard & ~first, j));
            h->discard &= ~(first | second);
            h->hand |= first | second;
        }
        break;
    }
    case PLACE_SHELTER:
        if (++h->survival >= 2) {
            h->survival -= 2;
            gain_will(h);
        }
        break;
    case PLACE_SOURCE:
        gain_will(h);
        break;
    case PLACE_ARTEFACT: /* Rescue +1, then 1 discarded place (Artefact included) */
        g->rescue++;
        take_back_one(g, h, h->discard);
        break;
    default:
        break;
    }
}

/* Plays one turn; returns 1 if the Creature won, 0 if the Hunted won, -1 to go on. */
static int play_turn(Game *g, int turn)
{
    /* 1. Exploration */
    for (int i = 0; i < g->hunted_count; i++) {
        HuntedSeat *h = &g->hunted[i];
        if (h->hand == 0) {
            h->hand = h->discard;
            h->discard = 0;
            lose_will(g, h);
        }
        int place = pick_one(&g->rng, h->hand);
        h->hand &= ~PLACE_BIT(place);
        g->played[i] = place;
    }

    /* 2. Hunting */
    int creature_place = 1 + (int)rng_below(&g->rng, ARTEMIA_C_PLACES);

    /* 3. Reckoning */
    int caught_any = 0;
    for (int i = 0; i < g->hunted_count; i++) {
        HuntedSeat *h = &g->hunted[i];
        int place = g->played[i];
        h->discard |= PLACE_BIT(place);
        if (place == creature_place) {
            caught_any = 1;
            lose_will(g, h);
        } else {
            resolve_power(g, h, place);
        }
    }
    if (caught_any)
        g->assimilation++;

    /* 4. End of turn */
    g->rescue++;
    if (g->assimilation >= ARTEMIA_C_ASSIMILATION_GOAL)
        return 1;
    if (g->rescue >= ARTEMIA_C_RESCUE_GOAL)
        return 0;
    if (turn >= ARTEMIA_C_MAX_TURNS)
        return 1;
    return -1;
}

ArtemiaCResult artemia_c_play(uint64_t seed, int hunted)
{
    ArtemiaCResult result = { -1, 0, 0 };
    if (hunted < 1 || hunted > ARTEMIA_C_MAX_HUNTED)
        return result;

    Game g;
    rng_seed(&g.rng, seed);
    g.hunted_count = hunted;
    g.rescue = 0;
    g.assimilation = 0;
    g.powers = 0;
    for (int i = 0; i < hunted; i++) {
        g.hunted[i].hand = PLACES_START_HAND;
        g.hunted[i].discard = 0;
        g.hunted[i].will = ARTEMIA_C_WILL_MAX;
        g.hunted[i].survival = 0;
    }

    int turn = 0;
    int outcome = -1;
    while (outcome < 0) {
        turn++;
        outcome = play_turn(&g, turn);
    }
    result.creature_won = outcome;
    result.turns = turn;
    result.powers = g.powers;
    return result;
}
