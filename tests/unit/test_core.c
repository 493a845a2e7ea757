/* test_core.c — first checks of the core on the benchmark pack: a game runs to the
 * end, and the same seed and answers give the same game. */
#include "t.h"

#define AL "games/artemia-lite"

TEST(core_artemia_game_finishes)
{
    Worker *wk = t_worker(AL);
    Game *g = t_game(wk, 7, 4);
    if (!g) return;
    CHECK_INT(t_play(g, 7), ADV_OVER);
    CHECK_INT(g->nerrors, 0);
    CHECK(g->s.h.winner_role >= 0);
    game_free(g);
}

TEST(core_parse_u64_takes_digits_only_up_to_the_limit)
{
    uint64_t v = 7;
    CHECK(parse_u64("0", 5, &v) && v == 0);
    CHECK(parse_u64("5", 5, &v) && v == 5);
    CHECK(parse_u64("18446744073709551615", UINT64_MAX, &v) && v == UINT64_MAX);
    CHECK(parse_u64("007", 10, &v) && v == 7);
    v = 42;
    /* each of these is refused and leaves *out alone (atoi/strtoull read them as numbers) */
    const char *bad[] = {"", "abc", "-1", "+1", " 1", "1 ", "12x", "1.0", "0x10", "6",
                         "18446744073709551616", "99999999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        uint64_t max = i == 9 ? 5 : UINT64_MAX;
        CHECK_MSG(!parse_u64(bad[i], max, &v), "'%s' was read as a number", bad[i]);
    }
    CHECK(!parse_u64(NULL, 5, &v));
    CHECK(v == 42);
    CHECK(!parse_u64("10", 9, &v) && parse_u64("19", 19, &v) && !parse_u64("20", 19, &v));
}
