/*
 * The command buffer of the virgl driver (docs/virgl.md): virgl protocol
 * commands appended to a growing dword array, with the buffers they use,
 * sent whole by virgl_winsys_submit.  An allocation failure sets `failed`
 * and drops the rest of the batch (the caller reports it at submission).
 */
#ifndef VIRGL_ENCODE_H
#define VIRGL_ENCODE_H

#include <stdbool.h>
#include <stdint.h>

struct pony_bo;

struct virgl_cmdbuf {
   uint32_t *dw;
   uint32_t ndw, cap;
   struct pony_bo **bos;   /* referenced until reset */
   uint32_t nbos, bos_cap;
   bool failed;
};

void virgl_cmdbuf_init(struct virgl_cmdbuf *cb);
/* Empties the batch (drops its buffer references). */
void virgl_cmdbuf_reset(struct virgl_cmdbuf *cb);
void virgl_cmdbuf_fini(struct virgl_cmdbuf *cb);
/* The batch uses bo (referenced once per batch). */
void virgl_cmdbuf_use(struct virgl_cmdbuf *cb, struct pony_bo *bo);

void virgl_encode_surface(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t res_handle,
                          uint32_t format, uint32_t level, uint32_t first_layer,
                          uint32_t last_layer);
void virgl_encode_framebuffer(struct virgl_cmdbuf *cb, uint32_t ncbufs, const uint32_t *cbufs,
                              uint32_t zsurf);
void virgl_encode_clear(struct virgl_cmdbuf *cb, uint32_t buffers, const uint32_t color[4],
                        double depth, uint32_t stencil);
void virgl_encode_destroy_object(struct virgl_cmdbuf *cb, uint32_t obj, uint32_t handle);
void virgl_encode_bind_object(struct virgl_cmdbuf *cb, uint32_t obj, uint32_t handle);

/* state objects: their words as virgl_proto.h lays them out (handle first) */
void virgl_encode_blend(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t s0, uint32_t s1,
                        const uint32_t rt[8]);
void virgl_encode_dsa(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t s0, uint32_t front,
                      uint32_t back, float alpha_ref);
void virgl_encode_rasterizer(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t s0,
                             float point_size, uint32_t sprite_coord_enable, uint32_t s3,
                             float line_width, float offset_units, float offset_scale,
                             float offset_clamp);
/* A shader from TGSI text (one packet: the text must fit in one command,
 * about 256 KiB; longer text fails the batch). */
void virgl_encode_shader(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t stage,
                         const char *tgsi);
void virgl_encode_bind_shader(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t stage);

struct virgl_vertex_element {
   uint32_t offset, divisor, buffer, format;   /* format: the host's number */
};
void virgl_encode_vertex_elements(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t n,
                                  const struct virgl_vertex_element *ve);
struct virgl_vertex_buffer {
   uint32_t stride, offset, res_handle;
};
void virgl_encode_vertex_buffers(struct virgl_cmdbuf *cb, uint32_t n,
                                 const struct virgl_vertex_buffer *vb);
void virgl_encode_viewport(struct virgl_cmdbuf *cb, uint32_t first, const float scale[3],
                           const float translate[3]);
struct virgl_draw {
   uint32_t start, count, mode, indexed, instance_count;
   int32_t index_bias;
   uint32_t start_instance, primitive_restart, restart_index, min_index, max_index;
};
void virgl_encode_draw(struct virgl_cmdbuf *cb, const struct virgl_draw *d);
void virgl_encode_scissor(struct virgl_cmdbuf *cb, uint32_t slot, uint32_t minx, uint32_t miny,
                          uint32_t maxx, uint32_t maxy);
void virgl_encode_blend_color(struct virgl_cmdbuf *cb, const float color[4]);
void virgl_encode_stencil_ref(struct virgl_cmdbuf *cb, uint32_t front, uint32_t back);
/* res_handle 0 unbinds */
void virgl_encode_index_buffer(struct virgl_cmdbuf *cb, uint32_t res_handle, uint32_t index_size,
                               uint32_t offset);

/* samplers, views, constants (virgl_proto.h) */
void virgl_encode_sampler_state(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t s0,
                                float lod_bias, float min_lod, float max_lod,
                                const uint32_t border[4]);
/* val0, val1: a texture's layers and levels or a buffer's elements, as
 * virgl_proto.h packs them */
void virgl_encode_sampler_view(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t res_handle,
                               uint32_t format_target, uint32_t val0, uint32_t val1,
                               uint32_t swizzle);
/* SET_SAMPLER_VIEWS or BIND_SAMPLER_STATES (cmd): n handles from slot first */
void virgl_encode_sampler_slots(struct virgl_cmdbuf *cb, uint32_t cmd, uint32_t stage,
                                uint32_t first, uint32_t n, const uint32_t *handles);
/* size bytes of data inline (padded with zeros to whole dwords) */
void virgl_encode_constant_buffer(struct virgl_cmdbuf *cb, uint32_t stage, uint32_t index,
                                  const void *data, uint32_t size);
void virgl_encode_uniform_buffer(struct virgl_cmdbuf *cb, uint32_t stage, uint32_t index,
                                 uint32_t offset, uint32_t length, uint32_t res_handle);

/* copies and blits */
struct virgl_box {
   uint32_t x, y, z, w, h, d;
};
void virgl_encode_copy_region(struct virgl_cmdbuf *cb, uint32_t dst_res, uint32_t dst_level,
                              uint32_t dstx, uint32_t dsty, uint32_t dstz, uint32_t src_res,
                              uint32_t src_level, const struct virgl_box *src_box);
struct virgl_blit_end {
   uint32_t res_handle, level, format;   /* format: the host's number */
   struct virgl_box box;
};
void virgl_encode_blit(struct virgl_cmdbuf *cb, uint32_t s0, uint32_t scissor_min,
                       uint32_t scissor_max, const struct virgl_blit_end *dst,
                       const struct virgl_blit_end *src);

/* a box of a level filled with one texel (texel: the resource's layout) */
void virgl_encode_clear_texture(struct virgl_cmdbuf *cb, uint32_t res_handle, uint32_t level,
                                const struct virgl_box *box, const uint32_t texel[4]);

/* small state */
void virgl_encode_sample_mask(struct virgl_cmdbuf *cb, uint32_t mask);
void virgl_encode_clip_state(struct virgl_cmdbuf *cb, const float planes[8][4]);
void virgl_encode_polygon_stipple(struct virgl_cmdbuf *cb, const uint32_t rows[32]);

/* queries (virgl_proto.h "Queries") */
void virgl_encode_query(struct virgl_cmdbuf *cb, uint32_t handle, uint32_t type, uint32_t index,
                        uint32_t offset, uint32_t res_handle);
void virgl_encode_begin_query(struct virgl_cmdbuf *cb, uint32_t handle);
void virgl_encode_end_query(struct virgl_cmdbuf *cb, uint32_t handle);
void virgl_encode_get_query_result(struct virgl_cmdbuf *cb, uint32_t handle, bool wait);
void virgl_encode_render_condition(struct virgl_cmdbuf *cb, uint32_t handle, bool condition,
                                   uint32_t mode);

#endif
