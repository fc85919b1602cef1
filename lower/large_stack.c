/* A thread with a large stack and a guard zone below it, for one input's
 * work. A fault inside the guard zone is a stack overflow: reported as the
 * input's error. Any other fault goes to whoever handled it before (libclang's
 * crash recovery, a sanitizer, the default action). */
#define _DEFAULT_SOURCE
#include "large_stack.h"

#include <clang-c/Index.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum {
    stack_size = 256u << 20,
    /* Wider than any one frame, so an overflow cannot jump over it. */
    guard_size = 1u << 20,
    alternate_stack_size = 64u << 10,
    message_capacity = 4096,
};

typedef struct job_run {
    int (*job)(void *);
    void *argument;
    int result;
    void *alternate_stack;
} job_run;

/* What the signal handler needs, set before the thread starts. */
static char *guard_begin, *guard_end;
static char overflow_message[message_capacity];
static size_t overflow_message_length;
static struct sigaction previous_segv, previous_bus;

static void on_fault(int signal, siginfo_t *info, void *context)
{
    (void)signal;
    (void)context;
    char *address = info->si_addr;
    if (address >= guard_begin && address < guard_end) {
        ssize_t written = write(STDERR_FILENO, overflow_message, overflow_message_length);
        (void)written;
        _exit(1);
    }
    /* Returning runs the faulting instruction again, under the old handler. */
    sigaction(SIGSEGV, &previous_segv, NULL);
    sigaction(SIGBUS, &previous_bus, NULL);
}

static void *run_job(void *data)
{
    job_run *run = data;
    /* The handler needs a stack of its own: the thread's is the one that overflowed. */
    stack_t alternate = {.ss_sp = run->alternate_stack, .ss_size = alternate_stack_size, .ss_flags = 0};
    stack_t previous;
    bool alternate_set = sigaltstack(&alternate, &previous) == 0;
    run->result = run->job(run->argument);
    /* A sanitizer frees the alternate stack it finds when the thread ends: give it back its own. */
    if (alternate_set) sigaltstack(&previous, NULL);
    return NULL;
}

int cdpl_run_on_large_stack(int (*job)(void *), void *argument, const char *file)
{
    job_run run = {job, argument, 0, malloc(alternate_stack_size)};
    char *memory = mmap(NULL, guard_size + stack_size, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    pthread_attr_t attributes;
    bool ready = run.alternate_stack != NULL && memory != MAP_FAILED && mprotect(memory, guard_size, PROT_NONE) == 0 &&
                 pthread_attr_init(&attributes) == 0;
    if (ready && pthread_attr_setstack(&attributes, memory + guard_size, stack_size) != 0) {
        pthread_attr_destroy(&attributes);
        ready = false;
    }
    if (!ready) {
        if (memory != MAP_FAILED) munmap(memory, guard_size + stack_size);
        free(run.alternate_stack);
        return job(argument);
    }
    snprintf(overflow_message, sizeof overflow_message,
             "%s:1:1: error: libclang ran out of stack parsing this file (code nested too deeply?); "
             "cdp-lower cannot lower it\n",
             file);
    overflow_message_length = strlen(overflow_message);
    guard_begin = memory;
    guard_end = memory + guard_size;
    /* libclang's crash recovery installs its signal handlers once, when first
     * enabled: enabled now, they come before the guard's, which hands them
     * every fault that is not an overflow. */
    clang_toggleCrashRecovery(1);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, &previous_segv);
    sigaction(SIGBUS, &action, &previous_bus);

    pthread_t thread;
    int result;
    setenv("LIBCLANG_NOTHREADS", "1", 1);
    if (pthread_create(&thread, &attributes, run_job, &run) == 0) {
        pthread_join(thread, NULL);
        result = run.result;
    } else {
        unsetenv("LIBCLANG_NOTHREADS");
        result = job(argument);
    }

    sigaction(SIGSEGV, &previous_segv, NULL);
    sigaction(SIGBUS, &previous_bus, NULL);
    guard_begin = guard_end = NULL;
    pthread_attr_destroy(&attributes);
    munmap(memory, guard_size + stack_size);
    free(run.alternate_stack);
    return result;
}
