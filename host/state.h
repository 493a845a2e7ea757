/* state.h — the game state: every byte a save, a clone or an undo must reproduce.
 *
 * The state is a header struct plus a few growable arrays of plain structs that refer to
 * each other by index, never by pointer, so copying a state is one memcpy per array
 * (state_copy) and rolling an action back is copying the snapshot taken before it.
 * Scripts see objects only through handles (index + generation) checked on every use.
 *
 * Seats are 0-based here and 1-based in Lua. Read next: game.h. */
#ifndef TABULA_STATE_H
#define TABULA_STATE_H

#include "util.h"

#define MAX_SEATS 16
#define SEAT_NONE (-1)

/* Zone visibility: who sees the identity of the cards in it (face-down cards and the
 * per-card known-to set refine this, see obj_visible). */
enum { VIS_PUBLIC = 0, VIS_OWNER = 1, VIS_HIDDEN = 2 };
/* Zone flags. */
enum { ZONE_IN_PLAY = 1, ZONE_SECRET = 2, ZONE_SPACE = 4 }; /* ZONE_SPACE: a board's space (board.h) */
/* ZONE_SECRET: a board space of a face-down region (board.h): no seat sees its cards. */

/* Entity kinds that carry properties. ENT_STAT: the game's statistics (game.stat,
 * entity 0), integers no seat sees and no event reports. ENT_ZONE: a zone's (zone.set;
 * entity: the zone's index), seen by every seat but in a face-down board space. */
enum { ENT_GAME = 0, ENT_SEAT = 1, ENT_OBJ = 2, ENT_STAT = 3, ENT_ZONE = 4 };
/* Property value types. */
enum { PV_NIL = 0, PV_INT = 1, PV_BOOL = 2, PV_STR = 3, PV_LIST = 4 };

/* Durations: built-in scopes; games add their own named scopes (attack, battle…), whose
 * ids are SCOPE_NAMED + the interned name. */
enum { SCOPE_GAME = 0, SCOPE_STEP = 1, SCOPE_TURN = 2, SCOPE_WHILE_IN_PLAY = 3, SCOPE_NAMED = 16 };

typedef struct Obj {
    int32_t def;           /* index into the world's card definitions */
    int32_t zone;          /* zone index, -1 when attached or gone */
    int32_t prev, next;    /* neighbours in the zone (prev is towards the top) */
    int32_t attached;      /* object this one sits on (tokens), -1 */
    uint32_t known;        /* bit s: seat s knows this card even where it is hidden */
    uint16_t gen;          /* bumped when the card changes zone: old handles go stale */
    int8_t owner, controller;
    uint8_t face_down, tapped, alive;
    uint8_t failed;        /* depth of the open window in which its play failed on a script
                              error (not offered again there), 0: none */
} Obj;

typedef struct Zone {
    int32_t name;          /* interned */
    int8_t owner;          /* seat or SEAT_NONE for a game zone */
    uint8_t vis, flags, pad;
    int32_t head, tail;    /* head = top */
    int32_t count;
    uint32_t hide;         /* seats from whom the zone's cards are hidden, whatever vis says */
    int32_t sort;          /* interned key of card data the zone keeps its cards in order of, -1 none */
} Zone;

typedef struct Prop {
    int32_t ent;           /* seat index or object index (0 for the game) */
    int32_t key;           /* interned */
    int64_t v;             /* int/bool value, or offset into strs (PV_STR) / ints (PV_LIST) */
    uint8_t ekind, type;
    uint16_t scope;
    int32_t scope_name;    /* for SCOPE_NAMED */
} Prop;

typedef struct Effect {
    int32_t id;            /* stable id within the game */
    int32_t obj;           /* the card whose script holds the handler, or EFFECT_RULES */
    int32_t handler;       /* interned handler name in that card's script */
    int32_t event;         /* interned event kind it listens to */
    int32_t params;        /* offset into ints (list) or -1 */
    uint16_t scope;
    int8_t controller;
    uint8_t flags;         /* EFFECT_ONCE */
    int32_t scope_name;
    uint16_t obj_gen;      /* WHILE_IN_PLAY: ends when the card's generation moves on */
    uint16_t pad;
} Effect;
enum { EFFECT_ONCE = 1 };
/* Effect.obj and Item.obj of an effect of the rules: the handler is a function of the
 * rules table, the effect has no controller (SEAT_NONE) and its triggers run as rules
 * actions (TASK_CALL with a = -1). */
#define EFFECT_RULES (-1)

/* One event; the log holds them and triggers point at them. */
typedef struct Event {
    int32_t kind;          /* interned event name ("move", "set", "step", …) */
    int32_t a, b;          /* per kind, see events in docs/architecture.md */
    int64_t c, d;          /* (64-bit: property values travel here) */
    uint32_t mask;         /* seats that may see the card identity in it */
    int32_t turn;
    int32_t text;          /* offset into the game's text pool or -1 */
    int32_t cells;         /* a move: the cells (board_cell_of + 1) of from (low 16 bits) and
                            * to (high 16 bits) on a board read by cells, when it was made */
} Event;

/* A pending trigger or a played card waiting in a window. */
typedef struct Item {
    int32_t obj;           /* source card, or EFFECT_RULES (a trigger of the rules) */
    uint16_t obj_gen;
    uint8_t kind;          /* ITEM_TRIGGER / ITEM_PLAYED */
    int8_t seat;           /* controller */
    int32_t fn;            /* interned function name in the card's script */
    int32_t effect;        /* effect id for triggers (-1: a static listener of the rules), -1 */
    int32_t event;         /* event index for triggers, -1 */
    int32_t params;        /* ints offset or -1 */
} Item;
enum { ITEM_TRIGGER = 1, ITEM_PLAYED = 2 };

/* Agenda tasks: the host's to-do stack. advance() pops and runs them. */
typedef struct Task {
    uint8_t kind;
    int8_t seat;
    uint16_t gen;          /* TASK_CALL: generation of obj when scheduled */
    int32_t a, b, c, d;
} Task;
enum {
    TASK_NEXT_STEP = 1,   /* move to the next step of the turn */
    TASK_STEP_ENTER,      /* a = step: run the rules' enter hook */
    TASK_STEP_LEAVE,      /* a = step: run the rules' leave hook, expire step scope */
    TASK_CALL,            /* a = obj (-1 rules), b = fn name, c = params, d = event: run a script function */
    TASK_WINDOW,          /* continue the play-or-pass loop of the innermost window */
    TASK_WINDOW_OPEN,     /* a = window kind, b = its prompt or -1: open it (becomes a TASK_WINDOW) */
    TASK_GOTO,            /* move the step pointer on (and the turn, after the last step) */
    TASK_PLAY_PLACE       /* a = obj, b = fn, seat, gen: a card's on_play finished: it waits
                           * in the innermost window (stack, chain) or resolves (immediate) */
};

typedef struct Window {
    int32_t kind;          /* interned window kind */
    uint8_t style;         /* WIN_IMMEDIATE / WIN_STACK / WIN_CHAIN */
    int8_t cur;            /* seat being offered */
    uint8_t passes;        /* passes in succession */
    uint8_t resolving;     /* chain style: resolving backwards */
    uint8_t failed;        /* a play in it failed (cards marked: cleared when it closes) */
    uint8_t pad[3];
    int32_t item_base;     /* first item of this window in s->items */
    int32_t defer_base;    /* first deferred task of this window */
    int32_t played;        /* items played in this window */
    int32_t prompt;        /* interned question put to the seats, or -1 (the default) */
} Window;
enum { WIN_IMMEDIATE = 0, WIN_STACK = 1, WIN_CHAIN = 2 };

/* The pending decision. */
typedef struct Decision {
    int8_t seat;           /* SEAT_NONE: no decision pending */
    uint8_t kind;          /* DEC_CHOOSE / DEC_PLAY / DEC_ORDER / DEC_AMOUNTS */
    uint8_t source;        /* DSRC_SCRIPT / DSRC_WINDOW / DSRC_ORDER */
    uint8_t step;          /* DEC_AMOUNTS: the total a multiple of this (2..100); 0: any total */
    int32_t prompt;        /* dtext offset */
    int32_t min, max;      /* DEC_AMOUNTS: the least and most in all (units) */
    int32_t nopt;          /* options are the first nopt entries of s->opts (refusals follow) */
    int32_t tag;           /* interned decision tag ("play", "target", …) or -1 */
} Decision;
/* DEC_AMOUNTS (decide.amounts): a count of each option within its own bounds (Option lo,
 * hi) and the total within min..max (a multiple of step when it is set); the answer
 * names an option once per unit (ids may repeat: {1, 1, 3} is two of option 1 and one
 * of option 3). host/amounts.c. */
enum { DEC_CHOOSE = 1, DEC_PLAY = 2, DEC_ORDER = 3, DEC_AMOUNTS = 4 };
enum { DSRC_SCRIPT = 1, DSRC_WINDOW = 2, DSRC_ORDER = 3 };

typedef struct Option {
    int32_t id;            /* stable id: object index for cards, else 1..n */
    int32_t label;         /* dtext offset */
    int64_t value;         /* what the script gets back (object handle, index, …) */
    uint8_t vtype;         /* OPT_INDEX / OPT_OBJ / OPT_PASS / OPT_STR */
    uint8_t pad[3];
    int32_t aux;           /* a refusal: dtext offset of why it is not offered; else -1 */
    int32_t key;           /* dtext offset of the script's id for the option (decide.amounts), or -1 */
    int32_t lo, hi;        /* DEC_AMOUNTS: the least and most of this option; else 0 */
    int32_t data;          /* dtext offset of the designer's data for bots, as JSON text, or -1 */
} Option;
/* The decision's options are the first nopt entries of s->opts; the entries after them
 * are its refusals: what the deciding seat might look for and is not offered, each with
 * the reason (decision_refuse). They are never an answer. */
enum { OPT_INDEX = 1, OPT_OBJ = 2, OPT_PASS = 3, OPT_STR = 4 };

/* One count of a counter supply (host/supply.h): how many counters of `kind` of supply
 * `supply` `holder` holds. A supply's first entries are its kinds' totals (holder
 * SUPPLY_TOTAL; n = -1: unlimited), in the supply's order of kinds; the pool's, the
 * seats' and the cards' counts follow as they are first moved. */
typedef struct Counter {
    int32_t supply;        /* interned supply name */
    int32_t kind;          /* interned counter kind */
    int32_t holder;        /* SUPPLY_TOTAL, SUPPLY_POOL, a seat, or SUPPLY_CARD + object index */
    int32_t flags;         /* a total's: SUPPLY_HIDDEN (supply.h); 0 elsewhere */
    int64_t n;
} Counter;

typedef struct Die {
    int32_t pool;
    int16_t faces, natural;
    int32_t value;         /* modified value */
} Die;

typedef struct Seat {
    int32_t role;          /* interned, -1 unset */
    int32_t team;          /* interned, -1 unset */
} Seat;

/* Boards (board.h): a board, its spaces (each a zone), the edges between them and
 * regions of spaces. Indices into State.boards/spaces/edges/regions. */
#define BOARD_PASS_MAX 8
typedef struct Board {
    int32_t name;          /* interned, unique among boards */
    uint8_t grid;          /* 1: spaces have coordinates and grid neighbours */
    uint8_t cells;         /* 1 (a grid): people read a space by the cell it is on now, "c5" */
    uint8_t npass;         /* 1..BOARD_PASS_MAX: the states in pass */
    uint8_t pad;
    int32_t pass[BOARD_PASS_MAX]; /* interned edge states that let pieces and sight through */
} Board;
typedef struct Space {
    int32_t board, zone;
    int32_t x, y;          /* BOARD_NO_XY when it has none (graph boards) */
    int32_t region;        /* -1: in none */
} Space;
typedef struct Edge {
    int32_t a, b;          /* spaces; on a grid b is -1 and the edge is a's side `dir` */
    int32_t state;         /* interned ("open", "wall", "door", …) */
    int8_t dir;            /* DIR_* on a grid, -1 on a graph */
    uint8_t pad[3];
} Edge;
typedef struct Region {
    int32_t board, name;   /* name interned, unique on its board */
    uint8_t face_down;
    uint8_t rot;           /* quarter turns clockwise from how it was made, 0..3 */
    uint8_t pad[2];
} Region;

/* Scalars of the state. */
typedef struct StateHdr {
    uint64_t rng[4];       /* xoshiro256** state */
    int32_t nseats;
    int32_t turn;          /* 1-based */
    int32_t step;          /* index into the rules' step list, -1 before the first */
    int32_t active;        /* active seat */
    int32_t over;          /* 1 when the game ended */
    int32_t winner_role;   /* interned or -1 */
    int32_t winner_seat;   /* or -1 */
    uint32_t winner_seats; /* a win shared by 2 or more seats: their bits (role, seat -1) */
    uint32_t out_seats;    /* the seats out of the game (seat.eliminate), as bits */
    int32_t reason;        /* strs offset or -1 */
    int32_t actions_turn;  /* loop guard counter */
    int32_t next_effect;
    int32_t next_pool;
    int32_t extra_turns;   /* queued extra turns */
    int32_t extra_seat[8];
    int32_t started;
    Decision dec;
} StateHdr;

/* The whole mutable state. */
typedef struct State {
    StateHdr h;
    Vec seats;     /* Seat */
    Vec objs;      /* Obj */
    Vec zones;     /* Zone */
    Vec props;     /* Prop */
    Vec effects;   /* Effect */
    Vec tasks;     /* Task (agenda, top = last) */
    Vec items;     /* Item */
    Vec windows;   /* Window */
    Vec triggers;  /* Item: triggers waiting for the next window collection */
    Vec deferred;  /* Task: run when the window that deferred them closes */
    Vec opts;      /* Option of the pending decision */
    Vec dice;      /* Die */
    Vec strs;      /* char: string pool */
    Vec ints;      /* int64: list pool ([len, items…]) */
    Vec dtext;     /* char: prompt and labels of the pending decision (reset by each) */
    Vec forced;    /* int64: values rng.force left waiting for the next draws, in order */
    Vec counters;  /* Counter: the counter supplies (host/supply.h) */
    Vec boards;    /* Board */
    Vec spaces;    /* Space */
    Vec edges;     /* Edge */
    Vec regions;   /* Region */
} State;

/* Makes dst an exact copy of src; false on allocation failure (dst then unspecified but
 * freeable). */
bool state_copy(State *dst, const State *src);
void state_free(State *s);
/* A stable hash of the state's content (used for replay checks and tests). */
uint64_t state_hash(const State *s);
/* Bytes of host state (used lengths, the figure `make bench` reports). */
size_t state_bytes(const State *s);

/* String and list pools. Return an offset or -1 on allocation failure. */
int32_t state_str(State *s, const char *text);
const char *state_cstr(const State *s, int32_t off);
/* Text of the pending decision's pool (prompt, labels). */
int32_t state_dtext(State *s, const char *text);
const char *state_dcstr(const State *s, int32_t off);
int32_t state_list(State *s, const int64_t *items, int32_t n);
/* Items of a pooled list; *n gets its length. */
const int64_t *state_list_get(const State *s, int32_t off, int32_t *n);

/* PRNG (xoshiro256**, seeded through splitmix64). */
void rng_seed(State *s, uint64_t seed);
uint64_t rng_next(State *s);
/* Uniform integer in [0, n) without modulo bias; n >= 1. */
uint32_t rng_below(State *s, uint32_t n);

#define S_SEAT(s, i) VEC_AT((s)->seats, Seat, i)
#define S_OBJ(s, i) VEC_AT((s)->objs, Obj, i)
#define S_ZONE(s, i) VEC_AT((s)->zones, Zone, i)
#define S_PROP(s, i) VEC_AT((s)->props, Prop, i)
#define S_EFFECT(s, i) VEC_AT((s)->effects, Effect, i)
#define S_TASK(s, i) VEC_AT((s)->tasks, Task, i)
#define S_ITEM(s, i) VEC_AT((s)->items, Item, i)
#define S_WIN(s, i) VEC_AT((s)->windows, Window, i)
#define S_OPT(s, i) VEC_AT((s)->opts, Option, i)
#define S_DIE(s, i) VEC_AT((s)->dice, Die, i)
#define S_COUNTER(s, i) VEC_AT((s)->counters, Counter, i)

#endif
