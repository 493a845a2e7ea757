/* test_pack_hint.c — what pack loading tells a modder beyond the bare mistake
 * (host/pack_hint.c, host/pack_json.c): the name closest to a misspelt one, a folder
 * that is no pack, the hint for a comma before a closing bracket, and the scripts of a
 * pack that nothing reads. tests/cli.sh checks the messages lint prints with them. */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "t.h"

/* A fresh folder under /tmp (removed with its contents by tmp_done). */
static bool tmp_folder(char *dir, size_t n)
{
    snprintf(dir, n, "/tmp/tabula-hint-XXXXXX");
    return mkdtemp(dir) != NULL;
}

static void tmp_done(const char *dir)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "cannot remove %s\n", dir);
}

/* Writes text to dir/name, making the folders of name first. */
static bool put(const char *dir, const char *name, const char *text)
{
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    for (char *s = strchr(path + strlen(dir) + 1, '/'); s; s = strchr(s + 1, '/')) {
        *s = 0;
        mkdir(path, 0700);
        *s = '/';
    }
    FILE *f = fopen(path, "w");
    if (!f) return false;
    bool ok = fputs(text, f) >= 0;
    return fclose(f) == 0 && ok;
}

TEST(nearest_names_the_closest_candidate_within_a_third_of_the_key)
{
    Nearest n;
    nearest_init(&n, "weariness");
    nearest_try(&n, "beach");
    nearest_try(&n, "wearines");   /* distance 1 */
    nearest_try(&n, "weariness2"); /* distance 1 too: the first of equals stays */
    CHECK(n.best && strcmp(n.best, "wearines") == 0);
    nearest_init(&n, "weariness");
    nearest_try(&n, "weary");      /* 4 edits: more than a third of 9 letters */
    nearest_try(&n, "weariness");  /* the key itself is no hint */
    CHECK(n.best == NULL);
    nearest_init(&n, "lair");
    nearest_try(&n, "Lair");       /* a case slip is a typo on a case-sensitive disk */
    CHECK(n.best && strcmp(n.best, "Lair") == 0);
}

/* e's message after loading the JSON text from a file */
static void load_text(const char *dir, const char *text, Err *e)
{
    err_clear(e);
    put(dir, "f.json", text);
    char path[300], *t = NULL;
    snprintf(path, sizeof path, "%s/f.json", dir);
    json_t *j = pack_json_load(path, NULL, &t, e);
    CHECK(j == NULL);
    json_decref(j);
    free(t);
}

TEST(pack_json_load_hints_at_a_comma_before_a_closing_bracket)
{
    char dir[64];
    CHECK(tmp_folder(dir, sizeof dir));
    Err e;
    load_text(dir, "{\"a\": 1,}", &e);
    CHECK_CONTAINS(e.msg, "near '}'; JSON allows no comma before '}'");
    CHECK_INT(e.line, 1);
    CHECK_INT(e.col, 9);
    load_text(dir, "{\"a\": [1, 2,\n  ]}", &e);
    CHECK_CONTAINS(e.msg, "near ']'; JSON allows no comma before ']'");
    CHECK_INT(e.line, 2);
    CHECK_INT(e.col, 3);
    /* brackets and quotes inside strings are text: an escaped quote does not end one */
    load_text(dir, "{\"a\": \"[,\\\"{\",\n\t}", &e);
    CHECK_CONTAINS(e.msg, "; JSON allows no comma before '}'");
    /* a '}' that closes no object (the list is open): another mistake, no hint */
    load_text(dir, "{\"a\": [1,\n}", &e);
    CHECK(strstr(e.msg, "JSON allows") == NULL);
    CHECK_INT(e.line, 2);
    /* nor any error that is not at a closing bracket */
    load_text(dir, "{\"a\" 1}", &e);
    CHECK(strstr(e.msg, "JSON allows") == NULL);
    load_text(dir, "{\"a\": 1 ,, }", &e);
    CHECK(strstr(e.msg, "JSON allows") == NULL);
    tmp_done(dir);
}

TEST(pack_folder_check_says_which_a_folder_is_not)
{
    char dir[64];
    CHECK(tmp_folder(dir, sizeof dir));
    char p[200];
    Err e;
    snprintf(p, sizeof p, "%s/none", dir);
    CHECK(!pack_folder_check(p, &e));
    CHECK_CONTAINS(e.msg, "no such folder '");
    CHECK_INT(e.file[0], 0); /* the message names the folder; nothing to locate */
    put(dir, "x/f.txt", "");
    snprintf(p, sizeof p, "%s/x/f.txt", dir);
    CHECK(!pack_folder_check(p, &e));
    CHECK_CONTAINS(e.msg, "f.txt' is not a folder: a pack is a folder with a pack.json");
    snprintf(p, sizeof p, "%s/x/f.txt/more", dir); /* a file where a folder should be */
    CHECK(!pack_folder_check(p, &e));
    CHECK_CONTAINS(e.msg, "no such folder '");
    snprintf(p, sizeof p, "%s/x", dir);
    CHECK(!pack_folder_check(p, &e));
    CHECK_CONTAINS(e.msg, "/x' is not a pack: it has no pack.json");
    put(dir, "x/pack.json", "{}");
    CHECK(pack_folder_check(p, &e));
    /* pack_load says the same for a folder given to it */
    World *w = world_new();
    snprintf(p, sizeof p, "%s/none", dir);
    CHECK(pack_load(w, p, &e) < 0);
    CHECK_CONTAINS(e.msg, "no such folder '");
    world_free(w);
    tmp_done(dir);
}

TEST(pack_script_and_folder_nearest_find_what_a_misspelt_name_meant)
{
    char dir[64];
    CHECK(tmp_folder(dir, sizeof dir));
    put(dir, "s/weariness.lua", "");
    put(dir, "s/beach.lua", "");
    put(dir, "s/wearines.txt", ""); /* no script */
    char p[200], out[64];
    snprintf(p, sizeof p, "%s/s/wearines.lua", dir);
    CHECK(pack_script_nearest(p, out, sizeof out) && strcmp(out, "weariness.lua") == 0);
    snprintf(p, sizeof p, "%s/s/weariness", dir); /* ".lua" left out */
    CHECK(pack_script_nearest(p, out, sizeof out) && strcmp(out, "weariness.lua") == 0);
    snprintf(p, sizeof p, "%s/s/crossroads.lua", dir);
    CHECK(!pack_script_nearest(p, out, sizeof out));
    snprintf(p, sizeof p, "%s/nofolder/beach.lua", dir);
    CHECK(!pack_script_nearest(p, out, sizeof out));
    /* folders holding a pack.json, in any of the folders looked in */
    put(dir, "a/notes/x.txt", "");
    put(dir, "b/notalone/pack.json", "{}");
    char ra[100], rb[100];
    snprintf(ra, sizeof ra, "%s/a", dir);
    snprintf(rb, sizeof rb, "%s/b", dir);
    const char *roots[] = {ra, "/nonexistent-folder", rb};
    CHECK(pack_folder_nearest(roots, 3, "notalon", NULL, out, sizeof out) &&
          strcmp(out, "notalone") == 0);
    CHECK(!pack_folder_nearest(roots, 3, "note", NULL, out, sizeof out)); /* notes/ is no pack */
    /* the pack that names the dependency is not what it meant (it cannot depend on itself) */
    char self[120];
    snprintf(self, sizeof self, "%s/b/notalone", dir);
    CHECK(!pack_folder_nearest(roots, 3, "notalon", self, out, sizeof out));
    tmp_done(dir);
}

/* The unread scripts of pack pi, as "a.lua b.lua" (the names only). */
static void unread(const World *w, int pi, char *out, size_t n)
{
    char **files;
    size_t nf;
    out[0] = 0;
    CHECK(pack_unread_scripts(w, pi, &files, &nf));
    for (size_t i = 0; i < nf; i++) {
        const char *base = strrchr(files[i], '/');
        size_t u = strlen(out);
        snprintf(out + u, n - u, "%s%s", i ? " " : "", base ? base + 1 : files[i]);
    }
    dir_list_free(files, nf);
}

TEST(pack_unread_scripts_are_those_no_pack_reads)
{
    char dir[64];
    CHECK(tmp_folder(dir, sizeof dir));
    /* the base: x by its id, y by its "script", a helper and the rules in the scripts
     * folder; z.lua nobody's, y.lua named by no card yet, a hidden file and a text */
    put(dir, "b/pack.json",
        "{\"id\": \"b\", \"version\": \"1\", \"api\": 1, \"rules\": \"s/r.lua\", \"scripts\": \"s\",\n"
        " \"helpers\": [\"h.lua\"], \"cards\": [\"c.json\"]}");
    put(dir, "b/c.json",
        "{\"cards\": [{\"id\": \"x\", \"kind\": \"k\"},\n"
        " {\"id\": \"y\", \"kind\": \"k\", \"script\": \"why.lua\"}, {\"id\": \"z1\", \"kind\": \"k\"}]}");
    const char *files[] = {"x.lua", "why.lua", "h.lua",      "r.lua",
                           "y.lua", "z.lua",   ".y.lua.lua", "n.txt"};
    for (int i = 0; i < 8; i++) {
        char name[40];
        snprintf(name, sizeof name, "b/s/%s", files[i]);
        put(dir, name, "return {}\n");
    }
    /* an expansion sharing the folder: it replaces x with y.lua, so that x.lua is read
     * only by the base's entry */
    put(dir, "e/pack.json",
        "{\"id\": \"e\", \"version\": \"1\", \"api\": 1, \"depends\": [{\"id\": \"b\", \"path\": \"../b\"}],\n"
        " \"scripts\": \"../b/s\", \"cards\": [\"c.json\"]}");
    put(dir, "e/c.json", "{\"cards\": [{\"id\": \"x\", \"kind\": \"k\", \"script\": \"y.lua\"}]}");
    char p[200], got[200];
    Err e;
    World *w = world_new();
    snprintf(p, sizeof p, "%s/b", dir);
    CHECK_INT(pack_load(w, p, &e), 0);
    unread(w, 0, got, sizeof got);
    CHECK_MSG(strcmp(got, "y.lua z.lua") == 0, "unread: '%s'", got);
    /* whom z.lua was likely meant for: the card without a script of the closest id */
    int d = world_scriptless_nearest(w, 0, "z");
    CHECK(d >= 0 && strcmp(names_str(&w->names, w->defs[d].id), "z1") == 0);
    CHECK_INT(world_scriptless_nearest(w, 0, "x"), -1); /* x has its script */
    snprintf(p, sizeof p, "%s/e", dir);
    CHECK_INT(pack_load(w, p, &e), 1);
    unread(w, 1, got, sizeof got);
    CHECK_MSG(strcmp(got, "z.lua") == 0, "unread: '%s'", got);
    unread(w, 0, got, sizeof got);
    CHECK_MSG(strcmp(got, "z.lua") == 0, "unread: '%s'", got);
    world_free(w);
    /* a card file that did not load hides which scripts its cards read: nothing said */
    put(dir, "e/c.json", "{\"cards\": [{\"id\": \"x\",}]}");
    w = world_new();
    w->keep_going = true;
    CHECK_INT(pack_load(w, p, &e), 1);
    unread(w, 1, got, sizeof got);
    CHECK_MSG(strcmp(got, "") == 0, "unread: '%s'", got);
    world_free(w);
    tmp_done(dir);
}
