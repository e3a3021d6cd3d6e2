/*
 * What a software pipe driver needs from a window system: memory for
 * "display targets" (resources that can be shown) and a way to show them.
 * Everything else a software driver does on its own.
 *
 * Implementations: src/winsys/sw/null (plain memory, display is a no-op),
 * src/winsys/sw/dri (plain memory, display through the DRI loader's
 * putImage), src/winsys/sw/kms (kernel buffers of a DRM device through the
 * GEM buffer manager: shared with other devices and processes as dma-bufs).
 */
#ifndef FRONTEND_SW_WINSYS_H
#define FRONTEND_SW_WINSYS_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_format.h"
#include "pipe/p_state.h"
#include "frontend/winsys_handle.h"

#ifdef __cplusplus
extern "C" {
#endif

struct sw_displaytarget;   /* opaque, owned by the winsys */

struct sw_winsys {
   const char *name;   /* "null", "dri", "kms" */

   void (*destroy)(struct sw_winsys *);

   bool (*is_displaytarget_format_supported)(struct sw_winsys *, unsigned bind,
                                             enum pipe_format);

   /*
    * Allocate width x height texels of 'format', rows aligned to
    * 'alignment' bytes.  *stride receives the row pitch in bytes.
    * front_private is the front end's drawable (may be NULL).
    */
   struct sw_displaytarget *(*displaytarget_create)(struct sw_winsys *, unsigned bind,
                                                    enum pipe_format, unsigned width,
                                                    unsigned height, unsigned alignment,
                                                    const void *front_private,
                                                    unsigned *stride);

   /* CPU pointer to the first row; PIPE_MAP_* flags.  Balanced by unmap. */
   void *(*displaytarget_map)(struct sw_winsys *, struct sw_displaytarget *, unsigned flags);
   void (*displaytarget_unmap)(struct sw_winsys *, struct sw_displaytarget *);

   /*
    * Show the display target's contents on the drawable context_private
    * (what the front end passed to pipe_screen::flush_frontbuffer).
    * box NULL = the whole target.
    */
   void (*displaytarget_display)(struct sw_winsys *, struct sw_displaytarget *,
                                 void *context_private, const struct pipe_box *box);

   void (*displaytarget_destroy)(struct sw_winsys *, struct sw_displaytarget *);

   /*
    * Optional (NULL where display targets are process memory).  A display
    * target over an existing kernel buffer: templ's format, width0 and
    * height0 laid out from whandle->offset, whandle->stride bytes per row.
    * NULL when the buffer cannot hold that (stride below a row, buffer too
    * small, a modifier other than linear, not a dma-buf); never aborts.
    * *stride receives the row pitch (= whandle->stride).
    */
   struct sw_displaytarget *(*displaytarget_from_handle)(struct sw_winsys *,
                                                         const struct pipe_resource *templ,
                                                         const struct winsys_handle *whandle,
                                                         unsigned *stride);

   /* Optional.  whandle->type says what to return; the layout is filled
    * in.  false when the target is not a kernel buffer or the kernel
    * refuses (the reason is logged with PONY_DEBUG=bufmgr). */
   bool (*displaytarget_get_handle)(struct sw_winsys *, struct sw_displaytarget *,
                                    struct winsys_handle *whandle);
};

#ifdef __cplusplus
}
#endif

#endif
