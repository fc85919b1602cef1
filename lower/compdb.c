/* The database is read and checked once; each input then finds its entry by
 * comparing real paths, so ./a.cu, a.cu and /abs/a.cu are one file. */
#define _XOPEN_SOURCE 700
#include "compdb.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

static char *read_whole_file(const char *path, size_t *size)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    cdpl_text text = {0};
    char buffer[65536];
    size_t got;
    while ((got = fread(buffer, 1, sizeof buffer, file)) > 0) cdpl_text_append(&text, buffer, got);
    bool failed = ferror(file) != 0;
    int saved = errno;
    fclose(file);
    if (failed) {
        cdpl_text_free(&text);
        errno = saved;
        return NULL;
    }
    *size = text.size;
    char *bytes = cdpl_text_take(&text);
    if (bytes == NULL) errno = ENOMEM;
    return bytes;
}

static bool is_string(const cdpl_json *value) { return value != NULL && value->kind == CDPL_JSON_STRING; }

/* Why `entry` is not a usable compile command, or NULL. */
static const char *entry_problem(const cdpl_json *entry)
{
    if (entry->kind != CDPL_JSON_OBJECT) return "is not an object";
    if (!is_string(cdpl_json_member(entry, "directory"))) return "has no \"directory\" string";
    if (!is_string(cdpl_json_member(entry, "file"))) return "has no \"file\" string";
    const cdpl_json *arguments = cdpl_json_member(entry, "arguments");
    if (arguments != NULL) {
        if (arguments->kind != CDPL_JSON_ARRAY || arguments->count == 0)
            return "has an \"arguments\" member that is not a non-empty array";
        for (size_t a = 0; a < arguments->count; ++a)
            if (!is_string(&arguments->items[a])) return "has an \"arguments\" item that is not a string";
        return NULL;
    }
    if (!is_string(cdpl_json_member(entry, "command"))) return "has neither \"arguments\" nor a \"command\" string";
    return NULL;
}

bool cdpl_compdb_load(const char *build_dir, cdpl_compdb *db)
{
    *db = (cdpl_compdb){0};
    cdpl_text path = {0};
    cdpl_text_printf(&path, "%s/compile_commands.json", build_dir);
    db->path = cdpl_text_take(&path);
    if (db->path == NULL) {
        fprintf(stderr, "cdp-lower: error: out of memory\n");
        return false;
    }
    size_t size = 0;
    char *text = read_whole_file(db->path, &size);
    if (text == NULL) {
        fprintf(stderr, "cdp-lower: error: cannot read %s: %s\n", db->path, strerror(errno));
        return false;
    }
    char error[256];
    bool parsed = cdpl_json_parse(text, size, &db->entries, error, sizeof error);
    free(text);
    if (!parsed) {
        fprintf(stderr, "cdp-lower: error: %s: %s\n", db->path, error);
        return false;
    }
    if (db->entries.kind != CDPL_JSON_ARRAY) {
        fprintf(stderr, "cdp-lower: error: %s: expected an array of compile commands\n", db->path);
        return false;
    }
    for (size_t e = 0; e < db->entries.count; ++e) {
        const char *problem = entry_problem(&db->entries.items[e]);
        if (problem != NULL) {
            fprintf(stderr, "cdp-lower: error: %s: entry %zu %s\n", db->path, e + 1, problem);
            return false;
        }
    }
    return true;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

static bool names_file(const cdpl_json *entry, const char *input_real)
{
    const char *file = cdpl_json_member(entry, "file")->text;
    if (strcmp(base_name(file), base_name(input_real)) != 0) return false;
    const char *directory = cdpl_json_member(entry, "directory")->text;
    char joined[PATH_MAX], real[PATH_MAX];
    int length = file[0] == '/' ? snprintf(joined, sizeof joined, "%s", file)
                                : snprintf(joined, sizeof joined, "%s/%s", directory, file);
    return length > 0 && (size_t)length < sizeof joined && realpath(joined, real) != NULL &&
           strcmp(real, input_real) == 0;
}

static bool command_words(const cdpl_compdb *db, const cdpl_json *entry, cdpl_words *words)
{
    const cdpl_json *arguments = cdpl_json_member(entry, "arguments");
    if (arguments != NULL) {
        for (size_t a = 0; a < arguments->count; ++a)
            if (!cdpl_words_add(words, arguments->items[a].text)) {
                fprintf(stderr, "cdp-lower: error: out of memory\n");
                return false;
            }
        return true;
    }
    const char *error = NULL;
    if (!cdpl_split_shell_words(cdpl_json_member(entry, "command")->text, words, &error)) {
        fprintf(stderr, "cdp-lower: error: %s: the command of %s: %s\n", db->path,
                cdpl_json_member(entry, "file")->text, error != NULL ? error : "out of memory");
        return false;
    }
    return true;
}

cdpl_compdb_lookup cdpl_compdb_flags_for(const cdpl_compdb *db, const char *input, cdpl_compile_flags *flags)
{
    *flags = (cdpl_compile_flags){0};
    char input_real[PATH_MAX];
    if (realpath(input, input_real) == NULL) {
        fprintf(stderr, "cdp-lower: error: cannot open %s: %s\n", input, strerror(errno));
        return CDPL_COMPDB_FAILED;
    }
    for (size_t e = 0; e < db->entries.count; ++e) {
        const cdpl_json *entry = &db->entries.items[e];
        if (!names_file(entry, input_real)) continue;
        cdpl_words words = {0};
        char error[PATH_MAX + 128];
        bool kept = command_words(db, entry, &words);
        if (kept && !cdpl_compile_flags_keep(&words, cdpl_json_member(entry, "directory")->text, flags, error,
                                             sizeof error)) {
            fprintf(stderr, "cdp-lower: error: %s: the command of %s: %s\n", db->path,
                    cdpl_json_member(entry, "file")->text, error);
            kept = false;
        }
        cdpl_words_free(&words);
        if (!kept) cdpl_compile_flags_free(flags);
        return kept ? CDPL_COMPDB_FOUND : CDPL_COMPDB_FAILED;
    }
    return CDPL_COMPDB_NOT_LISTED;
}

void cdpl_compdb_free(cdpl_compdb *db)
{
    cdpl_json_free(&db->entries);
    free(db->path);
    *db = (cdpl_compdb){0};
}
