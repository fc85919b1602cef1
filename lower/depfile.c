/* Names are escaped as GCC escapes them, which make and Ninja both read:
 * a blank becomes `\ ` (the backslashes before it doubled), `#` becomes
 * `\#` and `$` becomes `$$`. */
#include "depfile.h"

#include <stdio.h>
#include <string.h>

static bool append_name(cdpl_text *out, const char *name)
{
    if (strpbrk(name, "\n\r") != NULL) {
        fprintf(stderr, "cdp-lower: error: a dependency file cannot name '%s': it holds a line break\n", name);
        return false;
    }
    size_t backslashes = 0;
    for (const char *c = name; *c != '\0'; ++c) {
        if (*c == ' ' || *c == '\t') {
            for (size_t b = 0; b < backslashes; ++b) cdpl_text_puts(out, "\\");
            cdpl_text_puts(out, "\\");
        } else if (*c == '#') {
            cdpl_text_puts(out, "\\");
        } else if (*c == '$') {
            cdpl_text_puts(out, "$");
        }
        cdpl_text_append(out, c, 1);
        backslashes = *c == '\\' ? backslashes + 1 : 0;
    }
    return true;
}

bool cdpl_depfile_rule(cdpl_text *out, const char *target, const char *input, char *const *headers,
                       size_t nheaders)
{
    if (!append_name(out, target)) return false;
    cdpl_text_puts(out, ": ");
    if (!append_name(out, input)) return false;
    for (size_t h = 0; h < nheaders; ++h) {
        cdpl_text_puts(out, " \\\n  ");
        if (!append_name(out, headers[h])) return false;
    }
    cdpl_text_puts(out, "\n");
    for (size_t h = 0; h < nheaders; ++h) {
        cdpl_text_puts(out, "\n");
        if (!append_name(out, headers[h])) return false;
        cdpl_text_puts(out, ":\n");
    }
    return true;
}
