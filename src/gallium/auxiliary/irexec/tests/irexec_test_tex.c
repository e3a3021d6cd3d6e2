/*
 * Texture instructions through a fake sampler that records every request:
 * the request fields (op, target, unit, lane mask, coordinates with
 * projection applied, LOD mode, implicit derivatives across the quad,
 * explicit lod/bias/gradients, offsets, compare, sample, gather component)
 * and how results come back into the shader (float/int texels, shadow
 * scalar, txs/query_levels through the size callbacks).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irexec_test_util.h"

static struct irexec_test_state ts;

#define MAX_REQ 16

struct fake {
   unsigned num;
   struct irexec_tex_request req[MAX_REQ];
   unsigned size_calls;
   int32_t size_lod[8];
   unsigned size_unit;
   enum ir_tex_target size_target;
};

/* texel value returned to lane l for call k, component c */
static float
texel_f(unsigned k, unsigned l, unsigned c)
{
   return (float)(100 * k + 10 * l + c);
}

static void
fake_sample(void *priv, const struct irexec_tex_request *req, union irexec_texel out[4])
{
   struct fake *f = priv;
   unsigned k = f->num;
   if (f->num < MAX_REQ)
      f->req[f->num++] = *req;
   for (unsigned l = 0; l < 4; l++)
      for (unsigned c = 0; c < 4; c++) {
         if (req->result_base == IR_FLOAT)
            out[l].f[c] = texel_f(k, l, c);
         else
            out[l].i[c] = (int32_t)(100 * k + 10 * l + c);
      }
}

static void
fake_size(void *priv, unsigned unit, enum ir_tex_target target, int32_t lod, int32_t out[4])
{
   struct fake *f = priv;
   if (f->size_calls < 8)
      f->size_lod[f->size_calls] = lod;
   f->size_calls++;
   f->size_unit = unit;
   f->size_target = target;
   out[0] = 64 >> (lod & 7);
   out[1] = 32 >> (lod & 7);
   out[2] = 6;
   out[3] = 99;
}

static int32_t
fake_levels(void *priv, unsigned unit, enum ir_tex_target target)
{
   (void)priv;
   (void)target;
   return (int32_t)unit + 5;
}

static int32_t
fake_samples(void *priv, unsigned unit, enum ir_tex_target target)
{
   (void)priv;
   return 10 * (int32_t)unit + (target == IR_TEX_2D_MS ? 4 : 8);
}

static struct irexec_sampler_iface
fake_iface(struct fake *f)
{
   struct irexec_sampler_iface si = { fake_sample, fake_size, fake_levels, fake_samples, f };
   return si;
}

static void
quad_coords(float fc[4][4], float x0, float y0)
{
   for (unsigned l = 0; l < 4; l++) {
      fc[l][0] = x0 + (float)(l & 1) + 0.5f;
      fc[l][1] = y0 + (float)(l >> 1) + 0.5f;
      fc[l][2] = 0.5f;
      fc[l][3] = 1.0f;
   }
}

static bool
near(float a, float b)
{
   return fabsf(a - b) <= 1e-6f * (fabsf(b) > 1.0f ? fabsf(b) : 1.0f);
}

/* fragment shader: implicit derivatives, bias + offset, projection +
 * compare, lod query, gather, a lookup in a divergent branch */
static void
test_fragment(void)
{
   struct irexec_program *p = irexec_test_program(
      "shader fragment\n"
      "input vec4 @fc semantic frag_coord\n"
      "input float @q location 0\n"
      "output vec4 @t0 location 0\n"
      "output vec4 @t1 location 1\n"
      "output float @t2 location 2\n"
      "output vec2 @t3 location 3\n"
      "output vec4 @t4 location 4\n"
      "output vec4 @t5 location 5\n"
      "sampler 2d float @s binding 3\n"
      "sampler 2d float shadow @sh binding 1\n"
      "func void @main() {\n"
      "   %fc = load_input vec4 @fc\n"
      "   %xy = swizzle vec2 %fc.xy\n"
      "   %k = const vec2 0.125, 0.25\n"
      "   %uv = fmul vec2 %xy, %k\n"               /* ddx = (0.125, 0), ddy = (0, 0.25) */
      "   %a = tex vec4 @s, coord %uv\n"
      "   store_output @t0, %a\n"
      "   %xx = fmul vec2 %xy, %xy\n"              /* ddx of x^2 differs per row... per lane */
      "   %b = const float -1.5\n"
      "   %off = const ivec2 2, -3\n"
      "   %t = txb vec4 @s, coord %xx, bias %b, offset %off\n"
      "   store_output @t1, %t\n"
      "   %q = load_input float @q\n"
      "   %z = swizzle float %fc.z\n"
      "   %sh = tex float @sh, coord %uv, compare %z, proj %q\n"
      "   store_output @t2, %sh\n"
      "   %l = lod vec2 @s, coord %uv\n"
      "   store_output @t3, %l\n"
      "   %g = tg4 vec4 @s, coord %uv, comp 2\n"
      "   store_output @t4, %g\n"
      "   %x = swizzle float %fc.x\n"
      "   %lim = const float 11.0\n"
      "   %left = flt bool %x, %lim\n"
      "   if %left {\n"
      "      %d = tex vec4 @s, coord %xx\n"
      "      store_output @t5, %d\n"
      "   }\n"
      "}\n");
   if (!p) {
      ts.failures++;
      return;
   }
   CHECK(&ts, irexec_samplers_used(p) == ((1u << 3) | (1u << 1)), "samplers_used 0x%x",
         irexec_samplers_used(p));
   struct fake f;
   memset(&f, 0, sizeof(f));
   struct irexec_sampler_iface si = fake_iface(&f);
   struct irexec_env env;
   memset(&env, 0, sizeof(env));
   env.sampler = &si;
   float fc[4][4], in[8][4], out[24][4];
   quad_coords(fc, 10, 20);
   memset(in, 0, sizeof(in));
   const float qs[4] = { 2.0f, 4.0f, 0.5f, 1.0f };
   for (unsigned l = 0; l < 4; l++)
      in[l * 2 + 1][0] = qs[l];
   CHECK(&ts, irexec_run_fragment_quad(p, &env, (const float(*)[4])in, 0x7, true,
                                       (const float(*)[4])fc, out, NULL), "tex: run");
   CHECK(&ts, f.num == 6, "tex: %u sample calls, want 6", f.num);
   if (f.num != 6) {
      irexec_destroy(p);
      return;
   }

   /* 0: tex, implicit derivatives */
   const struct irexec_tex_request *r = &f.req[0];
   CHECK(&ts, r->op == IR_OP_tex && r->target == IR_TEX_2D && r->unit == 3 && !r->shadow &&
                 r->result_base == IR_FLOAT && r->lane_mask == 0xf && !r->projected &&
                 !r->has_offset && !r->has_compare && r->lod_mode == IREXEC_LOD_DERIVATIVES,
         "tex: request header (op %d unit %u mask %x mode %d)", r->op, r->unit, r->lane_mask,
         r->lod_mode);
   for (unsigned l = 0; l < 4; l++) {
      CHECK(&ts, r->coord[l].f[0] == fc[l][0] * 0.125f && r->coord[l].f[1] == fc[l][1] * 0.25f,
            "tex: coord lane %u", l);
      CHECK(&ts, r->ddx[l][0] == 0.125f && r->ddx[l][1] == 0.0f && r->ddy[l][0] == 0.0f &&
                    r->ddy[l][1] == 0.25f,
            "tex: derivatives lane %u (%g %g / %g %g)", l, r->ddx[l][0], r->ddx[l][1], r->ddy[l][0],
            r->ddy[l][1]);
      CHECK(&ts, r->bias[l] == 0.0f, "tex: bias not 0");
      for (unsigned c = 0; c < 4; c++)
         CHECK(&ts, out[l * 6][c] == texel_f(0, l, c), "tex: result lane %u comp %u", l, c);
   }

   /* 1: txb with offset, derivatives of x^2 / y^2 per row / column */
   r = &f.req[1];
   CHECK(&ts, r->op == IR_OP_txb && r->lod_mode == IREXEC_LOD_DERIVATIVES && r->has_offset,
         "txb: header");
   for (unsigned l = 0; l < 4; l++) {
      float x = fc[l & 2][0], y = fc[l & 1][1];
      CHECK(&ts, r->bias[l] == -1.5f && r->offset[l][0] == 2 && r->offset[l][1] == -3,
            "txb: bias/offset lane %u", l);
      CHECK(&ts, r->ddx[l][0] == (x + 1) * (x + 1) - x * x && r->ddx[l][1] == 0.0f,
            "txb: ddx lane %u = %g", l, r->ddx[l][0]);
      CHECK(&ts, r->ddy[l][1] == (y + 1) * (y + 1) - y * y && r->ddy[l][0] == 0.0f,
            "txb: ddy lane %u = %g", l, r->ddy[l][1]);
   }

   /* 2: projective shadow lookup */
   r = &f.req[2];
   CHECK(&ts, r->op == IR_OP_tex && r->shadow && r->unit == 1 && r->projected && r->has_compare,
         "shadow: header");
   for (unsigned l = 0; l < 4; l++) {
      float u = fc[l][0] * 0.125f / qs[l], v = fc[l][1] * 0.25f / qs[l];
      CHECK(&ts, near(r->coord[l].f[0], u) && near(r->coord[l].f[1], v), "shadow: coord lane %u", l);
      CHECK(&ts, near(r->compare[l], 0.5f / qs[l]), "shadow: compare lane %u = %g", l, r->compare[l]);
      CHECK(&ts, out[l * 6 + 2][0] == texel_f(2, l, 0) && out[l * 6 + 2][1] == 0.0f,
            "shadow: result lane %u", l);
   }
   /* implicit derivatives of the projected coordinates (lane 1 - lane 0) */
   float u0 = fc[0][0] * 0.125f / qs[0], u1 = fc[1][0] * 0.125f / qs[1];
   CHECK(&ts, near(r->ddx[0][0], u1 - u0), "shadow: ddx of projected coords %g want %g",
         r->ddx[0][0], u1 - u0);

   /* 3: lod query, 4: gather */
   CHECK(&ts, f.req[3].op == IR_OP_lod && f.req[3].lod_mode == IREXEC_LOD_DERIVATIVES, "lod: header");
   CHECK(&ts, out[3][0] == texel_f(3, 0, 0) && out[3][1] == texel_f(3, 0, 1) && out[3][2] == 0.0f,
         "lod: vec2 result");
   CHECK(&ts, f.req[4].op == IR_OP_tg4 && f.req[4].gather_comp == 2 &&
                 f.req[4].lod_mode == IREXEC_LOD_EXPLICIT && f.req[4].lod[0] == 0.0f,
         "tg4: header");

   /* 5: inside a branch taken by lanes 0 and 2 only; derivatives still
    * use all four lanes' coordinates */
   r = &f.req[5];
   CHECK(&ts, r->lane_mask == 0x5, "branch: lane mask 0x%x want 0x5", r->lane_mask);
   CHECK(&ts, r->ddx[0][0] == fc[1][0] * fc[1][0] - fc[0][0] * fc[0][0], "branch: ddx from lane 1");
   for (unsigned l = 0; l < 4; l++) {
      float want = (l & 1) ? 0.0f : texel_f(5, l, 0);   /* t5 never written in lanes 1, 3 */
      CHECK(&ts, out[l * 6 + 5][0] == want, "branch: lane %u result %g want %g", l, out[l * 6 + 5][0],
            want);
   }

   /* without a sampler, results are 0 */
   env.sampler = NULL;
   CHECK(&ts, irexec_run_fragment_quad(p, &env, (const float(*)[4])in, 0xf, true,
                                       (const float(*)[4])fc, out, NULL), "tex: run without sampler");
   CHECK(&ts, out[0][0] == 0.0f && out[7][3] == 0.0f, "tex: no sampler gives 0");
   irexec_destroy(p);
}

/* vertex shader: explicit lod, implicit lod = 0, gradients, texel
 * fetches, int samplers, size queries */
static void
test_vertex(void)
{
   struct irexec_program *p = irexec_test_program(
      "shader vertex\n"
      "input vec4 @a location 0\n"
      "input ivec4 @i location 1\n"
      "output vec4 @o0 location 0\n"
      "output vec4 @o1 location 1\n"
      "output vec4 @o2 location 2\n"
      "output ivec4 @o3 location 3\n"
      "output vec4 @o4 location 4\n"
      "output vec4 @o5 location 5\n"
      "output ivec2 @o6 location 6\n"
      "output int @o7 location 7\n"
      "output int @o8 location 8\n"
      "sampler 3d float @s3 binding 0\n"
      "sampler 2darray int @sa binding 2\n"
      "sampler buffer float @sb binding 4\n"
      "sampler 2dms float @sm binding 5\n"
      "sampler cube float @sc binding 6\n"
      "func void @main() {\n"
      "   %a = load_input vec4 @a\n"
      "   %i = load_input ivec4 @i\n"
      "   %c3 = swizzle vec3 %a.xyz\n"
      "   %lod = swizzle float %a.w\n"
      "   %t0 = txl vec4 @s3, coord %c3, lod %lod\n"
      "   store_output @o0, %t0\n"
      "   %t1 = tex vec4 @s3, coord %c3\n"
      "   store_output @o1, %t1\n"
      "   %dx = const vec3 0.5, 0.25, 0.0\n"
      "   %dy = const vec3 0.0, 1.0, 2.0\n"
      "   %t2 = txd vec4 @sc, coord %c3, ddx %dx, ddy %dy\n"
      "   store_output @o2, %t2\n"
      "   %i3 = swizzle ivec3 %i.xyz\n"
      "   %il = swizzle int %i.w\n"
      "   %t3 = txf ivec4 @sa, coord %i3, lod %il\n"
      "   store_output @o3, %t3\n"
      "   %ix = swizzle int %i.x\n"
      "   %t4 = txf vec4 @sb, coord %ix\n"
      "   store_output @o4, %t4\n"
      "   %i2 = swizzle ivec2 %i.xy\n"
      "   %t5 = txf_ms vec4 @sm, coord %i2, sample %il\n"
      "   store_output @o5, %t5\n"
      "   %t6b = txs ivec3 @s3, lod %il\n"
      "   %t6 = swizzle ivec2 %t6b.xy\n"
      "   %t6x = swizzle ivec2 %t6b.zy\n"
      "   %t6s = iadd ivec2 %t6, %t6x\n"
      "   store_output @o6, %t6s\n"
      "   %t7l = query_levels int @sa\n"
      "   %t7s = query_samples int @sm\n"
      "   %t7 = iadd int %t7l, %t7s\n"
      "   store_output @o7, %t7\n"
      "   %t8 = txs int @sb\n"
      "   store_output @o8, %t8\n"
      "}\n");
   if (!p) {
      ts.failures++;
      return;
   }
   struct fake f;
   memset(&f, 0, sizeof(f));
   struct irexec_sampler_iface si = fake_iface(&f);
   struct irexec_env env;
   memset(&env, 0, sizeof(env));
   env.sampler = &si;
   float in[6][4], out[27][4];
   for (unsigned v = 0; v < 3; v++) {
      for (unsigned c = 0; c < 4; c++) {
         in[v * 2][c] = (float)(v + 1) * 0.5f + (float)c;
         int32_t iv = (int32_t)(v * 10 + c) - 1;
         memcpy(&in[v * 2 + 1][c], &iv, 4);
      }
   }
   CHECK(&ts, irexec_run_vertices(p, &env, 3, (const float(*)[4])in, out), "vertex tex: run");
   CHECK(&ts, f.num == 6, "vertex tex: %u sample calls, want 6", f.num);
   if (f.num != 6) {
      irexec_destroy(p);
      return;
   }
   const struct irexec_tex_request *r = f.req;
   CHECK(&ts, r[0].op == IR_OP_txl && r[0].target == IR_TEX_3D && r[0].lod_mode == IREXEC_LOD_EXPLICIT &&
                 r[0].lane_mask == 0x7,
         "txl: header (mask %x)", r[0].lane_mask);
   CHECK(&ts, r[1].op == IR_OP_tex && r[1].lod_mode == IREXEC_LOD_EXPLICIT, "vs tex: lod mode");
   CHECK(&ts, r[2].op == IR_OP_txd && r[2].target == IR_TEX_CUBE && r[2].lod_mode == IREXEC_LOD_DERIVATIVES &&
                 r[2].unit == 6,
         "txd: header");
   CHECK(&ts, r[3].op == IR_OP_txf && r[3].lod_mode == IREXEC_LOD_INTEGER && r[3].result_base == IR_INT &&
                 r[3].target == IR_TEX_2D_ARRAY,
         "txf: header");
   CHECK(&ts, r[4].op == IR_OP_txf && r[4].lod_mode == IREXEC_LOD_NONE && r[4].target == IR_TEX_BUFFER,
         "txf buffer: header");
   CHECK(&ts, r[5].op == IR_OP_txf_ms && r[5].lod_mode == IREXEC_LOD_NONE, "txf_ms: header");
   for (unsigned v = 0; v < 3; v++) {
      const float *a = in[v * 2];
      int32_t iv[4];
      memcpy(iv, in[v * 2 + 1], 16);
      CHECK(&ts, r[0].lod[v] == a[3] && r[0].coord[v].f[2] == a[2], "txl: lod/coord vertex %u", v);
      CHECK(&ts, r[1].lod[v] == 0.0f && r[1].bias[v] == 0.0f, "vs tex: lod 0");
      CHECK(&ts, r[2].ddx[v][0] == 0.5f && r[2].ddx[v][1] == 0.25f && r[2].ddy[v][2] == 2.0f,
            "txd: gradients vertex %u", v);
      CHECK(&ts, r[3].coord[v].i[0] == iv[0] && r[3].coord[v].i[2] == iv[2] && r[3].ilod[v] == iv[3],
            "txf: coords vertex %u", v);
      CHECK(&ts, r[4].coord[v].i[0] == iv[0] && r[4].coord[v].i[1] == 0, "txf buffer: coord");
      CHECK(&ts, r[5].sample[v] == iv[3] && r[5].coord[v].i[1] == iv[1], "txf_ms: sample/coord");
      for (unsigned c = 0; c < 4; c++) {
         CHECK(&ts, out[v * 9][c] == texel_f(0, v, c), "txl: result");
         int32_t got;
         memcpy(&got, &out[v * 9 + 3][c], 4);
         CHECK(&ts, got == (int32_t)(300 + 10 * v + c), "txf int result vertex %u comp %u: %d", v, c, got);
      }
      int32_t o6[2], o7, o8;
      memcpy(o6, out[v * 9 + 6], 8);
      memcpy(&o7, out[v * 9 + 7], 4);
      memcpy(&o8, out[v * 9 + 8], 4);
      int32_t l = iv[3];
      int32_t w = 64 >> (l & 7), h = 32 >> (l & 7);
      CHECK(&ts, o6[0] == w + 6 && o6[1] == h + h, "txs vertex %u: %d %d want %d %d", v, o6[0], o6[1],
            w + 6, h + h);
      CHECK(&ts, o7 == 2 + 5 + 50 + 4, "query_levels + query_samples: %d", o7);
      CHECK(&ts, o8 == 64, "txs buffer without lod: %d", o8);
   }
   CHECK(&ts, f.size_calls == 3 * 2 && f.size_lod[0] == 2 && f.size_lod[2] == 22 && f.size_lod[3] == 0,
         "size callback calls %u lods %d %d", f.size_calls, f.size_lod[0], f.size_lod[2]);
   irexec_destroy(p);
}

int
main(void)
{
   test_fragment();
   test_vertex();
   printf("irexec_test_tex: %u checks, %u failures\n", ts.checks, ts.failures);
   return ts.failures ? 1 : 0;
}
