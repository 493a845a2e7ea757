/* scenario_check.c — the checks a scenario makes of the game it runs: a pending decision
 * (its seat, options, prompt, what it keeps back and why: `decision = { ... }`) and what
 * one seat reads or sees (`log` and `seen`, as steps and in `expect`). The runner that
 * calls them is scenario.c; docs/testing.md has the format. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "scenario_int.h"

/* ---------------------------------------------------------------- a decision ------ */

static const char *const decision_keys[] = {"seat", "options",     "includes", "excludes", "prompt", "min",  "max",
                                            "step", "unavailable", "why",      "kind",     "bounds", "data", NULL};

/* Whether want is part of got: each key of an object with a value that is part of
 * got's, a list or a scalar equal. */
static bool json_part(json_t *want, json_t *got)
{
    if (!got) return false;
    if (json_is_object(want)) {
        if (!json_is_object(got)) return false;
        const char *k;
        json_t *v;
        json_object_foreach(want, k, v) if (!json_part(v, json_object_get(got, k))) return false;
        return true;
    }
    if (json_is_array(want) && json_is_array(got) && json_array_size(want) == json_array_size(got)) {
        for (size_t i = 0; i < json_array_size(want); i++)
            if (!json_part(json_array_get(want, i), json_array_get(got, i))) return false;
        return true;
    }
    return json_equal(want, got);
}

/* decision = { kind = "amounts", bounds = { white = { 0, 3 } }, data = { [label] = {...} } }:
 * what kind of question it is (choose, play, order, amounts); each option named (its
 * key or label) of a question of quantities takes from the first count to the second;
 * each option named (its label, or key) carries data holding these fields (what the
 * seat's bots receive). */
static bool check_kind_data(Game *g, json_t *spec, char *err, size_t n)
{
    json_t *dj = view_decision(g, game_decision(g).seat);
    json_t *jopts = json_object_get(dj, "options");
    const char *kind = json_string_value(json_object_get(dj, "kind"));
    json_t *want = json_object_get(spec, "kind");
    bool ok = true;
    if (want && strcmp(json_string_value(want), kind ? kind : "") != 0) {
        snprintf(err, n, "the decision is of kind '%s', expected '%s'", kind ? kind : "none", json_string_value(want));
        ok = false;
    }
    const char *name;
    json_t *v;
    for (int pass = 0; pass < 2 && ok; pass++) {
        json_object_foreach(json_object_get(spec, pass == 0 ? "bounds" : "data"), name, v) {
            json_t *o = NULL, *x;
            size_t i;
            json_array_foreach(jopts, i, x) {
                const char *key = json_string_value(json_object_get(x, "key"));
                if (!o && ((key && strcasecmp(key, name) == 0) ||
                           strcasecmp(json_string_value(json_object_get(x, "label")), name) == 0))
                    o = x;
            }
            if (!o) {
                char opts[600];
                list_options(g, false, opts, sizeof opts);
                snprintf(err, n, "%s['%s']: the decision has no such option (options: %s)", pass == 0 ? "bounds" : "data",
                         name, opts);
                ok = false;
                break;
            }
            if (pass == 0) {
                json_t *lo = json_object_get(o, "min"), *hi = json_object_get(o, "max");
                if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_integer(json_array_get(v, 0)) ||
                    !json_is_integer(json_array_get(v, 1))) {
                    snprintf(err, n, "bounds['%s'] must be { least, most }", name);
                    ok = false;
                } else if (!lo || !hi) {
                    snprintf(err, n, "bounds['%s']: the decision is not a question of quantities", name);
                    ok = false;
                } else if (!json_equal(lo, json_array_get(v, 0)) || !json_equal(hi, json_array_get(v, 1))) {
                    snprintf(err, n, "%s takes %lld to %lld, expected %lld to %lld", name, (long long)json_integer_value(lo),
                             (long long)json_integer_value(hi), (long long)json_integer_value(json_array_get(v, 0)),
                             (long long)json_integer_value(json_array_get(v, 1)));
                    ok = false;
                }
            } else if (!json_part(v, json_object_get(o, "data"))) {
                json_t *d = json_object_get(o, "data");
                char *got = d ? json_dumps(d, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
                char *exp = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
                snprintf(err, n, "data['%s']: the option's data is %s, expected it to hold %s", name, got ? got : "none",
                         exp ? exp : "?");
                free(got);
                free(exp);
                ok = false;
            }
            if (!ok) break;
        }
    }
    json_decref(dj);
    return ok;
}

/* What the pending decision keeps back (decide.choose's `unavailable`, a card a window
 * refuses), each with its reason when why: "'search the Lab' (the Lab is sealed), ..."
 * or "nothing". */
static void list_refused(const Game *g, bool why, char *buf, size_t n)
{
    DecisionView d = game_decision(g);
    size_t used = 0;
    snprintf(buf, n, "nothing");
    for (int i = 0; i < d.nrefused && used + 4 < n; i++) {
        used += (size_t)snprintf(buf + used, n - used, "%s'%s'", i ? ", " : "", opt_label(g, &d.refused[i]));
        if (why && used < n)
            used += (size_t)snprintf(buf + used, n - used, " (%s)", decision_refusal_why(g, &d.refused[i]));
    }
}

/* decision = { unavailable = {...}, why = { [label] = text } }: the decision lists exactly
 * these labels as not offered, in order (any case, as `options`), and each label of why
 * among them with a reason that holds its text. */
static bool check_refused(Game *g, json_t *spec, char *err, size_t n)
{
    DecisionView d = game_decision(g);
    char refused[800];
    json_t *exact = json_object_get(spec, "unavailable");
    if (exact) {
        bool ok = (int)json_array_size(exact) == d.nrefused;
        for (int i = 0; ok && i < d.nrefused; i++)
            ok = strcasecmp(json_string_value(json_array_get(exact, (size_t)i)), opt_label(g, &d.refused[i])) == 0;
        if (!ok) {
            char want[600];
            size_t used = 0;
            snprintf(want, sizeof want, "nothing");
            for (size_t i = 0; i < json_array_size(exact) && used + 4 < sizeof want; i++)
                used += (size_t)snprintf(want + used, sizeof want - used, "%s'%s'", i ? ", " : "",
                                         json_string_value(json_array_get(exact, i)));
            list_refused(g, false, refused, sizeof refused);
            snprintf(err, n, "the decision keeps back %s; expected %s", refused, want);
            return false;
        }
    }
    const char *label;
    json_t *v;
    json_object_foreach(json_object_get(spec, "why"), label, v) {
        int at = -1;
        for (int i = 0; at < 0 && i < d.nrefused; i++)
            if (strcasecmp(label, opt_label(g, &d.refused[i])) == 0) at = i;
        if (at < 0) {
            bool offered = false;
            for (int i = 0; i < d.nopt; i++)
                if (strcasecmp(label, opt_label(g, &d.opts[i])) == 0) offered = true;
            list_refused(g, true, refused, sizeof refused);
            snprintf(err, n, "why['%s']: the decision %s '%s'; it keeps back %s", label,
                     offered ? "offers" : "neither offers nor keeps back", label, refused);
            return false;
        }
        const char *said = decision_refusal_why(g, &d.refused[at]);
        if (!strstr(said, json_string_value(v))) {
            snprintf(err, n, "why['%s']: the decision keeps it back because '%s', which has no '%s'", label, said,
                     json_string_value(v));
            return false;
        }
    }
    return true;
}

bool check_decision(Game *g, json_t *spec, char *err, size_t n)
{
    if (!only_keys(spec, decision_keys, "a decision check", err, n)) return false;
    if (!key_is(spec, "options", KIND_LIST, 0, 0, err, n) || !key_is(spec, "includes", KIND_LIST, 0, 0, err, n) ||
        !key_is(spec, "excludes", KIND_LIST, 0, 0, err, n) || !key_is(spec, "prompt", KIND_TEXT, 0, 0, err, n) ||
        !texts_in(spec, "options", err, n) ||
        !texts_in(spec, "includes", err, n) || !texts_in(spec, "excludes", err, n) ||
        !key_is(spec, "unavailable", KIND_LIST, 0, 0, err, n) || !texts_in(spec, "unavailable", err, n) ||
        !key_is(spec, "why", KIND_TABLE, 0, 0, err, n) || !key_is(spec, "kind", KIND_TEXT, 0, 0, err, n) ||
        !key_is(spec, "bounds", KIND_TABLE, 0, 0, err, n) || !key_is(spec, "data", KIND_TABLE, 0, 0, err, n))
        return false;
    const char *label;
    json_t *w;
    json_object_foreach(json_object_get(spec, "why"), label, w) {
        if (!json_is_string(w)) {
            char got[64];
            describe(w, got, sizeof got);
            snprintf(err, n, "why['%s'] must be text (what the reason says), not %s", label, got);
            return false;
        }
    }
    DecisionView d = game_decision(g);
    json_t *seat = json_object_get(spec, "seat");
    if (seat) {
        int s = seat_ref(g, seat, err, n);
        if (s == -2) return false;
        if (d.seat != s) {
            wrong_seat(g, s, err, n);
            return false;
        }
    }
    json_t *prompt = json_object_get(spec, "prompt");
    if (prompt && strcmp(json_string_value(prompt), d.prompt) != 0) {
        snprintf(err, n, "the decision asks \"%s\", expected \"%s\"", d.prompt, json_string_value(prompt));
        return false;
    }
    /* how many options the answer picks: at least min, at most max */
    json_t *mn = json_object_get(spec, "min"), *mx = json_object_get(spec, "max");
    if (!key_is(spec, "min", KIND_INT, 0, INT_MAX, err, n) || !key_is(spec, "max", KIND_INT, 0, INT_MAX, err, n))
        return false;
    if ((mn && json_integer_value(mn) != d.min) || (mx && json_integer_value(mx) != d.max)) {
        /* what the step expected, only what it gave */
        char want_min[40] = "", want_max[40] = "";
        if (mn) snprintf(want_min, sizeof want_min, "min %lld", (long long)json_integer_value(mn));
        if (mx) snprintf(want_max, sizeof want_max, "max %lld", (long long)json_integer_value(mx));
        snprintf(err, n, "the decision picks %d to %d options, expected %s%s%s", d.min, d.max, want_min,
                 mn && mx ? ", " : "", want_max);
        return false;
    }
    /* a question of quantities whose total goes in steps (1: any total) */
    json_t *st = json_object_get(spec, "step");
    if (!key_is(spec, "step", KIND_INT, 1, INT_MAX, err, n)) return false;
    if (st && json_integer_value(st) != d.step) {
        snprintf(err, n, "the decision's total goes in steps of %d, expected %lld", d.step,
                 (long long)json_integer_value(st));
        return false;
    }
    char opts[600];
    list_options(g, false, opts, sizeof opts);
    json_t *exact = json_object_get(spec, "options");
    if (exact) {
        bool ok = (int)json_array_size(exact) == d.nopt;
        for (int i = 0; ok && i < d.nopt; i++) {
            const char *want = json_string_value(json_array_get(exact, (size_t)i));
            ok = want && strcasecmp(want, opt_label(g, &d.opts[i])) == 0;
        }
        if (!ok) {
            /* both lists: which label differs is then plain to see */
            char want[600];
            size_t used = 0;
            want[0] = 0;
            for (size_t i = 0; i < json_array_size(exact) && used + 4 < sizeof want; i++) {
                const char *l = json_string_value(json_array_get(exact, i));
                used += (size_t)snprintf(want + used, sizeof want - used, "%s'%s'", i ? ", " : "",
                                         l ? l : "(not text)");
            }
            snprintf(err, n, "decision options are %s; expected %s", opts, want[0] ? want : "none");
            return false;
        }
    }
    json_t *inc = json_object_get(spec, "includes"), *exc = json_object_get(spec, "excludes");
    size_t i;
    json_t *v;
    json_array_foreach(inc, i, v) {
        bool found = false;
        for (int k = 0; k < d.nopt; k++)
            if (json_string_value(v) && strcasecmp(json_string_value(v), opt_label(g, &d.opts[k])) == 0) found = true;
        if (!found) {
            snprintf(err, n, "decision has no option '%s' (options: %s)", json_string_value(v), opts);
            return false;
        }
    }
    json_array_foreach(exc, i, v) {
        for (int k = 0; k < d.nopt; k++)
            if (json_string_value(v) && strcasecmp(json_string_value(v), opt_label(g, &d.opts[k])) == 0) {
                snprintf(err, n, "decision should not offer '%s'", json_string_value(v));
                return false;
            }
    }
    return check_refused(g, spec, err, n) && check_kind_data(g, spec, err, n);
}

/* ---------------------------------------------------------------- a seat's log and view */

/* Why a `log` expectation missed, with what the log says instead: the author cannot see
 * the log from a failing scenario, so "the log has no X" alone leaves them guessing at
 * the wording. Shows up to 3 lines holding the longest start of `want` found (at least
 * 4 characters: "seat 2 takes back" for "seat 2 takes back Beach"), else the last 3. */
void log_miss(const char *log, const char *want, char *err, size_t n)
{
    size_t used = (size_t)snprintf(err, n, "the log has no '%s'", want);
    const char *hits[3];
    int nhits = 0;
    for (size_t len = strlen(want); len >= 4 && !nhits; len--) {
        for (const char *l = log; l && *l && nhits < 3;) {
            const char *e = strchr(l, '\n');
            size_t ll = e ? (size_t)(e - l) : strlen(l);
            for (size_t k = 0; k + len <= ll; k++)
                if (strncmp(l + k, want, len) == 0) {
                    hits[nhits++] = l;
                    break;
                }
            l = e ? e + 1 : NULL;
        }
    }
    bool alike = nhits > 0;
    if (!nhits) { /* nothing alike: the last lines, where the game stopped */
        const char *starts[3] = {0};
        for (const char *l = log; l && *l;) {
            starts[0] = starts[1], starts[1] = starts[2], starts[2] = l;
            const char *e = strchr(l, '\n');
            l = e ? e + 1 : NULL;
        }
        for (int i = 0; i < 3; i++)
            if (starts[i]) hits[nhits++] = starts[i];
    }
    for (int i = 0; i < nhits && used < n; i++) {
        size_t ll = strcspn(hits[i], "\n");
        used += (size_t)snprintf(err + used, n - used, "%s'%.*s'",
                                 i ? ", " : alike ? "; nearest in the log: " : "; the log ends ", (int)ll, hits[i]);
    }
}

static const char *const log_spec_keys[] = {"seat", "includes", "excludes", "ordered", NULL};
static const char *const seen_spec_keys[] = {"seat", "includes", "excludes", "zone", NULL};

/* Reads spec's seat (nothing when absent: *s = -1; the seat is required when `need`) and
 * checks its includes and excludes are lists of text; what names spec in a failure. */
static bool spec_common(Game *g, json_t *spec, const char *what, const char *const *keys, bool need, int *s,
                        char *err, size_t n)
{
    *s = -1;
    if (!json_is_object(spec)) {
        snprintf(err, n, "%s must be a table { seat = S, includes = { ... }, excludes = { ... } }", what);
        return false;
    }
    if (!only_keys(spec, keys, what, err, n) || !key_is(spec, "includes", KIND_LIST, 0, 0, err, n) ||
        !texts_in(spec, "includes", err, n) || !key_is(spec, "excludes", KIND_LIST, 0, 0, err, n) ||
        !texts_in(spec, "excludes", err, n))
        return false;
    json_t *ref = json_object_get(spec, "seat");
    if (!ref && need) {
        snprintf(err, n, "%s needs the seat whose view it checks (seat = S)", what);
        return false;
    }
    if (ref && (*s = seat_ref(g, ref, err, n)) == -2) return false;
    return true;
}

/* The first text of spec's excludes found in a or b (b may be NULL), and in *in the
 * one it was found in; NULL when none is. */
static const char *excluded(json_t *spec, const char *a, const char *b, const char **in)
{
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(spec, "excludes"), i, v) {
        const char *bad = json_string_value(v);
        if (strstr(a, bad)) return *in = a, bad;
        if (b && strstr(b, bad)) return *in = b, bad;
    }
    return NULL;
}

/* The line of text that holds `what` (its first occurrence), for a failure message. */
static void line_of(const char *text, const char *what, char *out, size_t n)
{
    const char *at = strstr(text, what), *line = at;
    while (line > text && line[-1] != '\n') line--;
    snprintf(out, n, "%.*s", at ? (int)strcspn(line, "\n") : 0, at ? line : "");
}

/* `log = { seat = S, includes = {...}, excludes = {...}, ordered = true }`, a step or an
 * entry of expect.logs (`what` names it in a failure): the log seat S reads by now, as
 * `tabula play` shows it to that seat — or, without a seat, the spectator's log that
 * expect.log reads — holds every text of includes (with ordered, each after the one
 * before: which of two triggers resolved first) and none of excludes. What seat 2 may
 * not know (a card in seat 1's hand) is an exclude of seat 2's log. */
bool check_log_spec(Game *g, json_t *spec, const char *what, char *err, size_t n)
{
    int s;
    if (!spec_common(g, spec, what, log_spec_keys, false, &s, err, n)) return false;
    json_t *ord = json_object_get(spec, "ordered");
    if (ord && !json_is_boolean(ord)) {
        snprintf(err, n, "%s: 'ordered' must be true or false", what);
        return false;
    }
    char whose[40];
    if (s >= 0) snprintf(whose, sizeof whose, "seat %d's log", s + 1);
    else snprintf(whose, sizeof whose, "the spectator's log");
    Buf b = {0};
    view_log(g, s, 0, s >= 0 ? 0 : VIEW_ALL_PROPS, &b);
    const char *log = b.s ? b.s : "";
    bool ok = true;
    const char *from = log, *prev = NULL;
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(spec, "includes"), i, v) {
        const char *want = json_string_value(v);
        const char *at = strstr(json_is_true(ord) ? from : log, want);
        if (!at && json_is_true(ord) && strstr(log, want)) {
            snprintf(err, n, "%s: %s has '%s' only before '%s' (ordered = true)", what, whose, want, prev);
            ok = false;
            break;
        }
        if (!at) {
            char why[900];
            log_miss(log, want, why, sizeof why); /* "the log has no …": said of this one */
            snprintf(err, n, "%s: %s%s", what, whose, strncmp(why, "the log", 7) == 0 ? why + 7 : why);
            ok = false;
            break;
        }
        from = at + strlen(want);
        prev = want;
    }
    const char *in, *bad = ok ? excluded(spec, log, NULL, &in) : NULL;
    if (bad) {
        char line[300];
        line_of(log, bad, line, sizeof line);
        snprintf(err, n, "%s: %s has '%s', which it must not: '%s'", what, whose, bad, line);
        ok = false;
    }
    buf_free(&b);
    return ok;
}

/* `seen = { seat = S, includes = {...}, excludes = {...} }`, a step or an entry of
 * expect.seen: what seat S is shown — its view (the table `tabula play` draws and the
 * bots get, as JSON: card names and ids, properties) or its own log — holds every text
 * of includes and none of excludes. A secret kept from a seat is checked as that seat
 * sees the game, not by asking the engine with card.visible. */
bool check_seen_spec(Game *g, json_t *spec, const char *what, char *err, size_t n)
{
    int s;
    if (!spec_common(g, spec, what, seen_spec_keys, true, &s, err, n)) return false;
    /* zone = "name" (a game zone) or { "name", S } (seat S's): that zone's cards in the
     * view alone, and not the log (both seats hold a "Combat +6": seat 2 must not see
     * seat 1's) */
    json_t *zs = json_object_get(spec, "zone");
    const char *zname = NULL;
    int zowner = -1;
    if (zs) {
        json_t *zn = json_is_array(zs) ? json_array_get(zs, 0) : zs, *zo = json_is_array(zs) ? json_array_get(zs, 1) : NULL;
        if (!json_is_string(zn) || (json_is_array(zs) && json_array_size(zs) != 2)) {
            snprintf(err, n, "%s: 'zone' is a zone's name, or { name, seat } for a seat's zone", what);
            return false;
        }
        zname = json_string_value(zn);
        if (zo && (zowner = seat_ref(g, zo, err, n)) == -2) return false;
    }
    Buf b = {0};
    if (!zname) view_log(g, s, 0, 0, &b);
    json_t *v = view_json(g, s), *part = v, *hidden_cards = NULL;
    if (zname) {
        part = NULL;
        size_t zi;
        json_t *z;
        json_array_foreach(json_object_get(v, "zones"), zi, z) {
            json_t *ow = json_object_get(z, "owner");
            if (strcmp(json_string_value(json_object_get(z, "name")) ? json_string_value(json_object_get(z, "name")) : "", zname) == 0 &&
                (ow ? (int)json_integer_value(ow) - 1 : -1) == zowner) {
                part = json_object_get(z, "cards");
                /* a space of a face-down board region: the view lists it, `hidden`, with no
                 * cards — the seat sees none there (not "no game zone") */
                if (!part && json_is_true(json_object_get(z, "hidden"))) part = hidden_cards = json_array();
            }
        }
        if (!part) {
            if (zowner >= 0) snprintf(err, n, "%s: seat %d has no zone '%s'", what, zowner + 1, zname);
            else snprintf(err, n, "%s: no game zone '%s' (a seat's zone: zone = { \"%s\", S })", what, zname, zname);
            json_decref(v);
            return false;
        }
    }
    char *js = part ? json_dumps(part, JSON_COMPACT) : NULL;
    json_decref(v);
    if (hidden_cards) json_decref(hidden_cards);
    const char *log = b.s ? b.s : "", *view = js ? js : "";
    bool ok = true;
    size_t i;
    json_t *t;
    json_array_foreach(json_object_get(spec, "includes"), i, t) {
        const char *want = json_string_value(t);
        if (!strstr(log, want) && !strstr(view, want)) {
            if (zname) snprintf(err, n, "%s: seat %d sees no '%s' among the cards of '%s'", what, s + 1, want, zname);
            else snprintf(err, n, "%s: seat %d sees no '%s' (in its view or its log)", what, s + 1, want);
            ok = false;
            break;
        }
    }
    const char *in, *bad = ok ? excluded(spec, log, view, &in) : NULL;
    if (bad) {
        char line[300];
        line_of(log, bad, line, sizeof line);
        if (in == log) snprintf(err, n, "%s: seat %d sees '%s' in its log, which it must not: '%s'", what, s + 1, bad, line);
        else if (zname) snprintf(err, n, "%s: seat %d sees '%s' among the cards of '%s', which it must not", what, s + 1, bad, zname);
        else snprintf(err, n, "%s: seat %d sees '%s' in its view, which it must not", what, s + 1, bad);
        ok = false;
    }
    free(js);
    buf_free(&b);
    return ok;
}

/* (scenario_int.h) */
bool check_entries(Game *g, json_t *ex, const char *key,
                          bool (*check)(Game *, json_t *, const char *, char *, size_t), char *err, size_t n)
{
    if (!key_is(ex, key, KIND_LIST, 0, 0, err, n)) return false;
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(ex, key), i, v) {
        char what[40];
        snprintf(what, sizeof what, "%s[%zu]", key, i + 1);
        if (!check(g, v, what, err, n)) return false;
    }
    return true;
}
