/* play_show.c — how `tabula play` draws the game: one seat's view (from view_json, so
 * it shows only what that seat may see), the hand, the pending decision with numbered
 * options, a card's full text, and the result. Colours come from here too. Nothing in
 * this file reads a hidden card: every card it names comes out of view_json or passes
 * obj_visible for the seat. Read next: play_cmd.c. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "amounts_text.h"
#include "play.h"

/* ---------------------------------------------------------------- colours --------- */

const char *c_bold(const Session *ss) { return ss->color ? "\033[1m" : ""; }
const char *c_dim(const Session *ss) { return ss->color ? "\033[2m" : ""; }
const char *c_err(const Session *ss) { return ss->color ? "\033[31m" : ""; }
const char *c_warn(const Session *ss) { return ss->color ? "\033[33m" : ""; }
const char *c_ok(const Session *ss) { return ss->color ? "\033[32m" : ""; }
const char *c_num(const Session *ss) { return ss->color ? "\033[36m" : ""; }
const char *c_off(const Session *ss) { return ss->color ? "\033[0m" : ""; }

void show_flush(Buf *b)
{
    if (b->len) {
        fputs(b->s, stdout);
        b->len = 0;
        b->s[0] = 0;
    }
    fflush(stdout);
}

/* (play.h) One character of s at a time: a byte below 0x20 or DEL as \x1b, a C1
 * control (U+0080..U+009F, which some terminals obey as escapes) as \u009b, a byte
 * that begins no UTF-8 character as \xff; anything else as it is. */
const char *show_escaped(const char *s, bool keep_ws, size_t max, char *out, size_t n)
{
    size_t o = 0, chars = 0;
    const unsigned char *p = (const unsigned char *)s;
    if (n == 0) return out;
    out[0] = 0;
    while (*p) {
        if (max && chars == max) {
            if (o + 4 <= n) memcpy(out + o, "\xe2\x80\xa6", 4), o += 3; /* "…" */
            break;
        }
        char piece[8];
        size_t len = 1;
        unsigned char c = p[0];
        if (c < 0x80) {
            bool ctl = (c < 0x20 || c == 0x7f) && !(keep_ws && (c == '\n' || c == '\t'));
            if (ctl) snprintf(piece, sizeof piece, "\\x%02x", c);
            else piece[0] = (char)c, piece[1] = 0;
        } else {
            size_t want = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xc2 && c <= 0xdf ? 2 : 0;
            bool ok = want > 0;
            for (size_t k = 1; ok && k < want; k++)
                if ((p[k] & 0xc0) != 0x80) ok = false;
            if (!ok) {
                snprintf(piece, sizeof piece, "\\x%02x", c);
            } else if (c == 0xc2 && p[1] < 0xa0) {
                snprintf(piece, sizeof piece, "\\u%04x", p[1]);
                len = 2;
            } else {
                memcpy(piece, p, want);
                piece[want] = 0;
                len = want;
            }
        }
        size_t pl = strlen(piece);
        if (o + pl + 1 > n) break; /* out is full: cut at a whole character */
        memcpy(out + o, piece, pl);
        o += pl;
        out[o] = 0;
        p += len;
        chars++;
    }
    out[o] = 0;
    return out;
}

void show_seat_name(const Session *ss, int seat, char *out, size_t n)
{
    if (seat < 0) {
        snprintf(out, n, "spectator");
        return;
    }
    const Game *g = ss->g;
    int32_t role = seat < g->s.h.nseats ? S_SEAT(&g->s, seat).role : -1;
    if (role >= 0) snprintf(out, n, "seat %d (%s)", seat + 1, names_str(&g->w->names, role));
    else snprintf(out, n, "seat %d", seat + 1);
}

/* ---------------------------------------------------------------- values ---------- */

/* The entry of a show names list equal to text in any letter case (how the list writes
 * a value a script keeps in lower case: "river" reads River), or NULL. */
static const char *name_spelled(const PropShow *ps, const char *text)
{
    size_t i;
    json_t *it;
    json_array_foreach(ps ? ps->names : NULL, i, it) {
        const char *nm = json_string_value(it);
        if (nm && strcasecmp(nm, text) == 0) return nm;
    }
    return NULL;
}

/* A JSON value in a few characters: 3, yes, shelter, [1,2]; an integer, or a list of
 * them, the pack names (its "show") by its names: Swamp, Jungle & Shelter; so it does a
 * text the list holds (River), and true/false by a list of two (false first). */
static void put_value(Buf *b, json_t *v, const PropShow *ps)
{
    const char *nm;
    if (json_is_string(v)) buf_printf(b, "%s", (nm = name_spelled(ps, json_string_value(v))) ? nm : json_string_value(v));
    else if (json_is_boolean(v) && ps && json_array_size(ps->names) == 2)
        buf_printf(b, "%s", json_string_value(json_array_get(ps->names, json_is_true(v) ? 1 : 0)));
    else if (json_is_integer(v) && (nm = prop_show_name(ps, json_integer_value(v))) != NULL) buf_printf(b, "%s", nm);
    else if (json_is_integer(v)) buf_printf(b, "%lld", (long long)json_integer_value(v));
    else if (json_is_true(v)) buf_printf(b, "yes");
    else if (json_is_false(v)) buf_printf(b, "no");
    else if (json_is_array(v) && ps && ps->names) {
        size_t i;
        json_t *it;
        if (!json_array_size(v)) buf_printf(b, "none");
        json_array_foreach(v, i, it) {
            nm = prop_show_name(ps, json_integer_value(it));
            if (nm) buf_printf(b, "%s%s", i ? " & " : "", nm);
            else buf_printf(b, "%s%lld", i ? " & " : "", (long long)json_integer_value(it));
        }
    } else if (json_is_object(v) && json_object_size(v) > 0) {
        /* a card's data of several parts ("cost": {"gold": 2, "wood": 1}): "gold 2, wood 1" */
        const char *k;
        json_t *it;
        bool first = true;
        json_object_foreach(v, k, it) {
            buf_printf(b, "%s%s ", first ? "" : ", ", k);
            put_value(b, it, NULL);
            first = false;
        }
    } else {
        char *t = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
        buf_printf(b, "%s", t ? t : "?");
        free(t);
    }
}

/* Columns the last line of b takes on screen (colour codes and UTF-8 continuation
 * bytes take none). */
static int line_width(const char *s, size_t len)
{
    size_t i = len;
    while (i > 0 && s[i - 1] != '\n') i--;
    int w = 0;
    for (; i < len; i++) {
        if (s[i] == '\033') {
            while (i < len && s[i] != 'm') i++;
            continue;
        }
        if (((unsigned char)s[i] & 0xc0) != 0x80) w++;
    }
    return w;
}

/* Appends ", item" (or item first), wrapping to a new line indented by `indent` when it
 * would pass the screen width. */
static void put_item(const Session *ss, Buf *b, bool first, const char *item, int indent)
{
    int col = b->s ? line_width(b->s, b->len) : 0;
    int w = line_width(item, strlen(item));
    if (!first && col + 2 + w > ss->width && col > indent) buf_printf(b, ",\n%*s%s", indent, "", item);
    else buf_printf(b, "%s%s", first ? "" : ", ", item);
}

/* A value under the label `ps` gives it (else `key`): "Rescue {} to go" puts the value
 * where the label says, another label has it after it. */
static void put_labelled(Buf *b, const char *key, json_t *v, const PropShow *ps)
{
    const char *label = ps && ps->label ? ps->label : key;
    if (ps && ps->one && json_is_integer(v) && json_integer_value(v) == 1) label = ps->one; /* "1 round" */
    const char *at = strstr(label, "{}");
    if (at) {
        buf_printf(b, "%.*s", (int)(at - label), label);
        put_value(b, v, ps);
        buf_printf(b, "%s", at + 2);
    } else {
        buf_printf(b, "%s ", label);
        put_value(b, v, ps);
    }
}

/* (play.h) " (fight 2, 2 food)": the fields of definition def's data that the packs
 * show beside a card's name (show/cards), in their order; nothing when it has none of
 * them. The caller has made sure the seat sees the card. */
void show_card_data(const Session *ss, Buf *b, int def, int32_t zone)
{
    const World *w = ss->g->w;
    if (def < 0 || def >= w->ndefs) return;
    int put = 0;
    const CardShow *cs;
    for (int i = 0; (cs = world_card_show(w, i)) != NULL; i++) {
        if (!card_show_in(cs, zone)) continue;
        json_t *v = card_show_value(cs, w->defs[def].data);
        if (!v) continue;
        buf_printf(b, "%s", put++ ? ", " : " (");
        put_labelled(b, cs->field, v, &cs->how);
    }
    if (put) buf_printf(b, ")");
}

/* "will 3, survival 0" — keys in the order the game set them, each under the label the
 * pack's "show" gives it; one it hides is left out (designer mode shows it). Returns how
 * many it put. */
static int put_props(const Session *ss, Buf *b, json_t *props, int indent)
{
    const char *k;
    json_t *v;
    int put = 0;
    json_object_foreach(props, k, v) {
        int32_t key = names_find(&ss->g->w->names, k);
        const PropShow *ps = key >= 0 ? world_prop_show(ss->g->w, key) : NULL;
        if (ps && ps->hide && !ss->designer) continue;
        Buf one = {0};
        put_labelled(&one, k, v, ps);
        if (indent < 0) buf_printf(b, "%s%s", put ? ", " : "", one.s);
        else put_item(ss, b, put == 0, one.s, indent);
        buf_free(&one);
        put++;
    }
    return put;
}

/* One visible card: "River (face down, tapped) {power 3} [+ Token]". `where` is the
 * seat the card is shown under (1-based, 0 for the game): its control goes unsaid. */
void show_card_line(const Session *ss, Buf *b, json_t *c, json_int_t where, json_t *zone)
{
    buf_printf(b, "%s", json_string_value(json_object_get(c, "name")));
    const char *id = json_string_value(json_object_get(c, "id"));
    const char *zn = json_string_value(json_object_get(zone, "name"));
    if (id) show_card_data(ss, b, world_def(ss->g->w, id), zn ? names_find(&ss->g->w->names, zn) : -1);
    bool fd = json_is_true(json_object_get(c, "face_down"));
    bool tp = json_is_true(json_object_get(c, "tapped"));
    json_t *ctl = json_object_get(c, "controller");
    if (ctl && json_integer_value(ctl) == where) ctl = NULL;
    json_t *own = json_object_get(c, "owner"); /* a piece on a board's space: whose it is */
    if (own && json_integer_value(own) == where) own = NULL;
    if (fd || tp || ctl || own) {
        buf_printf(b, " %s(", c_dim(ss));
        bool sep = false;
        if (own) buf_printf(b, "seat %lld", (long long)json_integer_value(own)), sep = true;
        if (fd) buf_printf(b, "%sface down", sep ? ", " : ""), sep = true;
        if (tp) buf_printf(b, "%stapped", sep ? ", " : ""), sep = true;
        if (ctl) buf_printf(b, "%sseat %lld controls", sep ? ", " : "", (long long)json_integer_value(ctl));
        buf_printf(b, ")%s", c_off(ss));
    }
    json_t *props = json_object_get(c, "props");
    if (props && json_object_size(props)) {
        Buf pb = {0};
        if (put_props(ss, &pb, props, -1)) buf_printf(b, " {%s}", pb.s);
        buf_free(&pb);
    }
    json_t *att = json_object_get(c, "attached");
    if (json_array_size(att)) {
        buf_printf(b, " [+ ");
        size_t i;
        json_t *a;
        json_array_foreach(att, i, a) {
            if (i) buf_printf(b, ", ");
            if (json_is_true(json_object_get(a, "hidden"))) buf_printf(b, "a hidden card");
            else show_card_line(ss, b, a, where, zone);
        }
        buf_printf(b, "]");
    }
}

/* The cards of a zone: names where the seat sees them, runs of hidden cards counted;
 * long lists wrap under `indent`. */
static void put_cards(const Session *ss, Buf *b, json_t *zone, int indent, json_int_t where)
{
    json_t *cards = json_object_get(zone, "cards");
    size_t i, n = json_array_size(cards);
    if (n == 0) {
        buf_printf(b, "%sempty%s", c_dim(ss), c_off(ss));
        return;
    }
    bool first = true;
    for (i = 0; i < n;) {
        json_t *c = json_array_get(cards, i);
        Buf one = {0};
        if (json_is_true(json_object_get(c, "hidden"))) {
            size_t k = i;
            while (k < n && json_is_true(json_object_get(json_array_get(cards, k), "hidden"))) k++;
            buf_printf(&one, "%s%zu hidden%s", c_dim(ss), k - i, c_off(ss));
            i = k;
        } else {
            show_card_line(ss, &one, c, where, zone);
            i++;
        }
        put_item(ss, b, first, one.s, indent);
        buf_free(&one);
        first = false;
    }
}

/* A zone of the JSON view as people read it: the pack's label, else its name. */
static const char *zone_shown(json_t *z)
{
    json_t *l = json_object_get(z, "label");
    return json_string_value(l ? l : json_object_get(z, "name"));
}

static json_t *hand_zone(json_t *view, int seat)
{
    size_t i;
    json_t *z;
    json_array_foreach(json_object_get(view, "zones"), i, z) {
        if (strcmp(json_string_value(json_object_get(z, "name")), "hand") == 0 &&
            json_integer_value(json_object_get(z, "owner")) == seat + 1)
            return z;
    }
    return NULL;
}

/* The items waiting in the innermost open window, as `seat` is shown them (the view's
 * "window"), one line each under `indent` blanks, the next to resolve first and marked:
 *   waiting in the weapons window (a stack: if everyone passes, the top one resolves):
 *     Sense, played by seat 2  <- resolves next
 *     Imperial Order: rally, triggered for you
 *     Trooper Volley, played by you
 * A card the seat cannot see reads "a hidden card: its effect" (a trigger) or "a
 * hidden card", without its function; a trigger of the rules "the rules: its function".
 * Nothing when no item waits. */
static void put_waiting(const Session *ss, json_t *view, int seat, int indent, Buf *b)
{
    json_t *win = json_object_get(view, "window");
    json_t *items = json_object_get(win, "items");
    size_t n = json_array_size(items);
    if (!n) return;
    bool chain = strcmp(json_string_value(json_object_get(win, "style")), "chain") == 0;
    buf_printf(b, "%*s%swaiting in the %s window%s %s(%s):%s\n", indent, "", c_bold(ss),
               json_string_value(json_object_get(win, "kind")), c_off(ss), c_dim(ss),
               chain ? "a chain: if everyone passes, all of it resolves, top first"
                     : "a stack: if everyone passes, the top one resolves",
               c_off(ss));
    size_t i;
    json_t *it;
    json_array_foreach(items, i, it) {
        json_t *c = json_object_get(it, "card");
        bool trig = strcmp(json_string_value(json_object_get(it, "kind")), "trigger") == 0;
        json_t *js = json_object_get(it, "seat");
        char who[32] = "";
        if (js && json_integer_value(js) == seat + 1) snprintf(who, sizeof who, "you");
        else if (js) snprintf(who, sizeof who, "seat %lld", (long long)json_integer_value(js));
        buf_printf(b, "%*s", indent + 2, "");
        bool hidden = json_is_true(json_object_get(c, "hidden"));
        if (json_is_true(json_object_get(it, "rules"))) buf_printf(b, "the rules"); /* no card */
        else if (hidden) buf_printf(b, "%sa hidden card%s", c_dim(ss), c_off(ss));
        else buf_printf(b, "%s", json_string_value(json_object_get(c, "name")));
        if (trig && !hidden) buf_printf(b, ": %s", json_string_value(json_object_get(it, "fn")));
        else if (trig) buf_printf(b, ": its effect");
        if (who[0]) buf_printf(b, ", %s %s", trig ? "triggered for" : "played by", who);
        if (i == 0) buf_printf(b, "  %s<- resolves next%s", c_ok(ss), c_off(ss));
        buf_printf(b, "\n");
    }
}

/* ---------------------------------------------------------------- the view ------- */

static void put_rule(const Session *ss, Buf *b, const char *left, const char *right)
{
    const char *ch = ss->fancy ? "\xe2\x94\x80" : "-";
    int used = (int)strlen(left) + (int)strlen(right) + 8;
    int fill = ss->width - used;
    if (fill < 3) fill = 3;
    buf_printf(b, "%s%s%s%s %s ", c_bold(ss), ch, ch, c_off(ss), left);
    buf_printf(b, "%s", c_dim(ss));
    for (int i = 0; i < fill; i++) buf_printf(b, "%s", ch);
    buf_printf(b, "%s", c_off(ss));
    if (*right) buf_printf(b, " %s %s%s%s%s\n", right, c_bold(ss), ch, ch, c_off(ss));
    else buf_printf(b, "%s%s%s%s\n", c_dim(ss), ch, ch, c_off(ss));
}

/* The counters of a counter supply (supply.new) one holder holds, a line per supply
 * under the holder's line: "gems: white 1, blue 0, gold 2" (the pool's: "gems pool:
 * …", an unlimited kind "damage unlimited"); held = { name: { kind: n } }, kinds in the
 * supply's order (sups: the view's "supplies"). Without `full`, a holder's supply it
 * holds nothing of is left out. */
static void put_supply(const Session *ss, Buf *b, json_t *sups, json_t *held, const char *suffix, int pad, bool full)
{
    const char *name;
    json_t *sup;
    json_object_foreach(sups, name, sup) {
        json_t *h = json_object_get(held, name);
        size_t i;
        json_t *k;
        json_int_t sum = 0;
        json_array_foreach(json_object_get(sup, "kinds"), i, k) sum += json_integer_value(json_object_get(h, json_string_value(k)));
        if (!h || (!full && sum == 0)) continue;
        Buf line = {0};
        buf_printf(&line, "%s%s: ", name, suffix);
        int indent = pad + (int)line.len, put = 0;
        buf_printf(b, "%*s%s", pad, "", line.s);
        json_array_foreach(json_object_get(sup, "kinds"), i, k) {
            json_t *v = json_object_get(h, json_string_value(k));
            char item[160];
            if (!json_is_integer(v)) { /* an unlimited kind in the pool: said so, in full */
                bool unl = false;
                size_t u;
                json_t *uk;
                json_array_foreach(json_object_get(sup, "unlimited"), u, uk) unl = unl || json_equal(uk, k);
                if (!full || !unl) continue;
                snprintf(item, sizeof item, "%s unlimited", json_string_value(k));
                put_item(ss, b, put++ == 0, item, indent);
                continue;
            }
            snprintf(item, sizeof item, "%s %lld", json_string_value(k), (long long)json_integer_value(v));
            put_item(ss, b, put++ == 0, item, indent);
        }
        buf_printf(b, "\n");
        buf_free(&line);
    }
}

/* A hidden supply's counters whose kinds this seat does not see: "gems: 3 hidden"
 * (counts = { name: n }; without `full`, none held is left out). */
static void put_supply_hidden(Buf *b, json_t *counts, const char *suffix, int pad, bool full)
{
    const char *name;
    json_t *n;
    json_object_foreach(counts, name, n) {
        if (!full && json_integer_value(n) == 0) continue;
        buf_printf(b, "%*s%s%s: %lld hidden\n", pad, "", name, suffix, (long long)json_integer_value(n));
    }
}

/* Whether a zone of the view holds counters of a supply (its "supply" or
 * "supply_hidden": only there when it holds some). */
static bool zone_counters(json_t *z)
{
    return json_object_get(z, "supply") || json_object_get(z, "supply_hidden");
}

/* Whether a zone of the view has properties (zone.set) to show. */
static bool zone_props(json_t *z)
{
    return json_object_size(json_object_get(z, "props")) > 0;
}

/* A zone's line: "discard: Spark I, Spark II {burnt 2}" — its cards, then its
 * properties in braces, as a card's. */
static void put_zone_line(const Session *ss, Buf *b, json_t *z, int pad, json_int_t where)
{
    const char *zn = zone_shown(z);
    buf_printf(b, "%*s%s: ", pad, "", zn);
    put_cards(ss, b, z, pad + (int)strlen(zn) + 2, where);
    if (zone_props(z)) {
        Buf pb = {0};
        if (put_props(ss, &pb, json_object_get(z, "props"), -1)) buf_printf(b, " {%s}", pb.s);
        buf_free(&pb);
    }
    buf_printf(b, "\n");
}

/* The counters on a zone, a line per supply under the zone's line: "noise: noise 1",
 * "bag: 2 hidden". */
static void put_zone_counters(const Session *ss, Buf *b, json_t *sups, json_t *z, int pad)
{
    put_supply(ss, b, sups, json_object_get(z, "supply"), "", pad, false);
    put_supply_hidden(b, json_object_get(z, "supply_hidden"), "", pad, false);
}

void show_view(const Session *ss, int seat, bool full, Buf *b)
{
    const Game *g = ss->g;
    json_t *v = view_json(g, seat);
    if (!v) return;
    char left[160], right[96];
    json_t *step = json_object_get(v, "step");
    snprintf(left, sizeof left, "turn %lld%s%s", (long long)json_integer_value(json_object_get(v, "turn")),
             json_is_string(step) ? (ss->fancy ? " \xc2\xb7 " : " - ") : "",
             json_is_string(step) ? json_string_value(step) : "");
    show_seat_name(ss, seat, right, sizeof right);
    put_rule(ss, b, left, right);

    const int pad = 9;
    json_t *game = json_object_get(v, "game");
    json_t *zones = json_object_get(v, "zones");
    /* the game line and the game's own zones */
    buf_printf(b, "%s%-*s%s", c_bold(ss), pad, "game", c_off(ss));
    if (!json_object_size(game) || !put_props(ss, b, game, pad)) buf_printf(b, "%s-%s", c_dim(ss), c_off(ss));
    if (full) {
        /* who must answer now, and whose turn it is where turns go round the seats (a game
         * whose active seat never moves, as Not Alone's, has no turn of a seat to tell):
         * rotate_active, an active seat other than seat 1, or rules that have handed the
         * turn on themselves (game.set_active once the turns began: seat 1's own turns
         * said nothing in a game that skips knocked-out seats by hand) */
        int who = game_decision(g).seat, active = (int)json_integer_value(json_object_get(v, "active")) - 1;
        bool turns = who >= 0 && (g->w->rotate_active || active != 0); /* (over: nobody's) */
        for (uint32_t i = 0; who >= 0 && !turns && i < g->events.len; i++) {
            const Event *ev = &VEC_AT(g->events, Event, i);
            turns = ev->kind == g->w->n_active && ev->turn >= 1;
        }
        char ans[64] = "", turn[64] = "";
        if (who >= 0 && who == seat) snprintf(ans, sizeof ans, "you answer now");
        else if (who >= 0) snprintf(ans, sizeof ans, "seat %d answers now", who + 1);
        if (turns && active == seat) snprintf(turn, sizeof turn, "it is your turn");
        else if (turns) snprintf(turn, sizeof turn, "it is seat %d's turn", active + 1);
        if (ans[0] || turn[0])
            buf_printf(b, "%s  (%s%s%s)%s", c_dim(ss), ans, ans[0] && turn[0] ? "; " : "", turn, c_off(ss));
    }
    buf_printf(b, "\n");
    /* the counter supplies' pools */
    json_t *sups = json_object_get(v, "supplies"), *pools = json_object();
    const char *sn;
    json_t *sv;
    json_object_foreach(sups, sn, sv) json_object_set(pools, sn, json_object_get(sv, "pool"));
    put_supply(ss, b, sups, pools, " pool", pad, true);
    json_object_clear(pools);
    json_object_foreach(sups, sn, sv)
        if (json_is_true(json_object_get(sv, "hidden"))) json_object_set(pools, sn, json_object_get(sv, "pool_count"));
    put_supply_hidden(b, pools, " pool", pad, true);
    json_object_clear(pools); /* what is out of play, when anything is */
    json_object_foreach(sups, sn, sv)
        if (json_object_get(sv, "out")) json_object_set(pools, sn, json_object_get(sv, "out"));
    put_supply(ss, b, sups, pools, " out", pad, false);
    json_decref(pools);
    size_t zi;
    json_t *z;
    json_array_foreach(zones, zi, z) {
        if (json_object_get(z, "owner")) continue;
        if (!full && json_integer_value(json_object_get(z, "count")) == 0 && !zone_counters(z) && !zone_props(z))
            continue;
        const char *zn = zone_shown(z);
        if (json_is_true(json_object_get(z, "hidden"))) { /* a space of a face-down board region */
            buf_printf(b, "%*s%s: %sface down%s\n", pad, "", zn, c_dim(ss), c_off(ss));
            continue;
        }
        put_zone_line(ss, b, z, pad, 0);
        put_zone_counters(ss, b, sups, z, pad + 2);
    }
    show_boards(ss, v, b);
    /* what waits in the window, unless this seat is asked to play in it now: the
     * question lists it then (show_decision) */
    DecisionView dv = game_decision(g);
    if (!(dv.seat >= 0 && dv.seat == seat && dv.kind == DEC_PLAY)) put_waiting(ss, v, seat, pad, b);
    /* each seat, its properties, then its zones (the viewer's hand apart) */
    int rolew = 0;
    size_t si;
    json_t *so;
    json_array_foreach(json_object_get(v, "seats"), si, so) {
        json_t *r = json_object_get(so, "role");
        if (r && (int)strlen(json_string_value(r)) > rolew) rolew = (int)strlen(json_string_value(r));
    }
    json_array_foreach(json_object_get(v, "seats"), si, so) {
        int s = (int)json_integer_value(json_object_get(so, "seat")) - 1;
        char lbl[24];
        snprintf(lbl, sizeof lbl, "seat %d", s + 1);
        bool me = s == seat;
        buf_printf(b, "%s%-*s%s", me ? c_bold(ss) : "", pad, lbl, me ? c_off(ss) : "");
        json_t *r = json_object_get(so, "role");
        if (rolew) buf_printf(b, "%-*s  ", rolew, r ? json_string_value(r) : "");
        json_t *props = json_object_get(so, "props");
        if (json_object_size(props)) put_props(ss, b, props, pad + (rolew ? rolew + 2 : 0));
        if (json_is_true(json_object_get(so, "out"))) buf_printf(b, "  %sout of the game%s", c_warn(ss), c_off(ss));
        if (me) buf_printf(b, "  %s<- you%s", c_ok(ss), c_off(ss));
        else if (ss->human[s] && ss->nhuman > 1) buf_printf(b, "  %s(player)%s", c_dim(ss), c_off(ss));
        else if (!ss->human[s]) {
            int bot = ss->have_plan ? botplan_bot(&ss->plan, ss->g->w, ss->g, s) : BOT_RANDOM;
            if (bot == BOT_RANDOM || !ss->plan.scripted) buf_printf(b, "  %s(bot)%s", c_dim(ss), c_off(ss));
            else {
                char nb[40];
                buf_printf(b, "  %s(bot %s)%s", c_dim(ss), botplan_name(&ss->plan, ss->wk.vm, bot, nb, sizeof nb), c_off(ss));
            }
        }
        /* trim trailing blanks of a seat line without properties */
        while (b->len && b->s[b->len - 1] == ' ') b->s[--b->len] = 0;
        buf_printf(b, "\n");
        put_supply(ss, b, sups, json_object_get(so, "supply"), "", pad, full);
        put_supply_hidden(b, json_object_get(so, "supply_hidden"), "", pad, full);
        json_array_foreach(zones, zi, z) {
            if (json_integer_value(json_object_get(z, "owner")) != s + 1) continue;
            if (me && strcmp(json_string_value(json_object_get(z, "name")), "hand") == 0) continue;
            if (!full && json_integer_value(json_object_get(z, "count")) == 0 && !zone_counters(z) && !zone_props(z))
                continue;
            put_zone_line(ss, b, z, pad, s + 1);
            put_zone_counters(ss, b, sups, z, pad + 2);
        }
    }
    if (seat >= 0) {
        json_t *h = hand_zone(v, seat);
        if (h) {
            buf_printf(b, "%syour hand:%s ", c_bold(ss), c_off(ss));
            put_cards(ss, b, h, 11, seat + 1);
            buf_printf(b, "\n");
        }
    }
    json_decref(v);
}

void show_hand(const Session *ss, int seat, Buf *b)
{
    if (seat < 0) {
        buf_printf(b, "a spectator has no hand\n");
        return;
    }
    json_t *v = view_json(ss->g, seat);
    json_t *h = hand_zone(v, seat);
    if (!h) {
        char nm[96];
        show_seat_name(ss, seat, nm, sizeof nm);
        buf_printf(b, "%s has no hand in this game\n", nm);
    } else {
        buf_printf(b, "%syour hand:%s ", c_bold(ss), c_off(ss));
        put_cards(ss, b, h, 11, seat + 1);
        buf_printf(b, "\n");
    }
    /* the seat's other zones that hold cards (Not Alone's Survival cards, the discard,
     * the places laid): a player asking for their hand means everything they hold */
    size_t i;
    json_t *z;
    json_array_foreach(json_object_get(v, "zones"), i, z) {
        if (z == h || json_integer_value(json_object_get(z, "owner")) != seat + 1) continue;
        if (json_array_size(json_object_get(z, "cards")) == 0) continue;
        const char *zn = zone_shown(z);
        buf_printf(b, "%syour %s:%s ", c_bold(ss), zn, c_off(ss));
        put_cards(ss, b, z, 7 + (int)strlen(zn), seat + 1);
        buf_printf(b, "\n");
    }
    json_decref(v);
}

/* ---------------------------------------------------------------- decisions ------- */

static int utf8_width(const char *s)
{
    int n = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xc0) != 0x80) n++;
    return n;
}

/* text word-wrapped to `width` columns: each line starts with `indent` (the first with
 * `first`, already written when NULL) and is wrapped in on … off (colour codes, which
 * take no room); a word longer than a line stands alone. Returns the column the last
 * line ends at. */
static int put_wrapped(Buf *b, const char *text, int width, const char *first, const char *indent, const char *on,
                       const char *off)
{
    int col = first ? utf8_width(first) : 0;
    if (first) buf_printf(b, "%s", first);
    buf_printf(b, "%s", on);
    int start = col;
    const char *p = text;
    while (*p) {
        while (*p == ' ') p++;
        if (*p == '\n') { /* a line break of the text's own */
            buf_printf(b, "%s\n%s%s", off, indent, on);
            col = start = utf8_width(indent);
            p++;
            continue;
        }
        if (!*p) break;
        size_t n = strcspn(p, " \n");
        char word[512];
        snprintf(word, sizeof word, "%.*s", (int)n, p);
        int w = utf8_width(word);
        if (col > start && col + 1 + w > width) {
            buf_printf(b, "%s\n%s%s", off, indent, on);
            col = start = utf8_width(indent);
        }
        if (col > start) {
            buf_printf(b, " ");
            col++;
        }
        buf_printf(b, "%.*s", (int)n, p);
        col += w;
        p += n;
    }
    buf_printf(b, "%s", off);
    return col;
}

void show_decision(const Session *ss, Buf *b)
{
    const Game *g = ss->g;
    DecisionView d = game_decision(g);
    if (d.seat < 0) return;
    char how[128];
    if (d.kind == DEC_ORDER) snprintf(how, sizeof how, "all %d in order, e.g. %s", d.nopt, d.nopt > 1 ? "2 1" : "1");
    else if (d.kind == DEC_AMOUNTS) amounts_how(g, how, sizeof how);
    else if (d.min == d.max) snprintf(how, sizeof how, "choose %d", d.min);
    else if (d.min == 0 && d.max == 1) snprintf(how, sizeof how, "choose 1, or none");
    else if (d.min == 0) snprintf(how, sizeof how, "choose up to %d, or none", d.max);
    else snprintf(how, sizeof how, "choose %d to %d", d.min, d.max);
    /* a long prompt wraps under two spaces; "(choose 1)" ends its last line if it fits */
    int col = put_wrapped(b, d.prompt, ss->width, "", "  ", c_bold(ss), c_off(ss));
    if (col + 3 + (int)strlen(how) > ss->width) buf_printf(b, "\n  %s(%s)%s\n", c_dim(ss), how, c_off(ss));
    else buf_printf(b, " %s(%s)%s\n", c_dim(ss), how, c_off(ss));
    /* a window's play or pass: what waits in it, as this seat is shown it */
    if (d.kind == DEC_PLAY) {
        json_t *v = view_json(g, d.seat);
        if (v) put_waiting(ss, v, d.seat, 2, b);
        json_decref(v);
    }
    /* a question of values (a bid): the values, typed as they read */
    if (answer_by_value(ss)) {
        int col2 = 0;
        for (int i = 0; i < d.nopt; i++) {
            const char *lbl = state_dcstr(&g->s, d.opts[i].label);
            int w = (int)strlen(lbl);
            if (col2 > 0 && col2 + 2 + w > ss->width - 2) {
                buf_printf(b, "\n");
                col2 = 0;
            }
            buf_printf(b, "  %s%s%s", c_num(ss), lbl, c_off(ss));
            col2 += 2 + w;
        }
        buf_printf(b, "   %s(type the value)%s\n", c_dim(ss), c_off(ss));
        return;
    }
    /* a question of quantities: each option with its bounds, and how to answer */
    if (d.kind == DEC_AMOUNTS) {
        for (int i = 0; i < d.nopt; i++) {
            const Option *o = &d.opts[i];
            const char *key = state_dcstr(&g->s, o->key >= 0 ? o->key : o->label);
            const char *lbl = state_dcstr(&g->s, o->label);
            buf_printf(b, "  %s%s%s", c_num(ss), key, c_off(ss));
            if (strcmp(key, lbl) != 0) buf_printf(b, " (%s)", lbl);
            if (o->lo == o->hi) buf_printf(b, ": %d\n", o->lo);
            else buf_printf(b, ": %d to %d\n", o->lo, o->hi);
        }
        const char *k0 = d.nopt ? state_dcstr(&g->s, d.opts[0].key >= 0 ? d.opts[0].key : d.opts[0].label) : "x";
        buf_printf(b, "   %s(a count for each: `%s 1`, `1 %s`, `%s 1 %s 1`; `why ...` checks one)%s\n", c_dim(ss), k0, k0,
                   k0, d.nopt > 1 ? state_dcstr(&g->s, d.opts[1].key >= 0 ? d.opts[1].key : d.opts[1].label) : k0,
                   c_off(ss));
        return;
    }
    /* options in columns, numbered down each column; an option about a card the seat
     * sees reads with the card's data the packs show (show/cards): "Spear (fight 2)" */
    Buf *shown = calloc((size_t)d.nopt + 1, sizeof *shown);
    if (!shown) return;
    for (int i = 0; i < d.nopt; i++) {
        buf_printf(&shown[i], "%s", state_dcstr(&g->s, d.opts[i].label));
        const Option *o = &d.opts[i];
        if (o->vtype == OPT_OBJ && o->value >= 0 && (uint64_t)o->value < g->s.objs.len &&
            S_OBJ(&g->s, o->value).alive && obj_visible(g, (int32_t)o->value, d.seat))
            show_card_data(ss, &shown[i], S_OBJ(&g->s, o->value).def,
                           S_OBJ(&g->s, o->value).zone >= 0 ? S_ZONE(&g->s, S_OBJ(&g->s, o->value).zone).name : -1);
    }
    int wmax = 0;
    for (int i = 0; i < d.nopt; i++) {
        int w = utf8_width(shown[i].s);
        if (w > wmax) wmax = w;
    }
    int numw = d.nopt >= 100 ? 3 : d.nopt >= 10 ? 2 : 1;
    /* all on one line when they fit, else numbered down columns */
    int line = 0;
    for (int i = 0; i < d.nopt; i++) line += 2 + numw + 2 + utf8_width(shown[i].s) + 1;
    if (line <= ss->width - 2 && d.nopt <= 8) {
        for (int i = 0; i < d.nopt; i++)
            buf_printf(b, "  %s%*d)%s %s", c_num(ss), numw, i + 1, c_off(ss), shown[i].s);
        buf_printf(b, "\n");
        for (int i = 0; i < d.nopt; i++) buf_free(&shown[i]);
        free(shown);
        return;
    }
    int cell = 2 + numw + 2 + wmax + 2;
    int cols = (ss->width - 2) / cell;
    if (cols < 1) cols = 1;
    if (cols > 4) cols = 4;
    int rows = (d.nopt + cols - 1) / cols;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            int i = c * rows + r;
            if (i >= d.nopt) break;
            const char *lbl = shown[i].s;
            buf_printf(b, "  %s%*d)%s %s", c_num(ss), numw, i + 1, c_off(ss), lbl);
            if (c + 1 < cols && (c + 1) * rows + r < d.nopt)
                buf_printf(b, "%*s", wmax - utf8_width(lbl) + 2, "");
        }
        buf_printf(b, "\n");
    }
    for (int i = 0; i < d.nopt; i++) buf_free(&shown[i]);
    free(shown);
}

void show_result(const Session *ss, Buf *b)
{
    const Game *g = ss->g;
    if (g->fatal[0] && !g->s.h.over) {
        buf_printf(b, "%sThe game stopped:%s %s\n", c_err(ss), c_off(ss), g->fatal);
        return;
    }
    /* one sentence: "Game over after 9 turns: the Creature (seat 1) wins — the
     * Assimilation counter reached the star (seat 3 gave up)." (the reason is the game's
     * own text, often with brackets of its own: it is not put in brackets). The dash is
     * an em dash in plain output too, as in the log's "game over: … wins — …" line
     * printed just above it (host/mech.c), which is the same in every mode: only rules
     * and bullets have a plain form (docs/repl.md, "Example session") */
    const StateHdr *h = &g->s.h;
    buf_printf(b, "%sGame over%s after %d turn%s: ", c_bold(ss), c_off(ss), h->turn, h->turn == 1 ? "" : "s");
    char who[200];
    game_winner_text(g, who, sizeof who);
    buf_printf(b, "%s", who);
    const char *why = h->reason >= 0 ? state_cstr(&g->s, h->reason) : "";
    if (*why) buf_printf(b, " \xe2\x80\x94 %s", why);
    buf_printf(b, ".\n");
}

/* ---------------------------------------------------------------- cards ----------- */

/* The card definitions `seat` may read now: those of cards it sees, those named by the
 * options of its decision, and every one in designer mode. marks[def] = 1. */
static unsigned char *visible_defs(const Session *ss, int seat)
{
    const Game *g = ss->g;
    const World *w = g->w;
    unsigned char *m = calloc((size_t)w->ndefs + 1, 1);
    if (!m) return NULL;
    for (uint32_t i = 0; i < g->s.objs.len; i++) {
        const Obj *o = &S_OBJ(&g->s, i);
        if (o->alive && obj_visible(g, (int32_t)i, seat)) m[o->def] = 1;
    }
    DecisionView d = game_decision(g);
    if (d.seat >= 0 && d.seat == seat)
        for (int i = 0; i < d.nopt; i++)
            if (d.opts[i].vtype == OPT_STR) {
                int def = world_def(w, state_dcstr(&g->s, d.opts[i].label));
                if (def >= 0) m[def] = 1;
            }
    if (ss->designer)
        for (int i = 0; i < w->ndefs; i++) m[i] = 1;
    for (int i = 0; i < w->ndefs; i++)
        if (w->defs[i].removed) m[i] = 0;
    return m;
}

const char **show_card_names(const Session *ss, int seat)
{
    const World *w = ss->g->w;
    unsigned char *m = visible_defs(ss, seat);
    const char **out = calloc((size_t)w->ndefs + 1, sizeof *out);
    if (!m || !out) {
        free(m);
        free(out);
        return NULL;
    }
    int n = 0;
    for (int i = 0; i < w->ndefs; i++) {
        if (!m[i]) continue;
        bool dup = false;
        for (int k = 0; k < n; k++)
            if (strcmp(out[k], w->defs[i].name) == 0) dup = true;
        if (!dup) out[n++] = w->defs[i].name;
    }
    free(m);
    return out;
}

static void put_where(const Session *ss, int seat, int def, Buf *b)
{
    const Game *g = ss->g;
    const World *w = g->w;
    char seen[16][96];
    int nseen = 0;
    for (uint32_t i = 0; i < g->s.objs.len; i++) {
        const Obj *o = &S_OBJ(&g->s, i);
        if (!o->alive || o->def != def || !obj_visible(g, (int32_t)i, seat)) continue;
        char where[96];
        if (o->zone < 0) snprintf(where, sizeof where, "attached to a card");
        else {
            const Zone *z = &S_ZONE(&g->s, o->zone);
            const char *zn = world_zone_label(w, z->name);
            if (z->owner < 0) snprintf(where, sizeof where, "%s", zn);
            else if (z->owner == seat) snprintf(where, sizeof where, "your %s", zn);
            else snprintf(where, sizeof where, "%s of seat %d", zn, z->owner + 1);
        }
        bool dup = false;
        for (int k = 0; k < nseen; k++)
            if (strcmp(seen[k], where) == 0) dup = true;
        if (!dup && nseen < 16) snprintf(seen[nseen++], sizeof seen[0], "%s", where);
    }
    if (!nseen) return;
    buf_printf(b, "  %sin view:%s ", c_dim(ss), c_off(ss));
    for (int k = 0; k < nseen; k++) buf_printf(b, "%s%s", k ? "; " : "", seen[k]);
    buf_printf(b, "\n");
}

/* The definition among those marked in m named `name` (its name or id, or a prefix of
 * exactly one card's), or -1; *npre: how many different cards the prefix fits. */
static int def_named(const World *w, const unsigned char *m, const char *name, int *npre)
{
    int pre = -1;
    *npre = 0;
    for (int i = 0; i < w->ndefs; i++) {
        if (!m[i]) continue;
        const CardDef *d = &w->defs[i];
        const char *id = names_str(&w->names, d->id);
        if (play_ieq(name, d->name) || play_ieq(name, id)) return i;
        if (play_iprefix(name, d->name) || play_iprefix(name, id)) {
            if (pre < 0 || strcmp(w->defs[pre].name, d->name) != 0) (*npre)++;
            pre = i;
        }
    }
    return *npre == 1 ? pre : -1;
}

int show_def_named(const Session *ss, int seat, const char *name)
{
    unsigned char *m = visible_defs(ss, seat);
    if (!m) return -1;
    int npre;
    int def = def_named(ss->g->w, m, name, &npre);
    free(m);
    return def;
}

bool show_card(const Session *ss, int seat, const char *name, Buf *b)
{
    const World *w = ss->g->w;
    unsigned char *m = visible_defs(ss, seat);
    if (!m) return false;
    int npre;
    bool unseen = false;
    int def = def_named(w, m, name, &npre);
    if (def < 0) {
        if (npre > 1) {
            buf_printf(b, "'%s' could be several cards:", name);
            int k = 0;
            for (int i = 0; i < w->ndefs; i++)
                if (m[i] && (play_iprefix(name, w->defs[i].name) || play_iprefix(name, names_str(&w->names, w->defs[i].id))))
                    buf_printf(b, "%s %s", k++ ? "," : "", w->defs[i].name);
            buf_printf(b, "\n");
        } else {
            /* a card of the packs that no copy in view shows (a card of one's own deck,
             * one not drawn yet): which cards a game has and what they say is public, as
             * a game's rulebook lists them (game.defs); where the copies are is not said */
            int any = -1;
            if (!ss->designer) {
                unsigned char *every = calloc((size_t)w->ndefs + 1, 1);
                for (int i = 0; every && i < w->ndefs; i++) every[i] = !w->defs[i].removed;
                if (every) any = def_named(w, every, name, &npre);
                free(every);
            }
            if (any >= 0) {
                def = any;
                unseen = true;
                goto found;
            }
            buf_printf(b, "no card named '%s' in your view", name);
            int k = 0, all = 0;
            for (int i = 0; i < w->ndefs; i++) all += m[i] != 0;
            for (int i = 0; i < w->ndefs && k < 8; i++)
                if (m[i]) buf_printf(b, "%s %s", k++ ? "," : " (you can read:", w->defs[i].name);
            if (all > k) buf_printf(b, " and %d more; Tab completes the names", all - k);
            buf_printf(b, "%s\n", k ? ")" : "");
        }
        free(m);
        return false;
    }
found:
    free(m);
    const CardDef *d = &w->defs[def];
    buf_printf(b, "%s%s%s %s(%s, %s)%s\n", c_bold(ss), d->name, c_off(ss), c_dim(ss),
               names_str(&w->names, d->kind), names_str(&w->names, d->id), c_off(ss));
    if (d->text && *d->text) {
        /* the card text, word-wrapped under a two-space indent */
        put_wrapped(b, d->text, ss->width, "  ", "  ", "", "");
        buf_printf(b, "\n");
    }
    if (json_is_object(d->data)) {
        const char *k;
        json_t *v;
        json_object_foreach(d->data, k, v) {
            buf_printf(b, "  %s%s:%s ", c_dim(ss), k, c_off(ss));
            put_value(b, v, NULL);
            buf_printf(b, "\n");
        }
    }
    if (unseen) buf_printf(b, "  %sin view:%s none (a card of this game you see no copy of)\n", c_dim(ss), c_off(ss));
    else put_where(ss, seat, def, b);
    return true;
}
