/*
 * The configurations every front end offers (fe_config.h).
 */
#include "fe_config.h"

#include <stdlib.h>

#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "state_trackers/gl/st_api.h"

/* Preferred first.  All are R-in-the-high-bits layouts: the only 8-bit
 * order EGL's pbuffer and GLX's TrueColor paths accept. */
static const struct fe_color_layout fe_color_layouts[] = {
   { PIPE_FORMAT_B8G8R8A8_UNORM, { 8, 8, 8, 8 }, { 16, 8, 0, 24 } },
   { PIPE_FORMAT_B8G8R8X8_UNORM, { 8, 8, 8, 0 }, { 16, 8, 0, 0 } },
   { PIPE_FORMAT_B5G6R5_UNORM, { 5, 6, 5, 0 }, { 11, 5, 0, 0 } },
};

/* Preferred first; NONE is always available. */
static const struct fe_zs_layout fe_zs_layouts[] = {
   { PIPE_FORMAT_NONE, 0, 0 },
   { PIPE_FORMAT_Z24_UNORM_S8_UINT, 24, 8 },
   { PIPE_FORMAT_Z24X8_UNORM, 24, 0 },
   { PIPE_FORMAT_Z16_UNORM, 16, 0 },
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

const struct fe_color_layout *
fe_color_layout(enum pipe_format format)
{
   for (unsigned i = 0; i < ARRAY_LEN(fe_color_layouts); i++) {
      if (fe_color_layouts[i].format == format)
         return &fe_color_layouts[i];
   }
   return NULL;
}

const struct fe_zs_layout *
fe_zs_layout(enum pipe_format format)
{
   for (unsigned i = 0; i < ARRAY_LEN(fe_zs_layouts); i++) {
      if (fe_zs_layouts[i].format == format)
         return &fe_zs_layouts[i];
   }
   return NULL;
}

bool
fe_config_init(struct fe_config *cfg, enum pipe_format color, enum pipe_format zs,
               bool double_buffered, unsigned max_pbuffer_size)
{
   if (!cfg || !fe_color_layout(color) || !fe_zs_layout(zs))
      return false;
   cfg->color_format = color;
   cfg->zs_format = zs;
   cfg->double_buffered = double_buffered;
   cfg->max_pbuffer_size = max_pbuffer_size;
   cfg->samples = 0;
   return true;
}

unsigned
fe_config_enumerate(struct pipe_screen *pscreen, unsigned color_bind, unsigned max_pbuffer_size,
                    struct fe_config *out, unsigned max)
{
   static const unsigned sample_counts[] = { 0, 2, 4, 8 };
   unsigned n = 0;

   if (!pscreen || !pscreen->is_format_supported)
      return 0;
   for (unsigned c = 0; c < ARRAY_LEN(fe_color_layouts); c++) {
      enum pipe_format color = fe_color_layouts[c].format;
      if (!pscreen->is_format_supported(pscreen, color, PIPE_TEXTURE_2D, 0, color_bind))
         continue;
      for (unsigned z = 0; z < ARRAY_LEN(fe_zs_layouts); z++) {
         enum pipe_format zs = fe_zs_layouts[z].format;
         if (zs != PIPE_FORMAT_NONE &&
             !pscreen->is_format_supported(pscreen, zs, PIPE_TEXTURE_2D, 0,
                                           PIPE_BIND_DEPTH_STENCIL))
            continue;
         /* then multisample variants the driver can render */
         for (unsigned si = 0; si < ARRAY_LEN(sample_counts); si++) {
            unsigned ns = sample_counts[si];
            if (ns && (pscreen->caps.max_samples < ns ||
                       !pscreen->is_format_supported(pscreen, color, PIPE_TEXTURE_2D, ns,
                                                     PIPE_BIND_RENDER_TARGET) ||
                       (zs != PIPE_FORMAT_NONE &&
                        !pscreen->is_format_supported(pscreen, zs, PIPE_TEXTURE_2D, ns,
                                                      PIPE_BIND_DEPTH_STENCIL))))
               continue;
            for (int db = 1; db >= 0; db--) {
               if (out && n < max) {
                  fe_config_init(&out[n], color, zs, db != 0, max_pbuffer_size);
                  out[n].samples = ns;
               }
               n++;
            }
         }
      }
   }
   return n;
}

struct fe_config *
fe_config_list(struct pipe_screen *pscreen, unsigned color_bind, unsigned max_pbuffer_size,
               unsigned *count)
{
   unsigned n = fe_config_enumerate(pscreen, color_bind, max_pbuffer_size, NULL, 0);
   struct fe_config *all = n ? calloc(n, sizeof(*all)) : NULL;
   *count = all ? n : 0;
   if (all)
      fe_config_enumerate(pscreen, color_bind, max_pbuffer_size, all, n);
   return all;
}

unsigned
fe_config_max_pbuffer_size(struct pipe_screen *pscreen)
{
   unsigned max = pscreen->caps.max_texture_2d_size;
   if (pscreen->caps.max_viewport_size && pscreen->caps.max_viewport_size < max)
      max = pscreen->caps.max_viewport_size;
   return max ? max : 4096;
}

void
fe_config_to_visual(const struct fe_config *cfg, struct st_visual *visual)
{
   visual->double_buffered = cfg->double_buffered;
   visual->color_format = cfg->color_format;
   visual->depth_stencil_format = cfg->zs_format;
   visual->samples = cfg->samples > 1 ? cfg->samples : 0;
}
