/* Each error here is one exact divergence between clang 19 and nvcc:
 *
 * - Clang 19's CUDA runtime wrapper declares malloc and free as __device__
 *   functions both in the global namespace and in std. After
 *   `#include <cstdlib>` and `using namespace std;`, a device-side call of
 *   either is ambiguous to clang (clang++-19 refuses the file too), while
 *   nvcc takes the one function its headers declare: the error whose
 *   candidates all come from the wrapper.
 * - GCC's omp.h (GCC 11 and later), which nvcc's host compiler reads with
 *   -fopenmp, gives its allocation functions `__malloc__ (omp_free)`, a GCC
 *   attribute clang does not know: that error, in a file named omp.h. */
#include "clang_only_errors.h"

#include <string.h>

static const char wrapper_name[] = "__clang_cuda_runtime_wrapper.h";
static const char omp_name[] = "omp.h";

static bool is_wrapper_ambiguity(const char *message)
{
    return strcmp(message, "call to 'malloc' is ambiguous") == 0 || strcmp(message, "call to 'free' is ambiguous") == 0;
}

/* A note naming a candidate of the call; other notes (the include stack) say nothing of it. */
static bool is_candidate(CXDiagnostic note)
{
    CXString message = clang_getDiagnosticSpelling(note);
    bool candidate = strncmp(clang_getCString(message), "candidate", strlen("candidate")) == 0;
    clang_disposeString(message);
    return candidate;
}

/* Whether the diagnostic is in a file named `base` (in some directory). */
static bool in_file_named(CXDiagnostic diagnostic, const char *base)
{
    CXFile file = NULL;
    clang_getExpansionLocation(clang_getDiagnosticLocation(diagnostic), &file, NULL, NULL, NULL);
    if (file == NULL) return false;
    CXString name = clang_getFileName(file);
    const char *text = clang_getCString(name);
    size_t length = text != NULL ? strlen(text) : 0, suffix = strlen(base);
    bool inside = length > suffix && text[length - suffix - 1] == '/' && strcmp(text + length - suffix, base) == 0;
    clang_disposeString(name);
    return inside;
}

static bool is_omp_allocator_attribute(CXDiagnostic diagnostic, const char *message)
{
    return strcmp(message, "'__malloc__' attribute takes no arguments") == 0 && in_file_named(diagnostic, omp_name);
}

bool cdpl_is_clang_only_error(CXDiagnostic diagnostic)
{
    CXString message = clang_getDiagnosticSpelling(diagnostic);
    bool ambiguity = is_wrapper_ambiguity(clang_getCString(message));
    bool omp = is_omp_allocator_attribute(diagnostic, clang_getCString(message));
    clang_disposeString(message);
    if (omp) return true;
    if (!ambiguity) return false;
    CXDiagnosticSet notes = clang_getChildDiagnostics(diagnostic);
    unsigned count = clang_getNumDiagnosticsInSet(notes), candidates = 0;
    bool all_in_wrapper = true;
    for (unsigned n = 0; n < count && all_in_wrapper; ++n) {
        CXDiagnostic note = clang_getDiagnosticInSet(notes, n);
        if (is_candidate(note)) {
            ++candidates;
            all_in_wrapper = in_file_named(note, wrapper_name);
        }
        clang_disposeDiagnostic(note);
    }
    return candidates > 0 && all_in_wrapper;
}
