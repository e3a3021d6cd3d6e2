/*
 * The parser: source -> the AST's printed form (glsl_ast.c), and the exact
 * syntax errors.  Each case is a shader text, the version, and either the
 * expected print or the expected first line of the log.
 */
#include <stdio.h>
#include <string.h>

#include "glsl_parser.h"

#include "glsl_test.h"

struct job {
   struct glsl_arena *a;
   struct glsl_log *log;
   const char *src;
   size_t len;
   struct glsl_version v;
   const char *const *ext;
   char *out;
};

static void
run(void *data)
{
   struct job *j = data;
   struct glsl_ast_unit *u = glsl_parse(j->a, j->log, j->src, j->len, j->v,
                                        GLSL_STAGE_FRAGMENT, j->ext);
   j->out = u ? glsl_ast_print_unit(j->a, u) : NULL;
}

/* Parses src; returns the print (or NULL) and copies the log's first line. */
static void
parse_case(int line, unsigned version, bool es, const char *src, const char *want_print,
           const char *want_error)
{
   struct glsl_arena a;
   struct glsl_log log;
   glsl_arena_init(&a, 0);
   glsl_log_init(&log);
   struct job j = { &a, &log, src, strlen(src), { (uint16_t)version, es }, NULL, NULL };
   bool ok = glsl_arena_run(&a, run, &j);
   CHECK(ok, "line %d: out of memory", line);
   const char *text = glsl_log_text(&log);
   char first[512];
   size_t n = strcspn(text, "\n");
   snprintf(first, sizeof first, "%.*s", (int)(n < sizeof first - 1 ? n : sizeof first - 1), text);
   if (want_print) {
      CHECK(j.out && !strcmp(j.out, want_print), "line %d:\n  got  %s\n  want %s\n  log  %s",
            line, j.out ? j.out : "(null)", want_print, text);
   }
   if (want_error) {
      CHECK(!j.out, "line %d: parsed although an error was expected", line);
      CHECK(!strcmp(first, want_error), "line %d:\n  got  %s\n  want %s", line, first,
            want_error);
   }
   glsl_log_finish(&log);
   glsl_arena_finish(&a);
}

#define OK(v, es, src, print) parse_case(__LINE__, v, es, src, print, NULL)
#define ERR(v, es, src, err) parse_case(__LINE__, v, es, src, NULL, err)

static void
test_expressions(void)
{
   OK(110, false, "void main() { x = a + b * c - d / e; }",
      "(fn void main () { (= x (- (+ a (* b c)) (/ d e))) })\n");
   OK(110, false, "void main() { x = a || b ^^ c && d == e < f; }",
      "(fn void main () { (= x (|| a (^^ b (&& c (== d (< e f)))))) })\n");
   OK(130, false, "void main() { x = a | b ^ c & d << 2 >> e % 3; }",
      "(fn void main () { (= x (| a (^ b (& c (>> (<< d 2) (% e 3)))))) })\n");
   OK(110, false, "void main() { x = y = z += 1; }",
      "(fn void main () { (= x (= y (+= z 1))) })\n");
   OK(110, false, "void main() { x = c ? a : b ? d : e; }",
      "(fn void main () { (= x (?: c a (?: b d e))) })\n");
   OK(110, false, "void main() { a++, --b, -c, !d, +e; }",
      "(fn void main () { (, (, (, (, (post++ a) (-- b)) (neg c)) (! d)) (pos e)) })\n");
   OK(110, false, "void main() { v.xyz = m[1][2] * s.f.g; }",
      "(fn void main () { (= (field v xyz) (* (index (index m 1) 2) (field (field s f) g))) })\n");
   OK(110, false, "void main() { gl_FragColor = vec4(f(1.0, 2), texture2D(t, uv)); }",
      "(fn void main () { (= gl_FragColor (ctor vec4 (call f 1 2) (call texture2D t uv))) })\n");
   OK(120, false, "void main() { float a[2] = float[2](1.0, 2.5); int n = a.length(); }",
      "(fn void main () { (var float a[2] = (ctor float[2] 1 2.5)) (var int n = (length a)) })\n");
   OK(110, false, "void main() { x = (a + b) * c; f(); g(void); }",
      "(fn void main () { (= x (* (+ a b) c)) (call f) (call g) })\n");
   OK(130, false, "void main() { uint u = 3u; bool b = true; }",
      "(fn void main () { (var uint u = 3u) (var bool b = true) })\n");
}

static void
test_declarations(void)
{
   OK(110, false,
      "uniform mat4 m;\nattribute vec4 pos;\nvarying vec2 uv;\nconst float k = 2.0, j = 1.0;\n",
      "(var uniform mat4 m)\n(var attribute vec4 pos)\n(var varying vec2 uv)\n"
      "(var const float k = 2, j = 1)\n");
   OK(120, false, "invariant varying vec4 c;\ncentroid varying float f;\ninvariant gl_Position;\n",
      "(var invariant varying vec4 c)\n(var centroid varying float f)\n"
      "(redeclare invariant - gl_Position)\n");
   OK(100, true, "precision mediump float;\nuniform lowp sampler2D t;\n",
      "(precision mediump float)\n(var uniform lowp sampler2D t)\n");
   OK(110, false, "float f(in float a, out vec2 b, inout int c, const in float d);\nvoid g(float);\n",
      "(fn float f (in float a, out vec2 b, inout int c, const in float d))\n(fn void g (float))\n");
   OK(110, false, "struct S { float a; vec2 b[2], c; };\nS s;\nvoid main() { S t = S(1.0, v, w); }\n",
      "(type struct S { float a; vec2 b[2]; vec2 c; })\n(var S s)\n"
      "(fn void main () { (var S t = (ctor S 1 v w)) })\n");
   OK(110, false, "struct { float x; } anon;\n", "(var struct { float x; } anon)\n");
   OK(140, false, "uniform Block { mat4 m; vec4 c; } blk;\n",
      "(block uniform Block { mat4 m; vec4 c; } blk)\n");
   OK(330, false, "layout(location = 2) out vec4 color;\nlayout(std140, shared) uniform;\n",
      "(var layout(location=2) out vec4 color)\n(default layout(std140,shared) uniform -)\n");
   OK(110, false, "float a[];\nfloat b[3 + 1];\n", "(var float a[])\n(var float b[(+ 3 1)])\n");
}

static void
test_statements(void)
{
   OK(110, false,
      "void main() { if (a) b = 1.0; else { c = 2.0; } for (int i = 0; i < 4; i++) x += y; }",
      "(fn void main () { (if a (= b 1) { (= c 2) }) (for (var int i = 0) (< i 4) (post++ i) "
      "(+= x y)) })\n");
   OK(110, false, "void main() { while (i < 3) { i++; continue; } do i--; while (i > 0); for (;;) break; }",
      "(fn void main () { (while (< i 3) { (post++ i) (continue) }) (do (post-- i) (> i 0)) "
      "(for ; () () (break)) })\n");
   OK(110, false, "float f() { return 1.0; } void main() { if (x) discard; return; ; }",
      "(fn float f () { (return 1) })\n(fn void main () { (if x (discard)) (return) ; })\n");
   OK(110, false, "void main() { while (bool b = f()) g(); }",
      "(fn void main () { (while (var bool b = (call f)) (call g)) })\n");
   OK(130, false, "void main() { switch (i) { case 0: x = 1; break; default: x = 2; } }",
      "(fn void main () { (switch i { (case 0) (= x 1) (break) (default) (= x 2) }) })\n");
   /* a struct declared in a block is a type only inside it */
   OK(110, false, "void main() { { struct T { int i; }; T t; } T(1); }",
      "(fn void main () { { (type struct T { int i; }) (var T t) } (call T 1) })\n");
   OK(110, false, "void main() { vec4 v; vec4(1.0); float[2] a; }",
      "(fn void main () { (var vec4 v) (ctor vec4 1) (var float[2] a) })\n");
}

static void
test_errors(void)
{
   ERR(110, false, "void main() { x = 1.0 }", "0:1(23): error: syntax error, unexpected '}', expecting ';'");
   ERR(110, false, "void main() {\n  x = 1 + ;\n}", "0:2(11): error: syntax error, unexpected ';'");
   ERR(110, false, "void main() {", "0:1(14): error: syntax error, unexpected end of file, expecting '}'");
   ERR(110, false, "x = 1;", "0:1(1): error: syntax error, unexpected identifier 'x'");
   ERR(110, false, "void main() { float f() { } }",
       "0:1(25): error: function definitions are only allowed at global scope");
   ERR(110, false, "in out float x;", "0:1(4): error: more than one storage qualifier");
   ERR(110, false, "void main() { x.foo(); }", "0:1(17): error: unknown method (only length() exists)");
   ERR(120, false, "uniform Block { float x; };",
       "0:1(9): error: uniform blocks need GLSL 1.40 or GL_ARB_uniform_buffer_object");
   ERR(120, false, "in Block { float x; };",
       "0:1(4): error: interface blocks need GLSL 1.40 or GLSL ES 3.00");
   ERR(110, false, "void main() { int a[2] = { 1, 2 }; }", "0:1(26): error: syntax error, unexpected '{'");
   ERR(110, false, "void main() { for (if (x) y; ;) ; }",
       "0:1(20): error: a for loop's initialization must be an expression or a declaration");

   /* nesting: bounded, an error, no stack overflow */
   char deep[4096];
   size_t n = 0;
   n += (size_t)snprintf(deep + n, sizeof deep - n, "void main() { x = ");
   for (int i = 0; i < 1000; i++)
      deep[n++] = '(';
   deep[n++] = '1';
   for (int i = 0; i < 1000; i++)
      deep[n++] = ')';
   snprintf(deep + n, sizeof deep - n, "; }");
   ERR(110, false, deep, "0:1(146): error: nesting too deep");
   n = 0;
   n += (size_t)snprintf(deep + n, sizeof deep - n, "void main() ");
   for (int i = 0; i < 1000; i++)
      deep[n++] = '{';
   for (int i = 0; i < 1000; i++)
      deep[n++] = '}';
   deep[n] = '\0';
   ERR(110, false, deep, "0:1(142): error: nesting too deep");
}

int
main(void)
{
   test_expressions();
   test_declarations();
   test_statements();
   test_errors();
   if (failures)
      fprintf(stderr, "glsl_test_parser: %d failures\n", failures);
   else
      printf("glsl_test_parser: ok\n");
   return failures != 0;
}
