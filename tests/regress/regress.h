/*
 * Harness of the regression cases (tests/regress/case_*.c): each case is a
 * standalone program that replays a short sequence of GL calls that once
 * crashed, overflowed or ran for minutes, through Mesa's libEGL on a
 * surfaceless pbuffer, and checks the GL errors the spec requires.  The
 * GL-API fuzzer (tests/fuzz/) writes its minimised findings in this form.
 *
 * Cases link libglvnd's libOpenGL, whose GL 1.x entry points dispatch to
 * whichever context is current, an ES 1.1 one included; other entry points
 * (extensions, ES-only commands such as glOrthox) are fetched with
 * eglGetProcAddress (REGRESS_PROC).
 */
#ifndef TESTS_REGRESS_REGRESS_H
#define TESTS_REGRESS_REGRESS_H

#include <stdbool.h>
#include <stddef.h>

#include <EGL/egl.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include "egl_common.h"

enum regress_api {
   REGRESS_GL_COMPAT,   /* desktop GL, compatibility profile, default version */
   REGRESS_GLES1,       /* OpenGL ES 1.1 */
   REGRESS_GLES2,       /* OpenGL ES 2.0 */
};

/* Surface of every case: RGBA8888 with 24-bit depth and 8-bit stencil. */
#define REGRESS_W 64
#define REGRESS_H 48

/* Display, config, context of 'api' and a REGRESS_W x REGRESS_H pbuffer,
 * made current; GL errors drained.  TEST_PASS, TEST_SKIP or TEST_FAIL. */
int regress_setup(enum regress_api api);

/* eglGetProcAddress(name); a NULL answer is a failure (and exits). */
void *regress_proc(const char *name);

/* Typed entry point: REGRESS_PROC(PFNGLTEXSUBIMAGE1DPROC, glTexSubImage1D). */
#define REGRESS_PROC(type, name) ((type)regress_proc(#name))

/* glGetError() once must equal 'expected' (else a failure naming 'what');
 * then the error flag must be clear. */
bool regress_expect_error(GLenum expected, const char *what);

/* Same, accepting either of two errors (where the spec lets the order of
 * checks decide which one is raised). */
bool regress_expect_error2(GLenum a, GLenum b, const char *what);

/* A call compiled into 'list' raised nothing while compiling; calling the
 * list raises 'err' (once). */
void regress_call_list_expect(GLuint list, GLenum err, const char *what);

/* Checks the context still works: clears to a colour and reads one pixel. */
bool regress_context_alive(const char *what);

/* Tears down and returns TEST_PASS or TEST_FAIL, printing the summary. */
int regress_finish(const char *name);

#endif
