/* test_docs.c — the docs cover the code: every function the script API registers has a
 * heading `### module.fn(` in docs/scripting-api.md, no heading names a function that
 * is not registered, and every standard-library name the sandbox gives scripts (the
 * table below) exists and is named in that page; a game's page lists its options with
 * their defaults; every key pack loading accepts in pack.json and in a card file has
 * its row in that page. Read next: docs/scripting-api.md. */
#include <dirent.h>
#include <stdlib.h>
#include <unistd.h>

#include "t.h"

#define API_DOC "docs/scripting-api.md"

/* The modules api_open registers (vm/lib_api.c). */
static const char *const api_modules[] = {"game",   "seat",   "zone",   "card", "effect", "event",
                                          "window", "decide", "dice",   "rng",  "track",  "supply", "board", NULL};

/* What the sandbox gives scripts (vm/sandbox.c): each must exist and be documented. */
static const char *const sandbox_present[] = {
    "assert",        "error",          "ipairs",        "pairs",          "select",
    "tonumber",      "tostring",       "type",          "rawequal",       "rawlen",
    "rawget",        "getmetatable",   "setmetatable",  "pcall",          "xpcall",
    "print",         "_VERSION",       "string.byte",   "string.char",    "string.len",
    "string.lower",  "string.upper",   "string.reverse", "string.sub",    "string.rep",
    "string.format", "string.find",    "string.match",  "string.gmatch",  "string.gsub",
    "table.insert",  "table.remove",   "table.pack",    "table.concat",   "table.unpack",
    "table.sort",    "table.move",     "math.abs",      "math.ceil",      "math.floor",
    "math.max",      "math.min",       "math.fmod",     "math.modf",      "math.tointeger",
    "math.type",     "math.ult",       "math.maxinteger", "math.mininteger", "math.huge",
    "math.pi",       "math.sqrt",      "math.random",   "math.randomseed", "utf8.char",
    "utf8.charpattern", "utf8.codepoint", "utf8.len",   "utf8.offset",    "utf8.codes",
    NULL};

/* What standard Lua has and the sandbox leaves out: each must be absent and documented
 * as absent. */
static const char *const sandbox_absent[] = {
    "next",      "rawset",      "load",        "loadstring",  "dofile",    "loadfile",
    "require",   "collectgarbage", "warn",     "_G",          "coroutine", "os",
    "io",        "debug",       "package",     "string.dump", "string.pack", "string.unpack",
    "math.exp",  "math.log",    "math.sin",    NULL};

static char *read_doc(void)
{
    Err e;
    err_clear(&e);
    size_t len;
    char *text = file_read(API_DOC, &len, &e);
    if (!text) t_fail(__FILE__, __LINE__, "cannot read %s: %s", API_DOC, e.msg);
    return text;
}

/* True when the text has a line starting with "### <name>(". */
static bool has_heading(const char *text, const char *name)
{
    char want[160];
    snprintf(want, sizeof want, "### %s(", name);
    size_t n = strlen(want);
    for (const char *p = text; p; p = strchr(p, '\n')) {
        if (*p == '\n') p++;
        if (strncmp(p, want, n) == 0) return true;
    }
    return false;
}

/* True when the text names `name` in a code span: `name` or `name(…`. */
static bool has_code_mention(const char *text, const char *name)
{
    char a[160], b[160];
    snprintf(a, sizeof a, "`%s`", name);
    snprintf(b, sizeof b, "`%s(", name);
    return strstr(text, a) || strstr(text, b);
}

TEST(docs_every_api_function_has_a_heading)
{
    Worker *wk = t_worker("games/artemia-lite");
    char *doc = read_doc();
    if (!wk || !doc) {
        free(doc);
        return;
    }
    const char *const *names = vm_api_names(wk->vm);
    int n = 0;
    for (int i = 0; names && names[i]; i++, n++)
        CHECK_MSG(has_heading(doc, names[i]), "%s: no heading '### %s(' for a registered function",
                  API_DOC, names[i]);
    CHECK_MSG(n > 50, "vm_api_names lists only %d functions", n);
    free(doc);
}

TEST(docs_no_heading_for_an_unregistered_function)
{
    Worker *wk = t_worker("games/artemia-lite");
    char *doc = read_doc();
    if (!wk || !doc) {
        free(doc);
        return;
    }
    const char *const *names = vm_api_names(wk->vm);
    for (const char *p = doc; p; p = strchr(p, '\n')) {
        if (*p == '\n') p++;
        if (strncmp(p, "### ", 4) != 0) continue;
        const char *dot = strchr(p + 4, '.'), *paren = strchr(p + 4, '(');
        const char *eol = strchr(p, '\n');
        if (!dot || !paren || dot > paren || (eol && paren > eol)) continue;
        char mod[32], full[160];
        snprintf(mod, sizeof mod, "%.*s", (int)(dot - p - 4), p + 4);
        bool api_module = false;
        for (int m = 0; api_modules[m]; m++)
            if (strcmp(api_modules[m], mod) == 0) api_module = true;
        if (!api_module) continue;
        snprintf(full, sizeof full, "%.*s", (int)(paren - p - 4), p + 4);
        bool found = false;
        for (int i = 0; names && names[i]; i++)
            if (strcmp(names[i], full) == 0) found = true;
        CHECK_MSG(found, "%s documents '%s', which the script API does not register", API_DOC, full);
    }
    free(doc);
}

TEST(docs_sandbox_library_matches_the_page)
{
    Worker *wk = t_worker("games/artemia-lite");
    char *doc = read_doc();
    Game *g = wk ? t_game(wk, 1, 2) : NULL;
    if (!g || !doc) {
        free(doc);
        if (g) game_free(g);
        return;
    }
    char src[300];
    for (int i = 0; sandbox_present[i]; i++) {
        CHECK_MSG(has_code_mention(doc, sandbox_present[i]),
                  "%s does not name the sandbox's `%s`", API_DOC, sandbox_present[i]);
        Err e;
        err_clear(&e);
        snprintf(src, sizeof src, "return %s ~= nil", sandbox_present[i]);
        CHECK_MSG(vm_check(wk->vm, g, src, "=docs", NULL, &e), "the sandbox has no %s (%s)",
                  sandbox_present[i], e.msg);
    }
    for (int i = 0; sandbox_absent[i]; i++) {
        CHECK_MSG(has_code_mention(doc, sandbox_absent[i]),
                  "%s does not say that `%s` is absent", API_DOC, sandbox_absent[i]);
        Err e;
        err_clear(&e);
        const char *dot = strchr(sandbox_absent[i], '.');
        if (dot)
            snprintf(src, sizeof src, "return %.*s == nil or %s == nil", (int)(dot - sandbox_absent[i]),
                     sandbox_absent[i], sandbox_absent[i]);
        else
            snprintf(src, sizeof src, "return %s == nil", sandbox_absent[i]);
        CHECK_MSG(vm_check(wk->vm, g, src, "=docs", NULL, &e), "the sandbox has %s, documented as absent (%s)",
                  sandbox_absent[i], e.msg);
    }
    game_free(g);
    free(doc);
}

/* Every option of a game with a page in docs/games/ (docs/games/<g>.md for games/<g>/)
 * has its row there, "| `key` |
 * `default` |", with the pack's default; and every such row names an option the pack
 * has (an option renamed or removed leaves no stale row). */
TEST(docs_each_game_page_lists_every_option_with_its_default)
{
    DIR *dir = opendir("docs/games");
    CHECK_MSG(dir != NULL, "cannot read docs/games");
    int pages = 0;
    for (struct dirent *de; dir && (de = readdir(dir));) {
        size_t l = strlen(de->d_name);
        if (l < 4 || strcmp(de->d_name + l - 3, ".md") != 0) continue;
        char game[200];
        snprintf(game, sizeof game, "%.*s", (int)(l - 3), de->d_name);
        pages++;
        char path[256];
        snprintf(path, sizeof path, "games/%s/pack.json", game);
        json_error_t je;
        json_t *pack = json_load_file(path, 0, &je);
        CHECK_MSG(pack != NULL, "%s: %s", path, je.text);
        snprintf(path, sizeof path, "docs/games/%s.md", game);
        Err e;
        err_clear(&e);
        size_t len;
        char *doc = file_read(path, &len, &e);
        CHECK_MSG(doc != NULL, "cannot read %s: %s", path, e.msg);
        json_t *opts = json_object_get(pack, "options");
        if (!doc || !json_is_object(opts)) {
            free(doc);
            json_decref(pack);
            continue;
        }
        const char *key;
        json_t *o;
        json_object_foreach(opts, key, o) {
            char *dflt = json_dumps(json_object_get(o, "default"), JSON_ENCODE_ANY | JSON_COMPACT);
            char row[300];
            snprintf(row, sizeof row, "\n| `%s` | `%s` |", key, dflt ? dflt : "?");
            CHECK_MSG(strstr(doc, row) != NULL, "%s has no row '%s'", path, row + 1);
            free(dflt);
        }
        /* the other way: each option-shaped row ("| `word` | `") names an option */
        for (const char *p = strstr(doc, "\n| `"); p; p = strstr(p + 1, "\n| `")) {
            char k[128];
            int n = 0;
            if (sscanf(p, "\n| `%127[a-z0-9_]` | `%n", k, &n) == 1 && n > 0)
                CHECK_MSG(json_object_get(opts, k) != NULL, "%s has a row for '%s', which is not an option of the pack",
                          path, k);
        }
        free(doc);
        json_decref(pack);
    }
    if (dir) closedir(dir);
    CHECK(pages > 0);
}

/* The keys the loader allows where `json` puts the unknown key "zz_unknown": pack_load's
 * error lists them ("unknown key 'zz_unknown' (allowed: a, b, c)"); each must have a
 * row "| `key` |" in the page (or, with `quoted`, appear as "key" in it: the top level
 * of a card file, shown by example). Returns how many keys it checked. */
static int allowed_keys_documented(const char *doc, const char *dir, const char *file, const char *json,
                                   bool quoted)
{
    char path[300];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "w");
    if (!f) return 0;
    fputs(json, f);
    fclose(f);
    World *w = world_new();
    Err e;
    err_clear(&e);
    int pi = w ? pack_load(w, dir, &e) : 0;
    CHECK_MSG(pi < 0, "%s with an unknown key loaded", file);
    const char *at = strstr(e.msg, "unknown key 'zz_unknown' (allowed: ");
    CHECK_MSG(at != NULL, "%s: no list of allowed keys in '%s'", file, e.msg);
    int n = 0;
    for (const char *p = at ? strchr(at, ':') + 2 : NULL; p && *p && *p != ')';) {
        size_t l = strcspn(p, ",)");
        char key[64], want[80];
        snprintf(key, sizeof key, "%.*s", (int)l, p);
        if (quoted) snprintf(want, sizeof want, "\"%s\"", key);
        else snprintf(want, sizeof want, "\n| `%s` |", key);
        CHECK_MSG(strstr(doc, want) != NULL, "pack loading allows the key '%s' of %s, which has no %s in %s",
                  key, file, quoted ? "example" : "row", API_DOC);
        n++;
        p += l;
        if (*p == ',') p += 2;
    }
    if (w) world_free(w);
    return n;
}

TEST(docs_every_pack_json_and_card_file_key_has_a_row)
{
    char *doc = read_doc();
    char dir[64];
    snprintf(dir, sizeof dir, "/tmp/tabula-docs-XXXXXX");
    if (!doc || !mkdtemp(dir)) {
        free(doc);
        CHECK(false);
        return;
    }
    int n = allowed_keys_documented(doc, dir, "pack.json",
                                    "{\"id\": \"k\", \"version\": \"1\", \"api\": 1, \"zz_unknown\": 1}", false);
    CHECK_MSG(n >= 10, "pack.json: only %d keys", n);
    char path[300];
    snprintf(path, sizeof path, "%s/pack.json", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs("{\"id\": \"k\", \"version\": \"1\", \"api\": 1, \"cards\": [\"c.json\"]}", f);
        fclose(f);
    }
    n = allowed_keys_documented(doc, dir, "c.json", "{\"cards\": [{\"id\": \"a\", \"kind\": \"k\", \"zz_unknown\": 1}]}",
                                false);
    CHECK_MSG(n >= 8, "a card entry: only %d keys", n);
    n = allowed_keys_documented(doc, dir, "c.json", "{\"cards\": [], \"zz_unknown\": 1}", true);
    CHECK_MSG(n == 2, "a card file's top level: %d keys", n);
    char cmd[120];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "cannot remove %s\n", dir);
    free(doc);
}
