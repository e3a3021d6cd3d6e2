/*
 * Indirect and base-instance draws (api_draw_indirect.c): GL_ARB_base_instance's
 * base instance offsets the per-instance arrays (not gl_InstanceID),
 * glDraw{Arrays,Elements}Indirect and the multi forms read their commands
 * from the GL_DRAW_INDIRECT_BUFFER (or client memory in a compatibility
 * context), and their errors.  Pixels are compared with the colours the
 * test's arrays give each instance, on refpipe and jitpipe.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "st_glapi.h"
#include "st_test_fb.h"

#define W 16
#define H 16

/* Instance i draws a quad 4 pixels wide at x = 4 * i (NDC 0.5 per
 * instance), 8 pixels high from y = 4, in its colour `col` (per
 * instance, divisor 1). */
static const char *vs =
   "#version 140\n"
   "in vec2 pos;\n"
   "in vec4 col;\n"
   "out vec4 c;\n"
   "void main() {\n"
   "   gl_Position = vec4(pos.x + 0.5 * float(gl_InstanceID), pos.y, 0.0, 1.0);\n"
   "   c = col;\n"
   "}\n";
static const char *fs = "#version 140\nin vec4 c;\nout vec4 f;\nvoid main() { f = c; }\n";

/* the per-instance colours: element k */
static const float colours[5][4] = {
   { 1, 0, 0, 1 }, { 0, 1, 0, 1 }, { 0, 0, 1, 1 }, { 1, 1, 1, 1 }, { 1, 1, 0, 1 },
};
static const GLubyte rgb[5][3] = {
   { 255, 0, 0 }, { 0, 255, 0 }, { 0, 0, 255 }, { 255, 255, 255 }, { 255, 255, 0 },
};

static void
clear(void)
{
   api_glClearColor(0, 0, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
}

/* instance i's quad shows element e's colour (e < 0: nothing drawn) */
static void
check_instance(unsigned i, int e, const char *what)
{
   GLubyte p[4];
   test_read_px(4 * (int)i + 1, 8, p);
   int r = e < 0 ? 0 : rgb[e][0], g = e < 0 ? 0 : rgb[e][1], b = e < 0 ? 0 : rgb[e][2];
   CHECK(p[0] == r && p[1] == g && p[2] == b, "%s: instance %u = %u,%u,%u, expected %d,%d,%d",
         what, i, p[0], p[1], p[2], r, g, b);
}

static void
run(const char *driver)
{
   struct test_env e;
   if (!test_env_init_on(&e, driver, "3.3", W, H)) {
      test_env_fini(&e);
      if (!strcmp(driver, "refpipe"))
         CHECK(0, "GL 3.3 context on refpipe");
      return;
   }
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_ARB_draw_indirect") && strstr(ext, "GL_ARB_base_instance") &&
            strstr(ext, "GL_ARB_multi_draw_indirect"),
         "extensions offered");
   GLuint prog = test_linked_program(vs, NULL, fs);
   api_glUseProgram(prog);

   /* a quad x in [-1, -0.5], y in [-0.5, 0.5] as a fan; indices 9 (never
    * drawn) then 0..3 */
   static const float quad[4][2] = { { -1, -0.5f }, { -0.5f, -0.5f }, { -0.5f, 0.5f },
                                     { -1, 0.5f } };
   static const GLushort idx[8] = { 9, 9, 9, 9, 0, 1, 2, 3 };
   GLuint bufs[4];
   api_glGenBuffers(4, bufs);
   api_glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
   api_glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   api_glEnableVertexAttribArray(1);
   api_glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
   api_glBufferData(GL_ARRAY_BUFFER, sizeof colours, colours, GL_STATIC_DRAW);
   api_glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   api_glEnableVertexAttribArray(2);
   api_glVertexAttribDivisorARB(2, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* base instance 1: instances 0 and 1 read elements 1 and 2 */
   clear();
   api_glDrawArraysInstancedBaseInstance(GL_TRIANGLE_FAN, 0, 4, 2, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   check_instance(0, 1, "arrays base 1");
   check_instance(1, 2, "arrays base 1");
   check_instance(2, -1, "arrays base 1");

   api_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[2]);
   api_glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
   clear();
   api_glDrawElementsInstancedBaseVertexBaseInstance(GL_TRIANGLE_FAN, 4, GL_UNSIGNED_SHORT,
                                                     (const void *)(4 * sizeof(GLushort)), 3, 0,
                                                     2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   check_instance(0, 2, "elements base 2");
   check_instance(1, 3, "elements base 2");
   check_instance(2, 4, "elements base 2");

   /* indirect commands: arrays {count, instances, first, base} at 0 and
    * 16, elements {count, instances, firstIndex, baseVertex, base} at 32 */
   const GLuint cmds[13] = { 4, 2, 0, 2, /* */ 4, 1, 0, 0, /* */ 4, 2, 4, 0, 3 };
   api_glBindBuffer(GL_DRAW_INDIRECT_BUFFER, bufs[3]);
   api_glBufferData(GL_DRAW_INDIRECT_BUFFER, sizeof cmds, cmds, GL_STATIC_DRAW);
   CHECK_EQ_INT(test_get_int(GL_DRAW_INDIRECT_BUFFER_BINDING), (GLint)bufs[3]);
   clear();
   api_glDrawArraysIndirect(GL_TRIANGLE_FAN, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   check_instance(0, 2, "arrays indirect");
   check_instance(1, 3, "arrays indirect");
   check_instance(2, -1, "arrays indirect");
   clear();
   api_glDrawElementsIndirect(GL_TRIANGLE_FAN, GL_UNSIGNED_SHORT,
                              (const void *)(8 * sizeof(GLuint)));
   CHECK_GL_ERROR(GL_NO_ERROR);
   check_instance(0, 3, "elements indirect");
   check_instance(1, 4, "elements indirect");
   /* two commands 16 bytes apart: the second draws instance 0 in
    * element 0 over the first's instance 0 */
   clear();
   api_glMultiDrawArraysIndirect(GL_TRIANGLE_FAN, NULL, 2, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   check_instance(0, 0, "multi arrays");
   check_instance(1, 3, "multi arrays");
   /* the elements command through the multi form (stride 20: packed) */
   clear();
   api_glMultiDrawElementsIndirect(GL_TRIANGLE_FAN, GL_UNSIGNED_SHORT,
                                   (const void *)(8 * sizeof(GLuint)), 1, 20);
   CHECK_GL_ERROR(GL_NO_ERROR);
   check_instance(0, 3, "multi elements");

   /* errors: nothing drawn */
   clear();
   api_glDrawArraysIndirect(GL_TRIANGLE_FAN, (const void *)2);
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* not a multiple of 4 */
   api_glDrawArraysIndirect(GL_TRIANGLE_FAN, (const void *)(10 * sizeof(GLuint)));
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* 4 words from word 10 of 13 */
   api_glDrawElementsIndirect(GL_TRIANGLE_FAN, GL_UNSIGNED_SHORT,
                              (const void *)(9 * sizeof(GLuint)));
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* 5 words from word 9 of 13 */
   api_glDrawElementsIndirect(GL_TRIANGLE_FAN, GL_FLOAT, NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDrawArraysIndirect(0x7777, NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glMultiDrawArraysIndirect(GL_TRIANGLE_FAN, NULL, -1, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMultiDrawArraysIndirect(GL_TRIANGLE_FAN, NULL, 2, 6);
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* stride not a multiple of 4 */
   api_glMultiDrawArraysIndirect(GL_TRIANGLE_FAN, NULL, 4, 16);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* the 4th command ends at word 16 */
   api_glMultiDrawArraysIndirect(GL_TRIANGLE_FAN, NULL, 0, 16);
   CHECK_GL_ERROR(GL_NO_ERROR);   /* nothing to draw */
   api_glMapBufferRange(GL_DRAW_INDIRECT_BUFFER, 0, 16, GL_MAP_READ_BIT);
   api_glDrawArraysIndirect(GL_TRIANGLE_FAN, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* mapped */
   api_glUnmapBuffer(GL_DRAW_INDIRECT_BUFFER);
   api_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
   api_glDrawElementsIndirect(GL_TRIANGLE_FAN, GL_UNSIGNED_SHORT, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* no element array buffer */
   api_glDrawElementsInstancedBaseInstance(GL_TRIANGLE_FAN, 4, GL_NONE, idx, 1, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDrawArraysInstancedBaseInstance(GL_TRIANGLE_FAN, 0, 4, -1, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   check_instance(0, -1, "errors");
   check_instance(1, -1, "errors");

   /* a compatibility context reads a command from client memory when no
    * buffer is bound */
   api_glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
   CHECK_EQ_INT(test_get_int(GL_DRAW_INDIRECT_BUFFER_BINDING), 0);
   const GLuint client_cmd[4] = { 4, 1, 0, 4 };
   api_glDrawArraysIndirect(GL_TRIANGLE_FAN, client_cmd);
   CHECK_GL_ERROR(GL_NO_ERROR);
   check_instance(0, 4, "client memory");
   api_glDrawArraysIndirect(GL_TRIANGLE_FAN, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* a buffer deleted while bound is unbound */
   api_glBindBuffer(GL_DRAW_INDIRECT_BUFFER, bufs[3]);
   api_glDeleteBuffers(4, bufs);
   CHECK_EQ_INT(test_get_int(GL_DRAW_INDIRECT_BUFFER_BINDING), 0);
   api_glDeleteProgram(prog);
   test_env_fini(&e);
}

/* GL 2.1: neither the binding nor the commands */
static void
test_not_offered(void)
{
   struct test_env e;
   bool ok = test_env_init_on(&e, "refpipe", "2.1", W, H);
   CHECK(ok, "GL 2.1 context");
   if (ok) {
      const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
      CHECK(ext && !strstr(ext, "GL_ARB_draw_indirect") && !strstr(ext, "GL_ARB_base_instance"),
            "not offered in 2.1");
      api_glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 1);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      api_glDrawArraysIndirect(GL_TRIANGLES, NULL);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
      api_glDrawArraysInstancedBaseInstance(GL_TRIANGLES, 0, 3, 1, 0);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
      CHECK_EQ_INT(test_get_int(GL_DRAW_INDIRECT_BUFFER_BINDING), -777);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
   }
   test_env_fini(&e);
}

int
main(void)
{
   run("refpipe");
   run("jitpipe");
   test_not_offered();
   return st_test_finish("st_test_indirect");
}
