/*
 * X screens: the pipe screen Pony renders with, the visuals it can show,
 * the FBConfigs, the GLX strings and the renderer queries
 * (GLX_MESA_query_renderer).
 *
 * Configs: every config fe_config_enumerate gives for the screen whose
 * colour format some TrueColor visual of the screen shows (both
 * single- and double-buffered, every depth/stencil layout and sample
 * count).  Each gets a visual of its format of its own while there are
 * visuals left (a GLX 1.2 application names a config by its visual:
 * glXChooseVisual, glXCreateContext, glXGetConfig), the ones a GLX 1.2
 * application most likely wants first: the default visual gets the
 * double-buffered, depth 24 / stencil 8, single-sampled config.  When
 * there are fewer visuals than configs, the rest share the format's first
 * visual (whose GLX 1.2 attributes stay those of its own config).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/drisw_api.h"
#include "pipe-loader/pipe_loader.h"
#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"

#include "glx_private.h"

#ifndef PONY_VERSION_MAJOR
#define PONY_VERSION_MAJOR 0
#define PONY_VERSION_MINOR 0
#define PONY_VERSION_PATCH 0
#endif

/* --- visuals --------------------------------------------------------------------- */

/* The screen's TrueColor visuals of a colour format Pony renders: the
 * default visual first, then in the server's order. */
static bool
find_visuals(struct glx_screen *s)
{
   Display *dpy = s->disp->dpy;
   XVisualInfo templ;
   memset(&templ, 0, sizeof(templ));
   templ.screen = s->number;
   templ.class = TrueColor;
   int n = 0;
   XVisualInfo *vis = XGetVisualInfo(dpy, VisualScreenMask | VisualClassMask, &templ, &n);
   if (!vis || n <= 0 || !(s->visuals = calloc((size_t)n, sizeof(*s->visuals)))) {
      if (vis)
         XFree(vis);
      return false;
   }
   VisualID def = XVisualIDFromVisual(DefaultVisual(dpy, s->number));
   for (int pass = 0; pass < 2; pass++) {
      for (int i = 0; i < n; i++) {
         enum pipe_format f = fe_x11_visual_format(vis[i].visual, vis[i].depth);
         if (f == PIPE_FORMAT_NONE || (pass == 0) != (vis[i].visualid == def))
            continue;
         struct glx_visual *v = &s->visuals[s->num_visuals++];
         v->id = vis[i].visualid;
         v->depth = vis[i].depth;
         v->format = f;
         v->config = -1;
      }
   }
   XFree(vis);
   return s->num_visuals > 0;
}

static bool
format_has_visual(const struct glx_screen *s, enum pipe_format f)
{
   for (unsigned i = 0; i < s->num_visuals; i++) {
      if (s->visuals[i].format == f)
         return true;
   }
   return false;
}

const struct glx_visual *
glx_screen_visual(const struct glx_screen *s, VisualID id)
{
   for (unsigned i = 0; i < s->num_visuals; i++) {
      if (s->visuals[i].id == id)
         return &s->visuals[i];
   }
   return NULL;
}

const struct glx_config *
glx_screen_visual_config(const struct glx_screen *s, VisualID id)
{
   const struct glx_visual *v = glx_screen_visual(s, id);
   return v && v->config >= 0 ? &s->configs[v->config] : NULL;
}

/* --- configs ---------------------------------------------------------------------- */

/* What a GLX 1.2 application most likely asks of a visual first. */
static int
visual_rank(const struct fe_config *c)
{
   if (c->samples || c->zs_format != PIPE_FORMAT_Z24_UNORM_S8_UINT)
      return 2;
   return c->double_buffered ? 0 : 1;
}

static void
assign_visuals(struct glx_screen *s)
{
   for (unsigned v0 = 0; v0 < s->num_visuals; v0++) {
      enum pipe_format f = s->visuals[v0].format;
      bool first_of_format = true;
      for (unsigned j = 0; j < v0; j++)
         first_of_format &= s->visuals[j].format != f;
      if (!first_of_format)
         continue;
      unsigned next = v0;   /* the next visual of format f to hand out */
      for (int rank = 0; rank <= 2; rank++) {
         for (unsigned i = 0; i < s->num_configs; i++) {
            struct glx_config *c = &s->configs[i];
            if (c->fe.color_format != f || visual_rank(&c->fe) != rank)
               continue;
            while (next < s->num_visuals && s->visuals[next].format != f)
               next++;
            struct glx_visual *v = next < s->num_visuals ? &s->visuals[next++] : &s->visuals[v0];
            c->visual_id = v->id;
            c->visual_depth = v->depth;
            if (v->config < 0)
               v->config = (int)i;
         }
      }
   }
}

static bool
build_configs(struct glx_screen *s)
{
   unsigned n, max = fe_config_max_pbuffer_size(s->pscreen);
   struct fe_config *all = fe_config_list(s->pscreen, PIPE_BIND_RENDER_TARGET, max, &n);
   if (!all)
      return false;
   s->configs = calloc(n, sizeof(*s->configs));
   if (!s->configs) {
      free(all);
      return false;
   }
   for (unsigned i = 0; i < n; i++) {
      if (!format_has_visual(s, all[i].color_format))
         continue;
      struct glx_config *c = &s->configs[s->num_configs++];
      c->fe = all[i];
      c->id = (int)s->num_configs;
      c->screen = s->number;
      s->multisample |= all[i].samples > 1;
   }
   free(all);
   s->max_pbuffer = max > 0x7fff ? 0x7fff : (int)max;
   assign_visuals(s);
   return s->num_configs > 0;
}

/* --- setting up ------------------------------------------------------------------ */

static void
append(char *buf, size_t size, const char *name)
{
   size_t len = strlen(buf);
   snprintf(buf + len, size - len, "%s%s", len ? " " : "", name);
}

/* What the screen offers, in the order of the names. */
static void
build_extensions(struct glx_screen *s)
{
   char *e = s->extensions;
   size_t n = sizeof(s->extensions);
   e[0] = '\0';
   append(e, n, "GLX_ARB_create_context");
   append(e, n, "GLX_ARB_create_context_no_error");
   append(e, n, "GLX_ARB_create_context_profile");
   append(e, n, "GLX_ARB_create_context_robustness");
   append(e, n, "GLX_ARB_get_proc_address");
   if (s->multisample)
      append(e, n, "GLX_ARB_multisample");
   if (s->es2[0])
      append(e, n, "GLX_EXT_create_context_es2_profile");
   if (s->es1[0] || s->es2[0])
      append(e, n, "GLX_EXT_create_context_es_profile");
   append(e, n, "GLX_EXT_no_config_context");
   append(e, n, "GLX_EXT_swap_control");
   append(e, n, "GLX_EXT_visual_info");
   append(e, n, "GLX_EXT_visual_rating");
   append(e, n, "GLX_MESA_query_renderer");
   append(e, n, "GLX_MESA_swap_control");
   append(e, n, "GLX_SGI_make_current_read");
   append(e, n, "GLX_SGI_swap_control");
}

static void
max_version(struct pipe_screen *ps, enum st_profile profile, int v[2])
{
   if (!st_profile_max_version(ps, profile, &v[0], &v[1]))
      v[0] = v[1] = 0;
}

bool
glx_screen_init(struct glx_screen *s)
{
   struct glx_display *d = s->disp;
   if (!find_visuals(s)) {
      glx_log(d, "screen %d: no TrueColor visual of a format Pony renders", s->number);
      return false;
   }
   struct sw_winsys *ws = null_sw_winsys_create();
   s->pscreen = ws ? pipe_loader_create_sw_screen(ws, NULL) : NULL;   /* takes ws */
   if (!s->pscreen) {
      glx_log(d, "screen %d: no pipe driver (see PONY_DEBUG=loader)", s->number);
      glx_screen_fini(s);
      return false;
   }
   if (!build_configs(s)) {
      glx_log(d, "screen %d: no config: the driver renders none of the visuals' formats",
              s->number);
      glx_screen_fini(s);
      return false;
   }
   max_version(s->pscreen, ST_PROFILE_COMPAT, s->compat);
   max_version(s->pscreen, ST_PROFILE_CORE, s->core);
   max_version(s->pscreen, ST_PROFILE_GLES1, s->es1);
   max_version(s->pscreen, ST_PROFILE_GLES2, s->es2);
   struct pipe_screen *ps = s->pscreen;
   snprintf(s->device_name, sizeof(s->device_name), "%s %s",
            ps->get_vendor ? ps->get_vendor(ps) : PIPE_VENDOR_STRING,
            ps->get_name ? ps->get_name(ps) : "unknown");
   build_extensions(s);
   glx_log(d, "screen %d: %s, %u visuals, %u configs, GL %d.%d", s->number, s->device_name,
           s->num_visuals, s->num_configs, s->compat[0], s->compat[1]);
   return true;
}

void
glx_screen_fini(struct glx_screen *s)
{
   if (s->pipe)
      s->pipe->destroy(s->pipe);
   s->pipe = NULL;
   if (s->pscreen)
      s->pscreen->destroy(s->pscreen);
   s->pscreen = NULL;
   free(s->configs);
   s->configs = NULL;
   s->num_configs = 0;
   free(s->visuals);
   s->visuals = NULL;
   s->num_visuals = 0;
}

struct pipe_context *
glx_screen_pipe(struct glx_screen *s)
{
   if (!s->pipe && s->pscreen->context_create)
      s->pipe = s->pscreen->context_create(s->pscreen, NULL, 0);
   return s->pipe;
}

/* --- strings --------------------------------------------------------------------- */

/* Everything the library can do; a screen offers its part of it. */
static const char glx_client_extensions[] =
   "GLX_ARB_create_context GLX_ARB_create_context_no_error GLX_ARB_create_context_profile "
   "GLX_ARB_create_context_robustness GLX_ARB_get_proc_address GLX_ARB_multisample "
   "GLX_EXT_create_context_es2_profile GLX_EXT_create_context_es_profile "
   "GLX_EXT_no_config_context GLX_EXT_swap_control GLX_EXT_visual_info GLX_EXT_visual_rating "
   "GLX_MESA_query_renderer GLX_MESA_swap_control GLX_SGI_make_current_read "
   "GLX_SGI_swap_control";

/* The screen's extensions: they live as long as the display. */
static const char *
screen_extensions(Display *dpy, int screen)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return NULL;
   glx_display_lock(d);
   struct glx_screen *s = glx_display_screen(d, screen);
   const char *e = s ? s->extensions : NULL;
   glx_display_unlock(d);
   return e;
}

const char *
api_glXQueryExtensionsString(Display *dpy, int screen)
{
   return screen_extensions(dpy, screen);
}

const char *
api_glXQueryServerString(Display *dpy, int screen, int name)
{
   /* Pony renders in the client: the "server" side is Pony too */
   const char *e = screen_extensions(dpy, screen);
   if (!e)
      return NULL;
   switch (name) {
   case GLX_VENDOR:
      return "Pony";
   case GLX_VERSION:
      return "1.4";
   case GLX_EXTENSIONS:
      return e;
   default:
      return NULL;
   }
}

const char *
api_glXGetClientString(Display *dpy, int name)
{
   (void)dpy;
   switch (name) {
   case GLX_VENDOR:
      return "Pony";
   case GLX_VERSION:
      return "1.4";
   case GLX_EXTENSIONS:
      return glx_client_extensions;
   default:
      return NULL;
   }
}

/* --- GLX_MESA_query_renderer ---------------------------------------------------- */

static void
put2(unsigned int *value, const int v[2])
{
   value[0] = (unsigned)v[0];
   value[1] = (unsigned)v[1];
}

static Bool
renderer_integer(const struct glx_screen *s, int attribute, unsigned int *value)
{
   const struct pipe_screen *ps = s->pscreen;
   switch (attribute) {
   case GLX_RENDERER_VENDOR_ID_MESA:
   case GLX_RENDERER_DEVICE_ID_MESA:
      value[0] = 0xffffffff;   /* no PCI device behind a software renderer */
      return True;
   case GLX_RENDERER_VERSION_MESA:
      value[0] = PONY_VERSION_MAJOR;
      value[1] = PONY_VERSION_MINOR;
      value[2] = PONY_VERSION_PATCH;
      return True;
   case GLX_RENDERER_ACCELERATED_MESA:
      value[0] = 0;
      return True;
   case GLX_RENDERER_VIDEO_MEMORY_MESA:
      value[0] = (unsigned)ps->caps.video_memory_mb;
      return True;
   case GLX_RENDERER_UNIFIED_MEMORY_ARCHITECTURE_MESA:
      value[0] = ps->caps.uma ? 1 : 0;
      return True;
   case GLX_RENDERER_PREFERRED_PROFILE_MESA:
      value[0] = s->core[0] ? GLX_CONTEXT_CORE_PROFILE_BIT_ARB
                            : GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB;
      return True;
   case GLX_RENDERER_OPENGL_CORE_PROFILE_VERSION_MESA:
      put2(value, s->core);
      return True;
   case GLX_RENDERER_OPENGL_COMPATIBILITY_PROFILE_VERSION_MESA:
      put2(value, s->compat);
      return True;
   case GLX_RENDERER_OPENGL_ES_PROFILE_VERSION_MESA:
      put2(value, s->es1);
      return True;
   case GLX_RENDERER_OPENGL_ES2_PROFILE_VERSION_MESA:
      put2(value, s->es2);
      return True;
   default:
      return False;
   }
}

static const char *
renderer_string(const struct glx_screen *s, int attribute)
{
   struct pipe_screen *ps = s->pscreen;
   switch (attribute) {
   case GLX_RENDERER_VENDOR_ID_MESA:
      return ps->get_vendor ? ps->get_vendor(ps) : PIPE_VENDOR_STRING;
   case GLX_RENDERER_DEVICE_ID_MESA:
      return s->device_name;
   default:
      return NULL;
   }
}

Bool
api_glXQueryRendererIntegerMESA(Display *dpy, int screen, int renderer, int attribute,
                                unsigned int *value)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d || renderer != 0 || !value)
      return False;
   glx_display_lock(d);
   struct glx_screen *s = glx_display_screen(d, screen);
   Bool ok = s && renderer_integer(s, attribute, value);
   glx_display_unlock(d);
   return ok;
}

const char *
api_glXQueryRendererStringMESA(Display *dpy, int screen, int renderer, int attribute)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d || renderer != 0)
      return NULL;
   glx_display_lock(d);
   struct glx_screen *s = glx_display_screen(d, screen);
   const char *str = s ? renderer_string(s, attribute) : NULL;
   glx_display_unlock(d);
   return str;
}

/* The current context's screen stays while it is current: no lock needed
 * for what never changes after set-up. */
Bool
api_glXQueryCurrentRendererIntegerMESA(int attribute, unsigned int *value)
{
   struct glx_thread *t = glx_thread();
   return t->ctx && value && renderer_integer(t->ctx->screen, attribute, value);
}

const char *
api_glXQueryCurrentRendererStringMESA(int attribute)
{
   struct glx_thread *t = glx_thread();
   return t->ctx ? renderer_string(t->ctx->screen, attribute) : NULL;
}
