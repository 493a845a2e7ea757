/* t.h — the C unit-test harness: TEST(name) registers a test, CHECK* record failures
 * without stopping, and the runner (main.c) prints one line per failure and ends with
 * "N passed, N failed". Each test runs under a 20 s wall-clock guard (UNIT_GUARD=N
 * seconds instead, 0 for none).
 * Fixtures: t_worker(pack) opens a pack once per process with a warm script host. */
#ifndef TABULA_T_H
#define TABULA_T_H

#include <stdio.h>
#include <string.h>

#include "cli.h"

typedef void (*TestFn)(void);
void t_register(const char *name, TestFn fn, const char *file);
void t_fail(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#define TEST(name)                                                                        \
    static void name(void);                                                               \
    __attribute__((constructor)) static void reg_##name(void) { t_register(#name, name, __FILE__); } \
    static void name(void)

#define CHECK(c)                                                                          \
    do {                                                                                  \
        if (!(c)) t_fail(__FILE__, __LINE__, "CHECK(%s)", #c);                            \
    } while (0)
#define CHECK_MSG(c, ...)                                                                 \
    do {                                                                                  \
        if (!(c)) t_fail(__FILE__, __LINE__, __VA_ARGS__);                                \
    } while (0)
#define CHECK_INT(a, b)                                                                   \
    do {                                                                                  \
        long long a_ = (long long)(a), b_ = (long long)(b);                               \
        if (a_ != b_) t_fail(__FILE__, __LINE__, "%s == %lld, expected %lld", #a, a_, b_); \
    } while (0)
#define CHECK_CONTAINS(s, sub)                                                            \
    do {                                                                                  \
        const char *s_ = (s), *u_ = (sub);                                                \
        if (!s_ || !strstr(s_, u_))                                                       \
            t_fail(__FILE__, __LINE__, "'%s' does not contain '%s'", s_ ? s_ : "(null)", u_); \
    } while (0)

/* A worker (world + script host) for the pack in folder `dir`, opened once and kept
 * for the whole run. Fails the test and returns NULL when it cannot open. */
Worker *t_worker(const char *dir);
/* Opens a pack afresh (caller closes): for tests that need their own script host. */
bool t_worker_new(Worker *wk, const char *dir, Err *e);
/* A new game of that worker; NULL (test failed) on error. */
Game *t_game(Worker *wk, uint64_t seed, int players);
/* Runs Lua src as an action in g now (game_inject + game_advance). Returns the number
 * of script errors it caused (0 when it ran cleanly). */
int t_run(Game *g, const char *src);
/* A full-information dump of the state (hash + JSON view of a spectator + every seat),
 * for "the state is exactly as before" checks. Caller frees. */
char *t_dump(const Game *g);
/* Plays g to its end with a seeded random bot; returns the game_advance result. */
int t_play(Game *g, uint64_t bot_seed);
/* Writes text to the file at path (test_pack.c). */
void t_write_file(const char *path, const char *text);
/* Makes a temporary pack folder with the given pack.json, cards.json (an empty list when
 * NULL) and a one-step rules.lua; returns its path, the same for the whole run (remove
 * it with sb_tmp_rm). (test_pack.c) */
const char *t_temp_pack(const char *manifest, const char *cards);

#endif
