/* test_answer.c — a typed answer split into picks (repl/common.c split_answer): runs of
 * comma-separated pieces that make one option's whole label, and the cost of a long line. */
#include <string.h>

#include "t.h"

typedef struct Labels {
    const char *const *v;
    long calls; /* how many times split_answer asked for a label */
} Labels;

static const char *label_at(void *ctx, int i)
{
    Labels *l = ctx;
    l->calls++;
    return l->v[i];
}

static char items[PICKS_MAX][ITEM_MAX];

TEST(answer_split_joins_the_longest_label)
{
    static const char *const v[] = {"north", "north, then east", "a, b", "a, b, c", "east"};
    Labels l = {v, 0};
    CHECK_INT(split_answer("NORTH,then   East, east", label_at, &l, 5, items, PICKS_MAX), 2);
    CHECK(strcmp(items[0], "north, then east") == 0);
    CHECK(strcmp(items[1], "east") == 0);
    CHECK_INT(split_answer("a , b,c,a,b", label_at, &l, 5, items, PICKS_MAX), 2);
    CHECK(strcmp(items[0], "a, b, c") == 0);
    CHECK(strcmp(items[1], "a, b") == 0);
    CHECK_INT(split_answer(",, x ,,", label_at, &l, 5, items, PICKS_MAX), 1);
    CHECK(strcmp(items[0], "x") == 0);
}

/* A line of 511 one-letter pieces against ten labels asked for 833,850 labels (about
 * a second, fifteen under ASan, for one line typed at the prompt): each piece tried every
 * run to the end of the line. Runs longer than the longest label are not tried now. */
TEST(answer_split_of_a_long_line_is_quick)
{
    static const char *const v[] = {"Lair", "Jungle", "River", "Beach", "Rover",
                                    "Swamp", "Shelter", "Wreck", "Source", "Artefact"};
    Labels l = {v, 0};
    char line[1100];
    size_t u = 0;
    for (int i = 0; i < 511; i++) u += (size_t)snprintf(line + u, sizeof line - u, "%sa", i ? "," : "");
    CHECK_INT(split_answer(line, label_at, &l, 10, items, PICKS_MAX), SPLIT_TOO_MANY);
    CHECK_MSG(l.calls < 20000, "split_answer asked for %ld labels", l.calls);
    l.calls = 0;
    CHECK_INT(split_answer("river, lair, rover", label_at, &l, 10, items, PICKS_MAX), 3);
    CHECK(strcmp(items[2], "rover") == 0);
}
