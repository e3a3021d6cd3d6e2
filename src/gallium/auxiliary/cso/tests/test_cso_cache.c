/*
 * The CSO cache against a fake pipe_context that counts create/bind/delete
 * calls per kind and records every misuse: deleting a bound object,
 * deleting twice, binding a deleted object.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cso/cso_cache.h"

static int failures;

#define CHECK(cond, ...)                                                  \
   do {                                                                   \
      if (!(cond)) {                                                      \
         fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);  \
         fprintf(stderr, __VA_ARGS__);                                    \
         fprintf(stderr, "\n");                                           \
         failures++;                                                      \
      }                                                                   \
   } while (0)

#define CHECK_EQ(a, b)                                                    \
   do {                                                                   \
      long long va_ = (long long)(a), vb_ = (long long)(b);               \
      CHECK(va_ == vb_, "%s = %lld, expected %lld", #a, va_, vb_);        \
   } while (0)

/* --- the fake driver ----------------------------------------------------- */

enum { K_BLEND, K_DSA, K_RAST, K_SAMPLER, K_VELEMS, K_COUNT };

struct fake_obj {
   unsigned kind;
   bool deleted;
   unsigned ve_count;
   union {
      struct pipe_blend_state blend;
      struct pipe_depth_stencil_alpha_state dsa;
      struct pipe_rasterizer_state rast;
      struct pipe_sampler_state sampler;
      struct pipe_vertex_element velems[PIPE_MAX_ATTRIBS];
   } t;
};

struct fake_pipe {
   struct pipe_context base;
   unsigned creates[K_COUNT], binds[K_COUNT], deletes[K_COUNT];
   struct fake_obj *bound[K_COUNT];
   struct fake_obj *bound_samplers[PIPE_SHADER_TYPES][PIPE_MAX_SAMPLERS];
   /* the last bind_sampler_states call */
   unsigned last_sampler_start, last_sampler_count;
   enum pipe_shader_type last_sampler_stage;
   unsigned misuse;
   bool fail_create;
   struct fake_obj **objs;
   unsigned num_objs;
};

static struct fake_pipe *
fake(struct pipe_context *p)
{
   return (struct fake_pipe *)p;
}

static void *
fake_create(struct pipe_context *p, unsigned kind, const void *templ, size_t size,
            unsigned ve_count)
{
   struct fake_pipe *f = fake(p);
   if (f->fail_create)
      return NULL;
   struct fake_obj *o = calloc(1, sizeof(*o));
   o->kind = kind;
   o->ve_count = ve_count;
   memcpy(&o->t, templ, size);
   f->objs = realloc(f->objs, (f->num_objs + 1) * sizeof(*f->objs));
   f->objs[f->num_objs++] = o;
   f->creates[kind]++;
   return o;
}

static bool
fake_is_bound(struct fake_pipe *f, struct fake_obj *o)
{
   if (o->kind != K_SAMPLER)
      return f->bound[o->kind] == o;
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++)
      for (unsigned i = 0; i < PIPE_MAX_SAMPLERS; i++)
         if (f->bound_samplers[s][i] == o)
            return true;
   return false;
}

static void
fake_delete(struct pipe_context *p, unsigned kind, void *h)
{
   struct fake_pipe *f = fake(p);
   struct fake_obj *o = h;
   if (!o || o->kind != kind || o->deleted || fake_is_bound(f, o)) {
      f->misuse++;
      return;
   }
   o->deleted = true;
   f->deletes[kind]++;
}

static void
fake_bind(struct pipe_context *p, unsigned kind, void *h)
{
   struct fake_pipe *f = fake(p);
   struct fake_obj *o = h;
   if (o && (o->deleted || o->kind != kind))
      f->misuse++;
   f->bound[kind] = o;
   f->binds[kind]++;
}

static void *
create_blend(struct pipe_context *p, const struct pipe_blend_state *t)
{
   return fake_create(p, K_BLEND, t, sizeof(*t), 0);
}
static void bind_blend(struct pipe_context *p, void *h) { fake_bind(p, K_BLEND, h); }
static void delete_blend(struct pipe_context *p, void *h) { fake_delete(p, K_BLEND, h); }

static void *
create_dsa(struct pipe_context *p, const struct pipe_depth_stencil_alpha_state *t)
{
   return fake_create(p, K_DSA, t, sizeof(*t), 0);
}
static void bind_dsa(struct pipe_context *p, void *h) { fake_bind(p, K_DSA, h); }
static void delete_dsa(struct pipe_context *p, void *h) { fake_delete(p, K_DSA, h); }

static void *
create_rast(struct pipe_context *p, const struct pipe_rasterizer_state *t)
{
   return fake_create(p, K_RAST, t, sizeof(*t), 0);
}
static void bind_rast(struct pipe_context *p, void *h) { fake_bind(p, K_RAST, h); }
static void delete_rast(struct pipe_context *p, void *h) { fake_delete(p, K_RAST, h); }

static void *
create_sampler(struct pipe_context *p, const struct pipe_sampler_state *t)
{
   return fake_create(p, K_SAMPLER, t, sizeof(*t), 0);
}

static void
bind_samplers(struct pipe_context *p, enum pipe_shader_type stage, unsigned start,
              unsigned count, void **handles)
{
   struct fake_pipe *f = fake(p);
   if (start + count > PIPE_MAX_SAMPLERS || count == 0) {
      f->misuse++;
      return;
   }
   for (unsigned i = 0; i < count; i++) {
      struct fake_obj *o = handles[i];
      if (o && (o->deleted || o->kind != K_SAMPLER))
         f->misuse++;
      f->bound_samplers[stage][start + i] = o;
   }
   f->binds[K_SAMPLER]++;
   f->last_sampler_stage = stage;
   f->last_sampler_start = start;
   f->last_sampler_count = count;
}
static void delete_sampler(struct pipe_context *p, void *h) { fake_delete(p, K_SAMPLER, h); }

static void *
create_velems(struct pipe_context *p, unsigned count, const struct pipe_vertex_element *e)
{
   return fake_create(p, K_VELEMS, e, count * sizeof(*e), count);
}
static void bind_velems(struct pipe_context *p, void *h) { fake_bind(p, K_VELEMS, h); }
static void delete_velems(struct pipe_context *p, void *h) { fake_delete(p, K_VELEMS, h); }

static struct fake_pipe *
fake_create_pipe(void)
{
   struct fake_pipe *f = calloc(1, sizeof(*f));
   struct pipe_context *p = &f->base;
   p->create_blend_state = create_blend;
   p->bind_blend_state = bind_blend;
   p->delete_blend_state = delete_blend;
   p->create_depth_stencil_alpha_state = create_dsa;
   p->bind_depth_stencil_alpha_state = bind_dsa;
   p->delete_depth_stencil_alpha_state = delete_dsa;
   p->create_rasterizer_state = create_rast;
   p->bind_rasterizer_state = bind_rast;
   p->delete_rasterizer_state = delete_rast;
   p->create_sampler_state = create_sampler;
   p->bind_sampler_states = bind_samplers;
   p->delete_sampler_state = delete_sampler;
   p->create_vertex_elements_state = create_velems;
   p->bind_vertex_elements_state = bind_velems;
   p->delete_vertex_elements_state = delete_velems;
   return f;
}

static unsigned
fake_live(const struct fake_pipe *f, unsigned kind)
{
   return f->creates[kind] - f->deletes[kind];
}

/* After cso_destroy_context: everything created was deleted once, nothing
 * is left bound, no misuse. */
static void
fake_check_and_free(struct fake_pipe *f, const char *what)
{
   for (unsigned k = 0; k < K_COUNT; k++) {
      CHECK(f->creates[k] == f->deletes[k], "%s: kind %u: %u created, %u deleted", what, k,
            f->creates[k], f->deletes[k]);
      CHECK(f->bound[k] == NULL, "%s: kind %u still bound", what, k);
   }
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++)
      for (unsigned i = 0; i < PIPE_MAX_SAMPLERS; i++)
         CHECK(f->bound_samplers[s][i] == NULL, "%s: sampler %u/%u still bound", what, s, i);
   unsigned not_deleted = 0;
   for (unsigned i = 0; i < f->num_objs; i++) {
      not_deleted += !f->objs[i]->deleted;
      free(f->objs[i]);
   }
   CHECK(not_deleted == 0, "%s: %u objects never deleted", what, not_deleted);
   CHECK(f->misuse == 0, "%s: %u misuses of the pipe context", what, f->misuse);
   free(f->objs);
   free(f);
}

/* --- templates ------------------------------------------------------------ */

/* Each builder starts from memset(0), as front ends must. */
static void
make_blend(struct pipe_blend_state *b, unsigned colormask, bool enable)
{
   memset(b, 0, sizeof(*b));
   b->rt[0].blend_enable = enable;
   b->rt[0].rgb_src_factor = 1;
   b->rt[0].rgb_dst_factor = 2;
   b->rt[0].colormask = colormask;
}

static void
make_dsa(struct pipe_depth_stencil_alpha_state *d, unsigned func, float alpha_ref)
{
   memset(d, 0, sizeof(*d));
   d->depth_enabled = 1;
   d->depth_writemask = 1;
   d->depth_func = func;
   d->alpha_ref_value = alpha_ref;
   d->stencil[0].valuemask = 0xff;
}

static void
make_rast(struct pipe_rasterizer_state *r, float line_width)
{
   memset(r, 0, sizeof(*r));
   r->half_pixel_center = 1;
   r->depth_clip_near = r->depth_clip_far = 1;
   r->line_width = line_width;
   r->point_size = 1.0f;
}

static void
make_sampler(struct pipe_sampler_state *s, float lod_bias)
{
   memset(s, 0, sizeof(*s));
   s->wrap_s = s->wrap_t = s->wrap_r = 1;
   s->normalized_coords = 1;
   s->lod_bias = lod_bias;
   s->max_lod = 1000.0f;
}

static void
make_velems(struct pipe_vertex_element *e, unsigned count, unsigned stride)
{
   memset(e, 0, count * sizeof(*e));
   for (unsigned i = 0; i < count; i++) {
      e[i].src_offset = (uint16_t)(i * stride);
      e[i].src_format = (enum pipe_format)(1 + i);
   }
}

/* --- tests ---------------------------------------------------------------- */

static void
test_identical_templates(void)
{
   struct fake_pipe *f = fake_create_pipe();
   struct cso_context *cso = cso_create_context(&f->base);
   CHECK(cso != NULL, "create");
   CHECK(cso_get_pipe(cso) == &f->base, "pipe");

   /* Two templates built separately from the same values. */
   struct pipe_blend_state b1, b2;
   make_blend(&b1, 0xf, true);
   make_blend(&b2, 0xf, true);
   CHECK_EQ(cso_set_blend(cso, &b1), PIPE_OK);
   CHECK_EQ(cso_set_blend(cso, &b2), PIPE_OK);
   CHECK_EQ(f->creates[K_BLEND], 1);
   CHECK_EQ(f->binds[K_BLEND], 1);

   struct pipe_depth_stencil_alpha_state d1, d2;
   make_dsa(&d1, 3, 0.5f);
   make_dsa(&d2, 3, 0.5f);
   cso_set_depth_stencil_alpha(cso, &d1);
   cso_set_depth_stencil_alpha(cso, &d2);
   CHECK_EQ(f->creates[K_DSA], 1);
   CHECK_EQ(f->binds[K_DSA], 1);

   struct pipe_rasterizer_state r1, r2;
   make_rast(&r1, 2.0f);
   make_rast(&r2, 2.0f);
   cso_set_rasterizer(cso, &r1);
   cso_set_rasterizer(cso, &r2);
   CHECK_EQ(f->creates[K_RAST], 1);
   CHECK_EQ(f->binds[K_RAST], 1);
   CHECK(f->bound[K_RAST] && f->bound[K_RAST]->t.rast.line_width == 2.0f,
         "the driver saw the template");

   struct pipe_sampler_state s1, s2;
   make_sampler(&s1, 0.25f);
   make_sampler(&s2, 0.25f);
   const struct pipe_sampler_state *one[1] = { &s1 };
   const struct pipe_sampler_state *two[1] = { &s2 };
   cso_set_samplers(cso, PIPE_SHADER_FRAGMENT, 1, one);
   cso_set_samplers(cso, PIPE_SHADER_FRAGMENT, 1, two);
   CHECK_EQ(f->creates[K_SAMPLER], 1);
   CHECK_EQ(f->binds[K_SAMPLER], 1);

   struct pipe_vertex_element e1[3], e2[3];
   make_velems(e1, 3, 16);
   make_velems(e2, 3, 16);
   cso_set_vertex_elements(cso, 3, e1);
   cso_set_vertex_elements(cso, 3, e2);
   CHECK_EQ(f->creates[K_VELEMS], 1);
   CHECK_EQ(f->binds[K_VELEMS], 1);
   CHECK(f->bound[K_VELEMS] && f->bound[K_VELEMS]->ve_count == 3 &&
         f->bound[K_VELEMS]->t.velems[2].src_offset == 32, "velems reached the driver");

   struct cso_stats st;
   cso_get_stats(cso, CSO_BLEND, &st);
   CHECK(st.hits == 1 && st.misses == 1 && st.count == 1 && st.evictions == 0 &&
         st.max == CSO_DEFAULT_CACHE_SIZE, "blend stats %llu/%llu/%u",
         (unsigned long long)st.hits, (unsigned long long)st.misses, st.count);

   cso_destroy_context(cso);
   fake_check_and_free(f, "identical");
}

static void
test_different_templates(void)
{
   struct fake_pipe *f = fake_create_pipe();
   struct cso_context *cso = cso_create_context(&f->base);

   /* One field apart: two objects; going back is a hit but a new bind. */
   struct pipe_depth_stencil_alpha_state d;
   make_dsa(&d, 3, 0.5f);
   cso_set_depth_stencil_alpha(cso, &d);
   struct fake_obj *first = f->bound[K_DSA];
   make_dsa(&d, 3, 0.75f);
   cso_set_depth_stencil_alpha(cso, &d);
   CHECK_EQ(f->creates[K_DSA], 2);
   CHECK(f->bound[K_DSA] != first, "a second object");
   make_dsa(&d, 3, 0.5f);
   cso_set_depth_stencil_alpha(cso, &d);
   CHECK_EQ(f->creates[K_DSA], 2);
   CHECK_EQ(f->binds[K_DSA], 3);
   CHECK(f->bound[K_DSA] == first, "the first object again");

   /* Every single bit of the rasterizer's bitfield word, and each float,
    * gives its own object (the whole template is the key). */
   struct pipe_rasterizer_state base, r;
   make_rast(&base, 1.0f);
   unsigned before = f->creates[K_RAST];
   unsigned expect = 0;
   cso_set_rasterizer(cso, &base);
   expect++;
   for (unsigned byte = 0; byte < sizeof(r); byte++) {
      r = base;
      ((uint8_t *)&r)[byte] ^= 0x10;
      cso_set_rasterizer(cso, &r);
      expect++;
   }
   CHECK_EQ(f->creates[K_RAST] - before, expect);

   /* Vertex elements: the count is part of the key. */
   struct pipe_vertex_element e[3];
   make_velems(e, 3, 8);
   cso_set_vertex_elements(cso, 3, e);
   cso_set_vertex_elements(cso, 2, e);
   cso_set_vertex_elements(cso, 0, NULL);
   CHECK_EQ(f->creates[K_VELEMS], 3);
   CHECK(f->bound[K_VELEMS] && f->bound[K_VELEMS]->ve_count == 0, "empty vertex elements");
   cso_set_vertex_elements(cso, 2, e);
   CHECK_EQ(f->creates[K_VELEMS], 3);
   CHECK_EQ(f->binds[K_VELEMS], 4);

   cso_destroy_context(cso);
   fake_check_and_free(f, "different");
}

static void
test_blend_prefix(void)
{
   struct fake_pipe *f = fake_create_pipe();
   struct cso_context *cso = cso_create_context(&f->base);
   struct pipe_blend_state b;

   /* Independent blend off: only rt[0] counts. */
   make_blend(&b, 0xf, true);
   b.rt[1].colormask = 0x3;
   cso_set_blend(cso, &b);
   struct fake_obj *o = f->bound[K_BLEND];
   CHECK(o && o->t.blend.rt[1].colormask == 0, "unused rt[1] zeroed for the driver");
   make_blend(&b, 0xf, true);
   b.rt[1].colormask = 0x5;
   b.rt[7].blend_enable = 1;
   cso_set_blend(cso, &b);
   CHECK_EQ(f->creates[K_BLEND], 1);
   CHECK(f->bound[K_BLEND] == o, "same object");

   /* Independent blend on with max_rt 1: rt[0..1] count, rt[2..] do not. */
   make_blend(&b, 0xf, true);
   b.independent_blend_enable = 1;
   b.max_rt = 1;
   b.rt[1].colormask = 0x3;
   cso_set_blend(cso, &b);
   CHECK_EQ(f->creates[K_BLEND], 2);
   struct fake_obj *ind = f->bound[K_BLEND];
   CHECK(ind && ind->t.blend.rt[1].colormask == 0x3, "rt[1] reaches the driver");
   b.rt[2].colormask = 0x1;
   b.rt[5].blend_enable = 1;
   cso_set_blend(cso, &b);
   CHECK_EQ(f->creates[K_BLEND], 2);
   CHECK(ind && ind->t.blend.rt[2].colormask == 0, "rt[2] zeroed for the driver");
   b.rt[1].colormask = 0x7;
   cso_set_blend(cso, &b);
   CHECK_EQ(f->creates[K_BLEND], 3);

   /* Independent on, max_rt 0 differs from off (the header bytes differ). */
   make_blend(&b, 0xf, true);
   b.independent_blend_enable = 1;
   cso_set_blend(cso, &b);
   CHECK_EQ(f->creates[K_BLEND], 4);
   /* max_rt 7: all eight targets count. */
   make_blend(&b, 0xf, true);
   b.independent_blend_enable = 1;
   b.max_rt = 7;
   cso_set_blend(cso, &b);
   b.rt[7].colormask = 1;
   cso_set_blend(cso, &b);
   CHECK_EQ(f->creates[K_BLEND], 6);

   cso_destroy_context(cso);
   fake_check_and_free(f, "blend prefix");
}

static void
test_samplers(void)
{
   struct fake_pipe *f = fake_create_pipe();
   struct cso_context *cso = cso_create_context(&f->base);
   struct pipe_sampler_state a, b, c;
   make_sampler(&a, 0.0f);
   make_sampler(&b, 1.0f);
   make_sampler(&c, 2.0f);

   const struct pipe_sampler_state *aba[3] = { &a, &b, &a };
   CHECK_EQ(cso_set_samplers(cso, PIPE_SHADER_FRAGMENT, 3, aba), PIPE_OK);
   CHECK_EQ(f->creates[K_SAMPLER], 2);
   CHECK_EQ(f->binds[K_SAMPLER], 1);
   CHECK(f->last_sampler_start == 0 && f->last_sampler_count == 3, "range %u+%u",
         f->last_sampler_start, f->last_sampler_count);
   struct fake_obj **fs = f->bound_samplers[PIPE_SHADER_FRAGMENT];
   CHECK(fs[0] && fs[0] == fs[2] && fs[1] && fs[1] != fs[0], "slots share the object");

   /* Slot 0 keeps a, slot 1 becomes c, slot 2 is unbound: one call for 1..2. */
   const struct pipe_sampler_state *ac[2] = { &a, &c };
   cso_set_samplers(cso, PIPE_SHADER_FRAGMENT, 2, ac);
   CHECK_EQ(f->creates[K_SAMPLER], 3);
   CHECK_EQ(f->binds[K_SAMPLER], 2);
   CHECK(f->last_sampler_start == 1 && f->last_sampler_count == 2, "range %u+%u",
         f->last_sampler_start, f->last_sampler_count);
   CHECK(fs[2] == NULL && fs[1] && fs[1]->t.sampler.lod_bias == 2.0f, "slots 1, 2");

   /* The same again: no driver call. */
   cso_set_samplers(cso, PIPE_SHADER_FRAGMENT, 2, ac);
   CHECK_EQ(f->binds[K_SAMPLER], 2);

   /* A NULL template leaves a hole; only slot 0 changes. */
   const struct pipe_sampler_state *hole[2] = { NULL, &c };
   cso_set_samplers(cso, PIPE_SHADER_FRAGMENT, 2, hole);
   CHECK(f->last_sampler_start == 0 && f->last_sampler_count == 1 && fs[0] == NULL,
         "hole %u+%u", f->last_sampler_start, f->last_sampler_count);

   /* Another stage shares the cached objects. */
   const struct pipe_sampler_state *vs[1] = { &b };
   cso_set_samplers(cso, PIPE_SHADER_VERTEX, 1, vs);
   CHECK_EQ(f->creates[K_SAMPLER], 3);
   CHECK(f->last_sampler_stage == PIPE_SHADER_VERTEX, "vertex stage bound");

   /* Count 0 unbinds the rest. */
   cso_set_samplers(cso, PIPE_SHADER_FRAGMENT, 0, NULL);
   CHECK(fs[1] == NULL, "fragment slots unbound");

   cso_destroy_context(cso);
   fake_check_and_free(f, "samplers");
}

static void
test_eviction(void)
{
   struct fake_pipe *f = fake_create_pipe();
   struct cso_context *cso = cso_create_context(&f->base);
   struct pipe_blend_state b;
   struct cso_stats st;

   /* max 4 (4 / 8 = 0: exact).  b0..b3, touch b0, add b4: b1 goes. */
   cso_set_cache_size(cso, CSO_BLEND, 4);
   for (unsigned i = 0; i < 4; i++) {
      make_blend(&b, i, false);
      cso_set_blend(cso, &b);
   }
   make_blend(&b, 0, false);
   cso_set_blend(cso, &b);
   make_blend(&b, 4, false);
   cso_set_blend(cso, &b);
   CHECK_EQ(f->creates[K_BLEND], 5);
   CHECK_EQ(f->deletes[K_BLEND], 1);
   make_blend(&b, 0, false);
   cso_set_blend(cso, &b);
   CHECK_EQ(f->creates[K_BLEND], 5);   /* b0 survived: it was used recently */
   make_blend(&b, 1, false);
   cso_set_blend(cso, &b);
   CHECK_EQ(f->creates[K_BLEND], 6);   /* b1 was evicted */
   cso_get_stats(cso, CSO_BLEND, &st);
   CHECK(st.count == 4 && st.evictions == 2, "count %u evictions %llu", st.count,
         (unsigned long long)st.evictions);

   /* Many objects through a cache of 4: the bound one is never deleted
    * (fake_delete counts a misuse if it were). */
   for (unsigned i = 0; i < 12; i++) {
      make_blend(&b, 8 + i % 8, i % 2);
      cso_set_blend(cso, &b);
      CHECK(f->bound[K_BLEND] && !f->bound[K_BLEND]->deleted, "bound object alive");
   }
   cso_get_stats(cso, CSO_BLEND, &st);
   CHECK(st.count <= 4, "count %u", st.count);
   CHECK_EQ(fake_live(f, K_BLEND), st.count);

   /* A saved object survives while others stream through. */
   make_blend(&b, 0xa, true);
   cso_set_blend(cso, &b);
   struct fake_obj *saved = f->bound[K_BLEND];
   cso_save_state(cso, CSO_BIT_BLEND);
   for (unsigned i = 0; i < 10; i++) {
      make_blend(&b, i, true);
      cso_set_blend(cso, &b);
   }
   CHECK(!saved->deleted, "saved object deleted");
   unsigned binds = f->binds[K_BLEND];
   cso_restore_state(cso);
   CHECK(f->bound[K_BLEND] == saved && f->binds[K_BLEND] == binds + 1, "restored");

   /* Cache size 1 with a bound and a saved object: both stay, over the max. */
   cso_save_state(cso, CSO_BIT_BLEND);
   make_blend(&b, 0x1, false);
   cso_set_blend(cso, &b);
   cso_set_cache_size(cso, CSO_BLEND, 1);
   cso_get_stats(cso, CSO_BLEND, &st);
   CHECK(st.count == 2 && st.max == 1, "pinned over the max: %u", st.count);
   cso_restore_state(cso);
   cso_get_stats(cso, CSO_BLEND, &st);
   CHECK(st.count == 1 && f->bound[K_BLEND] == saved, "after restore: %u", st.count);

   /* Chunks: max 16 evicts down to 14 when the 17th arrives. */
   struct pipe_rasterizer_state r;
   cso_set_cache_size(cso, CSO_RASTERIZER, 16);
   for (unsigned i = 0; i < 17; i++) {
      make_rast(&r, 1.0f + (float)i);
      cso_set_rasterizer(cso, &r);
   }
   cso_get_stats(cso, CSO_RASTERIZER, &st);
   CHECK(st.count == 14 && st.evictions == 3, "chunk: count %u evictions %llu", st.count,
         (unsigned long long)st.evictions);

   /* Samplers: four bound at once with max 2 stay; rebinding one evicts
    * the unbound rest down to the max. */
   cso_set_cache_size(cso, CSO_SAMPLER, 2);
   struct pipe_sampler_state s[4];
   const struct pipe_sampler_state *sp[4];
   for (unsigned i = 0; i < 4; i++) {
      make_sampler(&s[i], (float)i);
      sp[i] = &s[i];
   }
   cso_set_samplers(cso, PIPE_SHADER_FRAGMENT, 4, sp);
   cso_get_stats(cso, CSO_SAMPLER, &st);
   CHECK(st.count == 4 && st.evictions == 0, "4 bound samplers kept: %u", st.count);
   cso_set_samplers(cso, PIPE_SHADER_FRAGMENT, 1, sp + 3);
   cso_get_stats(cso, CSO_SAMPLER, &st);
   CHECK(st.count == 2 && st.evictions == 2, "samplers after unbinding: %u", st.count);
   CHECK_EQ(fake_live(f, K_SAMPLER), 2);

   cso_destroy_context(cso);
   fake_check_and_free(f, "eviction");
}

static void
test_save_restore(void)
{
   struct fake_pipe *f = fake_create_pipe();
   struct cso_context *cso = cso_create_context(&f->base);
   struct pipe_blend_state b;
   struct pipe_depth_stencil_alpha_state d;
   struct pipe_rasterizer_state r;
   struct pipe_sampler_state s0, s1;
   struct pipe_vertex_element e[2];

   make_blend(&b, 0xf, false);
   make_dsa(&d, 1, 0.0f);
   make_rast(&r, 1.0f);
   make_sampler(&s0, 0.0f);
   make_sampler(&s1, 1.0f);
   make_velems(e, 2, 4);
   const struct pipe_sampler_state *two[2] = { &s0, &s1 };
   cso_set_blend(cso, &b);
   cso_set_depth_stencil_alpha(cso, &d);
   /* the rasterizer is left unbound: restoring binds NULL */
   cso_set_samplers(cso, PIPE_SHADER_FRAGMENT, 2, two);
   cso_set_vertex_elements(cso, 2, e);
   struct fake_obj *ob = f->bound[K_BLEND], *od = f->bound[K_DSA], *ov = f->bound[K_VELEMS];
   struct fake_obj *os0 = f->bound_samplers[PIPE_SHADER_FRAGMENT][0];
   struct fake_obj *os1 = f->bound_samplers[PIPE_SHADER_FRAGMENT][1];

   cso_save_state(cso, CSO_BIT_BLEND | CSO_BIT_RASTERIZER | CSO_BIT_FRAGMENT_SAMPLERS |
                       CSO_BIT_VERTEX_ELEMENTS);
   /* A meta operation's state. */
   make_blend(&b, 0x1, true);
   make_dsa(&d, 7, 1.0f);
   make_rast(&r, 3.0f);
   make_velems(e, 1, 0);
   const struct pipe_sampler_state *one[1] = { &s1 };
   cso_set_blend(cso, &b);
   cso_set_depth_stencil_alpha(cso, &d);
   cso_set_rasterizer(cso, &r);
   cso_set_samplers(cso, PIPE_SHADER_FRAGMENT, 1, one);
   cso_set_vertex_elements(cso, 1, e);
   struct fake_obj *meta_dsa = f->bound[K_DSA];
   unsigned dsa_binds = f->binds[K_DSA];
   cso_restore_state(cso);

   CHECK(f->bound[K_BLEND] == ob, "blend restored");
   CHECK(f->bound[K_RAST] == NULL, "rasterizer restored to none");
   CHECK(f->bound[K_VELEMS] == ov, "velems restored");
   CHECK(f->bound[K_DSA] == meta_dsa && f->binds[K_DSA] == dsa_binds, "DSA not saved: kept");
   CHECK(od != meta_dsa, "DSA objects differ");
   CHECK(f->bound_samplers[PIPE_SHADER_FRAGMENT][0] == os0 &&
         f->bound_samplers[PIPE_SHADER_FRAGMENT][1] == os1, "samplers restored");

   /* Restoring with nothing saved changes nothing. */
   unsigned total_binds = 0;
   for (unsigned k = 0; k < K_COUNT; k++)
      total_binds += f->binds[k];
   cso_save_state(cso, 0);
   cso_restore_state(cso);
   unsigned total_after = 0;
   for (unsigned k = 0; k < K_COUNT; k++)
      total_after += f->binds[k];
   CHECK_EQ(total_after, total_binds);

   cso_destroy_context(cso);
   fake_check_and_free(f, "save/restore");
}

static void
test_failures_and_invalidate(void)
{
   struct fake_pipe *f = fake_create_pipe();
   struct cso_context *cso = cso_create_context(&f->base);
   struct pipe_rasterizer_state r;
   struct cso_stats st;

   make_rast(&r, 1.0f);
   cso_set_rasterizer(cso, &r);
   struct fake_obj *o = f->bound[K_RAST];

   /* create fails: error, binding unchanged, nothing cached. */
   f->fail_create = true;
   make_rast(&r, 5.0f);
   CHECK_EQ(cso_set_rasterizer(cso, &r), PIPE_ERROR_OUT_OF_MEMORY);
   CHECK(f->bound[K_RAST] == o, "binding kept");
   struct pipe_sampler_state s;
   make_sampler(&s, 0.5f);
   const struct pipe_sampler_state *sp[1] = { &s };
   CHECK_EQ(cso_set_samplers(cso, PIPE_SHADER_FRAGMENT, 1, sp), PIPE_ERROR_OUT_OF_MEMORY);
   CHECK_EQ(f->binds[K_SAMPLER], 0);
   f->fail_create = false;
   CHECK_EQ(cso_set_rasterizer(cso, &r), PIPE_OK);
   cso_get_stats(cso, CSO_RASTERIZER, &st);
   CHECK(st.count == 2 && st.misses == 2, "after a failed create: %u %llu", st.count,
         (unsigned long long)st.misses);

   /* After invalidation the same template binds again. */
   unsigned binds = f->binds[K_RAST];
   cso_invalidate_bindings(cso);
   cso_set_rasterizer(cso, &r);
   CHECK_EQ(f->binds[K_RAST], binds + 1);
   cso_set_rasterizer(cso, &r);
   CHECK_EQ(f->binds[K_RAST], binds + 1);

   /* A driver without vertex elements support. */
   f->base.create_vertex_elements_state = NULL;
   struct pipe_vertex_element e[1];
   make_velems(e, 1, 0);
   CHECK_EQ(cso_set_vertex_elements(cso, 1, e), PIPE_ERROR_UNSUPPORTED);
   f->base.create_vertex_elements_state = create_velems;

   CHECK(strcmp(cso_kind_name(CSO_SAMPLER), "sampler") == 0, "kind name");
   cso_destroy_context(cso);
   cso_destroy_context(NULL);
   fake_check_and_free(f, "failures");
}

/* Many objects of every kind, then destroy: each deleted exactly once. */
static void
test_destroy_everything(void)
{
   struct fake_pipe *f = fake_create_pipe();
   struct cso_context *cso = cso_create_context(&f->base);
   for (unsigned i = 0; i < 200; i++) {
      struct pipe_blend_state b;
      struct pipe_depth_stencil_alpha_state d;
      struct pipe_rasterizer_state r;
      struct pipe_sampler_state s;
      struct pipe_vertex_element e[4];
      make_blend(&b, i % 16, i % 3);
      make_dsa(&d, i % 8, (float)i);
      make_rast(&r, (float)i);
      make_sampler(&s, (float)(i % 50));
      make_velems(e, 1 + i % 4, i);
      e[0].instance_divisor = i;   /* every i a different key */
      const struct pipe_sampler_state *sp[1] = { &s };
      cso_set_blend(cso, &b);
      cso_set_depth_stencil_alpha(cso, &d);
      cso_set_rasterizer(cso, &r);
      cso_set_samplers(cso, (enum pipe_shader_type)(i % PIPE_SHADER_TYPES), 1, sp);
      cso_set_vertex_elements(cso, 1 + i % 4, e);
   }
   CHECK_EQ(f->creates[K_BLEND], 32);
   CHECK_EQ(f->creates[K_DSA], 200);
   CHECK_EQ(f->creates[K_SAMPLER], 50);
   CHECK_EQ(f->creates[K_VELEMS], 200);
   cso_report_stats(cso);
   cso_destroy_context(cso);
   fake_check_and_free(f, "destroy");
}

int
main(void)
{
   test_identical_templates();
   test_different_templates();
   test_blend_prefix();
   test_samplers();
   test_eviction();
   test_save_restore();
   test_failures_and_invalidate();
   test_destroy_everything();
   if (failures) {
      fprintf(stderr, "test_cso_cache: %d check(s) failed\n", failures);
      return 1;
   }
   printf("test_cso_cache: all checks passed\n");
   return 0;
}
