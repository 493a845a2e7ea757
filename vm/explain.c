/* explain.c — why a scenario check failed, in the designer's terms: which part of it
 * was false, what it expected and what it got, and what the calls in that part read.
 *
 *   return game.turn() == 2 and seat.get(2, "will") == 1
 *     -> seat.get(2, "will") == 1: expected 1, got 3
 *   return holds(hand(2), { "lair", "river" })
 *     -> holds(hand(2), { "lair", "river" }) is false
 *        where hand(2) is hand of seat 2, holding Lair, Jungle, Beach
 *
 * A check is Lua text; this reads it with a small lexer (strings, long strings and
 * comments skipped, brackets counted), splits a single expression at its top-level
 * `and`s, and evaluates each part again, read-only, as the check ran (vm_eval_expr):
 * checks change nothing, so running a part again reads the same game. A value is a
 * zone when the last API call that made it returned one (vm->zone_seen): a helper such
 * as hand(2) is then shown with the cards it holds. What is explained is the check's
 * final `return` expression, or an assert's argument, standing in the check's own block
 * (not in a function, loop or if): the statements before it run again first, so the
 * part reads the locals it had. Read next: run.c (vm_check). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "vmi.h"

#define EX_MAX_TOKENS 4000
#define EX_MAX_READS 6   /* "where" lines under a failure */
#define EX_MAX_TEXT 160  /* characters of a part of the check or a value shown */
#define EX_MAX_CARDS 20  /* cards named for a zone */

enum { T_NAME, T_KW, T_NUM, T_STR, T_OP, T_OPEN, T_CLOSE };

typedef struct Tok {
    int type;
    int line;
    size_t a, b; /* [a, b) in the source */
} Tok;

typedef struct Lex {
    const char *src;
    Tok *t;
    int n;
    size_t pre; /* the statements before the explained expression: src[0, pre) */
} Lex;

static const char *const keywords[] = {"and",   "break", "do",   "else",   "elseif", "end",    "false",
                                       "for",   "function", "goto", "if",  "in",     "local",  "nil",
                                       "not",   "or",    "repeat", "return", "then", "true",   "until",
                                       "while", NULL};

static bool is_kw(const Lex *x, int i, const char *kw)
{
    const Tok *t = &x->t[i];
    size_t l = strlen(kw);
    return t->type == T_KW && t->b - t->a == l && memcmp(x->src + t->a, kw, l) == 0;
}

static bool is_op(const Lex *x, int i, const char *op)
{
    const Tok *t = &x->t[i];
    size_t l = strlen(op);
    return (t->type == T_OP || t->type == T_OPEN || t->type == T_CLOSE) && t->b - t->a == l &&
           memcmp(x->src + t->a, op, l) == 0;
}

/* The level of a long bracket at p ("[[" 0, "[==[" 2), or -1. */
static int long_bracket(const char *p)
{
    if (*p != '[') return -1;
    int k = 0;
    while (p[1 + k] == '=') k++;
    return p[1 + k] == '[' ? k : -1;
}

/* Skips a long string or comment body from p (just past its opening bracket of level
 * k); NULL when it never closes. */
static const char *long_end(const char *p, int k, int *line)
{
    for (; *p; p++) {
        if (*p == '\n') (*line)++;
        if (*p != ']') continue;
        int j = 0;
        while (p[1 + j] == '=') j++;
        if (j == k && p[1 + j] == ']') return p + 2 + j;
    }
    return NULL;
}

/* Splits src into tokens; false when it cannot (an unfinished string, too long). */
static bool lex(Lex *x, const char *src)
{
    x->src = src;
    x->n = 0;
    int line = 1;
    const char *p = src;
    while (*p) {
        if (*p == '\n') {
            line++;
            p++;
            continue;
        }
        if (isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        if (p[0] == '-' && p[1] == '-') { /* a comment */
            int k = long_bracket(p + 2);
            if (k >= 0) {
                p = long_end(p + 4 + k, k, &line);
                if (!p) return false;
            } else {
                while (*p && *p != '\n') p++;
            }
            continue;
        }
        if (x->n == EX_MAX_TOKENS) return false;
        Tok *t = &x->t[x->n++];
        t->a = (size_t)(p - src);
        t->line = line;
        int k = long_bracket(p);
        if (k >= 0) {
            t->type = T_STR;
            p = long_end(p + 2 + k, k, &line);
            if (!p) return false;
        } else if (*p == '"' || *p == '\'') {
            char q = *p++;
            while (*p && *p != q) {
                if (*p == '\n') return false;
                if (*p == '\\' && p[1]) p++;
                p++;
            }
            if (!*p) return false;
            p++;
            t->type = T_STR;
        } else if (isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1]))) {
            t->type = T_NUM;
            for (p++; isalnum((unsigned char)*p) || *p == '.' ||
                      ((*p == '+' || *p == '-') && strchr("eEpP", p[-1]));
                 p++) {}
        } else if (isalpha((unsigned char)*p) || *p == '_') {
            while (isalnum((unsigned char)*p) || *p == '_') p++;
            t->type = T_NAME;
            size_t l = (size_t)(p - src) - t->a;
            for (int i = 0; keywords[i]; i++)
                if (strlen(keywords[i]) == l && memcmp(src + t->a, keywords[i], l) == 0) t->type = T_KW;
        } else if (strchr("([{", *p)) {
            t->type = T_OPEN;
            p++;
        } else if (strchr(")]}", *p)) {
            t->type = T_CLOSE;
            p++;
        } else {
            static const char *const ops[] = {"...", "..", "==", "~=", "<=", ">=", "//", "::", "<<", ">>", NULL};
            t->type = T_OP;
            size_t l = 1;
            for (int i = 0; ops[i]; i++)
                if (strncmp(p, ops[i], strlen(ops[i])) == 0) {
                    l = strlen(ops[i]);
                    break;
                }
            p += l;
        }
        t->b = (size_t)(p - src);
    }
    return true;
}

/* Tokens [a, b) as text, into out, blanks between tokens made one space; cut with "…"
 * at EX_MAX_TEXT characters when short. */
static void tok_text(const Lex *x, int a, int b, Buf *out, bool cut)
{
    size_t start = out->len;
    for (int i = a; i < b; i++) {
        if (i > a && x->t[i].a > x->t[i - 1].b) buf_put(out, " ", 1);
        buf_put(out, x->src + x->t[i].a, x->t[i].b - x->t[i].a);
        if (cut && out->len - start > EX_MAX_TEXT) {
            out->len = start + EX_MAX_TEXT;
            out->s[out->len] = 0;
            buf_printf(out, "…");
            return;
        }
    }
}

/* Evaluates tokens [a, b) as an expression: its value pushed, true; or false. */
static bool eval(Vm *vm, Game *g, const Lex *x, int a, int b)
{
    if (a >= b) return false;
    size_t from = x->t[a].a, to = x->t[b - 1].b;
    vm->zone_seen = 0; /* an expression that calls nothing leaves it so */
    return vm_eval_expr(vm, g, x->src, x->pre, x->src + from, to - from);
}

/* The value at the top of the stack, for a message, into out (cut when long). */
static void show(Vm *vm, Game *g, Buf *out)
{
    size_t start = out->len;
    vm_pretty(vm->L, -1, out, g);
    if (out->len - start > EX_MAX_TEXT) {
        out->len = start + EX_MAX_TEXT;
        out->s[out->len] = 0;
        buf_printf(out, "…");
    }
}

/* Zone z (its Lua id) as "hand of seat 2, holding Lair, Jungle" (every card named:
 * checks are the designer's, who sees everything). */
static void show_zone(Game *g, int32_t zid, Buf *out)
{
    const Zone *z = &S_ZONE(&g->s, zid - 1);
    buf_printf(out, "%s", world_zone_label(g->w, z->name));
    if (z->owner >= 0) buf_printf(out, " of seat %d", z->owner + 1);
    if (z->count == 0) {
        buf_printf(out, ", empty");
        return;
    }
    buf_printf(out, ", holding ");
    int k = 0;
    for (int32_t o = z->head; o >= 0 && k < EX_MAX_CARDS; o = S_OBJ(&g->s, o).next, k++)
        buf_printf(out, "%s%s", k ? ", " : "", g->w->defs[S_OBJ(&g->s, o).def].name);
    if (z->count > k) buf_printf(out, " and %d more", z->count - k);
}

/* The index of the token that closes the bracket opened at i, or -1. */
static int closing(const Lex *x, int i, int end)
{
    int depth = 0;
    for (int k = i; k < end; k++) {
        if (x->t[k].type == T_OPEN) depth++;
        else if (x->t[k].type == T_CLOSE && --depth == 0) return k;
    }
    return -1;
}

/* "where …" lines for the calls in tokens [a, b): a call that gives a zone with the
 * cards in it, another with its value, each once, leaving out the texts in `shown`
 * (the sides already in the message). */
static void reads(Vm *vm, Game *g, const Lex *x, int a, int b, const char *shown, Buf *detail)
{
    lua_State *L = vm->L;
    int lines = 0;
    Buf seen = {0}; /* the calls shown, each between newlines */
    buf_put(&seen, "\n", 1);
    for (int i = a; i < b && lines < EX_MAX_READS; i++) {
        /* a call: a name (a.b.c or a:b) right before "(" (or a string or table argument) */
        if (x->t[i].type != T_NAME || (i > a && (is_op(x, i - 1, ".") || is_op(x, i - 1, ":")))) continue;
        int j = i;
        while (j + 2 < b && (is_op(x, j + 1, ".") || is_op(x, j + 1, ":")) && x->t[j + 2].type == T_NAME) j += 2;
        if (j + 1 >= b || !is_op(x, j + 1, "(")) continue;
        int c = closing(x, j + 1, b);
        if (c < 0) continue;
        Buf text = {0};
        tok_text(x, i, c + 1, &text, false);
        bool dup = !text.s || strlen(text.s) > EX_MAX_TEXT;
        if (!dup) {
            Buf key = {0};
            buf_printf(&key, "\n%s\n", text.s);
            dup = !key.s || (seen.s && strstr(seen.s, key.s)) || (shown && strstr(shown, key.s));
            if (!dup) buf_printf(&seen, "%s\n", text.s);
            buf_free(&key);
        }
        if (!dup && eval(vm, g, x, i, c + 1)) {
            int32_t zone = vm->zone_seen;
            bool is_zone = zone > 0 && lua_isinteger(L, -1) && lua_tointeger(L, -1) == zone &&
                           (uint32_t)zone <= g->s.zones.len;
            buf_printf(detail, "%swhere %s is ", detail->len ? "\n" : "", text.s);
            if (is_zone) show_zone(g, zone, detail);
            else show(vm, g, detail);
            lua_pop(L, 1);
            lines++;
        }
        buf_free(&text);
    }
    buf_free(&seen);
}

/* Tokens [a, b) of a part that was false, explained into head and detail. */
static void explain_part(Vm *vm, Game *g, const Lex *x, int a, int b, Buf *head, Buf *detail)
{
    static const char *const cmp[] = {"==", "~=", "<=", ">=", "<", ">", NULL};
    lua_State *L = vm->L;
    int op = -1, nops = 0, depth = 0;
    for (int i = a; i < b; i++) {
        if (x->t[i].type == T_OPEN) depth++;
        else if (x->t[i].type == T_CLOSE) depth--;
        else if (depth == 0 && x->t[i].type == T_OP)
            for (int k = 0; cmp[k]; k++)
                if (is_op(x, i, cmp[k])) op = i, nops++;
    }
    tok_text(x, a, b, head, true);
    Buf shown = {0}; /* "\n<side>\n" of each side already in the message */
    buf_put(&shown, "\n", 1);
    if (nops == 1 && op > a && op + 1 < b) {
        /* a comparison: both sides, the literal one (3, "river", {...}) as the expected */
        int la = a, lb = op, ra = op + 1, rb = b;
        bool left_literal = lb - la == 1 && (x->t[la].type == T_NUM || x->t[la].type == T_STR ||
                                             is_kw(x, la, "nil") || is_kw(x, la, "true") || is_kw(x, la, "false"));
        bool right_literal = rb - ra == 1 && (x->t[ra].type == T_NUM || x->t[ra].type == T_STR ||
                                              is_kw(x, ra, "nil") || is_kw(x, ra, "true") || is_kw(x, ra, "false"));
        /* a literal on the left is the expected side too: `2 < n` reads as `n > 2` */
        bool swap = left_literal && !right_literal;
        int ga = swap ? ra : la, gb = swap ? rb : lb, ea = swap ? la : ra, eb = swap ? lb : rb;
        if (eval(vm, g, x, ga, gb)) {
            if (eval(vm, g, x, ea, eb)) {
                Buf want = {0}, got = {0};
                show(vm, g, &want);
                lua_pop(L, 1);
                show(vm, g, &got);
                const char *o = x->src + x->t[op].a;
                int olen = (int)(x->t[op].b - x->t[op].a);
                if (swap && o[0] == '<') o = olen == 1 ? ">" : ">=";
                else if (swap && o[0] == '>') o = olen == 1 ? "<" : "<=";
                if (is_op(x, op, "=="))
                    buf_printf(head, ": expected %s, got %s", want.s ? want.s : "?", got.s ? got.s : "?");
                else if (is_op(x, op, "~="))
                    buf_printf(head, ": expected a value other than %s, got %s", want.s ? want.s : "?",
                               got.s ? got.s : "?");
                else
                    buf_printf(head, ": expected %.*s %s, got %s", olen, o,
                               want.s ? want.s : "?", got.s ? got.s : "?");
                buf_free(&want);
                buf_free(&got);
            }
            lua_pop(L, 1);
        }
        tok_text(x, la, lb, &shown, false);
        buf_put(&shown, "\n", 1);
        tok_text(x, ra, rb, &shown, false);
        buf_put(&shown, "\n", 1);
    } else if (is_kw(x, a, "not") && nops == 0 && b - a > 1) {
        /* `not X` was false: X was neither false nor nil */
        if (eval(vm, g, x, a + 1, b)) {
            buf_printf(head, ": ");
            tok_text(x, a + 1, b, head, true);
            buf_printf(head, " is ");
            show(vm, g, head);
            lua_pop(L, 1);
        }
        tok_text(x, a + 1, b, &shown, false);
        buf_put(&shown, "\n", 1);
    } else if (eval(vm, g, x, a, b)) {
        buf_printf(head, " is ");
        show(vm, g, head);
        lua_pop(L, 1);
    }
    tok_text(x, a, b, &shown, false);
    buf_put(&shown, "\n", 1);
    reads(vm, g, x, a, b, shown.s, detail);
    buf_free(&shown);
}

/* Whether token i stands in the check's own block, not inside a function, loop or if:
 * the statements before it then run in order before it, and leave their locals to it. */
static bool top_level(const Lex *x, int i)
{
    int depth = 0;
    for (int k = 0; k < i; k++) {
        if (is_kw(x, k, "if") || is_kw(x, k, "do") || is_kw(x, k, "function") || is_kw(x, k, "repeat")) depth++;
        else if (is_kw(x, k, "end") || is_kw(x, k, "until")) depth--;
    }
    return depth == 0;
}

/* Tokens [a, b) hold one expression: no statement keyword, no function, no `=` outside
 * brackets, and it compiles as `return (…)`. */
static bool one_expression(const Lex *x, int a, int b)
{
    static const char *const stmt[] = {"break", "do", "else", "elseif", "end", "for", "function", "goto", "if",
                                       "in", "local", "repeat", "return", "then", "until", "while", NULL};
    if (a >= b) return false;
    int depth = 0;
    for (int i = a; i < b; i++) {
        if (x->t[i].type == T_OPEN) depth++;
        else if (x->t[i].type == T_CLOSE) depth--;
        else if (depth == 0 && (is_op(x, i, "=") || is_op(x, i, ",") || is_op(x, i, ";"))) return false;
        for (int k = 0; stmt[k]; k++)
            if (is_kw(x, i, stmt[k])) return false;
    }
    return depth == 0;
}

bool vm_explain(Vm *vm, Game *g, const char *src, int aline, Buf *head, Buf *detail)
{
    Lex x;
    x.t = xmalloc(EX_MAX_TOKENS * sizeof *x.t);
    if (!x.t) return false;
    x.pre = 0;
    bool done = false;
    int a = 0, b = 0;
    if (!lex(&x, src)) goto out;
    if (aline > 0) {
        /* the argument of the first assert on that line; in the check's own block, so
         * that the statements before it give it the locals it reads */
        for (int i = 0; i + 1 < x.n && !b; i++) {
            if (x.t[i].line != aline || x.t[i].type != T_NAME || x.t[i].b - x.t[i].a != 6 ||
                memcmp(src + x.t[i].a, "assert", 6) != 0 || !is_op(&x, i + 1, "("))
                continue;
            if (!top_level(&x, i)) goto out;
            x.pre = x.t[i].a;
            int c = closing(&x, i + 1, x.n), depth = 0;
            if (c < 0) goto out;
            a = i + 2;
            b = c;
            for (int k = a; k < c; k++) { /* up to the message, if any */
                if (x.t[k].type == T_OPEN) depth++;
                else if (x.t[k].type == T_CLOSE) depth--;
                else if (depth == 0 && is_op(&x, k, ",")) {
                    b = k;
                    break;
                }
            }
        }
    } else {
        /* `return <expression>` alone or after statements of the check's own block, or an
         * expression (a check may be written either way) */
        int r = -1;
        for (int i = 0; i < x.n; i++)
            if (is_kw(&x, i, "return")) r = i;
        if (r > 0 && !top_level(&x, r)) goto out;
        a = r >= 0 ? r + 1 : 0;
        if (r > 0) x.pre = x.t[r].a;
        b = x.n;
        if (b > a && is_op(&x, b - 1, ";")) b--;
    }
    if (!one_expression(&x, a, b)) goto out;
    /* its parts: split at the top-level `and`s (an `or` among them: the whole) */
    int cuts[257], ncuts = 0, depth = 0;
    bool any_or = false;
    cuts[ncuts++] = a;
    for (int i = a; i < b; i++) {
        if (x.t[i].type == T_OPEN) depth++;
        else if (x.t[i].type == T_CLOSE) depth--;
        else if (depth == 0 && is_kw(&x, i, "or")) any_or = true;
        else if (depth == 0 && is_kw(&x, i, "and") && ncuts < 256) cuts[ncuts++] = i + 1;
    }
    if (any_or) ncuts = 1;
    for (int k = 0; k < ncuts && !done; k++) {
        int pa = cuts[k], pb = k + 1 < ncuts ? cuts[k + 1] - 1 : b;
        if (!eval(vm, g, &x, pa, pb)) break; /* a part that raises: nothing to say */
        bool falsy = !lua_toboolean(vm->L, -1);
        lua_pop(vm->L, 1);
        if (!falsy) continue;
        if (pb - pa == 1 && x.t[pa].type == T_KW) break; /* a bare `false`: it says it all */
        Buf why = {0};
        explain_part(vm, g, &x, pa, pb, head, &why);
        if (detail && why.s) buf_printf(detail, "%s%s", detail->len ? "\n" : "", why.s);
        buf_free(&why);
        done = true;
    }
out:
    xfree(x.t);
    return done;
}
