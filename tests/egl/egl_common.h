/*
 * Shared helpers of the EGL end-to-end tests: a surfaceless EGL display
 * through Mesa's libEGL, a pbuffer with a GL compatibility context, GL error
 * checks and pixel comparison with explicit tolerances.
 *
 * Every test program returns TEST_PASS, TEST_FAIL or TEST_SKIP.
 */
#ifndef EGL_COMMON_H
#define EGL_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#define TEST_PASS 0
#define TEST_FAIL 1
#define TEST_SKIP 77

/* How many mismatching pixels one comparison reports before going quiet. */
#define TEST_MAX_REPORTS 8

struct egl_test {
   EGLDisplay dpy;
   EGLConfig config;
   EGLContext ctx;
   EGLSurface surf;
   int width, height;
};

/* Failure bookkeeping: test_fail() prints "FAIL: ..." and counts. */
void test_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void test_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int test_failures(void);
/* TEST_FAIL if anything failed, else TEST_PASS; prints a summary line. */
int test_finish(const char *name);

const char *egl_error_name(EGLint err);
const char *gl_error_name(GLenum err);

/* Surfaceless display, initialised.  EGL_NO_DISPLAY (and a message) if the
 * platform is missing or eglInitialize fails. */
EGLDisplay egl_test_display(void);

/* First config with exactly the colour sizes r/g/b/a, exactly the depth and
 * stencil sizes given, no multisampling, and EGL_PBUFFER_BIT; NULL if none. */
EGLConfig egl_test_find_config(EGLDisplay dpy, int r, int g, int b, int a,
                               int depth, int stencil);

/* Display + RGBA8888 config (with the given depth/stencil) + GL compatibility
 * context (default version) + w x h pbuffer, made current.
 * Returns TEST_PASS, TEST_SKIP (no such config) or TEST_FAIL. */
int egl_test_setup(struct egl_test *t, int w, int h, int depth, int stencil);
void egl_test_teardown(struct egl_test *t);

/* True when GL_RENDERER names Mesa's llvmpipe: the few places where
 * Mesa 22.3 departs from the GL spec accept its behaviour only there. */
bool renderer_is_llvmpipe(void);

/* Reads glGetError once; fails (naming 'what') unless it equals 'expected'.
 * Afterwards drains any further error flags. */
bool gl_expect_error(GLenum expected, const char *what);

/* Fills n bytes with a recognisable sentinel. */
void fill_sentinel(void *buf, size_t n);
#define SENTINEL 0xa5

/* float in [0,1] to unorm with 'bits' bits, round to nearest */
unsigned unorm_from_float(double f, int bits);
/* unorm 8-bit value to another unorm width, round to nearest */
unsigned unorm8_to_bits(unsigned v8, int bits);

/* Compares a w x h RGBA8 image (tightly packed, bottom row first as GL
 * reads it) against 'want' with +-tol per channel.  Returns the number of
 * mismatching pixels and reports the first few with 'what'. */
int compare_rgba8(const uint8_t *got, const uint8_t *want, int w, int h,
                  unsigned tol, const char *what);

/* Applies a clear to a model framebuffer (RGBA8, bottom row first): the
 * rectangle [x, x+w) x [y, y+h) clipped to the surface, channels where
 * mask[c] is true get rgba[c]. */
void model_clear(uint8_t *model, int sw, int sh, int x, int y, int w, int h,
                 const uint8_t rgba[4], const bool mask[4]);

/* Reads the whole surface as RGBA/UNSIGNED_BYTE (pack state reset first). */
uint8_t *read_surface_rgba8(int w, int h);

/* Resets every GL_PACK_* parameter to its initial value. */
void reset_pack_state(void);

#endif
