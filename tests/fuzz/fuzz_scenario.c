/* fuzz_scenario.c — fuzz target `scenario` (libFuzzer's LLVMFuzzerTestOneInput; `make
 * fuzz` builds it with clang as build/fuzz/fuzz_scenario, `make test` replays the corpus
 * in tests/fuzz/corpus/scenario through replay.c). The input is a scenario test file:
 * it is written as s.lua in a private temporary folder (made for each input, removed
 * after it) and run by `tabula test <file>` (cmd_test, repl/scenario.c), from the
 * repository root so its games resolve. Whatever the file holds, the run must end with
 * "N passed, N failed" and an exit status that agrees, and every failure must say where
 * and why ("FAIL <file>:<line>: <scenario>" and a reason, or "FAIL <file>: <reason>");
 * never a crash, a leak, a hang or an exit(). What the run prints goes to a file in the
 * temporary folder (FUZZ_SCENARIO_VERBOSE=1 copies it to stderr).
 *
 * What a scenario file can reach on disk: game names are pack folders, and a
 * helpers_file a *.helpers.lua file in the input's own folder or below it, only read; the
 * runner writes nothing (no log, no save) but its report on stdout; the file's own Lua
 * state has no io, os, load or require, and its print (to the same stdout) is charged
 * per byte to its budget, so the report stays under about 50 MB. Game Lua (setup, lua
 * steps, checks) runs in the game's sandbox, which has no file access either. So an
 * input writes nothing outside its folder, and needs no restriction. */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Writes n bytes to path; false when it cannot. */
static bool put(const char *path, const uint8_t *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fwrite(data, 1, n, f) == n;
    return fclose(f) == 0 && ok;
}

/* Runs `tabula test path` with its standard output in the file out; its exit status. */
static int run_test(const char *path, const char *out)
{
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (saved < 0 || fd < 0 || dup2(fd, STDOUT_FILENO) < 0) {
        perror("fuzz: redirecting stdout");
        abort();
    }
    close(fd);
    char a0[] = "test", a1[4096];
    snprintf(a1, sizeof a1, "%s", path);
    char *argv[] = {a0, a1, NULL};
    int rc = cmd_test(2, argv);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    return rc;
}

static void fail(const char *why, const char *line, const char *text)
{
    fprintf(stderr, "fuzz scenario: %s: '%s'\n--- output of tabula test:\n%s---\n", why, line,
            text);
    abort();
}

/* Whether a reason (the text after "FAIL <where>: " or an indented line) says
 * something: not empty, not ending at a colon ("cannot start the game: "), unless it is
 * long enough to have been cut there (an error keeps 511 bytes). */
static bool says_something(const char *r, size_t n)
{
    while (n && r[n - 1] == ' ')
        n--;
    return n > 0 && (r[n - 1] != ':' || n > 400);
}

/* Checks what `tabula test file` printed: "FAIL <file>:<line>: <name>" followed by an
 * indented reason (a name may hold line breaks, so the first indented line after it),
 * "FAIL <file>:<line>: the file does not load: <why>" or "FAIL <file>: <reason>"; the
 * last line "N passed, N failed", with rc 0 exactly when none failed. Lines the file itself printed (print) are let be. */
static void check_output(const char *file, const char *text, int rc)
{
    size_t fl = strlen(file);
    int nfail = 0;
    bool want_reason = false;
    const char *last = NULL, *failed_at = NULL;
    for (const char *l = text; *l;) {
        const char *e = strchr(l, '\n');
        size_t ll = e ? (size_t)(e - l) : strlen(l);
        char line[4096];
        snprintf(line, sizeof line, "%.*s", (int)(ll < sizeof line ? ll : sizeof line - 1), l);
        if (strncmp(line, "FAIL ", 5) == 0 && strncmp(line + 5, file, fl) == 0) {
            if (want_reason) fail("a failed scenario without a reason", failed_at, text);
            nfail++;
            failed_at = l;
            const char *p = line + 5 + fl;
            if (p[0] == ':' && p[1] >= '1' && p[1] <= '9') {
                /* <file>:<line>: <name>, then the reason; or <file>:<line>: the file
                 * does not load: <why> */
                for (p++; *p >= '0' && *p <= '9'; p++)
                    continue;
                if (strncmp(p, ": ", 2) != 0) fail("a failure with a malformed place", line, text);
                static const char unloaded[] = ": the file does not load: ";
                if (strncmp(p, unloaded, sizeof unloaded - 1) == 0) {
                    const char *why = p + sizeof unloaded - 1;
                    if (!says_something(why, strlen(why)) || strcmp(why, "error") == 0)
                        fail("a file that does not load, without saying why", line, text);
                } else {
                    want_reason = true;
                }
            } else if (strncmp(p, ": ", 2) != 0 || !says_something(p + 2, strlen(p + 2)) ||
                       strcmp(p + 2, "error") == 0) {
                fail("a failure that does not say where and why", line, text);
            }
        } else if (want_reason && strncmp(line, "     ", 5) == 0) {
            if (!says_something(line + 5, strlen(line + 5)) || line[5] == ' ')
                fail("a failed scenario without a reason", line, text);
            want_reason = false;
        } else if (line[0] && line[0] != ' ' && line[0] != '\t') {
            last = l;
        }
        l = e ? e + 1 : l + ll;
    }
    if (want_reason) fail("a failed scenario without a reason", failed_at, text);
    int passed = -1, failed = -1;
    char tail[16];
    if (!last || sscanf(last, "%d passed, %d failed%15s", &passed, &failed, tail) != 2)
        fail("the run does not end with 'N passed, N failed'", last ? last : "", text);
    if (failed != nfail) fail("the count of failures is not the FAIL lines'", last, text);
    if ((rc == 0) != (failed == 0))
        fail("the exit status does not agree with the count", last, text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char dir[] = "/tmp/tabula-fuzz-scenario-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("fuzz: mkdtemp");
        abort();
    }
    char path[64], out[64];
    snprintf(path, sizeof path, "%s/s.lua", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    if (!put(path, data, size)) {
        fprintf(stderr, "fuzz: cannot write %s\n", path);
        abort();
    }
    int rc = run_test(path, out);
    Err e;
    size_t n;
    char *text = file_read(out, &n, &e);
    if (!text) {
        fprintf(stderr, "fuzz: cannot read the output: %s\n", e.msg);
        abort();
    }
    /* the file may print anything (print is there for designers), zero bytes too */
    for (size_t i = 0; i < n; i++)
        if (!text[i]) text[i] = '?';
    if (getenv("FUZZ_SCENARIO_VERBOSE")) fputs(text, stderr);
    check_output(path, text, rc);
    xfree(text);
    remove(path);
    remove(out);
    rmdir(dir);
    return 0;
}
