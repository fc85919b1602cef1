/* The marks of identifiers, and of the macros of the files the quick scan
 * reads: a macro has the marks of everything its definitions name, to a
 * fixed point, so that `#define HD __host__ __device__` marks device code
 * and `#define CHECK(x) ... cudaGetLastError() ...` is a device API call
 * wherever it is used. */
#include "scan_macros.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

/* Streams that only a launch or the device runtime API takes; the model
 * tells their kinds (cdpl_stream_kind). */
static const char *const special_streams[] = {"cudaStreamTailLaunch", "cudaStreamFireAndForget",
                                              "cudaStreamPerThread", "cudaStreamLegacy"};

/* Names shaped like macros that are known to mean nothing for the scan: the
 * CUDA and compiler specifiers a function header may hold besides
 * __device__ and __global__, and common names of the C library. */
static const char *const harmless[] = {
    "__host__",      "__forceinline__", "__noinline__",   "__inline__",      "__inline",          "__restrict__",
    "__restrict",    "__attribute__",   "__declspec",     "__extension__",   "__asm__",           "__asm",
    "__volatile__",  "__typeof__",      "__typeof",       "__alignof__",     "__int128",          "__signed__",
    "__const",       "__thread",        "__align__",      "__launch_bounds__", "__shared__",      "__constant__",
    "__managed__",   "__grid_constant__", "__cluster_dims__", "__maxnreg__", "__VA_ARGS__",       "__VA_OPT__",
    "__FILE__",      "__LINE__",        "__func__",       "__FUNCTION__",    "__PRETTY_FUNCTION__", "__cplusplus",
    "__CUDACC__",    "__has_include",   "__has_attribute", "_Pragma",        "_Bool",             "_Noreturn",
    "_Alignas",      "_Alignof",        "_Atomic",        "_Static_assert",  "_Thread_local",     "NULL",
    "FILE",          "CUDART_CB"};

static bool is_one_of(const cdpl_scan_token *token, const char *const *names, size_t count)
{
    for (size_t n = 0; n < count; ++n)
        if (cdpl_scan_token_is(token, names[n])) return true;
    return false;
}

static bool names_lowered(const cdpl_scan_token *token)
{
    if (token->length < 5 || memcmp(token->text, "cuda", 4) != 0) return false;
    for (int a = 0; a < CDPL_API_COUNT; ++a)
        if (cdpl_scan_token_is(token, cdpl_api_name((cdpl_api)a))) return true;
    return is_one_of(token, special_streams, sizeof special_streams / sizeof *special_streams);
}

/* As macros are named: in capitals (two characters at least), or
 * reserved (`__X`, `_X`). */
static bool macro_shaped(const cdpl_scan_token *token)
{
    const char *text = token->text;
    if (token->length < 2) return false;
    /* `__` and a lower-case letter: CUDA's and the compilers' intrinsics
     * (__syncthreads, __shfl_down_sync, __ldg), called in most device code;
     * a library's launch macros are named in capitals. */
    if (text[0] == '_' && text[1] == '_') return !(token->length > 2 && text[2] >= 'a' && text[2] <= 'z');
    if (text[0] == '_' && text[1] >= 'A' && text[1] <= 'Z') return true;
    bool capital = false;
    for (size_t c = 0; c < token->length; ++c) {
        if (text[c] >= 'a' && text[c] <= 'z') return false;
        capital |= text[c] >= 'A' && text[c] <= 'Z';
    }
    return capital;
}

static bool contains(const cdpl_scan_token *token, const char *part)
{
    size_t length = strlen(part);
    for (size_t at = 0; at + length <= token->length; ++at)
        if (memcmp(token->text + at, part, length) == 0) return true;
    return false;
}

/* __CUDA_ARCH__, __NVPTX__, CUB_PTX_ARCH, _CCCL_DEVICE_COMPILATION... */
static bool arch_like(const cdpl_scan_token *token)
{
    return contains(token, "ARCH") || contains(token, "NVPTX") || contains(token, "DEVICE");
}

static uint64_t hash(const char *text, size_t length)
{
    uint64_t value = 14695981039346656037ull;
    for (size_t c = 0; c < length; ++c) value = (value ^ (unsigned char)text[c]) * 1099511628211ull;
    return value;
}

static size_t find(const cdpl_macro_table *table, const char *name, size_t length)
{
    if (table->nslots == 0) return SIZE_MAX;
    for (size_t slot = hash(name, length) & (table->nslots - 1);; slot = (slot + 1) & (table->nslots - 1)) {
        size_t index = table->slots[slot];
        if (index == 0) return SIZE_MAX;
        const cdpl_macro *macro = &table->macros[index - 1];
        if (macro->length == length && memcmp(macro->name, name, length) == 0) return index - 1;
    }
}

static void place(cdpl_macro_table *table, size_t index)
{
    const cdpl_macro *macro = &table->macros[index];
    size_t slot = hash(macro->name, macro->length) & (table->nslots - 1);
    while (table->slots[slot] != 0) slot = (slot + 1) & (table->nslots - 1);
    table->slots[slot] = index + 1;
}

/* The macro named `name`, added when new; SIZE_MAX when out of memory. */
static size_t intern(cdpl_context *context, cdpl_macro_table *table, const char *name, size_t length)
{
    size_t found = find(table, name, length);
    if (found != SIZE_MAX) return found;
    if (2 * (table->nmacros + 1) > table->nslots) {
        size_t nslots = table->nslots == 0 ? 64 : table->nslots * 2;
        size_t *slots = calloc(nslots, sizeof *slots);
        if (slots == NULL) {
            context->out_of_memory = true;
            return SIZE_MAX;
        }
        free(table->slots);
        table->slots = slots;
        table->nslots = nslots;
        for (size_t m = 0; m < table->nmacros; ++m) place(table, m);
    }
    cdpl_macro macro = {name, length, 0};
    if (!cdpl_append(context, &table->macros, &table->nmacros, sizeof macro, &macro)) return SIZE_MAX;
    place(table, table->nmacros - 1);
    return table->nmacros - 1;
}

static bool add_tokens(cdpl_context *context, cdpl_macro_table *table, const cdpl_scan_token *tokens, size_t count)
{
    for (size_t t = 0; t < count; ++t)
        if (!cdpl_append(context, &table->tokens, &table->ntokens, sizeof *tokens, &tokens[t])) return false;
    return true;
}

bool cdpl_macros_define(cdpl_context *context, cdpl_macro_table *table, const cdpl_scan_token *tokens, size_t count,
                        bool in_arch_region)
{
    if (count == 0 || tokens[0].kind != CDPL_SCAN_IDENTIFIER) return true; /* not a definition clang accepts */
    cdpl_macro_definition definition = {intern(context, table, tokens[0].text, tokens[0].length), 0, 0,
                                        table->ntokens, 0, in_arch_region};
    if (definition.macro == SIZE_MAX) return false;
    size_t at = 1;
    if (at < count && cdpl_scan_token_is(&tokens[at], "(") && !tokens[at].space_before) {
        size_t close = at + 1;
        while (close < count && !cdpl_scan_token_is(&tokens[close], ")")) ++close;
        for (size_t p = at + 1; p < close; ++p)
            if (tokens[p].kind == CDPL_SCAN_IDENTIFIER) {
                if (!add_tokens(context, table, &tokens[p], 1)) return false;
                ++definition.nparams;
            }
        at = close + 1;
    }
    definition.first = table->ntokens;
    if (at < count) {
        if (!add_tokens(context, table, tokens + at, count - at)) return false;
        definition.count = count - at;
    }
    return cdpl_append(context, &table->definitions, &table->ndefinitions, sizeof definition, &definition);
}

unsigned cdpl_token_marks(const cdpl_macro_table *table, const cdpl_scan_token *token)
{
    if (token->kind == CDPL_SCAN_PUNCTUATOR)
        return cdpl_scan_token_opens_launch(token) || cdpl_scan_token_is(token, "##") ? CDPL_MARK_LOWERED : 0;
    if (token->kind != CDPL_SCAN_IDENTIFIER) return 0;
    if (cdpl_scan_token_is(token, "__device__") || cdpl_scan_token_is(token, "__global__")) return CDPL_MARK_DEVICE;
    unsigned marks = names_lowered(token)                                       ? CDPL_MARK_LOWERED
                     : token->length > 4 && memcmp(token->text, "cuda", 4) == 0 &&
                               token->text[4] >= 'A' && token->text[4] <= 'Z' ? CDPL_MARK_RUNTIME_NAME
                                                                              : 0;
    size_t macro = find(table, token->text, token->length);
    if (macro != SIZE_MAX) marks |= table->macros[macro].marks;
    if (!macro_shaped(token)) return marks;
    if (macro == SIZE_MAX && !is_one_of(token, harmless, sizeof harmless / sizeof *harmless))
        marks |= CDPL_MARK_UNKNOWN;
    return arch_like(token) ? marks | CDPL_MARK_ARCH : marks;
}

static bool is_parameter(const cdpl_macro_table *table, const cdpl_macro_definition *definition,
                         const cdpl_scan_token *token)
{
    for (size_t p = 0; p < definition->nparams; ++p) {
        const cdpl_scan_token *param = &table->tokens[definition->first_param + p];
        if (param->length == token->length && memcmp(param->text, token->text, token->length) == 0) return true;
    }
    return false;
}

static unsigned definition_marks(const cdpl_macro_table *table, const cdpl_macro_definition *definition)
{
    unsigned marks = definition->in_arch_region ? CDPL_MARK_ARCH : 0;
    long braces = 0;
    size_t end = definition->first + definition->count;
    for (size_t t = definition->first; t < end; ++t) {
        const cdpl_scan_token *token = &table->tokens[t];
        if (token->kind == CDPL_SCAN_IDENTIFIER && is_parameter(table, definition, token)) continue;
        braces += cdpl_scan_token_is(token, "{") - cdpl_scan_token_is(token, "}");
        unsigned token_marks = cdpl_token_marks(table, token);
        if ((token_marks & CDPL_MARK_RUNTIME_NAME) && (t + 1 == end || cdpl_scan_token_is(&table->tokens[t + 1], "(")))
            token_marks |= CDPL_MARK_LOWERED;
        marks |= token_marks & ~CDPL_MARK_RUNTIME_NAME;
    }
    return braces != 0 ? marks | CDPL_MARK_BRACES : marks;
}

void cdpl_macros_settle(cdpl_macro_table *table)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t d = 0; d < table->ndefinitions; ++d) {
            const cdpl_macro_definition *definition = &table->definitions[d];
            cdpl_macro *macro = &table->macros[definition->macro];
            unsigned marks = macro->marks | definition_marks(table, definition);
            changed |= marks != macro->marks;
            macro->marks = marks;
        }
    }
}

void cdpl_macros_free(cdpl_macro_table *table)
{
    free(table->macros);
    free(table->slots);
    free(table->definitions);
    free(table->tokens);
    *table = (cdpl_macro_table){0};
}
