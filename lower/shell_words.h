/* Splitting a command line into its words, as a POSIX shell would for a
 * command without expansions: the "command" form of compile_commands.json
 * and the contents of response files. */
#ifndef CDPL_SHELL_WORDS_H
#define CDPL_SHELL_WORDS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cdpl_words {
    char **words;
    size_t count;
} cdpl_words;

/* Appends the words of `command` to `words`. Blanks separate words; a
 * backslash quotes the next character; '...' is literal; inside "..." a
 * backslash quotes only " \ $ and `; a backslash-newline is removed
 * everywhere but in '...'. Returns false when out of
 * memory or on an unterminated quote (then `error` says which). */
bool cdpl_split_shell_words(const char *command, cdpl_words *words, const char **error);

/* Appends a copy of `word`; false when out of memory. */
bool cdpl_words_add(cdpl_words *words, const char *word);

void cdpl_words_free(cdpl_words *words);

#endif
