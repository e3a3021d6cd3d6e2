/*
 * Fragment system values, texture instructions and function calls through
 * the JIT, compared word for word with irexec at W = 4, 8 and 16.
 *
 * Every shader runs 24 batches with random inputs; fragment batches are
 * W/4 quads, each with its own gl_FragCoord (a 2x2 block at a random
 * pixel, random z and 1/w), its own gl_FrontFacing and its own live mask
 * (irexec one quad at a time, the JIT's discard bits ANDed with the live
 * lanes).  Half of the batches run with a small step budget.  Both sides
 * get a fake sampler (struct fake_sampler) that hashes every field of every
 * request it receives (op, target, unit, lane mask, coordinates, lod, bias,
 * derivatives, offsets, compare, sample, gather component; size and level
 * queries with their arguments) into an order-independent sum, and returns
 * texels computed from the request: the request multisets of the two sides
 * must be equal batch by batch, not just the results.  The texels it
 * writes for lanes outside the lane mask are garbage, which the JIT must
 * drop as irexec does.
 *
 * An optional argument runs one shader by name.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "irexec.h"
#include "pony_jit.h"

static unsigned failures;

#define CHECK(cond, ...)                                                   \
   do {                                                                    \
      if (!(cond)) {                                                       \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);              \
         fprintf(stderr, __VA_ARGS__);                                     \
         fprintf(stderr, "\n");                                            \
         failures++;                                                       \
      }                                                                    \
   } while (0)

/* ---- shaders ---- */

/* gl_FragCoord (as vec4, as raw int bits, its derivatives), gl_FrontFacing
 * as bool, int and float, vertex_id (0 in fragment shaders) and
 * sample_id; an if on the facing, a discard on the coordinates */
static const char *frag_sysvals =
   "shader fragment\n"
   "input vec4 @v location 0\n"
   "input vec4 @fc semantic frag_coord\n"
   "input bool @ff semantic front_face\n"
   "input ivec2 @fci semantic frag_coord\n"
   "input int @ffi semantic front_face\n"
   "input float @fff semantic front_face\n"
   "input int @vid semantic vertex_id\n"
   "input int @sid semantic sample_id\n"
   "input ivec4 @k location 1 flat\n"
   "output vec4 @o0 location 0\n"
   "output vec4 @o1 location 1\n"
   "output ivec4 @o2 location 2\n"
   "output vec4 @o3 location 3\n"
   "func void @main() {\n"
   "   %fc = load_input vec4 @fc\n"
   "   %ff = load_input bool @ff\n"
   "   %v = load_input vec4 @v\n"
   "   if %ff {\n"
   "      %a = fmul vec4 %fc, %v\n"
   "      store_output @o0, %a\n"
   "   } else {\n"
   "      %b = fsub vec4 %fc, %v\n"
   "      store_output @o0, %b\n"
   "   }\n"
   "   %dx = fddx vec4 %fc\n"
   "   %dy = fddy_coarse vec4 %fc\n"
   "   %d = fadd vec4 %dx, %dy\n"
   "   %fw = fwidth vec4 %fc\n"
   "   %d2 = fadd vec4 %d, %fw\n"
   "   store_output @o1, %d2\n"
   "   %fci = load_input ivec2 @fci\n"
   "   %ffi = load_input int @ffi\n"
   "   %vid = load_input int @vid\n"
   "   %sid = load_input int @sid\n"
   "   %x = swizzle int %fci.x\n"
   "   %y = swizzle int %fci.y\n"
   "   %vs = iadd int %vid, %sid\n"
   "   %ints = vec4 ivec4 %x, %y, %ffi, %vs\n"
   "   store_output @o2, %ints\n"
   "   %fff = load_input float @fff\n"
   "   %fx = swizzle float %fc.x\n"
   "   %fw2 = swizzle float %fc.w\n"
   "   %s = fadd float %fx, %fff\n"
   "   %o3 = vec4 vec4 %s, %fw2, %fff, %fx\n"
   "   store_output @o3, %o3\n"
   "   %lim = const float 1000.0\n"
   "   %far = fgt bool %fx, %lim\n"
   "   %nf = bnot bool %ff\n"
   "   %both = band bool %far, %nf\n"
   "   discard_if %both\n"
   "}\n";

/* frag_coord and front_face in a vertex shader are ordinary inputs */
static const char *vert_sysvals =
   "shader vertex\n"
   "input vec4 @fc semantic frag_coord\n"
   "input int @ff semantic front_face\n"
   "input int @vid semantic vertex_id\n"
   "output vec4 @o0 location 0\n"
   "output ivec2 @o1 location 1\n"
   "func void @main() {\n"
   "   %fc = load_input vec4 @fc\n"
   "   store_output @o0, %fc\n"
   "   %ff = load_input int @ff\n"
   "   %vid = load_input int @vid\n"
   "   %i = vec2 ivec2 %ff, %vid\n"
   "   store_output @o1, %i\n"
   "}\n";

/* ---- the fake sampler ---- */

struct fake_sampler {
   uint64_t sum, xsum;      /* order-independent digest of the requests */
   unsigned samples, sizes, levels;
};

static uint64_t
mix64(uint64_t h, uint64_t v)
{
   h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
   h *= 0xff51afd7ed558ccdull;
   return h ^ (h >> 33);
}

static uint64_t
mix_f(uint64_t h, float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return mix64(h, u);
}

static void
fake_digest(struct fake_sampler *fs, uint64_t h)
{
   fs->sum += h;
   fs->xsum ^= mix64(h, 12345);
}

static void
fake_sample(void *priv, const struct irexec_tex_request *req, union irexec_texel out[4])
{
   struct fake_sampler *fs = priv;
   uint64_t h = 1;
   h = mix64(h, req->op);
   h = mix64(h, req->target);
   h = mix64(h, req->shadow);
   h = mix64(h, req->result_base);
   h = mix64(h, req->unit);
   h = mix64(h, req->lane_mask);
   h = mix64(h, req->projected);
   h = mix64(h, req->lod_mode);
   h = mix64(h, req->has_offset);
   h = mix64(h, req->has_compare);
   h = mix64(h, req->gather_comp);
   for (unsigned l = 0; l < 4; l++) {
      for (unsigned c = 0; c < 4; c++)
         h = mix64(h, (uint32_t)req->coord[l].i[c]);
      h = mix_f(h, req->lod[l]);
      h = mix64(h, (uint32_t)req->ilod[l]);
      h = mix_f(h, req->bias[l]);
      for (unsigned c = 0; c < 3; c++) {
         h = mix_f(h, req->ddx[l][c]);
         h = mix_f(h, req->ddy[l][c]);
         h = mix64(h, (uint32_t)req->offset[l][c]);
      }
      h = mix_f(h, req->compare[l]);
      h = mix64(h, (uint32_t)req->sample[l]);
   }
   fake_digest(fs, h);
   fs->samples++;
   /* texels from the request and the lane; garbage outside the mask */
   for (unsigned l = 0; l < 4; l++) {
      uint64_t hl = mix64(h, l);
      for (unsigned c = 0; c < 4; c++) {
         uint64_t v = mix64(hl, c);
         if (!(req->lane_mask & (1u << l)))
            out[l].u[c] = 0xdeadbe00u + c;
         else if (req->result_base == IR_FLOAT)
            out[l].f[c] = (float)(int32_t)(v % 20001) / 64.0f - 150.0f +
                          req->coord[l].f[0] * (req->op == IR_OP_txf ? 0.0f : 1.0f);
         else
            out[l].u[c] = (uint32_t)v;
      }
   }
}

static void
fake_size(void *priv, unsigned unit, enum ir_tex_target target, int32_t lod, int32_t out[4])
{
   struct fake_sampler *fs = priv;
   uint64_t h = mix64(mix64(mix64(2, unit), target), (uint32_t)lod);
   fake_digest(fs, h);
   fs->sizes++;
   for (unsigned c = 0; c < 4; c++)
      out[c] = (int32_t)(mix64(h, c) % 4096) - 8;
}

static int32_t
fake_levels(void *priv, unsigned unit, enum ir_tex_target target)
{
   struct fake_sampler *fs = priv;
   uint64_t h = mix64(mix64(3, unit), target);
   fake_digest(fs, h);
   fs->levels++;
   return (int32_t)(h % 13);
}

/* ---- the comparison ---- */

static uint32_t rng = 24681357u;
static uint32_t
rnd(void)
{
   rng = rng * 1103515245u + 12345u;
   return rng >> 1;
}

static void
compare(unsigned w, const char *name, const char *text)
{
   char err[256];
   struct ir_shader *s = ir_parse(text, err, sizeof(err));
   CHECK(s, "%s: parse: %s", name, err);
   if (!s)
      return;
   char *verr = NULL;
   CHECK(ir_validate(s, &verr), "%s: invalid: %s", name, verr ? verr : "");
   free(verr);
   struct pony_jit *jit = pony_jit_create(w, err, sizeof(err));
   CHECK(jit, "create(%u): %s", w, err);
   struct irexec_program *p = irexec_create(s, err, sizeof(err));
   CHECK(p, "%s: irexec: %s", name, err);
   struct pony_jit_shader *js = NULL;
   enum pony_jit_status st = jit ? pony_jit_compile(jit, s, &js, err, sizeof(err))
                                 : PONY_JIT_ERROR;
   CHECK(st == PONY_JIT_OK, "%s: compile: %s", name, err);
   if (!p || st != PONY_JIT_OK) {
      irexec_destroy(p);
      pony_jit_destroy(jit);
      ir_shader_destroy(s);
      return;
   }
   bool frag = s->stage == IR_STAGE_FRAGMENT;
   const struct irexec_slot *slots;
   unsigned ni = irexec_get_inputs(p, &slots), no = irexec_get_outputs(p, NULL);
   CHECK(ni == pony_jit_shader_num_inputs(js) && no == pony_jit_shader_num_outputs(js),
         "%s: slot counts", name);

   float cb0[64];
   for (unsigned i = 0; i < 64; i++)
      cb0[i] = (float)i * 0.25f - 5.0f;
   struct irexec_env env;
   memset(&env, 0, sizeof(env));
   env.cbufs[0] = (struct irexec_cbuf){ cb0, sizeof(cb0) };
   struct pony_jit_cbuf jcb[PONY_JIT_MAX_CBUFS];
   memset(jcb, 0, sizeof(jcb));
   jcb[0] = (struct pony_jit_cbuf){ cb0, sizeof(cb0), 0 };
   struct fake_sampler fs_ref, fs_jit;
   struct irexec_sampler_iface si_ref = { fake_sample, fake_size, fake_levels, &fs_ref };
   struct irexec_sampler_iface si_jit = { fake_sample, fake_size, fake_levels, &fs_jit };
   env.sampler = &si_ref;
   struct pony_jit_sysvals sv;
   memset(&sv, 0, sizeof(sv));
   sv.sampler = &si_jit;

   float (*in)[4] = calloc((size_t)w * ni, sizeof(*in));
   float (*out)[4] = calloc((size_t)w * no, sizeof(*out));
   uint32_t *jin = calloc((size_t)ni * 4 * w, 4), *jout = calloc((size_t)no * 4 * w, 4);
   float *jfc = calloc((size_t)4 * w, sizeof(float));
   unsigned bad = 0, discards = 0, runaways = 0, tex_calls = 0;
   for (unsigned batch = 0; batch < 24; batch++) {
      bool same = batch % 3 == 2;   /* every lane the same inputs */
      for (unsigned l = 0; l < w; l++)
         for (unsigned sl = 0; sl < ni; sl++)
            for (unsigned c = 0; c < 4; c++) {
               uint32_t v;
               if (same && l) {
                  memcpy(&v, &in[sl][c], 4);
               } else if (slots[sl].base == IR_FLOAT) {
                  float f = (float)((int32_t)(rnd() % 4001) - 2000) / 64.0f;
                  memcpy(&v, &f, 4);
               } else {
                  v = rnd() % 4 ? (uint32_t)(rnd() % 41) - 20u : rnd();
               }
               memcpy(&in[l * ni + sl][c], &v, 4);
               jin[(sl * 4 + c) * w + l] = v;
            }
      /* fragment quads: a 2x2 block at a random pixel (some far right, where
       * the shaders discard), random z and 1/w, random facing, random live
       * lanes (at least one) */
      float fcq[4][4][4];
      bool ffq[4];
      unsigned liveq[4];
      sv.front_facing = 0;
      for (unsigned q = 0; q < w / 4; q++) {
         float x = (float)(rnd() % 1500), y = (float)(rnd() % 1000);
         float z = (float)(rnd() % 1024) / 1024.0f, rw = 1.0f / (float)(1 + rnd() % 50);
         ffq[q] = rnd() % 2;
         liveq[q] = rnd() % 3 ? 0xf : 1 + rnd() % 15;
         for (unsigned l = 0; l < 4; l++) {
            float v4[4] = { x + 0.5f + (float)(l & 1), y + 0.5f + (float)(l >> 1), z, rw };
            for (unsigned c = 0; c < 4; c++) {
               fcq[q][l][c] = v4[c];
               jfc[c * w + 4 * q + l] = v4[c];
            }
            if (ffq[q])
               sv.front_facing |= 1u << (4 * q + l);
         }
      }
      sv.frag_coord = jfc;
      /* half of the batches with a small step budget */
      unsigned budget = batch % 4 >= 2 ? 5 + rnd() % (batch % 8 >= 4 ? 60 : 300) : 0;
      env.max_steps = budget;
      sv.max_steps = budget;
      env.vertex_id_base = (int32_t)(rnd() % 1000);
      env.instance_id = (int32_t)(rnd() % 50);
      sv.vertex_id_base = env.vertex_id_base;
      sv.instance_id = env.instance_id;
      memset(&fs_ref, 0, sizeof(fs_ref));
      memset(&fs_jit, 0, sizeof(fs_jit));

      unsigned want_res = 0, live = 0;
      for (unsigned q = 0; q < w / 4; q++) {
         bool ok;
         if (frag) {
            unsigned dm = 0;
            ok = irexec_run_fragment_quad(p, &env, (const float (*)[4])&in[q * 4 * ni], liveq[q],
                                          ffq[q], (const float (*)[4])fcq[q], &out[q * 4 * no],
                                          &dm);
            want_res |= dm << (4 * q);
            live |= liveq[q] << (4 * q);
         } else {
            env.vertex_id_base = sv.vertex_id_base + (int32_t)(4 * q);
            ok = irexec_run_vertices(p, &env, 4, (const float (*)[4])&in[q * 4 * ni],
                                     &out[q * 4 * no]);
            live |= 0xfu << (4 * q);
         }
         if (!ok)
            want_res |= 1u << (PONY_JIT_RUNAWAY_SHIFT + q);
         runaways += !ok;
         CHECK(ok || budget, "%s: irexec failed", name);
      }
      memset(jout, 0x5a, (size_t)no * 4 * w * 4);
      uint32_t res = pony_jit_shader_func_get(js)(jin, jout, jcb, &sv);
      res &= live | PONY_JIT_RUNAWAY;
      discards += (unsigned)__builtin_popcount(want_res & 0xffffu);
      CHECK(res == want_res, "%s w%u batch %u: result 0x%x, irexec 0x%x", name, w, batch, res,
            want_res);
      CHECK(fs_ref.sum == fs_jit.sum && fs_ref.xsum == fs_jit.xsum &&
               fs_ref.samples == fs_jit.samples && fs_ref.sizes == fs_jit.sizes &&
               fs_ref.levels == fs_jit.levels,
            "%s w%u batch %u: texture requests differ (irexec %u/%u/%u calls, jit %u/%u/%u)",
            name, w, batch, fs_ref.samples, fs_ref.sizes, fs_ref.levels, fs_jit.samples,
            fs_jit.sizes, fs_jit.levels);
      tex_calls += fs_ref.samples + fs_ref.sizes + fs_ref.levels;
      for (unsigned l = 0; l < w; l++)
         for (unsigned sl = 0; sl < no; sl++)
            for (unsigned c = 0; c < 4; c++) {
               uint32_t want, got = jout[(sl * 4 + c) * w + l];
               memcpy(&want, &out[l * no + sl][c], 4);
               if (got != want && bad++ < 5)
                  fprintf(stderr, "%s w%u batch %u lane %u slot %u comp %u: jit 0x%08x irexec 0x%08x\n",
                          name, w, batch, l, sl, c, got, want);
            }
   }
   CHECK(!bad, "%s width %u: %u mismatching words", name, w, bad);
   if (getenv("JIT_TEST_EXT_VERBOSE"))
      printf("%s w%u: %u discarded lanes, %u quads out of steps, %u sampler calls\n", name, w,
             discards, runaways, tex_calls);
   free(in);
   free(out);
   free(jin);
   free(jout);
   free(jfc);
   pony_jit_shader_destroy(js);
   irexec_destroy(p);
   pony_jit_destroy(jit);
   ir_shader_destroy(s);
}

int
main(int argc, char **argv)
{
   const struct {
      const char *name, *text;
   } shaders[] = {
      { "frag_sysvals", frag_sysvals },
      { "vert_sysvals", vert_sysvals },
   };
   const char *only = argc > 1 ? argv[1] : NULL;
   unsigned ran = 0;
   for (unsigned w = 4; w <= 16; w *= 2)
      for (unsigned i = 0; i < sizeof(shaders) / sizeof(shaders[0]); i++)
         if (!only || !strcmp(only, shaders[i].name)) {
            compare(w, shaders[i].name, shaders[i].text);
            ran++;
         }
   CHECK(ran, "no shader named %s", only ? only : "");
   if (!failures)
      printf("jit_test_ext: all passed (%u comparisons)\n", ran);
   return failures ? 1 : 0;
}
