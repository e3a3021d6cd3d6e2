/*
 * ARB program objects, per-context program state and the draw-time side
 * (st_arbprog.h).  The entry points are in api/api_arbprog.c.
 */
#include "st_arbprog.h"

#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "ff.h"
#include "irexec.h"
#include "pipe/p_context.h"
#include "pipe/p_state.h"
#include "st_context.h"
#include "st_draw.h"

/* The compiler's interface is the fixed-function shaders' (arbprog.h). */
_Static_assert((int)ARBPROG_ATTRIB_POS == (int)FF_ATTRIB_POS &&
               (int)ARBPROG_ATTRIB_NORMAL == (int)FF_ATTRIB_NORMAL &&
               (int)ARBPROG_ATTRIB_COLOR0 == (int)FF_ATTRIB_COLOR0 &&
               (int)ARBPROG_ATTRIB_COLOR1 == (int)FF_ATTRIB_COLOR1 &&
               (int)ARBPROG_ATTRIB_FOG == (int)FF_ATTRIB_FOG &&
               (int)ARBPROG_ATTRIB_TEX0 == (int)FF_ATTRIB_TEX0, "vertex input locations");
_Static_assert((int)ARBPROG_VARYING_COLOR0 == (int)FF_VARYING_COLOR0 &&
               (int)ARBPROG_VARYING_COLOR1 == (int)FF_VARYING_COLOR1 &&
               (int)ARBPROG_VARYING_BCOLOR0 == (int)FF_VARYING_BCOLOR0 &&
               (int)ARBPROG_VARYING_BCOLOR1 == (int)FF_VARYING_BCOLOR1 &&
               (int)ARBPROG_VARYING_FOG == (int)FF_VARYING_FOG &&
               (int)ARBPROG_VARYING_TEX0 == (int)FF_VARYING_TEX0 &&
               ARBPROG_FRAG_COLOR_LOCATION == FF_FRAG_COLOR_LOCATION &&
               ARBPROG_CBUF_INDEX == FF_CBUF_INDEX, "varyings");

void
st_arbprog_compiled_unref(struct st_arbprog_compiled *c)
{
   if (c && __atomic_sub_fetch(&c->refcount, 1, __ATOMIC_ACQ_REL) == 0) {
      if (c->exec)
         irexec_destroy(c->exec);
      arbprog_result_fini(&c->res);
      free(c);
   }
}

void
st_arb_program_unref(struct st_arb_program *p)
{
   if (p && __atomic_sub_fetch(&p->refcount, 1, __ATOMIC_ACQ_REL) == 0) {
      st_arbprog_compiled_unref(p->compiled);
      free(p->string);
      free(p);
   }
}

void
st_arbprog_destroy_cb(void *obj, void *data)
{
   (void)data;
   st_arb_program_unref(obj);
}

void
st_arbprog_bind(struct st_context *ctx, int s, struct st_arb_program *p)
{
   struct st_arbprog_ctx *a = ctx->arbprog;
   pthread_mutex_lock(&ctx->share->lock);
   struct st_arbprog_compiled *c = p->compiled;
   if (c)
      __atomic_add_fetch(&c->refcount, 1, __ATOMIC_ACQ_REL);
   pthread_mutex_unlock(&ctx->share->lock);
   st_arbprog_compiled_unref(a->current[s]);
   a->current[s] = c;
   if (a->bound[s] != p) {
      __atomic_add_fetch(&p->refcount, 1, __ATOMIC_ACQ_REL);
      st_arb_program_unref(a->bound[s]);
      a->bound[s] = p;
   }
}

int
st_arbprog_stage_of(GLenum target)
{
   return target == GL_VERTEX_PROGRAM_ARB ? ST_ARBPROG_VP
        : target == GL_FRAGMENT_PROGRAM_ARB ? ST_ARBPROG_FP : -1;
}

bool
st_arbprog_init(struct st_context *ctx)
{
   struct st_arbprog_ctx *a = calloc(1, sizeof *a);
   if (!a)
      return false;
   ctx->arbprog = a;
   a->error_pos = -1;
   for (unsigned s = 0; s < 2; s++) {
      struct st_arb_program *p = calloc(1, sizeof *p);
      if (!p)
         return false;
      p->refcount = 2;   /* defaults[s] and bound[s] */
      p->target = s ? GL_FRAGMENT_PROGRAM_ARB : GL_VERTEX_PROGRAM_ARB;
      a->defaults[s] = a->bound[s] = p;
   }
   return true;
}

static void
cache_clear(struct st_context *ctx, unsigned s)
{
   struct st_arbprog_ctx *a = ctx->arbprog;
   for (unsigned i = 0; i < ST_ARBPROG_CSO_CACHE; i++) {
      struct st_arbprog_cso *e = &a->cache[s][i];
      if (!e->compiled)
         continue;
      if (e->cso) {
         if (s == ST_ARBPROG_FP) {
            if (ctx->draw && ctx->draw->bound_fs == e->cso) {
               ctx->pipe->bind_fs_state(ctx->pipe, NULL);
               ctx->draw->bound_fs = NULL;
            }
            ctx->pipe->delete_fs_state(ctx->pipe, e->cso);
         } else {
            if (ctx->draw && ctx->draw->bound_vs == e->cso) {
               ctx->pipe->bind_vs_state(ctx->pipe, NULL);
               ctx->draw->bound_vs = NULL;
            }
            ctx->pipe->delete_vs_state(ctx->pipe, e->cso);
         }
      }
      st_arbprog_compiled_unref(e->compiled);
      e->compiled = NULL;
      e->cso = NULL;
   }
}

void
st_arbprog_fini(struct st_context *ctx)
{
   struct st_arbprog_ctx *a = ctx->arbprog;
   if (!a)
      return;
   for (unsigned s = 0; s < 2; s++) {
      cache_clear(ctx, s);
      st_arbprog_compiled_unref(a->current[s]);
      st_arb_program_unref(a->bound[s]);
      st_arb_program_unref(a->defaults[s]);
      free(a->consts[s]);
   }
   free(a);
   ctx->arbprog = NULL;
}

float *
st_arbprog_matrix(struct st_context *ctx, unsigned i)
{
   struct st_draw_ctx *d = ctx->draw;
   i %= ST_ARBPROG_MATRICES;
   return d->prog_stack[i][d->prog_depth[i]];
}

const struct arbprog_result *
st_arbprog_active(struct st_context *ctx, enum st_arbprog_stage s)
{
   struct st_arbprog_ctx *a = ctx->arbprog;
   if (!a || ctx->profile == ST_PROFILE_GLES1)
      return NULL;
   if (!st_is_enabled(ctx, s == ST_ARBPROG_VP ? ST_CAP_VERTEX_PROGRAM : ST_CAP_FRAGMENT_PROGRAM))
      return NULL;
   struct st_arbprog_compiled *c = a->current[s];
   return c && c->res.shader ? &c->res : NULL;
}

bool
st_arbprog_check_draw(struct st_context *ctx, const char *where)
{
   struct st_arbprog_ctx *a = ctx->arbprog;
   if (!a || ctx->profile == ST_PROFILE_GLES1)
      return true;
   for (unsigned s = 0; s < 2; s++) {
      if (st_is_enabled(ctx, s ? ST_CAP_FRAGMENT_PROGRAM : ST_CAP_VERTEX_PROGRAM) &&
          !a->current[s]) {
         st_error(ctx, GL_INVALID_OPERATION, where);
         return false;
      }
   }
   return true;
}

void *
st_arbprog_shader(struct st_context *ctx, enum st_arbprog_stage s)
{
   struct st_arbprog_ctx *a = ctx->arbprog;
   if (!st_arbprog_active(ctx, s))
      return NULL;
   struct st_arbprog_compiled *c = a->current[s];
   for (unsigned i = 0; i < ST_ARBPROG_CSO_CACHE; i++)
      if (a->cache[s][i].compiled == c)
         return a->cache[s][i].cso;
   /* a new entry, replacing the oldest */
   unsigned slot = a->cache_next[s]++ % ST_ARBPROG_CSO_CACHE;
   struct st_arbprog_cso *e = &a->cache[s][slot];
   if (e->compiled) {
      if (e->cso) {
         if (s == ST_ARBPROG_FP) {
            if (ctx->draw->bound_fs == e->cso) {
               ctx->pipe->bind_fs_state(ctx->pipe, NULL);
               ctx->draw->bound_fs = NULL;
            }
            ctx->pipe->delete_fs_state(ctx->pipe, e->cso);
         } else {
            if (ctx->draw->bound_vs == e->cso) {
               ctx->pipe->bind_vs_state(ctx->pipe, NULL);
               ctx->draw->bound_vs = NULL;
            }
            ctx->pipe->delete_vs_state(ctx->pipe, e->cso);
         }
      }
      st_arbprog_compiled_unref(e->compiled);
   }
   struct pipe_shader_state templ;
   memset(&templ, 0, sizeof templ);
   templ.type = PIPE_SHADER_IR_PONY;
   templ.ir = c->res.shader;
   e->cso = s == ST_ARBPROG_FP ? ctx->pipe->create_fs_state(ctx->pipe, &templ)
                               : ctx->pipe->create_vs_state(ctx->pipe, &templ);
   __atomic_add_fetch(&c->refcount, 1, __ATOMIC_ACQ_REL);
   e->compiled = c;
   return e->cso;
}

/* The stage's parameters into its scratch buffer; its size in vec4s, 0
 * when impossible. */
static unsigned
fill_constants(struct st_context *ctx, enum st_arbprog_stage s, const struct ff_state *st,
               const float (*ff_consts)[4])
{
   struct st_arbprog_ctx *a = ctx->arbprog;
   const struct arbprog_result *r = st_arbprog_active(ctx, s);
   if (!r)
      return 0;
   unsigned n = r->num_params ? r->num_params : 1;
   if (a->consts_cap[s] < n) {
      float *nc = realloc(a->consts[s], (size_t)n * 4 * sizeof(float));
      if (!nc)
         return 0;
      a->consts[s] = nc;
      a->consts_cap[s] = n;
   }
   float (*out)[4] = (float (*)[4])a->consts[s];
   const struct st_arb_program *p = a->bound[s];
   memset(out, 0, (size_t)n * 4 * sizeof(float));
   for (unsigned i = 0; i < r->num_params; i++) {
      const struct arbprog_param *pa = &r->params[i];
      switch (pa->kind) {
      case ARBPROG_PARAM_ENV:
         if (pa->index < ST_ARBPROG_MAX_ENV)
            memcpy(out[i], a->env[s][pa->index], sizeof out[i]);
         break;
      case ARBPROG_PARAM_LOCAL:
         if (pa->index < ST_ARBPROG_MAX_LOCAL)
            memcpy(out[i], p->local[pa->index], sizeof out[i]);
         break;
      case ARBPROG_PARAM_STATE:
         st_program_state_row(ctx, st, ff_consts, &pa->state, out[i]);
         break;
      default:
         memcpy(out[i], pa->value, sizeof out[i]);
         break;
      }
   }
   return n;
}

bool
st_arbprog_bind_constants(struct st_context *ctx, enum st_arbprog_stage s,
                          const struct ff_state *st, const float (*ff_consts)[4])
{
   unsigned n = fill_constants(ctx, s, st, ff_consts);
   if (!n)
      return false;
   struct pipe_constant_buffer cb;
   memset(&cb, 0, sizeof cb);
   cb.buffer_size = n * 16;
   cb.user_buffer = ctx->arbprog->consts[s];
   st_set_constant_buffer(ctx, s == ST_ARBPROG_FP ? PIPE_SHADER_FRAGMENT
                                                                 : PIPE_SHADER_VERTEX,
                                  ARBPROG_CBUF_INDEX, &cb);
   return true;
}

bool
st_arbprog_run_vertex(struct st_context *ctx, const float obj[4], struct st_arbprog_vertex *out)
{
   struct st_arbprog_ctx *a = ctx->arbprog;
   if (!st_arbprog_active(ctx, ST_ARBPROG_VP))
      return false;
   struct st_arbprog_compiled *c = a->current[ST_ARBPROG_VP];
   struct irexec_program *prog = __atomic_load_n(&c->exec, __ATOMIC_ACQUIRE);
   if (!prog) {
      /* made once per compiled program; two contexts may race to make it */
      char err[128];
      struct irexec_program *mine = irexec_create(c->res.shader, err, sizeof err);
      if (!mine)
         return false;
      struct irexec_program *expected = NULL;
      if (__atomic_compare_exchange_n(&c->exec, &expected, mine, false, __ATOMIC_ACQ_REL,
                                      __ATOMIC_ACQUIRE)) {
         prog = mine;
      } else {
         irexec_destroy(mine);
         prog = expected;
      }
   }
   /* the same state and parameters a draw would use */
   struct st_draw_ctx *d = ctx->draw;
   st_draw_derive_ff_state(ctx, d->ff_scratch);
   ff_constants_fill(d->ff_scratch, d->ff_consts);
   unsigned n = fill_constants(ctx, ST_ARBPROG_VP, d->ff_scratch,
                               (const float (*)[4])d->ff_consts);
   if (!n)
      return false;

   const struct irexec_slot *in_slots, *out_slots;
   unsigned nin = irexec_get_inputs(prog, &in_slots);
   unsigned nout = irexec_get_outputs(prog, &out_slots);
   float (*io)[4] = calloc((size_t)nin + nout + 1, sizeof *io);
   if (!io)
      return false;
   float (*outs)[4] = io + nin;
   for (unsigned i = 0; i < nin; i++) {
      int va = st_vattr_for_input((unsigned)in_slots[i].location);
      if (in_slots[i].location == ARBPROG_ATTRIB_POS)
         memcpy(io[i], obj, sizeof io[i]);
      else if (va >= 0)
         memcpy(io[i], d->current[va], sizeof io[i]);
   }
   struct irexec_env env;
   memset(&env, 0, sizeof env);
   env.cbufs[ARBPROG_CBUF_INDEX].data = a->consts[ST_ARBPROG_VP];
   env.cbufs[ARBPROG_CBUF_INDEX].size = n * 16;
   bool ok = irexec_run_vertices(prog, &env, 1, (const float (*)[4])io, outs);
   memset(out, 0, sizeof *out);
   out->position[3] = 1.0f;
   for (unsigned i = 0; ok && i < nout; i++) {
      const struct irexec_slot *sl = &out_slots[i];
      float *dst = NULL;
      uint32_t bit = 0;
      if (sl->semantic == IR_SEM_POSITION) {
         dst = out->position;
         bit = ARBPROG_VERT_OUT_POSITION;
      } else if (sl->semantic == IR_SEM_GENERIC) {
         int loc = sl->location;
         if (loc == ARBPROG_VARYING_COLOR0) {
            dst = out->color;
            bit = ARBPROG_VERT_OUT_COLOR0;
         } else if (loc == ARBPROG_VARYING_COLOR1) {
            dst = out->secondary;
            bit = ARBPROG_VERT_OUT_COLOR1;
         } else if (loc == ARBPROG_VARYING_FOG) {
            out->fog = outs[i][0];
            out->written |= ARBPROG_VERT_OUT_FOG;
         } else if (loc >= ARBPROG_VARYING_TEX0 &&
                    loc < ARBPROG_VARYING_TEX0 + ARBPROG_MAX_TEXTURE_UNITS) {
            dst = out->tex[loc - ARBPROG_VARYING_TEX0];
            bit = ARBPROG_VERT_OUT_TEX0 << (loc - ARBPROG_VARYING_TEX0);
         }
      }
      if (dst) {
         memcpy(dst, outs[i], sizeof outs[i]);
         out->written |= bit;
      }
   }
   free(io);
   return ok;
}

bool
st_arbprog_get(struct st_context *ctx, GLenum pname, int *kind, unsigned *count, double *d)
{
   struct st_arbprog_ctx *a = ctx->arbprog;
   struct st_draw_ctx *dr = ctx->draw;
   if (!a || ctx->profile == ST_PROFILE_GLES1)
      return false;
   *kind = 0;
   *count = 1;
   switch (pname) {
   case GL_PROGRAM_ERROR_POSITION_ARB: d[0] = a->error_pos; return true;
   case GL_MAX_PROGRAM_MATRICES_ARB: d[0] = ST_ARBPROG_MATRICES; return true;
   case GL_MAX_PROGRAM_MATRIX_STACK_DEPTH_ARB: d[0] = ST_ARBPROG_MATRIX_DEPTH; return true;
   case GL_MAX_VERTEX_ATTRIBS_ARB: d[0] = ST_ARBPROG_MAX_ATTRIBS; return true;
   case GL_MAX_TEXTURE_COORDS_ARB:
   case GL_MAX_TEXTURE_IMAGE_UNITS_ARB:
      d[0] = ARBPROG_MAX_TEXTURE_UNITS;
      return true;
   case GL_CURRENT_MATRIX_STACK_DEPTH_ARB: {
      unsigned depth;
      switch (dr->matrix_mode) {
      case GL_PROJECTION: depth = dr->proj_depth; break;
      case GL_TEXTURE: depth = dr->tex_depth[st_draw_matrix_unit(ctx)]; break;
      case GL_MODELVIEW: depth = dr->mv_depth; break;
      default: depth = dr->prog_depth[(dr->matrix_mode - GL_MATRIX0_ARB) % ST_ARBPROG_MATRICES];
      }
      d[0] = depth + 1;
      return true;
   }
   case GL_CURRENT_MATRIX_ARB:
   case GL_TRANSPOSE_CURRENT_MATRIX_ARB: {
      const float *m = st_current_matrix(ctx);
      *kind = 3;
      *count = 16;
      for (unsigned i = 0; i < 16; i++)
         d[i] = pname == GL_CURRENT_MATRIX_ARB ? m[i] : m[(i % 4) * 4 + i / 4];
      return true;
   }
   default:
      return false;
   }
}
