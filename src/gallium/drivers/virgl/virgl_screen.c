/*
 * The virgl screen (virgl_driver.h): caps and formats from the host's
 * capability set, strings naming the host's renderer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_debug.h"
#include "virgl_driver.h"

static void
screen_destroy(struct pipe_screen *ps)
{
   struct virgl_screen *s = virgl_screen(ps);
   virgl_winsys_destroy(s->ws);
   free(s);
}

static const char *
screen_name(struct pipe_screen *ps)
{
   return virgl_screen(ps)->name;
}

static const char *
screen_vendor(struct pipe_screen *ps)
{
   (void)ps;
   return "Pony";
}

static bool
screen_is_format_supported(struct pipe_screen *ps, enum pipe_format format,
                           enum pipe_texture_target target, unsigned sample_count,
                           unsigned bindings)
{
   struct virgl_screen *s = virgl_screen(ps);
   if ((unsigned)target >= PIPE_MAX_TEXTURE_TYPES || sample_count > 1)
      return false;   /* multisampling: not yet */
   if (target == PIPE_BUFFER)
      return !(bindings & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL)) &&
             virgl_caps_format_supported(&s->host, format, bindings & PIPE_BIND_VERTEX_BUFFER);
   return virgl_caps_format_supported(&s->host, format, bindings);
}

struct pipe_screen *
virgl_screen_create(int fd)
{
   struct virgl_winsys *ws = NULL;
   int ret = virgl_drm_winsys_create(fd, &ws);
   if (ret) {
      if (pony_debug_get() & PONY_DEBUG_DRIVER)
         pony_log("virgl", "no virgl winsys on fd %d: %s", fd, strerror(-ret));
      return NULL;
   }
   return virgl_screen_create_winsys(ws);
}

struct pipe_screen *
virgl_screen_create_winsys(struct virgl_winsys *ws)
{
   bool debug = pony_debug_get() & PONY_DEBUG_DRIVER;
   int ret;
   struct virgl_screen *s = calloc(1, sizeof *s);
   if (!s) {
      virgl_winsys_destroy(ws);
      return NULL;
   }
   s->ws = ws;
   const struct virgl_winsys_caps *wc = virgl_winsys_caps(ws);
   ret = virgl_caps_decode(wc->dwords, wc->num_dwords, &s->host);
   if (ret) {
      if (debug)
         pony_log("virgl", "the host's capability set %u is malformed", wc->set_id);
      virgl_winsys_destroy(ws);
      free(s);
      return NULL;
   }
   snprintf(s->name, sizeof s->name, "virgl (%s)",
            s->host.renderer[0] ? s->host.renderer : "host");
   struct pipe_caps caps;
   virgl_caps_to_pipe(&s->host, &caps);
   /* drawing through the GL state tracker is being brought up in the VM
    * (docs/virgl.md): offered only when asked for until it passes there */
   const char *draw = getenv("PONY_VIRGL_DRAW");
   if (draw && !strcmp(draw, "1"))
      virgl_caps_add_drawing(&s->host, &caps);
   /* caps is const for everyone else; this is its one initialisation */
   memcpy((void *)&s->base.caps, &caps, sizeof caps);
   s->base.destroy = screen_destroy;
   s->base.get_name = screen_name;
   s->base.get_vendor = screen_vendor;
   s->base.is_format_supported = screen_is_format_supported;
   s->base.context_create = virgl_context_create;
   virgl_resource_init_screen(s);
   virgl_fence_init_screen(s);
   return &s->base;
}
