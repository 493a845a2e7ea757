/* play_board.c — how `tabula play` draws the boards of a seat's view (host/board.h): a
 * grid as text, a cell per space (its first piece's mark: two letters of its name and
 * its owner's seat, "Wa1"; '.' when empty, '?' in a region face down), walls and doors
 * between them, a legend of the marks under it; a graph as its spaces under the names
 * the table gives them (the pack's labels), each with its pieces as the table shows
 * them and its neighbours. It reads only the view (view_json), so it shows what the
 * seat may see. Read next: play_show.c. */
#include <stdlib.h>
#include <string.h>

#include "play.h"

/* The zone of id zid in the view's zones, or NULL. */
static json_t *view_zone(json_t *view, json_int_t zid)
{
    size_t i;
    json_t *z;
    json_array_foreach(json_object_get(view, "zones"), i, z)
        if (json_integer_value(json_object_get(z, "zone")) == zid) return z;
    return NULL;
}

/* The three-character mark of a piece: the first two characters of its name and its
 * owner's seat ("Wa1": both seats' Warriors differ), '+' for a seat past 9, ' ' for a
 * piece of nobody's; "## " for a card the seat does not see. */
static void short_name(json_t *card, char out[4])
{
    const char *n = json_string_value(json_object_get(card, "name"));
    if (!n || !n[0]) n = "##";
    out[0] = (n[0] & 0x80) ? '#' : n[0];
    out[1] = !n[1] || (n[1] & 0x80) ? ' ' : n[1];
    json_int_t own = json_integer_value(json_object_get(card, "owner"));
    out[2] = own >= 1 && own <= 9 ? (char)('0' + own) : own > 9 ? '+' : ' ';
    out[3] = 0;
}

/* Whether state lets through on board bd (its "passable" list; absent: "open" alone). */
static bool passes(json_t *bd, const char *state)
{
    json_t *l = json_object_get(bd, "passable");
    if (!l) return state && strcmp(state, "open") == 0;
    size_t i;
    json_t *v;
    json_array_foreach(l, i, v)
        if (state && strcmp(json_string_value(v), state) == 0) return true;
    return false;
}

/* An edge state's mark: between columns (vertical) or rows. */
static char edge_mark(json_t *bd, const char *state, bool vertical)
{
    if (!state || strcmp(state, "open") == 0) return ' ';
    if (strcmp(state, "wall") == 0) return vertical ? '|' : '-';
    if (strcmp(state, "door") == 0 && !passes(bd, state)) return vertical ? ':' : '=';
    return passes(bd, state) ? '~' : '+';
}

/* The name the table gives space sp: its zone's label (the pack's, or its cell on a
 * board read by cells), else its name. */
static const char *space_shown(json_t *view, json_t *sp)
{
    json_t *z = view_zone(view, json_integer_value(json_object_get(sp, "zone")));
    json_t *l = z ? json_object_get(z, "label") : NULL;
    return json_string_value(l ? l : json_object_get(sp, "name"));
}

static const char *space_name_of(json_t *sp)
{
    return json_string_value(json_object_get(sp, "name"));
}

static json_t *space_named(json_t *spaces, const char *name)
{
    size_t i;
    json_t *sp;
    json_array_foreach(spaces, i, sp)
        if (name && strcmp(space_name_of(sp), name) == 0) return sp;
    return NULL;
}

static void draw_grid(json_t *view, json_t *bd, Buf *b)
{
    json_t *spaces = json_object_get(bd, "spaces");
    json_int_t x0 = 0, y0 = 0, x1 = -1, y1 = -1;
    bool any = false;
    size_t i;
    json_t *sp;
#define TAKE(X, Y)                                                                        \
    do {                                                                                  \
        json_int_t x_ = (X), y_ = (Y);                                                    \
        if (!any || x_ < x0) x0 = x_;                                                     \
        if (!any || x_ > x1) x1 = x_;                                                     \
        if (!any || y_ < y0) y0 = y_;                                                     \
        if (!any || y_ > y1) y1 = y_;                                                     \
        any = true;                                                                       \
    } while (0)
    json_array_foreach(spaces, i, sp)
        if (json_object_get(sp, "x"))
            TAKE(json_integer_value(json_object_get(sp, "x")), json_integer_value(json_object_get(sp, "y")));
    json_t *rg;
    json_array_foreach(json_object_get(bd, "regions"), i, rg) {
        size_t k;
        json_t *c;
        json_array_foreach(json_object_get(rg, "cells"), k, c)
            TAKE(json_integer_value(json_array_get(c, 0)), json_integer_value(json_array_get(c, 1)));
    }
#undef TAKE
    if (!any || x1 - x0 > 200 || y1 - y0 > 200) {
        buf_printf(b, "  (%s)\n", any ? "too large to draw" : "no space to draw");
        return;
    }
    int w = (int)(x1 - x0 + 1), h = (int)(y1 - y0 + 1);
    /* per cell: its text, the mark on its east side and under it */
    char (*cell)[4] = calloc((size_t)w * h, 4), *east = calloc((size_t)w * h, 1), *south = calloc((size_t)w * h, 1);
    Buf legend = {0};
    if (!cell || !east || !south) goto done;
    for (int k = 0; k < w * h; k++) {
        memcpy(cell[k], "   ", 4);
        east[k] = south[k] = ' ';
    }
    json_array_foreach(json_object_get(bd, "regions"), i, rg) {
        size_t k;
        json_t *c;
        json_array_foreach(json_object_get(rg, "cells"), k, c) {
            int x = (int)(json_integer_value(json_array_get(c, 0)) - x0), y = (int)(json_integer_value(json_array_get(c, 1)) - y0);
            memcpy(cell[y * w + x], " ? ", 4);
        }
    }
    json_array_foreach(spaces, i, sp) {
        if (!json_object_get(sp, "x")) continue;
        int x = (int)(json_integer_value(json_object_get(sp, "x")) - x0), y = (int)(json_integer_value(json_object_get(sp, "y")) - y0);
        json_t *z = view_zone(view, json_integer_value(json_object_get(sp, "zone")));
        json_t *cards = z ? json_object_get(z, "cards") : NULL;
        if (json_array_size(cards)) short_name(json_array_get(cards, 0), cell[y * w + x]);
        else memcpy(cell[y * w + x], " . ", 4);
    }
    /* the legend: each mark drawn, once, with the piece it stands for, in reading order */
    for (int k = 0; k < w * h; k++) {
        if (cell[k][0] == ' ' || strncmp(cell[k], "##", 2) == 0) continue;
        bool again = false;
        for (int j = 0; j < k && !again; j++) again = strcmp(cell[j], cell[k]) == 0;
        if (again) continue;
        json_array_foreach(spaces, i, sp) {
            if (!json_object_get(sp, "x") || json_integer_value(json_object_get(sp, "x")) - x0 != k % w ||
                json_integer_value(json_object_get(sp, "y")) - y0 != k / w)
                continue;
            json_t *z = view_zone(view, json_integer_value(json_object_get(sp, "zone")));
            json_t *c = json_array_get(z ? json_object_get(z, "cards") : NULL, 0);
            json_int_t own = json_integer_value(json_object_get(c, "owner"));
            char mark[4];
            memcpy(mark, cell[k], 4);
            for (int m = 2; m >= 0 && mark[m] == ' '; m--) mark[m] = 0;
            char item[160];
            int u = snprintf(item, sizeof item, "%s %s", mark, json_string_value(json_object_get(c, "name")));
            if (own && u > 0 && (size_t)u < sizeof item) snprintf(item + u, sizeof item - (size_t)u, " (seat %lld)", (long long)own);
            /* a line at most about 80 wide, the next ones under the first item */
            size_t line = legend.len - (legend.len ? (size_t)(strrchr(legend.s, '\n') ? strrchr(legend.s, '\n') - legend.s + 1 : 0) : 0);
            if (!legend.len) buf_printf(&legend, "  pieces: %s", item);
            else if (line + 2 + strlen(item) > 80) buf_printf(&legend, ",\n          %s", item);
            else buf_printf(&legend, ", %s", item);
            break;
        }
    }
    bool cells = json_is_true(json_object_get(bd, "cells")); /* columns a.., rows 1.. */
    json_t *ed;
    json_array_foreach(json_object_get(bd, "edges"), i, ed) {
        json_t *a = space_named(spaces, json_string_value(json_object_get(ed, "a")));
        const char *side = json_string_value(json_object_get(ed, "side"));
        if (!a || !side || !json_object_get(a, "x")) continue;
        int x = (int)(json_integer_value(json_object_get(a, "x")) - x0), y = (int)(json_integer_value(json_object_get(a, "y")) - y0);
        const char *st = json_string_value(json_object_get(ed, "state"));
        char *m = NULL;
        bool vertical = true;
        if (strcmp(side, "east") == 0) m = &east[y * w + x];
        else if (strcmp(side, "west") == 0 && x > 0) m = &east[y * w + x - 1];
        else if (strcmp(side, "south") == 0) m = &south[y * w + x], vertical = false;
        else if (strcmp(side, "north") == 0 && y > 0) m = &south[(y - 1) * w + x], vertical = false;
        /* two sides on one place: the one that stops shows (board.edge's rule) */
        char mk = edge_mark(bd, st, vertical);
        if (m && (*m == ' ' || *m == '~')) *m = mk;
    }
    const char *pad = cells ? "     " : "  ";
    if (cells && x0 >= 0 && x1 <= 25) {
        buf_printf(b, "%s", pad);
        for (int x = 0; x < w; x++) buf_printf(b, " %c  ", (char)('a' + x0 + x));
        while (b->len && b->s[b->len - 1] == ' ') b->s[--b->len] = 0;
        buf_printf(b, "\n");
    }
    for (int y = 0; y < h; y++) {
        if (cells) buf_printf(b, "  %2lld ", (long long)(y0 + y + 1));
        else buf_printf(b, "%s", pad);
        for (int x = 0; x < w; x++) buf_printf(b, "%s%c", cell[y * w + x], x < w - 1 ? east[y * w + x] : ' ');
        while (b->len && b->s[b->len - 1] == ' ') b->s[--b->len] = 0;
        buf_printf(b, "\n");
        if (y == h - 1) break;
        bool under = false;
        for (int x = 0; x < w; x++) under |= south[y * w + x] != ' ';
        if (!under) continue;
        buf_printf(b, "%s", pad);
        for (int x = 0; x < w; x++) buf_printf(b, "%c%c%c ", south[y * w + x], south[y * w + x], south[y * w + x]);
        while (b->len && b->s[b->len - 1] == ' ') b->s[--b->len] = 0;
        buf_printf(b, "\n");
    }
    if (legend.len) buf_printf(b, "%s\n", legend.s);
done:
    buf_free(&legend);
    free(cell);
    free(east);
    free(south);
}

static void draw_graph(const Session *ss, json_t *view, json_t *bd, Buf *b)
{
    json_t *spaces = json_object_get(bd, "spaces");
    size_t i;
    json_t *sp;
    json_array_foreach(spaces, i, sp) {
        const char *name = space_name_of(sp);
        buf_printf(b, "  %s", space_shown(view, sp));
        if (json_is_true(json_object_get(sp, "hidden"))) {
            buf_printf(b, " (face down)\n");
            continue;
        }
        json_t *z = view_zone(view, json_integer_value(json_object_get(sp, "zone")));
        json_t *cards = z ? json_object_get(z, "cards") : NULL;
        size_t k;
        json_t *c;
        json_array_foreach(cards, k, c) { /* as the table shows them: owner, properties */
            buf_printf(b, "%s", k ? ", " : " [");
            if (json_is_true(json_object_get(c, "hidden"))) buf_printf(b, "a hidden card");
            else show_card_line(ss, b, c, 0, z);
        }
        if (json_array_size(cards)) buf_printf(b, "]");
        /* its neighbours, when it has any (a map of action spaces has none) */
        int n = 0;
        json_t *ed;
        json_array_foreach(json_object_get(bd, "edges"), k, ed) {
            const char *a = json_string_value(json_object_get(ed, "a")), *bn = json_string_value(json_object_get(ed, "b"));
            const char *other = a && strcmp(a, name) == 0 ? bn : bn && strcmp(bn, name) == 0 ? a : NULL;
            if (!other) continue;
            const char *st = json_string_value(json_object_get(ed, "state"));
            buf_printf(b, "%s %s", n++ ? "," : " ->", space_shown(view, space_named(spaces, other)));
            if (st && strcmp(st, "open") != 0) buf_printf(b, " (%s)", st);
        }
        buf_printf(b, "\n");
    }
}

void show_boards(const Session *ss, json_t *view, Buf *b)
{
    size_t i;
    json_t *bd;
    json_array_foreach(json_object_get(view, "boards"), i, bd) {
        bool grid = json_is_true(json_object_get(bd, "grid"));
        buf_printf(b, "%sboard %s%s%s", c_bold(ss), json_string_value(json_object_get(bd, "name")), c_off(ss),
                   grid ? "  (| - wall, : = door, + other closed edge, ~ other open edge, ? face down)" : "");
        json_t *pl = json_object_get(bd, "passable");
        if (pl) { /* the states that let through, when not "open" alone */
            size_t k;
            json_t *v;
            buf_printf(b, "%s", grid ? "; through:" : "  (through:");
            json_array_foreach(pl, k, v) buf_printf(b, "%s %s", k ? "," : "", json_string_value(v));
            buf_printf(b, "%s", grid ? "" : ")");
        }
        buf_printf(b, "\n");
        if (grid) draw_grid(view, bd, b);
        else draw_graph(ss, view, bd, b);
    }
}
