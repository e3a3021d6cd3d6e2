/* Sampling state: sampler CSOs and sampler views, per shader stage. */
#include <stdlib.h>

#include "swpipe_context.h"
#include "swpipe_state.h"
#include "util/u_inlines.h"

static void *
swpipe_create_sampler_state(struct pipe_context *pipe, const struct pipe_sampler_state *templ)
{
   struct pipe_sampler_state *sampler;

   if (!templ)
      return NULL;
   sampler = malloc(sizeof *sampler);
   if (sampler)
      *sampler = *templ;
   return sampler;
}

static void
swpipe_bind_sampler_states(struct pipe_context *pipe, enum pipe_shader_type stage,
                            unsigned start, unsigned count, void **samplers)
{
   struct swpipe_context *ctx = swpipe_context(pipe);

   if ((unsigned)stage >= PIPE_SHADER_TYPES || start >= PIPE_MAX_SAMPLERS)
      return;
   for (unsigned i = 0; i < count && start + i < PIPE_MAX_SAMPLERS; i++) {
      ctx->samplers[stage][start + i] = samplers ? samplers[i] : NULL;
      if (ctx->samplers[stage][start + i] && start + i >= ctx->texture_slots[stage])
         ctx->texture_slots[stage] = start + i + 1;
   }
   ctx->dirty |= SWPIPE_NEW_SAMPLER;
}

static void
swpipe_delete_sampler_state(struct pipe_context *pipe, void *sampler)
{
   free(sampler);
}

static struct pipe_sampler_view *
swpipe_create_sampler_view(struct pipe_context *pipe, struct pipe_resource *texture,
                            const struct pipe_sampler_view *templ)
{
   struct pipe_sampler_view *view;

   if (!texture || !templ)
      return NULL;
   view = malloc(sizeof *view);
   if (!view)
      return NULL;
   *view = *templ;
   pipe_reference_init(&view->reference, 1);
   view->context = pipe;
   view->texture = NULL;
   pipe_resource_reference(&view->texture, texture);
   return view;
}

static void
swpipe_sampler_view_destroy(struct pipe_context *pipe, struct pipe_sampler_view *view)
{
   if (!view)
      return;
   pipe_resource_reference(&view->texture, NULL);
   free(view);
}

static void
swpipe_set_sampler_views(struct pipe_context *pipe, enum pipe_shader_type stage,
                          unsigned start, unsigned count, struct pipe_sampler_view **views)
{
   struct swpipe_context *ctx = swpipe_context(pipe);

   if ((unsigned)stage >= PIPE_SHADER_TYPES || start >= PIPE_MAX_SHADER_SAMPLER_VIEWS)
      return;
   for (unsigned i = 0; i < count && start + i < PIPE_MAX_SHADER_SAMPLER_VIEWS; i++) {
      pipe_sampler_view_reference(&ctx->sampler_views[stage][start + i],
                                  views ? views[i] : NULL);
      if (ctx->sampler_views[stage][start + i] && start + i >= ctx->texture_slots[stage])
         ctx->texture_slots[stage] = start + i + 1;
   }
   ctx->dirty |= SWPIPE_NEW_SAMPLER_VIEW;
}

void
swpipe_release_sampler_state(struct pipe_context *pipe)
{
   struct swpipe_context *ctx = swpipe_context(pipe);

   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      for (unsigned i = 0; i < PIPE_MAX_SHADER_SAMPLER_VIEWS; i++)
         pipe_sampler_view_reference(&ctx->sampler_views[s][i], NULL);
   }
}

void
swpipe_init_sampler_funcs(struct pipe_context *pipe)
{
   pipe->create_sampler_state = swpipe_create_sampler_state;
   pipe->bind_sampler_states = swpipe_bind_sampler_states;
   pipe->delete_sampler_state = swpipe_delete_sampler_state;
   pipe->create_sampler_view = swpipe_create_sampler_view;
   pipe->sampler_view_destroy = swpipe_sampler_view_destroy;
   pipe->set_sampler_views = swpipe_set_sampler_views;
}
