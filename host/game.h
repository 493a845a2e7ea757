/* game.h — a game: creation, the advance loop, decisions, and the mechanisms scripts
 * call (zones, cards, properties, effects, events, windows, dice, phases).
 *
 * The host never blocks: game_advance() runs until a seat must decide or the game
 * ends, and returns what happened. Everything that plays — the REPL, bots, scenario
 * tests, replays — answers the same decisions with game_answer().
 *
 * Every call into scripts is an *action*: the state is snapshot before it; a script
 * error, a blown budget or a loop guard puts the snapshot back, logs the error naming
 * the card, file and line, and the game goes on. A script that asks a question
 * suspends; when the answer comes its coroutine resumes, or — after a clone or a load,
 * where no coroutine exists — the action is rebuilt by re-running it from the snapshot
 * with the answers recorded so far.
 *
 * Read next: view.h (what a seat may see), save.h (log, save, load, replay). */
#ifndef TABULA_GAME_H
#define TABULA_GAME_H

#include "pack.h"
#include "state.h"

typedef struct Game Game;

/* What an action runs. */
typedef struct Action {
    uint8_t kind;          /* ACT_HOOK / ACT_CARD / ACT_CHUNK */
    int8_t seat;
    uint16_t pad;
    int32_t obj;           /* card whose script runs (ACT_CARD), -1 */
    int32_t fn;            /* interned function name */
    int32_t params;        /* ints offset or -1 */
    int32_t event;         /* event index (triggers) or -1 */
    int32_t item;          /* window item or -1 */
    int32_t chunk;         /* ACT_CHUNK: text offset of a designer chunk */
} Action;
enum { ACT_HOOK = 1, ACT_CARD = 2, ACT_CHUNK = 3 };

/* Results of a script run. */
enum { RUN_DONE = 0, RUN_ASK = 1, RUN_ERROR = 2 };

/* The calls the host makes into the script host (vm/). One declared list. */
struct ScriptOps {
    /* Runs the game's current action (g->act) from the start, or resumes it after an
     * answer. RUN_ASK when the script asked and a decision is now pending. */
    int (*run)(void *ud, Game *g, Err *e);
    /* Side-effect-free check: may seat play card obj in the open window of kind wkind?
     * 1 yes, 0 no, -1 error (e filled). On 0, why (nwhy bytes) gets the reason the card
     * gives, or "" when it gives none. */
    int (*can_play)(void *ud, Game *g, int32_t obj, int seat, int32_t wkind, char *why, size_t nwhy, Err *e);
    /* The game is being freed or rebuilt: drop any suspended coroutine of it. */
    void (*forget)(void *ud, Game *g);
};

/* One option of a pending decision as front ends see it. */
typedef struct DecisionView {
    int seat;              /* -1: none (game over) */
    int kind;              /* DEC_* */
    const char *prompt, *tag;
    int min, max, nopt;
    int step;              /* DEC_AMOUNTS: the total is a multiple of step; else 1 */
    const Option *opts;    /* borrowed, valid until the next state change */
    int nrefused;          /* what is not offered, and why (decision_refuse) */
    const Option *refused; /* borrowed like opts; each one's reason: decision_refusal_why */
} DecisionView;

/* What game_advance returns. */
enum { ADV_DECISION = 0, ADV_OVER = 1, ADV_ERROR = 2 };

struct Game {
    World *w;
    uint32_t uid;          /* process-unique: the script host keys suspended coroutines on it */
    State s;               /* the state */
    State pre;             /* snapshot before the current action */
    bool in_action;        /* an action is suspended at a decision */
    bool ask_pending;      /* the suspended action waits for the answer in s.h.dec */
    bool readonly;         /* inside a query: mutations refused */
    Action act;
    Vec act_answers;       /* int32 [n, ids…]… answers the current action consumed */
    uint32_t act_pos;      /* read position while rebuilding */
    uint32_t pre_events, pre_text;
    uint32_t act_serial;   /* numbers actions: a suspended coroutine belongs to one */
    uint32_t sched_base;   /* agenda length when the action started */
    Vec events;            /* Event: the log, outside State (truncated on rollback) */
    uint32_t log_cuts;     /* how many times the log was cut back (rollbacks): lines made
                            * from a longer log are stale when this changed */
    Vec text;              /* char: text of log lines */
    Vec answers;           /* int32 [n, ids…]…: every answer given — the replay */
    uint32_t nanswers;
    uint64_t seed;
    /* game_determinize in an action that waits: the generator's new seed (not 0), taken
     * each time that action, run again, has used its answers past reseed_at (the answers
     * it had then: a run made again counted starts over from the snapshot); reseeded: it
     * was taken. Cleared by the next action. */
    uint64_t reseed;
    uint32_t reseed_at;
    bool reseeded;
    json_t *options;       /* owned: option key -> value, after defaults */
    json_t *chunks;        /* owned: designer chunks [{"at": answers, "lua": text}] */
    int nerrors;           /* script errors this game (rolled-back actions) */
    int budget_trips;
    int log_bytes_action;  /* print cap per action */
    Err last_error;
    Err first_error;       /* the error that made nerrors 1 (a later one often follows from it);
                            * both are set by error_note (internal.h) */
    char fatal[256];       /* a loop guard ended the game: why */
    /* a chain of triggers (the implicit triggers window): the state before its first
     * resolution, so a chain that never ends can be undone as a whole */
    bool chain_active;
    int chain_actions;
    State chain_pre;
    uint32_t chain_events, chain_text;
    /* a card played in an immediate window resolves at once: the state before the
     * answer that played it, so a script error in its resolution undoes the play too
     * (the card goes back, the seat is asked again) */
    bool play_held;
    int32_t play_obj;
    State play_pre;
    uint32_t play_events, play_text;
    /* where each zone of s is, by (name, owner): an open-addressing table like the
     * properties' below, each slot a zone's index + 1 (0: empty), at most half full. A
     * cache, not state: cleared with prop_index_ok, rebuilt at the next use. A 64-slot
     * hint and a scan made a game of thousands of zones quadratic (a script reaching
     * each of 4,000 zones by name each turn: 57% of the time in zone_find). */
    int32_t *zone_slots;
    uint32_t zone_nslots;
    bool zone_index_ok;
    uint64_t zone_probes;    /* zones zone_find has looked at: a few a look-up (tests) */
    /* where each property of s is, by (kind, entity, key): an open-addressing table
     * (linear probing) of prop_nslots slots, each a property's index + 1 (0: empty),
     * kept at most half full, so a read or a change costs the same with 10 properties
     * or 100,000 (a scan of them all made setting one on each card of a big deck
     * quadratic). A cache, not state: a state copied into s (rollback, undone play or
     * chain, clone) and a scope's end clear prop_index_ok, and the next use rebuilds it. */
    int32_t *prop_slots;
    uint32_t prop_nslots;
    bool prop_index_ok;
    /* how many live cards are attached to another, when nattached_ok: a cache like the
     * index above (recounted after a state is copied in), so destroying a card looks for
     * cards attached to it (a walk over every object ever made) only when there are any;
     * a game that makes and destroys thousands of tokens was quadratic in them */
    int32_t nattached;
    bool nattached_ok;
    uint64_t destroy_walked; /* objects destroying cards has looked at for ones attached to
                                them: how the cache above is seen to work (tests) */
    uint64_t view_walked;    /* properties and objects views have looked at for the cards
                                they show (view.c): in proportion to what they show (tests) */
    /* the memory of a view's index (view.c), kept from one view to the next: a view
     * written to a Lua bot may be cut short by a Lua error (its memory cap) that jumps
     * past view_write's end, where a buffer of its own would leak */
    void *view_buf;
    size_t view_buf_cap;
    /* the last option data a view wrote (view.c put_data), kept for the same reason */
    json_t *view_data;
};

/* Creates a game of the world's first pack. `options` (borrowed, may be NULL) maps
 * option keys to values; unknown keys and values outside the declared ones are errors.
 * Runs the rules' setup hook. NULL and e filled on failure. */
Game *game_new(World *w, uint64_t seed, int nseats, json_t *options, Err *e);
/* The same, then runs each Lua text of `chunks` (a JSON array of strings, borrowed, may
 * be NULL) as an action after the rules' setup: how scenario tests place cards. The
 * chunks are part of the game's setup and of its log. */
Game *game_new_ex(World *w, uint64_t seed, int nseats, json_t *options, json_t *chunks,
                  Err *e);
void game_free(Game *g);
/* An exact copy for search; no script is touched (a suspended action is rebuilt in the
 * copy when it is next answered). */
Game *game_clone(const Game *g);

/* Makes g (a clone) one of the games seat cannot tell from it, drawn with seed: the
 * cards seat does not see dealt again among those of the same back and owner, the
 * randomness to come drawn again (determinize.c says what stays). false when seat is
 * not in the game (g unchanged) or memory ran out (g part drawn: throw it away). */
bool game_determinize(Game *g, int seat, uint64_t seed);

/* Runs Lua text `src` now as an action with the full script API — how tests and
 * designers change a game in progress. When an action is suspended at a question, the
 * change applies to the state that action started from and the action is rebuilt from
 * there with its answers. It is recorded with the number of answers given so far, so
 * the log replays it at the same point. A chunk may not ask questions. Errors in the
 * chunk are reported like any script error (g->nerrors, g->last_error). */
bool game_inject(Game *g, const char *src, Err *e);

/* Runs until a decision or the end. */
int game_advance(Game *g);

/* The first script error of the game (g->nerrors > 0): where a chain of errors began,
 * the one to show when only one is (lint, sim's "first error"). */
const Err *game_first_error(const Game *g);
/* The pending decision (seat -1 when none). */
DecisionView game_decision(const Game *g);
/* Answers the pending decision with the chosen option ids. false with e filled when
 * the answer is not legal; the game is unchanged then. */
bool game_answer(Game *g, const int32_t *ids, int n, Err *e);

/* --- mechanisms (the script API binds these; all return false / -1 with e filled on
 * bad arguments, and refuse to change anything while g->readonly) --- */

/* Zones. */
int32_t zone_new(Game *g, int32_t name, int owner, int vis, int flags, Err *e);
/* The zone named name of owner (SEAT_NONE: the game's), or -1. Builds g->zone_slots when
 * they are out of date, so it is not const. */
int32_t zone_find(Game *g, int32_t name, int owner);
/* Object at position i (0 = top), or -1. */
int32_t zone_at(const Game *g, int32_t zone, int i);
/* Shuffles a zone; a sorted zone (zone_set_sort) refuses. */
bool zone_shuffle(Game *g, int32_t zone, Err *e);
/* Keeps the zone's cards in order of the number each card's definition holds under
 * `key` in its data (lowest on top; cards without one below those with, each group in
 * the order they arrived), or no order when key < 0. The cards already there are put in
 * that order now. A card moved in or created there takes its place; a move into it with
 * a position (obj_move pos >= 0) is refused. */
bool zone_set_sort(Game *g, int32_t zone, int32_t key, Err *e);
/* Changes who sees a zone's cards: vis (VIS_*, or -1 to keep it) and `hide`, the seats
 * (bit s) from whom its cards are hidden whatever vis says (0: nobody). */
bool zone_set_visibility(Game *g, int32_t zone, int vis, uint32_t hide, Err *e);
/* Gives a card a new owner (seat, or -1). */
bool obj_set_owner(Game *g, int32_t obj, int owner, Err *e);

/* Cards and objects. */
int32_t obj_new(Game *g, int def, int32_t zone, int owner, Err *e);
/* Moves obj to zone at position pos (0 top, -1 bottom, k: k-th from top). face: -1 keep,
 * 0 up, 1 down. Emits "move". */
bool obj_move(Game *g, int32_t obj, int32_t zone, int pos, int face, Err *e);
/* Where obj lies in its zone: 1 the top, the zone's count the bottom (zone_at(g, zone,
 * k - 1) is obj); 0 when it is in no zone (attached to another card, or gone). */
int obj_position(const Game *g, int32_t obj);
bool obj_attach(Game *g, int32_t obj, int32_t target, Err *e);
/* Removes obj (and what is attached to it) from the game; its handles go stale. */
bool obj_destroy(Game *g, int32_t obj, Err *e);
/* Whether seat (or -1 for a spectator) may see the identity of obj. */
bool obj_visible(const Game *g, int32_t obj, int seat);
/* The seats that may see obj's identity where it is now (bit s; bit 31: spectators):
 * the mask of an event about it. */
uint32_t obj_mask(const Game *g, int32_t obj);
/* Seats that may see property `key` of an entity now (bit 31: spectators): a card's to
 * those who see the card, a secret one ('_' first) to its owner alone among them; a
 * seat's secret one to that seat; a game's secret one to nobody; any other to everyone.
 * prop_set stores it in the change's event; view_prop_visible reads it for views. */
uint32_t prop_mask(const Game *g, int ekind, int32_t ent, int32_t key);
/* Handles: index | generation << 24. */
int64_t obj_handle(const Game *g, int32_t obj);
int32_t obj_from_handle(const Game *g, int64_t h);

/* Properties of the game (ent 0), a seat or an object. */
bool prop_get(const Game *g, int ekind, int32_t ent, int32_t key, Prop *out);
/* Sets a property (type PV_NIL removes it); emits "set" with the old and new value. */
bool prop_set(Game *g, int ekind, int32_t ent, int32_t key, int type, int64_t v, int scope,
              int32_t scope_name, Err *e);
int64_t prop_int(const Game *g, int ekind, int32_t ent, int32_t key, int64_t dflt);
/* The game's statistic key (game.stat): its total, 0 when never added to. */
int64_t stat_get(const Game *g, int32_t key);
/* Adds delta to statistic key; its new total in *total. No event. False (e set) in a
 * read-only query or past +/-STAT_MAX. */
#define STAT_MAX (INT64_C(1) << 62)
bool stat_add(Game *g, int32_t key, int64_t delta, int64_t *total, Err *e);

/* Effects: card obj's handler `handler` runs when event `event` happens; obj
 * EFFECT_RULES: the rules' function `handler`, as a trigger with no controller (not with
 * scope SCOPE_WHILE_IN_PLAY). */
int32_t effect_add(Game *g, int32_t obj, int32_t handler, int32_t event, int32_t params,
                   int scope, int32_t scope_name, int flags, Err *e);
bool effect_remove(Game *g, int32_t id);

/* Events: appends to the log and queues triggers of matching effects. text may be
 * NULL. mask: seats that may see the card identity (~0u for all). */
bool event_emit(Game *g, int32_t kind, int32_t a, int32_t b, int64_t c, int64_t d,
                uint32_t mask, const char *text, Err *e);
/* Writes a line to the log, visible to `seat` only, or everyone when seat is -1. */
bool game_log(Game *g, int seat, const char *text);

/* Windows: schedules a play-or-pass window of the given kind after the current
 * action. */
bool window_open(Game *g, int32_t kind, int32_t prompt, Err *e);
/* The items waiting to resolve in the innermost open window (played cards and
 * triggers of a stack or chain window; an immediate window resolves them at once):
 * how many, 0 when no window is open. They are s->items[*first .. *first + n), the
 * last one the next to resolve. Read-only. */
int32_t window_waiting(const Game *g, int32_t *first);
/* Cancels waiting item k of the innermost open window (0: the next to resolve, as
 * window.items lists them): it leaves the items and never resolves; its card stays
 * where it is. Emits `cancel` (a = object, b = the item's seat or -1, c = item kind << 8
 * | (by + 1), d = definition; mask: who sees the card now), by = the seat cancelling it
 * or -1. The passes start again unless a chain is resolving. False (e filled, nothing
 * changed) in a read-only query or when there is no item k. */
bool window_cancel(Game *g, int32_t k, int by, Err *e);
/* Schedules a script call after the current action (or, inside an open window, when
 * it closes). */
bool game_schedule(Game *g, int32_t obj, int32_t fn, int32_t params, int seat, bool defer,
                   Err *e);

/* Ends every effect and property of a named scope ("attack", "battle"). */
bool scope_end(Game *g, int scope, int32_t scope_name, Err *e);

/* Phases. */
bool game_skip_step(Game *g, int32_t step, Err *e);
bool game_extra_turn(Game *g, int seat, Err *e);

/* Dice: rolls n dice of `faces` faces into a new pool; returns the pool id. quiet: its
 * `dice` event makes no log line (the script narrates the roll). */
int32_t dice_roll(Game *g, int n, int faces, bool quiet, Err *e);
/* The next n dice rolled or rerolled take these natural values, in order (a designer
 * chunk's dice.force; kept in the state, so a replay applies it as the chunk did). */
bool dice_force(Game *g, const int *values, int n, Err *e);
bool dice_reroll(Game *g, int32_t pool, int idx, Err *e);
/* The next n integer draws (rng_draw: rng.int, rng.pick, math.random(m, n)) take these
 * values, in order (a designer chunk's rng.force; kept in the state, like dice_force's,
 * but in a queue of their own: dice never take them). At most 100 wait. */
bool rng_force(Game *g, const int64_t *values, int n, Err *e);
/* An integer of lo..hi (hi - lo < 2^32) into *out: the first value rng_force left
 * waiting, which it removes, else a draw from the game's generator. A waiting value
 * outside lo..hi is an error naming it, the range and `what` the range is (it stays
 * waiting: the error undoes the action). */
bool rng_draw(Game *g, int64_t lo, int64_t hi, const char *what, int64_t *out, Err *e);
/* How many values rng_force left waiting. */
int rng_forced_count(const Game *g);
bool dice_modify(Game *g, int32_t pool, int idx, int delta, Err *e);
/* Die idx (0-based) of a pool, or NULL. */
const Die *dice_get(const Game *g, int32_t pool, int idx, int *count);

/* Who won, as a sentence's start: "the Creature (seat 1) wins", "the Hunted (seats 2,
 * 3) win", "seat 2 wins", "a draw" (game.draw: neither a role nor a seat). */
void game_winner_text(const Game *g, char *buf, size_t n);
/* The game is won by a role, or (role -1) by the seats of the bit set `seats`: one seat,
 * or several sharing the win; neither (0) is a draw. */
bool game_win(Game *g, int32_t role, uint32_t seats, const char *reason, Err *e);
/* Whether seat won: the winning seat, a seat of the winning role, or one of the seats
 * sharing the win. */
bool game_won_by(const Game *g, int seat);
/* The rounds g has begun (the one under way counts), as the rules' `rounds` says:
 * ROUNDS_TURNS, the turn; ROUNDS_SEATS, read from the log's turn events: turn 1 begins
 * round 1 and a turn begins a new one when its active seat comes, going round the table
 * from the seat of turn 1, before the seat of the turn before (the turn came back round:
 * an extra turn, or seats passed by, begin none); in a game of one seat every turn is a
 * round. 0 before turn 1, and with ROUNDS_NONE. */
int game_rounds(const Game *g);

/* Called by the script host when a script asks: sets the pending decision. Options
 * must be added with decision_option before the script suspends. */
bool decision_begin(Game *g, int seat, int kind, const char *prompt, int min, int max,
                    int32_t tag, Err *e);
bool decision_option(Game *g, int32_t id, const char *label, int vtype, int64_t value,
                     Err *e);
/* Adds to the pending decision something it does not offer, so a front end can say why
 * to a player who looks for it ("resist" with nothing discarded, a card its conditions
 * keep back): its label as the options would read, the card (vtype OPT_OBJ, value the
 * object) or not (OPT_STR), and the reason, for the deciding seat's eyes only. Never an
 * answer. Options added after it still come first. */
bool decision_refuse(Game *g, const char *label, int vtype, int64_t value, const char *why, Err *e);
/* The reason of a refusal of the pending decision (an entry of DecisionView.refused). */
const char *decision_refusal_why(const Game *g, const Option *refusal);
/* While rebuilding an action: the next recorded answer, or NULL when none is left
 * (then the script must ask for real). */
const int32_t *game_replay_answer(Game *g, int *n);

/* The script host calls this to rebuild a suspended action in a game that has no
 * coroutine for it (a clone, a loaded game): the state goes back to the snapshot taken
 * before the action and the recorded answers are replayed from the first. */
void game_rebuild(Game *g);

/* Seat roles. */
bool seat_set_role(Game *g, int seat, int32_t role, int32_t team, Err *e);
/* Seat `seat` is out of the game for good (seat.eliminate): it is never asked again (a
 * window passes for it, a question to it is an error), the turn passes it by and its
 * queued extra turns are dropped. Logs "seat N is out of the game[: reason]". */
bool seat_eliminate(Game *g, int seat, const char *reason, Err *e);
/* Whether seat is out of the game. */
static inline bool seat_out(const Game *g, int seat)
{
    return seat >= 0 && seat < 32 && (g->s.h.out_seats >> seat & 1u);
}

/* Text offset helpers for the log pool (g->text). */
const char *game_text(const Game *g, int32_t off);

/* The option value of key (borrowed) or NULL. */
json_t *game_option(const Game *g, const char *key);

#endif
