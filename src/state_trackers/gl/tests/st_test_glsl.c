/*
 * The GLSL API on refpipe (st_glsl.c, api/api_shader.c, api/api_uniform.c,
 * api/api_vertex_attrib.c): GL_SHADING_LANGUAGE_VERSION with and without
 * GLSL, every argument error of the shader and program entry points (GL
 * 2.1 section 2.15, 6.1.14), object lifetimes (deletion deferred while
 * attached or in use), compiling and info logs, the ARB_shader_objects
 * names, the ES 2.0 commands refused in a desktop context, generic vertex
 * attributes that do not alias the conventional ones (current values,
 * arrays, queries, display lists) and an ARB vertex program reading
 * vertex.attrib[3] next to vertex.color.  GL 2.1 contexts are made with
 * PONY_GL_VERSION_OVERRIDE=2.1 until ST_GLSL_READY offers them.  Linked
 * programs (uniform values, drawing) need branch glsl-link's linker: the
 * tests that need it run only when a link succeeds.
 */
#include <stdint.h>
#include <stdio.h>

#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_glsl.h"
#include "st_test_fb.h"

#define W 16
#define H 16

static const char *vs_ok =
   "void main() { gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex; }\n";
static const char *fs_ok = "uniform vec4 c;\nvoid main() { gl_FragColor = c; }\n";
static const char *fs_bad = "void main() { gl_FragColor = undeclared; }\n";

static GLint
shader_iv(GLuint s, GLenum pname)
{
   GLint v = -777;
   api_glGetShaderiv(s, pname, &v);
   return v;
}

static GLuint
compiled_shader(GLenum type, const char *src)
{
   GLuint s = api_glCreateShader(type);
   api_glShaderSource(s, 1, &src, NULL);
   api_glCompileShader(s);
   return s;
}

/* GL 1.5 has no GLSL: the string is an invalid enum (and NULL), the
 * GLSL queries too; regression test for issue A item 8. */
static void
test_no_glsl(void)
{
   struct test_env e;
   if (!test_env_init_on(&e, "refpipe", "1.5", W, H)) {
      CHECK(0, "GL 1.5 context");
      test_env_fini(&e);
      return;
   }
   CHECK(!st_glsl_api(e.ctx), "GL %d has no GLSL API", e.ctx->version);
   CHECK(api_glGetString(GL_SHADING_LANGUAGE_VERSION) == NULL, "no GLSL version string");
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(test_get_int(GL_CURRENT_PROGRAM), -777);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(test_get_int(GL_MAX_VERTEX_UNIFORM_COMPONENTS), -777);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && !strstr(ext, "GL_ARB_shader_objects"), "no shader extensions without GLSL");
   /* the GLSL commands keep their stubs here (st_dispatch_in_context): they
    * raise GL_INVALID_OPERATION and a display list does not compile them */
   st_proc *table = (st_proc *)_glapi_get_dispatch();
   int slot = _glapi_get_proc_offset("glCreateShader");
   CHECK(table && slot >= 0, "glCreateShader slot");
   if (table && slot >= 0) {
      CHECK_EQ_INT(((GLuint (GLAPIENTRY *)(GLenum))table[slot])(GL_VERTEX_SHADER), 0);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
   }
   const char *const *list;
   unsigned n = st_glsl_commands(&list);
   for (unsigned i = 0; i < n; i++) {
      int c = st_dispatch_find(list[i]);
      CHECK(c >= 0 && (st_dispatch_entries[c].flags & ST_CMD_IMPLEMENTED) &&
            !st_dispatch_in_context(e.ctx, (unsigned)c), "%s: implemented, not in GL 1.5",
            list[i]);
      CHECK(i == 0 || strcmp(list[i - 1], list[i]) < 0, "sorted at %s", list[i]);
      CHECK(st_glsl_is_command(list[i]), "%s found", list[i]);
   }
   CHECK(!st_glsl_is_command("glVertexAttrib4f") && !st_glsl_is_command("glClear"),
         "not GLSL commands");
   test_env_fini(&e);
}

static void
test_strings_and_limits(struct test_env *e)
{
   const char *v = (const char *)api_glGetString(GL_VERSION);
   CHECK(v && !strncmp(v, "2.1 ", 4), "GL_VERSION %s", v ? v : "(null)");
   const char *sl = (const char *)api_glGetString(GL_SHADING_LANGUAGE_VERSION);
   CHECK(sl && !strcmp(sl, "1.20"), "GL_SHADING_LANGUAGE_VERSION %s", sl ? sl : "(null)");
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_get_int(GL_MAX_VERTEX_ATTRIBS), 16);
   CHECK_EQ_INT(test_get_int(GL_MAX_VARYING_FLOATS), ST_GLSL_MAX_VARYING_FLOATS);
   CHECK_EQ_INT(test_get_int(GL_MAX_VERTEX_UNIFORM_COMPONENTS), ST_GLSL_MAX_VERTEX_UNIFORM_COMPONENTS);
   CHECK_EQ_INT(test_get_int(GL_MAX_FRAGMENT_UNIFORM_COMPONENTS),
                ST_GLSL_MAX_FRAGMENT_UNIFORM_COMPONENTS);
   CHECK_EQ_INT(test_get_int(GL_MAX_TEXTURE_IMAGE_UNITS), 16);
   CHECK_EQ_INT(test_get_int(GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS), 16);
   CHECK_EQ_INT(test_get_int(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS), 48);
   CHECK_EQ_INT(test_get_int(GL_MAX_TEXTURE_COORDS), 8);
   CHECK_EQ_INT(test_get_int(GL_MAX_DRAW_BUFFERS), 8);
   CHECK_EQ_INT(test_get_int(GL_CURRENT_PROGRAM), 0);
   GLboolean b = 7;
   api_glGetBooleanv(GL_CURRENT_PROGRAM, &b);
   CHECK_EQ_INT(b, GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* ES 2.0 values are not desktop GL 2.1 enums */
   CHECK_EQ_INT(test_get_int(GL_SHADER_COMPILER), -777);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(test_get_int(GL_MAX_VARYING_VECTORS), -777);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   (void)e;
}

static void
test_shader_objects(void)
{
   /* creation */
   CHECK_EQ_INT(api_glCreateShader(GL_VERTEX_PROGRAM_ARB), 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   GLuint vs = api_glCreateShader(GL_VERTEX_SHADER);
   GLuint fs = api_glCreateShader(GL_FRAGMENT_SHADER);
   GLuint prog = api_glCreateProgram();
   CHECK(vs && fs && prog && vs != fs && fs != prog && vs != prog, "names %u %u %u", vs, fs,
         prog);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(api_glIsShader(vs) && !api_glIsShader(prog) && !api_glIsShader(0) &&
         !api_glIsShader(12345), "glIsShader");
   CHECK(api_glIsProgram(prog) && !api_glIsProgram(vs) && !api_glIsProgram(0), "glIsProgram");
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(shader_iv(vs, GL_SHADER_TYPE), GL_VERTEX_SHADER);
   CHECK_EQ_INT(shader_iv(fs, GL_SHADER_TYPE), GL_FRAGMENT_SHADER);
   CHECK_EQ_INT(shader_iv(vs, GL_DELETE_STATUS), GL_FALSE);
   CHECK_EQ_INT(shader_iv(vs, GL_COMPILE_STATUS), GL_FALSE);
   CHECK_EQ_INT(shader_iv(vs, GL_INFO_LOG_LENGTH), 0);
   CHECK_EQ_INT(shader_iv(vs, GL_SHADER_SOURCE_LENGTH), 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* wrong names: no object -> INVALID_VALUE, a program -> INVALID_OPERATION */
   CHECK_EQ_INT(shader_iv(12345, GL_SHADER_TYPE), -777);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ_INT(shader_iv(prog, GL_SHADER_TYPE), -777);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(shader_iv(vs, GL_LINK_STATUS), -777);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(test_program_iv(vs, GL_LINK_STATUS), -777);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(test_program_iv(0, GL_LINK_STATUS), -777);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ_INT(test_program_iv(prog, GL_COMPILE_STATUS), -777);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* sources: concatenated, lengths (-1: NUL-terminated), round trip */
   const char *parts[3] = { "void main()", " { gl_Position = vec4(0.0); }XXXX", "\n" };
   const GLint lens[3] = { -1, 29, 1 };
   api_glShaderSource(vs, 3, parts, lens);
   CHECK_GL_ERROR(GL_NO_ERROR);
   const char *whole = "void main() { gl_Position = vec4(0.0); }\n";
   CHECK_EQ_INT(shader_iv(vs, GL_SHADER_SOURCE_LENGTH), (GLint)strlen(whole) + 1);
   char buf[128];
   GLsizei len = -5;
   memset(buf, 'x', sizeof buf);
   api_glGetShaderSource(vs, sizeof buf, &len, buf);
   CHECK(!strcmp(buf, whole), "source \"%s\"", buf);
   CHECK_EQ_INT(len, (GLint)strlen(whole));
   memset(buf, 'x', sizeof buf);
   api_glGetShaderSource(vs, 5, &len, buf);   /* 4 characters and a NUL */
   CHECK(!memcmp(buf, "void", 5), "truncated source");
   CHECK_EQ_INT(len, 4);
   buf[0] = 'x';
   api_glGetShaderSource(vs, 0, &len, buf);
   CHECK(buf[0] == 'x' && len == 0, "bufSize 0 writes nothing");
   api_glGetShaderSource(vs, -1, &len, buf);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetShaderSource(prog, 8, &len, buf);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glShaderSource(vs, -1, parts, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glShaderSource(prog, 1, parts, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glShaderSource(777, 1, parts, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ_INT(shader_iv(vs, GL_SHADER_SOURCE_LENGTH), (GLint)strlen(whole) + 1);

   /* compiling: status and the compiler's log */
   api_glCompileShader(vs);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(shader_iv(vs, GL_COMPILE_STATUS), GL_TRUE);
   CHECK_EQ_INT(shader_iv(vs, GL_INFO_LOG_LENGTH), 0);
   api_glShaderSource(fs, 1, &fs_bad, NULL);
   api_glCompileShader(fs);
   CHECK_GL_ERROR(GL_NO_ERROR);   /* failing to compile is no GL error */
   CHECK_EQ_INT(shader_iv(fs, GL_COMPILE_STATUS), GL_FALSE);
   GLint loglen = shader_iv(fs, GL_INFO_LOG_LENGTH);
   char log[512] = "";
   api_glGetShaderInfoLog(fs, sizeof log, &len, log);
   CHECK(loglen > 1 && len == loglen - 1 && strstr(log, "error") && strstr(log, "undeclared"),
         "log %d/%d \"%s\"", len, loglen, log);
   api_glGetShaderInfoLog(fs, -2, &len, log);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetShaderInfoLog(prog, 8, &len, log);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glCompileShader(prog);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glCompileShader(0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* a GLSL ES shader is not for a desktop context */
   const char *es_src = "#version 100\nvoid main() { gl_FragColor = vec4(1.0); }\n";
   GLuint es = compiled_shader(GL_FRAGMENT_SHADER, es_src);
   CHECK_EQ_INT(shader_iv(es, GL_COMPILE_STATUS), GL_FALSE);
   api_glDeleteShader(es);
   /* recompiling a fixed source */
   api_glShaderSource(fs, 1, &fs_ok, NULL);
   api_glCompileShader(fs);
   CHECK_EQ_INT(shader_iv(fs, GL_COMPILE_STATUS), GL_TRUE);
   CHECK_EQ_INT(shader_iv(fs, GL_INFO_LOG_LENGTH), 0);

   /* attaching */
   api_glAttachShader(prog, vs);
   api_glAttachShader(prog, fs);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glAttachShader(prog, vs);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* already attached */
   api_glAttachShader(vs, fs);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* not a program */
   api_glAttachShader(prog, prog);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* not a shader */
   api_glAttachShader(prog, 4242);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glAttachShader(4242, vs);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ_INT(test_program_iv(prog, GL_ATTACHED_SHADERS), 2);
   GLuint att[4] = { 0, 0, 0, 0 };
   GLsizei n = -1;
   api_glGetAttachedShaders(prog, 4, &n, att);
   CHECK(n == 2 && att[0] == vs && att[1] == fs, "attached %d: %u %u", n, att[0], att[1]);
   att[0] = 0;
   api_glGetAttachedShaders(prog, 1, &n, att);
   CHECK(n == 1 && att[0] == vs && att[1] == fs, "maxCount 1");
   api_glGetAttachedShaders(prog, -1, &n, att);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetAttachedShaders(vs, 4, &n, att);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* deleting an attached shader: flagged, alive until detached */
   api_glDeleteShader(fs);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(api_glIsShader(fs), "an attached shader stays");
   CHECK_EQ_INT(shader_iv(fs, GL_DELETE_STATUS), GL_TRUE);
   api_glDetachShader(prog, fs);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(!api_glIsShader(fs), "detached: deleted");
   api_glDetachShader(prog, fs);
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* no such name any more */
   GLuint lone = api_glCreateShader(GL_FRAGMENT_SHADER);
   api_glDetachShader(prog, lone);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* not attached */
   api_glDeleteShader(lone);
   CHECK(!api_glIsShader(lone), "an unattached shader goes at once");
   api_glDeleteShader(0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDeleteShader(prog);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteProgram(vs);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteProgram(0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDeleteProgram(31337);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   /* a deleted program takes its flagged shaders along */
   api_glDeleteShader(vs);
   CHECK(api_glIsShader(vs), "attached");
   api_glDeleteProgram(prog);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(!api_glIsProgram(prog) && !api_glIsShader(vs), "program and its shader deleted");
}

/* Linking, use, validation, attribute and uniform queries up to what
 * needs a linked program; returns whether the linker links (then the
 * linked tests run). */
static bool
test_program_errors(void)
{
   GLuint prog = api_glCreateProgram();
   GLuint vs = compiled_shader(GL_VERTEX_SHADER, vs_ok);
   GLuint bad = compiled_shader(GL_FRAGMENT_SHADER, fs_bad);
   CHECK_EQ_INT(test_program_iv(prog, GL_DELETE_STATUS), GL_FALSE);
   CHECK_EQ_INT(test_program_iv(prog, GL_LINK_STATUS), GL_FALSE);
   CHECK_EQ_INT(test_program_iv(prog, GL_VALIDATE_STATUS), GL_FALSE);
   CHECK_EQ_INT(test_program_iv(prog, GL_INFO_LOG_LENGTH), 0);
   CHECK_EQ_INT(test_program_iv(prog, GL_ATTACHED_SHADERS), 0);
   CHECK_EQ_INT(test_program_iv(prog, GL_ACTIVE_ATTRIBUTES), 0);
   CHECK_EQ_INT(test_program_iv(prog, GL_ACTIVE_ATTRIBUTE_MAX_LENGTH), 0);
   CHECK_EQ_INT(test_program_iv(prog, GL_ACTIVE_UNIFORMS), 0);
   CHECK_EQ_INT(test_program_iv(prog, GL_ACTIVE_UNIFORM_MAX_LENGTH), 0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* bindings are checked when given */
   api_glBindAttribLocation(prog, 16, "a");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindAttribLocation(prog, 1, "gl_Color");
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindAttribLocation(vs, 1, "a");
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindAttribLocation(prog, 3, "a");
   api_glBindAttribLocation(prog, 4, "a");   /* re-bound: the last one counts */
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* a shader that did not compile makes the link fail */
   api_glAttachShader(prog, vs);
   api_glAttachShader(prog, bad);
   api_glLinkProgram(prog);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_program_iv(prog, GL_LINK_STATUS), GL_FALSE);
   char log[256] = "";
   GLsizei len = -1;
   api_glGetProgramInfoLog(prog, sizeof log, &len, log);
   char want[64];
   snprintf(want, sizeof want, "error: shader %u is not compiled\n", bad);
   CHECK(!strcmp(log, want), "link log \"%s\"", log);
   CHECK_EQ_INT(len, (GLint)strlen(want));
   CHECK_EQ_INT(test_program_iv(prog, GL_INFO_LOG_LENGTH), (GLint)strlen(want) + 1);
   api_glGetProgramInfoLog(prog, -1, &len, log);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glLinkProgram(vs);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glLinkProgram(0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   /* an unlinked program: not usable, no locations */
   api_glUseProgram(prog);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUseProgram(vs);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUseProgram(999);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glUseProgram(0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_get_int(GL_CURRENT_PROGRAM), 0);
   CHECK_EQ_INT(api_glGetAttribLocation(prog, "a"), -1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(api_glGetUniformLocation(prog, "c"), -1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(api_glGetUniformLocation(vs, "c"), -1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(api_glGetUniformLocation(555, "c"), -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLint size = -3;
   GLenum type = 0;
   api_glGetActiveUniform(prog, 0, sizeof log, &len, &size, &type, log);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetActiveAttrib(prog, 0, sizeof log, &len, &size, &type, log);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetActiveAttrib(vs, 0, sizeof log, &len, &size, &type, log);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK(size == -3 && type == 0, "nothing written");
   GLfloat f[16];
   api_glGetUniformfv(prog, 0, f);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLint iv[16];
   api_glGetUniformiv(vs, 0, iv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* no program in use: every glUniform is INVALID_OPERATION, even at -1 */
   api_glUniform1f(-1, 1.0f);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniform4fv(0, 1, f);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniformMatrix2x3fv(0, 1, GL_FALSE, f);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* validation of an unlinked program */
   api_glValidateProgram(prog);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_program_iv(prog, GL_VALIDATE_STATUS), GL_FALSE);
   api_glGetProgramInfoLog(prog, sizeof log, &len, log);
   CHECK(!strcmp(log, "error: the program is not linked\n"), "validate log \"%s\"", log);
   api_glValidateProgram(vs);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* with the shader fixed the program links if the linker exists */
   GLuint fs = compiled_shader(GL_FRAGMENT_SHADER, fs_ok);
   api_glDetachShader(prog, bad);
   api_glAttachShader(prog, fs);
   api_glLinkProgram(prog);
   CHECK_GL_ERROR(GL_NO_ERROR);
   bool linked = test_program_iv(prog, GL_LINK_STATUS) == GL_TRUE;
   if (!linked) {
      /* the state tracker keeps the linker's own log */
      api_glGetProgramInfoLog(prog, sizeof log, &len, log);
      CHECK(strstr(log, "error") != NULL, "a failed link says why: \"%s\"", log);
   }
   api_glDeleteShader(vs);
   api_glDeleteShader(fs);
   api_glDeleteShader(bad);
   api_glDeleteProgram(prog);
   CHECK_GL_ERROR(GL_NO_ERROR);
   return linked;
}

/* The ARB_shader_objects names of their own and the ES 2.0 commands. */
static void
test_arb_names_and_es(void)
{
   GLhandleARB s = api_glCreateShaderObjectARB(GL_VERTEX_SHADER_ARB);
   GLhandleARB p = api_glCreateProgramObjectARB();
   CHECK(s && p, "ARB objects");
   GLint v = -1;
   api_glGetObjectParameterivARB(s, GL_OBJECT_TYPE_ARB, &v);
   CHECK_EQ_INT(v, GL_SHADER_OBJECT_ARB);
   api_glGetObjectParameterivARB(s, GL_OBJECT_SUBTYPE_ARB, &v);
   CHECK_EQ_INT(v, GL_VERTEX_SHADER_ARB);
   api_glGetObjectParameterivARB(p, GL_OBJECT_TYPE_ARB, &v);
   CHECK_EQ_INT(v, GL_PROGRAM_OBJECT_ARB);
   GLfloat f = -1;
   api_glGetObjectParameterfvARB(p, GL_OBJECT_LINK_STATUS_ARB, &f);
   CHECK(f == 0.0f, "link status %f", (double)f);
   api_glGetObjectParameterivARB(p, GL_OBJECT_COMPILE_STATUS_ARB, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetObjectParameterivARB(9999, GL_OBJECT_TYPE_ARB, &v);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glAttachObjectARB(p, s);
   GLhandleARB objs[2] = { 0, 0 };
   GLsizei n = 0;
   api_glGetAttachedObjectsARB(p, 2, &n, objs);
   CHECK(n == 1 && objs[0] == s, "attached objects");
   CHECK_EQ_INT(api_glGetHandleARB(GL_PROGRAM_OBJECT_ARB), 0);
   CHECK_EQ_INT(api_glGetHandleARB(GL_VERTEX_SHADER_ARB), 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   char log[8] = "x";
   GLsizei len = -1;
   api_glGetInfoLogARB(s, sizeof log, &len, log);
   CHECK(len == 0 && log[0] == 0, "empty log");
   api_glDetachObjectARB(p, s);
   api_glDeleteObjectARB(s);
   api_glDeleteObjectARB(p);
   api_glDeleteObjectARB(0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(!api_glIsShader(s) && !api_glIsProgram(p), "deleted by glDeleteObjectARB");
   api_glDeleteObjectARB(s);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   /* ES 2.0 only: not in a desktop GL 2.1 context */
   GLint range[2] = { -1, -1 }, prec = -1;
   api_glGetShaderPrecisionFormat(GL_VERTEX_SHADER, GL_HIGH_FLOAT, range, &prec);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK(range[0] == -1 && prec == -1, "nothing written");
   api_glReleaseShaderCompiler();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glShaderBinary(0, NULL, 0, NULL, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
}

static void
attrib_fv(GLuint index, GLfloat out[4])
{
   out[0] = out[1] = out[2] = out[3] = -9.0f;
   api_glGetVertexAttribfv(index, GL_CURRENT_VERTEX_ATTRIB, out);
}

/* Generic attributes have their own state (GL 2.0: no aliasing). */
static void
test_generic_attribs(void)
{
   GLfloat v[4], c[4];
   api_glColor4f(0.25f, 0.5f, 0.75f, 1.0f);
   api_glVertexAttrib4f(3, 1.0f, 2.0f, 3.0f, 4.0f);
   attrib_fv(3, v);
   CHECK(v[0] == 1.0f && v[1] == 2.0f && v[2] == 3.0f && v[3] == 4.0f, "generic 3 %g %g %g %g",
         (double)v[0], (double)v[1], (double)v[2], (double)v[3]);
   api_glGetFloatv(GL_CURRENT_COLOR, c);
   CHECK(c[0] == 0.25f && c[1] == 0.5f && c[2] == 0.75f, "the colour is not generic 3");
   api_glColor4f(0.0f, 0.0f, 0.0f, 0.0f);
   attrib_fv(3, v);
   CHECK(v[0] == 1.0f, "glColor leaves generic 3");
   /* every generic, 1..15, its own slot; short forms fill (0, 0, 1) */
   for (GLuint i = 1; i < 16; i++)
      api_glVertexAttrib2f(i, (float)i, -(float)i);
   for (GLuint i = 1; i < 16; i++) {
      attrib_fv(i, v);
      CHECK(v[0] == (float)i && v[1] == -(float)i && v[2] == 0.0f && v[3] == 1.0f,
            "generic %u", i);
   }
   api_glVertexAttrib4Nub(5, 255, 0, 51, 255);
   attrib_fv(5, v);
   CHECK(v[0] == 1.0f && v[1] == 0.0f && v[2] == 0.2f && v[3] == 1.0f, "normalized ubytes");
   GLint iv[4];
   api_glVertexAttrib4f(7, 1.4f, 1.6f, -2.5f, 0.0f);
   api_glGetVertexAttribiv(7, GL_CURRENT_VERTEX_ATTRIB, iv);
   CHECK(iv[0] == 1 && iv[1] == 2, "float to int rounds: %d %d", iv[0], iv[1]);
   GLdouble dv[4];
   api_glGetVertexAttribdv(7, GL_CURRENT_VERTEX_ATTRIB, dv);
   CHECK(dv[2] == -2.5, "double query");
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* generic 0 is the vertex: no current value; 16 is no attribute */
   attrib_fv(0, v);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glVertexAttrib1f(16, 1.0f);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   attrib_fv(16, v);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetVertexAttribfv(1, GL_VERTEX_ARRAY_SIZE, v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* arrays: initial state, set, independent of the conventional arrays */
   GLint x = -1;
   api_glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_SIZE, &x);
   CHECK_EQ_INT(x, 4);
   api_glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_TYPE, &x);
   CHECK_EQ_INT(x, GL_FLOAT);
   api_glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED, &x);
   CHECK_EQ_INT(x, GL_FALSE);
   static const GLubyte data[8] = { 0 };
   api_glVertexAttribPointer(3, 2, GL_UNSIGNED_BYTE, GL_TRUE, 4, data);
   api_glEnableVertexAttribArray(3);
   api_glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &x);
   CHECK_EQ_INT(x, GL_TRUE);
   api_glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED, &x);
   CHECK_EQ_INT(x, GL_TRUE);
   api_glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_STRIDE, &x);
   CHECK_EQ_INT(x, 4);
   void *ptr = NULL;
   api_glGetVertexAttribPointerv(3, GL_VERTEX_ATTRIB_ARRAY_POINTER, &ptr);
   CHECK(ptr == data, "pointer");
   CHECK(!api_glIsEnabled(GL_COLOR_ARRAY), "the colour array is not generic 3's");
   api_glGetIntegerv(GL_COLOR_ARRAY_SIZE, &x);
   CHECK_EQ_INT(x, 4);
   api_glDisableVertexAttribArray(3);
   api_glEnableClientState(GL_NORMAL_ARRAY);
   api_glGetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &x);
   CHECK_EQ_INT(x, GL_FALSE);
   api_glDisableClientState(GL_NORMAL_ARRAY);
   api_glVertexAttribPointer(3, 5, GL_FLOAT, GL_FALSE, 0, data);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glVertexAttribPointer(3, 4, GL_FLOAT, GL_FALSE, -4, data);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glVertexAttribPointer(3, 4, GL_FIXED, GL_FALSE, 0, data);   /* ES 2 only */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glVertexAttribPointer(16, 4, GL_FLOAT, GL_FALSE, 0, data);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glEnableVertexAttribArray(16);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetVertexAttribPointerv(3, GL_VERTEX_ATTRIB_ARRAY_SIZE, &ptr);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* generic values are GL_CURRENT_BIT state */
   api_glVertexAttrib4f(9, 1, 1, 1, 1);
   api_glPushAttrib(GL_CURRENT_BIT);
   api_glVertexAttrib4f(9, 2, 2, 2, 2);
   api_glPopAttrib();
   attrib_fv(9, v);
   CHECK(v[0] == 1.0f, "popped generic 9: %g", (double)v[0]);

   /* compiled into a display list (through the current dispatch table,
    * which glNewList replaces), set when it runs */
   api_glNewList(1, GL_COMPILE);
   int slot = _glapi_get_proc_offset("glVertexAttrib4f");
   st_proc *table = (st_proc *)_glapi_get_dispatch();
   CHECK(slot >= 0 && table, "glVertexAttrib4f slot");
   if (slot >= 0 && table)
      ((void (GLAPIENTRY *)(GLuint, GLfloat, GLfloat, GLfloat, GLfloat))table[slot])(11, 8, 7, 6,
                                                                                    5);
   api_glEndList();
   attrib_fv(11, v);
   CHECK(v[0] == 11.0f, "not yet");
   api_glCallList(1);
   attrib_fv(11, v);
   CHECK(v[0] == 8.0f && v[3] == 5.0f, "list set generic 11: %g", (double)v[0]);
   api_glDeleteLists(1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static GLuint
arb_vp(const char *text)
{
   GLuint id = 0;
   api_glGenProgramsARB(1, &id);
   api_glBindProgramARB(GL_VERTEX_PROGRAM_ARB, id);
   api_glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                          (GLsizei)strlen(text), text);
   return id;
}

static void
quad(void)
{
   api_glBegin(GL_QUADS);
   api_glVertex2f(0, 0);
   api_glVertex2f(W, 0);
   api_glVertex2f(W, H);
   api_glVertex2f(0, H);
   api_glEnd();
}

/* vertex.attrib[3] and vertex.color are two inputs: a program reading one
 * sees what was given to it, not the other (piglit pos-array's rule). */
static void
test_arb_generic_inputs(void)
{
   static const char *generic3 =
      "!!ARBvp1.0\nPARAM m[4] = { state.matrix.mvp };\n"
      "DP4 result.position.x, m[0], vertex.position;\nDP4 result.position.y, m[1], vertex.position;\n"
      "DP4 result.position.z, m[2], vertex.position;\nDP4 result.position.w, m[3], vertex.position;\n"
      "MOV result.color, vertex.attrib[3];\nEND";
   static const char *color =
      "!!ARBvp1.0\nOPTION ARB_position_invariant;\nMOV result.color, vertex.color;\nEND";
   GLuint p1 = arb_vp(generic3);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glEnable(GL_VERTEX_PROGRAM_ARB);
   api_glColor3f(1, 0, 0);
   api_glVertexAttrib4f(3, 0, 1, 0, 1);
   quad();
   CHECK_PX_RGB(W / 2, H / 2, 0, 255, 0, 0);
   GLuint p2 = arb_vp(color);
   quad();
   CHECK_PX_RGB(W / 2, H / 2, 255, 0, 0, 0);

   /* arrays: generic array 3 and the colour array side by side */
   static const GLfloat pos[8] = { 0, 0, W, 0, W, H, 0, H };
   static const GLfloat blue[16] = { 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1 };
   static const GLubyte white[16] = { 255, 255, 255, 255, 255, 255, 255, 255,
                                      255, 255, 255, 255, 255, 255, 255, 255 };
   api_glVertexPointer(2, GL_FLOAT, 0, pos);
   api_glEnableClientState(GL_VERTEX_ARRAY);
   api_glColorPointer(4, GL_FLOAT, 0, blue);
   api_glEnableClientState(GL_COLOR_ARRAY);
   api_glVertexAttribPointer(3, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, white);
   api_glEnableVertexAttribArray(3);
   api_glDrawArrays(GL_QUADS, 0, 4);
   CHECK_PX_RGB(W / 2, H / 2, 0, 0, 255, 0);   /* p2 reads the colour array */
   api_glBindProgramARB(GL_VERTEX_PROGRAM_ARB, p1);
   api_glDrawArrays(GL_QUADS, 0, 4);
   CHECK_PX_RGB(W / 2, H / 2, 255, 255, 255, 0);   /* p1 the generic one */
   /* generic array 0 gives the positions, ahead of the vertex array */
   static const GLfloat half[8] = { 0, 0, W / 2, 0, W / 2, H, 0, H };
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, half);
   api_glEnableVertexAttribArray(0);
   api_glDrawArrays(GL_QUADS, 0, 4);
   CHECK_PX_RGB(W / 4, H / 2, 255, 255, 255, 0);
   CHECK_PX_RGB(3 * W / 4, H / 2, 0, 0, 0, 0);
   api_glDisableVertexAttribArray(0);
   api_glDisableVertexAttribArray(3);
   api_glDisableClientState(GL_COLOR_ARRAY);
   api_glDisableClientState(GL_VERTEX_ARRAY);
   api_glDisable(GL_VERTEX_PROGRAM_ARB);
   api_glDeleteProgramsARB(1, &p1);
   api_glDeleteProgramsARB(1, &p2);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* ---- linked programs (need branch glsl-link's linker) ---------------------- */

static GLuint
link_program(const char *vs_src, const char *fs_src)
{
   GLuint p = api_glCreateProgram();
   if (vs_src) {
      GLuint s = compiled_shader(GL_VERTEX_SHADER, vs_src);
      CHECK_EQ_INT(shader_iv(s, GL_COMPILE_STATUS), GL_TRUE);
      api_glAttachShader(p, s);
      api_glDeleteShader(s);
   }
   if (fs_src) {
      GLuint s = compiled_shader(GL_FRAGMENT_SHADER, fs_src);
      CHECK_EQ_INT(shader_iv(s, GL_COMPILE_STATUS), GL_TRUE);
      api_glAttachShader(p, s);
      api_glDeleteShader(s);
   }
   api_glLinkProgram(p);
   if (test_program_iv(p, GL_LINK_STATUS) != GL_TRUE) {
      char log[512] = "";
      api_glGetProgramInfoLog(p, sizeof log, NULL, log);
      CHECK(0, "link failed: %s", log);
   }
   return p;
}

/* Every uniform type through glUniform* and back through glGetUniform*,
 * with GL 2.1's type, size and count rules; one colour uniform drawn. */
static void
test_uniforms(void)
{
   static const char *fs =
      "#version 120\n"
      "uniform float uf; uniform vec2 u2; uniform vec3 u3; uniform vec4 c;\n"
      "uniform int ui; uniform ivec3 ui3; uniform bool ub; uniform bvec2 ub2;\n"
      "uniform mat2 m2; uniform mat3 m3; uniform mat4 m4; uniform mat2x3 m23;\n"
      "uniform mat4x3 m43; uniform float arr[3]; uniform sampler2D s; uniform float scale;\n"
      "void main() {\n"
      "   vec4 t = vec4(uf, u2, 0.0) + vec4(u3, float(ui)) + vec4(vec3(ui3), 0.0);\n"
      "   if (ub || ub2.x || ub2.y) t += vec4(1.0);\n"
      "   t += vec4(m2[1], m3[2].xy) + m4[3] + vec4(m23[1], 0.0) + vec4(m43[3], 0.0);\n"
      "   t += vec4(arr[0], arr[1], arr[2], 0.0) + texture2D(s, vec2(0.5));\n"
      "   gl_FragColor = c + scale * t;\n"
      "}\n";
   GLuint p = link_program(NULL, fs);
   api_glUseProgram(p);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_get_int(GL_CURRENT_PROGRAM), (GLint)p);
   CHECK_EQ_INT(test_program_iv(p, GL_ACTIVE_UNIFORMS), 16);
   CHECK_EQ_INT(test_program_iv(p, GL_ACTIVE_UNIFORM_MAX_LENGTH), (GLint)sizeof "arr[0]");
   /* "arr" is listed as "arr[0]" of size 3 */
   bool found = false;
   for (GLuint i = 0; i < 16; i++) {
      char name[32] = "";
      GLint size = 0;
      GLenum type = 0;
      api_glGetActiveUniform(p, i, sizeof name, NULL, &size, &type, name);
      if (!strcmp(name, "arr[0]"))
         found = size == 3 && type == GL_FLOAT;
      if (!strcmp(name, "m43"))
         CHECK(size == 1 && type == GL_FLOAT_MAT4x3, "m43 %d 0x%x", size, type);
   }
   CHECK(found, "arr[0] of size 3");
   api_glGetActiveUniform(p, 16, 8, NULL, NULL, NULL, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLint L_uf = api_glGetUniformLocation(p, "uf"), L_c = api_glGetUniformLocation(p, "c");
   GLint L_ui = api_glGetUniformLocation(p, "ui"), L_ub2 = api_glGetUniformLocation(p, "ub2");
   GLint L_m23 = api_glGetUniformLocation(p, "m23"), L_arr1 = api_glGetUniformLocation(p, "arr[1]");
   GLint L_arr = api_glGetUniformLocation(p, "arr"), L_s = api_glGetUniformLocation(p, "s");
   GLint L_scale = api_glGetUniformLocation(p, "scale");
   CHECK(L_uf >= 0 && L_c >= 0 && L_ui >= 0 && L_ub2 >= 0 && L_m23 >= 0 && L_arr1 >= 0 &&
         L_arr >= 0 && L_s >= 0 && L_scale >= 0, "locations");
   CHECK_EQ_INT(api_glGetUniformLocation(p, "nope"), -1);
   CHECK_EQ_INT(api_glGetUniformLocation(p, "gl_ModelViewMatrix"), -1);
   CHECK_GL_ERROR(GL_NO_ERROR);

   GLfloat f[16];
   GLint iv[16];
   api_glUniform1f(L_uf, 2.5f);
   api_glGetUniformfv(p, L_uf, f);
   CHECK(f[0] == 2.5f, "uf %g", (double)f[0]);
   api_glUniform1i(L_ui, -7);
   api_glGetUniformiv(p, L_ui, iv);
   CHECK_EQ_INT(iv[0], -7);
   api_glGetUniformfv(p, L_ui, f);
   CHECK(f[0] == -7.0f, "int as float");
   /* bools from either form: non-zero is true */
   api_glUniform2f(L_ub2, 0.0f, -0.5f);
   api_glGetUniformiv(p, L_ub2, iv);
   CHECK(iv[0] == 0 && iv[1] == 1, "bvec2 from floats %d %d", iv[0], iv[1]);
   api_glUniform2i(L_ub2, 5, 0);
   api_glGetUniformfv(p, L_ub2, f);
   CHECK(f[0] == 1.0f && f[1] == 0.0f, "bvec2 from ints");
   /* mat2x3: 2 columns of 3; transposed input is row by row */
   static const GLfloat cm[6] = { 1, 2, 3, 4, 5, 6 };
   api_glUniformMatrix2x3fv(L_m23, 1, GL_FALSE, cm);
   api_glGetUniformfv(p, L_m23, f);
   CHECK(f[0] == 1 && f[2] == 3 && f[3] == 4 && f[5] == 6, "mat2x3 columns");
   static const GLfloat rm[6] = { 1, 4, 2, 5, 3, 6 };
   memset(f, 0, sizeof f);
   api_glUniformMatrix2x3fv(L_m23, 1, GL_TRUE, rm);
   api_glGetUniformfv(p, L_m23, f);
   CHECK(f[0] == 1 && f[1] == 2 && f[3] == 4 && f[5] == 6, "mat2x3 transposed");
   /* arrays: from element 1, the rest dropped past the end */
   static const GLfloat a3[3] = { 7, 8, 9 };
   api_glUniform1fv(L_arr, 3, a3);
   api_glUniform1fv(L_arr1, 5, a3);
   api_glGetUniformfv(p, L_arr, f);
   CHECK(f[0] == 7.0f, "arr[0]");
   api_glGetUniformfv(p, L_arr1 + 1, f);
   CHECK(f[0] == 8.0f, "arr[2] = %g", (double)f[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* errors: type, size, count, samplers, locations */
   api_glUniform1i(L_uf, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniform1f(L_ui, 1.0f);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniform3f(L_c, 1, 1, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniform4fv(L_c, 2, f);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* count > 1, not an array */
   api_glUniform4fv(L_c, -1, f);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glUniformMatrix3x2fv(L_m23, 1, GL_FALSE, f);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniform1f(L_s, 1.0f);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* samplers: glUniform1i{v} only */
   api_glUniform1i(L_s, 48);   /* MAX_COMBINED_TEXTURE_IMAGE_UNITS */
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glUniform1i(L_s, 3);
   api_glGetUniformiv(p, L_s, iv);
   CHECK_EQ_INT(iv[0], 3);
   api_glUniform1f(-1, 1.0f);
   CHECK_GL_ERROR(GL_NO_ERROR);   /* -1 is ignored */
   api_glUniform1f(12345, 1.0f);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetUniformfv(p, 12345, f);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* the colour uniform reaches the pixels; unit 3 has no texture */
   api_glUniform1f(L_scale, 0.0f);
   api_glUniform4f(L_c, 0.0f, 1.0f, 0.5f, 1.0f);
   quad();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGB(W / 2, H / 2, 0, 255, 128, 1);

   /* glUniform is compiled into display lists (GL 2.1 section 5.4), through
    * the dispatch table glNewList replaces */
   static const GLfloat blue[4] = { 0.0f, 0.0f, 1.0f, 1.0f };
   api_glNewList(2, GL_COMPILE);
   st_proc *table = (st_proc *)_glapi_get_dispatch();
   int slot = _glapi_get_proc_offset("glUniform4fv");
   if (table && slot >= 0)
      ((void (GLAPIENTRY *)(GLint, GLsizei, const GLfloat *))table[slot])(L_c, 1, blue);
   api_glEndList();
   api_glGetUniformfv(p, L_c, f);
   CHECK(f[1] == 1.0f && f[2] == 0.5f, "compiled, not executed");
   api_glCallList(2);
   api_glGetUniformfv(p, L_c, f);
   CHECK(f[1] == 0.0f && f[2] == 1.0f, "set by the list");
   api_glDeleteLists(2, 1);
   api_glUniform4f(L_c, 0.0f, 1.0f, 0.5f, 1.0f);

   /* deleting the program in use: flagged, still current, gone at the
    * next glUseProgram */
   api_glDeleteProgram(p);
   CHECK(api_glIsProgram(p) && test_program_iv(p, GL_DELETE_STATUS) == GL_TRUE, "in use");
   quad();
   CHECK_PX_RGB(W / 2, H / 2, 0, 255, 128, 1);
   api_glUseProgram(0);
   CHECK(!api_glIsProgram(p), "deleted once unused");
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* gl_FragData[0] and [1] to two draw buffers, when the compiler lets a
 * shader index gl_FragData past 0 (its gl_MaxDrawBuffers is the spec's
 * minimum, 1, in GLSL 1.10/1.20 today: docs/gl2-api.md). */
static void
test_frag_data(GLuint vs_shader)
{
   static const char *fs =
      "void main() { gl_FragData[0] = vec4(1.0, 0.0, 0.0, 1.0);\n"
      "              gl_FragData[1] = vec4(0.0, 0.0, 1.0, 1.0); }\n";
   GLuint s = compiled_shader(GL_FRAGMENT_SHADER, fs);
   if (shader_iv(s, GL_COMPILE_STATUS) != GL_TRUE) {
      printf("st_test_glsl: NOTE: gl_FragData[1] does not compile (gl_MaxDrawBuffers 1): "
             "skipped\n");
      api_glDeleteShader(s);
      return;
   }
   GLuint p = api_glCreateProgram();
   api_glAttachShader(p, vs_shader);
   api_glAttachShader(p, s);
   api_glLinkProgram(p);
   CHECK_EQ_INT(test_program_iv(p, GL_LINK_STATUS), GL_TRUE);
   api_glUseProgram(p);
   quad();
   api_glReadBuffer(GL_COLOR_ATTACHMENT0);
   CHECK_PX_RGB(W / 2, H / 2, 255, 0, 0, 0);
   api_glReadBuffer(GL_COLOR_ATTACHMENT1);
   CHECK_PX_RGB(W / 2, H / 2, 0, 0, 255, 0);
   api_glUseProgram(0);
   api_glDeleteShader(s);
   api_glDeleteProgram(p);
}

/* A generic attribute bound by name, conventional attributes, a user
 * varying, gl_TexCoord, a sampler on unit 2 and gl_FragColor to two draw
 * buffers of a framebuffer object; pixels against values computed here. */
static void
test_draw_buffers_and_attributes(void)
{
   static const char *vs =
      "attribute vec4 g;\nvarying vec4 vg;\n"
      "void main() {\n"
      "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
      "   vg = g;\n"
      "   gl_TexCoord[0] = gl_MultiTexCoord0;\n"
      "   gl_FrontColor = gl_Color;\n"
      "}\n";
   static const char *fs =
      "uniform sampler2D tex;\nvarying vec4 vg;\n"
      "void main() {\n"
      "   gl_FragColor = vg * texture2D(tex, gl_TexCoord[0].st) + gl_Color;\n"
      "}\n";
   GLuint p = api_glCreateProgram();
   GLuint s1 = compiled_shader(GL_VERTEX_SHADER, vs), s2 = compiled_shader(GL_FRAGMENT_SHADER, fs);
   api_glAttachShader(p, s1);
   api_glAttachShader(p, s2);
   api_glBindAttribLocation(p, 5, "g");
   api_glLinkProgram(p);
   CHECK_EQ_INT(test_program_iv(p, GL_LINK_STATUS), GL_TRUE);
   CHECK_EQ_INT(api_glGetAttribLocation(p, "g"), 5);
   CHECK_EQ_INT(api_glGetAttribLocation(p, "gl_Color"), -1);
   CHECK_EQ_INT(test_program_iv(p, GL_ACTIVE_ATTRIBUTES), 4);   /* g, gl_Vertex, gl_MultiTexCoord0, gl_Color */
   api_glUseProgram(p);
   api_glUniform1i(api_glGetUniformLocation(p, "tex"), 2);

   /* two RGBA8 colour attachments */
   GLuint tex[3], fbo;
   api_glGenTextures(3, tex);
   for (unsigned i = 0; i < 2; i++) {
      api_glBindTexture(GL_TEXTURE_2D, tex[i]);
      api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   }
   api_glGenFramebuffers(1, &fbo);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex[1], 0);
   static const GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
   api_glDrawBuffers(2, bufs);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);

   /* the sampled texture: one texel (255, 128, 0, 255) on unit 2 */
   static const GLubyte texel[4] = { 255, 128, 0, 255 };
   api_glActiveTexture(GL_TEXTURE2);
   api_glBindTexture(GL_TEXTURE_2D, tex[2]);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glActiveTexture(GL_TEXTURE0);
   api_glVertexAttrib4f(5, 1.0f, 0.5f, 1.0f, 1.0f);
   api_glColor4f(0.0f, 0.0f, 1.0f, 1.0f);
   api_glMultiTexCoord2f(GL_TEXTURE0, 0.5f, 0.5f);
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   quad();
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* both buffers: g * texel + colour = (1, 0.5 * 128 / 255, 1) */
   api_glReadBuffer(GL_COLOR_ATTACHMENT0);
   CHECK_PX_RGB(W / 2, H / 2, 255, 64, 255, 1);
   api_glReadBuffer(GL_COLOR_ATTACHMENT1);
   CHECK_PX_RGB(W / 2, H / 2, 255, 64, 255, 1);
   /* a unit without a texture samples (0, 0, 0, 1) */
   api_glUniform1i(api_glGetUniformLocation(p, "tex"), 3);
   quad();
   api_glReadBuffer(GL_COLOR_ATTACHMENT0);
   CHECK_PX_RGB(W / 2, H / 2, 0, 0, 255, 0);
   test_frag_data(s1);
   api_glUseProgram(p);

   /* relinking the program in use installs the new executable; its
    * uniforms start over (unit 0) */
   api_glLinkProgram(p);
   CHECK_EQ_INT(test_program_iv(p, GL_LINK_STATUS), GL_TRUE);
   GLint unit = -1;
   api_glGetUniformiv(p, api_glGetUniformLocation(p, "tex"), &unit);
   CHECK_EQ_INT(unit, 0);
   api_glUseProgram(0);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fbo);
   api_glDeleteTextures(3, tex);
   api_glDeleteShader(s1);
   api_glDeleteShader(s2);
   api_glDeleteProgram(p);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Vertex texture fetch: a vertex shader samples unit 1 with an explicit
 * LOD and hands the texel on as its colour; the fragment stage is fixed
 * function.  GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS says it exists. */
static void
test_vertex_texture(void)
{
   CHECK_EQ_INT(test_get_int(GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS), 16);
   static const char *vs =
      "uniform sampler2D vt;\n"
      "void main() {\n"
      "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
      "   gl_FrontColor = texture2DLod(vt, vec2(0.5), 0.0);\n"
      "}\n";
   GLuint p = api_glCreateProgram();
   GLuint s1 = compiled_shader(GL_VERTEX_SHADER, vs);
   api_glAttachShader(p, s1);
   api_glLinkProgram(p);
   CHECK_EQ_INT(test_program_iv(p, GL_LINK_STATUS), GL_TRUE);
   api_glUseProgram(p);
   api_glUniform1i(api_glGetUniformLocation(p, "vt"), 1);
   static const GLubyte texel[4] = { 32, 200, 96, 255 };
   GLuint tex;
   api_glGenTextures(1, &tex);
   api_glActiveTexture(GL_TEXTURE1);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glActiveTexture(GL_TEXTURE0);
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   quad();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGB(W / 2, H / 2, 32, 200, 96, 1);
   api_glUseProgram(0);
   api_glDeleteTextures(1, &tex);
   api_glDeleteShader(s1);
   api_glDeleteProgram(p);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* glRasterPos runs the vertex shader (GL 2.1 section 2.13): its position,
 * front colour and gl_TexCoord[1], with a uniform and a generic attribute. */
static void
test_raster_pos(void)
{
   static const char *vs =
      "uniform vec4 off;\nattribute vec4 col;\n"
      "void main() {\n"
      "   gl_Position = gl_Vertex * 0.5 + off;\n"
      "   gl_FrontColor = col;\n"
      "   gl_TexCoord[1] = vec4(4.0, 3.0, 2.0, 1.0);\n"
      "}\n";
   GLuint p = api_glCreateProgram();
   GLuint s = compiled_shader(GL_VERTEX_SHADER, vs);
   api_glAttachShader(p, s);
   api_glBindAttribLocation(p, 7, "col");
   api_glLinkProgram(p);
   CHECK_EQ_INT(test_program_iv(p, GL_LINK_STATUS), GL_TRUE);
   api_glUseProgram(p);
   api_glUniform4f(api_glGetUniformLocation(p, "off"), 0.25f, 0.0f, 0.0f, 0.0f);
   api_glVertexAttrib4f(7, 0.0f, 0.5f, 1.0f, 0.25f);
   api_glRasterPos4f(0.5f, -1.0f, 0.0f, 2.0f);
   /* clip (0.5, -0.5, 0, 1): window (W * 0.75, H * 0.25, 0.5) */
   GLfloat pos[4], col[4], tc[4];
   GLboolean valid = GL_FALSE;
   api_glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
   api_glGetFloatv(GL_CURRENT_RASTER_POSITION, pos);
   api_glGetFloatv(GL_CURRENT_RASTER_COLOR, col);
   api_glActiveTexture(GL_TEXTURE1);
   api_glGetFloatv(GL_CURRENT_RASTER_TEXTURE_COORDS, tc);
   api_glActiveTexture(GL_TEXTURE0);
   CHECK(valid, "raster position valid");
   CHECK(pos[0] == W * 0.75f && pos[1] == H * 0.25f && pos[2] == 0.5f,
         "raster position %g %g %g", (double)pos[0], (double)pos[1], (double)pos[2]);
   CHECK(col[0] == 0.0f && col[1] == 0.5f && col[2] == 1.0f && col[3] == 0.25f,
         "raster colour %g %g %g %g", (double)col[0], (double)col[1], (double)col[2],
         (double)col[3]);
   CHECK(tc[0] == 4.0f && tc[3] == 1.0f, "raster texture coordinates %g %g", (double)tc[0],
         (double)tc[3]);
   api_glRasterPos2f(4.0f, 0.0f);   /* clip x 2.25: outside */
   api_glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
   CHECK(!valid, "clipped raster position");
   api_glUseProgram(0);
   api_glDeleteShader(s);
   api_glDeleteProgram(p);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* User clip planes with a vertex shader clip gl_ClipVertex (eye space, GL
 * 2.1 section 2.17), also when it differs from the position; none without
 * it. */
static void
test_clip_vertex(void)
{
   static const char *vs =
      "uniform vec4 shift;\n"
      "void main() {\n"
      "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
      "   gl_ClipVertex = gl_ModelViewMatrix * gl_Vertex + shift;\n"
      "   gl_FrontColor = vec4(0.0, 1.0, 0.0, 1.0);\n"
      "}\n";
   static const char *vs_no_clip =
      "void main() { gl_Position = ftransform(); gl_FrontColor = vec4(0.0, 0.0, 1.0, 1.0); }\n";
   GLuint p = api_glCreateProgram(), q = api_glCreateProgram();
   GLuint s = compiled_shader(GL_VERTEX_SHADER, vs), t = compiled_shader(GL_VERTEX_SHADER, vs_no_clip);
   api_glAttachShader(p, s);
   api_glAttachShader(q, t);
   api_glLinkProgram(p);
   api_glLinkProgram(q);
   CHECK_EQ_INT(test_program_iv(p, GL_LINK_STATUS), GL_TRUE);
   CHECK_EQ_INT(test_program_iv(q, GL_LINK_STATUS), GL_TRUE);
   /* keep x >= 8 (eye space: the modelview is the identity) */
   static const GLdouble plane[4] = { 1.0, 0.0, 0.0, -8.0 };
   api_glClipPlane(GL_CLIP_PLANE0, plane);
   api_glEnable(GL_CLIP_PLANE0);
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glUseProgram(p);
   GLint shift = api_glGetUniformLocation(p, "shift");
   api_glUniform4f(shift, 0.0f, 0.0f, 0.0f, 0.0f);
   quad();
   CHECK_PX_RGB(4, H / 2, 0, 0, 0, 0);
   CHECK_PX_RGB(12, H / 2, 0, 255, 0, 0);
   /* the clip vertex moved 4 to the right: x >= 4 of the position stays */
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glUniform4f(shift, 4.0f, 0.0f, 0.0f, 0.0f);
   quad();
   CHECK_PX_RGB(2, H / 2, 0, 0, 0, 0);
   CHECK_PX_RGB(6, H / 2, 0, 255, 0, 0);
   /* disabled plane: nothing clipped */
   api_glDisable(GL_CLIP_PLANE0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   quad();
   CHECK_PX_RGB(1, H / 2, 0, 255, 0, 0);
   /* a shader without gl_ClipVertex: user planes do not apply */
   api_glEnable(GL_CLIP_PLANE0);
   api_glUseProgram(q);
   quad();
   CHECK_PX_RGB(1, H / 2, 0, 0, 255, 0);
   api_glDisable(GL_CLIP_PLANE0);
   api_glUseProgram(0);
   api_glDeleteShader(s);
   api_glDeleteShader(t);
   api_glDeleteProgram(p);
   api_glDeleteProgram(q);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* GL_VERTEX_PROGRAM_TWO_SIDE with a shader writing only gl_BackColor:
 * back faces take it (the draw path adds the front slot, st_glsl.c). */
static void
test_back_color_only(void)
{
   static const char *vs =
      "void main() { gl_Position = ftransform(); gl_BackColor = vec4(1.0, 0.0, 1.0, 1.0); }\n";
   GLuint p = api_glCreateProgram(), s = compiled_shader(GL_VERTEX_SHADER, vs);
   api_glAttachShader(p, s);
   api_glLinkProgram(p);
   CHECK_EQ_INT(test_program_iv(p, GL_LINK_STATUS), GL_TRUE);
   api_glUseProgram(p);
   api_glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBegin(GL_QUADS);   /* clockwise: back-facing */
   api_glVertex2f(0, 0);
   api_glVertex2f(0, H);
   api_glVertex2f(W, H);
   api_glVertex2f(W, 0);
   api_glEnd();
   CHECK_PX_RGB(W / 2, H / 2, 255, 0, 255, 0);
   api_glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);
   api_glUseProgram(0);
   api_glDeleteShader(s);
   api_glDeleteProgram(p);
   CHECK_GL_ERROR(GL_NO_ERROR);
}


/* shadow2D's result follows the unit's GL_DEPTH_TEXTURE_MODE (GLSL 1.20
 * section 8.7): a 4x4 depth texture of 0.5 compared with 0.75 (LEQUAL:
 * passes, r = 1) on unit 1, the sampler uniform set to 1 */
static void
test_shadow_depth_mode(void)
{
   GLfloat depth[16];
   for (unsigned i = 0; i < 16; i++)
      depth[i] = 0.5f;
   GLuint tex;
   api_glGenTextures(1, &tex);
   api_glActiveTexture(GL_TEXTURE1);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 4, 4, 0, GL_DEPTH_COMPONENT,
                    GL_FLOAT, depth);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
   api_glActiveTexture(GL_TEXTURE0);
   GLuint p = link_program(NULL, "uniform sampler2DShadow s;\n"
                                 "void main() { gl_FragColor = shadow2D(s, vec3(0.5, 0.5, 0.25))\n"
                                 "  * vec4(1.0, 0.5, 0.25, 0.75); }\n");
   api_glUseProgram(p);
   api_glUniform1i(api_glGetUniformLocation(p, "s"), 1);
   static const struct {
      GLenum mode;
      int r, g, b, a;
   } cases[] = {
      { GL_LUMINANCE, 255, 128, 64, 191 },
      { GL_INTENSITY, 255, 128, 64, 191 },
      { GL_ALPHA, 0, 0, 0, 191 },
      { GL_RED, 255, 0, 0, 191 },   /* ARB_texture_rg: (r, 0, 0, 1) */
   };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      api_glActiveTexture(GL_TEXTURE1);
      api_glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, (GLint)cases[i].mode);
      api_glActiveTexture(GL_TEXTURE0);
      quad();
      CHECK_PX_RGB(W / 2, H / 2, cases[i].r, cases[i].g, cases[i].b, 1);
      GLubyte px[4];
      test_read_px(W / 2, H / 2, px);
      CHECK(abs(px[3] - cases[i].a) <= 1, "mode 0x%x alpha %u", cases[i].mode, px[3]);
   }
   api_glUseProgram(0);
   api_glDeleteProgram(p);

   /* an array texture: its view leaves the comparison result alone too
    * (an ALPHA-mode swizzle made the result 0 before the expansion) */
   api_glDeleteTextures(1, &tex);
   api_glGenTextures(1, &tex);
   api_glActiveTexture(GL_TEXTURE1);
   api_glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, tex);
   api_glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_DEPTH_COMPONENT24, 4, 4, 1, 0,
                    GL_DEPTH_COMPONENT, GL_FLOAT, depth);
   api_glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
   api_glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
   api_glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_DEPTH_TEXTURE_MODE, GL_ALPHA);
   api_glActiveTexture(GL_TEXTURE0);
   p = link_program(NULL, "#extension GL_EXT_texture_array : enable\n"
                          "uniform sampler2DArrayShadow s;\n"
                          "void main() { gl_FragColor = shadow2DArray(s, vec4(0.5, 0.5, 0.0, 0.25))\n"
                          "  * vec4(1.0, 0.5, 0.25, 0.75); }\n");
   api_glUseProgram(p);
   api_glUniform1i(api_glGetUniformLocation(p, "s"), 1);
   quad();
   CHECK_PX_RGB(W / 2, H / 2, 0, 0, 0, 1);
   GLubyte apx[4];
   test_read_px(W / 2, H / 2, apx);
   CHECK(abs(apx[3] - 191) <= 1, "2D array ALPHA mode alpha %u", apx[3]);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteTextures(1, &tex);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* GL_ARB_shader_texture_lod on refpipe: an 8x8 texture whose levels are
 * red, green, blue and white (NEAREST_MIPMAP_NEAREST); the 16x16 quad
 * would pick level 0 by itself, texture2DLod and texture2DGradARB pick
 * the level they are told */
static void
test_shader_texture_lod(void)
{
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_ARB_shader_texture_lod"), "GL_ARB_shader_texture_lod listed");
   static const GLubyte colors[4][4] = { { 255, 0, 0, 255 }, { 0, 255, 0, 255 },
                                         { 0, 0, 255, 255 }, { 255, 255, 255, 255 } };
   GLubyte texels[64 * 4];
   GLuint tex;
   api_glGenTextures(1, &tex);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   for (unsigned lv = 0, size = 8; lv < 4; lv++, size /= 2) {
      for (unsigned i = 0; i < size * size; i++)
         memcpy(texels + 4 * i, colors[lv], 4);
      api_glTexImage2D(GL_TEXTURE_2D, (GLint)lv, GL_RGBA8, (GLsizei)size, (GLsizei)size, 0,
                       GL_RGBA, GL_UNSIGNED_BYTE, texels);
   }
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* without the directive the fragment shader may not call texture2DLod */
   GLuint bad = compiled_shader(GL_FRAGMENT_SHADER,
                                "uniform sampler2D s;\n"
                                "void main() { gl_FragColor = texture2DLod(s, vec2(0.5), 1.0); }\n");
   CHECK_EQ_INT(shader_iv(bad, GL_COMPILE_STATUS), GL_FALSE);
   api_glDeleteShader(bad);
   static const struct {
      const char *expr;
      unsigned level;
   } cases[] = {
      { "texture2D(s, gl_TexCoord[0].xy)", 0 /* 8 texels over 16 pixels: magnified */ },
      { "texture2DLod(s, gl_TexCoord[0].xy, 2.0)", 2 },
      { "texture2DLod(s, gl_TexCoord[0].xy, 7.0)", 3 /* clamped to the last level */ },
      { "texture2DProjLod(s, vec3(gl_TexCoord[0].xy * 2.0, 2.0), 1.0)", 1 },
      /* one texel per pixel is level 0, 2 is level 1, 4 is level 2 */
      { "texture2DGradARB(s, gl_TexCoord[0].xy, vec2(0.25, 0.0), vec2(0.0, 0.25))", 1 },
      { "texture2DGradARB(s, gl_TexCoord[0].xy, vec2(0.0), vec2(0.0, 0.5))", 2 },
      { "texture2DProjGradARB(s, vec4(gl_TexCoord[0].xy, 0.0, 1.0), vec2(1.0), vec2(1.0))", 3 },
   };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      char fs[512];
      snprintf(fs, sizeof fs,
               "#extension GL_ARB_shader_texture_lod : require\nuniform sampler2D s;\n"
               "void main() { gl_FragColor = %s; }\n", cases[i].expr);
      GLuint p = link_program("void main() { gl_Position = ftransform();\n"
                              "  gl_TexCoord[0] = gl_MultiTexCoord0; }\n", fs);
      api_glUseProgram(p);
      api_glBegin(GL_QUADS);
      api_glTexCoord2f(0, 0);
      api_glVertex2f(0, 0);
      api_glTexCoord2f(1, 0);
      api_glVertex2f(W, 0);
      api_glTexCoord2f(1, 1);
      api_glVertex2f(W, H);
      api_glTexCoord2f(0, 1);
      api_glVertex2f(0, H);
      api_glEnd();
      const GLubyte *c = colors[cases[i].level];
      CHECK_PX_RGB(W / 2 + 1, H / 2 + 1, c[0], c[1], c[2], 0);
      api_glUseProgram(0);
      api_glDeleteProgram(p);
   }
   api_glDeleteTextures(1, &tex);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* ES 2.0's extensions beyond the core: GL_OES_mapbuffer (write-only maps of
 * the vertex/index buffers), GL_OES_vertex_half_float (its own type enum)
 * and GL_EXT_frag_depth (gl_FragDepthEXT), drawn together: a quad whose
 * half-float positions were written through a mapped buffer, its depth
 * from the shader decides which of two draws stays. */
static void
test_es2_extensions(struct test_env *e)
{
   /* desktop GL: GL_HALF_FLOAT_OES is no vertex type there */
   static const float client[8];
   api_glVertexAttribPointer(1, 2, ST_GL_HALF_FLOAT_OES, GL_FALSE, 0, client);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   struct st_context_attribs attribs = { ST_PROFILE_GLES2, 2, 0, 0, &e->d.base.visual };
   enum st_context_error err;
   struct st_context *es = st_context_create(e->screen, &attribs, NULL, &err);
   CHECK(es != NULL, "ES 2 context");
   if (!es)
      return;
   CHECK(st_make_current(es, &e->d.base, &e->d.base), "ES current");
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_OES_mapbuffer") && strstr(ext, "GL_EXT_frag_depth") &&
         strstr(ext, "GL_OES_vertex_half_float"), "ES 2 extensions: %s", ext ? ext : "(null)");

   GLuint buf;
   api_glGenBuffers(1, &buf);
   api_glBindBuffer(GL_ARRAY_BUFFER, buf);
   api_glBufferData(GL_ARRAY_BUFFER, 16, NULL, GL_STATIC_DRAW);
   GLint v = -1;
   api_glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS, &v);
   CHECK_EQ_INT(v, GL_WRITE_ONLY);   /* the OES default */
   CHECK(api_glMapBufferOES(GL_ARRAY_BUFFER, GL_READ_ONLY) == NULL, "read-only map");
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK(api_glMapBufferOES(GL_PIXEL_PACK_BUFFER, GL_WRITE_ONLY) == NULL, "ES target");
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   uint16_t *h = api_glMapBufferOES(GL_ARRAY_BUFFER, GL_WRITE_ONLY);
   CHECK(h != NULL, "map");
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED, &v);
   CHECK_EQ_INT(v, GL_TRUE);
   void *ptr = NULL;
   api_glGetBufferPointervOES(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &ptr);
   CHECK(ptr == h, "map pointer %p, mapped at %p", ptr, (void *)h);
   CHECK(api_glMapBufferOES(GL_ARRAY_BUFFER, GL_WRITE_ONLY) == NULL, "mapped twice");
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   if (h) {
      /* a full-window strip: half floats -1 = 0xbc00, 1 = 0x3c00 */
      static const uint16_t strip[8] = { 0xbc00, 0xbc00, 0x3c00, 0xbc00,
                                         0xbc00, 0x3c00, 0x3c00, 0x3c00 };
      memcpy(h, strip, sizeof strip);
   }
   CHECK_EQ_INT(api_glUnmapBufferOES(GL_ARRAY_BUFFER), GL_TRUE);
   CHECK_EQ_INT(api_glUnmapBufferOES(GL_ARRAY_BUFFER), GL_FALSE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   api_glVertexAttribPointer(0, 2, ST_GL_HALF_FLOAT_OES, GL_FALSE, 0, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_TYPE, &v);
   CHECK_EQ_INT(v, ST_GL_HALF_FLOAT_OES);
   api_glVertexAttribPointer(0, 2, GL_HALF_FLOAT, GL_FALSE, 0, NULL);   /* desktop's enum */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glEnableVertexAttribArray(0);

   /* gl_FragDepthEXT needs its #extension */
   GLuint bad = compiled_shader(GL_FRAGMENT_SHADER,
                                "void main() { gl_FragDepthEXT = 0.25; }\n");
   CHECK_EQ_INT(shader_iv(bad, GL_COMPILE_STATUS), GL_FALSE);
   api_glDeleteShader(bad);
   static const char *vs = "attribute vec4 p;\nvoid main() { gl_Position = p; }\n";
   static const char *fs_fmt = "#extension GL_EXT_frag_depth : require\n"
                               "void main() { gl_FragColor = vec4(%s);\n"
                               "              gl_FragDepthEXT = %s; }\n";
   char fs[256];
   snprintf(fs, sizeof fs, fs_fmt, "0.0, 1.0, 0.0, 1.0", "0.25");
   GLuint green = link_program(vs, fs);
   snprintf(fs, sizeof fs, fs_fmt, "1.0, 0.0, 0.0, 1.0", "0.75");
   GLuint red = link_program(vs, fs);
   api_glBindAttribLocation(green, 0, "p");
   api_glLinkProgram(green);
   api_glBindAttribLocation(red, 0, "p");
   api_glLinkProgram(red);
   /* the quad's own depth is 0.5: without gl_FragDepthEXT neither draw
    * passes GL_LESS against the cleared 0.5 */
   api_glClearColor(0, 0, 1, 1);
   api_glClearDepthf(0.5f);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   api_glEnable(GL_DEPTH_TEST);
   api_glDepthFunc(GL_LESS);
   api_glUseProgram(green);
   api_glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_PX_RGB(W / 2, H / 2, 0, 255, 0, 0);
   api_glUseProgram(red);   /* 0.75 is behind 0.25 */
   api_glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_PX_RGB(W / 2, H / 2, 0, 255, 0, 0);
   CHECK_PX_RGB(0, 0, 0, 255, 0, 0);   /* the half-float corners cover the window */
   CHECK_PX_RGB(W - 1, H - 1, 0, 255, 0, 0);
   api_glDepthFunc(GL_GREATER);   /* now it is in front */
   api_glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_PX_RGB(W / 2, H / 2, 255, 0, 0, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glUseProgram(0);
   api_glDeleteProgram(green);
   api_glDeleteProgram(red);
   api_glDeleteBuffers(1, &buf);
   api_glDisable(GL_DEPTH_TEST);
   st_make_current(e->ctx, &e->d.base, &e->d.base);
   st_context_destroy(es);
}

int
main(void)
{
   test_no_glsl();
   struct test_env e;
   if (!test_env_init_on(&e, "refpipe", "2.1", W, H)) {
      fprintf(stderr, "no GL 2.1 context\n");
      test_env_fini(&e);
      return 1;
   }
   test_strings_and_limits(&e);
   test_shader_objects();
   bool links = test_program_errors();
   test_arb_names_and_es();
   test_generic_attribs();
   test_arb_generic_inputs();
   if (links) {
      test_uniforms();
      test_draw_buffers_and_attributes();
   test_vertex_texture();
      test_raster_pos();
      test_clip_vertex();
      test_back_color_only();
      test_shader_texture_lod();
      test_shadow_depth_mode();
      test_es2_extensions(&e);
   } else {
      printf("st_test_glsl: no linker yet (branch glsl-link): linked-program tests skipped\n");
   }
   CHECK_GL_ERROR(GL_NO_ERROR);
   test_env_fini(&e);
   return st_test_finish("st_test_glsl");
}
