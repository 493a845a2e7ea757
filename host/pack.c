/* pack.c — loading packs strictly: manifest, card definitions, data files and
 * options, with file, line and column in every error; dependencies first; content
 * hashes for the log. Reading a JSON file and placing an error in it: pack_json.c;
 * the hints for a modder's slips (a misspelt name, a folder that is no pack, why a
 * card has no script): pack_hint.c. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pack.h"
#include "state.h"

World *world_new(void)
{
    World *w = xcalloc(1, sizeof *w);
    if (!w) return NULL;
    Names *n = &w->names;
    w->n_move = names_intern(n, "move");
    w->n_set = names_intern(n, "set");
    w->n_step = names_intern(n, "step");
    w->n_turn = names_intern(n, "turn");
    w->n_dice = names_intern(n, "dice");
    w->n_win = names_intern(n, "win");
    w->n_play = names_intern(n, "play");
    w->n_pass = names_intern(n, "pass");
    w->n_error = names_intern(n, "error");
    w->n_print = names_intern(n, "print");
    w->n_shuffle = names_intern(n, "shuffle");
    w->n_attach = names_intern(n, "attach");
    w->n_destroy = names_intern(n, "destroy");
    w->n_track = names_intern(n, "track");
    w->n_supply = names_intern(n, "supply");
    w->n_flip = names_intern(n, "flip");
    w->n_reveal = names_intern(n, "reveal");
    w->n_create = names_intern(n, "create");
    w->n_tap = names_intern(n, "tap");
    w->n_control = names_intern(n, "control");
    w->n_reroll = names_intern(n, "reroll");
    w->n_visibility = names_intern(n, "visibility");
    w->n_owner = names_intern(n, "owner");
    w->n_modify = names_intern(n, "modify");
    w->n_active = names_intern(n, "active");
    w->n_role = names_intern(n, "role");
    w->n_zone = names_intern(n, "zone");
    w->n_effect = names_intern(n, "effect");
    w->n_extra = names_intern(n, "extra_turn");
    w->n_cancel = names_intern(n, "cancel");
    w->n_setup = names_intern(n, "setup");
    w->n_triggers = names_intern(n, "triggers");
    w->n_enter = names_intern(n, "enter");
    w->n_leave = names_intern(n, "leave");
    w->n_ask = names_intern(n, "ask");
    w->n_can_play = names_intern(n, "can_play");
    w->n_on_play = names_intern(n, "on_play");
    if (w->n_ask < 0 || w->n_can_play < 0 || w->n_on_play < 0) {
        world_free(w);
        return NULL;
    }
    w->max_chain = 64;
    w->max_actions_turn = 10000;
    w->max_turns = 10000;
    w->max_chain_actions = 1000;
    return w;
}

static void pack_free(Pack *p)
{
    xfree(p->id);
    xfree(p->name);
    xfree(p->version);
    xfree(p->dir);
    xfree(p->rules);
    xfree(p->scripts);
    for (int i = 0; i < p->nhelpers; i++) xfree(p->helpers[i]);
    xfree(p->helpers);
    for (int i = 0; i < p->ndepends; i++) xfree(p->depends[i]);
    xfree(p->depends);
    for (int i = 0; i < p->noptions; i++) {
        xfree(p->options[i].key);
        xfree(p->options[i].help);
        json_decref(p->options[i].def);
        json_decref(p->options[i].values);
    }
    xfree(p->options);
    for (int i = 0; i < p->nshows; i++) {
        xfree(p->shows[i].label);
        xfree(p->shows[i].one);
        xfree(p->shows[i].removed);
    }
    xfree(p->shows);
    for (int i = 0; i < p->nzshows; i++) xfree(p->zshows[i].label);
    xfree(p->zshows);
    for (int i = 0; i < p->ncshows; i++) {
        xfree(p->cshows[i].field);
        xfree(p->cshows[i].how.label);
        xfree(p->cshows[i].how.one);
        xfree(p->cshows[i].zones);
    }
    xfree(p->cshows);
    json_decref(p->manifest);
    json_decref(p->cardfiles);
    json_decref(p->data);
    memset(p, 0, sizeof *p);
}

void world_free(World *w)
{
    if (!w) return;
    for (int i = 0; i < w->npacks; i++) pack_free(&w->packs[i]);
    for (int i = 0; i < w->ndefs; i++) {
        xfree(w->defs[i].name);
        xfree(w->defs[i].text);
        xfree(w->defs[i].script);
        xfree(w->defs[i].file);
    }
    xfree(w->defs);
    xfree(w->load_errors.list);
    xfree(w->steps);
    xfree(w->wins);
    xfree(w->listeners);
    names_free(&w->names);
    xfree(w);
}

/* ---------------------------------------------------------------- strict checks --- */

typedef struct Ctx {
    const char *file, *text;
    Err *e;
    PackErrors *errs; /* card and data files: every error is kept here and the reading
                         goes on; NULL (pack.json): the first error stops it */
} Ctx;

static void errs_keep(PackErrors *pe, const Err *e)
{
    if (pe->n >= PACK_ERRORS_MAX) {
        pe->more++;
        return;
    }
    if (!pe->list) pe->list = xcalloc(PACK_ERRORS_MAX, sizeof *pe->list);
    if (!pe->list) {
        pe->more++;
        return;
    }
    pe->list[pe->n++] = *e;
}

/* The error at `path` (keys and indices, as json_locate reads them) of c's file, into
 * c->e and, when c collects them, into c->errs. Always false, for `return report(...)`. */
static bool report(Ctx *c, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool report(Ctx *c, const char *path, const char *fmt, ...)
{
    /* past the cap, only counted: locating reads the file from its start, and a file
     * of thousands of broken cards would be read thousands of times */
    if (c->errs && c->errs->n >= PACK_ERRORS_MAX) {
        c->errs->more++;
        return false;
    }
    int line = 1, col = 1;
    if (!json_locate(c->text, path, &line, &col)) line = col = 0;
    char msg[1600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    err_at(c->e, c->file, line, col, "%s", msg);
    if (c->errs) errs_keep(c->errs, c->e);
    return false;
}

static bool fail_at(Ctx *c, const char *path, const char *fmt, const char *a, const char *b)
{
    return report(c, path, fmt, a ? a : "", b ? b : "");
}

/* Every key of obj must be in `allowed` (a NULL-terminated list). */
static bool keys_allowed(Ctx *c, json_t *obj, const char *path, const char *const *allowed)
{
    char list[300];
    const char *key = json_unknown_key(obj, allowed, list, sizeof list);
    if (!key) return true;
    char p[512];
    snprintf(p, sizeof p, "%s%s%s", path, *path ? "/" : "", key);
    return fail_at(c, p, "unknown key '%s' (allowed: %s)", key, list);
}

static const char *get_str(Ctx *c, json_t *obj, const char *path, const char *key, bool req,
                           bool *ok)
{
    json_t *v = json_object_get(obj, key);
    char p[512];
    snprintf(p, sizeof p, "%s%s%s", path, *path ? "/" : "", key);
    if (!v) {
        if (req) *ok = fail_at(c, path, "missing key '%s'%s", key, "");
        return NULL;
    }
    if (!json_is_string(v)) {
        *ok = fail_at(c, p, "'%s' must be a string%s", key, "");
        return NULL;
    }
    return json_string_value(v);
}

/* Removes "x/../" and "./" segments, a last "/." and doubled slashes in place, so file names in
 * messages are short ("games/g/../../cards/g/a.lua" becomes "cards/g/a.lua", "g//pack.json"
 * "g/pack.json"). */
static void path_tidy(char *p)
{
    for (char *d = strstr(p, "//"); d; d = strstr(d, "//")) memmove(d, d + 1, strlen(d + 1) + 1);
    bool changed = true;
    while (changed) {
        changed = false;
        char *dot = strstr(p, "/./");
        if (dot) {
            memmove(dot, dot + 2, strlen(dot + 2) + 1);
            changed = true;
            continue;
        }
        for (char *up = strstr(p, "/../"); up; up = strstr(up + 1, "/../")) {
            char *start = up;
            while (start > p && start[-1] != '/') start--;
            size_t seglen = (size_t)(up - start);
            /* "../.." and "./.." keep their "..": "." is no folder to step out of (the
             * pack "." with scripts "../x" named ./x) */
            if (seglen == 0 || (seglen == 2 && start[0] == '.' && start[1] == '.') || (seglen == 1 && start[0] == '.'))
                continue;
            memmove(start, up + 4, strlen(up + 4) + 1);
            changed = true;
            break;
        }
    }
    /* a last "/." ("scripts": "." made "g/." and then "g/./x.lua") */
    size_t l = strlen(p);
    while (l > 2 && p[l - 1] == '.' && p[l - 2] == '/') p[l -= 2] = 0;
}

/* rel from folder dir; an absolute rel as it is (it was glued onto dir: "/a/b" in a
 * pack at p became "p/a/b") */
static char *path_join(const char *dir, const char *rel)
{
    size_t n = strlen(dir) + strlen(rel) + 2;
    char *p = xmalloc(n);
    if (p) {
        if (rel[0] == '/') snprintf(p, n, "%s", rel);
        else snprintf(p, n, "%s/%s", dir, rel);
        path_tidy(p);
    }
    return p;
}

static uint64_t hash_file(uint64_t h, const char *path)
{
    Err e;
    size_t len;
    char *t = file_read(path, &len, &e);
    if (!t) return h;
    h = hash_bytes(h, t, len);
    xfree(t);
    return h;
}

/* path as seen from the folder dir ("../../cards/notalone/lair.lua"), the same whether
 * the pack was opened by a relative or an absolute path; path itself when either cannot
 * be resolved. */
static char *path_from(const char *dir, const char *path)
{
    char *d = realpath(dir, NULL), *f = realpath(path, NULL);
    if (!d || !f) {
        free(d);
        free(f);
        return xstrdup(path);
    }
    /* the longest common leading folder */
    size_t common = 0;
    for (size_t i = 0; d[i] && d[i] == f[i]; i++)
        if (d[i] == '/') common = i + 1;
    size_t dl = strlen(d);
    if (strncmp(d, f, dl) == 0 && f[dl] == '/') common = dl + 1; /* inside dir */
    /* one "../" per folder of dir below the common one */
    const char *rest = common <= dl ? d + common : "";
    size_t ups = *rest ? 1 : 0;
    for (const char *c = rest; *c; c++) ups += *c == '/';
    size_t n = ups * 3 + strlen(f + common) + 1;
    char *r = xmalloc(n), *o = r;
    for (size_t k = 0; k < ups; k++, o += 3) memcpy(o, "../", 3);
    snprintf(o, n - ups * 3, "%s", f + common);
    free(d);
    free(f);
    return r;
}

typedef struct KeyPath {
    char *key;        /* the script as seen from the pack's folder */
    const char *path; /* where to read it */
} KeyPath;

static int cmp_keypath(const void *a, const void *b)
{
    return strcmp(((const KeyPath *)a)->key, ((const KeyPath *)b)->key);
}

/* Hashes every .lua file of dir in name order (all of them: the first 1,024 that
 * readdir happened to list once left the rest out of the hash, and which ones depended
 * on the file system). A name that is not a plain file is left out: it is no script. */
static uint64_t hash_dir(uint64_t h, const char *dir)
{
    char **names;
    size_t n;
    bool complete;
    if (!dir_list(dir, &names, &n, &complete)) return h;
    for (size_t i = 0; i < n; i++) {
        size_t l = strlen(names[i]);
        if (l <= 4 || strcmp(names[i] + l - 4, ".lua") != 0) continue;
        char *p = path_join(dir, names[i]);
        struct stat st;
        if (p && stat(p, &st) == 0 && S_ISREG(st.st_mode)) {
            h = hash_bytes(h, names[i], strlen(names[i]));
            h = hash_file(h, p);
        }
        xfree(p);
    }
    dir_list_free(names, n);
    return h;
}

/* ---------------------------------------------------------------- loading --------- */

/* What a card file holds, for an error about a file that holds something else. */
#define CARD_FILE_SHAPE "a card file is {\"cards\": [{\"id\": …}, …]}"

/* A name could not be interned: the table is full (NAMES_MAX), or memory ran out. */
static bool fail_intern(const World *w, Ctx *c, const char *path)
{
    if (w->names.n >= NAMES_MAX)
        return fail_at(c, path, "too many names: the packs' card ids, kinds, windows, property "
                                "keys and zone names are at most 65536 in all%s%s", "", "");
    return fail_at(c, path, "out of memory%s%s", "", "");
}

static bool key_in(const char *key, const char *const *allowed)
{
    for (int i = 0; allowed[i]; i++)
        if (strcmp(allowed[i], key) == 0) return true;
    return false;
}

/* Every key of obj not in allowed is an error of its own (keys_allowed stops at the
 * first); who names the card ("card 'x': "), or is "". */
static void keys_all_allowed(Ctx *c, json_t *obj, const char *path, const char *const *allowed,
                             const char *who)
{
    char list[300];
    size_t u = 0;
    list[0] = 0;
    for (int i = 0; allowed[i] && u < sizeof list; i++)
        u += (size_t)snprintf(list + u, sizeof list - u, "%s%s", i ? ", " : "", allowed[i]);
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        if (key_in(key, allowed)) continue;
        char p[512];
        snprintf(p, sizeof p, "%s%s%s", path, *path ? "/" : "", key);
        report(c, p, "%sunknown key '%s' (allowed: %s)", who, key, list);
    }
}

/* Text key `key` of card cd (at path; who names the card): its value, or NULL when it
 * is absent or not text (an error then, when required or not text, and *ok false). */
static const char *card_str(Ctx *c, json_t *cd, const char *path, const char *key, bool req,
                            const char *who, bool *ok)
{
    json_t *v = json_object_get(cd, key);
    if (!v) {
        if (req) *ok = report(c, path, "%smissing key '%s'", who, key);
        return NULL;
    }
    if (!json_is_string(v)) {
        char p[512];
        snprintf(p, sizeof p, "%s/%s", path, key);
        *ok = report(c, p, "%s'%s' must be a string", who, key);
        return NULL;
    }
    return json_string_value(v);
}

/* Reads one card file into the world's definitions. Its mistakes do not stop it: each
 * is kept in c->errs, naming the card, and the next card is read (a card with a bad id
 * or kind, or a duplicate, is left out; one with another mistake is defined all the
 * same, so a later file's "removes" and duplicates are still checked against it). False
 * only when memory or the table of names ran out. */
static bool load_cards(World *w, int pi, Ctx *c, json_t *file)
{
    static const char *const top[] = {"cards", "removes", NULL};
    static const char *const keys[] = {"id",     "kind", "name",    "text", "count",
                                       "script", "data", "play_in", "back", NULL};
    Pack *p = &w->packs[pi];
    /* one card's entry written as the whole file (the docs show an entry alone): one
     * error with the file's shape, not an "unknown key" for each of the card's keys */
    json_t *one = json_object_get(file, "id");
    if (json_is_string(one) && !json_object_get(file, "cards") && !json_object_get(file, "removes")) {
        report(c, "id", "the file holds one card's entry, but a card file lists its cards: "
                        "{\"cards\": [{\"id\": \"%.100s\", …}, …]}",
               json_string_value(one));
        return true;
    }
    keys_all_allowed(c, file, "", top, "");
    json_t *rm = json_object_get(file, "removes");
    if (rm && !json_is_array(rm)) report(c, "removes", "'removes' must be a list of card ids");
    size_t i;
    json_t *v;
    if (json_is_array(rm)) json_array_foreach(rm, i, v) {
            int d = json_is_string(v) ? world_def(w, json_string_value(v)) : -1;
            if (d < 0) {
                char path[64];
                snprintf(path, sizeof path, "removes/%zu", i);
                /* a misspelt id: the closest card of the packs before (looked for only
                 * while the error is listed: each look reads every definition) */
                Nearest near;
                nearest_init(&near, json_is_string(v) ? json_string_value(v) : "");
                bool listed = json_is_string(v) && c->errs && c->errs->n < PACK_ERRORS_MAX;
                for (int k = 0; listed && k < w->ndefs; k++)
                    if (!w->defs[k].removed && w->defs[k].pack != pi)
                        nearest_try(&near, names_str(&w->names, w->defs[k].id));
                const char *best = near.best;
                report(c, path, "'removes' names no known card: %s%s%s%s",
                       json_is_string(v) ? json_string_value(v) : "(not a string)",
                       best ? " (did you mean '" : "", best ? best : "", best ? "'?)" : "");
                continue;
            }
            w->defs[d].removed = 1;
        }
    json_t *cards = json_object_get(file, "cards");
    if (!cards) return true;
    if (!json_is_array(cards)) {
        report(c, "cards", "'cards' must be a list");
        return true;
    }
    json_t *cd;
    json_array_foreach(cards, i, cd) {
        char path[64];
        snprintf(path, sizeof path, "cards/%zu", i);
        /* who: the card by its id, else by its place in the list */
        char who[140];
        json_t *idv = json_object_get(cd, "id");
        if (json_is_string(idv) && json_string_length(idv) > 0 && json_string_length(idv) <= 100)
            snprintf(who, sizeof who, "card '%s': ", json_string_value(idv));
        else
            snprintf(who, sizeof who, "card %zu of the list: ", i + 1);
        if (!json_is_object(cd)) {
            report(c, path, "%sa card must be an object", who);
            continue;
        }
        keys_all_allowed(c, cd, path, keys, who);
        bool named = true, typed = true; /* typed: only so card_str has somewhere to say it */
        const char *id = card_str(c, cd, path, "id", true, who, &named);
        const char *kind = card_str(c, cd, path, "kind", true, who, &named);
        const char *name = card_str(c, cd, path, "name", false, who, &typed);
        const char *text = card_str(c, cd, path, "text", false, who, &typed);
        const char *script = card_str(c, cd, path, "script", false, who, &typed);
        /* what its back shows (a bot's guess at an unseen card keeps to its back) */
        const char *back = card_str(c, cd, path, "back", false, who, &typed);
        if (back && (!*back || strlen(back) > 100)) {
            char pp[80];
            snprintf(pp, sizeof pp, "%s/back", path);
            report(c, pp, "%sa card's 'back' has 1 to 100 characters", who);
            back = NULL;
        }
        /* an id names the card in commands, logs and its script <id>.lua */
        if (id && (!*id || strlen(id) > 100)) {
            char pp[80];
            snprintf(pp, sizeof pp, "%s/id", path);
            named = report(c, pp, "%sa card's 'id' has 1 to 100 characters", who);
        }
        if (kind && (!*kind || strlen(kind) > 100)) {
            char pp[80];
            snprintf(pp, sizeof pp, "%s/kind", path);
            named = report(c, pp, "%sa card's 'kind' has 1 to 100 characters", who);
        }
        json_t *cnt = json_object_get(cd, "count");
        if (cnt && (!json_is_integer(cnt) || json_integer_value(cnt) < 0 ||
                    json_integer_value(cnt) > 1000)) {
            char pp[80];
            snprintf(pp, sizeof pp, "%s/count", path);
            report(c, pp, "%s'count' must be an integer in 0..1000", who);
            cnt = NULL;
        }
        json_t *data = json_object_get(cd, "data");
        if (data && !json_is_object(data)) {
            char pp[80];
            snprintf(pp, sizeof pp, "%s/data", path);
            report(c, pp, "%s'data' must be an object", who);
            data = NULL;
        }
        json_t *pin = json_object_get(cd, "play_in");
        if (pin) {
            bool good = json_is_array(pin) && json_array_size(pin) <= 8;
            size_t k;
            json_t *pv;
            if (good) json_array_foreach(pin, k, pv) {
                    if (!json_is_string(pv) || !json_string_length(pv) ||
                        json_string_length(pv) > 100)
                        good = false;
                }
            if (!good) {
                char pp[80];
                snprintf(pp, sizeof pp, "%s/play_in", path);
                report(c, pp, "%s'play_in' must be a list of at most 8 window names", who);
                pin = NULL;
            }
        }
        if (!named) continue; /* no id or kind to define it by */
        /* a later pack's card with the same id replaces the earlier one */
        int d = world_def(w, id);
        if (d >= 0 && w->defs[d].pack == pi) {
            report(c, path, "%sduplicate card id (the entry at %s:%d has it too)", who,
                   w->defs[d].file, world_def_line(w, d));
            continue;
        }
        if (d < 0) {
            if (w->ndefs == w->capdefs) { /* by doubling: one realloc a card was
                                              quadratic (minutes for 65,000 cards under ASan) */
                int cap = w->capdefs ? w->capdefs * 2 : 64;
                CardDef *nd = xrealloc(w->defs, (size_t)cap * sizeof *nd);
                if (!nd) return fail_at(c, path, "out of memory%s%s", "", "");
                w->defs = nd;
                w->capdefs = cap;
            }
            d = w->ndefs++;
            memset(&w->defs[d], 0, sizeof w->defs[d]);
        } else {
            xfree(w->defs[d].name);
            xfree(w->defs[d].text);
            xfree(w->defs[d].script);
            xfree(w->defs[d].file);
            w->defs[d].removed = 0;
        }
        CardDef *def = &w->defs[d];
        def->id = names_intern(&w->names, id);
        def->kind = names_intern(&w->names, kind);
        def->back = back ? names_intern(&w->names, back) : def->kind;
        def->name = xstrdup(name ? name : id);
        def->text = xstrdup(text ? text : "");
        def->named = name && name[strspn(name, " \t\r\n")];
        def->has_text = text && text[strspn(text, " \t\r\n")];
        def->count = cnt ? (int)json_integer_value(cnt) : 1;
        def->pack = pi;
        def->data = data;
        def->script = NULL;
        def->script_lost = false;
        def->file = xstrdup(c->file);
        def->entry = (int)i;
        def->script_ref = 0;
        def->nplay_in = -1;
        if (def->id < 0 || def->kind < 0 || def->back < 0) return fail_intern(w, c, path);
        if (!def->name || !def->text || !def->file)
            return fail_at(c, path, "out of memory%s%s", "", "");
        if (pin) {
            size_t k;
            json_t *pv;
            def->nplay_in = 0;
            json_array_foreach(pin, k, pv) {
                int32_t wk = names_intern(&w->names, json_string_value(pv));
                if (wk < 0) return fail_intern(w, c, path);
                def->play_in[def->nplay_in++] = wk;
            }
        }
        /* the script: explicit, or <scripts>/<id>.lua when that file exists */
        if (script && p->scripts) {
            def->script = path_join(p->scripts, script);
        } else if (script) {
            def->script = path_join(p->dir, script);
        } else if (p->scripts) {
            char fn[300];
            snprintf(fn, sizeof fn, "%s.lua", id);
            char *sp = path_join(p->scripts, fn);
            struct stat st;
            if (sp && stat(sp, &st) == 0)
                def->script = sp;
            else
                xfree(sp);
        }
        if (script && def->script) {
            struct stat st;
            if (stat(def->script, &st) != 0 || !S_ISREG(st.st_mode)) {
                char pp[80];
                snprintf(pp, sizeof pp, "%s/script", path);
                if (stat(def->script, &st) == 0)
                    report(c, pp, "%sthe script %s is %s", who, def->script,
                           S_ISDIR(st.st_mode) ? "a folder, not a file" : "not a plain file");
                else {
                    /* a misspelt name: the script it was meant to be, as the entry would
                     * write it (its folders kept) */
                    char near[256] = "", hint[600] = "";
                    const char *slash = strrchr(script, '/');
                    size_t sl = strlen(script);
                    char stem[120], sub[120];
                    if (pack_script_nearest(def->script, near, sizeof near))
                        snprintf(hint, sizeof hint, " (did you mean '%.*s%s'?)",
                                 slash ? (int)(slash - script + 1) : 0, script, near);
                    /* no "scripts": the entry's path starts at the pack folder, and the
                     * file may lie in a folder of it (as an example pack's cards/) */
                    else if (!p->scripts && !slash && sl > 4 && sl < sizeof stem && strcmp(script + sl - 4, ".lua") == 0
                             && snprintf(stem, sizeof stem, "%.*s", (int)(sl - 4), script) > 0
                             && pack_script_in_subfolder(p->dir, stem, sub, sizeof sub))
                        snprintf(hint, sizeof hint,
                                 " (%s/%s.lua lies in the pack's folder, but pack.json names no \"scripts\" folder, so "
                                 "a \"script\" is read from the pack folder: add \"scripts\": \"%s\" to pack.json)",
                                 sub, stem, sub);
                    report(c, pp, "%sscript file not found: %s%s", who, def->script, hint);
                }
                xfree(def->script); /* said: lint (keep_going) does not load it again */
                def->script = NULL;
                def->script_lost = true;
            }
        }
    }
    return true;
}

static bool load_options(Pack *p, Ctx *c, json_t *opts)
{
    static const char *const keys[] = {"default", "values", "help", NULL};
    if (!json_is_object(opts)) return fail_at(c, "options", "'options' must be an object%s%s", "", "");
    size_t n = json_object_size(opts);
    p->options = xcalloc(n ? n : 1, sizeof *p->options);
    if (!p->options) return fail_at(c, "options", "out of memory%s%s", "", "");
    const char *key;
    json_t *o;
    json_object_foreach(opts, key, o) {
        char path[300];
        snprintf(path, sizeof path, "options/%s", key);
        if (!json_is_object(o)) return fail_at(c, path, "option '%s' must be an object%s", key, "");
        if (!keys_allowed(c, o, path, keys)) return false;
        json_t *def = json_object_get(o, "default");
        if (!def) return fail_at(c, path, "option '%s' needs a 'default'%s", key, "");
        json_t *vals = json_object_get(o, "values");
        if (vals && !json_is_array(vals))
            return fail_at(c, path, "option '%s': 'values' must be a list%s", key, "");
        if (vals) { /* else the default could never be given back, and a game starts
                       with a value the option does not allow */
            bool found = false;
            size_t i;
            json_t *x;
            json_array_foreach(vals, i, x) if (json_equal(x, def)) found = true;
            if (!found) {
                char *dv = json_dumps(def, JSON_COMPACT | JSON_ENCODE_ANY);
                char *vv = json_dumps(vals, JSON_COMPACT);
                char what[300];
                snprintf(what, sizeof what, "%.100s is not one of its 'values' %.150s", dv ? dv : "?",
                         vv ? vv : "?");
                free(dv);
                free(vv);
                snprintf(path, sizeof path, "options/%s/default", key);
                return fail_at(c, path, "option '%s': its 'default' %s", key, what);
            }
        }
        bool ok = true;
        const char *help = get_str(c, o, path, "help", false, &ok);
        if (!ok) return false;
        PackOption *po = &p->options[p->noptions++];
        po->key = xstrdup(key);
        po->help = xstrdup(help ? help : "");
        po->def = json_incref(def);
        po->values = vals ? json_incref(vals) : NULL;
    }
    return true;
}

/* What a "show" entry (of props or of cards) says of its value's words: "label", "one"
 * (the label for the value 1) and "names" (the name of a list under show/names, of
 * this pack — the last loaded, its manifest set — or of an earlier one, found into
 * *names). false, with the error at path, when one of them is wrong. */
static bool show_labels(World *w, Ctx *c, json_t *v, const char *path, const char *key, const char **label,
                        const char **one, json_t **names)
{
    bool ok = true;
    *label = get_str(c, v, path, "label", false, &ok);
    if (!ok) return false;
    if (*label && (!**label || strlen(*label) > 100))
        return fail_at(c, path, "'%s': a label has 1 to 100 characters%s", key, "");
    *one = get_str(c, v, path, "one", false, &ok);
    if (!ok) return false;
    if (*one && (!**one || strlen(*one) > 100))
        return fail_at(c, path, "'%s': 'one' (the label for the value 1) has 1 to 100 characters%s", key, "");
    json_t *nv = json_object_get(v, "names");
    if (nv && !json_is_string(nv)) /* a list written in place: it is named, and lies under show/names */
        return fail_at(c, path, "'%s': 'names' is the name of a list declared under show/names (\"names\": "
                                "\"places\" with \"show\": {\"names\": {\"places\": [...]}}), not %s",
                       key, json_is_array(nv) ? "the list itself" : "a value of another type");
    const char *list = get_str(c, v, path, "names", false, &ok);
    if (!ok) return false;
    *names = NULL;
    for (int i = w->npacks - 1; list && !*names && i >= 0; i--)
        *names = json_object_get(json_object_get(json_object_get(w->packs[i].manifest, "show"), "names"), list);
    if (list && !*names) return fail_at(c, path, "no names list '%s' (declare it under show/names)%s", list, "");
    return true;
}

/* "show"/"cards": {"<field>": {"label": "fight {}", "one": "...", "names": "<list>",
 * "zones": ["market"]}}: the fields of a card's data shown beside its name, in the order
 * written, on cards in the zones listed (all without "zones"). A "names"
 * list is this pack's (the last loaded, its manifest set) or an earlier one's. */
static bool load_show_cards(World *w, Pack *p, Ctx *c, json_t *cards)
{
    static const char *const keys[] = {"label", "one", "names", "zones", NULL};
    if (!cards) return true;
    if (!json_is_object(cards))
        return fail_at(c, "show/cards", "'cards' must be an object of card data fields (\"cost\": "
                                         "{\"label\": \"cost {}\"})%s%s", "", "");
    p->cshows = xcalloc(json_object_size(cards) + 1, sizeof *p->cshows);
    if (!p->cshows) return fail_at(c, "show", "out of memory%s%s", "", "");
    const char *key;
    json_t *v;
    json_object_foreach(cards, key, v) {
        char path[300];
        snprintf(path, sizeof path, "show/cards/%s", key);
        if (!json_is_object(v)) return fail_at(c, path, "'%s' must be an object%s", key, "");
        if (!keys_allowed(c, v, path, keys)) return false;
        size_t kl = strlen(key);
        if (kl < 1 || kl > 100 || key[0] == '.' || key[kl - 1] == '.' || strstr(key, ".."))
            return fail_at(c, path, "'%s': a card data field has 1 to 100 characters, dots only between its "
                                    "parts (\"cost.food\")%s", key, "");
        const char *label, *one;
        json_t *nl;
        if (!show_labels(w, c, v, path, key, &label, &one, &nl)) return false;
        CardShow *cs = &p->cshows[p->ncshows++];
        cs->field = xstrdup(key);
        cs->how.key = -1;
        cs->how.label = label ? xstrdup(label) : NULL;
        cs->how.one = one ? xstrdup(one) : NULL;
        cs->how.names = nl;
        if (!cs->field || (label && !cs->how.label) || (one && !cs->how.one))
            return fail_at(c, path, "out of memory%s%s", "", "");
        json_t *zs = json_object_get(v, "zones");
        if (zs) {
            bool ok = json_is_array(zs) && json_array_size(zs) >= 1 && json_array_size(zs) <= 64;
            size_t i;
            json_t *it;
            json_array_foreach(zs, i, it) {
                size_t zl = json_is_string(it) ? strlen(json_string_value(it)) : 0;
                if (zl < 1 || zl > 100) ok = false;
            }
            if (!ok)
                return fail_at(c, path, "'%s': 'zones' is a list of 1 to 64 zone names (\"zones\": [\"market\"])%s", key,
                               "");
            cs->zones = xcalloc(json_array_size(zs), sizeof *cs->zones);
            if (!cs->zones) return fail_at(c, path, "out of memory%s%s", "", "");
            json_array_foreach(zs, i, it) {
                int32_t zn = names_intern(&w->names, json_string_value(it));
                if (zn < 0) return fail_intern(w, c, path);
                cs->zones[cs->nzones++] = zn;
            }
        }
    }
    return true;
}

/* "show": {"names": {"<list>": ["A", "B", ...]}, "props": {"<key>": {"label": "...",
 * "one": "...", "removed": "...", "hide": true, "log": false, "names": "<list>"}}}. A props entry's "names" may name a list of this
 * pack or of a pack it builds on. */
static bool load_show(World *w, Pack *p, Ctx *c, json_t *show)
{
    static const char *const top[] = {"names", "props", "zones", "cards", NULL};
    static const char *const keys[] = {"label", "one", "removed", "hide", "log", "names", NULL};
    if (!json_is_object(show))
        return fail_at(c, "show", "'show' must be {\"names\": {...}, \"props\": {...}, \"zones\": {...}, \"cards\": {...}}%s%s", "", "");
    if (!keys_allowed(c, show, "show", top)) return false;
    json_t *names = json_object_get(show, "names");
    if (names && !json_is_object(names))
        return fail_at(c, "show/names", "'names' must be an object of lists of strings%s%s", "", "");
    const char *key;
    json_t *v;
    json_object_foreach(names, key, v) {
        char path[300];
        snprintf(path, sizeof path, "show/names/%s", key);
        bool ok = json_is_array(v) && json_array_size(v) > 0 && json_array_size(v) <= 1000;
        size_t i;
        json_t *it;
        json_array_foreach(v, i, it) if (!json_is_string(it)) ok = false;
        if (!ok) return fail_at(c, path, "names list '%s' must be a list of 1 to 1000 strings%s", key, "");
    }
    json_t *props = json_object_get(show, "props");
    if (props && !json_is_object(props))
        return fail_at(c, "show/props", "'props' must be an object of property keys%s%s", "", "");
    p->shows = xcalloc(json_object_size(props) + 1, sizeof *p->shows);
    if (!p->shows) return fail_at(c, "show", "out of memory%s%s", "", "");
    json_object_foreach(props, key, v) {
        char path[300];
        snprintf(path, sizeof path, "show/props/%s", key);
        if (!json_is_object(v)) return fail_at(c, path, "'%s' must be an object%s", key, "");
        if (!keys_allowed(c, v, path, keys)) return false;
        size_t kl = strlen(key);
        if (kl < 1 || kl > 100) return fail_at(c, path, "a property key has 1 to 100 characters%s%s", "", "");
        const char *label, *one;
        json_t *nl;
        if (!show_labels(w, c, v, path, key, &label, &one, &nl)) return false;
        bool ok = true;
        const char *removed = get_str(c, v, path, "removed", false, &ok);
        if (!ok) return false;
        if (removed && (!*removed || strlen(removed) > 100))
            return fail_at(c, path, "'%s': 'removed' (the log's words when it is removed) has 1 to 100 characters%s",
                           key, "");
        json_t *hide = json_object_get(v, "hide");
        if (hide && !json_is_boolean(hide)) return fail_at(c, path, "'%s': 'hide' must be true or false%s", key, "");
        json_t *log = json_object_get(v, "log");
        if (log && !json_is_boolean(log)) return fail_at(c, path, "'%s': 'log' must be true or false%s", key, "");
        PropShow *ps = &p->shows[p->nshows++];
        ps->key = names_intern(&w->names, key);
        ps->label = label ? xstrdup(label) : NULL;
        ps->one = one ? xstrdup(one) : NULL;
        ps->removed = removed ? xstrdup(removed) : NULL;
        ps->hide = json_is_true(hide);
        ps->quiet = json_is_false(log);
        ps->names = nl;
        if (ps->key < 0) return fail_intern(w, c, path);
        if ((label && !ps->label) || (one && !ps->one) || (removed && !ps->removed))
            return fail_at(c, path, "out of memory%s%s", "", "");
    }
    json_t *zones = json_object_get(show, "zones");
    if (zones && !json_is_object(zones))
        return fail_at(c, "show/zones", "'zones' must be an object of zone names%s%s", "", "");
    static const char *const zkeys[] = {"label", NULL};
    p->zshows = xcalloc(json_object_size(zones) + 1, sizeof *p->zshows);
    if (!p->zshows) return fail_at(c, "show", "out of memory%s%s", "", "");
    json_object_foreach(zones, key, v) {
        char path[300];
        snprintf(path, sizeof path, "show/zones/%s", key);
        if (!json_is_object(v)) return fail_at(c, path, "'%s' must be an object%s", key, "");
        if (!keys_allowed(c, v, path, zkeys)) return false;
        size_t kl = strlen(key);
        if (kl < 1 || kl > 100) return fail_at(c, path, "a zone name has 1 to 100 characters%s%s", "", "");
        bool ok = true;
        const char *label = get_str(c, v, path, "label", true, &ok);
        if (!ok) return false;
        if (!*label || strlen(label) > 100) return fail_at(c, path, "'%s': a label has 1 to 100 characters%s", key, "");
        ZoneShow *zs = &p->zshows[p->nzshows++];
        zs->name = names_intern(&w->names, key);
        zs->label = xstrdup(label);
        if (zs->name < 0) return fail_intern(w, c, path);
        if (!zs->label) return fail_at(c, path, "out of memory%s%s", "", "");
    }
    return load_show_cards(w, p, c, json_object_get(show, "cards"));
}

static bool str_list(Ctx *c, json_t *m, const char *key, char ***out, int *n, const char *dir)
{
    json_t *a = json_object_get(m, key);
    if (!a) return true;
    if (!json_is_array(a)) return fail_at(c, key, "'%s' must be a list of strings%s", key, "");
    *out = xcalloc(json_array_size(a) + 1, sizeof **out);
    size_t i;
    json_t *v;
    json_array_foreach(a, i, v) {
        if (!json_is_string(v)) {
            char p[64];
            snprintf(p, sizeof p, "%s/%zu", key, i);
            return fail_at(c, p, "'%s' must be a list of strings%s", key, "");
        }
        (*out)[(*n)++] = dir ? path_join(dir, json_string_value(v)) : xstrdup(json_string_value(v));
    }
    return true;
}

/* The name scripts read data file `file` by: without its folders and extension
 * ("rules/setup.json" is "setup"). */
static void data_name(const char *file, char *out, size_t n)
{
    const char *slash = strrchr(file, '/');
    snprintf(out, n, "%s", slash ? slash + 1 : file);
    char *dot = strrchr(out, '.');
    if (dot) *dot = 0;
}

static int pack_find(const World *w, const char *id)
{
    for (int i = 0; i < w->npacks; i++)
        if (strcmp(w->packs[i].id, id) == 0) return i;
    return -1;
}

/* The ids of the packs being loaded, outermost first: a pack's dependencies load while
 * it is on this chain, so an id that comes back is a cycle (a -> b -> a), which would
 * otherwise recurse until the stack overflows. */
typedef struct Chain {
    const char *id[MAX_PACKS + 1];
    int n;
} Chain;

/* "a -> b -> a" into out: the chain, then `last`. */
static void chain_text(const Chain *ch, const char *last, char *out, size_t n)
{
    size_t u = 0;
    out[0] = 0;
    for (int i = 0; i < ch->n && u < n; i++) u += (size_t)snprintf(out + u, n - u, "%s -> ", ch->id[i]);
    if (u < n) snprintf(out + u, n - u, "%s", last);
}

static bool chain_has(const Chain *ch, const char *id)
{
    for (int i = 0; i < ch->n; i++)
        if (strcmp(ch->id[i], id) == 0) return true;
    return false;
}

static int pack_load_chain(World *w, const char *dir, Chain *ch, Err *e);

int pack_load(World *w, const char *dir, Err *e)
{
    Chain ch = {.n = 0};
    w->load_errors.n = w->load_errors.more = 0;
    return pack_load_chain(w, dir, &ch, e);
}

static int pack_load_chain(World *w, const char *dir, Chain *ch, Err *e)
{
    static const char *const keys[] = {"id",      "name",    "version", "api",   "depends",
                                       "players", "rules",   "cards",   "scripts", "helpers",
                                       "data",    "options", "description", "show", "owner_on_back", NULL};
    if (!pack_folder_check(dir, e)) return -1;
    char *mpath = path_join(dir, "pack.json");
    char *text = NULL;
    json_t *m = mpath ? pack_json_load(mpath, NULL, &text, e) : NULL;
    if (!m) {
        xfree(mpath);
        return -1;
    }
    Ctx c = {mpath, text, e, NULL};
    int result = -1;
    bool ok = keys_allowed(&c, m, "", keys);
    const char *id = ok ? get_str(&c, m, "", "id", true, &ok) : NULL;
    const char *name = ok ? get_str(&c, m, "", "name", false, &ok) : NULL;
    const char *version = ok ? get_str(&c, m, "", "version", true, &ok) : NULL;
    const char *rules = ok ? get_str(&c, m, "", "rules", false, &ok) : NULL;
    const char *scripts = ok ? get_str(&c, m, "", "scripts", false, &ok) : NULL;
    if (ok) get_str(&c, m, "", "description", false, &ok); /* only people read it */
    if (!ok) goto done;
    /* the log records packs by id and version: an empty one names nothing */
    if (!*id || !*version) {
        fail_at(&c, *id ? "version" : "id", "'%s' must not be empty%s", *id ? "version" : "id", "");
        goto done;
    }
    if (pack_find(w, id) >= 0) { /* already loaded as a dependency */
        result = pack_find(w, id);
        goto done;
    }
    if (chain_has(ch, id)) { /* reached through a dependency that named another id */
        char cyc[400];
        chain_text(ch, id, cyc, sizeof cyc);
        fail_at(&c, "id", "dependency cycle: %s (packs cannot depend on each other in a circle)%s", cyc, "");
        goto done;
    }
    if (ch->n >= MAX_PACKS) {
        fail_at(&c, "", "too many packs (at most 16)%s%s", "", "");
        goto done;
    }
    json_t *api = json_object_get(m, "api");
    if (!json_is_integer(api)) {
        fail_at(&c, api ? "api" : "", "'api' (the engine API version, %s) is required and must be an integer%s", "1", "");
        goto done;
    }
    if (json_integer_value(api) != TABULA_API) {
        char got[32];
        snprintf(got, sizeof got, "%lld", (long long)json_integer_value(api));
        fail_at(&c, "api", "pack needs engine API %s; this engine provides API 1%s", got, "");
        goto done;
    }
    /* dependencies first */
    json_t *deps = json_object_get(m, "depends");
    if (deps) {
        if (!json_is_array(deps)) {
            fail_at(&c, "depends", "'depends' must be a list of pack ids%s%s", "", "");
            goto done;
        }
        size_t i;
        json_t *v;
        json_array_foreach(deps, i, v) {
            char p[64];
            snprintf(p, sizeof p, "depends/%zu", i);
            /* "id" (found at ../<id>, then games/<id>) or {"id": id, "path": folder} */
            const char *dep = json_string_value(v);
            const char *dpath = NULL;
            if (json_is_object(v)) {
                static const char *const dk[] = {"id", "path", NULL};
                if (!keys_allowed(&c, v, p, dk)) goto done;
                dep = json_string_value(json_object_get(v, "id"));
                json_t *pv = json_object_get(v, "path");
                dpath = json_string_value(pv);
                if (pv && (!dpath || !*dpath)) { /* else the pack was looked up by id alone */
                    char pp[80];
                    snprintf(pp, sizeof pp, "%s/path", p);
                    fail_at(&c, pp, "a dependency's 'path' must be a folder name (a non-empty string)%s%s", "", "");
                    goto done;
                }
            }
            if (!dep) {
                fail_at(&c, p, "'depends' lists pack ids or {\"id\": id, \"path\": folder}%s%s", "", "");
                goto done;
            }
            if (pack_find(w, dep) >= 0) continue;
            if (strcmp(dep, id) == 0 || chain_has(ch, dep)) {
                char cyc[400];
                ch->id[ch->n] = id;
                ch->n++;
                chain_text(ch, dep, cyc, sizeof cyc);
                ch->n--;
                fail_at(&c, p, "dependency cycle: %s (packs cannot depend on each other in a circle)%s", cyc, "");
                goto done;
            }
            char dd[1100];
            struct stat st;
            if (dpath) { /* from the pack's folder, or an absolute path as it is */
                if (dpath[0] == '/') snprintf(dd, sizeof dd, "%s", dpath);
                else snprintf(dd, sizeof dd, "%s/%s", dir, dpath);
            } else {
                char where[3][1100];
                int nw = 0;
                snprintf(where[nw++], sizeof where[0], "%s/../%s", dir, dep);
                snprintf(where[nw++], sizeof where[0], "games/%s", dep);
                if (w->games_root[0]) snprintf(where[nw++], sizeof where[0], "%s/%s", w->games_root, dep);
                int k = 0;
                while (k < nw && !(stat(where[k], &st) == 0 && S_ISDIR(st.st_mode))) k++;
                if (k == nw) {
                    /* a misspelt id: the closest pack folder of those looked in */
                    char roots[3][1100], near[256];
                    const char *rp[3];
                    snprintf(roots[0], sizeof roots[0], "%s/..", dir);
                    snprintf(roots[1], sizeof roots[1], "games");
                    snprintf(roots[2], sizeof roots[2], "%s", w->games_root);
                    for (int r = 0; r < 3; r++) rp[r] = roots[r];
                    bool close = pack_folder_nearest(rp, w->games_root[0] ? 3 : 2, dep, dir, near,
                                                     sizeof near);
                    char why[1400];
                    snprintf(why, sizeof why,
                             "'%s' not found: no folder %s in %s/.., in games%s%s (or say where: "
                             "{\"id\": \"%s\", \"path\": folder})%s%s%s",
                             dep, dep, dir, w->games_root[0] ? " or in " : "", w->games_root, dep,
                             close ? "; did you mean '" : "", close ? near : "", close ? "'?" : "");
                    fail_at(&c, p, "dependency %s%s", why, "");
                    goto done;
                }
                snprintf(dd, sizeof dd, "%s", where[k]);
            }
            Err de;
            err_clear(&de);
            ch->id[ch->n++] = id;
            int got = pack_load_chain(w, dd, ch, &de);
            ch->n--;
            if (got < 0) {
                char inner[700];
                err_format(&de, inner, sizeof inner);
                fail_at(&c, p, "dependency failed: %s%s", inner, "");
                goto done;
            }
            if (strcmp(w->packs[got].id, dep) != 0) {
                fail_at(&c, p, "dependency '%s' found a pack with id '%s'", dep, w->packs[got].id);
                goto done;
            }
        }
    }
    if (w->npacks >= MAX_PACKS) {
        fail_at(&c, "", "too many packs (at most 16)%s%s", "", "");
        goto done;
    }
    int pi = w->npacks;
    Pack *p = &w->packs[pi];
    memset(p, 0, sizeof *p);
    p->id = xstrdup(id);
    p->name = xstrdup(name ? name : id);
    p->version = xstrdup(version);
    p->dir = xstrdup(dir);
    p->api = (int)json_integer_value(api);
    p->min_players = 1;
    p->max_players = MAX_SEATS;
    p->manifest = m;
    json_incref(m);
    w->npacks++;
    if (rules) p->rules = path_join(dir, rules);
    if (scripts) p->scripts = path_join(dir, scripts);
    json_t *dl = json_object_get(m, "depends");
    if (json_is_array(dl)) {
        p->depends = xcalloc(json_array_size(dl) + 1, sizeof *p->depends);
        size_t k;
        json_t *dv;
        json_array_foreach(dl, k, dv) {
            const char *did = json_is_string(dv) ? json_string_value(dv) : json_string_value(json_object_get(dv, "id"));
            p->depends[p->ndepends++] = xstrdup(did ? did : "");
        }
    }
    if (!str_list(&c, m, "helpers", &p->helpers, &p->nhelpers, p->scripts ? p->scripts : dir))
        goto fail;
    json_t *pl = json_object_get(m, "players");
    if (pl) {
        static const char *const pk[] = {"min", "max", NULL};
        if (!json_is_object(pl) || !keys_allowed(&c, pl, "players", pk)) {
            if (!json_is_object(pl)) fail_at(&c, "players", "'players' must be {\"min\": n, \"max\": n}%s%s", "", "");
            goto fail;
        }
        json_t *mn = json_object_get(pl, "min"), *mx = json_object_get(pl, "max");
        if (!json_is_integer(mn) || !json_is_integer(mx) || json_integer_value(mn) < 1 ||
            json_integer_value(mx) > MAX_SEATS || json_integer_value(mn) > json_integer_value(mx)) {
            fail_at(&c, "players", "'players' needs integers 1 <= min <= max <= 16%s%s", "", "");
            goto fail;
        }
        p->min_players = (int)json_integer_value(mn);
        p->max_players = (int)json_integer_value(mx);
    }
    /* each seat's cards are told apart face down (their colour): the lookahead bot may
     * keep an unseen card among its owner's (host/determinize.c) */
    json_t *ob = json_object_get(m, "owner_on_back");
    if (ob && !json_is_boolean(ob)) {
        fail_at(&c, "owner_on_back", "'owner_on_back' must be true or false%s%s", "", "");
        goto fail;
    }
    p->owner_on_back = json_is_true(ob);
    json_t *opts = json_object_get(m, "options");
    if (opts && !load_options(p, &c, opts)) goto fail;
    json_t *show = json_object_get(m, "show");
    if (show && !load_show(w, p, &c, show)) goto fail;
    uint64_t h = hash_bytes(HASH_INIT, text, strlen(text));
    /* From here on a mistake does not stop the reading: every data and card file is
     * read and every card checked, each mistake kept in w->load_errors (cm collects
     * those located in pack.json), and the pack fails at the end when there were any. */
    PackErrors *pe = &w->load_errors;
    int errs_before = pe->n + pe->more;
    Ctx cm = {mpath, text, e, pe};
    /* data files */
    p->data = json_object();
    p->cardfiles = json_array();
    json_t *data = json_object_get(m, "data");
    if (data && !json_is_array(data)) report(&cm, "data", "'data' must be a list of JSON files");
    size_t i;
    json_t *v;
    if (json_is_array(data)) json_array_foreach(data, i, v) {
            char dp[64];
            snprintf(dp, sizeof dp, "data/%zu", i);
            if (!json_is_string(v)) {
                report(&cm, dp, "'data' must be a list of JSON files");
                continue;
            }
            /* scripts read a data file by its name alone (game.data("setup")): two files
             * of one name would keep only the last one, silently */
            char key[256];
            data_name(json_string_value(v), key, sizeof key);
            bool twice = false;
            for (size_t k = 0; k < i && !twice; k++) {
                char other[256];
                data_name(json_string_value(json_array_get(data, k)), other, sizeof other);
                if (strcmp(key, other) != 0) continue;
                report(&cm, dp,
                       "'%s' and '%s' are both data '%s' (scripts read a data file by its name "
                       "without folder and .json: rename one)",
                       json_string_value(json_array_get(data, k)), json_string_value(v), key);
                twice = true;
            }
            if (twice) continue;
            char *fp = path_join(dir, json_string_value(v));
            char *ft = NULL;
            json_t *dj = fp ? pack_json_load(fp, NULL, &ft, e) : NULL;
            if (dj) {
                h = hash_bytes(h, ft, strlen(ft));
                json_object_set_new(p->data, key, dj);
            } else if (fp) {
                errs_keep(pe, e);
            }
            xfree(fp);
            xfree(ft);
            if (!fp) {
                fail_at(&c, "data", "out of memory%s%s", "", "");
                goto fail;
            }
        }
    json_t *cards = json_object_get(m, "cards");
    if (cards && !json_is_array(cards))
        report(&cm, "cards", "'cards' must be a list of JSON files");
    if (json_is_array(cards)) json_array_foreach(cards, i, v) {
            if (!json_is_string(v)) {
                char cp[64];
                snprintf(cp, sizeof cp, "cards/%zu", i);
                report(&cm, cp, "'cards' must be a list of JSON files");
                continue;
            }
            char *fp = path_join(dir, json_string_value(v));
            char *ft = NULL;
            json_t *cj = fp ? pack_json_load(fp, CARD_FILE_SHAPE, &ft, e) : NULL;
            bool cok = true;
            if (cj) {
                h = hash_bytes(h, ft, strlen(ft));
                json_array_append(p->cardfiles, cj);
                Ctx cc = {fp, ft, e, pe};
                cok = load_cards(w, pi, &cc, cj);
                json_decref(cj);
            } else if (fp) {
                errs_keep(pe, e); /* this file's JSON is broken: the next files are read */
            } else {
                cok = fail_at(&c, "cards", "out of memory%s%s", "", "");
            }
            xfree(fp);
            xfree(ft);
            if (!cok) goto fail; /* memory or the table of names ran out: nothing to go on with */
        }
    if (p->rules) {
        struct stat st;
        if (stat(p->rules, &st) != 0 || !S_ISREG(st.st_mode)) {
            if (stat(p->rules, &st) == 0)
                report(&cm, "rules", "the rules %s are %s", p->rules,
                       S_ISDIR(st.st_mode) ? "a folder, not a file" : "not a plain file");
            else
                report(&cm, "rules", "rules file not found: %s", p->rules);
        } else {
            h = hash_file(h, p->rules);
        }
    }
    if (p->scripts) {
        struct stat st;
        if (stat(p->scripts, &st) != 0 || !S_ISDIR(st.st_mode))
            report(&cm, "scripts", "scripts folder not found: %s", p->scripts);
        else
            h = hash_dir(h, p->scripts);
    }
    if (pe->n + pe->more > errs_before) {
        /* e: this pack's first mistake (the last one reported may be in e now), and how
         * many more there are */
        int found = pe->n + pe->more - errs_before;
        if (errs_before < pe->n) *e = pe->list[errs_before];
        if (found > 1) {
            char note[sizeof e->msg];
            snprintf(note, sizeof note, " (and %d more error%s: tabula lint %s lists them)", found - 1,
                     found == 2 ? "" : "s", p->dir);
            err_append(e, note);
        }
        if (!w->keep_going) goto fail;
        w->flawed = true;
    }
    for (int k = 0; k < p->nhelpers; k++) h = hash_file(h, p->helpers[k]);
    /* and every card script of the pack wherever it lives (sorted, each once) */
    {
        /* named as seen from the pack's folder: the hash of a pack does not depend on
         * how it was opened (`play` opens games by their absolute path) */
        int ns = 0;
        char **paths = xcalloc((size_t)w->ndefs + 1, sizeof *paths);
        char **names = xcalloc((size_t)w->ndefs + 1, sizeof *names);
        for (int d = 0; paths && names && d < w->ndefs; d++)
            if (w->defs[d].pack == pi && w->defs[d].script) {
                names[ns] = path_from(p->dir, w->defs[d].script);
                paths[ns++] = w->defs[d].script;
            }
        if (paths && names) {
            /* sorted by that name */
            KeyPath *kp = xcalloc((size_t)ns + 1, sizeof *kp);
            for (int k = 0; k < ns; k++) kp[k] = (KeyPath){names[k], paths[k]};
            qsort(kp, (size_t)ns, sizeof *kp, cmp_keypath);
            for (int k = 0; k < ns; k++) {
                if (k > 0 && strcmp(kp[k].key, kp[k - 1].key) == 0) continue;
                h = hash_bytes(h, kp[k].key, strlen(kp[k].key));
                h = hash_file(h, kp[k].path);
            }
            xfree(kp);
        }
        for (int k = 0; names && k < ns; k++) xfree(names[k]);
        xfree(names);
        xfree(paths);
    }
    p->hash = h;
    result = pi;
    goto done;
fail:
    /* a failed pack is not kept: cards it defined stay only if an earlier pack owns them */
    for (int d = w->ndefs - 1; d >= 0 && w->defs[d].pack == pi; d--) {
        xfree(w->defs[d].name);
        xfree(w->defs[d].text);
        xfree(w->defs[d].script);
        xfree(w->defs[d].file);
        w->ndefs--;
    }
    pack_free(&w->packs[pi]);
    w->npacks--;
done:
    json_decref(m);
    xfree(text);
    xfree(mpath);
    return result;
}

int world_def_line(const World *w, int d)
{
    const CardDef *def = &w->defs[d];
    if (!def->file) return 0;
    Err e;
    size_t len;
    char *text = file_read(def->file, &len, &e);
    if (!text) return 0;
    char path[64];
    snprintf(path, sizeof path, "cards/%d", def->entry);
    int line = 0, col = 0;
    if (!json_locate(text, path, &line, &col)) line = 0;
    xfree(text);
    return line;
}

int world_def(const World *w, const char *id)
{
    int32_t n = names_find(&w->names, id);
    return n < 0 ? -1 : world_def_id(w, n);
}

int world_def_id(const World *w, int32_t id)
{
    for (int i = 0; i < w->ndefs; i++)
        if (w->defs[i].id == id && !w->defs[i].removed) return i;
    return -1;
}

json_t *world_data(const World *w, const char *name)
{
    for (int i = w->npacks - 1; i >= 0; i--) {
        json_t *d = json_object_get(w->packs[i].data, name);
        if (d) return d;
    }
    return NULL;
}

const PropShow *world_prop_show(const World *w, int32_t key)
{
    for (int i = w->npacks - 1; i >= 0; i--)
        for (int k = 0; k < w->packs[i].nshows; k++)
            if (w->packs[i].shows[k].key == key) return &w->packs[i].shows[k];
    /* the parts of a track that say what it is, not where it stands (track.new makes
     * <name>.min, .max, .goal, .seats and <name>@<mark>): hidden and not logged unless
     * named */
    static const PropShow track_part = {.key = -1, .hide = true, .quiet = true};
    const char *k = names_str(&w->names, key);
    const char *dot = k ? strrchr(k, '.') : NULL;
    if (k && dot && dot > k &&
        (strcmp(dot, ".min") == 0 || strcmp(dot, ".max") == 0 || strcmp(dot, ".goal") == 0 || strcmp(dot, ".seats") == 0))
        return &track_part;
    if (k && k[0] != '@' && strchr(k, '@')) return &track_part;
    return NULL;
}

const char *world_zone_label(const World *w, int32_t name)
{
    for (int i = w->npacks - 1; i >= 0; i--)
        for (int k = 0; k < w->packs[i].nzshows; k++)
            if (w->packs[i].zshows[k].name == name) return w->packs[i].zshows[k].label;
    return names_str(&w->names, name);
}

const CardShow *world_card_show(const World *w, int i)
{
    for (int p = 0; p < w->npacks; p++)
        for (int k = 0; k < w->packs[p].ncshows; k++) {
            const CardShow *cs = &w->packs[p].cshows[k];
            bool earlier = false; /* then it is shown in the place the earlier pack gave it */
            for (int q = 0; q < p && !earlier; q++)
                for (int j = 0; j < w->packs[q].ncshows && !earlier; j++)
                    earlier = strcmp(w->packs[q].cshows[j].field, cs->field) == 0;
            if (earlier || i-- > 0) continue;
            for (int q = w->npacks - 1; q > p; q--) /* the last pack's entry for it */
                for (int j = 0; j < w->packs[q].ncshows; j++)
                    if (strcmp(w->packs[q].cshows[j].field, cs->field) == 0) return &w->packs[q].cshows[j];
            return cs;
        }
    return NULL;
}

bool card_show_in(const CardShow *cs, int32_t zone)
{
    if (!cs->nzones || zone < 0) return true;
    for (int i = 0; i < cs->nzones; i++)
        if (cs->zones[i] == zone) return true;
    return false;
}

json_t *card_show_value(const CardShow *cs, json_t *data)
{
    const char *f = cs->field;
    json_t *v = data;
    while (v && *f) {
        size_t n = strcspn(f, ".");
        char part[101];
        snprintf(part, sizeof part, "%.*s", (int)n, f);
        v = json_is_object(v) ? json_object_get(v, part) : NULL;
        f += n;
        if (*f == '.') f++;
    }
    return json_is_null(v) ? NULL : v;
}

const char *prop_show_name(const PropShow *ps, int64_t v)
{
    if (!ps || !ps->names || v < 1 || v > (int64_t)json_array_size(ps->names)) return NULL;
    return json_string_value(json_array_get(ps->names, (size_t)(v - 1)));
}

bool option_accepts(const PackOption *o, const json_t *v)
{
    if (!o->values) return json_typeof(v) == json_typeof(o->def) || (json_is_boolean(v) && json_is_boolean(o->def));
    size_t i;
    json_t *x;
    json_array_foreach(o->values, i, x) if (json_equal(x, v)) return true;
    return false;
}

const PackOption *world_option(const World *w, const char *key)
{
    for (int i = w->npacks - 1; i >= 0; i--)
        for (int k = 0; k < w->packs[i].noptions; k++)
            if (strcmp(w->packs[i].options[k].key, key) == 0) return &w->packs[i].options[k];
    return NULL;
}

const char *world_option_nearest(const World *w, const char *key)
{
    Nearest near;
    nearest_init(&near, key);
    for (int p = 0; p < w->npacks; p++)
        for (int i = 0; i < w->packs[p].noptions; i++) nearest_try(&near, w->packs[p].options[i].key);
    return near.best;
}
