/*
 * The pixel path (st_drawpix.c): the current raster position (GL 2.1
 * section 2.13), pixel-transfer state and maps (3.6.3, 3.6.5), pixel zoom,
 * and the drawing of pixel rectangles (glDrawPixels, glCopyPixels,
 * glBitmap).  Colour and depth fragments are drawn as screen-aligned
 * quads through the normal draw path, normally one textured quad per
 * image (so every per-fragment operation applies); stencil indices are
 * written on the CPU through a transfer
 * (GL applies only the ownership test, scissor and stencil writemask).
 */
#ifndef ST_DRAWPIX_H
#define ST_DRAWPIX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ff_state.h"
#include "st_gl.h"

struct st_context;

/* GL_CURRENT_BIT part: the current raster position and its associated data. */
struct st_raster_state {
   float pos[4];              /* window x, y, z (z in [0, 1]) and clip w */
   bool valid;
   float distance;
   float color[4];            /* clamped to [0, 1] */
   float secondary[4];
   float index;
   float tex[FF_MAX_TEXTURE_UNITS][4];
};

/* GL_PIXEL_MODE_BIT part (besides the read buffer). */
struct st_pixel_transfer {
   float scale[4], bias[4];   /* RED..ALPHA */
   float depth_scale, depth_bias;
   bool map_color, map_stencil;
   GLint index_shift, index_offset;
   float zoom_x, zoom_y;
};

#define ST_MAX_PIXEL_MAP 256
#define ST_NUM_PIXEL_MAPS 10

/* GL_PIXEL_MAP_I_TO_I (0x0C70) .. GL_PIXEL_MAP_A_TO_A (0x0C79); no attribute group. */
struct st_pixel_maps {
   GLint size[ST_NUM_PIXEL_MAPS];
   float map[ST_NUM_PIXEL_MAPS][ST_MAX_PIXEL_MAP];
};

struct st_pixel_state {
   struct st_raster_state raster;
   struct st_pixel_transfer transfer;
   struct st_pixel_maps maps;
};

/* GL's initial values. */
void st_pixel_init(struct st_context *ctx);

/* glGet values of the pixel path; false if pname is not one of them.
 * *is_float: values are floats (else integers/enums in d), *is_norm:
 * normalized (colours), *is_enum / *is_bool for the integer kinds. */
struct st_pixel_get_value {
   unsigned count;
   double d[4];
   enum { ST_PIXGET_INT, ST_PIXGET_ENUM, ST_PIXGET_BOOL, ST_PIXGET_FLOAT, ST_PIXGET_NORM } kind;
};
bool st_pixel_get(struct st_context *ctx, GLenum pname, struct st_pixel_get_value *v);

/* --- pixel transfer (exported for glReadPixels/glTexImage/glCopyTexImage) --- */

/* Are any colour transfer operations other than the identity active? */
bool st_pixel_transfer_rgba_active(const struct st_context *ctx);
/* Scale, bias and (with GL_MAP_COLOR) the R/G/B/A maps on n RGBA pixels. */
void st_pixel_transfer_rgba(const struct st_context *ctx, unsigned n, float (*rgba)[4]);
/* Depth scale and bias, clamped to [0, 1]. */
void st_pixel_transfer_depth(const struct st_context *ctx, unsigned n, float *z);
/* Index shift/offset and (GL_MAP_STENCIL) the S-to-S map, masked to 8 bits. */
void st_pixel_transfer_stencil(const struct st_context *ctx, unsigned n, const uint32_t *in,
                               uint8_t *out);
/* Colour indices to RGBA: shift/offset, then the I-to-R/G/B/A maps. */
void st_pixel_index_to_rgba(const struct st_context *ctx, unsigned n, const uint32_t *in,
                            float (*rgba)[4]);

/* --- pixel buffer objects --- */

/*
 * The memory a pixel command reads (pack false: GL_PIXEL_UNPACK_BUFFER) or
 * writes (pack true: GL_PIXEL_PACK_BUFFER): without a bound buffer, ptr
 * itself; with one, the buffer's data at offset (uintptr_t)ptr.  size is
 * the number of bytes the transfer spans from there (st_pixel_image_size).
 * False with GL_INVALID_OPERATION raised when the buffer is mapped or the
 * range leaves it, or, in client memory, when the range is beyond what any
 * allocation can span (over PTRDIFF_MAX bytes, or wrapping the address
 * space).  *out may be NULL (a NULL client pointer).
 */
bool st_pixel_buffer_ptr(struct st_context *ctx, bool pack, const void *ptr, size_t size,
                         void **out, const char *where);

/* --- drawing (st_drawpix.c) --- */

/* The window rectangle [x0, x1) x [y0, y1) fragments can reach: the draw
 * framebuffer, intersected with the scissor box when enabled.  False when
 * empty, or the framebuffer is incomplete (error raised). */
bool st_drawpix_clip_box(struct st_context *ctx, int64_t *x0, int64_t *y0, int64_t *x1,
                         int64_t *y1);
/*
 * Which pixels of a w x h image at the raster position with the pixel zoom
 * can produce fragments in the clip box, per axis: n image pixels src[0..n)
 * (malloc'ed), to be drawn as an n-pixel image at raster coordinate pos
 * with zoom (the original ones for |zoom| >= 1, where they are consecutive;
 * zoom 1 from a window pixel for |zoom| < 1, where they are one per window
 * pixel).  The image drawn so covers exactly the fragments the whole image
 * would (conservatively one image pixel more at each end), so the work is
 * bounded by the clip box, not the image.  False when nothing can show
 * (or out of memory: error raised); nothing to free then.
 */
struct st_drawpix_axis {
   int n;
   int *src;
   float pos, zoom;
};
bool st_drawpix_plan(struct st_context *ctx, int w, int h, struct st_drawpix_axis *ax,
                     struct st_drawpix_axis *ay);
void st_drawpix_plan_free(struct st_drawpix_axis *ax, struct st_drawpix_axis *ay);

/* Colour fragments: an image of w x h RGBA pixels (row 0 = bottom, after
 * transfer ops) at the raster position with the pixel zoom. */
void st_drawpix_rgba(struct st_context *ctx, int w, int h, const float (*rgba)[4]);
/* Depth fragments (z in [0, 1], after transfer ops) with the raster colour. */
void st_drawpix_depth(struct st_context *ctx, int w, int h, const float *z);
/* Depth values written on the CPU like stencil indices (ownership,
 * scissor, depth writemask, zoom; no depth test): the depth half of
 * GL_DEPTH_STENCIL draws and copies, which replace depth and stencil. */
void st_drawpix_depth_direct(struct st_context *ctx, int w, int h, const float *z);
/* Stencil indices written on the CPU (ownership, scissor, writemask, zoom). */
void st_drawpix_stencil(struct st_context *ctx, int w, int h, const uint8_t *s);
/* glBitmap fragments: bits (0/1 bytes, row 0 first) at integer window
 * position (x, y), raster colour and z, no zoom. */
void st_drawpix_bitmap(struct st_context *ctx, int x, int y, int w, int h, const uint8_t *bits);

/* Read a rectangle of the read framebuffer (GL coordinates, clipped to it
 * by the caller) as RGBA floats / depth / stencil, row 0 = bottom. */
bool st_readpix_rgba(struct st_context *ctx, int x, int y, int w, int h, float (*rgba)[4]);
bool st_readpix_depth(struct st_context *ctx, int x, int y, int w, int h, float *z);
bool st_readpix_stencil(struct st_context *ctx, int x, int y, int w, int h, uint8_t *s);

#endif
