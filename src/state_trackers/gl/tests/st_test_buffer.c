/*
 * Buffer objects (st_buffer.c, api/api_buffer.c, arrays in buffers in
 * st_array.c): names and bindings, data round trips, mapping (whole and
 * ranges), every error the commands list, deletion unbinding, the glGets,
 * and draws sourcing vertices and indices from buffers (current contents
 * after glBufferSubData and writes through a mapping), read back on refpipe.
 */
#include <string.h>

#include "st_buffer.h"
#include "st_test_fb.h"

#define W 16
#define H 16

static uint8_t px[H][W][4];

static void
read_all(void)
{
   api_glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

#define CHECK_PX(x, y, r, g, b, a)                                                        \
   CHECK(px[y][x][0] == (r) && px[y][x][1] == (g) && px[y][x][2] == (b) &&                \
         px[y][x][3] == (a), "pixel (%d,%d) = %d %d %d %d, expected %d %d %d %d", x, y,   \
         px[y][x][0], px[y][x][1], px[y][x][2], px[y][x][3], r, g, b, a)

static GLint
param(GLenum target, GLenum pname)
{
   GLint v = -12345;
   api_glGetBufferParameteriv(target, pname, &v);
   return v;
}

static void
test_objects(void)
{
   GLuint b[2] = { 0, 0 };
   api_glGenBuffers(2, b);
   CHECK(b[0] && b[1] && b[0] != b[1], "names %u %u", b[0], b[1]);
   CHECK_EQ_INT(api_glIsBuffer(b[0]), GL_FALSE);   /* not bound yet */
   api_glBindBuffer(GL_ARRAY_BUFFER, b[0]);
   CHECK_EQ_INT(api_glIsBuffer(b[0]), GL_TRUE);
   GLint v;
   api_glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &v);
   CHECK_EQ_INT(v, b[0]);
   CHECK_EQ_INT(param(GL_ARRAY_BUFFER, GL_BUFFER_SIZE), 0);
   CHECK_EQ_INT(param(GL_ARRAY_BUFFER, GL_BUFFER_USAGE), GL_STATIC_DRAW);
   CHECK_EQ_INT(param(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS), GL_READ_WRITE);
   CHECK_EQ_INT(param(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED), GL_FALSE);

   uint8_t data[64], out[64];
   for (int i = 0; i < 64; i++)
      data[i] = (uint8_t)(i * 3 + 1);
   api_glBufferData(GL_ARRAY_BUFFER, 64, data, GL_DYNAMIC_COPY);
   CHECK_EQ_INT(param(GL_ARRAY_BUFFER, GL_BUFFER_SIZE), 64);
   CHECK_EQ_INT(param(GL_ARRAY_BUFFER, GL_BUFFER_USAGE), GL_DYNAMIC_COPY);
   memset(out, 0, sizeof out);
   api_glGetBufferSubData(GL_ARRAY_BUFFER, 0, 64, out);
   CHECK(memcmp(out, data, 64) == 0, "round trip");
   uint8_t patch[4] = { 9, 8, 7, 6 };
   api_glBufferSubData(GL_ARRAY_BUFFER, 60, 4, patch);
   api_glGetBufferSubDataARB(GL_ARRAY_BUFFER, 58, 6, out);
   CHECK(out[0] == data[58] && out[1] == data[59] && out[2] == 9 && out[5] == 6,
         "sub data %d %d %d %d", out[0], out[1], out[2], out[5]);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* errors */
   api_glGenBuffers(-1, b);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDeleteBuffers(-1, b);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindBuffer(GL_TEXTURE_2D, b[0]);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBufferData(GL_ARRAY_BUFFER, -1, NULL, GL_STATIC_DRAW);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBufferData(GL_ARRAY_BUFFER, 4, NULL, GL_STATIC_DRAW + 3);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBufferData(GL_ELEMENT_ARRAY_BUFFER, 4, NULL, GL_STATIC_DRAW);   /* nothing bound */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBufferSubData(GL_ARRAY_BUFFER, 62, 4, patch);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBufferSubData(GL_ARRAY_BUFFER, -1, 1, patch);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetBufferSubData(GL_ARRAY_BUFFER, 0, 65, out);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetBufferParameteriv(GL_ELEMENT_ARRAY_BUFFER, GL_BUFFER_SIZE, &v);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUnmapBuffer(GL_ARRAY_BUFFER);   /* not mapped */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glMapBuffer(GL_ARRAY_BUFFER, GL_READ_WRITE + 5);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* whole-buffer mapping */
   uint8_t *m = api_glMapBuffer(GL_ARRAY_BUFFER, GL_READ_WRITE);
   CHECK(m != NULL, "map");
   if (m) {
      CHECK_EQ_INT(m[0], data[0]);
      m[1] = 200;
   }
   CHECK_EQ_INT(param(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED), GL_TRUE);
   CHECK_EQ_INT(param(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS), GL_READ_WRITE);
   void *p = NULL;
   api_glGetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &p);
   CHECK(p == m, "map pointer %p vs %p", p, (void *)m);
   api_glMapBuffer(GL_ARRAY_BUFFER, GL_READ_ONLY);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBufferSubData(GL_ARRAY_BUFFER, 0, 1, patch);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(api_glUnmapBufferARB(GL_ARRAY_BUFFER), GL_TRUE);
   api_glGetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &p);
   CHECK(p == NULL, "pointer after unmap %p", p);
   api_glGetBufferSubData(GL_ARRAY_BUFFER, 0, 2, out);
   CHECK_EQ_INT(out[1], 200);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* ranges */
   m = api_glMapBufferRange(GL_ARRAY_BUFFER, 16, 8, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT);
   CHECK(m != NULL, "map range");
   if (m)
      m[0] = 77;
   CHECK_EQ_INT(param(GL_ARRAY_BUFFER, GL_BUFFER_MAP_OFFSET), 16);
   CHECK_EQ_INT(param(GL_ARRAY_BUFFER, GL_BUFFER_MAP_LENGTH), 8);
   CHECK_EQ_INT(param(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS), GL_WRITE_ONLY);
   api_glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 8);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glFlushMappedBufferRange(GL_ARRAY_BUFFER, 4, 8);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glUnmapBuffer(GL_ARRAY_BUFFER);
   api_glGetBufferSubData(GL_ARRAY_BUFFER, 16, 1, out);
   CHECK_EQ_INT(out[0], 77);
   api_glMapBufferRange(GL_ARRAY_BUFFER, 60, 8, GL_MAP_READ_BIT);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT | GL_MAP_FLUSH_EXPLICIT_BIT);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT | 0x100);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT);
   api_glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 1);   /* not FLUSH_EXPLICIT */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUnmapBuffer(GL_ARRAY_BUFFER);

   /* deleting a bound buffer unbinds it, including from arrays */
   static const float dummy[4];
   api_glVertexPointer(2, GL_FLOAT, 0, (const void *)8);
   api_glGetIntegerv(GL_VERTEX_ARRAY_BUFFER_BINDING, &v);
   CHECK_EQ_INT(v, b[0]);
   api_glBindBuffer(GL_PIXEL_PACK_BUFFER, b[0]);
   api_glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &v);
   CHECK_EQ_INT(v, b[0]);
   CHECK(st_pixel_buffer(st_current(), true) != NULL, "pack buffer for the pixel paths");
   api_glDeleteBuffers(2, b);
   CHECK_EQ_INT(api_glIsBuffer(b[0]), GL_FALSE);
   api_glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &v);
   CHECK_EQ_INT(v, 0);
   api_glGetIntegerv(GL_VERTEX_ARRAY_BUFFER_BINDING, &v);
   CHECK_EQ_INT(v, 0);
   api_glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &v);
   CHECK_EQ_INT(v, 0);
   CHECK(st_pixel_buffer(st_current(), true) == NULL, "pack buffer unbound");
   api_glVertexPointer(2, GL_FLOAT, 0, dummy);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_draw_from_buffers(void)
{
   /* positions then colours in one buffer, indices in another */
   struct {
      float pos[4][2];
      uint8_t col[4][4];
   } vb = {
      { { 2, 2 }, { 10, 2 }, { 10, 10 }, { 2, 10 } },
      { { 255, 0, 0, 255 }, { 255, 0, 0, 255 }, { 255, 0, 0, 255 }, { 255, 0, 0, 255 } },
   };
   GLushort idx[6] = { 0, 0, 1, 2, 3, 0 };   /* a quad at offset 2 */
   GLuint b[2];
   api_glGenBuffersARB(2, b);
   api_glBindBufferARB(GL_ARRAY_BUFFER, b[0]);
   api_glBufferDataARB(GL_ARRAY_BUFFER, sizeof vb, &vb, GL_STATIC_DRAW);
   api_glVertexPointer(2, GL_FLOAT, 0, (const void *)0);
   api_glColorPointer(4, GL_UNSIGNED_BYTE, 0, (const void *)offsetof(__typeof__(vb), col));
   api_glBindBuffer(GL_ARRAY_BUFFER, 0);   /* arrays keep their buffer */
   api_glEnableClientState(GL_VERTEX_ARRAY);
   api_glEnableClientState(GL_COLOR_ARRAY);
   api_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b[1]);
   api_glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);

   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawElements(GL_QUADS, 4, GL_UNSIGNED_SHORT, (const void *)(2 * sizeof(GLushort)));
   read_all();
   CHECK_PX(5, 5, 255, 0, 0, 255);
   CHECK_PX(12, 5, 0, 0, 0, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* new contents are drawn: green through glBufferSubData, then blue
    * through a mapping */
   uint8_t green[4][4] = { { 0, 255, 0, 255 }, { 0, 255, 0, 255 }, { 0, 255, 0, 255 },
                           { 0, 255, 0, 255 } };
   api_glBindBuffer(GL_ARRAY_BUFFER, b[0]);
   api_glBufferSubData(GL_ARRAY_BUFFER, offsetof(__typeof__(vb), col), sizeof green, green);
   api_glDrawArrays(GL_QUADS, 0, 4);
   read_all();
   CHECK_PX(5, 5, 0, 255, 0, 255);
   uint8_t *m = api_glMapBufferRange(GL_ARRAY_BUFFER, offsetof(__typeof__(vb), col), 16,
                                     GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
   CHECK(m != NULL, "map");
   if (m)
      for (int i = 0; i < 4; i++)
         memcpy(m + 4 * i, (uint8_t[4]){ 0, 0, 255, 255 }, 4);
   /* drawing from a mapped buffer is an error and draws nothing */
   api_glDrawArrays(GL_QUADS, 0, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   read_all();
   CHECK_PX(5, 5, 0, 255, 0, 255);
   api_glUnmapBuffer(GL_ARRAY_BUFFER);
   api_glDrawRangeElements(GL_QUADS, 0, 3, 4, GL_UNSIGNED_SHORT,
                           (const void *)(2 * sizeof(GLushort)));
   read_all();
   CHECK_PX(5, 5, 0, 0, 255, 255);

   /* indices past the end of the element buffer: nothing drawn, no crash */
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawElements(GL_QUADS, 4, GL_UNSIGNED_SHORT, (const void *)(4 * sizeof(GLushort)));
   read_all();
   CHECK_PX(5, 5, 0, 0, 0, 0);
   /* vertices past the end of the array buffer read (0, 0, 0, 1): no crash */
   GLushort far[4] = { 0, 1, 2, 60000 };
   api_glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, sizeof far, far);
   api_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, (const void *)(sizeof(GLushort)));
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, sizeof idx, idx);

   /* push/pop of the client vertex-array group keeps buffers alive */
   api_glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
   api_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
   api_glDeleteBuffers(2, b);
   GLint v;
   api_glGetIntegerv(GL_COLOR_ARRAY_BUFFER_BINDING, &v);
   CHECK_EQ_INT(v, 0);
   api_glPopClientAttrib();
   api_glGetIntegerv(GL_COLOR_ARRAY_BUFFER_BINDING, &v);
   CHECK_EQ_INT(v, b[0]);
   api_glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
   CHECK_EQ_INT(v, b[1]);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawElements(GL_QUADS, 4, GL_UNSIGNED_SHORT, (const void *)(2 * sizeof(GLushort)));
   read_all();
   CHECK_PX(5, 5, 0, 0, 255, 255);   /* the deleted buffers' data, still referenced */
   api_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
   api_glDisableClientState(GL_COLOR_ARRAY);
   api_glDisableClientState(GL_VERTEX_ARRAY);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* ARB_copy_buffer: the two copy targets, glCopyBufferSubData within and
 * between buffers, and its errors. */
static void
test_copy_buffer(void)
{
   const char *exts = (const char *)api_glGetString(GL_EXTENSIONS);
   const char *hit = exts ? strstr(exts, "GL_ARB_copy_buffer") : NULL;
   CHECK(hit && (hit[18] == ' ' || hit[18] == '\0'), "GL_ARB_copy_buffer offered");
   GLuint b[2];
   api_glGenBuffers(2, b);
   api_glBindBuffer(GL_COPY_READ_BUFFER, b[0]);
   api_glBindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint v = -1;
   api_glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &v);
   CHECK_EQ_INT(v, (GLint)b[0]);
   api_glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &v);
   CHECK_EQ_INT(v, (GLint)b[1]);
   const uint8_t src[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
   api_glBufferData(GL_COPY_READ_BUFFER, 8, src, GL_STATIC_DRAW);
   api_glBufferData(GL_COPY_WRITE_BUFFER, 8, NULL, GL_STATIC_DRAW);
   api_glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 2, 4, 3);
   CHECK_GL_ERROR(GL_NO_ERROR);
   uint8_t got[8];
   memset(got, 0x55, sizeof got);
   api_glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, 8, got);
   const uint8_t want[8] = { 0, 0, 0, 0, 3, 4, 5, 0 };
   CHECK(!memcmp(got, want, 8), "copied %u %u %u %u %u %u %u %u", got[0], got[1], got[2],
         got[3], got[4], got[5], got[6], got[7]);
   /* within one buffer, disjoint ranges; any target may name the buffers */
   api_glBindBuffer(GL_ARRAY_BUFFER, b[0]);
   api_glCopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_READ_BUFFER, 0, 6, 2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetBufferSubData(GL_COPY_READ_BUFFER, 0, 8, got);
   const uint8_t want2[8] = { 1, 2, 3, 4, 5, 6, 1, 2 };
   CHECK(!memcmp(got, want2, 8), "self copy %u %u %u %u %u %u %u %u", got[0], got[1], got[2],
         got[3], got[4], got[5], got[6], got[7]);
   /* errors */
   api_glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_READ_BUFFER, 0, 2, 3);
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* overlapping ranges of one buffer */
   api_glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 6, 0, 3);
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* past the read buffer's end */
   api_glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 7, 2);
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* past the write buffer's end */
   api_glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, -1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_TEXTURE_2D, 0, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glMapBuffer(GL_COPY_WRITE_BUFFER, GL_WRITE_ONLY);
   api_glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* a mapped buffer */
   api_glUnmapBuffer(GL_COPY_WRITE_BUFFER);
   api_glBindBuffer(GL_ARRAY_BUFFER, 0);
   /* deleting a bound buffer unbinds it; then nothing is bound */
   api_glDeleteBuffers(2, b);
   api_glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &v);
   CHECK_EQ_INT(v, 0);
   api_glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
}

int
main(void)
{
   struct test_env e;
   bool ok = test_env_init(&e, W, H);
   CHECK(ok, "test environment");
   if (ok) {
      test_objects();
      test_draw_from_buffers();
      test_copy_buffer();
   }
   test_env_fini(&e);
   return st_test_finish("st_test_buffer");
}
