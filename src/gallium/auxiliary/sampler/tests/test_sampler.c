/*
 * Sampler tests: wrap modes x filters, LOD and level selection, trilinear,
 * cube faces and seams, shadow compare and PCF, texelFetch, swizzles, sRGB,
 * integer, 3D, array, rect, compressed and luminance textures, queries and
 * bad input.  Expected values are worked out by hand from the GL rules (see
 * the comments), not with the code under test.
 */
#include "test_sampler_util.h"

#define TOL 1e-5

static const char *const wrap_names[8] = {
   "repeat", "clamp", "clamp_to_edge", "clamp_to_border", "mirror_repeat",
   "mirror_clamp", "mirror_clamp_to_edge", "mirror_clamp_to_border",
};

/*
 * 4x4 R32_FLOAT texture, texel (x, y) = x + 1 + 10 y, border R = 100.
 * t = 0.375 puts the lookup on row 1 exactly (v = 1.5: nearest row 1, linear
 * row 1 with weight 0), so along s the row reads 11 12 13 14.
 * Positions u = s * 4: -1, 0.25, 2, 4.5, 5.5, -4.5.
 */
static void
test_wrap_modes(void)
{
   static const float us[6] = { -1.0f, 0.25f, 2.0f, 4.5f, 5.5f, -4.5f };
   /* [wrap][point]: nearest (floor(u) wrapped). */
   static const float nearest[8][6] = {
      [PIPE_TEX_WRAP_REPEAT] =                 { 14, 11, 13, 11, 12, 14 },
      [PIPE_TEX_WRAP_CLAMP] =                  { 11, 11, 13, 14, 14, 11 },
      [PIPE_TEX_WRAP_CLAMP_TO_EDGE] =          { 11, 11, 13, 14, 14, 11 },
      [PIPE_TEX_WRAP_CLAMP_TO_BORDER] =        { 100, 11, 13, 100, 100, 100 },
      [PIPE_TEX_WRAP_MIRROR_REPEAT] =          { 11, 11, 13, 14, 13, 14 },
      [PIPE_TEX_WRAP_MIRROR_CLAMP] =           { 11, 11, 13, 14, 14, 14 },
      [PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE] =   { 11, 11, 13, 14, 14, 14 },
      [PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER] = { 11, 11, 13, 100, 100, 100 },
   };
   /* linear: i0 = floor(u - 0.5), weight frac(u - 0.5), indices wrapped;
    * GL_CLAMP clamps u to [0, 4] first so edges blend 50/50 with the border. */
   static const float linear[8][6] = {
      [PIPE_TEX_WRAP_REPEAT] =                 { 13.5f, 11.75f, 12.5f, 11, 12, 14 },
      [PIPE_TEX_WRAP_CLAMP] =                  { 55.5f, 33.25f, 12.5f, 57, 57, 55.5f },
      [PIPE_TEX_WRAP_CLAMP_TO_EDGE] =          { 11, 11, 12.5f, 14, 14, 11 },
      [PIPE_TEX_WRAP_CLAMP_TO_BORDER] =        { 100, 33.25f, 12.5f, 100, 100, 100 },
      [PIPE_TEX_WRAP_MIRROR_REPEAT] =          { 11.5f, 11, 12.5f, 14, 13, 14 },
      [PIPE_TEX_WRAP_MIRROR_CLAMP] =           { 11.5f, 33.25f, 12.5f, 57, 57, 57 },
      [PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE] =   { 11.5f, 11, 12.5f, 14, 14, 14 },
      [PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER] = { 11.5f, 33.25f, 12.5f, 100, 100, 100 },
   };
   struct test_tex t;
   test_tex_init(&t, PIPE_FORMAT_R32_FLOAT, PIPE_TEXTURE_2D, 4, 4, 1, 1, 1);
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++)
         test_tex_set1(&t, 0, x, y, 0, (float)(x + 1 + 10 * y));
   struct pipe_sampler_view v;
   test_view(&t, &v);
   for (unsigned wrap = 0; wrap < 8; wrap++) {
      for (unsigned f = 0; f < 2; f++) {
         struct pipe_sampler_state s;
         test_state(&s, wrap, f, PIPE_TEX_MIPFILTER_NONE);
         s.wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
         s.border_color.f[0] = 100.0f;
         s.border_color.f[3] = 1.0f;
         for (unsigned p = 0; p < 6; p++) {
            float c[4] = { us[p] / 4.0f, 0.375f, 0, 0 }, o[4];
            test_sample_lod(&t, &v, &s, c, 0.0f, o);
            float want = f ? linear[wrap][p] : nearest[wrap][p];
            char what[96];
            snprintf(what, sizeof(what), "%s %s u=%g", wrap_names[wrap],
                     f ? "linear" : "nearest", us[p]);
            CHECK_NEAR(o[0], want, TOL, what);
         }
      }
   }

   /* The t axis wraps the same way: s on column 1 (u = 1.5), rows
    * v = -1 (repeat: row 3 = 32; mirrored repeat: row 0 = 2) and
    * v = 4.5 (clamp to border: 100). */
   {
      static const struct { unsigned wrap; float v; float want; } tw[] = {
         { PIPE_TEX_WRAP_REPEAT, -1.0f, 32 },
         { PIPE_TEX_WRAP_MIRROR_REPEAT, -1.0f, 2 },
         { PIPE_TEX_WRAP_CLAMP_TO_BORDER, 4.5f, 100 },
         { PIPE_TEX_WRAP_CLAMP_TO_EDGE, 4.5f, 32 },
      };
      for (unsigned i = 0; i < 4; i++) {
         struct pipe_sampler_state st;
         test_state(&st, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_NEAREST,
                    PIPE_TEX_MIPFILTER_NONE);
         st.wrap_t = tw[i].wrap;
         st.border_color.f[0] = 100.0f;
         float ct[4] = { 1.5f / 4, tw[i].v / 4, 0, 0 }, ot[4];
         test_sample_lod(&t, &v, &st, ct, 0.0f, ot);
         CHECK_NEAR(ot[0], tw[i].want, TOL, wrap_names[tw[i].wrap]);
      }
   }

   /* Bilinear in 2D: s = 1.75/4, t = 1.25/4 -> x weight 0.25 between columns
    * 1 and 2, y weight 0.75 between rows 0 and 1: (x+1) part 2.25, 10y part
    * 7.5 (the texture is separable and additive). */
   struct pipe_sampler_state s;
   test_state(&s, PIPE_TEX_WRAP_REPEAT, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_NONE);
   float c[4] = { 1.75f / 4, 1.25f / 4, 0, 0 }, o[4];
   test_sample_lod(&t, &v, &s, c, 0.0f, o);
   CHECK_NEAR(o[0], 9.75, TOL, "bilinear 2D");
   CHECK_NEAR(o[3], 1.0, TOL, "bilinear 2D alpha");

   /* Offsets: nearest at u = 0.5 with offset (2, 1) -> texel (2, 2) = 23. */
   struct u_sample_request r;
   memset(&r, 0, sizeof(r));
   r.op = U_SAMPLE_LOD;
   r.lane_mask = 1;
   r.coord[0][0] = 0.125f;
   r.coord[0][1] = 0.375f;
   r.has_offset = true;
   r.offset[0][0] = 2;
   r.offset[0][1] = 1;
   float out[4][4];
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   CHECK_NEAR(out[0][0], 23, TOL, "offset");

   /* Projection: (2s, 2t) / 2 = the centre of texel (1, 1) = 12. */
   memset(&r, 0, sizeof(r));
   r.op = U_SAMPLE_LOD;
   r.lane_mask = 1;
   r.coord[0][0] = 2 * 0.375f;
   r.coord[0][1] = 2 * 0.375f;
   r.has_proj = true;
   r.proj[0] = 2.0f;
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   CHECK_NEAR(out[0][0], 12, TOL, "projection");
   test_tex_fini(&t);
}

/* 8x8, 4 levels; every texel of level l is 10 l + 5. */
static void
make_mip_tex(struct test_tex *t)
{
   test_tex_init(t, PIPE_FORMAT_R32_FLOAT, PIPE_TEXTURE_2D, 8, 8, 1, 1, 4);
   for (unsigned l = 0; l < 4; l++) {
      unsigned n = 8 >> l;
      for (unsigned y = 0; y < n; y++)
         for (unsigned x = 0; x < n; x++)
            test_tex_set1(t, l, x, y, 0, (float)(10 * l + 5));
   }
}

/* textureGrad with d(s)/dx = d(t)/dy = k / 8: rho = k, lambda = log2(k). */
static float
sample_grad(const struct test_tex *t, const struct pipe_sampler_view *v,
            const struct pipe_sampler_state *s, float k)
{
   struct u_sample_request r;
   memset(&r, 0, sizeof(r));
   r.op = U_SAMPLE_GRAD;
   r.lane_mask = 1;
   r.coord[0][0] = 0.3f;
   r.coord[0][1] = 0.6f;
   r.ddx[0][0] = k / 8.0f;
   r.ddy[0][1] = k / 8.0f;
   float out[4][4];
   u_sampler_sample(&t->tex, v, s, &r, out);
   return out[0][0];
}

static void
test_lod(void)
{
   struct test_tex t;
   make_mip_tex(&t);
   struct pipe_sampler_view v;
   test_view(&t, &v);
   struct pipe_sampler_state s;

   /* NEAREST_MIPMAP_NEAREST: d = ceil(lambda + 0.5) - 1 above lambda 0.5. */
   test_state(&s, PIPE_TEX_WRAP_REPEAT, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NEAREST);
   CHECK_NEAR(sample_grad(&t, &v, &s, 1.0f), 5, TOL, "lambda 0 -> level 0");
   CHECK_NEAR(sample_grad(&t, &v, &s, 1.3f), 5, TOL, "lambda 0.38 -> level 0");
   CHECK_NEAR(sample_grad(&t, &v, &s, 1.5f), 15, TOL, "lambda 0.58 -> level 1");
   CHECK_NEAR(sample_grad(&t, &v, &s, 4.0f), 25, TOL, "lambda 2 -> level 2");
   CHECK_NEAR(sample_grad(&t, &v, &s, 5.0f), 25, TOL, "lambda 2.32 -> level 2");
   CHECK_NEAR(sample_grad(&t, &v, &s, 6.0f), 35, TOL, "lambda 2.58 -> level 3");
   CHECK_NEAR(sample_grad(&t, &v, &s, 64.0f), 35, TOL, "lambda 6 -> last level");
   /* mip filter NONE: always the base level */
   s.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
   CHECK_NEAR(sample_grad(&t, &v, &s, 8.0f), 5, TOL, "mip none");

   /* Trilinear: levels floor(lambda) and +1 weighted by frac(lambda). */
   test_state(&s, PIPE_TEX_WRAP_REPEAT, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_LINEAR);
   CHECK_NEAR(sample_grad(&t, &v, &s, powf(2.0f, 0.25f)), 7.5, 1e-4, "trilinear 0.25");
   CHECK_NEAR(sample_grad(&t, &v, &s, powf(2.0f, 1.5f)), 20, 1e-4, "trilinear 1.5");
   CHECK_NEAR(sample_grad(&t, &v, &s, 16.0f), 35, 1e-4, "trilinear beyond last");
   /* max_lod 1 clamps lambda 6 to 1: level 1 */
   s.max_lod = 1.0f;
   CHECK_NEAR(sample_grad(&t, &v, &s, 64.0f), 15, 1e-4, "max_lod");
   s.max_lod = 1000.0f;
   s.min_lod = 2.0f;
   CHECK_NEAR(sample_grad(&t, &v, &s, 1.0f), 25, 1e-4, "min_lod");
   s.min_lod = -1000.0f;
   /* sampler lod_bias 1 on lambda 0.5: 1.5 -> 10 */
   s.lod_bias = 1.0f;
   CHECK_NEAR(sample_grad(&t, &v, &s, sqrtf(2.0f)), 20, 1e-4, "lod_bias");
   s.lod_bias = 0.0f;

   /* view first_level = 1: sizes of level 1 (4) scale the derivatives:
    * k = 1 gives rho 0.5 -> magnification at level 1 */
   struct pipe_sampler_view v1 = v;
   v1.first_level = 1;
   CHECK_NEAR(sample_grad(&t, &v1, &s, 1.0f), 15, 1e-4, "base level");
   /* view last_level = 1: lambda 6 stops at level 1 */
   struct pipe_sampler_view v2 = v;
   v2.last_level = 1;
   CHECK_NEAR(sample_grad(&t, &v2, &s, 64.0f), 15, 1e-4, "max level");

   /* Implicit LOD from a quad: lanes 1 and 2 are k/8 further in s and t. */
   struct u_sample_request r;
   memset(&r, 0, sizeof(r));
   r.op = U_SAMPLE_IMPLICIT;
   r.lane_mask = 0xf;
   r.quad = true;
   for (unsigned l = 0; l < 4; l++) {
      r.coord[l][0] = 0.25f + (l & 1) * 4.0f / 8.0f;
      r.coord[l][1] = 0.25f + (l >> 1) * 4.0f / 8.0f;
   }
   float out[4][4];
   s.min_mip_filter = PIPE_TEX_MIPFILTER_NEAREST;
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   for (unsigned l = 0; l < 4; l++)
      CHECK_NEAR(out[l][0], 25, 1e-4, "implicit lod 2");
   /* bias -1 per lane: lambda 1 */
   r.op = U_SAMPLE_BIAS;
   for (unsigned l = 0; l < 4; l++)
      r.lod[l] = -1.0f;
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   CHECK_NEAR(out[3][0], 15, 1e-4, "bias (lod[])");
   /* bias[] adds to any op: -1 + -1 -> lambda 0 */
   for (unsigned l = 0; l < 4; l++)
      r.bias[l] = -1.0f;
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   CHECK_NEAR(out[3][0], 5, 1e-4, "bias (lod[] + bias[])");
   for (unsigned l = 0; l < 4; l++)
      r.lod[l] = 0.0f;
   /* the same derivatives given explicitly (has_derivs), no quad */
   r.quad = false;
   r.has_derivs = true;
   for (unsigned l = 0; l < 4; l++) {
      r.ddx[l][0] = 0.5f;
      r.ddy[l][1] = 0.5f;
      r.bias[l] = 0.0f;
   }
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   CHECK_NEAR(out[2][0], 25, 1e-4, "has_derivs");
   r.has_derivs = false;
   r.quad = true;
   /* textureQueryLod: (level accessed, lambda) */
   r.op = U_SAMPLE_QUERY_LOD;
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   CHECK_NEAR(out[0][0], 2, 1e-4, "query lod x");
   CHECK_NEAR(out[0][1], 2, 1e-4, "query lod y");
   /* not a quad: derivatives 0 -> base level */
   r.op = U_SAMPLE_IMPLICIT;
   r.quad = false;
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   CHECK_NEAR(out[0][0], 5, 1e-4, "no quad");
   /* explicit lod */
   float c[4] = { 0.5f, 0.5f, 0, 0 }, o[4];
   test_sample_lod(&t, &v, &s, c, 2.0f, o);
   CHECK_NEAR(o[0], 25, 1e-4, "textureLod 2");
   /* levels and sizes */
   memset(&r, 0, sizeof(r));
   r.op = U_SAMPLE_LEVELS;
   r.lane_mask = 1;
   int32_t iout[4][4];
   u_sampler_sample_int(&t.tex, &v, &s, &r, iout);
   CHECK(iout[0][0] == 4, "levels %d", iout[0][0]);
   r.op = U_SAMPLE_SIZE;
   r.ilod[0] = 1;
   u_sampler_sample_int(&t.tex, &v, &s, &r, iout);
   CHECK(iout[0][0] == 4 && iout[0][1] == 4, "size lod 1: %d %d", iout[0][0], iout[0][1]);
   r.ilod[0] = 4;
   u_sampler_sample_int(&t.tex, &v, &s, &r, iout);
   CHECK(iout[0][0] == 0 && iout[0][1] == 0, "size lod 4 out of range");
   test_tex_fini(&t);

   /* c = 0.5: mag LINEAR + min NEAREST_MIPMAP_*: lambda 0.25 is still
    * magnification (linear: 0.5 between texels 0 and 1); with mip NONE c = 0
    * and lambda 0.25 minifies (nearest: texel 1). 2x2 level 0 = x. */
   test_tex_init(&t, PIPE_FORMAT_R32_FLOAT, PIPE_TEXTURE_2D, 2, 2, 1, 1, 2);
   for (unsigned y = 0; y < 2; y++)
      for (unsigned x = 0; x < 2; x++)
         test_tex_set1(&t, 0, x, y, 0, (float)x);
   test_tex_set1(&t, 1, 0, 0, 0, 7.0f);
   test_view(&t, &v);
   test_state(&s, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_NEAREST,
              PIPE_TEX_MIPFILTER_NEAREST);
   s.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
   float cc[4] = { 0.5f, 0.5f, 0, 0 };
   test_sample_lod(&t, &v, &s, cc, 0.25f, o);
   CHECK_NEAR(o[0], 0.5, TOL, "c = 0.5 keeps magnification");
   s.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
   test_sample_lod(&t, &v, &s, cc, 0.25f, o);
   CHECK_NEAR(o[0], 1.0, TOL, "c = 0 minifies");
   test_tex_fini(&t);
}

static void
dir_sample(const struct test_tex *t, const struct pipe_sampler_view *v,
           const struct pipe_sampler_state *s, float x, float y, float z, float out[4])
{
   float c[4] = { x, y, z, 0 };
   test_sample_lod(t, v, s, c, 0.0f, out);
}

static void
test_cube(void)
{
   struct test_tex t;
   test_tex_init(&t, PIPE_FORMAT_R32_FLOAT, PIPE_TEXTURE_CUBE, 2, 2, 1, 6, 1);
   /* face f: texel (x, y) = 10 (f + 1) + x + 2 y */
   for (unsigned f = 0; f < 6; f++)
      for (unsigned y = 0; y < 2; y++)
         for (unsigned x = 0; x < 2; x++)
            test_tex_set1(&t, 0, x, y, f, (float)(10 * (f + 1) + x + 2 * y));
   struct pipe_sampler_view v;
   test_view(&t, &v);
   struct pipe_sampler_state s;
   test_state(&s, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_NEAREST,
              PIPE_TEX_MIPFILTER_NONE);
   float o[4];
   /* Major axes; (s, t) per GL's table: +X sc = -z, tc = -y. */
   dir_sample(&t, &v, &s, 1.0f, -0.5f, -0.5f, o);   /* s = t = 0.75 */
   CHECK_NEAR(o[0], 13, TOL, "+X (1,1)");
   dir_sample(&t, &v, &s, 1.0f, 0.5f, 0.5f, o);     /* s = t = 0.25 */
   CHECK_NEAR(o[0], 10, TOL, "+X (0,0)");
   dir_sample(&t, &v, &s, -1.0f, 0.5f, 0.5f, o);    /* -X: sc = z, tc = -y: (1, 0) */
   CHECK_NEAR(o[0], 21, TOL, "-X (1,0)");
   dir_sample(&t, &v, &s, 0.5f, 1.0f, 0.5f, o);     /* +Y: sc = x, tc = z: (1, 1) */
   CHECK_NEAR(o[0], 33, TOL, "+Y (1,1)");
   dir_sample(&t, &v, &s, 0.5f, -1.0f, 0.5f, o);    /* -Y: sc = x, tc = -z: (1, 0) */
   CHECK_NEAR(o[0], 41, TOL, "-Y (1,0)");
   dir_sample(&t, &v, &s, 0.5f, -0.5f, 1.0f, o);    /* +Z: sc = x, tc = -y: (1, 1) */
   CHECK_NEAR(o[0], 53, TOL, "+Z (1,1)");
   dir_sample(&t, &v, &s, 0.5f, -0.5f, -1.0f, o);   /* -Z: sc = -x, tc = -y: (0, 1) */
   CHECK_NEAR(o[0], 62, TOL, "-Z (0,1)");

   /* Seam: direction (1, 0, -0.9) is on +X at s = 0.95, t = 0.5: linear
    * x between texel 1 and texel 2 (weight 0.4), rows 0 and 1 (0.5).
    * Seamless: the texel past s = 1 on +X is on -Z (its x = 0 column,
    * rows matching): +X rows average 11 + 1 = 12 (x = 1), -Z column x = 0
    * rows average 60 + 1 = 61 -> 12 * 0.6 + 61 * 0.4 = 31.6.
    * Not seamless, CLAMP_TO_EDGE: 12. */
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
   dir_sample(&t, &v, &s, 1.0f, 0.0f, -0.9f, o);
   CHECK_NEAR(o[0], 12, 1e-4, "seam off");
   s.seamless_cube_map = 1;
   dir_sample(&t, &v, &s, 1.0f, 0.0f, -0.9f, o);
   CHECK_NEAR(o[0], 31.6, 1e-4, "seam on");
   /* a corner: defined and finite */
   dir_sample(&t, &v, &s, 1.0f, 1.0f, 1.0f, o);
   CHECK(isfinite(o[0]) && o[0] > 0.0f, "corner %f", o[0]);
   test_tex_fini(&t);

   /* Cube array: 2 cubes of 1x1 faces, cube c face f = 100 c + f. */
   test_tex_init(&t, PIPE_FORMAT_R32_FLOAT, PIPE_TEXTURE_CUBE_ARRAY, 1, 1, 1, 12, 1);
   for (unsigned l = 0; l < 12; l++)
      test_tex_set1(&t, 0, 0, 0, l, (float)(100 * (l / 6) + l % 6));
   test_view(&t, &v);
   test_state(&s, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_NEAREST,
              PIPE_TEX_MIPFILTER_NONE);
   float c[4] = { 0.0f, -1.0f, 0.2f, 1.2f };   /* -Y of cube 1 */
   test_sample_lod(&t, &v, &s, c, 0.0f, o);
   CHECK_NEAR(o[0], 103, TOL, "cube array");
   test_tex_fini(&t);
}

static void
test_shadow(void)
{
   struct test_tex t;
   test_tex_init(&t, PIPE_FORMAT_Z32_FLOAT, PIPE_TEXTURE_2D, 2, 2, 1, 1, 1);
   /* depths 0.2 0.4 / 0.6 0.8 */
   float dz[4] = { 0.2f, 0.4f, 0.6f, 0.8f };
   for (unsigned i = 0; i < 4; i++)
      util_format_pack_z_float(PIPE_FORMAT_Z32_FLOAT,
                               (unsigned char *)t.levels[0] + (i / 2) * t.tex.level[0].row_stride +
                               (i % 2) * 4, &dz[i], 1);
   struct pipe_sampler_view v;
   test_view(&t, &v);
   struct pipe_sampler_state s;
   test_state(&s, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_NEAREST,
              PIPE_TEX_MIPFILTER_NONE);

   /* without compare: (d, 0, 0, 1) */
   float c[4] = { 0.25f, 0.25f, 0, 0 }, o[4];
   test_sample_lod(&t, &v, &s, c, 0.0f, o);
   CHECK_NEAR(o[0], 0.2, 1e-6, "depth value");
   CHECK_NEAR(o[3], 1.0, 1e-6, "depth alpha");

   s.compare_mode = 1;
   /* texel (0, 0) = 0.2 against ref 0.3: result = (ref OP d) */
   static const float want03[8] = { 0, 0, 0, 0, 1, 1, 1, 1 };   /* never less equal lequal greater notequal gequal always */
   static const float want02[8] = { 0, 0, 1, 1, 0, 0, 1, 1 };
   for (unsigned f = 0; f < 8; f++) {
      s.compare_func = f;
      struct u_sample_request r;
      memset(&r, 0, sizeof(r));
      r.op = U_SAMPLE_LOD;
      r.lane_mask = 3;
      r.coord[0][0] = r.coord[0][1] = 0.25f;
      r.coord[1][0] = r.coord[1][1] = 0.25f;
      r.compare[0] = 0.3f;
      r.compare[1] = 0.2f;
      float out[4][4];
      u_sampler_sample(&t.tex, &v, &s, &r, out);
      char what[64];
      snprintf(what, sizeof(what), "compare func %u ref 0.3", f);
      for (unsigned ch = 0; ch < 4; ch++)
         CHECK_NEAR(out[0][ch], want03[f], 0, what);
      snprintf(what, sizeof(what), "compare func %u ref 0.2", f);
      CHECK_NEAR(out[1][0], want02[f], 0, what);
   }
   /* PCF: linear at the centre weights the four results 1/4 each. */
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
   s.compare_func = PIPE_FUNC_LEQUAL;
   struct u_sample_request r;
   memset(&r, 0, sizeof(r));
   r.op = U_SAMPLE_LOD;
   r.lane_mask = 3;
   r.coord[0][0] = r.coord[0][1] = 0.5f;
   r.coord[1][0] = r.coord[1][1] = 0.5f;
   r.compare[0] = 0.5f;   /* 0.5 <= d for 0.6, 0.8 */
   r.compare[1] = 0.7f;   /* only 0.8 */
   float out[4][4];
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   CHECK_NEAR(out[0][0], 0.5, 1e-6, "pcf 0.5");
   CHECK_NEAR(out[0][3], 0.5, 1e-6, "pcf 0.5 alpha");
   CHECK_NEAR(out[1][0], 0.25, 1e-6, "pcf 0.7");
   /* proj divides the reference too: 1.4 / 2 = 0.7 */
   r.has_proj = true;
   r.proj[0] = r.proj[1] = 2.0f;
   r.coord[1][0] = r.coord[1][1] = 1.0f;
   r.compare[1] = 1.4f;
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   CHECK_NEAR(out[1][0], 0.25, 1e-6, "pcf proj");
   test_tex_fini(&t);

   /* Z16_UNORM: the reference is clamped to [0, 1]: 1.5 <= 1.0 passes. */
   test_tex_init(&t, PIPE_FORMAT_Z16_UNORM, PIPE_TEXTURE_2D, 1, 1, 1, 1, 1);
   float one = 1.0f;
   util_format_pack_z_float(PIPE_FORMAT_Z16_UNORM, t.levels[0], &one, 1);
   test_view(&t, &v);
   test_state(&s, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_NEAREST,
              PIPE_TEX_MIPFILTER_NONE);
   s.compare_mode = 1;
   s.compare_func = PIPE_FUNC_LEQUAL;
   memset(&r, 0, sizeof(r));
   r.op = U_SAMPLE_LOD;
   r.lane_mask = 1;
   r.coord[0][0] = r.coord[0][1] = 0.5f;
   r.compare[0] = 1.5f;
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   CHECK_NEAR(out[0][0], 1.0, 0, "unorm ref clamp");
   test_tex_fini(&t);
}

static void
test_fetch_swizzle_formats(void)
{
   struct test_tex t;
   test_tex_init(&t, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_TEXTURE_2D, 4, 4, 1, 1, 2);
   unsigned char *p = t.levels[0];
   for (unsigned i = 0; i < 16 * 4; i++)
      p[i] = (unsigned char)i;
   unsigned char *p1 = t.levels[1];
   for (unsigned i = 0; i < 4 * 4; i++)
      p1[i] = (unsigned char)(200 + i);
   struct pipe_sampler_view v;
   test_view(&t, &v);
   struct u_sample_request r;
   memset(&r, 0, sizeof(r));
   r.op = U_SAMPLE_FETCH;
   r.lane_mask = 0xf;
   r.icoord[0][0] = 1; r.icoord[0][1] = 2;           /* texel 9: bytes 36..39 */
   r.icoord[1][0] = 4; r.icoord[1][1] = 0;           /* out of range */
   r.icoord[2][0] = -1; r.icoord[2][1] = 0;
   r.icoord[3][0] = 1; r.icoord[3][1] = 1; r.ilod[3] = 1;   /* level 1 texel 3: 212.. */
   float out[4][4];
   u_sampler_sample(&t.tex, &v, NULL, &r, out);
   for (unsigned c = 0; c < 4; c++) {
      CHECK_NEAR(out[0][c], (36 + c) / 255.0, 1e-6, "fetch");
      CHECK_NEAR(out[1][c], 0, 0, "fetch x out of range");
      CHECK_NEAR(out[2][c], 0, 0, "fetch x negative");
      CHECK_NEAR(out[3][c], (212 + c) / 255.0, 1e-6, "fetch level 1");
   }
   r.ilod[3] = 2;   /* beyond the last level */
   u_sampler_sample(&t.tex, &v, NULL, &r, out);
   CHECK_NEAR(out[3][0], 0, 0, "fetch lod out of range");

   /* swizzle (A, B, 0, 1) */
   v.swizzle_r = PIPE_SWIZZLE_W;
   v.swizzle_g = PIPE_SWIZZLE_Z;
   v.swizzle_b = PIPE_SWIZZLE_0;
   v.swizzle_a = PIPE_SWIZZLE_1;
   u_sampler_sample(&t.tex, &v, NULL, &r, out);
   CHECK_NEAR(out[0][0], 39 / 255.0, 1e-6, "swizzle r=a");
   CHECK_NEAR(out[0][1], 38 / 255.0, 1e-6, "swizzle g=b");
   CHECK_NEAR(out[0][2], 0, 0, "swizzle b=0");
   CHECK_NEAR(out[0][3], 1, 0, "swizzle a=1");
   test_tex_fini(&t);

   /* sRGB: decode per the sRGB curve (computed here), alpha linear; a
    * linear filter blends decoded values: halfway between 0 and 255 is 0.5. */
   test_tex_init(&t, PIPE_FORMAT_R8G8B8A8_SRGB, PIPE_TEXTURE_2D, 2, 1, 1, 1, 1);
   unsigned char texels[8] = { 0, 128, 255, 128, 255, 255, 255, 255 };
   memcpy(t.levels[0], texels, 8);
   test_view(&t, &v);
   struct pipe_sampler_state s;
   test_state(&s, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_NEAREST,
              PIPE_TEX_MIPFILTER_NONE);
   float c[4] = { 0.25f, 0.5f, 0, 0 }, o[4];
   test_sample_lod(&t, &v, &s, c, 0, o);
   double g = pow((128 / 255.0 + 0.055) / 1.055, 2.4);
   CHECK_NEAR(o[0], 0, 1e-6, "srgb 0");
   CHECK_NEAR(o[1], g, 1e-5, "srgb 128");
   CHECK_NEAR(o[2], 1, 1e-6, "srgb 255");
   CHECK_NEAR(o[3], 128 / 255.0, 1e-6, "srgb alpha linear");
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
   c[0] = 0.5f;
   test_sample_lod(&t, &v, &s, c, 0, o);
   CHECK_NEAR(o[0], 0.5, 1e-6, "srgb decoded before filtering");
   /* a linear view of the same texels (sRGB decode skipped) */
   v.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   c[0] = 0.25f;
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
   test_sample_lod(&t, &v, &s, c, 0, o);
   CHECK_NEAR(o[1], 128 / 255.0, 1e-6, "unorm view of srgb");
   test_tex_fini(&t);

   /* luminance / intensity / alpha */
   static const struct { enum pipe_format f; float want[4]; } lia[] = {
      { PIPE_FORMAT_L8_UNORM, { 0.2f, 0.2f, 0.2f, 1.0f } },
      { PIPE_FORMAT_I8_UNORM, { 0.2f, 0.2f, 0.2f, 0.2f } },
      { PIPE_FORMAT_A8_UNORM, { 0.0f, 0.0f, 0.0f, 0.2f } },
   };
   for (unsigned i = 0; i < 3; i++) {
      test_tex_init(&t, lia[i].f, PIPE_TEXTURE_2D, 1, 1, 1, 1, 1);
      *(unsigned char *)t.levels[0] = 51;   /* 51 / 255 = 0.2 */
      test_view(&t, &v);
      c[0] = c[1] = 0.5f;
      test_sample_lod(&t, &v, &s, c, 0, o);
      for (unsigned ch = 0; ch < 4; ch++)
         CHECK_NEAR(o[ch], lia[i].want[ch], 1e-6, util_format_name(lia[i].f));
      test_tex_fini(&t);
   }

   /* DXT1: colour0 = red 565 (0xf800) > colour1 = blue (0x001f): four-colour
    * mode; texel (0, 0) index 0 = red, texel (1, 0) index 1 = blue,
    * texel (2, 0) index 2 = 2/3 red + 1/3 blue. */
   test_tex_init(&t, PIPE_FORMAT_DXT1_RGB, PIPE_TEXTURE_2D, 4, 4, 1, 1, 1);
   unsigned char blk[8] = { 0x00, 0xf8, 0x1f, 0x00, 0x24, 0x00, 0x00, 0x00 };
   memcpy(t.levels[0], blk, 8);
   test_view(&t, &v);
   c[0] = 0.125f; c[1] = 0.125f;
   test_sample_lod(&t, &v, &s, c, 0, o);
   CHECK_NEAR(o[0], 1, 1e-6, "dxt1 red r");
   CHECK_NEAR(o[2], 0, 1e-6, "dxt1 red b");
   c[0] = 0.375f;
   test_sample_lod(&t, &v, &s, c, 0, o);
   CHECK_NEAR(o[0], 0, 1e-6, "dxt1 blue r");
   CHECK_NEAR(o[2], 1, 1e-6, "dxt1 blue b");
   c[0] = 0.625f;
   test_sample_lod(&t, &v, &s, c, 0, o);
   CHECK_NEAR(o[0], 2.0 / 3.0, 0.01, "dxt1 2/3 r");
   CHECK_NEAR(o[2], 1.0 / 3.0, 0.01, "dxt1 1/3 b");
   test_tex_fini(&t);

   /* RGTC1: red0 = 255 > red1 = 0, eight-value mode; index 0 = 1.0,
    * index 1 = 0.0, index 2 = 6/7 (texels 0, 1, 2 of row 0). */
   test_tex_init(&t, PIPE_FORMAT_RGTC1_UNORM, PIPE_TEXTURE_2D, 4, 4, 1, 1, 1);
   unsigned char rb[8] = { 255, 0, 0x08 | (2 << 6), 0, 0, 0, 0, 0 };
   memcpy(t.levels[0], rb, 8);
   test_view(&t, &v);
   static const float rw[3] = { 1.0f, 0.0f, 6.0f / 7.0f };
   for (unsigned x = 0; x < 3; x++) {
      float cx[4] = { (x + 0.5f) / 4, 0.125f, 0, 0 };
      test_sample_lod(&t, &v, &s, cx, 0, o);
      CHECK_NEAR(o[0], rw[x], 1e-6, "rgtc1");
   }
   test_tex_fini(&t);

   /* Z24_UNORM_S8_UINT samples depth: 0.25 * (2^24 - 1) rounded, stencil ignored */
   test_tex_init(&t, PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_TEXTURE_2D, 1, 1, 1, 1, 1);
   uint32_t zs = 0xff000000u | 4194304u;   /* 4194304 / 16777215 */
   memcpy(t.levels[0], &zs, 4);
   test_view(&t, &v);
   float cz[4] = { 0.5f, 0.5f, 0, 0 };
   test_sample_lod(&t, &v, &s, cz, 0, o);
   CHECK_NEAR(o[0], 4194304.0 / 16777215.0, 1e-7, "z24s8 depth");
   CHECK_NEAR(o[1], 0, 0, "z24s8 g");
   CHECK_NEAR(o[3], 1, 0, "z24s8 a");
   test_tex_fini(&t);
}

static void
test_integer(void)
{
   struct test_tex t;
   test_tex_init(&t, PIPE_FORMAT_R32G32B32A32_UINT, PIPE_TEXTURE_2D, 2, 1, 1, 1, 1);
   uint32_t texels[8] = { 7, 8, 9, 4000000000u, 1, 2, 3, 4 };
   memcpy(t.levels[0], texels, sizeof(texels));
   struct pipe_sampler_view v;
   test_view(&t, &v);
   struct pipe_sampler_state s;
   /* LINEAR requested: integer textures are read NEAREST */
   test_state(&s, PIPE_TEX_WRAP_CLAMP_TO_BORDER, PIPE_TEX_FILTER_LINEAR,
              PIPE_TEX_MIPFILTER_NONE);
   s.border_color.ui[0] = 1234;
   s.border_color.ui[3] = 5;
   struct u_sample_request r;
   memset(&r, 0, sizeof(r));
   r.op = U_SAMPLE_LOD;
   r.lane_mask = 7;
   r.coord[0][0] = 0.4f; r.coord[0][1] = 0.5f;
   r.coord[1][0] = 0.6f; r.coord[1][1] = 0.5f;
   r.coord[2][0] = -2.0f; r.coord[2][1] = 0.5f;
   uint32_t out[4][4];
   u_sampler_sample_uint(&t.tex, &v, &s, &r, out);
   CHECK(out[0][0] == 7 && out[0][3] == 4000000000u, "uint texel 0: %u %u", out[0][0],
         out[0][3]);
   CHECK(out[1][0] == 1 && out[1][3] == 4, "uint texel 1: %u %u", out[1][0], out[1][3]);
   CHECK(out[2][0] == 1234 && out[2][3] == 5, "uint border: %u %u", out[2][0], out[2][3]);
   /* swizzle ONE on integers gives 1 */
   v.swizzle_b = PIPE_SWIZZLE_1;
   u_sampler_sample_uint(&t.tex, &v, &s, &r, out);
   CHECK(out[0][2] == 1, "uint swizzle one: %u", out[0][2]);
   test_tex_fini(&t);

   test_tex_init(&t, PIPE_FORMAT_R8G8B8A8_SINT, PIPE_TEXTURE_2D, 1, 1, 1, 1, 1);
   signed char st[4] = { -5, 100, -128, 3 };
   memcpy(t.levels[0], st, 4);
   test_view(&t, &v);
   int32_t iout[4][4];
   r.lane_mask = 1;
   u_sampler_sample_int(&t.tex, &v, &s, &r, iout);
   CHECK(iout[0][0] == -5 && iout[0][1] == 100 && iout[0][2] == -128 && iout[0][3] == 3,
         "sint %d %d %d %d", iout[0][0], iout[0][1], iout[0][2], iout[0][3]);
   test_tex_fini(&t);
}

static void
test_3d_arrays_rect(void)
{
   struct test_tex t;
   struct pipe_sampler_view v;
   struct pipe_sampler_state s;
   float o[4];
   /* 3D 2x2x2: x + 2y + 4z */
   test_tex_init(&t, PIPE_FORMAT_R32_FLOAT, PIPE_TEXTURE_3D, 2, 2, 2, 1, 1);
   for (unsigned z = 0; z < 2; z++)
      for (unsigned y = 0; y < 2; y++)
         for (unsigned x = 0; x < 2; x++)
            test_tex_set1(&t, 0, x, y, z, (float)(x + 2 * y + 4 * z));
   test_view(&t, &v);
   test_state(&s, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_NEAREST,
              PIPE_TEX_MIPFILTER_NONE);
   float c[4] = { 0.75f, 0.25f, 0.75f, 0 };
   test_sample_lod(&t, &v, &s, c, 0, o);
   CHECK_NEAR(o[0], 5, TOL, "3d nearest (1,0,1)");
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
   float cm[4] = { 0.5f, 0.5f, 0.5f, 0 };
   test_sample_lod(&t, &v, &s, cm, 0, o);
   CHECK_NEAR(o[0], 3.5, TOL, "3d trilinear centre");
   /* r = 0.625: w = 2 * 0.625 - 0.5 = 0.75 toward slice 1 -> 1.5 + 4 * 0.75 */
   float cz[4] = { 0.5f, 0.5f, 0.625f, 0 };
   test_sample_lod(&t, &v, &s, cz, 0, o);
   CHECK_NEAR(o[0], 4.5, TOL, "3d z weight");
   /* r wraps with wrap_r: repeat at r = -0.25 (w = -0.5 -> slice 1) */
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
   s.wrap_r = PIPE_TEX_WRAP_REPEAT;
   float cw[4] = { 0.25f, 0.25f, -0.25f, 0 };
   test_sample_lod(&t, &v, &s, cw, 0, o);
   CHECK_NEAR(o[0], 4, TOL, "3d wrap_r repeat");
   s.wrap_r = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   test_sample_lod(&t, &v, &s, cw, 0, o);
   CHECK_NEAR(o[0], 0, TOL, "3d wrap_r clamp");
   int32_t sz[4];
   CHECK(u_sampler_texture_size(&t.tex, &v, 0, sz) == 3 && sz[2] == 2, "3d size");
   test_tex_fini(&t);

   /* 2D array, 1x1 layers = 1, 2, 3: layer = clamp(floor(l + 0.5)) */
   test_tex_init(&t, PIPE_FORMAT_R32_FLOAT, PIPE_TEXTURE_2D_ARRAY, 1, 1, 1, 3, 1);
   for (unsigned l = 0; l < 3; l++)
      test_tex_set1(&t, 0, 0, 0, l, (float)(l + 1));
   test_view(&t, &v);
   test_state(&s, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_LINEAR,
              PIPE_TEX_MIPFILTER_NONE);
   static const float layers[5][2] = { { 1.4f, 2 }, { 1.5f, 3 }, { -3.0f, 1 }, { 7.0f, 3 },
                                       { 0.49f, 1 } };
   for (unsigned i = 0; i < 5; i++) {
      float ca[4] = { 0.5f, 0.5f, layers[i][0], 0 };
      test_sample_lod(&t, &v, &s, ca, 0, o);
      CHECK_NEAR(o[0], layers[i][1], TOL, "2d array layer");
   }
   struct pipe_sampler_view v1 = v;
   v1.first_layer = 1;
   float ca[4] = { 0.5f, 0.5f, 0.0f, 0 };
   test_sample_lod(&t, &v1, &s, ca, 0, o);
   CHECK_NEAR(o[0], 2, TOL, "view first_layer");
   CHECK(u_sampler_texture_size(&t.tex, &v1, 0, sz) == 3 && sz[2] == 2, "array size");
   test_tex_fini(&t);

   /* 1D array 2 wide, 2 layers: layer l texel x = 10 l + x */
   test_tex_init(&t, PIPE_FORMAT_R32_FLOAT, PIPE_TEXTURE_1D_ARRAY, 2, 1, 1, 2, 1);
   for (unsigned l = 0; l < 2; l++)
      for (unsigned x = 0; x < 2; x++)
         test_tex_set1(&t, 0, x, 0, l, (float)(10 * l + x));
   test_view(&t, &v);
   test_state(&s, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_NEAREST,
              PIPE_TEX_MIPFILTER_NONE);
   float c1[4] = { 0.75f, 1.0f, 0, 0 };
   test_sample_lod(&t, &v, &s, c1, 0, o);
   CHECK_NEAR(o[0], 11, TOL, "1d array");
   test_tex_fini(&t);

   /* Rectangle: unnormalized coordinates */
   test_tex_init(&t, PIPE_FORMAT_R32_FLOAT, PIPE_TEXTURE_RECT, 4, 4, 1, 1, 1);
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++)
         test_tex_set1(&t, 0, x, y, 0, (float)(x + 1 + 10 * y));
   test_view(&t, &v);
   test_state(&s, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_NEAREST,
              PIPE_TEX_MIPFILTER_NONE);
   s.normalized_coords = 0;
   float cr[4] = { 2.5f, 1.5f, 0, 0 };
   test_sample_lod(&t, &v, &s, cr, 0, o);
   CHECK_NEAR(o[0], 13, TOL, "rect nearest");
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
   float cr2[4] = { 2.0f, 1.5f, 0, 0 };
   test_sample_lod(&t, &v, &s, cr2, 0, o);
   CHECK_NEAR(o[0], 12.5, TOL, "rect linear");
   test_tex_fini(&t);
}

/* textureGather on the 4x4 x + 1 + 10 y texture: at u = 1.75, v = 1.25 the
 * footprint is columns 1, 2 and rows 0, 1; GL's order (i0,j1), (i1,j1),
 * (i1,j0), (i0,j0) gives 12, 13, 3, 2. */
static void
test_gather(void)
{
   struct test_tex t;
   test_tex_init(&t, PIPE_FORMAT_R32G32_FLOAT, PIPE_TEXTURE_2D, 4, 4, 1, 1, 1);
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++) {
         const float rgba[4] = { (float)(x + 1 + 10 * y), -(float)(x + 1 + 10 * y), 0, 1 };
         test_tex_set(&t, 0, x, y, 0, rgba);
      }
   struct pipe_sampler_view v;
   test_view(&t, &v);
   struct pipe_sampler_state s;
   test_state(&s, PIPE_TEX_WRAP_REPEAT, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NONE);
   struct u_sample_request r;
   memset(&r, 0, sizeof(r));
   r.op = U_SAMPLE_GATHER;
   r.lane_mask = 3;
   r.coord[0][0] = 1.75f / 4;
   r.coord[0][1] = 1.25f / 4;
   r.coord[1][0] = 0.1f / 4;     /* columns 3 (wrapped) and 0, rows 0 and 1 at v = 1.25 */
   r.coord[1][1] = 1.25f / 4;
   float out[4][4];
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   static const float want0[4] = { 12, 13, 3, 2 }, want1[4] = { 14, 11, 1, 4 };
   for (unsigned k = 0; k < 4; k++) {
      CHECK_NEAR(out[0][k], want0[k], 0, "gather");
      CHECK_NEAR(out[1][k], want1[k], 0, "gather repeat");
   }
   r.gather_comp = 1;
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   CHECK_NEAR(out[0][0], -12, 0, "gather green");
   v.swizzle_g = PIPE_SWIZZLE_1;
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   CHECK_NEAR(out[0][2], 1, 0, "gather swizzled one");
   test_tex_fini(&t);
}

static void
test_bad_input(void)
{
   struct test_tex t;
   struct pipe_sampler_view v;
   struct pipe_sampler_state s;
   test_tex_init(&t, PIPE_FORMAT_R32_FLOAT, PIPE_TEXTURE_2D, 4, 4, 1, 1, 1);
   test_view(&t, &v);
   test_state(&s, PIPE_TEX_WRAP_REPEAT, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_LINEAR);
   struct u_sample_request r;
   memset(&r, 0, sizeof(r));
   r.op = U_SAMPLE_IMPLICIT;
   r.lane_mask = 0xf;
   r.quad = true;
   r.coord[0][0] = NAN;
   r.coord[1][0] = INFINITY;
   r.coord[2][0] = -1e30f;
   r.coord[3][1] = 1e30f;
   float out[4][4];
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   u_sampler_sample(NULL, &v, &s, &r, out);
   CHECK(out[0][0] == 0.0f, "NULL texture reads 0");
   u_sampler_sample(&t.tex, NULL, &s, &r, out);
   struct pipe_sampler_view bad = v;
   bad.format = PIPE_FORMAT_R32G32B32A32_FLOAT;   /* larger texels than the texture */
   u_sampler_sample(&t.tex, &bad, &s, &r, out);
   CHECK(out[0][0] == 0.0f, "mismatched view format reads 0");
   bad = v;
   bad.first_level = 9;
   bad.last_level = 20;
   bad.target = 99;
   u_sampler_sample(&t.tex, &bad, &s, &r, out);
   t.tex.level[0].data = NULL;
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   CHECK(out[3][0] == 0.0f, "NULL data reads 0");
   r.op = 77;
   u_sampler_sample(&t.tex, &v, &s, &r, out);
   test_tex_fini(&t);
}

/* Random requests on every target, op, wrap mode and filter: nothing may
 * crash (run under ASan in CI), and since texels, border colour and
 * swizzle constants are in [0, 1], every filtered float result must be in
 * [0, 1] as well (filters are convex combinations). */
static uint32_t
rnd(uint32_t *state)
{
   *state = *state * 1664525u + 1013904223u;
   return *state >> 8;
}

static float
rndf(uint32_t *state, float lo, float hi)
{
   return lo + (hi - lo) * (float)(rnd(state) & 0xffff) / 65535.0f;
}

static void
test_random(void)
{
   static const struct { enum pipe_texture_target t; unsigned w, h, d, layers; } shapes[] = {
      { PIPE_TEXTURE_1D, 5, 1, 1, 1 },       { PIPE_TEXTURE_2D, 7, 3, 1, 1 },
      { PIPE_TEXTURE_3D, 4, 3, 5, 1 },       { PIPE_TEXTURE_CUBE, 4, 4, 1, 6 },
      { PIPE_TEXTURE_RECT, 6, 3, 1, 1 },     { PIPE_TEXTURE_1D_ARRAY, 8, 1, 1, 3 },
      { PIPE_TEXTURE_2D_ARRAY, 4, 4, 1, 3 }, { PIPE_TEXTURE_CUBE_ARRAY, 2, 2, 1, 12 },
   };
   static const enum pipe_format formats[] = {
      PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_B8G8R8A8_SRGB, PIPE_FORMAT_Z24_UNORM_S8_UINT,
      PIPE_FORMAT_L8A8_UNORM, PIPE_FORMAT_B5G6R5_UNORM,
   };
   uint32_t seed = 12345;
   unsigned out_of_range = 0;
   for (unsigned iter = 0; iter < 4000; iter++) {
      unsigned si = rnd(&seed) % 8, fi = rnd(&seed) % 5;
      struct test_tex t;
      unsigned levels = 1 + rnd(&seed) % 3;
      if (shapes[si].t == PIPE_TEXTURE_RECT)
         levels = 1;
      test_tex_init(&t, formats[fi], shapes[si].t, shapes[si].w, shapes[si].h, shapes[si].d,
                    shapes[si].layers, levels);
      for (unsigned l = 0; l < levels; l++) {
         unsigned w, h, d;
         u_sampler_level_size(&t.tex, l, &w, &h, &d);
         size_t bytes = t.tex.level[l].layer_stride *
                        (shapes[si].t == PIPE_TEXTURE_3D ? d : shapes[si].layers);
         for (size_t b = 0; b < bytes; b++)
            ((unsigned char *)t.levels[l])[b] = (unsigned char)rnd(&seed);
      }
      struct pipe_sampler_view v;
      test_view(&t, &v);
      v.swizzle_r = rnd(&seed) % 7;
      v.swizzle_a = rnd(&seed) % 7;
      v.first_level = rnd(&seed) % 4;
      struct pipe_sampler_state s;
      test_state(&s, rnd(&seed) % 8, rnd(&seed) % 2, rnd(&seed) % 3);
      s.wrap_t = rnd(&seed) % 8;
      s.wrap_r = rnd(&seed) % 8;
      s.mag_img_filter = rnd(&seed) % 2;
      s.seamless_cube_map = rnd(&seed) % 2;
      s.compare_mode = rnd(&seed) % 2;
      s.compare_func = rnd(&seed) % 8;
      s.lod_bias = rndf(&seed, -2, 2);
      for (unsigned c = 0; c < 4; c++)
         s.border_color.f[c] = rndf(&seed, 0, 1);
      struct u_sample_request r;
      memset(&r, 0, sizeof(r));
      static const enum u_sample_op ops[5] = { U_SAMPLE_IMPLICIT, U_SAMPLE_BIAS, U_SAMPLE_LOD,
                                               U_SAMPLE_GRAD, U_SAMPLE_GATHER };
      r.op = ops[rnd(&seed) % 5];
      r.lane_mask = 0xf;
      r.quad = rnd(&seed) % 2;
      r.has_proj = rnd(&seed) % 2;
      r.has_offset = rnd(&seed) % 2;
      r.has_derivs = rnd(&seed) % 2;
      r.gather_comp = rnd(&seed) % 4;
      for (unsigned l = 0; l < 4; l++) {
         for (unsigned c = 0; c < 4; c++) {
            r.coord[l][c] = rndf(&seed, -3, 3);
            r.icoord[l][c] = (int)(rnd(&seed) % 16) - 4;
         }
         for (unsigned c = 0; c < 3; c++) {
            r.offset[l][c] = (int)(rnd(&seed) % 17) - 8;
            r.ddx[l][c] = rndf(&seed, -1, 1);
            r.ddy[l][c] = rndf(&seed, -1, 1);
         }
         r.proj[l] = rndf(&seed, 0.25f, 4);
         r.compare[l] = rndf(&seed, 0, 1);
         r.lod[l] = rndf(&seed, -2, 5);
         r.bias[l] = rndf(&seed, -2, 2);
      }
      float out[4][4];
      u_sampler_sample(&t.tex, &v, &s, &r, out);
      for (unsigned l = 0; l < 4; l++)
         for (unsigned c = 0; c < 4; c++)
            out_of_range += !(out[l][c] >= -1e-6f && out[l][c] <= 1.0f + 1e-6f);
      r.op = U_SAMPLE_FETCH;
      u_sampler_sample(&t.tex, &v, &s, &r, out);
      for (unsigned l = 0; l < 4; l++)
         for (unsigned c = 0; c < 4; c++)
            out_of_range += !(out[l][c] >= -1e-6f && out[l][c] <= 1.0f + 1e-6f);
      test_tex_fini(&t);
   }
   CHECK(out_of_range == 0, "random lookups: %u results outside [0, 1]", out_of_range);
}

/* Multisample textures (nr_samples 2): layer z, sample s is slice
 * z * 2 + s; U_SAMPLE_FETCH reads the request's sample, a sample outside
 * 0..1 reads 0; U_SAMPLE_SIZE gives width, height, layers. */
static void
test_multisample_fetch(void)
{
   struct test_tex t;
   /* 3 x 1 texels, 2 layers of 2 samples: 4 slices, then described as 2
    * layers of 2 samples */
   test_tex_init(&t, PIPE_FORMAT_R8G8B8A8_UINT, PIPE_TEXTURE_2D_ARRAY, 3, 1, 1, 4, 1);
   unsigned char *p = t.levels[0];
   for (unsigned k = 0; k < 4; k++)
      for (unsigned x = 0; x < 3; x++)
         for (unsigned c = 0; c < 4; c++)
            p[(size_t)k * t.tex.level[0].layer_stride + x * 4 + c] = (unsigned char)(40 * k + 10 * x + c);
   t.tex.array_size = 2;
   t.tex.nr_samples = 2;
   struct pipe_sampler_view v;
   test_view(&t, &v);
   struct u_sample_request r;
   memset(&r, 0, sizeof(r));
   r.op = U_SAMPLE_FETCH;
   r.lane_mask = 0xf;
   /* lane: (x, layer, sample) */
   static const int lanes[4][3] = { { 0, 0, 1 }, { 2, 1, 0 }, { 1, 1, 1 }, { 1, 0, 2 } };
   for (unsigned l = 0; l < 4; l++) {
      r.icoord[l][0] = lanes[l][0];
      r.icoord[l][2] = lanes[l][1];
      r.sample[l] = lanes[l][2];
   }
   uint32_t out[4][4];
   memset(out, 0xff, sizeof out);
   u_sampler_sample_uint(&t.tex, &v, NULL, &r, out);
   for (unsigned l = 0; l < 3; l++) {
      unsigned k = (unsigned)(lanes[l][1] * 2 + lanes[l][2]);
      for (unsigned c = 0; c < 4; c++)
         CHECK(out[l][c] == 40 * k + 10 * (unsigned)lanes[l][0] + c,
               "ms fetch lane %u comp %u: %u", l, c, out[l][c]);
   }
   CHECK(out[3][0] == 0 && out[3][3] == 0, "ms fetch: sample 2 of 2 reads 0 (%u)", out[3][0]);
   int32_t size[4];
   CHECK(u_sampler_texture_size(&t.tex, &v, 0, size) == 3 && size[0] == 3 && size[1] == 1 &&
            size[2] == 2,
         "ms array size %d %d %d", size[0], size[1], size[2]);
   test_tex_fini(&t);
}

int
main(void)
{
   test_wrap_modes();
   test_lod();
   test_cube();
   test_shadow();
   test_fetch_swizzle_formats();
   test_multisample_fetch();
   test_integer();
   test_3d_arrays_rect();
   test_gather();
   test_bad_input();
   test_random();
   if (test_failures) {
      fprintf(stderr, "%d failure(s)\n", test_failures);
      return 1;
   }
   printf("sampler: all passed\n");
   return 0;
}
