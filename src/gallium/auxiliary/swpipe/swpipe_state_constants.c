/* Constant buffers, per shader stage.  User buffers are copied, into
 * memory kept per binding point: the state tracker sets its fixed-function
 * constants before every draw, and an allocation per draw cost more than
 * the copy (most under ASan, whose allocator fills and quarantines). */
#include <stdlib.h>
#include <string.h>

#include "swpipe_context.h"
#include "swpipe_limits.h"
#include "swpipe_state.h"
#include "util/u_inlines.h"

static void
unbind_constant_buffer(struct swpipe_constant_buffer *cb)
{
   pipe_resource_reference(&cb->buffer, NULL);
   cb->offset = cb->size = 0;
   cb->user = false;
}

static void
swpipe_set_constant_buffer(struct pipe_context *pipe, enum pipe_shader_type stage,
                            unsigned index, const struct pipe_constant_buffer *buf)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   struct swpipe_constant_buffer *cb;

   if ((unsigned)stage >= PIPE_SHADER_TYPES || index >= PIPE_MAX_CONSTANT_BUFFERS)
      return;
   cb = &ctx->constants[stage][index];
   unbind_constant_buffer(cb);
   ctx->dirty |= SWPIPE_NEW_CONSTANTS;
   if (!buf)
      return;
   if (index >= ctx->constant_slots)
      ctx->constant_slots = index + 1;

   if (buf->buffer) {
      pipe_resource_reference(&cb->buffer, buf->buffer);
      cb->offset = buf->buffer_offset;
      cb->size = buf->buffer_size;
   } else if (buf->user_buffer && buf->buffer_size) {
      unsigned size = buf->buffer_size;
      if (size > SWPIPE_MAX_CONST_BUFFER_SIZE)
         size = SWPIPE_MAX_CONST_BUFFER_SIZE;
      if (size > cb->copy_cap) {
         free(cb->copy);
         cb->copy_cap = 0;
         cb->copy = malloc(size);
         if (!cb->copy)
            return;   /* out of memory: left unbound */
         cb->copy_cap = size;
      }
      memcpy(cb->copy, (const uint8_t *)buf->user_buffer + buf->buffer_offset, size);
      cb->size = size;
      cb->user = true;
   }
}

void
swpipe_release_constant_state(struct pipe_context *pipe)
{
   struct swpipe_context *ctx = swpipe_context(pipe);

   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      for (unsigned i = 0; i < PIPE_MAX_CONSTANT_BUFFERS; i++) {
         struct swpipe_constant_buffer *cb = &ctx->constants[s][i];
         unbind_constant_buffer(cb);
         free(cb->copy);
         cb->copy = NULL;
         cb->copy_cap = 0;
      }
   }
}

void
swpipe_init_constant_funcs(struct pipe_context *pipe)
{
   pipe->set_constant_buffer = swpipe_set_constant_buffer;
}
