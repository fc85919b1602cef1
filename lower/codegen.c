#include "codegen.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

static unsigned int fnv1a(unsigned int hash, const char *text)
{
    for (const unsigned char *c = (const unsigned char *)text; *c; ++c) {
        hash ^= *c;
        hash *= 16777619u;
    }
    return hash;
}

/* A kernel of internal linkage (static, or in an unnamed namespace): clang
 * starts its USR with its file's name instead of '@'. */
static bool usr_is_internal(const char *usr) { return strncmp(usr, "c:@", 3) != 0; }

/* A kernel template's entry calls its instantiations' bodies through
 * device addresses of the file it is compiled in: each file of a program
 * that instantiates a template from a shared header needs its own entry,
 * so the template is treated as if it had internal linkage. */
static bool is_per_file(const cdpl_function *kernel)
{
    return usr_is_internal(kernel->usr) || kernel->is_template;
}

unsigned int cdpl_kernel_id(const cdpl_function *kernel, const char *unit)
{
    unsigned int hash = 2166136261u;
    if (is_per_file(kernel)) hash = fnv1a(hash, unit);
    hash = fnv1a(hash, kernel->usr);
    return hash == 0 ? 1 : hash; /* 0 is the runtime's built-in kernel */
}

/* What is generated for a kernel of internal linkage has internal linkage
 * too: a kernel of the same name in another file of the program then meets
 * none of it at link time. A launcher that only device code calls is unused
 * in the host compilation, which must not warn about it. */
static const char *linkage_of(const cdpl_function *kernel)
{
    return is_per_file(kernel) ? "[[maybe_unused]] static " : "";
}

/* A foreign kernel's launcher is the file's own: the file that defines the
 * kernel may define a launcher of the same name. */
static const char *launcher_linkage_of(const cdpl_kernel_plan *plan)
{
    return plan->foreign ? "[[maybe_unused]] static " : linkage_of(plan->kernel);
}

char *cdpl_codegen_body_name(const cdpl_kernel_plan *plan)
{
    cdpl_text name = {0};
    if (plan->renamed)
        cdpl_text_printf(&name, "cdpl_kernel_%s", plan->stem);
    else
        cdpl_text_puts(&name, plan->kernel->name);
    return cdpl_text_take(&name);
}

/* A kernel of one file registers as such, so that the runtime refuses the
 * same file built twice into one program instead of running one copy's
 * entry for the other's launches. */
static const char *registration_of(const cdpl_function *kernel)
{
    return is_per_file(kernel) ? "cdpl_register_file_local" : "cdpl_register";
}

/* A kernel that launches itself gets live launches (drain.c): its
 * registration says so, and its entry holds the code of spare workers and
 * goes on with another record when the body returns. A kernel that waits
 * at barriers gets them only if no thread leaves the body before the
 * others (the entry meets the whole block at a barrier before it goes on;
 * analysis/block_exits.c), and only if it launches itself in one-block
 * grids, the records a live launch runs: for others they only cost. */
static bool runs_its_own_children(const cdpl_kernel_plan *plan)
{
    if (!plan->launches_itself) return false;
    if (!plan->waits_at_barrier) return true;
    return !plan->threads_may_leave_alone && plan->launches_itself_in_one_block;
}

/* The entry runs one record and leaves: the kernel never launches itself,
 * so its blocks have no record to go on with (cdpl_fits_this_launch), and
 * without the loop ptxas puts no reconvergence points around the body's
 * loops (few_large: 8 instructions an element); or it waits at barriers,
 * and a thread that left the body early would meet the others at one. */
static bool runs_one_record(const cdpl_kernel_plan *plan)
{
    return !plan->launches_itself || (plan->waits_at_barrier && !runs_its_own_children(plan));
}

static const char *traits_of(const cdpl_kernel_plan *plan)
{
    if (runs_its_own_children(plan)) return "CDPL_KERNEL_RUNS_ITS_OWN_CHILDREN";
    return plan->launches_nothing ? "CDPL_KERNEL_LAUNCHES_NOTHING" : "0u";
}

/* The template arguments of the entry's runtime calls, the same for
 * entering and leaving: MayRunLive, then whether the runtime may let the
 * children of its grids count above them (cdpl_set_children_count_in),
 * which only matters where it launches. */
static const char *entry_template_arguments(const cdpl_kernel_plan *plan)
{
    const bool live = runs_its_own_children(plan);
    if (plan->completion_unobserved && !plan->launches_nothing) return live ? "true, true" : "false, true";
    return live ? "true" : "false";
}

/* Each line of `lines` (each ending in a newline), after `indent`. */
static void put_indented(cdpl_text *out, const char *indent, const char *lines)
{
    for (const char *line = lines; *line;) {
        const char *end = strchr(line, '\n');
        size_t length = end != NULL ? (size_t)(end - line) + 1 : strlen(line);
        cdpl_text_puts(out, indent);
        cdpl_text_append(out, line, length);
        line += length;
    }
}

/* The entry kernel; `run_body` holds the statements that run the body once
 * (taken: emptied here).
 * A block may go on with a ready one-block record of the same kernel and
 * shape unless runs_one_record(): it runs its first record before the loop
 * that goes on with others, in a copy of its own, since ptxas keeps
 * reconvergence points around the loops of a body inside that loop
 * (quicksort 115.5 -> 113.1 ms on an H200, docs/benchmarks.md). */
static void put_entry(cdpl_text *out, const cdpl_kernel_plan *plan, cdpl_text *run_body)
{
    char *run = cdpl_text_take(run_body);
    if (run == NULL) {
        out->failed = true;
        return;
    }
    /* Without the user's bounds, the entry's are CDPL_ENTRY_BOUNDS
     * (cdpl_entry.cuh): every block size the native kernel accepts. */
    cdpl_text_printf(out, "static __global__ void %s cdpl_entry_%s(cdpl_wave cdpl_w)\n{\n",
                     plan->launch_bounds ? plan->launch_bounds : "CDPL_ENTRY_BOUNDS", plan->stem);
    if (runs_one_record(plan)) {
        cdpl_text_printf(out, "    if (!cdpl_enter_block<%s>(cdpl_w)) return;\n", entry_template_arguments(plan));
        put_indented(out, "    ", run);
        cdpl_text_puts(out, "    cdpl_leave_block();\n}\n");
        free(run);
        return;
    }
    cdpl_text_printf(out, "    if (!cdpl_enter_block<%s>(cdpl_w, 0x%08xu)) return;\n    {\n",
                     entry_template_arguments(plan), plan->id);
    put_indented(out, "        ", run);
    cdpl_text_printf(out, "    }\n    while (cdpl_leave_block_or_continue<%s>()) {\n", entry_template_arguments(plan));
    put_indented(out, "        ", run);
    cdpl_text_puts(out, "    }\n}\n");
    free(run);
}

/* Ends a runtime kernel's text: its registration (the parameter struct
 * `params_prefix`<stem> sizes its records), then the #line that resumes
 * the user's text. */
/* `static_cast<void (*)(int, float *)>(k)`: the address of the kernel's
 * name in host code, whatever overloads it has. */
static void put_host_address(cdpl_text *out, const cdpl_function *kernel);

static char *finish_with_registration(cdpl_text *out, const cdpl_kernel_plan *plan, const char *params_prefix,
                                      unsigned resume_line, const char *file)
{
    cdpl_text_printf(out,
                     "static const int cdpl_registered_%s =\n"
                     "    %s(0x%08xu, \"%s\", (const void *)cdpl_entry_%s, sizeof(%s%s), %s);\n",
                     plan->stem, registration_of(plan->kernel), plan->id, plan->kernel->name, plan->stem,
                     params_prefix, plan->stem, traits_of(plan));
    /* After the kernel's registration, which it adds to. */
    if (plan->renamed) {
        cdpl_text_printf(out, "static const int cdpl_host_view_%s =\n    cdpl_register_host_view(0x%08xu, ",
                         plan->stem, plan->id);
        put_host_address(out, plan->kernel);
        cdpl_text_printf(out, ", cdpl_slots_%s, %zuu);\n", plan->stem, plan->kernel->nparams);
    }
    char *line = cdpl_codegen_line_directive(resume_line, file);
    if (line != NULL) cdpl_text_puts(out, line);
    free(line);
    return cdpl_text_take(out);
}

/* Whether a parameter type names one of the template's parameters. */
static bool depends_on_template(const cdpl_function *kernel, const char *type)
{
    for (size_t t = 0; t < kernel->ntemplate_params; ++t) {
        const char *name = kernel->template_params[t].name;
        if (name == NULL) continue;
        size_t length = strlen(name);
        for (const char *at = strstr(type, name); at != NULL; at = strstr(at + 1, name)) {
            bool starts = at == type || !(isalnum((unsigned char)at[-1]) || at[-1] == '_');
            bool ends = !(isalnum((unsigned char)at[length]) || at[length] == '_');
            if (starts && ends) return true;
        }
    }
    return false;
}

/* The element type E of parameter `p` where the parameter is declared as an
 * array of it and is spelled `E *`: E is no declarator. NULL otherwise. */
static const char *pointer_to_element(const cdpl_function *kernel, size_t p)
{
    const char *element = kernel->param_elements[p];
    return element != NULL && strpbrk(element, "([") == NULL ? element : NULL;
}

/* Whether a type is spelled ending in `*`: a name after it needs no space. */
static bool spelled_as_pointer(const char *type)
{
    return type[strlen(type) - 1] == '*';
}

/* Whether parameter `p` is taken by reference: its record field holds the
 * referent's address (cdpl_referent_pointer), which the launcher takes and
 * the entry reads through, as a kernel's reference parameter is passed. */
static bool by_reference(const cdpl_function *kernel, size_t p)
{
    const char *type = kernel->param_types[p];
    size_t length = strlen(type);
    while (length > 0 && isspace((unsigned char)type[length - 1])) --length;
    return length > 0 && type[length - 1] == '&';
}

/* A declaration of parameter `p` of `kernel`, as the record holds it, named
 * `name` (which may be empty). A parameter declared as an array is a
 * pointer to its element (`E *`, from which a template's launcher deduces
 * as the kernel does) or, where the element or the array is a declarator
 * or a typedef, the pointer cdpl_decayed<T>::type names; so is one declared
 * as a function. A type spelled with a declarator (`void (*)(int)`) cannot
 * precede a name; cdpl_identity<T>::type can. Either gets `typename` where
 * T depends on the kernel template's parameters. */
static void put_declaration(cdpl_text *out, const cdpl_function *kernel, size_t p, const char *name)
{
    const char *type = kernel->param_types[p], *element = pointer_to_element(kernel, p);
    const char *space = *name ? " " : "";
    const char *typename_ = depends_on_template(kernel, type) ? "typename " : "";
    if (element != NULL)
        cdpl_text_printf(out, "%s%s%s", element, spelled_as_pointer(element) ? "*" : " *", name);
    else if (kernel->param_decays[p])
        cdpl_text_printf(out, "%scdpl_decayed<%s>::type%s%s", typename_, type, space, name);
    else if (strpbrk(type, "([") != NULL)
        cdpl_text_printf(out, "%scdpl_identity<%s>::type%s%s", typename_, type, space, name);
    else
        cdpl_text_printf(out, "%s%s%s", type, spelled_as_pointer(type) ? "" : space, name);
}

/* A field of the record for parameter `p`, named `name`. */
static void put_field(cdpl_text *out, const cdpl_function *kernel, size_t p, const char *name)
{
    if (by_reference(kernel, p)) {
        const char *type = kernel->param_types[p];
        cdpl_text_printf(out, "%scdpl_referent_pointer<%s>::type %s", depends_on_template(kernel, type) ? "typename " : "",
                         type, name);
        return;
    }
    put_declaration(out, kernel, p, name);
}

/* A field of a kernel template's record. A type that names the template's
 * parameters without being spelled as a pointer may still be an array or a
 * function once instantiated (`T`, `typename traits<T>::row`), which the
 * field must hold as the pointer the parameter is. */
static void put_template_field(cdpl_text *out, const cdpl_function *kernel, size_t p, const char *name)
{
    const char *type = kernel->param_types[p];
    if (by_reference(kernel, p))
        put_field(out, kernel, p, name);
    else if (depends_on_template(kernel, type) && !kernel->param_decays[p] && strpbrk(type, "([") == NULL &&
        !spelled_as_pointer(type))
        cdpl_text_printf(out, "typename cdpl_decayed<%s>::type %s", type, name);
    else
        put_declaration(out, kernel, p, name);
}

char *cdpl_codegen_parameter_type(const cdpl_function *kernel, size_t p)
{
    cdpl_text out = {0};
    put_declaration(&out, kernel, p, "");
    return cdpl_text_take(&out);
}

static void put_parameter_list(cdpl_text *out, const cdpl_function *kernel, bool named, const char *const *defaults)
{
    cdpl_text_puts(out, named ? "cdpl_launch_config cdpl_c" : "cdpl_launch_config");
    for (size_t i = 0; i < kernel->nparams; ++i) {
        cdpl_text_puts(out, ", ");
        if (named) {
            char name[32];
            snprintf(name, sizeof name, "p%zu", i);
            put_declaration(out, kernel, i, name);
        } else {
            /* Spelled as the definition spells it: a dependent type spelled
             * otherwise would declare another template. */
            put_declaration(out, kernel, i, "");
            if (defaults != NULL && defaults[i] != NULL) cdpl_text_printf(out, " = %s", defaults[i]);
        }
    }
}

/* `void k(int, float *)`: the host function that the kernel's name becomes
 * where the plan renames the kernel's body (cdpl_host_names.cuh). */
static void put_host_function_head(cdpl_text *out, const cdpl_function *kernel, bool named)
{
    cdpl_text_printf(out, "void %s(", kernel->name);
    for (size_t i = 0; i < kernel->nparams; ++i) {
        char name[32];
        snprintf(name, sizeof name, "p%zu", i);
        if (i > 0) cdpl_text_puts(out, ", ");
        put_declaration(out, kernel, i, named ? name : "");
    }
    cdpl_text_puts(out, ")");
}

char *cdpl_codegen_launcher_declaration(const cdpl_kernel_plan *plan, const char *const *defaults, bool with_entry)
{
    cdpl_text out = {0};
    if (with_entry && !plan->foreign) cdpl_text_printf(&out, "static __global__ void cdpl_entry_%s(cdpl_wave); ", plan->stem);
    if (with_entry && plan->renamed) {
        put_host_function_head(&out, plan->kernel, false);
        cdpl_text_puts(&out, "; ");
    }
    if (plan->template_parameters != NULL)
        cdpl_text_printf(&out, "template <%s> ", with_entry ? plan->template_declaration : plan->template_parameters);
    cdpl_text_printf(&out, "%s__host__ __device__ void cdpl_launch_%s(", launcher_linkage_of(plan), plan->kernel->name);
    put_parameter_list(&out, plan->kernel, false, defaults);
    cdpl_text_puts(&out, "); ");
    return cdpl_text_take(&out);
}

char *cdpl_codegen_launcher_name(const cdpl_function *kernel)
{
    cdpl_text name = {0};
    cdpl_text_printf(&name, "cdpl_launch_%s", kernel->name);
    return cdpl_text_take(&name);
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

/* The launcher's parameters as the record's fields: a reference's referent
 * by its address. */
static void put_packed_arguments(cdpl_text *out, const cdpl_function *kernel, bool after_others)
{
    for (size_t i = 0; i < kernel->nparams; ++i)
        cdpl_text_printf(out, "%s%sp%zu", i || after_others ? ", " : "", by_reference(kernel, i) ? "&" : "", i);
}

/* The record's fields `cdpl_p.pN` as the body's arguments: a reference's
 * referent through its address, as the parameter's own type. */
static void put_unpacked_arguments(cdpl_text *out, const cdpl_function *kernel)
{
    for (size_t i = 0; i < kernel->nparams; ++i) {
        if (i > 0) cdpl_text_puts(out, ", ");
        if (by_reference(kernel, i))
            cdpl_text_printf(out, "static_cast<%s>(*cdpl_p.p%zu)", kernel->param_types[i], i);
        else
            cdpl_text_printf(out, "cdpl_p.p%zu", i);
    }
}

/* The kernel's parameter struct: a struct's members sit at their
 * alignments in order, the layout of a CUDA parameter buffer. */
static void put_params_struct(cdpl_text *out, const cdpl_function *kernel, const char *stem)
{
    cdpl_text_printf(out, "struct cdpl_params_%s {", stem);
    for (size_t i = 0; i < kernel->nparams; ++i) {
        char name[32];
        snprintf(name, sizeof name, "p%zu", i);
        cdpl_text_puts(out, " ");
        put_field(out, kernel, i, name);
        cdpl_text_puts(out, ";");
    }
    if (kernel->nparams == 0) cdpl_text_puts(out, " char unused;");
    cdpl_text_puts(out, " };\n");
    cdpl_text_printf(out,
                     "static_assert(sizeof(cdpl_params_%s) <= CDPL_MAX_PARAMS_SIZE && "
                     "alignof(cdpl_params_%s) <= CDPL_PARAMS_ALIGN,\n"
                     "              \"cdp-lower: the parameters of `%s` exceed 4 KB or 16-byte alignment\");\n",
                     stem, stem, kernel->name);
}

/* The launcher: packs the arguments as the record holds them. */
static void put_launcher(cdpl_text *out, const cdpl_kernel_plan *plan)
{
    const cdpl_function *kernel = plan->kernel;
    cdpl_text_printf(out, "%s__host__ __device__ void cdpl_launch_%s(", launcher_linkage_of(plan), kernel->name);
    put_parameter_list(out, kernel, true, NULL);
    cdpl_text_puts(out, ")\n{\n");
    if (kernel->nparams == 0)
        cdpl_text_printf(out, "    cdpl_params_%s cdpl_p = {0};\n", plan->stem);
    else {
        cdpl_text_printf(out, "    cdpl_params_%s cdpl_p = {", plan->stem);
        put_packed_arguments(out, kernel, false);
        cdpl_text_puts(out, "};\n");
    }
    cdpl_text_printf(out, "    cdpl_launch(cdpl_c, 0x%08xu, &cdpl_p, sizeof cdpl_p);\n}\n", plan->id);
}

/* Where each parameter lies in the record, for launches by cudaLaunchKernel
 * and for the host's native launches of a foreign kernel's records. */
static void put_param_slots(cdpl_text *out, const cdpl_kernel_plan *plan)
{
    const char *stem = plan->stem;
    cdpl_text_printf(out, "static const cdpl_param_slot cdpl_slots_%s[] = {", stem);
    for (size_t i = 0; i < plan->kernel->nparams; ++i)
        cdpl_text_printf(out, "%s{offsetof(cdpl_params_%s, p%zu), sizeof(cdpl_params_%s::p%zu)}", i ? ", " : "",
                         stem, i, stem, i);
    if (plan->kernel->nparams == 0) cdpl_text_puts(out, "{0u, 0u}");
    cdpl_text_puts(out, "};\n");
}

char *cdpl_codegen_kernel_support(const cdpl_kernel_plan *plan, unsigned resume_line, const char *file)
{
    const cdpl_function *kernel = plan->kernel;
    const char *stem = plan->stem;
    cdpl_text out = {0};
    cdpl_text_printf(&out, "\n/* cdp-lower: `%s` runs through the cdpl runtime (kernel id 0x%08x) */\n",
                     kernel->name, plan->id);
    put_params_struct(&out, kernel, stem);

    cdpl_text run_body = {0};
    if (kernel->nparams > 0)
        cdpl_text_printf(&run_body, "const cdpl_params_%s &cdpl_p = cdpl_uniform_block_params<cdpl_params_%s>();\n",
                         stem, stem);
    char *body = cdpl_codegen_body_name(plan);
    cdpl_text_printf(&run_body, "%s(", body != NULL ? body : kernel->name);
    free(body);
    put_unpacked_arguments(&run_body, kernel);
    cdpl_text_puts(&run_body, ");\n");
    put_entry(&out, plan, &run_body);
    put_launcher(&out, plan);
    if (plan->renamed) {
        cdpl_text_printf(&out,
                         "/* cdp-lower: `%s` in host code: a host launch of it compiled in a file that needed "
                         "no lowering, and queries by its address */\n",
                         kernel->name);
        put_host_function_head(&out, kernel, true);
        cdpl_text_printf(&out, " { cdpl_launch_%s(cdpl_popped_config()%s", kernel->name, kernel->nparams ? ", " : "");
        put_arguments(&out, kernel, "");
        cdpl_text_puts(&out, "); }\n");
        put_param_slots(&out, plan);
    }
    return finish_with_registration(&out, plan, "cdpl_params_", resume_line, file);
}

static void put_host_address(cdpl_text *out, const cdpl_function *kernel)
{
    cdpl_text_puts(out, "(const void *)static_cast<void (*)(");
    for (size_t i = 0; i < kernel->nparams; ++i) {
        if (i > 0) cdpl_text_puts(out, ", ");
        put_declaration(out, kernel, i, "");
    }
    cdpl_text_printf(out, ")>(%s)", kernel->name);
}

char *cdpl_codegen_foreign_support(const cdpl_kernel_plan *plan, unsigned resume_line, const char *file)
{
    const cdpl_function *kernel = plan->kernel;
    const char *stem = plan->stem;
    cdpl_text out = {0};
    cdpl_text_printf(&out,
                     "\n/* cdp-lower: `%s` is launched here and defined in another file (kernel id 0x%08x) */\n",
                     kernel->name, plan->id);
    put_params_struct(&out, kernel, stem);
    put_launcher(&out, plan);
    put_param_slots(&out, plan);
    cdpl_text_printf(&out, "static const int cdpl_foreign_%s =\n    cdpl_register_foreign(0x%08xu, \"%s\", ", stem,
                     plan->id, kernel->name);
    put_host_address(&out, kernel);
    cdpl_text_printf(&out, ", sizeof(cdpl_params_%s), cdpl_slots_%s, %zuu);\n", stem, stem, kernel->nparams);
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

char *cdpl_codegen_template_support(const cdpl_kernel_plan *plan, unsigned resume_line, const char *file)
{
    const cdpl_function *kernel = plan->kernel;
    const char *stem = plan->stem, *parameters = plan->template_parameters, *arguments = plan->template_arguments;
    cdpl_text out = {0};
    cdpl_text_printf(&out,
                     "\n/* cdp-lower: kernel template `%s` runs through the cdpl runtime (kernel id 0x%08x, "
                     "one entry for every instantiation) */\n",
                     kernel->name, plan->id);
    cdpl_text_puts(&out, "#ifndef CDPL_TEMPLATE_PARAM_BUDGET\n#define CDPL_TEMPLATE_PARAM_BUDGET 64\n#endif\n");
    cdpl_text_printf(&out, "typedef void (*cdpl_body_fn_%s)(const void *);\n", stem);

    /* The instantiation's record: its body's address, then the arguments. */
    cdpl_text_printf(&out, "template <%s> struct cdpl_params_%s { cdpl_body_fn_%s cdpl_body;", parameters, stem, stem);
    for (size_t i = 0; i < kernel->nparams; ++i) {
        char name[32];
        snprintf(name, sizeof name, "p%zu", i);
        cdpl_text_puts(&out, " ");
        put_template_field(&out, kernel, i, name);
        cdpl_text_puts(&out, ";");
    }
    cdpl_text_puts(&out, " };\n");
    /* What the runtime reserves for any instantiation's record. */
    cdpl_text_printf(&out, "struct cdpl_params_bound_%s { cdpl_body_fn_%s cdpl_body;", stem, stem);
    for (size_t i = 0; i < kernel->nparams; ++i) {
        char name[32];
        snprintf(name, sizeof name, "p%zu", i);
        cdpl_text_puts(&out, " ");
        const char *element = pointer_to_element(kernel, i);
        if (depends_on_template(kernel, element != NULL ? element : kernel->param_types[i]))
            cdpl_text_printf(&out, "alignas(16) unsigned char %s[CDPL_TEMPLATE_PARAM_BUDGET];", name);
        else {
            put_field(&out, kernel, i, name);
            cdpl_text_puts(&out, ";");
        }
    }
    cdpl_text_puts(&out, " };\n");

    cdpl_text_printf(&out, "template <%s> __device__ void cdpl_body_%s(const void *cdpl_raw)\n{\n", parameters, stem);
    if (kernel->nparams > 0)
        cdpl_text_printf(&out,
                         "    const cdpl_params_%s<%s> &cdpl_p = cdpl_uniform_params<cdpl_params_%s<%s>>(cdpl_raw);\n",
                         stem, arguments, stem, arguments);
    else
        cdpl_text_puts(&out, "    (void)cdpl_raw;\n");
    cdpl_text_printf(&out, "    %s<%s>(", kernel->name, arguments);
    put_unpacked_arguments(&out, kernel);
    cdpl_text_puts(&out, ");\n}\n");
    /* Host launches learn the body's device address once per instantiation.
     * nvcc cannot name a __device__ variable template instantiated with a
     * lambda's type in its host registration, so there a one-thread kernel
     * writes the address; elsewhere the host reads a variable template. */
    char *failure = NULL;
    cdpl_text failed = {0};
    cdpl_text_printf(&failed,
                     "    if (cdpl_f == 0) {\n"
                     "        fprintf(stderr, \"cdp-lower: cannot learn the device address of kernel template "
                     "`%s`'s code\\n\");\n"
                     "        abort();\n"
                     "    }\n"
                     "    return cdpl_f;\n}\n",
                     kernel->name);
    failure = cdpl_text_take(&failed);
    cdpl_text_puts(&out, "#ifdef __NVCC__\n");
    cdpl_text_printf(&out,
                     "template <%s> %s__global__ void cdpl_address_of_%s(cdpl_body_fn_%s *cdpl_out) { *cdpl_out = "
                     "cdpl_body_%s<%s>; }\n",
                     parameters, linkage_of(kernel), stem, stem, stem, arguments);
    cdpl_text_printf(&out,
                     "template <%s> static cdpl_body_fn_%s cdpl_host_body_%s()\n{\n"
                     "    cdpl_body_fn_%s cdpl_f = 0, *cdpl_d = 0;\n"
                     "    if (cudaMalloc((void **)&cdpl_d, sizeof cdpl_f) == cudaSuccess) {\n"
                     "        cdpl_address_of_%s<%s><<<1, 1>>>(cdpl_d);\n"
                     "        if (cudaMemcpy(&cdpl_f, cdpl_d, sizeof cdpl_f, cudaMemcpyDeviceToHost) != cudaSuccess) "
                     "cdpl_f = 0;\n"
                     "        cudaFree(cdpl_d);\n"
                     "    }\n%s",
                     parameters, stem, stem, stem, stem, arguments, failure != NULL ? failure : "");
    cdpl_text_puts(&out, "#else\n");
    cdpl_text_printf(&out, "template <%s> %s__device__ cdpl_body_fn_%s cdpl_body_address_%s = cdpl_body_%s<%s>;\n",
                     parameters, linkage_of(kernel), stem, stem, stem, arguments);
    cdpl_text_printf(&out,
                     "template <%s> static cdpl_body_fn_%s cdpl_host_body_%s()\n{\n"
                     "    cdpl_body_fn_%s cdpl_f = 0;\n"
                     "    if (cudaMemcpyFromSymbol(&cdpl_f, cdpl_body_address_%s<%s>, sizeof cdpl_f) != cudaSuccess) "
                     "cdpl_f = 0;\n%s",
                     parameters, stem, stem, stem, stem, arguments, failure != NULL ? failure : "");
    cdpl_text_puts(&out, "#endif\n");
    free(failure);
    /* The device branch names what the host one uses, so that the device
     * compilation, which does not see the host branch, compiles it for
     * instantiations that only host code launches. */
    cdpl_text_printf(&out,
                     "template <%s> %s__host__ __device__ cdpl_body_fn_%s cdpl_body_of_%s()\n{\n"
                     "#ifdef __CUDA_ARCH__\n"
                     "#ifdef __NVCC__\n"
                     "    (void)&cdpl_address_of_%s<%s>;\n"
                     "#else\n"
                     "    (void)&cdpl_body_address_%s<%s>;\n"
                     "#endif\n"
                     "    return cdpl_body_%s<%s>;\n"
                     "#else\n"
                     "    static const cdpl_body_fn_%s cdpl_f = cdpl_host_body_%s<%s>();\n"
                     "    return cdpl_f;\n"
                     "#endif\n}\n",
                     parameters, linkage_of(kernel), stem, stem, stem, arguments, stem, arguments, stem, arguments, stem,
                     stem, arguments);
    cdpl_text_printf(&out, "template <%s> %s__host__ __device__ void cdpl_launch_%s(", parameters, linkage_of(kernel),
                     kernel->name);
    put_parameter_list(&out, kernel, true, NULL);
    cdpl_text_puts(&out, ")\n{\n");
    cdpl_text_printf(&out,
                     "    static_assert(sizeof(cdpl_params_%s<%s>) <= sizeof(cdpl_params_bound_%s) &&\n"
                     "                  alignof(cdpl_params_%s<%s>) <= CDPL_PARAMS_ALIGN,\n"
                     "                  \"cdp-lower: a parameter of this instantiation of kernel template `%s` takes "
                     "more than 64 bytes (CDPL_TEMPLATE_PARAM_BUDGET) or 16-byte alignment; pass it by pointer\");\n",
                     stem, arguments, stem, stem, arguments, kernel->name);
    cdpl_text_printf(&out, "    cdpl_params_%s<%s> cdpl_p = {cdpl_body_of_%s<%s>()", stem, arguments, stem, arguments);
    put_packed_arguments(&out, kernel, true);
    cdpl_text_puts(&out, "};\n");
    cdpl_text_printf(&out, "    cdpl_launch(cdpl_c, 0x%08xu, &cdpl_p, sizeof cdpl_p);\n}\n", plan->id);

    cdpl_text run_body = {0};
    cdpl_text_printf(&run_body,
                     "const cdpl_body_fn_%s &cdpl_f = cdpl_block_params<cdpl_body_fn_%s>();\n"
                     "cdpl_f(&cdpl_f);\n",
                     stem, stem);
    put_entry(&out, plan, &run_body);

    return finish_with_registration(&out, plan, "cdpl_params_bound_", resume_line, file);
}
