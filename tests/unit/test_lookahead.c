/* test_lookahead.c — the lookahead bot (repl/lookahead.c) and the worlds it plays in
 * (host/determinize.c): a world drawn for a seat shows that seat exactly what the real
 * game shows it, changes only faces it does not see and only within their back (and
 * owner, where a pack says owners show), draws the randomness to come again, and
 * depends on nothing the seat cannot see; so the bot answers alike in two games the
 * seat cannot tell apart.
 *
 * Names: determinize_what, lookahead_what. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "t.h"
#include "test_sandbox.h"
#include "supply.h"
#include "view.h"

/* Whether cards x and y are dealt among each other: the same back, and the same owner
 * where a pack says owners show on the backs. */
static bool same_group(const Game *g, const Obj *x, const Obj *y)
{
    bool owners = false;
    for (int p = 0; p < g->w->npacks; p++) owners = owners || g->w->packs[p].owner_on_back;
    return g->w->defs[x->def].back == g->w->defs[y->def].back && (!owners || x->owner == y->owner);
}

static bool same_view(const Game *a, const Game *b, int seat)
{
    json_t *x = view_json(a, seat), *y = view_json(b, seat);
    bool same = x && y && json_equal(x, y);
    json_decref(x);
    json_decref(y);
    return same;
}

/* Called at each question of a game play_asking plays, before the answer ids[0..k) is
 * given. */
typedef void (*AtQuestion)(Game *g, int i, const int32_t *ids, int k, void *ud);

/* Plays a game of wk from seed with `players` seats, the random bot (seeded bot_seed)
 * answering, and calls at() at each of its first max questions. */
static void play_asking(Worker *wk, uint64_t seed, int players, uint64_t bot_seed, int max, AtQuestion at, void *ud)
{
    Game *g = t_game(wk, seed, players);
    if (!g) return;
    Bot b = {.rng = bot_seed};
    int32_t ids[1024];
    for (int i = 0; i < max && game_advance(g) == ADV_DECISION; i++) {
        int k = bot_random(&b, g, ids, 1024);
        at(g, i, ids, k, ud);
        Err e;
        if (!game_answer(g, ids, k, &e)) break;
    }
    game_free(g);
}

/* Whether the unseen cards of seat in g hold faces of two kinds in one group (a world
 * drawn can differ from the real one). */
static bool has_mixed_group(const Game *g, int seat)
{
    const State *s = &g->s;
    for (uint32_t a = 0; a < s->objs.len; a++) {
        const Obj *x = &S_OBJ(s, a);
        if (!x->alive || obj_visible(g, (int32_t)a, seat) || (g->in_action && a >= g->pre.objs.len))
            continue;
        for (uint32_t b = a + 1; b < s->objs.len; b++) {
            const Obj *y = &S_OBJ(s, b);
            if (!y->alive || obj_visible(g, (int32_t)b, seat) ||
                (g->in_action && b >= g->pre.objs.len))
                continue;
            if (same_group(g, x, y) &&
                x->def != y->def)
                return true;
        }
    }
    return false;
}

/* Checks a world drawn for seat against the real game g; counts the faces it changed. */
static void check_world(const Game *g, const Game *c, int seat, int *changed)
{
    const State *s = &g->s, *t = &c->s;
    CHECK_INT(t->objs.len, s->objs.len);
    /* per group: the faces it holds are the same, counted */
    for (uint32_t o = 0; o < s->objs.len && o < t->objs.len; o++) {
        const Obj *x = &S_OBJ(s, o), *y = &S_OBJ(t, o);
        CHECK_INT(y->zone, x->zone);
        CHECK_INT(y->owner, x->owner);
        CHECK_INT(y->face_down, x->face_down);
        if (!x->alive) continue;
        if (obj_visible(g, (int32_t)o, seat)) {
            CHECK_MSG(y->def == x->def, "card %u, which seat %d sees, changed its face", o + 1,
                      seat + 1);
            continue;
        }
        if (y->def != x->def) (*changed)++;
        CHECK_MSG(g->w->defs[y->def].back == g->w->defs[x->def].back,
                  "card %u took a face of another back", o + 1);
        int before = 0, after = 0;
        for (uint32_t p = 0; p < s->objs.len; p++) {
            const Obj *a = &S_OBJ(s, p), *b = &S_OBJ(t, p);
            if (!a->alive || obj_visible(g, (int32_t)p, seat) || !same_group(g, a, x)) continue;
            before += a->def == x->def;
            after += b->def == x->def;
        }
        CHECK_MSG(before == after,
                  "seat %d's unseen cards like card %u held face %d %d times, the world %d",
                  seat + 1, o + 1, x->def, before, after);
    }
}

typedef struct {
    uint64_t seed;
    int checked, changed, others_differ;
} Keeps;

static void keeps_at(Game *g, int i, const int32_t *ids, int k, void *ud)
{
    (void)ids, (void)k;
    Keeps *t = ud;
    if (i % 7) return;
    int seat = game_decision(g).seat;
    Game *c = game_clone(g);
    CHECK(game_determinize(c, seat, 1000 + (uint64_t)i));
    CHECK_MSG(same_view(g, c, seat), "seed %llu, question %d: seat %d's view changed", (unsigned long long)t->seed, i,
              seat + 1);
    check_world(g, c, seat, &t->changed);
    for (int o = 0; o < g->s.h.nseats; o++)
        if (o != seat && !same_view(g, c, o)) t->others_differ++;
    t->checked++;
    game_free(c);
}

TEST(determinize_keeps_the_seats_view_and_deals_only_its_unseen_faces)
{
    Worker *wk = t_worker("games/notalone");
    if (!wk) return;
    Keeps t = {0};
    for (t.seed = 1; t.seed <= 3; t.seed++) play_asking(wk, t.seed, (int)(2 + t.seed), t.seed, 400, keeps_at, &t);
    CHECK(t.checked > 30);
    CHECK(t.changed > 30);       /* the worlds are not the real game */
    CHECK(t.others_differ > 10); /* what the other seats would see did change */
}

/* g2 is g with the faces of two cards seat does not see swapped (of one group,
 * different faces), in every state the game keeps; false when it has no such pair. */
static bool swap_unseen(const Game *g, Game *g2, int seat)
{
    const State *s = &g->s;
    for (uint32_t a = 0; a < s->objs.len; a++) {
        const Obj *x = &S_OBJ(s, a);
        if (!x->alive || obj_visible(g, (int32_t)a, seat)) continue;
        for (uint32_t b = a + 1; b < s->objs.len; b++) {
            const Obj *y = &S_OBJ(s, b);
            if (!y->alive || obj_visible(g, (int32_t)b, seat) || !same_group(g, x, y) ||
                x->def == y->def || g->w->defs[x->def].back != g->w->defs[y->def].back)
                continue;
            if (g->in_action && b >= g->pre.objs.len) continue;
            State *st[4] = {&g2->s, g2->in_action ? &g2->pre : NULL,
                            g2->chain_active ? &g2->chain_pre : NULL,
                            g2->play_held ? &g2->play_pre : NULL};
            for (int k = 0; k < 4; k++) {
                if (!st[k] || b >= st[k]->objs.len) continue;
                int32_t t = S_OBJ(st[k], a).def;
                S_OBJ(st[k], a).def = S_OBJ(st[k], b).def;
                S_OBJ(st[k], b).def = t;
            }
            return true;
        }
    }
    return false;
}

typedef struct {
    Worker *wk;
    uint64_t seed;
    int pairs, answers;
} Alike;

/* Two answers of the lookahead bot, from the same seed, to g and g2 are the same. */
static bool same_answer(Worker *wk, const Game *g, const Game *g2, int playouts, int rollout)
{
    int32_t a1[1024], a2[1024];
    Bot x = {.rng = 99, .vm = wk->vm}, y = {.rng = 99, .vm = wk->vm};
    int k1 = bot_lookahead(&x, g, playouts, rollout, a1, 1024), k2 = bot_lookahead(&y, g2, playouts, rollout, a2, 1024);
    return k1 == k2 && memcmp(a1, a2, (size_t)(k1 > 0 ? k1 : 0) * sizeof *a1) == 0;
}

static void alike_at(Game *g, int i, const int32_t *ids, int k, void *ud)
{
    (void)ids, (void)k;
    Alike *t = ud;
    int seat = game_decision(g).seat;
    if (i % 5 || !has_mixed_group(g, seat)) return;
    Game *g2 = game_clone(g);
    CHECK(swap_unseen(g, g2, seat));
    CHECK_MSG(same_view(g, g2, seat), "question %d: the swap showed", i);
    /* the same worlds from the same seed */
    Game *c1 = game_clone(g), *c2 = game_clone(g2);
    CHECK(game_determinize(c1, seat, 77) && game_determinize(c2, seat, 77));
    bool same = c1->s.objs.len == c2->s.objs.len && c1->reseed == c2->reseed && c1->reseed_at == c2->reseed_at &&
                memcmp(c1->s.h.rng, c2->s.h.rng, sizeof c1->s.h.rng) == 0;
    for (uint32_t o = 0; same && o < c1->s.objs.len; o++) same = S_OBJ(&c1->s, o).def == S_OBJ(&c2->s, o).def;
    CHECK_MSG(same, "seed %llu, question %d: two games seat %d cannot tell apart gave two worlds",
              (unsigned long long)t->seed, i, seat + 1);
    /* and the same answer from the bot (every 3rd: it plays games forward), also with
     * the game's own bot playing the games forward (it reads each seat's view of the
     * world drawn) */
    if (t->pairs % 3 == 0) {
        CHECK_MSG(same_answer(t->wk, g, g2, 12, BOT_RANDOM),
                  "seed %llu, question %d: the bot answered two games seat %d cannot tell apart apart",
                  (unsigned long long)t->seed, i, seat + 1);
        t->answers++;
    }
    if (t->pairs % 6 == 1) {
        int basic = vm_bot_find(t->wk->vm, "basic");
        CHECK(basic >= 0);
        CHECK_MSG(same_answer(t->wk, g, g2, 3, basic),
                  "seed %llu, question %d: with basic playing forward, the bot answered two games seat %d cannot "
                  "tell apart apart",
                  (unsigned long long)t->seed, i, seat + 1);
        t->answers++;
    }
    t->pairs++;
    game_free(c1);
    game_free(c2);
    game_free(g2);
}

TEST(determinize_and_lookahead_are_the_same_in_games_the_seat_cannot_tell_apart)
{
    Worker *wk = t_worker("games/notalone");
    if (!wk) return;
    Alike t = {.wk = wk};
    for (t.seed = 4; t.seed <= 5; t.seed++) play_asking(wk, t.seed, 3, t.seed, 300, alike_at, &t);
    CHECK(t.pairs > 10);
    CHECK(t.answers > 3);
}

/* The dice to come are drawn again; the dice of the action before its question are not.
 * Also when every uncounted run is made again counted from the action's snapshot (the
 * new seed must be taken again then: it once was not, on a loaded machine). */
static void randomness_to_come(Worker *wk, bool remade);

TEST(determinize_draws_the_randomness_to_come_again)
{
    Worker *wk = t_worker("games/notalone");
    if (!wk) return;
    randomness_to_come(wk, false);
    vm_fast_assume(wk->vm, 1000000000000u);
    randomness_to_come(wk, true);
    vm_fast_assume(wk->vm, 0);
}

typedef struct {
    int window, inside, diverged;
} Futures;

static void futures_at(Game *g, int i, const int32_t *ids, int k, void *ud)
{
    Futures *t = ud;
    int seat = game_decision(g).seat;
    Game *plain = game_clone(g), *w1 = game_clone(g), *w2 = game_clone(g);
    CHECK(game_determinize(w1, seat, 1) && game_determinize(w2, seat, 2));
    bool in_action = g->in_action;
    Err e;
    bool ok = game_answer(plain, ids, k, &e) && game_answer(w1, ids, k, &e) && game_answer(w2, ids, k, &e);
    /* a world in which the action that waits went another way (it ended before it had
     * used its answers: a card drawn in it made no question) keeps its seed untaken: the
     * bot drops such worlds */
    if (ok && in_action && (!w1->reseeded || !w2->reseeded)) {
        t->diverged++;
        ok = false;
    }
    if (ok) {
        /* two worlds, two futures; neither the real one */
        CHECK(memcmp(w1->s.h.rng, w2->s.h.rng, sizeof w1->s.h.rng) != 0);
        CHECK_MSG(memcmp(w1->s.h.rng, plain->s.h.rng, sizeof w1->s.h.rng) != 0,
                  "question %d: in_action %d, source %d, chain %d held %d, errors %d", i, in_action,
                  g->s.h.dec.source, g->chain_active, g->play_held, w1->nerrors);
        if (in_action) {
            CHECK(w1->events.len >= g->events.len); /* the action ran again past the question */
            t->inside++;
        } else {
            t->window++;
        }
    }
    game_free(plain);
    game_free(w1);
    game_free(w2);
}

static void randomness_to_come(Worker *wk, bool remade)
{
    uint64_t re0, re1, un;
    vm_fast_stats(wk->vm, &un, &re0);
    Futures t = {0};
    play_asking(wk, 11, 4, 3, 300, futures_at, &t);
    CHECK(t.window > 5);
    CHECK(t.inside > 5);
    CHECK_MSG(t.diverged * 5 < t.inside, "%d of %d worlds went another way", t.diverged, t.inside + t.diverged);
    vm_fast_stats(wk->vm, &un, &re1);
    if (remade) CHECK(re1 > re0 + 100);
}

TEST(lookahead_gives_a_legal_answer_and_the_same_one_from_the_same_seed)
{
    Worker *wk = t_worker("games/tutorial");
    if (!wk) return;
    Game *g = t_game(wk, 2, 2);
    if (!g) return;
    Bot b = {.rng = 5};
    int asked = 0;
    for (int i = 0; i < 200 && game_advance(g) == ADV_DECISION; i++) {
        int32_t a1[1024], a2[1024];
        Bot x = {.rng = (uint64_t)i}, y = {.rng = (uint64_t)i};
        int k1 = bot_lookahead(&x, g, 16, BOT_RANDOM, a1, 1024), k2 = bot_lookahead(&y, g, 16, BOT_RANDOM, a2, 1024);
        CHECK(k1 == k2 && memcmp(a1, a2, (size_t)(k1 > 0 ? k1 : 0) * sizeof *a1) == 0);
        Err e;
        Game *c = game_clone(g);
        CHECK_MSG(game_answer(c, a1, k1, &e), "question %d: the bot's answer was refused: %s", i,
                  e.msg);
        game_free(c);
        asked++;
        int32_t ids[1024];
        int k = bot_random(&b, g, ids, 1024);
        if (!game_answer(g, ids, k, &e)) break;
    }
    CHECK(asked > 5);
    game_free(g);
}

/* The total of kind (supply name) that holder holds in state s (0 when none). */
static int64_t held(const State *s, int32_t name, int32_t kind, int32_t holder)
{
    for (uint32_t i = 0; i < s->counters.len; i++) {
        const Counter *c = &S_COUNTER(s, i);
        if (c->supply == name && c->kind == kind && c->holder == holder) return c->n;
    }
    return 0;
}

/* The total of kind (supply name) all holders hold in state s. */
static int64_t total_held(const State *s, int32_t name, int32_t kind)
{
    int64_t n = 0;
    for (uint32_t i = 0; i < s->counters.len; i++) {
        const Counter *c = &S_COUNTER(s, i);
        if (c->supply == name && c->kind == kind && c->holder != SUPPLY_TOTAL) n += c->n;
    }
    return n;
}

typedef struct {
    int checked, changed;
} Bag;

static void bag_at(Game *g, int i, const int32_t *ids, int k, void *ud)
{
    (void)ids, (void)k;
    Bag *t = ud;
    if (i % 5) return;
    int seat = game_decision(g).seat;
    Game *c = game_clone(g);
    CHECK(game_determinize(c, seat, 500 + (uint64_t)i));
    CHECK_MSG(same_view(g, c, seat), "question %d: seat %d's view changed", i, seat + 1);
    const State *s = &g->s, *w = &c->s;
    for (uint32_t n = 0; n < s->counters.len; n++) {
        const Counter *x = &S_COUNTER(s, n);
        if (x->holder == SUPPLY_TOTAL) {
            /* each kind's total is kept, among the holders */
            if (x->n >= 0) CHECK_INT(total_held(w, x->supply, x->kind), total_held(s, x->supply, x->kind));
            continue;
        }
        int64_t now = held(w, x->supply, x->kind, x->holder);
        if (supply_sees(g, x->supply, x->holder) & (1u << seat))
            CHECK_MSG(now == x->n, "question %d: a holding seat %d sees changed", i, seat + 1);
        else if (now != x->n)
            t->changed++;
    }
    t->checked++;
    game_free(c);
}

TEST(determinize_deals_a_hidden_bags_unseen_counters_again)
{
    /* Guild's omen bag is hidden: a seat sees its own omens, nobody sees the bag's */
    Worker *wk = t_worker("tests/packs/guild");
    if (!wk) return;
    Bag t = {0};
    for (uint64_t seed = 3; seed <= 6; seed++) play_asking(wk, seed, 3, seed, 600, bag_at, &t);
    CHECK(t.checked > 20);
    CHECK(t.changed > 10);
}

/* The games the bot plays forward are not the game's cost: the API calls counted and
 * the profile's samples are as they were before it answered. */
TEST(lookahead_work_is_set_aside_from_the_games_figures)
{
    Worker *wk = t_worker("games/tutorial");
    if (!wk) return;
    Game *g = t_game(wk, 4, 2);
    if (!g) return;
    BotPlan plan;
    char err[300];
    CHECK(botplan_parse(&plan, wk->vm, "lookahead:10", err, sizeof err));
    Bot b = {.rng = 1, .vm = wk->vm, .plan = &plan};
    vm_profile(wk->vm, true);
    int answered = 0;
    for (int i = 0; i < 40 && game_advance(g) == ADV_DECISION; i++) {
        DecisionView d = game_decision(g);
        uint64_t calls = vm_api_calls(wk->vm);
        json_t *before = vm_profile_report(wk->vm);
        int32_t ids[1024];
        int k = bot_answer(&b, g, ids, 1024);
        json_t *after = vm_profile_report(wk->vm);
        CHECK_INT(vm_api_calls(wk->vm), calls);
        CHECK(json_equal(before, after));
        json_decref(before);
        json_decref(after);
        if (d.nopt > 1) answered++;
        Err e;
        if (!game_answer(g, ids, k, &e)) break;
    }
    vm_profile(wk->vm, false);
    CHECK(answered > 3);
    game_free(g);
}

/* Every pack we ship that opens as a game: the bot's answers at its questions are
 * answers the game takes, in games of boards, supplies, tokens, windows and stacks,
 * with no error of memory (make valgrind, the sanitizer build) in the copies. */
TEST(lookahead_answers_in_every_game_we_ship)
{
    const char *roots[] = {"games", "tests/packs"};
    int games = 0;
    for (int r = 0; r < 2; r++) {
        DIR *dir = opendir(roots[r]);
        if (!dir) continue;
        char names[64][300];
        int nn = 0;
        for (struct dirent *de; (de = readdir(dir)) && nn < 64;)
            if (de->d_name[0] != '.') snprintf(names[nn++], sizeof names[0], "%s/%s", roots[r], de->d_name);
        closedir(dir);
        qsort(names, (size_t)nn, sizeof names[0], (int (*)(const void *, const void *))strcmp);
        for (int i = 0; i < nn; i++) {
            Worker wk;
            Err e;
            err_clear(&e);
            if (!t_worker_new(&wk, names[i], &e)) continue; /* the packs made to fail */
            int players = wk.w->packs[0].min_players > 0 ? wk.w->packs[0].min_players : 2;
            Game *g = game_new(wk.w, 9, players, NULL, &e);
            if (g) {
                Bot b = {.rng = 9};
                int asked = 0;
                /* (a few questions and copies: each copy is played to the end, and a game
                 * of Twister takes a fifth of a second) */
                for (int q = 0; q < 30 && game_advance(g) == ADV_DECISION; q++) {
                    int32_t ids[1024];
                    int k;
                    if (q % 10 < 3 && asked < 3 && game_decision(g).nopt > 1) {
                        Bot x = {.rng = (uint64_t)q};
                        k = bot_lookahead(&x, g, 2, BOT_RANDOM, ids, 1024);
                        asked++;
                    } else {
                        k = bot_random(&b, g, ids, 1024);
                    }
                    CHECK_MSG(game_answer(g, ids, k, &e), "%s, question %d: the answer was refused: %s", names[i], q,
                              e.msg);
                }
                if (asked) games++;
                game_free(g);
            }
            worker_close(&wk);
        }
    }
    CHECK(games > 15);
}

/* The cards of zone z of s, from the top, into seq; how many. */
static int zone_seq(const State *s, int32_t z, int32_t *seq, int cap)
{
    int n = 0;
    for (int32_t o = S_ZONE(s, z).head; o >= 0 && n < cap; o = S_OBJ(s, o).next) seq[n++] = o;
    return n;
}

/* Zone z of s holds the cards seq[0..n) in that order. */
static void zone_relink(State *s, int32_t z, const int32_t *seq, int n)
{
    Zone *zn = &S_ZONE(s, z);
    zn->head = n ? seq[0] : -1;
    zn->tail = n ? seq[n - 1] : -1;
    zn->count = n;
    for (int i = 0; i < n; i++) {
        Obj *o = &S_OBJ(s, seq[i]);
        o->zone = z;
        o->prev = i ? seq[i - 1] : -1;
        o->next = i + 1 < n ? seq[i + 1] : -1;
    }
}

/* Whether card o has properties (they go with it wherever it is). */
static bool has_props(const State *s, uint32_t o)
{
    for (uint32_t i = 0; i < s->props.len; i++) {
        const Prop *p = &VEC_AT(s->props, Prop, i);
        if (p->ekind == ENT_OBJ && p->ent == (int32_t)o) return true;
    }
    return false;
}

/* g2 is g with two cards seat does not see, of one group and in two zones, in each
 * other's place (the card in a hand and the card in the deck trade places, faces and
 * all): the same view for seat, other cards where it sees nothing. false when there are
 * no such two. */
static bool trade_places(const Game *g, Game *g2, int seat)
{
    const State *s = &g->s;
    for (uint32_t a = 0; a < s->objs.len; a++) {
        const Obj *x = &S_OBJ(s, a);
        if (!x->alive || x->zone < 0 || obj_visible(g, (int32_t)a, seat)) continue;
        for (uint32_t b = a + 1; b < s->objs.len; b++) {
            const Obj *y = &S_OBJ(s, b);
            if (!y->alive || y->zone < 0 || y->zone == x->zone || obj_visible(g, (int32_t)b, seat) ||
                !same_group(g, x, y) || x->face_down != y->face_down || x->known != y->known ||
                has_props(s, a) || has_props(s, b))
                continue;
            int32_t za = x->zone, zb = y->zone, sa[512], sb[512];
            int na = zone_seq(&g2->s, za, sa, 512), nb = zone_seq(&g2->s, zb, sb, 512);
            for (int i = 0; i < na; i++)
                if (sa[i] == (int32_t)a) sa[i] = (int32_t)b;
            for (int i = 0; i < nb; i++)
                if (sb[i] == (int32_t)b) sb[i] = (int32_t)a;
            zone_relink(&g2->s, za, sa, na);
            zone_relink(&g2->s, zb, sb, nb);
            return true;
        }
    }
    return false;
}

/* Two games that differ in which cards lie where the seat sees nothing (not in their
 * faces: in the cards themselves, their handles) give the same worlds' faces place by
 * place. (Faces were dealt in the order of the cards' handles, so a hand holding other
 * cards of the deck drew other worlds: a designer's scenario showed it.) The bot's answer
 * may still differ: a window offers a hand's cards in the order of their handles, so the
 * random bots playing forward take other paths through the same worlds (other samples
 * of the same chances, not knowledge). */
typedef struct {
    uint64_t seed;
    int traded;
} Trade;

static void trade_at(Game *g, int i, const int32_t *ids, int k, void *ud)
{
    (void)ids, (void)k;
    Trade *t = ud;
    int seat = game_decision(g).seat;
    if (i % 4 || g->in_action || g->chain_active || g->play_held) return;
    Game *g2 = game_clone(g);
    if (trade_places(g, g2, seat)) {
        CHECK_MSG(same_view(g, g2, seat), "question %d: the trade showed", i);
        Game *c1 = game_clone(g), *c2 = game_clone(g2);
        CHECK(game_determinize(c1, seat, 5) && game_determinize(c2, seat, 5));
        /* place by place, the same faces */
        bool same = true;
        for (uint32_t z = 0; same && z < c1->s.zones.len; z++) {
            int32_t s1[512], s2[512];
            int n1 = zone_seq(&c1->s, (int32_t)z, s1, 512), n2 = zone_seq(&c2->s, (int32_t)z, s2, 512);
            same = n1 == n2;
            for (int q = 0; same && q < n1; q++) same = S_OBJ(&c1->s, s1[q]).def == S_OBJ(&c2->s, s2[q]).def;
        }
        CHECK_MSG(same, "seed %llu, question %d: other cards in the same places gave other worlds",
                  (unsigned long long)t->seed, i);
        t->traded++;
        game_free(c1);
        game_free(c2);
    }
    game_free(g2);
}

TEST(determinize_deals_by_place_not_by_which_card_lies_there)
{
    Worker *wk = t_worker("games/notalone");
    if (!wk) return;
    Trade t = {0};
    for (t.seed = 21; t.seed <= 23; t.seed++) play_asking(wk, t.seed, 3, t.seed, 300, trade_at, &t);
    CHECK(t.traded > 10);
}

/* How many worlds drawn for seat 3 put a face of seat 2's hand into seat 1's hand, in a
 * 3-seat game of a pack with this pack.json: seat 1 holds cards a and b, seat 2 c and
 * d (each its own, hidden from the others). */
static int faces_crossed(const char *manifest)
{
    const char *dir = t_temp_pack(manifest, "{\"cards\": [{\"id\": \"a\", \"kind\": \"k\"}, {\"id\": \"b\", \"kind\": \"k\"},"
                                            " {\"id\": \"c\", \"kind\": \"k\"}, {\"id\": \"d\", \"kind\": \"k\"}]}");
    char p[256];
    snprintf(p, sizeof p, "%s/rules.lua", dir);
    t_write_file(p, "return { turn = { \"main\" },\n"
                    "  setup = function() for s = 1, 3 do zone.new('hand', { owner = s, visibility = 'owner' }) end\n"
                    "    card.new('a', zone.get('hand', 1)) card.new('b', zone.get('hand', 1))\n"
                    "    card.new('c', zone.get('hand', 2)) card.new('d', zone.get('hand', 2)) end,\n"
                    "  steps = { main = { enter = function() decide.choose(3, { 'go on' }) end } } }\n");
    Worker wk;
    Err e;
    err_clear(&e);
    bool ok = t_worker_new(&wk, dir, &e);
    sb_tmp_rm(dir);
    CHECK_MSG(ok, "%s", e.msg);
    if (!ok) return -1;
    int crossed = -1;
    Game *g = game_new(wk.w, 1, 3, NULL, &e);
    CHECK_MSG(g != NULL, "%s", e.msg);
    if (g && game_advance(g) == ADV_DECISION) {
        crossed = 0;
        int32_t h1 = zone_find(g, names_find(&wk.w->names, "hand"), 0);
        CHECK_MSG(h1 >= 0 && g->nerrors == 0, "no hand of seat 1: %s", g->last_error.msg);
        for (uint64_t seed = 0; h1 >= 0 && seed < 40; seed++) {
            Game *c = game_clone(g);
            CHECK(game_determinize(c, 2, seed));
            CHECK(same_view(g, c, 2));
            for (int32_t o = S_ZONE(&c->s, h1).head; o >= 0; o = S_OBJ(&c->s, o).next) {
                const char *id = names_str(&wk.w->names, wk.w->defs[S_OBJ(&c->s, o).def].id);
                if (strcmp(id, "c") == 0 || strcmp(id, "d") == 0) crossed++;
            }
            game_free(c);
        }
    }
    game_free(g);
    worker_close(&wk);
    return crossed;
}

/* An owner given to the cards in a hand (card.new into it) is no back: a seat's worlds
 * deal every unseen card of one back among all of them, unless the pack says owners show
 * on the backs ("owner_on_back": each player's own colour). */
TEST(determinize_keeps_owners_apart_only_where_the_pack_says_they_show)
{
    int mixed = faces_crossed(
        "{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", \"cards\": [\"cards.json\"]}");
    int apart = faces_crossed("{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", "
                              "\"cards\": [\"cards.json\"], \"owner_on_back\": true}");
    CHECK_MSG(mixed > 10, "without owner_on_back, %d worlds of 40 put seat 2's faces in seat 1's hand", mixed);
    CHECK_INT(apart, 0);
    /* it is true or false */
    const char *dir = t_temp_pack("{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"owner_on_back\": \"yes\"}", NULL);
    Worker wk;
    Err e;
    err_clear(&e);
    bool ok = t_worker_new(&wk, dir, &e);
    sb_tmp_rm(dir);
    CHECK(!ok);
    if (ok) worker_close(&wk);
    else CHECK_CONTAINS(e.msg, "'owner_on_back' must be true or false");
}
