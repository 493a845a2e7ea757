/* save.h — the log is the product: packs (ids, versions, content hashes), the engine
 * API and Lua build, the seed, the setup (players, options, setup chunks) and every
 * answer. The same JSON is the save game, the replay, the bug report and the golden
 * test. Loading replays it and checks the final state hash. */
#ifndef TABULA_SAVE_H
#define TABULA_SAVE_H

#include "game.h"

/* A hash of the game's state that is the same in every process: interned names are
 * hashed by their text, not their process-local ids. Logs carry it; replays check it. */
uint64_t game_hash(const Game *g);

/* The game's log as a new JSON object (caller decrefs). */
json_t *save_json(const Game *g);
/* Writes the log to path atomically (temporary file, then rename). */
bool save_write(const Game *g, const char *path, Err *e);
/* Writes a log made by save_json (and added to: the REPL adds the seats it played) the
 * same way; a NULL log is out of memory. */
bool save_write_json(const json_t *log, const char *path, Err *e);
/* The game a log is of: its first pack's id, or NULL when it names none. */
const char *save_game_id(const json_t *log);
/* Checks a log's header against the loaded world: same packs with the same content
 * hashes, same engine API and Lua build. false with e filled otherwise. */
bool save_check(const World *w, json_t *log, Err *e);
/* Checks the parts of a log a replay reads (seed, players, options, answers, chunks)
 * before anything is played; *seed: the seed. false with e naming the field otherwise. */
bool save_log_shape(json_t *log, uint64_t *seed, Err *e);
/* Creates the game a log describes and replays its first `upto` answers (all when
 * upto < 0). Verifies the state hash when replaying all of a log that has one. */
Game *save_replay(World *w, json_t *log, int upto, Err *e);
/* Reads a log file as a new JSON object (caller decrefs), duplicate keys refused. NULL
 * with e filled otherwise: the path and why it cannot be opened, or the line and column
 * of a JSON error. Reads only: save_replay checks and plays it. */
json_t *save_read(const char *path, Err *e);
/* Reads and replays a saved file. */
Game *save_load(World *w, const char *path, Err *e);
/* Undo: the game as it was at decision number k (0 = the first), replayed from its own
 * log. NULL with e filled when k is out of range. */
Game *game_at(const Game *g, int k, Err *e);
/* The same with only the first `runs` of the designer chunks injected just before answer
 * k (all of them when runs < 0): undo taking back a `run`. */
Game *game_at_runs(const Game *g, int k, int runs, Err *e);
/* Answer number i (0-based) of the game: *n ids. */
const int32_t *game_answer_at(const Game *g, int i, int *n);

#endif
