/* lookahead.c — the built-in bot that plays games forward before it answers.
 *
 * Any game, no code of its own: at a question, each possible answer (or, for a question
 * of several picks, of an order or of quantities, a sample of them) is tried in copies
 * of the game played to the end by random bots (or by one of the packs' bots, at every
 * seat: lookahead:N:BOT), and the answer whose games the seat won most often is given. Which answer gets the next game follows UCB1: the answers that
 * look best are tried most, and every one is tried.
 *
 * It does not cheat. Each copy is first made one of the games the seat cannot tell from
 * the real one (game_determinize: the cards it does not see dealt again, the dice to
 * come drawn again), so what it knows is what its view shows: two games with the same
 * view for the seat give it the same worlds (unit tests play that; the answers are the
 * same too where the same cards lie in the same places: a window offers a hand's cards
 * in the order of their handles, so random play forward may take other paths through
 * the same worlds). It plays as well as random play forward tells answers apart: it sees a win
 * coming, not a plan, and it cannot see what the others' questions tell of their hands.
 *
 * Deterministic: its choices come from the bot's generator (the game's seed in sim), so
 * a game with it replays like any other. It costs its playouts: N games played forward
 * for each question that has more than one answer, and at most STEPS_PER_GAME * N
 * questions answered in them. A game that random play rarely ends (a race to a far
 * goal, a maze) uses that up in a few games, and the answer rests on those: the bot is
 * as good there as a game's end is near.
 * Read next: common.c (the other bots), host/determinize.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define CANDIDATES 16   /* answers tried, at most (all of a single pick up to this) */
#define MAX_ANSWER 64   /* ids in one candidate answer */
#define STEPS_PER_GAME 500 /* questions answered in the games played forward: at most this
                              many a game asked for, over all its games */

typedef struct {
    int n;
    int32_t ids[MAX_ANSWER];
    double won;         /* wins, and halves for games nobody won */
    int games, failed;  /* games played forward; copies that failed */
    bool dead;          /* its copies keep failing: not tried again */
} Candidate;

static bool same_answer(const Candidate *a, const int32_t *ids, int n)
{
    return a->n == n && memcmp(a->ids, ids, (size_t)n * sizeof *ids) == 0;
}

/* The answers to try: each option of a single pick (and none, when none is allowed),
 * else distinct answers of the random bot. */
static int candidates(Bot *b, const Game *g, Candidate *c)
{
    DecisionView d = game_decision(g);
    int n = 0;
    if (d.kind != DEC_AMOUNTS && d.kind != DEC_ORDER && d.max <= 1 && d.nopt <= CANDIDATES) {
        if (d.min == 0) c[n++] = (Candidate){.n = 0};
        for (int i = 0; i < d.nopt && n < CANDIDATES; i++) {
            c[n] = (Candidate){.n = 1};
            c[n++].ids[0] = d.opts[i].id;
        }
        return n;
    }
    int32_t ids[1024];
    for (int tries = 0; tries < 4 * CANDIDATES && n < CANDIDATES; tries++) {
        int k = bot_random(b, g, ids, 1024);
        if (k > MAX_ANSWER) continue;
        bool seen = false;
        for (int i = 0; i < n && !seen; i++) seen = same_answer(&c[i], ids, k);
        if (seen) continue;
        c[n] = (Candidate){.n = k};
        memcpy(c[n].ids, ids, (size_t)k * sizeof *ids);
        n++;
    }
    return n;
}

/* One game played forward from g with answer c, in a world seat cannot tell from g's:
 * about 1 when seat won it (1 when at once, 0.99 when after STEPS_PER_GAME questions or
 * more), 0.5 when nobody did, about 0 when another did (0.01 at once, 0 late); -1 when
 * the copy failed
 * (the answer did not fit the world drawn, a script error ended it, memory) or did not
 * end before *steps, the questions left to answer in the games of this question, ran
 * out (each one answered takes one). */
static double playout(Bot *b, const Game *g, int seat, const Candidate *c, int rollout, long *steps)
{
    Game *copy = game_clone(g);
    if (!copy) return -1;
    double r = -1;
    Bot rb = {.rng = bot_next(b)};
    Err e;
    int errors = copy->nerrors;
    bool waits = copy->in_action; /* an action waits at the question: it runs again */
    if (!game_determinize(copy, seat, bot_next(b)) || !game_answer(copy, c->ids, c->n, &e)) goto done;
    /* The action that waited ran again from its start in the world drawn: when it went
     * another way there (it ended, or failed, before it had used the answers the real
     * one was given: the Survival card drawn made no question), the world does not fit
     * what the seat saw happen, and is dropped. */
    if ((waits && !copy->reseeded) || copy->nerrors > errors) goto done;
    int32_t ids[1024];
    long left = *steps;
    for (; *steps > 0; (*steps)--) {
        int a = game_advance(copy);
        if (a == ADV_OVER) {
            const StateHdr *h = &copy->s.h;
            bool nobody = h->winner_role < 0 && h->winner_seat < 0 && !h->winner_seats;
            /* a win sooner is worth a little more, a loss later a little less bad: of two
             * answers that win every game tried, the one that wins now (a share of 7 of 7
             * is no surer than 6 of 6 otherwise) */
            double soon = (double)(STEPS_PER_GAME - (left - *steps < STEPS_PER_GAME ? left - *steps : STEPS_PER_GAME)) /
                          STEPS_PER_GAME * 0.01;
            r = game_won_by(copy, seat) ? 0.99 + soon : nobody ? 0.5 : 0.01 - soon;
            break;
        }
        if (a != ADV_DECISION) break;
        int k = -1;
        if (rollout >= 0 && b->vm) {
            DecisionView q = game_decision(copy);
            bool forced = q.nopt == 1 && (q.min >= 1 || q.kind == DEC_ORDER);
            Err be;
            if (!forced) k = vm_bot_answer(b->vm, rollout, copy, &rb.rng, ids, 1024, &be);
        }
        if (k < 0) k = bot_random(&rb, copy, ids, 1024); /* (the pack's bot left it, or failed) */
        if (!game_answer(copy, ids, k, &e)) break;
    }
done:
    game_free(copy);
    return r;
}

int bot_lookahead(Bot *b, const Game *g, int playouts, int rollout, int32_t *ids, int cap)
{
    DecisionView d = game_decision(g);
    if (d.seat < 0 || d.nopt <= 0) return 0;
    Candidate *c = malloc(CANDIDATES * sizeof *c);
    if (!c) return bot_random(b, g, ids, cap);
    int n = candidates(b, g, c);
    int best = 0;
    if (n > 1) {
        int total = 0, failed = 0;
        long steps = (long)playouts * STEPS_PER_GAME;
        /* every answer once, then UCB1. A copy that failed is a try, not a game; an
         * answer whose copies keep failing (it does not fit the worlds drawn) is dropped */
        while (total < playouts && failed < playouts && steps > 0) {
            int pick = -1;
            double top = -1;
            for (int i = 0; i < n; i++) {
                if (c[i].dead) continue;
                if (c[i].games == 0) {
                    pick = i;
                    break;
                }
                double u = c[i].won / c[i].games + 0.7 * sqrt(log((double)total) / c[i].games);
                if (u > top) top = u, pick = i;
            }
            if (pick < 0) break;
            double r = playout(b, g, d.seat, &c[pick], rollout, &steps);
            if (r < 0) {
                failed++;
                if (++c[pick].failed >= 8 && c[pick].failed > 4 * c[pick].games) c[pick].dead = true;
                continue;
            }
            c[pick].won += r;
            c[pick].games++;
            total++;
        }
        /* the answer tried in the most games (UCB1 tries the best most: the share of wins
         * of an answer tried in few games is luck as much as anything), then the best
         * share, then the one listed first; when no copy could be played forward at
         * all, the random bot's answer */
        for (int i = 1; i < n; i++) {
            if (c[i].games < c[best].games) continue;
            if (c[i].games > c[best].games || c[i].won > c[best].won) best = i;
        }
        if (total == 0) n = 0;
    }
    int k = n ? c[best].n : 0;
    if (n == 0 || k > cap) {
        free(c);
        return bot_random(b, g, ids, cap);
    }
    memcpy(ids, c[best].ids, (size_t)k * sizeof *ids);
    free(c);
    return k;
}
