/* test_notalone.c — Not Alone (games/notalone) as a whole, with random bots: seeded
 * games finish with a winner, no script error and no budget trip at every player count
 * (2–7); and over full games, at every decision, no seat's view holds a card identity
 * that seat may not see. The rules of each card and edge case are scenario tests in
 * tests/scenarios/notalone (their README maps cards and cases to scenarios). */
#include <stdlib.h>

#include "t.h"

#define NA "games/notalone"

/* Games per player count for the finish test; seeds are 1000 * players + i. */
#define GAMES_PER_COUNT 20

static void play_sample(int players)
{
    Worker *wk = t_worker(NA);
    if (!wk) return;
    for (int i = 0; i < GAMES_PER_COUNT; i++) {
        uint64_t seed = 1000u * (uint64_t)players + (uint64_t)i;
        Game *g = t_game(wk, seed, players);
        if (!g) return;
        int r = t_play(g, seed * 31 + 7);
        char why[900] = "";
        if (g->nerrors) err_format(&g->last_error, why, sizeof why);
        CHECK_MSG(r == ADV_OVER, "%d players, seed %llu: the game did not finish (%s)", players,
                  (unsigned long long)seed, g->fatal[0] ? g->fatal : "no fatal message");
        CHECK_MSG(g->nerrors == 0, "%d players, seed %llu: %d script error(s), last: %s", players,
                  (unsigned long long)seed, g->nerrors, why);
        CHECK_MSG(g->budget_trips == 0, "%d players, seed %llu: %d budget trip(s)", players,
                  (unsigned long long)seed, g->budget_trips);
        CHECK_MSG(g->s.h.winner_role >= 0, "%d players, seed %llu: no winning role", players,
                  (unsigned long long)seed);
        game_free(g);
    }
}

TEST(notalone_games_finish_2p) { play_sample(2); }
TEST(notalone_games_finish_3p) { play_sample(3); }
TEST(notalone_games_finish_4p) { play_sample(4); }
TEST(notalone_games_finish_5p) { play_sample(5); }
TEST(notalone_games_finish_6p) { play_sample(6); }
TEST(notalone_games_finish_7p) { play_sample(7); }

/* ---------------------------------------------------------------- hidden information */

/* Whether a "reveal" event showed object obj to seat v (Phobia shows the Creature some
 * Hunted's hand cards; nothing else may). */
static bool revealed_to(const Game *g, int32_t obj, int v)
{
    int32_t kind = names_find(&g->w->names, "reveal");
    if (kind < 0) return false;
    for (uint32_t i = 0; i < g->events.len; i++) {
        const Event *e = &VEC_AT(g->events, Event, i);
        if (e->kind == kind && e->a == obj && (e->mask & (1u << v))) return true;
    }
    return false;
}

static bool is_kind(const Game *g, const char *name, const char *kind)
{
    int d = world_def(g->w, name);
    return d >= 0 && strcmp(names_str(&g->w->names, g->w->defs[d].kind), kind) == 0;
}

/* Checks the view of seat v (0-based; seat 0 is the Creature) against the game's
 * secrecy rules, independently of the engine's visibility code. Returns the number of
 * violations reported. */
static int check_view(const Game *g, int v, uint64_t seed, int players)
{
    int bad = 0;
    json_t *view = view_json(g, v);
    json_t *gprops = json_object_get(view, "game");
    bool smoke = json_is_true(json_object_get(gprops, "smokescreen"));
    /* before the reveal (Phases 1 and 2) every laid place is secret */
    const char *step = json_string_value(json_object_get(view, "step"));
    bool laid_secret = step && (strcmp(step, "exploration") == 0 || strcmp(step, "hunting") == 0);
    size_t zi;
    json_t *z;
    json_array_foreach(json_object_get(view, "zones"), zi, z) {
        const char *zname = json_string_value(json_object_get(z, "name"));
        json_t *ow = json_object_get(z, "owner");
        int owner = json_is_integer(ow) ? (int)json_integer_value(ow) - 1 : -1;
        size_t ci;
        json_t *c;
        json_array_foreach(json_object_get(z, "cards"), ci, c) {
            const char *id = json_string_value(json_object_get(c, "id"));
            if (!id) continue; /* hidden: fine */
            bool face_down = json_is_true(json_object_get(c, "face_down"));
            int32_t obj = (int32_t)json_integer_value(json_object_get(c, "ref")) - 1;
            const char *why = NULL;
            if (strcmp(zname, "hunt_deck") == 0 || strcmp(zname, "survival_deck") == 0)
                why = "a card of a deck";
            else if (strcmp(zname, "hand") == 0 && owner != v && !(v == 0 && revealed_to(g, obj, v)))
                why = owner == 0 ? "a Hunt card in the Creature's hand" : "a Place card in another seat's hand";
            else if (strcmp(zname, "survival") == 0 && owner != v)
                why = "a Survival card in another seat's hand";
            else if (strcmp(zname, "played") == 0 && (face_down || laid_secret) && owner != v)
                why = "a laid place before the reveal";
            else if (strcmp(zname, "discard") == 0 && owner != v && (face_down || (smoke && v == 0)))
                why = "a discard hidden by Smokescreen";
            if (why) {
                t_fail(__FILE__, __LINE__, "%d players, seed %llu, turn %d: seat %d sees %s (%s, zone %s of seat %d)",
                       players, (unsigned long long)seed, g->s.h.turn, v + 1, why, id, zname, owner + 1);
                bad++;
            }
        }
    }
    /* the options of the seat's own decision, and what it is told is not offered, name
     * no card it may not know */
    json_t *d = json_object_get(view, "decision");
    size_t oi;
    json_t *o;
    json_t *labels = json_array();
    json_array_extend(labels, json_object_get(d, "options"));
    json_array_extend(labels, json_object_get(d, "unavailable"));
    json_array_foreach(labels, oi, o) {
        const char *label = json_string_value(json_object_get(o, "label"));
        const char *name = strncmp(label, "play ", 5) == 0 ? label + 5 : label;
        char id[64];
        snprintf(id, sizeof id, "%s", name);
        for (char *p = id; *p; p++) *p = *p == ' ' ? '_' : (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
        if ((v == 0 && is_kind(g, id, "survival")) || (v != 0 && is_kind(g, id, "hunt"))) {
            t_fail(__FILE__, __LINE__, "%d players, seed %llu: seat %d is offered '%s'", players,
                   (unsigned long long)seed, v + 1, label);
            bad++;
        }
    }
    json_decref(labels);
    json_decref(view);
    return bad;
}

/* The log of seat v never names a Place card another seat lays face down (even one the
 * Creature saw in that hand through Phobia). */
static int check_log(const Game *g, int v, uint64_t seed, int players)
{
    static const char *const names[] = {"Lair", "Jungle", "River", "Beach", "Rover",
                                        "Swamp", "Shelter", "Wreck", "Source", "Artefact"};
    Buf b = {0};
    view_log(g, v, 0, VIEW_ALL_PROPS, &b);
    int bad = 0;
    for (int o = 1; o < g->s.h.nseats && b.s; o++) {
        if (o == v) continue;
        for (int k = 0; k < 10; k++) {
            char pat[120];
            snprintf(pat, sizeof pat, "%s: hand of seat %d -> played of seat %d", names[k], o + 1, o + 1);
            if (strstr(b.s, pat)) {
                t_fail(__FILE__, __LINE__, "%d players, seed %llu: the log of seat %d shows '%s'", players,
                       (unsigned long long)seed, v + 1, pat);
                bad++;
            }
        }
    }
    buf_free(&b);
    return bad;
}

/* Plays a seeded game with the random bot, checking every seat's view at every
 * decision and every seat's log at the end. */
static void secrecy_game(int players, uint64_t seed)
{
    Worker *wk = t_worker(NA);
    Game *g = t_game(wk, seed, players);
    if (!g) return;
    Bot b = {.rng = seed * 131 + 5};
    int32_t ids[1024];
    int bad = 0, r = ADV_ERROR;
    for (int i = 0; i < 100000 && bad == 0; i++) {
        r = game_advance(g);
        if (r != ADV_DECISION) break;
        for (int v = 0; v < players; v++) bad += check_view(g, v, seed, players);
        int k = bot_random(&b, g, ids, 1024);
        Err e;
        if (!game_answer(g, ids, k, &e)) {
            t_fail(__FILE__, __LINE__, "answer refused: %s", e.msg);
            break;
        }
    }
    if (bad == 0)
        CHECK_MSG(r == ADV_OVER, "%d players, seed %llu: the game did not finish", players,
                  (unsigned long long)seed);
    CHECK_INT(g->nerrors, 0);
    for (int v = 0; v < players && bad == 0; v++) bad += check_log(g, v, seed, players);
    game_free(g);
}

/* Games per player count: 2, or SECRECY_GAMES (make secrecy runs 1,000). */
static uint64_t secrecy_games(void)
{
    uint64_t n = 2;
    const char *env = getenv("SECRECY_GAMES");
    if (env && !parse_u64(env, 1000000, &n)) n = 2;
    return n;
}

TEST(notalone_secrecy_2_3_4p)
{
    for (uint64_t s = 1, n = secrecy_games(); s <= n; s++) {
        secrecy_game(2, 500 + s);
        secrecy_game(3, 600 + s);
        secrecy_game(4, 700 + s);
    }
}

TEST(notalone_secrecy_5_6_7p)
{
    for (uint64_t s = 1, n = secrecy_games(); s <= n; s++) {
        secrecy_game(5, 800 + s);
        secrecy_game(6, 900 + s);
        secrecy_game(7, 1000 + s);
    }
}

/* Smokescreen and Phobia are the two cards that change who sees what: a game where
 * both are played early exercises the exceptions above. */
TEST(notalone_secrecy_smokescreen_phobia)
{
    Worker *wk = t_worker(NA);
    if (!wk) return;
    /* a fixed board side: the setup then asks nothing, and the chunk below runs after it */
    json_t *opts = json_pack("{si}", "board_side", 1);
    Err e0;
    Game *g = game_new(wk->w, 77, 3, opts, &e0);
    json_decref(opts);
    CHECK_MSG(g != NULL, "%s", e0.msg);
    if (!g) return;
    game_advance(g); /* the rules' setup, up to the first decision */
    CHECK_INT(t_run(g, "setup_hunt({ 'phobia', 'tracking' }); setup_survival(2, { 'smokescreen' })"
                       "; setup_places(2, { 'lair', 'jungle', 'river', 'beach' }, { 'rover' })"),
              0);
    Bot b = {.rng = 77};
    int32_t ids[1024];
    int bad = 0;
    bool smoke_seen = false, phobia_seen = false;
    for (int i = 0; i < 100000 && bad == 0; i++) {
        if (game_advance(g) != ADV_DECISION) break;
        Prop p;
        if (prop_get(g, ENT_GAME, 0, names_find(&g->w->names, "smokescreen"), &p)) smoke_seen = true;
        if (names_find(&g->w->names, "reveal") >= 0) {
            int32_t rk = names_find(&g->w->names, "reveal");
            for (uint32_t k = 0; k < g->events.len; k++)
                if (VEC_AT(g->events, Event, k).kind == rk) phobia_seen = true;
        }
        for (int v = 0; v < 3; v++) bad += check_view(g, v, 77, 3);
        /* play Smokescreen and Phobia whenever offered, else answer at random */
        DecisionView d = game_decision(g);
        int k = 0;
        for (int o = 0; o < d.nopt; o++) {
            const char *l = state_dcstr(&g->s, d.opts[o].label);
            if (strcmp(l, "play Smokescreen") == 0 || strcmp(l, "play Phobia") == 0) {
                ids[0] = d.opts[o].id;
                k = 1;
            }
        }
        if (!k) k = bot_random(&b, g, ids, 1024);
        Err e;
        if (!game_answer(g, ids, k, &e)) break;
    }
    CHECK(smoke_seen);
    CHECK(phobia_seen);
    CHECK_INT(g->nerrors, 0);
    game_free(g);
}

/* The refusal of the pending decision labelled `label`, or NULL. */
static const Option *refusal(const Game *g, const char *label)
{
    DecisionView d = game_decision(g);
    for (int i = 0; i < d.nrefused; i++)
        if (strcmp(state_dcstr(&g->s, d.refused[i].label), label) == 0) return &d.refused[i];
    return NULL;
}

/* The lay question says why what a Hunted may look for is not offered (the REPL tells a
 * player who types it): Resist with nothing discarded, Give Up with nothing to gain, the
 * places Force Field forbids, a Survival card of another phase or whose condition fails. */
TEST(notalone_lay_question_says_why_things_are_not_offered)
{
    Worker *wk = t_worker(NA);
    if (!wk) return;
    json_t *opts = json_pack("{si}", "board_side", 1);
    Err e;
    Game *g = game_new(wk->w, 5, 2, opts, &e);
    json_decref(opts);
    CHECK_MSG(g != NULL, "%s", e.msg);
    if (!g) return;
    game_advance(g);
    CHECK_INT(t_run(g, "setup_quiet(); setup_survival(2, { 'detector', 'sixth_sense' })"
                       "; game.set('force_field', { 2, 3 })"),
              0);
    CHECK_INT(game_advance(g), ADV_DECISION);
    DecisionView d = game_decision(g);
    CHECK_INT(d.seat, 1);
    for (int i = 0; i < d.nopt; i++) {
        const char *l = state_dcstr(&g->s, d.opts[i].label);
        CHECK_MSG(strcmp(l, "Jungle") != 0 && strcmp(l, "River") != 0 && strcmp(l, "resist") != 0,
                  "'%s' is offered", l);
    }
    const Option *o = refusal(g, "resist");
    CHECK(o != NULL);
    if (o) CHECK_CONTAINS(decision_refusal_why(g, o), "no discarded place");
    o = refusal(g, "give up");
    CHECK(o != NULL);
    if (o) CHECK_CONTAINS(decision_refusal_why(g, o), "would gain nothing");
    o = refusal(g, "Jungle");
    CHECK(o != NULL && o->vtype == OPT_OBJ);
    if (o) CHECK_CONTAINS(decision_refusal_why(g, o), "Force Field forbids the Jungle and the River");
    o = refusal(g, "play Detector");
    CHECK(o != NULL);
    if (o) CHECK_CONTAINS(decision_refusal_why(g, o), "a Phase-3 card, and this is Phase 1");
    o = refusal(g, "play Sixth Sense");
    CHECK(o != NULL);
    if (o) CHECK_CONTAINS(decision_refusal_why(g, o), "your discard pile is empty");
    /* the Creature's view of the game holds none of it */
    json_t *v = view_json(g, 0);
    CHECK(json_object_get(v, "decision") == NULL);
    json_decref(v);
    game_free(g);
}

/* The adjacency spelled in setup.json is the printed 2 x 5 layout: 13 pairs, each
 * listed both ways. */
TEST(notalone_board_adjacency)
{
    Worker *wk = t_worker(NA);
    if (!wk) return;
    Game *g = t_game(wk, 1, 2);
    if (!g) return;
    CHECK_INT(t_run(g, "local n = 0 "
                       "for a = 1, 10 do for _, b in ipairs(ADJ[a]) do "
                       "  local row_a, row_b = (a - 1) // 5, (b - 1) // 5 "
                       "  local col_a, col_b = (a - 1) % 5, (b - 1) % 5 "
                       "  assert(math.abs(row_a - row_b) + math.abs(col_a - col_b) == 1, a .. '-' .. b) "
                       "  assert(is_adjacent(b, a)) n = n + 1 end end "
                       "assert(n == 26 and #PAIRS == 13)"),
              0);
    game_free(g);
}
