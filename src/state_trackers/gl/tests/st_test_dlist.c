/*
 * Display lists end to end: refpipe on the null winsys and a fake drawable,
 * commands issued through the dispatch table libglapi has current (so the
 * save table is what glNewList installs), lists compiled, called, nested
 * and deleted, with state read back through glGet and pixels through
 * glReadPixels.
 */
#include <math.h>
#include <string.h>

#include "frontend/drisw_api.h"
#include "pipe-loader/pipe_loader.h"
#include "pipe/p_screen.h"
#include "st_api.h"
#include "st_context.h"
#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_fb.h"
#include "st_test_util.h"
#include "util/u_inlines.h"

#define W 32
#define H 32


/* --- calling through the current dispatch table -------------------------- */

#define NewList(l, m) GL(glNewList, GLuint, GLenum)(l, m)
#define EndList() GL(glEndList, void)()
#define CallList(l) GL(glCallList, GLuint)(l)
#define CallLists(n, t, p) GL(glCallLists, GLsizei, GLenum, const void *)(n, t, p)
#define ListBase(b) GL(glListBase, GLuint)(b)
#define DeleteLists(l, r) GL(glDeleteLists, GLuint, GLsizei)(l, r)
#define Translatef(x, y, z) GL(glTranslatef, GLfloat, GLfloat, GLfloat)(x, y, z)
#define LoadIdentity() GL(glLoadIdentity, void)()
#define ClearColor(r, g, b, a) GL(glClearColor, GLfloat, GLfloat, GLfloat, GLfloat)(r, g, b, a)
#define Clear(m) GL(glClear, GLbitfield)(m)
#define Begin(m) GL(glBegin, GLenum)(m)
#define End() GL(glEnd, void)()
#define Color3f(r, g, b) GL(glColor3f, GLfloat, GLfloat, GLfloat)(r, g, b)
#define Color4fv(v) GL(glColor4fv, const GLfloat *)(v)
#define Vertex2f(x, y) GL(glVertex2f, GLfloat, GLfloat)(x, y)
#define ShadeModel(m) GL(glShadeModel, GLenum)(m)
#define PushAttrib(m) GL(glPushAttrib, GLbitfield)(m)
#define PopAttrib() GL(glPopAttrib, void)()
#define PixelStorei(p, v) GL(glPixelStorei, GLenum, GLint)(p, v)
#define VertexPointer(s, t, st, p) GL(glVertexPointer, GLint, GLenum, GLsizei, const void *)(s, t, st, p)
#define ColorPointer(s, t, st, p) GL(glColorPointer, GLint, GLenum, GLsizei, const void *)(s, t, st, p)
#define EnableClientState(a) GL(glEnableClientState, GLenum)(a)
#define DisableClientState(a) GL(glDisableClientState, GLenum)(a)
#define DrawArrays(m, f, c) GL(glDrawArrays, GLenum, GLint, GLsizei)(m, f, c)
#define DrawElements(m, c, t, i) GL(glDrawElements, GLenum, GLsizei, GLenum, const void *)(m, c, t, i)
#define LoadMatrixf(m) GL(glLoadMatrixf, const GLfloat *)(m)
#define Lightfv(l, p, v) GL(glLightfv, GLenum, GLenum, const GLfloat *)(l, p, v)
#define Enable(c) GL(glEnable, GLenum)(c)
#define Disable(c) GL(glDisable, GLenum)(c)

static GLenum
GetError(void)
{
   return ((GLenum (GLAPIENTRY *)(void))test_proc("glGetError"))();
}

static GLuint
GenLists(GLsizei r)
{
   return ((GLuint (GLAPIENTRY *)(GLsizei))test_proc("glGenLists"))(r);
}

static GLboolean
IsList(GLuint l)
{
   return ((GLboolean (GLAPIENTRY *)(GLuint))test_proc("glIsList"))(l);
}

static GLint
get_int(GLenum pname)
{
   GLint v = -12345;
   ((void (GLAPIENTRY *)(GLenum, GLint *))test_proc("glGetIntegerv"))(pname, &v);
   return v;
}

static float
mv_x(void)
{
   GLfloat m[16];
   ((void (GLAPIENTRY *)(GLenum, GLfloat *))test_proc("glGetFloatv"))(GL_MODELVIEW_MATRIX, m);
   return m[12];
}

static void
read_all(uint8_t *px)
{
   ((void (GLAPIENTRY *)(GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, void *))
       test_proc("glReadPixels"))(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

static const uint8_t *
pixel(const uint8_t *px, int x, int y)
{
   return px + 4 * (y * W + x);
}

static bool
near_rgb(const uint8_t *p, int r, int g, int b)
{
   return abs(p[0] - r) <= 2 && abs(p[1] - g) <= 2 && abs(p[2] - b) <= 2;
}

/* through the current dispatch table, not st_test_fb.h's direct call */
#undef CHECK_GL_ERROR
#define CHECK_GL_ERROR(expected)                                          \
   do {                                                                   \
      GLenum e_ = GetError();                                             \
      CHECK(e_ == (GLenum)(expected), "GL error 0x%x, expected 0x%x", e_, \
            (unsigned)(expected));                                        \
   } while (0)

#define CHECK_NEAR(a, b)                                                  \
   do {                                                                   \
      double a_ = (a), b_ = (b);                                          \
      CHECK(fabs(a_ - b_) < 1e-4, "%s = %g, expected %g", #a, a_, b_);   \
   } while (0)

/* --- tests ------------------------------------------------------------------ */

static void
test_errors(void)
{
   NewList(0, GL_COMPILE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   NewList(1, GL_RGBA);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   EndList();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(GenLists(-1), 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ_INT(GenLists(0), 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(GenLists(0x7fffffff), 0);   /* more names than a table may hold */
   CHECK_GL_ERROR(GL_OUT_OF_MEMORY);
   DeleteLists(1, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   DeleteLists(1, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLuint names[1] = { 1 };
   CallLists(-1, GL_UNSIGNED_INT, names);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CallLists(1, GL_RGBA, names);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CallList(9999);   /* no such list: nothing */
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* nested glNewList; glNewList/glEndList inside glBegin/glEnd */
   NewList(1, GL_COMPILE);
   NewList(2, GL_COMPILE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(get_int(GL_LIST_INDEX), 1);
   EndList();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(get_int(GL_LIST_INDEX), 0);
   CHECK(!IsList(2), "list 2 was not created");
   Begin(GL_POINTS);
   NewList(3, GL_COMPILE);
   End();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(get_int(GL_LIST_INDEX), 0);

   /* errors of compiled commands are raised when the list executes */
   NewList(4, GL_COMPILE);
   ShadeModel(GL_RGBA);
   EndList();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CallList(4);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   /* ...but with COMPILE_AND_EXECUTE at once too */
   NewList(4, GL_COMPILE_AND_EXECUTE);
   ShadeModel(GL_RGBA);
   EndList();
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   DeleteLists(1, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_state_and_names(void)
{
   CHECK_EQ_INT(get_int(GL_MAX_LIST_NESTING), 64);
   CHECK_EQ_INT(get_int(GL_LIST_MODE), 0);
   CHECK_EQ_INT(get_int(GL_LIST_BASE), 0);

   NewList(7, GL_COMPILE_AND_EXECUTE);
   CHECK_EQ_INT(get_int(GL_LIST_INDEX), 7);
   CHECK_EQ_INT(get_int(GL_LIST_MODE), GL_COMPILE_AND_EXECUTE);
   CHECK(!IsList(7), "a list exists only after glEndList");
   EndList();
   CHECK(IsList(7), "list 7 after glEndList");
   CHECK_EQ_INT(get_int(GL_LIST_MODE), 0);

   /* glGenLists: a contiguous unused range, each name a list */
   GLuint first = GenLists(10);
   CHECK(first != 0, "glGenLists(10)");
   CHECK(first + 9 < 7 || first > 7, "range %u..%u avoids list 7", first, first + 9);
   for (GLuint i = 0; i < 10; i++)
      CHECK(IsList(first + i), "generated name %u is a list", first + i);
   CallList(first + 3);   /* empty */
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLuint second = GenLists(3);
   CHECK(second >= first + 10 || second + 3 <= first, "second range %u overlaps", second);
   DeleteLists(first, 10);
   for (GLuint i = 0; i < 10; i++)
      CHECK(!IsList(first + i), "deleted name %u", first + i);
   CHECK(IsList(second), "other range untouched");
   DeleteLists(second, 3);
   DeleteLists(7, 1);
   CHECK(!IsList(7), "deleted list 7");
   CHECK(!IsList(0), "0 is never a list");
   /* a huge range deletes through the table */
   NewList(100000, GL_COMPILE);
   EndList();
   DeleteLists(1, 0x7fffffff);
   CHECK(!IsList(100000), "huge glDeleteLists range");
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* glListBase, pushed with GL_LIST_BIT */
   ListBase(40);
   CHECK_EQ_INT(get_int(GL_LIST_BASE), 40);
   PushAttrib(GL_LIST_BIT);
   ListBase(5);
   PopAttrib();
   CHECK_EQ_INT(get_int(GL_LIST_BASE), 40);
   PushAttrib(GL_CURRENT_BIT);
   ListBase(6);
   PopAttrib();
   CHECK_EQ_INT(get_int(GL_LIST_BASE), 6);
   ListBase(0);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* While compiling, compiled commands have save functions in the current
 * table and the commands GL 2.1 5.4 executes keep the exec function. */
static void
test_save_table(struct st_context *ctx)
{
   static const char *const compiled[] = {
      "glColor3f", "glVertex2f", "glLightfv", "glMaterialfv", "glTexParameterfv", "glTexEnvfv",
      "glCallList", "glCallLists", "glListBase", "glBitmap", "glDrawPixels", "glTexImage2D",
      "glDrawArrays", "glDrawElements", "glArrayElement", "glMultMatrixf", "glBindTexture",
      "glClear", "glEnable", "glMap1f", "glActiveTexture",
      "glMultiTexCoord2fARB", "glBlendFuncSeparateEXT",
      "glBeginConditionalRenderNV", "glEndConditionalRenderNV",
      /* GL 2.0 state commands of this 2.1 context */
      "glUseProgram", "glUniform4fv", "glUniformMatrix2x3fv",
   };
   static const char *const immediate[] = {
      "glReadPixels", "glPixelStorei", "glGenLists", "glDeleteLists", "glIsList",
      "glVertexPointer", "glEnableClientState", "glGenTextures", "glDeleteTextures",
      "glIsTexture", "glFlush", "glFinish", "glGetError", "glGetIntegerv", "glIsEnabled",
      "glPushClientAttrib", "glClientActiveTexture", "glGenBuffers", "glBindBuffer",
      "glBufferData", "glMapBuffer", "glRenderMode", "glSelectBuffer", "glFeedbackBuffer",
      "glShaderSource", "glNewList", "glEndList",
      /* GL 2.0 object commands GL 2.1 5.4 executes at once */
      "glCreateShader", "glLinkProgram", "glGetUniformLocation",
   };
   NewList(1, GL_COMPILE);
   st_proc *cur = (st_proc *)_glapi_get_dispatch();
   CHECK(cur != ctx->dispatch, "glNewList installs the save table");
   for (unsigned i = 0; i < sizeof compiled / sizeof compiled[0]; i++) {
      int slot = _glapi_get_proc_offset(compiled[i]);
      CHECK(slot >= 0 && cur[slot] != ctx->dispatch[slot], "%s is compiled", compiled[i]);
   }
   for (unsigned i = 0; i < sizeof immediate / sizeof immediate[0]; i++) {
      int slot = _glapi_get_proc_offset(immediate[i]);
      CHECK(slot >= 0 && cur[slot] == ctx->dispatch[slot], "%s is executed", immediate[i]);
   }
   /* executed while compiling: client state */
   EnableClientState(GL_NORMAL_ARRAY);
   EndList();
   CHECK((st_proc *)_glapi_get_dispatch() == ctx->dispatch, "glEndList restores the exec table");
   CHECK(((GLboolean (GLAPIENTRY *)(GLenum))test_proc("glIsEnabled"))(GL_NORMAL_ARRAY),
         "glEnableClientState executed while compiling");
   DisableClientState(GL_NORMAL_ARRAY);
   DeleteLists(1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* List n translates by n in x, so the modelview x translation after a
 * call is the sum of the names called. */
static void
make_translate_list(GLuint n)
{
   NewList(n, GL_COMPILE);
   Translatef((float)n, 0, 0);
   EndList();
}

static void
test_compile_execute_nesting(void)
{
   LoadIdentity();
   /* GL_COMPILE does not execute */
   NewList(1, GL_COMPILE);
   Translatef(3, 0, 0);
   EndList();
   CHECK_NEAR(mv_x(), 0);
   CallList(1);
   CHECK_NEAR(mv_x(), 3);
   CallList(1);
   CHECK_NEAR(mv_x(), 6);

   /* GL_COMPILE_AND_EXECUTE executes while compiling */
   LoadIdentity();
   NewList(2, GL_COMPILE_AND_EXECUTE);
   Translatef(5, 0, 0);
   EndList();
   CHECK_NEAR(mv_x(), 5);
   CallList(2);
   CHECK_NEAR(mv_x(), 10);

   /* nested calls: list 3 calls 1 and 2; a call is compiled, not expanded */
   NewList(3, GL_COMPILE);
   CallList(1);
   CallList(2);
   EndList();
   make_translate_list(1);   /* redefine 1: 3 sees the new one */
   LoadIdentity();
   CallList(3);
   CHECK_NEAR(mv_x(), 1 + 5);

   /* recursion stops at GL_MAX_LIST_NESTING */
   NewList(4, GL_COMPILE);
   Translatef(1, 0, 0);
   CallList(4);
   EndList();
   LoadIdentity();
   CallList(4);
   CHECK_NEAR(mv_x(), 64);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* redefining a list while compiling it: the old one runs until glEndList;
    * deleting it meanwhile deletes the old one */
   LoadIdentity();
   NewList(2, GL_COMPILE_AND_EXECUTE);
   CallList(2);              /* old list 2: +5 */
   Translatef(100, 0, 0);
   DeleteLists(2, 1);        /* not compiled; deletes the old list */
   CHECK(!IsList(2), "old list 2 deleted while compiling");
   EndList();
   CHECK_NEAR(mv_x(), 105);
   CHECK(IsList(2), "new list 2 installed");
   LoadIdentity();
   CallList(2);              /* new list 2: its CallList(2) finds... itself */
   /* new 2 = { CallList(2), Translate(100) }: recursion up to the limit */
   CHECK_NEAR(mv_x(), 6400);
   DeleteLists(1, 4);
   LoadIdentity();
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_call_lists_types(void)
{
   for (GLuint n = 1; n <= 8; n++)
      make_translate_list(n);
   make_translate_list(258);
   make_translate_list(259);
   make_translate_list(260);
   make_translate_list(1000);
   make_translate_list(33);
   make_translate_list(36);

   static const GLbyte b[] = { 1, 2, -3 };
   static const GLubyte ub[] = { 4, 5 };
   static const GLshort s[] = { 3, -2 };
   static const GLushort us[] = { 6 };
   static const GLint i[] = { 7, -4 };
   static const GLuint ui[] = { 8, 1000 };
   static const GLfloat f[] = { 2.0f, 6.0f };
   static const GLubyte two[] = { 1, 2 };             /* 258 */
   static const GLubyte three[] = { 0, 1, 3 };        /* 259 */
   static const GLubyte four[] = { 0, 0, 1, 4 };      /* 260 */

   LoadIdentity();
   ListBase(5);
   CallLists(3, GL_BYTE, b);                          /* 6 + 7 + 2 */
   CHECK_NEAR(mv_x(), 15);
   ListBase(0);
   LoadIdentity();
   CallLists(2, GL_UNSIGNED_BYTE, ub);
   CHECK_NEAR(mv_x(), 9);
   LoadIdentity();
   ListBase(4);
   CallLists(2, GL_SHORT, s);                         /* 7 + 2 */
   CHECK_NEAR(mv_x(), 9);
   ListBase(0);
   LoadIdentity();
   CallLists(1, GL_UNSIGNED_SHORT, us);
   CHECK_NEAR(mv_x(), 6);
   LoadIdentity();
   ListBase(8);
   CallLists(2, GL_INT, i);                           /* 15 (none) + 4 */
   CHECK_NEAR(mv_x(), 4);
   ListBase(0);
   LoadIdentity();
   CallLists(2, GL_UNSIGNED_INT, ui);
   CHECK_NEAR(mv_x(), 1008);
   LoadIdentity();
   CallLists(2, GL_FLOAT, f);
   CHECK_NEAR(mv_x(), 8);
   LoadIdentity();
   CallLists(1, GL_2_BYTES, two);
   CHECK_NEAR(mv_x(), 258);
   LoadIdentity();
   CallLists(1, GL_3_BYTES, three);
   CHECK_NEAR(mv_x(), 259);
   LoadIdentity();
   CallLists(1, GL_4_BYTES, four);
   CHECK_NEAR(mv_x(), 260);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* glCallLists and glListBase compiled: the base applies at execution */
   static const GLubyte names36[] = { 3, 6 };
   NewList(50, GL_COMPILE);
   ListBase(30);
   CallLists(2, GL_UNSIGNED_BYTE, names36);   /* 33 + 36 */
   EndList();
   CHECK_EQ_INT(get_int(GL_LIST_BASE), 0);
   LoadIdentity();
   CallList(50);
   CHECK_NEAR(mv_x(), 69);
   CHECK_EQ_INT(get_int(GL_LIST_BASE), 30);
   ListBase(0);
   /* an invalid glCallLists in a list raises its error when called */
   NewList(51, GL_COMPILE);
   CallLists(1, GL_RGB, ub);
   EndList();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CallList(51);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   DeleteLists(1, 2000);
   LoadIdentity();
}

static void
clear_black(void)
{
   ClearColor(0, 0, 0, 0);
   Clear(GL_COLOR_BUFFER_BIT);
}

static void
test_pixels(void)
{
   static uint8_t px[W * H * 4];

   /* glClear in a GL_COMPILE list: nothing until called */
   clear_black();
   NewList(1, GL_COMPILE);
   ClearColor(1, 0, 0, 1);
   Clear(GL_COLOR_BUFFER_BIT);
   EndList();
   read_all(px);
   CHECK(near_rgb(pixel(px, 5, 5), 0, 0, 0), "compile-only list did not clear");
   CallList(1);
   read_all(px);
   CHECK(near_rgb(pixel(px, 5, 5), 255, 0, 0), "called list cleared red");
   CHECK(near_rgb(pixel(px, 30, 30), 255, 0, 0), "called list cleared red");

   /* a flat quad with glBegin/glEnd inside a list */
   clear_black();
   NewList(2, GL_COMPILE);
   ShadeModel(GL_FLAT);
   Begin(GL_TRIANGLES);
   Color3f(0, 1, 0);
   Vertex2f(0, 0);
   Vertex2f(16, 0);
   Vertex2f(0, 16);
   End();
   ShadeModel(GL_SMOOTH);
   EndList();
   read_all(px);
   CHECK(near_rgb(pixel(px, 3, 3), 0, 0, 0), "list not executed yet");
   CallList(2);
   read_all(px);
   CHECK(near_rgb(pixel(px, 3, 3), 0, 255, 0), "triangle from list: %d %d %d",
         pixel(px, 3, 3)[0], pixel(px, 3, 3)[1], pixel(px, 3, 3)[2]);
   CHECK(near_rgb(pixel(px, 20, 20), 0, 0, 0), "outside the triangle");

   /* GL_COMPILE_AND_EXECUTE draws at once */
   clear_black();
   NewList(3, GL_COMPILE_AND_EXECUTE);
   Begin(GL_TRIANGLES);
   Color3f(0, 0, 1);
   Vertex2f(32, 32);
   Vertex2f(16, 32);
   Vertex2f(32, 16);
   End();
   EndList();
   read_all(px);
   CHECK(near_rgb(pixel(px, 29, 29), 0, 0, 255), "compile-and-execute drew");
   CHECK(near_rgb(pixel(px, 3, 3), 0, 0, 0), "nothing else drawn");

   /* a list of vertices called between glBegin and glEnd */
   NewList(4, GL_COMPILE);
   Color3f(1, 1, 0);
   Vertex2f(0, 0);
   Vertex2f(16, 0);
   Vertex2f(0, 16);
   EndList();
   clear_black();
   Begin(GL_TRIANGLES);
   CallList(4);
   End();
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all(px);
   CHECK(near_rgb(pixel(px, 3, 3), 255, 255, 0), "list called inside glBegin/glEnd");

   /* client arrays are read when the list is compiled */
   GLfloat verts[6] = { 0, 0, 16, 0, 0, 16 };
   GLfloat colors[12] = { 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1 };
   VertexPointer(2, GL_FLOAT, 0, verts);
   ColorPointer(4, GL_FLOAT, 0, colors);
   EnableClientState(GL_VERTEX_ARRAY);
   EnableClientState(GL_COLOR_ARRAY);
   NewList(5, GL_COMPILE);
   DrawArrays(GL_TRIANGLES, 0, 3);
   EndList();
   static const GLubyte idx[3] = { 2, 1, 0 };
   NewList(6, GL_COMPILE);
   DrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, idx);
   EndList();
   CHECK_GL_ERROR(GL_NO_ERROR);
   for (int k = 0; k < 6; k++)
      verts[k] += 16;   /* moved after compiling: the lists must not see it */
   colors[1] = colors[5] = colors[9] = 1;
   DisableClientState(GL_COLOR_ARRAY);
   DisableClientState(GL_VERTEX_ARRAY);
   for (GLuint l = 5; l <= 6; l++) {
      clear_black();
      CallList(l);
      read_all(px);
      CHECK(near_rgb(pixel(px, 3, 3), 255, 0, 255), "array list %u at the compiled place: %d %d %d",
            l, pixel(px, 3, 3)[0], pixel(px, 3, 3)[1], pixel(px, 3, 3)[2]);
      CHECK(near_rgb(pixel(px, 19, 19), 0, 0, 0), "array list %u: nothing at the moved place", l);
   }
   /* an array draw from a list called between glBegin and glEnd is an error
    * and draws nothing; the immediate vertices around it still draw */
   verts[0] = verts[1] = verts[3] = verts[4] = 0;
   verts[2] = 16;
   verts[5] = 16;
   VertexPointer(2, GL_FLOAT, 0, verts);
   EnableClientState(GL_VERTEX_ARRAY);
   NewList(11, GL_COMPILE);
   Color3f(0, 1, 0);
   Vertex2f(16, 16);
   Vertex2f(32, 16);
   Vertex2f(16, 32);
   Color3f(1, 0, 0);
   DrawArrays(GL_TRIANGLES, 0, 3);
   EndList();
   DisableClientState(GL_VERTEX_ARRAY);
   clear_black();
   Begin(GL_TRIANGLES);
   CallList(11);
   End();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   read_all(px);
   CHECK(near_rgb(pixel(px, 3, 3), 0, 0, 0), "no array triangle inside glBegin/glEnd");
   CHECK(near_rgb(pixel(px, 19, 19), 0, 255, 0), "immediate triangle of the same list");
   /* also when the list recorded no vertices (array disabled at compile time) */
   NewList(12, GL_COMPILE);
   DrawArrays(GL_TRIANGLES, 0, 3);
   EndList();
   Begin(GL_TRIANGLES);
   CallList(12);
   End();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* GL_POINTS is 0 like GL_NONE: a compiled glDrawArrays(GL_POINTS) is
    * still a draw (replayed inside its own glBegin/glEnd) */
   GLfloat pts[4] = { 5.5f, 5.5f, 20.5f, 9.5f };
   VertexPointer(2, GL_FLOAT, 0, pts);
   EnableClientState(GL_VERTEX_ARRAY);
   NewList(13, GL_COMPILE);
   Color3f(0, 0, 1);
   DrawArrays(GL_POINTS, 0, 2);
   EndList();
   DisableClientState(GL_VERTEX_ARRAY);
   clear_black();
   CallList(13);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all(px);
   CHECK(near_rgb(pixel(px, 5, 5), 0, 0, 255) && near_rgb(pixel(px, 20, 9), 0, 0, 255),
         "listed GL_POINTS draw: %d %d %d", pixel(px, 5, 5)[0], pixel(px, 5, 5)[1],
         pixel(px, 5, 5)[2]);
   Begin(GL_POINTS);
   CallList(13);
   End();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   DeleteLists(11, 3);

   /* an invalid draw in a list raises its error at execution */
   NewList(7, GL_COMPILE);
   DrawArrays(GL_TRIANGLES, 0, -1);
   EndList();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CallList(7);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   /* glPixelStore is not compiled: executed while compiling */
   NewList(8, GL_COMPILE);
   PixelStorei(GL_UNPACK_ALIGNMENT, 1);
   EndList();
   CHECK_EQ_INT(get_int(GL_UNPACK_ALIGNMENT), 1);
   PixelStorei(GL_UNPACK_ALIGNMENT, 4);

   /* a light value (COMPSIZE(pname) array) is copied at compile time */
   GLfloat amb[4] = { 0.25f, 0.5f, 0.75f, 1 };
   NewList(9, GL_COMPILE);
   Lightfv(GL_LIGHT1, GL_AMBIENT, amb);
   EndList();
   amb[0] = 0.9f;
   CallList(9);
   GLfloat got[4] = { 0, 0, 0, 0 };
   ((void (GLAPIENTRY *)(GLenum, GLenum, GLfloat *))test_proc("glGetLightfv"))(GL_LIGHT1, GL_AMBIENT, got);
   CHECK_NEAR(got[0], 0.25);
   CHECK_NEAR(got[2], 0.75);

   /* glLoadMatrixf (16 values) copied too */
   GLfloat m[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 7, 0, 0, 1 };
   NewList(10, GL_COMPILE);
   LoadMatrixf(m);
   EndList();
   m[12] = 99;
   LoadIdentity();
   CallList(10);
   CHECK_NEAR(mv_x(), 7);
   LoadIdentity();

   DeleteLists(1, 10);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* glDrawPixels compiled with the unpack state of compile time. */
static void
test_draw_pixels(void)
{
   static uint8_t px[W * H * 4];
   /* a 2x2 image inside a 4-pixel-wide buffer, skipping one row and pixel */
   GLubyte img[4 * 4 * 4];
   memset(img, 0, sizeof img);
   for (int y = 1; y < 3; y++)
      for (int x = 1; x < 3; x++) {
         GLubyte *p = img + 4 * (y * 4 + x);
         p[0] = 200;
         p[1] = (GLubyte)(40 * x);
         p[2] = (GLubyte)(40 * y);
         p[3] = 255;
      }
   clear_black();
   ((void (GLAPIENTRY *)(GLint, GLint))test_proc("glRasterPos2i"))(4, 4);
   PixelStorei(GL_UNPACK_ROW_LENGTH, 4);
   PixelStorei(GL_UNPACK_SKIP_ROWS, 1);
   PixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
   NewList(1, GL_COMPILE);
   ((void (GLAPIENTRY *)(GLsizei, GLsizei, GLenum, GLenum, const void *))test_proc("glDrawPixels"))(
      2, 2, GL_RGBA, GL_UNSIGNED_BYTE, img);
   EndList();
   PixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   PixelStorei(GL_UNPACK_SKIP_ROWS, 0);
   PixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   memset(img, 7, sizeof img);
   GLenum e = GetError();
   if (e == GL_INVALID_OPERATION) {
      /* glDrawPixels / glRasterPos not implemented in this tree yet */
      printf("st_test_dlist: glDrawPixels unavailable, image replay checked by size only\n");
      DeleteLists(1, 1);
      return;
   }
   CHECK_EQ_INT(e, GL_NO_ERROR);
   CallList(1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all(px);
   for (int y = 0; y < 2; y++)
      for (int x = 0; x < 2; x++) {
         const uint8_t *p = pixel(px, 4 + x, 4 + y);
         CHECK(near_rgb(p, 200, 40 * (x + 1), 40 * (y + 1)), "drawn pixel %d,%d = %d %d %d", x,
               y, p[0], p[1], p[2]);
      }
   CHECK(near_rgb(pixel(px, 6, 4), 0, 0, 0), "nothing right of the image");
   DeleteLists(1, 1);
}

/* Set an unpack state with skips, row length, LSB first and swap bytes. */
static void
odd_unpack_skip(bool on, GLint skip_pixels)
{
   PixelStorei(GL_UNPACK_LSB_FIRST, on);
   PixelStorei(GL_UNPACK_SKIP_PIXELS, on ? skip_pixels : 0);
   PixelStorei(GL_UNPACK_SKIP_ROWS, on ? 1 : 0);
   PixelStorei(GL_UNPACK_ROW_LENGTH, on ? 40 : 0);
   PixelStorei(GL_UNPACK_ALIGNMENT, on ? 2 : 4);
   PixelStorei(GL_UNPACK_SWAP_BYTES, on);
}

static void
odd_unpack(bool on)
{
   odd_unpack_skip(on, 3);
}

/* glBitmap, glPolygonStipple and glTexImage2D compiled under an unusual
 * unpack state give what the same commands give executed under it. */
static void
test_images(void)
{
   static uint8_t ref[W * H * 4], got[W * H * 4];
   GLubyte bits[8 * 40];
   typedef void (GLAPIENTRY *pfn_bitmap)(GLsizei, GLsizei, GLfloat, GLfloat, GLfloat, GLfloat,
                                         const GLubyte *);
   typedef void (GLAPIENTRY *pfn_pos)(GLint, GLint);
   Color3f(1, 1, 1);

   /* bitmap: 21x6 at (2, 3); rows starting mid-byte (3 pixels skipped) and
    * on a byte boundary (8 skipped: the list copies whole bytes) */
   for (GLint skip = 3; skip <= 8; skip += 5) {
   for (unsigned i = 0; i < sizeof bits; i++)
      bits[i] = (GLubyte)(i * 37 + 11);
   odd_unpack_skip(true, skip);
   clear_black();
   ((pfn_pos)test_proc("glRasterPos2i"))(2, 3);
   ((pfn_bitmap)test_proc("glBitmap"))(21, 6, 0, 0, 0, 0, bits);
   read_all(ref);
   NewList(1, GL_COMPILE);
   ((pfn_bitmap)test_proc("glBitmap"))(21, 6, 0, 0, 0, 0, bits);
   EndList();
   odd_unpack(false);
   memset(bits, 0, sizeof bits);
   clear_black();
   ((pfn_pos)test_proc("glRasterPos2i"))(2, 3);
   CallList(1);
   read_all(got);
   GLenum e = GetError();
   if (e == GL_INVALID_OPERATION) {
      printf("st_test_dlist: glBitmap unavailable, bitmap replay not checked\n");
   } else {
      CHECK_EQ_INT(e, GL_NO_ERROR);
      int lit = 0;
      for (int i = 0; i < W * H; i++)
         lit += ref[4 * i] != 0;
      CHECK(lit > 20 && lit < 21 * 6, "reference bitmap has %d set pixels", lit);
      CHECK(memcmp(ref, got, sizeof ref) == 0,
            "replayed bitmap (skip %d) differs from the executed one", skip);
   }
   DeleteLists(1, 1);
   }

   /* polygon stipple */
   GLubyte stipple[2 * 40 * 40];
   for (unsigned i = 0; i < sizeof stipple; i++)
      stipple[i] = (GLubyte)(i * 91 + 5);
   typedef void (GLAPIENTRY *pfn_stipple)(const GLubyte *);
   odd_unpack(true);
   ((pfn_stipple)test_proc("glPolygonStipple"))(stipple);
   Enable(GL_POLYGON_STIPPLE);
   clear_black();
   Begin(GL_TRIANGLES);
   Vertex2f(0, 0);
   Vertex2f(64, 0);
   Vertex2f(0, 64);
   End();
   read_all(ref);
   NewList(2, GL_COMPILE);
   ((pfn_stipple)test_proc("glPolygonStipple"))(stipple);
   EndList();
   odd_unpack(false);
   GLubyte plain[128];
   memset(plain, 0xff, sizeof plain);
   ((pfn_stipple)test_proc("glPolygonStipple"))(plain);
   CallList(2);
   clear_black();
   Begin(GL_TRIANGLES);
   Vertex2f(0, 0);
   Vertex2f(64, 0);
   Vertex2f(0, 64);
   End();
   read_all(got);
   Disable(GL_POLYGON_STIPPLE);
   GLenum e = GetError();
   if (e == GL_INVALID_OPERATION) {
      printf("st_test_dlist: glPolygonStipple unavailable, stipple replay not checked\n");
   } else {
      CHECK_EQ_INT(e, GL_NO_ERROR);
      int lit = 0;
      for (int i = 0; i < W * H; i++)
         lit += ref[4 * i] != 0;
      CHECK(lit > 100 && lit < W * H - 100, "reference stipple lit %d pixels", lit);
      CHECK(memcmp(ref, got, sizeof ref) == 0, "replayed stipple differs from the executed one");
   }
   DeleteLists(2, 1);

   /* glTexImage2D of GL_UNSIGNED_SHORT data (swap bytes applies), read back
    * with glGetTexImage */
   GLushort texels[40 * 8 * 4];
   for (unsigned i = 0; i < sizeof texels / sizeof texels[0]; i++)
      texels[i] = (GLushort)(i * 2654435761u >> 7);
   typedef void (GLAPIENTRY *pfn_teximage)(GLenum, GLint, GLint, GLsizei, GLsizei, GLint, GLenum,
                                           GLenum, const void *);
   typedef void (GLAPIENTRY *pfn_gettex)(GLenum, GLint, GLenum, GLenum, void *);
   typedef void (GLAPIENTRY *pfn_bind)(GLenum, GLuint);
   GLubyte ref_tex[4 * 4 * 4], got_tex[4 * 4 * 4];
   memset(ref_tex, 1, sizeof ref_tex);
   memset(got_tex, 2, sizeof got_tex);
   ((pfn_bind)test_proc("glBindTexture"))(GL_TEXTURE_2D, 0);
   odd_unpack(true);
   ((pfn_teximage)test_proc("glTexImage2D"))(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                                         GL_UNSIGNED_SHORT, texels);
   ((pfn_gettex)test_proc("glGetTexImage"))(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, ref_tex);
   NewList(3, GL_COMPILE);
   ((pfn_teximage)test_proc("glTexImage2D"))(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                                         GL_UNSIGNED_SHORT, texels);
   /* a proxy target is executed, not compiled */
   ((pfn_teximage)test_proc("glTexImage2D"))(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                                         GL_UNSIGNED_SHORT, NULL);
   EndList();
   odd_unpack(false);
   ((pfn_teximage)test_proc("glTexImage2D"))(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA,
                                         GL_UNSIGNED_BYTE, NULL);
   memset(texels, 0, sizeof texels);
   CallList(3);
   ((pfn_gettex)test_proc("glGetTexImage"))(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got_tex);
   e = GetError();
   if (e == GL_INVALID_OPERATION) {
      printf("st_test_dlist: textures unavailable, glTexImage2D replay not checked\n");
   } else {
      CHECK_EQ_INT(e, GL_NO_ERROR);
      bool varied = false;
      for (unsigned i = 1; i < sizeof ref_tex; i++)
         varied |= ref_tex[i] != ref_tex[0];
      CHECK(varied, "reference texture has varied texels");
      CHECK(memcmp(ref_tex, got_tex, sizeof ref_tex) == 0,
            "replayed glTexImage2D differs from the executed one");
   }
   DeleteLists(3, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Pixel data read from a pixel unpack buffer at compile time. */
static void
test_unpack_buffer(void)
{
   typedef void (GLAPIENTRY *pfn_gen)(GLsizei, GLuint *);
   typedef void (GLAPIENTRY *pfn_bind)(GLenum, GLuint);
   typedef void (GLAPIENTRY *pfn_data)(GLenum, GLsizeiptr, const void *, GLenum);
   typedef void (GLAPIENTRY *pfn_map)(GLenum, GLsizei, const GLfloat *);
   typedef void (GLAPIENTRY *pfn_getmap)(GLenum, GLfloat *);
   static const GLfloat vals[3] = { 0.0f, 0.5f, 0.25f };
   static const GLfloat zeros3[3] = { 0, 0, 0 };
   GLuint buf = 0;
   ((pfn_gen)test_proc("glGenBuffers"))(1, &buf);
   ((pfn_bind)test_proc("glBindBuffer"))(GL_PIXEL_UNPACK_BUFFER, buf);
   ((pfn_data)test_proc("glBufferData"))(GL_PIXEL_UNPACK_BUFFER, sizeof vals, vals, GL_STATIC_DRAW);
   if (GetError() != GL_NO_ERROR) {
      printf("st_test_dlist: no pixel unpack buffers, PBO sources not checked\n");
      return;
   }
   NewList(1, GL_COMPILE);
   /* offset 4: the values 0.5, 0.25 */
   ((pfn_map)test_proc("glPixelMapfv"))(GL_PIXEL_MAP_R_TO_R, 2, (const GLfloat *)(uintptr_t)4);
   EndList();
   ((pfn_data)test_proc("glBufferData"))(GL_PIXEL_UNPACK_BUFFER, sizeof zeros3, zeros3, GL_STATIC_DRAW);
   CallList(1);   /* buffer still bound: the recorded values are client memory */
   CHECK_GL_ERROR(GL_NO_ERROR);
   ((pfn_bind)test_proc("glBindBuffer"))(GL_PIXEL_UNPACK_BUFFER, 0);
   GLfloat got[4] = { -1, -1, -1, -1 };
   ((pfn_getmap)test_proc("glGetPixelMapfv"))(GL_PIXEL_MAP_R_TO_R, got);
   CHECK_NEAR(got[0], 0.5);
   CHECK_NEAR(got[1], 0.25);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* the replay unbinds the buffer only around the call: afterwards an
    * offset still reads from it */
   ((pfn_bind)test_proc("glBindBuffer"))(GL_PIXEL_UNPACK_BUFFER, buf);
   CallList(1);
   ((pfn_map)test_proc("glPixelMapfv"))(GL_PIXEL_MAP_R_TO_R, 1, (const GLfloat *)(uintptr_t)0);
   ((pfn_bind)test_proc("glBindBuffer"))(GL_PIXEL_UNPACK_BUFFER, 0);
   ((pfn_getmap)test_proc("glGetPixelMapfv"))(GL_PIXEL_MAP_R_TO_R, got);
   CHECK_NEAR(got[0], 0.0);   /* read from the (zeroed) buffer: still bound */
   static const GLfloat identity[1] = { 0.0f };
   ((pfn_map)test_proc("glPixelMapfv"))(GL_PIXEL_MAP_R_TO_R, 1, identity);
   ((void (GLAPIENTRY *)(GLsizei, const GLuint *))test_proc("glDeleteBuffers"))(1, &buf);
   DeleteLists(1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Two contexts sharing lists. */
static void
test_shared(struct pipe_screen *screen, struct st_context *ctx, struct test_drawable *d)
{
   struct st_context_attribs attribs = { ST_PROFILE_COMPAT, 1, 0, 0, &d->base.visual };
   enum st_context_error err;
   struct st_context *ctx2 = st_context_create(screen, &attribs, ctx, &err);
   CHECK(ctx2 != NULL, "shared context");
   if (!ctx2)
      return;
   NewList(77, GL_COMPILE);
   Translatef(2, 0, 0);
   EndList();
   /* switching contexts while one compiles: each keeps its own table */
   NewList(78, GL_COMPILE);
   CHECK(st_make_current(ctx2, &d->base, &d->base), "make ctx2 current");
   CHECK(IsList(77), "shared list visible in ctx2");
   LoadIdentity();
   CallList(77);
   CHECK_NEAR(mv_x(), 2);   /* executed: ctx2 is not compiling */
   CHECK(st_make_current(ctx, &d->base, &d->base), "make ctx current again");
   Translatef(9, 0, 0);     /* compiled into 78 */
   EndList();
   CHECK(st_make_current(ctx2, &d->base, &d->base), "ctx2");
   LoadIdentity();
   CallList(78);
   CHECK_NEAR(mv_x(), 9);
   CHECK(st_make_current(ctx, &d->base, &d->base), "ctx");
   /* a context destroyed while compiling frees its list */
   CHECK(st_make_current(ctx2, &d->base, &d->base), "ctx2");
   NewList(79, GL_COMPILE);
   Translatef(1, 0, 0);
   st_make_current(ctx, &d->base, &d->base);
   st_context_destroy(ctx2);
   CHECK(!IsList(79), "list of a destroyed compiling context");
   DeleteLists(77, 3);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* GL_ATI_fragment_shader: glBindFragmentShaderATI and
 * glSetFragmentShaderConstantATI are compiled, glGenFragmentShadersATI
 * and the definition commands execute at once (docs/ati-fragment-shader.md) */
static void
test_ati_fragment_shader(void)
{
   GLuint s = ((GLuint (GLAPIENTRY *)(GLuint))test_proc("glGenFragmentShadersATI"))(1);
   CHECK(s != 0, "glGenFragmentShadersATI");
   GL(glBindFragmentShaderATI, GLuint)(s);
   GL(glBeginFragmentShaderATI, void)();
   GL(glColorFragmentOp1ATI, GLenum, GLuint, GLuint, GLuint, GLuint, GLuint, GLuint)(
      GL_MOV_ATI, GL_REG_0_ATI, GL_NONE, GL_NONE, GL_CON_0_ATI, GL_NONE, GL_NONE);
   GL(glEndFragmentShaderATI, void)();
   GL(glBindFragmentShaderATI, GLuint)(0);
   static const GLfloat red[4] = { 1, 0, 0, 1 }, blue[4] = { 0, 0, 1, 1 };
   GL(glSetFragmentShaderConstantATI, GLuint, const GLfloat *)(GL_CON_0_ATI, red);
   NewList(40, GL_COMPILE);
   GL(glBindFragmentShaderATI, GLuint)(s);
   GL(glSetFragmentShaderConstantATI, GLuint, const GLfloat *)(GL_CON_0_ATI, blue);
   EndList();
   CHECK_GL_ERROR(GL_NO_ERROR);
   GL(glEnable, GLenum)(GL_FRAGMENT_SHADER_ATI);
   /* not executed while compiling: shader 0 is undefined (fixed function) */
   Color3f(0, 1, 0);
   Begin(GL_QUADS);
   Vertex2f(0, 0);
   Vertex2f(W, 0);
   Vertex2f(W, H);
   Vertex2f(0, H);
   End();
   uint8_t px[W * H * 4];
   read_all(px);
   CHECK(near_rgb(pixel(px, 3, 3), 0, 255, 0), "list compiled, not executed: %d %d %d",
         pixel(px, 3, 3)[0], pixel(px, 3, 3)[1], pixel(px, 3, 3)[2]);
   CallList(40);
   Begin(GL_QUADS);
   Vertex2f(0, 0);
   Vertex2f(W, 0);
   Vertex2f(W, H);
   Vertex2f(0, H);
   End();
   read_all(px);
   CHECK(near_rgb(pixel(px, 3, 3), 0, 0, 255), "list executed: %d %d %d", pixel(px, 3, 3)[0],
         pixel(px, 3, 3)[1], pixel(px, 3, 3)[2]);
   GL(glDisable, GLenum)(GL_FRAGMENT_SHADER_ATI);
   DeleteLists(40, 1);
   GL(glDeleteFragmentShaderATI, GLuint)(s);
   CHECK_GL_ERROR(GL_NO_ERROR);
}


/* GL_NV_conditional_render: Begin/EndConditionalRenderNV are compiled
 * (the condition is the query's result when the list runs), and errors
 * of a compiled Begin are raised when it executes */
static void
test_conditional_render(void)
{
   static uint8_t px[W * H * 4];
   GLuint q[2];
   GL(glGenQueries, GLsizei, GLuint *)(2, q);
   /* q[0]: no samples, q[1]: some */
   GL(glBeginQuery, GLenum, GLuint)(GL_SAMPLES_PASSED, q[0]);
   GL(glEndQuery, GLenum)(GL_SAMPLES_PASSED);
   GL(glBeginQuery, GLenum, GLuint)(GL_SAMPLES_PASSED, q[1]);
   GL(glRectf, GLfloat, GLfloat, GLfloat, GLfloat)(0, 0, 2, 2);
   GL(glEndQuery, GLenum)(GL_SAMPLES_PASSED);
   clear_black();
   for (unsigned i = 0; i < 2; i++) {
      NewList(20 + i, GL_COMPILE);
      GL(glBeginConditionalRenderNV, GLuint, GLenum)(q[i], GL_QUERY_WAIT_NV);
      Color3f(0, 1, 0);
      GL(glRectf, GLfloat, GLfloat, GLfloat, GLfloat)(0, 0, W, H);
      GL(glEndConditionalRenderNV, void)();
      EndList();
   }
   /* compiling did not begin anything: End now is an error */
   GL(glEndConditionalRenderNV, void)();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   read_all(px);
   CHECK(near_rgb(pixel(px, 5, 5), 0, 0, 0), "nothing drawn while compiling");
   CallList(20);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all(px);
   CHECK(near_rgb(pixel(px, 5, 5), 0, 0, 0), "list 20 discarded its rectangle");
   CallList(21);
   read_all(px);
   CHECK(near_rgb(pixel(px, 5, 5), 0, 255, 0), "list 21 drew its rectangle");
   /* a compiled Begin with a bad mode raises INVALID_ENUM when called */
   NewList(22, GL_COMPILE);
   GL(glBeginConditionalRenderNV, GLuint, GLenum)(q[0], GL_LESS);
   EndList();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CallList(22);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   /* GL_COMPILE_AND_EXECUTE: active until End */
   NewList(23, GL_COMPILE_AND_EXECUTE);
   GL(glBeginConditionalRenderNV, GLuint, GLenum)(q[0], GL_QUERY_NO_WAIT_NV);
   EndList();
   clear_black();   /* discarded */
   read_all(px);
   CHECK(near_rgb(pixel(px, 5, 5), 0, 255, 0), "clear discarded after compile-and-execute");
   GL(glEndConditionalRenderNV, void)();
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* glBlitFramebuffer is discarded too (an FBO blit onto itself) */
   GLuint fbo, rb;
   GL(glGenFramebuffers, GLsizei, GLuint *)(1, &fbo);
   GL(glGenRenderbuffers, GLsizei, GLuint *)(1, &rb);
   GL(glBindRenderbuffer, GLenum, GLuint)(GL_RENDERBUFFER, rb);
   GL(glRenderbufferStorage, GLenum, GLenum, GLsizei, GLsizei)(GL_RENDERBUFFER, GL_RGBA8, W, H);
   GL(glBindFramebuffer, GLenum, GLuint)(GL_FRAMEBUFFER, fbo);
   GL(glFramebufferRenderbuffer, GLenum, GLenum, GLenum, GLuint)(GL_FRAMEBUFFER,
                                                                  GL_COLOR_ATTACHMENT0,
                                                                  GL_RENDERBUFFER, rb);
   clear_black();
   Color3f(1, 0, 0);
   GL(glRectf, GLfloat, GLfloat, GLfloat, GLfloat)(0, 0, 4, 4);
   void (GLAPIENTRY *blit)(GLint, GLint, GLint, GLint, GLint, GLint, GLint, GLint, GLbitfield,
                           GLenum) =
      (void (GLAPIENTRY *)(GLint, GLint, GLint, GLint, GLint, GLint, GLint, GLint, GLbitfield,
                           GLenum))test_proc("glBlitFramebuffer");
   GL(glBeginConditionalRenderNV, GLuint, GLenum)(q[0], GL_QUERY_WAIT_NV);
   blit(0, 0, 4, 4, 8, 8, 12, 12, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   read_all(px);
   CHECK(near_rgb(pixel(px, 9, 9), 0, 0, 0), "blit discarded");
   GL(glEndConditionalRenderNV, void)();
   blit(0, 0, 4, 4, 8, 8, 12, 12, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   read_all(px);
   CHECK(near_rgb(pixel(px, 9, 9), 255, 0, 0), "blit after End");
   GL(glBindFramebuffer, GLenum, GLuint)(GL_FRAMEBUFFER, 0);
   GL(glDeleteFramebuffers, GLsizei, const GLuint *)(1, &fbo);
   GL(glDeleteRenderbuffers, GLsizei, const GLuint *)(1, &rb);
   DeleteLists(20, 4);
   GL(glDeleteQueries, GLsizei, const GLuint *)(2, q);
   CHECK_GL_ERROR(GL_NO_ERROR);
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
   struct st_visual vis = { true, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, 0 };
   struct st_context_attribs attribs = { ST_PROFILE_COMPAT, 1, 0, 0, &vis };
   enum st_context_error err;
   struct st_context *ctx = st_context_create(screen, &attribs, NULL, &err);
   CHECK(ctx != NULL, "context (error %d)", err);
   if (!ctx)
      return st_test_finish("st_test_dlist");

   struct test_drawable d;
   test_drawable_init(&d, screen, &vis, W, H);
   CHECK(st_make_current(ctx, &d.base, &d.base), "make current");

   GL(glMatrixMode, GLenum)(GL_PROJECTION);
   LoadIdentity();
   GL(glOrtho, GLdouble, GLdouble, GLdouble, GLdouble, GLdouble, GLdouble)(0, W, 0, H, -1, 1);
   GL(glMatrixMode, GLenum)(GL_MODELVIEW);
   LoadIdentity();
   CHECK_GL_ERROR(GL_NO_ERROR);

   test_errors();
   test_save_table(ctx);
   test_state_and_names();
   test_compile_execute_nesting();
   test_call_lists_types();
   test_pixels();
   test_draw_pixels();
   test_images();
   test_unpack_buffer();
   test_ati_fragment_shader();
   test_conditional_render();
   test_shared(screen, ctx, &d);

   /* a context destroyed while compiling: nothing leaks (valgrind) */
   NewList(5, GL_COMPILE);
   Translatef(1, 0, 0);
   st_make_current(NULL, NULL, NULL);
   st_framebuffer_iface_destroyed(&d.base);
   st_context_destroy(ctx);
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
      pipe_resource_reference(&d.tex[i], NULL);
   screen->destroy(screen);
   return st_test_finish("st_test_dlist");
}
