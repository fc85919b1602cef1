/* Which entry kernel runs which kernel id. Filled during static
 * initialisation by every lowered translation unit. */
#include <stdio.h>
#include <string.h>

#include "runtime.h"

#define CDPL_MAX_KERNELS 4096

static cdpl_kernel kernels[CDPL_MAX_KERNELS];
static size_t nkernels;
static cdpl_module_kernels scheduler;
/* Every lowered file's `cdpl_module_state` symbol, to point at the state. */
static const void *module_state_symbols[CDPL_MAX_KERNELS];
static size_t nmodules;
/* The runtime's own entry (markers, copies), as a kernel of the registry. */
static cdpl_kernel builtin = {.id = CDPL_BUILTIN_KERNEL_ID,
                              .name = "cdp-lower built-in",
                              .params_size = sizeof(cdpl_copy_params)};

int cdpl_register_pitched_copies(void)
{
    builtin.params_size = sizeof(cdpl_pitched_copy_params);
    return 1;
}

void cdpl_forget_entry_settings(void)
{
    for (size_t k = 0; k < nkernels; ++k) {
        kernels[k].dynamic_shmem_limit = 0;
        kernels[k].spares_idle = 0;
        memset(&kernels[k].residency, 0, sizeof kernels[k].residency);
    }
    builtin.dynamic_shmem_limit = 0;
}

static cdpl_kernel *lookup(unsigned int id)
{
    for (size_t i = 0; i < nkernels; ++i)
        if (kernels[i].id == id) return &kernels[i];
    return NULL;
}

/* An id registered in conflicting ways stays in the table without an entry:
 * launches of it then fail (no registered kernel), and no later
 * registration can take it over. */
static int refuse(cdpl_kernel *known)
{
    known->entry = NULL;
    return 0;
}

/* What a registration knows of the kernel behind its id, weakest first.
 * Files register in no set order (static initialisation), and several may
 * register one kernel: the strongest registration decides what runs it. */
typedef enum registration_kind {
    QUERIED, /* a kernel outside the runtime that device code asks about */
    FOREIGN, /* a kernel of another file that device code here launches */
    RUNTIME  /* a kernel its own file lowered: its entry runs it */
} registration_kind;

static registration_kind kind_of(const cdpl_kernel *kernel) { return (registration_kind)kernel->registration; }

static void fill_kernel(cdpl_kernel *kernel, const cdpl_module_kernels *module, const void *entry,
                        size_t params_size, int file_local, unsigned int traits, registration_kind kind)
{
    kernel->entry = entry;
    kernel->params_size = params_size;
    kernel->dynamic_shmem_limit = 0;
    kernel->module = module->state_symbol;
    kernel->file_local = file_local;
    kernel->traits = traits;
    kernel->registration = (int)kind;
    kernel->native = kind == FOREIGN;
    kernel->spares_idle = 0;
    memset(&kernel->residency, 0, sizeof kernel->residency);
}

static cdpl_kernel *add_kernel(const cdpl_module_kernels *module, unsigned int id, const char *name,
                               const void *entry, size_t params_size, int file_local, unsigned int traits,
                               registration_kind kind)
{
    cdpl_kernel *known = lookup(id);
    if (known != NULL) {
        if (known->entry == NULL) return NULL;
        if (strcmp(known->name, name) != 0) {
            fprintf(stderr, "cdp-lower runtime: kernels %s and %s have the same id 0x%08x; "
                            "rename one of them\n", known->name, name, id);
            refuse(known);
            return NULL;
        }
        /* The same kernel lowered into two files (an inline or ODR-shared
         * definition) is one kernel; a kernel of one file registered by
         * another is that file built twice, whose copies may differ. */
        if (kind == RUNTIME && (file_local || known->file_local) && known->module != module->state_symbol) {
            fprintf(stderr, "cdp-lower runtime: kernel %s (id 0x%08x) belongs to one file, but two lowered "
                            "files of this program register it: the same file built twice? Lower each copy "
                            "to a path of its own\n", name, id);
            refuse(known);
            return NULL;
        }
        if (kind > kind_of(known)) fill_kernel(known, module, entry, params_size, file_local, traits, kind);
        return known;
    }
    if (nkernels == CDPL_MAX_KERNELS) {
        fprintf(stderr, "cdp-lower runtime: more than %d kernels registered\n", CDPL_MAX_KERNELS);
        return NULL;
    }
    cdpl_kernel *added = &kernels[nkernels++];
    memset(added, 0, sizeof *added);
    added->id = id;
    added->name = name;
    fill_kernel(added, module, entry, params_size, file_local, traits, kind);
    return added;
}

/* The first module's scheduler kernels serve every module; each module's
 * state symbol is set when the runtime starts. */
static int add_module(const cdpl_module_kernels *module, const char *name)
{
    if (module->abi_version != CDPL_ABI_VERSION) {
        fprintf(stderr, "cdp-lower runtime: kernel %s was lowered for runtime ABI %u, this runtime is %u; "
                        "lower it again with this version of cdp-lower\n",
                name, module->abi_version, CDPL_ABI_VERSION);
        return 0;
    }
    if (scheduler.plan == NULL) {
        scheduler = *module;
        builtin.entry = module->builtin;
    }
    size_t m = 0;
    while (m < nmodules && module_state_symbols[m] != module->state_symbol) ++m;
    if (m == nmodules && nmodules < CDPL_MAX_KERNELS) module_state_symbols[nmodules++] = module->state_symbol;
    return 1;
}

static int id_is_free_for(unsigned int id, const char *name)
{
    if (id != CDPL_BUILTIN_KERNEL_ID) return 1;
    fprintf(stderr, "cdp-lower runtime: kernel %s has id 0x%08x, which the runtime keeps for itself; "
                    "rename it\n", name, id);
    return 0;
}

static int register_runtime_kernel(const cdpl_module_kernels *module, unsigned int id, const char *name,
                                   const void *entry, size_t params_size, int file_local, unsigned int traits)
{
    if (!id_is_free_for(id, name)) return 0;
    if (params_size > CDPL_MAX_PARAMS_SIZE) {
        fprintf(stderr, "cdp-lower runtime: kernel %s has %zu bytes of parameters, more than %u\n", name,
                params_size, CDPL_MAX_PARAMS_SIZE);
        return 0;
    }
    return add_module(module, name) &&
           add_kernel(module, id, name, entry, params_size, file_local, traits, RUNTIME) != NULL;
}

int cdpl_register_kernel(const cdpl_module_kernels *module, unsigned int id, const char *name,
                         const void *entry, size_t params_size, unsigned int traits)
{
    return register_runtime_kernel(module, id, name, entry, params_size, 0, traits);
}

int cdpl_register_file_local_kernel(const cdpl_module_kernels *module, unsigned int id, const char *name,
                                    const void *entry, size_t params_size, unsigned int traits)
{
    return register_runtime_kernel(module, id, name, entry, params_size, 1, traits);
}

int cdpl_register_queried_kernel(const cdpl_module_kernels *module, unsigned int id, const char *name,
                                 const void *kernel)
{
    return id_is_free_for(id, name) && add_module(module, name) &&
           add_kernel(module, id, name, kernel, 0, 0, 0, QUERIED) != NULL;
}

int cdpl_register_foreign_kernel(const cdpl_module_kernels *module, unsigned int id, const char *name,
                                 const void *symbol, size_t params_size, const cdpl_param_slot *params,
                                 unsigned int nparams)
{
    /* Its records make nothing: a kernel that launched anything would have
     * been lowered in its own file, and registered there as a runtime one. */
    cdpl_kernel *kernel = id_is_free_for(id, name) && add_module(module, name)
                              ? add_kernel(module, id, name, symbol, params_size, 0, CDPL_KERNEL_LAUNCHES_NOTHING,
                                           FOREIGN)
                              : NULL;
    if (kernel == NULL) return 0;
    if (kernel->symbol == NULL) {
        kernel->symbol = symbol;
        kernel->params = params;
        kernel->nparams = nparams;
    }
    return 1;
}

int cdpl_register_host_view(unsigned int id, const void *symbol, const cdpl_param_slot *params,
                            unsigned int nparams)
{
    cdpl_kernel *kernel = lookup(id);
    if (kernel == NULL || kernel->entry == NULL) return 1; /* refused: nothing runs it */
    kernel->symbol = symbol;
    kernel->params = params;
    kernel->nparams = nparams;
    return 1;
}

cdpl_kernel *cdpl_find_kernel(unsigned int id)
{
    cdpl_kernel *kernel = lookup(id);
    return kernel != NULL && kernel->entry != NULL ? kernel : NULL;
}

cdpl_kernel *cdpl_find_kernel_by_address(const void *function)
{
    if (function == NULL) return NULL;
    for (size_t i = 0; i < nkernels; ++i)
        if (kernels[i].entry != NULL && (kernels[i].symbol == function || kernels[i].entry == function))
            return &kernels[i];
    return NULL;
}

const void *cdpl_host_kernel_address(const void *symbol)
{
    const cdpl_kernel *kernel = cdpl_find_kernel_by_address(symbol);
    return kernel != NULL && kind_of(kernel) == RUNTIME ? kernel->entry : symbol;
}

const void *cdpl_host_launch_address(const void *function)
{
    const cdpl_kernel *kernel = cdpl_find_kernel_by_address(function);
    return kernel != NULL && kind_of(kernel) == RUNTIME && kernel->symbol != NULL ? kernel->symbol : function;
}


size_t cdpl_kernel_count(void) { return nkernels; }
const cdpl_kernel *cdpl_kernel_at(size_t index) { return &kernels[index]; }

size_t cdpl_largest_params(void)
{
    size_t largest = builtin.params_size;
    for (size_t i = 0; i < nkernels; ++i)
        if (kernels[i].params_size > largest) largest = kernels[i].params_size;
    return largest;
}

const cdpl_module_kernels *cdpl_scheduler_kernels(void) { return scheduler.plan ? &scheduler : NULL; }

cdpl_kernel *cdpl_builtin_kernel(void) { return builtin.entry ? &builtin : NULL; }

size_t cdpl_module_count(void) { return nmodules; }
const void *cdpl_module_state_symbol(size_t module) { return module_state_symbols[module]; }

const void *cdpl_kernel_function(unsigned int id)
{
    const cdpl_kernel *kernel = cdpl_find_kernel(id);
    return kernel != NULL ? kernel->entry : NULL;
}
