/* test_sandbox_own.c — the hostile-script suite, part 2: the suite's own cases, beyond
 * ../shared/sandbox-cases.md, found by thinking like an attacker. Same rules as part 1
 * (test_sandbox.c): the typed error, the action undone, the next action fine, bounded
 * time. Cases that need a tiny budget use their own worker (sb_open); cases that crash
 * the host today run in a child process (sb_child) and are guarded with KNOWN_BUG.
 *
 * Names: sandbox_own_what. */
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test_sandbox.h"

/* The dump without its first line (hash and event count): what the seats see. For
 * cases whose hostile part runs as a scheduled action after a chunk that succeeded. */
static char *views(const Game *g)
{
    char *d = t_dump(g);
    char *nl = d ? strchr(d, '\n') : NULL;
    if (nl) memmove(d, nl, strlen(nl) + 1);
    return d;
}

/* Runs card function fn of the Bomb as its own action (scheduled from a chunk) and
 * checks the error (one of the '|'-separated alternatives of want), that the seats see
 * the same as before, and the next action. */
static void scheduled_fails_at(const char *file, int line, Game *g, const char *fn, const char *want)
{
    if (!g) return;
    char src[300];
    snprintf(src, sizeof src, PRE "game.schedule('%s', { card = C('bomb') })", fn);
    char *before = views(g);
    double t0 = sb_now();
    int n = t_run(g, src);
    double dt = sb_now() - t0;
    char *after = views(g);
    if (n != 1) t_fail(file, line, "%s: %d errors, expected 1 (%s)", fn, n, g->last_error.msg);
    bool found = false; /* want: alternatives separated by '|' */
    for (const char *w = want; *w && !found;) {
        const char *bar = strchr(w, '|');
        size_t len = bar ? (size_t)(bar - w) : strlen(w);
        char part[200];
        snprintf(part, sizeof part, "%.*s", (int)(len < sizeof part ? len : sizeof part - 1), w);
        found = strstr(g->last_error.msg, part) != NULL;
        w += len + (bar ? 1 : 0);
    }
    if (!found) t_fail(file, line, "'%.500s' does not contain any of '%s'", g->last_error.msg, want);
    if (!before || !after || strcmp(before, after) != 0) t_fail(file, line, "%s changed the game", fn);
    if (dt > 1.0 * sb_slow()) t_fail(file, line, "%s took %.2f s", fn, dt);
    free(before);
    free(after);
    sb_alive_at(file, line, g);
}
#define SCHEDULED_FAILS(g, fn, want) scheduled_fails_at(__FILE__, __LINE__, (g), (fn), (want))

/* Runs src in game g and reports whether it ended with the budget error. */
static bool trips_budget(Game *g, const char *src, double *secs)
{
    int n0 = g->nerrors;
    double t0 = sb_now();
    int n = t_run(g, src);
    *secs = sb_now() - t0;
    return n == 1 && g->nerrors == n0 + 1 && strstr(g->last_error.msg, "instruction budget");
}

/* ================================================================ strings ========= */

TEST(sandbox_own_format_widths_addresses_and_size)
{
    Game *g = sb_game(t_worker(HP), 1);
    if (!g) return;
    UNDONE(g, "return string.format('%5000000d', 1)", "invalid conversion");
    UNDONE(g, "return string.format('%p', {})", "'%p' is not allowed");
    /* Lua's formatter runs in the wrapper's frame: its errors name the function and the
     * argument as Lua's own would */
    UNDONE(g, "return string.format('%d', 'x')", "bad argument #2 to 'format' (number expected, got string)");
    UNDONE(g, "return string.format('%d', 1.5)", "bad argument #2 to 'format' (number has no integer representation)");
    UNDONE(g, "local s = string.rep('x', 1 << 20) return string.format('%s%s', s, s)", "over the 1048576-byte cap");
    /* '%s' of a table or function gives tostring's text, never an address */
    CHECK_INT(t_run(g, "game.set('f', string.format('%s|%s|%s', {}, print, setmetatable({}, "
                       "{ __tostring = function() return 'T' end })))"),
              0);
    const char *f = sb_get_str(g, "f");
    CHECK(f && strcmp(f, "table|function|T") == 0);
    game_free(g);
    /* 200 arguments of 1 MiB: the memory cap, in a child */
    SbChild r;
    long grew;
    int sig = sb_child("local s = string.rep('x', 1 << 20) local t = {} for i = 1, 200 do t[i] = s end\n"
                       "return string.format(string.rep('%s', 200), table.unpack(t, 1, 200))",
                       8u << 20, 10.0 * sb_slow(), &r, &grew);
    CHECK_INT(sig, 0);
    if (sig == 0) {
        CHECK_INT(r.errors, 1);
        CHECK_MSG(strstr(r.msg, "not enough memory") || strstr(r.msg, "cap"), "%s", r.msg);
        CHECK(r.undone && r.alive && r.mem_peak <= r.cap);
    }
}

TEST(sandbox_own_recursion_through_metamethods_and_library_callbacks)
{
    Game *g = sb_game(t_worker(HP), 1);
    static const char *const srcs[] = {
        "local mt = { __eq = function(a, b) return a == b end }\n"
        "local a, b = setmetatable({}, mt), setmetatable({}, mt) return a == b",
        "local mt = { __lt = function(a, b) return a < b end }\n"
        "local a, b = setmetatable({}, mt), setmetatable({}, mt) return a < b",
        "local t t = setmetatable({}, { __concat = function(a, b) return t .. 'x' end }) return t .. 'y'",
        "local t t = setmetatable({}, { __len = function() return #t end }) return #t",
        "local t t = setmetatable({}, { __unm = function() return -t end }) return -t",
        "local t = { 3, 2, 1 } local function lt(a, b) table.sort(t, lt) return a < b end table.sort(t, lt)",
        "local t t = setmetatable({}, { __index = function(_, k) for _ in pairs(t) do end return t[k] end }) return t.x",
        "local t t = setmetatable({}, { __tostring = function() return string.format('%s', t) end }) return tostring(t)",
        NULL};
    for (int i = 0; srcs[i]; i++) UNDONE(g, srcs[i], "stack overflow");
    UNDONE(g, BOMB("recurse"), "C stack overflow"); /* card.call calling itself */
    game_free(g);
}

TEST(sandbox_own_table_functions_with_extreme_bounds)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "return table.concat({ 'a', 'b' }, string.rep('x', 1 << 20))", "over the 1048576-byte cap");
    UNDONE(g, "return table.concat({}, '', math.maxinteger - 1, math.maxinteger)", "invalid value");
    UNDONE(g, "return table.concat({}, '', math.mininteger, math.maxinteger)", "too many items");
    UNDONE(g, "return table.unpack({}, math.mininteger, math.maxinteger)", "at most 256 values");
    UNDONE(g, "return table.unpack({}, -1, math.maxinteger)", "at most 256 values");
    UNDONE(g, "return table.move({}, math.mininteger, math.maxinteger, 1)", "at most 100000 items");
    UNDONE(g, "return math.random(math.mininteger, math.maxinteger)", "interval too large");
    UNDONE(g, "return math.random(math.mininteger, 1)", "interval too large");
    UNDONE(g, "return math.random(0)", "interval is empty");
    /* a __len that lies: the shifting is charged, not run for 2^63 steps */
    UNDONE(g, "table.insert(setmetatable({}, { __len = function() return math.maxinteger - 1 end }), 1, 'x')",
           BUDGET);
    UNDONE(g, "table.remove(setmetatable({}, { __len = function() return math.maxinteger end }), 1)", BUDGET);
    UNDONE(g, "table.sort(setmetatable({}, { __len = function() return 1 << 40 end }))", "at most 100000 items");
    if (g) {
        CHECK_INT(t_run(g, "local r = math.random(math.maxinteger - 5, math.maxinteger)\n"
                           "game.set('r', r >= math.maxinteger - 5 and 1 or 0)\n"
                           "game.set('c', #table.concat({ 'a', 'b' }, ',', 1, 2))"),
                  0);
        CHECK_INT(sb_get(g, "r", 0), 1);
        CHECK_INT(sb_get(g, "c", 0), 3);
    }
    game_free(g);
}

TEST(sandbox_own_many_values_at_once)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "local s = string.rep('a', 1 << 20) return utf8.char(s:byte(1, -1))", "string.byte: at most 4096 values");
    UNDONE(g, "local s = string.rep('a', 1 << 20) return utf8.codepoint(s, 1, -1)", "utf8.codepoint: at most 4096 values");
    if (g) {
        CHECK_INT(t_run(g, "local s = string.rep('a', 5000)\n"
                           "game.set('n', select('#', s:byte(1, 4096)))\n"
                           "game.set('u', #utf8.char(s:byte(1, 4096)))\n"
                           "game.set('m', math.max(s:byte(-4096, -1)))"),
                  0);
        CHECK_INT(sb_get(g, "n", 0), 4096);
        CHECK_INT(sb_get(g, "u", 0), 4096);
        CHECK_INT(sb_get(g, "m", 0), 97);
    }
    game_free(g);
}

/* Work inside C functions is charged: on a 100,000-instruction budget each of these
 * ran to the end (or hung) before, unmetered. */
TEST(sandbox_own_c_library_work_is_charged)
{
    Worker wk;
    Err e;
    err_clear(&e);
    if (!sb_open(&wk, HP, NULL, 0, 100000, &e)) {
        t_fail(__FILE__, __LINE__, "open: %s", e.msg);
        return;
    }
    Game *g = sb_game(&wk, 1);
    static const char *const srcs[] = {
        "local s = string.rep('x', 1 << 20) for i = 1, 50 do local u = s:upper() end",
        "local s = string.rep('x', 1 << 20) for i = 1, 50 do local u = s:lower() end",
        "local s = string.rep('x', 1 << 20) for i = 1, 50 do local u = s:reverse() end",
        "local s = string.rep('x', 1 << 20) for i = 1, 50 do local u = s:sub(1, -1) end",
        "local s = string.rep('1', 1 << 20) for i = 1, 50 do local u = tonumber(s) end",
        "local s = string.rep('1', 1 << 20) for i = 1, 50 do local u = s + 0 end",
        "local s = string.rep('x', 1 << 20) for i = 1, 50 do local u = utf8.len(s) end",
        "local s = string.rep('x', 1 << 20) for i = 1, 50 do local u = utf8.offset(s, -1) end",
        "local t = setmetatable({}, { __len = function() return 1000000 end }) table.insert(t, 1, 'x')",
        "for i = 1, 1e6 do pcall(error, 'caught') end",
        NULL};
    for (int i = 0; g && srcs[i]; i++) {
        double dt;
        CHECK_MSG(trips_budget(g, srcs[i], &dt), "not charged: %s (%s)", srcs[i], g->last_error.msg);
        CHECK_MSG(dt < 0.5 * sb_slow(), "%.2f s: %s", dt, srcs[i]);
    }
    if (g) {
        /* ("").rep(n) copies nothing n times inside Lua: it must not loop at all */
        double t0 = sb_now();
        CHECK_INT(t_run(g, "game.set('e', #string.rep('', math.maxinteger))"), 0);
        CHECK(sb_now() - t0 < 0.1 * sb_slow());
        CHECK_INT(sb_get(g, "e", -1), 0);
        /* KNOWN BUG (Lua's VM, not fixable from the library layer): comparing and
         * concatenating long strings are single VM instructions the count hook cannot
         * see — 400 comparisons of 256 KiB strings or 200 concatenations to 512 KiB stay
         * under this 100,000-instruction budget (with 1 MiB strings, each instruction is
         * ~0.1 ms: on the default budget such a loop runs for minutes).
         * Mitigation belongs in vm.c: charge fuel in the allocator (concatenation
         * allocates) and cap the length of any one string. */
        double dt;
        bool cmp = trips_budget(g, "local s, t = string.rep('x', 1 << 18), string.rep('x', 1 << 18)\n"
                                   "for i = 1, 400 do local b = s < t end", &dt);
        KNOWN_BUG(cmp, "VM string comparison is unmetered work (1 MiB per instruction)");
        bool cat = trips_budget(g, "local s = string.rep('x', 1 << 18) for i = 1, 200 do local u = s .. s end", &dt);
        KNOWN_BUG(cat, "VM string concatenation is unmetered work (vm.c allocator could charge it)");
    }
    game_free(g);
    sb_close(&wk);
}

TEST(sandbox_own_a_refused_pattern_says_the_rule_and_how_to_rewrite)
{
    Game *g = sb_game(t_worker(HP), 1);
    static const struct {
        const char *lua, *want;
    } cases[] = {
        /* a bot's pattern that failed 145 games of 200 at run time */
        {"return ('Lair of seat 2'):match('^(.-) of seat %d+$')",
         "string.match: the sandbox refuses the pattern '^(.-) of seat %d+$': it has 2 variable-length "
         "quantifiers ('.-', '%d+') and a pattern may have at most 1: match in steps of one quantifier each"},
        {"return ('x'):find('[%a_]+%s*=')", "quantifiers ('[%a_]+', '%s*')"},
        {"return ('(a)'):gsub('%b()', '')", "string.gsub: the sandbox refuses the pattern '%b()': '%b' (a balanced match) is refused"},
        {"return ('aa'):match('(a)%1')", "the back-reference '%1' is refused: capture the part, then compare it with =="},
        {"for w in ('50%'):gmatch('%d%') do end", "string.gmatch: the sandbox refuses the pattern '%d%': it ends with a lone '%'"},
        {NULL, NULL}};
    for (int i = 0; g && cases[i].lua; i++) {
        CHECK_INT(t_run(g, cases[i].lua), 1);
        CHECK_CONTAINS(g->last_error.msg, cases[i].want);
    }
    /* one quantifier, captures, sets and %f are allowed */
    if (g)
        CHECK_INT(t_run(g, "assert(('Lair of seat 2'):match('^(.-) of seat') == 'Lair')\n"
                           "assert(('seat 12'):match('%d+$') == '12' and ('a-b'):find('[%-]') == 2)\n"
                           "assert(('THE (cat)'):find('%f[%a]%a+') == 1)"),
                  0);
    game_free(g);
}

TEST(sandbox_own_pattern_backtracking_is_refused_or_charged)
{
    Game *g = sb_game(t_worker(HP), 1);
    /* 'a?' x 40 then 'a' x 40: 2^40 backtracking steps inside one C call */
    UNDONE_IN(g, "return string.find(('a'):rep(40), ('a?'):rep(40) .. ('a'):rep(40))",
              "it has 40 variable-length quantifiers ('a?', 'a?', 'a?', 'a?', …)", 0.05);
    UNDONE_IN(g, "return ('a'):rep(30):match(('a?'):rep(30) .. ('a'):rep(30))", "the sandbox refuses the pattern", 0.05);
    /* a plain find of a long needle compares it at every position */
    UNDONE_IN(g, "local s = ('a'):rep(1 << 20) return s:find(('a'):rep(1 << 19) .. 'b', 1, true)", BUDGET, 0.05);
    /* one quantifier and a long literal tail: 1.3 s in one call before; now charged */
    UNDONE_IN(g, "local s = ('a'):rep(1000) return s:find('a-' .. ('a'):rep(1000) .. 'b')", BUDGET, 0.05);
    if (g) {
        CHECK_INT(t_run(g, "game.set('p', ('colour'):find('colou?r') or 0)\n"
                           "game.set('d', tonumber(('x=10'):match('(%d+)')))\n"
                           "game.set('w', select(2, ('a b c'):gsub('%a', '')))"),
                  0);
        CHECK_INT(sb_get(g, "p", 0), 1);
        CHECK_INT(sb_get(g, "d", 0), 10);
        CHECK_INT(sb_get(g, "w", 0), 3);
    }
    game_free(g);
}

/* ================================================================ state between calls */

TEST(sandbox_own_no_state_survives_between_calls)
{
    Game *g = sb_game(t_worker(HP), 1);
    for (int round = 0; g && round < 2; round++) {
        /* a table reachable only through a metatable's __index closure */
        UNDONE(g, BOMB("stash"), "attempt to write to a read-only table (key 'n')");
        /* the getmetatable sentinel is shared by every script: it is read-only */
        UNDONE(g, "getmetatable('').calls = 1", "attempt to write to a read-only table (key 'calls')");
        CHECK_INT(t_run(g, PRE "game.set('s', card.call(C('bomb'), 'sentinel'))"), 0);
        CHECK_INT(sb_get(g, "s", -1), 0);
        /* a counter made by a factory the chunk called while loading */
        UNDONE(g, BOMB("counter"), "made while the script loaded");
        /* iterators made while loading keep their position */
        UNDONE(g, BOMB("iter_pairs"), "an iterator made while the script loaded");
        UNDONE(g, BOMB("iter_gmatch"), "an iterator made while the script loaded");
    }
    game_free(g);
}

/* A one-card pack whose script is `src`: opens (or not) and, if it opens, runs `use` as
 * a chunk on a new game before anything else (X() makes the card), then advances to
 * the rules' question; returns the error count (-1: did not open, e filled). */
static int with_card(const char *src, const char *use, Err *e, char *msg, size_t n)
{
    char dir[128];
    if (!sb_tmp_pack(dir, sizeof dir,
                     "return { turn = { 'main' }, setup = function(ctx) zone.new('z', { in_play = true }) end,\n"
                     "  steps = { main = { enter = function(ctx) decide.choose(1, { 'a', 'b' }) end } } }\n",
                     src, strlen(src))) {
        err_set(e, "cannot write a temporary pack");
        return -1;
    }
    Worker wk;
    int r = -1;
    msg[0] = 0;
    if (sb_open(&wk, dir, NULL, 0, 0, e)) {
        Game *g = t_game(&wk, 1, 2);
        if (g) {
            char chunk[600];
            snprintf(chunk, sizeof chunk, "local function X() return card.new('x', zone.find('zz') or "
                                          "zone.new('zz', { in_play = true })) end\n%s", use);
            r = t_run(g, chunk);
            snprintf(msg, n, "%s", g->last_error.msg);
            game_free(g);
        }
        sb_close(&wk);
    }
    sb_tmp_rm(dir);
    return r;
}

/* A script error in a game names its place once: the file and line are the error's
 * (the line that raised, or with error(msg, 2) the line that called), the message is the
 * card and Lua's text without the position Lua put in front of it (the log line and
 * sim's "first error" read "x.lua:5: card 'X' (x): x", not "x.lua:5: card 'X' (x):
 * x.lua:5: x"), and a traceback follows only when a function the card's function called
 * raised it. Each runs as the card's own action (game.schedule), as a played card does. */
TEST(sandbox_own_a_script_error_names_its_place_once)
{
    static const char script[] = "-- X\n"
                                 "local function helper(n) if n < 1 then error('n is ' .. n) end end\n"
                                 "local function check(n) if n < 1 then error('check: n is ' .. n, 2) end end\n"
                                 "return {\n"
                                 "  raise = function(ctx) error('x') end,\n"
                                 "  nil_arith = function(ctx)\n"
                                 "    local n = nil\n"
                                 "    return n + 1\n"
                                 "  end,\n"
                                 "  deep = function(ctx) helper(0) end,\n"
                                 "  blame = function(ctx) check(0) end,\n"
                                 "}\n";
    static const struct {
        const char *fn;
        int line;
        const char *msg;   /* the message's first line, whole */
        const char *traceback; /* a line the traceback shows, or NULL for none */
    } cases[] = {
        {"raise", 5, "card 'X' (x): x", NULL},
        {"nil_arith", 8, "card 'X' (x): attempt to perform arithmetic on a nil value (local 'n')", NULL},
        {"deep", 2, "card 'X' (x): n is 0", "x.lua:10: in "},
        {"blame", 11, "card 'X' (x): check: n is 0", "x.lua:3: in upvalue 'check'"},
    };
    char dir[128];
    if (!sb_tmp_pack(dir, sizeof dir,
                     "return { turn = { 'main' }, setup = function(ctx) zone.new('z') end,\n"
                     "  steps = { main = { enter = function(ctx) decide.choose(1, { 'a', 'b' }) end } } }\n",
                     script, sizeof script - 1)) {
        t_fail(__FILE__, __LINE__, "cannot write a temporary pack");
        return;
    }
    Worker wk;
    Err e;
    err_clear(&e);
    if (!sb_open(&wk, dir, NULL, 0, 0, &e)) {
        t_fail(__FILE__, __LINE__, "the pack did not open: %s", e.msg);
        sb_tmp_rm(dir);
        return;
    }
    Game *g = t_game(&wk, 1, 2);
    if (g) CHECK_INT(game_advance(g), ADV_DECISION);
    for (size_t i = 0; g && i < sizeof cases / sizeof cases[0]; i++) {
        char chunk[200];
        snprintf(chunk, sizeof chunk, "game.schedule('%s', { card = card.new('x', zone.find('z')) })", cases[i].fn);
        /* at the rules' question: the task runs once it is answered */
        int before = g->nerrors;
        CHECK_INT(t_run(g, chunk), 0);
        DecisionView d = game_decision(g);
        int32_t id = d.nopt ? d.opts[0].id : 0;
        CHECK(d.nopt > 0 && game_answer(g, &id, 1, &e));
        game_advance(g);
        CHECK_MSG(g->nerrors == before + 1, "%s: %d errors: %s", cases[i].fn, g->nerrors - before, g->last_error.msg);
        if (g->nerrors != before + 1) continue;
        const Err *x = &g->last_error;
        size_t l = strlen(x->file);
        CHECK_MSG(l >= 11 && strcmp(x->file + l - 11, "cards/x.lua") == 0, "%s: file '%s'", cases[i].fn, x->file);
        CHECK_MSG(x->line == cases[i].line, "%s: line %d, expected %d", cases[i].fn, x->line, cases[i].line);
        size_t first = strcspn(x->msg, "\n");
        CHECK_MSG(first == strlen(cases[i].msg) && strncmp(x->msg, cases[i].msg, first) == 0,
                  "%s: message '%.*s', expected '%s'", cases[i].fn, (int)first, x->msg, cases[i].msg);
        CHECK_MSG((strstr(x->msg, "stack traceback") != NULL) == (cases[i].traceback != NULL),
                  "%s: traceback %s: %s", cases[i].fn, cases[i].traceback ? "missing" : "not wanted", x->msg);
        /* the log line and what the front ends print (err_show) name the place once */
        char want[300];
        snprintf(want, sizeof want, "script error (action undone): %s:%d: %s", x->file, cases[i].line, cases[i].msg);
        CHECK_CONTAINS(sb_last_log(g), want);
        char shown[900];
        err_show(x, shown, sizeof shown);
        snprintf(want, sizeof want, "%s:%d: %s", x->file, cases[i].line, cases[i].msg);
        CHECK_MSG(strncmp(shown, want, strlen(want)) == 0, "%s: shown as '%s'", cases[i].fn, shown);
        if (cases[i].traceback) CHECK_CONTAINS(x->msg, cases[i].traceback);
    }
    game_free(g);
    sb_close(&wk);
    sb_tmp_rm(dir);
}

/* Loads a one-card pack whose script is src, which must fail: the formatted error in
 * buf, and e. */
static void load_fails(const char *src, Err *e, char *buf, size_t n)
{
    char dir[128];
    buf[0] = 0;
    err_clear(e);
    if (!sb_tmp_pack(dir, sizeof dir, NULL, src, strlen(src))) return;
    Worker wk;
    bool opened = sb_open(&wk, dir, NULL, 0, 0, e);
    CHECK(!opened);
    if (opened) sb_close(&wk);
    err_format(e, buf, n);
    sb_tmp_rm(dir);
}

TEST(sandbox_own_load_errors_say_where_and_trace_only_calls)
{
    Err e;
    char buf[900];
    /* raised without a position (a helper's check of a card's data): the line that
     * raised it; the main chunk alone needs no traceback */
    load_fails("local x = 1\nerror('hunt card x: bad phase', 0) return {}", &e, buf, sizeof buf);
    CHECK_CONTAINS(e.file, "cards/x.lua");
    CHECK_INT(e.line, 2);
    CHECK_CONTAINS(buf, "hunt card x: bad phase");
    CHECK(strstr(buf, "stack traceback") == NULL);
    /* an ordinary error in the main chunk: its position, no traceback */
    load_fails("local t = nil\nlocal y = t.x return {}", &e, buf, sizeof buf);
    CHECK_INT(e.line, 2);
    CHECK(strstr(buf, "stack traceback") == NULL);
    /* raised inside a function the main chunk called: the traceback shows the call */
    load_fails("local function check(v)\n  if not v then error('no data', 0) end\nend\ncheck(false)\n"
               "return {}",
               &e, buf, sizeof buf);
    CHECK_INT(e.line, 2);
    CHECK_CONTAINS(buf, "stack traceback");
    CHECK_CONTAINS(buf, "x.lua:4: in main chunk");
}

TEST(sandbox_own_hostile_scripts_at_load)
{
    LOAD_REFUSED("local n = 0 return { f = function() n = n + 1 end }", "assigns to 'n'", true);
    LOAD_REFUSED("local n = 0 return { f = function() return function() n = 1 end end }", "assigns to 'n'", true);
    LOAD_REFUSED("return { f = function() _ENV = {} end }", "assigns to '_ENV'", true);
    LOAD_REFUSED("return 42", "must return a table", false);
    LOAD_REFUSED("while true do end return {}", "instruction budget", false);
    /* the host API needs a running game: the error names the file and line */
    {
        Err e;
        char buf[900];
        load_fails("game.turn() return {}", &e, buf, sizeof buf);
        CHECK_CONTAINS(buf, "no game is running");
        CHECK_CONTAINS(e.file, "cards/x.lua");
        CHECK_INT(e.line, 1);
    }
    /* a result nested 200 deep used to make the freeze raise outside any protected call
     * (abort); it loads now, frozen all the way down */
    Err e;
    err_clear(&e);
    char msg[600];
    int n = with_card("local t = {} local c = t for i = 1, 200 do c[1] = {} c = c[1] end\n"
                      "return { data = t, poke = function(ctx) local c = t\n"
                      "  for i = 1, 200 do c = c[1] end c.x = 1 end }",
                      "card.call(X(), 'poke')", &e, msg, sizeof msg);
    CHECK_MSG(n == 1, "%d (%s)", n, e.msg);
    CHECK_CONTAINS(msg, "attempt to write to a read-only table (key 'x')");
    /* a table whose metatable a script made is walked too, also when it is the result */
    n = with_card("local hits = {} return setmetatable({ f = function() hits[1] = 1 end },\n"
                  "  { __index = function(t, k) hits.k = k end })",
                  "card.call(X(), 'f')", &e, msg, sizeof msg);
    CHECK_MSG(n == 1, "%d (%s)", n, e.msg);
    CHECK_CONTAINS(msg, "attempt to write to a read-only table");
}

/* The host looks a card's functions up outside any protected call (push_action,
 * vm_can_play; read_rules_config at load): that lookup must not run the script's
 * metamethods. It used lua_getfield, so a script table whose __index raised, or looped
 * into the budget hook, was "PANIC: unprotected error in call to Lua API" and abort();
 * the host now reads raw fields (vm_rawfield). Each case runs in a child process, so a
 * regression cannot take the suite down with it. */
TEST(sandbox_own_host_lookups_on_script_tables)
{
    static const char *const scripts[] = {
        "return setmetatable({}, { __index = function(t, k) error('boom from __index') end })",
        "return setmetatable({}, { __index = function(t, k) while true do end end })",
        NULL};
    for (int i = 0; scripts[i]; i++) {
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) {
            Err e;
            char msg[600];
            int n = with_card(scripts[i], "game.schedule('f', { card = X() })", &e, msg, sizeof msg);
            _exit(n >= 0 ? 0 : 1); /* any clean outcome: the process lived */
        }
        int st = 0;
        waitpid(pid, &st, 0);
        CHECK_MSG(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the host died (status %d) on: %s", st, scripts[i]);
    }
}

TEST(sandbox_own_memory_full_then_an_error)
{
    SbChild r;
    long grew;
    int sig = sb_child("local l local ok = pcall(function() while true do l = { l } end end)\n"
                       "error('after the cap')",
                       8u << 20, 10.0 * sb_slow(), &r, &grew);
    /* the error report (a traceback) is built in protected mode within the reserve the
     * allocator keeps below the cap: the host never aborts */
    CHECK_MSG(sig == 0, "the host died (signal %d) reporting an error after the memory cap", sig);
    if (sig == 0) {
        CHECK_INT(r.errors, 1);
        CHECK(r.undone && r.alive);
    }
}

/* A game of the hostile pack at seat 1's offer on a worker of its own (cap and budget: 0
 * for the defaults); NULL, the failure reported and the worker closed, when it cannot. */
static Game *own_game(Worker *wk, size_t cap, long budget)
{
    Err e;
    err_clear(&e);
    if (!sb_open(wk, HP, NULL, cap, budget, &e)) {
        t_fail(__FILE__, __LINE__, "cannot open the hostile pack: %s", e.msg);
        return NULL;
    }
    Game *g = sb_game(wk, 1);
    if (!g) worker_close(wk);
    return g;
}

/* After a script filled the memory cap, the worker's garbage is collected as before:
 * Lua 5.4.4's generational collector left the target of its emergency collection unset
 * (vm_gc_settle), and every later action ran with the heap at the cap. */
TEST(sandbox_own_garbage_is_collected_after_the_cap_was_hit)
{
    const size_t cap = 16u << 20;
    Worker wk;
    Game *g = own_game(&wk, cap, 0);
    if (!g) return;
    size_t most = 0;
    for (int round = 0; round < 3; round++) {
        /* live data to the cap: the action fails, and all it made is garbage */
        CHECK_INT(t_run(g, "local t = {} for i = 1, 1000 do t[i] = string.rep('a', 1 << 19) .. i end"), 1);
        CHECK_MSG(strstr(g->last_error.msg, "not enough memory"), "%s", g->last_error.msg);
        for (int i = 0; i < 12; i++) {
            /* 4 MiB of garbage an action */
            CHECK_INT(t_run(g, "for i = 1, 4 do local s = string.rep('b', 1 << 19) .. i end"), 0);
            size_t m = vm_mem_used(wk.vm);
            if (m > most) most = m;
        }
    }
    CHECK_MSG(most < cap / 2, "the heap reached %zu bytes of the %zu-byte cap between actions that keep nothing",
              most, cap);
    ALIVE(g);
    game_free(g);
    worker_close(&wk);
}

/* Within one action too: after an emergency collection freed most of the heap (the
 * target it leaves is unset), strings built by the library functions still find room.
 * lauxlib allocates their buffer outside Lua's emergency collection, so without
 * sandbox_room string.rep failed with "not enough memory" on a heap of garbage. */
TEST(sandbox_own_library_strings_find_room_after_an_emergency_collection)
{
    const size_t cap = 16u << 20;
    Worker wk;
    Game *g = own_game(&wk, cap, 50000000); /* (the builders' fuel) */
    if (!g) return;
    static const char *const builders[] = {
        "string.rep('b', 1 << 19)",
        "table.concat({ string.rep('c', 1 << 18), string.rep('d', 1 << 18) })",
        "string.upper(half)",
        "string.format('%s%s', half, half)",
        "string.gsub(half .. half, 'q', 'y')",
    };
    for (size_t b = 0; b < sizeof builders / sizeof *builders; b++) {
        char src[1200];
        snprintf(src, sizeof src,
                 /* 14 MiB live, then dropped; a concatenation past the cap collects it
                  * in emergency; then 40 strings of 512 KiB, each garbage at once */
                 "local half = string.rep('x', 1 << 18)\n"
                 "local t = {} for i = 1, 28 do t[i] = string.rep('a', 1 << 19) .. i end\n"
                 "t = nil\n"
                 "local z = half .. half .. half .. half .. half .. half .. half .. half z = nil\n"
                 "for i = 1, 40 do local s = %s end\n",
                 builders[b]);
        CHECK_MSG(t_run(g, src) == 0, "%s: %s", builders[b], g->last_error.msg);
    }
    ALIVE(g);
    game_free(g);
    worker_close(&wk);
}

/* A stack overflow a script's pcall catches leaves no megabytes of stack in the worker:
 * the generational collector never shrinks a stack, and the thread went back to the pool
 * with its 8 MB (THREAD_GROWTH_KEPT). */
TEST(sandbox_own_a_caught_stack_overflow_leaves_no_stack_behind)
{
    Worker wk;
    Game *g = own_game(&wk, 0, 0);
    if (!g) return;
    lua_gc(wk.vm->L, LUA_GCCOLLECT);
    size_t before = vm_mem_used(wk.vm);
    CHECK_INT(t_run(g, "local function f(n) if n == 0 then return 0 end return 1 + f(n - 1) end\n"
                       "local ok, err = pcall(f, 1e7) game.set('r', tostring(err))"),
              0);
    CHECK_CONTAINS(sb_get_str(g, "r") ? sb_get_str(g, "r") : "", "stack overflow");
    for (int i = 0; i < 3; i++) CHECK_INT(t_run(g, "game.set('n', 1)"), 0);
    lua_gc(wk.vm->L, LUA_GCCOLLECT);
    size_t after = vm_mem_used(wk.vm);
    CHECK_MSG(after < before + (1u << 20), "the heap went from %zu to %zu bytes", before, after);
    ALIVE(g);
    game_free(g);
    worker_close(&wk);
}

/* The same for a query, which runs on the main thread (a scenario's check here): its
 * stack is shrunk after it (vm_gc_shrink). */
TEST(sandbox_own_a_deep_query_leaves_no_stack_behind)
{
    Worker wk;
    Game *g = own_game(&wk, 0, 0);
    if (!g) return;
    lua_gc(wk.vm->L, LUA_GCCOLLECT);
    size_t before = vm_mem_used(wk.vm);
    Buf why = {0};
    Err e;
    err_clear(&e);
    bool ok = vm_check(wk.vm, g,
                       "local function f(n) if n == 0 then return 0 end return 1 + f(n - 1) end\n"
                       "local ok, err = pcall(f, 1e7) return not ok and tostring(err):find('stack overflow') ~= nil",
                       "=deep", &why, &e);
    CHECK_MSG(ok, "the check: %s %s", e.msg, why.s ? why.s : "");
    buf_free(&why);
    lua_gc(wk.vm->L, LUA_GCCOLLECT);
    size_t after = vm_mem_used(wk.vm);
    CHECK_MSG(after < before + (1u << 20), "the heap went from %zu to %zu bytes", before, after);
    CHECK_INT(t_run(g, "game.set('n', 1)"), 0); /* the worker goes on, its collector too */
    ALIVE(g);
    game_free(g);
    worker_close(&wk);
}

/* ================================================================ errors ========== */

TEST(sandbox_own_error_objects_of_every_kind)
{
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "error(setmetatable({}, { __index = function() error('idx') end }))", "non-string error object");
    UNDONE(g, "error(nil)", "non-string error object");
    UNDONE(g, "error(print)", "non-string error object");
    UNDONE(g, "error(42)", "non-string error object");
    UNDONE(g, "error(string.rep('e', 1 << 20))", "eeeeeeee");
    UNDONE(g, "xpcall(error, function(e) return e.x end, setmetatable({}, { __index = function() error('in handler') end }))",
           "in handler");
    UNDONE(g, "local ok, e = pcall(error, setmetatable({}, { __tostring = function() while true do end end }))\n"
              "return tostring(e)",
           BUDGET);
    if (g) CHECK(strlen(g->last_error.msg) < sizeof g->last_error.msg);
    game_free(g);
}

/* ================================================================ decisions ======= */

TEST(sandbox_own_asking_where_a_script_cannot_suspend)
{
    Game *g = sb_game(t_worker(HP), 1);
    /* Lua's own refusal, or the host's clearer one */
    static const char no_yield[] = "attempt to yield across a C-call boundary|cannot ask a player here";
    SCHEDULED_FAILS(g, "ask_in_sort", no_yield);
    SCHEDULED_FAILS(g, "ask_in_gsub", no_yield);
    SCHEDULED_FAILS(g, "ask_in_tostring", no_yield);
    CHECK(g && game_decision(g).kind == DEC_PLAY);
    if (g) {
        /* pcall catches the failed yield (inside gsub); the question must not stay */
        CHECK_INT(t_run(g, PRE "game.schedule('ask_in_pcall', { card = C('bomb') })"), 0);
        CHECK_CONTAINS(sb_get_str(g, "asked"), "false:");
        /* decide.choose refuses before it sets a question (it used to leave a pending
         * DEC_CHOOSE that no coroutine waited for: answering it rebuilt whatever action
         * ran last) */
        CHECK(game_decision(g).kind == DEC_PLAY);
    }
    game_free(g);
}

TEST(sandbox_own_huge_questions)
{
    Game *g = sb_game(t_worker(HP), 1);
    SCHEDULED_FAILS(g, "ask_million", "at most 1000 options");
    if (g) {
        /* 16 options whose labels (and the prompt) are 1 MiB each */
        CHECK_INT(t_run(g, PRE "game.schedule('ask_big_labels', { card = C('bomb') })"), 0);
        CHECK(game_decision(g).kind == DEC_CHOOSE);
        /* the prompt and labels are cut (255 and 199 bytes) before they reach the host
         * state: 16 options of 1 MiB stay small */
        CHECK_MSG(g->s.dtext.len < (64u << 10), "decide.choose copied %u bytes of labels into the host state", g->s.dtext.len);
        int32_t one = 1;
        Err e;
        err_clear(&e);
        CHECK(game_answer(g, &one, 1, &e));
        game_advance(g);
        ALIVE(g);
    }
    game_free(g);
}

/* ================================================================ host API ======== */

TEST(sandbox_own_forged_handles_and_zone_ids)
{
    Game *g = sb_game(t_worker(HP), 1);
    static const char *const handles[] = {"(1 << 40) | 0xffffff", "-1", "math.mininteger", "math.maxinteger",
                                          "1 << 62", "(1 << 40) | (0xffff << 24)", "1 << 41", "0", NULL};
    for (int i = 0; handles[i]; i++) {
        char src[200];
        snprintf(src, sizeof src, "return card.id(%s)", handles[i]);
        UNDONE(g, src, "card.id: invalid card handle");
    }
    UNDONE(g, "return card.id(2^40)", "must be a card handle");
    UNDONE(g, "return card.id('1099511627777')", "must be a card handle");
    UNDONE(g, "return card.id(1.5)", "must be a card handle");
    /* handles are ids: the right index and generation is the card; the next is not */
    if (g) {
        CHECK_INT(t_run(g, PRE "local v = C('victim')\n"
                               "game.set('same', card.id(v) == 'victim' and card.valid(v + 0) and 1 or 0)\n"
                               "game.set('next', card.valid(v + (1 << 24)) and 1 or 0)"),
                  0);
        CHECK_INT(sb_get(g, "same", 0), 1);
        CHECK_INT(sb_get(g, "next", 1), 0);
    }
    static const char *const zones[] = {"0", "-1", "1 << 31", "(1 << 32) + 1", "math.maxinteger", "math.mininteger", NULL};
    for (int i = 0; zones[i]; i++) {
        char src[200];
        snprintf(src, sizeof src, "return zone.count(%s)", zones[i]);
        UNDONE(g, src, "is not a zone");
        snprintf(src, sizeof src, PRE "card.move(C('victim'), %s)", zones[i]);
        UNDONE(g, src, "is not a zone");
    }
    UNDONE(g, "return zone.count(1e308)", "must be a zone");
    UNDONE(g, "return zone.at(zone.get('table'), 1e9)", "position must be");
    UNDONE(g, "return zone.draw(zone.get('table'), zone.get('discard'), math.maxinteger)", "is not in 0..10000");
    game_free(g);
}

TEST(sandbox_own_names_of_a_megabyte)
{
    Game *g = sb_game(t_worker(HP), 1);
    static const char *const calls[][2] = {
        {"zone.new(N)", "1..100 characters"},
        {"game.set(N, 1)", "1..100 characters"},
        {"game.get(N)", "1..100 characters"},
        {"effect.on(N, 'spin', { card = C('bomb') })", "1..100 characters"},
        {"effect.on('set', N, { card = C('bomb') })", "1..100 characters"},
        {"window.open(N)", "1..100 characters"},
        {"event.emit(N)", "1..100 characters"},
        {"seat.set_role(1, N)", "1..100 characters"},
        {"game.schedule(N)", "1..100 characters"},
        {"card.set(C('victim'), N, 1)", "1..100 characters"},
        {"track.new(N, {})", "name too long"},
        {"zone.get(N)", "no game zone"},
        {"card.call(C('bomb'), N)", "has no function"},
        {"game.def(N)", "is not a card definition"},
        {"game.data(N)", "no data file"},
    };
    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) {
        char src[300];
        snprintf(src, sizeof src, PRE "local N = string.rep('n', 1 << 20) %s", calls[i][0]);
        UNDONE(g, src, calls[i][1]);
    }
    if (g) {
        CHECK_INT(t_run(g, PRE "game.set('is', card.is(C('victim'), string.rep('n', 1 << 20)) and 1 or 0)"), 0);
        CHECK_INT(sb_get(g, "is", 1), 0);
    }
    game_free(g);
}

/* Names are interned per worker, for good, even by an action that is undone. */
TEST(sandbox_own_seventy_thousand_names)
{
    Worker wk;
    Err e;
    err_clear(&e);
    if (!sb_open(&wk, HP, NULL, 0, 0, &e)) {
        t_fail(__FILE__, __LINE__, "open: %s", e.msg);
        return;
    }
    Game *g = sb_game(&wk, 1);
    if (g) {
        /* reading never adds a name; writing 70,000 new keys stops at 4,096 per action */
        double t0 = sb_now();
        uint32_t names_before = wk.w->names.n;
        CHECK_INT(t_run(g, "for i = 1, 70000 do game.get('k' .. i) end"), 0);
        CHECK_INT(wk.w->names.n, names_before);
        char *before = sb_dump(g);
        CHECK_INT(t_run(g, "for i = 1, 70000 do game.set('k' .. i, 1) end"), 1);
        CHECK(sb_now() - t0 < 1.0 * sb_slow());
        char *after = sb_dump(g);
        CHECK_CONTAINS(g->last_error.msg, "more than 4096 new names in one action");
        CHECK(before && after && strcmp(before, after) == 0);
        free(before);
        free(after);
        game_free(g);
    }
    g = sb_game(&wk, 2); /* another game on the same worker */
    if (g) {
        int n = t_run(g, "game.set('a_brand_new_key', 1)");
        CHECK_INT(n, 0); /* the worker's name table is not exhausted by the other game */
        game_free(g);
    }
    sb_close(&wk);
    /* distinct property keys: each game.set scans every property (mech.c prop_index) */
    g = sb_game(t_worker(HP), 3);
    if (g) {
        double dt[2];
        for (int k = 0; k < 2; k++) {
            char src[120];
            snprintf(src, sizeof src, "for i = 1, %d do game.set('p' .. i, i) end error('undo')", k ? 16000 : 4000);
            double t0 = sb_now();
            CHECK_INT(t_run(g, src), 1);
            dt[k] = sb_now() - t0;
            CHECK(dt[k] < 2.0 * sb_slow());
        }
        /* the property scan is charged to the budget (props/8 per get/set), so 4x the keys
         * cannot take far more than 4x the time before the budget stops them */
        CHECK_MSG(dt[1] < 6 * dt[0], "property scans are not charged: 4x keys took %.1fx the time", dt[1] / (dt[0] > 0 ? dt[0] : 1));
        ALIVE(g);
        game_free(g);
    }
}

TEST(sandbox_own_host_state_growth_per_action)
{
    Game *g = sb_game(t_worker(HP), 1);
    if (!g) return;
    uint32_t strs = g->s.strs.len, text = g->text.len;
    /* stored string values are charged and capped at 1 MiB per action (the action is
     * undone when it goes over) */
    CHECK_INT(t_run(g, "local s = string.rep('v', 4096) for i = 1, 4000 do game.set('k', s) end"), 1);
    CHECK_CONTAINS(g->last_error.msg, "more than 1 MiB of text");
    CHECK(g->s.strs.len - strs < (4u << 20));
    /* event texts are capped per event and count against the log cap of the action */
    CHECK_INT(t_run(g, "local s = string.rep('t', 1 << 20) for i = 1, 8 do event.emit('x', { text = s }) end"), 1);
    CHECK_CONTAINS(g->last_error.msg, "at most 1000 bytes");
    CHECK_INT(t_run(g, "local s = string.rep('t', 1000) for i = 1, 200 do event.emit('x', { text = s }) end"), 1);
    CHECK_CONTAINS(g->last_error.msg, "bytes of log text in one action");
    CHECK(g->text.len - text < (128u << 10));
    ALIVE(g);
    game_free(g);
}

TEST(sandbox_own_host_api_scans_are_charged)
{
    Worker wk;
    Err e;
    err_clear(&e);
    if (!sb_open(&wk, HP, NULL, 0, 100000, &e)) {
        t_fail(__FILE__, __LINE__, "open: %s", e.msg);
        return;
    }
    Game *g = sb_game(&wk, 1);
    if (g) {
        double dt;
        bool tripped = trips_budget(g, PRE "local z, b = zone.get('table'), C('bomb')\n"
                                           "for i = 1, 2000 do card.new('victim', z) end\n"
                                           "for i = 1, 5000 do card.attached(b) end",
                                    &dt);
        CHECK(dt < 1.0 * sb_slow());
        /* card.attached, zone.search and zone.cards charge the objects they walk */
        CHECK_MSG(tripped, "object scans in host API calls are not charged");
    }
    game_free(g);
    sb_close(&wk);
}

TEST(sandbox_own_effects_registered_inside_card_call)
{
    Game *g = sb_game(t_worker(HP), 1);
    if (!g) return;
    /* inside card.call from a chunk, effect.on's default source is the called card */
    CHECK_INT(t_run(g, BOMB("arm_default")), 0);
    CHECK_INT(g->s.effects.len, 1);
    if (g->s.effects.len == 1) {
        int32_t src = VEC_AT(g->s.effects, Effect, 0).obj;
        CHECK(strcmp(names_str(&g->w->names, g->w->defs[S_OBJ(&g->s, src).def].id), "bomb") == 0);
    }
    game_free(g);
}

/* Signed overflow in host arithmetic: undefined behaviour, which aborts a UBSan build,
 * so these run only with SANDBOX_UB=1 (expected: an argument error each). */
TEST(sandbox_own_ub_in_host_arithmetic)
{
    /* (fixed: checked or unsigned arithmetic in l_rng_int, prop_add_common,
     * l_track_move and dice_modify; these ran only with SANDBOX_UB=1 while open) */
    Game *g = sb_game(t_worker(HP), 1);
    UNDONE(g, "return rng.int(math.mininteger, 1)", "rng.int");
    UNDONE(g, "game.set('k', math.mininteger) return game.add('k', -1)", "game.add");
    UNDONE(g, "track.new('t', { start = math.maxinteger - 1, min = 0, max = math.maxinteger }) track.move('t', 1000000)",
           "track");
    UNDONE(g, "local p = dice.roll(1) for i = 1, 30000 do dice.modify(p, 1, 100000) end", "dice.modify");
    game_free(g);
}

/* Upvalue names of function `fn` of card `id`'s script, joined by spaces. */
static void upvalue_names(Worker *wk, const char *id, const char *fn, char *out, size_t n)
{
    out[0] = 0;
    lua_State *L = wk->vm->L;
    int d = world_def(wk->w, id);
    if (d < 0) return;
    lua_rawgeti(L, LUA_REGISTRYINDEX, wk->w->defs[d].script_ref);
    if (vm_rawfield(L, -1, fn) == LUA_TFUNCTION)
        for (int i = 1;; i++) {
            const char *name = lua_getupvalue(L, -1, i);
            if (!name) break;
            lua_pop(L, 1);
            size_t len = strlen(out);
            snprintf(out + len, n - len, " %s", name);
        }
    lua_pop(L, 2);
}

/* Loading binds the read-only globals a script reads to locals of its first line
 * (vm.c load_script): functions see them as upvalues, not through _ENV. A script that
 * names _ENV keeps plain globals, so `local _ENV = {}` still hides them (case 12), and
 * assigning a global is still the read-only error (set_global, case 12). */
TEST(sandbox_own_globals_read_are_bound_at_load)
{
    Worker *ww = t_worker("tests/packs/windows"), *wk = t_worker(HP);
    if (!ww || !wk) return;
    char names[400];
    upvalue_names(ww, "a", "can_play", names, sizeof names);
    CHECK_MSG(!strstr(names, "_ENV") && strstr(names, " zone") && strstr(names, " card"),
              "spell.can_play upvalues:%s", names);
    upvalue_names(wk, "bomb", "os", names, sizeof names);
    CHECK_MSG(strstr(names, "_ENV") != NULL, "bomb.os upvalues:%s", names);
}

/* The REPL's `lua` lines (vm_eval): what a line assigns is kept for the next line, in a
 * table of the REPL's own; no line reaches the globals every script shares (the
 * environment's metatable is locked: getmetatable(_ENV).__index was that table, and a
 * line could remove `game` from under every card), nor does a designer chunk; scenario
 * checks (vm_check) do not see the REPL's names. */
TEST(sandbox_own_designer_lines_keep_names_and_cannot_reach_the_shared_globals)
{
    Worker *wk = t_worker("games/artemia-lite");
    Game *g = t_game(wk, 2, 2);
    if (!g) return;
    game_advance(g);
    uint64_t before = state_hash(&g->s);
    char *out = NULL;
    Err e;
    CHECK_MSG(vm_eval(wk->vm, g, "h = zone.get('hand', 2)", true, &out, &e), "%s", e.msg);
    free(out);
    CHECK(vm_eval(wk->vm, g, "h == zone.get('hand', 2)", true, &out, &e));
    CHECK_MSG(out && strcmp(out, "true") == 0, "%s", out ? out : "(null)");
    free(out);
    CHECK(vm_eval(wk->vm, g, "getmetatable(_ENV).__index", true, &out, &e));
    CHECK_MSG(out && strcmp(out, "nil") == 0, "%s", out ? out : "(null)");
    free(out);
    err_clear(&e);
    CHECK(!vm_eval(wk->vm, g, "setmetatable(_ENV, nil)", true, &out, &e));
    CHECK_CONTAINS(e.msg, "sealed");
    CHECK(vm_eval(wk->vm, g, "game ~= nil and zone ~= nil", true, &out, &e));
    CHECK_MSG(out && strcmp(out, "true") == 0, "%s", out ? out : "(null)");
    free(out);
    CHECK(vm_check(wk->vm, g, "return h == nil", "=check", NULL, &e));
    CHECK_INT(state_hash(&g->s), before);
    /* a designer chunk (game_inject: scenario setups, the fuzzer's chunks) neither */
    CHECK_INT(t_run(g, "local m = getmetatable(_ENV)\n"
                       "if type(m) == 'table' and type(m.__index) == 'table' then m.__index.game = nil end"),
              0);
    CHECK_INT(t_run(g, "assert(game ~= nil, 'a chunk removed game from the shared globals')"), 0);
    CHECK_MSG(g->nerrors == 0, "%s", g->last_error.msg);
    /* a helper's frozen list names the index a write tried (it said key '?') */
    CHECK_INT(t_run(g, "table.insert(PLACES, 'x')"), 1);
    CHECK_CONTAINS(g->last_error.msg, "attempt to write to a read-only table (index 11)");
    game_free(g);
}

/* A scenario check (vm_check) passes on true or on returning nothing; false fails, and so
 * does any other value: `return zone.count(h)` (a count, even 0, is true in Lua) or a misspelt
 * property (nil) passed whatever the game did. */
TEST(sandbox_own_check_passes_on_true_or_nothing_only)
{
    Worker *wk = t_worker("games/artemia-lite");
    Game *g = t_game(wk, 2, 2);
    if (!g) return;
    game_advance(g);
    Err e;
    err_clear(&e);
    CHECK_MSG(vm_check(wk->vm, g, "return true", "=check", NULL, &e), "%s", e.msg);
    CHECK_MSG(vm_check(wk->vm, g, "assert(zone ~= nil)", "=check", NULL, &e), "%s", e.msg);
    CHECK_MSG(vm_check(wk->vm, g, "return 1 == 1, 'extra'", "=check", NULL, &e), "%s", e.msg);
    err_clear(&e);
    CHECK(!vm_check(wk->vm, g, "return false", "=check", NULL, &e));
    CHECK_CONTAINS(e.msg, "check returned false");
    err_clear(&e);
    CHECK(!vm_check(wk->vm, g, "return zone.count(zone.get('hand', 2))", "=check", NULL, &e));
    CHECK_CONTAINS(e.msg, "check returned 5 (a number), not true or false");
    err_clear(&e);
    CHECK(!vm_check(wk->vm, g, "return seat.get(2, 'no such property')", "=check", NULL, &e));
    CHECK_CONTAINS(e.msg, "check returned nil, not true or false");
    err_clear(&e);
    CHECK(!vm_check(wk->vm, g, "return 'yes'", "=check", NULL, &e));
    CHECK_CONTAINS(e.msg, "check returned \"yes\" (a string), not true or false");
    /* a false check of one expression says which part was false, what it expected and
     * got, and what its calls read (a zone with its cards) */
    err_clear(&e);
    Buf why = {0};
    CHECK(!vm_check(wk->vm, g, "return game.turn() >= 1 and zone.count(zone.get('hand', 2)) == 9", "=check", &why, &e));
    CHECK_CONTAINS(e.msg, "zone.count(zone.get('hand', 2)) == 9: expected 9, got 5");
    CHECK_CONTAINS(why.s ? why.s : "", "where zone.get('hand', 2) is hand of seat 2, holding ");
    buf_free(&why);
    err_clear(&e);
    CHECK(!vm_check(wk->vm, g, "-- the first card\nreturn 'x' == card.name(zone.cards(zone.get('hand', 2))[1])", "=check",
                    &why, &e));
    CHECK_CONTAINS(e.msg, "'x' == card.name(zone.cards(zone.get('hand', 2))[1]): expected \"x\", got \"");
    CHECK_CONTAINS(why.s ? why.s : "", "where zone.cards(zone.get('hand', 2)) is {card '");
    buf_free(&why);
    err_clear(&e);
    CHECK(!vm_check(wk->vm, g, "assert(true)\nassert(not game.turn(), 'no turn yet')", "=check", &why, &e));
    CHECK_CONTAINS(e.msg, "check:2: no turn yet: not game.turn(): game.turn() is 1");
    buf_free(&why);
    /* in a check of several statements, the final return reads the locals set before it */
    err_clear(&e);
    CHECK(!vm_check(wk->vm, g, "local n = game.turn() return n == 7", "=check", &why, &e));
    CHECK_CONTAINS(e.msg, "n == 7: expected 7, got 1");
    buf_free(&why);
    /* ... but a return inside an if cannot be taken apart */
    err_clear(&e);
    CHECK(!vm_check(wk->vm, g, "local n = game.turn() if n then return n == 7 end", "=check", &why, &e));
    CHECK_CONTAINS(e.msg, "check returned false");
    CHECK(why.s == NULL);
    buf_free(&why);
    game_free(g);
}

/* The budget error names the line of the loop that ran out, not the line that called
 * the looping function (the hook has no frame of its own: Lua's usual error level named
 * the caller, so a card's endless loop in a function a helper called was reported at
 * the helper's line). The same for a loop two calls deep. */
TEST(sandbox_own_budget_error_names_the_looping_line)
{
    Game *g = sb_game(t_worker(HP), 1);
    if (!g) return;
    double secs;
    CHECK(trips_budget(g,
                       "local function spin()\n"
                       "  while true do end\n"
                       "end\n"
                       "local function outer()\n"
                       "  spin()\n"
                       "end\n"
                       "outer()\n",
                       &secs));
    CHECK_CONTAINS(g->last_error.msg, ":2: instruction budget");
    CHECK(strstr(g->last_error.msg, ":5: instruction budget") == NULL);
    sb_alive_at(__FILE__, __LINE__, g);
    game_free(g);
}
