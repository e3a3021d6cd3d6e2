/*
 * Buffer objects (GL 1.5 / ARB_vertex_buffer_object, ARB_map_buffer_range,
 * the pixel pack/unpack targets): st_buffer.c and api/api_buffer.c.
 *
 * A buffer's data store is malloc'd memory; draws and pixel transfers read
 * it directly, so they always see the current contents.  Objects are
 * reference counted: the share group's name table holds one reference,
 * every binding (targets, client arrays, the client attribute stack)
 * another, so a buffer deleted while another context still has it bound
 * stays valid there until that binding goes.
 */
#ifndef ST_BUFFER_H
#define ST_BUFFER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "st_gl.h"

struct st_context;

/*
 * Largest data store glBufferData allocates: 1 GiB.  GL 1.5 reports
 * GL_BUFFER_SIZE through glGetBufferParameteriv as a GLint, so a store
 * must stay below 2^31 bytes to be queryable; 1 GiB is also refpipe's
 * largest buffer resource (REFPIPE_MAX_BUFFER_SIZE), and keeps a hostile
 * size (GLsizeiptr up to PTRDIFF_MAX) from reaching calloc, where it
 * aborts under sanitizers or commits memory on overcommitting systems.
 * Larger sizes are GL_OUT_OF_MEMORY and leave the buffer unchanged.
 */
#define ST_MAX_BUFFER_SIZE ((size_t)1 << 30)

struct st_buffer {
   int refcount;                 /* atomic */
   GLuint name;
   size_t size;
   GLenum usage;
   uint8_t *data;                /* size bytes (at least one allocated, never NULL) */
   /* mapping */
   bool mapped;
   GLenum access;                /* GL_READ_ONLY / GL_WRITE_ONLY / GL_READ_WRITE */
   GLbitfield access_flags;      /* GL_MAP_*_BIT */
   size_t map_offset, map_length;
};

struct st_buffer *st_buffer_create(GLuint name);

struct st_context;
/* The buffer a Bind command binds for `name` into *out (NULL for 0), made
 * for an unused name where the context allows it (st_bind_name_ok); false
 * with GL_INVALID_OPERATION or GL_OUT_OF_MEMORY raised. */
bool st_buffer_for_bind(struct st_context *ctx, GLuint name, struct st_buffer **out,
                        const char *where);
void st_buffer_ref(struct st_buffer *b);
void st_buffer_unref(struct st_buffer *b);
/* *dst = b with references adjusted (either may be NULL). */
void st_buffer_reference(struct st_buffer **dst, struct st_buffer *b);

/* st_names_fini destroy callback for the share group's buffer table. */
void st_buffer_table_destroy(void *obj, void *data);

/* The binding point of a target (GL_ARRAY_BUFFER, GL_ELEMENT_ARRAY_BUFFER,
 * GL_PIXEL_PACK_BUFFER, GL_PIXEL_UNPACK_BUFFER); NULL for other enums. */
struct st_buffer **st_buffer_binding(struct st_context *ctx, GLenum target);

/*
 * For the pixel paths: the buffer bound to GL_PIXEL_PACK_BUFFER (pack) or
 * GL_PIXEL_UNPACK_BUFFER, NULL if none.  With a buffer, the GL pointer
 * argument of the pixel command is an offset into buffer->data (size
 * buffer->size); the caller raises GL_INVALID_OPERATION when
 * buffer->mapped or when the transfer would leave the buffer.
 */
struct st_buffer *st_pixel_buffer(struct st_context *ctx, bool pack);

/* Unbind b from every binding of this context (glDeleteBuffers). */
void st_buffer_unbind_all(struct st_context *ctx, struct st_buffer *b);

#endif
