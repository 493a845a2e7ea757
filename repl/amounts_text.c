/* amounts_text.c — a question of quantities (decide.amounts) in words: reading an answer
 * typed at the prompt or given by a scenario ("white 1 red 1", "2 white", "white,
 * red", "white=2", "none") and saying what the question takes ("white 0..3, red
 * 0..1"). The host checks the counts (host/amounts.c); play_cmd.c and scenario.c call
 * these. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "amounts.h"
#include "amounts_text.h"

/* The option's key: its script id, or its label when it has none. */
static const char *opt_key(const Game *g, const Option *o)
{
    return state_dcstr(&g->s, o->key >= 0 ? o->key : o->label);
}

int amounts_find(const Game *g, const char *word)
{
    DecisionView d = game_decision(g);
    /* the key or the label in full, any case */
    for (int i = 0; i < d.nopt; i++)
        if (strcasecmp(word, opt_key(g, &d.opts[i])) == 0 || strcasecmp(word, state_dcstr(&g->s, d.opts[i].label)) == 0)
            return i;
    /* else the start of exactly one key */
    int hit = -1;
    size_t n = strlen(word);
    for (int i = 0; i < d.nopt; i++)
        if (strncasecmp(word, opt_key(g, &d.opts[i]), n) == 0) {
            if (hit >= 0) return AMOUNTS_AMBIGUOUS;
            hit = i;
        }
    return hit;
}

void amounts_describe(const Game *g, char *out, size_t n)
{
    DecisionView d = game_decision(g);
    size_t used = 0;
    out[0] = 0;
    for (int i = 0; i < d.nopt && used + 1 < n; i++) {
        const Option *o = &d.opts[i];
        if (o->lo == o->hi) used += (size_t)snprintf(out + used, n - used, "%s%s %d", i ? ", " : "", opt_key(g, o), o->lo);
        else used += (size_t)snprintf(out + used, n - used, "%s%s %d..%d", i ? ", " : "", opt_key(g, o), o->lo, o->hi);
    }
}

/* Whether s is a count: digits only (a leading '-' is read, to be refused). */
static bool is_count(const char *s)
{
    if (*s == '-' || *s == '+') s++;
    if (!*s) return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s)) return false;
    return true;
}

bool amounts_parse(const Game *g, const char *line, int32_t *counts, char *why, size_t n)
{
    DecisionView d = game_decision(g);
    for (int i = 0; i < d.nopt; i++) counts[i] = 0;
    char buf[1024];
    if (strlen(line) >= sizeof buf) {
        snprintf(why, n, "this answer is too long (at most %zu characters)", sizeof buf - 1);
        return false;
    }
    snprintf(buf, sizeof buf, "%s", line);
    char *words[256];
    int nw = 0;
    for (char *t = strtok(buf, " \t,;=:"); t; t = strtok(NULL, " \t,;=:")) {
        if (nw == 256) {
            snprintf(why, n, "too many words in one answer (at most 256)");
            return false;
        }
        words[nw++] = t;
    }
    char opts[400];
    amounts_describe(g, opts, sizeof opts);
    if (nw == 1 && (strcasecmp(words[0], "none") == 0 || strcmp(words[0], "-") == 0)) return true;
    if (nw == 0) {
        snprintf(why, n, "give a count of each, e.g. `%s 1` or `1 %s` (%s)", d.nopt ? opt_key(g, &d.opts[0]) : "x",
                 d.nopt ? opt_key(g, &d.opts[0]) : "x", opts);
        return false;
    }
    for (int i = 0; i < nw; i++) {
        long count = 1;
        const char *name;
        if (is_count(words[i])) {
            /* "2 white": a count, then what it counts */
            if (i + 1 >= nw || is_count(words[i + 1])) {
                snprintf(why, n, "'%.40s' counts nothing: put a name after it or before it (`2 %s` or `%s 2`; %s)",
                         words[i], d.nopt ? opt_key(g, &d.opts[0]) : "x", d.nopt ? opt_key(g, &d.opts[0]) : "x", opts);
                return false;
            }
            count = strtol(words[i], NULL, 10);
            if (words[i][0] == '-' || strlen(words[i]) > 4 || count > AMOUNTS_MAX_TOTAL) {
                snprintf(why, n, "'%.40s' is not a count: give 0 to %d", words[i], AMOUNTS_MAX_TOTAL);
                return false;
            }
            name = words[++i];
        } else {
            /* "white 2" or "white" (one) */
            name = words[i];
            if (i + 1 < nw && is_count(words[i + 1])) {
                count = strtol(words[i + 1], NULL, 10);
                if (words[i + 1][0] == '-' || strlen(words[i + 1]) > 4 || count > AMOUNTS_MAX_TOTAL) {
                    snprintf(why, n, "'%.40s' is not a count: give 0 to %d", words[i + 1], AMOUNTS_MAX_TOTAL);
                    return false;
                }
                i++;
            }
        }
        int at = amounts_find(g, name);
        if (at == AMOUNTS_AMBIGUOUS) {
            snprintf(why, n, "'%.40s' is ambiguous: type more of it (%s)", name, opts);
            return false;
        }
        if (at < 0) {
            snprintf(why, n, "'%.40s' is not one of this question's (%s)", name, opts);
            return false;
        }
        counts[at] += (int32_t)count;
        if (counts[at] > AMOUNTS_MAX_TOTAL) {
            snprintf(why, n, "%s: more than %d", opt_key(g, &d.opts[at]), AMOUNTS_MAX_TOTAL);
            return false;
        }
    }
    return true;
}

int amounts_check(const Game *g, const int32_t *counts, int32_t *ids, int cap, char *why, size_t n)
{
    int k = amounts_ids(g, counts, ids, cap);
    if (k < 0) {
        snprintf(why, n, "too many in all (at most %d)", cap);
        return -1;
    }
    Err e;
    err_clear(&e);
    if (!amounts_valid(g, ids, k, &e)) {
        char opts[400];
        amounts_describe(g, opts, sizeof opts);
        snprintf(why, n, "%s (%s)", e.msg, opts);
        return -1;
    }
    return k;
}

void amounts_steps(const Game *g, char *out, size_t n)
{
    static const char *const words[] = {"", "", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                                        "nines", "tens"};
    DecisionView d = game_decision(g);
    if (d.step <= 1) snprintf(out, n, "%s", "");
    else if (d.step <= 10) snprintf(out, n, "in %s", words[d.step]);
    else snprintf(out, n, "in multiples of %d", d.step);
}

void amounts_how(const Game *g, char *out, size_t n)
{
    DecisionView d = game_decision(g);
    /* one total needs no step; else "in twos, 2 to 6 in all" */
    char steps[40] = "";
    if (d.min != d.max) amounts_steps(g, steps, sizeof steps);
    const char *sep = steps[0] ? ", " : "";
    if (d.min == d.max) snprintf(out, n, "%d in all", d.min);
    else if (d.min == 0) snprintf(out, n, "%s%sup to %d in all, or none", steps, sep, d.max);
    else snprintf(out, n, "%s%s%d to %d in all", steps, sep, d.min, d.max);
}

void amounts_answer_text(const Game *g, const int32_t *ids, int n, char *out, size_t sz)
{
    DecisionView d = game_decision(g);
    size_t used = 0;
    snprintf(out, sz, "none");
    for (int o = 0; o < d.nopt && used + 1 < sz; o++) {
        int c = 0;
        for (int i = 0; i < n; i++) c += ids[i] == d.opts[o].id;
        if (c) used += (size_t)snprintf(out + used, sz - used, "%s%s %d", used ? ", " : "", opt_key(g, &d.opts[o]), c);
    }
}
