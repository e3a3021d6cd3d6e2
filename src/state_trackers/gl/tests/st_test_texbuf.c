/*
 * Buffer textures (GL 3.1, GL_ARB_texture_buffer_object, _range, _rgb32;
 * api/api_texbuffer.c) on refpipe and jitpipe, GL 3.3 context:
 *  - texelFetch of RGBA8 texels from a fragment shader, with an offset
 *    into the texel array that runs past its end (texels past the end read
 *    (0, 0, 0, 0)), and from a vertex shader;
 *  - textureSize of the whole buffer and of a glTexBufferRange range, and
 *    the texels of that range;
 *  - the view follows the buffer: glBufferData with a new store and size,
 *    glBufferSubData and a mapped write before the next draw are seen; a
 *    deleted buffer stays attached;
 *  - an integer format (GL_R32I, isamplerBuffer) and a luminance-alpha one
 *    (GL_LUMINANCE8_ALPHA8: (L, L, L, A));
 *  - errors of glTexBuffer / glTexBufferRange and of the texture commands
 *    GL_TEXTURE_BUFFER is no target of, the queries (bindings, limits,
 *    level parameters that follow the buffer's size), glTexBuffer not
 *    compiled into display lists, the luminance formats refused in a
 *    core context.
 * Expected pixels are the texel bytes written here (RGBA8: the colour
 * read back as is) or the sizes chosen here.
 */
#include <stdio.h>
#include <string.h>

#include "api/api.h"
#include "st_test_fb.h"

#define W 16
#define H 4

/* the eight RGBA8 texels of the main buffer */
static const GLubyte texels[8][4] = {
   { 255, 0, 0, 255 },   { 0, 255, 0, 255 },    { 0, 0, 255, 255 },   { 40, 80, 120, 160 },
   { 10, 20, 30, 40 },   { 50, 60, 70, 80 },    { 90, 100, 110, 120 }, { 130, 140, 150, 160 },
};

static const char vs_pos[] = "#version 140\n"
                             "in vec4 pos;\n"
                             "void main() { gl_Position = pos; }\n";

/* four columns of 4 pixels: column c shows texel base + c */
static const char fs_columns[] = "#version 140\n"
                                 "uniform samplerBuffer t;\n"
                                 "uniform int base;\n"
                                 "void main() {\n"
                                 "   gl_FragColor = texelFetch(t, int(gl_FragCoord.x) / 4 + base);\n"
                                 "}\n";

/* textureSize as a pixel value in red, texel 0 in green..alpha */
static const char fs_size[] = "#version 140\n"
                              "uniform samplerBuffer t;\n"
                              "void main() {\n"
                              "   vec4 c = texelFetch(t, 0);\n"
                              "   gl_FragColor = vec4(float(textureSize(t)) / 255.0, c.gba);\n"
                              "}\n";

/* the vertex stage fetches texel 1 */
static const char vs_fetch[] = "#version 140\n"
                               "in vec4 pos;\n"
                               "uniform samplerBuffer t;\n"
                               "out vec4 col;\n"
                               "void main() { gl_Position = pos; col = texelFetch(t, 1); }\n";
static const char fs_col[] = "#version 140\n"
                             "in vec4 col;\n"
                             "void main() { gl_FragColor = col; }\n";

/* R32I texels 0 and 1: red = texel 0 + 10, green = texel 1 */
static const char fs_int[] = "#version 140\n"
                             "uniform isamplerBuffer t;\n"
                             "void main() {\n"
                             "   int a = texelFetch(t, 0).r + 10, b = texelFetch(t, 1).r;\n"
                             "   gl_FragColor = vec4(float(a) / 255.0, float(b) / 255.0, 0.0, 1.0);\n"
                             "}\n";

static const float quad_verts[8] = { -1, -1, 1, -1, 1, 1, -1, 1 };

static void
draw(void)
{
   api_glClearColor(0.2f, 0.2f, 0.2f, 0.2f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, quad_verts);
   api_glEnableVertexAttribArray(1);
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
}

static void
check_px(const char *drv, const char *what, int x, int y, const GLubyte want[4])
{
   GLubyte p[4];
   test_read_px(x, y, p);
   CHECK(abs(p[0] - want[0]) <= 1 && abs(p[1] - want[1]) <= 1 && abs(p[2] - want[2]) <= 1 &&
            abs(p[3] - want[3]) <= 1,
         "%s %s: pixel (%d,%d) = %u,%u,%u,%u, expected %u,%u,%u,%u", drv, what, x, y, p[0],
         p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
}

/* column c (pixels 4c..4c+3) shows want[c] */
static void
check_columns(const char *drv, const char *what, const GLubyte want[4][4])
{
   for (int c = 0; c < 4; c++)
      check_px(drv, what, 4 * c + 1, 1, want[c]);
}

static void
test_draw(const char *drv)
{
   GLuint bo, tex;
   api_glGenBuffers(1, &bo);
   api_glBindBuffer(GL_TEXTURE_BUFFER, bo);
   api_glBufferData(GL_TEXTURE_BUFFER, 16, texels, GL_STATIC_DRAW);   /* texels 0..3 */
   api_glGenTextures(1, &tex);
   api_glBindTexture(GL_TEXTURE_BUFFER, tex);
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, bo);
   CHECK_GL_ERROR(GL_NO_ERROR);

   GLuint p = test_linked_program(vs_pos, NULL, fs_columns);
   api_glUseProgram(p);
   api_glUniform1i(api_glGetUniformLocation(p, "t"), 0);
   GLint base = api_glGetUniformLocation(p, "base");
   api_glUniform1i(base, 0);
   draw();
   CHECK_GL_ERROR(GL_NO_ERROR);
   {
      const GLubyte want[4][4] = { { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 },
                                   { 40, 80, 120, 160 } };
      check_columns(drv, "texels 0..3", want);
   }
   /* texels 2..5 of 4: the last two columns past the end read 0 */
   api_glUniform1i(base, 2);
   draw();
   {
      const GLubyte want[4][4] = { { 0, 0, 255, 255 }, { 40, 80, 120, 160 }, { 0, 0, 0, 0 },
                                   { 0, 0, 0, 0 } };
      check_columns(drv, "texels 2..5 of 4", want);
   }
   /* a new, larger store: the texture follows it (texels 4..7 exist now) */
   api_glBufferData(GL_TEXTURE_BUFFER, sizeof texels, texels, GL_STREAM_DRAW);
   draw();
   {
      const GLubyte want[4][4] = { { 0, 0, 255, 255 }, { 40, 80, 120, 160 }, { 10, 20, 30, 40 },
                                   { 50, 60, 70, 80 } };
      check_columns(drv, "texels 2..5 of 8", want);
   }
   /* glBufferSubData before the next draw: texel 3 */
   static const GLubyte t3[4] = { 200, 100, 50, 25 };
   api_glBufferSubData(GL_TEXTURE_BUFFER, 12, 4, t3);
   draw();
   check_px(drv, "texel 3 after glBufferSubData", 5, 1, t3);
   /* a mapped write: texel 2 */
   static const GLubyte t2[4] = { 1, 2, 3, 4 };
   GLubyte *m = api_glMapBuffer(GL_TEXTURE_BUFFER, GL_WRITE_ONLY);
   CHECK(m != NULL, "%s: glMapBuffer", drv);
   if (m)
      memcpy(m + 8, t2, 4);
   api_glUnmapBuffer(GL_TEXTURE_BUFFER);
   draw();
   check_px(drv, "texel 2 after a mapped write", 1, 1, t2);
   /* the buffer deleted: still attached, its texels still read */
   api_glDeleteBuffers(1, &bo);
   draw();
   check_px(drv, "texel 2 of a deleted buffer", 1, 1, t2);
   check_px(drv, "texel 5 of a deleted buffer", 13, 1, texels[5]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDeleteProgram(p);

   /* textureSize and a range: bytes 16..31 are texels 4 and 5 */
   api_glGenBuffers(1, &bo);
   api_glBindBuffer(GL_TEXTURE_BUFFER, bo);
   api_glBufferData(GL_TEXTURE_BUFFER, sizeof texels, texels, GL_STATIC_DRAW);
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, bo);
   p = test_linked_program(vs_pos, NULL, fs_size);
   api_glUseProgram(p);
   draw();
   {
      const GLubyte want[4] = { 8, 0, 0, 255 };   /* 8 texels; texel 0's g, b, a */
      check_px(drv, "textureSize of 8 texels", 3, 2, want);
   }
   api_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, bo, 16, 8);
   CHECK_GL_ERROR(GL_NO_ERROR);
   draw();
   {
      const GLubyte want[4] = { 2, 20, 30, 40 };   /* 2 texels; texel 4's g, b, a */
      check_px(drv, "textureSize of a 2-texel range", 3, 2, want);
   }
   /* no buffer: size 0, and the fetch reads what an incomplete texture
    * does, (0, 0, 0, 1) (GL leaves it undefined) */
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, 0);
   draw();
   {
      const GLubyte want[4] = { 0, 0, 0, 255 };
      check_px(drv, "textureSize without a buffer", 3, 2, want);
   }
   api_glDeleteProgram(p);

   /* the vertex stage */
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, bo);
   p = test_linked_program(vs_fetch, NULL, fs_col);
   api_glUseProgram(p);
   draw();
   check_px(drv, "vertex shader texel 1", 7, 2, texels[1]);
   api_glDeleteProgram(p);

   /* R32I: -5 and 7 */
   static const GLint ints[2] = { -5, 7 };
   api_glBufferData(GL_TEXTURE_BUFFER, sizeof ints, ints, GL_STATIC_DRAW);
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_R32I, bo);
   p = test_linked_program(vs_pos, NULL, fs_int);
   api_glUseProgram(p);
   draw();
   {
      const GLubyte want[4] = { 5, 7, 0, 255 };
      check_px(drv, "R32I texels", 9, 1, want);
   }
   api_glDeleteProgram(p);

   /* LUMINANCE8_ALPHA8 (compatibility context): texel 1 is (30, 30, 30, 140) */
   static const GLubyte la[4] = { 100, 200, 30, 140 };
   api_glBufferData(GL_TEXTURE_BUFFER, sizeof la, la, GL_STATIC_DRAW);
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_LUMINANCE8_ALPHA8, bo);
   CHECK_GL_ERROR(GL_NO_ERROR);
   p = test_linked_program(vs_pos, NULL, fs_columns);
   api_glUseProgram(p);
   api_glUniform1i(api_glGetUniformLocation(p, "base"), 0);
   draw();
   {
      const GLubyte want[4][4] = { { 100, 100, 100, 200 }, { 30, 30, 30, 140 }, { 0, 0, 0, 0 },
                                   { 0, 0, 0, 0 } };
      check_columns(drv, "LUMINANCE8_ALPHA8", want);
   }
   api_glDeleteProgram(p);
   api_glUseProgram(0);
   api_glDeleteTextures(1, &tex);
   api_glDeleteBuffers(1, &bo);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static GLint
level(GLenum pname)
{
   return test_level_param(GL_TEXTURE_BUFFER, 0, pname);
}

static void
test_errors_and_queries(void)
{
   GLuint bo, tex, tex2d, unbound;
   api_glGenBuffers(1, &bo);
   api_glGenBuffers(1, &unbound);   /* a name without an object */
   api_glGenTextures(1, &tex);
   api_glGenTextures(1, &tex2d);
   api_glBindTexture(GL_TEXTURE_2D, tex2d);
   CHECK(test_get_int(GL_TEXTURE_BINDING_BUFFER) == 0, "TEXTURE_BINDING_BUFFER initially");
   CHECK(test_get_int(GL_TEXTURE_BUFFER) == 0, "TEXTURE_BUFFER (buffer binding) initially");
   api_glBindTexture(GL_TEXTURE_BUFFER, tex);
   api_glBindBuffer(GL_TEXTURE_BUFFER, bo);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(test_get_int(GL_TEXTURE_BINDING_BUFFER) == (GLint)tex, "TEXTURE_BINDING_BUFFER");
   CHECK(test_get_int(GL_TEXTURE_BUFFER) == (GLint)bo, "TEXTURE_BUFFER binding");
   CHECK(test_get_int(GL_MAX_TEXTURE_BUFFER_SIZE) >= 65536, "MAX_TEXTURE_BUFFER_SIZE %d",
         test_get_int(GL_MAX_TEXTURE_BUFFER_SIZE));
   GLint align = test_get_int(GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT);
   CHECK(align >= 1 && align <= 256 && !(align & (align - 1)), "alignment %d", align);
   /* a compatibility context's initial format (ARB_texture_buffer_object) */
   CHECK(test_get_int(GL_TEXTURE_BUFFER_FORMAT_ARB) == GL_LUMINANCE8, "initial format 0x%x",
         test_get_int(GL_TEXTURE_BUFFER_FORMAT_ARB));
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* a 2D texture's name on the buffer target */
   api_glBindTexture(GL_TEXTURE_BUFFER, tex2d);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   api_glBufferData(GL_TEXTURE_BUFFER, 40, NULL, GL_STATIC_DRAW);
   api_glTexBuffer(GL_TEXTURE_2D, GL_RGBA8, bo);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGB8, bo);   /* not a buffer texture format */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_DEPTH_COMPONENT16, bo);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, unbound);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, 4711);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK(level(GL_TEXTURE_BUFFER_DATA_STORE_BINDING) == 0, "no buffer after refused calls");

   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, bo);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(level(GL_TEXTURE_BUFFER_DATA_STORE_BINDING) == (GLint)bo, "DATA_STORE_BINDING");
   CHECK(test_get_int(GL_TEXTURE_BUFFER_DATA_STORE_BINDING) == (GLint)bo,
         "DATA_STORE_BINDING (glGet)");
   CHECK(test_get_int(GL_TEXTURE_BUFFER_FORMAT_ARB) == GL_RGBA8, "TEXTURE_BUFFER_FORMAT");
   CHECK(level(GL_TEXTURE_INTERNAL_FORMAT) == GL_RGBA8, "INTERNAL_FORMAT");
   CHECK(level(GL_TEXTURE_WIDTH) == 10, "WIDTH %d (40 bytes of RGBA8)", level(GL_TEXTURE_WIDTH));
   CHECK(level(GL_TEXTURE_BUFFER_OFFSET) == 0 && level(GL_TEXTURE_BUFFER_SIZE) == 40,
         "OFFSET %d SIZE %d", level(GL_TEXTURE_BUFFER_OFFSET), level(GL_TEXTURE_BUFFER_SIZE));
   CHECK(level(GL_TEXTURE_RED_SIZE) == 8 && level(GL_TEXTURE_ALPHA_SIZE) == 8, "component sizes");
   /* the texture follows the store's size */
   api_glBufferData(GL_TEXTURE_BUFFER, 64, NULL, GL_STATIC_DRAW);
   CHECK(level(GL_TEXTURE_WIDTH) == 16 && level(GL_TEXTURE_BUFFER_SIZE) == 64,
         "WIDTH %d SIZE %d after glBufferData(64)", level(GL_TEXTURE_WIDTH),
         level(GL_TEXTURE_BUFFER_SIZE));
   /* whole texels: 64 bytes are 5 RGB32F texels */
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGB32F, bo);
   CHECK(level(GL_TEXTURE_WIDTH) == 5, "RGB32F WIDTH %d", level(GL_TEXTURE_WIDTH));
   /* level 1 does not exist */
   GLint v = -1;
   api_glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 1, GL_TEXTURE_WIDTH, &v);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   /* ranges: negative offset, empty or negative size, past the end, unaligned */
   api_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, bo, -align, 16);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, bo, 0, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, bo, 0, -4);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, bo, 16, 64 - 15);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   if (align > 1) {
      api_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, bo, align / 2, 8);
      CHECK_GL_ERROR(GL_INVALID_VALUE);
   }
   api_glTexBufferRange(GL_TEXTURE_2D, GL_RGBA8, bo, 0, 8);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, bo, 16, 48);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(level(GL_TEXTURE_BUFFER_OFFSET) == 16 && level(GL_TEXTURE_BUFFER_SIZE) == 48 &&
            level(GL_TEXTURE_WIDTH) == 12,
         "range OFFSET %d SIZE %d WIDTH %d", level(GL_TEXTURE_BUFFER_OFFSET),
         level(GL_TEXTURE_BUFFER_SIZE), level(GL_TEXTURE_WIDTH));
   /* buffer 0 detaches whatever offset and size say */
   api_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, 0, -1, -1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(level(GL_TEXTURE_BUFFER_DATA_STORE_BINDING) == 0 && level(GL_TEXTURE_BUFFER_OFFSET) == 0 &&
            level(GL_TEXTURE_BUFFER_SIZE) == 0 && level(GL_TEXTURE_WIDTH) == 0,
         "detached");

   /* GL_TEXTURE_BUFFER is not a target of the image and parameter commands */
   api_glTexParameteri(GL_TEXTURE_BUFFER, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetTexParameteriv(GL_TEXTURE_BUFFER, GL_TEXTURE_MIN_FILTER, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexImage1D(GL_TEXTURE_BUFFER, 0, GL_RGBA8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexStorage1D(GL_TEXTURE_BUFFER, 1, GL_RGBA8, 4);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGenerateMipmap(GL_TEXTURE_BUFFER);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* display lists: glTexBuffer runs at once and is not compiled */
   GLuint list = api_glGenLists(1);
   api_glNewList(list, GL_COMPILE);
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, bo);
   api_glEndList();
   CHECK(level(GL_TEXTURE_BUFFER_DATA_STORE_BINDING) == (GLint)bo, "glTexBuffer while compiling");
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, 0);
   api_glCallList(list);
   CHECK(level(GL_TEXTURE_BUFFER_DATA_STORE_BINDING) == 0, "glTexBuffer compiled into a list");
   api_glDeleteLists(list, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* deleting the texture's buffer name: unbound from GL_TEXTURE_BUFFER */
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, bo);
   api_glDeleteBuffers(1, &bo);
   CHECK(test_get_int(GL_TEXTURE_BUFFER) == 0, "buffer binding after delete");
   CHECK(level(GL_TEXTURE_WIDTH) == 16, "the deleted buffer's store stays attached");
   api_glDeleteTextures(1, &tex);
   api_glDeleteTextures(1, &tex2d);
   CHECK(test_get_int(GL_TEXTURE_BINDING_BUFFER) == 0, "binding after glDeleteTextures");
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* a core context has no luminance or alpha buffer formats */
static void
test_core(void)
{
   struct test_env e;
   if (!test_env_init_profile(&e, "refpipe", "3.3", ST_PROFILE_CORE, W, H)) {
      CHECK(0, "no 3.3 core context");
      test_env_fini(&e);
      return;
   }
   GLuint bo, tex;
   api_glGenBuffers(1, &bo);
   api_glBindBuffer(GL_TEXTURE_BUFFER, bo);
   api_glGenTextures(1, &tex);
   api_glBindTexture(GL_TEXTURE_BUFFER, tex);
   CHECK(level(GL_TEXTURE_INTERNAL_FORMAT) == GL_R8, "core initial format 0x%x",
         level(GL_TEXTURE_INTERNAL_FORMAT));
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_LUMINANCE8, bo);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_ALPHA16F_ARB, bo);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexBuffer(GL_TEXTURE_BUFFER, GL_RG16F, bo);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDeleteTextures(1, &tex);
   api_glDeleteBuffers(1, &bo);
   test_env_fini(&e);
}

static void
run(struct test_env *e, const char *driver, bool first)
{
   (void)e;
   if (first) {
      CHECK(test_has_extension("GL_ARB_texture_buffer_object"), "GL_ARB_texture_buffer_object");
      CHECK(test_has_extension("GL_ARB_texture_buffer_range"), "GL_ARB_texture_buffer_range");
      test_errors_and_queries();
   }
   test_draw(driver);
}

int
main(void)
{
   test_on_each_driver("st_test_texbuf", "3.3", W, H, run);
   test_core();
   return st_test_finish("st_test_texbuf");
}
