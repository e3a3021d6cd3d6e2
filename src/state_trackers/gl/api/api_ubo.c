/*
 * GL_ARB_uniform_buffer_object's commands: the uniform block queries of a
 * linked program (glGetUniformBlockIndex, glGetActiveUniformBlockiv,
 * glGetActiveUniformBlockName), the uniform queries it adds
 * (glGetUniformIndices, glGetActiveUniformsiv, glGetActiveUniformName),
 * glUniformBlockBinding, and glBindBufferBase / glBindBufferRange, whose
 * GL_UNIFORM_BUFFER side is st_ubo.c (other targets: their own functions
 * there, this file only switches on the target).
 */
#include <string.h>

#include "compiler/glsl/glsl_compiler.h"
#include "st_context.h"
#include "st_glsl.h"
#include "st_ubo.h"

/* The program's interface for a query: NULL with the error raised when
 * the extension is off (GL_INVALID_OPERATION, as the command's stub) or
 * program is no program object (GL_INVALID_VALUE / _OPERATION);
 * *iface NULL (not linked) is no error here. */
static struct st_glsl_program *
query_program(struct st_context *ctx, GLuint program, const char *where,
              const struct glsl_program_interface **iface)
{
   if (!st_ubo_enabled(ctx)) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return NULL;
   }
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, where);
   *iface = p && p->linked ? p->linked->iface : NULL;
   return p;
}

/* A NUL-terminated copy of at most bufSize - 1 bytes, as glGetActiveUniform. */
static void
copy_name(const char *s, GLsizei bufSize, GLsizei *length, GLchar *out)
{
   size_t n = strlen(s), k = 0;
   if (bufSize > 0 && out) {
      k = n < (size_t)bufSize - 1 ? n : (size_t)bufSize - 1;
      memcpy(out, s, k);
      out[k] = '\0';
   }
   if (length)
      *length = (GLsizei)k;
}

GLuint GLAPIENTRY
api_glGetUniformBlockIndex(GLuint program, const GLchar *uniformBlockName)
{
   ST_ENTRY_RET(ctx, GL_INVALID_INDEX);
   const struct glsl_program_interface *it;
   if (!query_program(ctx, program, "glGetUniformBlockIndex", &it) || !it || !uniformBlockName)
      return GL_INVALID_INDEX;
   for (unsigned i = 0; i < it->num_blocks; i++)
      if (!strcmp(it->blocks[i].name, uniformBlockName))
         return i;
   return GL_INVALID_INDEX;
}

void GLAPIENTRY
api_glGetActiveUniformBlockiv(GLuint program, GLuint uniformBlockIndex, GLenum pname,
                              GLint *params)
{
   ST_ENTRY(ctx);
   const struct glsl_program_interface *it;
   struct st_glsl_program *p = query_program(ctx, program, "glGetActiveUniformBlockiv", &it);
   if (!p)
      return;
   if (!it || uniformBlockIndex >= it->num_blocks) {
      st_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformBlockiv");
      return;
   }
   const struct glsl_uniform_block *b = &it->blocks[uniformBlockIndex];
   GLint v;
   switch (pname) {
   case GL_UNIFORM_BLOCK_BINDING: v = (GLint)p->linked->block_bindings[uniformBlockIndex]; break;
   case GL_UNIFORM_BLOCK_DATA_SIZE: v = (GLint)b->data_size; break;
   case GL_UNIFORM_BLOCK_NAME_LENGTH: v = (GLint)strlen(b->name) + 1; break;
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS: v = (GLint)b->num_uniforms; break;
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES:
      /* one value per active uniform of the block */
      for (unsigned i = 0; params && i < b->num_uniforms; i++)
         params[i] = (GLint)b->uniforms[i];
      return;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER:
      v = (b->stages >> GLSL_STAGE_VERTEX) & 1;
      break;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER:
      v = (b->stages >> GLSL_STAGE_FRAGMENT) & 1;
      break;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER:
      /* geometry shaders: GL 3.2 */
      if (!st_desktop(ctx) || ctx->version < 32) {
         st_error(ctx, GL_INVALID_ENUM, "glGetActiveUniformBlockiv");
         return;
      }
      v = (b->stages >> GLSL_STAGE_GEOMETRY) & 1;
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glGetActiveUniformBlockiv");
      return;
   }
   if (params)
      *params = v;
}

void GLAPIENTRY
api_glGetActiveUniformBlockName(GLuint program, GLuint uniformBlockIndex, GLsizei bufSize,
                                GLsizei *length, GLchar *uniformBlockName)
{
   ST_ENTRY(ctx);
   const struct glsl_program_interface *it;
   if (!query_program(ctx, program, "glGetActiveUniformBlockName", &it))
      return;
   if (!it || uniformBlockIndex >= it->num_blocks || bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformBlockName");
      return;
   }
   copy_name(it->blocks[uniformBlockIndex].name, bufSize, length, uniformBlockName);
}

/* The active uniform a name designates: its GL name, or for an array the
 * name without "[0]" */
static GLuint
uniform_index(const struct glsl_program_interface *it, const char *name)
{
   size_t n = strlen(name);
   for (unsigned i = 0; i < it->num_uniforms; i++) {
      const char *u = it->uniforms[i].name;
      if (!strcmp(u, name))
         return i;
      if (it->uniforms[i].is_array && !strncmp(u, name, n) && !strcmp(u + n, "[0]"))
         return i;
   }
   return GL_INVALID_INDEX;
}

void GLAPIENTRY
api_glGetUniformIndices(GLuint program, GLsizei uniformCount, const GLchar *const *uniformNames,
                        GLuint *uniformIndices)
{
   ST_ENTRY(ctx);
   const struct glsl_program_interface *it;
   if (!query_program(ctx, program, "glGetUniformIndices", &it))
      return;
   if (uniformCount < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetUniformIndices");
      return;
   }
   if (!uniformNames || !uniformIndices)
      return;
   for (GLsizei i = 0; i < uniformCount; i++)
      uniformIndices[i] = it && uniformNames[i] ? uniform_index(it, uniformNames[i])
                                                : GL_INVALID_INDEX;
}

void GLAPIENTRY
api_glGetActiveUniformsiv(GLuint program, GLsizei uniformCount, const GLuint *uniformIndices,
                          GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   const struct glsl_program_interface *it;
   if (!query_program(ctx, program, "glGetActiveUniformsiv", &it))
      return;
   if (uniformCount < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformsiv");
      return;
   }
   if (uniformCount && !uniformIndices)
      return;
   /* every index first: an error writes nothing */
   for (GLsizei i = 0; i < uniformCount; i++) {
      if (!it || uniformIndices[i] >= it->num_uniforms) {
         st_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformsiv");
         return;
      }
   }
   switch (pname) {
   case GL_UNIFORM_TYPE: case GL_UNIFORM_SIZE: case GL_UNIFORM_NAME_LENGTH:
   case GL_UNIFORM_BLOCK_INDEX: case GL_UNIFORM_OFFSET: case GL_UNIFORM_ARRAY_STRIDE:
   case GL_UNIFORM_MATRIX_STRIDE: case GL_UNIFORM_IS_ROW_MAJOR:
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glGetActiveUniformsiv");
      return;
   }
   for (GLsizei i = 0; params && i < uniformCount; i++) {
      const struct glsl_uniform *u = &it->uniforms[uniformIndices[i]];
      bool in_block = u->block_index >= 0;
      GLint v = 0;
      switch (pname) {
      case GL_UNIFORM_TYPE: v = (GLint)u->gl_type; break;
      case GL_UNIFORM_SIZE: v = (GLint)u->array_size; break;
      case GL_UNIFORM_NAME_LENGTH: v = (GLint)strlen(u->name) + 1; break;
      case GL_UNIFORM_BLOCK_INDEX: v = u->block_index; break;
      /* the default block's uniforms have no offsets or strides: -1 */
      case GL_UNIFORM_OFFSET: v = in_block ? (GLint)u->offset : -1; break;
      case GL_UNIFORM_ARRAY_STRIDE: v = in_block ? (GLint)u->array_stride : -1; break;
      case GL_UNIFORM_MATRIX_STRIDE: v = in_block ? (GLint)u->matrix_stride : -1; break;
      default: v = u->row_major; break;
      }
      params[i] = v;
   }
}

void GLAPIENTRY
api_glGetActiveUniformName(GLuint program, GLuint uniformIndex, GLsizei bufSize,
                           GLsizei *length, GLchar *uniformName)
{
   ST_ENTRY(ctx);
   const struct glsl_program_interface *it;
   if (!query_program(ctx, program, "glGetActiveUniformName", &it))
      return;
   if (!it || uniformIndex >= it->num_uniforms || bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformName");
      return;
   }
   copy_name(it->uniforms[uniformIndex].name, bufSize, length, uniformName);
}

void GLAPIENTRY
api_glUniformBlockBinding(GLuint program, GLuint uniformBlockIndex, GLuint uniformBlockBinding)
{
   ST_ENTRY(ctx);
   const struct glsl_program_interface *it;
   struct st_glsl_program *p = query_program(ctx, program, "glUniformBlockBinding", &it);
   if (!p)
      return;
   if (!it || uniformBlockIndex >= it->num_blocks ||
       uniformBlockBinding >= ST_UBO_MAX_BINDINGS) {
      st_error(ctx, GL_INVALID_VALUE, "glUniformBlockBinding");
      return;
   }
   p->linked->block_bindings[uniformBlockIndex] = uniformBlockBinding;
}
