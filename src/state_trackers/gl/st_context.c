/*
 * st_api.h: creating, binding, flushing and destroying GL contexts.
 */
#include "st_arbprog.h"
#include "st_atifs.h"
#include "st_context.h"
#include "st_material.h"
#include "st_draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "st_buffer.h"
#include "st_dispatch.h"
#include "st_fbo.h"
#include "st_framebuffer.h"
#include "st_route.h"
#include "st_glsl.h"
#include "st_sampler.h"
#include "st_sync.h"
#include "st_ubo.h"
#include "st_xfb.h"
#include "st_screen.h"
#include "util/u_debug.h"
#include "util/u_inlines.h"

#define ST_KNOWN_FLAGS (ST_CONTEXT_FLAG_DEBUG | ST_CONTEXT_FLAG_FORWARD_COMPAT |      \
                        ST_CONTEXT_FLAG_ROBUST_ACCESS | ST_CONTEXT_FLAG_RESET_ISOLATION | \
                        ST_CONTEXT_FLAG_NO_ERROR | ST_CONTEXT_FLAG_LOSE_ON_RESET)

struct st_context *
st_current(void)
{
   return st_route_context();
}

/* Is major.minor a version the profile has at all? */
static bool
version_exists(enum st_profile profile, int major, int minor)
{
   static const int gl_minors[] = { -1, 5, 1, 3, 6 };   /* highest minor of 1.x..4.x */
   switch (profile) {
   case ST_PROFILE_COMPAT:
   case ST_PROFILE_CORE:
      return major >= 1 && major <= 4 && minor >= 0 && minor <= gl_minors[major];
   case ST_PROFILE_GLES1:
      return major == 1 && (minor == 0 || minor == 1);
   case ST_PROFILE_GLES2:
      return (major == 2 && minor == 0) || (major == 3 && minor >= 0 && minor <= 2);
   }
   return false;
}

bool
st_profile_supported(struct pipe_screen *screen, enum st_profile profile, int major, int minor)
{
   struct st_caps_result caps;
   if (!screen)
      return false;
   st_caps_compute_for_screen(&screen->caps, &caps);
   return version_exists(profile, major, minor) &&
          st_caps_version_ok(&caps, profile, major, minor);
}

bool
st_profile_max_version(struct pipe_screen *screen, enum st_profile profile, int *major,
                       int *minor)
{
   struct st_caps_result caps;
   int v = 0;
   if (screen && (unsigned)profile <= ST_PROFILE_GLES2) {
      st_caps_compute_for_screen(&screen->caps, &caps);
      v = caps.max_version[profile];
   }
   if (major)
      *major = v / 10;
   if (minor)
      *minor = v % 10;
   return v != 0;
}

/* --- share groups --------------------------------------------------------- */

static struct st_share_group *
st_share_group_create(void)
{
   struct st_share_group *g = calloc(1, sizeof *g);
   if (!g)
      return NULL;
   g->refcount = 1;
   pthread_mutex_init(&g->lock, NULL);
   st_names_init(&g->textures);
   st_names_init(&g->buffers);
   st_names_init(&g->renderbuffers);
   st_names_init(&g->lists);
   st_names_init(&g->samplers);
   st_names_init(&g->programs);
   st_names_init(&g->ati_shaders);
   st_names_init(&g->shader_objects);
   g->syncs = st_sync_table_create();
   return g;
}

static void
st_share_group_ref(struct st_share_group *g)
{
   pthread_mutex_lock(&g->lock);
   g->refcount++;
   pthread_mutex_unlock(&g->lock);
}

static void
st_share_group_unref(struct st_share_group *g)
{
   if (!g)
      return;
   pthread_mutex_lock(&g->lock);
   bool last = --g->refcount == 0;
   pthread_mutex_unlock(&g->lock);
   if (last) {
      /* Objects still named are released by their module's destroy function
       * (NULL: the module keeps no objects in the table yet). */
      st_names_fini(&g->textures, st_texture_object_destroy_cb, NULL);
      st_names_fini(&g->buffers, st_buffer_table_destroy, NULL);
      st_names_fini(&g->renderbuffers, st_renderbuffer_destroy_cb, NULL);
      st_names_fini(&g->lists, st_dlist_destroy_obj, NULL);
      st_names_fini(&g->samplers, st_sampler_destroy_cb, NULL);
      st_names_fini(&g->programs, st_arbprog_destroy_cb, NULL);
      st_names_fini(&g->ati_shaders, st_atifs_destroy_cb, NULL);
      st_names_fini(&g->shader_objects, st_glsl_destroy_cb, NULL);
      st_sync_table_destroy(g->syncs);
      pthread_mutex_destroy(&g->lock);
      free(g);
   }
}

/* --- creation ----------------------------------------------------------------- */

static void
st_init_state(struct st_context *ctx)
{
   GLenum buffer = ctx->has_visual && !ctx->visual.double_buffered ? GL_FRONT : GL_BACK;

   for (unsigned b = 0; b < 8; b++) {
      for (unsigned i = 0; i < 4; i++)
         ctx->color.color_mask[b][i] = GL_TRUE;
   }
   ctx->color.draw_buffer = buffer;
   ctx->color.index_mask = ~0u;
   ctx->clamp.vertex = GL_TRUE;
   ctx->clamp.fragment = GL_FIXED_ONLY;
   ctx->clamp.read = GL_FIXED_ONLY;
   ctx->pixel.read_buffer = buffer;
   ctx->depth.clear = 1.0;
   ctx->depth.mask = GL_TRUE;
   ctx->stencil.writemask[0] = ctx->stencil.writemask[1] = ~0u;
   ctx->viewport.near_val = 0.0;
   ctx->viewport.far_val = 1.0;

   ctx->hint.perspective_correction = GL_DONT_CARE;
   ctx->hint.point_smooth = GL_DONT_CARE;
   ctx->hint.line_smooth = GL_DONT_CARE;
   ctx->hint.polygon_smooth = GL_DONT_CARE;
   ctx->hint.fog = GL_DONT_CARE;
   ctx->hint.generate_mipmap = GL_DONT_CARE;
   ctx->hint.texture_compression = GL_DONT_CARE;
   ctx->hint.fragment_shader_derivative = GL_DONT_CARE;

   ctx->enable.bits[ST_CAP_DITHER / 64] |= 1ull << (ST_CAP_DITHER % 64);
   ctx->enable.bits[ST_CAP_MULTISAMPLE / 64] |= 1ull << (ST_CAP_MULTISAMPLE % 64);

   ctx->pixelstore.pack.alignment = 4;
   ctx->pixelstore.unpack.alignment = 4;

   ctx->error = GL_NO_ERROR;
   ctx->dirty = ST_NEW_ALL;
}

struct st_context *
st_context_create(struct pipe_screen *screen, const struct st_context_attribs *attribs,
                  struct st_context *share, enum st_context_error *error)
{
   enum st_context_error dummy;
   if (!error)
      error = &dummy;
   if (!screen || !attribs) {
      *error = ST_CONTEXT_ERROR_BAD_API;
      return NULL;
   }
   if (attribs->flags & ~ST_KNOWN_FLAGS) {
      *error = ST_CONTEXT_ERROR_UNKNOWN_FLAG;
      return NULL;
   }

   struct st_caps_result caps;
   st_caps_compute_for_screen(&screen->caps, &caps);
   enum st_profile profile = attribs->profile;
   if ((unsigned)profile > ST_PROFILE_GLES2 || caps.max_version[profile] == 0) {
      *error = ST_CONTEXT_ERROR_BAD_API;
      return NULL;
   }
   if ((attribs->flags & ST_CONTEXT_FLAG_FORWARD_COMPAT) &&
       (profile == ST_PROFILE_COMPAT || profile == ST_PROFILE_CORE) && attribs->major < 3) {
      *error = ST_CONTEXT_ERROR_BAD_FLAG;
      return NULL;
   }
   if (!version_exists(profile, attribs->major, attribs->minor) ||
       !st_caps_version_ok(&caps, profile, attribs->major, attribs->minor)) {
      *error = ST_CONTEXT_ERROR_BAD_VERSION;
      return NULL;
   }

   struct st_context *ctx = calloc(1, sizeof *ctx);
   if (!ctx)
      goto no_memory;
   pthread_mutex_init(&ctx->fb_lock, NULL);
   st_names_init(&ctx->framebuffers);
   st_names_init(&ctx->queries);
   ctx->screen = screen;
   ctx->profile = profile;
   ctx->flags = attribs->flags;
   ctx->caps = caps;
   if (profile == ST_PROFILE_GLES1)   /* a desktop extension: none of its enums in ES 1.1 */
      ctx->caps.tex_multisample = ctx->caps.ext_texture_multisample =
         ctx->caps.tex_storage_multisample = false;
   ctx->version = caps.max_version[profile];
   /* ES 3.0 only when asked for (PONY_GLES_VERSION_OVERRIDE, st_caps.c): an
    * ES 2.0 request keeps ES 2.0's commands, rules and strings */
   if (profile == ST_PROFILE_GLES2 && attribs->major < 3)
      ctx->version = 20;
   /* ES 3.0 (driver caps of GL 3.3, driver_gles2_version): GLSL ES 3.00
    * uses the GLSL 1.30-3.30 machinery (integer lookups, texel offsets) */
   if (profile == ST_PROFILE_GLES2 && ctx->version >= 30 && ctx->caps.glsl_version < 330)
      ctx->caps.glsl_version = 330;
   if (attribs->visual) {
      ctx->visual = *attribs->visual;
      ctx->has_visual = true;
   }
   snprintf(ctx->version_string, sizeof ctx->version_string, "%s%d.%d Pony %s",
            profile == ST_PROFILE_GLES1 ? "OpenGL ES-CM " :
            profile == ST_PROFILE_GLES2 ? "OpenGL ES " : "",
            ctx->version / 10, ctx->version % 10, PONY_VERSION);
   if (profile == ST_PROFILE_GLES2)   /* ES 2.0 section 6.1.5, ES 3.0 section 6.1.6 */
      snprintf(ctx->glsl_version_string, sizeof ctx->glsl_version_string,
               "OpenGL ES GLSL ES %s", ctx->version >= 30 ? "3.00" : "1.00");
   else if (caps.glsl_version && profile != ST_PROFILE_GLES1)
      snprintf(ctx->glsl_version_string, sizeof ctx->glsl_version_string, "%d.%02d",
               caps.glsl_version / 100, caps.glsl_version % 100);
   snprintf(ctx->renderer_string, sizeof ctx->renderer_string, "Pony %s",
            screen->get_name ? screen->get_name(screen) : "unknown");

   ctx->st_screen = st_screen_get(screen);
   if (!ctx->st_screen)
      goto no_memory;
   ctx->debug = ctx->st_screen->debug;
   const char *mediump = getenv("PONY_MEDIUMP");
   ctx->mediump_fp16 = mediump && !strcmp(mediump, "fp16");
   if (attribs->egl_image && attribs->egl_image->lookup) {
      /* GL_OES_EGL_image (api_eglimage.c): desktop contexts list it with
       * the caps' extensions; ES ones in api_string.c */
      ctx->egl_image = *attribs->egl_image;
      if ((profile == ST_PROFILE_COMPAT || profile == ST_PROFILE_CORE) &&
          ctx->caps.num_extensions < ST_MAX_EXTENSIONS)
         ctx->caps.extensions[ctx->caps.num_extensions++] = "GL_OES_EGL_image";
   }

   if (share) {
      ctx->share = share->share;
      st_share_group_ref(ctx->share);
   } else {
      ctx->share = st_share_group_create();
      if (!ctx->share)
         goto no_memory;
   }

   ctx->pipe = screen->context_create ? screen->context_create(screen, ctx, 0) : NULL;
   if (!ctx->pipe)
      goto no_memory;
   if (!st_dispatch_create(ctx))
      goto no_memory;
   if (!st_draw_create(ctx))
      goto no_memory;
   if (!st_texture_context_init(ctx))
      goto no_memory;
   if (!st_arbprog_init(ctx))   /* ARB programs (st_arbprog.c) */
      goto no_memory;
   if (!st_atifs_init(ctx))     /* ATI fragment shaders (st_atifs.c) */
      goto no_memory;
   if (!st_glsl_init(ctx))      /* GLSL programs (st_glsl.c) */
      goto no_memory;
   if (!st_ubo_init(ctx))       /* uniform buffer bindings (st_ubo.c) */
      goto no_memory;
   if (!st_xfb_init(ctx))       /* transform feedback (st_xfb.c) */
      goto no_memory;

   st_init_state(ctx);
   st_debug_init(ctx);   /* after ctx->flags and ctx->profile */
   st_pixel_init(ctx);
   st_eval_grid_init(&ctx->eval_grid);   /* evaluator grids (api_eval.c) */
   st_screen_add_context(ctx->st_screen, ctx);
   *error = ST_CONTEXT_SUCCESS;
   return ctx;

no_memory:
   if (ctx) {
      st_dispatch_destroy(ctx);
      if (ctx->pipe) {
         st_atifs_fini(ctx);
         st_xfb_fini(ctx);
         st_glsl_fini(ctx);
         st_ubo_fini(ctx);
         st_arbprog_fini(ctx);
         st_texture_context_fini(ctx);
         st_draw_destroy(ctx);
         ctx->pipe->destroy(ctx->pipe);
      }
      st_share_group_unref(ctx->share);
      st_screen_put(ctx->st_screen);
      st_names_fini(&ctx->framebuffers, st_fbo_destroy_cb, ctx);
      st_names_fini(&ctx->queries, st_query_destroy_cb, ctx);
      pthread_mutex_destroy(&ctx->fb_lock);
      free(ctx);
   }
   *error = ST_CONTEXT_ERROR_NO_MEMORY;
   return NULL;
}

void
st_context_destroy(struct st_context *ctx)
{
   if (!ctx)
      return;
   if (st_current() == ctx)
      st_make_current(NULL, NULL, NULL);
   st_screen_remove_context(ctx->st_screen, ctx);

   st_framebuffer_release(ctx, &ctx->draw_fb);
   st_framebuffer_release(ctx, &ctx->read_fb);
   if (ctx->pipe->set_framebuffer_state) {
      struct pipe_framebuffer_state fb;
      memset(&fb, 0, sizeof fb);
      ctx->pipe->set_framebuffer_state(ctx->pipe, &fb);
   }
   /* framebuffer objects hold surfaces of ctx->pipe and texture references */
   ctx->draw_fbo = ctx->read_fbo = NULL;
   st_names_fini(&ctx->framebuffers, st_fbo_destroy_cb, ctx);
   st_texture_context_fini(ctx);
   /* pipe shaders: before the draw state and the pipe */
   st_atifs_fini(ctx);
   st_xfb_fini(ctx);       /* holds executables and a pipe query */
   st_glsl_fini(ctx);
   st_ubo_fini(ctx);
   st_arbprog_fini(ctx);   /* pipe shaders: before the draw state and the pipe */
   st_draw_destroy(ctx);
   st_eval_destroy(ctx);   /* evaluator maps (api_eval.c) */
   st_material_batch_destroy(ctx);   /* st_material.c */
   ctx->pipe->destroy(ctx->pipe);
   st_dlist_context_destroy(ctx);
   st_dispatch_destroy(ctx);
   st_debug_fini(ctx);   /* message log, debug groups */
   st_share_group_unref(ctx->share);
   st_screen_put(ctx->st_screen);
   /* per-context objects: released by their module's destroy function */
   st_names_fini(&ctx->queries, st_query_destroy_cb, ctx);
   pthread_mutex_destroy(&ctx->fb_lock);
   free(ctx);
}

/* --- binding ------------------------------------------------------------------ */

bool
st_make_current(struct st_context *ctx, struct st_framebuffer_iface *draw,
                struct st_framebuffer_iface *read)
{
   struct st_context *old = st_current();

   if (old)
      st_draw_flush_held(old);   /* with the drawables it was made for */
   if (old && old != ctx)
      old->pipe->flush(old->pipe, NULL, 0);

   if (!ctx) {
      st_route_make_current(NULL, NULL);
      return true;
   }

   if (!read)
      read = draw;
   st_framebuffer_bind(ctx, &ctx->draw_fb, draw);
   st_framebuffer_bind(ctx, &ctx->read_fb, read);

   /* Configless contexts take their buffer defaults from the first
    * drawable; any context whose buffer choice the new drawable lacks
    * (GL_BACK on a single-buffered one) falls back to its default. */
   enum st_attachment a[2];
   if (draw && ((!ctx->has_visual && !ctx->bound_once) ||
                (ctx->color.draw_buffer != GL_NONE &&
                 !st_framebuffer_buffers(&draw->visual, ctx->color.draw_buffer, a))))
      ctx->color.draw_buffer = draw->visual.double_buffered ? GL_BACK : GL_FRONT;
   if (read && ((!ctx->has_visual && !ctx->bound_once) ||
                (ctx->pixel.read_buffer != GL_NONE &&
                 !st_framebuffer_buffers(&read->visual, ctx->pixel.read_buffer, a))))
      ctx->pixel.read_buffer = read->visual.double_buffered ? GL_BACK : GL_FRONT;

   if (draw && !st_framebuffer_validate(ctx, &ctx->draw_fb, 0))
      return false;
   if (read && read != draw && !st_framebuffer_validate(ctx, &ctx->read_fb, 0))
      return false;

   if (draw && !ctx->bound_once) {
      ctx->bound_once = true;
      ctx->viewport.x = ctx->viewport.y = 0;
      ctx->viewport.width = (GLsizei)ctx->draw_fb.width;
      ctx->viewport.height = (GLsizei)ctx->draw_fb.height;
      ctx->scissor = (struct st_scissor_attrib){ 0, 0, (GLsizei)ctx->draw_fb.width,
                                                 (GLsizei)ctx->draw_fb.height };
      ctx->dirty |= ST_NEW_VIEWPORT | ST_NEW_SCISSOR;
   }
   ctx->dirty |= ST_NEW_FRAMEBUFFER;

   /* the save table while a display list is compiled (st_dlist.c) */
   st_route_make_current(st_dlist_current_table(ctx), ctx);
   return true;
}

struct st_context *
st_get_current(void)
{
   return st_current();
}

static void
forget_iface(struct st_context *ctx, void *data)
{
   struct st_framebuffer_iface *iface = data;
   pthread_mutex_lock(&ctx->fb_lock);
   if (ctx->draw_fb.iface == iface) {
      ctx->draw_fb.iface = NULL;
      ctx->draw_fb.validated = false;
   }
   if (ctx->read_fb.iface == iface) {
      ctx->read_fb.iface = NULL;
      ctx->read_fb.validated = false;
   }
   pthread_mutex_unlock(&ctx->fb_lock);
   /* The buffers stay referenced until the context's own thread rebinds or
    * destroys it: their surfaces belong to its pipe context. */
}

void
st_framebuffer_iface_destroyed(struct st_framebuffer_iface *iface)
{
   if (iface)
      st_screen_foreach_context(forget_iface, iface);
}

/* --- flushing ------------------------------------------------------------------ */

void
st_context_flush(struct st_context *ctx, unsigned flags, struct pipe_fence_handle **fence)
{
   if (!ctx)
      return;
   st_draw_flush_held(ctx);
   struct pipe_fence_handle *local = NULL;
   struct pipe_fence_handle **f = fence ? fence : ((flags & ST_FLUSH_WAIT) ? &local : NULL);
   ctx->pipe->flush(ctx->pipe, f, (flags & ST_FLUSH_END_OF_FRAME) ? PIPE_FLUSH_END_OF_FRAME : 0);
   if ((flags & ST_FLUSH_WAIT) && f && *f && ctx->screen->fence_finish)
      ctx->screen->fence_finish(ctx->screen, ctx->pipe, *f, UINT64_MAX);
   if (local && ctx->screen->fence_reference)
      ctx->screen->fence_reference(ctx->screen, &local, NULL);

   if (flags & ST_FLUSH_FRONT) {
      pthread_mutex_lock(&ctx->fb_lock);
      struct st_framebuffer_iface *iface = ctx->draw_fb.iface;
      pthread_mutex_unlock(&ctx->fb_lock);
      enum st_attachment a[2];
      unsigned n = iface ? st_framebuffer_buffers(&ctx->draw_fb.visual,
                                                  ctx->color.draw_buffer, a) : 0;
      bool front = !ctx->draw_fb.visual.double_buffered;
      for (unsigned i = 0; i < n; i++)
         front |= a[i] == ST_ATTACHMENT_FRONT_LEFT;
      if (iface && front && iface->flush_front)
         iface->flush_front(iface, ctx, ST_ATTACHMENT_FRONT_LEFT);
      ctx->front_dirty = false;
   }
}

struct pipe_context *
st_context_pipe(struct st_context *ctx)
{
   /* the front end uses the pipe directly (images, present, resolve):
    * after every draw made so far */
   if (ctx)
      st_draw_flush_held(ctx);
   return ctx ? ctx->pipe : NULL;
}
