/*
 * Textures and constants of the virgl context (virgl_driver.h): sampler
 * states and sampler views as the protocol's objects, their binding per
 * stage, and constant buffers (virgl_proto.h).  Pony's enums reach the
 * protocol through the tables below, which state the protocol's numbers
 * (Gallium's, as the protocol fixed them) by Pony's own names.
 */
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "util/u_debug.h"
#include "util/u_inlines.h"
#include "virgl_driver.h"
#include "virgl_proto.h"

/* --- tables ------------------------------------------------------------------ */

static const uint8_t host_stage[PIPE_SHADER_TYPES] = {
   [PIPE_SHADER_VERTEX] = VP_STAGE_VERTEX,
   [PIPE_SHADER_FRAGMENT] = VP_STAGE_FRAGMENT,
   [PIPE_SHADER_GEOMETRY] = VP_STAGE_GEOMETRY,
};

static const uint8_t host_target[PIPE_MAX_TEXTURE_TYPES] = {
   [PIPE_BUFFER] = VP_TARGET_BUFFER,
   [PIPE_TEXTURE_1D] = VP_TARGET_1D,
   [PIPE_TEXTURE_2D] = VP_TARGET_2D,
   [PIPE_TEXTURE_3D] = VP_TARGET_3D,
   [PIPE_TEXTURE_CUBE] = VP_TARGET_CUBE,
   [PIPE_TEXTURE_RECT] = VP_TARGET_RECT,
   [PIPE_TEXTURE_1D_ARRAY] = VP_TARGET_1D_ARRAY,
   [PIPE_TEXTURE_2D_ARRAY] = VP_TARGET_2D_ARRAY,
   [PIPE_TEXTURE_CUBE_ARRAY] = VP_TARGET_CUBE_ARRAY,
};

static const uint8_t host_wrap[8] = {
   [PIPE_TEX_WRAP_REPEAT] = VP_WRAP_REPEAT,
   [PIPE_TEX_WRAP_CLAMP] = VP_WRAP_CLAMP,
   [PIPE_TEX_WRAP_CLAMP_TO_EDGE] = VP_WRAP_CLAMP_TO_EDGE,
   [PIPE_TEX_WRAP_CLAMP_TO_BORDER] = VP_WRAP_CLAMP_TO_BORDER,
   [PIPE_TEX_WRAP_MIRROR_REPEAT] = VP_WRAP_MIRROR_REPEAT,
   [PIPE_TEX_WRAP_MIRROR_CLAMP] = VP_WRAP_MIRROR_CLAMP,
   [PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE] = VP_WRAP_MIRROR_CLAMP_TO_EDGE,
   [PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER] = VP_WRAP_MIRROR_CLAMP_TO_BORDER,
};

static const uint8_t host_filter[2] = {
   [PIPE_TEX_FILTER_NEAREST] = VP_FILTER_NEAREST,
   [PIPE_TEX_FILTER_LINEAR] = VP_FILTER_LINEAR,
};

static const uint8_t host_mipfilter[4] = {
   [PIPE_TEX_MIPFILTER_NEAREST] = VP_MIPFILTER_NEAREST,
   [PIPE_TEX_MIPFILTER_LINEAR] = VP_MIPFILTER_LINEAR,
   [PIPE_TEX_MIPFILTER_NONE] = VP_MIPFILTER_NONE,
   [3] = VP_MIPFILTER_NONE,
};

static const uint8_t host_func[8] = {
   [PIPE_FUNC_NEVER] = VP_FUNC_NEVER,     [PIPE_FUNC_LESS] = VP_FUNC_LESS,
   [PIPE_FUNC_EQUAL] = VP_FUNC_EQUAL,     [PIPE_FUNC_LEQUAL] = VP_FUNC_LEQUAL,
   [PIPE_FUNC_GREATER] = VP_FUNC_GREATER, [PIPE_FUNC_NOTEQUAL] = VP_FUNC_NOTEQUAL,
   [PIPE_FUNC_GEQUAL] = VP_FUNC_GEQUAL,   [PIPE_FUNC_ALWAYS] = VP_FUNC_ALWAYS,
};

static const uint8_t host_swizzle[] = {
   [PIPE_SWIZZLE_X] = VP_SWIZZLE_R, [PIPE_SWIZZLE_Y] = VP_SWIZZLE_G,
   [PIPE_SWIZZLE_Z] = VP_SWIZZLE_B, [PIPE_SWIZZLE_W] = VP_SWIZZLE_A,
   [PIPE_SWIZZLE_0] = VP_SWIZZLE_0, [PIPE_SWIZZLE_1] = VP_SWIZZLE_1,
   [PIPE_SWIZZLE_NONE] = VP_SWIZZLE_0,
};

uint32_t
virgl_host_stage(enum pipe_shader_type stage)
{
   return (unsigned)stage < PIPE_SHADER_TYPES ? host_stage[stage] : ~0u;
}

uint32_t
virgl_host_target(enum pipe_texture_target target)
{
   return (unsigned)target < PIPE_MAX_TEXTURE_TYPES ? host_target[target] : ~0u;
}

uint32_t
virgl_host_filter(enum pipe_tex_filter filter)
{
   return (unsigned)filter < 2 ? host_filter[filter] : ~0u;
}

uint32_t
virgl_sampler_s0(const struct pipe_sampler_state *s)
{
   /* the bit-fields' widths keep every index inside its table */
   return VP_SAMPLER_WRAP_S(host_wrap[s->wrap_s]) | VP_SAMPLER_WRAP_T(host_wrap[s->wrap_t]) |
          VP_SAMPLER_WRAP_R(host_wrap[s->wrap_r]) |
          VP_SAMPLER_MIN_FILTER(host_filter[s->min_img_filter]) |
          VP_SAMPLER_MIP_FILTER(host_mipfilter[s->min_mip_filter]) |
          VP_SAMPLER_MAG_FILTER(host_filter[s->mag_img_filter]) |
          (s->compare_mode ? VP_SAMPLER_COMPARE_MODE : 0) |
          VP_SAMPLER_COMPARE_FUNC(host_func[s->compare_func]) |
          (s->seamless_cube_map ? VP_SAMPLER_SEAMLESS_CUBE : 0) |
          VP_SAMPLER_MAX_ANISOTROPY(s->max_anisotropy);
}

static uint32_t
swz(unsigned s)
{
   return s < sizeof host_swizzle ? host_swizzle[s] : VP_SWIZZLE_0;
}

uint32_t
virgl_view_swizzle(const struct pipe_sampler_view *v)
{
   return VP_VIEW_SWIZZLE(swz(v->swizzle_r), swz(v->swizzle_g), swz(v->swizzle_b),
                          swz(v->swizzle_a));
}

bool
virgl_view_range(const struct pipe_sampler_view *v, const struct pipe_resource *pr,
                 uint32_t *val0, uint32_t *val1)
{
   if (v->target == PIPE_BUFFER) {
      /* a buffer's range in elements of the view's format */
      unsigned bs = util_format_get_blocksize(v->format);
      if (!bs || !v->buf_size || v->buf_offset % bs || v->buf_size % bs ||
          (uint64_t)v->buf_offset + v->buf_size > pr->width0)
         return false;
      *val0 = v->buf_offset / bs;
      *val1 = (v->buf_offset + v->buf_size) / bs - 1;
      return true;
   }
   if (v->first_level > v->last_level || v->last_level > pr->last_level ||
       v->first_layer > v->last_layer || v->last_layer > 0xffff || v->last_level > 0xff)
      return false;
   *val0 = v->first_layer | v->last_layer << 16;
   *val1 = v->first_level | v->last_level << 8;
   return true;
}

/* what the host cannot be asked, logged with PONY_DEBUG=driver */
static void
refuse(const char *what)
{
   if (pony_debug_get() & PONY_DEBUG_DRIVER)
      pony_log("virgl", "%s: refused", what);
}

/* How many of count slots from start of the max the host has for stage
 * (0: none, or a stage it does not know).  Slots past the host's are
 * dropped: empty ones are as good as unbound, others are refused (logged). */
static unsigned
host_slots(enum pipe_shader_type stage, unsigned start, unsigned count, unsigned max,
           void *const *objs, const char *what)
{
   if (virgl_host_stage(stage) == ~0u) {
      refuse(what);
      return 0;
   }
   unsigned n = start >= max ? 0 : count < max - start ? count : max - start;
   for (unsigned i = n; objs && i < count; i++)
      if (objs[i]) {
         refuse(what);   /* past the host's slots */
         break;
      }
   return n;
}

/* --- sampler states ------------------------------------------------------------ */

static void *
create_sampler_state(struct pipe_context *pc, const struct pipe_sampler_state *s)
{
   struct virgl_context *ctx = virgl_context(pc);
   /* texel coordinates come with a RECT view's target; the protocol has
    * no way to ask for them on another target */
   if (!s->normalized_coords && (pony_debug_get() & PONY_DEBUG_DRIVER))
      pony_log("virgl", "a sampler with unnormalized coordinates: only RECT views have them");
   void *c = virgl_cso_new(ctx);
   if (c)
      virgl_encode_sampler_state(&ctx->cb, virgl_cso_handle(c), virgl_sampler_s0(s), s->lod_bias,
                                 s->min_lod, s->max_lod, s->border_color.ui);
   return c;
}

static void
bind_sampler_states(struct pipe_context *pc, enum pipe_shader_type stage, unsigned start,
                    unsigned count, void **samplers)
{
   struct virgl_context *ctx = virgl_context(pc);
   count = host_slots(stage, start, count, VIRGL_MAX_SAMPLERS, (void *const *)samplers,
                      "sampler states");
   if (!count)
      return;
   uint32_t handles[VIRGL_MAX_SAMPLERS];
   for (unsigned i = 0; i < count; i++)
      handles[i] = samplers ? virgl_cso_handle(samplers[i]) : 0;
   virgl_encode_sampler_slots(&ctx->cb, VP_CMD_BIND_SAMPLER_STATES, virgl_host_stage(stage),
                              start, count, handles);
}

static void
delete_sampler_state(struct pipe_context *pc, void *cso)
{
   virgl_cso_delete(virgl_context(pc), VP_OBJ_SAMPLER_STATE, cso);
}

/* --- sampler views ------------------------------------------------------------- */

struct virgl_sampler_view {
   struct pipe_sampler_view base;
   uint32_t handle;
};

static struct pipe_sampler_view *
create_sampler_view(struct pipe_context *pc, struct pipe_resource *pr,
                    const struct pipe_sampler_view *templ)
{
   struct virgl_context *ctx = virgl_context(pc);
   if (!pr)
      return NULL;
   uint32_t format = virgl_host_format(templ->format);
   uint32_t target = virgl_host_target(templ->target);
   uint32_t val0, val1;
   if (!virgl_view_range(templ, pr, &val0, &val1))
      return NULL;
   /* the host's GL refuses other offsets, and the context with them */
   uint32_t align = ctx->screen->host.texture_buffer_offset_alignment;
   if (templ->target == PIPE_BUFFER && align && templ->buf_offset % align) {
      refuse("a buffer view at an offset the host does not align to");
      return NULL;
   }
   if (!format || target == ~0u)
      return NULL;
   struct virgl_sampler_view *v = calloc(1, sizeof *v);
   if (!v)
      return NULL;
   v->base = *templ;
   pipe_reference_init(&v->base.reference, 1);
   v->base.context = pc;
   v->base.texture = NULL;
   pipe_resource_reference(&v->base.texture, pr);
   v->handle = ++ctx->next_handle;
   struct virgl_resource *r = virgl_resource(pr);
   virgl_encode_sampler_view(&ctx->cb, v->handle, r->res_handle, VP_VIEW_FORMAT(format, target),
                             val0, val1, virgl_view_swizzle(templ));
   virgl_cmdbuf_use(&ctx->cb, r->bo);
   return &v->base;
}

static void
sampler_view_destroy(struct pipe_context *pc, struct pipe_sampler_view *pv)
{
   struct virgl_sampler_view *v = (struct virgl_sampler_view *)pv;
   virgl_encode_destroy_object(&virgl_context(pc)->cb, VP_OBJ_SAMPLER_VIEW, v->handle);
   pipe_resource_reference(&pv->texture, NULL);
   free(v);
}

static void
set_sampler_views(struct pipe_context *pc, enum pipe_shader_type stage, unsigned start,
                  unsigned count, struct pipe_sampler_view **views)
{
   struct virgl_context *ctx = virgl_context(pc);
   count = host_slots(stage, start, count, VIRGL_MAX_VIEWS, (void *const *)views,
                      "sampler views");
   if (!count)
      return;
   uint32_t handles[VIRGL_MAX_VIEWS];
   for (unsigned i = 0; i < count; i++) {
      struct pipe_sampler_view *v = views ? views[i] : NULL;
      handles[i] = v ? ((struct virgl_sampler_view *)v)->handle : 0;
      if (v)
         virgl_cmdbuf_use(&ctx->cb, virgl_resource(v->texture)->bo);
      pipe_sampler_view_reference(&ctx->views[stage][start + i], v);
   }
   virgl_encode_sampler_slots(&ctx->cb, VP_CMD_SET_SAMPLER_VIEWS, virgl_host_stage(stage), start,
                              count, handles);
}

/* --- constant buffers ------------------------------------------------------------ */

/*
 * The protocol has two forms: inline data, which the host makes the
 * stage's default uniform block (constant buffer 0, whatever the index
 * word says), and a buffer resource bound as a uniform block (index >= 1;
 * at index 0 the host's shaders read no block).  So constant buffer 0 is
 * always sent inline, and user memory of a higher index goes through a
 * host buffer of the context's.  A resource's range that cannot be bound
 * as it is (at index 0, or at an offset the host's GL does not align to,
 * which would fail the host context) is read back and sent as user memory.
 */

/* The context's host buffer for (stage, index) holding size bytes of
 * data (a larger one when it is too small); NULL when none can be made.
 * The write reaches the host after the batch so far. */
static struct pipe_resource *
upload_constants(struct virgl_context *ctx, enum pipe_shader_type stage, unsigned index,
                 const void *data, unsigned size)
{
   struct pipe_context *pc = &ctx->base;
   struct pipe_resource **up = &ctx->const_upload[stage][index];
   if (!*up || (*up)->width0 < size) {
      struct pipe_resource t;
      memset(&t, 0, sizeof t);
      t.target = PIPE_BUFFER;
      t.format = PIPE_FORMAT_R8_UNORM;
      t.width0 = (size + 255) & ~255u;
      t.height0 = t.depth0 = t.array_size = 1;
      t.bind = PIPE_BIND_CONSTANT_BUFFER;
      pipe_resource_reference(up, NULL);
      *up = pc->screen->resource_create(pc->screen, &t);
      if (!*up)
         return NULL;
   }
   pc->buffer_subdata(pc, *up, PIPE_MAP_WRITE, 0, size, data);
   return *up;
}

static void
set_constant_buffer(struct pipe_context *pc, enum pipe_shader_type stage, unsigned index,
                    const struct pipe_constant_buffer *buf)
{
   struct virgl_context *ctx = virgl_context(pc);
   uint32_t hs = virgl_host_stage(stage);
   if (hs == ~0u || index >= PIPE_MAX_CONSTANT_BUFFERS) {
      refuse("a constant buffer outside the host's slots");
      return;
   }
   const void *user = buf ? buf->user_buffer : NULL;
   struct pipe_resource *res = buf && !user ? buf->buffer : NULL;
   unsigned size = buf && (user || res) ? buf->buffer_size : 0;
   unsigned offset = res ? buf->buffer_offset : 0;
   if (res && (uint64_t)offset + size > res->width0) {
      refuse("a constant buffer range past its resource");
      return;
   }
   uint32_t align = ctx->screen->host.uniform_buffer_offset_alignment;
   struct pipe_transfer *t = NULL;
   if (res && size && (index == 0 || (align && offset % align))) {
      struct pipe_box box = u_box_2d((int)offset, 0, (int)size, 1);
      user = pc->buffer_map(pc, res, 0, PIPE_MAP_READ, &box, &t);
      res = NULL;
      if (!user) {
         refuse("a constant buffer's range (not read back)");
         return;
      }
   }
   if (index == 0) {
      virgl_encode_constant_buffer(&ctx->cb, hs, 0, user, user ? size : 0);
   } else {
      if (user && size) {
         res = upload_constants(ctx, stage, index, user, size);
         offset = 0;
         if (!res)
            refuse("a constant buffer upload (no host buffer)");
      }
      struct virgl_resource *r = res && size ? virgl_resource(res) : NULL;
      virgl_encode_uniform_buffer(&ctx->cb, hs, index, r ? offset : 0, r ? size : 0,
                                  r ? r->res_handle : 0);
      if (r)
         virgl_cmdbuf_use(&ctx->cb, r->bo);
   }
   if (t)
      pc->buffer_unmap(pc, t);
}

void
virgl_sampler_fini_context(struct virgl_context *ctx)
{
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      for (unsigned i = 0; i < VIRGL_MAX_VIEWS; i++)
         pipe_sampler_view_reference(&ctx->views[s][i], NULL);
      for (unsigned i = 0; i < PIPE_MAX_CONSTANT_BUFFERS; i++)
         pipe_resource_reference(&ctx->const_upload[s][i], NULL);
   }
}

void
virgl_sampler_init_context(struct virgl_context *ctx)
{
   struct pipe_context *pc = &ctx->base;
   pc->create_sampler_state = create_sampler_state;
   pc->bind_sampler_states = bind_sampler_states;
   pc->delete_sampler_state = delete_sampler_state;
   pc->create_sampler_view = create_sampler_view;
   pc->sampler_view_destroy = sampler_view_destroy;
   pc->set_sampler_views = set_sampler_views;
   pc->set_constant_buffer = set_constant_buffer;
}
