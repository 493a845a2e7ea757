/* play.h — what the parts of `tabula play` share: the session (the game, who plays
 * which seat, the redo stack, where autosaves go) and the functions each file gives the
 * others. Seats are 0-based here, 1-based on screen.
 *
 *   play.c        arguments, setup, resume, the main loop, bots, hot-seat, autosave
 *   play_show.c   text rendering of views, decisions, cards; colours
 *   play_cmd.c    commands (help, state, undo, why, lua…) and answer parsing
 *   play_reload.c `reload`: new packs, the game replayed on them, where it diverges
 *   play_term.c   line input: libedit with history and completion, or a script
 *
 * Read next: play.c. */
#ifndef TABULA_PLAY_H
#define TABULA_PLAY_H

#include <limits.h>
#include <stdio.h>

#include "cli.h"

typedef struct Term Term;

typedef struct Session {
    /* what was opened, kept for reload and resume */
    char game[PATH_MAX];     /* game folder (absolute when it could be resolved) */
    char *packs[16];         /* extra pack folders (owned) */
    int npacks;
    Worker wk;
    Game *g;
    /* who plays */
    bool human[MAX_SEATS];
    int nhuman;
    char bots[256];          /* the --bots spec ("" for random bots everywhere) */
    BotPlan plan;            /* read from it against the worker's bots (play_bots_plan) */
    bool have_plan;
    bool designer;           /* --designer: seat, lua, every card's text */
    bool autopass;           /* answer a human seat's pass-only window questions for it */
    int resume_autopass;     /* --resume: autopass as the session file left it, -1 unknown */
    int viewer;              /* seat whose view commands show; -1 spectator */
    int last_prompted;       /* human seat prompted last (hot-seat hand-over), -1 */
    /* output */
    bool color;              /* ANSI colours */
    bool fancy;              /* UTF-8 rules and bullets */
    bool tty_out;            /* stdout is a terminal (clear screen, width) */
    int width;               /* columns for layout */
    /* input */
    bool interactive;        /* libedit on a terminal; else lines from `script` */
    FILE *script;
    Term *term;
    /* per-seat memory of what was shown */
    /* index MAX_SEATS is the spectator's */
    uint32_t seen[MAX_SEATS + 1];    /* log events already shown to each seat */
    uint32_t known[MAX_SEATS + 1][2]; /* events [from, to) past seen that the seat has read
                                       * already (play_log_rebase); to 0: none */
    char *last_view[MAX_SEATS + 1];  /* view text shown at the seat's last prompt */
    /* undo / redo */
    Vec redo;                /* int32 [n, ids…]… answers taken back, in play order */
    Vec dseat;               /* int8: the seat that gave each answer of g (| DSEAT_FORMAL) */
    bool dseat_ok;           /* dseat matches g */
    /* files */
    char state_dir[PATH_MAX - 64];
    char save_path[PATH_MAX];     /* autosave: the last game's log */
    char session_path[PATH_MAX];  /* who played what, for --resume */
    char hist_path[PATH_MAX];
    bool save_owned;         /* save_path holds this game: the autosave may overwrite it */
    int lock_fd;             /* holds the lock on <state_dir>/lock (-1: none) */
    bool side_save;          /* another session holds it: save_path is a file of this game's own */
    bool dirty;              /* the game changed: advance the bots, autosave, redraw */
    bool drawn;              /* the current decision's prompt has been drawn */
    bool quit;
    char unsaved[700];       /* why the last autosave did not write this game ("" when it did) */
    bool quit_warned;        /* `quit` said once that the game is not saved */
} Session;

/* dseat flag: the answer was to a question whose only option was "pass" (a window that
 * asks every seat); with autopass on, undo does not count it as a decision of yours. */
#define DSEAT_FORMAL 0x40
#define DSEAT_SEAT(v) ((v) & 0x3f) /* of an entry >= 0 */

/* --- play.c --- */
/* Loads the saved game at path into the open worker; when the content changed since,
 * replays the answers that still fit and says (on stdout) where it stopped, clearing
 * ss->save_owned so the autosave keeps the whole log. */
Game *play_load_log(Session *ss, const char *path, Err *e);
/* Whether the pending decision's only option is "pass" (answered by autopass). */
bool play_pass_only(const Game *g);
/* Reads ss->bots against the worker's bots into ss->plan (have_plan: a spec was given);
 * false with the reason in err when it names no bot the packs have. */
bool play_bots_plan(Session *ss, char *err, size_t n);
/* The random stream of a bot's answer to g's pending decision: the same in every
 * process (a game resumed elsewhere plays on the same way). */
uint64_t play_bot_seed(const Game *g);

/* How many of the game's answers were given at this keyboard (by a seat played here, not
 * to a pass-only question: autopass, or the only answer there was), and designer chunks
 * (a `run`, or the setup of a loaded log). A game with none is made again by its seed:
 * the bots answer the same. */
int play_keyboard_answers(Session *ss);
/* Writes the autosave and the session file; prints a warning on failure. */
void play_autosave(Session *ss);
/* Writes the game's log to path with the seats played here ("humans": [2]), which
 * `--load` and `load` give back to the player. false with e filled on failure. */
bool play_save(const Session *ss, const char *path, Err *e);
/* The seats a saved game was played from (its "humans"), into ss->human: 1 when the
 * file names them, 0 when it does not (a log from sim or an older save), -1 when they
 * are not a list of the game's seats (ss->human unchanged then). */
int play_log_humans(Session *ss, const char *path, int nseats);
/* Replaces the session's game (the old one is freed) and resets what depends on it. */
void play_set_game(Session *ss, Game *g);
/* The lines each seat has seen, cut back to where the log of `now` starts to read
 * differently from that of `old` (the game before a rebuild, a reload or a `run`): the
 * next news shows the log from there. */
void play_log_rebase(Session *ss, const Game *old, const Game *now);
/* The seat that gave each answer of the current game; rebuilt by replay when unknown.
 * Returns the array (length g->nanswers) or NULL on failure. */
const int8_t *play_answer_seats(Session *ss);
/* Answers the pending decision for the human at the keyboard; keeps the redo stack
 * when the answer is the one it would redo. false with e filled when refused. */
bool play_answer(Session *ss, const int32_t *ids, int n, Err *e);
/* Builds a game from a log without checking pack hashes, feeding answers one by one:
 * the first step of a tolerant replay. NULL with e filled. */
Game *play_replay_begin(World *w, json_t *log, Err *e);
/* Feeds answer i of log to g (its designer chunks before it are the caller's: see
 * play_load_log). false with e filled when the game has no decision or refuses the
 * answer. */
bool play_replay_step(Game *g, json_t *log, size_t i, Err *e);

/* --- play_show.c --- */
/* Colour codes, or "" when colour is off. */
const char *c_bold(const Session *ss);
const char *c_dim(const Session *ss);
const char *c_err(const Session *ss);
const char *c_warn(const Session *ss);
const char *c_ok(const Session *ss);
const char *c_num(const Session *ss);
const char *c_off(const Session *ss);
/* Writes the table as `seat` sees it into b: turn and step, game and seat properties,
 * zones (empty ones only when `full`), the hand apart. */
void show_view(const Session *ss, int seat, bool full, Buf *b);
/* --- play_board.c --- */
/* The boards of a seat's view (view_json's "boards"), drawn: a grid as text, a graph as
 * its spaces with their pieces and neighbours. Nothing when there is none. */
void show_boards(const Session *ss, json_t *view, Buf *b);
/* One card the seat sees as the table shows it: "Crew (seat 1) {kills 1}" (where: the
 * seat it is listed under, 0 for none: its owner and controller are said; zone: the
 * JSON view's zone it lies in, or NULL). */
void show_card_line(const Session *ss, Buf *b, json_t *c, json_int_t where, json_t *zone);
/* The seat's hand, one line ("your hand: …"). */
void show_hand(const Session *ss, int seat, Buf *b);
/* " (fight 2, 2 food)": what the packs' show/cards shows of definition def's data
 * beside a card's name in the zone named `zone` (interned; -1: any), or nothing; only
 * for a card the seat reading it sees. */
void show_card_data(const Session *ss, Buf *b, int def, int32_t zone);
/* The pending decision with numbered options. */
void show_decision(const Session *ss, Buf *b);
/* The full text of the card named `name` if `seat` may see it; false (and a reason in
 * b) when there is no such card in view. */
bool show_card(const Session *ss, int seat, const char *name, Buf *b);
/* The card seat may see named `name` (name, id or a unique prefix), or -1. */
int show_def_named(const Session *ss, int seat, const char *name);
/* Names of the cards `seat` may see (for completion), NULL-terminated, caller frees the
 * array (strings are borrowed from the world). */
const char **show_card_names(const Session *ss, int seat);
/* The end of the game in one line. */
void show_result(const Session *ss, Buf *b);
/* Prints b to stdout and empties it. */
void show_flush(Buf *b);
/* s as the REPL shows what was typed (docs/repl.md, "Answering"): control characters
 * escaped (\x1b, \u009b; tab and newline kept when keep_ws), so an escape sequence typed
 * and echoed in an error does not reach the terminal; after max characters (0: no
 * limit) cut with "…". out (n bytes) is filled and returned; ECHO_SIZE holds an echo of
 * ECHO_MAX characters. */
#define ECHO_MAX 80
#define ECHO_SIZE (ECHO_MAX * 6 + 8)
/* What was typed, as a message quotes it: control characters escaped, cut after
 * ECHO_MAX characters (q: a char[ECHO_SIZE]). */
#define ECHO(text, q) show_escaped((text), false, ECHO_MAX, (q), sizeof(q))
/* The longest line the prompt reads: a longer one is refused whole, never cut. */
enum { LINE_MAX_REPL = 4095 };
const char *show_escaped(const char *s, bool keep_ws, size_t max, char *out, size_t n);
/* "seat 2 (hunted)" */
void show_seat_name(const Session *ss, int seat, char *out, size_t n);

/* --- play_answer.c --- */
/* Case-insensitive: a equals b; pre begins s. */
bool play_ieq(const char *a, const char *b);
bool play_iprefix(const char *pre, const char *s);
/* The length of s without leading/trailing blanks; a copy of s[0..len) without them
 * into out (n bytes). */
size_t play_trimmed_len(const char *s);
void play_trim_copy(char *out, size_t n, const char *s, size_t len);
/* s is digits only ("2"); an integer ("2", "-1"), read as an option's number; integers
 * and blanks only ("1 3", "0 -1": picks by number). */
bool play_all_digits(const char *s);
bool play_is_integer(const char *s);
bool play_all_numbers(const char *s);
/* The names option i of the pending decision answers to: its label, the label without a
 * leading "play ", and the card id when the option is a card the deciding seat sees. */
typedef struct OptKeys {
    char k[3][200];
    int n;
} OptKeys;
void answer_opt_keys(const Session *ss, int i, OptKeys *ok);
/* Option i's label as the deciding seat reads it. */
const char *answer_opt_label(const Session *ss, int i);
/* The refusal (what the decision does not offer) named by text, exactly or by
 * unambiguous prefix, or -1; answer_refusal_text says it ("'x' is not offered now:
 * why") into b, false when text names none. */
int answer_match_refusal(const Session *ss, const char *text, bool exact);
bool answer_refusal_text(const Session *ss, const char *text, bool exact, Buf *b);
/* The options closest to a mistyped item; the options, at most `most` of them. */
void answer_closest(const Session *ss, const char *item, Buf *b);
void answer_list_options(const Session *ss, Buf *b, int most);
/* How the log reads at the prompt: a designer sees every property and every step's
 * header; a player does not see the header of a step in which nothing it sees happened
 * (VIEW_QUIET_STEPS). */
static inline int play_log_flags(const Session *ss)
{
    return ss->designer ? VIEW_ALL_PROPS : VIEW_QUIET_STEPS;
}
/* Whether the pending decision's options are all integers (a bid, an amount): they are
 * then shown and answered by value ("2" is the option 2), not by number. */
bool answer_by_value(const Session *ss);
/* Reads a line as picks (numbers, names, prefixes; several separated by commas or
 * blanks) into picks (*np of them): PARSE_OK, or why not in why. */
enum { PARSE_OK = 0, PARSE_NOMATCH = 1, PARSE_AMBIGUOUS = 2, PARSE_BAD = 3 };
int answer_parse_picks(const Session *ss, const char *line, int *picks, int *np, Buf *why);
/* Whether n picks fit the decision's min/max (false: why says how). */
bool answer_count_fits(const Session *ss, int n, Buf *why);

/* --- play_cmd.c --- */
/* Handles one input line at a prompt: a command or an answer. Prints the outcome. */
void cmd_line(Session *ss, const char *line);
/* Command names, NULL-terminated (for completion and help). */
extern const char *const play_commands[];
/* Completion candidates for the text before the cursor, NULL-terminated, caller frees
 * the array and the strings. *start gets the offset in `line` the candidates replace. */
char **cmd_complete(Session *ss, const char *line, size_t cursor, size_t *start);
/* Prints one line in the colour given ("" for none), its control characters shown
 * escaped (show_escaped; tab and newline kept). */
void say(Session *ss, const char *color, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* say() in the error colour. */
void err_line(Session *ss, const char *msg);
/* Whether a command that takes no argument was given one: then says so ("redo takes no
 * argument (it was given '2'): nothing was done") and the command does nothing. */
bool extra_arg(Session *ss, const char *cmd, const char *arg);

/* --- play_undo.c --- */
/* `undo [N]` and `redo`: the commands. */
void do_undo(Session *ss, const char *arg);
void do_redo(Session *ss, const char *arg);

/* --- play_hint.c --- */
/* `hint [bot]`: what a bot would answer in the seat's place. */
void do_hint(Session *ss, const char *arg);

/* --- play_reload.c --- */
/* Does the reload: fresh worker, replay, divergence report. */
void cmd_reload(Session *ss);

/* --- play_term.c --- */
enum { LINE_OK = 0, LINE_EOF = 1, LINE_INTR = 2 };
/* Opens line input: libedit with history when interactive, else nothing to do. Either
 * way a hang-up (SIGHUP) is caught from now on: term_read then ends the input. */
void term_open(Session *ss);
/* Closes line input and gives SIGHUP and SIGINT back their handlers. */
void term_close(Session *ss);
/* Reads one line (without its newline) into *out (owned by the terminal, valid until
 * the next call). In script mode the line is echoed after the prompt. LINE_EOF at the
 * end of input, and from a hang-up on; LINE_INTR when Ctrl-C cancelled the line. */
int term_read(Session *ss, const char *prompt, const char **out);
/* Forgets the lines typed so far (hot-seat: the next player must not page back through
 * the previous player's answers). */
void term_forget(Session *ss);
/* Clears the screen and its scrollback when stdout is a terminal. */
void term_clear(Session *ss);

#endif
