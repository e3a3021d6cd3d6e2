/*
 * draw: stream output (transform feedback).  Each assembled point, line
 * or triangle is appended to the bound buffers in GL's vertex order, whole
 * or not at all: when any buffer the layout writes lacks room for every
 * vertex of the primitive, nothing of it is written (GL: the primitive is
 * not recorded and the written counter stops growing).
 */
#include <string.h>

#include "draw_private.h"

void
draw_so_emit(struct draw_context *draw, const struct draw_vertex *const *verts, unsigned n)
{
   const struct pipe_stream_output_info *info = &draw->so_info;
   unsigned used = 0;

   if (!draw->so_enabled)
      return;

   for (unsigned o = 0; o < info->num_outputs; o++)
      used |= 1u << info->output[o].output_buffer;

   /* room check */
   for (unsigned b = 0; b < PIPE_MAX_SO_BUFFERS; b++) {
      if (!(used & (1u << b)))
         continue;
      const struct draw_so_target *t = &draw->so_targets[b];
      uint64_t need = (uint64_t)info->stride[b] * 4u * n;
      if (b >= draw->num_so_targets || !t->data || t->offset > t->size ||
          t->size - t->offset < need)
         return;
      /* every output must also fit inside its vertex */
   }
   for (unsigned o = 0; o < info->num_outputs; o++) {
      unsigned b = info->output[o].output_buffer;
      if (info->output[o].dst_offset + info->output[o].num_components > info->stride[b])
         return;
   }

   for (unsigned i = 0; i < n; i++) {
      for (unsigned o = 0; o < info->num_outputs; o++) {
         unsigned b = info->output[o].output_buffer;
         unsigned reg = info->output[o].register_index;
         unsigned start = info->output[o].start_component;
         unsigned num = info->output[o].num_components;
         uint8_t *dst = (uint8_t *)draw->so_targets[b].data + draw->so_targets[b].offset +
                        4u * (info->stride[b] * i + info->output[o].dst_offset);
         for (unsigned c = 0; c < num; c++) {
            uint32_t bits = 0;
            if (reg + 1 < draw->num_attribs && start + c < 4)
               memcpy(&bits, &verts[i]->attr[reg][start + c], 4);
            memcpy(dst + 4 * c, &bits, 4);
         }
      }
   }
   for (unsigned b = 0; b < PIPE_MAX_SO_BUFFERS; b++) {
      if (used & (1u << b))
         draw->so_targets[b].offset += info->stride[b] * 4u * n;
   }
   draw->stats.so_prims_written++;
}
