/*
 * GL_OES_mapbuffer through the real dispatch of an ES context (the cases
 * map_buffer_oes_es1 and _es2).  Its commands belong to an extension, not
 * to an ES feature, so the dispatch kept their stubs in ES contexts
 * (GL_INVALID_OPERATION and NULL) although the extension string offered
 * them; glmark2-es2's buffer scenes with update-method=map then copied to
 * the NULL pointer and crashed.
 */
#include <string.h>

#include "regress.h"

#ifndef GL_WRITE_ONLY_OES
#define GL_WRITE_ONLY_OES 0x88B9
#endif

typedef void *(GLAPIENTRY *map_oes_fn)(GLenum, GLenum);
typedef GLboolean(GLAPIENTRY *unmap_oes_fn)(GLenum);
typedef void(GLAPIENTRY *pointer_oes_fn)(GLenum, GLenum, void **);

static int
map_buffer_oes_case(enum regress_api api, const char *name)
{
   int rc = regress_setup(api);
   if (rc != TEST_PASS)
      return rc;
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   if (!ext || !strstr(ext, "GL_OES_mapbuffer"))
      test_fail("GL_OES_mapbuffer not offered");
   PFNGLGENBUFFERSPROC gen = REGRESS_PROC(PFNGLGENBUFFERSPROC, glGenBuffers);
   PFNGLBINDBUFFERPROC bind = REGRESS_PROC(PFNGLBINDBUFFERPROC, glBindBuffer);
   PFNGLBUFFERDATAPROC data = REGRESS_PROC(PFNGLBUFFERDATAPROC, glBufferData);
   PFNGLBUFFERSUBDATAPROC subdata = REGRESS_PROC(PFNGLBUFFERSUBDATAPROC, glBufferSubData);
   PFNGLDELETEBUFFERSPROC del = REGRESS_PROC(PFNGLDELETEBUFFERSPROC, glDeleteBuffers);
   map_oes_fn map = (map_oes_fn)regress_proc("glMapBufferOES");
   unmap_oes_fn unmap = (unmap_oes_fn)regress_proc("glUnmapBufferOES");
   pointer_oes_fn pointer = (pointer_oes_fn)regress_proc("glGetBufferPointervOES");

   GLuint buf;
   gen(1, &buf);
   bind(GL_ARRAY_BUFFER, buf);
   static const unsigned char zeros[16];
   data(GL_ARRAY_BUFFER, sizeof zeros, zeros, GL_DYNAMIC_DRAW);
   unsigned char *p = map(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES);
   regress_expect_error(GL_NO_ERROR, "glMapBufferOES(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES)");
   if (!p) {
      test_fail("glMapBufferOES returned NULL");
   } else {
      void *q = NULL;
      pointer(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &q);
      regress_expect_error(GL_NO_ERROR, "glGetBufferPointervOES");
      if (q != p)
         test_fail("glGetBufferPointervOES gave %p, the map is %p", q, (void *)p);
      for (unsigned i = 0; i < 16; i++)
         p[i] = (unsigned char)(i * 7);
      if (unmap(GL_ARRAY_BUFFER) != GL_TRUE)
         test_fail("glUnmapBufferOES did not return GL_TRUE");
      regress_expect_error(GL_NO_ERROR, "glUnmapBufferOES");
      /* what the map wrote is the buffer's: a second map sees it */
      subdata(GL_ARRAY_BUFFER, 0, 1, zeros);
      p = map(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES);
      if (p && (p[0] != 0 || p[1] != 7 || p[15] != 105))
         test_fail("the buffer after the map: %u %u %u", p[0], p[1], p[15]);
      unmap(GL_ARRAY_BUFFER);
   }
   /* ES rules: write-only access, vertex and index buffers */
   map(GL_ARRAY_BUFFER, 0x88B8 /* GL_READ_ONLY */);
   regress_expect_error(GL_INVALID_ENUM, "glMapBufferOES read-only");
   bind(GL_ARRAY_BUFFER, 0);
   del(1, &buf);
   regress_context_alive("after the maps");
   return regress_finish(name);
}
