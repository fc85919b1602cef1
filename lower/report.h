/* Machine-readable reports of what the analysis found: JSON for tools, and
 * the device launch graph as Graphviz. Reads the model only; writes text. */
#ifndef CDPL_REPORT_H
#define CDPL_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "model.h"

/* Writes one JSON object, {"files":[...]}, describing `nmodels` analysed
 * inputs (kernels, launch sites, api calls, diagnostics), then a newline. */
void cdpl_report_json(const cdpl_model *models, size_t nmodels, FILE *out);

/* Writes `digraph cdp { ... }`: the runtime kernels as nodes (a box for
 * those also launched from the host) and one edge per (caller, launched
 * kernel, stream kind) among device-side launch sites, without duplicates. */
void cdpl_report_dot(const cdpl_model *models, size_t nmodels, FILE *out);

#endif
