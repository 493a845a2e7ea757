/* sim_tally.h — per-card statistics, game ends and game lengths of a sim batch, and
 * its errors by where they were raised (sim_tally.c). */
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
/* Game lengths and the commonest ends; with cards (not NULL), a line per card: every
 * card for "", else the cards of the kinds cards lists ("action,hunt"). */
void tally_print(SimTally *t, long games, const char *cards, FILE *out);
/* Whether kinds ("action,hunt") lists kind. */
bool tally_kind_listed(const char *kinds, const char *kind);

typedef struct ErrorTally ErrorTally;

/* A tally of the games' errors, each game counted once, under the place its error was
 * raised at; NULL when out of memory. */
ErrorTally *error_tally_new(void);
void error_tally_free(ErrorTally *t);
/* Game number `game` (seed `seed`) had an error: `text` says it (message, traceback),
 * and `cause`, the error that began it, gives the place: the first "file:line:" of its
 * first line, else that whole line. */
void error_tally_add(ErrorTally *t, long game, uint64_t seed, const char *cause, const char *text);
/* Adds from's games to into, kinds matched by place (each keeps its earliest game). */
void error_tally_merge(ErrorTally *into, const ErrorTally *from);
/* "game seed N: text" of the earliest game counted into out ("" when none). */
void error_tally_first(const ErrorTally *t, char *out, size_t n);
/* [{"error": first line, "games", "first_seed": "N"}]: every kind, the commonest first. */
json_t *error_tally_json(ErrorTally *t);
/* One kind: "first error: game seed N: text", as for one game; several: the five
 * commonest, the first with its traceback, and how many more kinds there were. */
void error_tally_print(ErrorTally *t, FILE *out);

/* The 95% Wilson score interval of k successes in n trials (sim.c). */
void sim_wilson95(long k, long n, double *lo, double *hi);

#endif
