/*
 * A drawable's buffers, as every window-system front end keeps them (the
 * DRI driver's __DRIdrawable, the EGL vendor's pbuffers and windows): one
 * resource per attachment, created at the drawable's size on first use, and
 * for multisample configs the multisample colour buffers GL renders into,
 * resolved into the single-sampled ones before they are shown or read by
 * the window system.  The front end decides the size and may put a
 * resource of its own (a loader's image) in place of one created here.
 */
#ifndef FE_BUFFERS_H
#define FE_BUFFERS_H

#include <stdbool.h>

#include "state_trackers/gl/st_api.h"

#include "fe_config.h"

struct pipe_context;
struct pipe_resource;
struct pipe_screen;

struct fe_buffers {
   struct pipe_screen *screen;
   struct fe_config config;
   unsigned color_bind;                /* extra bind flags of colour buffers
                                        * (PIPE_BIND_DISPLAY_TARGET for swrast) */
   int width, height;                  /* the size buffers are created at */

   /* references; a front end may set textures[att] itself (a loader's image) */
   struct pipe_resource *textures[ST_ATTACHMENT_COUNT];
   /* multisample configs: the colour buffers GL renders into (resolved into
    * textures[] by fe_buffers_resolve); the depth buffer is textures[]
    * itself, multisample */
   struct pipe_resource *msaa[ST_ATTACHMENT_COUNT];
};

void fe_buffers_init(struct fe_buffers *b, struct pipe_screen *screen,
                     const struct fe_config *config, unsigned color_bind);
/* Drop every buffer (destroy, or a new size). */
void fe_buffers_release(struct fe_buffers *b);
/* A new size: buffers of another size are dropped. */
void fe_buffers_resize(struct fe_buffers *b, int width, int height);
/* Create att's buffers if missing.  false: no such buffer in the config,
 * a size beyond the pipe's limits, or out of memory. */
bool fe_buffers_ensure(struct fe_buffers *b, enum st_attachment att);
/* st_framebuffer_iface::validate's work: out[i] gets a new reference to
 * what GL renders into for atts[i]; false (and no references) on failure. */
bool fe_buffers_validate(struct fe_buffers *b, const enum st_attachment *atts, unsigned count,
                         struct pipe_resource **out);
/* Multisample configs: resolve the colour buffers into textures[]. */
void fe_buffers_resolve(struct fe_buffers *b, struct pipe_context *pipe);

#endif
