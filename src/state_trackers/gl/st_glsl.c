/*
 * GLSL shader and program objects, the per-context program in use and the
 * draw-time side (st_glsl.h).  The entry points are api/api_shader.c and
 * api/api_uniform.c.
 */
#include "st_glsl.h"

#include <stdlib.h>
#include <string.h>

#include "compiler/arbprog/arbprog.h"
#include "compiler/ir/ir.h"
#include "compiler/ir/ir_builder.h"
#include "ff.h"
#include "irexec.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "st_arbprog.h"
#include "st_context.h"
#include "st_draw.h"
#include "st_ubo.h"
#include "st_xfb.h"
#include "util/u_inlines.h"

/* The IR's fixed-function locations are the ff shaders' (glsl_compiler.h). */
_Static_assert(GLSL_ATTRIB_CONVENTIONAL + FF_ATTRIB_POS == 0 &&
               GLSL_ATTRIB_GENERIC0 == FF_NUM_ATTRIBS, "vertex input locations");
_Static_assert(GLSL_VARYING_USER0 > FF_VARYING_TEX0 + FF_MAX_TEXTURE_UNITS - 1 &&
               GLSL_VARYING_CLIP_VERTEX >= FF_VARYING_TEX0 + FF_MAX_TEXTURE_UNITS,
               "varying locations");
_Static_assert(GLSL_CBUF_UNIFORMS == FF_CBUF_INDEX, "a GLSL stage's cbuf 0 replaces ff's");

/* --- objects ----------------------------------------------------------------- */

static void
shader_free(struct st_glsl_shader *s)
{
   glsl_shader_destroy(s->compiled);
   free(s->source);
   free(s);
}

void
st_glsl_linked_unref(struct st_glsl_linked *l)
{
   if (l && __atomic_sub_fetch(&l->refcount, 1, __ATOMIC_ACQ_REL) == 0) {
      if (l->exec)
         irexec_destroy(l->exec);
      if (l->clip_ir)
         ir_shader_destroy(l->clip_ir);
      if (l->clip_gs_ir)
         ir_shader_destroy(l->clip_gs_ir);
      glsl_program_destroy(l->prog);
      free(l->storage);
      free(l->sampler_units);
      free(l->block_bindings);
      free(l);
   }
}

static void
program_free(struct st_glsl_program *p)
{
   for (unsigned i = 0; i < p->num_shaders; i++) {
      __atomic_sub_fetch(&p->shaders[i]->attach_count, 1, __ATOMIC_ACQ_REL);
      st_glsl_object_unref(&p->shaders[i]->base);
   }
   free(p->shaders);
   for (unsigned i = 0; i < p->num_bindings; i++)
      free((char *)p->bindings[i].name);
   free(p->bindings);
   for (unsigned i = 0; i < p->xfb_count; i++)
      free(p->xfb_names[i]);
   free(p->xfb_names);
   free(p->info_log);
   st_glsl_linked_unref(p->linked);
   free(p);
}

void
st_glsl_object_unref(struct st_glsl_object *o)
{
   if (o && __atomic_sub_fetch(&o->refcount, 1, __ATOMIC_ACQ_REL) == 0) {
      if (o->kind == ST_GLSL_SHADER)
         shader_free((struct st_glsl_shader *)o);
      else
         program_free((struct st_glsl_program *)o);
   }
}

void
st_glsl_destroy_cb(void *obj, void *data)
{
   (void)data;
   st_glsl_object_unref(obj);
}

bool
st_glsl_api(const struct st_context *ctx)
{
   return ctx->profile == ST_PROFILE_GLES2 || ctx->version >= 20;
}

/*
 * What #extension may name, per language: each row with the context
 * capability it needs (NULL: always there).  The GL side of each is listed
 * in st_caps.c (desktop) or api_string.c (ES 2).
 */
struct glsl_ext_row {
   const char *name;
   bool es;                                        /* GLSL ES 1.00, else desktop */
   bool (*supported)(const struct st_context *ctx);
};

static bool
has_texture_array(const struct st_context *ctx)
{
   return ctx->caps.ext_texture_array;
}

static bool
has_cube_map_array(const struct st_context *ctx)
{
   return ctx->caps.ext_texture_cube_map_array;
}

static bool
has_draw_instanced(const struct st_context *ctx)
{
   return ctx->caps.ext_draw_instanced;   /* gl_InstanceIDARB / gl_InstanceIDEXT */
}

static bool
has_es_draw_buffers(const struct st_context *ctx)
{
   return ctx->caps.ext_es_draw_buffers;   /* gl_FragData[n], n < gl_MaxDrawBuffers */
}

static bool
has_blend_func_extended(const struct st_context *ctx)
{
   return ctx->caps.ext_blend_func_extended;   /* gl_SecondaryFragColorEXT ... */
}

static bool
has_arb_blend_func_extended(const struct st_context *ctx)
{
   return ctx->caps.arb_blend_func_extended;   /* layout(index) before GLSL 3.30 */
}

static bool
has_fbfetch(const struct st_context *ctx)
{
   /* gl_LastFragData (IR_SEM_LAST_FRAG_DATA inputs the driver fills) */
   return ctx->caps.ext_shader_framebuffer_fetch;
}

/* GLSL 1.30 or later: the integer and texel-offset machinery these
 * extensions' built-ins need (txf/txs/tg4 in irexec and the sampler) */
static bool
has_glsl130(const struct st_context *ctx)
{
   return ctx->caps.glsl_version >= 130;
}

/* sampler2DMS[Array] and their texelFetch / textureSize before GLSL 1.50:
 * multisample textures (api_texms.c) read per sample (txf_ms) */
static bool
has_texture_multisample(const struct st_context *ctx)
{
   return ctx->caps.ext_texture_multisample && ctx->caps.glsl_version >= 130;
}

static const struct glsl_ext_row glsl_ext_rows[] = {
   /* floatBitsToInt ... (bitcasts) */
   { "GL_ARB_shader_bit_encoding", false, has_glsl130 },
   /* textureGather[Offset] (tg4: the sampler's four texels of a bilinear
    * footprint, one component) */
   { "GL_ARB_texture_gather", false, has_glsl130 },
   { "GL_ARB_draw_instanced", false, has_draw_instanced },
   /* layout(location = N) on vertex inputs (glsl_sema.c, glsl_link.c) */
   { "GL_ARB_explicit_attrib_location", false, NULL },
   /* gl_FragCoord redeclared with its conventions (refpipe applies them) */
   { "GL_ARB_fragment_coord_conventions", false, NULL },
   /* rectangle and array textures (st_texture.c); explicit levels and
    * gradients are sampled by the driver (txl, txd) */
   { "GL_ARB_texture_rectangle", false, NULL },
   { "GL_ARB_shader_texture_lod", false, NULL },
   { "GL_ARB_arrays_of_arrays", false, NULL },
   /* uniform blocks (st_ubo.c, api_ubo.c) */
   { "GL_ARB_uniform_buffer_object", false, NULL },
   { "GL_EXT_texture_array", false, has_texture_array },
   { "GL_ARB_texture_cube_map_array", false, has_cube_map_array },
   { "GL_ARB_texture_multisample", false, has_texture_multisample },
   /* textureSamples (query_samples: the view's resource's sample count) */
   { "GL_ARB_shader_texture_image_samples", false, has_texture_multisample },
   /* textureQueryLevels (query_levels: the levels of the bound view, base
    * to the last level the min filter reaches) and textureQueryLOD (lod:
    * the sampler's level selection without the lookup) */
   { "GL_ARB_texture_query_levels", false, has_glsl130 },
   { "GL_ARB_texture_query_lod", false, has_glsl130 },
   { "GL_EXT_shader_framebuffer_fetch", false, has_fbfetch },
   { "GL_EXT_shader_framebuffer_fetch_non_coherent", false, has_fbfetch },
   /* ES 2.0 */
   { "GL_EXT_draw_instanced", true, has_draw_instanced },
   { "GL_OES_standard_derivatives", true, NULL },
   { "GL_EXT_frag_depth", true, NULL },
   { "GL_EXT_draw_buffers", true, has_es_draw_buffers },
   { "GL_EXT_blend_func_extended", true, has_blend_func_extended },
   { "GL_ARB_blend_func_extended", false, has_arb_blend_func_extended },
   { "GL_EXT_shader_framebuffer_fetch", true, has_fbfetch },
   { "GL_EXT_shader_framebuffer_fetch_non_coherent", true, has_fbfetch },
};
_Static_assert(sizeof glsl_ext_rows / sizeof glsl_ext_rows[0] <= ST_GLSL_MAX_EXTENSIONS,
               "st_glsl_ctx.extensions");

static const char *const *
glsl_extensions(const struct st_context *ctx)
{
   bool es = ctx->profile == ST_PROFILE_GLES2;
   unsigned n = 0;
   for (unsigned i = 0; i < sizeof glsl_ext_rows / sizeof glsl_ext_rows[0]; i++) {
      const struct glsl_ext_row *r = &glsl_ext_rows[i];
      if (r->es == es && (!r->supported || r->supported(ctx)))
         ctx->glsl->extensions[n++] = r->name;
   }
   ctx->glsl->extensions[n] = NULL;
   return ctx->glsl->extensions;
}

void
st_glsl_options(const struct st_context *ctx, struct glsl_compiler_options *o)
{
   /* every desktop version up to the context's (GL 3.3: 1.10 to 3.30) */
   static const uint16_t upto110[] = { 110, 0 }, upto120[] = { 110, 120, 0 },
      upto130[] = { 110, 120, 130, 0 }, upto140[] = { 110, 120, 130, 140, 0 },
      upto150[] = { 110, 120, 130, 140, 150, 0 },
      upto330[] = { 110, 120, 130, 140, 150, 330, 0 };
   static const uint16_t *const desktop[] = { upto110, upto120, upto130, upto140, upto150,
                                              upto330 };
   static const uint16_t es[] = { 100, 0 }, es300[] = { 100, 300, 0 };
   static const uint16_t none[] = { 0 };
   memset(o, 0, sizeof *o);
   o->es_context = ctx->profile == ST_PROFILE_GLES2;
   /* refpipe computes in 32-bit floats: highp everywhere */
   o->es_fragment_precision_high = true;
   o->mediump_fp16 = o->es_context && ctx->mediump_fp16;
   o->compatibility_profile = ctx->profile == ST_PROFILE_COMPAT;
   if (o->es_context) {
      o->desktop_versions = none;
      o->es_versions = ctx->version >= 30 ? es300 : es;   /* ES 3.0: GLSL ES 3.00 too */
   } else {
      unsigned n = 0;   /* how many versions the context's GLSL version covers */
      while (n < 6 && upto330[n] <= ctx->caps.glsl_version)
         n++;
      o->desktop_versions = n ? desktop[n - 1] : none;
      o->es_versions = none;
   }
   o->extensions = glsl_extensions(ctx);
   o->max_vertex_attribs = ST_GLSL_MAX_VERTEX_ATTRIBS;
   o->max_varying_floats = ST_GLSL_MAX_VARYING_FLOATS;
   o->max_vertex_uniform_components = ST_GLSL_MAX_VERTEX_UNIFORM_COMPONENTS;
   o->max_fragment_uniform_components = ST_GLSL_MAX_FRAGMENT_UNIFORM_COMPONENTS;
   o->max_texture_image_units = ST_GLSL_MAX_TEXTURE_IMAGE_UNITS;
   o->max_vertex_texture_image_units = ST_GLSL_MAX_VERTEX_TEXTURE_IMAGE_UNITS;
   o->max_combined_texture_image_units = ST_GLSL_MAX_COMBINED_TEXTURE_IMAGE_UNITS;
   o->max_texture_coords = FF_MAX_TEXTURE_UNITS;
   o->max_draw_buffers = ST_GLSL_MAX_DRAW_BUFFERS;
   o->max_clip_planes = ST_MAX_CLIP_PLANES;
   o->max_lights = ST_MAX_LIGHTS;
   o->max_vertex_uniform_blocks = ST_UBO_MAX_STAGE_BLOCKS;
   o->max_fragment_uniform_blocks = ST_UBO_MAX_STAGE_BLOCKS;
   o->max_combined_uniform_blocks = st_desktop(ctx) && ctx->version >= 32
                                       ? ST_UBO_MAX_COMBINED_BLOCKS_GS
                                       : ST_UBO_MAX_COMBINED_BLOCKS;
   o->max_uniform_block_size = ST_UBO_MAX_BLOCK_SIZE;
   o->max_geometry_uniform_components = ST_GLSL_MAX_GEOMETRY_UNIFORM_COMPONENTS;
   o->max_geometry_texture_image_units = ST_GLSL_MAX_TEXTURE_IMAGE_UNITS;
   o->max_geometry_uniform_blocks = ST_UBO_MAX_STAGE_BLOCKS;
   o->max_geometry_output_vertices = ST_GLSL_MAX_GEOMETRY_OUTPUT_VERTICES;
   o->max_geometry_total_output_components = ST_GLSL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS;
}

/* The commands of api/api_shader.c and api/api_uniform.c, sorted (strcmp):
 * a context without the GLSL API keeps their stubs (st_dispatch.c), so
 * they are neither executed nor compiled into display lists there.  A new
 * entry point in those files belongs here too (st_test_glsl checks the
 * list against the dispatch table). */
static const char *const glsl_commands[] = {
   "glAttachObjectARB", "glAttachShader", "glBindAttribLocation", "glCompileShader",
   "glCreateProgram", "glCreateProgramObjectARB", "glCreateShader", "glCreateShaderObjectARB",
   "glDeleteObjectARB", "glDeleteProgram", "glDeleteShader", "glDetachObjectARB", "glDetachShader",
   "glGetActiveAttrib", "glGetActiveUniform", "glGetAttachedObjectsARB", "glGetAttachedShaders",
   "glGetAttribLocation", "glGetFragDataLocation", "glGetHandleARB", "glGetInfoLogARB",
   "glGetObjectParameterfvARB", "glGetObjectParameterivARB", "glGetProgramInfoLog",
   "glGetProgramiv", "glGetShaderInfoLog", "glGetShaderPrecisionFormat", "glGetShaderSource",
   "glGetShaderiv", "glGetUniformLocation", "glGetUniformfv", "glGetUniformiv", "glGetUniformuiv",
   "glIsProgram", "glIsShader", "glLinkProgram", "glReleaseShaderCompiler", "glShaderBinary",
   "glShaderSource", "glUniform1f", "glUniform1fv", "glUniform1i", "glUniform1iv", "glUniform1ui",
   "glUniform1uiv", "glUniform2f", "glUniform2fv", "glUniform2i", "glUniform2iv", "glUniform2ui",
   "glUniform2uiv", "glUniform3f", "glUniform3fv", "glUniform3i", "glUniform3iv", "glUniform3ui",
   "glUniform3uiv", "glUniform4f", "glUniform4fv", "glUniform4i", "glUniform4iv", "glUniform4ui",
   "glUniform4uiv", "glUniformMatrix2fv", "glUniformMatrix2x3fv", "glUniformMatrix2x4fv",
   "glUniformMatrix3fv", "glUniformMatrix3x2fv", "glUniformMatrix3x4fv", "glUniformMatrix4fv",
   "glUniformMatrix4x2fv", "glUniformMatrix4x3fv", "glUseProgram", "glValidateProgram",
};

static int
cmp_name(const void *a, const void *b)
{
   return strcmp(*(const char *const *)a, *(const char *const *)b);
}

bool
st_glsl_is_command(const char *name)
{
   return bsearch(&name, glsl_commands, sizeof glsl_commands / sizeof glsl_commands[0],
                  sizeof glsl_commands[0], cmp_name) != NULL;
}

unsigned
st_glsl_commands(const char *const **list)
{
   *list = glsl_commands;
   return sizeof glsl_commands / sizeof glsl_commands[0];
}

bool
st_glsl_init(struct st_context *ctx)
{
   struct st_glsl_ctx *g = calloc(1, sizeof *g);
   if (!g)
      return false;
   g->es = ctx->profile == ST_PROFILE_GLES2;
   ctx->glsl = g;
   return true;
}

static void
cso_entry_clear(struct st_context *ctx, struct st_glsl_cso *e)
{
   struct st_draw_ctx *d = ctx->draw;
   if (e->vs) {
      if (d && d->bound_vs == e->vs) {
         ctx->pipe->bind_vs_state(ctx->pipe, NULL);
         d->bound_vs = NULL;
      }
      ctx->pipe->delete_vs_state(ctx->pipe, e->vs);
   }
   if (e->fs) {
      if (d && d->bound_fs == e->fs) {
         ctx->pipe->bind_fs_state(ctx->pipe, NULL);
         d->bound_fs = NULL;
      }
      ctx->pipe->delete_fs_state(ctx->pipe, e->fs);
   }
   if (e->gs) {
      if (d && d->bound_gs == e->gs) {
         ctx->pipe->bind_gs_state(ctx->pipe, NULL);
         d->bound_gs = NULL;
      }
      ctx->pipe->delete_gs_state(ctx->pipe, e->gs);
   }
   st_glsl_linked_unref(e->linked);
   memset(e, 0, sizeof *e);
}

void
st_glsl_fini(struct st_context *ctx)
{
   struct st_glsl_ctx *g = ctx->glsl;
   if (!g)
      return;
   st_glsl_use(ctx, NULL);
   for (unsigned i = 0; i < ST_GLSL_CSO_CACHE; i++)
      cso_entry_clear(ctx, &g->cache[i]);
   for (unsigned s = 0; s < 3; s++)
      free(g->state_rows[s]);
   for (unsigned i = 0; i < ST_GLSL_NUM_DUMMY_VIEWS; i++)
      pipe_sampler_view_reference(&g->dummy_view[i], NULL);
   if (g->dummy_sampler)
      ctx->pipe->delete_sampler_state(ctx->pipe, g->dummy_sampler);
   free(g);
   ctx->glsl = NULL;
}

/* A shader lost an attachment: a shader flagged for deletion goes when it
 * is attached to no program (GL 2.1 section 2.15.1). */
void
st_glsl_shader_detached(struct st_context *ctx, struct st_glsl_shader *s)
{
   pthread_mutex_lock(&ctx->share->lock);
   bool gone = --s->attach_count == 0 && s->base.delete_pending;
   pthread_mutex_unlock(&ctx->share->lock);
   if (gone && st_names_lookup(&ctx->share->shader_objects, s->base.name) == s) {
      st_names_remove(&ctx->share->shader_objects, s->base.name);
      st_glsl_object_unref(&s->base);   /* the name's reference */
   }
   st_glsl_object_unref(&s->base);      /* the attachment's */
}

void
st_glsl_program_delete_now(struct st_context *ctx, struct st_glsl_program *p)
{
   if (st_names_lookup(&ctx->share->shader_objects, p->base.name) != p)
      return;
   st_names_remove(&ctx->share->shader_objects, p->base.name);
   /* detach everything now: shaders flagged for deletion go with it */
   struct st_glsl_shader **sh = p->shaders;
   unsigned n = p->num_shaders;
   p->shaders = NULL;
   p->num_shaders = p->cap_shaders = 0;
   for (unsigned i = 0; i < n; i++)
      st_glsl_shader_detached(ctx, sh[i]);
   free(sh);
   st_glsl_object_unref(&p->base);
}

void
st_glsl_use(struct st_context *ctx, struct st_glsl_program *p)
{
   struct st_glsl_ctx *g = ctx->glsl;
   struct st_glsl_linked *exec = NULL;
   if (p) {
      pthread_mutex_lock(&ctx->share->lock);
      p->use_count++;
      exec = p->linked;
      if (exec)
         __atomic_add_fetch(&exec->refcount, 1, __ATOMIC_ACQ_REL);
      pthread_mutex_unlock(&ctx->share->lock);
      __atomic_add_fetch(&p->base.refcount, 1, __ATOMIC_ACQ_REL);
   }
   struct st_glsl_program *old = g->current;
   st_glsl_linked_unref(g->exec);
   g->exec = exec;
   g->current = p;
   if (old) {
      pthread_mutex_lock(&ctx->share->lock);
      bool gone = --old->use_count == 0 && old->base.delete_pending;
      pthread_mutex_unlock(&ctx->share->lock);
      if (gone)
         st_glsl_program_delete_now(ctx, old);
      st_glsl_object_unref(&old->base);
   }
}

void
st_glsl_set_exec(struct st_context *ctx, struct st_glsl_linked *l)
{
   struct st_glsl_ctx *g = ctx->glsl;
   if (l)
      __atomic_add_fetch(&l->refcount, 1, __ATOMIC_ACQ_REL);
   st_glsl_linked_unref(g->exec);
   g->exec = l;
}

/* --- drawing ----------------------------------------------------------------- */

const struct st_glsl_linked *
st_glsl_active(struct st_context *ctx)
{
   struct st_glsl_ctx *g = ctx->glsl;
   return g && g->exec ? g->exec : NULL;
}

bool
st_glsl_vertex_stage(struct st_context *ctx)
{
   const struct st_glsl_linked *l = st_glsl_active(ctx);
   return l && l->iface->ir[GLSL_STAGE_VERTEX];
}

bool
st_glsl_geometry_stage(struct st_context *ctx)
{
   const struct st_glsl_linked *l = st_glsl_active(ctx);
   return l && l->iface->ir[GLSL_STAGE_GEOMETRY];
}

/* enum arbprog_tex_target of a sampler-table entry (st_texture_validate's
 * language); NONE for targets GL 2.1 has no unit binding for. */
static uint8_t
unit_target(const struct glsl_sampler *s)
{
   switch (s->target) {
   case IR_TEX_1D: return s->shadow ? ARBPROG_TEX_SHADOW1D : ARBPROG_TEX_1D;
   case IR_TEX_2D: return s->shadow ? ARBPROG_TEX_SHADOW2D : ARBPROG_TEX_2D;
   case IR_TEX_3D: return ARBPROG_TEX_3D;
   case IR_TEX_CUBE: return ARBPROG_TEX_CUBE;
   case IR_TEX_RECT: return s->shadow ? ARBPROG_TEX_SHADOWRECT : ARBPROG_TEX_RECT;
   case IR_TEX_1D_ARRAY: return ST_TEXTURE_TARGET_1D_ARRAY;
   case IR_TEX_2D_ARRAY: return ST_TEXTURE_TARGET_2D_ARRAY;
   case IR_TEX_CUBE_ARRAY: return ST_TEXTURE_TARGET_CUBE_ARRAY;
   case IR_TEX_2D_MS: return ST_TEXTURE_TARGET_2D_MS;
   case IR_TEX_2D_MS_ARRAY: return ST_TEXTURE_TARGET_2D_MS_ARRAY;
   case IR_TEX_BUFFER: return ST_TEXTURE_TARGET_BUFFER;
   default: return ARBPROG_TEX_NONE;
   }
}

bool
st_glsl_unit_targets(struct st_context *ctx, uint8_t targets[ST_MAX_COMBINED_TEXTURE_UNITS])
{
   const struct st_glsl_linked *l = st_glsl_active(ctx);
   if (!l)
      return false;
   memset(targets, 0, ST_MAX_COMBINED_TEXTURE_UNITS);
   for (unsigned b = 0; b < l->iface->num_samplers; b++) {
      GLint u = l->sampler_units[b];
      if (u >= 0 && u < ST_MAX_COMBINED_TEXTURE_UNITS && !targets[u])
         targets[u] = unit_target(&l->iface->samplers[b]);
   }
   return true;
}

bool
st_glsl_check_draw(struct st_context *ctx, const char *where)
{
   const struct st_glsl_linked *l = st_glsl_active(ctx);
   if (!l)
      return true;
   /* GL 2.1 section 2.15.3 (Samplers): samplers of different types may
    * not use one texture image unit */
   const struct glsl_program_interface *it = l->iface;
   for (unsigned a = 0; a < it->num_samplers; a++) {
      for (unsigned b = a + 1; b < it->num_samplers; b++) {
         if (l->sampler_units[a] == l->sampler_units[b] &&
             unit_target(&it->samplers[a]) != unit_target(&it->samplers[b])) {
            st_error(ctx, GL_INVALID_OPERATION, where);
            return false;
         }
      }
   }
   return true;
}

bool
st_glsl_check_mode(struct st_context *ctx, GLenum mode, const char *where)
{
   const struct st_glsl_linked *l = st_glsl_active(ctx);
   if (!l || !l->iface->ir[GLSL_STAGE_GEOMETRY])
      return true;
   /* GL 3.2 table 2.? (section 2.12.1): the modes each input primitive
    * takes; quads and polygons give none */
   bool ok;
   switch (l->iface->gs_input_prim) {
   case IR_PRIM_POINTS: ok = mode == GL_POINTS; break;
   case IR_PRIM_LINES:
      ok = mode == GL_LINES || mode == GL_LINE_STRIP || mode == GL_LINE_LOOP;
      break;
   case IR_PRIM_LINES_ADJACENCY:
      ok = mode == GL_LINES_ADJACENCY || mode == GL_LINE_STRIP_ADJACENCY;
      break;
   case IR_PRIM_TRIANGLES:
      ok = mode == GL_TRIANGLES || mode == GL_TRIANGLE_STRIP || mode == GL_TRIANGLE_FAN;
      break;
   case IR_PRIM_TRIANGLES_ADJACENCY:
      ok = mode == GL_TRIANGLES_ADJACENCY || mode == GL_TRIANGLE_STRIP_ADJACENCY;
      break;
   default:
      ok = false;
      break;
   }
   if (!ok)
      st_error(ctx, GL_INVALID_OPERATION, where);
   return ok;
}

/* Calls fn for every instruction of a block and the blocks inside it. */
static void
walk_block(struct ir_block *blk, void (*fn)(struct ir_instr *, void *), void *data)
{
   for (struct ir_instr *in = blk ? blk->first : NULL; in; in = in->next) {
      if (in->op == IR_OP_if) {
         walk_block(in->u.cif.then_body, fn, data);
         walk_block(in->u.cif.else_body, fn, data);
      } else if (in->op == IR_OP_loop) {
         walk_block(in->u.loop.body, fn, data);
      }
      fn(in, data);
   }
}

struct clip_rewrite {
   struct ir_shader *s;
   struct ir_var *clip_vertex, *planes, *dist;
   struct ir_instr **stores;
   unsigned num_stores, cap_stores;
   bool too_many;
};

static void
find_clip_stores(struct ir_instr *in, void *data)
{
   struct clip_rewrite *r = data;
   if (in->op != IR_OP_store_output || in->u.var.var != r->clip_vertex)
      return;
   if (r->num_stores == r->cap_stores) {
      unsigned cap = r->cap_stores ? r->cap_stores * 2 : 8;
      struct ir_instr **n = realloc(r->stores, cap * sizeof *n);
      if (!n) {
         r->too_many = true;
         return;
      }
      r->stores = n;
      r->cap_stores = cap;
   }
   r->stores[r->num_stores++] = in;
}

static struct ir_var *
output_at(struct ir_shader *s, int location)
{
   for (struct ir_var *v = s->vars; v; v = v->next)
      if (v->mode == IR_VAR_OUTPUT && v->semantic == IR_SEM_GENERIC && v->location == location)
         return v;
   return NULL;
}

/* The gl_Position output, NULL when none. */
static struct ir_var *
position_output(struct ir_shader *s)
{
   for (struct ir_var *v = s->vars; v; v = v->next)
      if (v->mode == IR_VAR_OUTPUT && v->semantic == IR_SEM_POSITION)
         return v;
   return NULL;
}

/* Does the vertex IR need the draw-time rewrite of draw_vs_ir?  BY_POSITION:
 * user planes clip by gl_Position (glsl_program_interface.clip_by_position) */
static bool
needs_draw_vs_ir(struct ir_shader *ir, bool by_position)
{
   return output_at(ir, GLSL_VARYING_CLIP_VERTEX) || (by_position && position_output(ir)) ||
          (output_at(ir, FF_VARYING_BCOLOR0) && !output_at(ir, FF_VARYING_COLOR0)) ||
          (output_at(ir, FF_VARYING_BCOLOR1) && !output_at(ir, FF_VARYING_COLOR1));
}

/* Two-sided colour selection (draw's two-side stage) replaces a front
 * colour output by its back one: a shader writing only gl_BackColor (or
 * gl_BackSecondaryColor) gets a front output, (0, 0, 0, 0) from the start
 * of main (what an unwritten varying reads here), so back faces see what
 * it wrote (GL 2.1 section 2.14.1 with VERTEX_PROGRAM_TWO_SIDE). */
static void
add_front_colour(struct ir_shader *s, int front, int back, const char *name)
{
   if (!output_at(s, back) || output_at(s, front))
      return;
   struct ir_var *v = ir_var_create(s, IR_VAR_OUTPUT, ir_type_make(IR_FLOAT, 4), 0, name);
   v->semantic = IR_SEM_GENERIC;
   v->location = front;
   struct ir_function *main_fn = ir_shader_main(s);
   if (!main_fn)
      return;
   struct ir_builder b;
   if (main_fn->body->first)
      ir_builder_before(&b, main_fn->body->first);
   else
      ir_builder_at_end(&b, main_fn->body);
   static const float zero[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
   ir_build_store_var(&b, v, NULL, 0, ir_build_imm_vec(&b, 4, zero));
}

/*
 * The vertex IR a draw runs, when the linked one needs more for the pipe:
 * GL 2.1 section 2.17: with a vertex shader, user clipping takes
 * gl_ClipVertex (eye space) against the planes as glClipPlane stored them.
 * The linked IR writes gl_ClipVertex at GLSL_VARYING_CLIP_VERTEX; this
 * copy adds, after every store to it, the distances to the
 * ST_MAX_CLIP_PLANES planes (constant buffer ST_GLSL_CBUF_CLIP) as clip
 * distance outputs, which the rasterizer clips by for the enabled planes;
 * and front colour outputs for back ones written alone (add_front_colour).
 * GLSL 1.30 section 7.1: a GLSL 1.30+ vertex stage writing neither
 * gl_ClipVertex nor gl_ClipDistance (BY_POSITION) gets the same distances
 * from its gl_Position.
 * NULL when nothing is needed or the copy fails.
 */
static struct ir_shader *
draw_vs_ir(const struct ir_shader *ir, bool by_position)
{
   struct ir_shader *s = ir_shader_clone(ir);
   if (!s)
      return NULL;
   if (!needs_draw_vs_ir(s, by_position)) {
      ir_shader_destroy(s);
      return NULL;
   }
   add_front_colour(s, FF_VARYING_COLOR0, FF_VARYING_BCOLOR0, "st_front_color");
   add_front_colour(s, FF_VARYING_COLOR1, FF_VARYING_BCOLOR1, "st_front_secondary");
   struct clip_rewrite r;
   memset(&r, 0, sizeof r);
   r.s = s;
   r.clip_vertex = output_at(s, GLSL_VARYING_CLIP_VERTEX);
   if (!r.clip_vertex && by_position)
      r.clip_vertex = position_output(s);
   if (r.clip_vertex && (r.clip_vertex->type.comps != 4 || r.clip_vertex->array_len))
      r.clip_vertex = NULL;
   for (struct ir_function *f = s->functions; f && r.clip_vertex; f = f->next)
      walk_block(f->body, find_clip_stores, &r);
   if (r.too_many) {
      free(r.stores);
      ir_shader_destroy(s);
      return NULL;
   }
   if (!r.num_stores)
      goto validate;
   r.planes = ir_var_create(s, IR_VAR_UNIFORM, ir_type_make(IR_FLOAT, 4), ST_MAX_CLIP_PLANES,
                            "st_clip_planes");
   r.planes->cbuf = ST_GLSL_CBUF_CLIP;
   r.planes->offset = 0;
   r.dist = ir_var_create(s, IR_VAR_OUTPUT, ir_type_make(IR_FLOAT, 1), ST_MAX_CLIP_PLANES,
                          "st_clipdist");
   r.dist->semantic = IR_SEM_CLIP_DISTANCE;
   for (unsigned k = 0; k < r.num_stores; k++) {
      struct ir_instr *st = r.stores[k];
      struct ir_instr *value = st->src[0];
      struct ir_builder b;
      ir_builder_after(&b, st);
      for (unsigned i = 0; i < ST_MAX_CLIP_PLANES; i++)
         ir_build_store_var(&b, r.dist, NULL, i,
                            ir_build_fdot(&b, ir_build_load_var(&b, r.planes, NULL, i), value));
   }
   free(r.stores);
validate:;
   char *errors = NULL;
   if (!ir_validate(s, &errors)) {
      free(errors);
      ir_shader_destroy(s);
      return NULL;
   }
   free(errors);
   return s;
}

void *
st_glsl_shader(struct st_context *ctx, enum glsl_stage s)
{
   struct st_glsl_ctx *g = ctx->glsl;
   struct st_glsl_linked *l = g ? g->exec : NULL;
   if (!l || (s != GLSL_STAGE_VERTEX && s != GLSL_STAGE_FRAGMENT &&
              s != GLSL_STAGE_GEOMETRY) || !l->iface->ir[s])
      return NULL;
   if (s == GLSL_STAGE_GEOMETRY && (!ctx->pipe->create_gs_state || !ctx->pipe->bind_gs_state ||
                                    !ctx->pipe->delete_gs_state))
      return NULL;
   struct st_glsl_cso *e = NULL;
   for (unsigned i = 0; i < ST_GLSL_CSO_CACHE && !e; i++)
      if (g->cache[i].linked == l)
         e = &g->cache[i];
   if (!e) {
      /* a new entry, replacing the oldest */
      e = &g->cache[g->cache_next++ % ST_GLSL_CSO_CACHE];
      cso_entry_clear(ctx, e);
      __atomic_add_fetch(&l->refcount, 1, __ATOMIC_ACQ_REL);
      e->linked = l;
   }
   void **slot = s == GLSL_STAGE_VERTEX ? &e->vs : s == GLSL_STAGE_GEOMETRY ? &e->gs : &e->fs;
   if (!*slot) {
      struct pipe_shader_state templ;
      memset(&templ, 0, sizeof templ);
      templ.type = PIPE_SHADER_IR_PONY;
      templ.ir = l->iface->ir[s];
      /* (a geometry shader's gl_ClipVertex and colours: the same rewrite) */
      struct ir_shader **clip = s == GLSL_STAGE_VERTEX ? &l->clip_ir
                                : s == GLSL_STAGE_GEOMETRY ? &l->clip_gs_ir : NULL;
      bool last = s == (l->iface->ir[GLSL_STAGE_GEOMETRY] ? GLSL_STAGE_GEOMETRY
                                                          : GLSL_STAGE_VERTEX);
      bool by_position = last && l->iface->clip_by_position;
      if (clip && needs_draw_vs_ir(l->iface->ir[s], by_position)) {
         /* made once per executable (two contexts may race to make it) */
         struct ir_shader *c = __atomic_load_n(clip, __ATOMIC_ACQUIRE);
         if (!c) {
            struct ir_shader *mine = draw_vs_ir(l->iface->ir[s], by_position);
            struct ir_shader *expected = NULL;
            if (mine && !__atomic_compare_exchange_n(clip, &expected, mine, false,
                                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
               ir_shader_destroy(mine);
               mine = expected;
            }
            c = mine;
         }
         if (c)
            templ.ir = c;
      }
      /* transform feedback: the captured outputs as slots of the last
       * vertex stage's IR (the geometry shader's when there is one) */
      if (last && l->iface->num_xfb_outputs)
         st_xfb_stream_output_info(l->iface, templ.ir, &templ.stream_output);
      *slot = s == GLSL_STAGE_VERTEX ? ctx->pipe->create_vs_state(ctx->pipe, &templ)
              : s == GLSL_STAGE_GEOMETRY ? ctx->pipe->create_gs_state(ctx->pipe, &templ)
                                         : ctx->pipe->create_fs_state(ctx->pipe, &templ);
   }
   return *slot;
}

/* A view that reads (0, 0, 0, 1) whatever the coordinates, for a target
 * (index: 0 1D, 1 2D, 2 3D, 3 cube, 4 rect, 5 1D array, 6 2D array, 7 cube
 * array): what
 * GL gives a sampler whose unit has no complete texture of its target
 * (GL 2.1 section 3.8.10). */
static struct pipe_sampler_view *
dummy_view(struct st_context *ctx, unsigned t)
{
   struct st_glsl_ctx *g = ctx->glsl;
   if (t >= ST_GLSL_NUM_DUMMY_VIEWS)
      t = 1;
   if (g->dummy_view[t])
      return g->dummy_view[t];
   static const enum pipe_texture_target pt[ST_GLSL_NUM_DUMMY_VIEWS] = {
      PIPE_TEXTURE_1D, PIPE_TEXTURE_2D, PIPE_TEXTURE_3D, PIPE_TEXTURE_CUBE, PIPE_TEXTURE_RECT,
      PIPE_TEXTURE_1D_ARRAY, PIPE_TEXTURE_2D_ARRAY, PIPE_TEXTURE_CUBE_ARRAY, PIPE_BUFFER };
   struct pipe_resource templ;
   memset(&templ, 0, sizeof templ);
   templ.target = pt[t];
   templ.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   templ.width0 = templ.height0 = templ.depth0 = 1;
   if (templ.target == PIPE_BUFFER)
      templ.width0 = 4;   /* bytes: one texel, which the view leaves out */
   templ.array_size = t == 3 || t == 7 ? 6 : 1;
   templ.bind = PIPE_BIND_SAMPLER_VIEW;
   struct pipe_resource *res = ctx->screen->resource_create(ctx->screen, &templ);
   if (!res)
      return NULL;
   struct pipe_sampler_view vt;
   memset(&vt, 0, sizeof vt);
   vt.format = templ.format;
   vt.target = templ.target;
   vt.last_layer = templ.array_size - 1;
   if (templ.target == PIPE_BUFFER)
      vt.buf_offset = 4;   /* no texels: textureSize 0, every texelFetch out of range (0) */
   vt.swizzle_r = vt.swizzle_g = vt.swizzle_b = PIPE_SWIZZLE_0;
   vt.swizzle_a = PIPE_SWIZZLE_1;
   g->dummy_view[t] = ctx->pipe->create_sampler_view(ctx->pipe, res, &vt);
   pipe_resource_reference(&res, NULL);
   if (!g->dummy_sampler) {
      struct pipe_sampler_state ss;
      memset(&ss, 0, sizeof ss);
      ss.wrap_s = ss.wrap_t = ss.wrap_r = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
      ss.min_img_filter = ss.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
      ss.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
      ss.normalized_coords = 1;
      g->dummy_sampler = ctx->pipe->create_sampler_state(ctx->pipe, &ss);
   }
   return g->dummy_view[t];
}

/* One built-in state row of program l; the rows of a sampler table entry
 * (shadow lookups' DEPTH_TEXTURE_MODE) are those of the unit its sampler
 * uniform names, (0, 0, 0, 1) for a unit out of range. */
static void
state_row(struct st_context *ctx, const struct st_glsl_linked *l, const struct ff_state *st,
          const float (*ff_consts)[4], const struct pony_state_ref *ref, float out[4])
{
   if (ref->item == PONY_STATE_SAMPLER_TEXEL_SCALE || ref->item == PONY_STATE_SAMPLER_TEXEL_BIAS) {
      bool scale = ref->item == PONY_STATE_SAMPLER_TEXEL_SCALE;
      GLint u = ref->index < l->iface->num_samplers ? l->sampler_units[ref->index] : -1;
      bool complete = u >= 0 && u < ST_MAX_COMBINED_TEXTURE_UNITS &&
                      (ctx->tex.complete_units & (1ull << u));
      st_program_texel_row(complete, complete ? ctx->tex.shadow_base[u] - 1 : -1, scale, out);
      return;
   }
   st_program_state_row(ctx, st, ff_consts, ref, out);
}

static bool
bind_stage_state(struct st_context *ctx, enum glsl_stage s, const struct st_glsl_linked *l,
                 const struct ff_state *st, const float (*ff_consts)[4])
{
   struct st_glsl_ctx *g = ctx->glsl;
   const struct glsl_program_interface *it = l->iface;
   enum pipe_shader_type ps = s == GLSL_STAGE_VERTEX ? PIPE_SHADER_VERTEX
                              : s == GLSL_STAGE_GEOMETRY ? PIPE_SHADER_GEOMETRY
                                                         : PIPE_SHADER_FRAGMENT;
   struct pipe_constant_buffer cb;
   memset(&cb, 0, sizeof cb);
   cb.buffer_size = l->storage_size;
   cb.user_buffer = l->storage;
   st_set_constant_buffer(ctx, ps, GLSL_CBUF_UNIFORMS, &cb);

   /* built-in state: one row per pony_state_ref, filled like ARB programs' */
   unsigned n = it->num_state_rows[s] ? it->num_state_rows[s] : 1;
   if (g->state_cap[s] < n) {
      float *nr = realloc(g->state_rows[s], (size_t)n * 4 * sizeof(float));
      if (!nr)
         return false;
      g->state_rows[s] = nr;
      g->state_cap[s] = n;
   }
   float (*rows)[4] = (float (*)[4])g->state_rows[s];
   memset(rows, 0, (size_t)n * 4 * sizeof(float));
   for (unsigned i = 0; i < it->num_state_rows[s]; i++)
      state_row(ctx, l, st, ff_consts, &it->state_rows[s][i], rows[i]);
   cb.buffer_size = n * 16;
   cb.user_buffer = rows;
   st_set_constant_buffer(ctx, ps, GLSL_CBUF_STATE, &cb);
   if (s != GLSL_STAGE_FRAGMENT && (it->writes_clip_vertex || it->clip_by_position)) {
      /* the eye-space planes gl_ClipVertex (or gl_Position) is clipped
       * against (draw_vs_ir) */
      cb.buffer_size = sizeof ctx->draw->clip_plane;
      cb.user_buffer = ctx->draw->clip_plane;
      st_set_constant_buffer(ctx, ps, ST_GLSL_CBUF_CLIP, &cb);
   }
   /* uniform blocks: their binding points' buffers (st_ubo.c) */
   if (it->num_blocks)
      st_ubo_bind_stage(ctx, s, l);

   /* samplers: table entry b at slot b, with the view st_texture_validate
    * made for unit sampler_units[b] when it is complete for the target */
   /* (the table numbers every stage's samplers together: up to
    * MAX_COMBINED_TEXTURE_IMAGE_UNITS entries) */
   _Static_assert(ST_GLSL_MAX_COMBINED_TEXTURE_IMAGE_UNITS <= PIPE_MAX_SHADER_SAMPLER_VIEWS &&
                     ST_GLSL_MAX_COMBINED_TEXTURE_IMAGE_UNITS <= PIPE_MAX_SAMPLERS &&
                     ST_GLSL_MAX_COMBINED_TEXTURE_IMAGE_UNITS <= PONY_STATE_MAX_SAMPLERS,
                  "sampler table entries");
   struct pipe_sampler_view *views[ST_GLSL_MAX_COMBINED_TEXTURE_IMAGE_UNITS];
   void *samplers[ST_GLSL_MAX_COMBINED_TEXTURE_IMAGE_UNITS];
   unsigned count = 0;
   for (unsigned b = 0; b < it->num_samplers && b < ST_GLSL_MAX_COMBINED_TEXTURE_IMAGE_UNITS;
        b++) {
      GLint u = l->sampler_units[b];
      uint8_t want = unit_target(&it->samplers[b]);
      views[b] = NULL;
      samplers[b] = NULL;
      if (!(it->samplers[b].stages & (1u << s)))
         continue;
      count = b + 1;
      if (u >= 0 && u < ST_MAX_COMBINED_TEXTURE_UNITS &&
          (ctx->tex.complete_units & (1ull << u)) && ctx->tex.bound_views[u]) {
         views[b] = ctx->tex.bound_views[u];
         samplers[b] = ctx->tex.samplers[u];
      } else {
         /* multisample targets: the single-sampled 2D / 2D array dummies
          * (texelFetch ignores the sample there); buffers: an empty one */
         static const uint8_t dummy_of[] = { 1, 0, 1, 2, 3, 4, 0, 1, 4, 5, 6, 7, 1, 6, 8 };
         views[b] = dummy_view(ctx, want < sizeof dummy_of ? dummy_of[want] : 1);
         samplers[b] = g->dummy_sampler;
      }
   }
   if (count) {
      ctx->pipe->set_sampler_views(ctx->pipe, ps, 0, count, views);
      ctx->pipe->bind_sampler_states(ctx->pipe, ps, 0, count, samplers);
      if (ps == PIPE_SHADER_FRAGMENT && count > ctx->tex.num_bound)
         ctx->tex.num_bound = count;   /* st_texture_validate unbinds them next time */
   }
   return true;
}

bool
st_glsl_bind_state(struct st_context *ctx, const struct ff_state *st, const float (*ff_consts)[4])
{
   const struct st_glsl_linked *l = st_glsl_active(ctx);
   if (!l)
      return true;
   for (unsigned s = GLSL_STAGE_VERTEX; s <= GLSL_STAGE_GEOMETRY; s++)
      if (l->iface->ir[s] && !bind_stage_state(ctx, (enum glsl_stage)s, l, st, ff_consts))
         return false;
   return true;
}

bool
st_glsl_get(struct st_context *ctx, GLenum pname, int *kind, unsigned *count, double *d)
{
   if (!ctx->glsl || !st_glsl_api(ctx))
      return false;
   bool es = ctx->profile == ST_PROFILE_GLES2;
   /* ES 3.0 table 6.32-6.34: these desktop limits exist there too */
   bool es_only2 = es && !st_es3(ctx);
   *kind = 0;
   *count = 1;
   switch (pname) {
   case GL_CURRENT_PROGRAM:
      d[0] = ctx->glsl->current ? ctx->glsl->current->base.name : 0;
      return true;
   case GL_MAX_VERTEX_ATTRIBS: d[0] = ST_GLSL_MAX_VERTEX_ATTRIBS; return true;
   case GL_MAX_TEXTURE_IMAGE_UNITS: d[0] = ST_GLSL_MAX_TEXTURE_IMAGE_UNITS; return true;
   case GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS: d[0] = ST_GLSL_MAX_VERTEX_TEXTURE_IMAGE_UNITS; return true;
   case GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS:
      d[0] = ST_GLSL_MAX_COMBINED_TEXTURE_IMAGE_UNITS;
      return true;
   case GL_MAX_VARYING_FLOATS:   /* == GL_MAX_VARYING_COMPONENTS */
      if (es_only2)
         return false;
      d[0] = ST_GLSL_MAX_VARYING_FLOATS;
      return true;
   case GL_MAX_VERTEX_UNIFORM_COMPONENTS:
      if (es_only2)
         return false;
      d[0] = ST_GLSL_MAX_VERTEX_UNIFORM_COMPONENTS;
      return true;
   case GL_MAX_FRAGMENT_UNIFORM_COMPONENTS:
      if (es_only2)
         return false;
      d[0] = ST_GLSL_MAX_FRAGMENT_UNIFORM_COMPONENTS;
      return true;
   case GL_MAX_TEXTURE_COORDS:
      if (es)
         return false;
      d[0] = FF_MAX_TEXTURE_UNITS;
      return true;
   /* geometry shaders (GL 3.2 table 6.43), and the per-stage varying
    * components GL 3.2 names (GL_MAX_VARYING_COMPONENTS above) */
   case GL_MAX_GEOMETRY_UNIFORM_COMPONENTS:
   case GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS:
   case GL_MAX_GEOMETRY_OUTPUT_VERTICES:
   case GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS:
   case GL_MAX_GEOMETRY_INPUT_COMPONENTS:
   case GL_MAX_GEOMETRY_OUTPUT_COMPONENTS:
   case GL_MAX_VERTEX_OUTPUT_COMPONENTS:
   case GL_MAX_FRAGMENT_INPUT_COMPONENTS:
      if (st_es3(ctx) && (pname == GL_MAX_VERTEX_OUTPUT_COMPONENTS ||
                          pname == GL_MAX_FRAGMENT_INPUT_COMPONENTS)) {
         d[0] = ST_GLSL_MAX_VARYING_FLOATS;   /* ES 3.0: the varying limit both ways */
         return true;
      }
      if (es || ctx->version < 32)
         return false;
      switch (pname) {
      case GL_MAX_GEOMETRY_UNIFORM_COMPONENTS:
         d[0] = ST_GLSL_MAX_GEOMETRY_UNIFORM_COMPONENTS;
         break;
      case GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS: d[0] = ST_GLSL_MAX_TEXTURE_IMAGE_UNITS; break;
      case GL_MAX_GEOMETRY_OUTPUT_VERTICES: d[0] = ST_GLSL_MAX_GEOMETRY_OUTPUT_VERTICES; break;
      case GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS:
         d[0] = ST_GLSL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS;
         break;
      case GL_MAX_GEOMETRY_INPUT_COMPONENTS: d[0] = ST_GLSL_MAX_GEOMETRY_INPUT_COMPONENTS; break;
      case GL_MAX_GEOMETRY_OUTPUT_COMPONENTS:
         d[0] = ST_GLSL_MAX_GEOMETRY_OUTPUT_COMPONENTS;
         break;
      case GL_MAX_FRAGMENT_INPUT_COMPONENTS:
         /* what a geometry shader may pass on (glsl_link.c) */
         d[0] = ST_GLSL_MAX_GEOMETRY_OUTPUT_COMPONENTS;
         break;
      default:
         /* GL_MAX_VERTEX_OUTPUT_COMPONENTS: the varying limit */
         d[0] = ST_GLSL_MAX_VARYING_FLOATS;
         break;
      }
      return true;
   /* GL 3.0 (textureOffset, texelFetchOffset): GLSL's
    * gl_Min/MaxProgramTexelOffset, the sampler's range; ARB_texture_gather's
    * offsets and components */
   case GL_MIN_PROGRAM_TEXEL_OFFSET:
   case GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET:
   case GL_MAX_PROGRAM_TEXEL_OFFSET:
   case GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET:
      if (ctx->caps.glsl_version < 130)
         return false;
      d[0] = pname == GL_MIN_PROGRAM_TEXEL_OFFSET || pname == GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET
                ? -8 : 7;
      return true;
   case GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB:
      if (ctx->caps.glsl_version < 130)
         return false;
      d[0] = 4;
      return true;
   /* OpenGL ES 2.0 (and ARB_ES2_compatibility) */
   case GL_MAX_VERTEX_UNIFORM_VECTORS:
   case GL_MAX_FRAGMENT_UNIFORM_VECTORS:
      if (!es)
         return false;
      d[0] = ST_GLSL_MAX_VERTEX_UNIFORM_COMPONENTS / 4;
      return true;
   case GL_MAX_VARYING_VECTORS:
      if (!es)
         return false;
      d[0] = ST_GLSL_MAX_VARYING_FLOATS / 4;
      return true;
   case GL_SHADER_COMPILER:
      if (!es)
         return false;
      *kind = 2;
      d[0] = 1;
      return true;
   case GL_NUM_SHADER_BINARY_FORMATS:
      if (!es)
         return false;
      d[0] = 0;
      return true;
   case GL_SHADER_BINARY_FORMATS:
      if (!es)
         return false;
      *count = 0;
      return true;
   default:
      return false;
   }
}

bool
st_glsl_run_vertex(struct st_context *ctx, const float obj[4], struct st_arbprog_vertex *out)
{
   struct st_glsl_ctx *g = ctx->glsl;
   struct st_glsl_linked *l = g ? g->exec : NULL;
   if (!l || !l->iface->ir[GLSL_STAGE_VERTEX])
      return false;
   struct irexec_program *prog = __atomic_load_n(&l->exec, __ATOMIC_ACQUIRE);
   if (!prog) {
      /* made once per executable; two contexts may race to make it */
      char err[128];
      struct irexec_program *mine = irexec_create(l->iface->ir[GLSL_STAGE_VERTEX], err,
                                                  sizeof err);
      if (!mine)
         return false;
      struct irexec_program *expected = NULL;
      if (__atomic_compare_exchange_n(&l->exec, &expected, mine, false, __ATOMIC_ACQ_REL,
                                      __ATOMIC_ACQUIRE)) {
         prog = mine;
      } else {
         irexec_destroy(mine);
         prog = expected;
      }
   }
   /* the built-in state rows from the same derived state a draw uses */
   struct st_draw_ctx *d = ctx->draw;
   const struct glsl_program_interface *it = l->iface;
   st_draw_derive_ff_state(ctx, d->ff_scratch);
   ff_constants_fill(d->ff_scratch, d->ff_consts);
   unsigned nrows = it->num_state_rows[GLSL_STAGE_VERTEX];
   float (*rows)[4] = calloc(nrows + 1, sizeof *rows);
   if (!rows)
      return false;
   for (unsigned i = 0; i < nrows; i++)
      state_row(ctx, l, d->ff_scratch, (const float (*)[4])d->ff_consts,
                &it->state_rows[GLSL_STAGE_VERTEX][i], rows[i]);

   const struct irexec_slot *in_slots, *out_slots;
   unsigned nin = irexec_get_inputs(prog, &in_slots);
   unsigned nout = irexec_get_outputs(prog, &out_slots);
   float (*io)[4] = calloc((size_t)nin + nout + 1, sizeof *io);
   if (!io) {
      free(rows);
      return false;
   }
   float (*outs)[4] = io + nin;
   for (unsigned i = 0; i < nin; i++) {
      int loc = in_slots[i].location;
      int va = loc >= 0 ? st_vattr_for_input((unsigned)loc) : -1;
      if (in_slots[i].semantic == IR_SEM_GENERIC && loc == FF_ATTRIB_POS)
         memcpy(io[i], obj, sizeof io[i]);
      else if (in_slots[i].semantic == IR_SEM_GENERIC && va >= 0)
         memcpy(io[i], d->current[va], sizeof io[i]);
   }
   struct irexec_env env;
   memset(&env, 0, sizeof env);
   env.cbufs[GLSL_CBUF_UNIFORMS].data = l->storage;
   env.cbufs[GLSL_CBUF_UNIFORMS].size = l->storage_size;
   env.cbufs[GLSL_CBUF_STATE].data = rows;
   env.cbufs[GLSL_CBUF_STATE].size = (nrows ? nrows : 1) * 16;
   bool ok = irexec_run_vertices(prog, &env, 1, (const float (*)[4])io, outs);
   memset(out, 0, sizeof *out);
   out->position[3] = 1.0f;
   for (unsigned i = 0; ok && i < nout; i++) {
      const struct irexec_slot *sl = &out_slots[i];
      int loc = sl->location;
      if (sl->semantic == IR_SEM_POSITION)
         memcpy(out->position, outs[i], sizeof out->position);
      else if (sl->semantic != IR_SEM_GENERIC)
         continue;
      else if (loc == FF_VARYING_COLOR0)
         memcpy(out->color, outs[i], sizeof out->color);
      else if (loc == FF_VARYING_COLOR1)
         memcpy(out->secondary, outs[i], sizeof out->secondary);
      else if (loc == FF_VARYING_FOG)
         out->fog = outs[i][0];
      else if (loc >= FF_VARYING_TEX0 && loc < FF_VARYING_TEX0 + ARBPROG_MAX_TEXTURE_UNITS)
         memcpy(out->tex[loc - FF_VARYING_TEX0], outs[i], sizeof out->tex[0]);
   }
   free(io);
   free(rows);
   return ok;
}
