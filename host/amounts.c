/* amounts.c — questions of quantities (decide.amounts): checking an answer, counting
 * and drawing legal answers (the random bot), and the extra fields an option of such a
 * question carries. See amounts.h. */
#include <stdlib.h>
#include <string.h>

#include "amounts.h"

/* The option added last (decision_option puts options before the refusals). */
static Option *last_option(Game *g)
{
    int32_t k = g->s.h.dec.nopt - 1;
    return k >= 0 ? &S_OPT(&g->s, k) : NULL;
}

bool decision_option_amount(Game *g, const char *key, int lo, int hi, Err *e)
{
    Option *o = last_option(g);
    if (!o || lo < 0 || hi < lo || hi > AMOUNTS_MAX_TOTAL) {
        err_set(e, "internal: no option, or bounds %d..%d out of range", lo, hi);
        return false;
    }
    int32_t off = state_dtext(&g->s, key ? key : "");
    if (off < 0) {
        err_set(e, "out of memory");
        return false;
    }
    o->key = off; /* (the text pool is not the options' array: o is still valid) */
    o->lo = lo;
    o->hi = hi;
    return true;
}

bool decision_amounts_step(Game *g, int step, Err *e)
{
    Decision *d = &g->s.h.dec;
    if (d->kind != DEC_AMOUNTS || step < 1 || step > AMOUNTS_MAX_TOTAL || d->min % step || d->max % step) {
        err_set(e, "internal: step %d for a question that is not of quantities, or totals %d..%d not multiples of it",
                step, (int)d->min, (int)d->max);
        return false;
    }
    d->step = step > 1 ? (uint8_t)step : 0;
    return true;
}

bool decision_option_data(Game *g, const char *json, Err *e)
{
    Option *o = last_option(g);
    if (!o) {
        err_set(e, "internal: no option to give data to");
        return false;
    }
    int32_t off = state_dtext(&g->s, json ? json : "{}");
    if (off < 0) {
        err_set(e, "out of memory");
        return false;
    }
    last_option(g)->data = off;
    return true;
}

/* The label of option k of the pending decision. */
static const char *label_at(const Game *g, int k)
{
    return state_dcstr(&g->s, S_OPT(&g->s, k).label);
}

bool amounts_valid(const Game *g, const int32_t *ids, int n, Err *e)
{
    const Decision *d = &g->s.h.dec;
    int32_t counts[AMOUNTS_MAX_OPTIONS] = {0};
    for (int i = 0; i < n; i++) {
        int at = -1;
        for (int k = 0; k < d->nopt && at < 0; k++)
            if (S_OPT(&g->s, k).id == ids[i]) at = k;
        if (at < 0 || at >= AMOUNTS_MAX_OPTIONS) {
            err_set(e, "%d is not one of the options", ids[i]);
            return false;
        }
        counts[at]++;
    }
    for (int k = 0; k < d->nopt && k < AMOUNTS_MAX_OPTIONS; k++) {
        const Option *o = &S_OPT(&g->s, k);
        if (counts[k] > o->hi) {
            err_set(e, "%s: %d, but at most %d", label_at(g, k), counts[k], o->hi);
            return false;
        }
        if (counts[k] < o->lo) {
            err_set(e, "%s: %d, but at least %d", label_at(g, k), counts[k], o->lo);
            return false;
        }
    }
    if (n < d->min || n > d->max) {
        if (d->min == d->max) err_set(e, "exactly %d in all, not %d", d->min, n);
        else err_set(e, "%d to %d in all, not %d", d->min, d->max, n);
        return false;
    }
    if (d->step > 1 && n % d->step != 0) {
        err_set(e, "the total must be a multiple of %d (%d given)", d->step, n);
        return false;
    }
    return true;
}

/* ways[i * (tmax + 1) + t]: the answers of options i..n-1 that add up to exactly t
 * (saturating at UINT64_MAX). NULL when out of memory. */
static uint64_t *ways_table(const int32_t *lo, const int32_t *hi, int n, int tmax)
{
    size_t w = (size_t)tmax + 1;
    uint64_t *ways = calloc(((size_t)n + 1) * w, sizeof *ways);
    if (!ways) return NULL;
    ways[(size_t)n * w + 0] = 1;
    for (int i = n - 1; i >= 0; i--)
        for (int t = 0; t <= tmax; t++) {
            uint64_t sum = 0;
            for (int c = lo[i]; c <= hi[i] && c <= t; c++) {
                uint64_t add = ways[(size_t)(i + 1) * w + (size_t)(t - c)];
                sum = sum > UINT64_MAX - add ? UINT64_MAX : sum + add;
            }
            ways[(size_t)i * w + (size_t)t] = sum;
        }
    return ways;
}

int amounts_first_total(int tmin, int step)
{
    return (tmin + step - 1) / step * step;
}

uint64_t amounts_count(const int32_t *lo, const int32_t *hi, int n, int tmin, int tmax, int step)
{
    if (tmin < 0) tmin = 0;
    if (step < 1) step = 1;
    if (tmax < tmin) return 0;
    uint64_t *ways = ways_table(lo, hi, n, tmax);
    if (!ways) return 0;
    uint64_t total = 0;
    for (int t = amounts_first_total(tmin, step); t <= tmax; t += step) {
        uint64_t add = ways[t];
        total = total > UINT64_MAX - add ? UINT64_MAX : total + add;
    }
    free(ways);
    return total;
}

bool amounts_nth(const int32_t *lo, const int32_t *hi, int n, int tmin, int tmax, int step, uint64_t r,
                 int32_t *counts)
{
    if (tmin < 0) tmin = 0;
    if (step < 1) step = 1;
    if (tmax < tmin) return false;
    uint64_t *ways = ways_table(lo, hi, n, tmax);
    if (!ways) return false;
    size_t w = (size_t)tmax + 1;
    /* first the total (smallest first, multiples of step), then each option's count
     * (smallest first) */
    int t = amounts_first_total(tmin, step);
    for (; t <= tmax && r >= ways[t]; t += step) r -= ways[t];
    bool ok = t <= tmax;
    for (int i = 0; ok && i < n; i++) {
        int c = lo[i];
        for (; c <= hi[i] && c <= t; c++) {
            uint64_t here = ways[(size_t)(i + 1) * w + (size_t)(t - c)];
            if (r < here) break;
            r -= here;
        }
        ok = c <= hi[i] && c <= t;
        counts[i] = c;
        t -= c;
    }
    free(ways);
    return ok && t == 0;
}

int amounts_ids(const Game *g, const int32_t *counts, int32_t *ids, int cap)
{
    const Decision *d = &g->s.h.dec;
    int k = 0;
    for (int i = 0; i < d->nopt; i++)
        for (int c = 0; c < counts[i]; c++) {
            if (k >= cap) return -1;
            ids[k++] = S_OPT(&g->s, i).id;
        }
    return k;
}

int amounts_random(const Game *g, uint32_t (*below)(void *ud, uint32_t n), void *ud, int32_t *ids, int cap)
{
    const Decision *d = &g->s.h.dec;
    int n = d->nopt < AMOUNTS_MAX_OPTIONS ? d->nopt : AMOUNTS_MAX_OPTIONS;
    int32_t lo[AMOUNTS_MAX_OPTIONS], hi[AMOUNTS_MAX_OPTIONS], counts[AMOUNTS_MAX_OPTIONS];
    int sumlo = 0, sumhi = 0;
    for (int i = 0; i < n; i++) {
        lo[i] = S_OPT(&g->s, i).lo;
        hi[i] = S_OPT(&g->s, i).hi;
        sumlo += lo[i];
        sumhi += hi[i];
    }
    int tmax = d->max < sumhi ? d->max : sumhi;
    int step = d->step > 1 ? d->step : 1;
    uint64_t total = amounts_count(lo, hi, n, d->min, tmax, step);
    if (total == 0) return -1;
    if (total <= UINT32_MAX) {
        uint64_t r = total == 1 ? 0 : below(ud, (uint32_t)total);
        if (!amounts_nth(lo, hi, n, d->min, tmax, step, r, counts)) return -1;
        return amounts_ids(g, counts, ids, cap);
    }
    /* too many answers to number: each count in turn, uniform among those that still
     * leave a legal answer. The options after i can add any total in sumlo..sumhi (each
     * takes a run of counts), so count c leaves one when a multiple of step lies in
     * both d->min..tmax and sum + c + (sumlo..sumhi). */
    int sum = 0;
    for (int i = 0; i < n; i++) {
        sumlo -= lo[i];
        sumhi -= hi[i];
        int32_t can[AMOUNTS_MAX_TOTAL + 1];
        int ncan = 0;
        for (int c = lo[i]; c <= hi[i]; c++) {
            int from = sum + c + sumlo, to = sum + c + sumhi;
            if (from < d->min) from = d->min;
            if (to > tmax) to = tmax;
            if (from <= to && amounts_first_total(from, step) <= to) can[ncan++] = c;
        }
        if (ncan == 0) return -1;
        counts[i] = can[ncan == 1 ? 0 : below(ud, (uint32_t)ncan)];
        sum += counts[i];
    }
    return amounts_ids(g, counts, ids, cap);
}
