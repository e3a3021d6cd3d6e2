/*
 * A fake window-system drawable for rendering tests (refpipe on the null
 * winsys): resources are created on first validate.  Used by the
 * fragment and query tests.
 */
#ifndef ST_TEST_FB_H
#define ST_TEST_FB_H

#include <stdlib.h>
#include <string.h>

#include "frontend/drisw_api.h"
#include "pipe-loader/pipe_loader.h"
#include "pipe/p_screen.h"
#include "st_api.h"
#include "st_context.h"
#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_util.h"
#include "util/u_inlines.h"

struct test_drawable {
   struct st_framebuffer_iface base;
   struct pipe_screen *screen;
   unsigned width, height;
   struct pipe_resource *tex[ST_ATTACHMENT_COUNT];
};

static inline bool
test_fb_validate(struct st_framebuffer_iface *iface, struct st_context *ctx,
                 const enum st_attachment *atts, unsigned count, struct pipe_resource **out)
{
   struct test_drawable *d = (struct test_drawable *)iface;
   (void)ctx;
   for (unsigned i = 0; i < count; i++) {
      enum st_attachment a = atts[i];
      if (!d->tex[a]) {
         bool zs = a == ST_ATTACHMENT_DEPTH_STENCIL;
         struct pipe_resource templ;
         memset(&templ, 0, sizeof templ);
         templ.target = PIPE_TEXTURE_2D;
         templ.format = zs ? iface->visual.depth_stencil_format : iface->visual.color_format;
         templ.width0 = d->width;
         templ.height0 = (uint16_t)d->height;
         templ.depth0 = 1;
         templ.array_size = 1;
         templ.nr_samples = (uint8_t)iface->visual.samples;   /* 0: single-sampled */
         templ.bind = zs ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET;
         d->tex[a] = d->screen->resource_create(d->screen, &templ);
         if (!d->tex[a])
            return false;
      }
      out[i] = NULL;
      pipe_resource_reference(&out[i], d->tex[a]);
   }
   return true;
}

static inline bool
test_fb_flush_front(struct st_framebuffer_iface *iface, struct st_context *ctx,
                    enum st_attachment att)
{
   (void)iface;
   (void)ctx;
   (void)att;
   return true;
}

/* Pixel (x, y) of the read framebuffer as RGBA bytes (0x55 where nothing
 * was read). */
static inline void
test_read_px(int x, int y, GLubyte out[4])
{
   memset(out, 0x55, 4);
   api_glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

/* Pixel (x, y) of the read framebuffer has red, green and blue (0..255)
 * within 'tol' of r, g, b (alpha not compared). */
#define CHECK_PX_RGB(x, y, r, g, b, tol)                                                \
   do {                                                                                \
      GLubyte p_[4];                                                                   \
      test_read_px((x), (y), p_);                                                      \
      CHECK(abs(p_[0] - (r)) <= (tol) && abs(p_[1] - (g)) <= (tol) &&                  \
            abs(p_[2] - (b)) <= (tol),                                                 \
            "pixel (%d,%d) = %u,%u,%u, expected %d,%d,%d (+-%d)", (x), (y), p_[0], p_[1], \
            p_[2], (r), (g), (b), (tol));                                              \
   } while (0)

/* glGetTexLevelParameteriv's value (-12345 where nothing was written). */
static inline GLint
test_level_param(GLenum target, GLint level, GLenum pname)
{
   GLint v = -12345;
   api_glGetTexLevelParameteriv(target, level, pname, &v);
   return v;
}

/* A w x h quad at the window origin (immediate mode) with texture
 * coordinates (s0, t0) at its lower left and (s1, t1) at its upper right. */
static inline void
test_tex_quad(float w, float h, float s0, float t0, float s1, float t1)
{
   api_glBegin(GL_QUADS);
   api_glTexCoord2f(s0, t0);
   api_glVertex2f(0, 0);
   api_glTexCoord2f(s1, t0);
   api_glVertex2f(w, 0);
   api_glTexCoord2f(s1, t1);
   api_glVertex2f(w, h);
   api_glTexCoord2f(s0, t1);
   api_glVertex2f(0, h);
   api_glEnd();
}

/* A w x h drawable of visual 'vis' on 'screen' (resources made on first
 * validate; multisample if vis->samples). */
static inline void
test_drawable_init(struct test_drawable *d, struct pipe_screen *screen,
                   const struct st_visual *vis, unsigned w, unsigned h)
{
   memset(d, 0, sizeof *d);
   d->base.visual = *vis;
   d->base.validate = test_fb_validate;
   d->base.flush_front = test_fb_flush_front;
   d->screen = screen;
   d->width = w;
   d->height = h;
}

#define CHECK_GL_ERROR(expected)                                          \
   do {                                                                   \
      GLenum e_ = api_glGetError();                                       \
      CHECK(e_ == (GLenum)(expected), "GL error 0x%x, expected 0x%x", e_, \
            (unsigned)(expected));                                        \
   } while (0)

/* Screen + context + a w x h BGRA8 / Z24S8 drawable, made current, with an
 * orthographic projection of window coordinates (z in [-1, 1]). */
struct test_env {
   struct pipe_screen *screen;
   struct st_context *ctx;
   struct test_drawable d;
};

/* test_env_init on `driver` ("refpipe", "jitpipe") with a context of GL
 * `version` ("3.2"; NULL: what the environment gives) through
 * PONY_GL_VERSION_OVERRIDE; jitpipe compiles before the first draw, so
 * its code is what runs.  False when the driver is not built. */
static inline bool
test_env_init_profile(struct test_env *e, const char *driver, const char *version,
                      enum st_profile profile, unsigned w, unsigned h);

static inline bool
test_env_init_on(struct test_env *e, const char *driver, const char *version, unsigned w,
                 unsigned h)
{
   return test_env_init_profile(e, driver, version, ST_PROFILE_COMPAT, w, h);
}

/* The same with a context of `profile` (ST_PROFILE_CORE: the version the
 * override gives, which must be 3.1 or later) */
static inline bool
test_env_init_profile(struct test_env *e, const char *driver, const char *version,
                      enum st_profile profile, unsigned w, unsigned h)
{
   memset(e, 0, sizeof *e);
   if (version)
      setenv("PONY_GL_VERSION_OVERRIDE", version, 1);
   setenv("PONY_JIT", "sync", 1);
   setenv("PONY_JIT_THRESHOLD", "0", 1);
   struct sw_winsys *ws = null_sw_winsys_create();
   e->screen = ws ? pipe_loader_create_sw_screen(ws, driver) : NULL;
   bool ok = false;
   if (e->screen) {
      struct st_visual vis = { true, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT,
                               0 };
      struct st_context_attribs attribs = { profile, profile == ST_PROFILE_CORE ? 3 : 1,
                                            profile == ST_PROFILE_CORE ? 1 : 0, 0, &vis };
      enum st_context_error err;
      e->ctx = st_context_create(e->screen, &attribs, NULL, &err);
      if (e->ctx) {
         test_drawable_init(&e->d, e->screen, &vis, w, h);
         ok = st_make_current(e->ctx, &e->d.base, &e->d.base);
      }
   }
   if (version)
      unsetenv("PONY_GL_VERSION_OVERRIDE");
   unsetenv("PONY_JIT");
   unsetenv("PONY_JIT_THRESHOLD");
   if (!ok)
      return false;
   if (profile == ST_PROFILE_CORE)
      return true;   /* no matrices */
   api_glMatrixMode(GL_PROJECTION);
   api_glLoadIdentity();
   api_glOrtho(0, w, 0, h, -1, 1);
   api_glMatrixMode(GL_MODELVIEW);
   api_glLoadIdentity();
   return true;
}

static inline bool
test_env_init(struct test_env *e, unsigned w, unsigned h)
{
   return test_env_init_on(e, "refpipe", NULL, w, h);
}

/* glGetIntegerv / glGetProgramiv of one value (-777 where nothing was
 * written) */
static inline GLint
test_get_int(GLenum pname)
{
   GLint v = -777;
   api_glGetIntegerv(pname, &v);
   return v;
}

static inline GLint
test_program_iv(GLuint p, GLenum pname)
{
   GLint v = -777;
   api_glGetProgramiv(p, pname, &v);
   return v;
}

static inline void
test_env_fini(struct test_env *e)
{
   st_make_current(NULL, NULL, NULL);
   if (e->ctx) {
      st_framebuffer_iface_destroyed(&e->d.base);
      st_context_destroy(e->ctx);
   }
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
      pipe_resource_reference(&e->d.tex[i], NULL);
   if (e->screen)
      e->screen->destroy(e->screen);
}

/* A program of a vertex, geometry and fragment shader (any NULL) with
 * attribute `pos` at 1 and `col` at 2, linked; *log gets the info log. */
static inline GLuint
test_make_program(const char *vs, const char *gs, const char *fs, char *log, size_t log_size)
{
   GLuint p = api_glCreateProgram();
   const char *src[3] = { vs, gs, fs };
   const GLenum type[3] = { GL_VERTEX_SHADER, GL_GEOMETRY_SHADER, GL_FRAGMENT_SHADER };
   for (unsigned i = 0; i < 3; i++) {
      if (!src[i])
         continue;
      GLuint s = api_glCreateShader(type[i]);
      api_glShaderSource(s, 1, &src[i], NULL);
      api_glCompileShader(s);
      GLint ok = 0;
      api_glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
      if (!ok) {
         char slog[2048] = "";
         api_glGetShaderInfoLog(s, sizeof slog, NULL, slog);
         fprintf(stderr, "shader %u does not compile:\n%s", i, slog);
      }
      api_glAttachShader(p, s);
      api_glDeleteShader(s);
   }
   api_glBindAttribLocation(p, 1, "pos");
   api_glBindAttribLocation(p, 2, "col");
   api_glLinkProgram(p);
   if (log)
      api_glGetProgramInfoLog(p, (GLsizei)log_size, NULL, log);
   return p;
}

/* The same, which must link. */
static inline GLuint
test_linked_program(const char *vs, const char *gs, const char *fs)
{
   char log[2048] = "";
   GLuint p = test_make_program(vs, gs, fs, log, sizeof log);
   CHECK(test_program_iv(p, GL_LINK_STATUS) == GL_TRUE, "link failed: %s", log);
   return p;
}

/* An OpenGL ES context of `major` on e's drawable, made current (with
 * PONY_GLES_VERSION_OVERRIDE = override while it is made, unless NULL);
 * NULL when refused.  test_es_context_done makes e's own context current
 * again and destroys it. */
static inline struct st_context *
test_es_context(struct test_env *e, int major, const char *override)
{
   if (override)
      setenv("PONY_GLES_VERSION_OVERRIDE", override, 1);
   struct st_context_attribs attribs = { ST_PROFILE_GLES2, major, 0, 0, &e->d.base.visual };
   enum st_context_error err;
   struct st_context *ctx = st_context_create(e->screen, &attribs, NULL, &err);
   unsetenv("PONY_GLES_VERSION_OVERRIDE");
   if (ctx && !st_make_current(ctx, &e->d.base, &e->d.base)) {
      st_context_destroy(ctx);
      ctx = NULL;
   }
   return ctx;
}

static inline void
test_es_context_done(struct test_env *e, struct st_context *ctx)
{
   st_make_current(e->ctx, &e->d.base, &e->d.base);
   if (ctx)
      st_context_destroy(ctx);
}

/* `name` is in the current context's extension list (glGetString's
 * string; glGetStringi where the core profile has no string) */
static inline bool
test_has_extension(const char *name)
{
   const char *all = (const char *)api_glGetString(GL_EXTENSIONS);
   size_t n = strlen(name);
   if (!all) {
      api_glGetError();   /* the core profile's GL_INVALID_ENUM */
      GLint count = test_get_int(GL_NUM_EXTENSIONS);
      for (GLint i = 0; i < count; i++) {
         const char *e = (const char *)api_glGetStringi(GL_EXTENSIONS, (GLuint)i);
         if (e && !strcmp(e, name))
            return true;
      }
      return false;
   }
   for (const char *p = strstr(all, name); p; p = strstr(p + 1, name)) {
      if ((p == all || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   }
   return false;
}

/* Runs fn(e, driver, first) in a current GL `version` compatibility
 * context (w x h, test_env_init_on: e has its screen) on refpipe, then on
 * jitpipe; `first` on refpipe's.  No refpipe context is a failed check;
 * jitpipe not built is said on stdout and skipped. */
static inline void
test_on_each_driver(const char *test, const char *version, unsigned w, unsigned h,
                    void (*fn)(struct test_env *e, const char *driver, bool first))
{
   static const char *const drivers[] = { "refpipe", "jitpipe" };
   for (unsigned d = 0; d < 2; d++) {
      struct test_env e;
      if (!test_env_init_on(&e, drivers[d], version, w, h)) {
         if (d == 0)
            CHECK(0, "%s: no GL %s context", test, version);
         else
            printf("%s: jitpipe not built, its draws skipped\n", test);
      } else {
         fn(&e, drivers[d], d == 0);
      }
      test_env_fini(&e);
   }
}

/* Program p draws a quad over the whole viewport: clip-space corners
 * through attribute 1 (a client array), then the program and the array
 * are unbound. */
static inline void
test_draw_viewport_quad(GLuint p)
{
   static const GLfloat pos[8] = { -1, -1, 1, -1, 1, 1, -1, 1 };
   api_glUseProgram(p);
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, pos);
   api_glEnableVertexAttribArray(1);
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   api_glDisableVertexAttribArray(1);
   api_glUseProgram(0);
}

/* An entry point through the current dispatch table (display lists swap
 * it), as an application's call would reach it. */
static inline st_proc
test_proc(const char *name)
{
   int slot = _glapi_get_proc_offset(name);
   st_proc *t = (st_proc *)_glapi_get_dispatch();
   if (slot < 0 || !t) {
      fprintf(stderr, "no slot for %s\n", name);
      abort();
   }
   return t[slot];
}

/* GL(glFoo, GLenum, GLint)(args): call glFoo through the dispatch */
#define GL(name, ...) ((void (GLAPIENTRY *)(__VA_ARGS__))test_proc(#name))

#endif
