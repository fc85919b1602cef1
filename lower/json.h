/* A small, strict JSON reader (RFC 8259), enough for compile_commands.json:
 * the whole document becomes a tree of values with decoded strings. */
#ifndef CDPL_JSON_H
#define CDPL_JSON_H

#include <stdbool.h>
#include <stddef.h>

typedef enum cdpl_json_kind {
    CDPL_JSON_NULL,
    CDPL_JSON_FALSE,
    CDPL_JSON_TRUE,
    CDPL_JSON_NUMBER,
    CDPL_JSON_STRING,
    CDPL_JSON_ARRAY,
    CDPL_JSON_OBJECT
} cdpl_json_kind;

typedef struct cdpl_json {
    cdpl_json_kind kind;
    char *text;              /* STRING: decoded UTF-8; NUMBER: as written */
    size_t count;            /* ARRAY, OBJECT: number of items */
    struct cdpl_json *items;
    char **keys;             /* OBJECT: the key of each item */
} cdpl_json;

/* Parses all of `text`. On failure returns false, frees what was built and
 * writes "line L, column C: what is wrong" to `error`. A string holding
 * \u0000 is refused: every string here becomes a C string. */
bool cdpl_json_parse(const char *text, size_t size, cdpl_json *value, char *error, size_t error_size);

/* The member named `key` of an object (the first, if repeated), or NULL. */
const cdpl_json *cdpl_json_member(const cdpl_json *object, const char *key);

void cdpl_json_free(cdpl_json *value);

#endif
