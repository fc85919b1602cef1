#define _XOPEN_SOURCE 700
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

/* Through a temporary file in the same directory and a rename. */
static bool write_file(const char *path, const char *bytes, size_t size, mode_t mode)
{
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
    bool ok = write_all(fd, bytes, size) && fchmod(fd, mode) == 0;
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

bool cdpl_emit(const char *path, const char *bytes, size_t size)
{
    if (strcmp(path, "-") == 0) {
        if (fwrite(bytes, 1, size, stdout) != size || fflush(stdout) != 0) {
            fprintf(stderr, "cdp-lower: error: cannot write to standard output: %s\n", strerror(errno));
            return false;
        }
        return true;
    }
    return write_file(path, bytes, size, 0644);
}

char *cdpl_backup_path(const char *input, const char *suffix)
{
    char *real = realpath(input, NULL);
    if (real == NULL) return NULL;
    size_t length = strlen(real), suffix_length = strlen(suffix);
    char *backup = realloc(real, length + suffix_length + 1);
    if (backup == NULL) {
        free(real);
        return NULL;
    }
    memcpy(backup + length, suffix, suffix_length + 1);
    return backup;
}

bool cdpl_emit_in_place(const char *input, const char *suffix, const char *original, size_t original_size,
                        const char *lowered, size_t size)
{
    if (size == original_size && memcmp(lowered, original, size) == 0) return true;
    struct stat status;
    char *real = realpath(input, NULL);
    char *backup = cdpl_backup_path(input, suffix);
    bool ok = real != NULL && backup != NULL && stat(real, &status) == 0;
    if (!ok) {
        fprintf(stderr, "cdp-lower: error: cannot replace %s: %s\n", input, strerror(errno));
    } else {
        mode_t mode = status.st_mode & 07777;
        ok = write_file(backup, original, original_size, mode) && write_file(real, lowered, size, mode);
    }
    free(real);
    free(backup);
    return ok;
}

bool cdpl_same_file(const char *a, const char *b)
{
    struct stat first, second;
    if (stat(a, &first) != 0 || stat(b, &second) != 0) return false;
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino;
}
