/* vm.h — the script host: one sandboxed Lua state per worker, shared by every game on
 * that worker, with every pack's scripts compiled once.
 *
 * This is the only part of Tabula that includes lua.h. The host reaches it only
 * through the ScriptOps table (game.h); front ends use the functions below.
 * Read next: sandbox.h (the safe standard library), lib_api.c (the script API). */
#ifndef TABULA_VM_H
#define TABULA_VM_H

#include "game.h"

typedef struct Vm Vm;

typedef struct VmLimits {
    size_t mem_cap;        /* bytes the Lua state may hold (default 64 MiB) */
    long budget;           /* instructions per action (default 5,000,000) */
    int hook_interval;     /* instructions between budget checks (default 1,000) */
    int print_cap;         /* bytes print may log per action (default 64 KiB) */
    int time_cap_ms;       /* wall-clock milliseconds a script may run before it asks a
                            * question or ends (default 10,000; 0: no limit). A backstop
                            * for the work the instruction count cannot see (comparing
                            * long strings is one VM instruction); never reached by a
                            * script the budget lets finish */
    bool count_all;        /* count every instruction from the start of every run
                            * (default false: a run goes uncounted first and stands only
                            * when it provably stayed under the budget; else it is made
                            * again counted; fast.c). The same outcomes either way */
} VmLimits;

/* Creates the Lua state, the sandbox and the script API, then loads the world's rules,
 * helpers and card scripts (each once) and reads the rules' configuration into the
 * world. NULL and e filled on failure (e names the file and line of a bad script). */
Vm *vm_new(World *w, const VmLimits *lim, Err *e);
void vm_free(Vm *vm);
/* Lint mode: loads every script it can, appending each failure to `errors` as
 * {"file", "line", "col", "message"} instead of stopping at the first, and to
 * `warnings` (when not NULL) each global a script reads that nothing defines (its first
 * read in that script). NULL only when the Lua state itself cannot be made. */
Vm *vm_lint(World *w, json_t *errors, json_t *warnings, Err *e);
/* Default limits. */
VmLimits vm_limits_default(void);

/* Uncounted runs (fast.c; VmLimits.count_all): how many segments of actions and
 * queries began uncounted, and how many runs were thrown away and made again counted,
 * since the worker started. */
void vm_fast_stats(const Vm *vm, uint64_t *uncounted, uint64_t *recounted);
/* Counts every instruction from the start of every run (on), or lets runs go uncounted
 * first (off, the default): VmLimits.count_all, changed on a running worker. */
void vm_count_all(Vm *vm, bool on);
/* For tests: the instructions a nanosecond the check assumes (0: the default, 20). A
 * huge value makes every uncounted run fail the check and be made again counted. */
void vm_fast_assume(Vm *vm, uint64_t per_ns);

/* Evaluates designer Lua against game g, read-only (any change to the game is refused;
 * to change a game use game_inject): `src` is an expression or statements. The result,
 * pretty-printed with keys in a stable order, goes to *out (caller frees). Returns false
 * with e filled on error. `readonly` must be true (kept for the callers). */
bool vm_eval(Vm *vm, Game *g, const char *src, bool readonly, char **out, Err *e);

/* Runs a check chunk of a scenario in read-only mode; true when it returned true or
 * nothing, false (with the failure text in e) when it raised or returned false. When a
 * check of one expression returned false (or an assert failed) e says which part was
 * false, with what it expected and got ("seat.get(2, \"will\") == 3: expected 3, got
 * 2"), and `why` (may be NULL) gets a line per value its calls read ("where hand(2) is
 * hand of seat 2, holding Lair, Jungle"). */
bool vm_check(Vm *vm, Game *g, const char *src, const char *chunkname, Buf *why, Err *e);

/* Reads a scenario test file (Lua declaring `scenario "name" { ... }`) in a small
 * separate Lua state and returns the scenarios as a JSON array of {name, line, spec,
 * lines, helpers}: lines is {code: line} for the Lua code given the game (setup, a
 * step's lua or check, expect's checks, its helpers) where the file holds it as a
 * literal string, so that its errors can name file:line; helpers is the list of
 * {file, line, text} the runner puts in front of each of those chunks (the text of
 * `helpers_file`, from line 1 of that file, then the `helpers` text; line 0 when not in
 * the file), each compiled once here. A scenario holding a value JSON cannot (a
 * function, 0/0), or whose helpers cannot be read or do not compile, is {name, line,
 * error} instead, the key named in error; the others are read. NULL with e (file and
 * line) filled on a bad file. */
json_t *vm_scenarios_load(const char *path, Err *e);

/* Bots written in Lua. A pack may hold a file bots.lua beside its pack.json returning
 * a table of bots: name -> { about = "one line", answer = function(view, question) }
 * (or name -> function). A bot sees what its seat sees and nothing else: view_json and
 * view_decision of that seat, as Lua tables, in an environment of the safe standard
 * library without the game API. It returns an option id, an option's label, a list of
 * them, or nil to leave the question to the random bot. Bots are not part of the game:
 * they are not in a pack's content hash, and a log records their answers like anyone's.
 * The later pack's bot of a name replaces an earlier one's. */
int vm_bot_count(const Vm *vm);
/* Bot i's name, its description ("" when none) and the file that defines it. */
const char *vm_bot_name(const Vm *vm, int i);
const char *vm_bot_about(const Vm *vm, int i);
const char *vm_bot_file(const Vm *vm, int i);
/* The index of the bot named name, or -1. */
int vm_bot_find(const Vm *vm, const char *name);
/* A hash of the text of every bots.lua the packs have (0: none): what `reload` compares,
 * the bots being in no pack's content hash. */
uint64_t vm_bots_hash(const Vm *vm);
/* Why the packs' bots did not load ("file:line: message" in e), or NULL when they did. */
const Err *vm_bots_error(const Vm *vm);
/* What vm_bot_answer returns when the bot answered nil: the random bot answers this one.
 * (0 is an answer: an empty list, where the question takes none.) */
#define VM_BOT_LEFT (-2)
/* Bot i's answer for `seat` (which must be the deciding seat) to the pending decision of
 * g: the option ids into ids (at most cap), their count (0 for an empty list, where the
 * question's min is 0); VM_BOT_LEFT when the bot leaves this question to the random bot;
 * -1 with e filled when the bot failed (an error, the budget, or an answer that is not
 * one: e names the bot, its file and the question). Its math.random draws from *rng. The
 * game is not changed. */
int vm_bot_answer(Vm *vm, int i, const Game *g, uint64_t *rng, int32_t *ids, int cap, Err *e);

/* The lines view.log gives a bot of seat in g now (kept between questions and
 * extended), joined with newlines into out: for the test that they are view_log's. */
bool vm_bot_log_text(Vm *vm, const Game *g, int seat, Buf *out);
/* Whether the view (decision: the question) a bot of seat gets now, written straight
 * into Lua tables, holds exactly what view_json (view_decision) holds, made Lua tables
 * the way a script gets JSON data; else false, with the first difference in why. */
bool vm_bot_view_same(Vm *vm, const Game *g, int seat, bool decision, char *why, size_t n);

/* Number of scripts checked (for lint): every helper, rules file and card script the
 * Vm loaded or tried to load, those that failed included. */
int vm_script_count(const Vm *vm);
/* Whether the rules loaded and their configuration (steps, windows) was read. */
bool vm_rules_ok(const Vm *vm);
/* Whether the rules' `kinds` names functions every card of kind (interned) must give
 * (such a card without a script was reported when the scripts loaded). */
bool vm_kind_needs(const Vm *vm, int32_t kind);

/* LUA_RELEASE of the headers and the result of the known-answer probe, recorded in
 * every log so a replay refuses a different Lua build. */
const char *vm_lua_release(void);
const char *vm_lua_probe(Vm *vm);

/* Script API calls made on this worker so far (scripts' cost is mostly these). */
uint64_t vm_api_calls(const Vm *vm);
/* Work set aside from the game's figures (on, until off): the games a bot plays
 * forward in copies (lookahead) are not the game's cost, so the API calls counted and
 * the profile's samples (--profile) go back to what they were when it began. */
void vm_aside(Vm *vm, bool on);

/* Profiling (tabula sim --profile): when on, every budget-hook tick (each hook_interval
 * Lua instructions) records the running source line and function, and every script API
 * call its name. The report is {"lines": {"file:line": samples}, "functions":
 * {"file:line-defined": samples}, "api": {"zone.count": calls}, "interval": n}. */
void vm_profile(Vm *vm, bool on);
json_t *vm_profile_report(const Vm *vm);

/* Bytes the Lua state holds now. */
size_t vm_mem_used(const Vm *vm);

/* Every name the script API registers ("zone.move", …), NULL-terminated; for the test
 * that the docs cover all of them. */
const char *const *vm_api_names(Vm *vm);

#endif
