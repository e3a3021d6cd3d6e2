/*
 * Framebuffer objects on refpipe: renderbuffer and framebuffer objects,
 * completeness, rendering into renderbuffers and textures (bottom-up rows:
 * no y flip), glBlitFramebuffer between FBOs and the window-system buffers
 * (flips, scaling, scissor, depth/stencil), glDrawBuffers, and the errors
 * of the entry points.
 */
#include <math.h>
#include <string.h>

#include "st_fbo.h"
#include "st_test_fb.h"

#define W 32
#define H 32

static void
quad(float x0, float y0, float x1, float y1, float z, float r, float g, float b)
{
   api_glColor3f(r, g, b);
   api_glBegin(GL_QUADS);
   api_glVertex3f(x0, y0, z);
   api_glVertex3f(x1, y0, z);
   api_glVertex3f(x1, y1, z);
   api_glVertex3f(x0, y1, z);
   api_glEnd();
}

/* Read one RGBA pixel (GL coordinates) from the read framebuffer. */
static void
read_px(int x, int y, GLubyte out[4])
{
   memset(out, 0x55, 4);
   api_glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

#define CHECK_PX(x, y, r, g, b)                                                   \
   do {                                                                           \
      GLubyte p_[4];                                                              \
      read_px((x), (y), p_);                                                      \
      CHECK(abs(p_[0] - (r)) <= 1 && abs(p_[1] - (g)) <= 1 && abs(p_[2] - (b)) <= 1, \
            "pixel (%d,%d) = %u,%u,%u, expected %u,%u,%u", (x), (y), p_[0], p_[1],  \
            p_[2], (r), (g), (b));                                                \
   } while (0)

static void
test_renderbuffers(void)
{
   GLuint rb[2];
   GLint v = -1;
   api_glGenRenderbuffers(2, rb);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(rb[0] && rb[1] && rb[0] != rb[1], "names %u %u", rb[0], rb[1]);
   CHECK(!api_glIsRenderbuffer(rb[0]), "generated but unbound is not a renderbuffer");
   api_glGenRenderbuffers(-1, rb);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   /* storage needs a bound renderbuffer */
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindRenderbuffer(GL_TEXTURE_2D, rb[0]);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(api_glIsRenderbuffer(rb[0]), "bound name is a renderbuffer");
   api_glGetIntegerv(GL_RENDERBUFFER_BINDING, &v);
   CHECK_EQ_INT(v, rb[0]);

   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &v);
   CHECK_EQ_INT(v, GL_RGBA);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
   CHECK_EQ_INT(v, 0);

   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565 + 0x1000, 4, 4);   /* not a format */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, -1, 4);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLint max = 0;
   api_glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max);
   CHECK(max >= 1024, "GL_MAX_RENDERBUFFER_SIZE %d", max);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, max + 1, 4);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 5, 7);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
   CHECK_EQ_INT(v, 5);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_HEIGHT, &v);
   CHECK_EQ_INT(v, 7);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_RED_SIZE, &v);
   CHECK_EQ_INT(v, 8);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE, &v);
   CHECK_EQ_INT(v, 0);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &v);
   CHECK_EQ_INT(v, 0);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_TEXTURE_2D, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 3, 3);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE, &v);
   CHECK_EQ_INT(v, 24);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_STENCIL_SIZE, &v);
   CHECK_EQ_INT(v, 8);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_RED_SIZE, &v);
   CHECK_EQ_INT(v, 0);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_STENCIL_INDEX8, 3, 3);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_STENCIL_SIZE, &v);
   CHECK_EQ_INT(v, 8);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE, &v);
   CHECK_EQ_INT(v, 0);

   api_glDeleteRenderbuffers(2, rb);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(!api_glIsRenderbuffer(rb[0]), "deleted");
   api_glGetIntegerv(GL_RENDERBUFFER_BINDING, &v);
   CHECK_EQ_INT(v, 0);
}

static void
test_completeness_and_errors(void)
{
   GLuint fb, rb[3];
   GLint v = -1;
   api_glGenFramebuffers(1, &fb);
   api_glGenRenderbuffers(3, rb);

   /* the default framebuffer */
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_TEXTURE_2D), 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* nothing attaches to framebuffer 0 */
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK_LEFT,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   CHECK_EQ_INT(v, GL_FRAMEBUFFER_DEFAULT);
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH,
                                             GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, &v);
   CHECK_EQ_INT(v, 24);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(api_glIsFramebuffer(fb), "bound FBO exists");
   api_glGetIntegerv(GL_FRAMEBUFFER_BINDING, &v);
   CHECK_EQ_INT(v, fb);
   api_glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &v);
   CHECK_EQ_INT(v, fb);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER),
                GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
   api_glClear(GL_COLOR_BUFFER_BIT);
   CHECK_GL_ERROR(GL_INVALID_FRAMEBUFFER_OPERATION);
   GLubyte px[4];
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_FRAMEBUFFER_OPERATION);

   /* a renderbuffer without storage: incomplete attachment */
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER),
                GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);

   /* a depth format on a colour attachment */
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, 16, 16);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rb[1]);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER),
                GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, 0);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);

   /* a draw buffer without attachment */
   GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT2 };
   api_glDrawBuffers(2, bufs);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetIntegerv(GL_DRAW_BUFFER1, &v);
   CHECK_EQ_INT(v, GL_COLOR_ATTACHMENT2);
   /* no INCOMPLETE_DRAW_BUFFER (GL 4.1 / ES2-compatibility rule, as Mesa) */
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glReadBuffer(GL_COLOR_ATTACHMENT5);
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* no image to read */
   api_glReadBuffer(GL_COLOR_ATTACHMENT0);
   api_glDrawBuffer(GL_COLOR_ATTACHMENT0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glGetIntegerv(GL_DRAW_BUFFER1, &v);
   CHECK_EQ_INT(v, GL_NONE);

   /* errors */
   api_glDrawBuffer(GL_BACK);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glReadBuffer(GL_FRONT);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   bufs[1] = GL_COLOR_ATTACHMENT0;
   api_glDrawBuffers(2, bufs);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* twice the same buffer */
   api_glDrawBuffers(9, bufs);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + 8, GL_RENDERBUFFER,
                                 rb[0]);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_BACK, GL_RENDERBUFFER, rb[0]);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 9999);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 9999, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_DEPTH_BUFFER_BIT, GL_LINEAR);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, 0x10, GL_NEAREST);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_COLOR_BUFFER_BIT, GL_TEXTURE_2D);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* attachment queries */
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   CHECK_EQ_INT(v, GL_RENDERBUFFER);
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   CHECK_EQ_INT(v, rb[0]);
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                             GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE, &v);
   CHECK_EQ_INT(v, 8);
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                             GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &v);
   CHECK_EQ_INT(v, GL_UNSIGNED_NORMALIZED);
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                             GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT3,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   CHECK_EQ_INT(v, GL_NONE);
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT3,
                                             GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &v);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                             GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, &v);
   CHECK_EQ_INT(v, 24);
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* depth and stencil differ */
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* GL_*_BITS follow the bound framebuffer */
   api_glGetIntegerv(GL_DEPTH_BITS, &v);
   CHECK_EQ_INT(v, 24);
   api_glGetIntegerv(GL_STENCIL_BITS, &v);
   CHECK_EQ_INT(v, 0);
   api_glGetIntegerv(GL_ALPHA_BITS, &v);
   CHECK_EQ_INT(v, 8);

   /* deleting a bound renderbuffer detaches it from the bound FBO */
   api_glDeleteRenderbuffers(1, &rb[1]);
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   CHECK_EQ_INT(v, GL_NONE);

   /* deleting the bound FBO binds 0 */
   api_glDeleteFramebuffers(1, &fb);
   api_glGetIntegerv(GL_FRAMEBUFFER_BINDING, &v);
   CHECK_EQ_INT(v, 0);
   CHECK(!api_glIsFramebuffer(fb), "deleted FBO");
   api_glDeleteRenderbuffers(3, rb);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Render into an FBO (colour + depth/stencil renderbuffers), read it back
 * unflipped, then blit it to the window in several ways. */
static void
test_render_and_blit(void)
{
   GLuint fb, rb[2];
   api_glGenFramebuffers(1, &fb);
   api_glGenRenderbuffers(2, rb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, W, H);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                                 rb[1]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   GLint v;
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   CHECK_EQ_INT(v, rb[1]);

   api_glViewport(0, 0, W, H);
   api_glClearColor(1, 0, 0, 1);
   api_glClearDepth(1.0);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* green in the lower-left quarter (GL y up); depth test: a blue quad
    * behind the green one only shows outside it */
   api_glEnable(GL_DEPTH_TEST);
   quad(0, 0, W / 2, H / 2, 0, 0, 1, 0);
   quad(0, 0, W, H / 4, -0.5f, 0, 0, 1);   /* ortho: z -0.5 is depth 0.75 */
   api_glDisable(GL_DEPTH_TEST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX(2, 2, 0, 255, 0);
   CHECK_PX(20, 20, 255, 0, 0);
   CHECK_PX(2, 20, 255, 0, 0);
   CHECK_PX(20, 2, 0, 0, 255);
   /* culling: CCW quads are front-facing in FBOs too */
   api_glEnable(GL_CULL_FACE);
   api_glCullFace(GL_BACK);
   quad(W / 2, H / 2, W, H, 0, 1, 1, 0);
   api_glDisable(GL_CULL_FACE);
   CHECK_PX(24, 24, 255, 255, 0);
   /* scissored clear: GL y up, no flip */
   api_glEnable(GL_SCISSOR_TEST);
   api_glScissor(0, H - 4, 4, 4);
   api_glClearColor(1, 1, 1, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDisable(GL_SCISSOR_TEST);
   CHECK_PX(1, H - 2, 255, 255, 255);
   CHECK_PX(1, 5, 0, 255, 0);

   /* 1:1 blit to the window's back buffer */
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   api_glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &v);
   CHECK_EQ_INT(v, 0);
   api_glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &v);
   CHECK_EQ_INT(v, fb);
   api_glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   CHECK_PX(2, 2, 0, 255, 0);
   CHECK_PX(20, 2, 0, 0, 255);
   CHECK_PX(1, H - 2, 255, 255, 255);
   CHECK_PX(24, 24, 255, 255, 0);

   /* vertically flipped destination */
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
   api_glBlitFramebuffer(0, 0, W, H, 0, H, W, 0, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   CHECK_PX(2, H - 3, 0, 255, 0);
   CHECK_PX(20, H - 3, 0, 0, 255);
   CHECK_PX(1, 1, 255, 255, 255);

   /* scaled 2x from the lower-left 16x16, scissored to x < 8 */
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glEnable(GL_SCISSOR_TEST);
   api_glScissor(0, 0, 8, H);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
   api_glBlitFramebuffer(0, 0, W / 2, H / 2, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   api_glDisable(GL_SCISSOR_TEST);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   CHECK_PX(4, 4, 0, 255, 0);        /* source (2, 2) */
   CHECK_PX(4, 28, 0, 255, 0);       /* source (2, 14) */
   CHECK_PX(20, 20, 0, 0, 0);        /* scissored away */

   /* window -> FBO: the window's contents land unflipped */
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb);
   api_glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
   CHECK_PX(4, 28, 0, 255, 0);
   CHECK_PX(20, 20, 0, 0, 0);

   /* depth/stencil blit FBO -> window (same Z24S8 format), read back depth */
   api_glClearDepth(0.25);
   api_glClearStencil(7);
   api_glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   api_glClearDepth(1.0);
   api_glClearStencil(0);
   api_glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   api_glBlitFramebuffer(0, 0, W / 2, H, 0, 0, W / 2, H,
                         GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   float z[2] = { -1, -1 };
   GLubyte s[2] = { 0, 0 };
   api_glReadPixels(3, 3, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z[0]);
   api_glReadPixels(W - 3, 3, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z[1]);
   api_glReadPixels(3, 3, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s[0]);
   api_glReadPixels(W - 3, 3, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s[1]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(fabsf(z[0] - 0.25f) < 1e-4f && fabsf(z[1] - 1.0f) < 1e-4f, "depth %f %f", z[0], z[1]);
   CHECK(s[0] == 7 && s[1] == 0, "stencil %u %u", s[0], s[1]);

   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteRenderbuffers(2, rb);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Render to a texture level, then check its texels through glGetTexImage. */
static void
test_render_to_texture(void)
{
   GLuint tex, fb;
   api_glGenTextures(1, &tex);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   api_glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_X,
                              tex, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* not a cube map */
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   GLint v;
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                             GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
   CHECK_EQ_INT(v, 1);
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   CHECK_EQ_INT(v, tex);

   api_glViewport(0, 0, 8, 8);
   api_glClearColor(0, 0, 1, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glMatrixMode(GL_PROJECTION);
   api_glPushMatrix();
   api_glLoadIdentity();
   api_glOrtho(0, 8, 0, 8, -1, 1);
   quad(0, 0, 8, 2, 0, 1, 0, 0);    /* red bottom two rows */
   api_glPopMatrix();
   api_glMatrixMode(GL_MODELVIEW);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX(3, 0, 255, 0, 0);
   CHECK_PX(3, 5, 0, 0, 255);

   /* the texture's row 0 is the bottom row */
   GLubyte texels[8 * 8 * 4];
   memset(texels, 0x55, sizeof texels);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(texels[0] == 255 && texels[2] == 0, "row 0 %u %u %u", texels[0], texels[1], texels[2]);
   const GLubyte *top = texels + 7 * 8 * 4;
   CHECK(top[0] == 0 && top[2] == 255, "row 7 %u %u %u", top[0], top[1], top[2]);

   /* deleting the texture while attached to the bound FBO detaches it */
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glDeleteTextures(1, &tex);
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   CHECK_EQ_INT(v, GL_NONE);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glViewport(0, 0, W, H);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* glBlitFramebuffer with a source rectangle reaching outside the read
 * buffer: destination pixels whose source is outside keep their contents,
 * the others are scaled exactly as the whole rectangles say. */
static void
test_blit_clip(void)
{
   GLuint fb[2], rb[2];
   api_glGenFramebuffers(2, fb);
   api_glGenRenderbuffers(2, rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   api_glClearColor(0, 1, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[1]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[1]);
   api_glClearColor(1, 0, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   /* source x, y in [-4, 8) (12 texels, 4 inside at [0, 4)) onto [0, 12):
    * scale 1, so destination [4, 8) receives the source, the rest stays red */
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
   api_glBlitFramebuffer(-4, -4, 8, 8, 0, 0, 12, 12, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[1]);
   CHECK_PX(5, 5, 0, 255, 0);
   CHECK_PX(4, 7, 0, 255, 0);
   CHECK_PX(3, 5, 255, 0, 0);
   CHECK_PX(8, 5, 255, 0, 0);
   CHECK_PX(5, 2, 255, 0, 0);
   CHECK_PX(13, 13, 255, 0, 0);
   /* scaled by 2: source [-2, 6) onto [0, 16): destination [4, 12) inside */
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[1]);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
   api_glBlitFramebuffer(-2, 0, 6, 4, 0, 0, 16, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[1]);
   CHECK_PX(3, 1, 255, 0, 0);
   CHECK_PX(4, 1, 0, 255, 0);
   CHECK_PX(11, 1, 0, 255, 0);
   CHECK_PX(12, 1, 255, 0, 0);
   CHECK_PX(5, 9, 255, 0, 0);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(2, fb);
   api_glDeleteRenderbuffers(2, rb);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Multisample renderbuffers (refpipe: 2, 4, 8 samples), their framebuffer
 * state, the resolve through glBlitFramebuffer (an edge pixel covering 3 of
 * 4 samples resolves to 3/4), and the errors of reading and blitting. */
static void
test_multisample(void)
{
   GLint v = -1, max = 0;
   api_glGetIntegerv(GL_MAX_SAMPLES, &max);
   CHECK(max >= 4, "GL_MAX_SAMPLES %d", max);
   if (max < 4)
      return;

   GLuint fb[2], rb[4];
   api_glGenFramebuffers(2, fb);
   api_glGenRenderbuffers(4, rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   api_glRenderbufferStorageMultisample(GL_RENDERBUFFER, max + 1, GL_RGBA8, W, H);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glRenderbufferStorageMultisample(GL_RENDERBUFFER, -1, GL_RGBA8, W, H);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* the smallest supported count >= the request */
   api_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 1, GL_RGBA8, W, H);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &v);
   CHECK_EQ_INT(v, 2);
   api_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 3, GL_RGBA8, W, H);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &v);
   CHECK_EQ_INT(v, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   api_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH24_STENCIL8, W, H);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[2]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[3]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA16, W, H);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* fb[0]: 4x colour + 4x depth/stencil; a single-sampled image
    * makes it incomplete */
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rb[2]);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER),
                GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, 0);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                                 rb[1]);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glGetIntegerv(GL_SAMPLES, &v);
   CHECK_EQ_INT(v, 4);
   api_glGetIntegerv(GL_SAMPLE_BUFFERS, &v);
   CHECK_EQ_INT(v, 1);

   api_glViewport(0, 0, W, H);
   api_glClearColor(0, 0, 0, 1);
   api_glClearDepth(1.0);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   api_glEnable(GL_MULTISAMPLE);
   /* x in [0, 10.7): column 10's samples at x + 0.375, 0.875, 0.125, 0.625 */
   quad(0, 0, 10.7f, H, 0, 0, 1, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* a multisample read framebuffer cannot be read or copied from */
   GLubyte px[4];
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glCopyPixels(0, 0, 1, 1, GL_COLOR);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* resolve into fb[1] */
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[1]);
   api_glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                 rb[2]);
   api_glGetIntegerv(GL_SAMPLE_BUFFERS, &v);
   CHECK_EQ_INT(v, 0);
   /* rectangles of different sizes: GL_INVALID_OPERATION */
   api_glBlitFramebuffer(0, 0, W, H, 0, 0, W / 2, H / 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[1]);
   CHECK_PX(5, 5, 0, 255, 0);
   CHECK_PX(10, 5, 0, 191, 0);     /* 3/4 of 255 */
   CHECK_PX(11, 5, 0, 0, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* scaled resolve (EXT_framebuffer_multisample_blit_scaled): only from a
    * multisample read framebuffer to a single-sampled one */
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
   api_glBlitFramebuffer(0, 0, W / 2, H / 2, 0, 0, W, H, GL_COLOR_BUFFER_BIT,
                         GL_SCALED_RESOLVE_NICEST_EXT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBlitFramebuffer(0, 0, W / 2, H / 2, 0, 0, W, H, GL_DEPTH_BUFFER_BIT,
                         GL_SCALED_RESOLVE_FASTEST_EXT);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[1]);
   api_glBlitFramebuffer(0, 0, W / 2, H / 2, 0, 0, W, H, GL_COLOR_BUFFER_BIT,
                         GL_SCALED_RESOLVE_FASTEST_EXT);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[0]);
   api_glBlitFramebuffer(0, 0, W / 2, H / 2, 0, 0, W, H, GL_COLOR_BUFFER_BIT,
                         GL_SCALED_RESOLVE_FASTEST_EXT);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* formats must match when either side is multisample */
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[1]);
   api_glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                 rb[3]);
   api_glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* depth: the depth component must match, not the whole format: a 4x
    * DEPTH_COMPONENT24 buffer blits to the 4x DEPTH24_STENCIL8 one (the
    * depth written, read back through a resolve of the colour a depth
    * test lets through) */
   GLuint zfb, zrb;
   api_glGenFramebuffers(1, &zfb);
   api_glGenRenderbuffers(1, &zrb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, zrb);
   api_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH_COMPONENT24, W, H);
   api_glBindFramebuffer(GL_FRAMEBUFFER, zfb);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, zrb);
   api_glDrawBuffer(GL_NONE);
   api_glReadBuffer(GL_NONE);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glClearDepth(0.25);
   api_glClear(GL_DEPTH_BUFFER_BIT);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, zfb);
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[0]);
   api_glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
   api_glClearColor(0, 0, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glEnable(GL_DEPTH_TEST);
   api_glDepthFunc(GL_LESS);
   quad(0, 0, W / 2, H, 0.0f, 1, 0, 0);    /* window z 0.5: behind 0.25 */
   quad(W / 2, 0, W, H, 0.8f, 0, 1, 0);    /* window z 0.1 (glOrtho negates z): in front */
   api_glDisable(GL_DEPTH_TEST);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[1]);
   api_glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                 rb[2]);
   api_glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[1]);
   CHECK_PX(4, 4, 0, 0, 0);
   CHECK_PX(W - 4, 4, 0, 255, 0);
   api_glDeleteFramebuffers(1, &zfb);
   api_glDeleteRenderbuffers(1, &zrb);
   api_glClearDepth(1.0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glDisable(GL_MULTISAMPLE);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(2, fb);
   api_glDeleteRenderbuffers(4, rb);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/*
 * GL_EXT_texture_integer's framebuffer side: integer renderbuffers, integer
 * clear colours, integer glReadPixels and the mismatch errors.  The test
 * first turns the context's flag off and checks the enums and commands are
 * refused, then back on (as st_caps.c offers it with integer textures).
 */
static void
test_integer(struct st_context *ctx)
{
   GLuint rb[2], fb;
   bool saved = ctx->caps.ext_texture_integer;
   CHECK(saved, "GL_EXT_texture_integer offered");
   ctx->caps.ext_texture_integer = false;
   api_glGenRenderbuffers(2, rb);
   api_glGenFramebuffers(1, &fb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8I, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_ENUM);   /* not offered */
   api_glClearColorIiEXT(1, 2, 3, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLint mode = -1;
   api_glGetIntegerv(GL_RGBA_INTEGER_MODE_EXT, &mode);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   GLint px[4] = { 0 };
   api_glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_INT, px);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   ctx->caps.ext_texture_integer = true;
   /* non-integer window-system buffer: integer formats refused */
   api_glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_INT, px);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLint ipix[4] = { 1, 2, 3, 4 };
   api_glDrawPixels(1, 1, GL_RGBA_INTEGER, GL_INT, ipix);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_FLOAT, px);
   CHECK_GL_ERROR(GL_INVALID_ENUM);   /* integer format, float type: the extension's error */

   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8I, 4, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32UI, 4, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glGetIntegerv(GL_RGBA_INTEGER_MODE_EXT, &mode);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(mode, 1);

   /* signed clear: not clamped to [0, 1], read back as integers */
   api_glClearColorIiEXT(-5, 100, 7, -128);
   api_glClear(GL_COLOR_BUFFER_BIT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   memset(px, 0x55, sizeof px);
   api_glReadPixels(2, 3, 1, 1, GL_RGBA_INTEGER, GL_INT, px);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(px[0] == -5 && px[1] == 100 && px[2] == 7 && px[3] == -128,
         "RGBA8I clear read %d %d %d %d", px[0], px[1], px[2], px[3]);
   GLubyte ub[4];
   api_glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, ub);
   CHECK(ub[0] == 0 && ub[1] == 100 && ub[2] == 7 && ub[3] == 0,
         "RGBA8I as ubyte %u %u %u %u", ub[0], ub[1], ub[2], ub[3]);
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, ub);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* integer buffer, normalized format */
   GLubyte c4[4] = { 1, 2, 3, 4 };
   api_glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, c4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* unsigned 32-bit: values above 2^31 survive */
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[1]);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glClearColorIuiEXT(0xfffffff0u, 1, 70000, 0x80000000u);
   api_glClear(GL_COLOR_BUFFER_BIT);
   GLuint upx[4] = { 0 };
   api_glReadPixels(1, 1, 1, 1, GL_BGRA_INTEGER, GL_UNSIGNED_INT, upx);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(upx[0] == 70000 && upx[1] == 1 && upx[2] == 0xfffffff0u && upx[3] == 0x80000000u,
         "RGBA32UI clear read %u %u %u %u", upx[0], upx[1], upx[2], upx[3]);

   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteRenderbuffers(2, rb);
   ctx->caps.ext_texture_integer = saved;
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* GL_ARB_framebuffer_sRGB: an SRGB8_ALPHA8 texture attachment, cleared with
 * GL_FRAMEBUFFER_SRGB off (stored as given) and on (encoded) */
static void
test_framebuffer_srgb(void)
{
   GLuint t, fb;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
   CHECK(api_glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
         "sRGB texture FBO incomplete");
   GLint v = 0;
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                             GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &v);
   CHECK(v == GL_SRGB, "colour encoding %x", v);
   GLboolean b = GL_FALSE;
   api_glGetBooleanv(GL_FRAMEBUFFER_SRGB_CAPABLE_EXT, &b);
   CHECK(b == GL_TRUE, "sRGB FBO not sRGB capable");
   CHECK(!api_glIsEnabled(GL_FRAMEBUFFER_SRGB), "GL_FRAMEBUFFER_SRGB on by default");
   CHECK_GL_ERROR(GL_NO_ERROR);

   GLubyte px[4 * 16];
   api_glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0] == 128 && px[3] == 128, "clear, sRGB off: %u %u (want 128 128)", px[0], px[3]);

   api_glEnable(GL_FRAMEBUFFER_SRGB);
   CHECK(api_glIsEnabled(GL_FRAMEBUFFER_SRGB), "GL_FRAMEBUFFER_SRGB not enabled");
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   /* linear 0.5 -> sRGB 0.7354 (188); alpha is never encoded */
   CHECK(px[0] == 188 && px[3] == 128, "clear, sRGB on: %u %u (want 188 128)", px[0], px[3]);

   /* push/pop: GL_COLOR_BUFFER_BIT and GL_ENABLE_BIT carry it */
   api_glPushAttrib(GL_COLOR_BUFFER_BIT);
   api_glDisable(GL_FRAMEBUFFER_SRGB);
   api_glPopAttrib();
   CHECK(api_glIsEnabled(GL_FRAMEBUFFER_SRGB), "pop of COLOR_BUFFER_BIT lost the enable");
   api_glPushAttrib(GL_ENABLE_BIT);
   api_glDisable(GL_FRAMEBUFFER_SRGB);
   api_glGetBooleanv(GL_FRAMEBUFFER_SRGB, &b);
   CHECK(b == GL_FALSE, "glGet GL_FRAMEBUFFER_SRGB %d", b);
   api_glPopAttrib();
   CHECK(api_glIsEnabled(GL_FRAMEBUFFER_SRGB), "pop of ENABLE_BIT lost the enable");
   api_glPushAttrib(GL_DEPTH_BUFFER_BIT);
   api_glDisable(GL_FRAMEBUFFER_SRGB);
   api_glPopAttrib();
   CHECK(!api_glIsEnabled(GL_FRAMEBUFFER_SRGB), "DEPTH_BUFFER_BIT restored the enable");
   /* the surface follows the popped state: off again, stored as given */
   api_glClearColor(0.25f, 0.25f, 0.25f, 1.0f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0] == 64, "clear after pop: %u (want 64)", px[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glGetBooleanv(GL_FRAMEBUFFER_SRGB_CAPABLE_EXT, &b);
   CHECK(b == GL_FALSE, "window framebuffer sRGB capable");
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteTextures(1, &t);
   api_glClearColor(0, 0, 0, 0);
}

/* sRGB renderbuffers and glBlitFramebuffer's sRGB rule (GL 4.4, 18.3.1):
 * with GL_FRAMEBUFFER_SRGB off a blit copies the stored values whatever the
 * encodings; on, it decodes an sRGB source and encodes an sRGB destination.
 * A multisample blit between an sRGB and a linear buffer of the same layout
 * is allowed. */
static GLuint
srgb_rb_fbo(GLenum internal_format, GLsizei samples)
{
   GLuint rb, fb;
   api_glGenRenderbuffers(1, &rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   api_glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, internal_format, 4, 4);
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   return fb;
}

static void
test_srgb_blit(void)
{
   static const GLenum srgb_formats[] = {
      GL_SRGB, GL_SRGB8, GL_SRGB_ALPHA, GL_SRGB8_ALPHA8,
      GL_SLUMINANCE, GL_SLUMINANCE8, GL_SLUMINANCE_ALPHA, GL_SLUMINANCE8_ALPHA8,
   };
   for (unsigned i = 0; i < sizeof srgb_formats / sizeof srgb_formats[0]; i++) {
      GLuint fb = srgb_rb_fbo(srgb_formats[i], 0);
      CHECK_GL_ERROR(GL_NO_ERROR);
      CHECK(api_glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
            "sRGB renderbuffer 0x%x incomplete", srgb_formats[i]);
      GLint v = 0;
      api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                                GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &v);
      CHECK(v == GL_SRGB, "renderbuffer 0x%x encoding 0x%x", srgb_formats[i], v);
      api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
      api_glDeleteFramebuffers(1, &fb);
   }

   GLuint s = srgb_rb_fbo(GL_SRGB8_ALPHA8, 0), l = srgb_rb_fbo(GL_RGBA8, 0);
   GLuint ms = srgb_rb_fbo(GL_SRGB8_ALPHA8, 4);
   /* source: sRGB buffer holding 128 (sRGB 0.50196 = linear 0.21586: 55) */
   api_glBindFramebuffer(GL_FRAMEBUFFER, s);
   api_glClearColor(128 / 255.0f, 128 / 255.0f, 128 / 255.0f, 128 / 255.0f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, s);
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, l);
   api_glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, l);
   CHECK_PX(1, 1, 128, 128, 128);   /* off: the stored value */
   api_glEnable(GL_FRAMEBUFFER_SRGB);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, s);
   api_glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   api_glDisable(GL_FRAMEBUFFER_SRGB);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, l);
   CHECK_PX(1, 1, 55, 55, 55);      /* on: decoded */
   GLubyte p[4];
   read_px(1, 1, p);
   CHECK(p[3] == 128, "alpha %u converted (want 128)", p[3]);

   /* linear 55 -> sRGB: encoded only when on (55/255 -> 0.5029: 128) */
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, l);
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, s);
   api_glEnable(GL_FRAMEBUFFER_SRGB);
   api_glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   api_glDisable(GL_FRAMEBUFFER_SRGB);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, s);
   CHECK_PX(1, 1, 128, 128, 128);

   /* multisample sRGB <-> linear: allowed, stored values kept when off */
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, l);
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ms);
   api_glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, l);
   api_glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, l);
   CHECK_PX(1, 1, 55, 55, 55);

   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   GLuint fbs[3] = { s, l, ms };
   api_glDeleteFramebuffers(3, fbs);
   api_glClearColor(0, 0, 0, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* GL_RGBA_SIGNED_COMPONENTS_EXT: the first draw buffer's signed components */
static void
test_signed_components(void)
{
   GLint v[4] = { 2, 2, 2, 2 };
   api_glGetIntegerv(GL_RGBA_SIGNED_COMPONENTS_EXT, v);
   CHECK(!v[0] && !v[1] && !v[2] && !v[3], "window: %d %d %d %d", v[0], v[1], v[2], v[3]);
   static const struct {
      GLenum format;
      GLint want[4];
   } cases[] = {
      { GL_RGBA8, { 0, 0, 0, 0 } },
      { GL_RGBA16F_ARB, { 1, 1, 1, 1 } },
      { GL_RG16F, { 1, 1, 0, 0 } },
      { GL_R11F_G11F_B10F_EXT, { 0, 0, 0, 0 } },
      { GL_LUMINANCE16F_ARB, { 1, 1, 1, 0 } },
      { GL_ALPHA32F_ARB, { 0, 0, 0, 1 } },
   };
   GLuint fb, rb;
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glGenRenderbuffers(1, &rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      api_glRenderbufferStorage(GL_RENDERBUFFER, cases[i].format, 4, 4);
      api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
      CHECK_GL_ERROR(GL_NO_ERROR);
      memset(v, 2, sizeof v);
      api_glGetIntegerv(GL_RGBA_SIGNED_COMPONENTS_EXT, v);
      CHECK(!memcmp(v, cases[i].want, sizeof v), "0x%x: %d %d %d %d", cases[i].format, v[0],
            v[1], v[2], v[3]);
   }
   /* RGB9_E5: base RGB, so glRenderbufferStorage takes it
    * (EXT_framebuffer_object), but nothing renders it */
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB9_E5, 4, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_UNSUPPORTED);
   /* only draw buffer 0 counts */
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 0);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA16F_ARB, 4, 4);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rb);
   api_glGetIntegerv(GL_RGBA_SIGNED_COMPONENTS_EXT, v);
   CHECK(!v[0] && !v[1] && !v[2] && !v[3], "attachment 1: %d %d %d %d", v[0], v[1], v[2], v[3]);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteRenderbuffers(1, &rb);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* One colour-format case of test_base_formats: a texture (or, rb set, a
 * renderbuffer) of internal format fmt, cleared, drawn with dst, then
 * blended src * Ad + dst * (1 - Ad) over it and read back as floats. */
static void
base_format_case(GLenum fmt, bool rb, const float want[4], const char *name)
{
   GLuint fb, obj;
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   if (rb) {
      api_glGenRenderbuffers(1, &obj);
      api_glBindRenderbuffer(GL_RENDERBUFFER, obj);
      api_glRenderbufferStorage(GL_RENDERBUFFER, fmt, 4, 4);
      api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, obj);
   } else {
      api_glGenTextures(1, &obj);
      api_glBindTexture(GL_TEXTURE_2D, obj);
      api_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)fmt, 4, 4, 0, GL_RGBA, GL_FLOAT, NULL);
      api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, obj, 0);
   }
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(api_glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
         "%s: incomplete", name);
   api_glViewport(0, 0, 4, 4);
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glColor4f(0.9f, 0.4f, 0.7f, 0.5f);   /* dst */
   api_glRectf(-1, -1, 1, 1);
   api_glEnable(GL_BLEND);
   api_glBlendFunc(GL_DST_ALPHA, GL_ONE_MINUS_DST_ALPHA);
   api_glColor4f(0.8f, 0.3f, 0.5f, 0.9f);   /* src */
   api_glRectf(-1, -1, 1, 1);
   api_glDisable(GL_BLEND);
   float px[4] = { -9, -9, -9, -9 };
   api_glReadPixels(1, 1, 1, 1, GL_RGBA, GL_FLOAT, px);
   CHECK_GL_ERROR(GL_NO_ERROR);
   bool ok = true;
   for (unsigned c = 0; c < 4; c++)
      ok = ok && fabsf(px[c] - want[c]) <= 0.01f;   /* 8-bit storage: 2.5 steps */
   CHECK(ok, "%s: %.3f %.3f %.3f %.3f, expected %.3f %.3f %.3f %.3f", name, px[0], px[1],
         px[2], px[3], want[0], want[1], want[2], want[3]);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   if (rb)
      api_glDeleteRenderbuffers(1, &obj);
   else
      api_glDeleteTextures(1, &obj);
   api_glViewport(0, 0, W, H);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Colour buffers whose base format lacks components their storage has
 * (RGB in RGBA16, float LUMINANCE / INTENSITY in RGBA float storage) or
 * keeps them apart (INTENSITY: I in R): blending reads a missing
 * destination alpha as 1 and an intensity buffer's alpha as I, and
 * glReadPixels returns (L, 0, 0, 1) / (I, 0, 0, 1) (GL 2.1 table 6.1);
 * LUMINANCE / LUMINANCE_ALPHA / INTENSITY renderbuffers (ARB_fbo). */
static void
test_base_formats(void)
{
   /* Ad = 1: the source colour; intensity: Ad = I = 0.9 */
   const float rgb[4] = { 0.8f, 0.3f, 0.5f, 1.0f };
   const float lum[4] = { 0.8f, 0.0f, 0.0f, 1.0f };
   const float inten[4] = { 0.8f * 0.9f + 0.9f * 0.1f, 0.0f, 0.0f, 1.0f };
   /* LA: Ad = 0.5, alpha = 0.9 * 0.5 + 0.5 * 0.5 */
   const float la[4] = { 0.8f * 0.5f + 0.9f * 0.5f, 0.0f, 0.0f, 0.7f };
   api_glMatrixMode(GL_PROJECTION);   /* glRectf(-1, -1, 1, 1) covers the buffer */
   api_glPushMatrix();
   api_glLoadIdentity();
   api_glMatrixMode(GL_MODELVIEW);
   base_format_case(GL_RGB16, false, rgb, "RGB16 texture");
   base_format_case(GL_RGB16, true, rgb, "RGB16 renderbuffer");
   base_format_case(GL_LUMINANCE16F_ARB, false, lum, "LUMINANCE16F texture");
   base_format_case(GL_LUMINANCE32F_ARB, false, lum, "LUMINANCE32F texture");
   base_format_case(GL_INTENSITY16F_ARB, false, inten, "INTENSITY16F texture");
   base_format_case(GL_INTENSITY32F_ARB, false, inten, "INTENSITY32F texture");
   base_format_case(GL_INTENSITY8, false, inten, "INTENSITY8 texture");
   base_format_case(GL_LUMINANCE16F_ARB, true, lum, "LUMINANCE16F renderbuffer");
   base_format_case(GL_LUMINANCE_ALPHA32F_ARB, true, la, "LUMINANCE_ALPHA32F renderbuffer");
   base_format_case(GL_INTENSITY16F_ARB, true, inten, "INTENSITY16F renderbuffer");
   base_format_case(GL_LUMINANCE8, true, lum, "LUMINANCE8 renderbuffer");
   base_format_case(GL_LUMINANCE, true, lum, "LUMINANCE renderbuffer");
   base_format_case(GL_LUMINANCE8_ALPHA8, true, la, "LUMINANCE8_ALPHA8 renderbuffer");
   base_format_case(GL_LUMINANCE16_ALPHA16, true, la, "LUMINANCE16_ALPHA16 renderbuffer");
   base_format_case(GL_INTENSITY, true, inten, "INTENSITY renderbuffer");
   base_format_case(GL_INTENSITY16, true, inten, "INTENSITY16 renderbuffer");
   /* EXT_texture_snorm renderbuffers (RGBA snorm storage; 8-bit snorm has
    * 127 steps, within the 0.01 tolerance) */
   base_format_case(GL_RGBA8_SNORM, true, (const float[4]){ 0.8f * 0.5f + 0.9f * 0.5f,
                                                            0.35f, 0.6f, 0.7f },
                    "RGBA8_SNORM renderbuffer");
   base_format_case(GL_LUMINANCE16_SNORM, true, lum, "LUMINANCE16_SNORM renderbuffer");
   base_format_case(GL_LUMINANCE16_ALPHA16_SNORM, true, la,
                    "LUMINANCE16_ALPHA16_SNORM renderbuffer");
   base_format_case(GL_INTENSITY16_SNORM, true, inten, "INTENSITY16_SNORM renderbuffer");

   /* the colour mask of L and I is R's (G, B, A do not write them) */
   GLuint fb, rb;
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glGenRenderbuffers(1, &rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   static const GLenum masked[] = { GL_LUMINANCE8, GL_INTENSITY8 };
   for (unsigned i = 0; i < 2; i++) {
      api_glRenderbufferStorage(GL_RENDERBUFFER, masked[i], 4, 4);
      api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
      api_glViewport(0, 0, 4, 4);
      api_glClearColor(0, 0, 0, 0);
      api_glClear(GL_COLOR_BUFFER_BIT);
      api_glColorMask(GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
      api_glColor4f(1, 1, 1, 1);
      api_glRectf(-1, -1, 1, 1);
      float px[4] = { -9, -9, -9, -9 };
      api_glReadPixels(2, 2, 1, 1, GL_RGBA, GL_FLOAT, px);
      CHECK(px[0] == 0.0f && px[3] == 1.0f, "0x%x, R masked: %.3f ... %.3f", masked[i], px[0],
            px[3]);
      api_glColorMask(GL_TRUE, GL_FALSE, GL_FALSE, GL_FALSE);
      api_glColor4f(0.6f, 0, 0, 0);
      api_glRectf(-1, -1, 1, 1);
      api_glReadPixels(2, 2, 1, 1, GL_RGBA, GL_FLOAT, px);
      CHECK(fabsf(px[0] - 0.6f) <= 0.01f, "0x%x, R written: %.3f", masked[i], px[0]);
      api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   }
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteRenderbuffers(1, &rb);
   api_glViewport(0, 0, W, H);
   api_glMatrixMode(GL_PROJECTION);
   api_glPopMatrix();
   api_glMatrixMode(GL_MODELVIEW);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

int
main(void)
{
   struct test_env e;
   if (!test_env_init(&e, W, H)) {
      fprintf(stderr, "st_test_fbo: no context\n");
      test_env_fini(&e);
      return 1;
   }
   test_renderbuffers();
   test_completeness_and_errors();
   test_render_and_blit();
   test_render_to_texture();
   test_multisample();
   test_blit_clip();
   test_integer(e.ctx);
   test_framebuffer_srgb();
   test_srgb_blit();
   test_signed_components();
   test_base_formats();
   test_env_fini(&e);
   return st_test_finish("st_test_fbo");
}
