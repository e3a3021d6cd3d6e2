/*
 * Texture sampling from a fragment shader at interpolated coordinates,
 * every expected texel computed with the GL wrap and filter formulas:
 * every wrap mode x nearest/linear on a 2D texture, cube face selection and
 * the seam between two faces, mipmap level selection (explicit and implicit
 * LOD, NEAREST/LINEAR/NONE mip filters, LOD clamps and bias) and the
 * component expansion of a few legacy formats.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"
#include "util/u_inlines.h"

#define W 32
#define H 32
#define TS 4   /* 2D texture size */

static const char fs_tex2d_lod0[] =
   "shader fragment\n"
   "input vec4 @tc location 0\n"
   "output vec4 @frag location 0\n"
   "sampler 2d float @tex binding 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @tc\n"
   "   %1 = swizzle vec2 %0.xy\n"
   "   %2 = const float 0.0\n"
   "   %3 = txl vec4 @tex, coord %1, lod %2\n"
   "   store_output @frag, %3\n"
   "}\n";

static const char fs_tex2d_lod_uniform[] =
   "shader fragment\n"
   "input vec4 @tc location 0\n"
   "output vec4 @frag location 0\n"
   "uniform vec4 @lod cbuf 0 offset 0\n"
   "sampler 2d float @tex binding 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @tc\n"
   "   %1 = swizzle vec2 %0.xy\n"
   "   %2 = load_uniform vec4 @lod\n"
   "   %3 = swizzle float %2.x\n"
   "   %4 = txl vec4 @tex, coord %1, lod %3\n"
   "   store_output @frag, %4\n"
   "}\n";

static const char fs_tex2d_implicit[] =
   "shader fragment\n"
   "input vec4 @tc location 0\n"
   "output vec4 @frag location 0\n"
   "sampler 2d float @tex binding 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @tc\n"
   "   %1 = swizzle vec2 %0.xy\n"
   "   %2 = tex vec4 @tex, coord %1\n"
   "   store_output @frag, %2\n"
   "}\n";

static const char fs_texcube[] =
   "shader fragment\n"
   "input vec4 @tc location 0\n"
   "output vec4 @frag location 0\n"
   "sampler cube float @tex binding 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @tc\n"
   "   %1 = swizzle vec3 %0.xyz\n"
   "   %2 = const float 0.0\n"
   "   %3 = txl vec4 @tex, coord %1, lod %2\n"
   "   store_output @frag, %3\n"
   "}\n";

static const float border[4] = { 0.25f, 0.5f, 0.75f, 1.0f };

/* --- helpers ---------------------------------------------------------------- */

static void
bind_texture(struct scene *s, struct pipe_resource *tex, enum pipe_format format,
             const struct pipe_sampler_state *ss)
{
   struct pipe_sampler_view templ;
   memset(&templ, 0, sizeof templ);
   templ.format = format;
   templ.target = tex->target;
   templ.first_level = 0;
   templ.last_level = tex->last_level;
   templ.first_layer = 0;
   templ.last_layer = tex->array_size - 1;
   templ.swizzle_r = PIPE_SWIZZLE_X;
   templ.swizzle_g = PIPE_SWIZZLE_Y;
   templ.swizzle_b = PIPE_SWIZZLE_Z;
   templ.swizzle_a = PIPE_SWIZZLE_W;
   struct pipe_sampler_view *view = s->ctx->create_sampler_view(s->ctx, tex, &templ);
   if (!view) {
      scene_fail(s, "create_sampler_view failed");
      return;
   }
   s->ctx->set_sampler_views(s->ctx, PIPE_SHADER_FRAGMENT, 0, 1, &view);
   pipe_sampler_view_reference(&view, NULL);
   void *samp = s->ctx->create_sampler_state(s->ctx, ss);
   s->ctx->bind_sampler_states(s->ctx, PIPE_SHADER_FRAGMENT, 0, 1, &samp);
   /* keep the CSO alive until the next bind: delete the previous one */
   static void *prev;
   static struct pipe_context *prev_ctx;
   if (prev && prev_ctx == s->ctx)
      s->ctx->delete_sampler_state(s->ctx, prev);
   prev = samp;
   prev_ctx = s->ctx;
}

static void
unbind_texture(struct scene *s)
{
   struct pipe_sampler_view *none = NULL;
   s->ctx->set_sampler_views(s->ctx, PIPE_SHADER_FRAGMENT, 0, 1, &none);
}

/* Full-window quad whose attribute 1 goes from a0 (left/bottom corner) to
 * the other corners: attr = a00 + x/W * ax + y/H * ay. */
static void
draw_quad_attr(struct scene *s, const float a00[4], const float ax[4], const float ay[4])
{
   static const float xy[6][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 0 }, { 1, 1 }, { 0, 1 } };
   float v[6][8];
   for (unsigned i = 0; i < 6; i++) {
      scene_clip(s, xy[i][0] * s->w, xy[i][1] * s->h, 0.5f, 1.0f, v[i]);
      for (unsigned c = 0; c < 4; c++)
         v[i][4 + c] = a00[c] + xy[i][0] * ax[c] + xy[i][1] * ay[c];
   }
   scene_verts(s, &v[0][0], 6, 2);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
}

static void
texel_2d(unsigned i, unsigned j, uint8_t out[4])
{
   out[0] = (uint8_t)(i * 60 + 10);
   out[1] = (uint8_t)(j * 60 + 20);
   out[2] = (uint8_t)((i * TS + j) * 15);
   out[3] = (uint8_t)(255 - i * 30 - j * 7);
}

/* --- wrap modes ------------------------------------------------------------------ */

static const char *const wrap_names[] = { "REPEAT", "CLAMP", "CLAMP_TO_EDGE", "CLAMP_TO_BORDER",
                                          "MIRROR_REPEAT", "MIRROR_CLAMP", "MIRROR_CLAMP_TO_EDGE",
                                          "MIRROR_CLAMP_TO_BORDER" };

static int
imod(int a, int n)
{
   int m = a % n;
   return m < 0 ? m + n : m;
}

/* Coordinate s -> texel coordinate u for a wrap mode (coordinate-level clamps). */
static double
wrap_coord(unsigned wrap, double s, int n)
{
   switch (wrap) {
   case PIPE_TEX_WRAP_CLAMP: return fmin(fmax(s, 0.0), 1.0) * n;
   case PIPE_TEX_WRAP_MIRROR_CLAMP: return fmin(fabs(s), 1.0) * n;
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE: return fabs(s) * n;
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER: return fmin(fabs(s), 1.0 + 0.5 / n) * n;
   default: return s * n;
   }
}

/* Integer texel index after wrapping; -1 means the border colour. */
static int
wrap_index(unsigned wrap, int i, int n, bool nearest)
{
   switch (wrap) {
   case PIPE_TEX_WRAP_REPEAT: return imod(i, n);
   case PIPE_TEX_WRAP_CLAMP_TO_EDGE:
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
      return i < 0 ? 0 : i >= n ? n - 1 : i;
   case PIPE_TEX_WRAP_CLAMP:
   case PIPE_TEX_WRAP_MIRROR_CLAMP:
      if (nearest)
         return i < 0 ? 0 : i >= n ? n - 1 : i;
      return i < 0 || i >= n ? -1 : i;
   case PIPE_TEX_WRAP_MIRROR_REPEAT: {
      int a = imod(i, 2 * n) - n;
      int m = a >= 0 ? a : -(1 + a);
      return n - 1 - m;
   }
   default:   /* CLAMP_TO_BORDER, MIRROR_CLAMP_TO_BORDER */
      return i < 0 || i >= n ? -1 : i;
   }
}

static void
fetch(int i, int j, double out[4])
{
   if (i < 0 || j < 0) {
      for (unsigned c = 0; c < 4; c++)
         out[c] = border[c];
      return;
   }
   uint8_t t[4];
   texel_2d((unsigned)i, (unsigned)j, t);
   for (unsigned c = 0; c < 4; c++)
      out[c] = t[c] / 255.0;
}

static void
sample_ref(unsigned wrap_s, unsigned wrap_t, bool linear, double s, double t, double out[4])
{
   double u = wrap_coord(wrap_s, s, TS), v = wrap_coord(wrap_t, t, TS);
   if (!linear) {
      int i = wrap_index(wrap_s, (int)floor(u), TS, true);
      int j = wrap_index(wrap_t, (int)floor(v), TS, true);
      fetch(i < 0 || j < 0 ? -1 : i, i < 0 || j < 0 ? -1 : j, out);
      return;
   }
   int i0 = (int)floor(u - 0.5), j0 = (int)floor(v - 0.5);
   double a = u - 0.5 - i0, b = v - 0.5 - j0;
   int is[2] = { wrap_index(wrap_s, i0, TS, false), wrap_index(wrap_s, i0 + 1, TS, false) };
   int js[2] = { wrap_index(wrap_t, j0, TS, false), wrap_index(wrap_t, j0 + 1, TS, false) };
   double tx[2][2][4];
   for (unsigned y = 0; y < 2; y++)
      for (unsigned x = 0; x < 2; x++)
         fetch(is[x] < 0 || js[y] < 0 ? -1 : is[x], is[x] < 0 || js[y] < 0 ? -1 : js[y],
               tx[y][x]);
   for (unsigned c = 0; c < 4; c++)
      out[c] = (1 - a) * (1 - b) * tx[0][0][c] + a * (1 - b) * tx[0][1][c] +
               (1 - a) * b * tx[1][0][c] + a * b * tx[1][1][c];
}

static void
test_wrap(struct scene *s)
{
   scene_fb1(s, W, H, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   scene_rast(s, NULL);
   scene_blend(s, NULL);
   scene_dsa(s, NULL);
   scene_shaders(s, scene_vs_pos_attr, fs_tex2d_lod0);
   struct pipe_resource *tex = pt_texture(&s->pt, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM,
                                          TS, TS, 1, 1, 0, PIPE_BIND_SAMPLER_VIEW);
   uint8_t texels[TS * TS][4];
   for (unsigned j = 0; j < TS; j++)
      for (unsigned i = 0; i < TS; i++)
         texel_2d(i, j, texels[j * TS + i]);
   scene_write_raw(s, tex, 0, 0, texels);

   /* s = -1.25 .. 2.25 over x, t = -1.05 .. 1.95 over y: no sample lands
    * within 0.01 texel of a texel edge or centre */
   const float a00[4] = { -1.25f, -1.05f, 0, 1 };
   const float ax[4] = { 3.5f, 0, 0, 0 };
   const float ay[4] = { 0, 3.0f, 0, 0 };
   for (unsigned combo = 0; combo < 18; combo++) {
      unsigned ws, wt;
      bool linear;
      if (combo < 16) {
         ws = wt = combo / 2;
         linear = combo & 1;
      } else {
         ws = PIPE_TEX_WRAP_REPEAT;
         wt = combo == 16 ? PIPE_TEX_WRAP_CLAMP_TO_EDGE : PIPE_TEX_WRAP_MIRROR_REPEAT;
         linear = combo == 17;
      }
      if (ws == wt)
         scene_case(s, "2D wrap %s, filter %s", wrap_names[ws], linear ? "LINEAR" : "NEAREST");
      else
         scene_case(s, "2D wrap s %s t %s, filter %s", wrap_names[ws], wrap_names[wt],
                    linear ? "LINEAR" : "NEAREST");
      if (ws >= PIPE_TEX_WRAP_MIRROR_CLAMP && !s->screen->caps.texture_mirror_clamp) {
         scene_skip_case(s, "caps.texture_mirror_clamp is false");
         continue;
      }
      struct pipe_sampler_state ss;
      memset(&ss, 0, sizeof ss);
      ss.wrap_s = ws;
      ss.wrap_t = wt;
      ss.wrap_r = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
      ss.min_img_filter = ss.mag_img_filter = linear;
      ss.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
      ss.normalized_coords = 1;
      ss.max_lod = 1000.0f;
      memcpy(ss.border_color.f, border, sizeof border);
      bind_texture(s, tex, PIPE_FORMAT_R8G8B8A8_UNORM, &ss);
      scene_clear_color(s, -1, -1, -1, -1);
      draw_quad_attr(s, a00, ax, ay);
      float *got = scene_read_rgba(s, 0);
      unsigned bad = 0;
      for (unsigned y = 0; y < H; y++) {
         for (unsigned x = 0; x < W; x++) {
            double sc = a00[0] + ax[0] * (x + 0.5) / W, tc = a00[1] + ay[1] * (y + 0.5) / H;
            double e[4];
            sample_ref(ws, wt, linear, sc, tc, e);
            const float *g = &got[(y * W + x) * 4];
            bool ok = true;
            for (unsigned c = 0; c < 4; c++)
               ok &= fabs(g[c] - e[c]) <= (linear ? 1.0 / 255 : 1e-5);
            if (!ok && bad++ < 4)
               scene_fail(s, "pixel (%u, %u) at (s, t) = (%.4f, %.4f): (%.4f, %.4f, %.4f, %.4f), "
                          "expected (%.4f, %.4f, %.4f, %.4f)", x, y, sc, tc, g[0], g[1], g[2],
                          g[3], e[0], e[1], e[2], e[3]);
         }
      }
      free(got);
   }
   unbind_texture(s);
   pipe_resource_reference(&tex, NULL);
}

/* --- cube maps ---------------------------------------------------------------------- */

static void
cube_texel(unsigned face, unsigned i, unsigned j, uint8_t out[4])
{
   out[0] = (uint8_t)(face * 40 + 10);
   out[1] = (uint8_t)(i * 60 + 5);
   out[2] = (uint8_t)(j * 60 + 5);
   out[3] = 255;
}

/* GL's major-axis face selection. */
static unsigned
cube_face(double rx, double ry, double rz, double *sc, double *tc, double *ma)
{
   double ax = fabs(rx), ay = fabs(ry), az = fabs(rz);
   if (ax >= ay && ax >= az) {
      *ma = ax;
      *tc = -ry;
      *sc = rx > 0 ? -rz : rz;
      return rx > 0 ? PIPE_TEX_FACE_POS_X : PIPE_TEX_FACE_NEG_X;
   }
   if (ay >= az) {
      *ma = ay;
      *sc = rx;
      *tc = ry > 0 ? rz : -rz;
      return ry > 0 ? PIPE_TEX_FACE_POS_Y : PIPE_TEX_FACE_NEG_Y;
   }
   *ma = az;
   *tc = -ry;
   *sc = rz > 0 ? rx : -rx;
   return rz > 0 ? PIPE_TEX_FACE_POS_Z : PIPE_TEX_FACE_NEG_Z;
}

static void
cube_fetch(unsigned face, int i, int j, double out[4])
{
   i = i < 0 ? 0 : i >= TS ? TS - 1 : i;
   j = j < 0 ? 0 : j >= TS ? TS - 1 : j;
   uint8_t t[4];
   cube_texel(face, (unsigned)i, (unsigned)j, t);
   for (unsigned c = 0; c < 4; c++)
      out[c] = t[c] / 255.0;
}

static void
test_cube(struct scene *s)
{
   scene_fb1(s, W, H, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   scene_shaders(s, scene_vs_pos_attr, fs_texcube);
   struct pipe_resource *tex = pt_texture(&s->pt, PIPE_TEXTURE_CUBE, PIPE_FORMAT_R8G8B8A8_UNORM,
                                          TS, TS, 1, 6, 0, PIPE_BIND_SAMPLER_VIEW);
   for (unsigned f = 0; f < 6; f++) {
      uint8_t texels[TS * TS][4];
      for (unsigned j = 0; j < TS; j++)
         for (unsigned i = 0; i < TS; i++)
            cube_texel(f, i, j, texels[j * TS + i]);
      scene_write_raw(s, tex, 0, f, texels);
   }
   static const struct {
      const char *name;
      float a00[4], ax[4], ay[4];
   } dirs[] = {
      /* (1, ry, rz): rz sweeps -1.6 .. 1.6: -Z, +X, +Z faces */
      { "seam +X/+Z and +X/-Z", { 1, -0.6f, -1.6f, 0 }, { 0, 0, 3.2f, 0 }, { 0, 1.2f, 0, 0 } },
      /* (rx, 1, rz): the +Y face and its four neighbours */
      { "+Y face and its edges", { -1.7f, 1, -1.55f, 0 }, { 3.4f, 0, 0, 0 }, { 0, 0, 3.1f, 0 } },
      /* (rx, ry, -1): -Z with -X/+X/-Y/+Y */
      { "-Z face and its edges", { -1.65f, -1.45f, -1, 0 }, { 3.3f, 0, 0, 0 }, { 0, 2.9f, 0, 0 } },
      /* (-1, ry, rz) and (rx, -1, ...) */
      { "-X and -Y faces", { -1, -1.35f, -1.6f, 0 }, { 0, 0, 3.2f, 0 }, { 0, 2.7f, 0, 0 } },
   };
   for (unsigned d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
      for (unsigned linear = 0; linear < 2; linear++) {
         scene_case(s, "cube map %s, %s, non-seamless clamp-to-edge", dirs[d].name,
                    linear ? "LINEAR" : "NEAREST");
         struct pipe_sampler_state ss;
         memset(&ss, 0, sizeof ss);
         ss.wrap_s = ss.wrap_t = ss.wrap_r = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
         ss.min_img_filter = ss.mag_img_filter = linear;
         ss.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
         ss.normalized_coords = 1;
         ss.seamless_cube_map = 0;
         ss.max_lod = 1000.0f;
         bind_texture(s, tex, PIPE_FORMAT_R8G8B8A8_UNORM, &ss);
         scene_clear_color(s, -1, -1, -1, -1);
         draw_quad_attr(s, dirs[d].a00, dirs[d].ax, dirs[d].ay);
         float *got = scene_read_rgba(s, 0);
         unsigned bad = 0;
         for (unsigned y = 0; y < H; y++) {
            for (unsigned x = 0; x < W; x++) {
               double r[3];
               for (unsigned c = 0; c < 3; c++)
                  r[c] = dirs[d].a00[c] + dirs[d].ax[c] * (x + 0.5) / W +
                         dirs[d].ay[c] * (y + 0.5) / H;
               double sc, tc, ma;
               unsigned face = cube_face(r[0], r[1], r[2], &sc, &tc, &ma);
               /* skip directions within 1e-3 of an edge between faces */
               double m[3] = { fabs(r[0]), fabs(r[1]), fabs(r[2]) };
               double top = fmax(m[0], fmax(m[1], m[2])), second = 0;
               for (unsigned c = 0; c < 3; c++)
                  if (m[c] != top && m[c] > second)
                     second = m[c];
               if (top - second < 1e-3)
                  continue;
               double u = (sc / ma + 1) / 2 * TS, v = (tc / ma + 1) / 2 * TS;
               double e[4];
               if (!linear && (fabs(u - floor(u + 0.5)) < 1e-4 || fabs(v - floor(v + 0.5)) < 1e-4))
                  continue;   /* on a texel boundary: either texel is right */
               if (!linear) {
                  cube_fetch(face, (int)floor(u), (int)floor(v), e);
               } else {
                  int i0 = (int)floor(u - 0.5), j0 = (int)floor(v - 0.5);
                  double a = u - 0.5 - i0, b = v - 0.5 - j0, t00[4], t10[4], t01[4], t11[4];
                  cube_fetch(face, i0, j0, t00);
                  cube_fetch(face, i0 + 1, j0, t10);
                  cube_fetch(face, i0, j0 + 1, t01);
                  cube_fetch(face, i0 + 1, j0 + 1, t11);
                  for (unsigned c = 0; c < 4; c++)
                     e[c] = (1 - a) * (1 - b) * t00[c] + a * (1 - b) * t10[c] +
                            (1 - a) * b * t01[c] + a * b * t11[c];
               }
               const float *g = &got[(y * W + x) * 4];
               bool ok = true;
               for (unsigned c = 0; c < 4; c++)
                  ok &= fabs(g[c] - e[c]) <= (linear ? 1.5 / 255 : 1e-5);
               if (!ok && bad++ < 4)
                  scene_fail(s, "pixel (%u, %u) dir (%.3f, %.3f, %.3f) face %u: (%.4f, %.4f, %.4f), "
                             "expected (%.4f, %.4f, %.4f)", x, y, r[0], r[1], r[2], face, g[0],
                             g[1], g[2], e[0], e[1], e[2]);
            }
         }
         free(got);
      }
   }
   unbind_texture(s);
   pipe_resource_reference(&tex, NULL);
}

/* --- mipmaps ------------------------------------------------------------------------------ */

static const uint8_t level_colors[6][4] = {
   { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 },
   { 255, 255, 0, 255 }, { 0, 255, 255, 255 }, { 255, 0, 255, 255 },
};

static struct pipe_resource *
make_mip_texture(struct scene *s, unsigned size, unsigned levels)
{
   struct pipe_resource *tex = pt_texture(&s->pt, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM,
                                          size, size, 1, 1, levels - 1, PIPE_BIND_SAMPLER_VIEW);
   for (unsigned l = 0; l < levels; l++) {
      unsigned n = u_minify(size, l);
      uint8_t *px = malloc((size_t)n * n * 4);
      for (unsigned p = 0; p < n * n; p++)
         memcpy(px + 4 * p, level_colors[l], 4);
      scene_write_raw(s, tex, l, 0, px);
      free(px);
   }
   return tex;
}

/* Expected colour for a LOD (already biased and clamped by the caller's
 * rules) with the GL level selection of each mip filter. */
static void
mip_ref(unsigned mipf, double lod, unsigned max_level, double out[4])
{
   double w[6] = { 0 };
   if (lod <= 0 || mipf == PIPE_TEX_MIPFILTER_NONE) {
      w[0] = 1;
   } else if (mipf == PIPE_TEX_MIPFILTER_NEAREST) {
      int d = lod <= 0.5 ? 0 : (int)ceil(lod + 0.5) - 1;
      if (d > (int)max_level)
         d = (int)max_level;
      w[d] = 1;
   } else if (lod >= max_level) {
      w[max_level] = 1;
   } else {
      int d = (int)floor(lod);
      w[d] = 1 - (lod - d);
      w[d + 1] = lod - d;
   }
   for (unsigned c = 0; c < 4; c++) {
      out[c] = 0;
      for (unsigned l = 0; l <= max_level; l++)
         out[c] += w[l] * level_colors[l][c] / 255.0;
   }
}

static void
test_mipmaps(struct scene *s)
{
   enum { MS = 16, ML = 5 };
   scene_fb1(s, 4, 4, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   scene_shaders(s, scene_vs_pos_attr, fs_tex2d_lod_uniform);
   struct pipe_resource *tex = make_mip_texture(s, MS, ML);
   static const char *const mip_names[3] = { "NEAREST", "LINEAR", "NONE" };
   static const float lods[] = { -1.0f, 0.0f, 0.25f, 0.75f, 1.0f, 1.4f, 1.6f, 2.3f, 3.0f,
                                 3.75f, 4.0f, 10.0f };
   const float a00[4] = { 0.3f, 0.6f, 0, 1 }, zero[4] = { 0, 0, 0, 0 };
   for (unsigned mipf = 0; mipf < 3; mipf++) {
      scene_case(s, "explicit LOD with mip filter %s (levels 0-4, min/mag NEAREST)",
                 mip_names[mipf]);
      struct pipe_sampler_state ss;
      memset(&ss, 0, sizeof ss);
      ss.wrap_s = ss.wrap_t = ss.wrap_r = PIPE_TEX_WRAP_REPEAT;
      ss.min_img_filter = ss.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
      ss.min_mip_filter = mipf;
      ss.normalized_coords = 1;
      ss.min_lod = 0.0f;
      ss.max_lod = 1000.0f;
      bind_texture(s, tex, PIPE_FORMAT_R8G8B8A8_UNORM, &ss);
      for (unsigned k = 0; k < sizeof lods / sizeof lods[0]; k++) {
         float lodv[4] = { lods[k], 0, 0, 0 };
         scene_constants(s, PIPE_SHADER_FRAGMENT, 0, lodv, sizeof lodv);
         draw_quad_attr(s, a00, zero, zero);
         float *got = scene_read_rgba(s, 0);
         double e[4];
         mip_ref(mipf, lods[k], ML - 1, e);
         bool ok = true;
         for (unsigned c = 0; c < 4; c++)
            ok &= fabs(got[c] - e[c]) <= 1.0 / 255;
         SCHECK(s, ok, "lod %g: (%.4f, %.4f, %.4f, %.4f), expected (%.4f, %.4f, %.4f, %.4f)",
                lods[k], got[0], got[1], got[2], got[3], e[0], e[1], e[2], e[3]);
         free(got);
      }
   }

   scene_case(s, "LOD clamped by min_lod 1.25 / max_lod 2.5 (mip LINEAR)");
   {
      struct pipe_sampler_state ss;
      memset(&ss, 0, sizeof ss);
      ss.wrap_s = ss.wrap_t = ss.wrap_r = PIPE_TEX_WRAP_REPEAT;
      ss.min_img_filter = ss.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
      ss.min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
      ss.normalized_coords = 1;
      ss.min_lod = 1.25f;
      ss.max_lod = 2.5f;
      bind_texture(s, tex, PIPE_FORMAT_R8G8B8A8_UNORM, &ss);
      static const float cl[] = { 0.5f, 1.75f, 4.0f };
      for (unsigned k = 0; k < 3; k++) {
         float lodv[4] = { cl[k], 0, 0, 0 };
         scene_constants(s, PIPE_SHADER_FRAGMENT, 0, lodv, sizeof lodv);
         draw_quad_attr(s, a00, zero, zero);
         float *got = scene_read_rgba(s, 0);
         double e[4];
         mip_ref(PIPE_TEX_MIPFILTER_LINEAR, fmin(fmax(cl[k], 1.25), 2.5), ML - 1, e);
         bool ok = true;
         for (unsigned c = 0; c < 4; c++)
            ok &= fabs(got[c] - e[c]) <= 1.0 / 255;
         SCHECK(s, ok, "lod %g: (%.4f, %.4f, %.4f, %.4f), expected (%.4f, %.4f, %.4f, %.4f)",
                cl[k], got[0], got[1], got[2], got[3], e[0], e[1], e[2], e[3]);
         free(got);
      }
   }
   unbind_texture(s);
   pipe_resource_reference(&tex, NULL);

   /* implicit LOD: a 32x32 texture over 8x8 pixels: rho = 4, lambda = 2 */
   enum { IS = 32, IL = 6 };
   scene_fb1(s, 8, 8, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   scene_shaders(s, scene_vs_pos_attr, fs_tex2d_implicit);
   tex = make_mip_texture(s, IS, IL);
   const float ta00[4] = { 0, 0, 0, 1 }, tax[4] = { 1, 0, 0, 0 }, tay[4] = { 0, 1, 0, 0 };
   static const struct {
      const char *name;
      unsigned mipf;
      float bias;
      double lod;
   } icases[] = {
      { "implicit LOD: 32x32 texture on 8x8 pixels selects level 2 (mip NEAREST)",
        PIPE_TEX_MIPFILTER_NEAREST, 0.0f, 2.0 },
      { "implicit LOD: level 2 with mip LINEAR", PIPE_TEX_MIPFILTER_LINEAR, 0.0f, 2.0 },
      { "implicit LOD with sampler lod_bias 1.0: level 3", PIPE_TEX_MIPFILTER_NEAREST, 1.0f, 3.0 },
      { "implicit LOD with sampler lod_bias -0.5, mip LINEAR: levels 1 and 2 blended",
        PIPE_TEX_MIPFILTER_LINEAR, -0.5f, 1.5 },
   };
   for (unsigned k = 0; k < sizeof icases / sizeof icases[0]; k++) {
      scene_case(s, "%s", icases[k].name);
      struct pipe_sampler_state ss;
      memset(&ss, 0, sizeof ss);
      ss.wrap_s = ss.wrap_t = ss.wrap_r = PIPE_TEX_WRAP_REPEAT;
      ss.min_img_filter = ss.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
      ss.min_mip_filter = icases[k].mipf;
      ss.normalized_coords = 1;
      ss.lod_bias = icases[k].bias;
      ss.max_lod = 1000.0f;
      bind_texture(s, tex, PIPE_FORMAT_R8G8B8A8_UNORM, &ss);
      scene_clear_color(s, -1, -1, -1, -1);
      draw_quad_attr(s, ta00, tax, tay);
      float *got = scene_read_rgba(s, 0);
      double e[4];
      mip_ref(icases[k].mipf, icases[k].lod, IL - 1, e);
      for (unsigned p = 0; p < 64; p++) {
         bool ok = true;
         for (unsigned c = 0; c < 4; c++)
            ok &= fabs(got[p * 4 + c] - e[c]) <= 1.0 / 255;
         if (!ok) {
            scene_fail(s, "pixel (%u, %u): (%.4f, %.4f, %.4f, %.4f), expected (%.4f, %.4f, %.4f, %.4f)",
                       p % 8, p / 8, got[p * 4], got[p * 4 + 1], got[p * 4 + 2], got[p * 4 + 3],
                       e[0], e[1], e[2], e[3]);
            break;
         }
      }
      free(got);
   }
   unbind_texture(s);
   pipe_resource_reference(&tex, NULL);
}

/* --- formats -------------------------------------------------------------------------------- */

static void
test_formats(struct scene *s)
{
   static const struct {
      enum pipe_format f;
      const char *name;
      uint8_t bytes[8];
      float expect[4];
   } cases[] = {
      { PIPE_FORMAT_R8_UNORM, "R8_UNORM -> (r, 0, 0, 1)", { 51 }, { 0.2f, 0, 0, 1 } },
      { PIPE_FORMAT_R8G8_UNORM, "R8G8_UNORM -> (r, g, 0, 1)", { 51, 204 }, { 0.2f, 0.8f, 0, 1 } },
      { PIPE_FORMAT_L8_UNORM, "L8_UNORM -> (l, l, l, 1)", { 102 }, { 0.4f, 0.4f, 0.4f, 1 } },
      { PIPE_FORMAT_A8_UNORM, "A8_UNORM -> (0, 0, 0, a)", { 153 }, { 0, 0, 0, 0.6f } },
      { PIPE_FORMAT_I8_UNORM, "I8_UNORM -> (i, i, i, i)", { 51 }, { 0.2f, 0.2f, 0.2f, 0.2f } },
      { PIPE_FORMAT_L8A8_UNORM, "L8A8_UNORM -> (l, l, l, a)", { 102, 255 }, { 0.4f, 0.4f, 0.4f, 1 } },
      { PIPE_FORMAT_B8G8R8A8_UNORM, "B8G8R8A8_UNORM component order", { 51, 102, 153, 204 },
        { 0.6f, 0.4f, 0.2f, 0.8f } },
      { PIPE_FORMAT_B5G6R5_UNORM, "B5G6R5_UNORM -> (r, g, b, 1)", { 0x1f, 0xf8 }, { 1, 0, 1, 1 } },
      { PIPE_FORMAT_R32_FLOAT, "R32_FLOAT -> (r, 0, 0, 1)", { 0x00, 0x00, 0x20, 0xc0 },
        { -2.5f, 0, 0, 1 } },
      { PIPE_FORMAT_R8G8B8A8_SRGB, "R8G8B8A8_SRGB decoded to linear", { 188, 0, 255, 128 },
        { 0.5029f, 0, 1, 128 / 255.0f } },
   };
   scene_fb1(s, 4, 4, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   scene_shaders(s, scene_vs_pos_attr, fs_tex2d_lod0);
   const float a00[4] = { 0.3f, 0.6f, 0, 1 }, zero[4] = { 0, 0, 0, 0 };
   for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
      scene_case(s, "sampling %s", cases[k].name);
      if (!s->screen->is_format_supported(s->screen, cases[k].f, PIPE_TEXTURE_2D, 0,
                                          PIPE_BIND_SAMPLER_VIEW)) {
         scene_skip_case(s, "format not supported for sampling");
         continue;
      }
      struct pipe_resource *tex = pt_texture(&s->pt, PIPE_TEXTURE_2D, cases[k].f, 1, 1, 1, 1, 0,
                                             PIPE_BIND_SAMPLER_VIEW);
      scene_write_raw(s, tex, 0, 0, cases[k].bytes);
      struct pipe_sampler_state ss;
      memset(&ss, 0, sizeof ss);
      ss.wrap_s = ss.wrap_t = ss.wrap_r = PIPE_TEX_WRAP_REPEAT;
      ss.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
      ss.normalized_coords = 1;
      ss.max_lod = 1000.0f;
      bind_texture(s, tex, cases[k].f, &ss);
      draw_quad_attr(s, a00, zero, zero);
      float *got = scene_read_rgba(s, 0);
      bool ok = true;
      for (unsigned c = 0; c < 4; c++)
         ok &= fabsf(got[c] - cases[k].expect[c]) <= 0.002f;
      SCHECK(s, ok, "(%.4f, %.4f, %.4f, %.4f), expected (%.4f, %.4f, %.4f, %.4f)", got[0],
             got[1], got[2], got[3], cases[k].expect[0], cases[k].expect[1],
             cases[k].expect[2], cases[k].expect[3]);
      free(got);
      unbind_texture(s);
      pipe_resource_reference(&tex, NULL);
   }
}

/* The texel at (0.5, 0.5) plus a uniform from constant buffer 0. */
static const char fs_tex_plus_uniform[] =
   "shader fragment\n"
   "input vec4 @tc location 0\n"
   "output vec4 @frag location 0\n"
   "uniform vec4 @add cbuf 0 offset 0\n"
   "sampler 2d float @tex binding 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @tc\n"
   "   %1 = swizzle vec2 %0.xy\n"
   "   %2 = const float 0.0\n"
   "   %3 = txl vec4 @tex, coord %1, lod %2\n"
   "   %4 = load_uniform vec4 @add\n"
   "   %5 = fadd vec4 %3, %4\n"
   "   store_output @frag, %5\n"
   "}\n";

/* A rectangle [x0, x1) x [0, H) whose attribute 1 is a everywhere. */
static void
draw_rect_attr(struct scene *s, float x0, float x1, const float a[4])
{
   const float xy[6][2] = { { x0, 0 }, { x1, 0 }, { x1, H }, { x0, 0 }, { x1, H }, { x0, H } };
   float v[6][8];
   for (unsigned i = 0; i < 6; i++) {
      scene_clip(s, xy[i][0], xy[i][1], 0.5f, 1.0f, v[i]);
      memcpy(&v[i][4], a, sizeof(float[4]));
   }
   scene_verts(s, &v[0][0], 6, 2);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
}

/*
 * A draw reads the texture and the constant buffer resource as they are at
 * that draw: between the two draws (left and right half) only their
 * contents change (texture_subdata, buffer_subdata), nothing is bound
 * anew but the vertex buffer.  An RGBA8 target, so that jitpipe's fused
 * functions draw it.  Expected: texel + uniform of each draw's time.
 */
static void
test_contents_between_draws(struct scene *s)
{
   scene_case(s, "texture and constant buffer contents changed between two draws");
   scene_fb1(s, W, H, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_NONE);
   scene_rast(s, NULL);
   scene_blend(s, NULL);
   scene_dsa(s, NULL);
   scene_shaders(s, scene_vs_pos_attr, fs_tex_plus_uniform);
   scene_clear_color(s, 0, 0, 0, 0);
   struct pipe_resource *tex = pt_texture(&s->pt, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM,
                                          1, 1, 1, 1, 0, PIPE_BIND_SAMPLER_VIEW);
   const uint8_t texel[2][4] = { { 64, 0, 0, 255 }, { 0, 0, 128, 255 } };
   const float add[2][4] = { { 0, 0.25f, 0, 0 }, { 0, 0.5f, 0.25f, 0 } };
   scene_write_raw(s, tex, 0, 0, texel[0]);
   struct pipe_resource *cbuf = scene_upload(s, add[0], sizeof add[0], PIPE_BIND_CONSTANT_BUFFER);
   struct pipe_constant_buffer cb;
   memset(&cb, 0, sizeof cb);
   cb.buffer = cbuf;
   cb.buffer_size = sizeof add[0];
   s->ctx->set_constant_buffer(s->ctx, PIPE_SHADER_FRAGMENT, 0, &cb);
   struct pipe_sampler_state ss;
   memset(&ss, 0, sizeof ss);
   ss.wrap_s = ss.wrap_t = ss.wrap_r = PIPE_TEX_WRAP_REPEAT;
   ss.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
   ss.normalized_coords = 1;
   ss.max_lod = 1000.0f;
   bind_texture(s, tex, PIPE_FORMAT_R8G8B8A8_UNORM, &ss);
   const float tc[4] = { 0.5f, 0.5f, 0, 1 };
   draw_rect_attr(s, 0, W / 2, tc);
   scene_write_raw(s, tex, 0, 0, texel[1]);
   s->ctx->buffer_subdata(s->ctx, cbuf, PIPE_MAP_WRITE, 0, sizeof add[1], add[1]);
   draw_rect_attr(s, W / 2, W, tc);

   float *got = scene_read_rgba(s, 0);
   unsigned bad = 0, bx = 0, by = 0, bc = 0;
   float bgot = 0, bwant = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         unsigned k = x < W / 2 ? 0 : 1;
         const float *p = got + ((size_t)y * W + x) * 4;
         for (unsigned c = 0; c < 4; c++) {
            float want = texel[k][c] / 255.0f + add[k][c];
            if (fabsf(p[c] - want) > 1.0f / 255 && !bad++) {
               bx = x, by = y, bc = c;
               bgot = p[c], bwant = want;
            }
         }
      }
   }
   SCHECK(s, !bad, "%u wrong components, the first at (%u, %u) component %u: %.4f, expected %.4f",
          bad, bx, by, bc, bgot, bwant);
   free(got);
   unbind_texture(s);
   s->ctx->set_constant_buffer(s->ctx, PIPE_SHADER_FRAGMENT, 0, NULL);
   pipe_resource_reference(&cbuf, NULL);
   pipe_resource_reference(&tex, NULL);
}

int
main(void)
{
   struct scene s;
   scene_init(&s, "pipe-draw-texture");
   test_wrap(&s);
   test_cube(&s);
   test_mipmaps(&s);
   test_formats(&s);
   test_contents_between_draws(&s);
   return scene_finish(&s);
}
