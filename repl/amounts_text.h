/* amounts_text.h — a question of quantities (decide.amounts) in words, for the REPL
 * and scenario answers. See amounts_text.c. */
#ifndef TABULA_AMOUNTS_TEXT_H
#define TABULA_AMOUNTS_TEXT_H

#include "amounts.h"

/* amounts_find: a word names several options. */
#define AMOUNTS_AMBIGUOUS (-2)

/* The option of the pending question of quantities that word names (its key or label
 * in any case, else the start of exactly one key), -1 when none, AMOUNTS_AMBIGUOUS. */
int amounts_find(const Game *g, const char *word);
/* Reads line as counts per option of the pending question of quantities into
 * counts[0..nopt): words that name an option, each with a count before or after it
 * ("white 1 red 1", "2 white", "white=2") or none (one), the same name twice adding
 * up; commas, ';', ':' and '=' separate like blanks; "none" or "-" is nothing. False
 * with why (the bad word and the options) when a word names no option or a count no
 * option. The counts are not checked against the bounds: amounts_check. */
bool amounts_parse(const Game *g, const char *line, int32_t *counts, char *why, size_t n);
/* counts as the answer's ids (at most cap), checked against the question: how many, or
 * -1 with why ("white: 4, but at most 3 (white 0..3, red 0..1)"). */
int amounts_check(const Game *g, const int32_t *counts, int32_t *ids, int cap, char *why, size_t n);
/* "white 0..3, red 0..1": each option's key and bounds. */
void amounts_describe(const Game *g, char *out, size_t n);
/* An answer (ids, one per unit) to the pending question of quantities as counts:
 * "white 2, red 1", or "none". */
void amounts_answer_text(const Game *g, const int32_t *ids, int n, char *out, size_t sz);
/* "2 in all", "up to 3 in all, or none", "1 to 3 in all"; with a step, "in twos, 2 to
 * 6 in all" (not for one total). */
void amounts_how(const Game *g, char *out, size_t n);
/* The step of the pending question's total in words: "in twos", "in tens", "in
 * multiples of 12"; "" when any total will do. */
void amounts_steps(const Game *g, char *out, size_t n);

#endif
