/*
 * Generated display-list save functions copied client memory for calls
 * that can only fail: glCompressedTexImage2D with an imageSize the
 * width/height/format contradict copied imageSize bytes; glPixelMapfv with
 * a size the map refuses copied that many values; glDrawBuffers copied up
 * to 64 names where more than GL_MAX_DRAW_BUFFERS is an error; glUniform4fv, which
 * the GL 1.5 context of then did not implement, copied count x 4 floats
 * (then glUniform4uiv, GL 3.0, and since contexts are GL 3.3 glUniform4dv, GL
 * 4.0, stands for a command the context lacks).  Such
 * calls read nothing: compressed and pixel-map calls are recorded without
 * data and raise their error when the list executes; an unimplemented
 * command is not compiled (its stub raises GL_INVALID_OPERATION at once).
 */
#include <limits.h>
#include <string.h>

#include "guard_page.h"
#include "regress.h"

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;
   PFNGLCOMPRESSEDTEXIMAGE2DPROC compressed_tex_image_2d =
      REGRESS_PROC(PFNGLCOMPRESSEDTEXIMAGE2DPROC, glCompressedTexImage2D);
   PFNGLCOMPRESSEDTEXSUBIMAGE2DPROC compressed_tex_sub_image_2d =
      REGRESS_PROC(PFNGLCOMPRESSEDTEXSUBIMAGE2DPROC, glCompressedTexSubImage2D);
   PFNGLUNIFORM4DVPROC uniform4dv = REGRESS_PROC(PFNGLUNIFORM4DVPROC, glUniform4dv);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   bool s3tc = ext && strstr(ext, "GL_EXT_texture_compression_s3tc");

   /* 8 bytes: one DXT1 block, two pixel-map values */
   const void *buf = guard_page_alloc(8);
   GLuint l = glGenLists(1);
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);

   if (s3tc) {
      glNewList(l, GL_COMPILE);
      compressed_tex_image_2d(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 0,
                              65536, buf);
      glEndList();
      regress_call_list_expect(l, GL_INVALID_VALUE,
                               "listed glCompressedTexImage2D 4x4, imageSize 65536");

      glNewList(l, GL_COMPILE);
      compressed_tex_image_2d(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 0, 8,
                              buf);
      glEndList();
      regress_call_list_expect(l, GL_NO_ERROR, "listed glCompressedTexImage2D 4x4, one block");
      GLint size = 0;
      glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &size);
      if (size != 8)
         test_fail("listed glCompressedTexImage2D: compressed size %d, expected 8", size);

      glNewList(l, GL_COMPILE);
      compressed_tex_sub_image_2d(GL_TEXTURE_2D, 0, INT_MAX - 3, 0, 65536, 4,
                                  GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 131072, buf);
      glEndList();
      regress_call_list_expect(l, GL_INVALID_VALUE,
                               "listed glCompressedTexSubImage2D xoffset INT_MAX - 3");
   } else {
      test_note("no GL_EXT_texture_compression_s3tc: compressed cases skipped");
   }

   glNewList(l, GL_COMPILE);
   glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 3, buf);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glPixelMapfv(I_TO_R, size 3)");

   glNewList(l, GL_COMPILE);
   glPixelMapfv(GL_TEXTURE_2D, 256, buf);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_ENUM, "listed glPixelMapfv(bad map, size 256)");

   glNewList(l, GL_COMPILE);
   glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 2, buf);
   glEndList();
   regress_call_list_expect(l, GL_NO_ERROR, "listed glPixelMapfv(R_TO_R, size 2)");

   /* 8 names: as many as GL_MAX_DRAW_BUFFERS allows */
   PFNGLDRAWBUFFERSPROC draw_buffers = REGRESS_PROC(PFNGLDRAWBUFFERSPROC, glDrawBuffers);
   GLint max_bufs = 0;
   glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_bufs);
   GLenum *bufs = guard_page_alloc((size_t)max_bufs * sizeof(GLenum));
   for (GLint i = 0; i < max_bufs; i++)
      bufs[i] = GL_NONE;
   glNewList(l, GL_COMPILE);
   draw_buffers(max_bufs + 1, bufs);
   glEndList();
   regress_call_list_expect(l, GL_INVALID_VALUE, "listed glDrawBuffers(GL_MAX_DRAW_BUFFERS + 1)");
   GLint cur = GL_NONE;
   glGetIntegerv(GL_DRAW_BUFFER, &cur);
   glNewList(l, GL_COMPILE);
   draw_buffers(1, bufs);   /* GL_NONE */
   glEndList();
   regress_call_list_expect(l, GL_NO_ERROR, "listed glDrawBuffers(1, GL_NONE)");
   GLint now = -1;
   glGetIntegerv(GL_DRAW_BUFFER, &now);
   if (now != GL_NONE)
      test_fail("listed glDrawBuffers(1, GL_NONE): GL_DRAW_BUFFER 0x%x", (unsigned)now);
   glDrawBuffer((GLenum)cur);

   /* not implemented here: not compiled, nothing read, error at once */
   glNewList(l, GL_COMPILE);
   uniform4dv(0, 1 << 20, buf);
   regress_expect_error(GL_INVALID_OPERATION, "listed glUniform4dv (unimplemented)");
   glEndList();
   regress_call_list_expect(l, GL_NO_ERROR, "list of an unimplemented command");

   glDeleteLists(l, 1);
   glDeleteTextures(1, &tex);
   regress_context_alive("after the listed generated commands");
   return regress_finish("regress-dlist-generated-args");
}
