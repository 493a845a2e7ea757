/* common.c — opening games, the random bot and option parsing, shared by every
 * subcommand. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

void games_beside_binary(char *out, size_t n)
{
    char exe[PATH_MAX - 16]; /* room for "/games" in out */
    ssize_t l = readlink("/proc/self/exe", exe, sizeof exe - 1);
    out[0] = 0;
    if (l <= 0) return;
    exe[l] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    snprintf(out, n, "%s/games", exe);
    if (!is_dir(out)) out[0] = 0;
}

/* The games folder: games/ here, else beside the binary (out empty when neither). */
static void games_root(char *out, size_t n)
{
    snprintf(out, n, "games");
    if (!is_dir(out)) games_beside_binary(out, n);
}


void game_not_found(const char *name, char *out, size_t n)
{
    char root[PATH_MAX];
    games_root(root, sizeof root);
    Buf b = {0};
    if (!name[0]) buf_printf(&b, "the game name is empty");
    else buf_printf(&b, "no game or pack folder named '%s'", name);
    char **names = NULL;
    size_t nn = 0;
    bool complete;
    int k = 0;
    if (root[0] && dir_list(root, &names, &nn, &complete))
        for (size_t i = 0; i < nn; i++) {
            char pj[PATH_MAX + 300];
            if (names[i][0] == '.') continue;
            snprintf(pj, sizeof pj, "%s/%s/pack.json", root, names[i]);
            if (access(pj, F_OK) == 0) buf_printf(&b, "%s%s", k++ ? ", " : "; the games are ", names[i]);
        }
    dir_list_free(names, nn);
    buf_printf(&b, k ? " (or give a pack's folder)" : " (look in games/, or give a pack's folder)");
    snprintf(out, n, "%s", b.s ? b.s : "");
    buf_free(&b);
}

bool game_dir(const char *name, char *out, size_t n)
{
    /* "", "." and ".." (and "/", "./" and the like, which are those with the slashes
     * that Tab completion leaves) are a pack folder when they hold a pack.json (a modder
     * standing in their pack); they are never looked up under games/, where they would
     * name the games folder itself, its parent or the root */
    size_t len = strlen(name);
    while (len > 0 && name[len - 1] == '/') len--;
    bool special = len == 0 || (len == 1 && name[0] == '.') || (len == 2 && name[0] == '.' && name[1] == '.');
    if (is_dir(name) && (strchr(name, '/') || access(name, F_OK) == 0)) {
        char pj[PATH_MAX];
        snprintf(pj, sizeof pj, "%s/pack.json", name);
        if (access(pj, F_OK) == 0) {
            snprintf(out, n, "%s", name);
            return true;
        }
    }
    if (special) {
        snprintf(out, n, "%s", name);
        return false;
    }
    snprintf(out, n, "games/%s", name);
    if (is_dir(out)) return true;
    /* beside the binary: <dir of tabula>/games/<name> */
    char root[PATH_MAX];
    games_beside_binary(root, sizeof root);
    if (root[0]) {
        snprintf(out, n, "%s/%s", root, name);
        if (is_dir(out)) return true;
    }
    snprintf(out, n, "%s", name);
    return false;
}

bool mkdir_p(const char *path, mode_t mode)
{
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(tmp, mode) != 0 && errno != EEXIST) return false;
        *p = '/';
    }
    struct stat st;
    return mkdir(tmp, mode) == 0 || (errno == EEXIST && stat(tmp, &st) == 0 && S_ISDIR(st.st_mode));
}

bool worker_open(Worker *wk, const char *name, const char *const *extra, int nextra, Err *e)
{
    memset(wk, 0, sizeof *wk);
    char dir[PATH_MAX];
    if (!game_dir(name, dir, sizeof dir)) {
        char why[1024];
        game_not_found(name, why, sizeof why);
        err_set(e, "%s", why);
        return false;
    }
    /* run from the repository root so pack paths resolve the same everywhere */
    wk->w = world_new();
    if (!wk->w) {
        err_set(e, "out of memory");
        return false;
    }
    games_beside_binary(wk->w->games_root, sizeof wk->w->games_root);
    if (pack_load(wk->w, dir, e) < 0) goto fail;
    for (int i = 0; i < nextra; i++)
        if (pack_load(wk->w, extra[i], e) < 0) goto fail;
    VmLimits lim = vm_limits_default();
    wk->vm = vm_new(wk->w, &lim, e);
    if (!wk->vm) goto fail;
    return true;
fail:
    world_free(wk->w);
    wk->w = NULL;
    return false;
}

void worker_close(Worker *wk)
{
    vm_free(wk->vm);
    world_free(wk->w);
    memset(wk, 0, sizeof *wk);
}

uint64_t bot_next(Bot *b)
{
    uint64_t z = (b->rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint32_t bot_below(Bot *b, uint32_t n)
{
    return (uint32_t)(((bot_next(b) >> 32) * (uint64_t)n) >> 32);
}

int bot_random(Bot *b, const Game *g, int32_t *ids, int cap)
{
    DecisionView d = game_decision(g);
    if (d.seat < 0 || d.nopt <= 0) return 0;
    int n = d.nopt;
    int k;
    if (d.kind == DEC_ORDER) k = n;
    else k = d.min + (int)bot_below(b, (uint32_t)(d.max - d.min + 1));
    if (k > n) k = n;
    if (k > cap) k = cap;
    /* a uniform k-subset in random order: partial Fisher-Yates over the option indexes */
    int idx[1024];
    if (n > 1024) n = 1024;
    for (int i = 0; i < n; i++) idx[i] = i;
    for (int i = 0; i < k; i++) {
        int j = i + (int)bot_below(b, (uint32_t)(n - i));
        int t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
        ids[i] = d.opts[idx[i]].id;
    }
    return k;
}

int play_random(Game *g, Bot *b, int max_decisions)
{
    return play_random_seen(g, b, max_decisions, NULL, NULL);
}

int play_random_seen(Game *g, Bot *b, int max_decisions, PickSeen seen, void *ud)
{
    int32_t ids[1024];
    for (int i = 0; i < max_decisions; i++) {
        int r = game_advance(g);
        if (r != ADV_DECISION) return r;
        int k = bot_random(b, g, ids, 1024);
        if (seen) seen(ud, g, ids, k);
        Err e;
        if (!game_answer(g, ids, k, &e)) return ADV_ERROR;
    }
    return ADV_ERROR;
}

void packs_list(const World *w, char *out, size_t n)
{
    size_t used = 0;
    if (n) out[0] = 0;
    for (int i = 0; i < w->npacks && used < n; i++)
        used += (size_t)snprintf(out + used, n - used, "%s%s", i ? ", " : "", w->packs[i].id);
}

bool arg_number(const char *cmd, const char *flag, const char *v, uint64_t lo, uint64_t hi,
                uint64_t *out)
{
    uint64_t n;
    if (parse_u64(v, hi, &n) && n >= lo) {
        *out = n;
        return true;
    }
    fprintf(stderr, "tabula %s: %s takes a whole number from %" PRIu64 " to %" PRIu64 ", not '%s'\n",
            cmd, flag, lo, hi, v);
    return false;
}

/* s in lower case, each run of blanks one space, none at the ends or around commas,
 * into out. */
static void label_key(const char *s, char *out, size_t n)
{
    size_t u = 0;
    while (*s && u + 1 < n) {
        if (isspace((unsigned char)*s)) {
            while (isspace((unsigned char)*s)) s++;
            if (u > 0 && out[u - 1] != ',' && *s != ',' && *s) out[u++] = ' ';
            continue;
        }
        out[u++] = (char)tolower((unsigned char)*s++);
    }
    out[u] = 0;
}

int split_answer(const char *line, const char *(*label)(void *ctx, int i), void *ctx, int nlabels,
                 char (*items)[ITEM_MAX], int cap)
{
    /* pieces: a label of k commas joins k + 1 of them, so there may be more pieces than
     * items; twice the items is room enough for any answer that fits */
    enum { MAXP = 2 * PICKS_MAX };
    const char *start[MAXP];
    size_t len[MAXP];
    int np = 0;
    for (const char *p = line;;) {
        const char *c = strchr(p, ',');
        size_t l = c ? (size_t)(c - p) : strlen(p);
        size_t a = 0;
        while (a < l && isspace((unsigned char)p[a])) a++;
        while (l > a && isspace((unsigned char)p[l - 1])) l--;
        if (l > a) {
            if (np == MAXP) return SPLIT_TOO_MANY;
            start[np] = p + a, len[np++] = l - a;
        }
        if (!c) break;
        p = c + 1;
    }
    /* the key of a run of pieces is their keys joined by commas: it grows with every
     * piece, so past the longest label's key (or past 1,023 bytes of pieces and ", "
     * between them) no longer run is a label; the runs tried from each piece are few */
    char want[1024], have[1024], piece[1024];
    size_t longest = 0;
    for (int o = 0; o < nlabels; o++) {
        label_key(label(ctx, o), have, sizeof have);
        if (strlen(have) > longest) longest = strlen(have);
    }
    int n = 0;
    for (int i = 0; i < np;) {
        if (n == cap) return SPLIT_TOO_MANY;
        int took = 1;
        const char *whole = NULL;
        size_t raw = len[i];
        snprintf(piece, sizeof piece, "%.*s", (int)len[i], start[i]);
        label_key(piece, want, sizeof want);
        size_t u = strlen(want);
        /* the longest run of two pieces or more that is a label wins */
        for (int j = i + 1; j < np; j++) {
            raw += 2 + len[j];
            if (raw >= sizeof want) break;
            snprintf(piece, sizeof piece, "%.*s", (int)len[j], start[j]);
            want[u++] = ',';
            label_key(piece, want + u, sizeof want - u);
            u += strlen(want + u);
            if (u > longest) break;
            for (int o = 0; o < nlabels; o++) {
                label_key(label(ctx, o), have, sizeof have);
                if (strcmp(want, have) == 0) {
                    whole = label(ctx, o), took = j - i + 1;
                    break;
                }
            }
        }
        if (!whole && len[i] >= ITEM_MAX) return SPLIT_TOO_LONG;
        if (whole) snprintf(items[n++], ITEM_MAX, "%s", whole);
        else snprintf(items[n++], ITEM_MAX, "%.*s", (int)len[i], start[i]);
        i += took;
    }
    return n;
}

/* An option value as --option takes it: text bare, the rest as JSON. */
static void option_value_print(FILE *f, const json_t *v)
{
    if (json_is_string(v)) {
        fputs(json_string_value(v), f);
        return;
    }
    char *t = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
    fputs(t ? t : "?", f);
    free(t);
}

void options_print(const World *w, FILE *f)
{
    int n = 0;
    for (int p = 0; p < w->npacks; p++) n += w->packs[p].noptions;
    if (n == 0) {
        fprintf(f, "%s has no options.\n", w->packs[0].id);
        return;
    }
    for (int p = 0; p < w->npacks; p++) {
        const Pack *pk = &w->packs[p];
        if (!pk->noptions) continue;
        fprintf(f, "Options of %s (--option key=value):\n", pk->id);
        for (int i = 0; i < pk->noptions; i++) {
            const PackOption *o = &pk->options[i];
            /* a later pack's option of the same key replaces this one */
            const PackOption *now = world_option(w, o->key);
            if (now != o) continue;
            fprintf(f, "  %s=", o->key);
            option_value_print(f, o->def);
            if (o->values) {
                size_t k;
                json_t *v;
                fputs("   (one of ", f);
                json_array_foreach(o->values, k, v) {
                    if (k) fputs(", ", f);
                    option_value_print(f, v);
                }
                fputs(")", f);
            }
            fputs("\n", f);
            if (o->help && *o->help) fprintf(f, "      %s\n", o->help);
        }
    }
}

bool option_parse(json_t *opts, const char *kv, Err *e)
{
    const char *eq = strchr(kv, '=');
    if (!eq || eq == kv) {
        err_set(e, "--option needs key=value, got '%s'", kv);
        return false;
    }
    char key[128];
    if ((size_t)(eq - kv) >= sizeof key) {
        err_set(e, "--option '%.40s…': the key is %d characters long (at most %d)", kv, (int)(eq - kv),
                (int)sizeof key - 1);
        return false;
    }
    snprintf(key, sizeof key, "%.*s", (int)(eq - kv), kv);
    const char *v = eq + 1;
    char *end;
    errno = 0;
    long long iv = strtoll(v, &end, 10);
    json_t *val;
    if (*v && !*end && errno == ERANGE) {
        /* it was clamped to the nearest end without a word */
        err_set(e, "--option '%s': %s is out of range (whole numbers run from %lld to %lld)", kv, v, LLONG_MIN,
                LLONG_MAX);
        return false;
    }
    if (*v && !*end) val = json_integer(iv);
    else if (strcmp(v, "true") == 0) val = json_true();
    else if (strcmp(v, "false") == 0) val = json_false();
    else val = json_string(v);
    /* JSON holds UTF-8 only: a key or text that is not would be dropped without a word */
    if (!val || json_object_set_new(opts, key, val) != 0) {
        err_set(e, "--option '%s': the key and the value must be UTF-8 text", kv);
        return false;
    }
    return true;
}
