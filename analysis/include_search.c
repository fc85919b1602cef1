/* The include directories the parse's arguments give, by kind. */
#include "include_search.h"

#include <string.h>

const char *cdpl_search_directory(const cdpl_parse_options *options, size_t *at, cdpl_search_kind *kind)
{
    static const struct {
        const char *flag;
        cdpl_search_kind kind;
    } flags[] = {{"-I", CDPL_SEARCH_USER},
                 {"-iquote", CDPL_SEARCH_QUOTE},
                 {"-isystem", CDPL_SEARCH_SYSTEM},
                 {"-idirafter", CDPL_SEARCH_AFTER}};
    const char *argument = options->extra_args[*at];
    for (size_t f = 0; f < sizeof flags / sizeof *flags; ++f) {
        size_t length = strlen(flags[f].flag);
        if (strncmp(argument, flags[f].flag, length) != 0) continue;
        *kind = flags[f].kind;
        if (argument[length] != '\0') return argument + length;
        return *at + 1 < options->nextra_args ? options->extra_args[++*at] : NULL;
    }
    return NULL;
}
