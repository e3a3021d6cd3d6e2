/*
 * Client buffers that end at an inaccessible region, for regression cases
 * about reads past a caller's buffer: the GUARD_PAGE_BYTES after the
 * buffer are PROT_NONE, so an overread (also one landing up to 1 MiB
 * further, as a fetch of element 0xffff does) faults in every build, not
 * only under ASan (which reports the fault as a SEGV).
 */
#ifndef TESTS_REGRESS_GUARD_PAGE_H
#define TESTS_REGRESS_GUARD_PAGE_H

#include <stddef.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define GUARD_PAGE_BYTES ((size_t)1 << 20)

/* size bytes ending right before GUARD_PAGE_BYTES of PROT_NONE; aborts on
 * failure.  Never freed (the cases are short). */
static inline void *
guard_page_alloc(size_t size)
{
   size_t page = (size_t)sysconf(_SC_PAGESIZE);
   size_t span = (size + page - 1) / page * page;
   if (!span)
      span = page;
   unsigned char *p = mmap(NULL, span + GUARD_PAGE_BYTES, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   if (p == MAP_FAILED || mprotect(p + span, GUARD_PAGE_BYTES, PROT_NONE) != 0)
      abort();
   return p + span - size;
}

#endif
