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

/* __DRI_IMAGE_FORMAT_* of each colour layout fe_config.c offers */
static const struct {
   enum pipe_format format;
   int image_format;
} dri_image_formats[] = {
   { PIPE_FORMAT_B8G8R8A8_UNORM, __DRI_IMAGE_FORMAT_ARGB8888 },
   { PIPE_FORMAT_B8G8R8X8_UNORM, __DRI_IMAGE_FORMAT_XRGB8888 },
   { PIPE_FORMAT_B5G6R5_UNORM, __DRI_IMAGE_FORMAT_RGB565 },
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

int
dri_config_image_format(enum pipe_format color)
{
   for (unsigned i = 0; i < ARRAY_LEN(dri_image_formats); i++) {
      if (dri_image_formats[i].format == color)
         return dri_image_formats[i].image_format;
   }
   return 0;
}

static unsigned
dri_channel_mask(const struct fe_color_layout *c, unsigned ch)
{
   if (!c->size[ch])
      return 0;
   return ((1u << c->size[ch]) - 1u) << c->shift[ch];
}

int
dri_config_get_attrib(const struct fe_config *cfg, unsigned attrib, unsigned *value)
{
   const struct fe_color_layout *c;
   const struct fe_zs_layout *zs;
   unsigned v;

   if (!cfg || !value)
      return 0;
   c = fe_color_layout(cfg->color_format);
   zs = fe_zs_layout(cfg->zs_format);
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
dri_config_index_attrib(const struct fe_config *cfg, int index, unsigned *attrib,
                        unsigned *value)
{
   if (!cfg || !attrib || !value || index < 0 || (unsigned)index >= ARRAY_LEN(dri_listed_attribs))
      return 0;
   *attrib = dri_listed_attribs[index];
   return dri_config_get_attrib(cfg, *attrib, value);
}

struct fe_config **
dri_config_create_list(struct pipe_screen *pscreen, unsigned color_bind,
                       unsigned max_pbuffer_size)
{
   unsigned n;
   struct fe_config *all = fe_config_list(pscreen, color_bind, max_pbuffer_size, &n);
   struct fe_config **list = n ? calloc(n + 1, sizeof(*list)) : NULL;
   unsigned made = 0;

   if (!all || !list)
      goto fail;
   for (; made < n; made++) {
      list[made] = malloc(sizeof(*list[made]));
      if (!list[made])
         goto fail;
      *list[made] = all[made];
   }
   free(all);
   return list;

fail:
   for (unsigned i = 0; i < made; i++)
      free(list[i]);
   free(list);
   free(all);
   return NULL;
}
