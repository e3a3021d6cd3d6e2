/*
 * GL_ARB_vertex_program, GL_ARB_fragment_program and
 * GL_ARB_fragment_program_shadow end to end through Mesa's libEGL: each
 * case draws with a program and compares pixels against values this test
 * computes itself, with an explicit tolerance (8-bit colour buffer: +-2
 * unless said otherwise): fragment-program arithmetic (MAD, DP3, LRP,
 * SWZ, CMP on constants and local parameters), texturing (TEX, TXP on a
 * 2x2 NEAREST texture), KIL, a vertex program transforming by
 * state.matrix.mvp and passing colours (and a fixed-function fragment
 * stage after it), relative addressing of env parameters, a shadow
 * lookup on a depth texture, state.* bindings, program matrices, and the
 * API's errors (GL_PROGRAM_ERROR_POSITION_ARB / _STRING_ARB, bad targets,
 * indices beyond the limits).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egl_common.h"

#define W 32
#define H 32

static PFNGLPROGRAMSTRINGARBPROC ProgramStringARB;
static PFNGLBINDPROGRAMARBPROC BindProgramARB;
static PFNGLGENPROGRAMSARBPROC GenProgramsARB;
static PFNGLDELETEPROGRAMSARBPROC DeleteProgramsARB;
static PFNGLISPROGRAMARBPROC IsProgramARB;
static PFNGLPROGRAMENVPARAMETER4FARBPROC ProgramEnvParameter4fARB;
static PFNGLPROGRAMLOCALPARAMETER4FARBPROC ProgramLocalParameter4fARB;
static PFNGLGETPROGRAMIVARBPROC GetProgramivARB;
static PFNGLGETPROGRAMSTRINGARBPROC GetProgramStringARB;
static PFNGLGETPROGRAMLOCALPARAMETERFVARBPROC GetProgramLocalParameterfvARB;
static PFNGLVERTEXATTRIB4FARBPROC VertexAttrib4fARB;

static bool
load(void)
{
#define GET(name) (name = (void *)eglGetProcAddress("gl" #name)) != NULL
   return GET(ProgramStringARB) && GET(BindProgramARB) && GET(GenProgramsARB) &&
          GET(DeleteProgramsARB) && GET(IsProgramARB) && GET(ProgramEnvParameter4fARB) &&
          GET(ProgramLocalParameter4fARB) && GET(GetProgramivARB) &&
          GET(GetProgramStringARB) && GET(GetProgramLocalParameterfvARB) &&
          GET(VertexAttrib4fARB);
#undef GET
}

static bool
load_program(GLenum target, const char *text, const char *what)
{
   ProgramStringARB(target, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(text), text);
   GLenum e = glGetError();
   if (e != GL_NO_ERROR) {
      GLint pos = -2;
      glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
      test_fail("%s: glProgramStringARB: %s at %d: %s", what, gl_error_name(e), pos,
                (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB));
      return false;
   }
   return true;
}

static void
expect_pixel(int x, int y, const double want[4], double tol255, const char *what)
{
   GLubyte p[4] = { 0, 0, 0, 0 };
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   for (int c = 0; c < 4; c++) {
      double w = want[c] < 0 ? 0 : want[c] > 1 ? 1 : want[c];
      if (fabs(p[c] - w * 255.0) > tol255) {
         test_fail("%s: pixel (%d,%d) is %u,%u,%u,%u, expected %.1f,%.1f,%.1f,%.1f +-%.0f",
                   what, x, y, p[0], p[1], p[2], p[3], want[0] * 255, want[1] * 255,
                   want[2] * 255, want[3] * 255, tol255);
         return;
      }
   }
}

static void
quad(float x0, float y0, float x1, float y1)
{
   glBegin(GL_QUADS);
   glTexCoord2f(0, 0); glVertex2f(x0, y0);
   glTexCoord2f(1, 0); glVertex2f(x1, y0);
   glTexCoord2f(1, 1); glVertex2f(x1, y1);
   glTexCoord2f(0, 1); glVertex2f(x0, y1);
   glEnd();
}

static void
reset(void)
{
   glDisable(GL_VERTEX_PROGRAM_ARB);
   glDisable(GL_FRAGMENT_PROGRAM_ARB);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glColor4f(1, 1, 1, 1);
}

/* MAD, DP3, LRP, SWZ, CMP on a constant colour and local parameters. */
static void
test_fp_arith(void)
{
   reset();
   GLuint prog;
   GenProgramsARB(1, &prog);
   BindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
   const char *fp =
      "!!ARBfp1.0\n"
      "PARAM a = program.local[0];\n"
      "PARAM b = program.local[1];\n"
      "TEMP t, d, l;\n"
      "MAD t, fragment.color, a, b;\n"          /* color * a + b */
      "DP3 d, a, b;\n"                           /* a.xyz . b.xyz */
      "LRP l, {0.25, 0.5, 0.75, 1}, t, b;\n"     /* 0.25 t + 0.75 b ... */
      "SWZ l.w, d, 0, 0, 0, -x;\n"               /* w = -d */
      "CMP l.w, l.w, {0.1}.x, d;\n"              /* -d < 0 ? 0.1 : d */
      "MOV result.color, l;\n"
      "END\n";
   if (!load_program(GL_FRAGMENT_PROGRAM_ARB, fp, "fp arith"))
      return;
   const float a[4] = { 0.5f, 0.25f, 1.0f, 0.5f }, b[4] = { 0.1f, 0.2f, 0.3f, 0.4f };
   const float col[4] = { 0.8f, 0.6f, 0.4f, 1.0f };
   ProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, a[0], a[1], a[2], a[3]);
   ProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 1, b[0], b[1], b[2], b[3]);
   glEnable(GL_FRAGMENT_PROGRAM_ARB);
   glColor4fv(col);
   quad(-1, -1, 1, 1);
   const double s[4] = { 0.25, 0.5, 0.75, 1.0 };
   double want[4];
   double d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
   for (int c = 0; c < 3; c++) {
      double t = col[c] * a[c] + b[c];
      want[c] = s[c] * t + (1 - s[c]) * b[c];
   }
   want[3] = -d < 0 ? 0.1 : d;
   expect_pixel(W / 2, H / 2, want, 2, "MAD/DP3/LRP/SWZ/CMP");
   GLfloat back[4];
   GetProgramLocalParameterfvARB(GL_FRAGMENT_PROGRAM_ARB, 1, back);
   if (back[0] != b[0] || back[3] != b[3])
      test_fail("glGetProgramLocalParameterfvARB: %g %g", back[0], back[3]);
   GLint n = -1;
   GetProgramivARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_INSTRUCTIONS_ARB, &n);
   if (n != 6)
      test_fail("GL_PROGRAM_INSTRUCTIONS_ARB %d, expected 6", n);
   GetProgramivARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_ALU_INSTRUCTIONS_ARB, &n);
   if (n != 6)
      test_fail("GL_PROGRAM_ALU_INSTRUCTIONS_ARB %d, expected 6", n);
   GetProgramivARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_LENGTH_ARB, &n);
   if (n != (GLint)strlen(fp))
      test_fail("GL_PROGRAM_LENGTH_ARB %d", n);
   char back_text[1024] = { 0 };
   GetProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_STRING_ARB, back_text);
   if (strcmp(back_text, fp))
      test_fail("glGetProgramStringARB differs");
   glDisable(GL_FRAGMENT_PROGRAM_ARB);
   DeleteProgramsARB(1, &prog);
   if (IsProgramARB(prog))
      test_fail("program still a program after glDeleteProgramsARB");
}

/* TEX and TXP on a 2x2 NEAREST texture; KIL. */
static void
test_fp_texture_kil(void)
{
   reset();
   static const GLubyte texels[4][4] = {
      { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 255, 255, 0, 128 },
   };
   GLuint tex;
   glGenTextures(1, &tex);
   glActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glActiveTexture(GL_TEXTURE0);
   /* no glEnable(GL_TEXTURE_2D): a fragment program picks its own targets */
   GLuint prog;
   GenProgramsARB(1, &prog);
   BindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
   if (!load_program(GL_FRAGMENT_PROGRAM_ARB,
                     "!!ARBfp1.0\n"
                     "TEMP t;\n"
                     "TEX t, fragment.texcoord[0], texture[1], 2D;\n"
                     "MUL result.color, t, {1, 1, 1, 1};\n"
                     "END\n", "fp TEX"))
      return;
   glEnable(GL_FRAGMENT_PROGRAM_ARB);
   quad(-1, -1, 1, 1);
   for (int i = 0; i < 4; i++) {
      double want[4];
      for (int c = 0; c < 4; c++)
         want[c] = texels[i][c] / 255.0;
      expect_pixel(i % 2 ? 3 * W / 4 : W / 4, i / 2 ? 3 * H / 4 : H / 4, want, 1, "TEX 2D");
   }
   /* TXP: coordinates (s, t, 0, q) divide by q = 2: the quad shows the
    * lower-left texel up to its middle */
   if (!load_program(GL_FRAGMENT_PROGRAM_ARB,
                     "!!ARBfp1.0\n"
                     "TEMP c;\n"
                     "MOV c, fragment.texcoord[0];\n"
                     "MOV c.w, 2;\n"
                     "TXP result.color, c, texture[1], 2D;\n"
                     "END\n", "fp TXP"))
      return;
   glClear(GL_COLOR_BUFFER_BIT);
   quad(-1, -1, 1, 1);
   double red[4] = { 1, 0, 0, 1 }, yellow[4] = { 1, 1, 0, 128 / 255.0 };
   expect_pixel(W / 4, H / 4, red, 1, "TXP");
   expect_pixel(3 * W / 4 + 2, 3 * H / 4 + 2, red, 1, "TXP (divided by q)");
   (void)yellow;
   /* KIL: fragments with s < 0.5 are discarded (the clear colour stays) */
   if (!load_program(GL_FRAGMENT_PROGRAM_ARB,
                     "!!ARBfp1.0\n"
                     "TEMP k;\n"
                     "SUB k, fragment.texcoord[0], {0.5, 0.5, 0.5, 0.5};\n"
                     "KIL k.x;\n"
                     "MOV result.color, {0, 0.5, 1, 1};\n"
                     "END\n", "fp KIL"))
      return;
   glClearColor(0.2f, 0.2f, 0.2f, 0.2f);
   glClear(GL_COLOR_BUFFER_BIT);
   quad(-1, -1, 1, 1);
   double clear[4] = { 0.2, 0.2, 0.2, 0.2 }, drawn[4] = { 0, 0.5, 1, 1 };
   expect_pixel(W / 4, H / 2, clear, 1, "KIL (killed)");
   expect_pixel(3 * W / 4, H / 2, drawn, 1, "KIL (kept)");
   glDisable(GL_FRAGMENT_PROGRAM_ARB);
   DeleteProgramsARB(1, &prog);
   glDeleteTextures(1, &tex);
}

/* A vertex program: state.matrix.mvp transform and colours; the fragment
 * stage stays fixed function. */
static void
test_vp_transform(void)
{
   reset();
   GLuint prog;
   GenProgramsARB(1, &prog);
   BindProgramARB(GL_VERTEX_PROGRAM_ARB, prog);
   if (!load_program(GL_VERTEX_PROGRAM_ARB,
                     "!!ARBvp1.0\n"
                     "PARAM mvp[4] = { state.matrix.mvp };\n"
                     "DP4 result.position.x, mvp[0], vertex.position;\n"
                     "DP4 result.position.y, mvp[1], vertex.position;\n"
                     "DP4 result.position.z, mvp[2], vertex.position;\n"
                     "DP4 result.position.w, mvp[3], vertex.position;\n"
                     "MUL result.color, vertex.color, program.env[2];\n"
                     "END\n", "vp mvp"))
      return;
   ProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 2, 0.5f, 1.0f, 1.0f, 1.0f);
   glEnable(GL_VERTEX_PROGRAM_ARB);
   /* the modelview moves a unit quad (0..1) to the upper right quadrant */
   glMatrixMode(GL_PROJECTION);
   glOrtho(-1, 1, -1, 1, -1, 1);
   glMatrixMode(GL_MODELVIEW);
   glTranslatef(0.0f, 0.0f, 0.0f);
   glScalef(1.0f, 1.0f, 1.0f);
   glColor4f(0.8f, 0.4f, 0.2f, 1.0f);
   quad(0, 0, 1, 1);
   double inside[4] = { 0.4, 0.4, 0.2, 1.0 }, outside[4] = { 0, 0, 0, 0 };
   expect_pixel(3 * W / 4, 3 * H / 4, inside, 2, "VP mvp (inside)");
   expect_pixel(W / 4, H / 4, outside, 0, "VP mvp (outside)");
   /* rotation by the modelview: the quad goes to the upper left */
   glClear(GL_COLOR_BUFFER_BIT);
   glRotatef(90, 0, 0, 1);
   quad(0, 0, 1, 1);
   expect_pixel(W / 4, 3 * H / 4, inside, 2, "VP rotated (inside)");
   expect_pixel(3 * W / 4, 3 * H / 4, outside, 0, "VP rotated (outside)");
   /* program matrix 0 via glMatrixMode(GL_MATRIX0_ARB) */
   if (!load_program(GL_VERTEX_PROGRAM_ARB,
                     "!!ARBvp1.0\n"
                     "PARAM m[4] = { state.matrix.program[0] };\n"
                     "DP4 result.position.x, m[0], vertex.position;\n"
                     "DP4 result.position.y, m[1], vertex.position;\n"
                     "DP4 result.position.z, m[2], vertex.position;\n"
                     "DP4 result.position.w, m[3], vertex.position;\n"
                     "MOV result.color, vertex.color;\n"
                     "END\n", "vp program matrix"))
      return;
   glMatrixMode(GL_MATRIX0_ARB);
   glLoadIdentity();
   glTranslatef(-1.0f, -1.0f, 0.0f);   /* unit quad -> lower left quadrant */
   GLint mode = 0;
   glGetIntegerv(GL_MATRIX_MODE, &mode);
   if (mode != GL_MATRIX0_ARB)
      test_fail("GL_MATRIX_MODE 0x%x", mode);
   GLfloat cur[16];
   glGetFloatv(GL_CURRENT_MATRIX_ARB, cur);
   if (cur[12] != -1.0f || cur[13] != -1.0f)
      test_fail("GL_CURRENT_MATRIX_ARB translation %g %g", cur[12], cur[13]);
   glMatrixMode(GL_MODELVIEW);
   glClear(GL_COLOR_BUFFER_BIT);
   quad(0, 0, 1, 1);
   double col[4] = { 0.8, 0.4, 0.2, 1.0 };
   expect_pixel(W / 4, H / 4, col, 2, "program matrix (inside)");
   expect_pixel(3 * W / 4, 3 * H / 4, outside, 0, "program matrix (outside)");
   glDisable(GL_VERTEX_PROGRAM_ARB);
   DeleteProgramsARB(1, &prog);
}

/* ARL and relative addressing; generic attribute 6 per vertex. */
static void
test_vp_relative(void)
{
   reset();
   GLuint prog;
   GenProgramsARB(1, &prog);
   BindProgramARB(GL_VERTEX_PROGRAM_ARB, prog);
   if (!load_program(GL_VERTEX_PROGRAM_ARB,
                     "!!ARBvp1.0\n"
                     "ADDRESS a;\n"
                     "PARAM colors[] = { program.env[0..3] };\n"
                     "ARL a.x, vertex.attrib[6].x;\n"
                     "MOV result.position, vertex.position;\n"
                     "MOV result.color, colors[a.x + 1];\n"
                     "END\n", "vp relative"))
      return;
   const float env[4][4] = { { 1, 0, 0, 1 }, { 0, 1, 0, 1 }, { 0, 0, 1, 1 }, { 1, 1, 1, 1 } };
   for (int i = 0; i < 4; i++)
      ProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, (GLuint)i, env[i][0], env[i][1],
                               env[i][2], env[i][3]);
   glEnable(GL_VERTEX_PROGRAM_ARB);
   gl_expect_error(GL_NO_ERROR, "relative addressing setup");
   glShadeModel(GL_FLAT);
   for (int q = 0; q < 3; q++) {
      /* attribute 6 = q + 0.7 -> ARL floors to q -> colour q + 1 */
      float x0 = -1.0f + q * (2.0f / 3.0f);
      glBegin(GL_QUADS);
      VertexAttrib4fARB(6, (float)q + 0.7f, 0, 0, 1);
      glVertex2f(x0, -1); glVertex2f(x0 + 2.0f / 3.0f, -1);
      glVertex2f(x0 + 2.0f / 3.0f, 1); glVertex2f(x0, 1);
      glEnd();
   }
   glShadeModel(GL_SMOOTH);
   for (int q = 0; q < 3; q++) {
      double want[4];
      for (int c = 0; c < 4; c++)
         want[c] = env[q + 1][c];
      expect_pixel((int)((q + 0.5) * W / 3), H / 2, want, 1, "relative addressing");
   }
   glDisable(GL_VERTEX_PROGRAM_ARB);
   DeleteProgramsARB(1, &prog);
}

/* ARB_fragment_program_shadow: SHADOW2D on a depth texture. */
static void
test_fp_shadow(void)
{
   reset();
   static const GLfloat depth[2] = { 0.25f, 0.75f };
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 2, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                depth);
   gl_expect_error(GL_NO_ERROR, "depth texture image");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_INTENSITY);
   gl_expect_error(GL_NO_ERROR, "depth texture setup");
   GLuint prog;
   GenProgramsARB(1, &prog);
   BindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
   if (!load_program(GL_FRAGMENT_PROGRAM_ARB,
                     "!!ARBfp1.0\n"
                     "OPTION ARB_fragment_program_shadow;\n"
                     "TEMP c;\n"
                     "MOV c, fragment.texcoord[0];\n"
                     "MOV c.z, 0.5;\n"
                     "TEX result.color, c, texture[0], SHADOW2D;\n"
                     "END\n", "fp shadow"))
      return;
   glEnable(GL_FRAGMENT_PROGRAM_ARB);
   quad(-1, -1, 1, 1);
   /* r = 0.5 <= 0.25 fails on the left texel, 0.5 <= 0.75 passes on the
    * right; INTENSITY gives (r, r, r, r) */
   double zero[4] = { 0, 0, 0, 0 }, one[4] = { 1, 1, 1, 1 };
   expect_pixel(W / 4, H / 2, zero, 1, "SHADOW2D (fails)");
   expect_pixel(3 * W / 4, H / 2, one, 1, "SHADOW2D (passes)");
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_ALPHA);
   quad(-1, -1, 1, 1);
   double alpha[4] = { 0, 0, 0, 1 };
   expect_pixel(3 * W / 4, H / 2, alpha, 1, "SHADOW2D, ALPHA depth mode");
   glDisable(GL_FRAGMENT_PROGRAM_ARB);
   DeleteProgramsARB(1, &prog);
   glDeleteTextures(1, &tex);
}

/* state.* bindings read the current GL state at draw time. */
static void
test_state_bindings(void)
{
   reset();
   GLuint prog;
   GenProgramsARB(1, &prog);
   BindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
   if (!load_program(GL_FRAGMENT_PROGRAM_ARB,
                     "!!ARBfp1.0\n"
                     "PARAM fog = state.fog.color;\n"
                     "PARAM env = state.texenv[2].color;\n"
                     "PARAM dr = state.depth.range;\n"
                     "TEMP t;\n"
                     "ADD t, fog, env;\n"
                     "MOV t.w, dr.y;\n"
                     "MOV result.color, t;\n"
                     "END\n", "fp state"))
      return;
   const float fog[4] = { 0.25f, 0.0f, 0.125f, 1.0f }, env[4] = { 0.5f, 0.25f, 0.0f, 0.0f };
   glFogfv(GL_FOG_COLOR, fog);
   glActiveTexture(GL_TEXTURE2);
   glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, env);
   glActiveTexture(GL_TEXTURE0);
   glDepthRange(0.0, 0.5);
   glEnable(GL_FRAGMENT_PROGRAM_ARB);
   quad(-1, -1, 1, 1);
   double want[4] = { 0.75, 0.25, 0.125, 0.5 };
   expect_pixel(W / 2, H / 2, want, 2, "state.fog.color + state.texenv[2].color, depth.range");
   glDepthRange(0.0, 1.0);
   glDisable(GL_FRAGMENT_PROGRAM_ARB);
   DeleteProgramsARB(1, &prog);
}

/* Program objects are shared like textures: a program made in one context
 * is a program in a context sharing with it, and draws there. */
static void
test_share_group(struct egl_test *t)
{
   reset();
   GLuint prog;
   GenProgramsARB(1, &prog);
   BindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
   if (!load_program(GL_FRAGMENT_PROGRAM_ARB,
                     "!!ARBfp1.0\nMOV result.color, {0.25, 0.5, 0.75, 1};\nEND\n", "shared fp"))
      return;
   EGLContext other = eglCreateContext(t->dpy, t->config, t->ctx, NULL);
   if (other == EGL_NO_CONTEXT || !eglMakeCurrent(t->dpy, t->surf, t->surf, other)) {
      test_fail("second context sharing with the first");
      return;
   }
   glViewport(0, 0, W, H);
   if (!IsProgramARB(prog))
      test_fail("a program of the share group is not a program in the other context");
   BindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
   glEnable(GL_FRAGMENT_PROGRAM_ARB);
   glClear(GL_COLOR_BUFFER_BIT);
   quad(-1, -1, 1, 1);
   double want[4] = { 0.25, 0.5, 0.75, 1 };
   expect_pixel(W / 2, H / 2, want, 2, "shared program drawn by the other context");
   gl_expect_error(GL_NO_ERROR, "other context");
   eglMakeCurrent(t->dpy, t->surf, t->surf, t->ctx);
   eglDestroyContext(t->dpy, other);
   DeleteProgramsARB(1, &prog);
   glDisable(GL_FRAGMENT_PROGRAM_ARB);
}

/* glRasterPos runs the vertex program (ARB_vertex_program 2.12). */
static void
test_vp_raster_pos(void)
{
   reset();
   GLuint prog;
   GenProgramsARB(1, &prog);
   BindProgramARB(GL_VERTEX_PROGRAM_ARB, prog);
   if (!load_program(GL_VERTEX_PROGRAM_ARB,
                     "!!ARBvp1.0\n"
                     "ADD result.position, vertex.position, {0.5, -0.25, 0, 0};\n"
                     "MOV result.color, program.env[5];\n"
                     "MOV result.texcoord[2], vertex.texcoord[2].yxwz;\n"
                     "MOV result.fogcoord.x, 7;\n"
                     "END\n", "vp raster pos"))
      return;
   ProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 5, 0.25f, 0.5f, 0.75f, 1.0f);
   glMultiTexCoord4f(GL_TEXTURE2, 1, 2, 3, 4);
   glEnable(GL_VERTEX_PROGRAM_ARB);
   glRasterPos2f(0.0f, 0.0f);
   GLfloat pos[4], col[4], dist = 0, tc[4];
   GLboolean valid = GL_FALSE;
   glGetFloatv(GL_CURRENT_RASTER_POSITION, pos);
   glGetFloatv(GL_CURRENT_RASTER_COLOR, col);
   glGetFloatv(GL_CURRENT_RASTER_DISTANCE, &dist);
   glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
   glActiveTexture(GL_TEXTURE2);
   glGetFloatv(GL_CURRENT_RASTER_TEXTURE_COORDS, tc);
   glActiveTexture(GL_TEXTURE0);
   /* x: (0.5 + 1) / 2 * W, y: (-0.25 + 1) / 2 * H */
   if (!valid || fabsf(pos[0] - 0.75f * W) > 1e-3f || fabsf(pos[1] - 0.375f * H) > 1e-3f)
      test_fail("raster position %g %g (valid %d), expected %g %g", pos[0], pos[1], valid,
                0.75 * W, 0.375 * H);
   if (fabsf(col[0] - 0.25f) > 1e-6f || fabsf(col[2] - 0.75f) > 1e-6f)
      test_fail("raster colour %g %g %g %g", col[0], col[1], col[2], col[3]);
   if (dist != 7.0f)
      test_fail("raster distance %g, expected 7 (result.fogcoord)", dist);
   if (tc[0] != 2.0f || tc[1] != 1.0f || tc[2] != 4.0f || tc[3] != 3.0f)
      test_fail("raster texture coordinates %g %g %g %g", tc[0], tc[1], tc[2], tc[3]);
   /* outside the view volume: invalid */
   glRasterPos2f(0.75f, 0.0f);
   glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
   if (valid)
      test_fail("raster position moved past x = 1 by the program is valid");
   gl_expect_error(GL_NO_ERROR, "raster position with a vertex program");
   glDisable(GL_VERTEX_PROGRAM_ARB);
   DeleteProgramsARB(1, &prog);
}

static void
test_errors(void)
{
   reset();
   while (glGetError() != GL_NO_ERROR)
      ;
   GLuint prog;
   GenProgramsARB(1, &prog);
   BindProgramARB(GL_VERTEX_PROGRAM_ARB, prog);
   const char *bad = "!!ARBvp1.0\nMOV result.position, vertex.nothing;\nEND";
   ProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(bad), bad);
   gl_expect_error(GL_INVALID_OPERATION, "glProgramStringARB with an error");
   GLint pos = -2;
   glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
   if (pos != 39)
      test_fail("GL_PROGRAM_ERROR_POSITION_ARB %d, expected 39", pos);
   const char *msg = (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB);
   if (!msg || strcmp(msg, "unexpected 'nothing', expected a vertex attribute"))
      test_fail("GL_PROGRAM_ERROR_STRING_ARB \"%s\"", msg ? msg : "(null)");
   const char *good = "!!ARBvp1.0\nMOV result.position, vertex.position;\nEND";
   ProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(good),
                    good);
   gl_expect_error(GL_NO_ERROR, "glProgramStringARB");
   glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
   if (pos != -1)
      test_fail("GL_PROGRAM_ERROR_POSITION_ARB %d after success, expected -1", pos);
   ProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_VERTEX_PROGRAM_ARB, 3, "abc");
   gl_expect_error(GL_INVALID_ENUM, "glProgramStringARB bad format");
   ProgramStringARB(GL_TEXTURE_2D, GL_PROGRAM_FORMAT_ASCII_ARB, 3, "abc");
   gl_expect_error(GL_INVALID_ENUM, "glProgramStringARB bad target");
   BindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
   gl_expect_error(GL_INVALID_OPERATION, "glBindProgramARB of a vertex program as fragment");
   BindProgramARB(GL_TEXTURE_2D, prog);
   gl_expect_error(GL_INVALID_ENUM, "glBindProgramARB bad target");
   ProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 256, 0, 0, 0, 0);
   gl_expect_error(GL_INVALID_VALUE, "glProgramEnvParameter4fARB index 256");
   GLint v = 0;
   GetProgramivARB(GL_FRAGMENT_PROGRAM_ARB, GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB, &v);
   if (v < 96)
      test_fail("GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB %d", v);
   ProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, (GLuint)v - 1, 0, 0, 0, 0);
   gl_expect_error(GL_NO_ERROR, "glProgramLocalParameter4fARB at the last index");
   ProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, (GLuint)v, 0, 0, 0, 0);
   gl_expect_error(GL_INVALID_VALUE, "glProgramLocalParameter4fARB past the last index");
   GetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_TEX_INSTRUCTIONS_ARB, &v);
   gl_expect_error(GL_INVALID_ENUM, "glGetProgramivARB fragment-only pname on vertex");
   GetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_BINDING_ARB, &v);
   if (v != (GLint)prog)
      test_fail("GL_PROGRAM_BINDING_ARB %d", v);
   GetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_ENV_PARAMETERS_ARB, &v);
   if (v < 96)
      test_fail("GL_MAX_PROGRAM_ENV_PARAMETERS_ARB %d", v);
   VertexAttrib4fARB(16, 0, 0, 0, 1);
   gl_expect_error(GL_INVALID_VALUE, "glVertexAttrib4fARB index 16");
   glMatrixMode(GL_MATRIX0_ARB + 8);
   gl_expect_error(GL_INVALID_ENUM, "glMatrixMode(GL_MATRIX8_ARB)");
   if (!IsProgramARB(prog))
      test_fail("glIsProgramARB false for a bound program");
   GLuint unbound;
   GenProgramsARB(1, &unbound);
   if (IsProgramARB(unbound))
      test_fail("glIsProgramARB true for a name never bound");
   DeleteProgramsARB(1, &unbound);
   DeleteProgramsARB(1, &prog);
   GetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_BINDING_ARB, &v);
   if (v != 0)
      test_fail("deleting the bound program leaves binding %d", v);
   gl_expect_error(GL_NO_ERROR, "end of error tests");
}

int
main(void)
{
   struct egl_test t;
   int r = egl_test_setup(&t, W, H, 0, 0);
   if (r != TEST_PASS)
      return r;
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   if (!ext || !strstr(ext, "GL_ARB_vertex_program") || !strstr(ext, "GL_ARB_fragment_program ") ||
       !strstr(ext, "GL_ARB_fragment_program_shadow")) {
      printf("the ARB program extensions are not advertised\n");
      egl_test_teardown(&t);
      return TEST_SKIP;
   }
   if (!load()) {
      test_fail("eglGetProcAddress of the ARB program functions");
      egl_test_teardown(&t);
      return test_finish("arb_programs");
   }
   glViewport(0, 0, W, H);
   test_fp_arith();
   test_fp_texture_kil();
   test_vp_transform();
   test_vp_relative();
   test_fp_shadow();
   test_state_bindings();
   test_vp_raster_pos();
   test_share_group(&t);
   test_errors();
   egl_test_teardown(&t);
   return test_finish("arb_programs");
}
