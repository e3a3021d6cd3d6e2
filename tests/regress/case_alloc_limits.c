/*
 * Allocations a GL call asks for: glBufferData with sizes up to
 * PTRDIFF_MAX went straight to calloc (under ASan an abort, "requested
 * allocation size exceeds maximum supported size"; elsewhere whatever the
 * system's overcommit made of it).  A size over the limit of one store
 * (docs/robustness.md) is GL_OUT_OF_MEMORY and leaves the buffer as it was;
 * textures, renderbuffers and multisample storage at the largest sizes
 * either succeed or raise GL_OUT_OF_MEMORY, never crash.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "regress.h"

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;

   PFNGLGENBUFFERSPROC GenBuffers = REGRESS_PROC(PFNGLGENBUFFERSPROC, glGenBuffers);
   PFNGLBINDBUFFERPROC BindBuffer = REGRESS_PROC(PFNGLBINDBUFFERPROC, glBindBuffer);
   PFNGLBUFFERDATAPROC BufferData = REGRESS_PROC(PFNGLBUFFERDATAPROC, glBufferData);
   PFNGLGETBUFFERPARAMETERIVPROC GetBufferParameteriv =
      REGRESS_PROC(PFNGLGETBUFFERPARAMETERIVPROC, glGetBufferParameteriv);
   PFNGLGETBUFFERSUBDATAPROC GetBufferSubData =
      REGRESS_PROC(PFNGLGETBUFFERSUBDATAPROC, glGetBufferSubData);
   PFNGLDELETEBUFFERSPROC DeleteBuffers = REGRESS_PROC(PFNGLDELETEBUFFERSPROC, glDeleteBuffers);
   PFNGLGENRENDERBUFFERSPROC GenRenderbuffers =
      REGRESS_PROC(PFNGLGENRENDERBUFFERSPROC, glGenRenderbuffers);
   PFNGLBINDRENDERBUFFERPROC BindRenderbuffer =
      REGRESS_PROC(PFNGLBINDRENDERBUFFERPROC, glBindRenderbuffer);
   PFNGLRENDERBUFFERSTORAGEPROC RenderbufferStorage =
      REGRESS_PROC(PFNGLRENDERBUFFERSTORAGEPROC, glRenderbufferStorage);
   PFNGLRENDERBUFFERSTORAGEMULTISAMPLEPROC RenderbufferStorageMultisample =
      REGRESS_PROC(PFNGLRENDERBUFFERSTORAGEMULTISAMPLEPROC, glRenderbufferStorageMultisample);
   PFNGLGETRENDERBUFFERPARAMETERIVPROC GetRenderbufferParameteriv =
      REGRESS_PROC(PFNGLGETRENDERBUFFERPARAMETERIVPROC, glGetRenderbufferParameteriv);
   PFNGLDELETERENDERBUFFERSPROC DeleteRenderbuffers =
      REGRESS_PROC(PFNGLDELETERENDERBUFFERSPROC, glDeleteRenderbuffers);

   GLuint buf;
   GenBuffers(1, &buf);
   BindBuffer(GL_ARRAY_BUFFER, buf);
   unsigned char init[16];
   memset(init, 0x5a, sizeof init);
   BufferData(GL_ARRAY_BUFFER, sizeof init, init, GL_STATIC_DRAW);
   regress_expect_error(GL_NO_ERROR, "BufferData(16)");

   static const int64_t huge[] = { PTRDIFF_MAX, PTRDIFF_MAX - 1, (int64_t)1 << 62,
                                   (int64_t)1 << 40, (int64_t)1 << 33, (int64_t)INT_MAX + 1,
                                   ((int64_t)1 << 30) + 1 };
   for (unsigned i = 0; i < sizeof huge / sizeof huge[0]; i++) {
      BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)huge[i], NULL, GL_STATIC_DRAW);
      regress_expect_error(GL_OUT_OF_MEMORY, "BufferData(huge size)");
      GLint size = 0;
      GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
      if (size != (GLint)sizeof init)
         test_fail("GL_BUFFER_SIZE after a failed glBufferData: %d, expected 16", size);
      unsigned char *back = malloc(sizeof init);
      GetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof init, back);
      regress_expect_error(GL_NO_ERROR, "glGetBufferSubData after the failed glBufferData");
      if (memcmp(back, init, sizeof init) != 0)
         test_fail("buffer contents changed by a failed glBufferData");
      free(back);
   }
   DeleteBuffers(1, &buf);

   /* textures at the largest sizes, every level: success or OUT_OF_MEMORY */
   GLint max2d = 0, max3d = 0, maxrb = 0;
   glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max2d);
   glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max3d);
   glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &maxrb);
   GLuint tex[2];
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_3D, tex[1]);
   glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA32F, max3d, max3d, max3d, 0, GL_RGBA, GL_FLOAT, NULL);
   regress_expect_error2(GL_OUT_OF_MEMORY, GL_NO_ERROR, "glTexImage3D(max, RGBA32F)");
   glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, tex[0]);
   glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA32F, max2d, max2d, 2048, 0, GL_RGBA,
                GL_FLOAT, NULL);
   regress_expect_error2(GL_OUT_OF_MEMORY, GL_INVALID_VALUE,
                         "glTexImage3D(2D array max x max x 2048, RGBA32F)");
   PFNGLTEXSTORAGE3DPROC TexStorage3D = REGRESS_PROC(PFNGLTEXSTORAGE3DPROC, glTexStorage3D);
   TexStorage3D(GL_TEXTURE_3D, 12, GL_RGBA32F, max3d, max3d, max3d);
   regress_expect_error2(GL_OUT_OF_MEMORY, GL_INVALID_OPERATION,
                         "glTexStorage3D(max, RGBA32F)");
   PFNGLTEXIMAGE2DMULTISAMPLEPROC TexImage2DMultisample =
      REGRESS_PROC(PFNGLTEXIMAGE2DMULTISAMPLEPROC, glTexImage2DMultisample);
   GLint maxs = 0;
   glGetIntegerv(GL_MAX_SAMPLES, &maxs);
   GLuint mst;
   glGenTextures(1, &mst);
   glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, mst);
   TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, maxs, GL_RGBA32F, max2d, max2d, GL_TRUE);
   regress_expect_error2(GL_OUT_OF_MEMORY, GL_NO_ERROR,
                         "glTexImage2DMultisample(max samples, max size, RGBA32F)");
   glDeleteTextures(1, &mst);
   glDeleteTextures(2, tex);

   GLuint rb;
   GenRenderbuffers(1, &rb);
   BindRenderbuffer(GL_RENDERBUFFER, rb);
   RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   regress_expect_error(GL_NO_ERROR, "glRenderbufferStorage 4x4");
   RenderbufferStorageMultisample(GL_RENDERBUFFER, INT_MAX, GL_RGBA32F, maxrb, maxrb);
   regress_expect_error2(GL_INVALID_VALUE, GL_OUT_OF_MEMORY,
                         "RenderbufferStorageMultisample(INT_MAX samples)");
   GLint w = 0;
   GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &w);
   regress_expect_error(GL_NO_ERROR, "glGetRenderbufferParameteriv");
   if (w != 4)
      test_fail("renderbuffer width after a failed storage call: %d, expected 4", w);
   DeleteRenderbuffers(1, &rb);

   regress_context_alive("after the oversized allocations");
   return regress_finish("regress-alloc-limits");
}
