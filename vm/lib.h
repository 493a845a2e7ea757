/* lib.h — what the files of the script API (vm/lib_*.c) share: argument checks that
 * name the function and the bad value, value conversions, and each module's table of
 * functions. Not seen outside vm/. Read next: lib_api.c. */
#ifndef TABULA_LIB_H
#define TABULA_LIB_H

#include "vmi.h"

World *lib_world(lua_State *L);
/* Raise "fname: <e's message>". */
int lib_fail(lua_State *L, const char *fname, const Err *e);
/* Raise "fname: <what>'<value, cut to 40 bytes>' is not <choices>". */
int lib_bad_choice(lua_State *L, const char *fname, const char *what, const char *value,
                   const char *choices);
/* Argument idx as a card (object index), a seat (0-based) or a zone (index); raise a
 * message naming fname otherwise. */
int32_t lib_card(lua_State *L, Game *g, int idx, const char *fname);
int lib_seat(lua_State *L, Game *g, int idx, const char *fname);
int32_t lib_zone(lua_State *L, Game *g, int idx, const char *fname);
/* A name argument: interned (at most 4,096 new names per action), or only looked up
 * (-1 when never used). */
int32_t lib_intern(lua_State *L, int idx, const char *fname, const char *what);
/* names_find for the string at idx, whose text s Lua owns (from lua_tolstring), through
 * a small cache. */
int32_t lib_names_find(lua_State *L, int idx, const char *s);
int32_t lib_find(lua_State *L, int idx, const char *fname, const char *what);
/* decide.amounts (lib_decide.c). */
int lib_decide_amounts(lua_State *L);
/* The `data` field of the option table at item (a designer's data for bots), if any, given
 * to the option added last as JSON text; raises naming fname and option opt when it is
 * not texts, integers, booleans and tables of them. False with e filled when out of
 * memory. */
bool lib_option_data(lua_State *L, Game *g, int item, const char *fname, int opt, Err *e);
/* Pushes field key of the options table at idx (nil when there is none). */
int lib_opt(lua_State *L, int idx, const char *key);
/* Replaces a read-only proxy at idx by the table behind it (for several lib_opt reads). */
void lib_opts(lua_State *L, int idx);
/* A duration argument ("until"): SCOPE_*, with *name set for a named scope. */
int lib_scope(lua_State *L, int idx, const char *fname, int32_t *name, bool effect);
void lib_push_prop(lua_State *L, Game *g, const Prop *p);
/* A Lua value as a property value: returns PV_*, *v the value or pool offset. */
int lib_read_value(lua_State *L, Game *g, int idx, const char *fname, int64_t *v);
void lib_push_json(lua_State *L, json_t *j, int depth);
/* A frozen Lua copy of j, built once and cached under key. */
void lib_push_cached_json(lua_State *L, const char *key, json_t *j);
/* game/seat/card .get/.set/.add on the entity's properties, key at kidx. */
int lib_prop_get(lua_State *L, Game *g, int ek, int32_t ent, int kidx, const char *fname);
int lib_prop_set(lua_State *L, Game *g, int ek, int32_t ent, int kidx, const char *fname);
int lib_prop_add(lua_State *L, Game *g, int ek, int32_t ent, int kidx, const char *fname);
/* A card definition argument (its id), as the definition index. */
int lib_def_arg(lua_State *L, int idx, const char *fname);
/* The frozen table {id, kind, name, text, count, data} of definition d. */
void lib_push_def_info(lua_State *L, int d);

/* Each module's functions, registered by api_open. */
extern const luaL_Reg lib_game_api[], lib_seat_api[];                      /* lib_game.c */
extern const luaL_Reg lib_zone_api[], lib_card_api[];                      /* lib_card.c */
extern const luaL_Reg lib_effect_api[], lib_event_api[], lib_window_api[], /* lib_flow.c */
    lib_decide_api[], lib_dice_api[], lib_rng_api[], lib_track_api[];
extern const luaL_Reg lib_supply_api[];                                    /* lib_supply.c */
extern const luaL_Reg lib_board_api[];                                     /* lib_board.c */

#endif
