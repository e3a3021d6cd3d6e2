/*
 * The pixel path end to end on refpipe (null winsys, fake 32x32 drawable
 * with depth/stencil): raster position and its queries, glDrawPixels of
 * colour (with zoom, transfer scale/bias, colour maps, colour indices),
 * depth and stencil, glCopyPixels (overlapping), glBitmap (bit order,
 * raster advance, scissor), pixel maps, and the errors of the new entry
 * points.  Pixels are read back with glReadPixels and compared with
 * values computed here.
 */
#include <math.h>
#include <string.h>

#include "frontend/drisw_api.h"
#include "pipe-loader/pipe_loader.h"
#include "pipe/p_screen.h"
#include "st_api.h"
#include "st_context.h"
#include "st_draw.h"
#include "st_test_fb.h"
#include "st_test_util.h"
#include "util/u_inlines.h"

#define W 32
#define H 32



static uint8_t fb[H][W][4];

static void
read_all(void)
{
   api_glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, fb);
}

static void
clear_all(void)
{
   api_glClearColor(0, 0, 0, 0);
   api_glClearDepth(1.0);
   api_glClearStencil(0);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

static bool
px_is(int x, int y, int r, int g, int b, int a, int tol)
{
   const uint8_t *p = fb[y][x];
   return abs(p[0] - r) <= tol && abs(p[1] - g) <= tol && abs(p[2] - b) <= tol &&
          abs(p[3] - a) <= tol;
}

#define CHECK_PX(x, y, r, g, b, a, tol)                                          \
   CHECK(px_is(x, y, r, g, b, a, tol), "pixel (%d,%d) = %d %d %d %d, expected %d %d %d %d", \
         (int)(x), (int)(y), fb[y][x][0], fb[y][x][1], fb[y][x][2], fb[y][x][3],      \
         (int)(r), (int)(g), (int)(b), (int)(a))

static void
test_raster_pos(void)
{
   float v[4];
   GLboolean b;
   api_glColor4f(0.25f, 0.5f, 0.75f, 1.0f);
   api_glRasterPos2f(5.0f, 6.0f);
   api_glGetFloatv(GL_CURRENT_RASTER_POSITION, v);
   CHECK(fabsf(v[0] - 5) < 1e-4f && fabsf(v[1] - 6) < 1e-4f && fabsf(v[2] - 0.5f) < 1e-4f &&
         fabsf(v[3] - 1) < 1e-6f, "raster pos %g %g %g %g", v[0], v[1], v[2], v[3]);
   api_glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &b);
   CHECK_EQ_INT(b, GL_TRUE);
   api_glGetFloatv(GL_CURRENT_RASTER_COLOR, v);
   CHECK(fabsf(v[0] - 0.25f) < 1e-6f && fabsf(v[1] - 0.5f) < 1e-6f &&
         fabsf(v[2] - 0.75f) < 1e-6f, "raster colour %g %g %g", v[0], v[1], v[2]);
   /* z = 0.5 in eye space with glOrtho(-1, 1): window z = 0.25 */
   api_glRasterPos3f(1.0f, 2.0f, 0.5f);
   api_glGetFloatv(GL_CURRENT_RASTER_POSITION, v);
   CHECK(fabsf(v[2] - 0.25f) < 1e-6f, "raster z %g", v[2]);
   api_glGetFloatv(GL_CURRENT_RASTER_DISTANCE, v);
   CHECK(fabsf(v[0] - 0.5f) < 1e-6f, "raster distance %g", v[0]);

   /* a translate moves it; outside the view volume it becomes invalid */
   api_glPushMatrix();
   api_glTranslatef(3, 4, 0);
   api_glRasterPos2i(1, 1);
   api_glPopMatrix();
   api_glGetFloatv(GL_CURRENT_RASTER_POSITION, v);
   CHECK(fabsf(v[0] - 4) < 1e-4f && fabsf(v[1] - 5) < 1e-4f, "translated %g %g", v[0], v[1]);
   api_glRasterPos2i(-1, 3);
   api_glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &b);
   CHECK_EQ_INT(b, GL_FALSE);
   /* glWindowPos: no transform, always valid, z through the depth range */
   api_glWindowPos3f(-3.0f, 40.0f, 0.75f);
   api_glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &b);
   CHECK_EQ_INT(b, GL_TRUE);
   api_glGetFloatv(GL_CURRENT_RASTER_POSITION, v);
   CHECK(v[0] == -3.0f && v[1] == 40.0f && fabsf(v[2] - 0.75f) < 1e-6f, "window pos %g %g %g",
         v[0], v[1], v[2]);

   /* a user clip plane clips it */
   double plane[4] = { 1, 0, 0, -10 };   /* keep x >= 10 */
   api_glClipPlane(GL_CLIP_PLANE0, plane);
   api_glEnable(GL_CLIP_PLANE0);
   api_glRasterPos2i(5, 5);
   api_glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &b);
   CHECK_EQ_INT(b, GL_FALSE);
   api_glRasterPos2i(12, 5);
   api_glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &b);
   CHECK_EQ_INT(b, GL_TRUE);
   api_glDisable(GL_CLIP_PLANE0);

   /* lighting: ambient-only light model gives emission + ambient * model ambient */
   api_glEnable(GL_LIGHTING);
   api_glRasterPos2i(3, 3);
   api_glGetFloatv(GL_CURRENT_RASTER_COLOR, v);
   /* GL's defaults: material ambient 0.2, model ambient 0.2; light 0 is off */
   CHECK(fabsf(v[0] - 0.04f) < 1e-5f && fabsf(v[3] - 1.0f) < 1e-6f, "lit raster %g %g", v[0],
         v[3]);
   api_glEnable(GL_LIGHT0);
   api_glRasterPos2i(3, 3);
   api_glGetFloatv(GL_CURRENT_RASTER_COLOR, v);
   /* light 0 along +z onto the normal (0,0,1): 0.04 + 0.8 diffuse */
   CHECK(fabsf(v[0] - 0.84f) < 1e-5f, "lit raster with light0 %g", v[0]);
   api_glDisable(GL_LIGHT0);
   api_glDisable(GL_LIGHTING);

   /* push/pop of GL_CURRENT_BIT restores the raster position */
   api_glRasterPos2i(7, 8);
   api_glPushAttrib(GL_CURRENT_BIT);
   api_glRasterPos2i(-5, 8);
   api_glPopAttrib();
   api_glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &b);
   CHECK_EQ_INT(b, GL_TRUE);
   api_glGetFloatv(GL_CURRENT_RASTER_POSITION, v);
   CHECK(fabsf(v[0] - 7) < 1e-4f, "popped raster %g", v[0]);
   api_glColor4f(1, 1, 1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_drawpixels_color(void)
{
   uint8_t img[3][4][4];
   for (int j = 0; j < 3; j++)
      for (int i = 0; i < 4; i++) {
         img[j][i][0] = (uint8_t)(10 + i * 40);
         img[j][i][1] = (uint8_t)(20 + j * 70);
         img[j][i][2] = (uint8_t)(i == j ? 255 : 3);
         img[j][i][3] = 255;
      }
   clear_all();
   api_glRasterPos2i(5, 6);
   api_glDrawPixels(4, 3, GL_RGBA, GL_UNSIGNED_BYTE, img);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool in = x >= 5 && x < 9 && y >= 6 && y < 9;
         const uint8_t *e = in ? img[y - 6][x - 5] : (const uint8_t[4]){ 0, 0, 0, 0 };
         if (memcmp(fb[y][x], e, 4))
            bad++;
      }
   CHECK(bad == 0, "%d pixels differ after glDrawPixels", bad);

   /* zoom 2 x -3: pixel (i, j) covers x in [5+2i, 7+2i), y in [20-3(j+1), 20-3j) */
   clear_all();
   api_glPixelZoom(2.0f, -3.0f);
   api_glRasterPos2i(5, 20);
   api_glDrawPixels(4, 3, GL_RGBA, GL_UNSIGNED_BYTE, img);
   api_glPixelZoom(1.0f, 1.0f);
   read_all();
   bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool in = x >= 5 && x < 13 && y >= 11 && y < 20;
         const uint8_t *e = in ? img[(19 - y) / 3][(x - 5) / 2] : (const uint8_t[4]){ 0, 0, 0, 0 };
         if (memcmp(fb[y][x], e, 4))
            bad++;
      }
   CHECK(bad == 0, "%d pixels differ after a zoomed glDrawPixels", bad);

   /* scale and bias: red * 0.5 + 0.25; other formats: GL_LUMINANCE floats */
   clear_all();
   api_glPixelTransferf(GL_RED_SCALE, 0.5f);
   api_glPixelTransferf(GL_RED_BIAS, 0.25f);
   float lum[2] = { 0.2f, 1.0f };
   api_glRasterPos2i(0, 0);
   api_glDrawPixels(2, 1, GL_LUMINANCE, GL_FLOAT, lum);
   api_glPixelTransferf(GL_RED_SCALE, 1.0f);
   api_glPixelTransferf(GL_RED_BIAS, 0.0f);
   read_all();
   CHECK_PX(0, 0, 89, 51, 51, 255, 1);    /* 0.35, 0.2, 0.2 */
   CHECK_PX(1, 0, 191, 255, 255, 255, 1); /* 0.75, 1, 1 */

   /* GL_MAP_COLOR: R_TO_R maps everything above 0.5 to 0.1 */
   /* (every colour map applies: G/B/A get a two-entry ramp; initial maps are { 0 }) */
   float rmap[2] = { 1.0f, 0.1f }, ramp[2] = { 0.0f, 1.0f };
   api_glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 2, rmap);
   api_glPixelMapfv(GL_PIXEL_MAP_G_TO_G, 2, ramp);
   api_glPixelMapfv(GL_PIXEL_MAP_B_TO_B, 2, ramp);
   api_glPixelTransferi(GL_MAP_COLOR, GL_TRUE);
   clear_all();
   float rgb[2][3] = { { 0.2f, 1.0f, 0.4f }, { 0.9f, 0.6f, 1.0f } };
   api_glDrawPixels(2, 1, GL_RGB, GL_FLOAT, rgb);
   api_glPixelTransferi(GL_MAP_COLOR, GL_FALSE);
   read_all();
   CHECK_PX(0, 0, 255, 255, 0, 0, 0);   /* alpha through A_TO_A = { 0 } */
   CHECK_PX(1, 0, 26, 255, 255, 0, 1);

   /* colour indices through the I_TO_* maps, after shift and offset */
   float itor[4] = { 0.0f, 0.25f, 0.5f, 1.0f };
   float ones[1] = { 1.0f };
   api_glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 4, itor);
   api_glPixelMapfv(GL_PIXEL_MAP_I_TO_A, 1, ones);
   api_glPixelTransferi(GL_INDEX_OFFSET, 1);
   clear_all();
   uint8_t idx[3] = { 0, 1, 2 };
   api_glDrawPixels(3, 1, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, idx);
   api_glPixelTransferi(GL_INDEX_OFFSET, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   CHECK_PX(0, 0, 64, 0, 0, 255, 1);
   CHECK_PX(1, 0, 128, 0, 0, 255, 1);
   CHECK_PX(2, 0, 255, 0, 0, 255, 1);

   /* blending applies to the fragments */
   clear_all();
   api_glEnable(GL_BLEND);
   api_glBlendFunc(GL_ONE, GL_ONE);
   float c[4] = { 0.25f, 0.25f, 0.25f, 0.25f };
   api_glDrawPixels(1, 1, GL_RGBA, GL_FLOAT, c);
   api_glDrawPixels(1, 1, GL_RGBA, GL_FLOAT, c);
   api_glDisable(GL_BLEND);
   api_glBlendFunc(GL_ONE, GL_ZERO);
   read_all();
   CHECK_PX(0, 0, 128, 128, 128, 128, 1);

   /* culling, glFrontFace and polygon modes do not apply to pixel rectangles */
   clear_all();
   api_glEnable(GL_CULL_FACE);
   api_glCullFace(GL_FRONT_AND_BACK);
   api_glFrontFace(GL_CW);
   api_glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   api_glPixelZoom(-2.0f, 1.0f);
   api_glRasterPos2i(4, 0);
   api_glDrawPixels(1, 1, GL_RGBA, GL_FLOAT, c);
   api_glPixelZoom(1.0f, 1.0f);
   api_glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   api_glFrontFace(GL_CCW);
   api_glCullFace(GL_BACK);
   api_glDisable(GL_CULL_FACE);
   read_all();
   CHECK_PX(2, 0, 64, 64, 64, 64, 1);
   CHECK_PX(3, 0, 64, 64, 64, 64, 1);
   CHECK_PX(4, 0, 0, 0, 0, 0, 0);
   CHECK_PX(1, 0, 0, 0, 0, 0, 0);

   /* an invalid raster position draws nothing */
   clear_all();
   api_glRasterPos2i(-10, 0);
   api_glDrawPixels(1, 1, GL_RGBA, GL_FLOAT, c);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   int lit = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         lit += fb[y][x][0] != 0;
   CHECK_EQ_INT(lit, 0);
}

/* The one-textured-quad path (st_drawpix.c draw_textured): noise at
 * fractional raster positions with non-integer and negative zooms, where
 * pixel centres fall on the boundaries of the zoomed pixels, must give
 * exactly the image drawn pixel by pixel (each 1x1 rectangle's fragments
 * are the rasterizer's choice, GL 2.1 3.6.4); scissor and the depth test
 * apply to depth images written as fragment depth. */
static void
test_drawpixels_textured(void)
{
   enum { IW = 13, IH = 11 };
   static uint8_t img[IH][IW][4], ref[H][W][4];
   uint32_t seed = 12345;
   for (int j = 0; j < IH; j++)
      for (int i = 0; i < IW; i++)
         for (int c = 0; c < 4; c++) {
            seed = seed * 1103515245u + 12345u;
            img[j][i][c] = (uint8_t)(seed >> 16);
         }
   static const float zooms[4][2] = { { 1.5f, 0.75f }, { -1.25f, 2.0f }, { 1.0f, 1.0f },
                                      { 2.5f, -1.5f } };
   static const float pos[4][2] = { { 3.25f, 4.5f }, { 27.5f, 2.0f }, { 10.5f, 12.5f },
                                    { 0.5f, 30.0f } };
   for (int t = 0; t < 4; t++) {
      /* reference: every pixel as its own rectangle */
      clear_all();
      api_glPixelZoom(zooms[t][0], zooms[t][1]);
      for (int j = 0; j < IH; j++)
         for (int i = 0; i < IW; i++) {
            api_glRasterPos2f(pos[t][0] + zooms[t][0] * (float)i, pos[t][1] + zooms[t][1] * (float)j);
            api_glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, img[j][i]);
         }
      api_glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, ref);
      clear_all();
      api_glRasterPos2f(pos[t][0], pos[t][1]);
      api_glDrawPixels(IW, IH, GL_RGBA, GL_UNSIGNED_BYTE, img);
      api_glPixelZoom(1.0f, 1.0f);
      CHECK_GL_ERROR(GL_NO_ERROR);
      read_all();
      int bad = 0, lit = 0;
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            lit += ref[y][x][3] != 0;
            if (memcmp(fb[y][x], ref[y][x], 4))
               bad++;
         }
      CHECK(lit > 50, "case %d: only %d pixels covered", t, lit);
      CHECK(bad == 0, "case %d: %d pixels differ after a zoomed noise glDrawPixels", t, bad);
   }
   CHECK(st_current()->draw->pix_fs[0] != NULL, "the textured colour path was not taken");

   /* depth image: depth test GL_LESS against 0.5, scissor x < 6 */
   clear_all();
   api_glClearDepth(0.5);
   api_glClear(GL_DEPTH_BUFFER_BIT);
   api_glEnable(GL_DEPTH_TEST);
   api_glDepthFunc(GL_LESS);
   api_glEnable(GL_SCISSOR_TEST);
   api_glScissor(0, 0, 6, H);
   float z[2][8];
   for (int i = 0; i < 8; i++) {
      z[0][i] = (float)i / 8.0f;
      z[1][i] = 1.0f - (float)i / 8.0f;
   }
   api_glColor4f(1, 0, 1, 1);
   api_glRasterPos2i(1, 1);
   api_glDrawPixels(8, 2, GL_DEPTH_COMPONENT, GL_FLOAT, z);
   api_glDisable(GL_SCISSOR_TEST);
   api_glDisable(GL_DEPTH_TEST);
   api_glDepthFunc(GL_LESS);
   api_glClearDepth(1.0);
   api_glColor4f(1, 1, 1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   for (int j = 0; j < 2; j++)
      for (int i = 0; i < 8; i++) {
         bool pass = z[j][i] < 0.5f && 1 + i < 6;
         int v = pass ? 255 : 0;
         CHECK_PX(1 + i, 1 + j, v, 0, v, v, 0);
      }
   float zr[2][8];
   api_glReadPixels(1, 1, 8, 2, GL_DEPTH_COMPONENT, GL_FLOAT, zr);
   for (int j = 0; j < 2; j++)
      for (int i = 0; i < 8; i++) {
         bool pass = z[j][i] < 0.5f && 1 + i < 6;
         float e = pass ? z[j][i] : 0.5f;
         CHECK(fabsf(zr[j][i] - e) < 1e-6f, "depth (%d,%d) = %g, expected %g", i, j, zr[j][i], e);
      }
   CHECK(st_current()->draw->pix_fs[1] != NULL, "the textured depth path was not taken");
}

static void
test_drawpixels_depth_stencil(void)
{
   clear_all();
   api_glEnable(GL_DEPTH_TEST);
   api_glDepthFunc(GL_ALWAYS);
   float z[2][3] = { { 0.0f, 0.25f, 0.5f }, { 0.75f, 0.125f, 1.0f } };
   api_glColor4f(0, 1, 0, 1);
   api_glRasterPos2i(2, 3);
   api_glDrawPixels(3, 2, GL_DEPTH_COMPONENT, GL_FLOAT, z);
   CHECK_GL_ERROR(GL_NO_ERROR);
   float zr[2][3];
   api_glReadPixels(2, 3, 3, 2, GL_DEPTH_COMPONENT, GL_FLOAT, zr);
   for (int j = 0; j < 2; j++)
      for (int i = 0; i < 3; i++)
         CHECK(fabsf(zr[j][i] - z[j][i]) < 1e-6f, "depth (%d,%d) = %g, expected %g", i, j,
               zr[j][i], z[j][i]);
   read_all();
   CHECK_PX(2, 3, 0, 255, 0, 255, 0);   /* the raster colour */
   CHECK_PX(4, 4, 0, 255, 0, 255, 0);
   CHECK_PX(5, 4, 0, 0, 0, 0, 0);

   /* depth scale/bias, and the depth test against the drawn values */
   api_glDepthFunc(GL_LESS);
   api_glPixelTransferf(GL_DEPTH_SCALE, 0.5f);
   api_glPixelTransferf(GL_DEPTH_BIAS, 0.2f);
   api_glColor4f(1, 0, 0, 1);
   api_glRasterPos2i(2, 3);
   float half[3] = { 0.5f, 0.5f, 0.5f };   /* -> 0.45: passes only where z > 0.45 */
   api_glDrawPixels(3, 1, GL_DEPTH_COMPONENT, GL_FLOAT, half);
   api_glPixelTransferf(GL_DEPTH_SCALE, 1.0f);
   api_glPixelTransferf(GL_DEPTH_BIAS, 0.0f);
   read_all();
   CHECK_PX(2, 3, 0, 255, 0, 255, 0);
   CHECK_PX(3, 3, 0, 255, 0, 255, 0);
   CHECK_PX(4, 3, 255, 0, 0, 255, 0);
   api_glDisable(GL_DEPTH_TEST);
   api_glDepthFunc(GL_LESS);
   api_glColor4f(1, 1, 1, 1);

   /* stencil: writemask, index offset, GL_MAP_STENCIL, zoom */
   api_glRasterPos2i(0, 0);
   uint8_t s[4] = { 1, 2, 3, 0xff };
   api_glStencilMask(0x0f);
   api_glPixelZoom(1.0f, 2.0f);
   api_glDrawPixels(4, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s);
   api_glPixelZoom(1.0f, 1.0f);
   api_glStencilMask(0xff);
   uint8_t sr[3][4];
   api_glReadPixels(0, 0, 4, 3, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, sr);
   CHECK(sr[0][0] == 1 && sr[0][1] == 2 && sr[0][2] == 3 && sr[0][3] == 0x0f,
         "stencil %d %d %d %d", sr[0][0], sr[0][1], sr[0][2], sr[0][3]);
   CHECK(!memcmp(sr[1], sr[0], 4) && sr[2][0] == 0, "stencil zoom rows %d %d", sr[1][0], sr[2][0]);
   GLuint smap[2] = { 7, 9 };
   api_glPixelMapuiv(GL_PIXEL_MAP_S_TO_S, 2, smap);
   api_glPixelTransferi(GL_MAP_STENCIL, GL_TRUE);
   api_glPixelTransferi(GL_INDEX_OFFSET, 1);
   uint8_t s0 = 0;
   api_glDrawPixels(1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s0);   /* 0+1 -> 9 */
   api_glPixelTransferi(GL_MAP_STENCIL, GL_FALSE);
   api_glPixelTransferi(GL_INDEX_OFFSET, 0);
   api_glReadPixels(0, 0, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, sr);
   CHECK_EQ_INT(sr[0][0], 9);
   /* the scissor box limits stencil writes */
   api_glScissor(1, 0, 1, 1);
   api_glEnable(GL_SCISSOR_TEST);
   uint8_t s5[2] = { 5, 5 };
   api_glDrawPixels(2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s5);
   api_glDisable(GL_SCISSOR_TEST);
   api_glScissor(0, 0, W, H);
   api_glReadPixels(0, 0, 2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, sr);
   CHECK(sr[0][0] == 9 && sr[0][1] == 5, "scissored stencil %d %d", sr[0][0], sr[0][1]);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* GL_DEPTH_STENCIL replaces depth and stencil even with the depth test
    * off, and makes no colour fragments */
   clear_all();
   GLuint ds[2] = { (0x800000u << 8) | 7u, (0xffffffu << 8) | 0x21u }, back[2] = { 0, 0 };
   api_glRasterPos2i(10, 10);
   api_glDrawPixels(2, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, ds);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glReadPixels(10, 10, 2, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, back);
   CHECK(back[0] == ds[0] && back[1] == ds[1], "depth/stencil 0x%x 0x%x", back[0], back[1]);
   read_all();
   CHECK_PX(10, 10, 0, 0, 0, 0, 0);
   /* ... and reads of it take the depth and index transfer operations */
   api_glPixelTransferi(GL_INDEX_OFFSET, 1);
   api_glPixelTransferf(GL_DEPTH_SCALE, 0.0f);
   api_glReadPixels(10, 10, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, back);
   api_glPixelTransferi(GL_INDEX_OFFSET, 0);
   api_glPixelTransferf(GL_DEPTH_SCALE, 1.0f);
   CHECK_EQ_INT(back[0], 8);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_copypixels(void)
{
   clear_all();
   uint8_t img[2][4][4];
   for (int j = 0; j < 2; j++)
      for (int i = 0; i < 4; i++) {
         img[j][i][0] = (uint8_t)(50 * i + 10);
         img[j][i][1] = (uint8_t)(100 * j + 5);
         img[j][i][2] = 7;
         img[j][i][3] = 255;
      }
   api_glRasterPos2i(2, 2);
   api_glDrawPixels(4, 2, GL_RGBA, GL_UNSIGNED_BYTE, img);
   /* overlapping copy one pixel to the right */
   api_glRasterPos2i(3, 2);
   api_glCopyPixels(2, 2, 4, 2, GL_COLOR);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   CHECK_PX(2, 2, img[0][0][0], img[0][0][1], 7, 255, 0);
   for (int j = 0; j < 2; j++)
      for (int i = 0; i < 4; i++)
         CHECK_PX(3 + i, 2 + j, img[j][i][0], img[j][i][1], 7, 255, 0);

   /* a source partly outside the buffer: only the inside part is copied */
   api_glRasterPos2i(10, 10);
   api_glCopyPixels(-2, 2, 6, 1, GL_COLOR);   /* source x -2..3 -> inside part 0..3 */
   read_all();
   CHECK_PX(12, 10, 0, 0, 0, 0, 0);
   CHECK_PX(13, 10, 0, 0, 0, 0, 0);
   CHECK_PX(14, 10, img[0][0][0], img[0][0][1], 7, 255, 0);
   CHECK_PX(15, 10, img[0][0][0], img[0][0][1], 7, 255, 0);
   CHECK_PX(16, 10, 0, 0, 0, 0, 0);

   /* depth copy with the raster colour */
   api_glEnable(GL_DEPTH_TEST);
   api_glDepthFunc(GL_ALWAYS);
   float z = 0.375f;
   api_glRasterPos2i(20, 20);
   api_glDrawPixels(1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   api_glColor4f(0, 0, 1, 1);
   api_glRasterPos2i(21, 20);
   api_glCopyPixels(20, 20, 1, 1, GL_DEPTH);
   api_glDisable(GL_DEPTH_TEST);
   api_glDepthFunc(GL_LESS);
   api_glColor4f(1, 1, 1, 1);
   float zr = 0;
   api_glReadPixels(21, 20, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &zr);
   CHECK(fabsf(zr - 0.375f) < 1e-6f, "copied depth %g", zr);
   read_all();
   CHECK_PX(21, 20, 0, 0, 255, 255, 0);

   /* stencil copy */
   uint8_t s = 42;
   api_glRasterPos2i(0, 30);
   api_glDrawPixels(1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
   api_glRasterPos2i(1, 30);
   api_glCopyPixels(0, 30, 1, 1, GL_STENCIL);
   uint8_t sr[2] = { 0, 0 };
   api_glReadPixels(0, 30, 2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, sr);
   CHECK(sr[0] == 42 && sr[1] == 42, "copied stencil %d %d", sr[0], sr[1]);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_bitmap(void)
{
   clear_all();
   /* rows bottom first: 0xA5 = 10100101 (MSB first), 0x0F */
   GLubyte bits[2] = { 0xA5, 0x0F };
   api_glColor4f(1, 0, 0, 1);
   api_glRasterPos2i(4, 4);
   api_glColor4f(0, 1, 0, 1);   /* the raster colour was latched: still red */
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   api_glBitmap(8, 2, 1.0f, 0.0f, 10.0f, 1.0f, bits);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   int bad = 0;
   for (int i = 0; i < 8; i++) {
      bool on0 = (0xA5 >> (7 - i)) & 1, on1 = (0x0F >> (7 - i)) & 1;
      if (!px_is(3 + i, 4, on0 ? 255 : 0, 0, 0, on0 ? 255 : 0, 0))
         bad++;
      if (!px_is(3 + i, 5, on1 ? 255 : 0, 0, 0, on1 ? 255 : 0, 0))
         bad++;
   }
   CHECK(bad == 0, "%d bitmap pixels wrong", bad);
   float v[4];
   api_glGetFloatv(GL_CURRENT_RASTER_POSITION, v);
   CHECK(fabsf(v[0] - 14) < 1e-4f && fabsf(v[1] - 5) < 1e-4f, "advanced to %g %g", v[0], v[1]);

   /* LSB first, and the scissor box */
   clear_all();
   api_glPixelStorei(GL_UNPACK_LSB_FIRST, GL_TRUE);
   api_glScissor(0, 0, 2, H);
   api_glEnable(GL_SCISSOR_TEST);
   api_glRasterPos2i(0, 0);
   GLubyte one = 0x03;   /* LSB first: pixels 0 and 1 */
   api_glBitmap(8, 1, 0, 0, 0, 0, &one);
   api_glRasterPos2i(1, 1);
   api_glBitmap(8, 1, 0, 0, 0, 0, &one);
   api_glDisable(GL_SCISSOR_TEST);
   api_glScissor(0, 0, W, H);
   api_glPixelStorei(GL_UNPACK_LSB_FIRST, GL_FALSE);
   read_all();
   CHECK_PX(0, 0, 0, 255, 0, 255, 0);
   CHECK_PX(1, 0, 0, 255, 0, 255, 0);
   CHECK_PX(2, 0, 0, 0, 0, 0, 0);
   CHECK_PX(1, 1, 0, 255, 0, 255, 0);
   CHECK_PX(2, 1, 0, 0, 0, 0, 0);   /* scissored away */

   /* an invalid raster position: nothing drawn and no advance */
   api_glRasterPos2i(-4, 0);
   api_glBitmap(8, 1, 0, 0, 5, 5, &one);
   GLboolean valid;
   api_glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
   CHECK_EQ_INT(valid, GL_FALSE);
   /* a NULL bitmap still moves the raster position */
   api_glRasterPos2i(1, 1);
   api_glBitmap(0, 0, 0, 0, 2.5f, 0, NULL);
   api_glGetFloatv(GL_CURRENT_RASTER_POSITION, v);
   CHECK(fabsf(v[0] - 3.5f) < 1e-4f, "moved by a NULL bitmap %g", v[0]);
   api_glColor4f(1, 1, 1, 1);
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_maps_and_errors(void)
{
   GLint i;
   float f;
   api_glGetIntegerv(GL_PIXEL_MAP_I_TO_I_SIZE, &i);
   CHECK_EQ_INT(i, 1);
   GLushort us[4] = { 0, 65535, 32768, 1 };
   api_glPixelMapusv(GL_PIXEL_MAP_G_TO_G, 3, us);   /* colour maps: any size */
   api_glGetIntegerv(GL_PIXEL_MAP_G_TO_G_SIZE, &i);
   CHECK_EQ_INT(i, 3);
   GLuint ui[3];
   api_glGetPixelMapuiv(GL_PIXEL_MAP_G_TO_G, ui);
   CHECK(ui[0] == 0 && ui[1] == 0xffffffffu, "G_TO_G as uint %u %u", ui[0], ui[1]);
   float fv[3];
   api_glGetPixelMapfv(GL_PIXEL_MAP_G_TO_G, fv);
   CHECK(fabsf(fv[2] - 32768.0f / 65535.0f) < 1e-6f, "G_TO_G as float %g", fv[2]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glPixelMapusv(GL_PIXEL_MAP_I_TO_R, 3, us);   /* index maps: powers of two */
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glPixelMapusv(GL_PIXEL_MAP_I_TO_R, 0, us);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glPixelMapusv(GL_PIXEL_MAP_R_TO_R, 257, us);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glPixelMapfv(GL_PIXEL_MAP_A_TO_A + 1, 1, &f);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetPixelMapfv(GL_RED_SCALE, &f);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glPixelTransferf(GL_POST_COLOR_MATRIX_RED_SCALE, 1.0f);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glPixelTransferf(GL_GREEN_BIAS, 0.5f);
   api_glGetFloatv(GL_GREEN_BIAS, &f);
   CHECK(f == 0.5f, "green bias %g", f);
   api_glPushAttrib(GL_PIXEL_MODE_BIT);
   api_glPixelTransferf(GL_GREEN_BIAS, 0.0f);
   api_glPixelZoom(3.0f, 4.0f);
   api_glPopAttrib();
   api_glGetFloatv(GL_GREEN_BIAS, &f);
   CHECK(f == 0.5f, "popped green bias %g", f);
   api_glGetFloatv(GL_ZOOM_X, &f);
   CHECK(f == 1.0f, "popped zoom %g", f);
   api_glPixelTransferf(GL_GREEN_BIAS, 0.0f);

   uint8_t px[4] = { 0 };
   api_glDrawPixels(-1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDrawPixels(1, 1, GL_RGBA, GL_RGBA, px);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDrawPixels(1, 1, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, px);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDrawPixels(1, 1, GL_RGBA, GL_BITMAP, px);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glCopyPixels(0, 0, 1, 1, GL_RGBA);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glCopyPixels(0, 0, -1, 1, GL_COLOR);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBitmap(-1, 1, 0, 0, 0, 0, px);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBegin(GL_POINTS);
   api_glRasterPos2i(1, 1);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBegin(GL_POINTS);
   api_glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBegin(GL_POINTS);
   api_glPixelZoom(1, 1);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
}

/* Leaves non-zero bytes where the next call's locals will live, so a
 * feature flag that glReadPixels forgets to initialise reads as true. */
static __attribute__((noinline)) void
dirty_stack(void)
{
   volatile uint8_t junk[4096];
   for (unsigned i = 0; i < sizeof junk; i++)
      junk[i] = 1;
}

/* Client types of extensions that are not offered are GL_INVALID_ENUM for
 * glReadPixels (GL_HALF_FLOAT is GL_ARB_half_float_pixel / GL 3.0). */
static void
test_readpixels_unoffered_types(void)
{
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   uint16_t px[4] = { 0 };
   if (ext && !strstr(ext, "GL_ARB_half_float_pixel")) {
      for (int i = 0; i < 3; i++) {
         dirty_stack();
         api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_HALF_FLOAT, px);
         CHECK_GL_ERROR(GL_INVALID_ENUM);
      }
   }
   if (ext && !strstr(ext, "GL_ARB_depth_buffer_float")) {
      uint32_t ds[2] = { 0 };
      dirty_stack();
      api_glReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, ds);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
   }
}

/* GL_ARB_depth_buffer_float: GL_FLOAT_32_UNSIGNED_INT_24_8_REV in glDrawPixels
 * and glReadPixels (client memory, pixel buffers, display lists): 8 bytes a
 * pixel, the float depth then the stencil in the low byte of the second word. */
static void
ds32f_pixel(uint32_t *w, float z, uint32_t s)
{
   memcpy(&w[0], &z, sizeof z);
   w[1] = s;
}

static float
ds32f_depth(const uint32_t *w)
{
   float z;
   memcpy(&z, &w[0], sizeof z);
   return z;
}

static void
test_depth_float_pixels(void)
{
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   if (!ext || !strstr(ext, "GL_ARB_depth_buffer_float"))
      return;
   const GLenum t32 = GL_FLOAT_32_UNSIGNED_INT_24_8_REV;
   clear_all();
   uint32_t ds[4], back[6] = { 0 };
   ds32f_pixel(&ds[0], 0.25f, 0xffffff11u);   /* the unused 24 bits are ignored */
   ds32f_pixel(&ds[2], 0.75f, 0x42u);
   api_glRasterPos2i(6, 6);
   api_glDrawPixels(2, 1, GL_DEPTH_STENCIL, t32, ds);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glReadPixels(6, 6, 2, 1, GL_DEPTH_STENCIL, t32, back);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(fabsf(ds32f_depth(&back[0]) - 0.25f) < 1e-6f && back[1] == 0x11u &&
            fabsf(ds32f_depth(&back[2]) - 0.75f) < 1e-6f && back[3] == 0x42u,
         "32F_24_8_REV read back %g %08x %g %08x", ds32f_depth(&back[0]), back[1],
         ds32f_depth(&back[2]), back[3]);
   /* the same pixels as UNSIGNED_INT_24_8 */
   GLuint p24[2] = { 0, 0 };
   api_glReadPixels(6, 6, 2, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, p24);
   CHECK((p24[0] & 0xffu) == 0x11u && (p24[0] >> 8) == 0x400000u && (p24[1] & 0xffu) == 0x42u,
         "32F_24_8_REV drawn, read as 24_8 %08x %08x", p24[0], p24[1]);
   /* fragment depth is clamped to [0, 1] on the way into the depth buffer */
   ds32f_pixel(&ds[0], 2.0f, 1u);
   api_glDrawPixels(1, 1, GL_DEPTH_STENCIL, t32, ds);
   api_glReadPixels(6, 6, 1, 1, GL_DEPTH_STENCIL, t32, back);
   CHECK(ds32f_depth(&back[0]) == 1.0f && back[1] == 1u, "clamped depth %g %u",
         ds32f_depth(&back[0]), back[1]);

   /* error rules: the type only with GL_DEPTH_STENCIL */
   api_glDrawPixels(1, 1, GL_DEPTH_COMPONENT, t32, ds);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, t32, back);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glReadPixels(0, 0, 1, 1, GL_STENCIL_INDEX, t32, back);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* pixel buffers: 8 bytes a pixel, bounds checked with that size */
   GLuint bufs[2];
   api_glGenBuffers(2, bufs);
   api_glBindBuffer(GL_PIXEL_PACK_BUFFER, bufs[0]);
   api_glBufferData(GL_PIXEL_PACK_BUFFER, 24, NULL, GL_STREAM_READ);
   api_glReadPixels(6, 6, 2, 1, GL_DEPTH_STENCIL, t32, (void *)(uintptr_t)8);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glReadPixels(6, 6, 2, 1, GL_DEPTH_STENCIL, t32, (void *)(uintptr_t)9);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   memset(back, 0, sizeof back);
   api_glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, 24, back);
   CHECK(ds32f_depth(&back[2]) == 1.0f && back[3] == 1u &&
            fabsf(ds32f_depth(&back[4]) - 0.75f) < 1e-6f && back[5] == 0x42u,
         "32F_24_8_REV pack buffer %g %u %g %u", ds32f_depth(&back[2]), back[3],
         ds32f_depth(&back[4]), back[5]);
   api_glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   ds32f_pixel(&ds[0], 0.5f, 9u);
   ds32f_pixel(&ds[2], 0.125f, 10u);
   api_glBindBuffer(GL_PIXEL_UNPACK_BUFFER, bufs[1]);
   api_glBufferData(GL_PIXEL_UNPACK_BUFFER, 16, ds, GL_STATIC_DRAW);
   api_glDrawPixels(2, 1, GL_DEPTH_STENCIL, t32, (const void *)(uintptr_t)1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDrawPixels(2, 1, GL_DEPTH_STENCIL, t32, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
   api_glDeleteBuffers(2, bufs);
   api_glReadPixels(6, 6, 2, 1, GL_DEPTH_STENCIL, t32, back);
   CHECK(fabsf(ds32f_depth(&back[0]) - 0.5f) < 1e-6f && back[1] == 9u &&
            fabsf(ds32f_depth(&back[2]) - 0.125f) < 1e-6f && back[3] == 10u,
         "32F_24_8_REV from unpack buffer %g %u %g %u", ds32f_depth(&back[0]), back[1],
         ds32f_depth(&back[2]), back[3]);

   /* display lists record the 8-byte pixels */
   GLuint list = api_glGenLists(1);
   ds32f_pixel(&ds[0], 0.375f, 0x33u);
   ds32f_pixel(&ds[2], 0.625f, 0x44u);
   api_glNewList(list, GL_COMPILE);
   api_glDrawPixels(2, 1, GL_DEPTH_STENCIL, t32, ds);
   api_glEndList();
   memset(ds, 0, sizeof ds);   /* the list holds a copy */
   api_glCallList(list);
   api_glDeleteLists(list, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glReadPixels(6, 6, 2, 1, GL_DEPTH_STENCIL, t32, back);
   CHECK(fabsf(ds32f_depth(&back[0]) - 0.375f) < 1e-6f && back[1] == 0x33u &&
            fabsf(ds32f_depth(&back[2]) - 0.625f) < 1e-6f && back[3] == 0x44u,
         "32F_24_8_REV display list %g %u %g %u", ds32f_depth(&back[0]), back[1],
         ds32f_depth(&back[2]), back[3]);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_readpixels_transfer_and_pbo(void)
{
   /* glReadPixels applies scale/bias too */
   clear_all();
   uint8_t px[4] = { 200, 100, 50, 255 };
   api_glRasterPos2i(0, 0);
   api_glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   api_glPixelTransferf(GL_RED_SCALE, 0.5f);
   api_glPixelTransferf(GL_BLUE_BIAS, 0.5f);
   uint8_t out[4] = { 0 };
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
   api_glPixelTransferf(GL_RED_SCALE, 1.0f);
   api_glPixelTransferf(GL_BLUE_BIAS, 0.0f);
   CHECK(out[0] == 100 && out[1] == 100 && abs(out[2] - 178) <= 1 && out[3] == 255,
         "read with transfer %d %d %d %d", out[0], out[1], out[2], out[3]);
   /* depth scale on reads */
   api_glEnable(GL_DEPTH_TEST);
   api_glDepthFunc(GL_ALWAYS);
   float z = 0.5f, zr = 0.0f;
   api_glDrawPixels(1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   api_glDisable(GL_DEPTH_TEST);
   api_glDepthFunc(GL_LESS);
   api_glPixelTransferf(GL_DEPTH_SCALE, 0.5f);
   api_glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &zr);
   api_glPixelTransferf(GL_DEPTH_SCALE, 1.0f);
   CHECK(fabsf(zr - 0.25f) < 1e-6f, "read depth with scale %g", zr);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* unpack buffer: the pointer is an offset */
   GLuint bufs[2];
   api_glGenBuffers(2, bufs);
   api_glBindBuffer(GL_PIXEL_UNPACK_BUFFER, bufs[0]);
   uint8_t data[12] = { 0, 0, 0, 0, 10, 20, 30, 255, 40, 50, 60, 255 };
   api_glBufferData(GL_PIXEL_UNPACK_BUFFER, sizeof data, data, GL_STATIC_DRAW);
   clear_all();
   api_glRasterPos2i(3, 3);
   api_glDrawPixels(2, 1, GL_RGBA, GL_UNSIGNED_BYTE, (const void *)(uintptr_t)4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   CHECK_PX(3, 3, 10, 20, 30, 255, 0);
   CHECK_PX(4, 3, 40, 50, 60, 255, 0);
   /* one byte past the end, and a mapped buffer: GL_INVALID_OPERATION */
   api_glDrawPixels(2, 1, GL_RGBA, GL_UNSIGNED_BYTE, (const void *)(uintptr_t)5);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBitmap(8, 13, 0, 0, 0, 0, NULL);   /* 13 rows of 4 bytes (alignment 4) > 12 */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glMapBuffer(GL_PIXEL_UNPACK_BUFFER, GL_READ_ONLY);
   api_glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUnmapBuffer(GL_PIXEL_UNPACK_BUFFER);
   api_glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);

   /* pack buffer: glReadPixels writes into it */
   api_glBindBuffer(GL_PIXEL_PACK_BUFFER, bufs[1]);
   api_glBufferData(GL_PIXEL_PACK_BUFFER, 16, NULL, GL_STREAM_READ);
   api_glReadPixels(3, 3, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)8);
   CHECK_GL_ERROR(GL_NO_ERROR);
   uint8_t back[16] = { 0 };
   api_glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, 16, back);
   CHECK(!memcmp(back + 8, data + 4, 8), "pack buffer %d %d %d %d", back[8], back[9], back[10],
         back[11]);
   api_glReadPixels(3, 3, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)9);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   api_glDeleteBuffers(2, bufs);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_render_modes(void)
{
   /* GL_FEEDBACK: glDrawPixels / glBitmap / glCopyPixels write tokens with
    * the raster position and touch no pixel; glBitmap still moves it */
   clear_all();
   GLfloat fb[64];
   memset(fb, 0, sizeof fb);
   api_glFeedbackBuffer(64, GL_2D, fb);
   api_glRenderMode(GL_FEEDBACK);
   api_glRasterPos2i(4, 5);
   uint8_t px[4] = { 255, 255, 255, 255 };
   api_glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   GLubyte bits = 0xff;
   api_glBitmap(8, 1, 0, 0, 2, 0, &bits);
   api_glCopyPixels(0, 0, 1, 1, GL_COLOR);
   GLint n = api_glRenderMode(GL_RENDER);
   CHECK_EQ_INT(n, 9);
   CHECK(fb[0] == GL_DRAW_PIXEL_TOKEN && fb[1] == 4.0f && fb[2] == 5.0f, "token %g %g %g",
         fb[0], fb[1], fb[2]);
   CHECK(fb[3] == GL_BITMAP_TOKEN && fb[4] == 4.0f, "bitmap token %g %g", fb[3], fb[4]);
   CHECK(fb[6] == GL_COPY_PIXEL_TOKEN && fb[7] == 6.0f, "copy token %g %g", fb[6], fb[7]);
   read_all();
   int lit = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         lit += !px_is(x, y, 0, 0, 0, 0, 0);
   CHECK_EQ_INT(lit, 0);

   /* GL_SELECT: a valid raster position is a hit */
   GLuint sel[8] = { 0 };
   api_glSelectBuffer(8, sel);
   api_glRenderMode(GL_SELECT);
   api_glInitNames();
   api_glPushName(7);
   api_glRasterPos2i(-3, 3);   /* invalid: no hit */
   api_glRasterPos2i(3, 3);
   n = api_glRenderMode(GL_RENDER);
   CHECK_EQ_INT(n, 1);
   CHECK(sel[0] == 1 && sel[3] == 7, "hit record %u .. %u", sel[0], sel[3]);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* glReadPixels as GL_RGBA / GL_BGRA unsigned bytes from 8-bit buffers of
 * each byte order (the window's BGRA8, RGBA8 and RGB8 renderbuffers: RGB8
 * reads alpha 255) takes whole-texel copies and swaps: every byte of an odd
 * width region against the cleared colour's bytes. */
static void
check_read_layouts(const char *what, bool has_alpha)
{
   static const uint8_t want[4] = { 0x10, 0x80, 0xf0, 0x40 };
   uint8_t out[3][5][4];
   api_glClearColor(want[0] / 255.0f, want[1] / 255.0f, want[2] / 255.0f, want[3] / 255.0f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   for (unsigned pass = 0; pass < 2; pass++) {
      bool bgra = pass == 1;
      memset(out, 0xcd, sizeof out);
      api_glReadPixels(3, 2, 5, 3, bgra ? GL_BGRA : GL_RGBA, GL_UNSIGNED_BYTE, out);
      CHECK_GL_ERROR(GL_NO_ERROR);
      unsigned bad = 0;
      for (unsigned y = 0; y < 3; y++)
         for (unsigned x = 0; x < 5; x++)
            for (unsigned k = 0; k < 4; k++) {
               unsigned c = bgra && k < 3 ? 2 - k : k;
               uint8_t e = c == 3 && !has_alpha ? 255 : want[c];
               bad += out[y][x][k] != e;
            }
      CHECK(bad == 0, "%s read as %s: %u bytes wrong (first texel %02x %02x %02x %02x)", what,
            bgra ? "GL_BGRA" : "GL_RGBA", bad, out[0][0][0], out[0][0][1], out[0][0][2],
            out[0][0][3]);
   }
}

static void
test_readpixels_byte_layouts(void)
{
   check_read_layouts("the BGRA8 window", true);
   static const GLenum formats[2] = { GL_RGBA8, GL_RGB8 };
   for (unsigned i = 0; i < 2; i++) {
      GLuint fbo, rb;
      api_glGenFramebuffers(1, &fbo);
      api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      api_glGenRenderbuffers(1, &rb);
      api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
      api_glRenderbufferStorage(GL_RENDERBUFFER, formats[i], 16, 8);
      api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
      CHECK_GL_ERROR(GL_NO_ERROR);
      check_read_layouts(i ? "an RGB8 renderbuffer" : "an RGBA8 renderbuffer", i == 0);
      api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
      api_glDeleteFramebuffers(1, &fbo);
      api_glDeleteRenderbuffers(1, &rb);
   }
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static struct pipe_screen *g_screen;

static void
test_no_depth_stencil(struct st_context *ctx_unused)
{
   (void)ctx_unused;
   /* a drawable without depth/stencil: depth and stencil draws are
    * GL_INVALID_OPERATION */
   struct st_visual vis = { true, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_NONE, 0 };
   struct st_context_attribs attribs = { ST_PROFILE_COMPAT, 1, 0, 0, &vis };
   enum st_context_error err;
   struct st_context *ctx = st_context_create(g_screen, &attribs, NULL, &err);
   CHECK(ctx != NULL, "context (error %d)", err);
   if (!ctx)
      return;
   struct test_drawable d;
   test_drawable_init(&d, g_screen, &vis, 8, 8);
   CHECK(st_make_current(ctx, &d.base, &d.base), "make current");
   float z = 0.5f;
   api_glDrawPixels(1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDrawPixels(1, 1, GL_STENCIL_INDEX, GL_FLOAT, &z);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glCopyPixels(0, 0, 1, 1, GL_DEPTH);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glCopyPixels(0, 0, 1, 1, GL_STENCIL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* surfaceless: GL_INVALID_FRAMEBUFFER_OPERATION */
   CHECK(st_make_current(ctx, NULL, NULL), "surfaceless");
   api_glDrawPixels(1, 1, GL_LUMINANCE, GL_FLOAT, &z);
   CHECK_GL_ERROR(GL_INVALID_FRAMEBUFFER_OPERATION);
   api_glBitmap(0, 0, 0, 0, 0, 0, NULL);
   CHECK_GL_ERROR(GL_INVALID_FRAMEBUFFER_OPERATION);
   st_make_current(NULL, NULL, NULL);
   st_framebuffer_iface_destroyed(&d.base);
   st_context_destroy(ctx);
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
      pipe_resource_reference(&d.tex[i], NULL);
}

int
main(void)
{
   struct sw_winsys *ws = null_sw_winsys_create();
   struct pipe_screen *screen = ws ? pipe_loader_create_sw_screen(ws, "refpipe") : NULL;
   if (!screen) {
      fprintf(stderr, "no refpipe screen\n");
      return 1;
   }
   g_screen = screen;
   struct st_visual vis = { true, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, 0 };
   struct st_context_attribs attribs = { ST_PROFILE_COMPAT, 1, 0, 0, &vis };
   enum st_context_error err;
   struct st_context *ctx = st_context_create(screen, &attribs, NULL, &err);
   CHECK(ctx != NULL, "context (error %d)", err);
   if (!ctx)
      return st_test_finish("st_test_pixel");

   struct test_drawable d;
   test_drawable_init(&d, screen, &vis, W, H);
   CHECK(st_make_current(ctx, &d.base, &d.base), "make current");

   api_glMatrixMode(GL_PROJECTION);
   api_glLoadIdentity();
   api_glOrtho(0, W, 0, H, -1, 1);
   api_glMatrixMode(GL_MODELVIEW);
   api_glLoadIdentity();
   CHECK_GL_ERROR(GL_NO_ERROR);

   test_raster_pos();
   test_readpixels_unoffered_types();
   test_drawpixels_color();
   test_drawpixels_depth_stencil();
   test_drawpixels_textured();
   test_copypixels();
   test_bitmap();
   test_maps_and_errors();
   test_readpixels_transfer_and_pbo();
   test_readpixels_byte_layouts();
   test_depth_float_pixels();
   test_render_modes();

   st_make_current(NULL, NULL, NULL);
   st_framebuffer_iface_destroyed(&d.base);
   st_context_destroy(ctx);
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
      pipe_resource_reference(&d.tex[i], NULL);

   test_no_depth_stencil(NULL);
   screen->destroy(screen);
   return st_test_finish("st_test_pixel");
}
