/* util.h — small shared pieces of the host: the error struct every host function
 * fills, growable vectors, and checked allocation. Read next: state.h. */
#ifndef TABULA_UTIL_H
#define TABULA_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <string.h>

/* Every fallible host function returns a status and fills an Err: what went wrong and
 * where (a file and line when the error is in content: JSON, a script). */
typedef struct Err {
    char msg[512];
    char file[256];
    int line, col;
} Err;

/* Formats msg (printf-style) into e, keeping any file/line already set. NULL e is fine.
 * A text longer than msg holds (a long traceback) is cut cleanly, never mid-character:
 * after the last whole line that fits, then a line "\t(… the rest cut)"; a text
 * whose first line alone does not fit ends with "…" instead. */
void err_set(Err *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Sets file and line then formats msg (cut as err_set cuts it). */
void err_at(Err *e, const char *file, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Appends tail to e->msg whole: when both do not fit, the message is cut first, at a
 * character boundary, ending with "…" (a tail such as "(and 3 more errors)" is what must
 * be read). A tail longer than msg holds is cut as err_set cuts. */
void err_append(Err *e, const char *tail);
/* Writes "file:line:col: msg" (or just msg) into buf. */
void err_format(const Err *e, char *buf, size_t n);
void err_clear(Err *e);

/* Copies src into dst[n] (n >= 1), cut to n - 1 bytes like snprintf's "%s", always
 * NUL-terminated; returns the bytes copied. */
size_t str_copy(char *dst, size_t n, const char *src);

/* Reads s as a whole number from 0 to max written in decimal digits only (no sign, no
 * space, no other character), into *out. False, *out untouched, for anything else:
 * "", "abc", "-1", "12x", a number above max. */
bool parse_u64(const char *s, uint64_t max, uint64_t *out);

/* Allocation hook, so tests can fail the Nth allocation (fault injection). */
void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);
void *xcalloc(size_t a, size_t b);
char *xstrdup(const char *s);
/* Whether id is among ids[0..n) (the options an answer names already). */
bool ids_contain(const int32_t *ids, int n, int32_t id);
void xfree(void *p);
/* Fault injection: after `n` more successful allocations, every host allocation fails
 * (returns NULL) until reset with -1. */
void xalloc_fail_after(long n);

/* A growable array of fixed-size elements; all of the state is built from these so a
 * copy is a few memcpy calls. */
typedef struct Vec {
    void *data;
    uint32_t len, cap;
} Vec;

/* vec_reserve when the room is not there yet: grows the array. */
bool vec_grow(Vec *v, size_t esz, size_t extra);

/* Ensures room for `extra` more elements of size `esz`; false on allocation failure.
 * Inline, like vec_push: the state is built by pushing small structs, thousands per
 * game, and the check and the copy of a known size are a few instructions. */
static inline bool vec_reserve(Vec *v, size_t esz, size_t extra)
{
    return (size_t)v->len + extra <= v->cap || vec_grow(v, esz, extra);
}

/* Appends one element (copied from `elem`); returns its index or -1 on failure. */
static inline int32_t vec_push(Vec *v, size_t esz, const void *elem)
{
    if (!vec_reserve(v, esz, 1)) return -1;
    memcpy((char *)v->data + (size_t)v->len * esz, elem, esz);
    return (int32_t)v->len++;
}
/* Makes dst an exact copy of src's elements (growing dst as needed). */
bool vec_copy(Vec *dst, const Vec *src, size_t esz);
void vec_free(Vec *v);

#define VEC_AT(v, T, i) (((T *)(v).data)[(i)])

/* Appends text to a growing char buffer (NUL kept at the end). */
typedef struct Buf {
    char *s;
    size_t len, cap;
} Buf;
bool buf_put(Buf *b, const char *s, size_t n);
bool buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_free(Buf *b);

/* FNV-1a 64-bit, used for content hashes and state hashes (not for security). */
uint64_t hash_bytes(uint64_t h, const void *p, size_t n);
#define HASH_INIT 1469598103934665603ULL

/* SplitMix64: the next number of the stream whose state is *x (advanced). Seeds the
 * game's generator; the bots' random choices use it as it is. */
uint64_t splitmix64(uint64_t *x);

/* Reads a whole file into a NUL-terminated buffer; NULL and e filled on failure. */
char *file_read(const char *path, size_t *len, Err *e);
/* The names in folder dir ("." and ".." left out), sorted by strcmp, into *names (*n of
 * them; free with dir_list_free). false, with errno from opendir, when the folder
 * cannot be read; *complete false when memory ran out part way (the names read so far
 * are kept). */
bool dir_list(const char *dir, char ***names, size_t *n, bool *complete);
void dir_list_free(char **names, size_t n);
/* Writes data to path atomically: a temporary file in the same folder, then rename. A
 * symbolic link is followed (the file it names is replaced, the link stays); a path
 * that is no regular file (/dev/null, a FIFO) is written in place, not replaced. */
bool file_write_atomic(const char *path, const char *data, size_t len, Err *e);
/* Whether file_write_atomic(path) can write there now: creates and removes the same
 * temporary file, and refuses a folder at path. false with e filled ("cannot write:
 * <reason>") when not. For a command to refuse an output path before its work. */
bool file_check_writable(const char *path, Err *e);

/* e for people: as err_format, but without its file:line when the message's first line
 * (a Lua message) names the file already. */
void err_show(const Err *e, char *out, size_t n);
/* Edit distance (Levenshtein), case-insensitive, on the first 63 bytes of each. */
int edit_distance(const char *a, const char *b);
/* The closest of several names to a misspelt one, for a "did you mean" hint: set it up
 * with nearest_init(key), offer each candidate to nearest_try; best is then the closest
 * one whose edit distance to key is at most a third of key's length (at least 1), the
 * first of equals, or NULL. A candidate spelt exactly as key is not offered as a hint.
 * best is the candidate's own pointer (kept alive by the caller), not a copy. */
typedef struct Nearest {
    const char *key;
    const char *best;
    int room;              /* the largest distance still taken */
} Nearest;
void nearest_init(Nearest *n, const char *key);
void nearest_try(Nearest *n, const char *cand);
/* Whether s is well-formed UTF-8 (no overlong form, surrogate or code point past
 * U+10FFFF): what a JSON string may hold. */
bool utf8_valid(const char *s);

#endif
