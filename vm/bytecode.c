/* bytecode.c — the load-time check that a script keeps nothing between calls.
 *
 * A card's functions may read chunk-level locals (constants, helper functions, tables
 * — the tables are frozen), but a function that *assigns* to one would carry state from
 * one action to the next, which breaks save/load, clone and replay. Instead of putting
 * every upvalue back before each action (a cost on every call), we read the compiled
 * chunk once (lua_dump, Lua 5.4 format) and refuse any SETUPVAL that writes an upvalue
 * that is, through the chain of enclosing functions, a local of the main chunk or its
 * _ENV. Locals of an enclosing *function* are fresh per call and may be assigned.
 *
 * That last rule holds only for functions made during a call. A function made while
 * the script loads — a closure returned by a factory the chunk calls — keeps its
 * upvalues for as long as the script lives, so assigning to one of them is state just
 * the same. bytecode_keeps_state checks such a function (the deep freeze in sandbox.c
 * asks for every function reachable from a script's result). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vmi.h"

#define OP_SETUPVAL 10 /* lopcodes.h of Lua 5.4: MOVE, LOADI, …, GETUPVAL 9, SETUPVAL 10 */
#define OP_GETTABUP 11 /* R[A] := UpValue[B][K[C]:shortstring] */
#define OP_SETTABUP 15 /* UpValue[A][K[B]:shortstring] := RK(C) */

typedef struct Rd {
    const unsigned char *p, *end;
    bool bad;
    bool bot;              /* the chunk is a bots.lua: its messages speak of bots */
} Rd;

static int dump_writer(lua_State *L, const void *p, size_t sz, void *ud)
{
    (void)L;
    return buf_put((Buf *)ud, p, sz) ? 0 : 1;
}

/* The compiled function at idx, dumped into *b (empty before); false (nothing kept)
 * when it cannot be. */
static bool dump_fn(lua_State *L, int idx, Buf *b)
{
    lua_pushvalue(L, idx);
    int st = lua_dump(L, dump_writer, b, 0);
    lua_pop(L, 1);
    if (st == 0 && b->s) return true;
    buf_free(b);
    return false;
}

/* A reader over the dump in b; bot: the chunk is a bots.lua (its messages say so). */
static Rd rd_over(const Buf *b, bool bot)
{
    return (Rd){(const unsigned char *)b->s, (const unsigned char *)b->s + b->len, false, bot};
}

static unsigned rd_byte(Rd *r)
{
    if (r->p >= r->end) {
        r->bad = true;
        return 0;
    }
    return *r->p++;
}

static size_t rd_size(Rd *r)
{
    size_t x = 0;
    for (int i = 0; i < 10; i++) {
        unsigned b = rd_byte(r);
        x = (x << 7) | (b & 0x7f);
        if (b & 0x80) return x;
    }
    r->bad = true;
    return 0;
}

static void rd_skip(Rd *r, size_t n)
{
    if ((size_t)(r->end - r->p) < n) {
        r->bad = true;
        r->p = r->end;
        return;
    }
    r->p += n;
}

/* A string: size+1 (0 = NULL) then the bytes. Copies up to cap-1 bytes into out. */
static void rd_string(Rd *r, char *out, size_t cap)
{
    size_t n = rd_size(r);
    if (out && cap) out[0] = 0;
    if (n == 0) return;
    n--;
    if (out && cap) {
        size_t k = n < cap - 1 ? n : cap - 1;
        if ((size_t)(r->end - r->p) >= k) {
            memcpy(out, r->p, k);
            out[k] = 0;
        }
    }
    rd_skip(r, n);
}

/* header: signature 4, version 1, format 1, data 6, sizes 3, int 8, num 8, nup 1 */
#define DUMP_HEADER (4 + 1 + 1 + 6 + 3 + 8 + 8 + 1)

static uint32_t instruction(const unsigned char *code, size_t i)
{
    return (uint32_t)code[i * 4] | (uint32_t)code[i * 4 + 1] << 8 |
           (uint32_t)code[i * 4 + 2] << 16 | (uint32_t)code[i * 4 + 3] << 24;
}

/* Skips a function's debug information (line info, absolute line info, local
 * variables, upvalue names); copies the name of upvalue `want` (if >= 0) into name. */
static void rd_debug_names(Rd *r, int want, char *name, size_t n);

static void rd_debug(Rd *r, int want, char *name, size_t n)
{
    size_t nli = rd_size(r);
    rd_skip(r, nli);
    size_t nabs = rd_size(r);
    for (size_t i = 0; i < nabs && !r->bad; i++) {
        rd_size(r);
        rd_size(r);
    }
    rd_debug_names(r, want, name, n);
}

/* The rest of a function's debug information, after its line information: local
 * variables and upvalue names (the name of upvalue `want`, if >= 0, into name). */
static void rd_debug_names(Rd *r, int want, char *name, size_t n)
{
    size_t nloc = rd_size(r);
    for (size_t i = 0; i < nloc && !r->bad; i++) {
        rd_string(r, NULL, 0);
        rd_size(r);
        rd_size(r);
    }
    size_t nupn = rd_size(r);
    for (size_t i = 0; i < nupn && !r->bad; i++) {
        char nm[128];
        rd_string(r, nm, sizeof nm);
        if ((int)i == want) snprintf(name, n, "%s", nm);
    }
}

typedef struct Fn {
    int line;
    uint32_t nup;
    unsigned char persist[256]; /* per upvalue: refers to chunk-level state */
} Fn;

/* Reads one function; `parent` is NULL for the main chunk. Fills e and returns false
 * on the first forbidden assignment. */
/* The head of a function prototype as Lua 5.4's dump writes it: its source (skipped),
 * the line it is defined on (returned) and its code (*code, *ncode instructions; past
 * 2^26, r->bad). The constants follow. */
static int rd_head(Rd *r, const unsigned char **code, size_t *ncode)
{
    rd_string(r, NULL, 0); /* source */
    int defined = (int)rd_size(r);
    rd_size(r);    /* lastlinedefined */
    rd_skip(r, 3); /* numparams, is_vararg, maxstacksize */
    *ncode = rd_size(r);
    *code = r->p;
    if (*ncode > (1u << 26)) r->bad = true;
    else rd_skip(r, *ncode * 4);
    return defined;
}

/* A prototype's upvalues, read after its constants: their number, and env[i] true when
 * upvalue i (of the first 256) is the environment: the main chunk's first, or one taken
 * from the parent's environment upvalue (penv). */
static size_t rd_env(Rd *r, const unsigned char *penv, bool is_main, unsigned char env[256])
{
    memset(env, 0, 256);
    size_t nup = rd_size(r);
    for (size_t i = 0; i < nup && !r->bad; i++) {
        unsigned instack = rd_byte(r), idx = rd_byte(r);
        rd_byte(r);
        if (i >= 256) continue;
        env[i] = is_main ? (i == 0) : (!instack && idx < 256 && penv[idx]);
    }
    return nup;
}

/* A prototype's line information (read after its nested prototypes): the line of each
 * instruction as a difference from the one before, and absolute lines at some pcs. */
typedef struct Lines {
    const unsigned char *li;
    size_t nli, nabs;
    int (*abs)[2]; /* (pc, line), or NULL */
} Lines;

static void rd_lines(Rd *r, Lines *l)
{
    l->nli = rd_size(r);
    l->li = r->p;
    rd_skip(r, l->nli);
    l->nabs = rd_size(r);
    l->abs = l->nabs && l->nabs < (1u << 24) ? xcalloc(l->nabs, sizeof *l->abs) : NULL;
    for (size_t i = 0; i < l->nabs && !r->bad; i++) {
        int pc = (int)rd_size(r), line = (int)rd_size(r);
        if (l->abs) l->abs[i][0] = pc, l->abs[i][1] = line;
    }
}

/* The line of instruction pc of a function of ncode instructions defined at line
 * `defined`; 0 when the chunk has no line information (stripped). */
static int line_of_pc(const Lines *l, int defined, size_t ncode, int pc)
{
    if (l->nli != ncode) return 0;
    int line = defined, from = -1;
    for (size_t i = 0; l->abs && i < l->nabs && l->abs[i][0] <= pc; i++) line = l->abs[i][1], from = l->abs[i][0];
    for (int p = from + 1; p <= pc; p++) line += (signed char)l->li[p];
    return line;
}

static bool rd_function(Rd *r, const Fn *parent, bool is_main, const char *path, Err *e, int depth)
{
    if (depth > 200) {
        r->bad = true;
        return false;
    }
    Fn f;
    memset(&f, 0, sizeof f);
    const unsigned char *code;
    size_t ncode;
    f.line = rd_head(r, &code, &ncode);
    size_t nk = rd_size(r);
    for (size_t i = 0; i < nk && !r->bad; i++) {
        unsigned t = rd_byte(r);
        switch (t) {
        case 3: case 19: rd_skip(r, 8); break;       /* integer, float */
        case 4: case 20: rd_string(r, NULL, 0); break; /* short, long string */
        default: break;                               /* nil, false, true */
        }
    }
    size_t nup = rd_size(r);
    f.nup = (uint32_t)nup;
    for (size_t i = 0; i < nup && !r->bad; i++) {
        unsigned instack = rd_byte(r), idx = rd_byte(r);
        rd_byte(r); /* kind */
        if (i >= 256) continue;
        if (is_main) f.persist[i] = 1;                       /* _ENV */
        else if (!parent) f.persist[i] = 0;
        else if (parent == (const Fn *)1) f.persist[i] = 1;  /* child of main: main's locals or _ENV */
        else if (instack) f.persist[i] = 0;                  /* a local of an enclosing function */
        else f.persist[i] = idx < 256 ? parent->persist[idx] : 0;
    }
    /* scan the code for SETUPVAL into a chunk-level upvalue */
    int bad_up = -1;
    if (!is_main && !r->bad) {
        for (size_t i = 0; i < ncode; i++) {
            uint32_t ins = instruction(code, i);
            if ((ins & 0x7f) != OP_SETUPVAL) continue;
            unsigned b = (ins >> 16) & 0xff;
            if (b < nup && b < 256 && f.persist[b]) {
                bad_up = (int)b;
                break;
            }
        }
    }
    size_t np = rd_size(r);
    for (size_t i = 0; i < np && !r->bad; i++) {
        const Fn *pp = is_main ? (const Fn *)1 : &f;
        if (!rd_function(r, pp, false, path, e, depth + 1)) return false;
    }
    char upname[128] = "?";
    rd_debug(r, bad_up, upname, sizeof upname);
    if (bad_up >= 0) {
        if (r->bot)
            err_at(e, path, f.line, 0,
                   "the function defined at line %d assigns to '%s', a variable of the whole "
                   "file: a bot keeps nothing between calls, it answers from its view alone (use "
                   "a local inside the function)", f.line, upname);
        else
            err_at(e, path, f.line, 0,
                   "the function defined at line %d assigns to '%s', a variable of the whole "
                   "script: a card script keeps nothing between calls (use a local inside the "
                   "function, or card.set / game.set to remember things)", f.line, upname);
        return false;
    }
    return !r->bad;
}

/* Parses the dump in b: a main chunk, or (main_chunk false) one function whose upvalues
 * are all long-lived, as those of the main chunk's children are. Fills e on a forbidden
 * assignment; false also when the dump could not be read (e then empty). */
static bool check_dump(const Buf *b, bool main_chunk, bool bot, const char *path, Err *e)
{
    Rd r = rd_over(b, bot);
    rd_skip(&r, DUMP_HEADER);
    return rd_function(&r, main_chunk ? NULL : (const Fn *)1, main_chunk, path, e, 0);
}

/* Declared here and in sandbox.c, its only caller (vmi.h belongs to the VM's owner):
 * true when the Lua function at idx, made while its script loaded, assigns to one of
 * its upvalues, directly or through a function nested in it; why gets the reason. */
bool bytecode_keeps_state(lua_State *L, int idx, char *why, size_t n);

bool bytecode_keeps_state(lua_State *L, int idx, char *why, size_t n)
{
    lua_Debug ar;
    idx = lua_absindex(L, idx);
    lua_pushvalue(L, idx);
    lua_getinfo(L, ">S", &ar);
    Buf b = {0};
    if (!dump_fn(L, idx, &b)) return false;
    Err e;
    err_clear(&e);
    bool ok = check_dump(&b, false, vm_in_bot(vm_of(L)), ar.short_src, &e);
    buf_free(&b);
    if (ok || !e.msg[0]) return false;
    snprintf(why, n, "%s:%d: %s (the function was made while the script loaded, so its "
                     "variables outlive every call)", ar.short_src, e.line, e.msg);
    return true;
}

/* ---------------------------------------------------------------- field reads ---- */

#define OP_GETUPVAL 9   /* R[A] := UpValue[B] */
#define OP_GETTABLE 12  /* R[A] := R[B][R[C]] */
#define OP_GETI 13      /* R[A] := R[B][C] */
#define OP_GETFIELD 14  /* R[A] := R[B][K[C]:shortstring] */
#define OP_CLOSURE 79   /* R[A] := closure(KPROTO[Bx]) */

/* One function of a dump: its code and upvalue descriptors, and its nested functions. */
typedef struct Pr {
    const unsigned char *code;
    size_t ncode, nup, np;
    const unsigned char *upd; /* nup entries of 3 bytes: instack, idx, kind */
    struct Pr *p;             /* np nested functions */
} Pr;

static void pr_free(Pr *f)
{
    for (size_t i = 0; f->p && i < f->np; i++) pr_free(&f->p[i]);
    xfree(f->p);
}

static void rd_pr(Rd *r, Pr *f, int depth)
{
    memset(f, 0, sizeof *f);
    if (depth > 200) {
        r->bad = true;
        return;
    }
    rd_head(r, &f->code, &f->ncode);
    size_t nk = rd_size(r);
    for (size_t i = 0; i < nk && !r->bad; i++) {
        unsigned t = rd_byte(r);
        if (t == 3 || t == 19) rd_skip(r, 8);
        else if (t == 4 || t == 20) rd_string(r, NULL, 0);
    }
    f->nup = rd_size(r);
    f->upd = r->p;
    if (f->nup > 255) r->bad = true;
    else rd_skip(r, f->nup * 3);
    size_t np = rd_size(r);
    if (r->bad || np > (1u << 20)) {
        r->bad = true;
        return;
    }
    if (np) {
        f->p = xcalloc(np, sizeof *f->p);
        if (!f->p) {
            r->bad = true;
            return;
        }
        f->np = np;
    }
    for (size_t i = 0; i < np && !r->bad; i++) rd_pr(r, &f->p[i], depth + 1);
    rd_debug(r, -1, NULL, 0);
}

/* Whether function f uses its upvalue u only to read fields: by constant names
 * (GETTABUP), or by any key when it fetches the table into a register only for the next
 * instruction to index it and put the field in that same register (GETUPVAL then
 * GETTABLE, GETI or GETFIELD: `PLACE_NAMES[p]`), so the table is never held as a value;
 * and so does every function it makes that captures u. */
static bool pr_reads_fields(const Pr *f, size_t u, int depth)
{
    if (depth > 200) return false;
    for (size_t i = 0; i < f->ncode; i++) {
        uint32_t ins = instruction(f->code, i);
        unsigned op = ins & 0x7f, a = (ins >> 7) & 0xff, b = (ins >> 16) & 0xff;
        if (op == OP_GETUPVAL && b == u) {
            if (i + 1 >= f->ncode) return false;
            uint32_t nx = instruction(f->code, i + 1);
            unsigned nop = nx & 0x7f, na = (nx >> 7) & 0xff, nb = (nx >> 16) & 0xff;
            if ((nop != OP_GETTABLE && nop != OP_GETI && nop != OP_GETFIELD) || na != a || nb != a) return false;
            continue;
        }
        if (op == OP_SETUPVAL && b == u) return false;
        if (op == OP_SETTABUP && a == u) return false;
        if (op == OP_CLOSURE) {
            size_t bx = ins >> 15;
            if (bx >= f->np) return false;
            const Pr *c = &f->p[bx];
            for (size_t k = 0; k < c->nup; k++)
                if (c->upd[k * 3] == 0 && c->upd[k * 3 + 1] == u && !pr_reads_fields(c, k, depth + 1))
                    return false;
        }
    }
    return true;
}

/* Declared here and in sandbox.c, its only caller: for the Lua function at idx, marks
 * in only[i] (i < cap) each upvalue i + 1 that the function (and every function it
 * makes that shares the variable) uses only to read fields with constant names
 * (`game.get`, `ASK.exploration`): never reads as a value, never assigns, never writes a
 * field of. Returns false (nothing marked) when the dump cannot be read. */
bool bytecode_field_upvalues(lua_State *L, int idx, bool *only, int cap);

bool bytecode_field_upvalues(lua_State *L, int idx, bool *only, int cap)
{
    for (int i = 0; i < cap; i++) only[i] = false;
    Buf b = {0};
    if (!dump_fn(L, idx, &b)) return false;
    Rd r = rd_over(&b, false);
    rd_skip(&r, DUMP_HEADER);
    Pr f;
    rd_pr(&r, &f, 0);
    bool ok = !r.bad;
    for (size_t u = 0; ok && u < f.nup && (int)u < cap; u++) only[u] = pr_reads_fields(&f, u, 0);
    pr_free(&f);
    buf_free(&b);
    return ok;
}

bool bytecode_check(lua_State *L, const char *path, Err *e)
{
    Buf b = {0};
    if (!dump_fn(L, -1, &b)) {
        err_at(e, path, 0, 0, "cannot inspect the compiled script");
        return false;
    }
    Err tmp;
    err_clear(&tmp);
    bool ok = check_dump(&b, true, vm_in_bot(vm_of(L)), path, &tmp);
    buf_free(&b);
    if (!ok) {
        if (tmp.msg[0]) *e = tmp;
        else err_at(e, path, 0, 0, "cannot inspect the compiled script (unexpected format)");
        return false;
    }
    return true;
}

/* ---------------------------------------------------------------- globals read --- */

/* The global names a chunk reads (GETTABUP on _ENV with a constant name) and writes
 * (SETTABUP), for load_script's prologue that binds the read-only globals a script
 * uses to locals once (an upvalue read instead of two __index lookups per use). */
typedef struct EnvNames {
    char *name[256];
    bool written[256];
    int n;
} EnvNames;

static void env_note(EnvNames *en, const char *k, bool write)
{
    for (int i = 0; i < en->n; i++)
        if (strcmp(en->name[i], k) == 0) {
            if (write) en->written[i] = true;
            return;
        }
    if (en->n == 256) return;
    en->name[en->n] = xstrdup(k);
    if (!en->name[en->n]) return;
    en->written[en->n++] = write;
}

typedef struct GlobalRead {
    int k;    /* index in EnvNames */
    int line;
} GlobalRead;

typedef struct ReadList {
    GlobalRead *r;
    int n, cap;
} ReadList;

static void rd_reads(Rd *r, const unsigned char *penv, bool is_main, EnvNames *en, ReadList *rl, int depth);

/* The globals the function at the top of the stack reads and writes (en; en->n is 0
 * when it could not be read, the names to free otherwise) and where it first reads each
 * (rl, to free). False when the dump could not be made or read. */
static bool chunk_reads(lua_State *L, EnvNames *en, ReadList *rl)
{
    en->n = 0;
    *rl = (ReadList){0};
    Buf b = {0};
    if (!dump_fn(L, -1, &b)) return false;
    Rd r = rd_over(&b, false);
    rd_skip(&r, DUMP_HEADER);
    rd_reads(&r, NULL, true, en, rl, 0);
    buf_free(&b);
    return !r.bad;
}

bool bytecode_prologue(lua_State *L, int genv, Buf *out)
{
    genv = lua_absindex(L, genv);
    EnvNames en;
    ReadList rl;
    bool ok = chunk_reads(L, &en, &rl);
    xfree(rl.r);
    int used = 0;
    /* `local a, b = a, b;` for names read, never assigned, and already set in the
     * read-only globals; the first line stays the first line (no newline) */
    Buf names = {0};
    for (int i = 0; i < en.n && ok; i++) {
        if (en.written[i] || used == 100) continue;
        lua_pushstring(L, en.name[i]);
        bool set = lua_rawget(L, genv) != LUA_TNIL;
        lua_pop(L, 1);
        if (!set) continue;
        if (!buf_printf(&names, "%s%s", used ? "," : "", en.name[i])) ok = false;
        used++;
    }
    for (int i = 0; i < en.n; i++) xfree(en.name[i]);
    if (ok && used && names.s)
        ok = buf_printf(out, "local %s=%s;", names.s, names.s);
    buf_free(&names);
    return ok && used > 0;
}

/* ---------------------------------------------------------------- globals unknown - */

/* The reads of globals a chunk never assigns, each with its line, for lint: a name that
 * no script defines reads nil (in the sandbox nothing else can define one), most
 * likely a misspelling. Line numbers come from the dump's line information: per
 * instruction a signed delta from the one before, restarted from an absolute line at
 * the pcs that abslineinfo lists (the function's first line before the first of
 * them). */
static void reads_add(ReadList *rl, int k, int line)
{
    for (int i = 0; i < rl->n; i++)
        if (rl->r[i].k == k) { /* the first read of a name (by line) is the one said */
            if (line < rl->r[i].line) rl->r[i].line = line;
            return;
        }
    if (rl->n == rl->cap) {
        int cap = rl->cap ? rl->cap * 2 : 16;
        GlobalRead *nr = xrealloc(rl->r, (size_t)cap * sizeof *nr);
        if (!nr) return;
        rl->r = nr;
        rl->cap = cap;
    }
    rl->r[rl->n++] = (GlobalRead){k, line};
}

static int env_index(EnvNames *en, const char *k, bool write)
{
    env_note(en, k, write);
    for (int i = 0; i < en->n; i++)
        if (strcmp(en->name[i], k) == 0) return i;
    return -1;
}

static void rd_reads(Rd *r, const unsigned char *penv, bool is_main, EnvNames *en, ReadList *rl, int depth)
{
    if (depth > 200) {
        r->bad = true;
        return;
    }
    const unsigned char *code;
    size_t ncode;
    int defined = rd_head(r, &code, &ncode);
    if (r->bad) return;
    size_t nk = rd_size(r);
    char **ks = nk && nk < (1u << 20) ? xcalloc(nk, sizeof *ks) : NULL;
    if (nk && !ks) r->bad = true;
    for (size_t i = 0; i < nk && !r->bad; i++) {
        unsigned t = rd_byte(r);
        if (t == 4) {
            char k[128];
            rd_string(r, k, sizeof k);
            ks[i] = xstrdup(k);
        } else if (t == 3 || t == 19) {
            rd_skip(r, 8);
        } else if (t == 20) {
            rd_string(r, NULL, 0);
        }
    }
    unsigned char env[256];
    size_t nup = rd_env(r, penv, is_main, env);
    /* this function's reads (name index, pc) until its line information is read */
    int (*mine)[2] = ncode && ncode < (1u << 24) ? xcalloc(ncode, sizeof *mine) : NULL;
    size_t nmine = 0;
    for (size_t i = 0; i < ncode && !r->bad; i++) {
        uint32_t ins = instruction(code, i);
        unsigned op = ins & 0x7f, a = (ins >> 7) & 0xff, b = (ins >> 16) & 0xff, c = ins >> 24;
        if (op == OP_GETTABUP && b < nup && env[b] && c < nk && ks[c]) {
            int k = env_index(en, ks[c], false);
            if (k >= 0 && mine) {
                mine[nmine][0] = k;
                mine[nmine++][1] = (int)i;
            }
        }
        if (op == OP_SETTABUP && a < nup && env[a] && b < nk && ks[b]) env_note(en, ks[b], true);
    }
    for (size_t i = 0; i < nk; i++) xfree(ks ? ks[i] : NULL);
    xfree(ks);
    size_t np = rd_size(r);
    for (size_t i = 0; i < np && !r->bad; i++) rd_reads(r, env, false, en, rl, depth + 1);
    Lines lines;
    rd_lines(r, &lines);
    for (size_t m = 0; m < nmine && !r->bad; m++) /* (no line information: said without a line) */
        reads_add(rl, mine[m][0], line_of_pc(&lines, defined, ncode, mine[m][1]));
    xfree(lines.abs);
    xfree(mine);
    rd_debug_names(r, -1, NULL, 0);
}

static int read_cmp(const void *a, const void *b)
{
    const GlobalRead *x = a, *y = b;
    return (x->line > y->line) - (x->line < y->line);
}

bool bytecode_globals_read(lua_State *L, void (*note)(void *ud, const char *name, int line), void *ud)
{
    EnvNames en;
    ReadList rl;
    bool ok = chunk_reads(L, &en, &rl);
    if (rl.n > 1) qsort(rl.r, (size_t)rl.n, sizeof *rl.r, read_cmp); /* in line order */
    for (int i = 0; ok && i < rl.n; i++)
        if (!en.written[rl.r[i].k]) note(ud, en.name[rl.r[i].k], rl.r[i].line);
    for (int i = 0; i < en.n; i++) xfree(en.name[i]);
    xfree(rl.r);
    return ok;
}

/* ---------------------------------------------------------------- patterns -------- */

/* For lint: a call of string.find, match, gmatch or gsub (`string.match(s, "…")` or the
 * method form `s:match("…")`) whose pattern is a string constant the sandbox refuses
 * (sandbox_pattern_check), so the call can only fail. Read from the compiled chunk,
 * where comments and strings are no longer in the way: the function comes from
 * GETTABUP _ENV "string" then GETFIELD "match" into the call's register, or SELF
 * "match"; the pattern is the LOADK that last wrote the register after it. A call whose
 * arguments hold a jump (`c and "a+" or "b+"`), or that a jump lands inside, is left
 * alone, and so is a find that may be plain (a fourth argument), a pattern built at run
 * time or the functions reached under another name (`local match = string.match`): no
 * false alarm, at the price of missing those. */
int sandbox_pattern_check(const char *p, size_t n, char *why, size_t whyn); /* sandbox.c */

#define OP_LOADK 3
#define OP_LOADKX 4
#define OP_SELF 20
#define OP_JMP 56
#define OP_CALL 68
#define OP_TAILCALL 69
#define OP_EXTRAARG 82

typedef struct PatK {
    const unsigned char *s; /* a string constant's bytes in the dump, or NULL */
    size_t len;
} PatK;

typedef struct PatNote {
    void (*note)(void *ud, int line, const char *msg);
    /* a field read from a global by constant names (`decide.amounts`): GETTABUP _ENV
     * "decide" then GETFIELD "amounts" of that register; NULL: not looked for */
    void (*field)(void *ud, int line, const char *global, const char *name);
    void *ud;
} PatNote;

static bool patk_is(const PatK *k, size_t nk, size_t i, const char *word)
{
    return i < nk && k[i].s && k[i].len == strlen(word) && memcmp(k[i].s, word, k[i].len) == 0;
}

/* The string function called at pc i (a CALL or TAILCALL) with a refused constant
 * pattern: its name ("match"), the pattern's pc and constant; NULL when none. */
static const char *pattern_call(const unsigned char *code, size_t i, const PatK *k, size_t nk, const unsigned char *env,
                                size_t nup, const bool *target, size_t *kpc, size_t *kidx)
{
    static const char *const fns[] = {"find", "match", "gmatch", "gsub", NULL};
    uint32_t call = instruction(code, i);
    unsigned a = (call >> 7) & 0xff, b = (call >> 16) & 0xff;
    if (b != 0 && b < 3) return NULL; /* fewer than two arguments */
    /* the instruction that put the function in R[a]: the nearest one naming R[a] */
    size_t f = i, pk = i;
    while (f-- > 0) {
        uint32_t ins = instruction(code, f);
        unsigned op = ins & 0x7f;
        if (op == OP_JMP || target[f + 1]) return NULL;
        if (op == OP_EXTRAARG) continue;
        if (((ins >> 7) & 0xff) == a + 2 && pk == i) pk = f;
        if (((ins >> 7) & 0xff) == a) break;
    }
    if (f == (size_t)-1 || pk == i || pk < f) return NULL;
    uint32_t fi = instruction(code, f);
    unsigned fop = fi & 0x7f, fb = (fi >> 16) & 0xff, fc = fi >> 24;
    size_t key;
    if (fop == OP_SELF && (fi >> 15) & 1) {
        key = fc;
    } else if (fop == OP_GETFIELD && fb == a && f > 0) {
        uint32_t gi = instruction(code, f - 1);
        unsigned gb = (gi >> 16) & 0xff;
        if ((gi & 0x7f) != OP_GETTABUP || ((gi >> 7) & 0xff) != a || gb >= nup || !env[gb] ||
            !patk_is(k, nk, gi >> 24, "string") || target[f])
            return NULL;
        key = fc;
    } else {
        return NULL;
    }
    int fn = -1;
    for (int j = 0; fns[j] && fn < 0; j++)
        if (patk_is(k, nk, key, fns[j])) fn = j;
    if (fn < 0 || (fn == 0 && (b == 0 || b >= 5))) return NULL; /* a find that may be plain */
    /* the pattern: a constant loaded by the last instruction that named R[a + 2] */
    uint32_t pi = instruction(code, pk);
    size_t ki;
    if ((pi & 0x7f) == OP_LOADK) ki = pi >> 15;
    else if ((pi & 0x7f) == OP_LOADKX && pk + 1 < i) ki = instruction(code, pk + 1) >> 7;
    else return NULL;
    if (ki >= nk || !k[ki].s) return NULL;
    *kpc = pk;
    *kidx = ki;
    return fns[fn];
}

static void rd_patterns(Rd *r, const unsigned char *penv, bool is_main, const PatNote *pn, int depth)
{
    if (depth > 200) {
        r->bad = true;
        return;
    }
    const unsigned char *code;
    size_t ncode;
    int defined = rd_head(r, &code, &ncode);
    if (r->bad) return;
    size_t nk = rd_size(r);
    PatK *ks = nk && nk < (1u << 20) ? xcalloc(nk, sizeof *ks) : NULL;
    if (nk && !ks) r->bad = true;
    for (size_t i = 0; i < nk && !r->bad; i++) {
        unsigned t = rd_byte(r);
        if (t == 4 || t == 20) {
            size_t n = rd_size(r);
            if (n > 0 && (size_t)(r->end - r->p) >= n - 1) {
                ks[i].s = r->p;
                ks[i].len = n - 1;
            }
            if (n > 0) rd_skip(r, n - 1);
        } else if (t == 3 || t == 19) {
            rd_skip(r, 8);
        }
    }
    unsigned char env[256];
    size_t nup = rd_env(r, penv, is_main, env);
    /* the pcs a jump lands on */
    bool *target = !r->bad ? xcalloc(ncode + 1, sizeof *target) : NULL;
    for (size_t i = 0; target && i < ncode; i++) {
        uint32_t ins = instruction(code, i);
        if ((ins & 0x7f) != OP_JMP) continue;
        long to = (long)i + 1 + ((long)(ins >> 7) - ((1L << 24) - 1));
        if (to >= 0 && (size_t)to <= ncode) target[to] = true;
    }
    /* the refused patterns found (message, pc) until the line information is read */
    typedef struct Found {
        char msg[900];
        size_t pc;
    } Found;
    Found *found = NULL;
    size_t nfound = 0;
    for (size_t i = 0; target && i < ncode && nfound < 50; i++) {
        unsigned op = instruction(code, i) & 0x7f;
        if (op != OP_CALL && op != OP_TAILCALL) continue;
        size_t kpc, ki;
        const char *fn = pattern_call(code, i, ks, nk, env, nup, target, &kpc, &ki);
        if (!fn) continue;
        char why[600];
        if (sandbox_pattern_check((const char *)ks[ki].s, ks[ki].len, why, sizeof why) >= 0) continue;
        Found *nf = xrealloc(found, (nfound + 1) * sizeof *found);
        if (!nf) break;
        found = nf;
        size_t lp = ks[ki].len;
        snprintf(found[nfound].msg, sizeof found[nfound].msg,
                 "string.%s: the sandbox refuses the pattern '%.*s%s', so this call always fails: %s", fn,
                 (int)(lp > 60 ? 60 : lp), (const char *)ks[ki].s, lp > 60 ? "…" : "", why);
        found[nfound++].pc = kpc;
    }
    /* fields of globals read by constant names: "decide\0amounts" and the pc */
    typedef struct Field {
        char names[2][64];
        size_t pc;
    } Field;
    Field *fields = NULL;
    size_t nfields = 0;
    for (size_t i = 1; pn->field && target && i < ncode && nfields < 500; i++) {
        uint32_t fi = instruction(code, i), gi = instruction(code, i - 1);
        if ((fi & 0x7f) != OP_GETFIELD || (gi & 0x7f) != OP_GETTABUP || target[i]) continue;
        unsigned ga = (gi >> 7) & 0xff, gb = (gi >> 16) & 0xff, gk = gi >> 24;
        unsigned fb = (fi >> 16) & 0xff, fk = fi >> 24;
        if (fb != ga || gb >= nup || !env[gb] || gk >= nk || fk >= nk || !ks[gk].s || !ks[fk].s ||
            ks[gk].len >= 64 || ks[fk].len >= 64)
            continue;
        /* only a field that is called: the register it went to is the function of a
         * call before anything else writes it, with no jump on the way (a read that is
         * compared, `math.randomseed == nil`, may mean to find nothing) */
        unsigned fa = (fi >> 7) & 0xff;
        bool called = false;
        for (size_t j = i + 1; j < ncode && j < i + 64; j++) {
            uint32_t ins = instruction(code, j);
            unsigned op = ins & 0x7f, a = (ins >> 7) & 0xff;
            if (op == OP_JMP || target[j]) break;
            if ((op == OP_CALL || op == OP_TAILCALL) && a == fa) called = true;
            if (a == fa || ((op == OP_CALL || op == OP_TAILCALL) && a < fa)) break;
        }
        if (!called) continue;
        Field *nf = xrealloc(fields, (nfields + 1) * sizeof *fields);
        if (!nf) break;
        fields = nf;
        memcpy(fields[nfields].names[0], ks[gk].s, ks[gk].len);
        fields[nfields].names[0][ks[gk].len] = 0;
        memcpy(fields[nfields].names[1], ks[fk].s, ks[fk].len);
        fields[nfields].names[1][ks[fk].len] = 0;
        fields[nfields++].pc = i;
    }
    xfree(target);
    xfree(ks);
    size_t np = rd_size(r);
    for (size_t i = 0; i < np && !r->bad; i++) rd_patterns(r, env, false, pn, depth + 1);
    Lines lines;
    rd_lines(r, &lines);
    for (size_t m = 0; m < nfound && !r->bad; m++)
        pn->note(pn->ud, line_of_pc(&lines, defined, ncode, (int)found[m].pc), found[m].msg);
    for (size_t m = 0; m < nfields && !r->bad; m++)
        pn->field(pn->ud, line_of_pc(&lines, defined, ncode, (int)fields[m].pc), fields[m].names[0],
                  fields[m].names[1]);
    xfree(lines.abs);
    xfree(found);
    xfree(fields);
    rd_debug_names(r, -1, NULL, 0);
}

/* Declared here and in vm.c, its only caller: calls note for each call of the chunk at
 * the top of the stack that passes a constant pattern the sandbox refuses (its line
 * and the message), and field (when not NULL) for each field it reads of a global by
 * constant names (`decide.amounts`: its line, "decide", "amounts"), so that lint can
 * say which of them the API or the library does not have. False when the chunk could
 * not be read. */
bool bytecode_patterns(lua_State *L, void (*note)(void *ud, int line, const char *msg),
                       void (*field)(void *ud, int line, const char *global, const char *name), void *ud);

bool bytecode_patterns(lua_State *L, void (*note)(void *ud, int line, const char *msg),
                       void (*field)(void *ud, int line, const char *global, const char *name), void *ud)
{
    Buf b = {0};
    if (!dump_fn(L, -1, &b)) return false;
    Rd r = rd_over(&b, false);
    rd_skip(&r, DUMP_HEADER);
    PatNote pn = {note, field, ud};
    rd_patterns(&r, NULL, true, &pn, 0);
    buf_free(&b);
    return !r.bad;
}
