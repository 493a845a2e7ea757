/* vmi.h — what the files of vm/ share: the Vm struct, the budget and fuel, the
 * sandbox builders and the API registration. Not seen outside vm/. */
#ifndef TABULA_VMI_H
#define TABULA_VMI_H

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>

#include "vm.h"

/* Why the running script is being stopped (sticky: pcall re-raises it). STOP_REEXEC:
 * an uncounted run went past its allowance and is run again counted (fast.c). */
enum { STOP_NONE = 0, STOP_BUDGET = 1, STOP_GAMEOVER = 2, STOP_REEXEC = 3 };

typedef struct Prof Prof; /* profile.c */

/* One slot of the name lookup cache (lib_api.c lib_names_find). */
typedef struct NameSlot {
    const char *s; /* Lua's copy of the string (lua_tolstring), kept alive, or NULL */
    int32_t id;
} NameSlot;
#define NAME_CACHE 1024 /* slots of the name lookup cache (lib_api.c lib_names_find) */

/* One field of a loaded script, cached (vm.c vm_script_field). */
typedef struct FieldSlot {
    int32_t script, name;  /* the key; used only when ref != 0 */
    int ref;               /* registry ref of the value, LUA_REFNIL for nil, 0 unused */
} FieldSlot;
#define FIELD_CACHE 512

/* The Lua allocator's small-block pool (vm.c): classes of POOL_GRAIN bytes up to
 * POOL_MAX, carved from POOL_SLAB-byte slabs. */
#define POOL_GRAIN 16
#define POOL_MAX 512
#define POOL_SLAB (64u << 10)

typedef struct Live {
    uint32_t uid, serial;  /* the game and action a suspended coroutine belongs to */
    long used;             /* budget the action had used when it suspended */
    bool fast;             /* it runs uncounted (fast.c) */
    uint64_t spent;        /* and then ran this many ns before it suspended */
    uint64_t calls;        /* script API calls it made (taken back when it is made again) */
    int print_bytes;       /* and log text it had written */
    int cur_def;           /* the card running when it suspended (card.call nests) */
    int32_t cur_obj;
    int ref;               /* registry ref of the thread */
    lua_State *co;
    size_t mem0;           /* the heap when the action started */
    bool grew;             /* and it grew past mem0 + THREAD_GROWTH_KEPT since (run.c) */
} Live;

/* The functions every card of one kind must have in its script (the rules' `kinds`):
 * checked when the scripts load, so a card the rules would never offer (no script, or a
 * misspelt function) is an error then, not a silence in the games. */
#define KIND_NEEDS_MAX 32
#define KIND_NEED_FNS 16
typedef struct KindNeeds {
    int32_t kind;           /* interned kind */
    int nfn;
    int32_t fn[KIND_NEED_FNS]; /* interned function names */
} KindNeeds;

/* A seat's log lines as Lua strings, kept between a bot's questions (bot.c): each
 * question adds the lines of the events since, instead of making the whole log again. */
typedef struct BotLog {
    uint32_t uid, cuts;    /* the game (Game.uid) and its Game.log_cuts they were made for */
    uint32_t upto;         /* the lines are those of events [0, upto) */
    uint32_t last_from;    /* the first event of the last group of lines */
    int before_last;       /* lines before that group */
    int n;                 /* lines in the table */
    int ref, proxy_ref;    /* the table (host-written) and its read-only proxy, or LUA_NOREF */
} BotLog;

/* A bot of a pack's bots.lua (bot.c). */
typedef struct BotDef {
    char *name, *about;    /* about: its one-line description, or "" */
    const char *file;      /* the bots.lua it came from (owned by bots_files) */
    int ref;               /* registry ref of its answer function */
    bool log;              /* it asked for the seat's log lines (view.log) */
} BotDef;

struct Vm {
    lua_State *L;
    World *w;
    VmLimits lim;
    size_t mem, mem_peak;
    long used;             /* instructions (and fuel) charged to the current action */
    int stop;              /* STOP_* */
    bool timed_out;        /* the stop is the time limit's (a STOP_BUDGET) */
    uint64_t t_start;      /* the first hook tick since the running script started or
                            * resumed (monotonic ns), 0 before it */
    Game *g;               /* the game of the running action */
    int cur_def;           /* card definition running, -1 for rules */
    int32_t cur_obj;       /* card object running (the default source of effect.on), -1 */
    int load_def;          /* card definition whose script is loading (game.def()), or -1 */
    int load_line;         /* the line the loading script's main chunk last reached */
    int G_ref;             /* the read-only globals scripts see (proxy target) */
    int rules_ref;         /* the rules table */
    int sentinel_ref;      /* what getmetatable returns for locked metatables */
    int designer_env_ref;  /* the REPL's `lua` lines' own globals (kept between lines), or
                            * LUA_NOREF until the first line */
    int ro_mt_ref;         /* metatable of read-only proxies */
    int *free_threads;     /* refs of idle coroutines */
    int nfree, capfree;
    Live *live;
    int nlive, caplive;
    int nscripts;          /* scripts loaded or tried (helpers, rules, cards; for lint) */
    char probe[64];
    const char **api_names;
    int napi, capapi;
    int print_bytes;
    json_t *lint;          /* lint mode: errors collected here, loading goes on */
    json_t *lint_reads;    /* lint mode: globals the scripts read, {file, line, name} */
    const char *helper_failed; /* lint mode: the first helper that failed to load, or NULL */
    int lint_hidden;       /* lint mode: later script errors not listed (they follow from it) */
    bool rules_ok;         /* the rules loaded and their configuration was read */
    KindNeeds kneeds[KIND_NEEDS_MAX]; /* the rules' `kinds`: functions a card script of a
                            * kind must give */
    int nkneeds;
    bool lift_cap;         /* host work (an error report) may use the 64 KiB reserve */
    bool gc_settle;        /* an allocation was refused at the cap since the last full
                            * collection: the next run first makes one (vm_gc_full) */
    char q_file[256];      /* where the last placed query's error happened (query_msgh) */
    int q_line;
    uint32_t names_base;   /* names in the world when the current action started */
    uint64_t api_calls;    /* script API calls made so far (for sim and bench) */
    int32_t zone_seen;     /* the zone (its Lua id) the last script API call returned, else 0:
                            * a check's explanation tells a zone from a number by it */
    Prof *prof;            /* sampling profile (tabula sim --profile), NULL when off */
    bool aside;            /* vm_aside: the profile kept here, the calls counted to go back to */
    Prof *aside_prof;
    uint64_t aside_calls;
    void *pool_free[POOL_MAX / POOL_GRAIN + 1]; /* small-block free lists (vm.c) */
    char *slab, *slab_list; /* the slab being carved; every slab, linked */
    size_t slab_left;
    NameSlot name_cache[NAME_CACHE];
    int name_anchor_ref;   /* the strings name_cache holds, by slot (lib_names_find) */
    FieldSlot field_cache[FIELD_CACHE];
    /* bots (bot.c) */
    BotDef *bots;
    int nbots;
    char **bots_files;     /* the bots.lua files found, one per pack at most */
    int nbots_files;
    uint64_t bots_hash;    /* of their text, in pack order */
    Err bots_err;          /* why the bots did not load (e.msg empty: they did) */
    int bot_env_ref;       /* the globals bots see: the safe libraries, no game API */
    uint64_t *bot_rng;     /* while a bot answers: its random stream, else NULL */
    const char *bot_name;  /* while a bot answers: its name (print's prefix) */
    int bot_seat;          /* and its seat, 0-based */
    const Game *bot_view_g; /* while a bot answers: the game its view's "boards" is written
                            * from when first read (bot.c), else NULL */
    uint32_t bot_view_epoch; /* which view may read it: one more at each view made */
    bool loading_bots;     /* a bots.lua is loading */
    json_t *bot_reads;     /* lint mode: the globals the bots read, like lint_reads */
    BotLog bot_logs[MAX_SEATS]; /* per seat, for the bots that ask for the log */
    /* uncounted runs (fast.c) */
    bool watched;          /* the watchdog knows this worker: runs may be uncounted */
    bool fast;             /* the running segment is uncounted */
    bool act_fast;         /* the running action is (all its segments so far were) */
    lua_State *fast_L;     /* the thread running it */
    uint64_t fast_t0;      /* monotonic ns when the segment began */
    uint64_t fast_spent;   /* ns the run has taken, this segment included once it ends */
    uint64_t act_calls;    /* script API calls the running action's earlier segments made */
    uint64_t seg_calls0;   /* api_calls when its segment began: a run thrown away to be
                            * made again counted leaves no calls in the count */
    _Atomic uint64_t fast_deadline; /* past it the watchdog stops the run; 0: none runs */
    volatile sig_atomic_t fast_kicked; /* the watchdog stopped it */
    pthread_t fast_thread; /* the thread running this worker's scripts (the signal's) */
    uint64_t fast_per_ns;  /* the instructions a ns the check assumes (FAST_PER_NS) */
    uint64_t n_fast, n_recount; /* segments begun uncounted; runs made again counted */
};

/* True while a bot's code runs or loads: its errors speak of bots, not card scripts. */
static inline bool vm_in_bot(const Vm *vm)
{
    return vm->bot_rng || vm->loading_bots;
}

/* The Vm of a Lua state (stored in its extra space). Inline: every API call asks. */
static inline Vm *vm_of(lua_State *L)
{
    return *(Vm **)lua_getextraspace(L);
}

/* Charges `n` units of work to the action's budget; raises the budget error (which
 * pcall cannot catch) when it is exceeded. */
void vm_charge(lua_State *L, long n);
/* Starts the budget of an action or a query on thread co: nothing used, no stop, the
 * count hook every hook_interval instructions, the time limit's clock from its first
 * tick. */
void vm_budget_start(Vm *vm, lua_State *co);
/* Garbage after the memory cap. In generational mode Lua 5.4.4 leaves the target of a
 * full collection unset (upstream bug "GC not setting a proper target for next cycle
 * after a full collection in generational mode", fixed in 5.4.6; Debian's 5.4.4 has it):
 * the bytes a full collection freed count as credit, so after an emergency collection
 * that freed most of the heap nothing was collected until as much again was allocated.
 * A worker whose script once hit the cap then ran every later action with its heap of
 * garbage at the cap. There the strings the library builds failed with "not enough
 * memory": lauxlib allocates a luaL_Buffer's box through the allocator directly, and
 * Lua runs its emergency collection only for its own allocations (the flaky sandbox_42
 * sweep; tests sandbox_own_garbage_is_collected_after_the_cap_was_hit and
 * sandbox_own_library_strings_find_room_after_an_emergency_collection). So:
 *  - an allocation refused at the cap sets gc_settle, and the next run first collects in
 *    full and sets the target (vm_gc_full);
 *  - within a run, the sandbox's string functions make room first (sandbox.c room_for);
 *  - vm_gc_settle sets the target (one basic step, which measures the heap in use) after
 *    the collections we make ourselves. */
void vm_gc_settle(Vm *vm, lua_State *L);
void vm_gc_full(Vm *vm, lua_State *L); /* L: the running thread */
/* Shrinks every thread's stack and call frames, which the generational collector never
 * does (the incremental one does as it traverses them, half the unused frames at a
 * time): full incremental collections while they free 64 KiB, then back to generational
 * mode with its target set. Costly: only after a query grew the heap by a megabyte on
 * the main thread, which cannot be dropped as a pooled coroutine is (run.c,
 * THREAD_GROWTH_KEPT). */
void vm_gc_shrink(Vm *vm, lua_State *L);
/* The budget's count hook (vm.c). */
void vm_budget_hook(lua_State *L, lua_Debug *ar);

/* Uncounted runs (fast.c). vm_fast_watch: the watchdog watches this worker (false:
 * it cannot start, every run is counted); vm_fast_unwatch before the Vm is freed.
 * vm_fast_begin: the segment about to run on thread co goes uncounted when it may
 * (spent: ns the action's earlier segments ran), with the count hook off; false: run it
 * counted. vm_fast_end after it: true when its outcome stands, false when the whole
 * run must be made again counted from its start (the stop is cleared). vm_fast_kick:
 * the signal handler's, stops the running uncounted segment. */
bool vm_fast_watch(Vm *vm);
void vm_fast_unwatch(Vm *vm);
bool vm_fast_begin(Vm *vm, lua_State *co, uint64_t spent);
bool vm_fast_end(Vm *vm);
void vm_fast_kick(Vm *vm);
/* A run thrown away leaves its garbage (an action's whole working, a bot's view): when
 * the heap is near the cap (past 7/8 of it), a full collection before it is made again
 * counted, so that the counted run does not meet a cap that garbage filled. */
void vm_fast_sweep(Vm *vm);

/* Raises a sticky stop: after this, every pcall re-raises. */
int vm_stop_error(lua_State *L, int why, const char *msg);

/* math.random's arguments (sandbox.c): false when there are none (a float in [0, 1) is
 * asked for); else the interval's first value and its count, 1 to 2^32 (raises on an
 * empty or larger interval). */
bool sandbox_random_args(lua_State *L, lua_Integer *lo, uint32_t *count);
/* Builds the safe base, string, table, math and utf8 functions into table at idx. */
void sandbox_open(lua_State *L, int idx);
/* Returns a read-only proxy for the table at the top (replacing it). */
void sandbox_freeze(lua_State *L);
/* Deep-freezes the value at the top: tables, also those reachable through functions'
 * upvalues, become read-only proxies. Replaces the top with the result. */
void sandbox_freeze_deep(lua_State *L);
/* Refuses a compiled chunk (on top of the stack) whose functions assign to variables
 * of the whole script: scripts keep nothing between calls (bytecode.c). */
bool bytecode_check(lua_State *L, const char *path, Err *e);
/* The prologue "local a,b=a,b;" binding the globals the compiled chunk at the top reads
 * and never assigns, among those set in the table at genv (bytecode.c). False when
 * there are none (out left empty). */
bool bytecode_prologue(lua_State *L, int genv, Buf *out);
/* Calls note(ud, name, line) once for each global the function at the top of the stack
 * (a loaded chunk) reads and never assigns, at its first read; false when the dump could
 * not be read. */
bool bytecode_globals_read(lua_State *L, void (*note)(void *ud, const char *name, int line), void *ud);
/* Loads a script file over the globals at registry ref genv (vm.c): the returned table,
 * deep-frozen, is left on the stack; false with e filled when it fails. */
bool vm_load_script(Vm *vm, const char *path, int genv, Err *e);
/* rules_config.c: reads the configuration of the merged rules table (steps, windows,
 * kinds' needs, listeners, limits) from the rules at vm->rules_ref into the world and
 * vm; false with e naming the rules file and the field. */
bool vm_rules_config_read(Vm *vm, const char *file, Err *e);
/* rules_config.c: copies the fields of the table on top of the stack into the table at
 * into (later packs win; `steps`, `windows`, `kinds` and `on` merged key by key), and
 * pops it. */
void vm_rules_merge(lua_State *L, int into);
/* In lint mode: records e in the lint list and returns true (loading goes on); false
 * otherwise (vm.c). */
bool vm_lint_keep_going(Vm *vm, Err *e);
/* Loads every pack's bots.lua (bot.c); called once the world has loaded. A failure
 * does not fail the world (random bots need none): it is kept in vm->bots_err, or
 * listed in lint mode. Frees them: vm_bots_free. */
void vm_bots_load(Vm *vm);
void vm_bots_free(Vm *vm);

/* True when the table at idx is a read-only proxy; pushes its target if so. */
bool sandbox_proxy_target(lua_State *L, int idx);
/* When the value at idx is a bot's view whose boards are written when first read
 * (bot.c): writes them into it and takes its metatable away (pairs and setmetatable
 * then see a plain table); true. Else false, nothing done. */
bool vm_bot_view_fill(lua_State *L, int idx);

/* Profile recording (profile.c), called only when vm->prof is set: a budget-hook
 * sample of the running line and function, and one script API call. */
void prof_sample(Vm *vm, lua_State *L, lua_Debug *ar);
void prof_api(Vm *vm, lua_State *L);

/* Registers the script API (game, seat, zone, card, …) into the table at idx. */
void api_open(lua_State *L, int idx);
/* Records an API name for the documentation check. */
void api_name(Vm *vm, const char *name);

/* Raw reads of script-made tables, proxies unwrapped (never runs a metamethod):
 * push the value and return its type. */
int vm_rawfield(lua_State *L, int idx, const char *k);
int vm_rawindex(lua_State *L, int idx, lua_Integer i);
/* Pushes onto L field `name` (interned) of a loaded script, read raw like vm_rawfield:
 * script >= 0 is the script of that card definition (which must have one), VM_RULES
 * the rules, VM_STEP(i) the rules' steps[<name of step i>]. Returns its type. */
int vm_script_field(lua_State *L, int32_t script, int32_t name);
#define VM_RULES (-1)
#define VM_STEP(i) (-2 - (i))
lua_Integer vm_rawlen(lua_State *L, int idx);

/* When msg starts with a position "file:line:" (a Lua error message; file under 250
 * characters): the colon after the file name, with *line set; else NULL. */
const char *vm_position_of(const char *msg, int *line);

/* Pretty-prints the value at idx (tables with keys in a stable order); with names, a
 * card handle of that game as "card 'Lair'". */
void vm_pretty(lua_State *L, int idx, Buf *b, const Game *names);
/* Evaluates Lua expression text (len bytes) read-only against g, as a scenario check
 * runs, after the statements pre (npre bytes, none when 0: the locals it reads), and
 * pushes its first value; false (nothing pushed) when it does not compile or raises. */
bool vm_eval_expr(Vm *vm, Game *g, const char *pre, size_t npre, const char *expr, size_t len);
/* Why check src failed (explain.c): it returned false (aline 0), or the assert on line
 * aline failed. The part that was false, with what it expected and what it got, into
 * head; a line per value the calls in that part read into detail (may be NULL). False
 * when it cannot tell (several statements, a function in the expression, …). */
bool vm_explain(Vm *vm, Game *g, const char *src, int aline, Buf *head, Buf *detail);

/* Makes vm the world's script host (fills w->ops). */
void vm_attach(Vm *vm);

/* The running game, or a Lua error when none (a handle used outside an action).
 * Counts the call (and samples it for the profiler): every API function starts here,
 * so it is inline. */
static inline Game *api_game(lua_State *L)
{
    Vm *vm = vm_of(L);
    vm->api_calls++;
    vm->zone_seen = 0;
    if (vm->prof) prof_api(vm, L);
    if (!vm->g) luaL_error(L, "no game is running (the host API works only inside an action)");
    return vm->g;
}

/* Pushes a writable environment for designer text (chunks, `lua` lines, scenario
 * checks): its globals read through to the scripts' globals; its metatable is locked
 * like a script's, so getmetatable(_ENV) does not hand out the globals every script
 * shares. */
void vm_push_scratch_env(Vm *vm);

#endif
