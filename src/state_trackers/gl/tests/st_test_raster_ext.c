/*
 * GL_ARB_depth_clamp, GL_ARB_seamless_cube_map with
 * GL_AMD_seamless_cubemap_per_texture, and GL_ARB/EXT_provoking_vertex on
 * refpipe (api_enable.c, st_draw.c, api_rasterpos.c, st_texture.c,
 * api_texture.c, api_draw.c): enables, queries, errors, attribute groups,
 * display lists, and drawn pixels (a quad crossing the far plane, the raster
 * position behind it, a linear lookup at a cube face's edge, the colour of
 * a flat triangle in both conventions); GL_NV_copy_depth_to_color's
 * glCopyPixels of depth and stencil into colour (with the
 * GL_NV_packed_depth_stencil names of the tokens).
 */
#include <math.h>
#include <string.h>

#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_fb.h"

#define W 16
#define H 16

static GLubyte px[H][W][4];

static void
read_all(void)
{
   api_glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

#define CHECK_PX(x, y, r, g, b, tol)                                                       \
   CHECK(abs(px[y][x][0] - (r)) <= (tol) && abs(px[y][x][1] - (g)) <= (tol) &&           \
         abs(px[y][x][2] - (b)) <= (tol), "pixel (%d,%d) = %d %d %d, expected %d %d %d",  \
         x, y, px[y][x][0], px[y][x][1], px[y][x][2], r, g, b)

static GLint
geti(GLenum pname)
{
   GLint v = -12345;
   api_glGetIntegerv(pname, &v);
   return v;
}

static void
test_strings(void)
{
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   static const char *const names[] = {
      "GL_ARB_depth_clamp ", "GL_ARB_seamless_cube_map ", "GL_AMD_seamless_cubemap_per_texture ",
      "GL_ARB_provoking_vertex ", "GL_EXT_provoking_vertex ", "GL_NV_packed_depth_stencil ",
      "GL_NV_copy_depth_to_color ",
   };
   for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
      CHECK(ext && strstr(ext, names[i]), "%s advertised", names[i]);
}

/* A quad over the whole surface, z from 0 (bottom) to -3 (top): object z
 * -3 is window z 2 through glOrtho(..., -1, 1), beyond the far plane from
 * object z -1 (y = H / 3) on. */
static void
slanted_quad(void)
{
   api_glBegin(GL_QUADS);
   api_glVertex3f(0, 0, 0);
   api_glVertex3f(W, 0, 0);
   api_glVertex3f(W, H, -3);
   api_glVertex3f(0, H, -3);
   api_glEnd();
}

static void
test_depth_clamp(void)
{
   CHECK(!api_glIsEnabled(GL_DEPTH_CLAMP), "initially disabled");
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   api_glColor3f(1, 1, 1);
   slanted_quad();
   read_all();
   CHECK_PX(8, 2, 255, 255, 255, 0);
   CHECK_PX(8, 12, 0, 0, 0, 0);   /* clipped at the far plane */

   api_glEnable(GL_DEPTH_CLAMP);
   CHECK(api_glIsEnabled(GL_DEPTH_CLAMP), "enabled");
   GLboolean b = GL_FALSE;
   api_glGetBooleanv(GL_DEPTH_CLAMP, &b);
   CHECK(b == GL_TRUE, "glGetBooleanv");
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   api_glEnable(GL_DEPTH_TEST);
   api_glDepthFunc(GL_ALWAYS);
   slanted_quad();
   api_glDisable(GL_DEPTH_TEST);
   read_all();
   CHECK_PX(8, 2, 255, 255, 255, 0);
   CHECK_PX(8, 12, 255, 255, 255, 0);   /* not clipped */
   /* depth clamped to the depth range [0.25, 0.75] set below: far is 0.75 */
   api_glDepthRange(0.25, 0.75);
   api_glClear(GL_DEPTH_BUFFER_BIT);
   api_glEnable(GL_DEPTH_TEST);
   slanted_quad();
   api_glDisable(GL_DEPTH_TEST);
   api_glDepthRange(0, 1);
   GLfloat z = -1;
   api_glReadPixels(8, 14, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   CHECK(fabsf(z - 0.75f) < 1e-4f, "clamped depth %g, expected 0.75", z);
   api_glDepthFunc(GL_LESS);

   /* the raster position behind the far plane is valid while clamping */
   api_glRasterPos3f(4, 4, -3);
   CHECK_EQ_INT(geti(GL_CURRENT_RASTER_POSITION_VALID), 1);
   GLfloat rp[4];
   api_glGetFloatv(GL_CURRENT_RASTER_POSITION, rp);
   CHECK(fabsf(rp[2] - 1.0f) < 1e-6f, "raster z %g, expected 1", rp[2]);
   api_glDisable(GL_DEPTH_CLAMP);
   api_glRasterPos3f(4, 4, -3);
   CHECK_EQ_INT(geti(GL_CURRENT_RASTER_POSITION_VALID), 0);

   /* GL_TRANSFORM_BIT and GL_ENABLE_BIT hold it */
   api_glPushAttrib(GL_TRANSFORM_BIT);
   api_glEnable(GL_DEPTH_CLAMP);
   api_glPopAttrib();
   CHECK(!api_glIsEnabled(GL_DEPTH_CLAMP), "restored by GL_TRANSFORM_BIT");
   api_glPushAttrib(GL_ENABLE_BIT);
   api_glEnable(GL_DEPTH_CLAMP);
   api_glPopAttrib();
   CHECK(!api_glIsEnabled(GL_DEPTH_CLAMP), "restored by GL_ENABLE_BIT");
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* A 1x1 cube map: +X red, +Z blue, the others green. */
static GLuint
cube_texture(void)
{
   GLuint t = 0;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_CUBE_MAP, t);
   for (unsigned f = 0; f < 6; f++) {
      GLenum target = GL_TEXTURE_CUBE_MAP_POSITIVE_X + f;
      GLubyte c[4] = { 0, 255, 0, 255 };
      if (target == GL_TEXTURE_CUBE_MAP_POSITIVE_X)
         c[0] = 255, c[1] = 0;
      if (target == GL_TEXTURE_CUBE_MAP_POSITIVE_Z)
         c[2] = 255, c[1] = 0;
      api_glTexImage2D(target, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, c);
   }
   api_glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   api_glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   api_glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   api_glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   return t;
}

/* Draws the whole surface with direction (0.99, 0, 1): on +Z, at its
 * edge with +X. */
static void
edge_quad(void)
{
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBegin(GL_QUADS);
   api_glTexCoord3f(0.99f, 0, 1);
   api_glVertex2f(0, 0);
   api_glVertex2f(W, 0);
   api_glVertex2f(W, H);
   api_glVertex2f(0, H);
   api_glEnd();
   read_all();
}

static void
test_seamless(void)
{
   CHECK(!api_glIsEnabled(GL_TEXTURE_CUBE_MAP_SEAMLESS), "initially disabled");
   GLuint t = cube_texture();
   api_glEnable(GL_TEXTURE_CUBE_MAP);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   edge_quad();
   CHECK_PX(8, 8, 0, 0, 255, 1);   /* +Z alone: clamped to its edge */

   /* seamless: the texel across the edge is +X's: half red, half blue */
   api_glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
   edge_quad();
   CHECK_PX(8, 8, 128, 0, 128, 2);
   api_glDisable(GL_TEXTURE_CUBE_MAP_SEAMLESS);

   /* the same from the texture's own parameter */
   GLint v = -1;
   api_glGetTexParameteriv(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_SEAMLESS, &v);
   CHECK_EQ_INT(v, GL_FALSE);
   api_glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_SEAMLESS, 2);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_SEAMLESS, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexParameteriv(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_SEAMLESS, &v);
   CHECK_EQ_INT(v, GL_TRUE);
   edge_quad();
   CHECK_PX(8, 8, 128, 0, 128, 2);
   api_glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_SEAMLESS, GL_FALSE);
   edge_quad();
   CHECK_PX(8, 8, 0, 0, 255, 1);

   /* an enable of GL_ENABLE_BIT */
   api_glPushAttrib(GL_ENABLE_BIT);
   api_glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
   api_glPopAttrib();
   CHECK(!api_glIsEnabled(GL_TEXTURE_CUBE_MAP_SEAMLESS), "restored by GL_ENABLE_BIT");
   api_glDisable(GL_TEXTURE_CUBE_MAP);
   api_glDeleteTextures(1, &t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
flat_triangle(void)
{
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBegin(GL_TRIANGLES);
   api_glColor3f(1, 0, 0);
   api_glVertex2f(0, 0);
   api_glColor3f(0, 1, 0);
   api_glVertex2f(W * 2, 0);
   api_glColor3f(0, 0, 1);
   api_glVertex2f(0, H * 2);
   api_glEnd();
   read_all();
}

static void
test_provoking(void)
{
   CHECK_EQ_INT(geti(GL_PROVOKING_VERTEX), GL_LAST_VERTEX_CONVENTION);
   CHECK_EQ_INT(geti(GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION), GL_TRUE);
   api_glProvokingVertex(GL_FLAT);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glShadeModel(GL_FLAT);
   flat_triangle();
   CHECK_PX(4, 4, 0, 0, 255, 0);
   api_glProvokingVertexEXT(GL_FIRST_VERTEX_CONVENTION);
   CHECK_EQ_INT(geti(GL_PROVOKING_VERTEX), GL_FIRST_VERTEX_CONVENTION);
   flat_triangle();
   CHECK_PX(4, 4, 255, 0, 0, 0);

   /* GL_LIGHTING_BIT */
   api_glPushAttrib(GL_LIGHTING_BIT);
   api_glProvokingVertex(GL_LAST_VERTEX_CONVENTION);
   api_glPopAttrib();
   CHECK_EQ_INT(geti(GL_PROVOKING_VERTEX), GL_FIRST_VERTEX_CONVENTION);
   /* compiled into a display list */
   GL(glNewList, GLuint, GLenum)(9, GL_COMPILE);
   GL(glProvokingVertex, GLenum)(GL_LAST_VERTEX_CONVENTION);
   GL(glEndList, void)();
   CHECK_EQ_INT(geti(GL_PROVOKING_VERTEX), GL_FIRST_VERTEX_CONVENTION);
   GL(glCallList, GLuint)(9);
   CHECK_EQ_INT(geti(GL_PROVOKING_VERTEX), GL_LAST_VERTEX_CONVENTION);
   flat_triangle();
   CHECK_PX(4, 4, 0, 0, 255, 0);
   api_glDeleteLists(9, 1);
   api_glShadeModel(GL_SMOOTH);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_copy_depth_to_color(void)
{
   /* depth 0x123456, stencil 0x9a in the lower left 4x4 */
   GLuint ds[16];
   for (int i = 0; i < 16; i++)
      ds[i] = 0x1234569au;
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   api_glRasterPos2i(0, 0);
   api_glDrawPixels(4, 4, GL_DEPTH_STENCIL_NV, GL_UNSIGNED_INT_24_8_NV, ds);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glRasterPos2i(8, 0);
   api_glCopyPixels(0, 0, 4, 4, GL_DEPTH_STENCIL_TO_RGBA_NV);
   api_glRasterPos2i(8, 8);
   api_glCopyPixels(0, 0, 4, 4, GL_DEPTH_STENCIL_TO_BGRA_NV);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   CHECK(px[1][9][0] == 0x12 && px[1][9][1] == 0x34 && px[1][9][2] == 0x56 &&
            px[1][9][3] == 0x9a, "RGBA copy %02x %02x %02x %02x", px[1][9][0], px[1][9][1],
         px[1][9][2], px[1][9][3]);
   CHECK(px[9][9][0] == 0x56 && px[9][9][1] == 0x34 && px[9][9][2] == 0x12 &&
            px[9][9][3] == 0x9a, "BGRA copy %02x %02x %02x %02x", px[9][9][0], px[9][9][1],
         px[9][9][2], px[9][9][3]);
   CHECK_PX(13, 1, 0, 0, 0, 0);   /* only the 4x4 copy */
   api_glCopyPixels(0, 0, 4, 4, GL_DEPTH_STENCIL_TO_RGBA_NV + 2);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
}

int
main(void)
{
   struct test_env e;
   bool ok = test_env_init(&e, W, H);
   CHECK(ok, "test environment");
   if (ok) {
      test_strings();
      test_depth_clamp();
      test_seamless();
      test_provoking();
      test_copy_depth_to_color();
   }
   test_env_fini(&e);
   return st_test_finish("st_test_raster_ext");
}
