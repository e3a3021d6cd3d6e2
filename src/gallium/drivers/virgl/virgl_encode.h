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

#endif
