/*
 * jitpipe's compile threshold (docs/jitpipe.md, "The tiered start"): a
 * fragment variant is compiled only once PONY_JIT_THRESHOLD of its quads
 * have been drawn on swpipe's path, a vertex shader once irexec has run
 * that many of its vertices.  With PONY_JIT=sync the compile runs on the
 * calling thread when the threshold is crossed, so the counters that
 * PONY_DEBUG=jit prints when the context and screen go away say exactly
 * what was compiled and where each quad went.
 *
 * Three sessions, each its own screen with THRESHOLD 1000: a 40x40-pixel
 * rectangle (about 420 quads, 6 vertices) compiles nothing; the same
 * rectangle drawn three times compiles the variant after the first 1000
 * quads, and the rest are fused; 1200 vertices compile the vertex shader.
 * Every picture is checked: white in the rectangle, black elsewhere.
 */
#include <stdlib.h>
#include <string.h>

#include "scene.h"

#define W 64
#define H 64
#define THRESHOLD 1000
#define RECT_X0 8
#define RECT_X1 48

struct counts {
   unsigned vs_compiled, variants_compiled;
   unsigned long long fused, waiting;
   bool found;
};

static int failures;

/* The rectangle [RECT_X0, RECT_X1)^2 as two triangles. */
static void
draw_rect(struct scene *s)
{
   const float a = RECT_X0 * 2.0f / W - 1.0f, b = RECT_X1 * 2.0f / W - 1.0f;
   const float v[6][4] = {
      { a, a, 0, 1 }, { b, a, 0, 1 }, { b, b, 0, 1 },
      { a, a, 0, 1 }, { b, b, 0, 1 }, { a, b, 0, 1 },
   };
   scene_verts(s, &v[0][0], 6, 1);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
}

/* n vertices of degenerate triangles at one point: the vertex shader runs
 * n times, nothing is drawn. */
static void
draw_points_away(struct scene *s, unsigned n)
{
   float *v = calloc(n, 4 * sizeof(float));
   if (!v)
      abort();
   for (unsigned i = 0; i < n; i++)
      v[4 * i + 3] = 1.0f;
   scene_verts(s, v, n, 1);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, n);
   free(v);
}

static void
check_picture(struct scene *s)
{
   uint8_t *px = scene_read_raw(s, s->cbuf[0]);
   unsigned bad = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         bool in = x >= RECT_X0 && x < RECT_X1 && y >= RECT_X0 && y < RECT_X1;
         uint8_t want = in ? 255 : 0;
         const uint8_t *p = px + 4 * (y * W + x);
         if ((p[0] != want || p[1] != want || p[2] != want || p[3] != want) && !bad++)
            scene_fail(s, "pixel (%u, %u) is (%u, %u, %u, %u), expected %u everywhere", x, y,
                       p[0], p[1], p[2], p[3], want);
      }
   }
   free(px);
}

/* Runs one session (rects rectangles, then `vertices` vertices) on a
 * screen of its own and reads the counters from its PONY_DEBUG=jit log. */
static struct counts
session(const char *name, unsigned rects, unsigned vertices)
{
   struct counts c = { 0 };
   struct pt_stderr cap;
   if (!pt_stderr_begin(&cap))
      abort();

   struct scene s;
   scene_init(&s, name);
   scene_fb1(&s, W, H, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_NONE);
   scene_shaders(&s, scene_vs_pos, scene_fs_one);
   scene_case(&s, "%s: %u rectangles, %u more vertices", name, rects, vertices);
   scene_clear_color(&s, 0, 0, 0, 0);
   for (unsigned i = 0; i < rects; i++)
      draw_rect(&s);
   if (vertices)
      draw_points_away(&s, vertices);
   check_picture(&s);
   failures += scene_finish(&s);

   char text[8192];
   pt_stderr_end(&cap, text, sizeof text);
   const char *q = strstr(text, "quads: ");
   const char *vs = strstr(text, "vertex shaders: ");
   const char *fv = strstr(text, "fragment variants: ");
   c.found = q && vs && fv && sscanf(q, "quads: %llu fused, %llu", &c.fused, &c.waiting) == 2 &&
             sscanf(vs, "vertex shaders: %u compiled", &c.vs_compiled) == 1 &&
             sscanf(fv, "fragment variants: %u compiled", &c.variants_compiled) == 1;
   if (!c.found) {
      printf("FAIL %s: no PONY_DEBUG=jit counters in the log:\n%s\n", name, text);
      failures++;
   }
   return c;
}

#define EXPECT(cond, ...)              \
   do {                                \
      if (!(cond)) {                   \
         printf("FAIL " __VA_ARGS__);  \
         printf("\n");                 \
         failures++;                   \
      }                                \
   } while (0)

/* Prints a session's counters and checks what it compiled; false when
 * they are missing. */
static bool
expect_compiled(const struct counts *c, const char *what, unsigned variants, unsigned vs)
{
   if (!c->found)
      return false;
   printf("%s: %llu quads fused, %llu waiting, %u variants, %u vertex shaders compiled\n", what,
          c->fused, c->waiting, c->variants_compiled, c->vs_compiled);
   EXPECT(c->variants_compiled == variants && c->vs_compiled == vs,
          "%s: %u variants and %u vertex shaders compiled, expected %u and %u", what,
          c->variants_compiled, c->vs_compiled, variants, vs);
   return true;
}

int
main(void)
{
   char t[16];
   snprintf(t, sizeof t, "%u", THRESHOLD);
   setenv("PONY_DRIVER", "jitpipe", 1);
   setenv("PONY_JIT", "sync", 1);
   setenv("PONY_JIT_THRESHOLD", t, 1);
   setenv("PONY_THREADS", "0", 1);
   setenv("PONY_SHADER_CACHE", "0", 1);
   setenv("PONY_DEBUG", "jit", 1);

   /* one rectangle: below the threshold in quads and vertices */
   struct counts c = session("below the threshold", 1, 0);
   if (expect_compiled(&c, "below", 0, 0))
      EXPECT(c.fused == 0 && c.waiting >= 400 && c.waiting < THRESHOLD,
             "below: %llu quads fused and %llu on swpipe's path, expected 0 and 400 to %u",
             c.fused, c.waiting, THRESHOLD - 1);

   /* three: the variant is compiled once 1000 quads were drawn without it;
    * the call that crosses adds at most a row of 20 quads */
   c = session("crossing in quads", 3, 0);
   if (expect_compiled(&c, "crossing", 1, 0))
      EXPECT(c.waiting >= THRESHOLD && c.waiting <= THRESHOLD + 20 && c.fused >= 150,
             "crossing: %llu quads on swpipe's path and %llu fused, expected %u to %u and "
             "at least 150", c.waiting, c.fused, THRESHOLD, THRESHOLD + 20);

   /* a rectangle and 1200 vertices: the vertex shader is compiled */
   c = session("crossing in vertices", 1, 1200);
   expect_compiled(&c, "vertices", 0, 1);
   printf("test_pipe_jit_threshold: %s\n", failures ? "FAILED" : "ok");
   return failures ? 1 : 0;
}
