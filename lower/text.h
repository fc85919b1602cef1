/* A growable byte buffer for building generated text. */
#ifndef CDPL_TEXT_H
#define CDPL_TEXT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cdpl_text {
    char *bytes;   /* always NUL-terminated once anything was added */
    size_t size;
    size_t capacity;
    bool failed;   /* an allocation failed; every later append is a no-op */
} cdpl_text;

void cdpl_text_append(cdpl_text *text, const char *bytes, size_t size);
void cdpl_text_puts(cdpl_text *text, const char *string);
void cdpl_text_printf(cdpl_text *text, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/* Hands the bytes over (caller frees); NULL if an allocation failed. */
char *cdpl_text_take(cdpl_text *text);
void cdpl_text_free(cdpl_text *text);

#endif
