/*
 * Shared helpers of the sampler tests: building textures in memory, one-lane
 * requests and checks that count failures.
 */
#ifndef TEST_SAMPLER_UTIL_H
#define TEST_SAMPLER_UTIL_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "sampler/u_sampler.h"

static int test_failures;

#define CHECK(cond, ...)                                                   \
   do {                                                                    \
      if (!(cond)) {                                                       \
         test_failures++;                                                  \
         fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__);             \
         fprintf(stderr, __VA_ARGS__);                                     \
         fprintf(stderr, "\n");                                            \
      }                                                                    \
   } while (0)

#define CHECK_NEAR(got, want, tol, what)                                   \
   CHECK(fabs((double)(got) - (double)(want)) <= (tol),                    \
         "%s: got %.6f, want %.6f", (what), (double)(got), (double)(want))

/* A texture whose levels are tightly packed in one malloc'ed buffer:
 * level l = w_l x h_l x (depth_l or layers) texels of 'format'. */
struct test_tex {
   struct u_sampler_texture tex;
   unsigned char *mem;
   void *levels[PIPE_MAX_TEXTURE_LEVELS];
};

static inline void
test_tex_init(struct test_tex *t, enum pipe_format format, enum pipe_texture_target target,
              unsigned w, unsigned h, unsigned d, unsigned layers, unsigned levels)
{
   memset(t, 0, sizeof(*t));
   t->tex.format = format;
   t->tex.target = target;
   t->tex.width0 = w;
   t->tex.height0 = h;
   t->tex.depth0 = d;
   t->tex.array_size = layers;
   t->tex.last_level = levels - 1;
   size_t total = 0, offs[PIPE_MAX_TEXTURE_LEVELS];
   for (unsigned l = 0; l < levels; l++) {
      unsigned lw, lh, ld;
      u_sampler_level_size(&t->tex, l, &lw, &lh, &ld);
      unsigned stride = util_format_get_stride(format, lw);
      size_t slice = (size_t)stride * util_format_get_nblocksy(format, lh);
      offs[l] = total;
      t->tex.level[l].row_stride = stride;
      t->tex.level[l].layer_stride = slice;
      total += slice * (target == PIPE_TEXTURE_3D ? ld : layers);
   }
   t->mem = calloc(1, total + 16);
   for (unsigned l = 0; l < levels; l++) {
      t->levels[l] = t->mem + offs[l];
      t->tex.level[l].data = t->levels[l];
   }
}

static inline void
test_tex_fini(struct test_tex *t)
{
   free(t->mem);
}

/* Write one texel from RGBA floats (z = slice or layer). */
static inline void
test_tex_set(struct test_tex *t, unsigned level, unsigned x, unsigned y, unsigned z,
             const float rgba[4])
{
   unsigned bs = util_format_get_blocksize(t->tex.format);
   unsigned char *p = (unsigned char *)t->levels[level] + z * t->tex.level[level].layer_stride +
                      y * t->tex.level[level].row_stride + x * bs;
   util_format_pack_rgba_float(t->tex.format, p, rgba, 1);
}

static inline void
test_tex_set1(struct test_tex *t, unsigned level, unsigned x, unsigned y, unsigned z, float v)
{
   const float rgba[4] = { v, 0.0f, 0.0f, 1.0f };
   test_tex_set(t, level, x, y, z, rgba);
}

static inline void
test_view(const struct test_tex *t, struct pipe_sampler_view *v)
{
   u_sampler_default_view(&t->tex, v);
}

static inline void
test_state(struct pipe_sampler_state *s, unsigned wrap, unsigned filter, unsigned mip)
{
   memset(s, 0, sizeof(*s));
   s->wrap_s = s->wrap_t = s->wrap_r = wrap;
   s->min_img_filter = s->mag_img_filter = filter;
   s->min_mip_filter = mip;
   s->normalized_coords = 1;
   s->min_lod = -1000.0f;
   s->max_lod = 1000.0f;
}

/* Sample lane 0 only (op U_SAMPLE_LOD with lod 0 unless the request says). */
static inline void
test_sample_lod(const struct test_tex *t, const struct pipe_sampler_view *v,
                const struct pipe_sampler_state *s, const float coord[4], float lod,
                float out[4])
{
   struct u_sample_request r;
   memset(&r, 0, sizeof(r));
   r.op = U_SAMPLE_LOD;
   r.lane_mask = 1;
   memcpy(r.coord[0], coord, 4 * sizeof(float));
   r.lod[0] = lod;
   float res[4][4];
   memset(res, 0, sizeof(res));
   u_sampler_sample(&t->tex, v, s, &r, res);
   memcpy(out, res[0], 4 * sizeof(float));
}

#endif
