/*
 * Window-system framebuffers: the drawables a context is bound to, their
 * buffers (from st_framebuffer_iface::validate) and surfaces on them.
 */
#ifndef ST_FRAMEBUFFER_H
#define ST_FRAMEBUFFER_H

#include <stdbool.h>

#include "st_context.h"

/* Point fb at iface (NULL: unbind), dropping buffers of a previous drawable. */
void st_framebuffer_bind(struct st_context *ctx, struct st_framebuffer *fb,
                         struct st_framebuffer_iface *iface);
/* Drop every buffer and surface (context destruction, unbinding). */
void st_framebuffer_release(struct st_context *ctx, struct st_framebuffer *fb);

/*
 * Make fb's buffers current: ask the front end again when its stamp moved
 * or when a buffer we need has not been asked for yet.  'extra' is a mask
 * of (1 << ST_ATTACHMENT_*) needed besides the default ones.  Returns false
 * if no drawable is bound or validation failed.  Sets ST_NEW_FRAMEBUFFER
 * when the buffers changed.
 */
bool st_framebuffer_validate(struct st_context *ctx, struct st_framebuffer *fb, unsigned extra);

/* The surface of one attachment (created on demand); NULL if absent. */
struct pipe_surface *st_framebuffer_surface(struct st_context *ctx, struct st_framebuffer *fb,
                                            enum st_attachment att);

/*
 * The window-system buffers a GL buffer name selects, for drawing
 * (GL_FRONT_AND_BACK gives two).  Returns the count (0 for GL_NONE or a
 * buffer the visual lacks).
 */
unsigned st_framebuffer_buffers(const struct st_visual *visual, GLenum buffer,
                                enum st_attachment out[2]);

/* The framebuffer glReadPixels reads from (draw_fb when both are the same drawable). */
struct st_framebuffer *st_read_framebuffer(struct st_context *ctx);

/*
 * The format GL reads and writes a window-system colour buffer as: sRGB
 * formats through their linear twin, since no sRGB-framebuffer control
 * exists yet (GL 2.1 has no sRGB encoding for the default framebuffer).
 */
enum pipe_format st_framebuffer_view_format(enum pipe_format format);

/* Does the visual have depth / stencil bits? */
bool st_visual_has_depth(const struct st_visual *v);
bool st_visual_has_stencil(const struct st_visual *v);

#endif
