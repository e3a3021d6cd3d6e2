/*
 * The backend ABI of libgbm (Mesa's GBM loader, version 0 of the ABI):
 * what libgbm reads of a backend's devices, buffer objects and surfaces,
 * and the entry point it looks up in <name>_gbm.so.  Written from the
 * documentation of that ABI (its member order is the ABI); the public
 * types (union gbm_bo_handle, the import structs) come from <gbm.h>.
 *
 * libgbm loads GBM_BACKEND's <name>_gbm.so from GBM_BACKENDS_PATH, calls
 * gbmint_get_backend(core) and then backend->v0.create_device(fd,
 * version) for gbm_create_device; every gbm_* call on a device, bo or
 * surface of that backend goes to the device's v0 functions, except the
 * buffer-object fields below, which libgbm reads itself (gbm_bo_get_width,
 * gbm_bo_get_user_data, ...).
 */
#ifndef GBM_ABI_H
#define GBM_ABI_H

#include <stddef.h>
#include <stdint.h>

#include <gbm.h>

#define PONY_GBM_ABI_VERSION 0u   /* the version Pony's structures have */

struct gbm_device_v0_fns {
   const void *backend_desc;     /* libgbm's, set after create_device */
   uint32_t backend_version;     /* the version create_device was given */
   int fd;
   const char *name;

   void (*destroy)(struct gbm_device *gbm);
   int (*is_format_supported)(struct gbm_device *gbm, uint32_t format, uint32_t usage);
   int (*get_format_modifier_plane_count)(struct gbm_device *gbm, uint32_t format,
                                          uint64_t modifier);
   struct gbm_bo *(*bo_create)(struct gbm_device *gbm, uint32_t width, uint32_t height,
                               uint32_t format, uint32_t usage, const uint64_t *modifiers,
                               const unsigned int count);
   struct gbm_bo *(*bo_import)(struct gbm_device *gbm, uint32_t type, void *buffer,
                               uint32_t usage);
   void *(*bo_map)(struct gbm_bo *bo, uint32_t x, uint32_t y, uint32_t width, uint32_t height,
                   uint32_t flags, uint32_t *stride, void **map_data);
   void (*bo_unmap)(struct gbm_bo *bo, void *map_data);
   int (*bo_write)(struct gbm_bo *bo, const void *buf, size_t data);
   int (*bo_get_fd)(struct gbm_bo *bo);
   int (*bo_get_planes)(struct gbm_bo *bo);
   union gbm_bo_handle (*bo_get_handle)(struct gbm_bo *bo, int plane);
   int (*bo_get_plane_fd)(struct gbm_bo *bo, int plane);
   uint32_t (*bo_get_stride)(struct gbm_bo *bo, int plane);
   uint32_t (*bo_get_offset)(struct gbm_bo *bo, int plane);
   uint64_t (*bo_get_modifier)(struct gbm_bo *bo);
   void (*bo_destroy)(struct gbm_bo *bo);

   struct gbm_surface *(*surface_create)(struct gbm_device *gbm, uint32_t width, uint32_t height,
                                         uint32_t format, uint32_t flags,
                                         const uint64_t *modifiers, const unsigned count);
   struct gbm_bo *(*surface_lock_front_buffer)(struct gbm_surface *surface);
   void (*surface_release_buffer)(struct gbm_surface *surface, struct gbm_bo *bo);
   int (*surface_has_free_buffers)(struct gbm_surface *surface);
   void (*surface_destroy)(struct gbm_surface *surface);
};

/* The first member is a function pointer by convention (EGL implementations
 * tell a GBM device from other native displays by it). */
struct gbm_device {
   struct gbm_device *(*dummy)(int);
   struct gbm_device_v0_fns v0;
};

struct gbm_bo {
   struct gbm_device *gbm;
   struct {
      uint32_t width, height, stride, format;
      union gbm_bo_handle handle;
      void *user_data;
      void (*destroy_user_data)(struct gbm_bo *, void *);
   } v0;
};

struct gbm_surface {
   struct gbm_device *gbm;
   struct {
      uint32_t width, height, format, flags;
      uint64_t *modifiers;
      unsigned count;
   } v0;
};

struct pony_gbm_backend {
   struct {
      uint32_t backend_version;
      const char *backend_name;
      struct gbm_device *(*create_device)(int fd, uint32_t gbm_backend_version);
   } v0;
};

struct pony_gbm_core {
   struct {
      uint32_t core_version;
      uint32_t (*format_canonicalize)(uint32_t gbm_format);
   } v0;
};

#endif
