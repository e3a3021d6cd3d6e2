/*
 * Shared helpers of the test programs that run inside the test VM
 * (tests/vm/run-vm.sh): TAP-like "ok"/"not ok" lines, the DRM node of a
 * kernel driver by name, and a pixel pattern.
 */
#ifndef VM_CHECK_H
#define VM_CHECK_H

#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <xf86drm.h>

static int vm_passed, vm_failed;

/* Prints "ok - what" or "not ok - what" and counts; returns cond. */
static bool
vm_check(bool cond, const char *fmt, ...)
{
   va_list ap;
   printf("%s - ", cond ? "ok" : "not ok");
   va_start(ap, fmt);
   vprintf(fmt, ap);
   va_end(ap);
   printf("\n");
   fflush(stdout);
   if (cond)
      vm_passed++;
   else
      vm_failed++;
   return cond;
}

/* main()'s result: 1 if a check failed, else 0. */
static int
vm_finish(const char *name)
{
   printf("%s: %d passed, %d failed\n", name, vm_passed, vm_failed);
   return vm_failed ? 1 : 0;
}

/*
 * The path of the node of kind DRM_NODE_PRIMARY or DRM_NODE_RENDER whose
 * kernel driver is called name (e.g. "vgem", "vkms"), in path (size bytes);
 * false when there is none.
 */
static inline bool
vm_find_node(const char *name, int kind, char *path, size_t size)
{
   drmDevicePtr devs[16];
   int n = drmGetDevices2(0, devs, 16);
   bool found = false;
   for (int i = 0; i < n && !found; i++) {
      if (!(devs[i]->available_nodes & (1 << kind)))
         continue;
      int fd = open(devs[i]->nodes[kind], O_RDWR | O_CLOEXEC);
      if (fd < 0)
         continue;
      drmVersionPtr v = drmGetVersion(fd);
      if (v && strcmp(v->name, name) == 0) {
         snprintf(path, size, "%s", devs[i]->nodes[kind]);
         found = true;
      }
      drmFreeVersion(v);
      close(fd);
   }
   if (n > 0)
      drmFreeDevices(devs, n);
   return found;
}

/* The number of open file descriptors of this process. */
static inline int
vm_count_fds(void)
{
   DIR *d = opendir("/proc/self/fd");
   int n = 0;
   if (!d)
      return -1;
   while (readdir(d))
      n++;
   closedir(d);
   return n;
}

/* Whether a mapped file of this process has a name that ends in name
 * (which driver Mesa's loader really loaded: it falls back silently). */
static inline bool
vm_has_mapped(const char *name)
{
   FILE *f = fopen("/proc/self/maps", "r");
   char line[512];
   bool found = false;
   size_t n = strlen(name);
   if (!f)
      return false;
   while (!found && fgets(line, sizeof line, f)) {
      size_t len = strcspn(line, "\n");
      found = len >= n && memcmp(line + len - n, name, n) == 0;
   }
   fclose(f);
   return found;
}

/* The test pattern: a value that differs per pixel and per seed. */
static inline uint32_t
vm_pattern(unsigned x, unsigned y, unsigned seed)
{
   return 0xff000000u | ((x * 7 + seed) & 0xff) << 16 | ((y * 13 + seed) & 0xff) << 8 |
          ((x ^ y ^ seed) & 0xff);
}

#endif
