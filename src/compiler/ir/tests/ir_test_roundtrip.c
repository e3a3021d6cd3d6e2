/*
 * Round trips: every opcode is printed, parsed and printed again, and the
 * two prints must match; shaders built from the table must validate.
 * Also checks that docs/ir.md names every opcode.
 */
#include "ir_test_util.h"

#include "compiler/ir/ir_builder.h"
#include "ir_eval.h"

#include <stdlib.h>
#include <string.h>

static bool seen[IR_NUM_OPS];

static void
mark_seen_cb(struct ir_instr *in, void *data)
{
   (void)data;
   seen[in->op] = true;
}

static void
mark_seen(struct ir_shader *s)
{
   ir_shader_foreach_instr(s, mark_seen_cb, NULL);
   for (struct ir_function *f = s->functions; f; f = f->next)
      if (f->num_params)
         seen[IR_OP_param] = true;
}

/* print -> parse -> print must be identical, and the shader valid */
static void
check_roundtrip(const char *name, struct ir_shader *s)
{
   char *errors = NULL;
   if (!ir_validate(s, &errors)) {
      irt_failures++;
      fprintf(stderr, "FAIL %s: does not validate:\n%s", name, errors ? errors : "");
      ir_print_shader(s, stderr);
      free(errors);
      return;
   }
   char *a = ir_print_shader_to_string(s);
   struct ir_shader *p = irt_parse(name, a);
   if (p) {
      char *b = ir_print_shader_to_string(p);
      IRT_CHECK(!strcmp(a, b), "%s: round trip differs\n--- first ---\n%s--- second ---\n%s",
                name, a, b);
      IRT_CHECK(ir_validate(p, NULL), "%s: parsed copy does not validate", name);
      mark_seen(p);
      free(b);
      ir_shader_destroy(p);
   }
   free(a);
}

static unsigned
lowest_base(unsigned mask)
{
   return (unsigned)__builtin_ctz(mask);
}

/* One shader per ALU opcode and per allowed result base type. */
static void
test_alu_table(void)
{
   for (unsigned op = 0; op < IR_NUM_OPS; op++) {
      const struct ir_op_info *info = ir_op_info((enum ir_op)op);
      if (info->kind != IR_KIND_ALU)
         continue;
      unsigned dmask = IR_TY_BASE(info->dst);
      for (unsigned dbase = 0; dbase < IR_NUM_BASE_TYPES; dbase++) {
         if (!(dmask & (1u << dbase)))
            continue;
         for (unsigned width = 1; width <= 4; width++) {
            if (IR_TY_SIZE(info->dst) != IR_TSIZE_N && width != 1 &&
                IR_TY_SIZE(info->src[0]) != IR_TSIZE_N)
               continue;
            bool needs_n = false;
            for (unsigned i = 0; i < info->num_srcs; i++)
               needs_n |= IR_TY_SIZE(info->src[i]) == IR_TSIZE_N;
            needs_n |= IR_TY_SIZE(info->dst) == IR_TSIZE_N;
            if (!needs_n && width != 1)
               continue;

            struct ir_shader *s = ir_shader_create(IR_STAGE_FRAGMENT);
            struct ir_function *f = ir_function_create(s, "main", ir_type_void());
            struct ir_builder b = { s, NULL, NULL };
            ir_builder_at_end(&b, f->body);
            struct ir_instr *srcs[4];
            unsigned dsize = IR_TY_SIZE(info->dst);
            struct ir_type dt = ir_type_make((enum ir_base_type)dbase,
                                             dsize == IR_TSIZE_N ? width : dsize);
            for (unsigned i = 0; i < info->num_srcs; i++) {
               unsigned sb = IR_TY_BASE(info->src[i]), ss = IR_TY_SIZE(info->src[i]);
               unsigned base = sb == IR_TBASE_D ? dbase
                             : sb == IR_TBASE_S ? srcs[0]->type.base
                             : lowest_base(sb);
               unsigned comps = ss == IR_TSIZE_N ? width : ss;
               char vname[8];
               snprintf(vname, sizeof(vname), "s%u", i);
               struct ir_var *v = ir_var_create(s, IR_VAR_INPUT,
                                                ir_type_make((enum ir_base_type)base, comps), 0,
                                                vname);
               v->location = (int)i;
               v->interp = IR_INTERP_FLAT;
               srcs[i] = ir_build_load_var(&b, v, NULL, 0);
            }
            struct ir_instr *r = ir_build_alu_typed(&b, (enum ir_op)op, dt, srcs,
                                                    info->num_srcs);
            struct ir_var *out = ir_var_create(s, IR_VAR_OUTPUT, dt, 0, "r");
            ir_build_store_var(&b, out, NULL, 0, r);
            /* the inferred type must agree with the table where it can tell */
            struct ir_type inferred = ir_alu_infer_type((enum ir_op)op, srcs, info->num_srcs);
            if (inferred.comps && op != IR_OP_b2i)
               IRT_CHECK(ir_type_equal(inferred, dt), "%s: inferred type differs",
                         info->name);
            char name[64];
            snprintf(name, sizeof(name), "alu %s base %u width %u", info->name, dbase, width);
            check_roundtrip(name, s);

            /* scalarized and cleaned up, it stays valid and computes the same */
            struct ir_eval_result before[3], after;
            for (unsigned k = 0; k < 3; k++)
               ir_eval(s, k + 1, &before[k]);
            ir_lower_scalar(s);
            ir_opt_copy_prop(s);
            ir_opt_cse(s);
            ir_opt_dce(s);
            char *errors = NULL;
            IRT_CHECK(ir_validate(s, &errors), "%s: invalid after scalarizing:\n%s", name,
                      errors ? errors : "");
            free(errors);
            for (unsigned k = 0; k < 3; k++) {
               ir_eval(s, k + 1, &after);
               IRT_CHECK(before[k].ok && ir_eval_same(&before[k], &after),
                         "%s: scalarizing changed the result (seed %u)", name, k + 1);
            }
            ir_shader_destroy(s);
         }
      }
   }
}

static const char *const everything =
   "shader fragment\n"
   "input vec4 @color location 0\n"
   "input vec2 @uv location 1 noperspective\n"
   "input vec4 @fc semantic frag_coord\n"
   "input bool @ff semantic front_face\n"
   "input int @pid[2] location 2 flat\n"
   "input vec4 @fcol location 3 flat explicit\n"
   "input vec4 @scol location 4 explicit\n"
   "output vec4 @out location 0\n"
   "output float @depth semantic frag_depth\n"
   "uniform vec4 @mvp[4] cbuf 0 offset 0\n"
   "uniform float @scale cbuf 0 offset 64\n"
   "local float @arr[8]\n"
   "local vec4 @tmp\n"
   "local int @counter\n"
   "sampler 1d float @s1 binding 0\n"
   "sampler 2d float @s2 binding 1\n"
   "sampler 3d float @s3 binding 2\n"
   "sampler cube float @sc binding 3\n"
   "sampler 1darray float @s1a binding 4\n"
   "sampler 2darray int @s2a binding 5\n"
   "sampler cubearray uint @sca binding 6\n"
   "sampler rect float @sr binding 7\n"
   "sampler buffer float @sb binding 8\n"
   "sampler 2dms float @sms binding 9\n"
   "sampler 2dmsarray float @smsa binding 10\n"
   "sampler 2d float shadow @s2s binding 11\n"
   "sampler cube float shadow @scs binding 12\n"
   "\n"
   "func vec4 @helper(vec4 %a, float %b) {\n"
   "   %x = fmul vec4 %a, %a\n"
   "   %b4 = vec4 vec4 %b, %b, %b, %b\n"
   "   %y = fadd vec4 %x, %b4\n"
   "   return %y\n"
   "}\n"
   "\n"
   "func void @side(float %v) {\n"
   "   store_local @arr[0], %v\n"
   "   return\n"
   "}\n"
   "\n"
   "func void @main() {\n"
   "   %col = load_input vec4 @color\n"
   "   %uv = load_input vec2 @uv\n"
   "   %ff = load_input bool @ff\n"
   "   %one = const int 1\n"
   "   %pid = load_input int @pid[%one]\n"
   "   %pid0 = load_input int @pid[0]\n"
   "   %f = const float 0.5\n"
   "   %i = const int 0\n"
   "   %u16 = const uint 16\n"
   "   %m1 = load_uniform vec4 @mvp[%i]\n"
   "   %m2 = load_uniform vec4 @mvp[3]\n"
   "   %sc = load_uniform float @scale\n"
   "   %cb = load_cbuf vec4 0, %u16\n"
   "   %c2 = const vec2 0.25, 0.75\n"
   "   %c3 = const vec3 1.0, -1.0, 0.0\n"
   "   %c4 = const vec4 1.0, 2.0, 3.0, 4.0\n"
   "   %i2 = const ivec2 1, -1\n"
   "   %i3 = const ivec3 1, 2, 3\n"
   "   %t0 = tex vec4 @s2, coord %c2\n"
   "   %t1 = txb vec4 @s2, coord %c2, bias %f, offset %i2\n"
   "   %t2 = txl vec4 @s3, coord %c3, lod %f\n"
   "   %t3 = txd vec4 @sc, coord %c3, ddx %c3, ddy %c3\n"
   "   %t4 = txf vec4 @s2, coord %i2, lod %i\n"
   "   %t5 = txf_ms vec4 @sms, coord %i2, sample %i\n"
   "   %t6 = txs ivec2 @s2, lod %i\n"
   "   %t7 = tg4 vec4 @s2, coord %c2, comp 2\n"
   "   %t8 = lod vec2 @s2, coord %c2\n"
   "   %t9 = query_levels int @sc\n"
   "   %t9s = query_samples int @sms\n"
   "   %t10 = tex float @s2s, coord %c2, compare %f, proj %f\n"
   "   %t11 = txf vec4 @sb, coord %i\n"
   "   %t12 = txs int @sb\n"
   "   %t13 = tex ivec4 @s2a, coord %c3\n"
   "   %t14 = txl uvec4 @sca, coord %c4, lod %f\n"
   "   %t15 = tex vec4 @s1, coord %f\n"
   "   %t16 = tex vec4 @s1a, coord %c2\n"
   "   %t17 = tex vec4 @sr, coord %c2\n"
   "   %t18 = tex float @scs, coord %c3, compare %f\n"
   "   %t19 = txf_ms vec4 @smsa, coord %i3, sample %i\n"
   "   %t20 = tg4 vec4 @s2s, coord %c2, compare %f, offset %i2, comp 0\n"
   "   %t21 = txs ivec3 @s2a, lod %i\n"
   "   %t22 = txs ivec2 @sms\n"
   "   %sw = swizzle vec2 %col.wx\n"
   "   %sw1 = swizzle float %col.z\n"
   "   %un = undef vec3\n"
   "   %h = call vec4 @helper(%col, %f)\n"
   "   call @side(%f)\n"
   "   store_local @arr[%i], %f\n"
   "   store_local @tmp, %h\n"
   "   %ld = load_local float @arr[%i]\n"
   "   %ld2 = load_local vec4 @tmp\n"
   "   store_output @out, %col\n"
   "   %back = load_output vec4 @out\n"
   "   %nan = const float 0x7fc00000\n"
   "   %specials = const vec4 inf, -inf, -0.0, 1e-45\n"
   "   %ints = const ivec4 -2147483648, 2147483647, 0, -1\n"
   "   %uints = const uvec2 4294967295, 0\n"
   "   %bools = const bvec2 true, false\n"
   "   %small = const float 0.1\n"
   "   %big = const float 3.40282347e+38\n"
   "   store_local @counter, %i\n"
   "   loop {\n"
   "      %n = load_local int @counter\n"
   "      %ten = const int 10\n"
   "      %done = ige bool %n, %ten\n"
   "      if %done {\n"
   "         break\n"
   "      }\n"
   "      %odd = iand int %n, %one\n"
   "      %isodd = ine bool %odd, %i\n"
   "      %n1 = iadd int %n, %one\n"
   "      store_local @counter, %n1\n"
   "      if %isodd {\n"
   "         continue\n"
   "      } else {\n"
   "         %z = feq bool %f, %f\n"
   "         discard_if %z\n"
   "      }\n"
   "   }\n"
   "   if %ff {\n"
   "      discard\n"
   "   }\n"
   "   store_output @depth, %f\n"
   "   return\n"
   "}\n";

static void
test_everything(void)
{
   struct ir_shader *s = irt_parse("everything", everything);
   if (!s)
      return;
   check_roundtrip("everything", s);

   /* specific spellings survive */
   char *text = ir_print_shader_to_string(s);
   IRT_CHECK(strstr(text, "const float 0x7fc00000"), "NaN bits lost:\n%s", text);
   IRT_CHECK(strstr(text, "const vec4 inf, -inf, -0.0, 1e-45"), "specials lost:\n%s", text);
   IRT_CHECK(strstr(text, "const float 0.1\n"), "0.1 not printed shortest:\n%s", text);
   IRT_CHECK(strstr(text, "const ivec4 -2147483648, 2147483647, 0, -1"), "ints:\n%s", text);
   IRT_CHECK(strstr(text, "} else {"), "else lost:\n%s", text);
   free(text);
   /* a qualified interpolation (GLSL 1.30 4.3.7's colours) is kept apart
    * from the interpolation itself, smooth included */
   const struct ir_var *fcol = ir_shader_find_var(s, "fcol", 4);
   const struct ir_var *scol = ir_shader_find_var(s, "scol", 4);
   const struct ir_var *uv = ir_shader_find_var(s, "uv", 2);
   IRT_CHECK(fcol && fcol->interp == IR_INTERP_FLAT && fcol->interp_explicit, "fcol not flat explicit");
   IRT_CHECK(scol && scol->interp == IR_INTERP_SMOOTH && scol->interp_explicit,
             "scol not smooth explicit");
   IRT_CHECK(uv && uv->interp == IR_INTERP_NOPERSPECTIVE && !uv->interp_explicit, "uv explicit");

   /* numbering: params first, then values in program order */
   ir_shader_number(s);
   struct ir_function *helper = ir_shader_find_function(s, "helper", 6);
   IRT_CHECK(helper && helper->num_values == 5, "helper has %u values",
             helper ? helper->num_values : 0);

   /* clone is a deep copy that prints the same */
   const struct ir_shader *cs = s;
   struct ir_shader *c = ir_shader_clone(cs);
   IRT_CHECK(c != NULL, "clone failed");
   if (c) {
      char *a = ir_print_shader_to_string(s), *b = ir_print_shader_to_string(c);
      IRT_CHECK(!strcmp(a, b), "clone prints differently");
      free(a);
      free(b);
      ir_shader_destroy(c);
   }
   ir_shader_destroy(s);
}

/* Stages, 16/64-bit types and constants parse and print back. */
static void
test_types(void)
{
   static const char *const text =
      "shader vertex\n"
      "input dvec2 @d location 0\n"
      "input i64vec3 @l location 1\n"
      "input u16vec4 @h location 2\n"
      "output vec4 @pos semantic position\n"
      "output float @psize semantic point_size\n"
      "\n"
      "func void @main() {\n"
      "   %0 = const double 0.1\n"
      "   %1 = const int64 -9223372036854775807\n"
      "   %2 = const uint64 18446744073709551615\n"
      "   %3 = const float16 0x3c00\n"
      "   %4 = const f16vec2 0x3c00, 0x0000\n"
      "   %5 = const uint16 65535\n"
      "   %6 = const int16 -5\n"
      "   %7 = dadd_missing\n"
      "}\n";
   /* the last line is an unknown opcode: check the error position */
   char err[256];
   struct ir_shader *s = ir_parse(text, err, sizeof(err));
   IRT_CHECK(!s, "unknown opcode accepted");
   IRT_CHECK(strstr(err, "16:9:") && strstr(err, "unknown opcode 'dadd_missing'"),
             "bad error: %s", err);
   ir_shader_destroy(s);

   char *fixed = strdup(text);
   *strstr(fixed, "   %7 = dadd_missing\n") = 0;
   strcat(fixed, "}\n");
   s = irt_parse("types", fixed);
   if (s) {
      check_roundtrip("types", s);
      char *out = ir_print_shader_to_string(s);
      IRT_CHECK(!strcmp(out, fixed), "types print differs\n--- in ---\n%s--- out ---\n%s",
                fixed, out);
      free(out);
      ir_shader_destroy(s);
   }
   free(fixed);
}

/* A geometry shader: its declarations (each input and output primitive,
 * max_vertices, invocations), per-vertex input arrays, emit_vertex and
 * end_primitive, through print/parse, the clone and the builder. */
static void
test_geometry(void)
{
   static const char *const text =
      "shader geometry\n"
      "input_primitive triangles_adjacency\n"
      "output_primitive line_strip\n"
      "max_vertices 1024\n"
      "input vec4 @pos[6] semantic position\n"
      "input float @clip[24] semantic clip_distance\n"
      "input vec2 @uv[12] location 3\n"
      "input int @prim semantic primitive_id\n"
      "output vec4 @opos semantic position\n"
      "output int @oprim semantic primitive_id flat\n"
      "output int @olayer semantic layer flat\n"
      "\n"
      "func void @main() {\n"
      "   %0 = load_input vec4 @pos[4]\n"
      "   store_output @opos, %0\n"
      "   %1 = load_input int @prim\n"
      "   store_output @oprim, %1\n"
      "   emit_vertex\n"
      "   %2 = load_input float @clip[%1]\n"
      "   end_primitive\n"
      "}\n";
   struct ir_shader *s = irt_parse("geometry", text);
   if (!s)
      return;
   check_roundtrip("geometry", s);
   char *out = ir_print_shader_to_string(s);
   IRT_CHECK(!strcmp(out, text), "geometry print differs\n--- in ---\n%s--- out ---\n%s", text,
             out);
   free(out);
   IRT_CHECK(s->gs.input_prim == IR_PRIM_TRIANGLES_ADJACENCY &&
             s->gs.output_prim == IR_PRIM_LINE_STRIP && s->gs.max_vertices == 1024 &&
             s->gs.invocations == 1, "geometry declarations read as %u %u %u %u",
             s->gs.input_prim, s->gs.output_prim, s->gs.max_vertices, s->gs.invocations);
   struct ir_shader *c = ir_shader_clone(s);
   IRT_CHECK(c && !memcmp(&c->gs, &s->gs, sizeof(s->gs)), "the clone lost the declarations");
   ir_shader_destroy(c);
   ir_shader_destroy(s);

   /* every primitive name; invocations other than 1 print (the validator
    * refuses them, the text keeps them) */
   static const char *const prims[] = {
      "points", "lines", "lines_adjacency", "triangles", "triangles_adjacency",
   };
   static const char *const outs[] = { "points", "line_strip", "triangle_strip" };
   static const unsigned vertices[] = { 1, 2, 4, 3, 6 };
   for (unsigned i = 0; i < 5; i++) {
      char buf[512];
      snprintf(buf, sizeof(buf),
               "shader geometry\ninput_primitive %s\noutput_primitive %s\nmax_vertices %u\n"
               "invocations %u\n\nfunc void @main() {\n   emit_vertex\n}\n",
               prims[i], outs[i % 3], i + 1, i + 2);
      struct ir_shader *g = irt_parse("geometry prims", buf);
      if (!g)
         continue;
      char *o = ir_print_shader_to_string(g);
      IRT_CHECK(!strcmp(o, buf), "print differs\n--- in ---\n%s--- out ---\n%s", buf, o);
      IRT_CHECK(ir_prim_vertices(g->gs.input_prim) == vertices[i],
                "%s: %u vertices", prims[i], ir_prim_vertices(g->gs.input_prim));
      free(o);
      ir_shader_destroy(g);
   }

   /* the builder: a new geometry shader has one invocation and no other
    * declaration */
   struct ir_shader *b = ir_shader_create(IR_STAGE_GEOMETRY);
   IRT_CHECK(b->gs.invocations == 1 && !b->gs.max_vertices && !b->gs.input_prim,
             "a new geometry shader's declarations");
   b->gs.input_prim = IR_PRIM_POINTS;
   b->gs.output_prim = IR_PRIM_POINTS;
   b->gs.max_vertices = 2;
   struct ir_var *pos = ir_var_create(b, IR_VAR_INPUT, ir_type_make(IR_FLOAT, 4), 1, "pos");
   pos->semantic = IR_SEM_POSITION;
   struct ir_var *o = ir_var_create(b, IR_VAR_OUTPUT, ir_type_make(IR_FLOAT, 4), 0, "o");
   o->semantic = IR_SEM_POSITION;
   struct ir_function *f = ir_function_create(b, "main", ir_type_void());
   struct ir_builder bld = { .shader = b };
   ir_builder_at_end(&bld, f->body);
   ir_build_store_var(&bld, o, NULL, 0, ir_build_load_var(&bld, pos, NULL, 0));
   ir_build_emit_vertex(&bld);
   ir_build_end_primitive(&bld);
   check_roundtrip("geometry builder", b);
   ir_shader_destroy(b);
}

/* Parser errors carry line:column and a useful message. */
static void
test_parse_errors(void)
{
   static const struct {
      const char *text;
      const char *error;
   } cases[] = {
      { "", "1:1: expected 'shader'" },
      { "shader pixel\n", "1:8: unknown shader stage 'pixel'" },
      { "shader fragment\nfunc void @main() {\n   %1 = fadd vec4 %2, %2\n}\n",
        "3:19: undefined value %2" },
      { "shader fragment\nfunc void @main() {\n   %1 = const float 1.0\n   %1 = const float 2.0\n}\n",
        "4:4: %1 is defined twice" },
      { "shader fragment\nfunc void @main() {\n   %1 = const vec5 1.0\n}\n",
        "3:15: unknown type 'vec5'" },
      { "shader fragment\nfunc void @main() {\n   %1 = const float 1.0x\n}\n",
        "bad constant '1.0x'" },
      { "shader fragment\nfunc void @main() {\n   %1 = const int 4294967296\n}\n",
        "out of range" },
      { "shader fragment\nfunc void @main() {\n   %1 = const uint -1\n}\n",
        "negative uint constant" },
      { "shader fragment\nfunc void @main() {\n   %1 = load_local float @nope\n}\n",
        "3:26: undeclared variable @nope" },
      { "shader fragment\nfunc void @main() {\n   %1 = call float @f()\n}\n",
        "undefined function @f" },
      { "shader fragment\nfunc void @main() {\n   store_local\n}\n", "expected '@'" },
      { "shader fragment\nfunc void @main() {\n   fadd vec4\n}\n",
        "'fadd' needs a destination" },
      { "shader fragment\nfunc void @main() {\n   %1 = break\n}\n",
        "'break' does not produce a value" },
      { "shader fragment\nfunc void @main() {\n   %1 = const float 1.0\n",
        "missing '}'" },
      { "shader fragment\nfunc void @main() {\n   %1 = const vec2 1.0\n}\n",
        "expected ','" },
      { "shader fragment\nsampler 2d float @s binding 0\nfunc void @main() {\n"
        "   %c = const vec2 1.0, 1.0\n   %1 = tex vec4 @s, coords %c\n}\n",
        "unknown texture operand 'coords'" },
      { "shader fragment\nfunc void @main() {\n   %1 = const vec4 1.0, 1.0, 1.0, 1.0\n"
        "   %2 = swizzle vec2 %1.xq\n}\n", "bad swizzle character 'q'" },
      { "shader fragment\nlocal float @a\nlocal float @a\n", "declared twice" },
      { "shader fragment\ninput vec4 @a\n", "expected 'location N' or 'semantic NAME'" },
      { "shader fragment\nwhat\n", "2:1: expected a declaration, found 'what'" },
      { "shader vertex\nmax_vertices 3\n",
        "2:1: 'max_vertices' is only declared in geometry shaders" },
      { "shader geometry\ninput_primitive quads\n", "2:17: unknown primitive type 'quads'" },
      { "shader geometry\noutput_primitive none\n", "unknown primitive type 'none'" },
      { "shader geometry\nmax_vertices -3\n", "expected a vertex count (an unsigned number)" },
      { "shader geometry\nfunc void @main() {\n   emit_vertex %1\n}\n",
        "expected '=' but found '}'" },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      char err[256];
      struct ir_shader *s = ir_parse(cases[i].text, err, sizeof(err));
      IRT_CHECK(!s, "parse error case %u accepted", i);
      IRT_CHECK(strstr(err, cases[i].error), "case %u: expected error containing '%s', got '%s'",
                i, cases[i].error, err);
      ir_shader_destroy(s);
   }
}

/* "explicit" may come before the interpolation; it prints after it */
static void
test_interp_explicit(void)
{
   char *a = irt_canonical("explicit",
      "shader vertex\n"
      "output vec4 @f location 0 explicit flat\n"
      "output vec4 @n location 1 noperspective\n"
      "func void @main() {\n"
      "   %c = const vec4 1.0, 2.0, 3.0, 4.0\n"
      "   store_output @f, %c\n"
      "   store_output @n, %c\n"
      "}\n");
   const char *want =
      "shader vertex\n"
      "output vec4 @f location 0 flat explicit\n"
      "output vec4 @n location 1 noperspective\n"
      "\n"
      "func void @main() {\n"
      "   %0 = const vec4 1.0, 2.0, 3.0, 4.0\n"
      "   store_output @f, %0\n"
      "   store_output @n, %0\n"
      "}\n";
   IRT_CHECK(a && !strcmp(a, want), "explicit:\n%s", a ? a : "(null)");
   free(a);
}

/* Value names are free-form; printing renumbers in program order. */
static void
test_renumbering(void)
{
   char *a = irt_canonical("names",
      "shader fragment\n"
      "output float @o location 0\n"
      "func void @main() {\n"
      "   %zebra = const float 2.0\n"
      "   %7 = fmul float %zebra, %zebra\n"
      "   store_output @o, %7\n"
      "}\n");
   const char *want =
      "shader fragment\n"
      "output float @o location 0\n"
      "\n"
      "func void @main() {\n"
      "   %0 = const float 2.0\n"
      "   %1 = fmul float %0, %0\n"
      "   store_output @o, %1\n"
      "}\n";
   IRT_CHECK(a && !strcmp(a, want), "renumbering:\n%s", a ? a : "(null)");
   free(a);
}

/* The builder makes the same shader as the text. */
static void
test_builder(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_FRAGMENT);
   struct ir_var *in = ir_var_create(s, IR_VAR_INPUT, ir_type_make(IR_FLOAT, 4), 0, "color");
   struct ir_var *out = ir_var_create(s, IR_VAR_OUTPUT, ir_type_make(IR_FLOAT, 4), 0, "frag");
   struct ir_var *cnt = ir_var_create(s, IR_VAR_LOCAL, ir_type_make(IR_INT, 1), 0, "n");
   struct ir_var *smp = ir_var_create(s, IR_VAR_SAMPLER, ir_type_make(IR_FLOAT, 4), 0, "tex");
   smp->target = IR_TEX_2D;
   struct ir_function *f = ir_function_create(s, "main", ir_type_void());
   struct ir_builder b = { .shader = s };
   ir_builder_at_end(&b, f->body);

   struct ir_instr *c = ir_build_load_var(&b, in, NULL, 0);
   static const uint8_t xy[2] = { 0, 1 };
   struct ir_instr *uv = ir_build_swizzle(&b, c, xy, 2);
   enum ir_tex_src kinds[2] = { IR_TEX_SRC_COORD, IR_TEX_SRC_BIAS };
   struct ir_instr *srcs[2] = { uv, ir_build_imm_float(&b, -1.0f) };
   struct ir_instr *t = ir_build_tex(&b, IR_OP_txb, ir_type_make(IR_FLOAT, 4), smp, kinds, srcs, 2);
   struct ir_instr *m = ir_build_fmul(&b, t, c);
   struct ir_instr *zero = ir_build_imm_int(&b, 0);
   ir_build_store_var(&b, cnt, NULL, 0, zero);
   struct ir_instr *loop = ir_build_loop(&b);
   ir_builder_at_end(&b, loop->u.loop.body);
   struct ir_instr *n = ir_build_load_var(&b, cnt, NULL, 0);
   struct ir_instr *done = ir_build_ige(&b, n, ir_build_imm_int(&b, 4));
   struct ir_instr *iff = ir_build_if(&b, done);
   ir_builder_at_end(&b, iff->u.cif.then_body);
   ir_build_break(&b);
   ir_builder_after(&b, iff);
   ir_build_store_var(&b, cnt, NULL, 0, ir_build_iadd(&b, n, ir_build_imm_int(&b, 1)));
   ir_builder_after(&b, loop);
   struct ir_instr *w = ir_build_channel(&b, m, 3);
   struct ir_instr *neg = ir_build_flt(&b, w, ir_build_imm_float(&b, 0.0f));
   ir_build_discard(&b, neg);
   ir_build_store_var(&b, out, NULL, 0, m);

   IRT_CHECK(ir_type_equal(done->type, ir_type_make(IR_BOOL, 1)), "ige type not inferred");
   char *got = ir_print_shader_to_string(s);
   const char *want =
      "shader fragment\n"
      "input vec4 @color location 0\n"
      "output vec4 @frag location 0\n"
      "local int @n\n"
      "sampler 2d float @tex binding 0\n"
      "\n"
      "func void @main() {\n"
      "   %0 = load_input vec4 @color\n"
      "   %1 = swizzle vec2 %0.xy\n"
      "   %2 = const float -1.0\n"
      "   %3 = txb vec4 @tex, coord %1, bias %2\n"
      "   %4 = fmul vec4 %3, %0\n"
      "   %5 = const int 0\n"
      "   store_local @n, %5\n"
      "   loop {\n"
      "      %6 = load_local int @n\n"
      "      %7 = const int 4\n"
      "      %8 = ige bool %6, %7\n"
      "      if %8 {\n"
      "         break\n"
      "      }\n"
      "      %9 = const int 1\n"
      "      %10 = iadd int %6, %9\n"
      "      store_local @n, %10\n"
      "   }\n"
      "   %11 = swizzle float %4.w\n"
      "   %12 = const float 0.0\n"
      "   %13 = flt bool %11, %12\n"
      "   discard_if %13\n"
      "   store_output @frag, %4\n"
      "}\n";
   IRT_CHECK(!strcmp(got, want), "builder output differs:\n%s", got);
   check_roundtrip("builder", s);
   free(got);
   ir_shader_destroy(s);
}

static void
test_docs(void)
{
   FILE *fp = fopen(IR_DOCS_DIR "/ir.md", "r");
   IRT_CHECK(fp != NULL, "cannot open %s", IR_DOCS_DIR "/ir.md");
   if (!fp)
      return;
   static char buf[1 << 20];
   size_t n = fread(buf, 1, sizeof(buf) - 1, fp);
   buf[n] = 0;
   fclose(fp);
   char *ref = ir_opcode_reference();
   IRT_CHECK(strstr(buf, ref), "docs/ir.md's opcode table is out of date; regenerate it with "
             "`pony-ir --opcodes`");
   free(ref);
   for (unsigned op = 0; op < IR_NUM_OPS; op++) {
      char needle[64];
      snprintf(needle, sizeof(needle), "`%s`", ir_op_info((enum ir_op)op)->name);
      IRT_CHECK(strstr(buf, needle), "docs/ir.md does not document %s", needle);
   }
}

int
main(void)
{
   test_alu_table();
   test_everything();
   test_types();
   test_parse_errors();
   test_geometry();
   test_renumbering();
   test_interp_explicit();
   test_builder();
   test_docs();
   for (unsigned op = 0; op < IR_NUM_OPS; op++)
      IRT_CHECK(seen[op], "opcode %s is not covered by a round trip",
                ir_op_info((enum ir_op)op)->name);
   return irt_finish("ir_test_roundtrip");
}
