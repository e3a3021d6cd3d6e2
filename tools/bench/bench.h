/*
 * pony-bench's scenes: the interface between the runner (tools/pony-bench.c)
 * and the scenes (tools/bench/scenes_*.c), and the helpers they share
 * (tools/bench/bench_util.c).
 *
 * A scene is set up untimed, then draws frames; the runner times each
 * frame from a glFinish() before it to a glFinish() after it.  After the
 * last frame, check() reads the picture back and compares it with pixels
 * the scene computes on the CPU from its own arithmetic (never from
 * another driver's picture), within the tolerances it states.
 */
#ifndef PONY_BENCH_H
#define PONY_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <GL/gl.h>
#include <GL/glext.h>

/* GL 1.5 and 2.0 entry points, from eglGetProcAddress (NULL when the
 * context is below that version). */
struct bench_gl {
   bool has_15, has_20;
   void (*GenBuffers)(GLsizei, GLuint *);
   void (*BindBuffer)(GLenum, GLuint);
   void (*BufferData)(GLenum, GLsizeiptr, const void *, GLenum);
   void (*DeleteBuffers)(GLsizei, const GLuint *);
   GLuint (*CreateShader)(GLenum);
   void (*ShaderSource)(GLuint, GLsizei, const char *const *, const GLint *);
   void (*CompileShader)(GLuint);
   void (*GetShaderiv)(GLuint, GLenum, GLint *);
   void (*GetShaderInfoLog)(GLuint, GLsizei, GLsizei *, char *);
   GLuint (*CreateProgram)(void);
   void (*AttachShader)(GLuint, GLuint);
   void (*LinkProgram)(GLuint);
   void (*UseProgram)(GLuint);
   void (*GetProgramiv)(GLuint, GLenum, GLint *);
   void (*GetProgramInfoLog)(GLuint, GLsizei, GLsizei *, char *);
   void (*DeleteShader)(GLuint);
   void (*DeleteProgram)(GLuint);
   GLint (*GetUniformLocation)(GLuint, const char *);
   void (*Uniform1f)(GLint, GLfloat);
   void (*Uniform2f)(GLint, GLfloat, GLfloat);
   void (*Uniform4f)(GLint, GLfloat, GLfloat, GLfloat, GLfloat);
};

/* What a scene sees: the surface, the amount of work, the GL entry
 * points, and a place for the reason of a failure. */
struct bench_ctx {
   int w, h;                /* this scene's surface */
   double scale;            /* multiplies the scene's work per frame */
   int frame;               /* frames drawn so far (warm-up included) */
   const struct bench_gl *gl;
   char why[512];           /* check() or setup() explains a failure here */
};

enum scene_setup {
   SETUP_OK,
   SETUP_NA,      /* the driver lacks what the scene needs: not timed */
   SETUP_FAILED,  /* e.g. a shader that does not compile: a failure */
};

#define SCENE_LEGACY 1u   /* an old workload: 256x256, not in the default set */
#define SCENE_EXTRA 2u    /* not in the default set (issue B's scenes): -w or --all */

struct scene {
   const char *name;
   const char *what;
   unsigned flags;
   size_t state_size;       /* zeroed before setup() */
   enum scene_setup (*setup)(struct bench_ctx *c, void *state);
   void (*frame)(struct bench_ctx *c, void *state);
   bool (*check)(struct bench_ctx *c, void *state);  /* false: c->why says why */
   void (*teardown)(struct bench_ctx *c, void *state);
};

/* The scene tables of each file; bench_collect_scenes() lists them all,
 * the issue-B set first and the legacy workloads last. */
extern const struct scene bench_scenes_fill[], bench_scenes_geom[],
   bench_scenes_shader[], bench_scenes_legacy[];
extern const int bench_num_scenes_fill, bench_num_scenes_geom,
   bench_num_scenes_shader, bench_num_scenes_legacy;

#define BENCH_MAX_SCENES 32
int bench_collect_scenes(const struct scene *out[BENCH_MAX_SCENES]);

/* ---- helpers (bench_util.c) ---- */

/* n * scale, at least 1 */
int bench_scaled(const struct bench_ctx *c, int n);

/* Default GL state, viewport on the surface, identity matrices, cleared
 * to black (colour, depth 1.0). */
void bench_reset_state(const struct bench_ctx *c);

/* Projection mapping object x, y to window x, y (pixels), z to depth
 * as glOrtho(0, w, 0, h, -1, 1). */
void bench_pixel_projection(const struct bench_ctx *c);

/* A quad over the whole surface at NDC depth z (identity matrices
 * expected), texture coordinates (0,0)-(s,t) if tex. */
void bench_fullscreen_quad(float z, bool tex, float s, float t);

/* A deterministic generator (no libc rand state). */
float bench_lcg(uint32_t *s);

/* A CPU picture: RGBA8, row 0 at the bottom like glReadPixels, and per
 * pixel whether the check looks at it. */
struct bench_image {
   int w, h;
   uint8_t *rgba;
   uint8_t *care;
};

bool bench_image_init(struct bench_image *im, int w, int h,
                      const uint8_t bg[4]);
void bench_image_free(struct bench_image *im);
void bench_image_set(struct bench_image *im, int x, int y, const uint8_t c[4]);
/* Fills a rectangle with colour src through one of the blend modes. */
enum bench_blend { BLEND_NONE, BLEND_ALPHA, BLEND_ADD };
void bench_image_rect(struct bench_image *im, int x, int y, int w, int h,
                      const uint8_t src[4], enum bench_blend mode);

/* round(v * 255) of v clamped to [0, 1] */
uint8_t bench_unorm8(double v);

/* glReadPixels of the whole surface as RGBA8 (malloc'd). */
uint8_t *bench_read_rgba(const struct bench_ctx *c);

/* Compares got with the expected picture where im->care: a pixel is bad
 * if any channel differs by more than tol; fails if more than max_bad
 * pixels are bad (writing the count and the first bad pixel into
 * c->why), or if no pixel was looked at. */
bool bench_compare(struct bench_ctx *c, const uint8_t *got,
                   const struct bench_image *im, int tol, long max_bad);

/* Reads the surface and compares it (bench_read_rgba + bench_compare). */
bool bench_check_picture(struct bench_ctx *c, const struct bench_image *im,
                         int tol, long max_bad);

/* Compiles and links a vertex + fragment pair; 0 and c->why on failure. */
GLuint bench_program(struct bench_ctx *c, const char *vs, const char *fs);

/* Any pixel differs from black (0,0,0,0); else c->why = "drew nothing". */
bool bench_drew_something(struct bench_ctx *c);

/* The GL version of the current context is at least major.minor. */
bool bench_gl_version_at_least(int major, int minor);

#endif
