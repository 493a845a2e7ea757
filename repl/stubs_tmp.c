#include "cli.h"
int cmd_lint(int argc, char **argv) { (void)argc; (void)argv; return 1; }
int cmd_replay(int argc, char **argv) { (void)argc; (void)argv; return 1; }
int cmd_bench(int argc, char **argv) { (void)argc; (void)argv; return 1; }
