#define _POSIX_C_SOURCE 200809L
#include "shell_words.h"

#include <stdlib.h>
#include <string.h>

#include "text.h"

bool cdpl_words_add(cdpl_words *words, const char *word)
{
    char *copy = strdup(word);
    char **grown = copy != NULL ? realloc(words->words, (words->count + 1) * sizeof *grown) : NULL;
    if (grown == NULL) {
        free(copy);
        return false;
    }
    grown[words->count++] = copy;
    words->words = grown;
    return true;
}

void cdpl_words_free(cdpl_words *words)
{
    for (size_t i = 0; i < words->count; ++i) free(words->words[i]);
    free(words->words);
    *words = (cdpl_words){0};
}

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool cdpl_split_shell_words(const char *command, cdpl_words *words, const char **error)
{
    *error = NULL;
    const char *p = command;
    for (;;) {
        while (is_blank(*p)) ++p;
        if (*p == '\0') return true;
        cdpl_text word = {0};
        char quote = '\0';
        bool quoted = false;
        for (; *p != '\0' && (quote != '\0' || !is_blank(*p)); ++p) {
            if (quote == '\'') {
                if (*p == '\'') quote = '\0';
                else cdpl_text_append(&word, p, 1);
            } else if (*p == '\\' && p[1] == '\n') {
                ++p; /* a line continuation, inside "..." too */
            } else if (quote == '"') {
                if (*p == '"') quote = '\0';
                else if (*p == '\\' && p[1] != '\0' && strchr("\"\\$`", p[1]) != NULL) cdpl_text_append(&word, ++p, 1);
                else cdpl_text_append(&word, p, 1);
            } else if (*p == '\'' || *p == '"') {
                quote = *p;
                quoted = true;
            } else if (*p == '\\' && p[1] != '\0') {
                cdpl_text_append(&word, ++p, 1);
            } else {
                cdpl_text_append(&word, p, 1);
            }
        }
        if (quote != '\0') {
            *error = quote == '"' ? "a double quote is not closed" : "a single quote is not closed";
            cdpl_text_free(&word);
            return false;
        }
        /* An empty pair of quotes is still a word; a lone line continuation is not. */
        if (word.size == 0 && !quoted && !word.failed) {
            cdpl_text_free(&word);
            continue;
        }
        char *text = cdpl_text_take(&word);
        bool added = text != NULL && cdpl_words_add(words, text);
        free(text);
        if (!added) return false;
    }
}
