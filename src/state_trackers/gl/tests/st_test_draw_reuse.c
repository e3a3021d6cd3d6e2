/*
 * Draw-state reuse (ST_DRAW_REUSE_* in st_context.h): a draw entry point
 * right after another keeps the pipe state the first one derived, so every
 * way of changing that state between two draws must be seen.  Each case
 * draws quad A, draws it again (the second draw reuses the state: checked),
 * changes state in its own way, then draws quad B.  The same sequence with
 * a glGetError() before quad B (an entry point that makes quad B derive
 * everything anew) is the reference: quad B must come out the same.  And
 * where the change is visible, quad B must differ from quad A, so that a
 * change the draw missed cannot pass.
 */
#include <stdlib.h>
#include <string.h>

#include "st_test_fb.h"

#define W 32
#define H 16

static const GLfloat black[] = { 0, 0, 0, 1 };
static const GLfloat white[] = { 1, 1, 1, 1 };
static const GLfloat red[] = { 1, 0, 0, 1 };
static const GLfloat green[] = { 0, 1, 0, 1 };

/* quad A covers x in [0, 12), quad B x in [20, 32); both rows 0..16 */
static const GLfloat quads[2][6][2] = {
   { { 0, 0 }, { 12, 0 }, { 12, H }, { 0, 0 }, { 12, H }, { 0, H } },
   { { 20, 0 }, { 32, 0 }, { 32, H }, { 20, 0 }, { 32, H }, { 20, H } },
};

static GLuint textures[2];
static GLuint program;

static void
lit_setup(void)
{
   api_glEnable(GL_LIGHTING);
   api_glEnable(GL_LIGHT0);
   api_glLightfv(GL_LIGHT0, GL_AMBIENT, white);
   api_glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, black);
   api_glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, black);
   api_glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, black);
   api_glMaterialfv(GL_FRONT_AND_BACK, GL_EMISSION, green);
}

/* glMaterial is allowed between glBegin and glEnd: it has no ST_ENTRY */
static void
material_mutate(void)
{
   api_glMaterialfv(GL_FRONT_AND_BACK, GL_EMISSION, red);
}

static void
list_setup(void)
{
   lit_setup();
   api_glNewList(1, GL_COMPILE);
   GL(glMaterialfv, GLenum, GLenum, const GLfloat *)(GL_FRONT_AND_BACK, GL_EMISSION, red);
   api_glEndList();
}

static void
list_mutate(void)
{
   api_glCallList(1);
}

/* glMaterial inside glBegin/glEnd: the material after glEnd is the last one */
static void
begin_end_mutate(void)
{
   api_glBegin(GL_POINTS);
   api_glMaterialfv(GL_FRONT_AND_BACK, GL_EMISSION, red);
   api_glVertex2f(-10, -10);
   api_glEnd();
}

static void
blend_setup(void)
{
   api_glColor4f(1, 1, 1, 0.5f);
}

static void
blend_mutate(void)
{
   api_glEnable(GL_BLEND);
   api_glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
}

static void
texture_setup(void)
{
   static const GLubyte texels[2][4] = { { 255, 0, 0, 255 }, { 0, 255, 0, 255 } };
   api_glGenTextures(2, textures);
   for (unsigned i = 0; i < 2; i++) {
      api_glBindTexture(GL_TEXTURE_2D, textures[i]);
      api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels[i]);
      api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   }
   api_glBindTexture(GL_TEXTURE_2D, textures[0]);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   api_glTexCoord2f(0.5f, 0.5f);
   api_glEnable(GL_TEXTURE_2D);
}

static void
bind_texture_mutate(void)
{
   api_glBindTexture(GL_TEXTURE_2D, textures[1]);
}

static void
tex_image_mutate(void)
{
   static const GLubyte blue[4] = { 0, 0, 255, 255 };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, blue);
}

/* a pixel rectangle draws with its own fragment stage and texture */
static void
draw_pixels_mutate(void)
{
   static const GLubyte px[4 * 4 * 4];
   api_glRasterPos2f(14, 2);
   api_glDrawPixels(4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

static void
translate_mutate(void)
{
   api_glTranslatef(0, H, 0);
}

static void
program_setup(void)
{
   static const char *src = "void main() { gl_FragColor = vec4(0.0, 0.0, 1.0, 1.0); }";
   GLuint s = api_glCreateShader(GL_FRAGMENT_SHADER);
   api_glShaderSource(s, 1, &src, NULL);
   api_glCompileShader(s);
   program = api_glCreateProgram();
   api_glAttachShader(program, s);
   api_glLinkProgram(program);
   api_glDeleteShader(s);
   api_glColor4f(1, 1, 0, 1);
}

static void
program_mutate(void)
{
   api_glUseProgram(program);
}

struct reuse_case {
   const char *name;
   void (*setup)(void);
   void (*mutate)(void);
   bool visible;   /* quad B differs from quad A */
};

static const struct reuse_case cases[] = {
   { "glMaterial", lit_setup, material_mutate, true },
   { "glCallList of a glMaterial", list_setup, list_mutate, true },
   { "glMaterial between glBegin and glEnd", lit_setup, begin_end_mutate, true },
   { "glEnable(GL_BLEND)", blend_setup, blend_mutate, true },
   { "glBindTexture", texture_setup, bind_texture_mutate, true },
   { "glTexImage2D of the bound texture", texture_setup, tex_image_mutate, true },
   { "glDrawPixels", texture_setup, draw_pixels_mutate, false },
   { "glTranslate", blend_setup, translate_mutate, true },
   { "glUseProgram", program_setup, program_mutate, true },
};

/* One run of a case in a fresh context: the pixels at the centres of
 * quad A and quad B. */
static bool
run(const struct reuse_case *c, bool reference, GLubyte a[4], GLubyte b[4])
{
   struct test_env e;
   bool ok = test_env_init(&e, W, H);
   CHECK(ok, "context");
   if (ok) {
      api_glClearColor(0, 0, 0, 1);
      api_glClear(GL_COLOR_BUFFER_BIT);
      api_glEnableClientState(GL_VERTEX_ARRAY);
      api_glVertexPointer(2, GL_FLOAT, 0, quads);
      c->setup();
      api_glDrawArrays(GL_TRIANGLES, 0, 6);
      api_glDrawArrays(GL_TRIANGLES, 0, 6);
      struct st_context *ctx = st_current();
      CHECK(ctx->draw_reuse == (ST_DRAW_REUSE_ENTRY | ST_DRAW_REUSE_BOUND),
            "%s: the second draw found no state to reuse (0x%x)", c->name, ctx->draw_reuse);
      c->mutate();
      if (reference)
         (void)api_glGetError();
      api_glDrawArrays(GL_TRIANGLES, 6, 6);
      CHECK_GL_ERROR(GL_NO_ERROR);
      test_read_px(6, H / 2, a);
      test_read_px(26, H / 2, b);
   }
   test_env_fini(&e);
   return ok;
}

int
main(void)
{
   for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      const struct reuse_case *c = &cases[i];
      GLubyte a[4], b[4], ref_a[4], ref_b[4];
      if (!run(c, false, a, b) || !run(c, true, ref_a, ref_b))
         continue;
      CHECK(memcmp(b, ref_b, 4) == 0, "%s: quad B %u,%u,%u,%u, derived anew %u,%u,%u,%u",
            c->name, b[0], b[1], b[2], b[3], ref_b[0], ref_b[1], ref_b[2], ref_b[3]);
      CHECK(memcmp(a, ref_a, 4) == 0, "%s: quad A differs between the runs", c->name);
      if (c->visible)
         CHECK(memcmp(ref_a, ref_b, 3) != 0, "%s: the change is not visible (%u,%u,%u)",
               c->name, ref_b[0], ref_b[1], ref_b[2]);
      else
         CHECK(memcmp(ref_a, ref_b, 4) == 0, "%s: quad B %u,%u,%u differs from quad A",
               c->name, ref_b[0], ref_b[1], ref_b[2]);
   }
   return st_test_finish("st_test_draw_reuse");
}
