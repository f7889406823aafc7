// glibc functions the Glibc module leaves out: extended attributes (sys/xattr.h), and renameat2,
// which glibc declares only under _GNU_SOURCE (it has exported it since 2.28).
#include <fcntl.h>
#include <sys/xattr.h>

int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);

/// Swaps the two paths atomically (linux/fs.h).
#define MODAK_RENAME_EXCHANGE (1 << 1)
