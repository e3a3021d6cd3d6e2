/*
 * Client buffers that end at an inaccessible page, for regression cases
 * about reads past a caller's buffer: the first byte after the buffer is
 * PROT_NONE, so an overread faults in every build, not only under ASan
 * (which also sees it: the fault is reported as a SEGV).
 */
#ifndef TESTS_REGRESS_GUARD_PAGE_H
#define TESTS_REGRESS_GUARD_PAGE_H

#include <stddef.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* size bytes (at most one page) ending right before a PROT_NONE page;
 * exits on failure.  Never freed (the cases are short programs). */
static inline void *
guard_page_alloc(size_t size)
{
   size_t page = (size_t)sysconf(_SC_PAGESIZE);
   if (size > page)
      abort();
   unsigned char *p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                           -1, 0);
   if (p == MAP_FAILED || mprotect(p + page, page, PROT_NONE) != 0)
      abort();
   return p + page - size;
}

#endif
