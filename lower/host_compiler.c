/* nvcc runs the host compiler over the host side of a .cu file, so a header
 * that compiler keeps for itself (gcc's omp.h, for -Xcompiler -fopenmp) is
 * found there; libclang does not know that directory. The compiler says
 * where it is: `gcc -print-file-name=include`. */
#define _POSIX_C_SOURCE 200809L
#include "host_compiler.h"

#include <fcntl.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "text.h"

extern char **environ;

static bool is_directory(const char *path)
{
    struct stat status;
    return stat(path, &status) == 0 && S_ISDIR(status.st_mode);
}

/* nvcc's -ccbin names the compiler or the directory it is in. */
static char *compiler_path(const char *compiler)
{
    if (compiler == NULL) return strdup("gcc");
    if (!is_directory(compiler)) return strdup(compiler);
    cdpl_text path = {0};
    cdpl_text_printf(&path, "%s/gcc", compiler);
    return cdpl_text_take(&path);
}

/* The first line the compiler prints, run without a shell. */
static char *first_line_of(const char *compiler)
{
    int pipe_ends[2];
    if (pipe(pipe_ends) != 0) return NULL;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, pipe_ends[0]);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    char *argv[] = {(char *)compiler, "-print-file-name=include", NULL};
    pid_t child;
    bool started = posix_spawnp(&child, compiler, &actions, NULL, argv, environ) == 0;
    posix_spawn_file_actions_destroy(&actions);
    close(pipe_ends[1]);
    cdpl_text output = {0};
    char buffer[512];
    ssize_t got;
    while (started && (got = read(pipe_ends[0], buffer, sizeof buffer)) > 0) cdpl_text_append(&output, buffer, (size_t)got);
    close(pipe_ends[0]);
    int status = 0;
    bool succeeded = started && waitpid(child, &status, 0) == child && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    char *text = cdpl_text_take(&output);
    if (!succeeded || text == NULL) {
        free(text);
        return NULL;
    }
    text[strcspn(text, "\r\n")] = '\0';
    return text;
}

/* Remembers `dir` (which it then owns) as `name`'s; false when out of memory. */
static bool remember(cdpl_host_compilers *known, const char *name, char *dir)
{
    char **names = realloc(known->names, (known->count + 1) * sizeof *names);
    if (names == NULL) return false;
    known->names = names;
    char **dirs = realloc(known->include_dirs, (known->count + 1) * sizeof *dirs);
    if (dirs == NULL) return false;
    known->include_dirs = dirs;
    if ((known->names[known->count] = strdup(name)) == NULL) return false;
    known->include_dirs[known->count++] = dir;
    return true;
}

const char *cdpl_host_include_dir(cdpl_host_compilers *known, const char *compiler)
{
    const char *name = compiler != NULL ? compiler : "";
    for (unsigned c = 0; c < known->count; ++c)
        if (strcmp(known->names[c], name) == 0) return known->include_dirs[c];
    char *path = compiler_path(compiler);
    char *dir = path != NULL ? first_line_of(path) : NULL;
    free(path);
    /* gcc prints the name back when it has no such file. */
    if (dir != NULL && !is_directory(dir)) {
        free(dir);
        dir = NULL;
    }
    if (!remember(known, name, dir)) {
        free(dir);
        return NULL;
    }
    return dir;
}

void cdpl_host_compilers_free(cdpl_host_compilers *known)
{
    for (unsigned c = 0; c < known->count; ++c) {
        free(known->names[c]);
        free(known->include_dirs[c]);
    }
    free(known->names);
    free(known->include_dirs);
    *known = (cdpl_host_compilers){0};
}
