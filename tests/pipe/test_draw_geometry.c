/*
 * Geometry shaders through the pipe interface: a shader that draws each
 * triangle twice (the copy moved and tinted by its constant buffer), then
 * unbound; points turned into squares whose colour the shader fetches from
 * a texture of its own stage and whose gl_PrimitiveID (counted through a
 * primitive restart) the fragment shader reads; lines with adjacency whose
 * adjacent vertices make a rectangle; transform feedback of the shader's
 * output with the primitive queries.  Every expected pixel is computed
 * here from the geometry (pixel centres strictly inside the triangles the
 * shader emits; pixels on an edge are not checked); colours are constant
 * over each primitive, compared within 1e-6 on a float target and within
 * half a step on an 8-bit one (where jitpipe's fused fragment functions
 * draw).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"
#include "util/u_inlines.h"

#define W 32
#define H 32
/* the colour tolerance of the current target; unorm targets clamp */
static float tol = 1e-6f;
static bool unorm;

/* Each triangle as it is, then moved by @shift with its colour times @tint. */
static const char gs_twice[] =
   "shader geometry\n"
   "input_primitive triangles\n"
   "output_primitive triangle_strip\n"
   "max_vertices 6\n"
   "input vec4 @pos[3] semantic position\n"
   "input vec4 @col[3] location 0\n"
   "output vec4 @opos semantic position\n"
   "output vec4 @ocol location 0\n"
   "uniform vec4 @shift cbuf 0 offset 0\n"
   "uniform vec4 @tint cbuf 0 offset 16\n"
   "func void @main() {\n"
   "   %p0 = load_input vec4 @pos[0]\n"
   "   %p1 = load_input vec4 @pos[1]\n"
   "   %p2 = load_input vec4 @pos[2]\n"
   "   %c0 = load_input vec4 @col[0]\n"
   "   %c1 = load_input vec4 @col[1]\n"
   "   %c2 = load_input vec4 @col[2]\n"
   "   store_output @opos, %p0\n"
   "   store_output @ocol, %c0\n"
   "   emit_vertex\n"
   "   store_output @opos, %p1\n"
   "   store_output @ocol, %c1\n"
   "   emit_vertex\n"
   "   store_output @opos, %p2\n"
   "   store_output @ocol, %c2\n"
   "   emit_vertex\n"
   "   end_primitive\n"
   "   %sh = load_uniform vec4 @shift\n"
   "   %tn = load_uniform vec4 @tint\n"
   "   %q0 = fadd vec4 %p0, %sh\n"
   "   %d0 = fmul vec4 %c0, %tn\n"
   "   store_output @opos, %q0\n"
   "   store_output @ocol, %d0\n"
   "   emit_vertex\n"
   "   %q1 = fadd vec4 %p1, %sh\n"
   "   %d1 = fmul vec4 %c1, %tn\n"
   "   store_output @opos, %q1\n"
   "   store_output @ocol, %d1\n"
   "   emit_vertex\n"
   "   %q2 = fadd vec4 %p2, %sh\n"
   "   %d2 = fmul vec4 %c2, %tn\n"
   "   store_output @opos, %q2\n"
   "   store_output @ocol, %d2\n"
   "   emit_vertex\n"
   "   end_primitive\n"
   "}\n";

/* A point becomes a square of half size @half (clip units) coloured by
 * texel (gl_PrimitiveIDIn, 0) of its texture; gl_PrimitiveID passed on. */
static const char gs_squares[] =
   "shader geometry\n"
   "input_primitive points\n"
   "output_primitive triangle_strip\n"
   "max_vertices 4\n"
   "input vec4 @pos[1] semantic position\n"
   "input int @prim semantic primitive_id\n"
   "output vec4 @opos semantic position\n"
   "output vec4 @ocol location 0\n"
   "output int @oprim semantic primitive_id flat\n"
   "uniform vec4 @half cbuf 0 offset 0\n"
   "sampler 2d float @tex binding 0\n"
   "func void @corner(vec4 %p, float %dx, float %dy, vec4 %c, int %id) {\n"
   "   %z = const float 0.0\n"
   "   %d = vec4 vec4 %dx, %dy, %z, %z\n"
   "   %q = fadd vec4 %p, %d\n"
   "   store_output @opos, %q\n"
   "   store_output @ocol, %c\n"
   "   store_output @oprim, %id\n"
   "   emit_vertex\n"
   "}\n"
   "func void @main() {\n"
   "   %id = load_input int @prim\n"
   "   %zi = const int 0\n"
   "   %tc = vec2 ivec2 %id, %zi\n"
   "   %t = txf vec4 @tex, coord %tc, lod %zi\n"
   "   %p = load_input vec4 @pos[0]\n"
   "   %h = load_uniform vec4 @half\n"
   "   %hx = swizzle float %h.x\n"
   "   %hy = swizzle float %h.y\n"
   "   %nx = fneg float %hx\n"
   "   %ny = fneg float %hy\n"
   "   call @corner(%p, %nx, %ny, %t, %id)\n"
   "   call @corner(%p, %hx, %ny, %t, %id)\n"
   "   call @corner(%p, %nx, %hy, %t, %id)\n"
   "   call @corner(%p, %hx, %hy, %t, %id)\n"
   "   end_primitive\n"
   "}\n";

/* colour.rgb and gl_PrimitiveID in alpha */
static const char fs_prim_id[] =
   "shader fragment\n"
   "input vec4 @col location 0\n"
   "input int @pid semantic primitive_id flat\n"
   "output vec4 @o location 0\n"
   "func void @main() {\n"
   "   %c = load_input vec4 @col\n"
   "   %i = load_input int @pid\n"
   "   %f = i2f float %i\n"
   "   %x = swizzle float %c.x\n"
   "   %y = swizzle float %c.y\n"
   "   %z = swizzle float %c.z\n"
   "   %v = vec4 vec4 %x, %y, %z, %f\n"
   "   store_output @o, %v\n"
   "}\n";

/* Lines with adjacency: the rectangle of the four vertices (strip 0 1 3 2),
 * coloured by vertex 3, an adjacent vertex. */
static const char gs_adjacency[] =
   "shader geometry\n"
   "input_primitive lines_adjacency\n"
   "output_primitive triangle_strip\n"
   "max_vertices 4\n"
   "input vec4 @pos[4] semantic position\n"
   "input vec4 @col[4] location 0\n"
   "output vec4 @opos semantic position\n"
   "output vec4 @ocol location 0\n"
   "func void @main() {\n"
   "   %c = load_input vec4 @col[3]\n"
   "   store_output @ocol, %c\n"
   "   %p0 = load_input vec4 @pos[0]\n"
   "   store_output @opos, %p0\n"
   "   emit_vertex\n"
   "   %p1 = load_input vec4 @pos[1]\n"
   "   store_output @opos, %p1\n"
   "   emit_vertex\n"
   "   %p3 = load_input vec4 @pos[3]\n"
   "   store_output @opos, %p3\n"
   "   emit_vertex\n"
   "   %p2 = load_input vec4 @pos[2]\n"
   "   store_output @opos, %p2\n"
   "   emit_vertex\n"
   "}\n";

/* --- expectations ------------------------------------------------------------ */

struct expect {
   unsigned n;
   float tri[8][3][2];          /* window coordinates */
   float color[8][4];
};

static void
add_tri(struct expect *e, const float v[3][2], float dx, const float color[4])
{
   for (unsigned i = 0; i < 3; i++) {
      e->tri[e->n][i][0] = v[i][0] + dx;
      e->tri[e->n][i][1] = v[i][1];
   }
   memcpy(e->color[e->n], color, sizeof(float[4]));
   e->n++;
}

/* Every pixel whose centre is strictly inside one expected triangle has its
 * colour, every pixel near none is the clear colour (0); pixels on an edge
 * are skipped.  Returns the number of pixels checked inside. */
static unsigned
check_picture(struct scene *s, const struct expect *e, const char *what)
{
   float *rgba = scene_read_rgba(s, 0);
   unsigned inside = 0, bad = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         int hit = -1;
         bool edge = false;
         for (unsigned t = 0; t < e->n; t++) {
            int c = scene_ref_tri(e->tri[t], x + 0.5, y + 0.5);
            if (c == 1)
               hit = (int)t;
            else if (c == -1)
               edge = true;
         }
         if (edge)
            continue;
         const float *got = &rgba[(y * W + x) * 4];
         static const float zero[4] = { 0, 0, 0, 0 };
         const float *want = hit >= 0 ? e->color[hit] : zero;
         inside += hit >= 0;
         bool ok = true;
         for (unsigned c = 0; c < 4; c++) {
            float w = unorm ? fminf(fmaxf(want[c], 0.0f), 1.0f) : want[c];
            ok &= fabsf(got[c] - w) <= tol;
         }
         if (!ok && bad++ < 8)
            scene_fail(s, "%s: pixel (%u, %u) = (%g, %g, %g, %g), expected (%g, %g, %g, %g)",
                       what, x, y, got[0], got[1], got[2], got[3], want[0], want[1], want[2],
                       want[3]);
      }
   }
   if (bad > 8)
      scene_fail(s, "%s: %u bad pixels in all", what, bad);
   free(rgba);
   return inside;
}

/* vertices: window xy, then colour; into clip space (z 0.5, w 1) */
static void
upload(struct scene *s, const float (*xy)[2], const float (*col)[4], unsigned n)
{
   float v[16][8];
   for (unsigned i = 0; i < n; i++) {
      scene_clip(s, xy[i][0], xy[i][1], 0.5f, 1.0f, v[i]);
      memcpy(&v[i][4], col[i], sizeof(float[4]));
   }
   scene_verts(s, &v[0][0], n, 2);
}

static const float tri_xy[2][3][2] = {
   { { 2, 2 }, { 12, 3 }, { 4, 14 } },
   { { 3, 18 }, { 14, 20 }, { 6, 29 } },
};
static const float tri_col[6][4] = {
   { 1, 0, 0, 1 }, { 1, 0, 0, 1 }, { 1, 0, 0, 1 },
   { 0, 1, 0, 1 }, { 0, 1, 0, 1 }, { 0, 1, 0, 1 },
};
/* 16 pixels right: 16 / W * 2 in clip x; the tint */
static const float gs_consts[8] = { 1.0f, 0, 0, 0, 0.5f, 0.25f, 1, 1 };

static void *
bind_gs(struct scene *s, const char *text, const struct pipe_stream_output_info *so)
{
   void *gs = scene_shader(s, PIPE_SHADER_GEOMETRY, text, so);
   s->ctx->bind_gs_state(s->ctx, gs);
   return gs;
}

static void
unbind_gs(struct scene *s, void *gs)
{
   s->ctx->bind_gs_state(s->ctx, NULL);
   s->ctx->delete_gs_state(s->ctx, gs);
}

static void
test_twice(struct scene *s, const char *target)
{
   scene_case(s, "geometry shader: each triangle twice, moved and tinted by its constants (%s)",
              target);
   scene_shaders(s, scene_vs_pos_attr, scene_fs_attr);
   void *gs = bind_gs(s, gs_twice, NULL);
   scene_constants(s, PIPE_SHADER_GEOMETRY, 0, gs_consts, sizeof gs_consts);
   upload(s, (const float (*)[2])tri_xy, tri_col, 6);
   scene_clear_color(s, 0, 0, 0, 0);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
   struct expect e = { 0 };
   for (unsigned t = 0; t < 2; t++) {
      float tinted[4];
      for (unsigned c = 0; c < 4; c++)
         tinted[c] = tri_col[3 * t][c] * gs_consts[4 + c];
      add_tri(&e, tri_xy[t], 0, tri_col[3 * t]);
      add_tri(&e, tri_xy[t], 16, tinted);
   }
   unsigned inside = check_picture(s, &e, "doubled");
   SCHECK(s, inside > 100, "only %u pixels inside the four triangles", inside);

   scene_case(s, "geometry shader unbound: the triangles once (%s)", target);
   unbind_gs(s, gs);
   scene_clear_color(s, 0, 0, 0, 0);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
   struct expect once = { 0 };
   add_tri(&once, tri_xy[0], 0, tri_col[0]);
   add_tri(&once, tri_xy[1], 0, tri_col[3]);
   check_picture(s, &once, "once");
   scene_constants(s, PIPE_SHADER_GEOMETRY, 0, NULL, 0);
}

static void
test_squares(struct scene *s)
{
   scene_case(s, "geometry shader: points to squares, texture of the geometry stage, "
                 "gl_PrimitiveID through a restart to the fragment shader");
   /* texel i: the colour of primitive i */
   static const uint8_t texels[4][4] = {
      { 255, 0, 51, 255 }, { 0, 255, 102, 255 }, { 51, 102, 153, 255 }, { 9, 9, 9, 9 },
   };
   struct pipe_resource *tex = pt_texture(&s->pt, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM,
                                          4, 1, 1, 1, 0, PIPE_BIND_SAMPLER_VIEW);
   scene_write_raw(s, tex, 0, 0, texels);
   struct pipe_sampler_view templ;
   memset(&templ, 0, sizeof templ);
   templ.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   templ.target = PIPE_TEXTURE_2D;
   templ.swizzle_r = PIPE_SWIZZLE_X;
   templ.swizzle_g = PIPE_SWIZZLE_Y;
   templ.swizzle_b = PIPE_SWIZZLE_Z;
   templ.swizzle_a = PIPE_SWIZZLE_W;
   struct pipe_sampler_view *view = s->ctx->create_sampler_view(s->ctx, tex, &templ);
   SCHECK(s, view != NULL, "create_sampler_view failed");
   s->ctx->set_sampler_views(s->ctx, PIPE_SHADER_GEOMETRY, 0, 1, &view);
   struct pipe_sampler_state ss;
   memset(&ss, 0, sizeof ss);
   ss.min_img_filter = ss.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
   ss.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
   void *samp = s->ctx->create_sampler_state(s->ctx, &ss);
   s->ctx->bind_sampler_states(s->ctx, PIPE_SHADER_GEOMETRY, 0, 1, &samp);

   scene_shaders(s, scene_vs_pos_attr, fs_prim_id);
   void *gs = bind_gs(s, gs_squares, NULL);
   /* half size 3 pixels */
   static const float half[4] = { 3.0f / W * 2.0f, 3.0f / H * 2.0f, 0, 0 };
   scene_constants(s, PIPE_SHADER_GEOMETRY, 0, half, sizeof half);
   static const float pt_xy[3][2] = { { 8, 8 }, { 24, 8 }, { 8, 24 } };
   static const float pt_col[3][4] = { { 0 } };
   upload(s, pt_xy, pt_col, 3);
   scene_clear_color(s, 0, 0, 0, 0);
   /* points 0 1 | restart | 2: gl_PrimitiveIDIn 0 1 2 */
   static const uint16_t idx[4] = { 0, 1, 0xffff, 2 };
   scene_draw_indexed(s, PIPE_PRIM_POINTS, idx, 2, 4, 0, 4, 0, true, 0xffff);
   struct expect e = { 0 };
   for (unsigned p = 0; p < 3; p++) {
      float x0 = pt_xy[p][0] - 3, x1 = pt_xy[p][0] + 3, y0 = pt_xy[p][1] - 3, y1 = pt_xy[p][1] + 3;
      float color[4];
      for (unsigned c = 0; c < 3; c++)
         color[c] = (float)(texels[p][c] / 255.0);
      color[3] = (float)p;
      float a[3][2] = { { x0, y0 }, { x1, y0 }, { x0, y1 } };
      float b[3][2] = { { x0, y1 }, { x1, y0 }, { x1, y1 } };
      add_tri(&e, a, 0, color);
      add_tri(&e, b, 0, color);
   }
   /* the squares' shared diagonals are edges: count the squares' pixels
    * off them */
   unsigned inside = check_picture(s, &e, "squares");
   SCHECK(s, inside >= 3 * 30, "only %u pixels inside the squares", inside);

   unbind_gs(s, gs);
   scene_constants(s, PIPE_SHADER_GEOMETRY, 0, NULL, 0);
   struct pipe_sampler_view *none = NULL;
   s->ctx->set_sampler_views(s->ctx, PIPE_SHADER_GEOMETRY, 0, 1, &none);
   pipe_sampler_view_reference(&view, NULL);
   s->ctx->bind_sampler_states(s->ctx, PIPE_SHADER_GEOMETRY, 0, 0, NULL);
   s->ctx->delete_sampler_state(s->ctx, samp);
   pipe_resource_reference(&tex, NULL);
}

static void
test_adjacency(struct scene *s)
{
   scene_case(s, "geometry shader: lines with adjacency, the adjacent vertices reach it");
   scene_shaders(s, scene_vs_pos_attr, scene_fs_attr);
   void *gs = bind_gs(s, gs_adjacency, NULL);
   /* two primitives: corners 0 1 2 3 of a rectangle, 3 colouring it */
   static const float xy[8][2] = {
      { 18, 18 }, { 30, 18 }, { 30, 30 }, { 18, 30 },
      { 2, 4 }, { 10, 4 }, { 10, 12 }, { 2, 12 },
   };
   static const float col[8][4] = {
      { 9, 9, 9, 9 }, { 9, 9, 9, 9 }, { 9, 9, 9, 9 }, { 0.25f, 0.5f, 0.75f, 1 },
      { 9, 9, 9, 9 }, { 9, 9, 9, 9 }, { 9, 9, 9, 9 }, { 1, 0.5f, 0, 0.25f },
   };
   upload(s, xy, col, 8);
   scene_clear_color(s, 0, 0, 0, 0);
   scene_draw(s, PIPE_PRIM_LINES_ADJACENCY, 0, 8);
   struct expect e = { 0 };
   for (unsigned r = 0; r < 2; r++) {
      const float (*q)[2] = &xy[4 * r];
      float a[3][2] = { { q[0][0], q[0][1] }, { q[1][0], q[1][1] }, { q[3][0], q[3][1] } };
      float b[3][2] = { { q[3][0], q[3][1] }, { q[1][0], q[1][1] }, { q[2][0], q[2][1] } };
      add_tri(&e, a, 0, col[4 * r + 3]);
      add_tri(&e, b, 0, col[4 * r + 3]);
   }
   unsigned inside = check_picture(s, &e, "rectangles");
   SCHECK(s, inside >= 100, "only %u pixels inside the rectangles", inside);
   unbind_gs(s, gs);
}

static float *
read_buffer(struct scene *s, struct pipe_resource *b)
{
   struct pipe_box box = u_box_3d(0, 0, 0, (int)b->width0, 1, 1);
   struct pipe_transfer *tr = NULL;
   const void *p = s->ctx->buffer_map(s->ctx, b, 0, PIPE_MAP_READ, &box, &tr);
   float *out = calloc(1, b->width0);
   if (p && out)
      memcpy(out, p, b->width0);
   if (p)
      s->ctx->buffer_unmap(s->ctx, tr);
   return out;
}

static void
test_stream_output(struct scene *s)
{
   scene_case(s, "geometry shader: transform feedback captures its output");
   if (!s->screen->caps.stream_output) {
      scene_skip_case(s, "caps.stream_output is false");
      return;
   }
   /* the GS's outputs: slot 0 position, slot 1 colour; colour then
    * position.xy, 6 floats a vertex */
   struct pipe_stream_output_info so;
   memset(&so, 0, sizeof so);
   so.num_outputs = 2;
   so.stride[0] = 6;
   so.output[0].register_index = 1;
   so.output[0].num_components = 4;
   so.output[1].register_index = 0;
   so.output[1].num_components = 2;
   so.output[1].dst_offset = 4;
   scene_shaders(s, scene_vs_pos_attr, scene_fs_attr);
   void *gs = bind_gs(s, gs_twice, &so);
   scene_constants(s, PIPE_SHADER_GEOMETRY, 0, gs_consts, sizeof gs_consts);
   unsigned size = 12 * 6 * 4;
   struct pipe_resource *buf = pt_buffer(&s->pt, size + 64, PIPE_BIND_STREAM_OUTPUT);
   struct pipe_stream_output_target *t = s->ctx->create_stream_output_target(s->ctx, buf, 0, size);
   unsigned offset = 0;
   s->ctx->set_stream_output_targets(s->ctx, 1, &t, &offset);
   struct pipe_query *qg = s->ctx->create_query(s->ctx, PIPE_QUERY_PRIMITIVES_GENERATED, 0);
   struct pipe_query *qe = s->ctx->create_query(s->ctx, PIPE_QUERY_PRIMITIVES_EMITTED, 0);
   SCHECK(s, qg && qe, "no primitive queries");
   if (qg)
      s->ctx->begin_query(s->ctx, qg);
   if (qe)
      s->ctx->begin_query(s->ctx, qe);
   upload(s, (const float (*)[2])tri_xy, tri_col, 6);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
   if (qg)
      s->ctx->end_query(s->ctx, qg);
   if (qe)
      s->ctx->end_query(s->ctx, qe);
   s->ctx->set_stream_output_targets(s->ctx, 0, NULL, NULL);
   if (qg) {
      uint64_t n = scene_query_result(s, qg);
      SCHECK(s, n == 4, "PRIMITIVES_GENERATED %llu, expected the shader's 4 triangles",
             (unsigned long long)n);
      s->ctx->destroy_query(s->ctx, qg);
   }
   if (qe) {
      uint64_t n = scene_query_result(s, qe);
      SCHECK(s, n == 4, "PRIMITIVES_EMITTED %llu, expected 4", (unsigned long long)n);
      s->ctx->destroy_query(s->ctx, qe);
   }
   /* per input triangle: its 3 vertices, then the moved and tinted copy */
   float *d = read_buffer(s, buf);
   for (unsigned i = 0; i < 12 && d; i++) {
      unsigned tri = i / 6, copy = (i / 3) % 2, v = i % 3;
      float clip[4];
      scene_clip(s, tri_xy[tri][v][0], tri_xy[tri][v][1], 0.5f, 1.0f, clip);
      float want[6];
      for (unsigned c = 0; c < 4; c++)
         want[c] = tri_col[3 * tri][c] * (copy ? gs_consts[4 + c] : 1.0f);
      want[4] = clip[0] + (copy ? gs_consts[0] : 0.0f);
      want[5] = clip[1];
      bool ok = true;
      for (unsigned c = 0; c < 6; c++)
         ok &= fabsf(d[i * 6 + c] - want[c]) <= 1e-6f;
      SCHECK(s, ok, "vertex %u captured as (%g %g %g %g | %g %g), expected (%g %g %g %g | %g %g)",
             i, d[i * 6], d[i * 6 + 1], d[i * 6 + 2], d[i * 6 + 3], d[i * 6 + 4], d[i * 6 + 5],
             want[0], want[1], want[2], want[3], want[4], want[5]);
   }
   for (unsigned k = 72; d && k < 72 + 16; k++)
      SCHECK(s, d[k] == 0.0f, "float %u past the captured vertices written (%g)", k, d[k]);
   free(d);
   pipe_so_target_reference(&t, NULL);
   pipe_resource_reference(&buf, NULL);
   unbind_gs(s, gs);
   scene_constants(s, PIPE_SHADER_GEOMETRY, 0, NULL, 0);
}

int
main(void)
{
   struct scene s;
   scene_init(&s, "pipe-draw-geometry");
   if (!s.screen->caps.geometry_shader) {
      scene_case(&s, "geometry shaders");
      scene_skip_case(&s, "caps.geometry_shader is false");
      return scene_finish(&s);
   }
   scene_case(&s, "geometry shader limits");
   SCHECK(&s, s.screen->caps.max_geometry_output_vertices >= 256 &&
              s.screen->caps.max_geometry_total_output_components >= 1024 &&
              s.screen->caps.max_geometry_input_components >= 64 &&
              s.screen->caps.max_geometry_output_components >= 128 &&
              s.screen->caps.max_geometry_texture_image_units >= 16,
          "geometry limits below GL 3.2's");
   scene_fb1(&s, W, H, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   test_twice(&s, "float target");
   test_squares(&s);
   test_adjacency(&s);
   test_stream_output(&s);
   /* an 8-bit target: the states jitpipe's fused functions draw */
   scene_fb1(&s, W, H, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_NONE);
   tol = 0.5f / 255.0f + 1e-6f;
   unorm = true;
   test_twice(&s, "8-bit target");
   test_squares(&s);
   test_adjacency(&s);
   return scene_finish(&s);
}
