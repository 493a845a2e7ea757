/* pack_hint.c — what pack loading and lint tell a modder beyond the bare mistake: a
 * folder that is no pack said plainly, the name closest to a misspelt one (a script, a
 * dependency's folder), why a card has no script, and the scripts of a pack that
 * nothing reads. Read next: pack.c. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pack.h"

static bool regular_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* name ends in ".lua" and has something before it */
static bool lua_name(const char *name)
{
    size_t l = strlen(name);
    return l > 4 && strcmp(name + l - 4, ".lua") == 0;
}

bool pack_folder_check(const char *dir, Err *e)
{
    struct stat st;
    if (stat(dir, &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) err_at(e, "", 0, 0, "no such folder '%s'", dir);
        else err_at(e, "", 0, 0, "cannot open the folder '%s': %s", dir, strerror(errno));
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        err_at(e, "", 0, 0, "'%s' is not a folder: a pack is a folder with a pack.json", dir);
        return false;
    }
    char pj[1100];
    snprintf(pj, sizeof pj, "%s/pack.json", dir);
    if (stat(pj, &st) != 0 && errno == ENOENT) {
        err_at(e, "", 0, 0, "'%s' is not a pack: it has no pack.json", dir);
        return false;
    }
    return true; /* a pack.json that cannot be read is said when it is read */
}

bool pack_script_nearest(const char *path, char *out, size_t n)
{
    const char *slash = strrchr(path, '/');
    char folder[1024];
    if (!slash) snprintf(folder, sizeof folder, ".");
    else if (slash == path) snprintf(folder, sizeof folder, "/");
    else snprintf(folder, sizeof folder, "%.*s", (int)(slash - path), path);
    /* compared without ".lua": a name written without it is its own file's */
    char key[256];
    snprintf(key, sizeof key, "%s", slash ? slash + 1 : path);
    if (lua_name(key)) key[strlen(key) - 4] = 0;
    char **names;
    size_t nn;
    bool complete;
    if (!dir_list(folder, &names, &nn, &complete)) return false;
    Nearest near;
    nearest_init(&near, key);
    const char *same = NULL;
    for (size_t i = 0; i < nn; i++) {
        char fp[1400];
        snprintf(fp, sizeof fp, "%s/%s", folder, names[i]);
        if (!lua_name(names[i]) || !regular_file(fp)) continue;
        names[i][strlen(names[i]) - 4] = 0;
        if (strcmp(names[i], key) == 0) same = names[i];
        nearest_try(&near, names[i]);
    }
    const char *best = same ? same : near.best;
    if (best) snprintf(out, n, "%s.lua", best);
    dir_list_free(names, nn);
    return best != NULL;
}

bool pack_folder_nearest(const char *const *roots, int nroots, const char *name, const char *self,
                         char *out, size_t n)
{
    struct stat me;
    bool have_me = self && stat(self, &me) == 0;
    Nearest near;
    nearest_init(&near, name);
    for (int r = 0; r < nroots; r++) {
        char **names;
        size_t nn;
        bool complete;
        if (!dir_list(roots[r], &names, &nn, &complete)) continue;
        for (size_t i = 0; i < nn; i++) {
            char pj[1400];
            snprintf(pj, sizeof pj, "%s/%s/pack.json", roots[r], names[i]);
            if (names[i][0] == '.' || !regular_file(pj)) continue;
            struct stat st;
            pj[strlen(pj) - strlen("/pack.json")] = 0;
            if (have_me && stat(pj, &st) == 0 && st.st_dev == me.st_dev && st.st_ino == me.st_ino)
                continue; /* the pack itself, which cannot depend on itself */
            nearest_try(&near, names[i]);
            if (near.best != names[i]) continue;
            str_copy(out, n, names[i]); /* names are freed before the next root's are read */
            near.best = out;
        }
        dir_list_free(names, nn);
    }
    return near.best != NULL;
}

/* The .lua file of folder `dir` (without ".lua", into out) closest to id, leaving out
 * those named after a card's id (another card's script by default): what a card
 * without a script whose id is misspelt was meant to read. */
static bool unread_near(const World *w, const char *dir, const char *id, char *out, size_t n)
{
    char **names;
    size_t nn;
    bool complete;
    if (!dir_list(dir, &names, &nn, &complete)) return false;
    Nearest near;
    nearest_init(&near, id);
    for (size_t i = 0; i < nn; i++) {
        if (names[i][0] == '.' || !lua_name(names[i])) continue;
        names[i][strlen(names[i]) - 4] = 0;
        /* world_def reads every definition: only for a name close enough */
        if (edit_distance(id, names[i]) > near.room || world_def(w, names[i]) >= 0) continue;
        nearest_try(&near, names[i]);
    }
    if (near.best) str_copy(out, n, near.best);
    dir_list_free(names, nn);
    return near.best != NULL;
}

/* ---------------------------------------------------------------- unread scripts -- */

typedef struct Script {
    dev_t dev;
    ino_t ino;
    size_t name;           /* index in the folder's names */
    bool read;
} Script;

static int cmp_script(const void *a, const void *b)
{
    const Script *x = a, *y = b;
    if (x->dev != y->dev) return x->dev < y->dev ? -1 : 1;
    if (x->ino != y->ino) return x->ino < y->ino ? -1 : 1;
    return 0;
}

/* The file at dir/rel (rel as it is when absolute) is read: marked among s, the
 * folder's scripts, by device and inode (a path may name it in many ways). */
static void mark_read(Script *s, size_t ns, const char *dir, const char *rel)
{
    char path[2100];
    if (rel[0] == '/' || !dir) snprintf(path, sizeof path, "%s", rel);
    else snprintf(path, sizeof path, "%s/%s", dir, rel);
    struct stat st;
    if (stat(path, &st) != 0) return;
    Script key = {.dev = st.st_dev, .ino = st.st_ino};
    Script *hit = bsearch(&key, s, ns, sizeof *s, cmp_script);
    if (hit) hit->read = true;
}

/* Every file a pack of w reads: its helpers, rules and bots.lua, and the script of each
 * card entry of its card files (a card replaced or removed by a later pack included:
 * its pack reads the file still). */
static void mark_world(const World *w, Script *s, size_t ns)
{
    for (int q = 0; q < w->npacks; q++) {
        const Pack *p = &w->packs[q];
        for (int h = 0; h < p->nhelpers; h++) mark_read(s, ns, NULL, p->helpers[h]);
        if (p->rules) mark_read(s, ns, NULL, p->rules);
        mark_read(s, ns, p->dir, "bots.lua");
        size_t f;
        json_t *file;
        json_array_foreach(p->cardfiles, f, file) {
            size_t i;
            json_t *cd;
            json_array_foreach(json_object_get(file, "cards"), i, cd) {
                const char *id = json_string_value(json_object_get(cd, "id"));
                const char *script = json_string_value(json_object_get(cd, "script"));
                if (script) {
                    mark_read(s, ns, p->scripts ? p->scripts : p->dir, script);
                } else if (id && p->scripts) {
                    char fn[300];
                    snprintf(fn, sizeof fn, "%s.lua", id);
                    mark_read(s, ns, p->scripts, fn);
                }
            }
        }
    }
}

bool pack_unread_scripts(const World *w, int pi, char ***files, size_t *n)
{
    *files = NULL;
    *n = 0;
    const Pack *p = &w->packs[pi];
    if (!p->scripts) return true;
    /* a card file that did not load hides which scripts its cards read */
    size_t listed = 0, i;
    json_t *v;
    json_array_foreach(json_object_get(p->manifest, "cards"), i, v) listed += json_is_string(v);
    if (json_array_size(p->cardfiles) < listed) return true;
    char **names;
    size_t nn;
    bool complete;
    if (!dir_list(p->scripts, &names, &nn, &complete)) return true; /* said when it loaded */
    Script *s = xcalloc(nn + 1, sizeof *s);
    bool *unread = xcalloc(nn + 1, sizeof *unread);
    char **out = xcalloc(nn + 1, sizeof *out);
    bool ok = s && unread && out && complete;
    size_t ns = 0;
    for (size_t k = 0; ok && k < nn; k++) {
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", p->scripts, names[k]);
        struct stat st;
        /* a hidden file (an editor's) is nobody's script */
        if (names[k][0] == '.' || !lua_name(names[k])) continue;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        s[ns++] = (Script){.dev = st.st_dev, .ino = st.st_ino, .name = k};
    }
    if (ok) {
        qsort(s, ns, sizeof *s, cmp_script);
        mark_world(w, s, ns);
        for (size_t j = 0; j < ns; j++) unread[s[j].name] = !s[j].read;
        /* in name order, as the folder lists them */
        for (size_t k = 0; k < nn && ok; k++) {
            if (!unread[k]) continue;
            size_t len = strlen(p->scripts) + strlen(names[k]) + 2;
            if (!(out[*n] = xmalloc(len))) ok = false;
            else snprintf(out[(*n)++], len, "%s/%s", p->scripts, names[k]);
        }
    }
    xfree(s);
    xfree(unread);
    dir_list_free(names, nn);
    if (!ok) {
        dir_list_free(out, *n);
        *n = 0;
        return false;
    }
    *files = out;
    return true;
}

int world_scriptless_nearest(const World *w, int pi, const char *id)
{
    Nearest near;
    nearest_init(&near, id);
    int best = -1;
    for (int d = 0; d < w->ndefs; d++) {
        const CardDef *cd = &w->defs[d];
        if (cd->pack != pi || cd->removed || cd->script || cd->script_lost) continue;
        const char *cid = names_str(&w->names, cd->id);
        nearest_try(&near, cid);
        if (near.best == cid) best = d;
    }
    return best;
}

/* ---------------------------------------------------------------- no script ------- */

bool pack_script_in_subfolder(const char *dir, const char *id, char *sub, size_t n)
{
    DIR *dp = opendir(dir);
    if (!dp) return false;
    /* the first match in name order, so the message is the same on every machine */
    bool found = false;
    struct dirent *de;
    while ((de = readdir(dp))) {
        if (de->d_name[0] == '.') continue;
        char fn[1400];
        snprintf(fn, sizeof fn, "%s/%s/%s.lua", dir, de->d_name, id);
        if (!regular_file(fn)) continue;
        if (!found || strcmp(de->d_name, sub) < 0) str_copy(sub, n, de->d_name);
        found = true;
    }
    closedir(dp);
    return found;
}

bool world_no_script_why(const World *w, int d, char *why, size_t n)
{
    const CardDef *cd = &w->defs[d];
    const Pack *pk = &w->packs[cd->pack];
    const char *cid = names_str(&w->names, cd->id);
    char fn[1200];
    snprintf(fn, sizeof fn, "%s/%s.lua", pk->dir, cid);
    if (regular_file(fn)) {
        if (pk->scripts)
            snprintf(why, n,
                     "%s.lua lies in the pack folder, but scripts are read from its \"scripts\" folder %s "
                     "(move the file there, or name it in the card's entry: \"script\": \"<path from the "
                     "scripts folder>\")",
                     cid, pk->scripts);
        else
            snprintf(why, n,
                     "%s.lua lies in the pack folder, but pack.json names no \"scripts\" folder, so no "
                     "script is looked for (add \"scripts\": \".\" to pack.json, or \"script\": \"%s.lua\" "
                     "to the card's entry)",
                     cid, cid);
        return true;
    }
    /* a card that replaces one of an earlier pack keeps nothing of it, the script
     * included: an entry meant to change only the text leaves the card scriptless
     * (found when the old script had the default name <scripts>/<id>.lua, as almost
     * every card's has) */
    for (int q = 0; q < cd->pack; q++) {
        if (!w->packs[q].scripts) continue;
        snprintf(fn, sizeof fn, "%s/%s.lua", w->packs[q].scripts, cid);
        if (!regular_file(fn)) continue;
        snprintf(why, n,
                 "it replaces the card of pack %s, whose script is %s: a replacing card keeps nothing "
                 "of the card it replaces (put its own %s.lua in this pack's scripts folder, or name a "
                 "script in the entry)",
                 w->packs[q].id, fn, cid);
        return true;
    }
    char sub[256] = "";
    if (!pk->scripts && pack_script_in_subfolder(pk->dir, cid, sub, sizeof sub)) {
        snprintf(why, n,
                 "%s/%s.lua lies in the pack's folder, but pack.json names no \"scripts\" folder, so no "
                 "script is looked for (add \"scripts\": \"%s\" to pack.json)",
                 sub, cid, sub);
        return true;
    }
    char near[256];
    if (pk->scripts && unread_near(w, pk->scripts, cid, near, sizeof near))
        snprintf(why, n, "there is no %s/%s.lua, but there is %s.lua, which no card has as its id: is "
                         "the card's id misspelt? (or name it in the card's entry: \"script\": \"%s.lua\")",
                 pk->scripts, cid, near, near);
    else if (pk->scripts)
        snprintf(why, n, "there is no %s/%s.lua (write it, or name the card's script in its entry: "
                         "\"script\": \"<path from the scripts folder>\")",
                 pk->scripts, cid);
    else
        snprintf(why, n, "pack.json names no \"scripts\" folder, so no script is looked for (add "
                         "\"scripts\": \"<folder of the card scripts>\" to pack.json, or \"script\": "
                         "\"<file>\" to the card's entry)");
    return false;
}
