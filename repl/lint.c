/* lint.c — `tabula lint <pack>`: validates a pack's manifest, data and scripts and
 * prints a summary; --json for machines:
 *   {"pack": id, "cards": {kind: count}, "scripts": n, "errors": [...], "warnings": [...]}
 * (and "bots": [name, ...] when the packs define bots)
 * (n: the scripts checked, those that failed included; "cards" and "scripts" are left
 * out when the packs did not load: a pack.json that does not parse, a --pack folder
 * that fails). Every error names its file,
 * and its line and column when they are known (the JSON leaves out what is not: no
 * "line": 0). Warnings (a card without a name or a text, a global a script reads that
 * nothing defines, a script of the pack that nothing reads) are things a game runs
 * with. A name that is no game, or a folder that is missing or has no pack.json, is
 * that one error and no summary: on stderr, or {"errors": [...], "warnings": []} with
 * --json. Exit status 1 when there are errors, whatever the warnings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

static const char *const lint_help =
    "usage: tabula lint <pack folder or game name> [--json] [--pack DIR]...\n"
    "\n"
    "Checks pack.json (strict: unknown or duplicate keys are errors), the card and data\n"
    "files (every mistake in them), rules.lua and every card script (compiled in the\n"
    "sandbox, refused if it keeps state between calls; checked even when card files have\n"
    "mistakes). A call of string.find/match/gmatch/gsub (or s:match(...)) whose pattern,\n"
    "written in the script, the sandbox refuses (two quantifiers, %b, a back-reference) is\n"
    "an error at its line: that call always fails.\n"
    "Up to 50 errors and 50 warnings are listed, then how many more there are.\n"
    "Prints a summary, or JSON with --json:\n"
    "  {\"pack\": id, \"cards\": {kind: count}, \"scripts\": n, \"errors\": [...],\n"
    "   \"warnings\": [...]}\n"
    "(n: the scripts checked, those that failed included; \"bots\": [name, ...] is added\n"
    "when a pack's bots.lua names bots, which are checked too). Each error names file, line\n"
    "and column (\"file\", \"line\" and \"col\" are left out of the JSON when not known);\n"
    "an error in a card's script also names the card and its card file.\n"
    "A card of the packs named with no name or no text is a warning, and so is a global\n"
    "a script reads that nothing defines (a misspelt name: it reads nil), and a .lua file\n"
    "of a pack's scripts folder that nothing reads (no card names it, none has its name\n"
    "as its id, and it is no helper, rules or bots.lua).\n"
    "A name that is no game, or a folder that is not there or has no pack.json, is that\n"
    "one error and no summary: on stderr, or with --json\n"
    "  {\"errors\": [{\"message\": ...}], \"warnings\": []}\n"
    "A pack.json that does not parse, or a --pack folder that does not load, is listed\n"
    "under the pack with no counts (no \"cards\" or \"scripts\" in the JSON).\n"
    "Exit status 1 when there are errors (warnings alone: 0).\n";

static json_t *error_obj(const Err *e)
{
    return json_pack("{s:s, s:i, s:i, s:s}", "file", e->file, "line", e->line, "col", e->col,
                     "message", e->msg);
}

/* The errors of a pack_load that found some: every mistake it kept (its card and data
 * files), else e alone; *unlisted gets the number found past its cap. */
static void load_failed(const World *w, const Err *e, json_t *errors, int *unlisted)
{
    const PackErrors *pe = w ? &w->load_errors : NULL;
    if (!pe || pe->n == 0) {
        json_array_append_new(errors, error_obj(e));
        return;
    }
    for (int i = 0; i < pe->n; i++)
        json_array_append_new(errors, error_obj(&pe->list[i]));
    *unlisted += pe->more;
}

/* At most PACK_ERRORS_MAX entries of list are shown: the others are dropped, counted in
 * *unlisted, and when there are any, one more entry (naming dir) says how many. */
static void cap_list(json_t *list, int *unlisted, const char *dir, const char *what)
{
    while (json_array_size(list) > PACK_ERRORS_MAX) {
        json_array_remove(list, json_array_size(list) - 1);
        (*unlisted)++;
    }
    if (!*unlisted) return;
    Err n;
    err_clear(&n);
    err_at(&n, dir, 0, 0, "%d more %s%s not listed (the first %d are): mend these and lint again", *unlisted,
           what, *unlisted == 1 ? "" : "s", PACK_ERRORS_MAX);
    json_array_append_new(list, error_obj(&n));
}

/* A card of the packs linted without a name (players see its id) or a text (they read
 * nothing): the game runs, so these are warnings. */
static void card_warnings(const World *w, const bool *linted, json_t *warnings)
{
    for (int d = 0; d < w->ndefs; d++) {
        const CardDef *cd = &w->defs[d];
        if (cd->removed || !linted[cd->pack] || (cd->named && cd->has_text)) continue;
        const char *id = names_str(&w->names, cd->id);
        int line = world_def_line(w, d);
        Err e;
        err_clear(&e);
        if (!cd->named) {
            /* no "name": the id stands in; a blank one shows as a blank */
            if (strcmp(cd->name, id) == 0)
                err_at(&e, cd->file, line, 0,
                       "card '%s' has no name: players see its id '%s' (give it \"name\")", id, id);
            else
                err_at(&e, cd->file, line, 0,
                       "card '%s' has a blank name (give it \"name\", the printed card's)", id);
            json_array_append_new(warnings, error_obj(&e));
        }
        if (!cd->has_text) {
            err_at(&e, cd->file, line, 0,
                   "card '%s' has no text: players read nothing for it (give it \"text\", the "
                   "printed card's words)",
                   id);
            json_array_append_new(warnings, error_obj(&e));
        }
    }
}

/* The scripts of the packs linted that nothing reads (pack_unread_scripts): a warning
 * each, at the file. A card without a script whose id is close to the file's name is
 * named: its id is likely misspelt. */
static void unread_warnings(const World *w, const bool *linted, json_t *warnings)
{
    for (int p = 0; p < w->npacks; p++) {
        char **files;
        size_t n;
        if (!linted[p] || !pack_unread_scripts(w, p, &files, &n)) continue;
        for (size_t i = 0; i < n; i++) {
            const char *base = strrchr(files[i], '/');
            base = base ? base + 1 : files[i];
            char id[256];
            snprintf(id, sizeof id, "%.*s", (int)(strlen(base) - 4), base); /* less ".lua" */
            char hint[600] = "";
            int d = i < PACK_ERRORS_MAX ? world_scriptless_nearest(w, p, id) : -1;
            if (d >= 0)
                snprintf(hint, sizeof hint, " (did you mean it for card '%s' (%s:%d), which has no script?)",
                         names_str(&w->names, w->defs[d].id), w->defs[d].file, world_def_line(w, d));
            /* a card of that id names another "script" (a misspelt one is an error of
             * its own): that card, rather than "none without one has the id" */
            int32_t nid = names_find(&w->names, id);
            int named = -1;
            for (int k = 0; nid >= 0 && k < w->ndefs && named < 0; k++)
                if (w->defs[k].pack == p && w->defs[k].id == nid) named = k;
            Err e;
            err_clear(&e);
            if (named >= 0)
                err_at(&e, files[i], 0, 0,
                       "no card reads this script: card '%s' (%s:%d) has its id but names another \"script\", "
                       "and it is no helper, rules or bots.lua of the packs (it is never loaded)",
                       id, w->defs[named].file, world_def_line(w, named));
            else
                err_at(&e, files[i], 0, 0,
                       "no card reads this script: no card's \"script\" names it, none without one "
                       "has the id '%s', and it is no helper, rules or bots.lua of the packs (it is "
                       "never loaded)%s",
                       id, hint);
            json_array_append_new(warnings, error_obj(&e));
        }
        dir_list_free(files, n);
    }
}

/* What is not known is left out of an error or warning of the JSON report: no "file"
 * when it is empty, no "line" when it is 0 (nor "col"), no "col" when it is 0 (the text
 * report prints neither). */
static void drop_unknown(json_t *list)
{
    size_t i;
    json_t *v;
    json_array_foreach(list, i, v) {
        const char *file = json_string_value(json_object_get(v, "file"));
        if (file && !*file) json_object_del(v, "file");
        if (json_integer_value(json_object_get(v, "line")) <= 0) {
            json_object_del(v, "line");
            json_object_del(v, "col");
        }
        if (json_integer_value(json_object_get(v, "col")) <= 0) json_object_del(v, "col");
    }
}

/* One line per error or warning, "  error: file:line:col: message". */
static void print_list(json_t *list, const char *what)
{
    size_t i;
    json_t *v;
    json_array_foreach(list, i, v) {
        Err pe;
        err_clear(&pe);
        const char *file = json_string_value(json_object_get(v, "file"));
        err_at(&pe, file ? file : "",
               (int)json_integer_value(json_object_get(v, "line")),
               (int)json_integer_value(json_object_get(v, "col")), "%s",
               json_string_value(json_object_get(v, "message")));
        char buf[1200];
        err_format(&pe, buf, sizeof buf);
        printf("  %s: %s\n", what, buf);
    }
}

/* A pack that cannot be linted at all (why: no such game or folder, no pack.json): the
 * message alone on stderr, or with --json {"errors": [{"message": why}], "warnings": []}
 * (no "pack", "cards" or "scripts": nothing was loaded to give them). */
static void lint_refused(const char *why, bool as_json)
{
    if (!as_json) {
        fprintf(stderr, "tabula lint: %s\n", why);
        return;
    }
    json_t *out = json_pack("{s:[{s:s}], s:[]}", "errors", "message", why, "warnings");
    char *t = out ? json_dumps(out, JSON_INDENT(2)) : NULL;
    printf("%s\n", t ? t : "{}");
    free(t);
    json_decref(out);
}

int cmd_lint(int argc, char **argv)
{
    const char *pack = NULL;
    bool as_json = false;
    const char *extra[16];
    int nextra = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(lint_help, stdout);
            return 0;
        } else if (strcmp(argv[i], "--json") == 0) {
            as_json = true;
        } else if (strcmp(argv[i], "--pack") == 0 && i + 1 < argc) {
            if (nextra == 16) {
                fprintf(stderr, "tabula lint: at most 16 --pack folders\n");
                return 2;
            }
            extra[nextra++] = argv[++i];
        } else if (argv[i][0] != '-' && !pack) {
            pack = argv[i];
        } else {
            fprintf(stderr, "tabula lint: unknown or incomplete argument '%s'\n%s", argv[i], lint_help);
            return 2;
        }
    }
    if (!pack) {
        fputs(lint_help, stderr);
        return 2;
    }
    char dir[1024];
    struct stat st;
    /* a name that is no game, a folder that is not there or one without pack.json has
     * nothing to summarise: that one error, as play and sim say it ("." too, a modder
     * standing in a folder that is no pack, is said as a folder) */
    bool found = game_dir(pack, dir, sizeof dir);
    char nopack[1024] = "";
    Err fe;
    err_clear(&fe);
    if (!found && !(stat(pack, &st) == 0 && S_ISDIR(st.st_mode))) game_not_found(pack, nopack, sizeof nopack);
    else if (!pack_folder_check(found ? dir : pack, &fe)) snprintf(nopack, sizeof nopack, "%s", fe.msg);
    if (nopack[0]) {
        lint_refused(nopack, as_json);
        return 1;
    }
    json_t *errors = json_array();
    json_t *warnings = json_array();
    int unlisted = 0; /* errors found past the cap of a failed pack load */
    json_t *cards = json_object();
    int scripts = 0;
    const char *id = pack;
    World *w = world_new();
    Err e;
    err_clear(&e);
    if (w) {
        games_beside_binary(w->games_root, sizeof w->games_root);
        w->keep_going = true; /* mistakes in card and data files: the scripts are checked too */
    }
    /* the linted pack by the index pack_load gives (a --pack folder that is already
     * loaded, as a dependency or twice, adds no pack, so counting back from the end
     * could name another pack, or read before the array) */
    int top = w ? pack_load(w, dir, &e) : -1;
    bool loaded = top >= 0;
    /* each load's mistakes (a pack loaded with some, as keep_going allows, lists them) */
    if (!loaded || (w && w->load_errors.n)) load_failed(w, &e, errors, &unlisted);
    bool linted[MAX_PACKS] = {false}; /* the packs named (not the ones they depend on) */
    if (loaded) linted[top] = true;
    for (int i = 0; loaded && i < nextra; i++) {
        int k = pack_load(w, extra[i], &e);
        if (k < 0 || w->load_errors.n) load_failed(w, &e, errors, &unlisted);
        if (k < 0) loaded = false;
        else linted[k] = true;
    }
    Vm *vm = NULL;
    if (loaded) {
        card_warnings(w, linted, warnings);
        unread_warnings(w, linted, warnings);
        id = w->packs[top].id;
        vm = vm_lint(w, errors, warnings, &e);
        if (!vm) json_array_append_new(errors, error_obj(&e));
        for (int d = 0; d < w->ndefs; d++) {
            if (w->defs[d].removed) continue;
            const char *kind = names_str(&w->names, w->defs[d].kind);
            json_t *c = json_object_get(cards, kind);
            json_object_set_new(cards, kind, json_integer(c ? json_integer_value(c) + 1 : 1));
        }
        if (vm) scripts = vm_script_count(vm);
        /* a window kind in a card's play_in that the rules never configure is most
         * likely a typo, and would make the card unplayable without a word */
        /* (without the rules' windows, every card would be reported) */
        for (int d = 0; vm && vm_rules_ok(vm) && d < w->ndefs; d++) {
            const CardDef *cd = &w->defs[d];
            for (int k = 0; !cd->removed && k < cd->nplay_in; k++) {
                bool known = false;
                for (int i = 0; i < w->nwins; i++)
                    if (w->wins[i].kind == cd->play_in[k]) known = true;
                if (known) continue;
                char list[400] = "";
                for (int i = 0; i < w->nwins; i++) {
                    size_t n = strlen(list);
                    snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "",
                             names_str(&w->names, w->wins[i].kind));
                }
                err_at(&e, w->packs[cd->pack].dir, 0, 0,
                       "card '%s': play_in names the window '%s', which the rules do not "
                       "configure (windows: %s; a window kind the rules open without "
                       "configuring it needs an entry, even {}, in their windows table)",
                       names_str(&w->names, cd->id),
                       names_str(&w->names, cd->play_in[k]), list[0] ? list : "none");
                json_array_append_new(errors, error_obj(&e));
            }
        }
        /* a card without a script whose <id>.lua lies in its pack's folder (or one of
         * its subfolders): the script is looked for only in the "scripts" folder, so a
         * pack.json without one (or a file put beside pack.json instead) loads cleanly
         * and every play of the card fails with "has no script" in the games. A card of
         * a kind whose scripts the rules need (their `kinds`) was reported when the
         * scripts loaded. */
        for (int d = 0; d < w->ndefs; d++) {
            const CardDef *cd = &w->defs[d];
            if (cd->removed || cd->script || cd->script_lost || (vm && vm_kind_needs(vm, cd->kind))) continue;
            char why[1000];
            if (!world_no_script_why(w, d, why, sizeof why)) continue;
            err_at(&e, cd->file, world_def_line(w, d), 0, "card '%s' has no script: %s",
                   names_str(&w->names, cd->id), why);
            json_array_append_new(errors, error_obj(&e));
        }
        /* a game must be able to start at its smallest player count */
        if (vm && json_array_size(errors) == 0) {
            Game *g = game_new(w, 1, w->packs[0].min_players, NULL, &e);
            if (!g) {
                err_at(&e, dir, 0, 0, "cannot start a game: %s", e.msg);
                json_array_append_new(errors, error_obj(&e));
            } else {
                game_advance(g);
                if (g->nerrors) json_array_append_new(errors, error_obj(game_first_error(g)));
                if (g->fatal[0]) {
                    /* said alone, the game's stop did not say that lint had played it */
                    err_at(&e, dir, 0, 0, "a game of %d player%s (seed 1) stopped before its first question: %s",
                           w->packs[0].min_players, w->packs[0].min_players == 1 ? "" : "s", g->fatal);
                    json_array_append_new(errors, error_obj(&e));
                }
                game_free(g);
            }
        }
    }
    /* at most 50 of each listed; the entry that says how many are not is no error of its own */
    int wunlisted = 0;
    cap_list(errors, &unlisted, dir, "error");
    cap_list(warnings, &wunlisted, dir, "warning");
    size_t nerr = json_array_size(errors) + (unlisted ? (size_t)unlisted - 1 : 0);
    size_t nwarn = json_array_size(warnings) + (wunlisted ? (size_t)wunlisted - 1 : 0);
    /* the bots the packs define (bots.lua), by name */
    json_t *bots = json_array();
    for (int i = 0; vm && i < vm_bot_count(vm); i++) json_array_append_new(bots, json_string(vm_bot_name(vm, i)));
    if (as_json) {
        drop_unknown(errors);
        drop_unknown(warnings);
        /* nothing loaded (a pack.json that does not parse, a --pack folder that does
         * not load): no counts, which would read as a pack of no cards */
        json_t *out = loaded ? json_pack("{s:s, s:O, s:i, s:O, s:O}", "pack", id, "cards", cards, "scripts",
                                         scripts, "errors", errors, "warnings", warnings)
                             : json_pack("{s:s, s:O, s:O}", "pack", id, "errors", errors, "warnings", warnings);
        if (json_array_size(bots)) json_object_set(out, "bots", bots);
        char *t = json_dumps(out, JSON_INDENT(2));
        printf("%s\n", t ? t : "{}");
        free(t);
        json_decref(out);
    } else {
        printf("pack %s", id);
        if (loaded) {
            printf(" (%s %s)\n  cards:", w->packs[top].name, w->packs[top].version);
            const char *k;
            json_t *v;
            json_object_foreach(cards, k, v) printf(" %s %lld", k, (long long)json_integer_value(v));
            if (!json_object_size(cards)) printf(" none");
            printf("\n  scripts: %d\n", scripts);
        } else {
            printf(top >= 0 ? ": the packs linted with it did not all load, so nothing is counted\n"
                            : ": not loaded, so nothing is counted\n");
        }
        if (json_array_size(bots)) {
            printf("  bots:");
            size_t i;
            json_t *b;
            json_array_foreach(bots, i, b) printf(" %s", json_string_value(b));
            printf("\n");
        }
        print_list(errors, "error");
        print_list(warnings, "warning");
        printf("%zu error%s", nerr, nerr == 1 ? "" : "s");
        if (nwarn) printf(", %zu warning%s", nwarn, nwarn == 1 ? "" : "s");
        printf("\n");
    }
    vm_free(vm);
    world_free(w);
    json_decref(errors);
    json_decref(warnings);
    json_decref(cards);
    json_decref(bots);
    return nerr ? 1 : 0;
}
