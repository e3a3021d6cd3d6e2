/*
 * jitpipe against refpipe, byte for byte (suite 'pipe-draw', only built with
 * jitpipe): random states, shaders and primitives drawn through both
 * drivers into identical framebuffers; every colour and depth byte must be
 * the same.  jitpipe's fused fragment functions (docs/jitpipe.md) repeat
 * swpipe's arithmetic, so no tolerance is allowed.
 *
 * The states cover what the fused functions take (8-bit RGBA/BGRA/X
 * colour buffers, Z16 / Z24S8 / S8Z24 / Z32F depth, the stencil test with
 * every function and operation on one or two sides, blending with every equation
 * and non-dual-source factor, colour masks, alpha and depth tests, depth
 * writes, colour clamping, depth clamp, the bottom-edge rule, both pixel
 * centre conventions, triangles, lines and points with smooth, flat and
 * noperspective inputs, the same inputs or the same depth at every
 * vertex, discard and gl_FragDepth, primitives drawn twice so that equal depths meet every
 * depth function) and a few it leaves to
 * swpipe (logic ops, a float colour buffer), so both paths and
 * the switches between them are compared.  A case counts only when
 * something was drawn (the pictures differ from the clear).
 *
 * A second series draws the same kind of states through vertex shaders
 * that jitpipe runs W vertices at a time (jitpipe_vs.c): a uniform matrix,
 * gl_VertexID / gl_InstanceID arithmetic, a loop whose trip count differs
 * from vertex to vertex, a vertex texture fetch, and shaders that loop for
 * ever for some vertices (the draw is dropped: refpipe's picture is the
 * clear too) or for all-zero inputs (which only a lane padded with zeros
 * would see), with vertex counts that are not multiples of 4 or 8,
 * indexed, offset and instanced draws.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "scene.h"
#include "util/u_inlines.h"

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

/* Vertex shaders of the second series: inputs pos, a, b (locations 0-2),
 * outputs position and locations 4-6 as vs_text; constant buffer 0 holds
 * a column-major matrix @m (bytes 0-63), a vec4 @k (64) and an int @stop
 * (80): the vertex id that loops for ever, -1 for none. */
#define VS_CONST_HEADER                                        \
   "shader vertex\n"                                          \
   "input vec4 @pos location 0\n"                             \
   "input vec4 @a location 1\n"                               \
   "input vec4 @b location 2\n"                               \
   "output vec4 @opos semantic position\n"                    \
   "output vec4 @oa location 4\n"                             \
   "output vec4 @ob location 5\n"                             \
   "output vec4 @oc location 6\n"                             \
   "uniform vec4 @m[4] cbuf 0 offset 0\n"                     \
   "uniform vec4 @k cbuf 0 offset 64\n"                       \
   "uniform int @stop cbuf 0 offset 80\n"

/* position = m * pos; oa = a * k + b.yzwx; ob = |b| / length(b);
 * oc = dot(a, b) * k + a */
static const char vs_matrix_text[] =
   VS_CONST_HEADER
   "func void @main() {\n"
   "   %0 = load_input vec4 @pos\n"
   "   %1 = load_uniform vec4 @m[0]\n"
   "   %2 = load_uniform vec4 @m[1]\n"
   "   %3 = load_uniform vec4 @m[2]\n"
   "   %4 = load_uniform vec4 @m[3]\n"
   "   %5 = swizzle vec4 %0.xxxx\n"
   "   %6 = swizzle vec4 %0.yyyy\n"
   "   %7 = swizzle vec4 %0.zzzz\n"
   "   %8 = swizzle vec4 %0.wwww\n"
   "   %9 = fmul vec4 %1, %5\n"
   "   %10 = ffma vec4 %2, %6, %9\n"
   "   %11 = fmul vec4 %3, %7\n"
   "   %12 = fadd vec4 %10, %11\n"
   "   %13 = fmul vec4 %4, %8\n"
   "   %14 = fadd vec4 %12, %13\n"
   "   store_output @opos, %14\n"
   "   %15 = load_input vec4 @a\n"
   "   %16 = load_input vec4 @b\n"
   "   %17 = load_uniform vec4 @k\n"
   "   %18 = swizzle vec4 %16.yzwx\n"
   "   %19 = ffma vec4 %15, %17, %18\n"
   "   store_output @oa, %19\n"
   "   %20 = fabs vec4 %16\n"
   "   %21 = flength float %16\n"
   "   %22 = swizzle vec4 %21.xxxx\n"
   "   %23 = fdiv vec4 %20, %22\n"
   "   store_output @ob, %23\n"
   "   %24 = fdot float %15, %16\n"
   "   %25 = swizzle vec4 %24.xxxx\n"
   "   %26 = fmul vec4 %25, %17\n"
   "   %27 = fadd vec4 %26, %15\n"
   "   store_output @oc, %27\n"
   "}\n";

/* gl_VertexID (as int and as float) and gl_InstanceID move the vertex
 * and colour it; vertex @stop loops for ever (the draw is dropped) */
static const char vs_ids_text[] =
   VS_CONST_HEADER
   "input int @vid semantic vertex_id\n"
   "input float @fvid semantic vertex_id\n"
   "input int @iid semantic instance_id\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @pos\n"
   "   %1 = load_input int @vid\n"
   "   %2 = load_input int @iid\n"
   "   %3 = i2f float %1\n"
   "   %4 = i2f float %2\n"
   "   %5 = const float 0.618034\n"
   "   %6 = fmul float %3, %5\n"
   "   %7 = ffract float %6\n"
   "   %8 = const float 0.13\n"
   "   %9 = fmul float %4, %8\n"
   "   %10 = const float 0.2\n"
   "   %11 = fmul float %7, %10\n"
   "   %12 = const float 0.0\n"
   "   %13 = vec4 vec4 %9, %11, %12, %12\n"
   "   %14 = fadd vec4 %0, %13\n"
   "   store_output @opos, %14\n"
   "   %15 = load_input float @fvid\n"
   "   %16 = const float 0.37\n"
   "   %17 = fmul float %15, %16\n"
   "   %18 = ffract float %17\n"
   "   %19 = const int 3\n"
   "   %20 = iand int %1, %19\n"
   "   %21 = i2f float %20\n"
   "   %22 = const float 0.25\n"
   "   %23 = fmul float %21, %22\n"
   "   %24 = fmul float %4, %22\n"
   "   %25 = load_input vec4 @a\n"
   "   %26 = swizzle float %25.w\n"
   "   %27 = vec4 vec4 %18, %23, %24, %26\n"
   "   store_output @oa, %27\n"
   "   %28 = load_input vec4 @b\n"
   "   store_output @ob, %28\n"
   "   %29 = iadd int %1, %2\n"
   "   %30 = i2f float %29\n"
   "   %31 = const float 0.05\n"
   "   %32 = fmul float %30, %31\n"
   "   %33 = ffract float %32\n"
   "   %34 = swizzle vec4 %33.xxxx\n"
   "   %35 = fmul vec4 %25, %34\n"
   "   store_output @oc, %35\n"
   "   %36 = load_uniform int @stop\n"
   "   %37 = ieq bool %1, %36\n"
   "   if %37 {\n"
   "      loop {\n"
   "      }\n"
   "   }\n"
   "}\n";

/* A loop of (gl_VertexID & 7) + (int(a.x * 8) & 3) iterations, so the
 * lanes of a batch leave it at different times; vertices with
 * gl_VertexID % 5 == 4 return early from inside it */
static const char vs_loop_text[] =
   VS_CONST_HEADER
   "input int @vid semantic vertex_id\n"
   "local int @i\n"
   "local vec4 @acc\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @pos\n"
   "   store_output @opos, %0\n"
   "   %1 = load_input vec4 @a\n"
   "   %2 = load_input vec4 @b\n"
   "   %3 = load_input int @vid\n"
   "   %4 = const int 7\n"
   "   %5 = iand int %3, %4\n"
   "   %6 = swizzle float %1.x\n"
   "   %7 = const float 8.0\n"
   "   %8 = fmul float %6, %7\n"
   "   %9 = f2i int %8\n"
   "   %10 = const int 3\n"
   "   %11 = iand int %9, %10\n"
   "   %12 = iadd int %5, %11\n"
   "   %13 = const int 0\n"
   "   store_local @i, %13\n"
   "   store_local @acc, %1\n"
   "   store_output @oc, %2\n"
   "   %14 = const int 5\n"
   "   %15 = imod int %3, %14\n"
   "   %16 = const int 4\n"
   "   %17 = ieq bool %15, %16\n"
   "   loop {\n"
   "      %l0 = load_local int @i\n"
   "      %l1 = ige bool %l0, %12\n"
   "      if %l1 {\n"
   "         break\n"
   "      }\n"
   "      %l2 = load_local vec4 @acc\n"
   "      %l3 = swizzle vec4 %l2.yzwx\n"
   "      %l4 = fadd vec4 %l3, %2\n"
   "      %l5 = fsin vec4 %l4\n"
   "      %l6 = const vec4 0.5, 0.6, 0.7, 0.8\n"
   "      %l7 = ffma vec4 %l2, %l6, %l5\n"
   "      store_local @acc, %l7\n"
   "      %l8 = const int 1\n"
   "      %l9 = iadd int %l0, %l8\n"
   "      store_local @i, %l9\n"
   "      %l10 = ieq bool %l9, %16\n"
   "      %l11 = band bool %l10, %17\n"
   "      if %l11 {\n"
   "         store_output @oa, %l7\n"
   "         store_output @ob, %l4\n"
   "         return\n"
   "      }\n"
   "   }\n"
   "   %18 = load_local vec4 @acc\n"
   "   %19 = const vec4 0.25, 0.25, 0.25, 0.25\n"
   "   %20 = const vec4 0.5, 0.5, 0.5, 0.5\n"
   "   %21 = ffma vec4 %18, %19, %20\n"
   "   store_output @oa, %21\n"
   "   %22 = load_local int @i\n"
   "   %23 = i2f float %22\n"
   "   %24 = const float 0.1\n"
   "   %25 = fmul float %23, %24\n"
   "   %26 = swizzle vec4 %25.xxxx\n"
   "   %27 = fadd vec4 %2, %26\n"
   "   store_output @ob, %27\n"
   "}\n";

/* texture fetches in the vertex shader: textureLod at a.xy, lod b.w * 2,
 * and an implicit lookup (the base level outside fragment shaders) */
static const char vs_tex_text[] =
   VS_CONST_HEADER
   "sampler 2d float @tex binding 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @pos\n"
   "   store_output @opos, %0\n"
   "   %1 = load_input vec4 @a\n"
   "   %2 = load_input vec4 @b\n"
   "   %3 = swizzle vec2 %1.xy\n"
   "   %4 = swizzle float %2.w\n"
   "   %5 = const float 2.0\n"
   "   %6 = fmul float %4, %5\n"
   "   %7 = txl vec4 @tex, coord %3, lod %6\n"
   "   store_output @oa, %7\n"
   "   %8 = swizzle vec2 %2.zx\n"
   "   %9 = tex vec4 @tex, coord %8\n"
   "   %10 = fmul vec4 %9, %1\n"
   "   store_output @ob, %10\n"
   "   %11 = fsub vec4 %9, %7\n"
   "   store_output @oc, %11\n"
   "}\n";

/* loops for ever on an all-zero @a, which no vertex of the tests has: a
 * lane padded with zeros would stop the draw */
static const char vs_zero_text[] =
   VS_CONST_HEADER
   "func void @main() {\n"
   "   %0 = load_input vec4 @pos\n"
   "   store_output @opos, %0\n"
   "   %1 = load_input vec4 @a\n"
   "   %2 = const vec4 0.0, 0.0, 0.0, 0.0\n"
   "   %3 = feq bvec4 %1, %2\n"
   "   %4 = ball bool %3\n"
   "   if %4 {\n"
   "      loop {\n"
   "      }\n"
   "   }\n"
   "   %5 = load_input vec4 @b\n"
   "   %6 = fmul vec4 %1, %5\n"
   "   store_output @oa, %6\n"
   "   store_output @ob, %5\n"
   "   store_output @oc, %1\n"
   "}\n";

/* The step budget (irexec's 2^24 per batch of 4 vertices, which the JIT
 * counts per quad of lanes): vertex @ha and vertex @hb each run a loop of
 * @iters iterations, 6 steps each, on their own side of an `if`: about
 * 0.7 of the budget each, so a batch holding both runs out of steps and
 * the draw is dropped, and one holding one of them does not.  The tests
 * put @ha on the first vertex of a draw and @hb on its last: a lane
 * padded with another vertex than one of its own quad changes the count. */
static const char vs_budget_text[] =
   VS_CONST_HEADER
   "uniform int @ha cbuf 0 offset 84\n"
   "uniform int @hb cbuf 0 offset 88\n"
   "uniform int @iters cbuf 0 offset 92\n"
   "input int @vid semantic vertex_id\n"
   "local int @i\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @pos\n"
   "   store_output @opos, %0\n"
   "   %1 = load_input vec4 @a\n"
   "   %2 = load_input vec4 @b\n"
   "   store_output @oa, %1\n"
   "   store_output @ob, %2\n"
   "   store_output @oc, %1\n"
   "   %3 = load_input int @vid\n"
   "   %4 = load_uniform int @ha\n"
   "   %5 = load_uniform int @hb\n"
   "   %6 = load_uniform int @iters\n"
   "   %7 = const int 0\n"
   "   %8 = const int 1\n"
   "   store_local @i, %7\n"
   "   %9 = ieq bool %3, %4\n"
   "   if %9 {\n"
   "      loop {\n"
   "         %a0 = load_local int @i\n"
   "         %a1 = ige bool %a0, %6\n"
   "         if %a1 {\n"
   "            break\n"
   "         }\n"
   "         %a2 = iadd int %a0, %8\n"
   "         store_local @i, %a2\n"
   "      }\n"
   "      store_output @oa, %2\n"
   "   } else {\n"
   "      %10 = ieq bool %3, %5\n"
   "      if %10 {\n"
   "         loop {\n"
   "            %b0 = load_local int @i\n"
   "            %b1 = ige bool %b0, %6\n"
   "            if %b1 {\n"
   "               break\n"
   "            }\n"
   "            %b2 = iadd int %b0, %8\n"
   "            store_local @i, %b2\n"
   "         }\n"
   "         store_output @ob, %1\n"
   "      }\n"
   "   }\n"
   "}\n";

/* The third series: fragment shaders sampling a 2D texture (inline
 * sampling, docs/jit.md).  The colour is a hash of the result's bits
 * (every bit of every component reaches the 8-bit colour), so a result
 * one ulp off changes the picture.  Coordinates: a.xy * k.xy + k.zw, the
 * scale giving magnification to strong minification, NaN or huge in some
 * cases. */
#define TEX_HEADER \
   "shader fragment\n" \
   "input vec4 @a location 4\n" \
   "input vec4 @b location 5 flat\n" \
   "input vec4 @c location 6 noperspective\n" \
   "uniform vec4 @k cbuf 0 offset 0\n" \
   "uniform vec4 @k2 cbuf 0 offset 16\n" \
   "sampler 2d float @tex binding 0\n" \
   "output vec4 @o location 0\n" \
   "func void @main() {\n" \
   "   %0 = load_input vec4 @a\n" \
   "   %1 = load_input vec4 @c\n" \
   "   %2 = load_uniform vec4 @k\n" \
   "   %3 = swizzle vec2 %0.xy\n" \
   "   %4 = swizzle vec2 %2.xy\n" \
   "   %5 = fmul vec2 %3, %4\n" \
   "   %6 = swizzle vec2 %2.zw\n" \
   "   %7 = fadd vec2 %5, %6\n" \
   "   %k2 = load_uniform vec4 @k2\n"
/* o = ((bits ^ bits >> 8 ^ bits >> 16 ^ bits >> 24) & 255) / 255 of %t */
#define TEX_HASH \
   "   %h0 = bitcast uvec4 %t\n" \
   "   %h1 = const uvec4 8, 8, 8, 8\n" \
   "   %h2 = ushr uvec4 %h0, %h1\n" \
   "   %h3 = ixor uvec4 %h0, %h2\n" \
   "   %h4 = const uvec4 16, 16, 16, 16\n" \
   "   %h5 = ushr uvec4 %h3, %h4\n" \
   "   %h6 = ixor uvec4 %h3, %h5\n" \
   "   %h7 = const uvec4 255, 255, 255, 255\n" \
   "   %h8 = iand uvec4 %h6, %h7\n" \
   "   %h9 = u2f vec4 %h8\n" \
   "   %h10 = const vec4 0.003921569, 0.003921569, 0.003921569, 0.003921569\n" \
   "   %h11 = fmul vec4 %h9, %h10\n" \
   "   store_output @o, %h11\n" \
   "}\n"

static const char fs_tex_text[] =
   TEX_HEADER
   "   %t = tex vec4 @tex, coord %7\n"
   TEX_HASH;

/* bias c.z * k2.x + k2.y */
static const char fs_txb_text[] =
   TEX_HEADER
   "   %8 = swizzle float %1.z\n"
   "   %9 = swizzle float %k2.x\n"
   "   %10 = fmul float %8, %9\n"
   "   %11 = swizzle float %k2.y\n"
   "   %12 = fadd float %10, %11\n"
   "   %t = txb vec4 @tex, coord %7, bias %12\n"
   TEX_HASH;

/* lod c.w * k2.z + k2.w */
static const char fs_txl_text[] =
   TEX_HEADER
   "   %8 = swizzle float %1.w\n"
   "   %9 = swizzle float %k2.z\n"
   "   %10 = fmul float %8, %9\n"
   "   %11 = swizzle float %k2.w\n"
   "   %12 = fadd float %10, %11\n"
   "   %t = txl vec4 @tex, coord %7, lod %12\n"
   TEX_HASH;

/* textureProj by c.z * k2.x + k2.y (near 0 and negative too) */
#define TXP_LOOKUP \
   "   %8 = swizzle float %1.z\n" \
   "   %9 = swizzle float %k2.x\n" \
   "   %10 = fmul float %8, %9\n" \
   "   %11 = swizzle float %k2.y\n" \
   "   %12 = fadd float %10, %11\n" \
   "   %t = tex vec4 @tex, coord %7, proj %12\n"

static const char fs_txp_text[] =
   TEX_HEADER
   TXP_LOOKUP
   TEX_HASH;

/* a lookup in non-uniform control flow after a discard: lanes that are not
 * active read 0, the derivatives still come from all four */
static const char fs_tex_if_text[] =
   TEX_HEADER
   "   %8 = swizzle float %1.z\n"
   "   %9 = const float 0.3\n"
   "   %10 = flt bool %8, %9\n"
   "   discard_if %10\n"
   "   %11 = swizzle float %1.w\n"
   "   %12 = const float 0.6\n"
   "   %13 = flt bool %11, %12\n"
   "   %u = const vec4 0.25, 0.5, 0.75, 1.0\n"
   "   store_output @o, %u\n"
   "   if %13 {\n"
   "      %t = tex vec4 @tex, coord %7\n"
   TEX_HASH
   "}\n";

/* exact coordinates and LODs: gl_FragCoord.xy * k.xy + k.zw with powers
 * of two (derivatives exactly k, lambda an exact integer on power-of-two
 * textures), coordinates on texel edges and centres, bias k2.w (0, halves,
 * integers): the boundaries of the level and filter choices */
static const char fs_tex_fc_text[] =
   "shader fragment\n"
   "input vec4 @fc semantic frag_coord\n"
   "uniform vec4 @k cbuf 0 offset 0\n"
   "uniform vec4 @k2 cbuf 0 offset 16\n"
   "sampler 2d float @tex binding 0\n"
   "output vec4 @o location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @fc\n"
   "   %2 = load_uniform vec4 @k\n"
   "   %3 = swizzle vec2 %0.xy\n"
   "   %4 = swizzle vec2 %2.xy\n"
   "   %5 = fmul vec2 %3, %4\n"
   "   %6 = swizzle vec2 %2.zw\n"
   "   %7 = fadd vec2 %5, %6\n"
   "   %k2 = load_uniform vec4 @k2\n"
   "   %8 = swizzle float %k2.w\n"
   "   %t = txb vec4 @tex, coord %7, bias %8\n"
   TEX_HASH;

#define NUM_TEX_FS 6

/* The colour pass-through (jit_fs.c): the texel itself stored as the
 * colour, which the JIT writes as the texel's bytes (with NEAREST filters
 * and mip filter NONE); plain and projective lookups */
static const char fs_tex_store_text[] =
   TEX_HEADER
   "   %t = tex vec4 @tex, coord %7\n"
   "   store_output @o, %t\n"
   "}\n";

static const char fs_txp_store_text[] =
   TEX_HEADER
   TXP_LOOKUP
   "   store_output @o, %t\n"
   "}\n";

#define NUM_VS 6
#define MAX_VERTS 72   /* past draw's batch of 64 vertices */

static uint32_t rng = 12345;

/* xorshift32 with a multiplicative output scramble: the low bits of plain
 * xorshift follow the previous draw, so "rnd() % 5 == 0" then "rnd() % 16"
 * never gave some values (logic op NOR was never drawn) */
static uint32_t
rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 17;
   rng ^= rng << 5;
   return (uint32_t)(((uint64_t)rng * 0x9E3779B97F4A7C15ull) >> 32);
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
   float k2[4];            /* the texture series' LOD operands */
   float blend_color[4];
   unsigned shader;        /* which fragment shader (NUM_FS) */
   bool twice;             /* draw the primitives a second time */
   enum pipe_prim_type prim;
   unsigned nverts;        /* in the vertex buffer */
   float verts[MAX_VERTS][12];   /* pos, a, b */
   /* the second series (vs != 0: vs_texts[vs]) */
   unsigned vs;
   unsigned start, count;  /* the vertices drawn */
   unsigned instances;     /* > 1: an instanced draw */
   bool indexed;           /* count indices (start 0) into the buffer */
   uint32_t indices[MAX_VERTS];
   uint32_t vsconst[24];   /* @m, @k, @stop */
   float clear[4];
   double clear_depth;
   uint8_t stencil_ref[2], clear_stencil;
};

/* pos (w 1 or 0.3-3), a, b */
static void
random_vertex(float *p)
{
   float w = rnd() % 2 ? 1.0f : frand(0.3f, 3.0f);
   p[0] = frand(-1.2f, 1.2f) * w;
   p[1] = frand(-1.2f, 1.2f) * w;
   p[2] = frand(-1.1f, 1.1f) * w;
   p[3] = w;
   for (unsigned c = 4; c < 12; c++)
      p[c] = frand(-0.3f, 1.3f);
}

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
   st->blend.logicop_enable = rnd() % 5 == 0;
   st->blend.logicop_func = rnd() % 16;

   st->dsa.depth_enabled = rnd() % 4 != 0;
   st->dsa.depth_writemask = rnd() % 3 != 0;
   st->dsa.depth_func = rnd() % 8;
   st->dsa.alpha_enabled = rnd() % 4 == 0;
   st->dsa.alpha_func = rnd() % 8;
   st->dsa.alpha_ref_value = frand(0.0f, 1.0f);
   /* stencil: every function and operation, masks, one or two sides, refs
    * and clear values around the interesting ones (0, 255, the ref) */
   if (rnd() % 3 == 0) {
      unsigned sides = rnd() % 2 ? 2 : 1;
      for (unsigned f = 0; f < sides; f++) {
         struct pipe_stencil_state *ss = &st->dsa.stencil[f];
         ss->enabled = 1;
         ss->func = rnd() % 8;
         ss->fail_op = rnd() % 8;
         ss->zfail_op = rnd() % 8;
         ss->zpass_op = rnd() % 8;
         ss->valuemask = rnd() % 3 ? 0xff : rnd() & 0xff;
         ss->writemask = rnd() % 3 ? 0xff : rnd() & 0xff;
      }
   }
   static const uint8_t svals[] = { 0, 1, 5, 254, 255, 128 };
   for (unsigned f = 0; f < 2; f++)
      st->stencil_ref[f] = svals[rnd() % 6];
   st->clear_stencil = svals[rnd() % 6];

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
   for (unsigned v = 0; v < st->nverts; v++)
      random_vertex(st->verts[v]);
   /* now and then every vertex has the same inputs: jitpipe shades such a
    * primitive once for all its pixels (derivatives 0, one discard
    * decision, one texel) */
   if (rnd() % 4 == 0)
      for (unsigned v = 1; v < st->nverts; v++)
         memcpy(&st->verts[v][4], &st->verts[0][4], 8 * sizeof(float));
   /* and now and then one depth (jitpipe tests it computed once) */
   if (rnd() % 4 == 0) {
      for (unsigned v = 0; v < st->nverts; v++) {
         float w = st->verts[v][3];
         st->verts[v][0] *= st->verts[0][3] / w;
         st->verts[v][1] *= st->verts[0][3] / w;
         st->verts[v][2] = st->verts[0][2];
         st->verts[v][3] = st->verts[0][3];
      }
   }
   st->count = st->nverts;
   st->instances = 1;
}

/* A state of the second series: random_state's, drawn through vertex
 * shader 1..NUM_VS with other vertex counts and kinds of draws. */
static void
random_vs_state(struct state *st, unsigned i)
{
   static const unsigned counts[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 16, 17, 35, 64, 67, 72 };

   random_state(st, i);
   st->vs = 1 + rnd() % NUM_VS;
   if (i % 3 == 0)
      st->cformat = PIPE_FORMAT_R32G32B32A32_FLOAT;   /* every bit of the colours */
   unsigned kind = rnd() % 6;
   st->prim = kind < 3 ? PIPE_PRIM_POINTS : kind < 5 ? PIPE_PRIM_TRIANGLES : PIPE_PRIM_LINES;
   st->count = counts[rnd() % (sizeof counts / sizeof counts[0])];
   st->indexed = rnd() % 4 == 0;
   st->start = st->indexed || rnd() % 2 ? 0 : 1 + rnd() % 5;
   st->instances = !st->indexed && rnd() % 3 == 0 ? 2 + rnd() % 2 : 1;
   st->nverts = st->start + st->count + (st->indexed ? 3 : 0);
   if (st->nverts > MAX_VERTS)
      st->nverts = MAX_VERTS;
   if (st->start + st->count > st->nverts)
      st->count = st->nverts - st->start;
   for (unsigned v = 0; v < st->nverts; v++)
      random_vertex(st->verts[v]);
   for (unsigned v = 0; v < st->count; v++)
      st->indices[v] = rnd() % st->nverts;

   /* @m: the identity disturbed; @k; @stop: now and then a vertex drawn */
   float c[20];
   for (unsigned e = 0; e < 16; e++)
      c[e] = (e % 5 == 0 ? 1.0f : 0.0f) + frand(-0.25f, 0.25f);
   for (unsigned e = 16; e < 20; e++)
      c[e] = frand(-1.0f, 1.5f);
   memcpy(st->vsconst, c, sizeof c);
   int32_t stop = -1;
   if (st->vs == 2 && rnd() % 3 == 0) {
      /* points: every vertex drawn is shaded (draw may skip the vertices
       * of an incomplete triangle or line); the last one sits in a batch
       * of fewer than 4 vertices 3 times in 4 */
      st->prim = PIPE_PRIM_POINTS;
      unsigned v = rnd() % 2 ? st->count - 1 : rnd() % st->count;
      stop = (int32_t)(st->indexed ? st->indices[v] : st->start + v);
   }
   memcpy(&st->vsconst[20], &stop, 4);

   /* vs_budget_text: its two heavy vertices (the first and the last
    * drawn: one draw of points, one instance, below draw's batch of 64
    * vertices, so the first is lane 0 of the shader's first call); now
    * and then none, as the loops are slow in irexec */
   int32_t heavy[3] = { -1, -1, 2 * (1 << 24) / 6 * 7 / 10 / 2 };
   if (st->vs == 6 && rnd() % 2 == 0) {
      st->prim = PIPE_PRIM_POINTS;
      st->instances = 1;
      st->twice = false;
      if (st->count > 64)
         st->count = 64;
      heavy[0] = (int32_t)(st->indexed ? st->indices[0] : st->start);
      heavy[1] = (int32_t)(st->indexed ? st->indices[st->count - 1] : st->start + st->count - 1);
   }
   memcpy(&st->vsconst[21], heavy, sizeof heavy);
}

static void
draw_prims(struct scene *s, const struct state *st)
{
   if (st->indexed)
      scene_draw_indexed(s, st->prim, st->indices, 4, st->count, 0, st->count, 0, false, 0);
   else if (st->instances > 1)
      scene_draw_instanced(s, st->prim, st->start, st->count, st->count % 2, st->instances);
   else
      scene_draw(s, st->prim, st->start, st->count);
}

static void
draw_state(struct scene *s, const struct state *st, void *vs, void *fs)
{
   enum pipe_format cf = st->cformat;
   scene_fb(s, W, H, 1, &cf, st->zformat);
   scene_clear_color(s, st->clear[0], st->clear[1], st->clear[2], st->clear[3]);
   if (st->zformat != PIPE_FORMAT_NONE)
      scene_clear_zs(s, PIPE_CLEAR_DEPTHSTENCIL, st->clear_depth, st->clear_stencil);
   scene_blend(s, &st->blend);
   scene_dsa(s, &st->dsa);
   scene_rast(s, &st->rast);
   struct pipe_blend_color bc;
   memcpy(bc.color, st->blend_color, sizeof bc.color);
   s->ctx->set_blend_color(s->ctx, &bc);
   struct pipe_stencil_ref ref = { { st->stencil_ref[0], st->stencil_ref[1] } };
   s->ctx->set_stencil_ref(s->ctx, ref);
   s->ctx->bind_vs_state(s->ctx, vs);
   s->ctx->bind_fs_state(s->ctx, fs);
   scene_constants(s, PIPE_SHADER_VERTEX, 0, st->vsconst, sizeof st->vsconst);
   float kk[8];
   memcpy(kk, st->k, 16);
   memcpy(kk + 4, st->k2, 16);
   scene_constants(s, PIPE_SHADER_FRAGMENT, 0, kk, 32);
   scene_verts(s, &st->verts[0][0], st->nverts, 3);
   draw_prims(s, st);
   if (st->twice) {
      /* the same primitives again with other constants: equal depths, so
       * EQUAL / LEQUAL / GEQUAL / NOTEQUAL decide (multipass rendering) */
      float k2[4] = { st->k[1], st->k[2], st->k[0], st->k[3] };
      scene_constants(s, PIPE_SHADER_FRAGMENT, 0, k2, 16);
      draw_prims(s, st);
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

/* Draws a state through both scenes and compares them; true when
 * refpipe's picture is not just the clear. */
static bool
compare_state(struct scene *ref, struct scene *jit, const struct state *st, void *vs_ref,
              void *vs_jit, void *fs_ref, void *fs_jit)
{
   draw_state(ref, st, vs_ref, fs_ref);
   draw_state(jit, st, vs_jit, fs_jit);
   size_t na, nb;
   uint8_t *a = read_all(ref, st, &na), *b = read_all(jit, st, &nb);
   SCHECK(jit, na == nb && !memcmp(a, b, na), "pictures differ");
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
   bool drawn = false;
   float *cr = scene_read_rgba(ref, 0);
   for (unsigned p = 0; cr && p < W * H; p++) {
      if (cr[4 * p] != cr[0] || cr[4 * p + 1] != cr[1]) {
         drawn = true;
         break;
      }
   }
   free(cr);
   free(a);
   free(b);
   return drawn;
}

/* A 16x16 RGBA8 texture with its 5 levels of random texels, linear
 * filtering, for the vertex stage (vs_tex_text).  Returns the sampler
 * CSO, bound until the end (the driver keeps a pointer to it). */
static void *
bind_vs_texture(struct scene *s)
{
   struct pipe_resource *tex = pt_texture(&s->pt, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM,
                                          16, 16, 1, 1, 4, PIPE_BIND_SAMPLER_VIEW);
   uint32_t seed = 777;
   uint8_t texels[16 * 16 * 4];
   for (unsigned l = 0; l < 5; l++) {
      for (unsigned b = 0; b < sizeof texels; b++)
         texels[b] = (uint8_t)scene_rand(&seed);
      scene_write_raw(s, tex, l, 0, texels);
   }
   struct pipe_sampler_view templ;
   memset(&templ, 0, sizeof templ);
   templ.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   templ.target = PIPE_TEXTURE_2D;
   templ.last_level = 4;
   templ.swizzle_r = PIPE_SWIZZLE_X;
   templ.swizzle_g = PIPE_SWIZZLE_Y;
   templ.swizzle_b = PIPE_SWIZZLE_Z;
   templ.swizzle_a = PIPE_SWIZZLE_W;
   struct pipe_sampler_view *view = s->ctx->create_sampler_view(s->ctx, tex, &templ);
   s->ctx->set_sampler_views(s->ctx, PIPE_SHADER_VERTEX, 0, 1, &view);
   pipe_sampler_view_reference(&view, NULL);
   pipe_resource_reference(&tex, NULL);
   struct pipe_sampler_state ss;
   memset(&ss, 0, sizeof ss);
   ss.wrap_s = PIPE_TEX_WRAP_REPEAT;
   ss.wrap_t = PIPE_TEX_WRAP_MIRROR_REPEAT;
   ss.wrap_r = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   ss.min_img_filter = ss.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
   ss.min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
   ss.max_lod = 4.0f;
   ss.normalized_coords = 1;
   void *samp = s->ctx->create_sampler_state(s->ctx, &ss);
   s->ctx->bind_sampler_states(s->ctx, PIPE_SHADER_VERTEX, 0, 1, &samp);
   return samp;
}

/* Unbinds stage's texture unit 0 and deletes its sampler state. */
static void
unbind_texture(struct scene *s, enum pipe_shader_type stage, void *samp)
{
   struct pipe_sampler_view *none = NULL;
   void *no_samp = NULL;
   s->ctx->set_sampler_views(s->ctx, stage, 0, 1, &none);
   s->ctx->bind_sampler_states(s->ctx, stage, 0, 1, &no_samp);
   s->ctx->delete_sampler_state(s->ctx, samp);
}

/* A random 2D texture for the texture series: size (powers of two, odd
 * sizes, 1xN, Nx1), levels, view levels, format, swizzle and sampler
 * state, the states sampled inline and some that take the callout (other
 * wrap modes, sRGB, unnormalized coordinates).  The same seed gives the
 * same texture in both scenes. */
struct tex_case {
   enum pipe_format format;
   unsigned w, h, last_level;
   struct pipe_sampler_view view;
   struct pipe_sampler_state ss;
   uint32_t seed;
};

static void
random_tex_case(struct tex_case *tc)
{
   static const enum pipe_format formats[] = {
      PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_R8G8B8X8_UNORM,
      PIPE_FORMAT_B8G8R8X8_UNORM, PIPE_FORMAT_A8R8G8B8_UNORM, PIPE_FORMAT_R8G8B8A8_SRGB,
   };
   static const unsigned wraps[] = {
      PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_WRAP_MIRROR_REPEAT,
      PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_WRAP_MIRROR_REPEAT,
      PIPE_TEX_WRAP_CLAMP_TO_BORDER, PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE,
   };
   static const unsigned sizes[] = { 1, 2, 3, 5, 7, 16, 17, 32, 33, 64, 100, 128 };
   memset(tc, 0, sizeof *tc);
   tc->format = formats[rnd() % 6 == 5 && rnd() % 2 ? 5 : rnd() % 5];
   tc->w = sizes[rnd() % 12];
   tc->h = rnd() % 6 == 0 ? 1 : sizes[rnd() % 12];
   if (rnd() % 8 == 0)
      tc->w = 1;
   unsigned levels = 1, m = tc->w > tc->h ? tc->w : tc->h;
   while (m >> levels)
      levels++;
   tc->last_level = rnd() % 4 == 0 ? rnd() % levels : levels - 1;
   tc->seed = rnd();

   struct pipe_sampler_view *v = &tc->view;
   v->format = tc->format;
   v->target = PIPE_TEXTURE_2D;
   v->first_level = rnd() % 4 == 0 ? rnd() % (tc->last_level + 1) : 0;
   v->last_level = rnd() % 4 == 0 ? rnd() % (tc->last_level + 2) : tc->last_level;
   uint8_t sw[4] = { PIPE_SWIZZLE_X, PIPE_SWIZZLE_Y, PIPE_SWIZZLE_Z, PIPE_SWIZZLE_W };
   if (rnd() % 4 == 0) {
      for (unsigned c = 0; c < 4; c++)
         sw[c] = (uint8_t)(rnd() % 6);
   }
   v->swizzle_r = sw[0];
   v->swizzle_g = sw[1];
   v->swizzle_b = sw[2];
   v->swizzle_a = sw[3];

   struct pipe_sampler_state *ss = &tc->ss;
   ss->wrap_s = wraps[rnd() % 8];
   ss->wrap_t = wraps[rnd() % 8];
   ss->wrap_r = PIPE_TEX_WRAP_REPEAT;
   ss->min_img_filter = rnd() % 2;
   ss->mag_img_filter = rnd() % 2;
   ss->min_mip_filter = rnd() % 3;
   ss->normalized_coords = rnd() % 16 != 0;
   ss->lod_bias = rnd() % 3 == 0 ? frand(-2.0f, 2.0f) : 0.0f;
   ss->min_lod = rnd() % 3 == 0 ? frand(-1.0f, 3.0f) : -1000.0f;
   ss->max_lod = rnd() % 3 == 0 ? frand(-0.5f, 5.0f) : 1000.0f;
   for (unsigned c = 0; c < 4; c++)
      ss->border_color.f[c] = frand(0.0f, 1.0f);
   if (rnd() % 4 == 0) {
      /* exact values: lambda on the boundaries after the bias and clamps */
      static const float lods[] = { 0.0f, 0.5f, 1.0f, 1.5f, 2.0f, -0.5f };
      ss->lod_bias = lods[rnd() % 6];
      ss->min_lod = rnd() % 2 ? lods[rnd() % 6] : -1000.0f;
      ss->max_lod = rnd() % 2 ? lods[rnd() % 6] : 1000.0f;
   }
}

static void *
bind_fs_texture(struct scene *s, const struct tex_case *tc)
{
   struct pipe_resource *tex = pt_texture(&s->pt, PIPE_TEXTURE_2D, tc->format, tc->w, tc->h, 1,
                                          1, tc->last_level, PIPE_BIND_SAMPLER_VIEW);
   uint32_t seed = tc->seed;
   uint8_t *texels = malloc((size_t)tc->w * tc->h * 4);
   for (unsigned l = 0; texels && l <= tc->last_level; l++) {
      unsigned w = tc->w >> l ? tc->w >> l : 1, h = tc->h >> l ? tc->h >> l : 1;
      for (size_t b = 0; b < (size_t)w * h * 4; b++)
         texels[b] = (uint8_t)scene_rand(&seed);
      scene_write_raw(s, tex, l, 0, texels);
   }
   free(texels);
   struct pipe_sampler_view *view = s->ctx->create_sampler_view(s->ctx, tex, &tc->view);
   s->ctx->set_sampler_views(s->ctx, PIPE_SHADER_FRAGMENT, 0, 1, &view);
   pipe_sampler_view_reference(&view, NULL);
   pipe_resource_reference(&tex, NULL);
   void *samp = s->ctx->create_sampler_state(s->ctx, &tc->ss);
   s->ctx->bind_sampler_states(s->ctx, PIPE_SHADER_FRAGMENT, 0, 1, &samp);
   return samp;
}

/* The third series' state: random_state's, with the colour written as is
 * (no blending, logic op or mask) so the sampled bits reach the picture,
 * mostly triangles, coordinates scaled and offset by @k, LOD operands by
 * @k2. */
static void
random_tex_state(struct state *st, unsigned i, const struct tex_case *tc)
{
   random_state(st, i);
   st->cformat = i % 2 ? PIPE_FORMAT_R8G8B8A8_UNORM : PIPE_FORMAT_B8G8R8X8_UNORM;
   st->blend.rt[0].blend_enable = 0;
   st->blend.logicop_enable = 0;
   st->blend.rt[0].colormask = PIPE_MASK_RGBA;
   st->dsa.alpha_enabled = 0;
   if (rnd() % 2)
      st->dsa.depth_enabled = 0;
   st->twice = 0;
   st->prim = rnd() % 8 ? PIPE_PRIM_TRIANGLES : PIPE_PRIM_POINTS;
   static const float scales[] = { 0.05f, 0.3f, 1.0f, 2.0f, 5.0f, 20.0f, 60.0f, 300.0f };
   for (unsigned c = 0; c < 2; c++) {
      st->k[c] = scales[rnd() % 8] * frand(0.5f, 1.5f) * (rnd() % 4 ? 1.0f : -1.0f);
      st->k[2 + c] = frand(-3.0f, 3.0f);
   }
   switch (rnd() % 16) {
   case 0: st->k[2] = NAN; break;
   case 1: st->k[3] = 3.0e9f; break;
   case 2: st->k[2] = -2.0e10f; break;
   case 3: st->k[0] = INFINITY; break;
   case 4: st->k[1] = 0.0f; st->k[3] = -1.0e-30f; break;
   default: break;
   }
   st->k2[0] = frand(-4.0f, 4.0f);
   st->k2[1] = frand(-2.0f, 2.0f);
   st->k2[2] = frand(-2.0f, 10.0f);
   st->k2[3] = frand(-2.0f, 2.0f);
   if (rnd() % 16 == 0)
      st->k2[1] = NAN;
   st->shader = rnd() % (NUM_TEX_FS + 2);
   if (st->shader >= NUM_TEX_FS)
      st->shader = 5;   /* the exact one more often */
   static const float exact[] = { 0.0f, 0.5f, 1.0f, 1.5f, 2.0f, -0.5f, 3.0f, -0.0f };
   if (st->shader == 5) {
      /* gl_FragCoord-based: exact derivatives (2^e texels per pixel at the
       * base level: lambda = e + bias exactly on power-of-two sizes) and
       * texel-edge positions */
      unsigned b = tc->view.first_level < tc->last_level ? tc->view.first_level : tc->last_level;
      unsigned size[2] = { tc->w >> b ? tc->w >> b : 1, tc->h >> b ? tc->h >> b : 1 };
      int e = (int)(rnd() % 7) - 3;
      for (unsigned c = 0; c < 2; c++) {
         int ec = c == 0 || rnd() % 2 ? e : e - 1 - (int)(rnd() % 3);
         st->k[c] = ldexpf(rnd() % 4 ? 1.0f : -1.0f, ec) / (float)size[c];
         st->k[2 + c] = (float)((int)(rnd() % 256) - 128) / 64.0f;
      }
      if (rnd() % 2) {
         float t = st->k[0];
         st->k[0] = st->k[1];
         st->k[1] = t;
      }
      st->k2[3] = exact[rnd() % 8];
      if (rnd() % 2) {
         /* lambda exactly 0 or 0.5 (before the clamps): the magnification
          * thresholds */
         st->k2[3] = (rnd() % 2 ? 0.5f : 0.0f) - (float)e - tc->ss.lod_bias;
      }
   } else if (st->shader == 2 && rnd() % 2) {
      st->k2[2] = 0.0f;   /* txl: lod exactly k2.w */
      st->k2[3] = exact[rnd() % 8];
   }
}

/* The fragment shaders of texts[0..n) on both scenes. */
static void
fs_pairs(struct scene *ref, struct scene *jit, const char *const *texts, unsigned n,
         void **fs_ref, void **fs_jit)
{
   for (unsigned f = 0; f < n; f++) {
      fs_ref[f] = scene_shader(ref, PIPE_SHADER_FRAGMENT, texts[f], NULL);
      fs_jit[f] = scene_shader(jit, PIPE_SHADER_FRAGMENT, texts[f], NULL);
   }
}

static void
fs_pairs_delete(struct scene *ref, struct scene *jit, unsigned n, void **fs_ref, void **fs_jit)
{
   for (unsigned f = 0; f < n; f++) {
      ref->ctx->delete_fs_state(ref->ctx, fs_ref[f]);
      jit->ctx->delete_fs_state(jit->ctx, fs_jit[f]);
   }
}

/* A texture case drawn by both drivers and compared (compare_state). */
static bool
compare_tex_case(struct scene *ref, struct scene *jit, const struct state *st,
                 const struct tex_case *tc, void *vs_ref, void *vs_jit, void *fs_ref,
                 void *fs_jit)
{
   void *ts_ref = bind_fs_texture(ref, tc), *ts_jit = bind_fs_texture(jit, tc);
   bool drawn = compare_state(ref, jit, st, vs_ref, vs_jit, fs_ref, fs_jit);
   unbind_texture(ref, PIPE_SHADER_FRAGMENT, ts_ref);
   unbind_texture(jit, PIPE_SHADER_FRAGMENT, ts_jit);
   return drawn;
}

/* Optional arguments: the number of cases of each series (400, 300, 400,
 * 200), to run a shorter test (e.g. under valgrind). */
int
main(int argc, char **argv)
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
   fs_pairs(&ref, &jit, texts, NUM_FS, fs_ref, fs_jit);
   const char *vs_texts[1 + NUM_VS] = { vs_text, vs_matrix_text, vs_ids_text, vs_loop_text,
                                        vs_tex_text, vs_zero_text, vs_budget_text };
   void *vs_ref[1 + NUM_VS], *vs_jit[1 + NUM_VS];
   vs_ref[0] = ref.vs;
   vs_jit[0] = jit.vs;
   for (unsigned v = 1; v <= NUM_VS; v++) {
      vs_ref[v] = scene_shader(&ref, PIPE_SHADER_VERTEX, vs_texts[v], NULL);
      vs_jit[v] = scene_shader(&jit, PIPE_SHADER_VERTEX, vs_texts[v], NULL);
   }
   void *samp_ref = bind_vs_texture(&ref), *samp_jit = bind_vs_texture(&jit);

   unsigned drawn = 0, cases = argc > 1 ? (unsigned)atoi(argv[1]) : 400;
   unsigned vs_cases = argc > 2 ? (unsigned)atoi(argv[2]) : 300;
   for (unsigned i = 0; i < cases; i++) {
      struct state st;
      random_state(&st, i);
      scene_case(&jit, "case %u: colour %s, depth %s, prim %u, blend %u", i,
                 util_format_name(st.cformat), util_format_name(st.zformat),
                 (unsigned)st.prim, st.blend.rt[0].blend_enable);
      drawn += compare_state(&ref, &jit, &st, vs_ref[0], vs_jit[0], fs_ref[st.shader],
                             fs_jit[st.shader]);
   }
   fprintf(stderr, "jitdiff: %u of %u cases drew something\n", drawn, cases);
   scene_case(&jit, "at least half the cases draw something");
   SCHECK(&jit, drawn >= cases / 2, "only %u of %u cases drew", drawn, cases);

   /* the second series: vertex shaders */
   unsigned vs_drawn[1 + NUM_VS] = { 0 };
   for (unsigned i = 0; i < vs_cases; i++) {
      struct state st;
      random_vs_state(&st, i);
      int32_t stop, heavy[2];
      memcpy(&stop, &st.vsconst[20], 4);
      memcpy(heavy, &st.vsconst[21], sizeof heavy);
      scene_case(&jit, "vs case %u: shader %u, %u vertices from %u%s, %u instances, prim %u, "
                 "stop %d, heavy %d %d, colour %s", i, st.vs, st.count, st.start,
                 st.indexed ? " indexed" : "", st.instances, (unsigned)st.prim, (int)stop,
                 (int)heavy[0], (int)heavy[1], util_format_name(st.cformat));
      vs_drawn[st.vs] += compare_state(&ref, &jit, &st, vs_ref[st.vs], vs_jit[st.vs],
                                       fs_ref[st.shader], fs_jit[st.shader]);
   }
   for (unsigned v = 1; v <= NUM_VS; v++) {
      fprintf(stderr, "jitdiff: vertex shader %u drew in %u cases\n", v, vs_drawn[v]);
      scene_case(&jit, "vertex shader %u draws something", v);
      SCHECK(&jit, vs_drawn[v] >= vs_cases / 30, "vertex shader %u drew in %u cases only", v,
             vs_drawn[v]);
   }

   unbind_texture(&ref, PIPE_SHADER_VERTEX, samp_ref);
   unbind_texture(&jit, PIPE_SHADER_VERTEX, samp_jit);

   /* the third series: fragment shaders sampling a texture */
   const char *tex_texts[NUM_TEX_FS] = { fs_tex_text, fs_txb_text, fs_txl_text, fs_txp_text,
                                         fs_tex_if_text, fs_tex_fc_text };
   void *tfs_ref[NUM_TEX_FS], *tfs_jit[NUM_TEX_FS];
   fs_pairs(&ref, &jit, tex_texts, NUM_TEX_FS, tfs_ref, tfs_jit);
   unsigned tex_cases = argc > 3 ? (unsigned)atoi(argv[3]) : 400, tex_drawn = 0;
   for (unsigned i = 0; i < tex_cases; i++) {
      struct state st;
      struct tex_case tc;
      random_tex_case(&tc);
      random_tex_state(&st, i, &tc);
      scene_case(&jit, "tex case %u: shader %u, %s %ux%u levels %u view %u-%u, filters %u/%u/%u, "
                 "wrap %u/%u, lod bias %g min %g max %g, k %g %g %g %g, k2 %g %g %g %g", i,
                 st.shader, util_format_name(tc.format), tc.w, tc.h, tc.last_level,
                 tc.view.first_level, tc.view.last_level, tc.ss.min_img_filter,
                 tc.ss.mag_img_filter, tc.ss.min_mip_filter, tc.ss.wrap_s, tc.ss.wrap_t,
                 (double)tc.ss.lod_bias, (double)tc.ss.min_lod, (double)tc.ss.max_lod,
                 (double)st.k[0], (double)st.k[1], (double)st.k[2], (double)st.k[3],
                 (double)st.k2[0], (double)st.k2[1], (double)st.k2[2], (double)st.k2[3]);
      tex_drawn += compare_tex_case(&ref, &jit, &st, &tc, vs_ref[0], vs_jit[0],
                                    tfs_ref[st.shader], tfs_jit[st.shader]);
   }
   fprintf(stderr, "jitdiff: %u of %u texture cases drew something\n", tex_drawn, tex_cases);

   /* the pass-through series: mostly NEAREST filters without mipmapping
    * (the pass-through), every case compared with refpipe's bytes */
   const char *pt_texts[2] = { fs_tex_store_text, fs_txp_store_text };
   void *pfs_ref[2], *pfs_jit[2];
   fs_pairs(&ref, &jit, pt_texts, 2, pfs_ref, pfs_jit);
   unsigned pt_cases = argc > 4 ? (unsigned)atoi(argv[4]) : 200, pt_drawn = 0;
   for (unsigned i = 0; i < pt_cases; i++) {
      struct state st;
      struct tex_case tc;
      random_tex_case(&tc);
      if (i % 4 != 3) {
         tc.ss.min_img_filter = tc.ss.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
         tc.ss.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
      }
      random_tex_state(&st, i, &tc);
      static const enum pipe_format targets[] = {
         PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_B8G8R8X8_UNORM,
      };
      st.cformat = targets[rnd() % 3];
      if (rnd() % 4 == 0)
         st.blend.rt[0].colormask = (unsigned)(rnd() % 16);
      scene_case(&jit, "pass-through case %u: %s, %s %ux%u, view %u-%u, swizzle %u%u%u%u, "
                 "filters %u/%u/%u, wrap %u/%u, target %s, mask %x", i, i % 2 ? "txp" : "tex",
                 util_format_name(tc.format), tc.w, tc.h, tc.view.first_level,
                 tc.view.last_level, tc.view.swizzle_r, tc.view.swizzle_g, tc.view.swizzle_b,
                 tc.view.swizzle_a, tc.ss.min_img_filter, tc.ss.mag_img_filter,
                 tc.ss.min_mip_filter, tc.ss.wrap_s, tc.ss.wrap_t, util_format_name(st.cformat),
                 st.blend.rt[0].colormask);
      pt_drawn += compare_tex_case(&ref, &jit, &st, &tc, vs_ref[0], vs_jit[0], pfs_ref[i % 2],
                                   pfs_jit[i % 2]);
   }
   fprintf(stderr, "jitdiff: %u of %u pass-through cases drew something\n", pt_drawn, pt_cases);
   scene_case(&jit, "at least half the pass-through cases draw something");
   SCHECK(&jit, pt_drawn >= pt_cases / 2, "only %u of %u pass-through cases drew", pt_drawn,
          pt_cases);
   scene_case(&jit, "at least half the texture cases draw something");
   SCHECK(&jit, tex_drawn >= tex_cases / 2, "only %u of %u texture cases drew", tex_drawn,
          tex_cases);
   ref.ctx->bind_vs_state(ref.ctx, ref.vs);
   jit.ctx->bind_vs_state(jit.ctx, jit.vs);
   for (unsigned v = 1; v <= NUM_VS; v++) {
      ref.ctx->delete_vs_state(ref.ctx, vs_ref[v]);
      jit.ctx->delete_vs_state(jit.ctx, vs_jit[v]);
   }
   ref.ctx->bind_fs_state(ref.ctx, NULL);
   jit.ctx->bind_fs_state(jit.ctx, NULL);
   fs_pairs_delete(&ref, &jit, NUM_FS, fs_ref, fs_jit);
   fs_pairs_delete(&ref, &jit, NUM_TEX_FS, tfs_ref, tfs_jit);
   fs_pairs_delete(&ref, &jit, 2, pfs_ref, pfs_jit);
   scene_finish(&ref);
   return scene_finish(&jit);
}
