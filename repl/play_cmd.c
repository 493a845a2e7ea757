/* play_cmd.c — what a line typed at the `tabula play` prompt does: answer the decision
 * (by number, by name, by unambiguous prefix, several picks) or run a command (help,
 * state, hand, card, log, undo, redo, save, load, seat, why, reload, lua, quit). A line
 * that is neither gets one line saying why, with the closest valid choices, and the
 * same prompt again. Tab completion draws its candidates from here as well. How an
 * answer is read (names, numbers, prefixes, several picks) is play_answer.c's.
 * undo and redo are play_undo.c's, hint play_hint.c's.
 * Read next: play_answer.c, play_show.c (how things are drawn). */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "amounts_text.h"
#include "play.h"

/* ---------------------------------------------------------------- printing -------- */

void say(Session *ss, const char *color, const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    /* what a line quotes (a path, a Lua value, a script's error) may hold control
     * characters: shown escaped, never sent to the terminal */
    char shown[sizeof buf * 6 + 8];
    show_escaped(buf, true, 0, shown, sizeof shown);
    printf("%s%s%s\n", color, shown, *color ? c_off(ss) : "");
    fflush(stdout);
}

/* (play.h) */
void err_line(Session *ss, const char *msg) { say(ss, c_err(ss), "%s", msg); }

/* (play.h) */
bool extra_arg(Session *ss, const char *cmd, const char *arg)
{
    if (!*arg) return false;
    char q[ECHO_SIZE];
    say(ss, c_err(ss), "%s takes no argument (it was given '%s'): nothing was done", cmd, ECHO(arg, q));
    return true;
}

/* ---------------------------------------------------------------- commands -------- */

typedef struct Cmd {
    const char *name, *args, *brief, *more;
    void (*fn)(Session *ss, const char *arg);
    bool designer;
} Cmd;

static void do_help(Session *ss, const char *arg);
static void do_state(Session *ss, const char *arg);
static void do_hand(Session *ss, const char *arg);
static void do_card(Session *ss, const char *arg);
static void do_log(Session *ss, const char *arg);
static void do_save(Session *ss, const char *arg);
static void do_load(Session *ss, const char *arg);
static void do_seat(Session *ss, const char *arg);
static void do_why(Session *ss, const char *arg);
static void do_reload(Session *ss, const char *arg);
static void do_lua(Session *ss, const char *arg);
static void do_quit(Session *ss, const char *arg);
static void do_autopass(Session *ss, const char *arg);
static void do_run(Session *ss, const char *arg);

#define PLAY_STR_(x) #x
#define PLAY_STR(x) PLAY_STR_(x) /* a number macro as a string literal */

static const Cmd cmds[] = {
    {"help", "[command]", "this list, or more about one command", NULL, do_help, false},
    {"state", "", "the whole table as your seat sees it",
     "Every zone, empty ones too, with the cards your seat may see and how many are hidden,\n"
     "and who answers now (and whose turn it is, where turns go round the seats).", do_state, false},
    {"hand", "", "your hand, and your other cards",
     "Your hand, then each of your other zones that holds cards (a discard pile, cards laid, a second hand).",
     do_hand, false},
    {"card", "<name>", "the full text of a card you can see",
     "A card in view (yours, public, or named by your decision). Prefixes work: `card riv`.", do_card, false},
    {"log", "[n]", "the last n lines of the game log (default 20)",
     "Only the lines your seat may see; `log all` shows the whole game. n is 1 or more.", do_log, false},
    {"undo", "[n]", "take back your last n decisions (default 1), while nothing came after",
     "Rebuilds the game from its own log at your n-th last decision. `redo` plays it again.\n"
     "A decision stands once another seat has decided after it (a forced pass aside) or you\n"
     "have been shown something since (a card drawn, revealed or peeked at, or a log line\n"
     "for you alone): undoing it would let you play again knowing what came next. Designer\n"
     "mode undoes anything, the bots' moves too. A designer's `run` counts as one step: the\n"
     "newest comes back first, then the decision before it.", do_undo, false},
    {"redo", "", "play again a decision you took back", NULL, do_redo, false},
    {"save", "<file>", "write the game to a file (a replayable log)",
     "The file holds packs, seed, setup and every answer: `load` it here, `tabula replay` it,\n"
     "or attach it to a bug report. The game is also saved after every answer for --resume.", do_save, false},
    {"load", "<file>", "continue a saved game of this game", NULL, do_load, false},
    {"seat", "[s] [bot]", "which seat you are; designer mode: play and see as seat s",
     "Without an argument: your seat(s). In designer mode `seat 3` makes seat 3 yours and\n"
     "shows what it sees; `seat 3 bot` gives it back to the bot.", do_seat, false},
    {"why", "<option>", "why an option is not a legal answer now",
     "Says whether the option belongs to this decision, whether the decision is yours, and\n"
     "whether the number of picks fits its minimum and maximum: `why lair`, `why 1 3`. For\n"
     "something the game keeps back it gives the game's reason: `why resist`, `why play detector`.",
     do_why, false},
    {"hint", "[bot]", "what a bot would answer in your place",
     "Asks a bot what it would answer to your question now. `hint lookahead`: the built-in\n"
     "bot that tries the answers in " PLAY_STR(LOOKAHEAD_PLAYOUTS) " games played to the end and names the one that did\n"
     "best (`hint lookahead:50`: in 50 games; `hint lookahead:20:basic`: games played by the\n"
     "game's bot basic); any game has it, no bots.lua needed. `hint basic`: one of the game's\n"
     "own bots (its packs' bots.lua; `tabula play <game> --bots help` lists them). A bot sees\n"
     "only what your seat sees, so a hint tells you nothing hidden; it changes nothing.\n"
     "Without a name: the bot --bots gives seats of your role (lookahead too), else the\n"
     "game's first bot.",
     do_hint, false},
    {"autopass", "[on|off]", "answer questions whose only option is pass for you",
     "Some games ask every seat at each play-or-pass window, also a seat with nothing it may\n"
     "play (Not Alone does, so the order of the questions tells nobody who holds a card).\n"
     "With autopass on, such a question is answered `pass` for you and the game goes on to\n"
     "your next real decision; the answer is recorded as if you had typed it, and `undo`\n"
     "skips it. On by default, off in hot-seat (there a skipped hand-over would show the\n"
     "others that you had nothing to play).", do_autopass, false},
    {"reload", "", "re-read card scripts and data, replay the game up to here",
     "Opens the packs afresh and replays this game's answers on them. If the content changed,\n"
     "it replays answer by answer and reports the first decision where the game now differs;\n"
     "the game goes on from there.", do_reload, true},
    {"lua", "<expr>", "evaluate Lua against the game, read-only",
     "`lua game.get(\"rescue\")`, `lua zone.cards(zone.get(\"hand\", 2))`. Changes to the game are\n"
     "refused. Names a line assigns are kept for the next lines (`lua h = zone.get(\"hand\", 2)`,\n"
     "then `lua zone.cards(h)`) until `reload`.", do_lua, true},
    {"run", "<lua>", "run Lua that changes the game (set up a situation)",
     "`run card.new(\"dodge\", zone.get(\"survival\", 2), 2)`, `run seat.set(2, \"will\", 1)`:\n"
     "Lua run as a scenario's `lua` step is, with the whole API. It becomes part of the game:\n"
     "saved with it, and played again by --resume, `load` and `tabula replay`. `undo` takes\n"
     "back the newest `run` first (then the decision before it); `redo` does not run it again.\n"
     "A script error changes nothing and is not kept. Names set by `lua` lines are not seen here.",
     do_run, true},
    {"quit", "", "leave (the game is saved; Ctrl-D does the same)", NULL, do_quit, false},
};
#define NCMDS ((int)(sizeof cmds / sizeof cmds[0]))

const char *const play_commands[] = {"help", "state", "hand", "card", "log", "undo", "redo", "save",
                                     "load", "seat", "why", "hint", "autopass", "reload", "lua", "run", "quit", NULL};

static const Cmd *find_cmd(const char *w, bool prefix, int *nfound)
{
    const Cmd *hit = NULL;
    *nfound = 0;
    for (int i = 0; i < NCMDS; i++) {
        if (play_ieq(w, cmds[i].name)) {
            *nfound = 1;
            return &cmds[i];
        }
        if (prefix && play_iprefix(w, cmds[i].name)) {
            hit = &cmds[i];
            (*nfound)++;
        }
    }
    if (play_ieq(w, "exit") || play_ieq(w, "q")) {
        *nfound = 1;
        return &cmds[NCMDS - 1];
    }
    if (play_ieq(w, "?")) {
        *nfound = 1;
        return &cmds[0];
    }
    return *nfound == 1 ? hit : NULL;
}

static void do_help(Session *ss, const char *arg)
{
    Buf b = {0};
    if (*arg == ':') arg += 1 + strspn(arg + 1, " \t"); /* "help :seat", as ":seat" runs */
    if (*arg) {
        int n;
        char q[ECHO_SIZE];
        const Cmd *c = find_cmd(arg, true, &n);
        if (!c && n > 1) {
            buf_printf(&b, "'%s' could be the command", ECHO(arg, q));
            int k = 0;
            for (int i = 0; i < NCMDS; i++)
                if (play_iprefix(arg, cmds[i].name)) buf_printf(&b, "%s %s", k++ ? "," : "", cmds[i].name);
            buf_printf(&b, ": type more of it\n");
        } else if (!c) {
            buf_printf(&b, "no command '%s' (commands:", ECHO(arg, q));
            for (int i = 0; i < NCMDS; i++) buf_printf(&b, " %s", cmds[i].name);
            buf_printf(&b, ")\n");
        } else {
            buf_printf(&b, "%s%s%s%s%s - %s%s\n", c_bold(ss), c->name, *c->args ? " " : "", c->args, c_off(ss),
                       c->brief, c->designer && !ss->designer ? " [designer mode: tabula play --designer]" : "");
            if (c->more) buf_printf(&b, "%s\n", c->more);
        }
        show_flush(&b);
        buf_free(&b);
        return;
    }
    buf_printf(&b, "%sAnswer%s the decision by number or name: %s2%s, %splay river%s, %sriver%s, %sriv%s (a prefix),\n"
                   "several picks as %s1 3%s or %slair, river%s, nothing as %snone%s.\n",
               c_bold(ss), c_off(ss), c_num(ss), c_off(ss), c_num(ss), c_off(ss), c_num(ss), c_off(ss), c_num(ss),
               c_off(ss), c_num(ss), c_off(ss), c_num(ss), c_off(ss), c_num(ss), c_off(ss));
    DecisionView hd = game_decision(ss->g);
    if (hd.kind == DEC_AMOUNTS && hd.seat == ss->viewer) {
        /* a question of quantities (decide.amounts) is answered in counts */
        char how[80], bounds[400];
        amounts_how(ss->g, how, sizeof how);
        amounts_describe(ss->g, bounds, sizeof bounds);
        buf_printf(&b, "This question takes a count of each (%s: %s):\n"
                       "a name and its count in either order, %swhite 2 red 1%s or %s2 white%s, a name alone for one,\n"
                       "nothing as %snone%s; %swhy white 2%s says whether an answer is legal.\n",
                   how, bounds, c_num(ss), c_off(ss), c_num(ss), c_off(ss), c_num(ss), c_off(ss), c_num(ss), c_off(ss));
    }
    buf_printf(&b, "%sCommands%s (a unique prefix will do):\n", c_bold(ss), c_off(ss));
    for (int i = 0; i < NCMDS; i++) {
        char left[40];
        snprintf(left, sizeof left, "%s %s", cmds[i].name, cmds[i].args);
        buf_printf(&b, "  %s%-17s%s %s%s\n", c_num(ss), left, c_off(ss), cmds[i].brief,
                   cmds[i].designer && !ss->designer ? " [designer]" : "");
    }
    buf_printf(&b, "Ctrl-C cancels the line, Ctrl-D saves and quits, Tab completes.\n");
    show_flush(&b);
    buf_free(&b);
}

static void do_state(Session *ss, const char *arg)
{
    if (extra_arg(ss, "state", arg)) return;
    Buf b = {0};
    show_view(ss, ss->viewer, true, &b);
    if (game_decision(ss->g).seat == ss->viewer && ss->viewer >= 0) show_decision(ss, &b);
    else if (ss->g->s.h.over || ss->g->fatal[0]) show_result(ss, &b);
    show_flush(&b);
    buf_free(&b);
}

static void do_hand(Session *ss, const char *arg)
{
    if (extra_arg(ss, "hand", arg)) return;
    Buf b = {0};
    show_hand(ss, ss->viewer, &b);
    show_flush(&b);
    buf_free(&b);
}

static void do_card(Session *ss, const char *arg)
{
    if (!*arg) {
        err_line(ss, "card needs a name: card river");
        return;
    }
    Buf b = {0};
    if (!show_card(ss, ss->viewer, arg, &b)) {
        /* the reason is in b: one line */
        while (b.len && b.s[b.len - 1] == '\n') b.s[--b.len] = 0;
        err_line(ss, b.s ? b.s : "no such card");
    } else {
        show_flush(&b);
    }
    buf_free(&b);
}

static void do_log(Session *ss, const char *arg)
{
    long n = 20;
    if (*arg) {
        if (play_ieq(arg, "all")) n = -1;
        else if (!play_all_digits(arg) || (n = strtol(arg, NULL, 10)) < 1) {
            /* "log 0" would show nothing at all */
            err_line(ss, "log takes a number of lines (1 or more) or 'all': log 10");
            return;
        }
    }
    Buf lb = {0};
    view_log(ss->g, ss->viewer, 0, play_log_flags(ss), &lb);
    if (!lb.len) {
        say(ss, c_dim(ss), "the log is empty");
        return;
    }
    int lines = 0;
    for (size_t i = 0; i < lb.len; i++)
        if (lb.s[i] == '\n') lines++;
    const char *p = lb.s;
    if (n >= 0 && lines > n)
        for (long skip = lines - n; skip > 0; p++)
            if (*p == '\n') skip--;
    fputs(p, stdout);
    fflush(stdout);
    buf_free(&lb);
}

static void expand_path(const char *arg, char *out, size_t n)
{
    const char *home = getenv("HOME");
    if (arg[0] == '~' && arg[1] == '/' && home) snprintf(out, n, "%s%s", home, arg + 1);
    else snprintf(out, n, "%s", arg);
}

/* The one file name `save` and `load` take: arg, or what is inside the quotes around it
 * ("my game.json" or 'my game.json'), into name (n bytes). A name with a blank not in
 * quotes ("save a b") is refused, with how to write it: false, and the line said so. */
static bool file_arg(Session *ss, const char *cmd, const char *arg, char *name, size_t n)
{
    size_t len = strlen(arg);
    char q[ECHO_SIZE];
    if (len >= 2 && (arg[0] == '"' || arg[0] == '\'') && arg[len - 1] == arg[0]) {
        if (len - 2 >= n) len = n + 1; /* cut: the path is too long to be opened anyway */
        memcpy(name, arg + 1, len - 2);
        name[len - 2] = 0;
        if (*name) return true;
        say(ss, c_err(ss), "%s needs a file name: %s game.json", cmd, cmd);
        return false;
    }
    if (arg[0] == '"' || arg[0] == '\'') {
        /* `save "my game` wrote a file named '"my game' */
        say(ss, c_err(ss), "%s: the quote %c that begins '%s' is not closed (%s \"my game.json\"); nothing was done",
            cmd, arg[0], ECHO(arg, q), cmd);
        return false;
    }
    if (strpbrk(arg, " \t")) {
        say(ss, c_err(ss), "%s takes one file name, and '%s' has a blank in it: put it in quotes (%s \"%s\") "
            "for a file of that name; nothing was done", cmd, ECHO(arg, q), cmd, q);
        return false;
    }
    snprintf(name, n, "%s", arg);
    return true;
}

/* Whether `save` may write at path: nothing is there, an empty file, or an earlier save
 * of this very game (its game, players, seed and options); a folder is left to the
 * write, which names it. Anything else (a file that is no saved game, another game's
 * save, a device) is not written over: false with e saying what is there. */
static bool save_target_free(const Session *ss, const char *path, Err *e)
{
    struct stat st;
    if (stat(path, &st) != 0 || S_ISDIR(st.st_mode) || (S_ISREG(st.st_mode) && st.st_size == 0)) return true;
    if (!S_ISREG(st.st_mode)) {
        err_at(e, path, 0, 0, "not written over: it is not a regular file (give a file name)");
        return false;
    }
    Err re;
    err_clear(&re);
    json_t *log = save_read(path, &re);
    if (!json_is_object(log) || !json_object_get(log, "tabula_log")) {
        json_decref(log);
        err_at(e, path, 0, 0, "not written over: the file is there and is not a saved game (give another name)");
        return false;
    }
    const Game *g = ss->g;
    const char *id = save_game_id(log);
    const char *seed = json_string_value(json_object_get(log, "seed"));
    json_t *players = json_object_get(log, "players"), *opts = json_object_get(log, "options");
    char myseed[32];
    snprintf(myseed, sizeof myseed, "%" PRIu64, g->seed);
    bool same = id && strcmp(id, g->w->packs[0].id) == 0 && seed && strcmp(seed, myseed) == 0 &&
                json_is_integer(players) && json_integer_value(players) == g->s.h.nseats &&
                (json_equal(opts, g->options) || (!json_object_size(opts) && !json_object_size(g->options)));
    if (!same) {
        size_t n = json_array_size(json_object_get(log, "answers"));
        err_at(e, path, 0, 0,
               "not written over: it holds another game (%s, %" JSON_INTEGER_FORMAT " players, seed %s, %zu "
               "decision%s; give another name, or delete it first)",
               id ? id : "?", json_integer_value(players), seed ? seed : "?", n, n == 1 ? "" : "s");
    }
    json_decref(log);
    return same;
}

static void do_save(Session *ss, const char *arg)
{
    if (!*arg) {
        err_line(ss, "save needs a file name: save game.json");
        return;
    }
    char name[PATH_MAX], path[PATH_MAX];
    if (!file_arg(ss, "save", arg, name, sizeof name)) return;
    arg = name;
    expand_path(arg, path, sizeof path);
    Err e;
    err_clear(&e);
    if (!save_target_free(ss, path, &e) || !play_save(ss, path, &e)) {
        char msg[900];
        err_show(&e, msg, sizeof msg);
        char line[1000];
        snprintf(line, sizeof line, "save: %s", msg); /* as load's errors read */
        err_line(ss, line);
        return;
    }
    say(ss, c_ok(ss), "saved to %s (turn %d, %u decision%s)", arg, ss->g->s.h.turn, ss->g->nanswers,
        ss->g->nanswers == 1 ? "" : "s");
}

static void do_load(Session *ss, const char *arg)
{
    if (!*arg) {
        err_line(ss, "load needs a file name: load game.json");
        return;
    }
    char name[PATH_MAX], path[PATH_MAX];
    if (!file_arg(ss, "load", arg, name, sizeof name)) return;
    arg = name;
    expand_path(arg, path, sizeof path);
    Err e;
    err_clear(&e);
    Game *g = play_load_log(ss, path, &e);
    if (!g) {
        char msg[900];
        err_show(&e, msg, sizeof msg);
        char line[1000];
        snprintf(line, sizeof line, "load: %s", msg);
        err_line(ss, line);
        return;
    }
    /* a file of this session's own holding a game nobody here answered in would only
     * pile up: the loaded game takes the file over (counted before the seats change) */
    bool reuse = ss->side_save && ss->save_owned && play_keyboard_answers(ss) == 0;
    /* the seats the file was saved from, else this session's (seat 1 when none is
     * left in the game) */
    int named = play_log_humans(ss, path, g->s.h.nseats);
    if (named < 0) say(ss, c_warn(ss), "note: %s names as yours seats this game does not have", arg);
    bool any = named > 0;
    for (int s = 0; s < g->s.h.nseats; s++) any |= ss->human[s];
    if (!any) ss->human[0] = true;
    ss->nhuman = 0;
    for (int s = 0; s < MAX_SEATS; s++) {
        if (s >= g->s.h.nseats) ss->human[s] = false;
        if (ss->human[s]) ss->nhuman++;
    }
    ss->redo.len = 0;
    ss->dseat_ok = false;
    ss->last_prompted = -1;
    for (int s = 0; s <= MAX_SEATS; s++) ss->seen[s] = 0;
    play_set_game(ss, g);
    ss->save_owned = false; /* the game it replaces stays kept (play_autosave) */
    if (reuse) unlink(ss->save_path);
    Buf seats = {0};
    for (int s = 0; s < g->s.h.nseats; s++)
        if (ss->human[s]) buf_printf(&seats, "%s%d", seats.s ? ", " : "", s + 1);
    say(ss, c_ok(ss), "loaded %s: %d players, turn %d, %u decisions; you play %s%s%s", arg, g->s.h.nseats,
        g->s.h.turn, g->nanswers, ss->nhuman == 0 ? "no seat" : ss->nhuman == 1 ? "seat " : "seats ",
        seats.s ? seats.s : "", named > 0 ? " (as saved)" : "");
    buf_free(&seats);
}

static void do_autopass(Session *ss, const char *arg)
{
    if (!*arg) {
        say(ss, "", "autopass is %s: questions whose only option is pass %s", ss->autopass ? "on" : "off",
            ss->autopass ? "are answered for you" : "are put to you");
        return;
    }
    bool on;
    if (play_ieq(arg, "on")) on = true;
    else if (play_ieq(arg, "off")) on = false;
    else {
        err_line(ss, "autopass takes on or off: autopass off");
        return;
    }
    ss->autopass = on;
    say(ss, c_ok(ss), "autopass %s", on ? "on" : "off");
    if (on && ss->nhuman > 1 && !ss->designer)
        say(ss, c_warn(ss), "note: in hot-seat the others can now tell from a skipped hand-over that a "
                            "seat had nothing to play");
    /* the pending question may be one autopass answers now */
    if (on && play_pass_only(ss->g) && ss->human[game_decision(ss->g).seat]) ss->dirty = true;
}

static void do_seat(Session *ss, const char *arg)
{
    Game *g = ss->g;
    char nm[96];
    if (!*arg) {
        if (ss->viewer < 0) snprintf(nm, sizeof nm, "a spectator");
        else show_seat_name(ss, ss->viewer, nm, sizeof nm);
        Buf b = {0};
        buf_printf(&b, "you see the game as %s", nm);
        if (ss->nhuman > 1) {
            buf_printf(&b, "; seats played here:");
            for (int s = 0; s < g->s.h.nseats; s++)
                if (ss->human[s]) buf_printf(&b, " %d", s + 1);
        }
        say(ss, "", "%s", b.s);
        buf_free(&b);
        return;
    }
    if (!ss->designer) {
        err_line(ss, "seat: switching seats is for designers (start with tabula play --designer)");
        return;
    }
    char word[32] = "", extra[8] = "";
    char *end;
    long s = strtol(arg, &end, 10);
    if (end == arg || (*end && *end != ' ' && *end != '\t')) s = 0; /* "2x" names no seat */
    if (sscanf(arg, "%*s %31s %7s", word, extra) == 2) {
        err_line(ss, "seat <s> takes you to seat s; seat <s> bot gives it to the bot");
        return;
    }
    if (s < 1 || s > g->s.h.nseats) {
        char msg[128];
        snprintf(msg, sizeof msg, "seat takes a seat number from 1 to %d: seat 2", g->s.h.nseats);
        err_line(ss, msg);
        return;
    }
    int seat = (int)s - 1;
    show_seat_name(ss, seat, nm, sizeof nm);
    if (play_ieq(word, "bot")) {
        if (ss->human[seat]) {
            ss->human[seat] = false;
            ss->nhuman--;
        }
        say(ss, c_ok(ss), "the bot plays %s now", nm);
        if (game_decision(g).seat == seat) ss->dirty = true;
        return;
    }
    if (*word) {
        err_line(ss, "seat <s> takes you to seat s; seat <s> bot gives it to the bot");
        return;
    }
    if (!ss->human[seat]) {
        ss->human[seat] = true;
        ss->nhuman++;
    }
    ss->viewer = seat;
    ss->drawn = false;
    say(ss, c_ok(ss), "you play %s now", nm);
    ss->last_prompted = -1;
    /* draw from the new seat: its view, and the decision if it is its own */
    Buf b = {0};
    show_view(ss, seat, false, &b);
    if (game_decision(g).seat == seat) show_decision(ss, &b);
    show_flush(&b);
    buf_free(&b);
    ss->drawn = true;
}

/* Why a card is not offered by the pending question, as far as the card file says:
 * the windows of its play_in, against the window asking now (if one is). */
static void why_window(const Session *ss, int def, Buf *b)
{
    const Game *g = ss->g;
    if (def < 0) return;
    const CardDef *cd = &g->w->defs[def];
    const Names *nm = &g->w->names;
    bool window = g->s.h.dec.source == DSRC_WINDOW && g->s.windows.len > 0;
    int32_t kind = window ? S_WIN(&g->s, g->s.windows.len - 1).kind : -1;
    if (!cd->can_play) {
        /* a window never asks it (host/window.c): "played in any window" was said of a
         * place card */
        if (window) buf_printf(b, "; %s is not a card a window offers (its script has no can_play)", cd->name);
        return;
    }
    if (cd->nplay_in < 0) {
        if (window) buf_printf(b, "; %s may be played in any window when its own conditions hold", cd->name);
        return;
    }
    if (cd->nplay_in == 0) {
        buf_printf(b, "; %s is never offered by a window (its card file: play_in [])", cd->name);
        return;
    }
    bool here = false;
    buf_printf(b, "; %s is played in ", cd->name);
    for (int i = 0; i < cd->nplay_in; i++) {
        buf_printf(b, "%s%s", i == 0 ? "" : i + 1 == cd->nplay_in ? " or " : ", ", names_str(nm, cd->play_in[i]));
        if (cd->play_in[i] == kind) here = true;
    }
    buf_printf(b, " windows");
    if (!window)
        buf_printf(b, "; this question is the rules' own, not a window, and offers only its options (the game "
                      "gave no reason for leaving %s out)", cd->name);
    else if (!here) buf_printf(b, ", and this question is the %s window's", names_str(nm, kind));
    else buf_printf(b, ", like this one, but its can_play says no now (a condition of the card, or a rule such as one card a turn)");
}

static void do_why(Session *ss, const char *arg)
{
    Game *g = ss->g;
    DecisionView d = game_decision(g);
    if (!*arg) {
        err_line(ss, "why needs an option: why river");
        return;
    }
    char q[ECHO_SIZE];
    if (d.seat < 0) {
        say(ss, "", "'%s' is not legal: the game is %s, nothing is asked", ECHO(arg, q), g->s.h.over ? "over" : "stopped");
        return;
    }
    char who[96];
    show_seat_name(ss, d.seat, who, sizeof who);
    if (ss->viewer != d.seat) {
        char me[96];
        show_seat_name(ss, ss->viewer, me, sizeof me);
        say(ss, "", "not your decision: %s decides now (\"%s\"), not %s", who, d.prompt, me);
        return;
    }
    if (d.kind == DEC_AMOUNTS) {
        int32_t counts[AMOUNTS_MAX_OPTIONS], ids[AMOUNTS_MAX_TOTAL];
        char whyq[700];
        if (!amounts_parse(g, arg, counts, whyq, sizeof whyq) ||
            amounts_check(g, counts, ids, AMOUNTS_MAX_TOTAL, whyq, sizeof whyq) < 0)
            say(ss, "", "not legal as an answer: %s", whyq);
        else {
            char steps[40];
            amounts_steps(g, steps, sizeof steps);
            say(ss, c_ok(ss), "'%s' is legal now: each count fits, and so does the total (%d to %d%s%s)", ECHO(arg, q),
                d.min, d.max, steps[0] ? ", " : "", steps);
        }
        return;
    }
    int picks[1024], np = 0;
    Buf why = {0};
    int r = answer_parse_picks(ss, arg, picks, &np, &why);
    if (r != PARSE_OK) {
        Buf b = {0};
        bool play_x = strncasecmp(arg, "play ", 5) == 0 && !strchr(arg, ','); /* one card's play */
        int refused = r == PARSE_NOMATCH ? answer_match_refusal(ss, arg, false) : -1;
        if (refused >= 0) {
            /* the game keeps it back and says why */
            const char *rwhy = decision_refusal_why(g, &d.refused[refused]);
            buf_printf(&b, "'%s' is not offered by this decision (\"%s\")%s%s", ECHO(arg, q), d.prompt,
                       *rwhy ? ": " : "", rwhy);
        } else if (r == PARSE_NOMATCH && !play_x && (strchr(arg, ',') || strchr(arg, ' ') || play_is_integer(arg))) {
            /* several picks, or a number: the reason names the one that does not fit */
            buf_printf(&b, "%s", why.s);
        } else if (r == PARSE_NOMATCH) {
            buf_printf(&b, "'%s' is not an option of this decision (\"%s\": ", ECHO(arg, q), d.prompt);
            answer_list_options(ss, &b, 8);
            buf_printf(&b, ")");
            /* a card of that name in view ("play X" names X): say where it is, and
             * whether this question could offer it at all */
            const char *cname = arg;
            if (strncasecmp(cname, "play ", 5) == 0) cname += 5;
            Buf cb = {0};
            int saved_designer = ss->designer;
            ss->designer = false;
            /* (a card of the game no copy in view shows says nothing here) */
            if (show_def_named(ss, ss->viewer, cname) >= 0 && show_card(ss, ss->viewer, cname, &cb)) {
                char *in = strstr(cb.s, "in view:");
                if (in) {
                    char *nl = strchr(in, '\n');
                    if (nl) *nl = 0;
                    char *val = in + strlen("in view:");
                    if (ss->color) val = strstr(val, "m ") ? strstr(val, "m ") + 1 : val;
                    while (*val == ' ') val++;
                    buf_printf(&b, "; you see that card in: %s", val);
                }
                why_window(ss, show_def_named(ss, ss->viewer, cname), &b);
            }
            ss->designer = saved_designer;
            buf_free(&cb);
        } else {
            buf_printf(&b, "%s", why.s);
        }
        say(ss, "", "%s", b.s);
        buf_free(&b);
        buf_free(&why);
        return;
    }
    buf_free(&why);
    Buf cnt = {0};
    if (!answer_count_fits(ss, np, &cnt)) {
        say(ss, "", "not legal as an answer: %s", cnt.s);
        buf_free(&cnt);
        return;
    }
    buf_free(&cnt);
    Buf b = {0};
    for (int i = 0; i < np; i++) buf_printf(&b, "%s%s", i ? ", " : "", answer_opt_label(ss, picks[i]));
    say(ss, c_ok(ss), "%s is legal now: it is an option of your decision and the count fits (min %d, max %d)",
        np ? b.s : "none", d.min, d.max);
    buf_free(&b);
}

static void do_reload(Session *ss, const char *arg)
{
    if (!ss->designer) {
        err_line(ss, "reload is for designers (start with tabula play --designer)");
        return;
    }
    if (extra_arg(ss, "reload", arg)) return;
    cmd_reload(ss);
}

static void do_lua(Session *ss, const char *arg)
{
    if (!ss->designer) {
        err_line(ss, "lua is for designers (start with tabula play --designer): it can read hidden cards");
        return;
    }
    if (!*arg) {
        err_line(ss, "lua needs an expression: lua game.get(\"rescue\")");
        return;
    }
    char *out = NULL;
    Err e;
    err_clear(&e);
    if (!vm_eval(ss->wk.vm, ss->g, arg, true, &out, &e)) {
        char msg[900];
        err_show(&e, msg, sizeof msg);
        err_line(ss, msg);
        return;
    }
    say(ss, "", "%s", out && *out ? out : "(nothing)");
    free(out);
}

static void do_run(Session *ss, const char *arg)
{
    if (!ss->designer) {
        err_line(ss, "run is for designers (start with tabula play --designer): it changes the game");
        return;
    }
    if (!*arg) {
        err_line(ss, "run needs Lua to run: run seat.set(2, \"will\", 1)");
        return;
    }
    /* the game as it is, to go back to when the Lua fails: rolling its action back is not
     * enough when it interrupted an action waiting at a question (that action is rebuilt
     * around it) */
    Game *before = game_clone(ss->g);
    if (!before) {
        err_line(ss, "run: out of memory");
        return;
    }
    Game *g = ss->g;
    int errors = g->nerrors;
    size_t nchunks = json_array_size(g->chunks);
    Err e;
    err_clear(&e);
    bool ok = game_inject(g, arg, &e);
    if (ok && g->nerrors > errors) {
        err_format(&g->last_error, e.msg, sizeof e.msg);
        ok = false;
    }
    if (!ok) {
        /* not kept in the game (the chunks are shared with the copy), so a replay does
         * not meet it; the game is the one from before */
        while (json_array_size(g->chunks) > nchunks) json_array_remove(g->chunks, json_array_size(g->chunks) - 1);
        uint32_t seen[MAX_SEATS + 1];
        memcpy(seen, ss->seen, sizeof seen);
        play_set_game(ss, before);
        memcpy(ss->seen, seen, sizeof seen); /* the log the seats have seen is back */
        memset(ss->known, 0, sizeof ss->known);
        ss->dirty = false; /* the same game, its question still pending: nothing to show again */
        char line[1000];
        snprintf(line, sizeof line, "run: %s (nothing changed)", e.msg);
        err_line(ss, line);
        return;
    }
    /* the action waiting at the question was made again after the Lua: its lines come
     * after the Lua's, and the log reads differently from where the Lua's begin */
    play_log_rebase(ss, before, g);
    int viewer = ss->viewer >= 0 ? ss->viewer : MAX_SEATS;
    bool news = ss->seen[viewer] < (ss->known[viewer][1] ? ss->known[viewer][0] : g->events.len);
    game_free(before);
    ss->redo.len = 0; /* what was taken back came before this change */
    say(ss, c_ok(ss), "done%s", news ? "; the table as it is now:" : " (it changed nothing the log shows)");
    ss->dirty = true;
}

static void do_quit(Session *ss, const char *arg)
{
    if (extra_arg(ss, "quit", arg)) return;
    /* a game played here that the autosave could not write is lost on leaving: said
     * once, while `save FILE` can still keep it */
    if (ss->unsaved[0] && !ss->quit_warned && ss->g && !ss->g->s.h.over && !ss->g->fatal[0] &&
        play_keyboard_answers(ss) > 0) {
        ss->quit_warned = true;
        say(ss, c_warn(ss), "quit: this game is not autosaved (%s): `save FILE` keeps it; `quit` again leaves without it",
            ss->unsaved);
        return;
    }
    ss->quit = true;
}

/* ---------------------------------------------------------------- the line -------- */

/* Whether line is, in full, a name of one of the decision's options. */
static bool names_option(const Session *ss, const char *line)
{
    DecisionView d = game_decision(ss->g);
    for (int i = 0; i < d.nopt; i++) {
        OptKeys ok;
        answer_opt_keys(ss, i, &ok);
        for (int k = 0; k < ok.n; k++)
            if (play_ieq(line, ok.k[k])) return true;
    }
    return false;
}

/* A line answering a question of quantities ("white 1 red 1", "2 white"): its counts,
 * checked against the question, answer it; else the reason, and the question stays. */
static void answer_amounts(Session *ss, const char *line)
{
    int32_t counts[AMOUNTS_MAX_OPTIONS], ids[AMOUNTS_MAX_TOTAL];
    char why[700];
    int k = -1;
    if (amounts_parse(ss->g, line, counts, why, sizeof why))
        k = amounts_check(ss->g, counts, ids, AMOUNTS_MAX_TOTAL, why, sizeof why);
    if (k < 0) {
        err_line(ss, why);
        return;
    }
    Err e;
    err_clear(&e);
    if (!play_answer(ss, ids, k, &e)) {
        char msg[700];
        snprintf(msg, sizeof msg, "refused: %s", e.msg);
        err_line(ss, msg);
    }
}

/* Whether word is the key of an option of a pending question of quantities, in full:
 * then "white 2" answers it, even where a command reads the same. */
static bool names_amount(const Session *ss, const char *word)
{
    DecisionView d = game_decision(ss->g);
    if (d.kind != DEC_AMOUNTS) return false;
    for (int i = 0; i < d.nopt; i++)
        if (d.opts[i].key >= 0 && play_ieq(word, state_dcstr(&ss->g->s, d.opts[i].key))) return true;
    return false;
}

static void answer_line(Session *ss, const char *line)
{
    int picks[1024], np = 0;
    Buf why = {0};
    int r = answer_parse_picks(ss, line, picks, &np, &why);
    if (r != PARSE_OK) {
        err_line(ss, why.s);
        buf_free(&why);
        return;
    }
    if (!answer_count_fits(ss, np, &why)) {
        err_line(ss, why.s);
        buf_free(&why);
        return;
    }
    buf_free(&why);
    DecisionView d = game_decision(ss->g);
    int32_t ids[1024];
    for (int i = 0; i < np; i++) ids[i] = d.opts[picks[i]].id;
    Err e;
    err_clear(&e);
    if (!play_answer(ss, ids, np, &e)) {
        char msg[700];
        snprintf(msg, sizeof msg, "refused: %s", e.msg);
        err_line(ss, msg);
    }
}

void cmd_line(Session *ss, const char *line)
{
    char buf[LINE_MAX_REPL + 1];
    size_t tl = play_trimmed_len(line);
    if (tl > LINE_MAX_REPL) {
        char msg[160];
        snprintf(msg, sizeof msg, "this line is %zu characters long; at most %d are read: nothing was done", tl,
                 LINE_MAX_REPL);
        err_line(ss, msg);
        return;
    }
    play_trim_copy(buf, sizeof buf, line, strlen(line));
    if (!buf[0] || buf[0] == '#') return;
    /* ":seat 3": a command, even where an option reads the same */
    bool forced = buf[0] == ':';
    const char *text = forced ? buf + 1 + strspn(buf + 1, " \t") : buf;
    char word[64];
    size_t wl = strcspn(text, " \t");
    play_trim_copy(word, sizeof word, text, wl);
    const char *arg = text + wl;
    while (*arg == ' ' || *arg == '\t') arg++;
    int nf;
    const Cmd *c = find_cmd(word, forced, &nf);
    if (forced && !*word) {
        err_line(ss, "':' needs a command after it: :seat 3 (`help` lists the commands)");
        return;
    }
    if (forced) {
        if (c) {
            c->fn(ss, arg);
            return;
        }
        Buf b = {0};
        char q[ECHO_SIZE];
        if (nf > 1) buf_printf(&b, "':%s' is ambiguous: type more of the command (`help` lists them)", ECHO(word, q));
        else buf_printf(&b, "no command '%s' (`help` lists them)", ECHO(word, q));
        err_line(ss, b.s);
        buf_free(&b);
        return;
    }
    DecisionView d = game_decision(ss->g);
    bool mine = d.seat >= 0 && d.seat == ss->viewer;
    /* an option named in full wins over a command of the same words: the Creature's
     * "seat 3" answers Anticipation (":seat 3" runs the command) */
    if (c && mine && (names_option(ss, buf) || names_amount(ss, word))) c = NULL;
    if (c) {
        c->fn(ss, arg);
        return;
    }
    if (mine && d.kind == DEC_AMOUNTS) {
        answer_amounts(ss, buf);
        return;
    }
    int picks[1024], np = 0;
    Buf why = {0};
    int r = mine ? answer_parse_picks(ss, buf, picks, &np, &why) : PARSE_NOMATCH;
    if (r == PARSE_OK) {
        /* a short prefix that could be a command as well is not taken as an answer */
        bool exact = play_is_integer(word) || strchr(buf, ',') || play_ieq(buf, "none") || strcmp(buf, "-") == 0;
        if (!exact && np == 1) {
            OptKeys ok;
            answer_opt_keys(ss, picks[0], &ok);
            for (int k = 0; k < ok.n; k++)
                if (play_ieq(buf, ok.k[k])) exact = true;
        }
        find_cmd(word, true, &nf);
        if (!exact && np == 1 && nf > 0 && !strchr(buf, ' ')) {
            Buf b = {0};
            char q[ECHO_SIZE];
            buf_printf(&b, "'%s' is ambiguous: it could be %d) %s or the command", ECHO(buf, q), picks[0] + 1,
                       answer_opt_label(ss, picks[0]));
            int k = 0;
            for (int i = 0; i < NCMDS; i++)
                if (play_iprefix(word, cmds[i].name)) buf_printf(&b, "%s %s", k++ ? "," : "", cmds[i].name);
            buf_printf(&b, " (type more, or the number)");
            err_line(ss, b.s);
            buf_free(&b);
            buf_free(&why);
            return;
        }
        buf_free(&why);
        answer_line(ss, buf);
        return;
    }
    /* a thing the decision keeps back ("resist" with nothing discarded, a place Force
     * Field forbids): the game's reason */
    Buf rb = {0};
    find_cmd(word, true, &nf); /* a command's prefix is not taken for a prefix of one */
    if (mine && r == PARSE_NOMATCH && answer_refusal_text(ss, buf, nf > 0, &rb)) {
        err_line(ss, rb.s);
        buf_free(&rb);
        buf_free(&why);
        return;
    }
    buf_free(&rb);
    /* not an answer: a command prefix? */
    c = find_cmd(word, true, &nf);
    if (c && r == PARSE_NOMATCH) {
        buf_free(&why);
        c->fn(ss, arg);
        return;
    }
    Buf b = {0};
    char q[ECHO_SIZE];
    if (nf > 1 && r == PARSE_NOMATCH) {
        buf_printf(&b, "'%s' is ambiguous: it could be the command", ECHO(word, q));
        int k = 0;
        for (int i = 0; i < NCMDS; i++)
            if (play_iprefix(word, cmds[i].name)) buf_printf(&b, "%s %s", k++ ? "," : "", cmds[i].name);
    } else if (mine && r == PARSE_NOMATCH && why.s && strstr(why.s, "' is only the first word of ")) {
        buf_printf(&b, "%s", why.s); /* "play" of "play Strike Back" */
    } else if (mine && r == PARSE_NOMATCH && !play_all_numbers(buf) && !strchr(buf, ',')) {
        /* neither: say so once, with the closest options (and the commands) */
        Buf cl = {0};
        answer_closest(ss, buf, &cl);
        buf_printf(&b, "'%s' is neither an option nor a command", ECHO(buf, q));
        if (cl.len) buf_printf(&b, "; did you mean %s? (`help` lists the commands)", cl.s);
        else {
            buf_printf(&b, " (options: ");
            answer_list_options(ss, &b, 6);
            buf_printf(&b, "; `help` lists the commands)");
        }
        buf_free(&cl);
    } else if (mine) {
        buf_printf(&b, "%s", why.s);
    } else if (d.seat >= 0) {
        char who[96];
        show_seat_name(ss, d.seat, who, sizeof who);
        buf_printf(&b, "'%s' is not a command, and answering is for %s now (`seat %d` to take it)", ECHO(word, q), who,
                   d.seat + 1);
    } else {
        buf_printf(&b, "'%s' is not a command, and the game is %s: nothing to answer (`help` lists the commands)",
                   ECHO(word, q),
                   ss->g->s.h.over ? "over" : "stopped");
    }
    err_line(ss, b.s);
    buf_free(&b);
    buf_free(&why);
}

/* ---------------------------------------------------------------- completion ------ */

typedef struct Cands {
    char **v;
    size_t n, cap;
} Cands;

static void cand_add(Cands *c, const char *typed, const char *s)
{
    if (!*s || !play_iprefix(typed, s)) return; /* an empty label completes to nothing */
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->v[i], s) == 0) return;
    if (c->n + 2 > c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 16;
        char **nv = realloc(c->v, cap * sizeof *nv);
        if (!nv) return;
        c->v = nv;
        c->cap = cap;
    }
    char *copy = strdup(s);
    if (!copy) return;
    c->v[c->n++] = copy;
    c->v[c->n] = NULL;
}

static void cand_options(Session *ss, Cands *c, const char *typed)
{
    DecisionView d = game_decision(ss->g);
    if (d.seat < 0 || d.seat != ss->viewer) return;
    for (int i = 0; i < d.nopt; i++) {
        OptKeys ok;
        answer_opt_keys(ss, i, &ok);
        for (int k = 0; k < ok.n; k++) cand_add(c, typed, ok.k[k]);
    }
}

char **cmd_complete(Session *ss, const char *line, size_t cursor, size_t *start)
{
    Cands c = {0};
    (void)cursor;
    /* ":card ri": a command, as the line is read (cmd_line) */
    const char *lead = line + strspn(line, " ");
    bool forced = *lead == ':';
    if (forced) lead += 1 + strspn(lead + 1, " ");
    /* the segment being typed: after the last comma, else the whole line */
    const char *seg = forced ? NULL : strrchr(line, ',');
    seg = seg ? seg + 1 : lead;
    while (*seg == ' ') seg++;
    *start = (size_t)(seg - line);
    const char *sp = strchr(seg, ' ');
    if (seg == lead && sp) {
        /* "card ri", "help un", "why la": complete the argument of a command; "ca ri"
         * as well (a unique prefix runs the command) when no option begins so */
        char word[32];
        play_trim_copy(word, sizeof word, seg, (size_t)(sp - seg));
        int nf;
        const Cmd *cmd = find_cmd(word, false, &nf);
        if (!cmd && !forced) cand_options(ss, &c, seg);
        if (!cmd && !c.n) cmd = find_cmd(word, true, &nf);
        if (cmd) {
            const char *argp = sp;
            while (*argp == ' ') argp++;
            *start = (size_t)(argp - line);
            if (cmd->fn == do_card) {
                const char **names = show_card_names(ss, ss->viewer);
                for (int i = 0; names && names[i]; i++) cand_add(&c, argp, names[i]);
                free(names);
            } else if (cmd->fn == do_help) {
                for (int i = 0; i < NCMDS; i++) cand_add(&c, argp, cmds[i].name);
            } else if (cmd->fn == do_why) {
                cand_options(ss, &c, argp);
            } else if (cmd->fn == do_hint) {
                cand_add(&c, argp, "lookahead");
                for (int i = 0; i < vm_bot_count(ss->wk.vm); i++) cand_add(&c, argp, vm_bot_name(ss->wk.vm, i));
            }
            /* other commands take no names: the line may be an option ("seat 3") */
            if (cmd->fn == do_card || cmd->fn == do_help || cmd->fn == do_why || cmd->fn == do_hint || forced)
                return c.v;
            *start = (size_t)(seg - line);
        }
        if (c.n) return c.v; /* the options that begin with the line */
    }
    if (seg == lead)
        for (int i = 0; i < NCMDS; i++) cand_add(&c, seg, cmds[i].name);
    if (!forced) cand_options(ss, &c, seg);
    return c.v;
}
