/*
 * The pixel path: pixel-transfer operations, and fragments of pixel
 * rectangles.  Colour and depth fragments are screen-aligned quads drawn
 * through st_draw_vertices() with identity matrices and a viewport
 * covering the whole drawable, so every per-fragment operation of the
 * draw path applies.  Normally one quad covers the whole zoomed image,
 * textured from a temporary float texture by a small fragment shader
 * that picks each fragment's image pixel by GL's zoom rule (centres
 * inside the zoomed rectangle of each pixel, GL 2.1 section 3.6.5); the
 * fallback draws one quad per run of equal pixels in a row.  Stencil
 * indices are written on the CPU.
 */
#include "st_drawpix.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "pipe/p_context.h"
#include "pipe/p_state.h"
#include "st_buffer.h"
#include "st_context.h"
#include "st_draw.h"
#include "st_fbo.h"
#include "st_framebuffer.h"
#include "ff_gen.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

void
st_pixel_init(struct st_context *ctx)
{
   struct st_pixel_state *p = &ctx->pix;
   memset(p, 0, sizeof *p);
   p->raster.valid = true;
   p->raster.pos[3] = 1.0f;
   for (unsigned i = 0; i < 4; i++) {
      p->raster.color[i] = 1.0f;
      p->transfer.scale[i] = 1.0f;
   }
   p->raster.secondary[3] = 1.0f;
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
      p->raster.tex[u][3] = 1.0f;
   p->raster.index = 1.0f;
   p->transfer.depth_scale = 1.0f;
   p->transfer.zoom_x = p->transfer.zoom_y = 1.0f;
   for (unsigned i = 0; i < ST_NUM_PIXEL_MAPS; i++)
      p->maps.size[i] = 1;   /* one entry, 0 */
}

/* --- pixel transfer --------------------------------------------------------- */

enum {
   MAP_I_TO_I, MAP_S_TO_S, MAP_I_TO_R, MAP_I_TO_G, MAP_I_TO_B, MAP_I_TO_A,
   MAP_R_TO_R, MAP_G_TO_G, MAP_B_TO_B, MAP_A_TO_A
};

bool
st_pixel_transfer_rgba_active(const struct st_context *ctx)
{
   const struct st_pixel_transfer *t = &ctx->pix.transfer;
   for (unsigned c = 0; c < 4; c++)
      if (t->scale[c] != 1.0f || t->bias[c] != 0.0f)
         return true;
   return t->map_color;
}

static float
lookup_float(const struct st_context *ctx, unsigned map, float v)
{
   const struct st_pixel_maps *m = &ctx->pix.maps;
   if (!(v > 0.0f))   /* NaN too (scale or bias NaN or infinite): no NaN index */
      v = 0.0f;
   if (v > 1.0f)
      v = 1.0f;
   GLint size = m->size[map];
   GLint i = (GLint)floorf(v * (float)(size - 1) + 0.5f);
   if (i < 0)
      i = 0;
   if (i >= size)
      i = size - 1;
   return m->map[map][i];
}

void
st_pixel_transfer_rgba(const struct st_context *ctx, unsigned n, float (*rgba)[4])
{
   const struct st_pixel_transfer *t = &ctx->pix.transfer;
   if (!st_pixel_transfer_rgba_active(ctx))
      return;
   for (unsigned i = 0; i < n; i++) {
      for (unsigned c = 0; c < 4; c++) {
         float v = rgba[i][c] * t->scale[c] + t->bias[c];
         if (t->map_color)
            v = lookup_float(ctx, MAP_R_TO_R + c, v);
         rgba[i][c] = v;
      }
   }
}

void
st_pixel_transfer_depth(const struct st_context *ctx, unsigned n, float *z)
{
   const struct st_pixel_transfer *t = &ctx->pix.transfer;
   for (unsigned i = 0; i < n; i++) {
      float v = z[i] * t->depth_scale + t->depth_bias;
      z[i] = v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
   }
}

/* Index shift and offset (GL 2.1 section 3.6.5 "Arithmetic on Indices"). */
static int64_t
shift_index(const struct st_context *ctx, uint32_t idx)
{
   const struct st_pixel_transfer *t = &ctx->pix.transfer;
   int64_t v = (int64_t)(int32_t)idx;
   if (t->index_shift > 0)
      v = t->index_shift >= 32 ? 0 : (int64_t)((uint64_t)v << t->index_shift);
   else if (t->index_shift < 0)
      /* compared as shift <= -63: negating INT_MIN overflows */
      v = t->index_shift <= -63 ? (v < 0 ? -1 : 0) : v >> -t->index_shift;
   return v + t->index_offset;
}

static float
lookup_index(const struct st_context *ctx, unsigned map, int64_t v)
{
   const struct st_pixel_maps *m = &ctx->pix.maps;
   /* sizes are powers of two: the index is masked to the table */
   return m->map[map][(uint64_t)v & (uint64_t)(m->size[map] - 1)];
}

void
st_pixel_transfer_stencil(const struct st_context *ctx, unsigned n, const uint32_t *in,
                          uint8_t *out)
{
   for (unsigned i = 0; i < n; i++) {
      int64_t v = shift_index(ctx, in[i]);
      if (ctx->pix.transfer.map_stencil) {
         /* map entries are any float: NaN and values beyond int64 must not
          * reach the conversion (undefined behaviour); only the low 8 bits
          * of the index matter */
         double f = floor((double)lookup_index(ctx, MAP_S_TO_S, v) + 0.5);
         v = f > -9.0e18 && f < 9.0e18 ? (int64_t)f : 0;
      }
      out[i] = (uint8_t)((uint64_t)v & 0xff);
   }
}

void
st_pixel_index_to_rgba(const struct st_context *ctx, unsigned n, const uint32_t *in,
                       float (*rgba)[4])
{
   for (unsigned i = 0; i < n; i++) {
      int64_t v = shift_index(ctx, in[i]);
      for (unsigned c = 0; c < 4; c++)
         rgba[i][c] = lookup_index(ctx, MAP_I_TO_R + c, v);
   }
}

/* --- pixel buffer objects ----------------------------------------------------- */

bool
st_pixel_buffer_ptr(struct st_context *ctx, bool pack, const void *ptr, size_t size,
                    void **out, const char *where)
{
   struct st_buffer *b = st_pixel_buffer(ctx, pack);
   if (!b) {
      /* Client memory: no allocation spans more than PTRDIFF_MAX bytes or
       * wraps around the address space, so an image that would (huge row
       * lengths or skips; the size saturated, st_pixel_format.h) cannot
       * be the caller's memory, and computing addresses in it would
       * overflow.  Refused like a pixel buffer range that does not fit. */
      if (size > PTRDIFF_MAX || size > UINTPTR_MAX - (uintptr_t)ptr) {
         st_error(ctx, GL_INVALID_OPERATION, where);
         return false;
      }
      *out = (void *)(uintptr_t)ptr;
      return true;
   }
   uintptr_t offset = (uintptr_t)ptr;
   if (b->mapped || offset > b->size || size > b->size - offset) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return false;
   }
   *out = b->data + offset;
   return true;
}

/* --- what can reach the drawable ----------------------------------------------
 *
 * Work on a pixel rectangle is bounded by what can land: images may be
 * 2^31 pixels wide with a raster position or zoom that puts all but a few
 * outside the drawable, so the commands first intersect the image with the
 * drawable and the scissor box and unpack, transfer and draw only that
 * part.  The raster position and zoom are any floats (huge, infinite,
 * NaN): the arithmetic is in double and clamped before any conversion.
 */

bool
st_drawpix_clip_box(struct st_context *ctx, int64_t *x0, int64_t *y0, int64_t *x1, int64_t *y1)
{
   st_validate(ctx, ST_NEW_FRAMEBUFFER);
   struct st_fb_info info;
   if (!st_fb_check_draw(ctx, &info, "pixel rectangle"))
      return false;
   *x0 = *y0 = 0;
   *x1 = info.width;
   *y1 = info.height;
   if (st_is_enabled(ctx, ST_CAP_SCISSOR_TEST)) {
      int64_t sx = ctx->scissor.x, sy = ctx->scissor.y;
      u_clip_span(x0, x1, sx, sx + ctx->scissor.width);
      u_clip_span(y0, y1, sy, sy + ctx->scissor.height);
   }
   return *x0 < *x1 && *y0 < *y1;
}

/*
 * Image pixels [*a, *b) of n along one axis whose zoomed span
 * r + zoom * [i, i + 1) can hold a window pixel centre of [lo, hi); one
 * pixel of margin each side absorbs the rounding of the exact rule.
 */
static bool
visible_span(double r, double zoom, int64_t lo, int64_t hi, int n, int *a, int *b)
{
   if (!(zoom != 0.0) || n <= 0 || lo >= hi)   /* zero or NaN zoom: no area */
      return false;
   double u = ((double)lo - r) / zoom, v = ((double)hi - r) / zoom;
   if (u > v) {
      double t = u;
      u = v;
      v = t;
   }
   double first = floor(u) - 1.0, last = ceil(v) + 1.0;
   if (!(first < last))   /* NaN, or an infinite raster position */
      return false;
   if (first < 0.0)
      first = 0.0;
   if (last > (double)n)
      last = (double)n;
   if (first >= last)
      return false;
   *a = (int)first;
   *b = (int)last;
   return true;
}

/*
 * One axis of the plan: with |zoom| >= 1 the consecutive image pixels that
 * can show, drawn with the zoom from where the first starts; with |zoom| < 1
 * several image pixels share a window pixel and only the one whose span
 * holds its centre shows (the rule of the textured path: floor(v) for a
 * positive zoom, ceil(v) - 1 for a negative one), so one image pixel per
 * window pixel, drawn with zoom 1 from the first window pixel showing one.
 */
static bool
plan_axis(double r, double zoom, int64_t lo, int64_t hi, int n, struct st_drawpix_axis *a,
          bool *oom)
{
   int first, last;
   a->n = 0;
   a->src = NULL;
   if (!visible_span(r, zoom, lo, hi, n, &first, &last))
      return false;
   if (fabs(zoom) >= 1.0) {
      a->src = malloc((size_t)(last - first) * sizeof *a->src);
      if (!a->src) {
         *oom = true;
         return false;
      }
      for (int k = first; k < last; k++)
         a->src[a->n++] = k;
      a->pos = (float)(r + zoom * first);
      a->zoom = (float)zoom;
      return true;
   }
   a->src = malloc((size_t)(hi - lo) * sizeof *a->src);
   if (!a->src) {
      *oom = true;
      return false;
   }
   int64_t start = lo;
   for (int64_t x = lo; x < hi; x++) {
      double v = ((double)x + 0.5 - r) / zoom;
      double i = zoom > 0.0 ? floor(v) : ceil(v) - 1.0;
      if (!(i >= 0.0 && i < (double)n)) {   /* NaN too */
         if (a->n)
            break;   /* the image's pixels show on consecutive window pixels */
         continue;
      }
      if (!a->n)
         start = x;
      a->src[a->n++] = (int)i;
   }
   a->pos = (float)start;
   a->zoom = 1.0f;
   return a->n > 0;
}

bool
st_drawpix_plan(struct st_context *ctx, int w, int h, struct st_drawpix_axis *ax,
                struct st_drawpix_axis *ay)
{
   int64_t x0, y0, x1, y1;
   ax->src = ay->src = NULL;
   if (!st_drawpix_clip_box(ctx, &x0, &y0, &x1, &y1))
      return false;
   const struct st_pixel_transfer *t = &ctx->pix.transfer;
   const float *rp = ctx->pix.raster.pos;
   bool oom = false;
   if (plan_axis(rp[0], t->zoom_x, x0, x1, w, ax, &oom) &&
       plan_axis(rp[1], t->zoom_y, y0, y1, h, ay, &oom))
      return true;
   st_drawpix_plan_free(ax, ay);
   if (oom)
      st_error(ctx, GL_OUT_OF_MEMORY, "pixel rectangle");
   return false;
}

void
st_drawpix_plan_free(struct st_drawpix_axis *ax, struct st_drawpix_axis *ay)
{
   free(ax->src);
   free(ay->src);
   ax->src = ay->src = NULL;
}

/* --- quads through the draw path ------------------------------------------- */

struct quad_batch {
   struct st_vertex *v;
   size_t n, max;
   float fbw, fbh;
   bool oom;
};

#define BATCH_VERTS 4096

static void draw_batch(struct st_context *ctx, struct quad_batch *b);

static void
emit_quad(struct st_context *ctx, struct quad_batch *b, float x0, float y0, float x1,
          float y1, float z, const float color[4])
{
   if (b->oom)
      return;
   if (b->n + 4 > b->max)
      draw_batch(ctx, b);
   /* counter-clockwise whatever the zoom signs: pixel fragments are front-facing */
   if (x0 > x1) {
      float t = x0;
      x0 = x1;
      x1 = t;
   }
   if (y0 > y1) {
      float t = y0;
      y0 = y1;
      y1 = t;
   }
   const float xs[4] = { x0, x1, x1, x0 }, ys[4] = { y0, y0, y1, y1 };
   for (unsigned k = 0; k < 4; k++) {
      struct st_vertex *v = &b->v[b->n++];
      memset(v, 0, sizeof *v);
      v->attr[ST_VATTR_POS][0] = 2.0f * xs[k] / b->fbw - 1.0f;
      v->attr[ST_VATTR_POS][1] = 2.0f * ys[k] / b->fbh - 1.0f;
      v->attr[ST_VATTR_POS][2] = 2.0f * z - 1.0f;
      v->attr[ST_VATTR_POS][3] = 1.0f;
      memcpy(v->attr[ST_VATTR_COLOR], color, 4 * sizeof(float));
      v->attr[ST_VATTR_NORMAL][2] = 1.0f;
      for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
         memcpy(v->attr[ST_VATTR_TEX0 + u], ctx->pix.raster.tex[u], 4 * sizeof(float));
      v->attr[ST_VATTR_COLOR1][3] = 1.0f;
   }
}

/* The enables that would make pixel fragments differ from what GL 2.1
 * asks for through our vertex path (or that we deliberately simplify:
 * texturing and fog, see docs/gl-state-tracker.md). */
static const enum st_cap pixel_off_caps[] = {
   ST_CAP_LIGHTING, ST_CAP_FOG, ST_CAP_CULL_FACE, ST_CAP_NORMALIZE, ST_CAP_RESCALE_NORMAL,
   ST_CAP_CLIP_PLANE0, ST_CAP_CLIP_PLANE0 + 1, ST_CAP_CLIP_PLANE0 + 2,
   ST_CAP_CLIP_PLANE0 + 3, ST_CAP_CLIP_PLANE0 + 4, ST_CAP_CLIP_PLANE0 + 5,
   ST_CAP_TEXTURE_1D, ST_CAP_TEXTURE_2D, ST_CAP_TEXTURE_3D, ST_CAP_TEXTURE_CUBE_MAP,
   ST_CAP_TEXTURE_GEN_S, ST_CAP_TEXTURE_GEN_T, ST_CAP_TEXTURE_GEN_R, ST_CAP_TEXTURE_GEN_Q,
   ST_CAP_POLYGON_STIPPLE, ST_CAP_POLYGON_SMOOTH, ST_CAP_POLYGON_OFFSET_FILL,
   ST_CAP_COLOR_SUM,
};

static void
draw_batch(struct st_context *ctx, struct quad_batch *b)
{
   if (!b->n)
      return;
   struct st_draw_ctx *d = ctx->draw;
   struct st_viewport_attrib vp = ctx->viewport;
   struct st_enable_attrib en = ctx->enable;
   float mv[16], proj[16];
   memcpy(mv, d->mv_stack[d->mv_depth], sizeof mv);
   memcpy(proj, d->proj_stack[d->proj_depth], sizeof proj);
   GLenum pm0 = d->polygon_mode[0], pm1 = d->polygon_mode[1], ff = d->front_face;

   ctx->viewport.x = ctx->viewport.y = 0;
   ctx->viewport.width = (GLsizei)b->fbw;
   ctx->viewport.height = (GLsizei)b->fbh;
   ctx->viewport.near_val = 0.0;
   ctx->viewport.far_val = 1.0;
   ctx->dirty |= ST_NEW_VIEWPORT;
   for (unsigned i = 0; i < sizeof pixel_off_caps / sizeof pixel_off_caps[0]; i++) {
      enum st_cap c = pixel_off_caps[i];
      ctx->enable.bits[c / 64] &= ~(1ull << (c % 64));
   }
   memset(d->mv_stack[d->mv_depth], 0, sizeof mv);
   memset(d->proj_stack[d->proj_depth], 0, sizeof proj);
   for (unsigned i = 0; i < 4; i++)
      d->mv_stack[d->mv_depth][i * 5] = d->proj_stack[d->proj_depth][i * 5] = 1.0f;
   d->polygon_mode[0] = d->polygon_mode[1] = GL_FILL;
   d->front_face = GL_CCW;   /* the quads are counter-clockwise: front-facing */

   bool tex_suppress = ctx->tex.suppress;
   ctx->tex.suppress = true;   /* texture enables are per unit (st_texture.c), not in ctx->enable */
   /* pixel colours follow the fragment colour clamp (ARB_color_buffer_float
    * issue 6), also through the vertex stage these quads pass */
   GLenum vclamp = ctx->clamp.vertex;
   ctx->clamp.vertex = ctx->clamp.fragment;
   st_draw_vertices(ctx, GL_QUADS, b->v, b->n);
   ctx->clamp.vertex = vclamp;
   ctx->tex.suppress = tex_suppress;

   d->front_face = ff;
   d->polygon_mode[0] = pm0;
   d->polygon_mode[1] = pm1;
   memcpy(d->mv_stack[d->mv_depth], mv, sizeof mv);
   memcpy(d->proj_stack[d->proj_depth], proj, sizeof proj);
   ctx->enable = en;
   ctx->viewport = vp;
   ctx->dirty |= ST_NEW_VIEWPORT;
   b->n = 0;
}

static bool
batch_begin(struct st_context *ctx, struct quad_batch *b)
{
   memset(b, 0, sizeof *b);
   st_validate(ctx, ST_NEW_FRAMEBUFFER);
   struct st_fb_info info;
   if (!st_fb_check_draw(ctx, &info, "pixel rectangle"))
      return false;
   if (!info.width || !info.height)
      return false;
   b->fbw = (float)info.width;
   b->fbh = (float)info.height;
   b->max = BATCH_VERTS;
   b->v = malloc(b->max * sizeof *b->v);
   if (!b->v) {
      st_error(ctx, GL_OUT_OF_MEMORY, "pixel rectangle");
      return false;
   }
   return true;
}

static void
batch_end(struct st_context *ctx, struct quad_batch *b)
{
   draw_batch(ctx, b);
   free(b->v);
   b->v = NULL;
}

/* Pixel (i, j) of a zoomed image covers [x0, x1) x [y0, y1). */
static void
zoom_rect(const struct st_context *ctx, int i0, int i1, int j, float *x0, float *x1,
          float *y0, float *y1)
{
   const struct st_pixel_transfer *t = &ctx->pix.transfer;
   const float *rp = ctx->pix.raster.pos;
   *x0 = rp[0] + t->zoom_x * (float)i0;
   *x1 = rp[0] + t->zoom_x * (float)i1;
   *y0 = rp[1] + t->zoom_y * (float)j;
   *y1 = rp[1] + t->zoom_y * (float)(j + 1);
}

/* --- one textured quad ----------------------------------------------------------
 *
 * The image (after transfer operations) goes into a temporary texture
 * (RGBA32F for colour, R32F for depth) and one quad covers the whole zoomed
 * rectangle.  The fragment shader picks, for the window pixel whose centre
 * is (xc, yc), the image pixel i = floor((xc - rx) / zoom_x) (j likewise),
 * the same rule as the CPU paths, and fetches it with NEAREST filtering at
 * its texel centre.  Colour images output the texel, which the
 * rasterizer's clamp_fragment_color clamps under fragment colour clamping
 * (GL 2.1's "final conversion" as ARB_color_buffer_float changes it);
 * depth images output the raster colour and write the texel as fragment
 * depth.
 */

#define PIX_CBUF 1   /* fragment constant buffer of the pixel shaders */

enum { PIX_CB_RASTER, PIX_CB_SIZE, PIX_CB_SIGN, PIX_CB_COLOR, PIX_CB_SLOTS };

static struct ir_shader *
pix_fs_generate(bool depth)
{
   struct ff_gen gen;
   struct ff_gen *g = &gen;
   ff_gen_begin(g, IR_STAGE_FRAGMENT);
   struct ir_builder *b = &g->b;
   struct ir_var *cb = ir_var_create(g->s, IR_VAR_UNIFORM, ir_type_make(IR_FLOAT, 4),
                                     PIX_CB_SLOTS, "pix");
   cb->cbuf = PIX_CBUF;
   cb->offset = 0;
   struct ir_var *fc_in = ff_gen_input(g, "frag_coord", 4, IR_SEM_FRAG_COORD, 0);
   struct ir_var *smp = ir_var_create(g->s, IR_VAR_SAMPLER, ir_type_make(IR_FLOAT, 4), 0,
                                      "image");
   smp->target = IR_TEX_2D;
   smp->binding = 0;

   struct ir_instr *fc = ff_swz(g, ir_build_load_var(b, fc_in, NULL, 0), "xy");
   struct ir_instr *rp = ir_build_load_var(b, cb, NULL, PIX_CB_RASTER);
   struct ir_instr *sz = ir_build_load_var(b, cb, NULL, PIX_CB_SIZE);
   /* image pixel of this fragment: with v = (centre - raster) / zoom,
    * floor(v) for a positive zoom and ceil(v) - 1 for a negative one (a
    * centre on a boundary belongs to the pixel on its right / above, as
    * the rasterizer's rule gives for separate rectangles), i.e.
    * s floor(s v) + o with s = sign(zoom), o = min(s, 0); clamped against
    * rounding at the image edges */
   struct ir_instr *sg = ir_build_load_var(b, cb, NULL, PIX_CB_SIGN);
   struct ir_instr *v = ir_build_fdiv(b, ir_build_fsub(b, fc, ff_swz(g, rp, "xy")),
                                      ff_swz(g, rp, "zw"));
   struct ir_instr *s2 = ff_swz(g, sg, "xy");
   struct ir_instr *ij = ir_build_fadd(b, ir_build_fmul(b, s2, ir_build_ffloor(b, ir_build_fmul(b, s2, v))),
                                       ff_swz(g, sg, "zw"));
   ij = ir_build_fclamp(b, ij, ff_vimm(g, 2, 0.0f), ff_swz(g, sz, "xy"));
   struct ir_instr *uv = ir_build_fmul(b, ir_build_fadd(b, ij, ff_vimm(g, 2, 0.5f)),
                                       ff_swz(g, sz, "zw"));
   enum ir_tex_src kinds[1] = { IR_TEX_SRC_COORD };
   struct ir_instr *srcs[1] = { uv };
   struct ir_instr *texel = ir_build_tex(b, IR_OP_tex, ir_type_make(IR_FLOAT, 4), smp, kinds,
                                         srcs, 1);
   struct ir_var *out = ff_gen_output(g, "frag_color", 4, 0, IR_SEM_GENERIC,
                                      FF_FRAG_COLOR_LOCATION);
   if (depth) {
      ir_build_store_var(b, out, NULL, 0, ir_build_load_var(b, cb, NULL, PIX_CB_COLOR));
      struct ir_var *zout = ff_gen_output(g, "frag_depth", 1, 0, IR_SEM_FRAG_DEPTH, 0);
      ir_build_store_var(b, zout, NULL, 0, ff_chan(g, texel, 0));
   } else {
      ir_build_store_var(b, out, NULL, 0, texel);
   }
   ff_gen_finish(g);
   return g->s;
}

static void *
pix_fs(struct st_context *ctx, bool depth)
{
   struct st_draw_ctx *d = ctx->draw;
   unsigned k = depth ? 1 : 0;
   if (!d->pix_fs[k]) {
      if (!d->pix_fs_ir[k])
         d->pix_fs_ir[k] = pix_fs_generate(depth);
      struct pipe_shader_state templ;
      memset(&templ, 0, sizeof templ);
      templ.type = PIPE_SHADER_IR_PONY;
      templ.ir = d->pix_fs_ir[k];
      d->pix_fs[k] = ctx->pipe->create_fs_state(ctx->pipe, &templ);
   }
   return d->pix_fs[k];
}

/* Draw a w x h image of `comps` floats per pixel (4: colour, 1: depth) as
 * one textured quad; false if this path cannot (the caller falls back to
 * the quads-per-run path). */
static bool
draw_textured(struct st_context *ctx, int w, int h, unsigned comps, const float *data)
{
   struct pipe_context *pipe = ctx->pipe;
   struct pipe_screen *screen = ctx->screen;
   enum pipe_format fmt = comps == 4 ? PIPE_FORMAT_R32G32B32A32_FLOAT : PIPE_FORMAT_R32_FLOAT;
   if (w <= 0 || h <= 0 || w > ctx->caps.max_texture_size || h > ctx->caps.max_texture_size ||
       h > 65535 || !pipe->create_sampler_view || !pipe->create_sampler_state ||
       !pipe->set_sampler_views || !pipe->bind_sampler_states || !pipe->texture_subdata ||
       !pipe->create_fs_state || !screen->resource_create ||
       (screen->is_format_supported &&
        !screen->is_format_supported(screen, fmt, PIPE_TEXTURE_2D, 0, PIPE_BIND_SAMPLER_VIEW)))
      return false;
   if (ctx->draw->select.render_mode != GL_RENDER)
      return false;   /* selection/feedback: the quads path (which produces nothing) */
   void *fs = pix_fs(ctx, comps == 1);
   if (!fs)
      return false;

   struct pipe_resource templ;
   memset(&templ, 0, sizeof templ);
   templ.target = PIPE_TEXTURE_2D;
   templ.format = fmt;
   templ.width0 = (unsigned)w;
   templ.height0 = (uint16_t)h;
   templ.depth0 = 1;
   templ.array_size = 1;
   templ.usage = PIPE_USAGE_STREAM;
   templ.bind = PIPE_BIND_SAMPLER_VIEW;
   struct pipe_resource *res = screen->resource_create(screen, &templ);
   if (!res)
      return false;
   struct pipe_box box = { 0, 0, 0, w, h, 1 };
   pipe->texture_subdata(pipe, res, 0, PIPE_MAP_WRITE, &box, data,
                         (unsigned)w * comps * (unsigned)sizeof(float), 0);

   struct pipe_sampler_view vt;
   memset(&vt, 0, sizeof vt);
   vt.format = fmt;
   vt.target = PIPE_TEXTURE_2D;
   vt.swizzle_r = PIPE_SWIZZLE_X;
   vt.swizzle_g = PIPE_SWIZZLE_Y;
   vt.swizzle_b = PIPE_SWIZZLE_Z;
   vt.swizzle_a = PIPE_SWIZZLE_W;
   struct pipe_sampler_view *view = pipe->create_sampler_view(pipe, res, &vt);
   struct pipe_sampler_state ss;
   memset(&ss, 0, sizeof ss);
   ss.wrap_s = ss.wrap_t = ss.wrap_r = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   ss.min_img_filter = ss.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
   ss.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
   ss.normalized_coords = 1;
   void *sampler = view ? pipe->create_sampler_state(pipe, &ss) : NULL;
   bool ok = false;
   struct quad_batch b;
   if (view && sampler && batch_begin(ctx, &b)) {
      const struct st_pixel_transfer *t = &ctx->pix.transfer;
      const float *rp = ctx->pix.raster.pos;
      float consts[PIX_CB_SLOTS][4] = {
         { rp[0], rp[1], t->zoom_x, t->zoom_y },
         { (float)(w - 1), (float)(h - 1), 1.0f / (float)w, 1.0f / (float)h },
         { t->zoom_x < 0.0f ? -1.0f : 1.0f, t->zoom_y < 0.0f ? -1.0f : 1.0f,
           t->zoom_x < 0.0f ? -1.0f : 0.0f, t->zoom_y < 0.0f ? -1.0f : 0.0f },
         { 0, 0, 0, 0 },
      };
      memcpy(consts[PIX_CB_COLOR], ctx->pix.raster.color, sizeof consts[PIX_CB_COLOR]);
      struct st_draw_fs_override ov = { fs, view, sampler, PIX_CBUF, consts, sizeof consts };
      float x0, x1, y0, y1;
      zoom_rect(ctx, 0, w, 0, &x0, &x1, &y0, &y1);
      y1 = rp[1] + t->zoom_y * (float)h;
      /* the vertex z only matters for colour images (depth comes from the shader) */
      emit_quad(ctx, &b, x0, y0, x1, y1, rp[2], ctx->pix.raster.color);
      ctx->draw->fs_override = &ov;
      batch_end(ctx, &b);
      ctx->draw->fs_override = NULL;
      ok = true;
   } else if (view && sampler) {
      ok = true;   /* batch_begin raised the error or there is nothing to draw */
   }
   if (sampler)
      pipe->delete_sampler_state(pipe, sampler);
   pipe_sampler_view_reference(&view, NULL);
   pipe_resource_reference(&res, NULL);
   return ok;
}

void
st_drawpix_rgba(struct st_context *ctx, int w, int h, const float (*rgba)[4])
{
   if (ctx->pix.transfer.zoom_x != 0.0f && ctx->pix.transfer.zoom_y != 0.0f &&
       draw_textured(ctx, w, h, 4, &rgba[0][0]))
      return;
   struct quad_batch b;
   if (!batch_begin(ctx, &b))
      return;
   float z = ctx->pix.raster.pos[2];
   for (int j = 0; j < h; j++) {
      const float (*row)[4] = rgba + (size_t)j * (size_t)w;
      int i = 0;
      while (i < w) {
         int e = i + 1;
         while (e < w && !memcmp(row[e], row[i], sizeof row[i]))
            e++;
         float x0, x1, y0, y1;
         zoom_rect(ctx, i, e, j, &x0, &x1, &y0, &y1);
         emit_quad(ctx, &b, x0, y0, x1, y1, z, row[i]);
         i = e;
      }
   }
   batch_end(ctx, &b);
}

void
st_drawpix_depth(struct st_context *ctx, int w, int h, const float *zs)
{
   if (ctx->pix.transfer.zoom_x != 0.0f && ctx->pix.transfer.zoom_y != 0.0f &&
       draw_textured(ctx, w, h, 1, zs))
      return;
   struct quad_batch b;
   if (!batch_begin(ctx, &b))
      return;
   for (int j = 0; j < h; j++) {
      const float *row = zs + (size_t)j * (size_t)w;
      int i = 0;
      while (i < w) {
         int e = i + 1;
         while (e < w && row[e] == row[i])
            e++;
         float x0, x1, y0, y1;
         zoom_rect(ctx, i, e, j, &x0, &x1, &y0, &y1);
         emit_quad(ctx, &b, x0, y0, x1, y1, row[i], ctx->pix.raster.color);
         i = e;
      }
   }
   batch_end(ctx, &b);
}

void
st_drawpix_bitmap(struct st_context *ctx, int x, int y, int w, int h, const uint8_t *bits)
{
   struct quad_batch b;
   if (!batch_begin(ctx, &b))
      return;
   float z = ctx->pix.raster.pos[2];
   for (int j = 0; j < h; j++) {
      const uint8_t *row = bits + (size_t)j * (size_t)w;
      int i = 0;
      while (i < w) {
         if (!row[i]) {
            i++;
            continue;
         }
         int e = i + 1;
         while (e < w && row[e])
            e++;
         emit_quad(ctx, &b, (float)(x + i), (float)(y + j), (float)(x + e), (float)(y + j + 1),
                   z, ctx->pix.raster.color);
         i = e;
      }
   }
   batch_end(ctx, &b);
}

/* --- the CPU paths ----------------------------------------------------------- */

/* v rounded down to an integer, clamped far outside any image or window
 * (a float beyond long's range must not reach the conversion); NaN gives
 * a value outside too. */
static long
floor_clamped(double v)
{
   const double lim = 1099511627776.0;   /* 2^40 */
   if (!(v > -lim))
      return -(long)lim;
   return v > lim ? (long)lim : (long)floor(v);
}

/* Window pixels whose centres lie in [a, b) (either order). */
static void
center_span(float a, float b, long *lo, long *hi)
{
   if (a > b) {
      float t = a;
      a = b;
      b = t;
   }
   *lo = -floor_clamped(-((double)a - 0.5));   /* ceil */
   *hi = -floor_clamped(-((double)b - 0.5));
}

/* Write stencil indices (depth false) or depth values (depth true) of a
 * w x h image at the raster position with zoom, honouring the ownership
 * test, the scissor box and the stencil / depth writemask. */
static void
cpu_write(struct st_context *ctx, bool depth, int w, int h, const void *data)
{
   st_validate(ctx, ST_NEW_FRAMEBUFFER);
   struct st_fb_info info;
   if (!st_fb_check_draw(ctx, &info, "pixel rectangle"))
      return;
   struct st_fb_buffer buf;
   bool have = depth ? st_fb_draw_depth(ctx, &buf) : st_fb_draw_stencil(ctx, &buf);
   if (!have || !buf.res || !w || !h || (depth && !ctx->depth.mask))
      return;
   long fw = info.width < buf.width ? info.width : buf.width;
   long fh = info.height < buf.height ? info.height : buf.height;
   /* destination bounds: the zoomed image, the buffer, the scissor box */
   long bx0, bx1, by0, by1;
   const struct st_pixel_transfer *t = &ctx->pix.transfer;
   const float *rp = ctx->pix.raster.pos;
   center_span(rp[0], rp[0] + t->zoom_x * (float)w, &bx0, &bx1);
   center_span(rp[1], rp[1] + t->zoom_y * (float)h, &by0, &by1);
   long cx0 = 0, cy0 = 0, cx1 = fw, cy1 = fh;
   if (st_is_enabled(ctx, ST_CAP_SCISSOR_TEST)) {
      cx0 = ctx->scissor.x > 0 ? ctx->scissor.x : 0;
      cy0 = ctx->scissor.y > 0 ? ctx->scissor.y : 0;
      long sx1 = (long)ctx->scissor.x + ctx->scissor.width;
      long sy1 = (long)ctx->scissor.y + ctx->scissor.height;
      if (sx1 < cx1) cx1 = sx1;
      if (sy1 < cy1) cy1 = sy1;
   }
   if (bx0 < cx0) bx0 = cx0;
   if (by0 < cy0) by0 = cy0;
   if (bx1 > cx1) bx1 = cx1;
   if (by1 > cy1) by1 = cy1;
   if (bx0 >= bx1 || by0 >= by1)
      return;
   unsigned n = (unsigned)(bx1 - bx0);
   uint8_t *sbuf = malloc(n);
   float *zbuf = malloc((size_t)n * sizeof *zbuf);
   if (!sbuf || !zbuf) {
      free(zbuf);
      st_error(ctx, GL_OUT_OF_MEMORY, "pixel rectangle");
      return;
   }
   struct pipe_transfer *xfer = NULL;
   struct pipe_box box;
   st_fb_box(&buf, (int)bx0, (int)by0, (int)n, (int)(by1 - by0), &box);
   uint8_t *map = ctx->pipe->texture_map(ctx->pipe, buf.res, buf.level, PIPE_MAP_READ_WRITE,
                                         &box, &xfer);
   if (!map) {
      free(sbuf);
      free(zbuf);
      st_error(ctx, GL_OUT_OF_MEMORY, "pixel rectangle");
      return;
   }
   enum pipe_format format = buf.format;
   const uint8_t *s = data;
   const float *z = data;
   uint8_t mask = (uint8_t)ctx->stencil.writemask[0];
   for (long y = by0; y < by1; y++) {
      /* source row whose zoomed span holds this pixel centre */
      long j = floor_clamped(((float)y + 0.5f - rp[1]) / t->zoom_y);
      if (j < 0 || j >= h)
         continue;
      size_t row = buf.flip_y ? (size_t)(by1 - 1 - y) : (size_t)(y - by0);
      uint8_t *dst = map + row * xfer->stride;
      if (depth)
         util_format_unpack_z_float(format, zbuf, dst, n);
      else
         util_format_unpack_s_8uint(format, sbuf, dst, n);
      for (long x = bx0; x < bx1; x++) {
         long i = floor_clamped(((float)x + 0.5f - rp[0]) / t->zoom_x);
         if (i < 0 || i >= w)
            continue;
         size_t k = (size_t)j * (size_t)w + (size_t)i;
         if (depth) {
            zbuf[x - bx0] = z[k];
         } else {
            uint8_t *o = &sbuf[x - bx0];
            *o = (uint8_t)((*o & ~mask) | (s[k] & mask));
         }
      }
      /* packing depth into a combined format keeps the stencil bits, and
       * the other way round */
      if (depth)
         util_format_pack_z_float(format, dst, zbuf, n);
      else
         util_format_pack_s_8uint(format, dst, sbuf, n);
   }
   ctx->pipe->texture_unmap(ctx->pipe, xfer);
   free(sbuf);
   free(zbuf);
   st_fb_draw_written(ctx);
}

void
st_drawpix_stencil(struct st_context *ctx, int w, int h, const uint8_t *s)
{
   cpu_write(ctx, false, w, h, s);
}

void
st_drawpix_depth_direct(struct st_context *ctx, int w, int h, const float *z)
{
   cpu_write(ctx, true, w, h, z);
}

/* Map a rectangle of one buffer of the read framebuffer. */
static bool
read_rect(struct st_context *ctx, int kind, int x, int y, int w, int h, void *out)
{
   st_validate(ctx, ST_NEW_FRAMEBUFFER);
   struct st_fb_buffer buf;
   bool ok = kind == 0 ? st_fb_read_color(ctx, &buf)
           : kind == 1 ? st_fb_read_depth(ctx, &buf) : st_fb_read_stencil(ctx, &buf);
   if (!ok || !buf.res)
      return false;
   if (x < 0 || y < 0 || (long)x + w > (long)buf.width || (long)y + h > (long)buf.height ||
       w <= 0 || h <= 0)
      return false;
   struct pipe_transfer *xfer = NULL;
   struct pipe_box box;
   st_fb_box(&buf, x, y, w, h, &box);
   const uint8_t *map = ctx->pipe->texture_map(ctx->pipe, buf.res, buf.level, PIPE_MAP_READ,
                                               &box, &xfer);
   if (!map)
      return false;
   for (int j = 0; j < h; j++) {
      size_t row = buf.flip_y ? (size_t)(h - 1 - j) : (size_t)j;
      const uint8_t *src = map + row * xfer->stride;
      size_t o = (size_t)j * (size_t)w;
      if (kind == 0)
         util_format_unpack_rgba_float(buf.format, (float *)out + o * 4, src, (unsigned)w);
      else if (kind == 1)
         util_format_unpack_z_float(buf.format, (float *)out + o, src, (unsigned)w);
      else
         util_format_unpack_s_8uint(buf.format, (uint8_t *)out + o, src, (unsigned)w);
   }
   ctx->pipe->texture_unmap(ctx->pipe, xfer);
   return true;
}

bool
st_readpix_rgba(struct st_context *ctx, int x, int y, int w, int h, float (*rgba)[4])
{
   return read_rect(ctx, 0, x, y, w, h, rgba);
}

bool
st_readpix_depth(struct st_context *ctx, int x, int y, int w, int h, float *z)
{
   return read_rect(ctx, 1, x, y, w, h, z);
}

bool
st_readpix_stencil(struct st_context *ctx, int x, int y, int w, int h, uint8_t *s)
{
   return read_rect(ctx, 2, x, y, w, h, s);
}

/* --- glGet ------------------------------------------------------------------- */

static void
set4(struct st_pixel_get_value *v, int kind, unsigned count, const float *f)
{
   v->kind = kind;
   v->count = count;
   for (unsigned i = 0; i < count; i++)
      v->d[i] = f[i];
}

static void
set1(struct st_pixel_get_value *v, int kind, double d)
{
   v->kind = kind;
   v->count = 1;
   v->d[0] = d;
}

bool
st_pixel_get(struct st_context *ctx, GLenum pname, struct st_pixel_get_value *v)
{
   const struct st_raster_state *r = &ctx->pix.raster;
   const struct st_pixel_transfer *t = &ctx->pix.transfer;
   switch (pname) {
   case GL_CURRENT_RASTER_POSITION: set4(v, ST_PIXGET_FLOAT, 4, r->pos); return true;
   case GL_CURRENT_RASTER_POSITION_VALID: set1(v, ST_PIXGET_BOOL, r->valid); return true;
   case GL_CURRENT_RASTER_COLOR: set4(v, ST_PIXGET_NORM, 4, r->color); return true;
   case GL_CURRENT_RASTER_SECONDARY_COLOR:
      if (ctx->version < 14)
         return false;
      set4(v, ST_PIXGET_NORM, 4, r->secondary);
      return true;
   case GL_CURRENT_RASTER_DISTANCE: set1(v, ST_PIXGET_FLOAT, r->distance); return true;
   case GL_CURRENT_RASTER_INDEX: set1(v, ST_PIXGET_FLOAT, r->index); return true;
   case GL_CURRENT_RASTER_TEXTURE_COORDS: {
      unsigned u = ctx->texture.active_unit < FF_MAX_TEXTURE_UNITS ? ctx->texture.active_unit : 0;
      set4(v, ST_PIXGET_FLOAT, 4, r->tex[u]);
      return true;
   }
   case GL_ZOOM_X: set1(v, ST_PIXGET_FLOAT, t->zoom_x); return true;
   case GL_ZOOM_Y: set1(v, ST_PIXGET_FLOAT, t->zoom_y); return true;
   case GL_RED_SCALE: case GL_GREEN_SCALE: case GL_BLUE_SCALE: case GL_ALPHA_SCALE:
      set1(v, ST_PIXGET_FLOAT,
           t->scale[pname == GL_RED_SCALE ? 0 : pname == GL_GREEN_SCALE ? 1 :
                    pname == GL_BLUE_SCALE ? 2 : 3]);
      return true;
   case GL_RED_BIAS: case GL_GREEN_BIAS: case GL_BLUE_BIAS: case GL_ALPHA_BIAS:
      set1(v, ST_PIXGET_FLOAT,
           t->bias[pname == GL_RED_BIAS ? 0 : pname == GL_GREEN_BIAS ? 1 :
                   pname == GL_BLUE_BIAS ? 2 : 3]);
      return true;
   case GL_DEPTH_SCALE: set1(v, ST_PIXGET_FLOAT, t->depth_scale); return true;
   case GL_DEPTH_BIAS: set1(v, ST_PIXGET_FLOAT, t->depth_bias); return true;
   case GL_INDEX_SHIFT: set1(v, ST_PIXGET_INT, t->index_shift); return true;
   case GL_INDEX_OFFSET: set1(v, ST_PIXGET_INT, t->index_offset); return true;
   case GL_MAP_COLOR: set1(v, ST_PIXGET_BOOL, t->map_color); return true;
   case GL_MAP_STENCIL: set1(v, ST_PIXGET_BOOL, t->map_stencil); return true;
   case GL_MAX_PIXEL_MAP_TABLE: set1(v, ST_PIXGET_INT, ST_MAX_PIXEL_MAP); return true;
   default:
      if (pname >= GL_PIXEL_MAP_I_TO_I_SIZE && pname <= GL_PIXEL_MAP_A_TO_A_SIZE) {
         set1(v, ST_PIXGET_INT, ctx->pix.maps.size[pname - GL_PIXEL_MAP_I_TO_I_SIZE]);
         return true;
      }
      return false;
   }
}
