/*
 * What glsl_test_lower and glsl_test_link share: compiling and linking
 * sources with the driver's limits, setting uniforms and attributes by
 * name through the program's tables, and running a linked stage with the
 * IR interpreter (irexec, docs/irexec.md) to compare its outputs with
 * values the test computes in C.
 */
#ifndef GLSL_TEST_EXEC_H
#define GLSL_TEST_EXEC_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl/glsl_compiler.h"
#include "compiler/pony_state.h"
#include "irexec.h"

#include "glsl_test.h"

static const uint16_t test_desktop_versions[] = { 110, 120, 0 };
static const uint16_t test_es_versions[] = { 100, 0 };

static inline struct glsl_compiler_options
test_options(void)
{
   struct glsl_compiler_options o;
   memset(&o, 0, sizeof o);
   o.desktop_versions = test_desktop_versions;
   o.es_versions = test_es_versions;
   o.es_fragment_precision_high = true;
   o.max_vertex_attribs = 16;
   o.max_varying_floats = 60;
   o.max_vertex_uniform_components = 1024;
   o.max_fragment_uniform_components = 1024;
   o.max_texture_image_units = 16;
   o.max_vertex_texture_image_units = 16;
   o.max_combined_texture_image_units = 32;
   o.max_texture_coords = 8;
   o.max_draw_buffers = 8;
   o.max_clip_planes = 8;
   o.max_lights = 8;
   return o;
}

/* A linked program and its inputs for running. */
struct prog {
   struct glsl_program *p;
   const struct glsl_program_interface *pi;
   uint8_t *storage;                   /* constant buffer GLSL_CBUF_UNIFORMS */
   float state[2][512][4];             /* GLSL_CBUF_STATE per stage */
   float attribs[32][4];               /* by IR input location */
   /* more constant buffers (uniform blocks): NULL data = unbound */
   const void *cbuf_data[IREXEC_MAX_CBUFS];
   unsigned cbuf_size[IREXEC_MAX_CBUFS];
   /* the textures the stages read: NULL = fake_sampler below */
   const struct irexec_sampler_iface *sampler;
};

/* Compiles and links up to four shaders (NULL ends the list early): the
 * program, linked or not (NULL only when out of memory). */
static inline struct glsl_program *
link_sources(const struct glsl_compiler_options *o, const char *const *srcs,
             const enum glsl_stage *stages, unsigned n, const struct glsl_attrib_binding *b,
             unsigned nb)
{
   struct glsl_shader *sh[4] = { NULL, NULL, NULL, NULL };
   for (unsigned i = 0; i < n; i++) {
      sh[i] = glsl_compile(o, stages[i], &srcs[i], NULL, 1);
      if (!glsl_shader_compiled(sh[i]))
         fprintf(stderr, "compile error in:\n%s\n%s", srcs[i], glsl_shader_info_log(sh[i]));
   }
   struct glsl_program *p = glsl_link(o, sh, n, b, nb);
   for (unsigned i = 0; i < n; i++)
      glsl_shader_destroy(sh[i]);
   return p;
}

static inline void
prog_free(struct prog *P)
{
   if (!P)
      return;
   glsl_program_destroy(P->p);
   free(P->storage);
   free(P);
}

/* vs and/or fs (NULL: that stage is fixed function), compiled with o */
static inline struct prog *
build_with(const struct glsl_compiler_options *o, const char *vs, const char *fs)
{
   const char *srcs[2];
   enum glsl_stage st[2];
   unsigned n = 0;
   if (vs) {
      srcs[n] = vs;
      st[n++] = GLSL_STAGE_VERTEX;
   }
   if (fs) {
      srcs[n] = fs;
      st[n++] = GLSL_STAGE_FRAGMENT;
   }
   struct glsl_program *p = link_sources(o, srcs, st, n, NULL, 0);
   if (!glsl_program_linked(p)) {
      fprintf(stderr, "link failed:\n%s%s%s", vs ? vs : "", fs ? fs : "",
              glsl_program_info_log(p));
      glsl_program_destroy(p);
      failures++;
      return NULL;
   }
   struct prog *P = calloc(1, sizeof *P);
   P->p = p;
   P->pi = glsl_program_get_interface(p);
   P->storage = calloc(1, P->pi->uniform_storage_size + 16);
   memcpy(P->storage, P->pi->uniform_storage_init, P->pi->uniform_storage_size);
   /* shadow lookups expand as GL_LUMINANCE depth textures: (r, r, r, 1) */
   for (unsigned s = 0; s < 2; s++)
      for (unsigned i = 0; i < P->pi->num_state_rows[s] && i < 512; i++) {
         unsigned item = P->pi->state_rows[s][i].item;
         bool scale = item == PONY_STATE_SAMPLER_TEXEL_SCALE;
         if (scale || item == PONY_STATE_SAMPLER_TEXEL_BIAS)
            for (unsigned c = 0; c < 4; c++)
               P->state[s][i][c] = (c < 3) == scale ? 1.0f : 0.0f;
      }
   return P;
}

/* vs and/or fs with the test's options (no extensions) */
static inline struct prog *
build(const char *vs, const char *fs)
{
   struct glsl_compiler_options o = test_options();
   return build_with(&o, vs, fs);
}

/* glUniform*: n values from element 0 of the location of name (float
 * values converted to the uniform's base type). */
static inline void
uset(struct prog *P, const char *name, const float *v, unsigned n)
{
   int loc = glsl_program_uniform_location(P->p, name);
   const struct glsl_uniform *u;
   unsigned el;
   if (!glsl_program_uniform_at(P->p, loc, &u, &el)) {
      CHECK(0, "no uniform '%s'", name);
      return;
   }
   unsigned per = (unsigned)u->columns * u->rows;
   for (unsigned i = 0; i < n; i++) {
      unsigned e = el + i / per, k = i % per;
      if (e >= u->array_size)
         return;
      unsigned c = k / u->rows, r = k % u->rows;
      uint8_t *dst = P->storage + u->offset + e * u->elem_stride + 16 * c + 4 * r;
      if (u->base == 4 /* GLSL_TYPE_FLOAT */) {
         memcpy(dst, &v[i], 4);
      } else {
         int32_t x = (int32_t)v[i];
         if (u->base == 1 /* bool */)
            x = v[i] != 0.0f;
         memcpy(dst, &x, 4);
      }
   }
}

static inline void
aset(struct prog *P, unsigned location, float x, float y, float z, float w)
{
   P->attribs[location][0] = x;
   P->attribs[location][1] = y;
   P->attribs[location][2] = z;
   P->attribs[location][3] = w;
}

/* a fake texture: the coordinates, and unit + 10 * lod + 100 * bias in w;
 * shadow lookups give compare / 2.  Explicit gradients (txd) give w =
 * unit + 10 * ddx.x + 100 * ddx.y + 1000 * ddx.z + 10^4 * ddy.x + 10^5 * ddy.y
 * + 10^6 * ddy.z, the components the target has (shadow: compare / 2 plus
 * that sum). */
static inline void
fake_sample(void *priv, const struct irexec_tex_request *req, union irexec_texel out[4])
{
   (void)priv;
   for (unsigned l = 0; l < 4; l++) {
      float grads = 0.0f;
      if (req->op == IR_OP_txd) {
         float k = 10.0f;
         for (unsigned c = 0; c < 3; c++, k *= 10.0f)
            grads += k * req->ddx[l][c] + 1000.0f * k * req->ddy[l][c];
      }
      if (req->shadow) {
         out[l].f[0] = req->compare[l] * 0.5f + grads;
         continue;
      }
      out[l].f[0] = req->coord[l].f[0];
      out[l].f[1] = req->coord[l].f[1];
      out[l].f[2] = req->coord[l].f[2];
      float lod = req->lod_mode == IREXEC_LOD_EXPLICIT ? req->lod[l] : 0.0f;
      out[l].f[3] = (float)req->unit + 10.0f * lod + 100.0f * req->bias[l] + grads;
   }
}

static const struct irexec_sampler_iface fake_sampler = { fake_sample, NULL, NULL, NULL, NULL };

static inline void
env_for(struct prog *P, unsigned stage, struct irexec_env *env)
{
   memset(env, 0, sizeof *env);
   env->cbufs[GLSL_CBUF_UNIFORMS].data = P->storage;
   env->cbufs[GLSL_CBUF_UNIFORMS].size = P->pi->uniform_storage_size;
   env->cbufs[GLSL_CBUF_STATE].data = P->state[stage];
   env->cbufs[GLSL_CBUF_STATE].size = sizeof P->state[stage];
   env->sampler = P->sampler ? P->sampler : &fake_sampler;
   for (unsigned i = GLSL_CBUF_STATE + 1; i < IREXEC_MAX_CBUFS; i++)
      if (P->cbuf_data[i]) {
         env->cbufs[i].data = P->cbuf_data[i];
         env->cbufs[i].size = P->cbuf_size[i];
      }
}

/* Runs the vertex shader once: out[location] for generic outputs 0..31,
 * out[32] gl_Position, out[33] gl_PointSize. */
static inline bool
run_vertex(struct prog *P, float out[34][4])
{
   memset(out, 0, 34 * sizeof out[0]);
   char err[256];
   struct irexec_program *x = irexec_create(P->pi->ir[GLSL_STAGE_VERTEX], err, sizeof err);
   if (!x) {
      CHECK(0, "irexec_create: %s", err);
      return false;
   }
   const struct irexec_slot *ins, *outs;
   unsigned ni = irexec_get_inputs(x, &ins), no = irexec_get_outputs(x, &outs);
   float (*in)[4] = calloc(ni + 1, sizeof *in);
   float (*o)[4] = calloc(no + 1, sizeof *o);
   for (unsigned i = 0; i < ni; i++)
      if (ins[i].location >= 0 && ins[i].location < 32)
         memcpy(in[i], P->attribs[ins[i].location], sizeof in[i]);
   struct irexec_env env;
   env_for(P, 0, &env);
   bool ok = irexec_run_vertices(x, &env, 1, (const float (*)[4])in, o);
   CHECK(ok, "irexec_run_vertices failed");
   for (unsigned i = 0; i < no; i++) {
      int at = outs[i].semantic == IR_SEM_POSITION ? 32 :
               outs[i].semantic == IR_SEM_POINT_SIZE ? 33 :
               outs[i].location >= 0 && outs[i].location < 32 ? outs[i].location : -1;
      if (at >= 0)
         memcpy(out[at], o[i], sizeof o[i]);
   }
   free(in);
   free(o);
   irexec_destroy(x);
   return ok;
}

/* Runs the fragment shader on a quad whose lane l reads varying[l][loc];
 * color[l] = gl_FragColor (location -1) or gl_FragData[0]; *discarded the
 * lanes that discarded. */
static inline bool
run_fragment(struct prog *P, const float varying[4][32][4], float color[4][4],
             unsigned *discarded)
{
   char err[256];
   struct irexec_program *x = irexec_create(P->pi->ir[GLSL_STAGE_FRAGMENT], err, sizeof err);
   if (!x) {
      CHECK(0, "irexec_create: %s", err);
      return false;
   }
   const struct irexec_slot *ins, *outs;
   unsigned ni = irexec_get_inputs(x, &ins), no = irexec_get_outputs(x, &outs);
   float (*in)[4] = calloc(4 * ni + 1, sizeof *in);
   float (*o)[4] = calloc(4 * no + 1, sizeof *o);
   for (unsigned l = 0; l < 4; l++)
      for (unsigned i = 0; i < ni; i++)
         if (ins[i].location >= 0 && ins[i].location < 32)
            memcpy(in[l * ni + i], varying[l][ins[i].location], sizeof in[0]);
   float fc[4][4] = { { 0.5f, 0.5f, 0.5f, 1 }, { 1.5f, 0.5f, 0.5f, 1 },
                      { 0.5f, 1.5f, 0.5f, 1 }, { 1.5f, 1.5f, 0.5f, 1 } };
   struct irexec_env env;
   env_for(P, 1, &env);
   bool ok = irexec_run_fragment_quad(x, &env, (const float (*)[4])in, 0xf, true,
                                      (const float (*)[4])fc, o, discarded);
   CHECK(ok, "irexec_run_fragment_quad failed");
   for (unsigned l = 0; l < 4; l++)
      for (unsigned i = 0; i < no; i++)
         if (outs[i].location <= 0 && outs[i].semantic == IR_SEM_GENERIC)
            memcpy(color[l], o[l * no + i], sizeof color[l]);
   free(in);
   free(o);
   irexec_destroy(x);
   return ok;
}

static inline bool
near(float a, float b)
{
   return fabsf(a - b) <= 1e-4f * (1.0f + fabsf(b));
}

#define CHECK_VEC(got, x, y, z, w)                                                   \
   CHECK(near((got)[0], x) && near((got)[1], y) && near((got)[2], z) && near((got)[3], w), \
         "got (%g, %g, %g, %g), expected (%g, %g, %g, %g)", (double)(got)[0],           \
         (double)(got)[1], (double)(got)[2], (double)(got)[3], (double)(x), (double)(y), \
         (double)(z), (double)(w))

#endif
