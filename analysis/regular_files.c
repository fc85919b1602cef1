/* A file is opened without waiting and checked after it is open: it may
 * have changed since its name was looked up. */
#define _POSIX_C_SOURCE 200809L
#include "regular_files.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

cdpl_read_status cdpl_read_regular_file(const char *path, char **bytes, size_t *size)
{
    *bytes = NULL;
    *size = 0;
    int descriptor = open(path, O_RDONLY | O_NONBLOCK);
    struct stat status;
    if (descriptor < 0) return CDPL_READ_NOT_REGULAR;
    if (fstat(descriptor, &status) != 0 || !S_ISREG(status.st_mode)) {
        close(descriptor);
        return CDPL_READ_NOT_REGULAR;
    }
    *bytes = malloc((size_t)status.st_size + 1);
    ssize_t got = 1;
    while (*bytes != NULL && *size < (size_t)status.st_size && got > 0) {
        got = read(descriptor, *bytes + *size, (size_t)status.st_size - *size);
        if (got > 0) *size += (size_t)got;
    }
    close(descriptor);
    if (*bytes == NULL) return CDPL_READ_NO_MEMORY;
    if (got < 0) {
        free(*bytes);
        *bytes = NULL;
        *size = 0;
        return CDPL_READ_FAILED;
    }
    return CDPL_READ_DONE;
}
