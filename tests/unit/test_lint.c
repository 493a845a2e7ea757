/* test_lint.c — what `tabula lint` (vm_lint) reports about a pack's scripts: an error
 * while a card's script loads is that card's (its script's line, the card and its card
 * file), even when a helper function the script called raised it; one bad card does not
 * stop the other scripts; a helper that really fails still stands for the scripts after
 * it. The Not Alone side (its builders check the card they make) is
 * tests/packs/notalone-broken; tests/cli.sh checks the printed report. */
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "t.h"

/* A temporary pack: pack.json naming helper lib.lua (in cards/) when `lib` is given,
 * rules.lua, cards.json with one card of kind "k" per script, and cards/<id>.lua. */
typedef struct TmpPack {
    char dir[64];
    char files[16][128];
    int nfiles;
} TmpPack;

static bool tmp_write(TmpPack *tp, const char *name, const char *text)
{
    if (tp->nfiles == 16) return false;
    char path[sizeof tp->files[0]];
    int n = snprintf(path, sizeof path, "%s/%s", tp->dir, name);
    if (n < 0 || (size_t)n >= sizeof path) return false;
    memcpy(tp->files[tp->nfiles++], path, (size_t)n + 1);
    FILE *f = fopen(path, "w");
    if (!f) return false;
    bool ok = fputs(text, f) >= 0;
    return fclose(f) == 0 && ok;
}

/* ids[i]'s script is scripts[i]; n cards. */
static bool tmp_pack(TmpPack *tp, const char *lib, const char *const *ids,
                     const char *const *scripts, int n)
{
    memset(tp, 0, sizeof *tp);
    snprintf(tp->dir, sizeof tp->dir, "/tmp/tabula-lint-XXXXXX");
    if (!mkdtemp(tp->dir)) return false;
    char p[128];
    snprintf(p, sizeof p, "%s/cards", tp->dir);
    if (mkdir(p, 0700) != 0) return false;
    char manifest[300];
    snprintf(
        manifest, sizeof manifest,
        "{\"id\": \"tmp\", \"version\": \"1\", \"api\": 1, \"players\": {\"min\": 2, \"max\": 2},\n"
        " \"rules\": \"rules.lua\", \"cards\": [\"cards.json\"], \"scripts\": \"cards\"%s}\n",
        lib ? ", \"helpers\": [\"lib.lua\"]" : "");
    char cards[600] = "{\"cards\": [\n";
    for (int i = 0; i < n; i++) {
        size_t l = strlen(cards);
        snprintf(cards + l, sizeof cards - l, "  {\"id\": \"%s\", \"kind\": \"k\"}%s\n", ids[i],
                 i + 1 < n ? "," : "");
    }
    strncat(cards, "]}\n", sizeof cards - strlen(cards) - 1);
    bool ok = tmp_write(tp, "pack.json", manifest) && tmp_write(tp, "cards.json", cards) &&
              tmp_write(tp, "rules.lua", "return { turn = { 'main' } }\n");
    if (lib) ok = ok && tmp_write(tp, "cards/lib.lua", lib);
    for (int i = 0; i < n && ok; i++) {
        char name[64];
        snprintf(name, sizeof name, "cards/%s.lua", ids[i]);
        ok = tmp_write(tp, name, scripts[i]);
    }
    return ok;
}

static void tmp_rm(TmpPack *tp)
{
    for (int i = 0; i < tp->nfiles; i++)
        if (remove(tp->files[i]) != 0 && errno != ENOENT)
            fprintf(stderr, "cannot remove %s\n", tp->files[i]);
    char p[128];
    snprintf(p, sizeof p, "%s/cards", tp->dir);
    rmdir(p);
    rmdir(tp->dir);
}

/* Lints the packs (dir, then extra when not NULL) into a new array of errors (NULL when
 * the packs did not load); *scripts gets the number of scripts checked. */
static json_t *lint(const char *dir, const char *extra, int *scripts)
{
    World *w = world_new();
    Err e;
    err_clear(&e);
    *scripts = -1;
    if (!w || pack_load(w, dir, &e) < 0 || (extra && pack_load(w, extra, &e) < 0)) {
        t_fail(__FILE__, __LINE__, "%s did not load: %s", extra ? extra : dir, e.msg);
        world_free(w);
        return NULL;
    }
    json_t *errors = json_array();
    Vm *vm = vm_lint(w, errors, NULL, &e);
    CHECK_MSG(vm != NULL, "vm_lint: %s", e.msg);
    if (vm) *scripts = vm_script_count(vm);
    vm_free(vm);
    world_free(w);
    return errors;
}

static const char *err_file(json_t *errors, size_t i)
{
    return json_string_value(json_object_get(json_array_get(errors, i), "file"));
}
static int err_line(json_t *errors, size_t i)
{
    return (int)json_integer_value(json_object_get(json_array_get(errors, i), "line"));
}
static const char *err_msg(json_t *errors, size_t i)
{
    return json_string_value(json_object_get(json_array_get(errors, i), "message"));
}

/* A helper's builder that raises while a card's script calls it: the error is at the
 * card script's line that called it, even from `return make { … }` (a tail call, which
 * leaves no frame of the script), whatever error level the helper used; the helper's own
 * position stays in the text. */
TEST(lint_an_error_a_helper_raises_for_a_card_is_the_cards)
{
    static const char lib[] = "local function make(spec)\n"
                              "  if spec.bad then error('bad spec') end\n" /* level 1 */
                              "  if spec.zero then error('no position', 0) end\n"
                              "  if spec.caller then error('at the caller', 2) end\n"
                              "  if spec.api then game.def('nope') end\n"
                              "  return { play = spec.play }\n"
                              "end\n"
                              "return { make = make }\n";
    static const char *const ids[] = {"a", "b", "c", "d", "e"};
    static const char *const scripts[] = {
        "-- a\nreturn make {\n  bad = true,\n}\n",
        "-- b\n\nreturn make {\n  zero = true,\n}\n",
        "-- c\nlocal t = make {\n  caller = true,\n}\nreturn t\n",
        "-- d\nreturn make { api = true }\n",
        "-- e: fine\nreturn make {}\n",
    };
    TmpPack tp;
    if (!tmp_pack(&tp, lib, ids, scripts, 5)) {
        t_fail(__FILE__, __LINE__, "cannot write a temporary pack");
        tmp_rm(&tp);
        return;
    }
    int n = 0;
    json_t *errors = lint(tp.dir, NULL, &n);
    CHECK_INT(json_array_size(errors), 4);
    static const int lines[] = {2, 3, 2, 2};
    static const char *const texts[] = {"lib.lua:2: bad spec", "no position", "at the caller",
                                        "lib.lua:5: game.def: 'nope' is not a card definition"};
    for (size_t i = 0; errors && i < 4 && i < json_array_size(errors); i++) {
        char want[64], card[32];
        snprintf(want, sizeof want, "cards/%s.lua", ids[i]);
        snprintf(card, sizeof card, "card '%s' (", ids[i]);
        CHECK_CONTAINS(err_file(errors, i), want);
        CHECK_INT(err_line(errors, i), lines[i]);
        CHECK_CONTAINS(err_msg(errors, i), card);
        CHECK_CONTAINS(err_msg(errors, i), texts[i]);
        /* the line names the call: no traceback to read through */
        CHECK(strstr(err_msg(errors, i), "stack traceback") == NULL);
    }
    CHECK_INT(n, 7); /* the helper, the rules and five cards */
    json_decref(errors);
    tmp_rm(&tp);
}

/* game.def() with no id is the card whose script is loading (what a builder checks);
 * in a helper's top level or during a game, with no card loading, it is an error. */
TEST(lint_game_def_without_an_id_is_the_card_loading)
{
    static const char lib[] =
        "local ok, err = pcall(game.def)\n"
        "assert(not ok and string.find(err, 'no card script is loading', 1, true))\n"
        "local function card_kind() return game.def().kind end\n"
        "return { card_kind = card_kind }\n";
    static const char *const ids[] = {"a", "b"};
    static const char *const scripts[] = {
        "-- a\nlocal d = game.def()\nassert(d.id == 'a' and card_kind() == 'k', d.id)\nreturn {}\n",
        "-- b\nassert(game.def().id == 'b')\nreturn {}\n",
    };
    TmpPack tp;
    if (!tmp_pack(&tp, lib, ids, scripts, 2)) {
        t_fail(__FILE__, __LINE__, "cannot write a temporary pack");
        tmp_rm(&tp);
        return;
    }
    int n = 0;
    json_t *errors = lint(tp.dir, NULL, &n);
    CHECK_INT(json_array_size(errors), 0);
    if (json_array_size(errors)) t_fail(__FILE__, __LINE__, "first error: %s", err_msg(errors, 0));
    json_decref(errors);
    Worker wk;
    Err e;
    err_clear(&e);
    if (t_worker_new(&wk, tp.dir, &e)) {
        Game *g = t_game(&wk, 1, 2);
        if (g) {
            CHECK_INT(t_run(g, "return game.def()"), 1);
            CHECK_CONTAINS(g->last_error.msg, "game.def: give a card id");
            game_free(g);
        }
        g = t_game(&wk, 1, 2); /* (the rules have no question: a game ends after one action) */
        if (g) {
            CHECK_INT(t_run(g, "assert(game.def('a').id == 'a')"), 0);
            game_free(g);
        }
        worker_close(&wk);
    } else {
        t_fail(__FILE__, __LINE__, "the pack did not open: %s", e.msg);
    }
    tmp_rm(&tp);
}

/* Not Alone's builders check the card they make (kind, phase, symbol, play_in) when its
 * script loads, so each mistake of tests/packs/notalone-broken is reported at its own
 * card, with the bad value; the base game's helper loads, every other script loads,
 * and a script that does not compile is reported in the same run. */
TEST(lint_a_broken_notalone_expansion_reports_each_card)
{
    int n = 0;
    json_t *errors = lint("games/notalone", "tests/packs/notalone-broken", &n);
    if (!errors) return;
    static const char *const want[][3] = {
        {"notalone-broken/cards/ambush.lua",
         "card 'ambush' (tests/packs/notalone-broken/cards.json:3)",
         "data.phase is 5, not 1, 2, 3 or 4"},
        {"notalone-broken/cards/flare.lua",
         "card 'flare' (tests/packs/notalone-broken/cards.json:6)",
         "hunt_card makes a hunt card, but the card file gives kind \"survival\""},
        {"notalone-broken/cards/snare.lua",
         "card 'snare' (tests/packs/notalone-broken/cards.json:8)",
         "play_in is [\"end\"], but a Phase-2 card has play_in [\"hunting\"]"},
        {"notalone-broken/cards/glitch.lua",
         "card 'glitch' (tests/packs/notalone-broken/cards.json:10)", "unexpected symbol"},
    };
    CHECK_INT(json_array_size(errors), 4);
    for (size_t i = 0; i < 4 && i < json_array_size(errors); i++) {
        CHECK_CONTAINS(err_file(errors, i), want[i][0]);
        CHECK(err_line(errors, i) > 0);
        CHECK_CONTAINS(err_msg(errors, i), want[i][1]);
        CHECK_CONTAINS(err_msg(errors, i), want[i][2]);
    }
    /* every script of both packs was checked: the helpers, the rules, each card's, and
     * a pack's bots.lua */
    World *w = world_new();
    Err e;
    err_clear(&e);
    int all = 0;
    if (w && pack_load(w, "tests/packs/notalone-broken", &e) >= 0) {
        for (int p = 0; p < w->npacks; p++) {
            char bots[1100];
            snprintf(bots, sizeof bots, "%s/bots.lua", w->packs[p].dir);
            all += w->packs[p].nhelpers + (w->packs[p].rules != NULL) + (access(bots, F_OK) == 0);
        }
        for (int d = 0; d < w->ndefs; d++)
            all += w->defs[d].script != NULL;
    }
    world_free(w);
    CHECK(all > 50);
    CHECK_INT(n, all);
    json_decref(errors);
}

/* The rules' `kinds` name the functions every card of a kind must give: a card script
 * that gives less (a misspelt name, a bare table) or a card with no script at all is an
 * error when the scripts load, naming the card, what is missing and what it gives,
 * instead of a card the rules never offer; a game does not start with one. A `kinds`
 * table of the wrong shape is an error in the rules. */
TEST(lint_rules_kinds_name_the_functions_a_card_script_must_give)
{
    static const char *const ids[] = {"a", "b", "c", "d"};
    static const char *const scripts[] = {
        "return { play = function() end, can_play = function() end }\n",
        "return { plya = function() end, can_play = function() end }\n",
        "return {}\n",
        "return {}\n",
    };
    TmpPack tp;
    char dscript[128];
    bool ok = tmp_pack(&tp, NULL, ids, scripts, 4);
    snprintf(dscript, sizeof dscript, "%s/cards/d.lua", tp.dir);
    ok = ok && remove(dscript) == 0 &&
         tmp_write(&tp, "rules.lua",
                   "return { turn = { 'main' }, kinds = { k = { needs = { 'play', 'can_play' } } } }\n");
    if (!ok) {
        t_fail(__FILE__, __LINE__, "cannot write a temporary pack");
        tmp_rm(&tp);
        return;
    }
    int n = 0;
    json_t *errors = lint(tp.dir, NULL, &n);
    CHECK_INT(json_array_size(errors), 3);
    if (json_array_size(errors) == 3) {
        CHECK_CONTAINS(err_file(errors, 0), "cards/b.lua");
        CHECK_CONTAINS(err_msg(errors, 0), "card 'b' (");
        CHECK_CONTAINS(err_msg(errors, 0), "its script gives no function play, which the rules need every "
                                           "k card's script to give (their kinds.k.needs: play and can_play); "
                                           "it gives can_play, plya (is plya meant to be play?)");
        CHECK_CONTAINS(err_file(errors, 1), "cards/c.lua");
        CHECK_CONTAINS(err_msg(errors, 1), "its script gives no function play, can_play, which");
        CHECK_CONTAINS(err_msg(errors, 1), "it gives no function at all");
        CHECK_CONTAINS(err_file(errors, 2), "cards.json");
        CHECK_INT(err_line(errors, 2), 5);
        CHECK_CONTAINS(err_msg(errors, 2), "card 'd': it has no script, but the rules need every k card's "
                                           "script to give play and can_play (their kinds.k.needs): there is no ");
        CHECK_CONTAINS(err_msg(errors, 2), "cards/d.lua (write it,");
    }
    json_decref(errors);
    /* a game: the first such card stops the load, with the same message */
    Worker wk;
    Err e;
    err_clear(&e);
    if (t_worker_new(&wk, tp.dir, &e)) {
        t_fail(__FILE__, __LINE__, "a pack with a card missing play opened");
        worker_close(&wk);
    } else {
        CHECK_CONTAINS(e.file, "cards/b.lua");
        CHECK_CONTAINS(e.msg, "gives no function play");
    }
    /* the wrong shapes */
    static const char *const bad[][2] = {
        {"return { turn = { 'main' }, kinds = 5 }\n", "rules: kinds must map a card kind to { needs = "},
        {"return { turn = { 'main' }, kinds = { k = { need = { 'play' } } } }\n",
         "rules: kinds.k has no field 'need' (its field: needs)"},
        {"return { turn = { 'main' }, kinds = { k = { needs = 'play' } } }\n",
         "rules: kinds.k.needs must be a list of function names, not a string"},
        {"return { turn = { 'main' }, kinds = { k = { needs = { 'play', 3 } } } }\n",
         "rules: kinds.k.needs must be a list of at most 16 function names"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (!tmp_write(&tp, "rules.lua", bad[i][0])) break;
        errors = lint(tp.dir, NULL, &n);
        CHECK_MSG(json_array_size(errors) >= 1, "rules %zu: no error", i);
        if (json_array_size(errors) >= 1) {
            CHECK_CONTAINS(err_file(errors, 0), "rules.lua");
            CHECK_CONTAINS(err_msg(errors, 0), bad[i][1]);
        }
        json_decref(errors);
    }
    tmp_rm(&tp);
}

/* A window's roles_first and from are lists of 1 to 4 names; any other shape (a plain
 * string, a fifth name, a set) is an error in the rules naming the window and the
 * field: they were ignored without a word, the window offering in seat order or from
 * every zone. A right list loads. */
TEST(lint_window_name_lists_of_the_wrong_shape_are_errors)
{
    static const char *const ids[] = {"a"};
    static const char *const scripts[] = {"return { play = function() end }\n"};
    TmpPack tp;
    if (!tmp_pack(&tp, NULL, ids, scripts, 1)) {
        t_fail(__FILE__, __LINE__, "cannot write a temporary pack");
        tmp_rm(&tp);
        return;
    }
    static const char *const bad[][2] = {
        {"roles_first = 'dark'", "rules: windows.w.roles_first must be a list of 1 to 4 role names, like { \"creature\" }"},
        {"roles_first = { 'a', 'b', 'c', 'd', 'e' }", "rules: windows.w.roles_first must be a list of 1 to 4 role"},
        {"roles_first = { dark = true }", "rules: windows.w.roles_first must be a list of 1 to 4 role"},
        {"roles_first = { 'dark', x = 1 }", "rules: windows.w.roles_first must be a list of 1 to 4 role"},
        {"roles_first = { 'dark', 3 }", "rules: windows.w.roles_first must be a list of 1 to 4 role"},
        {"roles_first = {}", "rules: windows.w.roles_first must be a list of 1 to 4 role"},
        {"from = 'hand'", "rules: windows.w.from must be a list of 1 to 4 zone names, like { \"hand\" }"},
        {"from = { '' }", "rules: windows.w.from must be a list of 1 to 4 zone names"},
    };
    char rules[300];
    int n = 0;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(rules, sizeof rules, "return { turn = { 'main' }, windows = { w = { %s } } }\n", bad[i][0]);
        if (!tmp_write(&tp, "rules.lua", rules)) break;
        json_t *errors = lint(tp.dir, NULL, &n);
        CHECK_MSG(json_array_size(errors) >= 1, "rules %zu: no error", i);
        if (json_array_size(errors) >= 1) {
            CHECK_CONTAINS(err_file(errors, 0), "rules.lua");
            CHECK_CONTAINS(err_msg(errors, 0), bad[i][1]);
        }
        json_decref(errors);
    }
    /* the right shapes load */
    if (tmp_write(&tp, "rules.lua",
                  "return { turn = { 'main' }, windows = { w = { roles_first = { 'a', 'b', 'c', 'd' }, "
                  "from = { 'hand' } } } }\n")) {
        json_t *errors = lint(tp.dir, NULL, &n);
        CHECK_INT(json_array_size(errors), 0);
        json_decref(errors);
    }
    tmp_rm(&tp);
}

/* A window's configuration is checked field by field, each error naming the window: a
 * misspelt field (`trigger_ordr`) or one of the wrong type (`always_ask = "yes"`) was
 * ignored without a word, and a misspelt style or trigger order did not say which
 * window it was in. A step of the turn that is not a name says what it is. */
TEST(lint_window_configurations_are_checked_field_by_field)
{
    static const char *const ids[] = {"a"};
    static const char *const scripts[] = {"return { play = function() end }\n"};
    TmpPack tp;
    if (!tmp_pack(&tp, NULL, ids, scripts, 1)) {
        t_fail(__FILE__, __LINE__, "cannot write a temporary pack");
        tmp_rm(&tp);
        return;
    }
    static const char *const bad[][2] = {
        {"windows = { w = { style = 'stak' } }", "rules: windows.w.style 'stak' is not immediate, stack or chain"},
        {"windows = { w = { trigger_order = 'first' } }",
         "rules: windows.w.trigger_order 'first' is not seat, active_first or choose"},
        {"windows = { w = 'stack' }",
         "rules: windows.w must be a table of the window's options, like { style = \"stack\" }, not a string"},
        {"windows = { w = { trigger_ordr = 'seat' } }",
         "rules: windows.w has no field 'trigger_ordr' (its fields: style, trigger_order, roles_first, play_zone, "
         "play, triggers_only, from, always_ask)"},
        {"windows = { w = { 'stack' } }", "rules: windows.w has no number key (its fields: style,"},
        {"windows = { w = { always_ask = 'yes' } }", "rules: windows.w.always_ask must be true or false, not a string"},
        {"windows = { w = { triggers_only = 1 } }", "rules: windows.w.triggers_only must be true or false, not a number"},
        {"windows = { w = { play = true } }", "rules: windows.w.play must be a text, not a boolean"},
        {"windows = { w = { style = 2 } }", "rules: windows.w.style must be a text, not a number"},
        {"windows = { a = {}, b = {}, c = {}, d = {}, e = {}, f = {}, g = {}, h = {}, i = {}, j = {}, k = {}, "
         "l = {}, m = {}, n = {}, o = {}, p = {}, q = {} }",
         "rules: windows must map a kind name to a table (at most 16 kinds)"},
    };
    char rules[400];
    int n = 0;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(rules, sizeof rules, "return { turn = { 'main' }, %s }\n", bad[i][0]);
        if (!tmp_write(&tp, "rules.lua", rules)) break;
        json_t *errors = lint(tp.dir, NULL, &n);
        CHECK_MSG(json_array_size(errors) >= 1, "rules %zu: no error", i);
        if (json_array_size(errors) >= 1) {
            CHECK_CONTAINS(err_file(errors, 0), "rules.lua");
            CHECK_CONTAINS(err_msg(errors, 0), bad[i][1]);
        }
        json_decref(errors);
    }
    if (tmp_write(&tp, "rules.lua", "return { turn = { 'main', 3 } }\n")) {
        json_t *errors = lint(tp.dir, NULL, &n);
        CHECK_MSG(json_array_size(errors) >= 1, "turn: no error");
        if (json_array_size(errors) >= 1)
            CHECK_CONTAINS(err_msg(errors, 0), "rules: turn[2] must be a step name, not a number");
        json_decref(errors);
    }
    /* every field of the right type loads */
    if (tmp_write(&tp, "rules.lua",
                  "return { turn = { 'main' }, windows = { w = { style = 'stack', trigger_order = 'seat', "
                  "roles_first = { 'a' }, play_zone = 'pile', play = 'cast', triggers_only = false, "
                  "from = { 'hand' }, always_ask = true } } }\n")) {
        json_t *errors = lint(tp.dir, NULL, &n);
        CHECK_INT(json_array_size(errors), 0);
        json_decref(errors);
    }
    tmp_rm(&tp);
}

/* rules.turn is required and lists step names: an empty list (a game of it stopped
 * at once, and lint said so without naming the rules file), a string or a list with a
 * number in it is an error of rules.lua. */
TEST(lint_a_turn_of_no_steps_or_not_a_list_of_names_is_an_error)
{
    static const char *const ids[] = {"a"};
    static const char *const scripts[] = {"return { play = function() end }\n"};
    TmpPack tp;
    if (!tmp_pack(&tp, NULL, ids, scripts, 1)) {
        t_fail(__FILE__, __LINE__, "cannot write a temporary pack");
        tmp_rm(&tp);
        return;
    }
    static const char *const bad[][2] = {
        {"turn = {}", "rules: 'turn' must list the steps of every turn, like { \"draw\", \"main\" }: it lists none"},
        {"turn = { main = true }", "rules: 'turn' must list the steps of every turn"},
        {"turn = 'main'", "rules: 'turn' must be a list of step names"},
        {"steps = {}", "rules: 'turn' must be a list of step names"},
        {"turn = { 'main', {} }", "rules: turn[2] must be a step name"},
    };
    char rules[300];
    int n = 0;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(rules, sizeof rules, "return { %s }\n", bad[i][0]);
        if (!tmp_write(&tp, "rules.lua", rules)) break;
        json_t *errors = lint(tp.dir, NULL, &n);
        CHECK_MSG(json_array_size(errors) == 1, "rules %zu: %zu errors", i, json_array_size(errors));
        if (json_array_size(errors) >= 1) {
            CHECK_CONTAINS(err_file(errors, 0), "rules.lua");
            CHECK_CONTAINS(err_msg(errors, 0), bad[i][1]);
        }
        json_decref(errors);
    }
    tmp_rm(&tp);
}

/* A global a script reads that nothing defines is a warning at the line of its first
 * read in that script, with the closest global name; reads of API modules, library
 * functions and a helper's exports are not; the line is right past 127 lines of
 * nothing (where Lua's line information switches to an absolute line). */
TEST(lint_warns_about_a_global_nothing_defines)
{
    static const char lib[] = "return { lose_will = function() end }\n";
    static const char *const ids[] = {"a", "b"};
    char far[1200];
    int n = snprintf(far, sizeof far, "return { play = function(ctx)\n  lose_will(1)\n");
    for (int i = 0; i < 300 && n < (int)sizeof far - 100; i++) far[n++] = '\n';
    snprintf(far + n, sizeof far - (size_t)n, "  if zone.count(zone.get('hand', 1)) then lose_wil(1) end\nend }\n");
    const char *const scripts[] = {
        "local t, u = table.concat({ 'a' }), mathh\n" /* read by the chunk itself, line 1 */
        "return { play = function(ctx)\n"
        "  game.log(t .. tostring(math.max(1, 2)))\n"
        "  if gmae.turn() then gmae.turn() end\n" /* the first read of gmae only */
        "end }\n",
        far,
    };
    TmpPack tp;
    if (!tmp_pack(&tp, lib, ids, scripts, 2)) {
        CHECK_MSG(false, "cannot write the pack in %s", tp.dir);
        tmp_rm(&tp);
        return;
    }
    World *w = world_new();
    Err e;
    err_clear(&e);
    CHECK_MSG(w && pack_load(w, tp.dir, &e) >= 0, "%s", e.msg);
    json_t *errors = json_array(), *warnings = json_array();
    Vm *vm = w ? vm_lint(w, errors, warnings, &e) : NULL;
    CHECK_INT((int)json_array_size(errors), 0);
    CHECK_INT((int)json_array_size(warnings), 3);
    if (json_array_size(warnings) == 3) {
        CHECK_CONTAINS(err_file(warnings, 0), "cards/a.lua");
        CHECK_INT(err_line(warnings, 0), 1);
        CHECK_CONTAINS(err_msg(warnings, 0), "reads 'mathh'");
        CHECK_CONTAINS(err_msg(warnings, 0), "did you mean 'math'?");
        CHECK_INT(err_line(warnings, 1), 4);
        CHECK_CONTAINS(err_msg(warnings, 1), "reads 'gmae', a global that no script, helper or library defines: it "
                                             "is nil (did you mean 'game'?)");
        CHECK_CONTAINS(err_file(warnings, 2), "cards/b.lua");
        CHECK_INT(err_line(warnings, 2), 303);
        CHECK_CONTAINS(err_msg(warnings, 2), "reads 'lose_wil'");
        CHECK_CONTAINS(err_msg(warnings, 2), "did you mean 'lose_will'?");
    }
    vm_free(vm);
    world_free(w);
    json_decref(errors);
    json_decref(warnings);
    tmp_rm(&tp);
}

/* A call whose pattern is a constant the sandbox refuses (two quantifiers, %b, a
 * back-reference) can only fail when it runs: lint makes it an error at the pattern's
 * line, in card scripts and helpers, for string.f(…) and s:f(…) alike. What lint cannot
 * be sure of is left alone: a pattern chosen at run time, a find that may be plain, a
 * local named string, text in comments and strings. */
TEST(lint_a_pattern_the_sandbox_refuses_is_an_error_at_its_line)
{
    static const char lib[] = "local M = {}\n"
                              "function M.parse(s)\n"
                              "  local function inner() return string.match(s, '(%w+)%s*=%s*(%w+)') end\n"
                              "  return inner()\n"
                              "end\n"
                              "return M\n";
    static const char *const ids[] = {"a"};
    const char *const scripts[] = {
        "local function name_of(s) return string.match(s, \"^(.-) of seat %d+$\") end\n" /* 1 */
        "return { play = function(ctx)\n"
        "  local s = 'x'\n"
        "  for w in s:gmatch('%a+%d*') do end\n" /* 4 */
        "  local a = s:find('%s+x+', 1, true)\n"
        "  local b = s:find('%s+x+')\n" /* 6 */
        "  local c = s:gsub(\n"
        "     '%b()', '')\n" /* 8 */
        "  local d = s:match(ctx and 'a+b+' or 'c')\n"
        "  local e = s:match('(%a+) = (%d)') .. string.find(s, 'a+', 2)\n"
        "  -- s:match('a+b+') in a comment\n"
        "  local f = (\"s:match('a+b+')\"):len() .. string.format('%d+%d+', 1, 2)\n"
        "  local string = { match = function() end } string.match(s, 'a+b+')\n"
        "  local g = s:match('(a)%1')\n" /* 14 */
        "  return name_of(s) .. M and a .. b .. c .. d .. e .. f .. g\n"
        "end }\n",
    };
    TmpPack tp;
    if (!tmp_pack(&tp, lib, ids, scripts, 1)) {
        CHECK_MSG(false, "cannot write the pack in %s", tp.dir);
        tmp_rm(&tp);
        return;
    }
    int n;
    json_t *errors = lint(tp.dir, NULL, &n);
    static const struct {
        const char *file;
        int line;
        const char *msg;
    } want[] = {
        {"cards/lib.lua", 3, "string.match: the sandbox refuses the pattern '(%w+)%s*=%s*(%w+)', so this call "
                             "always fails: it has 4 variable-length quantifiers"},
        {"cards/a.lua", 1, "string.match: the sandbox refuses the pattern '^(.-) of seat %d+$', so this call always "
                           "fails: it has 2 variable-length quantifiers ('.-', '%d+') and a pattern may have at most 1"},
        {"cards/a.lua", 4, "string.gmatch: the sandbox refuses the pattern '%a+%d*'"},
        {"cards/a.lua", 6, "string.find: the sandbox refuses the pattern '%s+x+'"},
        {"cards/a.lua", 8, "string.gsub: the sandbox refuses the pattern '%b()', so this call always fails: '%b' (a "
                           "balanced match) is refused"},
        {"cards/a.lua", 14, "string.match: the sandbox refuses the pattern '(a)%1', so this call always fails: the "
                            "back-reference '%1' is refused"},
    };
    int nwant = (int)(sizeof want / sizeof want[0]);
    CHECK_INT(errors ? (int)json_array_size(errors) : -1, nwant);
    for (int i = 0; errors && i < nwant && i < (int)json_array_size(errors); i++) {
        CHECK_CONTAINS(err_file(errors, (size_t)i), want[i].file);
        CHECK_INT(err_line(errors, (size_t)i), want[i].line);
        CHECK_CONTAINS(err_msg(errors, (size_t)i), want[i].msg);
    }
    json_decref(errors);
    tmp_rm(&tp);
}

/* A call of a function an API module or a library table does not have (a misspelt
 * `decide.amountz`, `string.dump` the sandbox leaves out) can only fail: lint makes it
 * an error at its line, with the closest name, in card scripts and helpers, nested
 * calls and arguments included, and through a local that holds the module. A read
 * that is not called (`card.positon == nil`, a function passed to pcall), a read
 * behind a jump and a field of another table are left alone. */
TEST(lint_a_call_of_a_function_the_api_lacks_is_an_error_at_its_line)
{
    static const char lib[] = "local M = {}\n"
                              "function M.pick(s, o) return decide.chooze(s, o) end\n" /* 2 */
                              "return M\n";
    static const char *const ids[] = {"a"};
    const char *const scripts[] = {
        "return { play = function(ctx)\n"
        "  local c = card.new('a', zone.get('hand', 1), 1)\n"
        "  local p = card.positon(c)\n" /* 3 */
        "  game.log(tostring(zone.cout(zone.get('hand', 1))))\n" /* 4 */
        "  local s = string.dump(print)\n" /* 5 */
        "  if card.positon == nil then end\n"
        "  local f = ctx.seat and card.positon\n"
        "  local t = { positon = print } t.positon(1)\n"
        "  local card2 = card card2.positon(c)\n"
        "  local ok = pcall(seat.gett, 1, 'x')\n"
        "  return M and p and s and f and ok and card.position(c)\n"
        "end }\n",
    };
    TmpPack tp;
    if (!tmp_pack(&tp, lib, ids, scripts, 1)) {
        CHECK_MSG(false, "cannot write the pack in %s", tp.dir);
        tmp_rm(&tp);
        return;
    }
    int n;
    json_t *errors = lint(tp.dir, NULL, &n);
    static const struct {
        const char *file;
        int line;
        const char *msg;
    } want[] = {
        {"cards/lib.lua", 2, "decide.chooze: decide has no 'chooze' (did you mean decide.choose?)"},
        {"cards/a.lua", 3, "card.positon: card has no 'positon' (did you mean card.position?)"},
        {"cards/a.lua", 4, "zone.cout: zone has no 'cout' (did you mean zone.count?)"},
        {"cards/a.lua", 5, "string.dump: string has no 'dump' (docs/scripting-api.md lists what it has)"},
        {"cards/a.lua", 9, "card.positon: card has no 'positon' (did you mean card.position?)"},
    };
    int nwant = (int)(sizeof want / sizeof want[0]);
    CHECK_INT(errors ? (int)json_array_size(errors) : -1, nwant);
    for (int i = 0; errors && i < nwant && i < (int)json_array_size(errors); i++) {
        CHECK_CONTAINS(err_file(errors, (size_t)i), want[i].file);
        CHECK_INT(err_line(errors, (size_t)i), want[i].line);
        CHECK_CONTAINS(err_msg(errors, (size_t)i), want[i].msg);
    }
    json_decref(errors);
    tmp_rm(&tp);
}

/* The rules' static listeners (`on`): a handler that is no function of the rules table
 * (with the closest one), a kind spelt nearly as a built-in event kind (with it), and a
 * value of the wrong shape are each an error at load, in rules.lua; a custom kind far
 * from the built-in ones and a list of handlers are fine. */
TEST(lint_rules_listeners_name_rules_functions_and_known_kinds)
{
    static const char *const ids[] = {"a"};
    static const char *const scripts[] = {"return { play = function() end }\n"};
    TmpPack tp;
    if (!tmp_pack(&tp, NULL, ids, scripts, 1)) {
        t_fail(__FILE__, __LINE__, "cannot write a temporary pack");
        tmp_rm(&tp);
        return;
    }
    static const char *const cases[][2] = {
        {"on = { destroy = 'scord' }", "rules: on.destroy names 'scord', which is no function of the rules table "
                                       "(did you mean 'scored'?)"},
        {"on = { destory = 'scored' }", "rules: on.destory: 'destory' is no event kind the engine emits (did you "
                                        "mean 'destroy'?)"},
        {"on = { destroy = { 'scored', 'nope' } }", "rules: on.destroy names 'nope', which is no function"},
        {"on = { destroy = {} }", "rules: on.destroy must be a handler name or a list of them"},
        {"on = { destroy = 3 }", "rules: on.destroy must be a handler name or a list of them"},
        {"on = 'scored'", "rules: 'on' must map event kinds to handler names"},
        {"on = { destroy = { 'scored', 'scored' }, room_revealed = 'scored' }", NULL},
    };
    char rules[400];
    int n = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(rules, sizeof rules,
                 "return { turn = { 'main' }, scored = function(ctx) end, %s }\n", cases[i][0]);
        if (!tmp_write(&tp, "rules.lua", rules)) break;
        json_t *errors = lint(tp.dir, NULL, &n);
        size_t want = cases[i][1] ? 1 : 0;
        CHECK_MSG(json_array_size(errors) == want, "rules %zu: %zu errors, %s", i, json_array_size(errors),
                  json_array_size(errors) ? err_msg(errors, 0) : "");
        if (want && json_array_size(errors) >= 1) {
            CHECK_CONTAINS(err_file(errors, 0), "rules.lua");
            CHECK_CONTAINS(err_msg(errors, 0), cases[i][1]);
        }
        json_decref(errors);
    }
    tmp_rm(&tp);
}
