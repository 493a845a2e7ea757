/* fast.c — running scripts without the count hook, with the same outcome.
 *
 * The instruction budget is a count hook, and with any count hook set Lua calls
 * luaG_traceexec before every instruction: about 13% of a Not Alone game, whatever
 * the interval. So an action or a query first runs uncounted, and its outcome stands
 * only when it provably could not have reached the budget:
 *
 *     used (the work charged without instructions: library work, memory)
 *       + FAST_PER_NS * (the nanoseconds it ran)  <=  budget.
 *
 * FAST_PER_NS (20 instructions a nanosecond) is far above what any machine runs Lua at
 * (an instruction is a fetch, a decode and an indirect jump: several cycles, a
 * nanosecond or so today), so a run that passes the check executed fewer instructions
 * than the budget, and the counted run would have gone exactly the same way: same
 * result, same state, same log. A run that fails it (or the watchdog stops) is
 * thrown away and run again from its start with every instruction counted, as before:
 * the budget stops it where it always did. At 5,000,000 instructions this is 250 µs of
 * running; an action of Not Alone takes a few µs.
 *
 * An action is one or the other from its start: uncounted across its questions (the
 * nanoseconds add up), or, once it fails the check, rebuilt (game_rebuild: the state
 * from before it, the answers so far replayed) and counted to its end.
 *
 * A script that never ends is stopped by a watchdog thread, which looks every
 * WATCH_EVERY_MS at the workers running uncounted and sends the worker thread whose
 * run is past its allowance a signal. Its handler sets a count hook on the running
 * threads, as lua.c does on Ctrl-C (Lua checks for a hook at every jump and call); the
 * hook raises STOP_REEXEC, which no pcall swallows, and the action is run again
 * counted. The clock decides only how fast, never what happens.
 *
 * Off (everything counted from the start) under profiling (its samples are the
 * hook's), with VmLimits.count_all, or when the watchdog cannot start.
 * Read next: vm.c (the budget hook), run.c (the runs that use this). */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vmi.h"

#ifndef FAST_PER_NS /* (a measurement build under valgrind sets it lower: runs are slower) */
#define FAST_PER_NS 20       /* instructions a nanosecond: an upper bound, see above */
#endif
#define WATCH_EVERY_MS 10    /* how often the watchdog looks */
#define WATCH_SIGNAL (SIGRTMIN + 1)

/* The Vm running uncounted on this thread (for the signal handler), or NULL. */
static _Thread_local Vm *volatile fast_running;

static uint64_t now_ns(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---------------------------------------------------------------- the watchdog ---- */

static pthread_mutex_t watch_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t watch_cv;
static pthread_once_t watch_once = PTHREAD_ONCE_INIT;
static bool watch_ready;     /* the signal handler and the condition variable are set up */
static Vm **watch_vms;       /* the workers watched */
static int watch_n, watch_cap;
static unsigned watch_gen;   /* the running watchdog's generation: an older one exits */
static bool watch_running;   /* watch_thread is ours to join */
static pthread_t watch_thread;
static atomic_bool watch_alive; /* a watchdog runs (read without the lock by vm_fast_begin) */

/* Runs on the worker thread, between two of its machine instructions: sets the hook
 * and nothing else (Lua allows lua_sethook from a signal handler). */
static void watch_signal(int sig)
{
    (void)sig;
    int saved = errno;
    Vm *vm = fast_running;
    if (vm) {
        uint64_t d = atomic_load_explicit(&vm->fast_deadline, memory_order_relaxed);
        if (d && now_ns() > d) vm_fast_kick(vm);
    }
    errno = saved;
}

static void *watch_main(void *arg);

/* fork(): the child has no watchdog thread (only the forking thread goes on), and the
 * lock must not be copied held by the watchdog. The child's workers start a new one at
 * their next run. */
static void watch_prefork(void)
{
    pthread_mutex_lock(&watch_mu);
}

static void watch_postfork_parent(void)
{
    pthread_mutex_unlock(&watch_mu);
}

static void watch_postfork_child(void)
{
    watch_running = false;
    atomic_store(&watch_alive, false);
    pthread_mutex_unlock(&watch_mu);
}

/* Starts the watchdog; called with the lock held. */
static bool watch_start(void)
{
    /* it takes no signal meant for the process (Ctrl-C is the REPL's) */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    bool ok = pthread_create(&watch_thread, NULL, watch_main, (void *)(uintptr_t)watch_gen) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    watch_running = ok;
    atomic_store(&watch_alive, ok);
    return ok;
}

static void watch_setup(void)
{
    if (pthread_atfork(watch_prefork, watch_postfork_parent, watch_postfork_child) != 0) return;
    pthread_condattr_t ca;
    if (pthread_condattr_init(&ca) != 0) return;
    bool ok = pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) == 0 && pthread_cond_init(&watch_cv, &ca) == 0;
    pthread_condattr_destroy(&ca);
    if (!ok) return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = watch_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    if (sigaction(WATCH_SIGNAL, &sa, NULL) != 0) return;
    watch_ready = true;
}

static void *watch_main(void *arg)
{
    unsigned gen = (unsigned)(uintptr_t)arg;
    pthread_mutex_lock(&watch_mu);
    while (watch_gen == gen) {
        uint64_t now = now_ns();
        for (int i = 0; i < watch_n; i++) {
            uint64_t d = atomic_load_explicit(&watch_vms[i]->fast_deadline, memory_order_acquire);
            if (d && now > d) pthread_kill(watch_vms[i]->fast_thread, WATCH_SIGNAL);
        }
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        ts.tv_nsec += WATCH_EVERY_MS * 1000000L;
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&watch_cv, &watch_mu, &ts);
    }
    pthread_mutex_unlock(&watch_mu);
    return NULL;
}

bool vm_fast_watch(Vm *vm)
{
    vm->fast_per_ns = FAST_PER_NS;
    pthread_once(&watch_once, watch_setup);
    if (!watch_ready) return false;
    pthread_mutex_lock(&watch_mu);
    bool ok = true;
    if (watch_n == watch_cap) {
        int cap = watch_cap ? watch_cap * 2 : 8;
        Vm **d = xrealloc(watch_vms, (size_t)cap * sizeof *d);
        if (d) {
            watch_vms = d;
            watch_cap = cap;
        } else {
            ok = false;
        }
    }
    if (ok && !watch_running) ok = watch_start();
    if (ok) {
        vm->fast_thread = pthread_self();
        watch_vms[watch_n++] = vm;
    }
    pthread_mutex_unlock(&watch_mu);
    vm->watched = ok;
    return ok;
}

void vm_fast_unwatch(Vm *vm)
{
    if (!vm->watched) return;
    bool join = false;
    pthread_t t;
    pthread_mutex_lock(&watch_mu);
    for (int i = 0; i < watch_n; i++)
        if (watch_vms[i] == vm) {
            watch_vms[i] = watch_vms[--watch_n];
            break;
        }
    if (watch_n == 0) {
        /* the last worker is gone: the watchdog stops (a new one starts with the next) */
        watch_gen++;
        pthread_cond_broadcast(&watch_cv);
        t = watch_thread;
        join = watch_running;
        watch_running = false;
        atomic_store(&watch_alive, false);
        xfree(watch_vms);
        watch_vms = NULL;
        watch_cap = 0;
    }
    pthread_mutex_unlock(&watch_mu);
    if (join) pthread_join(t, NULL);
    vm->watched = false;
}

/* ---------------------------------------------------------------- runs ------------ */

/* The hook the watchdog's signal sets: the run is past its allowance. Fires at every
 * instruction until the run has ended (sticky, like a budget stop). */
static void fast_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    Vm *vm = vm_of(L);
    vm->stop = STOP_REEXEC;
    lua_pushliteral(L, "stopped to run again with every instruction counted");
    lua_error(L);
}

void vm_fast_kick(Vm *vm)
{
    vm->fast_kicked = 1;
    lua_sethook(vm->fast_L, fast_hook, LUA_MASKCOUNT, 1);
    if (vm->fast_L != vm->L) lua_sethook(vm->L, fast_hook, LUA_MASKCOUNT, 1);
}

bool vm_fast_begin(Vm *vm, lua_State *co, uint64_t spent)
{
    vm->fast = false;
    if (!vm->watched || vm->lim.count_all || vm->prof || vm->used >= vm->lim.budget) return false;
    uint64_t allow = (uint64_t)(vm->lim.budget - vm->used) / vm->fast_per_ns;
    if (spent > allow) return false;
    uint64_t t0 = now_ns();
    if (!t0) return false;
    if (!atomic_load_explicit(&watch_alive, memory_order_relaxed) ||
        !pthread_equal(vm->fast_thread, pthread_self())) {
        /* a forked child's first run (its watchdog starts now), or the worker moved to
         * another thread (the watchdog signals that one) */
        pthread_mutex_lock(&watch_mu);
        bool ok = watch_running || watch_start();
        vm->fast_thread = pthread_self();
        pthread_mutex_unlock(&watch_mu);
        if (!ok) return false;
    }
    if (lua_gethookmask(co)) lua_sethook(co, NULL, 0, 0);
    vm->fast = true;
    vm->fast_L = co;
    vm->fast_kicked = 0;
    vm->fast_t0 = t0;
    vm->fast_spent = spent;
    vm->n_fast++;
    fast_running = vm;
    atomic_signal_fence(memory_order_seq_cst);
    atomic_store_explicit(&vm->fast_deadline, t0 + (allow - spent), memory_order_release);
    return true;
}

bool vm_fast_end(Vm *vm)
{
    if (!vm->fast) return true;
    atomic_store_explicit(&vm->fast_deadline, 0, memory_order_release);
    atomic_signal_fence(memory_order_seq_cst);
    fast_running = NULL;
    vm->fast = false;
    uint64_t t1 = now_ns();
    vm->fast_spent += t1 > vm->fast_t0 ? t1 - vm->fast_t0 : 0;
    if (vm->fast_kicked) {
        /* the hooks the signal set are gone: the threads are as an uncounted run left them */
        lua_sethook(vm->fast_L, NULL, 0, 0);
        if (vm->fast_L != vm->L) lua_sethook(vm->L, vm_budget_hook, LUA_MASKCOUNT, vm->lim.hook_interval);
    }
    bool stands = !vm->fast_kicked && t1 && vm->stop != STOP_BUDGET && /* (STOP_REEXEC: kicked) */
                  vm->used <= vm->lim.budget &&
                  vm->fast_spent <= (uint64_t)(vm->lim.budget - vm->used) / vm->fast_per_ns;
    if (!stands) {
        vm->n_recount++;
        vm->stop = STOP_NONE;
    }
    return stands;
}

void vm_fast_sweep(Vm *vm)
{
    /* only where garbage could matter: a heap near the cap (a full collection of a large
     * heap costs more than most runs) */
    if (vm->mem > vm->lim.mem_cap / 8 * 7) vm_gc_full(vm, vm->L);
}

void vm_fast_stats(const Vm *vm, uint64_t *uncounted, uint64_t *recounted)
{
    *uncounted = vm->n_fast;
    *recounted = vm->n_recount;
}

void vm_fast_assume(Vm *vm, uint64_t per_ns)
{
    vm->fast_per_ns = per_ns ? per_ns : FAST_PER_NS;
}

void vm_count_all(Vm *vm, bool on)
{
    vm->lim.count_all = on;
}
