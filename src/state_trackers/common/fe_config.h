/*
 * Framebuffer configurations shared by Pony's window-system front ends
 * (the DRI driver's __DRIconfig, the EGL vendor library's EGLConfig): a
 * colour layout, a depth/stencil layout, single or double buffering and a
 * sample count, and which of them a pipe screen can render.  Each front end
 * answers its own API's attribute queries from these.
 */
#ifndef FE_CONFIG_H
#define FE_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_format.h"

struct pipe_screen;
struct st_visual;

struct fe_config {
   enum pipe_format color_format;
   enum pipe_format zs_format;       /* PIPE_FORMAT_NONE: no depth/stencil */
   bool double_buffered;
   unsigned max_pbuffer_size;        /* width and height limit */
   unsigned samples;                 /* 0: single-sampled; else 2, 4, 8 (the drawable
                                      * renders into multisample buffers and
                                      * resolves them into single-sampled ones) */
};

struct fe_color_layout {
   enum pipe_format format;
   uint8_t size[4];    /* R, G, B, A bits */
   uint8_t shift[4];   /* R, G, B, A bit offsets in the pixel word */
};

struct fe_zs_layout {
   enum pipe_format format;
   uint8_t depth, stencil;
};

/* The layouts a front end can describe; NULL for another format. */
const struct fe_color_layout *fe_color_layout(enum pipe_format format);
const struct fe_zs_layout *fe_zs_layout(enum pipe_format format);

/* Fill cfg (single-sampled); false if either format has no layout above. */
bool fe_config_init(struct fe_config *cfg, enum pipe_format color, enum pipe_format zs,
                    bool double_buffered, unsigned max_pbuffer_size);

/*
 * Every config the screen can render to, preferred first: for each colour
 * layout, each depth/stencil layout (none first), each sample count (0, 2,
 * 4, 8), the double-buffered twin then the single-buffered one.  color_bind
 * is the bind flags colour buffers will be created with.  Writes at most
 * max configs to out (out may be NULL) and returns how many there are.
 */
unsigned fe_config_enumerate(struct pipe_screen *pscreen, unsigned color_bind,
                             unsigned max_pbuffer_size, struct fe_config *out, unsigned max);

/* The same as one malloc'd array (free() it) of *count configs; NULL (and
 * *count 0) when the screen renders none, or out of memory. */
struct fe_config *fe_config_list(struct pipe_screen *pscreen, unsigned color_bind,
                                 unsigned max_pbuffer_size, unsigned *count);

/* The width and height limit of the screen's drawables and pbuffers. */
unsigned fe_config_max_pbuffer_size(struct pipe_screen *pscreen);

/* The st_visual a drawable or context of this config uses. */
void fe_config_to_visual(const struct fe_config *cfg, struct st_visual *visual);

#endif
