/*
 * A fake window-system drawable for rendering tests (refpipe on the null
 * winsys): resources are created on first validate.  Used by the
 * fragment and query tests.
 */
#ifndef ST_TEST_FB_H
#define ST_TEST_FB_H

#include <string.h>

#include "frontend/drisw_api.h"
#include "pipe-loader/pipe_loader.h"
#include "pipe/p_screen.h"
#include "st_api.h"
#include "st_context.h"
#include "st_test_util.h"
#include "util/u_inlines.h"

struct test_drawable {
   struct st_framebuffer_iface base;
   struct pipe_screen *screen;
   unsigned width, height;
   struct pipe_resource *tex[ST_ATTACHMENT_COUNT];
};

static inline bool
test_fb_validate(struct st_framebuffer_iface *iface, struct st_context *ctx,
                 const enum st_attachment *atts, unsigned count, struct pipe_resource **out)
{
   struct test_drawable *d = (struct test_drawable *)iface;
   (void)ctx;
   for (unsigned i = 0; i < count; i++) {
      enum st_attachment a = atts[i];
      if (!d->tex[a]) {
         bool zs = a == ST_ATTACHMENT_DEPTH_STENCIL;
         struct pipe_resource templ;
         memset(&templ, 0, sizeof templ);
         templ.target = PIPE_TEXTURE_2D;
         templ.format = zs ? iface->visual.depth_stencil_format : iface->visual.color_format;
         templ.width0 = d->width;
         templ.height0 = (uint16_t)d->height;
         templ.depth0 = 1;
         templ.array_size = 1;
         templ.bind = zs ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET;
         d->tex[a] = d->screen->resource_create(d->screen, &templ);
         if (!d->tex[a])
            return false;
      }
      out[i] = NULL;
      pipe_resource_reference(&out[i], d->tex[a]);
   }
   return true;
}

static inline bool
test_fb_flush_front(struct st_framebuffer_iface *iface, struct st_context *ctx,
                    enum st_attachment att)
{
   (void)iface;
   (void)ctx;
   (void)att;
   return true;
}

#define CHECK_GL_ERROR(expected)                                          \
   do {                                                                   \
      GLenum e_ = api_glGetError();                                       \
      CHECK(e_ == (GLenum)(expected), "GL error 0x%x, expected 0x%x", e_, \
            (unsigned)(expected));                                        \
   } while (0)

/* Screen + context + a w x h BGRA8 / Z24S8 drawable, made current, with an
 * orthographic projection of window coordinates (z in [-1, 1]). */
struct test_env {
   struct pipe_screen *screen;
   struct st_context *ctx;
   struct test_drawable d;
};

static inline bool
test_env_init(struct test_env *e, unsigned w, unsigned h)
{
   memset(e, 0, sizeof *e);
   struct sw_winsys *ws = null_sw_winsys_create();
   e->screen = ws ? pipe_loader_create_sw_screen(ws, "refpipe") : NULL;
   if (!e->screen)
      return false;
   struct st_visual vis = { true, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, 0 };
   struct st_context_attribs attribs = { ST_PROFILE_COMPAT, 1, 0, 0, &vis };
   enum st_context_error err;
   e->ctx = st_context_create(e->screen, &attribs, NULL, &err);
   if (!e->ctx)
      return false;
   e->d.base.visual = vis;
   e->d.base.validate = test_fb_validate;
   e->d.base.flush_front = test_fb_flush_front;
   e->d.screen = e->screen;
   e->d.width = w;
   e->d.height = h;
   if (!st_make_current(e->ctx, &e->d.base, &e->d.base))
      return false;
   api_glMatrixMode(GL_PROJECTION);
   api_glLoadIdentity();
   api_glOrtho(0, w, 0, h, -1, 1);
   api_glMatrixMode(GL_MODELVIEW);
   api_glLoadIdentity();
   return true;
}

static inline void
test_env_fini(struct test_env *e)
{
   st_make_current(NULL, NULL, NULL);
   if (e->ctx) {
      st_framebuffer_iface_destroyed(&e->d.base);
      st_context_destroy(e->ctx);
   }
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
      pipe_resource_reference(&e->d.tex[i], NULL);
   if (e->screen)
      e->screen->destroy(e->screen);
}

#endif
