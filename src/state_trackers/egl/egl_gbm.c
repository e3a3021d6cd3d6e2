/*
 * The GBM platform (EGL_KHR_platform_gbm, EGL_MESA_platform_gbm) on Pony's
 * own GBM devices (src/state_trackers/gbm, in this same library): the
 * display renders on the device's pipe screen, and a window surface on a
 * gbm_surface draws each frame into one of the surface's buffer objects,
 * which eglSwapBuffers hands to gbm_surface_lock_front_buffer.  Another
 * backend's GBM device is declined, so that its own EGL vendor answers.
 */
#include <stdlib.h>

#include "state_trackers/common/fe_image.h"
#include "state_trackers/gbm/pony_gbm.h"
#include "util/u_inlines.h"

#include "egl_private.h"

EGLDisplay
egl_gbm_get_display(void *native, const EGLAttrib *attribs)
{
   struct gbm_device *dev = pony_gbm_device_lookup(native);
   if (!dev) {
      egl_log(NULL, "a GBM display of a device that is not Pony's: left to another vendor");
      egl_error(EGL_BAD_PARAMETER);
      return EGL_NO_DISPLAY;
   }
   if (attribs && attribs[0] != EGL_NONE) {
      egl_error(EGL_BAD_ATTRIBUTE);
      return EGL_NO_DISPLAY;
   }
   return egl_display_get(EGL_PLATFORM_GBM_KHR, dev);
}

struct pipe_screen *
egl_gbm_screen(struct egl_display *d)
{
   return pony_gbm_device_screen(d->native);
}

void
egl_gbm_configs(struct egl_display *d)
{
   for (unsigned i = 0; i < d->num_configs; i++) {
      struct egl_config *c = &d->configs[i];
      const struct fe_image_format *f = fe_image_format_by_pipe(c->fe.color_format);
      if (!f)
         continue;
      /* windows are gbm_surfaces of the format the visual id names */
      c->fe.double_buffered = true;
      c->surface_type |= EGL_WINDOW_BIT;
      c->native_visual_id = (EGLint)f->fourcc;
   }
}

static bool
gbm_validate(struct st_framebuffer_iface *iface, struct st_context *st,
             const enum st_attachment *atts, unsigned count, struct pipe_resource **out)
{
   struct egl_surface *s = iface->front_end_private;
   (void)st;
   for (unsigned i = 0; i < count; i++) {
      if (atts[i] != ST_ATTACHMENT_BACK_LEFT || s->buf.textures[ST_ATTACHMENT_BACK_LEFT])
         continue;
      /* the frame's buffer: a free buffer object of the surface */
      struct pipe_resource *res = NULL;
      if (!pony_gbm_surface_back(s->gbm_surface, &res)) {
         egl_log(s->dpy, "gbm surface %p: every buffer is locked", (void *)s->gbm_surface);
         for (unsigned j = 0; j < count; j++)
            out[j] = NULL;
         return false;
      }
      s->buf.textures[ST_ATTACHMENT_BACK_LEFT] = res;   /* the reference moves */
   }
   return fe_buffers_validate(&s->buf, atts, count, out);
}

EGLint
egl_gbm_create_surface(struct egl_display *d, const struct egl_config *cfg, uintptr_t native,
                       const EGLint *attribs, struct egl_surface **out)
{
   *out = NULL;
   for (unsigned n = 0; attribs && attribs[2 * n] != EGL_NONE; n++) {
      EGLint a = attribs[2 * n], v = attribs[2 * n + 1];
      if (n >= EGL_MAX_ATTRIBS)
         return EGL_BAD_ATTRIBUTE;
      /* GBM windows are double-buffered: EGL_RENDER_BUFFER may only say so */
      if (a == EGL_RENDER_BUFFER && v == EGL_BACK_BUFFER)
         continue;
      if (a == EGL_GL_COLORSPACE && v == EGL_GL_COLORSPACE_LINEAR)
         continue;
      return a == EGL_RENDER_BUFFER || a == EGL_GL_COLORSPACE ? EGL_BAD_MATCH : EGL_BAD_ATTRIBUTE;
   }
   struct gbm_surface *gs = pony_gbm_surface_lookup(d->native, (void *)native);
   if (!gs)
      return EGL_BAD_NATIVE_WINDOW;
   const struct fe_image_format *f = fe_image_format_by_pipe(cfg->fe.color_format);
   if (!f || f->fourcc != pony_gbm_surface_format(gs))
      return EGL_BAD_MATCH;
   for (struct egl_surface *o = d->surfaces; o; o = o->next) {
      if (!o->destroyed && o->gbm_surface == gs)
         return EGL_BAD_ALLOC;
   }
   struct egl_surface *s = egl_surface_new(d, cfg, EGL_WINDOW_BIT, true);
   if (!s)
      return EGL_BAD_ALLOC;
   s->gbm_surface = gs;
   fe_buffers_resize(&s->buf, (int)pony_gbm_surface_width(gs), (int)pony_gbm_surface_height(gs));
   s->base.validate = gbm_validate;
   *out = s;
   return EGL_SUCCESS;
}

bool
egl_gbm_swap(struct egl_surface *s, struct st_context *st)
{
   struct pipe_context *pipe = st_context_pipe(st);
   /* what the application locks next must be finished */
   st_context_flush(st, ST_FLUSH_WAIT, NULL);
   fe_buffers_resolve(&s->buf, pipe);
   pony_gbm_surface_swap(s->gbm_surface);
   /* the next frame takes another buffer */
   pipe_resource_reference(&s->buf.textures[ST_ATTACHMENT_BACK_LEFT], NULL);
   __atomic_add_fetch(&s->base.stamp, 1, __ATOMIC_SEQ_CST);
   return true;
}
