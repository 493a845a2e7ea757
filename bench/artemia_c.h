/*
 * artemia_c.h - hand-written plain-C artemia-lite, the "speed limit" for benchmarks.
 *
 * A self-contained implementation of the benchmark game described in
 * shared/bench/artemia-lite.md, with every decision answered uniformly at random
 * by a small seeded generator kept inside the game. It exists only so that
 * `make bench` can compare the engine's games/second with the fastest plausible
 * hand-coded loop, and so its statistics can be checked against the doc's table.
 * No global state and no clock: a game is a pure function of (seed, hunted), and
 * calls may run concurrently from several threads.
 *
 * Read next: bench/artemia_c.c (the rules), bench/artemia_c_main.c (the driver).
 */
#ifndef ARTEMIA_C_H
#define ARTEMIA_C_H

#include <stdint.h>

/* Outcome of one game. */
typedef struct {
    int creature_won; /* 1 if the Creature won, 0 if the Hunted won, -1 on bad input */
    int turns;        /* turns played (1..200) */
    int powers;       /* place powers resolved (Hunted not caught), summed over turns */
} ArtemiaCResult;

/*
 * Plays one game with H hunted (1..6), every decision uniformly random.
 *
 * seed:   any 64-bit value; the same (seed, hunted) always gives the same game.
 * hunted: number of Hunted seats, 1..6 (one Creature is always present).
 * Returns the result by value. If hunted is outside 1..6, no game is played and
 * the result is { -1, 0, 0 }. Never allocates, never fails otherwise; thread-safe.
 */
ArtemiaCResult artemia_c_play(uint64_t seed, int hunted);

#endif /* ARTEMIA_C_H */
