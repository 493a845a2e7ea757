/* supply.h — counter supplies: identical counters (gems, Force, food, damage markers)
 * of a few kinds, moved between a supply's own pool, the seats, the cards, the zones and
 * "out" (set aside, out of play) with their totals conserved.
 *
 * A supply is made once with the total of each of its kinds, all in its pool; from then
 * on counters only move (supply_move, or supply_draw: at random), all of a move or none
 * of it, so for every kind with a total its holders hold exactly that total between them.
 * A kind may be unlimited (a total of SUPPLY_UNLIMITED): its pool never runs out and
 * takes back any number. The counts are host state (State.counters: copied with the
 * state, hashed by game_hash with names as text), each move emits one "supply" event per
 * kind moved, and views show the pool, what is out, every seat's holding, the counters
 * on each card a seat sees and on each zone (supply_view_*).
 *
 * A supply is public, or hidden (SUPPLY_HIDDEN: a bag of tokens drawn and kept face
 * down): then how many counters each holder has is public, but which kinds only the
 * seats supply_sees names: a seat's own holding its own; the pool's nobody's; what is
 * out everyone's (set aside face up: a token drawn and shown); a card's whoever sees
 * the card (its counters go with it, as for a public supply); a zone's whoever would
 * see a face-up card in it (a public zone: everyone; a seat's hand: that seat; a deck or
 * a space of a face-down region: nobody). A move's events are masked to the seats that
 * see the kinds of the holder moved from or the one moved to, and the others read its
 * log line without the kinds ("bag: 2 counters: pool -> seat 1"). Scripts see
 * everything, as they see cards. Read next: vm/lib_supply.c (the script API),
 * docs/scripting-api.md. */
#ifndef TABULA_SUPPLY_H
#define TABULA_SUPPLY_H

#include "game.h"
#include "view.h"

/* Holders: the totals (not a holder scripts name), the pool, out of play (set aside),
 * seat s (0-based) as s, zone z as SUPPLY_ZONE + z, card o as SUPPLY_CARD + o. */
#define SUPPLY_OUT (-3)
#define SUPPLY_TOTAL (-2)
#define SUPPLY_POOL (-1)
#define SUPPLY_ZONE (1 << 19)
#define SUPPLY_CARD (1 << 20)
#define SUPPLY_UNLIMITED (-1)
/* At most this many kinds per supply, supplies per game, counters per holder, and
 * counters drawn by one supply_draw. */
#define SUPPLY_DRAW_MAX 1000
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
/* Whether holder is one a supply can name: the pool, out, a seat of the game, a zone, a
 * live card. */
bool supply_holder_ok(const Game *g, int32_t holder);
/* The seats (bit s; bit 31: spectators) that see which kinds holder holds of supply
 * `name`: everyone for a public supply; of a hidden one as the model above says. */
uint32_t supply_sees(const Game *g, int32_t name, int32_t holder);
/* "pool", "out of play", "seat 2", a zone's label ("Medbay", "discard (seat 1)"), a
 * card's name (or "a card" when some seat cannot see it) into buf. */
const char *supply_holder_text(const Game *g, int32_t holder, char *buf, size_t n);
/* Moves n[i] counters of kinds[i] (nk distinct kinds of the supply, each 0 or more)
 * from holder `from` to holder `to`, all or nothing: false with e naming the kind and
 * the shortfall when from holds fewer ("seat 1 has 1 white of 'gems', 2 to move: 1
 * short"; every kind short is named), and nothing changes. Emits "supply" once per kind
 * moved (a = supply, b = kind, c = count, d = from | to << 32, as uint32 each), the
 * first with the move's log line ("gems: 2 white, 1 gold: pool -> seat 1"), masked to
 * everyone, or for a hidden supply to supply_sees(from) | supply_sees(to). `reason`
 * (NULL: none; 1..SUPPLY_REASON_MAX bytes, checked by the caller) ends the line in
 * brackets for every seat ("… pool -> seat 3 (the Farm)"): the first event's `cells`
 * is where it starts in the line, plus 1. Refused in a read-only query. */
#define SUPPLY_REASON_MAX 100
bool supply_move(Game *g, int32_t name, int32_t from, int32_t to, const int32_t *kinds, const int64_t *n,
                 int nk, const char *reason, Err *e);
/* Draws n counters (0..SUPPLY_DRAW_MAX) at random from holder `from` and moves them to
 * `to` (one supply_move: its events and log line), each counter `from` holds equally
 * likely, without replacement. drawn[i] (n of them) gets the kind of the i-th counter
 * drawn. Each counter is one rng_draw of 1..k, k the counters `from` still holds: the
 * position of the one drawn among them, listed in the supply's order of kinds (so a
 * test's rng.force fixes a draw). All or nothing, the generator and the forced values
 * included: false when n is more than `from` holds ("pool holds 2 counters of 'bag',
 * 3 to draw"), for the pool of a supply with an unlimited kind (it cannot be drawn from
 * at random), a forced value out of its range, and as supply_move. */
bool supply_draw(Game *g, int32_t name, int32_t from, int32_t to, int n, int32_t *drawn, const char *reason,
                 Err *e);
/* The log line of "supply" event ev for seat, into buf: the move's line to a seat in the
 * mask, the same without the kinds ("gems: 3 counters: pool -> seat 2", the move's
 * events summed, and its reason) to the others; false for the move's other events (one
 * line a move). */
bool supply_event_text(const Game *g, int seat, uint32_t ev, char *buf, size_t n);
/* The holder a "supply" event's d names as `from` (which 0) or `to` (which 1). */
int32_t supply_event_holder(int64_t d, int which);

/* Views (called by view_write, the one function that writes a seat's view). */
/* "supplies": each supply's kinds, totals and pool (a hidden one's: "hidden": true and
 * "pool_count", how many counters the pool holds), and "out" ({kind: n}, the kinds out
 * only) when any are out: nothing when the game has none. */
void supply_view_write(const Game *g, const ViewSink *o);
/* A holder's counts as seat sees them, as the value "supply" of the object open:
 * {supply: {kind: n}}. A seat's shows every kind of every supply (0 included); a card's
 * or a zone's only the kinds it holds, and nothing when it holds none. A hidden
 * supply's holding is there only for the seats supply_sees names; the others get how
 * many counters it holds, as "supply_hidden": {supply: n} (a card's or a zone's: only
 * when it holds some). */
void supply_view_holder(const Game *g, int32_t holder, int seat, const ViewSink *o);
/* Whether any card holds counters (a view looks for them on its cards only then). */
bool supply_on_cards(const Game *g);
/* Whether any zone holds counters (likewise for its zones). */
bool supply_on_zones(const Game *g);

/* For a world drawn for seat (game_determinize): the counters of each hidden supply
 * whose kinds seat does not see dealt again at random (next(ud): 64 random bits) among
 * their holders, each holder keeping how many it holds; the same in the states of
 * `also` (snapshots an action is run again from) where they hold the same counters,
 * else that supply is left as it is. A supply with an unlimited kind or more than 4,096
 * such counters is left too. false when memory ran out part way. */
bool supply_redeal(Game *g, int seat, uint64_t (*next)(void *), void *ud, State *const *also, int nalso);

#endif
