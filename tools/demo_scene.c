/*
 * The demo scene (demo_scene.h), shared by pony-demo and pony-gbm-demo.
 */
#include "demo_scene.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <math.h>
#include <png.h>

const char *demo_prog = "pony-demo";

/*
 * The scene: a sky gradient, a checkered floor (a 2x2 texture repeated,
 * modulated by lighting), a textured lit cube and a lit, shiny sphere
 * behind it, with depth testing.  The floor and sky are simple enough to
 * compute on the CPU, which --verify does at probe points; --verify also
 * draws the scene a second time with the objects in the other order and
 * requires the same picture (the depth test decides, not the order).
 */
#define DEMO_FOVY_DEG 45.0
#define DEMO_NEAR 1.0
#define DEMO_FAR 50.0

static const float sky_bottom[3] = { 0.95f, 0.85f, 0.60f };
static const float sky_top[3] = { 0.15f, 0.30f, 0.75f };
static const float checker[2][3] = { { 0.9f, 0.9f, 0.9f }, { 0.2f, 0.3f, 0.6f } };
static const float light_dir[4] = { 0.3f, 1.0f, 0.6f, 0.0f };   /* eye space, directional */
static const float global_ambient = 0.2f, light_diffuse = 0.8f;

void
demo_make_textures(struct demo_textures *t)
{
   uint8_t check[2 * 2 * 3];
   for (int i = 0; i < 4; i++)
      for (int k = 0; k < 3; k++)
         check[i * 3 + k] = (uint8_t)(checker[(i ^ (i >> 1)) & 1][k] * 255.0f + 0.5f);
   uint8_t bricks[32 * 32 * 3];
   for (int y = 0; y < 32; y++) {
      for (int x = 0; x < 32; x++) {
         int row = y / 8, xs = (x + (row & 1) * 8) % 16;
         bool mortar = y % 8 == 0 || xs == 0;
         uint8_t *p = &bricks[(y * 32 + x) * 3];
         p[0] = mortar ? 200 : (uint8_t)(150 + (x * 7 + y * 13) % 40);
         p[1] = mortar ? 200 : (uint8_t)(60 + (x * 5 + y * 3) % 20);
         p[2] = mortar ? 190 : 40;
      }
   }
   glGenTextures(1, &t->checker);
   glBindTexture(GL_TEXTURE_2D, t->checker);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 2, 2, 0, GL_RGB, GL_UNSIGNED_BYTE, check);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
   glGenTextures(1, &t->bricks);
   glBindTexture(GL_TEXTURE_2D, t->bricks);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 32, 32, 0, GL_RGB, GL_UNSIGNED_BYTE, bricks);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
}

static void
draw_sky(void)
{
   glDisable(GL_DEPTH_TEST);
   glDisable(GL_LIGHTING);
   glDisable(GL_TEXTURE_2D);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glBegin(GL_QUADS);
   glColor3fv(sky_bottom);
   glVertex2f(-1.0f, -1.0f);
   glVertex2f(1.0f, -1.0f);
   glColor3fv(sky_top);
   glVertex2f(1.0f, 1.0f);
   glVertex2f(-1.0f, 1.0f);
   glEnd();
}

static void
draw_floor(GLuint tex)
{
   glBindTexture(GL_TEXTURE_2D, tex);
   glEnable(GL_TEXTURE_2D);
   glBegin(GL_QUADS);
   glNormal3f(0.0f, 1.0f, 0.0f);
   glTexCoord2f(0.0f, 0.0f);
   glVertex3f(-4.0f, -1.0f, -2.0f);
   glTexCoord2f(8.0f, 0.0f);
   glVertex3f(4.0f, -1.0f, -2.0f);
   glTexCoord2f(8.0f, 10.0f);
   glVertex3f(4.0f, -1.0f, -12.0f);
   glTexCoord2f(0.0f, 10.0f);
   glVertex3f(-4.0f, -1.0f, -12.0f);
   glEnd();
   glDisable(GL_TEXTURE_2D);
}

static void
draw_cube(GLuint tex)
{
   static const float n[6][3] = {
      { 0, 0, 1 }, { 0, 0, -1 }, { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 },
   };
   glPushMatrix();
   glTranslatef(-0.5f, -0.3f, -5.5f);
   glRotatef(30.0f, 0.0f, 1.0f, 0.0f);
   glRotatef(20.0f, 1.0f, 0.0f, 0.0f);
   glBindTexture(GL_TEXTURE_2D, tex);
   glEnable(GL_TEXTURE_2D);
   glBegin(GL_QUADS);
   for (int f = 0; f < 6; f++) {
      /* two axes spanning the face */
      float u[3] = { n[f][1] != 0 ? 1.0f : -n[f][2], 0, n[f][1] != 0 ? 0 : n[f][0] };
      float v[3] = { 0, n[f][1] != 0 ? 0 : 1.0f, n[f][1] != 0 ? -n[f][1] : 0 };
      static const float corner[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
      glNormal3fv(n[f]);
      for (int c = 0; c < 4; c++) {
         float a = corner[c][0], b = corner[c][1];
         glTexCoord2f((a + 1) * 0.5f, (b + 1) * 0.5f);
         glVertex3f(0.6f * (n[f][0] + a * u[0] + b * v[0]),
                    0.6f * (n[f][1] + a * u[1] + b * v[1]),
                    0.6f * (n[f][2] + a * u[2] + b * v[2]));
      }
   }
   glEnd();
   glDisable(GL_TEXTURE_2D);
   glPopMatrix();
}

static void
draw_sphere(void)
{
   const int rings = 24, segs = 32;
   const float red[4] = { 0.8f, 0.1f, 0.1f, 1.0f }, white[4] = { 1, 1, 1, 1 };
   glMaterialfv(GL_FRONT, GL_AMBIENT_AND_DIFFUSE, red);
   glMaterialfv(GL_FRONT, GL_SPECULAR, white);
   glMaterialf(GL_FRONT, GL_SHININESS, 32.0f);
   glPushMatrix();
   glTranslatef(0.7f, 0.1f, -8.0f);
   for (int r = 0; r < rings; r++) {
      float t0 = (float)M_PI * r / rings, t1 = (float)M_PI * (r + 1) / rings;
      glBegin(GL_QUAD_STRIP);
      for (int s = 0; s <= segs; s++) {
         float p = 2.0f * (float)M_PI * s / segs;
         for (int k = 0; k < 2; k++) {
            float t = k ? t1 : t0;
            float x = sinf(t) * cosf(p), y = sinf(t) * sinf(p), z = cosf(t);
            glNormal3f(x, y, z);
            glVertex3f(1.2f * x, 1.2f * y, 1.2f * z);
         }
      }
      glEnd();
   }
   glPopMatrix();
   const float black[4] = { 0, 0, 0, 1 };
   glMaterialfv(GL_FRONT, GL_AMBIENT_AND_DIFFUSE, white);
   glMaterialfv(GL_FRONT, GL_SPECULAR, black);
}

static void
perspective(double aspect)
{
   double f = DEMO_NEAR * tan(DEMO_FOVY_DEG * M_PI / 360.0);
   glFrustum(-f * aspect, f * aspect, -f, f, DEMO_NEAR, DEMO_FAR);
}

/* sphere_first: draw order (the picture must not depend on it). */
void
demo_draw_scene(int w, int h, const struct demo_textures *t, bool sphere_first)
{
   glClearColor(0, 0, 0, 1);
   glClearDepth(1.0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   draw_sky();

   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   perspective((double)w / h);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glEnable(GL_LIGHTING);
   glEnable(GL_LIGHT0);
   const float amb[4] = { global_ambient, global_ambient, global_ambient, 1 };
   const float dif[4] = { light_diffuse, light_diffuse, light_diffuse, 1 };
   const float zero[4] = { 0, 0, 0, 1 }, white[4] = { 1, 1, 1, 1 };
   glLightModelfv(GL_LIGHT_MODEL_AMBIENT, amb);
   glLightfv(GL_LIGHT0, GL_POSITION, light_dir);   /* identity modelview: eye space */
   glLightfv(GL_LIGHT0, GL_AMBIENT, zero);
   glLightfv(GL_LIGHT0, GL_DIFFUSE, dif);
   glLightfv(GL_LIGHT0, GL_SPECULAR, white);
   glMaterialfv(GL_FRONT, GL_AMBIENT_AND_DIFFUSE, white);
   glMaterialfv(GL_FRONT, GL_SPECULAR, zero);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);

   draw_floor(t->checker);
   if (sphere_first)
      draw_sphere();
   draw_cube(t->bricks);
   if (!sphere_first)
      draw_sphere();
   glDisable(GL_LIGHTING);
   glDisable(GL_DEPTH_TEST);
}

/* Window coordinates of an eye-space point under the demo's projection. */
static void
project(int w, int h, const double eye[3], double *wx, double *wy)
{
   double f = 1.0 / tan(DEMO_FOVY_DEG * M_PI / 360.0);
   double aspect = (double)w / h;
   *wx = (f / aspect * eye[0] / -eye[2] + 1.0) * 0.5 * w;
   *wy = (f * eye[1] / -eye[2] + 1.0) * 0.5 * h;
}

static int
probe(const uint8_t *px, int w, int x, int y, const float want[3], int tol, const char *what)
{
   const uint8_t *p = px + ((size_t)y * w + x) * 4;
   for (int k = 0; k < 3; k++) {
      int e = (int)(want[k] * 255.0f + 0.5f);
      if (abs((int)p[k] - e) > tol) {
         fprintf(stderr, "%s: %s at (%d,%d) is %u,%u,%u, expected %d,%d,%d (+-%d)\n",
                 demo_prog, what, x, y, p[0], p[1], p[2], (int)(want[0] * 255 + 0.5f),
                 (int)(want[1] * 255 + 0.5f), (int)(want[2] * 255 + 0.5f), tol);
         return 1;
      }
   }
   return 0;
}

/* Checks against values computed here: sky gradient, lit checker floor. */
int
demo_verify_probes(const uint8_t *px, int w, int h)
{
   int bad = 0;
   /* sky: smooth shading between the bottom and top colours (row centres) */
   for (int y = h - 2; y >= h / 2; y -= h / 7 > 0 ? h / 7 : 1) {
      float t = ((float)y + 0.5f) / (float)h, want[3];
      for (int k = 0; k < 3; k++)
         want[k] = sky_bottom[k] + (sky_top[k] - sky_bottom[k]) * t;
      bad += probe(px, w, 1, y, want, 2, "sky");
   }
   /* floor: N = +y, directional light: colour = texel * (ambient + diffuse * N.L) */
   double len = sqrt(light_dir[0] * light_dir[0] + light_dir[1] * light_dir[1] +
                     light_dir[2] * light_dir[2]);
   float lit = global_ambient + light_diffuse * (float)(light_dir[1] / len);
   /* texel cells are 0.5 units; probe cell centres near the camera */
   static const double cells[][2] = { { -1.25, -2.75 }, { -0.75, -2.75 }, { 1.75, -3.25 },
                                      { 2.25, -3.25 } };
   for (unsigned i = 0; i < sizeof cells / sizeof cells[0]; i++) {
      double eye[3] = { cells[i][0], -1.0, cells[i][1] }, wx, wy;
      project(w, h, eye, &wx, &wy);
      int ix = (int)floor(wx), iy = (int)floor(wy);
      if (ix < 0 || iy < 0 || ix >= w || iy >= h)
         continue;
      /* texel index: s = x + 4 (1 texel = 0.5 units), t = -(z + 2) */
      int s = (int)floor((cells[i][0] + 4.0) * 2.0), tt = (int)floor(-(cells[i][1] + 2.0) * 2.0);
      const float *texel = checker[(s ^ tt) & 1];
      float want[3] = { texel[0] * lit, texel[1] * lit, texel[2] * lit };
      bad += probe(px, w, ix, iy, want, 3, "floor");
   }
   return bad;
}

const char *
demo_egl_error_name(EGLint err)
{
   switch (err) {
   case EGL_SUCCESS:         return "EGL_SUCCESS";
   case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
   case EGL_BAD_ALLOC:       return "EGL_BAD_ALLOC";
   case EGL_BAD_ATTRIBUTE:   return "EGL_BAD_ATTRIBUTE";
   case EGL_BAD_CONFIG:      return "EGL_BAD_CONFIG";
   case EGL_BAD_CONTEXT:     return "EGL_BAD_CONTEXT";
   case EGL_BAD_DISPLAY:     return "EGL_BAD_DISPLAY";
   case EGL_BAD_MATCH:       return "EGL_BAD_MATCH";
   case EGL_BAD_PARAMETER:   return "EGL_BAD_PARAMETER";
   case EGL_BAD_SURFACE:     return "EGL_BAD_SURFACE";
   default:                  return "EGL error";
   }
}

/* Writes RGBA8 rows (bottom row first, as read from GL) to a PNG, top row
 * first. */
bool
demo_write_png(const char *path, const uint8_t *pixels, int w, int h)
{
   FILE *f = fopen(path, "wb");
   if (!f) {
      fprintf(stderr, "%s: cannot open %s: %s\n", demo_prog, path,
              strerror(errno));
      return false;
   }
   png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL,
                                             NULL, NULL);
   png_infop info = png ? png_create_info_struct(png) : NULL;
   png_bytep *rows = calloc((size_t)h, sizeof(*rows));
   if (!png || !info || !rows) {
      png_destroy_write_struct(&png, &info);
      free(rows);
      fclose(f);
      return false;
   }
   if (setjmp(png_jmpbuf(png))) {
      fprintf(stderr, "%s: libpng failed writing %s\n", demo_prog, path);
      png_destroy_write_struct(&png, &info);
      free(rows);
      fclose(f);
      return false;
   }
   for (int y = 0; y < h; y++)
      rows[y] = (png_bytep)(pixels + (size_t)(h - 1 - y) * w * 4);
   png_init_io(png, f);
   png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8,
                PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
   png_write_info(png, info);
   png_write_image(png, rows);
   png_write_end(png, NULL);
   png_destroy_write_struct(&png, &info);
   free(rows);
   if (fclose(f) != 0) {
      fprintf(stderr, "%s: writing %s: %s\n", demo_prog, path, strerror(errno));
      return false;
   }
   return true;
}

int
demo_compare(const uint8_t *got, const uint8_t *want, int w, int h)
{
   int bad = 0;
   for (int i = 0; i < w * h; i++) {
      for (int k = 0; k < 4; k++) {
         if (abs((int)got[i * 4 + k] - (int)want[i * 4 + k]) > 1) {
            if (bad < 8)
               fprintf(stderr, "%s: pixel (%d,%d) (GL coordinates) "
                       "is %u,%u,%u,%u, expected %u,%u,%u,%u\n", demo_prog, i % w, i / w,
                       got[i * 4], got[i * 4 + 1], got[i * 4 + 2],
                       got[i * 4 + 3], want[i * 4], want[i * 4 + 1],
                       want[i * 4 + 2], want[i * 4 + 3]);
            bad++;
            break;
         }
      }
   }
   return bad;
}

