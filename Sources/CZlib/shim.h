#include <zlib.h>

/// `deflateInit2`, a macro Swift does not import.
static inline int modak_deflate_init2(z_stream *stream, int level, int windowBits, int memLevel) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, memLevel, Z_DEFAULT_STRATEGY);
}
