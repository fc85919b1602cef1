/* Diagnostics about a file other than the main one (an included header). */
#ifndef CDPL_DIAGNOSE_H
#define CDPL_DIAGNOSE_H

#include "model.h"

/* As cdpl_model_diagnose, but about `file`; NULL means the main file. */
bool cdpl_model_diagnose_in(cdpl_model *model, cdpl_severity severity, const char *file, cdpl_loc loc,
                            const char *format, ...) __attribute__((format(printf, 5, 6)));

#endif
