/* test_bots.c — bots written in Lua (vm/bot.c), where a CLI test cannot look: the log
 * lines a bot gets (kept between its questions and extended) are view_log's, also
 * after the log was cut back by a rolled-back action. The rest of the bots' contract is
 * tests/bots.sh. */
#include "t.h"

/* seat's view.log as a bot gets it now equals view_log from the start */
static bool log_matches(Worker *wk, const Game *g, int seat, int *compared)
{
    Buf kept = {0}, fresh = {0};
    bool ok = vm_bot_log_text(wk->vm, g, seat, &kept);
    view_log(g, seat, 0, 0, &fresh);
    bool same = ok && kept.len == fresh.len && (kept.len == 0 || memcmp(kept.s, fresh.s, kept.len) == 0);
    if (!same)
        t_fail(__FILE__, __LINE__, "seat %d at event %u: the kept log (%zu bytes) is not view_log's (%zu bytes)",
               seat + 1, g->events.len, kept.len, fresh.len);
    (*compared)++;
    buf_free(&kept);
    buf_free(&fresh);
    return same;
}

/* Plays g with random bots, comparing every seat's kept log with view_log at every
 * decision; returns how many comparisons there were. */
static int play_comparing(Worker *wk, Game *g, uint64_t seed, int max)
{
    Bot b = {.rng = seed};
    int compared = 0;
    int32_t ids[1024];
    for (int i = 0; i < max && game_advance(g) == ADV_DECISION; i++) {
        for (int s = 0; s < g->s.h.nseats; s++)
            if (!log_matches(wk, g, s, &compared)) return compared;
        int k = bot_random(&b, g, ids, 1024);
        Err e;
        if (!game_answer(g, ids, k, &e)) {
            t_fail(__FILE__, __LINE__, "answer refused: %s", e.msg);
            break;
        }
    }
    return compared;
}

TEST(bots_kept_log_is_view_log_at_every_question_of_whole_games)
{
    /* Not Alone's log groups runs of moves ("3 cards: Hunt deck -> hand of seat 1"): a
     * run that goes on past a question must not split in the kept lines */
    Worker *wk = t_worker("games/notalone");
    if (!wk) return;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        Game *g = t_game(wk, seed, (int)(2 + seed * 2 - 1)); /* 3, 5, 7 players */
        if (!g) return;
        int n = play_comparing(wk, g, seed, 100000);
        CHECK(n > 500);
        CHECK(g->s.h.over);
        game_free(g);
    }
}

TEST(bots_kept_log_is_remade_after_the_log_was_cut_back)
{
    /* the hostile pack's game rests at seat 1's offer; its Bomb has an action that logs,
     * asks and then fails */
    Worker *wk = t_worker("tests/packs/hostile");
    if (!wk) return;
    Game *g = t_game(wk, 4, 2);
    if (!g) return;
    /* every instruction counted: a run made again (an uncounted one past its time, on a
     * loaded machine) cuts the log once more, and log_cuts would count it */
    vm_count_all(wk->vm, true);
    int compared = 0;
    game_advance(g);
    CHECK(log_matches(wk, g, 0, &compared));
    uint32_t before = g->events.len, cuts = g->log_cuts;
    /* an action that asks, and fails after the answer: the lines it made before the
     * question (which a bot asked then got) are taken back with it, and the log is cut */
    CHECK_INT(t_run(g, "game.schedule('ask_then_fail', { card = zone.search(zone.get('table'), 'bomb')[1] })"), 0);
    CHECK(game_decision(g).seat == 0);
    CHECK(g->events.len >= before + 3);
    CHECK(log_matches(wk, g, 0, &compared)); /* the kept lines now hold 'one' to 'three' */
    int32_t a = game_decision(g).opts[0].id;
    Err e;
    CHECK(game_answer(g, &a, 1, &e));
    game_advance(g);
    CHECK_INT(g->nerrors, 1);
    CHECK_INT(g->log_cuts, cuts + 1);
    Buf now = {0};
    view_log(g, 0, before, 0, &now);
    CHECK(!now.s || !strstr(now.s, "three")); /* (the error's own line stays) */
    buf_free(&now);
    /* then more lines than it took back: the log is longer than the kept lines' */
    CHECK_INT(t_run(g, "game.log('four') game.log('five') game.log('six') game.log('seven')"), 0);
    CHECK(g->events.len > before + 4);
    CHECK(log_matches(wk, g, 0, &compared));
    CHECK(log_matches(wk, g, 1, &compared));
    /* and another game on the same worker gets its own lines */
    Game *h = t_game(wk, 5, 2);
    if (h) {
        game_advance(h);
        CHECK(log_matches(wk, h, 0, &compared));
        CHECK(log_matches(wk, g, 0, &compared));
        game_free(h);
    }
    game_free(g);
    vm_count_all(wk->vm, false);
}

/* seat's view and question as a bot gets them (written straight into Lua tables) hold
 * what view_json and view_decision hold */
static bool view_matches(Worker *wk, const Game *g, int seat, int *compared)
{
    char why[512];
    for (int q = 0; q < 2; q++) {
        if (!vm_bot_view_same(wk->vm, g, seat, q == 1, why, sizeof why)) {
            t_fail(__FILE__, __LINE__, "seat %d at event %u: the %s a bot gets is not view_json's, at view%s", seat + 1,
                   g->events.len, q ? "question" : "view", why);
            return false;
        }
        (*compared)++;
    }
    return true;
}

TEST(bots_view_is_view_json_at_every_question_of_whole_games)
{
    Worker *wk = t_worker("games/notalone");
    if (!wk) return;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        Game *g = t_game(wk, seed, (int)(seed * 2 + seed / 3)); /* 2, 4, 7 players */
        if (!g) return;
        Bot b = {.rng = seed};
        int compared = 0;
        int32_t ids[1024];
        bool ok = true;
        while (ok && game_advance(g) == ADV_DECISION) {
            for (int s = 0; s < g->s.h.nseats && ok; s++) ok = view_matches(wk, g, s, &compared);
            int k = bot_random(&b, g, ids, 1024);
            Err e;
            if (ok && !game_answer(g, ids, k, &e)) {
                t_fail(__FILE__, __LINE__, "answer refused: %s", e.msg);
                ok = false;
            }
        }
        CHECK(g->s.h.over);
        /* the game over (the view's "over"), for every seat */
        for (int s = 0; s < g->s.h.nseats && ok; s++) ok = view_matches(wk, g, s, &compared);
        CHECK(compared > 500);
        game_free(g);
    }
}

/* a board game's view: a bot's is made without its boards, which are written when the
 * bot first reads view.boards (vm/bot.c); read so, they are view_json's, rooms face down
 * and turned, pieces and their owners */
TEST(bots_view_of_a_board_game_is_view_json_once_its_boards_are_read)
{
    Worker *wk = t_worker("tests/packs/twister");
    if (!wk) return;
    Game *g = t_game(wk, 3, 2);
    if (!g) return;
    Bot b = {.rng = 3};
    int compared = 0, n = 0;
    int32_t ids[1024];
    bool ok = true;
    while (ok && n++ < 150 && game_advance(g) == ADV_DECISION) {
        for (int s = 0; s < g->s.h.nseats && ok; s++) ok = view_matches(wk, g, s, &compared);
        int k = bot_random(&b, g, ids, 1024);
        Err e;
        if (ok && !game_answer(g, ids, k, &e)) {
            t_fail(__FILE__, __LINE__, "answer refused: %s", e.msg);
            ok = false;
        }
    }
    CHECK(compared > 400);
    json_t *v = view_json(g, 0);
    const char *dump = v ? json_dumps(v, JSON_COMPACT) : NULL;
    CHECK(dump && strstr(dump, "\"boards\":[{") && strstr(dump, "\"kind\":\"character\",\"owner\":2"));
    free((void *)dump);
    json_decref(v);
    game_free(g);
}

TEST(bots_view_is_view_json_with_tokens_controllers_lists_and_strings_json_cannot_hold)
{
    Worker *wk = t_worker("games/tutorial");
    if (!wk) return;
    Game *g = t_game(wk, 1, 2);
    if (!g) return;
    game_advance(g);
    int compared = 0;
    /* a card in play that seat 2 controls, tapped, with a list, a token on it and one on
     * the token; strings that are not UTF-8 (a JSON string cannot hold them) */
    CHECK_INT(t_run(g, "local f = zone.new('field', { in_play = true }) "
                       "local c = card.move(zone.cards(zone.get('hand', 1))[1], f) card.set_controller(c, 2) "
                       "local t = card.attach(card.new(card.id(c), f, 1), c) "
                       "card.attach(card.new(card.id(c), f, 1), t) card.tap(c) "
                       "card.set(c, 'marks', { 3, 1, 2 }) card.set(c, 'bad', 'a\\xffb') "
                       "game.set('note', 'ok \\u{e9}') game.set('broken', '\\xc0\\xaf') "
                       "seat.set(2, 'list', { 7 }) seat.set(1, 'flag', true)"),
              0);
    for (int s = 0; s < g->s.h.nseats; s++) CHECK(view_matches(wk, g, s, &compared));
    /* what the JSON says, so that the comparison above compared something */
    json_t *v = view_json(g, 0);
    const char *dump = v ? json_dumps(v, JSON_COMPACT) : NULL;
    CHECK(dump && strstr(dump, "\"attached\":[{") && strstr(dump, "\"marks\":[3,1,2]"));
    CHECK(dump && strstr(dump, "\"tapped\":true"));
    CHECK(dump && strstr(dump, "\"controller\":2") && strstr(dump, "\"list\":[7]") && strstr(dump, "\"flag\":true"));
    CHECK(dump && strstr(dump, "\"note\":\"ok \xc3\xa9\"") && !strstr(dump, "broken") && !strstr(dump, "\"bad\""));
    free((void *)dump);
    json_decref(v);
    game_free(g);
}

TEST(bots_view_past_the_memory_cap_is_the_bots_error_and_leaves_the_worker_fit)
{
    /* the view is written into Lua tables inside the bot's protected call: a view the
     * memory cap has no room for is the bot's error, not a Lua panic */
    /* a worker of its own whose script host has a cap of 2 MiB */
    Worker wk = {world_new(), NULL};
    Err e = {0};
    CHECK(wk.w != NULL);
    if (!wk.w) return;
    CHECK_MSG(pack_load(wk.w, "games/tutorial", &e) >= 0, "%s", e.msg);
    VmLimits lim = vm_limits_default();
    lim.mem_cap = 2u << 20;
    wk.vm = e.msg[0] ? NULL : vm_new(wk.w, &lim, &e);
    CHECK_MSG(wk.vm != NULL, "%s", e.msg);
    Game *g = wk.vm ? game_new_ex(wk.w, 1, 2, NULL, NULL, &e) : NULL;
    int b = wk.vm ? vm_bot_find(wk.vm, "greedy") : -1;
    CHECK(g != NULL && b >= 0);
    if (g && b >= 0) {
        CHECK(vm_mem_used(wk.vm) < (1u << 20)); /* the scripts leave room for a normal view */
        game_advance(g);
        /* 20,000 cards in a public zone: zones of more than 3 MiB as Lua tables, which a
         * bot's view writes only when the bot reads view.zones (vm/bot.c): greedy reads
         * the seats alone, so it answers */
        CHECK_INT(t_run(g, "local z = zone.new('heap', {}) for i = 1, 20000 do card.new('spark1', z) end"), 0);
        uint64_t rng = 1;
        int32_t ids[16];
        CHECK_INT(vm_bot_answer(wk.vm, b, g, &rng, ids, 16, &e), 1);
        CHECK_MSG(!e.msg[0], "%s", e.msg);
        CHECK_INT(t_run(g, "for _, c in ipairs(zone.cards(zone.get('heap'))) do card.destroy(c) end"), 0);
        /* 4,000 game properties of 900 characters (1,000 an action: at most 1 MiB of text
         * each): a "game" section of more than 3 MiB, written before the bot runs */
        for (int k = 0; k < 4; k++) {
            char src[160];
            snprintf(src, sizeof src, "for i = %d, %d do game.set('k' .. i, string.rep('x', 900) .. i) end", k * 1000 + 1,
                     k * 1000 + 1000);
            CHECK_INT(t_run(g, src), 0);
        }
        char *before = t_dump(g);
        err_clear(&e);
        CHECK_INT(vm_bot_answer(wk.vm, b, g, &rng, ids, 16, &e), -1);
        CHECK_CONTAINS(e.msg, "bot 'greedy'");
        CHECK_CONTAINS(e.msg, "not enough memory");
        char *after = t_dump(g);
        CHECK(before && after && strcmp(before, after) == 0);
        /* the heap gone, the same bot answers the same question */
        CHECK_INT(t_run(g, "for i = 1, 4000 do game.set('k' .. i, nil) end"), 0);
        err_clear(&e);
        CHECK_INT(vm_bot_answer(wk.vm, b, g, &rng, ids, 16, &e), 1);
        CHECK_MSG(!e.msg[0], "%s", e.msg);
        free(before);
        free(after);
    }
    game_free(g);
    worker_close(&wk);
}
