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
