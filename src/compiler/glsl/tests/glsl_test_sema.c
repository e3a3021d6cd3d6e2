/*
 * Semantic analysis: each case is a shader, its version and stage, and
 * either "ok" or the exact first error line of the log.
 */
#include <stdio.h>
#include <string.h>

#include "glsl_parser.h"
#include "glsl_sema.h"

#include "glsl_test.h"

struct job {
   struct glsl_arena *a;
   struct glsl_log *log;
   const char *src;
   struct glsl_version v;
   enum glsl_stage stage;
   bool ok;
   struct glsl_shader_info info;
};

static void
run(void *data)
{
   struct job *j = data;
   struct glsl_ast_unit *u = glsl_parse(j->a, j->log, j->src, strlen(j->src), j->v, j->stage, NULL);
   if (!u)
      return;
   struct glsl_features f = { j->v, NULL, NULL };
   j->ok = glsl_sema(j->a, j->log, u, &f, NULL, &j->info);
}

static void
sema_case(int line, unsigned version, bool es, enum glsl_stage stage, const char *src,
          const char *want_error)
{
   struct glsl_arena a;
   struct glsl_log log;
   glsl_arena_init(&a, 0);
   glsl_log_init(&log);
   struct job j = { &a, &log, src, { (uint16_t)version, es }, stage, false, { 0 } };
   CHECK(glsl_arena_run(&a, run, &j), "line %d: out of memory", line);
   const char *text = glsl_log_text(&log);
   char first[512];
   size_t n = strcspn(text, "\n");
   snprintf(first, sizeof first, "%.*s", (int)(n < sizeof first - 1 ? n : sizeof first - 1), text);
   if (!want_error) {
      CHECK(j.ok && log.errors == 0, "line %d: expected success, log:\n%s", line, text);
   } else {
      CHECK(!j.ok, "line %d: expected an error", line);
      CHECK(!strcmp(first, want_error), "line %d:\n  got  %s\n  want %s", line, first, want_error);
   }
   glsl_log_finish(&log);
   glsl_arena_finish(&a);
}

#define FS GLSL_STAGE_FRAGMENT
#define VS GLSL_STAGE_VERTEX
#define OK(v, es, st, src) sema_case(__LINE__, v, es, st, src, NULL)
#define ERR(v, es, st, src, e) sema_case(__LINE__, v, es, st, src, e)

static void
test_ok(void)
{
   OK(110, false, FS, "uniform float u; varying vec2 v; void main() { float x = u * 2.0 + v.y; }");
   OK(110, false, FS, "const int n = 2 + 3; float a[n]; void main() { a[4] = 1.0; }");
   OK(110, false, FS, "struct S { float f; vec2 v; }; void main() { S s = S(1.0, vec2(2.0)); s.v.y = s.f; }");
   OK(110, false, FS, "float f(float x) { return x; } float f(vec2 x) { return x.x; }\n"
                      "void main() { f(1.0); f(vec2(1.0)); }");
   OK(120, false, FS, "void main() { float x = 1; vec3 v = vec3(1, 2, 3) * 2; }");
   OK(110, false, VS, "attribute vec4 p; varying vec4 c; void main() { c = p; }");
   OK(110, false, FS, "void g(out float r, inout vec2 q) { r = q.x; q = q.yx; }\n"
                      "void main() { float a; vec2 b = vec2(1.0, 2.0); g(a, b); }");
   OK(110, false, FS, "void main() { for (int i = 0; i < 4; i++) { if (i == 2) break; continue; } }");
   OK(120, false, FS, "const float k[2] = float[2](1.0, 2.0); void main() { float x = k[1] + float(k.length()); }");
   OK(100, true, FS, "precision mediump float; uniform vec4 c; void main() { vec4 x = c; }");
   OK(100, true, VS, "attribute vec4 p; void main() { vec4 x = p; }");
   OK(110, false, FS, "mat2 m = mat2(1.0); void main() { vec2 v = m * vec2(1.0, 0.0); m[1][0] = v.x; }");
   OK(110, false, FS, "void f(); void main() { f(); } void f() { }");
   OK(110, false, FS, "void main() { bool b = !(1.0 < 2.0) ^^ true; int i = b ? 1 : 2; }");
   OK(120, false, VS, "varying vec4 c; invariant c; void main() { c = vec4(0.0); }");
}

static void
test_errors(void)
{
   ERR(110, false, FS, "void main() { y = 1.0; }", "0:1(15): error: 'y' undeclared");
   ERR(110, false, FS, "float x; float x; void main() { }", "0:1(16): error: 'x' redeclared");
   ERR(110, false, FS, "const float c = 1.0; void main() { c = 2.0; }", "0:1(36): error: =: 'c' is read-only");
   ERR(110, false, FS, "uniform float u; void main() { u += 1.0; }", "0:1(32): error: +=: 'u' is read-only");
   ERR(110, false, FS, "attribute vec4 p; void main() { }", "0:1(16): error: 'attribute' is only allowed in vertex shaders");
   ERR(110, false, VS, "attribute int i; void main() { }", "0:1(15): error: attributes must be float, vec2-4 or mat2-4, not int");
   ERR(110, false, FS, "float f() { return 1; } void main() { }", "0:1(20): error: 'f' returns float, not int");
   ERR(110, false, FS, "void f() { return 1.0; } void main() { }", "0:1(12): error: void function 'f' cannot return a value");
   ERR(110, false, FS, "float f() { return; } void main() { }", "0:1(13): error: function 'f' must return a value");
   ERR(110, false, FS, "void main() { break; }", "0:1(15): error: break outside a loop or switch");
   ERR(110, false, VS, "void main() { discard; }", "0:1(15): error: discard is only allowed in fragment shaders");
   ERR(110, false, FS, "void main() { vec2 v; v.xz = vec2(1.0); }", "0:1(25): error: swizzle 'xz' selects a component past the end of vec2");
   ERR(110, false, FS, "void main() { vec2 v; float f = v.xr.x; }", "0:1(35): error: invalid swizzle 'xr'");
   ERR(110, false, FS, "void main() { vec2 v; v.xx = vec2(1.0); }", "0:1(25): error: =: the operand is not an l-value");
   ERR(110, false, FS, "void main(float x) { }", "0:1(6): error: main() must return void and take no parameters");
   ERR(110, false, FS, "uniform int u; float a[u]; void main() { }", "0:1(24): error: array size must be a constant integral expression");
   ERR(110, false, FS, "void main() { if (1) { } }", "0:1(19): error: the condition of if must be a bool scalar, not int");
   ERR(110, false, FS, "void main() { float x = 1; }", "0:1(25): error: cannot initialize 'x': assigning int to float: no implicit conversion from int to float in GLSL 1.10");
   ERR(100, true, FS, "uniform vec4 c; void main() { }", "0:1(14): error: no precision specified for vec4 (fragment shaders have no default precision for float)");
   ERR(110, false, FS, "void f() { } void f() { } void main() { }", "0:1(19): error: function 'f' redefined");
   ERR(110, false, FS, "float f(); int f(); void main() { }", "0:1(16): error: function 'f' redeclared with a different return type");
   ERR(110, false, FS, "const float c; void main() { }", "0:1(13): error: a const variable must be initialized");
   ERR(110, false, FS, "float a[2]; void main() { a[2] = 1.0; }", "0:1(29): error: index 2 out of range for float[2]");
   ERR(110, false, FS, "void main() { float f(float x); }", "0:1(21): error: functions must be declared at global scope");
   ERR(100, true, FS, "precision mediump float; float f(float x) { return f(x); } void main() { }",
       "0:1(32): error: recursion is not allowed (function 'f' calls itself)");
   ERR(110, false, FS, "void main() { float gl_x; }", "0:1(21): error: identifier 'gl_x' is reserved (names starting with 'gl_')");
   ERR(110, false, FS, "void f(out float x); void main() { f(1.0); }", "0:1(38): error: out argument: the operand is not an l-value");
   ERR(110, false, FS, "float f(float x); void main() { f(vec2(1.0)); }", "0:1(33): error: no matching function for call to f(vec2)");
   ERR(110, false, FS, "void main() { mat3 m; vec4 v = m * vec4(1.0); }",
       "0:1(34): error: '*' on mat3 and vec4: the matrix has 3 columns but the vector has 4 components");
   ERR(110, false, FS, "void main() { float a[2]; float b = a.length(); }", "0:1(39): error: length() needs GLSL 1.20 or GLSL ES 3.00");
   ERR(110, false, FS, "struct S { float f; float f; }; void main() { }", "0:1(27): error: duplicate struct member 'f'");
   ERR(110, false, FS, "struct S { float f; }; void main() { S s; s.g = 1.0; }", "0:1(45): error: struct S has no member 'g'");
   ERR(110, false, FS, "varying float v; void main() { v = 1.0; }", "0:1(32): error: =: 'v' is read-only");
   ERR(110, false, FS, "void main() { sampler2D s; }", "0:1(25): error: sampler2D variables must be uniform (or function parameters)");
}

/* Rules that differ between 1.10, 1.20 and ES 1.00. */
static void
test_version_rules(void)
{
   /* return values convert implicitly only from 4.20 */
   ERR(120, false, FS, "float f(int i) { return i; } void main() { }",
       "0:1(25): error: 'f' returns float, not int (implicit conversions of return values "
       "need GLSL 4.20 or GL_ARB_shading_language_420pack)");
   OK(120, false, FS, "float f(float i) { return i; } void main() { }");
   /* 'varying' is 'out' / 'in' from GLSL 1.30 (4.3): integer types too, flat
    * where a fragment shader interpolates them (piglit's
    * immediate-reuse-uniform-buffer: "varying int index;" in a 1.30 vertex shader) */
   ERR(120, false, VS, "varying int i; void main() { i = 1; }",
       "0:1(13): error: varyings must be float, vectors or matrices of float, or arrays of "
       "them, not int");
   OK(130, false, VS, "varying int i; varying uvec2 u[2]; void main() { i = 1; u[1] = uvec2(2u); }");
   OK(130, false, FS, "flat varying ivec3 i; void main() { gl_FragColor = vec4(i.x); }");
   ERR(130, false, FS, "varying int i; void main() { gl_FragColor = vec4(i); }",
       "0:1(13): error: inputs of integer type must be qualified 'flat'");
   ERR(130, false, VS, "varying bool b; void main() { }",
       "0:1(14): error: outputs cannot be bool");
   /* a definition names its parameters; a prototype need not */
   ERR(110, false, VS, "float a(float x, float) { return x; } void main() { }",
       "0:1(18): error: parameter 2 of function 'a' has no name");
   OK(110, false, VS, "float a(float x, float); void main() { }");
   OK(110, false, VS, "float a(void) { return 1.0; } void main() { }");
   /* ES 1.00 4.2.7: one prototype; invariant built-in outputs before use */
   ERR(100, true, VS, "int f(int a); int f(int a); void main() { }",
       "0:1(19): error: function 'f' redeclared (GLSL ES 1.00 allows one declaration)");
   OK(100, true, VS, "int f(int a); int f(int a) { return a; } void main() { }");
   OK(110, false, VS, "int f(int a); int f(int a); void main() { }");
   OK(100, true, FS, "invariant gl_FragColor; void main() { }");
   OK(120, false, VS, "invariant gl_Position; void main() { gl_Position = vec4(0.0); }");
   /* ES 1.00 4.6.4: never gl_FrontFacing (desktop 1.20 4.6.1 allows the
    * fragment shader's built-in inputs); gl_FragCoord is the linker's */
   ERR(100, true, FS, "invariant gl_FrontFacing;\nvoid main() { gl_FragColor = vec4(0); }",
       "0:1(11): error: gl_FrontFacing cannot be declared invariant");
   OK(100, true, FS, "invariant gl_FragCoord; void main() { gl_FragColor = vec4(0); }");
   OK(120, false, FS, "invariant gl_FrontFacing; void main() { gl_FragColor = vec4(0); }");
   /* ES 1.00 4.5.3: a precision statement ends with its scope */
   ERR(100, true, FS, "uniform bool b; void f() { if (b) { precision mediump float; } float x; }",
       "0:1(70): error: no precision specified for float (fragment shaders have no default precision for float)");
   OK(100, true, FS, "void f() { precision mediump float; { float x; } float y; }");
   /* gl_FragColor and gl_FragData: not both, even in dead code */
   ERR(110, false, FS, "void main() { gl_FragColor = vec4(1.0);\n if (false) gl_FragData[0] = vec4(0.0); }",
       "0:2(24): error: a shader cannot write both gl_FragColor and gl_FragData");
   ERR(100, true, FS, "void main() { gl_FragData[0] = vec4(1.0); gl_FragColor.x = 0.0; }",
       "0:1(56): error: a shader cannot write both gl_FragColor and gl_FragData");
   OK(110, false, FS, "void main() { gl_FragData[0] = gl_FragColor; }");
   /* unsized arrays: implicit size, redeclaration, gl_TexCoord's limit */
   ERR(110, false, FS, "void main() { gl_FragColor = gl_TexCoord[gl_MaxTextureCoords]; }",
       "0:1(42): error: index 2 out of range for gl_TexCoord (the limit is 2)");
   OK(120, false, VS, "float x[]; void f() { x[1] = 2.0; } float x[] = float[2](1.0, 2.0); void main() { }");
   ERR(120, false, VS, "float x[]; void f() { x[2] = 2.0; } float x[2]; void main() { }",
       "0:1(43): error: 'x' redeclared with 2 elements, but element 2 is used");
   ERR(120, false, VS, "float x[]; float x[3]; int x[4]; void main() { }",
       "0:1(28): error: 'x' redeclared");
   /* out/inout arrays: 1.20 */
   ERR(110, false, VS, "void f(out float x[2]) { } void main() { }",
       "0:1(8): error: out and inout array parameters need GLSL 1.20");
   OK(120, false, VS, "void f(out float x[2]) { x[0] = 1.0; x[1] = 2.0; } void main() { }");
   /* a local variable hides a struct type of an outer scope */
   OK(120, false, VS, "struct Name { float a; }; void main() { vec4 Name = vec4(1.0); gl_Position = Name; }");
   /* varying arrays without a size: sized by their largest constant index */
   OK(120, false, VS, "varying vec4 color[]; void main() { color[3] = vec4(1.0); gl_Position = vec4(0.0); }");
   ERR(120, false, VS, "uniform vec4 u[]; void main() { gl_Position = u[1]; }",
       "0:1(14): error: array 'u' needs a size");
   /* local arrays without a size: redeclared, or sized by use */
   OK(120, false, VS, "void main() { vec4[] a; a[5] = vec4(0.0); vec4[6] a; gl_Position = a[5]; }");
   OK(110, false, VS, "void main() { float a[]; a[3] = 1.0; gl_Position = vec4(a[3]); }");
   /* embedded struct definitions: GLSL 1.10 only */
   OK(110, false, VS, "struct T { struct U { float f; } u; }; void main() { }");
   ERR(120, false, VS, "struct T { struct U { float f; } u; }; void main() { }",
       "0:1(12): error: embedded struct definitions are not allowed in GLSL 1.20 and later");
   ERR(100, true, VS, "struct T { struct U { float f; } u; }; void main() { }",
       "0:1(12): error: embedded struct definitions are not allowed in GLSL ES");
   /* a type with dimensions and a declarator with dimensions: arrays of arrays */
   ERR(120, false, VS, "struct S { vec4[2] x[2]; }; void main() { }",
       "0:1(21): error: arrays of arrays need GLSL 4.30 or GL_ARB_arrays_of_arrays");
   ERR(120, false, VS, "void main() { float[2] x[3]; }",
       "0:1(25): error: arrays of arrays need GLSL 4.30 or GL_ARB_arrays_of_arrays");
}

/* Calls of built-in functions on constants fold (1.20, ES 1.00): the
 * values below are computed by hand, and an array size that is wrong by
 * one gives a negative size, an error. */
static void
test_const_builtins(void)
{
#define FOLD(v, expr, want) OK(v, false, VS, "float a[(" expr ") == " want " ? 1 : -1]; void main() { }")
   /* exact values (the array size is -1, an error, unless expr == want) */
   FOLD(120, "sqrt(16.0)", "4.0");
   FOLD(120, "dot(vec3(1.0, 2.0, 3.0), vec3(4.0, 5.0, 6.0))", "32.0");
   FOLD(120, "all(equal(ivec2(1, 2), ivec2(1, 2)))", "true");
   FOLD(120, "any(lessThan(vec2(1.0, 2.0), vec2(0.5)))", "false");
   FOLD(120, "transpose(mat2(1.0, 2.0, 3.0, 4.0))[0]", "vec2(1.0, 3.0)");
   FOLD(120, "outerProduct(vec2(1.0, 2.0), vec3(3.0, 4.0, 5.0))[2]", "vec2(5.0, 10.0)");
   FOLD(120, "matrixCompMult(mat2(2.0), mat2(3.0))", "mat2(6.0)");
   FOLD(120, "clamp(7.5, 1.0, 3.0) + mix(2.0, 4.0, 0.5)", "6.0");
   FOLD(120, "max(ivec2(1, 6), 4)", "ivec2(4, 6)");
   FOLD(120, "step(0.5, vec2(0.25, 0.75))", "vec2(0.0, 1.0)");
   FOLD(120, "abs(-3) + sign(-2)", "2");
   FOLD(120, "cross(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0))", "vec3(0.0, 0.0, 1.0)");
   FOLD(120, "not(bvec2(true, false))", "bvec2(false, true)");
   FOLD(120, "length(vec2(3.0, 4.0))", "5.0");
   FOLD(120, "floor(-1.5) + ceil(1.25) + fract(2.75)", "0.75");
   FOLD(150, "determinant(mat2(2.0, 1.0, 1.0, 3.0))", "5.0");
   FOLD(150, "determinant(mat3(2.0, 0.0, 0.0, 0.0, 3.0, 0.0, 1.0, 1.0, 4.0))", "24.0");
   FOLD(150, "determinant(mat4(2.0))", "16.0");
   FOLD(150, "inverse(mat2(2.0, 1.0, 1.0, 1.0))", "mat2(1.0, -1.0, -1.0, 2.0)");
   FOLD(150, "inverse(mat3(1.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 4.0))[2]", "vec3(0.0, 0.0, 0.25)");
   FOLD(130, "mix(vec2(1.0, 2.0), vec2(3.0, 4.0), bvec2(true, false))", "vec2(3.0, 2.0)");
#undef FOLD
   /* and a wrong value is caught */
   ERR(120, false, VS, "float a[sqrt(16.0) == 5.0 ? 1 : -1]; void main() { }",
       "0:1(27): error: array size must be greater than zero (and at most 2147483647)");
   /* 1.10: calls are not constant expressions */
   ERR(110, false, VS, "const float c = sqrt(4.0); void main() { }",
       "0:1(17): error: the initializer of 'c' must be a constant expression");
}

static void
test_builtins(void)
{
   /* ES precision rules */
   ERR(100, true, FS, "precision mediump float; void f() { lowp bool b; } void main() { }",
       "0:1(47): error: precision qualifiers do not apply to bool");
   ERR(100, true, FS, "highp float x; void main() { }",
       "0:1(13): error: highp is not supported in fragment shaders here (GL_FRAGMENT_PRECISION_HIGH is not defined)");
   ERR(100, true, FS, "float f() { return 1.0; } void main() { }",
       "0:1(7): error: no precision specified for float (fragment shaders have no default precision for float)");
   ERR(100, true, VS, "lowp float f(); mediump float f() { return 1.0; } void main() { }",
       "0:1(31): error: function 'f' redeclared with a different return precision");
   OK(100, true, VS, "void main() { float[2] x; x[0] = 1.0; }");
   /* sequences: constant in ES, not on desktop */
   OK(100, true, VS, "float a[(1, 2)]; void main() { a[1] = 1.0; }");
   ERR(120, false, VS, "float a[(5, 3)]; void main() { }",
       "0:1(11): error: array size must be a constant integral expression");
   /* gl_TexCoord may be redeclared with a size (1.10 7.6), before use */
   OK(110, false, VS, "varying vec4 gl_TexCoord[1]; void main() { gl_TexCoord[0] = vec4(1.0); }");
   ERR(110, false, VS, "varying vec4 gl_TexCoord[1]; void main() { gl_TexCoord[1] = vec4(1.0); }",
       "0:1(56): error: index 1 out of range for vec4[1]");
   /* the limit is the context's (the spec's minimum here: 2) */
   ERR(110, false, VS, "varying vec4 gl_TexCoord[3]; void main() { }",
       "0:1(14): error: gl_TexCoord redeclared with 3 elements (gl_MaxTextureCoords is 2)");
   OK(110, false, VS, "void main() { gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex; gl_FrontColor = gl_Color; }");
   OK(110, false, VS, "void main() { gl_Position = ftransform(); gl_TexCoord[0] = gl_MultiTexCoord0; }");
   OK(110, false, FS, "uniform sampler2D t; void main() { gl_FragColor = texture2D(t, gl_TexCoord[0].st) * sin(1.0); }");
   OK(110, false, FS, "float l[gl_MaxLights]; void main() { l[7] = gl_LightSource[0].diffuse.x; }");
   OK(120, false, FS, "const float k = sqrt(4.0); void main() { gl_FragData[0] = vec4(k); }");
   OK(100, true, FS, "precision mediump float; uniform sampler2D t; varying vec2 uv;\n"
                     "void main() { gl_FragColor = texture2D(t, uv) + vec4(gl_FragCoord.x); }");
   /* desktop: a user function hides every built-in of its name */
   OK(110, false, FS, "float sin(float x, float y) { return x; } void main() { float a = sin(1.0, 2.0); }");
   ERR(110, false, FS, "float sin(float x, float y) { return x; } void main() { float a = sin(1.0); }",
       "0:1(67): error: no matching function for call to sin(float)");
   /* ES 1.00: overloading is fine, redefining is not */
   OK(100, true, VS, "float sin(float x, float y) { return x; } void main() { float a = sin(1.0) + sin(1.0, 2.0); }");
   ERR(100, true, VS, "float sin(float x) { return x; } void main() { }",
       "0:1(7): error: built-in function 'sin' cannot be redefined");
   ERR(110, false, VS, "void main() { gl_FragColor = vec4(1.0); }",
       "0:1(15): error: 'gl_FragColor' is not available in this stage");
   ERR(110, false, FS, "uniform sampler2D t; void main() { gl_FragColor = texture2DLod(t, vec2(0.0), 0.0); }",
       "0:1(51): error: 'texture2DLod' is only available in vertex shaders");
   ERR(110, false, FS, "void main() { gl_FragColor = vec4(transpose(mat2(1.0))[0], 0.0, 0.0); }",
       "0:1(35): error: 'transpose' needs GLSL 1.20");
   ERR(110, false, FS, "void main() { gl_FragCoord = vec4(0.0); }",
       "0:1(15): error: =: 'gl_FragCoord' is read-only");
   ERR(110, false, FS, "void main() { gl_FragColor = vec4(1.0); gl_ModelViewMatrix[0] = vec4(1.0); }",
       "0:1(59): error: =: 'gl_ModelViewMatrix' is read-only");
   ERR(100, true, FS, "precision mediump float; void main() { gl_FragColor = vec4(dFdx(1.0)); }",
       "0:1(60): error: 'dFdx' needs GLSL ES 3.00 or GL_OES_standard_derivatives");
   ERR(110, false, FS, "const float k = sqrt(4.0); void main() { }",
       "0:1(17): error: the initializer of 'k' must be a constant expression");
   /* dFdx, dFdy, fwidth of constants: constant expressions worth 0 from
    * 1.20 on (4.3.3, 8.8), like the other built-in calls */
   OK(120, false, FS, "void main() { const float d = dFdx(1.0); const vec2 w = fwidth(vec2(2.0));"
                      " float a[d == 0.0 ? 1 : 2]; gl_FragColor = vec4(d, w, a.length()); }");
   ERR(120, false, FS, "void main() { const float d = dFdx(1.0); float a[d == 0.0 ? 0 : 2]; }",
       "0:1(59): error: array size must be greater than zero (and at most 2147483647)");
   /* the built-in state's struct types are type names (1.10 7.5) */
   OK(110, false, FS, "void main() { gl_LightSourceParameters l = gl_LightSource[1];"
                      " gl_MaterialParameters m = gl_FrontMaterial;"
                      " gl_FragColor = l.diffuse * m.diffuse; }");
   ERR(100, true, FS, "void main() { gl_LightSourceParameters l; }",
       "0:1(15): error: 'gl_LightSourceParameters' is not a type");
   ERR(110, false, FS, "void main() { const float d = dFdy(1.0); }",
       "0:1(31): error: the initializer of 'd' must be a constant expression");
}

/* GLSL 1.30: redeclared built-in colours (4.3.7) and sized built-in arrays
 * (7.1), the types and qualifiers of inputs and outputs (4.3.4-4.3.6),
 * integer attributes, switch labels (6.2). */
static void
test_glsl130(void)
{
   /* colours: an interpolation qualifier, vec4, before any use, once */
   OK(130, false, VS, "flat out vec4 gl_FrontColor; noperspective out vec4 gl_BackColor;\n"
                      "smooth centroid out vec4 gl_FrontSecondaryColor; out vec4 gl_BackSecondaryColor;\n"
                      "void main() { gl_FrontColor = vec4(1.0); gl_BackSecondaryColor = gl_FrontColor; }");
   OK(130, false, VS, "flat out vec4 gl_FrontColor; flat out vec4 gl_FrontColor; void main() { }");
   OK(130, false, FS, "flat in vec4 gl_Color; noperspective in vec4 gl_SecondaryColor;\n"
                      "void main() { gl_FragColor = gl_Color + gl_SecondaryColor; }");
   ERR(130, false, VS, "void main() { gl_FrontColor = vec4(1.0); } flat out vec4 gl_FrontColor;",
       "0:1(58): error: gl_FrontColor must be redeclared before it is used");
   ERR(130, false, VS, "flat out vec3 gl_FrontColor; void main() { }",
       "0:1(15): error: gl_FrontColor can only be redeclared as 'out vec4' with an interpolation qualifier");
   ERR(130, false, FS, "flat in vec3 gl_Color; void main() { }",
       "0:1(14): error: gl_Color can only be redeclared as 'in vec4' with an interpolation qualifier");
   ERR(130, false, VS, "flat out vec4 gl_FrontColor; smooth out vec4 gl_FrontColor; void main() { }",
       "0:1(46): error: gl_FrontColor redeclared with other qualifiers");
   /* the vertex shader's outputs are not the fragment shader's, and before
    * 1.30 no colour may be redeclared */
   ERR(130, false, FS, "flat in vec4 gl_FrontColor; void main() { }",
       "0:1(14): error: identifier 'gl_FrontColor' is reserved (names starting with 'gl_')");
   ERR(120, false, VS, "varying vec4 gl_FrontColor; void main() { }",
       "0:1(14): error: identifier 'gl_FrontColor' is reserved (names starting with 'gl_')");
   /* gl_Color of the vertex shader is an attribute: no interpolation */
   ERR(130, false, VS, "flat in vec4 gl_Color; void main() { }",
       "0:1(14): error: vertex shader inputs cannot have interpolation or centroid qualifiers");

   /* gl_ClipDistance: sized up to gl_MaxClipDistances (8 here), out in
    * vertex and in in fragment shaders; after a use if the uses fit */
   OK(130, false, VS, "out float gl_ClipDistance[4]; void main() { gl_ClipDistance[3] = 1.0; }");
   OK(130, false, FS, "in float gl_ClipDistance[2]; void main() { gl_FragColor = vec4(gl_ClipDistance[1]); }");
   OK(130, false, VS, "void main() { gl_ClipDistance[1] = 1.0; } out float gl_ClipDistance[2];");
   OK(130, false, VS, "void main() { gl_ClipDistance[7] = 1.0; }");
   ERR(130, false, VS, "out float gl_ClipDistance[9]; void main() { }",
       "0:1(11): error: gl_ClipDistance redeclared with 9 elements (gl_MaxClipDistances is 8)");
   ERR(130, false, VS, "out float gl_ClipDistance[2]; void main() { gl_ClipDistance[2] = 1.0; }",
       "0:1(61): error: index 2 out of range for float[2]");
   ERR(130, false, VS, "void main() { gl_ClipDistance[2] = 1.0; } out float gl_ClipDistance[2];",
       "0:1(53): error: gl_ClipDistance must be redeclared before it is used");
   ERR(130, false, VS, "in float gl_ClipDistance[2]; void main() { }",
       "0:1(10): error: gl_ClipDistance can only be redeclared as out float[]");
   ERR(130, false, VS, "flat out float gl_ClipDistance[2]; void main() { }",
       "0:1(16): error: gl_ClipDistance can only be redeclared as out float[]");
   ERR(130, false, VS, "out vec4 gl_ClipDistance[2]; void main() { }",
       "0:1(10): error: gl_ClipDistance can only be redeclared as out float[]");
   ERR(130, false, VS, "uniform int i; void main() { gl_ClipDistance[i] = 1.0; }",
       "0:1(45): error: an array without a size can only be indexed with a constant");
   ERR(120, false, VS, "void main() { gl_ClipDistance[0] = 1.0; }",
       "0:1(15): error: 'gl_ClipDistance' is not available in GLSL 1.20");
   /* gl_TexCoord takes 'out' in 1.30 */
   OK(130, false, VS, "out vec4 gl_TexCoord[2]; void main() { gl_TexCoord[1] = vec4(1.0); }");

   /* inputs and outputs: no bools anywhere */
   ERR(130, false, VS, "in bool b; void main() { }", "0:1(9): error: vertex shader inputs cannot be bool");
   ERR(130, false, VS, "out bvec2 b; void main() { }", "0:1(11): error: outputs cannot be bvec2");
   ERR(130, false, FS, "in bool b[2]; void main() { }", "0:1(9): error: inputs cannot be bool[2]");
   ERR(130, false, FS, "out bool b; void main() { }", "0:1(10): error: fragment shader outputs cannot be bool");
   /* integers: flat where the fragment shader interpolates them (desktop:
    * vertex outputs need not say it, as from GLSL 1.50 on; ES 3.00: both) */
   OK(130, false, FS, "flat in ivec2 i; flat in uint u; flat in int a[2]; void main() { }");
   OK(130, false, VS, "out int i; flat out uvec2 u; void main() { i = 1; u = uvec2(2u); }");
   ERR(130, false, FS, "in int i; void main() { }",
       "0:1(8): error: inputs of integer type must be qualified 'flat'");
   ERR(130, false, FS, "smooth in uvec3 u; void main() { }",
       "0:1(17): error: inputs of integer type must be qualified 'flat'");
   ERR(130, false, FS, "noperspective in int a[2]; void main() { }",
       "0:1(22): error: inputs of integer type must be qualified 'flat'");
   ERR(300, true, VS, "out int i; void main() { }",
       "0:1(9): error: outputs of integer type must be qualified 'flat'");
   OK(300, true, VS, "flat out int i; void main() { i = 1; }");
   /* no interpolation or centroid on vertex inputs and fragment outputs */
   ERR(130, false, VS, "flat in vec4 p; void main() { }",
       "0:1(14): error: vertex shader inputs cannot have interpolation or centroid qualifiers");
   ERR(130, false, VS, "centroid in vec4 p; void main() { }",
       "0:1(18): error: vertex shader inputs cannot have interpolation or centroid qualifiers");
   ERR(130, false, FS, "smooth out vec4 c; void main() { }",
       "0:1(17): error: fragment shader outputs cannot have interpolation or centroid qualifiers");
   ERR(130, false, FS, "centroid out vec4 c; void main() { }",
       "0:1(19): error: fragment shader outputs cannot have interpolation or centroid qualifiers");
   OK(130, false, FS, "out ivec4 c; void main() { c = ivec4(1); }");
   OK(130, false, VS, "in ivec4 a; in uint b; void main() { gl_Position = vec4(a) + float(b); }");

   /* attributes: integer scalars and vectors from 1.30 on */
   OK(130, false, VS, "attribute ivec2 a; attribute uint b; void main() { gl_Position = vec4(a, b, 1.0); }");
   ERR(120, false, VS, "attribute ivec2 a; void main() { }",
       "0:1(17): error: attributes must be float, vec2-4 or mat2-4, not ivec2");
   ERR(130, false, VS, "attribute bool a; void main() { }",
       "0:1(16): error: attributes must be float, vec2-4 or mat2-4, int or uint scalars or vectors, not bool");
   ERR(130, false, VS, "attribute ivec2 a[2]; void main() { }",
       "0:1(17): error: attributes must be float, vec2-4 or mat2-4, int or uint scalars or vectors, not ivec2[2]");

   /* switch: a statement after the last label; continue needs a loop */
   OK(130, false, VS, "uniform int k; void main() { switch (k) { case 0: case 1: break; default: ; } }");
   OK(130, false, VS, "uniform int k; void main() { for (;;) { switch (k) { case 0: continue; default: break; } } }");
   ERR(130, false, VS, "uniform int k; void main() { switch (k) { case 0: break; default: } }",
       "0:1(58): error: a label at the end of a switch statement needs a statement after it");
   ERR(130, false, VS, "uniform int k; void main() { switch (k) { case 0: } }",
       "0:1(43): error: a label at the end of a switch statement needs a statement after it");
   ERR(130, false, VS, "uniform int k; void main() { switch (k) { case 0: continue; } }",
       "0:1(51): error: continue outside a loop");
}

/* GLSL ES 3.00's own rules beside the 1.30/3.30 ones it shares */
static void
test_es300(void)
{
   /* global initializers must be constant expressions (ES 3.00 4.3; desktop
    * GLSL allows any) */
   ERR(300, true, VS, "uniform float u; float g = u; void main() { gl_Position = vec4(g); }",
       "0:1(28): error: the initializer of 'g' must be a constant expression");
   OK(330, false, VS, "uniform float u; float g = u; void main() { gl_Position = vec4(g); }");
   OK(300, true, VS, "const float k = 2.0; float g = k * 2.0; void main() { gl_Position = vec4(g); }");
   /* the sequence operator makes no constant expression (ES 3.00 4.3.3),
    * unlike ES 1.00 */
   ERR(300, true, VS, "uniform float a[(1, 2)]; void main() { gl_Position = vec4(a[0]); }",
       "0:1(19): error: array size must be a constant integral expression");
   OK(100, true, VS, "uniform float a[(1, 2)]; void main() { gl_Position = vec4(a[0]); }");
   /* no gl_FragColor, no default float precision in fragment shaders, no
    * implicit int -> float, integer fragment inputs flat */
   ERR(300, true, FS, "precision mediump float; void main() { gl_FragColor = vec4(1.0); }",
       "0:1(40): error: 'gl_FragColor' was removed before GLSL ES 3.00");
   ERR(300, true, FS, "out vec4 c; void main() { c = vec4(1.0); }",
       "0:1(10): error: no precision specified for vec4 (fragment shaders have no default precision for float)");
   ERR(300, true, VS, "void main() { float f = 1; gl_Position = vec4(f); }",
       "0:1(25): error: cannot initialize 'f': assigning int to float: no implicit conversion from int to float in GLSL ES 3.00");
   ERR(300, true, FS, "precision mediump float; in uint u; out vec4 c; void main() { c = vec4(float(u)); }",
       "0:1(34): error: inputs of integer type must be qualified 'flat'");
   OK(300, true, FS, "precision mediump float; flat in uint u; layout(location = 1) out vec4 c;\n"
                     "void main() { c = vec4(float(u)); gl_FragDepth = 0.5; }");
   OK(300, true, VS, "layout(location = 2) in vec4 p; flat out int i; smooth out vec2 t;\n"
                     "void main() { i = gl_VertexID + gl_InstanceID; t = p.xy; gl_Position = p; }");
}

/* GLSL 1.50 4.3.8.1: gl_FragCoord's first redeclaration precedes any
 * use; later ones may follow uses, with the same layout qualifiers. */
static void
test_frag_coord_redeclaration(void)
{
   OK(150, false, FS, "layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\n"
                      "vec4 p = gl_FragCoord;\n"
                      "layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\n"
                      "void main() { }");
   OK(150, false, FS, "in vec4 gl_FragCoord; vec4 p = gl_FragCoord; in vec4 gl_FragCoord;\n"
                      "void main() { }");
   ERR(150, false, FS, "vec4 p = gl_FragCoord; in vec4 gl_FragCoord; void main() { }",
       "0:1(32): error: gl_FragCoord must be redeclared before it is used");
   ERR(150, false, FS, "in vec4 gl_FragCoord; vec4 p = gl_FragCoord;\n"
                       "layout(origin_upper_left) in vec4 gl_FragCoord; void main() { }",
       "0:2(35): error: gl_FragCoord redeclared with other layout qualifiers");
}

int
main(void)
{
   test_ok();
   test_errors();
   test_builtins();
   test_version_rules();
   test_const_builtins();
   test_glsl130();
   test_es300();
   test_frag_coord_redeclaration();
   if (failures)
      fprintf(stderr, "glsl_test_sema: %d failures\n", failures);
   else
      printf("glsl_test_sema: ok\n");
   return failures != 0;
}
