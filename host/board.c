/* board.c — boards of spaces, the edges between them, regions that are face down or
 * turn (board.h). Spaces are found by a scan: boards hold hundreds of spaces, not
 * thousands, and a scan keeps every byte of them in the state (no cache to rebuild
 * after a rollback). Read next: view.c's board section. */
#include <stdio.h>
#include <stdlib.h>

#include "board.h"

#define B_SPACE(s, i) VEC_AT((s)->spaces, Space, i)
#define B_EDGE(s, i) VEC_AT((s)->edges, Edge, i)
#define B_REGION(s, i) VEC_AT((s)->regions, Region, i)
#define B_BOARD(s, i) VEC_AT((s)->boards, Board, i)

static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};
static const char *const DIR_NAMES[4] = {"north", "east", "south", "west"};

const char *board_dir_name(int dir)
{
    return dir >= 0 && dir < 4 ? DIR_NAMES[dir] : "?";
}

int board_dir_find(const char *name)
{
    for (int d = 0; d < 4; d++)
        if (strcmp(name, DIR_NAMES[d]) == 0) return d;
    return -1;
}

static bool ro_refused(const Game *g, Err *e)
{
    if (!g->readonly) return false;
    err_set(e, "cannot change the game here (a read-only query such as can_play or an inspection)");
    return true;
}

static int32_t open_name(const Game *g)
{
    return names_intern(&g->w->names, "open");
}

static const char *nm(const Game *g, int32_t id)
{
    return names_str(&g->w->names, id);
}

static const char *space_name(const Game *g, int32_t sp)
{
    return nm(g, S_ZONE(&g->s, B_SPACE(&g->s, sp).zone).name);
}

/* Appends a "board" event: a and b as scripts read them (ctx.event.a, .b: zone ids of
 * an edge's spaces, or a region number and its face or quarters), text for the seats in
 * mask. */
static bool board_event(Game *g, int32_t a, int32_t b, uint32_t mask, const char *text, Err *e)
{
    int32_t kind = names_intern(&g->w->names, "board");
    if (kind < 0) {
        err_set(e, "out of memory");
        return false;
    }
    return event_emit(g, kind, a, b, -1, 0, mask, text, e);
}

int32_t board_new(Game *g, int32_t name, bool grid, Err *e)
{
    if (ro_refused(g, e)) return -1;
    if (board_find(g, name) >= 0) {
        err_set(e, "board '%s' already exists", nm(g, name));
        return -1;
    }
    Board b;
    memset(&b, 0, sizeof b);
    b.name = name;
    b.grid = grid;
    b.npass = 1;
    b.pass[0] = open_name(g);
    int32_t i = vec_push(&g->s.boards, sizeof b, &b);
    if (i < 0) err_set(e, "out of memory");
    return i;
}

bool board_set_options(Game *g, int32_t b, const int32_t *pass, int n, bool cells, Err *e)
{
    if (ro_refused(g, e)) return false;
    if (b < 0 || (uint32_t)b >= g->s.boards.len) {
        err_set(e, "no board %d", b + 1);
        return false;
    }
    Board *bd = &B_BOARD(&g->s, b);
    if (cells && !bd->grid) {
        err_set(e, "board '%s' is no grid: it has no cells", nm(g, bd->name));
        return false;
    }
    if (n < 0 || n > BOARD_PASS_MAX) {
        err_set(e, "%d states let through: at most %d", n, BOARD_PASS_MAX);
        return false;
    }
    for (int i = 0; i < n; i++)
        for (int k = 0; k < i; k++)
            if (pass[k] == pass[i]) {
                err_set(e, "state '%s' is listed twice", nm(g, pass[i]));
                return false;
            }
    if (n > 0) {
        memset(bd->pass, 0, sizeof bd->pass);
        memcpy(bd->pass, pass, (size_t)n * sizeof *pass);
        bd->npass = (uint8_t)n;
    }
    bd->cells = cells;
    return true;
}

bool board_passes(const Game *g, int32_t b, int32_t state, const BoardThrough *t)
{
    if (t && t->all) return true;
    if (t && t->n > 0) {
        for (int i = 0; i < t->n; i++)
            if (t->states[i] == state) return true;
        return false;
    }
    const Board *bd = &B_BOARD(&g->s, b);
    for (int i = 0; i < bd->npass; i++)
        if (bd->pass[i] == state) return true;
    return false;
}

int32_t board_cell_of(const Game *g, int32_t zone)
{
    int32_t sp = board_space_of(g, zone);
    if (sp < 0) return -1;
    const Space *p = &B_SPACE(&g->s, sp);
    if (!B_BOARD(&g->s, p->board).cells || p->x < 0 || p->x > 25 || p->y < 0 || p->y > 98) return -1;
    if (p->region >= 0 && B_REGION(&g->s, p->region).face_down) return -1;
    return p->y * 26 + p->x;
}

void board_cell_text(int32_t cell, char *out)
{
    unsigned col = (unsigned)cell % 26u, row = (unsigned)cell / 26u % 1000u + 1u; /* row 1..99 */
    snprintf(out, 8, "%c%u", 'a' + col, row);
}

const char *board_space_label(const Game *g, int32_t z, char *buf, size_t n)
{
    int32_t cell = board_cell_of(g, z);
    if (cell >= 0) {
        char t[8];
        board_cell_text(cell, t);
        snprintf(buf, n, "%s", t);
    } else {
        snprintf(buf, n, "%s", world_zone_label(g->w, S_ZONE(&g->s, z).name));
    }
    return buf;
}

int32_t board_find(const Game *g, int32_t name)
{
    for (uint32_t i = 0; i < g->s.boards.len; i++)
        if (B_BOARD(&g->s, i).name == name) return (int32_t)i;
    return -1;
}

int32_t board_space_of(const Game *g, int32_t zone)
{
    if (zone < 0 || (uint32_t)zone >= g->s.zones.len) return -1;
    for (uint32_t i = 0; i < g->s.spaces.len; i++)
        if (B_SPACE(&g->s, i).zone == zone) return (int32_t)i;
    return -1;
}

int32_t board_space_at(const Game *g, int32_t b, int32_t x, int32_t y)
{
    if (x == BOARD_NO_XY) return -1;
    for (uint32_t i = 0; i < g->s.spaces.len; i++) {
        const Space *sp = &B_SPACE(&g->s, i);
        if (sp->board == b && sp->x == x && sp->y == y) return (int32_t)i;
    }
    return -1;
}

int32_t board_add_space(Game *g, int32_t b, int32_t name, int32_t x, int32_t y, Err *e)
{
    if (ro_refused(g, e)) return -1;
    if (b < 0 || (uint32_t)b >= g->s.boards.len) {
        err_set(e, "no board %d", b + 1);
        return -1;
    }
    bool grid = B_BOARD(&g->s, b).grid;
    if (grid && (x == BOARD_NO_XY || y == BOARD_NO_XY)) {
        err_set(e, "space '%s' needs coordinates x and y on grid board '%s'", nm(g, name),
                nm(g, B_BOARD(&g->s, b).name));
        return -1;
    }
    if ((x == BOARD_NO_XY) != (y == BOARD_NO_XY)) {
        err_set(e, "space '%s' has x without y or y without x", nm(g, name));
        return -1;
    }
    int32_t other = board_space_at(g, b, x, y);
    if (other >= 0) {
        err_set(e, "space '%s' at %d,%d: space '%s' is there already", nm(g, name), x, y, space_name(g, other));
        return -1;
    }
    int32_t z = zone_new(g, name, SEAT_NONE, VIS_PUBLIC, 0, e);
    if (z < 0) return -1;
    S_ZONE(&g->s, z).flags |= ZONE_SPACE; /* its pieces show their owner (view.c) */
    Space sp = {.board = b, .zone = z, .x = x, .y = y, .region = -1};
    int32_t i = vec_push(&g->s.spaces, sizeof sp, &sp);
    if (i < 0) err_set(e, "out of memory");
    return i;
}

/* The grid direction from a to b when they are side by side on one grid board, or -1. */
static int grid_dir(const Game *g, int32_t a, int32_t b)
{
    const Space *p = &B_SPACE(&g->s, a), *q = &B_SPACE(&g->s, b);
    if (p->board != q->board || !B_BOARD(&g->s, p->board).grid) return -1;
    for (int d = 0; d < 4; d++)
        if (p->x + DX[d] == q->x && p->y + DY[d] == q->y) return d;
    return -1;
}

/* The edge carried by side dir of grid space a, or -1. */
static int32_t side_edge(const Game *g, int32_t a, int dir)
{
    for (uint32_t i = 0; i < g->s.edges.len; i++) {
        const Edge *ed = &B_EDGE(&g->s, i);
        if (ed->a == a && ed->dir == dir) return (int32_t)i;
    }
    return -1;
}

/* The edge joining a and b on a graph, or -1. */
static int32_t graph_edge(const Game *g, int32_t a, int32_t b)
{
    for (uint32_t i = 0; i < g->s.edges.len; i++) {
        const Edge *ed = &B_EDGE(&g->s, i);
        if (ed->dir < 0 && ((ed->a == a && ed->b == b) || (ed->a == b && ed->b == a))) return (int32_t)i;
    }
    return -1;
}

int32_t board_edge(const Game *g, int32_t a, int32_t b)
{
    const State *s = &g->s;
    if (a < 0 || b < 0 || (uint32_t)a >= s->spaces.len || (uint32_t)b >= s->spaces.len || a == b) return -1;
    if (B_SPACE(s, a).board != B_SPACE(s, b).board) return -1;
    if (!B_BOARD(s, B_SPACE(s, a).board).grid) {
        int32_t i = graph_edge(g, a, b);
        return i < 0 ? -1 : B_EDGE(s, i).state;
    }
    int d = grid_dir(g, a, b);
    if (d < 0) return -1;
    /* each side's state (absent: open); one that stops wins, a's first */
    int32_t ia = side_edge(g, a, d), ib = side_edge(g, b, (d + 2) % 4), bd = B_SPACE(s, a).board;
    int32_t sa = ia < 0 ? -1 : B_EDGE(s, ia).state, sb = ib < 0 ? -1 : B_EDGE(s, ib).state;
    if (sa >= 0 && !board_passes(g, bd, sa, NULL)) return sa;
    if (sb >= 0 && !board_passes(g, bd, sb, NULL)) return sb;
    return sa >= 0 ? sa : sb >= 0 ? sb : open_name(g);
}

/* Whether grid neighbours a and b (b towards d of a) let through under t: each one's
 * side towards the other does (a side holding nothing is open). */
static bool grid_passes(const Game *g, int32_t a, int32_t b, int d, const BoardThrough *t)
{
    if (t && t->all) return true;
    int32_t bd = B_SPACE(&g->s, a).board, ia = side_edge(g, a, d), ib = side_edge(g, b, (d + 2) % 4);
    if (!board_passes(g, bd, ia < 0 ? open_name(g) : B_EDGE(&g->s, ia).state, t)) return false;
    return board_passes(g, bd, ib < 0 ? open_name(g) : B_EDGE(&g->s, ib).state, t);
}

static void edge_remove(Game *g, int32_t i)
{
    Vec *v = &g->s.edges;
    memmove(&B_EDGE(&g->s, i), &B_EDGE(&g->s, i + 1), (size_t)(v->len - (uint32_t)i - 1) * sizeof(Edge));
    v->len--;
}

bool board_set_edge(Game *g, int32_t a, int32_t b, int32_t state, Err *e)
{
    if (ro_refused(g, e)) return false;
    State *s = &g->s;
    if (a < 0 || b < 0 || (uint32_t)a >= s->spaces.len || (uint32_t)b >= s->spaces.len) {
        err_set(e, "no such space");
        return false;
    }
    if (a == b) {
        err_set(e, "an edge joins two spaces: '%s' twice", space_name(g, a));
        return false;
    }
    if (B_SPACE(s, a).board != B_SPACE(s, b).board) {
        err_set(e, "spaces '%s' and '%s' are on different boards", space_name(g, a), space_name(g, b));
        return false;
    }
    int32_t open = open_name(g);
    if (B_BOARD(s, B_SPACE(s, a).board).grid) {
        int d = grid_dir(g, a, b);
        if (d < 0) {
            err_set(e, "spaces '%s' and '%s' are not side by side on the grid", space_name(g, a), space_name(g, b));
            return false;
        }
        if (state < 0) state = open;
        /* a state that lets through (open, or one of the board's passable): the pair
         * lets through, whoever's side held what — a door opened from the other side
         * opens; else a's side holds it, and b's keeps its own */
        bool passes = state == open || board_passes(g, B_SPACE(s, a).board, state, NULL);
        int32_t i = passes ? side_edge(g, b, (d + 2) % 4) : -1;
        if (i >= 0) edge_remove(g, i);
        i = side_edge(g, a, d);
        if (i >= 0) edge_remove(g, i);
        if (state != open) {
            Edge ed = {.a = a, .b = -1, .state = state, .dir = (int8_t)d};
            if (vec_push(&s->edges, sizeof ed, &ed) < 0) {
                err_set(e, "out of memory");
                return false;
            }
        }
    } else {
        int32_t i = graph_edge(g, a, b);
        if (i >= 0 && state >= 0) /* a new state in place: the neighbours keep their order */
            B_EDGE(s, i).state = state;
        else if (i >= 0)
            edge_remove(g, i);
        else if (state >= 0) {
            Edge ed = {.a = a, .b = b, .state = state, .dir = -1};
            if (vec_push(&s->edges, sizeof ed, &ed) < 0) {
                err_set(e, "out of memory");
                return false;
            }
        }
    }
    /* no log line: the rules say what a wall or a door means ("the Thief opens the door");
     * a board laid out in setup would fill the log with its edges */
    return board_event(g, B_SPACE(s, a).zone + 1, B_SPACE(s, b).zone + 1, 0u, NULL, e);
}

int board_neighbours(const Game *g, int32_t sp, const BoardThrough *t, int32_t *out, int cap)
{
    const State *s = &g->s;
    int n = 0;
    if (sp < 0 || (uint32_t)sp >= s->spaces.len) return 0;
    const Space *p = &B_SPACE(s, sp);
    if (B_BOARD(s, p->board).grid) {
        for (int d = 0; d < 4; d++) {
            int32_t q = board_space_at(g, p->board, p->x + DX[d], p->y + DY[d]);
            if (q < 0 || !grid_passes(g, sp, q, d, t)) continue;
            if (n < cap) out[n] = q;
            n++;
        }
        return n;
    }
    for (uint32_t i = 0; i < s->edges.len; i++) {
        const Edge *ed = &B_EDGE(s, i);
        if (ed->dir >= 0 || (ed->a != sp && ed->b != sp)) continue;
        if (!board_passes(g, p->board, ed->state, t)) continue;
        if (n < cap) out[n] = ed->a == sp ? ed->b : ed->a;
        n++;
    }
    return n;
}

int board_path(const Game *g, int32_t a, int32_t b, const BoardThrough *t, int32_t *out, int cap)
{
    const State *s = &g->s;
    uint32_t n = s->spaces.len;
    if (a < 0 || b < 0 || (uint32_t)a >= n || (uint32_t)b >= n) return 0;
    if (B_SPACE(s, a).board != B_SPACE(s, b).board) return 0;
    int cap_nb = s->edges.len > 4 ? (int)s->edges.len : 4; /* a space's neighbours at most */
    int32_t *from = xmalloc((size_t)n * sizeof *from), *queue = xmalloc((size_t)n * sizeof *queue);
    int32_t *nb = xmalloc((size_t)cap_nb * sizeof *nb);
    int found = 0;
    if (!from || !queue || !nb) goto done;
    for (uint32_t i = 0; i < n; i++) from[i] = -2;
    from[a] = -1;
    uint32_t head = 0, tail = 0;
    queue[tail++] = a;
    while (head < tail && from[b] == -2) {
        int32_t p = queue[head++];
        int k = board_neighbours(g, p, t, nb, cap_nb);
        for (int j = 0; j < k && j < cap_nb; j++)
            if (from[nb[j]] == -2) {
                from[nb[j]] = p;
                queue[tail++] = nb[j];
            }
    }
    if (from[b] == -2) goto done;
    for (int32_t p = b; p >= 0; p = from[p]) found++;
    int i = found;
    for (int32_t p = b; p >= 0; p = from[p])
        if (--i < cap) out[i] = p;
done:
    xfree(nb);
    xfree(from);
    xfree(queue);
    return found;
}

int board_line(const Game *g, int32_t sp, int dir, const BoardThrough *t, int32_t *out, int cap, Err *e)
{
    const State *s = &g->s;
    if (sp < 0 || (uint32_t)sp >= s->spaces.len || dir < 0 || dir > 3) {
        err_set(e, "no such space or direction");
        return -1;
    }
    const Space *p = &B_SPACE(s, sp);
    if (!B_BOARD(s, p->board).grid) {
        err_set(e, "board '%s' is no grid: it has no straight lines", nm(g, B_BOARD(s, p->board).name));
        return -1;
    }
    int n = 0;
    for (int32_t cur = sp;;) {
        const Space *c = &B_SPACE(s, cur);
        int32_t q = board_space_at(g, c->board, c->x + DX[dir], c->y + DY[dir]);
        if (q < 0 || !grid_passes(g, cur, q, dir, t)) break;
        if (n < cap) out[n] = q;
        n++;
        cur = q;
    }
    return n;
}

int32_t board_region_find(const Game *g, int32_t b, int32_t name)
{
    for (uint32_t i = 0; i < g->s.regions.len; i++)
        if (B_REGION(&g->s, i).board == b && B_REGION(&g->s, i).name == name) return (int32_t)i;
    return -1;
}

/* Sets or clears ZONE_SECRET on the zones of region r's spaces. */
static void region_mark(Game *g, int32_t r, bool secret)
{
    State *s = &g->s;
    for (uint32_t i = 0; i < s->spaces.len; i++) {
        if (B_SPACE(s, i).region != r) continue;
        Zone *z = &S_ZONE(s, B_SPACE(s, i).zone);
        if (secret) z->flags |= ZONE_SECRET;
        else z->flags &= (uint8_t)~ZONE_SECRET;
    }
}

int32_t board_region_new(Game *g, int32_t b, int32_t name, const int32_t *spaces, int n,
                         bool face_down, Err *e)
{
    if (ro_refused(g, e)) return -1;
    State *s = &g->s;
    if (b < 0 || (uint32_t)b >= s->boards.len) {
        err_set(e, "no board %d", b + 1);
        return -1;
    }
    if (board_region_find(g, b, name) >= 0) {
        err_set(e, "board '%s' has a region '%s' already", nm(g, B_BOARD(s, b).name), nm(g, name));
        return -1;
    }
    for (int k = 0; k < n; k++) {
        const Space *p = &B_SPACE(s, spaces[k]);
        if (p->board != b) {
            err_set(e, "space '%s' is not on board '%s'", space_name(g, spaces[k]), nm(g, B_BOARD(s, b).name));
            return -1;
        }
        if (p->region >= 0) {
            err_set(e, "space '%s' is in region '%s' already", space_name(g, spaces[k]),
                    nm(g, B_REGION(s, p->region).name));
            return -1;
        }
    }
    Region rg = {.board = b, .name = name, .face_down = face_down};
    int32_t r = vec_push(&s->regions, sizeof rg, &rg);
    if (r < 0) {
        err_set(e, "out of memory");
        return -1;
    }
    for (int k = 0; k < n; k++) B_SPACE(s, spaces[k]).region = r;
    region_mark(g, r, face_down);
    return r;
}

bool board_region_face(Game *g, int32_t r, bool face_down, Err *e)
{
    if (ro_refused(g, e)) return false;
    State *s = &g->s;
    if (r < 0 || (uint32_t)r >= s->regions.len) {
        err_set(e, "no region %d", r + 1);
        return false;
    }
    Region *rg = &B_REGION(s, r);
    if (rg->face_down == face_down) return true;
    rg->face_down = face_down;
    region_mark(g, r, face_down);
    if (face_down) /* a seat that was shown a card there forgets it: the region hides it now */
        for (uint32_t i = 0; i < s->spaces.len; i++)
            if (B_SPACE(s, i).region == r)
                for (int32_t c = S_ZONE(s, B_SPACE(s, i).zone).head; c >= 0; c = S_OBJ(s, c).next)
                    S_OBJ(s, c).known = 0;
    char text[200];
    /* people read a region by the pack's label for its name (show.zones), as a zone */
    snprintf(text, sizeof text, "region %s is turned %s", world_zone_label(g->w, rg->name),
             face_down ? "face down" : "face up");
    return board_event(g, r + 1, face_down, ~0u, text, e);
}

bool board_region_rotate(Game *g, int32_t r, int quarters, Err *e)
{
    if (ro_refused(g, e)) return false;
    State *s = &g->s;
    if (r < 0 || (uint32_t)r >= s->regions.len) {
        err_set(e, "no region %d", r + 1);
        return false;
    }
    if (quarters < -1000 || quarters > 1000) {
        err_set(e, "%d quarter turns: at most 1000 either way", quarters);
        return false;
    }
    Region *rg = &B_REGION(s, r);
    if (!B_BOARD(s, rg->board).grid) {
        err_set(e, "region '%s' is on board '%s', no grid: it cannot turn", nm(g, rg->name),
                nm(g, B_BOARD(s, rg->board).name));
        return false;
    }
    int32_t x0 = INT32_MAX, y0 = INT32_MAX, x1 = INT32_MIN, y1 = INT32_MIN, count = 0;
    for (uint32_t i = 0; i < s->spaces.len; i++) {
        const Space *p = &B_SPACE(s, i);
        if (p->region != r) continue;
        count++;
        if (p->x < x0) x0 = p->x;
        if (p->x > x1) x1 = p->x;
        if (p->y < y0) y0 = p->y;
        if (p->y > y1) y1 = p->y;
    }
    int64_t side = (int64_t)x1 - x0 + 1;
    if (count == 0 || side != (int64_t)y1 - y0 + 1 || side * side != count) {
        err_set(e, "region '%s' is not a square of spaces (%d spaces): it cannot turn", nm(g, rg->name), (int)count);
        return false;
    }
    int q = ((quarters % 4) + 4) % 4;
    int32_t n = (int32_t)side;
    for (uint32_t i = 0; i < s->spaces.len; i++) {
        Space *p = &B_SPACE(s, i);
        if (p->region != r) continue;
        for (int k = 0; k < q; k++) { /* clockwise with y down: (lx, ly) -> (n-1-ly, lx) */
            int32_t lx = p->x - x0, ly = p->y - y0;
            p->x = x0 + n - 1 - ly;
            p->y = y0 + lx;
        }
    }
    for (uint32_t i = 0; i < s->edges.len; i++) {
        Edge *ed = &B_EDGE(s, i);
        if (ed->dir >= 0 && B_SPACE(s, ed->a).region == r) ed->dir = (int8_t)((ed->dir + q) % 4);
    }
    rg->rot = (uint8_t)((rg->rot + q) % 4);
    char text[200];
    int aq = quarters < 0 ? -quarters : quarters;
    snprintf(text, sizeof text, "region %s turns %d quarter%s %s", world_zone_label(g->w, rg->name), aq, aq == 1 ? "" : "s",
             quarters < 0 ? "counter-clockwise" : "clockwise");
    /* a region face down turns unseen (Dungeon Twister lays its rooms turned at random) */
    return board_event(g, r + 1, quarters, rg->face_down ? 0u : ~0u, text, e);
}

/* ---------------------------------------------------------------- views ----------- */

static int xy_cmp(const void *pa, const void *pb)
{
    const int32_t *a = pa, *b = pb;
    if (a[1] != b[1]) return a[1] < b[1] ? -1 : 1;
    return a[0] < b[0] ? -1 : a[0] > b[0];
}

void board_view_write(const Game *g, int seat, const ViewSink *o)
{
    (void)seat; /* a region face down hides the same from every seat */
    const State *s = &g->s;
    if (!s->boards.len) return;
    o->open(o->ud, "boards", true, (int)s->boards.len);
    for (uint32_t bi = 0; bi < s->boards.len; bi++) {
        const Board *bd = &B_BOARD(s, bi);
        o->open(o->ud, NULL, false, 7);
        o->string(o->ud, "name", nm(g, bd->name));
        o->boolean(o->ud, "grid", bd->grid);
        if (bd->cells) o->boolean(o->ud, "cells", true);
        if (bd->npass != 1 || bd->pass[0] != open_name(g)) { /* absent: "open" alone */
            o->open(o->ud, "passable", true, bd->npass);
            for (int k = 0; k < bd->npass; k++) o->string(o->ud, NULL, nm(g, bd->pass[k]));
            o->close(o->ud);
        }
        int nsp = 0, ned = 0; /* the lists' sizes, for the sink's hint */
        for (uint32_t i = 0; i < s->spaces.len; i++) nsp += B_SPACE(s, i).board == (int32_t)bi;
        for (uint32_t i = 0; i < s->edges.len; i++) ned += B_SPACE(s, B_EDGE(s, i).a).board == (int32_t)bi;
        o->open(o->ud, "spaces", true, nsp);
        for (uint32_t i = 0; i < s->spaces.len; i++) {
            const Space *p = &B_SPACE(s, i);
            if (p->board != (int32_t)bi) continue;
            bool hidden = p->region >= 0 && B_REGION(s, p->region).face_down;
            o->open(o->ud, NULL, false, 5);
            o->integer(o->ud, "zone", p->zone + 1);
            o->string(o->ud, "name", space_name(g, (int32_t)i));
            if (p->region >= 0) o->string(o->ud, "region", nm(g, B_REGION(s, p->region).name));
            if (hidden) o->boolean(o->ud, "hidden", true); /* where it is would tell the turn */
            else if (p->x != BOARD_NO_XY) {
                o->integer(o->ud, "x", p->x);
                o->integer(o->ud, "y", p->y);
            }
            o->close(o->ud);
        }
        o->close(o->ud);
        o->open(o->ud, "edges", true, ned);
        for (uint32_t i = 0; i < s->edges.len; i++) {
            const Edge *ed = &B_EDGE(s, i);
            const Space *p = &B_SPACE(s, ed->a);
            if (p->board != (int32_t)bi) continue;
            if (p->region >= 0 && B_REGION(s, p->region).face_down) continue; /* it carries the edge */
            o->open(o->ud, NULL, false, 3);
            o->string(o->ud, "a", space_name(g, ed->a));
            int32_t b = ed->b;
            if (ed->dir >= 0) {
                o->string(o->ud, "side", DIR_NAMES[ed->dir]);
                b = board_space_at(g, p->board, p->x + DX[ed->dir], p->y + DY[ed->dir]);
            }
            if (b >= 0) o->string(o->ud, "b", space_name(g, b));
            o->string(o->ud, "state", nm(g, ed->state));
            o->close(o->ud);
        }
        o->close(o->ud);
        o->open(o->ud, "regions", true, 0);
        for (uint32_t r = 0; r < s->regions.len; r++) {
            const Region *rg = &B_REGION(s, r);
            if (rg->board != (int32_t)bi) continue;
            o->open(o->ud, NULL, false, 3);
            o->string(o->ud, "name", nm(g, rg->name));
            if (rg->face_down) {
                o->boolean(o->ud, "face_down", true);
                /* the places it covers, in reading order: not which space is where */
                int32_t n = 0;
                for (uint32_t i = 0; i < s->spaces.len; i++) n += B_SPACE(s, i).region == (int32_t)r;
                int32_t *xy = xmalloc((size_t)(n ? n : 1) * 2 * sizeof *xy);
                o->open(o->ud, "cells", true, n);
                if (xy) {
                    int32_t k = 0;
                    for (uint32_t i = 0; i < s->spaces.len; i++)
                        if (B_SPACE(s, i).region == (int32_t)r && B_SPACE(s, i).x != BOARD_NO_XY) {
                            xy[2 * k] = B_SPACE(s, i).x;
                            xy[2 * k + 1] = B_SPACE(s, i).y;
                            k++;
                        }
                    qsort(xy, (size_t)k, 2 * sizeof *xy, xy_cmp);
                    for (int32_t j = 0; j < k; j++) {
                        o->open(o->ud, NULL, true, 2);
                        o->integer(o->ud, NULL, xy[2 * j]);
                        o->integer(o->ud, NULL, xy[2 * j + 1]);
                        o->close(o->ud);
                    }
                }
                xfree(xy);
                o->close(o->ud);
            } else {
                o->integer(o->ud, "rotation", rg->rot);
            }
            o->close(o->ud);
        }
        o->close(o->ud);
        o->close(o->ud);
    }
    o->close(o->ud);
}
