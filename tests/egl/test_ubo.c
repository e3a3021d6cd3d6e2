/*
 * GL_ARB_uniform_buffer_object end to end through Mesa's libEGL: a GLSL
 * 1.20 program whose vertex shader places the quad from one block and
 * whose fragment shader reads float, vec3, ivec2, bool, mat3, a row-major
 * mat2x4, an array of structs and a vec4 array from another, bound as a
 * range 256 bytes into a buffer.  The std140 offsets are the ones worked
 * out by hand below (and glGetActiveUniformsiv must report them); the
 * pixels are compared with the colours computed here, within 1 of 255.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egl_common.h"

#define W 32
#define H 32

#define PROCS(X)                                                                           \
   X(PFNGLCREATESHADERPROC, CreateShader) X(PFNGLSHADERSOURCEPROC, ShaderSource)           \
   X(PFNGLCOMPILESHADERPROC, CompileShader) X(PFNGLCREATEPROGRAMPROC, CreateProgram)       \
   X(PFNGLATTACHSHADERPROC, AttachShader) X(PFNGLLINKPROGRAMPROC, LinkProgram)             \
   X(PFNGLGETPROGRAMIVPROC, GetProgramiv) X(PFNGLUSEPROGRAMPROC, UseProgram)               \
   X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog) X(PFNGLDELETEPROGRAMPROC, DeleteProgram) \
   X(PFNGLGENBUFFERSPROC, GenBuffers) X(PFNGLBINDBUFFERPROC, BindBuffer)                    \
   X(PFNGLBUFFERDATAPROC, BufferData) X(PFNGLDELETEBUFFERSPROC, DeleteBuffers)              \
   X(PFNGLGETUNIFORMBLOCKINDEXPROC, GetUniformBlockIndex)                                  \
   X(PFNGLUNIFORMBLOCKBINDINGPROC, UniformBlockBinding)                                    \
   X(PFNGLBINDBUFFERRANGEPROC, BindBufferRange) X(PFNGLBINDBUFFERBASEPROC, BindBufferBase)  \
   X(PFNGLGETUNIFORMINDICESPROC, GetUniformIndices)                                        \
   X(PFNGLGETACTIVEUNIFORMSIVPROC, GetActiveUniformsiv)                                    \
   X(PFNGLGETACTIVEUNIFORMBLOCKIVPROC, GetActiveUniformBlockiv)

#define DECLARE(type, name) static type name;
PROCS(DECLARE)

static bool
load(void)
{
   bool ok = true;
#define LOAD(type, name)                                                                   \
   if (!(name = (type)eglGetProcAddress("gl" #name))) {                                    \
      test_fail("no gl" #name);                                                            \
      ok = false;                                                                          \
   }
   PROCS(LOAD)
#undef LOAD
   return ok;
}

static const char *vs_src =
   "#version 120\n"
   "#extension GL_ARB_uniform_buffer_object : require\n"
   "uniform Xform { vec2 offset; float scale; };\n"
   "void main() { gl_Position = vec4(gl_Vertex.xy * scale + offset, 0.0, 1.0); }\n";

/* std140 (GL 3.1 section 2.11.4), block Colors:
 *   vec3 base 0, float gain 12 (packs after the vec3), ivec2 steps 16,
 *   bool use_light 24, mat3 mix 32 (columns 16 apart: 32, 48, 64),
 *   row_major mat2x4 rm 80 (4 rows of vec2, 16 apart: element [c][r] at
 *   80 + 16 r + 4 c), Light lights[2] 144 (struct of 16 bytes: dir 144,
 *   power 156; dir 160, power 172), vec4 tint[2] 176 and 192; 208 bytes. */
static const char *fs_src =
   "#version 120\n"
   "#extension GL_ARB_uniform_buffer_object : require\n"
   "struct Light { vec3 dir; float power; };\n"
   "layout(std140) uniform Colors {\n"
   "   vec3 base; float gain; ivec2 steps; bool use_light; mat3 mix;\n"
   "   layout(row_major) mat2x4 rm; Light lights[2]; vec4 tint[2];\n"
   "} colors;\n"
   "void main() {\n"
   "   vec4 a = vec4(colors.base.r * colors.gain, colors.mix[2][1],\n"
   "                 float(colors.steps.y) / 255.0 + colors.rm[1][3],\n"
   "                 colors.use_light ? colors.lights[1].power : 0.0);\n"
   "   vec4 b = vec4(colors.lights[0].dir.z, colors.tint[1].y, colors.rm[0][2],\n"
   "                 colors.mix[0][0] + float(colors.steps.x) / 255.0);\n"
   "   gl_FragColor = gl_FragCoord.x < 16.0 ? a : b;\n"
   "}\n";

static const struct {
   const char *name;
   GLint offset, array_stride, matrix_stride, row_major;
} layout[] = {
   { "Colors.base", 0, 0, 0, 0 },          { "Colors.gain", 12, 0, 0, 0 },
   { "Colors.steps", 16, 0, 0, 0 },        { "Colors.use_light", 24, 0, 0, 0 },
   { "Colors.mix", 32, 0, 16, 0 },         { "Colors.rm", 80, 0, 16, 1 },
   { "Colors.lights[0].dir", 144, 0, 0, 0 }, { "Colors.lights[0].power", 156, 0, 0, 0 },
   { "Colors.lights[1].dir", 160, 0, 0, 0 }, { "Colors.lights[1].power", 172, 0, 0, 0 },
   { "Colors.tint[0]", 176, 16, 0, 0 },
};

static GLuint
shader(GLenum type, const char *src)
{
   GLuint s = CreateShader(type);
   ShaderSource(s, 1, &src, NULL);
   CompileShader(s);
   return s;
}

static void
put_f(uint8_t *b, unsigned off, float v)
{
   memcpy(b + off, &v, 4);
}

static void
put_i(uint8_t *b, unsigned off, int32_t v)
{
   memcpy(b + off, &v, 4);
}

static void
check_pixel(int x, int y, const float want[4], const char *what)
{
   GLubyte px[4];
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   for (int c = 0; c < 4; c++) {
      int w = (int)unorm_from_float(want[c], 8);
      if (abs((int)px[c] - w) > 1) {
         test_fail("%s (%d,%d) channel %d: %d, expected %d", what, x, y, c, px[c], w);
         return;
      }
   }
}

static void
run(void)
{
   GLuint p = CreateProgram();
   AttachShader(p, shader(GL_VERTEX_SHADER, vs_src));
   AttachShader(p, shader(GL_FRAGMENT_SHADER, fs_src));
   LinkProgram(p);
   GLint ok = 0;
   GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      GetProgramInfoLog(p, sizeof log, NULL, log);
      test_fail("link: %s", log);
      return;
   }
   GLint nblocks = 0;
   GetProgramiv(p, GL_ACTIVE_UNIFORM_BLOCKS, &nblocks);
   if (nblocks != 2)
      test_fail("%d active uniform blocks, expected 2", nblocks);
   GLuint colors = GetUniformBlockIndex(p, "Colors"), xform = GetUniformBlockIndex(p, "Xform");
   GLint size = 0;
   GetActiveUniformBlockiv(p, colors, GL_UNIFORM_BLOCK_DATA_SIZE, &size);
   if (size != 208)
      test_fail("Colors is %d bytes, expected 208", size);
   for (unsigned i = 0; i < sizeof layout / sizeof layout[0]; i++) {
      GLuint idx = GL_INVALID_INDEX;
      GetUniformIndices(p, 1, &layout[i].name, &idx);
      GLint v[4] = { -1, -1, -1, -1 };
      GetActiveUniformsiv(p, 1, &idx, GL_UNIFORM_OFFSET, &v[0]);
      GetActiveUniformsiv(p, 1, &idx, GL_UNIFORM_ARRAY_STRIDE, &v[1]);
      GetActiveUniformsiv(p, 1, &idx, GL_UNIFORM_MATRIX_STRIDE, &v[2]);
      GetActiveUniformsiv(p, 1, &idx, GL_UNIFORM_IS_ROW_MAJOR, &v[3]);
      if (idx == GL_INVALID_INDEX || v[0] != layout[i].offset ||
          v[1] != layout[i].array_stride || v[2] != layout[i].matrix_stride ||
          v[3] != layout[i].row_major)
         test_fail("%s: index %u offset %d array stride %d matrix stride %d row major %d",
                   layout[i].name, idx, v[0], v[1], v[2], v[3]);
   }

   /* Colors 256 bytes into its buffer (a multiple of the alignment) */
   GLint align = 0;
   glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
   if (align <= 0 || 256 % align)
      test_fail("GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT %d", align);
   uint8_t cb[256 + 208], xb[16];
   memset(cb, 0, sizeof cb);
   memset(xb, 0, sizeof xb);
   uint8_t *c = cb + 256;
   put_f(c, 0, 0.5f);               /* base.r */
   put_f(c, 12, 0.5f);              /* gain */
   put_i(c, 16, 25);                /* steps.x */
   put_i(c, 20, 51);                /* steps.y */
   put_i(c, 24, 1);                 /* use_light */
   put_f(c, 32, 0.2f);              /* mix[0][0] */
   put_f(c, 64 + 4, 0.75f);         /* mix[2][1] */
   put_f(c, 80 + 16 * 2 + 0, 0.3f); /* rm[0][2] */
   put_f(c, 80 + 16 * 3 + 4, 0.2f); /* rm[1][3] */
   put_f(c, 144 + 8, 0.1f);         /* lights[0].dir.z */
   put_f(c, 172, 0.6f);             /* lights[1].power */
   put_f(c, 192 + 4, 0.9f);         /* tint[1].y */
   put_f(xb, 0, 0.0f);              /* offset */
   put_f(xb, 4, 0.0f);
   put_f(xb, 8, 1.0f);              /* scale */
   GLuint bo[2];
   GenBuffers(2, bo);
   BindBuffer(GL_UNIFORM_BUFFER, bo[0]);
   BufferData(GL_UNIFORM_BUFFER, sizeof cb, cb, GL_STATIC_DRAW);
   BindBuffer(GL_UNIFORM_BUFFER, bo[1]);
   BufferData(GL_UNIFORM_BUFFER, sizeof xb, xb, GL_STATIC_DRAW);
   UniformBlockBinding(p, colors, 3);
   UniformBlockBinding(p, xform, 7);
   BindBufferRange(GL_UNIFORM_BUFFER, 3, bo[0], 256, 208);
   BindBufferBase(GL_UNIFORM_BUFFER, 7, bo[1]);
   gl_expect_error(GL_NO_ERROR, "setup");

   UseProgram(p);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glBegin(GL_QUADS);
   glVertex2f(-1, -1);
   glVertex2f(1, -1);
   glVertex2f(1, 1);
   glVertex2f(-1, 1);
   glEnd();
   gl_expect_error(GL_NO_ERROR, "draw");
   const float a[4] = { 0.5f * 0.5f, 0.75f, 51.0f / 255.0f + 0.2f, 0.6f };
   const float b[4] = { 0.1f, 0.9f, 0.3f, 0.2f + 25.0f / 255.0f };
   check_pixel(4, 10, a, "left half");
   check_pixel(28, 20, b, "right half");
   UseProgram(0);
   DeleteBuffers(2, bo);
   DeleteProgram(p);
   gl_expect_error(GL_NO_ERROR, "end");
}

int
main(void)
{
   setenv("PONY_GL_VERSION_OVERRIDE", "2.1", 0);   /* as test_glsl.c */
   struct egl_test t;
   int rc = egl_test_setup(&t, W, H, 0, 0);
   if (rc != TEST_PASS)
      return rc;
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   if (!ext || !strstr(ext, "GL_ARB_uniform_buffer_object")) {
      test_fail("GL_ARB_uniform_buffer_object not offered");
   } else if (load()) {
      run();
   }
   egl_test_teardown(&t);
   return test_finish("egl-ubo");
}
