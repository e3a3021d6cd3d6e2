/*
 * Which formats swpipe can create with which bind flags.  Everything
 * swpipe stores is plain memory, so the answer follows from what the
 * format module can pack (render targets, depth/stencil) and decode
 * (sampler views).
 */
#include "format/u_format.h"
#include "frontend/sw_winsys.h"
#include "swpipe_limits.h"
#include "swpipe_screen.h"

static bool
is_compressed(const struct util_format_description *d)
{
   return d->layout == UTIL_FORMAT_LAYOUT_S3TC || d->layout == UTIL_FORMAT_LAYOUT_RGTC ||
          d->layout == UTIL_FORMAT_LAYOUT_BPTC || d->layout == UTIL_FORMAT_LAYOUT_FXT1 ||
          d->layout == UTIL_FORMAT_LAYOUT_ETC;
}

static bool
is_colour(const struct util_format_description *d)
{
   return !d->is_depth && !d->is_stencil;
}

/* Formats only vertex arrays use (GL_FIXED, GL_DOUBLE, normalized 32-bit
 * integers): fetchable and sampleable, never render targets. */
static bool
is_vertex_only(const struct util_format_description *d)
{
   for (unsigned c = 0; c < d->nr_channels; c++) {
      const struct util_format_channel *ch = &d->channel[c];
      if (ch->type == UTIL_FORMAT_TYPE_FIXED ||
          (ch->type == UTIL_FORMAT_TYPE_FLOAT && ch->size == 64) ||
          ((ch->type == UTIL_FORMAT_TYPE_UNORM || ch->type == UTIL_FORMAT_TYPE_SNORM) &&
           ch->size == 32))
         return true;
   }
   return false;
}

/* Colour formats clears (and, later, drawing) can write. */
static bool
is_renderable(const struct util_format_description *d)
{
   return is_colour(d) && !is_compressed(d) && d->format != PIPE_FORMAT_R9G9B9E5_FLOAT &&
          !is_vertex_only(d) && d->block_bytes <= 16;
}

bool
swpipe_is_format_supported(struct pipe_screen *screen, enum pipe_format format,
                            enum pipe_texture_target target, unsigned sample_count,
                            unsigned bindings)
{
   const struct util_format_description *d;

   if (format == PIPE_FORMAT_NONE || (unsigned)format >= PIPE_FORMAT_COUNT)
      return false;
   if ((unsigned)target >= PIPE_MAX_TEXTURE_TYPES)
      return false;
   d = util_format_description(format);
   if (sample_count > 1) {
      /* multisample render targets and depth/stencil buffers (never
       * displayed): 2, 4 or 8 samples; sampler views of them are read per
       * sample (texelFetch of sampler2DMS: swpipe_tex.c) */
      if ((sample_count & (sample_count - 1)) || sample_count > SWPIPE_MAX_SAMPLES ||
          (target != PIPE_TEXTURE_2D && target != PIPE_TEXTURE_2D_ARRAY) ||
          is_compressed(d) ||
          (bindings & (PIPE_BIND_DISPLAY_TARGET | PIPE_BIND_SCANOUT | PIPE_BIND_SHARED |
                       PIPE_BIND_LINEAR)) ||
          !(bindings & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL)))
         return false;
   }

   if (target == PIPE_BUFFER) {
      const unsigned buffer_binds = PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER |
                                    PIPE_BIND_CONSTANT_BUFFER | PIPE_BIND_STREAM_OUTPUT |
                                    PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_SHARED |
                                    PIPE_BIND_LINEAR;
      if (bindings & ~buffer_binds)
         return false;
      if ((bindings & (PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_SAMPLER_VIEW)) &&
          (!is_colour(d) || is_compressed(d)))
         return false;
      if ((bindings & PIPE_BIND_INDEX_BUFFER) && format != PIPE_FORMAT_R8_UINT &&
          format != PIPE_FORMAT_R16_UINT && format != PIPE_FORMAT_R32_UINT)
         return false;
      return true;
   }

   if (bindings & (PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER |
                   PIPE_BIND_CONSTANT_BUFFER | PIPE_BIND_STREAM_OUTPUT))
      return false;

   /* BPTC also as 3D textures (slices of 2D blocks) */
   if (is_compressed(d) && target != PIPE_TEXTURE_2D && target != PIPE_TEXTURE_2D_ARRAY &&
       target != PIPE_TEXTURE_CUBE && target != PIPE_TEXTURE_CUBE_ARRAY &&
       target != PIPE_TEXTURE_RECT &&
       !(target == PIPE_TEXTURE_3D && d->layout == UTIL_FORMAT_LAYOUT_BPTC))
      return false;

   if ((bindings & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_BLENDABLE)) && !is_renderable(d))
      return false;
   if ((bindings & PIPE_BIND_BLENDABLE) && d->is_pure_integer)
      return false;
   if (bindings & PIPE_BIND_DEPTH_STENCIL) {
      if (is_colour(d) || target == PIPE_TEXTURE_3D)
         return false;
   }
   if (bindings & (PIPE_BIND_DISPLAY_TARGET | PIPE_BIND_SCANOUT | PIPE_BIND_SHARED)) {
      struct sw_winsys *ws = screen->winsys;
      if (target != PIPE_TEXTURE_2D && target != PIPE_TEXTURE_RECT)
         return false;
      if (!ws || !ws->is_displaytarget_format_supported ||
          !ws->is_displaytarget_format_supported(ws, bindings, format))
         return false;
   }
   return true;
}
