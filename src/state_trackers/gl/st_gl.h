/*
 * GL types, enums and calling convention for the GL state tracker: the
 * Khronos headers Debian installs, plus the few GLES-only types gl.xml's
 * commands use that the desktop headers lack.
 */
#ifndef ST_GL_H
#define ST_GL_H

#include <GL/gl.h>
#include <GL/glext.h>
#include <KHR/khrplatform.h>

#ifndef GLAPIENTRY
#define GLAPIENTRY APIENTRY
#endif

typedef khronos_int32_t GLclampx;   /* GLES 1 only */
typedef void (GLAPIENTRY *GLDEBUGPROCKHR)(GLenum source, GLenum type, GLuint id,
                                          GLenum severity, GLsizei length,
                                          const GLchar *message, const void *userParam);

/* OpenGL ES 1.1 enums the desktop headers lack (values from GLES/gl.h). */
#ifndef GL_POINT_SIZE_ARRAY_OES
#define GL_POINT_SIZE_ARRAY_OES                0x8B9C
#define GL_POINT_SIZE_ARRAY_TYPE_OES           0x898A
#define GL_POINT_SIZE_ARRAY_STRIDE_OES         0x898B
#define GL_POINT_SIZE_ARRAY_POINTER_OES        0x898C
#define GL_POINT_SIZE_ARRAY_BUFFER_BINDING_OES 0x8B9F
#endif
#ifndef GL_IMPLEMENTATION_COLOR_READ_TYPE_OES
#define GL_IMPLEMENTATION_COLOR_READ_TYPE_OES   0x8B9A
#define GL_IMPLEMENTATION_COLOR_READ_FORMAT_OES 0x8B9B
#endif
#ifndef GL_PALETTE4_RGB8_OES
#define GL_PALETTE4_RGB8_OES     0x8B90
#define GL_PALETTE4_RGBA8_OES    0x8B91
#define GL_PALETTE4_R5_G6_B5_OES 0x8B92
#define GL_PALETTE4_RGBA4_OES    0x8B93
#define GL_PALETTE4_RGB5_A1_OES  0x8B94
#define GL_PALETTE8_RGB8_OES     0x8B95
#define GL_PALETTE8_RGBA8_OES    0x8B96
#define GL_PALETTE8_R5_G6_B5_OES 0x8B97
#define GL_PALETTE8_RGBA4_OES    0x8B98
#define GL_PALETTE8_RGB5_A1_OES  0x8B99
#endif

#ifndef GL_INVALID_FRAMEBUFFER_OPERATION
#define GL_INVALID_FRAMEBUFFER_OPERATION 0x0506
#endif

/* GL_ATI_texture_compression_3dc's one format (not in glext.h) */
#define ST_GL_COMPRESSED_LUMINANCE_ALPHA_3DC_ATI 0x8837

/* GL_OES_vertex_half_float's type (GLES2/gl2ext.h): not GL_HALF_FLOAT's value */
#define ST_GL_HALF_FLOAT_OES 0x8D61

#endif
