/*
 * The linker: the exact message of each link rule, attribute and varying
 * locations, the uniform table (names, GL types, offsets, locations), the
 * name look-ups, initializers, interface flags, and the fixed-function
 * location numbers against the state tracker's header.
 */
#include "glsl_test_exec.h"
#include "state_trackers/gl/ff/ff_state.h"
#include "compiler/glsl/glsl_lower.h"

static struct glsl_program *
link2(const char *vs, const char *fs, const struct glsl_attrib_binding *b, unsigned nb)
{
   struct glsl_compiler_options o = test_options();
   const char *srcs[2];
   enum glsl_stage st[2];
   unsigned n = 0;
   if (vs) {
      srcs[n] = vs;
      st[n++] = GLSL_STAGE_VERTEX;
   }
   if (fs) {
      srcs[n] = fs;
      st[n++] = GLSL_STAGE_FRAGMENT;
   }
   return link_sources(&o, srcs, st, n, b, nb);
}

/* links and expects exactly this info log */
static void
expect_log(int line, const char *vs, const char *fs, const char *log)
{
   struct glsl_program *p = link2(vs, fs, NULL, 0);
   const char *got = glsl_program_info_log(p);
   if (strcmp(got, log) || glsl_program_linked(p)) {
      fprintf(stderr, "%s:%d: link log\n%s\nexpected\n%s\n", __FILE__, line, got, log);
      failures++;
   }
   glsl_program_destroy(p);
}

/* links two vertex shaders (and FS_OK) and expects this log, "" = linked */
static void
expect_vs2(int line, const char *a, const char *b, const char *log)
{
   struct glsl_compiler_options o = test_options();
   const char *srcs[3] = { a, b, "void main() { gl_FragColor = vec4(1.0); }\n" };
   enum glsl_stage st[3] = { GLSL_STAGE_VERTEX, GLSL_STAGE_VERTEX, GLSL_STAGE_FRAGMENT };
   struct glsl_program *p = link_sources(&o, srcs, st, 3, NULL, 0);
   const char *got = glsl_program_info_log(p);
   if (strcmp(got, log) || glsl_program_linked(p) != !*log) {
      fprintf(stderr, "%s:%d: link log\n%s\nexpected\n%s\n", __FILE__, line, got, log);
      failures++;
   }
   glsl_program_destroy(p);
}

static const uint16_t versions150[] = { 110, 120, 130, 140, 150, 0 };

/* links up to four shaders of GLSL up to 1.50 (compatibility profile: the
 * names of the sources' stages in ST, "VFFF" ...) and expects this log,
 * "" = linked */
static void
expect150(int line, const char *st, const char *a, const char *b, const char *c,
          const char *d, const char *log)
{
   struct glsl_compiler_options o = test_options();
   o.desktop_versions = versions150;
   o.compatibility_profile = true;
   const char *all[4] = { a, b, c, d };
   const char *srcs[4];
   enum glsl_stage stages[4];
   unsigned n = 0;
   for (unsigned i = 0; i < 4 && st[i]; i++) {
      srcs[n] = all[i];
      stages[n++] = st[i] == 'V' ? GLSL_STAGE_VERTEX : GLSL_STAGE_FRAGMENT;
   }
   struct glsl_program *p = link_sources(&o, srcs, stages, n, NULL, 0);
   const char *got = glsl_program_info_log(p);
   if (strcmp(got, log) || glsl_program_linked(p) != !*log) {
      fprintf(stderr, "%s:%d: link log\n%s\nexpected\n%s\n", __FILE__, line, got, log);
      failures++;
   }
   glsl_program_destroy(p);
}

/* links and expects success */
static void
expect_linked(int line, const char *vs, const char *fs)
{
   struct glsl_program *p = link2(vs, fs, NULL, 0);
   if (!glsl_program_linked(p)) {
      fprintf(stderr, "%s:%d: did not link:\n%s\n", __FILE__, line, glsl_program_info_log(p));
      failures++;
   }
   glsl_program_destroy(p);
}

#define VS_OK "void main() { gl_Position = vec4(0.0); }\n"
#define FS_OK "void main() { gl_FragColor = vec4(1.0); }\n"

static void
test_errors(void)
{
   expect_log(__LINE__, "void f() { }\n", FS_OK,
              "error: the vertex shader has no main() function\n");
   {
      struct glsl_compiler_options o = test_options();
      const char *srcs[2] = { VS_OK, VS_OK };
      enum glsl_stage st[2] = { GLSL_STAGE_VERTEX, GLSL_STAGE_VERTEX };
      struct glsl_program *p = link_sources(&o, srcs, st, 2, NULL, 0);
      CHECK(!strcmp(glsl_program_info_log(p),
                    "error: main() is defined in more than one vertex shader\n"),
            "%s", glsl_program_info_log(p));
      glsl_program_destroy(p);
   }
   expect_log(__LINE__, "float f(float x);\nvoid main() { gl_Position = vec4(f(1.0)); }\n",
              NULL, "error: function 'f(float)' is called but not defined in any vertex "
              "shader\n");
   expect_log(__LINE__, VS_OK, "varying vec2 t;\nvoid main() { gl_FragColor = vec4(t, 0.0, 1.0); }\n",
              "error: the fragment shader reads varying 't', which the vertex shader does not "
              "declare\n");
   expect_log(__LINE__, "varying vec2 t;\n" VS_OK,
              "varying vec2 t;\nvoid main() { gl_FragColor = vec4(t, 0.0, 1.0); }\n",
              "error: the fragment shader reads varying 't', which the vertex shader does not "
              "write\n");
   expect_log(__LINE__, "varying vec3 t;\nvoid main() { gl_Position = vec4(0.0); t = vec3(1.0); }\n",
              "varying vec2 t;\nvoid main() { gl_FragColor = vec4(t, 0.0, 1.0); }\n",
              "error: varying 't' is declared as vec3 in the vertex shader and as vec2 in the "
              "fragment shader\n");
   expect_log(__LINE__, "#version 120\ninvariant varying vec2 t;\n"
              "void main() { gl_Position = vec4(0.0); t = vec2(1.0); }\n",
              "#version 120\nvarying vec2 t;\nvoid main() { gl_FragColor = vec4(t, 0.0, 1.0); }\n",
              "error: varying 't' is invariant in the vertex shader only\n");
   expect_log(__LINE__, "uniform vec4 u;\nvoid main() { gl_Position = u; }\n",
              "uniform vec3 u;\nvoid main() { gl_FragColor = vec4(u, 1.0); }\n",
              "error: uniform 'u' is declared as vec4 in the vertex shader and as vec3 in the "
              "fragment shader\n");
   expect_log(__LINE__, "uniform vec4 u[300];\nvoid main() { gl_Position = u[1]; }\n", NULL,
              "error: too many uniform components in the vertex shader: 1200 (the limit, "
              "GL_MAX_VERTEX_UNIFORM_COMPONENTS, is 1024)\n");
   expect_log(__LINE__, NULL, "uniform sampler2D s[17];\n"
              "void main() { gl_FragColor = texture2D(s[0], vec2(0.0)); }\n",
              "error: too many samplers in the fragment shader: 17 (the limit, "
              "GL_MAX_TEXTURE_IMAGE_UNITS, is 16)\n");
   expect_log(__LINE__, "varying vec4 a[16];\nvoid main() { gl_Position = vec4(0.0); a[0] = vec4(1.0); }\n",
              NULL, "error: too many varyings: 64 floats (the limit, GL_MAX_VARYING_FLOATS, "
              "is 60)\n");
   /* the limit counts components: 61 floats are over 60, 60 are not */
   expect_log(__LINE__, "varying float a[61];\nvoid main() { gl_Position = vec4(0.0); a[0] = 1.0; }\n",
              NULL, "error: too many varyings: 61 floats (the limit, GL_MAX_VARYING_FLOATS, "
              "is 60)\n");
   expect_linked(__LINE__, "varying float a[60];\nvoid main() { gl_Position = vec4(0.0); a[0] = 1.0; }\n",
                 NULL);
   expect_log(__LINE__, "attribute mat4 a, b, c, d, e;\n"
              "void main() { gl_Position = a[0] + b[0] + c[0] + d[0] + e[0]; }\n", NULL,
              "error: too many vertex attributes (the limit, GL_MAX_VERTEX_ATTRIBS, is 16)\n");
   /* shaders of one stage: qualifiers and initializers of a global agree */
   expect_vs2(__LINE__, "#version 120\ninvariant varying float v;\nvoid main() { gl_Position = vec4(v); }\n",
              "#version 120\nvarying float v;\nvoid f() { }\n",
              "error: 'v' is declared with different qualifiers in two vertex shaders\n");
   expect_vs2(__LINE__, "#version 120\ncentroid varying float v;\nvoid main() { gl_Position = vec4(v); }\n",
              "#version 120\nvarying float v;\nvoid f() { }\n",
              "error: 'v' is declared with different qualifiers in two vertex shaders\n");
   expect_vs2(__LINE__, "uniform float u;\nfloat g = u * 2.0;\nvoid main() { gl_Position = vec4(g); }\n",
              "uniform float u;\nfloat g = 2.0 * u;\nvoid f() { }\n",
              "error: 'g' has different initializers in two vertex shaders\n");
   expect_vs2(__LINE__, "float g = 3.0;\nvoid main() { gl_Position = vec4(g); }\n",
              "float g = 1.0 + 2.0;\nvoid f() { }\n", "");
   expect_vs2(__LINE__, "float g = 3.0;\nvoid main() { gl_Position = vec4(g); }\n",
              "float g;\nvoid f() { g = 1.0; }\n", "");
   /* recursion (desktop: a link error) */
   expect_log(__LINE__, "#version 120\nfloat f(float x) { return x > 0.0 ? f(x - 1.0) : 0.0; }\n"
              "void main() { gl_Position = vec4(f(1.0)); }\n", NULL,
              "error: function 'f(float)' is recursive (recursion is not allowed in GLSL)\n");
   /* ES 1.00 */
   expect_linked(__LINE__, "#version 100\nvarying highp vec4 c;\nvoid main() { gl_Position = vec4(0.0); }\n",
                 "#version 100\nprecision mediump float;\nvarying highp vec4 c;\nvoid main() { gl_FragColor = c; }\n");
   expect_log(__LINE__, "#version 100\nvoid main() { gl_Position = vec4(0.0); }\n",
              "#version 100\ninvariant gl_FragCoord;\n"
              "void main() { gl_FragColor = vec4(gl_FragCoord.x); }\n",
              "error: gl_FragCoord is invariant but gl_Position is not\n");
   expect_linked(__LINE__, "#version 100\ninvariant gl_Position;\nvoid main() { gl_Position = vec4(0.0); }\n",
                 "#version 100\ninvariant gl_FragCoord;\n"
                 "void main() { gl_FragColor = vec4(gl_FragCoord.x); }\n");
   expect_log(__LINE__, "#version 100\nprecision highp float;\nuniform float f;\n"
              "void main() { gl_Position = vec4(f); }\n",
              "#version 100\nprecision mediump float;\nuniform float f;\n"
              "void main() { gl_FragColor = vec4(f); }\n",
              "error: uniform 'f' has different precisions in the vertex and fragment shaders\n");
   expect_linked(__LINE__, "#version 100\nprecision highp float;\nuniform float f;\n"
                 "void main() { gl_Position = vec4(f); }\n",
                 "#version 100\nprecision mediump float;\nuniform float f;\n"
                 "void main() { gl_FragColor = vec4(1.0); }\n");
   {
      /* a shader that did not compile */
      struct glsl_compiler_options o = test_options();
      const char *srcs[1] = { "void main() { x = 1; }\n" };
      enum glsl_stage st[1] = { GLSL_STAGE_FRAGMENT };
      struct glsl_shader *sh = glsl_compile(&o, st[0], srcs, NULL, 1);
      struct glsl_program *p = glsl_link(&o, &sh, 1, NULL, 0);
      CHECK(!strcmp(glsl_program_info_log(p),
                    "error: a fragment shader of the program did not compile\n"),
            "%s", glsl_program_info_log(p));
      CHECK(!glsl_program_get_interface(p), "no interface when not linked");
      glsl_program_destroy(p);
      glsl_shader_destroy(sh);
   }
   /* bindings */
   {
      struct glsl_attrib_binding b[2] = { { "a", 3 }, { "b", 3 } };
      struct glsl_program *p = link2("attribute vec4 a, b;\nvoid main() { gl_Position = a + b; }\n",
                                     NULL, b, 2);
      CHECK(!strcmp(glsl_program_info_log(p),
                    "error: attributes 'a' and 'b' are bound to the same location 3\n"),
            "%s", glsl_program_info_log(p));
      glsl_program_destroy(p);
      struct glsl_attrib_binding c[1] = { { "m", 14 } };
      p = link2("attribute mat3 m;\nvoid main() { gl_Position = vec4(m[0], 1.0); }\n", NULL, c, 1);
      CHECK(!strcmp(glsl_program_info_log(p),
                    "error: attribute 'm' is bound to location 14, beyond GL_MAX_VERTEX_ATTRIBS "
                    "(16)\n"), "%s", glsl_program_info_log(p));
      glsl_program_destroy(p);
   }
   /* ESSL 3.00: declared attributes may not alias, used or not (OpenGL ES
    * 3.0.5 2.12.5); desktop GLSL and ESSL 1.00 link the same program */
   {
      static const uint16_t es[] = { 100, 300, 0 };
      struct glsl_compiler_options o = test_options();
      o.es_versions = es;
      static const char *const vs[2] = {
         "#version 300 es\nin highp float a;\nin highp float b;\n"
         "void main() { gl_Position = vec4(0.0); }\n",
         "#version 100\nattribute highp float a;\nattribute highp float b;\n"
         "void main() { gl_Position = vec4(0.0); }\n" };
      static const char *const fs[2] = {
         "#version 300 es\nout highp vec4 c;\nvoid main() { c = vec4(0.0); }\n",
         "#version 100\nvoid main() { gl_FragColor = vec4(0.0); }\n" };
      struct glsl_attrib_binding b[2] = { { "a", 0 }, { "b", 0 } };
      for (unsigned i = 0; i < 2; i++) {
         const char *srcs[2] = { vs[i], fs[i] };
         enum glsl_stage st[2] = { GLSL_STAGE_VERTEX, GLSL_STAGE_FRAGMENT };
         struct glsl_program *p = link_sources(&o, srcs, st, 2, b, 2);
         const char *want = i ? "" : "error: attributes 'a' and 'b' are both at location 0 "
                                     "(aliasing is not allowed in GLSL ES 3.00)\n";
         CHECK(!strcmp(glsl_program_info_log(p), want) && glsl_program_linked(p) == (i == 1),
               "ES %s aliasing: %s", i ? "1.00" : "3.00", glsl_program_info_log(p));
         glsl_program_destroy(p);
      }
      /* layout locations alias as bindings do; distinct ones link */
      const char *srcs[2] = {
         "#version 300 es\nlayout(location = 2) in vec4 a;\nlayout(location = 2) in vec4 b;\n"
         "void main() { gl_Position = a; }\n", fs[0] };
      enum glsl_stage st[2] = { GLSL_STAGE_VERTEX, GLSL_STAGE_FRAGMENT };
      struct glsl_program *p = link_sources(&o, srcs, st, 2, NULL, 0);
      CHECK(!glsl_program_linked(p) && strstr(glsl_program_info_log(p), "both at location 2"),
            "ES 3.00 layout aliasing: %s", glsl_program_info_log(p));
      glsl_program_destroy(p);
      srcs[0] = "#version 300 es\nlayout(location = 2) in vec4 a;\nin vec4 b;\n"
                "void main() { gl_Position = a; }\n";
      struct glsl_attrib_binding c[1] = { { "b", 3 } };
      p = link_sources(&o, srcs, st, 2, c, 1);
      CHECK(glsl_program_linked(p), "ES 3.00 distinct locations: %s", glsl_program_info_log(p));
      glsl_program_destroy(p);
   }
}

/* GLSL 1.30 7.1: gl_ClipVertex and gl_ClipDistance are not both written;
 * 7.2: nor gl_FragColor / gl_FragData and user outputs; GLSL 1.50 4.3.8.1: the fragment shaders that redeclare gl_FragCoord
 * agree on its layout, and once one does, each that uses it does. */
static void
test_builtin_rules(void)
{
#define FS130 "#version 130\nvoid main() { gl_FragColor = vec4(1.0); }\n"
   const char *both = "error: the vertex shader writes both gl_ClipVertex and gl_ClipDistance\n";
   expect150(__LINE__, "VF", "#version 130\nuniform bool b;\nvoid main() { gl_Position = vec4(0.0);\n"
             "if (b) gl_ClipDistance[0] = 1.0; else gl_ClipVertex = vec4(0.0); }\n", FS130,
             NULL, NULL, both);
   /* one written in each of two vertex shaders */
   expect150(__LINE__, "VVF", "#version 130\nvoid f() { gl_ClipVertex = vec4(0.0); }\n",
             "#version 130\nvoid f();\nvoid main() { gl_Position = vec4(0.0); "
             "gl_ClipDistance[0] = 1.0; f(); }\n", FS130, NULL, both);
   expect150(__LINE__, "VF", "#version 130\nvoid main() { gl_Position = vec4(0.0); "
             "gl_ClipDistance[0] = 1.0; }\n", FS130, NULL, NULL, "");
   expect150(__LINE__, "VF", "#version 130\nvoid main() { gl_Position = vec4(0.0); "
             "gl_ClipVertex = vec4(0.0); }\n", FS130, NULL, NULL, "");
   /* user outputs "in use (statically assigned to)" (1.30 7.2) count, in any
    * fragment shader of the program (1.50 7.2); one only declared does not */
   const char *frag_both = "error: the fragment shader writes both gl_FragColor or gl_FragData "
                           "and user-defined outputs\n";
   expect150(__LINE__, "VVF", "#version 130\nout vec4 foo;\nvoid unused() { foo = vec4(1.0); }\n",
             "#version 130\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n",
             "#version 130\nin vec4 foo;\nout vec4 color;\nvoid main() { gl_FragColor = foo; }\n",
             NULL, "");
   expect150(__LINE__, "VFF", "#version 130\nvoid main() { gl_Position = vec4(0.0); }\n",
             "#version 130\nout vec4 color;\nvoid f() { color = vec4(1.0); }\n",
             "#version 130\nout vec4 color;\nvoid f();\n"
             "void main() { gl_FragData[0] = vec4(1.0); f(); }\n", NULL, frag_both);
#undef FS130

#define VS150 "#version 150\nin vec4 p;\nvoid main() { gl_Position = p; }\n"
#define MAIN150 "#version 150\nout vec4 c;\nvoid f();\nvoid g();\n" \
                "void main() { c = vec4(1.0); f(); g(); }\n"
   const char *mismatch = "error: gl_FragCoord is redeclared with different layout qualifiers "
                          "in two fragment shaders\n";
   /* both used, different layouts */
   expect150(__LINE__, "VFF", VS150,
             "#version 150\nlayout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\n"
             "out vec4 c;\nvoid f();\nvoid main() { c = gl_FragCoord; f(); }\n",
             "#version 150\nlayout(origin_upper_left) in vec4 gl_FragCoord;\nout vec4 c;\n"
             "void f() { c.a = gl_FragCoord.z; }\n", NULL, mismatch);
   /* none used, different layouts */
   expect150(__LINE__, "VFFF", VS150, MAIN150,
             "#version 150\nlayout(pixel_center_integer) in vec4 gl_FragCoord;\nvoid f() { }\n",
             "#version 150\nlayout(origin_upper_left) in vec4 gl_FragCoord;\nvoid g() { }\n",
             mismatch);
   /* used without a redeclaration where another shader redeclares it */
   expect150(__LINE__, "VFF", VS150,
             "#version 150\nout vec4 c;\nvoid f();\nvoid main() { c = gl_FragCoord; f(); }\n",
             "#version 150\nlayout(origin_upper_left) in vec4 gl_FragCoord;\nvoid f() { }\n",
             NULL,
             "error: gl_FragCoord is redeclared in one fragment shader but used without a "
             "redeclaration in another\n");
   /* the same layout everywhere; or used without any redeclaration */
   expect150(__LINE__, "VFF", VS150,
             "#version 150\nlayout(origin_upper_left) in vec4 gl_FragCoord;\nout vec4 c;\n"
             "void f();\nvoid main() { c = gl_FragCoord; f(); }\n",
             "#version 150\nlayout(origin_upper_left) in vec4 gl_FragCoord;\nout vec4 c;\n"
             "void f() { c.a = gl_FragCoord.z; }\n", NULL, "");
   expect150(__LINE__, "VFF", VS150,
             "#version 150\nout vec4 c;\nvoid f();\nvoid main() { c = gl_FragCoord; f(); }\n",
             "#version 150\nout vec4 c;\nvoid f() { c.a = gl_FragCoord.z; }\n", NULL, "");
#undef VS150
#undef MAIN150
}

static void
test_locations(void)
{
   /* ftransform() reads gl_Vertex: a user attribute does not take generic 0 */
   {
      struct glsl_program *pf = link2("attribute vec4 a;\n"
                                      "void main() { gl_Position = ftransform() + a; }\n",
                                      NULL, NULL, 0);
      CHECK(glsl_program_linked(pf) && glsl_program_attrib_location(pf, "a") == 1, "a at %d",
            glsl_program_attrib_location(pf, "a"));
      glsl_program_destroy(pf);
   }
   /* gl_Vertex takes generic 0; a bound matrix takes consecutive locations;
    * the rest the lowest free ones */
   struct glsl_attrib_binding b[2] = { { "m", 2 }, { "unused", 9 } };
   struct glsl_program *p = link2("attribute vec4 x; attribute mat3 m; attribute vec2 y;\n"
                                  "attribute float unused;\n"
                                  "varying vec3 v1; varying mat2 v2; varying float v3;\n"
                                  "void main() { gl_Position = gl_Vertex + x + vec4(m[2], y.x);\n"
                                  "  v1 = vec3(1.0); v2 = mat2(1.0); v3 = 1.0; gl_PointSize = 2.0; }\n",
                                  "varying vec3 v1; varying mat2 v2; varying float v3;\n"
                                  "void main() { gl_FragColor = vec4(v1, v2[1].x + v3); }\n", b, 2);
   CHECK(glsl_program_linked(p), "%s", glsl_program_info_log(p));
   if (glsl_program_linked(p)) {
      CHECK(glsl_program_attrib_location(p, "x") == 1, "x at %d",
            glsl_program_attrib_location(p, "x"));
      CHECK(glsl_program_attrib_location(p, "m") == 2, "m");
      CHECK(glsl_program_attrib_location(p, "y") == 5, "y at %d",
            glsl_program_attrib_location(p, "y"));
      CHECK(glsl_program_attrib_location(p, "unused") == -1, "unused is not active");
      CHECK(glsl_program_attrib_location(p, "gl_Vertex") == -1, "gl_Vertex");
      const struct glsl_program_interface *pi = glsl_program_get_interface(p);
      /* IR locations: gl_Vertex 0, x 17, m 18..20, y 21 */
      CHECK(pi->vertex_inputs == (1u | 1u << 17 | 1u << 20 | 1u << 21),
            "vertex_inputs %#x", pi->vertex_inputs);
      CHECK(pi->writes_point_size && !pi->writes_clip_vertex && !pi->writes_frag_depth &&
            !pi->writes_frag_data && !pi->uses_discard, "flags");
      CHECK(pi->num_attributes == 4, "%u attributes", pi->num_attributes);
      if (pi->num_attributes == 4) {
         CHECK(!strcmp(pi->attributes[3].name, "gl_Vertex") && pi->attributes[3].location == -1 &&
               pi->attributes[3].gl_type == 0x8B52, "gl_Vertex listed");
         CHECK(!strcmp(pi->attributes[1].name, "m") && pi->attributes[1].gl_type == 0x8B5B,
               "m is GL_FLOAT_MAT3");
      }
      CHECK(pi->max_attribute_name == 10, "%u", pi->max_attribute_name);
      /* varyings: v1 at 16, v2 at 17-18, v3 at 19 in both stages */
      const struct ir_var *v;
      int loc[2][3] = { { 0 } };
      for (unsigned st = 0; st < 2; st++)
         for (v = pi->ir[st]->vars; v; v = v->next)
            for (unsigned i = 0; i < 3; i++) {
               char name[4] = { 'v', (char)('1' + i), 0, 0 };
               if (!strcmp(v->name, name))
                  loc[st][i] = v->location;
            }
      CHECK(loc[0][0] == 16 && loc[0][1] == 17 && loc[0][2] == 19, "vs %d %d %d", loc[0][0],
            loc[0][1], loc[0][2]);
      CHECK(loc[1][0] == 16 && loc[1][1] == 17 && loc[1][2] == 19, "fs %d %d %d", loc[1][0],
            loc[1][1], loc[1][2]);
   }
   glsl_program_destroy(p);
}

static void
test_uniform_table(void)
{
   struct glsl_program *p = link2(
      "#version 120\n"
      "struct S { float f; vec2 v[3]; bool b; };\n"
      "uniform S s[2];\n"
      "uniform mat2x3 m[2];\n"
      "uniform vec4 c = vec4(1.0, 2.0, 3.0, 4.0);\n"
      "uniform float unused;\n"
      "void main() { gl_Position = vec4(s[1].v[2], s[0].f, float(s[1].b)) + vec4(m[1][0], c.x); }\n",
      "#version 120\nuniform sampler2D tex[2]; uniform vec4 c = vec4(1.0, 2.0, 3.0, 4.0);\n"
      "uniform sampler2DShadow sh;\n"
      "void main() { gl_FragColor = texture2D(tex[1], vec2(0.0)) + c + shadow2D(sh, vec3(0.0)); }\n",
      NULL, 0);
   CHECK(glsl_program_linked(p), "%s", glsl_program_info_log(p));
   if (!glsl_program_linked(p)) {
      glsl_program_destroy(p);
      return;
   }
   const struct glsl_program_interface *pi = glsl_program_get_interface(p);
   static const struct {
      const char *name;
      uint32_t type;
      unsigned size, offset, stride, sampler;
      int location;
      uint8_t stages;
   } want[] = {
      /* leaves: s.f[2] at 0, s.v[6] at 32, s.b[2] at 128, m[4] at 160, c at 224 */
      { "s[0].f", 0x1406, 1, 0, 16, 0, 0, 1 },
      { "s[0].v[0]", 0x8B50, 3, 32, 16, 0, 1, 1 },
      { "s[0].b", 0x8B56, 1, 128, 16, 0, 4, 1 },
      { "s[1].f", 0x1406, 1, 16, 16, 0, 5, 1 },
      { "s[1].v[0]", 0x8B50, 3, 80, 16, 0, 6, 1 },
      { "s[1].b", 0x8B56, 1, 144, 16, 0, 9, 1 },
      { "m[0]", 0x8B65, 2, 160, 32, 0, 10, 1 },
      { "c", 0x8B52, 1, 224, 16, 0, 12, 3 },
      { "tex[0]", 0x8B5E, 2, 0, 0, 0, 13, 2 },
      { "sh", 0x8B62, 1, 0, 0, 2, 15, 2 },
   };
   unsigned n = sizeof want / sizeof want[0];
   CHECK(pi->num_uniforms == n, "%u uniforms", pi->num_uniforms);
   for (unsigned i = 0; i < n && i < pi->num_uniforms; i++) {
      const struct glsl_uniform *u = &pi->uniforms[i];
      CHECK(!strcmp(u->name, want[i].name) && u->gl_type == want[i].type &&
            u->array_size == want[i].size && u->location == want[i].location &&
            u->stages == want[i].stages, "entry %u: %s %#x size %u location %d stages %u", i,
            u->name, u->gl_type, u->array_size, u->location, u->stages);
      if (u->base == 7 /* sampler */)
         CHECK(u->sampler == want[i].sampler, "%s sampler %u", u->name, u->sampler);
      else
         CHECK(u->offset == want[i].offset && u->elem_stride == want[i].stride,
               "%s offset %u stride %u", u->name, u->offset, u->elem_stride);
   }
   CHECK(pi->num_locations == 16, "%u locations", pi->num_locations);
   CHECK(pi->uniform_storage_size == 240, "%u bytes", pi->uniform_storage_size);
   CHECK(pi->num_samplers == 3 && pi->samplers[2].shadow && !pi->samplers[0].shadow,
         "samplers");
   CHECK(pi->max_uniform_name == 10, "%u", pi->max_uniform_name);
   const float *init = (const float *)((const char *)pi->uniform_storage_init + 224);
   CHECK(init[0] == 1 && init[1] == 2 && init[2] == 3 && init[3] == 4, "initializer");
   /* look-ups */
   static const struct { const char *name; int loc; } names[] = {
      { "s[0].f", 0 }, { "s[0].v", 1 }, { "s[0].v[0]", 1 }, { "s[0].v[2]", 3 },
      { "s[0].v[3]", -1 }, { "s[1].b", 9 }, { "m", 10 }, { "m[1]", 11 }, { "m[2]", -1 },
      { "c", 12 }, { "tex[1]", 14 }, { "sh", 15 }, { "unused", -1 }, { "s", -1 },
      { "s[0]", -1 }, { "gl_ModelViewMatrix", -1 }, { "m[01]", -1 }, { "m[", -1 },
      { "c[0]", -1 },
   };
   for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
      CHECK(glsl_program_uniform_location(p, names[i].name) == names[i].loc, "%s: %d",
            names[i].name, glsl_program_uniform_location(p, names[i].name));
   const struct glsl_uniform *u;
   unsigned el;
   CHECK(glsl_program_uniform_at(p, 3, &u, &el) && !strcmp(u->name, "s[0].v[0]") && el == 2,
         "location 3");
   CHECK(!glsl_program_uniform_at(p, 16, &u, &el) && !glsl_program_uniform_at(p, -1, &u, &el),
         "no location 16");
   glsl_program_destroy(p);
}

/* the fixed-function numbers the compiler copies (glsl_lower.h) */
static void
test_ff_numbers(void)
{
   CHECK((int)GLSL_FF_ATTRIB_POS == (int)FF_ATTRIB_POS && (int)GLSL_FF_ATTRIB_NORMAL == (int)FF_ATTRIB_NORMAL &&
         (int)GLSL_FF_ATTRIB_COLOR0 == (int)FF_ATTRIB_COLOR0 && (int)GLSL_FF_ATTRIB_COLOR1 == (int)FF_ATTRIB_COLOR1 &&
         (int)GLSL_FF_ATTRIB_FOG == (int)FF_ATTRIB_FOG && (int)GLSL_FF_ATTRIB_TEX0 == (int)FF_ATTRIB_TEX0,
         "attribute numbers");
   CHECK((int)GLSL_FF_VARYING_COLOR0 == (int)FF_VARYING_COLOR0 &&
         (int)GLSL_FF_VARYING_COLOR1 == (int)FF_VARYING_COLOR1 &&
         (int)GLSL_FF_VARYING_BCOLOR0 == (int)FF_VARYING_BCOLOR0 &&
         (int)GLSL_FF_VARYING_BCOLOR1 == (int)FF_VARYING_BCOLOR1 && (int)GLSL_FF_VARYING_FOG == (int)FF_VARYING_FOG &&
         (int)GLSL_FF_VARYING_TEX0 == (int)FF_VARYING_TEX0, "varying numbers");
   CHECK((int)FF_NUM_VARYINGS <= GLSL_VARYING_CLIP_VERTEX && (int)FF_NUM_ATTRIBS <= GLSL_ATTRIB_GENERIC0,
         "user locations above the fixed-function ones");
}

/* a vertex shader alone writes the FF varyings; a fragment shader alone
 * reads them */
static void
test_ff_pairs(void)
{
   struct glsl_program *p = link2("void main() { gl_Position = ftransform(); gl_FrontColor = gl_Color;\n"
                                  "  gl_TexCoord[1] = gl_MultiTexCoord1; gl_ClipVertex = gl_Vertex; }\n",
                                  NULL, NULL, 0);
   CHECK(glsl_program_linked(p), "%s", glsl_program_info_log(p));
   if (glsl_program_linked(p)) {
      const struct glsl_program_interface *pi = glsl_program_get_interface(p);
      CHECK(pi->ir[GLSL_STAGE_VERTEX] && !pi->ir[GLSL_STAGE_FRAGMENT], "vertex only");
      CHECK(pi->vertex_inputs == (1u << FF_ATTRIB_POS | 1u << FF_ATTRIB_COLOR0 |
                                  1u << (FF_ATTRIB_TEX0 + 1)), "inputs %#x", pi->vertex_inputs);
      CHECK(pi->writes_clip_vertex, "clip vertex");
      bool tex1 = false, col = false;
      for (const struct ir_var *v = pi->ir[0]->vars; v; v = v->next) {
         if (!strcmp(v->name, "gl_TexCoord"))
            tex1 = v->mode == IR_VAR_OUTPUT && v->location == FF_VARYING_TEX0;
         if (!strcmp(v->name, "gl_FrontColor"))
            col = v->mode == IR_VAR_OUTPUT && v->location == FF_VARYING_COLOR0;
      }
      CHECK(tex1 && col, "FF varying locations");
   }
   glsl_program_destroy(p);
   p = link2(NULL, "void main() { gl_FragData[0] = gl_Color + gl_TexCoord[0] + vec4(gl_FogFragCoord);\n"
                   "  gl_FragDepth = 0.5; if (gl_FragCoord.x > 2.0) discard; }\n", NULL, 0);
   CHECK(glsl_program_linked(p), "%s", glsl_program_info_log(p));
   if (glsl_program_linked(p)) {
      const struct glsl_program_interface *pi = glsl_program_get_interface(p);
      CHECK(pi->fragment_inputs_ff == (1u << FF_VARYING_COLOR0 | 1u << FF_VARYING_TEX0 |
                                       1u << FF_VARYING_FOG), "ff inputs %#x",
            pi->fragment_inputs_ff);
      CHECK(pi->writes_frag_data && pi->writes_frag_depth && pi->uses_discard, "flags");
   }
   glsl_program_destroy(p);
}

/* ---- transform feedback of struct members ------------------------------------ */

static struct glsl_program *
link_xfb150(const char *vs, const char *fs, const char *const *names, unsigned n)
{
   struct glsl_compiler_options o = test_options();
   o.desktop_versions = versions150;
   o.max_varying_floats = 64;
   const char *srcs[2] = { vs, fs };
   const enum glsl_stage st[2] = { GLSL_STAGE_VERTEX, GLSL_STAGE_FRAGMENT };
   struct glsl_shader *sh[2];
   for (unsigned i = 0; i < 2; i++) {
      sh[i] = glsl_compile(&o, st[i], &srcs[i], NULL, 1);
      if (!glsl_shader_compiled(sh[i]))
         fprintf(stderr, "compile error in:\n%s\n%s", srcs[i], glsl_shader_info_log(sh[i]));
   }
   struct glsl_xfb_request rq = { names, n, true, true };
   struct glsl_program *p = glsl_link_xfb(&o, sh, 2, NULL, 0, &rq);
   for (unsigned i = 0; i < 2; i++)
      glsl_shader_destroy(sh[i]);
   return p;
}

static const struct ir_var *
ir_var_named(const struct ir_shader *s, const char *name)
{
   for (const struct ir_var *v = s ? s->vars : NULL; v; v = v->next)
      if (!strcmp(v->name, name))
         return v;
   return NULL;
}

/* Struct varyings (GLSL 1.50) and the names transform feedback takes for
 * their members (GL 3.0 2.15 with the Khronos reading piglit's
 * ext_transform_feedback/structs follows: a member by its path, an array
 * element, a whole array of a basic type; never a struct as a whole;
 * "Block.member..." for an out block's members).  The locations are the
 * layout docs/glsl.md gives: varyings in declaration order from
 * GLSL_VARYING_USER0, a varying's leaves one after the other, each a
 * location per element (array elements outer first, matrix columns last). */
static void
test_xfb_struct_members(void)
{
   static const char vs[] =
      "#version 150\n"
      "struct S { float a; vec3 b[2]; mat2 c; };\n"
      "struct T { int i; S s[2]; };\n"
      "in vec4 pos;\n"
      "out vec4 first;\n"
      "flat out T t;\n"
      "out B { vec2 x; S m; } blk;\n"
      "out NoInst { float na; vec2 nb; };\n"
      "out Arr { float e; float g[3]; } arr[2];\n"
      "void main() {\n"
      "  first = pos; t.i = 7; blk.x = vec2(1.0);\n"
      "  na = 1.0; nb = vec2(2.0); arr[0].e = arr[1].e = 3.0;\n"
      "  for (int k = 0; k < 3; k++) { arr[0].g[k] = 4.0; arr[1].g[k] = 5.0; }\n"
      "  for (int k = 0; k < 2; k++) {\n"
      "    t.s[k].a = 1.0; t.s[k].b[0] = vec3(2.0); t.s[k].b[1] = vec3(3.0);\n"
      "    t.s[k].c = mat2(4.0);\n"
      "  }\n"
      "  blk.m = t.s[1];\n"
      "  gl_Position = pos;\n"
      "}\n";
   static const char fs[] =
      "#version 150\n"
      "struct S { float a; vec3 b[2]; mat2 c; };\n"
      "struct T { int i; S s[2]; };\n"
      "in vec4 first;\n"
      "flat in T t;\n"
      "in B { vec2 x; S m; } blk;\n"
      "out vec4 color;\n"
      "void main() { color = first + vec4(t.s[1].b[1], float(t.i)) + vec4(t.s[0].c[1], blk.x)\n"
      "  + vec4(blk.m.b[1], blk.m.c[0].y); }\n";
   /* first 16; t 17..27: i 17, s[].a 18-19, s[].b[] 20-23 (s[0].b[0] 20,
    * s[0].b[1] 21, s[1].b[0] 22, s[1].b[1] 23), s[].c 24-27 (s[0] 24-25);
    * B.x 28; B.m 29..33: a 29, b[] 30-31, c 32-33; NoInst.na 34, NoInst.nb
    * 35; Arr.e 36-37 (one per block), Arr.g 38-43 (arr[1].g[0] 41) */
   static const char *names[] = { "t.s[1].b", "t.s[0].c", "t.i", "B.m.b[1]", "t.s[1].a",
                                  "first" };
   static const struct { int loc, num, off; } want[] = {
      { 22, 3, 0 }, { 23, 3, 3 }, { 24, 2, 6 }, { 25, 2, 8 }, { 17, 1, 10 }, { 31, 3, 11 },
      { 19, 1, 14 }, { 16, 4, 15 },
   };
   static const struct { unsigned type, size; } want_var[] = {
      { 0x8B51 /* GL_FLOAT_VEC3 */, 2 }, { 0x8B5A /* GL_FLOAT_MAT2 */, 1 },
      { 0x1404 /* GL_INT */, 1 }, { 0x8B51, 1 }, { 0x1406 /* GL_FLOAT */, 1 },
      { 0x8B52 /* GL_FLOAT_VEC4 */, 1 },
   };
   struct glsl_program *p = link_xfb150(vs, fs, names, 6);
   CHECK(glsl_program_linked(p), "%s", glsl_program_info_log(p));
   if (glsl_program_linked(p)) {
      const struct glsl_program_interface *pi = glsl_program_get_interface(p);
      CHECK(pi->num_xfb_outputs == 8, "%u outputs", pi->num_xfb_outputs);
      for (unsigned i = 0; i < 8 && i < pi->num_xfb_outputs; i++) {
         const struct glsl_xfb_output *o = &pi->xfb_outputs[i];
         CHECK(o->semantic == IR_SEM_GENERIC && o->location == want[i].loc &&
               o->num == want[i].num && o->dst_offset == want[i].off && o->buffer == 0,
               "output %u: location %d, %u components at %u", i, o->location, o->num,
               o->dst_offset);
      }
      CHECK(pi->xfb_stride[0] == 19, "stride %u", pi->xfb_stride[0]);
      CHECK(pi->num_xfb_varyings == 6, "%u varyings", pi->num_xfb_varyings);
      for (unsigned i = 0; i < 6 && i < pi->num_xfb_varyings; i++)
         CHECK(!strcmp(pi->xfb_varyings[i].name, names[i]) &&
               pi->xfb_varyings[i].gl_type == want_var[i].type &&
               pi->xfb_varyings[i].size == want_var[i].size,
               "varying %u: %s 0x%x [%u]", i, pi->xfb_varyings[i].name,
               pi->xfb_varyings[i].gl_type, pi->xfb_varyings[i].size);
      /* the lowered leaves of both stages sit where the layout says */
      static const struct { const char *name; int loc; unsigned len; } leaves[] = {
         { "first", 16, 0 }, { "t_i", 17, 0 }, { "t_s_a", 18, 2 }, { "t_s_b", 20, 4 },
         { "t_s_c", 24, 4 }, { "blk_x", 28, 0 }, { "blk_m_a", 29, 0 }, { "blk_m_b", 30, 2 },
         { "blk_m_c", 32, 2 }, { "na", 34, 0 }, { "nb", 35, 0 }, { "arr_e", 36, 2 },
         { "arr_g", 38, 6 },
      };
      for (unsigned st = 0; st < 2; st++) {
         const struct ir_shader *sh = pi->ir[st ? GLSL_STAGE_FRAGMENT : GLSL_STAGE_VERTEX];
         for (unsigned i = 0; i < sizeof leaves / sizeof leaves[0]; i++) {
            if (st && i >= 9)
               break;   /* the fragment shader does not declare the last blocks */
            const struct ir_var *v = ir_var_named(sh, leaves[i].name);
            CHECK(v && v->semantic == IR_SEM_GENERIC && v->location == leaves[i].loc &&
                  v->array_len == leaves[i].len,
                  "stage %u: %s at %d [%u]", st, leaves[i].name, v ? v->location : -1,
                  v ? v->array_len : 0);
         }
      }
   }
   glsl_program_destroy(p);

   /* GLSL 1.50 4.3.7: a member of a block without an instance name by its
    * own name, of an array of blocks with the block's index */
   static const char *bnames[] = { "nb", "Arr[1].g[2]", "Arr[0].e", "Arr[1].g" };
   static const struct { int loc, num; } bwant[] = {
      { 35, 2 }, { 43, 1 }, { 36, 1 }, { 41, 1 }, { 42, 1 }, { 43, 1 },
   };
   p = link_xfb150(vs, fs, bnames, 4);
   CHECK(glsl_program_linked(p), "%s", glsl_program_info_log(p));
   if (glsl_program_linked(p)) {
      const struct glsl_program_interface *pi = glsl_program_get_interface(p);
      CHECK(pi->num_xfb_outputs == 6, "%u outputs", pi->num_xfb_outputs);
      for (unsigned i = 0; i < 6 && i < pi->num_xfb_outputs; i++)
         CHECK(pi->xfb_outputs[i].location == bwant[i].loc &&
               pi->xfb_outputs[i].num == bwant[i].num,
               "block output %u: location %d, %u components", i, pi->xfb_outputs[i].location,
               pi->xfb_outputs[i].num);
      CHECK(pi->num_xfb_varyings == 4 && pi->xfb_varyings[3].size == 3 &&
            !strcmp(pi->xfb_varyings[1].name, "Arr[1].g[2]"), "block varyings");
   }
   glsl_program_destroy(p);

   /* names that are not captured */
   static const struct { const char *name, *log; } bad[] = {
      { "t", "transform feedback varying 't' has a type that cannot be captured" },
      { "t.s", "transform feedback varying 't.s' has a type that cannot be captured" },
      { "t.s[0]", "transform feedback varying 't.s[0]' has a type that cannot be captured" },
      { "B.m", "transform feedback varying 'B.m' has a type that cannot be captured" },
      { "t.s.a", "transform feedback varying 't.s.a' is not an output of the vertex shader" },
      { "t.q", "transform feedback varying 't.q' is not an output of the vertex shader" },
      { "m.a", "transform feedback varying 'm.a' is not an output of the vertex shader" },
      { "blk.m.a", "transform feedback varying 'blk.m.a' is not an output of the vertex "
                   "shader" },
      { "t.", "transform feedback varying 't.' is not an output of the vertex shader" },
      { "t.s[2].a", "transform feedback varying 't.s[2].a': a subscript is out of range or "
                    "is not on an array" },
      { "t.i[0]", "transform feedback varying 't.i[0]': a subscript is out of range or is "
                  "not on an array" },
      { "NoInst.nb", "transform feedback varying 'NoInst.nb' is not an output of the vertex "
                     "shader" },
      { "Arr.e", "transform feedback varying 'Arr.e' is not an output of the vertex shader" },
      { "arr[0].e", "transform feedback varying 'arr[0].e' is not an output of the vertex "
                    "shader" },
      { "e", "transform feedback varying 'e' is not an output of the vertex shader" },
      { "Arr[2].e", "transform feedback varying 'Arr[2].e': a subscript is out of range or is "
                    "not on an array" },
   };
   for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
      p = link_xfb150(vs, fs, &bad[i].name, 1);
      CHECK(!glsl_program_linked(p) && strstr(glsl_program_info_log(p), bad[i].log),
            "%s: %s", bad[i].name, glsl_program_info_log(p));
      glsl_program_destroy(p);
   }
}

int
main(void)
{
   test_errors();
   test_builtin_rules();
   test_locations();
   test_uniform_table();
   test_ff_numbers();
   test_ff_pairs();
   test_xfb_struct_members();
   if (failures)
      fprintf(stderr, "%d failures\n", failures);
   return failures ? 1 : 0;
}
