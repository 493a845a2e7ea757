/* amounts.h — questions of quantities (decide.amounts): a count of each option within
 * its own bounds, the total within the decision's min..max. The answer names an option
 * once per unit, so it travels, is logged and replays like any other answer (a list of
 * option ids, here with repeats). Also the designer's data an option carries for bots
 * (decide.choose's and decide.amounts' `data`), kept as JSON text with the question.
 * Read next: view.c (what the deciding seat is shown of them). */
#ifndef TABULA_AMOUNTS_H
#define TABULA_AMOUNTS_H

#include "game.h"

/* At most this many options, and this many units in all, in one question. */
#define AMOUNTS_MAX_OPTIONS 100
#define AMOUNTS_MAX_TOTAL 100

/* Gives the option added last (decision_option) its script id `key` and its bounds
 * lo..hi (0 <= lo <= hi <= AMOUNTS_MAX_TOTAL). False with e filled when out of memory. */
bool decision_option_amount(Game *g, const char *key, int lo, int hi, Err *e);
/* Makes the total of the pending DEC_AMOUNTS decision (begun with min and max multiples
 * of step) a multiple of step, 1..AMOUNTS_MAX_TOTAL (1: any total). False with e filled
 * when the decision is not of quantities or its totals are not multiples. */
bool decision_amounts_step(Game *g, int step, Err *e);
/* Gives the option added last its designer's data, JSON text (an object). */
bool decision_option_data(Game *g, const char *json, Err *e);
/* Whether ids[0..n) answer the pending DEC_AMOUNTS decision: every id one of its
 * options, each option's count within its bounds, n within min..max and a multiple of
 * its step; e says which is wrong ("white: 4, but at most 3", "the total must be a
 * multiple of 2 (3 given)"). */
bool amounts_valid(const Game *g, const int32_t *ids, int n, Err *e);
/* The least total of tmin.. that is a multiple of step (step >= 1, tmin >= 0). */
int amounts_first_total(int tmin, int step);
/* How many answers there are with count i in lo[i]..hi[i] for each of n options (n <=
 * AMOUNTS_MAX_OPTIONS) and the total in tmin..tmax (<= AMOUNTS_MAX_TOTAL) a multiple of
 * step (1: any total); UINT64_MAX when that many or more. */
uint64_t amounts_count(const int32_t *lo, const int32_t *hi, int n, int tmin, int tmax, int step);
/* The answer number r (0 <= r < amounts_count) in a fixed order (the total, then each
 * count, smallest first), as counts[0..n). False when r is out of range or out of
 * memory. */
bool amounts_nth(const int32_t *lo, const int32_t *hi, int n, int tmin, int tmax, int step, uint64_t r,
                 int32_t *counts);
/* A legal answer to the pending DEC_AMOUNTS decision drawn with below (a uniform
 * integer in [0, n) of the caller's stream), as option ids into ids (at most cap):
 * uniform over every legal answer (its total a multiple of the step too) when there are
 * fewer than 2^32 of them, else each option's count drawn in turn among those that
 * leave a legal answer. Returns how many ids, or -1 when there is no legal answer. */
int amounts_random(const Game *g, uint32_t (*below)(void *ud, uint32_t n), void *ud, int32_t *ids, int cap);
/* counts[0..nopt) of the pending decision's options as an answer (ids, each option's
 * id once per unit, in option order) into ids; returns how many, or -1 past cap. */
int amounts_ids(const Game *g, const int32_t *counts, int32_t *ids, int cap);

#endif
