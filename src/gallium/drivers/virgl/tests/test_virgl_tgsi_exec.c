/*
 * Pony IR shaders run by the host through the virgl driver (docs/virgl.md
 * "Shaders"): virglrenderer in the process (virgl_local.c), fragment
 * shaders written in IR text drawn over an 8x8 RGBA32F target through the
 * pipe interface (create_fs_state & co., so virgl_tgsi.c translates them),
 * every texel read back and compared with what the IR's reference
 * evaluator (src/compiler/ir/tests/ir_eval.c) computes for the same shader
 * and the same inputs: flat varyings the test chooses, gl_FragCoord of
 * the texel; gl_FrontFacing with back faces culled.  Skipped (77) where
 * virglrenderer cannot start.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "ir_eval.h"
#include "util/u_inlines.h"
#include "virgl_driver.h"
#include "virgl_local.h"
#include "vm_check.h"

#define W 8
#define H 8

static struct pipe_screen *screen;
static struct pipe_context *ctx;
/* the pass-through vertex shader and the rasterizers without and with
 * clip distance 0 enabled */
static void *vs_default, *rs_plain, *rs_clip, *rs_flipped;

/* The flat varyings every vertex carries: a float and an int vector. */
static const float var_a[4] = { 2.5f, -1.25f, 0.3f, 7.0f };
static const int32_t var_b[4] = { 3, -7, 12, 5 };

/* The pass-through vertex shader, itself translated. */
static const char vs_text[] =
   "shader vertex\n"
   "input vec4 @pos location 0\n"
   "input vec4 @a location 1\n"
   "input ivec4 @b location 2\n"
   "output vec4 @opos semantic position\n"
   "output vec4 @oa location 0 flat\n"
   "output ivec4 @ob location 1 flat\n"
   "func void @main() {\n"
   "   %p = load_input vec4 @pos\n"
   "   store_output @opos, %p\n"
   "   %a = load_input vec4 @a\n"
   "   store_output @oa, %a\n"
   "   %b = load_input ivec4 @b\n"
   "   store_output @ob, %b\n"
   "}\n";

#define FS_HEAD                                                                      \
   "shader fragment\n"                                                               \
   "input vec4 @a location 0 flat\n"                                                 \
   "input ivec4 @b location 1 flat\n"                                                \
   "input vec4 @fc semantic frag_coord\n"                                            \
   "output vec4 @o location 0\n"

struct fs_case {
   const char *name;
   const char *text;
   float tol;         /* relative to max(1, |expected|); < 0: any value but the
                       * clear value (the driver has no sampler views yet, so
                       * texture results are the host's for unbound units) */
   const char *vs;    /* a vertex shader of its own: the texels show its @oa */
   unsigned clipped;  /* columns clipped away by the vertex shader's distance */
   const char *gs;    /* a geometry shader: the texels show its first vertex's @oa */
   bool flipped;      /* drawn with bottom_edge_rule: gl_FragCoord.y from the last row */
   bool interpolated; /* the vertex shader's own varyings reach the fragment shader */
};

/* Interpolated varyings: the position's x and y at location 2 (smooth)
 * and 3 (noperspective); w is 1, so both are the texel centre's NDC. */
static const char vs_interp[] =
   "shader vertex\n"
   "input vec4 @pos location 0\n"
   "output vec4 @opos semantic position\n"
   "output vec2 @os location 2\n"
   "output vec2 @ol location 3 noperspective\n"
   "func void @main() {\n"
   "   %p = load_input vec4 @pos\n"
   "   store_output @opos, %p\n"
   "   %xy = swizzle vec2 %p.xy\n"
   "   store_output @os, %xy\n"
   "   %yx = swizzle vec2 %p.yx\n"
   "   store_output @ol, %yx\n"
   "}\n";

/* Re-emits each triangle (its vertices' positions read with a dynamic
 * index) with its varying doubled. */
static const char gs_double[] =
   "shader geometry\n"
   "input_primitive triangles\n"
   "output_primitive triangle_strip\n"
   "max_vertices 3\n"
   "input vec4 @pos[3] semantic position\n"
   "input vec4 @a[3] location 0\n"
   "input ivec4 @b[3] location 1\n"
   "output vec4 @opos semantic position\n"
   "output vec4 @oa location 0 flat\n"
   "output ivec4 @ob location 1 flat\n"
   "local int @v\n"
   "func void @main() {\n"
   "   %zero = const int 0\n"
   "   store_local @v, %zero\n"
   "   loop {\n"
   "      %v = load_local int @v\n"
   "      %three = const int 3\n"
   "      %done = ige bool %v, %three\n"
   "      if %done {\n"
   "         break\n"
   "      }\n"
   "      %one = const int 1\n"
   "      %n = iadd int %v, %one\n"
   "      store_local @v, %n\n"
   "      %p = load_input vec4 @pos[%v]\n"
   "      store_output @opos, %p\n"
   "      %a = load_input vec4 @a[2]\n"
   "      %a2 = fadd vec4 %a, %a\n"
   "      store_output @oa, %a2\n"
   "      %b = load_input ivec4 @b[1]\n"
   "      store_output @ob, %b\n"
   "      emit_vertex\n"
   "   }\n"
   "   end_primitive\n"
   "}\n";

/* Vertices from gl_VertexID through a dynamically indexed local array, a
 * varying computed from the attributes, a clip distance cutting the
 * columns left of NDC x = -0.5 (the first 2 of 8). */
static const char vs_computed[] =
   "shader vertex\n"
   "input vec4 @a location 1\n"
   "input ivec4 @b location 2\n"
   "input int @vid semantic vertex_id\n"
   "output vec4 @opos semantic position\n"
   "output vec4 @oa location 0 flat\n"
   "output ivec4 @ob location 1 flat\n"
   "output float @clip[1] semantic clip_distance\n"
   "local vec2 @corner[6]\n"
   "func void @main() {\n"
   "   %c0 = const vec2 -1.0, -1.0\n"
   "   %c1 = const vec2 1.0, -1.0\n"
   "   %c2 = const vec2 1.0, 1.0\n"
   "   %c5 = const vec2 -1.0, 1.0\n"
   "   store_local @corner[0], %c0\n"
   "   store_local @corner[1], %c1\n"
   "   store_local @corner[2], %c2\n"
   "   store_local @corner[3], %c0\n"
   "   store_local @corner[4], %c2\n"
   "   store_local @corner[5], %c5\n"
   "   %vid = load_input int @vid\n"
   "   %c = load_local vec2 @corner[%vid]\n"
   "   %x = swizzle float %c.x\n"
   "   %y = swizzle float %c.y\n"
   "   %zero = const float 0.0\n"
   "   %one = const float 1.0\n"
   "   %p = vec4 vec4 %x, %y, %zero, %one\n"
   "   store_output @opos, %p\n"
   "   %half = const float 0.5\n"
   "   %d = fadd float %x, %half\n"
   "   store_output @clip[0], %d\n"
   "   %a = load_input vec4 @a\n"
   "   %b = load_input ivec4 @b\n"
   "   %bf = i2f vec4 %b\n"
   "   %m = fmul vec4 %a, %bf\n"
   "   %s = fsub vec4 %m, %a\n"
   "   store_output @oa, %s\n"
   "   store_output @ob, %b\n"
   "}\n";

static const struct fs_case cases[] = {
   { "float arithmetic", FS_HEAD
     "func void @main() {\n"
     "   %a = load_input vec4 @a\n"
     "   %x = swizzle float %a.x\n"
     "   %y = swizzle float %a.y\n"
     "   %z = swizzle float %a.z\n"
     "   %w = swizzle float %a.w\n"
     "   %m = fmul float %x, %y\n"
     "   %s = fsub float %m, %z\n"
     "   %d = fdiv float %w, %x\n"
     "   %f = ffract float %y\n"
     "   %n = fneg float %z\n"
     "   %ab = fabs float %n\n"
     "   %mn = fmin float %ab, %f\n"
     "   %fl = ffloor float %y\n"
     "   %mx = fmax float %fl, %mn\n"
     "   %md = fmod float %w, %x\n"
     "   %c = fclamp float %md, %fl, %ab\n"
     "   %o = vec4 vec4 %s, %d, %mx, %c\n"
     "   store_output @o, %o\n"
     "}\n", 1e-6f },
   { "transcendental and geometric", FS_HEAD
     "func void @main() {\n"
     "   %a = load_input vec4 @a\n"
     "   %x = swizzle float %a.x\n"
     "   %z = swizzle float %a.z\n"
     "   %v = swizzle vec3 %a.xyz\n"
     "   %sq = fsqrt float %x\n"
     "   %e = fexp2 float %z\n"
     "   %l = flength float %v\n"
     "   %dt = fdot float %v, %v\n"
     "   %r = frsq float %dt\n"
     "   %o = vec4 vec4 %sq, %e, %l, %r\n"
     "   store_output @o, %o\n"
     "}\n", 1e-5f },
   { "integers, comparisons, selects", FS_HEAD
     "func void @main() {\n"
     "   %b = load_input ivec4 @b\n"
     "   %x = swizzle int %b.x\n"
     "   %y = swizzle int %b.y\n"
     "   %z = swizzle int %b.z\n"
     "   %w = swizzle int %b.w\n"
     "   %m = imul int %x, %y\n"
     "   %d = idiv int %z, %x\n"
     "   %r = imod int %z, %w\n"
     "   %s = isub int %m, %d\n"
     "   %sh = ishl int %w, %x\n"
     "   %and = iand int %sh, %z\n"
     "   %lt = ilt bool %y, %x\n"
     "   %sel = select int %lt, %s, %r\n"
     "   %ge = ige bool %y, %x\n"
     "   %sel2 = select int %ge, %and, %r\n"
     "   %f0 = i2f float %sel\n"
     "   %f1 = i2f float %sel2\n"
     "   %bf = b2f float %lt\n"
     "   %u = i2u uint %y\n"
     "   %ush = ushr uint %u, %u\n"
     "   %f3 = u2f float %ush\n"
     "   %o = vec4 vec4 %f0, %f1, %bf, %f3\n"
     "   store_output @o, %o\n"
     "}\n", 0.0f },
   { "loop with break, dynamically indexed local array", FS_HEAD
     "local float @arr[8]\n"
     "local int @i\n"
     "local float @sum\n"
     "func void @main() {\n"
     "   %a = load_input vec4 @a\n"
     "   %b = load_input ivec4 @b\n"
     "   %x = swizzle float %a.x\n"
     "   %zero = const int 0\n"
     "   %fzero = const float 0.0\n"
     "   store_local @i, %zero\n"
     "   store_local @sum, %fzero\n"
     "   loop {\n"
     "      %i = load_local int @i\n"
     "      %eight = const int 8\n"
     "      %done = ige bool %i, %eight\n"
     "      if %done {\n"
     "         break\n"
     "      }\n"
     "      %fi = i2f float %i\n"
     "      %v = fmul float %fi, %x\n"
     "      store_local @arr[%i], %v\n"
     "      %one = const int 1\n"
     "      %n = iadd int %i, %one\n"
     "      store_local @i, %n\n"
     "   }\n"
     "   %k = swizzle int %b.x\n"
     "   %e = load_local float @arr[%k]\n"
     "   %big = swizzle int %b.z\n"
     "   %last = load_local float @arr[%big]\n"
     "   %neg = swizzle int %b.y\n"
     "   store_local @arr[%neg], %fzero\n"
     "   loop {\n"
     "      %j = load_local int @i\n"
     "      %one2 = const int 1\n"
     "      %j1 = isub int %j, %one2\n"
     "      store_local @i, %j1\n"
     "      %s = load_local float @sum\n"
     "      %el = load_local float @arr[%j1]\n"
     "      %s2 = fadd float %s, %el\n"
     "      store_local @sum, %s2\n"
     "      %three = const int 3\n"
     "      %stop = ile bool %j1, %three\n"
     "      if %stop {\n"
     "         break\n"
     "      }\n"
     "   }\n"
     "   %sum = load_local float @sum\n"
     "   %fi2 = load_local int @i\n"
     "   %fi3 = i2f float %fi2\n"
     "   %below = load_local float @arr[%neg]\n"   /* out of range: the last element */
     "   %ff = fadd float %fi3, %below\n"
     "   %o = vec4 vec4 %e, %last, %sum, %ff\n"
     "   store_output @o, %o\n"
     "}\n", 1e-6f },
   { "gl_FragCoord, if/else and discard", FS_HEAD
     "func void @main() {\n"
     "   %fc = load_input vec4 @fc\n"
     "   %x = swizzle float %fc.x\n"
     "   %y = swizzle float %fc.y\n"
     "   %lim = const float 6.0\n"
     "   %out = fgt bool %x, %lim\n"
     "   discard_if %out\n"
     "   %h = const float 4.0\n"
     "   %top = flt bool %y, %h\n"
     "   if %top {\n"
     "      %o = vec4 vec4 %x, %y, %h, %lim\n"
     "      store_output @o, %o\n"
     "   } else {\n"
     "      %s = fadd float %x, %y\n"
     "      %o2 = vec4 vec4 %s, %y, %x, %h\n"
     "      store_output @o, %o2\n"
     "   }\n"
     "}\n", 0.0f },
   { "gl_FragCoord from the top, integer centres", "shader fragment\n"
     "input vec4 @fc semantic frag_coord location 3\n"
     "output vec4 @o location 0\n"
     "func void @main() {\n"
     "   %fc = load_input vec4 @fc\n"
     "   store_output @o, %fc\n"
     "}\n", 0.0f },
   { "gl_FragCoord on a y-flipped surface (bottom_edge_rule)", "shader fragment\n"
     "input vec4 @fc semantic frag_coord\n"
     "output vec4 @o location 0\n"
     "func void @main() {\n"
     "   %fc = load_input vec4 @fc\n"
     "   store_output @o, %fc\n"
     "}\n", 0.0f, NULL, 0, NULL, true },
   { "gl_FragCoord from the top on a y-flipped surface", "shader fragment\n"
     "input vec4 @fc semantic frag_coord location 3\n"
     "output vec4 @o location 0\n"
     "func void @main() {\n"
     "   %fc = load_input vec4 @fc\n"
     "   store_output @o, %fc\n"
     "}\n", 0.0f, NULL, 0, NULL, true },
   { "exp, log, pow, sin, cos", FS_HEAD
     "func void @main() {\n"
     "   %a = load_input vec4 @a\n"
     "   %fc = load_input vec4 @fc\n"
     "   %x = swizzle float %fc.x\n"
     "   %y = swizzle float %a.z\n"
     "   %e = fexp float %y\n"
     "   %l = flog float %x\n"
     "   %p = fpow float %x, %y\n"
     "   %k = const float 0.25\n"
     "   %t = fmul float %x, %k\n"
     "   %s = fsin float %t\n"
     "   %c = fcos float %t\n"
     "   %sc = fadd float %s, %c\n"
     "   %o = vec4 vec4 %e, %l, %p, %sc\n"
     "   store_output @o, %o\n"
     "}\n", 1e-4f },
   { "vector operations", FS_HEAD
     "func void @main() {\n"
     "   %a = load_input vec4 @a\n"
     "   %fc = load_input vec4 @fc\n"
     "   %u = swizzle vec3 %a.xyz\n"
     "   %v = swizzle vec3 %fc.yxy\n"
     "   %n = fnormalize vec3 %u\n"
     "   %c = fcross vec3 %u, %v\n"
     "   %r = freflect vec3 %c, %n\n"
     "   %t = const vec3 0.25, 0.5, 0.75\n"
     "   %m = fmix vec3 %r, %v, %t\n"
     "   %st = fstep vec3 %v, %u\n"
     "   %e0 = const vec3 0.0, 1.0, 2.0\n"
     "   %e1 = const vec3 8.0, 6.0, 4.0\n"
     "   %ss = fsmoothstep vec3 %e0, %e1, %v\n"
     "   %d = fdistance float %m, %ss\n"
     "   %sum = fadd vec3 %m, %st\n"
     "   %s0 = swizzle float %sum.x\n"
     "   %s1 = swizzle float %sum.y\n"
     "   %s2 = swizzle float %ss.z\n"
     "   %o = vec4 vec4 %s0, %s1, %s2, %d\n"
     "   store_output @o, %o\n"
     "}\n", 1e-5f },
   { "integer and bit operations", FS_HEAD
     "func void @main() {\n"
     "   %b = load_input ivec4 @b\n"
     "   %fc = load_input vec4 @fc\n"
     "   %fx = swizzle float %fc.x\n"
     "   %fy = swizzle float %fc.y\n"
     "   %px = f2i int %fx\n"
     "   %py = f2i int %fy\n"
     "   %y = swizzle int %b.y\n"
     "   %z = swizzle int %b.z\n"
     "   %ny = ineg int %y\n"
     "   %ab = iabs int %y\n"
     "   %sg = isign int %py\n"
     "   %mn = imin int %px, %y\n"
     "   %mx = imax int %mn, %z\n"
     "   %x1 = ixor int %mx, %ab\n"
     "   %nt = inot int %x1\n"
     "   %sr = ishr int %nt, %py\n"
     "   %u0 = i2u uint %px\n"
     "   %uone = const uint 1\n"
     "   %u = iadd uint %u0, %uone\n"   /* never 0: x / 0 is undefined in GLSL */
     "   %uz = i2u uint %z\n"
     "   %ud = udiv uint %uz, %u\n"
     "   %um = umod uint %uz, %u\n"
     "   %bc = bitcount int %sr\n"
     "   %lsb = findlsb int %uz\n"
     "   %msb = ufindmsb int %uz\n"
     "   %two = const int 2\n"
     "   %three = const int 3\n"
     "   %ex = ibitfield_extract int %sr, %two, %three\n"
     "   %ins = bitfield_insert int %ny, %px, %two, %three\n"
     "   %s1 = iadd int %bc, %lsb\n"
     "   %s2 = imul int %msb, %ex\n"
     "   %s3 = iadd int %s1, %s2\n"
     "   %s4 = iadd int %s3, %sg\n"
     "   %udi = u2i int %ud\n"
     "   %umi = u2i int %um\n"
     "   %f0 = i2f float %s4\n"
     "   %f1 = i2f float %ins\n"
     "   %f2 = i2f float %udi\n"
     "   %f3 = i2f float %umi\n"
     "   %o = vec4 vec4 %f0, %f1, %f2, %f3\n"
     "   store_output @o, %o\n"
     "}\n", 0.0f },
   { "wide products, carries, bitfields, clamps", FS_HEAD
     "func void @main() {\n"
     "   %b = load_input ivec4 @b\n"
     "   %fc = load_input vec4 @fc\n"
     "   %fx = swizzle float %fc.x\n"
     "   %fy = swizzle float %fc.y\n"
     "   %px = f2i int %fx\n"
     "   %py = f2i int %fy\n"
     "   %big = const int 0x7654321\n"
     "   %m = imul int %big, %px\n"
     "   %hi = imul_high int %m, %big\n"
     "   %y = swizzle int %b.y\n"
     "   %ny = imul int %y, %big\n"
     "   %uhi0 = i2u uint %ny\n"
     "   %um = i2u uint %m\n"
     "   %uhi = umul_high uint %uhi0, %um\n"
     "   %car = uadd_carry uint %uhi0, %um\n"
     "   %bor = usub_borrow uint %um, %uhi0\n"
     "   %rev = bitfield_reverse int %m\n"
     "   %msb = ifindmsb int %ny\n"
     "   %three = const int 3\n"
     "   %five = const int 5\n"
     "   %ex = ubitfield_extract uint %uhi0, %py, %five\n"
     "   %cl = iclamp int %y, %px, %five\n"
     "   %ulo = const uint 2\n"
     "   %uhi2 = const uint 6\n"
     "   %ucl = uclamp uint %ex, %ulo, %uhi2\n"
     "   %s0 = ixor int %hi, %rev\n"
     "   %cu = u2i int %car\n"
     "   %bo = u2i int %bor\n"
     "   %s1 = iadd int %cu, %bo\n"
     "   %s2 = imul int %s1, %msb\n"
     "   %uh = u2i int %uhi\n"
     "   %s3 = ixor int %uh, %s2\n"
     "   %ucli = u2i int %ucl\n"
     "   %s4 = imul int %ucli, %cl\n"
     "   %sh = const int 12\n"
     "   %s0s = ishr int %s0, %sh\n"
     "   %s3s = ishr int %s3, %sh\n"
     "   %f0 = i2f float %s0s\n"
     "   %f1 = i2f float %s3s\n"
     "   %f2 = i2f float %s4\n"
     "   %f3 = i2f float %s1\n"
     "   %o = vec4 vec4 %f0, %f1, %f2, %f3\n"
     "   store_output @o, %o\n"
     "}\n", 0.0f },
   { "ldexp and frexp", FS_HEAD
     "func void @main() {\n"
     "   %a = load_input vec4 @a\n"
     "   %b = load_input ivec4 @b\n"
     "   %fc = load_input vec4 @fc\n"
     "   %fx = swizzle float %fc.x\n"
     "   %px = f2i int %fx\n"
     "   %k = const int 30\n"
     "   %e = imul int %px, %k\n"
     "   %m = const int -120\n"
     "   %e2 = iadd int %e, %m\n"   /* -120 .. 90: no overflow (undefined) */
     "   %y = swizzle float %a.y\n"
     "   %l = fldexp float %y, %e2\n"
     "   %big = const float 3.0e38\n"
     "   %hk = const int -250\n"
     "   %l2 = fldexp float %big, %hk\n"
     "   %sig = ffrexp_sig float %l\n"
     "   %ex = ffrexp_exp int %l\n"
     "   %exf = i2f float %ex\n"
     "   %zero = const float 0.0\n"
     "   %ez = ffrexp_exp int %zero\n"
     "   %ezf = i2f float %ez\n"
     "   %s = fadd float %exf, %ezf\n"
     "   %tiny = const float 1.0e-30\n"
     "   %l3 = fmul float %l2, %tiny\n"
     "   %o = vec4 vec4 %l, %sig, %s, %l2\n"
     "   store_output @o, %o\n"
     "}\n", 0.0f },
   { "bools and conversions", FS_HEAD
     "func void @main() {\n"
     "   %a = load_input vec4 @a\n"
     "   %fc = load_input vec4 @fc\n"
     "   %x = swizzle float %fc.x\n"
     "   %y = swizzle float %fc.y\n"
     "   %h = const float 3.5\n"
     "   %gx = fge bool %x, %h\n"
     "   %ly = fle bool %y, %h\n"
     "   %both = band bool %gx, %ly\n"
     "   %either = bor bool %gx, %ly\n"
     "   %one = bxor bool %gx, %ly\n"
     "   %nb = bnot bool %both\n"
     "   %same = beq bool %nb, %one\n"
     "   %diff = bne bool %either, %gx\n"
     "   %neg = const float -2.75\n"
     "   %nx = fadd float %x, %neg\n"
     "   %ni = f2i int %nx\n"
     "   %nz = i2b bool %ni\n"
     "   %fz = f2b bool %nx\n"
     "   %bv = vec4 bvec4 %same, %diff, %nz, %fz\n"
     "   %bi = b2i ivec4 %bv\n"
     "   %k = const ivec4 1, 2, 4, 8\n"
     "   %w = imul ivec4 %bi, %k\n"
     "   %any = bany bool %bv\n"
     "   %wf = i2f vec4 %w\n"
     "   %af = b2f float %any\n"
     "   %nan = fsub float %af, %af\n"
     "   %isn = fisnan bool %nan\n"
     "   %isf = b2f float %isn\n"
     "   %fu = f2u uint %x\n"
     "   %uf = u2f float %fu\n"
     "   %w0 = swizzle float %wf.x\n"
     "   %w1 = swizzle float %wf.y\n"
     "   %w2 = fadd float %w0, %w1\n"
     "   %w3 = swizzle vec2 %wf.zw\n"
     "   %w4 = swizzle float %w3.x\n"
     "   %w5 = swizzle float %w3.y\n"
     "   %w6 = fadd float %w4, %w5\n"
     "   %w7 = fadd float %isf, %uf\n"
     "   %o = vec4 vec4 %w2, %w6, %af, %w7\n"
     "   store_output @o, %o\n"
     "}\n", 0.0f },
   { "tan, sinh, cosh", FS_HEAD
     "func void @main() {\n"
     "   %a = load_input vec4 @a\n"
     "   %fc = load_input vec4 @fc\n"
     "   %x = swizzle float %fc.x\n"
     "   %k = const float 0.125\n"
     "   %t = fmul float %x, %k\n"
     "   %tn = ftan float %t\n"
     "   %y = swizzle float %a.y\n"
     "   %sh = fsinh float %y\n"
     "   %ch = fcosh float %t\n"
     "   %v = swizzle vec2 %a.zw\n"
     "   %cv = fcosh vec2 %v\n"
     "   %c1 = swizzle float %cv.x\n"
     "   %o = vec4 vec4 %tn, %sh, %ch, %c1\n"
     "   store_output @o, %o\n"
     "}\n", 1e-4f },
   { "vertex shader: gl_VertexID, arrays, clip distance, computed varying", FS_HEAD
     "func void @main() {\n"
     "   %a = load_input vec4 @a\n"
     "   store_output @o, %a\n"
     "}\n", 1e-6f, vs_computed, 2 },
   { "smooth and noperspective varyings", "shader fragment\n"
     "input vec2 @s location 2\n"
     "input vec2 @l location 3 noperspective\n"
     "output vec4 @o location 0\n"
     "func void @main() {\n"
     "   %s = load_input vec2 @s\n"
     "   %l = load_input vec2 @l\n"
     "   %s0 = swizzle float %s.x\n"
     "   %s1 = swizzle float %s.y\n"
     "   %l0 = swizzle float %l.x\n"
     "   %l1 = swizzle float %l.y\n"
     "   %o = vec4 vec4 %s0, %s1, %l0, %l1\n"
     "   store_output @o, %o\n"
     "}\n", 1e-5f, vs_interp, 0, NULL, false, true },
   { "geometry shader: per-vertex inputs indexed dynamically, emit in a loop", FS_HEAD
     "func void @main() {\n"
     "   %a = load_input vec4 @a\n"
     "   store_output @o, %a\n"
     "}\n", 0.0f, NULL, 0, gs_double },
   { "uniforms, raw constant reads (drawn: no constant buffers are set yet)", FS_HEAD
     "uniform vec4 @u[4] cbuf 0 offset 16\n"
     "uniform float @f cbuf 0 offset 8\n"
     "uniform vec4 @blk[2] cbuf 1 offset 0\n"
     "func void @main() {\n"
     "   %b = load_input ivec4 @b\n"
     "   %i = swizzle int %b.x\n"
     "   %u = load_uniform vec4 @u[%i]\n"
     "   %f = load_uniform float @f\n"
     "   %k = load_uniform vec4 @blk[1]\n"
     "   %j = swizzle int %b.w\n"
     "   %kk = load_uniform vec4 @blk[%j]\n"
     "   %off = const uint 20\n"
     "   %r = load_cbuf float 1, %off\n"
     "   %fv = vec4 vec4 %f, %r, %f, %r\n"
     "   %s0 = fadd vec4 %u, %fv\n"
     "   %s1 = fadd vec4 %k, %kk\n"
     "   %s = fadd vec4 %s0, %s1\n"
     "   store_output @o, %s\n"
     "}\n", -1.0f },
   /* last: a shader the host refuses leaves the context unusable */
   { "every texture instruction (drawn: the host compiled it)", FS_HEAD
     "sampler 2d float @t binding 0\n"
     "sampler cubearray float shadow @ca binding 1\n"
     "sampler 2darray int @ia binding 2\n"
     "sampler 2d float shadow @s2 binding 3\n"
     "sampler cube float @cu binding 4\n"
     "sampler 3d float @unused binding 5\n"
     "func void @main() {\n"
     "   %c = load_input vec4 @a\n"
     "   %uv = swizzle vec2 %c.xy\n"
     "   %w = swizzle float %c.w\n"
     "   %cx = swizzle vec3 %c.xyz\n"
     "   %off = const ivec2 1, -2\n"
     "   %t0 = tex vec4 @t, coord %uv, offset %off\n"
     "   %t1 = txb vec4 @t, coord %uv, bias %w, proj %w\n"
     "   %t2 = txd vec4 @t, coord %uv, ddx %uv, ddy %uv\n"
     "   %t3 = txl vec4 @cu, coord %cx, lod %w\n"
     "   %t4 = tg4 vec4 @t, coord %uv, comp 2, offset %off\n"
     "   %s0 = tex float @ca, coord %c, compare %w\n"
     "   %s1 = txb float @ca, coord %c, bias %w, compare %w\n"
     "   %s2 = txl float @s2, coord %uv, lod %w, compare %w\n"
     "   %ic = const ivec3 1, 2, 3\n"
     "   %z = const int 0\n"
     "   %i0 = txf ivec4 @ia, coord %ic, lod %z\n"
     "   %i1 = txs ivec3 @ia, lod %z\n"
     "   %i2 = query_levels int @t\n"
     "   %l = lod vec2 @t, coord %uv\n"
     "   %a0 = fadd vec4 %t0, %t1\n"
     "   %a1 = fadd vec4 %t2, %t3\n"
     "   %a2 = fadd vec4 %a0, %a1\n"
     "   %a3 = fadd vec4 %a2, %t4\n"
     "   %sa = fadd float %s0, %s1\n"
     "   %sb = fadd float %sa, %s2\n"
     "   %if = i2f vec4 %i0\n"
     "   %is = i2f vec3 %i1\n"
     "   %il = i2f float %i2\n"
     "   %isx = swizzle float %is.x\n"
     "   %lx = swizzle float %l.x\n"
     "   %q = fadd float %isx, %il\n"
     "   %q2 = fadd float %q, %lx\n"
     "   %q3 = fadd float %q2, %sb\n"
     "   %v = vec4 vec4 %q3, %q3, %q3, %q3\n"
     "   %a4 = fadd vec4 %a3, %if\n"
     "   %a5 = fadd vec4 %a4, %v\n"
     "   store_output @o, %a5\n"
     "}\n", -1.0f },
};

struct pixel_inputs {
   float fc[4];
   float ndc[2];   /* the texel centre's */
};

static bool
input_of(void *data, const struct ir_var *v, unsigned elem, unsigned comp,
         union ir_const_value *value)
{
   const struct pixel_inputs *px = data;
   (void)elem;
   if (v->semantic == IR_SEM_FRAG_COORD)
      value->f32 = px->fc[comp];
   else if (v->type.base == IR_FLOAT && (v->location == 2 || v->location == 3))
      value->f32 = px->ndc[v->location == 2 ? comp : 1 - comp];
   else if (v->type.base == IR_FLOAT)
      value->f32 = var_a[comp];
   else
      value->i32 = var_b[comp];
   return true;
}

static void *
make_shader(const char *text, bool fragment)
{
   char err[256];
   struct ir_shader *s = ir_parse(text, err, sizeof err);
   if (!vm_check(s != NULL, "IR parses: %s", s ? "" : err))
      return NULL;
   struct pipe_shader_state st;
   memset(&st, 0, sizeof st);
   st.type = PIPE_SHADER_IR_PONY;
   st.ir = s;
   void *so = fragment ? ctx->create_fs_state(ctx, &st) : ctx->create_vs_state(ctx, &st);
   ir_shader_destroy(s);
   return so;
}

static struct pipe_resource *
make_buffer(unsigned size, unsigned bind)
{
   struct pipe_resource t;
   memset(&t, 0, sizeof t);
   t.target = PIPE_BUFFER;
   t.format = PIPE_FORMAT_R8_UNORM;
   t.width0 = size;
   t.height0 = t.depth0 = t.array_size = 1;
   t.bind = bind;
   return screen->resource_create(screen, &t);
}

/* Draws the case over the target and compares every texel; returns the
 * texels that differ (or W * H + 1 when nothing could be read). */
static unsigned
run_case(const struct fs_case *fc, struct pipe_resource *rt)
{
   /* cleared in a batch of its own: if the host refuses the draw's batch,
    * the texels show the clear value, not the previous case's */
   union pipe_color_union clear = { { -100.0f, -100.0f, -100.0f, -100.0f } };
   static const uint8_t mask[PIPE_MAX_COLOR_BUFS] = { 0xf };
   ctx->clear(ctx, PIPE_CLEAR_COLOR0, NULL, &clear, 1.0, 0, mask, 0xff);
   ctx->flush(ctx, NULL, 0);
   void *fs = make_shader(fc->text, true);
   if (!vm_check(fs != NULL, "%s: the fragment shader translates", fc->name))
      return W * H + 1;
   void *vs = NULL;
   float vs_out[4] = { 0 };
   void *gs = NULL;
   if (fc->gs) {
      struct pipe_shader_state st;
      memset(&st, 0, sizeof st);
      char err[256];
      struct ir_shader *g = ir_parse(fc->gs, err, sizeof err);
      st.ir = g;
      gs = g ? ctx->create_gs_state(ctx, &st) : NULL;
      if (!vm_check(gs != NULL, "%s: the geometry shader translates", fc->name)) {
         ir_shader_destroy(g);
         ctx->delete_fs_state(ctx, fs);
         return W * H + 1;
      }
      ctx->bind_gs_state(ctx, gs);
      /* the first vertex's @oa (after its position) */
      struct pixel_inputs px = { { 0 } };
      struct ir_eval_result res;
      ir_eval_inputs(g, 1, input_of, &px, &res);
      for (unsigned k = 0; k < 4; k++)
         vs_out[k] = res.out[4 + k].f32;
      ir_shader_destroy(g);
   }
   if (fc->vs) {
      vs = make_shader(fc->vs, false);
      if (!vm_check(vs != NULL, "%s: the vertex shader translates", fc->name)) {
         ctx->delete_fs_state(ctx, fs);
         return W * H + 1;
      }
      ctx->bind_vs_state(ctx, vs);
      if (fc->clipped)
         ctx->bind_rasterizer_state(ctx, rs_clip);
      /* what @oa gets: the outputs before it are the position's 4 */
      char err[256];
      struct ir_shader *v = ir_parse(fc->vs, err, sizeof err);
      struct pixel_inputs px = { { 0 } };
      struct ir_eval_result res;
      ir_eval_inputs(v, 1, input_of, &px, &res);
      for (unsigned k = 0; k < 4; k++)
         vs_out[k] = res.out[4 + k].f32;
      ir_shader_destroy(v);
   }
   ctx->bind_fs_state(ctx, fs);
   if (fc->flipped)   /* after the shader: the driver rebinds its other variant */
      ctx->bind_rasterizer_state(ctx, rs_flipped);
   struct pipe_draw_info info;
   memset(&info, 0, sizeof info);
   info.mode = PIPE_PRIM_TRIANGLES;
   info.instance_count = 1;
   const struct pipe_draw_start_count_bias draw = { 0, 6, 0 };
   ctx->draw_vbo(ctx, &info, &draw, 1);
   ctx->flush(ctx, NULL, 0);

   char err[256];
   struct ir_shader *s = ir_parse(fc->text, err, sizeof err);
   struct pipe_box box = u_box_2d(0, 0, W, H);
   struct pipe_transfer *tr = NULL;
   const uint8_t *p = ctx->texture_map(ctx, rt, 0, PIPE_MAP_READ, &box, &tr);
   unsigned bad = p && s ? 0 : W * H + 1;
   for (unsigned y = 0; p && s && y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         /* an FBO: gl_FragCoord.y counts from row 0 (the other conventions
          * of the "from the top" case: computed here from the definition) */
         struct pixel_inputs px = { { x + 0.5f, y + 0.5f, 0.5f, 1.0f },
                                    { (x + 0.5f) / (W / 2) - 1.0f, (y + 0.5f) / (H / 2) - 1.0f } };
         if (fc->flipped)
            px.fc[1] = H - (y + 0.5f);
         if (strstr(fc->text, "frag_coord location 3")) {
            px.fc[0] = (float)x;
            px.fc[1] = fc->flipped ? (float)y : (float)(H - 1 - y);
         }
         struct ir_eval_result res;
         ir_eval_inputs(s, 1, input_of, &px, &res);
         const float *got = (const float *)(p + y * tr->stride + 16 * x);
         float want[4] = { -100.0f, -100.0f, -100.0f, -100.0f };
         if (!res.ok) {
            bad++;
            continue;
         }
         if (!res.discarded && x >= fc->clipped)
            for (unsigned k = 0; k < 4; k++)
               want[k] = (fc->vs && !fc->interpolated) || fc->gs ? vs_out[k] : res.out[k].f32;
         for (unsigned k = 0; k < 4; k++) {
            if (fc->tol < 0.0f) {
               if (got[k] == -100.0f || isnan(got[k])) {
                  if (!bad)
                     printf("  %s: texel %u,%u channel %u: %.9g, not drawn\n", fc->name, x, y,
                            k, got[k]);
                  bad++;
                  break;
               }
               continue;
            }
            float lim = fc->tol * fmaxf(1.0f, fabsf(want[k]));
            if (got[k] != want[k] && !(fabsf(got[k] - want[k]) <= lim)) {
               if (!bad)
                  printf("  %s: texel %u,%u channel %u: %.9g, expected %.9g\n", fc->name, x, y,
                         k, got[k], want[k]);
               bad++;
               break;
            }
         }
      }
   }
   if (p)
      ctx->texture_unmap(ctx, tr);
   if (s)
      ir_shader_destroy(s);
   ctx->bind_fs_state(ctx, NULL);
   ctx->delete_fs_state(ctx, fs);
   if (fc->flipped)
      ctx->bind_rasterizer_state(ctx, rs_plain);
   if (gs) {
      ctx->bind_gs_state(ctx, NULL);
      ctx->delete_gs_state(ctx, gs);
   }
   if (vs) {
      ctx->bind_vs_state(ctx, vs_default);
      ctx->bind_rasterizer_state(ctx, rs_plain);
      ctx->delete_vs_state(ctx, vs);
   }
   return bad;
}

/*
 * gl_FrontFacing (TGSI's FACE, a float, compared with 0): with back faces
 * culled, every texel drawn must read true.  Which winding the host takes
 * as front is the rasterizer's business (virgl_state.c), so the quad is
 * drawn with front_ccw one way, then the other if that culled it.
 */
static void
check_front_facing(struct pipe_resource *rt)
{
   static const char fs_text[] =
      "shader fragment\n"
      "input bool @ff semantic front_face\n"
      "output vec4 @o location 0\n"
      "func void @main() {\n"
      "   %ff = load_input bool @ff\n"
      "   %f = b2f float %ff\n"
      "   %n = bnot bool %ff\n"
      "   %g = b2f float %n\n"
      "   %o = vec4 vec4 %f, %g, %f, %g\n"
      "   store_output @o, %o\n"
      "}\n";
   void *fs = make_shader(fs_text, true);
   if (!vm_check(fs != NULL, "gl_FrontFacing: the fragment shader translates"))
      return;
   unsigned drawn = 0, front = 0;
   for (unsigned ccw = 0; ccw < 2 && !drawn; ccw++) {
      struct pipe_rasterizer_state r;
      memset(&r, 0, sizeof r);
      r.front_ccw = ccw;
      r.cull_face = PIPE_FACE_BACK;
      r.half_pixel_center = 1;
      r.depth_clip_near = r.depth_clip_far = 1;
      r.line_width = r.point_size = 1.0f;
      void *rs = ctx->create_rasterizer_state(ctx, &r);
      union pipe_color_union clear = { { -100.0f, -100.0f, -100.0f, -100.0f } };
      static const uint8_t mask[PIPE_MAX_COLOR_BUFS] = { 0xf };
      ctx->clear(ctx, PIPE_CLEAR_COLOR0, NULL, &clear, 1.0, 0, mask, 0xff);
      ctx->bind_rasterizer_state(ctx, rs);
      ctx->bind_fs_state(ctx, fs);
      struct pipe_draw_info info;
      memset(&info, 0, sizeof info);
      info.mode = PIPE_PRIM_TRIANGLES;
      info.instance_count = 1;
      const struct pipe_draw_start_count_bias draw = { 0, 6, 0 };
      ctx->draw_vbo(ctx, &info, &draw, 1);
      ctx->bind_rasterizer_state(ctx, rs_plain);
      ctx->delete_rasterizer_state(ctx, rs);
      ctx->flush(ctx, NULL, 0);
      struct pipe_box box = u_box_2d(0, 0, W, H);
      struct pipe_transfer *tr = NULL;
      const uint8_t *p = ctx->texture_map(ctx, rt, 0, PIPE_MAP_READ, &box, &tr);
      for (unsigned y = 0; p && y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            const float *got = (const float *)(p + y * tr->stride + 16 * x);
            if (got[0] == -100.0f)
               continue;
            drawn++;
            front += got[0] == 1.0f && got[1] == 0.0f && got[2] == 1.0f && got[3] == 0.0f;
         }
      if (p)
         ctx->texture_unmap(ctx, tr);
   }
   ctx->bind_fs_state(ctx, NULL);
   ctx->delete_fs_state(ctx, fs);
   vm_check(drawn == W * H && front == drawn,
            "gl_FrontFacing with back faces culled: %u of %u texels drawn, %u read true", drawn,
            W * H, front);
}

static void
check_cases(void)
{
   struct pipe_resource t;
   memset(&t, 0, sizeof t);
   t.target = PIPE_TEXTURE_2D;
   t.format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   t.width0 = W;
   t.height0 = H;
   t.depth0 = t.array_size = 1;
   t.bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW;
   struct pipe_resource *rt = screen->resource_create(screen, &t);
   struct pipe_resource *vbuf = make_buffer(6 * 48, PIPE_BIND_VERTEX_BUFFER);
   if (!vm_check(rt && vbuf, "an RGBA32F target and a vertex buffer"))
      return;
   /* two triangles covering the target; every vertex carries the varyings */
   static const float corner[6][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 },
                                       { -1, -1 }, { 1, 1 }, { -1, 1 } };
   uint8_t verts[6 * 48];
   for (unsigned v = 0; v < 6; v++) {
      const float pos[4] = { corner[v][0], corner[v][1], 0.0f, 1.0f };
      memcpy(verts + 48 * v, pos, 16);
      memcpy(verts + 48 * v + 16, var_a, 16);
      memcpy(verts + 48 * v + 32, var_b, 16);
   }
   ctx->buffer_subdata(ctx, vbuf, PIPE_MAP_WRITE, 0, sizeof verts, verts);

   struct pipe_surface templ;
   memset(&templ, 0, sizeof templ);
   templ.format = t.format;
   struct pipe_surface *surf = ctx->create_surface(ctx, rt, &templ);
   struct pipe_framebuffer_state fb;
   memset(&fb, 0, sizeof fb);
   fb.width = W;
   fb.height = H;
   fb.layers = 1;
   fb.nr_cbufs = 1;
   fb.cbufs[0] = surf;
   ctx->set_framebuffer_state(ctx, &fb);

   struct pipe_blend_state b;
   memset(&b, 0, sizeof b);
   b.rt[0].colormask = 0xf;
   void *blend = ctx->create_blend_state(ctx, &b);
   struct pipe_depth_stencil_alpha_state dsa;
   memset(&dsa, 0, sizeof dsa);
   void *zs = ctx->create_depth_stencil_alpha_state(ctx, &dsa);
   struct pipe_rasterizer_state r;
   memset(&r, 0, sizeof r);
   r.front_ccw = 1;
   r.half_pixel_center = 1;
   r.depth_clip_near = r.depth_clip_far = 1;
   r.line_width = r.point_size = 1.0f;
   void *rs = rs_plain = ctx->create_rasterizer_state(ctx, &r);
   r.clip_plane_enable = 1;
   rs_clip = ctx->create_rasterizer_state(ctx, &r);
   r.clip_plane_enable = 0;
   r.bottom_edge_rule = 1;
   rs_flipped = ctx->create_rasterizer_state(ctx, &r);
   struct pipe_vertex_element el[3];
   memset(el, 0, sizeof el);
   el[0].src_format = el[1].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   el[2].src_format = PIPE_FORMAT_R32G32B32A32_SINT;
   el[1].src_offset = 16;
   el[2].src_offset = 32;
   void *ve = ctx->create_vertex_elements_state(ctx, 3, el);
   ctx->bind_blend_state(ctx, blend);
   ctx->bind_depth_stencil_alpha_state(ctx, zs);
   ctx->bind_rasterizer_state(ctx, rs);
   ctx->bind_vertex_elements_state(ctx, ve);
   struct pipe_vertex_buffer vb;
   memset(&vb, 0, sizeof vb);
   vb.stride = 48;
   vb.buffer.resource = vbuf;
   ctx->set_vertex_buffers(ctx, 0, 1, &vb);
   const struct pipe_viewport_state vp = { { W / 2.0f, H / 2.0f, 0.5f },
                                           { W / 2.0f, H / 2.0f, 0.5f } };
   ctx->set_viewport_states(ctx, 0, 1, &vp);
   void *vs = vs_default = make_shader(vs_text, false);
   if (vm_check(vs != NULL, "the vertex shader translates")) {
      ctx->bind_vs_state(ctx, vs);
      for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
         unsigned bad = run_case(&cases[i], rt);
         vm_check(bad == 0, "%s: %u of %u texels differ from the reference evaluator",
                  cases[i].name, bad, W * H);
      }
      check_front_facing(rt);
      ctx->bind_vs_state(ctx, NULL);
      ctx->delete_vs_state(ctx, vs);
   }
   ctx->delete_blend_state(ctx, blend);
   ctx->delete_depth_stencil_alpha_state(ctx, zs);
   ctx->delete_rasterizer_state(ctx, rs);
   ctx->delete_rasterizer_state(ctx, rs_clip);
   ctx->delete_rasterizer_state(ctx, rs_flipped);
   ctx->delete_vertex_elements_state(ctx, ve);
   ctx->set_vertex_buffers(ctx, 0, 1, NULL);
   memset(&fb, 0, sizeof fb);
   ctx->set_framebuffer_state(ctx, &fb);
   pipe_surface_reference(&surf, NULL);
   ctx->flush(ctx, NULL, 0);
   pipe_resource_reference(&vbuf, NULL);
   pipe_resource_reference(&rt, NULL);
}

int
main(void)
{
   struct virgl_winsys *ws = NULL;
   int ret = virgl_local_winsys_create(&ws);
   if (ret == -ENODEV) {
      printf("virglrenderer cannot start here (no EGL)\n");
      return 77;
   }
   screen = ret ? NULL : virgl_screen_create_winsys(ws);
   if (!vm_check(screen != NULL, "a virgl screen over virglrenderer in the process"))
      return vm_finish("virgl_tgsi_exec");
   ctx = screen->context_create(screen, NULL, 0);
   if (vm_check(ctx != NULL, "a context")) {
      check_cases();
      ctx->destroy(ctx);
   }
   screen->destroy(screen);
   return vm_finish("virgl_tgsi_exec");
}
