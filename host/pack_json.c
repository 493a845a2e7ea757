/* pack_json.c — the JSON side of pack loading: reading a file strictly (its errors at
 * file, line and column, with a hint for the usual slip, a comma before a closing
 * bracket), finding where a value lies in the text to place an error found after
 * parsing (json_locate), and naming an unknown key. Read next: pack.c. */
#include <stdio.h>
#include <string.h>

#include "pack.h"

/* ---------------------------------------------------------------- locating -------- */

static void skip_ws(const char **p, int *line, int *col)
{
    while (**p == ' ' || **p == '\t' || **p == '\n' || **p == '\r') {
        if (**p == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
        (*p)++;
    }
}

static void skip_string(const char **p, int *col)
{
    (*p)++;
    (*col)++;
    while (**p && **p != '"') {
        if (**p == '\\' && (*p)[1]) {
            (*p)++;
            (*col)++;
        }
        (*p)++;
        (*col)++;
    }
    if (**p) {
        (*p)++;
        (*col)++;
    }
}

static void skip_value(const char **p, int *line, int *col);

static void skip_compound(const char **p, int *line, int *col)
{
    (*p)++;
    (*col)++;
    for (;;) {
        skip_ws(p, line, col);
        if (!**p) return;
        if (**p == '}' || **p == ']') {
            (*p)++;
            (*col)++;
            return;
        }
        if (**p == ',' || **p == ':') {
            (*p)++;
            (*col)++;
            continue;
        }
        skip_value(p, line, col);
    }
}

static void skip_value(const char **p, int *line, int *col)
{
    skip_ws(p, line, col);
    if (**p == '"') skip_string(p, col);
    else if (**p == '{' || **p == '[') skip_compound(p, line, col);
    else
        while (**p && !strchr(",]} \t\r\n", **p)) {
            (*p)++;
            (*col)++;
        }
}

/* Walks one path segment into the compound value at *p. For an object key, *line and
 * *col become the key's position (what an error about that key points at) and *p is
 * left at its value, for the next segment (json_locate recounts lines from there). */
static bool locate_seg(const char **p, int *line, int *col, const char *seg, size_t n)
{
    skip_ws(p, line, col);
    if (**p == '{') {
        (*p)++;
        (*col)++;
        for (;;) {
            skip_ws(p, line, col);
            if (**p != '"') return false;
            const char *k = *p + 1;
            int kl = *line, kc = *col;
            skip_string(p, col);
            size_t klen = (size_t)(*p - k - 1);
            skip_ws(p, line, col);
            if (**p != ':') return false;
            (*p)++;
            (*col)++;
            if (klen == n && memcmp(k, seg, n) == 0) {
                int vl = *line, vc = *col;
                skip_ws(p, &vl, &vc); /* p now at the value */
                *line = kl;
                *col = kc;
                return true;
            }
            skip_value(p, line, col);
            skip_ws(p, line, col);
            if (**p == ',') {
                (*p)++;
                (*col)++;
            } else {
                return false;
            }
        }
    }
    if (**p == '[') {
        long idx = strtol(seg, NULL, 10);
        (*p)++;
        (*col)++;
        for (long i = 0;; i++) {
            skip_ws(p, line, col);
            if (**p == ']' || !**p) return false;
            if (i == idx) return true;
            skip_value(p, line, col);
            skip_ws(p, line, col);
            if (**p == ',') {
                (*p)++;
                (*col)++;
            }
        }
    }
    return false;
}

bool json_locate(const char *text, const char *path, int *line, int *col)
{
    const char *p = text;
    int l = 1, c = 1;
    const char *seg = path;
    while (*seg) {
        const char *end = strchr(seg, '/');
        size_t n = end ? (size_t)(end - seg) : strlen(seg);
        if (!locate_seg(&p, &l, &c, seg, n)) return false;
        /* recompute line/col of p from the start (keys report their own position) */
        if (!end) {
            *line = l;
            *col = c;
            return true;
        }
        l = 1;
        c = 1;
        for (const char *q = text; q < p; q++) {
            if (*q == '\n') {
                l++;
                c = 1;
            } else {
                c++;
            }
        }
        seg = end + 1;
    }
    *line = l;
    *col = c;
    return true;
}

const char *json_unknown_key(json_t *obj, const char *const *allowed, char *list, size_t n)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        bool ok = false;
        for (int i = 0; allowed[i]; i++)
            if (strcmp(allowed[i], key) == 0) ok = true;
        if (!ok) {
            size_t u = 0;
            list[0] = 0;
            for (int i = 0; allowed[i] && u < n; i++)
                u += (size_t)snprintf(list + u, n - u, "%s%s", i ? ", " : "", allowed[i]);
            return key;
        }
    }
    return NULL;
}

/* ---------------------------------------------------------------- reading --------- */

/* The hint for a parse error at text[at]: a '}' or ']' that closes the innermost open
 * object or list (a mismatched bracket is another mistake) and follows a ',' with only
 * white space between, as JSON-like formats that allow a trailing comma write it; ""
 * otherwise. */
static const char *comma_hint(const char *text, size_t len, size_t at)
{
    if (at >= len || (text[at] != '}' && text[at] != ']')) return "";
    size_t k = at;
    while (k > 0 && strchr(" \t\r\n", text[k - 1])) k--;
    if (k == 0 || text[k - 1] != ',') return "";
    /* the innermost bracket open at `at`, strings skipped (jansson nests at most 2048
     * deep, the room here) */
    char open[2048];
    size_t depth = 0;
    for (size_t i = 0; i < at; i++) {
        char ch = text[i];
        if (ch == '"') {
            for (i++; i < at && text[i] != '"'; i++)
                if (text[i] == '\\') i++;
        } else if (ch == '{' || ch == '[') {
            if (depth < sizeof open) open[depth] = ch;
            depth++;
        } else if ((ch == '}' || ch == ']') && depth > 0) {
            depth--;
        }
    }
    if (depth == 0 || depth > sizeof open) return "";
    if (open[depth - 1] != (text[at] == '}' ? '{' : '[')) return "";
    return text[at] == '}' ? "; JSON allows no comma before '}'" : "; JSON allows no comma before ']'";
}

json_t *pack_json_load(const char *path, const char *shape, char **text_out, Err *e)
{
    size_t len;
    char *text = file_read(path, &len, e);
    if (!text) return NULL;
    json_error_t je;
    json_t *j = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!j) {
        /* je.position: the bytes read, the one jansson stopped at included */
        const char *hint = je.position > 0 ? comma_hint(text, len, (size_t)je.position - 1) : "";
        err_at(e, path, je.line, je.column, "%s%s", je.text, hint);
        xfree(text);
        return NULL;
    }
    if (!json_is_object(j)) {
        err_at(e, path, 1, 1, "the file must hold a JSON object%s%s%s", json_is_array(j) ? ", not a list" : "",
               shape ? ": " : "", shape ? shape : "");
        json_decref(j);
        xfree(text);
        return NULL;
    }
    *text_out = text;
    return j;
}
