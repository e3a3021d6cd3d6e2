/*
 * Parser unit tests: every instruction and binding form is accepted (and
 * its IR validates), every rule's error comes with its exact byte
 * position and message, hostile input neither crashes nor runs away.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/arbprog/arbprog.h"
#include "compiler/ir/ir.h"

static int failures;

#define CHECK(cond, ...)                                                 \
   do {                                                                  \
      if (!(cond)) {                                                     \
         fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond); \
         fprintf(stderr, __VA_ARGS__);                                   \
         fprintf(stderr, "\n");                                          \
         failures++;                                                     \
      }                                                                  \
   } while (0)

static bool
compile(enum arbprog_target t, const char *text, struct arbprog_result *r)
{
   return arbprog_compile(text, strlen(text), t, NULL, r);
}

/* Accepted, and the IR validates. */
static void
accept_at(int line, enum arbprog_target t, const char *text)
{
   struct arbprog_result r;
   bool ok = compile(t, text, &r);
   if (!ok) {
      fprintf(stderr, "line %d: rejected at %d: %s\n%s\n", line, r.error_pos, r.error, text);
      failures++;
   } else {
      char *errors = NULL;
      if (!ir_validate(r.shader, &errors)) {
         fprintf(stderr, "line %d: invalid IR: %s\n", line, errors ? errors : "");
         ir_print_shader(r.shader, stderr);
         failures++;
      }
      free(errors);
      if (r.error_pos != -1 || r.error[0]) {
         fprintf(stderr, "line %d: error state set on success\n", line);
         failures++;
      }
   }
   arbprog_result_fini(&r);
}

static void
reject_at(int line, enum arbprog_target t, const char *text, int pos, const char *msg)
{
   struct arbprog_result r;
   bool ok = compile(t, text, &r);
   if (ok || r.shader || r.error_pos != pos || strcmp(r.error, msg)) {
      fprintf(stderr, "line %d: expected error at %d \"%s\", got %s at %d \"%s\"\n%s\n", line,
              pos, msg, ok ? "success" : "failure", r.error_pos, r.error, text);
      failures++;
   }
   arbprog_result_fini(&r);
}

#define VP ARBPROG_VERTEX
#define FP ARBPROG_FRAGMENT
#define ACCEPT(t, text) accept_at(__LINE__, t, text)
#define REJECT(t, text, pos, msg) reject_at(__LINE__, t, text, pos, msg)

static void
test_vertex_instructions(void)
{
   ACCEPT(VP, "!!ARBvp1.0\nMOV result.position, vertex.position;\nEND");
   ACCEPT(VP, "!!ARBvp1.0\n"
              "TEMP t, u;\nADDRESS a0;\n"
              "PARAM c[4] = { program.env[0..3] };\n"
              "ABS t, vertex.position;\n"
              "ADD t, t, -vertex.normal;\n"
              "ARL a0.x, vertex.color.x;\n"
              "MOV u, c[a0.x + 1];\n"
              "MOV u, c[a0.x - 1];\n"
              "MOV u, c[a0.x];\n"
              "DP3 t.x, t, u;\nDP4 t.y, t, u;\nDPH t.z, t, u;\nDST t, t, u;\n"
              "EX2 t, u.x;\nEXP t, u.y;\nFLR t, u;\nFRC t, u;\nLG2 t, u.z;\nLIT t, u;\n"
              "LOG t, u.w;\nMAD t, t, u, c[2];\nMAX t, t, u;\nMIN t, t, u;\nMUL t, t, u;\n"
              "POW t, t.x, u.y;\nRCP t, t.x;\nRSQ t, t.y;\nSGE t, t, u;\nSLT t, t, u;\n"
              "SUB t, t, u;\nSWZ t, u, -x, 0, 1, -w;\nXPD t, t, u;\n"
              "MOV result.position, t.xyzw;\nMOV result.color, u.wzyx;\n"
              "MOV result.color.secondary, u.x;\nMOV result.color.back, u;\n"
              "MOV result.color.back.secondary, u;\nMOV result.color.front.primary, u;\n"
              "MOV result.fogcoord.x, u;\nMOV result.pointsize, u;\n"
              "MOV result.texcoord, u;\nMOV result.texcoord[7], u;\n"
              "END");
}

static void
test_vertex_bindings(void)
{
   ACCEPT(VP, "!!ARBvp1.0\n"
              "ATTRIB p = vertex.position;\nATTRIB n = vertex.normal;\n"
              "ATTRIB c0 = vertex.color;\nATTRIB c1 = vertex.color.secondary;\n"
              "ATTRIB c2 = vertex.color.primary;\nATTRIB f = vertex.fogcoord;\n"
              "ATTRIB t0 = vertex.texcoord;\nATTRIB t3 = vertex.texcoord[3];\n"
              "ATTRIB g6 = vertex.attrib[6];\nATTRIB g15 = vertex.attrib[15];\n"
              "PARAM m[] = { state.matrix.mvp };\n"
              "PARAM mi[4] = { state.matrix.modelview.inverse };\n"
              "PARAM r[] = { state.matrix.projection.transpose.row[1..2], state.matrix.texture[1].invtrans.row[3] };\n"
              "PARAM pm[] = { state.matrix.program[7].row[0..3] };\n"
              "PARAM mv0[] = { state.matrix.modelview[0] };\n"
              "PARAM s1 = state.material.ambient;\nPARAM s2 = state.material.front.diffuse;\n"
              "PARAM s3 = state.material.back.specular;\nPARAM s4 = state.material.emission;\n"
              "PARAM s5 = state.material.shininess;\nPARAM s6 = state.light[7].ambient;\n"
              "PARAM s7 = state.light[0].diffuse;\nPARAM s8 = state.light[1].specular;\n"
              "PARAM s9 = state.light[2].position;\nPARAM s10 = state.light[3].attenuation;\n"
              "PARAM s11 = state.light[4].spot.direction;\nPARAM s12 = state.light[5].half;\n"
              "PARAM s13 = state.lightmodel.ambient;\nPARAM s14 = state.lightmodel.scenecolor;\n"
              "PARAM s15 = state.lightmodel.back.scenecolor;\n"
              "PARAM s16 = state.lightprod[0].ambient;\nPARAM s17 = state.lightprod[1].back.diffuse;\n"
              "PARAM s18 = state.lightprod[2].front.specular;\n"
              "PARAM s19 = state.texgen.eye.s;\nPARAM s20 = state.texgen[3].object.q;\n"
              "PARAM s21 = state.fog.color;\nPARAM s22 = state.fog.params;\n"
              "PARAM s23 = state.clip[5].plane;\nPARAM s24 = state.point.size;\n"
              "PARAM s25 = state.point.attenuation;\nPARAM s26 = state.matrix.mvp.row[3];\n"
              "PARAM k1 = 1.5;\nPARAM k2 = -2;\nPARAM k3 = {1};\nPARAM k4 = {1, -2e1, .5, 3.};\n"
              "PARAM e = program.env[255];\nPARAM l = program.local[0];\n"
              "PARAM mix[] = { 1, {2, 3}, program.local[1..2], state.fog.color };\n"
              "TEMP t;\nALIAS q = t;\nOUTPUT o = result.position;\nOUTPUT oc = result.color.back;\n"
              "ADD t, p, n; ADD t, t, c0; ADD t, t, c1; ADD t, t, f; ADD t, t, t0;\n"
              "ADD t, t, t3; ADD t, t, g6; ADD t, t, g15; ADD t, t, c2;\n"
              "DP4 q.x, m[0], t; DP4 q.y, mi[3], r[2]; MOV q, pm[1]; ADD q, q, mv0[0];\n"
              "ADD q, q, s1; ADD q, q, s10; ADD q, q, s26; ADD q, q, mix[4];\n"
              "MOV o, q;\nMOV oc, state.light[0].half;\n"
              "MAD q, state.matrix.mvp.row[0], program.env[1], {1, 2, 3, 4};\n"
              "MUL q, q, 2.5;\nMOV result.texcoord[1], -program.local[3].x;\n"
              "END");
   /* what the parameters and inputs came out as */
   struct arbprog_result r;
   CHECK(compile(VP, "!!ARBvp1.0\nPARAM a = {1, 2};\nPARAM b[] = { state.matrix.mvp.inverse.row[1..2] };\n"
                     "MOV result.position, vertex.attrib[6];\nMOV result.color, b[1];\n"
                     "ADD result.texcoord, a, program.env[3];\nEND", &r),
         "%s", r.error);
   CHECK(r.num_params == 4, "%u", r.num_params);
   if (r.num_params == 4) {
      CHECK(r.params[0].kind == ARBPROG_PARAM_CONST && r.params[0].value[0] == 1.0f &&
            r.params[0].value[1] == 2.0f && r.params[0].value[2] == 0.0f &&
            r.params[0].value[3] == 1.0f, "const");
      CHECK(r.params[1].kind == ARBPROG_PARAM_STATE &&
            r.params[1].state.item == PONY_STATE_MATRIX_MVP &&
            r.params[1].state.modifier == PONY_STATE_MOD_INVERSE && r.params[1].state.row == 1,
            "row 1");
      CHECK(r.params[2].state.row == 2, "row 2");
      CHECK(r.params[3].kind == ARBPROG_PARAM_ENV && r.params[3].index == 3, "env");
   }
   /* vertex.attrib[6] has its own location, 16 + 6 */
   CHECK(r.inputs_read == (1u << (ARBPROG_ATTRIB_GENERIC0 + 6)), "%x", r.inputs_read);
   CHECK(r.outputs_written == (ARBPROG_VERT_OUT_POSITION | ARBPROG_VERT_OUT_COLOR0 |
                               ARBPROG_VERT_OUT_TEX0), "%x", r.outputs_written);
   CHECK(r.counts.instructions == 3 && r.counts.parameters == 4 && r.counts.attribs == 1,
         "%u %u %u", r.counts.instructions, r.counts.parameters, r.counts.attribs);
   arbprog_result_fini(&r);

   ACCEPT(VP, "!!ARBvp1.0\nOPTION ARB_position_invariant;\nMOV result.color, vertex.color;\nEND");
   CHECK(compile(VP, "!!ARBvp1.0\nOPTION ARB_position_invariant;\nEND", &r), "%s", r.error);
   CHECK(r.position_invariant && r.counts.attribs == 1, "invariant");
   arbprog_result_fini(&r);
   /* comments, any whitespace, text after END */
   ACCEPT(VP, "!!ARBvp1.0 # comment\r\n\t# another\nMOV result.position,vertex.position;END garbage %%");
}

static void
test_fragment(void)
{
   ACCEPT(FP, "!!ARBfp1.0\nMOV result.color, fragment.color;\nEND");
   ACCEPT(FP, "!!ARBfp1.0\n"
              "OPTION ARB_precision_hint_nicest;\nOPTION ARB_fog_exp2;\n"
              "ATTRIB c = fragment.color.primary;\nATTRIB s = fragment.color.secondary;\n"
              "ATTRIB tc = fragment.texcoord;\nATTRIB t7 = fragment.texcoord[7];\n"
              "ATTRIB f = fragment.fogcoord;\nATTRIB p = fragment.position;\n"
              "PARAM env = state.texenv.color;\nPARAM env3 = state.texenv[3].color;\n"
              "PARAM dr = state.depth.range;\nPARAM lp = state.lightprod[1].diffuse;\n"
              "TEMP a, b;\nOUTPUT o = result.color;\n"
              "ABS a, c;\nADD_SAT a, a, s;\nCMP a, -a, s, c;\nCOS a.x, s.y;\nDP3 a, a, s;\n"
              "DP4 a, a, s;\nDPH a, a, s;\nDST a, a, s;\nEX2 a, a.x;\nFLR a, a;\nFRC a, a;\n"
              "KIL a;\nKIL -a.xyzx;\nLG2 a, a.y;\nLIT a, a;\nLRP a, a, s, c;\nMAD a, a, s, c;\n"
              "MAX a, a, s;\nMIN a, a, s;\nMOV a.rgb, a.abgr;\nMUL a, a, s;\nPOW a, a.x, s.b;\n"
              "RCP a, a.a;\nRSQ a, a.r;\nSCS a.xy, a.x;\nSGE a, a, s;\nSIN a, a.g;\nSLT a, a, s;\n"
              "SUB a, a, s;\nSWZ a, a, -r, 0, 1, a;\nXPD a, a, s;\n"
              "TEX b, tc, texture, 2D;\nTXP b, tc, texture[1], 3D;\nTXB b, tc, texture[2], CUBE;\n"
              "TEX b, tc, texture[3], RECT;\nTEX_SAT b, tc, texture[4], 1D;\n"
              "ADD a, a, t7; ADD a, a, f; ADD a, a, p; ADD a, a, env; ADD a, a, env3; ADD a, a, dr;\n"
              "ADD a, a, lp; ADD a, a, b;\n"
              "MOV o, a;\nMOV result.depth, a;\n"
              "END");
   ACCEPT(FP, "!!ARBfp1.0\nOPTION ARB_fragment_program_shadow;\n"
              "TEX result.color, fragment.texcoord, texture[0], SHADOW2D;\n"
              "TXP result.color, fragment.texcoord, texture[1], SHADOW1D;\n"
              "TXB result.color, fragment.texcoord, texture[2], SHADOWRECT;\nEND");
   ACCEPT(FP, "!!ARBfp1.0\nOPTION ARB_fog_linear;\nOPTION ARB_precision_hint_fastest;\n"
              "MOV result.color, fragment.color;\nEND");
   ACCEPT(FP, "!!ARBfp1.0\nOPTION ARB_fog_exp;\nMOV result.color, fragment.color;\nEND");
   /* ARB_draw_buffers: result.color[n] for n < 8, also in OUTPUT bindings */
   ACCEPT(FP, "!!ARBfp1.0\nOPTION ARB_draw_buffers;\nOUTPUT o = result.color[7];\n"
              "MOV result.color[1], fragment.color;\nMOV o, fragment.color;\n"
              "MOV result.color, fragment.color;\nEND");

   struct arbprog_result r;
   CHECK(compile(FP, "!!ARBfp1.0\nTEMP a, b;\n"
                     "TEX a, fragment.texcoord[0], texture[0], 2D;\n"   /* phase 1 */
                     "TEX b, fragment.texcoord[1], texture[1], 2D;\n"
                     "ADD a, a, b;\n"
                     "TEX b, a, texture[2], 2D;\n"                      /* phase 2 */
                     "MUL a, b, b;\n"
                     "KIL a;\n"                                          /* phase 3 */
                     "MOV result.color, b;\nEND", &r), "%s", r.error);
   CHECK(r.counts.instructions == 7 && r.counts.alu_instructions == 3 &&
         r.counts.tex_instructions == 4 && r.counts.tex_indirections == 3 &&
         r.counts.temporaries == 2,
         "%u %u %u %u", r.counts.instructions, r.counts.alu_instructions,
         r.counts.tex_instructions, r.counts.tex_indirections);
   CHECK(r.tex_target[0] == ARBPROG_TEX_2D && r.tex_target[2] == ARBPROG_TEX_2D &&
         r.tex_target[3] == ARBPROG_TEX_NONE, "targets");
   CHECK(r.inputs_read == (ARBPROG_FRAG_IN_TEX0 | ARBPROG_FRAG_IN_TEX0 << 1), "%x", r.inputs_read);
   arbprog_result_fini(&r);
}

static void
test_errors(void)
{
   /* header */
   REJECT(VP, "", 0, "the program must begin with !!ARBvp1.0");
   REJECT(VP, " !!ARBvp1.0\nEND", 0, "the program must begin with !!ARBvp1.0");
   REJECT(VP, "!!ARBfp1.0\nEND", 0, "the program must begin with !!ARBvp1.0");
   REJECT(FP, "!!ARBvp1.0\nEND", 0, "the program must begin with !!ARBfp1.0");
   REJECT(VP, "!!ARBvp1.01\nEND", 0, "the program must begin with !!ARBvp1.0");
   REJECT(VP, "!!ARBvp1.0\n", 11, "missing END");
   REJECT(VP, "!!ARBvp1.0\nMOV result.position, vertex.position;", 48, "missing END");
   /* lexical */
   REJECT(VP, "!!ARBvp1.0\nMOV result.position, vertex.position; @\nEND", 49,
          "invalid character '@'");
   REJECT(VP, "!!ARBvp1.0\nMOV\x01", 14, "invalid character 0x01");
   {
      struct arbprog_result r;
      static const char nul[] = "!!ARBvp1.0\nEND\0";
      CHECK(arbprog_compile(nul, sizeof nul - 1, VP, NULL, &r), "text after END is ignored");
      arbprog_result_fini(&r);
      static const char nul2[] = "!!ARBvp1.0\n\0END";
      CHECK(!arbprog_compile(nul2, sizeof nul2 - 1, VP, NULL, &r) && r.error_pos == 11 &&
            !strcmp(r.error, "invalid character 0x00"), "%d %s", r.error_pos, r.error);
      arbprog_result_fini(&r);
   }
   /* statements */
   REJECT(VP, "!!ARBvp1.0\nFOO result.position, vertex.position;\nEND", 11,
          "unexpected 'FOO', expected an instruction or a declaration");
   REJECT(VP, "!!ARBvp1.0\nMOV result.position, vertex.position\nEND", 48,
          "unexpected 'END', expected ';'");
   REJECT(VP, "!!ARBvp1.0\nMOV result.position vertex.position;\nEND", 31,
          "unexpected 'vertex', expected ','");
   REJECT(VP, "!!ARBvp1.0\nMOV t, vertex.position;\nEND", 15, "undefined variable 't'");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nMOV result.position, u;\nEND", 40, "undefined variable 'u'");
   REJECT(VP, "!!ARBvp1.0\nTEMP t, t;\nEND", 19, "'t' is already declared");
   REJECT(VP, "!!ARBvp1.0\nTEMP MOV;\nEND", 16, "'MOV' is a reserved word");
   REJECT(VP, "!!ARBvp1.0\nTEMP state;\nEND", 16, "'state' is a reserved word");
   REJECT(FP, "!!ARBfp1.0\nTEMP TEX_SAT;\nEND", 16, "'TEX_SAT' is a reserved word");
   REJECT(FP, "!!ARBfp1.0\nTEMP texture;\nEND", 16, "'texture' is a reserved word");
   REJECT(VP, "!!ARBvp1.0\nALIAS a = b;\nEND", 21, "undefined variable 'b'");
   REJECT(VP, "!!ARBvp1.0\nALIAS a = a;\nEND", 21, "undefined variable 'a'");
   REJECT(VP, "!!ARBvp1.0\nMOV result.position, vertex.position;\nOPTION ARB_position_invariant;\nEND",
          49, "OPTION must come before the first statement");
   REJECT(VP, "!!ARBvp1.0\nOPTION ARB_fog_linear;\nEND", 18, "unknown option 'ARB_fog_linear'");
   REJECT(FP, "!!ARBfp1.0\nOPTION ARB_position_invariant;\nEND", 18,
          "unknown option 'ARB_position_invariant'");
   REJECT(FP, "!!ARBfp1.0\nOPTION ARB_precision_hint_fastest;\nOPTION ARB_precision_hint_nicest;\nEND",
          53, "ARB_precision_hint_fastest and ARB_precision_hint_nicest are exclusive");
   REJECT(FP, "!!ARBfp1.0\nOPTION ARB_fog_exp;\nOPTION ARB_fog_linear;\nEND", 38,
          "only one ARB_fog option may be given");
   REJECT(VP, "!!ARBvp1.0\nOPTION ARB_position_invariant;\nMOV result.position, vertex.position;\nEND",
          46, "result.position cannot be written with ARB_position_invariant");
   /* operands */
   REJECT(VP, "!!ARBvp1.0\nMOV vertex.position, vertex.position;\nEND", 15,
          "'vertex' cannot be written");
   REJECT(VP, "!!ARBvp1.0\nATTRIB a = vertex.position;\nMOV a, a;\nEND", 43, "'a' cannot be written");
   REJECT(VP, "!!ARBvp1.0\nMOV result.color, result.position;\nEND", 29,
          "result registers cannot be read");
   REJECT(VP, "!!ARBvp1.0\nOUTPUT o = result.color;\nMOV result.position, o;\nEND", 57,
          "result registers cannot be read");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nMOV t.xyzwx, t;\nEND", 25, "invalid write mask 'xyzwx'");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nMOV t.yx, t;\nEND", 25, "invalid write mask 'yx'");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nMOV t.xx, t;\nEND", 25, "invalid write mask 'xx'");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nMOV t.rgb, t;\nEND", 25, "invalid write mask 'rgb'");
   REJECT(FP, "!!ARBfp1.0\nTEMP t;\nMOV t.xg, t;\nEND", 25, "invalid write mask 'xg'");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nMOV t, t.xy;\nEND", 28, "invalid swizzle 'xy'");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nMOV t, t.xyzq;\nEND", 28, "invalid swizzle 'xyzq'");
   REJECT(FP, "!!ARBfp1.0\nTEMP t;\nMOV t, t.xyzr;\nEND", 28, "invalid swizzle 'xyzr'");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nRCP t, t;\nEND", 27,
          "unexpected ';', expected a scalar suffix ('.x', '.y', '.z' or '.w')");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nRCP t, t.xy;\nEND", 28, "invalid scalar suffix 'xy'");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nPOW t, t.x, t;\nEND", 32,
          "unexpected ';', expected a scalar suffix ('.x', '.y', '.z' or '.w')");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nSWZ t, t, x, y, z;\nEND", 36,
          "unexpected ';', expected ','");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nSWZ t, t, x, y, z, 2;\nEND", 38,
          "unexpected '2', expected '0', '1' or a component");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nSWZ t, -t, x, y, z, w;\nEND", 26,
          "unexpected '-', expected a source register");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nSWZ t, t.x, x, y, z, w;\nEND", 19,
          "SWZ takes its swizzle as a separate operand");
   /* relative addressing and arrays */
   REJECT(VP, "!!ARBvp1.0\nPARAM c[2] = { 1, 2 };\nMOV result.color, c[2];\nEND", 54,
          "array index 2 out of range (must be below 2)");
   REJECT(VP, "!!ARBvp1.0\nPARAM c[2] = { 1, 2, 3 };\nEND", 32,
          "more initializers than the array size 2");
   REJECT(VP, "!!ARBvp1.0\nPARAM c[3] = { 1, 2 };\nEND", 31,
          "the array has 2 initializers for size 3");
   REJECT(VP, "!!ARBvp1.0\nPARAM c[0] = { 1 };\nEND", 19, "invalid array size");
   REJECT(VP, "!!ARBvp1.0\nPARAM c[] = { 1, 2 };\nMOV result.color, c;\nEND", 52,
          "unexpected ';', expected '['");
   REJECT(VP, "!!ARBvp1.0\nADDRESS a;\nPARAM c[] = { 1, 2 };\nMOV result.color, c[a.x + 64];\nEND",
          70, "relative offset index 64 out of range (must be below 64)");
   REJECT(VP, "!!ARBvp1.0\nADDRESS a;\nPARAM c[] = { 1, 2 };\nMOV result.color, c[a.x - 65];\nEND",
          70, "relative offset index 65 out of range (must be below 65)");
   ACCEPT(VP, "!!ARBvp1.0\nADDRESS a;\nPARAM c[] = { 1, 2 };\nMOV result.color, c[a.x - 64];\nEND");
   REJECT(VP, "!!ARBvp1.0\nADDRESS a;\nPARAM c[] = { 1, 2 };\nMOV result.color, c[a.y];\nEND",
          66, "unexpected 'y', expected 'x'");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nPARAM c[] = { 1, 2 };\nMOV result.color, c[t.x];\nEND", 61,
          "expected an address register or an integer");
   REJECT(FP, "!!ARBfp1.0\nPARAM c[] = { 1, 2 };\nMOV result.color, c[t.x];\nEND", 53,
          "unexpected 't', expected an integer");
   REJECT(VP, "!!ARBvp1.0\nADDRESS a, b;\nEND", 22, "too many address registers (limit 1)");
   REJECT(FP, "!!ARBfp1.0\nADDRESS a;\nEND", 11,
          "unexpected 'ADDRESS', expected an instruction or a declaration");
   REJECT(VP, "!!ARBvp1.0\nADDRESS a;\nMOV result.color, a;\nEND", 40,
          "address registers can only be used for relative addressing");
   REJECT(VP, "!!ARBvp1.0\nTEMP t;\nARL t.x, t.x;\nEND", 23, "ARL needs an address register destination");
   REJECT(FP, "!!ARBfp1.0\nTEMP t;\nARL t.x, t.x;\nEND", 19,
          "unexpected 'ARL', expected an instruction or a declaration");
   /* bindings and their limits */
   REJECT(VP, "!!ARBvp1.0\nMOV result.color, vertex.attrib[16];\nEND", 43,
          "vertex attribute index 16 out of range (must be below 16)");
   REJECT(VP, "!!ARBvp1.0\nMOV result.color, vertex.texcoord[8];\nEND", 45,
          "texture coordinate index 8 out of range (must be below 8)");
   REJECT(VP, "!!ARBvp1.0\nMOV result.color, vertex.weight;\nEND", 29,
          "vertex.weight needs ARB_vertex_blend / ARB_matrix_palette (not supported)");
   REJECT(VP, "!!ARBvp1.0\nMOV result.color, vertex.position;\nMOV result.color, vertex.attrib[0];\nEND",
          64, "vertex.attrib[0] and the conventional attribute it aliases are both used");
   REJECT(VP, "!!ARBvp1.0\nATTRIB a = vertex.attrib[8];\nMOV result.color, vertex.texcoord[0];\nEND",
          58, "vertex.attrib[8] and the conventional attribute it aliases are both used");
   ACCEPT(VP, "!!ARBvp1.0\nMOV result.color, vertex.attrib[7];\nMOV result.position, vertex.position;\nEND");
   REJECT(VP, "!!ARBvp1.0\nMOV result.color, program.env[256];\nEND", 41,
          "program.env index 256 out of range (must be below 256)");
   REJECT(VP, "!!ARBvp1.0\nMOV result.color, program.local[1024];\nEND", 43,
          "program.local index 1024 out of range (must be below 1024)");
   ACCEPT(VP, "!!ARBvp1.0\nPARAM p[1021] = { program.local[0..1020] };\n"
              "MOV result.color, p[1020];\nEND");
   REJECT(VP, "!!ARBvp1.0\nMOV result.color, program.env[0..1];\nEND", 42,
          "unexpected '..', expected ']'");
   REJECT(VP, "!!ARBvp1.0\nPARAM c[] = { program.env[3..1] };\nEND", 40,
          "invalid program.env range 3..1");
   REJECT(VP, "!!ARBvp1.0\nPARAM c = state.light[8].ambient;\nEND", 33,
          "light index 8 out of range (must be below 8)");
   REJECT(VP, "!!ARBvp1.0\nPARAM c = state.light[0].spot;\nEND", 40,
          "unexpected ';', expected '.'");
   REJECT(VP, "!!ARBvp1.0\nPARAM c = state.clip[6].plane;\nEND", 32,
          "clip plane index 6 out of range (must be below 6)");
   REJECT(VP, "!!ARBvp1.0\nPARAM c = state.matrix.mvp;\nEND", 37,
          "a matrix binding here must name one row (.row[n])");
   REJECT(VP, "!!ARBvp1.0\nPARAM c[] = { state.matrix.mvp.row[2..1] };\nEND", 49,
          "invalid matrix row range 2..1");
   REJECT(VP, "!!ARBvp1.0\nPARAM c = state.matrix.mvp.row[4];\nEND", 42,
          "matrix row index 4 out of range (must be below 4)");
   REJECT(VP, "!!ARBvp1.0\nPARAM c = state.matrix.modelview[1].row[0];\nEND", 44,
          "modelview matrix index 1 out of range (must be below 1)");
   REJECT(VP, "!!ARBvp1.0\nPARAM c = state.matrix.palette[0].row[0];\nEND", 27,
          "matrix palettes are not supported (no ARB_matrix_palette)");
   REJECT(VP, "!!ARBvp1.0\nPARAM c = state.matrix.program[8].row[0];\nEND", 42,
          "program matrix index 8 out of range (must be below 8)");
   REJECT(VP, "!!ARBvp1.0\nPARAM c = state.texenv.color;\nEND", 27,
          "unexpected 'texenv', expected a state name");
   REJECT(FP, "!!ARBfp1.0\nPARAM c = state.clip[0].plane;\nEND", 27,
          "unexpected 'clip', expected a state name");
   REJECT(VP, "!!ARBvp1.0\nPARAM c = state.texgen.eye.u;\nEND", 38,
          "unexpected 'u', expected 's', 't', 'r' or 'q'");
   REJECT(VP, "!!ARBvp1.0\nPARAM c = {1, 2, 3, 4, 5};\nEND", 34, "unexpected '5', expected '}'");
   REJECT(VP, "!!ARBvp1.0\nPARAM c = {};\nEND", 22, "unexpected '}', expected a number");
   REJECT(VP, "!!ARBvp1.0\nMOV result.colour, vertex.color;\nEND", 22,
          "unexpected 'colour', expected a result name");
   REJECT(FP, "!!ARBfp1.0\nMOV result.color, fragment.normal;\nEND", 38,
          "unexpected 'normal', expected a fragment attribute");
   REJECT(FP, "!!ARBfp1.0\nMOV result.position, fragment.color;\nEND", 22,
          "unexpected 'position', expected 'color' or 'depth'");
   /* texturing */
   REJECT(FP, "!!ARBfp1.0\nTEX result.color, fragment.texcoord, texture[8], 2D;\nEND", 56,
          "texture image unit index 8 out of range (must be below 8)");
   REJECT(FP, "!!ARBfp1.0\nTEX result.color, fragment.texcoord, texture, 4D;\nEND", 57,
          "unexpected '4', expected a texture target (1D, 2D, 3D, CUBE, RECT)");
   REJECT(FP, "!!ARBfp1.0\nTEX result.color, fragment.texcoord, texture, 2DX;\nEND", 57,
          "unexpected '2', expected a texture target (1D, 2D, 3D, CUBE, RECT)");
   REJECT(FP, "!!ARBfp1.0\nTEX result.color, fragment.texcoord, texture, SHADOW2D;\nEND", 57,
          "unexpected 'SHADOW2D', expected a texture target (1D, 2D, 3D, CUBE, RECT)");
   /* result.color[n] needs OPTION ARB_draw_buffers; n below 8 */
   REJECT(FP, "!!ARBfp1.0\nMOV result.color[1], fragment.color;\nEND", 27,
          "unexpected '[', expected ','");
   REJECT(FP, "!!ARBfp1.0\nOPTION ARB_draw_buffers;\nMOV result.color[8], fragment.color;\nEND",
          53, "draw buffer index 8 out of range (must be below 8)");
   REJECT(FP, "!!ARBfp1.0\nOPTION ARB_fragment_program_shadow;\nTEX result.color, fragment.texcoord, texture, SHADOW3D;\nEND",
          93, "unexpected 'SHADOW3D', expected a texture target (1D, 2D, 3D, CUBE, RECT, "
              "SHADOW1D, SHADOW2D, SHADOWRECT)");
   REJECT(FP, "!!ARBfp1.0\nTEMP a;\nTEX a, fragment.texcoord, texture[1], 2D;\n"
              "TEX a, fragment.texcoord, texture[1], 3D;\nEND", 99,
          "texture image unit 1 is used with two different targets");
   REJECT(FP, "!!ARBfp1.0\nOPTION ARB_fragment_program_shadow;\nTEMP a;\n"
              "TEX a, fragment.texcoord, texture[1], 2D;\n"
              "TEX a, fragment.texcoord, texture[1], SHADOW2D;\nEND", 135,
          "texture image unit 1 is used with two different targets");
   REJECT(FP, "!!ARBfp1.0\nTEX result.color, fragment.texcoord, tex, 2D;\nEND", 48,
          "unexpected 'tex', expected 'texture'");
   REJECT(FP, "!!ARBfp1.0\nKIL_SAT fragment.color;\nEND", 11,
          "unexpected 'KIL_SAT', expected an instruction or a declaration");
   ACCEPT(FP, "!!ARBfp1.0\nTEMP a;\nSCS a, a.x;\nEND");   /* z, w undefined, not an error */
   /* the vertex program words are names in fragment programs, and the reverse */
   ACCEPT(FP, "!!ARBfp1.0\nTEMP ADDRESS, ARL, EXP, LOG, vertex;\nMOV vertex, ADDRESS;\nEND");
   ACCEPT(VP, "!!ARBvp1.0\nTEMP TEX, KIL, fragment, texture;\nMOV fragment, TEX;\nEND");
   REJECT(VP, "!!ARBvp1.0\nPARAM a[2] = { program.env[0], program.env[0] };\nADDRESS A0;\n"
              "ARL A0.x, vertex.position.w;\nMOV result.position, a[A0.x];\nEND", 122,
          "'a' binds one parameter twice and is read with relative addressing");
   ACCEPT(VP, "!!ARBvp1.0\nPARAM a[2] = { program.env[0], program.env[0] };\n"
              "MOV result.position, a[1];\nEND");
   ACCEPT(VP, "!!ARBvp1.0\nPARAM a[3] = { 1, 1, state.fog.color };\nADDRESS A0;\n"
              "ARL A0.x, vertex.position.w;\nMOV result.position, a[A0.x];\nEND");
   REJECT(FP, "!!ARBfp1.0\nTEMP a;\nEXP a, a.x;\nEND", 19,
          "unexpected 'EXP', expected an instruction or a declaration");
   REJECT(VP, "!!ARBvp1.0\nTEMP a;\nTEX a, a, texture, 2D;\nEND", 19,
          "unexpected 'TEX', expected an instruction or a declaration");
   REJECT(VP, "!!ARBvp1.0\nTEMP a;\nMOV_SAT a, a;\nEND", 19,
          "unexpected 'MOV_SAT', expected an instruction or a declaration");
}

/* Limits: exact boundaries, errors at the offending token or at the end. */
static void
test_limits(void)
{
   struct arbprog_limits lim;
   arbprog_default_limits(VP, &lim);
   lim.max_instructions = 2;
   lim.max_temporaries = 2;
   lim.max_parameters = 3;
   struct arbprog_result r;
   const char *ok = "!!ARBvp1.0\nTEMP a, b;\nPARAM p[] = { 1, 2 };\nMOV a, p[0];\nADD result.color, a, 5;\nEND";
   CHECK(arbprog_compile(ok, strlen(ok), VP, &lim, &r), "%s", r.error);
   arbprog_result_fini(&r);
   const char *insts = "!!ARBvp1.0\nTEMP a;\nMOV a, a;\nMOV a, a;\nMOV a, a;\nEND";
   CHECK(!arbprog_compile(insts, strlen(insts), VP, &lim, &r) && r.error_pos == 39 &&
         !strcmp(r.error, "too many instructions (limit 2)"), "%d %s", r.error_pos, r.error);
   arbprog_result_fini(&r);
   const char *temps = "!!ARBvp1.0\nTEMP a, b, c;\nEND";
   CHECK(!arbprog_compile(temps, strlen(temps), VP, &lim, &r) && r.error_pos == 22 &&
         !strcmp(r.error, "too many temporaries (limit 2)"), "%d %s", r.error_pos, r.error);
   arbprog_result_fini(&r);
   const char *params = "!!ARBvp1.0\nPARAM p[] = { 1, 2 };\nMOV result.color, {1, 2, 3};\n"
                        "MOV result.texcoord, 7;\nEND";
   CHECK(!arbprog_compile(params, strlen(params), VP, &lim, &r) && r.error_pos == 83 &&
         !strcmp(r.error, "too many program parameters (limit 3)"), "%d %s", r.error_pos, r.error);
   arbprog_result_fini(&r);
   /* a repeated constant shares its slot */
   const char *shared = "!!ARBvp1.0\nPARAM p[] = { 1, 2 };\nMOV result.color, 7;\n"
                        "MOV result.texcoord, 7;\nEND";
   CHECK(arbprog_compile(shared, strlen(shared), VP, &lim, &r) && r.num_params == 3,
         "%s", r.error);
   arbprog_result_fini(&r);

   arbprog_default_limits(FP, &lim);
   lim.max_tex_indirections = 1;
   const char *ind = "!!ARBfp1.0\nTEMP a;\nMOV a, fragment.texcoord;\n"
                     "TEX result.color, a, texture, 2D;\nEND";
   CHECK(arbprog_compile(ind, strlen(ind), FP, &lim, &r), "%s", r.error);
   arbprog_result_fini(&r);
   const char *ind2 = "!!ARBfp1.0\nTEMP a;\nTEX a, fragment.texcoord, texture, 2D;\n"
                      "ADD a, a, a;\nTEX result.color, a, texture, 2D;\nEND";
   CHECK(!arbprog_compile(ind2, strlen(ind2), FP, &lim, &r) && r.error_pos == (int)strlen(ind2) &&
         !strcmp(r.error, "too many texture indirections (limit 1)"), "%d %s", r.error_pos,
         r.error);
   arbprog_result_fini(&r);
}

/* Hostile input: long, deep, huge numbers, truncated at every byte. */
static void
test_hostile(void)
{
   struct arbprog_result r;
   /* every prefix of a full program fails cleanly (or succeeds at the end) */
   const char *full = "!!ARBfp1.0\nOPTION ARB_fragment_program_shadow;\nTEMP a;\n"
                      "PARAM c[] = { state.matrix.mvp, {1, 2, 3e3}, program.env[0..2] };\n"
                      "SWZ a, c[1], -x, 0, 1, w;\nTXP_SAT a, fragment.texcoord[2], texture[3], SHADOW2D;\n"
                      "KIL -a.xyzw;\nMOV result.color, a;\nEND";
   size_t n = strlen(full);
   for (size_t i = 0; i < n; i++) {
      bool ok = arbprog_compile(full, i, FP, NULL, &r);
      CHECK(!ok && r.error_pos >= 0 && (size_t)r.error_pos <= i, "prefix %zu: %d", i, r.error_pos);
      arbprog_result_fini(&r);
   }
   CHECK(arbprog_compile(full, n, FP, NULL, &r), "%s", r.error);
   arbprog_result_fini(&r);

   /* a huge number and a long name */
   char *big = malloc(200000);
   strcpy(big, "!!ARBvp1.0\nMOV result.color, ");
   size_t l = strlen(big);
   memset(big + l, '9', 100000);
   strcpy(big + l + 100000, ";\nEND");
   CHECK(arbprog_compile(big, strlen(big), VP, NULL, &r), "%s", r.error);
   arbprog_result_fini(&r);
   strcpy(big, "!!ARBvp1.0\nTEMP ");
   l = strlen(big);
   memset(big + l, 'a', 100000);
   strcpy(big + l + 100000, ";\nEND");
   CHECK(arbprog_compile(big, strlen(big), VP, NULL, &r), "%s", r.error);
   arbprog_result_fini(&r);
   free(big);

   /* thousands of declarations and instructions up to the limits */
   size_t cap = 1 << 20;
   char *prog = malloc(cap);
   l = (size_t)sprintf(prog, "!!ARBvp1.0\n");
   for (unsigned i = 0; i < 5000; i++)
      l += (size_t)sprintf(prog + l, "ALIAS x%u = y;\n", i);
   l += (size_t)sprintf(prog + l, "END");
   CHECK(!arbprog_compile(prog, l, VP, NULL, &r) && !strcmp(r.error, "undefined variable 'y'"),
         "%s", r.error);
   arbprog_result_fini(&r);
   l = (size_t)sprintf(prog, "!!ARBvp1.0\nTEMP t;\n");
   for (unsigned i = 0; i < 4097; i++)
      l += (size_t)sprintf(prog + l, "ADD t, t, {%u, 1, 2, 3};\n", i % 100);
   l += (size_t)sprintf(prog + l, "END");
   CHECK(!arbprog_compile(prog, l, VP, NULL, &r) &&
         !strcmp(r.error, "too many instructions (limit 4096)"), "%s", r.error);
   arbprog_result_fini(&r);
   l = (size_t)sprintf(prog, "!!ARBvp1.0\n");
   for (unsigned i = 0; i < 64; i++)
      l += (size_t)sprintf(prog + l, "TEMP t%u;\n", i);
   for (unsigned i = 0; i < 64; i++)
      l += (size_t)sprintf(prog + l, "ATTRIB a%u = vertex.attrib[%u];\n", i, i % 16);
   l += (size_t)sprintf(prog + l, "PARAM big[] = { program.env[0..255] };\n");
   l += (size_t)sprintf(prog + l, "ADDRESS A;\nARL A.x, a3.x;\nMOV result.color, big[A.x + 63];\nEND");
   CHECK(arbprog_compile(prog, l, VP, NULL, &r), "%s", r.error);
   CHECK(r.counts.temporaries == 64 && r.counts.parameters == 256 && r.counts.attribs == 16 &&
         r.counts.address_registers == 1, "%u %u %u", r.counts.temporaries,
         r.counts.parameters, r.counts.attribs);
   arbprog_result_fini(&r);
   free(prog);

   /* NULL text */
   CHECK(!arbprog_compile(NULL, 5, VP, NULL, &r) && r.error_pos == 0, "null");
   arbprog_result_fini(&r);
}

int
main(void)
{
   test_vertex_instructions();
   test_vertex_bindings();
   test_fragment();
   test_errors();
   test_limits();
   test_hostile();
   if (failures) {
      fprintf(stderr, "%d failures\n", failures);
      return 1;
   }
   printf("arbprog_test_parse: all passed\n");
   return 0;
}
