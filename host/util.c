/* util.c — errors, checked allocation with fault injection, vectors, buffers,
 * hashing and atomic file writes. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "util.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void err_clear(Err *e)
{
    if (!e) return;
    e->msg[0] = 0;
    e->file[0] = 0;
    e->line = e->col = 0;
}

size_t str_copy(char *dst, size_t n, const char *src)
{
    size_t len = strnlen(src, n - 1);
    memcpy(dst, src, len);
    dst[len] = 0;
    return len;
}

/* Ends a message that did not fit cleanly: msg[n] holds the first n - 1 bytes of a
 * longer text (vsnprintf's cut, which may fall mid-line or mid-character). After the
 * last whole line that fits with a marker line, "\n\t(… the rest cut)" (tabbed as a
 * traceback's lines are; it says no count: a text cut before, and then prefixed, would
 * give a count of what is left of it, not of what was lost); when no
 * whole line fits (one long line), the text is cut at a character boundary and ends
 * with "…". The result fits in msg[n], NUL-terminated. */
static const char ellipsis[] = "\xe2\x80\xa6"; /* U+2026 in UTF-8 */

/* Writes "…" at msg[k], first moving k back to the start of a character (UTF-8
 * continuation bytes are 10xxxxxx; a character has at most three); msg must hold
 * k + sizeof ellipsis bytes. */
static void ellipsis_at(char *msg, size_t k)
{
    for (int i = 0; i < 3 && k > 0 && ((unsigned char)msg[k] & 0xC0) == 0x80; i++) k--;
    memcpy(msg + k, ellipsis, sizeof ellipsis);
}

static void err_cut(char *msg, size_t n)
{
    static const char mark[] = "\n\t(\xe2\x80\xa6 the rest cut)";
    _Static_assert(sizeof ((Err *)0)->msg >= 64, "err_cut needs room for its marker");
    /* a '\n' at p ends the whole line msg[0..p) (p 0: an empty first line, no help) */
    for (size_t p = n - 1; p-- > 1;) {
        if (msg[p] != '\n' || p + sizeof mark > n) continue;
        memcpy(msg + p, mark, sizeof mark);
        return;
    }
    /* cut before a byte that starts a character */
    ellipsis_at(msg, n - sizeof ellipsis);
}

/* Formats into e->msg, cut cleanly (err_cut) when the text does not fit. */
static void err_vformat(Err *e, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
static void err_vformat(Err *e, const char *fmt, va_list ap)
{
    int len = vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    if (len >= (int)sizeof e->msg) err_cut(e->msg, sizeof e->msg);
}

void err_set(Err *e, const char *fmt, ...)
{
    if (!e) return;
    va_list ap;
    va_start(ap, fmt);
    err_vformat(e, fmt, ap);
    va_end(ap);
}

void err_at(Err *e, const char *file, int line, int col, const char *fmt, ...)
{
    if (!e) return;
    snprintf(e->file, sizeof e->file, "%s", file ? file : "");
    e->line = line;
    e->col = col;
    va_list ap;
    va_start(ap, fmt);
    err_vformat(e, fmt, ap);
    va_end(ap);
}

void err_append(Err *e, const char *tail)
{
    if (!e) return;
    size_t n = sizeof e->msg, lm = strlen(e->msg), lt = strlen(tail);
    if (lt + sizeof ellipsis > n) { /* the tail alone does not fit: it replaces the text */
        err_set(e, "%s", tail);
        return;
    }
    if (lm + lt >= n) {
        ellipsis_at(e->msg, n - lt - sizeof ellipsis);
        lm = strlen(e->msg);
    }
    memcpy(e->msg + lm, tail, lt + 1);
}

void err_format(const Err *e, char *buf, size_t n)
{
    if (e->file[0] && e->line > 0 && e->col > 0)
        snprintf(buf, n, "%s:%d:%d: %s", e->file, e->line, e->col, e->msg);
    else if (e->file[0] && e->line > 0)
        snprintf(buf, n, "%s:%d: %s", e->file, e->line, e->msg);
    else if (e->file[0])
        snprintf(buf, n, "%s: %s", e->file, e->msg);
    else
        snprintf(buf, n, "%s", e->msg);
}

static long fail_after = -1;

void xalloc_fail_after(long n)
{
    fail_after = n;
}

static bool alloc_allowed(void)
{
    if (fail_after < 0) return true;
    if (fail_after == 0) return false;
    fail_after--;
    return true;
}

void *xmalloc(size_t n)
{
    if (!alloc_allowed()) return NULL;
    return malloc(n ? n : 1);
}

void *xcalloc(size_t a, size_t b)
{
    if (!alloc_allowed()) return NULL;
    return calloc(a ? a : 1, b ? b : 1);
}

void *xrealloc(void *p, size_t n)
{
    if (!alloc_allowed()) return NULL;
    return realloc(p, n ? n : 1);
}

bool ids_contain(const int32_t *ids, int n, int32_t id)
{
    for (int i = 0; i < n; i++)
        if (ids[i] == id) return true;
    return false;
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = xmalloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

void xfree(void *p)
{
    free(p);
}

bool vec_grow(Vec *v, size_t esz, size_t extra)
{
    size_t need = (size_t)v->len + extra;
    if (need <= v->cap) return true;
    if (need > UINT32_MAX / 2) return false;
    size_t cap = v->cap ? v->cap : 8;
    while (cap < need) cap *= 2;
    void *d = xrealloc(v->data, cap * esz);
    if (!d) return false;
    v->data = d;
    v->cap = (uint32_t)cap;
    return true;
}

bool vec_copy(Vec *dst, const Vec *src, size_t esz)
{
    if (dst->cap < src->len) {
        size_t cap = src->cap ? src->cap : 8;
        void *d = xrealloc(dst->data, cap * esz);
        if (!d) return false;
        dst->data = d;
        dst->cap = (uint32_t)cap;
    }
    if (src->len) memcpy(dst->data, src->data, (size_t)src->len * esz);
    dst->len = src->len;
    return true;
}

void vec_free(Vec *v)
{
    xfree(v->data);
    v->data = NULL;
    v->len = v->cap = 0;
}

bool buf_put(Buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1) cap *= 2;
        char *d = xrealloc(b->s, cap);
        if (!d) return false;
        b->s = d;
        b->cap = cap;
    }
    if (n) memcpy(b->s + b->len, s, n); /* s may be NULL when n is 0 */
    b->len += n;
    b->s[b->len] = 0;
    return true;
}

bool buf_printf(Buf *b, const char *fmt, ...)
{
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return false;
    if ((size_t)n < sizeof tmp) return buf_put(b, tmp, (size_t)n);
    char *big = xmalloc((size_t)n + 1);
    if (!big) return false;
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    bool ok = buf_put(b, big, (size_t)n);
    xfree(big);
    return ok;
}

void buf_free(Buf *b)
{
    xfree(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

bool parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    if (!s || !*s) return false;
    uint64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return false;
        unsigned d = (unsigned)(*s - '0');
        if (v > max / 10 || (v == max / 10 && d > max % 10)) return false; /* v * 10 + d > max */
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++) {
        h ^= c[i];
        h *= 1099511628211ULL;
    }
    return h;
}

char *file_read(const char *path, size_t *len, Err *e)
{
    /* opened without waiting, and only a plain file is read: a FIFO among a pack's files
     * (or a device) would otherwise block the open, or read what is not a file */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        err_at(e, path, 0, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    struct stat st;
    const char *why = fstat(fd, &st) != 0 ? strerror(errno)
                      : S_ISDIR(st.st_mode) ? "it is a folder, not a file"
                      : !S_ISREG(st.st_mode) ? "it is not a plain file (a FIFO, a socket or a device)"
                                             : NULL;
    if (why) {
        close(fd);
        err_at(e, path, 0, 0, "cannot read: %s", why);
        return NULL;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        err_at(e, path, 0, 0, "cannot open: %s", strerror(errno));
        close(fd);
        return NULL;
    }
    Buf b = {0};
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (!buf_put(&b, chunk, n)) {
            fclose(f);
            buf_free(&b);
            err_at(e, path, 0, 0, "out of memory reading file");
            return NULL;
        }
    }
    bool bad = ferror(f);
    int err = errno;
    fclose(f);
    if (bad) {
        buf_free(&b);
        err_at(e, path, 0, 0, "cannot read: %s", strerror(err));
        return NULL;
    }
    if (!b.s) buf_put(&b, "", 0);
    if (len) *len = b.len;
    return b.s;
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

bool dir_list(const char *dir, char ***names, size_t *n, bool *complete)
{
    *names = NULL;
    *n = 0;
    *complete = true;
    DIR *d = opendir(dir);
    if (!d) return false;
    size_t cap = 0;
    for (struct dirent *de; (de = readdir(d));) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0) continue;
        if (*n == cap) {
            size_t nc = cap ? cap * 2 : 64;
            char **nn = xrealloc(*names, nc * sizeof *nn);
            if (!nn) {
                *complete = false;
                break;
            }
            *names = nn;
            cap = nc;
        }
        if (!((*names)[*n] = xstrdup(de->d_name))) {
            *complete = false;
            break;
        }
        (*n)++;
    }
    closedir(d);
    if (*n) qsort(*names, *n, sizeof **names, cmp_name);
    return true;
}

void dir_list_free(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++) xfree(names[i]);
    xfree(names);
}

/* The scratch file beside path that a write goes to first, then renamed. */
static void tmp_beside(const char *path, char *tmp, size_t n)
{
    snprintf(tmp, n, "%s.tmp.%ld", path, (long)getpid());
}

/* A folder is refused by name: writing the temporary file beside it and renaming it
 * over the folder failed with the rename's errno ("Device or resource busy" for "."). */
static bool refuse_folder(const char *path, Err *e)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) return false;
    err_at(e, path, 0, 0, "cannot write: it is a folder (give a file name)");
    return true;
}

/* Where a write to path goes. A path that is there but no regular file (/dev/null, a
 * FIFO, a terminal) is written in place (*direct): the temporary file renamed over it
 * replaced it, /dev/null itself for a process that may write in /dev. A symbolic link
 * to a file is followed, the temporary file put beside the file it names (the rename
 * replaced the link by a file). Returns the path to write (malloc'd when a link was
 * followed: *owned), else path. */
static const char *write_target(const char *path, bool *direct, char **owned)
{
    struct stat st, lst;
    *direct = false;
    *owned = NULL;
    if (stat(path, &st) != 0) return path;
    if (!S_ISREG(st.st_mode)) {
        *direct = true;
        return path;
    }
    if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) *owned = realpath(path, NULL);
    return *owned ? *owned : path;
}

bool file_write_atomic(const char *path, const char *data, size_t len, Err *e)
{
    if (refuse_folder(path, e)) return false;
    bool direct;
    char *owned;
    const char *target = write_target(path, &direct, &owned);
    if (direct) { /* no rename, and no fsync: a device or a pipe may refuse it */
        FILE *f = fopen(path, "wb");
        bool ok = f && fwrite(data, 1, len, f) == len;
        ok = f && fclose(f) == 0 && ok;
        if (!ok) err_at(e, path, 0, 0, "cannot write: %s", strerror(errno));
        return ok;
    }
    char tmp[4096];
    tmp_beside(target, tmp, sizeof tmp);
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        err_at(e, path, 0, 0, "cannot write: %s", strerror(errno));
        free(owned);
        return false;
    }
    bool ok = fwrite(data, 1, len, f) == len;
    ok = (fflush(f) == 0) && ok;
    ok = (fsync(fileno(f)) == 0) && ok;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, target) != 0) {
        err_at(e, path, 0, 0, "cannot write: %s", strerror(errno));
        remove(tmp);
        free(owned);
        return false;
    }
    free(owned);
    return true;
}

bool file_check_writable(const char *path, Err *e)
{
    if (refuse_folder(path, e)) return false;
    bool direct;
    char *owned;
    const char *target = write_target(path, &direct, &owned);
    if (direct) { /* not opened: a FIFO's open waits for its reader */
        if (access(path, W_OK) == 0) return true;
        err_at(e, path, 0, 0, "cannot write: %s", strerror(errno));
        return false;
    }
    char tmp[4096];
    tmp_beside(target, tmp, sizeof tmp);
    free(owned);
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        err_at(e, path, 0, 0, "cannot write: %s", strerror(errno));
        return false;
    }
    fclose(f);
    remove(tmp);
    return true;
}

/* Edit distance, case-insensitive, on the first 63 bytes. */
int edit_distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (la > 63) la = 63;
    if (lb > 63) lb = 63;
    int row[64];
    for (int j = 0; j <= lb; j++) row[j] = j;
    for (int i = 1; i <= la; i++) {
        int prev = row[0];
        row[0] = i;
        for (int j = 1; j <= lb; j++) {
            int cur = row[j];
            int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            int v = prev + cost;
            if (row[j] + 1 < v) v = row[j] + 1;
            if (row[j - 1] + 1 < v) v = row[j - 1] + 1;
            row[j] = v;
            prev = cur;
        }
    }
    return row[lb];
}

void nearest_init(Nearest *n, const char *key)
{
    n->key = key;
    n->best = NULL;
    n->room = ((int)strlen(key) + 2) / 3;
    if (n->room < 1) n->room = 1;
}

void nearest_try(Nearest *n, const char *cand)
{
    if (strcmp(cand, n->key) == 0) return;
    int d = edit_distance(n->key, cand);
    if (d > n->room) return;
    n->best = cand;
    n->room = d - 1; /* a later one must be closer */
}

void err_show(const Err *e, char *out, size_t n)
{
    /* a Lua message often names its file and line already: do not say it twice (in its
     * first line: a traceback under it names the file too, and says nothing of where
     * the error was) */
    const char *base = strrchr(e->file, '/');
    base = base ? base + 1 : e->file;
    size_t first = strcspn(e->msg, "\n"), bl = strlen(base);
    bool named = false;
    for (size_t i = 0; e->file[0] && bl && i + bl <= first && !named; i++) named = memcmp(e->msg + i, base, bl) == 0;
    if (named) snprintf(out, n, "%s", e->msg);
    else err_format(e, out, n);
}

bool utf8_valid(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    while (*u) {
        unsigned c = *u++;
        if (c < 0x80) continue;
        int more;
        unsigned v, least;
        if (c >= 0xc2 && c <= 0xdf) more = 1, v = c & 0x1f, least = 0x80;
        else if (c >= 0xe0 && c <= 0xef) more = 2, v = c & 0x0f, least = 0x800;
        else if (c >= 0xf0 && c <= 0xf4) more = 3, v = c & 0x07, least = 0x10000;
        else return false;
        for (; more > 0; more--, u++) {
            if ((*u & 0xc0) != 0x80) return false;
            v = v << 6 | (*u & 0x3f);
        }
        if (v < least || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return false;
    }
    return true;
}
