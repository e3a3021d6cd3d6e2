/*
 * Buffer objects: creation, reference counting, bindings (see st_buffer.h).
 */
#include "st_buffer.h"

#include <stdlib.h>

#include "st_context.h"
#include "st_texture.h"
#include "st_ubo.h"
#include "st_xfb.h"

struct st_buffer *
st_buffer_create(GLuint name)
{
   struct st_buffer *b = calloc(1, sizeof *b);
   if (!b)
      return NULL;
   b->data = calloc(1, 1);   /* never NULL: zero-size stores map to a pointer */
   if (!b->data) {
      free(b);
      return NULL;
   }
   b->refcount = 1;
   b->name = name;
   b->usage = GL_STATIC_DRAW;
   b->access = GL_READ_WRITE;
   return b;
}

bool
st_buffer_for_bind(struct st_context *ctx, GLuint name, struct st_buffer **out, const char *where)
{
   *out = NULL;
   if (!name)
      return true;
   if (!st_bind_name_ok(ctx, &ctx->share->buffers, name)) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return false;
   }
   struct st_buffer *b = st_names_lookup(&ctx->share->buffers, name);
   if (!b) {
      /* binding an unused name creates the object */
      b = st_buffer_create(name);
      if (!b || !st_names_set(&ctx->share->buffers, name, b)) {
         st_buffer_unref(b);
         st_error(ctx, GL_OUT_OF_MEMORY, where);
         return false;
      }
   }
   *out = b;
   return true;
}

void
st_buffer_ref(struct st_buffer *b)
{
   if (b)
      __atomic_add_fetch(&b->refcount, 1, __ATOMIC_RELAXED);
}

void
st_buffer_unref(struct st_buffer *b)
{
   if (b && __atomic_sub_fetch(&b->refcount, 1, __ATOMIC_ACQ_REL) == 0) {
      free(b->data);
      free(b);
   }
}

void
st_buffer_reference(struct st_buffer **dst, struct st_buffer *b)
{
   if (*dst == b)
      return;
   st_buffer_ref(b);
   st_buffer_unref(*dst);
   *dst = b;
}

void
st_buffer_table_destroy(void *obj, void *data)
{
   (void)data;
   st_buffer_unref(obj);
}

struct st_buffer **
st_buffer_binding(struct st_context *ctx, GLenum target)
{
   struct st_draw_ctx *d = ctx->draw;
   switch (target) {
   case GL_ARRAY_BUFFER: return &d->array_buffer;
   case GL_ELEMENT_ARRAY_BUFFER: return &d->vao->element_buffer;
   case GL_PIXEL_PACK_BUFFER: return &d->pack_buffer;
   case GL_PIXEL_UNPACK_BUFFER: return &d->unpack_buffer;
   case GL_COPY_READ_BUFFER: return &d->copy_read_buffer;     /* ARB_copy_buffer */
   case GL_COPY_WRITE_BUFFER: return &d->copy_write_buffer;
   case GL_DRAW_INDIRECT_BUFFER: return ctx->caps.ext_draw_indirect ? &d->draw_indirect_buffer : NULL;
   case GL_TEXTURE_BUFFER: return st_texbuffer_enabled(ctx) ? &d->texture_buffer : NULL;
   case GL_UNIFORM_BUFFER: return st_ubo_generic_binding(ctx);   /* ARB_uniform_buffer_object */
   case GL_TRANSFORM_FEEDBACK_BUFFER: return st_xfb_enabled(ctx) ? st_xfb_generic_binding(ctx) : NULL;
   default: return NULL;
   }
}

struct st_buffer *
st_pixel_buffer(struct st_context *ctx, bool pack)
{
   return pack ? ctx->draw->pack_buffer : ctx->draw->unpack_buffer;
}

static void
unbind(struct st_buffer **slot, struct st_buffer *b)
{
   if (*slot == b)
      st_buffer_reference(slot, NULL);
}

void
st_buffer_unbind_all(struct st_context *ctx, struct st_buffer *b)
{
   struct st_draw_ctx *d = ctx->draw;
   unbind(&d->array_buffer, b);
   unbind(&d->vao->element_buffer, b);
   unbind(&d->pack_buffer, b);
   unbind(&d->unpack_buffer, b);
   unbind(&d->copy_read_buffer, b);
   unbind(&d->copy_write_buffer, b);
   unbind(&d->draw_indirect_buffer, b);
   unbind(&d->texture_buffer, b);
   for (unsigned i = 0; i < ST_VATTR_COUNT; i++)
      unbind(&d->vao->array[i].buffer, b);
   unbind(&d->vao->index_array.buffer, b);
   st_ubo_unbind_buffer(ctx, b);
   st_xfb_unbind_buffer(ctx, b);
}
