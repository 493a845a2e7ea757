/* play_term.c — where `tabula play` reads its lines. On a terminal: libedit (BSD
 * licence; GNU readline would make the binary GPL) with emacs keys, history kept
 * across sessions in the state folder, Tab completion of commands, option names and
 * card names, Ctrl-C cancelling the line and Ctrl-D ending the session. Otherwise: lines
 * of a script, echoed after the prompt so the output reads as a transcript.
 *
 * Ctrl-C follows lua.c's rule: the signal handler only sets a flag; libedit's read
 * then fails with EINTR and el_gets returns NULL with a count of -1. A hang-up (the
 * terminal closed: SIGHUP) is caught the same way, in script mode too, and ends the
 * input as Ctrl-D does, so the game is saved and the session ends cleanly; killed by it,
 * the REPL died in the middle of the autosave that the closed terminal's end of input
 * had started, and left last-game.json.tmp.<pid> behind. Read next: play_cmd.c for what
 * a line does. */
#include <errno.h>
#include <histedit.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "play.h"

struct Term {
    EditLine *el;
    History *hist;
    char prompt[256];
    char *line;        /* last line returned (script mode: getline buffer) */
    size_t cap;
    struct sigaction old_int;
    struct sigaction old_hup;
};

static volatile sig_atomic_t got_sigint;
static volatile sig_atomic_t got_sighup;

static bool hot_seat(const Session *ss) { return ss->nhuman > 1 && !ss->designer; }

static void on_sigint(int sig)
{
    (void)sig;
    got_sigint = 1;
}

static void on_sighup(int sig)
{
    (void)sig;
    got_sighup = 1;
}

static char *el_prompt(EditLine *el)
{
    void *p = NULL;
    el_get(el, EL_CLIENTDATA, &p);
    Session *ss = p;
    return ss->term->prompt;
}

static size_t common_prefix(char **c, size_t n)
{
    size_t l = strlen(c[0]);
    for (size_t i = 1; i < n; i++) {
        size_t k = 0;
        while (k < l && c[i][k] && c[i][k] == c[0][k]) k++;
        l = k;
    }
    return l;
}

/* Tab: complete the word (or multi-word option name) before the cursor; list the
 * candidates when there are several and nothing more to add. */
static unsigned char el_complete(EditLine *el, int ch)
{
    (void)ch;
    void *p = NULL;
    el_get(el, EL_CLIENTDATA, &p);
    Session *ss = p;
    const LineInfo *li = el_line(el);
    size_t cursor = (size_t)(li->cursor - li->buffer);
    char *line = strndup(li->buffer, cursor);
    if (!line) return CC_ERROR;
    size_t start = 0;
    char **cand = cmd_complete(ss, line, cursor, &start);
    size_t n = 0;
    while (cand && cand[n]) n++;
    unsigned char rc = CC_REFRESH;
    if (n == 0) {
        rc = CC_REFRESH_BEEP;
    } else {
        size_t typed = cursor - start;
        size_t l = common_prefix(cand, n);
        if (l > typed || n == 1) {
            /* replace what was typed by the candidate (fixing its case) */
            el_deletestr(el, (int)typed);
            char *ins = strndup(cand[0], l);
            if (ins) {
                el_insertstr(el, ins);
                if (n == 1 && l > 0 && cand[0][l - 1] != ' ') el_insertstr(el, " ");
            }
            free(ins);
        } else {
            fputc('\n', stdout);
            for (size_t i = 0; i < n; i++) fprintf(stdout, "%s%s", i ? "   " : "", cand[i]);
            fputc('\n', stdout);
            rc = CC_REDISPLAY;
        }
    }
    for (size_t i = 0; i < n; i++) free(cand[i]);
    free(cand);
    free(line);
    return rc;
}

void term_open(Session *ss)
{
    Term *t = calloc(1, sizeof *t);
    if (!t) return;
    ss->term = t;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: the read must fail so the line is cancelled */
    sa.sa_handler = on_sighup;
    sigaction(SIGHUP, &sa, &t->old_hup); /* a script's reader may hang up too */
    if (!ss->interactive) return;
    sa.sa_handler = on_sigint;
    sigaction(SIGINT, &sa, &t->old_int);
    t->el = el_init("tabula", stdin, stdout, stderr);
    if (!t->el) {
        ss->interactive = false;
        return;
    }
    el_set(t->el, EL_CLIENTDATA, ss);
    el_set(t->el, EL_EDITOR, "emacs");
    el_set(t->el, EL_SIGNAL, 1);
    el_set(t->el, EL_PROMPT_ESC, el_prompt, '\1');
    /* the wide form: el_set's EL_ADDFN copies the two strings and never frees them */
    el_wset(t->el, EL_ADDFN, L"tabula-complete", L"complete a command, option or card name", el_complete);
    el_set(t->el, EL_BIND, "^I", "tabula-complete", NULL);
    t->hist = history_init();
    if (t->hist) {
        HistEvent ev;
        history(t->hist, &ev, H_SETSIZE, 1000);
        history(t->hist, &ev, H_SETUNIQUE, 1);
        if (ss->hist_path[0]) history(t->hist, &ev, H_LOAD, ss->hist_path);
        el_set(t->el, EL_HIST, history, t->hist);
    }
    el_source(t->el, NULL); /* ~/.editrc, as every libedit program does */
}

/* Adds line to the history file as it is now: another `tabula play` may have added
 * lines since this one read it, and writing this session's history over the file lost
 * them. The file is read again, the line added, and the file written back. */
static void hist_file_add(const char *path, const char *line)
{
    History *h = history_init();
    if (!h) return;
    HistEvent ev;
    history(h, &ev, H_SETSIZE, 1000);
    history(h, &ev, H_SETUNIQUE, 1);
    history(h, &ev, H_LOAD, path); /* none yet: the line starts it */
    history(h, &ev, H_ENTER, line);
    history(h, &ev, H_SAVE, path);
    history_end(h);
}

void term_close(Session *ss)
{
    Term *t = ss->term;
    if (!t) return;
    if (t->hist) history_end(t->hist); /* each line went to the file as it was entered */
    if (t->el) {
        el_end(t->el);
        sigaction(SIGINT, &t->old_int, NULL);
    }
    sigaction(SIGHUP, &t->old_hup, NULL);
    free(t->line);
    free(t);
    ss->term = NULL;
}

/* The prompt with colour codes wrapped in \1 … \1 so libedit does not count them. */
static void set_prompt(Session *ss, const char *prompt)
{
    Term *t = ss->term;
    if (ss->color)
        snprintf(t->prompt, sizeof t->prompt, "\1\033[1;32m\1%s\1\033[0m\1", prompt);
    else
        snprintf(t->prompt, sizeof t->prompt, "%s", prompt);
}

int term_read(Session *ss, const char *prompt, const char **out)
{
    Term *t = ss->term;
    *out = NULL;
    if (got_sighup) return LINE_EOF; /* the terminal is gone: nobody answers any more */
    if (!ss->interactive) {
        fputs(prompt, stdout);
        fflush(stdout); /* a program driving the game through a pipe waits for the prompt */
        ssize_t n = getline(&t->line, &t->cap, ss->script ? ss->script : stdin);
        if (n < 0) {
            fputs("\n", stdout);
            return LINE_EOF;
        }
        while (n > 0 && (t->line[n - 1] == '\n' || t->line[n - 1] == '\r')) t->line[--n] = 0;
        /* the transcript shows the line with its control characters escaped (a script's
         * escape sequence echoed raw would reach the terminal) */
        char *shown = malloc((size_t)n * 6 + 8);
        if (shown) show_escaped(t->line, true, 0, shown, (size_t)n * 6 + 8);
        fputs(shown ? shown : "", stdout);
        free(shown);
        fputs("\n", stdout);
        fflush(stdout);
        *out = t->line;
        return LINE_OK;
    }
    set_prompt(ss, prompt);
    got_sigint = 0;
    int count = 0;
    const char *l = el_gets(t->el, &count);
    if (!l) {
        if (got_sighup) return LINE_EOF;
        if (count < 0 && (got_sigint || errno == EINTR)) {
            fputs("^C\n", stdout);
            el_reset(t->el);
            return LINE_INTR;
        }
        fputs("\n", stdout);
        return LINE_EOF;
    }
    free(t->line);
    t->line = strdup(l);
    if (!t->line) return LINE_EOF;
    size_t n = strlen(t->line);
    while (n > 0 && (t->line[n - 1] == '\n' || t->line[n - 1] == '\r' || t->line[n - 1] == ' ')) t->line[--n] = 0;
    if (t->hist && t->line[strspn(t->line, " \t")]) {
        HistEvent ev;
        history(t->hist, &ev, H_ENTER, t->line);
        /* hot-seat: one player's answers must not reach the next through the file */
        if (ss->hist_path[0] && !hot_seat(ss)) hist_file_add(ss->hist_path, t->line);
    }
    *out = t->line;
    return LINE_OK;
}

void term_forget(Session *ss)
{
    Term *t = ss->term;
    if (!t || !t->hist) return;
    HistEvent ev;
    history(t->hist, &ev, H_CLEAR);
}

void term_clear(Session *ss)
{
    if (!ss->tty_out) return;
    /* home, clear the screen, clear the scrollback (xterm, tmux, VTE all honour 3J) */
    fputs("\033[H\033[2J\033[3J", stdout);
    fflush(stdout);
}
