/*
 * __DRIcontext: createContextAttribs and friends map the loader's API and
 * attribute pairs onto st_context_attribs; bind/unbind make the state
 * tracker context current (which installs the GL dispatch).
 */
#include "dri_context.h"

#include <stdlib.h>

#include "dri_config.h"
#include "dri_drawable.h"
#include "dri_image.h"
#include "dri_screen.h"

__DRIcontext *
dri_create_context_attribs(__DRIscreen *s, int api, const __DRIconfig *config,
                           __DRIcontext *shared, unsigned num_attribs, const uint32_t *attribs,
                           unsigned *error, void *loader_private)
{
   struct dri_screen *screen = dri_screen(s);
   struct dri_context *share = dri_context(shared);
   struct st_context_attribs st_attribs = { 0 };
   struct dri_context_request req;
   enum st_context_error st_error = ST_CONTEXT_SUCCESS;
   struct dri_context *ctx;
   unsigned dummy_error;

   if (!error)
      error = &dummy_error;
   if (!screen) {
      *error = __DRI_CTX_ERROR_BAD_API;
      return NULL;
   }

   *error = dri_context_parse_attribs(num_attribs, attribs, &req);
   if (*error != __DRI_CTX_ERROR_SUCCESS) {
      dri_log(screen, "createContextAttribs(api %d): bad attributes, error %u", api, *error);
      return NULL;
   }
   if (!dri_context_api_to_profile(api, &st_attribs.profile)) {
      dri_log(screen, "createContextAttribs: unknown api %d", api);
      *error = __DRI_CTX_ERROR_BAD_API;
      return NULL;
   }
   /* the loader asked for ES 3 through the API token: at least 3.0 */
   if (api == __DRI_API_GLES3 && req.major < 3) {
      req.major = 3;
      req.minor = 0;
   }
   st_attribs.major = req.major;
   st_attribs.minor = req.minor;
   st_attribs.flags = req.flags;

   ctx = calloc(1, sizeof(*ctx));
   if (!ctx) {
      *error = __DRI_CTX_ERROR_NO_MEMORY;
      return NULL;
   }
   ctx->screen = screen;
   ctx->loader_private = loader_private;
   if (config) {
      fe_config_to_visual((const struct fe_config *)config, &ctx->visual);
      st_attribs.visual = &ctx->visual;
   }
   /* EGLImages through the loader's image lookup (GL_OES_EGL_image): every
    * screen offers DRI_IMAGE, so EGLImages of GL textures and renderbuffers
    * exist wherever the loader can look them up (EGL; a screen with a DRM
    * fd also imports dma-bufs).  GLX has no lookup. */
   struct st_egl_image_lookup egl_image = { dri_image_lookup_egl_image, screen };
   if (screen->image_lookup && screen->image_lookup->lookupEGLImage)
      st_attribs.egl_image = &egl_image;

   ctx->st = st_context_create(screen->pscreen, &st_attribs, share ? share->st : NULL,
                               &st_error);
   if (!ctx->st) {
      /* st_context_error uses the __DRI_CTX_ERROR_* values */
      *error = st_error != ST_CONTEXT_SUCCESS ? (unsigned)st_error : __DRI_CTX_ERROR_NO_MEMORY;
      dri_log(screen, "createContextAttribs(api %d, %d.%d, flags 0x%x, config %p): refused, "
              "error %u", api, req.major, req.minor, req.flags, (const void *)config, *error);
      free(ctx);
      return NULL;
   }
   dri_log(screen, "createContextAttribs(api %d, %d.%d, flags 0x%x, config %p) = %p", api,
           req.major, req.minor, req.flags, (const void *)config, (void *)ctx);
   *error = __DRI_CTX_ERROR_SUCCESS;
   return (__DRIcontext *)ctx;
}

__DRIcontext *
dri_create_new_context_for_api(__DRIscreen *screen, int api, const __DRIconfig *config,
                               __DRIcontext *shared, void *loader_private)
{
   unsigned error;
   return dri_create_context_attribs(screen, api, config, shared, 0, NULL, &error,
                                     loader_private);
}

__DRIcontext *
dri_create_new_context(__DRIscreen *screen, const __DRIconfig *config, __DRIcontext *shared,
                       void *loader_private)
{
   return dri_create_new_context_for_api(screen, __DRI_API_OPENGL, config, shared,
                                         loader_private);
}

void
dri_destroy_context(__DRIcontext *context)
{
   struct dri_context *ctx = dri_context(context);
   if (!ctx)
      return;
   dri_log(ctx->screen, "destroyContext %p", (void *)ctx);
   /* Loaders only destroy contexts that are not current, but be safe. */
   if (st_get_current() == ctx->st)
      st_make_current(NULL, NULL, NULL);
   st_context_destroy(ctx->st);
   free(ctx);
}

int
dri_copy_context(__DRIcontext *dst, __DRIcontext *src, unsigned long mask)
{
   return 0;   /* glXCopyContext is not supported */
}

int
dri_bind_context(__DRIcontext *context, __DRIdrawable *draw, __DRIdrawable *read)
{
   struct dri_context *ctx = dri_context(context);
   struct dri_drawable *d = dri_drawable(draw), *r = dri_drawable(read);

   if (!ctx)
      return 0;
   dri_log(ctx->screen, "bindContext(%p, draw %p, read %p)", (void *)ctx, (void *)d, (void *)r);
   /* The drawable may have changed while it was not current: ask again. */
   if (d)
      dri_drawable_invalidate(d);
   if (r && r != d)
      dri_drawable_invalidate(r);
   if (!st_make_current(ctx->st, d ? &d->base : NULL, r ? &r->base : NULL)) {
      dri_log(ctx->screen, "bindContext: the state tracker refused");
      return 0;
   }
   return 1;
}

int
dri_unbind_context(__DRIcontext *context)
{
   struct dri_context *ctx = dri_context(context);

   if (!ctx)
      return 0;
   dri_log(ctx->screen, "unbindContext(%p)", (void *)ctx);
   /* Only release it if it is this thread's current context. */
   if (st_get_current() == ctx->st) {
      st_context_flush(ctx->st, 0, NULL);
      st_make_current(NULL, NULL, NULL);
   }
   return 1;
}
