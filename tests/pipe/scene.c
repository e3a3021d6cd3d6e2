/*
 * Shared helper for the pipe-draw scene tests; see scene.h.
 */
#include "scene.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "compiler/ir/ir.h"
#include "util/u_inlines.h"

#define MAX_PRINTS_PER_CASE 6

const char scene_vs_pos_attr[] =
   "shader vertex\n"
   "input vec4 @pos location 0\n"
   "input vec4 @attr location 1\n"
   "output vec4 @opos semantic position\n"
   "output vec4 @oattr location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @pos\n"
   "   store_output @opos, %0\n"
   "   %1 = load_input vec4 @attr\n"
   "   store_output @oattr, %1\n"
   "}\n";

const char scene_vs_pos[] =
   "shader vertex\n"
   "input vec4 @pos location 0\n"
   "output vec4 @opos semantic position\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @pos\n"
   "   store_output @opos, %0\n"
   "}\n";

const char scene_fs_attr[] =
   "shader fragment\n"
   "input vec4 @col location 0\n"
   "output vec4 @frag location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @col\n"
   "   store_output @frag, %0\n"
   "}\n";

const char scene_fs_one[] =
   "shader fragment\n"
   "output vec4 @frag location 0\n"
   "func void @main() {\n"
   "   %0 = const vec4 1.0, 1.0, 1.0, 1.0\n"
   "   store_output @frag, %0\n"
   "}\n";

const char scene_fs_cbuf[] =
   "shader fragment\n"
   "output vec4 @frag location 0\n"
   "uniform vec4 @c cbuf 0 offset 0\n"
   "func void @main() {\n"
   "   %0 = load_uniform vec4 @c\n"
   "   store_output @frag, %0\n"
   "}\n";

static void
dry_draw_vbo(struct pipe_context *ctx, const struct pipe_draw_info *info,
             const struct pipe_draw_start_count_bias *draws, unsigned num_draws)
{
   (void)ctx;
   (void)info;
   (void)draws;
   (void)num_draws;
}

/* --- setup ----------------------------------------------------------------- */

void
scene_init(struct scene *s, const char *program)
{
   memset(s, 0, sizeof *s);
   s->program = program;
   pt_init(&s->pt);
   s->screen = s->pt.screen;
   s->ctx = s->pt.ctx;
   if (getenv("SCENE_DRY_RUN") && !s->ctx->draw_vbo) {
      /* check the tests themselves (shaders parse, references decide)
       * before the driver can draw: every pixel check will fail */
      printf("%s: dry run without draw_vbo\n", program);
      s->ctx->draw_vbo = dry_draw_vbo;
   }
   if (!s->ctx->draw_vbo || (!s->screen->caps.draw && !getenv("SCENE_DRY_RUN"))) {
      printf("%s: SKIP: refpipe cannot draw yet (caps.draw %d, draw_vbo %s)\n", program,
             s->screen->caps.draw, s->ctx->draw_vbo ? "set" : "NULL");
      pt_fini(&s->pt);
      exit(SCENE_SKIP);
   }
   scene_rast(s, NULL);
   scene_blend(s, NULL);
   scene_dsa(s, NULL);
}

static void
end_case(struct scene *s)
{
   if (!s->in_case)
      return;
   s->in_case = false;
   if (s->case_fails > 0) {
      s->failed_cases++;
      if (s->failed_cases <= 64)
         snprintf(s->failed_names[s->failed_cases - 1], sizeof s->failed_names[0], "%s",
                  s->case_name);
      printf("FAIL %s (%d bad checks)\n", s->case_name, s->case_fails);
   } else if (s->case_fails == 0) {
      printf("ok   %s\n", s->case_name);
   }
   fflush(stdout);
}

void
scene_case(struct scene *s, const char *fmt, ...)
{
   end_case(s);
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(s->case_name, sizeof s->case_name, fmt, ap);
   va_end(ap);
   s->in_case = true;
   s->case_fails = 0;
   s->cases++;
}

void
scene_skip_case(struct scene *s, const char *why)
{
   printf("skip %s: %s\n", s->case_name, why);
   s->skipped_cases++;
   s->case_fails = -1;
}

void
scene_fail(struct scene *s, const char *fmt, ...)
{
   if (s->case_fails < 0)
      return;
   s->case_fails++;
   pt_failures++;
   if (s->case_fails > MAX_PRINTS_PER_CASE)
      return;
   va_list ap;
   va_start(ap, fmt);
   fprintf(stdout, "  [%s] ", s->in_case ? s->case_name : "setup");
   vfprintf(stdout, fmt, ap);
   fprintf(stdout, "\n");
   va_end(ap);
   if (s->case_fails == MAX_PRINTS_PER_CASE)
      fprintf(stdout, "  [%s] (further failures of this case not printed)\n", s->case_name);
}

bool
scene_case_ok(const struct scene *s)
{
   return s->case_fails == 0;
}

static void
release_fb(struct scene *s)
{
   s->ctx->set_framebuffer_state(s->ctx, &(struct pipe_framebuffer_state){ 0 });
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++) {
      pipe_surface_reference(&s->csurf[i], NULL);
      pipe_resource_reference(&s->cbuf[i], NULL);
   }
   pipe_surface_reference(&s->zsurf, NULL);
   pipe_resource_reference(&s->zs, NULL);
   s->nr_cbufs = 0;
}

int
scene_finish(struct scene *s)
{
   end_case(s);
   struct pipe_context *ctx = s->ctx;
   ctx->bind_blend_state(ctx, NULL);
   ctx->bind_depth_stencil_alpha_state(ctx, NULL);
   ctx->bind_rasterizer_state(ctx, NULL);
   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->bind_vertex_elements_state(ctx, NULL);
   if (s->blend)
      ctx->delete_blend_state(ctx, s->blend);
   if (s->dsa)
      ctx->delete_depth_stencil_alpha_state(ctx, s->dsa);
   if (s->rast)
      ctx->delete_rasterizer_state(ctx, s->rast);
   if (s->vs)
      ctx->delete_vs_state(ctx, s->vs);
   if (s->fs)
      ctx->delete_fs_state(ctx, s->fs);
   if (s->velems)
      ctx->delete_vertex_elements_state(ctx, s->velems);
   release_fb(s);
   pt_fini(&s->pt);

   printf("%s: %d cases, %d failed, %d skipped\n", s->program, s->cases, s->failed_cases,
          s->skipped_cases);
   for (int i = 0; i < s->failed_cases && i < 64; i++)
      printf("  failed: %s\n", s->failed_names[i]);
   return s->failed_cases ? 1 : 0;
}

/* --- framebuffer -------------------------------------------------------------- */

void
scene_viewport(struct scene *s, float x, float y, float w, float h, float znear, float zfar)
{
   struct pipe_viewport_state vp;
   memset(&vp, 0, sizeof vp);
   vp.scale[0] = w * 0.5f;
   vp.scale[1] = h * 0.5f;
   vp.scale[2] = (zfar - znear) * 0.5f;
   vp.translate[0] = x + w * 0.5f;
   vp.translate[1] = y + h * 0.5f;
   vp.translate[2] = (zfar + znear) * 0.5f;
   s->ctx->set_viewport_states(s->ctx, 0, 1, &vp);
}

void
scene_fb(struct scene *s, unsigned w, unsigned h, unsigned nr, const enum pipe_format *formats,
         enum pipe_format zs_format)
{
   release_fb(s);
   s->w = w;
   s->h = h;
   s->nr_cbufs = nr;
   for (unsigned i = 0; i < nr; i++) {
      if (formats[i] == PIPE_FORMAT_NONE)
         continue;
      s->cbuf[i] = pt_texture(&s->pt, PIPE_TEXTURE_2D, formats[i], w, h, 1, 1, 0,
                              PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW);
      s->csurf[i] = pt_surface(&s->pt, s->cbuf[i], 0, 0, 0);
   }
   if (zs_format != PIPE_FORMAT_NONE) {
      s->zs = pt_texture(&s->pt, PIPE_TEXTURE_2D, zs_format, w, h, 1, 1, 0,
                         PIPE_BIND_DEPTH_STENCIL);
      s->zsurf = pt_surface(&s->pt, s->zs, 0, 0, 0);
   }
   pt_framebuffer(&s->pt, s->csurf, nr, s->zsurf, w, h);
   scene_viewport(s, 0, 0, (float)w, (float)h, 0.0f, 1.0f);
}

void
scene_fb1(struct scene *s, unsigned w, unsigned h, enum pipe_format cformat,
          enum pipe_format zs_format)
{
   scene_fb(s, w, h, cformat == PIPE_FORMAT_NONE ? 0 : 1, &cformat, zs_format);
}

void
scene_clear_color(struct scene *s, float r, float g, float b, float a)
{
   union pipe_color_union c = { .f = { r, g, b, a } };
   uint8_t masks[PIPE_MAX_COLOR_BUFS];
   memset(masks, PIPE_MASK_RGBA, sizeof masks);
   s->ctx->clear(s->ctx, PIPE_CLEAR_COLOR, NULL, &c, 0.0, 0, masks, 0xff);
}

void
scene_clear_zs(struct scene *s, unsigned flags, double depth, unsigned stencil)
{
   uint8_t masks[PIPE_MAX_COLOR_BUFS];
   memset(masks, PIPE_MASK_RGBA, sizeof masks);
   s->ctx->clear(s->ctx, flags, NULL, NULL, depth, stencil, masks, 0xff);
}

/* --- state ------------------------------------------------------------------- */

void
scene_rast_defaults(struct pipe_rasterizer_state *r)
{
   memset(r, 0, sizeof *r);
   r->front_ccw = 1;
   r->cull_face = PIPE_FACE_NONE;
   r->fill_front = PIPE_POLYGON_MODE_FILL;
   r->fill_back = PIPE_POLYGON_MODE_FILL;
   r->half_pixel_center = 1;
   r->depth_clip_near = 1;
   r->depth_clip_far = 1;
   r->line_width = 1.0f;
   r->point_size = 1.0f;
}

void
scene_blend_defaults(struct pipe_blend_state *b)
{
   memset(b, 0, sizeof *b);
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
      b->rt[i].colormask = PIPE_MASK_RGBA;
}

void
scene_rast(struct scene *s, const struct pipe_rasterizer_state *templ)
{
   struct pipe_rasterizer_state def;
   if (!templ) {
      scene_rast_defaults(&def);
      templ = &def;
   }
   void *cso = s->ctx->create_rasterizer_state(s->ctx, templ);
   s->ctx->bind_rasterizer_state(s->ctx, cso);
   if (s->rast)
      s->ctx->delete_rasterizer_state(s->ctx, s->rast);
   s->rast = cso;
}

void
scene_blend(struct scene *s, const struct pipe_blend_state *templ)
{
   struct pipe_blend_state def;
   if (!templ) {
      scene_blend_defaults(&def);
      templ = &def;
   }
   void *cso = s->ctx->create_blend_state(s->ctx, templ);
   s->ctx->bind_blend_state(s->ctx, cso);
   if (s->blend)
      s->ctx->delete_blend_state(s->ctx, s->blend);
   s->blend = cso;
}

void
scene_blend_additive(struct scene *s)
{
   struct pipe_blend_state b;
   scene_blend_defaults(&b);
   b.rt[0].blend_enable = 1;
   b.rt[0].rgb_func = PIPE_BLEND_ADD;
   b.rt[0].alpha_func = PIPE_BLEND_ADD;
   b.rt[0].rgb_src_factor = PIPE_BLENDFACTOR_ONE;
   b.rt[0].rgb_dst_factor = PIPE_BLENDFACTOR_ONE;
   b.rt[0].alpha_src_factor = PIPE_BLENDFACTOR_ONE;
   b.rt[0].alpha_dst_factor = PIPE_BLENDFACTOR_ONE;
   scene_blend(s, &b);
}

void
scene_dsa(struct scene *s, const struct pipe_depth_stencil_alpha_state *templ)
{
   struct pipe_depth_stencil_alpha_state def;
   if (!templ) {
      memset(&def, 0, sizeof def);
      templ = &def;
   }
   void *cso = s->ctx->create_depth_stencil_alpha_state(s->ctx, templ);
   s->ctx->bind_depth_stencil_alpha_state(s->ctx, cso);
   if (s->dsa)
      s->ctx->delete_depth_stencil_alpha_state(s->ctx, s->dsa);
   s->dsa = cso;
}

void *
scene_shader(struct scene *s, enum pipe_shader_type stage, const char *text,
             const struct pipe_stream_output_info *so)
{
   char err[256];
   struct ir_shader *ir = ir_parse(text, err, sizeof err);
   if (!ir) {
      fprintf(stderr, "%s: shader does not parse: %s\n%s\n", s->program, err, text);
      exit(1);
   }
   char *verr = NULL;
   if (!ir_validate(ir, &verr)) {
      fprintf(stderr, "%s: shader does not validate: %s\n%s\n", s->program,
              verr ? verr : "?", text);
      exit(1);
   }
   struct pipe_shader_state templ;
   memset(&templ, 0, sizeof templ);
   templ.type = PIPE_SHADER_IR_PONY;
   templ.ir = ir;
   if (so)
      templ.stream_output = *so;
   void *cso = stage == PIPE_SHADER_VERTEX ? s->ctx->create_vs_state(s->ctx, &templ) :
               stage == PIPE_SHADER_GEOMETRY ? s->ctx->create_gs_state(s->ctx, &templ)
                                             : s->ctx->create_fs_state(s->ctx, &templ);
   ir_shader_destroy(ir);
   if (!cso) {
      fprintf(stderr, "%s: create_%s_state failed for\n%s\n", s->program,
              stage == PIPE_SHADER_VERTEX ? "vs" : stage == PIPE_SHADER_GEOMETRY ? "gs" : "fs",
              text);
      exit(1);
   }
   return cso;
}

void
scene_vs(struct scene *s, const char *text)
{
   void *cso = scene_shader(s, PIPE_SHADER_VERTEX, text, NULL);
   s->ctx->bind_vs_state(s->ctx, cso);
   if (s->vs)
      s->ctx->delete_vs_state(s->ctx, s->vs);
   s->vs = cso;
}

void
scene_fs(struct scene *s, const char *text)
{
   void *cso = scene_shader(s, PIPE_SHADER_FRAGMENT, text, NULL);
   s->ctx->bind_fs_state(s->ctx, cso);
   if (s->fs)
      s->ctx->delete_fs_state(s->ctx, s->fs);
   s->fs = cso;
}

void
scene_shaders(struct scene *s, const char *vs, const char *fs)
{
   scene_vs(s, vs);
   scene_fs(s, fs);
}

void
scene_constants(struct scene *s, enum pipe_shader_type stage, unsigned index, const void *data,
                unsigned size)
{
   struct pipe_constant_buffer cb;
   memset(&cb, 0, sizeof cb);
   cb.user_buffer = data;
   cb.buffer_size = size;
   s->ctx->set_constant_buffer(s->ctx, stage, index, &cb);
}

/* --- vertices and draws ------------------------------------------------------- */

struct pipe_resource *
scene_upload(struct scene *s, const void *data, unsigned size, unsigned bind)
{
   struct pipe_resource *r = pt_buffer(&s->pt, size ? size : 4, bind);
   if (size)
      s->ctx->buffer_subdata(s->ctx, r, PIPE_MAP_WRITE, 0, size, data);
   return r;
}

void
scene_velems(struct scene *s, unsigned n, const struct pipe_vertex_element *ve)
{
   void *cso = s->ctx->create_vertex_elements_state(s->ctx, n, ve);
   s->ctx->bind_vertex_elements_state(s->ctx, cso);
   if (s->velems)
      s->ctx->delete_vertex_elements_state(s->ctx, s->velems);
   s->velems = cso;
}

void
scene_vbuf(struct scene *s, unsigned slot, const void *data, unsigned size, unsigned stride,
           unsigned offset)
{
   struct pipe_resource *r = scene_upload(s, data, size, PIPE_BIND_VERTEX_BUFFER);
   struct pipe_vertex_buffer vb;
   memset(&vb, 0, sizeof vb);
   vb.stride = (uint16_t)stride;
   vb.buffer_offset = offset;
   vb.buffer.resource = r;
   s->ctx->set_vertex_buffers(s->ctx, slot, 1, &vb);
   pipe_resource_reference(&r, NULL);
}

void
scene_verts(struct scene *s, const float *data, unsigned nverts, unsigned nattr)
{
   struct pipe_vertex_element ve[PIPE_MAX_ATTRIBS];
   memset(ve, 0, sizeof ve);
   for (unsigned i = 0; i < nattr; i++) {
      ve[i].src_offset = (uint16_t)(16 * i);
      ve[i].vertex_buffer_index = 0;
      ve[i].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   }
   scene_velems(s, nattr, ve);
   scene_vbuf(s, 0, data, nverts * nattr * 16, nattr * 16, 0);
}

void
scene_draw_instanced(struct scene *s, enum pipe_prim_type prim, unsigned start, unsigned count,
                     unsigned start_instance, unsigned instance_count)
{
   struct pipe_draw_info info;
   memset(&info, 0, sizeof info);
   info.mode = prim;
   info.start_instance = start_instance;
   info.instance_count = instance_count;
   info.min_index = 0;
   info.max_index = ~0u;
   struct pipe_draw_start_count_bias d = { start, count, 0 };
   s->ctx->draw_vbo(s->ctx, &info, &d, 1);
}

void
scene_draw(struct scene *s, enum pipe_prim_type prim, unsigned start, unsigned count)
{
   scene_draw_instanced(s, prim, start, count, 0, 1);
}

void
scene_draw_indexed(struct scene *s, enum pipe_prim_type prim, const void *indices,
                   unsigned index_size, unsigned nindices, unsigned start, unsigned count,
                   int index_bias, bool restart, unsigned restart_index)
{
   struct pipe_resource *ib = scene_upload(s, indices, nindices * index_size,
                                           PIPE_BIND_INDEX_BUFFER);
   struct pipe_draw_info info;
   memset(&info, 0, sizeof info);
   info.mode = prim;
   info.index_size = (uint8_t)index_size;
   info.primitive_restart = restart;
   info.restart_index = restart_index;
   info.instance_count = 1;
   info.min_index = 0;
   info.max_index = ~0u;
   info.index.resource = ib;
   struct pipe_draw_start_count_bias d = { start, count, index_bias };
   s->ctx->draw_vbo(s->ctx, &info, &d, 1);
   pipe_resource_reference(&ib, NULL);
}

void
scene_clip(const struct scene *s, float x, float y, float z, float w, float out[4])
{
   out[0] = (2.0f * x / (float)s->w - 1.0f) * w;
   out[1] = (2.0f * y / (float)s->h - 1.0f) * w;
   out[2] = (2.0f * z - 1.0f) * w;
   out[3] = w;
}

/* --- read-back ---------------------------------------------------------------- */

static const uint8_t *
map_level(struct scene *s, struct pipe_resource *r, unsigned usage, struct pipe_transfer **tr)
{
   struct pipe_box box = u_box_3d(0, 0, 0, (int)r->width0, r->height0, 1);
   const uint8_t *p = s->ctx->texture_map(s->ctx, r, 0, usage, &box, tr);
   if (!p) {
      fprintf(stderr, "%s: texture_map failed\n", s->program);
      exit(1);
   }
   return p;
}

float *
scene_read_rgba(struct scene *s, unsigned rt)
{
   struct pipe_resource *r = s->cbuf[rt];
   float *out = calloc((size_t)r->width0 * r->height0 * 4, sizeof(float));
   struct pipe_transfer *tr;
   const uint8_t *p = map_level(s, r, PIPE_MAP_READ, &tr);
   for (unsigned y = 0; y < r->height0; y++)
      util_format_unpack_rgba_float(r->format, out + (size_t)y * r->width0 * 4,
                                    p + (size_t)y * tr->stride, r->width0);
   s->ctx->texture_unmap(s->ctx, tr);
   return out;
}

uint8_t *
scene_read_raw(struct scene *s, struct pipe_resource *r)
{
   unsigned bs = util_format_get_blocksize(r->format);
   uint8_t *out = malloc((size_t)r->width0 * r->height0 * bs);
   struct pipe_transfer *tr;
   const uint8_t *p = map_level(s, r, PIPE_MAP_READ, &tr);
   for (unsigned y = 0; y < r->height0; y++)
      memcpy(out + (size_t)y * r->width0 * bs, p + (size_t)y * tr->stride,
             (size_t)r->width0 * bs);
   s->ctx->texture_unmap(s->ctx, tr);
   return out;
}

void
scene_write_raw(struct scene *s, struct pipe_resource *r, unsigned level, unsigned layer,
                const void *data)
{
   unsigned w = u_minify(r->width0, level), h = u_minify(r->height0, level);
   unsigned bs = util_format_get_blocksize(r->format);
   struct pipe_box box = u_box_3d(0, 0, (int)layer, (int)w, (int)h, 1);
   s->ctx->texture_subdata(s->ctx, r, level, PIPE_MAP_WRITE, &box, data, w * bs, 0);
}

float *
scene_read_depth(struct scene *s)
{
   struct pipe_resource *r = s->zs;
   float *out = calloc((size_t)r->width0 * r->height0, sizeof(float));
   struct pipe_transfer *tr;
   const uint8_t *p = map_level(s, r, PIPE_MAP_READ, &tr);
   for (unsigned y = 0; y < r->height0; y++)
      util_format_unpack_z_float(r->format, out + (size_t)y * r->width0,
                                 p + (size_t)y * tr->stride, r->width0);
   s->ctx->texture_unmap(s->ctx, tr);
   return out;
}

uint8_t *
scene_read_stencil(struct scene *s)
{
   struct pipe_resource *r = s->zs;
   uint8_t *out = calloc((size_t)r->width0 * r->height0, 1);
   struct pipe_transfer *tr;
   const uint8_t *p = map_level(s, r, PIPE_MAP_READ, &tr);
   for (unsigned y = 0; y < r->height0; y++)
      util_format_unpack_s_8uint(r->format, out + (size_t)y * r->width0,
                                 p + (size_t)y * tr->stride, r->width0);
   s->ctx->texture_unmap(s->ctx, tr);
   return out;
}

/* --- coverage ------------------------------------------------------------------ */

void
scene_grid_init(struct scene_grid *g, unsigned w, unsigned h, int8_t value)
{
   g->w = w;
   g->h = h;
   g->v = malloc((size_t)w * h);
   memset(g->v, value, (size_t)w * h);
}

void
scene_grid_fini(struct scene_grid *g)
{
   free(g->v);
   g->v = NULL;
}

double
scene_tri_area2(const float v[3][2])
{
   return ((double)v[1][0] - v[0][0]) * ((double)v[2][1] - v[0][1]) -
          ((double)v[2][0] - v[0][0]) * ((double)v[1][1] - v[0][1]);
}

int
scene_ref_tri(const float v[3][2], double px, double py)
{
   double area = scene_tri_area2(v);
   if (area == 0.0)
      return 0;
   double sign = area > 0 ? 1.0 : -1.0;
   bool on_edge = false;
   for (unsigned i = 0; i < 3; i++) {
      const float *a = v[i], *b = v[(i + 1) % 3];
      double ex = (double)b[0] - a[0], ey = (double)b[1] - a[1];
      double e = (ex * (py - a[1]) - ey * (px - a[0])) * sign;
      double len = sqrt(ex * ex + ey * ey);
      if (e < -1e-9 * len)
         return 0;
      if (e <= 1e-9 * len)
         on_edge = true;
   }
   return on_edge ? -1 : 1;
}

void
scene_grid_tri(struct scene_grid *g, const float v[3][2])
{
   for (unsigned y = 0; y < g->h; y++) {
      for (unsigned x = 0; x < g->w; x++) {
         int8_t *p = &g->v[y * g->w + x];
         int c = scene_ref_tri(v, x + 0.5, y + 0.5);
         if (c == 1)
            *p = *p >= 0 ? (int8_t)(*p + 1) : -2;
         else if (c == -1)
            *p = *p == 0 ? -1 : *p == 1 ? -2 : *p;
      }
   }
}

/* min over t in [0, 1] of |a + t d - c|_1 */
static double
seg_l1_min(double ax, double ay, double dx, double dy, double cx, double cy)
{
   double ts[4] = { 0.0, 1.0, 0.0, 0.0 };
   unsigned n = 2;
   if (dx != 0.0)
      ts[n++] = (cx - ax) / dx;
   if (dy != 0.0)
      ts[n++] = (cy - ay) / dy;
   double best = INFINITY;
   for (unsigned i = 0; i < n; i++) {
      double t = ts[i] < 0.0 ? 0.0 : ts[i] > 1.0 ? 1.0 : ts[i];
      double f = fabs(ax + t * dx - cx) + fabs(ay + t * dy - cy);
      if (f < best)
         best = f;
   }
   return best;
}

bool
scene_grid_line(struct scene_grid *g, const float a[2], const float b[2])
{
   const double eps = 1.0 / 128;   /* vertices may be snapped to a subpixel grid */
   double dx = (double)b[0] - a[0], dy = (double)b[1] - a[1];
   bool ok = true;
   for (unsigned y = 0; y < g->h; y++) {
      for (unsigned x = 0; x < g->w; x++) {
         double cx = x + 0.5, cy = y + 0.5;
         double m = seg_l1_min(a[0], a[1], dx, dy, cx, cy);
         if (fabs(m - 0.5) < eps)
            ok = false;
         if (m >= 0.5)
            continue;
         double eb = fabs(b[0] - cx) + fabs(b[1] - cy);
         if (fabs(eb - 0.5) < eps)
            ok = false;
         if (eb < 0.5)
            continue;
         int8_t *p = &g->v[y * g->w + x];
         if (*p >= 0)
            (*p)++;
      }
   }
   return ok;
}

unsigned
scene_check_counts(struct scene *s, const float *rgba, const struct scene_grid *g,
                   const char *what)
{
   unsigned bad = 0;
   for (unsigned y = 0; y < g->h; y++) {
      for (unsigned x = 0; x < g->w; x++) {
         float got = rgba[(y * g->w + x) * 4];
         int e = g->v[y * g->w + x];
         bool ok;
         if (e >= 0)
            ok = got == (float)e;
         else if (e == -1)
            ok = got == 0.0f || got == 1.0f;
         else
            ok = got == 1.0f || got == 2.0f;
         if (!ok) {
            if (bad < 4) {
               scene_fail(s, "%s: pixel (%u, %u) covered %g times, expected %s", what, x, y,
                          got, e >= 0 ? (e == 0 ? "0" : e == 1 ? "1" : "2+") :
                          e == -1 ? "0 or 1 (centre on an edge)" : "1 or 2");
            } else {
               s->case_fails++;
               pt_failures++;
            }
            bad++;
         }
      }
   }
   return bad;
}

void
scene_count_setup(struct scene *s, unsigned w, unsigned h)
{
   scene_fb1(s, w, h, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   scene_rast(s, NULL);
   scene_dsa(s, NULL);
   scene_blend_additive(s);
   scene_shaders(s, scene_vs_pos, scene_fs_one);
   scene_clear_color(s, 0, 0, 0, 0);
}

uint32_t
scene_rand(uint32_t *state)
{
   uint32_t x = *state;
   x ^= x << 13;
   x ^= x >> 17;
   x ^= x << 5;
   *state = x;
   return x;
}

float
scene_randf(uint32_t *state, float lo, float hi)
{
   return lo + (hi - lo) * (float)(scene_rand(state) & 0xffffff) / (float)0x1000000;
}

uint64_t
scene_query_result(struct scene *s, struct pipe_query *q)
{
   union pipe_query_result r;
   memset(&r, 0, sizeof r);
   if (!s->ctx->get_query_result(s->ctx, q, true, &r))
      scene_fail(s, "get_query_result(wait) returned false");
   return r.u64;
}
