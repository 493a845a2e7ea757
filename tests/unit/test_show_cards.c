/* test_show_cards.c — unit tests of pack.json's "show"/"cards": the card data fields
 * shown beside a card's name (world_card_show, card_show_value), how an expansion's
 * entries merge with its base's, and the loader's errors. What the REPL prints from
 * them is the golden tests/repl/golden/scavenge-cards. */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "t.h"
#include "test_sandbox.h"

static const char *CARDS =
    "{\"cards\": [{\"id\": \"thug\", \"kind\": \"merc\", \"data\": {\"fight\": 3, \"cost\": {\"food\": 3}}},\n"
    "            {\"id\": \"rock\", \"kind\": \"junk\", \"data\": {\"fight\": null}}]}";

/* A world of one pack: manifest m with the cards above; NULL, the failure reported,
 * when it does not load. */
static World *shown_world(const char *m)
{
    World *w = world_new();
    Err e;
    err_clear(&e);
    const char *dir = t_temp_pack(m, CARDS);
    bool ok = w && pack_load(w, dir, &e) == 0;
    sb_tmp_rm(dir);
    if (!ok) {
        t_fail(__FILE__, __LINE__, "the pack does not load: %s", e.msg);
        world_free(w);
        return NULL;
    }
    return w;
}

/* The fields, in the order written; a dotted field reaches into an object; a field the
 * data has not (or holds null) has no value. */
TEST(show_cards_lists_fields_in_order_and_reads_dotted_paths)
{
    const char *m = "{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", \"cards\": [\"cards.json\"],\n"
                    " \"show\": {\"names\": {\"n\": [\"one\", \"two\", \"three\"]},\n"
                    "  \"cards\": {\"fight\": {\"label\": \"fight {}\", \"names\": \"n\"}, \"cost.food\": {\"one\": \"{} food\"},\n"
                    "   \"cost.gold\": {}}}}";
    World *w = shown_world(m);
    if (!w) return;
    const CardShow *f = world_card_show(w, 0), *c = world_card_show(w, 1), *g = world_card_show(w, 2);
    CHECK(f && strcmp(f->field, "fight") == 0 && f->how.label && strcmp(f->how.label, "fight {}") == 0);
    CHECK(f && json_array_size(f->how.names) == 3);
    CHECK(c && strcmp(c->field, "cost.food") == 0 && c->how.label == NULL && strcmp(c->how.one, "{} food") == 0);
    CHECK(g && strcmp(g->field, "cost.gold") == 0);
    CHECK(world_card_show(w, 3) == NULL);
    int thug = world_def(w, "thug"), rock = world_def(w, "rock");
    if (f && c && g && thug >= 0 && rock >= 0) {
        CHECK_INT(json_integer_value(card_show_value(f, w->defs[thug].data)), 3);
        CHECK_INT(json_integer_value(card_show_value(c, w->defs[thug].data)), 3);
        CHECK(card_show_value(g, w->defs[thug].data) == NULL);  /* no gold in the cost */
        CHECK(card_show_value(f, w->defs[rock].data) == NULL);  /* null */
        CHECK(card_show_value(c, w->defs[rock].data) == NULL);  /* no cost */
    }
    world_free(w);
}

/* "zones": a field shown only on cards in the zones listed (a market's prices); without
 * it, or where the zone is unknown (-1), everywhere. */
TEST(show_cards_zones_limit_where_a_field_shows)
{
    const char *m = "{\"id\": \"t\", \"version\": \"1\", \"api\": 1, \"rules\": \"rules.lua\", \"cards\": [\"cards.json\"],\n"
                    " \"show\": {\"cards\": {\"fight\": {}, \"cost.food\": {\"zones\": [\"market\", \"offer\"]}}}}";
    World *w = shown_world(m);
    if (!w) return;
    const CardShow *f = world_card_show(w, 0), *c = world_card_show(w, 1);
    int32_t market = names_find(&w->names, "market"), offer = names_find(&w->names, "offer");
    int32_t hand = names_intern(&w->names, "hand");
    CHECK(market >= 0 && offer >= 0 && hand >= 0);
    if (f && c) {
        CHECK(card_show_in(f, market) && card_show_in(f, hand) && card_show_in(f, -1));
        CHECK(card_show_in(c, market) && card_show_in(c, offer));
        CHECK(!card_show_in(c, hand));
        CHECK(card_show_in(c, -1));
    }
    world_free(w);
}

/* An expansion's entry for a field the base shows replaces it in its place; a new
 * field comes after the base's. */
TEST(show_cards_of_an_expansion_replace_in_place_and_add_after)
{
    char base[100], exp[128], p[300];
    snprintf(base, sizeof base, "/tmp/tabula-showcards-%d", (int)getpid());
    snprintf(exp, sizeof exp, "%s/exp", base);
    mkdir(base, 0700);
    mkdir(exp, 0700);
    snprintf(p, sizeof p, "%s/pack.json", base);
    t_write_file(p, "{\"id\": \"base\", \"version\": \"1\", \"api\": 1, \"cards\": [\"cards.json\"],\n"
                    " \"show\": {\"cards\": {\"fight\": {\"label\": \"fight {}\"}, \"cost.food\": {}}}}");
    snprintf(p, sizeof p, "%s/cards.json", base);
    t_write_file(p, CARDS);
    snprintf(p, sizeof p, "%s/pack.json", exp);
    t_write_file(p, "{\"id\": \"exp\", \"version\": \"1\", \"api\": 1, \"depends\": [{\"id\": \"base\", \"path\": \"..\"}],\n"
                    " \"show\": {\"cards\": {\"power\": {}, \"fight\": {\"label\": \"{} strength\"}}}}");
    World *w = world_new();
    Err e;
    err_clear(&e);
    CHECK_MSG(pack_load(w, exp, &e) >= 0, "%s", e.msg);
    const char *want[] = {"fight", "cost.food", "power"};
    for (int i = 0; i < 3; i++) {
        const CardShow *cs = world_card_show(w, i);
        CHECK_MSG(cs && strcmp(cs->field, want[i]) == 0, "field %d: %s, expected %s", i, cs ? cs->field : "none",
                  want[i]);
    }
    const CardShow *f = world_card_show(w, 0);
    CHECK(f && f->how.label && strcmp(f->how.label, "{} strength") == 0);
    CHECK(world_card_show(w, 3) == NULL);
    world_free(w);
    snprintf(p, sizeof p, "%s/pack.json", exp);
    remove(p);
    rmdir(exp);
    sb_tmp_rm(base);
}

static void cards_error(const char *cards, const char *want)
{
    char m[600];
    snprintf(m, sizeof m, "{\"id\": \"t\", \"version\": \"1\", \"api\": 1,\n \"show\": {\"cards\": %s}}", cards);
    World *w = world_new();
    Err e;
    err_clear(&e);
    const char *dir = t_temp_pack(m, NULL);
    CHECK_MSG(pack_load(w, dir, &e) < 0, "loaded: %s", cards);
    sb_tmp_rm(dir);
    CHECK_CONTAINS(e.msg, want);
    CHECK_MSG(e.line == 2, "line %d (%s)", e.line, e.msg);
    world_free(w);
}

TEST(show_cards_errors_name_the_field_and_the_mistake)
{
    cards_error("[\"cost\"]", "'cards' must be an object of card data fields");
    cards_error("{\"cost\": 1}", "'cost' must be an object");
    cards_error("{\"cost\": {\"hide\": true}}", "unknown key 'hide'");
    cards_error("{\"cost..food\": {}}", "a card data field has 1 to 100 characters, dots only between its parts");
    cards_error("{\".cost\": {}}", "dots only between its parts");
    cards_error("{\"cost\": {\"label\": \"\"}}", "'cost': a label has 1 to 100 characters");
    cards_error("{\"cost\": {\"one\": 2}}", "'one'");
    cards_error("{\"cost\": {\"names\": \"nope\"}}", "no names list 'nope'");
    cards_error("{\"cost\": {\"names\": [\"a\"]}}", "not the list itself");
    cards_error("{\"cost\": {\"zones\": \"market\"}}", "'cost': 'zones' is a list of 1 to 64 zone names");
    cards_error("{\"cost\": {\"zones\": []}}", "'zones' is a list of 1 to 64 zone names");
    cards_error("{\"cost\": {\"zones\": [\"\"]}}", "'zones' is a list of 1 to 64 zone names");
    cards_error("{\"cost\": {\"zones\": [3]}}", "'zones' is a list of 1 to 64 zone names");
}
