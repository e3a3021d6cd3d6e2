/*
 * fe_buffers on refpipe: buffers made at the drawable's size on first use
 * and kept until the size changes, the depth buffer only for configs that
 * have one (a failed validate hands back no references), multisample
 * configs render into 4-sample buffers, and the resolve writes the
 * multisample colour into the single-sampled buffer (a cleared colour read
 * back exactly: 0.25 is 64 in 8 bits, 1.0 is 255).
 */
#include <string.h>

#include "frontend/drisw_api.h"
#include "pipe-loader/pipe_loader.h"
#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "state_trackers/common/fe_buffers.h"
#include "state_trackers/gl/tests/st_test_util.h"
#include "util/u_inlines.h"

static void
check_size(struct pipe_resource *r, unsigned w, unsigned h, enum pipe_format f, const char *what)
{
   CHECK(r && r->width0 == w && r->height0 == h && r->format == f,
         "%s: %ux%u format %d, expected %ux%u format %d", what, r ? r->width0 : 0,
         r ? r->height0 : 0, r ? (int)r->format : -1, w, h, (int)f);
}

int
main(void)
{
   struct sw_winsys *ws = null_sw_winsys_create();
   struct pipe_screen *screen = ws ? pipe_loader_create_sw_screen(ws, "refpipe") : NULL;
   if (!screen) {
      fprintf(stderr, "no refpipe screen\n");
      return 1;
   }

   struct fe_config cfg;
   CHECK(fe_config_init(&cfg, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, true,
                        4096), "config");
   struct fe_buffers b;
   fe_buffers_init(&b, screen, &cfg, 0);
   fe_buffers_resize(&b, 5, 3);
   enum st_attachment atts[2] = { ST_ATTACHMENT_BACK_LEFT, ST_ATTACHMENT_DEPTH_STENCIL };
   struct pipe_resource *out[2] = { NULL, NULL }, *again[2] = { NULL, NULL };
   CHECK(fe_buffers_validate(&b, atts, 2, out), "validate back + depth");
   check_size(out[0], 5, 3, PIPE_FORMAT_B8G8R8A8_UNORM, "back");
   check_size(out[1], 5, 3, PIPE_FORMAT_Z24_UNORM_S8_UINT, "depth");
   CHECK(fe_buffers_validate(&b, atts, 2, again) && again[0] == out[0] && again[1] == out[1],
         "the same size keeps the buffers");
   for (int i = 0; i < 2; i++)
      pipe_resource_reference(&again[i], NULL);
   fe_buffers_resize(&b, 5, 3);
   CHECK(b.textures[ST_ATTACHMENT_BACK_LEFT] == out[0], "resizing to the same size kept them");
   fe_buffers_resize(&b, 7, 2);
   CHECK(!b.textures[ST_ATTACHMENT_BACK_LEFT] && !b.textures[ST_ATTACHMENT_DEPTH_STENCIL],
         "a new size dropped the buffers");
   CHECK(fe_buffers_validate(&b, atts, 2, again), "validate at 7x2");
   check_size(again[0], 7, 2, PIPE_FORMAT_B8G8R8A8_UNORM, "back at 7x2");
   for (int i = 0; i < 2; i++) {
      pipe_resource_reference(&out[i], NULL);
      pipe_resource_reference(&again[i], NULL);
   }
   fe_buffers_release(&b);

   /* no depth in the config: the depth attachment fails, nothing is handed back */
   CHECK(fe_config_init(&cfg, PIPE_FORMAT_B8G8R8X8_UNORM, PIPE_FORMAT_NONE, false, 4096),
         "config without depth");
   fe_buffers_init(&b, screen, &cfg, 0);
   fe_buffers_resize(&b, 4, 4);
   out[0] = out[1] = NULL;
   CHECK(!fe_buffers_validate(&b, atts, 2, out) && !out[0] && !out[1],
         "depth of a config without one");
   fe_buffers_release(&b);

   /* multisample: GL renders into 4-sample buffers, the resolve fills the
    * single-sampled one */
   struct pipe_context *pipe = screen->context_create(screen, NULL, 0);
   CHECK(fe_config_init(&cfg, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, true,
                        4096), "config");
   cfg.samples = 4;
   fe_buffers_init(&b, screen, &cfg, 0);
   fe_buffers_resize(&b, 6, 4);
   bool made = fe_buffers_validate(&b, atts, 2, out);
   CHECK(made, "validate a multisample config");
   if (made) {
      CHECK(out[0] && out[0]->nr_samples == 4 && out[0] != b.textures[ST_ATTACHMENT_BACK_LEFT],
            "the colour GL renders into has 4 samples (it has %u)", out[0] ? out[0]->nr_samples : 0);
      CHECK(out[1] && out[1]->nr_samples == 4, "the depth buffer has 4 samples");
      CHECK(b.textures[ST_ATTACHMENT_BACK_LEFT] &&
            b.textures[ST_ATTACHMENT_BACK_LEFT]->nr_samples <= 1, "the resolved buffer has one");
      struct pipe_surface templ;
      memset(&templ, 0, sizeof(templ));
      templ.format = out[0]->format;
      struct pipe_surface *surf = pipe->create_surface(pipe, out[0], &templ);
      union pipe_color_union color = { .f = { 0.25f, 1.0f, 0.0f, 1.0f } };
      pipe->clear_render_target(pipe, surf, &color, 0, 0, 6, 4);
      pipe->surface_destroy(pipe, surf);
      fe_buffers_resolve(&b, pipe);
      struct pipe_box box = { 0, 0, 0, 6, 4, 1 };
      struct pipe_transfer *t = NULL;
      const uint8_t *px = pipe->texture_map(pipe, b.textures[ST_ATTACHMENT_BACK_LEFT], 0,
                                            PIPE_MAP_READ, &box, &t);
      if (px) {
         /* B8G8R8A8: blue, green, red, alpha in memory */
         const uint8_t *p = px + 3 * t->stride + 5 * 4;
         CHECK(p[0] == 0 && p[1] == 255 && p[2] == 64 && p[3] == 255,
               "resolved pixel (5,3): %u %u %u %u, expected 0 255 64 255", p[0], p[1], p[2], p[3]);
         pipe->texture_unmap(pipe, t);
      } else {
         CHECK(0, "the resolved buffer cannot be mapped");
      }
      for (int i = 0; i < 2; i++)
         pipe_resource_reference(&out[i], NULL);
   }
   fe_buffers_release(&b);
   pipe->destroy(pipe);
   screen->destroy(screen);
   return st_test_finish("fe_test_buffers");
}
