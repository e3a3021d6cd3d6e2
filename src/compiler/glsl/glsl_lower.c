/*
 * Lowering of one stage of a GLSL program to Pony IR: variables and their
 * leaves (glsl_lower.h), places, statements, user functions and the
 * stage's entry point.  Expressions are glsl_lower_expr.c's, built-in
 * functions glsl_lower_builtins.c's.
 *
 * User functions become IR functions whose parameters are locals of the
 * callee (copy-in before the call, copy-out after it): GLSL has no
 * recursion, so one set of locals per function is enough, parameters of
 * any type (structs, arrays) need nothing special, and the IR keeps one
 * copy of each body until ir_opt_inline inlines the calls.  A function
 * with sampler parameters is specialized per set of samplers it is called
 * with (samplers are not values in the IR).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_lower_internal.h"

/* sema's geometry shader primitives are the IR's (the linker copies them) */
_Static_assert((int)GLSL_GS_POINTS == (int)IR_PRIM_POINTS &&
               (int)GLSL_GS_LINES_ADJACENCY == (int)IR_PRIM_LINES_ADJACENCY &&
               (int)GLSL_GS_TRIANGLES_ADJACENCY == (int)IR_PRIM_TRIANGLES_ADJACENCY &&
               (int)GLSL_GS_TRIANGLE_STRIP == (int)IR_PRIM_TRIANGLE_STRIP,
               "enum glsl_gs_prim follows enum ir_prim");

void
lower_error(struct lower *l, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   char buf[512];
   vsnprintf(buf, sizeof buf, fmt, ap);
   va_end(ap);
   glsl_log_append(l->log, "error: %s\n", buf);
   l->failed = true;
}

/* ---- leaves ----------------------------------------------------------- */

unsigned
glsl_leaf_count(const struct glsl_type *t)
{
   if (glsl_type_is_array(t))
      return glsl_leaf_count(t->element);
   if (glsl_type_is_struct(t) || glsl_type_is_interface(t)) {
      unsigned n = 0;
      for (unsigned i = 0; i < t->num_fields; i++)
         n += glsl_leaf_count(t->fields[i].type);
      return n;
   }
   return 1;
}

struct leaf_walk {
   struct glsl_arena *a;
   struct glsl_leaf *out;
   unsigned n;
};

static void
leaves_rec(struct leaf_walk *w, const struct glsl_type *t, unsigned mult, bool arr,
           const char *suffix, const char *member, int member_index,
           const struct glsl_type *parent)
{
   if (glsl_type_is_array(t)) {
      unsigned len = t->length > 0 ? (unsigned)t->length : 1;
      leaves_rec(w, t->element, mult * len, true, suffix, member, member_index, parent);
      return;
   }
   /* (in/out blocks: their members are leaves as a struct's are) */
   if (glsl_type_is_struct(t) || glsl_type_is_interface(t)) {
      for (unsigned i = 0; i < t->num_fields; i++)
         leaves_rec(w, t->fields[i].type, mult, arr,
                    glsl_printf(w->a, "%s.%s", suffix, t->fields[i].name),
                    t->fields[i].name, (int)i, t);
      return;
   }
   struct glsl_leaf *lf = &w->out[w->n++];
   unsigned cols = glsl_type_is_matrix(t) ? t->matrix_columns : 1;
   lf->piece = glsl_type_is_matrix(t) ? glsl_type_column_type(t) : t;
   lf->columns = cols;
   lf->elems = mult * cols;
   lf->is_array = arr || cols > 1;
   lf->suffix = suffix;
   lf->member = member;
   lf->member_index = member_index;
   lf->parent = parent;
}

struct glsl_leaf *
glsl_leaves(struct glsl_arena *a, const struct glsl_type *t)
{
   struct leaf_walk w = { a, glsl_alloc_array(a, glsl_leaf_count(t), sizeof(struct glsl_leaf)),
                          0 };
   leaves_rec(&w, t, 1, false, "", NULL, -1, NULL);
   return w.out;
}

bool
glsl_link_types_match(const struct glsl_type *a, const struct glsl_type *b)
{
   if (a == b)
      return true;
   if (glsl_type_is_array(a) && glsl_type_is_array(b))
      return a->length == b->length && glsl_link_types_match(a->element, b->element);
   if (glsl_type_is_struct(a) && glsl_type_is_struct(b)) {
      if (a->num_fields != b->num_fields || !a->name != !b->name ||
          (a->name && strcmp(a->name, b->name)))
         return false;
      for (unsigned i = 0; i < a->num_fields; i++)
         if (strcmp(a->fields[i].name, b->fields[i].name) ||
             !glsl_link_types_match(a->fields[i].type, b->fields[i].type))
            return false;
      return true;
   }
   return false;
}

/* An IR variable's name: the GLSL name and the leaf's member path with
 * '_' for '.' (IR names are [A-Za-z0-9_]); locals get a number, since
 * GLSL names repeat across scopes and functions. */
static const char *
ir_name(struct lower *l, const char *name, const char *suffix, bool numbered)
{
   char *n = numbered ? glsl_printf(l->a, "%s%s_%u", name, suffix, l->tmp_count++)
                      : glsl_printf(l->a, "%s%s", name, suffix);
   for (char *p = n; *p; p++)
      if (*p == '.')
         *p = '_';
   return n;
}

/* ---- built-in variables: where they live ------------------------------ */

#define VS (1u << GLSL_STAGE_VERTEX)
#define GS (1u << GLSL_STAGE_GEOMETRY)
#define FS (1u << GLSL_STAGE_FRAGMENT)

struct builtin_io {
   const char *name;
   uint8_t stages;               /* bit per enum glsl_stage */
   bool output;
   enum ir_semantic sem;
   int location;                 /* IR_SEM_GENERIC */
};

/* The geometry shader's inputs other than gl_PrimitiveIDIn are the
 * members of gl_in[] by name: the vertex shader's outputs, one element
 * per vertex (docs/ir.md, "Geometry shaders"). */
static const struct builtin_io builtin_ios[] = {
   { "gl_Position", VS | GS, true, IR_SEM_POSITION, 0 },
   { "gl_PointSize", VS | GS, true, IR_SEM_POINT_SIZE, 0 },
   { "gl_ClipVertex", VS | GS, true, IR_SEM_GENERIC, GLSL_VARYING_CLIP_VERTEX },
   { "gl_ClipDistance", VS | GS, true, IR_SEM_CLIP_DISTANCE, 0 },
   { "gl_FrontColor", VS | GS, true, IR_SEM_GENERIC, GLSL_FF_VARYING_COLOR0 },
   { "gl_FrontSecondaryColor", VS | GS, true, IR_SEM_GENERIC, GLSL_FF_VARYING_COLOR1 },
   { "gl_BackColor", VS | GS, true, IR_SEM_GENERIC, GLSL_FF_VARYING_BCOLOR0 },
   { "gl_BackSecondaryColor", VS | GS, true, IR_SEM_GENERIC, GLSL_FF_VARYING_BCOLOR1 },
   { "gl_FogFragCoord", VS | GS, true, IR_SEM_GENERIC, GLSL_FF_VARYING_FOG },
   { "gl_TexCoord", VS | GS, true, IR_SEM_GENERIC, GLSL_FF_VARYING_TEX0 },
   { "gl_PrimitiveID", GS, true, IR_SEM_PRIMITIVE_ID, 0 },
   { "gl_Layer", GS, true, IR_SEM_LAYER, 0 },
   { "gl_Vertex", VS, false, IR_SEM_GENERIC, GLSL_FF_ATTRIB_POS },
   { "gl_Normal", VS, false, IR_SEM_GENERIC, GLSL_FF_ATTRIB_NORMAL },
   { "gl_Color", VS, false, IR_SEM_GENERIC, GLSL_FF_ATTRIB_COLOR0 },
   { "gl_SecondaryColor", VS, false, IR_SEM_GENERIC, GLSL_FF_ATTRIB_COLOR1 },
   { "gl_FogCoord", VS, false, IR_SEM_GENERIC, GLSL_FF_ATTRIB_FOG },
   { "gl_VertexID", VS, false, IR_SEM_VERTEX_ID, 0 },
   { "gl_InstanceID", VS, false, IR_SEM_INSTANCE_ID, 0 },
   { "gl_InstanceIDARB", VS, false, IR_SEM_INSTANCE_ID, 0 },
   { "gl_InstanceIDEXT", VS, false, IR_SEM_INSTANCE_ID, 0 },
   /* gl_in[v].member */
   { "gl_Position", GS, false, IR_SEM_POSITION, 0 },
   { "gl_PointSize", GS, false, IR_SEM_POINT_SIZE, 0 },
   { "gl_ClipDistance", GS, false, IR_SEM_CLIP_DISTANCE, 0 },
   { "gl_ClipVertex", GS, false, IR_SEM_GENERIC, GLSL_VARYING_CLIP_VERTEX },
   { "gl_FrontColor", GS, false, IR_SEM_GENERIC, GLSL_FF_VARYING_COLOR0 },
   { "gl_FrontSecondaryColor", GS, false, IR_SEM_GENERIC, GLSL_FF_VARYING_COLOR1 },
   { "gl_BackColor", GS, false, IR_SEM_GENERIC, GLSL_FF_VARYING_BCOLOR0 },
   { "gl_BackSecondaryColor", GS, false, IR_SEM_GENERIC, GLSL_FF_VARYING_BCOLOR1 },
   { "gl_FogFragCoord", GS, false, IR_SEM_GENERIC, GLSL_FF_VARYING_FOG },
   { "gl_TexCoord", GS, false, IR_SEM_GENERIC, GLSL_FF_VARYING_TEX0 },
   { "gl_PrimitiveIDIn", GS, false, IR_SEM_PRIMITIVE_ID, 0 },
   { "gl_FragCoord", FS, false, IR_SEM_FRAG_COORD, 0 },
   { "gl_FrontFacing", FS, false, IR_SEM_FRONT_FACE, 0 },
   { "gl_PointCoord", FS, false, IR_SEM_POINT_COORD, 0 },
   /* the geometry shader's gl_PrimitiveID, else the primitive's number */
   { "gl_PrimitiveID", FS, false, IR_SEM_PRIMITIVE_ID, 0 },
   /* element i: the vertex shader's distance i, interpolated */
   { "gl_ClipDistance", FS, false, IR_SEM_CLIP_DISTANCE, 0 },
   { "gl_Color", FS, false, IR_SEM_GENERIC, GLSL_FF_VARYING_COLOR0 },
   { "gl_SecondaryColor", FS, false, IR_SEM_GENERIC, GLSL_FF_VARYING_COLOR1 },
   { "gl_TexCoord", FS, false, IR_SEM_GENERIC, GLSL_FF_VARYING_TEX0 },
   { "gl_FogFragCoord", FS, false, IR_SEM_GENERIC, GLSL_FF_VARYING_FOG },
   { "gl_FragColor", FS, true, IR_SEM_GENERIC, -1 },
   { "gl_FragData", FS, true, IR_SEM_GENERIC, 0 },
   { "gl_FragDepth", FS, true, IR_SEM_FRAG_DEPTH, 0 },
   { "gl_FragDepthEXT", FS, true, IR_SEM_FRAG_DEPTH, 0 },   /* EXT_frag_depth */
   { "gl_LastFragData", FS, false, IR_SEM_LAST_FRAG_DATA, 0 },
   /* dual-source blending's second colour: the output at location 1
    * (docs/refpipe.md, fragment output conventions) */
   { "gl_SecondaryFragColorEXT", FS, true, IR_SEM_GENERIC, 1 },
   { "gl_SecondaryFragDataEXT", FS, true, IR_SEM_GENERIC, 1 },
};

#undef VS
#undef GS
#undef FS

static const struct builtin_io *
find_builtin_io(enum glsl_stage stage, const char *name, bool output)
{
   for (unsigned i = 0; i < sizeof builtin_ios / sizeof builtin_ios[0]; i++)
      if ((builtin_ios[i].stages & (1u << stage)) && builtin_ios[i].output == output &&
          !strcmp(builtin_ios[i].name, name))
         return &builtin_ios[i];
   return NULL;
}

/* gl_MultiTexCoordN */
static int
multitexcoord(const char *name)
{
   if (strncmp(name, "gl_MultiTexCoord", 16) || name[16] < '0' || name[16] > '7' || name[17])
      return -1;
   return name[16] - '0';
}

/* ---- built-in uniform state (pony_state.h) ---------------------------- */

/* A member of a built-in uniform: its row and the components it takes. */
struct state_member {
   const char *name;
   uint8_t item;
   uint8_t comp;                 /* first component */
   uint8_t row;                  /* texgen coordinate */
};

struct state_var {
   const char *name;
   uint8_t item;                 /* matrices, vec4 rows and arrays of them */
   uint8_t modifier;             /* matrices: the modifier giving columns as rows */
   uint8_t face;
   uint8_t row;
   const struct state_member *members;   /* structs */
};

static const struct state_member depth_range_members[] = {
   { "near", PONY_STATE_DEPTH_RANGE, 0, 0 }, { "far", PONY_STATE_DEPTH_RANGE, 1, 0 },
   { "diff", PONY_STATE_DEPTH_RANGE, 2, 0 }, { NULL, 0, 0, 0 },
};
static const struct state_member point_members[] = {
   { "size", PONY_STATE_POINT_SIZE, 0, 0 }, { "sizeMin", PONY_STATE_POINT_SIZE, 1, 0 },
   { "sizeMax", PONY_STATE_POINT_SIZE, 2, 0 },
   { "fadeThresholdSize", PONY_STATE_POINT_SIZE, 3, 0 },
   { "distanceConstantAttenuation", PONY_STATE_POINT_ATTENUATION, 0, 0 },
   { "distanceLinearAttenuation", PONY_STATE_POINT_ATTENUATION, 1, 0 },
   { "distanceQuadraticAttenuation", PONY_STATE_POINT_ATTENUATION, 2, 0 },
   { NULL, 0, 0, 0 },
};
static const struct state_member material_members[] = {
   { "emission", PONY_STATE_MATERIAL_EMISSION, 0, 0 },
   { "ambient", PONY_STATE_MATERIAL_AMBIENT, 0, 0 },
   { "diffuse", PONY_STATE_MATERIAL_DIFFUSE, 0, 0 },
   { "specular", PONY_STATE_MATERIAL_SPECULAR, 0, 0 },
   { "shininess", PONY_STATE_MATERIAL_SHININESS, 0, 0 }, { NULL, 0, 0, 0 },
};
static const struct state_member light_members[] = {
   { "ambient", PONY_STATE_LIGHT_AMBIENT, 0, 0 }, { "diffuse", PONY_STATE_LIGHT_DIFFUSE, 0, 0 },
   { "specular", PONY_STATE_LIGHT_SPECULAR, 0, 0 },
   { "position", PONY_STATE_LIGHT_POSITION, 0, 0 },
   { "halfVector", PONY_STATE_LIGHT_HALF, 0, 0 },
   { "spotDirection", PONY_STATE_LIGHT_SPOT_DIRECTION, 0, 0 },
   { "spotExponent", PONY_STATE_LIGHT_SPOT_PARAMS, 0, 0 },
   { "spotCutoff", PONY_STATE_LIGHT_SPOT_PARAMS, 1, 0 },
   { "spotCosCutoff", PONY_STATE_LIGHT_SPOT_PARAMS, 2, 0 },
   { "constantAttenuation", PONY_STATE_LIGHT_ATTENUATION, 0, 0 },
   { "linearAttenuation", PONY_STATE_LIGHT_ATTENUATION, 1, 0 },
   { "quadraticAttenuation", PONY_STATE_LIGHT_ATTENUATION, 2, 0 }, { NULL, 0, 0, 0 },
};
static const struct state_member light_model_members[] = {
   { "ambient", PONY_STATE_LIGHTMODEL_AMBIENT, 0, 0 }, { NULL, 0, 0, 0 },
};
static const struct state_member light_model_product_members[] = {
   { "sceneColor", PONY_STATE_LIGHTMODEL_SCENECOLOR, 0, 0 }, { NULL, 0, 0, 0 },
};
static const struct state_member light_product_members[] = {
   { "ambient", PONY_STATE_LIGHTPROD_AMBIENT, 0, 0 },
   { "diffuse", PONY_STATE_LIGHTPROD_DIFFUSE, 0, 0 },
   { "specular", PONY_STATE_LIGHTPROD_SPECULAR, 0, 0 }, { NULL, 0, 0, 0 },
};
static const struct state_member fog_members[] = {
   { "color", PONY_STATE_FOG_COLOR, 0, 0 }, { "density", PONY_STATE_FOG_PARAMS, 0, 0 },
   { "start", PONY_STATE_FOG_PARAMS, 1, 0 }, { "end", PONY_STATE_FOG_PARAMS, 2, 0 },
   { "scale", PONY_STATE_FOG_PARAMS, 3, 0 }, { NULL, 0, 0, 0 },
};

/* GLSL's matrices are columns; pony_state rows are rows of the matrix
 * after the modifier: column c of M is row c of M's transpose. */
#define MATS(glsl, item)                                                             \
   { glsl, item, PONY_STATE_MOD_TRANSPOSE, 0, 0, NULL },                               \
   { glsl "Inverse", item, PONY_STATE_MOD_INVTRANS, 0, 0, NULL },                      \
   { glsl "Transpose", item, PONY_STATE_MOD_NONE, 0, 0, NULL },                        \
   { glsl "InverseTranspose", item, PONY_STATE_MOD_INVERSE, 0, 0, NULL }

static const struct state_var state_vars[] = {
   MATS("gl_ModelViewMatrix", PONY_STATE_MATRIX_MODELVIEW),
   MATS("gl_ProjectionMatrix", PONY_STATE_MATRIX_PROJECTION),
   MATS("gl_ModelViewProjectionMatrix", PONY_STATE_MATRIX_MVP),
   MATS("gl_TextureMatrix", PONY_STATE_MATRIX_TEXTURE),
   /* the inverse transpose of the upper 3x3: column c is row c of the inverse */
   { "gl_NormalMatrix", PONY_STATE_MATRIX_MODELVIEW, PONY_STATE_MOD_INVERSE, 0, 0, NULL },
   { "gl_NormalScale", PONY_STATE_NORMAL_SCALE, 0, 0, 0, NULL },
   { "gl_DepthRange", 0, 0, 0, 0, depth_range_members },
   { "gl_ClipPlane", PONY_STATE_CLIP_PLANE, 0, 0, 0, NULL },
   { "gl_Point", 0, 0, 0, 0, point_members },
   { "gl_FrontMaterial", 0, 0, PONY_STATE_FRONT, 0, material_members },
   { "gl_BackMaterial", 0, 0, PONY_STATE_BACK, 0, material_members },
   { "gl_LightSource", 0, 0, 0, 0, light_members },
   { "gl_LightModel", 0, 0, 0, 0, light_model_members },
   { "gl_FrontLightModelProduct", 0, 0, PONY_STATE_FRONT, 0, light_model_product_members },
   { "gl_BackLightModelProduct", 0, 0, PONY_STATE_BACK, 0, light_model_product_members },
   { "gl_FrontLightProduct", 0, 0, PONY_STATE_FRONT, 0, light_product_members },
   { "gl_BackLightProduct", 0, 0, PONY_STATE_BACK, 0, light_product_members },
   { "gl_TextureEnvColor", PONY_STATE_TEXENV_COLOR, 0, 0, 0, NULL },
   { "gl_EyePlaneS", PONY_STATE_TEXGEN_EYE, 0, 0, 0, NULL },
   { "gl_EyePlaneT", PONY_STATE_TEXGEN_EYE, 0, 0, 1, NULL },
   { "gl_EyePlaneR", PONY_STATE_TEXGEN_EYE, 0, 0, 2, NULL },
   { "gl_EyePlaneQ", PONY_STATE_TEXGEN_EYE, 0, 0, 3, NULL },
   { "gl_ObjectPlaneS", PONY_STATE_TEXGEN_OBJECT, 0, 0, 0, NULL },
   { "gl_ObjectPlaneT", PONY_STATE_TEXGEN_OBJECT, 0, 0, 1, NULL },
   { "gl_ObjectPlaneR", PONY_STATE_TEXGEN_OBJECT, 0, 0, 2, NULL },
   { "gl_ObjectPlaneQ", PONY_STATE_TEXGEN_OBJECT, 0, 0, 3, NULL },
   { "gl_Fog", 0, 0, 0, 0, fog_members },
};

static unsigned
index_limit(enum pony_state_item item)
{
   /* (pony_state_items lives in the state library, not the compiler's) */
   switch (item) {
   case PONY_STATE_LIGHT_AMBIENT: case PONY_STATE_LIGHT_DIFFUSE:
   case PONY_STATE_LIGHT_SPECULAR: case PONY_STATE_LIGHT_POSITION:
   case PONY_STATE_LIGHT_ATTENUATION: case PONY_STATE_LIGHT_SPOT_DIRECTION:
   case PONY_STATE_LIGHT_HALF: case PONY_STATE_LIGHT_SPOT_PARAMS:
   case PONY_STATE_LIGHTPROD_AMBIENT: case PONY_STATE_LIGHTPROD_DIFFUSE:
   case PONY_STATE_LIGHTPROD_SPECULAR:
      return PONY_STATE_MAX_LIGHTS;
   case PONY_STATE_MATRIX_TEXTURE: case PONY_STATE_TEXGEN_EYE: case PONY_STATE_TEXGEN_OBJECT:
   case PONY_STATE_TEXENV_COLOR:
      return PONY_STATE_MAX_UNITS;
   case PONY_STATE_CLIP_PLANE:
      return PONY_STATE_MAX_CLIP_PLANES;
   default:
      return 1;
   }
}

static unsigned
add_state_row(struct lower *l, struct pony_state_ref ref)
{
   if (l->num_rows == l->rows_cap) {
      unsigned cap = l->rows_cap ? 2 * l->rows_cap : 16;
      l->rows = glsl_realloc_array(l->a, l->rows, l->num_rows, cap, sizeof *l->rows);
      l->rows_cap = cap;
   }
   l->rows[l->num_rows] = ref;
   return l->num_rows++;
}

/* A row of built-in state no GLSL name stands for (a shadow lookup's
 * DEPTH_TEXTURE_MODE expansion), read from the state buffer; one row per
 * distinct reference. */
struct ir_instr *
lower_state_row(struct lower *l, struct pony_state_ref ref)
{
   unsigned slot = l->num_rows;
   for (unsigned i = 0; i < l->num_rows && slot == l->num_rows; i++)
      if (l->rows[i].item == ref.item && l->rows[i].index == ref.index &&
          l->rows[i].face == ref.face && l->rows[i].modifier == ref.modifier &&
          l->rows[i].row == ref.row)
         slot = i;
   if (slot == l->num_rows)
      slot = add_state_row(l, ref);
   return ir_build_load_cbuf(&l->b, ir_type_make(IR_FLOAT, 4), GLSL_CBUF_STATE,
                             ir_build_imm_uint(&l->b, 16u * slot));
}

/* The leaves of a built-in uniform: one vec4 row per element (for each
 * array element i, each matrix column c). */
static bool
state_leaves(struct lower *l, struct storage *st)
{
   const struct state_var *sv = NULL;
   for (unsigned i = 0; i < sizeof state_vars / sizeof state_vars[0]; i++)
      if (!strcmp(state_vars[i].name, st->name))
         sv = &state_vars[i];
   if (!sv) {
      lower_error(l, "the built-in uniform '%s' is not supported", st->name);
      return false;
   }
   struct glsl_leaf *lv = glsl_leaves(l->a, st->type);
   for (unsigned k = 0; k < st->num_leaves; k++) {
      struct lower_leaf *lf = &st->leaves[k];
      struct pony_state_ref ref = { sv->item, 0, sv->face, sv->modifier, sv->row };
      unsigned comp = 0;
      if (sv->members) {
         const struct state_member *m = sv->members;
         while (m->name && strcmp(m->name, lv[k].member))
            m++;
         if (!m->name) {
            lower_error(l, "the built-in uniform '%s%s' is not supported", st->name,
                        lv[k].suffix);
            return false;
         }
         ref.item = m->item;
         ref.row = m->row;
         comp = m->comp;
      }
      unsigned first = 0;
      for (unsigned e = 0; e < lv[k].elems; e++) {
         unsigned i = e / lv[k].columns, c = e % lv[k].columns;
         struct pony_state_ref r = ref;
         unsigned lim = index_limit(r.item);
         r.index = (uint8_t)(i < lim ? i : lim - 1);
         if (lv[k].columns > 1)
            r.row = (uint8_t)c;
         unsigned slot = add_state_row(l, r);
         if (e == 0)
            first = slot;
      }
      struct ir_var *v = ir_var_create(l->s, IR_VAR_UNIFORM, ir_type_make(IR_FLOAT, 4),
                                       lv[k].is_array ? lv[k].elems : 0,
                                       ir_name(l, st->name, lv[k].suffix, false));
      v->cbuf = GLSL_CBUF_STATE;
      v->offset = 16 * first;
      lf->var = v;
      lf->state_comp = (uint8_t)comp;
   }
   return true;
}

/* ---- storage ---------------------------------------------------------- */

static const struct glsl_link_global *
find_link_global(struct lower *l, const char *name, enum glsl_link_kind kind)
{
   for (unsigned i = 0; i < l->in->num_globals; i++)
      if (l->in->globals[i].kind == kind && !strcmp(l->in->globals[i].name, name))
         return &l->in->globals[i];
   return NULL;
}

static struct storage *
storage_new(struct lower *l, const char *name, const struct glsl_type *t, enum storage_kind kind)
{
   struct storage *st = glsl_alloc(l->a, sizeof *st);
   st->name = name;
   st->type = t;
   st->kind = kind;
   st->num_leaves = glsl_leaf_count(t);
   st->leaves = glsl_alloc_array(l->a, st->num_leaves, sizeof *st->leaves);
   struct glsl_leaf *lv = glsl_leaves(l->a, t);
   for (unsigned k = 0; k < st->num_leaves; k++) {
      st->leaves[k].piece = lv[k].piece;
      st->leaves[k].elems = lv[k].elems;
   }
   return st;
}

static struct ir_type
piece_ir_type(const struct glsl_type *piece)
{
   struct ir_type t;
   if (!glsl_type_to_ir(piece, &t))
      t = ir_type_make(IR_FLOAT, 4);
   return t;
}

/* One IR variable per leaf, of a mode. */
static void
simple_leaves(struct lower *l, struct storage *st, enum ir_var_mode mode, bool numbered)
{
   struct glsl_leaf *lv = glsl_leaves(l->a, st->type);
   for (unsigned k = 0; k < st->num_leaves; k++) {
      if (glsl_type_is_opaque(lv[k].piece))
         continue;
      st->leaves[k].var = ir_var_create(l->s, mode, piece_ir_type(lv[k].piece),
                                        lv[k].is_array ? lv[k].elems : 0,
                                        ir_name(l, st->name, lv[k].suffix, numbered));
   }
}

struct storage *
lower_temp(struct lower *l, const struct glsl_type *t, const char *what)
{
   struct storage *st = storage_new(l, what, t, STORAGE_LOCAL);
   simple_leaves(l, st, IR_VAR_LOCAL, true);
   return st;
}

static void
uniform_leaves(struct lower *l, struct storage *st, const struct glsl_link_global *g)
{
   struct glsl_leaf *lv = glsl_leaves(l->a, st->type);
   for (unsigned k = 0; k < st->num_leaves; k++) {
      struct lower_leaf *lf = &st->leaves[k];
      const char *name = ir_name(l, st->name, lv[k].suffix, false);
      if (glsl_type_is_sampler(lv[k].piece)) {
         enum ir_tex_target target = IR_TEX_2D;
         glsl_type_ir_tex_target(lv[k].piece, &target);
         enum ir_base_type base = lv[k].piece->sampled_base == GLSL_TYPE_INT ? IR_INT :
                                  lv[k].piece->sampled_base == GLSL_TYPE_UINT ? IR_UINT :
                                  IR_FLOAT;
         lf->elem_vars = glsl_alloc_array(l->a, lf->elems, sizeof *lf->elem_vars);
         for (unsigned e = 0; e < lf->elems; e++) {
            struct ir_var *v = ir_var_create(l->s, IR_VAR_SAMPLER, ir_type_make(base, 4), 0,
                                             lv[k].is_array ? glsl_printf(l->a, "%s_%u", name, e)
                                                            : name);
            v->target = target;
            v->shadow = lv[k].piece->sampler_shadow;
            v->binding = g->leaf_offset[k] + e;
            lf->elem_vars[e] = v;
         }
         continue;
      }
      struct ir_type t = piece_ir_type(lv[k].piece);
      if (t.base == IR_BOOL) {
         t.base = IR_INT;
         lf->bool_as_int = true;
      }
      lf->var = ir_var_create(l->s, IR_VAR_UNIFORM, t, lv[k].is_array ? lv[k].elems : 0, name);
      lf->var->cbuf = GLSL_CBUF_UNIFORMS;
      lf->var->offset = g->leaf_offset[k];
   }
}

static enum ir_interp
interp_of(const struct glsl_variable *v)
{
   if (v->interp == GLSL_INTERP_FLAT)
      return IR_INTERP_FLAT;
   if (v->interp == GLSL_INTERP_NOPERSPECTIVE)
      return IR_INTERP_NOPERSPECTIVE;
   if (v->centroid)
      return IR_INTERP_CENTROID;
   return IR_INTERP_SMOOTH;
}

/* The varying the linker placed under this name, written by producer. */
static const struct glsl_link_global *
find_varying(struct lower *l, const char *name, enum glsl_stage producer)
{
   for (unsigned i = 0; i < l->in->num_globals; i++)
      if (l->in->globals[i].kind == GLSL_LINK_VARYING && l->in->globals[i].producer == producer &&
          !strcmp(l->in->globals[i].name, name))
         return &l->in->globals[i];
   return NULL;
}

/* The interpolation of an in/out block member (the member's qualifiers). */
static enum ir_interp
field_interp(const struct glsl_struct_field *f)
{
   switch (f->qualifiers & GLSL_FIELD_INTERP_MASK) {
   case GLSL_INTERP_FLAT: return IR_INTERP_FLAT;
   case GLSL_INTERP_NOPERSPECTIVE: return IR_INTERP_NOPERSPECTIVE;
   default: return (f->qualifiers & GLSL_FIELD_CENTROID) ? IR_INTERP_CENTROID : IR_INTERP_SMOOTH;
   }
}

/* Where a leaf of input or output v lives: a semantic and location (a
 * built-in's, the linker's for a varying, a fragment output's colour
 * number), whether it is a user attribute (one IR variable per column,
 * generic numbers), and its interpolation.  member: the block member an
 * instance block's leaf is in; slot: the leaf's first location within
 * the varying (or block member) it is part of (io_leaves).  False after
 * an error. */
static bool
io_place(struct lower *l, const struct glsl_variable *v, unsigned member, unsigned slot,
         bool output, enum ir_semantic *sem, int *loc, bool *attrib,
         enum ir_interp *interp, bool *interp_explicit)
{
   enum glsl_stage stage = l->in->stage;
   *sem = IR_SEM_GENERIC;
   *loc = 0;
   *attrib = false;
   *interp = interp_of(v);
   *interp_explicit = v->interp != GLSL_INTERP_NONE;
   /* the member of a block a leaf is in (members are one leaf each) */
   const struct glsl_type *block = v->block;
   const struct glsl_struct_field *field = NULL;
   if (block && v->block_member >= 0)
      field = &block->fields[v->block_member];
   else if (block && member < block->num_fields)
      field = &block->fields[member];
   if (block && v->block_member < 0 && field) {
      *interp = field_interp(field);
      *interp_explicit = (field->qualifiers & GLSL_FIELD_INTERP_MASK) != GLSL_INTERP_NONE;
   }
   if (v->builtin) {
      /* gl_in[]'s members by name, the rest by the variable's */
      const char *name = block && field ? field->name : v->name;
      const struct builtin_io *io = find_builtin_io(stage, name, output);
      int tc = multitexcoord(v->name);
      if (io) {
         *sem = io->sem;
         *loc = io->location;
         /* gl_FragCoord's conventions (GL_ARB_fragment_coord_conventions) */
         if (*sem == IR_SEM_FRAG_COORD)
            *loc = ((v->frag_coord_layout & GLSL_FRAG_COORD_UPPER_LEFT) ? IR_FRAG_COORD_UPPER_LEFT : 0) |
                   ((v->frag_coord_layout & GLSL_FRAG_COORD_INTEGER) ? IR_FRAG_COORD_INTEGER : 0);
      } else if (tc >= 0 && !output && stage == GLSL_STAGE_VERTEX) {
         *loc = GLSL_FF_ATTRIB_TEX0 + tc;
      } else {
         lower_error(l, "the built-in variable '%s' is not supported", name);
         return false;
      }
      return true;
   }
   if (output && stage == GLSL_STAGE_FRAGMENT) {
      /* a user-defined fragment output: the colour number the linker gave
       * it (link_frag_outputs), else the draw buffer its layout(location)
       * names, else 0; an array takes the buffers from there on */
      const struct glsl_link_global *g = find_link_global(l, v->name, GLSL_LINK_FRAG_OUTPUT);
      *loc = g && g->location >= 0 ? g->location
             : v->explicit_location ? (int)v->explicit_location - 1 : 0;
      /* layout(index = 1): the second colour, the output at location 1
       * (the IR's convention, as gl_SecondaryFragColorEXT's) */
      if (v->explicit_index == 2 || (g && g->frag_index == 1))
         *loc = 1;
      unsigned n = glsl_type_is_array(v->type) ? (unsigned)v->type->length : 1;
      if ((unsigned)*loc + n > l->in->opts->max_draw_buffers) {
         lower_error(l, "fragment output '%s' at location %d: there are %u draw buffers",
                     v->name, *loc, l->in->opts->max_draw_buffers);
         *loc = 0;
      }
      return true;
   }
   if (!output && stage == GLSL_STAGE_VERTEX) {
      const struct glsl_link_global *g = find_link_global(l, v->name, GLSL_LINK_ATTRIBUTE);
      if (!g) {
         lower_error(l, "no location for '%s'", v->name);
         return false;
      }
      *attrib = true;
      *loc = g->location;
      return true;
   }
   /* a varying: by its name, a block member by "Block.member" */
   const char *key = block && field ? glsl_printf(l->a, "%s.%s", block->name, field->name)
                                    : v->name;
   const struct glsl_link_global *g =
      find_varying(l, key, output ? stage : l->in->prev_stage);
   if (!g) {
      lower_error(l, "no location for '%s'", key);
      return false;
   }
   *loc = g->location + (int)slot;
   return true;
}

/* Inputs and outputs: built-ins at their semantics and fixed-function
 * locations, user attributes at their generic numbers (one variable per
 * matrix column), user varyings at the linker's locations; one IR
 * variable per leaf (the members of an in/out block, gl_in[]'s, the
 * members of a struct varying).  A varying's leaves follow each other
 * from its location on, each taking a location per element
 * (glsl_leaf_slot: transform feedback finds them there).  A
 * geometry shader's inputs are arrays of one element per vertex (the
 * elements of one vertex's value after each other: docs/ir.md). */
static void
io_leaves(struct lower *l, struct storage *st, const struct glsl_variable *v, bool output)
{
   enum ir_var_mode mode = output ? IR_VAR_OUTPUT : IR_VAR_INPUT;
   struct glsl_leaf *lv = glsl_leaves(l->a, st->type);
   const struct glsl_type *bt = glsl_type_without_array(v->type);
   bool block_leaves = v->block && v->block_member < 0 && glsl_type_is_interface(bt);
   bool per_vertex = l->in->stage == GLSL_STAGE_GEOMETRY && !output &&
                     glsl_type_is_array(v->type);
   /* structs are varyings only (not vertex inputs, fragment outputs or
    * built-ins) */
   if (st->num_leaves != 1 && !block_leaves &&
       (v->builtin || (!output && l->in->stage == GLSL_STAGE_VERTEX) ||
        (output && l->in->stage == GLSL_STAGE_FRAGMENT))) {
      lower_error(l, "'%s': inputs and outputs of this type are not supported", v->name);
      simple_leaves(l, st, IR_VAR_LOCAL, true);
      return;
   }
   /* the block member each leaf is in, and the leaf's first location
    * within that member (or the variable): the elements of the leaves
    * before it in the member (a geometry shader input's per vertex) */
   unsigned member = 0, member_leaves = block_leaves && bt->num_fields ?
                                        glsl_leaf_count(bt->fields[0].type) : st->num_leaves;
   unsigned first_leaf = 0, slot = 0;
   unsigned vertices = per_vertex && v->type->length > 0 ? (unsigned)v->type->length : 1;
   for (unsigned k = 0; k < st->num_leaves; k++) {
      struct lower_leaf *lf = &st->leaves[k];
      while (block_leaves && k >= first_leaf + member_leaves && member + 1 < bt->num_fields) {
         first_leaf += member_leaves;
         member_leaves = glsl_leaf_count(bt->fields[++member].type);
         slot = 0;
      }
      unsigned leaf_slot = slot;
      slot += lv[k].elems / vertices;
      if (glsl_type_is_opaque(lv[k].piece)) {
         lower_error(l, "'%s': inputs and outputs of this type are not supported", v->name);
         continue;
      }
      enum ir_semantic sem;
      int loc;
      bool attrib, explicit_interp;
      enum ir_interp interp;
      if (!io_place(l, v, member, leaf_slot, output, &sem, &loc, &attrib, &interp,
                    &explicit_interp))
         continue;
      struct ir_type t = piece_ir_type(lf->piece);
      if (attrib) {
         /* generic attribute n at GLSL_ATTRIB_GENERIC0 + n, except 0 (gl_Vertex's) */
         lf->elem_vars = glsl_alloc_array(l->a, lf->elems, sizeof *lf->elem_vars);
         for (unsigned e = 0; e < lf->elems; e++) {
            int n = loc + (int)e;
            struct ir_var *iv = ir_var_create(l->s, mode, t, 0,
                                              lv[k].is_array ? glsl_printf(l->a, "%s_%u", v->name, e)
                                                             : v->name);
            iv->location = n == 0 ? GLSL_ATTRIB_CONVENTIONAL : GLSL_ATTRIB_GENERIC0 + n;
            lf->elem_vars[e] = iv;
         }
         continue;
      }
      lf->var = ir_var_create(l->s, mode, t, lv[k].is_array ? lf->elems : 0,
                              ir_name(l, v->name, lv[k].suffix, false));
      lf->var->semantic = sem;
      lf->var->location = loc;
      if (!output || l->in->stage != GLSL_STAGE_FRAGMENT) {
         /* integers are never interpolated (gl_PrimitiveID, gl_Layer) */
         lf->var->interp = t.base == IR_INT || t.base == IR_UINT ? IR_INTERP_FLAT : interp;
         lf->var->interp_explicit = explicit_interp;
      }
   }
}

/* A uniform block's instance, or a member of a block without instance
 * name: read with load_cbuf from the block's constant buffer at the std140
 * offsets (shared and packed blocks are laid out as std140). */
static struct storage *
ubo_storage(struct lower *l, const struct glsl_variable *v)
{
   struct storage *st = glsl_alloc(l->a, sizeof *st);
   st->name = v->name;
   st->type = v->type;
   st->kind = STORAGE_UBO;
   st->cbuf = -1;
   for (unsigned i = 0; i < l->in->num_blocks; i++)
      if (!strcmp(l->in->blocks[i].name, v->block->name))
         st->cbuf = l->in->blocks[i].cbuf;
   if (st->cbuf < 0)
      lower_error(l, "uniform block '%s' has no constant buffer", v->block->name);
   if (v->block_member >= 0) {
      const struct glsl_struct_field *f = &v->block->fields[v->block_member];
      st->ubo_offset = (unsigned)glsl_type_std_offset(v->block, (unsigned)v->block_member,
                                                      GLSL_PACKING_STD140, false);
      st->ubo_row_major = f->matrix_layout == GLSL_MATRIX_LAYOUT_INHERIT
                             ? v->block->matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR
                             : f->matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR;
   }
   return st;
}

struct storage *
lower_var_storage(struct lower *l, const struct glsl_variable *v)
{
   bool global = v->mode != GLSL_VAR_LOCAL && v->mode != GLSL_VAR_PARAM;
   if (global) {
      for (struct storage *st = l->globals; st; st = st->next)
         if (!strcmp(st->name, v->name))
            return st;
   } else {
      for (struct storage *st = l->locals; st; st = st->next)
         if (st->var == v)
            return st;
   }
   struct storage *st;
   if (glsl_type_is_unsized_array(v->type)) {
      /* gl_TexCoord[] not redeclared: as many as the context has; a
       * geometry shader input: one element per vertex of the stage's
       * input primitive */
      unsigned n = !strcmp(v->name, "gl_TexCoord") ? l->in->opts->max_texture_coords : 1;
      if (l->in->stage == GLSL_STAGE_GEOMETRY && v->mode == GLSL_VAR_IN)
         n = glsl_gs_prim_vertices((enum glsl_gs_prim)l->in->gs_input_prim);
      struct glsl_variable *sized = glsl_alloc(l->a, sizeof *sized);
      *sized = *v;
      sized->type = glsl_type_array(l->a, v->type->element, n ? (int)n : 1);
      v = sized;
   }
   switch (v->mode) {
   case GLSL_VAR_UNIFORM:
      if (v->block) {
         st = ubo_storage(l, v);
      } else if (v->builtin) {
         st = storage_new(l, v->name, v->type, STORAGE_STATE);
         state_leaves(l, st);
      } else {
         st = storage_new(l, v->name, v->type, STORAGE_UNIFORM);
         const struct glsl_link_global *g = find_link_global(l, v->name, GLSL_LINK_UNIFORM);
         if (g)
            uniform_leaves(l, st, g);
         else {
            lower_error(l, "uniform '%s' has no storage", v->name);
            simple_leaves(l, st, IR_VAR_LOCAL, true);
         }
      }
      break;
   case GLSL_VAR_IN:
      st = storage_new(l, v->name, v->type, STORAGE_INPUT);
      io_leaves(l, st, v, false);
      break;
   case GLSL_VAR_OUT:
      st = storage_new(l, v->name, v->type, STORAGE_OUTPUT);
      io_leaves(l, st, v, true);
      break;
   default:
      st = storage_new(l, v->name, v->type, STORAGE_LOCAL);
      simple_leaves(l, st, IR_VAR_LOCAL, !global);
      break;
   }
   st->var = v;
   if (global) {
      st->next = l->globals;
      l->globals = st;
   } else {
      st->next = l->locals;
      l->locals = st;
   }
   return st;
}

/* ---- places ----------------------------------------------------------- */

struct ir_instr *
lower_idx_value(struct lower *l, struct idx i)
{
   if (!i.dyn)
      return ir_build_imm_int(&l->b, i.k);
   if (!i.k)
      return i.dyn;
   return ir_build_iadd(&l->b, i.dyn, ir_build_imm_int(&l->b, i.k));
}

/* i * n (the dynamic part multiplied once) */
static struct idx
idx_mul(struct lower *l, struct idx i, unsigned n)
{
   struct idx r = { NULL, i.k * (int)n };
   if (i.dyn)
      r.dyn = n == 1 ? i.dyn : ir_build_imul(&l->b, i.dyn, ir_build_imm_int(&l->b, (int32_t)n));
   return r;
}

struct ref
ref_of_storage(struct storage *st)
{
   if (st->kind == STORAGE_ALIAS && st->alias)
      return *st->alias;   /* the caller's place */
   struct ref r = { st, st->type, 0, { NULL, 0 }, 0, { NULL, 0 }, false, 0 };
   if (st->kind == STORAGE_UBO) {
      r.cbuf = st->cbuf;
      r.off.k = (int)st->ubo_offset;
      r.row_major = st->ubo_row_major;
   }
   return r;
}

/* off + i * n */
static struct idx
idx_add_scaled(struct lower *l, struct idx off, struct idx i, unsigned n)
{
   struct idx r = idx_mul(l, i, n);
   r.k += off.k;
   if (off.dyn)
      r.dyn = r.dyn ? ir_build_iadd(&l->b, r.dyn, off.dyn) : off.dyn;
   return r;
}

/* r[i] in a uniform block: an element of an array of blocks is the next
 * constant buffer (constant indices only before GLSL 4.00: sema); other
 * arrays and matrices step by their std140 strides */
static struct ref
ubo_index(struct lower *l, struct ref r, struct idx i)
{
   if (glsl_type_is_array(r.type) && glsl_type_is_interface(r.type->element)) {
      if (i.dyn)
         lower_error(l, "arrays of uniform blocks may only be indexed by constant expressions");
      r.cbuf += i.k;
      r.type = r.type->element;
      return r;
   }
   if (glsl_type_is_array(r.type)) {
      unsigned stride = (unsigned)glsl_type_std_array_stride(r.type, GLSL_PACKING_STD140,
                                                             r.row_major);
      r.off = idx_add_scaled(l, r.off, i, stride);
      r.type = r.type->element;
      return r;
   }
   /* a matrix's column: column-major columns are vectors matrix-stride
    * apart; a row-major column's components are matrix-stride apart */
   unsigned mstride = glsl_type_std_matrix_stride(r.type, GLSL_PACKING_STD140, r.row_major);
   if (r.row_major) {
      r.off = idx_add_scaled(l, r.off, i, 4);
      r.comp_stride = mstride;
   } else {
      r.off = idx_add_scaled(l, r.off, i, mstride);
   }
   r.type = glsl_type_column_type(r.type);
   return r;
}

/* r[i]: an array's element or a matrix's column */
struct ref
ref_index(struct lower *l, struct ref r, struct idx i)
{
   if (r.st->kind == STORAGE_UBO)
      return ubo_index(l, r, i);
   unsigned n = glsl_type_is_array(r.type) ? (unsigned)r.type->length : r.type->matrix_columns;
   struct idx base = idx_mul(l, r.index, n);
   base.k += i.k;
   if (i.dyn)
      base.dyn = base.dyn ? ir_build_iadd(&l->b, base.dyn, i.dyn) : i.dyn;
   r.index = base;
   r.type = glsl_type_is_array(r.type) ? r.type->element : glsl_type_column_type(r.type);
   return r;
}

struct ref
ref_field(struct lower *l, struct ref r, unsigned field)
{
   (void)l;
   if (r.st->kind == STORAGE_UBO) {
      const struct glsl_struct_field *f = &r.type->fields[field];
      bool parent_rm = r.row_major;
      if (glsl_type_is_interface(r.type)) {
         parent_rm = r.type->matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR;
         r.off.k += (int)glsl_type_std_offset(r.type, field, GLSL_PACKING_STD140, false);
      } else {
         r.off.k += (int)glsl_type_std_offset(r.type, field, GLSL_PACKING_STD140, r.row_major);
      }
      r.row_major = f->matrix_layout == GLSL_MATRIX_LAYOUT_INHERIT
                       ? parent_rm : f->matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR;
      r.type = f->type;
      return r;
   }
   for (unsigned i = 0; i < field; i++)
      r.leaf += glsl_leaf_count(r.type->fields[i].type);
   r.type = r.type->fields[field].type;
   return r;
}

/* Walks the pieces of a ref: fn(leaf, index of the piece). */
typedef void (*piece_fn)(struct lower *l, struct lower_leaf *lf, struct idx index, void *data);

static void
walk(struct lower *l, struct storage *st, const struct glsl_type *t, unsigned leaf,
     struct idx index, piece_fn fn, void *data)
{
   if (glsl_type_is_array(t)) {
      struct idx base = idx_mul(l, index, (unsigned)t->length);
      for (int i = 0; i < t->length; i++) {
         struct idx e = { base.dyn, base.k + i };
         walk(l, st, t->element, leaf, e, fn, data);
      }
   } else if (glsl_type_is_struct(t) || glsl_type_is_interface(t)) {
      for (unsigned f = 0; f < t->num_fields; f++) {
         walk(l, st, t->fields[f].type, leaf, index, fn, data);
         leaf += glsl_leaf_count(t->fields[f].type);
      }
   } else if (glsl_type_is_matrix(t)) {
      struct idx base = idx_mul(l, index, t->matrix_columns);
      for (unsigned c = 0; c < t->matrix_columns; c++) {
         struct idx e = { base.dyn, base.k + (int)c };
         fn(l, &st->leaves[leaf], e, data);
      }
   } else {
      fn(l, &st->leaves[leaf], index, data);
   }
}

struct piece_list {
   struct ir_instr **v;
   unsigned n;
};

static struct ir_instr *
select_chain(struct lower *l, struct ir_instr *index, struct ir_instr *const *vals, unsigned n)
{
   struct ir_instr *r = vals[n - 1];
   for (unsigned i = n - 1; i-- > 0;) {
      struct ir_instr *eq = ir_build_ieq(&l->b, index, ir_build_imm_int(&l->b, (int32_t)i));
      r = ir_build_select(&l->b, eq, vals[i], r);
   }
   return r;
}

static struct ir_instr *
leaf_load(struct lower *l, struct lower_leaf *lf, struct idx index)
{
   struct ir_instr *v;
   if (lf->elem_vars) {
      if (glsl_type_is_opaque(lf->piece))
         return ir_build_undef(&l->b, ir_type_make(IR_FLOAT, 4));
      if (!index.dyn) {
         unsigned e = index.k >= 0 && (unsigned)index.k < lf->elems ? (unsigned)index.k : 0;
         v = ir_build_load_var(&l->b, lf->elem_vars[e], NULL, 0);
      } else {
         struct ir_instr **all = glsl_alloc_array(l->a, lf->elems, sizeof *all);
         for (unsigned e = 0; e < lf->elems; e++)
            all[e] = ir_build_load_var(&l->b, lf->elem_vars[e], NULL, 0);
         v = select_chain(l, lower_idx_value(l, index), all, lf->elems);
      }
   } else if (!lf->var) {
      return ir_build_undef(&l->b, piece_ir_type(lf->piece));
   } else if (!lf->var->array_len) {
      v = ir_build_load_var(&l->b, lf->var, NULL, 0);
   } else if (index.dyn) {
      v = ir_build_load_var(&l->b, lf->var, lower_idx_value(l, index), 0);
   } else {
      unsigned e = index.k >= 0 && (unsigned)index.k < lf->var->array_len ? (unsigned)index.k : 0;
      v = ir_build_load_var(&l->b, lf->var, NULL, e);
   }
   struct ir_type pt = piece_ir_type(lf->piece);
   if (v->type.comps != pt.comps) {
      uint8_t swz[4];
      for (unsigned c = 0; c < pt.comps; c++)
         swz[c] = (uint8_t)(lf->state_comp + c);
      v = ir_build_swizzle(&l->b, v, swz, pt.comps);
   }
   if (lf->bool_as_int)
      v = ir_build_i2b(&l->b, v);
   return v;
}

static void
load_piece(struct lower *l, struct lower_leaf *lf, struct idx index, void *data)
{
   struct piece_list *pl = data;
   pl->v[pl->n++] = leaf_load(l, lf, index);
}

/* One scalar or vector of a uniform block: load_cbuf (bools are 32-bit
 * integers, true when non-zero) */
static struct ir_instr *
ubo_load_vector(struct lower *l, const struct ref *r)
{
   struct ir_type t;
   glsl_type_to_ir(r->type, &t);
   bool is_bool = t.base == IR_BOOL;
   if (is_bool)
      t.base = IR_INT;
   struct ir_instr *v;
   if (!r->comp_stride || t.comps == 1) {
      struct ir_instr *off = ir_build_i2u(&l->b, lower_idx_value(l, r->off));
      v = ir_build_load_cbuf(&l->b, t, (unsigned)(r->cbuf < 0 ? 0 : r->cbuf), off);
   } else {
      struct ir_instr *c[4];
      struct ir_type ct = t;
      ct.comps = 1;
      for (unsigned k = 0; k < t.comps; k++) {
         struct idx o = r->off;
         o.k += (int)(k * r->comp_stride);
         c[k] = ir_build_load_cbuf(&l->b, ct, (unsigned)(r->cbuf < 0 ? 0 : r->cbuf),
                                   ir_build_i2u(&l->b, lower_idx_value(l, o)));
      }
      v = ir_build_vec(&l->b, c, t.comps);
   }
   if (is_bool) {
      struct ir_instr *zero[4];
      for (unsigned k = 0; k < t.comps; k++)
         zero[k] = ir_build_imm_int(&l->b, 0);
      v = ir_build_ine(&l->b, v, t.comps == 1 ? zero[0] : ir_build_vec(&l->b, zero, t.comps));
   }
   return v;
}

static void
ubo_load(struct lower *l, struct ref r, struct piece_list *pl)
{
   const struct glsl_type *t = r.type;
   if (glsl_type_is_array(t) || glsl_type_is_matrix(t)) {
      unsigned n = glsl_type_is_array(t) ? (unsigned)t->length : t->matrix_columns;
      for (unsigned i = 0; i < n; i++)
         ubo_load(l, ubo_index(l, r, (struct idx){ NULL, (int)i }), pl);
   } else if (glsl_type_is_struct(t) || glsl_type_is_interface(t)) {
      for (unsigned f = 0; f < t->num_fields; f++)
         ubo_load(l, ref_field(l, r, f), pl);
   } else {
      pl->v[pl->n++] = ubo_load_vector(l, &r);
   }
}

struct val
ref_load(struct lower *l, struct ref r)
{
   if (r.st->kind == STORAGE_UBO) {
      struct val v = val_new(l, r.type, type_pieces(r.type));
      struct piece_list pl = { v.c, 0 };
      ubo_load(l, r, &pl);
      return v;
   }
   struct val v = val_new(l, r.type, type_pieces(r.type));
   struct piece_list pl = { v.c, 0 };
   walk(l, r.st, r.type, r.leaf, r.index, load_piece, &pl);
   return v;
}

static void
store_piece(struct lower *l, struct lower_leaf *lf, struct idx index, void *data)
{
   struct piece_list *pl = data;
   struct ir_instr *v = pl->v[pl->n++];
   if (lf->elem_vars || !lf->var)
      return;   /* read-only storage (sema refuses such writes) */
   if (lf->var->mode != IR_VAR_LOCAL && lf->var->mode != IR_VAR_OUTPUT)
      return;
   if (!lf->var->array_len)
      ir_build_store_var(&l->b, lf->var, NULL, 0, v);
   else if (index.dyn)
      ir_build_store_var(&l->b, lf->var, lower_idx_value(l, index), 0, v);
   else if (index.k >= 0 && (unsigned)index.k < lf->var->array_len)
      ir_build_store_var(&l->b, lf->var, NULL, (unsigned)index.k, v);
}

void
ref_store(struct lower *l, struct ref r, struct val v)
{
   if (r.st->kind == STORAGE_UBO)
      return;   /* read-only (sema refuses such writes) */
   struct piece_list pl = { v.c, 0 };
   walk(l, r.st, r.type, r.leaf, r.index, store_piece, &pl);
}

/* A texture lookup's sampler array indexed by a non-constant expression:
 * its elements and the index value (NULL: not such a ref).  GLSL 1.10/1.20
 * ask for constant indices, but programs index sampler arrays by loop
 * counters that a compiler's unrolling makes constant (Mesa's drivers
 * accept them; piglit's max-samplers does that); lower_texture looks up
 * every element and selects by the index. */
struct ir_var *const *
ref_sampler_elements(struct lower *l, struct ref r, unsigned *n, struct ir_instr **index)
{
   struct lower_leaf *lf = &r.st->leaves[r.leaf];
   if (!r.index.dyn || !lf->elem_vars || !glsl_type_is_sampler(lf->piece) || !lf->elems)
      return NULL;
   *n = lf->elems;
   *index = lower_idx_value(l, r.index);
   return lf->elem_vars;
}

/* The sampler a ref names (samplers are indexed by constants only). */
struct ir_var *
ref_sampler(struct lower *l, struct ref r)
{
   struct lower_leaf *lf = &r.st->leaves[r.leaf];
   if (!lf->elem_vars || !glsl_type_is_sampler(lf->piece)) {
      lower_error(l, "a sampler must be a uniform (or a parameter bound to one)");
      return NULL;
   }
   if (r.index.dyn) {
      lower_error(l, "arrays of samplers may only be indexed by constant expressions");
      return NULL;
   }
   unsigned e = r.index.k >= 0 && (unsigned)r.index.k < lf->elems ? (unsigned)r.index.k : 0;
   return lf->elem_vars[e];
}

/* ---- statements ------------------------------------------------------- */

/* Emitting after a jump would put instructions behind a terminator: the
 * rest of the block is dead and skipped. */
static void
jump(struct lower *l, enum ir_op op)
{
   if (op == IR_OP_break)
      ir_build_break(&l->b);
   else if (op == IR_OP_continue)
      ir_build_continue(&l->b);
   else if (op == IR_OP_discard)
      ir_build_discard(&l->b, NULL);
   l->dead = true;
}

static void
lower_decl(struct lower *l, const struct glsl_ast_decl *d)
{
   if (d->kind != GLSL_DECL_VARIABLES)
      return;
   for (const struct glsl_ast_declarator *dc = d->declarators; dc; dc = dc->next) {
      if (!dc->var)
         continue;
      struct storage *st = lower_var_storage(l, dc->var);
      if (dc->init) {
         l->feeds_half = lower_var_holds_half(l, dc->var);
         struct val v = lower_expr(l, dc->init);
         ref_store(l, ref_of_storage(st), lower_convert(l, v, st->type));
      }
   }
}

/* then/else bodies of an if: the builder goes into each, then after */
static void
lower_if(struct lower *l, const struct glsl_ast_stmt *st)
{
   struct ir_instr *c = lower_bool(l, st->expr);
   struct ir_instr *iff = ir_build_if(&l->b, c);
   ir_builder_at_end(&l->b, iff->u.cif.then_body);
   lower_stmt(l, st->then_);
   l->dead = false;
   if (st->else_) {
      ir_builder_at_end(&l->b, iff->u.cif.else_body);
      lower_stmt(l, st->else_);
      l->dead = false;
   }
   ir_builder_after(&l->b, iff);
}

/* if (!cond) break; */
static void
break_unless(struct lower *l, const struct glsl_ast_expr *cond)
{
   struct ir_instr *c = lower_bool(l, cond);
   struct ir_instr *iff = ir_build_if(&l->b, c);
   ir_builder_at_end(&l->b, iff->u.cif.else_body);
   ir_build_break(&l->b);
   ir_builder_after(&l->b, iff);
}

static void
lower_loop(struct lower *l, const struct glsl_ast_stmt *st)
{
   if (st->kind == GLSL_STMT_FOR && st->init)
      lower_stmt(l, st->init);
   if (l->dead)
      return;
   struct loop_ctx ctx = { NULL, NULL, NULL, l->loop };
   if (st->kind == GLSL_STMT_FOR)
      ctx.iter = st->iter;
   if (st->kind == GLSL_STMT_DO)
      ctx.do_cond = st->expr;
   struct ir_instr *loop = ir_build_loop(&l->b);
   ir_builder_at_end(&l->b, loop->u.loop.body);
   l->loop = &ctx;
   if (st->kind != GLSL_STMT_DO) {
      if (st->decl) {
         /* while (bool b = e): declared and tested on each iteration */
         lower_decl(l, st->decl);
         const struct glsl_ast_declarator *dc = st->decl->declarators;
         if (dc && dc->var) {
            struct val v = ref_load(l, ref_of_storage(lower_var_storage(l, dc->var)));
            struct ir_instr *iff = ir_build_if(&l->b, v.c[0]);
            ir_builder_at_end(&l->b, iff->u.cif.else_body);
            ir_build_break(&l->b);
            ir_builder_after(&l->b, iff);
         }
      } else if (st->expr) {
         break_unless(l, st->expr);
      }
   }
   lower_stmt(l, st->body);
   if (!l->dead) {
      if (st->kind == GLSL_STMT_DO)
         break_unless(l, st->expr);
      else if (st->iter)
         lower_expr(l, st->iter);
   }
   l->dead = false;
   l->loop = ctx.outer;
   ir_builder_after(&l->b, loop);
}

static void lower_return(struct lower *l, const struct glsl_ast_stmt *st);

/* continue: the for loop's iteration expression, the do-while's test,
 * then the jump; inside a switch, out of the switch first */
static void
lower_continue(struct lower *l)
{
   if (l->loop && l->loop->cont) {
      ir_build_store_var(&l->b, l->loop->cont, NULL, 0, ir_build_imm_bool(&l->b, true));
      jump(l, IR_OP_break);
      return;
   }
   if (l->loop && l->loop->iter)
      lower_expr(l, l->loop->iter);
   if (l->loop && l->loop->do_cond)
      break_unless(l, l->loop->do_cond);
   jump(l, IR_OP_continue);
}

/*
 * switch (GLSL 1.30 6.2): a loop that runs once, so that break leaves it.
 * Each run of labels starts an if taken when a label equals the selector,
 * when an earlier section fell through (the local 'fell') or, for default,
 * when no label matches; the section's statements follow in it.
 */
static void
lower_switch(struct lower *l, const struct glsl_ast_stmt *st)
{
   struct ir_instr *sel = lower_expr(l, st->expr).c[0];
   if (!sel || l->failed)
      return;
   bool is_uint = sel->type.base == IR_UINT;
   const struct glsl_ast_stmt *body = st->body;
   struct ir_instr *any = NULL;   /* some label matches */
   for (const struct glsl_ast_stmt *c = body->body; c; c = c->next) {
      if (c->kind != GLSL_STMT_CASE || !c->expr->constant)
         continue;
      uint32_t v = c->expr->constant->v[0].u;
      struct ir_instr *eq = ir_build_ieq(&l->b, sel, is_uint ? ir_build_imm_uint(&l->b, v)
                                                            : ir_build_imm_int(&l->b, (int32_t)v));
      any = any ? ir_build_bor(&l->b, any, eq) : eq;
   }
   struct ir_type tb = ir_type_make(IR_BOOL, 1);
   struct ir_var *fell = ir_var_create(l->s, IR_VAR_LOCAL, tb, 0,
                                       ir_name(l, "switch_fell", "", true));
   ir_build_store_var(&l->b, fell, NULL, 0, ir_build_imm_bool(&l->b, false));
   struct loop_ctx ctx = { NULL, NULL, NULL, l->loop };
   if (l->loop) {
      ctx.cont = ir_var_create(l->s, IR_VAR_LOCAL, tb, 0, ir_name(l, "switch_cont", "", true));
      ir_build_store_var(&l->b, ctx.cont, NULL, 0, ir_build_imm_bool(&l->b, false));
   }
   struct ir_instr *loop = ir_build_loop(&l->b);
   ir_builder_at_end(&l->b, loop->u.loop.body);
   l->loop = &ctx;
   const struct glsl_ast_stmt *c = body->body;
   while (c && !l->failed) {
      struct ir_instr *cond = ir_build_load_var(&l->b, fell, NULL, 0);
      for (; c && (c->kind == GLSL_STMT_CASE || c->kind == GLSL_STMT_DEFAULT); c = c->next) {
         struct ir_instr *hit;
         if (c->kind == GLSL_STMT_DEFAULT) {
            hit = any ? ir_build_bnot(&l->b, any) : ir_build_imm_bool(&l->b, true);
         } else if (c->expr->constant) {
            uint32_t v = c->expr->constant->v[0].u;
            hit = ir_build_ieq(&l->b, sel, is_uint ? ir_build_imm_uint(&l->b, v)
                                                   : ir_build_imm_int(&l->b, (int32_t)v));
         } else {
            continue;
         }
         cond = ir_build_bor(&l->b, cond, hit);
      }
      struct ir_instr *iff = ir_build_if(&l->b, cond);
      ir_builder_at_end(&l->b, iff->u.cif.then_body);
      ir_build_store_var(&l->b, fell, NULL, 0, ir_build_imm_bool(&l->b, true));
      for (; c && c->kind != GLSL_STMT_CASE && c->kind != GLSL_STMT_DEFAULT; c = c->next)
         lower_stmt(l, c);
      l->dead = false;
      ir_builder_after(&l->b, iff);
   }
   ir_build_break(&l->b);
   l->loop = ctx.outer;
   ir_builder_after(&l->b, loop);
   if (ctx.cont) {
      struct ir_instr *iff = ir_build_if(&l->b, ir_build_load_var(&l->b, ctx.cont, NULL, 0));
      ir_builder_at_end(&l->b, iff->u.cif.then_body);
      lower_continue(l);
      l->dead = false;
      ir_builder_after(&l->b, iff);
   }
}

void
lower_stmt(struct lower *l, const struct glsl_ast_stmt *st)
{
   if (!st || l->dead || l->failed)
      return;
   switch (st->kind) {
   case GLSL_STMT_COMPOUND:
      for (const struct glsl_ast_stmt *s = st->body; s && !l->dead; s = s->next)
         lower_stmt(l, s);
      break;
   case GLSL_STMT_DECL:
      lower_decl(l, st->decl);
      break;
   case GLSL_STMT_EXPR:
      if (st->expr)
         lower_expr(l, st->expr);
      break;
   case GLSL_STMT_IF:
      lower_if(l, st);
      break;
   case GLSL_STMT_WHILE:
   case GLSL_STMT_DO:
   case GLSL_STMT_FOR:
      lower_loop(l, st);
      break;
   case GLSL_STMT_CONTINUE:
      lower_continue(l);
      break;
   case GLSL_STMT_SWITCH:
      lower_switch(l, st);
      break;
   case GLSL_STMT_BREAK:
      jump(l, IR_OP_break);
      break;
   case GLSL_STMT_RETURN:
      lower_return(l, st);
      break;
   case GLSL_STMT_DISCARD:
      l->uses_discard = true;
      jump(l, IR_OP_discard);
      break;
   default:
      lower_error(l, "switch statements are not supported yet");
      break;
   }
}

/* ---- functions -------------------------------------------------------- */

/* Results of a scalar or vector type are IR return values; others
 * (matrices, structs, arrays) go through the function's result storage. */
static bool
ret_is_value(const struct glsl_type *t)
{
   return glsl_type_is_scalar(t) || glsl_type_is_vector(t);
}

static void
lower_return(struct lower *l, const struct glsl_ast_stmt *st)
{
   struct func_lowering *fl = l->fn;
   struct ir_instr *rv = NULL;
   if (st->expr) {
      struct val v = lower_convert(l, lower_expr(l, st->expr), fl->fn->ret);
      if (ret_is_value(fl->fn->ret))
         rv = v.c[0];
      else if (fl->ret)
         ref_store(l, ref_of_storage(fl->ret), v);
   }
   if (l->dead)
      return;
   ir_build_return(&l->b, rv);
   l->dead = true;
}

/* The definition of a function called in this stage: in the caller's
 * shader, or in another shader of the stage with the same name and
 * parameter types. */
static const struct glsl_function *
find_definition(struct lower *l, const struct glsl_function *fn)
{
   if (fn->definition)
      return fn;
   for (unsigned s = 0; s < l->in->num_shaders; s++) {
      const struct glsl_shader_info *info = l->in->shaders[s];
      for (unsigned i = 0; i < info->num_functions; i++) {
         const struct glsl_function *f = info->functions[i];
         if (!f->definition || strcmp(f->name, fn->name) || f->num_params != fn->num_params)
            continue;
         bool same = true;
         for (unsigned p = 0; p < f->num_params && same; p++)
            same = glsl_link_types_match(f->param_types[p], fn->param_types[p]);
         if (same)
            return f;
      }
   }
   return NULL;
}

static const char *
signature(struct lower *l, const struct glsl_function *fn)
{
   char *s = glsl_printf(l->a, "%s(", fn->name);
   for (unsigned i = 0; i < fn->num_params; i++)
      s = glsl_printf(l->a, "%s%s%s", s, i ? ", " : "", glsl_type_name(l->a, fn->param_types[i]));
   return glsl_printf(l->a, "%s)", s);
}

static void lower_function_body(struct lower *l, struct func_lowering *fl);

/* Two constant places of the same storage element. */
static bool
same_place(const struct ref *a, const struct ref *b)
{
   if (!a || !b)
      return a == b;
   return a->st == b->st && a->type == b->type && a->leaf == b->leaf &&
          a->index.k == b->index.k && a->cbuf == b->cbuf && a->off.k == b->off.k;
}

static struct func_lowering *
get_function(struct lower *l, const struct glsl_function *def, struct ir_var **samplers,
             struct ref **aliases)
{
   for (struct func_lowering *fl = l->funcs; fl; fl = fl->next) {
      if (fl->fn != def)
         continue;
      bool same = true;
      for (unsigned i = 0; i < def->num_params && same; i++) {
         same = (!fl->samplers || fl->samplers[i] == samplers[i]) &&
                (!fl->aliases || same_place(fl->aliases[i], aliases[i]));
      }
      if (same)
         return fl;
   }
   struct func_lowering *fl = glsl_alloc(l->a, sizeof *fl);
   fl->fn = def;
   fl->def = def->definition;
   fl->samplers = samplers;
   fl->aliases = aliases;
   fl->next = l->funcs;
   l->funcs = fl;
   lower_function_body(l, fl);
   return fl;
}

static bool
is_sampler_param(const struct glsl_type *t)
{
   return glsl_type_is_sampler(t);
}

/* An 'inout' fragment output's start value: element loc + e of a
 * LAST_FRAG_DATA input into element e of the output (io_place gave the
 * output its draw buffer) */
static void
lower_fetch_output(struct lower *l, const struct glsl_variable *v)
{
   struct storage *st = lower_var_storage(l, v);
   for (unsigned k = 0; k < st->num_leaves; k++) {
      struct lower_leaf *lf = &st->leaves[k];
      if (!lf->var || lf->var->location < 0)
         continue;
      unsigned loc = (unsigned)lf->var->location, n = lf->elems ? lf->elems : 1;
      struct ir_var *in = ir_var_create(l->s, IR_VAR_INPUT, lf->var->type, loc + n,
                                        ir_name(l, v->name, "_fetch", false));
      in->semantic = IR_SEM_LAST_FRAG_DATA;
      in->location = 0;
      in->interp = IR_INTERP_FLAT;
      for (unsigned e = 0; e < n; e++)
         ir_build_store_var(&l->b, lf->var, NULL, e, ir_build_load_var(&l->b, in, NULL, loc + e));
   }
}

static void
lower_function_body(struct lower *l, struct func_lowering *fl)
{
   const struct glsl_function *fn = fl->fn;
   /* the caller's state */
   struct ir_builder saved_b = l->b;
   bool saved_dead = l->dead;
   struct loop_ctx *saved_loop = l->loop;
   struct func_lowering *saved_fn = l->fn;

   bool is_main = !strcmp(fn->name, "main");
   if (++l->depth > GLSL_LOWER_MAX_CALL_DEPTH) {
      lower_error(l, "function calls nest more than %d deep", GLSL_LOWER_MAX_CALL_DEPTH);
      l->depth--;
      fl->ir = ir_function_create(l->s, glsl_printf(l->a, "%s_%u", fn->name, l->tmp_count++),
                                  ir_type_void());
      return;
   }
   struct ir_type rt = ret_is_value(fn->ret) ? piece_ir_type(fn->ret) : ir_type_void();
   const char *name = is_main ? "main" : glsl_printf(l->a, "%s_%u", fn->name, l->tmp_count++);
   fl->ir = ir_function_create(l->s, name, rt);
   fl->params = glsl_alloc_array(l->a, fn->num_params + 1, sizeof *fl->params);
   for (unsigned i = 0; i < fn->num_params; i++) {
      if (is_sampler_param(fn->param_types[i])) {
         struct storage *st = storage_new(l, "sampler", fn->param_types[i],
                                          STORAGE_SAMPLER_PARAM);
         st->leaves[0].elem_vars = glsl_alloc(l->a, sizeof(struct ir_var *));
         st->leaves[0].elem_vars[0] = fl->samplers ? fl->samplers[i] : NULL;
         st->var = fn->params[i];
         st->next = l->locals;
         l->locals = st;
         fl->params[i] = st;
      } else if (glsl_type_contains_opaque(fn->param_types[i])) {
         /* a struct or array holding samplers: the specialization reads the
          * caller's place itself (samplers exist only as uniforms and
          * parameters, so the argument is a uniform's part); a write to
          * the parameter would write that place */
         struct storage *st = storage_new(l, "param", fn->param_types[i], STORAGE_ALIAS);
         st->alias = fl->aliases ? fl->aliases[i] : NULL;
         st->var = fn->params[i];
         st->next = l->locals;
         l->locals = st;
         fl->params[i] = st;
         if (!st->alias)
            lower_error(l, "a struct or array argument holding samplers must name a uniform");
         else if (fn->params[i]->assigned)
            lower_error(l, "parameter '%s' holds samplers: assigning to it is not supported",
                        fn->params[i]->name);
      } else {
         fl->params[i] = lower_var_storage(l, fn->params[i]);
      }
   }
   if (!glsl_type_is_void(fn->ret) && !ret_is_value(fn->ret))
      fl->ret = lower_temp(l, fn->ret, glsl_printf(l->a, "%s_ret", fn->name));

   l->fn = fl;
   l->loop = NULL;
   l->dead = false;
   ir_builder_at_end(&l->b, fl->ir->body);
   if (is_main) {
      /* framebuffer-fetch outputs ('inout', EXT_shader_framebuffer_fetch)
       * start as the colour buffers' values: an IR_SEM_LAST_FRAG_DATA
       * input over the draw buffers up to the output's last (the driver
       * reads element n from colour buffer n) */
      for (unsigned s = 0; s < l->in->num_shaders; s++)
         for (const struct glsl_ast_decl *d = l->in->shaders[s]->unit->decls; d; d = d->next)
            if (d->kind == GLSL_DECL_VARIABLES)
               for (const struct glsl_ast_declarator *dc = d->declarators; dc; dc = dc->next)
                  if (dc->var && dc->var->mode == GLSL_VAR_OUT &&
                      dc->var->storage == GLSL_STORAGE_INOUT)
                     lower_fetch_output(l, dc->var);
      /* global initializers run first, in declaration order per shader */
      for (unsigned s = 0; s < l->in->num_shaders; s++)
         for (const struct glsl_ast_decl *d = l->in->shaders[s]->unit->decls; d; d = d->next)
            if (d->kind == GLSL_DECL_VARIABLES)
               for (const struct glsl_ast_declarator *dc = d->declarators; dc; dc = dc->next)
                  if (dc->init && dc->var && (dc->var->mode == GLSL_VAR_GLOBAL ||
                                              dc->var->mode == GLSL_VAR_OUT)) {
                     struct storage *st = lower_var_storage(l, dc->var);
                     l->feeds_half = lower_var_holds_half(l, dc->var);
                     struct val v = lower_expr(l, dc->init);
                     ref_store(l, ref_of_storage(st), lower_convert(l, v, st->type));
                  }
   }
   lower_stmt(l, fl->def->body);
   if (!l->dead) {
      if (rt.comps)
         ir_build_return(&l->b, ir_build_undef(&l->b, rt));
      else if (!is_main)
         ir_build_return(&l->b, NULL);
   }
   fl->done = true;
   /* callees finish first: this is the order the IR lists functions in */
   if (l->num_done == l->done_cap) {
      unsigned cap = l->done_cap ? 2 * l->done_cap : 16;
      l->done = glsl_realloc_array(l->a, l->done, l->num_done, cap, sizeof *l->done);
      l->done_cap = cap;
   }
   l->done[l->num_done++] = fl->ir;
   l->depth--;

   l->b = saved_b;
   l->dead = saved_dead;
   l->loop = saved_loop;
   l->fn = saved_fn;
}

/* A call: in arguments evaluated, out arguments' places taken, left to
 * right; copy in, call, copy out (GLSL 1.20 section 6.1.1). */
struct val
lower_call_user(struct lower *l, const struct glsl_ast_expr *e)
{
   const struct glsl_function *def = find_definition(l, e->fn);
   if (!def) {
      lower_error(l, "function '%s' is called but not defined", signature(l, e->fn));
      return val_new(l, e->type, 0);
   }
   unsigned n = def->num_params;
   struct val *in = glsl_alloc_array(l->a, n + 1, sizeof *in);
   struct lval *out = glsl_alloc_array(l->a, n + 1, sizeof *out);
   struct ir_var **samplers = NULL;
   struct ref **aliases = NULL;
   unsigned i = 0;
   for (const struct glsl_ast_arg *a = e->args; a && i < n; a = a->next, i++) {
      uint8_t dir = def->dirs[i];
      if (!is_sampler_param(def->param_types[i]) &&
          glsl_type_contains_opaque(def->param_types[i])) {
         /* a struct or array holding samplers: its place, by constants */
         struct lval lv;
         if (!aliases)
            aliases = glsl_alloc_array(l->a, n, sizeof *aliases);
         if (lower_place(l, a->expr, &lv) && !lv.swz_len && !lv.dyncomp && !lv.r.index.dyn &&
             !lv.r.off.dyn) {
            aliases[i] = glsl_alloc(l->a, sizeof *aliases[i]);
            *aliases[i] = lv.r;
         } else {
            lower_error(l, "a struct or array argument holding samplers must be a uniform "
                           "indexed by constants");
         }
         continue;
      }
      if (is_sampler_param(def->param_types[i])) {
         struct lval lv;
         if (!samplers)
            samplers = glsl_alloc_array(l->a, n, sizeof *samplers);
         if (lower_place(l, a->expr, &lv))
            samplers[i] = ref_sampler(l, lv.r);
         else
            lower_error(l, "a sampler argument must name a sampler");
         continue;
      }
      if (dir == GLSL_PARAM_OUT || dir == GLSL_PARAM_INOUT) {
         if (!lower_place(l, a->expr, &out[i])) {
            lower_error(l, "an out argument must be assignable");
            continue;
         }
         if (dir == GLSL_PARAM_INOUT)
            in[i] = lower_convert(l, lval_load(l, &out[i]), def->param_types[i]);
      } else {
         l->feeds_half = def->params && lower_var_holds_half(l, def->params[i]);
         in[i] = lower_convert(l, lower_expr(l, a->expr), def->param_types[i]);
      }
   }
   if (l->failed)
      return val_new(l, e->type, 0);
   struct func_lowering *fl = get_function(l, def, samplers, aliases);
   if (l->failed)
      return val_new(l, e->type, 0);
   for (i = 0; i < n; i++)
      if (in[i].c && !glsl_type_contains_opaque(def->param_types[i]))
         ref_store(l, ref_of_storage(fl->params[i]), in[i]);
   struct ir_instr *r = ir_build_call(&l->b, fl->ir, NULL, 0);
   struct val result;
   if (ret_is_value(def->ret))
      result = val_one(l, e->type, r);
   else if (fl->ret)
      result = ref_load(l, ref_of_storage(fl->ret));
   else
      result = val_new(l, e->type, 0);
   i = 0;
   for (const struct glsl_ast_arg *a = e->args; a && i < n; a = a->next, i++) {
      uint8_t dir = def->dirs[i];
      if ((dir == GLSL_PARAM_OUT || dir == GLSL_PARAM_INOUT) && out[i].r.st) {
         struct val v = ref_load(l, ref_of_storage(fl->params[i]));
         lval_store(l, &out[i], lower_convert(l, v, a->expr->type));
      }
   }
   return result;
}

/* ---- the stage -------------------------------------------------------- */

struct lower_job {
   struct lower *l;
   const struct glsl_function *main;
};

bool
glsl_lower_stage(struct glsl_arena *a, struct glsl_log *log, const struct glsl_lower_input *in,
                 struct glsl_lower_output *out)
{
   memset(out, 0, sizeof *out);
   struct lower lw;
   memset(&lw, 0, sizeof lw);
   struct lower *l = &lw;
   l->a = a;
   l->log = log;
   l->in = in;
   l->s = in->ir;
   l->b.shader = l->s;
   get_function(l, in->main_shader->main, NULL, NULL);
   if (l->failed)
      return false;
   /* list the functions callees first (the IR text format defines a
    * function before its calls) */
   l->s->functions = l->s->functions_tail = NULL;
   for (unsigned i = 0; i < l->num_done; i++) {
      l->done[i]->next = NULL;
      if (l->s->functions_tail)
         l->s->functions_tail->next = l->done[i];
      else
         l->s->functions = l->done[i];
      l->s->functions_tail = l->done[i];
   }
   out->ir = l->s;
   out->state_rows = l->rows;
   out->num_state_rows = l->num_rows;
   out->uses_discard = l->uses_discard;
   return true;
}

/* ---- passes ----------------------------------------------------------- */

struct size_count {
   struct ir_function *f;
   uint64_t *sizes;             /* by function index in the list */
   struct ir_function **order;
   unsigned n;
   uint64_t total;
};

static void
count_cb(struct ir_instr *in, void *data)
{
   struct size_count *sc = data;
   uint64_t add = 1;
   if (in->op == IR_OP_call) {
      for (unsigned i = 0; i < sc->n; i++)
         if (sc->order[i] == in->u.callee)
            add += sc->sizes[i];
   }
   sc->total = sc->total + add > UINT64_MAX / 2 ? UINT64_MAX / 2 : sc->total + add;
}

/* Instructions of @main with every call inlined (functions are listed
 * callees first). */
static uint64_t
inlined_size(struct ir_shader *s)
{
   unsigned n = 0;
   for (struct ir_function *f = s->functions; f; f = f->next)
      n++;
   struct size_count sc = { NULL, calloc(n + 1, sizeof(uint64_t)),
                            calloc(n + 1, sizeof(struct ir_function *)), 0, 0 };
   if (!sc.sizes || !sc.order) {
      free(sc.sizes);
      free(sc.order);
      return UINT64_MAX;
   }
   uint64_t main_size = 0;
   for (struct ir_function *f = s->functions; f; f = f->next) {
      sc.total = 0;
      ir_function_foreach_instr(f, count_cb, &sc);
      sc.order[sc.n] = f;
      sc.sizes[sc.n++] = sc.total;
      if (!strcmp(f->name, "main"))
         main_size = sc.total;
   }
   free(sc.sizes);
   free(sc.order);
   return main_size;
}

void
glsl_optimize(struct ir_shader *s)
{
   bool progress = false;
   if (inlined_size(s) <= GLSL_LOWER_MAX_INLINED)
      IR_PASS(progress, s, ir_opt_inline);
   /* unrolling exposes constants, which the clean-up folds, which lets
    * more loops unroll */
   for (unsigned round = 0; round < 32; round++) {
      progress = false;
      IR_PASS(progress, s, ir_opt_cleanup);
      IR_PASS(progress, s, ir_opt_loop_unroll);
      if (!progress)
         break;
   }
}
