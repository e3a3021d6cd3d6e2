/*
 * Fragment system values, texture instructions and function calls through
 * the JIT, compared word for word with irexec at W = 4, 8 and 16.
 *
 * Every shader runs 48 batches with random inputs; fragment batches are
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
 * drop as irexec does.  Batch 20 runs without a gl_FragCoord array, 21
 * without a sampler, 22 with a sampler without callbacks, 23 without
 * sysvals (irexec: a zeroed environment).
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

/* every texture opcode, target kind and operand: implicit LOD (plain,
 * offset, projected, 1d), bias, explicit lod, gradients, shadow compare
 * (plain, projected, with bias, gathered), fetches (array, buffer without
 * lod, multisample), sizes, level counts, gathers, lod queries; results of
 * every type folded into the outputs */
static const char *tex_all =
   "shader fragment\n"
   "input vec4 @uv location 0\n"
   "input vec4 @w location 1\n"
   "input ivec4 @k location 2 flat\n"
   "sampler 2d float @s2 binding 0\n"
   "sampler 2d float shadow @ss binding 1\n"
   "sampler 2darray int @sa binding 2\n"
   "sampler cube float @sc binding 3\n"
   "sampler 3d uint @s3 binding 4\n"
   "sampler 2dms float @sm binding 5\n"
   "sampler buffer float @sb binding 6\n"
   "sampler 1d float @s1 binding 7\n"
   "sampler 2darray float @sfa binding 9\n"
   "output vec4 @o0 location 0\n"
   "output vec4 @o1 location 1\n"
   "output ivec4 @o2 location 2\n"
   "output uvec4 @o3 location 3\n"
   "output vec4 @o4 location 4\n"
   "output ivec4 @o5 location 5\n"
   "func void @main() {\n"
   "   %uv = load_input vec4 @uv\n"
   "   %w = load_input vec4 @w\n"
   "   %k = load_input ivec4 @k\n"
   "   %c2 = swizzle vec2 %uv.xy\n"
   "   %c3 = swizzle vec3 %uv.xyz\n"
   "   %c1 = swizzle float %uv.z\n"
   "   %off = swizzle ivec2 %k.xy\n"
   "   %off3 = swizzle ivec3 %k.zyx\n"
   "   %wx = swizzle float %w.x\n"
   "   %hundred = const float 100.0\n"
   "   %pz = fadd float %wx, %hundred\n"
   "   %bias = swizzle float %w.y\n"
   "   %dd = swizzle vec3 %w.xyz\n"
   "   %ref = swizzle float %uv.w\n"
   "   %ic3 = swizzle ivec3 %k.xyz\n"
   "   %ic2 = swizzle ivec2 %k.wx\n"
   "   %ic1 = swizzle int %k.x\n"
   "   %li = swizzle int %k.w\n"
   "   %smp = swizzle int %k.z\n"
   "   %t0 = tex vec4 @s2, coord %c2\n"
   "   %t1 = tex vec4 @s2, coord %c2, offset %off\n"
   "   %t2 = tex vec4 @s2, coord %c2, proj %pz\n"
   "   %t3 = txb vec4 @s2, coord %c2, bias %bias\n"
   "   %t4 = txl vec4 @sc, coord %c3, lod %bias\n"
   "   %t5 = txd vec4 @sc, coord %c3, ddx %dd, ddy %c3\n"
   "   %t6 = tex vec4 @s1, coord %c1\n"
   "   %t7 = txl vec4 @s2, coord %c2, lod %wx, offset %off\n"
   "   %t8 = tex vec4 @sfa, coord %c3, proj %pz\n"
   "   %t9 = txd vec4 @s2, coord %c2, ddx %c2, ddy %c2, offset %off, proj %pz\n"
   "   %a0 = fadd vec4 %t0, %t1\n"
   "   %a1 = fadd vec4 %a0, %t2\n"
   "   %a2 = fadd vec4 %a1, %t3\n"
   "   %a3 = fadd vec4 %a2, %t4\n"
   "   %a4 = fadd vec4 %a3, %t5\n"
   "   %a5 = fadd vec4 %a4, %t6\n"
   "   %a6 = fadd vec4 %a5, %t7\n"
   "   %a7 = fadd vec4 %a6, %t8\n"
   "   %a8 = fadd vec4 %a7, %t9\n"
   "   store_output @o0, %a8\n"
   "   %h0 = tex float @ss, coord %c2, compare %ref\n"
   "   %h1 = tex float @ss, coord %c2, compare %ref, proj %pz\n"
   "   %h2 = txb float @ss, coord %c2, compare %ref, bias %bias\n"
   "   %h3 = txl float @ss, coord %c2, compare %ref, lod %wx, offset %off\n"
   "   %h4 = tg4 vec4 @ss, coord %c2, compare %ref, comp 0\n"
   "   %h5 = tg4 vec4 @s2, coord %c2, offset %off, comp 2\n"
   "   %h6 = lod vec2 @s2, coord %c2\n"
   "   %h7 = lod vec2 @sc, coord %c3\n"
   "   %hx = swizzle float %h6.y\n"
   "   %hy = swizzle float %h7.x\n"
   "   %o1 = vec4 vec4 %h0, %h1, %h2, %h3\n"
   "   %o1b = fadd vec4 %o1, %h4\n"
   "   %o1c = fadd vec4 %o1b, %h5\n"
   "   store_output @o1, %o1c\n"
   "   %f0 = txf ivec4 @sa, coord %ic3, lod %li\n"
   "   %f1 = txf vec4 @sb, coord %ic1\n"
   "   %f2 = txf_ms vec4 @sm, coord %ic2, sample %smp\n"
   "   %f3 = txf vec4 @s2, coord %off, lod %li, offset %off\n"
   "   %fx = swizzle float %f1.x\n"
   "   %fy = swizzle float %f2.y\n"
   "   %fz = swizzle float %f3.w\n"
   "   %o4 = vec4 vec4 %fx, %fy, %fz, %hx\n"
   "   %o4b = fadd vec4 %o4, %f2\n"
   "   %hyv = vec4 vec4 %hy, %hy, %hy, %hy\n"
   "   %o4c = fadd vec4 %o4b, %hyv\n"
   "   store_output @o4, %o4c\n"
   "   %z0 = txs ivec2 @s2, lod %li\n"
   "   %z1 = txs int @sb\n"
   "   %z2 = txs ivec3 @sa, lod %smp\n"
   "   %z3 = query_levels int @sc\n"
   "   %z4 = txs ivec2 @sm\n"
   "   %z5 = query_samples int @sm\n"
   "   %zx = swizzle int %z0.y\n"
   "   %zy = swizzle int %z2.z\n"
   "   %zz = swizzle int %z4.x\n"
   "   %zv = vec4 ivec4 %zx, %z1, %zy, %z3\n"
   "   %zw = vec4 ivec4 %zz, %z5, %zz, %zz\n"
   "   %zs = iadd ivec4 %zv, %zw\n"
   "   %o2 = ixor ivec4 %f0, %zs\n"
   "   store_output @o2, %o2\n"
   "   %u0 = tex uvec4 @s3, coord %c3, offset %off3\n"
   "   store_output @o3, %u0\n"
   "   %i0 = tex ivec4 @sa, coord %c3, proj %pz\n"
   "   %i1 = txl ivec4 @sa, coord %c3, lod %bias, offset %off\n"
   "   %i2 = iadd ivec4 %i0, %i1\n"
   "   store_output @o5, %i2\n"
   "}\n";

/* texture instructions under control flow: in an if (part of a quad
 * inactive: the sampler sees the lane mask, inactive lanes read 0, and a
 * derivative of the result reads those zeros), in a loop whose lanes leave
 * at different iterations (lod = the iteration), after discards, and the
 * derivative of a texture result at the top level */
static const char *tex_cf =
   "shader fragment\n"
   "input vec4 @uv location 0\n"
   "input ivec4 @k location 2 flat\n"
   "sampler 2d float @s2 binding 0\n"
   "sampler 2d float shadow @ss binding 1\n"
   "sampler 2d int @si binding 3\n"
   "local int @i\n"
   "local vec4 @acc\n"
   "output vec4 @o0 location 0\n"
   "output vec4 @o1 location 1\n"
   "output vec4 @o2 location 2\n"
   "output ivec4 @o3 location 3\n"
   "func void @main() {\n"
   "   %uv = load_input vec4 @uv\n"
   "   %k = load_input ivec4 @k\n"
   "   %c2 = swizzle vec2 %uv.xy\n"
   "   %ux = swizzle float %uv.x\n"
   "   %zero = const float 0.0\n"
   "   %pos = fgt bool %ux, %zero\n"
   "   if %pos {\n"
   "      %t = tex vec4 @s2, coord %c2\n"
   "      %d = fddx vec4 %t\n"
   "      %e = fddy vec4 %t\n"
   "      %de = fadd vec4 %d, %e\n"
   "      store_output @o0, %de\n"
   "      %kz = swizzle int %k.z\n"
   "      %sz = txs ivec2 @s2, lod %kz\n"
   "      %lv = query_levels int @s2\n"
   "      %szx = swizzle int %sz.x\n"
   "      %o3 = vec4 ivec4 %szx, %lv, %szx, %lv\n"
   "      store_output @o3, %o3\n"
   "   } else {\n"
   "      %ref = swizzle float %uv.w\n"
   "      %h = tex float @ss, coord %c2, compare %ref\n"
   "      %hv = vec4 vec4 %h, %h, %h, %h\n"
   "      store_output @o0, %hv\n"
   "   }\n"
   "   %uy = swizzle float %uv.y\n"
   "   %neg = flt bool %uy, %zero\n"
   "   %uz = swizzle float %uv.z\n"
   "   %big = fgt bool %uz, %zero\n"
   "   %dis = band bool %neg, %big\n"
   "   discard_if %dis\n"
   "   %z = const int 0\n"
   "   store_local @i, %z\n"
   "   %zv = const vec4 0.0, 0.0, 0.0, 0.0\n"
   "   store_local @acc, %zv\n"
   "   %kx = swizzle int %k.x\n"
   "   %seven = const int 7\n"
   "   %n = iand int %kx, %seven\n"
   "   loop {\n"
   "      %i = load_local int @i\n"
   "      %done = ige bool %i, %n\n"
   "      if %done {\n"
   "         break\n"
   "      }\n"
   "      %fi = i2f float %i\n"
   "      %t2 = txl vec4 @s2, coord %c2, lod %fi\n"
   "      %ki = swizzle ivec2 %k.yz\n"
   "      %ti = txf ivec4 @si, coord %ki, lod %i\n"
   "      %tif = i2f vec4 %ti\n"
   "      %a = load_local vec4 @acc\n"
   "      %a1 = fadd vec4 %a, %t2\n"
   "      %a2 = fadd vec4 %a1, %tif\n"
   "      store_local @acc, %a2\n"
   "      %one = const int 1\n"
   "      %i1 = iadd int %i, %one\n"
   "      store_local @i, %i1\n"
   "      %three = const int 3\n"
   "      %stop = ieq bool %i1, %three\n"
   "      discard_if %stop\n"
   "   }\n"
   "   %acc = load_local vec4 @acc\n"
   "   store_output @o1, %acc\n"
   "   %t3 = txb vec4 @s2, coord %c2, bias %ux\n"
   "   %d3 = fwidth vec4 %t3\n"
   "   store_output @o2, %d3\n"
   "}\n";

/* textures in a vertex shader: the implicit level is the base level
 * (explicit lod 0), fetches, sizes */
static const char *tex_vert =
   "shader vertex\n"
   "input vec4 @uv location 0\n"
   "input ivec4 @k location 1\n"
   "sampler 2d float @s2 binding 0\n"
   "sampler 2d float shadow @ss binding 1\n"
   "sampler 2darray uint @sa binding 2\n"
   "output vec4 @o0 location 0\n"
   "output uvec4 @o1 location 1\n"
   "output ivec4 @o2 location 2\n"
   "func void @main() {\n"
   "   %uv = load_input vec4 @uv\n"
   "   %k = load_input ivec4 @k\n"
   "   %c2 = swizzle vec2 %uv.xy\n"
   "   %c3 = swizzle vec3 %uv.xyz\n"
   "   %ref = swizzle float %uv.w\n"
   "   %lod = swizzle float %uv.z\n"
   "   %off = swizzle ivec2 %k.xy\n"
   "   %t0 = tex vec4 @s2, coord %c2, offset %off\n"
   "   %t1 = txl vec4 @s2, coord %c2, lod %lod\n"
   "   %t2 = tex float @ss, coord %c2, compare %ref\n"
   "   %t2v = vec4 vec4 %t2, %t2, %t2, %t2\n"
   "   %a = fadd vec4 %t0, %t1\n"
   "   %b = fadd vec4 %a, %t2v\n"
   "   %t3 = txd vec4 @s2, coord %c2, ddx %c2, ddy %c2\n"
   "   %c = fadd vec4 %b, %t3\n"
   "   store_output @o0, %c\n"
   "   %ic3 = swizzle ivec3 %k.xyz\n"
   "   %li = swizzle int %k.w\n"
   "   %f = txf uvec4 @sa, coord %ic3, lod %li\n"
   "   store_output @o1, %f\n"
   "   %z = txs ivec3 @sa, lod %li\n"
   "   %lv = query_levels int @s2\n"
   "   %zx = swizzle int %z.x\n"
   "   %zy = swizzle int %z.y\n"
   "   %zz = swizzle int %z.z\n"
   "   %zv = vec4 ivec4 %zx, %zy, %zz, %lv\n"
   "   store_output @o2, %zv\n"
   "}\n";

/* functions: parameters and results of several types (bool included),
 * a function called from several places and from another function, a void
 * function storing outputs and locals, early returns inside an if and
 * inside a loop (with and without a value), a function with its own loop
 * and break, calls inside an if and inside a loop */
static const char *calls_vert =
   "shader vertex\n"
   "input vec4 @f location 0\n"
   "input ivec4 @i location 1\n"
   "output vec4 @o0 location 0\n"
   "output ivec4 @o1 location 1\n"
   "output vec4 @o2 location 2\n"
   "output ivec4 @o3 location 3\n"
   "local int @cnt\n"
   "func vec4 @scale(vec4 %v, float %s) {\n"
   "   %sv = vec4 vec4 %s, %s, %s, %s\n"
   "   %r = fmul vec4 %v, %sv\n"
   "   return %r\n"
   "}\n"
   "func int @clampi(int %x, int %lo, int %hi) {\n"
   "   %lt = ilt bool %x, %lo\n"
   "   if %lt {\n"
   "      return %lo\n"
   "   }\n"
   "   %gt = igt bool %x, %hi\n"
   "   if %gt {\n"
   "      return %hi\n"
   "   }\n"
   "   return %x\n"
   "}\n"
   "func bool @odd(int %x) {\n"
   "   %one = const int 1\n"
   "   %b = iand int %x, %one\n"
   "   %r = ine bool %b, %one\n"
   "   %nr = bnot bool %r\n"
   "   return %nr\n"
   "}\n"
   "func int @firstbig(ivec4 %v, int %lim) {\n"
   "   %z = const int 0\n"
   "   store_local @cnt, %z\n"
   "   loop {\n"
   "      %c = load_local int @cnt\n"
   "      %four = const int 4\n"
   "      %end = ige bool %c, %four\n"
   "      if %end {\n"
   "         break\n"
   "      }\n"
   "      %x = swizzle int %v.x\n"
   "      %y = swizzle int %v.y\n"
   "      %w = swizzle int %v.w\n"
   "      %one = const int 1\n"
   "      %c1 = iadd int %c, %one\n"
   "      store_local @cnt, %c1\n"
   "      %xx = imul int %x, %c1\n"
   "      %yy = iadd int %xx, %y\n"
   "      %big = igt bool %yy, %lim\n"
   "      if %big {\n"
   "         %ret = iadd int %yy, %w\n"
   "         return %ret\n"
   "      }\n"
   "   }\n"
   "   %m = const int -1\n"
   "   return %m\n"
   "}\n"
   "func void @emit(vec4 %v, int %k) {\n"
   "   %neg = const int 0\n"
   "   %isneg = ilt bool %k, %neg\n"
   "   if %isneg {\n"
   "      return\n"
   "   }\n"
   "   %o = load_output vec4 @o2\n"
   "   %s = fadd vec4 %o, %v\n"
   "   store_output @o2, %s\n"
   "}\n"
   "func int @maybe(int %x) {\n"
   "   %z = const int 0\n"
   "   %p = igt bool %x, %z\n"
   "   if %p {\n"
   "      return %x\n"
   "   }\n"
   "   %m = ineg int %x\n"
   "   return %m\n"
   "}\n"
   "func vec4 @twice(vec4 %v) {\n"
   "   %two = const float 2.0\n"
   "   %r = call vec4 @scale(%v, %two)\n"
   "   %three = const float 3.0\n"
   "   %r2 = call vec4 @scale(%r, %three)\n"
   "   return %r2\n"
   "}\n"
   "func void @main() {\n"
   "   %f = load_input vec4 @f\n"
   "   %i = load_input ivec4 @i\n"
   "   %ix = swizzle int %i.x\n"
   "   %iy = swizzle int %i.y\n"
   "   %lo = const int -5\n"
   "   %hi = const int 7\n"
   "   %c = call int @clampi(%ix, %lo, %hi)\n"
   "   %cf = i2f float %c\n"
   "   %s = call vec4 @scale(%f, %cf)\n"
   "   %od = call bool @odd(%iy)\n"
   "   if %od {\n"
   "      %t = call vec4 @twice(%s)\n"
   "      store_output @o0, %t\n"
   "   } else {\n"
   "      store_output @o0, %s\n"
   "   }\n"
   "   %lim = const int 30\n"
   "   %fb = call int @firstbig(%i, %lim)\n"
   "   %cc = load_local int @cnt\n"
   "   %iz = swizzle int %i.z\n"
   "   %c2 = call int @clampi(%iz, %lo, %hi)\n"
   "   %o1 = vec4 ivec4 %c, %fb, %cc, %c2\n"
   "   store_output @o1, %o1\n"
   "   %zero = const int 0\n"
   "   store_local @cnt, %zero\n"
   "   loop {\n"
   "      %k = load_local int @cnt\n"
   "      %n = const int 3\n"
   "      %done = ige bool %k, %n\n"
   "      if %done {\n"
   "         break\n"
   "      }\n"
   "      %kk = isub int %iy, %k\n"
   "      call @emit(%f, %kk)\n"
   "      %mb = call int @maybe(%kk)\n"
   "      %o3 = load_output ivec4 @o3\n"
   "      %mbv = vec4 ivec4 %mb, %mb, %mb, %mb\n"
   "      %o3b = iadd ivec4 %o3, %mbv\n"
   "      %kv = vec4 ivec4 %k, %k, %k, %k\n"
   "      %o3c = imul ivec4 %o3b, %kv\n"
   "      store_output @o3, %o3c\n"
   "      %one = const int 1\n"
   "      %k1 = iadd int %k, %one\n"
   "      store_local @cnt, %k1\n"
   "   }\n"
   "}\n";

/* calls in a fragment shader: a call inside an if in a loop whose result
 * is differentiated (lanes of the quad that were not active at the call
 * keep that call's result from an earlier iteration, 0 at first), a
 * callee that discards, a callee that samples a texture and returns from
 * inside its own loop */
static const char *calls_frag =
   "shader fragment\n"
   "input vec4 @uv location 0\n"
   "input ivec4 @k location 1 flat\n"
   "input vec4 @fc semantic frag_coord\n"
   "sampler 2d float @s2 binding 0\n"
   "output vec4 @o0 location 0\n"
   "output vec4 @o1 location 1\n"
   "output vec4 @o2 location 2\n"
   "local int @i\n"
   "local vec4 @acc\n"
   "func vec4 @shade(vec4 %c, float %t) {\n"
   "   %tv = vec4 vec4 %t, %t, %t, %t\n"
   "   %m = fmul vec4 %c, %tv\n"
   "   %fc = load_input vec4 @fc\n"
   "   %r = fadd vec4 %m, %fc\n"
   "   return %r\n"
   "}\n"
   "func float @kill_or(float %x, float %lim) {\n"
   "   %big = fgt bool %x, %lim\n"
   "   discard_if %big\n"
   "   %r = fmul float %x, %x\n"
   "   return %r\n"
   "}\n"
   "func void @maybe_discard(float %x) {\n"
   "   %lim = const float 25.0\n"
   "   %big = fgt bool %x, %lim\n"
   "   discard_if %big\n"
   "}\n"
   "func vec4 @look(vec2 %c, int %n) {\n"
   "   %z = const int 0\n"
   "   store_local @i, %z\n"
   "   loop {\n"
   "      %i = load_local int @i\n"
   "      %fi = i2f float %i\n"
   "      %t = txl vec4 @s2, coord %c, lod %fi\n"
   "      %tx = swizzle float %t.x\n"
   "      %zero = const float 0.0\n"
   "      %pos = fgt bool %tx, %zero\n"
   "      %late = ige bool %i, %n\n"
   "      %stop = bor bool %pos, %late\n"
   "      if %stop {\n"
   "         return %t\n"
   "      }\n"
   "      %one = const int 1\n"
   "      %i1 = iadd int %i, %one\n"
   "      store_local @i, %i1\n"
   "   }\n"
   "   %u = undef vec4\n"
   "   return %u\n"
   "}\n"
   "func void @main() {\n"
   "   %uv = load_input vec4 @uv\n"
   "   %k = load_input ivec4 @k\n"
   "   %z = const int 0\n"
   "   store_local @i, %z\n"
   "   %zv = const vec4 0.0, 0.0, 0.0, 0.0\n"
   "   store_local @acc, %zv\n"
   "   %kx = swizzle int %k.x\n"
   "   %three = const int 3\n"
   "   %n = iand int %kx, %three\n"
   "   loop {\n"
   "      %i = load_local int @i\n"
   "      %done = igt bool %i, %n\n"
   "      if %done {\n"
   "         break\n"
   "      }\n"
   "      %fi = i2f float %i\n"
   "      %ux = swizzle float %uv.x\n"
   "      %uxi = fadd float %ux, %fi\n"
   "      %zero = const float 0.0\n"
   "      %pos = fgt bool %uxi, %zero\n"
   "      if %pos {\n"
   "         %sh = call vec4 @shade(%uv, %fi)\n"
   "         %d = fddx vec4 %sh\n"
   "         %e = fddy_coarse vec4 %sh\n"
   "         %de = fadd vec4 %d, %e\n"
   "         %a = load_local vec4 @acc\n"
   "         %a1 = fadd vec4 %a, %de\n"
   "         store_local @acc, %a1\n"
   "      }\n"
   "      %uw = swizzle float %uv.w\n"
   "      %lim = const float 20.0\n"
   "      %lim2 = fsub float %lim, %fi\n"
   "      %ko = call float @kill_or(%uw, %lim2)\n"
   "      %kd = fddy float %ko\n"
   "      %kv = vec4 vec4 %kd, %ko, %kd, %ko\n"
   "      %a2 = load_local vec4 @acc\n"
   "      %a3 = fadd vec4 %a2, %kv\n"
   "      store_local @acc, %a3\n"
   "      %one = const int 1\n"
   "      %i1 = iadd int %i, %one\n"
   "      store_local @i, %i1\n"
   "   }\n"
   "   %acc = load_local vec4 @acc\n"
   "   store_output @o0, %acc\n"
   "   %uy = swizzle float %uv.y\n"
   "   call @maybe_discard(%uy)\n"
   "   %c2 = swizzle vec2 %uv.zw\n"
   "   %ky = swizzle int %k.y\n"
   "   %fifteen = const int 15\n"
   "   %kyb = iand int %ky, %fifteen\n"
   "   %l = call vec4 @look(%c2, %kyb)\n"
   "   store_output @o1, %l\n"
   "   %w = fwidth vec4 %l\n"
   "   store_output @o2, %w\n"
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
                          (req->op == IR_OP_txf || req->op == IR_OP_txf_ms ? 0.0f
                                                                           : req->coord[l].f[0]);
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

static int32_t
fake_samples(void *priv, unsigned unit, enum ir_tex_target target)
{
   struct fake_sampler *fs = priv;
   uint64_t h = mix64(mix64(5, unit), target);
   fake_digest(fs, h);
   fs->levels++;
   return (int32_t)(h % 17) + 1;
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
   struct irexec_sampler_iface si_ref = { fake_sample, fake_size, fake_levels, fake_samples, &fs_ref };
   struct irexec_sampler_iface si_jit = { fake_sample, fake_size, fake_levels, fake_samples, &fs_jit };
   env.sampler = &si_ref;
   struct pony_jit_sysvals sv;
   memset(&sv, 0, sizeof(sv));
   sv.sampler = &si_jit;

   float (*in)[4] = calloc((size_t)w * ni, sizeof(*in));
   float (*out)[4] = calloc((size_t)w * no, sizeof(*out));
   uint32_t *jin = calloc((size_t)ni * 4 * w, 4), *jout = calloc((size_t)no * 4 * w, 4);
   float *jfc = calloc((size_t)4 * w, sizeof(float));
   unsigned bad = 0, discards = 0, runaways = 0, tex_calls = 0;
   for (unsigned batch = 0; batch < 48; batch++) {
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
      /* batch 20: no frag_coord array (irexec: none either, both read 0);
       * batch 23: no sysvals at all (irexec: a zeroed env, back facing) */
      bool nofc = batch == 20 || batch == 23, nosv = batch == 23;
      if (nofc)
         sv.frag_coord = NULL;
      if (nosv)
         for (unsigned q = 0; q < w / 4; q++)
            ffq[q] = false;
      /* half of the batches with a small step budget */
      unsigned budget = batch % 4 >= 2 ? 5 + rnd() % (batch % 8 >= 4 ? 60 : 300) : 0;
      env.max_steps = budget;
      sv.max_steps = budget;
      env.vertex_id_base = (int32_t)(rnd() % 1000);
      env.instance_id = (int32_t)(rnd() % 50);
      sv.vertex_id_base = env.vertex_id_base;
      sv.instance_id = env.instance_id;
      if (nosv) {
         env.max_steps = 0;
         env.vertex_id_base = 0;
         env.instance_id = 0;
      }
      memset(&fs_ref, 0, sizeof(fs_ref));
      memset(&fs_jit, 0, sizeof(fs_jit));
      /* batch 21: no sampler; batch 22: a sampler without callbacks
       * (textures read 0) */
      static const struct irexec_sampler_iface si_none = { NULL, NULL, NULL, NULL, NULL };
      env.sampler = batch == 21 || nosv ? NULL : batch == 22 ? &si_none : &si_ref;
      sv.sampler = batch == 21 ? NULL : batch == 22 ? &si_none : &si_jit;

      unsigned want_res = 0, live = 0;
      for (unsigned q = 0; q < w / 4; q++) {
         bool ok;
         if (frag) {
            unsigned dm = 0;
            ok = irexec_run_fragment_quad(p, &env, (const float (*)[4])&in[q * 4 * ni], liveq[q],
                                          ffq[q], nofc ? NULL : (const float (*)[4])fcq[q],
                                          &out[q * 4 * no], &dm);
            want_res |= dm << (4 * q);
            live |= liveq[q] << (4 * q);
         } else {
            env.vertex_id_base = (nosv ? 0 : sv.vertex_id_base) + (int32_t)(4 * q);
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
      uint32_t res = pony_jit_shader_func_get(js)(jin, jout, jcb, nosv ? NULL : &sv);
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
                  fprintf(stderr,
                          "%s w%u batch %u lane %u slot %u comp %u: jit 0x%08x irexec 0x%08x\n",
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

/* a chain of n nested calls: main -> @f<n> -> ... -> @f1 */
static char *
call_chain(unsigned n)
{
   size_t size = 256 + (size_t)n * 160;
   char *t = malloc(size);
   size_t len = (size_t)snprintf(t, size, "shader vertex\ninput int @x location 0\n"
                                 "output int @o location 0\n"
                                 "func int @f1(int %%a) {\n   %%one = const int 1\n"
                                 "   %%r = iadd int %%a, %%one\n   return %%r\n}\n");
   for (unsigned i = 2; i <= n; i++)
      len += (size_t)snprintf(t + len, size - len,
                              "func int @f%u(int %%a) {\n   %%two = const int 2\n"
                              "   %%m = imul int %%a, %%two\n   %%r = call int @f%u(%%m)\n"
                              "   return %%r\n}\n", i, i - 1);
   snprintf(t + len, size - len, "func void @main() {\n   %%x = load_input int @x\n"
            "   %%r = call int @f%u(%%x)\n   store_output @o, %%r\n}\n", n);
   return t;
}

/* irexec fails a batch that calls 33 levels deep (IREXEC_MAX_CALL_DEPTH):
 * the JIT reports such a shader unsupported and runs 32 levels */
static void
test_call_depth(void)
{
   char *t32 = call_chain(32), *t33 = call_chain(33);
   compare(8, "call_depth_32", t32);
   char err[256];
   struct ir_shader *s = ir_parse(t33, err, sizeof(err));
   CHECK(s, "call_depth_33: parse: %s", err);
   struct pony_jit *jit = pony_jit_create(4, err, sizeof(err));
   struct irexec_program *p = s ? irexec_create(s, err, sizeof(err)) : NULL;
   CHECK(p, "call_depth_33: irexec: %s", err);
   if (s && jit && p) {
      struct irexec_env env;
      memset(&env, 0, sizeof(env));
      float in[4][4], out[4][4];
      memset(in, 0, sizeof(in));
      CHECK(!irexec_run_vertices(p, &env, 4, (const float (*)[4])in, out),
            "call_depth_33: irexec ran it");
      struct pony_jit_shader *js = NULL;
      enum pony_jit_status st = pony_jit_compile(jit, s, &js, err, sizeof(err));
      CHECK(st == PONY_JIT_UNSUPPORTED && strstr(err, "deeper"), "call_depth_33: status %d: %s",
            (int)st, err);
   }
   irexec_destroy(p);
   pony_jit_destroy(jit);
   ir_shader_destroy(s);
   free(t32);
   free(t33);
}

int
main(int argc, char **argv)
{
   const struct {
      const char *name, *text;
   } shaders[] = {
      { "frag_sysvals", frag_sysvals },
      { "vert_sysvals", vert_sysvals },
      { "tex_all", tex_all },
      { "tex_cf", tex_cf },
      { "tex_vert", tex_vert },
      { "calls_vert", calls_vert },
      { "calls_frag", calls_frag },
   };
   const char *only = argc > 1 ? argv[1] : NULL;
   unsigned ran = 0;
   for (unsigned w = 4; w <= 16; w *= 2)
      for (unsigned i = 0; i < sizeof(shaders) / sizeof(shaders[0]); i++)
         if (!only || !strcmp(only, shaders[i].name)) {
            compare(w, shaders[i].name, shaders[i].text);
            ran++;
         }
   if (!only || !strcmp(only, "call_depth")) {
      test_call_depth();
      ran++;
   }
   CHECK(ran, "no shader named %s", only ? only : "");
   if (!failures)
      printf("jit_test_ext: all passed (%u comparisons)\n", ran);
   return failures ? 1 : 0;
}
