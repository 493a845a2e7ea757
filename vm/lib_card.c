/* lib_card.c — the script API's `zone` and `card` modules: making and finding zones,
 * their cards and visibility; making, moving and reading cards, their properties, faces,
 * owners and controllers, reveals, attachments, and calling a card's script.
 * Shared checks are in lib_api.c (lib.h). */
#include <stdio.h>
#include <string.h>

#include "lib.h"

/* ---------------------------------------------------------------- zone ------------ */

static int l_zone_new(lua_State *L)
{
    Game *g = api_game(L);
    int32_t name = lib_intern(L, 1, "zone.new", "the zone name");
    int owner = -1, vis = VIS_PUBLIC, flags = 0;
    lib_opts(L, 2);
    if (lib_opt(L, 2, "owner") != LUA_TNIL) owner = lib_seat(L, g, lua_gettop(L), "zone.new");
    lua_pop(L, 1);
    if (lib_opt(L, 2, "visibility") != LUA_TNIL) {
        const char *v = lua_tostring(L, -1);
        if (!v) return luaL_error(L, "zone.new: visibility must be \"public\", \"owner\" or \"hidden\"");
        if (strcmp(v, "public") == 0) vis = VIS_PUBLIC;
        else if (strcmp(v, "owner") == 0) vis = VIS_OWNER;
        else if (strcmp(v, "hidden") == 0) vis = VIS_HIDDEN;
        else return lib_bad_choice(L, "zone.new", "visibility ", v, "\"public\", \"owner\" or \"hidden\"");
    }
    lua_pop(L, 1);
    lib_opt(L, 2, "in_play");
    if (lua_toboolean(L, -1)) flags |= ZONE_IN_PLAY;
    lua_pop(L, 1);
    int32_t sort = -1;
    if (lib_opt(L, 2, "sort") != LUA_TNIL) sort = lib_intern(L, lua_gettop(L), "zone.new", "sort (a key of card data)");
    lua_pop(L, 1);
    Err e;
    err_clear(&e);
    int32_t z = zone_new(g, name, owner, vis, flags, &e);
    if (z < 0 || (sort >= 0 && !zone_set_sort(g, z, sort, &e))) return lib_fail(L, "zone.new", &e);
    lua_pushinteger(L, z + 1);
    vm_of(L)->zone_seen = z + 1;
    return 1;
}

static int zone_lookup(lua_State *L, bool must)
{
    Game *g = api_game(L);
    const char *fname = must ? "zone.get" : "zone.find";
    const char *name = luaL_checkstring(L, 1);
    int owner = lua_isnoneornil(L, 2) ? -1 : lib_seat(L, g, 2, fname);
    int32_t n = lib_names_find(L, 1, name);
    int32_t z = n < 0 ? -1 : zone_find(g, n, owner);
    if (z < 0) {
        if (!must) return 0;
        /* the zones there are, by name (a misspelt "discrad" said only that it was not) */
        luaL_Buffer b;
        luaL_buffinit(L, &b);
        int k = 0;
        for (uint32_t i = 0; i < g->s.zones.len && k < 24; i++) {
            const Zone *zz = &S_ZONE(&g->s, i);
            if (zz->owner != owner) continue;
            luaL_addstring(&b, k++ ? ", " : "");
            luaL_addstring(&b, names_str(&g->w->names, zz->name));
        }
        luaL_pushresult(&b);
        const char *have = lua_tostring(L, -1);
        if (owner < 0)
            return luaL_error(L, "zone.get: no game zone '%s' (game zones: %s; a seat's zone needs the seat)", name,
                              k ? have : "none");
        return luaL_error(L, "zone.get: seat %d has no zone '%s' (its zones: %s)", owner + 1, name, k ? have : "none");
    }
    lua_pushinteger(L, z + 1);
    vm_of(L)->zone_seen = z + 1;
    return 1;
}

static int l_zone_get(lua_State *L) { return zone_lookup(L, true); }
static int l_zone_find(lua_State *L) { return zone_lookup(L, false); }

/* zone.list(seat): the zones of seat (the game's zones without one), in the order they
 * were made. */
static int l_zone_list(lua_State *L)
{
    Game *g = api_game(L);
    int owner = lua_isnoneornil(L, 1) ? -1 : lib_seat(L, g, 1, "zone.list");
    vm_charge(L, (long)g->s.zones.len + 1);
    lua_newtable(L);
    int k = 0;
    for (uint32_t i = 0; i < g->s.zones.len; i++) {
        if (S_ZONE(&g->s, i).owner != owner) continue;
        lua_pushinteger(L, (lua_Integer)i + 1);
        lua_rawseti(L, -2, ++k);
    }
    return 1;
}

static int l_zone_cards(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = lib_zone(L, g, 1, "zone.cards");
    const Zone *zz = &S_ZONE(&g->s, z);
    vm_charge(L, zz->count + 1);
    lua_createtable(L, zz->count, 0);
    int i = 0;
    for (int32_t o = zz->head; o >= 0; o = S_OBJ(&g->s, o).next) {
        lua_pushinteger(L, obj_handle(g, o));
        lua_rawseti(L, -2, ++i);
    }
    return 1;
}

static int l_zone_count(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = lib_zone(L, g, 1, "zone.count");
    lua_pushinteger(L, S_ZONE(&g->s, z).count);
    return 1;
}

static int l_zone_at(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = lib_zone(L, g, 1, "zone.at");
    lua_Integer i = luaL_optinteger(L, 2, 1);
    if (i < -100000 || i > 100000 || i == 0) return luaL_error(L, "zone.at: position must be 1..n or -1..-n");
    int32_t o = zone_at(g, z, (int)(i > 0 ? i - 1 : i));
    if (o < 0) return 0;
    lua_pushinteger(L, obj_handle(g, o));
    return 1;
}

static int l_zone_shuffle(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = lib_zone(L, g, 1, "zone.shuffle");
    Err e;
    err_clear(&e);
    if (!zone_shuffle(g, z, &e)) return lib_fail(L, "zone.shuffle", &e);
    return 0;
}

/* zone.set_visibility(z, vis, hide_from): vis "public"/"owner"/"hidden" or nil to keep
 * it; hide_from a list of seats from whom the cards are hidden anyway ({} or nil: none). */
static int l_zone_set_visibility(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = lib_zone(L, g, 1, "zone.set_visibility");
    int vis = -1;
    if (!lua_isnoneornil(L, 2)) {
        const char *v = luaL_checkstring(L, 2);
        if (strcmp(v, "public") == 0) vis = VIS_PUBLIC;
        else if (strcmp(v, "owner") == 0) vis = VIS_OWNER;
        else if (strcmp(v, "hidden") == 0) vis = VIS_HIDDEN;
        else return lib_bad_choice(L, "zone.set_visibility", "", v, "\"public\", \"owner\" or \"hidden\"");
    }
    uint32_t hide = 0;
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        lua_Integer n = luaL_len(L, 3);
        for (lua_Integer i = 1; i <= n && i <= MAX_SEATS; i++) {
            lua_geti(L, 3, i);
            hide |= 1u << lib_seat(L, g, lua_gettop(L), "zone.set_visibility");
            lua_pop(L, 1);
        }
    }
    Err e;
    err_clear(&e);
    if (!zone_set_visibility(g, z, vis, hide, &e)) return lib_fail(L, "zone.set_visibility", &e);
    return 0;
}

static int l_zone_name(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = lib_zone(L, g, 1, "zone.name");
    lua_pushstring(L, names_str(&g->w->names, S_ZONE(&g->s, z).name));
    return 1;
}

/* zone.prop / zone.set / zone.add: a zone's properties (ENT_ZONE), as card.get/set/add
 * a card's ("searched" on a room, "exhausted" on a deck). zone.get finds a zone by name,
 * so reading one is zone.prop. */
static int l_zone_prop(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = lib_zone(L, g, 1, "zone.prop");
    return lib_prop_get(L, g, ENT_ZONE, z, 2, "zone.prop");
}

static int l_zone_set(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = lib_zone(L, g, 1, "zone.set");
    return lib_prop_set(L, g, ENT_ZONE, z, 2, "zone.set");
}

static int l_zone_add(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = lib_zone(L, g, 1, "zone.add");
    return lib_prop_add(L, g, ENT_ZONE, z, 2, "zone.add");
}

/* zone.label(z): the zone's name as people read it (the packs' show/zones label). */
static int l_zone_label(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = lib_zone(L, g, 1, "zone.label");
    lua_pushstring(L, world_zone_label(g->w, S_ZONE(&g->s, z).name));
    return 1;
}

static int l_zone_owner(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = lib_zone(L, g, 1, "zone.owner");
    int o = S_ZONE(&g->s, z).owner;
    if (o < 0) return 0;
    lua_pushinteger(L, o + 1);
    return 1;
}

static int l_zone_search(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = lib_zone(L, g, 1, "zone.search");
    int32_t id = -1, kind = -1;
    if (!lua_isnoneornil(L, 2)) {
        int d = lib_def_arg(L, 2, "zone.search");
        id = g->w->defs[d].id;
    }
    vm_charge(L, S_ZONE(&g->s, z).count + 1);
    bool by_kind = !lua_isnoneornil(L, 3);
    if (by_kind) kind = names_find(&g->w->names, luaL_checkstring(L, 3));
    lua_newtable(L);
    int n = 0;
    for (int32_t o = S_ZONE(&g->s, z).head; o >= 0; o = S_OBJ(&g->s, o).next) {
        const CardDef *d = &g->w->defs[S_OBJ(&g->s, o).def];
        if (id >= 0 && d->id != id) continue;
        if (by_kind && d->kind != kind) continue;
        lua_pushinteger(L, obj_handle(g, o));
        lua_rawseti(L, -2, ++n);
    }
    return 1;
}

static int move_common(lua_State *L, Game *g, int32_t o, int32_t z, int pos, int face, const char *fname)
{
    Err e;
    err_clear(&e);
    if (!obj_move(g, o, z, pos, face, &e)) return lib_fail(L, fname, &e);
    lua_pushinteger(L, obj_handle(g, o));
    return 1;
}

/* The `pos` option of card.move and zone.draw, on the top of the stack (popped): 0 the
 * top, -1 the bottom (also for nil), k - 1 for the position k. */
static int pos_arg(lua_State *L, const char *fname)
{
    int pos = -1;
    if (lua_type(L, -1) == LUA_TSTRING) {
        const char *p = lua_tostring(L, -1);
        if (strcmp(p, "top") == 0) pos = 0;
        else if (strcmp(p, "bottom") == 0) pos = -1;
        else return lib_bad_choice(L, fname, "pos ", p, "\"top\", \"bottom\" or a number");
    } else if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 && lua_tointeger(L, -1) <= 100000) {
        pos = (int)lua_tointeger(L, -1) - 1;
    } else if (!lua_isnil(L, -1)) {
        return luaL_error(L, "%s: pos must be \"top\", \"bottom\" or 1..n", fname);
    }
    lua_pop(L, 1);
    return pos;
}

static int l_zone_draw(lua_State *L)
{
    Game *g = api_game(L);
    int32_t from = lib_zone(L, g, 1, "zone.draw");
    int32_t to = lib_zone(L, g, 2, "zone.draw");
    lua_Integer n = luaL_optinteger(L, 3, 1);
    if (n < 0 || n > 10000) return luaL_error(L, "zone.draw: count %I is not in 0..10000", (LUAI_UACINT)n);
    lib_opts(L, 4);
    lib_opt(L, 4, "pos");
    int pos = pos_arg(L, "zone.draw");
    lua_newtable(L);
    for (lua_Integer i = 1; i <= n; i++) {
        int32_t o = S_ZONE(&g->s, from).head;
        if (o < 0) break;
        /* the drawn cards keep their order: the first at pos, the next below it */
        move_common(L, g, o, to, pos < 0 ? -1 : pos + (int)(i - 1), 0, "zone.draw");
        lua_rawseti(L, -2, i);
    }
    return 1;
}

/* Card o is shown to the seats of `to` (it is known to them from now on): the event
 * names the card to them and to the seats that see it where it is (its owner's hand),
 * and says where it was (c), so the log reads "Lair (hand of seat 2) shown to seat 1"
 * and the other seats read "a card (hand of seat 2) shown to seat 1". */
static bool reveal_event(Game *g, int32_t o, uint32_t to, Err *e)
{
    uint32_t all = (1u << g->s.h.nseats) - 1u;
    /* shown to every seat: spectators see it too */
    uint32_t sees = to | obj_mask(g, o) | ((to & all) == all ? 1u << 31 : 0u);
    return event_emit(g, g->w->n_reveal, o, (int32_t)to, S_OBJ(&g->s, o).zone, S_OBJ(&g->s, o).def,
                      sees, NULL, e);
}

static int l_zone_peek(lua_State *L)
{
    Game *g = api_game(L);
    int32_t z = lib_zone(L, g, 1, "zone.peek");
    lua_Integer n = luaL_checkinteger(L, 2);
    int seat = lib_seat(L, g, 3, "zone.peek");
    if (g->readonly) return luaL_error(L, "zone.peek: not in a read-only query");
    lua_newtable(L);
    int i = 0;
    Err e;
    err_clear(&e);
    for (int32_t o = S_ZONE(&g->s, z).head; o >= 0 && i < n; o = S_OBJ(&g->s, o).next) {
        S_OBJ(&g->s, o).known |= 1u << seat;
        /* what the seat now knows is a change like card.reveal's, and so an event */
        if (!reveal_event(g, o, 1u << seat, &e)) return lib_fail(L, "zone.peek", &e);
        lua_pushinteger(L, obj_handle(g, o));
        lua_rawseti(L, -2, ++i);
    }
    return 1;
}

/* ---------------------------------------------------------------- card ------------ */

static int l_card_new(lua_State *L)
{
    Game *g = api_game(L);
    int d = lib_def_arg(L, 1, "card.new");
    int32_t z = lib_zone(L, g, 2, "card.new");
    int owner = lua_isnoneornil(L, 3) ? S_ZONE(&g->s, z).owner : lib_seat(L, g, 3, "card.new");
    Err e;
    err_clear(&e);
    int32_t o = obj_new(g, d, z, owner, &e);
    if (o < 0) return lib_fail(L, "card.new", &e);
    lua_pushinteger(L, obj_handle(g, o));
    return 1;
}

static int l_card_move(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.move");
    int32_t z = lib_zone(L, g, 2, "card.move");
    int face = -1;
    lib_opts(L, 3);
    lib_opt(L, 3, "pos");
    int pos = pos_arg(L, "card.move");
    if (lib_opt(L, 3, "face") != LUA_TNIL) {
        const char *f = lua_tostring(L, -1);
        if (f && strcmp(f, "up") == 0) face = 0;
        else if (f && strcmp(f, "down") == 0) face = 1;
        else return luaL_error(L, "card.move: face must be \"up\" or \"down\"");
    }
    lua_pop(L, 1);
    return move_common(L, g, o, z, pos, face, "card.move");
}

/* card.position(c): where c lies in its zone, 1 the top (zone.at(card.zone(c), k) is c);
 * nil for a card attached to another. */
static int l_card_position(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.position");
    int k = obj_position(g, o);
    if (k > 0) lua_pushinteger(L, k);
    else lua_pushnil(L);
    return 1;
}

static int l_card_destroy(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.destroy");
    Err e;
    err_clear(&e);
    if (!obj_destroy(g, o, &e)) return lib_fail(L, "card.destroy", &e);
    return 0;
}

static int l_card_valid(lua_State *L)
{
    Game *g = api_game(L);
    lua_pushboolean(L, lua_isinteger(L, 1) && obj_from_handle(g, lua_tointeger(L, 1)) >= 0);
    return 1;
}

static int l_card_id(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.id");
    lua_pushstring(L, names_str(&g->w->names, g->w->defs[S_OBJ(&g->s, o).def].id));
    return 1;
}

static int l_card_is(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.is");
    const char *id = luaL_checkstring(L, 2);
    lua_pushboolean(L, strcmp(names_str(&g->w->names, g->w->defs[S_OBJ(&g->s, o).def].id), id) == 0);
    return 1;
}

static int l_card_name(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.name");
    lua_pushstring(L, g->w->defs[S_OBJ(&g->s, o).def].name);
    return 1;
}

static int l_card_kind(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.kind");
    lua_pushstring(L, names_str(&g->w->names, g->w->defs[S_OBJ(&g->s, o).def].kind));
    return 1;
}

static int l_card_info(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.info");
    lib_push_def_info(L, S_OBJ(&g->s, o).def);
    return 1;
}

static int l_card_owner(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.owner");
    int s = S_OBJ(&g->s, o).owner;
    if (s < 0) return 0;
    lua_pushinteger(L, s + 1);
    return 1;
}

static int l_card_set_owner(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.set_owner");
    int s = lib_seat(L, g, 2, "card.set_owner");
    Err e;
    err_clear(&e);
    if (!obj_set_owner(g, o, s, &e)) return lib_fail(L, "card.set_owner", &e);
    return 0;
}

static int l_card_controller(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.controller");
    int s = S_OBJ(&g->s, o).controller;
    if (s < 0) return 0;
    lua_pushinteger(L, s + 1);
    return 1;
}

static int l_card_set_controller(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.set_controller");
    int s = lib_seat(L, g, 2, "card.set_controller");
    if (g->readonly) return luaL_error(L, "card.set_controller: not in a read-only query");
    if (S_OBJ(&g->s, o).controller == s) return 0;
    S_OBJ(&g->s, o).controller = (int8_t)s;
    Err e;
    err_clear(&e);
    if (!event_emit(g, g->w->n_control, o, s, 0, S_OBJ(&g->s, o).def, obj_mask(g, o), NULL, &e))
        return lib_fail(L, "card.set_controller", &e);
    return 0;
}

static int l_card_zone(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.zone");
    int32_t z = S_OBJ(&g->s, o).zone;
    if (z < 0) return 0;
    lua_pushinteger(L, z + 1);
    vm_of(L)->zone_seen = z + 1;
    return 1;
}

static int l_card_flip(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.flip");
    const char *f = luaL_checkstring(L, 2);
    if (strcmp(f, "up") != 0 && strcmp(f, "down") != 0)
        return luaL_error(L, "card.flip: face must be \"up\" or \"down\"");
    if (g->readonly) return luaL_error(L, "card.flip: not in a read-only query");
    Obj *ob = &S_OBJ(&g->s, o);
    if (ob->face_down == (f[0] == 'd')) return 0;
    ob->face_down = f[0] == 'd';
    if (ob->face_down) ob->known = ob->owner >= 0 ? 1u << ob->owner : 0;
    /* the identity goes to those who see the card now (turned up: everyone who sees its
     * zone; turned down: only who still knows it) */
    uint32_t mask = obj_mask(g, o);
    Err e;
    err_clear(&e);
    if (!event_emit(g, g->w->n_flip, o, ob->face_down, 0, ob->def, mask, NULL, &e)) return lib_fail(L, "card.flip", &e);
    return 0;
}

static int l_card_face_down(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.face_down");
    lua_pushboolean(L, S_OBJ(&g->s, o).face_down);
    return 1;
}

static int tap_common(lua_State *L, int v, const char *fname)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, fname);
    if (g->readonly) return luaL_error(L, "%s: not in a read-only query", fname);
    if (S_OBJ(&g->s, o).tapped == v) return 0;
    S_OBJ(&g->s, o).tapped = (uint8_t)v;
    Err e;
    err_clear(&e);
    if (!event_emit(g, g->w->n_tap, o, v, 0, S_OBJ(&g->s, o).def, obj_mask(g, o), NULL, &e)) return lib_fail(L, fname, &e);
    return 0;
}

static int l_card_tap(lua_State *L) { return tap_common(L, 1, "card.tap"); }
static int l_card_untap(lua_State *L) { return tap_common(L, 0, "card.untap"); }

static int l_card_tapped(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.tapped");
    lua_pushboolean(L, S_OBJ(&g->s, o).tapped);
    return 1;
}

static int l_card_get(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.get");
    return lib_prop_get(L, g, ENT_OBJ, o, 2, "card.get");
}

static int l_card_set(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.set");
    return lib_prop_set(L, g, ENT_OBJ, o, 2, "card.set");
}

static int l_card_add(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.add");
    return lib_prop_add(L, g, ENT_OBJ, o, 2, "card.add");
}

static int l_card_reveal(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.reveal");
    if (g->readonly) return luaL_error(L, "card.reveal: not in a read-only query");
    uint32_t mask = 0;
    if (lua_isnoneornil(L, 2)) {
        mask = (1u << g->s.h.nseats) - 1;
    } else if (lua_istable(L, 2)) {
        lua_Integer n = luaL_len(L, 2);
        for (lua_Integer i = 1; i <= n && i <= MAX_SEATS; i++) {
            lua_geti(L, 2, i);
            mask |= 1u << lib_seat(L, g, lua_gettop(L), "card.reveal");
            lua_pop(L, 1);
        }
    } else {
        mask = 1u << lib_seat(L, g, 2, "card.reveal");
    }
    S_OBJ(&g->s, o).known |= mask;
    Err e;
    err_clear(&e);
    if (!reveal_event(g, o, mask, &e)) return lib_fail(L, "card.reveal", &e);
    return 0;
}

static int l_card_visible(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.visible");
    int s = lib_seat(L, g, 2, "card.visible");
    lua_pushboolean(L, obj_visible(g, o, s));
    return 1;
}

static int l_card_attach(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.attach");
    int32_t t = lib_card(L, g, 2, "card.attach");
    Err e;
    err_clear(&e);
    if (!obj_attach(g, o, t, &e)) return lib_fail(L, "card.attach", &e);
    lua_pushinteger(L, obj_handle(g, o));
    return 1;
}

static int l_card_attached(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.attached");
    vm_charge(L, (long)(g->s.objs.len / 8) + 1);
    lua_newtable(L);
    int n = 0;
    for (uint32_t i = 0; i < g->s.objs.len; i++)
        if (S_OBJ(&g->s, i).alive && S_OBJ(&g->s, i).attached == o) {
            lua_pushinteger(L, obj_handle(g, (int32_t)i));
            lua_rawseti(L, -2, ++n);
        }
    return 1;
}

static int call_k(lua_State *L, int status, lua_KContext prev)
{
    Vm *vm = vm_of(L);
    /* prev packs the caller's card definition and object: the current card goes back
     * to the caller's whether the called function returned or raised */
    vm->cur_def = (int)((prev >> 32) & 0xffffffff) - 1;
    vm->cur_obj = (int32_t)(prev & 0xffffffff) - 1;
    if (status != LUA_OK && status != LUA_YIELD) return lua_error(L);
    return lua_gettop(L) - 3;
}

/* card.call(c, fn, extra): runs function fn of c's script now, with ctx = extra plus
 * card and seat (the controller unless extra.seat says otherwise). Questions it asks
 * suspend the whole action as usual. */
/* Pushes field fn (the string at stack index idx) of card o's script, which has one;
 * returns its type. */
static int push_script_field(lua_State *L, Game *g, int32_t o, int idx, const char *fn)
{
    const CardDef *d = &g->w->defs[S_OBJ(&g->s, o).def];
    /* a name never interned cannot be cached by its id: read the script itself */
    int32_t fid = lib_names_find(L, idx, fn);
    if (fid >= 0) return vm_script_field(L, S_OBJ(&g->s, o).def, fid);
    lua_rawgeti(L, LUA_REGISTRYINDEX, d->script_ref);
    int t = vm_rawfield(L, -1, fn);
    lua_remove(L, -2);
    return t;
}

/* card.has(c, fn): whether c's script gives a function fn (false for a card without a
 * script), so a rule can ask a card for a power it may not have without card.call
 * raising. */
static int l_card_has(lua_State *L)
{
    Game *g = api_game(L);
    int32_t o = lib_card(L, g, 1, "card.has");
    const char *fn = luaL_checkstring(L, 2);
    bool has = false;
    if (g->w->defs[S_OBJ(&g->s, o).def].script_ref) {
        has = push_script_field(L, g, o, 2, fn) == LUA_TFUNCTION;
        lua_pop(L, 1);
    }
    lua_pushboolean(L, has);
    return 1;
}

static int l_card_call(lua_State *L)
{
    Game *g = api_game(L);
    Vm *vm = vm_of(L);
    int32_t o = lib_card(L, g, 1, "card.call");
    const char *fn = luaL_checkstring(L, 2);
    if (!lua_isnoneornil(L, 3)) luaL_checktype(L, 3, LUA_TTABLE);
    lua_settop(L, 3);
    const CardDef *d = &g->w->defs[S_OBJ(&g->s, o).def];
    if (!d->script_ref) return luaL_error(L, "card.call: card '%s' has no script", d->name);
    int t = push_script_field(L, g, o, 2, fn);
    if (t != LUA_TFUNCTION)
        return luaL_error(L, "card.call: card '%s' has no function '%s'", d->name, fn);
    /* room for the caller's few fields and card, seat, turn: no rehash while filling */
    lua_createtable(L, 0, 8);
    if (lua_istable(L, 3)) {
        int src = 3;
        if (sandbox_proxy_target(L, 3)) src = lua_gettop(L);
        lua_pushnil(L);
        while (lua_next(L, src)) {
            if (lua_type(L, -2) == LUA_TSTRING) {
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_rawset(L, src == 3 ? -4 : -5);
            } else {
                lua_pop(L, 1);
            }
        }
        if (src != 3) lua_pop(L, 1);
    }
    lua_pushinteger(L, obj_handle(g, o));
    lua_setfield(L, -2, "card");
    if (lua_getfield(L, -1, "seat") == LUA_TNIL && S_OBJ(&g->s, o).controller >= 0) {
        lua_pushinteger(L, S_OBJ(&g->s, o).controller + 1);
        lua_setfield(L, -3, "seat");
    }
    lua_pop(L, 1);
    lua_pushinteger(L, g->s.h.turn);
    lua_setfield(L, -2, "turn");
    lua_KContext prev = (lua_KContext)(((int64_t)(vm->cur_def + 1) << 32) | (uint32_t)(vm->cur_obj + 1));
    vm->cur_def = S_OBJ(&g->s, o).def;
    vm->cur_obj = o;
    lua_callk(L, 1, LUA_MULTRET, prev, call_k);
    return call_k(L, LUA_OK, prev);
}

const luaL_Reg lib_zone_api[] = {
    {"new", l_zone_new},     {"get", l_zone_get},       {"find", l_zone_find},     {"list", l_zone_list}, {"label", l_zone_label}, {"prop", l_zone_prop}, {"set", l_zone_set}, {"add", l_zone_add},
    {"cards", l_zone_cards}, {"count", l_zone_count},   {"at", l_zone_at},
    {"shuffle", l_zone_shuffle}, {"name", l_zone_name}, {"owner", l_zone_owner},
    {"search", l_zone_search}, {"draw", l_zone_draw},   {"peek", l_zone_peek},
    {"set_visibility", l_zone_set_visibility},
    {NULL, NULL}};

const luaL_Reg lib_card_api[] = {
    {"new", l_card_new},         {"move", l_card_move},       {"destroy", l_card_destroy},
    {"valid", l_card_valid},     {"id", l_card_id},           {"is", l_card_is},
    {"name", l_card_name},       {"kind", l_card_kind},       {"info", l_card_info},
    {"owner", l_card_owner},     {"set_owner", l_card_set_owner},
    {"controller", l_card_controller},
    {"set_controller", l_card_set_controller}, {"zone", l_card_zone},
    {"flip", l_card_flip},       {"face_down", l_card_face_down}, {"tap", l_card_tap},
    {"untap", l_card_untap},     {"tapped", l_card_tapped},   {"get", l_card_get},
    {"set", l_card_set},         {"add", l_card_add},         {"reveal", l_card_reveal},
    {"visible", l_card_visible}, {"attach", l_card_attach},   {"attached", l_card_attached},
    {"call", l_card_call}, {"has", l_card_has},
    {"position", l_card_position},
    {NULL, NULL}};
