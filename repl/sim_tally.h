/* sim_tally.h — per-card statistics, game ends and game lengths of a sim batch
 * (sim_tally.c). */
#ifndef TABULA_SIM_TALLY_H
#define TABULA_SIM_TALLY_H

#include <stdio.h>

#include <jansson.h>

#include "game.h"

typedef struct SimTally SimTally;

/* A tally for games of world w (it keeps the card names: the world may go first). */
SimTally *tally_new(const World *w);
void tally_free(SimTally *t);
/* Before answering: the picks ids of the pending decision of g. */
void tally_pick(SimTally *t, const Game *g, const int32_t *ids, int k);
/* After a game (over: it ended with game.win or a draw; else it stopped). */
void tally_game_end(SimTally *t, const Game *g, bool over);
/* Adds from's counts to into (roles matched by name, cards by index: one world's). */
void tally_merge(SimTally *into, const SimTally *from);
/* {"cards": [...], "ends": [...], "turns": {...}} of `games` games. */
json_t *tally_json(SimTally *t, long games);
/* Game lengths and the commonest ends; with cards, a line per card. */
void tally_print(SimTally *t, long games, bool cards, FILE *out);

/* The 95% Wilson score interval of k successes in n trials (sim.c). */
void sim_wilson95(long k, long n, double *lo, double *hi);

#endif
