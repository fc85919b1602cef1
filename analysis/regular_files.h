/* Reading what an #include names, for the textual walks of include lines
 * (special_includes.c, quick_scan.c): only a regular file is read, and
 * opening it never waits on a FIFO's writer or a device. */
#ifndef CDPL_REGULAR_FILES_H
#define CDPL_REGULAR_FILES_H

#include <stddef.h>

typedef enum cdpl_read_status {
    CDPL_READ_DONE,
    CDPL_READ_NOT_REGULAR,  /* or it cannot be opened */
    CDPL_READ_FAILED,
    CDPL_READ_NO_MEMORY
} cdpl_read_status;

/* The bytes of the regular file at `path` in *bytes (the caller frees
 * them; one more byte is allocated than *size says), NULL otherwise. */
cdpl_read_status cdpl_read_regular_file(const char *path, char **bytes, size_t *size);

#endif
