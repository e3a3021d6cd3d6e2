/*
 * The validator rejects malformed IR: a table of bad shaders, each with a
 * substring its error report must contain (the report also names the
 * instruction as printed).  A few broken shaders are built through the API
 * because the parser cannot express them.
 */
#include "ir_test_util.h"

#include "compiler/ir/ir_builder.h"

#include <stdlib.h>
#include <string.h>

#define HDR "shader fragment\n" \
   "input vec4 @in location 0\n" \
   "output vec4 @o location 0\n" \
   "output float @of location 1\n" \
   "local float @arr[8]\n" \
   "local float @t\n" \
   "sampler 2d float @s binding 0\n" \
   "sampler 2d float shadow @ss binding 1\n" \
   "sampler 2dms float @ms binding 2\n" \
   "sampler cube float @cube binding 3\n"
#define MAIN(body) HDR "func void @main() {\n" body "}\n"
#define DEFS \
   "   %f = const float 1.0\n" \
   "   %v2 = const vec2 1.0, 2.0\n" \
   "   %v3 = const vec3 1.0, 2.0, 3.0\n" \
   "   %i = const int 1\n" \
   "   %i2 = const ivec2 1, 2\n" \
   "   %b = const bool true\n"

/* a geometry shader's declarations; its @main emits one vertex */
#define GS_DECL(in, out, more) \
   "shader geometry\ninput_primitive " in "\noutput_primitive " out "\n" more
#define GS_MAIN "func void @main() {\n   emit_vertex\n}\n"

static const struct {
   const char *text;
   const char *error;
} bad[] = {
   { MAIN(DEFS "   %x = fadd vec2 %f, %v2\n"),
     "source 0 of fadd has 1 component(s), expected 2" },
   { MAIN(DEFS "   %x = fadd vec2 %i2, %i2\n"), "source 0 of fadd has the wrong base type (ivec2)" },
   { MAIN(DEFS "   %x = fadd ivec2 %v2, %v2\n"), "fadd cannot produce a ivec2" },
   { MAIN(DEFS "   %x = fadd vec2 %v2, %v2\n   %y = fdot vec2 %v2, %v2\n"),
     "fdot produces 1 component(s), not 2" },
   { MAIN(DEFS "   %x = ieq bool %i, %f\n"), "source 1 of ieq has the wrong base type (float)" },
   { MAIN(DEFS "   %x = select vec2 %b, %v2, %v2\n"),
     "source 0 of select has 1 component(s), expected 2" },
   { MAIN(DEFS "   %x = fcross vec3 %v3, %v2\n"), "source 1 of fcross must have 3 component(s), has 2" },
   { MAIN(DEFS "   %d = const double 1.0\n   %x = bitcast int %d\n"),
     "bitcast between different bit sizes (double -> int)" },
   { MAIN(DEFS "   %x = swizzle float %v2.z\n"), "swizzle component z is past the source's 2 component(s)" },
   /* dominance */
   { MAIN(DEFS "   if %b {\n      %y = fneg float %f\n   }\n   %z = fneg float %y\n"),
     "source 0 (%6) is not dominated by its definition" },
   { MAIN(DEFS "   loop {\n      %y = fneg float %f\n      break\n   }\n   %z = fabs float %y\n"),
     "is not dominated by its definition" },
   { MAIN(DEFS "   if %b {\n      %y = fneg float %f\n   } else {\n      %z = fabs float %y\n   }\n"),
     "is not dominated by its definition" },
   /* block structure */
   { MAIN(DEFS "   break\n"), "break outside a loop" },
   { MAIN(DEFS "   loop {\n      break\n      %y = fneg float %f\n   }\n"),
     "break must be the last instruction of its block" },
   { MAIN(DEFS "   return\n   %y = fneg float %f\n"), "return must be the last instruction" },
   { MAIN(DEFS "   if %f {\n   }\n"), "if needs one bool condition" },
   { MAIN(DEFS "   discard_if %i\n"), "discard_if takes one bool condition" },
   /* variables */
   { MAIN(DEFS "   store_local @t, %v2\n"), "storing a vec2 into @t of type float" },
   { MAIN(DEFS "   %x = load_local vec2 @t\n"), "loading @t of type float as vec2" },
   { MAIN(DEFS "   %x = load_local float @arr[8]\n"), "index 8 out of bounds of @arr" },
   { MAIN(DEFS "   %x = load_local float @t[%i]\n"), "dynamic index into @t, which is not an array" },
   { MAIN(DEFS "   %x = load_local float @arr[%f]\n"), "array index must be an int or uint scalar" },
   { MAIN(DEFS "   %x = load_input vec4 @o\n"), "@o is a output variable, not input" },
   { MAIN(DEFS "   %x = load_cbuf vec4 0, %i\n"), "load_cbuf takes one uint byte offset" },
   /* textures */
   { MAIN(DEFS "   %x = tex vec4 @s\n"), "tex needs a coord operand" },
   { MAIN(DEFS "   %x = tex vec4 @s, coord %v3\n"), "texture operand coord must be vec2, not vec3" },
   { MAIN(DEFS "   %x = tex float @ss, coord %v2\n"), "tex needs a compare operand" },
   { MAIN(DEFS "   %x = tex vec4 @ss, coord %v2, compare %f\n"),
     "tex on this sampler returns float, not vec4" },
   { MAIN(DEFS "   %x = tex vec4 @s, coord %v2, compare %f\n"),
     "tex does not take a compare operand with a 2d sampler" },
   { MAIN(DEFS "   %x = txl vec4 @s, coord %v2, bias %f\n"), "txl does not take a bias operand" },
   { MAIN(DEFS "   %x = txl vec4 @s, coord %v2, lod %i\n"), "texture operand lod must be float, not int" },
   { MAIN(DEFS "   %x = txb vec4 @ms, coord %v2, bias %f\n"), "txb on a multisample sampler" },
   { MAIN(DEFS "   %x = txf vec4 @cube, coord %i2, lod %i\n"), "txf on a cube sampler" },
   { MAIN(DEFS "   %x = txs ivec3 @s, lod %i\n"), "txs on this sampler returns ivec2, not ivec3" },
   { MAIN(DEFS "   %x = tex vec4 @cube, coord %v3, offset %i2\n"), "tex does not take a offset operand" },
   /* functions */
   { HDR "func vec4 @g(vec4 %a) {\n   return %a\n}\n"
     "func void @main() {\n" DEFS "   %x = call vec4 @g(%f)\n}\n",
     "argument 0 is float, parameter is vec4" },
   { HDR "func vec4 @g(vec4 %a) {\n   return %a\n}\n"
     "func void @main() {\n" DEFS "   %x = call vec4 @g()\n}\n",
     "@g takes 1 argument(s), given 0" },
   { HDR "func vec4 @g(vec4 %a) {\n   %f = const float 1.0\n   return %f\n}\n"
     "func void @main() {\n}\n", "return must give a vec4" },
   { HDR "func void @g(float %a) {\n   return %a\n}\nfunc void @main() {\n}\n",
     "return with a value in a void function" },
   { HDR "func vec4 @g(vec4 %a) {\n   %f = fneg vec4 %a\n}\nfunc void @main() {\n}\n",
     "@g returns vec4 but can reach its end without a return" },
   { HDR "func void @g() {\n   call @g()\n}\nfunc void @main() {\n}\n", "recursive call" },
   { HDR "func void @helper() {\n}\n", "the shader has no @main function" },
   { HDR "func void @main(float %x) {\n}\n", "@main must return void and take no parameters" },
   /* stages */
   { "shader vertex\nfunc void @main() {\n   discard\n}\n", "discard outside a fragment shader" },
   { "shader vertex\nfunc void @main() {\n   %f = const float 1.0\n   %d = fddx float %f\n}\n",
     "derivative outside a fragment shader" },
   /* geometry shaders */
   { "shader vertex\nfunc void @main() {\n   emit_vertex\n}\n",
     "emit_vertex outside a geometry shader" },
   { MAIN("   end_primitive\n"), "end_primitive outside a geometry shader" },
   { GS_DECL("triangles", "triangle_strip", "") GS_MAIN,
     "a geometry shader needs max_vertices 1..1024 (has 0)" },
   { GS_DECL("triangles", "triangle_strip", "max_vertices 1025\n") GS_MAIN,
     "needs max_vertices 1..1024 (has 1025)" },
   { "shader geometry\noutput_primitive points\nmax_vertices 1\n" GS_MAIN,
     "a geometry shader needs an input primitive" },
   { GS_DECL("line_strip", "points", "max_vertices 1\n") GS_MAIN,
     "triangles_adjacency), not line_strip" },
   { GS_DECL("points", "triangles", "max_vertices 1\n") GS_MAIN,
     "a geometry shader needs an output primitive (output_primitive points, line_strip or "
     "triangle_strip), not triangles" },
   { "shader geometry\ninput_primitive points\nmax_vertices 1\n" GS_MAIN,
     "triangle_strip), not none" },
   { GS_DECL("points", "points", "max_vertices 1\ninvocations 2\n") GS_MAIN,
     "geometry shader invocations 2: only 1 is supported" },
   { GS_DECL("triangles", "points", "max_vertices 1\n") "input vec4 @p semantic position\n"
     GS_MAIN, "geometry input @p must be an array of 3 per-vertex values (a multiple of 3 "
     "elements for triangles), has 0" },
   { GS_DECL("triangles", "points", "max_vertices 1\n") "input vec4 @p[4] location 0\n"
     GS_MAIN, "geometry input @p must be an array of 3 per-vertex values" },
   { GS_DECL("lines", "points", "max_vertices 1\n") "input int @id[2] semantic primitive_id\n"
     GS_MAIN, "geometry input @id (primitive_id) is one value per primitive, not an array" },
   { "shader vertex\ninput int @id semantic primitive_id\nfunc void @main() {\n}\n",
     "input @id: primitive_id is an input of geometry and fragment shaders only" },
   /* the report prints the instruction */
   { MAIN(DEFS "   %x = fadd vec2 %f, %v2\n"), "in @main: %6 = fadd vec2 %0, %1" },
};

static void
test_table(void)
{
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      char name[32];
      snprintf(name, sizeof(name), "bad[%u]", i);
      struct ir_shader *s = irt_parse(name, bad[i].text);
      if (!s)
         continue;
      char *errors = NULL;
      bool ok = ir_validate(s, &errors);
      IRT_CHECK(!ok, "%s: accepted:\n%s", name, bad[i].text);
      IRT_CHECK(!ok && errors && strstr(errors, bad[i].error),
                "%s: expected an error containing '%s', got:\n%s", name, bad[i].error,
                errors ? errors : "(none)");
      free(errors);
      ir_shader_destroy(s);
   }
}

/* Broken shaders the parser cannot produce. */
static void
test_api(void)
{
   static const char *const good = MAIN(DEFS
      "   %x = fadd vec2 %v2, %v2\n"
      "   %y = fmul vec2 %x, %v2\n");
   struct ir_shader *s = irt_parse("good", good);
   if (!s)
      return;
   IRT_CHECK(ir_validate(s, NULL), "good shader rejected");
   struct ir_function *main_fn = ir_shader_main(s);
   struct ir_instr *y = main_fn->body->last;
   struct ir_instr *x = y->prev;

   /* use of a removed instruction */
   ir_instr_remove(x);
   char *errors = NULL;
   IRT_CHECK(!ir_validate(s, &errors) && errors && strstr(errors, "not dominated"),
             "use of a removed value: %s", errors ? errors : "(accepted)");
   free(errors);
   ir_instr_insert_before(y, x);
   IRT_CHECK(ir_validate(s, NULL), "restored shader rejected");

   /* use before definition (instructions swapped) */
   ir_instr_remove(x);
   ir_instr_insert_after(y, x);
   errors = NULL;
   IRT_CHECK(!ir_validate(s, &errors) && errors &&
             strstr(errors, "in @main: %6 = fmul vec2 %7, %1"),
             "use before def: %s", errors ? errors : "(accepted)");
   free(errors);
   ir_instr_remove(x);
   ir_instr_insert_before(y, x);

   /* broken list pointers */
   struct ir_instr *saved = y->prev;
   y->prev = NULL;
   errors = NULL;
   IRT_CHECK(!ir_validate(s, &errors) && errors && strstr(errors, "instruction list is broken"),
             "broken list: %s", errors ? errors : "(accepted)");
   free(errors);
   y->prev = saved;

   /* missing source */
   y->src[1] = NULL;
   errors = NULL;
   IRT_CHECK(!ir_validate(s, &errors) && errors && strstr(errors, "source 1 is missing"),
             "missing source: %s", errors ? errors : "(accepted)");
   free(errors);
   ir_shader_destroy(s);
}

int
main(void)
{
   test_table();
   test_api();
   return irt_finish("ir_test_validate");
}
