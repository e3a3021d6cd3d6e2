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
