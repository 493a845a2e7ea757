/* play_undo.c — `undo` and `redo` at the `tabula play` prompt: going back to a seat's
 * earlier question (by the game's own log: the answers before it replayed), and what
 * undoing may not do (take back what another seat answered, or what a seat has been
 * shown since). Read next: play_cmd.c (the other commands). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

/* Whether seat me (-1: every human seat) has been shown something since then: an event
 * named it a card it could not see then (drawn, revealed, peeked at, even if hidden
 * again: view_learned_since) or a log line for it alone, or it sees a card now that it
 * could not then (a zone opened to it). Cards made since are left out (they are the
 * rules' own, such as markers, not something hidden that came to light). */
static bool saw_new_cards(const Session *ss, const Game *now, const Game *then, int me)
{
    for (int s = 0; s < now->s.h.nseats; s++) {
        if (me >= 0 ? s != me : !ss->human[s]) continue;
        if (view_learned_since(now, then, s)) return true;
        for (uint32_t o = 0; o < now->s.objs.len && o < then->s.objs.len; o++)
            if (S_OBJ(&now->s, o).alive && S_OBJ(&then->s, o).alive && obj_visible(now, (int32_t)o, s) &&
                !obj_visible(then, (int32_t)o, s))
                return true;
    }
    return false;
}

/* Whether answer entry v (play_answer_seats) is a decision `undo` takes back for the
 * player at the keyboard (me: the seat in hot-seat, -1 every human seat): theirs, and not
 * a pass-only question autopass answered. */
static bool undo_yours(const Session *ss, int8_t v, int me)
{
    if (v < 0) return false;
    int s = DSEAT_SEAT(v);
    return ss->human[s] && (me < 0 || s == me) && !((v & DSEAT_FORMAL) && ss->autopass);
}

/* How many designer `run`s were made just before answer i (after answer i - 1). */
static int runs_at(const Game *g, int i)
{
    int n = 0;
    size_t ci;
    json_t *c;
    json_array_foreach(g->chunks, ci, c) if (json_integer_value(json_object_get(c, "at")) == i) n++;
    return n;
}

/* Where `undo want` goes back to: answer k, with `keep` of the `run`s made just before it
 * kept; found counts the player's decisions taken back, runs the `run`s. Back in time
 * from now: the `run`s since the last answer (newest first), that answer, the `run`s
 * before it, and so on; a step is a `run` or a decision of the player's (the others'
 * decisions on the way go too). me: the seat in hot-seat, -1 every human seat. */
typedef struct UndoCut {
    int k, keep;
    long found, runs;
} UndoCut;

static UndoCut undo_cut(const Session *ss, const int8_t *ds, long want, int me)
{
    const Game *g = ss->g;
    UndoCut c = {(int)g->nanswers, runs_at(g, (int)g->nanswers), 0, 0};
    while (c.found + c.runs < want) {
        if (c.keep > 0) {
            c.keep--;
            c.runs++;
        } else if (c.k > 0) {
            c.k--;
            c.keep = runs_at(g, c.k);
            if (undo_yours(ss, ds[c.k], me)) c.found++;
        } else {
            break;
        }
    }
    return c;
}

/* Whether a player (not a designer) may go back to cut c: UNDO_OK with the game there
 * in *ng; UNDO_OTHER when another seat has decided since (the latest such seat in
 * *other), UNDO_SHOWN when the player has been shown something since; UNDO_FAILED when
 * the game could not be rebuilt (e filled). A designer's undo is always UNDO_OK. */
enum { UNDO_OK, UNDO_OTHER, UNDO_SHOWN, UNDO_FAILED };

static int undo_check(const Session *ss, const int8_t *ds, UndoCut c, int me, Game **ng, int *other, Err *e)
{
    const Game *g = ss->g;
    *ng = NULL;
    /* a player takes back only what nobody has answered and nothing has shown since:
     * another seat's move, or a card drawn or revealed, would be seen and then unseen.
     * The decision that stops it is the other seat's latest (so `undo` and `undo 3` name
     * the same seat) */
    if (!ss->designer)
        for (int i = (int)g->nanswers - 1; i >= c.k; i--) {
            if (ds[i] < 0) continue; /* (every answer has its seat) */
            int s = DSEAT_SEAT(ds[i]);
            bool mine = me >= 0 ? s == me : ss->human[s];
            if (mine || (ds[i] & DSEAT_FORMAL)) continue;
            *other = s;
            return UNDO_OTHER;
        }
    *ng = game_at_runs(g, c.k, c.runs ? c.keep : -1, e);
    if (!*ng) return UNDO_FAILED;
    if (!ss->designer && saw_new_cards(ss, g, *ng, me)) {
        game_free(*ng);
        *ng = NULL;
        return UNDO_SHOWN;
    }
    return UNDO_OK;
}

/* `undo want` refused for reason r (other: the seat, for UNDO_OTHER), reach being the
 * steps it went back: says why, and how many steps can be taken back: the most that
 * undo_check allows, counted from one up, so that the count said is one `undo` then
 * takes, and the reason is that of the nearest step that stands. */
static void undo_refused(Session *ss, const int8_t *ds, long want, long reach, int me, int r, int other)
{
    long can = 0;
    for (long m = 1; m < reach; m++) {
        Game *ng;
        Err e;
        err_clear(&e);
        int rm = undo_check(ss, ds, undo_cut(ss, ds, m, me), me, &ng, &other, &e);
        game_free(ng);
        if (rm != UNDO_OK) {
            if (rm != UNDO_FAILED) r = rm;
            break;
        }
        can = m;
    }
    char msg[500], why[160];
    const char *shown = "you have been shown something (a card drawn, revealed or peeked at, or a log line for you "
                        "alone)";
    if (r == UNDO_OTHER) snprintf(why, sizeof why, "seat %d decided", other + 1);
    else snprintf(why, sizeof why, "%s", shown);
    if (can == 0 && r == UNDO_OTHER)
        snprintf(msg, sizeof msg, "undo: seat %d has decided since your last decision, so it stands (designer mode, "
                 "tabula play --designer, undoes anything)", other + 1);
    else if (can == 0)
        snprintf(msg, sizeof msg, "undo: you have been shown something since (a card drawn, revealed or peeked at, or "
                 "a log line for you alone), so your decision stands (designer mode, tabula play --designer, undoes "
                 "anything)");
    else if (can == 1)
        snprintf(msg, sizeof msg, "undo %ld: %s before your last decision, so only that one can be taken back "
                 "(`undo`)", want, why);
    else
        snprintf(msg, sizeof msg, "undo %ld: %s before your last %ld decisions, so only those can be taken back "
                 "(`undo %ld`)", want, why, can, can);
    err_line(ss, msg);
}

void do_undo(Session *ss, const char *arg)
{
    long want = 1;
    if (*arg) {
        if (!play_all_digits(arg) || (want = strtol(arg, NULL, 10)) < 1) {
            err_line(ss, "undo takes a number of your decisions: undo 2");
            return;
        }
    }
    Game *g = ss->g;
    const int8_t *ds = play_answer_seats(ss);
    if (!ds) {
        err_line(ss, "undo: this game cannot be rebuilt from its log (it does not replay)");
        return;
    }
    /* in hot-seat, the decisions of the seat at the keyboard now */
    int me = ss->nhuman > 1 ? ss->viewer : -1;
    UndoCut c = undo_cut(ss, ds, want, me);
    int k = c.k;
    long found = c.found, runs = c.runs;
    if (!found && !runs && ss->nhuman == 0) {
        /* the bots took every seat: their decisions are nobody's at this keyboard */
        err_line(ss, ss->designer ? "nothing to undo: bots play every seat now (`seat S` takes seat S back; undo "
                                    "then takes back its decisions)"
                                  : "nothing to undo: bots play every seat now (in designer mode, --designer, "
                                    "`seat S` takes seat S back; undo then takes back its decisions)");
        return;
    }
    if (!found && !runs) {
        err_line(ss, ss->designer ? "nothing to undo: no decision has been taken and nothing `run` at this keyboard yet"
                                  : "nothing to undo: no decision has been taken at this keyboard yet");
        return;
    }
    Err e;
    err_clear(&e);
    Game *ng;
    int other = -1;
    int r = undo_check(ss, ds, c, me, &ng, &other, &e);
    if (r == UNDO_FAILED) {
        char msg[700];
        snprintf(msg, sizeof msg, "undo failed: %s", e.msg);
        err_line(ss, msg);
        return;
    }
    if (r != UNDO_OK) {
        undo_refused(ss, ds, want, found + runs, me, r, other);
        return;
    }
    /* the answers taken back go in front of what could already be redone */
    Vec nr = {0};
    for (int i = k; i < (int)g->nanswers; i++) {
        int n;
        const int32_t *ids = game_answer_at(g, i, &n);
        int32_t nn = n;
        vec_push(&nr, sizeof(int32_t), &nn);
        for (int j = 0; j < n; j++) vec_push(&nr, sizeof(int32_t), &ids[j]);
    }
    for (uint32_t i = 0; i < ss->redo.len; i++) vec_push(&nr, sizeof(int32_t), &VEC_AT(ss->redo, int32_t, i));
    vec_free(&ss->redo);
    ss->redo = nr;
    int taken = (int)g->nanswers - k;
    play_set_game(ss, ng);
    char ran[100] = "";
    if (runs)
        snprintf(ran, sizeof ran, " %s%ld `run`%s", found ? "and " : "", runs, runs == 1 ? "" : "s");
    if (!found)
        say(ss, c_ok(ss), "took back%s (type it again to bring it back: `redo` plays decisions only)", ran);
    else
        say(ss, c_ok(ss), "took back %ld decision%s %s%s (%d answer%s in all); `redo` plays %s again", found,
            found == 1 ? "" : "s", ss->nhuman == 1 ? "of yours" : "made here", ran, taken, taken == 1 ? "" : "s",
            found == 1 ? "it" : "them");
}

void do_redo(Session *ss, const char *arg)
{
    if (extra_arg(ss, "redo", arg)) return;
    if (!ss->redo.len) {
        err_line(ss, "nothing to redo (redo follows undo, until you answer differently)");
        return;
    }
    if (game_decision(ss->g).seat < 0) {
        err_line(ss, "nothing to redo: the game is over");
        return;
    }
    int32_t *r = (int32_t *)ss->redo.data;
    int n = r[0];
    int32_t ids[1024];
    memcpy(ids, r + 1, (size_t)n * sizeof *ids);
    Err e;
    err_clear(&e);
    if (!play_answer(ss, ids, n, &e)) {
        ss->redo.len = 0;
        char msg[700];
        snprintf(msg, sizeof msg, "redo: the answer taken back does not fit the question asked now (%s); the answers "
                 "taken back are dropped", e.msg);
        err_line(ss, msg);
        return;
    }
    say(ss, c_ok(ss), "redone");
}

