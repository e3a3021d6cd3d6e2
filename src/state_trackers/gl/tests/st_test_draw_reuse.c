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
 *
 * Held draws (st_context.h): every case runs with the quads in client
 * memory and in a buffer object.  From a buffer object the second quad A
 * is held, and quad B (the next six vertices) would be appended to it
 * unless the change drew it first: then quad A would come out in the
 * changed state, unlike the reference's.  Cases whose change is invisible
 * to quad B give quad A's colour, computed here, too.  A last sequence
 * checks that consecutive draws are appended and drawn right.
 */
#include <stdlib.h>
#include <string.h>

#include "st_buffer.h"
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

/* the current colour: kept by a held draw, not part of the derived state */
static void
color_setup(void)
{
   api_glColor4f(0, 1, 0, 1);
}

static void
color_mutate(void)
{
   api_glColor4f(1, 0, 0, 1);
}

static GLuint vbo;   /* the buffer object of the run, 0 with client memory */

/* moves quad A's vertices to x in [13, 19), between the quads: a quad A
 * held across it would read them moved and draw there */
#define PROBE_X 16
static void
buffer_subdata_mutate(void)
{
   static const GLfloat away[6][2] = { { 13, 0 }, { 19, 0 }, { 19, H },
                                       { 13, 0 }, { 19, H }, { 13, H } };
   if (vbo)
      GL(glBufferSubData, GLenum, GLintptr, GLsizeiptr, const void *)(GL_ARRAY_BUFFER, 0,
                                                                      sizeof away, away);
}

struct reuse_case {
   const char *name;
   void (*setup)(void);
   void (*mutate)(void);
   bool visible;             /* quad B differs from quad A */
   const GLubyte *a_colour;  /* quad A's colour when known, else NULL */
   bool probe;               /* nothing may be drawn between the quads (PROBE_X) */
};

static const GLubyte white8[4] = { 255, 255, 255, 255 }, green8[4] = { 0, 255, 0, 255 };
static const GLubyte black8[4] = { 0, 0, 0, 255 };

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
   { "glColor", color_setup, color_mutate, true, green8 },
   { "glBufferSubData of the vertex buffer", NULL, buffer_subdata_mutate, false, white8, true },
};

/* One run of a case in a fresh context: the pixels at the centres of
 * quad A and quad B. */
static void
quads_array(bool in_vbo)
{
   api_glEnableClientState(GL_VERTEX_ARRAY);
   vbo = 0;
   if (in_vbo) {
      GL(glGenBuffers, GLsizei, GLuint *)(1, &vbo);
      GL(glBindBuffer, GLenum, GLuint)(GL_ARRAY_BUFFER, vbo);
      GL(glBufferData, GLenum, GLsizeiptr, const void *, GLenum)(GL_ARRAY_BUFFER, sizeof quads,
                                                                 quads, GL_STATIC_DRAW);
      api_glVertexPointer(2, GL_FLOAT, 0, NULL);
   } else {
      api_glVertexPointer(2, GL_FLOAT, 0, quads);
   }
}

/* A fresh context cleared to black with the quads' array; false (a failed
 * check) without one. */
static bool
start(struct test_env *e, bool in_vbo)
{
   bool ok = test_env_init(e, W, H);
   CHECK(ok, "context");
   if (ok) {
      api_glClearColor(0, 0, 0, 1);
      api_glClear(GL_COLOR_BUFFER_BIT);
      quads_array(in_vbo);
   }
   return ok;
}

static bool
run(const struct reuse_case *c, bool in_vbo, bool reference, GLubyte a[4], GLubyte b[4])
{
   struct test_env e;
   bool ok = start(&e, in_vbo);
   if (ok) {
      if (c->setup)
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
      if (c->probe) {
         GLubyte p[4];
         test_read_px(PROBE_X, H / 2, p);
         CHECK(!memcmp(p, black8, 4), "%s (%s): drawn between the quads: %u,%u,%u,%u", c->name,
               in_vbo ? "buffer object" : "client memory", p[0], p[1], p[2], p[3]);
      }
   }
   test_env_fini(&e);
   return ok;
}

/* Consecutive draws from a buffer object are appended to the held one:
 * quads A and B in two draws, then each half of each quad in its own draw,
 * all white on black. */
static void
appended(void)
{
   struct test_env e;
   if (!start(&e, true))
      return;
   api_glDrawArrays(GL_TRIANGLES, 0, 6);
   api_glDrawArrays(GL_TRIANGLES, 6, 6);
   struct st_context *ctx = st_current();
   CHECK(ctx->draw_held && ctx->draw->held_appended == 1 && ctx->draw->held_count == 12,
         "two consecutive draws: held %d, %llu appended, %zu vertices", ctx->draw_held,
         (unsigned long long)ctx->draw->held_appended, ctx->draw->held_count);
   GLubyte p[4];
   static const int xs[4] = { 1, 10, 21, 30 };
   for (int i = 0; i < 4; i++) {
      test_read_px(xs[i], 1, p);
      CHECK(!memcmp(p, white8, 4), "two draws: pixel %d,1 is %u,%u,%u,%u", xs[i], p[0], p[1],
            p[2], p[3]);
   }
   CHECK(!ctx->draw_held, "glReadPixels left the draw held");
   api_glClear(GL_COLOR_BUFFER_BIT);
   for (int t = 0; t < 4; t++)
      api_glDrawArrays(GL_TRIANGLES, 3 * t, 3);
   CHECK(ctx->draw->held_appended == 4, "four draws: %llu appended in all, expected 4",
         (unsigned long long)ctx->draw->held_appended);
   for (int i = 0; i < 4; i++) {
      test_read_px(xs[i], 1, p);
      CHECK(!memcmp(p, white8, 4), "four draws: pixel %d,1 is %u,%u,%u,%u", xs[i], p[0], p[1],
            p[2], p[3]);
      test_read_px(xs[i], H - 2, p);
      CHECK(!memcmp(p, white8, 4), "four draws: pixel %d,%d is %u,%u,%u,%u", xs[i], H - 2,
            p[0], p[1], p[2], p[3]);
   }
   test_read_px(16, 1, p);
   CHECK(p[0] == 0 && p[1] == 0 && p[2] == 0, "between the quads: %u,%u,%u", p[0], p[1], p[2]);
   test_env_fini(&e);
}

/* A context sharing the buffer gives it a new store while a draw from it
 * is held (as glBufferData does, which another thread can call meanwhile,
 * freeing the old store): the held draw is dropped rather than read from
 * the old store.  Here the old store is kept until the end, its quad A
 * moved between the quads, where a draw from it would show. */
static void
store_replaced(void)
{
   struct test_env e;
   if (!start(&e, true))
      return;
   api_glDrawArrays(GL_TRIANGLES, 0, 6);
   struct st_context *ctx = st_current();
   CHECK(ctx->draw_held && ctx->draw->held_num_buffers == 1, "the draw is not held");
   uint8_t *old = NULL;
   if (ctx->draw_held && ctx->draw->held_num_buffers == 1) {
      struct st_buffer *b = ctx->draw->held_buffers[0];
      uint8_t *store = malloc(b->size);
      CHECK(store != NULL, "memory");
      if (store) {
         static const GLfloat moved[6][2] = { { 13, 0 }, { 19, 0 }, { 19, H },
                                              { 13, 0 }, { 19, H }, { 13, H } };
         memcpy(store, b->data, b->size);
         old = b->data;
         memcpy(old, moved, sizeof moved);
         b->data = store;
      }
   }
   GLubyte p[4];
   test_read_px(6, H / 2, p);
   CHECK(p[0] == 0 && p[1] == 0 && p[2] == 0, "drawn at quad A: %u,%u,%u", p[0], p[1], p[2]);
   test_read_px(PROBE_X, H / 2, p);
   CHECK(p[0] == 0 && p[1] == 0 && p[2] == 0, "drawn from the old store: %u,%u,%u", p[0], p[1],
         p[2]);
   free(old);
   /* the next draw reads the new store */
   api_glDrawArrays(GL_TRIANGLES, 0, 6);
   test_read_px(6, H / 2, p);
   CHECK(!memcmp(p, white8, 4), "after the new store: %u,%u,%u,%u", p[0], p[1], p[2], p[3]);
   test_env_fini(&e);
}

int
main(void)
{
   for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      const struct reuse_case *c = &cases[i];
      for (int in_vbo = 0; in_vbo < 2; in_vbo++) {
         const char *src = in_vbo ? "buffer object" : "client memory";
         GLubyte a[4], b[4], ref_a[4], ref_b[4];
         if (!run(c, in_vbo, false, a, b) || !run(c, in_vbo, true, ref_a, ref_b))
            continue;
         CHECK(memcmp(b, ref_b, 4) == 0, "%s (%s): quad B %u,%u,%u,%u, derived anew %u,%u,%u,%u",
               c->name, src, b[0], b[1], b[2], b[3], ref_b[0], ref_b[1], ref_b[2], ref_b[3]);
         CHECK(memcmp(a, ref_a, 4) == 0, "%s (%s): quad A %u,%u,%u,%u, in the reference "
               "%u,%u,%u,%u", c->name, src, a[0], a[1], a[2], a[3], ref_a[0], ref_a[1],
               ref_a[2], ref_a[3]);
         if (c->a_colour)
            CHECK(memcmp(a, c->a_colour, 4) == 0, "%s (%s): quad A %u,%u,%u,%u, expected "
                  "%u,%u,%u,%u", c->name, src, a[0], a[1], a[2], a[3], c->a_colour[0],
                  c->a_colour[1], c->a_colour[2], c->a_colour[3]);
         if (c->visible)
            CHECK(memcmp(ref_a, ref_b, 3) != 0, "%s (%s): the change is not visible (%u,%u,%u)",
                  c->name, src, ref_b[0], ref_b[1], ref_b[2]);
         else
            CHECK(memcmp(ref_a, ref_b, 4) == 0, "%s (%s): quad B %u,%u,%u differs from quad A",
                  c->name, src, ref_b[0], ref_b[1], ref_b[2]);
      }
   }
   appended();
   store_replaced();
   return st_test_finish("st_test_draw_reuse");
}
