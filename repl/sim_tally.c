/* sim_tally.c — what a batch of `tabula sim` games says beyond who won: for each card,
 * how often it was played (a play in a play-or-pass window) or chosen (picked in any
 * other question: a place laid, a card taken back), and the win rate of the seats that
 * used it against the other seats of their role; how the games ended (the winner and
 * the reason game.win gave); how long they lasted. One tally per worker thread, merged
 * at the end by name (each worker interns names on its own). Then the errors: each game
 * with one is counted under the place its first error was raised, so one run shows
 * every distinct error, not the first alone. Read next: sim.c. */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sim_tally.h"

#define TALLY_ROLES 16
#define TALLY_ENDS 256
#define TURN_HIST 1024 /* games of fewer turns are counted by length; longer ones are listed */
#define TALLY_STATS 64 /* game.stat names told apart; the others are counted as dropped */

typedef struct DefTally {
    long played, chosen, games;
    long used_sg[TALLY_ROLES], used_win[TALLY_ROLES]; /* seat-games where it was used, won */
    uint32_t seats;                                    /* this game: the seats that used it */
} DefTally;

/* A game.stat statistic over the finished games: its total in each game (0 in a game
 * that never added to it). */
typedef struct StatTally {
    char *name;
    long games;                    /* finished games that recorded it */
    double sum;                    /* of its totals */
    int64_t min, max;              /* over those games */
    double won_sum[TALLY_ROLES];   /* of its totals in the games each role won */
} StatTally;

/* The lengths of the finished games, in turns or in rounds: a histogram of the short
 * ones, a list of the long ones. */
typedef struct Lengths {
    long n;             /* games counted */
    long hist[TURN_HIST];
    int *longs;         /* the lengths of TURN_HIST or more */
    long nlong, caplong;
    bool sorted;
} Lengths;

typedef struct EndTally {
    char *text; /* "role: reason" */
    long n;
} EndTally;

struct SimTally {
    int ndefs;
    char **id, **name, **kind;
    bool *removed;
    DefTally *d;
    int *touched, ntouched;
    int nroles;
    char role[TALLY_ROLES][64];
    long role_sg[TALLY_ROLES], role_win[TALLY_ROLES];
    bool roles_over;
    EndTally ends[TALLY_ENDS];
    int nends;
    long other_ends;
    Lengths turns;      /* of every finished game */
    Lengths rounds;     /* of the finished games whose rules say what a round is */
    long finished;
    long role_games_won[TALLY_ROLES]; /* finished games a seat of the role won (shared: each role once) */
    StatTally stats[TALLY_STATS];
    int nstats;
    long stats_dropped; /* game-totals of names past TALLY_STATS */
};

SimTally *tally_new(const World *w)
{
    SimTally *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    int n = w->ndefs;
    t->ndefs = n;
    t->id = calloc((size_t)n + 1, sizeof *t->id);
    t->name = calloc((size_t)n + 1, sizeof *t->name);
    t->kind = calloc((size_t)n + 1, sizeof *t->kind);
    t->removed = calloc((size_t)n + 1, sizeof *t->removed);
    t->d = calloc((size_t)n + 1, sizeof *t->d);
    t->touched = calloc((size_t)n + 1, sizeof *t->touched);
    if (!t->id || !t->name || !t->kind || !t->removed || !t->d || !t->touched) {
        tally_free(t);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        t->id[i] = strdup(names_str(&w->names, w->defs[i].id));
        t->name[i] = strdup(w->defs[i].name ? w->defs[i].name : t->id[i]);
        t->kind[i] = strdup(names_str(&w->names, w->defs[i].kind));
        t->removed[i] = w->defs[i].removed != 0;
        if (!t->id[i] || !t->name[i] || !t->kind[i]) {
            tally_free(t);
            return NULL;
        }
    }
    return t;
}

void tally_free(SimTally *t)
{
    if (!t) return;
    for (int i = 0; i < t->ndefs; i++) {
        if (t->id) free(t->id[i]);
        if (t->name) free(t->name[i]);
        if (t->kind) free(t->kind[i]);
    }
    for (int i = 0; i < t->nends; i++) free(t->ends[i].text);
    for (int i = 0; i < t->nstats; i++) free(t->stats[i].name);
    free(t->turns.longs);
    free(t->rounds.longs);
    free(t->id);
    free(t->name);
    free(t->kind);
    free(t->removed);
    free(t->d);
    free(t->touched);
    free(t);
}

void tally_pick(SimTally *t, const Game *g, const int32_t *ids, int k)
{
    DecisionView d = game_decision(g);
    if (d.seat < 0) return;
    for (int i = 0; i < k; i++)
        for (int o = 0; o < d.nopt; o++) {
            const Option *op = &d.opts[o];
            if (op->id != ids[i]) continue;
            if (op->vtype == OPT_OBJ && op->value >= 0 && (uint64_t)op->value < g->s.objs.len) {
                int def = S_OBJ(&g->s, op->value).def;
                if (def < 0 || def >= t->ndefs) break;
                DefTally *dt = &t->d[def];
                if (d.kind == DEC_PLAY) dt->played++;
                else dt->chosen++;
                if (!dt->seats) t->touched[t->ntouched++] = def;
                dt->seats |= 1u << d.seat;
            }
            break;
        }
}

/* The index of role name r (added when new), or -1 past TALLY_ROLES. */
static int role_at(SimTally *t, const char *r)
{
    for (int i = 0; i < t->nroles; i++)
        if (strcmp(t->role[i], r) == 0) return i;
    if (t->nroles == TALLY_ROLES) {
        t->roles_over = true;
        return -1;
    }
    snprintf(t->role[t->nroles], sizeof t->role[0], "%s", r);
    return t->nroles++;
}

/* The statistic named `name` (added when new), or NULL past TALLY_STATS or out of
 * memory. */
static StatTally *stat_at(SimTally *t, const char *name)
{
    for (int i = 0; i < t->nstats; i++)
        if (strcmp(t->stats[i].name, name) == 0) return &t->stats[i];
    if (t->nstats == TALLY_STATS) return NULL;
    StatTally *st = &t->stats[t->nstats];
    memset(st, 0, sizeof *st);
    st->name = strdup(name);
    if (!st->name) return NULL;
    t->nstats++;
    return st;
}

/* Counts one game's total of a statistic, in the games the roles of `won` won. */
static void stat_count(SimTally *t, const char *name, int64_t v, uint32_t won)
{
    StatTally *st = stat_at(t, name);
    if (!st) {
        t->stats_dropped++;
        return;
    }
    if (!st->games || v < st->min) st->min = v;
    if (!st->games || v > st->max) st->max = v;
    st->games++;
    st->sum += (double)v;
    for (int r = 0; r < TALLY_ROLES; r++)
        if (won & (1u << r)) st->won_sum[r] += (double)v;
}

/* "role: reason" of a game over; the winner role, else the seat, else "none". */
static void end_text(const Game *g, char *out, size_t n)
{
    const State *s = &g->s;
    const char *reason = s->h.reason >= 0 ? state_cstr(s, s->h.reason) : "";
    char who[80];
    if (s->h.winner_role >= 0) snprintf(who, sizeof who, "%s", names_str(&g->w->names, s->h.winner_role));
    else if (s->h.winner_seat >= 0) snprintf(who, sizeof who, "seat %d", s->h.winner_seat + 1);
    else if (s->h.winner_seats) { /* "seats 1, 3" */
        size_t at = (size_t)snprintf(who, sizeof who, "seats");
        for (int k = 0, m = 0; k < s->h.nseats && at < sizeof who; k++)
            if (s->h.winner_seats & (1u << k))
                at += (size_t)snprintf(who + at, sizeof who - at, "%s %d", m++ ? "," : "", k + 1);
    } else snprintf(who, sizeof who, "none");
    snprintf(out, n, "%s%s%s", who, *reason ? ": " : "", reason);
}

static void end_add(SimTally *t, const char *text, long n)
{
    for (int i = 0; i < t->nends; i++)
        if (strcmp(t->ends[i].text, text) == 0) {
            t->ends[i].n += n;
            return;
        }
    char *c = t->nends < TALLY_ENDS ? strdup(text) : NULL;
    if (!c) {
        t->other_ends += n;
        return;
    }
    t->ends[t->nends].text = c;
    t->ends[t->nends++].n = n;
}

/* Counts a finished game of length `len`. One of TURN_HIST or more is listed: such
 * games are rare and each took that many turns, so the list stays small beside the
 * work; when memory runs out the game counts in the last bucket of the histogram (read
 * as TURN_HIST - 1). */
static void length_add(Lengths *l, int len)
{
    l->n++;
    if (len < TURN_HIST) {
        l->hist[len < 0 ? 0 : len]++;
        return;
    }
    if (l->nlong == l->caplong) {
        long cap = l->caplong ? l->caplong * 2 : 16;
        int *more = realloc(l->longs, (size_t)cap * sizeof *more);
        if (!more) {
            l->hist[TURN_HIST - 1]++;
            return;
        }
        l->longs = more;
        l->caplong = cap;
    }
    l->longs[l->nlong++] = len;
    l->sorted = false;
}

static void length_merge(Lengths *into, const Lengths *from)
{
    for (int i = 0; i < TURN_HIST; i++) into->hist[i] += from->hist[i];
    into->n += from->n - from->nlong;
    for (long i = 0; i < from->nlong; i++) length_add(into, from->longs[i]);
}

void tally_game_end(SimTally *t, const Game *g, bool over)
{
    const State *s = &g->s;
    if (over) {
        t->finished++;
        length_add(&t->turns, s->h.turn);
        if (g->w->rounds != ROUNDS_NONE) length_add(&t->rounds, game_rounds(g));
        char text[400];
        end_text(g, text, sizeof text);
        end_add(t, text, 1);
        uint32_t won_roles = 0;
        for (int seat = 0; seat < s->h.nseats; seat++) {
            int32_t role = S_SEAT(s, seat).role;
            char rn[64];
            if (role >= 0) snprintf(rn, sizeof rn, "%s", names_str(&g->w->names, role));
            else snprintf(rn, sizeof rn, "seat %d", seat + 1);
            int r = role_at(t, rn);
            if (r < 0) continue;
            bool won = game_won_by(g, seat);
            if (won) won_roles |= 1u << r;
            t->role_sg[r]++;
            t->role_win[r] += won;
            for (int i = 0; i < t->ntouched; i++) {
                DefTally *dt = &t->d[t->touched[i]];
                if (!(dt->seats & (1u << seat))) continue;
                dt->used_sg[r]++;
                dt->used_win[r] += won;
            }
        }
        for (int r = 0; r < TALLY_ROLES; r++)
            if (won_roles & (1u << r)) t->role_games_won[r]++;
        for (uint32_t i = 0; i < s->props.len; i++) {
            const Prop *p = &S_PROP(s, i);
            if (p->ekind == ENT_STAT) stat_count(t, names_str(&g->w->names, p->key), p->v, won_roles);
        }
    }
    for (int i = 0; i < t->ntouched; i++) {
        t->d[t->touched[i]].games++;
        t->d[t->touched[i]].seats = 0;
    }
    t->ntouched = 0;
}

void tally_merge(SimTally *into, const SimTally *from)
{
    int map[TALLY_ROLES];
    for (int r = 0; r < from->nroles; r++) {
        map[r] = role_at(into, from->role[r]);
        if (map[r] < 0) continue;
        into->role_sg[map[r]] += from->role_sg[r];
        into->role_win[map[r]] += from->role_win[r];
        into->role_games_won[map[r]] += from->role_games_won[r];
    }
    if (from->roles_over) into->roles_over = true;
    for (int i = 0; i < into->ndefs && i < from->ndefs; i++) {
        DefTally *a = &into->d[i];
        const DefTally *b = &from->d[i];
        a->played += b->played;
        a->chosen += b->chosen;
        a->games += b->games;
        for (int r = 0; r < from->nroles; r++) {
            if (map[r] < 0) continue;
            a->used_sg[map[r]] += b->used_sg[r];
            a->used_win[map[r]] += b->used_win[r];
        }
    }
    for (int i = 0; i < from->nends; i++) end_add(into, from->ends[i].text, from->ends[i].n);
    into->other_ends += from->other_ends;
    length_merge(&into->turns, &from->turns);
    length_merge(&into->rounds, &from->rounds);
    into->finished += from->finished;
    for (int i = 0; i < from->nstats; i++) {
        const StatTally *b = &from->stats[i];
        StatTally *a = stat_at(into, b->name);
        if (!a) {
            into->stats_dropped += b->games;
            continue;
        }
        if (!a->games || b->min < a->min) a->min = b->min;
        if (!a->games || b->max > a->max) a->max = b->max;
        a->games += b->games;
        a->sum += b->sum;
        for (int r = 0; r < from->nroles; r++)
            if (map[r] >= 0) a->won_sum[map[r]] += b->won_sum[r];
    }
    into->stats_dropped += from->stats_dropped;
}

static int int_cmp(const void *pa, const void *pb)
{
    int a = *(const int *)pa, b = *(const int *)pb;
    return (a > b) - (a < b);
}

/* The length below which a share q of the games counted ended (q in [0, 1]). */
static int length_quantile(Lengths *l, double q)
{
    long want = (long)(q * (double)l->n + 0.999999);
    if (want < 1) want = 1;
    long seen = 0;
    for (int i = 0; i < TURN_HIST; i++) {
        seen += l->hist[i];
        if (seen >= want) return i;
    }
    if (!l->nlong) return TURN_HIST - 1;
    if (!l->sorted) {
        qsort(l->longs, (size_t)l->nlong, sizeof *l->longs, int_cmp);
        l->sorted = true;
    }
    long k = want - seen - 1;
    return l->longs[k < l->nlong ? k : l->nlong - 1];
}

static json_t *lengths_json(Lengths *l)
{
    return json_pack("{s:i, s:i, s:i, s:i}", "min", length_quantile(l, 0), "median", length_quantile(l, 0.5), "p90",
                     length_quantile(l, 0.9), "max", length_quantile(l, 1));
}

static int end_cmp(const void *pa, const void *pb)
{
    const EndTally *a = pa, *b = pb;
    if (a->n != b->n) return a->n > b->n ? -1 : 1;
    return strcmp(a->text, b->text);
}

static void sort_ends(SimTally *t)
{
    qsort(t->ends, (size_t)t->nends, sizeof *t->ends, end_cmp);
}

static json_t *wins_obj(long wins, long sg)
{
    double lo, hi;
    sim_wilson95(wins, sg, &lo, &hi);
    return json_pack("{s:I, s:I, s:f, s:[f, f]}", "seat_games", (json_int_t)sg, "wins", (json_int_t)wins,
                     "win_rate", sg ? (double)wins / (double)sg : 0.0, "win_rate_95", lo, hi);
}

static int stat_cmp(const void *pa, const void *pb)
{
    return strcmp(((const StatTally *)pa)->name, ((const StatTally *)pb)->name);
}

/* The statistics by name (workers meet them in different orders); a game that never
 * added to one had a total of 0 in it: min and max count it. */
static void stats_final(SimTally *t)
{
    qsort(t->stats, (size_t)t->nstats, sizeof *t->stats, stat_cmp);
    for (int i = 0; i < t->nstats; i++) {
        StatTally *st = &t->stats[i];
        if (st->games >= t->finished) continue;
        if (st->min > 0) st->min = 0;
        if (st->max < 0) st->max = 0;
    }
}

json_t *tally_json(SimTally *t, long games)
{
    json_t *o = json_object();
    json_t *cards = json_array();
    for (int i = 0; i < t->ndefs; i++) {
        if (t->removed[i]) continue;
        const DefTally *d = &t->d[i];
        json_t *c = json_pack("{s:s, s:s, s:s, s:I, s:I, s:I, s:f, s:f}", "id", t->id[i], "name", t->name[i],
                              "kind", t->kind[i], "played", (json_int_t)d->played, "chosen", (json_int_t)d->chosen,
                              "games", (json_int_t)d->games, "played_per_game",
                              games ? (double)d->played / (double)games : 0.0, "chosen_per_game",
                              games ? (double)d->chosen / (double)games : 0.0);
        json_t *roles = json_object();
        for (int r = 0; r < t->nroles; r++) {
            if (!d->used_sg[r]) continue;
            json_object_set_new(roles, t->role[r],
                                json_pack("{s:o, s:o}", "used", wins_obj(d->used_win[r], d->used_sg[r]), "others",
                                          wins_obj(t->role_win[r] - d->used_win[r], t->role_sg[r] - d->used_sg[r])));
        }
        json_object_set_new(c, "roles", roles);
        json_array_append_new(cards, c);
    }
    json_object_set_new(o, "cards", cards);
    sort_ends(t);
    json_t *ends = json_array();
    for (int i = 0; i < t->nends; i++)
        json_array_append_new(ends, json_pack("{s:s, s:I}", "end", t->ends[i].text, "games", (json_int_t)t->ends[i].n));
    if (t->other_ends)
        json_array_append_new(ends, json_pack("{s:s, s:I}", "end", "(other)", "games", (json_int_t)t->other_ends));
    json_object_set_new(o, "ends", ends);
    if (t->turns.n) json_object_set_new(o, "turns", lengths_json(&t->turns));
    if (t->rounds.n) json_object_set_new(o, "rounds", lengths_json(&t->rounds));
    stats_final(t);
    json_t *stats = json_object();
    double fin = (double)t->finished;
    for (int i = 0; i < t->nstats && t->finished; i++) {
        const StatTally *st = &t->stats[i];
        json_t *won = json_object();
        for (int r = 0; r < t->nroles; r++)
            if (t->role_games_won[r])
                json_object_set_new(won, t->role[r], json_real(st->won_sum[r] / (double)t->role_games_won[r]));
        json_object_set_new(stats, st->name,
                            json_pack("{s:f, s:I, s:I, s:I, s:o}", "mean", st->sum / fin, "min", (json_int_t)st->min,
                                      "max", (json_int_t)st->max, "games", (json_int_t)st->games,
                                      "mean_when_won", won));
    }
    json_object_set_new(o, "stats", stats);
    if (t->stats_dropped) json_object_set_new(o, "stats_dropped", json_integer(t->stats_dropped));
    return o;
}

/* "0.161 (0.151 to 0.171) of 5012" */
static void rate_text(long wins, long sg, char *out, size_t n)
{
    double lo, hi;
    sim_wilson95(wins, sg, &lo, &hi);
    if (sg) snprintf(out, n, "%.3f (%.3f to %.3f) of %ld", (double)wins / (double)sg, lo, hi, sg);
    else snprintf(out, n, "- of 0");
}

bool tally_kind_listed(const char *kinds, const char *kind)
{
    size_t n = strlen(kind);
    for (const char *p = kinds; *p;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && strncmp(p, kind, n) == 0) return true;
        p += len + (end ? 1 : 0);
    }
    return false;
}

void tally_print(SimTally *t, long games, const char *cards, FILE *out)
{
    if (t->turns.n)
        fprintf(out, "  turns: min %d, median %d, 9 games in 10 within %d, max %d\n", length_quantile(&t->turns, 0),
                length_quantile(&t->turns, 0.5), length_quantile(&t->turns, 0.9), length_quantile(&t->turns, 1));
    if (t->rounds.n)
        fprintf(out, "  rounds: min %d, median %d, 9 games in 10 within %d, max %d\n", length_quantile(&t->rounds, 0),
                length_quantile(&t->rounds, 0.5), length_quantile(&t->rounds, 0.9), length_quantile(&t->rounds, 1));
    sort_ends(t);
    int shown = t->nends < 5 ? t->nends : 5;
    if (shown) {
        fprintf(out, "  how the games ended");
        if (t->nends > shown) fprintf(out, " (the %d most common of %d)", shown, t->nends);
        /* past TALLY_ENDS kinds the rest are counted apart ("of 256" hid them) */
        if (t->other_ends)
            fprintf(out, " (past %d kinds, %ld more game%s ended in ways not told apart)", TALLY_ENDS, t->other_ends,
                    t->other_ends == 1 ? "" : "s");
        fprintf(out, ":\n");
        for (int i = 0; i < shown; i++) fprintf(out, "    %7ld  %s\n", t->ends[i].n, t->ends[i].text);
    }
    stats_final(t);
    if (t->nstats && t->finished) {
        int w = 4;
        for (int i = 0; i < t->nstats; i++)
            if ((int)strlen(t->stats[i].name) > w) w = (int)strlen(t->stats[i].name);
        if (w > 24) w = 24;
        fprintf(out, "  statistics (game.stat: its total in a finished game, 0 where never added to; then its mean\n"
                     "  in the games each role won):\n");
        double fin = (double)t->finished;
        for (int i = 0; i < t->nstats; i++) {
            const StatTally *st = &t->stats[i];
            fprintf(out, "    %-*.*s  mean %8.2f  min %3" PRId64 "  max %3" PRId64, w, w, st->name, st->sum / fin, st->min,
                    st->max);
            const char *sep = ";  ";
            for (int r = 0; r < t->nroles; r++) {
                if (!t->role_games_won[r]) continue;
                fprintf(out, "%s%s won %.2f", sep, t->role[r], st->won_sum[r] / (double)t->role_games_won[r]);
                sep = ", ";
            }
            fprintf(out, "\n");
        }
        if (t->stats_dropped)
            fprintf(out, "    (past %d names, %ld game totals of other statistics are not shown)\n", TALLY_STATS,
                    t->stats_dropped);
    }
    if (!cards) return;
    /* --cards=KINDS: the cards of those kinds alone (pieces and markers left out) */
    bool *out_kind = calloc((size_t)t->ndefs + 1, sizeof *out_kind);
    if (!out_kind) return;
    for (int i = 0; i < t->ndefs; i++) out_kind[i] = t->removed[i] || (*cards && !tally_kind_listed(cards, t->kind[i]));
    int w = 4;
    for (int i = 0; i < t->ndefs; i++)
        if (!out_kind[i] && (int)strlen(t->name[i]) > w) w = (int)strlen(t->name[i]);
    if (w > 24) w = 24;
    fprintf(out, "  cards (per game: times played in a play-or-pass window, times chosen in another question;\n"
                 "  then the win rate of the seats that used the card, 95%% interval and seat-games, against the\n"
                 "  other seats of that role):\n");
    char unused[1000] = "";
    int nunused = 0;
    for (int i = 0; i < t->ndefs; i++) {
        if (out_kind[i]) continue;
        const DefTally *d = &t->d[i];
        if (!d->played && !d->chosen) {
            size_t l = strlen(unused);
            if (l + strlen(t->name[i]) + 8 < sizeof unused)
                snprintf(unused + l, sizeof unused - l, "%s%s", nunused ? ", " : "", t->name[i]);
            else if (l + 5 < sizeof unused && !strstr(unused, "…"))
                snprintf(unused + l, sizeof unused - l, ", …");
            nunused++;
            continue;
        }
        fprintf(out, "    %-*.*s  played %5.2f  chosen %5.2f", w, w, t->name[i],
                games ? (double)d->played / (double)games : 0.0, games ? (double)d->chosen / (double)games : 0.0);
        /* each role whose seats used it: the first on the card's line, the others on
         * lines of their own under it */
        bool first = true;
        for (int r = 0; r < t->nroles; r++) {
            if (!d->used_sg[r]) continue;
            char a[80], b[80];
            rate_text(d->used_win[r], d->used_sg[r], a, sizeof a);
            rate_text(t->role_win[r] - d->used_win[r], t->role_sg[r] - d->used_sg[r], b, sizeof b);
            if (first) fprintf(out, "  %s %s; others %s\n", t->role[r], a, b);
            else fprintf(out, "    %-*s  %30s  %s %s; others %s\n", w, "", "", t->role[r], a, b);
            first = false;
        }
        if (first) fprintf(out, "\n"); /* (used only in games that did not finish) */
    }
    if (nunused)
        fprintf(out, "    never played or chosen (%d): %s\n", nunused, unused);
    if (t->roles_over) fprintf(out, "    (more than %d roles: the others are not counted)\n", TALLY_ROLES);
    free(out_kind);
}

/* ---- errors by where they were raised ---- */

#define ERROR_KINDS 256 /* kinds told apart; the games of any further one are counted */
#define ERRORS_SHOWN 5  /* kinds the summary lists */

typedef struct ErrorKind {
    char *place; /* "file:line", or the error's whole first line */
    char *text;  /* the error of its earliest game (message, traceback) */
    long games;
    long first;    /* the earliest game's number in the batch */
    uint64_t seed; /* and its seed */
} ErrorKind;

struct ErrorTally {
    ErrorKind kinds[ERROR_KINDS];
    int nkinds;
    long other_games; /* games of kinds past ERROR_KINDS */
    long first;       /* the earliest game counted (-1: none), its seed and error */
    uint64_t first_seed;
    char *first_text;
};

ErrorTally *error_tally_new(void)
{
    ErrorTally *t = calloc(1, sizeof *t);
    if (t) t->first = -1;
    return t;
}

void error_tally_free(ErrorTally *t)
{
    if (!t) return;
    for (int i = 0; i < t->nkinds; i++) {
        free(t->kinds[i].place);
        free(t->kinds[i].text);
    }
    free(t->first_text);
    free(t);
}

/* Where error text msg was raised: the first "file:line" of its first line (of
 * "file:line:col:" too; a chunk name "[string "..."]" is the file), else that line. */
static void error_place(const char *msg, char *out, size_t n)
{
    size_t len = strcspn(msg, "\n");
    for (size_t i = 1; i < len; i++) {
        if (msg[i] != ':') continue;
        size_t j = i + 1;
        while (j < len && isdigit((unsigned char)msg[j])) j++;
        if (j == i + 1 || j >= len || msg[j] != ':') continue;
        size_t from = i;
        if (msg[i - 1] == ']' && memchr(msg, '[', i)) {
            from = i - 1;
            while (msg[from] != '[') from--;
        } else {
            while (from > 0 && !isspace((unsigned char)msg[from - 1])) from--;
        }
        if (from == i) continue;
        snprintf(out, n, "%.*s", (int)(j - from), msg + from);
        return;
    }
    snprintf(out, n, "%.*s", (int)len, msg);
}

/* Keeps text as the earliest game's when `game` is earlier than the one kept. */
static void earliest(char **keep, long *kept, uint64_t *kept_seed, long game, uint64_t seed, const char *text)
{
    if (*kept >= 0 && *kept <= game) return;
    char *c = strdup(text);
    if (!c) return;
    free(*keep);
    *keep = c;
    *kept = game;
    *kept_seed = seed;
}

/* Counts `games` games of the kind raised at place, the earliest of them game `first`. */
static void kind_add(ErrorTally *t, const char *place, const char *text, long games, long first, uint64_t seed)
{
    earliest(&t->first_text, &t->first, &t->first_seed, first, seed, text);
    for (int i = 0; i < t->nkinds; i++) {
        ErrorKind *k = &t->kinds[i];
        if (strcmp(k->place, place) != 0) continue;
        k->games += games;
        earliest(&k->text, &k->first, &k->seed, first, seed, text);
        return;
    }
    if (t->nkinds == ERROR_KINDS) {
        t->other_games += games;
        return;
    }
    ErrorKind *k = &t->kinds[t->nkinds];
    k->place = strdup(place);
    k->text = strdup(text);
    if (!k->place || !k->text) { /* out of memory: counted, not told apart */
        free(k->place);
        free(k->text);
        k->place = k->text = NULL;
        t->other_games += games;
        return;
    }
    k->games = games;
    k->first = first;
    k->seed = seed;
    t->nkinds++;
}

void error_tally_add(ErrorTally *t, long game, uint64_t seed, const char *cause, const char *text)
{
    if (!t) return;
    char place[600];
    error_place(cause, place, sizeof place);
    kind_add(t, place, text, 1, game, seed);
}

void error_tally_merge(ErrorTally *into, const ErrorTally *from)
{
    if (!into || !from) return;
    for (int i = 0; i < from->nkinds; i++) {
        const ErrorKind *k = &from->kinds[i];
        kind_add(into, k->place, k->text, k->games, k->first, k->seed);
    }
    into->other_games += from->other_games;
    if (from->first_text)
        earliest(&into->first_text, &into->first, &into->first_seed, from->first, from->first_seed, from->first_text);
}

void error_tally_first(const ErrorTally *t, char *out, size_t n)
{
    if (t && t->first_text) snprintf(out, n, "game seed %llu: %s", (unsigned long long)t->first_seed, t->first_text);
    else if (n) out[0] = 0;
}

/* The commonest first; of as many games, the one met first (the same whatever --jobs
 * is: two kinds never share their earliest game). */
static int kind_cmp(const void *pa, const void *pb)
{
    const ErrorKind *a = pa, *b = pb;
    if (a->games != b->games) return a->games > b->games ? -1 : 1;
    return (a->first > b->first) - (a->first < b->first);
}

json_t *error_tally_json(ErrorTally *t)
{
    json_t *a = json_array();
    if (!t) return a;
    qsort(t->kinds, (size_t)t->nkinds, sizeof *t->kinds, kind_cmp);
    for (int i = 0; i < t->nkinds; i++) {
        const ErrorKind *k = &t->kinds[i];
        char seed[24];
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)k->seed);
        json_t *line = json_stringn(k->text, strcspn(k->text, "\n"));
        if (!line) line = json_string("(the message is not UTF-8)");
        json_array_append_new(a, json_pack("{s:o, s:I, s:s}", "error", line, "games", (json_int_t)k->games,
                                           "first_seed", seed));
    }
    if (t->other_games)
        json_array_append_new(a, json_pack("{s:s, s:I}", "error", "(other kinds)", "games", (json_int_t)t->other_games));
    return a;
}

void error_tally_print(ErrorTally *t, FILE *out)
{
    if (!t || !t->nkinds) return;
    qsort(t->kinds, (size_t)t->nkinds, sizeof *t->kinds, kind_cmp);
    const ErrorKind *k = t->kinds;
    if (t->nkinds == 1 && !t->other_games) { /* the games' count is said above it */
        fprintf(out, "  first error: game seed %llu: %s\n", (unsigned long long)k->seed, k->text);
        return;
    }
    int shown = t->nkinds < ERRORS_SHOWN ? t->nkinds : ERRORS_SHOWN;
    fprintf(out, "  errors by where they were raised, the commonest first (%d kinds%s):\n", t->nkinds,
            t->other_games ? " and more" : "");
    for (int i = 0; i < shown; i++, k++)
        fprintf(out, "    %ld game%s, first error: game seed %llu: %.*s\n", k->games, k->games == 1 ? "" : "s",
                (unsigned long long)k->seed, i ? (int)strcspn(k->text, "\n") : (int)strlen(k->text), k->text);
    long more = 0;
    for (int i = shown; i < t->nkinds; i++) more += t->kinds[i].games;
    if (t->nkinds > shown)
        fprintf(out, "    and %d more kind%s in %ld game%s (--json lists every kind)\n", t->nkinds - shown,
                t->nkinds - shown == 1 ? "" : "s", more, more == 1 ? "" : "s");
    if (t->other_games)
        fprintf(out, "    (past %d kinds, the errors of %ld more game%s are not told apart)\n", ERROR_KINDS,
                t->other_games, t->other_games == 1 ? "" : "s");
}
