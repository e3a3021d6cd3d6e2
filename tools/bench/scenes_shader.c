/*
 * Shader scenes: the first draw of a new shader per frame (a GLSL pair
 * compiled and linked, GL 2.0; or a fixed-function state not drawn
 * before), and a long-ALU fragment shader over the surface (GL 2.1).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static const uint8_t black[4] = { 0, 0, 0, 0 };

/* ---- the shader pair of "compile" (and of the legacy "shader") ------------ */

/* A ~20-line vertex + fragment shader pair (GLSL 1.10), lit and
 * checkered, with serial k in two constants so that no two pairs are
 * the same text. */
static void
compile_sources(unsigned k, char *vs, size_t vs_len, char *fs, size_t fs_len)
{
   snprintf(vs, vs_len,
            "#version 110\n"
            "uniform vec4 u_tint;\n"
            "varying vec3 v_normal;\n"
            "varying vec2 v_uv;\n"
            "varying vec4 v_color;\n"
            "void main()\n"
            "{\n"
            "   vec4 eye = gl_ModelViewMatrix * gl_Vertex;\n"
            "   v_normal = normalize(gl_NormalMatrix * vec3(0.0, 0.0, 1.0));\n"
            "   v_uv = gl_Vertex.xy * 0.5 + 0.5;\n"
            "   v_color = u_tint * (0.5 + 0.5 * float(%u) / 4096.0);\n"
            "   gl_Position = gl_ProjectionMatrix * eye;\n"
            "}\n", k % 4096);
   snprintf(fs, fs_len,
            "#version 110\n"
            "varying vec3 v_normal;\n"
            "varying vec2 v_uv;\n"
            "varying vec4 v_color;\n"
            "const vec3 light = vec3(0.3, 0.4, 0.866);\n"
            "float checker(vec2 uv)\n"
            "{\n"
            "   vec2 c = floor(uv * %u.0);\n"
            "   return mod(c.x + c.y, 2.0);\n"
            "}\n"
            "void main()\n"
            "{\n"
            "   float d = max(dot(normalize(v_normal), light), 0.0);\n"
            "   float c = 0.25 + 0.75 * checker(v_uv);\n"
            "   vec3 rgb = v_color.rgb * (0.2 + 0.8 * d) * c;\n"
            "   gl_FragColor = vec4(clamp(rgb, 0.0, 1.0), 1.0);\n"
            "}\n", 2 + k % 16);
}

static const float compile_tint[4] = { 1.0f, 0.8f, 0.6f, 1.0f };

/* Compiles, links and draws with pair k, then deletes it; false (and
 * c->why) if it does not build. */
static bool
compile_and_draw(struct bench_ctx *c, unsigned k, const float tri[6])
{
   char vs[1024], fs[1024];
   compile_sources(k, vs, sizeof vs, fs, sizeof fs);
   GLuint prog = bench_program(c, vs, fs);
   if (!prog)
      return false;
   c->gl->UseProgram(prog);
   c->gl->Uniform4f(c->gl->GetUniformLocation(prog, "u_tint"), compile_tint[0],
                    compile_tint[1], compile_tint[2], compile_tint[3]);
   glBegin(GL_TRIANGLES);
   glVertex2f(tri[0], tri[1]);
   glVertex2f(tri[2], tri[3]);
   glVertex2f(tri[4], tri[5]);
   glEnd();
   glFinish();
   c->gl->UseProgram(0);
   c->gl->DeleteProgram(prog);
   return true;
}

/* ---- compile: a distinct pair per frame, drawn on a 128x128 triangle ------ */

#define COMPILE_HALF 64   /* the triangle's half width and half height, pixels */

struct compile_state {
   unsigned serial;
   unsigned last;        /* the pair of the last frame */
   bool failed;
   float tri[6];         /* NDC */
   double px[6];         /* the same in pixels */
};

/* The 128x128-pixel triangle at the surface's centre, in NDC and pixels. */
static void
centre_triangle(const struct bench_ctx *c, float tri[6], double px[6])
{
   double cx = c->w / 2.0, cy = c->h / 2.0;
   const double v[6] = { cx - COMPILE_HALF, cy - COMPILE_HALF, cx + COMPILE_HALF,
                         cy - COMPILE_HALF, cx, cy + COMPILE_HALF };
   for (int i = 0; i < 6; i++) {
      px[i] = v[i];
      tri[i] = (float)((v[i] - (i & 1 ? cy : cx)) / (i & 1 ? cy : cx));
   }
}

static enum scene_setup
compile_setup(struct bench_ctx *c, void *p)
{
   struct compile_state *s = p;
   if (!c->gl->has_20) {
      snprintf(c->why, sizeof(c->why), "needs GL 2.0: GLSL");
      return SETUP_NA;
   }
   centre_triangle(c, s->tri, s->px);
   return SETUP_OK;
}

static void
compile_frame(struct bench_ctx *c, void *p)
{
   struct compile_state *s = p;
   glClear(GL_COLOR_BUFFER_BIT);
   s->last = s->serial++;
   if (!compile_and_draw(c, s->last, s->tri))
      s->failed = true;
}

/* Signed distance of (x, y) from the edge a->b, positive inside a
 * counter-clockwise triangle. */
static double
edge_distance(const double *a, const double *b, double x, double y)
{
   double ex = b[0] - a[0], ey = b[1] - a[1];
   return (ex * (y - a[1]) - ey * (x - a[0])) / sqrt(ex * ex + ey * ey);
}

/* The distance of pixel centre (x, y) inside the triangle px (negative
 * outside). */
static double
triangle_depth(const double *px, double x, double y)
{
   return fmin(edge_distance(&px[0], &px[2], x, y),
               fmin(edge_distance(&px[2], &px[4], x, y), edge_distance(&px[4], &px[0], x, y)));
}

/* Pixels at least 2 pixels inside the triangle and 2 pixels from a
 * checker edge: the fragment shader's arithmetic in double (the normal
 * is (0, 0, 1), so d = 0.866); at least 2 pixels outside: black.
 * Tolerance 3. */
static bool
compile_check(struct bench_ctx *c, void *p)
{
   struct compile_state *s = p;
   if (s->failed)
      return false;
   struct bench_image im;
   if (!bench_image_init(&im, c->w, c->h, black))
      abort();
   unsigned k = s->last;
   double n = 2 + k % 16;
   double scale = (0.5 + 0.5 * (double)(k % 4096) / 4096.0) * (0.2 + 0.8 * 0.866);
   for (int y = 0; y < c->h; y++)
      for (int x = 0; x < c->w; x++) {
         size_t idx = (size_t)y * c->w + x;
         double fx = x + 0.5, fy = y + 0.5;
         double d = triangle_depth(s->px, fx, fy);
         if (d < -2.0)
            continue;   /* outside: black */
         double u = fx / c->w * n, v = fy / c->h * n;
         double du = fmin(u - floor(u), ceil(u) - u) * c->w / n;
         double dv = fmin(v - floor(v), ceil(v) - v) * c->h / n;
         if (d < 2.0 || du < 2.0 || dv < 2.0) {
            im.care[idx] = 0;
            continue;
         }
         double chk = fmod(floor(u) + floor(v), 2.0);
         double cc = 0.25 + 0.75 * chk;
         uint8_t e[4];
         for (int ch = 0; ch < 3; ch++)
            e[ch] = bench_unorm8(compile_tint[ch] * scale * cc);
         e[3] = 255;
         memcpy(&im.rgba[idx * 4], e, 4);
      }
   bool ok = bench_check_picture(c, &im, 3, 0);
   bench_image_free(&im);
   return ok;
}

/* ---- new-state: a fixed-function state not drawn before, per frame -------- */

/* Frame k enables the lights of mask 1 + k % 255 (all directional, or all
 * positional without attenuation: (k / 1020) % 2) and fog mode
 * (k / 255) % 4 (off, linear, exp, exp2): NEW_STATE_COUNT distinct
 * fixed-function states, each new to the driver until the serial wraps.
 * Only ambient terms are non-zero, so every pixel of the triangle gets
 * one colour that the check computes: the enabled lights' ambient
 * colours summed, then fogged at eye distance 0.5. */
#define NEW_STATE_COUNT 2040
#define NEW_STATE_LIGHTS 8

struct new_state_state {
   unsigned serial;
   unsigned last;       /* the state of the last frame */
   float tri[6];        /* NDC */
   double px[6];        /* the same in pixels */
};

static const GLenum new_state_fog[4] = { 0, GL_LINEAR, GL_EXP, GL_EXP2 };
static const float new_state_fog_colour[4] = { 0.2f, 0.6f, 0.9f, 1.0f };

static void
new_state_ambient(unsigned i, float a[4])
{
   a[0] = 0.02f * (float)(i + 1);
   a[1] = 0.015f * (float)(NEW_STATE_LIGHTS - i);
   a[2] = 0.1f;
   a[3] = 1.0f;
}

static enum scene_setup
new_state_setup(struct bench_ctx *c, void *p)
{
   struct new_state_state *s = p;
   static const float zero[4] = { 0, 0, 0, 1 }, one[4] = { 1, 1, 1, 1 };
   centre_triangle(c, s->tri, s->px);
   /* eye z = -0.5: the fog distance */
   glTranslatef(0.0f, 0.0f, -0.5f);
   glLightModelfv(GL_LIGHT_MODEL_AMBIENT, zero);
   glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, one);
   glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, zero);
   glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, zero);
   for (unsigned i = 0; i < NEW_STATE_LIGHTS; i++) {
      float a[4];
      new_state_ambient(i, a);
      glLightfv(GL_LIGHT0 + i, GL_AMBIENT, a);
      glLightfv(GL_LIGHT0 + i, GL_DIFFUSE, zero);
      glLightfv(GL_LIGHT0 + i, GL_SPECULAR, zero);
   }
   glFogfv(GL_FOG_COLOR, new_state_fog_colour);
   glFogf(GL_FOG_START, 0.0f);
   glFogf(GL_FOG_END, 1.0f);
   glFogf(GL_FOG_DENSITY, 1.0f);
   glEnable(GL_LIGHTING);
   return SETUP_OK;
}

static void
new_state_frame(struct bench_ctx *c, void *p)
{
   (void)c;
   struct new_state_state *s = p;
   unsigned k = s->last = s->serial++ % NEW_STATE_COUNT;
   unsigned mask = 1 + k % 255, fog = (k / 255) % 4;
   const float pos[4] = { 0.0f, 0.0f, 1.0f, (float)((k / 1020) % 2) };

   glClear(GL_COLOR_BUFFER_BIT);
   for (unsigned i = 0; i < NEW_STATE_LIGHTS; i++) {
      glLightfv(GL_LIGHT0 + i, GL_POSITION, pos);
      if (mask >> i & 1)
         glEnable(GL_LIGHT0 + i);
      else
         glDisable(GL_LIGHT0 + i);
   }
   if (fog) {
      glFogi(GL_FOG_MODE, (GLint)new_state_fog[fog]);
      glEnable(GL_FOG);
   } else {
      glDisable(GL_FOG);
   }
   glBegin(GL_TRIANGLES);
   glNormal3f(0.0f, 0.0f, 1.0f);
   for (int i = 0; i < 3; i++)
      glVertex2f(s->tri[2 * i], s->tri[2 * i + 1]);
   glEnd();
}

/* The last frame's colour at least 2 pixels inside the triangle, black at
 * least 2 pixels outside; tolerance 2. */
static bool
new_state_check(struct bench_ctx *c, void *p)
{
   struct new_state_state *s = p;
   unsigned k = s->last, mask = 1 + k % 255, fog = (k / 255) % 4;
   double rgb[3] = { 0, 0, 0 };
   for (unsigned i = 0; i < NEW_STATE_LIGHTS; i++) {
      float a[4];
      new_state_ambient(i, a);
      for (int ch = 0; ch < 3 && (mask >> i & 1); ch++)
         rgb[ch] += a[ch];
   }
   /* fog factor at distance 0.5: start 0, end 1, density 1 */
   const double f[4] = { 1.0, 0.5, exp(-0.5), exp(-0.25) };
   uint8_t want[4] = { 0, 0, 0, 255 };
   for (int ch = 0; ch < 3; ch++) {
      double v = fmin(rgb[ch], 1.0);
      want[ch] = bench_unorm8(f[fog] * v + (1.0 - f[fog]) * new_state_fog_colour[ch]);
   }
   struct bench_image im;
   if (!bench_image_init(&im, c->w, c->h, black))
      abort();
   for (int y = 0; y < c->h; y++)
      for (int x = 0; x < c->w; x++) {
         double d = triangle_depth(s->px, x + 0.5, y + 0.5);
         if (d >= 2.0)
            bench_image_set(&im, x, y, want);
         else if (d > -2.0)
            im.care[(size_t)y * c->w + x] = 0;
      }
   bool ok = bench_check_picture(c, &im, 2, 0);
   bench_image_free(&im);
   return ok;
}

static void
new_state_teardown(struct bench_ctx *c, void *p)
{
   (void)c;
   (void)p;
   static const float black_light[4] = { 0, 0, 0, 1 }, white[4] = { 1, 1, 1, 1 };
   static const float model_ambient[4] = { 0.2f, 0.2f, 0.2f, 1 };
   static const float mat_ambient[4] = { 0.2f, 0.2f, 0.2f, 1 };
   static const float mat_diffuse[4] = { 0.8f, 0.8f, 0.8f, 1 };
   /* GL's defaults again */
   glDisable(GL_LIGHTING);
   glDisable(GL_FOG);
   glFogi(GL_FOG_MODE, GL_EXP);
   for (unsigned i = 0; i < NEW_STATE_LIGHTS; i++) {
      glDisable(GL_LIGHT0 + i);
      glLightfv(GL_LIGHT0 + i, GL_AMBIENT, black_light);
      glLightfv(GL_LIGHT0 + i, GL_DIFFUSE, i ? black_light : white);
      glLightfv(GL_LIGHT0 + i, GL_SPECULAR, i ? black_light : white);
   }
   glLightModelfv(GL_LIGHT_MODEL_AMBIENT, model_ambient);
   glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, mat_ambient);
   glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, mat_diffuse);
   glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, black_light);
}

/* ---- alu: a long fragment shader over the surface ------------------------- */

/* A loop of ALU_ITER iterations of a map of [0, 1]^4 into itself (mads,
 * products, a sine), from the pixel's position; the check evaluates the
 * same map in float on the CPU. */
#define ALU_ITER 12

static const char alu_vs[] =
   "#version 120\n"
   "void main()\n"
   "{\n"
   "   gl_Position = gl_Vertex;\n"
   "}\n";

static const char alu_fs_fmt[] =
   "#version 120\n"
   "uniform vec2 u_scale;\n"
   "void main()\n"
   "{\n"
   "   vec2 p = gl_FragCoord.xy * u_scale;\n"
   "   vec4 v = vec4(p.x, p.y, 1.0 - p.x, 1.0 - p.y);\n"
   "   for (int i = 0; i < %d; i++) {\n"
   "      vec4 q = v.yzwx * v.zwxy;\n"
   "      vec4 r = 1.0 - v.wxyz * v.wxyz;\n"
   "      v = 0.5 * v + 0.2 * q + 0.1 * r + 0.05 * sin(v * 3.0 - 1.5 + float(i) * 0.02);\n"
   "   }\n"
   "   gl_FragColor = vec4(clamp(v.xyz, 0.0, 1.0), 1.0);\n"
   "}\n";

struct alu_state {
   GLuint prog;
   int passes;
};

static enum scene_setup
alu_setup(struct bench_ctx *c, void *p)
{
   struct alu_state *s = p;
   if (!c->gl->has_20 || !bench_gl_version_at_least(2, 1)) {
      snprintf(c->why, sizeof(c->why), "needs GL 2.1: GLSL 1.20");
      return SETUP_NA;
   }
   s->passes = bench_scaled(c, 1);
   char fs[1024];
   snprintf(fs, sizeof fs, alu_fs_fmt, ALU_ITER);
   s->prog = bench_program(c, alu_vs, fs);
   if (!s->prog)
      return SETUP_FAILED;
   c->gl->UseProgram(s->prog);
   c->gl->Uniform2f(c->gl->GetUniformLocation(s->prog, "u_scale"), 1.0f / c->w, 1.0f / c->h);
   return SETUP_OK;
}

static void
alu_frame(struct bench_ctx *c, void *p)
{
   (void)c;
   struct alu_state *s = p;
   for (int k = 0; k < s->passes; k++) {
      bench_fullscreen_quad(0.0f, false, 0, 0);
      glFlush();
   }
}

/* Every 7th pixel in x and y (1/49 of them): the loop in float,
 * tolerance 2. */
static bool
alu_check(struct bench_ctx *c, void *p)
{
   (void)p;
   struct bench_image im;
   if (!bench_image_init(&im, c->w, c->h, black))
      abort();
   memset(im.care, 0, (size_t)c->w * c->h);
   float sx = 1.0f / c->w, sy = 1.0f / c->h;
   for (int y = 3; y < c->h; y += 7)
      for (int x = 3; x < c->w; x += 7) {
         float px = (x + 0.5f) * sx, py = (y + 0.5f) * sy;
         float v[4] = { px, py, 1.0f - px, 1.0f - py };
         for (int i = 0; i < ALU_ITER; i++) {
            float n[4];
            for (int k = 0; k < 4; k++) {
               float q = v[(k + 1) & 3] * v[(k + 2) & 3];
               float r = 1.0f - v[(k + 3) & 3] * v[(k + 3) & 3];
               n[k] = 0.5f * v[k] + 0.2f * q + 0.1f * r +
                      0.05f * sinf(v[k] * 3.0f - 1.5f + (float)i * 0.02f);
            }
            memcpy(v, n, sizeof v);
         }
         size_t idx = (size_t)y * c->w + x;
         uint8_t e[4] = { bench_unorm8(v[0]), bench_unorm8(v[1]), bench_unorm8(v[2]), 255 };
         memcpy(&im.rgba[idx * 4], e, 4);
         im.care[idx] = 1;
      }
   bool ok = bench_check_picture(c, &im, 2, 0);
   bench_image_free(&im);
   return ok;
}

static void
alu_teardown(struct bench_ctx *c, void *p)
{
   struct alu_state *s = p;
   if (s->prog) {
      c->gl->UseProgram(0);
      c->gl->DeleteProgram(s->prog);
   }
}

/* ---- legacy "shader": the issue-A workload, unchanged --------------------- */

struct shader_state {
   unsigned serial;
   bool failed;
};

static enum scene_setup
shader_setup(struct bench_ctx *c, void *p)
{
   (void)p;
   if (c->gl->has_20)
      return SETUP_OK;
   snprintf(c->why, sizeof(c->why), "needs GL 2.0: GLSL");
   return SETUP_NA;
}

static void
shader_frame(struct bench_ctx *c, void *p)
{
   struct shader_state *s = p;
   static const float tri[6] = { -0.5f, -0.5f, 0.5f, -0.5f, 0.0f, 0.5f };
   int reps = bench_scaled(c, 1);
   for (int i = 0; i < reps; i++)
      if (!compile_and_draw(c, s->serial++, tri))
         s->failed = true;
}

static bool
shader_check(struct bench_ctx *c, void *p)
{
   struct shader_state *s = p;
   return !s->failed && bench_drew_something(c);
}

const struct scene bench_scenes_shader[] = {
   { "compile", "compile + link + first draw (128x128 px triangle) of a distinct GLSL 1.10 pair",
     0, sizeof(struct compile_state), compile_setup, compile_frame, compile_check, NULL },
   { "new-state", "first draw (128x128 px triangle) of a fixed-function state not drawn before",
     SCENE_EXTRA, sizeof(struct new_state_state), new_state_setup, new_state_frame,
     new_state_check,
     new_state_teardown },
   { "alu", "a full-surface quad, GLSL 1.20 fragment shader looping 12 times (mads, sin)",
     0, sizeof(struct alu_state), alu_setup, alu_frame, alu_check, alu_teardown },
   { "shader", "legacy: compile + link + first draw of a distinct ~20-line GLSL pair",
     SCENE_LEGACY, sizeof(struct shader_state), shader_setup, shader_frame, shader_check, NULL },
};
const int bench_num_scenes_shader =
   (int)(sizeof(bench_scenes_shader) / sizeof(bench_scenes_shader[0]));
