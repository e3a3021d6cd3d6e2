/* Stream output (transform feedback) targets. */
#include <stdlib.h>

#include "swpipe_context.h"
#include "swpipe_state.h"
#include "util/u_inlines.h"

static struct pipe_stream_output_target *
swpipe_create_stream_output_target(struct pipe_context *pipe, struct pipe_resource *buffer,
                                    unsigned offset, unsigned size)
{
   struct swpipe_so_target *rt;
   struct pipe_stream_output_target *t;

   if (!buffer || buffer->target != PIPE_BUFFER || offset > buffer->width0 ||
       size > buffer->width0 - offset)
      return NULL;
   rt = calloc(1, sizeof *rt);
   if (!rt)
      return NULL;
   t = &rt->base;
   pipe_reference_init(&t->reference, 1);
   t->context = pipe;
   pipe_resource_reference(&t->buffer, buffer);
   t->buffer_offset = offset;
   t->buffer_size = size;
   return t;
}

static void
swpipe_stream_output_target_destroy(struct pipe_context *pipe,
                                     struct pipe_stream_output_target *t)
{
   if (!t)
      return;
   pipe_resource_reference(&t->buffer, NULL);
   free(t);
}

static void
swpipe_set_stream_output_targets(struct pipe_context *pipe, unsigned num_targets,
                                  struct pipe_stream_output_target **targets,
                                  const unsigned *offsets)
{
   struct swpipe_context *ctx = swpipe_context(pipe);

   if (num_targets > PIPE_MAX_SO_BUFFERS)
      num_targets = PIPE_MAX_SO_BUFFERS;
   if (!targets)
      num_targets = 0;
   for (unsigned i = 0; i < PIPE_MAX_SO_BUFFERS; i++) {
      pipe_so_target_reference(&ctx->so_targets[i], i < num_targets ? targets[i] : NULL);
      ctx->so_offsets[i] = i < num_targets && offsets ? offsets[i] : 0;
      /* an offset of (unsigned)-1 appends where the target stopped */
      if (ctx->so_targets[i] && ctx->so_offsets[i] != (unsigned)-1)
         ((struct swpipe_so_target *)ctx->so_targets[i])->filled = ctx->so_offsets[i];
   }
   ctx->num_so_targets = num_targets;
   ctx->dirty |= SWPIPE_NEW_SO;
}

void
swpipe_release_so_state(struct pipe_context *pipe)
{
   swpipe_set_stream_output_targets(pipe, 0, NULL, NULL);
}

void
swpipe_init_so_funcs(struct pipe_context *pipe)
{
   pipe->create_stream_output_target = swpipe_create_stream_output_target;
   pipe->stream_output_target_destroy = swpipe_stream_output_target_destroy;
   pipe->set_stream_output_targets = swpipe_set_stream_output_targets;
}
