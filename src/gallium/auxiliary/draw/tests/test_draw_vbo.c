/*
 * draw_vbo as a whole: gl_VertexID / gl_InstanceID with index bias and
 * instancing, stream-output contents in GL's order, overflow, statistics,
 * rasterizer_discard, and bad input that must not crash.
 */
#include <string.h>

#include "draw_test_util.h"

static struct capture cap;

static int32_t
bits(float f)
{
   int32_t i;
   memcpy(&i, &f, 4);
   return i;
}

static void
test_system_values(struct draw_context *draw)
{
   struct fake_vs vs;
   fake_vs_init(&vs, 3);
   vs.in[1].semantic = IR_SEM_VERTEX_ID;
   vs.in[1].base = IR_INT;
   vs.in[2].semantic = IR_SEM_INSTANCE_ID;
   vs.in[2].base = IR_INT;
   vs.out[1].base = IR_INT;
   vs.out[1].location = 1;
   vs.out[2].base = IR_INT;
   vs.out[2].location = 2;
   draw_set_vertex_shader(draw, &vs.base);

   float pos[4 * 8];
   for (unsigned i = 0; i < 8; i++) {
      pos[4 * i + 0] = 0.1f * (float)i;
      pos[4 * i + 1] = 0.0f;
      pos[4 * i + 2] = 0.0f;
      pos[4 * i + 3] = 1.0f;
   }
   struct pipe_vertex_buffer vb;
   memset(&vb, 0, sizeof(vb));
   vb.stride = 16;
   vb.is_user_buffer = true;
   vb.buffer.user = pos;
   struct pipe_vertex_element ve;
   memset(&ve, 0, sizeof(ve));
   ve.src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   draw_set_vertex_buffers(draw, 0, 1, &vb);
   draw_set_vertex_elements(draw, 1, &ve);
   struct pipe_rasterizer_state r = test_rast_state();
   draw_set_rasterizer_state(draw, &r);

   /* indexed: indices 7, 5, 6 with bias -2 -> vertices 5, 3, 4; 2 instances */
   uint16_t idx[3] = { 7, 5, 6 };
   struct pipe_draw_info info;
   memset(&info, 0, sizeof(info));
   info.mode = PIPE_PRIM_POINTS;
   info.index_size = 2;
   info.has_user_indices = true;
   info.index.user = idx;
   info.instance_count = 2;
   info.start_instance = 4;
   struct pipe_draw_start_count_bias sc = { 0, 3, -2 };
   cap_reset(&cap);
   draw_vbo(draw, &info, &sc, 1);
   CHECK(cap.num == 6, "%u points", cap.num);
   for (unsigned k = 0; k < cap.num && k < 6; k++) {
      int32_t vid = idx[k % 3] - 2;
      CHECKF(cap.prims[k].v[0].clip[0], 0.1f * (float)vid, 0, "position of vertex %d", vid);
      CHECK(bits(cap.prims[k].v[0].attr[1][0]) == vid, "gl_VertexID %d, expected %d",
            bits(cap.prims[k].v[0].attr[1][0]), vid);
      /* gl_InstanceID does not include the base instance */
      CHECK(bits(cap.prims[k].v[0].attr[2][0]) == (int32_t)(k / 3), "gl_InstanceID %d",
            bits(cap.prims[k].v[0].attr[2][0]));
   }

   /* non-indexed from start 2: ids 2, 3; two draws in one call */
   info.index_size = 0;
   info.instance_count = 1;
   struct pipe_draw_start_count_bias two[2] = { { 2, 2, 0 }, { 6, 1, 0 } };
   cap_reset(&cap);
   draw_vbo(draw, &info, two, 2);
   CHECK(cap.num == 3, "%u points", cap.num);
   for (unsigned k = 0; k < cap.num && k < 3; k++) {
      int32_t vid = k < 2 ? (int32_t)(2 + k) : 6;
      CHECK(bits(cap.prims[k].v[0].attr[1][0]) == vid, "non-indexed gl_VertexID %d",
            bits(cap.prims[k].v[0].attr[1][0]));
   }
   CHECK(cap.flushes == 1, "one flush per draw_vbo");

   /* vertex_id_bias is added to every id: non-indexed (2, 3 -> 102, 103)
    * and indexed with vertex reuse (four points of indices 1, 1, 2, 1
    * shade two vertices: ids 101, 101, 102, 101) */
   info.vertex_id_bias = 100;
   cap_reset(&cap);
   draw_vbo(draw, &info, two, 1);
   CHECK(cap.num == 2, "%u points", cap.num);
   for (unsigned k = 0; k < cap.num && k < 2; k++)
      CHECK(bits(cap.prims[k].v[0].attr[1][0]) == (int32_t)(102 + k),
            "biased non-indexed gl_VertexID %d", bits(cap.prims[k].v[0].attr[1][0]));
   static const uint32_t reused[4] = { 1, 1, 2, 1 };
   info.index_size = 4;
   info.has_user_indices = true;
   info.index.user = reused;
   struct pipe_draw_start_count_bias four = { 0, 4, 0 };
   cap_reset(&cap);
   draw_vbo(draw, &info, &four, 1);
   CHECK(cap.num == 4, "%u points", cap.num);
   for (unsigned k = 0; k < cap.num && k < 4; k++) {
      CHECK(bits(cap.prims[k].v[0].attr[1][0]) == (int32_t)(100 + reused[k]),
            "biased reused gl_VertexID %d, expected %d", bits(cap.prims[k].v[0].attr[1][0]),
            (int)(100 + reused[k]));
      CHECKF(cap.prims[k].v[0].clip[0], 0.1f * (float)reused[k], 0, "reused position");
   }
   info.vertex_id_bias = 0;
   info.index_size = 0;

   /* instance_count 0 draws nothing but still flushes */
   info.instance_count = 0;
   cap_reset(&cap);
   draw_vbo(draw, &info, two, 2);
   CHECK(cap.num == 0 && cap.flushes == 1, "no instances");

   /* bad input: index buffer too short, bad index size, NULL pointers */
   info.instance_count = 1;
   info.index_size = 4;
   info.has_user_indices = false;
   uint32_t short_ib[2] = { 0, 1 };
   draw_set_mapped_index_buffer(draw, short_ib, sizeof(short_ib));
   struct pipe_draw_start_count_bias far = { 1, 100, 0 };
   cap_reset(&cap);
   draw_vbo(draw, &info, &far, 1);
   CHECK(cap.num == 1, "short index buffer: %u", cap.num);
   info.index_size = 3;
   draw_vbo(draw, &info, &far, 1);
   draw_vbo(draw, NULL, &far, 1);
   draw_vbo(NULL, &info, &far, 1);
   info.index_size = 4;
   draw_set_mapped_index_buffer(draw, NULL, 0);
   draw_vbo(draw, &info, &far, 1);
   info.mode = PIPE_PRIM_MAX;
   draw_vbo(draw, &info, &far, 1);

   draw_set_vertex_shader(draw, NULL);
}

/* Stream output of a 4-vertex triangle strip: triangles (0,1,2) and
 * (2,1,3) (last-vertex convention).  Buffer 0 gets {id, x, y} per vertex
 * (stride 3), buffer 1 {y} at stride 2, offset 1. */
static void
test_stream_output(struct draw_context *draw)
{
   struct fake_vs vs;
   fake_vs_init(&vs, 2);
   draw_set_vertex_shader(draw, &vs.base);
   float pos[16], ids[16];
   for (unsigned i = 0; i < 4; i++) {
      pos[4 * i + 0] = 0.25f * (float)i;
      pos[4 * i + 1] = (i & 1) ? 0.5f : -0.5f;
      pos[4 * i + 2] = 0.0f;
      pos[4 * i + 3] = 1.0f;
      ids[4 * i + 0] = (float)i;
      ids[4 * i + 1] = ids[4 * i + 2] = 0.0f;
      ids[4 * i + 3] = 1.0f;
   }
   const float *in[2] = { pos, ids };

   struct pipe_stream_output_info so;
   memset(&so, 0, sizeof(so));
   so.num_outputs = 3;
   so.stride[0] = 3;
   so.stride[1] = 2;
   so.output[0].register_index = 1;
   so.output[0].num_components = 1;
   so.output[0].output_buffer = 0;
   so.output[0].dst_offset = 0;
   so.output[1].register_index = 0;
   so.output[1].num_components = 2;
   so.output[1].output_buffer = 0;
   so.output[1].dst_offset = 1;
   so.output[2].register_index = 0;
   so.output[2].start_component = 1;
   so.output[2].num_components = 1;
   so.output[2].output_buffer = 1;
   so.output[2].dst_offset = 1;

   float b0[64], b1[64];
   for (unsigned i = 0; i < 64; i++)
      b0[i] = b1[i] = -99.0f;
   struct draw_so_target t[2] = { { b0, sizeof(b0), 0 }, { b1, sizeof(b1), 8 } };
   draw_set_stream_output(draw, &so, 2, t);

   struct draw_statistics s0, s1;
   draw_get_statistics(draw, &s0);
   struct pipe_rasterizer_state r = test_rast_state();
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLE_STRIP, 4, 2, in);
   draw_get_statistics(draw, &s1);
   CHECK(cap.num == 2, "rasterized too: %u", cap.num);
   CHECK(s1.prims_generated - s0.prims_generated == 2, "generated");
   CHECK(s1.so_prims_written - s0.so_prims_written == 2, "written");
   CHECK(s1.vs_invocations - s0.vs_invocations == 4, "invocations");
   static const unsigned order[6] = { 0, 1, 2, 2, 1, 3 };
   for (unsigned v = 0; v < 6; v++) {
      unsigned id = order[v];
      CHECKF(b0[3 * v + 0], (float)id, 0, "buffer 0 vertex %u id", v);
      CHECKF(b0[3 * v + 1], pos[4 * id], 0, "buffer 0 vertex %u x", v);
      CHECKF(b0[3 * v + 2], pos[4 * id + 1], 0, "buffer 0 vertex %u y", v);
      CHECKF(b1[2 + 2 * v + 0], -99.0f, 0, "buffer 1 gap untouched");
      CHECKF(b1[2 + 2 * v + 1], pos[4 * id + 1], 0, "buffer 1 vertex %u y", v);
   }
   CHECKF(b0[18], -99.0f, 0, "nothing after the data");
   CHECK(draw_get_stream_output_offset(draw, 0) == 72, "offset 0: %u",
         draw_get_stream_output_offset(draw, 0));
   CHECK(draw_get_stream_output_offset(draw, 1) == 8 + 48, "offset 1: %u",
         draw_get_stream_output_offset(draw, 1));

   /* first-vertex convention: the odd triangle is (1, 3, 2) */
   r.flatshade_first = 1;
   r.rasterizer_discard = 1;   /* and nothing reaches the rasterizer */
   draw_set_rasterizer_state(draw, &r);
   t[0].offset = 0;
   t[1].offset = 0;
   draw_set_stream_output(draw, &so, 2, t);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLE_STRIP, 4, 2, in);
   CHECK(cap.num == 0, "rasterizer_discard: %u", cap.num);
   static const unsigned order_first[6] = { 0, 1, 2, 1, 3, 2 };
   for (unsigned v = 0; v < 6; v++)
      CHECKF(b0[3 * v], (float)order_first[v], 0, "first convention vertex %u", v);

   /* room for one triangle only: the second is neither written nor counted
    * as written, but it is generated */
   t[0].offset = 0;
   t[0].size = 3 * 12 + 20;
   t[1].offset = 0;
   draw_set_stream_output(draw, &so, 2, t);
   draw_get_statistics(draw, &s0);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLE_STRIP, 4, 2, in);
   draw_get_statistics(draw, &s1);
   CHECK(s1.prims_generated - s0.prims_generated == 2, "generated with overflow");
   CHECK(s1.so_prims_written - s0.so_prims_written == 1, "written with overflow");
   CHECK(draw_get_stream_output_offset(draw, 0) == 36, "offset after overflow");

   /* quads are captured as triangles */
   t[0].size = sizeof(b0);
   t[0].offset = 0;
   draw_set_stream_output(draw, &so, 2, t);
   draw_get_statistics(draw, &s0);
   draw_float_arrays(draw, PIPE_PRIM_QUADS, 4, 2, in);
   draw_get_statistics(draw, &s1);
   CHECK(s1.so_prims_written - s0.so_prims_written == 2, "quad: 2 triangles");
   static const unsigned order_quad[6] = { 0, 1, 2, 0, 2, 3 };
   for (unsigned v = 0; v < 6; v++)
      CHECKF(b0[3 * v], (float)order_quad[v], 0, "quad vertex %u", v);

   draw_set_stream_output(draw, NULL, 0, NULL);
   draw_set_vertex_shader(draw, NULL);
}

/* Draws `mode` of vertices 0..7 (a zigzag inside the view volume) with
 * `instances` instances: non-indexed ranges draws[0..num_draws-1], or
 * indexed by `idx` (restart index 0xffff) when n_idx is not 0.  Checks the
 * primitive_id of every primitive captured against want[0..n-1]. */
static void
check_ids(struct draw_context *draw, const char *what, enum pipe_prim_type mode,
          const struct pipe_draw_start_count_bias *draws, unsigned num_draws,
          const uint16_t *idx, unsigned n_idx, unsigned instances, const int32_t *want,
          unsigned n)
{
   struct pipe_draw_info info;
   memset(&info, 0, sizeof(info));
   info.mode = mode;
   info.instance_count = instances;
   info.max_index = ~0u;
   struct pipe_draw_start_count_bias whole = { 0, n_idx, 0 };
   if (n_idx) {
      info.index_size = 2;
      info.has_user_indices = true;
      info.index.user = idx;
      info.primitive_restart = true;
      info.restart_index = 0xffff;
      draws = &whole;
      num_draws = 1;
   }
   cap_reset(&cap);
   draw_vbo(draw, &info, draws, num_draws);
   CHECK(cap.num == n, "%s: %u primitives, expected %u", what, cap.num, n);
   for (unsigned p = 0; p < cap.num && p < n; p++)
      CHECK(cap.prims[p].primitive_id == want[p], "%s: primitive %u has primitive_id %d, "
            "expected %d", what, p, cap.prims[p].primitive_id, want[p]);
}

/* gl_PrimitiveID without a geometry shader (GLSL 1.50 7.1: the
 * primitives of the draw counted from 0): the number of the GL primitive
 * each rasterized piece comes from, from 0 in each draw and instance;
 * strips, fans and loops count each triangle or segment, a quad is one
 * primitive (its two triangles share the number), polygon mode keeps the
 * polygon's number on its edges, restart does not start again. */
static void
test_primitive_ids(struct draw_context *draw)
{
   struct fake_vs vs;
   fake_vs_init(&vs, 1);
   draw_set_vertex_shader(draw, &vs.base);
   float pos[4 * 8];
   for (unsigned i = 0; i < 8; i++) {
      pos[4 * i + 0] = -0.9f + 0.25f * (float)(i / 2);
      pos[4 * i + 1] = i % 2 ? 0.5f : -0.5f;
      pos[4 * i + 2] = 0.0f;
      pos[4 * i + 3] = 1.0f;
   }
   struct pipe_vertex_buffer vb;
   memset(&vb, 0, sizeof(vb));
   vb.stride = 16;
   vb.is_user_buffer = true;
   vb.buffer.user = pos;
   struct pipe_vertex_element ve;
   memset(&ve, 0, sizeof(ve));
   ve.src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   draw_set_vertex_buffers(draw, 0, 1, &vb);
   draw_set_vertex_elements(draw, 1, &ve);
   struct pipe_rasterizer_state r = test_rast_state();
   draw_set_rasterizer_state(draw, &r);

   const struct pipe_draw_start_count_bias six = { 0, 6, 0 }, eight = { 0, 8, 0 };
   /* a strip of 6: triangles 0-3 */
   static const int32_t strip[4] = { 0, 1, 2, 3 };
   check_ids(draw, "strip", PIPE_PRIM_TRIANGLE_STRIP, &six, 1, NULL, 0, 1, strip, 4);
   /* a fan of 6 in two instances: each counts from 0 */
   static const int32_t fan2[8] = { 0, 1, 2, 3, 0, 1, 2, 3 };
   check_ids(draw, "instanced fan", PIPE_PRIM_TRIANGLE_FAN, &six, 1, NULL, 0, 2, fan2, 8);
   /* quads and quad strips: two triangles per quad, one number */
   static const int32_t quads[4] = { 0, 0, 1, 1 };
   check_ids(draw, "quads", PIPE_PRIM_QUADS, &eight, 1, NULL, 0, 1, quads, 4);
   check_ids(draw, "quad strip", PIPE_PRIM_QUAD_STRIP, &six, 1, NULL, 0, 1, quads, 4);
   /* a loop of 3: three segments, the closing one last */
   static const struct pipe_draw_start_count_bias three = { 0, 3, 0 };
   static const int32_t loop[3] = { 0, 1, 2 };
   check_ids(draw, "line loop", PIPE_PRIM_LINE_LOOP, &three, 1, NULL, 0, 1, loop, 3);
   /* two ranges in one call: each counts from 0 */
   const struct pipe_draw_start_count_bias two[2] = { { 0, 3, 0 }, { 2, 2, 0 } };
   static const int32_t points[5] = { 0, 1, 2, 0, 1 };
   check_ids(draw, "two ranges", PIPE_PRIM_POINTS, two, 2, NULL, 0, 1, points, 5);
   /* primitive restart: the count goes on over the cut */
   static const uint16_t restart[9] = { 0, 1, 2, 3, 0xffff, 2, 3, 4, 5 };
   check_ids(draw, "restart", PIPE_PRIM_TRIANGLE_STRIP, NULL, 0, restart, 9, 1, strip, 4);
   /* triangles drawn as lines: each edge has its triangle's number */
   r.fill_front = r.fill_back = PIPE_POLYGON_MODE_LINE;
   draw_set_rasterizer_state(draw, &r);
   const struct pipe_draw_start_count_bias four = { 0, 4, 0 };
   static const int32_t edges[6] = { 0, 0, 0, 1, 1, 1 };
   check_ids(draw, "polygon mode line", PIPE_PRIM_TRIANGLE_STRIP, &four, 1, NULL, 0, 1,
             edges, 6);
   r = test_rast_state();
   draw_set_rasterizer_state(draw, &r);
   draw_set_vertex_shader(draw, NULL);
}

int
main(void)
{
   struct draw_context *draw = draw_create();
   cap_init(&cap, draw);
   test_system_values(draw);
   test_stream_output(draw);
   test_primitive_ids(draw);

   /* NULL-tolerance of the whole interface */
   draw_destroy(NULL);
   draw_set_rasterizer_state(NULL, NULL);
   draw_set_vertex_buffers(draw, 0, 4, NULL);
   draw_set_vertex_elements(draw, 3, NULL);
   draw_flush(NULL);
   CHECK(draw_find_output(draw, IR_SEM_POSITION, 0) == -1, "no VS: no outputs");
   CHECK(draw_get_num_attribs(draw) == 1, "no VS: point coord only");

   draw_destroy(draw);
   return test_result("draw_vbo");
}
