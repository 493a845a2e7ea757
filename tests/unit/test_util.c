/* test_util.c — unit tests of host/util.c: parse_u64, and the error struct: a message
 * that does not fit in Err.msg is cut cleanly (at a line end with a marker line, else
 * with "…" at a character boundary), within the buffer and NUL-terminated; err_append
 * keeps its tail whole; file_write_atomic through a symbolic link and into a FIFO. */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "t.h"

#define MSG_MAX (sizeof ((Err *)0)->msg - 1) /* the bytes of text Err.msg holds */
#define ELLIPSIS "\xe2\x80\xa6"

/* A Lua-style traceback of n frames, as vm/run.c puts under an error, into b. */
static void traceback(Buf *b, int n)
{
    buf_printf(b, "cards/x.lua:3: attempt to index a nil value\nstack traceback:\n\t[C]: in ?");
    for (int i = 0; i < n; i++) buf_printf(b, "\n\tcards/x.lua:%d: in function 'helper_%d'", 10 + i, i);
}

TEST(err_message_that_fits_is_kept_as_given)
{
    Err e;
    err_clear(&e);
    err_set(&e, "card '%s': no such zone", "lair");
    CHECK(strcmp(e.msg, "card 'lair': no such zone") == 0);
    /* a traceback of exactly the bytes msg holds: kept, not cut at a line */
    Buf b = {0};
    traceback(&b, 40);
    b.s[MSG_MAX] = 0;
    err_at(&e, "cards/x.lua", 3, 0, "%s", b.s);
    CHECK(strcmp(e.msg, b.s) == 0);
    CHECK(strcmp(e.file, "cards/x.lua") == 0 && e.line == 3);
    buf_free(&b);
}

TEST(err_long_traceback_is_cut_after_its_last_whole_line_with_a_marker)
{
    Buf b = {0};
    traceback(&b, 60); /* about 2,600 bytes */
    size_t len = b.len;
    CHECK(len > 4 * MSG_MAX);
    /* expected: the text up to the last '\n' at p where the marker fits after it */
    size_t p = MSG_MAX;
    char mark[64];
    for (;;) {
        while (p > 0 && b.s[p] != '\n') p--;
        snprintf(mark, sizeof mark, "\n\t(" ELLIPSIS " the rest cut)");
        if (p + strlen(mark) <= MSG_MAX) break;
        p--;
    }
    char want[sizeof ((Err *)0)->msg];
    snprintf(want, sizeof want, "%.*s%s", (int)p, b.s, mark);
    Err e;
    err_clear(&e);
    err_at(&e, "cards/x.lua", 3, 0, "%s", b.s);
    CHECK_MSG(strcmp(e.msg, want) == 0, "cut as\n%s\nnot as\n%s", e.msg, want);
    CHECK(strlen(e.msg) <= MSG_MAX);
    CHECK(strcmp(e.file, "cards/x.lua") == 0 && e.line == 3);
    /* the last line kept is a whole frame line, and the text before it is the original */
    CHECK(strncmp(e.msg, b.s, p) == 0 && b.s[p] == '\n');
    CHECK(p > MSG_MAX - 80); /* not cut much earlier than needed */
    /* err_set cuts the same */
    err_clear(&e);
    err_set(&e, "%s", b.s);
    CHECK(strcmp(e.msg, want) == 0);
    buf_free(&b);
}

TEST(err_long_single_line_ends_with_an_ellipsis)
{
    char line[1500];
    for (size_t i = 0; i < sizeof line - 1; i++) line[i] = (char)('a' + i % 26);
    line[sizeof line - 1] = 0;
    Err e;
    err_clear(&e);
    err_set(&e, "%s", line);
    size_t l = strlen(e.msg);
    CHECK_INT(l, MSG_MAX);
    CHECK(strcmp(e.msg + l - strlen(ELLIPSIS), ELLIPSIS) == 0);
    CHECK(strncmp(e.msg, line, l - strlen(ELLIPSIS)) == 0);
    /* several lines, the first alone too long: no whole line fits, so the same */
    char two[1600];
    snprintf(two, sizeof two, "%s\n\tcards/x.lua:4: in function 'f'", line);
    err_set(&e, "%s", two);
    CHECK_INT(strlen(e.msg), MSG_MAX);
    CHECK(strcmp(e.msg + MSG_MAX - strlen(ELLIPSIS), ELLIPSIS) == 0 && !strchr(e.msg, '\n'));
}

TEST(err_cut_never_splits_a_multi_byte_character)
{
    /* 2-, 3- and 4-byte characters after 0 to 3 ASCII bytes: every way a character can
     * straddle the limit */
    const char *chars[] = {"\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80"}; /* é € 😀 */
    for (int c = 0; c < 3; c++)
        for (int shift = 0; shift < 4; shift++) {
            char text[1200];
            size_t n = 0, cl = strlen(chars[c]);
            for (int i = 0; i < shift; i++) text[n++] = 'a';
            while (n + cl < sizeof text) {
                memcpy(text + n, chars[c], cl);
                n += cl;
            }
            text[n] = 0;
            Err e;
            err_clear(&e);
            err_set(&e, "%s", text);
            size_t l = strlen(e.msg), kept = l - strlen(ELLIPSIS);
            CHECK_MSG(utf8_valid(e.msg), "char %d shift %d: the cut split a character", c, shift);
            CHECK_MSG(l <= MSG_MAX && strcmp(e.msg + kept, ELLIPSIS) == 0, "char %d shift %d: no ellipsis", c, shift);
            /* cut at a character boundary of the text, as late as the room allows */
            CHECK_MSG(strncmp(e.msg, text, kept) == 0 && ((size_t)shift > kept || (kept - (size_t)shift) % cl == 0),
                      "char %d shift %d: kept %zu bytes", c, shift, kept);
            CHECK_MSG(kept + cl > MSG_MAX - strlen(ELLIPSIS), "char %d shift %d: kept only %zu bytes", c, shift,
                      kept);
        }
}

TEST(err_append_keeps_the_tail_whole_cutting_the_message_before_it)
{
    Err e;
    err_clear(&e);
    err_set(&e, "rules file not found: %s", "games/x/rules.lua");
    err_append(&e, " (and 2 more errors)");
    CHECK(strcmp(e.msg, "rules file not found: games/x/rules.lua (and 2 more errors)") == 0);
    /* a message of 3-byte characters that fills msg: cut at a character boundary, "…",
     * then the tail, whole; for every alignment of the characters to the cut */
    const char *tail = " (and 1 more error: tabula lint x lists them)";
    for (int shift = 0; shift < 3; shift++) {
        char text[sizeof e.msg];
        size_t n = 0;
        for (int i = 0; i < shift; i++) text[n++] = 'a';
        while (n + 3 < sizeof text) {
            memcpy(text + n, "\xe2\x82\xac", 3);
            n += 3;
        }
        text[n] = 0;
        err_set(&e, "%s", text);
        err_append(&e, tail);
        size_t l = strlen(e.msg), lt = strlen(tail);
        CHECK_MSG(utf8_valid(e.msg), "shift %d: the cut split a character", shift);
        CHECK_MSG(l <= MSG_MAX && l > lt && strcmp(e.msg + l - lt, tail) == 0, "shift %d: the tail is not whole",
                  shift);
        size_t kept = l - lt - strlen(ELLIPSIS);
        CHECK_MSG(strncmp(e.msg + kept, ELLIPSIS, strlen(ELLIPSIS)) == 0, "shift %d: no ellipsis", shift);
        CHECK_MSG(strncmp(e.msg, text, kept) == 0 && kept + 3 + strlen(ELLIPSIS) + lt > MSG_MAX,
                  "shift %d: kept %zu bytes", shift, kept);
    }
    /* a tail too long to fit beside anything: it alone, cut as err_set cuts */
    char big[1200];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    err_set(&e, "short");
    err_append(&e, big);
    CHECK_INT(strlen(e.msg), MSG_MAX);
    CHECK(strncmp(e.msg, "xxx", 3) == 0 && strcmp(e.msg + MSG_MAX - strlen(ELLIPSIS), ELLIPSIS) == 0);
}

TEST(util_parse_u64_takes_digits_only_up_to_the_limit)
{
    uint64_t v = 7;
    CHECK(parse_u64("0", 5, &v) && v == 0);
    CHECK(parse_u64("5", 5, &v) && v == 5);
    CHECK(parse_u64("18446744073709551615", UINT64_MAX, &v) && v == UINT64_MAX);
    CHECK(parse_u64("007", 10, &v) && v == 7);
    v = 42;
    /* each of these is refused and leaves *out alone (atoi/strtoull read them as numbers) */
    const char *bad[] = {"", "abc", "-1", "+1", " 1", "1 ", "12x", "1.0", "0x10", "6",
                         "18446744073709551616", "99999999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        uint64_t max = i == 9 ? 5 : UINT64_MAX;
        CHECK_MSG(!parse_u64(bad[i], max, &v), "'%s' was read as a number", bad[i]);
    }
    CHECK(!parse_u64(NULL, 5, &v));
    CHECK(v == 42);
    CHECK(!parse_u64("10", 9, &v) && parse_u64("19", 19, &v) && !parse_u64("20", 19, &v));
}

/* file_write_atomic (sim --json, bench --json, save) renamed its temporary file over
 * the path: a symbolic link became a file of its own, and a FIFO or a device (--json
 * /dev/null, run as root) was replaced by a regular file. A link is followed, and a path
 * that is no regular file is written in place. */
TEST(util_file_write_atomic_follows_a_link_and_writes_into_a_fifo)
{
    char dir[] = "/tmp/tabula-write-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK_MSG(0, "mkdtemp failed");
        return;
    }
    char real[64], link[64], fifo[64];
    snprintf(real, sizeof real, "%s/real.json", dir);
    snprintf(link, sizeof link, "%s/link.json", dir);
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    Err e;
    err_clear(&e);
    CHECK(file_write_atomic(real, "old", 3, &e));
    CHECK(symlink("real.json", link) == 0);
    CHECK(file_check_writable(link, &e));
    CHECK(file_write_atomic(link, "new", 3, &e));
    struct stat st;
    CHECK(lstat(link, &st) == 0 && S_ISLNK(st.st_mode));
    char got[16] = "";
    FILE *f = fopen(real, "rb");
    if (f) {
        got[fread(got, 1, sizeof got - 1, f)] = 0;
        fclose(f);
    }
    CHECK(strcmp(got, "new") == 0);
    /* a FIFO with its reader open: the bytes go down it, and it stays a FIFO */
    CHECK(mkfifo(fifo, 0600) == 0);
    int rd = open(fifo, O_RDONLY | O_NONBLOCK);
    CHECK(rd >= 0);
    CHECK(file_check_writable(fifo, &e));
    CHECK(file_write_atomic(fifo, "piped", 5, &e));
    CHECK(lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode));
    memset(got, 0, sizeof got);
    CHECK(rd >= 0 && read(rd, got, sizeof got - 1) == 5 && strcmp(got, "piped") == 0);
    if (rd >= 0) close(rd);
    char tmp[80];
    const char *names[] = {real, link, fifo};
    for (int i = 0; i < 3; i++) remove(names[i]);
    snprintf(tmp, sizeof tmp, "%s", dir);
    CHECK(rmdir(tmp) == 0); /* no temporary file left beside them */
}
