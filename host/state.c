/* state.c — copying, hashing and pooling the game state, and its PRNG. */
#include "state.h"

#include <string.h>

#define STATE_VECS(X)                                                                    \
    X(seats, Seat) X(objs, Obj) X(zones, Zone) X(props, Prop) X(effects, Effect)        \
    X(tasks, Task) X(items, Item) X(windows, Window) X(triggers, Item) X(deferred, Task) \
    X(opts, Option) X(dice, Die) X(strs, char) X(ints, int64_t) X(dtext, char) \
    X(forced, int64_t) X(counters, Counter) X(boards, Board) X(spaces, Space) X(edges, Edge) X(regions, Region)

bool state_copy(State *dst, const State *src)
{
    dst->h = src->h;
    /* (most games leave many arrays empty: no call for those) */
#define COPY(f, T)                                                                        \
    if (src->f.len == 0) dst->f.len = 0;                                                  \
    else if (!vec_copy(&dst->f, &src->f, sizeof(T))) return false;
    STATE_VECS(COPY)
#undef COPY
    return true;
}

void state_free(State *s)
{
#define FREE(f, T) vec_free(&s->f);
    STATE_VECS(FREE)
#undef FREE
}

uint64_t state_hash(const State *s)
{
    uint64_t h = hash_bytes(HASH_INIT, &s->h, sizeof s->h);
#define HASH(f, T) h = hash_bytes(h, &s->f.len, sizeof s->f.len); \
    h = hash_bytes(h, s->f.data, (size_t)s->f.len * sizeof(T));
    STATE_VECS(HASH)
#undef HASH
    return h;
}

size_t state_bytes(const State *s)
{
    size_t n = sizeof s->h;
#define SIZE(f, T) n += (size_t)s->f.len * sizeof(T);
    STATE_VECS(SIZE)
#undef SIZE
    return n;
}

int32_t state_str(State *s, const char *text)
{
    size_t n = strlen(text) + 1;
    if (!vec_reserve(&s->strs, 1, n)) return -1;
    int32_t off = (int32_t)s->strs.len;
    memcpy((char *)s->strs.data + off, text, n);
    s->strs.len += (uint32_t)n;
    return off;
}

int32_t state_dtext(State *s, const char *text)
{
    size_t n = strlen(text) + 1;
    if (!vec_reserve(&s->dtext, 1, n)) return -1;
    int32_t off = (int32_t)s->dtext.len;
    memcpy((char *)s->dtext.data + off, text, n);
    s->dtext.len += (uint32_t)n;
    return off;
}

const char *state_dcstr(const State *s, int32_t off)
{
    if (off < 0 || (uint32_t)off >= s->dtext.len) return "";
    return (const char *)s->dtext.data + off;
}

const char *state_cstr(const State *s, int32_t off)
{
    if (off < 0 || (uint32_t)off >= s->strs.len) return "";
    return (const char *)s->strs.data + off;
}

int32_t state_list(State *s, const int64_t *items, int32_t n)
{
    if (!vec_reserve(&s->ints, sizeof(int64_t), (size_t)n + 1)) return -1;
    int32_t off = (int32_t)s->ints.len;
    int64_t *d = (int64_t *)s->ints.data + off;
    d[0] = n;
    if (n) memcpy(d + 1, items, (size_t)n * sizeof *items);
    s->ints.len += (uint32_t)n + 1;
    return off;
}

const int64_t *state_list_get(const State *s, int32_t off, int32_t *n)
{
    if (off < 0 || (uint32_t)off >= s->ints.len) {
        *n = 0;
        return NULL;
    }
    const int64_t *d = (const int64_t *)s->ints.data + off;
    if (d[0] < 0 || (uint64_t)d[0] > s->ints.len - (uint32_t)off - 1) {
        *n = 0;
        return NULL;
    }
    *n = (int32_t)d[0];
    return d + 1;
}

void rng_seed(State *s, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) s->h.rng[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t rng_next(State *s)
{
    uint64_t *r = s->h.rng;
    uint64_t result = rotl(r[1] * 5, 7) * 9;
    uint64_t t = r[1] << 17;
    r[2] ^= r[0];
    r[3] ^= r[1];
    r[1] ^= r[2];
    r[0] ^= r[3];
    r[2] ^= t;
    r[3] = rotl(r[3], 45);
    return result;
}

uint32_t rng_below(State *s, uint32_t n)
{
    /* Lemire's multiply-shift with rejection: unbiased. */
    uint64_t m = (uint64_t)(uint32_t)(rng_next(s) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t thresh = (uint32_t)(-n) % n;
        while (low < thresh) {
            m = (uint64_t)(uint32_t)(rng_next(s) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}
