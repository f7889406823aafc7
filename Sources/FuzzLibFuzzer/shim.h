// libFuzzer's driver, in the toolchain's clang runtime; linked by `-sanitize=fuzzer` only.
// SwiftPM makes an executable's own main the program's entry point, so the fuzz targets
// call the driver themselves rather than rely on libFuzzer's main.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
