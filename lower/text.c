#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool reserve(cdpl_text *text, size_t extra)
{
    if (text->failed) return false;
    if (text->size + extra + 1 <= text->capacity) return true;
    size_t capacity = text->capacity ? text->capacity : 256;
    while (capacity < text->size + extra + 1) capacity *= 2;
    char *bytes = realloc(text->bytes, capacity);
    if (bytes == NULL) {
        text->failed = true;
        return false;
    }
    text->bytes = bytes;
    text->capacity = capacity;
    return true;
}

void cdpl_text_append(cdpl_text *text, const char *bytes, size_t size)
{
    if (!reserve(text, size)) return;
    memcpy(text->bytes + text->size, bytes, size);
    text->size += size;
    text->bytes[text->size] = '\0';
}

void cdpl_text_puts(cdpl_text *text, const char *string) { cdpl_text_append(text, string, strlen(string)); }

void cdpl_text_printf(cdpl_text *text, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    va_list again;
    va_copy(again, args);
    int length = vsnprintf(NULL, 0, format, args);
    va_end(args);
    if (length >= 0 && reserve(text, (size_t)length)) {
        vsnprintf(text->bytes + text->size, (size_t)length + 1, format, again);
        text->size += (size_t)length;
    }
    va_end(again);
}

char *cdpl_text_take(cdpl_text *text)
{
    if (!reserve(text, 0)) {
        cdpl_text_free(text);
        return NULL;
    }
    char *bytes = text->bytes;
    text->bytes[text->size] = '\0';
    *text = (cdpl_text){0};
    return bytes;
}

void cdpl_text_free(cdpl_text *text)
{
    free(text->bytes);
    *text = (cdpl_text){0};
}
