#define _POSIX_C_SOURCE 200809L
#include "emit.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool write_all(int fd, const char *bytes, size_t size)
{
    while (size > 0) {
        ssize_t written = write(fd, bytes, size);
        if (written < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        bytes += written;
        size -= (size_t)written;
    }
    return true;
}

bool cdpl_emit(const char *path, const char *bytes, size_t size)
{
    if (strcmp(path, "-") == 0) {
        if (fwrite(bytes, 1, size, stdout) != size || fflush(stdout) != 0) {
            fprintf(stderr, "cdp-lower: error: cannot write to standard output: %s\n", strerror(errno));
            return false;
        }
        return true;
    }
    size_t length = strlen(path);
    char *temporary = malloc(length + sizeof ".cdpl-XXXXXX");
    if (temporary == NULL) {
        fprintf(stderr, "cdp-lower: error: out of memory\n");
        return false;
    }
    memcpy(temporary, path, length);
    memcpy(temporary + length, ".cdpl-XXXXXX", sizeof ".cdpl-XXXXXX");
    int fd = mkstemp(temporary);
    if (fd < 0) {
        fprintf(stderr, "cdp-lower: error: cannot create %s: %s\n", temporary, strerror(errno));
        free(temporary);
        return false;
    }
    bool ok = write_all(fd, bytes, size) && fchmod(fd, 0644) == 0;
    int saved = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    if (ok && rename(temporary, path) != 0) {
        ok = false;
        saved = errno;
    }
    if (!ok) {
        fprintf(stderr, "cdp-lower: error: cannot write %s: %s\n", path, strerror(saved));
        unlink(temporary);
    }
    free(temporary);
    return ok;
}

bool cdpl_same_file(const char *a, const char *b)
{
    struct stat first, second;
    if (stat(a, &first) != 0 || stat(b, &second) != 0) return false;
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino;
}
