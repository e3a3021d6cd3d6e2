/*
 * Encoding of virgl protocol commands (virgl_encode.h, virgl_proto.h).
 */
#include "virgl_encode.h"

#include <stdlib.h>
#include <string.h>

#include "pony_bufmgr.h"
#include "virgl_proto.h"

void
virgl_cmdbuf_init(struct virgl_cmdbuf *cb)
{
   memset(cb, 0, sizeof *cb);
}

void
virgl_cmdbuf_reset(struct virgl_cmdbuf *cb)
{
   for (uint32_t i = 0; i < cb->nbos; i++)
      pony_bo_unref(cb->bos[i]);
   cb->nbos = 0;
   cb->ndw = 0;
   cb->failed = false;
}

void
virgl_cmdbuf_fini(struct virgl_cmdbuf *cb)
{
   virgl_cmdbuf_reset(cb);
   free(cb->dw);
   free(cb->bos);
   memset(cb, 0, sizeof *cb);
}

/* Room for n more dwords; NULL (and the batch failed) when there is none. */
static uint32_t *
reserve(struct virgl_cmdbuf *cb, uint32_t n)
{
   if (cb->failed)
      return NULL;
   if (cb->cap - cb->ndw < n) {
      uint64_t want = (uint64_t)cb->ndw + n;
      uint64_t cap = cb->cap ? cb->cap : 1024;
      while (cap < want)
         cap *= 2;
      uint32_t *dw = cap <= UINT32_MAX / 4 ? realloc(cb->dw, cap * 4) : NULL;
      if (!dw) {
         cb->failed = true;
         return NULL;
      }
      cb->dw = dw;
      cb->cap = (uint32_t)cap;
   }
   uint32_t *p = cb->dw + cb->ndw;
   cb->ndw += n;
   return p;
}

void
virgl_cmdbuf_use(struct virgl_cmdbuf *cb, struct pony_bo *bo)
{
   for (uint32_t i = 0; i < cb->nbos; i++)
      if (cb->bos[i] == bo)
         return;
   if (cb->nbos == cb->bos_cap) {
      uint32_t cap = cb->bos_cap ? cb->bos_cap * 2 : 16;
      struct pony_bo **bos = realloc(cb->bos, sizeof *bos * cap);
      if (!bos) {
         cb->failed = true;
         return;
      }
      cb->bos = bos;
      cb->bos_cap = cap;
   }
   pony_bo_ref(bo);
   cb->bos[cb->nbos++] = bo;
}

void
virgl_encode_surface(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t res_handle,
                     uint32_t format, uint32_t level, uint32_t first_layer, uint32_t last_layer)
{
   uint32_t *p = reserve(cb, 1 + VP_SURFACE_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_CREATE_OBJECT, VP_OBJ_SURFACE, VP_SURFACE_SIZE);
   p[1] = handle;
   p[2] = res_handle;
   p[3] = format;
   p[4] = level;
   p[5] = (first_layer & 0xffff) | (last_layer << 16);
}

void
virgl_encode_framebuffer(struct virgl_cmdbuf *cb, uint32_t ncbufs, const uint32_t *cbufs,
                         uint32_t zsurf)
{
   uint32_t *p = reserve(cb, 1 + VP_FRAMEBUFFER_SIZE(ncbufs));
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_SET_FRAMEBUFFER_STATE, 0, VP_FRAMEBUFFER_SIZE(ncbufs));
   p[1] = ncbufs;
   p[2] = zsurf;
   for (uint32_t i = 0; i < ncbufs; i++)
      p[3 + i] = cbufs[i];
}

void
virgl_encode_clear(struct virgl_cmdbuf *cb, uint32_t buffers, const uint32_t color[4],
                   double depth, uint32_t stencil)
{
   uint32_t *p = reserve(cb, 1 + VP_CLEAR_SIZE);
   if (!p)
      return;
   uint64_t d;
   memcpy(&d, &depth, sizeof d);
   p[0] = vp_header(VP_CMD_CLEAR, 0, VP_CLEAR_SIZE);
   p[1] = buffers;
   memcpy(&p[2], color, 4 * sizeof(uint32_t));
   p[6] = (uint32_t)d;
   p[7] = (uint32_t)(d >> 32);
   p[8] = stencil;
}

void
virgl_encode_destroy_object(struct virgl_cmdbuf *cb, uint32_t obj, uint32_t handle)
{
   uint32_t *p = reserve(cb, 2);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_DESTROY_OBJECT, obj, 1);
   p[1] = handle;
}

void
virgl_encode_bind_object(struct virgl_cmdbuf *cb, uint32_t obj, uint32_t handle)
{
   uint32_t *p = reserve(cb, 2);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_BIND_OBJECT, obj, 1);
   p[1] = handle;
}

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof u);
   return u;
}

void
virgl_encode_blend(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t s0, uint32_t s1,
                   const uint32_t rt[8])
{
   uint32_t *p = reserve(cb, 1 + VP_BLEND_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_CREATE_OBJECT, VP_OBJ_BLEND, VP_BLEND_SIZE);
   p[1] = handle;
   p[2] = s0;
   p[3] = s1;
   memcpy(&p[4], rt, 8 * sizeof(uint32_t));
}

void
virgl_encode_dsa(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t s0, uint32_t front,
                 uint32_t back, float alpha_ref)
{
   uint32_t *p = reserve(cb, 1 + VP_DSA_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_CREATE_OBJECT, VP_OBJ_DSA, VP_DSA_SIZE);
   p[1] = handle;
   p[2] = s0;
   p[3] = front;
   p[4] = back;
   p[5] = fbits(alpha_ref);
}

void
virgl_encode_rasterizer(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t s0, float point_size,
                        uint32_t sprite_coord_enable, uint32_t s3, float line_width,
                        float offset_units, float offset_scale, float offset_clamp)
{
   uint32_t *p = reserve(cb, 1 + VP_RASTERIZER_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_CREATE_OBJECT, VP_OBJ_RASTERIZER, VP_RASTERIZER_SIZE);
   p[1] = handle;
   p[2] = s0;
   p[3] = fbits(point_size);
   p[4] = sprite_coord_enable;
   p[5] = s3;
   p[6] = fbits(line_width);
   p[7] = fbits(offset_units);
   p[8] = fbits(offset_scale);
   p[9] = fbits(offset_clamp);
}

void
virgl_encode_shader(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t stage, const char *tgsi)
{
   size_t len = strlen(tgsi) + 1;   /* with its NUL */
   size_t text_dw = (len + 3) / 4;
   if (VP_SHADER_HEADER + text_dw > VP_MAX_PAYLOAD) {
      cb->failed = true;
      return;
   }
   uint32_t *p = reserve(cb, 1 + VP_SHADER_HEADER + (uint32_t)text_dw);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_CREATE_OBJECT, VP_OBJ_SHADER, VP_SHADER_HEADER + (uint32_t)text_dw);
   p[1] = handle;
   p[2] = stage;
   p[3] = (uint32_t)len;
   /* the host sizes its token array by this: a token is at least two
    * characters of text, so the length bounds the count */
   p[4] = (uint32_t)len;
   p[5] = 0;   /* no stream output */
   p[6 + text_dw - 1] = 0;   /* the padding after the NUL */
   memcpy(&p[6], tgsi, len);
}

void
virgl_encode_bind_shader(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t stage)
{
   uint32_t *p = reserve(cb, 1 + VP_BIND_SHADER_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_BIND_SHADER, 0, VP_BIND_SHADER_SIZE);
   p[1] = handle;
   p[2] = stage;
}

void
virgl_encode_vertex_elements(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t n,
                             const struct virgl_vertex_element *ve)
{
   uint32_t *p = n <= 32 ? reserve(cb, 1 + VP_VERTEX_ELEMENTS_SIZE(n)) : NULL;
   if (!p) {
      cb->failed = true;
      return;
   }
   p[0] = vp_header(VP_CMD_CREATE_OBJECT, VP_OBJ_VERTEX_ELEMENTS, VP_VERTEX_ELEMENTS_SIZE(n));
   p[1] = handle;
   for (uint32_t i = 0; i < n; i++) {
      p[2 + 4 * i] = ve[i].offset;
      p[3 + 4 * i] = ve[i].divisor;
      p[4 + 4 * i] = ve[i].buffer;
      p[5 + 4 * i] = ve[i].format;
   }
}

void
virgl_encode_vertex_buffers(struct virgl_cmdbuf *cb, uint32_t n,
                            const struct virgl_vertex_buffer *vb)
{
   uint32_t *p = n <= 32 ? reserve(cb, 1 + VP_VERTEX_BUFFERS_SIZE(n)) : NULL;
   if (!p) {
      cb->failed = true;
      return;
   }
   p[0] = vp_header(VP_CMD_SET_VERTEX_BUFFERS, 0, VP_VERTEX_BUFFERS_SIZE(n));
   for (uint32_t i = 0; i < n; i++) {
      p[1 + 3 * i] = vb[i].stride;
      p[2 + 3 * i] = vb[i].offset;
      p[3 + 3 * i] = vb[i].res_handle;
   }
}

void
virgl_encode_viewport(struct virgl_cmdbuf *cb, uint32_t first, const float scale[3],
                      const float translate[3])
{
   uint32_t *p = reserve(cb, 1 + VP_VIEWPORT_SIZE(1));
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_SET_VIEWPORT_STATE, 0, VP_VIEWPORT_SIZE(1));
   p[1] = first;
   for (unsigned i = 0; i < 3; i++) {
      p[2 + i] = fbits(scale[i]);
      p[5 + i] = fbits(translate[i]);
   }
}

void
virgl_encode_draw(struct virgl_cmdbuf *cb, const struct virgl_draw *d)
{
   uint32_t *p = reserve(cb, 1 + VP_DRAW_VBO_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_DRAW_VBO, 0, VP_DRAW_VBO_SIZE);
   p[1] = d->start;
   p[2] = d->count;
   p[3] = d->mode;
   p[4] = d->indexed;
   p[5] = d->instance_count;
   p[6] = (uint32_t)d->index_bias;
   p[7] = d->start_instance;
   p[8] = d->primitive_restart;
   p[9] = d->restart_index;
   p[10] = d->min_index;
   p[11] = d->max_index;
   p[12] = 0;   /* count from stream output: none */
}

void
virgl_encode_scissor(struct virgl_cmdbuf *cb, uint32_t slot, uint32_t minx, uint32_t miny,
                     uint32_t maxx, uint32_t maxy)
{
   uint32_t *p = reserve(cb, 1 + VP_SCISSOR_SIZE(1));
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_SET_SCISSOR_STATE, 0, VP_SCISSOR_SIZE(1));
   p[1] = slot;
   p[2] = (minx & 0xffff) | (miny << 16);
   p[3] = (maxx & 0xffff) | (maxy << 16);
}

void
virgl_encode_blend_color(struct virgl_cmdbuf *cb, const float color[4])
{
   uint32_t *p = reserve(cb, 1 + VP_BLEND_COLOR_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_SET_BLEND_COLOR, 0, VP_BLEND_COLOR_SIZE);
   memcpy(&p[1], color, 4 * sizeof(float));
}

void
virgl_encode_stencil_ref(struct virgl_cmdbuf *cb, uint32_t front, uint32_t back)
{
   uint32_t *p = reserve(cb, 1 + VP_STENCIL_REF_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_SET_STENCIL_REF, 0, VP_STENCIL_REF_SIZE);
   p[1] = (front & 0xff) | ((back & 0xff) << 8);
}

void
virgl_encode_index_buffer(struct virgl_cmdbuf *cb, uint32_t res_handle, uint32_t index_size,
                          uint32_t offset)
{
   uint32_t n = res_handle ? VP_INDEX_BUFFER_SIZE : 1;
   uint32_t *p = reserve(cb, 1 + n);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_SET_INDEX_BUFFER, 0, n);
   p[1] = res_handle;
   if (res_handle) {
      p[2] = index_size;
      p[3] = offset;
   }
}

void
virgl_encode_sampler_state(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t s0, float lod_bias,
                           float min_lod, float max_lod, const uint32_t border[4])
{
   uint32_t *p = reserve(cb, 1 + VP_SAMPLER_STATE_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_CREATE_OBJECT, VP_OBJ_SAMPLER_STATE, VP_SAMPLER_STATE_SIZE);
   p[1] = handle;
   p[2] = s0;
   p[3] = fbits(lod_bias);
   p[4] = fbits(min_lod);
   p[5] = fbits(max_lod);
   memcpy(&p[6], border, 4 * sizeof(uint32_t));
}

void
virgl_encode_sampler_view(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t res_handle,
                          uint32_t format_target, uint32_t val0, uint32_t val1, uint32_t swizzle)
{
   uint32_t *p = reserve(cb, 1 + VP_SAMPLER_VIEW_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_CREATE_OBJECT, VP_OBJ_SAMPLER_VIEW, VP_SAMPLER_VIEW_SIZE);
   p[1] = handle;
   p[2] = res_handle;
   p[3] = format_target;
   p[4] = val0;
   p[5] = val1;
   p[6] = swizzle;
}

void
virgl_encode_sampler_slots(struct virgl_cmdbuf *cb, uint32_t cmd, uint32_t stage, uint32_t first,
                           uint32_t n, const uint32_t *handles)
{
   uint32_t *p = n <= 64 ? reserve(cb, 1 + VP_SAMPLER_SLOTS_SIZE(n)) : NULL;
   if (!p) {
      cb->failed = true;
      return;
   }
   p[0] = vp_header(cmd, 0, VP_SAMPLER_SLOTS_SIZE(n));
   p[1] = stage;
   p[2] = first;
   memcpy(&p[3], handles, n * sizeof(uint32_t));
}

void
virgl_encode_constant_buffer(struct virgl_cmdbuf *cb, uint32_t stage, uint32_t index,
                             const void *data, uint32_t size)
{
   uint32_t ndw = (uint32_t)(((uint64_t)size + 3) / 4);
   uint32_t *p = VP_CONSTANT_BUFFER_SIZE((uint64_t)ndw) <= VP_MAX_PAYLOAD
                    ? reserve(cb, 1 + VP_CONSTANT_BUFFER_SIZE(ndw))
                    : NULL;
   if (!p) {
      cb->failed = true;
      return;
   }
   p[0] = vp_header(VP_CMD_SET_CONSTANT_BUFFER, 0, VP_CONSTANT_BUFFER_SIZE(ndw));
   p[1] = stage;
   p[2] = index;
   if (ndw) {
      p[2 + ndw] = 0;   /* the padding of a last partial dword */
      memcpy(&p[3], data, size);
   }
}

void
virgl_encode_uniform_buffer(struct virgl_cmdbuf *cb, uint32_t stage, uint32_t index,
                            uint32_t offset, uint32_t length, uint32_t res_handle)
{
   uint32_t *p = reserve(cb, 1 + VP_UNIFORM_BUFFER_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_SET_UNIFORM_BUFFER, 0, VP_UNIFORM_BUFFER_SIZE);
   p[1] = stage;
   p[2] = index;
   p[3] = offset;
   p[4] = length;
   p[5] = res_handle;
}

static void
put_box(uint32_t *p, const struct virgl_box *b)
{
   p[0] = b->x;
   p[1] = b->y;
   p[2] = b->z;
   p[3] = b->w;
   p[4] = b->h;
   p[5] = b->d;
}

void
virgl_encode_copy_region(struct virgl_cmdbuf *cb, uint32_t dst_res, uint32_t dst_level,
                         uint32_t dstx, uint32_t dsty, uint32_t dstz, uint32_t src_res,
                         uint32_t src_level, const struct virgl_box *src_box)
{
   uint32_t *p = reserve(cb, 1 + VP_COPY_REGION_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_RESOURCE_COPY_REGION, 0, VP_COPY_REGION_SIZE);
   p[1] = dst_res;
   p[2] = dst_level;
   p[3] = dstx;
   p[4] = dsty;
   p[5] = dstz;
   p[6] = src_res;
   p[7] = src_level;
   put_box(&p[8], src_box);
}

void
virgl_encode_blit(struct virgl_cmdbuf *cb, uint32_t s0, uint32_t scissor_min,
                  uint32_t scissor_max, const struct virgl_blit_end *dst,
                  const struct virgl_blit_end *src)
{
   uint32_t *p = reserve(cb, 1 + VP_BLIT_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_BLIT, 0, VP_BLIT_SIZE);
   p[1] = s0;
   p[2] = scissor_min;
   p[3] = scissor_max;
   const struct virgl_blit_end *ends[2] = { dst, src };
   for (unsigned i = 0; i < 2; i++) {
      uint32_t *q = &p[4 + 9 * i];
      q[0] = ends[i]->res_handle;
      q[1] = ends[i]->level;
      q[2] = ends[i]->format;
      put_box(&q[3], &ends[i]->box);
   }
}

void
virgl_encode_clear_texture(struct virgl_cmdbuf *cb, uint32_t res_handle, uint32_t level,
                           const struct virgl_box *box, const uint32_t texel[4])
{
   uint32_t *p = reserve(cb, 1 + VP_CLEAR_TEXTURE_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_CLEAR_TEXTURE, 0, VP_CLEAR_TEXTURE_SIZE);
   p[1] = res_handle;
   p[2] = level;
   put_box(&p[3], box);
   memcpy(&p[9], texel, 4 * sizeof(uint32_t));
}

void
virgl_encode_sample_mask(struct virgl_cmdbuf *cb, uint32_t mask)
{
   uint32_t *p = reserve(cb, 1 + VP_SAMPLE_MASK_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_SET_SAMPLE_MASK, 0, VP_SAMPLE_MASK_SIZE);
   p[1] = mask;
}

void
virgl_encode_clip_state(struct virgl_cmdbuf *cb, const float planes[8][4])
{
   uint32_t *p = reserve(cb, 1 + VP_CLIP_STATE_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_SET_CLIP_STATE, 0, VP_CLIP_STATE_SIZE);
   for (unsigned i = 0; i < 32; i++)
      p[1 + i] = fbits(planes[i / 4][i % 4]);
}

void
virgl_encode_polygon_stipple(struct virgl_cmdbuf *cb, const uint32_t rows[32])
{
   uint32_t *p = reserve(cb, 1 + VP_POLYGON_STIPPLE_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_SET_POLYGON_STIPPLE, 0, VP_POLYGON_STIPPLE_SIZE);
   memcpy(&p[1], rows, 32 * sizeof(uint32_t));
}

void
virgl_encode_query(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t type, uint32_t index,
                   uint32_t offset, uint32_t res_handle)
{
   uint32_t *p = reserve(cb, 1 + VP_QUERY_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_CREATE_OBJECT, VP_OBJ_QUERY, VP_QUERY_SIZE);
   p[1] = handle;
   p[2] = (type & 0xffff) | (index << 16);
   p[3] = offset;
   p[4] = res_handle;
}

static void
encode_query_handle(struct virgl_cmdbuf *cb, uint32_t cmd, uint32_t handle)
{
   uint32_t *p = reserve(cb, 1 + VP_QUERY_HANDLE_SIZE);
   if (!p)
      return;
   p[0] = vp_header(cmd, 0, VP_QUERY_HANDLE_SIZE);
   p[1] = handle;
}

void
virgl_encode_begin_query(struct virgl_cmdbuf *cb, uint32_t handle)
{
   encode_query_handle(cb, VP_CMD_BEGIN_QUERY, handle);
}

void
virgl_encode_end_query(struct virgl_cmdbuf *cb, uint32_t handle)
{
   encode_query_handle(cb, VP_CMD_END_QUERY, handle);
}

void
virgl_encode_get_query_result(struct virgl_cmdbuf *cb, uint32_t handle, bool wait)
{
   uint32_t *p = reserve(cb, 1 + VP_QUERY_RESULT_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_GET_QUERY_RESULT, 0, VP_QUERY_RESULT_SIZE);
   p[1] = handle;
   p[2] = wait;
}

void
virgl_encode_render_condition(struct virgl_cmdbuf *cb, uint32_t handle, bool condition,
                              uint32_t mode)
{
   uint32_t *p = reserve(cb, 1 + VP_RENDER_CONDITION_SIZE);
   if (!p)
      return;
   p[0] = vp_header(VP_CMD_SET_RENDER_CONDITION, 0, VP_RENDER_CONDITION_SIZE);
   p[1] = handle;
   p[2] = condition;
   p[3] = mode;
}
