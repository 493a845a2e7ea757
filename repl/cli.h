/* cli.h — what the parts of the `tabula` command share: opening a game's packs with a
 * warm script host, the bots, and the subcommands. Read next: main.c. */
#ifndef TABULA_CLI_H
#define TABULA_CLI_H

#include <sys/types.h>

#include "game.h"
#include "save.h"
#include "view.h"
#include "vm.h"

/* A world with its script host: one per worker. */
typedef struct Worker {
    World *w;
    Vm *vm;
} Worker;

/* mkdir -p: makes path and the folders above it that are missing; true when path is
 * a folder at the end (errno says why not). */
bool mkdir_p(const char *path, mode_t mode);
/* Resolves a game name ("notalone") or a pack folder to a folder path. */
bool game_dir(const char *name, char *out, size_t n);
/* Why `name` names no game: "no game or pack folder named 'x'; the games are a, b (or
 * give a pack's folder)"; for a path ("dir/x"), what pack_folder_check says of it ("no
 * such folder 'dir/x'", "'dir/x' is not a pack: it has no pack.json"), and for a folder
 * here, that with the games after it. */
void game_not_found(const char *name, char *out, size_t n);
/* The games folder beside the tabula binary (out empty when there is none). */
void games_beside_binary(char *out, size_t n);
/* The ids of every pack w loaded, in load order (dependencies first), as "a, b, c"
 * into out (cut at n). */
void packs_list(const World *w, char *out, size_t n);
/* What to add to a replay's error (save_replay, save_load: "replay: answer 3 does not
 * fit: …", "replay ended in a different state …"): that the file's header may not match
 * its answers; "" for any other error. */
const char *replay_fail_hint(const char *msg);
/* Loads game `name` plus extra pack folders and starts the script host. */
bool worker_open(Worker *wk, const char *name, const char *const *extra, int nextra, Err *e);
void worker_close(Worker *wk);

/* Which bot plays which seat (--bots): a comma-separated list of NAME (every seat not
 * named otherwise), ROLE=NAME (the seats of that role) and SEAT=NAME (seat number SEAT),
 * the most particular first. A bot is BOT_RANDOM, BOT_LOOKAHEAD (lookahead.c: the name
 * "lookahead[:N][:BOT]", N games a question played forward by BOT, a pack's bot, else
 * the random bot) or a pack's bot (its Vm index). */
#define BOT_RANDOM (-1)
#define BOT_LOOKAHEAD (-3)
#define LOOKAHEAD_PLAYOUTS 200    /* its playouts a question unless the name says */
#define LOOKAHEAD_MAX 100000
#define BOTPLAN_ROLES 8
typedef struct BotPlan {
    int all;                              /* the bot of a seat named neither way */
    int seat[MAX_SEATS];                  /* a seat's own bot, or BOT_UNSET */
    char role[BOTPLAN_ROLES][32];
    int role_bot[BOTPLAN_ROLES];
    int nroles;
    bool scripted;                        /* some seat is played by a bot other than random */
    int playouts;                         /* the lookahead bot's, when a seat has it (0: not said) */
    int rollout;                          /* the bot that plays its games forward (BOT_RANDOM) */
    bool rollout_set;
} BotPlan;
#define BOT_UNSET (-2)
/* Reads spec against the bots vm's packs define. false with a message in err (without
 * the command's name) when a name is unknown, a seat number is out of range or the spec
 * is malformed. */
bool botplan_parse(BotPlan *p, const Vm *vm, const char *spec, char *err, size_t n);
/* false with a message in err when a role the plan names is no seat's role in g, or a
 * seat it names is not in g. g should have been advanced to its first decision: the
 * rules give the seats their roles as the game starts. */
bool botplan_roles_ok(const BotPlan *p, const World *w, const Game *g, char *err, size_t n);
/* The bot playing seat s of g. */
int botplan_bot(const BotPlan *p, const World *w, const Game *g, int s);
/* "seat 1 basic, seats 2-4 random": who plays which seat, into out; the seats skip marks
 * (may be NULL) are left out. */
void botplan_text(const BotPlan *p, const Vm *vm, const World *w, const Game *g, const bool *skip, char *out,
                  size_t n);
/* Prints the bots the world's packs define (--bots help), with how to name them. */
void bots_print(const Vm *vm, const World *w, FILE *f);

/* A bot's answer to the pending decision: writes ids, returns their count. rng is the
 * bot's random stream; vm and plan (both may be NULL: random everywhere) say which seats
 * a pack's bot plays. */
#define BOT_TALLY 16
typedef struct Bot {
    uint64_t rng;
    Vm *vm;
    const BotPlan *plan;
    Err err;              /* why bot_answer failed */
    /* per pack bot (the first BOT_TALLY): the questions it answered, and those it left
     * to the random bot (it returned nil) */
    long answered[BOT_TALLY], left[BOT_TALLY];
} Bot;
int bot_random(Bot *b, const Game *g, int32_t *ids, int cap);
/* The answer of the bot the plan gives the deciding seat: a pack's bot, or the random
 * bot when it has none, the question has one possible answer, or the bot leaves it to
 * it. -1 with b->err filled when a pack's bot failed (its error, or an answer that is
 * not one). */
int bot_answer(Bot *b, const Game *g, int32_t *ids, int cap);
uint64_t bot_next(Bot *b);
/* The lookahead bot's answer (lookahead.c): each answer tried in `playouts` games in all,
 * in worlds the seat cannot tell from g's, played forward by bot `rollout` (a pack's bot
 * of b->vm, or BOT_RANDOM) at every seat. */
int bot_lookahead(Bot *b, const Game *g, int playouts, int rollout, int32_t *ids, int cap);
/* Whether name names the lookahead bot: "lookahead", "lookahead:N", "lookahead:BOT",
 * "lookahead:N:BOT" (N from 1 to LOOKAHEAD_MAX games a question, BOT one of vm's bots or
 * "random"). 1 with *playouts and *rollout set (LOOKAHEAD_PLAYOUTS, BOT_RANDOM where it
 * names none), 0 when it does not name it, -1 with a message in err when it names it
 * wrongly. */
int lookahead_parse(const char *name, const Vm *vm, int *playouts, int *rollout, char *err, size_t n);
/* A bot's name as --bots gives it ("random", "lookahead:50", "basic"), into buf. */
const char *botplan_name(const BotPlan *p, const Vm *vm, int bot, char *buf, size_t n);

/* Parses "k=v" into the options object (numbers, true/false, else strings). */
bool option_parse(json_t *opts, const char *kv, Err *e);
/* Whether each option in opts (from option_parse) takes the value given, read again as the
 * option's type where option_parse's reading is not (text "5", a real number, a list in
 * JSON: the value in opts replaced); false with e
 * "--option expert=TRUE: expert takes true or false" (or "a whole number", "text", "bga or
 * rules") for the first that does not. Keys the packs do not declare are left to
 * game_new, which names the closest. */
bool options_check(const World *w, json_t *opts, Err *e);
/* Prints the options of the world's packs (`--option help`): each key with its default,
 * the values it takes and its help, the packs that declare them named. */
void options_print(const World *w, FILE *f);
/* Whether a command-line value is the number 0 ("0", "00"): --players 0, which the game
 * refuses with its own range once it is open. */
bool arg_zero(const char *v);
/* A command-line number: v as a whole number from lo to hi (decimal digits only) into
 * *out; otherwise prints "tabula <cmd>: <flag> takes a whole number from lo to hi, not
 * '<v>'" to stderr and returns false. */
bool arg_number(const char *cmd, const char *flag, const char *v, uint64_t lo, uint64_t hi,
                uint64_t *out);

/* An answer with commas, split into the items it names: pieces between commas, except
 * that neighbouring pieces which together are one option's whole label (letter case and
 * blanks around the commas aside) make one item, that label ("north, then east"). The
 * longest such run wins. label(ctx, i) is option i's label, i < nlabels. Empty pieces
 * are skipped. Returns how many items, or SPLIT_TOO_MANY when there are more than cap
 * (cap <= PICKS_MAX), or SPLIT_TOO_LONG when an item has ITEM_MAX bytes or more: nothing
 * is cut without a word. */
#define ITEM_MAX 200
#define PICKS_MAX 256
enum { SPLIT_TOO_MANY = -1, SPLIT_TOO_LONG = -2 };
int split_answer(const char *line, const char *(*label)(void *ctx, int i), void *ctx, int nlabels,
                 char (*items)[ITEM_MAX], int cap);

int cmd_sim(int argc, char **argv);
int cmd_test(int argc, char **argv);
int cmd_lint(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_bench(int argc, char **argv);
/* tabula new: a new game or expansion pack to start from (new_cmd.c). */
int cmd_new(int argc, char **argv);

/* Plays one game to its end with random bots; returns ADV_OVER or ADV_ERROR. */
int play_random(Game *g, Bot *b, int max_decisions);
/* play_random, calling seen(ud, g, ids, k) with each answer before it is given. */
typedef void (*PickSeen)(void *ud, const Game *g, const int32_t *ids, int k);
int play_random_seen(Game *g, Bot *b, int max_decisions, PickSeen seen, void *ud);

#endif
