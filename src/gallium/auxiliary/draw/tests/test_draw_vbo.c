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

int
main(void)
{
   struct draw_context *draw = draw_create();
   cap_init(&cap, draw);
   test_system_values(draw);
   test_stream_output(draw);

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
