/*
 * The imageSize a compressed upload must match was computed in 32-bit
 * unsigned arithmetic: a DXT5 2D array of 8192 x 8192 x 64 is exactly 2^32
 * bytes, which wrapped to 0, so imageSize 0 was accepted and the upload
 * then read the whole image (4 GiB) from a 16-byte client buffer.  The size
 * is now computed in 64 bits: no GLsizei matches it, GL_INVALID_VALUE.
 */
#include <stdint.h>
#include <stdlib.h>

#include "regress.h"

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;
   PFNGLCOMPRESSEDTEXIMAGE3DPROC CompressedTexImage3D =
      REGRESS_PROC(PFNGLCOMPRESSEDTEXIMAGE3DPROC, glCompressedTexImage3D);
   PFNGLCOMPRESSEDTEXSUBIMAGE3DPROC CompressedTexSubImage3D =
      REGRESS_PROC(PFNGLCOMPRESSEDTEXSUBIMAGE3DPROC, glCompressedTexSubImage3D);

   GLint max = 0, layers_max = 0;
   glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max);
   glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS_EXT, &layers_max);
   /* DXT5: 16 bytes per 4x4 block, so max * max bytes a layer */
   int64_t layer_bytes = (int64_t)max * max;
   int64_t layers = ((int64_t)1 << 32) / layer_bytes;
   if (layers * layer_bytes != ((int64_t)1 << 32) || layers > layers_max) {
      test_note("max texture size %d, %d layers: no 2^32-byte DXT5 array; nothing to check",
                max, layers_max);
      regress_context_alive("skipped");
      return regress_finish("regress-compressed-size-wrap");
   }

   unsigned char *data = calloc(1, 16);
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, tex);
   CompressedTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, max, max,
                        (GLsizei)layers, 0, 0, data);
   regress_expect_error(GL_INVALID_VALUE, "glCompressedTexImage3D(2^32 bytes, imageSize 0)");
   CompressedTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 8, 8, 1,
                        0, 64, NULL);
   regress_expect_error(GL_NO_ERROR, "glCompressedTexImage3D(8x8x1)");
   CompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, 0, 0, 0, 4, 4, 1,
                           GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 16, data);
   regress_expect_error(GL_NO_ERROR, "glCompressedTexSubImage3D(one block)");
   CompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, 0, 0, 0, 4, 4, 1,
                           GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, -16, data);
   regress_expect_error(GL_INVALID_VALUE, "glCompressedTexSubImage3D(imageSize -16)");
   glDeleteTextures(1, &tex);
   free(data);

   regress_context_alive("after the 2^32-byte compressed image");
   return regress_finish("regress-compressed-size-wrap");
}
