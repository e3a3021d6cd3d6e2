/* Vertex input state: vertex element CSOs and vertex buffers. */
#include <stdlib.h>
#include <string.h>

#include "swpipe_context.h"
#include "swpipe_state.h"
#include "util/u_inlines.h"

static void *
swpipe_create_vertex_elements_state(struct pipe_context *pipe, unsigned count,
                                     const struct pipe_vertex_element *elements)
{
   struct swpipe_vertex_elements *velems;

   if (count > PIPE_MAX_ATTRIBS || (count && !elements))
      return NULL;
   velems = calloc(1, sizeof *velems);
   if (!velems)
      return NULL;
   velems->count = count;
   if (count)
      memcpy(velems->elements, elements, count * sizeof *elements);
   velems->edgeflag_element = -1;
   for (unsigned i = 0; i < count; i++)
      if (elements[i].edgeflag)
         velems->edgeflag_element = (int)i;
   return velems;
}

static void
swpipe_bind_vertex_elements_state(struct pipe_context *pipe, void *velems)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   ctx->velems = velems;
   ctx->dirty |= SWPIPE_NEW_VERTEX_ELEMENTS;
}

static void
swpipe_delete_vertex_elements_state(struct pipe_context *pipe, void *velems)
{
   free(velems);
}

static void
unbind_vertex_buffer(struct pipe_vertex_buffer *vb)
{
   if (!vb->is_user_buffer)
      pipe_resource_reference(&vb->buffer.resource, NULL);
   memset(vb, 0, sizeof *vb);
}

/* buffers NULL unbinds [start, start + count).  User buffers are only
 * remembered: they are valid during a draw, which swpipe cannot do yet. */
static void
swpipe_set_vertex_buffers(struct pipe_context *pipe, unsigned start, unsigned count,
                           const struct pipe_vertex_buffer *buffers)
{
   struct swpipe_context *ctx = swpipe_context(pipe);

   if (start >= PIPE_MAX_ATTRIBS)
      return;
   for (unsigned i = 0; i < count && start + i < PIPE_MAX_ATTRIBS; i++) {
      struct pipe_vertex_buffer *dst = &ctx->vertex_buffers[start + i];
      unbind_vertex_buffer(dst);
      if (!buffers)
         continue;
      dst->stride = buffers[i].stride;
      dst->is_user_buffer = buffers[i].is_user_buffer;
      dst->buffer_offset = buffers[i].buffer_offset;
      if (dst->is_user_buffer)
         dst->buffer.user = buffers[i].buffer.user;
      else
         pipe_resource_reference(&dst->buffer.resource, buffers[i].buffer.resource);
   }
   /* the slots past both the old count and this range are still empty */
   unsigned end = count < PIPE_MAX_ATTRIBS - start ? start + count : PIPE_MAX_ATTRIBS;
   unsigned n = ctx->num_vertex_buffers > end ? ctx->num_vertex_buffers : end;
   while (n && !ctx->vertex_buffers[n - 1].buffer.resource)
      n--;
   ctx->num_vertex_buffers = n;
   ctx->dirty |= SWPIPE_NEW_VERTEX_BUFFERS;
}

void
swpipe_release_vertex_state(struct pipe_context *pipe)
{
   struct swpipe_context *ctx = swpipe_context(pipe);

   for (unsigned i = 0; i < PIPE_MAX_ATTRIBS; i++)
      unbind_vertex_buffer(&ctx->vertex_buffers[i]);
   ctx->num_vertex_buffers = 0;
}

void
swpipe_init_vertex_funcs(struct pipe_context *pipe)
{
   pipe->create_vertex_elements_state = swpipe_create_vertex_elements_state;
   pipe->bind_vertex_elements_state = swpipe_bind_vertex_elements_state;
   pipe->delete_vertex_elements_state = swpipe_delete_vertex_elements_state;
   pipe->set_vertex_buffers = swpipe_set_vertex_buffers;
}
