/*
 * Cube maps: face selection by the major axis (GL 4.6 table 8.19), face
 * coordinate derivatives, and the texel across an edge for seamless
 * filtering.
 */
#include "sampler/u_sampler_priv.h"

#include <math.h>

/* Per face: axis and sign of sc and tc, and the major axis' sign. */
static const struct {
   int8_t axis_s, sign_s, axis_t, sign_t, axis_m, sign_m;
} face_axes[6] = {
   [PIPE_TEX_FACE_POS_X] = { 2, -1, 1, -1, 0, 1 },
   [PIPE_TEX_FACE_NEG_X] = { 2, 1, 1, -1, 0, -1 },
   [PIPE_TEX_FACE_POS_Y] = { 0, 1, 2, 1, 1, 1 },
   [PIPE_TEX_FACE_NEG_Y] = { 0, 1, 2, -1, 1, -1 },
   [PIPE_TEX_FACE_POS_Z] = { 0, 1, 1, -1, 2, 1 },
   [PIPE_TEX_FACE_NEG_Z] = { 0, -1, 1, -1, 2, -1 },
};

void
u_sampler_cube_select(const float dir[3], struct u_sampler_cube_coord *out)
{
   float ax = fabsf(dir[0]), ay = fabsf(dir[1]), az = fabsf(dir[2]);
   unsigned face;
   if (ax >= ay && ax >= az)
      face = dir[0] >= 0.0f ? PIPE_TEX_FACE_POS_X : PIPE_TEX_FACE_NEG_X;
   else if (ay >= az)
      face = dir[1] >= 0.0f ? PIPE_TEX_FACE_POS_Y : PIPE_TEX_FACE_NEG_Y;
   else
      face = dir[2] >= 0.0f ? PIPE_TEX_FACE_POS_Z : PIPE_TEX_FACE_NEG_Z;

   out->face = face;
   out->axis_s = face_axes[face].axis_s;
   out->axis_t = face_axes[face].axis_t;
   out->axis_m = face_axes[face].axis_m;
   out->sign_s = face_axes[face].sign_s;
   out->sign_t = face_axes[face].sign_t;
   out->sign_m = face_axes[face].sign_m;
   out->ma = fabsf(dir[out->axis_m]);
   if (!(out->ma > 0.0f) || !isfinite(out->ma)) {
      /* zero, NaN or infinite directions: the centre of the face */
      out->ma = 0.0f;
      out->s = out->t = 0.5f;
      return;
   }
   float sc = out->sign_s * dir[out->axis_s];
   float tc = out->sign_t * dir[out->axis_t];
   out->s = 0.5f * (sc / out->ma + 1.0f);
   out->t = 0.5f * (tc / out->ma + 1.0f);
}

void
u_sampler_cube_deriv(const struct u_sampler_cube_coord *c, const float dir[3],
                     const float ddir[3], float dst[2])
{
   if (!(c->ma > 0.0f)) {
      dst[0] = dst[1] = 0.0f;
      return;
   }
   float sc = c->sign_s * dir[c->axis_s];
   float tc = c->sign_t * dir[c->axis_t];
   float dsc = c->sign_s * ddir[c->axis_s];
   float dtc = c->sign_t * ddir[c->axis_t];
   float dma = c->sign_m * ddir[c->axis_m];
   float ma2 = c->ma * c->ma;
   dst[0] = 0.5f * (dsc * c->ma - sc * dma) / ma2;
   dst[1] = 0.5f * (dtc * c->ma - tc * dma) / ma2;
}

bool
u_sampler_cube_neighbour(unsigned face, int x, int y, int size,
                         unsigned *nface, int *nx, int *ny)
{
   if (face > 5 || size <= 0)
      return false;
   bool out_x = x < 0 || x >= size;
   bool out_y = y < 0 || y >= size;
   if (out_x && out_y)
      return false;
   /* Only one texel beyond the edge is ever asked for. */
   if (x < -1 || x > size || y < -1 || y > size)
      return false;

   /* The direction through the texel's centre, as if the face went on. */
   float sc = 2.0f * ((float)x + 0.5f) / (float)size - 1.0f;
   float tc = 2.0f * ((float)y + 0.5f) / (float)size - 1.0f;
   float dir[3];
   dir[face_axes[face].axis_m] = face_axes[face].sign_m;
   dir[face_axes[face].axis_s] = sc * face_axes[face].sign_s;
   dir[face_axes[face].axis_t] = tc * face_axes[face].sign_t;

   struct u_sampler_cube_coord c;
   u_sampler_cube_select(dir, &c);
   int ix = (int)floorf(c.s * (float)size);
   int iy = (int)floorf(c.t * (float)size);
   *nface = c.face;
   *nx = ix < 0 ? 0 : (ix >= size ? size - 1 : ix);
   *ny = iy < 0 ? 0 : (iy >= size ? size - 1 : iy);
   return true;
}
