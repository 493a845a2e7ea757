/* view.h — what one seat may see. Every view, log line and bot observation is made for
 * one seat by the functions here, and nothing else reads the state for a front end.
 * Seat -1 is a spectator (public information only).
 *
 * Conventions: a card's identity shows only where obj_visible says so; properties of a
 * hidden card are hidden with it; a seat property whose key starts with '_' is seen by
 * that seat only, and a game property starting with '_' by nobody. */
#ifndef TABULA_VIEW_H
#define TABULA_VIEW_H

#include "game.h"

/* What a view is written into, value by value in document order. key: the value's name
 * in the object open, or NULL for the next item of the list open (and for the outermost
 * value). open starts an object (array: a list) that takes the values up to its close;
 * n: about how many (a hint for the size to make it, never a limit). */
typedef struct ViewSink {
    void *ud;
    void (*open)(void *ud, const char *key, bool array, int n);
    void (*close)(void *ud);
    void (*integer)(void *ud, const char *key, int64_t v);
    void (*string)(void *ud, const char *key, const char *v); /* always UTF-8 */
    void (*boolean)(void *ud, const char *key, bool v);
    void (*null)(void *ud, const char *key);
} ViewSink;
/* The state as `seat` sees it, written into o: the one function that makes a seat's
 * view (view_json is it as JSON; a bot gets it as Lua tables). */
void view_write(const Game *g, int seat, const ViewSink *o);
/* view_write with only the big sections parts names (VIEW_ZONES: "zones", VIEW_BOARDS:
 * "boards", board_view_write): a bot's Lua view writes each of them only when the bot
 * first reads it (vm/bot.c). */
enum { VIEW_ZONES = 1, VIEW_BOARDS = 2 };
void view_write_parts(const Game *g, int seat, const ViewSink *o, unsigned parts);
/* The "zones" section of seat's view alone: the list, written as the outermost value. */
void view_zones_write(const Game *g, int seat, const ViewSink *o);
/* The pending decision as seat sees it, as the value `key` of o; false (nothing
 * written) when the seat does not decide now. */
bool view_decision_write(const Game *g, int seat, const char *key, const ViewSink *o);
/* The state as `seat` sees it, as a new JSON object (caller decrefs). */
json_t *view_json(const Game *g, int seat);
/* Flags of the log text. Property changes read as the packs' "show" says (a label for
 * the key, names for values); a change it hides or keeps out of the log ("log": false)
 * is left out unless VIEW_ALL_PROPS (designer mode). This is presentation only, not
 * secrecy: view_json still has every visible property. */
enum { VIEW_ALL_PROPS = 1, VIEW_QUIET_STEPS = 2 };
/* VIEW_QUIET_STEPS (view_log, view_log_groups): a step's header line ("-- turn 3: limit
 * --") is left out when the next line shown is another step's header: a step in which
 * nothing the seat sees happened (a trick-taking game's deal step, a hand limit with
 * nothing to discard) adds no line. The last header shown stays. */
/* One log event as text for seat (visible parts only) into buf; false when the event
 * is not shown to that seat at all. */
bool view_event_text(const Game *g, int seat, uint32_t ev, int flags, char *buf, size_t n);
/* The log lines for seat from event index `from`, one per line, appended to b. */
void view_log(const Game *g, int seat, uint32_t from, int flags, Buf *b);
/* Where in b's log seat stops reading what it read in a's first `upto` events: the
 * index in b after the last of the seat's lines that both logs have, in the same order,
 * from their start (events it is not shown are passed over). *known: where the lines
 * at the end of b begin that the seat read at the end of a (b's length when none, or
 * when it had not read all of a). For a game rebuilt, reloaded (a and b of two worlds)
 * or changed by a designer's chunk: b's lines between the two are news to the seat. */
uint32_t view_log_agree(const Game *a, const Game *b, int seat, int flags, uint32_t upto, uint32_t *known);
/* The same lines group by group: fn gets the text of each group (one or more lines,
 * each ending in a newline) and the index of its first event. A group made of a run of
 * events (moves between the same two zones) may take in events that come later: to
 * extend the lines of a shorter log, start again from the first event of its last
 * group. */
typedef void (*ViewGroupFn)(void *ud, uint32_t first, const char *text, size_t len);
void view_log_groups(const Game *g, int seat, uint32_t from, int flags, ViewGroupFn fn, void *ud);
/* The pending decision as seat sees it (NULL when the seat does not decide now). */
json_t *view_decision(const Game *g, int seat);
/* Whether an event after `then` (an earlier state of the same game) showed seat the
 * identity of a card it could not see in then — a card drawn, revealed, peeked at,
 * flipped or moved into view, even if it is hidden again by now — or a log line meant
 * for some seats only. Cards made since are left out. */
bool view_learned_since(const Game *now, const Game *then, int seat);
/* Whether a property is visible to seat (see the conventions above). */
bool view_prop_visible(const Game *g, const Prop *p, int seat);

#endif
