/*
 * Lowering of what GLSL 1.30 adds, checked by running the linked IR with
 * the interpreter (irexec) as glsl_test_lower does: switch statements
 * (fallthrough, default anywhere, nesting, break and continue inside
 * loops), uint arithmetic, shifts and bitwise operators, int/uint/float
 * conversions, the 1.30 texture functions on every kind of sampler
 * (texelFetch, textureSize, offsets, integer and shadow samplers, and
 * textureGather), and the IR of redeclared colours and gl_ClipDistance.
 */
#include "glsl_test_exec.h"
#include "compiler/glsl/glsl_lower.h"

/* the context accepts 1.30; 1.50 only for the lookups that need it
 * (multisample, rectangle and buffer samplers) */
static const uint16_t desktop_130[] = { 110, 120, 130, 0 };
static const uint16_t desktop_150[] = { 110, 120, 130, 150, 0 };
static const char *const exts_130[] = { "GL_ARB_texture_gather", "GL_ARB_texture_cube_map_array",
                                        "GL_ARB_explicit_attrib_location",
                                        "GL_ARB_texture_multisample",
                                        "GL_ARB_texture_query_levels",
                                        "GL_ARB_texture_query_lod",
                                        "GL_ARB_shader_texture_image_samples", NULL };

static struct glsl_compiler_options
options_130(void)
{
   struct glsl_compiler_options o = test_options();
   o.desktop_versions = desktop_130;
   o.extensions = exts_130;
   return o;
}

static struct prog *
build_130(const char *vs, const char *fs)
{
   struct glsl_compiler_options o = options_130();
   return build_with(&o, vs, fs);
}

/* int and uint outputs hold their bits in the float slots (irexec.h) */
static int32_t
ibits(float f)
{
   int32_t i;
   memcpy(&i, &f, sizeof i);
   return i;
}

static uint32_t
ubits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof u);
   return u;
}

#define CHECK_IVEC(got, x, y, z, w)                                                        \
   CHECK(ibits((got)[0]) == (x) && ibits((got)[1]) == (y) && ibits((got)[2]) == (z) &&       \
            ibits((got)[3]) == (w),                                                        \
         "got (%d, %d, %d, %d), expected (%d, %d, %d, %d)", ibits((got)[0]), ibits((got)[1]), \
         ibits((got)[2]), ibits((got)[3]), (int)(x), (int)(y), (int)(z), (int)(w))

#define CHECK_UVEC(got, x, y, z, w)                                                        \
   CHECK(ubits((got)[0]) == (x) && ubits((got)[1]) == (y) && ubits((got)[2]) == (z) &&       \
            ubits((got)[3]) == (w),                                                        \
         "got (%#x, %#x, %#x, %#x), expected (%#x, %#x, %#x, %#x)", ubits((got)[0]),        \
         ubits((got)[1]), ubits((got)[2]), ubits((got)[3]), (unsigned)(x), (unsigned)(y),   \
         (unsigned)(z), (unsigned)(w))

#define CHECK_EXACT(got, x, y, z, w)                                                     \
   CHECK((got)[0] == (x) && (got)[1] == (y) && (got)[2] == (z) && (got)[3] == (w),         \
         "got (%.9g, %.9g, %.9g, %.9g), expected (%.9g, %.9g, %.9g, %.9g)", (double)(got)[0], \
         (double)(got)[1], (double)(got)[2], (double)(got)[3], (double)(x), (double)(y),  \
         (double)(z), (double)(w))

/* Runs a 1.30 vertex shader after setting the int uniform k (when k_name
 * is not NULL) and the uint uniform z to 0: out[16 + i] is the i-th
 * declared output. */
static bool
vs130_run(const char *src, const char *k_name, int k, float out[34][4])
{
   struct prog *P = build_130(src, NULL);
   if (!P)
      return false;
   if (k_name)
      uset(P, k_name, (float[]){ (float)k }, 1);
   if (glsl_program_uniform_location(P->p, "z") >= 0)
      uset(P, "z", (float[]){ 0 }, 1);
   bool ok = run_vertex(P, out);
   prog_free(P);
   return ok;
}

/* ---- switch ---------------------------------------------------------- */

static const char switch_vs[] =
   "#version 130\n"
   "uniform int k;\n"
   "out vec4 r0, r1;\n"
   "int pick(int x) {\n"
   "  switch (x) {\n"
   "  case 1: return 10;\n"
   "  case 2: break;\n"
   "  default: return 30;\n"
   "  }\n"
   "  return 20;\n"
   "}\n"
   "void main() {\n"
   "  int a = 0;\n"
   "  switch (k) {\n"          /* fallthrough; default in the middle */
   "  case 0: a += 1;\n"
   "  default: a += 10;\n"
   "  case 2: a += 100; break;\n"
   "  case 3: a += 1000;\n"
   "  case 4: a += 10000;\n"
   "  }\n"
   "  int b = 0;\n"
   "  switch (k) {\n"          /* no default: no label matching does nothing */
   "  case 1: b = 1; break;\n"
   "  case 3: b = 3; break;\n"
   "  }\n"
   "  int c = 0;\n"
   "  switch (k) {\n"          /* nested: the inner break leaves the inner switch */
   "  case 3:\n"
   "  case 4:\n"
   "    switch (k - 3) {\n"
   "    case 0: c += 1; break;\n"
   "    default: c += 2;\n"
   "    }\n"
   "    c += 10;\n"
   "    break;\n"
   "  default:\n"
   "    c = -1;\n"
   "  }\n"
   "  int d = 0;\n"
   "  switch (uint(k)) {\n"    /* a uint selector; a label above INT_MAX */
   "  case 4294967295u: d = 5; break;\n"
   "  case 3u: d = 3;\n"
   "  }\n"
   "  r0 = vec4(a, b, c, d);\n"
   "  r1 = vec4(pick(k), 0.0, 0.0, 0.0);\n"
   "  gl_Position = vec4(0.0);\n"
   "}\n";

static void
test_switch(void)
{
   /* by hand, for each k: a: labels 0, 2, 3, 4 (default between 0 and 2);
    * b: 1 and 3 only; c: 3 and 4 enter the inner switch on k - 3 (0: +1,
    * else default +2), then +10; d: uint(-1) is 0xffffffff; pick: 1 returns
    * 10, 2 breaks to the return 20 after the switch, others 30 */
   static const struct {
      int k;
      float a, b, c, d, pick;
   } cases[] = {
      { -1, 10 + 100, 0, -1, 5, 30 },
      { 0, 1 + 10 + 100, 0, -1, 0, 30 },
      { 1, 10 + 100, 1, -1, 0, 10 },
      { 2, 100, 0, -1, 0, 20 },
      { 3, 1000 + 10000, 3, 1 + 10, 3, 30 },
      { 4, 10000, 0, 2 + 10, 0, 30 },
      { 7, 10 + 100, 0, -1, 0, 30 },
   };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      float o[34][4];
      if (!vs130_run(switch_vs, "k", cases[i].k, o))
         return;
      CHECK(o[16][0] == cases[i].a && o[16][1] == cases[i].b && o[16][2] == cases[i].c &&
               o[16][3] == cases[i].d && o[17][0] == cases[i].pick,
            "k = %d: got a %g b %g c %g d %g pick %g", cases[i].k, (double)o[16][0],
            (double)o[16][1], (double)o[16][2], (double)o[16][3], (double)o[17][0]);
   }
}

/* break inside a switch leaves the switch only; continue inside a switch
 * continues the enclosing loop, running a for loop's iteration expression
 * and a do-while's test first (without them the loops would not end, and
 * irexec's step limit fails the run) */
static void
test_switch_in_loops(void)
{
   static const char vs[] =
      "#version 130\n"
      "uniform int n;\n"
      "out vec4 r0, r1;\n"
      "void main() {\n"
      "  int f = 0, fi = 0;\n"
      "  for (int i = 0; i < n; i++) {\n"
      "    fi++;\n"
      "    switch (i) {\n"
      "    case 1:\n"
      "    case 4: continue;\n"
      "    case 2: f += 100; break;\n"
      "    default: f += 1;\n"
      "    }\n"
      "    f += 1000;\n"
      "  }\n"
      "  int w = 0, j = 0;\n"
      "  while (j < n) {\n"
      "    j++;\n"
      "    switch (j) {\n"
      "    case 2: continue;\n"
      "    case 5: break;\n"
      "    default: w += j;\n"
      "    }\n"
      "    w += 100;\n"
      "  }\n"
      "  int d = 0, m = 0;\n"
      "  do {\n"
      "    m++;\n"
      "    switch (m - m / 3 * 3) {\n"
      "    case 0: continue;\n"
      "    default: d += m;\n"
      "    }\n"
      "    d += 10;\n"
      "  } while (m < n);\n"
      "  int q = 0;\n"
      "  for (int i = 0; i < n; i++) {\n"
      "    switch (i - i / 2 * 2) {\n"
      "    case 0:\n"
      "      switch (i) {\n"
      "      case 2: continue;\n"
      "      default: q += 1;\n"
      "      }\n"
      "      q += 10;\n"
      "      break;\n"
      "    default:\n"
      "      q += 100;\n"
      "    }\n"
      "    q += 1000;\n"
      "  }\n"
      "  r0 = vec4(f, fi, w, j);\n"
      "  r1 = vec4(d, m, q, 0.0);\n"
      "  gl_Position = vec4(0.0);\n"
      "}\n";
   float o[34][4];
   if (!vs130_run(vs, "n", 6, o))
      return;
   /* for, n = 6: i = 0, 3, 5 take the default (+1 +1000), i = 2 +100 +1000,
    * i = 1 and 4 continue (nothing added, i++ still runs): f = 3 * 1001 +
    * 1100 = 4103 over 6 iterations.  while: j = 1, 3, 4, 6 add j + 100, j =
    * 2 continues, j = 5 breaks out of the switch and adds 100: w = 14 +
    * 500 = 514.  do-while: m = 3 and 6 continue (the test m < n ends the
    * loop at 6); the others add m + 10: d = 1 + 2 + 4 + 5 + 40 = 52.
    * Nested: even i enter the inner switch (+1 +10, except i = 2, whose
    * continue leaves both switches), odd i +100; each but i = 2 +1000:
    * q = 2 * 1011 + 3 * 1100 = 5322 */
   CHECK_EXACT(o[16], 4103, 6, 514, 6);
   CHECK_EXACT(o[17], 52, 6, 5322, 0);
}

/* a switch in a loop on a fragment quad whose lanes take different labels:
 * each lane's break, continue and fallthrough are its own */
static void
test_switch_divergent(void)
{
   struct prog *P = build_130("#version 130\nflat out int sel;\n"
                              "void main() { gl_Position = vec4(0.0); sel = 0; }\n",
                              "#version 130\nflat in int sel;\n"
                              "void main() {\n"
                              "  float a = 0.0;\n"
                              "  for (int i = 0; i < 3; i++) {\n"
                              "    switch (sel + i) {\n"
                              "    case 1: a += 1.0; continue;\n"
                              "    case 2: a += 10.0;\n"
                              "    default: a += 100.0; break;\n"
                              "    case 4: a += 1000.0;\n"
                              "    }\n"
                              "    a += 0.5;\n"
                              "  }\n"
                              "  gl_FragColor = vec4(a);\n"
                              "}\n");
   if (!P)
      return;
   /* per value v = sel + i: 1 adds 1 (continue: no 0.5); 2 adds 10, falls
    * into default's 100 and breaks: 110.5; 4 adds 1000.5; others 100.5.
    * sel -1: v = -1, 0, 1: 202; sel 1: 1, 2, 3: 212; sel 2: 2, 3, 4:
    * 1211.5; sel 4: 4, 5, 6: 1201.5 */
   static const int32_t sel[4] = { -1, 1, 2, 4 };
   static const float want[4] = { 202, 212, 1211.5f, 1201.5f };
   float vary[4][32][4], color[4][4];
   memset(vary, 0, sizeof vary);
   for (unsigned l = 0; l < 4; l++)
      memcpy(&vary[l][GLSL_VARYING_USER0][0], &sel[l], sizeof sel[l]);
   unsigned disc = 0;
   if (run_fragment(P, (const float (*)[32][4])vary, color, &disc))
      for (unsigned l = 0; l < 4; l++)
         CHECK(color[l][0] == want[l], "lane %u (sel %d): %g, want %g", l, (int)sel[l],
               (double)color[l][0], (double)want[l]);
   prog_free(P);
}

/* ---- integers -------------------------------------------------------- */

static void
test_uint_arith(void)
{
   static const char vs[] =
      "#version 130\n"
      "uniform int k;\n"
      "uniform uint z;\n"
      "flat out uvec4 u0, u1, u2, u3;\n"
      "flat out ivec4 i0, i1, i2;\n"
      "flat out uvec2 u4;\n"
      "void main() {\n"
      "  uint x = uint(k);\n"
      "  uint wrap = z - 1u;\n"
      "  u0 = uvec4(wrap, wrap + x, x * 0x55555556u, wrap / x);\n"
      "  u1 = uvec4(wrap >> 31, x << 31, wrap % 10u, (wrap - 4u) / 2u);\n"
      "  u2 = uvec4(wrap & 0xf0f0f0f0u, x | 0x100u, x ^ 0xffu, ~x);\n"
      "  u3 = uvec4(uint(-k), uint(-1), uint(float(k) * 1.5), min(wrap, x));\n"
      "  int n = -5 * k;\n"
      "  int m = (k - 2) << 31;\n"
      "  i0 = ivec4(n >> 1, n >> 31, n * 3, n & 0xff);\n"
      "  i1 = ivec4(m, m >> 31, ~k, k ^ -1);\n"
      "  i2 = ivec4(int(0xffffffffu), int(wrap), int(wrap > x), int(int(wrap) > k));\n"
      "  u4 = uvec2(wrap) >> uvec2(4u, 28u);\n"
      "  gl_Position = vec4(0.0);\n"
      "}\n";
   float o[34][4];
   if (!vs130_run(vs, "k", 3, o))
      return;
   /* k = 3, z = 0: 0 - 1 wraps to 0xffffffff; + 3 wraps to 2; 3 *
    * 0x55555556 = 0x100000002 wraps to 2; 0xffffffff / 3 = 0x55555555 */
   CHECK_UVEC(o[16], 0xffffffffu, 2u, 2u, 0x55555555u);
   /* >> of a uint is logical: 1; 3 << 31 keeps bit 31 only; 4294967295 %
    * 10 = 5; 0xfffffffb / 2 = 0x7ffffffd */
   CHECK_UVEC(o[17], 1u, 0x80000000u, 5u, 0x7ffffffdu);
   CHECK_UVEC(o[18], 0xf0f0f0f0u, 0x103u, 0xfcu, 0xfffffffcu);
   /* uint(-3) and uint(-1) keep the bits; uint(4.5) truncates; min
    * compares unsigned (signed, 0xffffffff would be the smaller) */
   CHECK_UVEC(o[19], 0xfffffffdu, 0xffffffffu, 4u, 3u);
   /* n = -15: >> of a negative int is arithmetic (-8, and -1 by 31);
    * -15 & 255 = 241 */
   CHECK_IVEC(o[20], -8, -1, -45, 241);
   /* 1 << 31 is INT_MIN, >> 31 gives -1; ~3 = 3 ^ -1 = -4 */
   CHECK_IVEC(o[21], INT32_MIN, -1, -4, -4);
   /* int(uint) keeps the bits; wrap > x compares unsigned (true), -1 > 3
    * signed (false) */
   CHECK_IVEC(o[22], -1, -1, 1, 0);
   CHECK_UVEC(o[23], 0x0fffffffu, 0xfu, 0u, 0u);
}

/* uint -> float rounds to nearest: 0xffffffff and 0x7fffffff become 2^32
 * and 2^31, both as constants (folded) and at run time */
static void
test_int_conversions(void)
{
   static const char vs[] =
      "#version 130\n"
      "uniform int k;\n"
      "uniform uint z;\n"
      "out vec4 r0, r1;\n"
      "flat out ivec4 i0;\n"
      "void main() {\n"
      "  uint wrap = z - 1u;\n"
      "  r0 = vec4(float(0xffffffffu), float(wrap), float(wrap >> 1), float(uint(k)));\n"
      "  r1 = vec4(float(-k), float(uint(-k) >> 16), float(uint(2.75)), float(int(-2.75)));\n"
      "  i0 = ivec4(int(uint(-1)), int(float(-k) * 0.5), int(uint(k) * 0x80000000u), int(true));\n"
      "  gl_Position = vec4(0.0);\n"
      "}\n";
   float o[34][4];
   if (!vs130_run(vs, "k", 3, o))
      return;
   CHECK_EXACT(o[16], 4294967296.0f, 4294967296.0f, 2147483648.0f, 3.0f);
   /* uint(-3) >> 16 = 0xffff; conversions to integers truncate toward 0 */
   CHECK_EXACT(o[17], -3.0f, 65535.0f, 2.0f, -2.0f);
   /* -1.5 truncates to -1; 3 * 0x80000000 wraps to 0x80000000, INT_MIN */
   CHECK_IVEC(o[18], -1, -1, INT32_MIN, 1);
}

/* ---- textures -------------------------------------------------------- */

/*
 * A texture whose texels say what reached the sampler.  Lookups other than
 * fetches and gathers: the coordinates (times 8 for integer samplers) and
 * w = unit + 10 * explicit lod + 100 * bias + 1000 * offset.x + 10^4 *
 * offset.y + 10^5 * ddx.x + 10^6 * ddy.y; shadow lookups give compare + w.
 * texelFetch: the integer coordinates + 100 * offset and unit + 10 * level
 * (10 * sample for multisample ones) in w.  textureGather: texel c is
 * 10 * component + c + w, shadow ones compare + c + w.  textureSize of
 * level lod: 100 * unit + 10 * (c + 1) + lod per component c.
 * textureQueryLevels: 7 + 100 * unit; textureSamples: 4 (2D MS) or 8 (2D MS
 * array) + 100 * unit; textureQueryLOD (lod): the coordinates, as other
 * lookups.  Values go out in the sampler's base type.
 */
static void
sample_130(void *priv, const struct irexec_tex_request *req, union irexec_texel out[4])
{
   (void)priv;
   for (unsigned l = 0; l < 4; l++) {
      double v[4] = { 0, 0, 0, req->unit };
      if (req->op == IR_OP_txf || req->op == IR_OP_txf_ms) {
         for (unsigned c = 0; c < 3; c++)
            v[c] = req->coord[l].i[c] + 100.0 * req->offset[l][c];
         v[3] += 10.0 * (req->op == IR_OP_txf_ms ? req->sample[l] : req->ilod[l]);
      } else {
         double w = req->unit + 100.0 * req->bias[l] + 1000.0 * req->offset[l][0] +
                    10000.0 * req->offset[l][1];
         if (req->lod_mode == IREXEC_LOD_EXPLICIT)
            w += 10.0 * req->lod[l];
         if (req->op == IR_OP_txd)
            w += 1e5 * req->ddx[l][0] + 1e6 * req->ddy[l][1];
         double scale = req->result_base == IR_FLOAT ? 1.0 : 8.0;
         for (unsigned c = 0; c < 3; c++)
            v[c] = scale * req->coord[l].f[c];
         v[3] = w;
         if (req->op == IR_OP_tg4) {
            for (unsigned c = 0; c < 4; c++)
               v[c] = (req->shadow ? req->compare[l] : 10.0 * req->gather_comp) + c + w;
         } else if (req->shadow && req->op != IR_OP_lod) {
            v[0] = req->compare[l] + w;
         }
      }
      for (unsigned c = 0; c < 4; c++) {
         if (req->result_base == IR_INT)
            out[l].i[c] = (int32_t)v[c];
         else if (req->result_base == IR_UINT)
            out[l].u[c] = (uint32_t)(int64_t)v[c];
         else
            out[l].f[c] = (float)v[c];
      }
   }
}

static void
size_130(void *priv, unsigned unit, enum ir_tex_target target, int32_t lod, int32_t out[4])
{
   (void)priv;
   (void)target;
   for (unsigned c = 0; c < 3; c++)
      out[c] = 100 * (int32_t)unit + 10 * (int32_t)(c + 1) + lod;
}

static int32_t
levels_130(void *priv, unsigned unit, enum ir_tex_target target)
{
   (void)priv;
   (void)target;
   return 7 + 100 * (int32_t)unit;
}

static int32_t
samples_130(void *priv, unsigned unit, enum ir_tex_target target)
{
   (void)priv;
   return (target == IR_TEX_2D_MS_ARRAY ? 8 : 4) + 100 * (int32_t)unit;
}

static const struct irexec_sampler_iface sampler_130 = { sample_130, size_130, levels_130,
                                                         samples_130, NULL };

/* each lookup alone (the sampler is unit 0) in a vertex shader (fs false)
 * or on a fragment quad, whose lanes must all give want */
static void
test_texture_lookups(void)
{
   static const struct {
      unsigned version;
      bool fs;
      const char *sampler, *expr;
      float want[4];
   } cases[] = {
      /* float samplers: projection, level, offsets, gradients */
      { 130, false, "sampler2D", "texture(s, vec2(0.25, 0.5))", { 0.25f, 0.5f, 0, 0 } },
      { 130, false, "sampler2D", "textureProj(s, vec3(1.0, 2.0, 4.0))", { 0.25f, 0.5f, 0, 0 } },
      { 130, false, "sampler2D", "textureProj(s, vec4(1.0, 2.0, 9.0, 4.0))", { 0.25f, 0.5f, 0, 0 } },
      { 130, false, "sampler2D", "textureLod(s, vec2(0.25, 0.5), 3.0)", { 0.25f, 0.5f, 0, 30 } },
      { 130, false, "sampler2D", "textureOffset(s, vec2(0.25, 0.5), ivec2(-2, 3))",
        { 0.25f, 0.5f, 0, -2000 + 30000 } },
      { 130, false, "sampler2D", "textureLodOffset(s, vec2(0.25, 0.5), 1.0, ivec2(1, 1))",
        { 0.25f, 0.5f, 0, 10 + 1000 + 10000 } },
      { 130, false, "sampler2D", "textureProjOffset(s, vec3(1.0, 2.0, 2.0), ivec2(4, 0))",
        { 0.5f, 1, 0, 4000 } },
      { 130, false, "sampler2D", "textureProjLodOffset(s, vec4(1.0, 2.0, 9.0, 4.0), 2.0, ivec2(0, 1))",
        { 0.25f, 0.5f, 0, 20 + 10000 } },
      { 130, false, "sampler2D", "textureGrad(s, vec2(0.25, 0.5), vec2(1.0, 0.0), vec2(0.0, 2.0))",
        { 0.25f, 0.5f, 0, 1e5f + 2e6f } },
      { 130, false, "sampler2D",
        "textureGradOffset(s, vec2(0.25, 0.5), vec2(3.0, 0.0), vec2(0.0), ivec2(2, 0))",
        { 0.25f, 0.5f, 0, 3e5f + 2000 } },
      { 130, false, "sampler2D", "textureProjGrad(s, vec3(1.0, 2.0, 2.0), vec2(0.0), vec2(0.0, 1.0))",
        { 0.5f, 1, 0, 1e6f } },
      { 130, false, "sampler2D",
        "textureProjGradOffset(s, vec4(1.0, 2.0, 0.0, 2.0), vec2(1.0, 0.0), vec2(0.0), ivec2(0, 2))",
        { 0.5f, 1, 0, 1e5f + 20000 } },
      { 130, false, "sampler1D", "textureLod(s, 0.75, 2.0)", { 0.75f, 0, 0, 20 } },
      { 130, false, "sampler1DArray", "texture(s, vec2(0.25, 3.0))", { 0.25f, 3, 0, 0 } },
      { 130, false, "sampler3D", "textureProjLod(s, vec4(1.0, 2.0, 3.0, 2.0), 1.0)",
        { 0.5f, 1, 1.5f, 10 } },
      { 130, false, "samplerCube", "texture(s, vec3(0.1, 0.2, 0.3))", { 0.1f, 0.2f, 0.3f, 0 } },
      { 130, false, "sampler2DArray", "textureLod(s, vec3(0.25, 0.5, 2.0), 1.0)",
        { 0.25f, 0.5f, 2, 10 } },
      /* integer samplers: integer results (coordinates times 8) */
      { 130, false, "isampler2D", "vec4(texture(s, vec2(0.25, 0.5)))", { 2, 4, 0, 0 } },
      { 130, false, "isampler2DArray", "vec4(textureOffset(s, vec3(0.25, 0.5, 3.0), ivec2(-1, 0)))",
        { 2, 4, 24, -1000 } },
      { 130, false, "usampler3D", "vec4(textureLod(s, vec3(0.25, 0.5, 0.75), 2.0))", { 2, 4, 6, 20 } },
      { 130, false, "usamplerCube", "vec4(texture(s, vec3(0.25, 0.5, 0.75)))", { 2, 4, 6, 0 } },
      { 130, false, "usampler1DArray", "vec4(textureGrad(s, vec2(0.5, 1.0), 1.0, 0.0))",
        { 4, 8, 0, 1e5f } },
      /* shadow samplers: the reference from P (after the coordinates and
       * the layer; divided by q for textureProj), the result a float */
      { 130, false, "sampler2DShadow", "vec4(texture(s, vec3(0.25, 0.5, 0.75)))",
        { 0.75f, 0.75f, 0.75f, 0.75f } },
      { 130, false, "sampler2DShadow", "vec4(textureProj(s, vec4(0.5, 1.0, 1.5, 2.0)))",
        { 0.75f, 0.75f, 0.75f, 0.75f } },
      { 130, false, "sampler2DShadow", "vec4(textureLod(s, vec3(0.0, 0.0, 0.5), 2.0))",
        { 20.5f, 20.5f, 20.5f, 20.5f } },
      { 130, false, "sampler2DShadow", "vec4(textureOffset(s, vec3(0.0, 0.0, 0.5), ivec2(1, 0)))",
        { 1000.5f, 1000.5f, 1000.5f, 1000.5f } },
      { 130, false, "sampler2DShadow", "vec4(textureGrad(s, vec3(0.0, 0.0, 0.5), vec2(1.0, 0.0), vec2(0.0)))",
        { 1e5f + 0.5f, 1e5f + 0.5f, 1e5f + 0.5f, 1e5f + 0.5f } },
      { 130, false, "sampler1DShadow", "vec4(texture(s, vec3(0.25, 0.375, 0.5)))",
        { 0.5f, 0.5f, 0.5f, 0.5f } },
      { 130, false, "sampler1DArrayShadow", "vec4(texture(s, vec3(0.25, 0.375, 0.5)))",
        { 0.5f, 0.5f, 0.5f, 0.5f } },
      { 130, false, "sampler1DShadow", "vec4(textureProjLod(s, vec4(0.5, 0.0, 0.75, 2.0), 1.0))",
        { 10.375f, 10.375f, 10.375f, 10.375f } },
      { 130, false, "samplerCubeShadow", "vec4(texture(s, vec4(0.1, 0.2, 0.3, 0.625)))",
        { 0.625f, 0.625f, 0.625f, 0.625f } },
      { 130, false, "sampler2DArrayShadow", "vec4(texture(s, vec4(0.1, 0.2, 1.0, 0.625)))",
        { 0.625f, 0.625f, 0.625f, 0.625f } },
      /* samplerCubeArrayShadow: the reference is its own argument */
      { 130, false, "samplerCubeArrayShadow", "vec4(texture(s, vec4(0.1, 0.2, 0.3, 2.0), 0.375))",
        { 0.375f, 0.375f, 0.375f, 0.375f } },
      /* texelFetch: integer coordinates, a level; texelFetchOffset */
      { 130, false, "sampler2D", "texelFetch(s, ivec2(7, 8), 2)", { 7, 8, 0, 20 } },
      { 130, false, "isampler2DArray", "vec4(texelFetch(s, ivec3(1, 2, 3), 1))", { 1, 2, 3, 10 } },
      { 130, false, "usampler1D", "vec4(texelFetch(s, 5, 0))", { 5, 0, 0, 0 } },
      { 130, false, "usampler3D", "vec4(texelFetchOffset(s, ivec3(1), 2, ivec3(3, 0, 1)))",
        { 301, 1, 101, 20 } },
      { 130, false, "isampler1DArray", "vec4(texelFetchOffset(s, ivec2(4, 2), 1, -1))",
        { -96, 2, 0, 10 } },
      /* textureSize: as many components as the target has, of level lod */
      { 130, false, "sampler2D", "vec4(textureSize(s, 1), 0.0, 0.0)", { 11, 21, 0, 0 } },
      { 130, false, "isampler2DArray", "vec4(textureSize(s, 0), 0.0)", { 10, 20, 30, 0 } },
      { 130, false, "usampler1D", "vec4(float(textureSize(s, 2)))", { 12, 12, 12, 12 } },
      { 130, false, "samplerCube", "vec4(textureSize(s, 3), 0.0, 0.0)", { 13, 23, 0, 0 } },
      { 130, false, "sampler2DShadow", "vec4(textureSize(s, 0), 0.0, 0.0)", { 10, 20, 0, 0 } },
      { 130, false, "sampler1DArrayShadow", "vec4(textureSize(s, 4), 0.0, 0.0)", { 14, 24, 0, 0 } },
      { 130, false, "samplerCubeArrayShadow", "vec4(textureSize(s, 2), 0.0)", { 12, 22, 32, 0 } },
      /* 1.50: multisample fetches take a sample (txf_ms); rectangle and
       * buffer ones and their sizes no level */
      { 150, false, "isampler2DMS", "vec4(texelFetch(s, ivec2(3, 4), 5))", { 3, 4, 0, 50 } },
      { 150, false, "usampler2DMSArray", "vec4(texelFetch(s, ivec3(1, 2, 3), 4))", { 1, 2, 3, 40 } },
      { 150, false, "isampler2DRect", "vec4(texelFetchOffset(s, ivec2(5, 6), ivec2(1, 2)))",
        { 105, 206, 0, 0 } },
      { 150, false, "samplerBuffer", "texelFetch(s, 9)", { 9, 0, 0, 0 } },
      { 150, false, "isampler2DMS", "vec4(textureSize(s), 0.0, 0.0)", { 10, 20, 0, 0 } },
      { 150, false, "samplerBuffer", "vec4(float(textureSize(s)))", { 10, 10, 10, 10 } },
      { 150, false, "sampler2DRect", "vec4(textureSize(s), 0.0, 0.0)", { 10, 20, 0, 0 } },
      /* textureGather (GL_ARB_texture_gather): the component (0 without
       * one), the reference of shadow ones, offsets */
      { 130, false, "sampler2D", "textureGather(s, vec2(0.5))", { 0, 1, 2, 3 } },
      { 130, false, "sampler2D", "textureGather(s, vec2(0.5), 2)", { 20, 21, 22, 23 } },
      { 130, false, "isampler2D", "vec4(textureGather(s, vec2(0.5), 3))", { 30, 31, 32, 33 } },
      { 130, false, "usampler2DArray", "vec4(textureGather(s, vec3(0.5, 0.5, 1.0), 1))",
        { 10, 11, 12, 13 } },
      { 130, false, "sampler2D", "textureGatherOffset(s, vec2(0.5), ivec2(1, 2), 1)",
        { 21010, 21011, 21012, 21013 } },
      { 130, false, "sampler2DShadow", "textureGather(s, vec2(0.5), 0.25)",
        { 0.25f, 1.25f, 2.25f, 3.25f } },
      { 130, false, "samplerCubeShadow", "textureGather(s, vec3(0.5), 0.5)",
        { 0.5f, 1.5f, 2.5f, 3.5f } },
      { 130, false, "sampler2DShadow", "textureGatherOffset(s, vec2(0.5), 0.25, ivec2(0, 1))",
        { 10000.25f, 10001.25f, 10002.25f, 10003.25f } },
      /* fragment shaders: a last float argument is a bias (txb) */
      { 130, true, "sampler2D", "texture(s, vec2(0.25, 0.5), 2.0)", { 0.25f, 0.5f, 0, 200 } },
      { 130, true, "sampler2D", "textureOffset(s, vec2(0.25, 0.5), ivec2(1, 2), 1.0)",
        { 0.25f, 0.5f, 0, 100 + 1000 + 20000 } },
      { 130, true, "sampler2D", "textureProjOffset(s, vec4(1.0, 2.0, 0.0, 4.0), ivec2(0, 1), 0.5)",
        { 0.25f, 0.5f, 0, 50 + 10000 } },
      { 130, true, "isampler2D", "vec4(textureProj(s, vec3(0.5, 1.0, 2.0), 1.0))", { 2, 4, 0, 100 } },
      { 130, true, "sampler2DShadow", "vec4(texture(s, vec3(0.0, 0.0, 0.5), 1.0))",
        { 100.5f, 100.5f, 100.5f, 100.5f } },
      { 130, true, "samplerCubeShadow", "vec4(texture(s, vec4(0.1, 0.2, 0.3, 0.5), 3.0))",
        { 300.5f, 300.5f, 300.5f, 300.5f } },
      /* the third argument of samplerCubeArrayShadow is the reference,
       * not a bias */
      { 130, true, "samplerCubeArrayShadow", "vec4(texture(s, vec4(0.1, 0.2, 0.3, 1.0), 0.25))",
        { 0.25f, 0.25f, 0.25f, 0.25f } },
      { 130, true, "sampler2D", "texelFetch(s, ivec2(7, 8), 1)", { 7, 8, 0, 10 } },
      { 130, true, "sampler2D", "textureGather(s, vec2(0.5), 1)", { 10, 11, 12, 13 } },
      /* GL_ARB_texture_multisample in 1.30: the multisample samplers,
       * texelFetch with a sample (txf_ms), textureSize without a level */
      { 130, false, "sampler2DMS", "texelFetch(s, ivec2(6, 2), 3)", { 6, 2, 0, 30 } },
      { 130, false, "usampler2DMS", "vec4(texelFetch(s, ivec2(1, 9), 1))", { 1, 9, 0, 10 } },
      { 130, false, "isampler2DMSArray", "vec4(texelFetch(s, ivec3(4, 5, 2), 2))", { 4, 5, 2, 20 } },
      { 130, true, "sampler2DMSArray", "texelFetch(s, ivec3(3, 1, 1), 0)", { 3, 1, 1, 0 } },
      { 130, false, "usampler2DMS", "vec4(textureSize(s), 0.0, 0.0)", { 10, 20, 0, 0 } },
      { 130, false, "sampler2DMSArray", "vec4(textureSize(s), 0.0)", { 10, 20, 30, 0 } },
      /* textureSamples (GL_ARB_shader_texture_image_samples) */
      { 130, false, "isampler2DMS", "vec4(float(textureSamples(s)))", { 4, 4, 4, 4 } },
      { 150, true, "usampler2DMSArray", "vec4(float(textureSamples(s)))", { 8, 8, 8, 8 } },
      /* textureQueryLevels (GL_ARB_texture_query_levels), any stage */
      { 130, false, "sampler2D", "vec4(float(textureQueryLevels(s)))", { 7, 7, 7, 7 } },
      { 130, true, "usamplerCube", "vec4(float(textureQueryLevels(s)))", { 7, 7, 7, 7 } },
      { 130, false, "sampler2DArrayShadow", "vec4(float(textureQueryLevels(s)))", { 7, 7, 7, 7 } },
      /* textureQueryLOD (GL_ARB_texture_query_lod, fragment shaders): P
       * without the layer (0 in the layer's place) */
      { 130, true, "sampler2D", "vec4(textureQueryLOD(s, vec2(0.25, 0.5)), 1.0, 2.0)",
        { 0.25f, 0.5f, 1, 2 } },
      { 130, true, "isampler1DArray", "vec4(textureQueryLOD(s, 0.75), 0.0, 0.0)",
        { 0.75f, 0, 0, 0 } },
      { 130, true, "sampler2DArrayShadow", "vec4(textureQueryLOD(s, vec2(0.5, 0.125)), 0.0, 0.0)",
        { 0.5f, 0.125f, 0, 0 } },
   };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      char src[768];
      snprintf(src, sizeof src,
               "#version %u\n"
               "#extension GL_ARB_texture_gather : enable\n"
               "#extension GL_ARB_texture_cube_map_array : enable\n"
               "#extension GL_ARB_texture_multisample : enable\n"
               "#extension GL_ARB_texture_query_levels : enable\n"
               "#extension GL_ARB_texture_query_lod : enable\n"
               "#extension GL_ARB_shader_texture_image_samples : enable\n"
               "uniform %s s;\n%s"
               "void main() { %s = %s; }\n",
               cases[i].version, cases[i].sampler, cases[i].fs ? "" : "out vec4 r0;\n",
               cases[i].fs ? "gl_FragColor" : "gl_Position = vec4(0.0); r0", cases[i].expr);
      struct glsl_compiler_options o = options_130();
      if (cases[i].version == 150)
         o.desktop_versions = desktop_150;
      struct prog *P = cases[i].fs
                          ? build_with(&o, "void main() { gl_Position = vec4(0.0); }\n", src)
                          : build_with(&o, src, NULL);
      if (!P)
         continue;   /* build_with reported it */
      P->sampler = &sampler_130;
      float got[4][4];
      unsigned lanes = 1;
      bool ok;
      if (cases[i].fs) {
         float vary[4][32][4];
         unsigned disc = 0;
         memset(vary, 0, sizeof vary);
         ok = run_fragment(P, (const float (*)[32][4])vary, got, &disc);
         lanes = 4;
      } else {
         float out[34][4];
         ok = run_vertex(P, out);
         memcpy(got[0], out[16], sizeof got[0]);
      }
      for (unsigned l = 0; ok && l < lanes; l++)
         CHECK(near(got[l][0], cases[i].want[0]) && near(got[l][1], cases[i].want[1]) &&
                  near(got[l][2], cases[i].want[2]) && near(got[l][3], cases[i].want[3]),
               "%s %s lane %u: got (%g, %g, %g, %g), want (%g, %g, %g, %g)", cases[i].sampler,
               cases[i].expr, l, (double)got[l][0], (double)got[l][1], (double)got[l][2],
               (double)got[l][3], (double)cases[i].want[0], (double)cases[i].want[1],
               (double)cases[i].want[2], (double)cases[i].want[3]);
      prog_free(P);
   }
}

/* ---- built-in outputs and inputs --------------------------------------- */

static const struct ir_var *
find_var(const struct ir_shader *s, const char *name)
{
   for (const struct ir_var *v = s ? s->vars : NULL; v; v = v->next)
      if (!strcmp(v->name, name))
         return v;
   return NULL;
}

/* a colour redeclared with an interpolation qualifier (GLSL 1.30 4.3.7)
 * keeps it in the IR, marked explicit so that the pipeline does not apply
 * the shade model to it; the colours not redeclared stay smooth and not
 * explicit */
static void
test_color_interp(void)
{
   /* the vertex shader's qualifiers, with a fragment shader that reads
    * no colour (writing colours whose qualifiers differ from gl_Color's
    * would fail the link: check_color_interp), then the fragment shader's
    * with a vertex shader that writes none */
   struct prog *P = build_130("#version 130\n"
                              "flat out vec4 gl_FrontColor;\n"
                              "noperspective out vec4 gl_BackSecondaryColor;\n"
                              "smooth out vec4 gl_BackColor;\n"
                              "void main() {\n"
                              "  gl_Position = vec4(0.0);\n"
                              "  gl_FrontColor = vec4(1.0); gl_BackColor = vec4(2.0);\n"
                              "  gl_FrontSecondaryColor = vec4(3.0); gl_BackSecondaryColor = vec4(4.0);\n"
                              "}\n",
                              "#version 130\n"
                              "void main() { gl_FragColor = vec4(0.0); }\n");
   struct prog *F = build_130("#version 130\n"
                              "void main() { gl_Position = vec4(0.0); }\n",
                              "#version 130\n"
                              "flat in vec4 gl_Color;\n"
                              "noperspective in vec4 gl_SecondaryColor;\n"
                              "void main() { gl_FragColor = gl_Color + gl_SecondaryColor; }\n");
   if (!P || !F) {
      if (P)
         prog_free(P);
      if (F)
         prog_free(F);
      return;
   }
   static const struct {
      unsigned stage;
      const char *name;
      enum ir_var_mode mode;
      int location;
      enum ir_interp interp;
      bool explicit_;
   } want[] = {
      { GLSL_STAGE_VERTEX, "gl_FrontColor", IR_VAR_OUTPUT, GLSL_FF_VARYING_COLOR0, IR_INTERP_FLAT, true },
      { GLSL_STAGE_VERTEX, "gl_BackColor", IR_VAR_OUTPUT, GLSL_FF_VARYING_BCOLOR0, IR_INTERP_SMOOTH,
        true },
      { GLSL_STAGE_VERTEX, "gl_FrontSecondaryColor", IR_VAR_OUTPUT, GLSL_FF_VARYING_COLOR1,
        IR_INTERP_SMOOTH, false },
      { GLSL_STAGE_VERTEX, "gl_BackSecondaryColor", IR_VAR_OUTPUT, GLSL_FF_VARYING_BCOLOR1,
        IR_INTERP_NOPERSPECTIVE, true },
      { GLSL_STAGE_FRAGMENT, "gl_Color", IR_VAR_INPUT, GLSL_FF_VARYING_COLOR0, IR_INTERP_FLAT, true },
      { GLSL_STAGE_FRAGMENT, "gl_SecondaryColor", IR_VAR_INPUT, GLSL_FF_VARYING_COLOR1,
        IR_INTERP_NOPERSPECTIVE, true },
   };
   for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
      const struct prog *W = want[i].stage == GLSL_STAGE_VERTEX ? P : F;
      const struct ir_var *v = find_var(W->pi->ir[want[i].stage], want[i].name);
      CHECK(v && v->mode == want[i].mode && v->semantic == IR_SEM_GENERIC &&
               v->location == want[i].location && v->interp == want[i].interp &&
               v->interp_explicit == want[i].explicit_,
            "%s: mode %d location %d interp %d explicit %d", want[i].name, v ? (int)v->mode : -1,
            v ? v->location : -1, v ? (int)v->interp : -1, v ? (int)v->interp_explicit : -1);
   }
   /* the text form says it, and irexec's slots carry it to the pipeline */
   char *text = ir_print_shader_to_string(P->pi->ir[GLSL_STAGE_VERTEX]);
   CHECK(text && strstr(text, "output vec4 @gl_FrontColor location 0 flat explicit\n") &&
            strstr(text, "output vec4 @gl_BackColor location 2 explicit\n") &&
            strstr(text, "output vec4 @gl_FrontSecondaryColor location 1\n"),
         "IR:\n%s", text ? text : "(null)");
   free(text);
   char err[256];
   struct irexec_program *x = irexec_create(F->pi->ir[GLSL_STAGE_FRAGMENT], err, sizeof err);
   CHECK(x, "irexec_create: %s", err);
   if (x) {
      const struct irexec_slot *ins;
      irexec_get_inputs(x, &ins);
      int c0 = irexec_find_input(x, IR_SEM_GENERIC, GLSL_FF_VARYING_COLOR0);
      CHECK(c0 >= 0 && ins[c0].interp == IR_INTERP_FLAT && ins[c0].interp_explicit,
            "gl_Color's slot %d", c0);
      irexec_destroy(x);
   }
   prog_free(P);
   prog_free(F);
}

/* Runs the vertex shader once: clip[i] = gl_ClipDistance[i], *n the
 * elements the IR has. */
static bool
run_clip(struct prog *P, float clip[8], unsigned *n)
{
   char err[256];
   struct irexec_program *x = irexec_create(P->pi->ir[GLSL_STAGE_VERTEX], err, sizeof err);
   if (!x) {
      CHECK(0, "irexec_create: %s", err);
      return false;
   }
   const struct irexec_slot *outs;
   unsigned no = irexec_get_outputs(x, &outs);
   const struct irexec_slot *ins;
   unsigned ni = irexec_get_inputs(x, &ins);
   float (*in)[4] = calloc(ni + 1, sizeof *in);
   float (*o)[4] = calloc(no + 1, sizeof *o);
   struct irexec_env env;
   env_for(P, 0, &env);
   bool ok = irexec_run_vertices(x, &env, 1, (const float (*)[4])in, o);
   CHECK(ok, "irexec_run_vertices failed");
   *n = 0;
   for (unsigned i = 0; i < no; i++)
      if (outs[i].semantic == IR_SEM_CLIP_DISTANCE && outs[i].array_index < 8) {
         clip[outs[i].array_index] = o[i][0];
         (*n)++;
      }
   free(in);
   free(o);
   irexec_destroy(x);
   return ok;
}

/* gl_ClipDistance: an IR_SEM_CLIP_DISTANCE output array of the redeclared
 * size (or the largest constant index + 1), written element by element,
 * also with a dynamic index; the fragment shader's input of the same
 * semantic */
static void
test_clip_distance(void)
{
   struct prog *P = build_130("#version 130\n"
                              "uniform int k;\n"
                              "out float gl_ClipDistance[3];\n"
                              "void main() {\n"
                              "  gl_Position = vec4(0.0);\n"
                              "  gl_ClipDistance[0] = 0.5;\n"
                              "  gl_ClipDistance[1] = -1.0;\n"
                              "  gl_ClipDistance[k] = float(k) * 2.0;\n"
                              "}\n",
                              "#version 130\n"
                              "in float gl_ClipDistance[3];\n"
                              "void main() { gl_FragColor = vec4(gl_ClipDistance[2]); }\n");
   if (!P)
      return;
   uset(P, "k", (float[]){ 2 }, 1);
   CHECK(P->pi->writes_clip_distance, "writes_clip_distance");
   const struct ir_var *v = find_var(P->pi->ir[GLSL_STAGE_VERTEX], "gl_ClipDistance");
   CHECK(v && v->mode == IR_VAR_OUTPUT && v->semantic == IR_SEM_CLIP_DISTANCE &&
            v->array_len == 3 && v->type.base == IR_FLOAT && v->type.comps == 1,
         "vertex gl_ClipDistance: mode %d semantic %d length %u", v ? (int)v->mode : -1,
         v ? (int)v->semantic : -1, v ? v->array_len : 0);
   const struct ir_var *f = find_var(P->pi->ir[GLSL_STAGE_FRAGMENT], "gl_ClipDistance");
   CHECK(f && f->mode == IR_VAR_INPUT && f->semantic == IR_SEM_CLIP_DISTANCE && f->array_len == 3,
         "fragment gl_ClipDistance: mode %d semantic %d length %u", f ? (int)f->mode : -1,
         f ? (int)f->semantic : -1, f ? f->array_len : 0);
   float clip[8] = { 0 };
   unsigned n = 0;
   if (run_clip(P, clip, &n)) {
      CHECK(n == 3, "%u clip distances", n);
      CHECK(clip[0] == 0.5f && clip[1] == -1.0f && clip[2] == 4.0f, "clip (%g, %g, %g)",
            (double)clip[0], (double)clip[1], (double)clip[2]);
   }
   prog_free(P);

   /* not redeclared: sized by the largest constant index */
   P = build_130("#version 130\nvoid main() { gl_Position = vec4(0.0); gl_ClipDistance[4] = 1.0; }\n",
                 NULL);
   if (P) {
      v = find_var(P->pi->ir[GLSL_STAGE_VERTEX], "gl_ClipDistance");
      CHECK(v && v->semantic == IR_SEM_CLIP_DISTANCE && v->array_len == 5, "length %u",
            v ? v->array_len : 0);
      CHECK(P->pi->writes_clip_distance, "writes_clip_distance");
   }
   prog_free(P);

   /* a shader without it does not clip by distance */
   P = build_130("#version 130\nvoid main() { gl_Position = vec4(0.0); }\n", NULL);
   if (P)
      CHECK(!P->pi->writes_clip_distance && !find_var(P->pi->ir[GLSL_STAGE_VERTEX], "gl_ClipDistance"),
            "writes_clip_distance without gl_ClipDistance");
   prog_free(P);
}

/* ---- user fragment outputs (link_frag_outputs) ------------------------- */

static struct glsl_program *
link_fs_130(const char *fs, const struct glsl_attrib_binding *b, unsigned nb)
{
   struct glsl_compiler_options o = options_130();
   const char *srcs[2] = { "#version 130\nin vec4 p; void main() { gl_Position = p; }\n", fs };
   enum glsl_stage st[2] = { GLSL_STAGE_VERTEX, GLSL_STAGE_FRAGMENT };
   return link_sources(&o, srcs, st, 2, b, nb);
}

static int
out_location(const struct glsl_program *p, const char *name)
{
   const struct glsl_program_interface *pi = glsl_program_get_interface(p);
   const struct ir_var *v = pi ? find_var(pi->ir[GLSL_STAGE_FRAGMENT], name) : NULL;
   return v && v->mode == IR_VAR_OUTPUT ? v->location : -100;
}

/* GL 3.0 section 3.12.2: layout(location) first, then
 * glBindFragDataLocation's bindings, then the lowest free colour numbers;
 * clashes, locations past the draw buffers and mixing with gl_FragColor
 * fail the link */
static void
test_frag_outputs(void)
{
   static const char fs[] =
      "#version 130\n#extension GL_ARB_explicit_attrib_location : enable\n"
      "out vec4 a; layout(location = 0) out vec4 b; out vec4 c[2]; out vec4 d;\n"
      "void main() { a = vec4(1.0); b = vec4(2.0); c[0] = c[1] = vec4(3.0); d = vec4(4.0); }\n";
   /* d bound to 5; b explicit at 0; a then c (2 slots) take 1, 2-3 */
   struct glsl_attrib_binding bind[2] = { { "d", 5, true }, { "a", 2, false } };
   struct glsl_program *p = link_fs_130(fs, bind, 2);
   CHECK(glsl_program_linked(p), "link: %s", glsl_program_info_log(p));
   CHECK(out_location(p, "b") == 0, "b at %d", out_location(p, "b"));
   CHECK(out_location(p, "a") == 1, "a at %d (an attribute binding does not count)",
         out_location(p, "a"));
   CHECK(out_location(p, "c") == 2, "c at %d", out_location(p, "c"));
   CHECK(out_location(p, "d") == 5, "d at %d", out_location(p, "d"));
   glsl_program_destroy(p);

   /* a binding to a taken number, past the buffers; gl_FragColor too */
   struct glsl_attrib_binding clash[1] = { { "a", 0, true } };
   p = link_fs_130(fs, clash, 1);
   CHECK(!glsl_program_linked(p) &&
            strstr(glsl_program_info_log(p), "fragment outputs 'b' and 'a' both write colour "
                                             "number 0"), "clash: %s", glsl_program_info_log(p));
   glsl_program_destroy(p);
   struct glsl_attrib_binding past[1] = { { "c", 7, true } };
   p = link_fs_130(fs, past, 1);
   CHECK(!glsl_program_linked(p) &&
            strstr(glsl_program_info_log(p), "fragment output 'c' is bound to location 7, but "
                                             "there are 8 draw buffers"),
         "past: %s", glsl_program_info_log(p));
   glsl_program_destroy(p);
   /* one fragment shader writing both is a compile error (sema); two of a
    * program, one each, fail the link */
   struct glsl_compiler_options o = options_130();
   const char *srcs[3] = { "#version 130\nin vec4 p; void main() { gl_Position = p; }\n",
                           ("#version 130\nout vec4 a; void f(); void main() { a = vec4(1.0); "
                            "f(); }\n"),
                           "#version 130\nvoid f() { gl_FragColor = vec4(0.0); }\n" };
   enum glsl_stage st[3] = { GLSL_STAGE_VERTEX, GLSL_STAGE_FRAGMENT, GLSL_STAGE_FRAGMENT };
   p = link_sources(&o, srcs, st, 3, NULL, 0);
   CHECK(!glsl_program_linked(p) && strstr(glsl_program_info_log(p), "both gl_FragColor"),
         "mixed: %s", glsl_program_info_log(p));
   glsl_program_destroy(p);
}

/* ---- GLSL ES 3.00's packing functions ---------------------------------- */

/* run at run time (k is a uniform, so nothing folds) in a 300 es vertex
 * shader */
static void
test_packing_es300(void)
{
   static const uint16_t es300[] = { 100, 300, 0 }, none[] = { 0 };
   static const char vs[] =
      "#version 300 es\n"
      "uniform float k;\n"
      "flat out highp uvec4 p;\n"
      "out vec4 f0, f1;\n"
      "void main() {\n"
      "  p = uvec4(packUnorm2x16(vec2(0.5 * k, 1.0)), packSnorm2x16(vec2(-k, 0.5)),\n"
      "            packHalf2x16(vec2(k, -2.0)), packUnorm2x16(vec2(-k, 2.0 * k)));\n"
      "  f0 = vec4(unpackSnorm2x16(uint(k) * 0x80017fffu), unpackHalf2x16(uint(k) * 0xbc004200u));\n"
      "  f1 = vec4(unpackUnorm2x16(uint(k) * 0x0000ffffu), unpackSnorm2x16(uint(k) * 0x80004000u));\n"
      "  gl_Position = vec4(0.0);\n"
      "}\n";
   struct glsl_compiler_options o = test_options();
   o.es_context = true;
   o.desktop_versions = none;
   o.es_versions = es300;
   struct prog *P = build_with(&o, vs, NULL);
   CHECK(P != NULL, "the 300 es packing shader builds");
   if (!P)
      return;
   uset(P, "k", (float[]){ 1.0f }, 1);
   float out[34][4];
   bool ok = run_vertex(P, out);
   prog_free(P);
   if (!ok)
      return;
   /* round(0.5 * 65535) = 32768 = 0x8000, 1.0 -> 0xffff; -1.0 -> -32767 =
    * 0x8001, round(0.5 * 32767) = 16384 = 0x4000; half 1.0 = 0x3c00, -2.0 =
    * 0xc000; unorm clamps -1 to 0 and 2 to 0xffff */
   CHECK_UVEC(out[16], 0xffff8000u, 0x40008001u, 0xc0003c00u, 0xffff0000u);
   /* 0x7fff -> 1.0, 0x8001 -> -1.0; half 0x4200 = 3.0, 0xbc00 = -1.0 */
   CHECK_EXACT(out[17], 1.0f, -1.0f, 3.0f, -1.0f);
   /* 0xffff -> 1.0, 0 -> 0; 0x4000 -> 16384 / 32767, 0x8000 (-32768)
    * clamps to -1.0 */
   CHECK_EXACT(out[18], 1.0f, 0.0f, 16384.0f / 32767.0f, -1.0f);
}

/* ---- determinant() and inverse() at run time (GLSL 1.50 / 1.40) ------ */

/* C reference: the determinant of the n x n column-major matrix m by the
 * Leibniz formula (a different expansion from the compiler's cofactors) */
static double
ref_det(const float *m, unsigned n)
{
   unsigned p[4] = { 0, 1, 2, 3 };
   double sum = 0;
   /* every permutation of 0..n-1 by Heap's algorithm: c[] counters */
   unsigned c[4] = { 0 }, i = 0;
   int sign = 1;
   for (;;) {
      double t = sign;
      for (unsigned r = 0; r < n; r++)
         t *= m[p[r] * n + r];   /* row r, column p[r] */
      sum += t;
      while (i < n && c[i] >= i) {
         c[i] = 0;
         i++;
      }
      if (i >= n)
         break;
      unsigned j = i & 1 ? c[i] : 0;
      unsigned tmp = p[j];
      p[j] = p[i];
      p[i] = tmp;
      sign = -sign;
      c[i]++;
      i = 0;
   }
   return sum;
}

static void
test_det_inverse(void)
{
   /* well-conditioned matrices given as uniforms (not folded) */
   static const float m2[4] = { 4, 1, 2, 3 };
   static const float m3[9] = { 2, 0, 1, 1, 3, 2, 1, 1, 4 };
   static const float m4[16] = { 5, 1, 0, 2, 1, 4, 1, 0, 0, 2, 6, 1, 1, 0, 1, 3 };
   struct glsl_compiler_options o = options_130();
   o.desktop_versions = desktop_150;
   struct prog *P = build_with(&o,
                               "#version 150\n"
                               "uniform mat2 A2; uniform mat3 A3; uniform mat4 A4;\n"
                               "out vec4 r0, r1, r2, r3, r4, r5, r6, r7;\n"
                               "void main() {\n"
                               "  r0 = vec4(determinant(A2), determinant(A3), determinant(A4), 0.0);\n"
                               "  mat2 i2 = inverse(A2); mat3 i3 = inverse(A3); mat4 i4 = inverse(A4);\n"
                               "  r1 = vec4(i2[0], i2[1]);\n"
                               "  r2 = vec4(i3[0], 0.0); r3 = vec4(i3[1], 0.0); r4 = vec4(i3[2], 0.0);\n"
                               "  mat4 e = i4 * A4;\n"   /* the identity */
                               "  r5 = e[0]; r6 = e[3];\n"
                               "  r7 = i4[1];\n"
                               "  gl_Position = vec4(0.0);\n"
                               "}\n",
                               NULL);
   CHECK(P != NULL, "determinant/inverse program");
   if (!P)
      return;
   uset(P, "A2", m2, 4);
   uset(P, "A3", m3, 9);
   uset(P, "A4", m4, 16);
   float out[34][4];
   bool ok = run_vertex(P, out);
   prog_free(P);
   CHECK(ok, "run");
   if (!ok)
      return;
   double d2 = ref_det(m2, 2), d3 = ref_det(m3, 3), d4 = ref_det(m4, 4);
   CHECK(fabs(out[16][0] - d2) < 1e-4 && fabs(out[16][1] - d3) < 1e-4 &&
            fabs(out[16][2] - d4) < 1e-3 * fabs(d4),
         "determinants %g %g %g, expected %g %g %g", out[16][0], out[16][1], out[16][2], d2, d3,
         d4);
   /* mat2: inverse = (1/det) [d -c; -b a] in column-major (a b c d) = (4 1 2 3) */
   CHECK(fabs(out[17][0] - 3 / d2) < 1e-6 && fabs(out[17][1] - -1 / d2) < 1e-6 &&
            fabs(out[17][2] - -2 / d2) < 1e-6 && fabs(out[17][3] - 4 / d2) < 1e-6,
         "inverse(mat2) (%g %g %g %g)", out[17][0], out[17][1], out[17][2], out[17][3]);
   /* mat3: A3 * inverse(A3) = I, checked in C */
   for (unsigned r = 0; r < 3; r++)
      for (unsigned c = 0; c < 3; c++) {
         double sum = 0;
         for (unsigned k = 0; k < 3; k++)
            sum += m3[k * 3 + r] * out[18 + c][k];
         CHECK(fabs(sum - (r == c)) < 1e-5, "(A3 inverse(A3))[%u][%u] = %g", c, r, sum);
      }
   /* mat4: inverse(A4) * A4 = I in the shader (columns 0 and 3), and
    * inverse(A4)'s column 1 against C's cofactors: element (1, j) is the
    * cofactor of A4's (j, 1) over det */
   for (unsigned r = 0; r < 4; r++) {
      CHECK(fabs(out[21][r] - (r == 0)) < 1e-5 && fabs(out[22][r] - (r == 3)) < 1e-5,
            "identity row %u: %g %g", r, out[21][r], out[22][r]);
      float minor[9];
      unsigned k = 0;
      for (unsigned cc = 0; cc < 4; cc++)
         for (unsigned rr = 0; rr < 4; rr++)
            if (cc != r && rr != 1)
               minor[k++] = m4[cc * 4 + rr];
      double cof = ((1 + r) & 1 ? -1 : 1) * ref_det(minor, 3);
      CHECK(fabs(out[23][r] - cof / d4) < 1e-5, "inverse(A4)[1][%u] = %g, expected %g", r,
            out[23][r], cof / d4);
   }
}

int
main(void)
{
   test_det_inverse();
   test_switch();
   test_switch_in_loops();
   test_switch_divergent();
   test_uint_arith();
   test_int_conversions();
   test_texture_lookups();
   test_color_interp();
   test_clip_distance();
   test_frag_outputs();
   test_packing_es300();
   if (failures)
      fprintf(stderr, "%d failures\n", failures);
   return failures ? 1 : 0;
}
