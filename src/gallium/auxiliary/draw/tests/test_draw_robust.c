/*
 * Bad and extreme input must not crash and must not hand the rasterizer
 * non-finite window coordinates: random positions (NaN, inf, huge, w <= 0),
 * random rasterizer states and primitive types, random vertex formats and
 * buffer sizes, random indices.  Deterministic (fixed seed).
 */
#include <math.h>
#include <string.h>

#include "draw_test_util.h"

static struct capture cap;

static uint32_t
rnd(uint32_t *s)
{
   *s ^= *s << 13;
   *s ^= *s >> 17;
   *s ^= *s << 5;
   return *s;
}

static float
rnd_coord(uint32_t *s)
{
   switch (rnd(s) % 10) {
   case 0: return NAN;
   case 1: return (rnd(s) & 1) ? INFINITY : -INFINITY;
   case 2: return ((float)(rnd(s) % 2001) - 1000.0f) * 1e30f;
   case 3: return 0.0f;
   default: return ((float)(rnd(s) % 2001) - 1000.0f) / 500.0f;
   }
}

int
main(void)
{
   struct draw_context *draw = draw_create();
   struct fake_vs vs;
   uint32_t seed = 12345;
   unsigned total = 0;

   cap_init(&cap, draw);
   fake_vs_init(&vs, 3);
   vs.out[2].interp = IR_INTERP_NOPERSPECTIVE;
   draw_set_vertex_shader(draw, &vs.base);
   int fl[2] = { 1, -1 }, bl[2] = { 2, -1 };
   draw_set_color_locations(draw, fl, bl);

   static const enum pipe_format formats[] = {
      PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_R16G16_SNORM,
      PIPE_FORMAT_R10G10B10A2_UNORM, PIPE_FORMAT_R32_UINT, PIPE_FORMAT_DXT1_RGB,
      PIPE_FORMAT_NONE, PIPE_FORMAT_R16G16B16_FLOAT,
   };

   for (unsigned iter = 0; iter < 3000; iter++) {
      float data[3][64 * 4];
      for (unsigned b = 0; b < 3; b++)
         for (unsigned i = 0; i < 64 * 4; i++)
            data[b][i] = rnd_coord(&seed);
      for (unsigned i = 0; i < 64; i++)
         if (rnd(&seed) % 3)
            data[0][4 * i + 3] = 1.0f;   /* mostly sane w */

      struct pipe_vertex_buffer vb[3];
      struct pipe_vertex_element ve[3];
      memset(vb, 0, sizeof(vb));
      memset(ve, 0, sizeof(ve));
      for (unsigned b = 0; b < 3; b++) {
         vb[b].stride = (uint16_t)(rnd(&seed) % 4 == 0 ? rnd(&seed) % 64 : 16);
         vb[b].buffer_offset = rnd(&seed) % 8 == 0 ? rnd(&seed) % 2048 : 0;
      }
      draw_set_vertex_buffers(draw, 0, 3, vb);
      for (unsigned b = 0; b < 3; b++)
         draw_set_mapped_vertex_buffer(draw, b, data[b], rnd(&seed) % sizeof(data[b]));
      for (unsigned e = 0; e < 3; e++) {
         ve[e].vertex_buffer_index = (uint8_t)(rnd(&seed) % 5 == 0 ? rnd(&seed) % 40 : e);
         ve[e].src_format = e == 0 && rnd(&seed) % 2 ? PIPE_FORMAT_R32G32B32A32_FLOAT :
                            formats[rnd(&seed) % (sizeof(formats) / sizeof(formats[0]))];
         ve[e].src_offset = (uint16_t)(rnd(&seed) % 8 == 0 ? rnd(&seed) % 512 : 0);
         ve[e].instance_divisor = rnd(&seed) % 6 == 0 ? rnd(&seed) % 4 : 0;
      }
      draw_set_vertex_elements(draw, 3, ve);

      struct pipe_rasterizer_state r;
      uint32_t bitsv[16];
      for (unsigned i = 0; i < 16; i++)
         bitsv[i] = rnd(&seed);
      memcpy(&r, bitsv, sizeof(r) < sizeof(bitsv) ? sizeof(r) : sizeof(bitsv));
      r.line_width = (float)(rnd(&seed) % 12) * 0.7f;
      r.point_size = rnd(&seed) % 10 == 0 ? NAN : (float)(rnd(&seed) % 12) * 0.9f;
      r.offset_units = rnd_coord(&seed);
      r.offset_scale = rnd_coord(&seed);
      r.offset_clamp = 0.0f;
      r.rasterizer_discard = 0;
      draw_set_rasterizer_state(draw, &r);

      struct pipe_clip_state clip;
      for (unsigned p = 0; p < PIPE_MAX_CLIP_PLANES; p++)
         for (unsigned c = 0; c < 4; c++)
            clip.ucp[p][c] = rnd_coord(&seed);
      draw_set_clip_state(draw, &clip);

      struct pipe_viewport_state vp = { { 100, -100, 0.5f }, { 100, 100, 0.5f } };
      draw_set_viewport_states(draw, 0, 1, &vp);

      uint32_t idx[40];
      for (unsigned i = 0; i < 40; i++)
         idx[i] = rnd(&seed) % 8 == 0 ? rnd(&seed) : rnd(&seed) % 70;
      struct pipe_draw_info info;
      memset(&info, 0, sizeof(info));
      info.mode = (enum pipe_prim_type)(rnd(&seed) % (PIPE_PRIM_MAX + 1));
      info.index_size = (uint8_t)((unsigned[]){ 0, 1, 2, 4, 3 })[rnd(&seed) % 5];
      info.has_user_indices = rnd(&seed) % 2;
      info.index.user = idx;
      info.primitive_restart = rnd(&seed) % 2;
      info.restart_index = rnd(&seed) % 70;
      info.instance_count = rnd(&seed) % 3;
      info.start_instance = rnd(&seed) % 4;
      draw_set_mapped_index_buffer(draw, idx, rnd(&seed) % sizeof(idx));
      struct pipe_draw_start_count_bias sc = {
         rnd(&seed) % 8, rnd(&seed) % 33, (int)(rnd(&seed) % 9) - 4 };
      if (info.index_size && !info.has_user_indices)
         sc.count = sc.count > 10 ? 10 : sc.count;
      if (info.index_size && info.has_user_indices && sc.start + sc.count > 40)
         sc.count = 40 - sc.start;

      cap_reset(&cap);
      draw_vbo(draw, &info, &sc, 1);
      total += cap.num;
      for (unsigned p = 0; p < cap.num; p++) {
         unsigned nv = cap.prims[p].kind == CAP_POINT ? 1 : cap.prims[p].kind == CAP_LINE ? 2 : 3;
         for (unsigned v = 0; v < nv; v++)
            for (unsigned c = 0; c < 2; c++)
               CHECK(isfinite(cap.prims[p].v[v].win[c]), "iteration %u: window coordinate %g",
                     iter, cap.prims[p].v[v].win[c]);
      }
      if (test_failures > 20)
         break;
   }
   CHECK(total > 1000, "the random draws drew something (%u primitives)", total);
   draw_destroy(draw);
   return test_result("draw_robust");
}
