/*
 * ATI fragment shader lowering: shaders described as atifs.h data are
 * lowered, validated and run with irexec (the interpreter refpipe uses)
 * on one quad; every result is compared with a value computed by hand
 * from the extension's rules.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/atifs/atifs.h"
#include "compiler/ir/ir.h"
#include "irexec.h"

static int failures;

#define CHECK(cond, ...)                        \
   do {                                         \
      if (!(cond)) {                            \
         printf("FAIL %s:%d: ", __FILE__, __LINE__); \
         printf(__VA_ARGS__);                   \
         printf("\n");                          \
         failures++;                            \
      }                                         \
   } while (0)

/* Inputs of the run: colours, texture coordinates, fog coordinate,
 * constant buffer. */
struct env {
   float color0[4], color1[4];
   float tex[ATIFS_MAX_TEX_COORDS][4];
   float fog;
   float cbuf[ATIFS_NUM_SLOTS][4];
};

/* The "texture": unit u's texel at (s, t, r) is (s, t, r, u / 8); lookups
 * are recorded so the test can check the coordinates and targets. */
struct tex_log {
   unsigned calls;
   enum ir_tex_target target[8];
   unsigned unit[8];
};

static void
fake_sample(void *priv, const struct irexec_tex_request *req, union irexec_texel out[4])
{
   struct tex_log *log = priv;
   if (log->calls < 8) {
      log->target[log->calls] = req->target;
      log->unit[log->calls] = req->unit;
   }
   log->calls++;
   for (unsigned lane = 0; lane < 4; lane++) {
      out[lane].f[0] = req->coord[lane].f[0];
      out[lane].f[1] = req->coord[lane].f[1];
      out[lane].f[2] = req->coord[lane].f[2];
      out[lane].f[3] = (float)req->unit / 8.0f;
   }
}

/* Lower sh with key, run one quad (every lane the same inputs), return
 * lane 0's colour. */
static bool
run(const struct atifs_shader *sh, const struct atifs_key *key, const struct env *e,
    float out[4], struct tex_log *log)
{
   struct ir_shader *s = atifs_lower(sh, key);
   char *verr = NULL;
   if (!ir_validate(s, &verr)) {
      printf("invalid IR: %s\n", verr ? verr : "");
      free(verr);
      ir_print_shader(s, stdout);
      ir_shader_destroy(s);
      return false;
   }
   char err[256];
   struct irexec_program *p = irexec_create(s, err, sizeof err);
   ir_shader_destroy(s);
   if (!p) {
      printf("irexec: %s\n", err);
      return false;
   }
   const struct irexec_slot *in, *os;
   unsigned nin = irexec_get_inputs(p, &in);
   unsigned nout = irexec_get_outputs(p, &os);
   float inputs[4 * IREXEC_MAX_SLOTS][4], outputs[4 * IREXEC_MAX_SLOTS][4];
   memset(inputs, 0, sizeof inputs);
   for (unsigned lane = 0; lane < 4; lane++)
      for (unsigned i = 0; i < nin; i++) {
         float *d = inputs[lane * nin + i];
         int loc = in[i].location;
         if (loc == ATIFS_VARYING_COLOR0)
            memcpy(d, e->color0, 16);
         else if (loc == ATIFS_VARYING_COLOR1)
            memcpy(d, e->color1, 16);
         else if (loc == ATIFS_VARYING_FOG)
            d[0] = e->fog;
         else if (loc >= ATIFS_VARYING_TEX0 && loc < ATIFS_VARYING_TEX0 + ATIFS_MAX_TEX_COORDS)
            memcpy(d, e->tex[loc - ATIFS_VARYING_TEX0], 16);
      }
   struct irexec_sampler_iface si = { fake_sample, NULL, NULL, NULL, log };
   struct irexec_env env;
   memset(&env, 0, sizeof env);
   env.cbufs[ATIFS_CBUF_INDEX].data = e->cbuf;
   env.cbufs[ATIFS_CBUF_INDEX].size = sizeof e->cbuf;
   env.sampler = &si;
   float fc[4][4] = { { 0.5f, 0.5f, 0, 1 }, { 1.5f, 0.5f, 0, 1 }, { 0.5f, 1.5f, 0, 1 },
                      { 1.5f, 1.5f, 0, 1 } };
   bool ok = irexec_run_fragment_quad(p, &env, (const float (*)[4])inputs, 0xf, true,
                                      (const float (*)[4])fc, outputs, NULL);
   int slot = irexec_find_output(p, IR_SEM_GENERIC, ATIFS_FRAG_COLOR_LOCATION);
   if (ok && slot >= 0 && nout)
      memcpy(out, outputs[slot], 16);
   irexec_destroy(p);
   return ok && slot >= 0;
}

static bool
near(const float *got, const float *want)
{
   for (unsigned c = 0; c < 4; c++)
      if (fabsf(got[c] - want[c]) > 1e-5f)
         return false;
   return true;
}

static void
expect(const char *what, const struct atifs_shader *sh, const struct atifs_key *key,
       const struct env *e, float x, float y, float z, float w)
{
   float got[4] = { -99, -99, -99, -99 }, want[4] = { x, y, z, w };
   struct tex_log log;
   memset(&log, 0, sizeof log);
   bool ok = run(sh, key, e, got, &log);
   CHECK(ok && near(got, want), "%s: got (%g, %g, %g, %g), want (%g, %g, %g, %g)", what,
         got[0], got[1], got[2], got[3], x, y, z, w);
}

static struct atifs_op
op(unsigned opcode, bool alpha, unsigned dst, unsigned nargs, struct atifs_arg a0,
   struct atifs_arg a1, struct atifs_arg a2)
{
   struct atifs_op o;
   memset(&o, 0, sizeof o);
   o.opcode = (uint8_t)opcode;
   o.alpha = alpha;
   o.dst = (uint8_t)dst;
   o.num_args = (uint8_t)nargs;
   o.arg[0] = a0;
   o.arg[1] = a1;
   o.arg[2] = a2;
   return o;
}

#define A(src) ((struct atifs_arg){ (uint8_t)(src), ATIFS_REP_NONE, 0 })
#define AR(src, rep, mod) ((struct atifs_arg){ (uint8_t)(src), (uint8_t)(rep), (uint8_t)(mod) })
#define REG(n) (ATIFS_SRC_REG0 + (n))
#define CON(n) (ATIFS_SRC_CON0 + (n))

static void
init(struct atifs_shader *sh, struct atifs_key *key, struct env *e)
{
   memset(sh, 0, sizeof *sh);
   memset(key, 0, sizeof *key);
   memset(e, 0, sizeof *e);
   sh->num_passes = 1;
   const float c0[4] = { 0.2f, 0.4f, 0.6f, 0.8f }, c1[4] = { 0.9f, 0.7f, 0.5f, 0.3f };
   memcpy(e->color0, c0, 16);
   memcpy(e->color1, c1, 16);
   for (unsigned i = 0; i < ATIFS_NUM_CONSTS; i++)
      for (unsigned c = 0; c < 4; c++)
         e->cbuf[ATIFS_SLOT_CON0 + i][c] = (float)(i + 1) * 0.1f + (float)c * 0.01f;
   for (unsigned u = 0; u < ATIFS_MAX_TEX_COORDS; u++)
      for (unsigned c = 0; c < 4; c++)
         e->tex[u][c] = (float)(u + 1) + (float)c * 0.5f;
}

static void
add(struct atifs_shader *sh, unsigned pass, struct atifs_op o)
{
   struct atifs_pass *p = &sh->pass[pass];
   p->ops[p->num_ops++] = o;
}

/* Every arithmetic op on constants and the colours, hand-computed.
 * CON(n) = (0.1(n+1), +0.01, +0.02, +0.03); color0 (.2 .4 .6 .8), color1
 * (.9 .7 .5 .3). */
static void
test_ops(void)
{
   struct atifs_shader sh;
   struct atifs_key key;
   struct env e;
   const struct atifs_arg z = A(ATIFS_SRC_ZERO);

   init(&sh, &key, &e);
   add(&sh, 0, op(ATIFS_OP_MOV, false, 0, 1, A(ATIFS_SRC_PRIMARY), z, z));
   add(&sh, 0, op(ATIFS_OP_MOV, true, 0, 1, A(ATIFS_SRC_SECONDARY), z, z));
   expect("MOV rgb + alpha", &sh, &key, &e, 0.2f, 0.4f, 0.6f, 0.3f);

   init(&sh, &key, &e);
   add(&sh, 0, op(ATIFS_OP_ADD, false, 0, 2, A(CON(0)), A(CON(1)), z));
   add(&sh, 0, op(ATIFS_OP_SUB, true, 0, 2, A(CON(1)), A(CON(0)), z));
   expect("ADD / SUB", &sh, &key, &e, 0.3f, 0.32f, 0.34f, 0.1f);

   init(&sh, &key, &e);
   add(&sh, 0, op(ATIFS_OP_MUL, false, 0, 2, A(ATIFS_SRC_PRIMARY), A(ATIFS_SRC_SECONDARY), z));
   add(&sh, 0, op(ATIFS_OP_MAD, true, 0, 3, A(ATIFS_SRC_PRIMARY), A(ATIFS_SRC_SECONDARY),
                  A(ATIFS_SRC_ONE)));
   expect("MUL / MAD", &sh, &key, &e, 0.18f, 0.28f, 0.30f, 0.8f * 0.3f + 1.0f);

   /* LERP a*(b-c)+c */
   init(&sh, &key, &e);
   add(&sh, 0, op(ATIFS_OP_LERP, false, 0, 3, A(ATIFS_SRC_PRIMARY), A(ATIFS_SRC_ONE),
                  A(ATIFS_SRC_SECONDARY)));
   add(&sh, 0, op(ATIFS_OP_LERP, true, 0, 3, A(ATIFS_SRC_PRIMARY), A(ATIFS_SRC_ONE),
                  A(ATIFS_SRC_ZERO)));
   expect("LERP", &sh, &key, &e, 0.2f * 0.1f + 0.9f, 0.4f * 0.3f + 0.7f, 0.6f * 0.5f + 0.5f,
          0.8f);

   /* CND: c > 0.5 ? a : b, per channel; color1 = .9 .7 .5 .3: .5 is not > .5 */
   init(&sh, &key, &e);
   add(&sh, 0, op(ATIFS_OP_CND, false, 0, 3, A(CON(0)), A(CON(1)), A(ATIFS_SRC_SECONDARY)));
   add(&sh, 0, op(ATIFS_OP_CND, true, 0, 3, A(CON(0)), A(CON(1)), A(ATIFS_SRC_SECONDARY)));
   expect("CND", &sh, &key, &e, 0.1f, 0.11f, 0.22f, 0.23f);

   /* CND0: c >= 0 ? a : b with c = bias(color1) = .4 .2 0 -.2 */
   init(&sh, &key, &e);
   add(&sh, 0, op(ATIFS_OP_CND0, false, 0, 3, A(CON(0)), A(CON(1)),
                  AR(ATIFS_SRC_SECONDARY, ATIFS_REP_NONE, ATIFS_ARG_BIAS)));
   add(&sh, 0, op(ATIFS_OP_CND0, true, 0, 3, A(CON(0)), A(CON(1)),
                  AR(ATIFS_SRC_SECONDARY, ATIFS_REP_NONE, ATIFS_ARG_BIAS)));
   expect("CND0", &sh, &key, &e, 0.1f, 0.11f, 0.12f, 0.23f);

   /* DOT3 replicated to the masked channels; the alpha DOT3 takes it */
   init(&sh, &key, &e);
   add(&sh, 0, op(ATIFS_OP_MOV, false, 0, 1, A(ATIFS_SRC_SECONDARY), z, z));
   struct atifs_op d3 = op(ATIFS_OP_DOT3, false, 0, 2, A(ATIFS_SRC_PRIMARY),
                           A(ATIFS_SRC_SECONDARY), z);
   d3.mask = ATIFS_MASK_RED | ATIFS_MASK_BLUE;
   add(&sh, 0, d3);
   add(&sh, 0, op(ATIFS_OP_DOT3, true, 0, 2, A(ATIFS_SRC_PRIMARY), A(ATIFS_SRC_SECONDARY), z));
   float dot3 = 0.2f * 0.9f + 0.4f * 0.7f + 0.6f * 0.5f;
   expect("DOT3 masked", &sh, &key, &e, dot3, 0.7f, dot3, dot3);

   /* a colour DOT4 writes alpha too */
   init(&sh, &key, &e);
   add(&sh, 0, op(ATIFS_OP_DOT4, false, 0, 2, A(ATIFS_SRC_PRIMARY), A(ATIFS_SRC_SECONDARY), z));
   float dot4 = dot3 + 0.8f * 0.3f;
   expect("DOT4", &sh, &key, &e, dot4, dot4, dot4, dot4);

   /* DOT2_ADD: a.r*b.r + a.g*b.g + c.b */
   init(&sh, &key, &e);
   add(&sh, 0, op(ATIFS_OP_DOT2_ADD, false, 0, 3, A(ATIFS_SRC_PRIMARY), A(ATIFS_SRC_SECONDARY),
                  A(CON(2))));
   float d2 = 0.2f * 0.9f + 0.4f * 0.7f + 0.32f;
   expect("DOT2_ADD", &sh, &key, &e, d2, d2, d2, 0.0f);
}

/* argument replication and modifiers, destination modifiers */
static void
test_modifiers(void)
{
   struct atifs_shader sh;
   struct atifs_key key;
   struct env e;
   const struct atifs_arg z = A(ATIFS_SRC_ZERO);

   /* rep GREEN of color0 = .4; COMP: .6; BIAS: .1; 2X: .2; NEGATE: -.2 */
   init(&sh, &key, &e);
   add(&sh, 0, op(ATIFS_OP_MOV, false, 0, 1,
                  AR(ATIFS_SRC_PRIMARY, ATIFS_REP_GREEN,
                     ATIFS_ARG_COMP | ATIFS_ARG_BIAS | ATIFS_ARG_2X | ATIFS_ARG_NEGATE), z, z));
   add(&sh, 0, op(ATIFS_OP_MOV, true, 0, 1,
                  AR(ATIFS_SRC_PRIMARY, ATIFS_REP_BLUE, ATIFS_ARG_COMP), z, z));
   expect("rep + all arg mods", &sh, &key, &e, -0.2f, -0.2f, -0.2f, 0.4f);

   /* an alpha op with rep NONE reads alpha; RED replicates red */
   init(&sh, &key, &e);
   add(&sh, 0, op(ATIFS_OP_MOV, false, 0, 1, AR(ATIFS_SRC_PRIMARY, ATIFS_REP_ALPHA, 0), z, z));
   add(&sh, 0, op(ATIFS_OP_ADD, true, 0, 2, A(ATIFS_SRC_PRIMARY),
                  AR(ATIFS_SRC_SECONDARY, ATIFS_REP_RED, 0), z));
   expect("rep alpha / alpha reads alpha", &sh, &key, &e, 0.8f, 0.8f, 0.8f, 1.7f);

   /* destination scales and saturate: color0 * 8 = 1.6 ... clamped */
   static const struct { unsigned scale; float f; } sc[] = {
      { ATIFS_SCALE_2X, 2 }, { ATIFS_SCALE_4X, 4 }, { ATIFS_SCALE_8X, 8 },
      { ATIFS_SCALE_HALF, 0.5f }, { ATIFS_SCALE_QUARTER, 0.25f }, { ATIFS_SCALE_EIGHTH, 0.125f },
   };
   for (unsigned i = 0; i < 6; i++) {
      for (unsigned sat = 0; sat < 2; sat++) {
         init(&sh, &key, &e);
         struct atifs_op o = op(ATIFS_OP_MOV, false, 0, 1, A(ATIFS_SRC_PRIMARY), z, z);
         o.scale = (uint8_t)sc[i].scale;
         o.saturate = sat;
         add(&sh, 0, o);
         struct atifs_op a = op(ATIFS_OP_MOV, true, 0, 1, A(ATIFS_SRC_PRIMARY), z, z);
         a.scale = (uint8_t)sc[i].scale;
         a.saturate = sat;
         add(&sh, 0, a);
         float w[4];
         for (unsigned c = 0; c < 4; c++) {
            w[c] = e.color0[c] * sc[i].f;
            if (sat && w[c] > 1.0f)
               w[c] = 1.0f;
         }
         char what[64];
         snprintf(what, sizeof what, "dst scale %u saturate %u", sc[i].scale, sat);
         expect(what, &sh, &key, &e, w[0], w[1], w[2], w[3]);
      }
   }

   /* saturate clamps at 0 too; mask GREEN keeps r and b */
   init(&sh, &key, &e);
   add(&sh, 0, op(ATIFS_OP_MOV, false, 0, 1, A(ATIFS_SRC_ONE), z, z));
   struct atifs_op o = op(ATIFS_OP_SUB, false, 0, 2, A(ATIFS_SRC_ZERO), A(ATIFS_SRC_PRIMARY), z);
   o.saturate = true;
   o.mask = ATIFS_MASK_GREEN;
   add(&sh, 0, o);
   expect("saturate at 0, mask", &sh, &key, &e, 1.0f, 0.0f, 1.0f, 0.0f);
}

/* PassTexCoord / SampleMap, swizzles, targets, the second pass. tex[u] =
 * (u+1, u+1.5, u+2, u+2.5); the fake texel at (s, t, r) of unit u is
 * (s, t, r, u/8). */
static void
test_setup(void)
{
   struct atifs_shader sh;
   struct atifs_key key;
   struct env e;
   const struct atifs_arg z = A(ATIFS_SRC_ZERO);

   /* PassTexCoord STR, and STQ into another register moved to alpha */
   init(&sh, &key, &e);
   sh.pass[0].setup[0] = (struct atifs_setup){ 0, false, ATIFS_COORD_TEX0 + 1, ATIFS_SWIZZLE_STR };
   sh.pass[0].setup[1] = (struct atifs_setup){ 2, false, ATIFS_COORD_TEX0 + 0, ATIFS_SWIZZLE_STQ };
   sh.pass[0].num_setup = 2;
   add(&sh, 0, op(ATIFS_OP_MOV, true, 0, 1, AR(REG(2), ATIFS_REP_BLUE, 0), z, z));
   expect("PassTexCoord STR/STQ", &sh, &key, &e, 2.0f, 2.5f, 3.0f, 2.5f);

   /* STR_DR: (s/r, t/r, 1/r); STQ_DQ: (s/q, t/q, 1/q) */
   init(&sh, &key, &e);
   sh.pass[0].setup[0] = (struct atifs_setup){ 0, false, ATIFS_COORD_TEX0 + 3,
                                               ATIFS_SWIZZLE_STR_DR };
   sh.pass[0].setup[1] = (struct atifs_setup){ 1, false, ATIFS_COORD_TEX0 + 3,
                                               ATIFS_SWIZZLE_STQ_DQ };
   sh.pass[0].num_setup = 2;
   add(&sh, 0, op(ATIFS_OP_MOV, true, 0, 1, AR(REG(1), ATIFS_REP_RED, 0), z, z));
   /* tex[3] = (4, 4.5, 5, 5.5) */
   expect("PassTexCoord STR_DR / STQ_DQ", &sh, &key, &e, 4.0f / 5.0f, 4.5f / 5.0f, 1.0f / 5.0f,
          4.0f / 5.5f);

   /* SampleMap on a 2D unit and on a unit without texture (0, 0, 0, 1) */
   init(&sh, &key, &e);
   key.tex_target[3] = ATIFS_TEX_2D;
   sh.pass[0].setup[0] = (struct atifs_setup){ 3, true, ATIFS_COORD_TEX0 + 0, ATIFS_SWIZZLE_STR };
   sh.pass[0].setup[1] = (struct atifs_setup){ 4, true, ATIFS_COORD_TEX0 + 0, ATIFS_SWIZZLE_STR };
   sh.pass[0].num_setup = 2;
   add(&sh, 0, op(ATIFS_OP_ADD, false, 0, 2, A(REG(3)), A(REG(4)), z));
   add(&sh, 0, op(ATIFS_OP_ADD, true, 0, 2, A(REG(3)), A(REG(4)), z));
   /* 2D: (1, 1.5) -> texel (1, 1.5, 0, 3/8) */
   expect("SampleMap 2D + no texture", &sh, &key, &e, 1.0f, 1.5f, 0.0f, 3.0f / 8.0f + 1.0f);

   /* the target chosen by the key: 3D reads r; 1D only s */
   init(&sh, &key, &e);
   key.tex_target[0] = ATIFS_TEX_3D;
   key.tex_target[1] = ATIFS_TEX_1D;
   sh.pass[0].setup[0] = (struct atifs_setup){ 0, true, ATIFS_COORD_TEX0 + 2, ATIFS_SWIZZLE_STQ };
   sh.pass[0].setup[1] = (struct atifs_setup){ 1, true, ATIFS_COORD_TEX0 + 2, ATIFS_SWIZZLE_STQ };
   sh.pass[0].num_setup = 2;
   add(&sh, 0, op(ATIFS_OP_ADD, false, 0, 2, A(REG(0)), A(REG(1)), z));
   struct tex_log log;
   memset(&log, 0, sizeof log);
   float got[4];
   bool ok = run(&sh, &key, &e, got, &log);
   /* 3D at (3, 3.5, 4.5) + 1D at (3): (6, 3.5, 4.5), alpha of 3D: 0 */
   const float want[4] = { 6.0f, 3.5f, 4.5f, 0.0f };
   CHECK(ok && near(got, want), "SampleMap 3D + 1D: got (%g, %g, %g, %g)", got[0], got[1],
         got[2], got[3]);
   CHECK(log.calls == 2 && log.target[0] == IR_TEX_3D && log.target[1] == IR_TEX_1D &&
         log.unit[0] == 0 && log.unit[1] == 1, "targets/units of the lookups");

   /* two passes: pass 1 computes coordinates in REG1, pass 2 samples unit
    * 0 at them (a dependent read) and passes REG1 through REG2; REG5 keeps
    * its pass-1 value */
   init(&sh, &key, &e);
   sh.num_passes = 2;
   key.tex_target[0] = ATIFS_TEX_2D;
   add(&sh, 0, op(ATIFS_OP_MUL, false, 1, 2, A(CON(0)), A(CON(1)), z));
   add(&sh, 0, op(ATIFS_OP_MOV, false, 5, 1, A(ATIFS_SRC_ONE), z, z));
   sh.pass[1].setup[0] = (struct atifs_setup){ 0, true, ATIFS_COORD_REG0 + 1, ATIFS_SWIZZLE_STR };
   sh.pass[1].setup[1] = (struct atifs_setup){ 2, false, ATIFS_COORD_REG0 + 1, ATIFS_SWIZZLE_STR };
   sh.pass[1].num_setup = 2;
   add(&sh, 1, op(ATIFS_OP_ADD, false, 0, 2, A(REG(0)), A(REG(2)), z));
   add(&sh, 1, op(ATIFS_OP_ADD, true, 0, 2, A(REG(5)), A(REG(0)), z));
   float s = 0.1f * 0.2f, t = 0.11f * 0.21f, r = 0.12f * 0.22f;
   expect("two passes, dependent read", &sh, &key, &e, 2 * s, 2 * t, r, 0.0f);

   /* the register lookups sample after the whole setup reads the old values */
   init(&sh, &key, &e);
   sh.num_passes = 2;
   add(&sh, 0, op(ATIFS_OP_MOV, false, 0, 1, A(CON(0)), z, z));
   add(&sh, 0, op(ATIFS_OP_MOV, false, 1, 1, A(CON(1)), z, z));
   sh.pass[1].setup[0] = (struct atifs_setup){ 0, false, ATIFS_COORD_REG0 + 1, ATIFS_SWIZZLE_STR };
   sh.pass[1].setup[1] = (struct atifs_setup){ 1, false, ATIFS_COORD_REG0 + 0, ATIFS_SWIZZLE_STR };
   sh.pass[1].num_setup = 2;
   add(&sh, 1, op(ATIFS_OP_SUB, false, 0, 2, A(REG(0)), A(REG(1)), z));
   expect("pass-2 setup reads pass-1 registers", &sh, &key, &e, 0.1f, 0.1f, 0.1f, 1.0f);
}

/* fog after the shader: linear with fog coordinate 2, start 1, end 5:
 * f = (5 - 2) / 4 = .75, colour = .75 c + .25 fog colour, alpha kept */
static void
test_fog(void)
{
   struct atifs_shader sh;
   struct atifs_key key;
   struct env e;
   const struct atifs_arg z = A(ATIFS_SRC_ZERO);
   init(&sh, &key, &e);
   add(&sh, 0, op(ATIFS_OP_MOV, false, 0, 1, A(ATIFS_SRC_PRIMARY), z, z));
   add(&sh, 0, op(ATIFS_OP_MOV, true, 0, 1, A(ATIFS_SRC_PRIMARY), z, z));
   e.fog = 2.0f;
   const float fc[4] = { 1, 0, 0.5f, 0.25f }, fp[4] = { 0.5f, 1, 5, 0.25f };
   memcpy(e.cbuf[ATIFS_SLOT_FOG_COLOR], fc, 16);
   memcpy(e.cbuf[ATIFS_SLOT_FOG_PARAMS], fp, 16);
   key.fog = ATIFS_FOG_LINEAR;
   expect("fog linear", &sh, &key, &e, 0.75f * 0.2f + 0.25f, 0.75f * 0.4f,
          0.75f * 0.6f + 0.125f, 0.8f);
   key.fog = ATIFS_FOG_EXP;
   float f = expf(-1.0f);
   expect("fog exp", &sh, &key, &e, f * 0.2f + (1 - f), f * 0.4f, f * 0.6f + (1 - f) * 0.5f,
          0.8f);
   key.fog = ATIFS_FOG_EXP2;
   expect("fog exp2", &sh, &key, &e, f * 0.2f + (1 - f), f * 0.4f, f * 0.6f + (1 - f) * 0.5f,
          0.8f);
}

/* the inputs the vertex stage must provide */
static void
test_inputs(void)
{
   struct atifs_shader sh;
   struct atifs_key key;
   struct env e;
   const struct atifs_arg z = A(ATIFS_SRC_ZERO);
   init(&sh, &key, &e);
   sh.num_passes = 2;
   sh.pass[0].setup[0] = (struct atifs_setup){ 1, true, ATIFS_COORD_TEX0 + 7, ATIFS_SWIZZLE_STR };
   sh.pass[0].num_setup = 1;
   add(&sh, 0, op(ATIFS_OP_MOV, false, 0, 1, A(REG(1)), z, z));
   sh.pass[1].setup[0] = (struct atifs_setup){ 4, true, ATIFS_COORD_REG0 + 0, ATIFS_SWIZZLE_STR };
   sh.pass[1].num_setup = 1;
   add(&sh, 1, op(ATIFS_OP_MAD, false, 0, 3, A(REG(4)), A(ATIFS_SRC_SECONDARY),
                  A(ATIFS_SRC_PRIMARY)));
   CHECK(atifs_inputs_read(&sh) == (ATIFS_IN_TEX0 << 7 | ATIFS_IN_COLOR0 | ATIFS_IN_COLOR1),
         "inputs_read 0x%x", atifs_inputs_read(&sh));
   CHECK(atifs_units_sampled(&sh) == 0x12, "units_sampled 0x%x", atifs_units_sampled(&sh));
}

int
main(void)
{
   test_ops();
   test_modifiers();
   test_setup();
   test_fog();
   test_inputs();
   if (failures)
      printf("%d failure(s)\n", failures);
   else
      printf("all passed\n");
   return failures ? 1 : 0;
}
