/*
 * Bad input never crashes: every enum value through the implemented
 * entry points that take one, NULL pointers, and every unimplemented stub
 * (each must raise GL_INVALID_OPERATION and be remembered as "said").
 */
#include <string.h>

#include "api/api.h"
#include "frontend/drisw_api.h"
#include "pipe-loader/pipe_loader.h"
#include "pipe/p_screen.h"
#include "st_api.h"
#include "st_dispatch.h"
#include "st_test_util.h"
#include "util/u_debug.h"
#include "util/u_inlines.h"

#define CANARY 0x5a5a5a5a

static void
test_enum_sweep(void)
{
   GLint iv[32];
   GLfloat fv[32];
   GLdouble dv[32];
   GLboolean bv[32];
   for (GLenum e = 0; e < 0x10000; e++) {
      for (unsigned i = 0; i < 32; i++)
         iv[i] = CANARY;
      /* the matrices have 16 values, the compressed formats 9, everything
       * else at most 4 */
      unsigned max = e == GL_MODELVIEW_MATRIX || e == GL_PROJECTION_MATRIX ||
                     e == GL_TEXTURE_MATRIX || e == GL_COMPRESSED_TEXTURE_FORMATS ||
                     e == GL_CURRENT_MATRIX_ARB || e == GL_TRANSPOSE_CURRENT_MATRIX_ARB ? 16 : 4;
      api_glGetIntegerv(e, iv);
      CHECK(iv[max] == CANARY, "glGetIntegerv(0x%x) wrote more than %u values", e, max);
      api_glGetFloatv(e, fv);
      api_glGetDoublev(e, dv);
      memset(bv, 0x77, sizeof bv);
      api_glGetBooleanv(e, bv);
      CHECK(bv[max] == 0x77, "glGetBooleanv(0x%x) wrote more than %u values", e, max);
      api_glGetIntegerv(e, NULL);
      (void)api_glIsEnabled(e);
      (void)api_glGetString(e);
      api_glHint(e, GL_NICEST);
      api_glHint(GL_FOG_HINT, e);
      api_glStencilMaskSeparate(e, 1);
      (void)api_glGetError();
   }
   /* pixel store and buffers: every enum, then restore the defaults */
   for (GLenum e = 0; e < 0x10000; e++) {
      api_glPixelStorei(e, 3);
      api_glPixelStoref(e, -1e30f);
      api_glDrawBuffer(e);
      api_glReadBuffer(e);
      (void)api_glGetError();
   }
   /* drawing state setters and glBegin/glEnd (no vertices: draws nothing) */
   for (GLenum e = 0; e < 0x10000; e++) {
      api_glMatrixMode(e);
      api_glShadeModel(e);
      api_glDepthFunc(e);
      api_glCullFace(e);
      api_glFrontFace(e);
      api_glPolygonMode(e, GL_FILL);
      api_glPolygonMode(GL_FRONT, e);
      api_glBlendFunc(e, GL_ZERO);
      api_glBlendFunc(GL_ONE, e);
      api_glBlendEquation(e);
      api_glEnableClientState(e);
      api_glDisableClientState(e);
      api_glBegin(e);
      api_glEnd();
      api_glDrawArrays(e, 0, 0);
      api_glDrawElements(e, 0, e, NULL);
      (void)api_glGetError();
   }
   /* lighting, fog and clip planes: every enum as light/face/plane and as
    * pname (queries write at most 4 values) */
   static const GLfloat ones[4] = { 1, 1, 1, 1 };
   static const GLint iones[4] = { 1, 1, 1, 1 };
   static const GLdouble plane[4] = { 0, 0, 0, 1 };
   for (GLenum e = 0; e < 0x10000; e++) {
      for (unsigned i = 0; i < 32; i++) {
         iv[i] = CANARY;
         fv[i] = -12345.0f;
         dv[i] = -12345.0;
      }
      api_glGetLightfv(GL_LIGHT1, e, fv);
      api_glGetLightiv(e, GL_AMBIENT, iv);
      api_glGetLightiv(GL_LIGHT1, e, iv);
      api_glGetMaterialfv(e, GL_AMBIENT, fv);
      api_glGetMaterialiv(GL_BACK, e, iv);
      api_glGetClipPlane(e, dv);
      CHECK(iv[4] == CANARY && fv[4] == -12345.0f && dv[4] == -12345.0,
            "light/material/plane query 0x%x wrote more than 4 values", e);
      api_glLightfv(GL_LIGHT1, e, ones);
      api_glLightiv(e, GL_AMBIENT, iones);
      api_glLightf(GL_LIGHT1, e, 1);
      api_glLightModelfv(e, ones);
      api_glLightModeli(e, 1);
      api_glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, (GLint)e);
      api_glMaterialfv(e, GL_AMBIENT, ones);
      api_glMaterialiv(GL_BACK, e, iones);
      api_glMateriali(GL_BACK, e, 1);
      api_glColorMaterial(e, GL_AMBIENT);
      api_glColorMaterial(GL_FRONT, e);
      api_glFogfv(e, ones);
      api_glFogi(e, 1);
      api_glFogi(GL_FOG_MODE, (GLint)e);
      api_glClipPlane(e, plane);
      (void)api_glGetError();
   }
   api_glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SINGLE_COLOR);
   api_glColorMaterial(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE);
   api_glFogi(GL_FOG_MODE, GL_EXP);
   api_glMatrixMode(GL_MODELVIEW);
   api_glShadeModel(GL_SMOOTH);
   api_glDepthFunc(GL_LESS);
   api_glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   api_glBlendFunc(GL_ONE, GL_ZERO);
   api_glBlendEquation(GL_FUNC_ADD);
   /* degenerate and incomplete primitives of every mode */
   api_glOrtho(-1, 1, -1, 1, -1, 1);
   for (GLenum mode = GL_POINTS; mode <= GL_POLYGON; mode++)
      for (int n = 0; n < 6; n++) {
         api_glBegin(mode);
         for (int i = 0; i < n; i++)
            api_glVertex2f(i & 1 ? 0.5f : -0.5f, i & 2 ? 0.5f : -0.5f);
         api_glEnd();
      }
   api_glLoadIdentity();
   api_glDrawBuffer(GL_BACK);
   api_glReadBuffer(GL_BACK);
   api_glPixelStorei(GL_PACK_ALIGNMENT, 4);
   CHECK_EQ_INT(api_glGetError(), GL_NO_ERROR);
}

static void
test_readpixels_sweep(void)
{
   static const GLenum formats[] = {
      GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_RGB, GL_RGBA, GL_BGR, GL_BGRA, GL_LUMINANCE,
      GL_LUMINANCE_ALPHA, GL_DEPTH_COMPONENT, GL_STENCIL_INDEX, GL_DEPTH_STENCIL,
      GL_COLOR_INDEX, 0,
   };
   static const GLenum types[] = {
      GL_UNSIGNED_BYTE, GL_BYTE, GL_UNSIGNED_SHORT, GL_SHORT, GL_UNSIGNED_INT, GL_INT, GL_FLOAT,
      GL_BITMAP, GL_HALF_FLOAT, GL_UNSIGNED_BYTE_3_3_2, GL_UNSIGNED_BYTE_2_3_3_REV,
      GL_UNSIGNED_SHORT_5_6_5, GL_UNSIGNED_SHORT_5_6_5_REV, GL_UNSIGNED_SHORT_4_4_4_4,
      GL_UNSIGNED_SHORT_4_4_4_4_REV, GL_UNSIGNED_SHORT_5_5_5_1, GL_UNSIGNED_SHORT_1_5_5_5_REV,
      GL_UNSIGNED_INT_8_8_8_8, GL_UNSIGNED_INT_8_8_8_8_REV, GL_UNSIGNED_INT_10_10_10_2,
      GL_UNSIGNED_INT_2_10_10_10_REV, GL_UNSIGNED_INT_24_8, 0,
   };
   /* 5x4 pixels, at most 16 bytes each, with row length 7, skips 2/1, alignment 8:
    * (1 + 4) rows of at most 7 * 16 bytes -> 560 bytes; guard after that. */
   static uint8_t buf[1024];
   api_glPixelStorei(GL_PACK_ROW_LENGTH, 7);
   api_glPixelStorei(GL_PACK_SKIP_PIXELS, 2);
   api_glPixelStorei(GL_PACK_SKIP_ROWS, 1);
   api_glPixelStorei(GL_PACK_ALIGNMENT, 8);
   for (unsigned f = 0; f < sizeof formats / sizeof formats[0]; f++) {
      for (unsigned t = 0; t < sizeof types / sizeof types[0]; t++) {
         memset(buf, 0xee, sizeof buf);
         api_glReadPixels(-2, -1, 5, 4, formats[f], types[t], buf);
         GLenum err = api_glGetError();
         CHECK(err == GL_NO_ERROR || err == GL_INVALID_ENUM || err == GL_INVALID_OPERATION,
               "format 0x%x type 0x%x: error 0x%x", formats[f], types[t], err);
         for (unsigned i = 7 * 16 * 5; i < sizeof buf; i++) {
            if (buf[i] != 0xee) {
               CHECK(0, "format 0x%x type 0x%x wrote past the image", formats[f], types[t]);
               break;
            }
         }
      }
   }
   api_glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, NULL);   /* no buffer: nothing */
   api_glPixelStorei(GL_PACK_ROW_LENGTH, 0);
   api_glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
   api_glPixelStorei(GL_PACK_SKIP_ROWS, 0);
   api_glPixelStorei(GL_PACK_ALIGNMENT, 4);
   CHECK_EQ_INT(api_glGetError(), GL_NO_ERROR);
}

static void
test_all_stubs(struct st_context *ctx)
{
   unsigned called = 0;
   for (unsigned i = 0; i < ST_NUM_COMMANDS; i++) {
      const struct st_dispatch_entry *e = &st_dispatch_entries[i];
      if (e->flags & ST_CMD_IMPLEMENTED)
         continue;
      /* Stubs read no argument, so calling them without any is safe on
       * every ABI we build for. */
      e->stub();
      called++;
      GLenum err = api_glGetError();
      CHECK(err == GL_INVALID_OPERATION, "%s raised 0x%x", e->name, err);
      CHECK(ctx->api_said[i / 64] & (1ull << (i % 64)), "%s remembered", e->name);
   }
   CHECK_EQ_INT(called, ST_NUM_COMMANDS - ST_NUM_IMPLEMENTED_COMMANDS);
}

static bool
validate(struct st_framebuffer_iface *iface, struct st_context *ctx,
         const enum st_attachment *atts, unsigned count, struct pipe_resource **out)
{
   struct pipe_screen *screen = iface->front_end_private;
   for (unsigned i = 0; i < count; i++) {
      struct pipe_resource templ;
      memset(&templ, 0, sizeof templ);
      templ.target = PIPE_TEXTURE_2D;
      bool zs = atts[i] == ST_ATTACHMENT_DEPTH_STENCIL;
      templ.format = zs ? iface->visual.depth_stencil_format : iface->visual.color_format;
      templ.width0 = 3;
      templ.height0 = 2;
      templ.depth0 = 1;
      templ.array_size = 1;
      templ.bind = zs ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET;
      /* A new buffer every time (the state tracker keeps the references). */
      out[i] = screen->resource_create(screen, &templ);
      if (!out[i])
         return false;
   }
   return true;
}

/* A front end that "succeeds" but hands out no depth/stencil buffer. */
static bool
validate_no_zs(struct st_framebuffer_iface *iface, struct st_context *ctx,
               const enum st_attachment *atts, unsigned count, struct pipe_resource **out)
{
   if (!validate(iface, ctx, atts, count, out))
      return false;
   for (unsigned i = 0; i < count; i++) {
      if (atts[i] == ST_ATTACHMENT_DEPTH_STENCIL) {
         pipe_resource_reference(&out[i], NULL);
      }
   }
   return true;
}

static void
test_missing_buffer(struct st_context *ctx, struct st_framebuffer_iface *fb)
{
   fb->validate = validate_no_zs;
   __atomic_add_fetch(&fb->stamp, 1, __ATOMIC_RELEASE);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   CHECK_EQ_INT(api_glGetError(), GL_NO_ERROR);
   float z;
   api_glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   CHECK_EQ_INT(api_glGetError(), GL_INVALID_OPERATION);
   fb->validate = validate;
   __atomic_add_fetch(&fb->stamp, 1, __ATOMIC_RELEASE);
   api_glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   CHECK_EQ_INT(api_glGetError(), GL_NO_ERROR);
   (void)ctx;
}

int
main(void)
{
   struct pipe_screen *screen = pipe_loader_create_sw_screen(null_sw_winsys_create(), "refpipe");
   if (!screen) {
      fprintf(stderr, "no refpipe screen\n");
      return 1;
   }
   CHECK(st_context_create(screen, NULL, NULL, NULL) == NULL, "NULL attribs");
   CHECK(st_context_create(NULL, NULL, NULL, NULL) == NULL, "NULL screen");
   CHECK(!st_profile_supported(NULL, ST_PROFILE_COMPAT, 1, 0), "NULL screen profile");
   st_framebuffer_iface_destroyed(NULL);
   st_context_destroy(NULL);
   st_context_flush(NULL, ST_FLUSH_FRONT, NULL);

   struct st_visual vis = { true, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, 0 };
   struct st_context_attribs attribs = { ST_PROFILE_COMPAT, 1, 0, 0, &vis };
   struct st_context *ctx = st_context_create(screen, &attribs, NULL, NULL);
   CHECK(ctx != NULL, "context");
   if (!ctx)
      return st_test_finish("st_test_robust");
   struct st_framebuffer_iface fb;
   memset(&fb, 0, sizeof fb);
   fb.visual = vis;
   fb.validate = validate;
   fb.front_end_private = screen;
   CHECK(st_make_current(ctx, &fb, &fb), "make current");
   CHECK(ctx->debug & PONY_DEBUG_API, "run with PONY_DEBUG=api");

   test_enum_sweep();
   test_readpixels_sweep();
   test_all_stubs(ctx);
   test_missing_buffer(ctx, &fb);

   st_make_current(NULL, NULL, NULL);
   st_context_destroy(ctx);
   screen->destroy(screen);
   return st_test_finish("st_test_robust");
}
