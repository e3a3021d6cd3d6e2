/*
 * Client memory and buffer offsets need no alignment: glPixelMap* reading
 * from a pixel unpack buffer at offset 1, glGetPixelMap* and glGetTexImage
 * (GL_SHORT, GL_FLOAT, GL_UNSIGNED_INT_8_8_8_8) writing into a pack buffer
 * at offset 1 or to an odd client address, glReadPixels and glDrawPixels
 * of GL_SHORT at an odd client address.  Found: the pack code and the
 * pixel maps stored and loaded GLshort / GLfloat / GLuint through typed
 * pointers (undefined behaviour, reported by UBSan's alignment check).
 * Every client buffer is malloc'ed at exactly the size the call touches,
 * plus the one byte of misalignment.
 */
#include <stdlib.h>
#include <string.h>

#include "regress.h"

static PFNGLGENBUFFERSPROC gen_buffers;
static PFNGLBINDBUFFERPROC bind_buffer;
static PFNGLBUFFERDATAPROC buffer_data;
static PFNGLGETBUFFERSUBDATAPROC get_buffer_sub_data;
static PFNGLDELETEBUFFERSPROC delete_buffers;

static GLuint
make_buffer(GLenum target, GLsizeiptr size, const void *data)
{
   GLuint b = 0;
   gen_buffers(1, &b);
   bind_buffer(target, b);
   buffer_data(target, size, data, GL_STREAM_COPY);
   return b;
}

static void
pixel_maps_from_unpack_buffer(void)
{
   /* four entries of each type after one byte of offset */
   const GLfloat f[4] = { 0.0f, 0.25f, 0.5f, 1.0f };
   const GLuint ui[4] = { 0, 0x40000000u, 0x80000000u, 0xffffffffu };
   const GLushort us[4] = { 0, 0x4000, 0x8000, 0xffff };
   uint8_t mem[1 + sizeof f];

   mem[0] = 0xee;
   memcpy(mem + 1, f, sizeof f);
   GLuint b = make_buffer(GL_PIXEL_UNPACK_BUFFER, sizeof mem, mem);
   glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 4, (const GLfloat *)(uintptr_t)1);
   regress_expect_error(GL_NO_ERROR, "glPixelMapfv from an unpack buffer at offset 1");
   /* one entry too many for the buffer: GL_INVALID_OPERATION, no read */
   glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 5, (const GLfloat *)(uintptr_t)1);
   regress_expect_error(GL_INVALID_OPERATION, "glPixelMapfv past the unpack buffer");

   memcpy(mem + 1, ui, sizeof ui);
   buffer_data(GL_PIXEL_UNPACK_BUFFER, sizeof mem, mem, GL_STREAM_COPY);
   glPixelMapuiv(GL_PIXEL_MAP_G_TO_G, 4, (const GLuint *)(uintptr_t)1);
   regress_expect_error(GL_NO_ERROR, "glPixelMapuiv from an unpack buffer at offset 1");

   memcpy(mem + 1, us, sizeof us);
   buffer_data(GL_PIXEL_UNPACK_BUFFER, 1 + sizeof us, mem, GL_STREAM_COPY);
   glPixelMapusv(GL_PIXEL_MAP_B_TO_B, 4, (const GLushort *)(uintptr_t)1);
   regress_expect_error(GL_NO_ERROR, "glPixelMapusv from an unpack buffer at offset 1");
   bind_buffer(GL_PIXEL_UNPACK_BUFFER, 0);
   delete_buffers(1, &b);

   /* the same from odd client addresses */
   uint8_t *c = malloc(1 + sizeof f);
   memcpy(c + 1, f, sizeof f);
   glPixelMapfv(GL_PIXEL_MAP_A_TO_A, 4, (const GLfloat *)(void *)(c + 1));
   regress_expect_error(GL_NO_ERROR, "glPixelMapfv from an odd client address");
   free(c);
   c = malloc(1 + sizeof ui);
   memcpy(c + 1, ui, sizeof ui);
   glPixelMapuiv(GL_PIXEL_MAP_A_TO_A, 4, (const GLuint *)(void *)(c + 1));
   regress_expect_error(GL_NO_ERROR, "glPixelMapuiv from an odd client address");
   free(c);
   c = malloc(1 + sizeof us);
   memcpy(c + 1, us, sizeof us);
   glPixelMapusv(GL_PIXEL_MAP_A_TO_A, 4, (const GLushort *)(void *)(c + 1));
   regress_expect_error(GL_NO_ERROR, "glPixelMapusv from an odd client address");
   free(c);

   /* what was loaded */
   GLfloat got[4];
   glGetPixelMapfv(GL_PIXEL_MAP_R_TO_R, got);
   if (memcmp(got, f, sizeof got))
      test_fail("R_TO_R map %g %g %g %g, expected 0 0.25 0.5 1", got[0], got[1], got[2],
                got[3]);
   glGetPixelMapfv(GL_PIXEL_MAP_G_TO_G, got);
   if (got[0] != 0.0f || got[3] != 1.0f || got[2] < 0.49f || got[2] > 0.51f)
      test_fail("G_TO_G map %g %g %g %g from GLuints", got[0], got[1], got[2], got[3]);
   glGetPixelMapfv(GL_PIXEL_MAP_B_TO_B, got);
   if (got[0] != 0.0f || got[3] != 1.0f || got[2] < 0.49f || got[2] > 0.51f)
      test_fail("B_TO_B map %g %g %g %g from GLushorts", got[0], got[1], got[2], got[3]);
   regress_expect_error(GL_NO_ERROR, "glGetPixelMapfv");
}

static void
pixel_maps_into_pack_buffer(void)
{
   /* R_TO_R holds 0, 0.25, 0.5, 1 (above) */
   uint8_t out[1 + 4 * 4];
   GLuint b = make_buffer(GL_PIXEL_PACK_BUFFER, sizeof out, NULL);
   glGetPixelMapfv(GL_PIXEL_MAP_R_TO_R, (GLfloat *)(uintptr_t)1);
   regress_expect_error(GL_NO_ERROR, "glGetPixelMapfv into a pack buffer at offset 1");
   get_buffer_sub_data(GL_PIXEL_PACK_BUFFER, 1, 16, out);
   GLfloat f[4];
   memcpy(f, out, sizeof f);
   if (f[1] != 0.25f || f[3] != 1.0f)
      test_fail("glGetPixelMapfv into a pack buffer: %g %g %g %g", f[0], f[1], f[2], f[3]);
   glGetPixelMapuiv(GL_PIXEL_MAP_R_TO_R, (GLuint *)(uintptr_t)1);
   regress_expect_error(GL_NO_ERROR, "glGetPixelMapuiv into a pack buffer at offset 1");
   GLuint ui[4];
   get_buffer_sub_data(GL_PIXEL_PACK_BUFFER, 1, 16, ui);
   if (ui[0] != 0 || ui[3] != 0xffffffffu)
      test_fail("glGetPixelMapuiv into a pack buffer: %#x .. %#x", ui[0], ui[3]);
   glGetPixelMapusv(GL_PIXEL_MAP_R_TO_R, (GLushort *)(uintptr_t)1);
   regress_expect_error(GL_NO_ERROR, "glGetPixelMapusv into a pack buffer at offset 1");
   GLushort us[4];
   get_buffer_sub_data(GL_PIXEL_PACK_BUFFER, 1, 8, us);
   if (us[0] != 0 || us[3] != 0xffff)
      test_fail("glGetPixelMapusv into a pack buffer: %#x .. %#x", us[0], us[3]);
   /* 16 bytes from offset 2 do not fit 17 */
   glGetPixelMapfv(GL_PIXEL_MAP_R_TO_R, (GLfloat *)(uintptr_t)2);
   regress_expect_error(GL_INVALID_OPERATION, "glGetPixelMapfv past the pack buffer");
   bind_buffer(GL_PIXEL_PACK_BUFFER, 0);
   delete_buffers(1, &b);

   uint8_t *c = malloc(1 + 16);
   glGetPixelMapfv(GL_PIXEL_MAP_R_TO_R, (GLfloat *)(void *)(c + 1));
   glGetPixelMapuiv(GL_PIXEL_MAP_R_TO_R, (GLuint *)(void *)(c + 1));
   free(c);
   c = malloc(1 + 8);
   glGetPixelMapusv(GL_PIXEL_MAP_R_TO_R, (GLushort *)(void *)(c + 1));
   free(c);
   regress_expect_error(GL_NO_ERROR, "glGetPixelMap* to odd client addresses");
}

static void
tex_image_unaligned(void)
{
   /* a 2x2 white RGBA texture */
   GLuint tex;
   const GLubyte white[2 * 2 * 4] = {
      255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
   };
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, white);
   regress_expect_error(GL_NO_ERROR, "glTexImage2D 2x2");

   static const struct { GLenum type; unsigned size; } types[] = {
      { GL_SHORT, 2 * 2 * 4 * 2 },
      { GL_UNSIGNED_SHORT, 2 * 2 * 4 * 2 },
      { GL_INT, 2 * 2 * 4 * 4 },
      { GL_FLOAT, 2 * 2 * 4 * 4 },
      { GL_UNSIGNED_INT_8_8_8_8, 2 * 2 * 4 },
      { GL_UNSIGNED_SHORT_4_4_4_4, 2 * 2 * 2 },
   };
   for (unsigned t = 0; t < sizeof types / sizeof types[0]; t++) {
      unsigned size = types[t].size;
      /* into a pack buffer at offset 1 */
      GLuint b = make_buffer(GL_PIXEL_PACK_BUFFER, 1 + size, NULL);
      glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, types[t].type, (void *)(uintptr_t)1);
      regress_expect_error(GL_NO_ERROR, "glGetTexImage into a pack buffer at offset 1");
      /* one byte short */
      buffer_data(GL_PIXEL_PACK_BUFFER, size, NULL, GL_STREAM_COPY);
      glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, types[t].type, (void *)(uintptr_t)1);
      regress_expect_error(GL_INVALID_OPERATION, "glGetTexImage past the pack buffer");
      bind_buffer(GL_PIXEL_PACK_BUFFER, 0);
      delete_buffers(1, &b);

      /* to an odd client address */
      uint8_t *c = malloc(1 + size);
      glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, types[t].type, c + 1);
      regress_expect_error(GL_NO_ERROR, "glGetTexImage to an odd client address");
      if (types[t].type == GL_SHORT) {
         GLshort v;
         memcpy(&v, c + 1 + size - 2, 2);
         if (v != 32767)
            test_fail("glGetTexImage(GL_SHORT) of white: %d, expected 32767", v);
      }
      free(c);

      /* glReadPixels of the same 2x2 and glDrawPixels back */
      c = malloc(1 + size);
      glReadPixels(0, 0, 2, 2, GL_RGBA, types[t].type, c + 1);
      regress_expect_error(GL_NO_ERROR, "glReadPixels to an odd client address");
      glDrawPixels(2, 2, GL_RGBA, types[t].type, c + 1);
      regress_expect_error(GL_NO_ERROR, "glDrawPixels from an odd client address");
      free(c);
   }
   glDeleteTextures(1, &tex);
}

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;
   gen_buffers = REGRESS_PROC(PFNGLGENBUFFERSPROC, glGenBuffers);
   bind_buffer = REGRESS_PROC(PFNGLBINDBUFFERPROC, glBindBuffer);
   buffer_data = REGRESS_PROC(PFNGLBUFFERDATAPROC, glBufferData);
   get_buffer_sub_data = REGRESS_PROC(PFNGLGETBUFFERSUBDATAPROC, glGetBufferSubData);
   delete_buffers = REGRESS_PROC(PFNGLDELETEBUFFERSPROC, glDeleteBuffers);

   pixel_maps_from_unpack_buffer();
   pixel_maps_into_pack_buffer();
   tex_image_unaligned();

   regress_context_alive("after the unaligned pixel transfers");
   return regress_finish("regress-pixel-unaligned");
}
