/* save.c — writing, checking and replaying logs: save, load, replay and undo are all
 * "create the game from its header and feed it its answers". */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "save.h"

#define LOG_FORMAT 1

const int32_t *game_answer_at(const Game *g, int i, int *n)
{
    const int32_t *a = (const int32_t *)g->answers.data;
    uint32_t pos = 0;
    for (int k = 0; pos < g->answers.len; k++) {
        if (k == i) {
            *n = a[pos];
            return a + pos + 1;
        }
        pos += (uint32_t)a[pos] + 1;
    }
    *n = 0;
    return NULL;
}

/* ---------------------------------------------------------------- hashing --------- */

static uint64_t hn(uint64_t h, const Names *nm, int32_t id)
{
    if (id < 0) return hash_bytes(h, "\xff", 1);
    const char *s = names_str(nm, id);
    return hash_bytes(h, s, strlen(s) + 1);
}

#define HI(h, v) do { int64_t v_ = (int64_t)(v); h = hash_bytes(h, &v_, sizeof v_); } while (0)

uint64_t game_hash(const Game *g)
{
    const State *s = &g->s;
    const Names *nm = &g->w->names;
    uint64_t h = HASH_INIT;
    const StateHdr *hd = &s->h;
    h = hash_bytes(h, hd->rng, sizeof hd->rng);
    HI(h, hd->nseats); HI(h, hd->turn); HI(h, hd->step); HI(h, hd->active); HI(h, hd->over);
    h = hn(h, nm, hd->winner_role);
    HI(h, hd->winner_seat);
    if (hd->winner_seats) HI(h, hd->winner_seats); /* (hashed when set: earlier saves keep their hashes) */
    /* (the same; bit 40 tells it from winner_seats, hashed at the same place when alone) */
    if (hd->out_seats) HI(h, (int64_t)hd->out_seats | (int64_t)1 << 40);
    HI(h, hd->reason); HI(h, hd->actions_turn); HI(h, hd->next_effect);
    HI(h, hd->next_pool); HI(h, hd->extra_turns);
    for (int i = 0; i < hd->extra_turns && i < 8; i++) HI(h, hd->extra_seat[i]);
    /* a decision is hashed only while it is pending: what an answered one leaves behind
     * (its prompt, options and texts) depends on whether the action that asked it ran on
     * or was rebuilt from its answers, and decides nothing */
    const Decision *d = &hd->dec;
    bool pending = d->seat != SEAT_NONE;
    HI(h, d->seat);
    if (pending) {
        HI(h, d->kind); HI(h, d->source); HI(h, d->prompt); HI(h, d->min); HI(h, d->max);
        HI(h, d->nopt);
        h = hn(h, nm, d->tag);
    }
    for (uint32_t i = 0; i < s->seats.len; i++) {
        h = hn(h, nm, S_SEAT(s, i).role);
        h = hn(h, nm, S_SEAT(s, i).team);
    }
    h = hash_bytes(h, s->objs.data, (size_t)s->objs.len * sizeof(Obj)); /* defs index by pack order */
    for (uint32_t i = 0; i < s->zones.len; i++) {
        const Zone *z = &S_ZONE(s, i);
        h = hn(h, nm, z->name);
        HI(h, z->owner); HI(h, z->vis); HI(h, z->flags); HI(h, z->head); HI(h, z->tail); HI(h, z->count);
        HI(h, z->hide);
        HI(h, z->sort >= 0);
        if (z->sort >= 0) h = hn(h, nm, z->sort);
    }
    for (uint32_t i = 0; i < s->props.len; i++) {
        const Prop *p = &S_PROP(s, i);
        HI(h, p->ent); h = hn(h, nm, p->key); HI(h, p->v); HI(h, p->ekind); HI(h, p->type); HI(h, p->scope);
        h = hn(h, nm, p->scope_name);
    }
    for (uint32_t i = 0; i < s->effects.len; i++) {
        const Effect *f = &S_EFFECT(s, i);
        HI(h, f->id); HI(h, f->obj); h = hn(h, nm, f->handler); h = hn(h, nm, f->event); HI(h, f->params);
        HI(h, f->scope); HI(h, f->controller); HI(h, f->flags); h = hn(h, nm, f->scope_name); HI(h, f->obj_gen);
    }
    const Vec *tv[2] = {&s->tasks, &s->deferred};
    for (int k = 0; k < 2; k++)
        for (uint32_t i = 0; i < tv[k]->len; i++) {
            const Task *t = &VEC_AT(*tv[k], Task, i);
            HI(h, t->kind); HI(h, t->seat); HI(h, t->gen); HI(h, t->c); HI(h, t->d);
            bool a_name = t->kind == TASK_WINDOW_OPEN;
            bool b_name = (t->kind == TASK_CALL && t->a != -2) || t->kind == TASK_WINDOW_OPEN ||
                          t->kind == TASK_PLAY_PLACE;
            if (a_name) h = hn(h, nm, t->a);
            else HI(h, t->a);
            if (b_name) h = hn(h, nm, t->b);
            else HI(h, t->b);
        }
    const Vec *iv[2] = {&s->items, &s->triggers};
    for (int k = 0; k < 2; k++)
        for (uint32_t i = 0; i < iv[k]->len; i++) {
            const Item *it = &VEC_AT(*iv[k], Item, i);
            HI(h, it->obj); HI(h, it->obj_gen); HI(h, it->kind); HI(h, it->seat); h = hn(h, nm, it->fn);
            HI(h, it->effect); HI(h, it->event); HI(h, it->params);
        }
    for (uint32_t i = 0; i < s->windows.len; i++) {
        const Window *w = &S_WIN(s, i);
        h = hn(h, nm, w->kind);
        HI(h, w->style); HI(h, w->cur); HI(h, w->passes); HI(h, w->resolving); HI(h, w->item_base);
        HI(h, w->defer_base); HI(h, w->played); h = hn(h, nm, w->prompt);
    }
    for (uint32_t i = 0; pending && i < s->opts.len; i++) {
        const Option *o = &S_OPT(s, i);
        HI(h, o->id); HI(h, o->label); HI(h, o->value); HI(h, o->vtype); HI(h, o->aux);
    }
    h = hash_bytes(h, s->dice.data, (size_t)s->dice.len * sizeof(Die));
    HI(h, s->strs.len);
    h = hash_bytes(h, s->strs.data, s->strs.len);
    HI(h, s->ints.len);
    h = hash_bytes(h, s->ints.data, (size_t)s->ints.len * sizeof(int64_t));
    if (pending) {
        HI(h, s->dtext.len);
        h = hash_bytes(h, s->dtext.data, s->dtext.len);
    }
    /* boards (board.h), only when there are some: the hash of a game without them is
     * unchanged */
    if (s->boards.len) {
        HI(h, s->boards.len);
        for (uint32_t i = 0; i < s->boards.len; i++) {
            const Board *b = &VEC_AT(s->boards, Board, i);
            h = hn(h, nm, b->name);
            HI(h, b->grid);
            /* its options, when it has any: the hash of a board without them is unchanged */
            if (b->cells || b->npass != 1 || b->pass[0] != names_find(nm, "open")) {
                HI(h, b->cells);
                HI(h, b->npass);
                for (int k = 0; k < b->npass; k++) h = hn(h, nm, b->pass[k]);
            }
        }
        HI(h, s->spaces.len);
        h = hash_bytes(h, s->spaces.data, (size_t)s->spaces.len * sizeof(Space));
        HI(h, s->edges.len);
        for (uint32_t i = 0; i < s->edges.len; i++) {
            const Edge *ed = &VEC_AT(s->edges, Edge, i);
            HI(h, ed->a); HI(h, ed->b); HI(h, ed->dir); h = hn(h, nm, ed->state);
        }
        HI(h, s->regions.len);
        for (uint32_t i = 0; i < s->regions.len; i++) {
            const Region *r = &VEC_AT(s->regions, Region, i);
            HI(h, r->board); h = hn(h, nm, r->name); HI(h, r->face_down); HI(h, r->rot);
        }
    }
    /* only when some wait: the hash of every state without them, and so of the logs
     * saved before rng.force, is unchanged */
    if (s->forced.len) {
        HI(h, s->forced.len);
        h = hash_bytes(h, s->forced.data, (size_t)s->forced.len * sizeof(int64_t));
    }
    /* the counter supplies (supply.new), likewise only when there are any; names by text */
    if (s->counters.len) {
        HI(h, s->counters.len | (int64_t)1 << 41);
        for (uint32_t i = 0; i < s->counters.len; i++) {
            const Counter *c = &S_COUNTER(s, i);
            h = hn(h, nm, c->supply); h = hn(h, nm, c->kind); HI(h, c->holder); HI(h, c->n); HI(h, c->flags);
        }
    }
    return h;
}

json_t *save_json(const Game *g)
{
    const World *w = g->w;
    json_t *log = json_object();
    json_object_set_new(log, "tabula_log", json_integer(LOG_FORMAT));
    json_object_set_new(log, "api", json_integer(TABULA_API));
    json_object_set_new(log, "lua", json_string(w->lua_release));
    json_object_set_new(log, "lua_probe", json_string(w->lua_probe));
    json_t *packs = json_array();
    for (int i = 0; i < w->npacks; i++) {
        char h[32];
        snprintf(h, sizeof h, "%016" PRIx64, w->packs[i].hash);
        json_array_append_new(packs, json_pack("{s:s, s:s, s:s}", "id", w->packs[i].id, "version",
                                               w->packs[i].version, "hash", h));
    }
    json_object_set_new(log, "packs", packs);
    char seed[32];
    snprintf(seed, sizeof seed, "%" PRIu64, g->seed);
    json_object_set_new(log, "seed", json_string(seed));
    json_object_set_new(log, "players", json_integer(g->s.h.nseats));
    json_object_set(log, "options", g->options);
    json_object_set(log, "chunks", g->chunks);
    json_t *ans = json_array();
    const int32_t *a = (const int32_t *)g->answers.data;
    for (uint32_t pos = 0; pos < g->answers.len; pos += (uint32_t)a[pos] + 1) {
        json_t *one = json_array();
        for (int k = 0; k < a[pos]; k++) json_array_append_new(one, json_integer(a[pos + 1 + k]));
        json_array_append_new(ans, one);
    }
    json_object_set_new(log, "answers", ans);
    char h[32];
    snprintf(h, sizeof h, "%016" PRIx64, game_hash(g));
    json_object_set_new(log, "state_hash", json_string(h));
    json_object_set_new(log, "turn", json_integer(g->s.h.turn));
    return log;
}

bool save_write(const Game *g, const char *path, Err *e)
{
    json_t *log = save_json(g);
    bool ok = save_write_json(log, path, e);
    json_decref(log);
    return ok;
}

bool save_write_json(const json_t *log, const char *path, Err *e)
{
    char *text = log ? json_dumps(log, JSON_INDENT(1) | JSON_COMPACT) : NULL;
    if (!text) {
        err_set(e, "out of memory");
        return false;
    }
    size_t n = strlen(text);
    bool ok = file_write_atomic(path, text, n, e);
    free(text);
    return ok;
}

const char *save_game_id(const json_t *log)
{
    return json_string_value(json_object_get(json_array_get(json_object_get(log, "packs"), 0), "id"));
}

bool save_check(const World *w, json_t *log, Err *e)
{
    if (!json_is_object(log) || json_integer_value(json_object_get(log, "tabula_log")) != LOG_FORMAT) {
        err_set(e, "not a Tabula log (format %d expected)", LOG_FORMAT);
        return false;
    }
    if (json_integer_value(json_object_get(log, "api")) != TABULA_API) {
        err_set(e, "log was written by engine API %d; this engine is API %d",
                (int)json_integer_value(json_object_get(log, "api")), TABULA_API);
        return false;
    }
    const char *lua = json_string_value(json_object_get(log, "lua"));
    const char *probe = json_string_value(json_object_get(log, "lua_probe"));
    if (!lua || strcmp(lua, w->lua_release) != 0 || !probe || strcmp(probe, w->lua_probe) != 0) {
        err_set(e, "log was played with %s (%s); this build runs %s (%s): a different Lua can "
                   "play the same content differently",
                lua ? lua : "?", probe ? probe : "?", w->lua_release, w->lua_probe);
        return false;
    }
    json_t *packs = json_object_get(log, "packs");
    if (!json_is_array(packs)) {
        err_set(e, "log: \"packs\" must be a list of the packs the game was played with");
        return false;
    }
    /* a log of another game: its game (first pack) is not loaded, and the game loaded is
     * not among its packs (it said to add the log's game with --pack, as for an expansion) */
    const char *game = save_game_id(log);
    bool game_loaded = false, base_named = false;
    size_t li;
    json_t *lp;
    for (int k = 0; game && k < w->npacks; k++)
        if (strcmp(game, w->packs[k].id) == 0) game_loaded = true;
    json_array_foreach(packs, li, lp) {
        const char *id = json_string_value(json_object_get(lp, "id"));
        if (w->npacks > 0 && id && strcmp(id, w->packs[0].id) == 0) base_named = true;
    }
    if (game && w->npacks > 0 && !game_loaded && !base_named) {
        err_set(e, "log is a game of '%s', not of '%s' (the game loaded)", game, w->packs[0].id);
        return false;
    }
    /* the packs the log names that are not loaded, and the loaded ones it does not name */
    char missing[600] = "", extra[600] = "";
    size_t nmissing = 0, nextra = 0;
    json_array_foreach(packs, li, lp) {
        const char *id = json_string_value(json_object_get(lp, "id"));
        bool loaded = false;
        for (int k = 0; id && k < w->npacks; k++)
            if (strcmp(id, w->packs[k].id) == 0) loaded = true;
        size_t u = strlen(missing);
        if (!loaded && u < sizeof missing)
            snprintf(missing + u, sizeof missing - u, "%s'%s'", nmissing++ ? ", " : "", id ? id : "?");
    }
    for (int k = 0; k < w->npacks; k++) {
        bool named = false;
        json_array_foreach(packs, li, lp) {
            const char *id = json_string_value(json_object_get(lp, "id"));
            if (id && strcmp(id, w->packs[k].id) == 0) named = true;
        }
        size_t u = strlen(extra);
        if (!named && u < sizeof extra)
            snprintf(extra + u, sizeof extra - u, "%s'%s'", nextra++ ? ", " : "", w->packs[k].id);
    }
    if (nmissing) {
        err_set(e, "log was played with pack%s %s, which %s not loaded (add --pack DIR with %s folder)",
                nmissing == 1 ? "" : "s", missing, nmissing == 1 ? "is" : "are",
                nmissing == 1 ? "its" : "each one's");
        return false;
    }
    if (nextra) {
        err_set(e, "pack%s %s %s loaded but the log was played without %s (leave out %s --pack)",
                nextra == 1 ? "" : "s", extra, nextra == 1 ? "is" : "are", nextra == 1 ? "it" : "them",
                nextra == 1 ? "its" : "their");
        return false;
    }
    if ((int)json_array_size(packs) != w->npacks) {
        err_set(e, "log names %zu packs; %d are loaded", json_array_size(packs), w->npacks);
        return false;
    }
    for (int i = 0; i < w->npacks; i++) {
        json_t *p = json_array_get(packs, (size_t)i);
        const char *id = json_string_value(json_object_get(p, "id"));
        const char *hash = json_string_value(json_object_get(p, "hash"));
        char h[32];
        snprintf(h, sizeof h, "%016" PRIx64, w->packs[i].hash);
        if (!id || strcmp(id, w->packs[i].id) != 0) {
            /* the same packs in another order (--pack options given in another order):
             * rules merge in load order, so the order is part of the game */
            char played[300] = "", loaded[300] = "";
            json_array_foreach(packs, li, lp) {
                const char *lid = json_string_value(json_object_get(lp, "id"));
                size_t u = strlen(played);
                if (u < sizeof played)
                    snprintf(played + u, sizeof played - u, "%s%s", li ? ", " : "", lid ? lid : "?");
            }
            for (int j = 0; j < w->npacks; j++) {
                size_t u = strlen(loaded);
                if (u < sizeof loaded)
                    snprintf(loaded + u, sizeof loaded - u, "%s%s", j ? ", " : "", w->packs[j].id);
            }
            err_set(e, "log was played with its packs loaded in the order %s, not %s (give the --pack "
                       "options in the log's order)", played, loaded);
            return false;
        }
        if (!hash || strcmp(hash, h) != 0) {
            err_set(e, "pack '%s' changed since the log was written (content hash %s, now %s)", id,
                    hash ? hash : "?", h);
            return false;
        }
    }
    return true;
}

/* The most option ids one answer may hold. */
#define MAX_ANSWER_IDS 1024

/* The parts of a log the replay reads, checked before anything is played, so a
 * hand-edited or damaged file is refused with what is wrong and where, never read as
 * something else (a string answer as option 0, a seed "abc" as 0) (save.h). */
bool save_log_shape(json_t *log, uint64_t *seed, Err *e)
{
    if (!parse_u64(json_string_value(json_object_get(log, "seed")), UINT64_MAX, seed)) {
        err_set(e, "log: \"seed\" must be a whole number from 0 to %" PRIu64 " written as a string, "
                   "like \"42\"",
                UINT64_MAX);
        return false;
    }
    json_t *players = json_object_get(log, "players");
    if (!json_is_integer(players) || json_integer_value(players) < 1 || json_integer_value(players) > MAX_SEATS) {
        /* (an int cast read 4294967298 as 2 players) */
        err_set(e, "log: \"players\" must be a whole number from 1 to %d", MAX_SEATS);
        return false;
    }
    json_t *opts = json_object_get(log, "options");
    if (opts && !json_is_object(opts) && !json_is_null(opts)) {
        err_set(e, "log: \"options\" must be an object, like {\"expert\": true}");
        return false;
    }
    json_t *ans = json_object_get(log, "answers");
    if (!json_is_array(ans)) {
        err_set(e, "log: \"answers\" must be a list of answers, each a list of option ids");
        return false;
    }
    size_t i, j;
    json_t *one, *v;
    json_array_foreach(ans, i, one) {
        if (!json_is_array(one) || json_array_size(one) > MAX_ANSWER_IDS) {
            err_set(e, "log: answer %zu must be a list of at most %d option ids, like [2]", i + 1,
                    MAX_ANSWER_IDS);
            return false;
        }
        json_array_foreach(one, j, v) {
            if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > INT32_MAX) {
                char *text = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
                size_t len = text ? strlen(text) : 0;
                err_set(e, "log: answer %zu, item %zu: %.60s%s is not a whole-number option id (0 to %d)",
                        i + 1, j + 1, text ? text : "?", len > 60 ? "..." : "", INT32_MAX);
                free(text);
                return false;
            }
        }
    }
    json_t *hash = json_object_get(log, "state_hash");
    if (hash && !json_is_string(hash)) {
        /* (read as no hash: the replay was not checked, and --verify passed it) */
        err_set(e, "log: \"state_hash\" must be the state's hash written as a string, like \"25d771e6d7095664\"");
        return false;
    }
    json_t *chunks = json_object_get(log, "chunks");
    if (chunks && !json_is_array(chunks)) {
        err_set(e, "log: \"chunks\" must be a list");
        return false;
    }
    json_array_foreach(chunks, i, one) {
        json_t *at = json_object_get(one, "at");
        if (json_is_integer(at) && json_integer_value(at) < -1) {
            /* -1 is a setup chunk; any other negative was read as one and written back as
             * -1: a save that changes when loaded and saved again */
            err_set(e, "log: chunk %zu has \"at\": %" JSON_INTEGER_FORMAT
                       ", but it must be -1 (run at setup) or the number of answers before it",
                    i + 1, json_integer_value(at));
            return false;
        }
        if (json_is_integer(at) && json_integer_value(at) > (json_int_t)json_array_size(ans)) {
            /* (the answer's number is "at" + 1: printed from "at" itself, which may be the
             * largest integer, so nothing is added to it) */
            err_set(e, "log: chunk %zu has \"at\": %" JSON_INTEGER_FORMAT
                       ", but it must run before an answer, at most %zu (the log has %zu answers)",
                    i + 1, json_integer_value(at), json_array_size(ans), json_array_size(ans));
            return false;
        }
    }
    return true;
}

Game *save_replay(World *w, json_t *log, int upto, Err *e)
{
    if (!save_check(w, log, e)) return NULL;
    uint64_t seed;
    if (!save_log_shape(log, &seed, e)) return NULL;
    json_t *players = json_object_get(log, "players");
    json_t *ans = json_object_get(log, "answers");
    Game *g = game_new_ex(w, seed, (int)json_integer_value(players), json_object_get(log, "options"),
                          json_object_get(log, "chunks"), e);
    if (!g) return NULL;
    size_t n = json_array_size(ans);
    if (upto >= 0 && (size_t)upto < n) n = (size_t)upto;
    json_t *chunks = json_object_get(log, "chunks");
    for (size_t i = 0; i <= n; i++) {
        /* designer chunks injected before answer i */
        size_t ci;
        json_t *c;
        json_array_foreach(chunks, ci, c) {
            json_t *at = json_object_get(c, "at");
            if (json_is_integer(at) && json_integer_value(at) == (json_int_t)i) {
                game_advance(g);
                if (!game_inject(g, json_string_value(json_object_get(c, "lua")), e)) {
                    game_free(g);
                    return NULL;
                }
            }
        }
        if (i == n) break;
        int r = game_advance(g);
        if (r != ADV_DECISION) {
            err_set(e, "replay: answer %zu has no decision to answer (the game %s)", i + 1,
                    r == ADV_OVER ? "is over" : "stopped");
            game_free(g);
            return NULL;
        }
        json_t *one = json_array_get(ans, i);
        int32_t ids[MAX_ANSWER_IDS];
        int k = 0;
        size_t j;
        json_t *v;
        json_array_foreach(one, j, v) ids[k++] = (int32_t)json_integer_value(v);
        Err ae;
        err_clear(&ae);
        if (!game_answer(g, ids, k, &ae)) {
            err_set(e, "replay: answer %zu does not fit: %s", i + 1, ae.msg);
            game_free(g);
            return NULL;
        }
    }
    game_advance(g);
    const char *want = json_string_value(json_object_get(log, "state_hash"));
    if (want && n == json_array_size(ans)) {
        char h[32];
        snprintf(h, sizeof h, "%016" PRIx64, game_hash(g));
        if (strcmp(h, want) != 0) {
            err_set(e, "replay ended in a different state (hash %s, log says %s)", h, want);
            game_free(g);
            return NULL;
        }
    }
    return g;
}

json_t *save_read(const char *path, Err *e)
{
    FILE *f = fopen(path, "rb");
    struct stat st;
    if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        f = NULL;
        errno = EISDIR;
    }
    if (!f) {
        err_at(e, path, 0, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    json_error_t je;
    json_t *log = json_loadf(f, JSON_REJECT_DUPLICATES, &je);
    fclose(f);
    /* jansson counts from 1; an error without a place (a read error) has -1 */
    if (!log) err_at(e, path, je.line > 0 ? je.line : 0, je.column > 0 ? je.column : 0, "%s", je.text);
    return log;
}

Game *save_load(World *w, const char *path, Err *e)
{
    json_t *log = save_read(path, e);
    if (!log) return NULL;
    Game *g = save_replay(w, log, -1, e);
    if (!g && !e->file[0]) snprintf(e->file, sizeof e->file, "%s", path);
    json_decref(log);
    return g;
}

Game *game_at(const Game *g, int k, Err *e)
{
    return game_at_runs(g, k, -1, e);
}

Game *game_at_runs(const Game *g, int k, int runs, Err *e)
{
    if (k < 0 || (uint32_t)k > g->nanswers) {
        err_set(e, "there are %u decisions so far; %d is out of range", g->nanswers, k);
        return NULL;
    }
    json_t *log = save_json(g);
    if (!log) {
        err_set(e, "out of memory");
        return NULL;
    }
    if (runs >= 0) {
        /* the chunks from before answer k, and the first `runs` of those injected just
         * before it; the state the log was saved in is no longer the one it leads to */
        json_t *kept = json_array(), *c;
        if (!kept) {
            json_decref(log);
            err_set(e, "out of memory");
            return NULL;
        }
        size_t i;
        json_array_foreach(g->chunks, i, c) {
            json_int_t at = json_integer_value(json_object_get(c, "at"));
            if (at < k || (at == k && runs-- > 0)) json_array_append(kept, c);
        }
        json_object_set_new(log, "chunks", kept);
        json_object_del(log, "state_hash");
    }
    Game *r = save_replay(g->w, log, k, e);
    json_decref(log);
    return r;
}
