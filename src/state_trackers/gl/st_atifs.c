/*
 * ATI fragment shader objects, per-context state and the draw-time side
 * (st_atifs.h).  The entry points are in api/api_atifs.c.
 */
#include "st_atifs.h"

#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "ff.h"
#include "pipe/p_context.h"
#include "pipe/p_state.h"
#include "st_arbprog.h"
#include "st_context.h"
#include "st_draw.h"

/* The compiler's interface is the fixed-function fragment shader's. */
_Static_assert(ATIFS_VARYING_COLOR0 == (int)FF_VARYING_COLOR0 &&
               ATIFS_VARYING_COLOR1 == (int)FF_VARYING_COLOR1 &&
               ATIFS_VARYING_FOG == (int)FF_VARYING_FOG &&
               ATIFS_VARYING_TEX0 == (int)FF_VARYING_TEX0 &&
               ATIFS_FRAG_COLOR_LOCATION == FF_FRAG_COLOR_LOCATION &&
               ATIFS_CBUF_INDEX == FF_CBUF_INDEX, "atifs interface");

void
st_atifs_def_unref(struct st_atifs_def *d)
{
   if (d && __atomic_sub_fetch(&d->refcount, 1, __ATOMIC_ACQ_REL) == 0)
      free(d);
}

void
st_ati_shader_unref(struct st_ati_shader *s)
{
   if (s && __atomic_sub_fetch(&s->refcount, 1, __ATOMIC_ACQ_REL) == 0) {
      st_atifs_def_unref(s->def);
      free(s);
   }
}

void
st_atifs_destroy_cb(void *obj, void *data)
{
   (void)data;
   st_ati_shader_unref(obj);
}

void
st_atifs_bind(struct st_context *ctx, struct st_ati_shader *s)
{
   struct st_atifs_ctx *a = ctx->atifs;
   pthread_mutex_lock(&ctx->share->lock);
   struct st_atifs_def *d = s->def;
   if (d)
      __atomic_add_fetch(&d->refcount, 1, __ATOMIC_ACQ_REL);
   pthread_mutex_unlock(&ctx->share->lock);
   st_atifs_def_unref(a->current);
   a->current = d;
   if (a->bound != s) {
      __atomic_add_fetch(&s->refcount, 1, __ATOMIC_ACQ_REL);
      st_ati_shader_unref(a->bound);
      a->bound = s;
   }
}

bool
st_atifs_init(struct st_context *ctx)
{
   struct st_atifs_ctx *a = calloc(1, sizeof *a);
   if (!a)
      return false;
   ctx->atifs = a;
   struct st_ati_shader *s = calloc(1, sizeof *s);
   if (!s)
      return false;
   s->refcount = 2;   /* default_shader and bound */
   a->default_shader = a->bound = s;
   return true;
}

static void
cache_entry_clear(struct st_context *ctx, struct st_atifs_cso *e)
{
   if (!e->def)
      return;
   if (e->cso) {
      if (ctx->draw && ctx->draw->bound_fs == e->cso) {
         ctx->pipe->bind_fs_state(ctx->pipe, NULL);
         ctx->draw->bound_fs = NULL;
      }
      ctx->pipe->delete_fs_state(ctx->pipe, e->cso);
   }
   if (e->ir)
      ir_shader_destroy(e->ir);
   st_atifs_def_unref(e->def);
   memset(e, 0, sizeof *e);
}

void
st_atifs_fini(struct st_context *ctx)
{
   struct st_atifs_ctx *a = ctx->atifs;
   if (!a)
      return;
   for (unsigned i = 0; i < ST_ATIFS_CSO_CACHE; i++)
      cache_entry_clear(ctx, &a->cache[i]);
   st_atifs_def_unref(a->current);
   st_ati_shader_unref(a->bound);
   st_ati_shader_unref(a->default_shader);
   free(a);
   ctx->atifs = NULL;
}

const struct st_atifs_def *
st_atifs_active(struct st_context *ctx)
{
   struct st_atifs_ctx *a = ctx->atifs;
   if (!a || ctx->profile != ST_PROFILE_COMPAT || a->inside)
      return NULL;
   if (!st_is_enabled(ctx, ST_CAP_FRAGMENT_SHADER_ATI))
      return NULL;
   return a->current;
}

uint32_t
st_atifs_inputs(struct st_context *ctx)
{
   const struct st_atifs_def *d = st_atifs_active(ctx);
   return d ? atifs_inputs_read(&d->sh) : 0;
}

static void
key_of(const struct ff_state *st, struct atifs_key *key)
{
   memset(key, 0, sizeof *key);
   for (unsigned u = 0; u < ATIFS_NUM_REGS && u < FF_MAX_TEXTURE_UNITS; u++) {
      if (!st->unit[u].enabled)
         continue;
      switch (st->unit[u].target) {
      case FF_TEX_1D: key->tex_target[u] = ATIFS_TEX_1D; break;
      case FF_TEX_3D: key->tex_target[u] = ATIFS_TEX_3D; break;
      case FF_TEX_CUBE: key->tex_target[u] = ATIFS_TEX_CUBE; break;
      case FF_TEX_RECT: key->tex_target[u] = ATIFS_TEX_RECT; break;
      default: key->tex_target[u] = ATIFS_TEX_2D; break;
      }
   }
   if (st->fog)
      key->fog = st->fog_mode == FF_FOG_LINEAR ? ATIFS_FOG_LINEAR
               : st->fog_mode == FF_FOG_EXP2 ? ATIFS_FOG_EXP2 : ATIFS_FOG_EXP;
}

void *
st_atifs_shader(struct st_context *ctx, const struct ff_state *st)
{
   struct st_atifs_ctx *a = ctx->atifs;
   if (!st_atifs_active(ctx))
      return NULL;
   struct st_atifs_def *d = a->current;
   struct atifs_key key;
   key_of(st, &key);
   for (unsigned i = 0; i < ST_ATIFS_CSO_CACHE; i++)
      if (a->cache[i].def == d && !memcmp(&a->cache[i].key, &key, sizeof key))
         return a->cache[i].cso;
   /* a new entry, replacing the oldest */
   struct st_atifs_cso *e = &a->cache[a->cache_next++ % ST_ATIFS_CSO_CACHE];
   cache_entry_clear(ctx, e);
   struct pipe_shader_state templ;
   memset(&templ, 0, sizeof templ);
   templ.type = PIPE_SHADER_IR_PONY;
   e->ir = atifs_lower(&d->sh, &key);
   templ.ir = e->ir;
   e->cso = ctx->pipe->create_fs_state(ctx->pipe, &templ);
   __atomic_add_fetch(&d->refcount, 1, __ATOMIC_ACQ_REL);
   e->def = d;
   e->key = key;
   return e->cso;
}

bool
st_atifs_bind_constants(struct st_context *ctx, const struct ff_state *st,
                        const float (*ff_consts)[4])
{
   struct st_atifs_ctx *a = ctx->atifs;
   const struct st_atifs_def *d = st_atifs_active(ctx);
   if (!d)
      return false;
   /* ATI_fragment_shader: a constant set inside the definition belongs
    * to the shader; the others read the global values */
   for (unsigned i = 0; i < ATIFS_NUM_CONSTS; i++)
      memcpy(a->consts[ATIFS_SLOT_CON0 + i], (d->local_set >> i) & 1 ? d->local[i] : a->global[i],
             sizeof a->consts[0]);
   struct pony_state_ref cref = { PONY_STATE_FOG_COLOR, 0, 0, 0, 0 };
   struct pony_state_ref pref = { PONY_STATE_FOG_PARAMS, 0, 0, 0, 0 };
   st_program_state_row(ctx, st, ff_consts, &cref, a->consts[ATIFS_SLOT_FOG_COLOR]);
   st_program_state_row(ctx, st, ff_consts, &pref, a->consts[ATIFS_SLOT_FOG_PARAMS]);
   struct pipe_constant_buffer cb;
   memset(&cb, 0, sizeof cb);
   cb.buffer_size = sizeof a->consts;
   cb.user_buffer = a->consts;
   st_set_constant_buffer(ctx, PIPE_SHADER_FRAGMENT, ATIFS_CBUF_INDEX, &cb);
   return true;
}

bool
st_atifs_get(struct st_context *ctx, GLenum pname, int *kind, unsigned *count, double *d)
{
   if (!ctx->atifs || ctx->profile != ST_PROFILE_COMPAT)
      return false;
   *kind = 0;
   *count = 1;
   switch (pname) {
   case GL_NUM_FRAGMENT_REGISTERS_ATI: d[0] = ATIFS_NUM_REGS; return true;
   case GL_NUM_FRAGMENT_CONSTANTS_ATI: d[0] = ATIFS_NUM_CONSTS; return true;
   case GL_NUM_PASSES_ATI: d[0] = ATIFS_MAX_PASSES; return true;
   case GL_NUM_INSTRUCTIONS_PER_PASS_ATI: d[0] = ATIFS_MAX_OPS; return true;
   case GL_NUM_INSTRUCTIONS_TOTAL_ATI: d[0] = ATIFS_MAX_OPS * ATIFS_MAX_PASSES; return true;
   case GL_NUM_LOOPBACK_COMPONENTS_ATI: d[0] = 3; return true;
   case GL_NUM_INPUT_INTERPOLATOR_COMPONENTS_ATI: d[0] = 3; return true;
   case GL_COLOR_ALPHA_PAIRING_ATI:
      *kind = 2;
      d[0] = 1;
      return true;
   default:
      return false;
   }
}
