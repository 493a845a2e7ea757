/* internal.h — functions shared by the host's own files (game.c, window.c, mech.c),
 * not part of the API front ends or the script host use. */
#ifndef TABULA_INTERNAL_H
#define TABULA_INTERNAL_H

#include "game.h"

/* Pushes a task on the agenda; false on allocation failure. */
bool agenda_push(Game *g, const Task *t);
/* One step of the innermost open window (the TASK_WINDOW on top of the agenda). */
void window_step(Game *g);
/* Applies the answer to a window decision (play/pass or trigger order). */
bool window_answer(Game *g, const int32_t *ids, int n, Err *e);
/* Runs a TASK_PLAY_PLACE: the card played, its on_play done, waits in the innermost
 * window (stack, chain) or resolves at once (immediate). */
void window_place(Game *g, const Task *t);
/* Runs a TASK_WINDOW_OPEN: the window of that kind becomes the innermost. */
void window_open_task(Game *g, int32_t kind, int32_t prompt);
/* Opens the implicit window that resolves triggers when no window is open. */
bool window_open_triggers(Game *g);
/* Seat order for offers and triggers in a window of config cfg (NULL: plain order from
 * the active seat). Writes nseats entries. */
void window_seat_order(const Game *g, const WindowCfg *cfg, int *order);
const WindowCfg *window_cfg(const World *w, int32_t kind);
/* A chain of triggers starts (the implicit triggers window opens): its starting state
 * is kept until it ends, so a chain that never ends can be undone. */
bool chain_begin(Game *g);
/* Seat's play of card obj is about to happen, in an immediate window or (any window) of
 * a card with on_play: keeps the state before it, so that if the card's on_play or, in
 * an immediate window, its resolution fails on a script error the play is undone too and
 * the seat is asked again without that card. */
bool play_hold(Game *g, int32_t obj);
/* A script error counted: nerrors, last_error, and first_error when it is the first. */
void error_note(Game *g, const Err *e);
/* Runs an action to completion, suspension or rollback. */
int action_start(Game *g, const Action *a);
/* How many live cards are attached to another card (g->nattached, recounted when a
 * state was copied in). */
int32_t obj_attached_count(const Game *g);
/* Ends the game with a loop-guard or internal error. */
void game_fatal(Game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
