/*
 * A resource as a kernel buffer, shared between a pipe driver (or its
 * winsys) and the front end: what pipe_screen::resource_from_handle takes
 * and resource_get_handle fills, and what the sw winsys with kernel
 * buffers (src/winsys/sw/kms) imports and exports.
 */
#ifndef FRONTEND_WINSYS_HANDLE_H
#define FRONTEND_WINSYS_HANDLE_H

#include <stdint.h>

enum winsys_handle_type {
   WINSYS_HANDLE_TYPE_KMS,   /* a GEM handle on the screen's DRM fd */
   WINSYS_HANDLE_TYPE_FD,    /* a dma-buf file descriptor */
};

struct winsys_handle {
   enum winsys_handle_type type;
   /* KMS: the GEM handle.  FD: an import borrows it (the caller keeps and
    * closes it); an export returns a new fd the caller closes. */
   int handle;
   unsigned stride;      /* bytes from one row to the next */
   unsigned offset;      /* bytes from the buffer's start to the first row */
   uint64_t modifier;    /* DRM format modifier: only linear (0) exists */
};

#endif
