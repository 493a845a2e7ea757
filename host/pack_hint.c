/* pack_hint.c — what pack loading and lint tell a modder beyond the bare mistake: why
 * a card has no script. Read next: pack.c. */
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "pack.h"

static bool regular_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A folder of the pack's own folder (one level down) holding <id>.lua, or false. */
static bool script_in_subfolder(const char *dir, const char *id, char *sub, size_t n)
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
    if (!pk->scripts && script_in_subfolder(pk->dir, cid, sub, sizeof sub)) {
        snprintf(why, n,
                 "%s/%s.lua lies in the pack's folder, but pack.json names no \"scripts\" folder, so no "
                 "script is looked for (add \"scripts\": \"%s\" to pack.json)",
                 sub, cid, sub);
        return true;
    }
    if (pk->scripts)
        snprintf(why, n, "there is no %s/%s.lua (write it, or name the card's script in its entry: "
                         "\"script\": \"<path from the scripts folder>\")",
                 pk->scripts, cid);
    else
        snprintf(why, n, "pack.json names no \"scripts\" folder, so no script is looked for (add "
                         "\"scripts\": \"<folder of the card scripts>\" to pack.json, or \"script\": "
                         "\"<file>\" to the card's entry)");
    return false;
}
