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

#endif
