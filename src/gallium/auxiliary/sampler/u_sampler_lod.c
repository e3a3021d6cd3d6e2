/*
 * Level of detail: the scale factor rho from coordinate derivatives, the
 * clamped lambda, and the mipmap level(s) GL 2.1 section 3.8.8 selects.
 */
#include "sampler/u_sampler_priv.h"

#include <math.h>

#include "util/u_log2.h"

float
u_sampler_lambda_from_derivs(const float dx[3], const float dy[3], const float size[3],
                             unsigned dims)
{
   float sx = 0.0f, sy = 0.0f;
   for (unsigned i = 0; i < dims && i < 3; i++) {
      float a = dx[i] * size[i];
      float b = dy[i] * size[i];
      sx += a * a;
      sy += b * b;
   }
   float rho2 = sx > sy ? sx : sy;
   if (!(rho2 == rho2))
      return 0.0f;
   if (rho2 <= 0.0f)
      return -INFINITY;
   /* log2(sqrt(r)) = 0.5 * log2(r), with the log2 the JIT repeats */
   return 0.5f * u_log2f(rho2);
}

float
u_sampler_lambda_clamp(const struct pipe_sampler_state *state, float lambda)
{
   float lo = state ? state->min_lod : -1000.0f;
   float hi = state ? state->max_lod : 1000.0f;
   if (!(lambda == lambda))
      lambda = lo;
   if (lambda > hi)
      lambda = hi;
   if (lambda < lo)
      lambda = lo;
   if (!(lambda == lambda))
      lambda = 0.0f;
   return lambda;
}

void
u_sampler_select_levels(const struct u_sampler_ctx *ctx, float lambda,
                        struct u_sampler_levels *out)
{
   const struct pipe_sampler_state *st = ctx->state;
   unsigned b = ctx->base_level, q = ctx->max_level;
   unsigned mip = st ? st->min_mip_filter : PIPE_TEX_MIPFILTER_NONE;
   float c = 0.0f;
   if (st && st->mag_img_filter == PIPE_TEX_FILTER_LINEAR &&
       st->min_img_filter == PIPE_TEX_FILTER_NEAREST && mip != PIPE_TEX_MIPFILTER_NONE)
      c = 0.5f;

   out->mag = false;
   out->level0 = out->level1 = b;
   out->weight = 0.0f;
   if (!(lambda > c)) {
      out->mag = true;
      return;
   }
   if (ctx->kind != U_SAMPLER_KIND_FLOAT && ctx->kind != U_SAMPLER_KIND_DEPTH &&
       mip == PIPE_TEX_MIPFILTER_LINEAR)
      mip = PIPE_TEX_MIPFILTER_NEAREST;

   switch (mip) {
   case PIPE_TEX_MIPFILTER_NEAREST: {
      unsigned d;
      if (lambda <= 0.5f)
         d = b;
      else if ((float)b + lambda > (float)q + 0.5f)
         d = q;
      else
         d = (unsigned)ceilf((float)b + lambda + 0.5f) - 1;
      out->level0 = out->level1 = d > q ? q : d;
      break;
   }
   case PIPE_TEX_MIPFILTER_LINEAR:
      if (lambda >= (float)(q - b)) {
         out->level0 = out->level1 = q;
      } else {
         float fl = floorf(lambda);
         out->level0 = b + (unsigned)fl;
         out->level1 = out->level0 + 1 > q ? q : out->level0 + 1;
         out->weight = lambda - fl;
      }
      break;
   default:
      break;
   }
}
