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

static int add_kernel(const cdpl_module_kernels *module, unsigned int id, const char *name, const void *entry,
                      size_t params_size, int file_local, unsigned int traits)
{
    cdpl_kernel *known = lookup(id);
    if (known != NULL) {
        if (known->entry == NULL) return 0;
        if (strcmp(known->name, name) != 0) {
            fprintf(stderr, "cdp-lower runtime: kernels %s and %s have the same id 0x%08x; "
                            "rename one of them\n", known->name, name, id);
            return refuse(known);
        }
        /* The same kernel lowered into two files (an inline or ODR-shared
         * definition) is one kernel; a kernel of one file registered by
         * another is that file built twice, whose copies may differ. */
        if ((file_local || known->file_local) && known->module != module->state_symbol) {
            fprintf(stderr, "cdp-lower runtime: kernel %s (id 0x%08x) belongs to one file, but two lowered "
                            "files of this program register it: the same file built twice? Lower each copy "
                            "to a path of its own\n", name, id);
            return refuse(known);
        }
        return 1;
    }
    if (nkernels == CDPL_MAX_KERNELS) {
        fprintf(stderr, "cdp-lower runtime: more than %d kernels registered\n", CDPL_MAX_KERNELS);
        return 0;
    }
    kernels[nkernels].id = id;
    kernels[nkernels].name = name;
    kernels[nkernels].entry = entry;
    kernels[nkernels].params_size = params_size;
    kernels[nkernels].dynamic_shmem_limit = 0;
    kernels[nkernels].module = module->state_symbol;
    kernels[nkernels].file_local = file_local;
    kernels[nkernels].traits = traits;
    kernels[nkernels].spares_idle = 0;
    memset(&kernels[nkernels].residency, 0, sizeof kernels[nkernels].residency);
    ++nkernels;
    return 1;
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
    return add_module(module, name) && add_kernel(module, id, name, entry, params_size, file_local, traits);
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
    return id_is_free_for(id, name) && add_module(module, name) && add_kernel(module, id, name, kernel, 0, 0, 0);
}

cdpl_kernel *cdpl_find_kernel(unsigned int id)
{
    cdpl_kernel *kernel = lookup(id);
    return kernel != NULL && kernel->entry != NULL ? kernel : NULL;
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
