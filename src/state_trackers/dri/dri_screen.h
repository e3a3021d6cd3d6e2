/*
 * The DRI front end's screen: what createNewScreen(2) returns to Mesa's
 * loaders as __DRIscreen.  One per loader display / GBM device.
 */
#ifndef DRI_SCREEN_H
#define DRI_SCREEN_H

#include <stdbool.h>
#include <stdint.h>

#include <GL/internal/dri_interface.h>

#include "util/u_debug.h"

struct pipe_screen;
struct sw_winsys;
struct fe_config;

enum dri_screen_kind {
   DRI_SCREEN_SWRAST,   /* DRI_SWRast: swrast loader getDrawableInfo / putImage */
   DRI_SCREEN_DRI2,     /* DRI_DRI2 (kms_swrast): image loader buffers, DRI_IMAGE */
};

struct dri_screen {
   enum dri_screen_kind kind;
   int screen_number;
   int fd;                                       /* DRI2 only; not owned */
   void *loader_private;

   const __DRIswrastLoaderExtension *swrast_loader;
   const __DRIimageLoaderExtension *image_loader;
   const __DRIimageLookupExtension *image_lookup;

   struct pipe_screen *pscreen;
   const __DRIextension **extensions;            /* static list for getExtensions */

   /* DRI2 on a DRM fd with the kms winsys: images can be imported from
    * dma-bufs; kernel_buffers: new images are kernel buffers (a GEM
    * handle, exportable; false on a render node, which makes no dumb
    * buffers) */
   bool kms_winsys, kernel_buffers;
   uint64_t debug;                               /* PONY_DEBUG bits, read at creation */
   unsigned max_pbuffer_size;
   char device_name[64];                         /* "Pony refpipe" */
};

static inline struct dri_screen *
dri_screen(__DRIscreen *s)
{
   return (struct dri_screen *)s;
}

#define dri_log(scr, ...)                                                  \
   do {                                                                    \
      if ((scr) && ((scr)->debug & PONY_DEBUG_DRI))                        \
         pony_log("dri", __VA_ARGS__);                                     \
   } while (0)

/*
 * Shared tail of every screen constructor: picks the pipe driver on ws
 * (ownership passes), builds the configs and fills *driver_configs.
 * Returns NULL (everything freed) on failure.
 */
__DRIscreen *dri_screen_create(enum dri_screen_kind kind, int screen_number, int fd,
                               const __DRIextension **loader_extensions,
                               const __DRIconfig ***driver_configs, void *loader_private);

void dri_screen_destroy(__DRIscreen *screen);
const __DRIextension **dri_screen_get_extensions(__DRIscreen *screen);

/* dri_query.c: highest version of a profile (an st_profile) the state
 * tracker accepts; 0.0 if none. */
void dri_query_max_version(struct pipe_screen *pscreen, int profile, int *major, int *minor);

#endif
