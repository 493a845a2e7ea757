/* test_scenario.c — reading scenario test files (vm_scenarios_load, vm/scenario.c):
 * whatever a file holds, reading it ends, soon, in the scenarios or in an error that
 * says what and where (the file, the line, the scenario and the key). What the runner
 * makes of the scenarios (`tabula test`) is checked in tests/cli.sh; the fuzz target
 * tests/fuzz/fuzz_scenario.c runs both over any file. */
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "t.h"

/* Reads text as the scenario file dir/name (made and removed here); the scenarios, or
 * NULL with *e filled. */
static json_t *load_text(const char *name, const char *text, Err *e)
{
    char dir[] = "/tmp/tabula-scen-XXXXXX", path[96];
    if (!mkdtemp(dir)) return NULL;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    bool ok = f && fputs(text, f) >= 0;
    if (f && fclose(f) != 0) ok = false;
    err_clear(e);
    json_t *out = ok ? vm_scenarios_load(path, e) : NULL;
    remove(path);
    rmdir(dir);
    /* the error names the file: keep only its name, so that checks read plainly */
    const char *slash = strrchr(e->file, '/');
    if (slash) memmove(e->file, slash + 1, strlen(slash + 1) + 1);
    return out;
}

/* text must be refused, at file s.lua, line `line`, with a message containing `msg`, in
 * under `seconds` of CPU time. */
static void refused(const char *text, int line, const char *msg, double seconds)
{
    Err e;
    clock_t t0 = clock();
    json_t *out = load_text("s.lua", text, &e);
    double took = (double)(clock() - t0) / CLOCKS_PER_SEC;
    CHECK_MSG(!out, "read, but should be refused: %s", text);
    json_decref(out);
    CHECK_MSG(strcmp(e.file, "s.lua") == 0 && e.line == line && strstr(e.msg, msg),
              "%s\n  gave %s:%d: '%s'; expected line %d, '%s'", text, e.file, e.line, e.msg, line,
              msg);
    CHECK_MSG(took < seconds, "%s\n  took %.1f s of CPU (at most %.1f)", text, took, seconds);
}

/* text must be read, and its scenario number `index` (0-based) fail alone, at line
 * `line`, with an error containing `msg`: the file's other scenarios are still read. */
static void fails_alone(const char *text, size_t index, int line, const char *msg)
{
    Err e;
    json_t *out = load_text("s.lua", text, &e);
    CHECK_MSG(out, "%s\n  refused the whole file: %s:%d: %s", text, e.file, e.line, e.msg);
    json_t *sc = json_array_get(out, index);
    const char *got = json_string_value(json_object_get(sc, "error"));
    CHECK_MSG(got && strstr(got, msg) && json_integer_value(json_object_get(sc, "line")) == line &&
                  !json_object_get(sc, "spec"),
              "%s\n  scenario %zu gave line %lld, error '%s'; expected line %d, '%s'", text, index,
              (long long)json_integer_value(json_object_get(sc, "line")), got ? got : "(none)", line,
              msg);
    /* the scenarios around it are read as usual */
    for (size_t i = 0; i < json_array_size(out); i++)
        if (i != index)
            CHECK_MSG(json_object_get(json_array_get(out, i), "spec") &&
                          !json_object_get(json_array_get(out, i), "error"),
                      "%s\n  scenario %zu is not read", text, i);
    json_decref(out);
}

TEST(scenario_file_reads_scenarios_with_their_lines)
{
    Err e;
    json_t *out =
        load_text("ok.lua",
                  "defaults { game = 'artemia-lite', players = 2 }\n"
                  "for i = 1, 2 do\n"
                  "  scenario('n' .. i) { seed = i, players = 4 / 2, steps = { { bot = i } } }\n"
                  "end\n"
                  "local later = scenario 'later'\n"
                  "later { options = { x = 1.5 } }\n",
                  &e);
    CHECK_MSG(out, "%s", e.msg);
    CHECK_INT(json_array_size(out), 3);
    json_t *s2 = json_array_get(out, 1), *s3 = json_array_get(out, 2);
    CHECK(strcmp(json_string_value(json_object_get(s2, "name")), "n2") == 0);
    CHECK_INT(json_integer_value(json_object_get(s2, "line")), 3);
    CHECK_INT(json_integer_value(json_object_get(s3, "line")), 6);
    /* a whole number is an integer however it was written (4 / 2 is 2.0 in Lua) */
    json_t *spec = json_object_get(s2, "spec");
    CHECK(json_is_integer(json_object_get(spec, "players")) &&
          json_integer_value(json_object_get(spec, "players")) == 2);
    CHECK(strcmp(json_string_value(json_object_get(spec, "game")), "artemia-lite") == 0);
    CHECK(json_is_real(
        json_object_get(json_object_get(json_object_get(s3, "spec"), "options"), "x")));
    json_decref(out);
}

/* The line where each piece of Lua a scenario gives the game begins, for its errors:
 * a long bracket of any level (Lua drops the newline after it), a quoted string, the
 * same text in two scenarios (each its own), a text only the scenario's own call holds
 * first; a string with an escape or one built at run time is not in the file. */
TEST(scenario_file_finds_the_lines_of_its_code)
{
    Err e;
    json_t *out = load_text("code.lua",
                            "local shared = [[ return 1 ]]\n"                             /* 1 */
                            "scenario 'a' {\n"                                             /* 2 */
                            "  setup = [==[\n"                                             /* 3 */
                            "    game.set('x', 1) ]==],\n"                                 /* 4 */
                            "  steps = { { check = 'return true' }, { lua = \"a\\tb\" },\n" /* 5 */
                            "    { check = shared }, { check = 'return ' .. 'false' } },\n" /* 6 */
                            "}\n"                                                          /* 7 */
                            "scenario 'b' { expect = { checks = {\n"                       /* 8 */
                            "  [[return true]] } } }\n",                                   /* 9 */
                            &e);
    CHECK_MSG(out, "%s", e.msg);
    json_t *a = json_object_get(json_array_get(out, 0), "lines");
    json_t *b = json_object_get(json_array_get(out, 1), "lines");
    CHECK_INT(json_integer_value(json_object_get(a, "    game.set('x', 1) ")), 4);
    CHECK_INT(json_integer_value(json_object_get(a, "return true")), 5);
    CHECK_INT(json_integer_value(json_object_get(a, " return 1 ")), 1);
    CHECK(!json_object_get(a, "a\tb"));
    CHECK(!json_object_get(a, "return false"));
    CHECK_INT(json_object_size(a), 3);
    CHECK_INT(json_integer_value(json_object_get(b, "return true")), 9);
    json_decref(out);
}

/* A file that runs on and on ends with "runs too long" at the line that was running:
 * pcall could swallow the budget (each catch began it afresh: a pcall in a loop never
 * ended), and library loops in C ran between two ticks of the budget for hours or
 * forever. */
TEST(scenario_file_runs_too_long_ends_at_its_line)
{
    refused("local x = 1\nwhile true do end\n", 2, "scenario file runs too long (a loop?)", 10);
    refused("local function f() while true do end end\nwhile true do pcall(f) end\n", 2,
            "runs too long", 10);
    refused("while true do\n"
            "  xpcall(function() while true do end end, function(m) return m end)\n"
            "end\n",
            2, "runs too long", 10);
}

/* table.insert, sort and concat loop in C over the whole table: charged for it (one
 * insert at the front of a long table in a loop ran for hours between two ticks) */
TEST(scenario_file_table_loops_in_c_are_charged)
{
    refused("local t = {}\n"
            "for i = 1, 1000000 do t[i] = i end\n"
            "for i = 1, 1e7 do table.insert(t, 1, i) end\n",
            3, "runs too long", 10);
    refused("local t = {}\n"
            "for i = 1, 300000 do t[i] = -i end\n"
            "for i = 1, 1e6 do table.sort(t) end\n",
            3, "runs too long", 10);
    refused("local t = {}\n"
            "for i = 1, 1000000 do t[i] = '' end\n"
            "for i = 1, 1e6 do local s = table.concat(t) end\n",
            3, "runs too long", 10);
}

TEST(scenario_file_has_no_endless_library_calls)
{
    /* string.rep of nothing looped once per copy: rep("", 2^62) never returned */
    refused("\nlocal s = string.rep('', 9223372036854775807)\n", 2,
            "string.rep: 9223372036854775807 copies make more than a scenario file may hold", 5);
    refused("local s = ('x'):rep(1e8, ',')\n", 1, "string.rep", 5);
    /* patterns backtrack in C without end; table.move loops over any range; a
     * finalizer (__gc) runs with hooks off: none of them is there to call */
    refused("local s = string.rep('a', 5000)\nlocal r = s:find(string.rep('.-', 20) .. 'b')\n", 2,
            "attempt to call a nil value (method 'find')", 5);
    refused("table.move({}, 1, 9223372036854775806, 2)\n", 1, "(field 'move')", 5);
    refused("setmetatable({}, { __gc = function() while true do end end })\n", 1, "'setmetatable'",
            5);
}

/* Memory is capped: doubling a string 40 times took 24 GB and most of a minute. */
TEST(scenario_file_memory_is_capped)
{
    refused("local s = 'x'\nfor i = 1, 40 do s = s .. s end\n", 0,
            "the scenario file needs more than 32 MiB of memory", 5);
    refused("local t = {}\nfor i = 1, 1e8 do t[i] = { i } end\n", 0, "more than 32 MiB", 5);
    /* a table used many times over is copied each time into the scenarios: 2^25 of it
     * comes to too many values; tables 31 deep are refused by the key that holds them */
    fails_alone("local t = { 'return true' }\nfor i = 1, 30 do t = { t, t } end\n"
                "scenario 'dag' { game = 'artemia-lite', steps = { t } }\n",
                0, 3, "steps[1][1][1]");
    refused("local t = { 'return true' }\nfor i = 1, 25 do t = { t, t } end\n"
            "scenario 'dag' { game = 'artemia-lite', steps = { t } }\n",
            3, "the scenarios come to more than 1000000 values", 5);
}

/* What JSON cannot hold fails its scenario, naming the key (these gave "s.lua: " and no
 * message, or were dropped or cut without a word); the file's other scenarios still run
 * (one such value refused the whole file: none of its scenarios ran, and the count said
 * one failure). */
TEST(scenario_file_values_name_scenario_and_key)
{
    const char *ok = "scenario 'ok' { game = 'artemia-lite' }\n";
    char text[300];
    snprintf(text, sizeof text, "%s\nscenario 'nan' { game = 'artemia-lite', seed = 0/0 }\n%s", ok, ok);
    /* 0/0 said "-nan is not a finite number", its sign the machine's */
    fails_alone(text, 1, 3, "seed: 0/0 is not a number");
    fails_alone("scenario 'inf' { game = 'artemia-lite', steps = { { bot = 1/0 } } }\n", 0, 1,
                "steps[1].bot: inf is not a finite number");
    fails_alone("scenario 'ok' { game = 'artemia-lite' }\n"
                "scenario 'utf' { game = 'artemia-lite', setup = '\\xff' }\n",
                1, 2, "setup: text that is not UTF-8, or has a zero byte");
    fails_alone("scenario 'nul' { game = 'artemia-lite', setup = 'return true\\0 error()' }\n", 0, 1,
                "setup: text that is not UTF-8, or has a zero byte");
    fails_alone("scenario 'key' { game = 'artemia-lite', options = { ['a\\0b'] = 1 } }\n", 0, 1,
                "options.a: a key that is not UTF-8, or has a zero byte");
    fails_alone("scenario 'key' { game = 'artemia-lite', options = { [true] = 1 } }\n", 0, 1,
                "options: a key that is a boolean");
    fails_alone("scenario 'f' { game = 'artemia-lite', setup = function() end }\n" "scenario 'ok' { }\n", 0, 1,
                "setup: a function cannot go into a scenario");
    fails_alone("scenario '\\xff' { game = 'artemia-lite' }\n", 0, 1, "a scenario's name must be UTF-8 text");
    /* keys are kept whole (they were cut to 63 bytes: two long ones became one) */
    Err e;
    json_t *out = load_text(
        "k.lua",
        "local k = string.rep('k', 100)\n"
        "scenario 'k' { game = 'artemia-lite', options = { [k .. 1] = 1, [k .. 2] = 2 } }\n",
        &e);
    CHECK_MSG(out, "%s", e.msg);
    CHECK_INT(json_object_size(
                  json_object_get(json_object_get(json_array_get(out, 0), "spec"), "options")),
              2);
    json_decref(out);
}

/* Errors say where: a raise without a place of its own (error(x, 0), a non-text value)
 * gets the line it was raised at, and a file whose name does not end in .lua its lines
 * too (they were found after ".lua:" in the message). */
TEST(scenario_file_errors_say_where)
{
    refused("local x = 1\nerror('no place', 0)\n", 2, "no place", 1);
    refused("\nerror({})\n", 2, "error raised with a table value, not a message", 1);
    refused("local function f() error('deep', 2) end\n\nf()\n", 3, "deep", 1);
    refused("defaults { 'artemia-lite' }\n", 1, "defaults: a value without a name", 1);
    /* a library function called through its budget wrapper keeps its name */
    refused("local t = {}\ntable.insert(t, 5, 1)\n", 2,
            "bad argument #2 to 'table.insert' (position out of bounds)", 1);
    refused("\nscenario 'x' 'y'\n", 2,
            "scenario \"x\" takes a table { game = ..., ... } (got string)", 1);
    /* `scenario "x"` alone declared nothing and said nothing */
    refused("scenario 'a' { game = 'artemia-lite' }\n\nscenario 'forgot its table'\n", 3,
            "scenario \"forgot its table\" has no table", 1);
    Err e;
    json_t *out = load_text("s.scenario", "\n\nscenario 'x' { game = \n", &e);
    CHECK(!out);
    CHECK_MSG(e.line == 4 && strstr(e.msg, "unexpected symbol near <eof>"), "%d: %s", e.line,
              e.msg);
}

/* defaults' options go under a scenario's own, and options of another type stay for
 * the runner to refuse (they became a table of the defaults, the value lost). */
TEST(scenario_file_defaults_keep_wrong_options)
{
    Err e;
    json_t *out = load_text("d.lua",
                            "defaults { game = 'notalone', options = { expert = true } }\n"
                            "scenario 'a' { options = 'text' }\n"
                            "scenario 'b' { options = { board_side = 1 } }\n",
                            &e);
    CHECK_MSG(out, "%s", e.msg);
    json_t *a = json_object_get(json_object_get(json_array_get(out, 0), "spec"), "options");
    json_t *b = json_object_get(json_object_get(json_array_get(out, 1), "spec"), "options");
    CHECK(json_is_string(a));
    CHECK(json_is_true(json_object_get(b, "expert")) &&
          json_integer_value(json_object_get(b, "board_side")) == 1);
    json_decref(out);
}

/* JSON text, or "" (on the old code, a missing part must fail the test, not crash it). */
static const char *part_text(json_t *v)
{
    return json_is_string(v) ? json_string_value(v) : "";
}

/* A scenario's helpers come back as parts {file, line, text}: the file helpers_file
 * names (from the scenario file's folder, line 1), then the helpers text where it lies;
 * defaults give them to the scenarios after, a scenario's own key replaces the
 * default's, "" turns it off, and a later defaults replaces them all. */
TEST(scenario_file_helpers_come_with_their_places)
{
    char dir[] = "/tmp/tabula-help-XXXXXX", path[96], lib[96];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(lib, sizeof lib, "%s/x.helpers.lua", dir);
    snprintf(path, sizeof path, "%s/h.lua", dir);
    FILE *f = fopen(lib, "w");
    CHECK(f && fputs("local function one() return 1 end\n", f) >= 0 && fclose(f) == 0);
    f = fopen(path, "w");
    CHECK(f && fputs("defaults { game = 'g', helpers_file = 'x.helpers.lua', helpers = [[\n" /* 1 */
                     "  local function two() return 2 end ]] }\n"                          /* 2 */
                     "scenario 'both' { }\n"                                                 /* 3 */
                     "scenario 'own' { helpers = [[ local three = 3 ]] }\n"                  /* 4 */
                     "scenario 'off' { helpers_file = '' }\n"                                /* 5 */
                     "defaults { game = 'g' }\n"                                             /* 6 */
                     "scenario 'none' { }\n",                                                /* 7 */
                     f) >= 0 &&
          fclose(f) == 0);
    Err e;
    err_clear(&e);
    json_t *out = vm_scenarios_load(path, &e);
    remove(lib);
    remove(path);
    rmdir(dir);
    CHECK_MSG(out, "%s", e.msg);
    json_t *both = json_object_get(json_array_get(out, 0), "helpers");
    CHECK_INT(json_array_size(both), 2);
    CHECK(strcmp(part_text(json_object_get(json_array_get(both, 0), "file")), lib) == 0);
    CHECK_INT(json_integer_value(json_object_get(json_array_get(both, 0), "line")), 1);
    CHECK(strstr(part_text(json_object_get(json_array_get(both, 0), "text")), "function one"));
    CHECK(strcmp(part_text(json_object_get(json_array_get(both, 1), "file")), path) == 0);
    CHECK_INT(json_integer_value(json_object_get(json_array_get(both, 1), "line")), 2);
    json_t *own = json_object_get(json_array_get(out, 1), "helpers");
    CHECK_INT(json_array_size(own), 2);
    CHECK_INT(json_integer_value(json_object_get(json_array_get(own, 1), "line")), 4);
    CHECK(strstr(part_text(json_object_get(json_array_get(own, 1), "text")), "three"));
    json_t *off = json_object_get(json_array_get(out, 2), "helpers");
    CHECK_INT(json_array_size(off), 1);
    CHECK(strstr(part_text(json_object_get(json_array_get(off, 0), "text")), "function two"));
    CHECK_INT(json_array_size(json_object_get(json_array_get(out, 3), "helpers")), 0);
    json_decref(out);
}

/* Helpers that cannot be had fail their scenario alone, saying why and where: a file
 * that is not there (its path), outside the scenario file's folder, not named
 * *.helpers.lua, or a syntax error at its own line; defaults refuse a wrong type. */
TEST(scenario_file_helpers_errors)
{
    fails_alone("scenario 'a' { helpers_file = 'none.helpers.lua' }\nscenario 'b' { }\n", 0, 1,
                "none.helpers.lua': ");
    fails_alone("scenario 'b' { }\nscenario 'a' { helpers_file = '../x.helpers.lua' }\n", 1, 2, "(no '..')");
    fails_alone("scenario 'a' { helpers_file = '/x.helpers.lua' }\n", 0, 1, "not an absolute one");
    fails_alone("scenario 'a' { helpers_file = 'x.lua' }\n", 0, 1, "ends in .helpers.lua");
    fails_alone("scenario 'a' { helpers = [[\n  local x =\n  end ]] }\nscenario 'b' { }\n", 0, 1,
                "/s.lua:3: unexpected symbol near 'end'");
    refused("\ndefaults { helpers = 1 }\n", 2, "defaults: 'helpers' must be text, not a number", 1);
    refused("defaults { helper_file = 'x' }\n", 1, "defaults: unknown key 'helper_file'", 1);
}
