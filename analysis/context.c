/* Allocation helpers that record failure in the context, so passes can keep
 * going and cdpl_analyse_file reports one "out of memory" at the end. */
#define _POSIX_C_SOURCE 200809L
#include "context.h"

#include <stdlib.h>
#include <string.h>

bool cdpl_append(cdpl_context *context, void *items, size_t *count, size_t size, const void *item)
{
    void **array = items;
    char *grown = realloc(*array, (*count + 1) * size);
    if (grown == NULL) {
        context->out_of_memory = true;
        return false;
    }
    memcpy(grown + *count * size, item, size);
    *array = grown;
    ++*count;
    return true;
}

char *cdpl_strdup(cdpl_context *context, const char *text)
{
    char *copy = strdup(text);
    if (copy == NULL) context->out_of_memory = true;
    return copy;
}
