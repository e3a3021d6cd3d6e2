/*
 * Tiles and threads (docs/jitpipe.md, "Tiles and threads"): scenes of many
 * triangles over many 64x64 tiles (a 300x200 framebuffer: 5x4 tiles, the
 * last column and row partial) drawn with PONY_THREADS = 0 (no bins), 1, 2
 * and 7, in one process (a screen per setting).  Every run is checked
 * against values computed here (coverage counts, the last triangle drawn
 * over a pixel, the nearest one with a depth test, the occlusion count)
 * and must leave the same bytes as PONY_THREADS=0.  Scenes:
 *  - additive counting: 300 random triangles, then 70000 tiny ones in one
 *    draw (past the bins' bound of 64 Ki triangles: flushed mid-draw), with
 *    an occlusion query around them;
 *  - overwrite: 400 triangles, each its own colour, the last one wins
 *    (submission order within a tile);
 *  - depth: the same with random depths and LESS, in a 32-bit float buffer;
 *  - a scissor rectangle at odd coordinates (the tiles' clip is the
 *    tile's part of it);
 *  - polygon modes mixing filled front faces and outlined back faces in one
 *    draw (lines flush the bins: order kept), compared with PONY_THREADS=0;
 *  - small triangles at the start of a draw (drawn at once, not binned)
 *    before and after big binned ones, over two draws (last wins);
 *  - a scene over draws: fragment constants changed, a clear and a
 *    read-back after binned draws.
 * On refpipe PONY_THREADS changes nothing, and the checks are the same.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"

#define W 300
#define H 200

/* A triangle in window coordinates, with a depth and an id. */
struct tri {
   float v[3][2];
   float z;
   unsigned id;
};

static float
rnd16(uint32_t *seed, unsigned lo, unsigned hi)
{
   /* window coordinates on a 1/16 grid */
   return (float)(lo * 16 + scene_rand(seed) % ((hi - lo) * 16)) / 16.0f;
}

/* n triangles with vertices within r pixels of a random centre. */
static struct tri *
make_tris(uint32_t seed, unsigned n, float r)
{
   struct tri *t = calloc(n, sizeof *t);
   for (unsigned i = 0; i < n; i++) {
      float cx = rnd16(&seed, 0, W), cy = rnd16(&seed, 0, H);
      /* on a 1/16 pixel grid (exact after snapping to the rasterizer's
       * 1/256 grid) and inside the framebuffer (no clipping) */
      for (unsigned k = 0; k < 3; k++) {
         float x = floorf((cx + scene_randf(&seed, -r, r)) * 16.0f) / 16.0f;
         float y = floorf((cy + scene_randf(&seed, -r, r)) * 16.0f) / 16.0f;
         t[i].v[k][0] = x < 0 ? 0 : x > W ? W : x;
         t[i].v[k][1] = y < 0 ? 0 : y > H ? H : y;
      }
      t[i].z = scene_randf(&seed, 0.05f, 0.95f);
      t[i].id = i + 1;
   }
   return t;
}

/* Vertices: clip position, then colour: (1/255, 0, 0, 1) to count, else
 * R, G = the id's bytes, B = 1/255, A = 1. */
static void
upload(struct scene *s, const struct tri *t, unsigned n, bool count)
{
   float *buf = malloc((size_t)n * 3 * 8 * sizeof(float));
   for (unsigned i = 0; i < n; i++) {
      for (unsigned k = 0; k < 3; k++) {
         float *v = buf + (i * 3 + k) * 8;
         scene_clip(s, t[i].v[k][0], t[i].v[k][1], t[i].z, 1.0f, v);
         v[4] = count ? 1.0f / 255.0f : (float)(t[i].id & 0xff) / 255.0f;
         v[5] = count ? 0.0f : (float)((t[i].id >> 8) & 0xff) / 255.0f;
         v[6] = 1.0f / 255.0f;
         v[7] = 1.0f;
      }
   }
   scene_verts(s, buf, n * 3, 2);
   free(buf);
}

/* Pixel (x, y)'s classification for triangle t: 1 inside, -1 on an edge, 0 out. */
static int
covers(const struct tri *t, unsigned x, unsigned y)
{
   float x0 = t->v[0][0], x1 = t->v[0][0], y0 = t->v[0][1], y1 = t->v[0][1];
   for (unsigned k = 1; k < 3; k++) {
      x0 = t->v[k][0] < x0 ? t->v[k][0] : x0;
      x1 = t->v[k][0] > x1 ? t->v[k][0] : x1;
      y0 = t->v[k][1] < y0 ? t->v[k][1] : y0;
      y1 = t->v[k][1] > y1 ? t->v[k][1] : y1;
   }
   double cx = x + 0.5, cy = y + 0.5;
   if (cx < x0 - 1 || cx > x1 + 1 || cy < y0 - 1 || cy > y1 + 1)
      return 0;
   /* a copy: gcc 12 with the sanitizers misjudges the size of t->v */
   float v[3][2];
   memcpy(v, t->v, sizeof v);
   if (scene_tri_area2(v) == 0.0)
      return 0;
   return scene_ref_tri(v, cx, cy);
}

static bool
in_rect(const unsigned *rect, unsigned x, unsigned y)
{
   return !rect || (x >= rect[0] && x < rect[2] && y >= rect[1] && y < rect[3]);
}

/* Coverage counts: lo (inside) .. hi (inside or on an edge) per pixel. */
static void
count_ref(const struct tri *t, unsigned n, const unsigned *rect, uint16_t *lo, uint16_t *hi)
{
   for (unsigned i = 0; i < n; i++) {
      float x0 = t[i].v[0][0], x1 = x0, y0 = t[i].v[0][1], y1 = y0;
      for (unsigned k = 1; k < 3; k++) {
         x0 = t[i].v[k][0] < x0 ? t[i].v[k][0] : x0;
         x1 = t[i].v[k][0] > x1 ? t[i].v[k][0] : x1;
         y0 = t[i].v[k][1] < y0 ? t[i].v[k][1] : y0;
         y1 = t[i].v[k][1] > y1 ? t[i].v[k][1] : y1;
      }
      int px0 = (int)x0 - 1, px1 = (int)x1 + 1, py0 = (int)y0 - 1, py1 = (int)y1 + 1;
      for (int y = py0 < 0 ? 0 : py0; y <= py1 && y < H; y++) {
         for (int x = px0 < 0 ? 0 : px0; x <= px1 && x < W; x++) {
            if (!in_rect(rect, (unsigned)x, (unsigned)y))
               continue;
            int c = covers(&t[i], (unsigned)x, (unsigned)y);
            if (c == 1)
               lo[y * W + x]++;
            if (c != 0)
               hi[y * W + x]++;
         }
      }
   }
}

static void
state(struct scene *s, bool blend_add, bool depth, const unsigned *scissor, bool back_lines)
{
   struct pipe_rasterizer_state r;
   scene_rast_defaults(&r);
   if (scissor) {
      struct pipe_scissor_state sc = { scissor[0], scissor[1], scissor[2], scissor[3] };
      r.scissor = 1;
      s->ctx->set_scissor_states(s->ctx, 0, 1, &sc);
   }
   if (back_lines)
      r.fill_back = PIPE_POLYGON_MODE_LINE;
   scene_rast(s, &r);
   if (blend_add) {
      scene_blend_additive(s);
   } else {
      scene_blend(s, NULL);
   }
   struct pipe_depth_stencil_alpha_state dsa;
   memset(&dsa, 0, sizeof dsa);
   if (depth) {
      dsa.depth_enabled = 1;
      dsa.depth_writemask = 1;
      dsa.depth_func = PIPE_FUNC_LESS;
   }
   scene_dsa(s, &dsa);
}

/* The additive scene; the red channel counts the fragments of each pixel. */
static void
scene_count(struct scene *s, const unsigned *scissor, uint8_t **out)
{
   struct tri *big = make_tris(11, 300, 40.0f), *tiny = make_tris(12, 70000, 1.5f);
   uint16_t *lo = calloc(W * H, 2), *hi = calloc(W * H, 2);

   scene_case(s, "%scount: 300 triangles then 70000 tiny ones, additive",
              scissor ? "scissor: " : "");
   state(s, true, false, scissor, false);
   scene_clear_color(s, 0, 0, 0, 0);
   struct pipe_query *q = s->ctx->create_query(s->ctx, PIPE_QUERY_OCCLUSION_COUNTER, 0);
   SCHECK(s, q != NULL, "no occlusion query");
   if (q)
      s->ctx->begin_query(s->ctx, q);
   upload(s, big, 300, true);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 900);
   upload(s, tiny, 70000, true);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 210000);
   if (q)
      s->ctx->end_query(s->ctx, q);
   count_ref(big, 300, scissor, lo, hi);
   count_ref(tiny, 70000, scissor, lo, hi);

   uint8_t *px = scene_read_raw(s, s->cbuf[0]);
   uint64_t sum = 0, lo_sum = 0, hi_sum = 0;
   unsigned bad = 0;
   for (unsigned i = 0; i < W * H; i++) {
      unsigned v = px[4 * i];
      unsigned l = lo[i] > 255 ? 255 : lo[i], h = hi[i] > 255 ? 255 : hi[i];
      if (v < l || v > h) {
         if (bad++ < 5)
            scene_fail(s, "pixel (%u, %u): count %u, expected %u..%u", i % W, i / W, v, l, h);
      }
      sum += v;
      lo_sum += lo[i];
      hi_sum += hi[i];
   }
   SCHECK(s, bad == 0, "%u pixels with wrong counts", bad);
   SCHECK(s, lo_sum > 100000, "the scene covers too little (%llu)", (unsigned long long)lo_sum);
   if (q) {
      uint64_t n = scene_query_result(s, q);
      SCHECK(s, n >= lo_sum && n <= hi_sum, "occlusion count %llu, expected %llu..%llu",
             (unsigned long long)n, (unsigned long long)lo_sum, (unsigned long long)hi_sum);
      SCHECK(s, n == sum, "occlusion count %llu, the framebuffer counts %llu",
             (unsigned long long)n, (unsigned long long)sum);
      s->ctx->destroy_query(s->ctx, q);
   }
   *out = px;
   free(lo);
   free(hi);
   free(big);
   free(tiny);
}

/* Overwrite (depth false: the last triangle over a pixel wins) or depth
 * LESS (the nearest wins).  Pixels where an edge makes the answer
 * ambiguous are not checked. */
static unsigned check_winners(struct scene *s, const struct tri *t, unsigned n, bool depth,
                              uint8_t **out);

static void
scene_order(struct scene *s, bool depth, uint8_t **out)
{
   const unsigned n = 400;
   struct tri *t = make_tris(depth ? 21 : 22, n, 60.0f);

   scene_case(s, "%s: %u triangles, each its own colour", depth ? "depth LESS" : "last wins", n);
   state(s, false, depth, NULL, false);
   scene_clear_color(s, 0, 0, 0, 0);
   if (depth)
      scene_clear_zs(s, PIPE_CLEAR_DEPTH, 1.0, 0);
   upload(s, t, n, false);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 3 * n);
   unsigned checks = check_winners(s, t, n, depth, out);
   SCHECK(s, checks > W * H / 2, "only %u pixels decidable", checks);
   free(t);
}

/* Every pixel that the triangles t[0..n) (drawn in that order) decide
 * shows its winner: the last one covering it, or the nearest with depth;
 * the image goes to *out.  Returns the pixels checked. */
static unsigned
check_winners(struct scene *s, const struct tri *t, unsigned n, bool depth, uint8_t **out)
{
   uint8_t *px = scene_read_raw(s, s->cbuf[0]);
   unsigned bad = 0, checked = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         /* the winner among triangles surely covering, and whether an
          * uncertain one could beat it */
         int win = -1;
         bool ambiguous = false;
         for (unsigned i = 0; i < n; i++) {
            int c = covers(&t[i], x, y);
            if (!c)
               continue;
            bool beats = win < 0 || (depth ? t[i].z < t[win].z : true);
            if (c == -1) {
               if (beats)
                  ambiguous = true;
               continue;
            }
            if (beats) {
               win = (int)i;
               if (!depth)
                  ambiguous = false;   /* a later sure cover decides */
            }
         }
         if (ambiguous)
            continue;
         checked++;
         unsigned id = win < 0 ? 0 : t[win].id;
         const uint8_t *p = px + 4 * (y * W + x);
         unsigned got = p[0] | p[1] << 8;
         if (got != id && bad++ < 5)
            scene_fail(s, "pixel (%u, %u): triangle %u, expected %u", x, y, got, id);
      }
   }
   SCHECK(s, bad == 0, "%u pixels wrong", bad);
   *out = px;
   return checked;
}

/* Small triangles (a window box under a tile) at the start of a draw may
 * be drawn at once rather than binned (jitpipe_tiles.c): small ones after
 * a big one binned in the same draw, and a big one after small ones, keep
 * their order.  Two draws: big, 4 small, big, small; then 3 small, big,
 * small.  The small ones lie over the big ones. */
static void
scene_mixed(struct scene *s, uint8_t **out)
{
   static const float big[3][3][2] = {
      { { 2, 2 }, { 298, 6 }, { 150, 198 } },
      { { 10, 190 }, { 290, 170 }, { 120, 4 } },
      { { 0, 100 }, { 300, 20 }, { 260, 200 } },
   };
   static const char order[12] = "BssssBsssBsB";   /* draw 1: 7, draw 2: 5 */
   struct tri t[12];
   unsigned nb = 0, ns = 0;
   for (unsigned i = 0; i < 12; i++) {
      if (order[i] == 'B') {
         memcpy(t[i].v, big[nb++ % 3], sizeof t[i].v);
      } else {
         float cx = 60.0f + 23.0f * (float)ns, cy = 60.0f + 11.0f * (float)ns;
         ns++;
         const float d[3][2] = { { -9, -7 }, { 11, -5 }, { 1, 12 } };
         for (unsigned k = 0; k < 3; k++) {
            t[i].v[k][0] = cx + d[k][0];
            t[i].v[k][1] = cy + d[k][1];
         }
      }
      t[i].z = 0.5f;
      t[i].id = i + 1;
   }
   scene_case(s, "small triangles drawn at once before and after binned big ones");
   state(s, false, false, NULL, false);
   scene_clear_color(s, 0, 0, 0, 0);
   upload(s, t, 12, false);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 3 * 7);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 3 * 7, 3 * 5);
   unsigned checks = check_winners(s, t, 12, false, out);
   SCHECK(s, checks > W * H / 2, "only %u pixels decidable", checks);
}

/* Filled front faces, outlined back faces, in one draw. */
static void
scene_modes(struct scene *s, uint8_t **out)
{
   const unsigned n = 300;
   struct tri *t = make_tris(31, n, 50.0f);
   scene_case(s, "polygon modes: filled fronts and outlined backs in one draw");
   state(s, false, false, NULL, true);
   scene_clear_color(s, 0, 0, 0, 0);
   upload(s, t, n, false);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 3 * n);
   *out = scene_read_raw(s, s->cbuf[0]);
   free(t);
}

/* The colour of constant buffer 0. */
static const char fs_uniform[] =
   "shader fragment\n"
   "input vec4 @c location 0\n"
   "output vec4 @frag location 0\n"
   "uniform vec4 @u cbuf 0 offset 0\n"
   "func void @main() {\n"
   "   %0 = load_uniform vec4 @u\n"
   "   store_output @frag, %0\n"
   "}\n";

/* Pixels of the rectangle [x0, x1) x [y0, y1) that are not rgba (the
 * first one reported). */
static unsigned
check_rect(struct scene *s, const uint8_t *px, unsigned x0, unsigned x1, unsigned y0,
           unsigned y1, const uint8_t rgba[4], const char *what)
{
   unsigned bad = 0;
   for (unsigned y = y0; y < y1; y++) {
      for (unsigned x = x0; x < x1; x++) {
         const uint8_t *p = px + 4 * (y * W + x);
         if (memcmp(p, rgba, 4) && !bad++)
            scene_fail(s, "%s: pixel (%u, %u) is (%u, %u, %u, %u), expected (%u, %u, %u, %u)",
                       what, x, y, p[0], p[1], p[2], p[3], rgba[0], rgba[1], rgba[2], rgba[3]);
      }
   }
   return bad;
}

/* Two triangles covering [x0, x1) x [0, H) (their box spans tiles: binned). */
static void
draw_band(struct scene *s, float x0, float x1)
{
   const struct tri t[2] = {
      { { { x0, 0 }, { x1, 0 }, { x1, H } }, 0.5f, 1 },
      { { { x0, 0 }, { x1, H }, { x0, H } }, 0.5f, 2 },
   };
   upload(s, t, 2, false);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
}

/*
 * The bins span draws of one state (jitpipe_tiles.c): what a later call
 * changes or shows must not reach triangles binned before it.  A draw with
 * the fragment constants red, new constants (green) and a draw beside it;
 * a draw, then a clear; a draw, then a texture map of the target without
 * any flush (the read-back itself).  The image of the last step is compared
 * across thread counts.
 */
static void
scene_spans(struct scene *s, uint8_t **out)
{
   static const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 };
   static const uint8_t red8[4] = { 255, 0, 0, 255 }, green8[4] = { 0, 255, 0, 255 };
   static const uint8_t white8[4] = { 255, 255, 255, 255 };
   scene_case(s, "a scene over draws: constants, a clear and a read-back after binned draws");
   state(s, false, false, NULL, false);
   scene_shaders(s, scene_vs_pos_attr, fs_uniform);
   scene_clear_color(s, 0, 0, 0, 0);
   scene_constants(s, PIPE_SHADER_FRAGMENT, 0, red, sizeof red);
   draw_band(s, 0, W / 2);
   scene_constants(s, PIPE_SHADER_FRAGMENT, 0, green, sizeof green);
   draw_band(s, W / 2, W);
   uint8_t *px = scene_read_raw(s, s->cbuf[0]);
   unsigned bad = check_rect(s, px, 0, W / 2, 0, H, red8, "constants before the change");
   bad += check_rect(s, px, W / 2, W, 0, H, green8, "constants after the change");
   free(px);

   draw_band(s, 0, W);
   scene_clear_color(s, 1, 1, 1, 1);
   px = scene_read_raw(s, s->cbuf[0]);
   bad += check_rect(s, px, 0, W, 0, H, white8, "a clear after a draw");
   free(px);

   draw_band(s, 0, W);
   *out = scene_read_raw(s, s->cbuf[0]);
   bad += check_rect(s, *out, 0, W, 0, H, green8, "read back after a draw");
   SCHECK(s, bad == 0, "%u pixels wrong", bad);
   scene_shaders(s, scene_vs_pos_attr, scene_fs_attr);
}

#define NUM_IMAGES 7

static int
run(const char *threads, uint8_t *images[NUM_IMAGES])
{
   static const unsigned scissor[4] = { 13, 7, 291, 193 };
   struct scene s;
   char name[64];

   setenv("PONY_THREADS", threads, 1);
   snprintf(name, sizeof name, "test_pipe_draw_tiles (PONY_THREADS=%s)", threads);
   scene_init(&s, name);
   scene_fb1(&s, W, H, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_Z32_FLOAT);
   scene_shaders(&s, scene_vs_pos_attr, scene_fs_attr);
   scene_count(&s, NULL, &images[0]);
   scene_count(&s, scissor, &images[1]);
   scene_order(&s, false, &images[2]);
   scene_order(&s, true, &images[3]);
   scene_modes(&s, &images[4]);
   scene_mixed(&s, &images[5]);
   scene_spans(&s, &images[6]);
   return scene_finish(&s);
}

int
main(void)
{
   static const char *const threads[] = { "0", "1", "2", "7" };
   static const char *const names[NUM_IMAGES] = { "count", "scissor", "last wins", "depth",
                                                  "polygon modes", "small and big",
                                                  "scene over draws" };
   uint8_t *ref[NUM_IMAGES], *img[NUM_IMAGES];
   int fails = run(threads[0], ref);

   for (unsigned k = 1; k < sizeof threads / sizeof threads[0]; k++) {
      fails |= run(threads[k], img);
      for (unsigned i = 0; i < NUM_IMAGES; i++) {
         if (memcmp(img[i], ref[i], (size_t)W * H * 4)) {
            unsigned d = 0;
            for (size_t b = 0; b < (size_t)W * H * 4; b++)
               d += img[i][b] != ref[i][b];
            printf("FAIL %s: PONY_THREADS=%s differs from PONY_THREADS=0 in %u bytes\n",
                   names[i], threads[k], d);
            fails = 1;
         } else {
            printf("ok   %s: PONY_THREADS=%s leaves PONY_THREADS=0's bytes\n", names[i],
                   threads[k]);
         }
         free(img[i]);
      }
   }
   for (unsigned i = 0; i < NUM_IMAGES; i++)
      free(ref[i]);
   return fails;
}
