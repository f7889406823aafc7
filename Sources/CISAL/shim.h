#include <isa-l/igzip_lib.h>
#include <isa-l/crc.h>

/// The working memory `isal_deflate_stateless` takes at `level` (0 to ISAL_DEF_MAX_LEVEL), by
/// ISA-L's defaults; 0 for another level. The macros behind it are not imported into Swift.
static inline unsigned int modak_isal_level_buffer_size(int level) {
    switch (level) {
    case 0: return ISAL_DEF_LVL0_DEFAULT;
    case 1: return ISAL_DEF_LVL1_DEFAULT;
    case 2: return ISAL_DEF_LVL2_DEFAULT;
    case 3: return ISAL_DEF_LVL3_DEFAULT;
    default: return 0;
    }
}
