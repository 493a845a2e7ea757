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

/* A session at the first decision of a game of pack dir (NULL, the failure said, when
 * none): ss->g is the game, seat 1 the viewer. session_end frees both. */
static Session *session_at_start(const char *dir, uint64_t seed, int players)
{
    Worker *wk = t_worker(dir);
    Err e;
    err_clear(&e);
    Game *g = wk ? game_new(wk->w, seed, players, NULL, &e) : NULL;
    Session *ss = g ? calloc(1, sizeof *ss) : NULL;
    if (!ss) {
        t_fail(__FILE__, __LINE__, "no game of %s: %s", dir, e.msg);
        game_free(g);
        return NULL;
    }
    game_advance(g);
    ss->g = g;
    ss->viewer = 0;
    return ss;
}

static void session_end(Session *ss)
{
    game_free(ss->g);
    free(ss);
}

TEST(tab_never_offers_an_empty_label)
{
    Session *ss = session_at_start("tests/packs/labels", 1, 1);
    if (!ss) return;
    bool empty;
    /* "" alone is a prefix of nothing but itself: completing it would insert nothing
     * and the terminal code read the byte before it */
    CHECK(complete(ss, "", &empty) > 0);
    CHECK(!empty);
    CHECK(complete(ss, "why ", &empty) > 0);
    CHECK(!empty);
    CHECK_INT(complete(ss, "nor", &empty), 2); /* north; north, then east */
    session_end(ss);
}

/* The first candidate for line (NULL when none; the caller frees it), how many, and
 * where they start in line. */
static char *complete_first(Session *ss, const char *line, int *n, size_t *start)
{
    char **c = cmd_complete(ss, line, strlen(line), start);
    char *first = c && c[0] ? strdup(c[0]) : NULL;
    *n = 0;
    for (; c && c[*n]; (*n)++) free(c[*n]);
    free(c);
    return first;
}

TEST(tab_completes_after_a_colon_and_after_a_command_prefix)
{
    Session *ss = session_at_start("games/tutorial", 3, 2);
    if (!ss) return;
    int n;
    size_t start;
    /* ":he" is read as the command help (cmd_line): Tab completed nothing */
    char *f = complete_first(ss, ":he", &n, &start);
    CHECK_INT(n, 1);
    CHECK(f && strcmp(f, "help") == 0);
    CHECK_INT((int)start, 1);
    free(f);
    f = complete_first(ss, ": st", &n, &start);
    CHECK(n >= 1 && f && strcmp(f, "state") == 0);
    CHECK_INT((int)start, 2);
    free(f);
    /* ":card spark i" completes card names; a forced line is never an answer */
    f = complete_first(ss, ":card spark i", &n, &start);
    CHECK(n >= 1 && f && strncmp(f, "Spark I", 7) == 0);
    CHECK_INT((int)start, 6);
    free(f);
    f = complete_first(ss, ":spa", &n, &start);
    CHECK_INT(n, 0);
    free(f);
    /* "ca spark i": a unique prefix runs `card`, so it completes the card's name too */
    f = complete_first(ss, "ca spark i", &n, &start);
    CHECK(n >= 1 && f && strncmp(f, "Spark I", 7) == 0);
    CHECK_INT((int)start, 3);
    free(f);
    /* an option's own words still come first */
    f = complete_first(ss, "spark i", &n, &start);
    CHECK(n >= 1 && f && strncmp(f, "Spark I", 7) == 0);
    CHECK_INT((int)start, 0);
    free(f);
    session_end(ss);
}
