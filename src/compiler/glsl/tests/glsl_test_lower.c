/*
 * Lowering of GLSL to Pony IR, checked by running the linked IR with the
 * interpreter (irexec) and comparing with values computed here in C:
 * arithmetic, conversions, matrices of every size and product order,
 * constructors, structs and arrays with dynamic indexing (read and write),
 * control flow, functions with out/inout parameters, built-in functions,
 * textures (and GL_ARB_shader_texture_lod's explicit levels and gradients),
 * built-in state, discard, aggregates compared with ==.
 */
#include "glsl_test_exec.h"

/* Runs a 1.20 vertex shader whose results go to varyings r0..r11
 * (locations 16..27): out[16 + i]. */
#define VS_HEADER "#version 120\nvarying vec4 r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11;\n"

static bool
vs_run(const char *body, float out[34][4], void (*setup)(struct prog *P))
{
   char *src = malloc(strlen(body) + 256);
   sprintf(src, "%s%s", VS_HEADER, body);
   struct prog *P = build(src, NULL);
   free(src);
   if (!P)
      return false;
   if (setup)
      setup(P);
   bool ok = run_vertex(P, out);
   prog_free(P);
   return ok;
}

static void set_arith(struct prog *P)
{
   uset(P, "u", (float[]){ 2.5f }, 1);
   uset(P, "k", (float[]){ 7 }, 1);
}

static void
test_arith(void)
{
   float o[34][4];
   if (!vs_run("uniform float u; uniform int k;\n"
               "void main() {\n"
               "  float a = u * 3.0 - 1.0; int i = k / 2; int j = -k / 2; int m = k * k - 3;\n"
               "  r0 = vec4(a, float(i), float(j), float(m));\n"
               "  vec3 v = vec3(1.0, 2.0, 3.0) * u + 0.5; r1 = vec4(v / 2.0, -v.x);\n"
               "  ivec2 iv = ivec2(7, -7) / 2; r2 = vec4(vec2(iv), float(5 - 8), 2);\n"
               "  float f = 1; f += 2; f *= float(k); r3 = vec4(f, 1.5 + 1.0, float(true), float(int(-2.7)));\n"
               "  bool b = u > 1.0; r4 = vec4(float(b), float(!b), float(b ^^ true), float(u == 2.5));\n"
               "  gl_Position = vec4(0.0);\n"
               "}\n", o, set_arith))
      return;
   CHECK_VEC(o[16], 2.5f * 3 - 1, 3, -3, 46);
   CHECK_VEC(o[17], (2.5f + 0.5f) / 2, (5 + 0.5f) / 2, (7.5f + 0.5f) / 2, -3.0f);
   CHECK_VEC(o[18], 3, -3, -3, 2);
   CHECK_VEC(o[19], 21, 2.5f, 1, -2);
   CHECK_VEC(o[20], 1, 0, 0, 1);
}

/* ---- matrices: C reference, column-major m[c * rows + r] ---- */

static float mA[16], mB[16], vV[4];

static void
mat_mul(const float *a, unsigned ac, unsigned ar, const float *b, unsigned bc, float *out)
{
   /* a: ac columns of ar rows; b: bc columns of ac rows; out: bc x ar */
   for (unsigned c = 0; c < bc; c++)
      for (unsigned r = 0; r < ar; r++) {
         float s = 0;
         for (unsigned k = 0; k < ac; k++)
            s += a[k * ar + r] * b[c * ac + k];
         out[c * ar + r] = s;
      }
}

static void
set_mats(struct prog *P)
{
   uset(P, "A", mA, 16);
   uset(P, "B", mB, 16);
   uset(P, "v", vV, 4);
}

/* every size C x R of A (matCxR) times B (matKxC) and times vectors */
static void
test_matrix_sizes(void)
{
   for (unsigned i = 0; i < 16; i++) {
      mA[i] = (float)(i * 3 % 7) - 2.5f + 0.25f * (float)i;
      mB[i] = (float)(i * 5 % 11) * 0.5f - 1.0f;
   }
   for (unsigned i = 0; i < 4; i++)
      vV[i] = 1.5f - (float)i * 0.75f;
   for (unsigned c = 2; c <= 4; c++)
      for (unsigned r = 2; r <= 4; r++) {
         unsigned k = 6 - c % 3;   /* the right matrix's columns: 2..4 */
         k = k > 4 ? k - 3 : k;
         char src[2048];
         /* A: matCxR, B: matKxC -> A * B: matKxR; A * v (vecC) -> vecR;
          * w (vecR) * A -> vecC */
         snprintf(src, sizeof src,
                  "uniform mat%ux%u A; uniform mat%ux%u B; uniform vec4 v;\n"
                  "void main() {\n"
                  "  mat%ux%u p = A * B;\n"
                  "  vec%u av = A * v.%.*s;\n"
                  "  vec%u va = v.%.*s * A;\n"
                  "  r0 = vec4(p[0], %s); r1 = vec4(p[1], %s);\n"
                  "  r2 = vec4(av, %s); r3 = vec4(va, %s);\n"
                  "  r4 = vec4(p[%u], %s);\n"
                  "  gl_Position = vec4(0.0);\n"
                  "}\n",
                  c, r, k, c, k, r, r, (int)c, "xyzw", c, (int)r, "xyzw",
                  r == 4 ? "" : r == 3 ? "0.0" : "0.0, 0.0", r == 4 ? "" : r == 3 ? "0.0" : "0.0, 0.0",
                  r == 4 ? "" : r == 3 ? "0.0" : "0.0, 0.0", c == 4 ? "" : c == 3 ? "0.0" : "0.0, 0.0",
                  k - 1, r == 4 ? "" : r == 3 ? "0.0" : "0.0, 0.0");
         /* "vec4(x, )" is not GLSL: drop the empty extra argument */
         for (char *p = strstr(src, ", )"); p; p = strstr(src, ", )"))
            memmove(p, p + 2, strlen(p + 2) + 1);
         float o[34][4];
         /* the uniforms are set column by column as GL does: uset writes
          * columns of `rows` floats */
         float a[16], b[16];
         memcpy(a, mA, sizeof a);
         memcpy(b, mB, sizeof b);
         if (!vs_run(src, o, set_mats))
            continue;
         float p[16], av[4], va[4];
         mat_mul(a, c, r, b, k, p);
         mat_mul(a, c, r, vV, 1, av);
         /* w * A: component j = dot(w, column j) */
         for (unsigned j = 0; j < c; j++) {
            va[j] = 0;
            for (unsigned q = 0; q < r; q++)
               va[j] += vV[q] * a[j * r + q];
         }
         for (unsigned q = 0; q < r; q++) {
            CHECK(near(o[16][q], p[0 * r + q]), "mat%ux%u*mat%ux%u col 0 row %u: %g vs %g", c, r,
                  k, c, q, (double)o[16][q], (double)p[q]);
            CHECK(near(o[17][q], p[1 * r + q]), "mat%ux%u*mat%ux%u col 1 row %u", c, r, k, c, q);
            CHECK(near(o[20][q], p[(k - 1) * r + q]), "mat%ux%u*mat%ux%u last col row %u", c, r,
                  k, c, q);
            CHECK(near(o[18][q], av[q]), "mat%ux%u*vec%u row %u: %g vs %g", c, r, c, q,
                  (double)o[18][q], (double)av[q]);
         }
         for (unsigned j = 0; j < c; j++)
            CHECK(near(o[19][j], va[j]), "vec%u*mat%ux%u comp %u: %g vs %g", r, c, r, j,
                  (double)o[19][j], (double)va[j]);
      }
}

static void
set_k(struct prog *P)
{
   uset(P, "k", (float[]){ 2 }, 1);
   uset(P, "u", (float[]){ 0.5f }, 1);
}

static void
set_u(struct prog *P)
{
   uset(P, "u", (float[]){ 0.5f }, 1);
}

static void
test_constructors(void)
{
   float o[34][4];
   if (!vs_run("uniform float u;\n"
               "void main() {\n"
               "  mat4 m4 = mat4(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0,\n"
               "                 13.0, 14.0, 15.0, 16.0);\n"
               "  mat3 m3 = mat3(m4);\n"
               "  mat4 back = mat4(mat2(m4));\n"
               "  mat2 d = mat2(u);\n"
               "  mat2x3 n = mat2x3(vec2(1.0, 2.0), 3.0, vec3(4.0, 5.0, 6.0));\n"
               "  r0 = vec4(m3[2], m3[1][1]);\n"
               "  r1 = back[1] + back[3];\n"
               "  r2 = vec4(d[0], d[1]);\n"
               "  r3 = vec4(n[1], n[0].z);\n"
               "  r4 = vec4(vec2(u), ivec2(3.7, -1.2));\n"
               "  r5 = vec4(bvec3(0.0, u, 2), float(bool(0)));\n"
               "  gl_Position = vec4(0.0);\n"
               "}\n", o, set_u))
      return;
   CHECK_VEC(o[16], 9, 10, 11, 6);
   CHECK_VEC(o[17], 5, 6, 0, 1);
   CHECK_VEC(o[18], 0.5f, 0, 0, 0.5f);
   CHECK_VEC(o[19], 4, 5, 6, 3);
   CHECK_VEC(o[20], 0.5f, 0.5f, 3, -1);
   CHECK_VEC(o[21], 0, 1, 1, 0);
}

static void
test_matrix_ops(void)
{
   float o[34][4];
   if (!vs_run("uniform float u;\n"
               "void main() {\n"
               "  mat2 a = mat2(1.0, 2.0, 3.0, 4.0), b = mat2(5.0, 6.0, 7.0, 8.0);\n"
               "  mat2 c = matrixCompMult(a, b);\n"
               "  mat3x2 t = transpose(mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0));\n"
               "  mat3x2 op = outerProduct(vec2(1.0, 2.0), vec3(3.0, 4.0, 5.0));\n"
               "  mat2 s = a + b * 2.0 - u;\n"
               "  mat2 q = a; q *= b;\n"
               "  vec2 w = vec2(1.0, 1.0); w *= a;\n"
               "  r0 = vec4(c[0], c[1]);\n"
               "  r1 = vec4(t[0], t[2]);\n"
               "  r2 = vec4(op[1], op[2]);\n"
               "  r3 = vec4(s[0], s[1]);\n"
               "  r4 = vec4(q[0], q[1]);\n"
               "  r5 = vec4(w, float(a == mat2(1.0, 2.0, 3.0, 4.0)), float(a != a));\n"
               "  r6 = vec4(-a[1], (a / 2.0)[0]);\n"
               "  gl_Position = vec4(0.0);\n"
               "}\n", o, set_u))
      return;
   CHECK_VEC(o[16], 5, 12, 21, 32);
   CHECK_VEC(o[17], 1, 4, 3, 6);
   CHECK_VEC(o[18], 4, 8, 5, 10);
   CHECK_VEC(o[19], 10.5f, 13.5f, 16.5f, 19.5f);
   /* a * b: column j = a * b[j] */
   CHECK_VEC(o[20], 1 * 5 + 3 * 6, 2 * 5 + 4 * 6, 1 * 7 + 3 * 8, 2 * 7 + 4 * 8);
   CHECK_VEC(o[21], 3, 7, 1, 0);
   CHECK_VEC(o[22], -3, -4, 0.5f, 1);
}

static void
test_structs_arrays(void)
{
   float o[34][4];
   if (!vs_run("uniform int k; uniform float u;\n"
               "struct S { float f; vec2 v[3]; };\n"
               "void main() {\n"
               "  S a[4];\n"
               "  for (int i = 0; i < 4; i++) {\n"
               "    a[i].f = float(i) * 10.0;\n"
               "    for (int j = 0; j < 3; j++) a[i].v[j] = vec2(float(i), float(j));\n"
               "  }\n"
               "  a[k].v[k - 1].y = 77.0;\n"
               "  a[k + 1].v[k] = vec2(u);\n"
               "  S b = a[k];\n"
               "  r0 = vec4(b.f, b.v[1], a[k].v[k - 1].x);\n"
               "  r1 = vec4(a[3].v[2], a[k + 1].f, float(b == a[2]));\n"
               "  float arr[5]; for (int i = 0; i < 5; i++) arr[i] = float(i * i);\n"
               "  arr[k] += 100.0;\n"
               "  vec4 v = vec4(1.0, 2.0, 3.0, 4.0); v[k] = 9.0; v[k + 1] += v[k - 2];\n"
               "  mat3 m = mat3(1.0); m[k][k - 1] = 5.0; m[1] = m[k] * 2.0;\n"
               "  r2 = vec4(arr[k], arr[k + 1], v[k], v[3]);\n"
               "  r3 = vec4(m[1], m[2][1]);\n"
               "  float c[3] = float[3](1.0, 2.0, 3.0);\n"
               "  float d[3] = c; d[k] = 5.0;\n"
               "  r4 = vec4(float(c == d), float(c != d), d[2], float[2](4.0, 6.0)[k - 1]);\n"
               "  gl_Position = vec4(0.0);\n"
               "}\n", o, set_k))
      return;
   CHECK_VEC(o[16], 20, 2, 77, 2);
   CHECK_VEC(o[17], 0.5f, 0.5f, 30, 1);
   CHECK_VEC(o[18], 104, 9, 9, 5);
   CHECK_VEC(o[19], 0, 10, 2, 5);
   CHECK_VEC(o[20], 0, 1, 5, 6);
}

static void
test_control_flow(void)
{
   float o[34][4];
   if (!vs_run("uniform int k; uniform float u;\n"
               "float f(int n) {\n"
               "  float s = 0.0;\n"
               "  for (int i = 0; i < 100; i++) {\n"
               "    if (i == n) return s;\n"
               "    if (i - (i / 2) * 2 == 1) continue;\n"
               "    s += float(i);\n"
               "  }\n"
               "  return -1.0;\n"
               "}\n"
               "void main() {\n"
               "  int i = 0; float w = 0.0;\n"
               "  while (true) { i++; if (i > 5 + k) break; if (i == 3) continue; w += 1.0; }\n"
               "  int d = 0; float dw = 0.0;\n"
               "  do { d++; if (d == 2) continue; dw += float(d); } while (d < 4);\n"
               "  r0 = vec4(float(i), w, float(d), dw);\n"
               "  r1 = vec4(f(7), f(200), u > 0.0 ? 1.0 : 2.0, k == 2 ? u : -u);\n"
               "  int c = 0; bool t = (k == 3) && (c++ > 0); bool t2 = (k == 2) || (c++ > 0);\n"
               "  bool t3 = (k == 2) && (++c > 0);\n"
               "  r2 = vec4(float(c), float(t), float(t2), float(t3));\n"
               "  int n = 5; int m = n++ + ++n; int z = n--; --z;\n"
               "  r3 = vec4(float(n), float(m), float(z), float((n += 2, n * 2)));\n"
               "  vec4 v = vec4(1.0, 2.0, 3.0, 4.0); v.zx = vec2(7.0, 8.0); v.yw += 1.0;\n"
               "  r4 = v.wzyx;\n"
               "  gl_Position = vec4(0.0);\n"
               "}\n", o, set_k))
      return;
   /* while: i = 1..8, breaks at 8 (> 7); w counts i = 1..7 except 3 */
   CHECK_VEC(o[16], 8, 6, 4, 1 + 3 + 4);
   /* f(7): even i below 7: 0 + 2 + 4 + 6; f(200): -1 */
   CHECK_VEC(o[17], 12, -1, 1, 0.5f);
   CHECK_VEC(o[18], 1, 0, 1, 1);
   /* n++ (5) + ++n (7): 12; z = n-- (7, n 6), then 6; arguments left to
    * right: float(n) is 6, then (n += 2, n * 2) is 16 */
   CHECK_VEC(o[19], 6, 12, 6, 16);
   CHECK_VEC(o[20], 5, 7, 3, 8);
}

static void
test_functions(void)
{
   float o[34][4];
   if (!vs_run("uniform int k; uniform float u;\n"
               "struct P { vec2 a; float b[2]; };\n"
               "void split(in vec4 v, out vec2 lo, inout float acc) { lo = v.xy; acc += v.w; }\n"
               "P make(float x) { P p; p.a = vec2(x, x + 1.0); p.b[0] = x * 2.0; p.b[1] = -x; return p; }\n"
               "mat2 rot(float s) { return mat2(s, 0.0, 0.0, -s); }\n"
               "void bump(inout P p) { p.b[1] += 10.0; }\n"
               "int twice(int x) { return x * 2; }\n"
               "float g(float x);\n"
               "void main() {\n"
               "  vec2 lo; float acc = 1.0;\n"
               "  split(vec4(1.0, 2.0, 3.0, 4.0), lo, acc);\n"
               "  split(vec4(5.0, 6.0, 7.0, 8.0), lo, acc);\n"
               "  P p = make(u); bump(p);\n"
               "  vec4 sw = vec4(0.0); split(vec4(9.0), sw.wy, sw.x);\n"
               "  float arr[3]; arr[0] = 1.0; arr[1] = 2.0; arr[2] = 3.0;\n"
               "  split(vec4(1.0, 1.0, 1.0, 1.0), lo, arr[k]);\n"
               "  r0 = vec4(lo, acc, float(twice(twice(k))));\n"
               "  r1 = vec4(p.a, p.b[0], p.b[1]);\n"
               "  r2 = vec4(rot(u)[1], g(u), make(3.0).b[1]);\n"
               "  r3 = vec4(sw.xyw, arr[2]);\n"
               "  gl_Position = vec4(0.0);\n"
               "}\n"
               "float g(float x) { return x * x; }\n", o, set_k))
      return;
   CHECK_VEC(o[16], 1, 1, 13, 8);
   CHECK_VEC(o[17], 0.5f, 1.5f, 1, 9.5f);
   CHECK_VEC(o[18], 0, -0.5f, 0.25f, -3);
   CHECK_VEC(o[19], 9, 9, 9, 4);
}

static void
test_builtins(void)
{
   float o[34][4];
   if (!vs_run("uniform float u;\n"
               "void main() {\n"
               "  r0 = vec4(sin(u), pow(2.0, u + 1.0), clamp(u * 4.0, 0.0, 1.5), mix(1.0, 3.0, u));\n"
               "  r1 = vec4(step(0.6, u), smoothstep(0.0, 1.0, u * 0.5), length(vec2(3.0, 4.0)),\n"
               "            dot(vec3(1.0, 2.0, 3.0), vec3(u)));\n"
               "  r2 = vec4(cross(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0)), distance(vec2(1.0), vec2(4.0, 5.0)));\n"
               "  r3 = vec4(normalize(vec2(0.0, -2.0)), reflect(vec2(1.0, -1.0), vec2(0.0, 1.0)));\n"
               "  r4 = vec4(min(vec2(u, 2.0), 1.0), max(-u, -1.0), mod(7.5, 2.0));\n"
               "  r5 = vec4(fract(-1.25), abs(-u), sign(-3.0), floor(-1.5) + ceil(1.2));\n"
               "  bvec3 lt = lessThan(vec3(1.0, u, 3.0), vec3(2.0, 0.25, 3.5));\n"
               "  r6 = vec4(float(any(lt)), float(all(lt)), float(not(lt).y), float(equal(ivec2(1, 2), ivec2(1, 3)).y));\n"
               "  r7 = vec4(exp2(3.0), log2(8.0), sqrt(16.0), inversesqrt(4.0)) + noise4(u);\n"
               "  r8 = step(0.6, vec4(0.5, 0.7, u, 1.0));\n"
               "  r9 = smoothstep(0.0, 2.0, vec4(0.0, 1.0, 2.0, u));\n"
               "  r10 = vec4(mix(vec2(1.0, 2.0), vec2(3.0, 6.0), u), clamp(vec2(-1.0, 5.0), 0.0, 1.0));\n"
               "  mat2 m = matrixCompMult(mat2(1.0, 2.0, 3.0, 4.0), mat2(u));\n"
               "  r11 = vec4(m[0], m[1]);\n"
               "  gl_Position = vec4(0.0);\n"
               "}\n", o, set_u))
      return;
   float u = 0.5f;
   CHECK_VEC(o[16], sinf(u), powf(2, 1.5f), 1.5f, 2);
   float t = u * 0.5f;
   CHECK_VEC(o[17], 0, t * t * (3 - 2 * t), 5, 3);
   CHECK_VEC(o[18], 0, 0, 1, 5);
   CHECK_VEC(o[19], 0, -1, 1, 1);
   CHECK_VEC(o[20], 0.5f, 1, -0.5f, 1.5f);
   CHECK_VEC(o[21], 0.75f, 0.5f, -1, 0);
   CHECK_VEC(o[22], 1, 0, 1, 0);
   CHECK_VEC(o[23], 8, 3, 4, 0.5f);
   /* scalar arguments repeated to the vector's width */
   CHECK_VEC(o[24], 0, 1, 0, 1);
   float s4 = 0.25f * 0.25f * (3 - 2 * 0.25f);   /* smoothstep at x / 2 = 0.25 */
   CHECK_VEC(o[25], 0, 0.5f, 1, s4);
   CHECK_VEC(o[26], 2, 4, 0, 1);
   CHECK_VEC(o[27], 0.5f, 0, 0, 2);   /* diagonal mat2(u) = (u, 0; 0, u) */
}

static void
test_textures(void)
{
   float o[34][4];
   /* vertex shader: texture2DLod; the fake texture returns the
    * coordinates and unit + 10 * lod + 100 * bias */
   if (!vs_run("uniform sampler2D s0; uniform sampler2D s1; uniform sampler2DShadow sh;\n"
               "uniform samplerCube cube;\n"
               "void main() {\n"
               "  r0 = texture2DLod(s1, vec2(0.25, 0.5), 2.0);\n"
               "  r1 = texture2DProj(s0, vec3(1.0, 2.0, 4.0));\n"
               "  r2 = texture2DProj(s1, vec4(1.0, 2.0, 7.0, 2.0));\n"
               "  r3 = shadow2D(sh, vec3(0.1, 0.2, 0.8));\n"
               "  r4 = textureCube(cube, vec3(0.1, 0.2, 0.3));\n"
               "  r5 = shadow2DProj(sh, vec4(0.1, 0.2, 0.8, 2.0));\n"
               "  gl_Position = vec4(0.0);\n"
               "}\n", o, NULL))
      return;
   /* the sampler table: s0 0, s1 1, sh 2, cube 3 (declaration order) */
   CHECK_VEC(o[16], 0.25f, 0.5f, 0, 1 + 20);
   CHECK_VEC(o[17], 0.25f, 0.5f, 0, 0);
   CHECK_VEC(o[18], 0.5f, 1, 0, 1);
   CHECK_VEC(o[19], 0.4f, 0.4f, 0.4f, 1);
   CHECK_VEC(o[20], 0.1f, 0.2f, 0.3f, 3);
   CHECK_VEC(o[21], 0.2f, 0.2f, 0.2f, 1);
}

/* a sampler array indexed by a uniform and by a loop counter: each
 * element looked up, the indexed one selected (an index out of range
 * reads element 0); the fake texture's w is the sampler table entry */
static void
set_sampler_index(struct prog *P)
{
   uset(P, "i", (float[]){ 2 }, 1);
}

static void
test_sampler_array_index(void)
{
   float o[34][4];
   if (!vs_run("uniform sampler2D s[3]; uniform int i;\n"
               "void main() {\n"
               "  r0 = texture2DLod(s[i], vec2(0.25, 0.5), 0.0);\n"
               "  r1 = texture2DLod(s[i - 1], vec2(0.25, 0.5), 1.0);\n"
               "  r2 = texture2DLod(s[i + 5], vec2(0.25, 0.5), 0.0);\n"
               "  r3 = vec4(0.0);\n"
               "  for (int k = 0; k < 3; k++)\n"
               "    r3 += texture2DLod(s[k], vec2(0.0), 0.0);\n"
               "  gl_Position = vec4(0.0);\n"
               "}\n", o, set_sampler_index))
      return;
   CHECK_VEC(o[16], 0.25f, 0.5f, 0, 2);
   CHECK_VEC(o[17], 0.25f, 0.5f, 0, 1 + 10);
   CHECK_VEC(o[18], 0.25f, 0.5f, 0, 0);
   CHECK_VEC(o[19], 0, 0, 0, 0 + 1 + 2);
}

/* structs holding samplers as parameters (GLSL 1.10 normal-parameter-
 * struct): the function is specialized per argument place, which it reads
 * itself; each call samples its own element's sampler and scales by its f */
static void
set_sampler_structs(struct prog *P)
{
   uset(P, "s[0].f", (float[]){ 2 }, 1);
   uset(P, "s[1].f", (float[]){ 3 }, 1);
}

static void
test_sampler_struct_params(void)
{
   float o[34][4];
   if (!vs_run("struct S { float f; sampler2D tex; };\n"
               "uniform S s[2];\n"
               "vec4 foo(S a, float lod) {\n"
               "  return texture2DLod(a.tex, vec2(0.25, 0.5), lod) * a.f;\n"
               "}\n"
               "void main() {\n"
               "  r0 = foo(s[0], 0.0);\n"
               "  r1 = foo(s[1], 1.0);\n"
               "  r2 = foo(s[0], 2.0);\n"
               "  gl_Position = vec4(0.0);\n"
               "}\n", o, set_sampler_structs))
      return;
   /* the fake texture: (s, t, 0, sampler entry + 10 * lod); s[0].tex is
    * entry 0, s[1].tex entry 1 */
   CHECK_VEC(o[16], 0.5f, 1.0f, 0, 0);
   CHECK_VEC(o[17], 0.75f, 1.5f, 0, 3 * (1 + 10));
   CHECK_VEC(o[18], 0.5f, 1.0f, 0, 2 * 20);
}

/* ?: with void operands (GLSL 1.10 5.9): only the selected call runs */
static void
set_void_ternary(struct prog *P)
{
   uset(P, "b", (float[]){ 1 }, 1);
}

static void
test_void_ternary(void)
{
   float o[34][4];
   if (!vs_run("uniform bool b;\n"
               "void f() { r0 = vec4(1.0); }\n"
               "void g() { r0 = vec4(2.0); r1 = vec4(3.0); }\n"
               "void main() {\n"
               "  r0 = vec4(0.0); r1 = vec4(0.0);\n"
               "  b ? f() : g();\n"
               "  !b ? f() : g();\n"
               "  gl_Position = vec4(0.0);\n"
               "}\n", o, set_void_ternary))
      return;
   CHECK_VEC(o[16], 2, 2, 2, 2);   /* f, then g */
   CHECK_VEC(o[17], 3, 3, 3, 3);
}

/* built-in state: row i of GLSL_CBUF_STATE is state_rows[stage][i] */
static void
test_state(void)
{
   struct prog *P = build(VS_HEADER
                          "void main() {\n"
                          "  r0 = gl_ModelViewMatrix[1];\n"
                          "  r1 = vec4(gl_NormalMatrix[2], gl_LightSource[1].spotCutoff);\n"
                          "  r2 = vec4(gl_Fog.density, gl_Fog.end, gl_DepthRange.diff, gl_Point.sizeMax);\n"
                          "  r3 = gl_FrontMaterial.diffuse;\n"
                          "  gl_Position = ftransform();\n"
                          "}\n", NULL);
   if (!P)
      return;
   const struct glsl_program_interface *pi = P->pi;
   unsigned n = pi->num_state_rows[GLSL_STAGE_VERTEX];
   const struct pony_state_ref *rows = pi->state_rows[GLSL_STAGE_VERTEX];
   CHECK(n > 0 && n < 512, "%u rows", n);
   /* each row's value: 100 * item + 10 * index + row, then + component / 10 */
   for (unsigned i = 0; i < n && i < 512; i++)
      for (unsigned c = 0; c < 4; c++)
         P->state[0][i][c] = 100.0f * rows[i].item + 10.0f * rows[i].index + rows[i].row +
                             0.1f * (float)c + 1000.0f * rows[i].modifier;
   aset(P, 0, 1, 2, 3, 4);   /* gl_Vertex */
   float o[34][4];
   if (run_vertex(P, o)) {
      float mv = 100.0f * PONY_STATE_MATRIX_MODELVIEW + 1000.0f * PONY_STATE_MOD_TRANSPOSE + 1;
      CHECK_VEC(o[16], mv, mv + 0.1f, mv + 0.2f, mv + 0.3f);
      float nm = 100.0f * PONY_STATE_MATRIX_MODELVIEW + 1000.0f * PONY_STATE_MOD_INVERSE + 2;
      float sp = 100.0f * PONY_STATE_LIGHT_SPOT_PARAMS + 10.0f + 0.1f;
      CHECK_VEC(o[17], nm, nm + 0.1f, nm + 0.2f, sp);
      float fog = 100.0f * PONY_STATE_FOG_PARAMS, dr = 100.0f * PONY_STATE_DEPTH_RANGE;
      float pt = 100.0f * PONY_STATE_POINT_SIZE;
      CHECK_VEC(o[18], fog, fog + 0.2f, dr + 0.2f, pt + 0.2f);
      float md = 100.0f * PONY_STATE_MATERIAL_DIFFUSE;
      CHECK_VEC(o[19], md, md + 0.1f, md + 0.2f, md + 0.3f);
      /* ftransform: sum over columns c of mvp column c * vertex[c] */
      float exp[4] = { 0 };
      for (unsigned c = 0; c < 4; c++) {
         float col = 100.0f * PONY_STATE_MATRIX_MVP + 1000.0f * PONY_STATE_MOD_TRANSPOSE + (float)c;
         for (unsigned r = 0; r < 4; r++)
            exp[r] += (col + 0.1f * (float)r) * (float)(c + 1);
      }
      CHECK_VEC(o[32], exp[0], exp[1], exp[2], exp[3]);
   }
   /* the material row is the front face's */
   bool front = false;
   for (unsigned i = 0; i < n; i++)
      if (rows[i].item == PONY_STATE_MATERIAL_DIFFUSE)
         front = rows[i].face == PONY_STATE_FRONT;
   CHECK(front, "gl_FrontMaterial reads the front material");
   prog_free(P);
}

static void
test_fragment(void)
{
   struct prog *P = build("#version 120\nvarying vec4 a; varying float b;\n"
                          "void main() { gl_Position = vec4(0.0); a = vec4(1.0); b = 2.0; }\n",
                          "#version 120\nvarying vec4 a; varying float b;\n"
                          "uniform bool flip; uniform vec3 tint = vec3(0.5, 0.25, 2.0);\n"
                          "void main() {\n"
                          "  if (a.x < 0.0) discard;\n"
                          "  vec4 c = a * b;\n"
                          "  if (flip) c = c.wzyx;\n"
                          "  gl_FragColor = c * vec4(tint, 1.0) + gl_Color;\n"
                          "}\n");
   if (!P)
      return;
   CHECK(P->pi->uses_discard, "uses_discard");
   CHECK(P->pi->fragment_inputs_ff == 1u << 0, "fragment_inputs_ff %#x",
         P->pi->fragment_inputs_ff);
   uset(P, "flip", (float[]){ 1 }, 1);
   float vary[4][32][4];
   memset(vary, 0, sizeof vary);
   for (unsigned l = 0; l < 4; l++) {
      /* a at 16, b at 17 (declaration order), gl_Color at 0 */
      vary[l][16][0] = l == 2 ? -1.0f : 1.0f + (float)l;
      vary[l][16][1] = 2;
      vary[l][16][2] = 3;
      vary[l][16][3] = 4;
      vary[l][17][0] = 0.5f;
      vary[l][0][3] = 0.125f;
   }
   float color[4][4];
   unsigned disc = 0;
   if (run_fragment(P, (const float (*)[32][4])vary, color, &disc)) {
      CHECK(disc == 1u << 2, "discard mask %#x", disc);
      /* a * b = (0.5, 1, 1.5, 2) (lane 0), flipped, times (tint, 1), + gl_Color */
      CHECK_VEC(color[0], 2 * 0.5f, 1.5f * 0.25f, 1 * 2, 0.5f + 0.125f);
      CHECK_VEC(color[3], 2 * 0.5f, 1.5f * 0.25f, 1 * 2, 2 + 0.125f);
   }
   prog_free(P);
}

/* two vertex shaders: a function prototyped in one and defined in the
 * other, a global shared by name */
static void
test_two_shaders(void)
{
   struct glsl_compiler_options o = test_options();
   const char *srcs[2] = {
      "#version 120\nvarying vec4 r0; float scale(float x); float g = 3.0;\n"
      "void main() { gl_Position = vec4(0.0); r0 = vec4(scale(2.0), g, 0.0, 1.0); }\n",
      "#version 120\nfloat g;\nfloat scale(float x) { g += 1.0; return x * 10.0; }\n",
   };
   enum glsl_stage st[2] = { GLSL_STAGE_VERTEX, GLSL_STAGE_VERTEX };
   struct glsl_program *p = link_sources(&o, srcs, st, 2, NULL, 0);
   CHECK(glsl_program_linked(p), "%s", glsl_program_info_log(p));
   if (glsl_program_linked(p)) {
      struct prog P;
      memset(&P, 0, sizeof P);
      P.p = p;
      P.pi = glsl_program_get_interface(p);
      float out[34][4];
      if (run_vertex(&P, out))
         CHECK_VEC(out[16], 20, 4, 0, 1);
   }
   glsl_program_destroy(p);
}

/* the IR after the passes of a small shader, as text */
static void
test_ir_text(void)
{
   struct prog *P = build("#version 110\nuniform vec4 u[3]; attribute vec4 pos;\n"
                          "void main() { gl_Position = u[1] + pos; }\n", NULL);
   if (!P)
      return;
   char *text = ir_print_shader_to_string(P->pi->ir[GLSL_STAGE_VERTEX]);
   const char *want =
      "shader vertex\n"
      "output vec4 @gl_Position semantic position\n"
      "uniform vec4 @u[3] cbuf 0 offset 0\n"
      "input vec4 @pos location 0\n"
      "\n"
      "func void @main() {\n"
      "   %0 = load_uniform vec4 @u[1]\n"
      "   %1 = load_input vec4 @pos\n"
      "   %2 = fadd vec4 %0, %1\n"
      "   store_output @gl_Position, %2\n"
      "}\n";
   CHECK(text && !strcmp(text, want), "IR:\n%s", text ? text : "(null)");
   free(text);
   prog_free(P);
}

/* hostile inputs: deep call chains, big arrays, exponential inlining */
static void
test_limits(void)
{
   /* 300 functions each calling the next: deeper than the lowering's limit */
   size_t cap = 300 * 80 + 256;
   char *src = malloc(cap), *p = src;
   p += sprintf(p, "#version 120\nfloat f300(float x) { return x + 1.0; }\n");
   for (int i = 299; i >= 0; i--)
      p += sprintf(p, "float f%d(float x) { return f%d(x) + 1.0; }\n", i, i + 1);
   sprintf(p, "void main() { gl_Position = vec4(f0(0.0)); }\n");
   struct glsl_compiler_options o = test_options();
   enum glsl_stage st = GLSL_STAGE_VERTEX;
   const char *s1 = src;
   struct glsl_program *prog = link_sources(&o, &s1, &st, 1, NULL, 0);
   CHECK(!glsl_program_linked(prog) &&
         strstr(glsl_program_info_log(prog), "error: function calls nest more than 256 deep"),
         "%s", glsl_program_info_log(prog));
   glsl_program_destroy(prog);
   /* each function calls the next twice: 2^24 inlined copies; calls stay */
   p = src;
   p += sprintf(p, "#version 120\nfloat f24(float x) { return x + 1.0; }\n");
   for (int i = 23; i >= 0; i--)
      p += sprintf(p, "float f%d(float x) { return f%d(x) + f%d(x * 0.5); }\n", i, i + 1, i + 1);
   sprintf(p, "varying vec4 r0; void main() { gl_Position = vec4(0.0); r0 = vec4(f20(1.0)); }\n");
   struct prog *P = build(src, NULL);
   if (P) {
      float out[34][4];
      /* f24(x) = x + 1; f_i(x) = f_{i+1}(x) + f_{i+1}(x/2): f20(1) = sum over 16 paths */
      float expect = 0;
      for (unsigned m = 0; m < 16; m++) {
         float x = 1.0f;
         for (unsigned b = 0; b < 4; b++)
            if (m & (1u << b))
               x *= 0.5f;
         expect += x + 1.0f;
      }
      if (run_vertex(P, out))
         CHECK(near(out[16][0], expect), "%g vs %g", (double)out[16][0], (double)expect);
      prog_free(P);
   }
   free(src);
}


/* shadow lookups expand r by the state rows of their sampler table entry
 * (the unit's DEPTH_TEXTURE_MODE, filled by the state tracker): two
 * samplers, two pairs of rows, set here to ALPHA and INTENSITY */
static void
test_shadow_depth_mode(void)
{
   struct prog *P = build("#version 120\nuniform sampler2DShadow a; uniform sampler1DShadow b;\n"
                          "varying vec4 r0, r1;\n"
                          "void main() { gl_Position = vec4(0.0);\n"
                          "  r0 = shadow2D(a, vec3(0.1, 0.2, 0.8));\n"
                          "  r1 = shadow1DProj(b, vec4(0.5, 0.0, 0.6, 2.0)) + shadow2D(a, vec3(0.0, 0.0, 0.2)); }\n",
                          NULL);
   if (!P)
      return;
   unsigned n = P->pi->num_state_rows[GLSL_STAGE_VERTEX], found = 0;
   for (unsigned i = 0; i < n && i < 512; i++) {
      struct pony_state_ref r = P->pi->state_rows[GLSL_STAGE_VERTEX][i];
      bool scale = r.item == PONY_STATE_SAMPLER_TEXEL_SCALE;
      if (!scale && r.item != PONY_STATE_SAMPLER_TEXEL_BIAS)
         continue;
      found++;
      CHECK(r.index <= 1, "sampler entry %u", r.index);
      for (unsigned c = 0; c < 4; c++)
         P->state[0][i][c] = r.index == 0 ? (scale && c == 3 ? 1.0f : 0.0f)   /* ALPHA */
                                          : (scale ? 1.0f : 0.0f);            /* INTENSITY */
   }
   /* one scale and one bias row per sampler, shared by its lookups */
   CHECK(found == 4, "%u sampler rows", found);
   float o[34][4];
   if (run_vertex(P, o)) {
      CHECK_VEC(o[16], 0, 0, 0, 0.4f);
      /* b: 0.6 / 2 / 2 = 0.15 everywhere; a: (0, 0, 0, 0.1) */
      CHECK_VEC(o[17], 0.15f, 0.15f, 0.15f, 0.25f);
   }
   prog_free(P);
}

/* ---- GL_ARB_shader_texture_lod ------------------------------------------ */

static const char *const lod_exts[] = { "GL_ARB_texture_rectangle", "GL_ARB_shader_texture_lod",
                                        NULL };

/* the first line of the info log of compiling src (empty: it compiled);
 * exts: the context's extensions */
static void
compile_first_error(const char *const *exts, enum glsl_stage st, const char *src, char *out,
                    size_t n)
{
   struct glsl_compiler_options o = test_options();
   o.extensions = exts;
   struct glsl_shader *sh = glsl_compile(&o, st, &src, NULL, 1);
   const char *log = glsl_shader_compiled(sh) ? "" : glsl_shader_info_log(sh);
   size_t len = strcspn(log, "\n");
   snprintf(out, n, "%.*s", (int)(len < n - 1 ? len : n - 1), log);
   glsl_shader_destroy(sh);
}

#define LOD_COMPILE(exts, st, src, want)                                              \
   do {                                                                              \
      char got_[512];                                                                \
      compile_first_error(exts, st, src, got_, sizeof got_);                         \
      CHECK(!strcmp(got_, want), "line %d:\n  got  %s\n  want %s", __LINE__, got_, want); \
   } while (0)

/* which shaders may call the Lod and GradARB lookups: the #extension
 * directive (in a context that lists the extension) makes them visible */
static void
test_shader_texture_lod_rules(void)
{
   const enum glsl_stage FS = GLSL_STAGE_FRAGMENT, VS = GLSL_STAGE_VERTEX;
   /* without the directive: the vertex-only rule of GLSL 1.10 / 1.20 */
   LOD_COMPILE(lod_exts, FS,
               "uniform sampler2D s;\nvoid main() { gl_FragColor = texture2DLod(s, vec2(0.0), 1.0); }\n",
               "0:2(30): error: 'texture2DLod' is only available in vertex shaders");
   LOD_COMPILE(lod_exts, FS,
               "uniform sampler2D s;\n"
               "void main() { gl_FragColor = texture2DGradARB(s, vec2(0.0), vec2(0.0), vec2(0.0)); }\n",
               "0:2(30): error: 'texture2DGradARB' needs GL_ARB_shader_texture_lod");
   /* with it: fragment Lod forms and Grad forms in both stages */
   LOD_COMPILE(lod_exts, FS,
               "#extension GL_ARB_shader_texture_lod : enable\n"
               "uniform sampler2D s; uniform sampler1DShadow t; uniform samplerCube c;\n"
               "void main() { gl_FragColor = texture2DLod(s, vec2(0.0), 1.0)\n"
               "  + texture2DProjGradARB(s, vec3(0.0), vec2(0.0), vec2(0.0))\n"
               "  + shadow1DProjLod(t, vec4(0.0), 0.0) + textureCubeGradARB(c, vec3(1.0), vec3(0.0), vec3(0.0)); }\n",
               "");
   LOD_COMPILE(lod_exts, VS,
               "#version 120\n#extension GL_ARB_shader_texture_lod : require\n"
               "uniform sampler3D s;\n"
               "void main() { gl_Position = texture3DGradARB(s, vec3(0.0), vec3(0.0), vec3(0.0))\n"
               "  + texture3DLod(s, vec3(0.0), 1.0); }\n",
               "");
   /* the preprocessor macro says it is there */
   LOD_COMPILE(lod_exts, FS,
               "#if GL_ARB_shader_texture_lod != 1\n#error no macro\n#endif\nvoid main() { }\n", "");
   /* disabled again: gone again */
   LOD_COMPILE(lod_exts, FS,
               "#extension GL_ARB_shader_texture_lod : enable\n"
               "#extension GL_ARB_shader_texture_lod : disable\n"
               "uniform sampler2D s;\nvoid main() { gl_FragColor = texture2DLod(s, vec2(0.0), 1.0); }\n",
               "0:4(30): error: 'texture2DLod' is only available in vertex shaders");
   /* rectangle lookups need both extensions */
   LOD_COMPILE(lod_exts, FS,
               "#extension GL_ARB_texture_rectangle : enable\n"
               "uniform sampler2DRect s;\n"
               "void main() { gl_FragColor = texture2DRectGradARB(s, vec2(0.0), vec2(0.0), vec2(0.0)); }\n",
               "0:3(30): error: 'texture2DRectGradARB' needs GL_ARB_shader_texture_lod");
   /* a context without the extension refuses `require` */
   static const char *const rect_only[] = { "GL_ARB_texture_rectangle", NULL };
   LOD_COMPILE(rect_only, FS, "#extension GL_ARB_shader_texture_lod : require\nvoid main() { }\n",
               "0:1(12): error: extension 'GL_ARB_shader_texture_lod' is not supported");
   /* wrong argument types still fail */
   LOD_COMPILE(lod_exts, FS,
               "#extension GL_ARB_shader_texture_lod : enable\nuniform sampler2D s;\n"
               "void main() { gl_FragColor = texture2DGradARB(s, vec2(0.0), vec3(0.0), vec2(0.0)); }\n",
               "0:3(30): error: no matching function for call to texture2DGradARB(sampler2D, vec2, vec3, vec2)");
}

/* each lookup in a fragment shader on a quad, against the fake texture of
 * glsl_test_exec.h: txl's level and txd's gradients (both as given, also
 * for the Proj forms: the gradients are already projected) reach the
 * sampler, the coordinates divided by q */
static void
test_shader_texture_lod_exec(void)
{
   static const struct {
      const char *sampler, *expr;
      float want[4];
   } cases[] = {
      { "sampler2D", "texture2DLod(s, vec2(0.25, 0.5), 2.0)", { 0.25f, 0.5f, 0, 20 } },
      { "sampler2D", "texture2DProjLod(s, vec3(1.0, 2.0, 4.0), 1.0)", { 0.25f, 0.5f, 0, 10 } },
      { "sampler2D", "texture2DProjLod(s, vec4(1.0, 2.0, 9.0, 4.0), 1.0)", { 0.25f, 0.5f, 0, 10 } },
      { "sampler1D", "texture1DLod(s, 0.75, 3.0)", { 0.75f, 0, 0, 30 } },
      { "sampler1D", "texture1DProjLod(s, vec2(1.5, 2.0), 3.0)", { 0.75f, 0, 0, 30 } },
      { "sampler3D", "texture3DProjLod(s, vec4(1.0, 2.0, 3.0, 2.0), 0.5)", { 0.5f, 1, 1.5f, 5 } },
      { "samplerCube", "textureCubeLod(s, vec3(0.1, 0.2, 0.3), 1.5)", { 0.1f, 0.2f, 0.3f, 15 } },
      { "sampler2DShadow", "shadow2DLod(s, vec3(0.1, 0.2, 0.8), 1.0)", { 0.4f, 0.4f, 0.4f, 1 } },
      { "sampler2D", "texture2DGradARB(s, vec2(0.25, 0.5), vec2(1.0, 0.0), vec2(0.0, 0.5))",
        { 0.25f, 0.5f, 0, 10 + 50000 } },
      { "sampler2D", "texture2DProjGradARB(s, vec4(1.0, 2.0, 7.0, 2.0), vec2(0.5, 1.0), vec2(2.0, 0.0))",
        { 0.5f, 1, 0, 5 + 100 + 20000 } },
      { "sampler1D", "texture1DGradARB(s, 0.5, 2.0, 3.0)", { 0.5f, 0, 0, 20 + 30000 } },
      { "sampler1D", "texture1DProjGradARB(s, vec4(1.0, 5.0, 5.0, 2.0), 1.0, 1.0)",
        { 0.5f, 0, 0, 10 + 10000 } },
      { "sampler3D", "texture3DGradARB(s, vec3(1.0, 2.0, 3.0), vec3(1.0, 2.0, 3.0), vec3(0.0, 0.0, 1.0))",
        { 1, 2, 3, 10 + 200 + 3000 + 1000000 } },
      { "samplerCube", "textureCubeGradARB(s, vec3(1.0, 2.0, 3.0), vec3(0.0, 1.0, 0.0), vec3(1.0, 0.0, 0.0))",
        { 1, 2, 3, 100 + 10000 } },
      { "sampler2DShadow", "shadow2DGradARB(s, vec3(0.1, 0.2, 0.8), vec2(1.0, 0.0), vec2(0.0, 1.0))",
        { 0.4f + 10 + 100000, 0.4f + 10 + 100000, 0.4f + 10 + 100000, 1 } },
      { "sampler1DShadow", "shadow1DProjGradARB(s, vec4(0.5, 0.0, 0.8, 2.0), 1.0, 2.0)",
        { 0.2f + 10 + 20000, 0.2f + 10 + 20000, 0.2f + 10 + 20000, 1 } },
      { "sampler2DRect", "texture2DRectGradARB(s, vec2(3.0, 4.0), vec2(1.0, 0.0), vec2(0.0, 1.0))",
        { 3, 4, 0, 10 + 100000 } },
      { "sampler2DRectShadow",
        "shadow2DRectProjGradARB(s, vec4(2.0, 4.0, 0.5, 2.0), vec2(2.0, 0.0), vec2(0.0, 2.0))",
        { 0.125f + 20 + 200000, 0.125f + 20 + 200000, 0.125f + 20 + 200000, 1 } },
   };
   struct glsl_compiler_options o = test_options();
   o.extensions = lod_exts;
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      char fs[512];
      snprintf(fs, sizeof fs,
               "#extension GL_ARB_shader_texture_lod : require\n"
               "#extension GL_ARB_texture_rectangle : enable\n"
               "uniform %s s;\nvoid main() { gl_FragColor = %s; }\n",
               cases[i].sampler, cases[i].expr);
      struct prog *P = build_with(&o, "void main() { gl_Position = vec4(0.0); }\n", fs);
      if (!P)
         continue;
      float vary[4][32][4], color[4][4];
      memset(vary, 0, sizeof vary);
      memset(color, 0, sizeof color);
      unsigned disc = 0;
      if (run_fragment(P, (const float (*)[32][4])vary, color, &disc)) {
         for (unsigned l = 0; l < 4; l++) {
            CHECK(near(color[l][0], cases[i].want[0]) && near(color[l][1], cases[i].want[1]) &&
                     near(color[l][2], cases[i].want[2]) && near(color[l][3], cases[i].want[3]),
                  "%s lane %u: got (%g, %g, %g, %g)", cases[i].expr, l, (double)color[l][0],
                  (double)color[l][1], (double)color[l][2], (double)color[l][3]);
         }
      }
      prog_free(P);
   }
   /* the vertex stage: GradARB there too */
   struct prog *P = build_with(&o,
                               "#version 120\n#extension GL_ARB_shader_texture_lod : enable\n"
                               "uniform sampler2D s; varying vec4 r0;\n"
                               "void main() { gl_Position = vec4(0.0);\n"
                               "  r0 = texture2DGradARB(s, vec2(0.5), vec2(0.0, 1.0), vec2(2.0, 0.0)); }\n",
                               NULL);
   float out[34][4];
   if (P && run_vertex(P, out))
      CHECK_VEC(out[16], 0.5f, 0.5f, 0, 100 + 20000);
   prog_free(P);
}

/* glsl_compiler_options.mediump_fp16 (docs/glsl.md, "Half precision for
 * mediump and lowp"): u = 1 + 2^-12 lies halfway between the halfs 1 and
 * 1 + 2^-10, so it rounds to 1 wherever it is rounded */
static void
set_mediump(struct prog *P)
{
   uset(P, "u", (float[]){ 1.0f + 0x1p-12f }, 1);
}

#define CHECK_EXACT(got, x, y, z, w)                                                     \
   CHECK((got)[0] == (x) && (got)[1] == (y) && (got)[2] == (z) && (got)[3] == (w),         \
         "got (%.9g, %.9g, %.9g, %.9g), expected (%.9g, %.9g, %.9g, %.9g)", (double)(got)[0], \
         (double)(got)[1], (double)(got)[2], (double)(got)[3], (double)(x), (double)(y),  \
         (double)(z), (double)(w))

static void
test_mediump_half(void)
{
   static const char vs[] =
      "#version 100\n"
      "uniform mediump float u;\n"
      "varying highp vec4 r0, r1, r2, r3;\n"
      "mediump float triple(mediump float x) { return x * 3.0; }\n"
      "void main() {\n"
      "  mediump float m = u;\n"
      "  highp float h = u;\n"
      "  mediump float two = 2.0;\n"
      "  mediump float c = 1.0;\n"
      "  c += u * 0.5;\n"
      "  r0 = vec4(m, u * u, u * 1.0, u + h);\n"
      "  r1 = vec4(triple(h), sqrt(two), c, sqrt(two) * 0.5);\n"
      "  mediump float p = 100.3125, q = 0.7001953125;\n"
      "  r2 = vec4(mod(p, q), dot(vec2(q), vec2(p)), 0.0, 0.0);\n"
      "  mediump float k = 1.0 / 7.0;\n"
      "  r3 = vec4(49.0 * u * k * k, u * 0.01 - 1.0 + 0.5,\n"
      "            dot(vec3(u * 0.6298828125, u * 1.4794921875, -u), vec3(1.0 / 3.0)), 0.0);\n"
      "  gl_Position = vec4(0.0);\n"
      "}\n";
   const float big = 1.0f + 0x1p-12f;
   for (int half = 0; half < 2; half++) {
      struct glsl_compiler_options o = test_options();
      o.mediump_fp16 = half;
      struct prog *P = build_with(&o, vs, NULL);
      if (!P)
         return;
      set_mediump(P);
      float out[34][4];
      if (run_vertex(P, out)) {
         if (half) {
            /* stores keep 32 bits (m); one operation on 32-bit values
             * (uniforms, inputs) whose result goes to a 32-bit place is
             * 32-bit (u * u); an operation with a literal (u * 1.0,
             * u * 0.5) or a half operand (a mediump local: two, the
             * parameter x) is half and rounds its operands (u -> 1);
             * c += u * 0.5: 1 + 0.5; sqrt(2) = 1.41421 -> 1.4140625 (the
             * next half is 1.4150390625); u + h is highp */
            CHECK_EXACT(out[16], big, big * big, 1.0f, 2.0f + 0x1p-11f);
            CHECK_EXACT(out[17], 3.0f, 1.4140625f, 1.5f, 0.70703125f);
            /* mod as x - y floor(x / y), each step rounded: 100.3125 /
             * 0.7001953125 = 143.26 -> 143.25, floor 143, times y =
             * 100.128 -> 100.125, x minus that = 0.1875 (single precision:
             * 0.18457); dot: each product 70.2368 -> 70.25, the sum 140.5 */
            CHECK_EXACT(out[18], 0.1875f, 140.5f, 0.0f, 0.0f);
            /* known values reassociated (k is propagated from its
             * initializer): 49 u k k = 49 (k k) = 49 * 0.020401 ->
             * 0.99951 (step by step: 49 k -> 7, 7 k -> 1); u 0.01 - 1 +
             * 0.5 = 0.01 + (-0.5) -> -0.48999 (step by step -0.49023);
             * a dot with the same constant in every component factored:
             * (x0 + (x1 + x2)) / 3 -> 0.36963 (each product rounded:
             * 0.36987) */
            CHECK_EXACT(out[19], 0.99951171875f, -0.489990234375f, 0.36962890625f, 0.0f);
         } else {
            CHECK_EXACT(out[16], big, big * big, big, 2.0f + 0x1p-11f);
            CHECK_VEC(out[17], 3.0f * big, sqrtf(2.0f), 1.0f + 0.5f * big, sqrtf(2.0f) * 0.5f);
            CHECK_VEC(out[18], 100.3125f - 0.7001953125f * 143.0f, 2.0f * 100.3125f * 0.7001953125f,
                      0.0f, 0.0f);
            CHECK_VEC(out[19], 49.0f * big / 49.0f, big * 0.01f - 0.5f,
                      (0.6298828125f + 1.4794921875f - 1.0f) * big / 3.0f, 0.0f);
         }
      }
      prog_free(P);
   }
}

int
main(void)
{
   test_arith();
   test_matrix_sizes();
   test_constructors();
   test_matrix_ops();
   test_structs_arrays();
   test_control_flow();
   test_functions();
   test_builtins();
   test_textures();
   test_sampler_array_index();
   test_sampler_struct_params();
   test_void_ternary();
   test_state();
   test_fragment();
   test_two_shaders();
   test_ir_text();
   test_limits();
   test_shadow_depth_mode();
   test_shader_texture_lod_rules();
   test_shader_texture_lod_exec();
   test_mediump_half();
   if (failures)
      fprintf(stderr, "%d failures\n", failures);
   return failures ? 1 : 0;
}
