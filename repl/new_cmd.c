/* new_cmd.c — `tabula new`: a new pack to start from, made from a game that loads.
 *
 * A game (the default): a self-contained copy of a game (the tutorial's, or --from)
 * under the folder's name: its manifest, rules, card and data files, bots and card
 * scripts, all in the one folder. An expansion (--expansion GAME): a pack that depends
 * on GAME and adds a copy of one of its cards, under a new id, to change into one's own.
 * Either comes with a scenario test that the bots play to the end, and is loaded back,
 * scripts and all, before the command says it is done. The folder must be new or empty:
 * nothing is overwritten, and what a failed run wrote is taken away again.
 * Read next: lint.c (the check a designer runs next). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static const char *const new_help =
    "usage: tabula new <folder> [--from GAME] [--name TEXT]\n"
    "       tabula new <folder> --expansion GAME [--card ID] [--name TEXT]\n"
    "\n"
    "Makes a new pack in <folder> (made if missing; it must be empty), ready to play,\n"
    "test and change. Its id is the folder's name: lower-case letters, digits, '-' and\n"
    "'_', starting with a letter.\n"
    "\n"
    "  a game (default)     a copy of GAME (default: tutorial, the game of\n"
    "                       docs/card-authoring.md) under the new id, all in <folder>:\n"
    "                       pack.json, its rules, card and data files, bots.lua, the\n"
    "                       card scripts in cards/, and tests/<id>.lua\n"
    "  --expansion GAME     a pack that depends on GAME and adds one card: a copy of\n"
    "                       GAME's card ID (--card; default: GAME's last card with a\n"
    "                       script) as new_<ID>, its script in cards/, and\n"
    "                       tests/<id>.lua\n"
    "  --name TEXT          the pack's name (default: the id, capitalised)\n"
    "\n"
    "tests/<id>.lua is a scenario the game's random bots play to the end. Then:\n"
    "  tabula play <folder>, tabula test <folder>/tests, tabula sim <folder> -n 100,\n"
    "  tabula lint <folder>. The pack is loaded back before the command ends.\n";

/* What one run has written, taken away again when a later step fails. */
typedef struct Made {
    char **paths;
    bool *dir;
    int n, cap;
    bool lost;             /* a path could not be recorded (memory ran out) */
} Made;

static void made_add(Made *m, const char *path, bool dir)
{
    if (m->n == m->cap) {
        int cap = m->cap ? m->cap * 2 : 64;
        char **p = xrealloc(m->paths, (size_t)cap * sizeof *p);
        if (p) m->paths = p;
        bool *d = p ? xrealloc(m->dir, (size_t)cap * sizeof *d) : NULL;
        if (d) m->dir = d;
        if (!p || !d) {
            m->lost = true;
            return;
        }
        m->cap = cap;
    }
    char *copy = xstrdup(path);
    if (!copy) {
        m->lost = true;
        return;
    }
    m->paths[m->n] = copy;
    m->dir[m->n++] = dir;
}

/* Takes away what m recorded, the last first; true when all of it went. */
static bool made_undo(Made *m)
{
    bool all = !m->lost;
    for (int i = m->n - 1; i >= 0; i--)
        if ((m->dir[i] ? rmdir(m->paths[i]) : unlink(m->paths[i])) != 0) all = false;
    return all;
}

static void made_free(Made *m)
{
    for (int i = 0; i < m->n; i++) xfree(m->paths[i]);
    xfree(m->paths);
    xfree(m->dir);
}

/* out = a/b<ext>; false with e when it does not fit in PATH_MAX. */
static bool pjoin(char *out, const char *a, const char *b, const char *ext, Err *e)
{
    int k = snprintf(out, PATH_MAX, "%s/%s%s", a, b, ext);
    if (k >= 0 && k < PATH_MAX) return true;
    err_set(e, "path too long: '%.60s…'", a);
    return false;
}

static bool is_folder(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Makes folder path (its parent must exist), recorded in m; true when it exists after. */
static bool made_dir(Made *m, const char *path, Err *e)
{
    if (is_folder(path)) return true;
    if (mkdir(path, 0777) != 0) {
        err_set(e, "cannot make folder '%s': %s", path, strerror(errno));
        return false;
    }
    made_add(m, path, true);
    return true;
}

/* Writes a new file (refusing one that is there), recorded in m. */
static bool made_file(Made *m, const char *path, const char *data, size_t len, Err *e)
{
    if (access(path, F_OK) == 0) {
        err_set(e, "'%s' is written twice (two files of the game have that name)", path);
        return false;
    }
    if (!file_write_atomic(path, data, len, e)) return false;
    made_add(m, path, false);
    return true;
}

static bool copy_file(Made *m, const char *from, const char *to, Err *e)
{
    size_t len;
    char *text = file_read(from, &len, e);
    if (!text) return false;
    bool ok = made_file(m, to, text, len, e);
    xfree(text);
    return ok;
}

/* Copies folder `from` into `to` (made), files and subfolders. *n counts the files. */
static bool copy_tree(Made *m, const char *from, const char *to, int depth, int *n, Err *e)
{
    if (depth > 8) {
        err_set(e, "'%s' is nested too deep to copy", from);
        return false;
    }
    if (!made_dir(m, to, e)) return false;
    char **names;
    size_t k;
    bool complete;
    if (!dir_list(from, &names, &k, &complete)) {
        err_set(e, "cannot read folder '%s': %s", from, strerror(errno));
        return false;
    }
    bool ok = complete;
    if (!complete) err_set(e, "out of memory");
    for (size_t i = 0; ok && i < k; i++) {
        if (names[i][0] == '.') continue; /* .git, editor files */
        char src[PATH_MAX], dst[PATH_MAX];
        if (!(ok = pjoin(src, from, names[i], "", e) && pjoin(dst, to, names[i], "", e))) break;
        if (is_folder(src)) ok = copy_tree(m, src, dst, depth + 1, n, e);
        else if ((ok = copy_file(m, src, dst, e))) (*n)++;
    }
    dir_list_free(names, k);
    return ok;
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* The pack id a folder's name gives, or false with why. */
static bool id_of_folder(const char *folder, char *id, size_t n, char *why, size_t wn)
{
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s", folder);
    size_t len = strlen(tmp);
    while (len > 1 && tmp[len - 1] == '/') tmp[--len] = 0;
    const char *b = base_name(tmp);
    bool ok = *b && strlen(b) <= 64 && islower((unsigned char)b[0]);
    for (const char *s = b; ok && *s; s++)
        ok = islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '-' || *s == '_';
    if (!ok) {
        snprintf(why, wn,
                 "the folder's name '%s' cannot be a pack's id: give a folder named with "
                 "lower-case letters, digits, '-' and '_', starting with a letter (at most 64), "
                 "such as 'my-game'",
                 b);
        return false;
    }
    snprintf(id, n, "%s", b);
    return true;
}

/* "my-game" -> "My Game" */
static void title_of(const char *id, char *out, size_t n)
{
    size_t j = 0;
    bool up = true;
    for (const char *s = id; *s && j + 1 < n; s++) {
        char ch = *s == '-' || *s == '_' ? ' ' : *s;
        out[j++] = up ? (char)toupper((unsigned char)ch) : ch;
        up = ch == ' ';
    }
    out[j] = 0;
}

static bool write_json(Made *m, const char *path, json_t *j, Err *e)
{
    char *text = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    if (!text) {
        err_set(e, "out of memory");
        return false;
    }
    size_t len = strlen(text);
    char *t2 = xrealloc(text, len + 2);
    if (!t2) {
        free(text);
        err_set(e, "out of memory");
        return false;
    }
    t2[len] = '\n';
    t2[len + 1] = 0;
    bool ok = made_file(m, path, t2, len + 1, e);
    free(t2);
    return ok;
}

/* tests/<id>.lua: the bots play the game to its end, with no script error. */
static bool write_scenario(Made *m, const char *folder, const char *id, const char *title,
                           int players, const char *card, Err *e)
{
    char dir[PATH_MAX], path[PATH_MAX];
    if (!pjoin(dir, folder, "tests", "", e) || !pjoin(path, dir, id, ".lua", e) || !made_dir(m, dir, e))
        return false;
    Buf b = {0};
    bool ok = buf_printf(&b,
                         "-- Scenario tests of %s (docs/testing.md): tabula test <the pack's folder>/tests\n"
                         "-- (game = \"../\" is the pack one folder up from this file.)\n"
                         "\n"
                         "scenario \"%s plays to the end\" {\n"
                         "  game = \"../\", players = %d, seed = 1,\n"
                         "  steps = { { bot = 100000 } },   -- the random bots answer every question\n"
                         "  expect = { over = true, errors = 0 },\n"
                         "}\n",
                         title, title, players);
    if (ok && card)
        ok = buf_printf(&b,
                        "\n"
                        "scenario \"the game knows %s\" {\n"
                        "  game = \"../\", players = %d,\n"
                        "  expect = { checks = { [[ return game.def(\"%s\").name ~= nil ]] } },\n"
                        "}\n",
                        card, players, card);
    if (!ok) {
        buf_free(&b);
        err_set(e, "out of memory");
        return false;
    }
    ok = made_file(m, path, b.s, b.len, e);
    buf_free(&b);
    return ok;
}

/* Copies each file a manifest list names (paths in the pack's folder dir) to its name
 * alone in folder, and sets the list to those names. */
static bool copy_listed(Made *m, json_t *man, const char *key, const char *dir, const char *folder,
                        int *n, Err *e)
{
    json_t *list = json_object_get(man, key);
    size_t i;
    json_t *v;
    json_array_foreach(list, i, v) {
        const char *rel = json_string_value(v);
        if (!rel) continue; /* the game loaded: its lists are strings */
        char src[PATH_MAX], dst[PATH_MAX];
        if (!pjoin(src, dir, rel, "", e) || !pjoin(dst, folder, base_name(rel), "", e) ||
            !copy_file(m, src, dst, e))
            return false;
        (*n)++;
        json_array_set_new(list, i, json_string(base_name(rel)));
    }
    return true;
}

static bool make_game(Made *m, const Worker *src, const char *folder, const char *id, const char *title,
                      Err *e)
{
    const Pack *p = &src->w->packs[src->w->npacks - 1];
    json_t *man = json_deep_copy(p->manifest);
    if (!man) {
        err_set(e, "out of memory");
        return false;
    }
    json_object_set_new(man, "id", json_string(id));
    json_object_set_new(man, "name", json_string(title));
    json_object_set_new(man, "version", json_string("0.1.0"));
    char desc[512];
    snprintf(desc, sizeof desc, "A new game, made with `tabula new` from %s %s: change it into your own.", p->id,
             p->version);
    json_object_set_new(man, "description", json_string(desc));
    int n = 0;
    bool ok = true;
    char path[PATH_MAX];
    if (p->rules) {
        ok = pjoin(path, folder, base_name(p->rules), "", e) && copy_file(m, p->rules, path, e);
        json_object_set_new(man, "rules", json_string(base_name(p->rules)));
        n++;
    }
    ok = ok && copy_listed(m, man, "cards", p->dir, folder, &n, e);
    ok = ok && copy_listed(m, man, "data", p->dir, folder, &n, e);
    if (ok && pjoin(path, p->dir, "bots.lua", "", e) && access(path, F_OK) == 0) {
        char dst[PATH_MAX];
        ok = pjoin(dst, folder, "bots.lua", "", e) && copy_file(m, path, dst, e);
        n++;
    }
    int scripts = 0;
    if (ok && p->scripts) {
        ok = pjoin(path, folder, "cards", "", e) && copy_tree(m, p->scripts, path, 0, &scripts, e);
        json_object_set_new(man, "scripts", json_string("cards"));
    }
    ok = ok && pjoin(path, folder, "pack.json", "", e) && write_json(m, path, man, e);
    json_decref(man);
    ok = ok && write_scenario(m, folder, id, title, p->min_players, NULL, e);
    if (ok)
        printf("made the game '%s' in %s, a copy of %s %s: pack.json, %d file(s) of rules, cards, "
               "data and bots, %d card script(s) in cards/, and tests/%s.lua\n",
               id, folder, p->id, p->version, n, scripts, id);
    return ok;
}

/* The definition --card names (or the game's last one with a script), or -1 with why. */
static int pick_card(const World *w, const char *card, const char *game, Err *e)
{
    if (card) {
        int d = world_def(w, card);
        if (d >= 0 && !w->defs[d].removed) return d;
        Nearest near;
        nearest_init(&near, card);
        for (int i = 0; i < w->ndefs; i++)
            if (!w->defs[i].removed) nearest_try(&near, names_str(&w->names, w->defs[i].id));
        if (near.best) err_set(e, "%s has no card '%s' (did you mean '%s'?)", game, card, near.best);
        else err_set(e, "%s has no card '%s'", game, card);
        return -1;
    }
    for (int i = w->ndefs - 1; i >= 0; i--)
        if (!w->defs[i].removed && w->defs[i].script) return i;
    err_set(e, "%s has no card with a script to copy: name one with --card", game);
    return -1;
}

static bool make_expansion(Made *m, const Worker *src, const char *game, const char *card, const char *folder,
                           const char *id, const char *title, Err *e)
{
    const World *w = src->w;
    const Pack *p = &w->packs[w->npacks - 1];
    int d = pick_card(w, card, game, e);
    if (d < 0) return false;
    const CardDef *cd = &w->defs[d];
    const char *old = names_str(&w->names, cd->id);
    char nid[128], nname[256];
    snprintf(nid, sizeof nid, "new_%s", old);
    snprintf(nname, sizeof nname, "New %s", cd->name);
    /* the card's entry as its file gives it, under the new id and name */
    json_error_t je;
    json_t *file = json_load_file(cd->file, JSON_REJECT_DUPLICATES, &je);
    json_t *entry = json_deep_copy(json_array_get(json_object_get(file, "cards"), (size_t)cd->entry));
    json_decref(file);
    if (!entry) {
        err_set(e, "cannot read card '%s' from %s", old, cd->file);
        return false;
    }
    json_object_set_new(entry, "id", json_string(nid));
    json_object_set_new(entry, "name", json_string(nname));
    json_object_del(entry, "script"); /* cards/<new id>.lua */
    json_t *cards = json_pack("{s:[o]}", "cards", entry);
    json_t *deps = json_array();
    /* a game found by its id is depended on by id (looked for beside the pack, in
     * games/, and beside the binary); a folder given by path, by its path */
    char gdir[PATH_MAX];
    bool by_id = strcmp(game, p->id) == 0 && !strchr(game, '/');
    if (by_id) {
        json_array_append_new(deps, json_string(p->id));
    } else {
        if (!realpath(p->dir, gdir)) snprintf(gdir, sizeof gdir, "%s", p->dir);
        json_array_append_new(deps, json_pack("{s:s,s:s}", "id", p->id, "path", gdir));
    }
    char desc[512];
    snprintf(desc, sizeof desc, "An expansion of %s, made with `tabula new`: change it into your own.", p->name);
    json_t *man = json_pack("{s:s,s:s,s:s,s:i,s:s,s:o,s:[s],s:s}", "id", id, "name", title, "version", "0.1.0",
                            "api", TABULA_API, "description", desc, "depends", deps, "cards", "cards.json",
                            "scripts", "cards");
    char path[PATH_MAX], dir[PATH_MAX];
    bool ok = man && cards;
    if (!ok) err_set(e, "out of memory");
    ok = ok && pjoin(path, folder, "pack.json", "", e) && write_json(m, path, man, e);
    ok = ok && pjoin(path, folder, "cards.json", "", e) && write_json(m, path, cards, e);
    ok = ok && pjoin(dir, folder, "cards", "", e) && pjoin(path, dir, nid, ".lua", e) && made_dir(m, dir, e);
    if (ok && cd->script) {
        ok = copy_file(m, cd->script, path, e);
    }
    json_decref(man);
    json_decref(cards);
    ok = ok && write_scenario(m, folder, id, title, p->min_players, nid, e);
    if (ok)
        printf("made the expansion '%s' of %s in %s: pack.json, cards.json with '%s' (%s, a copy of %s's "
               "'%s'), %s, and tests/%s.lua\n",
               id, p->id, folder, nid, nname, p->id, old, cd->script ? "its script in cards/" : "no script", id);
    return ok;
}

/* Whether folder may be written: missing (its parent there) or an empty folder. */
static bool folder_free(const char *folder, bool *exists, char *why, size_t n)
{
    struct stat st;
    *exists = stat(folder, &st) == 0;
    if (!*exists) return true;
    if (!S_ISDIR(st.st_mode)) {
        snprintf(why, n, "'%s' is there and is not a folder: nothing written", folder);
        return false;
    }
    char **names;
    size_t k;
    bool complete;
    if (!dir_list(folder, &names, &k, &complete)) {
        snprintf(why, n, "cannot read folder '%s': %s", folder, strerror(errno));
        return false;
    }
    dir_list_free(names, k);
    if (k > 0) {
        snprintf(why, n, "'%s' is not empty (%zu entr%s): nothing written; give a new folder", folder, k,
                 k == 1 ? "y" : "ies");
        return false;
    }
    return true;
}

int cmd_new(int argc, char **argv)
{
    const char *folder = NULL, *from = NULL, *exp = NULL, *card = NULL, *name = NULL;
    for (int i = 1; i < argc; i++) {
        const char **slot = NULL;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(new_help, stdout);
            return 0;
        } else if (strcmp(argv[i], "--from") == 0) slot = &from;
        else if (strcmp(argv[i], "--expansion") == 0) slot = &exp;
        else if (strcmp(argv[i], "--card") == 0) slot = &card;
        else if (strcmp(argv[i], "--name") == 0) slot = &name;
        else if (argv[i][0] != '-' && !folder) folder = argv[i];
        if (slot && i + 1 < argc && !*slot) {
            *slot = argv[++i];
        } else if (slot || argv[i] != folder) {
            fprintf(stderr, "tabula new: unknown, repeated or incomplete argument '%s'\n%s", argv[i], new_help);
            return 2;
        }
    }
    if (!folder) {
        fputs(new_help, stderr);
        return 2;
    }
    if (from && exp) {
        fprintf(stderr, "tabula new: --from makes a game and --expansion an expansion: give one of them\n");
        return 2;
    }
    if (card && !exp) {
        fprintf(stderr, "tabula new: --card names the card an expansion copies: give --expansion GAME too\n");
        return 2;
    }
    char id[80], why[PATH_MAX + 256];
    if (!id_of_folder(folder, id, sizeof id, why, sizeof why)) {
        fprintf(stderr, "tabula new: %s\n", why);
        return 2;
    }
    if (name && (!*name || strlen(name) > 200 || !utf8_valid(name))) {
        fprintf(stderr, "tabula new: --name takes a text of 1 to 200 characters\n");
        return 2;
    }
    bool exists;
    if (!folder_free(folder, &exists, why, sizeof why)) {
        fprintf(stderr, "tabula new: %s\n", why);
        return 2;
    }
    const char *game = exp ? exp : from ? from : "tutorial";
    Worker src;
    Err e;
    err_clear(&e);
    if (!worker_open(&src, game, NULL, 0, &e)) {
        char msg[1024];
        err_show(&e, msg, sizeof msg);
        fprintf(stderr, "tabula new: %s does not load, so nothing was made from it: %s\n", game, msg);
        return 1;
    }
    char title[256];
    if (name) snprintf(title, sizeof title, "%s", name);
    else title_of(id, title, sizeof title);
    Made made = {0}, *m = &made;
    bool ok = true;
    if (!exists) ok = mkdir_p(folder, 0777) || (err_set(&e, "cannot make folder '%s': %s", folder,
                                                              strerror(errno)), false);
    if (ok && !exists) made_add(m, folder, true);
    if (ok) ok = exp ? make_expansion(m, &src, game, card, folder, id, title, &e)
                     : make_game(m, &src, folder, id, title, &e);
    worker_close(&src);
    /* the new pack must load, scripts and all, where it stands */
    Worker back;
    Err be;
    err_clear(&be);
    if (ok && !worker_open(&back, folder, NULL, 0, &be)) {
        char msg[1024];
        err_show(&be, msg, sizeof msg);
        err_set(&e, "the new pack does not load (a mistake of tabula new; please report it): %s", msg);
        ok = false;
    } else if (ok) {
        worker_close(&back);
    }
    if (!ok) {
        char msg[1024];
        err_show(&e, msg, sizeof msg);
        bool gone = made_undo(m);
        made_free(m);
        if (gone) fprintf(stderr, "tabula new: %s; nothing was left in '%s'\n", msg, folder);
        else fprintf(stderr, "tabula new: %s; what was written to '%s' could not all be taken away\n", msg, folder);
        return 1;
    }
    made_free(m);
    printf("next:\n"
           "  tabula play %s\n"
           "  tabula test %s/tests\n"
           "  tabula sim %s -n 100\n"
           "  tabula lint %s\n",
           folder, folder, folder, folder);
    return 0;
}
