/*
 * GL_ARB_vertex_array_object (api/api_vao.c, st_array.c): names and their
 * errors, the state an object holds (every conventional array, generic
 * attributes, the element array binding) and what it does not
 * (GL_ARRAY_BUFFER_BINDING, the client active unit), the client-pointer
 * error of non-zero objects, deleting the bound object, buffers deleted
 * while a non-bound object uses them, glPush/PopClientAttrib, display
 * lists (the commands execute immediately), names per context, and draws
 * from two objects with different arrays read back on refpipe.
 */
#include <string.h>

#include "st_dispatch.h"
#include "st_glapi.h"
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
geti(GLenum pname)
{
   GLint v = -12345;
   api_glGetIntegerv(pname, &v);
   return v;
}

static GLint
attribi(GLuint index, GLenum pname)
{
   GLint v = -12345;
   api_glGetVertexAttribiv(index, pname, &v);
   return v;
}

static void *
pointerv(GLenum pname)
{
   void *p = (void *)1;
   api_glGetPointerv(pname, &p);
   return p;
}

static void
test_names(void)
{
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_ARB_vertex_array_object"), "extension advertised");
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), 0);
   GLboolean bv = 7;
   api_glGetBooleanv(GL_VERTEX_ARRAY_BINDING, &bv);
   CHECK_EQ_INT(bv, GL_FALSE);

   GLuint v[2] = { 0, 0 };
   api_glGenVertexArrays(2, v);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(v[0] && v[1] && v[0] != v[1], "names %u %u", v[0], v[1]);
   /* generated names are objects only once bound */
   CHECK_EQ_INT(api_glIsVertexArray(v[0]), GL_FALSE);
   CHECK_EQ_INT(api_glIsVertexArray(0), GL_FALSE);
   api_glBindVertexArray(v[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(api_glIsVertexArray(v[0]), GL_TRUE);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), (GLint)v[0]);
   GLfloat fv = -1;
   api_glGetFloatv(GL_VERTEX_ARRAY_BINDING, &fv);
   CHECK(fv == (GLfloat)v[0], "float binding %f", (double)fv);

   /* errors */
   api_glGenVertexArrays(-1, v);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDeleteVertexArrays(-1, v);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindVertexArray(v[1] + 1000);   /* never generated */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), (GLint)v[0]);   /* unchanged */
   CHECK_EQ_INT(api_glIsVertexArray(v[1] + 1000), GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);   /* IsVertexArray raises nothing */

   /* unused names and zero are ignored by glDeleteVertexArrays */
   GLuint junk[3] = { 0, v[1] + 2000, v[1] + 2001 };
   api_glDeleteVertexArrays(3, junk);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), (GLint)v[0]);

   /* deleting the bound object binds 0; its name is unused again */
   api_glDeleteVertexArrays(1, &v[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), 0);
   CHECK_EQ_INT(api_glIsVertexArray(v[0]), GL_FALSE);
   api_glBindVertexArray(v[0]);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* a generated name deleted before any bind is unused too */
   api_glDeleteVertexArrays(1, &v[1]);
   api_glBindVertexArray(v[1]);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), 0);

   /* inside glBegin/glEnd every command is an error */
   GLuint w = 0;
   api_glGenVertexArrays(1, &w);
   api_glBegin(GL_POINTS);
   api_glBindVertexArray(w);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), 0);
   api_glBegin(GL_POINTS);
   GLuint w2 = 0;
   api_glGenVertexArrays(1, &w2);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(w2, 0);
   api_glBegin(GL_POINTS);
   GLboolean is = api_glIsVertexArray(w);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(is, GL_FALSE);
   api_glBegin(GL_POINTS);
   api_glDeleteVertexArrays(1, &w);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindVertexArray(w);   /* still generated: not deleted above */
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindVertexArray(0);
   api_glDeleteVertexArrays(1, &w);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* The state of every array lives in the bound object; what does not. */
static void
test_state(void)
{
   GLuint buf[2], v[2];
   api_glGenBuffers(2, buf);
   api_glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
   api_glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
   api_glGenVertexArrays(2, v);

   /* object v[0]: arrays in buf[0], an element buffer, generic 3 */
   api_glBindVertexArray(v[0]);
   api_glVertexPointer(3, GL_SHORT, 12, (const void *)4);
   api_glEnableClientState(GL_VERTEX_ARRAY);
   api_glColorPointer(GL_BGRA, GL_UNSIGNED_BYTE, 8, (const void *)16);
   api_glEnableClientState(GL_COLOR_ARRAY);
   api_glNormalPointer(GL_BYTE, 3, (const void *)20);
   api_glSecondaryColorPointer(3, GL_UNSIGNED_SHORT, 6, (const void *)24);
   api_glFogCoordPointer(GL_DOUBLE, 8, (const void *)28);
   api_glEdgeFlagPointer(1, (const void *)32);
   api_glEnableClientState(GL_EDGE_FLAG_ARRAY);
   api_glIndexPointer(GL_SHORT, 2, (const void *)36);
   api_glClientActiveTexture(GL_TEXTURE1);
   api_glTexCoordPointer(2, GL_INT, 16, (const void *)40);
   api_glEnableClientState(GL_TEXTURE_COORD_ARRAY);
   api_glVertexAttribPointer(3, 2, GL_UNSIGNED_BYTE, GL_TRUE, 2, (const void *)44);
   api_glEnableVertexAttribArray(3);
   api_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[1]);
   api_glBindBuffer(GL_ARRAY_BUFFER, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* object 0 keeps GL's initial state; GL_ARRAY_BUFFER_BINDING and the
    * client active unit are not object state */
   api_glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
   api_glBindVertexArray(0);
   CHECK_EQ_INT(geti(GL_ARRAY_BUFFER_BINDING), (GLint)buf[0]);
   CHECK_EQ_INT(geti(GL_CLIENT_ACTIVE_TEXTURE), GL_TEXTURE1);
   CHECK_EQ_INT(geti(GL_ELEMENT_ARRAY_BUFFER_BINDING), 0);
   CHECK_EQ_INT(api_glIsEnabled(GL_VERTEX_ARRAY), GL_FALSE);
   CHECK_EQ_INT(api_glIsEnabled(GL_COLOR_ARRAY), GL_FALSE);
   CHECK_EQ_INT(api_glIsEnabled(GL_TEXTURE_COORD_ARRAY), GL_FALSE);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_SIZE), 4);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_TYPE), GL_FLOAT);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_STRIDE), 0);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BUFFER_BINDING), 0);
   CHECK_EQ_INT(geti(GL_COLOR_ARRAY_SIZE), 4);
   CHECK_EQ_INT(geti(GL_NORMAL_ARRAY_TYPE), GL_FLOAT);
   CHECK_EQ_INT(geti(GL_TEXTURE_COORD_ARRAY_SIZE), 4);
   CHECK_EQ_INT(attribi(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED), GL_FALSE);
   CHECK_EQ_INT(attribi(3, GL_VERTEX_ATTRIB_ARRAY_SIZE), 4);
   CHECK_EQ_INT(attribi(3, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED), GL_FALSE);
   CHECK(pointerv(GL_VERTEX_ARRAY_POINTER) == NULL, "default pointer");

   /* a new object starts with the initial state, not a copy of the bound one */
   api_glVertexPointer(2, GL_FLOAT, 0, (const void *)8);
   api_glEnableClientState(GL_NORMAL_ARRAY);
   api_glBindVertexArray(v[1]);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_SIZE), 4);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BUFFER_BINDING), 0);
   CHECK_EQ_INT(api_glIsEnabled(GL_NORMAL_ARRAY), GL_FALSE);
   CHECK_EQ_INT(geti(GL_ARRAY_BUFFER_BINDING), (GLint)buf[0]);

   /* v[0] again: everything it was given */
   api_glBindVertexArray(v[0]);
   CHECK_EQ_INT(geti(GL_ELEMENT_ARRAY_BUFFER_BINDING), (GLint)buf[1]);
   CHECK_EQ_INT(api_glIsEnabled(GL_VERTEX_ARRAY), GL_TRUE);
   CHECK_EQ_INT(api_glIsEnabled(GL_COLOR_ARRAY), GL_TRUE);
   CHECK_EQ_INT(api_glIsEnabled(GL_EDGE_FLAG_ARRAY), GL_TRUE);
   CHECK_EQ_INT(api_glIsEnabled(GL_NORMAL_ARRAY), GL_FALSE);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_SIZE), 3);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_TYPE), GL_SHORT);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_STRIDE), 12);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BUFFER_BINDING), (GLint)buf[0]);
   CHECK(pointerv(GL_VERTEX_ARRAY_POINTER) == (void *)4, "vertex pointer");
   CHECK_EQ_INT(geti(GL_COLOR_ARRAY_SIZE), GL_BGRA);
   CHECK_EQ_INT(geti(GL_COLOR_ARRAY_STRIDE), 8);
   CHECK(pointerv(GL_COLOR_ARRAY_POINTER) == (void *)16, "colour pointer");
   CHECK_EQ_INT(geti(GL_NORMAL_ARRAY_TYPE), GL_BYTE);
   CHECK_EQ_INT(geti(GL_NORMAL_ARRAY_STRIDE), 3);
   CHECK_EQ_INT(geti(GL_SECONDARY_COLOR_ARRAY_SIZE), 3);
   CHECK_EQ_INT(geti(GL_SECONDARY_COLOR_ARRAY_TYPE), GL_UNSIGNED_SHORT);
   CHECK_EQ_INT(geti(GL_FOG_COORD_ARRAY_TYPE), GL_DOUBLE);
   CHECK(pointerv(GL_FOG_COORD_ARRAY_POINTER) == (void *)28, "fog pointer");
   CHECK_EQ_INT(geti(GL_EDGE_FLAG_ARRAY_STRIDE), 1);
   CHECK(pointerv(GL_EDGE_FLAG_ARRAY_POINTER) == (void *)32, "edge flag pointer");
   CHECK_EQ_INT(geti(GL_INDEX_ARRAY_TYPE), GL_SHORT);
   CHECK_EQ_INT(geti(GL_INDEX_ARRAY_BUFFER_BINDING), (GLint)buf[0]);
   CHECK_EQ_INT(geti(GL_TEXTURE_COORD_ARRAY_SIZE), 2);   /* unit 1 (client active) */
   CHECK_EQ_INT(geti(GL_TEXTURE_COORD_ARRAY_TYPE), GL_INT);
   CHECK(pointerv(GL_TEXTURE_COORD_ARRAY_POINTER) == (void *)40, "texcoord pointer");
   api_glClientActiveTexture(GL_TEXTURE0);
   CHECK_EQ_INT(api_glIsEnabled(GL_TEXTURE_COORD_ARRAY), GL_FALSE);
   CHECK_EQ_INT(geti(GL_TEXTURE_COORD_ARRAY_SIZE), 4);
   CHECK_EQ_INT(attribi(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED), GL_TRUE);
   CHECK_EQ_INT(attribi(3, GL_VERTEX_ATTRIB_ARRAY_SIZE), 2);
   CHECK_EQ_INT(attribi(3, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_UNSIGNED_BYTE);
   CHECK_EQ_INT(attribi(3, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED), GL_TRUE);
   CHECK_EQ_INT(attribi(3, GL_VERTEX_ATTRIB_ARRAY_STRIDE), 2);
   CHECK_EQ_INT(attribi(3, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), (GLint)buf[0]);
   void *ap = NULL;
   api_glGetVertexAttribPointerv(3, GL_VERTEX_ATTRIB_ARRAY_POINTER, &ap);
   CHECK(ap == (void *)44, "attrib pointer %p", ap);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* object 0 kept what was set while it was bound */
   api_glBindVertexArray(0);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_SIZE), 2);
   CHECK_EQ_INT(api_glIsEnabled(GL_NORMAL_ARRAY), GL_TRUE);
   api_glDisableClientState(GL_NORMAL_ARRAY);
   api_glVertexPointer(4, GL_FLOAT, 0, NULL);

   /* client pointers: not in a non-zero object (with GL_ARRAY_BUFFER 0 and
    * a non-NULL pointer), fine in object 0 */
   static const float client[8];
   api_glBindVertexArray(v[1]);
   api_glBindBuffer(GL_ARRAY_BUFFER, 0);
   api_glVertexPointer(2, GL_FLOAT, 0, client);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_SIZE), 4);   /* unchanged */
   api_glColorPointer(3, GL_FLOAT, 0, client);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glNormalPointer(GL_FLOAT, 0, client);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexCoordPointer(2, GL_FLOAT, 0, client);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glSecondaryColorPointer(3, GL_FLOAT, 0, client);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glFogCoordPointer(GL_FLOAT, 0, client);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glEdgeFlagPointer(0, client);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glIndexPointer(GL_FLOAT, 0, client);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, client);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(attribi(1, GL_VERTEX_ATTRIB_ARRAY_SIZE), 4);
   api_glEnableClientState(GL_NORMAL_ARRAY);
   api_glInterleavedArrays(GL_N3F_V3F, 0, client);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(api_glIsEnabled(GL_NORMAL_ARRAY), GL_TRUE);   /* untouched */
   /* other errors come first */
   api_glVertexPointer(5, GL_FLOAT, 0, client);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* NULL pointers, and pointers with a buffer bound, are fine */
   api_glVertexPointer(2, GL_FLOAT, 0, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_SIZE), 2);
   api_glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
   api_glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 0, (const void *)12);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(attribi(1, GL_VERTEX_ATTRIB_ARRAY_SIZE), 3);
   api_glBindBuffer(GL_ARRAY_BUFFER, 0);
   api_glBindVertexArray(0);
   api_glVertexPointer(2, GL_FLOAT, 0, client);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(pointerv(GL_VERTEX_ARRAY_POINTER) == client, "client pointer in object 0");
   api_glVertexPointer(4, GL_FLOAT, 0, NULL);

   /* glDeleteBuffers unbinds the buffer from the bound object only: a
    * non-bound object keeps it (spec issue 2) */
   api_glBindVertexArray(v[1]);
   api_glDeleteBuffers(1, &buf[1]);   /* v[0]'s element buffer */
   CHECK_EQ_INT(api_glIsBuffer(buf[1]), GL_FALSE);
   api_glBindVertexArray(v[0]);
   CHECK_EQ_INT(geti(GL_ELEMENT_ARRAY_BUFFER_BINDING), (GLint)buf[1]);
   api_glDeleteBuffers(1, &buf[0]);   /* v[0] is bound now: unbound from it */
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BUFFER_BINDING), 0);
   CHECK_EQ_INT(attribi(3, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), 0);
   api_glBindVertexArray(v[1]);
   CHECK_EQ_INT(attribi(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), (GLint)buf[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glBindVertexArray(0);
   api_glDeleteVertexArrays(2, v);   /* releases the last references */
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* GL_CLIENT_VERTEX_ARRAY_BIT: VERTEX_ARRAY_BINDING is in the vertex-array
 * group; the bound object's arrays are saved and restored into it. */
static void
test_client_attrib(void)
{
   GLuint buf, v[2];
   api_glGenBuffers(1, &buf);
   api_glBindBuffer(GL_ARRAY_BUFFER, buf);
   api_glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   api_glGenVertexArrays(2, v);
   api_glBindVertexArray(v[0]);
   api_glVertexPointer(2, GL_FLOAT, 8, (const void *)16);
   api_glEnableClientState(GL_VERTEX_ARRAY);

   api_glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
   api_glVertexPointer(3, GL_FLOAT, 0, (const void *)4);
   api_glDisableClientState(GL_VERTEX_ARRAY);
   api_glBindVertexArray(v[1]);
   api_glEnableClientState(GL_COLOR_ARRAY);
   api_glPopClientAttrib();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), (GLint)v[0]);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_SIZE), 2);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_STRIDE), 8);
   CHECK(pointerv(GL_VERTEX_ARRAY_POINTER) == (void *)16, "popped pointer");
   CHECK_EQ_INT(api_glIsEnabled(GL_VERTEX_ARRAY), GL_TRUE);
   /* v[1]'s own change is its own: not undone by the pop */
   api_glBindVertexArray(v[1]);
   CHECK_EQ_INT(api_glIsEnabled(GL_COLOR_ARRAY), GL_TRUE);

   /* the other client bit leaves the binding alone */
   api_glPushClientAttrib(GL_CLIENT_PIXEL_STORE_BIT);
   api_glBindVertexArray(v[0]);
   api_glPopClientAttrib();
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), (GLint)v[0]);

   /* pushed object deleted before the pop: 0 is bound, its arrays untouched */
   api_glBindVertexArray(0);
   api_glVertexPointer(3, GL_SHORT, 0, NULL);
   api_glBindVertexArray(v[1]);
   api_glPushClientAttrib(GL_CLIENT_ALL_ATTRIB_BITS);
   api_glDeleteVertexArrays(1, &v[1]);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), 0);
   api_glPopClientAttrib();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), 0);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_SIZE), 3);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_TYPE), GL_SHORT);
   CHECK_EQ_INT(api_glIsVertexArray(v[1]), GL_FALSE);

   /* object 0 pushed, a named one bound at the pop: 0 comes back */
   api_glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
   api_glBindVertexArray(v[0]);
   api_glPopClientAttrib();
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), 0);
   api_glVertexPointer(4, GL_FLOAT, 0, NULL);

   /* a named object pushed and popped while bound */
   api_glBindVertexArray(v[0]);
   api_glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
   api_glPopClientAttrib();
   api_glBindVertexArray(0);
   api_glDeleteVertexArrays(1, &v[0]);
   api_glBindBuffer(GL_ARRAY_BUFFER, 0);
   api_glDeleteBuffers(1, &buf);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* ARB_vertex_array_object section 5.4: Gen, Delete and BindVertexArray
 * are executed, not compiled. */
static void
test_dlist(void)
{
   GLuint v = 0;
   api_glGenVertexArrays(1, &v);
   GL(glNewList, GLuint, GLenum)(5, GL_COMPILE);
   GL(glBindVertexArray, GLuint)(v);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), (GLint)v);   /* executed now */
   GLuint g = 0;
   GL(glGenVertexArrays, GLsizei, GLuint *)(1, &g);
   CHECK(g != 0, "glGenVertexArrays while compiling");
   GL(glDeleteVertexArrays, GLsizei, const GLuint *)(1, &g);
   GL(glBindVertexArray, GLuint)(g);   /* deleted: error now, not at CallList */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GL(glEndList, void)();
   api_glBindVertexArray(0);
   GL(glCallList, GLuint)(5);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), 0);   /* nothing was compiled */
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDeleteLists(5, 1);
   api_glDeleteVertexArrays(1, &v);
}

/* Two objects with different arrays, drawn one after the other. */
static void
test_draw(void)
{
   /* object a: left quad, positions and colours interleaved in one buffer */
   struct {
      float pos[2];
      uint8_t col[4];
   } va[4] = {
      { { 1, 1 }, { 255, 0, 0, 255 } },
      { { 7, 1 }, { 255, 0, 0, 255 } },
      { { 7, 15 }, { 255, 0, 0, 255 } },
      { { 1, 15 }, { 255, 0, 0, 255 } },
   };
   /* object b: right quad from generic attribute 0 (short positions) and a
    * separate float colour buffer, drawn through its element buffer */
   GLshort vb_pos[4][2] = { { 9, 1 }, { 15, 1 }, { 15, 15 }, { 9, 15 } };
   GLfloat vb_col[4][3] = { { 0, 1, 0 }, { 0, 1, 0 }, { 0, 1, 0 }, { 0, 1, 0 } };
   GLubyte idx[4] = { 0, 1, 2, 3 };
   GLuint buf[4], v[2];
   api_glGenBuffers(4, buf);
   api_glGenVertexArrays(2, v);

   api_glBindVertexArray(v[0]);
   api_glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
   api_glBufferData(GL_ARRAY_BUFFER, sizeof va, va, GL_STATIC_DRAW);
   api_glVertexPointer(2, GL_FLOAT, sizeof va[0], (const void *)0);
   api_glColorPointer(4, GL_UNSIGNED_BYTE, sizeof va[0], (const void *)offsetof(__typeof__(va[0]), col));
   api_glEnableClientState(GL_VERTEX_ARRAY);
   api_glEnableClientState(GL_COLOR_ARRAY);

   api_glBindVertexArray(v[1]);
   api_glBindBuffer(GL_ARRAY_BUFFER, buf[1]);
   api_glBufferData(GL_ARRAY_BUFFER, sizeof vb_pos, vb_pos, GL_STATIC_DRAW);
   api_glVertexAttribPointer(0, 2, GL_SHORT, GL_FALSE, 0, NULL);
   api_glEnableVertexAttribArray(0);
   api_glBindBuffer(GL_ARRAY_BUFFER, buf[2]);
   api_glBufferData(GL_ARRAY_BUFFER, sizeof vb_col, vb_col, GL_STATIC_DRAW);
   api_glColorPointer(3, GL_FLOAT, 0, NULL);
   api_glEnableClientState(GL_COLOR_ARRAY);
   api_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[3]);
   api_glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
   api_glBindBuffer(GL_ARRAY_BUFFER, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBindVertexArray(v[0]);
   api_glDrawArrays(GL_QUADS, 0, 4);
   api_glBindVertexArray(v[1]);
   api_glDrawElements(GL_QUADS, 4, GL_UNSIGNED_BYTE, NULL);   /* b's element buffer */
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   CHECK_PX(4, 8, 255, 0, 0, 255);
   CHECK_PX(12, 8, 0, 255, 0, 255);
   CHECK_PX(8, 8, 0, 0, 0, 0);

   /* object 0 has no arrays enabled: drawing it draws nothing */
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBindVertexArray(0);
   api_glDrawArrays(GL_QUADS, 0, 4);
   read_all();
   CHECK_PX(4, 8, 0, 0, 0, 0);

   /* the buffer of a non-bound object deleted: the object still draws from it */
   api_glDeleteBuffers(1, &buf[0]);
   api_glBindVertexArray(v[0]);
   api_glDrawArrays(GL_QUADS, 0, 4);
   read_all();
   CHECK_PX(4, 8, 255, 0, 0, 255);
   CHECK_PX(12, 8, 0, 0, 0, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glBindVertexArray(0);
   api_glDeleteVertexArrays(2, v);
   api_glDeleteBuffers(3, &buf[1]);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Objects are not shared: a context sharing objects with this one sees
 * none of its vertex array names. */
static void
test_per_context(struct test_env *e)
{
   GLuint v = 0;
   api_glGenVertexArrays(1, &v);
   api_glBindVertexArray(v);
   struct st_context_attribs attribs = { ST_PROFILE_COMPAT, 1, 0, 0, &e->d.base.visual };
   enum st_context_error err;
   struct st_context *ctx2 = st_context_create(e->screen, &attribs, e->ctx, &err);
   CHECK(ctx2 != NULL, "shared context");
   if (!ctx2)
      return;
   CHECK(st_make_current(ctx2, &e->d.base, &e->d.base), "ctx2 current");
   CHECK_EQ_INT(api_glIsVertexArray(v), GL_FALSE);
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), 0);
   api_glBindVertexArray(v);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLuint w = 0;
   api_glGenVertexArrays(1, &w);
   api_glBindVertexArray(w);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(st_make_current(e->ctx, &e->d.base, &e->d.base), "ctx current");
   CHECK_EQ_INT(geti(GL_VERTEX_ARRAY_BINDING), (GLint)v);
   st_context_destroy(ctx2);   /* with its object bound */
   api_glBindVertexArray(0);
   api_glDeleteVertexArrays(1, &v);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* ES 1.1 and 2.0 have no vertex array objects: the entry points (ES 3.0
 * lists them) raise GL_INVALID_OPERATION and the binding is no glGet enum. */
static void
test_es(struct test_env *e)
{
   static const enum st_profile profiles[2] = { ST_PROFILE_GLES1, ST_PROFILE_GLES2 };
   static const int majors[2] = { 1, 2 };
   for (unsigned i = 0; i < 2; i++) {
      struct st_context_attribs attribs = { profiles[i], majors[i], 0, 0, &e->d.base.visual };
      enum st_context_error err;
      struct st_context *es = st_context_create(e->screen, &attribs, NULL, &err);
      CHECK(es != NULL, "ES %d context", majors[i]);
      if (!es)
         continue;
      CHECK(st_make_current(es, &e->d.base, &e->d.base), "ES current");
      const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
      CHECK(ext && !strstr(ext, "vertex_array_object"), "ES %d extensions", majors[i]);
      GLuint v = 0;
      api_glGenVertexArrays(1, &v);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
      CHECK_EQ_INT(v, 0);
      api_glBindVertexArray(0);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
      api_glDeleteVertexArrays(1, &v);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
      CHECK_EQ_INT(api_glIsVertexArray(1), GL_FALSE);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
      GLint b = -1;
      api_glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &b);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      /* client pointers stay allowed (object 0 only) */
      static const float client[8];
      if (profiles[i] == ST_PROFILE_GLES1)
         api_glVertexPointer(2, GL_FLOAT, 0, client);
      else
         api_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, client);
      CHECK_GL_ERROR(GL_NO_ERROR);
      st_make_current(e->ctx, &e->d.base, &e->d.base);
      st_context_destroy(es);
   }
}

int
main(void)
{
   struct test_env e;
   bool ok = test_env_init(&e, W, H);
   CHECK(ok, "test environment");
   if (ok) {
      test_names();
      test_state();
      test_client_attrib();
      test_dlist();
      test_draw();
      test_per_context(&e);
      test_es(&e);
      /* left bound at context end, with a frame on the client stack */
      GLuint v = 0;
      api_glGenVertexArrays(1, &v);
      api_glBindVertexArray(v);
      api_glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
   }
   test_env_fini(&e);
   return st_test_finish("st_test_vao");
}
