/* scenario.c — `tabula test`: runs scenario test files (docs/testing.md has the
 * format). Each scenario sets up a game, feeds answers, runs checks, and passes or fails
 * with the file, the scenario and the step that went wrong. Ends with
 * "N passed, N failed"; exit status 0 only if none failed. The checks of a pending
 * decision and of what one seat reads or sees are in scenario_check.c. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "amounts_text.h"
#include "cli.h"
#include "scenario_int.h"

static const char *const test_help =
    "usage: tabula test [PATH...] [--verbose]\n"
    "\n"
    "Runs scenario tests: each PATH is a .lua file or a folder searched for them\n"
    "(*.helpers.lua passed by; default: tests/scenarios); a folder with none\n"
    "counts as a failure. A pack's folder (one with a pack.json) runs the\n"
    "scenarios of its tests/ folder, where `tabula new` puts them: `tabula test\n"
    "mypack`, or `tabula test packs` for every pack in a folder.\n"
    "Prints one line per failure and ends with\n"
    "'N passed, N failed'; the exit status is 0 only when none failed.\n"
    "The format is in docs/testing.md.\n";

/* The games open in this run, by the name a scenario gives (its `game`), each opened
 * once; past POOLS_MAX the one used longest ago is closed for the next (a run of more
 * games failed "too many different games in one run", and a name of 128 characters or
 * more, cut short here, matched no later scenario: each opened its game afresh). */
typedef struct Pool {
    char *name;
    unsigned long used; /* when it was last asked for */
    Worker wk;
    bool ok;
    char err[600];
} Pool;

#define POOLS_MAX 16
static Pool pools[POOLS_MAX];
static int npools;
static unsigned long pool_clock;
static bool verbose;

static void pool_close(Pool *p)
{
    if (p->ok) worker_close(&p->wk);
    free(p->name);
    memset(p, 0, sizeof *p);
}

static Worker *pool_get(const char *game, char *err, size_t n)
{
    for (int i = 0; i < npools; i++)
        if (strcmp(pools[i].name, game) == 0) {
            pools[i].used = ++pool_clock;
            if (!pools[i].ok) snprintf(err, n, "%s", pools[i].err);
            return pools[i].ok ? &pools[i].wk : NULL;
        }
    char *name = strdup(game);
    if (!name) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    Pool *p;
    if (npools < POOLS_MAX) {
        p = &pools[npools++];
    } else { /* no game of a scenario still runs: one scenario at a time */
        p = &pools[0];
        for (int i = 1; i < npools; i++)
            if (pools[i].used < p->used) p = &pools[i];
        pool_close(p);
    }
    p->name = name;
    p->used = ++pool_clock;
    Err e;
    err_clear(&e);
    p->ok = worker_open(&p->wk, game, NULL, 0, &e);
    if (!p->ok) {
        err_format(&e, p->err, sizeof p->err);
        snprintf(err, n, "%s", p->err);
        return NULL;
    }
    return &p->wk;
}

/* (scenario_int.h) */
void describe(json_t *v, char *out, size_t n)
{
    if (json_is_integer(v)) snprintf(out, n, "%lld", (long long)json_integer_value(v));
    else if (json_is_real(v)) snprintf(out, n, "%g", json_real_value(v));
    else if (json_is_string(v)) snprintf(out, n, "text");
    else if (json_is_boolean(v)) snprintf(out, n, "%s", json_is_true(v) ? "true" : "false");
    else if (json_is_array(v)) snprintf(out, n, "a list");
    else snprintf(out, n, "a table");
}

/* A list in the scenario: an array, or {} (an empty Lua table arrives as an empty
 * object). */
static bool is_list(json_t *v)
{
    return json_is_array(v) || (json_is_object(v) && json_object_size(v) == 0);
}

/* Whether key of obj, when there, is what it must be: text, a list, a table, or a whole
 * number from lo to hi; false with err saying so otherwise (a value of the wrong type
 * was ignored: `checks = "return false"` checked nothing and passed). */
bool key_is(json_t *obj, const char *key, int kind, json_int_t lo, json_int_t hi, char *err, size_t n)
{
    json_t *v = json_object_get(obj, key);
    if (!v) return true;
    bool ok = kind == KIND_TEXT ? json_is_string(v)
              : kind == KIND_LIST ? is_list(v)
              : kind == KIND_TABLE ? json_is_object(v)
                                   : json_is_integer(v) && json_integer_value(v) >= lo && json_integer_value(v) <= hi;
    if (!ok) {
        char got[64];
        describe(v, got, sizeof got);
        if (kind == KIND_INT && lo == INT64_MIN)
            snprintf(err, n, "'%s' must be a whole number, not %s", key, got);
        else if (kind == KIND_INT && hi == INT_MAX)
            snprintf(err, n, "'%s' must be a whole number from %lld up, not %s", key, (long long)lo, got);
        else if (kind == KIND_INT)
            snprintf(err, n, "'%s' must be a whole number from %lld to %lld, not %s", key, (long long)lo,
                     (long long)hi, got);
        else
            snprintf(err, n, "'%s' must be %s, not %s", key,
                     kind == KIND_TEXT ? "text" : kind == KIND_LIST ? "a list { ... }" : "a table { key = ... }", got);
    }
    return ok;
}

/* Whether every item of the list at key of obj (when there) is text. */
bool texts_in(json_t *obj, const char *key, char *err, size_t n)
{
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(obj, key), i, v) {
        if (!json_is_string(v)) {
            char got[64];
            describe(v, got, sizeof got);
            snprintf(err, n, "%s[%zu] must be text, not %s", key, i + 1, got);
            return false;
        }
    }
    return true;
}

/* Resolves a seat reference: 1-based number, role name, or "role#k". -1 if none. */
int seat_ref(const Game *g, json_t *ref, char *err, size_t n)
{
    if (json_is_integer(ref)) {
        json_int_t s = json_integer_value(ref);
        if (s < 1 || s > g->s.h.nseats) {
            snprintf(err, n, "seat %lld is not in 1..%d", (long long)s, g->s.h.nseats);
            return -2;
        }
        return (int)s - 1;
    }
    if (!json_is_string(ref)) {
        snprintf(err, n, "a seat is a number or a role name");
        return -2;
    }
    char role[64];
    snprintf(role, sizeof role, "%s", json_string_value(ref));
    int k = 1;
    char *hash = strchr(role, '#');
    if (hash) {
        uint64_t x;
        if (!parse_u64(hash + 1, MAX_SEATS, &x) || x == 0) {
            snprintf(err, n, "seat '%s': after '#' comes which seat of that role, 1 to %d", json_string_value(ref),
                     MAX_SEATS);
            return -2;
        }
        k = (int)x;
        *hash = 0;
    }
    int32_t r = names_find(&g->w->names, role);
    for (int s = 0; s < g->s.h.nseats; s++)
        if (r >= 0 && S_SEAT(&g->s, s).role == r && --k == 0) return s;
    snprintf(err, n, "no seat with role '%s'", json_string_value(ref));
    return -2;
}

const char *opt_label(const Game *g, const Option *o)
{
    return state_dcstr(&g->s, o->label);
}

static const char *label_at(void *g, int i)
{
    const Game *gm = g;
    return opt_label(gm, &game_decision(gm).opts[i]);
}

void list_options(const Game *g, bool ids, char *buf, size_t n)
{
    DecisionView d = game_decision(g);
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < d.nopt && used + 4 < n; i++) {
        char id[16] = "";
        if (ids) snprintf(id, sizeof id, "#%d ", (int)d.opts[i].id);
        used += (size_t)snprintf(buf + used, n - used, "%s%s'%s'", i ? ", " : "", id, opt_label(g, &d.opts[i]));
    }
}

/* Finds the option matching text: exact label (any case), else a unique prefix, else
 * "#id". Options that read the same (two copies of a card) are interchangeable: a label
 * names the first of them not in picked[0..np), the options this answer names already,
 * so "Lair, Lair" picks two Lairs (as at the REPL). Returns its id, or INT32_MIN with
 * err set. */
static int32_t match_option(const Game *g, const char *text, const int32_t *picked, int np, char *err, size_t n)
{
    DecisionView d = game_decision(g);
    while (isspace((unsigned char)*text)) text++;
    if (text[0] == '#') {
        char num[24];
        size_t nl = strcspn(text + 1, " \t\r\n");
        uint64_t x;
        snprintf(num, sizeof num, "%.*s", (int)(nl < sizeof num ? nl : sizeof num - 1), text + 1);
        if (nl >= sizeof num || text[1 + nl + strspn(text + 1 + nl, " \t\r\n")] || !parse_u64(num, INT32_MAX, &x)) {
            snprintf(err, n, "'%.40s': an option id after '#' is a whole number", text);
            return INT32_MIN;
        }
        int32_t id = (int32_t)x;
        for (int i = 0; i < d.nopt; i++)
            if (d.opts[i].id == id) return id;
        char opts[400];
        list_options(g, true, opts, sizeof opts);
        snprintf(err, n, "no option with id %d (options: %s)", id, opts);
        return INT32_MIN;
    }
    size_t tl = strlen(text);
    while (tl && isspace((unsigned char)text[tl - 1])) tl--;
    /* exact matches of identical labels (copies of one card) are interchangeable */
    int exact = -1;
    for (int i = 0; i < d.nopt; i++) {
        const char *l = opt_label(g, &d.opts[i]);
        if (strlen(l) == tl && strncasecmp(l, text, tl) == 0) {
            if (exact < 0) exact = i;
            if (strcmp(l, opt_label(g, &d.opts[exact])) == 0 && !ids_contain(picked, np, d.opts[i].id))
                return d.opts[i].id;
        }
    }
    if (exact >= 0) return d.opts[exact].id; /* every copy picked: game_answer says so */
    int found = -1, count = 0;
    for (int i = 0; i < d.nopt; i++)
        if (strncasecmp(opt_label(g, &d.opts[i]), text, tl) == 0) {
            if (found < 0 || strcmp(opt_label(g, &d.opts[found]), opt_label(g, &d.opts[i])) != 0) count++;
            if (found < 0) found = i;
        }
    if (count == 1) {
        for (int i = found; i < d.nopt; i++)
            if (strcmp(opt_label(g, &d.opts[i]), opt_label(g, &d.opts[found])) == 0 &&
                !ids_contain(picked, np, d.opts[i].id))
                return d.opts[i].id;
        return d.opts[found].id;
    }
    char opts[400];
    list_options(g, false, opts, sizeof opts);
    snprintf(err, n, "'%.*s' %s (options: %s)", (int)tl, text, count ? "is ambiguous" : "matches no option", opts);
    return INT32_MIN;
}

/* An option id given as a number: false with err when no option can have it (it was
 * cut to 32 bits, so 4294967297 answered option 1). */
static bool option_id(json_t *v, int32_t *id, char *err, size_t n)
{
    json_int_t x = json_integer_value(v);
    if (x < 0 || x > INT32_MAX) {
        snprintf(err, n, "no option with id %lld", (long long)x);
        return false;
    }
    *id = (int32_t)x;
    return true;
}

/* An answer to a question of quantities: a text read as the prompt reads it ("white 1
 * red 1", "2 white"), a table of counts ({ white = 1, red = 1 }), a list of names or ids,
 * each one unit ({ "white", "white" }), or {} for none. */
static bool do_answer_amounts(Game *g, json_t *ans, char *err, size_t n)
{
    DecisionView d = game_decision(g);
    int32_t counts[AMOUNTS_MAX_OPTIONS] = {0}, ids[AMOUNTS_MAX_TOTAL];
    char opts[400];
    amounts_describe(g, opts, sizeof opts);
    if (json_is_string(ans)) {
        if (!amounts_parse(g, json_string_value(ans), counts, err, n)) return false;
    } else if (json_is_object(ans)) {
        const char *key;
        json_t *v;
        json_object_foreach(ans, key, v) {
            int at = amounts_find(g, key);
            if (at < 0 || strcasecmp(key, d.opts[at].key >= 0 ? state_dcstr(&g->s, d.opts[at].key) : "") != 0) {
                snprintf(err, n, "answer counts '%s', which is not one of this question's (%s)", key, opts);
                return false;
            }
            if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > AMOUNTS_MAX_TOTAL) {
                char got[64];
                describe(v, got, sizeof got);
                snprintf(err, n, "answer's count of '%s' is %s, not 0 to %d", key, got, AMOUNTS_MAX_TOTAL);
                return false;
            }
            counts[at] += (int32_t)json_integer_value(v);
        }
    } else if (json_is_array(ans)) {
        size_t i;
        json_t *v;
        json_array_foreach(ans, i, v) {
            int at = -1;
            if (json_is_string(v)) at = amounts_find(g, json_string_value(v));
            else if (json_is_integer(v))
                for (int k = 0; k < d.nopt; k++)
                    if (d.opts[k].id == json_integer_value(v)) at = k;
            if (at < 0) {
                char got[64];
                describe(v, got, sizeof got);
                snprintf(err, n, "answer names %s, which is not one of this question's (%s)", got, opts);
                return false;
            }
            if (++counts[at] > AMOUNTS_MAX_TOTAL) {
                snprintf(err, n, "answer names an option more than %d times", AMOUNTS_MAX_TOTAL);
                return false;
            }
        }
    } else {
        snprintf(err, n, "a question of quantities is answered by a text (\"white 1 red 1\"), counts "
                         "({ white = 1, red = 1 }) or a list of names, one per unit");
        return false;
    }
    char why[600];
    int k = amounts_check(g, counts, ids, AMOUNTS_MAX_TOTAL, why, sizeof why);
    if (k < 0) {
        snprintf(err, n, "answer not accepted: %s", why);
        return false;
    }
    Err e;
    err_clear(&e);
    if (!game_answer(g, ids, k, &e)) {
        snprintf(err, n, "answer not accepted: %s", e.msg);
        return false;
    }
    return true;
}

/* Applies an answer spec (string, list of strings, or integer id) to the decision. */
static bool do_answer(Game *g, json_t *ans, char *err, size_t n)
{
    if (game_decision(g).kind == DEC_AMOUNTS) return do_answer_amounts(g, ans, err, n);
    int32_t ids[PICKS_MAX];
    int k = 0;
    if (json_is_integer(ans)) {
        if (!option_id(ans, &ids[k++], err, n)) return false;
    } else if (json_is_string(ans)) {
        /* commas separate labels, except inside one option's whole label */
        const char *text = json_string_value(ans);
        static char items[PICKS_MAX][ITEM_MAX]; /* 51 KB: off the stack */
        int ni = 1;
        if (strchr(text, ',')) ni = split_answer(text, label_at, g, game_decision(g).nopt, items, PICKS_MAX);
        else if (strlen(text) < ITEM_MAX) snprintf(items[0], ITEM_MAX, "%s", text);
        else ni = SPLIT_TOO_LONG;
        if (ni == SPLIT_TOO_MANY) {
            snprintf(err, n, "answer names more than %d options", PICKS_MAX);
            return false;
        }
        if (ni == SPLIT_TOO_LONG) {
            snprintf(err, n, "answer has a label of %d characters or more: none is that long", ITEM_MAX);
            return false;
        }
        for (int i = 0; i < ni; i++) {
            int32_t id = match_option(g, items[i], ids, k, err, n);
            if (id == INT32_MIN) return false;
            ids[k++] = id;
        }
    } else if (json_is_object(ans) && json_object_size(ans) == 0) {
        /* `answer = {}`: an empty Lua table arrives as an empty object — pick nothing */
    } else if (json_is_array(ans)) {
        size_t i;
        json_t *v;
        if (json_array_size(ans) > PICKS_MAX) {
            snprintf(err, n, "answer names more than %d options", PICKS_MAX);
            return false;
        }
        json_array_foreach(ans, i, v) {
            int32_t id = INT32_MIN;
            if (json_is_integer(v)) {
                if (!option_id(v, &id, err, n)) return false;
            } else if (json_is_string(v)) {
                id = match_option(g, json_string_value(v), ids, k, err, n);
            } else {
                char got[64];
                describe(v, got, sizeof got);
                snprintf(err, n, "an answer in a list is a label or an option id, not %s", got);
            }
            if (id == INT32_MIN) return false;
            ids[k++] = id;
        }
    } else {
        snprintf(err, n, "an answer is a label, a list of labels ({} for none), or an option id");
        return false;
    }
    Err e;
    err_clear(&e);
    if (!game_answer(g, ids, k, &e)) {
        char opts[400];
        list_options(g, true, opts, sizeof opts);
        snprintf(err, n, "answer not accepted: %s (options: %s)", e.msg, opts);
        return false;
    }
    return true;
}

/* The scenario running: its file, where in it the Lua code it gives the game lies
 * ({code: line}, vm_scenarios_load), and its helpers: the text run in front of each of
 * those chunks (empty when none), the number of lines it takes, and its parts (the
 * loader's {file, line, text}, each with "start", its first line in that text). */
static const char *cur_file;
static json_t *cur_lines;
static Buf cur_prefix;
static int cur_prefix_lines;
static json_t *cur_parts;

/* Makes the helpers of scenario sc (its "helpers" from the loader) the current ones:
 * each part and a newline, then ";" (the code's first line could otherwise continue the
 * helpers' last statement: `f()` then `(x)...` is one call). No helpers, no text: the
 * code runs as written. False when out of memory. */
static bool helpers_begin(json_t *sc)
{
    buf_free(&cur_prefix);
    cur_prefix_lines = 0;
    cur_parts = json_object_get(sc, "helpers");
    size_t i;
    json_t *part;
    json_array_foreach(cur_parts, i, part) {
        const char *text = json_string_value(json_object_get(part, "text"));
        if (!text) continue;
        json_object_set_new(part, "start", json_integer(cur_prefix_lines + 1));
        for (const char *c = text; (c = strchr(c, '\n')); c++) cur_prefix_lines++;
        cur_prefix_lines++;
        if (!buf_printf(&cur_prefix, "%s\n", text)) return false;
    }
    return !cur_prefix.len || buf_put(&cur_prefix, ";", 1);
}

/* code with the current helpers in front: a new text (xfree it), NULL when out of
 * memory. */
static char *with_helpers(const char *code)
{
    Buf b = {0};
    if (!buf_put(&b, cur_prefix.s ? cur_prefix.s : "", cur_prefix.len) || !buf_put(&b, code, strlen(code))) {
        buf_free(&b);
        return NULL;
    }
    return b.s;
}

/* Where line k of a chunk as run (the helpers, then the code) lies: in a helpers part
 * ("<its file>:<line>"), else in the code — at its line in the scenario file when the
 * file holds it as a literal (line0: where it starts; 0 when it does not), else as
 * "<tag>:<line of the code>" — into out; false when nothing is known of it. */
static bool place_of(long k, int nhelp, long line0, const char *tag, char *out, size_t n)
{
    if (k <= nhelp) {
        size_t i;
        json_t *part, *at = NULL;
        json_array_foreach(cur_parts, i, part) {
            if (json_integer_value(json_object_get(part, "start")) <= k) at = part;
        }
        long from = (long)json_integer_value(json_object_get(at, "line"));
        if (!at || from <= 0) return false;
        snprintf(out, n, "%s:%ld", json_string_value(json_object_get(at, "file")),
                 from + k - (long)json_integer_value(json_object_get(at, "start")));
        return true;
    }
    if (line0 > 0 && cur_file) snprintf(out, n, "%s:%ld", cur_file, line0 + k - nhelp - 1);
    else if (nhelp > 0) snprintf(out, n, "%s:%ld", tag, k - nhelp);
    else return false;
    return true;
}

/* msg (n bytes) with each "tag:K:" Lua wrote for the chunk `ran` (its line K) as
 * "file:L:", L the line of the file: "chunk 1:2:" names the setup's second line, or a
 * line of its helpers. Unchanged where the file does not hold the code as a literal
 * string, but for the helpers' lines, which are not counted: "check:1:" is the check's
 * own first line. */
static void relocate(char *msg, size_t n, const char *tag, const char *ran)
{
    if (!ran) return;
    int nhelp = 0;
    const char *code = ran;
    if (cur_prefix.len && strncmp(ran, cur_prefix.s, cur_prefix.len) == 0) {
        code = ran + cur_prefix.len;
        nhelp = cur_prefix_lines;
    }
    json_t *at = cur_lines ? json_object_get(cur_lines, code) : NULL;
    long line0 = json_is_integer(at) ? (long)json_integer_value(at) : 0;
    if (!line0 && !nhelp) return;
    size_t tl = strlen(tag);
    Buf b = {0};
    const char *p = msg;
    for (const char *hit; (hit = strstr(p, tag));) {
        const char *q = hit + tl;
        bool alone = hit == msg || !(isalnum((unsigned char)hit[-1]) || hit[-1] == '_');
        if (!alone || *q != ':' || !isdigit((unsigned char)q[1])) {
            buf_put(&b, p, (size_t)(q - p));
            p = q;
            continue;
        }
        char *end;
        long k = strtol(q + 1, &end, 10);
        char place[4300];
        if (*end != ':' || !place_of(k, nhelp, line0, tag, place, sizeof place)) {
            buf_put(&b, p, (size_t)(q - p));
            p = q;
            continue;
        }
        buf_put(&b, p, (size_t)(hit - p));
        buf_put(&b, place, strlen(place));
        p = end;
    }
    if (b.len) {
        buf_put(&b, p, strlen(p));
        snprintf(msg, n, "%s", b.s);
    }
    buf_free(&b);
}

/* relocate for every chunk of Lua g was given (the setup is chunk 1, each lua step
 * one more): "chunk 3:1:" as the file's line of the step's code. */
static void relocate_chunks(const Game *g, char *msg, size_t n)
{
    size_t i;
    json_t *c;
    json_array_foreach(g->chunks, i, c) {
        char tag[32];
        snprintf(tag, sizeof tag, "chunk %zu", i + 1);
        relocate(msg, n, tag, json_is_string(c) ? json_string_value(c) : json_string_value(json_object_get(c, "lua")));
    }
}

/* Runs a check; on failure err says why, then the check, then what its calls read
 * ("where hand(2) is hand of seat 2, holding Lair, Jungle"). */
static bool check_lua(Worker *wk, Game *g, const char *src, const char *what, char *err, size_t n)
{
    Err e;
    err_clear(&e);
    Buf why = {0};
    char *ran = with_helpers(src);
    if (!ran) {
        snprintf(err, n, "%s: out of memory", what);
        return false;
    }
    bool ok = vm_check(wk->vm, g, ran, "=check", &why, &e);
    if (!ok) relocate(e.msg, sizeof e.msg, "check", ran);
    xfree(ran);
    if (!ok) {
        int used = snprintf(err, n, "%s failed: %s", what, e.msg);
        /* the check's lines under it, seven columns in as the "where" lines: the first
         * without its leading blanks (it follows "[[ "), the others without the blanks
         * they all share */
        const char *rest = strchr(src, '\n');
        size_t common = SIZE_MAX;
        for (const char *l = rest; l && *l;) {
            l++;
            size_t ll = strcspn(l, "\n"), ind = strspn(l, " \t");
            if (ind < ll && ind < common) common = ind;
            l += ll;
        }
        for (const char *l = src; *l && used >= 0 && (size_t)used < n;) {
            size_t ll = strcspn(l, "\n");
            size_t skip = l == src ? strspn(l, " \t") : common;
            if (skip > ll) skip = ll;
            size_t keep = ll - skip;
            while (keep && isspace((unsigned char)l[skip + keep - 1])) keep--;
            if (keep) used += snprintf(err + used, n - (size_t)used, "\n       %.*s", (int)keep, l + skip);
            l += ll + (l[ll] == '\n');
        }
        for (const char *l = why.s; l && *l && used >= 0 && (size_t)used < n;) {
            size_t ll = strcspn(l, "\n");
            used += snprintf(err + used, n - (size_t)used, "\n       %.*s", (int)ll, l);
            l += ll + (l[ll] == '\n');
        }
        buf_free(&why);
        return false;
    }
    buf_free(&why);
    return true;
}

/* A table of the scenario file may hold only these keys (NULL-terminated): a misspelt
 * one ("option" for "options", "include" for "includes") would otherwise be ignored and
 * the scenario pass without checking what it meant to. what: "a step", "a decision". */
bool only_keys(json_t *obj, const char *const keys[], const char *what, char *err, size_t n)
{
    char list[200];
    const char *key = json_unknown_key(obj, keys, list, sizeof list);
    if (key) snprintf(err, n, "unknown key '%s' in %s (keys: %s)", key, what, list);
    return !key;
}

/* The step names seat s, but another seat decides now: who, what it is asked, its options
 * (a decision check and an answer say the same). */
/* The seats whose pass-only questions advance_skipping_formal_passes answered during
 * the current step (bit s for seat s + 1): a step that names one of them is told why
 * that seat is not asked. The scenario runner is single-threaded. */
static uint64_t formal_passed;

void wrong_seat(Game *g, int s, char *err, size_t n)
{
    char opts[400];
    list_options(g, false, opts, sizeof opts);
    DecisionView d = game_decision(g);
    int k = snprintf(err, n, "seat %d must decide now, not seat %d (\"%s\": %s)", d.seat + 1, s + 1, d.prompt, opts);
    if (s >= 0 && s < 64 && (formal_passed >> s & 1) && k > 0 && (size_t)k < n)
        snprintf(err + k, n - (size_t)k,
                 "; seat %d was just asked a question whose only option is pass, answered on the way "
                 "(a formality: steps do not stop there)",
                 s + 1);
}

/* Advances, answering on the way every window question whose only option is "pass"
 * (asked so that nobody learns who holds a playable card): a formality scenarios need
 * not spell out. */
static int advance_skipping_formal_passes(Game *g)
{
    for (int guard = 0; guard < 10000; guard++) {
        int r = game_advance(g);
        DecisionView d = game_decision(g);
        if (r != ADV_DECISION || d.kind != DEC_PLAY || d.nopt != 1 || d.opts[0].vtype != OPT_PASS) return r;
        Err e;
        int32_t id = d.opts[0].id;
        if (d.seat >= 0 && d.seat < 64) formal_passed |= (uint64_t)1 << d.seat;
        if (!game_answer(g, &id, 1, &e)) return r;
    }
    return game_advance(g);
}

static const char *const step_keys[] = {"answer", "seat", "refused", "bot", "as", "lua", "check", "decision", "log",
                                         "seen", "never_asks", NULL};

/* A window question whose only option is "pass": a formality steps answer on the way. */
static bool formal_pass(const Game *g)
{
    DecisionView d = game_decision(g);
    return d.seat >= 0 && d.kind == DEC_PLAY && d.nopt == 1 && d.opts[0].vtype == OPT_PASS;
}

/* never_asks = S: the question g waits on now is not seat s's (s -1: no such key), or
 * the step fails naming the question, its options and when it came (`when`: "after the
 * answer", "at the bots' question 3 of 5"). */
static bool not_asked(const Game *g, int s, const char *when, char *err, size_t n)
{
    DecisionView d = game_decision(g);
    if (s < 0 || d.seat < 0 || d.seat != s) return true;
    char opts[400];
    list_options(g, false, opts, sizeof opts);
    snprintf(err, n, "never_asks: seat %d was asked \"%s\" (%s) %s%s", s + 1, d.prompt, opts, when,
             formal_pass(g) ? " (a question whose only option is pass, which steps answer on the way: asked all the same)"
                            : "");
    return false;
}

/* After an answer or a lua step with never_asks = S (s >= 0): advances, answering the
 * pass-only questions of other seats on the way (as the next step would), and fails
 * when S is asked anything, the question the game stops at included. */
static bool advance_not_asking(Game *g, int s, const char *when, char *err, size_t n)
{
    for (int guard = 0; s >= 0 && guard < 10000; guard++) {
        if (game_advance(g) != ADV_DECISION) return true;
        if (!not_asked(g, s, when, err, n)) return false;
        if (!formal_pass(g)) return true;
        Err e;
        int32_t id = game_decision(g).opts[0].id;
        if (!game_answer(g, &id, 1, &e)) return true;
    }
    return true;
}

static bool run_step(Worker *wk, Game *g, json_t *st, uint64_t *bot_seed, char *err, size_t n)
{
    json_t *v;
    formal_passed = 0;
    if (!only_keys(st, step_keys, "a step", err, n)) return false;
    /* one thing per step: a second would be ignored */
    int kinds = !!json_object_get(st, "answer") + !!json_object_get(st, "bot") + !!json_object_get(st, "lua") +
                !!json_object_get(st, "check") + !!json_object_get(st, "decision") + !!json_object_get(st, "log") +
                !!json_object_get(st, "seen");
    if (kinds > 1) {
        snprintf(err, n, "a step does one thing: answer, bot, lua, check, decision, log or seen (this one has %d)", kinds);
        return false;
    }
    if (!key_is(st, "lua", KIND_TEXT, 0, 0, err, n) || !key_is(st, "check", KIND_TEXT, 0, 0, err, n) ||
        !key_is(st, "decision", KIND_TABLE, 0, 0, err, n) || !key_is(st, "log", KIND_TABLE, 0, 0, err, n) || !key_is(st, "seen", KIND_TABLE, 0, 0, err, n) ||
        !key_is(st, "bot", KIND_INT, 0, INT_MAX, err, n) ||
        !key_is(st, "as", KIND_TEXT, 0, 0, err, n) || !key_is(st, "refused", KIND_TEXT, 0, 0, err, n))
        return false;
    if (json_object_get(st, "refused") && (!json_object_get(st, "answer") || json_object_get(st, "never_asks"))) {
        snprintf(err, n, "'refused' in a step goes with 'answer' (and not 'never_asks'): { seat = 1, answer = \"white "
                         "3\", refused = \"multiple of 2\" }");
        return false;
    }
    if (json_object_get(st, "as") && !json_object_get(st, "bot")) {
        snprintf(err, n, "'as' in a step goes with 'bot': { bot = 1, as = \"name\" } lets that bot answer");
        return false;
    }
    if (json_object_get(st, "seat") && !json_object_get(st, "answer")) {
        snprintf(err, n, "'seat' in a step goes with 'answer' (a decision check takes it inside: "
                         "decision = { seat = ... })");
        return false;
    }
    /* never_asks = S: while this step moves the game (the bots' answers, what an answer
     * or a lua chunk sets going), seat S is asked nothing */
    int quiet = -1;
    if ((v = json_object_get(st, "never_asks"))) {
        if (!json_object_get(st, "bot") && !json_object_get(st, "answer") && !json_object_get(st, "lua")) {
            snprintf(err, n, "'never_asks' in a step goes with a step that moves the game: bot, answer or lua "
                             "({ bot = 4, never_asks = 1 })");
            return false;
        }
        char why[200];
        quiet = seat_ref(g, v, why, sizeof why);
        if (quiet < 0) {
            snprintf(err, n, "never_asks: %s", quiet == -2 ? why : "no such seat");
            return false;
        }
    }
    if (!json_object_get(st, "bot")) advance_skipping_formal_passes(g);
    if ((v = json_object_get(st, "lua"))) {
        Err e;
        err_clear(&e);
        int before = g->nerrors;
        char *ran = with_helpers(json_string_value(v));
        bool injected = ran && game_inject(g, ran, &e);
        xfree(ran);
        if (!injected) {
            relocate_chunks(g, e.msg, sizeof e.msg);
            snprintf(err, n, "lua: %s", ran ? e.msg : "out of memory");
            return false;
        }
        /* the chunk's own errors; what the game then does is checked by `expect` */
        int after_chunk = g->nerrors;
        game_advance(g);
        if (after_chunk > before) {
            char buf[700];
            err_show(&g->last_error, buf, sizeof buf);
            relocate_chunks(g, buf, sizeof buf);
            snprintf(err, n, "lua step raised: %s", buf);
            return false;
        }
        return advance_not_asking(g, quiet, "after the lua step", err, n);
    }
    if ((v = json_object_get(st, "check")))
        return check_lua(wk, g, json_string_value(v), "check", err, n);
    if ((v = json_object_get(st, "log"))) return check_log_spec(g, v, "log", err, n);
    if ((v = json_object_get(st, "seen"))) return check_seen_spec(g, v, "seen", err, n);
    int r = json_object_get(st, "bot") ? game_advance(g) : advance_skipping_formal_passes(g);
    if ((v = json_object_get(st, "bot"))) {
        /* as = "name": a pack's bot (bots.lua) answers, every seat's questions */
        BotPlan plan;
        const char *as = json_string_value(json_object_get(st, "as"));
        /* a seat or role the game does not have would leave the random bot answering */
        if (as && (!botplan_parse(&plan, wk->vm, as, err, n) || !botplan_roles_ok(&plan, wk->w, g, err, n)))
            return false;
        Bot b = {.rng = *bot_seed, .vm = wk->vm, .plan = as ? &plan : NULL};
        int count = json_is_integer(v) ? (int)json_integer_value(v) : 1;
        for (int i = 0; i < count; i++) {
            r = game_advance(g);
            if (r != ADV_DECISION) break;
            char when[64];
            snprintf(when, sizeof when, "at the bots' question %d of %d", i + 1, count);
            if (!not_asked(g, quiet, when, err, n)) return false;
            int32_t ids[1024];
            int k = bot_answer(&b, g, ids, 1024);
            if (k < 0) {
                snprintf(err, n, "%s", b.err.msg);
                return false;
            }
            Err e;
            if (!game_answer(g, ids, k, &e)) {
                snprintf(err, n, "bot answer refused: %s", e.msg);
                return false;
            }
        }
        *bot_seed = b.rng;
        game_advance(g);
        return true;
    }
    if ((v = json_object_get(st, "decision"))) {
        if (r != ADV_DECISION) {
            snprintf(err, n, "no decision is pending (the game %s)", r == ADV_OVER ? "is over" : "stopped");
            return false;
        }
        return check_decision(g, v, err, n);
    }
    if ((v = json_object_get(st, "answer"))) {
        if (r != ADV_DECISION) {
            snprintf(err, n, "nothing to answer: %s",
                     r == ADV_OVER ? "the game is over" : g->fatal[0] ? g->fatal : "the game stopped");
            return false;
        }
        json_t *seat = json_object_get(st, "seat");
        if (seat) {
            int s = seat_ref(g, seat, err, n);
            if (s == -2) return false;
            if (game_decision(g).seat != s) {
                wrong_seat(g, s, err, n);
                return false;
            }
        }
        json_t *refused = json_object_get(st, "refused");
        if (refused) {
            /* refused = "text": the answer must be refused for a reason holding the text,
             * and the question stays */
            const char *want = json_string_value(refused);
            char why[700] = "";
            if (do_answer(g, v, why, sizeof why)) {
                snprintf(err, n, "the answer was taken; expected it refused (\"%s\")", want);
                return false;
            }
            if (!strstr(why, want)) {
                snprintf(err, n, "the answer was refused, but not for \"%s\": %s", want, why);
                return false;
            }
            return true;
        }
        if (!do_answer(g, v, err, n)) return false;
        game_advance(g);
        return advance_not_asking(g, quiet, "after the answer", err, n);
    }
    snprintf(err, n, "a step needs one of: answer, bot, lua, check, decision, log, seen");
    return false;
}

static const char *const expect_keys[] = {"checks", "over", "errors", "log", "logs", "stopped", "seen", NULL};

/* The game's script errors for a failure's text: "<the>last: …", or "<the>first: …;
 * <the>last: …" when there were several and they differ (the first is where a chain of
 * errors began: a later one often only follows from it). */
static void errors_said(const Game *g, const char *the, char *out, size_t n)
{
    char last[700], first[700];
    err_show(&g->last_error, last, sizeof last);
    const Err *f = game_first_error(g);
    if (g->nerrors > 1 && strcmp(f->msg, g->last_error.msg)) {
        err_show(f, first, sizeof first);
        snprintf(out, n, "%sfirst: %s; %slast: %s", the, first, the, last);
    } else
        snprintf(out, n, "%slast: %s", the, last);
}

static bool run_expect(Worker *wk, Game *g, json_t *ex, char *err, size_t n)
{
    if (!only_keys(ex, expect_keys, "expect", err, n)) return false;
    if (!key_is(ex, "checks", KIND_LIST, 0, 0, err, n) || !texts_in(ex, "checks", err, n) ||
        !key_is(ex, "log", KIND_LIST, 0, 0, err, n) || !texts_in(ex, "log", err, n) || !key_is(ex, "errors", KIND_INT, 0, INT_MAX, err, n) ||
        !key_is(ex, "stopped", KIND_TEXT, 0, 0, err, n))
        return false;
    json_t *over = json_object_get(ex, "over");
    if (over && !json_is_string(over) && !json_is_boolean(over) &&
        !(json_is_integer(over) && json_integer_value(over) >= 1 && json_integer_value(over) <= g->s.h.nseats)) {
        snprintf(err, n, "'over' is the winner's role, the winning seat's number (1 to %d), true for a game over "
                 "whatever its result (a draw too), or false for a game that goes on", g->s.h.nseats);
        return false;
    }
    advance_skipping_formal_passes(g);
    json_t *v;
    if ((v = json_object_get(ex, "stopped"))) {
        const char *want = json_string_value(v);
        if (!g->fatal[0] || !want || !strstr(g->fatal, want)) {
            snprintf(err, n, "the game should have stopped with '%s'; %s", want ? want : "?",
                     g->fatal[0] ? g->fatal : "it did not stop");
            return false;
        }
    }
    int want_errors = 0;
    if ((v = json_object_get(ex, "errors")) && json_is_integer(v)) want_errors = (int)json_integer_value(v);
    if (g->nerrors != want_errors) {
        char buf[1500] = "";
        if (g->nerrors) errors_said(g, "", buf, sizeof buf);
        /* the last one when there is one ("0 script error(s), expected 1; last: " said
         * nothing), and the first when there were several */
        snprintf(err, n, "%d script error(s), expected %d%s%s", g->nerrors, want_errors, g->nerrors ? "; " : "", buf);
        return false;
    }
    if ((v = json_object_get(ex, "over"))) {
        if (json_is_false(v)) {
            if (g->s.h.over) {
                char who[200];
                game_winner_text(g, who, sizeof who);
                snprintf(err, n, "the game is over (%s), expected it to go on", who);
                return false;
            }
        } else if (json_is_true(v)) {
            if (!g->s.h.over) { /* over, whoever won, or a draw */
                snprintf(err, n, "the game goes on, expected it to be over");
                return false;
            }
        } else if (json_is_integer(v)) {
            /* a seat won (game.win(s)), or the role it plays did */
            int want = (int)json_integer_value(v) - 1;
            const StateHdr *h = &g->s.h;
            bool won = game_won_by(g, want);
            if (!won) {
                char who[200];
                if (h->over) game_winner_text(g, who, sizeof who);
                snprintf(err, n, "%s, expected seat %d to win", h->over ? who : "nobody has won yet", want + 1);
                return false;
            }
        } else {
            const char *want = json_string_value(v);
            const char *got = g->s.h.over && g->s.h.winner_role >= 0 ? names_str(&g->w->names, g->s.h.winner_role) : NULL;
            /* a seat that plays the role won (game.win(1) where seat 1 is "dark"): the
             * role won, as tabula sim counts it */
            bool role_won = got && want && strcmp(got, want) == 0;
            for (int k = 0; !role_won && want && k < g->s.h.nseats; k++) {
                int32_t r = S_SEAT(&g->s, k).role;
                role_won = r >= 0 && strcmp(names_str(&g->w->names, r), want) == 0 && game_won_by(g, k);
            }
            if (!role_won) {
                char who[200] = "nobody yet";
                if (g->s.h.over) {
                    game_winner_text(g, who, sizeof who);
                    snprintf(err, n, "%s, expected the role %s to win", who, want ? want : "?");
                } else {
                    snprintf(err, n, "winner is nobody yet, expected %s", want ? want : "?");
                }
                return false;
            }
        }
    }
    size_t i;
    json_array_foreach(json_object_get(ex, "checks"), i, v) {
        /* which of the checks, by its place in the list (the line "expect: expect check
         * failed" said neither) */
        char which[40];
        snprintf(which, sizeof which, "checks[%zu]", i + 1);
        if (!check_lua(wk, g, json_string_value(v), which, err, n)) return false;
    }
    if (!check_entries(g, ex, "seen", check_seen_spec, err, n)) return false;
    json_t *logs = json_object_get(ex, "log");
    if (logs) {
        Buf b = {0};
        view_log(g, -1, 0, VIEW_ALL_PROPS, &b);
        json_array_foreach(logs, i, v) {
            const char *want = json_string_value(v);
            if (!want || !b.s || !strstr(b.s, want)) {
                if (want) log_miss(b.s ? b.s : "", want, err, n);
                else snprintf(err, n, "a log expectation is text, not another type");
                buf_free(&b);
                return false;
            }
        }
        buf_free(&b);
    }
    return check_entries(g, ex, "logs", check_log_spec, err, n);
}

static const char *const spec_keys[] = {"game",  "players", "seed",    "options",      "setup",
                                        "steps", "expect",  "helpers", "helpers_file", NULL};

/* The last lines of the game's log into tail, for a failure to show where the game
 * was: the spectator's log that `log` expectations read (hidden properties included),
 * `lines` of them, all when lines < 0. */
static void log_tail(const Game *g, int lines, Buf *tail)
{
    Buf b = {0};
    view_log(g, -1, 0, VIEW_ALL_PROPS, &b);
    if (!b.s) return;
    const char *from = b.s + strlen(b.s);
    for (int k = 0; from > b.s && (lines < 0 || k < lines); k++) {
        from--; /* onto the newline that ends the line before */
        while (from > b.s && from[-1] != '\n') from--;
    }
    buf_put(tail, from, strlen(from));
    buf_free(&b);
}

/* Runs one scenario; true when it passed. When it failed after its game began, tail
 * gets the game's last log lines (all of them with --verbose), unless the failure
 * quotes the log itself (a missed `log` expectation: its nearest lines) and --verbose
 * was not asked for. */
static bool run_scenario(const char *file, json_t *sc, char *err, size_t n, Buf *tail)
{
    json_t *spec = json_object_get(sc, "spec");
    if (!only_keys(spec, spec_keys, "the scenario", err, n) || !key_is(spec, "game", KIND_TEXT, 0, 0, err, n) ||
        !key_is(spec, "options", KIND_TABLE, 0, 0, err, n))
        return false;
    const char *game = json_string_value(json_object_get(spec, "game"));
    if (!game) {
        snprintf(err, n, "the scenario needs game = \"<name>\"");
        return false;
    }
    if (!key_is(spec, "players", KIND_INT, 1, MAX_SEATS, err, n) ||
        !key_is(spec, "seed", KIND_INT, INT64_MIN, INT64_MAX, err, n) || !key_is(spec, "setup", KIND_TEXT, 0, 0, err, n) ||
        !key_is(spec, "steps", KIND_LIST, 0, 0, err, n) || !key_is(spec, "expect", KIND_TABLE, 0, 0, err, n) ||
        !key_is(spec, "helpers", KIND_TEXT, 0, 0, err, n) || !key_is(spec, "helpers_file", KIND_TEXT, 0, 0, err, n))
        return false;
    /* "./x" and "../x": from the scenario file's own folder (a pack's tests/ beside its
     * pack.json run from anywhere); anything else from where `tabula test` runs */
    char rel[PATH_MAX];
    if (strncmp(game, "./", 2) == 0 || strncmp(game, "../", 3) == 0) {
        const char *slash = strrchr(file, '/');
        int k = slash ? snprintf(rel, sizeof rel, "%.*s/%s", (int)(slash - file), file, game)
                      : snprintf(rel, sizeof rel, "%s", game);
        if (k < 0 || (size_t)k >= sizeof rel) {
            snprintf(err, n, "game = \"%.60s\": the path is too long", game);
            return false;
        }
        game = rel;
    }
    Worker *wk = pool_get(game, err, n);
    if (!wk) return false;
    json_t *pl = json_object_get(spec, "players");
    int players = json_is_integer(pl) ? (int)json_integer_value(pl) : wk->w->packs[0].min_players;
    json_t *sd = json_object_get(spec, "seed");
    uint64_t seed = json_is_integer(sd) ? (uint64_t)json_integer_value(sd) : 1;
    cur_file = file;
    cur_lines = json_object_get(sc, "lines");
    if (!helpers_begin(sc)) {
        snprintf(err, n, "out of memory");
        return false;
    }
    json_t *chunks = json_array();
    json_t *setup = json_object_get(spec, "setup");
    char *ran = json_is_string(setup) ? with_helpers(json_string_value(setup)) : NULL;
    if (ran) json_array_append_new(chunks, json_string(ran));
    xfree(ran);
    Err e;
    err_clear(&e);
    Game *g = game_new_ex(wk->w, seed, players, json_object_get(spec, "options"), chunks, &e);
    json_decref(chunks);
    if (!g) {
        snprintf(err, n, "cannot start the game: %s", e.msg);
        buf_free(&cur_prefix);
        return false;
    }
    game_advance(g);
    bool ok = true;
    if (json_is_string(setup) && g->nerrors) {
        char buf[700];
        err_show(game_first_error(g), buf, sizeof buf);
        relocate_chunks(g, buf, sizeof buf);
        snprintf(err, n, "a script error before the first step (the setup, or the rules or a card after it): %s",
                 buf);
        ok = false;
    }
    uint64_t bot_seed = seed * 7919 + 1;
    size_t i;
    json_t *st;
    json_array_foreach(json_object_get(spec, "steps"), i, st) {
        if (!ok) break;
        char serr[4000];
        if (json_is_string(st)) {
            /* shorthand "seat: answer" (copied whole: cut to 600 bytes, it lost the
             * last picks of a long answer) */
            char *buf = xstrdup(json_string_value(st));
            if (!buf) {
                snprintf(err, n, "step %zu: out of memory", i + 1);
                ok = false;
                break;
            }
            json_t *obj = json_object();
            char *colon = strchr(buf, ':');
            if (colon) {
                /* the seat without the blanks around it, as the answer is read */
                char *seat = buf;
                while (isspace((unsigned char)*seat)) seat++;
                char *se = colon;
                while (se > seat && isspace((unsigned char)se[-1])) se--;
                *se = 0;
                if (!*seat) {
                    snprintf(serr, sizeof serr, "\"%s\" names no seat before ':' (\"seat: answer\")",
                             json_string_value(st));
                    ok = false;
                }
                char *end;
                long sn = strtol(seat, &end, 10);
                json_object_set_new(obj, "seat", *end == 0 ? json_integer(sn) : json_string(seat));
                json_object_set_new(obj, "answer", json_string(colon + 1));
            } else {
                json_object_set_new(obj, "answer", json_string(buf));
            }
            if (ok) ok = run_step(wk, g, obj, &bot_seed, serr, sizeof serr);
            json_decref(obj);
            xfree(buf);
        } else if (json_is_object(st)) {
            ok = run_step(wk, g, st, &bot_seed, serr, sizeof serr);
        } else {
            char got[64];
            describe(st, got, sizeof got);
            snprintf(serr, sizeof serr, "a step is a table { answer = ... } or text \"seat: answer\", not %s", got);
            ok = false;
        }
        if (!ok) snprintf(err, n, "step %zu: %s", i + 1, serr);
    }
    if (ok) {
        char serr[4000];
        json_t *ex = json_object_get(spec, "expect"), *empty = NULL;
        if (!ex) ex = empty = json_object();
        ok = run_expect(wk, g, ex, serr, sizeof serr);
        json_decref(empty);
        if (!ok) snprintf(err, n, "expect: %s", serr);
    }
    /* a failure a script error caused (a misspelt zone in an effect) said only that a
     * check was false or another seat decided: name the error */
    if (!ok && g->nerrors > 0 && !strncmp(err, "step", 4) && !strstr(err, " raised: ")) {
        char buf[1500];
        errors_said(g, "the ", buf, sizeof buf);
        relocate_chunks(g, buf, sizeof buf);
        size_t used = strlen(err);
        snprintf(err + used, n - used, "\n     (the game had %d script error%s by then; %s)", g->nerrors,
                 g->nerrors == 1 ? "" : "s", buf);
    }
    if (!ok && (verbose || !strstr(err, ": the log has no '"))) log_tail(g, verbose ? -1 : 8, tail);
    game_free(g);
    cur_file = NULL;
    cur_lines = NULL;
    cur_parts = NULL;
    buf_free(&cur_prefix);
    return ok;
}

/* Prints text a line at a time, each after prefix; when keep_indented, a line that
 * starts with the prefix's blanks already (a check's source) is printed as it is. */
static void print_lines(const char *text, const char *prefix, bool keep_indented)
{
    size_t pl = strlen(prefix);
    for (const char *l = text; *l;) {
        size_t ll = strcspn(l, "\n");
        bool as_is = keep_indented && ll >= pl && strncmp(l, prefix, pl) == 0;
        printf("%s%.*s\n", as_is ? "" : prefix, (int)ll, l);
        l += ll + (l[ll] == '\n');
    }
}

static int passed, failed;
static int files_run; /* scenario files read (a folder with none is an error) */

static void run_file(const char *path)
{
    files_run++;
    Err e;
    err_clear(&e);
    json_t *list = vm_scenarios_load(path, &e);
    if (!list) {
        /* where the file stops, as a scenario's failure says it: "FAIL <file>:<line>:";
         * a file that cannot be read says so itself ("cannot read: it is a folder") */
        if (e.line > 0)
            printf("FAIL %s:%d: the file does not load: %s\n", path, e.line, e.msg);
        else
            printf("FAIL %s: %s\n", path, e.msg);
        failed++;
        return;
    }
    size_t i;
    json_t *sc;
    json_array_foreach(list, i, sc) {
        const char *name = json_string_value(json_object_get(sc, "name"));
        int line = (int)json_integer_value(json_object_get(sc, "line"));
        char err[4500] = "";
        Buf tail = {0};
        /* a value the file could not hand over (a function, 0/0): this scenario fails,
         * the others run */
        const char *bad = json_string_value(json_object_get(sc, "error"));
        if (bad) snprintf(err, sizeof err, "%s", bad);
        if (!bad && run_scenario(path, sc, err, sizeof err, &tail)) {
            passed++;
            if (verbose) printf("ok   %s: %s\n", path, name);
        } else {
            failed++;
            /* a reason over several lines (a traceback) stays under the FAIL line */
            printf("FAIL %s:%d: %s\n", path, line, name);
            print_lines(*err ? err : "?", "     ", true);
            if (tail.s && *tail.s) {
                printf("     the log %s:\n", verbose ? "of the game" : "ends (--verbose shows all of it)");
                print_lines(tail.s, "       | ", false);
            }
        }
        buf_free(&tail);
    }
    if (json_array_size(list) == 0) {
        printf("FAIL %s: no scenario in the file\n", path);
        failed++;
    }
    json_decref(list);
}

/* The files and folders run so far, by device and inode: each runs once, however many
 * paths lead to it (a link to its own folder ran a file 41 times, until the links
 * nested too deep; a file named and inside a folder named ran twice). */
static struct Seen {
    dev_t dev;
    ino_t ino;
} *seen;
static size_t nseen, seen_cap;

/* Whether st was run already; notes it when not. */
static bool seen_before(const struct stat *st)
{
    for (size_t i = 0; i < nseen; i++)
        if (seen[i].dev == st->st_dev && seen[i].ino == st->st_ino) return true;
    if (nseen == seen_cap) {
        size_t cap = seen_cap ? 2 * seen_cap : 64;
        struct Seen *more = xrealloc(seen, cap * sizeof *seen);
        if (!more) return false; /* out of memory: run it again rather than leave it out */
        seen = more;
        seen_cap = cap;
    }
    seen[nseen++] = (struct Seen){st->st_dev, st->st_ino};
    return false;
}

/* Runs the scenarios of path, a file or a folder; top: it is a path given on the
 * command line. */
static void run_path(const char *path, bool top)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        printf("FAIL %s: no such file or folder\n", path);
        failed++;
        return;
    }
    if (seen_before(&st)) {
        files_run++; /* found, and run already: not "no scenario file in the folder" */
        return;
    }
    if (!S_ISDIR(st.st_mode)) {
        run_file(path);
        return;
    }
    /* a pack's folder: its scenarios are in its tests/ (`tabula new` puts them there);
     * its rules, bots and card scripts are no scenarios. A pack that has none is passed
     * by inside a folder given, and said when it is the folder given. */
    char pj[PATH_MAX], tp[PATH_MAX];
    struct stat ps;
    if (snprintf(pj, sizeof pj, "%s/pack.json", path) < (int)sizeof pj && stat(pj, &ps) == 0 &&
        snprintf(tp, sizeof tp, "%s/tests", path) < (int)sizeof tp) {
        if (stat(tp, &ps) == 0 && S_ISDIR(ps.st_mode)) run_path(tp, false);
        else if (top) {
            printf("FAIL %s: a pack's folder: its scenarios go in %s/, which it does not have\n", path, tp);
            failed++;
        } else {
            files_run++; /* (a pack without scenarios, inside the folder given) */
        }
        return;
    }
    /* every entry, however many: a test file left out would pass unseen */
    char **names;
    size_t n;
    bool complete;
    if (!dir_list(path, &names, &n, &complete)) {
        printf("FAIL %s: cannot read the folder: %s\n", path, strerror(errno));
        failed++;
        return;
    }
    if (!complete) {
        printf("FAIL %s: out of memory listing the folder\n", path);
        failed++;
    }
    for (size_t i = 0; i < n; i++) {
        if (names[i][0] == '.') continue;
        char p[PATH_MAX];
        if (snprintf(p, sizeof p, "%s/%s", path, names[i]) >= (int)sizeof p) {
            printf("FAIL %s/%s: the path is too long\n", path, names[i]);
            failed++;
            continue;
        }
        size_t l = strlen(names[i]);
        struct stat s2;
        bool there = stat(p, &s2) == 0;
        if (there && S_ISDIR(s2.st_mode)) run_path(p, false);
        else if (l > 4 && strcmp(names[i] + l - 4, ".lua") == 0 &&
                 !(l > 12 && strcmp(names[i] + l - 12, ".helpers.lua") == 0)) {
            /* a helpers file (`helpers_file`) holds no scenario: passed by */
            if (there && seen_before(&s2)) files_run++;
            else run_file(p);
        }
    }
    dir_list_free(names, n);
}

int cmd_test(int argc, char **argv)
{
    int npaths = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(test_help, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--verbose") == 0 || strcmp(argv[i], "-v") == 0) verbose = true;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "tabula test: unknown argument '%s'\n%.*s", argv[i],
                    (int)strcspn(test_help, "\n") + 1, test_help);
            return 2;
        }
    }
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-') continue;
        int before = files_run, failed_before = failed;
        run_path(argv[i], true);
        if (files_run == before && failed == failed_before) {
            printf("FAIL %s: no scenario file (*.lua) in the folder\n", argv[i]);
            failed++;
        }
        npaths++;
    }
    if (!npaths) run_path("tests/scenarios", true);
    for (int i = 0; i < npools; i++) pool_close(&pools[i]);
    printf("%d passed, %d failed\n", passed, failed);
    int rc = failed ? 1 : 0;
    /* a later call starts afresh (the fuzz target runs one file per call) */
    npools = passed = failed = files_run = 0;
    xfree(seen);
    seen = NULL;
    nseen = seen_cap = 0;
    verbose = false;
    return rc;
}
