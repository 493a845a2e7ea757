/* play.c — `tabula play`: the interactive front end (being written). */
#include <stdio.h>

#include "cli.h"

int cmd_play(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "tabula play: not available yet\n");
    return 1;
}
