/* play_reload.c — `reload`, the designer's edit-and-continue: open the game's packs
 * afresh (a new Worker), and replay the running game's log on them. When a content hash
 * changed, the old and the new game are replayed side by side, answer by answer, and the
 * first decision where the deciding seat is asked something else (or sees a different
 * table) is reported; the game goes on from there, with the old answers left to `redo`.
 * Read next: play.c (play_replay_begin), host/save.h. */
#include <stdlib.h>
#include <string.h>

#include "play.h"

/* The table as seat sees it and the decision, as plain text, for game g. */
static char *render_plain(Session *ss, Game *g, int seat)
{
    Game *keep = ss->g;
    bool col = ss->color, fancy = ss->fancy;
    ss->g = g;
    ss->color = ss->fancy = false;
    Buf b = {0};
    if (game_decision(g).seat >= 0) show_decision(ss, &b);
    else show_result(ss, &b);
    show_view(ss, seat, true, &b);
    ss->g = keep;
    ss->color = col;
    ss->fancy = fancy;
    return b.s ? b.s : strdup("");
}

/* The first line where two texts differ, as "was: … / now: …". */
static void first_diff(const char *a, const char *b, char *out, size_t n)
{
    while (*a && *b) {
        const char *ea = strchr(a, '\n'), *eb = strchr(b, '\n');
        size_t la = ea ? (size_t)(ea - a) : strlen(a), lb = eb ? (size_t)(eb - b) : strlen(b);
        if (la != lb || memcmp(a, b, la) != 0) {
            snprintf(out, n, "was \"%.*s\", now \"%.*s\"", (int)la, a, (int)lb, b);
            return;
        }
        a += la + (ea ? 1 : 0);
        b += lb + (eb ? 1 : 0);
    }
    snprintf(out, n, "%s", *a ? "lines are missing now" : "there are more lines now");
}

static bool same_hashes(const World *a, const World *b, Buf *changed)
{
    bool same = a->npacks == b->npacks;
    for (int i = 0; i < b->npacks; i++) {
        bool found = false;
        for (int k = 0; k < a->npacks; k++)
            if (strcmp(a->packs[k].id, b->packs[i].id) == 0) {
                found = true;
                if (a->packs[k].hash != b->packs[i].hash) {
                    buf_printf(changed, "%s%s", changed->len ? ", " : "", b->packs[i].id);
                    same = false;
                }
            }
        if (!found) same = false;
    }
    return same;
}

void cmd_reload(Session *ss)
{
    Worker nw;
    Err e;
    err_clear(&e);
    if (!worker_open(&nw, ss->game, (const char *const *)ss->packs, ss->npacks, &e)) {
        char msg[900];
        err_show(&e, msg, sizeof msg);
        say(ss, c_err(ss), "reload failed, the game goes on unchanged: %s", msg);
        return;
    }
    Buf changed = {0};
    bool same = same_hashes(ss->wk.w, nw.w, &changed);
    /* the bots are in no content hash (they are not the game): their own */
    if (vm_bots_hash(ss->wk.vm) != vm_bots_hash(nw.vm)) {
        buf_printf(&changed, "%sthe bots", changed.len ? ", " : "");
        same = false;
    }
    if (same) {
        say(ss, "", "nothing changed on disk (same content hashes); the game goes on");
        worker_close(&nw);
        buf_free(&changed);
        return;
    }
    Game *g = ss->g;
    json_t *log = save_json(g);
    Game *og = play_replay_begin(g->w, log, &e);
    Game *ng = og ? play_replay_begin(nw.w, log, &e) : NULL;
    if (!ng) {
        char msg[900];
        err_show(&e, msg, sizeof msg);
        say(ss, c_err(ss), "reload failed, the game goes on unchanged: %s", msg);
        game_free(og);
        worker_close(&nw);
        json_decref(log);
        buf_free(&changed);
        return;
    }
    size_t n = g->nanswers, i;
    char state_note[1000] = "", stop_note[1000] = "";
    /* decision n is the one pending now: compared too (a change that makes it another
     * question, or pass-only, was reported as "as before"), not answered */
    for (i = 0; i <= n; i++) {
        Err ce;
        err_clear(&ce);
        /* bring both to decision i, compare what its seat is asked and sees */
        json_t *chunks = json_object_get(log, "chunks");
        size_t ci;
        json_t *c;
        json_array_foreach(chunks, ci, c) {
            json_t *at = json_object_get(c, "at");
            if (json_is_integer(at) && json_integer_value(at) == (json_int_t)i) {
                game_advance(og);
                game_advance(ng);
                game_inject(og, json_string_value(json_object_get(c, "lua")), &ce);
                game_inject(ng, json_string_value(json_object_get(c, "lua")), &ce);
            }
        }
        int ro = game_advance(og);
        int rn = game_advance(ng);
        if (ro != ADV_DECISION) {
            /* (before decision n it cannot happen: the old game replays itself) */
            if (i == n && rn == ADV_DECISION) {
                char now[96];
                show_seat_name(ss, game_decision(ng).seat, now, sizeof now);
                snprintf(stop_note, sizeof stop_note, "the end: the game was %s, now %s is asked \"%s\"",
                         ro == ADV_OVER ? "over" : "stopped", now, game_decision(ng).prompt);
            }
            break;
        }
        int seat = game_decision(og).seat;
        char who[96];
        show_seat_name(ss, seat, who, sizeof who);
        if (rn != ADV_DECISION) {
            snprintf(stop_note, sizeof stop_note, "decision %zu: %s was asked \"%s\"; now the game %s before it", i + 1,
                     who, game_decision(og).prompt, rn == ADV_OVER ? "ends" : "stops");
            break;
        }
        char *to = render_plain(ss, og, seat), *tn = render_plain(ss, ng, seat);
        if (!to || !tn) {
            snprintf(stop_note, sizeof stop_note, "decision %zu: out of memory comparing the games", i + 1);
            free(to);
            free(tn);
            break;
        }
        DecisionView dn = game_decision(ng);
        bool dec_same = dn.seat == seat;
        if (dec_same) {
            /* the decision part comes first in the text: compare up to the view */
            const char *vo = strstr(to, "\n--"), *vn = strstr(tn, "\n--");
            size_t lo = vo ? (size_t)(vo - to) : strlen(to), ln = vn ? (size_t)(vn - tn) : strlen(tn);
            dec_same = lo == ln && memcmp(to, tn, lo) == 0;
        }
        if (!dec_same) {
            char d[600];
            if (dn.seat != seat) {
                char now[96];
                show_seat_name(ss, dn.seat, now, sizeof now);
                snprintf(d, sizeof d, "%s decided there, now %s does", who, now);
            } else {
                first_diff(to, tn, d, sizeof d);
            }
            snprintf(stop_note, sizeof stop_note, "decision %zu (turn %d, %s%s): %s", i + 1, og->s.h.turn, who,
                     i == n ? ", the one asked now" : "", d);
            free(to);
            free(tn);
            break;
        }
        if (!state_note[0] && strcmp(to, tn) != 0) {
            char d[600];
            first_diff(to, tn, d, sizeof d);
            snprintf(state_note, sizeof state_note, "from decision %zu (turn %d) %s sees a different table: %s", i + 1,
                     og->s.h.turn, who, d);
        }
        free(to);
        free(tn);
        if (i == n) break;
        int k;
        const int32_t *ids = game_answer_at(g, (int)i, &k);
        if (!game_answer(og, ids, k, &ce) || !game_answer(ng, ids, k, &ce)) {
            snprintf(stop_note, sizeof stop_note, "decision %zu: the answer given then is refused now (%s)", i + 1, ce.msg);
            break;
        }
    }
    game_advance(ng);
    /* the answers not replayed can be tried again with redo */
    ss->redo.len = 0;
    for (size_t j = i; j < n; j++) {
        int k;
        const int32_t *ids = game_answer_at(g, (int)j, &k);
        int32_t kk = k;
        vec_push(&ss->redo, sizeof(int32_t), &kk);
        for (int m = 0; m < k; m++) vec_push(&ss->redo, sizeof(int32_t), &ids[m]);
    }
    game_free(og);
    Worker old = ss->wk;
    ss->wk = nw;
    ss->dseat_ok = false;
    ss->last_prompted = -1;
    play_set_game(ss, ng); /* frees the old game while its world still lives */
    worker_close(&old);
    char perr[800];
    if (!play_bots_plan(ss, perr, sizeof perr)) {
        /* --bots named a bot the reloaded packs no longer have */
        say(ss, c_err(ss), "%s: the random bot plays every bot seat until the bots are mended and reloaded", perr);
    }
    json_decref(log);
    say(ss, c_ok(ss), "reloaded: %s changed; replayed %zu of %zu answers", changed.s, i, n);
    buf_free(&changed);
    if (state_note[0]) say(ss, c_warn(ss), "%s", state_note);
    if (stop_note[0])
        say(ss, c_warn(ss), "the game diverges at %s; it goes on from there%s", stop_note,
            i < n && game_decision(ss->g).seat >= 0 ? " (`redo` tries the old answers)" : "");
    else if (!state_note[0])
        say(ss, "", "every decision and view is as before; the game goes on at the same decision");
}

