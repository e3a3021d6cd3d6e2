/*
 * Vertex specification (api_immediate.c, api_draw.c, st_array.c): the
 * current-attribute commands and their conversions, glRect, client arrays
 * of every kind and type (BGRA, half float, packed 2_10_10_10), their
 * errors and glGets, glInterleavedArrays, glPush/PopClientAttrib, edge
 * flags in GL_LINE polygon mode, secondary colour and fog coordinates
 * reaching the pixels, the draw commands' errors and a long draw.  Drawn
 * on refpipe (st_test_fb.h) and read back with glReadPixels.
 */
#include <math.h>
#include <string.h>

#include "st_test_fb.h"

#define W 32
#define H 32

static uint8_t px[H][W][4];

static void
read_all(void)
{
   api_glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

static void
clear(void)
{
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
}

static bool
near(int a, int b, int tol)
{
   return a - b <= tol && b - a <= tol;
}

#define CHECK_PX(x, y, r, g, b, a, tol)                                                   \
   CHECK(near(px[y][x][0], r, tol) && near(px[y][x][1], g, tol) &&                        \
         near(px[y][x][2], b, tol) && near(px[y][x][3], a, tol),                          \
         "pixel (%d,%d) = %d %d %d %d, expected %d %d %d %d", x, y, px[y][x][0],          \
         px[y][x][1], px[y][x][2], px[y][x][3], r, g, b, a)

#define CHECK_F(got, want, tol) \
   CHECK(fabs((double)(got) - (double)(want)) <= (tol), "%s = %g, expected %g", #got, \
         (double)(got), (double)(want))

static void
test_current_values(void)
{
   float f[4];
   /* integer colours: unsigned c / (2^b - 1), signed (2c + 1) / (2^b - 1) */
   api_glColor4ub(255, 0, 51, 102);
   api_glGetFloatv(GL_CURRENT_COLOR, f);
   CHECK_F(f[0], 1.0, 1e-6);
   CHECK_F(f[2], 0.2, 1e-6);
   CHECK_F(f[3], 0.4, 1e-6);
   api_glColor3b(-128, 127, 0);
   api_glGetFloatv(GL_CURRENT_COLOR, f);
   CHECK_F(f[0], -1.0, 1e-6);
   CHECK_F(f[1], 1.0, 1e-6);
   CHECK_F(f[2], 1.0 / 255.0, 1e-6);
   CHECK_F(f[3], 1.0, 0);
   api_glColor3us(65535, 0, 0);
   api_glGetFloatv(GL_CURRENT_COLOR, f);
   CHECK_F(f[0], 1.0, 1e-6);
   GLint iv[4];
   api_glColor4f(1, 0, 0, 1);
   api_glGetIntegerv(GL_CURRENT_COLOR, iv);
   CHECK_EQ_INT(iv[0], 2147483647);

   api_glSecondaryColor3ub(0, 255, 51);
   api_glGetFloatv(GL_CURRENT_SECONDARY_COLOR, f);
   CHECK_F(f[1], 1.0, 1e-6);
   CHECK_F(f[2], 0.2, 1e-6);
   CHECK_F(f[3], 1.0, 0);
   api_glSecondaryColor3fEXT(0.5f, 0.25f, 0.125f);
   api_glGetFloatv(GL_CURRENT_SECONDARY_COLOR, f);
   CHECK_F(f[0], 0.5, 0);
   CHECK_F(f[2], 0.125, 0);

   api_glNormal3s(32767, -32768, 0);
   api_glGetFloatv(GL_CURRENT_NORMAL, f);
   CHECK_F(f[0], 1.0, 1e-6);
   CHECK_F(f[1], -1.0, 1e-6);

   api_glFogCoordf(2.5f);
   api_glGetFloatv(GL_CURRENT_FOG_COORD, f);
   CHECK_F(f[0], 2.5, 0);
   api_glFogCoorddEXT(-1.0);
   api_glGetFloatv(GL_CURRENT_FOG_COORD, f);
   CHECK_F(f[0], -1.0, 0);

   GLboolean b = GL_TRUE;
   api_glGetBooleanv(GL_EDGE_FLAG, &b);
   CHECK_EQ_INT(b, GL_TRUE);
   api_glEdgeFlag(GL_FALSE);
   api_glGetBooleanv(GL_EDGE_FLAG, &b);
   CHECK_EQ_INT(b, GL_FALSE);
   api_glEdgeFlag(GL_TRUE);

   api_glIndexi(7);
   api_glGetFloatv(GL_CURRENT_INDEX, f);
   CHECK_F(f[0], 7.0, 0);

   /* texture coordinates: glTexCoord is unit 0; GL_CURRENT_TEXTURE_COORDS is
    * of the active unit */
   api_glTexCoord1i(3);
   api_glMultiTexCoord3sARB(GL_TEXTURE2, 1, 2, 3);
   api_glGetFloatv(GL_CURRENT_TEXTURE_COORDS, f);
   CHECK(f[0] == 3 && f[1] == 0 && f[2] == 0 && f[3] == 1, "unit 0: %g %g %g %g", f[0], f[1],
         f[2], f[3]);
   api_glActiveTexture(GL_TEXTURE2);
   api_glGetFloatv(GL_CURRENT_TEXTURE_COORDS, f);
   CHECK(f[0] == 1 && f[1] == 2 && f[2] == 3 && f[3] == 1, "unit 2: %g %g %g %g", f[0], f[1],
         f[2], f[3]);
   api_glActiveTexture(GL_TEXTURE0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glMultiTexCoord2f(GL_TEXTURE0 + 8, 1, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* packed attributes */
   api_glColorP4ui(GL_UNSIGNED_INT_2_10_10_10_REV, 1023u | (0u << 10) | (511u << 20) | (1u << 30));
   api_glGetFloatv(GL_CURRENT_COLOR, f);
   CHECK_F(f[0], 1.0, 1e-6);
   CHECK_F(f[1], 0.0, 1e-6);
   CHECK_F(f[2], 511.0 / 1023.0, 1e-6);
   CHECK_F(f[3], 1.0 / 3.0, 1e-6);
   GLuint sn = (1023u /* -1 */) | (511u << 10) | (0u << 20);
   api_glNormalP3uiv(GL_INT_2_10_10_10_REV, &sn);
   api_glGetFloatv(GL_CURRENT_NORMAL, f);
   CHECK_F(f[0], -1.0 / 1023.0, 1e-6);   /* (2c + 1) / (2^10 - 1) */
   CHECK_F(f[1], 1.0, 1e-6);
   api_glMultiTexCoordP2ui(GL_TEXTURE1, GL_UNSIGNED_INT_2_10_10_10_REV, 5u | (7u << 10));
   api_glActiveTexture(GL_TEXTURE1);
   api_glGetFloatv(GL_CURRENT_TEXTURE_COORDS, f);
   CHECK(f[0] == 5 && f[1] == 7 && f[2] == 0 && f[3] == 1, "P2 texcoord %g %g %g %g", f[0],
         f[1], f[2], f[3]);
   api_glActiveTexture(GL_TEXTURE0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glColorP3ui(GL_UNSIGNED_INT, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* GL_COLOR_MATERIAL: the current colour updates the tracked material
    * values (on enable, on glColor), glMaterial cannot change them */
   api_glColor4f(0.25f, 0.5f, 0.75f, 1);
   api_glColorMaterial(GL_BACK, GL_DIFFUSE);
   api_glEnable(GL_COLOR_MATERIAL);
   api_glGetMaterialfv(GL_BACK, GL_DIFFUSE, f);
   CHECK(f[0] == 0.25f && f[1] == 0.5f && f[2] == 0.75f, "tracked on enable %g %g %g", f[0],
         f[1], f[2]);
   api_glColor3f(0, 1, 0);
   const float red[4] = { 1, 0, 0, 1 };
   api_glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, red);
   api_glGetMaterialfv(GL_BACK, GL_DIFFUSE, f);
   CHECK(f[0] == 0 && f[1] == 1 && f[2] == 0, "tracked after glMaterial %g %g %g", f[0], f[1],
         f[2]);
   api_glGetMaterialfv(GL_FRONT, GL_DIFFUSE, f);
   CHECK(f[0] == 1 && f[1] == 0 && f[2] == 0, "untracked front %g %g %g", f[0], f[1], f[2]);
   api_glDisable(GL_COLOR_MATERIAL);
   api_glColor3f(1, 1, 1);
   api_glGetMaterialfv(GL_BACK, GL_DIFFUSE, f);
   CHECK(f[0] == 0 && f[1] == 1, "not tracked when disabled %g %g", f[0], f[1]);
   api_glColorMaterial(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE);

   /* allowed between glBegin and glEnd */
   api_glBegin(GL_POINTS);
   api_glColor3f(0, 0, 0);
   api_glSecondaryColor3f(0, 0, 0);
   api_glFogCoordf(0);
   api_glEdgeFlag(GL_TRUE);
   api_glMultiTexCoord4f(GL_TEXTURE1, 0, 0, 0, 1);
   api_glEnd();
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBegin(GL_POINTS);
   api_glRectf(0, 0, 1, 1);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
}

static void
test_rect(void)
{
   clear();
   api_glColor3f(0, 1, 0);
   api_glRecti(4, 6, 12, 10);
   read_all();
   CHECK_PX(4, 6, 0, 255, 0, 255, 0);
   CHECK_PX(11, 9, 0, 255, 0, 255, 0);
   CHECK_PX(12, 9, 0, 0, 0, 0, 0);
   CHECK_PX(11, 10, 0, 0, 0, 0, 0);
   CHECK_PX(3, 6, 0, 0, 0, 0, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Draw a quad over (x0,y0)-(x1,y1) with the vertex array only. */
static const float quad[4][2] = { { 0, 0 }, { 16, 0 }, { 16, 16 }, { 0, 16 } };

static void
test_array_types(void)
{
   api_glColor4f(1, 1, 1, 1);
   api_glVertexPointer(2, GL_FLOAT, 0, quad);
   api_glEnableClientState(GL_VERTEX_ARRAY);

   /* GL_BGRA unsigned bytes */
   static const uint8_t bgra[4][4] = {
      { 51, 102, 204, 255 }, { 51, 102, 204, 255 }, { 51, 102, 204, 255 }, { 51, 102, 204, 255 },
   };
   api_glColorPointer(GL_BGRA, GL_UNSIGNED_BYTE, 0, bgra);
   api_glEnableClientState(GL_COLOR_ARRAY);
   clear();
   api_glDrawArrays(GL_QUADS, 0, 4);
   read_all();
   CHECK_PX(8, 8, 204, 102, 51, 255, 1);
   GLint size = 0;
   api_glGetIntegerv(GL_COLOR_ARRAY_SIZE, &size);
   CHECK_EQ_INT(size, GL_BGRA);

   /* unsigned 2_10_10_10_REV colour: r 1023 (1.0), g 0, b 511 (0.5), a 3 (1.0) */
   uint32_t packed[4];
   for (int i = 0; i < 4; i++)
      packed[i] = 1023u | (0u << 10) | (511u << 20) | (3u << 30);
   api_glColorPointer(4, GL_UNSIGNED_INT_2_10_10_10_REV, 0, packed);
   clear();
   api_glDrawArrays(GL_QUADS, 0, 4);
   read_all();
   CHECK_PX(8, 8, 255, 0, 128, 255, 1);

   /* signed packed: 511 -> 1.0; signed short colours */
   static const int16_t scol[4][3] = {
      { 32767, 0, 16383 }, { 32767, 0, 16383 }, { 32767, 0, 16383 }, { 32767, 0, 16383 },
   };
   api_glColorPointer(3, GL_SHORT, 0, scol);
   clear();
   api_glDrawArrays(GL_QUADS, 0, 4);
   read_all();
   CHECK_PX(8, 8, 255, 0, 128, 255, 1);

   /* half-float positions (a quad from 16 to 24) with double colours */
   static const uint16_t hpos[4][2] = {   /* 16 = 0x4c00, 24 = 0x4e00 */
      { 0x4c00, 0x4c00 }, { 0x4e00, 0x4c00 }, { 0x4e00, 0x4e00 }, { 0x4c00, 0x4e00 },
   };
   static const double dcol[4][3] = { { 0, 1, 0 }, { 0, 1, 0 }, { 0, 1, 0 }, { 0, 1, 0 } };
   api_glVertexPointer(2, GL_HALF_FLOAT, 0, hpos);
   api_glColorPointer(3, GL_DOUBLE, 0, dcol);
   clear();
   api_glDrawArrays(GL_QUADS, 0, 4);
   read_all();
   CHECK_PX(20, 20, 0, 255, 0, 255, 0);
   CHECK_PX(15, 20, 0, 0, 0, 0, 0);
   CHECK_PX(24, 20, 0, 0, 0, 0, 0);

   /* packed signed positions: x 4..12, y 2..6 */
   int32_t ppos[4];
   const int xy[4][2] = { { 4, 2 }, { 12, 2 }, { 12, 6 }, { 4, 6 } };
   for (int i = 0; i < 4; i++)
      ppos[i] = (int32_t)(((uint32_t)xy[i][0] & 1023u) | (((uint32_t)xy[i][1] & 1023u) << 10) |
                          (1u << 30));
   api_glVertexPointer(4, GL_INT_2_10_10_10_REV, 0, ppos);
   api_glDisableClientState(GL_COLOR_ARRAY);
   api_glColor3f(1, 0, 0);
   clear();
   api_glDrawArrays(GL_QUADS, 0, 4);
   read_all();
   CHECK_PX(5, 3, 255, 0, 0, 255, 0);
   CHECK_PX(11, 5, 255, 0, 0, 255, 0);
   CHECK_PX(13, 3, 0, 0, 0, 0, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* the same rectangle through glVertexP2ui */
   clear();
   api_glBegin(GL_QUADS);
   for (int i = 0; i < 4; i++)
      api_glVertexP2ui(GL_UNSIGNED_INT_2_10_10_10_REV, (GLuint)xy[i][0] | ((GLuint)xy[i][1] << 10));
   api_glEnd();
   read_all();
   CHECK_PX(5, 3, 255, 0, 0, 255, 0);
   CHECK_PX(13, 3, 0, 0, 0, 0, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* glArrayElement sets current values from enabled arrays */
   static const float fc[2][4] = { { 0.25f, 0.5f, 0.75f, 1.0f }, { 1, 0, 1, 0 } };
   api_glColorPointer(4, GL_FLOAT, 0, fc);
   api_glEnableClientState(GL_COLOR_ARRAY);
   api_glDisableClientState(GL_VERTEX_ARRAY);
   api_glArrayElement(1);
   float f[4];
   api_glGetFloatv(GL_CURRENT_COLOR, f);
   CHECK(f[0] == 1 && f[1] == 0 && f[2] == 1 && f[3] == 0, "color %g %g %g %g", f[0], f[1],
         f[2], f[3]);
   api_glDisableClientState(GL_COLOR_ARRAY);
   api_glVertexPointer(2, GL_FLOAT, 0, quad);
}

static void
test_pointer_errors(void)
{
   static const float dummy[16];
   api_glVertexPointer(1, GL_FLOAT, 0, dummy);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glVertexPointer(2, GL_FLOAT, -4, dummy);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glVertexPointer(2, GL_UNSIGNED_BYTE, 0, dummy);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glVertexPointer(3, GL_INT_2_10_10_10_REV, 0, dummy);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glColorPointer(GL_BGRA, GL_FLOAT, 0, dummy);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glColorPointer(2, GL_FLOAT, 0, dummy);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glSecondaryColorPointer(4, GL_FLOAT, 0, dummy);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glNormalPointer(GL_UNSIGNED_BYTE, 0, dummy);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexCoordPointer(5, GL_FLOAT, 0, dummy);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexCoordPointer(2, GL_BYTE, 0, dummy);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glFogCoordPointer(GL_INT, 0, dummy);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glEdgeFlagPointer(-1, dummy);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glIndexPointer(GL_BYTE, 0, dummy);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glEnableClientState(GL_LIGHTING);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glClientActiveTexture(GL_TEXTURE0 + 8);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glInterleavedArrays(GL_RGBA, 0, dummy);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDrawArrays(GL_TRIANGLE_STRIP_ADJACENCY + 1, 0, 1);   /* GL_PATCHES: GL 4.0 */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDrawArrays(GL_POINTS, 0, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDrawElements(GL_POINTS, 1, GL_FLOAT, dummy);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDrawRangeElements(GL_POINTS, 5, 4, 1, GL_UNSIGNED_INT, dummy);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLint first[2] = { 0, -1 };
   GLsizei count[2] = { 1, 1 };
   api_glMultiDrawArrays(GL_POINTS, first, count, 2);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMultiDrawArrays(GL_POINTS, first, count, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBegin(GL_POINTS);
   api_glVertexPointer(2, GL_FLOAT, 0, dummy);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   void *p = NULL;
   api_glGetPointerv(GL_VERTEX_ARRAY_SIZE, &p);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
}

static void
test_array_gets(void)
{
   static const float t[8];
   GLint v = -1;
   api_glClientActiveTexture(GL_TEXTURE3);
   api_glTexCoordPointer(3, GL_SHORT, 12, t);
   api_glEnableClientState(GL_TEXTURE_COORD_ARRAY);
   api_glGetIntegerv(GL_CLIENT_ACTIVE_TEXTURE, &v);
   CHECK_EQ_INT(v, GL_TEXTURE3);
   api_glGetIntegerv(GL_TEXTURE_COORD_ARRAY_SIZE, &v);
   CHECK_EQ_INT(v, 3);
   api_glGetIntegerv(GL_TEXTURE_COORD_ARRAY_TYPE, &v);
   CHECK_EQ_INT(v, GL_SHORT);
   api_glGetIntegerv(GL_TEXTURE_COORD_ARRAY_STRIDE, &v);
   CHECK_EQ_INT(v, 12);
   CHECK_EQ_INT(api_glIsEnabled(GL_TEXTURE_COORD_ARRAY), GL_TRUE);
   void *p = NULL;
   api_glGetPointerv(GL_TEXTURE_COORD_ARRAY_POINTER, &p);
   CHECK(p == t, "texcoord pointer %p", p);
   api_glClientActiveTexture(GL_TEXTURE0);
   CHECK_EQ_INT(api_glIsEnabled(GL_TEXTURE_COORD_ARRAY), GL_FALSE);
   api_glGetIntegerv(GL_TEXTURE_COORD_ARRAY_SIZE, &v);
   CHECK_EQ_INT(v, 4);
   api_glGetIntegerv(GL_SECONDARY_COLOR_ARRAY_SIZE, &v);
   CHECK_EQ_INT(v, 3);
   api_glGetIntegerv(GL_FOG_COORD_ARRAY_TYPE, &v);
   CHECK_EQ_INT(v, GL_FLOAT);
   api_glGetIntegerv(GL_NORMAL_ARRAY_TYPE, &v);
   CHECK_EQ_INT(v, GL_FLOAT);
   api_glEdgeFlagPointer(3, t);
   api_glGetIntegerv(GL_EDGE_FLAG_ARRAY_STRIDE, &v);
   CHECK_EQ_INT(v, 3);
   api_glGetPointerv(GL_EDGE_FLAG_ARRAY_POINTER, &p);
   CHECK(p == t, "edge flag pointer %p", p);

   /* push/pop client attrib restores pointers, enables and the client unit */
   api_glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
   api_glClientActiveTexture(GL_TEXTURE3);
   api_glDisableClientState(GL_TEXTURE_COORD_ARRAY);
   api_glTexCoordPointer(2, GL_FLOAT, 0, NULL);
   api_glClientActiveTexture(GL_TEXTURE1);
   api_glEnableClientState(GL_FOG_COORD_ARRAY);
   api_glPopClientAttrib();
   api_glGetIntegerv(GL_CLIENT_ACTIVE_TEXTURE, &v);
   CHECK_EQ_INT(v, GL_TEXTURE0);
   CHECK_EQ_INT(api_glIsEnabled(GL_FOG_COORD_ARRAY), GL_FALSE);
   api_glClientActiveTexture(GL_TEXTURE3);
   CHECK_EQ_INT(api_glIsEnabled(GL_TEXTURE_COORD_ARRAY), GL_TRUE);
   api_glGetIntegerv(GL_TEXTURE_COORD_ARRAY_SIZE, &v);
   CHECK_EQ_INT(v, 3);
   api_glDisableClientState(GL_TEXTURE_COORD_ARRAY);
   api_glClientActiveTexture(GL_TEXTURE0);
   /* glEnable of a client array acts as glEnableClientState (as in Mesa) */
   api_glEnable(GL_NORMAL_ARRAY);
   CHECK_EQ_INT(api_glIsEnabled(GL_NORMAL_ARRAY), GL_TRUE);
   api_glDisable(GL_NORMAL_ARRAY);
   CHECK_EQ_INT(api_glIsEnabled(GL_NORMAL_ARRAY), GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_interleaved(void)
{
   /* GL_C4UB_V2F: 4 colour bytes then 2 floats, 12-byte stride */
   struct { uint8_t c[4]; float v[2]; } data[4] = {
      { { 0, 0, 255, 255 }, { 2, 2 } }, { { 0, 0, 255, 255 }, { 10, 2 } },
      { { 0, 0, 255, 255 }, { 10, 10 } }, { { 0, 0, 255, 255 }, { 2, 10 } },
   };
   CHECK_EQ_INT(sizeof data[0], 12);
   api_glEnableClientState(GL_NORMAL_ARRAY);
   api_glInterleavedArrays(GL_C4UB_V2F, 0, data);
   CHECK_EQ_INT(api_glIsEnabled(GL_COLOR_ARRAY), GL_TRUE);
   CHECK_EQ_INT(api_glIsEnabled(GL_VERTEX_ARRAY), GL_TRUE);
   CHECK_EQ_INT(api_glIsEnabled(GL_NORMAL_ARRAY), GL_FALSE);
   GLint v;
   api_glGetIntegerv(GL_VERTEX_ARRAY_STRIDE, &v);
   CHECK_EQ_INT(v, 12);
   clear();
   api_glDrawArrays(GL_QUADS, 0, 4);
   read_all();
   CHECK_PX(5, 5, 0, 0, 255, 255, 0);
   CHECK_PX(11, 5, 0, 0, 0, 0, 0);

   /* GL_T2F_C3F_V3F with an explicit stride of 40 */
   float big[4][10];
   memset(big, 0, sizeof big);
   const float xy[4][2] = { { 20, 20 }, { 28, 20 }, { 28, 28 }, { 20, 28 } };
   for (int i = 0; i < 4; i++) {
      big[i][2] = 1.0f;    /* red */
      big[i][3] = 1.0f;    /* green */
      big[i][5] = xy[i][0];
      big[i][6] = xy[i][1];
   }
   api_glInterleavedArrays(GL_T2F_C3F_V3F, 40, big);
   CHECK_EQ_INT(api_glIsEnabled(GL_TEXTURE_COORD_ARRAY), GL_TRUE);
   api_glDisableClientState(GL_TEXTURE_COORD_ARRAY);
   clear();
   api_glDrawArrays(GL_QUADS, 0, 4);
   read_all();
   CHECK_PX(24, 24, 255, 255, 0, 255, 0);
   api_glDisableClientState(GL_COLOR_ARRAY);
   api_glVertexPointer(2, GL_FLOAT, 0, quad);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_edge_flags(void)
{
   /* a quad in GL_LINE mode: the edges from vertices 1 and 3 are hidden */
   static const float q[4][2] = { { 4.5f, 4.5f }, { 20.5f, 4.5f }, { 20.5f, 20.5f },
                                  { 4.5f, 20.5f } };
   api_glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   api_glColor3f(1, 1, 1);
   clear();
   api_glBegin(GL_QUADS);
   api_glEdgeFlag(GL_TRUE);
   api_glVertex2fv(q[0]);   /* bottom edge: shown */
   api_glEdgeFlag(GL_FALSE);
   api_glVertex2fv(q[1]);   /* right edge: hidden */
   api_glEdgeFlag(GL_TRUE);
   api_glVertex2fv(q[2]);   /* top edge: shown */
   api_glEdgeFlag(GL_FALSE);
   api_glVertex2fv(q[3]);   /* left edge: hidden */
   api_glEnd();
   api_glEdgeFlag(GL_TRUE);
   read_all();
   CHECK_PX(12, 4, 255, 255, 255, 255, 0);
   CHECK_PX(12, 20, 255, 255, 255, 255, 0);
   CHECK_PX(20, 12, 0, 0, 0, 0, 0);
   CHECK_PX(4, 12, 0, 0, 0, 0, 0);

   /* the same from an edge flag array */
   static const GLboolean flags[4] = { GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE };
   api_glVertexPointer(2, GL_FLOAT, 0, q);
   api_glEdgeFlagPointer(0, flags);
   api_glEnableClientState(GL_EDGE_FLAG_ARRAY);
   clear();
   api_glDrawArrays(GL_QUADS, 0, 4);
   read_all();
   CHECK_PX(12, 4, 0, 0, 0, 0, 0);
   CHECK_PX(12, 20, 0, 0, 0, 0, 0);
   CHECK_PX(20, 12, 255, 255, 255, 255, 0);
   CHECK_PX(4, 12, 255, 255, 255, 255, 0);
   api_glDisableClientState(GL_EDGE_FLAG_ARRAY);
   api_glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   api_glVertexPointer(2, GL_FLOAT, 0, quad);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_color_sum_and_fog(void)
{
   /* secondary colour added with GL_COLOR_SUM */
   clear();
   api_glEnable(GL_COLOR_SUM);
   api_glColor3f(0.2f, 0, 0);
   api_glSecondaryColor3f(0, 0.6f, 0);
   api_glRectf(0, 0, 8, 8);
   static const uint8_t sec[4][3] = { { 0, 0, 255 }, { 0, 0, 255 }, { 0, 0, 255 },
                                      { 0, 0, 255 } };
   api_glSecondaryColorPointer(3, GL_UNSIGNED_BYTE, 0, sec);
   api_glEnableClientState(GL_SECONDARY_COLOR_ARRAY);
   api_glEnableClientState(GL_VERTEX_ARRAY);
   api_glTranslatef(16, 16, 0);
   api_glDrawArrays(GL_QUADS, 0, 4);
   api_glLoadIdentity();
   api_glDisableClientState(GL_SECONDARY_COLOR_ARRAY);
   api_glDisable(GL_COLOR_SUM);
   api_glSecondaryColor3f(0, 0, 0);
   read_all();
   CHECK_PX(4, 4, 51, 153, 0, 255, 1);
   CHECK_PX(20, 20, 51, 0, 255, 255, 1);

   /* fog from the fog coordinate: linear 0..1, coordinate 0.25 -> f = 0.75 */
   clear();
   api_glEnable(GL_FOG);
   api_glFogi(GL_FOG_MODE, GL_LINEAR);
   api_glFogf(GL_FOG_START, 0);
   api_glFogf(GL_FOG_END, 1);
   const float fogc[4] = { 0, 0, 1, 1 };
   api_glFogfv(GL_FOG_COLOR, fogc);
   api_glFogi(GL_FOG_COORD_SRC, GL_FOG_COORD);
   GLint src;
   api_glGetIntegerv(GL_FOG_COORD_SRC, &src);
   CHECK_EQ_INT(src, GL_FOG_COORD);
   api_glColor3f(1, 0, 0);
   api_glFogCoordf(0.25f);
   api_glRectf(0, 0, 8, 8);
   static const float fc[4] = { 1, 1, 1, 1 };
   api_glFogCoordPointer(GL_FLOAT, 0, fc);
   api_glEnableClientState(GL_FOG_COORD_ARRAY);
   api_glTranslatef(16, 16, 0);
   api_glDrawArrays(GL_QUADS, 0, 4);
   api_glLoadIdentity();
   api_glDisableClientState(GL_FOG_COORD_ARRAY);
   api_glFogi(GL_FOG_COORD_SRC, GL_FRAGMENT_DEPTH);
   api_glDisable(GL_FOG);
   read_all();
   CHECK_PX(4, 4, 191, 0, 64, 255, 2);
   CHECK_PX(20, 20, 0, 0, 255, 255, 2);
   api_glFogi(GL_FOG_COORD_SRC, GL_LINEAR);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* GL_NV_fog_distance: the three modes, the default, bad values */
   api_glGetIntegerv(GL_FOG_DISTANCE_MODE_NV, &src);
   CHECK_EQ_INT(src, GL_EYE_PLANE_ABSOLUTE_NV);
   api_glFogi(GL_FOG_DISTANCE_MODE_NV, GL_EYE_RADIAL_NV);
   api_glGetIntegerv(GL_FOG_DISTANCE_MODE_NV, &src);
   CHECK_EQ_INT(src, GL_EYE_RADIAL_NV);
   api_glFogf(GL_FOG_DISTANCE_MODE_NV, (float)GL_EYE_PLANE);
   api_glGetIntegerv(GL_FOG_DISTANCE_MODE_NV, &src);
   CHECK_EQ_INT(src, GL_EYE_PLANE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glFogi(GL_FOG_DISTANCE_MODE_NV, GL_EYE_LINEAR);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetIntegerv(GL_FOG_DISTANCE_MODE_NV, &src);
   CHECK_EQ_INT(src, GL_EYE_PLANE);
   api_glFogi(GL_FOG_DISTANCE_MODE_NV, GL_EYE_PLANE_ABSOLUTE_NV);
}

static void
test_draw_commands(void)
{
   static const float pts[8][2] = {
      { 1, 1 }, { 5, 1 }, { 5, 5 }, { 1, 5 },
      { 11, 11 }, { 15, 11 }, { 15, 15 }, { 11, 15 },
   };
   api_glVertexPointer(2, GL_FLOAT, 0, pts);
   api_glEnableClientState(GL_VERTEX_ARRAY);
   api_glColor3f(1, 1, 0);

   GLint first[2] = { 0, 4 };
   GLsizei count[2] = { 4, 4 };
   clear();
   api_glMultiDrawArraysEXT(GL_QUADS, first, count, 2);
   read_all();
   CHECK_PX(3, 3, 255, 255, 0, 255, 0);
   CHECK_PX(13, 13, 255, 255, 0, 255, 0);
   CHECK_PX(8, 8, 0, 0, 0, 0, 0);

   static const GLushort i0[4] = { 4, 5, 6, 7 };
   static const GLuint i1[3] = { 0, 1, 2 };
   const void *ind[1] = { i0 };
   GLsizei c1[1] = { 4 };
   clear();
   api_glMultiDrawElements(GL_QUADS, c1, GL_UNSIGNED_SHORT, ind, 1);
   api_glDrawRangeElements(GL_TRIANGLES, 0, 2, 3, GL_UNSIGNED_INT, i1);
   read_all();
   CHECK_PX(13, 13, 255, 255, 0, 255, 0);
   CHECK_PX(4, 2, 255, 255, 0, 255, 0);   /* below the 1,1-5,5 diagonal */
   CHECK_PX(2, 4, 0, 0, 0, 0, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* a long line loop: 100000 vertices around a square, closing edge included */
   enum { N = 100000 };
   float (*loop)[2] = malloc(sizeof(float[2]) * N);
   CHECK(loop != NULL, "malloc");
   if (!loop)
      return;
   for (int i = 0; i < N; i++) {
      /* all but the last vertex on the bottom row y = 2.5, x from 2.5 to 20.5;
       * the last at (20.5, 20.5) so that the closing edge is a diagonal */
      loop[i][0] = 2.5f + 18.0f * (float)i / (float)(N - 2);
      loop[i][1] = 2.5f;
   }
   loop[N - 1][0] = 20.5f;
   loop[N - 1][1] = 20.5f;
   api_glVertexPointer(2, GL_FLOAT, 0, loop);
   clear();
   api_glDrawArrays(GL_LINE_LOOP, 0, N);
   read_all();
   free(loop);
   CHECK_PX(10, 2, 255, 255, 0, 255, 0);
   CHECK_PX(20, 10, 255, 255, 0, 255, 0);   /* the N-2 -> N-1 edge */
   CHECK_PX(11, 11, 255, 255, 0, 255, 0);   /* the closing diagonal */
   CHECK_PX(5, 15, 0, 0, 0, 0, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glVertexPointer(2, GL_FLOAT, 0, quad);
}

/* GL_NV_primitive_restart: a strip of two triangles in opposite corners,
 * split by the restart index (element draws, glArrayElement) or by
 * glPrimitiveRestartNV (glBegin/glEnd).  Without the split the strip's
 * bridging triangles would cover the middle. */
static const float restart_verts[6][2] = { { 0, 0 }, { 10, 0 }, { 0, 10 },
                                          { 22, 32 }, { 32, 22 }, { 32, 32 } };

static void
check_two_corners(const char *how)
{
   read_all();
   CHECK(px[2][2][1] == 255 && px[29][29][1] == 255, "%s: corners %d %d", how, px[2][2][1],
         px[29][29][1]);
   CHECK(px[16][16][1] == 0, "%s: middle drawn (%d)", how, px[16][16][1]);
}

static void
test_primitive_restart(void)
{
   GLint v = -1;
   CHECK(!api_glIsEnabled(GL_PRIMITIVE_RESTART_NV), "restart off initially");
   api_glGetIntegerv(GL_PRIMITIVE_RESTART_INDEX_NV, &v);
   CHECK(v == 0, "initial restart index %d", v);
   api_glPrimitiveRestartNV();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* outside glBegin/glEnd */

   api_glColor3f(0, 1, 0);
   api_glVertexPointer(2, GL_FLOAT, 0, restart_verts);
   api_glEnableClientState(GL_VERTEX_ARRAY);
   const GLushort idx[7] = { 0, 1, 2, 0xffff, 3, 4, 5 };
   api_glPrimitiveRestartIndexNV(0xffff);
   api_glEnableClientState(GL_PRIMITIVE_RESTART_NV);
   CHECK(api_glIsEnabled(GL_PRIMITIVE_RESTART_NV), "restart enabled");
   api_glGetIntegerv(GL_PRIMITIVE_RESTART_INDEX_NV, &v);
   CHECK(v == 0xffff, "restart index %d", v);
   clear();
   api_glDrawElements(GL_TRIANGLE_STRIP, 7, GL_UNSIGNED_SHORT, idx);
   check_two_corners("glDrawElements");
   clear();
   api_glDrawRangeElements(GL_TRIANGLE_STRIP, 0, 5, 7, GL_UNSIGNED_SHORT, idx);
   check_two_corners("glDrawRangeElements");
   clear();
   api_glBegin(GL_TRIANGLE_STRIP);
   for (unsigned i = 0; i < 7; i++)
      api_glArrayElement(idx[i]);
   api_glEnd();
   check_two_corners("glArrayElement");

   /* the client attribute stack keeps it; disabled, the bridge is drawn */
   api_glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
   api_glDisableClientState(GL_PRIMITIVE_RESTART_NV);
   api_glPrimitiveRestartIndexNV(7);
   clear();
   const GLuint idx6[6] = { 0, 1, 2, 3, 4, 5 };
   api_glDrawElements(GL_TRIANGLE_STRIP, 6, GL_UNSIGNED_INT, idx6);
   read_all();
   CHECK(px[16][16][1] == 255, "no restart: middle %d", px[16][16][1]);
   api_glPopClientAttrib();
   CHECK(api_glIsEnabled(GL_PRIMITIVE_RESTART_NV), "restart restored");
   api_glGetIntegerv(GL_PRIMITIVE_RESTART_INDEX_NV, &v);
   CHECK(v == 0xffff, "restart index restored %d", v);
   api_glDisableClientState(GL_PRIMITIVE_RESTART_NV);
   api_glDisableClientState(GL_VERTEX_ARRAY);

   clear();
   api_glBegin(GL_TRIANGLE_STRIP);
   for (unsigned i = 0; i < 6; i++) {
      if (i == 3)
         api_glPrimitiveRestartNV();
      api_glVertex2fv(restart_verts[i]);
   }
   api_glEnd();
   check_two_corners("glPrimitiveRestartNV");
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* GL_FLOAT arrays in a buffer object are drawn in place (st_array.c,
 * draw_arrays_direct), the same arrays in client memory through st_vertex
 * records: every pixel must be the same.  Interleaved position (2, 3 and
 * 4 components, w != 1), colour (3 and 4, outside [0, 1]), secondary
 * colour with GL_COLOR_SUM and fog coordinates with linear fog; a first
 * vertex past 0; the current colour when the colour array is off. */
static void
test_vbo_in_place(void)
{
   enum { TRIS = 24, FLOATS = 12 };   /* x y z w, r g b a, r g b, fog */
   static float data[TRIS * 3 * FLOATS];
   static uint8_t client_px[H][W][4];
   uint32_t r = 777;
   for (unsigned i = 0; i < TRIS * 3; i++) {
      float *v = &data[i * FLOATS];
      float w = 0.5f + (float)((r = r * 1664525u + 1013904223u) >> 24) / 128.0f;
      v[0] = (float)((r = r * 1664525u + 1013904223u) >> 27) * w;
      v[1] = (float)((r = r * 1664525u + 1013904223u) >> 27) * w;
      v[2] = ((float)((r = r * 1664525u + 1013904223u) >> 24) / 256.0f - 0.5f) * w;
      v[3] = w;
      for (unsigned c = 4; c < FLOATS; c++)
         v[c] = (float)((r = r * 1664525u + 1013904223u) >> 24) / 160.0f - 0.2f;
   }
   GLuint vbo;
   api_glGenBuffers(1, &vbo);
   api_glBindBuffer(GL_ARRAY_BUFFER, vbo);
   api_glBufferData(GL_ARRAY_BUFFER, sizeof(data), data, GL_STATIC_DRAW);
   api_glBindBuffer(GL_ARRAY_BUFFER, 0);

   api_glEnable(GL_COLOR_SUM);
   api_glFogi(GL_FOG_MODE, GL_LINEAR);
   api_glFogf(GL_FOG_START, 0.0f);
   api_glFogf(GL_FOG_END, 1.0f);
   api_glFogi(GL_FOG_COORD_SRC, GL_FOG_COORD);
   api_glEnable(GL_FOG);
   api_glColor4f(0.3f, 0.6f, 0.9f, 1.0f);
   const GLsizei stride = FLOATS * sizeof(float);
   for (int config = 0; config < 4; config++) {
      GLint pos_size = 2 + config % 3, col_size = config & 1 ? 3 : 4;
      for (int pass = 0; pass < 2; pass++) {
         /* pass 0 client memory, pass 1 the buffer object */
         const char *base = pass ? NULL : (const char *)data;
         api_glBindBuffer(GL_ARRAY_BUFFER, pass ? vbo : 0);
         api_glVertexPointer(pos_size, GL_FLOAT, stride, base);
         api_glColorPointer(col_size, GL_FLOAT, stride, base + 4 * sizeof(float));
         api_glSecondaryColorPointer(3, GL_FLOAT, stride, base + 8 * sizeof(float));
         api_glFogCoordPointer(GL_FLOAT, stride, base + 11 * sizeof(float));
         api_glBindBuffer(GL_ARRAY_BUFFER, 0);
         api_glEnableClientState(GL_VERTEX_ARRAY);
         if (config == 3)
            api_glDisableClientState(GL_COLOR_ARRAY);
         else
            api_glEnableClientState(GL_COLOR_ARRAY);
         api_glEnableClientState(GL_SECONDARY_COLOR_ARRAY);
         api_glEnableClientState(GL_FOG_COORD_ARRAY);
         clear();
         api_glDrawArrays(GL_TRIANGLES, 3, 3 * (TRIS - 1));
         read_all();
         if (!pass) {
            memcpy(client_px, px, sizeof px);
            continue;
         }
         unsigned diff = 0, lit = 0;
         for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
               diff += memcmp(px[y][x], client_px[y][x], 4) != 0;
               lit += px[y][x][0] || px[y][x][1] || px[y][x][2];
            }
         CHECK(diff == 0, "config %d: %u pixels differ between client and buffer arrays",
               config, diff);
         CHECK(lit > W * H / 4, "config %d: only %u pixels drawn", config, lit);
      }
   }
   api_glDisableClientState(GL_VERTEX_ARRAY);
   api_glDisableClientState(GL_COLOR_ARRAY);
   api_glDisableClientState(GL_SECONDARY_COLOR_ARRAY);
   api_glDisableClientState(GL_FOG_COORD_ARRAY);
   api_glDisable(GL_FOG);
   api_glDisable(GL_COLOR_SUM);
   api_glFogi(GL_FOG_COORD_SRC, GL_FRAGMENT_DEPTH);
   api_glColor4f(1, 1, 1, 1);
   api_glDeleteBuffers(1, &vbo);
   CHECK(api_glGetError() == GL_NO_ERROR, "no error");
}

int
main(void)
{
   struct test_env e;
   bool ok = test_env_init(&e, W, H);
   CHECK(ok, "test environment");
   if (ok) {
      test_current_values();
      test_rect();
      test_array_types();
      test_pointer_errors();
      api_glGetError();
      test_array_gets();
      test_interleaved();
      test_edge_flags();
      test_color_sum_and_fog();
      test_draw_commands();
      test_primitive_restart();
      test_vbo_in_place();
   }
   test_env_fini(&e);
   return st_test_finish("st_test_vertex");
}
