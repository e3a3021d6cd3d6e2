/*
 * glMapBuffer in a desktop context.  libglapi gives glMapBuffer and ES's
 * glMapBufferOES one dispatch slot, so Pony's OES entry point (ES rules:
 * GL_WRITE_ONLY only, vertex and index buffers only) received desktop
 * calls too: glMapBuffer(..., GL_READ_ONLY) and every other target failed
 * with GL_INVALID_ENUM and returned NULL, which piglit's transform feedback
 * tests then dereferenced.  Desktop contexts keep the desktop rules.
 */
#include <string.h>

#include "regress.h"

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;
   PFNGLGENBUFFERSPROC gen = REGRESS_PROC(PFNGLGENBUFFERSPROC, glGenBuffers);
   PFNGLBINDBUFFERPROC bind = REGRESS_PROC(PFNGLBINDBUFFERPROC, glBindBuffer);
   PFNGLBUFFERDATAPROC data = REGRESS_PROC(PFNGLBUFFERDATAPROC, glBufferData);
   PFNGLMAPBUFFERPROC map = REGRESS_PROC(PFNGLMAPBUFFERPROC, glMapBuffer);
   PFNGLUNMAPBUFFERPROC unmap = REGRESS_PROC(PFNGLUNMAPBUFFERPROC, glUnmapBuffer);
   PFNGLDELETEBUFFERSPROC del = REGRESS_PROC(PFNGLDELETEBUFFERSPROC, glDeleteBuffers);

   static const GLenum targets[] = { GL_ARRAY_BUFFER, GL_PIXEL_PACK_BUFFER,
                                     GL_PIXEL_UNPACK_BUFFER };
   static const GLenum access[] = { GL_READ_ONLY, GL_WRITE_ONLY, GL_READ_WRITE };
   const unsigned char bytes[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
   GLuint buf;
   gen(1, &buf);
   for (unsigned t = 0; t < 3; t++) {
      bind(targets[t], buf);
      data(targets[t], sizeof bytes, bytes, GL_STATIC_DRAW);
      for (unsigned a = 0; a < 3; a++) {
         unsigned char *p = map(targets[t], access[a]);
         regress_expect_error(GL_NO_ERROR, "glMapBuffer (desktop target and access)");
         if (!p) {
            test_fail("glMapBuffer(0x%04x, 0x%04x) returned NULL", targets[t], access[a]);
            continue;
         }
         if (access[a] != GL_WRITE_ONLY && memcmp(p, bytes, sizeof bytes)) {
            test_fail("mapped bytes differ (target 0x%04x)", targets[t]);
         }
         unmap(targets[t]);
         regress_expect_error(GL_NO_ERROR, "glUnmapBuffer");
      }
      bind(targets[t], 0);
   }
   del(1, &buf);
   regress_context_alive("after the maps");
   return regress_finish("map-buffer-alias");
}
