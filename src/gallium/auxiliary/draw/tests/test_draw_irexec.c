/*
 * draw with a real vertex shader: Pony IR interpreted by irexec through
 * draw_create_vs_irexec (uniforms, gl_VertexID, slot layout).  Skipped
 * (77) when draw was built without irexec.
 */
#include <stdlib.h>
#include <string.h>

#include "draw_test_util.h"

static const char *vs_text =
   "shader vertex\n"
   "input vec4 @pos location 0\n"
   "input vec4 @col location 1\n"
   "input int @vid semantic vertex_id\n"
   "output vec4 @gl_pos semantic position\n"
   "output vec4 @c location 3\n"
   "output int @id location 4 flat\n"
   "uniform vec4 @scale cbuf 0 offset 16\n"
   "func void @main() {\n"
   "   %p = load_input vec4 @pos\n"
   "   %s = load_uniform vec4 @scale\n"
   "   %q = fmul vec4 %p, %s\n"
   "   store_output @gl_pos, %q\n"
   "   %c = load_input vec4 @col\n"
   "   store_output @c, %c\n"
   "   %v = load_input int @vid\n"
   "   store_output @id, %v\n"
   "}\n";

int
main(void)
{
#ifndef DRAW_HAVE_IREXEC
   printf("draw_irexec: skipped (no irexec)\n");
   return 77;
#else
   char err[256];
   struct ir_shader *ir = ir_parse(vs_text, err, sizeof(err));
   CHECK(ir != NULL, "parse: %s", err);
   if (!ir)
      return test_result("draw_irexec");

   struct draw_context *draw = draw_create();
   static struct capture cap;
   cap_init(&cap, draw);
   struct draw_vertex_shader *vs = draw_create_vs_irexec(draw, ir, err, sizeof(err));
   ir_shader_destroy(ir);   /* the VS keeps its own copy */
   CHECK(vs != NULL, "create: %s", err);
   if (!vs) {
      draw_destroy(draw);
      return test_result("draw_irexec");
   }
   draw_set_vertex_shader(draw, vs);

   /* layout: position, colour (location 3), id (location 4), point coord */
   const struct draw_vs_slot *slots;
   unsigned n = draw_get_vs_outputs(draw, &slots);
   CHECK(n == 4, "%u attribs", n);
   int cslot = draw_find_output(draw, IR_SEM_GENERIC, 3);
   int islot = draw_find_output(draw, IR_SEM_GENERIC, 4);
   CHECK(draw_find_output(draw, IR_SEM_POSITION, 0) == 0, "position slot");
   CHECK(cslot == 1 && islot == 2, "slots %d %d", cslot, islot);
   CHECK(draw_find_output(draw, IR_SEM_POINT_COORD, 0) == 3, "point coord slot");
   CHECK(n == 4 && slots[2].interp == IR_INTERP_FLAT && slots[2].base == IR_INT, "id slot");
   CHECK(draw_get_vertex_stride(draw) == 8 + 4 * 4, "stride");

   float ubo[8] = { 0, 0, 0, 0, 0.5f, 0.25f, 1, 1 };
   draw_set_mapped_constant_buffer(draw, PIPE_SHADER_VERTEX, 0, ubo, sizeof(ubo));

   float pos[12] = { 0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1 };
   float col[12] = { 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1 };
   const float *in[2] = { pos, col };
   struct pipe_rasterizer_state r;
   memset(&r, 0, sizeof(r));
   r.point_size = r.line_width = 1.0f;
   r.depth_clip_near = r.depth_clip_far = 1;
   r.front_ccw = 1;
   draw_set_rasterizer_state(draw, &r);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);

   CHECK(cap.num == 1, "%u prims", cap.num);
   if (cap.num == 1 && cslot == 1 && islot == 2) {
      const struct cap_prim *p = &cap.prims[0];
      /* positions scaled by (0.5, 0.25, 1, 1) */
      CHECKF(p->v[1].win[0], 0.5f, 0, "scaled x");
      CHECKF(p->v[2].win[1], 0.25f, 0, "scaled y");
      CHECK(p->front_facing, "front");
      for (unsigned v = 0; v < 3; v++) {
         for (unsigned c = 0; c < 4; c++)
            CHECKF(p->v[v].attr[1][c], col[4 * v + c], 0, "colour %u.%u", v, c);
         int32_t id;
         memcpy(&id, &p->v[v].attr[2][0], 4);
         /* flat: the provoking (last) vertex's gl_VertexID */
         CHECK(id == 2, "flat gl_VertexID %d", id);
      }
   }
   draw_delete_vertex_shader(draw, vs);
   CHECK(draw_get_num_attribs(draw) == 1, "unbound on delete");

   /* a fragment shader is refused with a message */
   struct ir_shader *fs = ir_parse("shader fragment\n"
                                   "output vec4 @o location 0\n"
                                   "func void @main() {\n"
                                   "   %c = const float 1.0\n"
                                   "   %v = vec4 vec4 %c, %c, %c, %c\n"
                                   "   store_output @o, %v\n"
                                   "}\n", err, sizeof(err));
   CHECK(fs != NULL, "fs parse: %s", err);
   if (fs) {
      err[0] = 0;
      CHECK(draw_create_vs_irexec(draw, fs, err, sizeof(err)) == NULL && err[0],
            "fragment shader refused");
      ir_shader_destroy(fs);
   }
   CHECK(draw_create_vs_irexec(draw, NULL, err, sizeof(err)) == NULL, "NULL refused");

   draw_destroy(draw);
   return test_result("draw_irexec");
#endif
}
