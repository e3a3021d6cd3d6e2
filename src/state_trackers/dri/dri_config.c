/*
 * __DRIconfig: the colour / depth-stencil / buffering combinations the
 * front end offers, and the attribute answers Mesa's loaders read from
 * them (EGL drops configs whose BUFFER_SIZE is not R+G+B+A; GLX compares
 * every listed attribute with the X server's visuals).
 */
#include "dri_config.h"

#include <stdint.h>
#include <stdlib.h>

#include <GL/internal/dri_interface.h>

#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "state_trackers/gl/st_api.h"

struct dri_color_layout {
   enum pipe_format format;
   uint8_t size[4];    /* R, G, B, A bits */
   uint8_t shift[4];   /* R, G, B, A bit offsets in the pixel word */
   int image_format;   /* __DRI_IMAGE_FORMAT_* */
};

/* Preferred first.  All are R-in-the-high-bits layouts: the only 8-bit
 * order EGL's pbuffer and GLX's TrueColor paths accept. */
static const struct dri_color_layout dri_color_layouts[] = {
   { PIPE_FORMAT_B8G8R8A8_UNORM, { 8, 8, 8, 8 }, { 16, 8, 0, 24 }, __DRI_IMAGE_FORMAT_ARGB8888 },
   { PIPE_FORMAT_B8G8R8X8_UNORM, { 8, 8, 8, 0 }, { 16, 8, 0, 0 }, __DRI_IMAGE_FORMAT_XRGB8888 },
   { PIPE_FORMAT_B5G6R5_UNORM, { 5, 6, 5, 0 }, { 11, 5, 0, 0 }, __DRI_IMAGE_FORMAT_RGB565 },
};

struct dri_zs_layout {
   enum pipe_format format;
   uint8_t depth, stencil;
};

/* Preferred first; NONE is always available. */
static const struct dri_zs_layout dri_zs_layouts[] = {
   { PIPE_FORMAT_NONE, 0, 0 },
   { PIPE_FORMAT_Z24_UNORM_S8_UINT, 24, 8 },
   { PIPE_FORMAT_Z24X8_UNORM, 24, 0 },
   { PIPE_FORMAT_Z16_UNORM, 16, 0 },
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/*
 * What indexConfigAttrib lists, in this order.  getConfigAttrib answers a
 * few more: transparency, float mode, ... which no loader compares, and
 * BIND_TO_TEXTURE_RGB/RGBA, which must stay unlisted: they are 0 here
 * (setTexBuffer cannot work yet) while Xvfb's server-side configs say 1,
 * and GLX compares every listed attribute (no visual would match).
 */
static const unsigned dri_listed_attribs[] = {
   __DRI_ATTRIB_BUFFER_SIZE,
   __DRI_ATTRIB_LEVEL,
   __DRI_ATTRIB_RED_SIZE,
   __DRI_ATTRIB_GREEN_SIZE,
   __DRI_ATTRIB_BLUE_SIZE,
   __DRI_ATTRIB_LUMINANCE_SIZE,
   __DRI_ATTRIB_ALPHA_SIZE,
   __DRI_ATTRIB_ALPHA_MASK_SIZE,
   __DRI_ATTRIB_DEPTH_SIZE,
   __DRI_ATTRIB_STENCIL_SIZE,
   __DRI_ATTRIB_ACCUM_RED_SIZE,
   __DRI_ATTRIB_ACCUM_GREEN_SIZE,
   __DRI_ATTRIB_ACCUM_BLUE_SIZE,
   __DRI_ATTRIB_ACCUM_ALPHA_SIZE,
   __DRI_ATTRIB_SAMPLE_BUFFERS,
   __DRI_ATTRIB_SAMPLES,
   __DRI_ATTRIB_RENDER_TYPE,
   __DRI_ATTRIB_CONFIG_CAVEAT,
   __DRI_ATTRIB_CONFORMANT,
   __DRI_ATTRIB_DOUBLE_BUFFER,
   __DRI_ATTRIB_STEREO,
   __DRI_ATTRIB_AUX_BUFFERS,
   __DRI_ATTRIB_RED_MASK,
   __DRI_ATTRIB_GREEN_MASK,
   __DRI_ATTRIB_BLUE_MASK,
   __DRI_ATTRIB_ALPHA_MASK,
   __DRI_ATTRIB_MAX_PBUFFER_WIDTH,
   __DRI_ATTRIB_MAX_PBUFFER_HEIGHT,
   __DRI_ATTRIB_MAX_PBUFFER_PIXELS,
   __DRI_ATTRIB_SWAP_METHOD,
   __DRI_ATTRIB_MAX_SWAP_INTERVAL,
   __DRI_ATTRIB_MIN_SWAP_INTERVAL,
   __DRI_ATTRIB_BIND_TO_MIPMAP_TEXTURE,
   __DRI_ATTRIB_BIND_TO_TEXTURE_TARGETS,
   __DRI_ATTRIB_YINVERTED,
   __DRI_ATTRIB_FRAMEBUFFER_SRGB_CAPABLE,
   __DRI_ATTRIB_MUTABLE_RENDER_BUFFER,
   __DRI_ATTRIB_RED_SHIFT,
   __DRI_ATTRIB_GREEN_SHIFT,
   __DRI_ATTRIB_BLUE_SHIFT,
   __DRI_ATTRIB_ALPHA_SHIFT,
};

static const struct dri_color_layout *
dri_find_color(enum pipe_format format)
{
   for (unsigned i = 0; i < ARRAY_LEN(dri_color_layouts); i++) {
      if (dri_color_layouts[i].format == format)
         return &dri_color_layouts[i];
   }
   return NULL;
}

static const struct dri_zs_layout *
dri_find_zs(enum pipe_format format)
{
   for (unsigned i = 0; i < ARRAY_LEN(dri_zs_layouts); i++) {
      if (dri_zs_layouts[i].format == format)
         return &dri_zs_layouts[i];
   }
   return NULL;
}

bool
dri_config_init(struct dri_config *cfg, enum pipe_format color, enum pipe_format zs,
                bool double_buffered, unsigned max_pbuffer_size)
{
   if (!cfg || !dri_find_color(color) || !dri_find_zs(zs))
      return false;
   cfg->color_format = color;
   cfg->zs_format = zs;
   cfg->double_buffered = double_buffered;
   cfg->max_pbuffer_size = max_pbuffer_size;
   cfg->samples = 0;
   return true;
}

int
dri_config_image_format(enum pipe_format color)
{
   const struct dri_color_layout *c = dri_find_color(color);
   return c ? c->image_format : 0;
}

static unsigned
dri_channel_mask(const struct dri_color_layout *c, unsigned ch)
{
   if (!c->size[ch])
      return 0;
   return ((1u << c->size[ch]) - 1u) << c->shift[ch];
}

int
dri_config_get_attrib(const struct dri_config *cfg, unsigned attrib, unsigned *value)
{
   const struct dri_color_layout *c;
   const struct dri_zs_layout *zs;
   unsigned v;

   if (!cfg || !value)
      return 0;
   c = dri_find_color(cfg->color_format);
   zs = dri_find_zs(cfg->zs_format);
   if (!c || !zs)
      return 0;

   switch (attrib) {
   case __DRI_ATTRIB_BUFFER_SIZE:
      v = c->size[0] + c->size[1] + c->size[2] + c->size[3];
      break;
   case __DRI_ATTRIB_RED_SIZE:
      v = c->size[0];
      break;
   case __DRI_ATTRIB_GREEN_SIZE:
      v = c->size[1];
      break;
   case __DRI_ATTRIB_BLUE_SIZE:
      v = c->size[2];
      break;
   case __DRI_ATTRIB_ALPHA_SIZE:
      v = c->size[3];
      break;
   case __DRI_ATTRIB_RED_MASK:
      v = dri_channel_mask(c, 0);
      break;
   case __DRI_ATTRIB_GREEN_MASK:
      v = dri_channel_mask(c, 1);
      break;
   case __DRI_ATTRIB_BLUE_MASK:
      v = dri_channel_mask(c, 2);
      break;
   case __DRI_ATTRIB_ALPHA_MASK:
      v = dri_channel_mask(c, 3);
      break;
   case __DRI_ATTRIB_RED_SHIFT:
      v = c->shift[0];
      break;
   case __DRI_ATTRIB_GREEN_SHIFT:
      v = c->shift[1];
      break;
   case __DRI_ATTRIB_BLUE_SHIFT:
      v = c->shift[2];
      break;
   case __DRI_ATTRIB_ALPHA_SHIFT:
      /* EGL reads "no alpha" from an all-ones shift. */
      v = c->size[3] ? c->shift[3] : (unsigned)-1;
      break;
   case __DRI_ATTRIB_DEPTH_SIZE:
      v = zs->depth;
      break;
   case __DRI_ATTRIB_STENCIL_SIZE:
      v = zs->stencil;
      break;
   case __DRI_ATTRIB_RENDER_TYPE:
      v = __DRI_ATTRIB_RGBA_BIT;
      break;
   case __DRI_ATTRIB_CONFORMANT:
      v = 1;
      break;
   case __DRI_ATTRIB_DOUBLE_BUFFER:
      v = cfg->double_buffered;
      break;
   case __DRI_ATTRIB_MAX_PBUFFER_WIDTH:
   case __DRI_ATTRIB_MAX_PBUFFER_HEIGHT:
      v = cfg->max_pbuffer_size;
      break;
   case __DRI_ATTRIB_MAX_PBUFFER_PIXELS:
      v = cfg->max_pbuffer_size * cfg->max_pbuffer_size;
      break;
   case __DRI_ATTRIB_SWAP_METHOD:
      v = __DRI_ATTRIB_SWAP_UNDEFINED;
      break;
   case __DRI_ATTRIB_MAX_SWAP_INTERVAL:
   case __DRI_ATTRIB_MIN_SWAP_INTERVAL:
      /* swaps present at once: there is no vertical blank to wait for */
      v = 0;
      break;
   case __DRI_ATTRIB_BIND_TO_TEXTURE_TARGETS:
      v = __DRI_ATTRIB_TEXTURE_1D_BIT | __DRI_ATTRIB_TEXTURE_2D_BIT |
          __DRI_ATTRIB_TEXTURE_RECTANGLE_BIT;
      break;
   case __DRI_ATTRIB_YINVERTED:
      v = 1;
      break;
   case __DRI_ATTRIB_TRANSPARENT_TYPE:
      /* GLX_NONE has no __DRI token; GLX does not compare this one. */
      v = 0x8000;
      break;
   case __DRI_ATTRIB_SAMPLE_BUFFERS:
      v = cfg->samples > 1;
      break;
   case __DRI_ATTRIB_SAMPLES:
      v = cfg->samples > 1 ? cfg->samples : 0;
      break;
   case __DRI_ATTRIB_LEVEL:
   case __DRI_ATTRIB_LUMINANCE_SIZE:
   case __DRI_ATTRIB_ALPHA_MASK_SIZE:
   case __DRI_ATTRIB_ACCUM_RED_SIZE:
   case __DRI_ATTRIB_ACCUM_GREEN_SIZE:
   case __DRI_ATTRIB_ACCUM_BLUE_SIZE:
   case __DRI_ATTRIB_ACCUM_ALPHA_SIZE:
   case __DRI_ATTRIB_CONFIG_CAVEAT:
   case __DRI_ATTRIB_STEREO:
   case __DRI_ATTRIB_AUX_BUFFERS:
   case __DRI_ATTRIB_TRANSPARENT_INDEX_VALUE:
   case __DRI_ATTRIB_TRANSPARENT_RED_VALUE:
   case __DRI_ATTRIB_TRANSPARENT_GREEN_VALUE:
   case __DRI_ATTRIB_TRANSPARENT_BLUE_VALUE:
   case __DRI_ATTRIB_TRANSPARENT_ALPHA_VALUE:
   case __DRI_ATTRIB_FLOAT_MODE:
   case __DRI_ATTRIB_OPTIMAL_PBUFFER_WIDTH:
   case __DRI_ATTRIB_OPTIMAL_PBUFFER_HEIGHT:
   case __DRI_ATTRIB_VISUAL_SELECT_GROUP:
   /* Binding a drawable as a texture needs GL textures (not yet): say no. */
   case __DRI_ATTRIB_BIND_TO_TEXTURE_RGB:
   case __DRI_ATTRIB_BIND_TO_TEXTURE_RGBA:
   case __DRI_ATTRIB_BIND_TO_MIPMAP_TEXTURE:
   case __DRI_ATTRIB_FRAMEBUFFER_SRGB_CAPABLE:
   case __DRI_ATTRIB_MUTABLE_RENDER_BUFFER:
      v = 0;
      break;
   default:
      return 0;
   }
   *value = v;
   return 1;
}

int
dri_config_index_attrib(const struct dri_config *cfg, int index, unsigned *attrib,
                        unsigned *value)
{
   if (!cfg || !attrib || !value || index < 0 || (unsigned)index >= ARRAY_LEN(dri_listed_attribs))
      return 0;
   *attrib = dri_listed_attribs[index];
   return dri_config_get_attrib(cfg, *attrib, value);
}

void
dri_config_to_visual(const struct dri_config *cfg, struct st_visual *visual)
{
   visual->double_buffered = cfg->double_buffered;
   visual->color_format = cfg->color_format;
   visual->depth_stencil_format = cfg->zs_format;
   visual->samples = cfg->samples > 1 ? cfg->samples : 0;
}

struct dri_config **
dri_config_create_list(struct pipe_screen *pscreen, unsigned color_bind,
                       unsigned max_pbuffer_size)
{
   static const unsigned sample_counts[] = { 0, 2, 4, 8 };
   const unsigned max = ARRAY_LEN(dri_color_layouts) * ARRAY_LEN(dri_zs_layouts) * 2 *
                        ARRAY_LEN(sample_counts);
   struct dri_config **list;
   unsigned n = 0;

   if (!pscreen || !pscreen->is_format_supported)
      return NULL;
   list = calloc(max + 1, sizeof(*list));
   if (!list)
      return NULL;

   for (unsigned c = 0; c < ARRAY_LEN(dri_color_layouts); c++) {
      enum pipe_format color = dri_color_layouts[c].format;
      if (!pscreen->is_format_supported(pscreen, color, PIPE_TEXTURE_2D, 0, color_bind))
         continue;
      for (unsigned z = 0; z < ARRAY_LEN(dri_zs_layouts); z++) {
         enum pipe_format zs = dri_zs_layouts[z].format;
         if (zs != PIPE_FORMAT_NONE &&
             !pscreen->is_format_supported(pscreen, zs, PIPE_TEXTURE_2D, 0,
                                           PIPE_BIND_DEPTH_STENCIL))
            continue;
         /* the double-buffered twin first, then the single-buffered one;
          * then multisample variants the driver can render */
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
               struct dri_config *cfg = malloc(sizeof(*cfg));
               if (!cfg)
                  goto fail;
               dri_config_init(cfg, color, zs, db != 0, max_pbuffer_size);
               cfg->samples = ns;
               list[n++] = cfg;
            }
         }
      }
   }
   if (!n)
      goto fail;
   return list;

fail:
   for (unsigned i = 0; i < n; i++)
      free(list[i]);
   free(list);
   return NULL;
}
