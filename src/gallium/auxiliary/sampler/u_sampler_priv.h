/*
 * What the sampler's source files share: the resolved lookup parameters and
 * the helpers each file owns (texel reads: u_sampler_texel.c; wrap modes:
 * u_sampler_wrap.c; LOD and level choice: u_sampler_lod.c; cube faces and
 * seams: u_sampler_cube.c).
 */
#ifndef U_SAMPLER_PRIV_H
#define U_SAMPLER_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "format/u_format.h"
#include "sampler/u_sampler.h"

/* How texels of a format come out. */
enum u_sampler_kind {
   U_SAMPLER_KIND_FLOAT = 0,   /* colour: unorm, snorm, float, sRGB, compressed */
   U_SAMPLER_KIND_UINT,
   U_SAMPLER_KIND_SINT,
   U_SAMPLER_KIND_DEPTH,       /* depth in f[0], (d, 0, 0, 1) */
};

union u_sampler_texel {
   float f[4];
   int32_t i[4];
   uint32_t u[4];
};

/* One call's parameters, resolved once. */
struct u_sampler_ctx {
   const struct u_sampler_texture *tex;
   const struct pipe_sampler_view *view;
   const struct pipe_sampler_state *state;
   enum pipe_format format;                 /* the view's (or the texture's) */
   const struct util_format_description *desc;
   enum pipe_texture_target target;         /* the view's */
   enum u_sampler_kind kind;
   bool compare;                            /* shadow comparison on */
   bool clamp_ref;                          /* fixed-point depth: clamp ref to [0, 1] */
   bool normalized;
   unsigned base_level, max_level;          /* GL's b and q */
   unsigned first_layer, num_layers;        /* layers of the view (cubes: faces) */
};

/* u_sampler_texel.c */
bool
u_sampler_ctx_init(struct u_sampler_ctx *ctx, const struct u_sampler_texture *tex,
                   const struct pipe_sampler_view *view,
                   const struct pipe_sampler_state *state);
void
u_sampler_texel_read(const struct u_sampler_ctx *ctx, unsigned level, int x, int y,
                     int z, union u_sampler_texel *out);
void
u_sampler_texel_border(const struct u_sampler_ctx *ctx, union u_sampler_texel *out);

/* u_sampler_wrap.c: u is in texels with the offset applied; 'size' > 0.
 * Results outside [0, size) mean the border colour. */
int
u_sampler_wrap_nearest(unsigned wrap, float u, int size);
void
u_sampler_wrap_linear(unsigned wrap, float u, int size, int *i0, int *i1, float *w);
/* Wrap mode used for unnormalized (texel) coordinates. */
unsigned
u_sampler_wrap_unnormalized(unsigned wrap);

/* u_sampler_lod.c */
float
u_sampler_lambda_from_derivs(const float dx[3], const float dy[3], const float size[3],
                             unsigned dims);
float
u_sampler_lambda_clamp(const struct pipe_sampler_state *state, float lambda);
struct u_sampler_levels {
   bool mag;              /* magnification: level0 with the mag filter */
   unsigned level0, level1;
   float weight;          /* of level1 */
};
void
u_sampler_select_levels(const struct u_sampler_ctx *ctx, float lambda,
                        struct u_sampler_levels *out);

/* u_sampler_cube.c */
struct u_sampler_cube_coord {
   unsigned face;          /* PIPE_TEX_FACE_* */
   float s, t;             /* in [0, 1] on the face */
   int axis_s, axis_t, axis_m;
   float sign_s, sign_t;   /* sc = sign_s * dir[axis_s], tc = sign_t * dir[axis_t] */
   float ma;               /* |dir[axis_m]| */
   float sign_m;
};
void
u_sampler_cube_select(const float dir[3], struct u_sampler_cube_coord *out);
/* d(s, t) / d(something) on the face from d(dir): into dst[0..1]. */
void
u_sampler_cube_deriv(const struct u_sampler_cube_coord *c, const float dir[3],
                     const float ddir[3], float dst[2]);
/* A texel just outside face 'face' (x or y out of [0, size), not both):
 * where it is on the adjacent face.  Returns false for corners. */
bool
u_sampler_cube_neighbour(unsigned face, int x, int y, int size,
                         unsigned *nface, int *nx, int *ny);

#endif
