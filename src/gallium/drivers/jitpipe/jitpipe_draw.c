/*
 * jitpipe's fragment fast path: for the states a fused fragment function
 * can describe (jit_fs.h), every quad swpipe's rasterizer emits is shaded,
 * tested and written by one generated function instead of swpipe's
 * per-quad pipeline; for every other state swpipe_quad_run draws.  Both
 * leave the same bytes (jit_fs.c repeats swpipe's arithmetic), so whether
 * a state takes the fast path never changes the picture.
 *
 * At each draw, swpipe_update_derived() calls jitpipe_draw_validate(),
 * which, when a state other than the vertex input changed, builds the
 * variant key from the derived state (or finds the state outside the fast
 * path) and points the rasterizer's emit callback at
 * jitpipe_quad_emit or back at swpipe_quad_run.  A variant is queued for
 * compiling on the first quad that needs one (one per primitive kind:
 * points, lines, triangles; jitpipe_compile.c), its quads take swpipe's path
 * until it is ready, and it is kept per fragment shader with an LRU cap
 * (JITPIPE_MAX_VARIANTS) and counted for PONY_DEBUG=jit.
 */
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "format/u_format.h"
#include "jitpipe_screen.h"
#include "jitpipe_tiles.h"
#include "swpipe_draw.h"
#include "swpipe_fragops.h"
#include "swpipe_quad.h"
#include "swpipe_resource.h"
#include "util/u_debug.h"

struct jitpipe_context {
   struct swpipe_context *ctx;
   struct jitpipe_screen *screen;
   uint64_t debug;
   bool fast;                          /* this draw's state is on the fast path */
   bool validated;                     /* fast, key and state are the bound state's */
   struct jitpipe_fs *fs;              /* its shader */
   struct pony_jit_fs_key key;         /* its key, num_verts aside */
   struct jitpipe_variant *cur[4];     /* by num_verts, held (users) */
   struct jitpipe_fs *cur_fs;          /* the shader cur[] belongs to */
   struct pony_jit_fs_state state;
   struct pony_jit_cbuf cbufs[PONY_JIT_MAX_CBUFS];
   struct pony_jit_sysvals sysvals;
   struct pony_jit_texture textures[PONY_JIT_MAX_TEX_UNITS];   /* sampled inline */
   /* the quads of the primitive being rasterized on this thread */
   struct jitpipe_batch batch;
   unsigned tri_attrs;                 /* attributes the key's inputs read (tiles) */
   struct jitpipe_tiles *tiles;        /* triangles binned per tile (jitpipe_tiles.c), or NULL */
   /* PONY_DEBUG=jit: where the quads went, printed when the context ends */
   uint64_t quads_fused, quads_waiting, quads_swpipe;
};

bool
jitpipe_context_init(struct swpipe_context *ctx)
{
   struct jitpipe_context *jc = calloc(1, sizeof *jc);

   if (!jc)
      return false;
   jc->ctx = ctx;
   jc->screen = jitpipe_screen(swpipe_screen(ctx->base.screen));
   jc->debug = ctx->debug;
   jc->state.cbufs = jc->cbufs;
   jc->state.sysvals = &jc->sysvals;
   jc->sysvals.textures = jc->textures;
   ctx->driver_priv = jc;
   /* PONY_THREADS=0 (or no memory): no bins, triangles are drawn at once */
   jc->tiles = jitpipe_tiles_create(ctx, jc->screen->threads, jc->debug);
   return true;
}

/* Give back the variants held for the previous state, and the shader
 * (held by reference, so it outlives a CSO deleted meanwhile). */
static void
release_current(struct jitpipe_context *jc)
{
   if (jc->cur_fs) {
      pthread_mutex_lock(&jc->cur_fs->lock);
      for (unsigned n = 0; n < 4; n++) {
         if (jc->cur[n])
            jc->cur[n]->users--;
      }
      pthread_mutex_unlock(&jc->cur_fs->lock);
      jitpipe_fs_unref(jc->cur_fs);
   }
   memset(jc->cur, 0, sizeof jc->cur);
   jc->cur_fs = NULL;
}

void
jitpipe_context_fini(struct swpipe_context *ctx)
{
   struct jitpipe_context *jc = ctx->driver_priv;

   if (!jc)
      return;
   jitpipe_tiles_destroy(jc->tiles);   /* its quads are counted below */
   jc->tiles = NULL;
   if (jc->debug & PONY_DEBUG_JIT)
      pony_log("jitpipe", "quads: %llu fused, %llu on swpipe's path while their variant "
               "compiled or failed, %llu in states outside the fused functions",
               (unsigned long long)jc->quads_fused, (unsigned long long)jc->quads_waiting,
               (unsigned long long)jc->quads_swpipe);
   release_current(jc);
   free(jc);
   ctx->driver_priv = NULL;
}

void
jitpipe_fs_free_variants(struct jitpipe_fs *fs)
{
   struct jitpipe_variant *v = fs->variants;
   while (v) {
      struct jitpipe_variant *next = v->next;
      pony_jit_shader_destroy(v->code);
      free(v);
      v = next;
   }
   fs->variants = NULL;
   fs->num_variants = 0;
}

/* ------------------------------------------------------------------ */
/* The key                                                             */
/* ------------------------------------------------------------------ */

/* Texel (0, 0) of a surface's level and first layer, and its row stride. */
static uint8_t *
surface_base(struct pipe_surface *surf, int64_t *stride)
{
   struct swpipe_resource *res = swpipe_resource(surf->texture);
   *stride = res->stride[surf->level];
   return swpipe_surface_pixel(surf, 0, 0, 0, 0);
}

/* Inline sampling (docs/jit.md): the key of a fragment texture unit the
 * generated code can sample itself, and its per-draw values in
 * jc->textures (what u_sampler_ctx_init resolves); false leaves the unit
 * to the sampler callout. */
#ifdef SWPIPE_HAVE_SAMPLER
static bool
tex_unit_key(struct jitpipe_context *jc, unsigned unit, struct pony_jit_tex_key *tk)
{
   const struct swpipe_tex_stage *ts = &jc->ctx->ds->tex[PIPE_SHADER_FRAGMENT];
   const struct pipe_sampler_view *view = ts->views[unit];
   const struct pipe_sampler_state *ss = ts->samplers[unit];
   const struct u_sampler_texture *tex = &ts->tex[unit];

   if (!view || !ss || view->target != PIPE_TEXTURE_2D || tex->target != PIPE_TEXTURE_2D ||
       !ss->normalized_coords)
      return false;
   enum pipe_format f = view->format != PIPE_FORMAT_NONE ? view->format : tex->format;
   const struct util_format_description *td = util_format_description(tex->format);
   if (!td || td->block_bytes != 4 || td->block_width != 1 || td->block_height != 1 ||
       !util_format_rgba8_unorm_bytes(f, tk->cbyte))
      return false;
   if (ss->min_mip_filter > PIPE_TEX_MIPFILTER_NONE)   /* image filters: 1 bit each */
      return false;
   unsigned wraps[2] = { ss->wrap_s, ss->wrap_t };
   for (unsigned i = 0; i < 2; i++) {
      if (wraps[i] != PIPE_TEX_WRAP_REPEAT && wraps[i] != PIPE_TEX_WRAP_CLAMP_TO_EDGE &&
          wraps[i] != PIPE_TEX_WRAP_MIRROR_REPEAT)
         return false;
   }

   /* u_sampler_ctx_init(): GL's b and q, the view's first layer */
   struct pony_jit_texture *jt = &jc->textures[unit];
   unsigned last = tex->last_level;
   if (last >= PIPE_MAX_TEXTURE_LEVELS)
      last = PIPE_MAX_TEXTURE_LEVELS - 1;
   unsigned b = view->first_level < last ? view->first_level : last;
   unsigned q = view->last_level < last ? view->last_level : last;
   if (q < b)
      q = b;
   unsigned array_size = tex->array_size ? tex->array_size : 1;
   unsigned layer = view->first_layer < array_size ? view->first_layer : array_size - 1;
   for (unsigned l = b; l <= q; l++) {
      unsigned w, h;
      u_sampler_level_size(tex, l, &w, &h, NULL);
      if (!tex->level[l].data || tex->level[l].row_stride > INT32_MAX || w > (1u << 20) ||
          h > (1u << 20))
         return false;   /* reads as 0 in u_sampler; sizes past the inline arithmetic */
      jt->data[l] = (const uint8_t *)tex->level[l].data + (size_t)layer * tex->level[l].layer_stride;
      jt->row_stride[l] = (int32_t)tex->level[l].row_stride;
      jt->width[l] = (int32_t)w;
      jt->height[l] = (int32_t)h;
   }
   jt->base_level = (int32_t)b;
   jt->max_level = (int32_t)q;
   jt->lod_bias = ss->lod_bias;
   jt->min_lod = ss->min_lod;
   jt->max_lod = ss->max_lod;

   tk->kind = PONY_JIT_TEX_2D_UNORM8;
   tk->min_img_filter = (uint8_t)ss->min_img_filter;
   tk->mag_img_filter = (uint8_t)ss->mag_img_filter;
   tk->min_mip_filter = (uint8_t)ss->min_mip_filter;
   tk->wrap_s = (uint8_t)ss->wrap_s;
   tk->wrap_t = (uint8_t)ss->wrap_t;
   tk->swizzle[0] = view->swizzle_r;
   tk->swizzle[1] = view->swizzle_g;
   tk->swizzle[2] = view->swizzle_b;
   tk->swizzle[3] = view->swizzle_a;
   return true;
}
#endif

/* The keys of the units the shader samples through 2D float samplers (the
 * others stay zero: the callout). */
static void
tex_keys(struct jitpipe_context *jc, const struct ir_shader *ir, struct pony_jit_fs_key *k)
{
#ifndef SWPIPE_HAVE_SAMPLER
   (void)jc;
   (void)ir;
   (void)k;
#else
   for (const struct ir_var *v = ir ? ir->vars : NULL; v; v = v->next) {
      if (v->mode != IR_VAR_SAMPLER || v->target != IR_TEX_2D || v->shadow ||
          v->type.base != IR_FLOAT || v->binding >= PONY_JIT_MAX_TEX_UNITS ||
          v->binding >= SWPIPE_MAX_SAMPLER_SLOTS || k->tex[v->binding].kind)
         continue;
      struct pony_jit_tex_key tk;
      memset(&tk, 0, sizeof tk);
      if (tex_unit_key(jc, v->binding, &tk))
         k->tex[v->binding] = tk;
   }
#endif
}

/* The key of the current state, and the per-draw values; false when the
 * state is outside what the fused functions do. */
static bool
build_key(struct jitpipe_context *jc, struct pony_jit_fs_key *k)
{
   struct swpipe_context *ctx = jc->ctx;
   struct swpipe_draw_state *ds = ctx->ds;
   const struct swpipe_raster_state *rs = &ds->rast.state;
   const struct pipe_framebuffer_state *fb = &ctx->framebuffer;
   const struct pipe_blend_state *blend = ctx->blend;
   const struct pipe_depth_stencil_alpha_state *dsa = ctx->dsa;
   const struct pipe_rasterizer_state *rast = ctx->rasterizer;
   struct jitpipe_fs *fs = ds->fs_driver;

   memset(k, 0, sizeof *k);
   /* the fused functions write the surfaces' first layers (surface_base):
    * a geometry shader choosing layers of a layered framebuffer takes
    * swpipe's path, which routes each primitive (swpipe_draw.c) */
   if (ds->layer_attr >= 0 && ds->fb_layers > 1)
      return false;
   if (!fs || atomic_load(&fs->unsupported) || !ds->fs || rs->fb_samples != 1 ||
       fb->nr_cbufs > 1 ||
       ds->fs_num_inputs > PONY_JIT_FS_MAX_INPUTS)
      return false;

   k->flip = rs->bottom_edge_rule;
   k->half_pixel_center = rs->half_pixel_center;
   k->num_inputs = (uint8_t)ds->fs_num_inputs;
   for (unsigned s = 0; s < ds->fs_num_inputs; s++) {
      const struct swpipe_fs_input *in = &ds->fs_inputs[s];
      if (in->kind == SWPIPE_FS_IN_NONE) {
         k->inputs[s].kind = PONY_JIT_FS_IN_ZERO;
      } else if (in->kind == SWPIPE_FS_IN_ATTR && in->attr >= 0 && in->attr < 256) {
         k->inputs[s].kind = in->flat ? PONY_JIT_FS_IN_FLAT
                             : in->noperspective ? PONY_JIT_FS_IN_NOPERSPECTIVE
                                                 : PONY_JIT_FS_IN_SMOOTH;
         k->inputs[s].attr = (uint8_t)in->attr;
      } else if (in->kind == SWPIPE_FS_IN_SYSTEM) {
         /* read by the shader from the system values, not from inputs */
         k->inputs[s].kind = PONY_JIT_FS_IN_ZERO;
         k->frag_coord = 1;
         k->frag_coord_conv = (uint8_t)ds->frag_coord_conventions;
      } else {
         return false;   /* point coordinates, framebuffer fetch */
      }
   }
   k->color_out = (int8_t)ds->color_out[0];
   k->depth_out = (int8_t)ds->depth_out;
   if (rast && rast->clamp_fragment_color && k->color_out >= 0) {
      const struct irexec_slot *outs;
      irexec_get_outputs(ds->fs, &outs);
      k->clamp_color = outs[k->color_out].base == IR_FLOAT;
   }

   /* alpha, depth (no stencil) */
   if (dsa && dsa->alpha_enabled) {
      k->alpha_test = 1;
      k->alpha_func = (uint8_t)dsa->alpha_func;
      jc->state.alpha_ref = dsa->alpha_ref_value;
   }
   k->depth_clamp = rast && rast->depth_clamp;
   jc->state.fb_height = (double)fb->height;
   /* both buffers are at least the framebuffer's size (checked below) */
   jc->state.inner_x = (int32_t)fb->width - 1;
   jc->state.inner_y = (int32_t)fb->height - 1;
   jc->state.depth_min = ds->depth_min;
   jc->state.depth_max = ds->depth_max;
   struct pipe_surface *zs = fb->zsbuf;
   if (zs && zs->texture) {
      const struct util_format_description *d = util_format_description(zs->format);
      bool depth = dsa && dsa->depth_enabled && d->is_depth && d->swizzle[0] < 4;
      bool stencil = dsa && dsa->stencil[0].enabled && d->is_stencil && d->swizzle[1] < 4;
      if (depth || stencil) {
         if ((d->block_bytes != 2 && d->block_bytes != 4) || zs->texture->nr_samples > 1 ||
             zs->width < fb->width || zs->height < fb->height)
            return false;
         k->zbytes = (uint8_t)d->block_bytes;
         jc->state.depth = surface_base(zs, &jc->state.depth_stride);
         if (!jc->state.depth)
            return false;
      }
      if (depth) {
         const struct util_format_channel *ch = &d->channel[d->swizzle[0]];
         bool unorm = ch->type == UTIL_FORMAT_TYPE_UNORM && ch->size >= 16 && ch->size <= 32;
         bool flt = ch->type == UTIL_FORMAT_TYPE_FLOAT && ch->size == 32;
         if (!(unorm || flt))
            return false;
         k->zfloat = flt;
         k->zshift = (uint8_t)ch->shift;
         k->zbits = (uint8_t)ch->size;
         k->depth_test = 1;
         k->depth_func = (uint8_t)dsa->depth_func;
         k->depth_write = dsa->depth_writemask;
      }
      if (stencil) {
         const struct util_format_channel *ch = &d->channel[d->swizzle[1]];
         if (ch->size != 8 || ch->shift % 8 || (unsigned)ch->shift + 8 > 8u * d->block_bytes)
            return false;
         k->stencil_test = 1;
         k->sshift = (uint8_t)ch->shift;
         k->two_sided = dsa->stencil[1].enabled;
         for (unsigned face = 0; face < 2; face++) {
            /* face 1 only matters when two-sided; keep the key canonical */
            const struct pipe_stencil_state *st = &dsa->stencil[k->two_sided ? face : 0];
            k->sfunc[face] = (uint8_t)st->func;
            k->sfail[face] = (uint8_t)st->fail_op;
            k->szfail[face] = (uint8_t)st->zfail_op;
            k->szpass[face] = (uint8_t)st->zpass_op;
            jc->state.stencil_ref[face] = ctx->stencil_ref.ref_value[k->two_sided ? face : 0];
            jc->state.stencil_valuemask[face] = (uint8_t)st->valuemask;
            jc->state.stencil_writemask[face] = (uint8_t)st->writemask;
         }
      }
   }

   /* colour buffer 0 */
   const struct pipe_rt_blend_state *rt = blend ? &blend->rt[0] : NULL;
   k->colormask = rt ? (uint8_t)rt->colormask : PIPE_MASK_RGBA;
   if (fb->nr_cbufs == 1 && fb->cbufs[0] && fb->cbufs[0]->texture && (k->colormask & 0xf)) {
      struct pipe_surface *cs = fb->cbufs[0];
      if (!util_format_rgba8_unorm_bytes(cs->format, k->cbyte) || cs->texture->nr_samples > 1 ||
          cs->width < fb->width || cs->height < fb->height)
         return false;
      if (blend && blend->logicop_enable) {
         /* unorm targets: the logic op replaces blending */
         k->logicop = 1;
         k->logicop_func = (uint8_t)blend->logicop_func;
      } else if (rt && rt->blend_enable) {
         if (swpipe_blend_uses_src1(rt))
            return false;
         k->blend = 1;
         k->rgb_func = (uint8_t)rt->rgb_func;
         k->rgb_src = (uint8_t)rt->rgb_src_factor;
         k->rgb_dst = (uint8_t)rt->rgb_dst_factor;
         k->alpha_bfunc = (uint8_t)rt->alpha_func;
         k->alpha_src = (uint8_t)rt->alpha_src_factor;
         k->alpha_dst = (uint8_t)rt->alpha_dst_factor;
      }
      k->cbytes = 4;
      jc->state.color = surface_base(cs, &jc->state.color_stride);
      if (!jc->state.color)
         return false;
      for (unsigned c = 0; c < 4; c++) {
         float v = ctx->blend_color.color[c];
         jc->state.blend_color[c] = !(v >= 0.0f) ? 0.0f : v > 1.0f ? 1.0f : v;
      }
   } else {
      k->colormask = 0;
      memset(k->cbyte, 0, sizeof k->cbyte);
   }
   tex_keys(jc, irexec_shader(fs->prog), k);   /* bound: its program is alive */
   return true;
}

/* ------------------------------------------------------------------ */
/* Variants                                                            */
/* ------------------------------------------------------------------ */

/* Queues a variant's compile, the job holding the shader and one of the
 * variant's users. */
static void
queue_variant(struct jitpipe_screen *js, struct jitpipe_fs *fs, struct jitpipe_variant *v)
{
   if (!jitpipe_fs_keep_ir(fs))
      return;   /* no memory for the IR's copy: it stays on swpipe's path */
   pthread_mutex_lock(&fs->lock);
   v->users++;   /* the compile job's */
   pthread_mutex_unlock(&fs->lock);
   jitpipe_fs_ref(fs);   /* the job's */
   jitpipe_compile_push(js, fs, v);
}

/* The variant of the current state for num_verts, held for the context
 * (users); a new one draws through swpipe's path until its compile, queued
 * at once without a threshold and else by variant_heat(), is done. */
static struct jitpipe_variant *
get_variant(struct jitpipe_context *jc, unsigned num_verts)
{
   struct jitpipe_fs *fs = jc->fs;
   struct jitpipe_screen *js = jc->screen;
   struct pony_jit_fs_key key = jc->key;
   struct jitpipe_variant *v;
   bool queue = false;

   key.num_verts = (uint8_t)num_verts;
   pthread_mutex_lock(&fs->lock);
   fs->clock++;
   for (v = fs->variants; v; v = v->next) {
      if (!memcmp(&v->key, &key, sizeof key))
         break;
   }
   if (!v) {
      if (fs->num_variants >= JITPIPE_MAX_VARIANTS) {
         /* evict the least recently used variant nothing holds (a queued
          * compile holds its variant) */
         struct jitpipe_variant **victim = NULL;
         for (struct jitpipe_variant **p = &fs->variants; *p; p = &(*p)->next) {
            if (!(*p)->users && (!victim || (*p)->last_use < (*victim)->last_use))
               victim = p;
         }
         if (victim) {
            struct jitpipe_variant *dead = *victim;
            *victim = dead->next;
            pony_jit_shader_destroy(dead->code);
            free(dead);
            fs->num_variants--;
            atomic_fetch_add(&js->variants_evicted, 1);
         }
      }
      v = calloc(1, sizeof *v);
      if (!v) {
         pthread_mutex_unlock(&fs->lock);
         return NULL;
      }
      v->key = key;
      atomic_init(&v->func, NULL);
      atomic_init(&v->heat, 0);
      v->next = fs->variants;
      fs->variants = v;
      fs->num_variants++;
      /* queued now only without a threshold; else once hot (variant_heat) */
      queue = !js->threshold;
   }
   v->last_use = fs->clock;
   v->users++;
   pthread_mutex_unlock(&fs->lock);
   if (queue)
      queue_variant(js, fs, v);   /* held by the context meanwhile: not evicted */
   return v;
}

/* ------------------------------------------------------------------ */
/* Batches: the quads of one primitive for its fused function          */
/* ------------------------------------------------------------------ */

void
jitpipe_batch_prim(struct jitpipe_batch *b, const struct swpipe_prim *prim)
{
   struct pony_jit_fs_quads *q = &b->q;
   unsigned n = prim->num_verts;

   q->ox = prim->ox;
   q->oy = prim->oy;
   memcpy(q->bary, prim->bary, sizeof q->bary);
   swpipe_prim_zplane(prim, q->zplane);
   /* inner_x / inner_y: the framebuffer's size minus 1 */
   q->depth_constant = pony_jit_fs_depth_constant(q, (unsigned)b->state->inner_x + 1u,
                                                  (unsigned)b->state->inner_y + 1u);
   for (unsigned i = 0; i < 3; i++) {
      q->win_w[i] = i < n ? prim->v[i]->win[3] : 0.0f;
      q->attr[i] = i < n && prim->v[i]->attr ? prim->v[i]->attr[0] : NULL;
   }
   q->front_facing = prim->front_facing;
}

void
jitpipe_batch_run(struct jitpipe_batch *b)
{
   if (!b->q.count)
      return;
   b->quads += b->q.count;
   pony_jit_fs_quads_pad(&b->q);
   b->samples += b->func(&b->q, b->state);
   b->q.count = 0;
}

void
jitpipe_batch_add(struct jitpipe_batch *b, int x, int y, unsigned mask)
{
   struct pony_jit_fs_quads *q = &b->q;
   q->x[q->count] = x;
   q->y[q->count] = y;
   q->mask[q->count] = mask;
   if (++q->count == PONY_JIT_FS_MAX_QUADS)
      jitpipe_batch_run(b);   /* the primitive's data stays for its next quads */
}

void
jitpipe_batch_add_run(struct jitpipe_batch *b, int x, int y, unsigned n)
{
   struct pony_jit_fs_quads *q = &b->q;
   while (n) {
      uint32_t c = q->count;
      unsigned k = PONY_JIT_FS_MAX_QUADS - c;
      if (k > n)
         k = n;
      /* local pointers: stores through q->x would make the compiler
       * reload q->count (an int it may alias) every time */
      int32_t *restrict xs = q->x + c, *restrict ys = q->y + c;
      uint32_t *restrict ms = q->mask + c;
      for (unsigned i = 0; i < k; i++) {
         xs[i] = x + 2 * (int)i;
         ys[i] = y;
         ms[i] = 0xf;
      }
      q->count = c + (uint32_t)k;
      x += 2 * (int)k;
      n -= k;
      if (q->count == PONY_JIT_FS_MAX_QUADS)
         jitpipe_batch_run(b);
   }
}

/* The batch's counts into the context's (occlusion queries, PONY_DEBUG=jit). */
static void
batch_collect(struct jitpipe_context *jc)
{
   jc->quads_fused += jc->batch.quads;
   jc->ctx->samples_passed += jc->batch.samples;
   jc->batch.quads = jc->batch.samples = 0;
}

/* The rasterizer's end of a primitive. */
static void
jitpipe_prim_done(void *priv)
{
   struct jitpipe_context *jc = priv;
   jitpipe_batch_run(&jc->batch);
   batch_collect(jc);
}

/* The current state's fused function for primitives of n vertices, NULL
 * while it compiles or when it failed (the variant is looked up, or
 * queued, once per state and kind of primitive, on the calling thread). */
static pony_jit_fs_func
current_func(struct jitpipe_context *jc, unsigned n)
{
   struct jitpipe_variant *v = jc->cur[n];
   if (!v) {
      if (!jc->cur_fs) {
         jitpipe_fs_ref(jc->fs);
         jc->cur_fs = jc->fs;
      }
      v = jc->cur[n] = get_variant(jc, n);
   }
   return v ? atomic_load_explicit(&v->func, memory_order_acquire) : NULL;
}

/* quads of the current state's primitives of n vertices drew on swpipe's
 * path while their variant waited: queue its compile once they are enough
 * (JITPIPE_THRESHOLD). */
static void
variant_heat(struct jitpipe_context *jc, unsigned n, unsigned quads)
{
   struct jitpipe_variant *v = n < 4 ? jc->cur[n] : NULL;

   jc->quads_waiting += quads;
   if (v && jitpipe_heat_add(&v->heat, quads, jc->screen->threshold))
      queue_variant(jc->screen, jc->cur_fs, v);
}

/* Starts collecting the quads of `quad`'s primitive; false when it has no
 * fused function (yet): its quads take swpipe's path. */
static bool
batch_begin(struct jitpipe_context *jc, const struct swpipe_quad *quad)
{
   const struct swpipe_prim *prim = quad->prim;
   unsigned n = prim->num_verts;

   if (n < 1 || n > 3)
      return false;
   pony_jit_fs_func func = current_func(jc, n);
   for (unsigned i = 0; i < n && func; i++) {
      if (!prim->v[i]->attr && jc->key.num_inputs)
         func = NULL;
   }
   if (!func)
      return false;
   jc->batch.func = func;
   jc->batch.state = &jc->state;
   jitpipe_batch_prim(&jc->batch, prim);
   return true;
}

/* A quad of the current primitive, collected for its fused function. */
static void
jitpipe_quad_emit(void *priv, const struct swpipe_quad *quad)
{
   struct jitpipe_context *jc = priv;

   if (!jc->batch.q.count && !batch_begin(jc, quad)) {
      variant_heat(jc, quad->prim->num_verts, 1);
      swpipe_quad_run(jc->ctx, quad);
      return;
   }
   jitpipe_batch_add(&jc->batch, quad->x, quad->y, quad->mask);
}

/* n whole quads of the current primitive along a row. */
static void
jitpipe_run_emit(void *priv, const struct swpipe_quad *first, unsigned n)
{
   struct jitpipe_context *jc = priv;

   if (!jc->batch.q.count && !batch_begin(jc, first)) {
      struct swpipe_quad q = *first;
      variant_heat(jc, first->prim->num_verts, n);
      for (unsigned i = 0; i < n; i++, q.x += 2)
         swpipe_quad_run(jc->ctx, &q);
      return;
   }
   jitpipe_batch_add_run(&jc->batch, first->x, first->y, n);
}

/* ------------------------------------------------------------------ */
/* Tiles (jitpipe_tiles.c)                                             */
/* ------------------------------------------------------------------ */

pony_jit_fs_func
jitpipe_draw_tri_func(struct swpipe_context *ctx, const struct pony_jit_fs_state **state,
                      unsigned *num_attrs)
{
   struct jitpipe_context *jc = ctx->driver_priv;

   if (!jc || !jc->fast || ctx->ds->rast.emit != jitpipe_quad_emit)
      return NULL;
   pony_jit_fs_func func = current_func(jc, 3);
   if (!func)
      return NULL;
   *state = &jc->state;
   *num_attrs = jc->tri_attrs;
   return func;
}

struct jitpipe_tiles *
jitpipe_context_tiles(struct swpipe_context *ctx)
{
   struct jitpipe_context *jc = ctx->driver_priv;
   return jc ? jc->tiles : NULL;
}

void
jitpipe_draw_count_fused(struct swpipe_context *ctx, uint64_t quads)
{
   struct jitpipe_context *jc = ctx->driver_priv;
   if (jc)
      jc->quads_fused += quads;
}

/* A quad of a state outside the fused functions: swpipe's path, whose
 * fs_run_quad runs the shader alone once it is compiled (queued once its
 * quads are enough, JITPIPE_THRESHOLD). */
static void
swpipe_path_quad(void *priv, const struct swpipe_quad *quad)
{
   struct jitpipe_context *jc = priv;
   struct jitpipe_fs *fs = jc->ctx->ds->fs_driver;

   jc->quads_swpipe++;
   /* counted until queued (a load, not an atomic add, per quad after that) */
   if (fs && !atomic_load_explicit(&fs->alone_queued, memory_order_relaxed) &&
       jitpipe_heat_add(&fs->alone_heat, 1, jc->screen->threshold))
      jitpipe_fs_want_alone(fs);
   swpipe_quad_run(jc->ctx, quad);
}

void
jitpipe_draw_validate(struct swpipe_context *ctx, unsigned dirty)
{
   struct jitpipe_context *jc = ctx->driver_priv;
   struct swpipe_draw_state *ds = ctx->ds;
   struct pony_jit_fs_key key;
   /* what the key, jc->state and the emit callbacks do not depend on */
   const unsigned unkeyed = SWPIPE_NEW_VERTEX_ELEMENTS | SWPIPE_NEW_VERTEX_BUFFERS |
                            SWPIPE_NEW_SO | SWPIPE_NEW_CLIP | SWPIPE_NEW_RENDER_COND;

   if (!jc)
      return;
   if (jc->validated && !(dirty & ~unkeyed))
      return;   /* a draw of the same state (the vertex input aside): the bins stay */
   /* the binned triangles read jc->state and the held variants */
   jitpipe_tiles_flush(jc->tiles);
   jc->validated = true;
   /* the state's constant buffers and step budget, as irexec gets them */
   for (unsigned i = 0; i < PONY_JIT_MAX_CBUFS; i++) {
      jc->cbufs[i].data = i < IREXEC_MAX_CBUFS ? ds->fs_env.cbufs[i].data : NULL;
      jc->cbufs[i].size = jc->cbufs[i].data ? ds->fs_env.cbufs[i].size : 0;
   }
   jc->sysvals.max_steps = ds->fs_env.max_steps;
   jc->sysvals.sampler = ds->fs_env.sampler;

   bool fast = build_key(jc, &key);
   struct jitpipe_fs *fs = fast ? ds->fs_driver : NULL;
   if (!fast || fs != jc->fs || memcmp(&key, &jc->key, sizeof key)) {
      /* a new variant set: the held ones go back */
      release_current(jc);
      jc->key = key;
      jc->fs = fs;
   }
   jc->fast = fast;
   jc->tri_attrs = 0;
   for (unsigned s = 0; fast && s < key.num_inputs; s++) {
      if (key.inputs[s].kind != PONY_JIT_FS_IN_ZERO && key.inputs[s].attr + 1u > jc->tri_attrs)
         jc->tri_attrs = key.inputs[s].attr + 1u;
   }
   ds->rast.prim_done = NULL;
   ds->rast.emit_run = NULL;
   if (fast) {
      ds->rast.emit = jitpipe_quad_emit;
      ds->rast.emit_run = jitpipe_run_emit;
      ds->rast.emit_priv = jc;
      ds->rast.prim_done = jitpipe_prim_done;
   } else {
      ds->rast.emit = swpipe_path_quad;
      ds->rast.emit_priv = jc;
   }
}
