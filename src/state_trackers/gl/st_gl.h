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

#ifndef GL_INVALID_FRAMEBUFFER_OPERATION
#define GL_INVALID_FRAMEBUFFER_OPERATION 0x0506
#endif

#endif
