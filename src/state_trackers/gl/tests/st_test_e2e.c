/*
 * End to end through the state tracker without a loader: refpipe on the
 * null winsys (pipe-loader), a fake drawable whose validate() hands out
 * textures it creates, st_make_current, then GL entry points called
 * through the dispatch table installed in libglapi.
 */
#include <math.h>
#include <pthread.h>
#include <string.h>

#include "frontend/drisw_api.h"
#include "pipe-loader/pipe_loader.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "st_api.h"
#include "st_context.h"
#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_util.h"
#include "util/u_debug.h"
#include "util/u_inlines.h"

/* --- a fake drawable ---------------------------------------------------- */

struct fake_drawable {
   struct st_framebuffer_iface base;
   struct pipe_screen *screen;
   unsigned width, height;
   struct pipe_resource *tex[ST_ATTACHMENT_COUNT];
   int validate_calls;
   int flush_front_calls;
   bool fail;
};

static struct pipe_resource *
make_texture(struct pipe_screen *screen, enum pipe_format format, unsigned w, unsigned h,
             unsigned bind)
{
   struct pipe_resource templ;
   memset(&templ, 0, sizeof templ);
   templ.target = PIPE_TEXTURE_2D;
   templ.format = format;
   templ.width0 = w;
   templ.height0 = (uint16_t)h;
   templ.depth0 = 1;
   templ.array_size = 1;
   templ.bind = bind;
   return screen->resource_create(screen, &templ);
}

static bool
fake_validate(struct st_framebuffer_iface *iface, struct st_context *ctx,
              const enum st_attachment *atts, unsigned count, struct pipe_resource **out)
{
   struct fake_drawable *d = (struct fake_drawable *)iface;
   d->validate_calls++;
   if (d->fail)
      return false;
   for (unsigned i = 0; i < count; i++) {
      enum st_attachment a = atts[i];
      if (d->tex[a] && (d->tex[a]->width0 != d->width || d->tex[a]->height0 != d->height))
         pipe_resource_reference(&d->tex[a], NULL);
      if (!d->tex[a]) {
         bool zs = a == ST_ATTACHMENT_DEPTH_STENCIL;
         d->tex[a] = make_texture(d->screen,
                                  zs ? iface->visual.depth_stencil_format
                                     : iface->visual.color_format,
                                  d->width, d->height,
                                  zs ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET);
         if (!d->tex[a])
            return false;
      }
      out[i] = NULL;
      pipe_resource_reference(&out[i], d->tex[a]);
   }
   return true;
}

static bool
fake_flush_front(struct st_framebuffer_iface *iface, struct st_context *ctx,
                 enum st_attachment att)
{
   ((struct fake_drawable *)iface)->flush_front_calls++;
   return true;
}

static void
fake_init(struct fake_drawable *d, struct pipe_screen *screen, const struct st_visual *vis,
          unsigned w, unsigned h)
{
   memset(d, 0, sizeof *d);
   d->base.visual = *vis;
   d->base.validate = fake_validate;
   d->base.flush_front = fake_flush_front;
   d->screen = screen;
   d->width = w;
   d->height = h;
}

static void
fake_fini(struct fake_drawable *d)
{
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
      pipe_resource_reference(&d->tex[i], NULL);
}

/* --- calling GL through libglapi's current dispatch ----------------------- */

static st_proc
gl_proc(const char *name)
{
   int slot = _glapi_get_proc_offset(name);
   st_proc *table = (st_proc *)_glapi_get_dispatch();
   if (slot < 0 || !table)
      return NULL;
   return table[slot];
}

#define GL(name, type) ((type)gl_proc(#name))

typedef GLenum (*pfn_GetError)(void);
typedef const GLubyte *(*pfn_GetString)(GLenum);
typedef void (*pfn_ClearColor)(GLfloat, GLfloat, GLfloat, GLfloat);
typedef void (*pfn_Clear)(GLbitfield);
typedef void (*pfn_ReadPixels)(GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, void *);
typedef void (*pfn_Viewport)(GLint, GLint, GLsizei, GLsizei);
typedef void (*pfn_GetIntegerv)(GLenum, GLint *);
typedef void (*pfn_Begin)(GLenum);
typedef GLuint (*pfn_GetSubroutineIndex)(GLuint, GLenum, const GLchar *);

static GLenum
get_error(void)
{
   return GL(glGetError, pfn_GetError)();
}

#define CHECK_GL_ERROR(expected)                                         \
   do {                                                                  \
      GLenum e_ = get_error();                                           \
      CHECK(e_ == (GLenum)(expected), "GL error 0x%x, expected 0x%x", e_, \
            (unsigned)(expected));                                       \
   } while (0)

/* --- the tests ---------------------------------------------------------------- */

static void
test_profiles(struct pipe_screen *screen)
{
   CHECK(st_profile_supported(screen, ST_PROFILE_COMPAT, 1, 0), "compat 1.0");
   CHECK(st_profile_supported(screen, ST_PROFILE_COMPAT, 1, 5), "compat 1.5");
   CHECK(st_profile_supported(screen, ST_PROFILE_COMPAT, 2, 1), "compat 2.1 (GLSL 1.20)");
   CHECK(st_profile_supported(screen, ST_PROFILE_COMPAT, 3, 3), "compat 3.3 (GLSL 3.30)");
   CHECK(!st_profile_supported(screen, ST_PROFILE_COMPAT, 3, 4), "compat 3.4");
   CHECK(!st_profile_supported(screen, ST_PROFILE_COMPAT, 4, 0), "compat 4.0");
   CHECK(st_profile_supported(screen, ST_PROFILE_CORE, 3, 2), "core 3.2");
   CHECK(st_profile_supported(screen, ST_PROFILE_CORE, 3, 3), "core 3.3");
   CHECK(!st_profile_supported(screen, ST_PROFILE_CORE, 4, 0), "core 4.0");
   CHECK(st_profile_supported(screen, ST_PROFILE_GLES2, 2, 0), "GLES 2.0");
   CHECK(st_profile_supported(screen, ST_PROFILE_GLES2, 3, 0), "GLES 3.0");
   CHECK(!st_profile_supported(screen, ST_PROFILE_GLES2, 3, 1), "GLES 3.1");
   CHECK(st_profile_supported(screen, ST_PROFILE_GLES1, 1, 1), "GLES 1.1");
   int major = -1, minor = -1;
   CHECK(st_profile_max_version(screen, ST_PROFILE_COMPAT, &major, &minor) && major == 3 &&
         minor == 3, "compat max %d.%d", major, minor);
   CHECK(st_profile_max_version(screen, ST_PROFILE_CORE, &major, &minor) && major == 3 &&
         minor == 3, "core max %d.%d", major, minor);
   CHECK(!st_profile_max_version(screen, (enum st_profile)9, NULL, NULL), "bad profile");

   enum st_context_error err;
   struct st_context_attribs a = { ST_PROFILE_CORE, 4, 0, 0, NULL };
   CHECK(!st_context_create(screen, &a, NULL, &err), "core 4.0 context");
   CHECK_EQ_INT(err, ST_CONTEXT_ERROR_BAD_VERSION);
   a = (struct st_context_attribs){ ST_PROFILE_GLES2, 3, 1, 0, NULL };
   CHECK(!st_context_create(screen, &a, NULL, &err), "GLES 3.1 context");
   CHECK_EQ_INT(err, ST_CONTEXT_ERROR_BAD_VERSION);
   a = (struct st_context_attribs){ ST_PROFILE_COMPAT, 3, 4, 0, NULL };
   CHECK(!st_context_create(screen, &a, NULL, &err), "compat 3.4 context");
   CHECK_EQ_INT(err, ST_CONTEXT_ERROR_BAD_VERSION);
   a = (struct st_context_attribs){ ST_PROFILE_COMPAT, 1, 7, 0, NULL };
   CHECK(!st_context_create(screen, &a, NULL, &err), "GL 1.7 context");
   CHECK_EQ_INT(err, ST_CONTEXT_ERROR_BAD_VERSION);
   a = (struct st_context_attribs){ ST_PROFILE_COMPAT, 1, 0, 1u << 20, NULL };
   CHECK(!st_context_create(screen, &a, NULL, &err), "unknown flag");
   CHECK_EQ_INT(err, ST_CONTEXT_ERROR_UNKNOWN_FLAG);
   a = (struct st_context_attribs){ ST_PROFILE_COMPAT, 1, 0, ST_CONTEXT_FLAG_FORWARD_COMPAT, NULL };
   CHECK(!st_context_create(screen, &a, NULL, &err), "forward-compatible 1.0");
   CHECK_EQ_INT(err, ST_CONTEXT_ERROR_BAD_FLAG);
}

static void
test_strings(void)
{
   pfn_GetString gs = GL(glGetString, pfn_GetString);
   CHECK(gs != NULL, "glGetString slot");
   const char *s = (const char *)gs(GL_VENDOR);
   CHECK(s && !strcmp(s, "Pony"), "GL_VENDOR '%s'", s ? s : "(null)");
   s = (const char *)gs(GL_RENDERER);
   CHECK(s && !strcmp(s, "Pony refpipe"), "GL_RENDERER '%s'", s ? s : "(null)");
   s = (const char *)gs(GL_VERSION);
   CHECK(s && !strncmp(s, "3.3 Pony ", 9), "GL_VERSION '%s'", s ? s : "(null)");
   s = (const char *)gs(GL_EXTENSIONS);
   CHECK(s && strstr(s, "GL_EXT_bgra"), "GL_EXTENSIONS '%s'", s ? s : "(null)");
   CHECK_GL_ERROR(GL_NO_ERROR);
   s = (const char *)gs(GL_SHADING_LANGUAGE_VERSION);
   CHECK(s && !strcmp(s, "3.30"), "GL_SHADING_LANGUAGE_VERSION '%s'", s ? s : "(null)");
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(gs(0) == NULL, "glGetString(0)");
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* GL 3.0's glGetStringi: the first name of GL_EXTENSIONS's list, and
    * GL_INVALID_VALUE past the end (GL 3.3 section 6.1.5) */
   s = (const char *)api_glGetStringi(GL_EXTENSIONS, 0);
   CHECK(s && !strcmp(s, "GL_EXT_bgra"), "glGetStringi(GL_EXTENSIONS, 0) '%s'", s ? s : "(null)");
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(api_glGetStringi(GL_EXTENSIONS, 100000) == NULL, "glGetStringi past the list");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
}

static void
read_rgba8(int x, int y, int w, int h, uint8_t *out)
{
   GL(glReadPixels, pfn_ReadPixels)(x, y, w, h, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

static void
check_pixel(const uint8_t *p, int r, int g, int b, int a, const char *what)
{
   CHECK(abs(p[0] - r) <= 1 && abs(p[1] - g) <= 1 && abs(p[2] - b) <= 1 && abs(p[3] - a) <= 1,
         "%s: got %d %d %d %d, expected %d %d %d %d", what, p[0], p[1], p[2], p[3], r, g, b, a);
}

static void
test_clear_and_read(struct fake_drawable *d)
{
   GLint vp[4];
   GL(glGetIntegerv, pfn_GetIntegerv)(GL_VIEWPORT, vp);
   CHECK(vp[0] == 0 && vp[1] == 0 && vp[2] == (GLint)d->width && vp[3] == (GLint)d->height,
         "initial viewport %d %d %d %d", vp[0], vp[1], vp[2], vp[3]);
   api_glGetIntegerv(GL_SCISSOR_BOX, vp);
   CHECK(vp[2] == (GLint)d->width && vp[3] == (GLint)d->height, "initial scissor box");

   GL(glClearColor, pfn_ClearColor)(1.0f, 0.5f, 0.25f, 0.0f);
   GL(glClear, pfn_Clear)(GL_COLOR_BUFFER_BIT);
   CHECK_GL_ERROR(GL_NO_ERROR);

   uint8_t px[4 * 4] = { 0 };
   read_rgba8(3, 2, 2, 2, px);
   CHECK_GL_ERROR(GL_NO_ERROR);
   check_pixel(px, 255, 128, 64, 0, "RGBA/UNSIGNED_BYTE after clear");
   check_pixel(px + 12, 255, 128, 64, 0, "RGBA/UNSIGNED_BYTE last pixel");

   /* the back buffer was cleared, and it is BGRA in memory */
   uint8_t *raw = NULL;
   CHECK(d->tex[ST_ATTACHMENT_BACK_LEFT] != NULL, "back buffer validated");

   uint8_t bgra[4];
   api_glReadPixels(0, 0, 1, 1, GL_BGRA, GL_UNSIGNED_BYTE, bgra);
   check_pixel(bgra, 64, 128, 255, 0, "BGRA");

   float f[3];
   api_glReadPixels(0, 0, 1, 1, GL_RGB, GL_FLOAT, f);
   CHECK(fabsf(f[0] - 1.0f) < 1e-6f && fabsf(f[1] - 128 / 255.0f) < 1e-6f &&
         fabsf(f[2] - 64 / 255.0f) < 1e-6f, "RGB/FLOAT %f %f %f", f[0], f[1], f[2]);

   uint16_t s565;
   api_glReadPixels(0, 0, 1, 1, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &s565);
   /* R 31, G round(128/255*63)=32, B round(64/255*31)=8 */
   CHECK_EQ_INT(s565, (31u << 11) | (32u << 5) | 8u);

   uint32_t w8888;
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, &w8888);
   CHECK_EQ_INT(w8888, 0xff804000u);
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_INT_8_8_8_8_REV, &w8888);
   CHECK_EQ_INT(w8888, 0x004080ffu);

   GLbyte sb[4];
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_BYTE, sb);
   /* ((255 c) - 1) / 2: 1.0 -> 127, 128/255 -> 63.5 -> 64, 64/255 -> 31.5 -> 32, 0 -> 0 */
   CHECK(sb[0] == 127 && sb[1] == 64 && sb[2] == 32 && sb[3] == 0, "RGBA/BYTE %d %d %d %d",
         sb[0], sb[1], sb[2], sb[3]);

   uint8_t lum[2];
   api_glReadPixels(0, 0, 1, 1, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, lum);
   CHECK(lum[0] == 255 && lum[1] == 0, "LUMINANCE_ALPHA (L = R+G+B clamped) %d %d", lum[0],
         lum[1]);
   uint8_t green;
   api_glReadPixels(0, 0, 1, 1, GL_GREEN, GL_UNSIGNED_BYTE, &green);
   CHECK_EQ_INT(green, 128);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* errors */
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE_3_3_2, px);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_BITMAP, px);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glReadPixels(0, 0, 1, 1, 0x1234, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glReadPixels(0, 0, 1, 1, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, px);
   CHECK_GL_ERROR(GL_NO_ERROR);   /* GL_EXT_packed_depth_stencil (FBO helper) */
   GL(glClear, pfn_Clear)(0x80000000u);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GL(glViewport, pfn_Viewport)(0, 0, -1, 4);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GL(glViewport, pfn_Viewport)(-1, -2, 5, 6);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetIntegerv(GL_VIEWPORT, vp);
   CHECK(vp[0] == -1 && vp[1] == -2 && vp[2] == 5 && vp[3] == 6, "viewport set");
   api_glViewport(0, 0, 1 << 30, 1 << 30);
   api_glGetIntegerv(GL_VIEWPORT, vp);
   GLint maxvp[2];
   api_glGetIntegerv(GL_MAX_VIEWPORT_DIMS, maxvp);
   CHECK(vp[2] == maxvp[0] && vp[3] == maxvp[1], "viewport clamped to %d", maxvp[0]);
   (void)raw;
}

static void
test_pack_params(struct fake_drawable *d)
{
   /* Read a 4x3 block starting outside the framebuffer at (-2, -1), into
    * an image with row length 6, skip 1 pixel and 1 row, alignment 8. */
   uint8_t img[64 * 8];
   memset(img, 0xcd, sizeof img);
   api_glPixelStorei(GL_PACK_ROW_LENGTH, 6);
   api_glPixelStorei(GL_PACK_SKIP_PIXELS, 1);
   api_glPixelStorei(GL_PACK_SKIP_ROWS, 1);
   api_glPixelStorei(GL_PACK_ALIGNMENT, 8);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glReadPixels(-2, -1, 4, 3, GL_RGB, GL_UNSIGNED_BYTE, img);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* row stride: 6 * 3 = 18 -> aligned to 8 = 24 */
   for (int row = 0; row < 3; row++) {
      for (int col = 0; col < 4; col++) {
         const uint8_t *p = img + (1 + row) * 24 + (1 + col) * 3;
         bool inside = row >= 1 && col >= 2;   /* x >= 0 and y >= 0 */
         if (inside)
            CHECK(p[0] == 255 && p[1] == 128 && p[2] == 64, "pixel %d,%d read: %d %d %d", col,
                  row, p[0], p[1], p[2]);
         else
            CHECK(p[0] == 0xcd && p[1] == 0xcd && p[2] == 0xcd, "pixel %d,%d untouched", col, row);
      }
   }
   CHECK(img[0] == 0xcd && img[23] == 0xcd, "skipped row untouched");
   api_glPixelStorei(GL_PACK_ROW_LENGTH, 0);
   api_glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
   api_glPixelStorei(GL_PACK_SKIP_ROWS, 0);
   api_glPixelStorei(GL_PACK_ALIGNMENT, 4);

   /* swap bytes on 16-bit components */
   uint16_t us[4];
   api_glPixelStorei(GL_PACK_SWAP_BYTES, GL_TRUE);
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT, us);
   api_glPixelStorei(GL_PACK_SWAP_BYTES, GL_FALSE);
   CHECK_EQ_INT(us[0], 0xffff);
   CHECK_EQ_INT(us[1], 0x8080);   /* 128 * 257 = 0x8080, swapped the same */
   CHECK_EQ_INT(us[2], 0x4040);

   api_glPixelStorei(GL_PACK_ALIGNMENT, 3);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glPixelStorei(GL_PACK_ROW_LENGTH, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glPixelStorei(0x1234, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glPixelStoref(GL_UNPACK_ALIGNMENT, 2.0f);
   GLint v;
   api_glGetIntegerv(GL_UNPACK_ALIGNMENT, &v);
   CHECK_EQ_INT(v, 2);
   (void)d;
}

static void
test_scissor_and_masks(struct fake_drawable *d)
{
   uint8_t px[4];
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glEnable(GL_SCISSOR_TEST);
   CHECK(api_glIsEnabled(GL_SCISSOR_TEST) == GL_TRUE, "scissor enabled");
   api_glScissor(2, 1, 3, 2);
   api_glClearColor(0, 1, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDisable(GL_SCISSOR_TEST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   for (int y = 0; y < 4; y++) {
      for (int x = 0; x < 6; x++) {
         bool in = x >= 2 && x < 5 && y >= 1 && y < 3;
         read_rgba8(x, y, 1, 1, px);
         if (in)
            check_pixel(px, 0, 255, 0, 255, "inside the scissor");
         else
            check_pixel(px, 0, 0, 0, 0, "outside the scissor");
      }
   }

   /* colour mask */
   api_glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
   api_glClearColor(1, 1, 1, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   read_rgba8(2, 1, 1, 1, px);
   check_pixel(px, 255, 255, 255, 255, "masked clear over green");
   read_rgba8(0, 0, 1, 1, px);
   check_pixel(px, 255, 0, 255, 0, "masked clear over black");

   /* depth */
   api_glClearDepth(0.25);
   api_glClear(GL_DEPTH_BUFFER_BIT);
   float z = -1.0f;
   api_glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   CHECK(fabsf(z - 0.25f) < 1e-6f, "depth %f", z);
   GLuint zu = 0;
   api_glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, &zu);
   CHECK(zu > 0x3fffff00u && zu < 0x40000100u, "depth as uint 0x%x", zu);
   api_glDepthMask(GL_FALSE);
   api_glClearDepth(1.0);
   api_glClear(GL_DEPTH_BUFFER_BIT);
   api_glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   CHECK(fabsf(z - 0.25f) < 1e-6f, "depth mask honoured: %f", z);
   api_glDepthMask(GL_TRUE);

   /* stencil */
   api_glClearStencil(0x5a);
   api_glClear(GL_STENCIL_BUFFER_BIT);
   uint8_t s = 0;
   api_glReadPixels(1, 1, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
   CHECK_EQ_INT(s, 0x5a);
   api_glStencilMask(0x0f);
   api_glClearStencil(0xff);
   api_glClear(GL_STENCIL_BUFFER_BIT);
   api_glReadPixels(1, 1, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
   CHECK_EQ_INT(s, 0x5f);
   GLint sm;
   api_glGetIntegerv(GL_STENCIL_WRITEMASK, &sm);
   CHECK_EQ_INT(sm, 0x0f);
   api_glStencilMaskSeparate(GL_BACK, 0x3);
   api_glGetIntegerv(GL_STENCIL_BACK_WRITEMASK, &sm);
   CHECK_EQ_INT(sm, 0x3);
   api_glStencilMaskSeparate(GL_LEFT, 0x3);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glStencilMask(~0u);
   float fs;
   api_glReadPixels(1, 1, 1, 1, GL_STENCIL_INDEX, GL_FLOAT, &fs);
   CHECK(fs == 95.0f, "stencil as float %f", fs);
   uint8_t bits[2] = { 0, 0 };
   api_glReadPixels(0, 0, 8, 1, GL_STENCIL_INDEX, GL_BITMAP, bits);
   CHECK_EQ_INT(bits[0], 0xff);   /* 0x5f is odd: every bit set */
   CHECK_GL_ERROR(GL_NO_ERROR);
   (void)d;
}

static void
test_front_buffer(struct fake_drawable *d)
{
   uint8_t px[4];
   GLint v;
   api_glGetIntegerv(GL_DRAW_BUFFER, &v);
   CHECK_EQ_INT(v, GL_BACK);
   api_glDrawBuffer(GL_FRONT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glClearColor(0, 0, 1, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   CHECK(d->tex[ST_ATTACHMENT_FRONT_LEFT] != NULL, "front buffer validated");
   api_glReadBuffer(GL_FRONT);
   read_rgba8(0, 0, 1, 1, px);
   check_pixel(px, 0, 0, 255, 255, "front buffer");
   api_glReadBuffer(GL_BACK);
   read_rgba8(0, 0, 1, 1, px);
   CHECK(px[2] != 255 || px[0] != 0, "back buffer untouched by the front clear");
   int before = d->flush_front_calls;
   api_glFlush();
   CHECK(d->flush_front_calls == before + 1, "glFlush presents the front buffer");
   api_glDrawBuffer(GL_BACK);
   api_glFlush();
   CHECK(d->flush_front_calls == before + 1, "no present when drawing to the back buffer");
   /* both buffers at once */
   api_glDrawBuffer(GL_FRONT_AND_BACK);
   api_glClearColor(1, 0, 1, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glReadBuffer(GL_FRONT);
   read_rgba8(1, 1, 1, 1, px);
   check_pixel(px, 255, 0, 255, 0, "GL_FRONT_AND_BACK: front");
   api_glReadBuffer(GL_BACK);
   read_rgba8(1, 1, 1, 1, px);
   check_pixel(px, 255, 0, 255, 0, "GL_FRONT_AND_BACK: back");
   api_glDrawBuffer(GL_BACK);

   api_glDrawBuffer(GL_AUX0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDrawBuffer(GL_RIGHT);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDrawBuffer(GL_TEXTURE_2D);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glReadBuffer(GL_FRONT_AND_BACK);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* resize: the stamp changes, the state tracker validates again */
   d->width = 10;
   d->height = 7;
   __atomic_add_fetch(&d->base.stamp, 1, __ATOMIC_RELEASE);
   api_glClearColor(1, 1, 1, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   read_rgba8(9, 6, 1, 1, px);
   check_pixel(px, 255, 255, 255, 255, "after resize");
   CHECK(d->tex[ST_ATTACHMENT_BACK_LEFT]->width0 == 10, "resized buffer");
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_state_queries(void)
{
   GLfloat f[4];
   GLint i[4];
   GLboolean b[4];
   GLdouble dv[2];
   api_glClearColor(0.5f, 1.0f, 0.0f, 0.25f);
   api_glGetFloatv(GL_COLOR_CLEAR_VALUE, f);
   CHECK(f[0] == 0.5f && f[1] == 1.0f && f[3] == 0.25f, "clear colour as float");
   api_glGetIntegerv(GL_COLOR_CLEAR_VALUE, i);
   CHECK(i[1] == 2147483647 && i[2] == 0, "clear colour as int %d %d", i[1], i[2]);
   api_glClearColor(2.0f, -1.0f, 0, 0);
   api_glGetFloatv(GL_COLOR_CLEAR_VALUE, f);
   CHECK(f[0] == 1.0f && f[1] == 0.0f, "clear colour clamped");
   api_glDepthRange(-1.0, 0.5);
   api_glGetDoublev(GL_DEPTH_RANGE, dv);
   CHECK(dv[0] == 0.0 && dv[1] == 0.5, "depth range %f %f", dv[0], dv[1]);
   api_glGetBooleanv(GL_COLOR_WRITEMASK, b);
   CHECK(b[0] && b[1] && b[2] && b[3], "colour writemask");
   api_glGetBooleanv(GL_DITHER, b);
   CHECK(b[0] == GL_TRUE, "dither on by default");
   api_glGetIntegerv(GL_RED_BITS, i);
   CHECK_EQ_INT(i[0], 8);
   api_glGetIntegerv(GL_DEPTH_BITS, i);
   CHECK_EQ_INT(i[0], 24);
   api_glGetIntegerv(GL_STENCIL_BITS, i);
   CHECK_EQ_INT(i[0], 8);
   api_glGetBooleanv(GL_DOUBLEBUFFER, b);
   CHECK(b[0] == GL_TRUE, "double buffered");
   api_glGetBooleanv(GL_RGBA_MODE, b);
   CHECK(b[0] == GL_TRUE, "RGBA mode");
   i[0] = i[1] = -1;
   api_glGetIntegerv(GL_MAJOR_VERSION, i);   /* GL 3.0's queries */
   api_glGetIntegerv(GL_MINOR_VERSION, i + 1);
   CHECK(i[0] == 3 && i[1] == 3, "GL_MAJOR/MINOR_VERSION %d.%d", i[0], i[1]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetIntegerv(0x1234, i);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glEnable(0x1234);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK(api_glIsEnabled(GL_VERTEX_ARRAY) == GL_FALSE, "client array");
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glEnable(GL_VERTEX_ARRAY);   /* as glEnableClientState (Mesa's compatibility alias) */
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(api_glIsEnabled(GL_VERTEX_ARRAY) == GL_TRUE, "client array via glEnable");
   api_glDisable(GL_VERTEX_ARRAY);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glEnable(GL_LIGHT7);
   CHECK(api_glIsEnabled(GL_LIGHT7) && !api_glIsEnabled(GL_LIGHT6), "GL_LIGHT7");
   api_glHint(GL_FOG_HINT, GL_NICEST);
   api_glGetIntegerv(GL_FOG_HINT, i);
   CHECK_EQ_INT(i[0], GL_NICEST);
   api_glHint(GL_FOG_HINT, GL_FOG);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glHint(GL_FOG, GL_NICEST);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_attrib_stacks(void)
{
   GLint i;
   GLfloat f[4];
   api_glClearColor(0.25f, 0, 0, 0);
   api_glEnable(GL_BLEND);
   api_glEnable(GL_CULL_FACE);
   api_glPushAttrib(GL_COLOR_BUFFER_BIT);
   api_glGetIntegerv(GL_ATTRIB_STACK_DEPTH, &i);
   CHECK_EQ_INT(i, 1);
   api_glClearColor(1, 1, 1, 1);
   api_glDisable(GL_BLEND);
   api_glDisable(GL_CULL_FACE);
   api_glDrawBuffer(GL_FRONT);
   api_glPopAttrib();
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetFloatv(GL_COLOR_CLEAR_VALUE, f);
   CHECK(f[0] == 0.25f && f[1] == 0.0f, "clear colour restored");
   CHECK(api_glIsEnabled(GL_BLEND), "GL_BLEND restored (colour group)");
   CHECK(!api_glIsEnabled(GL_CULL_FACE), "GL_CULL_FACE not restored (polygon group)");
   api_glGetIntegerv(GL_DRAW_BUFFER, &i);
   CHECK_EQ_INT(i, GL_BACK);

   api_glPushAttrib(GL_ENABLE_BIT);
   api_glEnable(GL_CULL_FACE);
   api_glPopAttrib();
   CHECK(!api_glIsEnabled(GL_CULL_FACE), "GL_ENABLE_BIT restores every cap");
   api_glDisable(GL_BLEND);

   api_glPopAttrib();
   CHECK_GL_ERROR(GL_STACK_UNDERFLOW);
   for (int n = 0; n < ST_MAX_ATTRIB_STACK_DEPTH; n++)
      api_glPushAttrib(GL_ALL_ATTRIB_BITS);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glPushAttrib(GL_ALL_ATTRIB_BITS);
   CHECK_GL_ERROR(GL_STACK_OVERFLOW);
   for (int n = 0; n < ST_MAX_ATTRIB_STACK_DEPTH; n++)
      api_glPopAttrib();
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glPushClientAttrib(GL_CLIENT_PIXEL_STORE_BIT);
   api_glPixelStorei(GL_PACK_ALIGNMENT, 1);
   api_glPopClientAttrib();
   api_glGetIntegerv(GL_PACK_ALIGNMENT, &i);
   CHECK_EQ_INT(i, 4);
   api_glPopClientAttrib();
   CHECK_GL_ERROR(GL_STACK_UNDERFLOW);
}

static void
test_unimplemented(struct st_context *ctx)
{
   /* glGetSubroutineIndex: GL 4.0, not implemented (no alias shares its slot) */
   pfn_GetSubroutineIndex get_index = GL(glGetSubroutineIndex, pfn_GetSubroutineIndex);
   CHECK(get_index != NULL, "glGetSubroutineIndex slot");
   if (get_index)
      CHECK(get_index(1, GL_VERTEX_SHADER, "f") == 0, "stub returns 0");
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   int cmd = st_dispatch_find("glGetSubroutineIndex");
   CHECK(cmd >= 0, "glGetSubroutineIndex is a known command");
   if (cmd >= 0 && (ctx->debug & PONY_DEBUG_API))
      CHECK(ctx->api_said[cmd / 64] & (1ull << (cmd % 64)), "glGetSubroutineIndex named once");

   /* The Begin/End hook: every implemented entry point refuses. */
   ctx->inside_begin_end = true;
   api_glClearColor(0.125f, 0, 0, 0);
   CHECK(api_glGetError() == 0, "glGetError refuses between Begin and End");
   ctx->inside_begin_end = false;
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLfloat f[4];
   api_glGetFloatv(GL_COLOR_CLEAR_VALUE, f);
   CHECK(f[0] != 0.125f, "the refused glClearColor changed nothing");
}

/* Another thread binds its own context: libglapi's current context and
 * dispatch are per thread. */
struct thread_args {
   struct st_context *ctx;
   struct fake_drawable *drawable;
   bool ok;
};

static void *
thread_main(void *data)
{
   struct thread_args *a = data;
   a->ok = st_make_current(a->ctx, &a->drawable->base, NULL) && st_get_current() == a->ctx;
   api_glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   uint8_t px[4] = { 0 };
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   a->ok = a->ok && px[0] == 0 && px[1] == 255 && api_glGetError() == GL_NO_ERROR;
   a->ok = a->ok && st_make_current(NULL, NULL, NULL) && st_get_current() == NULL;
   return NULL;
}

static void
test_threads(struct st_context *ctx, struct st_context *other, struct fake_drawable *d2)
{
   struct thread_args a = { other, d2, false };
   pthread_t t;
   CHECK(pthread_create(&t, NULL, thread_main, &a) == 0, "thread");
   pthread_join(t, NULL);
   CHECK(a.ok, "the other thread drew with its own context");
   CHECK(st_get_current() == ctx, "this thread's context unchanged");
   GLfloat f[4];
   api_glGetFloatv(GL_COLOR_CLEAR_VALUE, f);
   CHECK(f[1] != 1.0f || f[0] != 0.0f, "this context's clear colour unchanged");
}

int
main(void)
{
   struct sw_winsys *ws = null_sw_winsys_create();
   CHECK(ws != NULL, "null winsys");
   struct pipe_screen *screen = ws ? pipe_loader_create_sw_screen(ws, "refpipe") : NULL;
   if (!screen) {
      fprintf(stderr, "no refpipe screen\n");
      return 1;
   }

   test_profiles(screen);

   struct st_visual vis = { true, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, 0 };
   struct st_context_attribs attribs = { ST_PROFILE_COMPAT, 1, 0, 0, &vis };
   enum st_context_error err;
   struct st_context *ctx = st_context_create(screen, &attribs, NULL, &err);
   CHECK(ctx != NULL && err == ST_CONTEXT_SUCCESS, "compat 1.0 context (error %d)", err);
   if (!ctx)
      return st_test_finish("st_test_e2e");
   struct st_context *shared = st_context_create(screen, &attribs, ctx, &err);
   CHECK(shared && shared->share == ctx->share, "share group");

   struct fake_drawable d;
   fake_init(&d, screen, &vis, 8, 4);
   CHECK(st_make_current(ctx, &d.base, &d.base), "make current");
   CHECK(st_get_current() == ctx && _glapi_get_context() == ctx, "current context");
   CHECK(gl_proc("glClear") == (st_proc)api_glClear, "glClear dispatches to api_glClear");
   CHECK(d.validate_calls >= 1, "validate called at bind");

   test_strings();
   test_clear_and_read(&d);
   test_pack_params(&d);
   test_scissor_and_masks(&d);
   test_state_queries();
   test_attrib_stacks();
   test_unimplemented(ctx);
   test_front_buffer(&d);
   {
      struct st_visual tv = { false, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_NONE, 0 };
      struct fake_drawable dt;
      fake_init(&dt, screen, &tv, 2, 2);
      test_threads(ctx, shared, &dt);
      st_framebuffer_iface_destroyed(&dt.base);
      fake_fini(&dt);
   }

   /* surfaceless */
   CHECK(st_make_current(ctx, NULL, NULL), "surfaceless make current");
   api_glClear(GL_COLOR_BUFFER_BIT);
   CHECK_GL_ERROR(GL_INVALID_FRAMEBUFFER_OPERATION);
   uint8_t px[4];
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_FRAMEBUFFER_OPERATION);

   /* single-buffered drawable on the shared context */
   struct st_visual single = { false, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_NONE, 0 };
   struct fake_drawable d2;
   fake_init(&d2, screen, &single, 4, 4);
   CHECK(st_make_current(shared, &d2.base, NULL), "single-buffered bind");
   GLint dbuf;
   api_glGetIntegerv(GL_DRAW_BUFFER, &dbuf);
   CHECK_EQ_INT(dbuf, GL_FRONT);   /* the drawable has no back buffer */
   api_glDrawBuffer(GL_BACK);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glClearColor(1, 0, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_rgba8(3, 3, 1, 1, px);
   check_pixel(px, 255, 0, 0, 255, "single-buffered front");
   api_glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, px);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* no depth buffer */
   int before = d2.flush_front_calls;
   api_glFlush();
   CHECK(d2.flush_front_calls == before + 1, "single-buffered glFlush presents");

   /* an sRGB drawable is read and written as its linear twin */
   {
      struct st_visual sv = { false, PIPE_FORMAT_B8G8R8A8_SRGB, PIPE_FORMAT_NONE, 0 };
      struct fake_drawable ds;
      fake_init(&ds, screen, &sv, 2, 2);
      CHECK(st_make_current(shared, &ds.base, NULL), "sRGB drawable");
      api_glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
      api_glClear(GL_COLOR_BUFFER_BIT);
      read_rgba8(0, 0, 1, 1, px);
      check_pixel(px, 128, 128, 128, 128, "sRGB drawable, no encoding");
      struct pipe_context *pipe = st_context_pipe(shared);
      struct pipe_transfer *xfer = NULL;
      struct pipe_box box = u_box_2d(0, 0, 1, 1);
      const uint8_t *raw = ds.tex[ST_ATTACHMENT_FRONT_LEFT]
         ? pipe->texture_map(pipe, ds.tex[ST_ATTACHMENT_FRONT_LEFT], 0, PIPE_MAP_READ, &box, &xfer)
         : NULL;
      CHECK(raw != NULL, "map the sRGB buffer");
      if (raw) {
         CHECK(raw[0] == 128 && raw[1] == 128, "stored linearly: %d %d", raw[0], raw[1]);
         pipe->texture_unmap(pipe, xfer);
      }
      CHECK_GL_ERROR(GL_NO_ERROR);
      CHECK(st_make_current(shared, &d2.base, NULL), "rebind");
      st_framebuffer_iface_destroyed(&ds.base);
      fake_fini(&ds);
   }

   /* draw != read: read from d while drawing to d2 */
   CHECK(st_make_current(shared, &d2.base, &d.base), "draw != read");
   api_glReadBuffer(GL_BACK);   /* d's front buffer was recreated by the resize */
   read_rgba8(0, 0, 1, 1, px);
   check_pixel(px, 255, 255, 255, 255, "read drawable");
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* the drawable goes away while bound */
   st_framebuffer_iface_destroyed(&d2.base);
   api_glClear(GL_COLOR_BUFFER_BIT);
   CHECK_GL_ERROR(GL_INVALID_FRAMEBUFFER_OPERATION);

   /* failing validation refuses the bind */
   d.fail = true;
   __atomic_add_fetch(&d.base.stamp, 1, __ATOMIC_RELEASE);
   struct fake_drawable d3;
   fake_init(&d3, screen, &vis, 4, 4);
   d3.fail = true;
   CHECK(!st_make_current(ctx, &d3.base, NULL), "bind fails when validate fails");

   CHECK(st_make_current(NULL, NULL, NULL), "release");
   CHECK(st_get_current() == NULL && _glapi_get_context() == NULL, "released");
   CHECK(st_context_pipe(ctx) != NULL, "st_context_pipe");

   st_context_destroy(shared);
   st_context_destroy(ctx);
   fake_fini(&d);
   fake_fini(&d2);
   fake_fini(&d3);
   screen->destroy(screen);
   return st_test_finish("st_test_e2e");
}
