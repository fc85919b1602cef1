#define _POSIX_C_SOURCE 200809L
#include "paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *cdpl_directory_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *from = slash == NULL ? "." : path;
    size_t length = slash == NULL || slash == path ? 1 : (size_t)(slash - path);
    char *directory = malloc(length + 1);
    if (directory != NULL) {
        memcpy(directory, from, length);
        directory[length] = '\0';
    }
    return directory;
}

char *cdpl_joined_path(const char *directory, const char *name, size_t length)
{
    size_t size = strlen(directory) + 1 + length + 1;
    char *path = malloc(size);
    if (path != NULL) snprintf(path, size, "%s/%.*s", directory, (int)length, name);
    return path;
}

bool cdpl_is_runtime_header(const char *path)
{
    char *directory = cdpl_directory_of(path);
    char *abi = directory != NULL ? cdpl_joined_path(directory, "cdpl_abi.h", strlen("cdpl_abi.h")) : NULL;
    bool runtime = abi != NULL && access(abi, F_OK) == 0;
    free(directory);
    free(abi);
    return runtime;
}
