/*
 * GL_NV_primitive_restart in display lists: a listed glDrawElements whose
 * indices contain the restart index fetched "vertex 65535" when the list
 * was compiled, reading far past the caller's 4-vertex array (segfault in
 * st_fetch_array_vertex from st_dlist_save_glDrawElements).  The restart
 * index names no vertex: each run between restart indices is a primitive
 * of its own, as outside a list.  Checked for glDrawElements,
 * glDrawRangeElements, glMultiDrawElements and glArrayElement, comparing
 * the list's pixels with the same draw made directly.
 */
#include <stdlib.h>
#include <string.h>

#include "guard_page.h"
#include "regress.h"

#define RESTART 0xffffu

static PFNGLPRIMITIVERESTARTINDEXNVPROC restart_index;
static PFNGLDRAWRANGEELEMENTSPROC draw_range;
static PFNGLMULTIDRAWELEMENTSPROC multi_draw;

static const GLushort idx[] = { 0, 1, RESTART, 2, 3 };

/* The draws under test: lines 0-1 and 2-3, never a line 1-2. */
static void
draw(int which)
{
   switch (which) {
   case 0:
      glDrawElements(GL_LINE_STRIP, 5, GL_UNSIGNED_SHORT, idx);
      break;
   case 1:
      draw_range(GL_LINE_STRIP, 0, 3, 5, GL_UNSIGNED_SHORT, idx);
      break;
   case 2: {
      const GLsizei counts[2] = { 5, 3 };
      const void *const ptrs[2] = { idx, idx + 2 };
      multi_draw(GL_LINE_STRIP, counts, GL_UNSIGNED_SHORT, ptrs, 2);
      break;
   }
   case 3:
      glBegin(GL_LINE_STRIP);
      for (unsigned i = 0; i < 5; i++)
         glArrayElement(idx[i]);
      glEnd();
      break;
   }
}

static unsigned char *
read_all(void)
{
   unsigned char *p = malloc(REGRESS_W * REGRESS_H * 4);
   glReadPixels(0, 0, REGRESS_W, REGRESS_H, GL_RGBA, GL_UNSIGNED_BYTE, p);
   return p;
}

static unsigned
lit(const unsigned char *p)
{
   unsigned n = 0;
   for (unsigned i = 0; i < REGRESS_W * REGRESS_H; i++)
      n += p[4 * i] != 0;
   return n;
}

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   if (!ext || !strstr(ext, "GL_NV_primitive_restart")) {
      test_fail("GL_NV_primitive_restart not offered");
      return regress_finish("regress-dlist-restart-index");
   }
   restart_index = REGRESS_PROC(PFNGLPRIMITIVERESTARTINDEXNVPROC, glPrimitiveRestartIndexNV);
   draw_range = REGRESS_PROC(PFNGLDRAWRANGEELEMENTSPROC, glDrawRangeElements);
   multi_draw = REGRESS_PROC(PFNGLMULTIDRAWELEMENTSPROC, glMultiDrawElements);

   /* exactly 4 vertices, ending at an inaccessible page: two horizontal
    * lines, one in the lower half and one in the upper half */
   static const GLfloat pos[8] = { -0.8f, -0.5f, 0.8f, -0.5f, -0.8f, 0.5f, 0.8f, 0.5f };
   GLfloat *verts = guard_page_alloc(sizeof pos);
   memcpy(verts, pos, sizeof pos);
   glVertexPointer(2, GL_FLOAT, 0, verts);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_PRIMITIVE_RESTART_NV);
   restart_index(RESTART);
   glColor4f(1, 1, 1, 1);
   regress_expect_error(GL_NO_ERROR, "setup");

   static const char *const names[] = { "glDrawElements", "glDrawRangeElements",
                                        "glMultiDrawElements", "glArrayElement" };
   GLuint l = glGenLists(1);
   for (int which = 0; which < 4; which++) {
      glClearColor(0, 0, 0, 0);
      glClear(GL_COLOR_BUFFER_BIT);
      draw(which);
      regress_expect_error(GL_NO_ERROR, names[which]);
      unsigned char *direct = read_all();

      glNewList(l, GL_COMPILE);
      draw(which);
      glEndList();
      regress_expect_error(GL_NO_ERROR, names[which]);
      glClear(GL_COLOR_BUFFER_BIT);
      glCallList(l);
      regress_expect_error(GL_NO_ERROR, names[which]);
      unsigned char *listed = read_all();

      /* two lines of about 0.8 * REGRESS_W pixels; a line 1-2 would add a
       * diagonal */
      unsigned n = lit(direct);
      if (n < REGRESS_W || n > 2 * REGRESS_W)
         test_fail("%s: %u pixels lit drawing directly", names[which], n);
      if (memcmp(direct, listed, REGRESS_W * REGRESS_H * 4) != 0)
         test_fail("%s: the list draws %u pixels, the direct draw %u", names[which],
                   lit(listed), n);
      free(direct);
      free(listed);
   }

   glDeleteLists(l, 1);
   glDisableClientState(GL_PRIMITIVE_RESTART_NV);
   glDisableClientState(GL_VERTEX_ARRAY);
   regress_context_alive("after the listed restart draws");
   return regress_finish("regress-dlist-restart-index");
}
