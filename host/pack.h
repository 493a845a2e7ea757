/* pack.h — packs and the world that holds them.
 *
 * A pack is a folder with pack.json (id, name, version, api, depends, …), JSON data
 * (card definitions, setup tables, options) and Lua (rules.lua, card scripts). A World
 * is everything one worker loads once and shares between all its games: the packs, the
 * card definitions, the interned names, the rules configuration and the script host.
 * Read next: game.h. */
#ifndef TABULA_PACK_H
#define TABULA_PACK_H

#include <jansson.h>

#include "names.h"
#include "util.h"

#define TABULA_API 1
#define MAX_PACKS 16

typedef struct CardDef {
    int32_t id;            /* interned card id ("lair") */
    int32_t kind;          /* interned kind ("place") */
    int32_t back;          /* interned: what its back shows ("back" in its entry, else the kind) */
    char *name, *text;
    bool named;            /* its entry gives a name (else name is the id) */
    bool has_text;         /* its entry gives a text that is not blank */
    int count;
    int pack;              /* index of the pack that defines it */
    char *script;          /* path of its script, or NULL */
    char *file;            /* path of the card file that defines it */
    int entry;             /* index of its entry in that file's "cards" list */
    json_t *data;          /* borrowed from the pack's card file; free-form fields */
    int script_ref;        /* the script host's handle for the loaded script, or 0 */
    bool can_play;         /* its script has can_play: windows may offer it */
    bool on_play;          /* its script has on_play: run when it is played, before it waits or resolves */
    int8_t nplay_in;       /* -1: no "play_in" (every window asks can_play); else how many */
    int32_t play_in[8];    /* interned window kinds where windows ask its can_play */
    int removed;           /* removed by a later pack */
    bool script_lost;      /* its "script" names no file (an error said so; lint goes on) */
} CardDef;

typedef struct PackOption {
    char *key, *help;
    json_t *def;           /* default value (owned) */
    json_t *values;        /* allowed values or NULL (owned) */
} PackOption;

/* How people are shown a property (the pack's "show"): a label instead of its key, its
 * integer values named from a list, no log line for its changes (the scripts narrate
 * them), or not shown at all. Text for people only: the JSON view keeps keys and
 * values as they are. */
typedef struct PropShow {
    int32_t key;           /* interned property key */
    char *label;           /* shown instead of the key, or NULL */
    char *one;             /* the label for the value 1 ("{} round" beside "{} rounds"), or NULL */
    char *removed;         /* the log's words when the property is removed, or NULL */
    bool hide;             /* left out of the table and the log lines players read */
    bool quiet;            /* shown in the table, but its changes make no log line */
    json_t *names;         /* borrowed list of strings naming the values 1, 2, ... or NULL */
} PropShow;

/* How people are shown a zone (the pack's "show"/"zones"): a label instead of its name,
 * in the log and the REPL's table. The JSON view keeps the name and adds the label. */
typedef struct ZoneShow {
    int32_t name;          /* interned zone name */
    char *label;
} ZoneShow;

/* A field of a card's data shown beside its name where people read cards (the pack's
 * "show"/"cards": the REPL's option lists and table): `field` names a key of the
 * definition's "data", a dot reaching into an object ("cost.food"); `how` reads its
 * value as a property entry does (label, one, names; its key is -1); "zones", a list
 * of zone names, shows it only on cards in those zones (a market's prices, not the
 * hand's). */
typedef struct CardShow {
    char *field;
    PropShow how;
    int32_t *zones;        /* the zones (interned names) where it is shown, or NULL: all */
    int nzones;
} CardShow;

/* What the rules call a round (rules.lua's `rounds`), for `tabula sim`'s game lengths:
 * none (the game counts turns only); one turn; every seat once, a round beginning each
 * time the turn comes back round to the seat that had turn 1 (game_rounds). */
enum { ROUNDS_NONE = 0, ROUNDS_TURNS = 1, ROUNDS_SEATS = 2 };

typedef struct Pack {
    char *id, *name, *version, *dir;
    int api;
    char *rules;           /* path of rules.lua or NULL */
    char *scripts;         /* folder of card scripts or NULL */
    char **helpers;        /* paths of helper libraries, loaded before the cards */
    int nhelpers;
    char **depends;
    int ndepends;
    int min_players, max_players;
    bool owner_on_back;    /* "owner_on_back": a card's owner shows on its back (determinize.c) */
    json_t *manifest;      /* owned */
    json_t *cardfiles;     /* owned: array of the parsed card files */
    json_t *data;          /* owned: object of name -> parsed data file */
    PackOption *options;
    int noptions;
    PropShow *shows;
    int nshows;
    ZoneShow *zshows;
    int nzshows;
    CardShow *cshows;      /* show/cards, in the order written */
    int ncshows;
    uint64_t hash;         /* content hash of every file of the pack */
} Pack;

/* Window configuration, read from the rules' `windows` table. */
typedef struct WindowCfg {
    int32_t kind;
    int style;             /* WIN_IMMEDIATE / WIN_STACK / WIN_CHAIN */
    int trigger_order;     /* TRIG_SEAT / TRIG_ACTIVE_FIRST / TRIG_CHOOSE */
    int32_t role_first[4]; /* roles offered first (Dark Side first), -1 ends */
    int32_t play_zone;     /* game zone a played card moves to, -1: stays */
    int32_t play_fn;       /* script function a played card resolves ("play") */
    bool triggers_only;    /* nobody is offered a play; only triggers resolve */
    int32_t from[4];       /* names of the seat's zones whose cards may be played, -1
                              ends; none: every card the seat controls */
    bool always_ask;       /* a seat with nothing playable is still asked (pass only), so
                              nobody learns who holds a playable card */
} WindowCfg;
enum { TRIG_SEAT = 0, TRIG_ACTIVE_FIRST = 1, TRIG_CHOOSE = 2 };

typedef struct Step {
    int32_t name;
    int32_t skip_key;      /* interned "skip:<name>": the property game.skip sets */
    bool enter, leave;     /* the rules define the hook */
} Step;

/* A static listener of the rules: rules.lua's `on = { <kind> = "handler" }`. After every
 * event of that kind the rules' function `handler` runs as a trigger with no card and no
 * controller (see event_emit), for the whole game. */
typedef struct RulesListener {
    int32_t event;         /* interned event kind */
    int32_t handler;       /* interned name of a function of the rules table */
} RulesListener;

typedef struct ScriptOps ScriptOps;

/* The content errors pack_load found in a pack's card and data files, and its rules
 * file and scripts folder: every card of every card file is checked, so one run names
 * every mistake there (each with its file, line and column, and the card). At most
 * PACK_ERRORS_MAX are kept; `more` counts the others. Errors elsewhere (pack.json, a
 * dependency's manifest, memory) still stop at the first and are not listed here. */
#define PACK_ERRORS_MAX 50
typedef struct PackErrors {
    Err *list;             /* n of them, the first one first */
    int n;
    int more;              /* found past the cap, not kept */
} PackErrors;

typedef struct World {
    Names names;
    Pack packs[MAX_PACKS];
    int npacks;
    CardDef *defs;
    int ndefs, capdefs;    /* capdefs: room in defs (it grows by doubling) */
    /* rules configuration (filled by the script host when it loads the rules) */
    Step *steps;
    int nsteps;
    WindowCfg *wins;
    int nwins;
    RulesListener *listeners; /* the rules' `on`, by kind name then in the order listed */
    int nlisteners;
    bool rotate_active;    /* active seat moves on each turn */
    int rounds;            /* what a round is (rules.rounds): ROUNDS_NONE / _TURNS / _SEATS */
    int max_chain;         /* loop guards */
    int max_actions_turn;
    int max_turns;
    int max_chain_actions; /* resolutions one chain of triggers may take */
    int32_t hook_setup;    /* interned names the host calls */
    /* the Lua build, recorded in logs (filled by the script host) */
    char lua_release[64], lua_probe[64];
    /* one more folder of games where a dependency is looked for (the front end sets it
     * to the games folder beside the binary, so a pack outside the repository finds its
     * base game); empty for none */
    char games_root[1024];
    /* the errors of the last pack_load (pack_load's own comment) */
    PackErrors load_errors;
    /* lint sets keep_going: a pack whose card and data files have mistakes then still
     * loads (without what was wrong) and pack_load sets flawed, so that its scripts are
     * checked in the same run; such a world is for checking, never for a game */
    bool keep_going, flawed;
    /* the script host */
    const ScriptOps *ops;
    void *ops_ud;
    /* frequently used names */
    int32_t n_move, n_set, n_step, n_turn, n_dice, n_win, n_play, n_pass, n_error, n_print,
        n_shuffle, n_attach, n_destroy, n_track, n_flip, n_reveal, n_create, n_tap, n_control, n_reroll, n_visibility, n_owner, n_modify, n_active, n_role, n_zone, n_effect, n_extra, n_cancel, n_setup, n_triggers, n_enter, n_leave, n_ask, n_can_play, n_on_play;
    int32_t n_supply; /* the event of a counter supply's move (host/supply.h) */
} World;

/* Creates an empty world (names interned, no packs). NULL on allocation failure. */
World *world_new(void);
/* Frees the world and its packs (not the script host, which the caller owns). */
void world_free(World *w);

/* Loads the pack in folder `dir` and, first, every pack it depends on (looked up
 * beside it: ../<id>, then games/<id>, then <games_root>/<id>). Strict JSON: unknown keys, duplicate keys and
 * wrong types are errors with file, line and column; a dependency cycle is an error
 * naming it. Returns the pack index (of the pack already loaded, when one of that id
 * is) or -1. The mistakes of the card and data files do not stop the loading: each is
 * kept in w->load_errors (emptied first) and the pack fails at the end, with e the
 * first of them (its message saying how many more there are). After -1 the world may
 * only be freed, once its load_errors are read: a pack that failed part way may have
 * replaced or removed cards of the packs before it (every caller frees it). With
 * w->keep_going such a pack loads all the same, and w->flawed is set. */
int pack_load(World *w, const char *dir, Err *e);
/* Card definition index by id, or -1. */
int world_def(const World *w, const char *id);
/* The line of definition d's entry in its card file, 0 when unknown (reads the file:
 * for error messages, not for hot paths). */
int world_def_line(const World *w, int d);
int world_def_id(const World *w, int32_t id);
/* Why definition d has no script, for an error message: the likely mistake (its
 * <id>.lua in the pack folder or one of its subfolders, unread; a replacing card that
 * dropped the script of the card it replaces) and true, or what is missing (no
 * "scripts" folder, no <scripts>/<id>.lua, naming the .lua file there closest to the
 * id that is no card's id: a misspelt id?) and false. */
bool world_no_script_why(const World *w, int d, char *why, size_t n);
/* Whether dir is a folder with a pack.json; else false and e says which it is not, in
 * words the same for every command: "no such folder 'x'", "'x' is not a folder: ...",
 * "'x' is not a pack: it has no pack.json" (no file or line: the message names dir). */
bool pack_folder_check(const char *dir, Err *e);
/* For a script path that names no file: the .lua file of the same folder closest in name
 * (compared without ".lua", so "x" finds x.lua), as "name.lua" into out; false when none
 * is close (a third of the name's length at most, as Nearest judges). */
bool pack_script_nearest(const char *path, char *out, size_t n);
/* A folder of the pack folder dir (one level down) holding <id>.lua, its name into sub
 * (the first in name order); false when none does. */
bool pack_script_in_subfolder(const char *dir, const char *id, char *sub, size_t n);
/* For a dependency not found: the folder holding a pack.json, in one of the nroots
 * folders, whose name is closest to name (as Nearest judges), into out; false when none.
 * The folder self (the pack that names the dependency; NULL: none) is never offered. */
bool pack_folder_nearest(const char *const *roots, int nroots, const char *name, const char *self,
                         char *out, size_t n);
/* The .lua files of pack pi's scripts folder (not its subfolders; hidden files left out)
 * that no pack of w reads: no card entry of any card file names it ("script", or its id
 * by default), and it is no pack's helper, rules or bots.lua. Paths into *files, in name
 * order (*n of them; free with dir_list_free). Nothing when the pack has no scripts
 * folder or one of its card files did not load (which scripts its cards name is not
 * known). false (nothing) when memory ran out. */
bool pack_unread_scripts(const World *w, int pi, char ***files, size_t *n);
/* The card of pack pi without a script (none found, none named) whose id is closest to
 * id, as Nearest judges, or -1: whom an unread <id>.lua was likely meant for. */
int world_scriptless_nearest(const World *w, int pi, const char *id);
/* The data file `name` (without .json) of the packs, last pack first; borrowed or NULL. */
json_t *world_data(const World *w, const char *name);
/* The option declared by the packs, last pack first, or NULL. */
const PackOption *world_option(const World *w, const char *key);
/* Whether option o takes value v: one of its values when it lists them, else a value of
 * its default's type (true and false alike). */
bool option_accepts(const PackOption *o, const json_t *v);
/* The declared option key closest to key (a typo: edit distance at most a third of its
 * length, at least 1), or NULL. */
const char *world_option_nearest(const World *w, const char *key);

/* How the packs show property `key` (an interned name), last pack first, or NULL; a
 * track's parts that no pack names (<name>.min, .max, .goal, <name>@<mark>) are hidden
 * and not logged. */
const PropShow *world_prop_show(const World *w, int32_t key);
/* The label the packs give zones named `name` (interned), last pack first, or the name
 * itself. */
const char *world_zone_label(const World *w, int32_t name);
/* The i-th (from 0) card data field the packs show beside a card's name, or NULL past
 * the last: every pack's show/cards entries, first pack first, each in the order
 * written; a later pack's entry for a field replaces the earlier one in its place. */
const CardShow *world_card_show(const World *w, int i);
/* The value of cs's field in a definition's data (borrowed), or NULL when that data has
 * none there (or it is null). */
json_t *card_show_value(const CardShow *cs, json_t *data);
/* Whether show/cards entry cs is shown on a card in the zone named `zone` (interned;
 * -1: unknown, every entry is). */
bool card_show_in(const CardShow *cs, int32_t zone);
/* The name `ps` gives value v (its names list counts from 1), or NULL. */
const char *prop_show_name(const PropShow *ps, int64_t v);

/* Reads the JSON file at path, which must hold an object (duplicate keys refused), into
 * a new reference, its text into *text_out (the caller frees both). NULL with e at the
 * file, line and column of the mistake (a comma before a closing bracket gets a hint
 * saying JSON allows none; a file that holds no object is told `shape`, the object it
 * should hold, when shape is not NULL), or saying why the file could not be read. */
json_t *pack_json_load(const char *path, const char *shape, char **text_out, Err *e);
/* Finds the line and column of the value at `path` (keys and indices separated by
 * '/') in JSON text; false when not found. Used to place errors found after parsing. */
bool json_locate(const char *text, const char *path, int *line, int *col);
/* The first key of object obj not in allowed (NULL-terminated), or NULL; then list[n]
 * holds the allowed keys as "a, b, c" (for the message). */
const char *json_unknown_key(json_t *obj, const char *const *allowed, char *list, size_t n);

#endif
