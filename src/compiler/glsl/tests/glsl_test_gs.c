/*
 * Geometry shaders in the front end (GLSL 1.50; docs/glsl.md, "Geometry
 * shaders"): the compile errors of the layout qualifiers, per-vertex
 * inputs, gl_in and the gl_PerVertex redeclarations, in/out blocks; the
 * link errors of a program with a geometry shader; and the lowered IR run
 * with irexec: a vertex shader on each vertex of a primitive, its output
 * slots handed to the geometry shader's input slots by (semantic,
 * location) as the draw module does, and the emitted vertices compared
 * with values computed here.
 */
#include "glsl_test_exec.h"

#define CHECK_EQ_INT(a, b)                                                      \
   do {                                                                         \
      long long va_ = (long long)(a), vb_ = (long long)(b);                     \
      CHECK(va_ == vb_, "%s = %lld, expected %lld", #a, va_, vb_);              \
   } while (0)

static const uint16_t versions150[] = { 110, 120, 130, 140, 150, 0 };

static struct glsl_compiler_options
options150(void)
{
   struct glsl_compiler_options o = test_options();
   o.desktop_versions = versions150;
   o.compatibility_profile = true;
   o.max_varying_floats = 64;
   return o;
}

/* Compiles src as a stage: NULL when want_error is NULL and it compiles;
 * with want_error, the compile must fail with that text in the log. */
static void
compile_check(enum glsl_stage stage, const char *src, const char *want_error, int line)
{
   struct glsl_compiler_options o = options150();
   struct glsl_shader *sh = glsl_compile(&o, stage, &src, NULL, 1);
   const char *log = glsl_shader_info_log(sh);
   if (!want_error)
      CHECK(glsl_shader_compiled(sh), "line %d: does not compile:\n%s\n%s", line, src, log);
   else
      CHECK(!glsl_shader_compiled(sh) && strstr(log, want_error),
            "line %d: expected '%s', got:\n%s\nfor:\n%s", line, want_error, log, src);
   glsl_shader_destroy(sh);
}

#define GS_OK(src) compile_check(GLSL_STAGE_GEOMETRY, src, NULL, __LINE__)
#define GS_ERR(src, msg) compile_check(GLSL_STAGE_GEOMETRY, src, msg, __LINE__)
#define VS_ERR(src, msg) compile_check(GLSL_STAGE_VERTEX, src, msg, __LINE__)
#define FS_ERR(src, msg) compile_check(GLSL_STAGE_FRAGMENT, src, msg, __LINE__)

#define HEAD "#version 150\n"
#define LAYOUTS "layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"

static void
test_compile_errors(void)
{
   GS_ERR("#version 140\nvoid main() {}\n", "geometry shaders need GLSL 1.50 (this shader is "
          "GLSL 1.40)");
   /* the layouts (GLSL 1.50 4.3.8) */
   GS_OK(HEAD LAYOUTS "layout(triangles) in;\nvoid main() { EmitVertex(); EndPrimitive(); }\n");
   GS_OK(HEAD "layout(LINES_ADJACENCY) in;\nlayout(max_vertices = 2) out;\n"
              "layout(line_strip) out;\nvoid main() {}\n");
   GS_ERR(HEAD "layout(points) in;\nlayout(lines) in;\nvoid main() {}\n",
          "the input primitive is declared as 'points' and as 'lines'");
   GS_ERR(HEAD "layout(quads) in;\nvoid main() {}\n",
          "'quads' is not a layout qualifier of geometry shader inputs");
   GS_ERR(HEAD "layout(line_strip) in;\nvoid main() {}\n",
          "'line_strip' is not a layout qualifier of geometry shader inputs");
   GS_ERR(HEAD "layout(lines) out;\nvoid main() {}\n",
          "'lines' is not a layout qualifier of geometry shader outputs");
   GS_ERR(HEAD "layout(points, lines) in;\nvoid main() {}\n",
          "two primitives in one layout declaration ('points' and 'lines')");
   GS_ERR(HEAD "layout(max_vertices = 257) out;\nvoid main() {}\n",
          "max_vertices = 257: it must be 0 to gl_MaxGeometryOutputVertices (256)");
   GS_ERR(HEAD "layout(max_vertices = -1) out;\nvoid main() {}\n",
          "max_vertices = -1: it must be 0");
   GS_ERR(HEAD "layout(max_vertices = 3) out;\nlayout(max_vertices = 4) out;\nvoid main() {}\n",
          "max_vertices is declared as 3 and as 4");
   GS_ERR(HEAD "layout(points) out;\nlayout(triangle_strip) out;\nvoid main() {}\n",
          "the output primitive is declared as 'points' and as 'triangle_strip'");
   GS_ERR(HEAD "uniform int n;\nlayout(max_vertices = n) out;\nvoid main() {}\n",
          "max_vertices must be a constant integral expression");
   GS_ERR(HEAD "layout(triangles) in vec4 x[];\nvoid main() {}\n",
          "layout qualifiers are only allowed on uniform blocks");
   GS_ERR(HEAD "layout(triangles) flat in;\nvoid main() {}\n",
          "a layout declaration 'layout(...) in;' can have no other qualifiers");
   VS_ERR(HEAD "layout(triangles) in;\nvoid main() {}\n",
          "'layout(...) in;' is only allowed in geometry shaders");
   VS_ERR(HEAD "void main() { EmitVertex(); }\n", "'EmitVertex' is only available in geometry "
          "shaders");
   FS_ERR(HEAD "void main() { EndPrimitive(); }\n", "'EndPrimitive' is only available in "
          "geometry shaders");
   /* per-vertex inputs: arrays, sized by the input primitive, before or
    * after the layout */
   GS_ERR(HEAD LAYOUTS "in vec4 x;\nvoid main() {}\n",
          "geometry shader input 'x' must be an array");
   GS_ERR(HEAD LAYOUTS "in vec4 x[2];\nvoid main() {}\n",
          "'x' is declared with 2 elements, but the input primitive 'triangles' has 3 vertices");
   GS_ERR(HEAD "in vec4 x[4];\n" LAYOUTS "void main() {}\n",
          "'x' is declared with 4 elements, but the input primitive 'triangles' has 3 vertices");
   GS_ERR(HEAD "in vec4 x[];\nvoid f() { gl_Position = x[5]; }\n" LAYOUTS "void main() {}\n",
          "'x' has 3 elements by the input primitive 'triangles', but element 5 is used");
   GS_ERR(HEAD "void main() { int n = gl_in.length(); }\n" LAYOUTS,
          "length() of 'gl_in' before the input layout");
   GS_ERR(HEAD LAYOUTS "void main() { gl_Position = gl_in[3].gl_Position; }\n",
          "index 3 out of range");
   GS_OK(HEAD "in vec4 x[];\nvoid f(int i) { gl_Position = x[i] + gl_in[i].gl_Position; }\n"
              LAYOUTS "void main() { f(x.length() - 1); }\n");
   GS_ERR(HEAD LAYOUTS "void main() { gl_in[0].gl_Position = vec4(0); }\n", "read-only");
   GS_ERR(HEAD LAYOUTS "in bool b[];\nvoid main() {}\n", "inputs cannot be bool[]");
   GS_OK(HEAD LAYOUTS "invariant in vec4 x[];\nflat in int n[];\nvarying float v;\n"
              "void main() { v = float(n[0]) + x[1].x; }\n");
   VS_ERR(HEAD "void main() { gl_Position = gl_in[0].gl_Position; }\n",
          "'gl_in' is not available in this stage");
   /* the compatibility profile's members of gl_in */
   GS_OK("#version 150 compatibility\n" LAYOUTS
         "void main() { gl_FrontColor = gl_in[0].gl_FrontColor + gl_in[1].gl_TexCoord[7]; }\n");
   GS_ERR(HEAD LAYOUTS "void main() { gl_Position = gl_in[0].gl_FrontColor; }\n",
          "has no member 'gl_FrontColor'");
   GS_ERR(HEAD LAYOUTS "void main() { float d = gl_in[0].gl_ClipDistance[8]; }\n",
          "index 8 out of range");
   /* gl_in[].gl_ClipDistance is predeclared without a size (GLSL 1.50 7.1):
    * constant indices only and no length() until a redeclaration sizes it */
   GS_ERR(HEAD LAYOUTS "void main() { gl_Position = vec4(gl_in[0].gl_ClipDistance.length()); }\n",
          "length() of an array without a size");
   GS_ERR(HEAD LAYOUTS "uniform int i;\n"
              "void main() { gl_Position = vec4(gl_in[0].gl_ClipDistance[i]); }\n",
          "an array without a size can only be indexed with a constant");
   GS_ERR(HEAD LAYOUTS "in gl_PerVertex { float gl_ClipDistance[]; } gl_in[];\n"
              "void main() { gl_Position = vec4(gl_in[0].gl_ClipDistance.length()); }\n",
          "length() of an array without a size");
   GS_OK(HEAD LAYOUTS "in gl_PerVertex { float gl_ClipDistance[3]; } gl_in[];\nuniform int i;\n"
              "void main() { gl_Position = vec4(gl_in[0].gl_ClipDistance.length()) +\n"
              "                            vec4(gl_in[i].gl_ClipDistance[i]); }\n");
   GS_OK(HEAD LAYOUTS "void main() { gl_Position = vec4(gl_in[1].gl_ClipDistance[7]); }\n");
   /* gl_PerVertex redeclared (GLSL 1.50 7.1) */
   GS_OK(HEAD LAYOUTS "in gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[3]; } gl_in[];\n"
              "out gl_PerVertex { vec4 gl_Position; };\n"
              "void main() { gl_Position = gl_in[2].gl_Position * gl_in[0].gl_ClipDistance[2]; }\n");
   GS_ERR(HEAD LAYOUTS "in gl_PerVertex { vec4 gl_Position; } gl_in[];\n"
              "void main() { float s = gl_in[0].gl_PointSize; }\n",
          "has no member 'gl_PointSize'");
   GS_ERR(HEAD LAYOUTS "out gl_PerVertex { vec4 gl_Position; };\n"
              "void main() { gl_PointSize = 1.0; }\n",
          "'gl_PointSize' is not a member of the redeclared output block gl_PerVertex");
   GS_ERR(HEAD LAYOUTS "in gl_PerVertex { vec4 gl_Color; } gl_in[];\nvoid main() {}\n",
          "'gl_Color' is not a member of the built-in input block gl_PerVertex");
   GS_ERR(HEAD LAYOUTS "in gl_PerVertex { vec3 gl_Position; } gl_in[];\nvoid main() {}\n",
          "gl_PerVertex member 'gl_Position' redeclared as vec3");
   GS_ERR(HEAD LAYOUTS "in gl_PerVertex { vec4 gl_Position; } foo[];\nvoid main() {}\n",
          "the input block gl_PerVertex must be redeclared as 'gl_in[]'");
   GS_ERR(HEAD LAYOUTS "in gl_PerVertex { vec4 gl_Position; } gl_in;\nvoid main() {}\n",
          "the input block gl_PerVertex must be redeclared as 'gl_in[]'");
   GS_ERR(HEAD LAYOUTS "void f() { gl_Position = gl_in[0].gl_Position; }\n"
              "in gl_PerVertex { vec4 gl_Position; } gl_in[];\nvoid main() {}\n",
          "gl_in must be redeclared before it is used");
   GS_ERR(HEAD LAYOUTS "out gl_PerVertex { float gl_ClipDistance[9]; };\nvoid main() {}\n",
          "gl_ClipDistance redeclared with 9 elements (gl_MaxClipDistances is 8)");
   VS_ERR(HEAD "void f() { gl_Position = vec4(1); }\n"
              "out gl_PerVertex { vec4 gl_Position; };\nvoid main() {}\n",
          "gl_PerVertex must be redeclared before 'gl_Position' is used");
   /* a member the redeclaration leaves out was used before it (GLSL 4.10
    * 7.1: "before any use of any member included in the built-in
    * declaration") */
   VS_ERR(HEAD "void f() { gl_PointSize = 1.0; }\n"
              "out gl_PerVertex { vec4 gl_Position; };\nvoid main() {}\n",
          "gl_PerVertex must be redeclared before 'gl_PointSize' is used");
   GS_ERR(HEAD LAYOUTS "void f() { gl_ClipDistance[0] = 1.0; }\n"
              "out gl_PerVertex { vec4 gl_Position; };\nvoid main() {}\n",
          "gl_PerVertex must be redeclared before 'gl_ClipDistance' is used");
   /* (built-ins outside gl_PerVertex may come first) */
   GS_OK(HEAD LAYOUTS "void f() { gl_PrimitiveID = gl_PrimitiveIDIn; }\n"
              "out gl_PerVertex { vec4 gl_Position; };\nvoid main() { f(); }\n");
   FS_ERR(HEAD "in gl_PerVertex { vec4 gl_Position; } gl_in[];\nvoid main() {}\n",
          "'in gl_PerVertex' can only be redeclared in geometry shaders");
   /* in/out blocks (GLSL 1.50 4.3.7) */
   VS_ERR(HEAD "in B { vec4 a; } b;\nvoid main() {}\n", "vertex shaders cannot have input blocks");
   FS_ERR(HEAD "out B { vec4 a; } b;\nvoid main() {}\n",
          "fragment shaders cannot have output blocks");
   GS_ERR(HEAD LAYOUTS "in B { vec4 a; };\nvoid main() {}\n",
          "the geometry shader input block 'B' must have an instance name declared as an array");
   GS_ERR(HEAD LAYOUTS "out B { vec4 a; } b;\nout B { vec4 c; } d;\nvoid main() {}\n",
          "out block 'B' redeclared");
   VS_ERR(HEAD "out B { vec4 a; } b;\nvec4 B;\nvoid main() {}\n",
          "'B' is the name of an out block: it cannot name anything else at global scope");
   VS_ERR(HEAD "vec4 B() { return vec4(0); }\nout B { vec4 a; } b;\nvoid main() {}\n",
          "'B' is declared at global scope already: it cannot name a block");
   VS_ERR("#version 140\nout B { vec4 a; } b;\nvoid main() {}\n", "'out' blocks need GLSL 1.50");
   FS_ERR(HEAD "in B { int i; } b;\nvoid main() {}\n", "of integer type must be qualified 'flat'");
}

/* ---- linking -------------------------------------------------------------------- */

/* Links the sources (stage each), reporting the log; *linked whether. */
static struct glsl_program *
link3(const char *vs, const char *gs, const char *gs2, const char *fs,
      const struct glsl_xfb_request *xfb)
{
   struct glsl_compiler_options o = options150();
   const char *src[4] = { vs, gs, gs2, fs };
   const enum glsl_stage st[4] = { GLSL_STAGE_VERTEX, GLSL_STAGE_GEOMETRY, GLSL_STAGE_GEOMETRY,
                                   GLSL_STAGE_FRAGMENT };
   struct glsl_shader *sh[4];
   unsigned n = 0;
   for (unsigned i = 0; i < 4; i++) {
      if (!src[i])
         continue;
      sh[n] = glsl_compile(&o, st[i], &src[i], NULL, 1);
      if (!glsl_shader_compiled(sh[n]))
         fprintf(stderr, "compile error in:\n%s\n%s", src[i], glsl_shader_info_log(sh[n]));
      n++;
   }
   struct glsl_program *p = glsl_link_xfb(&o, sh, n, NULL, 0, xfb);
   for (unsigned i = 0; i < n; i++)
      glsl_shader_destroy(sh[i]);
   return p;
}

static void
link_check(const char *vs, const char *gs, const char *gs2, const char *fs,
           const char *want_error, int line)
{
   struct glsl_program *p = link3(vs, gs, gs2, fs, NULL);
   const char *log = glsl_program_info_log(p);
   if (!want_error)
      CHECK(glsl_program_linked(p), "line %d: does not link:\n%s", line, log);
   else
      CHECK(!glsl_program_linked(p) && strstr(log, want_error),
            "line %d: expected '%s', got:\n%s", line, want_error, log);
   glsl_program_destroy(p);
}

#define LINK_OK(vs, gs, gs2, fs) link_check(vs, gs, gs2, fs, NULL, __LINE__)
#define LINK_ERR(vs, gs, gs2, fs, msg) link_check(vs, gs, gs2, fs, msg, __LINE__)

static const char vs_basic[] =
   HEAD "in vec4 pos;\nout vec4 v;\nvoid main() { gl_Position = pos; v = pos; }\n";
static const char fs_basic[] =
   HEAD "in vec4 c;\nout vec4 f;\nvoid main() { f = c; }\n";

static void
test_link_errors(void)
{
   static const char gs_ok[] =
      HEAD LAYOUTS "in vec4 v[];\nout vec4 c;\n"
      "void main() { c = v[0]; gl_Position = v[1]; EmitVertex(); }\n";
   LINK_OK(vs_basic, gs_ok, NULL, fs_basic);
   LINK_ERR(NULL, gs_ok, NULL, fs_basic, "a geometry shader needs a vertex shader in the program");
   LINK_ERR(vs_basic, HEAD "layout(triangle_strip, max_vertices = 3) out;\nvoid main() {}\n",
            NULL, NULL, "the geometry shader declares no input primitive (layout(...) in;)");
   LINK_ERR(vs_basic, HEAD "layout(points) in;\nlayout(max_vertices = 3) out;\nvoid main() {}\n",
            NULL, NULL, "the geometry shader declares no output primitive (layout(...) out;)");
   LINK_ERR(vs_basic, HEAD "layout(points) in;\nlayout(points) out;\nvoid main() {}\n", NULL,
            NULL, "the geometry shader declares no max_vertices");
   /* the layouts split over two shaders of the stage, or disagreeing */
   static const char gs_main_unsized[] =
      HEAD "in vec4 v[];\nout vec4 c;\nvec4 pick();\n"
      "void main() { c = pick(); gl_Position = v[2]; EmitVertex(); }\n";
   static const char gs_layouts_tri[] =
      HEAD LAYOUTS "in vec4 v[];\nvec4 pick() { return v[v.length() - 1]; }\n";
   LINK_OK(vs_basic, gs_main_unsized, gs_layouts_tri, fs_basic);
   static const char gs_layouts_lines[] =
      HEAD "layout(lines) in;\nlayout(points, max_vertices = 1) out;\n"
      "in vec4 v[];\nvec4 pick() { return v[0]; }\n";
   LINK_ERR(vs_basic, gs_main_unsized, gs_layouts_lines, fs_basic,
            "geometry shader input 'v' is indexed with 2, but the input primitive 'lines' has 2 "
            "vertices");
   static const char gs_points[] =
      HEAD "layout(points) in;\nlayout(points, max_vertices = 3) out;\n"
      "in vec4 v[];\nvec4 pick() { return v[0]; }\n";
   LINK_ERR(vs_basic, gs_ok, gs_points, fs_basic,
            "the geometry shaders declare different input primitives ('triangles' and 'points')");
   LINK_ERR(vs_basic, gs_ok, gs_points, fs_basic,
            "the geometry shaders declare different output primitives ('triangle_strip' and "
            "'points')");
   /* GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS: 200 vertices of 8 */
   LINK_ERR(vs_basic,
            HEAD "layout(points) in;\nlayout(points, max_vertices = 200) out;\nout vec4 c;\n"
            "void main() { c = vec4(1); gl_Position = c; EmitVertex(); }\n", NULL, NULL,
            "too many geometry shader output components: 200 vertices of 8 components (the "
            "limit, GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, is 1024)");
   /* the varyings on both sides of the geometry shader */
   LINK_ERR(HEAD "out vec3 v;\nvoid main() { v = vec3(1); gl_Position = vec4(0); }\n", gs_ok,
            NULL, fs_basic,
            "varying 'v' is declared as vec3 in the vertex shader and as vec4 in the geometry "
            "shader");
   LINK_ERR(HEAD "void main() { gl_Position = vec4(0); }\n", gs_ok, NULL, fs_basic,
            "the geometry shader reads varying 'v', which the vertex shader does not declare");
   /* the fragment shader reads what the geometry shader writes, not the
    * vertex shader's outputs */
   LINK_ERR(HEAD "out vec4 v;\nout vec4 c2;\nvoid main() { v = c2 = vec4(0); gl_Position = v; }\n",
            gs_ok, NULL, HEAD "in vec4 c2;\nout vec4 f;\nvoid main() { f = c2; }\n",
            "the fragment shader reads varying 'c2', which the geometry shader does not declare");
   LINK_ERR(vs_basic, gs_ok, NULL, HEAD "flat in vec4 c;\nout vec4 f;\nvoid main() { f = c; }\n",
            "varying 'c' has the interpolation qualifier 'none' in the geometry shader and "
            "'flat' in the fragment shader");
   /* blocks match by their name, member by member */
   static const char vs_block[] =
      HEAD "out VS { vec4 a; vec4 b; } vo;\n"
      "void main() { vo.a = vec4(1); vo.b = vec4(2); gl_Position = vo.a; }\n";
   LINK_OK(vs_block, HEAD LAYOUTS "in VS { vec4 a; vec4 b; } vi[];\nout vec4 c;\n"
                     "void main() { c = vi[0].b; EmitVertex(); }\n", NULL, fs_basic);
   LINK_ERR(vs_block, HEAD LAYOUTS "in VS { vec4 b; vec4 a; } vi[];\nout vec4 c;\n"
                      "void main() { c = vi[0].b; EmitVertex(); }\n", NULL, fs_basic,
            "block 'VS' has other members (or another order, types or interpolation) in the "
            "vertex shader than in the geometry shader");
   LINK_ERR(vs_block, NULL, NULL, HEAD "in VS { vec4 a; } vi;\nout vec4 f;\n"
                                 "void main() { f = vi.a; }\n",
            "block 'VS' has other members");
   /* transform feedback captures the geometry shader's outputs */
   const char *names[1] = { "v" };
   struct glsl_xfb_request rq = { names, 1, true, false };
   struct glsl_program *p = link3(vs_basic, gs_ok, NULL, fs_basic, &rq);
   CHECK(!glsl_program_linked(p) &&
         strstr(glsl_program_info_log(p), "transform feedback varying 'v' is not an output of "
                                          "the geometry shader"),
         "%s", glsl_program_info_log(p));
   glsl_program_destroy(p);
   names[0] = "c";
   p = link3(vs_basic, gs_ok, NULL, fs_basic, &rq);
   CHECK(glsl_program_linked(p), "%s", glsl_program_info_log(p));
   if (glsl_program_linked(p)) {
      const struct glsl_program_interface *pi = glsl_program_get_interface(p);
      CHECK_EQ_INT(pi->num_xfb_outputs, 1);
      CHECK_EQ_INT(pi->xfb_outputs[0].location, GLSL_VARYING_USER0);
      CHECK_EQ_INT(pi->gs_input_prim, IR_PRIM_TRIANGLES);
      CHECK_EQ_INT(pi->gs_output_prim, IR_PRIM_TRIANGLE_STRIP);
      CHECK_EQ_INT(pi->gs_max_vertices, 3);
      CHECK_EQ_INT(pi->ir[GLSL_STAGE_GEOMETRY]->stage, IR_STAGE_GEOMETRY);
   }
   glsl_program_destroy(p);
}

/* ---- running ---------------------------------------------------------------- */

#define MAX_OUT 32

struct gs_run {
   unsigned emitted[4];
   uint8_t starts[4][MAX_OUT];
   float out[4][MAX_OUT][64][4];       /* [prim][vertex][slot] */
   const struct irexec_slot *slots;
   unsigned num_slots;
   struct irexec_program *gs;
};

/* Runs the program's vertex shader on n primitives of vin vertices each
 * (attribute location 16 + a of vertex v of primitive p: attribs(p, v, a)
 * through the callback), hands its outputs to the geometry shader by
 * (semantic, location) and runs it; r holds the emitted vertices. */
static bool
run_program(struct prog *P, unsigned n, void (*attribs)(unsigned p, unsigned v, float a[4][4]),
            struct gs_run *r)
{
   memset(r, 0, sizeof *r);
   char err[256];
   struct irexec_program *vs = irexec_create(P->pi->ir[GLSL_STAGE_VERTEX], err, sizeof err);
   r->gs = irexec_create(P->pi->ir[GLSL_STAGE_GEOMETRY], err, sizeof err);
   if (!vs || !r->gs) {
      CHECK(0, "irexec_create: %s", err);
      irexec_destroy(vs);
      return false;
   }
   struct irexec_gs_info info;
   CHECK(irexec_get_gs_info(r->gs, &info), "not a geometry shader");
   unsigned vin = info.vertices_in, nverts = n * vin;
   const struct irexec_slot *vins, *vouts, *gins;
   unsigned nvi = irexec_get_inputs(vs, &vins), nvo = irexec_get_outputs(vs, &vouts);
   unsigned ngi = irexec_get_inputs(r->gs, &gins);
   r->num_slots = irexec_get_outputs(r->gs, &r->slots);
   float (*vin_data)[4] = calloc((size_t)nverts * nvi + 1, sizeof *vin_data);
   float (*vout)[4] = calloc((size_t)nverts * nvo + 1, sizeof *vout);
   float (*gin)[4] = calloc((size_t)nverts * ngi + 1, sizeof *gin);
   float (*gout)[4] = calloc((size_t)n * info.max_vertices * r->num_slots + 1, sizeof *gout);
   uint8_t *starts = calloc((size_t)n * info.max_vertices + 1, 1);
   unsigned *emitted = calloc(n, sizeof *emitted);
   for (unsigned p = 0; p < n; p++)
      for (unsigned v = 0; v < vin; v++) {
         float a[4][4];
         memset(a, 0, sizeof a);
         attribs(p, v, a);
         for (unsigned s = 0; s < nvi; s++) {
            /* generic n at GLSL_ATTRIB_GENERIC0 + n, generic 0 at 0 */
            int loc = vins[s].location ? vins[s].location - GLSL_ATTRIB_GENERIC0 : 0;
            if (loc >= 0 && loc < 4)
               memcpy(vin_data[(p * vin + v) * nvi + s], a[loc], sizeof a[0]);
         }
      }
   struct irexec_env env;
   env_for(P, 0, &env);
   bool ok = irexec_run_vertices(vs, &env, nverts, (const float (*)[4])vin_data, vout);
   CHECK(ok, "irexec_run_vertices");
   /* draw_context.c's map: input slot s reads the vertex output of the
    * same semantic and location */
   for (unsigned s = 0; s < ngi; s++) {
      unsigned o = 0;
      while (o < nvo && !(vouts[o].semantic == gins[s].semantic &&
                          vouts[o].location == gins[s].location))
         o++;
      for (unsigned v = 0; v < nverts && o < nvo; v++)
         memcpy(gin[v * ngi + s], vout[v * nvo + o], sizeof gin[0]);
   }
   /* the geometry shader's uniforms are the program's storage too */
   env.cbufs[GLSL_CBUF_STATE].data = NULL;
   env.cbufs[GLSL_CBUF_STATE].size = 0;
   env.primitive_id_base = 7;
   ok = ok && irexec_run_geometry(r->gs, &env, n, (const float (*)[4])gin, gout, starts, emitted);
   CHECK(ok, "irexec_run_geometry");
   for (unsigned p = 0; p < n && p < 4; p++) {
      r->emitted[p] = emitted[p];
      for (unsigned k = 0; k < emitted[p] && k < MAX_OUT; k++) {
         r->starts[p][k] = starts[p * info.max_vertices + k];
         for (unsigned s = 0; s < r->num_slots && s < 64; s++)
            memcpy(r->out[p][k][s], gout[(p * info.max_vertices + k) * r->num_slots + s],
                   sizeof r->out[0][0][0]);
      }
   }
   free(vin_data);
   free(vout);
   free(gin);
   free(gout);
   free(starts);
   free(emitted);
   irexec_destroy(vs);
   return ok;
}

/* The emitted value of output (semantic, location) of vertex k of
 * primitive p (NULL: no such output). */
static const float *
emitted(const struct gs_run *r, unsigned p, unsigned k, enum ir_semantic sem, int location)
{
   for (unsigned s = 0; s < r->num_slots && s < 64; s++)
      if (r->slots[s].semantic == sem && (sem != IR_SEM_GENERIC || r->slots[s].location == location))
         return r->out[p][k][s];
   return NULL;
}

static struct prog *
build_gs(const char *vs, const char *gs, const char *fs)
{
   struct glsl_program *p = link3(vs, gs, NULL, fs, NULL);
   if (!glsl_program_linked(p)) {
      CHECK(0, "link failed: %s", glsl_program_info_log(p));
      glsl_program_destroy(p);
      return NULL;
   }
   struct prog *P = calloc(1, sizeof *P);
   P->p = p;
   P->pi = glsl_program_get_interface(p);
   P->storage = calloc(1, P->pi->uniform_storage_size + 16);
   return P;
}

/* Vertex v of primitive p: position (p, v, 0, 1) at attribute 0 ("pos"),
 * a colour (10p + v, ...) at 1, an integer index at 2. */
static void
tri_attribs(unsigned p, unsigned v, float a[4][4])
{
   float pos[4] = { (float)p, (float)v, 0.0f, 1.0f };
   float col[4] = { 10.0f * (float)p + (float)v, 0.5f, 0.25f, 1.0f };
   memcpy(a[0], pos, sizeof pos);
   memcpy(a[1], col, sizeof col);
   a[2][0] = (float)(2 - v);
}

/* Each triangle, then its copy moved by the uniform `shift` in reverse
 * order after EndPrimitive(); gl_PrimitiveID and gl_Layer from
 * gl_PrimitiveIDIn; varyings through a block and a plain array, read with
 * dynamic indices. */
static void
test_run_triangles(void)
{
   static const char vs[] =
      HEAD "in vec4 pos;\nin vec4 col;\nin float idx;\n"
      "out VS { vec4 color; float w[2]; } vo;\n"
      "out int index;\n"
      "void main() {\n"
      "   gl_Position = pos;\n"
      "   vo.color = col;\n"
      "   vo.w[0] = col.x * 2.0;\n"
      "   vo.w[1] = col.x * 3.0;\n"
      "   index = int(idx);\n"
      "   gl_ClipDistance[0] = pos.x;\n"
      "   gl_ClipDistance[1] = pos.y;\n"
      "}\n";
   static const char gs[] =
      HEAD
      "in VS { vec4 color; float w[2]; } vi[];\n"
      "in int index[];\n"
      "layout(triangles) in;\n"
      "layout(triangle_strip, max_vertices = 6) out;\n"
      "uniform vec4 shift;\n"
      "out vec4 c;\n"
      "out float w;\n"
      "void emit(int i, vec4 d) {\n"
      "   gl_Position = gl_in[i].gl_Position + d;\n"
      "   c = vi[index[i]].color;\n"
      "   w = vi[i].w[index[i] & 1] + gl_in[index[i]].gl_ClipDistance[1];\n"
      "   gl_PrimitiveID = gl_PrimitiveIDIn * 2;\n"
      "   gl_Layer = gl_PrimitiveIDIn + 1;\n"
      "   EmitVertex();\n"
      "}\n"
      "void main() {\n"
      "   for (int i = 0; i < gl_in.length(); i++)\n"
      "      emit(i, vec4(0.0));\n"
      "   EndPrimitive();\n"
      "   for (int i = vi.length() - 1; i >= 0; i--)\n"
      "      emit(i, shift);\n"
      "}\n";
   static const char fs[] =
      HEAD "in vec4 c;\nin float w;\nout vec4 f;\n"
      "void main() { f = c * w * float(gl_PrimitiveID); }\n";
   struct prog *P = build_gs(vs, gs, fs);
   if (!P)
      return;
   const float shift[4] = { 100.0f, 200.0f, 0.0f, 0.0f };
   uset(P, "shift", shift, 4);
   struct gs_run *r = calloc(1, sizeof *r);
   if (run_program(P, 2, tri_attribs, r)) {
      for (unsigned p = 0; p < 2; p++) {
         CHECK_EQ_INT(r->emitted[p], 6);
         for (unsigned k = 0; k < 6 && k < r->emitted[p]; k++) {
            unsigned v = k < 3 ? k : 5 - k;            /* the input vertex */
            unsigned idx = 2 - v;                      /* its `index` */
            const float *pos = emitted(r, p, k, IR_SEM_POSITION, 0);
            const float *c = emitted(r, p, k, IR_SEM_GENERIC, GLSL_VARYING_USER0);
            const float *w = emitted(r, p, k, IR_SEM_GENERIC, GLSL_VARYING_USER0 + 1);
            const float *prim = emitted(r, p, k, IR_SEM_PRIMITIVE_ID, 0);
            const float *layer = emitted(r, p, k, IR_SEM_LAYER, 0);
            CHECK(pos && c && w && prim && layer, "outputs missing");
            if (!pos || !c || !w || !prim || !layer)
               break;
            float dx = k < 3 ? 0.0f : 100.0f, dy = k < 3 ? 0.0f : 200.0f;
            CHECK_VEC(pos, (float)p + dx, (float)v + dy, 0.0f, 1.0f);
            CHECK_VEC(c, 10.0f * (float)p + (float)idx, 0.5f, 0.25f, 1.0f);
            /* w[idx & 1] of vertex v, plus vertex idx's clip distance 1 (= idx) */
            float wv = (10.0f * (float)p + (float)v) * ((idx & 1) ? 3.0f : 2.0f) + (float)idx;
            CHECK(near(w[0], wv), "prim %u vertex %u: w %g, expected %g", p, k, w[0], wv);
            int32_t pid, lay;
            memcpy(&pid, prim, 4);
            memcpy(&lay, layer, 4);
            CHECK_EQ_INT(pid, (7 + (int)p) * 2);
            CHECK_EQ_INT(lay, 7 + (int)p + 1);
            /* EndPrimitive() starts a strip at the fourth vertex */
            CHECK_EQ_INT(r->starts[p][k] != 0, k == 0 || k == 3);
         }
      }
   }
   irexec_destroy(r->gs);
   free(r);
   prog_free(P);
}

static void
point_attribs(unsigned p, unsigned v, float a[4][4])
{
   (void)v;
   a[0][0] = (float)p;
   a[0][3] = 1.0f;
}

/* max_vertices = 0 emits nothing; points in, points out, with the
 * compatibility profile's gl_in[].gl_FrontColor and gl_TexCoord[]. */
static void
test_run_points(void)
{
   static const char vs[] =
      "#version 150 compatibility\n"
      "in vec4 pos;\n"
      "void main() { gl_Position = pos; gl_FrontColor = pos * 2.0;\n"
      "   gl_TexCoord[3] = pos + vec4(1.0); }\n";
   static const char gs[] =
      "#version 150 compatibility\n"
      "layout(points) in;\n"
      "layout(points, max_vertices = 2) out;\n"
      "void main() {\n"
      "   gl_Position = gl_in[0].gl_Position;\n"
      "   gl_FrontColor = gl_in[0].gl_FrontColor + gl_in[0].gl_TexCoord[3];\n"
      "   EmitVertex();\n"
      "}\n";
   struct prog *P = build_gs(vs, gs, NULL);
   if (!P)
      return;
   struct gs_run *r = calloc(1, sizeof *r);
   if (run_program(P, 3, point_attribs, r)) {
      for (unsigned p = 0; p < 3; p++) {
         CHECK_EQ_INT(r->emitted[p], 1);
         const float *c = emitted(r, p, 0, IR_SEM_GENERIC, 0 /* FF_VARYING_COLOR0 */);
         CHECK(c != NULL, "no front colour");
         if (c)
            CHECK_VEC(c, 3.0f * (float)p + 1.0f, 1.0f, 1.0f, 4.0f);
      }
   }
   irexec_destroy(r->gs);
   prog_free(P);

   static const char gs_none[] =
      HEAD "layout(points) in;\nlayout(points, max_vertices = 0) out;\n"
      "void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); EndPrimitive(); }\n";
   P = build_gs(HEAD "in vec4 pos;\nvoid main() { gl_Position = pos; }\n", gs_none, NULL);
   if (P && run_program(P, 2, point_attribs, r)) {
      CHECK_EQ_INT(r->emitted[0], 0);
      CHECK_EQ_INT(r->emitted[1], 0);
   }
   if (P)
      irexec_destroy(r->gs);
   free(r);
   prog_free(P);
}

int
main(void)
{
   test_compile_errors();
   test_link_errors();
   test_run_triangles();
   test_run_points();
   if (failures) {
      fprintf(stderr, "glsl_test_gs: %d check(s) failed\n", failures);
      return 1;
   }
   printf("glsl_test_gs: all checks passed\n");
   return 0;
}
