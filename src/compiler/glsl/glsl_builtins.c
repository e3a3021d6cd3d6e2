/*
 * The look-ups over the built-in tables (glsl_builtins.h).  The tables are
 * generated from glsl_builtins.txt into glsl_builtins_table.c; the rules
 * that are not per built-in (what user functions with a built-in's name do,
 * whether built-in calls may be constant) are small tables here.
 */
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl/glsl_builtins.h"
#include "compiler/ir/ir.h"


enum glsl_builtin_avail
glsl_builtin_gate_check(const struct glsl_builtin_gate *g, const struct glsl_builtin_env *env)
{
   struct glsl_version v = env->features.version;
   unsigned removed = v.es ? g->es_removed : g->desktop_removed;
   /* the desktop core profile dropped it; the compatibility profile keeps it */
   if (removed && v.number >= removed && (v.es || !env->compatibility))
      return GLSL_BUILTIN_REMOVED;
   if (glsl_gate_check(&g->gate, &env->features) == GLSL_AVAIL_NO)
      return GLSL_BUILTIN_NEEDS_VERSION;
   if (!v.es && v.number < g->desktop_ext_min && (!g->gate.desktop || v.number < g->gate.desktop))
      return GLSL_BUILTIN_NEEDS_VERSION;   /* by an extension, but too early for it */
   return GLSL_BUILTIN_VISIBLE;
}

static bool
in_stage(unsigned stages, const struct glsl_builtin_env *env)
{
   return (stages & GLSL_BUILTIN_STAGE(env->stage)) != 0;
}

/* Some version or extension of the shader's language has it.  A row of the
 * other language alone says nothing useful about why a name is missing
 * (gl_FragColor in ES 3.00 was removed; that desktop has it is beside the
 * point), so the "why" queries rank such rows last. */
static bool
gate_in_language(const struct glsl_builtin_gate *g, const struct glsl_builtin_env *env)
{
   bool es = env->features.version.es;
   return (es ? g->gate.es : g->gate.desktop) != 0 || (es ? g->gate.es_ext : g->gate.desktop_ext)[0];
}

/* ---- functions ---------------------------------------------------------- */

static const char *const op_names[] = {
#define OP_NAME_(name) #name,
   GLSL_BUILTIN_OPS(OP_NAME_)
#undef OP_NAME_
};

const char *
glsl_builtin_op_name(enum glsl_builtin_op op)
{
   return (unsigned)op < ARRAY_SIZE(op_names) ? op_names[op] : "?";
}

static int
name_cmp(const void *key, const void *elem)
{
   return strcmp(key, ((const struct glsl_builtin_name *)elem)->name);
}

static const struct glsl_builtin_name *
find_name(const char *name)
{
   return bsearch(name, glsl_builtin_function_names, glsl_builtin_num_function_names,
                  sizeof glsl_builtin_function_names[0], name_cmp);
}

bool
glsl_builtin_function_exists(const char *name)
{
   return find_name(name) != NULL;
}

unsigned
glsl_builtin_functions(const char *name, const struct glsl_builtin_env *env,
                       const struct glsl_builtin_function **out, unsigned max)
{
   const struct glsl_builtin_name *n = find_name(name);
   unsigned count = 0;
   if (!n)
      return 0;
   for (unsigned i = n->first; i < (unsigned)n->first + n->count; i++) {
      const struct glsl_builtin_function *fn = &glsl_builtin_function_table[i];
      if (!in_stage(fn->stages, env) ||
          glsl_builtin_gate_check(&fn->gate, env) != GLSL_BUILTIN_VISIBLE)
         continue;
      if (count < max)
         out[count] = fn;
      count++;
   }
   return count;
}

enum glsl_builtin_avail
glsl_builtin_function_why(const char *name, const struct glsl_builtin_env *env,
                          const struct glsl_builtin_function **example)
{
   const struct glsl_builtin_name *n = find_name(name);
   const struct glsl_builtin_function *stage_row = NULL, *version_row = NULL,
                                      *removed_row = NULL, *other_row = NULL;
   if (example)
      *example = NULL;
   if (!n)
      return GLSL_BUILTIN_NOT_BUILTIN;
   for (unsigned i = n->first; i < (unsigned)n->first + n->count; i++) {
      const struct glsl_builtin_function *fn = &glsl_builtin_function_table[i];
      switch (glsl_builtin_gate_check(&fn->gate, env)) {
      case GLSL_BUILTIN_VISIBLE:
         if (in_stage(fn->stages, env)) {
            if (example)
               *example = fn;
            return GLSL_BUILTIN_VISIBLE;
         }
         if (!stage_row)
            stage_row = fn;
         break;
      case GLSL_BUILTIN_NEEDS_VERSION:
         if (!gate_in_language(&fn->gate, env)) {
            if (!other_row)
               other_row = fn;
            break;
         }
         /* prefer a row this stage could have: its gate is the useful hint */
         if (!version_row || (!in_stage(version_row->stages, env) && in_stage(fn->stages, env)))
            version_row = fn;
         break;
      default:
         if (!removed_row)
            removed_row = fn;
         break;
      }
   }
   if (stage_row) {
      if (example)
         *example = stage_row;
      return GLSL_BUILTIN_WRONG_STAGE;
   }
   if (version_row) {
      if (example)
         *example = version_row;
      return GLSL_BUILTIN_NEEDS_VERSION;
   }
   if (removed_row) {
      if (example)
         *example = removed_row;
      return GLSL_BUILTIN_REMOVED;
   }
   if (example)
      *example = other_row;
   return GLSL_BUILTIN_NEEDS_VERSION;
}

const char *
glsl_builtin_stages_text(struct glsl_arena *a, unsigned stages)
{
   static const char *const names[GLSL_NUM_STAGES] = {
      [GLSL_STAGE_VERTEX] = "vertex",
      [GLSL_STAGE_FRAGMENT] = "fragment",
      [GLSL_STAGE_GEOMETRY] = "geometry",
      [GLSL_STAGE_TESS_CTRL] = "tessellation control",
      [GLSL_STAGE_TESS_EVAL] = "tessellation evaluation",
      [GLSL_STAGE_COMPUTE] = "compute",
   };
   const char *text = "";
   unsigned n = 0, total = 0;
   for (unsigned s = 0; s < GLSL_NUM_STAGES; s++)
      total += (stages >> s) & 1u;
   if (!total)
      return "no shaders";
   for (unsigned s = 0; s < GLSL_NUM_STAGES; s++) {
      if (!(stages & GLSL_BUILTIN_STAGE(s)))
         continue;
      n++;
      text = glsl_printf(a, "%s%s%s", text, n == 1 ? "" : n == total ? " or " : ", ", names[s]);
   }
   return glsl_printf(a, "%s shaders", text);
}

/*
 * What a user function named like a built-in does, per version (the
 * header says what each specification says); the latest row the version
 * has reached decides.
 */
static const struct {
   uint16_t desktop, es;
   enum glsl_builtin_user_rule rule;
} user_rules[] = {
   { 110, 0, GLSL_BUILTIN_USER_HIDES },        /* 1.10 - 4.60, chapter 8 */
   { 0, 100, GLSL_BUILTIN_USER_OVERLOADS },    /* ES 1.00, chapter 8 */
   { 0, 300, GLSL_BUILTIN_USER_FORBIDDEN },    /* ES 3.00 - 3.20, 6.1 */
};

enum glsl_builtin_user_rule
glsl_builtin_user_function_rule(struct glsl_version v)
{
   enum glsl_builtin_user_rule rule = v.es ? GLSL_BUILTIN_USER_OVERLOADS : GLSL_BUILTIN_USER_HIDES;
   unsigned best = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(user_rules); i++) {
      unsigned need = v.es ? user_rules[i].es : user_rules[i].desktop;
      if (glsl_version_at_least(v, user_rules[i].desktop, user_rules[i].es) && need >= best) {
         best = need;
         rule = user_rules[i].rule;
      }
   }
   return rule;
}

/* Built-in calls in constant expressions: GLSL 1.20 4.3.3, ES 1.00 5.10. */
static const struct glsl_gate const_calls_gate = { 120, 100, { NULL, NULL }, { NULL, NULL } };

bool
glsl_builtin_const_calls(struct glsl_version v)
{
   return glsl_version_at_least(v, const_calls_gate.desktop, const_calls_gate.es);
}

/* ---- constants ---------------------------------------------------------- */

/* Is the row of version `row` a better default for v than the one of
 * version `have` (0: none yet)?  The latest row at or below v wins; when
 * every row is later (an extension brings the constant in early), the
 * earliest does. */
static bool
better_minimum(unsigned row, unsigned have, unsigned v)
{
   if (!have)
      return true;
   if (row <= v)
      return have > v || row > have;
   return have > v && row < have;
}

void
glsl_builtin_limits_default(struct glsl_builtin_limits *l, struct glsl_version v)
{
   uint16_t from[GLSL_BUILTIN_NUM_CONSTANT_IDS];
   memset(l, 0, sizeof *l);
   memset(from, 0, sizeof from);
   if (!v.number)
      return;
   for (unsigned i = 0; i < glsl_builtin_num_minimums; i++) {
      const struct glsl_builtin_minimum *m = &glsl_builtin_minimum_table[i];
      if (m->es != v.es || !better_minimum(m->version, from[m->id], v.number))
         continue;
      from[m->id] = m->version;
      l->value[m->id] = m->value;
   }
   /* a constant the version removed (gl_MaxVaryingVectors in ES 3.00) is 0 */
   for (unsigned i = 0; i < glsl_builtin_num_constants; i++) {
      const struct glsl_builtin_constant *c = &glsl_builtin_constant_table[i];
      unsigned removed = v.es ? c->gate.es_removed : c->gate.desktop_removed;
      if (removed && v.number >= removed)
         l->value[c->id] = 0;
   }
}

const struct glsl_builtin_constant *
glsl_builtin_constant_find(const char *name, const struct glsl_builtin_env *env)
{
   for (unsigned i = 0; i < glsl_builtin_num_constants; i++) {
      const struct glsl_builtin_constant *c = &glsl_builtin_constant_table[i];
      if (!strcmp(c->name, name) && in_stage(c->stages, env) &&
          glsl_builtin_gate_check(&c->gate, env) == GLSL_BUILTIN_VISIBLE)
         return c;
   }
   return NULL;
}

const char *
glsl_builtin_constant_name(enum glsl_builtin_constant_id id)
{
   for (unsigned i = 0; i < glsl_builtin_num_constants; i++) {
      if (glsl_builtin_constant_table[i].id == id)
         return glsl_builtin_constant_table[i].name;
   }
   return NULL;
}

/* ---- structs and variables ---------------------------------------------- */

const struct glsl_builtin_struct *
glsl_builtin_struct_find(const char *name, const struct glsl_builtin_env *env)
{
   for (unsigned i = 0; i < glsl_builtin_num_structs; i++) {
      const struct glsl_builtin_struct *s = &glsl_builtin_struct_table[i];
      if (!strcmp(s->type->name, name) &&
          glsl_builtin_gate_check(&s->gate, env) == GLSL_BUILTIN_VISIBLE)
         return s;
   }
   return NULL;
}

/* Visible as a variable of its own: members of a built-in block (gl_in[])
 * are reached through the block (glsl_builtin_block_members). */
static bool
variable_visible(const struct glsl_builtin_variable *v, const struct glsl_builtin_env *env)
{
   return !v->block && in_stage(v->stages, env) &&
          glsl_builtin_gate_check(&v->gate, env) == GLSL_BUILTIN_VISIBLE;
}

unsigned
glsl_builtin_block_members(const char *block, const struct glsl_builtin_env *env,
                           const struct glsl_builtin_variable **out, unsigned max)
{
   unsigned count = 0;
   for (unsigned i = 0; i < glsl_builtin_num_variables; i++) {
      const struct glsl_builtin_variable *v = &glsl_builtin_variable_table[i];
      if (!v->block || strcmp(v->block, block) || !in_stage(v->stages, env) ||
          glsl_builtin_gate_check(&v->gate, env) != GLSL_BUILTIN_VISIBLE)
         continue;
      if (count < max)
         out[count] = v;
      count++;
   }
   return count;
}

const struct glsl_builtin_variable *
glsl_builtin_variable_find(const char *name, const struct glsl_builtin_env *env)
{
   for (unsigned i = 0; i < glsl_builtin_num_variables; i++) {
      const struct glsl_builtin_variable *v = &glsl_builtin_variable_table[i];
      if (!strcmp(v->name, name) && variable_visible(v, env))
         return v;
   }
   return NULL;
}

unsigned
glsl_builtin_variables(const struct glsl_builtin_env *env,
                       const struct glsl_builtin_variable **out, unsigned max)
{
   unsigned count = 0;
   for (unsigned i = 0; i < glsl_builtin_num_variables; i++) {
      const struct glsl_builtin_variable *v = &glsl_builtin_variable_table[i];
      if (!variable_visible(v, env))
         continue;
      if (count < max)
         out[count] = v;
      count++;
   }
   return count;
}

const struct glsl_type *
glsl_builtin_variable_type(struct glsl_arena *a, const struct glsl_builtin_variable *v,
                           const struct glsl_builtin_limits *l)
{
   switch (v->array) {
   case GLSL_BUILTIN_ARRAY_SIZED: {
      int n = v->array_const < GLSL_BUILTIN_NUM_CONSTANT_IDS ? l->value[v->array_const] : 1;
      return glsl_type_array(a, v->type, n < 1 ? 1 : n);
   }
   case GLSL_BUILTIN_ARRAY_UNSIZED:
      return glsl_type_array(a, v->type, GLSL_ARRAY_UNSIZED);
   default:
      return v->type;
   }
}

enum glsl_builtin_avail
glsl_builtin_variable_why(const char *name, const struct glsl_builtin_env *env)
{
   bool known = false, wrong_stage = false, needs = false, removed = false;
   for (unsigned i = 0; i < glsl_builtin_num_variables + glsl_builtin_num_constants; i++) {
      const char *row_name;
      const struct glsl_builtin_gate *g;
      unsigned stages;
      if (i < glsl_builtin_num_variables) {
         /* a block member's row stands for its block instance (gl_in) */
         row_name = glsl_builtin_variable_table[i].block ? glsl_builtin_variable_table[i].block
                                                         : glsl_builtin_variable_table[i].name;
         g = &glsl_builtin_variable_table[i].gate;
         stages = glsl_builtin_variable_table[i].stages;
      } else {
         const struct glsl_builtin_constant *c =
            &glsl_builtin_constant_table[i - glsl_builtin_num_variables];
         row_name = c->name;
         g = &c->gate;
         stages = c->stages;
      }
      if (strcmp(row_name, name))
         continue;
      known = true;
      switch (glsl_builtin_gate_check(g, env)) {
      case GLSL_BUILTIN_VISIBLE:
         if (in_stage(stages, env))
            return GLSL_BUILTIN_VISIBLE;
         wrong_stage = true;
         break;
      case GLSL_BUILTIN_NEEDS_VERSION:
         needs = needs || gate_in_language(g, env);
         break;
      default:
         removed = true;
         break;
      }
   }
   if (!known)
      return GLSL_BUILTIN_NOT_BUILTIN;
   /* the same ranking as glsl_builtin_function_why */
   return wrong_stage ? GLSL_BUILTIN_WRONG_STAGE
          : needs     ? GLSL_BUILTIN_NEEDS_VERSION
          : removed   ? GLSL_BUILTIN_REMOVED
                      : GLSL_BUILTIN_NEEDS_VERSION;
}

/* ---- what each operation computes, in Pony IR ---------------------------------- */


/* The IR opcode per component base type of the (first) argument: float,
 * int, uint, bool; 0 = not defined for that type (IR_OP_mov is never a
 * fold, so 0 works as "none"). */
struct fold_row {
   uint8_t kind;
   uint16_t op[4];
};

#define F(o) { GLSL_BUILTIN_IR_COMPONENTS, { IR_OP_##o, 0, 0, 0 } }
#define FIU(f, i, u) { GLSL_BUILTIN_IR_COMPONENTS, { IR_OP_##f, IR_OP_##i, IR_OP_##u, 0 } }
#define CMP(f, i, u, b) { GLSL_BUILTIN_IR_COMPONENTS, { IR_OP_##f, IR_OP_##i, IR_OP_##u, IR_OP_##b } }
#define W(o) { GLSL_BUILTIN_IR_WHOLE, { IR_OP_##o, IR_OP_##o, IR_OP_##o, IR_OP_##o } }

static const struct glsl_builtin_ir builtin_ir[GLSL_BUILTIN_NUM_OPS] = {
   [GLSL_BUILTIN_RADIANS] = F(fradians),
   [GLSL_BUILTIN_DEGREES] = F(fdegrees),
   [GLSL_BUILTIN_SIN] = F(fsin),
   [GLSL_BUILTIN_COS] = F(fcos),
   [GLSL_BUILTIN_TAN] = F(ftan),
   [GLSL_BUILTIN_ASIN] = F(fasin),
   [GLSL_BUILTIN_ACOS] = F(facos),
   [GLSL_BUILTIN_ATAN2] = F(fatan2),
   [GLSL_BUILTIN_ATAN] = F(fatan),
   [GLSL_BUILTIN_POW] = F(fpow),
   [GLSL_BUILTIN_EXP] = F(fexp),
   [GLSL_BUILTIN_LOG] = F(flog),
   [GLSL_BUILTIN_EXP2] = F(fexp2),
   [GLSL_BUILTIN_LOG2] = F(flog2),
   [GLSL_BUILTIN_SQRT] = F(fsqrt),
   [GLSL_BUILTIN_INVERSESQRT] = F(frsq),
   [GLSL_BUILTIN_ABS] = FIU(fabs, iabs, mov),
   [GLSL_BUILTIN_SIGN] = FIU(fsign, isign, mov),
   [GLSL_BUILTIN_FLOOR] = F(ffloor),
   [GLSL_BUILTIN_CEIL] = F(fceil),
   [GLSL_BUILTIN_FRACT] = F(ffract),
   [GLSL_BUILTIN_MOD] = F(fmod),
   [GLSL_BUILTIN_MIN] = FIU(fmin, imin, umin),
   [GLSL_BUILTIN_MAX] = FIU(fmax, imax, umax),
   [GLSL_BUILTIN_CLAMP] = FIU(fclamp, iclamp, uclamp),
   [GLSL_BUILTIN_MIX] = F(fmix),
   [GLSL_BUILTIN_STEP] = F(fstep),
   [GLSL_BUILTIN_SMOOTHSTEP] = F(fsmoothstep),
   [GLSL_BUILTIN_LENGTH] = W(flength),
   [GLSL_BUILTIN_DISTANCE] = W(fdistance),
   [GLSL_BUILTIN_DOT] = W(fdot),
   [GLSL_BUILTIN_CROSS] = W(fcross),
   [GLSL_BUILTIN_NORMALIZE] = W(fnormalize),
   [GLSL_BUILTIN_FACEFORWARD] = W(ffaceforward),
   [GLSL_BUILTIN_REFLECT] = W(freflect),
   [GLSL_BUILTIN_REFRACT] = W(frefract),
   [GLSL_BUILTIN_MATRIX_COMP_MULT] = F(fmul),
   [GLSL_BUILTIN_LESS_THAN] = CMP(flt, ilt, ult, mov),
   [GLSL_BUILTIN_LESS_THAN_EQUAL] = CMP(fle, ile, ule, mov),
   [GLSL_BUILTIN_GREATER_THAN] = CMP(fgt, igt, ugt, mov),
   [GLSL_BUILTIN_GREATER_THAN_EQUAL] = CMP(fge, ige, uge, mov),
   [GLSL_BUILTIN_EQUAL] = CMP(feq, ieq, ieq, beq),
   [GLSL_BUILTIN_NOT_EQUAL] = CMP(fne, ine, ine, bne),
   [GLSL_BUILTIN_ANY] = W(bany),
   [GLSL_BUILTIN_ALL] = W(ball),
   [GLSL_BUILTIN_NOT] = CMP(mov, mov, mov, bnot),
   [GLSL_BUILTIN_OUTER_PRODUCT] = { GLSL_BUILTIN_IR_OUTER, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_TRANSPOSE] = { GLSL_BUILTIN_IR_TRANSPOSE, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_DFDX] = { GLSL_BUILTIN_IR_ZERO, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_DFDY] = { GLSL_BUILTIN_IR_ZERO, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_FWIDTH] = { GLSL_BUILTIN_IR_ZERO, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_SINH] = F(fsinh),
   [GLSL_BUILTIN_COSH] = F(fcosh),
   [GLSL_BUILTIN_TANH] = F(ftanh),
   [GLSL_BUILTIN_ASINH] = F(fasinh),
   [GLSL_BUILTIN_ACOSH] = F(facosh),
   [GLSL_BUILTIN_ATANH] = F(fatanh),
   [GLSL_BUILTIN_TRUNC] = F(ftrunc),
   [GLSL_BUILTIN_ROUND] = F(fround_even),
   [GLSL_BUILTIN_ROUND_EVEN] = F(fround_even),
   [GLSL_BUILTIN_MIX_BOOL] = { GLSL_BUILTIN_IR_MIX_BOOL, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_ISNAN] = F(fisnan),
   [GLSL_BUILTIN_ISINF] = F(fisinf),
   [GLSL_BUILTIN_INVERSE] = { GLSL_BUILTIN_IR_INVERSE, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_DETERMINANT] = { GLSL_BUILTIN_IR_DETERMINANT, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_FLOAT_BITS_TO_INT] = F(bitcast),
   [GLSL_BUILTIN_FLOAT_BITS_TO_UINT] = F(bitcast),
   [GLSL_BUILTIN_INT_BITS_TO_FLOAT] = { GLSL_BUILTIN_IR_COMPONENTS, { 0, IR_OP_bitcast, 0, 0 } },
   [GLSL_BUILTIN_UINT_BITS_TO_FLOAT] = { GLSL_BUILTIN_IR_COMPONENTS, { 0, 0, IR_OP_bitcast, 0 } },
   [GLSL_BUILTIN_PACK_UNORM_2X16] = W(pack_unorm_2x16),
   [GLSL_BUILTIN_UNPACK_UNORM_2X16] = W(unpack_unorm_2x16),
   [GLSL_BUILTIN_PACK_SNORM_2X16] = W(pack_snorm_2x16),
   [GLSL_BUILTIN_UNPACK_SNORM_2X16] = W(unpack_snorm_2x16),
   [GLSL_BUILTIN_PACK_HALF_2X16] = W(pack_half_2x16),
   [GLSL_BUILTIN_UNPACK_HALF_2X16] = W(unpack_half_2x16),
   [GLSL_BUILTIN_PACK_UNORM_4X8] = W(pack_unorm_4x8),
   [GLSL_BUILTIN_PACK_SNORM_4X8] = W(pack_snorm_4x8),
   [GLSL_BUILTIN_UNPACK_UNORM_4X8] = W(unpack_unorm_4x8),
   [GLSL_BUILTIN_UNPACK_SNORM_4X8] = W(unpack_snorm_4x8),
   [GLSL_BUILTIN_BITFIELD_REVERSE] = FIU(mov, bitfield_reverse, bitfield_reverse),
   [GLSL_BUILTIN_BIT_COUNT] = FIU(mov, bitcount, bitcount),
   [GLSL_BUILTIN_FIND_LSB] = FIU(mov, findlsb, findlsb),
   [GLSL_BUILTIN_FIND_MSB] = FIU(mov, ifindmsb, ufindmsb),
   [GLSL_BUILTIN_LDEXP] = F(fldexp),
   [GLSL_BUILTIN_FMA] = F(ffma),
};
#undef F
#undef FIU
#undef CMP
#undef W

const struct glsl_builtin_ir *
glsl_builtin_ir(enum glsl_builtin_op op)
{
   static const struct glsl_builtin_ir none = { GLSL_BUILTIN_IR_NONE, { 0, 0, 0, 0 } };
   return (unsigned)op < GLSL_BUILTIN_NUM_OPS ? &builtin_ir[op] : &none;
}
