/* Allocation helpers that record failure in the context, so passes can keep
 * going and cdpl_analyse_file reports one "out of memory" at the end. */
#define _POSIX_C_SOURCE 200809L
#include "context.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* An array doubles when its count reaches a power of two, so its capacity
 * is implied by its count and appending n elements copies O(n) of them, not
 * O(n^2) (ASan's realloc always moves the block). */
bool cdpl_append(cdpl_context *context, void *items, size_t *count, size_t size, const void *item)
{
    void **array = items;
    bool full = (*count & (*count - 1)) == 0;
    if (full) {
        size_t capacity = *count == 0 ? 1 : *count * 2;
        char *grown = capacity <= SIZE_MAX / size ? realloc(*array, capacity * size) : NULL;
        if (grown == NULL) {
            context->out_of_memory = true;
            return false;
        }
        *array = grown;
    }
    memcpy((char *)*array + *count * size, item, size);
    ++*count;
    return true;
}

char *cdpl_strdup(cdpl_context *context, const char *text)
{
    char *copy = strdup(text);
    if (copy == NULL) context->out_of_memory = true;
    return copy;
}
