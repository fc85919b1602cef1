#include "codegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

unsigned int cdpl_kernel_id(const char *usr)
{
    unsigned int hash = 2166136261u;
    for (const unsigned char *c = (const unsigned char *)usr; *c; ++c) {
        hash ^= *c;
        hash *= 16777619u;
    }
    return hash == 0 ? 1 : hash; /* 0 is the runtime's built-in kernel */
}

/* A type spelled with a declarator (`void (*)(int)`, `int (&)[4]`) cannot
 * precede a name; cdpl_identity<T>::type can. `name` may be empty. */
static void put_declaration(cdpl_text *out, const char *type, const char *name)
{
    if (strpbrk(type, "([") != NULL)
        cdpl_text_printf(out, "cdpl_identity<%s>::type%s%s", type, *name ? " " : "", name);
    else
        cdpl_text_printf(out, "%s%s%s", type, type[strlen(type) - 1] == '*' || !*name ? "" : " ", name);
}

static void put_parameter_list(cdpl_text *out, const cdpl_function *kernel, bool named, const char *const *defaults)
{
    cdpl_text_puts(out, named ? "cdpl_launch_config cdpl_c" : "cdpl_launch_config");
    for (size_t i = 0; i < kernel->nparams; ++i) {
        cdpl_text_puts(out, ", ");
        if (named) {
            char name[32];
            snprintf(name, sizeof name, "p%zu", i);
            put_declaration(out, kernel->param_types[i], name);
        } else if (defaults != NULL && defaults[i] != NULL) {
            put_declaration(out, kernel->param_types[i], "");
            cdpl_text_printf(out, " = %s", defaults[i]);
        } else {
            cdpl_text_puts(out, kernel->param_types[i]);
        }
    }
}

char *cdpl_codegen_launcher_declaration(const cdpl_kernel_plan *plan, const char *const *defaults, bool with_entry)
{
    cdpl_text out = {0};
    if (with_entry) cdpl_text_printf(&out, "static __global__ void cdpl_entry_%s(cdpl_wave); ", plan->stem);
    cdpl_text_printf(&out, "__host__ __device__ void cdpl_launch_%s(", plan->kernel->name);
    put_parameter_list(&out, plan->kernel, false, defaults);
    cdpl_text_puts(&out, "); ");
    return cdpl_text_take(&out);
}

char *cdpl_codegen_line_directive(unsigned line, const char *file)
{
    cdpl_text out = {0};
    cdpl_text_printf(&out, "#line %u \"", line);
    for (const char *c = file; *c; ++c) {
        if (*c == '"' || *c == '\\') cdpl_text_puts(&out, "\\");
        cdpl_text_append(&out, c, 1);
    }
    cdpl_text_puts(&out, "\"\n");
    return cdpl_text_take(&out);
}

static void put_arguments(cdpl_text *out, const cdpl_function *kernel, const char *prefix)
{
    for (size_t i = 0; i < kernel->nparams; ++i)
        cdpl_text_printf(out, "%s%sp%zu", i ? ", " : "", prefix, i);
}

char *cdpl_codegen_kernel_support(const cdpl_kernel_plan *plan, unsigned resume_line, const char *file)
{
    const cdpl_function *kernel = plan->kernel;
    const char *stem = plan->stem;
    cdpl_text out = {0};
    cdpl_text_printf(&out, "\n/* cdp-lower: `%s` runs through the cdpl runtime (kernel id 0x%08x) */\n",
                     kernel->name, plan->id);

    /* A struct's members sit at their alignments in order: the layout of a
     * CUDA parameter buffer. */
    cdpl_text_printf(&out, "struct cdpl_params_%s {", stem);
    for (size_t i = 0; i < kernel->nparams; ++i) {
        char name[32];
        snprintf(name, sizeof name, "p%zu", i);
        cdpl_text_puts(&out, " ");
        put_declaration(&out, kernel->param_types[i], name);
        cdpl_text_puts(&out, ";");
    }
    if (kernel->nparams == 0) cdpl_text_puts(&out, " char unused;");
    cdpl_text_puts(&out, " };\n");
    cdpl_text_printf(&out,
                     "static_assert(sizeof(cdpl_params_%s) <= CDPL_MAX_PARAMS_SIZE && "
                     "alignof(cdpl_params_%s) <= CDPL_PARAMS_ALIGN,\n"
                     "              \"cdp-lower: the parameters of `%s` exceed 4 KB or 16-byte alignment\");\n",
                     stem, stem, kernel->name);

    cdpl_text_printf(&out, "static __global__ void %s%scdpl_entry_%s(cdpl_wave cdpl_w)\n{\n",
                     plan->launch_bounds ? plan->launch_bounds : "", plan->launch_bounds ? " " : "", stem);
    /* A block may go on with a ready one-block record of the same kernel and
     * shape only if the body never waits at a barrier: its threads meet at
     * the block's end (see analysis/block_barriers.c). */
    bool continues = !kernel->waits_at_barrier;
    const char *indent = continues ? "        " : "    ";
    if (continues)
        cdpl_text_printf(&out, "    cdpl_enter_block(cdpl_w, 0x%08xu);\n    do {\n", plan->id);
    else
        cdpl_text_puts(&out, "    cdpl_enter_block(cdpl_w);\n");
    if (kernel->nparams > 0)
        cdpl_text_printf(&out, "%sconst cdpl_params_%s &cdpl_p = cdpl_block_params<cdpl_params_%s>();\n", indent,
                         stem, stem);
    cdpl_text_printf(&out, "%s%s(", indent, kernel->name);
    put_arguments(&out, kernel, "cdpl_p.");
    if (continues)
        cdpl_text_puts(&out, ");\n    } while (cdpl_leave_block_or_continue());\n}\n");
    else
        cdpl_text_puts(&out, ");\n    cdpl_leave_block();\n}\n");

    cdpl_text_printf(&out, "__host__ __device__ void cdpl_launch_%s(", kernel->name);
    put_parameter_list(&out, kernel, true, NULL);
    cdpl_text_puts(&out, ")\n{\n");
    if (kernel->nparams == 0)
        cdpl_text_printf(&out, "    cdpl_params_%s cdpl_p = {0};\n", stem);
    else {
        cdpl_text_printf(&out, "    cdpl_params_%s cdpl_p = {", stem);
        put_arguments(&out, kernel, "");
        cdpl_text_puts(&out, "};\n");
    }
    cdpl_text_printf(&out, "    cdpl_launch(cdpl_c, 0x%08xu, &cdpl_p, sizeof cdpl_p);\n}\n", plan->id);

    cdpl_text_printf(&out,
                     "static const int cdpl_registered_%s =\n"
                     "    cdpl_register(0x%08xu, \"%s\", (const void *)cdpl_entry_%s, sizeof(cdpl_params_%s));\n",
                     stem, plan->id, kernel->name, stem, stem);
    char *line = cdpl_codegen_line_directive(resume_line, file);
    if (line != NULL) cdpl_text_puts(&out, line);
    free(line);
    return cdpl_text_take(&out);
}

char *cdpl_codegen_queried_kernel(const cdpl_function *kernel, size_t index, unsigned int id,
                                  unsigned resume_line, const char *file)
{
    cdpl_text out = {0};
    cdpl_text_printf(&out,
                     "\n/* cdp-lower: device code asks about `%s` (kernel id 0x%08x) */\n"
                     "static const int cdpl_queried_%s_%zu =\n"
                     "    cdpl_register_queried(0x%08xu, \"%s\", (const void *)%s);\n",
                     kernel->name, id, kernel->name, index, id, kernel->name, kernel->name);
    char *line = cdpl_codegen_line_directive(resume_line, file);
    if (line != NULL) cdpl_text_puts(&out, line);
    free(line);
    return cdpl_text_take(&out);
}
