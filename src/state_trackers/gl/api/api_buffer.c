/*
 * Buffer object commands (GL 1.5 / ARB_vertex_buffer_object and its ARB
 * aliases, ARB_map_buffer_range): glGenBuffers, glDeleteBuffers,
 * glIsBuffer, glBindBuffer, glBufferData, glBufferSubData,
 * glGetBufferSubData, glMapBuffer, glUnmapBuffer, glMapBufferRange,
 * glFlushMappedBufferRange, glGetBufferParameteriv, glGetBufferPointerv.
 * Targets: GL_ARRAY_BUFFER, GL_ELEMENT_ARRAY_BUFFER, GL_PIXEL_PACK_BUFFER,
 * GL_PIXEL_UNPACK_BUFFER.
 */
#include <stdlib.h>
#include <string.h>

#include "st_buffer.h"
#include "st_context.h"
#include "st_ubo.h"
#include "st_xfb.h"

void GLAPIENTRY
api_glGenBuffers(GLsizei n, GLuint *buffers)
{
   ST_ENTRY(ctx);
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenBuffers");
      return;
   }
   if (!n || !buffers)
      return;
   if (!st_names_gen(&ctx->share->buffers, n, buffers))
      st_error(ctx, GL_OUT_OF_MEMORY, "glGenBuffers");
}

void GLAPIENTRY
api_glDeleteBuffers(GLsizei n, const GLuint *buffers)
{
   ST_ENTRY(ctx);
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteBuffers");
      return;
   }
   if (!buffers)
      return;
   for (GLsizei i = 0; i < n; i++) {
      if (!buffers[i])
         continue;
      struct st_buffer *b = st_names_remove(&ctx->share->buffers, buffers[i]);
      if (!b)
         continue;
      b->mapped = false;   /* deleting a mapped buffer unmaps it */
      st_buffer_unbind_all(ctx, b);
      st_buffer_unref(b);   /* the table's reference */
   }
}

GLboolean GLAPIENTRY
api_glIsBuffer(GLuint buffer)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   /* a name is a buffer once bound (glGenBuffers alone makes none) */
   return buffer && st_names_lookup(&ctx->share->buffers, buffer) ? GL_TRUE : GL_FALSE;
}

void GLAPIENTRY
api_glBindBuffer(GLenum target, GLuint buffer)
{
   ST_ENTRY(ctx);
   struct st_buffer **slot = st_buffer_binding(ctx, target);
   if (!slot) {
      st_error(ctx, GL_INVALID_ENUM, "glBindBuffer");
      return;
   }
   struct st_buffer *b;
   if (!st_buffer_for_bind(ctx, buffer, &b, "glBindBuffer"))
      return;
   st_buffer_reference(slot, b);
}

/* The buffer bound to target: NULL with GL_INVALID_ENUM (bad target) or
 * GL_INVALID_OPERATION (nothing bound) raised. */
static struct st_buffer *
bound_buffer(struct st_context *ctx, GLenum target, const char *where)
{
   struct st_buffer **slot = st_buffer_binding(ctx, target);
   if (!slot) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return NULL;
   }
   if (!*slot) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return NULL;
   }
   return *slot;
}

static bool
valid_usage(GLenum usage)
{
   switch (usage) {
   case GL_STREAM_DRAW: case GL_STREAM_READ: case GL_STREAM_COPY:
   case GL_STATIC_DRAW: case GL_STATIC_READ: case GL_STATIC_COPY:
   case GL_DYNAMIC_DRAW: case GL_DYNAMIC_READ: case GL_DYNAMIC_COPY:
      return true;
   default:
      return false;
   }
}

void GLAPIENTRY
api_glBufferData(GLenum target, GLsizeiptr size, const void *data, GLenum usage)
{
   ST_ENTRY(ctx);
   if (!st_buffer_binding(ctx, target)) {
      st_error(ctx, GL_INVALID_ENUM, "glBufferData");
      return;
   }
   if (size < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glBufferData");
      return;
   }
   if (!valid_usage(usage)) {
      st_error(ctx, GL_INVALID_ENUM, "glBufferData");
      return;
   }
   struct st_buffer *b = bound_buffer(ctx, target, "glBufferData");
   if (!b)
      return;
   /* a store over the limit is an allocation failure (st_buffer.h) */
   if ((uint64_t)size > ST_MAX_BUFFER_SIZE) {
      st_error(ctx, GL_OUT_OF_MEMORY, "glBufferData");
      return;
   }
   /* at least one byte, so that a zero-size store still maps to a pointer */
   uint8_t *store = calloc(1, size ? (size_t)size : 1);   /* contents undefined in GL: zeros */
   if (!store) {
      st_error(ctx, GL_OUT_OF_MEMORY, "glBufferData");
      return;
   }
   if (data && size)
      memcpy(store, data, (size_t)size);
   free(b->data);
   b->data = store;
   b->size = (size_t)size;
   b->usage = usage;
   b->mapped = false;
   b->access = GL_READ_WRITE;
   b->access_flags = 0;
   b->map_offset = b->map_length = 0;
}

/* Checks shared by glBufferSubData and glGetBufferSubData. */
static struct st_buffer *
sub_range(struct st_context *ctx, GLenum target, GLintptr offset, GLsizeiptr size,
          const char *where)
{
   if (!st_buffer_binding(ctx, target)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return NULL;
   }
   if (offset < 0 || size < 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return NULL;
   }
   struct st_buffer *b = bound_buffer(ctx, target, where);
   if (!b)
      return NULL;
   if ((size_t)offset > b->size || (size_t)size > b->size - (size_t)offset) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return NULL;
   }
   if (b->mapped) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return NULL;
   }
   return b;
}

void GLAPIENTRY
api_glBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, const void *data)
{
   ST_ENTRY(ctx);
   struct st_buffer *b = sub_range(ctx, target, offset, size, "glBufferSubData");
   if (b && size && data)
      memcpy(b->data + offset, data, (size_t)size);
}

void GLAPIENTRY
api_glGetBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, void *data)
{
   ST_ENTRY(ctx);
   struct st_buffer *b = sub_range(ctx, target, offset, size, "glGetBufferSubData");
   if (b && size && data)
      memcpy(data, b->data + offset, (size_t)size);
}

/* ARB_copy_buffer: size bytes from the readtarget's buffer at readoffset to
 * the writetarget's at writeoffset (the same buffer if the ranges do not
 * overlap). */
void GLAPIENTRY
api_glCopyBufferSubData(GLenum readtarget, GLenum writetarget, GLintptr readoffset,
                        GLintptr writeoffset, GLsizeiptr size)
{
   ST_ENTRY(ctx);
   const char *where = "glCopyBufferSubData";
   if (!st_buffer_binding(ctx, readtarget) || !st_buffer_binding(ctx, writetarget)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   struct st_buffer *src = bound_buffer(ctx, readtarget, where);
   struct st_buffer *dst = src ? bound_buffer(ctx, writetarget, where) : NULL;
   if (!src || !dst)
      return;   /* GL_INVALID_OPERATION: no buffer bound */
   if (src->mapped || dst->mapped) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   if (readoffset < 0 || writeoffset < 0 || size < 0 ||
       (size_t)readoffset > src->size || (size_t)size > src->size - (size_t)readoffset ||
       (size_t)writeoffset > dst->size || (size_t)size > dst->size - (size_t)writeoffset ||
       (src == dst && readoffset < writeoffset + size && writeoffset < readoffset + size)) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   if (size)
      memmove(dst->data + writeoffset, src->data + readoffset, (size_t)size);
}

/* A pointer for a mapping (the store is never NULL, see st_buffer_create). */
static void *
map_pointer(struct st_buffer *b)
{
   return b->data + b->map_offset;
}

void *GLAPIENTRY
api_glMapBuffer(GLenum target, GLenum access)
{
   ST_ENTRY_RET(ctx, NULL);
   if (!st_buffer_binding(ctx, target) ||
       (access != GL_READ_ONLY && access != GL_WRITE_ONLY && access != GL_READ_WRITE)) {
      st_error(ctx, GL_INVALID_ENUM, "glMapBuffer");
      return NULL;
   }
   struct st_buffer *b = bound_buffer(ctx, target, "glMapBuffer");
   if (!b)
      return NULL;
   if (b->mapped) {
      st_error(ctx, GL_INVALID_OPERATION, "glMapBuffer");
      return NULL;
   }
   b->mapped = true;
   b->access = access;
   b->access_flags = access == GL_READ_ONLY ? GL_MAP_READ_BIT
                   : access == GL_WRITE_ONLY ? GL_MAP_WRITE_BIT
                   : GL_MAP_READ_BIT | GL_MAP_WRITE_BIT;
   b->map_offset = 0;
   b->map_length = b->size;
   return map_pointer(b);
}

GLboolean GLAPIENTRY
api_glUnmapBuffer(GLenum target)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   struct st_buffer *b = bound_buffer(ctx, target, "glUnmapBuffer");
   if (!b)
      return GL_FALSE;
   if (!b->mapped) {
      st_error(ctx, GL_INVALID_OPERATION, "glUnmapBuffer");
      return GL_FALSE;
   }
   b->mapped = false;
   b->access = GL_READ_WRITE;
   b->access_flags = 0;
   b->map_offset = b->map_length = 0;
   return GL_TRUE;   /* the store never gets corrupted */
}

void *GLAPIENTRY
api_glMapBufferRange(GLenum target, GLintptr offset, GLsizeiptr length, GLbitfield access)
{
   ST_ENTRY_RET(ctx, NULL);
   const GLbitfield all = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT |
                          GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_FLUSH_EXPLICIT_BIT |
                          GL_MAP_UNSYNCHRONIZED_BIT;
   if (!st_buffer_binding(ctx, target)) {
      st_error(ctx, GL_INVALID_ENUM, "glMapBufferRange");
      return NULL;
   }
   if (offset < 0 || length <= 0 || (access & ~all)) {
      st_error(ctx, GL_INVALID_VALUE, "glMapBufferRange");
      return NULL;
   }
   struct st_buffer *b = bound_buffer(ctx, target, "glMapBufferRange");
   if (!b)
      return NULL;
   if ((size_t)offset > b->size || (size_t)length > b->size - (size_t)offset) {
      st_error(ctx, GL_INVALID_VALUE, "glMapBufferRange");
      return NULL;
   }
   if (b->mapped || !(access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT)) ||
       ((access & GL_MAP_READ_BIT) &&
        (access & (GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT |
                   GL_MAP_UNSYNCHRONIZED_BIT))) ||
       ((access & GL_MAP_FLUSH_EXPLICIT_BIT) && !(access & GL_MAP_WRITE_BIT))) {
      st_error(ctx, GL_INVALID_OPERATION, "glMapBufferRange");
      return NULL;
   }
   b->mapped = true;
   b->access_flags = access;
   b->access = (access & GL_MAP_READ_BIT) && (access & GL_MAP_WRITE_BIT) ? GL_READ_WRITE
             : (access & GL_MAP_READ_BIT) ? GL_READ_ONLY : GL_WRITE_ONLY;
   b->map_offset = (size_t)offset;
   b->map_length = (size_t)length;
   return map_pointer(b);
}

void GLAPIENTRY
api_glFlushMappedBufferRange(GLenum target, GLintptr offset, GLsizeiptr length)
{
   ST_ENTRY(ctx);
   if (!st_buffer_binding(ctx, target)) {
      st_error(ctx, GL_INVALID_ENUM, "glFlushMappedBufferRange");
      return;
   }
   if (offset < 0 || length < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glFlushMappedBufferRange");
      return;
   }
   struct st_buffer *b = bound_buffer(ctx, target, "glFlushMappedBufferRange");
   if (!b)
      return;
   if (!b->mapped || !(b->access_flags & GL_MAP_FLUSH_EXPLICIT_BIT)) {
      st_error(ctx, GL_INVALID_OPERATION, "glFlushMappedBufferRange");
      return;
   }
   if ((size_t)offset > b->map_length || (size_t)length > b->map_length - (size_t)offset)
      st_error(ctx, GL_INVALID_VALUE, "glFlushMappedBufferRange");
   /* the mapping is the store itself: nothing to copy */
}

/* glGetBufferParameter{iv,i64v}: the value of pname of the buffer bound
 * to target; false with the error raised */
static bool
buffer_parameter(struct st_context *ctx, GLenum target, GLenum pname, int64_t *out,
                 const char *where)
{
   if (!st_buffer_binding(ctx, target)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   switch (pname) {
   case GL_BUFFER_SIZE: case GL_BUFFER_USAGE: case GL_BUFFER_ACCESS: case GL_BUFFER_MAPPED:
   case GL_BUFFER_ACCESS_FLAGS: case GL_BUFFER_MAP_OFFSET: case GL_BUFFER_MAP_LENGTH:
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   struct st_buffer *b = bound_buffer(ctx, target, where);
   if (!b)
      return false;
   switch (pname) {
   case GL_BUFFER_SIZE: *out = (int64_t)b->size; break;
   case GL_BUFFER_USAGE: *out = b->usage; break;
   case GL_BUFFER_ACCESS:   /* ES (OES_mapbuffer): write-only is the only access */
      *out = ctx->profile == ST_PROFILE_GLES1 || ctx->profile == ST_PROFILE_GLES2
                ? GL_WRITE_ONLY : b->access;
      break;
   case GL_BUFFER_MAPPED: *out = b->mapped; break;
   case GL_BUFFER_ACCESS_FLAGS: *out = b->access_flags; break;
   case GL_BUFFER_MAP_OFFSET: *out = (int64_t)b->map_offset; break;
   default: *out = (int64_t)b->map_length; break;
   }
   return true;
}

void GLAPIENTRY
api_glGetBufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   int64_t v;
   if (buffer_parameter(ctx, target, pname, &v, "glGetBufferParameteriv") && params)
      *params = v > INT32_MAX ? INT32_MAX : (GLint)v;
}

/* GL 3.2 / ES 3.0: sizes and offsets past 2 GiB as they are */
void GLAPIENTRY
api_glGetBufferParameteri64v(GLenum target, GLenum pname, GLint64 *params)
{
   ST_ENTRY(ctx);
   int64_t v;
   if (buffer_parameter(ctx, target, pname, &v, "glGetBufferParameteri64v") && params)
      *params = v;
}

void GLAPIENTRY
api_glGetBufferPointerv(GLenum target, GLenum pname, void **params)
{
   ST_ENTRY(ctx);
   if (!st_buffer_binding(ctx, target) || pname != GL_BUFFER_MAP_POINTER) {
      st_error(ctx, GL_INVALID_ENUM, "glGetBufferPointerv");
      return;
   }
   struct st_buffer *b = bound_buffer(ctx, target, "glGetBufferPointerv");
   if (b && params)
      *params = b->mapped ? map_pointer(b) : NULL;
}

/* --- ARB_vertex_buffer_object names --- */

void GLAPIENTRY
api_glGenBuffersARB(GLsizei n, GLuint *buffers)
{
   api_glGenBuffers(n, buffers);
}

void GLAPIENTRY
api_glDeleteBuffersARB(GLsizei n, const GLuint *buffers)
{
   api_glDeleteBuffers(n, buffers);
}

GLboolean GLAPIENTRY
api_glIsBufferARB(GLuint buffer)
{
   return api_glIsBuffer(buffer);
}

void GLAPIENTRY
api_glBindBufferARB(GLenum target, GLuint buffer)
{
   api_glBindBuffer(target, buffer);
}

void GLAPIENTRY
api_glBufferDataARB(GLenum target, GLsizeiptrARB size, const void *data, GLenum usage)
{
   api_glBufferData(target, size, data, usage);
}

void GLAPIENTRY
api_glBufferSubDataARB(GLenum target, GLintptrARB offset, GLsizeiptrARB size, const void *data)
{
   api_glBufferSubData(target, offset, size, data);
}

void GLAPIENTRY
api_glGetBufferSubDataARB(GLenum target, GLintptrARB offset, GLsizeiptrARB size, void *data)
{
   api_glGetBufferSubData(target, offset, size, data);
}

void *GLAPIENTRY
api_glMapBufferARB(GLenum target, GLenum access)
{
   return api_glMapBuffer(target, access);
}

GLboolean GLAPIENTRY
api_glUnmapBufferARB(GLenum target)
{
   return api_glUnmapBuffer(target);
}

void GLAPIENTRY
api_glGetBufferParameterivARB(GLenum target, GLenum pname, GLint *params)
{
   api_glGetBufferParameteriv(target, pname, params);
}

void GLAPIENTRY
api_glGetBufferPointervARB(GLenum target, GLenum pname, void **params)
{
   api_glGetBufferPointerv(target, pname, params);
}

/* --- GL_OES_mapbuffer (ES 1.1 and ES 2.0) ---
 * The desktop commands' rules, but the only access is GL_WRITE_ONLY_OES
 * (GL_WRITE_ONLY's value), and ES has only the vertex and index targets;
 * GL_BUFFER_ACCESS_OES / GL_BUFFER_MAPPED_OES are glGetBufferParameteriv's
 * desktop pnames, GL_BUFFER_MAP_POINTER_OES glGetBufferPointerv's.
 * libglapi gives glMapBufferOES and glMapBuffer one dispatch slot, so these
 * also serve desktop contexts' glMapBuffer (...): there the desktop rules
 * apply unchanged. */

static bool
es_context(const struct st_context *ctx)
{
   return ctx->profile == ST_PROFILE_GLES1 || ctx->profile == ST_PROFILE_GLES2;
}

static bool
es_map_target(struct st_context *ctx, GLenum target, const char *where)
{
   if (!es_context(ctx))
      return true;
   if (target != GL_ARRAY_BUFFER && target != GL_ELEMENT_ARRAY_BUFFER) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   return true;
}

void *GLAPIENTRY
api_glMapBufferOES(GLenum target, GLenum access)
{
   ST_ENTRY_RET(ctx, NULL);
   if (!es_map_target(ctx, target, "glMapBufferOES"))
      return NULL;
   if (es_context(ctx) && access != GL_WRITE_ONLY) {
      st_error(ctx, GL_INVALID_ENUM, "glMapBufferOES");
      return NULL;
   }
   return api_glMapBuffer(target, access);
}

GLboolean GLAPIENTRY
api_glUnmapBufferOES(GLenum target)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   if (!es_map_target(ctx, target, "glUnmapBufferOES"))
      return GL_FALSE;
   return api_glUnmapBuffer(target);
}

void GLAPIENTRY
api_glGetBufferPointervOES(GLenum target, GLenum pname, void **params)
{
   ST_ENTRY(ctx);
   if (!es_map_target(ctx, target, "glGetBufferPointervOES"))
      return;
   api_glGetBufferPointerv(target, pname, params);
}

/* --- indexed bindings (GL 3.0 glBindBufferRange/Base, EXT_transform_feedback) ---
 * Each target's rules are its own (st_xfb.c for GL_TRANSFORM_FEEDBACK_BUFFER,
 * st_ubo.c for GL_UNIFORM_BUFFER). */

void GLAPIENTRY
api_glBindBufferRange(GLenum target, GLuint index, GLuint buffer, GLintptr offset,
                      GLsizeiptr size)
{
   ST_ENTRY(ctx);
   switch (target) {
   case GL_TRANSFORM_FEEDBACK_BUFFER:
      if (st_xfb_enabled(ctx)) {
         st_xfb_bind_buffer(ctx, index, buffer, offset, size, ST_XFB_BIND_RANGE,
                            "glBindBufferRange");
         return;
      }
      break;
   case GL_UNIFORM_BUFFER:
      if (st_ubo_enabled(ctx)) {
         st_ubo_bind_buffer(ctx, index, buffer, offset, size, true, "glBindBufferRange");
         return;
      }
      break;
   default:
      break;
   }
   st_error(ctx, GL_INVALID_ENUM, "glBindBufferRange");
}

void GLAPIENTRY
api_glBindBufferBase(GLenum target, GLuint index, GLuint buffer)
{
   ST_ENTRY(ctx);
   switch (target) {
   case GL_TRANSFORM_FEEDBACK_BUFFER:
      if (st_xfb_enabled(ctx)) {
         st_xfb_bind_buffer(ctx, index, buffer, 0, 0, ST_XFB_BIND_BASE, "glBindBufferBase");
         return;
      }
      break;
   case GL_UNIFORM_BUFFER:
      if (st_ubo_enabled(ctx)) {
         st_ubo_bind_buffer(ctx, index, buffer, 0, 0, false, "glBindBufferBase");
         return;
      }
      break;
   default:
      break;
   }
   st_error(ctx, GL_INVALID_ENUM, "glBindBufferBase");
}

void GLAPIENTRY
api_glBindBufferOffsetEXT(GLenum target, GLuint index, GLuint buffer, GLintptr offset)
{
   ST_ENTRY(ctx);
   if (target != GL_TRANSFORM_FEEDBACK_BUFFER || !st_xfb_enabled(ctx)) {
      st_error(ctx, GL_INVALID_ENUM, "glBindBufferOffsetEXT");
      return;
   }
   st_xfb_bind_buffer(ctx, index, buffer, offset, 0, ST_XFB_BIND_OFFSET,
                      "glBindBufferOffsetEXT");
}

void GLAPIENTRY
api_glBindBufferRangeEXT(GLenum target, GLuint index, GLuint buffer, GLintptr offset,
                         GLsizeiptr size)
{
   api_glBindBufferRange(target, index, buffer, offset, size);
}

void GLAPIENTRY
api_glBindBufferBaseEXT(GLenum target, GLuint index, GLuint buffer)
{
   api_glBindBufferBase(target, index, buffer);
}
