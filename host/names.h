/* names.h — interned names. Every name the engine compares (zone names, property keys,
 * event kinds, handler names, roles, card ids) becomes a small integer once, per
 * worker. Ids are process-local: save files and views always write the text.
 * Read next: pack.h. */
#ifndef TABULA_NAMES_H
#define TABULA_NAMES_H

#include "util.h"

typedef struct Names {
    char **str;         /* id -> text */
    uint32_t n, cap;
    int32_t *slots;     /* open-addressing table of ids, -1 empty */
    uint32_t nslots;
} Names;

/* Returns the id of `s`, adding it if new; -1 on allocation failure or when the table
 * holds `NAMES_MAX` names already (a script cannot grow it without bound). */
int32_t names_intern(Names *nm, const char *s);
/* Returns the id of `s` or -1 when it was never interned (adds nothing). */
int32_t names_find(const Names *nm, const char *s);
/* Text of id, or "?" for an invalid id. Borrowed; valid while the table lives. */
const char *names_str(const Names *nm, int32_t id);
void names_free(Names *nm);

#define NAMES_MAX 65536

#endif
