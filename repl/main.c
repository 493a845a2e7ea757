/* main.c — the `tabula` command: one binary, subcommands play, sim, test, lint,
 * replay, bench and new, each with --help. Read next: sim.c, scenario.c, play.c. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char *const usage =
    "tabula — a scriptable rules interpreter for tabletop games\n"
    "\n"
    "usage: tabula <command> [options]\n"
    "\n"
    "commands:\n"
    "  play <game>        play interactively; empty seats are taken by bots\n"
    "  sim <game>         batch games between bots (statistics; JSON with --json)\n"
    "  test [paths]       run scenario tests; ends with 'N passed, N failed'\n"
    "  lint <pack>        check a pack's manifest, data and scripts\n"
    "  replay <file>      print a saved game's log (--step: decision by decision)\n"
    "  bench              speed figures side by side (what `make bench` runs)\n"
    "  new <folder>       a new game or expansion pack to start from\n"
    "\n"
    "`tabula <command> --help` tells more. Games live in games/; docs in docs/.\n";

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "sim") == 0) return cmd_sim(argc - 1, argv + 1);
    if (strcmp(cmd, "test") == 0) return cmd_test(argc - 1, argv + 1);
    if (strcmp(cmd, "lint") == 0) return cmd_lint(argc - 1, argv + 1);
    if (strcmp(cmd, "replay") == 0) return cmd_replay(argc - 1, argv + 1);
    if (strcmp(cmd, "play") == 0) return cmd_play(argc - 1, argv + 1);
    if (strcmp(cmd, "bench") == 0) return cmd_bench(argc - 1, argv + 1);
    if (strcmp(cmd, "new") == 0) return cmd_new(argc - 1, argv + 1);
    fprintf(stderr, "tabula: unknown command '%s' (commands: play, sim, test, lint, replay, bench, new)\n", cmd);
    return 2;
}
