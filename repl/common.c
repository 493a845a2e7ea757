/* common.c — opening games, the random bot and option parsing, shared by every
 * subcommand. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "amounts.h"
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
    /* a path ("x/y"; not "/", "./" or "../", which name no game either) or a folder here
     * is said as pack_load says a --pack folder: no such folder, or no pack.json in it.
     * A path is no game name, so the games are not listed after it. */
    size_t len = strlen(name);
    while (len > 0 && name[len - 1] == '/') len--;
    bool special = len == 0 || (len == 1 && name[0] == '.') || (len == 2 && name[0] == '.' && name[1] == '.');
    bool path = !special && strchr(name, '/');
    Err fe;
    err_clear(&fe);
    bool said = (path || (!special && access(name, F_OK) == 0)) && !pack_folder_check(name, &fe);
    if (said && path) {
        snprintf(out, n, "%s", fe.msg);
        return;
    }
    char root[PATH_MAX];
    games_root(root, sizeof root);
    Buf b = {0};
    if (!name[0]) buf_printf(&b, "the game name is empty");
    else if (said) buf_printf(&b, "%s", fe.msg);
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
    return splitmix64(&b->rng);
}

static uint32_t bot_below(Bot *b, uint32_t n)
{
    return (uint32_t)(((bot_next(b) >> 32) * (uint64_t)n) >> 32);
}

static uint32_t bot_below_ud(void *b, uint32_t n)
{
    return bot_below(b, n);
}

int bot_random(Bot *b, const Game *g, int32_t *ids, int cap)
{
    DecisionView d = game_decision(g);
    if (d.seat < 0 || d.nopt <= 0) return 0;
    /* a question of quantities: one of its legal answers, each as likely (amounts.c) */
    if (d.kind == DEC_AMOUNTS) {
        int k = amounts_random(g, bot_below_ud, b, ids, cap);
        return k < 0 ? 0 : k;
    }
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

/* ---------------------------------------------------------------- pack bots ------- */

#define PLAN_BAD (-4)

int lookahead_parse(const char *name, const Vm *vm, int *playouts, int *rollout, char *err, size_t n)
{
    if (strncasecmp(name, "lookahead", 9) != 0 || (name[9] && name[9] != ':')) return 0;
    *playouts = LOOKAHEAD_PLAYOUTS;
    *rollout = BOT_RANDOM;
    const char *at = name + 9;
    if (*at == ':' && (isdigit((unsigned char)at[1]) || !at[1] || at[1] == '-' || at[1] == '+')) {
        char *end;
        long v = strtol(at + 1, &end, 10);
        if (!isdigit((unsigned char)at[1]) || v < 1 || v > LOOKAHEAD_MAX || (*end && *end != ':')) {
            snprintf(err, n, "'%s': lookahead takes its games a question as lookahead:N, N from 1 to %d", name,
                     LOOKAHEAD_MAX);
            return -1;
        }
        *playouts = (int)v;
        at = end;
    }
    if (*at == ':') {
        const char *bot = at + 1;
        if (strcasecmp(bot, "random") == 0) return 1;
        int i = vm && *bot ? vm_bot_find(vm, bot) : -1;
        if (i < 0) {
            char names[600] = "";
            size_t u = 0;
            for (int k = 0; vm && k < vm_bot_count(vm) && u < sizeof names; k++)
                u += (size_t)snprintf(names + u, sizeof names - u, ", %s", vm_bot_name(vm, k));
            snprintf(err, n, "'%s': no bot named '%s' to play lookahead's games forward (lookahead:N:BOT; the "
                             "bots: random%s)", name, bot, names);
            return -1;
        }
        *rollout = i;
    }
    return 1;
}

/* The bot a --bots item names; BOT_UNSET when none. The lookahead bot's games and the bot
 * that plays them forward (lookahead_parse) must agree with an earlier item's: PLAN_BAD
 * with the message in err when they do not, or when it names them wrongly. */
static int plan_name(const Vm *vm, const char *name, BotPlan *p, char *err, size_t n)
{
    if (strcmp(name, "random") == 0) return BOT_RANDOM;
    int playouts, rollout;
    char why[700];
    int r = lookahead_parse(name, vm, &playouts, &rollout, why, sizeof why);
    if (r < 0) {
        snprintf(err, n, "--bots: %s", why);
        return PLAN_BAD;
    }
    if (r > 0) {
        if ((p->playouts && p->playouts != playouts) || (p->rollout_set && p->rollout != rollout)) {
            char a[60], b[60];
            BotPlan q = {.playouts = playouts, .rollout = rollout};
            snprintf(err, n, "--bots names the lookahead bot as %s and as %s; one for every seat it plays",
                     botplan_name(p, vm, BOT_LOOKAHEAD, a, sizeof a), botplan_name(&q, vm, BOT_LOOKAHEAD, b, sizeof b));
            return PLAN_BAD;
        }
        p->playouts = playouts;
        p->rollout = rollout;
        p->rollout_set = true;
        return BOT_LOOKAHEAD;
    }
    int i = vm ? vm_bot_find(vm, name) : -1;
    return i >= 0 ? i : BOT_UNSET;
}

const char *botplan_name(const BotPlan *p, const Vm *vm, int bot, char *buf, size_t n)
{
    if (bot == BOT_RANDOM) return "random";
    if (bot == BOT_LOOKAHEAD) {
        int k = p && p->playouts ? p->playouts : LOOKAHEAD_PLAYOUTS;
        int r = p && p->rollout_set ? p->rollout : BOT_RANDOM;
        const char *by = r >= 0 && vm ? vm_bot_name(vm, r) : NULL;
        if (k == LOOKAHEAD_PLAYOUTS && !by) return "lookahead";
        if (!by) snprintf(buf, n, "lookahead:%d", k);
        else if (k == LOOKAHEAD_PLAYOUTS) snprintf(buf, n, "lookahead:%s", by);
        else snprintf(buf, n, "lookahead:%d:%s", k, by);
        return buf;
    }
    return vm_bot_name(vm, bot);
}

/* "random, lookahead, basic" — the names a --bots item may give */
static void bot_names(const Vm *vm, char *out, size_t n)
{
    size_t u = (size_t)snprintf(out, n, "random, lookahead");
    for (int i = 0; vm && i < vm_bot_count(vm) && u < n; i++)
        u += (size_t)snprintf(out + u, n - u, ", %s", vm_bot_name(vm, i));
}

bool botplan_parse(BotPlan *p, const Vm *vm, const char *spec, char *err, size_t n)
{
    memset(p, 0, sizeof *p);
    p->all = BOT_RANDOM;
    for (int s = 0; s < MAX_SEATS; s++) p->seat[s] = BOT_UNSET;
    bool all_given = false;
    const char *at = spec;
    while (*at) {
        const char *end = strchr(at, ',');
        size_t len = end ? (size_t)(end - at) : strlen(at);
        char item[100];
        if (len == 0 || len >= sizeof item) {
            snprintf(err, n, "--bots takes NAME, ROLE=NAME or SEAT=NAME, separated by commas, not '%s'", spec);
            return false;
        }
        memcpy(item, at, len);
        item[len] = 0;
        at += len + (end ? 1 : 0);
        if (end && !*at) {
            snprintf(err, n, "--bots '%s' ends with a comma", spec);
            return false;
        }
        char *eq = strchr(item, '=');
        const char *name = eq ? eq + 1 : item;
        int bot = plan_name(vm, name, p, err, n);
        if (bot == PLAN_BAD) return false; /* (err says why) */
        if (bot == BOT_UNSET) {
            char names[600];
            bot_names(vm, names, sizeof names);
            const Err *be = vm ? vm_bots_error(vm) : NULL;
            if (be) {
                char why[700];
                err_format(be, why, sizeof why);
                snprintf(err, n, "no bot named '%s': the packs' bots did not load: %s", name, why);
            } else {
                snprintf(err, n, "no bot named '%s' (the bots: %s; --bots help describes them)", name, names);
            }
            return false;
        }
        if (bot >= 0 || bot == BOT_LOOKAHEAD) p->scripted = true;
        if (!eq) {
            if (all_given) {
                snprintf(err, n, "--bots names two bots for every seat ('%s'); name the others by role or seat (ROLE=NAME, SEAT=NAME)", spec);
                return false;
            }
            all_given = true;
            p->all = bot;
            continue;
        }
        *eq = 0;
        if (!*item) {
            snprintf(err, n, "--bots: '=%s' names no role or seat", name);
            return false;
        }
        if (isdigit((unsigned char)item[0])) {
            char *e2;
            long s = strtol(item, &e2, 10);
            if (*e2 || s < 1 || s > MAX_SEATS) {
                snprintf(err, n, "--bots: '%s' is not a seat number (1 to %d) or a role", item, MAX_SEATS);
                return false;
            }
            if (p->seat[s - 1] != BOT_UNSET) {
                snprintf(err, n, "--bots names seat %ld twice", s);
                return false;
            }
            p->seat[s - 1] = bot;
            continue;
        }
        for (int r = 0; r < p->nroles; r++)
            if (strcmp(p->role[r], item) == 0) {
                snprintf(err, n, "--bots names the role '%s' twice", item);
                return false;
            }
        size_t rlen = strlen(item);
        if (p->nroles == BOTPLAN_ROLES || rlen >= sizeof p->role[0]) {
            snprintf(err, n, "--bots: too many roles, or too long a role name ('%s')", item);
            return false;
        }
        memcpy(p->role[p->nroles], item, rlen + 1); /* fits: checked above */
        p->role_bot[p->nroles++] = bot;
    }
    return true;
}

static const char *seat_role(const World *w, const Game *g, int s)
{
    int32_t role = S_SEAT(&g->s, s).role;
    return role >= 0 ? names_str(&w->names, role) : NULL;
}

bool botplan_roles_ok(const BotPlan *p, const World *w, const Game *g, char *err, size_t n)
{
    for (int r = 0; r < p->nroles; r++) {
        bool found = false;
        char roles[300] = "";
        size_t u = 0;
        for (int s = 0; s < g->s.h.nseats; s++) {
            const char *role = seat_role(w, g, s);
            if (!role) continue;
            if (strcmp(role, p->role[r]) == 0) found = true;
            if (!strstr(roles, role) && u < sizeof roles)
                u += (size_t)snprintf(roles + u, sizeof roles - u, "%s%s", u ? ", " : "", role);
        }
        if (!found) {
            if (u) snprintf(err, n, "--bots: no seat plays the role '%s' when the game starts (the roles: %s)", p->role[r], roles);
            else snprintf(err, n, "--bots: no seat plays the role '%s' when the game starts (no seat has a role then: name seats by number)", p->role[r]);
            return false;
        }
    }
    for (int s = g->s.h.nseats; s < MAX_SEATS; s++)
        if (p->seat[s] != BOT_UNSET) {
            snprintf(err, n, "--bots names seat %d; the game has %d seats", s + 1, g->s.h.nseats);
            return false;
        }
    return true;
}

int botplan_bot(const BotPlan *p, const World *w, const Game *g, int s)
{
    if (!p) return BOT_RANDOM;
    if (p->seat[s] != BOT_UNSET) return p->seat[s];
    const char *role = p->nroles ? seat_role(w, g, s) : NULL;
    for (int r = 0; role && r < p->nroles; r++)
        if (strcmp(p->role[r], role) == 0) return p->role_bot[r];
    return p->all;
}

void botplan_text(const BotPlan *p, const Vm *vm, const World *w, const Game *g, const bool *skip, char *out,
                  size_t n)
{
    size_t u = 0;
    if (n) out[0] = 0;
    int nseats = g->s.h.nseats;
    for (int s = 0; s < nseats && u < n;) {
        if (skip && skip[s]) {
            s++;
            continue;
        }
        int bot = botplan_bot(p, w, g, s);
        int e = s;
        while (e + 1 < nseats && !(skip && skip[e + 1]) && botplan_bot(p, w, g, e + 1) == bot) e++;
        char nb[40];
        const char *name = botplan_name(p, vm, bot, nb, sizeof nb);
        if (e == s) u += (size_t)snprintf(out + u, n - u, "%sseat %d %s", u ? ", " : "", s + 1, name);
        else u += (size_t)snprintf(out + u, n - u, "%sseats %d-%d %s", u ? ", " : "", s + 1, e + 1, name);
        s = e + 1;
    }
}

void bots_print(const Vm *vm, const World *w, FILE *f)
{
    fprintf(f, "bots of %s (--bots NAME: every seat; ROLE=NAME, SEAT=NAME: some of them):\n", w->packs[0].id);
    int width = 6;
    for (int i = 0; i < vm_bot_count(vm); i++)
        if ((int)strlen(vm_bot_name(vm, i)) > width) width = (int)strlen(vm_bot_name(vm, i));
    if (width < 9) width = 9;
    fprintf(f, "  %-*s  random legal answers (built in)\n", width, "random");
    fprintf(f, "  %-*s  tries the answers in %d games a question, played to the end by\n"
               "  %-*s  random bots in worlds its seat cannot tell from the real one, and\n"
               "  %-*s  gives the one that won most (built in; lookahead:N: N games;\n"
               "  %-*s  lookahead:N:BOT: played by one of the bots below)\n",
            width, "lookahead", LOOKAHEAD_PLAYOUTS, width, "", width, "", width, "");
    for (int i = 0; i < vm_bot_count(vm); i++) {
        const char *about = vm_bot_about(vm, i);
        char text[1200];
        snprintf(text, sizeof text, "%s%s(%s)", about, *about ? " " : "", vm_bot_file(vm, i));
        /* wrapped at 80 columns, under the first line's text */
        fprintf(f, "  %-*s  ", width, vm_bot_name(vm, i));
        int indent = width + 4, col = indent;
        for (const char *word = text; *word;) {
            while (*word == ' ') word++;
            size_t n = strcspn(word, " ");
            if (!n) break;
            if (col > indent && col + 1 + (int)n > 80) {
                fprintf(f, "\n%*s", indent, "");
                col = indent;
            } else if (col > indent) {
                fputc(' ', f);
                col++;
            }
            fwrite(word, 1, n, f);
            col += (int)n;
            word += n;
        }
        fputc('\n', f);
    }
    const Err *be = vm_bots_error(vm);
    if (be) {
        char why[700];
        err_format(be, why, sizeof why);
        fprintf(f, "the packs' bots did not load: %s\n", why);
    }
}

int bot_answer(Bot *b, const Game *g, int32_t *ids, int cap)
{
    DecisionView d = game_decision(g);
    if (d.seat < 0 || !b->plan || !b->plan->scripted) return bot_random(b, g, ids, cap);
    int bot = botplan_bot(b->plan, g->w, g, d.seat);
    /* a question with one possible answer is no question */
    bool forced = d.nopt == 1 && (d.min >= 1 || d.kind == DEC_ORDER);
    if (bot == BOT_RANDOM || forced) return bot_random(b, g, ids, cap);
    if (bot == BOT_LOOKAHEAD) {
        if (b->vm) vm_aside(b->vm, true); /* its copies' work is not the game's */
        int k = bot_lookahead(b, g, b->plan->playouts ? b->plan->playouts : LOOKAHEAD_PLAYOUTS,
                              b->plan->rollout_set ? b->plan->rollout : BOT_RANDOM, ids, cap);
        if (b->vm) vm_aside(b->vm, false);
        return k;
    }
    if (!b->vm) return bot_random(b, g, ids, cap);
    err_clear(&b->err);
    int k = vm_bot_answer(b->vm, bot, g, &b->rng, ids, cap, &b->err);
    if (bot < BOT_TALLY) {
        if (k >= 0) b->answered[bot]++;
        else if (k == VM_BOT_LEFT) b->left[bot]++;
    }
    if (k == VM_BOT_LEFT) return bot_random(b, g, ids, cap);
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
        int k = bot_answer(b, g, ids, 1024);
        if (k < 0) return ADV_ERROR;
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

/* (cli.h) */
const char *replay_fail_hint(const char *msg)
{
    if (strncmp(msg, "replay", 6) != 0) return "";
    return "; the file's header (seed, players, options) may not match its answers (was it edited?)";
}

/* (cli.h) */
bool arg_zero(const char *v)
{
    return *v && strspn(v, "0") == strlen(v);
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

/* What the option's default (or one of its values) is, as the person types it:
 * "true or false", "a whole number", "text", "creature, 1 or 2". */
static void option_takes(const PackOption *o, Buf *b)
{
    if (o->values) {
        size_t n = json_array_size(o->values), k;
        json_t *v;
        json_array_foreach(o->values, k, v) {
            buf_printf(b, "%s", k == 0 ? "" : k + 1 == n ? " or " : ", ");
            char *t = json_is_string(v) ? NULL : json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
            buf_printf(b, "%s", json_is_string(v) ? json_string_value(v) : t ? t : "?");
            free(t);
        }
    } else if (json_is_boolean(o->def)) {
        buf_printf(b, "true or false");
    } else if (json_is_integer(o->def)) {
        buf_printf(b, "a whole number");
    } else if (json_is_string(o->def)) {
        buf_printf(b, "text");
    } else {
        char *t = json_dumps(o->def, JSON_COMPACT | JSON_ENCODE_ANY);
        buf_printf(b, "a value like its default, %s", t ? t : "?");
        free(t);
    }
}

/* The value typed for option o read as the option takes it, when option_parse's reading
 * (a whole number, true or false, else text) is not: the same characters as text (an
 * option of text given "5" or "true"), else as JSON (a real number, a list: the
 * default's type, which the command line could not give); NULL when neither fits. */
static json_t *option_retype(const PackOption *o, json_t *val)
{
    char *text = json_is_string(val) ? strdup(json_string_value(val)) : json_dumps(val, JSON_ENCODE_ANY);
    if (!text) return NULL;
    json_t *as[2] = {json_string(text), json_loads(text, JSON_DECODE_ANY, NULL)};
    free(text);
    json_t *fits = NULL;
    for (int i = 0; i < 2; i++) {
        if (!fits && as[i] && option_accepts(o, as[i])) fits = json_incref(as[i]);
        json_decref(as[i]);
    }
    return fits;
}

/* (cli.h) The same test the game makes when it starts (host/game.c options_resolve), said
 * in the words of the command line: it read "option 'expert' has the wrong type (its
 * default is true/false)" for --option expert=TRUE. */
bool options_check(const World *w, json_t *opts, Err *e)
{
    const char *key;
    json_t *val;
    json_object_foreach(opts, key, val) {
        const PackOption *o = world_option(w, key);
        if (!o || option_accepts(o, val)) continue; /* an unknown key: the game names it, with the closest one */
        json_t *fits = option_retype(o, val);
        if (fits) { /* replaces the value in place: the walk goes on from this key */
            json_object_set_new(opts, key, fits);
            continue;
        }
        char *got = json_is_string(val) ? NULL : json_dumps(val, JSON_COMPACT | JSON_ENCODE_ANY);
        Buf takes = {0};
        option_takes(o, &takes);
        err_set(e, "--option %s=%s: %s takes %s", key, json_is_string(val) ? json_string_value(val) : got ? got : "?",
                key, takes.s ? takes.s : "?");
        buf_free(&takes);
        free(got);
        return false;
    }
    return true;
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
    json_t *before = json_object_get(opts, key);
    if (before) {
        /* the last one won without a word: which did the player mean? */
        char *was = json_dumps(before, JSON_ENCODE_ANY);
        err_set(e, "--option %s is given twice (%s=%s, then '%s'): give each option once", key, key,
                was ? was : "?", kv);
        free(was);
        return false;
    }
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
