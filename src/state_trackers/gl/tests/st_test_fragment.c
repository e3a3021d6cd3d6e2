/*
 * Per-fragment and rasterization state (api_fragment.c, update_cso_state):
 * the errors of every setter, glGet values and their conversions, the
 * attribute groups, and rendered results on refpipe compared per pixel
 * (stencil one- and two-sided with wrap, alpha test, logic op, blend
 * colour and separate functions, polygon offset, polygon stipple, line
 * width, point size).
 */
#include <math.h>
#include <stdint.h>

#include "st_test_fb.h"

#define W 32
#define H 32

static uint8_t px[W * H * 4];

static void
read_all(void)
{
   api_glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

static const uint8_t *
at(int x, int y)
{
   return px + 4 * (y * W + x);
}

static void
check_px(int x, int y, int r, int g, int b, const char *what)
{
   const uint8_t *p = at(x, y);
   CHECK(abs(p[0] - r) <= 2 && abs(p[1] - g) <= 2 && abs(p[2] - b) <= 2,
         "%s at %d,%d: %d %d %d, expected %d %d %d", what, x, y, p[0], p[1], p[2], r, g, b);
}

static void
rect(float x0, float y0, float x1, float y1, float z)
{
   api_glBegin(GL_QUADS);
   api_glVertex3f(x0, y0, z);
   api_glVertex3f(x1, y0, z);
   api_glVertex3f(x1, y1, z);
   api_glVertex3f(x0, y1, z);
   api_glEnd();
}

/* the same rectangle wound clockwise (back-facing) */
static void
rect_cw(float x0, float y0, float x1, float y1, float z)
{
   api_glBegin(GL_QUADS);
   api_glVertex3f(x0, y0, z);
   api_glVertex3f(x0, y1, z);
   api_glVertex3f(x1, y1, z);
   api_glVertex3f(x1, y0, z);
   api_glEnd();
}

static void
clear_all(void)
{
   api_glClearColor(0, 0, 0, 0);
   api_glClearDepth(1.0);
   api_glClearStencil(0);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

static GLint
geti(GLenum pname)
{
   GLint v[4] = { -12345, -12345, -12345, -12345 };
   api_glGetIntegerv(pname, v);
   return v[0];
}

static GLfloat
getf(GLenum pname)
{
   GLfloat v[4] = { -12345, -12345, -12345, -12345 };
   api_glGetFloatv(pname, v);
   return v[0];
}

static void
test_errors(void)
{
   api_glStencilFunc(GL_FRONT, 0, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glStencilFuncSeparate(GL_LESS, GL_LESS, 0, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glStencilOp(GL_KEEP, GL_LESS, GL_KEEP);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glStencilOpSeparate(GL_FRONT, GL_KEEP, GL_KEEP, GL_ONE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glAlphaFunc(GL_KEEP, 0.5f);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glLogicOp(GL_SET + 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBlendFuncSeparate(GL_ONE, GL_SRC_ALPHA_SATURATE, GL_ONE, GL_ZERO);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBlendFuncSeparate(GL_ONE, GL_ZERO, GL_ONE, GL_LESS);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBlendEquationSeparate(GL_FUNC_ADD, GL_ONE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glLineWidth(0.0f);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glLineWidth(-1.0f);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glPointSize(0.0f);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glPointParameterf(GL_POINT_SIZE_MIN, -1.0f);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glPointParameterf(GL_POINT_FADE_THRESHOLD_SIZE, -0.5f);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glPointParameterf(GL_POINT_DISTANCE_ATTENUATION, 1.0f);   /* vector only */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glPointParameteri(GL_LINE_WIDTH, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   /* the first error sticks; state unchanged by failed calls */
   api_glLineWidth(0.0f);
   api_glLogicOp(0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(getf(GL_LINE_WIDTH), 1);
   CHECK_EQ_INT(geti(GL_LOGIC_OP_MODE), GL_COPY);
   CHECK_EQ_INT(geti(GL_STENCIL_FUNC), GL_ALWAYS);
   /* inside Begin/End */
   api_glBegin(GL_POINTS);
   api_glStencilFunc(GL_LESS, 0, 0);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(geti(GL_STENCIL_FUNC), GL_ALWAYS);
}

static void
test_get(void)
{
   /* defaults */
   CHECK_EQ_INT(geti(GL_STENCIL_VALUE_MASK), -1);   /* all ones as GLint */
   CHECK_EQ_INT(geti(GL_STENCIL_FAIL), GL_KEEP);
   CHECK_EQ_INT(geti(GL_STENCIL_BACK_PASS_DEPTH_PASS), GL_KEEP);
   CHECK_EQ_INT(geti(GL_ALPHA_TEST_FUNC), GL_ALWAYS);
   CHECK_EQ_INT(geti(GL_LINE_STIPPLE_PATTERN), 0xffff);
   CHECK_EQ_INT(geti(GL_LINE_STIPPLE_REPEAT), 1);
   CHECK_EQ_INT(getf(GL_POINT_SIZE), 1);
   CHECK_EQ_INT(getf(GL_POINT_SIZE_MAX), 255);   /* refpipe's largest point */
   CHECK_EQ_INT(geti(GL_RENDER_MODE), GL_RENDER);
   GLfloat r[2] = { 0, 0 };
   api_glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, r);
   CHECK(r[0] == 1.0f && r[1] == 255.0f, "line range %g %g", r[0], r[1]);
   GLfloat atten[3] = { 0, 0, 0 };
   api_glGetFloatv(GL_POINT_DISTANCE_ATTENUATION, atten);
   CHECK(atten[0] == 1.0f && atten[1] == 0.0f && atten[2] == 0.0f, "attenuation");

   /* stencil: ref clamped to the 8 stencil bits when queried, separate faces */
   api_glStencilFuncSeparate(GL_BACK, GL_LEQUAL, 300, 0x0f);
   CHECK_EQ_INT(geti(GL_STENCIL_BACK_REF), 255);
   CHECK_EQ_INT(geti(GL_STENCIL_BACK_FUNC), GL_LEQUAL);
   CHECK_EQ_INT(geti(GL_STENCIL_BACK_VALUE_MASK), 0x0f);
   CHECK_EQ_INT(geti(GL_STENCIL_FUNC), GL_ALWAYS);
   api_glStencilFunc(GL_GREATER, -4, 0xf0);
   CHECK_EQ_INT(geti(GL_STENCIL_REF), 0);
   CHECK_EQ_INT(geti(GL_STENCIL_BACK_FUNC), GL_GREATER);
   api_glStencilOpSeparate(GL_FRONT, GL_INCR_WRAP, GL_DECR_WRAP, GL_INVERT);
   CHECK_EQ_INT(geti(GL_STENCIL_FAIL), GL_INCR_WRAP);
   CHECK_EQ_INT(geti(GL_STENCIL_PASS_DEPTH_FAIL), GL_DECR_WRAP);
   CHECK_EQ_INT(geti(GL_STENCIL_PASS_DEPTH_PASS), GL_INVERT);
   CHECK_EQ_INT(geti(GL_STENCIL_BACK_FAIL), GL_KEEP);
   api_glStencilFuncSeparateATI(GL_LESS, GL_NEVER, 2, 0x3);
   CHECK_EQ_INT(geti(GL_STENCIL_FUNC), GL_LESS);
   CHECK_EQ_INT(geti(GL_STENCIL_BACK_FUNC), GL_NEVER);
   CHECK_EQ_INT(geti(GL_STENCIL_BACK_REF), 2);
   CHECK_EQ_INT(geti(GL_STENCIL_VALUE_MASK), 3);
   api_glStencilFuncSeparateATI(GL_LESS, GL_KEEP, 5, 0x3);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(geti(GL_STENCIL_REF), 2);
   api_glStencilFunc(GL_ALWAYS, 0, ~0u);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);

   /* alpha ref and blend colour clamp to [0, 1]; normalized as integers */
   api_glAlphaFunc(GL_GEQUAL, 1.5f);
   CHECK_EQ_INT(getf(GL_ALPHA_TEST_REF), 1);
   CHECK_EQ_INT(geti(GL_ALPHA_TEST_REF), 0x7fffffff);
   api_glAlphaFunc(GL_ALWAYS, 0.0f);
   api_glBlendColor(-1.0f, 0.25f, 2.0f, 0.5f);
   GLfloat bc[4];
   api_glGetFloatv(GL_BLEND_COLOR, bc);
   CHECK(bc[0] == 0.0f && bc[1] == 0.25f && bc[2] == 1.0f && bc[3] == 0.5f,
         "blend colour %g %g %g %g", bc[0], bc[1], bc[2], bc[3]);
   api_glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ZERO);
   CHECK_EQ_INT(geti(GL_BLEND_SRC_RGB), GL_SRC_ALPHA);
   CHECK_EQ_INT(geti(GL_BLEND_DST_RGB), GL_ONE_MINUS_SRC_ALPHA);
   CHECK_EQ_INT(geti(GL_BLEND_SRC_ALPHA), GL_ONE);
   CHECK_EQ_INT(geti(GL_BLEND_DST_ALPHA), GL_ZERO);
   CHECK_EQ_INT(geti(GL_BLEND_SRC), GL_SRC_ALPHA);
   api_glBlendEquationSeparate(GL_FUNC_SUBTRACT, GL_MAX);
   CHECK_EQ_INT(geti(GL_BLEND_EQUATION_RGB), GL_FUNC_SUBTRACT);
   CHECK_EQ_INT(geti(GL_BLEND_EQUATION_ALPHA), GL_MAX);
   api_glBlendFunc(GL_ONE, GL_ZERO);
   api_glBlendEquation(GL_FUNC_ADD);

   api_glLineStipple(1000, 0x1234);
   CHECK_EQ_INT(geti(GL_LINE_STIPPLE_REPEAT), 256);
   CHECK_EQ_INT(geti(GL_LINE_STIPPLE_PATTERN), 0x1234);
   api_glLineStipple(0, 0xffff);
   CHECK_EQ_INT(geti(GL_LINE_STIPPLE_REPEAT), 1);
   api_glPolygonOffset(2.5f, -3.0f);
   CHECK(getf(GL_POLYGON_OFFSET_FACTOR) == 2.5f, "offset factor");
   CHECK(getf(GL_POLYGON_OFFSET_UNITS) == -3.0f, "offset units");
   api_glPolygonOffset(0, 0);
   api_glSampleCoverage(2.0f, GL_TRUE);
   CHECK(getf(GL_SAMPLE_COVERAGE_VALUE) == 1.0f, "coverage value");
   GLboolean inv = GL_FALSE;
   api_glGetBooleanv(GL_SAMPLE_COVERAGE_INVERT, &inv);
   CHECK(inv == GL_TRUE, "coverage invert");
   api_glSampleCoverage(1.0f, GL_FALSE);
   GLint iv[3] = { 2, 3, 4 };
   api_glPointParameteriv(GL_POINT_DISTANCE_ATTENUATION, iv);
   api_glGetFloatv(GL_POINT_DISTANCE_ATTENUATION, atten);
   CHECK(atten[0] == 2.0f && atten[1] == 3.0f && atten[2] == 4.0f, "attenuation iv");
   GLfloat one[3] = { 1, 0, 0 };
   api_glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, one);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* polygon stipple round trip through the pixel store */
   GLubyte pat[128], back[128];
   for (unsigned i = 0; i < 128; i++)
      pat[i] = (GLubyte)(i * 37 + 5);
   api_glPolygonStipple(pat);
   memset(back, 0, sizeof back);
   api_glGetPolygonStipple(back);
   CHECK(memcmp(pat, back, sizeof pat) == 0, "stipple round trip");
   api_glPixelStorei(GL_PACK_LSB_FIRST, GL_TRUE);
   api_glGetPolygonStipple(back);
   api_glPixelStorei(GL_PACK_LSB_FIRST, GL_FALSE);
   unsigned rev = 0;
   for (unsigned b = 0; b < 8; b++)
      rev |= ((pat[0] >> b) & 1u) << (7 - b);
   CHECK_EQ_INT(back[0], rev);
   memset(pat, 0xff, sizeof pat);
   api_glPolygonStipple(pat);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_attrib(void)
{
   api_glStencilFunc(GL_NOTEQUAL, 3, 0x7);
   api_glAlphaFunc(GL_LESS, 0.25f);
   api_glLogicOp(GL_XOR);
   api_glPolygonOffset(1, 2);
   api_glLineWidth(3);
   api_glPointSize(5);
   api_glPushAttrib(GL_STENCIL_BUFFER_BIT | GL_COLOR_BUFFER_BIT);
   api_glStencilFunc(GL_EQUAL, 1, 0x1);
   api_glAlphaFunc(GL_GREATER, 0.75f);
   api_glLogicOp(GL_AND);
   api_glPolygonOffset(4, 5);
   api_glLineWidth(2);
   api_glPushAttrib(GL_POLYGON_BIT | GL_LINE_BIT | GL_POINT_BIT);
   api_glPolygonOffset(6, 7);
   api_glLineWidth(7);
   api_glPointSize(9);
   api_glPopAttrib();
   CHECK(getf(GL_POLYGON_OFFSET_FACTOR) == 4.0f, "offset restored");
   CHECK(getf(GL_LINE_WIDTH) == 2.0f, "line width restored");
   CHECK(getf(GL_POINT_SIZE) == 5.0f, "point size restored");
   api_glPopAttrib();
   CHECK_EQ_INT(geti(GL_STENCIL_FUNC), GL_NOTEQUAL);
   CHECK_EQ_INT(geti(GL_STENCIL_REF), 3);
   CHECK_EQ_INT(geti(GL_STENCIL_VALUE_MASK), 7);
   CHECK_EQ_INT(geti(GL_ALPHA_TEST_FUNC), GL_LESS);
   CHECK(getf(GL_ALPHA_TEST_REF) == 0.25f, "alpha ref restored");
   CHECK_EQ_INT(geti(GL_LOGIC_OP_MODE), GL_XOR);
   /* groups not pushed keep their values */
   CHECK(getf(GL_POLYGON_OFFSET_FACTOR) == 4.0f, "offset not in the colour group");
   CHECK(getf(GL_LINE_WIDTH) == 2.0f, "line width not in the colour group");
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glStencilFunc(GL_ALWAYS, 0, ~0u);
   api_glAlphaFunc(GL_ALWAYS, 0);
   api_glLogicOp(GL_COPY);
   api_glPolygonOffset(0, 0);
   api_glLineWidth(1);
   api_glPointSize(1);
}

static void
test_stencil(void)
{
   clear_all();
   api_glEnable(GL_STENCIL_TEST);
   /* write 1 in the left half, colour masked off */
   api_glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   api_glStencilFunc(GL_ALWAYS, 1, 0xff);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   rect(0, 0, 16, 32, 0);
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   /* draw red where stencil == 1 */
   api_glStencilFunc(GL_EQUAL, 1, 0xff);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   api_glColor3f(1, 0, 0);
   rect(0, 0, 32, 32, 0);
   read_all();
   check_px(4, 10, 255, 0, 0, "stencil equal 1");
   check_px(24, 10, 0, 0, 0, "stencil 0 rejected");

   /* wrap: DECR_WRAP of 0 gives 255, INCR_WRAP of 255 gives 0 */
   clear_all();
   api_glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   api_glStencilFunc(GL_ALWAYS, 0, 0xff);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_DECR_WRAP);
   rect(0, 0, 16, 32, 0);
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   api_glStencilFunc(GL_EQUAL, 255, 0xff);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   api_glColor3f(0, 1, 0);
   rect(0, 0, 32, 32, 0);
   read_all();
   check_px(4, 4, 0, 255, 0, "decr wrap to 255");
   check_px(20, 4, 0, 0, 0, "no wrap outside");
   /* plain DECR clamps at 0 */
   clear_all();
   api_glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   api_glStencilFunc(GL_ALWAYS, 0, 0xff);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_DECR);
   rect(0, 0, 32, 32, 0);
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   api_glStencilFunc(GL_EQUAL, 0, 0xff);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   api_glColor3f(0, 0, 1);
   rect(0, 0, 32, 32, 0);
   read_all();
   check_px(4, 4, 0, 0, 255, "decr clamps at 0");

   /* two-sided: front faces (CCW) write 1, back faces (CW) write 2 */
   clear_all();
   api_glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   api_glStencilFuncSeparate(GL_FRONT, GL_ALWAYS, 1, 0xff);
   api_glStencilFuncSeparate(GL_BACK, GL_ALWAYS, 2, 0xff);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   rect(0, 0, 16, 32, 0);
   rect_cw(16, 0, 32, 32, 0);
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   api_glStencilFunc(GL_EQUAL, 1, 0xff);
   api_glColor3f(1, 0, 0);
   rect(0, 0, 32, 32, 0);
   api_glStencilFunc(GL_EQUAL, 2, 0xff);
   api_glColor3f(0, 1, 0);
   rect(0, 0, 32, 32, 0);
   read_all();
   check_px(4, 20, 255, 0, 0, "front face wrote 1");
   check_px(28, 20, 0, 255, 0, "back face wrote 2");
   /* glFrontFace(GL_CW) swaps which rectangle is front */
   clear_all();
   api_glFrontFace(GL_CW);
   api_glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   api_glStencilFuncSeparate(GL_FRONT, GL_ALWAYS, 1, 0xff);
   api_glStencilFuncSeparate(GL_BACK, GL_ALWAYS, 2, 0xff);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   rect(0, 0, 16, 32, 0);
   api_glFrontFace(GL_CCW);
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   api_glStencilFunc(GL_EQUAL, 2, 0xff);
   api_glColor3f(0, 0, 1);
   rect(0, 0, 32, 32, 0);
   read_all();
   check_px(4, 20, 0, 0, 255, "CCW rect is back with glFrontFace(GL_CW)");
   api_glDisable(GL_STENCIL_TEST);
   api_glStencilFunc(GL_ALWAYS, 0, ~0u);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_alpha_logic_blend(void)
{
   clear_all();
   api_glEnable(GL_ALPHA_TEST);
   api_glAlphaFunc(GL_GREATER, 0.5f);
   api_glColor4f(1, 0, 0, 0.4f);
   rect(0, 0, 16, 32, 0);
   api_glColor4f(0, 1, 0, 0.6f);
   rect(16, 0, 32, 32, 0);
   api_glDisable(GL_ALPHA_TEST);
   read_all();
   check_px(4, 4, 0, 0, 0, "alpha 0.4 rejected");
   check_px(20, 4, 0, 255, 0, "alpha 0.6 passed");

   /* logic op XOR replaces blending */
   api_glClearColor(1.0f, 0.0f, 1.0f, 1.0f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glEnable(GL_BLEND);
   api_glBlendFunc(GL_ZERO, GL_ZERO);
   api_glEnable(GL_COLOR_LOGIC_OP);
   api_glLogicOp(GL_XOR);
   api_glColor4f(1, 1, 0, 1);
   rect(0, 0, 32, 32, 0);
   api_glDisable(GL_COLOR_LOGIC_OP);
   api_glLogicOp(GL_COPY);
   read_all();
   check_px(8, 8, 0, 255, 255, "logic op xor");

   /* blend colour: src * CONSTANT_COLOR + dst * ZERO */
   api_glBlendColor(0.5f, 0.25f, 1.0f, 1.0f);
   api_glBlendFunc(GL_CONSTANT_COLOR, GL_ZERO);
   api_glColor4f(1, 1, 1, 1);
   rect(0, 0, 32, 32, 0);
   read_all();
   check_px(8, 8, 128, 64, 255, "constant colour");

   /* separate functions: rgb = src, alpha keeps dst */
   api_glClearColor(0, 0, 0, 0.5f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBlendFuncSeparate(GL_ONE, GL_ZERO, GL_ZERO, GL_ONE);
   api_glColor4f(0.2f, 0.4f, 0.6f, 1.0f);
   rect(0, 0, 32, 32, 0);
   read_all();
   check_px(8, 8, 51, 102, 153, "separate rgb");
   CHECK(abs(at(8, 8)[3] - 128) <= 1, "separate alpha kept: %d", at(8, 8)[3]);
   /* reverse subtract: dst - src */
   api_glClearColor(0.75f, 0.75f, 0.75f, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBlendFunc(GL_ONE, GL_ONE);
   api_glBlendEquationSeparate(GL_FUNC_REVERSE_SUBTRACT, GL_FUNC_ADD);
   api_glColor4f(0.25f, 0.5f, 0.0f, 1.0f);
   rect(0, 0, 32, 32, 0);
   read_all();
   check_px(8, 8, 128, 64, 191, "reverse subtract");
   api_glBlendEquation(GL_FUNC_ADD);
   api_glBlendFunc(GL_ONE, GL_ZERO);
   api_glDisable(GL_BLEND);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_offset_stipple_width(void)
{
   /* polygon offset: a coplanar quad with GL_LESS passes only when pulled forward */
   clear_all();
   api_glEnable(GL_DEPTH_TEST);
   api_glColor3f(1, 0, 0);
   rect(0, 0, 32, 32, 0.25f);
   api_glColor3f(0, 1, 0);
   rect(0, 0, 16, 32, 0.25f);             /* same depth: fails GL_LESS */
   api_glEnable(GL_POLYGON_OFFSET_FILL);
   api_glPolygonOffset(0.0f, -4.0f);
   rect(16, 0, 32, 32, 0.25f);            /* nearer by 4 units: passes */
   api_glPolygonOffset(0.0f, 4.0f);
   api_glColor3f(0, 0, 1);
   rect(16, 0, 32, 32, 0.25f);            /* farther: fails */
   api_glDisable(GL_POLYGON_OFFSET_FILL);
   api_glPolygonOffset(0, 0);
   api_glDisable(GL_DEPTH_TEST);
   read_all();
   check_px(4, 4, 255, 0, 0, "no offset: coplanar rejected");
   check_px(24, 4, 0, 255, 0, "negative offset passes");

   /* polygon stipple: even rows on, odd rows off */
   clear_all();
   GLubyte pat[128];
   for (unsigned y = 0; y < 32; y++)
      for (unsigned b = 0; b < 4; b++)
         pat[y * 4 + b] = y % 2 ? 0x00 : 0xff;
   api_glPolygonStipple(pat);
   api_glEnable(GL_POLYGON_STIPPLE);
   api_glColor3f(1, 1, 1);
   rect(0, 0, 32, 32, 0);
   api_glDisable(GL_POLYGON_STIPPLE);
   read_all();
   check_px(5, 6, 255, 255, 255, "stipple row 6 on");
   check_px(5, 7, 0, 0, 0, "stipple row 7 off");
   /* column pattern: only the first pixel of each byte */
   clear_all();
   memset(pat, 0x80, sizeof pat);
   api_glPolygonStipple(pat);
   api_glEnable(GL_POLYGON_STIPPLE);
   rect(0, 0, 32, 32, 0);
   api_glDisable(GL_POLYGON_STIPPLE);
   read_all();
   check_px(8, 3, 255, 255, 255, "stipple column 8 on");
   check_px(9, 3, 0, 0, 0, "stipple column 9 off");

   /* wide line: width 3 covers three rows around y = 16 */
   clear_all();
   api_glLineWidth(3.0f);
   api_glColor3f(1, 1, 1);
   api_glBegin(GL_LINES);
   api_glVertex2f(2, 16.5f);
   api_glVertex2f(30, 16.5f);
   api_glEnd();
   api_glLineWidth(1.0f);
   read_all();
   check_px(10, 15, 255, 255, 255, "wide line row 15");
   check_px(10, 16, 255, 255, 255, "wide line row 16");
   check_px(10, 17, 255, 255, 255, "wide line row 17");
   check_px(10, 13, 0, 0, 0, "wide line row 13 empty");
   check_px(10, 19, 0, 0, 0, "wide line row 19 empty");

   /* point size 4: a 4x4 square centred at (16, 16) */
   clear_all();
   api_glPointSize(4.0f);
   api_glBegin(GL_POINTS);
   api_glVertex2f(16, 16);
   api_glEnd();
   read_all();
   int lit = 0;
   for (int i = 0; i < W * H; i++)
      lit += px[4 * i] > 128;
   CHECK_EQ_INT(lit, 16);
   check_px(14, 14, 255, 255, 255, "point corner");
   check_px(17, 17, 255, 255, 255, "point corner");
   /* GL_POINT_SIZE_MAX clamps the size */
   clear_all();
   api_glPointParameterf(GL_POINT_SIZE_MAX, 2.0f);
   api_glBegin(GL_POINTS);
   api_glVertex2f(16, 16);
   api_glEnd();
   read_all();
   lit = 0;
   for (int i = 0; i < W * H; i++)
      lit += px[4 * i] > 128;
   CHECK_EQ_INT(lit, 4);
   api_glPointParameterf(GL_POINT_SIZE_MAX, 255.0f);
   api_glPointSize(1.0f);

   /* line stipple 0x00ff with repeat 2: 16 on, 16 off along x */
   clear_all();
   api_glEnable(GL_LINE_STIPPLE);
   api_glLineStipple(2, 0x00ff);
   api_glBegin(GL_LINES);
   api_glVertex2f(0, 10.5f);
   api_glVertex2f(32, 10.5f);
   api_glEnd();
   api_glDisable(GL_LINE_STIPPLE);
   api_glLineStipple(1, 0xffff);
   read_all();
   check_px(3, 10, 255, 255, 255, "stipple on");
   check_px(20, 10, 0, 0, 0, "stipple off");
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* A framebuffer object is not y-flipped: facing (two-sided stencil, culling)
 * and polygon-stipple rows must still follow GL's window coordinates. */
static void
test_fbo_orientation(void)
{
   GLuint fbo, rb[2];
   api_glGenFramebuffers(1, &fbo);
   api_glGenRenderbuffers(2, rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, W, H);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                                 rb[1]);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   CHECK_GL_ERROR(GL_NO_ERROR);

   clear_all();
   api_glEnable(GL_STENCIL_TEST);
   api_glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   api_glStencilFuncSeparate(GL_FRONT, GL_ALWAYS, 1, 0xff);
   api_glStencilFuncSeparate(GL_BACK, GL_ALWAYS, 2, 0xff);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   rect(0, 0, 16, 32, 0);
   rect_cw(16, 0, 32, 32, 0);
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   api_glStencilFunc(GL_EQUAL, 1, 0xff);
   api_glColor3f(1, 0, 0);
   rect(0, 0, 32, 32, 0);
   api_glStencilFunc(GL_EQUAL, 2, 0xff);
   api_glColor3f(0, 1, 0);
   rect(0, 0, 32, 32, 0);
   api_glDisable(GL_STENCIL_TEST);
   api_glStencilFunc(GL_ALWAYS, 0, ~0u);
   /* culling back faces keeps only the CCW rectangle */
   api_glEnable(GL_CULL_FACE);
   api_glColor3f(0, 0, 1);
   rect(0, 0, 16, 8, 0);
   rect_cw(16, 0, 32, 8, 0);
   api_glDisable(GL_CULL_FACE);
   /* stipple row 24 on, 25 off (GL window rows) */
   GLubyte pat[128];
   for (unsigned y = 0; y < 32; y++)
      for (unsigned b = 0; b < 4; b++)
         pat[y * 4 + b] = y % 2 ? 0x00 : 0xff;
   api_glPolygonStipple(pat);
   api_glEnable(GL_POLYGON_STIPPLE);
   api_glColor3f(1, 1, 1);
   rect(0, 24, 32, 26, 0);
   api_glDisable(GL_POLYGON_STIPPLE);
   memset(pat, 0xff, sizeof pat);
   api_glPolygonStipple(pat);
   read_all();
   check_px(4, 16, 255, 0, 0, "FBO: front face wrote 1");
   check_px(28, 16, 0, 255, 0, "FBO: back face wrote 2");
   check_px(4, 4, 0, 0, 255, "FBO: front kept");
   check_px(28, 4, 0, 255, 0, "FBO: back culled");
   check_px(4, 24, 255, 255, 255, "FBO: stipple row 24");
   check_px(4, 25, 255, 0, 0, "FBO: stipple row 25 off");

   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fbo);
   api_glDeleteRenderbuffers(2, rb);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Every enum value 0..0xffff through the enum arguments: only the GL 3.3
 * compatibility values are accepted (counted), the rest raise
 * GL_INVALID_ENUM and change nothing. */
static void
test_enum_sweep(void)
{
   unsigned ok[10] = { 0 };
   for (GLenum e = 0; e <= 0xffff; e++) {
      api_glStencilFuncSeparate(GL_FRONT, e, 0, ~0u);
      ok[0] += api_glGetError() == GL_NO_ERROR;
      api_glStencilOpSeparate(GL_BACK, GL_KEEP, e, GL_KEEP);
      ok[1] += api_glGetError() == GL_NO_ERROR;
      api_glAlphaFunc(e, 0.5f);
      ok[2] += api_glGetError() == GL_NO_ERROR;
      api_glLogicOp(e);
      ok[3] += api_glGetError() == GL_NO_ERROR;
      api_glBlendFuncSeparate(GL_ONE, GL_ZERO, e, GL_ZERO);
      ok[4] += api_glGetError() == GL_NO_ERROR;
      api_glBlendEquationSeparate(GL_FUNC_ADD, e);
      ok[5] += api_glGetError() == GL_NO_ERROR;
      /* GL_POINT_DISTANCE_ATTENUATION reads three values */
      const GLfloat one[3] = { 1.0f, 0.0f, 0.0f };
      api_glPointParameterfv(e, one);
      ok[6] += api_glGetError() == GL_NO_ERROR;
      GLint v;
      api_glGetQueryiv(e, GL_CURRENT_QUERY, &v);
      ok[7] += api_glGetError() == GL_NO_ERROR;
   }
   for (GLenum e = 0; e <= 0xffff; e++) {
      api_glRenderMode(e);                     /* no buffers yet: only GL_RENDER */
      ok[8] += api_glGetError() == GL_NO_ERROR;
   }
   static GLfloat fb[4];
   for (GLenum e = 0; e <= 0xffff; e++) {
      api_glFeedbackBuffer(4, e, fb);
      ok[9] += api_glGetError() == GL_NO_ERROR;
   }
   CHECK_EQ_INT(ok[0], 8);
   CHECK_EQ_INT(ok[1], 8);
   CHECK_EQ_INT(ok[2], 8);
   CHECK_EQ_INT(ok[3], 16);
   /* GL_SRC_ALPHA_SATURATE is a source factor; GL 3.3's four SRC1 factors
    * (dual-source blending, table 4.2) are destination factors too */
   CHECK_EQ_INT(ok[4], 19);
   CHECK_EQ_INT(ok[5], 5);
   CHECK_EQ_INT(ok[6], 4);     /* min, max, fade threshold, distance attenuation */
   /* GL 3.3 section 6.1.7: GL_SAMPLES_PASSED, GL_ANY_SAMPLES_PASSED,
    * GL_PRIMITIVES_GENERATED, GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN,
    * GL_TIME_ELAPSED and GL_TIMESTAMP */
   const struct st_caps_result *caps = &st_current()->caps;
   CHECK_EQ_INT(ok[7], 1 + (caps->xfb ? 2 : 0) + caps->ext_occlusion_query2 +
                          (caps->ext_timer_query ? 2 : 0));
   CHECK(caps->xfb && caps->ext_occlusion_query2 && caps->ext_timer_query, "3.3's queries");
   CHECK_EQ_INT(ok[8], 1);
   CHECK_EQ_INT(ok[9], 5);
   GLint mode = 0;
   api_glGetIntegerv(GL_RENDER_MODE, &mode);
   CHECK_EQ_INT(mode, GL_RENDER);
   /* restore what the sweep set */
   api_glStencilFunc(GL_ALWAYS, 0, ~0u);
   api_glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   api_glAlphaFunc(GL_ALWAYS, 0);
   api_glLogicOp(GL_COPY);
   api_glBlendFunc(GL_ONE, GL_ZERO);
   api_glBlendEquation(GL_FUNC_ADD);
   api_glPointParameterf(GL_POINT_SIZE_MIN, 0.0f);
   api_glPointParameterf(GL_POINT_SIZE_MAX, 255.0f);
   api_glPointParameterf(GL_POINT_FADE_THRESHOLD_SIZE, 1.0f);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

int
main(void)
{
   struct test_env e;
   bool ok = test_env_init(&e, W, H);
   CHECK(ok, "context");
   if (ok) {
      test_errors();
      test_get();
      test_attrib();
      test_stencil();
      test_alpha_logic_blend();
      test_offset_stipple_width();
      test_fbo_orientation();
      test_enum_sweep();
   }
   test_env_fini(&e);
   return st_test_finish("st_test_fragment");
}
