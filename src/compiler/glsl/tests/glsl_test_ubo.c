/*
 * Uniform blocks (GL_ARB_uniform_buffer_object in GLSL 1.10 / 1.20): the
 * front end's rules and messages, the linker's block table and std140
 * layout (offsets computed by hand below from the rules of GL 3.1 section
 * 2.11.4 "Standard Uniform Block Layout"), the limits, and the lowered
 * load_cbuf reads run through irexec.
 */
#include "glsl_test_exec.h"

static const char *const ubo_exts[] = { "GL_ARB_uniform_buffer_object", NULL };
static const char *const no_exts[] = { NULL };

static struct glsl_compiler_options
ubo_options(void)
{
   struct glsl_compiler_options o = test_options();
   o.extensions = ubo_exts;
   o.max_vertex_uniform_blocks = 12;
   o.max_fragment_uniform_blocks = 12;
   o.max_combined_uniform_blocks = 24;
   o.max_uniform_block_size = 16384;
   return o;
}

/* the first line of the info log of compiling src (empty: it compiled) */
static void
first_error(const char *const *exts, enum glsl_stage st, const char *src, char *out, size_t n)
{
   struct glsl_compiler_options o = ubo_options();
   o.extensions = exts;
   struct glsl_shader *sh = glsl_compile(&o, st, &src, NULL, 1);
   const char *log = glsl_shader_compiled(sh) ? "" : glsl_shader_info_log(sh);
   size_t len = strcspn(log, "\n");
   snprintf(out, n, "%.*s", (int)(len < n - 1 ? len : n - 1), log);
   glsl_shader_destroy(sh);
}

#define COMPILE(exts, src, want)                                                      \
   do {                                                                              \
      char got_[512];                                                                \
      first_error(exts, GLSL_STAGE_FRAGMENT, src, got_, sizeof got_);                \
      CHECK(!strcmp(got_, want), "line %d:\n  got  %s\n  want %s", __LINE__, got_, want); \
   } while (0)

#define EXT "#extension GL_ARB_uniform_buffer_object : enable\n"
#define MAIN "void main() { gl_FragColor = vec4(0.0); }\n"

static void
test_front_end(void)
{
   /* the directive (in a context with the extension) makes blocks legal */
   COMPILE(ubo_exts, "uniform B { vec4 a; };\n" MAIN,
           "0:1(9): error: uniform blocks need GLSL 1.40 or GL_ARB_uniform_buffer_object");
   COMPILE(no_exts, EXT "uniform B { vec4 a; };\n" MAIN,
           "0:1(12): warning: extension 'GL_ARB_uniform_buffer_object' is not supported");
   COMPILE(ubo_exts, EXT "uniform B { vec4 a; };\n" MAIN, "");
   COMPILE(ubo_exts, "#version 120\n" EXT "layout(std140) uniform;\n"
           "layout(row_major, packed) uniform B { layout(column_major) mat4 m; vec4 v; } b[2];\n"
           "layout(shared) uniform C { mat2 m2; };\n"
           "void main() { gl_FragColor = b[1].m[0] + b[0].v + vec4(m2[1], 0.0, 0.0); }\n", "");
   /* layout qualifier names are case-insensitive in desktop GLSL */
   COMPILE(ubo_exts, EXT "layout(STD140, Row_Major) uniform B { vec4 a; };\n" MAIN, "");
   /* the disable directive takes it away again */
   COMPILE(ubo_exts, EXT "#extension GL_ARB_uniform_buffer_object : disable\n"
           "uniform B { vec4 a; };\n" MAIN,
           "0:3(9): error: uniform blocks need GLSL 1.40 or GL_ARB_uniform_buffer_object");
   /* layout identifiers */
   COMPILE(ubo_exts, EXT "layout(std430) uniform B { vec4 a; };\n" MAIN,
           "0:2(8): error: 'std430' is not a layout qualifier of uniform blocks");
   COMPILE(ubo_exts, EXT "layout(std140 = 2) uniform B { vec4 a; };\n" MAIN,
           "0:2(8): error: layout qualifier 'std140' takes no value");
   COMPILE(ubo_exts, EXT "uniform B { layout(std140) vec4 a; };\n" MAIN,
           "0:2(20): error: layout qualifier 'std140' is not allowed on a block member (only "
           "row_major and column_major are)");
   COMPILE(ubo_exts, EXT "layout(std140) uniform vec4 a;\n" MAIN,
           "0:2(8): error: layout qualifiers are only allowed on uniform blocks, their members "
           "and 'layout(...) uniform;' here");
   COMPILE(ubo_exts, EXT "layout(std140) varying;\n" MAIN,
           "0:2(1): error: a declaration of only qualifiers must be 'layout(...) uniform;'");
   /* members */
   COMPILE(ubo_exts, EXT "uniform B { sampler2D s; };\n" MAIN,
           "0:2(23): error: uniform block member 's' cannot be sampler2D (no opaque types in "
           "uniform blocks)");
   COMPILE(ubo_exts, EXT "uniform B { vec4 a; float a; };\n" MAIN,
           "0:2(27): error: duplicate member 'a' in uniform block 'B'");
   COMPILE(ubo_exts, "#version 120\n" EXT "uniform B { struct S { float x; } s; };\n" MAIN,
           "0:3(13): error: struct definitions are not allowed inside a uniform block in GLSL "
           "1.20 and later");
   /* GLSL 1.10 allows embedded struct definitions (4.1.8), in blocks too */
   COMPILE(ubo_exts, EXT "uniform B { struct { float x; } s[2]; };\n"
           "void main() { gl_FragColor = vec4(s[1].x); }\n", "");
   COMPILE(ubo_exts, EXT "uniform B { varying vec4 a; };\n" MAIN,
           "0:2(13): error: a uniform block member can only have 'uniform', a precision and "
           "the layouts row_major and column_major");
   COMPILE(ubo_exts, EXT "uniform B { uniform vec4 a; };\n" MAIN, "");
   COMPILE(ubo_exts, EXT "uniform B { float a[]; };\n" MAIN,
           "0:2(20): error: array size missing");
   /* names */
   COMPILE(ubo_exts, EXT "uniform B { vec4 a; };\nuniform B { vec4 c; } i;\n" MAIN,
           "0:3(1): error: uniform block 'B' redeclared");
   COMPILE(ubo_exts, EXT "uniform vec4 a;\nuniform B { vec4 a; };\n" MAIN,
           "0:3(18): error: 'a' redeclared");
   COMPILE(ubo_exts, EXT "uniform B { vec4 a; } b;\nuniform vec4 b;\n" MAIN,
           "0:3(14): error: 'b' redeclared");
   /* a block's name names nothing else at global scope (GLSL 1.40 4.3.5.1:
    * block names are scoped at the program level; 1.50 4.3.7), either
    * way round; its own instance and members may take it */
   COMPILE(ubo_exts, EXT "uniform a { vec4 b; };\nstruct a { vec4 c; };\n" MAIN,
           "0:3(1): error: 'a' is the name of a uniform block: it cannot name anything else "
           "at global scope");
   COMPILE(ubo_exts, EXT "uniform a { vec4 b; };\nfloat a;\n" MAIN,
           "0:3(7): error: 'a' is the name of a uniform block: it cannot name anything else "
           "at global scope");
   COMPILE(ubo_exts, EXT "uniform a { vec4 b; };\nfloat a() { return b.x; }\n" MAIN,
           "0:3(7): error: 'a' is the name of a uniform block: it cannot name anything else "
           "at global scope");
   COMPILE(ubo_exts, EXT "float a;\nuniform a { vec4 b; };\n" MAIN,
           "0:3(1): error: 'a' is declared at global scope already: it cannot name a block");
   /* (a struct's name is a type name: the parser takes no block name) */
   COMPILE(ubo_exts, EXT "struct a { vec4 c; };\nuniform a { vec4 b; };\n" MAIN,
           "0:3(11): error: syntax error, unexpected '{', expecting identifier");
   COMPILE(ubo_exts, EXT "uniform a { vec4 b; };\nvoid main() { float a = b.x; "
           "gl_FragColor = vec4(a); }\n", "");
   COMPILE(ubo_exts, EXT "uniform a { vec4 a; };\nuniform B { vec4 c; } B;\n"
           "void main() { gl_FragColor = a + B.c; }\n", "");
   COMPILE(ubo_exts, EXT "uniform gl_B { vec4 a; };\n" MAIN,
           "0:2(1): error: identifier 'gl_B' is reserved (names starting with 'gl_')");
   /* other qualifiers on a block; blocks in functions; writes */
   COMPILE(ubo_exts, EXT "varying B { vec4 a; };\n" MAIN,
           "0:2(9): error: interface blocks need GLSL 1.40 or GLSL ES 3.00");
   COMPILE(ubo_exts, EXT "uniform B { vec4 a; };\nvoid main() { a = vec4(1.0); }\n",
           "0:3(15): error: =: 'a' is read-only");
   /* arrays of blocks: sized, constant indices (1.40 4.3.5.1) */
   COMPILE(ubo_exts, EXT "uniform B { vec4 a; } b[];\n" MAIN,
           "0:2(1): error: the array of uniform blocks 'b' needs a size");
   COMPILE(ubo_exts, EXT "uniform B { vec4 a; } b[2];\nuniform int i;\n"
           "void main() { gl_FragColor = b[i].a; }\n",
           "0:4(32): error: indexing arrays of uniform blocks with non-constant expressions "
           "need GLSL 4.00 or GL_ARB_gpu_shader5");
   COMPILE(ubo_exts, EXT "uniform B { vec4 a; } b[2];\nvoid main() { gl_FragColor = b[2].a; }\n",
           "0:3(32): error: index 2 out of range for uniform block B[2]");
   /* 'packed' is a reserved word in 1.10 / 1.20 unless the extension frees it */
   COMPILE(ubo_exts, "float packed;\n" MAIN, "0:1(7): error: syntax error: 'packed' is reserved");
}

/* ---- the linker's table ---------------------------------------------------- */

static const struct glsl_uniform *
find_uniform(const struct glsl_program_interface *pi, const char *name)
{
   for (unsigned i = 0; i < pi->num_uniforms; i++)
      if (!strcmp(pi->uniforms[i].name, name))
         return &pi->uniforms[i];
   CHECK(0, "no uniform '%s'", name);
   return NULL;
}

#define CHECK_MEMBER(pi, nm, blk, off, astride, mstride, rm, size)                            \
   do {                                                                                     \
      const struct glsl_uniform *u_ = find_uniform(pi, nm);                                 \
      if (u_)                                                                               \
         CHECK(u_->block_index == (blk) && u_->offset == (off) &&                           \
               u_->array_stride == (astride) && u_->matrix_stride == (mstride) &&           \
               u_->row_major == (rm) && u_->array_size == (size) && u_->location == -1,     \
               "%s: block %d offset %u array stride %u matrix stride %u row major %d "      \
               "size %u location %d", nm, u_->block_index, u_->offset, u_->array_stride,    \
               u_->matrix_stride, u_->row_major, u_->array_size, u_->location);             \
   } while (0)

/* The std140 rules by hand (GL 3.1 2.11.4), block L:
 *   vec3 v           base alignment 16 (rule 3)                  offset 0
 *   float f          4, packs after the vec3's 12 bytes             12
 *   vec2 p           8                                              16
 *   float arr[3]     rule 4: alignment and stride 16               32 (to 80)
 *   mat3 m           rule 5: 3 columns of vec3, stride 16          80 (to 128)
 *   row_major mat2x3 r   rule 7: 3 rows of vec2, stride 16        128 (to 176)
 *   S s[2]           rule 9/10: struct S { vec3 a; float b; } is 16 bytes,
 *                    alignment 16: s[0].a 176, s[0].b 188, s[1].a 192, s[1].b 204
 *   bool flag        208;  int i  212
 *   vec4 last        224 (to 240): the block is 240 bytes
 */
static const char *const layout_fs =
   "#version 120\n" EXT
   "struct S { vec3 a; float b; };\n"
   "layout(std140) uniform L {\n"
   "   vec3 v; float f; vec2 p; float arr[3]; mat3 m;\n"
   "   layout(row_major) mat2x3 r; S s[2]; bool flag; int i; vec4 last;\n"
   "} l;\n"
   "layout(row_major) uniform R { mat4 rm; layout(column_major) mat2 cm; };\n"
   "void main() {\n"
   "   gl_FragData[0] = vec4(l.v, l.f);\n"
   "   gl_FragData[1] = vec4(l.p, l.arr[1], l.arr[2]);\n"
   "   gl_FragData[2] = vec4(l.m[1], l.m[2][2]);\n"
   "   gl_FragData[3] = vec4(l.r[0], l.r[1][2]);\n"
   "   gl_FragData[4] = vec4(l.s[1].a, l.flag ? l.s[1].b : 0.0);\n"
   "   gl_FragData[5] = l.last + vec4(float(l.i));\n"
   "   gl_FragData[6] = rm[2] + vec4(cm[1], cm[0]);\n"
   "}\n";

static void
put(uint8_t *buf, unsigned off, float v)
{
   memcpy(buf + off, &v, 4);
}

static void
test_layout_and_exec(void)
{
   struct glsl_compiler_options o = ubo_options();
   struct prog *P = build_with(&o, NULL, layout_fs);
   if (!P)
      return;
   const struct glsl_program_interface *pi = P->pi;
   CHECK(pi->num_blocks == 2, "%u blocks", pi->num_blocks);
   if (pi->num_blocks != 2)
      goto out;
   CHECK(!strcmp(pi->blocks[0].name, "L") && pi->blocks[0].data_size == 240,
         "block 0 %s, %u bytes", pi->blocks[0].name, pi->blocks[0].data_size);
   /* R: row_major mat4 (64 bytes), column_major mat2 (2 columns 16 apart) */
   CHECK(!strcmp(pi->blocks[1].name, "R") && pi->blocks[1].data_size == 96,
         "block 1 %s, %u bytes", pi->blocks[1].name, pi->blocks[1].data_size);
   CHECK(pi->blocks[0].num_uniforms == 13, "L has %u uniforms", pi->blocks[0].num_uniforms);
   CHECK(pi->blocks[0].stages == 1u << GLSL_STAGE_FRAGMENT &&
         pi->blocks[0].cbuf[GLSL_STAGE_FRAGMENT] == GLSL_CBUF_UBO0 &&
         pi->blocks[1].cbuf[GLSL_STAGE_FRAGMENT] == GLSL_CBUF_UBO0 + 1 &&
         pi->blocks[0].cbuf[GLSL_STAGE_VERTEX] == -1, "stages and constant buffers");
   CHECK_MEMBER(pi, "L.v", 0, 0, 0, 0, false, 1);
   CHECK_MEMBER(pi, "L.f", 0, 12, 0, 0, false, 1);
   CHECK_MEMBER(pi, "L.p", 0, 16, 0, 0, false, 1);
   CHECK_MEMBER(pi, "L.arr[0]", 0, 32, 16, 0, false, 3);
   CHECK_MEMBER(pi, "L.m", 0, 80, 0, 16, false, 1);
   CHECK_MEMBER(pi, "L.r", 0, 128, 0, 16, true, 1);
   CHECK_MEMBER(pi, "L.s[0].a", 0, 176, 0, 0, false, 1);
   CHECK_MEMBER(pi, "L.s[0].b", 0, 188, 0, 0, false, 1);
   CHECK_MEMBER(pi, "L.s[1].a", 0, 192, 0, 0, false, 1);
   CHECK_MEMBER(pi, "L.s[1].b", 0, 204, 0, 0, false, 1);
   CHECK_MEMBER(pi, "L.flag", 0, 208, 0, 0, false, 1);
   CHECK_MEMBER(pi, "L.i", 0, 212, 0, 0, false, 1);
   CHECK_MEMBER(pi, "L.last", 0, 224, 0, 0, false, 1);
   CHECK_MEMBER(pi, "rm", 1, 0, 0, 16, true, 1);
   CHECK_MEMBER(pi, "cm", 1, 64, 0, 16, false, 1);
   const struct glsl_uniform *u = find_uniform(pi, "L.m");
   CHECK(u && u->gl_type == 0x8B5B /* GL_FLOAT_MAT3 */, "L.m's type");

   /* the bytes: value = offset / 4 + 1 per float, so every read says where it came from */
   uint8_t l[240], r[96];
   for (unsigned i = 0; i < 240; i += 4)
      put(l, i, (float)(i / 4 + 1));
   int32_t one = 1, seven = 7;
   memcpy(l + 208, &one, 4);
   memcpy(l + 212, &seven, 4);
   for (unsigned i = 0; i < 96; i += 4)
      put(r, i, (float)(100 + i / 4));
   P->cbuf_data[GLSL_CBUF_UBO0] = l;
   P->cbuf_size[GLSL_CBUF_UBO0] = sizeof l;
   P->cbuf_data[GLSL_CBUF_UBO0 + 1] = r;
   P->cbuf_size[GLSL_CBUF_UBO0 + 1] = sizeof r;
   char err[256];
   struct irexec_program *x = irexec_create(pi->ir[GLSL_STAGE_FRAGMENT], err, sizeof err);
   CHECK(x != NULL, "irexec_create: %s", err);
   if (!x)
      goto out;
   const struct irexec_slot *outs;
   unsigned no = irexec_get_outputs(x, &outs);
   float (*res)[4] = calloc(4 * no + 1, sizeof *res);
   float fc[4][4] = { { 0.5f, 0.5f, 0.5f, 1 }, { 1.5f, 0.5f, 0.5f, 1 },
                      { 0.5f, 1.5f, 0.5f, 1 }, { 1.5f, 1.5f, 0.5f, 1 } };
   float in[1][4] = { { 0 } };
   struct irexec_env env;
   env_for(P, 1, &env);
   unsigned discarded = 0;
   CHECK(irexec_run_fragment_quad(x, &env, (const float (*)[4])in, 0xf, true,
                                  (const float (*)[4])fc, res, &discarded), "run");
   float got[8][4];
   memset(got, 0, sizeof got);
   for (unsigned i = 0; i < no; i++)
      if (outs[i].location >= 0 && outs[i].location < 8)
         memcpy(got[outs[i].location], res[i], sizeof got[0]);
   /* v = floats 1..3, f = 4 */
   CHECK_VEC(got[0], 1, 2, 3, 4);
   /* p = 5, 6; arr[k] at 32 + 16 k: floats 13, 17 */
   CHECK_VEC(got[1], 5, 6, 13, 17);
   /* m column 1 at 96: 25, 26, 27; m[2][2] at 112 + 8: 31 */
   CHECK_VEC(got[2], 25, 26, 27, 31);
   /* r row-major: r[c][row] at 128 + 16 row + 4 c; r[0] = (33, 37, 41); r[1][2] = 42 */
   CHECK_VEC(got[3], 33, 37, 41, 42);
   /* s[1].a at 192: 49, 50, 51; flag true, s[1].b at 204: 52 */
   CHECK_VEC(got[4], 49, 50, 51, 52);
   /* last at 224: 57..60, + i (7) */
   CHECK_VEC(got[5], 64, 65, 66, 67);
   /* rm row-major mat4: rm[2] = (rm[2][0..3]) at 8, 24, 40, 56: 102, 106, 110, 114;
    * cm column-major mat2 at 64: cm[1] at 80 (120, 121), cm[0] at 64 (116, 117) */
   CHECK_VEC(got[6], 102 + 120, 106 + 121, 110 + 116, 114 + 117);
   free(res);
   irexec_destroy(x);
out:
   prog_free(P);
}

/* the vertex stage, an array of blocks (one constant buffer per element)
 * and a block both stages declare (one table entry, each stage its own
 * constant buffer) */
static void
test_two_stages(void)
{
   static const char *vs =
      EXT "uniform Shared { vec4 s; };\n"
      "uniform Arr { vec4 a; float k; } arr[3];\n"
      "void main() { gl_Position = s + arr[2].a * arr[1].k; }\n";
   static const char *fs =
      EXT "uniform F { vec4 c; };\nuniform Shared { vec4 s; };\n"
      "void main() { gl_FragColor = c + s; }\n";
   struct glsl_compiler_options o = ubo_options();
   struct prog *P = build_with(&o, vs, fs);
   if (!P)
      return;
   const struct glsl_program_interface *pi = P->pi;
   CHECK(pi->num_blocks == 5, "%u blocks", pi->num_blocks);
   if (pi->num_blocks == 5) {
      CHECK(!strcmp(pi->blocks[0].name, "Shared") && !strcmp(pi->blocks[1].name, "Arr[0]") &&
            !strcmp(pi->blocks[3].name, "Arr[2]") && !strcmp(pi->blocks[4].name, "F"),
            "names %s %s %s", pi->blocks[0].name, pi->blocks[1].name, pi->blocks[4].name);
      CHECK(pi->blocks[0].stages == 3 && pi->blocks[1].stages == 1 && pi->blocks[4].stages == 2,
            "stages");
      CHECK(pi->blocks[0].cbuf[0] == GLSL_CBUF_UBO0 && pi->blocks[0].cbuf[1] == GLSL_CBUF_UBO0 &&
            pi->blocks[3].cbuf[0] == GLSL_CBUF_UBO0 + 3 &&
            pi->blocks[4].cbuf[1] == GLSL_CBUF_UBO0 + 1, "constant buffers");
      CHECK(pi->max_block_name == 7, "max name %u", pi->max_block_name);
      CHECK_MEMBER(pi, "Arr.k", 1, 16, 0, 0, false, 1);
      float s[4] = { 1, 2, 3, 4 }, a1[8] = { 0, 0, 0, 0, 10, 0, 0, 0 },
            a2[8] = { 5, 6, 7, 8, 0, 0, 0, 0 };
      P->cbuf_data[GLSL_CBUF_UBO0] = s;
      P->cbuf_size[GLSL_CBUF_UBO0] = sizeof s;
      P->cbuf_data[GLSL_CBUF_UBO0 + 2] = a1;
      P->cbuf_size[GLSL_CBUF_UBO0 + 2] = sizeof a1;
      P->cbuf_data[GLSL_CBUF_UBO0 + 3] = a2;
      P->cbuf_size[GLSL_CBUF_UBO0 + 3] = sizeof a2;
      float out[34][4];
      run_vertex(P, out);
      CHECK_VEC(out[32], 51, 62, 73, 84);
   }
   prog_free(P);
}

static void
link_expect(const char *vs, const char *fs, const char *want, unsigned max_blocks,
            unsigned max_size)
{
   struct glsl_compiler_options o = ubo_options();
   if (max_blocks) {
      o.max_vertex_uniform_blocks = o.max_fragment_uniform_blocks = max_blocks;
      o.max_combined_uniform_blocks = max_blocks + 1;
   }
   if (max_size)
      o.max_uniform_block_size = max_size;
   const char *srcs[2] = { vs, fs };
   const enum glsl_stage st[2] = { GLSL_STAGE_VERTEX, GLSL_STAGE_FRAGMENT };
   struct glsl_program *p = link_sources(&o, srcs, st, 2, NULL, 0);
   const char *log = glsl_program_info_log(p);
   CHECK(!glsl_program_linked(p) && strstr(log, want), "want '%s', log:\n%s", want, log);
   glsl_program_destroy(p);
}

static void
test_link_errors(void)
{
   link_expect(EXT "uniform B { vec4 a; };\nvoid main() { gl_Position = a; }\n",
               EXT "uniform B { vec4 b; };\nvoid main() { gl_FragColor = b; }\n",
               "error: uniform block 'B' is declared with different members, layouts or array "
               "sizes in the fragment shader", 0, 0);
   link_expect(EXT "layout(std140) uniform B { vec4 a; };\nvoid main() { gl_Position = a; }\n",
               EXT "uniform B { vec4 a; };\nvoid main() { gl_FragColor = a; }\n",
               "is declared with different members", 0, 0);
   link_expect(EXT "uniform B { layout(row_major) mat2 a; };\n"
               "void main() { gl_Position = a[0].xyxy; }\n",
               EXT "uniform B { mat2 a; };\nvoid main() { gl_FragColor = a[0].xyxy; }\n",
               "is declared with different members", 0, 0);
   link_expect(EXT "uniform B { vec4 a; } b[2];\nvoid main() { gl_Position = b[0].a; }\n",
               EXT "uniform B { vec4 a; } b[3];\nvoid main() { gl_FragColor = b[0].a; }\n",
               "is declared with different members", 0, 0);
   link_expect(EXT "uniform B { vec4 a; };\nvoid main() { gl_Position = a; }\n",
               EXT "uniform vec4 a;\nvoid main() { gl_FragColor = a; }\n",
               "error: uniform 'a' is declared both in uniform block 'B' and outside it", 0, 0);
   link_expect(EXT "uniform B { vec4 a; } b[3];\nvoid main() { gl_Position = b[0].a; }\n",
               EXT "void main() { gl_FragColor = vec4(1.0); }\n",
               "error: too many uniform blocks in the vertex shader: 3 (the limit, "
               "GL_MAX_VERTEX_UNIFORM_BLOCKS, is 2)", 2, 0);
   link_expect(EXT "uniform B { vec4 a; } b[2];\nvoid main() { gl_Position = b[0].a; }\n",
               EXT "uniform C { vec4 a; } c[2];\nvoid main() { gl_FragColor = c[0].a; }\n",
               "error: too many uniform blocks: 4 (the limit, GL_MAX_COMBINED_UNIFORM_BLOCKS, "
               "is 3)", 2, 0);
   link_expect(EXT "uniform B { vec4 a[65]; };\nvoid main() { gl_Position = a[0]; }\n",
               EXT "void main() { gl_FragColor = vec4(1.0); }\n",
               "error: uniform block 'B' is 1040 bytes (the limit, GL_MAX_UNIFORM_BLOCK_SIZE, "
               "is 1024)", 0, 1024);
}

int
main(void)
{
   test_front_end();
   test_layout_and_exec();
   test_two_stages();
   test_link_errors();
   if (failures)
      fprintf(stderr, "%d failures\n", failures);
   return failures ? 1 : 0;
}
