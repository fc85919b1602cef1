/* Recursive descent over the bytes, with a depth limit so that a hostile
 * file cannot exhaust the stack. Errors point at the offending byte. */
#include "json.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

enum { max_depth = 64 };

typedef struct reader {
    const char *text;
    size_t size;
    size_t at;
    bool failed;
    char *error;
    size_t error_size;
} reader;

__attribute__((format(printf, 2, 3))) static bool fail(reader *r, const char *format, ...)
{
    if (r->failed) return false;
    r->failed = true;
    unsigned line = 1, column = 1;
    for (size_t i = 0; i < r->at && i < r->size; ++i) {
        if (r->text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    int length = snprintf(r->error, r->error_size, "line %u, column %u: ", line, column);
    if (length >= 0 && (size_t)length < r->error_size) {
        va_list args;
        va_start(args, format);
        vsnprintf(r->error + length, r->error_size - (size_t)length, format, args);
        va_end(args);
    }
    return false;
}

static int peek(const reader *r) { return r->at < r->size ? (unsigned char)r->text[r->at] : EOF; }

static void skip_space(reader *r)
{
    while (r->at < r->size && strchr(" \t\r\n", r->text[r->at]) != NULL && r->text[r->at] != '\0') ++r->at;
}

static bool expect_word(reader *r, const char *word)
{
    size_t length = strlen(word);
    if (r->size - r->at < length || memcmp(r->text + r->at, word, length) != 0)
        return fail(r, "expected a JSON value");
    r->at += length;
    return true;
}

static int hex_digit(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Four hex digits after `\u`. */
static bool read_hex4(reader *r, uint32_t *value)
{
    *value = 0;
    for (int i = 0; i < 4; ++i) {
        int digit = hex_digit(peek(r));
        if (digit < 0) return fail(r, "expected four hexadecimal digits after \\u");
        *value = *value << 4 | (uint32_t)digit;
        ++r->at;
    }
    return true;
}

static void append_utf8(cdpl_text *out, uint32_t code)
{
    char bytes[4];
    size_t n;
    if (code < 0x80) {
        bytes[0] = (char)code;
        n = 1;
    } else if (code < 0x800) {
        bytes[0] = (char)(0xC0 | code >> 6);
        bytes[1] = (char)(0x80 | (code & 0x3F));
        n = 2;
    } else if (code < 0x10000) {
        bytes[0] = (char)(0xE0 | code >> 12);
        bytes[1] = (char)(0x80 | (code >> 6 & 0x3F));
        bytes[2] = (char)(0x80 | (code & 0x3F));
        n = 3;
    } else {
        bytes[0] = (char)(0xF0 | code >> 18);
        bytes[1] = (char)(0x80 | (code >> 12 & 0x3F));
        bytes[2] = (char)(0x80 | (code >> 6 & 0x3F));
        bytes[3] = (char)(0x80 | (code & 0x3F));
        n = 4;
    }
    cdpl_text_append(out, bytes, n);
}

/* `\uXXXX`, or a surrogate pair of two of them. */
static bool read_unicode_escape(reader *r, cdpl_text *out)
{
    uint32_t code;
    if (!read_hex4(r, &code)) return false;
    if (code >= 0xDC00 && code <= 0xDFFF) return fail(r, "a low surrogate without a high one");
    if (code >= 0xD800 && code <= 0xDBFF) {
        uint32_t low;
        if (r->size - r->at < 2 || r->text[r->at] != '\\' || r->text[r->at + 1] != 'u')
            return fail(r, "a high surrogate without a low one");
        r->at += 2;
        if (!read_hex4(r, &low)) return false;
        if (low < 0xDC00 || low > 0xDFFF) return fail(r, "a high surrogate without a low one");
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    }
    if (code == 0) return fail(r, "\\u0000 cannot be part of a path or an argument");
    append_utf8(out, code);
    return true;
}

/* A string, the opening quote already consumed. */
static char *read_string(reader *r)
{
    cdpl_text out = {0};
    for (;;) {
        int c = peek(r);
        if (c == EOF) {
            fail(r, "unterminated string");
            break;
        }
        if (c < 0x20) {
            fail(r, "a control character in a string must be escaped");
            break;
        }
        ++r->at;
        if (c == '"') return cdpl_text_take(&out);
        if (c != '\\') {
            char byte = (char)c;
            cdpl_text_append(&out, &byte, 1);
            continue;
        }
        c = peek(r);
        ++r->at;
        static const char escapes[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
        const char *known = c != EOF && c != '\0' ? strchr(escapes, c) : NULL;
        if (c == 'u') {
            if (!read_unicode_escape(r, &out)) break;
        } else if (known != NULL && (known - escapes) % 2 == 0) {
            cdpl_text_append(&out, known + 1, 1);
        } else {
            --r->at;
            fail(r, "unknown escape in a string");
            break;
        }
    }
    cdpl_text_free(&out);
    return NULL;
}

static bool read_digits(reader *r)
{
    if (peek(r) < '0' || peek(r) > '9') return fail(r, "expected a digit");
    while (peek(r) >= '0' && peek(r) <= '9') ++r->at;
    return true;
}

static bool read_number(reader *r, cdpl_json *value)
{
    size_t start = r->at;
    if (peek(r) == '-') ++r->at;
    if (peek(r) == '0') {
        ++r->at;
    } else if (!read_digits(r)) {
        return false;
    }
    if (peek(r) == '.') {
        ++r->at;
        if (!read_digits(r)) return false;
    }
    if (peek(r) == 'e' || peek(r) == 'E') {
        ++r->at;
        if (peek(r) == '+' || peek(r) == '-') ++r->at;
        if (!read_digits(r)) return false;
    }
    value->text = malloc(r->at - start + 1);
    if (value->text == NULL) return fail(r, "out of memory");
    memcpy(value->text, r->text + start, r->at - start);
    value->text[r->at - start] = '\0';
    value->kind = CDPL_JSON_NUMBER;
    return true;
}

static bool read_value(reader *r, cdpl_json *value, int depth);

/* Makes room for one more item (and key, for objects). */
static bool grow(reader *r, cdpl_json *container, size_t *capacity)
{
    if (container->count < *capacity) return true;
    size_t wanted = *capacity == 0 ? 4 : *capacity * 2;
    cdpl_json *items = realloc(container->items, wanted * sizeof *items);
    if (items == NULL) return fail(r, "out of memory");
    container->items = items;
    if (container->kind == CDPL_JSON_OBJECT) {
        char **keys = realloc(container->keys, wanted * sizeof *keys);
        if (keys == NULL) return fail(r, "out of memory");
        container->keys = keys;
    }
    *capacity = wanted;
    return true;
}

/* An array or an object, the opening bracket already consumed. */
static bool read_container(reader *r, cdpl_json *value, cdpl_json_kind kind, int depth)
{
    value->kind = kind;
    char close = kind == CDPL_JSON_ARRAY ? ']' : '}';
    size_t capacity = 0;
    skip_space(r);
    if (peek(r) == close) {
        ++r->at;
        return true;
    }
    for (;;) {
        if (!grow(r, value, &capacity)) return false;
        cdpl_json *item = &value->items[value->count];
        *item = (cdpl_json){0};
        if (kind == CDPL_JSON_OBJECT) {
            skip_space(r);
            if (peek(r) != '"') return fail(r, "expected a member name in quotes");
            ++r->at;
            char *key = read_string(r);
            if (key == NULL) return fail(r, "out of memory");
            skip_space(r);
            if (peek(r) != ':') {
                free(key);
                return fail(r, "expected ':' after the member name");
            }
            ++r->at;
            value->keys[value->count] = key;
        }
        bool read = read_value(r, item, depth + 1);
        ++value->count; /* counted even when incomplete, so that it is freed */
        if (!read) return false;
        skip_space(r);
        if (peek(r) == close) {
            ++r->at;
            return true;
        }
        if (peek(r) != ',') return fail(r, "expected ',' or '%c'", close);
        ++r->at;
    }
}

static bool read_value(reader *r, cdpl_json *value, int depth)
{
    if (depth > max_depth) return fail(r, "nested deeper than %d levels", max_depth);
    skip_space(r);
    switch (peek(r)) {
    case '{': ++r->at; return read_container(r, value, CDPL_JSON_OBJECT, depth);
    case '[': ++r->at; return read_container(r, value, CDPL_JSON_ARRAY, depth);
    case '"':
        ++r->at;
        value->kind = CDPL_JSON_STRING;
        value->text = read_string(r);
        return value->text != NULL || fail(r, "out of memory");
    case 't': value->kind = CDPL_JSON_TRUE; return expect_word(r, "true");
    case 'f': value->kind = CDPL_JSON_FALSE; return expect_word(r, "false");
    case 'n': value->kind = CDPL_JSON_NULL; return expect_word(r, "null");
    case EOF: return fail(r, "unexpected end of the document");
    default:
        if (peek(r) == '-' || (peek(r) >= '0' && peek(r) <= '9')) return read_number(r, value);
        return fail(r, "expected a JSON value");
    }
}

bool cdpl_json_parse(const char *text, size_t size, cdpl_json *value, char *error, size_t error_size)
{
    reader r = {text, size, 0, false, error, error_size};
    *value = (cdpl_json){0};
    if (read_value(&r, value, 0)) {
        skip_space(&r);
        if (r.at < r.size) fail(&r, "unexpected text after the document");
    }
    if (r.failed) cdpl_json_free(value);
    return !r.failed;
}

const cdpl_json *cdpl_json_member(const cdpl_json *object, const char *key)
{
    if (object == NULL || object->kind != CDPL_JSON_OBJECT) return NULL;
    for (size_t i = 0; i < object->count; ++i)
        if (strcmp(object->keys[i], key) == 0) return &object->items[i];
    return NULL;
}

void cdpl_json_free(cdpl_json *value)
{
    for (size_t i = 0; i < value->count; ++i) {
        cdpl_json_free(&value->items[i]);
        if (value->kind == CDPL_JSON_OBJECT) free(value->keys[i]);
    }
    free(value->items);
    free(value->keys);
    free(value->text);
    *value = (cdpl_json){0};
}
