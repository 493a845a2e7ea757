/* test_sandbox.h — what the hostile-script suite's files share (test_sandbox.c: the
 * cases of ../shared/sandbox-cases.md; test_sandbox_own.c: the suite's own cases).
 *
 * Every error case checks four things: the typed error, that the action was undone
 * (the state dump is as before, and the log gained only the error report), that the
 * next action on the same worker succeeds, and that it ran well within its time.
 * Known bugs in files this suite does not own are guarded with KNOWN_BUG (which does
 * not fail the run; set SANDBOX_KNOWN=1 to list them and to see which look fixed). */
#ifndef TABULA_TEST_SANDBOX_H
#define TABULA_TEST_SANDBOX_H

#include "t.h"
#include "vmi.h"

#define HP "tests/packs/hostile"
#define HMOD "tests/packs/hostile-mod"
/* Chunk prelude: C(id) is the first card `id` on the hostile pack's table. */
#define PRE "local function C(id) return zone.search(zone.get('table'), id)[1] end\n"
/* A chunk that calls function fn of the Bomb card (a card's private environment). */
#define BOMB(fn) PRE "return card.call(C('bomb'), '" fn "')"

/* Seconds of this process's CPU time: the cases' time limits are on it, so a loaded
 * machine does not make them flaky (the runner's 20 s wall-clock guard catches hangs). */
double sb_now(void);
/* How much slower than a plain build this one runs (sanitizers, valgrind): time limits
 * are multiplied by it. */
double sb_slow(void);
/* True under valgrind or a sanitizer (RSS figures mean nothing there). */
bool sb_instrumented(void);

/* A new game of the hostile pack on wk, advanced to its resting point (seat 1's
 * play-or-pass offer). NULL (test failed) on error. */
Game *sb_game(Worker *wk, uint64_t seed);
/* t_dump without the event count (an undone action still logs its error report). */
char *sb_dump(const Game *g);
/* An integer / string game property, or dflt / NULL. */
int64_t sb_get(const Game *g, const char *key, int64_t dflt);
const char *sb_get_str(const Game *g, const char *key);
/* Text of the newest log line (print event), "" if none. */
const char *sb_last_log(const Game *g);
/* The last event of `kind` in the game's log, or NULL. */
const Event *sb_last_event(const Game *g, int32_t kind);

/* The typed budget error: both parts must be in the message. */
#define BUDGET "[budget]|instruction budget of"
/* Runs src and checks: exactly one script error whose message contains `want` (every
 * '|'-separated part of it), the state as before (only the error report logged), under
 * max_s seconds (scaled by sb_slow), and the next action on the same worker succeeds. */
void sb_undone_at(const char *file, int line, Game *g, const char *src, const char *want,
                  double max_s);
#define UNDONE(g, src, want) sb_undone_at(__FILE__, __LINE__, (g), (src), (want), 1.0)
#define UNDONE_IN(g, src, want, s) sb_undone_at(__FILE__, __LINE__, (g), (src), (want), (s))
/* The next action succeeds: game.add('alive', 1) runs cleanly and is seen. */
void sb_alive_at(const char *file, int line, Game *g);
#define ALIVE(g) sb_alive_at(__FILE__, __LINE__, (g))

/* Opens dir (plus one extra pack folder, may be NULL) with the given memory cap and
 * instruction budget (0: defaults). Close with sb_close. */
bool sb_open(Worker *wk, const char *dir, const char *extra, size_t cap, long budget, Err *e);
void sb_close(Worker *wk);

/* Writes a one-card pack into a new temporary folder (dir receives its path): rules.lua
 * is `rules` (a minimal rule set when NULL) and cards/x.lua holds len bytes of script. */
bool sb_tmp_pack(char *dir, size_t n, const char *rules, const char *script, size_t len);
void sb_tmp_rm(const char *dir);

/* Checks that a one-card pack whose script is len bytes of `script` fails to open with
 * an error containing `want` that names the file (and a line, with want_line), quickly,
 * and that another worker still plays afterwards. */
void sb_load_refused_at(const char *file, int line, const char *script, size_t len,
                        const char *want, bool want_line);
#define LOAD_REFUSED(src, want, want_line)                                                \
    sb_load_refused_at(__FILE__, __LINE__, (src), strlen(src), (want), (want_line))

/* What a child process reports back (sb_child). */
typedef struct SbChild {
    int opened;            /* the worker opened */
    int errors;            /* script errors of the hostile action */
    int undone;            /* the state dump was as before */
    int alive;             /* the next action succeeded */
    double secs;           /* the hostile action's wall-clock time */
    size_t mem_peak, cap;  /* Lua-accounted bytes: peak, cap */
    char msg[480];         /* the error message */
} SbChild;
/* Runs `src` as one action of a fresh hostile-pack worker with memory cap `cap` (0:
 * default) in a child process, then the next action. Returns 0 with *out filled when
 * the child exited normally, SB_TIMEOUT when it had to be killed after timeout_s, else
 * the signal that killed it. *grew_kb gets how much the child's peak RSS grew over the
 * parent's RSS at the fork. */
#define SB_TIMEOUT 1000
int sb_child(const char *src, size_t cap, double timeout_s, SbChild *out, long *grew_kb);

/* A known bug in a file this suite must not edit: `ok` false is not a failure, but is
 * listed (with SANDBOX_KNOWN=1) so whoever fixes it can turn this back into a CHECK. */
void sb_known_at(const char *file, int line, bool ok, const char *what);
#define KNOWN_BUG(ok, what) sb_known_at(__FILE__, __LINE__, (ok), (what))
/* Hostile calls that are undefined behaviour in the host today (signed overflow):
 * they would abort a UBSan build, so they run only with SANDBOX_UB=1. */
bool sb_run_ub_cases(void);

#endif
