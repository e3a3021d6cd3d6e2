/*
 * What a software pipe driver needs from a window system: memory for
 * "display targets" (resources that can be shown) and a way to show them.
 * Everything else a software driver does on its own.
 *
 * Implementations: src/winsys/sw/null (plain memory, display is a no-op),
 * src/winsys/sw/dri (plain memory, display through the DRI loader's
 * putImage), later src/winsys/sw/kms (dumb buffers).
 */
#ifndef FRONTEND_SW_WINSYS_H
#define FRONTEND_SW_WINSYS_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_format.h"
#include "pipe/p_state.h"

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
};

#ifdef __cplusplus
}
#endif

#endif
