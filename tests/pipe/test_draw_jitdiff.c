/*
 * jitpipe against refpipe, byte for byte (suite 'pipe-draw', only built with
 * jitpipe): random states, shaders and primitives drawn through both
 * drivers into identical framebuffers; every colour and depth byte must be
 * the same.  jitpipe's fused fragment functions (docs/jitpipe.md) repeat
 * swpipe's arithmetic, so no tolerance is allowed.
 *
 * The states cover what the fused functions take (8-bit RGBA/BGRA/X
 * colour buffers, Z16 / Z24S8 / Z32F depth, blending with every equation
 * and non-dual-source factor, colour masks, alpha and depth tests, depth
 * writes, colour clamping, depth clamp, the bottom-edge rule, both pixel
 * centre conventions, triangles, lines and points with smooth, flat and
 * noperspective inputs, discard and gl_FragDepth, primitives drawn twice
 * so that equal depths meet every depth function) and a few it leaves to
 * swpipe (stencil, logic ops, a float colour buffer), so both paths and
 * the switches between them are compared.  A case counts only when
 * something was drawn (the pictures differ from the clear).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "scene.h"

#define W 37
#define H 29
#define NUM_FS 4

static const char vs_text[] =
   "shader vertex\n"
   "input vec4 @pos location 0\n"
   "input vec4 @a location 1\n"
   "input vec4 @b location 2\n"
   "output vec4 @opos semantic position\n"
   "output vec4 @oa location 4\n"
   "output vec4 @ob location 5\n"
   "output vec4 @oc location 6\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @pos\n"
   "   store_output @opos, %0\n"
   "   %1 = load_input vec4 @a\n"
   "   store_output @oa, %1\n"
   "   %2 = load_input vec4 @b\n"
   "   store_output @ob, %2\n"
   "   store_output @oc, %1\n"
   "}\n";

/* colour = (a * k + c) * b; discards where a.x > k.w; depth from b.z */
static const char fs_text[] =
   "shader fragment\n"
   "input vec4 @a location 4\n"
   "input vec4 @b location 5 flat\n"
   "input vec4 @c location 6 noperspective\n"
   "uniform vec4 @k cbuf 0 offset 0\n"
   "output vec4 @o location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @a\n"
   "   %1 = load_input vec4 @b\n"
   "   %2 = load_input vec4 @c\n"
   "   %3 = load_uniform vec4 @k\n"
   "   %4 = fmul vec4 %0, %3\n"
   "   %5 = fadd vec4 %4, %2\n"
   "   %6 = fmul vec4 %5, %1\n"
   "   %7 = swizzle float %0.x\n"
   "   %8 = swizzle float %3.w\n"
   "   %9 = flt bool %8, %7\n"
   "   discard_if %9\n"
   "   store_output @o, %6\n"
   "}\n";

static const char fs_depth_text[] =
   "shader fragment\n"
   "input vec4 @a location 4\n"
   "input vec4 @b location 5 flat\n"
   "input vec4 @c location 6 noperspective\n"
   "output vec4 @o location 0\n"
   "output float @depth semantic frag_depth\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @a\n"
   "   %1 = load_input vec4 @c\n"
   "   %2 = fsub vec4 %0, %1\n"
   "   store_output @o, %0\n"
   "   %3 = swizzle float %1.z\n"
   "   store_output @depth, %3\n"
   "}\n";

/* gl_FragCoord and gl_FrontFacing; then gl_FragCoord with the upper-left
 * origin and integer centres (location 3: docs/ir.md) */
static const char fs_fragcoord_text[] =
   "shader fragment\n"
   "input vec4 @a location 4\n"
   "input vec4 @fc semantic frag_coord\n"
   "input bool @ff semantic front_face\n"
   "output vec4 @o location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @fc\n"
   "   %1 = const vec4 0.03, 0.05, 0.7, 0.9\n"
   "   %2 = fmul vec4 %0, %1\n"
   "   %3 = load_input vec4 @a\n"
   "   %4 = fadd vec4 %2, %3\n"
   "   %5 = load_input bool @ff\n"
   "   %6 = b2f float %5\n"
   "   %7 = swizzle float %4.x\n"
   "   %8 = swizzle float %4.y\n"
   "   %9 = swizzle float %4.z\n"
   "   %10 = vec4 vec4 %7, %8, %9, %6\n"
   "   store_output @o, %10\n"
   "}\n";

static const char fs_fragcoord_ul_text[] =
   "shader fragment\n"
   "input vec4 @fc semantic frag_coord location 3\n"
   "output vec4 @o location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @fc\n"
   "   %1 = const vec4 0.031, 0.037, 0.5, 0.25\n"
   "   %2 = fmul vec4 %0, %1\n"
   "   store_output @o, %2\n"
   "}\n";

static uint32_t rng = 12345;

static uint32_t
rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 17;
   rng ^= rng << 5;
   return rng;
}

static float
frand(float lo, float hi)
{
   return lo + (hi - lo) * (float)(rnd() & 0xffffff) / (float)0xffffff;
}

struct state {
   enum pipe_format cformat, zformat;
   struct pipe_blend_state blend;
   struct pipe_depth_stencil_alpha_state dsa;
   struct pipe_rasterizer_state rast;
   float k[4];
   float blend_color[4];
   unsigned shader;        /* which fragment shader (NUM_FS) */
   bool twice;             /* draw the primitives a second time */
   enum pipe_prim_type prim;
   unsigned nverts;
   float verts[12][12];   /* pos, a, b */
   float clear[4];
   double clear_depth;
};

static void
random_state(struct state *st, unsigned i)
{
   static const enum pipe_format cformats[] = {
      PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_B8G8R8X8_UNORM,
      PIPE_FORMAT_R8G8B8X8_UNORM, PIPE_FORMAT_A8R8G8B8_UNORM, PIPE_FORMAT_R32G32B32A32_FLOAT,
   };
   static const enum pipe_format zformats[] = {
      PIPE_FORMAT_NONE, PIPE_FORMAT_Z16_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT,
      PIPE_FORMAT_S8_UINT_Z24_UNORM, PIPE_FORMAT_Z24X8_UNORM, PIPE_FORMAT_Z32_FLOAT,
   };
   memset(st, 0, sizeof *st);
   /* mostly fast-path formats; the float buffer only now and then */
   st->cformat = cformats[rnd() % 5];
   if (i % 11 == 10)
      st->cformat = cformats[5];
   st->zformat = zformats[rnd() % 6];

   scene_blend_defaults(&st->blend);
   struct pipe_rt_blend_state *rt = &st->blend.rt[0];
   rt->blend_enable = rnd() % 2;
   rt->rgb_func = rnd() % 5;
   rt->alpha_func = rnd() % 5;
   /* every factor but the dual-source ones (SRC1_*, which follow) */
   rt->rgb_src_factor = rnd() % (PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE + 1);
   rt->rgb_dst_factor = rnd() % (PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE + 1);
   rt->alpha_src_factor = rnd() % (PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE + 1);
   rt->alpha_dst_factor = rnd() % (PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE + 1);
   rt->colormask = rnd() % 4 ? PIPE_MASK_RGBA : rnd() % 16;
   st->blend.logicop_enable = rnd() % 13 == 0;
   st->blend.logicop_func = rnd() % 16;

   st->dsa.depth_enabled = rnd() % 4 != 0;
   st->dsa.depth_writemask = rnd() % 3 != 0;
   st->dsa.depth_func = rnd() % 8;
   st->dsa.alpha_enabled = rnd() % 4 == 0;
   st->dsa.alpha_func = rnd() % 8;
   st->dsa.alpha_ref_value = frand(0.0f, 1.0f);
   if (rnd() % 9 == 0) {
      st->dsa.stencil[0].enabled = 1;
      st->dsa.stencil[0].func = PIPE_FUNC_ALWAYS;
      st->dsa.stencil[0].zpass_op = PIPE_STENCIL_OP_INCR;
      st->dsa.stencil[0].writemask = 0xff;
      st->dsa.stencil[0].valuemask = 0xff;
   }

   scene_rast_defaults(&st->rast);
   st->rast.clamp_fragment_color = rnd() % 2;
   st->rast.depth_clamp = rnd() % 4 == 0;
   st->rast.bottom_edge_rule = rnd() % 3 == 0;
   st->rast.half_pixel_center = rnd() % 4 != 0;
   st->rast.flatshade_first = rnd() % 2;
   for (unsigned c = 0; c < 4; c++) {
      st->k[c] = frand(-0.5f, 2.0f);
      st->blend_color[c] = frand(-0.2f, 1.2f);
      st->clear[c] = frand(0.0f, 1.0f);
   }
   st->k[3] = frand(0.2f, 1.5f);
   st->clear_depth = frand(0.0f, 1.0f);
   st->shader = rnd() % 7;
   if (st->shader > 3)
      st->shader = 0;
   st->twice = rnd() % 2;

   unsigned kind = rnd() % 6;
   st->prim = kind < 4 ? PIPE_PRIM_TRIANGLES : kind == 4 ? PIPE_PRIM_LINES : PIPE_PRIM_POINTS;
   st->nverts = 12;
   for (unsigned v = 0; v < st->nverts; v++) {
      float w = rnd() % 2 ? 1.0f : frand(0.3f, 3.0f);
      float *p = st->verts[v];
      p[0] = frand(-1.2f, 1.2f) * w;
      p[1] = frand(-1.2f, 1.2f) * w;
      p[2] = frand(-1.1f, 1.1f) * w;
      p[3] = w;
      for (unsigned c = 4; c < 12; c++)
         p[c] = frand(-0.3f, 1.3f);
   }
}

static void
draw_state(struct scene *s, const struct state *st, void *fs)
{
   enum pipe_format cf = st->cformat;
   scene_fb(s, W, H, 1, &cf, st->zformat);
   scene_clear_color(s, st->clear[0], st->clear[1], st->clear[2], st->clear[3]);
   if (st->zformat != PIPE_FORMAT_NONE)
      scene_clear_zs(s, PIPE_CLEAR_DEPTHSTENCIL, st->clear_depth, 3);
   scene_blend(s, &st->blend);
   scene_dsa(s, &st->dsa);
   scene_rast(s, &st->rast);
   struct pipe_blend_color bc;
   memcpy(bc.color, st->blend_color, sizeof bc.color);
   s->ctx->set_blend_color(s->ctx, &bc);
   struct pipe_stencil_ref ref = { { 5, 5 } };
   s->ctx->set_stencil_ref(s->ctx, ref);
   s->ctx->bind_fs_state(s->ctx, fs);
   scene_constants(s, PIPE_SHADER_FRAGMENT, 0, st->k, 16);
   scene_verts(s, &st->verts[0][0], st->nverts, 3);
   scene_draw(s, st->prim, 0, st->nverts);
   if (st->twice) {
      /* the same primitives again with other constants: equal depths, so
       * EQUAL / LEQUAL / GEQUAL / NOTEQUAL decide (multipass rendering) */
      float k2[4] = { st->k[1], st->k[2], st->k[0], st->k[3] };
      scene_constants(s, PIPE_SHADER_FRAGMENT, 0, k2, 16);
      scene_draw(s, st->prim, 0, st->nverts);
   }
}

/* The colour buffer's bytes, then the depth buffer's. */
static uint8_t *
read_all(struct scene *s, const struct state *st, size_t *size)
{
   size_t csize = (size_t)W * H * util_format_get_blocksize(st->cformat);
   size_t zsize = st->zformat == PIPE_FORMAT_NONE
                     ? 0 : (size_t)W * H * util_format_get_blocksize(st->zformat);
   uint8_t *out = calloc(1, csize + zsize + 1);
   uint8_t *c = scene_read_raw(s, s->cbuf[0]);
   if (c && out)
      memcpy(out, c, csize);
   free(c);
   if (zsize && out) {
      uint8_t *z = scene_read_raw(s, s->zs);
      if (z)
         memcpy(out + csize, z, zsize);
      free(z);
   }
   *size = csize + zsize;
   return out;
}

int
main(void)
{
   struct scene ref, jit;

   setenv("PONY_DRIVER", "refpipe", 1);
   scene_init(&ref, "jitdiff");
   setenv("PONY_DRIVER", "jitpipe", 1);
   scene_init(&jit, "jitdiff");
   scene_vs(&ref, vs_text);
   scene_vs(&jit, vs_text);
   const char *texts[NUM_FS] = { fs_text, fs_depth_text, fs_fragcoord_text, fs_fragcoord_ul_text };
   void *fs_ref[NUM_FS], *fs_jit[NUM_FS];
   for (unsigned f = 0; f < NUM_FS; f++) {
      fs_ref[f] = scene_shader(&ref, PIPE_SHADER_FRAGMENT, texts[f], NULL);
      fs_jit[f] = scene_shader(&jit, PIPE_SHADER_FRAGMENT, texts[f], NULL);
   }

   unsigned drawn = 0, cases = 400;
   for (unsigned i = 0; i < cases; i++) {
      struct state st;
      random_state(&st, i);
      scene_case(&jit, "case %u: colour %s, depth %s, prim %u, blend %u", i,
                 util_format_name(st.cformat), util_format_name(st.zformat),
                 (unsigned)st.prim, st.blend.rt[0].blend_enable);
      draw_state(&ref, &st, fs_ref[st.shader]);
      draw_state(&jit, &st, fs_jit[st.shader]);
      size_t na, nb;
      uint8_t *a = read_all(&ref, &st, &na), *b = read_all(&jit, &st, &nb);
      SCHECK(&jit, na == nb && !memcmp(a, b, na), "pictures differ");
      if (na == nb && memcmp(a, b, na)) {
         unsigned shown = 0;
         for (size_t j = 0; j < na && shown < 4; j++) {
            if (a[j] != b[j]) {
               fprintf(stderr, "  byte %zu: refpipe %u, jitpipe %u\n", j, a[j], b[j]);
               shown++;
            }
         }
      }
      /* something drawn: some colour differs from a picture of the clear */
      float *cr = scene_read_rgba(&ref, 0);
      for (unsigned p = 0; cr && p < W * H; p++) {
         if (cr[4 * p] != cr[0] || cr[4 * p + 1] != cr[1]) {
            drawn++;
            break;
         }
      }
      free(cr);
      free(a);
      free(b);
   }
   fprintf(stderr, "jitdiff: %u of %u cases drew something\n", drawn, cases);
   scene_case(&jit, "at least half the cases draw something");
   SCHECK(&jit, drawn >= cases / 2, "only %u of %u cases drew", drawn, cases);
   ref.ctx->bind_fs_state(ref.ctx, NULL);
   jit.ctx->bind_fs_state(jit.ctx, NULL);
   for (unsigned f = 0; f < NUM_FS; f++) {
      ref.ctx->delete_fs_state(ref.ctx, fs_ref[f]);
      jit.ctx->delete_fs_state(jit.ctx, fs_jit[f]);
   }
   scene_finish(&ref);
   return scene_finish(&jit);
}
