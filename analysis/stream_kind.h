/* What a launch's stream argument means: the NULL stream, a special stream
 * (tail, fire-and-forget, per-thread) or a stream object. The special
 * streams are macros for small integer constants cast to cudaStream_t, so
 * the classification looks through casts and macros to that constant. */
#ifndef CDPL_STREAM_KIND_H
#define CDPL_STREAM_KIND_H

#include "source.h"

cdpl_stream_kind cdpl_stream_kind_of_expression(CXCursor expression);

/* For a stream argument that only the device-side parse saw, which leaves
 * no AST for it: tokens [first, end) of `tokens`. */
cdpl_stream_kind cdpl_stream_kind_of_tokens(cdpl_context *context, const cdpl_unit *unit,
                                            const cdpl_tokens *tokens, unsigned first, unsigned end);

#endif
