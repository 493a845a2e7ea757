/*
 * artemia_c_main.c - command-line driver for the plain-C artemia-lite (bench/artemia_c.c).
 *
 * Usage: artemia_c [-n N] [-H H] [--seed S]
 * Plays N games (default 100000) with H Hunted (default 3); game i uses seed S + i
 * (default S = 1). Prints the Creature win rate, mean turns, mean place powers per
 * game and games/second. The clock is read here only, never in the game code.
 *
 * Read next: bench/artemia_c.h.
 */
#define _POSIX_C_SOURCE 199309L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "artemia_c.h"

static void usage(const char *prog)
{
    fprintf(stderr, "usage: %s [-n GAMES] [-H HUNTED(1..6)] [--seed SEED]\n", prog);
}

/* Parses an unsigned decimal/hex integer; returns 0 on success. */
static int parse_u64(const char *text, uint64_t *out)
{
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 0);
    if (errno != 0 || end == text || *end != '\0' || text[0] == '-')
        return -1;
    *out = (uint64_t)v;
    return 0;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    uint64_t games = 100000, hunted = 3, seed = 1;

    for (int i = 1; i < argc; i += 2) {
        uint64_t *target = NULL;
        if (strcmp(argv[i], "-n") == 0)
            target = &games;
        else if (strcmp(argv[i], "-H") == 0)
            target = &hunted;
        else if (strcmp(argv[i], "--seed") == 0)
            target = &seed;
        if (target == NULL || i + 1 >= argc || parse_u64(argv[i + 1], target) != 0) {
            usage(argv[0]);
            return 2;
        }
    }
    if (games == 0 || hunted < 1 || hunted > 6) {
        usage(argv[0]);
        return 2;
    }

    uint64_t creature_wins = 0, turns = 0, powers = 0;
    double start = now_seconds();
    for (uint64_t g = 0; g < games; g++) {
        ArtemiaCResult r = artemia_c_play(seed + g, (int)hunted);
        creature_wins += (uint64_t)r.creature_won;
        turns += (uint64_t)r.turns;
        powers += (uint64_t)r.powers;
    }
    double elapsed = now_seconds() - start;

    double n = (double)games;
    printf("games %llu  H %llu  seed %llu\n", (unsigned long long)games,
           (unsigned long long)hunted, (unsigned long long)seed);
    printf("creature win rate  %.4f\n", (double)creature_wins / n);
    printf("mean turns         %.3f\n", (double)turns / n);
    printf("mean powers/game   %.3f\n", (double)powers / n);
    printf("games/second       %.0f  (%.3f s)\n", elapsed > 0 ? n / elapsed : 0.0, elapsed);
    return 0;
}
