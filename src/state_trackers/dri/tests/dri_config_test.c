/*
 * Unit test of dri_config.c: the attribute answers EGL and GLX depend on
 * (BUFFER_SIZE = R+G+B+A, alpha shift/mask without alpha, masks/shifts of
 * each layout), the index walk, and which configs a screen gets.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GL/internal/dri_interface.h>

#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "state_trackers/gl/st_api.h"

#include "dri_config.h"

static int failures;

#define CHECK(cond)                                                        \
   do {                                                                    \
      if (!(cond)) {                                                       \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
         failures++;                                                       \
      }                                                                    \
   } while (0)

static unsigned
attr(const struct fe_config *cfg, unsigned a)
{
   unsigned v = 0xdeadbeef;
   CHECK(dri_config_get_attrib(cfg, a, &v));
   return v;
}

/* A screen that supports everything except what 'refuse' names. */
static enum pipe_format refuse[4];

static bool
fake_is_format_supported(struct pipe_screen *s, enum pipe_format f, enum pipe_texture_target t,
                         unsigned samples, unsigned bind)
{
   for (unsigned i = 0; i < 4; i++) {
      if (refuse[i] != PIPE_FORMAT_NONE && refuse[i] == f)
         return false;
   }
   return true;
}

static unsigned
count_and_free(struct fe_config **list)
{
   unsigned n = 0;
   if (!list)
      return 0;
   while (list[n]) {
      free(list[n]);
      n++;
   }
   free(list);
   return n;
}

int
main(void)
{
   struct fe_config cfg;

   /* ARGB8888, D24S8, double */
   CHECK(fe_config_init(&cfg, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, true,
                         2048));
   CHECK(attr(&cfg, __DRI_ATTRIB_BUFFER_SIZE) == 32);
   CHECK(attr(&cfg, __DRI_ATTRIB_RED_SIZE) == 8);
   CHECK(attr(&cfg, __DRI_ATTRIB_ALPHA_SIZE) == 8);
   CHECK(attr(&cfg, __DRI_ATTRIB_RED_SHIFT) == 16);
   CHECK(attr(&cfg, __DRI_ATTRIB_GREEN_SHIFT) == 8);
   CHECK(attr(&cfg, __DRI_ATTRIB_BLUE_SHIFT) == 0);
   CHECK(attr(&cfg, __DRI_ATTRIB_ALPHA_SHIFT) == 24);
   CHECK(attr(&cfg, __DRI_ATTRIB_RED_MASK) == 0x00ff0000);
   CHECK(attr(&cfg, __DRI_ATTRIB_ALPHA_MASK) == 0xff000000);
   CHECK(attr(&cfg, __DRI_ATTRIB_DEPTH_SIZE) == 24);
   CHECK(attr(&cfg, __DRI_ATTRIB_STENCIL_SIZE) == 8);
   CHECK(attr(&cfg, __DRI_ATTRIB_DOUBLE_BUFFER) == 1);
   CHECK(attr(&cfg, __DRI_ATTRIB_RENDER_TYPE) == __DRI_ATTRIB_RGBA_BIT);
   CHECK(attr(&cfg, __DRI_ATTRIB_CONFIG_CAVEAT) == 0);
   CHECK(attr(&cfg, __DRI_ATTRIB_ACCUM_RED_SIZE) == 0);
   CHECK(attr(&cfg, __DRI_ATTRIB_SAMPLE_BUFFERS) == 0);
   CHECK(attr(&cfg, __DRI_ATTRIB_SWAP_METHOD) == __DRI_ATTRIB_SWAP_UNDEFINED);
   CHECK(attr(&cfg, __DRI_ATTRIB_FRAMEBUFFER_SRGB_CAPABLE) == 0);
   CHECK(attr(&cfg, __DRI_ATTRIB_MAX_PBUFFER_WIDTH) == 2048);
   CHECK(attr(&cfg, __DRI_ATTRIB_MAX_PBUFFER_PIXELS) == 2048 * 2048);
   CHECK(dri_config_image_format(cfg.color_format) == __DRI_IMAGE_FORMAT_ARGB8888);

   /* XRGB8888, no depth, single: BUFFER_SIZE 24 and "no alpha" */
   CHECK(fe_config_init(&cfg, PIPE_FORMAT_B8G8R8X8_UNORM, PIPE_FORMAT_NONE, false, 2048));
   CHECK(attr(&cfg, __DRI_ATTRIB_BUFFER_SIZE) == 24);
   CHECK(attr(&cfg, __DRI_ATTRIB_ALPHA_SIZE) == 0);
   CHECK(attr(&cfg, __DRI_ATTRIB_ALPHA_MASK) == 0);
   CHECK(attr(&cfg, __DRI_ATTRIB_ALPHA_SHIFT) == (unsigned)-1);
   CHECK(attr(&cfg, __DRI_ATTRIB_DEPTH_SIZE) == 0);
   CHECK(attr(&cfg, __DRI_ATTRIB_DOUBLE_BUFFER) == 0);
   CHECK(dri_config_image_format(cfg.color_format) == __DRI_IMAGE_FORMAT_XRGB8888);

   /* RGB565 + D16 */
   CHECK(fe_config_init(&cfg, PIPE_FORMAT_B5G6R5_UNORM, PIPE_FORMAT_Z16_UNORM, true, 64));
   CHECK(attr(&cfg, __DRI_ATTRIB_BUFFER_SIZE) == 16);
   CHECK(attr(&cfg, __DRI_ATTRIB_RED_SIZE) == 5 && attr(&cfg, __DRI_ATTRIB_GREEN_SIZE) == 6);
   CHECK(attr(&cfg, __DRI_ATTRIB_RED_SHIFT) == 11 && attr(&cfg, __DRI_ATTRIB_GREEN_SHIFT) == 5);
   CHECK(attr(&cfg, __DRI_ATTRIB_RED_MASK) == 0xf800);
   CHECK(attr(&cfg, __DRI_ATTRIB_GREEN_MASK) == 0x07e0);
   CHECK(attr(&cfg, __DRI_ATTRIB_BLUE_MASK) == 0x001f);
   CHECK(attr(&cfg, __DRI_ATTRIB_DEPTH_SIZE) == 16 && attr(&cfg, __DRI_ATTRIB_STENCIL_SIZE) == 0);

   /* unknown layouts and attributes are refused */
   CHECK(!fe_config_init(&cfg, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_NONE, true, 64));
   CHECK(!fe_config_init(&cfg, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_B8G8R8A8_UNORM, true, 64));
   CHECK(!fe_config_init(NULL, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_NONE, true, 64));
   CHECK(fe_config_init(&cfg, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_NONE, true, 64));
   unsigned v;
   CHECK(!dri_config_get_attrib(&cfg, 9999, &v));
   CHECK(!dri_config_get_attrib(&cfg, 0, &v));
   CHECK(!dri_config_get_attrib(NULL, __DRI_ATTRIB_RED_SIZE, &v));

   /* index walk: every listed attribute answers, the walk ends, never more
    * than EGL's __DRI_ATTRIB_MAX entries, and each attribute once */
   unsigned seen[__DRI_ATTRIB_MAX + 1];
   memset(seen, 0, sizeof(seen));
   int i = 0;
   unsigned a, val;
   bool has_buffer_size = false, has_alpha_shift = false;
   while (dri_config_index_attrib(&cfg, i, &a, &val)) {
      CHECK(a >= 1 && a < __DRI_ATTRIB_MAX);
      if (a < __DRI_ATTRIB_MAX) {
         CHECK(seen[a] == 0);
         seen[a]++;
      }
      unsigned direct;
      CHECK(dri_config_get_attrib(&cfg, a, &direct) && direct == val);
      if (a == __DRI_ATTRIB_BUFFER_SIZE)
         has_buffer_size = val == 32;
      if (a == __DRI_ATTRIB_ALPHA_SHIFT)
         has_alpha_shift = val == 24;
      i++;
   }
   CHECK(i > 20 && i <= __DRI_ATTRIB_MAX);
   /* GLX would compare these with Xvfb's (true) values and match nothing */
   CHECK(seen[__DRI_ATTRIB_BIND_TO_TEXTURE_RGB] == 0);
   CHECK(seen[__DRI_ATTRIB_BIND_TO_TEXTURE_RGBA] == 0);
   /* EGL needs these to classify the config */
   CHECK(seen[__DRI_ATTRIB_BUFFER_SIZE] == 1 && seen[__DRI_ATTRIB_RENDER_TYPE] == 1 &&
         seen[__DRI_ATTRIB_DOUBLE_BUFFER] == 1 && seen[__DRI_ATTRIB_RED_SHIFT] == 1);
   CHECK(has_buffer_size && has_alpha_shift);
   CHECK(!dri_config_index_attrib(&cfg, -1, &a, &val));

   /* visual */
   struct st_visual vis;
   CHECK(fe_config_init(&cfg, PIPE_FORMAT_B8G8R8X8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, false,
                         64));
   fe_config_to_visual(&cfg, &vis);
   CHECK(!vis.double_buffered && vis.color_format == PIPE_FORMAT_B8G8R8X8_UNORM &&
         vis.depth_stencil_format == PIPE_FORMAT_Z24_UNORM_S8_UINT && vis.samples == 0);

   /* the list: 3 colours x 4 depth layouts x 2 twins when all supported */
   struct pipe_screen screen;
   memset(&screen, 0, sizeof(screen));
   CHECK(dri_config_create_list(&screen, PIPE_BIND_RENDER_TARGET, 64) == NULL);   /* no callback */
   screen.is_format_supported = fake_is_format_supported;

   struct fe_config **list = dri_config_create_list(&screen, PIPE_BIND_RENDER_TARGET, 64);
   CHECK(list != NULL);
   if (list) {
      /* preferred first: ARGB8888 no depth, double then single twin */
      CHECK(list[0]->color_format == PIPE_FORMAT_B8G8R8A8_UNORM);
      CHECK(list[0]->zs_format == PIPE_FORMAT_NONE && list[0]->double_buffered);
      CHECK(list[1]->color_format == PIPE_FORMAT_B8G8R8A8_UNORM && !list[1]->double_buffered);
      /* every config is separately allocated */
      CHECK(list[0] != list[1]);
   }
   CHECK(count_and_free(list) == 24);

   /* multisample variants (2 and 4 samples under max_samples 4) follow each
    * single-sampled pair; their attributes say so, and nothing else changes */
   struct pipe_caps caps4;
   memset(&caps4, 0, sizeof(caps4));
   caps4.max_samples = 4;
   struct pipe_screen ms_screen = { .caps = caps4,
                                    .is_format_supported = fake_is_format_supported };
   list = dri_config_create_list(&ms_screen, PIPE_BIND_RENDER_TARGET, 64);
   CHECK(list != NULL);
   if (list) {
      CHECK(list[0]->samples == 0 && list[2]->samples == 2 && list[4]->samples == 4);
      CHECK(list[4]->color_format == list[0]->color_format &&
            list[4]->zs_format == list[0]->zs_format && list[4]->double_buffered);
      CHECK(attr(list[4], __DRI_ATTRIB_SAMPLE_BUFFERS) == 1);
      CHECK(attr(list[4], __DRI_ATTRIB_SAMPLES) == 4);
      CHECK(attr(list[0], __DRI_ATTRIB_SAMPLE_BUFFERS) == 0 &&
            attr(list[0], __DRI_ATTRIB_SAMPLES) == 0);
      /* the attributes listed next to them stay 0 (EGL drops configs with
       * accumulation buffers) */
      CHECK(attr(list[4], __DRI_ATTRIB_ACCUM_RED_SIZE) == 0 &&
            attr(list[4], __DRI_ATTRIB_ACCUM_ALPHA_SIZE) == 0 &&
            attr(list[4], __DRI_ATTRIB_LEVEL) == 0 &&
            attr(list[4], __DRI_ATTRIB_LUMINANCE_SIZE) == 0 &&
            attr(list[4], __DRI_ATTRIB_ALPHA_MASK_SIZE) == 0);
      struct st_visual msvis;
      fe_config_to_visual(list[4], &msvis);
      CHECK(msvis.samples == 4);
   }
   CHECK(count_and_free(list) == 24 * 3);

   /* refused formats are left out */
   refuse[0] = PIPE_FORMAT_B5G6R5_UNORM;
   refuse[1] = PIPE_FORMAT_Z16_UNORM;
   list = dri_config_create_list(&screen, PIPE_BIND_RENDER_TARGET, 64);
   if (list) {
      for (unsigned k = 0; list[k]; k++)
         CHECK(list[k]->color_format != PIPE_FORMAT_B5G6R5_UNORM &&
               list[k]->zs_format != PIPE_FORMAT_Z16_UNORM);
   }
   CHECK(count_and_free(list) == 2 * 3 * 2);

   /* no colour format at all: no list */
   refuse[0] = PIPE_FORMAT_B8G8R8A8_UNORM;
   refuse[1] = PIPE_FORMAT_B8G8R8X8_UNORM;
   refuse[2] = PIPE_FORMAT_B5G6R5_UNORM;
   CHECK(dri_config_create_list(&screen, PIPE_BIND_RENDER_TARGET, 64) == NULL);

   if (failures)
      fprintf(stderr, "%d failure(s)\n", failures);
   return failures ? 1 : 0;
}
