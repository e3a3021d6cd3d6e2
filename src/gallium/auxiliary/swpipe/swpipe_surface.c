/* Surfaces: a level and a range of layers of a texture, for rendering and clears. */
#include <stdlib.h>

#include "format/u_format.h"
#include "swpipe_context.h"
#include "swpipe_resource.h"
#include "util/u_inlines.h"

static struct pipe_surface *
swpipe_create_surface(struct pipe_context *pipe, struct pipe_resource *texture,
                       const struct pipe_surface *templ)
{
   struct pipe_surface *surf;

   if (!texture || !templ || texture->target == PIPE_BUFFER)
      return NULL;
   if (templ->level > texture->last_level || templ->first_layer > templ->last_layer ||
       templ->last_layer >= swpipe_resource_level_layers(texture, templ->level))
      return NULL;
   /* a view may change the colourspace, never the block size */
   if (templ->format != PIPE_FORMAT_NONE &&
       util_format_get_blocksize(templ->format) != util_format_get_blocksize(texture->format))
      return NULL;

   surf = calloc(1, sizeof *surf);
   if (!surf)
      return NULL;
   pipe_reference_init(&surf->reference, 1);
   surf->context = pipe;
   pipe_resource_reference(&surf->texture, texture);
   surf->format = templ->format != PIPE_FORMAT_NONE ? templ->format : texture->format;
   surf->level = templ->level;
   surf->first_layer = templ->first_layer;
   surf->last_layer = templ->last_layer;
   surf->width = (uint16_t)swpipe_resource_level_width(texture, templ->level);
   surf->height = (uint16_t)swpipe_resource_level_height(texture, templ->level);
   return surf;
}

static void
swpipe_surface_destroy(struct pipe_context *pipe, struct pipe_surface *surf)
{
   if (!surf)
      return;
   pipe_resource_reference(&surf->texture, NULL);
   free(surf);
}

void
swpipe_init_surface_funcs(struct pipe_context *pipe)
{
   pipe->create_surface = swpipe_create_surface;
   pipe->surface_destroy = swpipe_surface_destroy;
}
