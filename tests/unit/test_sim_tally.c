/* test_sim_tally.c — sim's tally of game lengths, and of errors by where they were
 * raised (repl/sim_tally.c): the place read from a message, the order of the kinds, a
 * merge of two workers' tallies and the cap on kinds. The summary as printed is
 * tests/cli.sh's ("sim lists every distinct error"). */
#include "sim_tally.h"
#include "t.h"

/* The kinds of t as JSON text (compact), for comparisons. */
static char *kinds_text(ErrorTally *t)
{
    json_t *j = error_tally_json(t);
    char *s = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    return s;
}

/* games of the kind at index i of t's JSON, and its first seed */
static void kind_at(ErrorTally *t, size_t i, const char **error, long *games, const char **seed)
{
    static char err[600], sd[32];
    json_t *j = error_tally_json(t), *k = json_array_get(j, i);
    snprintf(err, sizeof err, "%s", k ? json_string_value(json_object_get(k, "error")) : "");
    snprintf(sd, sizeof sd, "%s", k ? json_string_value(json_object_get(k, "first_seed")) : "");
    *games = k ? (long)json_integer_value(json_object_get(k, "games")) : -1;
    *error = err;
    *seed = sd;
    json_decref(j);
}

TEST(error_tally_groups_by_place)
{
    ErrorTally *t = error_tally_new();
    CHECK(t);
    if (!t) return;
    /* one place, two messages: one kind (the message of its earliest game) */
    error_tally_add(t, 3, 103, "cards/x.lua:7: card 'X' (x): by seat 2", "cards/x.lua:7: card 'X' (x): by seat 2");
    error_tally_add(t, 1, 101, "cards/x.lua:7: card 'X' (x): by seat 1\nstack traceback:\n\tcards/x.lua:7: in f",
                    "cards/x.lua:7: card 'X' (x): by seat 1\nstack traceback:\n\tcards/x.lua:7: in f");
    /* "file:line:col" is at file:line; a place further on in the first line counts
     * (a can_play's message names the card first), the cause's rather than the text's */
    error_tally_add(t, 4, 104, "cards/x.lua:7:12: x", "x");
    error_tally_add(t, 5, 105, "card 'M' can_play: cards/m.lua:2: card.move: no", "did not finish, after 2 script errors");
    /* no place: the whole first line (a place in a traceback under it does not count) */
    error_tally_add(t, 2, 102, "turn limit\nstack traceback:\n\tcards/x.lua:7: in f", "turn limit");
    error_tally_add(t, 6, 106, "turn limit\n", "turn limit");
    /* a chunk name is a file, spaces and all: these are two places */
    error_tally_add(t, 7, 107, "[string \"a b\"]:3: oops", "[string \"a b\"]:3: oops");
    error_tally_add(t, 8, 108, "[string \"c b\"]:3: oops", "[string \"c b\"]:3: oops");
    const char *err, *seed;
    long games;
    kind_at(t, 0, &err, &games, &seed);
    CHECK_INT(games, 3);
    CHECK(strcmp(err, "cards/x.lua:7: card 'X' (x): by seat 1") == 0); /* its first line only */
    CHECK(strcmp(seed, "101") == 0);
    kind_at(t, 1, &err, &games, &seed); /* 2 games each: the one met first comes first */
    CHECK_INT(games, 2);
    CHECK(strcmp(err, "turn limit") == 0);
    kind_at(t, 2, &err, &games, &seed);
    CHECK_INT(games, 1);
    CHECK(strcmp(err, "did not finish, after 2 script errors") == 0);
    CHECK(strcmp(seed, "105") == 0);
    kind_at(t, 4, &err, &games, &seed);
    CHECK(strcmp(err, "[string \"c b\"]:3: oops") == 0);
    kind_at(t, 5, &err, &games, &seed);
    CHECK_INT(games, -1); /* 5 kinds in all */
    char first[200];
    error_tally_first(t, first, sizeof first);
    CHECK_CONTAINS(first, "game seed 101: cards/x.lua:7: card 'X' (x): by seat 1\nstack traceback:");
    error_tally_free(t);
}

/* Two workers' tallies merged in either order read as one tally of every game. */
TEST(error_tally_merge_is_order_free)
{
    ErrorTally *one = error_tally_new(), *a = error_tally_new(), *b = error_tally_new(), *a2 = error_tally_new(),
               *b2 = error_tally_new();
    CHECK(one && a && b && a2 && b2);
    if (!one || !a || !b || !a2 || !b2) goto done;
    static const char *const causes[] = {"f.lua:1: e", "g.lua:2: e", "f.lua:1: e", "h.lua:3: e",
                                         "g.lua:2: e", "h.lua:3: e", "f.lua:1: e", "g.lua:2: e"};
    for (int i = 0; i < 8; i++) {
        error_tally_add(one, i, 1000 + (uint64_t)i, causes[i], causes[i]);
        error_tally_add(i % 2 ? b : a, i, 1000 + (uint64_t)i, causes[i], causes[i]);
        error_tally_add(i % 2 ? b2 : a2, i, 1000 + (uint64_t)i, causes[i], causes[i]);
    }
    error_tally_merge(a, b);   /* the even games' worker takes the odd ones' */
    error_tally_merge(b2, a2); /* and the other way round */
    char *s1 = kinds_text(one), *s2 = kinds_text(a), *s3 = kinds_text(b2);
    CHECK(s1 && strstr(s1, "{\"error\":\"f.lua:1: e\",\"games\":3,\"first_seed\":\"1000\"},"
                           "{\"error\":\"g.lua:2: e\",\"games\":3,\"first_seed\":\"1001\"},"
                           "{\"error\":\"h.lua:3: e\",\"games\":2,\"first_seed\":\"1003\"}"));
    CHECK(s1 && s2 && strcmp(s1, s2) == 0);
    CHECK(s1 && s3 && strcmp(s1, s3) == 0);
    char f1[100], f2[100];
    error_tally_first(a, f1, sizeof f1);
    error_tally_first(b2, f2, sizeof f2);
    CHECK(strcmp(f1, "game seed 1000: f.lua:1: e") == 0);
    CHECK(strcmp(f1, f2) == 0);
    free(s1);
    free(s2);
    free(s3);
done:
    error_tally_free(one);
    error_tally_free(a);
    error_tally_free(b);
    error_tally_free(a2);
    error_tally_free(b2);
}

/* Past 256 kinds the games are still counted, as "(other kinds)". */
TEST(error_tally_caps_kinds)
{
    ErrorTally *t = error_tally_new();
    CHECK(t);
    if (!t) return;
    char cause[40];
    for (int i = 0; i < 300; i++) {
        snprintf(cause, sizeof cause, "k%d.lua:1: e", i);
        error_tally_add(t, i, (uint64_t)i, cause, cause);
    }
    json_t *j = error_tally_json(t);
    CHECK_INT(json_array_size(j), 257);
    json_t *last = json_array_get(j, 256);
    CHECK(last && strcmp(json_string_value(json_object_get(last, "error")), "(other kinds)") == 0);
    CHECK_INT(json_integer_value(json_object_get(last, "games")), 44);
    json_decref(j);
    /* and the summary says so, under the kinds it lists */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    CHECK(f);
    if (f) {
        error_tally_print(t, f);
        fclose(f);
        CHECK_CONTAINS(text, "(256 kinds and more):");
        CHECK_CONTAINS(text, "\n    (past 256 kinds, the errors of 44 more games are not told apart)\n");
    }
    free(text);
    error_tally_free(t);
}

/* Game lengths are exact however long the games: the histogram of lengths stops at
 * 1,024 turns, and a longer game (a game may allow any max_turns) is listed beside it;
 * they once all read as 1,023 ("min 1023, median 1023, max 1023 or more" for games of
 * 8,000 turns). Merged tallies keep them. */
TEST(tally_turns_are_exact_past_the_histogram)
{
    Worker *wk = t_worker("games/tutorial");
    Game *g = t_game(wk, 1, 2);
    if (!g) return;
    SimTally *a = tally_new(wk->w), *b = tally_new(wk->w);
    CHECK(a && b);
    if (!a || !b) {
        tally_free(a);
        tally_free(b);
        game_free(g);
        return;
    }
    static const int lens[] = {5, 8000, 3000};
    for (int i = 0; i < 3; i++) {
        g->s.h.turn = lens[i];
        tally_game_end(i == 2 ? b : a, g, true);
    }
    tally_merge(a, b);
    json_t *j = tally_json(a, 3), *t = json_object_get(j, "turns");
    CHECK_INT(json_integer_value(json_object_get(t, "min")), 5);
    CHECK_INT(json_integer_value(json_object_get(t, "median")), 3000);
    CHECK_INT(json_integer_value(json_object_get(t, "max")), 8000);
    json_decref(j);
    tally_free(a);
    tally_free(b);
    game_free(g);
}

/* How the games ended is told apart by game.win's reason text, for 256 texts; the games
 * of any more (a reason naming a score gives one a game) are counted as one "(other)"
 * in the JSON, and the summary says how many they are (it said "the 5 most common of
 * 256", as if every game were in them). A merge keeps them. */
TEST(tally_ends_past_the_cap)
{
    Worker *wk = t_worker("games/tutorial");
    SimTally *a = wk ? tally_new(wk->w) : NULL, *b = wk ? tally_new(wk->w) : NULL;
    CHECK(a && b);
    if (!a || !b) {
        tally_free(a);
        tally_free(b);
        return;
    }
    for (int i = 0; i < 300; i++) {
        Game *g = t_game(wk, 1, 2);
        if (!g) break;
        char src[64];
        snprintf(src, sizeof src, "game.win(1, 'score %d')", i % 150 == 0 ? 0 : i);
        CHECK_INT(t_run(g, src), 0);
        tally_game_end(i < 290 ? a : b, g, true);
        game_free(g);
    }
    tally_merge(a, b);
    json_t *j = tally_json(a, 300), *ends = json_object_get(j, "ends");
    CHECK_INT(json_array_size(ends), 257);
    json_t *first = json_array_get(ends, 0), *last = json_array_get(ends, 256);
    CHECK(first && strcmp(json_string_value(json_object_get(first, "end")), "seat 1: score 0") == 0);
    CHECK_INT(json_integer_value(json_object_get(first, "games")), 2);
    CHECK(last && strcmp(json_string_value(json_object_get(last, "end")), "(other)") == 0);
    CHECK_INT(json_integer_value(json_object_get(last, "games")), 43);
    json_decref(j);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    CHECK(f);
    if (f) {
        tally_print(a, 300, NULL, f);
        fclose(f);
        CHECK_CONTAINS(text, "how the games ended (the 5 most common of 256) (past 256 kinds, 43 more games "
                             "ended in ways not told apart):");
        CHECK_CONTAINS(text, "\n          2  seat 1: score 0\n");
    }
    free(text);
    tally_free(a);
    tally_free(b);
}

/* game.stat totals over finished games: a game that never added to one counts 0 in its
 * mean, least and greatest; its mean in the games each seat (here: no roles) won; two
 * workers' tallies merged; names past 64 counted as dropped. */
TEST(tally_stats_count_every_finished_game)
{
    Worker *wk = t_worker("games/tutorial");
    SimTally *a = wk ? tally_new(wk->w) : NULL, *b = wk ? tally_new(wk->w) : NULL;
    CHECK(a && b);
    static const char *const games[] = {
        "game.stat('x', 3) game.win(1)",
        "game.stat('x', -2) game.stat('y', 5) game.win(2)",
        "game.win(1)",
        "game.stat('x', 7) game.win(2)",
        "for i = 1, 70 do game.stat('n' .. i, 1) end game.win(1)",
    };
    for (int i = 0; a && b && i < 5; i++) {
        Game *g = t_game(wk, 1, 2);
        if (!g) break;
        CHECK_INT(t_run(g, games[i]), 0);
        tally_game_end(i == 3 ? b : a, g, true);
        game_free(g);
    }
    if (a && b) {
        tally_merge(a, b);
        json_t *j = tally_json(a, 5), *st = json_object_get(j, "stats");
        json_t *x = json_object_get(st, "x"), *y = json_object_get(st, "y");
        CHECK(x && y);
        CHECK(json_real_value(json_object_get(x, "mean")) == 8.0 / 5);
        CHECK_INT(json_integer_value(json_object_get(x, "min")), -2);
        CHECK_INT(json_integer_value(json_object_get(x, "max")), 7);
        CHECK_INT(json_integer_value(json_object_get(x, "games")), 3);
        json_t *won = json_object_get(x, "mean_when_won");
        CHECK(json_real_value(json_object_get(won, "seat 1")) == 1.0);  /* 3, 0, 0 */
        CHECK(json_real_value(json_object_get(won, "seat 2")) == 2.5);  /* -2, 7 */
        CHECK_INT(json_integer_value(json_object_get(y, "min")), 0);
        CHECK_INT(json_integer_value(json_object_get(y, "max")), 5);
        CHECK_INT(json_integer_value(json_object_get(j, "stats_dropped")), 8); /* 2 + 64 + 6 names > 64 */
        CHECK_INT(json_object_size(st), 64);
        json_decref(j);
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        CHECK(f);
        if (f) {
            tally_print(a, 5, NULL, f);
            fclose(f);
            CHECK_CONTAINS(text, "\n    x     mean     1.60  min  -2  max   7;  seat 1 won 1.00, seat 2 won 2.50\n");
            CHECK_CONTAINS(text, "(past 64 names, 8 game totals of other statistics are not shown)");
        }
        free(text);
    }
    tally_free(a);
    tally_free(b);
}
