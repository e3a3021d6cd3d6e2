/*
 * Lowering tests: a program -> the exact IR it becomes (after the
 * clean-up passes), validated, printed, parsed back and printed again
 * identically; the parameter slots it asks the state tracker to fill.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/arbprog/arbprog.h"
#include "compiler/ir/ir.h"

static int failures;

struct lower_case {
   enum arbprog_target target;
   const char *program;
   const char *slots;     /* one line per parameter slot */
   const char *ir;
};

static const struct lower_case cases[] = {
   /* fragment: ARB_fragment_coord_conventions' options ride on the position
    * input's location (IR_FRAG_COORD_UPPER_LEFT 1, _INTEGER 2) */
   {
      ARBPROG_FRAGMENT,
      "!!ARBfp1.0\n"
      "OPTION ARB_fragment_coord_pixel_center_integer;\n"
      "OPTION ARB_fragment_coord_origin_upper_left;\n"
      "MOV result.color, fragment.position;\n"
      "END\n",
      "",
      "shader fragment\n"
      "uniform vec4 @prog[1] cbuf 0 offset 0\n"
      "input vec4 @position semantic frag_coord location 3\n"
      "output vec4 @color location -1\n"
      "\n"
      "func void @main() {\n"
      "   %0 = load_input vec4 @position\n"
      "   store_output @color, %0\n"
      "}\n",
   },
   /* fragment: OPTION ARB_draw_buffers: result.color[n] is draw buffer n's
    * output (location n), not the colour every buffer gets (location -1) */
   {
      ARBPROG_FRAGMENT,
      "!!ARBfp1.0\n"
      "OPTION ARB_draw_buffers;\n"
      "MOV result.color[0], fragment.color;\n"
      "MOV result.color[2], fragment.texcoord;\n"
      "END\n",
      "",
      "shader fragment\n"
      "uniform vec4 @prog[1] cbuf 0 offset 0\n"
      "input vec4 @color0 location 0\n"
      "input vec4 @texcoord0 location 5\n"
      "output vec4 @color location 0\n"
      "output vec4 @color2 location 2\n"
      "\n"
      "func void @main() {\n"
      "   %0 = load_input vec4 @color0\n"
      "   %1 = load_input vec4 @texcoord0\n"
      "   store_output @color, %0\n"
      "   store_output @color2, %1\n"
      "}\n",
   },
   /* vertex: relative addressing, ARL, MAD with a negated scalar state operand, masks, LIT, ARB_position_invariant */
   {
      ARBPROG_VERTEX,
      "!!ARBvp1.0\n"
      "OPTION ARB_position_invariant;\n"
      "TEMP t;\n"
      "ADDRESS a;\n"
      "PARAM c[] = { program.env[0..3] };\n"
      "ARL a.x, vertex.attrib[6].y;\n"
      "MAD t, c[a.x + 1], vertex.normal, -state.light[0].half.x;\n"
      "MOV result.color.xz, t;\n"
      "LIT result.texcoord[2], t;\n"
      "END\n",
      "slot 0: program.env[0]\n"
      "slot 1: program.env[1]\n"
      "slot 2: program.env[2]\n"
      "slot 3: program.env[3]\n"
      "slot 4: state.light[0].half\n"
      "slot 5: state.matrix.mvp.transpose.row[0]\n"
      "slot 6: state.matrix.mvp.transpose.row[1]\n"
      "slot 7: state.matrix.mvp.transpose.row[2]\n"
      "slot 8: state.matrix.mvp.transpose.row[3]\n"
      "slot 9: state.matrix.modelview.transpose.row[0]\n"
      "slot 10: state.matrix.modelview.transpose.row[1]\n"
      "slot 11: state.matrix.modelview.transpose.row[2]\n"
      "slot 12: state.matrix.modelview.transpose.row[3]\n"
      "slot 13: state.clip[0].plane\n"
      "slot 14: state.clip[1].plane\n"
      "slot 15: state.clip[2].plane\n"
      "slot 16: state.clip[3].plane\n"
      "slot 17: state.clip[4].plane\n"
      "slot 18: state.clip[5].plane\n",
      "shader vertex\n"
      "uniform vec4 @prog[19] cbuf 0 offset 0\n"
      "input vec4 @attrib22 location 22\n"   /* vertex.attrib[6]: generic 6 at 16 + 6 */
      "input vec3 @normal location 2\n"
      "input vec4 @attrib0 location 0\n"
      "output vec4 @position semantic position\n"
      "output float @clipdist[6] semantic clip_distance\n"
      "output vec4 @color0 location 0\n"
      "output vec4 @texcoord2 location 7\n"
      "\n"
      "func void @main() {\n"
      "   %0 = load_input vec4 @attrib22\n"
      "   %1 = swizzle float %0.y\n"
      "   %2 = ffloor float %1\n"
      "   %3 = f2i int %2\n"
      "   %4 = const int 1\n"
      "   %5 = iadd int %3, %4\n"
      "   %6 = load_uniform vec4 @prog[%5]\n"
      "   %7 = load_input vec3 @normal\n"
      "   %8 = const float 1.0\n"
      "   %9 = swizzle float %7.z\n"
      "   %10 = swizzle float %7.y\n"
      "   %11 = swizzle float %7.x\n"
      "   %12 = vec4 vec4 %11, %10, %9, %8\n"
      "   %13 = load_uniform vec4 @prog[4]\n"
      "   %14 = swizzle vec4 %13.xxxx\n"
      "   %15 = fneg vec4 %14\n"
      "   %16 = fmul vec4 %6, %12\n"
      "   %17 = fadd vec4 %16, %15\n"
      "   %18 = swizzle float %17.x\n"
      "   %19 = const float 0.0\n"
      "   %20 = swizzle float %17.z\n"
      "   %21 = vec4 vec4 %18, %19, %20, %19\n"
      "   %22 = fmax float %18, %19\n"
      "   %23 = swizzle float %17.y\n"
      "   %24 = fmax float %23, %19\n"
      "   %25 = const float 127.99998\n"
      "   %26 = const float -127.99998\n"
      "   %27 = swizzle float %17.w\n"
      "   %28 = fclamp float %27, %26, %25\n"
      "   %29 = fpow float %24, %28\n"
      "   %30 = fgt bool %22, %19\n"
      "   %31 = select float %30, %29, %19\n"
      "   %32 = vec4 vec4 %8, %22, %31, %8\n"
      "   %33 = load_input vec4 @attrib0\n"
      "   %34 = swizzle float %33.x\n"
      "   %35 = vec4 vec4 %34, %34, %34, %34\n"
      "   %36 = load_uniform vec4 @prog[5]\n"
      "   %37 = fmul vec4 %36, %35\n"
      "   %38 = swizzle float %33.y\n"
      "   %39 = vec4 vec4 %38, %38, %38, %38\n"
      "   %40 = load_uniform vec4 @prog[6]\n"
      "   %41 = fmul vec4 %40, %39\n"
      "   %42 = fadd vec4 %37, %41\n"
      "   %43 = swizzle float %33.z\n"
      "   %44 = vec4 vec4 %43, %43, %43, %43\n"
      "   %45 = load_uniform vec4 @prog[7]\n"
      "   %46 = fmul vec4 %45, %44\n"
      "   %47 = fadd vec4 %42, %46\n"
      "   %48 = swizzle float %33.w\n"
      "   %49 = vec4 vec4 %48, %48, %48, %48\n"
      "   %50 = load_uniform vec4 @prog[8]\n"
      "   %51 = fmul vec4 %50, %49\n"
      "   %52 = fadd vec4 %47, %51\n"
      "   store_output @position, %52\n"
      "   %53 = load_uniform vec4 @prog[9]\n"
      "   %54 = fmul vec4 %53, %35\n"
      "   %55 = load_uniform vec4 @prog[10]\n"
      "   %56 = fmul vec4 %55, %39\n"
      "   %57 = fadd vec4 %54, %56\n"
      "   %58 = load_uniform vec4 @prog[11]\n"
      "   %59 = fmul vec4 %58, %44\n"
      "   %60 = fadd vec4 %57, %59\n"
      "   %61 = load_uniform vec4 @prog[12]\n"
      "   %62 = fmul vec4 %61, %49\n"
      "   %63 = fadd vec4 %60, %62\n"
      "   %64 = load_uniform vec4 @prog[13]\n"
      "   %65 = fdot float %64, %63\n"
      "   store_output @clipdist[0], %65\n"
      "   %66 = load_uniform vec4 @prog[14]\n"
      "   %67 = fdot float %66, %63\n"
      "   store_output @clipdist[1], %67\n"
      "   %68 = load_uniform vec4 @prog[15]\n"
      "   %69 = fdot float %68, %63\n"
      "   store_output @clipdist[2], %69\n"
      "   %70 = load_uniform vec4 @prog[16]\n"
      "   %71 = fdot float %70, %63\n"
      "   store_output @clipdist[3], %71\n"
      "   %72 = load_uniform vec4 @prog[17]\n"
      "   %73 = fdot float %72, %63\n"
      "   store_output @clipdist[4], %73\n"
      "   %74 = load_uniform vec4 @prog[18]\n"
      "   %75 = fdot float %74, %63\n"
      "   store_output @clipdist[5], %75\n"
      "   store_output @color0, %21\n"
      "   store_output @texcoord2, %32\n"
      "}\n",
   },
   /* fragment: TXP, KIL, a shadow TEX expanded by the depth mode rows, LRP_SAT with a mask, result.depth, ARB_fog_linear */
   {
      ARBPROG_FRAGMENT,
      "!!ARBfp1.0\n"
      "OPTION ARB_fog_linear;\n"
      "OPTION ARB_fragment_program_shadow;\n"
      "TEMP t, s;\n"
      "TXP t, fragment.texcoord[1], texture[2], 2D;\n"
      "KIL -t.w;\n"
      "TEX s, fragment.texcoord, texture[0], SHADOW2D;\n"
      "LRP_SAT t.rgb, fragment.color, t, s;\n"
      "MOV result.color, t;\n"
      "MOV result.depth.z, fragment.position.x;\n"
      "END\n",
      "slot 0: pony.texel_scale[2]\n"
      "slot 1: pony.texel_bias[2]\n"
      "slot 2: pony.texel_scale[0]\n"
      "slot 3: pony.texel_bias[0]\n"
      "slot 4: state.fog.params\n"
      "slot 5: state.fog.color\n",
      "shader fragment\n"
      "uniform vec4 @prog[6] cbuf 0 offset 0\n"
      "input vec4 @texcoord1 location 6\n"
      "sampler 2d float @texture2 binding 2\n"
      "input vec4 @texcoord0 location 5\n"
      "sampler 2d float shadow @texture0 binding 0\n"
      "input vec4 @color0 location 0\n"
      "input vec4 @position semantic frag_coord\n"
      "input float @fogcoord location 4\n"
      "output vec4 @color location -1\n"
      "output float @depth semantic frag_depth\n"
      "\n"
      "func void @main() {\n"
      "   %0 = load_input vec4 @texcoord1\n"
      "   %1 = swizzle vec2 %0.xy\n"
      "   %2 = swizzle float %0.w\n"
      "   %3 = tex vec4 @texture2, coord %1, proj %2\n"
      "   %4 = load_uniform vec4 @prog[0]\n"
      "   %5 = load_uniform vec4 @prog[1]\n"
      "   %6 = fmul vec4 %3, %4\n"
      "   %7 = fadd vec4 %6, %5\n"
      "   %8 = swizzle vec4 %7.wwww\n"
      "   %9 = fneg vec4 %8\n"
      "   %10 = const vec4 0.0, 0.0, 0.0, 0.0\n"
      "   %11 = flt bvec4 %9, %10\n"
      "   %12 = bany bool %11\n"
      "   discard_if %12\n"
      "   %13 = load_input vec4 @texcoord0\n"
      "   %14 = swizzle vec2 %13.xy\n"
      "   %15 = swizzle float %13.z\n"
      "   %16 = tex float @texture0, coord %14, compare %15\n"
      "   %17 = vec4 vec4 %16, %16, %16, %16\n"
      "   %18 = load_uniform vec4 @prog[2]\n"
      "   %19 = load_uniform vec4 @prog[3]\n"
      "   %20 = fmul vec4 %17, %18\n"
      "   %21 = fadd vec4 %20, %19\n"
      "   %22 = load_input vec4 @color0\n"
      "   %23 = const vec4 1.0, 1.0, 1.0, 1.0\n"
      "   %24 = fsub vec4 %23, %22\n"
      "   %25 = fmul vec4 %24, %21\n"
      "   %26 = fmul vec4 %22, %7\n"
      "   %27 = fadd vec4 %26, %25\n"
      "   %28 = fclamp vec4 %27, %10, %23\n"
      "   %29 = swizzle float %28.x\n"
      "   %30 = swizzle float %28.y\n"
      "   %31 = swizzle float %28.z\n"
      "   %32 = swizzle float %7.w\n"
      "   %33 = vec4 vec4 %29, %30, %31, %32\n"
      "   %34 = load_input vec4 @position\n"
      "   %35 = const float 0.0\n"
      "   %36 = swizzle float %34.x\n"
      "   %37 = load_uniform vec4 @prog[4]\n"
      "   %38 = load_uniform vec4 @prog[5]\n"
      "   %39 = load_input float @fogcoord\n"
      "   %40 = const float 1.0\n"
      "   %41 = swizzle float %37.w\n"
      "   %42 = swizzle float %37.z\n"
      "   %43 = fsub float %42, %39\n"
      "   %44 = fmul float %43, %41\n"
      "   %45 = fclamp float %44, %35, %40\n"
      "   %46 = vec4 vec4 %45, %45, %45, %45\n"
      "   %47 = fmix vec4 %38, %33, %46\n"
      "   %48 = swizzle float %47.z\n"
      "   %49 = swizzle float %47.y\n"
      "   %50 = swizzle float %47.x\n"
      "   %51 = vec4 vec4 %50, %49, %48, %32\n"
      "   store_output @color, %51\n"
      "   store_output @depth, %36\n"
      "}\n",
   },
};

static char *
print_ir(struct ir_shader *s)
{
   char *buf = NULL;
   size_t len = 0;
   FILE *f = open_memstream(&buf, &len);
   ir_print_shader(s, f);
   fclose(f);
   return buf;
}

static char *
print_slots(const struct arbprog_result *r)
{
   char *buf = NULL;
   size_t len = 0;
   FILE *f = open_memstream(&buf, &len);
   for (unsigned i = 0; i < r->num_params; i++) {
      const struct arbprog_param *p = &r->params[i];
      char name[96];
      switch (p->kind) {
      case ARBPROG_PARAM_ENV: snprintf(name, sizeof name, "program.env[%u]", p->index); break;
      case ARBPROG_PARAM_LOCAL: snprintf(name, sizeof name, "program.local[%u]", p->index); break;
      case ARBPROG_PARAM_STATE: pony_state_ref_name(&p->state, name, sizeof name); break;
      default:
         snprintf(name, sizeof name, "{%g, %g, %g, %g}", p->value[0], p->value[1], p->value[2],
                  p->value[3]);
         break;
      }
      fprintf(f, "slot %u: %s\n", i, name);
   }
   fclose(f);
   return buf;
}

int
main(void)
{
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      const struct lower_case *c = &cases[i];
      struct arbprog_result r;
      if (!arbprog_compile(c->program, strlen(c->program), c->target, NULL, &r)) {
         fprintf(stderr, "case %u: %d: %s\n", i, r.error_pos, r.error);
         failures++;
         arbprog_result_fini(&r);
         continue;
      }
      char *errors = NULL;
      if (!ir_validate(r.shader, &errors)) {
         fprintf(stderr, "case %u: invalid IR: %s\n", i, errors ? errors : "");
         failures++;
      }
      free(errors);
      char *text = print_ir(r.shader);
      if (strcmp(text, c->ir)) {
         fprintf(stderr, "case %u: IR differs; expected:\n%s\ngot:\n%s\n", i, c->ir, text);
         failures++;
      }
      char *slots = print_slots(&r);
      if (strcmp(slots, c->slots)) {
         fprintf(stderr, "case %u: slots differ; expected:\n%s\ngot:\n%s\n", i, c->slots, slots);
         failures++;
      }
      /* the text form reads back to the same shader */
      char perr[256] = "";
      struct ir_shader *back = ir_parse(text, perr, sizeof perr);
      if (!back) {
         fprintf(stderr, "case %u: does not parse back: %s\n", i, perr);
         failures++;
      } else {
         char *again = print_ir(back);
         if (strcmp(again, text)) {
            fprintf(stderr, "case %u: round trip differs\n", i);
            failures++;
         }
         free(again);
         ir_shader_destroy(back);
      }
      free(slots);
      free(text);
      arbprog_result_fini(&r);
   }
   if (failures) {
      fprintf(stderr, "%d failures\n", failures);
      return 1;
   }
   printf("arbprog_test_lower: all passed\n");
   return 0;
}
