/* supply.h — counter supplies: identical counters (gems, Force, food, damage markers)
 * of a few kinds, moved between a supply's own pool, the seats and the cards with
 * their totals conserved.
 *
 * A supply is made once with the total of each of its kinds, all in its pool; from then
 * on counters only move (supply_move), all of a move or none of it, so for every kind
 * with a total the pool, the seats and the cards hold exactly that total between them.
 * A kind may be unlimited (a total of SUPPLY_UNLIMITED): its pool never runs out and
 * takes back any number. The counts are host state (State.counters: copied with the
 * state, hashed by game_hash with names as text), each move emits one "supply" event per
 * kind moved, and views show the pool, every seat's holding and the counters on each
 * card a seat sees (supply_view_*).
 *
 * A supply is public, or hidden (SUPPLY_HIDDEN: a bag of tokens drawn and kept face
 * down): then how many counters each holder has is public, but which kinds only the
 * seat holding them sees — its own holding; nobody the pool's — and its counters are
 * held by the pool and the seats only, never by cards. A move's events are masked to
 * the seats moved from and to, and the others read its log line without the kinds
 * ("gems: 2 counters: pool -> seat 1"). Scripts see everything, as they see cards. Read next: vm/lib_supply.c (the script API), docs/scripting-api.md. */
#ifndef TABULA_SUPPLY_H
#define TABULA_SUPPLY_H

#include "game.h"
#include "view.h"

/* Holders: the totals (not a holder scripts name), the pool, seat s (0-based) as s,
 * card o as SUPPLY_CARD + o. */
#define SUPPLY_TOTAL (-2)
#define SUPPLY_POOL (-1)
#define SUPPLY_CARD (1 << 20)
#define SUPPLY_UNLIMITED (-1)
/* At most this many kinds per supply, supplies per game, and counters per holder. */
#define SUPPLY_KINDS_MAX 32
#define SUPPLY_MAX 32
#define SUPPLY_COUNT_MAX 1000000000
/* Counter.flags of a supply's totals. */
#define SUPPLY_HIDDEN 1

/* Makes supply `name` of n kinds (interned, distinct) with their totals (0 up to
 * SUPPLY_COUNT_MAX, or SUPPLY_UNLIMITED), all in its pool, the kinds in that order.
 * flags: 0 or SUPPLY_HIDDEN. False (nothing made) for a name already used, a bad kind or
 * total, or in a read-only query. No event: nobody holds anything yet. */
bool supply_new(Game *g, int32_t name, const int32_t *kinds, const int64_t *totals, int n, int flags, Err *e);
/* Whether supply `name` is hidden (SUPPLY_HIDDEN). */
bool supply_hidden(const Game *g, int32_t name);
/* Whether supply `name` exists. */
bool supply_exists(const Game *g, int32_t name);
/* The kinds of supply `name` in its order and their totals (SUPPLY_UNLIMITED), at most
 * cap of them; returns how many it has (0: no such supply). */
int supply_kinds(const Game *g, int32_t name, int32_t *kinds, int64_t *totals, int cap);
/* How many counters of `kind` holder holds (0 when it never held any); the pool of an
 * unlimited kind: SUPPLY_UNLIMITED. */
int64_t supply_count(const Game *g, int32_t name, int32_t kind, int32_t holder);
/* supply_count in one walk that also tells whether the supply has that kind: false
 * (*n untouched) when it has not (or there is no such supply). */
bool supply_lookup(const Game *g, int32_t name, int32_t kind, int32_t holder, int64_t *n);
/* Whether holder is one a supply can name: the pool, a seat of the game, a live card. */
bool supply_holder_ok(const Game *g, int32_t holder);
/* "pool", "seat 2", a card's name (or "a card" when some seat cannot see it) into buf. */
const char *supply_holder_text(const Game *g, int32_t holder, char *buf, size_t n);
/* Moves n[i] counters of kinds[i] (nk distinct kinds of the supply, each 0 or more)
 * from holder `from` to holder `to`, all or nothing: false with e naming the kind and
 * the shortfall when from holds fewer ("seat 1 has 1 white of 'gems', 2 to move: 1
 * short"; every kind short is named), and nothing changes. Emits "supply" once per kind
 * moved (a = supply, b = kind, c = count, d = from | to << 32, as uint32 each), the
 * first with the move's log line ("gems: 2 white, 1 gold: pool -> seat 1"), masked to
 * everyone, or for a hidden supply to the seats moved from and to. Refused in a
 * read-only query, and for a card holder of a hidden supply. */
bool supply_move(Game *g, int32_t name, int32_t from, int32_t to, const int32_t *kinds, const int64_t *n,
                 int nk, Err *e);
/* The log line of "supply" event ev for seat, into buf: the move's line to a seat in the
 * mask, the same without the kinds ("gems: 3 counters: pool -> seat 2", the move's
 * events summed) to the others; false for the move's other events (one line a move). */
bool supply_event_text(const Game *g, int seat, uint32_t ev, char *buf, size_t n);
/* The holder a "supply" event's d names as `from` (which 0) or `to` (which 1). */
int32_t supply_event_holder(int64_t d, int which);

/* Views (called by view_write, the one function that writes a seat's view). */
/* "supplies": each supply's kinds, totals and pool (a hidden one's: "hidden": true and
 * "pool_count", how many counters the pool holds): nothing when the game has none. */
void supply_view_write(const Game *g, const ViewSink *o);
/* A holder's counts as seat sees them, as the value "supply" of the object open:
 * {supply: {kind: n}}. A seat's shows every kind of every supply (0 included); a card's
 * only the kinds it holds, and nothing when it holds none. A hidden supply's holding
 * is there only for the seat holding it; other seats get how many counters it holds,
 * as "supply_hidden": {supply: n}. */
void supply_view_holder(const Game *g, int32_t holder, int seat, const ViewSink *o);
/* Whether any card holds counters (a view looks for them on its cards only then). */
bool supply_on_cards(const Game *g);

#endif
