/*
 * Pony IR -> TGSI text (virgl_tgsi.c): the key lines of small shaders
 * written in IR text, and the refusals with their messages.  What the
 * host does with the text is test_virgl_tgsi_exec's part.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "virgl_tgsi.h"

static int failures;

static char *
translate(const char *ir, char *err, size_t err_size)
{
   char perr[256];
   struct ir_shader *s = ir_parse(ir, perr, sizeof perr);
   if (!s) {
      printf("FAIL: IR does not parse: %s\n", perr);
      failures++;
      return NULL;
   }
   char *text = virgl_tgsi_from_ir(s, NULL, err, err_size);
   ir_shader_destroy(s);
   return text;
}

/* The text has each line of `want` (NUL-separated, ends with an empty one). */
static void
expect_lines(const char *name, const char *ir, const char *const *want)
{
   char err[256];
   char *text = translate(ir, err, sizeof err);
   if (!text) {
      printf("FAIL %s: refused: %s\n", name, err);
      failures++;
      return;
   }
   for (unsigned i = 0; want[i]; i++) {
      char needle[256];
      snprintf(needle, sizeof needle, "%s\n", want[i]);
      if (!strstr(text, needle)) {
         printf("FAIL %s: no line '%s' in\n%s\n", name, want[i], text);
         failures++;
         break;
      }
   }
   free(text);
}

static void
expect_refusal(const char *name, const char *ir, const char *msg)
{
   char err[256];
   char *text = translate(ir, err, sizeof err);
   if (text || !strstr(err, msg)) {
      printf("FAIL %s: expected a refusal with '%s', got %s\n%s\n", name, msg,
             text ? "text" : err, text ? text : "");
      failures++;
   }
   free(text);
}

#define FS "shader fragment\noutput vec4 @o location 0\n"

int
main(void)
{
   expect_lines("vertex shader declarations",
                "shader vertex\n"
                "input vec4 @pos location 0\n"
                "input vec2 @uv location 3\n"
                "input int @vid semantic vertex_id\n"
                "output vec4 @opos semantic position\n"
                "output vec2 @ouv location 5\n"
                "output float @psize semantic point_size\n"
                "func void @main() {\n"
                "   %p = load_input vec4 @pos\n"
                "   store_output @opos, %p\n"
                "   %u = load_input vec2 @uv\n"
                "   store_output @ouv, %u\n"
                "   %v = load_input int @vid\n"
                "   %f = i2f float %v\n"
                "   store_output @psize, %f\n"
                "}\n",
                (const char *const[]){ "VERT", "DCL IN[0]", "DCL IN[3]", "DCL SV[0], VERTEXID",
                                       "DCL OUT[0], POSITION", "DCL OUT[1], GENERIC[5]",
                                       "DCL OUT[2], PSIZE", "I2F TEMP[3].x, SV[0].xxxx",
                                       "MOV OUT[0], TEMP[0].xyzw", "MOV OUT[1].xy, TEMP[1].xyxx",
                                       "MOV OUT[2].x, TEMP[2].xxxx", "END", NULL });

   {
      /* vertex inputs in location order whatever the IR's order */
      char err[256];
      char *text = translate("shader vertex\n"
                             "input vec4 @late location 2\n"
                             "input vec4 @early location 0\n"
                             "output vec4 @opos semantic position\n"
                             "func void @main() {\n"
                             "   %a = load_input vec4 @late\n"
                             "   %b = load_input vec4 @early\n"
                             "   %s = fadd vec4 %a, %b\n"
                             "   store_output @opos, %s\n"
                             "}\n", err, sizeof err);
      const char *i0 = text ? strstr(text, "DCL IN[0]\n") : NULL;
      const char *i2 = text ? strstr(text, "DCL IN[2]\n") : NULL;
      if (!i0 || !i2 || i0 > i2 || !strstr(text, "ADD TEMP[1], IN[2].xyzw, IN[0].xyzw\n")) {
         printf("FAIL vertex input order:\n%s\n", text ? text : err);
         failures++;
      }
      free(text);
   }

   expect_lines("fragment inputs, interpolation, built-ins",
                FS "input vec4 @c location 0\n"
                "input vec2 @n location 1 noperspective\n"
                "input ivec2 @i location 2 flat\n"
                "input vec4 @cen location 3 centroid\n"
                "input vec4 @fc semantic frag_coord\n"
                "input bool @ff semantic front_face\n"
                "output float @depth semantic frag_depth\n"
                "func void @main() {\n"
                "   %fc = load_input vec4 @fc\n"
                "   %ff = load_input bool @ff\n"
                "   %c = load_input vec4 @c\n"
                "   %f4 = vec4 bvec4 %ff, %ff, %ff, %ff\n"
                "   %s = select vec4 %f4, %c, %fc\n"
                "   store_output @o, %s\n"
                "   %z = swizzle float %fc.z\n"
                "   store_output @depth, %z\n"
                "}\n",
                (const char *const[]){ "FRAG", "DCL IN[0], GENERIC[0], PERSPECTIVE",
                                       "DCL IN[1], GENERIC[1], LINEAR",
                                       "DCL IN[2], GENERIC[2], CONSTANT",
                                       "DCL IN[3], GENERIC[3], PERSPECTIVE, CENTROID",
                                       "DCL IN[4], POSITION, LINEAR", "DCL IN[5], FACE, CONSTANT",
                                       "DCL OUT[0], COLOR[0]", "DCL OUT[1], POSITION",
                                       "FSLT TEMP[2].x, IMM[0].xxxx, IN[5].xxxx",
                                       "UCMP TEMP[3], TEMP[2].xxxx, IN[0].xyzw, IN[4].xyzw",
                                       "MOV OUT[1].z, TEMP[1].xxxx", NULL });

   /* gl_FragColor: a colour output without a location feeds every colour
    * buffer (COLOR[0] with the property); one at location 0 does not */
   expect_lines("gl_FragColor",
                "shader fragment\noutput vec4 @o location -1\n"
                "func void @main() {\n"
                "   %c = const vec4 0.25, 0.5, 0.75, 1.0\n"
                "   store_output @o, %c\n"
                "}\n",
                (const char *const[]){ "PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1",
                                       "DCL OUT[0], COLOR[0]", NULL });
   expect_lines("a colour output at location 0",
                FS "func void @main() {\n"
                "   %c = const vec4 0.25, 0.5, 0.75, 1.0\n"
                "   store_output @o, %c\n"
                "}\n",
                (const char *const[]){ "PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 0",
                                       "DCL OUT[0], COLOR[0]", NULL });

   /* bit patterns of the constants, so that the host reads these values */
   expect_lines("immediates, comparisons, bools",
                FS "input vec4 @c location 0\n"
                "func void @main() {\n"
                "   %c = load_input vec4 @c\n"
                "   %k = const vec4 1.0, 0.1, -2.0, 0x7fc00000\n"
                "   %lt = fle bvec4 %c, %k\n"
                "   %f = b2f vec4 %lt\n"
                "   %n = const int -3\n"
                "   %u = const uint 7\n"
                "   %i = f2i ivec4 %c\n"
                "   %ni = vec4 ivec4 %n, %n, %n, %n\n"
                "   %eq = ieq bvec4 %i, %ni\n"
                "   %all = ball bool %eq\n"
                "   if %all {\n"
                "      store_output @o, %f\n"
                "   }\n"
                "}\n",
                (const char *const[]){
                   "IMM[0] FLT32 {0x3f800000, 0x3dcccccd, 0xc0000000, 0x7fc00000}",
                   "FSGE TEMP[1], IMM[0].xyzw, IN[0].xyzw", "AND TEMP[2], TEMP[1].xyzw, IMM[1].xxxx",
                   "IMM[1] UINT32 {1065353216, 1065353216, 1065353216, 1065353216}",
                   "IMM[2] INT32 {-3, 0, 0, 0}", "USEQ TEMP[4], TEMP[3].xyzw, IMM[2].xxxx",
                   "AND TEMP[5].x, TEMP[4].xxxx, TEMP[4].yyyy",
                   "AND TEMP[5].x, TEMP[5].xxxx, TEMP[4].wwww", "UIF TEMP[5].xxxx",
                   "ENDIF", NULL });

   expect_lines("loops, local arrays, dynamic indices, discard",
                FS "input ivec4 @i location 0 flat\n"
                "local vec4 @a[4]\n"
                "uniform vec4 @u[3] cbuf 1 offset 32\n"
                "uniform float @s cbuf 0 offset 8\n"
                "func void @main() {\n"
                "   %i = load_input ivec4 @i\n"
                "   %x = swizzle int %i.x\n"
                "   %u = load_uniform vec4 @u[%x]\n"
                "   store_local @a[%x], %u\n"
                "   %s = load_uniform float @s\n"
                "   %z = const float 0.0\n"
                "   %neg = flt bool %s, %z\n"
                "   discard_if %neg\n"
                "   loop {\n"
                "      %v = load_local vec4 @a[2]\n"
                "      store_output @o, %v\n"
                "      %y = swizzle int %i.y\n"
                "      %b = i2b bool %y\n"
                "      if %b {\n"
                "         break\n"
                "      }\n"
                "      continue\n"
                "   }\n"
                "}\n",
                (const char *const[]){ "DCL TEMP[0..3], ARRAY(1)", "DCL CONST[0][0..0]",
                                       "DCL CONST[1][0..4]", "DCL ADDR[0]",
                                       "UMIN TEMP[5].x, IN[0].xxxx, IMM[0].xxxx",
                                       "UARL ADDR[0].x, TEMP[5].xxxx",
                                       "MOV TEMP[6], CONST[1][ADDR[0].x+2].xyzw",
                                       "USLT TEMP[7].x, IN[0].xxxx, IMM[1].xxxx",
                                       "UARL ADDR[0].x, IN[0].xxxx",
                                       "MOV TEMP[ADDR[0].x+0](1), TEMP[6].xyzw",
                                       "FSLT TEMP[8].x, CONST[0][0].zzzz, IMM[2].xxxx",
                                       "KILL", "BGNLOOP", "MOV TEMP[9], TEMP[2].xyzw", "BRK",
                                       "CONT", "ENDLOOP", NULL });

   expect_lines("calls are inlined",
                FS "func vec4 @twice(vec4 %v) {\n"
                "   %r = fadd vec4 %v, %v\n"
                "   return %r\n"
                "}\n"
                "func void @main() {\n"
                "   %k = const vec4 1.0, 2.0, 3.0, 4.0\n"
                "   %r = call vec4 @twice(%k)\n"
                "   store_output @o, %r\n"
                "}\n",
                (const char *const[]){ "ADD TEMP[1], IMM[0].xyzw, IMM[0].xyzw", NULL });

   expect_lines("textures",
                FS "input vec2 @uv location 0\n"
                "sampler 2d float @t binding 3\n"
                "sampler 2d float shadow @sh binding 1\n"
                "func void @main() {\n"
                "   %uv = load_input vec2 @uv\n"
                "   %c = tex vec4 @t, coord %uv\n"
                "   %l = const float 2.0\n"
                "   %d = txl vec4 @t, coord %uv, lod %l\n"
                "   %s = tex float @sh, coord %uv, compare %l\n"
                "   %sum = fadd vec4 %c, %d\n"
                "   store_output @o, %sum\n"
                "}\n",
                (const char *const[]){ "DCL SAMP[3]", "DCL SVIEW[3], 2D, FLOAT", "DCL SAMP[1]",
                                       "TEX TEMP[2], TEMP[1], SAMP[3], 2D",
                                       "MOV TEMP[3].w, IMM[0].xxxx",
                                       "TXL TEMP[4], TEMP[3], SAMP[3], 2D",
                                       "TEX TEMP[6].x, TEMP[5], SAMP[1], SHADOW2D", NULL });

   expect_lines("clip distances",
                "shader vertex\n"
                "output vec4 @opos semantic position\n"
                "output float @clip[6] semantic clip_distance\n"
                "func void @main() {\n"
                "   %k = const vec4 0.0, 0.0, 0.0, 1.0\n"
                "   store_output @opos, %k\n"
                "   %d = const float 0.5\n"
                "   store_output @clip[5], %d\n"
                "}\n",
                (const char *const[]){ "DCL OUT[1], CLIPDIST[0]", "DCL OUT[2], CLIPDIST[1]",
                                       "PROPERTY NUM_CLIPDIST_ENABLED 6",
                                       "MOV TEMP[6].x, IMM[1].xxxx",
                                       "MOV OUT[1].x, TEMP[1].xxxx", "MOV OUT[2].y, TEMP[6].xxxx",
                                       NULL });

   expect_lines("geometry shader",
                "shader geometry\n"
                "input_primitive lines\n"
                "output_primitive line_strip\n"
                "max_vertices 2\n"
                "input vec4 @pos[2] semantic position\n"
                "input vec2 @t[4] location 3\n"
                "input int @prim semantic primitive_id\n"
                "output vec4 @opos semantic position\n"
                "output int @oprim semantic primitive_id flat\n"
                "func void @main() {\n"
                "   %p = load_input vec4 @pos[1]\n"
                "   %t = load_input vec2 @t[3]\n"
                "   %x = swizzle float %t.y\n"
                "   %q = vec4 vec4 %x, %x, %x, %x\n"
                "   %s = fadd vec4 %p, %q\n"
                "   store_output @opos, %s\n"
                "   %id = load_input int @prim\n"
                "   store_output @oprim, %id\n"
                "   emit_vertex\n"
                "   end_primitive\n"
                "}\n",
                (const char *const[]){ "GEOM", "PROPERTY GS_INPUT_PRIMITIVE LINES",
                                       "PROPERTY GS_OUTPUT_PRIMITIVE LINE_STRIP",
                                       "PROPERTY GS_MAX_OUTPUT_VERTICES 2",
                                       "DCL IN[][0], POSITION", "DCL IN[][1], GENERIC[3]",
                                       "DCL IN[][2], GENERIC[4]", "DCL SV[0], PRIMID",
                                       "DCL OUT[0], POSITION", "DCL OUT[1], PRIMID",
                                       "ADD TEMP[2], IN[1][0].xyzw, IN[1][2].yyyy",
                                       "MOV TEMP[1].x, SV[0].xxxx", "MOV OUT[0], TEMP[0].xyzw",
                                       "MOV OUT[1].x, TEMP[1].xxxx", "EMIT IMM[0].xxxx",
                                       "ENDPRIM IMM[0].xxxx", NULL });

   expect_lines("texture operands",
                FS "input vec4 @c location 0\n"
                "sampler 2d float @t binding 0\n"
                "sampler cubearray float shadow @ca binding 1\n"
                "sampler 2darray int @ia binding 2\n"
                "func void @main() {\n"
                "   %c = load_input vec4 @c\n"
                "   %uv = swizzle vec2 %c.xy\n"
                "   %w = swizzle float %c.w\n"
                "   %off = const ivec2 1, -2\n"
                "   %a = tex vec4 @t, coord %uv, offset %off\n"
                "   %b = txb vec4 @t, coord %uv, bias %w, proj %w\n"
                "   %g = txd vec4 @t, coord %uv, ddx %uv, ddy %uv\n"
                "   %s = tex float @ca, coord %c, compare %w\n"
                "   %ic = const ivec3 1, 2, 3\n"
                "   %z = const int 0\n"
                "   %f = txf ivec4 @ia, coord %ic, lod %z\n"
                "   %q = txs ivec3 @ia, lod %z\n"
                "   %n = query_levels int @t\n"
                "   %g4 = tg4 vec4 @t, coord %uv, comp 2\n"
                "   store_output @o, %g4\n"
                "}\n",
                (const char *const[]){ "DCL SVIEW[1], CUBEARRAY, FLOAT",
                                       "DCL SVIEW[2], 2D_ARRAY, SINT",
                                       "TEX TEMP[2], TEMP[1], SAMP[0], 2D, IMM[0].xyy",
                                       "DIV TEMP[3].xy, TEMP[3], IN[0].wwww",
                                       "MOV TEMP[3].w, IN[0].wwww",
                                       "TXB TEMP[4], TEMP[3], SAMP[0], 2D",
                                       "TXD TEMP[6], TEMP[5], IN[0].xyyy, IN[0].xyyy, SAMP[0], 2D",
                                       "TEX2 TEMP[9].x, TEMP[7], TEMP[8].xxxx, SAMP[1], "
                                       "SHADOWCUBEARRAY",
                                       "MOV TEMP[10].w, IMM[2].xxxx",
                                       "TXF TEMP[11], TEMP[10], SAMP[2], 2D_ARRAY",
                                       "TXQ TEMP[12].xyz, IMM[2].xxxx, SAMP[2], 2D_ARRAY",
                                       "TXQ TEMP[13], IMM[3].xxxx, SAMP[0], 2D",
                                       "TG4 TEMP[15], TEMP[14], IMM[4].xxxx, SAMP[0], 2D", NULL });

   expect_refusal("shadow cube array lod", FS "input vec4 @c location 0\n"
                  "sampler cubearray float shadow @ca binding 1\n"
                  "func void @main() {\n"
                  "   %c = load_input vec4 @c\n"
                  "   %w = swizzle float %c.w\n"
                  "   %l = txl float @ca, coord %c, lod %w, compare %w\n"
                  "   %v = vec4 vec4 %l, %l, %l, %l\n"
                  "   store_output @o, %v\n"
                  "}\n",
                  "the operands do not fit TGSI's packing for this target");
   expect_refusal("roundEven", FS "input vec4 @c location 0\n"
                  "func void @main() {\n"
                  "   %c = load_input vec4 @c\n"
                  "   %r = fround_even vec4 %c\n"
                  "   store_output @o, %r\n"
                  "}\n",
                  "cannot translate '%1 = fround_even vec4 %0' to TGSI: TGSI's ROUND is GLSL's round()");
   expect_refusal("no opcode", FS "input vec4 @c location 0\n"
                  "func void @main() {\n"
                  "   %c = load_input vec4 @c\n"
                  "   %r = ftanh vec4 %c\n"
                  "   store_output @o, %r\n"
                  "}\n",
                  "'%1 = ftanh vec4 %0' to TGSI: no TGSI opcode");
   /* lowered to a select chain: an out-of-range index reads the last */
   expect_lines("dynamic input index", FS "input vec4 @c[2] location 0\n"
                "input int @i location 2 flat\n"
                "func void @main() {\n"
                "   %i = load_input int @i\n"
                "   %c = load_input vec4 @c[%i]\n"
                "   store_output @o, %c\n"
                "}\n",
                (const char *const[]){ "DCL IN[0], GENERIC[0], PERSPECTIVE",
                                       "DCL IN[1], GENERIC[1], PERSPECTIVE",
                                       "USEQ TEMP[1].x, IN[2].xxxx, IMM[0].xxxx",
                                       "UCMP TEMP[2], TEMP[1].xxxx, IN[0].xyzw, IN[1].xyzw",
                                       NULL });
   expect_refusal("half-float packing", FS "input vec4 @c location 0\n"
                  "func void @main() {\n"
                  "   %c = load_input vec4 @c\n"
                  "   %v = swizzle vec2 %c.xy\n"
                  "   %p = pack_half_2x16 uint %v\n"
                  "   %f = u2f float %p\n"
                  "   %o = vec4 vec4 %f, %f, %f, %f\n"
                  "   store_output @o, %o\n"
                  "}\n",
                  "the host does not translate TGSI's PK2H/UP2H");
   expect_refusal("compute", "shader compute\nfunc void @main() {\n}\n",
                  "compute shaders are not translated");
   expect_refusal("last_frag_data", FS "input vec4 @l[1] semantic last_frag_data\n"
                  "func void @main() {\n}\n",
                  "fragment input @l (semantic last_frag_data) has no TGSI translation");
   expect_refusal("uniform across slots", FS "uniform vec4 @u cbuf 0 offset 8\n"
                  "func void @main() {\n}\n",
                  "uniform @u at byte 8 crosses a 16-byte constant slot");

   if (failures)
      printf("%d failures\n", failures);
   else
      printf("all passed\n");
   return failures ? 1 : 0;
}
