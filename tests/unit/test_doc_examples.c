/* test_doc_examples.c — the Lua the docs show is Lua: every ```lua block of the pages in
 * docs/ compiles, as a chunk or, for an excerpt of a table (`main = { … },`), as the
 * fields of one. A line holding only "..." or "…" marks where an excerpt leaves code
 * out, and is left out. Only syntax is checked: an example may call what its page
 * defines elsewhere. Read next: test_docs.c (the functions each page must name). */
#include <lauxlib.h>
#include <lua.h>
#include <stdlib.h>

#include "t.h"

static const char *const pages[] = {"docs/scripting-api.md", "docs/card-authoring.md", "docs/testing.md",
                                    "docs/repl.md",          "docs/architecture.md",   "docs/games/notalone.md",
                                    "README.md",             NULL};

/* Whether the line [s, e) holds only blanks and an elision mark. */
static bool elision(const char *s, const char *e)
{
    while (s < e && (*s == ' ' || *s == '\t')) s++;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n')) e--;
    size_t n = (size_t)(e - s);
    return (n == 3 && memcmp(s, "...", 3) == 0) || (n == 3 && memcmp(s, "\xe2\x80\xa6", 3) == 0);
}

/* Compiles the block [s, e); on failure, why into msg. */
static bool block_compiles(lua_State *L, const char *s, const char *e, char *msg, size_t n)
{
    Buf b = {0};
    bool ok = buf_put(&b, "return {\n", 9);
    size_t fields_at = b.len;
    for (const char *line = s; ok && line < e;) {
        const char *nl = memchr(line, '\n', (size_t)(e - line));
        const char *end = nl ? nl + 1 : e;
        ok = buf_put(&b, elision(line, end) ? "\n" : line, elision(line, end) ? 1 : (size_t)(end - line));
        line = end;
    }
    ok = ok && buf_put(&b, "}", 1);
    if (!ok) {
        buf_free(&b);
        snprintf(msg, n, "out of memory");
        return false;
    }
    /* as a chunk first (the block without the wrapping), then as a table's fields */
    bool compiles = luaL_loadbuffer(L, b.s + fields_at, b.len - fields_at - 1, "example") == LUA_OK;
    if (!compiles) {
        snprintf(msg, n, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
        compiles = luaL_loadbuffer(L, b.s, b.len, "example") == LUA_OK;
    }
    lua_settop(L, 0);
    buf_free(&b);
    return compiles;
}

TEST(doc_examples_every_lua_block_compiles)
{
    lua_State *L = luaL_newstate();
    CHECK(L != NULL);
    if (!L) return;
    int blocks = 0;
    for (int i = 0; pages[i]; i++) {
        Err e;
        size_t len;
        char *text = file_read(pages[i], &len, &e);
        CHECK_MSG(text != NULL, "%s: %s", pages[i], e.msg);
        if (!text) continue;
        for (const char *p = text; (p = strstr(p, "```lua\n"));) {
            const char *start = p + 7;
            const char *end = strstr(start, "\n```");
            CHECK_MSG(end != NULL, "%s: a ```lua block is never closed", pages[i]);
            if (!end) break;
            int line = 1;
            for (const char *q = text; q < start; q++) line += *q == '\n';
            char msg[512];
            CHECK_MSG(block_compiles(L, start, end + 1, msg, sizeof msg), "%s:%d: the example does not compile: %s",
                      pages[i], line, msg);
            blocks++;
            p = end + 4;
        }
        xfree(text);
    }
    lua_close(L);
    CHECK_MSG(blocks >= 100, "only %d ```lua blocks found in the docs", blocks);
}

/* The check itself: an excerpt with an elision compiles, a real mistake does not. */
TEST(doc_examples_a_broken_block_is_caught)
{
    lua_State *L = luaL_newstate();
    char msg[512];
    const char *excerpt = "windows = { react = {} },\n...\nreact = { enter = function(ctx) end },\n";
    const char *chunk = "local x = 1\n\xe2\x80\xa6\nreturn x\n";
    const char *broken = "local x = = 1\n";
    const char *unclosed = "if x then\n  y()\n";
    CHECK(block_compiles(L, excerpt, excerpt + strlen(excerpt), msg, sizeof msg));
    CHECK(block_compiles(L, chunk, chunk + strlen(chunk), msg, sizeof msg));
    CHECK(!block_compiles(L, broken, broken + strlen(broken), msg, sizeof msg));
    CHECK_CONTAINS(msg, "example\"]:1:");
    CHECK(!block_compiles(L, unclosed, unclosed + strlen(unclosed), msg, sizeof msg));
    lua_close(L);
}
