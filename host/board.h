/* board.h — boards: spaces (each one a zone, so pieces are cards moved with obj_move),
 * the edges between spaces and their state, and regions of spaces that can be face down
 * and, on a grid, turned by quarter turns.
 *
 * A board is a grid (every space has coordinates x, y: 0,0 the top left, y growing
 * down; spaces next to each other in a row or a column are neighbours) or a graph
 * (spaces are neighbours only where an edge joins them). An edge has a state, an
 * interned name. A board lists the states that let pieces and sight through (Board.pass:
 * "open" unless the board says otherwise, "door open" too for a board with doors that
 * open and close); any other state ("wall", "door", a designer's word) stops them. A
 * query may name its own list instead (BoardThrough). On a grid an edge is a side of its
 * first space (Edge.a and a direction): a side nobody set is open, and an edge turns
 * with its first space when that space's region turns. A pair of grid neighbours lets
 * through when each one's side towards the other does.
 *
 * A grid made by cells (Board.cells: board.build's width and height) is read by people
 * cell by cell: a space is named to them by the cell it stands on now ("c5": column
 * letter, row from 1), in log lines, the table and the drawing, while scripts keep its
 * fixed zone name (the cell it started on).
 *
 * A region groups spaces of one board. Face down, its spaces' contents and the edges it
 * carries are hidden from every view (the zones get ZONE_SECRET: obj_visible says no).
 *
 * All of it is host state (State.boards/spaces/edges/regions): cloned, hashed and rolled
 * back with the rest. Read next: view.c (how a seat sees a board). */
#ifndef TABULA_BOARD_H
#define TABULA_BOARD_H

#include "game.h"
#include "view.h"

/* Directions on a grid, clockwise from north. */
enum { DIR_N = 0, DIR_E = 1, DIR_S = 2, DIR_W = 3 };
#define BOARD_NO_XY INT32_MIN

/* Which edge states a query lets through: every one (all), the n listed in states, or
 * — n == 0 and !all, or no BoardThrough at all — the states the board lets through. */
typedef struct BoardThrough {
    bool all;
    int n;
    const int32_t *states;
} BoardThrough;

/* Makes a board named `name` (unique among boards), a grid or a graph; its index. Its
 * edges let through "open" only and it is not read by cells until board_set_options. */
int32_t board_new(Game *g, int32_t name, bool grid, Err *e);
/* Board b's options, given as it is made: the n (1..BOARD_PASS_MAX, distinct) states
 * that let through (n == 0: keep "open"), and cells (a grid read by cells; refused on a
 * graph). */
bool board_set_options(Game *g, int32_t b, const int32_t *pass, int n, bool cells, Err *e);
/* Whether an edge in state `state` on board b lets through under t (NULL: the board's). */
bool board_passes(const Game *g, int32_t b, int32_t state, const BoardThrough *t);
/* The cell of the space whose zone is z on a board read by cells, when its region is not
 * face down (where it is would tell how it is turned): y * 26 + x; else -1. */
int32_t board_cell_of(const Game *g, int32_t zone);
/* A cell's name, "c5", into out (at least 8 bytes). */
void board_cell_text(int32_t cell, char *out);
/* The name people read for zone z: its cell on a board read by cells, else the pack's
 * label (show.zones) or its name. Into buf, returned. */
const char *board_space_label(const Game *g, int32_t z, char *buf, size_t n);
/* The board named name, or -1. */
int32_t board_find(const Game *g, int32_t name);
/* Adds a space named `name` to board b: a new public game zone of that name (so the
 * name must be free among the game's zones); x, y its coordinates (BOARD_NO_XY: none,
 * refused on a grid; on a grid a place taken is refused). Returns the space index. */
int32_t board_add_space(Game *g, int32_t b, int32_t name, int32_t x, int32_t y, Err *e);
/* The space whose zone is z, or -1. */
int32_t board_space_of(const Game *g, int32_t zone);
/* The space of board b at x, y, or -1. */
int32_t board_space_at(const Game *g, int32_t b, int32_t x, int32_t y);
/* The state of the edge between spaces a and b (an interned name), or -1 when they are
 * not neighbours (different boards, not side by side on a grid, no edge on a graph). */
int32_t board_edge(const Game *g, int32_t a, int32_t b);
/* Sets the edge between a and b to state (an interned name). On a grid a and b must be
 * side by side: a state not open becomes a's side (b's side towards a is kept: two rooms
 * may both have a wall there), "open" clears both sides. On a graph it joins them;
 * state -1 removes it (on a grid: sets it open). Emits "board" (no log line). */
bool board_set_edge(Game *g, int32_t a, int32_t b, int32_t state, Err *e);
/* The neighbours of space sp through edges that let through under t (NULL: the
 * board's states), written into out (at most cap; returns how many there are). Order:
 * N, E, S, W on a grid; the edges' order on a graph. */
int board_neighbours(const Game *g, int32_t sp, const BoardThrough *t, int32_t *out, int cap);
/* A shortest path from a to b through edges that let through under t: its spaces from a
 * to b into out (at most cap), returns its length in spaces, 0 when there is none. */
int board_path(const Game *g, int32_t a, int32_t b, const BoardThrough *t, int32_t *out, int cap);
/* The spaces seen in a straight line from sp towards dir on a grid (sp left out),
 * stopping before the first edge that does not let through under t, or the board's end;
 * into out (at most cap), returns how many. -1 (e filled) on a graph. */
int board_line(const Game *g, int32_t sp, int dir, const BoardThrough *t, int32_t *out, int cap, Err *e);

/* Makes region `name` (unique on its board) of the given spaces of board b (each in no
 * other region), face down or not. Returns the region index. */
int32_t board_region_new(Game *g, int32_t b, int32_t name, const int32_t *spaces, int n,
                         bool face_down, Err *e);
/* The region named name on board b, or -1. */
int32_t board_region_find(const Game *g, int32_t b, int32_t name);
/* Turns a region face up (false) or down (true). Emits "board". */
bool board_region_face(Game *g, int32_t r, bool face_down, Err *e);
/* Turns a grid region's spaces by quarters (1 clockwise, -1 counter-clockwise, any
 * number) about the middle of the square the region fills: their coordinates move, the
 * edges they carry turn with them, the pieces stay in their spaces. The region must be
 * a square of spaces. Emits "board". */
bool board_region_rotate(Game *g, int32_t r, int quarters, Err *e);

/* The boards as `seat` sees them, as the value "boards" of o (nothing when the game has
 * none): each board's spaces (zone, name, region, x and y — none for a space of a
 * face-down region, "hidden" instead), the edges not open that visible spaces carry,
 * and its regions (a face-down one: the cells it covers, not its turn). */
void board_view_write(const Game *g, int seat, const ViewSink *o);

/* A direction's name ("north", …), and the direction of a name or -1. */
const char *board_dir_name(int dir);
int board_dir_find(const char *name);

#endif
