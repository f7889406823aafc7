// glibc's allocator settings (`mallopt`), which the Glibc module does not bring in.
#include <malloc.h>
