/*
 * Boundary values (0, -1, INT_MIN, INT_MAX, 65535, 65536) on every integer
 * argument of the texture-storage, texture-view, multisample, framebuffer-
 * object and buffer-range entry points: each is a GL error or valid work,
 * without overflow (UBSan) and with the context intact.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include "regress.h"

static const GLint v[] = { INT_MIN, -1, 0, 1, 65535, 65536, INT_MAX - 1, INT_MAX };
#define NV (sizeof v / sizeof v[0])

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;
#define P(type, name) type name = REGRESS_PROC(type, gl##name)
   P(PFNGLTEXSTORAGE2DPROC, TexStorage2D);
   P(PFNGLTEXSTORAGE3DPROC, TexStorage3D);
   P(PFNGLTEXIMAGE2DMULTISAMPLEPROC, TexImage2DMultisample);
   P(PFNGLGENFRAMEBUFFERSPROC, GenFramebuffers);
   P(PFNGLBINDFRAMEBUFFERPROC, BindFramebuffer);
   P(PFNGLFRAMEBUFFERTEXTURE2DPROC, FramebufferTexture2D);
   P(PFNGLFRAMEBUFFERTEXTURELAYERPROC, FramebufferTextureLayer);
   P(PFNGLDELETEFRAMEBUFFERSPROC, DeleteFramebuffers);
   P(PFNGLGENRENDERBUFFERSPROC, GenRenderbuffers);
   P(PFNGLBINDRENDERBUFFERPROC, BindRenderbuffer);
   P(PFNGLRENDERBUFFERSTORAGEPROC, RenderbufferStorage);
   P(PFNGLRENDERBUFFERSTORAGEMULTISAMPLEPROC, RenderbufferStorageMultisample);
   P(PFNGLDELETERENDERBUFFERSPROC, DeleteRenderbuffers);
   P(PFNGLGENBUFFERSPROC, GenBuffers);
   P(PFNGLBINDBUFFERPROC, BindBuffer);
   P(PFNGLBUFFERDATAPROC, BufferData);
   P(PFNGLBUFFERSUBDATAPROC, BufferSubData);
   P(PFNGLMAPBUFFERRANGEPROC, MapBufferRange);
   P(PFNGLUNMAPBUFFERPROC, UnmapBuffer);
   P(PFNGLCOPYBUFFERSUBDATAPROC, CopyBufferSubData);
   P(PFNGLDELETEBUFFERSPROC, DeleteBuffers);

   GLuint tex[4], fb, rb, buf[2];
   unsigned char *data = malloc(16);
   for (unsigned i = 0; i < NV; i++) {
      for (unsigned j = 0; j < NV; j++) {
         glGenTextures(4, tex);
         glBindTexture(GL_TEXTURE_2D, tex[0]);
         TexStorage2D(GL_TEXTURE_2D, v[i], GL_RGBA8, v[j], v[j] > 0 && v[j] < 64 ? v[j] : 1);
         glGetError();
         glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, tex[1]);
         TexStorage3D(GL_TEXTURE_2D_ARRAY_EXT, 1, GL_RGBA8, 4, 4, v[i]);
         glGetError();
         glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[2]);
         TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, v[i], GL_RGBA8, v[j], 4, GL_TRUE);
         glGetError();
         glBindTexture(GL_TEXTURE_2D, tex[3]);
         glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
         GenFramebuffers(1, &fb);
         BindFramebuffer(GL_FRAMEBUFFER, fb);
         FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[3], v[i]);
         glGetError();
         FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[1], v[j], v[i]);
         glGetError();
         glClear(GL_COLOR_BUFFER_BIT);
         glGetError();
         BindFramebuffer(GL_FRAMEBUFFER, 0);
         DeleteFramebuffers(1, &fb);
         GenRenderbuffers(1, &rb);
         BindRenderbuffer(GL_RENDERBUFFER, rb);
         RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, v[i], v[j] > 0 && v[j] < 64 ? v[j] : 1);
         glGetError();
         RenderbufferStorageMultisample(GL_RENDERBUFFER, v[i], GL_RGBA8, 4,
                                        v[j] > 0 && v[j] < 64 ? v[j] : 1);
         glGetError();
         DeleteRenderbuffers(1, &rb);
         glDeleteTextures(4, tex);

         GenBuffers(2, buf);
         BindBuffer(GL_ARRAY_BUFFER, buf[0]);
         BindBuffer(GL_COPY_WRITE_BUFFER, buf[1]);
         BufferData(GL_ARRAY_BUFFER, 16, NULL, GL_STATIC_DRAW);
         BufferData(GL_COPY_WRITE_BUFFER, 16, NULL, GL_STATIC_DRAW);
         GLintptr off = (GLintptr)v[i] * (j & 1 ? (GLintptr)1 << 32 : 1);
         BufferSubData(GL_ARRAY_BUFFER, off, 1, data);
         glGetError();
         BufferSubData(GL_ARRAY_BUFFER, 1, i & 1 ? (v[j] < 0 ? PTRDIFF_MIN : PTRDIFF_MAX) : v[j],
                       data);
         glGetError();
         if (MapBufferRange(GL_ARRAY_BUFFER, off, v[j], GL_MAP_READ_BIT))
            UnmapBuffer(GL_ARRAY_BUFFER);
         glGetError();
         CopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_WRITE_BUFFER, off, v[j], 4);
         glGetError();
         CopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, PTRDIFF_MAX);
         glGetError();
         DeleteBuffers(2, buf);
      }
   }
   free(data);
   regress_context_alive("after the boundary storage calls");
   return regress_finish("regress-fbo-tex-extremes");
}
