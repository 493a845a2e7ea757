/* play_answer.c — reading an answer typed at the `tabula play` prompt: the names an
 * option answers to (its label, the label without "play ", a card's id), a pick by
 * number, name or unambiguous prefix, several picks at once, what is not offered and
 * why, the closest options to a mistyped one, and whether the count of picks fits the
 * decision. play_cmd.c uses these to answer a line, to explain it (why, hint) and to
 * complete it. Read next: play_cmd.c. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "play.h"

/* ---------------------------------------------------------------- text helpers ---- */

bool play_ieq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return false;
    return *a == *b;
}

bool play_iprefix(const char *pre, const char *s)
{
    for (; *pre; pre++, s++)
        if (!*s || tolower((unsigned char)*pre) != tolower((unsigned char)*s)) return false;
    return true;
}

/* s[0..*len) without leading/trailing blanks: returns where it starts, *len its length. */
static const char *trim_span(const char *s, size_t *len)
{
    while (*len && isspace((unsigned char)*s)) s++, (*len)--;
    while (*len && isspace((unsigned char)s[*len - 1])) (*len)--;
    return s;
}

/* The length of s without leading/trailing blanks. */
size_t play_trimmed_len(const char *s)
{
    size_t len = strlen(s);
    trim_span(s, &len);
    return len;
}

/* Copies s without leading/trailing blanks into out. */
void play_trim_copy(char *out, size_t n, const char *s, size_t len)
{
    s = trim_span(s, &len);
    if (len >= n) len = n - 1;
    memcpy(out, s, len);
    out[len] = 0;
}

bool play_all_digits(const char *s)
{
    if (!*s) return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s)) return false;
    return true;
}

/* "2", "-1": an integer, read as an option's number (one out of range names none). */
bool play_is_integer(const char *s)
{
    return play_all_digits(*s == '-' ? s + 1 : s);
}

/* "2", "1 3", "0 -1": integers and blanks only (picks by number). */
bool play_all_numbers(const char *s)
{
    bool any = false;
    while (*s) {
        size_t n = strcspn(s, " \t");
        if (n > 0) {
            char tok[32];
            if (n >= sizeof tok) return false;
            memcpy(tok, s, n);
            tok[n] = 0;
            if (!play_is_integer(tok)) return false;
            any = true;
        }
        s += n;
        s += strspn(s, " \t");
    }
    return any;
}

/* ---------------------------------------------------------------- options -------- */


void answer_opt_keys(const Session *ss, int i, OptKeys *ok)
{
    const Game *g = ss->g;
    DecisionView d = game_decision(g);
    const Option *o = &d.opts[i];
    const char *lbl = state_dcstr(&g->s, o->label);
    ok->n = 0;
    snprintf(ok->k[ok->n++], sizeof ok->k[0], "%s", lbl);
    if (play_iprefix("play ", lbl) && lbl[5]) snprintf(ok->k[ok->n++], sizeof ok->k[0], "%s", lbl + 5);
    if (o->vtype == OPT_OBJ && o->value >= 0 && (uint64_t)o->value < g->s.objs.len &&
        S_OBJ(&g->s, o->value).alive && obj_visible(g, (int32_t)o->value, d.seat)) {
        const char *id = names_str(&g->w->names, g->w->defs[S_OBJ(&g->s, o->value).def].id);
        bool dup = false;
        for (int k = 0; k < ok->n; k++)
            if (play_ieq(ok->k[k], id)) dup = true;
        if (!dup) snprintf(ok->k[ok->n++], sizeof ok->k[0], "%s", id);
    }
}

const char *answer_opt_label(const Session *ss, int i)
{
    DecisionView d = game_decision(ss->g);
    return state_dcstr(&ss->g->s, d.opts[i].label);
}

/* The options `item` names: a number, else every option with a key equal to it, else
 * every option with a key it begins. Writes indexes to out; returns how many. */
static const char *label_of(void *ss, int i) { return answer_opt_label(ss, i); }

/* Whether item is the whole first word of label, a word in lower case (a verb: "play",
 * "give", "use") followed by more words: "give" alone is not "give up", nor "play" the
 * only "play …" option. Such a word does not answer by its prefix: a player typing it
 * expects to be asked what next, not to have given up. */
static bool bare_verb(const char *item, const char *label)
{
    size_t n = strlen(item);
    if (n == 0 || strncasecmp(item, label, n) != 0 || label[n] != ' ' || !label[n + 1]) return false;
    for (size_t i = 0; i < n; i++)
        if (!islower((unsigned char)label[i])) return false;
    return true;
}

/* Whether the pending decision asks for a value: a question (not a window's play or an
 * order) whose every option is an integer (`decide.choose(s, {0, 1, 2, 3})`: a bid, an
 * amount). Its options are answered by their value, not by their place in the list: a
 * player bidding 2 types 2, as a scenario step does. */
bool answer_by_value(const Session *ss)
{
    DecisionView d = game_decision(ss->g);
    if (d.seat < 0 || d.kind != DEC_CHOOSE || d.nopt < 1) return false;
    for (int i = 0; i < d.nopt; i++) {
        const char *lbl = answer_opt_label(ss, i);
        if (!play_is_integer(lbl) || strlen(lbl) > 18) return false;
    }
    return true;
}

/* The next word of s from *at (letters, digits and any byte of a UTF-8 sequence; the
 * rest separates words): its start, and its length in *n (0: no more words). */
static const char *next_word(const char *s, size_t *at, size_t *n)
{
    while (s[*at] && !isalnum((unsigned char)s[*at]) && (unsigned char)s[*at] < 0x80) (*at)++;
    size_t b = *at;
    while (s[*at] && (isalnum((unsigned char)s[*at]) || (unsigned char)s[*at] >= 0x80)) (*at)++;
    *n = *at - b;
    return s + b;
}

/* Whether item, of two words or more, names label word by word, punctuation aside: its
 * first word begins the label's first, and each next word begins a later word of the
 * label, in order ("thief e" for "Thief: east to b2", "thief b2" too). */
static bool words_match(const char *item, const char *label)
{
    size_t ia = 0, la = 0, in, ln;
    int words = 0;
    for (const char *iw = next_word(item, &ia, &in); in; iw = next_word(item, &ia, &in), words++) {
        for (;;) {
            const char *lw = next_word(label, &la, &ln);
            if (!ln) return false;
            if (ln >= in && strncasecmp(iw, lw, in) == 0) break;
            if (words == 0) return false; /* the first word is the label's first */
        }
    }
    return words >= 2;
}

/* The one option line names word by word (words_match), or -1 when none or several do:
 * the last way a line of several words is read, after the whole line as one option,
 * each word as a pick of its own and a leading verb. */
static int match_words(const Session *ss, const char *line)
{
    DecisionView d = game_decision(ss->g);
    int hit = -1;
    for (int i = 0; i < d.nopt; i++) {
        OptKeys ok;
        answer_opt_keys(ss, i, &ok);
        for (int k = 0; k < ok.n; k++)
            if (words_match(line, ok.k[k])) {
                if (hit >= 0) return -1;
                hit = i;
                break;
            }
    }
    return hit;
}

static int match_item(const Session *ss, const char *item, int *out, int cap)
{
    DecisionView d = game_decision(ss->g);
    int n = 0;
    if (play_is_integer(item) && answer_by_value(ss)) {
        /* "2" is the option 2, wherever it stands in the list ("007" is 7 too) */
        long long v = strtoll(item, NULL, 10);
        for (int i = 0; i < d.nopt && n < cap; i++)
            if (strtoll(answer_opt_label(ss, i), NULL, 10) == v) out[n++] = i;
        return n;
    }
    if (play_is_integer(item)) {
        long v = strtol(item, NULL, 10);
        if (v >= 1 && v <= d.nopt && cap > 0) out[n++] = (int)v - 1;
        return n;
    }
    for (int pass = 0; pass < 2 && n == 0; pass++) {
        for (int i = 0; i < d.nopt && n < cap; i++) {
            OptKeys ok;
            answer_opt_keys(ss, i, &ok);
            for (int k = 0; k < ok.n; k++)
                if (pass == 0 ? play_ieq(item, ok.k[k]) : play_iprefix(item, ok.k[k]) && !bare_verb(item, ok.k[k])) {
                    out[n++] = i;
                    break;
                }
        }
    }
    return n;
}

/* The refusal of the pending decision (what it does not offer, with the reason: host
 * decision_refuse) that `text` names, or -1: its label ("resist", "play Detector"), the
 * label without "play ", a card's name or id, with or without a leading "play ", in any
 * letter case. */
int answer_match_refusal(const Session *ss, const char *text, bool exact)
{
    const Game *g = ss->g;
    DecisionView d = game_decision(g);
    if (d.seat < 0 || d.seat != ss->viewer) return -1;
    const char *bare = play_iprefix("play ", text) ? text + 5 : text;
    while (*bare == ' ') bare++;
    for (int i = 0; i < d.nrefused; i++) {
        const Option *o = &d.refused[i];
        const char *lbl = state_dcstr(&g->s, o->label);
        const char *lbare = play_iprefix("play ", lbl) ? lbl + 5 : lbl;
        if (play_ieq(text, lbl) || play_ieq(bare, lbl) || play_ieq(bare, lbare)) return i;
        if (o->vtype == OPT_OBJ && o->value >= 0 && (uint64_t)o->value < g->s.objs.len &&
            S_OBJ(&g->s, o->value).alive && obj_visible(g, (int32_t)o->value, d.seat)) {
            const CardDef *cd = &g->w->defs[S_OBJ(&g->s, o->value).def];
            if (play_ieq(bare, cd->name) || play_ieq(bare, names_str(&g->w->names, cd->id))) return i;
        }
    }
    /* else a prefix of exactly one ("sixth" for "play Sixth Sense") */
    int hit = -1;
    for (int i = 0; i < d.nrefused && *bare && !exact; i++) {
        const char *lbl = state_dcstr(&g->s, d.refused[i].label);
        const char *lbare = play_iprefix("play ", lbl) ? lbl + 5 : lbl;
        if (!play_iprefix(text, lbl) && !play_iprefix(bare, lbare)) continue;
        if (hit >= 0 && strcmp(state_dcstr(&g->s, d.refused[hit].label), lbl) != 0) return -1;
        hit = i;
    }
    return hit;
}

/* "'resist' is not offered now: <why>" when `text` names a refusal (in full when
 * `exact`); false otherwise. */
bool answer_refusal_text(const Session *ss, const char *text, bool exact, Buf *b)
{
    int k = answer_match_refusal(ss, text, exact);
    if (k < 0) return false;
    DecisionView d = game_decision(ss->g);
    const char *why = decision_refusal_why(ss->g, &d.refused[k]);
    char q[ECHO_SIZE];
    buf_printf(b, "'%s' is not offered now%s%s", ECHO(text, q), *why ? ": " : "", why);
    return true;
}

/* "3) River or 5) Rover": the options closest to `item`, at most three. */
void answer_closest(const Session *ss, const char *item, Buf *b)
{
    DecisionView d = game_decision(ss->g);
    int best[3] = {-1, -1, -1}, bd[3] = {1 << 30, 1 << 30, 1 << 30};
    int limit = ((int)strlen(item) + 2) / 3;
    if (limit < 1) limit = 1;
    for (int i = 0; i < d.nopt; i++) {
        OptKeys ok;
        answer_opt_keys(ss, i, &ok);
        int dist = 1 << 30;
        for (int k = 0; k < ok.n; k++) {
            int dd = edit_distance(item, ok.k[k]);
            /* a word of the label that starts like the item counts as close */
            if (strstr(ok.k[k], item) || play_iprefix(item, ok.k[k])) dd = 1;
            if (dd < dist) dist = dd;
        }
        if (dist > limit) continue;
        for (int s = 0; s < 3; s++)
            if (dist < bd[s]) {
                for (int t = 2; t > s; t--) best[t] = best[t - 1], bd[t] = bd[t - 1];
                best[s] = i;
                bd[s] = dist;
                break;
            }
    }
    for (int s = 0; s < 3 && best[s] >= 0; s++)
        buf_printf(b, "%s%d) %s", s == 0 ? "" : (s == 2 || best[s + 1 < 3 ? s + 1 : 2] < 0) ? " or " : ", ",
                   best[s] + 1, answer_opt_label(ss, best[s]));
}

/* "1) Lair, 2) Jungle, 3) River, …"; a question answered by value: "0, 1, 2 or 3" */
void answer_list_options(const Session *ss, Buf *b, int most)
{
    DecisionView d = game_decision(ss->g);
    if (answer_by_value(ss)) {
        for (int i = 0; i < d.nopt && i < most; i++)
            buf_printf(b, "%s%s", i == 0 ? "" : i == d.nopt - 1 ? " or " : ", ", answer_opt_label(ss, i));
        if (d.nopt > most) buf_printf(b, ", ... (%d in all)", d.nopt);
        return;
    }
    for (int i = 0; i < d.nopt && i < most; i++) buf_printf(b, "%s%d) %s", i ? ", " : "", i + 1, answer_opt_label(ss, i));
    if (d.nopt > most) buf_printf(b, ", ... (%d in all)", d.nopt);
}


/* Resolves one item to an option index not yet in picks[0..np). */
static int resolve_item(const Session *ss, const char *item, const int *picks, int np, int *out, Buf *why)
{
    char q[ECHO_SIZE];
    int m[1024];
    int n = match_item(ss, item, m, 1024);
    DecisionView d = game_decision(ss->g);
    if (n == 0) {
        /* "pass" answers the one option a script marked as the pass (decide.choose's
         * `pass = true`), whatever its label says ("pass (gain 1 coin)") */
        int npass = 0, pass = -1;
        for (int i = 0; i < d.nopt; i++)
            if (d.opts[i].vtype == OPT_PASS) npass++, pass = i;
        if (npass == 1 && play_ieq(item, "pass")) {
            bool used = false;
            for (int k = 0; k < np; k++)
                if (picks[k] == pass) used = true;
            if (!used) {
                *out = pass;
                return PARSE_OK;
            }
        }
        int verb[6], nv = 0;
        for (int i = 0; i < d.nopt && nv < 6; i++)
            if (bare_verb(item, answer_opt_label(ss, i))) verb[nv++] = i;
        if (play_is_integer(item) && answer_by_value(ss)) {
            if (!answer_refusal_text(ss, item, true, why)) {
                buf_printf(why, "'%s' is not an option here: answer ", ECHO(item, q));
                answer_list_options(ss, why, 12);
            }
        } else if (play_is_integer(item))
            buf_printf(why, "there is no option %s here: choose 1 to %d", ECHO(item, q), d.nopt);
        else if (answer_refusal_text(ss, item, false, why))
            ; /* "resist" with nothing discarded: the game said why */
        else if (nv > 0) {
            buf_printf(why, "'%s' is only the first word of ", ECHO(item, q));
            for (int i = 0; i < nv; i++)
                buf_printf(why, "%s%d) %s", i == 0 ? "" : i == nv - 1 ? " or " : ", ", verb[i] + 1,
                           answer_opt_label(ss, verb[i]));
            buf_printf(why, ": type more of it, or the number");
        } else {
            buf_printf(why, "'%s' is not an option here", ECHO(item, q));
            Buf c = {0};
            answer_closest(ss, item, &c);
            if (c.len) buf_printf(why, "; did you mean %s?", c.s);
            else {
                buf_printf(why, " (options: ");
                answer_list_options(ss, why, 6);
                buf_printf(why, ")");
            }
            buf_free(&c);
        }
        return PARSE_NOMATCH;
    }
    /* options that read the same (two Lairs in hand) are one choice: take a free one */
    bool same = true;
    for (int i = 1; i < n; i++)
        if (strcmp(answer_opt_label(ss, m[i]), answer_opt_label(ss, m[0])) != 0) same = false;
    if (n > 1 && !same) {
        buf_printf(why, "'%s' is ambiguous: it could be ", ECHO(item, q));
        for (int i = 0; i < n && i < 6; i++)
            buf_printf(why, "%s%d) %s", i == 0 ? "" : i == n - 1 || i == 5 ? " or " : ", ", m[i] + 1, answer_opt_label(ss, m[i]));
        buf_printf(why, " (type more of the name, or the number)");
        return PARSE_AMBIGUOUS;
    }
    for (int i = 0; i < n; i++) {
        bool used = false;
        for (int k = 0; k < np; k++)
            if (picks[k] == m[i]) used = true;
        if (!used) {
            *out = m[i];
            return PARSE_OK;
        }
    }
    if (n > 1) /* every copy is picked already: "white white white" for two whites */
        buf_printf(why, "%s is picked %d times; there are %d", answer_opt_label(ss, m[0]), n + 1, n);
    else buf_printf(why, "%s is picked twice", answer_opt_label(ss, m[0]));
    return PARSE_BAD;
}

/* Why an answer of more than PICKS_MAX picks is refused: what the decision takes, when
 * it takes fewer ("this decision takes exactly 1"), else the limit of an answer. */
static void too_many_picks(const Session *ss, Buf *why)
{
    DecisionView d = game_decision(ss->g);
    if (d.kind == DEC_ORDER && d.nopt < PICKS_MAX)
        buf_printf(why, "put all %d in order (you gave more than %d)", d.nopt, PICKS_MAX);
    else if (d.kind != DEC_ORDER && d.max < PICKS_MAX && d.min == d.max)
        buf_printf(why, "this decision takes exactly %d (you gave more than %d)", d.max, PICKS_MAX);
    else if (d.kind != DEC_ORDER && d.max < PICKS_MAX)
        buf_printf(why, "too many: this decision takes at most %d (max %d; you gave more than %d)", d.max, d.max,
                   PICKS_MAX);
    else buf_printf(why, "too many picks in one answer: at most %d", PICKS_MAX);
}

/* Splits a line into option indexes: "2", "play river", "1 3", "lair, river",
 * "lair river", "none"; commas inside an option's whole label do not split it
 * (split_answer). Returns PARSE_* and the picks; why gets the reason. */
int answer_parse_picks(const Session *ss, const char *line, int *picks, int *np, Buf *why)
{
    char buf[LINE_MAX_REPL + 1];
    size_t tl = play_trimmed_len(line);
    *np = 0;
    if (tl > LINE_MAX_REPL) {
        buf_printf(why, "this answer is %zu characters long; at most %d are read", tl, LINE_MAX_REPL);
        return PARSE_BAD;
    }
    play_trim_copy(buf, sizeof buf, line, strlen(line));
    if (play_ieq(buf, "none") || strcmp(buf, "-") == 0) return PARSE_OK;
    static char items[PICKS_MAX][ITEM_MAX]; /* 51 KB: off the stack (one prompt at a time) */
    int ni = 0;
    if (strchr(buf, ',')) {
        ni = split_answer(buf, label_of, (void *)ss, game_decision(ss->g).nopt, items, PICKS_MAX);
        if (ni == SPLIT_TOO_MANY) {
            too_many_picks(ss, why);
            return PARSE_BAD;
        }
        if (ni == SPLIT_TOO_LONG) {
            buf_printf(why, "a pick of %d characters or more names no option", ITEM_MAX);
            return PARSE_BAD;
        }
    } else {
        /* numbers are always separate picks; otherwise the whole line names one option
         * unless it does not and each word names one */
        const char *words[PICKS_MAX];
        int nw = 0;
        bool nums = true;
        for (char *tok = strtok(buf, " \t"); tok; tok = strtok(NULL, " \t")) {
            if (nw == PICKS_MAX) {
                too_many_picks(ss, why);
                return PARSE_BAD;
            }
            words[nw++] = tok;
            if (!play_is_integer(tok)) nums = false;
        }
        if (nums || nw == 1) {
            for (int i = 0; i < nw; i++) {
                if (strlen(words[i]) >= ITEM_MAX) {
                    buf_printf(why, "a pick of %d characters or more names no option", ITEM_MAX);
                    return PARSE_BAD;
                }
                snprintf(items[ni++], sizeof items[0], "%s", words[i]);
            }
        } else {
            char whole[LINE_MAX_REPL + 1];
            play_trim_copy(whole, sizeof whole, line, strlen(line));
            int one;
            Buf w1 = {0};
            int r = resolve_item(ss, whole, picks, 0, &one, &w1);
            if (r == PARSE_OK || r == PARSE_AMBIGUOUS) {
                if (r == PARSE_OK) {
                    picks[(*np)++] = one;
                } else {
                    buf_printf(why, "%s", w1.s);
                }
                buf_free(&w1);
                return r;
            }
            /* each word its own pick, if every word names an option; a name given twice
             * ("beach beach") is refused as "beach, beach" is */
            int tmp[PICKS_MAX], nt = 0;
            bool all = true;
            for (int i = 0; i < nw && all; i++) {
                Buf w2 = {0};
                int k;
                int r2 = resolve_item(ss, words[i], tmp, nt, &k, &w2);
                if (r2 == PARSE_OK) tmp[nt++] = k;
                else all = false;
                if (r2 == PARSE_BAD) {
                    buf_printf(why, "%s", w2.s);
                    buf_free(&w2);
                    buf_free(&w1);
                    return PARSE_BAD;
                }
                buf_free(&w2);
            }
            if (all) {
                memcpy(picks, tmp, (size_t)nt * sizeof *tmp);
                *np = nt;
                buf_free(&w1);
                return PARSE_OK;
            }
            /* a leading verb before a name: "play river", "pick lair" */
            const char *rest = whole + strcspn(whole, " \t");
            while (*rest == ' ' || *rest == '\t') rest++;
            bool verb = play_iprefix("play ", whole) || play_iprefix("pick ", whole) || play_iprefix("choose ", whole);
            Buf w3 = {0};
            int r3 = verb && !play_is_integer(rest) ? resolve_item(ss, rest, picks, 0, &one, &w3) : PARSE_NOMATCH;
            buf_free(&w3);
            if (r3 == PARSE_OK) {
                picks[(*np)++] = one;
                buf_free(&w1);
                return PARSE_OK;
            }
            /* word by word, punctuation aside: "thief e" for "Thief: east to b2" */
            int wm = match_words(ss, whole);
            if (wm >= 0) {
                picks[(*np)++] = wm;
                buf_free(&w1);
                return PARSE_OK;
            }
            buf_printf(why, "%s", w1.s);
            buf_free(&w1);
            return r;
        }
    }
    for (int i = 0; i < ni; i++) {
        int k;
        int r = resolve_item(ss, items[i], picks, *np, &k, why);
        if (r != PARSE_OK) return r;
        picks[(*np)++] = k;
    }
    return PARSE_OK;
}

/* Why n picks do not fit the decision's min/max, or "" when they do. */
bool answer_count_fits(const Session *ss, int n, Buf *why)
{
    DecisionView d = game_decision(ss->g);
    if (d.kind == DEC_ORDER && n != d.nopt) {
        buf_printf(why, "put all %d in order (you gave %d): e.g. ", d.nopt, n);
        for (int i = 0; i < d.nopt && i < 8; i++) buf_printf(why, "%s%d", i ? " " : "", i + 1);
        return false;
    }
    if (n < d.min) {
        if (d.min == d.max) buf_printf(why, "this decision takes exactly %d (you gave %d)", d.min, n);
        else buf_printf(why, "too few: this decision takes at least %d (min %d; you gave %d)", d.min, d.min, n);
        return false;
    }
    if (n > d.max) {
        if (d.min == d.max) buf_printf(why, "this decision takes exactly %d (you gave %d)", d.max, n);
        else buf_printf(why, "too many: this decision takes at most %d (max %d; you gave %d)", d.max, d.max, n);
        return false;
    }
    return true;
}
