/*
 * Texture sampling for software drivers: GL's texture lookup rules applied
 * to a texture a driver describes with plain pointers and strides.
 *
 * A driver fills a struct u_sampler_texture from its own resource (one data
 * pointer and two strides per mipmap level), and calls u_sampler_sample*()
 * with the bound pipe_sampler_view and pipe_sampler_state and a request of
 * four lanes (a 2x2 fragment quad, or four independent vertices).  Nothing
 * here allocates, keeps state or crashes on bad input: a texture that cannot
 * be sampled (NULL data, PIPE_FORMAT_NONE, levels out of range) reads as
 * zeros.
 *
 * What happens, in order (GL 2.1 section 3.8.8 and GL 4.6 chapter 8):
 *  - projection (coords and compare reference divided by 'proj');
 *  - cube maps: face selection by the major axis (table 8.19);
 *  - LOD: rho from the derivatives (the quad's for U_SAMPLE_IMPLICIT and
 *    U_SAMPLE_BIAS, the request's for U_SAMPLE_GRAD), lambda = log2(rho) +
 *    sampler lod_bias + request bias, clamped to [min_lod, max_lod]
 *    (U_SAMPLE_LOD takes the request's lod as lambda before the sampler bias);
 *    magnification when lambda <= c (c = 0.5 for mag LINEAR with min
 *    NEAREST_MIPMAP_*, else 0); level(s) chosen between the view's
 *    first_level (GL's base) and min(view last_level, texture last_level);
 *  - texel addressing with the wrap modes, offsets, border colour, seamless
 *    cube filtering (sampler seamless_cube_map) across faces;
 *  - texel decode by the *view's* format (u_format: sRGB decoded before
 *    filtering; L/I/A expansion; compressed blocks; depth formats give depth
 *    in R, 0, 0, 1);
 *  - shadow comparison per texel, then filtering of the 0/1 results (PCF);
 *    the result replicated in R, G, B and A;
 *  - the view's swizzle last (PIPE_SWIZZLE_X..W, 0, 1; NONE acts as identity).
 *
 * Coordinates are normalized unless the view's target is PIPE_TEXTURE_RECT or
 * the sampler's normalized_coords is 0 (then they are in texels and there is
 * only level first_level; REPEAT and MIRROR_* wrap modes act as
 * CLAMP_TO_EDGE).  State trackers must set normalized_coords = 1 for every
 * non-rectangle sampler.
 *
 * Integer textures (pure UINT/SINT formats and S8_UINT) are always filtered
 * NEAREST (mip filter LINEAR acts as NEAREST): GL leaves linear filtering of
 * them undefined.  Their border colour is border_color.ui / .i; other
 * textures take border_color.f as final RGBA (not decoded from sRGB; the
 * state tracker adapts it to L/I/A formats), depth compares take
 * border_color.f[0] as the depth.  Anisotropy is not implemented.
 */
#ifndef U_SAMPLER_H
#define U_SAMPLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pipe/p_defines.h"
#include "pipe/p_format.h"
#include "pipe/p_state.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Lanes per request. */
#define U_SAMPLER_LANES 4

/*
 * Where one mipmap level lives in memory.
 *  - data: the first block of layer (or slice, or cube face) 0 of the level;
 *  - row_stride: bytes between rows of blocks (a row of 4x4 blocks for
 *    compressed formats);
 *  - layer_stride: bytes between 3D slices, array layers and cube faces
 *    (faces in PIPE_TEX_FACE_* order; cube arrays store 6 faces per cube,
 *    layer = 6 * cube + face).  Unused for 1D/2D/rect textures.
 * The sampler only reads through 'data'; u_mipmap_generate writes to the
 * same memory through separate non-const pointers.
 */
struct u_sampler_level {
   const void *data;
   unsigned row_stride;
   size_t layer_stride;
};

/*
 * A texture as the driver stores it.  Level l is
 * max(1, width0 >> l) x max(1, height0 >> l) x max(1, depth0 >> l) texels
 * (height 1 for 1D and 1D arrays; depth 1 except for 3D).  array_size is the
 * number of layers (6 for cubes, 6 * cubes for cube arrays, 1 otherwise).
 * Levels 0..last_level must have data; a level whose data is NULL reads as 0.
 *
 * PIPE_BUFFER (texture buffers): level[0].data is the start of the buffer,
 * width0 its size in bytes; the view's buf_offset/buf_size (bytes) and format
 * select the elements.  Only U_SAMPLE_FETCH and U_SAMPLE_SIZE work on buffers.
 */
struct u_sampler_texture {
   enum pipe_format format;            /* the resource's format */
   enum pipe_texture_target target;    /* the resource's target */
   unsigned width0, height0, depth0;
   unsigned array_size;
   unsigned last_level;
   unsigned nr_samples;                /* 0 or 1: single-sampled; else samples per
                                          texel, stored like layers: layer z,
                                          sample s is slice z * nr_samples + s */
   struct u_sampler_level level[PIPE_MAX_TEXTURE_LEVELS];
};

enum u_sample_op {
   U_SAMPLE_IMPLICIT = 0,  /* texture():        LOD from the quad's derivatives */
   U_SAMPLE_BIAS,          /* texture(, bias):   the same plus lod[] as a bias */
   U_SAMPLE_LOD,           /* textureLod():      lod[] is lambda */
   U_SAMPLE_GRAD,          /* textureGrad():     ddx[]/ddy[] per lane */
   U_SAMPLE_FETCH,         /* texelFetch():      icoord[], ilod[] */
   U_SAMPLE_SIZE,          /* textureSize():     ilod[]; result (w, h, d/layers, 0) */
   U_SAMPLE_QUERY_LOD,     /* textureQueryLod(): result (mip level accessed, lambda, 0, 0) */
   U_SAMPLE_LEVELS,        /* textureQueryLevels(): result (levels, 0, 0, 0) */
   U_SAMPLE_GATHER,        /* textureGather():   component gather_comp of the 2x2
                              LINEAR footprint at the base level, in GL's order
                              (i0,j1), (i1,j1), (i1,j0), (i0,j0); shadow: the
                              four comparison results */
};

/*
 * One lookup for up to four lanes.  Zero-fill, then set what the op needs.
 *
 * coord[lane] components, as the IR's 'coord' operand orders them:
 *   1D (s), 2D/rect (s, t), 3D (s, t, r), cube (x, y, z direction),
 *   1D array (s, layer), 2D array (s, t, layer), cube array (x, y, z, layer).
 *   Array layers are not divided by 'proj' and are selected as
 *   clamp(floor(layer + 0.5), 0, layers - 1) within the view's layers.
 * icoord[lane] (U_SAMPLE_FETCH): integer texel coordinates in the same
 *   order (x, y, z or layer); for buffers x is the element index.  A texel
 *   outside the level (or a level outside the view) reads as (0, 0, 0, 0).
 *
 * Derivatives for U_SAMPLE_IMPLICIT, U_SAMPLE_BIAS and U_SAMPLE_QUERY_LOD:
 *  - has_derivs: ddx[]/ddy[] as given (e.g. an interpreter that already
 *    differenced the quad); otherwise
 *  - quad: the lanes are a 2x2 fragment quad, lane 0 (x, y), lane 1 (x+1, y),
 *    lane 2 (x, y+1), lane 3 (x+1, y+1); d/dx = lane1 - lane0 and
 *    d/dy = lane2 - lane0 of the (projected) coordinates, for all four lanes
 *    (all four lanes' coords must be valid, even lanes outside lane_mask,
 *    e.g. helper pixels); otherwise
 *  - (vertex/geometry shaders) derivatives are 0: lambda is -inf before
 *    clamping, i.e. the base level with the mag filter.
 *  U_SAMPLE_GRAD always uses ddx[]/ddy[].
 *
 * proj: divide the coordinates (not the layer) and the compare reference by
 *   proj[lane] (textureProj).
 * compare: shadow lookups (sampler compare_mode = 1 with a depth format):
 *   the reference value per lane.  Ignored when compare_mode is 0.
 * offset[lane]: texel offsets (x, y, z), added in texel space before wrapping
 *   (and to icoord for U_SAMPLE_FETCH).  Ignored on cube targets.
 * lod[lane]: lambda_base for U_SAMPLE_LOD; the bias for U_SAMPLE_BIAS.
 * bias[lane]: the shader's bias, added to lambda_base (with the sampler's
 *   lod_bias) for every op that computes a LOD; 0 when there is none.
 * ilod[lane]: the level for U_SAMPLE_FETCH and U_SAMPLE_SIZE, relative to
 *   the view's first_level (ignored for rect and buffer targets).
 * sample[lane]: U_SAMPLE_FETCH on a multisample texture (nr_samples > 1):
 *   the sample to read (texelFetch of a sampler2DMS[Array]; a sample outside
 *   0..nr_samples-1 reads as (0, 0, 0, 0)).  Single-sampled textures ignore
 *   it.
 * ddx/ddy[lane]: derivatives of the coordinates (without the layer;
 *   cube: of the direction) for U_SAMPLE_GRAD or with has_derivs, in
 *   normalized units (texels for rect).
 * gather_comp: U_SAMPLE_GATHER's component (0..3) of the texels after the
 *   view swizzle (so a swizzle of 0 or 1 gathers constants, as GL says).
 */
struct u_sample_request {
   enum u_sample_op op;
   unsigned lane_mask;                 /* bit i: lane i is active */
   bool quad;
   bool has_derivs;
   bool has_proj;
   bool has_offset;
   float coord[U_SAMPLER_LANES][4];
   int32_t icoord[U_SAMPLER_LANES][4];
   float proj[U_SAMPLER_LANES];
   float compare[U_SAMPLER_LANES];
   int32_t offset[U_SAMPLER_LANES][3];
   float lod[U_SAMPLER_LANES];
   float bias[U_SAMPLER_LANES];
   int32_t ilod[U_SAMPLER_LANES];
   int32_t sample[U_SAMPLER_LANES];
   float ddx[U_SAMPLER_LANES][3];
   float ddy[U_SAMPLER_LANES][3];
   unsigned gather_comp;
};

/*
 * Sample: results for the active lanes in out[lane][R, G, B, A]; inactive
 * lanes are left unchanged.  Choose the variant by the result type the
 * shader expects (the IR instruction's type):
 *  - u_sampler_sample: float results (float/unorm/snorm/depth textures,
 *    shadow lookups, U_SAMPLE_QUERY_LOD).  Integer texels are converted with
 *    a C cast; integer results of SIZE/LEVELS are converted to float.
 *  - u_sampler_sample_uint / _int: integer textures, and SIZE / LEVELS.
 *    Float texels are converted with a saturating cast.
 * 'view' and 'sampler' may not be NULL except that 'sampler' is unused (may
 * be NULL) for U_SAMPLE_FETCH, U_SAMPLE_SIZE and U_SAMPLE_LEVELS.
 */
void
u_sampler_sample(const struct u_sampler_texture *tex,
                 const struct pipe_sampler_view *view,
                 const struct pipe_sampler_state *sampler,
                 const struct u_sample_request *req,
                 float out[U_SAMPLER_LANES][4]);

void
u_sampler_sample_uint(const struct u_sampler_texture *tex,
                      const struct pipe_sampler_view *view,
                      const struct pipe_sampler_state *sampler,
                      const struct u_sample_request *req,
                      uint32_t out[U_SAMPLER_LANES][4]);

void
u_sampler_sample_int(const struct u_sampler_texture *tex,
                     const struct pipe_sampler_view *view,
                     const struct pipe_sampler_state *sampler,
                     const struct u_sample_request *req,
                     int32_t out[U_SAMPLER_LANES][4]);

/*
 * textureSize(): the size of level first_level + lod of the view, as the IR's
 * txs returns it (1D: w; 2D/rect/cube: w, h; 3D: w, h, d; 1D array: w,
 * layers; 2D array: w, h, layers; cube array: w, h, cubes; buffer: elements).
 * Unused components are 0.  Returns the number of components written into
 * size[], or 0 (and zeros) when lod is outside the view's levels.
 */
unsigned
u_sampler_texture_size(const struct u_sampler_texture *tex,
                       const struct pipe_sampler_view *view,
                       int lod, int32_t size[4]);

/* Number of levels the view exposes (textureQueryLevels()). */
unsigned
u_sampler_view_levels(const struct u_sampler_texture *tex,
                      const struct pipe_sampler_view *view);

/* Level l's dimensions in texels (1 for unused dimensions; 3D depth only). */
void
u_sampler_level_size(const struct u_sampler_texture *tex, unsigned level,
                     unsigned *width, unsigned *height, unsigned *depth);

/* A view that shows the whole texture with its own format and target,
 * identity swizzle: for drivers that sample a resource directly (blits). */
void
u_sampler_default_view(const struct u_sampler_texture *tex,
                       struct pipe_sampler_view *view);

#ifdef __cplusplus
}
#endif

#endif
