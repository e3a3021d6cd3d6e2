/*
 * GL_ATI_fragment_shader (api_atifs.c, st_atifs.c): every paragraph of
 * the spec's Errors section, the limits in glGet, the enable, and shaders
 * rendered on refpipe against values computed by hand (global and
 * per-shader constants, a texture lookup modulated by the colour, a
 * dependent read in the second pass, fog after the shader, precedence of
 * an ARB fragment program, deleting the bound shader).
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "st_test_fb.h"

#define W 16
#define H 16

static void
quad(float z)
{
   api_glBegin(GL_QUADS);
   api_glTexCoord2f(0, 0);
   api_glVertex3f(0, 0, z);
   api_glTexCoord2f(1, 0);
   api_glVertex3f(W, 0, z);
   api_glTexCoord2f(1, 1);
   api_glVertex3f(W, H, z);
   api_glTexCoord2f(0, 1);
   api_glVertex3f(0, H, z);
   api_glEnd();
}

static void
mov(GLuint dst, GLuint src)
{
   api_glColorFragmentOp1ATI(GL_MOV_ATI, dst, GL_NONE, GL_NONE, src, GL_NONE, GL_NONE);
}

static void
test_errors(void)
{
   /* 1: range 0 */
   CHECK_EQ_INT(api_glGenFragmentShadersATI(0), 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLuint id = api_glGenFragmentShadersATI(3);
   CHECK(id != 0, "GenFragmentShadersATI(3)");
   GLuint id2 = api_glGenFragmentShadersATI(2);
   CHECK(id2 >= id + 3 || id2 + 2 <= id, "ranges overlap: %u %u", id, id2);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* 2: not inside Begin/End */
   api_glBeginFragmentShaderATI();
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGenFragmentShadersATI(1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindFragmentShaderATI(id);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteFragmentShaderATI(id);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBeginFragmentShaderATI();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   mov(GL_REG_0_ATI, GL_ONE);
   api_glEndFragmentShaderATI();
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* 3: only inside */
   api_glEndFragmentShaderATI();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glPassTexCoordATI(GL_REG_0_ATI, GL_TEXTURE0_ARB, GL_SWIZZLE_STR_ATI);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glSampleMapATI(GL_REG_0_ATI, GL_TEXTURE0_ARB, GL_SWIZZLE_STR_ATI);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   mov(GL_REG_0_ATI, GL_ONE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glAlphaFragmentOp1ATI(GL_MOV_ATI, GL_REG_0_ATI, GL_NONE, GL_ONE, GL_NONE, GL_NONE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* 4: the interpolators in the first of two passes; End still ends */
   api_glBeginFragmentShaderATI();
   mov(GL_REG_0_ATI, GL_PRIMARY_COLOR_ARB);
   api_glPassTexCoordATI(GL_REG_0_ATI, GL_REG_0_ATI, GL_SWIZZLE_STR_ATI);
   mov(GL_REG_0_ATI, GL_REG_0_ATI);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glEndFragmentShaderATI();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glEndFragmentShaderATI();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* an empty shader does not compile either */
   api_glBeginFragmentShaderATI();
   api_glEndFragmentShaderATI();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* 5: a third pass; a register written twice in a pass */
   api_glBeginFragmentShaderATI();
   mov(GL_REG_0_ATI, GL_ONE);
   api_glPassTexCoordATI(GL_REG_1_ATI, GL_REG_0_ATI, GL_SWIZZLE_STR_ATI);
   mov(GL_REG_0_ATI, GL_ONE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glSampleMapATI(GL_REG_1_ATI, GL_TEXTURE0_ARB, GL_SWIZZLE_STR_ATI);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glEndFragmentShaderATI();
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBeginFragmentShaderATI();
   api_glPassTexCoordATI(GL_REG_2_ATI, GL_TEXTURE0_ARB, GL_SWIZZLE_STR_ATI);
   api_glSampleMapATI(GL_REG_2_ATI, GL_TEXTURE1_ARB, GL_SWIZZLE_STR_ATI);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* 6: registers in the first pass; q of a register; r and q of one set */
   api_glPassTexCoordATI(GL_REG_3_ATI, GL_REG_0_ATI, GL_SWIZZLE_STR_ATI);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glPassTexCoordATI(GL_REG_3_ATI, GL_TEXTURE0_ARB, GL_SWIZZLE_STQ_ATI);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glPassTexCoordATI(GL_REG_3_ATI, GL_TEXTURE0_ARB, GL_SWIZZLE_STR_DR_ATI);
   CHECK_GL_ERROR(GL_NO_ERROR);
   mov(GL_REG_0_ATI, GL_REG_2_ATI);
   api_glSampleMapATI(GL_REG_4_ATI, GL_REG_1_ATI, GL_SWIZZLE_STQ_DQ_ATI);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glSampleMapATI(GL_REG_4_ATI, GL_TEXTURE0_ARB, GL_SWIZZLE_STQ_ATI);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glSampleMapATI(GL_REG_4_ATI, GL_REG_1_ATI, GL_SWIZZLE_STR_DR_ATI);
   CHECK_GL_ERROR(GL_NO_ERROR);
   mov(GL_REG_0_ATI, GL_REG_4_ATI);

   /* 7: 8 colour and 8 alpha ops in the (second) pass */
   for (unsigned i = 0; i < 7; i++) {
      mov(GL_REG_0_ATI, GL_ONE);
      api_glAlphaFragmentOp1ATI(GL_MOV_ATI, GL_REG_0_ATI, GL_NONE, GL_ONE, GL_NONE, GL_NONE);
   }
   api_glAlphaFragmentOp1ATI(GL_MOV_ATI, GL_REG_0_ATI, GL_NONE, GL_ONE, GL_NONE, GL_NONE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   mov(GL_REG_0_ATI, GL_ONE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glAlphaFragmentOp1ATI(GL_MOV_ATI, GL_REG_0_ATI, GL_NONE, GL_ONE, GL_NONE, GL_NONE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glEndFragmentShaderATI();
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glBeginFragmentShaderATI();
   /* 8: no alpha in the secondary interpolator */
   api_glColorFragmentOp1ATI(GL_MOV_ATI, GL_REG_0_ATI, GL_NONE, GL_NONE,
                             GL_SECONDARY_INTERPOLATOR_ATI, GL_ALPHA, GL_NONE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glAlphaFragmentOp1ATI(GL_MOV_ATI, GL_REG_0_ATI, GL_NONE, GL_SECONDARY_INTERPOLATOR_ATI,
                             GL_NONE, GL_NONE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glAlphaFragmentOp1ATI(GL_MOV_ATI, GL_REG_0_ATI, GL_NONE, GL_SECONDARY_INTERPOLATOR_ATI,
                             GL_BLUE, GL_NONE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glColorFragmentOp2ATI(GL_DOT4_ATI, GL_REG_0_ATI, GL_NONE, GL_NONE,
                             GL_SECONDARY_INTERPOLATOR_ATI, GL_NONE, GL_NONE, GL_ONE, GL_NONE,
                             GL_NONE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* 9: three different constants */
   api_glColorFragmentOp3ATI(GL_MAD_ATI, GL_REG_0_ATI, GL_NONE, GL_NONE, GL_CON_0_ATI, GL_NONE,
                             GL_NONE, GL_CON_1_ATI, GL_NONE, GL_NONE, GL_CON_2_ATI, GL_NONE,
                             GL_NONE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glColorFragmentOp3ATI(GL_MAD_ATI, GL_REG_0_ATI, GL_NONE, GL_NONE, GL_CON_0_ATI, GL_NONE,
                             GL_NONE, GL_CON_1_ATI, GL_NONE, GL_NONE, GL_CON_0_ATI, GL_NONE,
                             GL_NONE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* 10: alpha dot products pair with the colour op just before */
   api_glAlphaFragmentOp2ATI(GL_DOT3_ATI, GL_REG_0_ATI, GL_NONE, GL_ONE, GL_NONE, GL_NONE,
                             GL_ONE, GL_NONE, GL_NONE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glColorFragmentOp2ATI(GL_DOT4_ATI, GL_REG_1_ATI, GL_NONE, GL_NONE, GL_ONE, GL_NONE,
                             GL_NONE, GL_ONE, GL_NONE, GL_NONE);
   api_glAlphaFragmentOp2ATI(GL_MUL_ATI, GL_REG_1_ATI, GL_NONE, GL_ONE, GL_NONE, GL_NONE,
                             GL_ONE, GL_NONE, GL_NONE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glAlphaFragmentOp2ATI(GL_DOT4_ATI, GL_REG_1_ATI, GL_NONE, GL_ONE, GL_NONE, GL_NONE,
                             GL_ONE, GL_NONE, GL_NONE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* 11-14: enums */
   mov(GL_REG_6_ATI, GL_ONE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glPassTexCoordATI(GL_CON_0_ATI, GL_TEXTURE0_ARB, GL_SWIZZLE_STR_ATI);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glPassTexCoordATI(GL_REG_5_ATI, GL_CON_0_ATI, GL_SWIZZLE_STR_ATI);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glPassTexCoordATI(GL_REG_5_ATI, GL_TEXTURE0_ARB + 8, GL_SWIZZLE_STR_ATI);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glPassTexCoordATI(GL_REG_5_ATI, GL_TEXTURE0_ARB, GL_SWIZZLE_STRQ_ATI);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   mov(GL_REG_0_ATI, GL_TEXTURE0_ARB);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glColorFragmentOp1ATI(GL_MOV_ATI, GL_REG_0_ATI, GL_NONE, GL_2X_BIT_ATI | GL_HALF_BIT_ATI,
                             GL_ONE, GL_NONE, GL_NONE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glColorFragmentOp1ATI(GL_MOV_ATI, GL_REG_0_ATI, GL_NONE,
                             GL_8X_BIT_ATI | GL_SATURATE_BIT_ATI, GL_ONE, GL_NONE, GL_NONE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glColorFragmentOp1ATI(GL_ADD_ATI, GL_REG_0_ATI, GL_NONE, GL_NONE, GL_ONE, GL_NONE,
                             GL_NONE);   /* ADD takes two arguments */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glColorFragmentOp1ATI(GL_MOV_ATI, GL_REG_0_ATI, GL_NONE, GL_NONE, GL_ONE, GL_RGB, GL_NONE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glEndFragmentShaderATI();
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glSetFragmentShaderConstantATI(GL_REG_0_ATI, (const GLfloat[4]){ 0, 0, 0, 0 });
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDeleteFragmentShaderATI(id);
   api_glDeleteFragmentShaderATI(628);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_get(void)
{
   static const struct { GLenum pname; GLint v; } vals[] = {
      { GL_NUM_FRAGMENT_REGISTERS_ATI, 6 }, { GL_NUM_FRAGMENT_CONSTANTS_ATI, 8 },
      { GL_NUM_PASSES_ATI, 2 }, { GL_NUM_INSTRUCTIONS_PER_PASS_ATI, 8 },
      { GL_NUM_INSTRUCTIONS_TOTAL_ATI, 16 }, { GL_COLOR_ALPHA_PAIRING_ATI, 1 },
      { GL_NUM_LOOPBACK_COMPONENTS_ATI, 3 }, { GL_NUM_INPUT_INTERPOLATOR_COMPONENTS_ATI, 3 },
   };
   for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++) {
      GLint v = -1;
      api_glGetIntegerv(vals[i].pname, &v);
      CHECK(v == vals[i].v, "glGet 0x%x = %d, expected %d", vals[i].pname, v, vals[i].v);
   }
   CHECK_EQ_INT(api_glIsEnabled(GL_FRAGMENT_SHADER_ATI), GL_FALSE);
   api_glEnable(GL_FRAGMENT_SHADER_ATI);
   CHECK_EQ_INT(api_glIsEnabled(GL_FRAGMENT_SHADER_ATI), GL_TRUE);
   api_glDisable(GL_FRAGMENT_SHADER_ATI);
   CHECK_GL_ERROR(GL_NO_ERROR);
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_ATI_fragment_shader"), "extension string");
}

/* constants: global ones, the shader's own (set inside its definition),
 * argument modifiers and replication, DOT3 into the masked channels */
static void
test_render_constants(void)
{
   GLuint s = api_glGenFragmentShadersATI(1);
   api_glBindFragmentShaderATI(s);
   api_glBeginFragmentShaderATI();
   api_glSetFragmentShaderConstantATI(GL_CON_1_ATI, (const GLfloat[4]){ 0.5f, 0.25f, 0, 1 });
   /* REG0 = CON0 + CON1; then REG0.b = dot3(CON0, 2 * CON1) */
   api_glColorFragmentOp2ATI(GL_ADD_ATI, GL_REG_0_ATI, GL_NONE, GL_NONE, GL_CON_0_ATI, GL_NONE,
                             GL_NONE, GL_CON_1_ATI, GL_NONE, GL_NONE);
   api_glColorFragmentOp2ATI(GL_DOT3_ATI, GL_REG_0_ATI, GL_BLUE_BIT_ATI, GL_NONE, GL_CON_0_ATI,
                             GL_NONE, GL_NONE, GL_CON_1_ATI, GL_NONE, GL_2X_BIT_ATI);
   api_glEndFragmentShaderATI();
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* set after the definition: a global constant, not the shader's CON1 */
   api_glSetFragmentShaderConstantATI(GL_CON_0_ATI, (const GLfloat[4]){ 0.2f, 0.4f, 0.1f, 1 });
   api_glSetFragmentShaderConstantATI(GL_CON_1_ATI, (const GLfloat[4]){ 0, 0, 0, 0 });
   api_glEnable(GL_FRAGMENT_SHADER_ATI);
   api_glClear(GL_COLOR_BUFFER_BIT);
   quad(0);
   /* (0.7, 0.65, dot = 2 * (0.1 + 0.1 + 0)) = 0.4 */
   CHECK_PX_RGB(4, 4, 178, 166, 102, 2);
   api_glDisable(GL_FRAGMENT_SHADER_ATI);
   api_glColor3f(0, 1, 0);
   quad(0);
   CHECK_PX_RGB(4, 4, 0, 255, 0, 1);   /* fixed function again */
   api_glEnable(GL_FRAGMENT_SHADER_ATI);
   /* deleting the bound shader binds 0, defined by test_errors' first
    * Begin/End (REG0 = ONE) */
   api_glDeleteFragmentShaderATI(s);
   api_glColor3f(1, 0, 0);
   quad(0);
   CHECK_PX_RGB(4, 4, 255, 255, 255, 1);
   api_glDisable(GL_FRAGMENT_SHADER_ATI);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* a 2x2 texture on unit 1 sampled with SampleMap, modulated by the
 * primary colour, CND on its red; the second pass reads the texture at
 * coordinates computed in the first (a dependent read) */
static void
test_render_texture(void)
{
   static const GLubyte texels[4][4] = {
      { 255, 0, 0, 255 }, { 0, 255, 0, 255 },     /* bottom row: red, green */
      { 0, 0, 255, 255 }, { 255, 255, 255, 255 }, /* top row: blue, white */
   };
   GLuint tex;
   api_glGenTextures(1, &tex);
   api_glActiveTexture(GL_TEXTURE1);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glEnable(GL_TEXTURE_2D);   /* the unit's enabled target is the lookup's */
   api_glActiveTexture(GL_TEXTURE0);

   GLuint s = api_glGenFragmentShadersATI(1);
   api_glBindFragmentShaderATI(s);
   api_glBeginFragmentShaderATI();
   api_glSampleMapATI(GL_REG_1_ATI, GL_TEXTURE0_ARB, GL_SWIZZLE_STR_ATI);
   /* REG0 = texel * colour; REG0.g = texel.r > 0.5 ? 1 : 0 */
   api_glColorFragmentOp2ATI(GL_MUL_ATI, GL_REG_0_ATI, GL_NONE, GL_NONE, GL_REG_1_ATI, GL_NONE,
                             GL_NONE, GL_PRIMARY_COLOR_ARB, GL_NONE, GL_NONE);
   api_glColorFragmentOp3ATI(GL_CND_ATI, GL_REG_0_ATI, GL_GREEN_BIT_ATI, GL_NONE, GL_ONE,
                             GL_NONE, GL_NONE, GL_ZERO, GL_NONE, GL_NONE, GL_REG_1_ATI, GL_RED,
                             GL_NONE);
   api_glEndFragmentShaderATI();
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glEnable(GL_FRAGMENT_SHADER_ATI);
   api_glColor4f(0.5f, 1, 1, 1);
   quad(0);
   CHECK_PX_RGB(2, 2, 128, 255, 0, 2);     /* red texel */
   CHECK_PX_RGB(12, 2, 0, 0, 0, 2);        /* green texel: g = CND 0 */
   CHECK_PX_RGB(2, 12, 0, 0, 255, 2);      /* blue */
   CHECK_PX_RGB(12, 12, 128, 255, 255, 2); /* white */

   /* pass 1: REG2 = CON0 (texture coordinates); pass 2: sample unit 1
    * there and pass REG2 through to REG3 (z of the coordinates: 0.5) */
   api_glBeginFragmentShaderATI();
   api_glSetFragmentShaderConstantATI(GL_CON_0_ATI, (const GLfloat[4]){ 0.75f, 0.25f, 0.5f, 1 });
   api_glColorFragmentOp1ATI(GL_MOV_ATI, GL_REG_2_ATI, GL_NONE, GL_NONE, GL_CON_0_ATI, GL_NONE,
                             GL_NONE);
   api_glSampleMapATI(GL_REG_1_ATI, GL_REG_2_ATI, GL_SWIZZLE_STR_ATI);
   api_glPassTexCoordATI(GL_REG_3_ATI, GL_REG_2_ATI, GL_SWIZZLE_STR_ATI);
   api_glColorFragmentOp3ATI(GL_LERP_ATI, GL_REG_0_ATI, GL_NONE, GL_NONE, GL_REG_3_ATI, GL_BLUE,
                             GL_NONE, GL_REG_1_ATI, GL_NONE, GL_NONE, GL_ZERO, GL_NONE, GL_NONE);
   api_glEndFragmentShaderATI();
   CHECK_GL_ERROR(GL_NO_ERROR);
   quad(0);
   /* (0.75, 0.25): the green texel, times 0.5 (lerp towards 0) */
   CHECK_PX_RGB(2, 2, 0, 128, 0, 2);
   CHECK_PX_RGB(12, 12, 0, 128, 0, 2);

   /* an enabled ARB fragment program takes precedence */
   static const char fp[] = "!!ARBfp1.0\nMOV result.color, {1, 0, 1, 1};\nEND\n";
   GLuint prog;
   api_glGenProgramsARB(1, &prog);
   api_glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
   api_glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                          (GLsizei)strlen(fp), fp);
   api_glEnable(GL_FRAGMENT_PROGRAM_ARB);
   quad(0);
   CHECK_PX_RGB(2, 2, 255, 0, 255, 1);
   api_glDisable(GL_FRAGMENT_PROGRAM_ARB);
   quad(0);
   CHECK_PX_RGB(2, 2, 0, 128, 0, 2);
   api_glDeleteProgramsARB(1, &prog);

   /* fog after the shader: linear from the fog coordinate 0.25 with
    * start 0, end 1: f = 0.75 */
   api_glFogi(GL_FOG_MODE, GL_LINEAR);
   api_glFogf(GL_FOG_START, 0);
   api_glFogf(GL_FOG_END, 1);
   api_glFogfv(GL_FOG_COLOR, (const GLfloat[4]){ 1, 1, 1, 1 });
   api_glFogi(GL_FOG_COORD_SRC, GL_FOG_COORD);
   api_glFogCoordf(0.25f);
   api_glEnable(GL_FOG);
   quad(0);
   CHECK_PX_RGB(2, 2, 64, 160, 64, 2);   /* 0.75 * (0, 0.5, 0) + 0.25 */
   api_glDisable(GL_FOG);
   api_glDisable(GL_FRAGMENT_SHADER_ATI);
   api_glDeleteFragmentShaderATI(s);
   api_glDeleteTextures(1, &tex);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

int
main(void)
{
   struct test_env e;
   bool ok = test_env_init(&e, W, H);
   CHECK(ok, "context");
   if (ok) {
      test_errors();
      test_get();
      test_render_constants();
      test_render_texture();
   }
   test_env_fini(&e);
   return st_test_finish("st_test_atifs");
}
