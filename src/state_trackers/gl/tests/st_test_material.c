/*
 * Materials (GL 2.1 section 2.14.3) rendered on refpipe: glMaterial
 * between glBegin and glEnd applies per vertex (st_material.c), colour
 * material tracking as seen by glGetMaterial.
 */
#include <math.h>
#include <string.h>

#include "st_draw.h"
#include "st_test_fb.h"

#define W 32
#define H 32

static const GLfloat black[] = { 0, 0, 0, 1 };
static const GLfloat white[] = { 1, 1, 1, 1 };
static const GLfloat red[] = { 1, 0, 0, 1 };
static const GLfloat green[] = { 0, 1, 0, 1 };
static const GLfloat blue_half[] = { 0, 0, 0.5f, 1 };

static void
read_px(unsigned x, unsigned y, GLubyte out[4])
{
   static GLubyte px[W * H * 4];
   api_glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   memcpy(out, &px[(y * W + x) * 4], 4);
}

/* expected 0..255 colour within 2 (rounding of the lit colour) */
static bool
px_is(unsigned x, unsigned y, int r, int g, int b)
{
   GLubyte p[4];
   read_px(x, y, p);
   bool ok = abs(p[0] - r) <= 2 && abs(p[1] - g) <= 2 && abs(p[2] - b) <= 2;
   if (!ok)
      fprintf(stderr, "pixel (%u,%u) = %u %u %u, expected %d %d %d\n", x, y, p[0], p[1], p[2],
              r, g, b);
   return ok;
}

static void
setup_light(void)
{
   api_glEnable(GL_LIGHTING);
   api_glEnable(GL_LIGHT0);
   api_glLightfv(GL_LIGHT0, GL_AMBIENT, white);
   api_glLightfv(GL_LIGHT0, GL_DIFFUSE, white);
   api_glLightfv(GL_LIGHT0, GL_SPECULAR, white);
   api_glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, black);
   api_glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, black);
   api_glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, black);
   api_glMaterialfv(GL_FRONT_AND_BACK, GL_EMISSION, black);
}

/* A flat-shaded strip of two quads, left red and right green, the colour
 * coming from material `mat` set per vertex. */
static void
test_strip(GLenum mat)
{
   api_glClear(GL_COLOR_BUFFER_BIT);
   setup_light();
   api_glShadeModel(GL_FLAT);
   api_glBegin(GL_TRIANGLE_STRIP);
   api_glNormal3f(0, 0, 1);
   api_glVertex2f(0, 0);
   api_glVertex2f(0, H);
   api_glMaterialfv(GL_FRONT_AND_BACK, mat, red);
   api_glVertex2f(W / 2, 0);
   api_glVertex2f(W / 2, H);
   api_glMaterialfv(GL_FRONT_AND_BACK, mat, green);
   api_glVertex2f(W, 0);
   api_glVertex2f(W, H);
   api_glEnd();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(px_is(W / 2 - 3, H / 2, 255, 0, 0), "left of strip, mat 0x%x", mat);
   CHECK(px_is(W / 2 + 3, H / 2, 0, 255, 0), "right of strip, mat 0x%x", mat);
   /* glGetMaterial: the last value */
   GLfloat f[4];
   api_glGetMaterialfv(GL_FRONT, mat == GL_AMBIENT_AND_DIFFUSE ? GL_DIFFUSE : mat, f);
   CHECK(f[0] == 0 && f[1] == 1, "material after glEnd %g %g", f[0], f[1]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glMaterialfv(GL_FRONT_AND_BACK, mat, black);
}

/* Two properties change: independent triangles are split at the change. */
static void
test_split(void)
{
   api_glClear(GL_COLOR_BUFFER_BIT);
   setup_light();
   api_glShadeModel(GL_SMOOTH);
   api_glBegin(GL_TRIANGLES);
   api_glNormal3f(0, 0, 1);
   api_glMaterialfv(GL_FRONT, GL_DIFFUSE, red);
   api_glMaterialfv(GL_FRONT, GL_EMISSION, blue_half);
   api_glVertex2f(0, 0);      /* left half */
   api_glVertex2f(W / 2, 0);
   api_glVertex2f(0, H);
   api_glMaterialfv(GL_FRONT, GL_DIFFUSE, green);
   api_glMaterialfv(GL_FRONT, GL_EMISSION, black);
   api_glVertex2f(W / 2, 0);  /* right half */
   api_glVertex2f(W, 0);
   api_glVertex2f(W, H);
   api_glEnd();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(px_is(3, 3, 255, 0, 128), "first triangle");
   CHECK(px_is(W - 3, 3, 0, 255, 0), "second triangle");
   api_glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, black);
}

/* The unlit case and front/back values that differ keep working. */
static void
test_unlit_and_faces(void)
{
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDisable(GL_LIGHTING);
   api_glColor3f(0, 0, 1);
   api_glBegin(GL_QUADS);
   api_glMaterialfv(GL_FRONT, GL_DIFFUSE, red);
   api_glVertex2f(0, 0);
   api_glVertex2f(W, 0);
   api_glMaterialfv(GL_BACK, GL_DIFFUSE, green);
   api_glVertex2f(W, H);
   api_glVertex2f(0, H);
   api_glEnd();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(px_is(W / 2, H / 2, 0, 0, 255), "unlit quad keeps its colour");
   GLfloat f[4];
   api_glGetMaterialfv(GL_BACK, GL_DIFFUSE, f);
   CHECK(f[1] == 1 && f[0] == 0, "back diffuse");
   api_glGetMaterialfv(GL_FRONT, GL_DIFFUSE, f);
   CHECK(f[0] == 1 && f[1] == 0, "front diffuse");
}

/* GL_COLOR_MATERIAL: glGetMaterial sees the tracked current colour. */
static void
test_color_material_get(void)
{
   GLfloat f[4];
   api_glColorMaterial(GL_FRONT, GL_EMISSION);
   api_glColor4f(0.25f, 0.5f, 0.75f, 1);
   api_glEnable(GL_COLOR_MATERIAL);   /* the current colour applies at once */
   api_glGetMaterialfv(GL_FRONT, GL_EMISSION, f);
   CHECK(f[0] == 0.25f && f[2] == 0.75f, "emission tracked at enable %g %g", f[0], f[2]);
   api_glGetMaterialfv(GL_BACK, GL_EMISSION, f);
   CHECK(f[0] == 0 && f[2] == 0, "back not tracked %g", f[0]);
   api_glColor3f(0, 1, 0);
   api_glGetMaterialfv(GL_FRONT, GL_EMISSION, f);
   CHECK(f[1] == 1 && f[0] == 0, "emission follows glColor");
   api_glColorMaterial(GL_BACK, GL_AMBIENT);   /* applies at glColorMaterial */
   api_glGetMaterialfv(GL_BACK, GL_AMBIENT, f);
   CHECK(f[1] == 1 && f[0] == 0, "back ambient tracked");
   api_glDisable(GL_COLOR_MATERIAL);
   api_glColor3f(1, 0, 0);
   api_glGetMaterialfv(GL_BACK, GL_AMBIENT, f);
   CHECK(f[1] == 1 && f[0] == 0, "no tracking when disabled");
   api_glColorMaterial(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

int
main(void)
{
   struct test_env e;
   bool ok = test_env_init(&e, W, H);
   CHECK(ok, "context");
   if (ok) {
      test_strip(GL_AMBIENT);
      test_strip(GL_DIFFUSE);
      test_strip(GL_EMISSION);
      test_strip(GL_AMBIENT_AND_DIFFUSE);
      test_split();
      test_unlit_and_faces();
      test_color_material_get();
   }
   test_env_fini(&e);
   return st_test_finish("st_test_material");
}
