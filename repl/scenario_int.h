/* scenario_int.h — what the scenario runner's two files share: scenario.c (reading
 * scenario files, running their steps and expectations) and scenario_check.c (the
 * checks of a pending decision and of what one seat reads or sees). Not used elsewhere. */
#ifndef TABULA_SCENARIO_INT_H
#define TABULA_SCENARIO_INT_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "game.h"

/* What a key of a scenario table must hold (key_is). */
enum { KIND_TEXT, KIND_LIST, KIND_TABLE, KIND_INT };

/* --- scenario.c --- */

/* What a value of the scenario is, for a message: "3", "text", "a list", ... */
void describe(json_t *v, char *out, size_t n);
/* Whether key of obj, when there, is text, a list, a table, or a whole number from lo to
 * hi; false with err saying so otherwise. */
bool key_is(json_t *obj, const char *key, int kind, json_int_t lo, json_int_t hi, char *err, size_t n);
/* Whether every item of the list at key of obj is text; false with err otherwise. */
bool texts_in(json_t *obj, const char *key, char *err, size_t n);
/* Whether obj has only keys of the NULL-ended list; false with err naming the other. */
bool only_keys(json_t *obj, const char *const keys[], const char *what, char *err, size_t n);
/* The seat a scenario names (a number, a role, "role#k"), 0-based; -2 with err when none. */
int seat_ref(const Game *g, json_t *ref, char *err, size_t n);
/* An option's label as the seat reads it. */
const char *opt_label(const Game *g, const Option *o);
/* "'Lair', 'Jungle'" (with ids: "#1 'Lair', …"): the pending decision's options. */
void list_options(const Game *g, bool ids, char *buf, size_t n);
/* "seat S must decide now, not seat T (...)": a step naming the wrong seat. */
void wrong_seat(Game *g, int s, char *err, size_t n);

/* --- scenario_check.c --- */

/* A `decision = { ... }` step: the pending decision is as spec says. */
bool check_decision(Game *g, json_t *spec, char *err, size_t n);
/* "the log has no 'X'; nearest in the log: …" into err: why `want` is not in log. */
void log_miss(const char *log, const char *want, char *err, size_t n);
/* `log = { seat, includes, excludes, ordered }`, a step or an entry of expect.logs
 * (`what` names it in a failure). */
bool check_log_spec(Game *g, json_t *spec, const char *what, char *err, size_t n);
/* `seen = { seat, includes, excludes, zone }`, a step or an entry of expect.seen. */
bool check_seen_spec(Game *g, json_t *spec, const char *what, char *err, size_t n);
/* expect.seen or expect.logs (key): a list of entries, each checked by check. */
bool check_entries(Game *g, json_t *ex, const char *key, bool (*check)(Game *, json_t *, const char *, char *, size_t),
                   char *err, size_t n);

#endif
