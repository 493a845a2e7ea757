/* play_hint.c — `hint` at the `tabula play` prompt: what a bot would answer in the
 * seat's place, the built-in lookahead bot or one of the game's own (bots.lua), seeing
 * only what the seat sees; it changes nothing. Read next: play_cmd.c, lookahead.c. */
#include <string.h>
#include <time.h>

#include "amounts_text.h"
#include "play.h"

/* "NAME would answer: ..." for the answer ids[0..k) to the question d. */
static void hint_say(Session *ss, const char *name, const DecisionView *d, const int32_t *ids, int k)
{
    const Game *g = ss->g;
    if (d->kind == DEC_AMOUNTS) {
        char counts[400];
        amounts_answer_text(g, ids, k, counts, sizeof counts);
        say(ss, "", "%s would answer: %s", name, counts);
        return;
    }
    if (k == 0) {
        say(ss, "", "%s would answer: none of them", name);
        return;
    }
    Buf what = {0};
    for (int i = 0; i < k; i++)
        for (int o = 0; o < d->nopt; o++)
            if (d->opts[o].id == ids[i])
                buf_printf(&what, "%s%s", i == 0 ? "" : i == k - 1 ? " and " : ", ", state_dcstr(&g->s, d->opts[o].label));
    say(ss, "", "%s would answer: %s", name, what.s ? what.s : "");
    buf_free(&what);
}

void do_hint(Session *ss, const char *arg)
{
    Game *g = ss->g;
    Vm *vm = ss->wk.vm;
    DecisionView d = game_decision(g);
    if (d.seat < 0) {
        say(ss, "", "nothing is asked: the game is %s", g->s.h.over ? "over" : "stopped");
        return;
    }
    if (d.seat != ss->viewer) {
        char who[96];
        show_seat_name(ss, d.seat, who, sizeof who);
        say(ss, "", "not your decision: %s decides now", who);
        return;
    }
    /* the built-in lookahead bot, named or given to the seat by --bots; it needs no
     * bots.lua */
    int playouts = -1, rollout = BOT_RANDOM;
    char bad[700];
    int named = *arg ? lookahead_parse(arg, vm, &playouts, &rollout, bad, sizeof bad) : 0;
    if (named < 0) {
        say(ss, c_err(ss), "hint %s (`hint lookahead` plays %d)", bad, LOOKAHEAD_PLAYOUTS);
        return;
    }
    BotPlan one = {.playouts = playouts, .rollout = rollout, .rollout_set = true};
    const BotPlan *plan = &one;
    if (!*arg && ss->have_plan && botplan_bot(&ss->plan, g->w, g, d.seat) == BOT_LOOKAHEAD) {
        plan = &ss->plan;
        playouts = ss->plan.playouts ? ss->plan.playouts : LOOKAHEAD_PLAYOUTS;
        rollout = ss->plan.rollout_set ? ss->plan.rollout : BOT_RANDOM;
        named = 1;
    }
    /* a question with one possible answer never reaches a bot: that answer */
    bool forced = d.nopt == 1 && d.min >= 1;
    int32_t ids[1024];
    if (named > 0) {
        char nb[80];
        const char *name = botplan_name(plan, vm, BOT_LOOKAHEAD, nb, sizeof nb);
        int k = 1;
        double took = 0;
        if (forced) ids[0] = d.opts[0].id;
        else {
            Bot b = {.rng = play_bot_seed(g), .vm = vm};
            struct timespec t0, t1;
            vm_aside(vm, true); /* its copies' work is not the game's */
            clock_gettime(CLOCK_MONOTONIC, &t0);
            k = bot_lookahead(&b, g, playouts, rollout, ids, 1024);
            clock_gettime(CLOCK_MONOTONIC, &t1);
            vm_aside(vm, false);
            took = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        }
        hint_say(ss, name, &d, ids, k);
        /* a fraction of a second in most games; a game whose games forward are long (300
         * turns) takes seconds. Said at a terminal only: a transcript stays the same */
        if (ss->interactive && took >= 3 && playouts > 1)
            say(ss, c_dim(ss), "(that took %.0f s: `hint lookahead:%d` plays a tenth of the games)", took,
                playouts / 10 > 0 ? playouts / 10 : 1);
        return;
    }
    if (*arg && play_ieq(arg, "random")) {
        say(ss, "", "the random bot answers at random: `hint lookahead`, or `hint` with one of the game's bots");
        return;
    }
    if (vm_bot_count(vm) == 0) {
        const Err *be = vm_bots_error(vm);
        char why[700] = "";
        if (be) err_format(be, why, sizeof why);
        if (be) say(ss, c_err(ss), "no hint: the game's bots did not load: %s; `hint lookahead` asks the built-in "
                                   "lookahead bot", why);
        else if (*arg) {
            char q[ECHO_SIZE];
            say(ss, c_err(ss), "no bot named '%s' (this game's packs have no bots; `hint lookahead` asks the "
                               "built-in lookahead bot)", ECHO(arg, q));
        } else
            say(ss, "", "no hint: this game's packs have no bots (a pack's bots.lua; docs/card-authoring.md); "
                        "`hint lookahead` asks the built-in lookahead bot");
        return;
    }
    int bot = 0;
    if (*arg) {
        bot = vm_bot_find(vm, arg);
        if (bot < 0) {
            Buf names = {0};
            for (int i = 0; i < vm_bot_count(vm); i++) buf_printf(&names, "%s%s", i ? ", " : "", vm_bot_name(vm, i));
            char q[ECHO_SIZE];
            say(ss, c_err(ss), "no bot named '%s' (the game's bots: %s; `hint lookahead` asks the built-in "
                               "lookahead bot)", ECHO(arg, q), names.s ? names.s : "");
            buf_free(&names);
            return;
        }
    } else if (ss->have_plan) {
        int b = botplan_bot(&ss->plan, g->w, g, d.seat);
        if (b >= 0) bot = b;
    }
    uint64_t rng = play_bot_seed(g);
    Err e;
    err_clear(&e);
    if (forced) ids[0] = d.opts[0].id;
    int k = forced ? 1 : vm_bot_answer(vm, bot, g, &rng, ids, 1024, &e);
    const char *name = vm_bot_name(vm, bot);
    if (k == VM_BOT_LEFT) {
        say(ss, "", "%s has no opinion here: it leaves this question to the random bot", name);
        return;
    }
    if (k < 0) {
        say(ss, c_err(ss), "%s", e.msg);
        return;
    }
    hint_say(ss, name, &d, ids, k);
}

