/* play.c — `tabula play`: the interactive front end. This file holds the arguments,
 * opening or resuming a game, and the main loop: let the bots answer their decisions,
 * autosave, hand the terminal over between human seats (hot-seat), show the deciding
 * seat what it may see and read its answer or command.
 *
 * Everything shown for a seat comes from host/view.h for that seat; bots answer the
 * same decisions as people (repl/common.c bot_random), seeded from the game's seed and
 * the answer number so a replay, an undo or a resume gets the same bot moves.
 * Read next: play.h (the session), play_cmd.c (commands and answers). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "play.h"

static const char *const play_help =
    "usage: tabula play <game> [--players N] [--seat S[,S...]] [--bots SPEC] [--seed N]\n"
    "                          [--option key=value]... [--pack DIR]... [--designer]\n"
    "                          [--no-color] [--resume | --load FILE] [--script FILE]\n"
    "\n"
    "Plays a game at the terminal. You take the seats given by --seat (1-based; default\n"
    "1; 'all' for everyone; 'none' for bots only, who play the game to its end, then `log\n"
    "all` and `state` show it); bots play the others.\n"
    "Several human seats share the terminal (hot-seat): the screen is cleared between\n"
    "them so nobody sees another's hand.\n"
    "\n"
    "  --players N      number of players (default: the game's minimum, or enough for --seat)\n"
    "  --seat S,S       the seats you play\n"
    "  --bots SPEC      the bots of the other seats: a bot's name for all of them, or\n"
    "                   ROLE=NAME and SEAT=NAME for some (comma-separated): `--bots basic`,\n"
    "                   `--bots hunted=basic,random`; --bots help lists the game's bots\n"
    "                   (default: random, random legal answers)\n"
    "  --seed N         the game's seed (default: from the clock; printed at the start)\n"
    "  --option k=v     a game option; --option help lists them\n"
    "  --pack DIR       load an extra pack (an expansion) after the game\n"
    "  --designer       designer mode: `seat`, `lua`, `reload`, every card's text\n"
    "  --no-color       plain text (NO_COLOR in the environment does the same)\n"
    "  --resume         continue the last game (it is saved after every answer)\n"
    "  --load FILE      continue a game saved with `save`, or an unfinished one kept when\n"
    "                   a new game took the autosave's place\n"
    "  --script FILE    read commands from FILE and print the transcript (standard input\n"
    "                   does the same when it is not a terminal)\n"
    "\n"
    "At the prompt, answer by number or name (`2`, `play river`, `river`, `1 3`,\n"
    "`lair, river`) or type a command; `help` lists them. The last game and the line\n"
    "history live in $XDG_STATE_HOME/tabula (default ~/.local/state/tabula).\n";

/* ---------------------------------------------------------------- files ----------- */

/* $XDG_STATE_HOME/tabula, else $HOME/.local/state/tabula; false when neither is set. */
static bool state_paths(Session *ss)
{
    const char *x = getenv("XDG_STATE_HOME");
    const char *home = getenv("HOME");
    if (x && *x == '/') snprintf(ss->state_dir, sizeof ss->state_dir, "%s/tabula", x);
    else if (home && *home) snprintf(ss->state_dir, sizeof ss->state_dir, "%s/.local/state/tabula", home);
    else return false;
    snprintf(ss->save_path, sizeof ss->save_path, "%s/last-game.json", ss->state_dir);
    snprintf(ss->session_path, sizeof ss->session_path, "%s/last-session.json", ss->state_dir);
    snprintf(ss->hist_path, sizeof ss->hist_path, "%s/history", ss->state_dir);
    return true;
}

/* The game a saved log at path is of (its first pack's id) into out: false when the file
 * cannot be read as a log naming one. */
static bool log_game_id(const char *path, char *out, size_t n)
{
    json_t *log = json_load_file(path, 0, NULL);
    const char *id = save_game_id(log);
    if (id) snprintf(out, n, "%s", id);
    json_decref(log);
    return id != NULL;
}

/* The autosave of another game is about to be overwritten: when that game is not over
 * and has answers (as far as its session file says), it moves to last-game.1.json, the older kept
 * ones to .2 and .3 (KEPT_GAMES), and the player is told how to go on with it. False
 * when it could not be moved (the autosave must then not overwrite it). */
#define KEPT_GAMES 3
static void side_save_path(Session *ss);

/* Whether files a and b hold the same bytes (false when either cannot be read). */
static bool same_file(const char *a, const char *b)
{
    Err e;
    size_t la, lb;
    char *ta = file_read(a, &la, &e), *tb = ta ? file_read(b, &lb, &e) : NULL;
    bool same = ta && tb && la == lb && memcmp(ta, tb, la) == 0;
    xfree(ta);
    xfree(tb);
    return same;
}

static bool keep_unfinished(Session *ss)
{
    if (access(ss->save_path, F_OK) != 0) return true;
    if (ss->side_save) { /* the file is this session's own: the game before stays in it */
        char before[PATH_MAX];
        snprintf(before, sizeof before, "%s", ss->save_path);
        side_save_path(ss);
        printf("%snote:%s the game before stays in %s; this one autosaves to %s\n", c_warn(ss), c_off(ss),
               before, ss->save_path);
        return true;
    }
    json_t *o = json_load_file(ss->session_path, 0, NULL);
    bool over = o && json_is_true(json_object_get(o, "over"));
    const char *game = o ? json_string_value(json_object_get(o, "game")) : NULL;
    char name[256] = "<game>";
    if (game) {
        const char *b = strrchr(game, '/');
        snprintf(name, sizeof name, "%s", b && b[1] ? b + 1 : game);
    } else {
        /* no session file to say it (damaged, or gone): the log says its game */
        log_game_id(ss->save_path, name, sizeof name);
    }
    json_t *turn = o ? json_object_get(o, "turn") : NULL, *answers = o ? json_object_get(o, "answers") : NULL;
    json_t *played = o ? json_object_get(o, "played") : NULL;
    json_int_t t = json_is_integer(turn) ? json_integer_value(turn) : 0;
    /* a game nobody has answered yet, or only the bots (and autopass), loses nothing: its
     * seed makes it again (the bots answer the same) */
    bool fresh = json_is_integer(played) ? json_integer_value(played) == 0
                                         : json_is_integer(answers) && json_integer_value(answers) == 0;
    json_decref(o);
    if (over || fresh) return true;
    char from[PATH_MAX + 8], to[PATH_MAX + 8];
    /* kept already (the same file loaded again and left unplayed): kept once, so the
     * older kept games do not drop out for copies of it */
    for (int k = 1; k <= KEPT_GAMES; k++) {
        snprintf(from, sizeof from, "%s/last-game.%d.json", ss->state_dir, k);
        if (!same_file(ss->save_path, from)) continue;
        printf("%snote:%s the unfinished %s game saved before is kept already, in %s\n", c_warn(ss), c_off(ss), name,
               from);
        fflush(stdout);
        return true;
    }
    for (int k = KEPT_GAMES - 1; k >= 1; k--) {
        snprintf(from, sizeof from, "%s/last-game.%d.json", ss->state_dir, k);
        snprintf(to, sizeof to, "%s/last-game.%d.json", ss->state_dir, k + 1);
        if (access(from, F_OK) == 0 && rename(from, to) != 0) break;
    }
    snprintf(to, sizeof to, "%s/last-game.1.json", ss->state_dir);
    if (rename(ss->save_path, to) != 0) {
        fprintf(stderr, "%swarning:%s cannot keep the unfinished game in %s (%s): not saving over it\n",
                c_warn(ss), c_off(ss), ss->save_path, strerror(errno));
        return false;
    }
    char when[32] = "";
    if (t > 0) snprintf(when, sizeof when, " (turn %lld)", (long long)t);
    printf("%snote:%s the unfinished %s game saved before%s is kept in %s:\n"
           "      `tabula play %s --load %s` continues it (the last %d are kept)\n",
           c_warn(ss), c_off(ss), name, when, to, name, to, KEPT_GAMES);
    fflush(stdout);
    return true;
}

/* A new file of this session's own: game-<date>-<time>-<pid>[-<k>].json. */
static void side_save_path(Session *ss)
{
    time_t now = time(NULL);
    struct tm tm;
    char stamp[32] = "0";
    if (localtime_r(&now, &tm)) strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    for (int k = 0; k < 1000; k++) {
        char more[16] = "";
        if (k) snprintf(more, sizeof more, "-%d", k);
        /* (it fits: state_dir leaves 64 bytes of save_path, and stamp, pid and k need 31) */
        int r = snprintf(ss->save_path, sizeof ss->save_path, "%s/game-%s-%ld%s.json", ss->state_dir, stamp,
                         (long)getpid(), more);
        if (r > 0 && (size_t)r < sizeof ss->save_path && access(ss->save_path, F_OK) != 0) return;
    }
}

/* Two sessions at once autosaved over each other's game at every move (the last to
 * quit won, the other game was lost). The first session holds a lock on
 * <state_dir>/lock for its life and autosaves as before; another one autosaves to a file
 * of its own (game-<date>-<time>-<pid>.json) and leaves last-session.json, what --resume
 * continues, to the first. Where no lock can be taken (no state folder, a file system
 * without locks) it is as before. */
static void autosave_claim(Session *ss)
{
    if (!ss->state_dir[0] || !mkdir_p(ss->state_dir, 0700)) return; /* play_autosave says why */
    char lp[PATH_MAX];
    snprintf(lp, sizeof lp, "%s/lock", ss->state_dir);
    int fd = open(lp, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return;
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (fcntl(fd, F_SETLK, &fl) == 0) {
        ss->lock_fd = fd;
        return;
    }
    int why = errno;
    close(fd);
    if (why != EACCES && why != EAGAIN) return;
    ss->side_save = true;
    side_save_path(ss);
    printf("%snote:%s another `tabula play` is running and autosaves to last-game.json;\n"
           "      this game autosaves to %s\n",
           c_warn(ss), c_off(ss), ss->save_path);
}

void play_autosave(Session *ss)
{
    if (!ss->g) return;
    if (!ss->state_dir[0]) {
        /* (quit says so: a game played here is lost on leaving unless `save` keeps it) */
        if (!ss->unsaved[0])
            snprintf(ss->unsaved, sizeof ss->unsaved, "no folder to autosave to (neither XDG_STATE_HOME nor HOME is set)");
        return;
    }
    Err e;
    err_clear(&e);
    if (!mkdir_p(ss->state_dir, 0700)) {
        int why = errno;
        fprintf(stderr, "%swarning:%s cannot create %s: %s\n", c_warn(ss), c_off(ss), ss->state_dir, strerror(why));
        snprintf(ss->unsaved, sizeof ss->unsaved, "the autosave folder %.500s cannot be created: %s", ss->state_dir,
                 strerror(why));
        ss->state_dir[0] = 0;
        return;
    }
    if (!ss->save_owned && !keep_unfinished(ss)) {
        snprintf(ss->unsaved, sizeof ss->unsaved, "the unfinished game in %.500s could not be kept, so it was not saved over",
                 ss->save_path);
        return;
    }
    if (!play_save(ss, ss->save_path, &e)) {
        char msg[600];
        err_show(&e, msg, sizeof msg);
        fprintf(stderr, "%swarning:%s autosave failed: %s\n", c_warn(ss), c_off(ss), msg);
        snprintf(ss->unsaved, sizeof ss->unsaved, "the autosave failed: %s", msg);
        return;
    }
    ss->unsaved[0] = 0;
    ss->save_owned = true;
    json_t *humans = json_array();
    for (int s = 0; s < ss->g->s.h.nseats; s++)
        if (ss->human[s]) json_array_append_new(humans, json_integer(s + 1));
    json_t *packs = json_array();
    for (int i = 0; i < ss->npacks; i++) json_array_append_new(packs, json_string(ss->packs[i]));
    json_t *o = json_pack("{s:i, s:s, s:o, s:o, s:b, s:b, s:b, s:i, s:i, s:i}", "tabula_session", 1, "game", ss->game,
                          "packs", packs, "humans", humans, "designer", ss->designer, "autopass", ss->autopass, "over",
                          ss->g->s.h.over != 0, "turn", ss->g->s.h.turn, "answers", (int)ss->g->nanswers, "played",
                          play_keyboard_answers(ss));
    if (o && ss->bots[0]) json_object_set_new(o, "bots", json_string(ss->bots));
    char *text = o && !ss->side_save ? json_dumps(o, JSON_INDENT(1)) : NULL;
    json_decref(o);
    if (text && !file_write_atomic(ss->session_path, text, strlen(text), &e))
        fprintf(stderr, "%swarning:%s cannot write %s: %s\n", c_warn(ss), c_off(ss), ss->session_path, e.msg);
    free(text);
}

int play_keyboard_answers(Session *ss)
{
    const int8_t *ds = ss->g->nanswers ? play_answer_seats(ss) : NULL;
    if (ss->g->nanswers && !ds) return (int)ss->g->nanswers; /* not known: count them all */
    /* a designer's `run` is work done at the keyboard too, and the setup chunks of a
     * loaded log are no seed's (quitting such a game said "--players 2 --seed 1, with the
     * same options, make it again", and it was not kept): neither is made again by the seed */
    int n = (int)json_array_size(ss->g->chunks);
    for (uint32_t i = 0; i < ss->g->nanswers; i++)
        if (ds[i] >= 0 && ss->human[DSEAT_SEAT(ds[i])] && !(ds[i] & DSEAT_FORMAL)) n++;
    return n;
}

bool play_save(const Session *ss, const char *path, Err *e)
{
    json_t *log = save_json(ss->g), *humans = json_array();
    for (int s = 0; s < ss->g->s.h.nseats; s++)
        if (ss->human[s]) json_array_append_new(humans, json_integer(s + 1));
    if (log && humans) json_object_set(log, "humans", humans);
    json_decref(humans);
    bool ok = save_write_json(log && humans ? log : NULL, path, e);
    json_decref(log);
    return ok;
}

int play_log_humans(Session *ss, const char *path, int nseats)
{
    Err e;
    json_t *log = save_read(path, &e);
    json_t *humans = log ? json_object_get(log, "humans") : NULL;
    int r = humans ? 1 : 0;
    bool seen[MAX_SEATS] = {0};
    size_t i;
    json_t *v;
    if (humans && !json_is_array(humans)) r = -1;
    json_array_foreach(humans, i, v) {
        json_int_t s = json_integer_value(v);
        if (!json_is_integer(v) || s < 1 || s > nseats) r = -1;
        else seen[s - 1] = true;
    }
    if (r > 0) memcpy(ss->human, seen, sizeof seen);
    json_decref(log);
    return r;
}

/* Reads the session file of the last game into ss (game, packs, humans, designer, and
 * autopass into ss->resume_autopass: -1 when the file does not say). A damaged list of
 * packs or seats is an error, not a game resumed without the expansion or with bots in
 * the player's seat (they would play it to the end); the seats are not read when
 * `seats_given` (--seat overrides them). */
static bool session_read(Session *ss, bool seats_given, Err *e)
{
    json_error_t je;
    json_t *o = json_load_file(ss->session_path, 0, &je);
    /* the session file damaged or gone, the game itself whole: how to go on with it */
    char id[256], hint[2 * sizeof ss->save_path + 400] = "";
    if ((!o || !json_is_string(json_object_get(o, "game"))) && log_game_id(ss->save_path, id, sizeof id))
        snprintf(hint, sizeof hint, "; the last game is kept in %s: `tabula play %s --load %s` continues it",
                 ss->save_path, id, ss->save_path);
    if (!o) {
        err_set(e, "no game to resume (%s: %s)%s", ss->session_path, je.text, hint);
        return false;
    }
    const char *game = json_string_value(json_object_get(o, "game"));
    if (!game) {
        err_set(e, "%s names no game%s", ss->session_path, hint);
        json_decref(o);
        return false;
    }
    snprintf(ss->game, sizeof ss->game, "%s", game);
    for (int k = 0; k < ss->npacks; k++) free(ss->packs[k]);
    ss->npacks = 0;
    size_t i;
    json_t *v;
    json_t *packs = json_object_get(o, "packs");
    bool ok = !packs || (json_is_array(packs) && json_array_size(packs) <= 16);
    json_array_foreach(packs, i, v) {
        if (!json_is_string(v)) ok = false;
        else if (ss->npacks < 16) ss->packs[ss->npacks++] = strdup(json_string_value(v));
    }
    if (!ok) {
        err_set(e, "%s is damaged: its 'packs' must be a list of at most 16 pack folders "
                   "(`tabula play %s --load %s --pack DIR` continues the game)", ss->session_path, ss->game,
                ss->save_path);
        json_decref(o);
        return false;
    }
    if (!seats_given) {
        memset(ss->human, 0, sizeof ss->human);
        ss->nhuman = 0;
        json_t *humans = json_object_get(o, "humans");
        ok = json_is_array(humans);
        json_array_foreach(humans, i, v) {
            json_int_t s = json_integer_value(v);
            if (!json_is_integer(v) || s < 1 || s > MAX_SEATS) ok = false;
            else ss->human[s - 1] = true;
        }
        if (!ok) {
            err_set(e, "%s is damaged: its 'humans' must be a list of seat numbers "
                       "(`tabula play --resume --seat S` says which seats are yours)", ss->session_path);
            json_decref(o);
            return false;
        }
    }
    if (json_is_true(json_object_get(o, "designer"))) ss->designer = true;
    const char *bots = json_string_value(json_object_get(o, "bots"));
    snprintf(ss->bots, sizeof ss->bots, "%s", bots && strlen(bots) < sizeof ss->bots ? bots : "");
    json_t *ap = json_object_get(o, "autopass");
    ss->resume_autopass = json_is_boolean(ap) ? json_is_true(ap) : -1;
    json_decref(o);
    return true;
}

/* ---------------------------------------------------------------- replay ---------- */

Game *play_replay_begin(World *w, json_t *log, Err *e)
{
    uint64_t seed;
    if (!save_log_shape(log, &seed, e)) return NULL;
    return game_new_ex(w, seed, (int)json_integer_value(json_object_get(log, "players")),
                       json_object_get(log, "options"), json_object_get(log, "chunks"), e);
}

/* Runs the designer chunks the log recorded before answer i. */
static bool replay_chunks(Game *g, json_t *log, size_t i, Err *e)
{
    size_t ci;
    json_t *c;
    json_array_foreach(json_object_get(log, "chunks"), ci, c) {
        json_t *at = json_object_get(c, "at");
        if (!json_is_integer(at) || json_integer_value(at) != (json_int_t)i) continue;
        game_advance(g);
        if (!game_inject(g, json_string_value(json_object_get(c, "lua")), e)) return false;
    }
    return true;
}

bool play_replay_step(Game *g, json_t *log, size_t i, Err *e)
{
    json_t *one = json_array_get(json_object_get(log, "answers"), i);
    if (!one) {
        err_set(e, "the log has no answer %zu", i + 1);
        return false;
    }
    int r = game_advance(g);
    if (r != ADV_DECISION) {
        err_set(e, "answer %zu has no decision to answer (the game %s)", i + 1, r == ADV_OVER ? "is over" : "stopped");
        return false;
    }
    int32_t ids[1024];
    int k = 0;
    size_t j;
    json_t *v;
    json_array_foreach(one, j, v) {
        if (k < 1024) ids[k++] = (int32_t)json_integer_value(v);
    }
    return game_answer(g, ids, k, e);
}

const int8_t *play_answer_seats(Session *ss)
{
    Game *g = ss->g;
    static const int8_t none[1] = {-1};
    if (g->nanswers == 0) return none; /* no answer yet: an empty list, not a failure */
    if (ss->dseat_ok && ss->dseat.len == g->nanswers) return (const int8_t *)ss->dseat.data;
    /* replay the game's own log, noting who answered each decision */
    ss->dseat.len = 0;
    json_t *log = save_json(g);
    Err e;
    err_clear(&e);
    Game *r = log ? play_replay_begin(g->w, log, &e) : NULL;
    bool ok = r != NULL;
    for (uint32_t i = 0; ok && i < g->nanswers; i++) {
        if (!replay_chunks(r, log, i, &e) || game_advance(r) != ADV_DECISION) {
            ok = false;
            break;
        }
        int8_t seat = (int8_t)game_decision(r).seat;
        if (play_pass_only(r)) seat = (int8_t)(seat | DSEAT_FORMAL);
        int n;
        const int32_t *ids = game_answer_at(g, (int)i, &n);
        ok = vec_push(&ss->dseat, 1, &seat) >= 0 && game_answer(r, ids, n, &e);
    }
    game_free(r);
    json_decref(log);
    ss->dseat_ok = ok;
    return ok ? (const int8_t *)ss->dseat.data : NULL;
}

/* ---------------------------------------------------------------- answering ------- */

/* After an answer: the redo stack keeps going only if this was the answer it held. */
static void redo_consume(Session *ss, const int32_t *ids, int n)
{
    int32_t *r = (int32_t *)ss->redo.data;
    if (!ss->redo.len) return;
    if (r[0] == n && memcmp(r + 1, ids, (size_t)n * sizeof *ids) == 0) {
        uint32_t k = (uint32_t)n + 1;
        memmove(r, r + k, (ss->redo.len - k) * sizeof *r);
        ss->redo.len -= k;
    } else {
        ss->redo.len = 0;
    }
}

static void note_answer(Session *ss, int seat, bool formal, const int32_t *ids, int n)
{
    int8_t s8 = (int8_t)(formal ? seat | DSEAT_FORMAL : seat);
    if (ss->dseat_ok && ss->dseat.len + 1 == ss->g->nanswers) vec_push(&ss->dseat, 1, &s8);
    else ss->dseat_ok = false;
    redo_consume(ss, ids, n);
    ss->dirty = true;
}

bool play_pass_only(const Game *g)
{
    DecisionView d = game_decision(g);
    return d.seat >= 0 && d.nopt == 1 && d.opts[0].vtype == OPT_PASS;
}

bool play_answer(Session *ss, const int32_t *ids, int n, Err *e)
{
    int seat = game_decision(ss->g).seat;
    bool formal = play_pass_only(ss->g);
    if (!game_answer(ss->g, ids, n, e)) return false;
    note_answer(ss, seat, formal, ids, n);
    return true;
}

void play_log_rebase(Session *ss, const Game *old, const Game *now)
{
    int flags = ss->designer ? VIEW_ALL_PROPS : 0;
    for (int s = 0; s <= MAX_SEATS; s++) {
        ss->known[s][1] = 0;
        if (ss->seen[s] == 0) continue;
        ss->seen[s] = view_log_agree(old, now, s == MAX_SEATS ? -1 : s, flags, ss->seen[s], &ss->known[s][0]);
        if (ss->known[s][0] < now->events.len) ss->known[s][1] = now->events.len;
    }
}

void play_set_game(Session *ss, Game *g)
{
    if (ss->g != g) {
        if (ss->g) play_log_rebase(ss, ss->g, g);
        game_free(ss->g);
    }
    ss->g = g;
    for (int s = 0; s <= MAX_SEATS; s++) {
        if (ss->seen[s] > g->events.len) ss->seen[s] = g->events.len;
        free(ss->last_view[s]);
        ss->last_view[s] = NULL;
    }
    if (ss->dseat.len > g->nanswers) ss->dseat.len = g->nanswers;
    ss->dirty = true;
}

bool play_bots_plan(Session *ss, char *err, size_t n)
{
    ss->have_plan = false;
    if (!ss->bots[0]) return true;
    if (!botplan_parse(&ss->plan, ss->wk.vm, ss->bots, err, n)) return false;
    ss->have_plan = true;
    return true;
}

/* A bot's answer for decision number k of a game: the same in every process. */
uint64_t play_bot_seed(const Game *g)
{
    return (g->seed * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)g->nanswers * 0xd1b54a32d192ed03ULL) ^ 0x5eed;
}

/* Advances until a human seat must decide or the game ends; bots answer on the way,
 * and with autopass on so does the session for a human's pass-only window question (the
 * question is still asked and logged, so the game and its replay are the same). */
static int advance(Session *ss)
{
    for (;;) {
        Game *g = ss->g;
        int r = game_advance(g);
        if (r != ADV_DECISION) return r;
        DecisionView d = game_decision(g);
        bool formal = play_pass_only(g);
        if (ss->human[d.seat] && !(formal && ss->autopass)) return r;
        int32_t ids[1024];
        int k;
        if (ss->human[d.seat]) {
            ids[0] = d.opts[0].id;
            k = 1;
        } else {
            Bot b = {.rng = play_bot_seed(g), .vm = ss->wk.vm, .plan = ss->have_plan ? &ss->plan : NULL};
            /* the lookahead bot takes a moment (a second or more in a long game): at a
             * terminal the line says who thinks, and goes when it has answered */
            bool thinking = ss->interactive && isatty(STDOUT_FILENO) && ss->have_plan && d.nopt > 1 &&
                            botplan_bot(&ss->plan, g->w, g, d.seat) == BOT_LOOKAHEAD;
            if (thinking) {
                printf("%s(seat %d thinks)%s\r", c_dim(ss), d.seat + 1, c_off(ss));
                fflush(stdout);
            }
            k = bot_answer(&b, g, ids, 1024);
            if (thinking) {
                printf("\r\033[K");
                fflush(stdout);
            }
            if (k < 0) {
                /* a broken bot must not stop the game: the random bot answers this one */
                printf("%s%s;%s the random bot answers instead\n", c_err(ss), b.err.msg, c_off(ss));
                k = bot_random(&b, g, ids, 1024);
            }
        }
        Err e;
        err_clear(&e);
        if (!game_answer(g, ids, k, &e)) {
            printf("%s%s of seat %d could not answer:%s %s\n", c_err(ss),
                   ss->human[d.seat] ? "autopass" : "bot", d.seat + 1, c_off(ss), e.msg);
            return ADV_ERROR;
        }
        note_answer(ss, d.seat, formal, ids, k);
    }
}

/* ---------------------------------------------------------------- showing --------- */

/* view_log's lines but those of the events [from, to), which the seat has read already
 * (play_log_rebase). */
typedef struct {
    Buf *b;
    uint32_t from, to; /* the events read already */
} NewsTo;

static void news_group(void *ud, uint32_t first, const char *text, size_t len)
{
    NewsTo *n = ud;
    if (first < n->from || first >= n->to) buf_put(n->b, text, len);
}

/* The log lines `seat` has not seen yet, at most 60 (one answer may run the rest of a
 * round: a reveal, a fight, the next draw; 20 cut the reveal away). */
static void show_news(Session *ss, int seat, Buf *b)
{
    Game *g = ss->g;
    int idx = seat < 0 ? MAX_SEATS : seat;
    Buf lb = {0};
    NewsTo nt = {&lb, ss->known[idx][0], ss->known[idx][1]};
    view_log_groups(g, seat, ss->seen[idx], play_log_flags(ss), news_group, &nt);
    ss->seen[idx] = g->events.len;
    ss->known[idx][1] = 0;
    if (!lb.len) return;
    int lines = 0;
    for (size_t i = 0; i < lb.len; i++)
        if (lb.s[i] == '\n') lines++;
    const int keep = 60; /* autopass may run a whole phase between two prompts */
    const char *p = lb.s;
    if (lines > keep) {
        for (int skip = lines - keep; skip > 0; p++)
            if (*p == '\n') skip--;
        buf_printf(b, "%s  (%d earlier line%s: `log` shows them)%s\n", c_dim(ss), lines - keep,
                   lines - keep == 1 ? "" : "s", c_off(ss));
    }
    const char *bullet = ss->fancy ? "\xc2\xb7" : "*";
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        buf_printf(b, "%s%s%s %.*s\n", c_dim(ss), bullet, c_off(ss), (int)n, p);
        p += n + (nl ? 1 : 0);
    }
    buf_free(&lb);
}

/* Hot-seat: clear the screen and wait until the next player says they are ready. */
static bool hand_over(Session *ss, int seat)
{
    char nm[96];
    show_seat_name(ss, seat, nm, sizeof nm);
    if (!ss->interactive) {
        printf("\n%s==== hand over to %s ====%s\n", c_bold(ss), nm, c_off(ss));
        return true;
    }
    term_clear(ss);
    term_forget(ss);
    printf("%s%s%s, it is your turn. Everyone else, look away.\n", c_bold(ss), nm, c_off(ss));
    for (;;) {
        const char *l;
        int r = term_read(ss, "press Enter when ready ", &l);
        if (r == LINE_EOF) return false;
        if (r == LINE_OK) break;
    }
    term_clear(ss);
    return true;
}

/* The terminal's width now (it may have been resized), kept within 40..100. */
static void measure(Session *ss)
{
    struct winsize ws;
    if (ss->tty_out && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) ss->width = ws.ws_col;
    if (ss->width > 100) ss->width = 100;
    if (ss->width < 40) ss->width = 40;
}

/* Before a prompt: what changed since this seat last looked, its view, the decision. */
static void show_prompt(Session *ss, int seat)
{
    measure(ss);
    Buf b = {0};
    show_news(ss, seat, &b);
    Buf vb = {0};
    show_view(ss, seat, false, &vb);
    int idx = seat < 0 ? MAX_SEATS : seat;
    if (!ss->last_view[idx] || strcmp(ss->last_view[idx], vb.s ? vb.s : "") != 0) {
        if (vb.s) buf_printf(&b, "%s", vb.s);
        free(ss->last_view[idx]);
        ss->last_view[idx] = vb.s ? strdup(vb.s) : NULL;
    }
    buf_free(&vb);
    if (game_decision(ss->g).seat == seat) show_decision(ss, &b);
    show_flush(&b);
    buf_free(&b);
}

static void banner(Session *ss, uint64_t seed, const char *how)
{
    const Game *g = ss->g;
    const Pack *p = &g->w->packs[0];
    int n = g->s.h.nseats;
    const char *dot = ss->fancy ? " \xc2\xb7 " : " - ";
    /* the packs, when an expansion is loaded: a game with --pack reads the same otherwise */
    char packs[600] = "";
    if (g->w->npacks > 1) packs_list(g->w, packs, sizeof packs);
    printf("%s%s%s%s%d player%s%sseed %llu%s%s%s%s%s\n", c_bold(ss), p->name, c_off(ss), dot, n, n == 1 ? "" : "s",
           dot, (unsigned long long)seed, packs[0] ? dot : "", packs[0] ? "packs " : "", packs, how ? dot : "",
           how ? how : "");
    char you[128] = "", bots[128] = "";
    for (int s = 0; s < n; s++) {
        char *dst = ss->human[s] ? you : bots;
        size_t l = strlen(dst);
        snprintf(dst + l, 128 - l, "%s%d", l ? ", " : "", s + 1);
    }
    if (!you[0]) printf("Bots play every seat, to the end; `log all` shows the game");
    else if (ss->nhuman == 1) printf("You play seat %s", you);
    else printf("Seats %s are played here, in turn (hot-seat)", you);
    if (you[0] && bots[0] && ss->have_plan && ss->plan.scripted) {
        char who[300];
        botplan_text(&ss->plan, ss->wk.vm, g->w, g, ss->human, who, sizeof who);
        printf("; bots: %s", who);
    } else if (you[0] && bots[0]) {
        printf("; bots play seat%s %s", strchr(bots, ',') ? "s" : "", bots);
    } else if (!you[0] && ss->have_plan && ss->plan.scripted) {
        char who[300];
        botplan_text(&ss->plan, ss->wk.vm, g->w, g, NULL, who, sizeof who);
        printf(" (%s)", who);
    }
    printf(". `help` lists the commands%s.\n", ss->interactive ? "; Tab completes" : "");
    if (ss->designer) printf("%sDesigner mode:%s seat, lua, run and reload are on.\n", c_warn(ss), c_off(ss));
    fflush(stdout);
}

/* ---------------------------------------------------------------- the loop -------- */

static void loop(Session *ss)
{
    while (!ss->quit) {
        if (ss->dirty) {
            advance(ss);
            play_autosave(ss);
            ss->dirty = false;
            ss->drawn = false;
        }
        Game *g = ss->g;
        DecisionView d = game_decision(g);
        char prompt[64];
        if (d.seat >= 0 && !ss->human[d.seat]) {
            /* a bot's answer was refused (advance said why): never show its seat */
            if (!ss->drawn) {
                ss->viewer = ss->nhuman == 1 ? ss->viewer : -1;
                printf("%sthe game cannot go on: seat %d's bot is stuck (undo, save or quit)%s\n", c_err(ss),
                       d.seat + 1, c_off(ss));
                ss->drawn = true;
            }
            snprintf(prompt, sizeof prompt, "stuck> ");
        } else if (d.seat >= 0) {
            if (!ss->drawn) {
                if (d.seat != ss->last_prompted && ss->nhuman > 1 && !ss->designer && !hand_over(ss, d.seat)) break;
                ss->viewer = d.seat;
                ss->last_prompted = d.seat;
                show_prompt(ss, d.seat);
                ss->drawn = true;
            }
            if (ss->viewer == d.seat)
                snprintf(prompt, sizeof prompt, "seat %d%s> ", ss->viewer + 1, ss->designer ? "*" : "");
            else
                snprintf(prompt, sizeof prompt, "seat %d%s (seat %d decides)> ", ss->viewer + 1,
                         ss->designer ? "*" : "", d.seat + 1);
        } else {
            if (!ss->drawn) {
                /* the end: in hot-seat everyone looks, so show what is public */
                if (ss->nhuman != 1) {
                    ss->viewer = -1;
                    ss->last_prompted = -1; /* whoever decides next gets the terminal handed over */
                } else {
                    for (int s = 0; s < g->s.h.nseats; s++)
                        if (ss->human[s]) ss->viewer = s;
                }
                show_prompt(ss, ss->viewer);
                Buf b = {0};
                show_result(ss, &b);
                buf_printf(&b, "%s(undo, log, state, save or quit)%s\n", c_dim(ss), c_off(ss));
                show_flush(&b);
                buf_free(&b);
                ss->drawn = true;
            }
            snprintf(prompt, sizeof prompt, "%s> ", g->s.h.over ? "over" : "stopped");
        }
        const char *line;
        int lr = term_read(ss, prompt, &line);
        if (lr == LINE_EOF) break;
        if (lr == LINE_INTR) continue;
        cmd_line(ss, line);
    }
}

/* ---------------------------------------------------------------- arguments ------- */

/* Reads --seat ("2", "1,3", "all", "none") into ss->human and *maxseat (-1: all);
 * false when v is not such a list, with *twice set to a seat it names twice ("1,1"),
 * else to 0. */
static bool parse_seats(Session *ss, const char *v, int *maxseat, int *twice)
{
    memset(ss->human, 0, sizeof ss->human);
    *maxseat = 0;
    *twice = 0;
    if (!*v) return false; /* not "none": an empty --seat is a slip, not a choice */
    if (strcmp(v, "none") == 0) return true;
    if (strcmp(v, "all") == 0) {
        for (int s = 0; s < MAX_SEATS; s++) ss->human[s] = true;
        *maxseat = -1;
        return true;
    }
    const char *p = v;
    while (*p) {
        char *end;
        long s = strtol(p, &end, 10);
        if (end == p || s < 1 || s > MAX_SEATS) return false;
        if (ss->human[s - 1]) {
            *twice = (int)s;
            return false;
        }
        ss->human[s - 1] = true;
        if (s > *maxseat) *maxseat = (int)s;
        p = end;
        if (*p == ',') p++;
        else if (*p) return false;
    }
    return true;
}

static void count_humans(Session *ss)
{
    ss->nhuman = 0;
    for (int s = 0; s < MAX_SEATS; s++) {
        if (ss->g && s >= ss->g->s.h.nseats) ss->human[s] = false;
        if (ss->human[s]) ss->nhuman++;
    }
}

static void session_free(Session *ss)
{
    term_close(ss);
    game_free(ss->g);
    ss->g = NULL;
    if (ss->wk.w) worker_close(&ss->wk);
    for (int i = 0; i < ss->npacks; i++) free(ss->packs[i]);
    for (int s = 0; s <= MAX_SEATS; s++) free(ss->last_view[s]);
    vec_free(&ss->redo);
    vec_free(&ss->dseat);
    if (ss->script && ss->script != stdin) fclose(ss->script);
    if (ss->lock_fd >= 0) close(ss->lock_fd);
    ss->lock_fd = -1;
}

/* Whether the log at path is a game of the game open here (its first pack is the
 * game's); else e says whose game it is and how to open it. A log naming only an extra
 * pack that is not loaded (an expansion) is this game's: play_load_log suggests --pack. */
static bool log_same_game(const Session *ss, json_t *log, const char *path, Err *e)
{
    const char *id = save_game_id(log);
    const char *here = ss->wk.w->packs[0].id;
    if (!id || strcmp(id, here) == 0) return true; /* no game named: save_check says what is wrong */
    char dir[PATH_MAX];
    if (game_dir(id, dir, sizeof dir))
        err_set(e, "%s is a game of %s, not %s: `tabula play %s --load %s` opens it", path, id, here, id, path);
    else
        err_set(e, "%s is a game of %s, not %s: `tabula play DIR --load %s`, with DIR the folder of %s, opens it",
                path, id, here, path, id);
    return false;
}

/* (play.h) */
Game *play_load_log(Session *ss, const char *path, Err *e)
{
    Game *g = save_load(ss->wk.w, path, e);
    if (g) return g;
    Err re;
    json_t *log = save_read(path, &re);
    if (!log) return NULL; /* e says why already */
    if (!log_same_game(ss, log, path, e)) {
        json_decref(log);
        return NULL; /* replaying another game's answers here would start a new game of this one */
    }
    Err ce;
    err_clear(&ce);
    if (save_check(ss->wk.w, log, &ce)) {
        json_decref(log);
        /* the header fits: the error in e stands, with what may be wrong with it */
        const char *hint = replay_fail_hint(e->msg);
        if (*hint) {
            char m[sizeof e->msg];
            snprintf(m, sizeof m, "%s", e->msg);
            err_set(e, "%s%s", m, hint);
        }
        return NULL;
    }
    if (strncmp(ce.msg, "not a Tabula log", 16) == 0) {
        /* another format's fields may mean other things: nothing is replayed from it */
        json_t *fmt = json_object_get(log, "tabula_log");
        int want = 0;
        if (sscanf(ce.msg, "not a Tabula log (format %d", &want) != 1) want = 0;
        if (json_is_integer(fmt) && want > 0)
            err_set(e, "%s: log format %" JSON_INTEGER_FORMAT " is not this version's (%d): a log of another "
                       "version of Tabula; not loaded", path, json_integer_value(fmt), want);
        else err_set(e, "%s: %s; the file has no \"tabula_log\" format number: not loaded", path, ce.msg);
        json_decref(log);
        return NULL;
    }
    printf("%snote:%s %s; replaying answer by answer\n", c_warn(ss), c_off(ss), ce.msg);
    err_clear(e);
    g = play_replay_begin(ss->wk.w, log, e);
    size_t n = json_array_size(json_object_get(log, "answers"));
    for (size_t i = 0; g && i <= n; i++) {
        /* the designer's runs before answer i (after the last one: a situation set up,
         * then saved): one the new content refuses is said, not dropped without a word */
        Err se;
        err_clear(&se);
        int errors = g->nerrors;
        if (!replay_chunks(g, log, i, &se) || g->nerrors > errors) {
            if (g->nerrors > errors) err_show(&g->last_error, se.msg, sizeof se.msg);
            printf("%snote:%s a designer's run before decision %zu no longer runs (%s); the game continues "
                   "without it\n", c_warn(ss), c_off(ss), i + 1, se.msg);
            ss->save_owned = false;
        }
        if (i == n) break;
        err_clear(&se);
        if (!play_replay_step(g, log, i, &se)) {
            printf("%snote:%s the game diverges at decision %zu (%s); it continues from there\n", c_warn(ss),
                   c_off(ss), i + 1, se.msg);
            ss->save_owned = false; /* the whole log is kept, not saved over */
            break;
        }
    }
    json_decref(log);
    return g;
}

int cmd_play(int argc, char **argv)
{
    Session *ss = calloc(1, sizeof *ss);
    if (!ss) return 1;
    ss->viewer = ss->last_prompted = ss->resume_autopass = ss->lock_fd = -1;
    const char *game = NULL, *script = NULL;
    int players = 0, maxseat = 1; /* players 0: the game's own number, unless players_zero */
    bool players_zero = false;    /* --players 0, which game_new refuses with the game's range */
    bool bots_given = false;
    bool seats_given = false, resume = false, no_color = false, seed_given = false, shaped = false, list_options = false;
    const char *load = NULL;
    unsigned long long seed = 0;
    json_t *options = json_object();
    ss->human[0] = true;
    int rc = 2; /* the command line is wrong, until it has been read (README: exit status) */
    Err e;
    err_clear(&e);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(play_help, stdout);
            rc = 0;
            goto out;
        } else if (strcmp(a, "--players") == 0 && v) {
            uint64_t x; /* the game checks its own range once it is open (0 too: its range is said) */
            if (arg_zero(v)) players_zero = true;
            else if (!arg_number("play", a, v, 1, MAX_SEATS, &x)) goto out;
            else players = (int)x;
            shaped = true;
            i++;
        } else if (strcmp(a, "--seat") == 0 && v) {
            int twice;
            if (!parse_seats(ss, v, &maxseat, &twice)) {
                if (twice)
                    fprintf(stderr, "tabula play: --seat %s names seat %d twice: name each seat once (\"1,3\")\n", v,
                            twice);
                else
                    fprintf(stderr, "tabula play: --seat takes seat numbers from 1 (\"2\", \"1,3\", \"all\", \"none\"), not '%s'\n", v);
                goto out;
            }
            seats_given = true;
            i++;
        } else if (strcmp(a, "--bots") == 0 && v) {
            if (strlen(v) >= sizeof ss->bots) {
                fprintf(stderr, "tabula play: --bots '%.40s...' is too long (at most %zu characters)\n", v,
                        sizeof ss->bots - 1);
                goto out;
            }
            snprintf(ss->bots, sizeof ss->bots, "%s", v);
            bots_given = true;
            i++;
        } else if (strcmp(a, "--seed") == 0 && v) {
            uint64_t x;
            if (!arg_number("play", a, v, 0, UINT64_MAX, &x)) goto out;
            seed = x;
            seed_given = true;
            shaped = true;
            i++;
        } else if (strcmp(a, "--option") == 0 && v && strcmp(v, "help") == 0) {
            list_options = true;
            i++;
        } else if (strcmp(a, "--option") == 0 && v) {
            shaped = true;
            if (!option_parse(options, v, &e)) {
                fprintf(stderr, "tabula play: %s\n", e.msg);
                goto out;
            }
            i++;
        } else if (strcmp(a, "--pack") == 0 && v) {
            if (ss->npacks >= 16) { /* the 17th was left out without a word */
                fprintf(stderr, "tabula play: at most 16 --pack folders\n");
                goto out;
            }
            ss->packs[ss->npacks++] = strdup(v);
            i++;
        } else if (strcmp(a, "--designer") == 0) {
            ss->designer = true;
        } else if (strcmp(a, "--no-color") == 0 || strcmp(a, "--no-colour") == 0) {
            no_color = true;
        } else if (strcmp(a, "--resume") == 0) {
            resume = true;
        } else if (strcmp(a, "--load") == 0 && v) {
            load = v;
            i++;
        } else if (strcmp(a, "--script") == 0 && v) {
            script = v;
            i++;
        } else if (a[0] == '-') {
            fprintf(stderr, "tabula play: unknown or incomplete option '%s' (tabula play --help)\n", a);
            goto out;
        } else if (!game) {
            game = a;
        } else {
            fprintf(stderr, "tabula play: one game at a time ('%s' and '%s')\n", game, a);
            goto out;
        }
    }
    if (!game && !resume) {
        fputs(play_help, stderr);
        rc = 2;
        goto out;
    }
    if (resume && load) {
        fprintf(stderr, "tabula play: --resume or --load FILE, not both\n");
        rc = 2;
        goto out;
    }
    if ((resume || load) && shaped) {
        fprintf(stderr, "tabula play: %s continues a saved game as it was played: leave out --players, --seed "
                "and --option\n", resume ? "--resume" : "--load");
        rc = 2;
        goto out;
    }
    rc = 1;

    /* output and input */
    ss->tty_out = isatty(STDOUT_FILENO);
    const char *nc = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    ss->color = ss->tty_out && !no_color && !(nc && *nc) && !(term && strcmp(term, "dumb") == 0);
    ss->width = 80;
    measure(ss);
    if (ss->tty_out) {
        setlocale(LC_CTYPE, "");
        const char *cs = nl_langinfo(CODESET);
        ss->fancy = cs && strcmp(cs, "UTF-8") == 0;
    }
    if (script) {
        ss->script = fopen(script, "r");
        if (!ss->script) {
            fprintf(stderr, "tabula play: cannot read %s: %s\n", script, strerror(errno));
            goto out;
        }
    } else if (!isatty(STDIN_FILENO)) {
        ss->script = stdin;
    } else {
        ss->interactive = true;
    }
    signal(SIGPIPE, SIG_IGN);
    bool have_state = state_paths(ss);

    /* the game */
    if (resume) {
        if (!have_state) {
            fprintf(stderr, "tabula play: --resume needs HOME or XDG_STATE_HOME to find the last game\n");
            goto out;
        }
        bool designer = ss->designer;
        char bots[sizeof ss->bots];
        snprintf(bots, sizeof bots, "%s", ss->bots);
        if (!session_read(ss, seats_given, &e)) {
            fprintf(stderr, "tabula play: %s\n", e.msg);
            goto out;
        }
        if (designer) ss->designer = true;
        if (bots_given) snprintf(ss->bots, sizeof ss->bots, "%s", bots); /* --bots overrides the session's */
        char want[PATH_MAX];
        if (game && game_dir(game, want, sizeof want)) {
            char a[PATH_MAX], b[PATH_MAX];
            if (!realpath(want, a) || !realpath(ss->game, b) || strcmp(a, b) != 0) {
                fprintf(stderr, "tabula play: the last game was %s, not %s (leave the game out to resume it)\n",
                        ss->game, game);
                rc = 2; /* the command line names another game than the one it continues */
                goto out;
            }
        }
    } else {
        char dir[PATH_MAX];
        if (!game_dir(game, dir, sizeof dir)) {
            char why[1024];
            game_not_found(game, why, sizeof why);
            fprintf(stderr, "tabula play: %s\n", why);
            goto out;
        }
        if (!realpath(dir, ss->game)) snprintf(ss->game, sizeof ss->game, "%s", dir);
    }
    if (!worker_open(&ss->wk, ss->game, (const char *const *)ss->packs, ss->npacks, &e)) {
        char msg[800];
        err_show(&e, msg, sizeof msg);
        fprintf(stderr, "tabula play: %s\n", msg);
        goto out;
    }
    if (list_options) {
        options_print(ss->wk.w, stdout);
        rc = 0;
        goto out;
    }
    if (strcmp(ss->bots, "help") == 0) {
        bots_print(ss->wk.vm, ss->wk.w, stdout);
        rc = 0;
        goto out;
    }
    char perr[800];
    if (!play_bots_plan(ss, perr, sizeof perr)) {
        fprintf(stderr, "tabula play: %s\n", perr);
        rc = 2;
        goto out;
    }
    term_open(ss);
    if (resume || load) {
        ss->save_owned = resume; /* play_load_log clears it when the game diverges */
        Game *g = play_load_log(ss, resume ? ss->save_path : load, &e);
        if (!g) {
            char msg[800];
            err_show(&e, msg, sizeof msg);
            fprintf(stderr, "tabula play: cannot %s: %s\n", resume ? "resume" : "load", msg);
            goto out;
        }
        ss->g = g;
        seed = g->seed;
        if (maxseat > g->s.h.nseats) {
            fprintf(stderr, "tabula play: --seat %d but the saved game has %d players\n", maxseat, g->s.h.nseats);
            rc = 2;
            goto out;
        }
        /* a saved game is played from the seats it was saved from, unless --seat says */
        if (load && !seats_given && play_log_humans(ss, load, g->s.h.nseats) < 0)
            printf("%snote:%s %s names as yours seats this game does not have: you play seat 1 "
                   "(--seat S chooses)\n", c_warn(ss), c_off(ss), load);
        for (int s = g->s.h.nseats; resume && !seats_given && s < MAX_SEATS; s++)
            if (ss->human[s]) {
                fprintf(stderr, "tabula play: %s is damaged: it gives you seat %d, but the game has %d players "
                                "(`tabula play --resume --seat S` says which seats are yours)\n",
                        ss->session_path, s + 1, g->s.h.nseats);
                rc = 1;
                goto out;
            }
    } else {
        const Pack *p = &ss->wk.w->packs[0];
        if (!players && !players_zero && maxseat > p->max_players) {
            /* the count would follow the seat, and the game's refusal would speak of
             * players the command line never named */
            fprintf(stderr, "tabula play: --seat %d, but %s plays with %d to %d players (seats 1 to %d)\n", maxseat,
                    game, p->min_players, p->max_players, p->max_players);
            rc = 2;
            goto out;
        }
        if (!players && !players_zero) players = maxseat > p->min_players ? maxseat : p->min_players;
        if (maxseat > players && !players_zero) {
            fprintf(stderr, "tabula play: --seat %d but only %d players\n", maxseat, players);
            rc = 2;
            goto out;
        }
        if (!seed_given) seed = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 16);
        if (!options_check(ss->wk.w, options, &e)) {
            fprintf(stderr, "tabula play: %s (`tabula play %s --option help` lists the options)\n", e.msg, game);
            rc = 2;
            goto out;
        }
        ss->g = game_new(ss->wk.w, seed, players, options, &e);
        if (!ss->g) {
            char msg[800];
            err_show(&e, msg, sizeof msg);
            fprintf(stderr, "tabula play: %s\n", msg);
            if (strstr(msg, "unknown option '"))
                fprintf(stderr, "(`tabula play %s --option help` lists the options)\n", game);
            rc = 2; /* a player count or option the game refuses, as sim says */
            goto out;
        }
    }
    if (ss->have_plan) game_advance(ss->g); /* the roles are given as the game starts */
    if (ss->have_plan && !botplan_roles_ok(&ss->plan, ss->wk.w, ss->g, perr, sizeof perr)) {
        fprintf(stderr, "tabula play: %s\n", perr);
        rc = 2;
        goto out;
    }
    count_humans(ss);
    /* in hot-seat a skipped hand-over would tell the others that a seat had nothing to
     * play, so there the questions are put to the player (`autopass on` overrides) */
    ss->autopass = ss->nhuman <= 1 || ss->designer;
    if (resume && ss->resume_autopass >= 0) ss->autopass = ss->resume_autopass; /* as it was left */
    ss->dseat_ok = ss->g->nanswers == 0;
    ss->dirty = true;
    autosave_claim(ss);
    banner(ss, seed, resume ? "resumed" : load ? "loaded" : NULL);
    loop(ss);
    if (ss->g && !ss->g->s.h.over && !ss->g->fatal[0]) {
        play_autosave(ss);
        if (ss->unsaved[0]) {
            /* it said "Saved." after "autosave failed" (and nothing when the folder could
             * not be made): the game was lost with a promise it was kept */
            printf("%sNot autosaved:%s %s; `tabula play --resume` will not continue this game.", c_err(ss), c_off(ss), ss->unsaved);
            if (play_keyboard_answers(ss) == 0)
                printf(" Nothing was played here yet: --players %d --seed %llu, with the same options, make it again.",
                       ss->g->s.h.nseats, (unsigned long long)ss->g->seed);
            printf("\n");
        } else if (ss->side_save && play_keyboard_answers(ss) == 0) {
            /* a file of this session's own that nobody here answered in: --resume never
             * reads it, so kept it would only pile up; its seed makes the game again */
            unlink(ss->save_path);
            printf("%sNothing was played here yet,%s so this game is not kept (--players %d --seed %llu, with the "
                   "same options, make it again).\n",
                   c_dim(ss), c_off(ss), ss->g->s.h.nseats, (unsigned long long)ss->g->seed);
        } else if (ss->side_save) {
            const char *b = strrchr(ss->game, '/');
            printf("%sSaved%s in %s: `tabula play %s --load %s` continues this game.\n", c_dim(ss), c_off(ss),
                   ss->save_path, b && b[1] ? b + 1 : ss->game, ss->save_path);
        } else if (play_keyboard_answers(ss) == 0) {
            /* nobody here has answered: the next new game replaces it without keeping it
             * (keep_unfinished), and saying "saved" would promise more than that */
            printf("%sNothing was played here yet,%s so this game is not kept: `tabula play --resume` continues it "
                   "until a new game replaces it (--players %d --seed %llu, with the same options, make it again).\n",
                   c_dim(ss), c_off(ss), ss->g->s.h.nseats, (unsigned long long)ss->g->seed);
        } else {
            printf("%sSaved.%s `tabula play --resume` continues this game.\n", c_dim(ss), c_off(ss));
        }
    }
    rc = 0;
out:
    json_decref(options);
    session_free(ss);
    free(ss);
    return rc;
}
