/*
 * Shared helper for the pipe-level scene tests (suite 'pipe-draw'): a
 * refpipe screen and context through the pipe-loader on the null winsys,
 * render targets, shaders from Pony IR text, vertex buffers, draws and
 * read-back, plus named cases that count their own failures.
 *
 * Conventions the tests rely on (the pipe interface's usual meaning):
 *  - vertex element i feeds the vertex shader input declared `location i`;
 *  - a generic vertex shader output `location n` feeds the fragment shader
 *    input `location n`; `semantic position` is the clip-space position;
 *  - fragment shader output `location n` goes to colour buffer n;
 *  - window coordinates: x to the right, y = row index in memory (row 0
 *    first), pixel centres at (x + 0.5, y + 0.5) (half_pixel_center);
 *    the default viewport maps NDC [-1, 1] onto [0, w] x [0, h] and
 *    depth [-1, 1] onto [0, 1].
 *
 * Expected values are always computed in the tests from formulas or from
 * the small independent references here (triangle point-in-triangle with
 * exact edge classification, diamond-exit lines, homogeneous clipping).
 */
#ifndef SCENE_H
#define SCENE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "pipe_test.h"

#define SCENE_SKIP 77

struct scene {
   struct pt pt;
   struct pipe_screen *screen;
   struct pipe_context *ctx;

   unsigned w, h;
   unsigned nr_cbufs;
   struct pipe_resource *cbuf[PIPE_MAX_COLOR_BUFS];
   struct pipe_surface *csurf[PIPE_MAX_COLOR_BUFS];
   struct pipe_resource *zs;
   struct pipe_surface *zsurf;

   /* CSOs bound through the scene_* helpers (deleted when replaced) */
   void *blend, *dsa, *rast, *vs, *fs, *velems;

   /* case bookkeeping */
   const char *program;
   char case_name[160];
   bool in_case;
   int case_fails;          /* failed checks in the current case */
   int cases, failed_cases, skipped_cases;
   char failed_names[64][160];
};

/* Creates refpipe; exits 77 (skip) if it cannot draw yet. */
void scene_init(struct scene *, const char *program);
/* Ends the last case, prints a summary, frees everything; exit status. */
int scene_finish(struct scene *);

/* --- named cases ---------------------------------------------------------- */
void scene_case(struct scene *, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Mark the current case skipped (feature not advertised) with a reason. */
void scene_skip_case(struct scene *, const char *why);
/* Record a failed check in the current case (printed up to a limit). */
void scene_fail(struct scene *, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A query's result, waiting for it (a failure is reported and gives 0). */
uint64_t scene_query_result(struct scene *, struct pipe_query *q);
#define SCHECK(s, cond, ...)                    \
   do {                                         \
      if (!(cond))                              \
         scene_fail((s), __VA_ARGS__);          \
   } while (0)
/* true if the current case has no failures so far */
bool scene_case_ok(const struct scene *);

/* --- framebuffer ------------------------------------------------------------ */
/* Create nr colour targets (formats[i]; PIPE_FORMAT_NONE leaves the slot
 * empty) and an optional depth/stencil buffer (NONE: none), bind them, set
 * the default viewport and clear nothing. */
void scene_fb(struct scene *, unsigned w, unsigned h, unsigned nr,
              const enum pipe_format *formats, enum pipe_format zs_format);
void scene_fb1(struct scene *, unsigned w, unsigned h, enum pipe_format cformat,
               enum pipe_format zs_format);
void scene_viewport(struct scene *, float x, float y, float w, float h, float znear,
                    float zfar);
void scene_clear_color(struct scene *, float r, float g, float b, float a);
void scene_clear_zs(struct scene *, unsigned flags, double depth, unsigned stencil);

/* --- state -------------------------------------------------------------------- */
/* Each helper creates a CSO from the template (NULL: the defaults below),
 * binds it and deletes the one it replaces. */
void scene_blend(struct scene *, const struct pipe_blend_state *);
void scene_dsa(struct scene *, const struct pipe_depth_stencil_alpha_state *);
void scene_rast(struct scene *, const struct pipe_rasterizer_state *);
/* Default rasterizer: fill, no culling, front CCW, half-pixel centres,
 * depth clip on, point size and line width 1, flatshade off. */
void scene_rast_defaults(struct pipe_rasterizer_state *);
/* Blend template with blending off and every channel written. */
void scene_blend_defaults(struct pipe_blend_state *);
/* Additive ONE/ONE blending on every target (coverage counting). */
void scene_blend_additive(struct scene *);

/* Shaders from IR text (vertex, geometry or fragment); exits on parse
 * errors (a bug in the test). */
void *scene_shader(struct scene *, enum pipe_shader_type, const char *text,
                   const struct pipe_stream_output_info *so);
void scene_vs(struct scene *, const char *text);
void scene_fs(struct scene *, const char *text);
void scene_shaders(struct scene *, const char *vs, const char *fs);

/* Constant buffer from user memory (copied by the driver). */
void scene_constants(struct scene *, enum pipe_shader_type, unsigned index, const void *data,
                     unsigned size);

/* --- vertices and draws ------------------------------------------------------ */
/* Vertices of nattr vec4 attributes each (R32G32B32A32_FLOAT, element i =
 * attribute i), uploaded into a new buffer and bound as vertex buffer 0. */
void scene_verts(struct scene *, const float *data, unsigned nverts, unsigned nattr);
/* Vertex elements (any formats) and a buffer for slot 'slot'. */
void scene_velems(struct scene *, unsigned n, const struct pipe_vertex_element *);
struct pipe_resource *scene_upload(struct scene *, const void *data, unsigned size,
                                   unsigned bind);
void scene_vbuf(struct scene *, unsigned slot, const void *data, unsigned size,
                unsigned stride, unsigned offset);
void scene_draw(struct scene *, enum pipe_prim_type, unsigned start, unsigned count);
void scene_draw_instanced(struct scene *, enum pipe_prim_type, unsigned start, unsigned count,
                          unsigned start_instance, unsigned instance_count);
/* Indexed draw from an index buffer resource (index_size 1, 2, 4). */
void scene_draw_indexed(struct scene *, enum pipe_prim_type, const void *indices,
                        unsigned index_size, unsigned nindices, unsigned start, unsigned count,
                        int index_bias, bool restart, unsigned restart_index);

/* Clip-space position of a window-space point (x, y in pixels, z in [0, 1])
 * for the default viewport, scaled by w. */
void scene_clip(const struct scene *, float x, float y, float z, float w, float out[4]);

/* --- read-back --------------------------------------------------------------- */
/* Whole colour target unpacked to floats (w * h * 4), malloc'd. */
float *scene_read_rgba(struct scene *, unsigned rt);
/* Raw texel bytes of a colour target, w * h * blocksize, tightly packed. */
uint8_t *scene_read_raw(struct scene *, struct pipe_resource *);
/* Depth as floats in [0, 1] (w * h), stencil bytes (w * h). */
float *scene_read_depth(struct scene *);
uint8_t *scene_read_stencil(struct scene *);
/* Write raw texels into level 0 of a resource (tightly packed rows). */
void scene_write_raw(struct scene *, struct pipe_resource *, unsigned level, unsigned layer,
                     const void *data);

/* --- coverage ---------------------------------------------------------------- */
/* Expected coverage grid: 1 must be covered once, 0 never, -1 either. */
struct scene_grid {
   unsigned w, h;
   int8_t *v;
};
void scene_grid_init(struct scene_grid *, unsigned w, unsigned h, int8_t value);
void scene_grid_fini(struct scene_grid *);
/* OR a triangle (window coordinates) into the grid: centres strictly
 * inside become 1, centres on an edge become -1 unless already 1. */
void scene_grid_tri(struct scene_grid *, const float v[3][2]);
/* Diamond-exit pixel set of one width-1 segment a -> b (1 inside); returns
 * false if the segment is too close to a diamond boundary to decide. */
bool scene_grid_line(struct scene_grid *, const float a[2], const float b[2]);
/* Compare the R channel of an additive-count target (counts) with the grid.
 * Prints the first mismatches; returns the number of bad pixels. */
unsigned scene_check_counts(struct scene *, const float *rgba, const struct scene_grid *,
                            const char *what);
/* Coverage state: RGBA32F target w x h, additive blending, shaders that
 * count 1 per fragment in R, position from attribute 0. */
void scene_count_setup(struct scene *, unsigned w, unsigned h);

/* Reference: 1 if (px, py) is inside triangle v (strictly), 0 outside,
 * -1 on an edge (within eps). */
int scene_ref_tri(const float v[3][2], double px, double py);
/* Signed doubled area in window coordinates (> 0: counter-clockwise with y up). */
double scene_tri_area2(const float v[3][2]);

/* Deterministic random numbers (xorshift). */
uint32_t scene_rand(uint32_t *state);
float scene_randf(uint32_t *state, float lo, float hi);

/* Common shaders. */
/* position from location 0 (clip space), location 1 -> output location 0 */
extern const char scene_vs_pos_attr[];
/* position only */
extern const char scene_vs_pos[];
/* fragment: input location 0 -> colour 0 */
extern const char scene_fs_attr[];
/* fragment: colour 0 = (1, 1, 1, 1) */
extern const char scene_fs_one[];
/* fragment: colour 0 = constant buffer 0 vec4 at offset 0 */
extern const char scene_fs_cbuf[];

#endif
