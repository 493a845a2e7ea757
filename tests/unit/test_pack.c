/* test_pack.c — unit tests of pack loading: strict pack.json and card files, every
 * mistake pointed at, files that are not plain files, the pack hash, dependencies (cycles,
 * absolute paths), zone and property labels; and the temporary packs other tests make
 * (t_temp_pack, t_write_file). */
#include <dirent.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "t.h"
#include "test_sandbox.h"

/* (t.h) */
void t_write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) return;
    fputs(text, f);
    fclose(f);
}

/* (t.h) */
const char *t_temp_pack(const char *manifest, const char *cards)
{
    static char dir[128];
    snprintf(dir, sizeof dir, "/tmp/tabula-pack-%d", (int)getpid());
    mkdir(dir, 0700);
    char p[256];
    snprintf(p, sizeof p, "%s/pack.json", dir);
    t_write_file(p, manifest);
    snprintf(p, sizeof p, "%s/cards.json", dir);
    t_write_file(p, cards ? cards : "{\"cards\": []}");
    snprintf(p, sizeof p, "%s/rules.lua", dir);
    t_write_file(p, "return { turn = { \"main\" } }\n");
    return dir;
}

/* Removes the files of a flat temporary folder, then the folder. */
static void rm_flat(const char *dir)
{
    DIR *d = opendir(dir);
    char p[600];
    for (struct dirent *de; d && (de = readdir(d));) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0) continue;
        snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
        remove(p);
    }
    if (d) closedir(d);
    rmdir(dir);
}

/* A pack of this pack.json (and cards.json) loads without an error. */
static void pack_loads(const char *manifest, const char *cards)
{
    World *w = world_new();
    Err e;
    err_clear(&e);
    const char *dir = t_temp_pack(manifest, cards);
    CHECK_MSG(pack_load(w, dir, &e) == 0, "%s", e.msg);
    sb_tmp_rm(dir);
    world_free(w);
}

static void pack_error(const char *manifest, const char *cards, const char *want, int line, int col)
{
    World *w = world_new();
    Err e;
    err_clear(&e);
    const char *dir = t_temp_pack(manifest, cards);
    CHECK(pack_load(w, dir, &e) < 0);
    sb_tmp_rm(dir);
    CHECK_CONTAINS(e.msg, want);
    if (line) CHECK_MSG(e.line == line, "line %d, expected %d (%s)", e.line, line, e.msg);
    if (col) CHECK_MSG(e.col == col, "col %d, expected %d (%s)", e.col, col, e.msg);
    CHECK(e.file[0] != 0);
    world_free(w);
}

TEST(pack_loading_is_strict_and_points_at_the_error)
{
    const char *ok = "{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", \"cards\": [\"cards.json\"]}";
    pack_loads(ok, NULL);
    pack_error("{\"id\": \"t\", \"version\": \"1\",\n \"api\": 1, \"colour\": 3}", NULL, "unknown key 'colour'", 2, 12);
    pack_error("{\"id\": \"t\", \"id\": \"u\", \"version\": \"1\", \"api\": 1}", NULL, "duplicate", 1, 0);
    pack_error("{\"id\": \"t\", \"version\": \"1\", \"api\": 7}", NULL, "engine API", 1, 0);
    pack_error("{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"depends\": [\"nope-pack\"]}", NULL, "dependency 'nope-pack' not found: no folder nope-pack in ", 0, 0);
    pack_error("{\"id\": \"t\", \"version\": \"1\", \"api\": 1,", NULL, "", 1, 0);
    pack_error(ok, "{\"cards\": [{\"id\": \"x\", \"kind\": \"k\"},\n {\"id\": \"y\", \"kind\": \"k\", \"cost\": 2}]}",
               "unknown key 'cost'", 2, 27);
    pack_error(ok, "{\"cards\": [{\"id\": \"x\", \"kind\": \"k\"}, {\"id\": \"x\", \"kind\": \"k\"}]}", "duplicate card id", 0, 0);
    pack_error(ok, "{\"cards\": [{\"id\": \"x\"}]}", "missing key 'kind'", 0, 0);
    pack_error(ok, "{\"cards\": [{\"id\": \"x\", \"kind\": \"k\", \"count\": -1}]}", "count", 0, 0);
    pack_error(ok, "{\"cards\": [{\"id\": \"x\", \"kind\": \"k\",\n \"play_in\": [\"main\", 3]}]}",
               "'play_in' must be a list of at most 8 window names", 2, 2);
    pack_error(ok, "{\"cards\": [{\"id\": \"x\", \"kind\": \"k\", \"play_in\": \"main\"}]}", "play_in", 0, 0);
}

/* What reading pack.c found: mistakes that loaded silently (one of two data files of
 * one name lost, an empty id, an option whose default its values refuse) or gave a
 * message that did not say what was wrong ("read error" for a folder). */
TEST(pack_loading_refuses_what_it_used_to_lose)
{
    const char *base = "{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", ";
    char m[400];
    snprintf(m, sizeof m, "%s\"data\": [\"cards.json\",\n \"./cards.json\"]}", base);
    pack_error(m, NULL, "'cards.json' and './cards.json' are both data 'cards'", 2, 2);
    pack_error("{\"id\": \"\", \"version\": \"1\", \"api\": 1}", NULL, "'id' must not be empty", 1, 2);
    pack_error("{\"id\": \"t\", \"version\": \"\", \"api\": 1}", NULL, "'version' must not be empty", 1, 13);
    snprintf(m, sizeof m, "%s\"options\": {\"o\": {\"default\": 3, \"values\": [1, 2]}}}", base);
    pack_error(m, NULL, "option 'o': its 'default' 3 is not one of its 'values' [1,2]", 0, 0);
    snprintf(m, sizeof m, "%s\"options\": {\"o\": {\"default\": 1, \"values\": []}}}", base);
    pack_error(m, NULL, "option 'o': its 'default' 1 is not one of its 'values' []", 0, 0);
    pack_error("{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \".\"}", NULL, "are a folder, not a file", 1, 0);
    pack_error("{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", \"cards\": [\"cards.json\"], \"scripts\": \".\"}",
               "{\"cards\": [{\"id\": \"x\", \"kind\": \"k\", \"script\": \".\"}]}", "is a folder, not a file", 1, 0);
    snprintf(m, sizeof m, "%s\"data\": [\".\"]}", base);
    pack_error(m, NULL, "cannot read: it is a folder, not a file", 0, 0);
    /* a description of any type was taken */
    pack_error("{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"description\": [1]}", NULL, "'description' must be a string", 1, 39);
    /* a dependency's path that is not a string was ignored: the pack was looked up by id */
    pack_error("{\"id\": \"t\", \"version\": \"1\", \"api\": 1,\n \"depends\": [{\"id\": \"artemia-lite\", \"path\": 3}]}",
               NULL, "a dependency's 'path' must be a folder name", 2, 37);
    /* card ids and kinds: "" could not be named, and a long id was cut short in the
     * script's file name <id>.lua */
    const char *ck = "{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", \"cards\": [\"cards.json\"]}";
    pack_error(ck, "{\"cards\": [{\"id\": \"\", \"kind\": \"k\"}]}", "a card's 'id' has 1 to 100 characters", 1, 0);
    pack_error(ck, "{\"cards\": [{\"id\": \"x\", \"kind\": \"\"}]}", "a card's 'kind' has 1 to 100 characters", 1, 0);
    char longid[200];
    snprintf(longid, sizeof longid, "{\"cards\": [{\"id\": \"%0101d\", \"kind\": \"k\"}]}", 7);
    pack_error(ck, longid, "a card's 'id' has 1 to 100 characters", 1, 0);
    /* more names than the table holds said "out of memory" */
    Buf many = {0};
    buf_printf(&many, "{\"cards\": [");
    for (int i = 0; i < NAMES_MAX + 10; i++) buf_printf(&many, "%s{\"id\": \"c%d\", \"kind\": \"k\"}", i ? "," : "", i);
    buf_printf(&many, "]}");
    pack_error(ck, many.s ? many.s : "", "too many names: the packs' card ids, kinds", 1, 0);
    buf_free(&many);
    /* lists and objects of the wrong shape, each said with the key and where */
    snprintf(m, sizeof m, "%s\"cards\": [\"cards.json\"]}", base);
    pack_error(m, "{\"cards\":\n {\"id\": \"x\", \"kind\": \"k\"}}", "'cards' must be a list", 1, 0);
    snprintf(m, sizeof m, "%s\"options\": {\"o\": {\"default\": 1, \"values\": 1}}}", base);
    pack_error(m, NULL, "option 'o': 'values' must be a list", 0, 0);
    snprintf(m, sizeof m, "%s\"data\": [\"cards.json\",\n 3]}", base);
    pack_error(m, NULL, "'data' must be a list of JSON files", 2, 2);
    snprintf(m, sizeof m, "%s\"helpers\": [\"lib.lua\",\n 3]}", base);
    pack_error(m, NULL, "'helpers' must be a list of strings", 2, 2);
    /* an option whose default is among its values still loads */
    snprintf(m, sizeof m, "%s\"options\": {\"o\": {\"default\": 2, \"values\": [1, 2]}}}", base);
    pack_loads(m, NULL);
}

/* A card file's mistakes did not stop at the first: every card of every card file is
 * checked, each mistake kept with its file, line, column and card, and the pack still
 * fails (so no game starts); past PACK_ERRORS_MAX they are only counted. */
TEST(pack_loading_lists_every_mistake_of_its_card_files)
{
    const char *m = "{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", "
                    "\"scripts\": \".\",\n"
                    " \"cards\": [\"cards.json\", \"broken.json\", \"more.json\"]}";
    const char *cards =
        "{\"cards\": [\n"
        " {\"id\": \"a\", \"kind\": \"k\", \"count\": -1, \"script\": \"nope.lua\"},\n"
        " {\"id\": \"b\", \"kind\": \"k\", \"colour\": 1, \"size\": 2},\n"
        " {\"kind\": \"k\"},\n"
        " {\"id\": \"a\", \"kind\": \"k\"},\n"
        " {\"id\": \"c\", \"kind\": \"k\", \"script\": \"gone.lua\"}]}";
    const char *dir = t_temp_pack(m, cards);
    char p[256];
    snprintf(p, sizeof p, "%s/broken.json", dir);
    t_write_file(p, "{\"cards\": [{\"id\": \"d\",}]}");
    snprintf(p, sizeof p, "%s/more.json", dir);
    t_write_file(
        p,
        "{\"cards\": [{\"id\": \"e\", \"kind\": \"k\", \"name\": 5}], \"removes\": [\"nosuch\"]}");
    World *w = world_new();
    Err e;
    err_clear(&e);
    CHECK(pack_load(w, dir, &e) < 0);
    static const struct {
        const char *file, *msg;
        int line;
    } want[] = {
        {"cards.json", "card 'a': 'count' must be an integer in 0..1000", 2},
        {"cards.json", "card 'a': script file not found: ", 2},
        {"cards.json", "card 'b': unknown key 'colour'", 3},
        {"cards.json", "card 'b': unknown key 'size'", 3},
        {"cards.json", "card 3 of the list: missing key 'id'", 4},
        {"cards.json", "card 'a': duplicate card id (the entry at ", 5},
        {"cards.json", "card 'c': script file not found: ", 6},
        {"broken.json", "", 1},
        {"more.json", "'removes' names no known card: nosuch", 1},
        {"more.json", "card 'e': 'name' must be a string", 1},
    };
    int n = (int)(sizeof want / sizeof want[0]);
    CHECK_INT(w->load_errors.n, n);
    CHECK_INT(w->load_errors.more, 0);
    for (int i = 0; i < n && i < w->load_errors.n; i++) {
        const Err *x = &w->load_errors.list[i];
        CHECK_CONTAINS(x->file, want[i].file);
        CHECK_CONTAINS(x->msg, want[i].msg);
        CHECK_MSG(x->line == want[i].line, "error %d: line %d, expected %d (%s)", i + 1, x->line,
                  want[i].line, x->msg);
    }
    /* what a game that refuses to start says: the first, and how many more */
    CHECK_CONTAINS(
        e.msg, "card 'a': 'count' must be an integer in 0..1000 (and 9 more errors: tabula lint ");
    world_free(w);
    rm_flat(dir);

    /* a file of 70 broken cards: 50 kept, 20 counted */
    Buf many = {0};
    buf_printf(&many, "{\"cards\": [");
    for (int i = 0; i < 70; i++)
        buf_printf(&many, "%s\n{\"id\": \"c%d\", \"kind\": \"k\", \"count\": -1}", i ? "," : "", i);
    buf_printf(&many, "]}");
    dir = t_temp_pack("{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"cards\": [\"cards.json\"]}",
                    many.s ? many.s : "");
    buf_free(&many);
    w = world_new();
    err_clear(&e);
    CHECK(pack_load(w, dir, &e) < 0);
    CHECK_INT(w->load_errors.n, PACK_ERRORS_MAX);
    CHECK_INT(w->load_errors.more, 70 - PACK_ERRORS_MAX);
    if (w->load_errors.n == PACK_ERRORS_MAX)
        CHECK_CONTAINS(w->load_errors.list[PACK_ERRORS_MAX - 1].msg, "card 'c49': 'count'");
    CHECK_CONTAINS(e.msg, "card 'c0': 'count' must be an integer in 0..1000 (and 69 more errors");
    /* the next load starts with none */
    world_free(w);
    w = world_new();
    CHECK(pack_load(w, "games/tutorial", &e) >= 0);
    CHECK_INT(w->load_errors.n, 0);
    world_free(w);
    rm_flat(dir);
}

/* A temporary pack whose manifest ends with `tail`, and a FIFO named `name` in its
 * folder: the pack loads (want NULL) or is refused with want, naming the FIFO. */
static void fifo_in_pack(const char *tail, const char *name, const char *want)
{
    char m[300], p[300];
    snprintf(m, sizeof m, "{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", %s", tail);
    const char *dir = t_temp_pack(m, NULL);
    snprintf(p, sizeof p, "%s/%s", dir, name);
    CHECK(mkfifo(p, 0600) == 0);
    World *w = world_new();
    Err e;
    err_clear(&e);
    int r = pack_load(w, dir, &e);
    if (want) {
        CHECK(r < 0);
        CHECK_CONTAINS(e.msg, want);
        CHECK_CONTAINS(e.file, name);
    } else {
        CHECK_MSG(r == 0, "%s", e.msg);
    }
    world_free(w);
    rm_flat(dir);
}

/* A FIFO named as a pack's data file or helper blocked `lint` and `play` for good (the
 * open waited for a writer); one in the scripts folder blocked the pack's hash. */
TEST(pack_files_that_are_not_plain_files_are_refused_without_waiting)
{
    char fifo[200];
    snprintf(fifo, sizeof fifo, "/tmp/tabula-fifo-%d", (int)getpid());
    unlink(fifo);
    CHECK(mkfifo(fifo, 0600) == 0);
    Err e;
    err_clear(&e);
    size_t n = 0;
    CHECK(file_read(fifo, &n, &e) == NULL);
    CHECK_CONTAINS(e.msg, "cannot read: it is not a plain file (a FIFO, a socket or a device)");
    unlink(fifo);

    /* a data file: refused, naming the file */
    fifo_in_pack("\"data\": [\"d.json\"]}", "d.json", "not a plain file");
    /* a helper is read when a game starts (file_read's error above); the pack's hash
     * leaves it out */
    fifo_in_pack("\"helpers\": [\"h.lua\"]}", "h.lua", NULL);
    /* in the scripts folder it is no script: the pack loads */
    fifo_in_pack("\"scripts\": \".\"}", "stray.lua", NULL);
}

/* The pack's hash (what a save checks its packs against) read the first 1,024 .lua
 * files of the scripts folder in the order readdir listed them: a change to any other
 * went unseen. The file changed here is the last one readdir lists. */
TEST(pack_hash_covers_every_file_of_a_large_scripts_folder)
{
    const char *m = "{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", \"scripts\": \".\"}";
    const char *dir = t_temp_pack(m, NULL);
    char p[300];
    for (int i = 0; i < 1100; i++) {
        snprintf(p, sizeof p, "%s/s%04d.lua", dir, i);
        t_write_file(p, "return 1\n");
    }
    char last[300] = "";
    DIR *d = opendir(dir);
    for (struct dirent *de; d && (de = readdir(d));)
        if (strstr(de->d_name, ".lua") && strcmp(de->d_name, "rules.lua") != 0)
            snprintf(last, sizeof last, "%s/%s", dir, de->d_name);
    if (d) closedir(d);
    CHECK(last[0] != 0);
    uint64_t h[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        if (k == 1) t_write_file(last, "return 2\n");
        World *w = world_new();
        Err e;
        err_clear(&e);
        CHECK_MSG(pack_load(w, dir, &e) == 0, "%s", e.msg);
        if (w->npacks == 1) h[k] = w->packs[0].hash;
        world_free(w);
    }
    CHECK_MSG(h[0] != h[1], "changing %s left the pack's hash as it was", last);
    rm_flat(dir);
}

/* Two temporary packs a and b side by side (their folders are <root>/a and <root>/b),
 * loaded from a; the error is checked to contain want. */
static void pair_error(const char *ma, const char *mb, const char *want)
{
    char root[128], da[160], db[160], p[200];
    snprintf(root, sizeof root, "/tmp/tabula-pair-%d", (int)getpid());
    snprintf(da, sizeof da, "%s/a", root);
    snprintf(db, sizeof db, "%s/b", root);
    mkdir(root, 0700);
    mkdir(da, 0700);
    mkdir(db, 0700);
    snprintf(p, sizeof p, "%s/pack.json", da);
    t_write_file(p, ma);
    snprintf(p, sizeof p, "%s/pack.json", db);
    t_write_file(p, mb);
    World *w = world_new();
    Err e;
    err_clear(&e);
    CHECK(pack_load(w, da, &e) < 0);
    CHECK_CONTAINS(e.msg, want);
    CHECK(e.file[0] != 0);
    CHECK_INT(w->npacks, 0);
    world_free(w);
    sb_tmp_rm(da);
    sb_tmp_rm(db);
    rmdir(root);
}

/* A pack that depends on itself, or two that depend on each other, recursed until the
 * stack overflowed (a segfault in lint and play): now an error naming the circle. */
TEST(pack_dependency_cycles_are_errors)
{
    pair_error("{\"id\": \"a\", \"version\": \"1\", \"api\": 1, \"depends\": [\"b\"]}",
               "{\"id\": \"b\", \"version\": \"1\", \"api\": 1, \"depends\": [\"a\"]}",
               "dependency cycle: a -> b -> a");
    pair_error("{\"id\": \"a\", \"version\": \"1\", \"api\": 1, \"depends\": [{\"id\": \"a\", \"path\": \".\"}]}",
               "{}", "dependency cycle: a -> a");
    /* a folder whose pack has another id than the one asked for, on the way round */
    pair_error("{\"id\": \"a\", \"version\": \"1\", \"api\": 1, \"depends\": [{\"id\": \"x\", \"path\": \"../b\"}]}",
               "{\"id\": \"b\", \"version\": \"1\", \"api\": 1, \"depends\": [{\"id\": \"y\", \"path\": \"../a\"}]}",
               "dependency cycle: a -> b -> a");
}

/* A game of a temporary pack (manifest, card file or NULL) set up by the Lua chunk, on
 * worker wk; NULL after a failed check (the worker is then closed). */
static Game *temp_game(Worker *wk, const char *manifest, const char *cards, const char *chunk)
{
    const char *dir = t_temp_pack(manifest, cards);
    Err e;
    err_clear(&e);
    bool ok = t_worker_new(wk, dir, &e);
    sb_tmp_rm(dir);
    CHECK_MSG(ok, "%s", e.msg);
    if (!ok) return NULL;
    json_t *ch = json_pack("[s]", chunk);
    Game *g = game_new_ex(wk->w, 1, 2, NULL, ch, &e);
    json_decref(ch);
    CHECK_MSG(g != NULL, "%s", e.msg);
    if (!g) worker_close(wk);
    return g;
}

/* A pack whose "show" is the JSON text show (the line 2 of its manifest) must fail to
 * load with want at line 2, column col (0: any). */
static void show_error(const char *show, const char *want, int col)
{
    char bad[400];
    snprintf(bad, sizeof bad, "{\"id\": \"t\", \"version\": \"1\", \"api\": 1,\n \"show\": %s}", show);
    pack_error(bad, NULL, want, 2, col);
}

/* A pack's "show" changes how people read properties (labels, named values, hidden or
 * unlogged ones) and nothing else: the JSON view keeps keys and values. */
TEST(pack_show_labels_names_and_hides_properties_in_text_only)
{
    const char *m =
        "{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", \"cards\": [\"cards.json\"],\n"
        " \"show\": {\"names\": {\"col\": [\"Red\", \"Blue\"]},\n"
        "  \"props\": {\"tok\": {\"label\": \"Token\", \"names\": \"col\"}, \"one\": {\"names\": \"col\"},\n"
        "   \"sauce\": {\"hide\": true}, \"told\": {\"log\": false, \"label\": \"Told\"}}}}";
    Worker wk;
    Game *g = temp_game(&wk, m, NULL,
                        "game.set('tok', {1, 2}); game.set('one', 2); game.set('one', 3)\n"
                        "game.set('sauce', 5); game.set('told', 2); game.set('plain', 4)");
    if (g) {
        game_advance(g);
        Buf log = {0}, all = {0};
        view_log(g, 0, 0, 0, &log);
        view_log(g, 0, 0, VIEW_ALL_PROPS, &all);
        CHECK_CONTAINS(log.s, "Token = Red & Blue\n");
        CHECK_CONTAINS(log.s, "one = Blue\n");
        CHECK_CONTAINS(log.s, "one = 3\n"); /* a value the list does not name stays a number */
        CHECK_CONTAINS(log.s, "plain = 4\n");
        CHECK_MSG(log.s && !strstr(log.s, "sauce") && !strstr(log.s, "Told"), "hidden or unlogged in: %s", log.s ? log.s : "");
        CHECK_CONTAINS(all.s, "sauce = 5\n");
        CHECK_CONTAINS(all.s, "Told = 2\n");
        buf_free(&log);
        buf_free(&all);
        json_t *v = view_json(g, 0), *gp = json_object_get(v, "game");
        CHECK_INT(json_integer_value(json_object_get(gp, "sauce")), 5);
        CHECK_INT(json_integer_value(json_array_get(json_object_get(gp, "tok"), 1)), 2);
        CHECK(json_object_get(gp, "Token") == NULL);
        json_decref(v);
        game_free(g);
        worker_close(&wk);
    }
    /* "{}" in a label places the value; a list of two names a flag (false first); a text
     * the list holds reads as the list writes it */
    const char *m2 =
        "{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", \"cards\": [\"cards.json\"],\n"
        " \"show\": {\"names\": {\"col\": [\"Red\", \"Blue\"], \"lamp\": [\"lamp off\", \"lamp on\"]},\n"
        "  \"props\": {\"left\": {\"label\": \"Rescue {} to go\"}, \"lit\": {\"label\": \"{}\", \"names\": \"lamp\"},\n"
        "   \"hue\": {\"label\": \"painted ({})\", \"names\": \"col\"},\n"
        "   \"rounds\": {\"label\": \"{} rounds left\", \"one\": \"{} round left\"},\n"
        "   \"next\": {\"label\": \"next start player: seat {}\", \"removed\": \"no next start player\"}}}}";
    g = temp_game(&wk, m2, NULL, "game.set('left', 12); game.set('lit', false); game.set('lit', true); game.set('hue', 'blue')\n"
                                 "game.set('rounds', 2); game.set('rounds', 1); game.set('rounds', 0)\n"
                                 "game.set('next', 2); game.set('next', nil); game.set('left', nil); seat.set(1, 'next', 1); seat.set(1, 'next', nil)");
    if (g) {
        game_advance(g);
        Buf log = {0};
        view_log(g, 0, 0, 0, &log);
        CHECK_CONTAINS(log.s, "Rescue 12 to go\n");
        /* 'one': the label of the value 1 */
        CHECK_CONTAINS(log.s, "\n2 rounds left\n1 round left\n0 rounds left\n");
        CHECK_CONTAINS(log.s, "lamp off\nlamp on\n");
        CHECK_CONTAINS(log.s, "painted (Blue)\n");
        /* 'removed': the pack's words for a removal, after the entity ("seat 1 ...") */
        CHECK_CONTAINS(log.s, "next start player: seat 2\nno next start player\n");
        CHECK_CONTAINS(log.s, "\nRescue to go removed\n");
        CHECK_CONTAINS(log.s, "\nseat 1 no next start player\n");
        buf_free(&log);
        json_t *v = view_json(g, 0), *gp = json_object_get(v, "game");
        CHECK(json_is_true(json_object_get(gp, "lit"))); /* the JSON view keeps the value */
        CHECK(strcmp(json_string_value(json_object_get(gp, "hue")), "blue") == 0);
        json_decref(v);
        game_free(g);
        worker_close(&wk);
    }
    show_error("[1]", "'show' must be", 2);
    show_error("{\"props\": {\"k\": {\"names\": \"nope\"}}}", "no names list 'nope'", 0);
    show_error("{\"props\": {\"k\": {\"hide\": 1}}}", "'hide' must be true or false", 0);
    show_error("{\"props\": {\"k\": {\"colour\": 1}}}", "unknown key 'colour'", 0);
    show_error("{\"names\": {\"n\": [\"a\", 2]}}", "names list 'n' must be a list of 1 to 1000 strings", 0);
    show_error("{\"props\": {\"k\": {\"label\": \"\"}}}", "a label has 1 to 100 characters", 0);
    show_error("{\"props\": {\"k\": {\"one\": \"\"}}}", "'one' (the label for the value 1) has 1 to 100 characters", 0);
    show_error("{\"props\": {\"k\": {\"removed\": \"\"}}}", "'removed' (the log's words when it is removed) has 1 to 100 characters", 0);
    show_error("{\"props\": {\"k\": {\"removed\": 3}}}", "removed", 0);
}

/* show/zones: a zone's label replaces its name in log lines; the JSON view keeps the
 * name and adds the label; a zone without one keeps its name. */
TEST(pack_show_labels_zones_in_text_only)
{
    const char *m =
        "{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", \"cards\": [\"cards.json\"],\n"
        " \"show\": {\"zones\": {\"pile\": {\"label\": \"Draw pile\"}}}}";
    Worker wk;
    Game *g = temp_game(&wk, m, "{\"cards\": [{\"id\": \"x\", \"kind\": \"thing\", \"name\": \"Ex\"}]}",
                        "local p = zone.new('pile', { visibility = 'public' })\n"
                        "local t = zone.new('table', { visibility = 'public' })\n"
                        "local c = card.new('x', p) card.move(c, t) zone.shuffle(p)");
    if (g) {
        game_advance(g);
        Buf log = {0};
        view_log(g, 0, 0, 0, &log);
        CHECK_CONTAINS(log.s, "Ex: Draw pile -> table\n");
        CHECK_CONTAINS(log.s, "Draw pile shuffled\n");
        buf_free(&log);
        json_t *v = view_json(g, 0);
        size_t i;
        json_t *z;
        int seen = 0;
        json_array_foreach(json_object_get(v, "zones"), i, z) {
            const char *name = json_string_value(json_object_get(z, "name"));
            json_t *label = json_object_get(z, "label");
            if (strcmp(name, "pile") == 0) {
                CHECK(label && strcmp(json_string_value(label), "Draw pile") == 0);
                seen++;
            } else if (strcmp(name, "table") == 0) {
                CHECK(label == NULL);
                seen++;
            }
        }
        CHECK_INT(seen, 2);
        json_decref(v);
        game_free(g);
        worker_close(&wk);
    }
    show_error("{\"zones\": [1]}", "'zones' must be an object", 0);
    show_error("{\"zones\": {\"pile\": {}}}", "missing key 'label'", 0);
    show_error("{\"zones\": {\"pile\": {\"label\": \"P\", \"hide\": true}}}", "unknown key 'hide'", 0);
    show_error("{\"zones\": {\"pile\": {\"label\": \"\"}}}", "a label has 1 to 100 characters", 0);
}

/* A path in pack.json that is absolute is taken as it is: "scripts": "/abs/cards" was
 * glued onto the pack folder ("<pack>/abs/cards", not found). */
TEST(pack_paths_may_be_absolute)
{
    char m[400];
    char cwd[200];
    CHECK(getcwd(cwd, sizeof cwd) != NULL);
    snprintf(m, sizeof m,
             "{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", \"cards\": [\"cards.json\"], "
             "\"scripts\": \"%s/cards/tutorial\"}",
             cwd);
    World *w = world_new();
    Err e;
    err_clear(&e);
    const char *dir = t_temp_pack(m, "{\"cards\": [{\"id\": \"spark1\", \"kind\": \"spark\"}]}");
    CHECK_MSG(pack_load(w, dir, &e) == 0, "%s", e.msg);
    sb_tmp_rm(dir);
    int d = world_def(w, "spark1");
    CHECK(d >= 0);
    if (d >= 0) {
        char want[300];
        snprintf(want, sizeof want, "%s/cards/tutorial/spark1.lua", cwd);
        const char *got = w->defs[d].script ? w->defs[d].script : "(none)";
        CHECK_MSG(strcmp(got, want) == 0, "script %s, expected %s", got, want);
    }
    world_free(w);
}

/* A dependency's "path" that is absolute is taken as it is too (it was glued onto the
 * pack folder: "<pack>/<abs>", not found). */
TEST(a_dependency_path_may_be_absolute)
{
    char m[500];
    char cwd[200];
    CHECK(getcwd(cwd, sizeof cwd) != NULL);
    snprintf(m, sizeof m,
             "{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"cards\": [\"cards.json\"], "
             "\"depends\": [{\"id\": \"tutorial\", \"path\": \"%s/games/tutorial\"}]}",
             cwd);
    World *w = world_new();
    Err e;
    err_clear(&e);
    const char *dir = t_temp_pack(m, "{\"cards\": [{\"id\": \"ghost\", \"kind\": \"token\", \"name\": \"Ghost\"}]}");
    CHECK_MSG(pack_load(w, dir, &e) >= 0, "%s", e.msg);
    sb_tmp_rm(dir);
    CHECK(world_def(w, "spark1") >= 0); /* the tutorial's cards came with it */
    CHECK(world_def(w, "ghost") >= 0);
    world_free(w);
}
