/* names.c — string interning with an open-addressing hash table. */
#include "names.h"

#include <string.h>

static uint32_t name_hash(const char *s)
{
    return (uint32_t)hash_bytes(HASH_INIT, s, strlen(s));
}

int32_t names_find(const Names *nm, const char *s)
{
    if (!nm->nslots) return -1;
    uint32_t mask = nm->nslots - 1;
    for (uint32_t i = name_hash(s) & mask;; i = (i + 1) & mask) {
        int32_t id = nm->slots[i];
        if (id < 0) return -1;
        if (strcmp(nm->str[id], s) == 0) return id;
    }
}

static bool names_grow(Names *nm)
{
    uint32_t ns = nm->nslots ? nm->nslots * 2 : 64;
    int32_t *slots = xmalloc(ns * sizeof *slots);
    if (!slots) return false;
    memset(slots, 0xff, ns * sizeof *slots);
    for (uint32_t id = 0; id < nm->n; id++) {
        uint32_t i = name_hash(nm->str[id]) & (ns - 1);
        while (slots[i] >= 0) i = (i + 1) & (ns - 1);
        slots[i] = (int32_t)id;
    }
    xfree(nm->slots);
    nm->slots = slots;
    nm->nslots = ns;
    return true;
}

int32_t names_intern(Names *nm, const char *s)
{
    int32_t id = names_find(nm, s);
    if (id >= 0) return id;
    if (nm->n >= NAMES_MAX) return -1;
    if ((nm->n + 1) * 2 > nm->nslots && !names_grow(nm)) return -1;
    if (nm->n == nm->cap) {
        uint32_t cap = nm->cap ? nm->cap * 2 : 64;
        char **d = xrealloc(nm->str, cap * sizeof *d);
        if (!d) return -1;
        nm->str = d;
        nm->cap = cap;
    }
    char *copy = xstrdup(s);
    if (!copy) return -1;
    id = (int32_t)nm->n++;
    nm->str[id] = copy;
    uint32_t mask = nm->nslots - 1;
    uint32_t i = name_hash(s) & mask;
    while (nm->slots[i] >= 0) i = (i + 1) & mask;
    nm->slots[i] = id;
    return id;
}

const char *names_str(const Names *nm, int32_t id)
{
    if (id < 0 || (uint32_t)id >= nm->n) return "?";
    return nm->str[id];
}

void names_free(Names *nm)
{
    for (uint32_t i = 0; i < nm->n; i++) xfree(nm->str[i]);
    xfree(nm->str);
    xfree(nm->slots);
    memset(nm, 0, sizeof *nm);
}
