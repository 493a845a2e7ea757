/* test_complete.c — Tab completion at the REPL prompt (repl/play_cmd.c cmd_complete),
 * on the test pack tests/packs/labels (options "north", …, "seat 2" and ""). */
#include <stdlib.h>
#include <string.h>

#include "play.h"
#include "t.h"

/* The candidates for line, freed; how many, and whether one is the empty string. */
static int complete(Session *ss, const char *line, bool *empty)
{
    size_t start = 0;
    char **c = cmd_complete(ss, line, strlen(line), &start);
    int n = 0;
    *empty = false;
    for (; c && c[n]; n++) {
        if (!c[n][0]) *empty = true;
        free(c[n]);
    }
    free(c);
    return n;
}

TEST(tab_never_offers_an_empty_label)
{
    Worker *wk = t_worker("tests/packs/labels");
    Err e;
    err_clear(&e);
    Game *g = game_new(wk->w, 1, 1, NULL, &e);
    CHECK(g != NULL);
    if (!g) return;
    game_advance(g);
    Session *ss = calloc(1, sizeof *ss);
    ss->g = g;
    ss->viewer = 0;
    bool empty;
    /* "" alone is a prefix of nothing but itself: completing it would insert nothing
     * and the terminal code read the byte before it */
    CHECK(complete(ss, "", &empty) > 0);
    CHECK(!empty);
    CHECK(complete(ss, "why ", &empty) > 0);
    CHECK(!empty);
    CHECK_INT(complete(ss, "nor", &empty), 2); /* north; north, then east */
    free(ss);
    game_free(g);
}
