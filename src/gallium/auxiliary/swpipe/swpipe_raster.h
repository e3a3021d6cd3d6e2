/*
 * swpipe's rasterizer: turns window-space triangles, 1-pixel lines and
 * 1-pixel points into 2x2 quads of fragments, exactly by GL's rules:
 *  - triangles: pixel sample positions inside the triangle, with vertices
 *    snapped to a fixed-point grid of SWPIPE_SUBPIXEL_BITS fraction bits and
 *    samples on an edge owned by the top-left (or bottom-left) fill rule;
 *  - lines: the diamond-exit rule of GL 2.1 section 3.4.1, evaluated
 *    exactly (with the spec's (epsilon, epsilon^2) endpoint perturbation
 *    done symbolically), line stipple;
 *  - points: the one pixel whose square contains the point.
 *
 * Window coordinates: x grows to the right, y grows downwards (row 0 is the
 * first row of the surface in memory).  Pixel (px, py) covers
 * [px, px + 1) x [py, py + 1); its sample position is its centre when
 * half_pixel_center is set, else its upper-left corner.
 *
 * Quads: a quad is the 2x2 pixel block at even (x, y); lane i is pixel
 * (x + (i & 1), y + (i >> 1)).  The mask says which lanes are covered; the
 * others are helper lanes (they are shaded for derivatives only).
 *
 * Interpolation: each primitive carries three barycentric planes l_i(x, y)
 * (l_i of vertex i, affine in window x, y, evaluated at sample positions):
 * triangles: the screen-space barycentrics; lines: 1 - t and t with GL's
 * t = ((p - a) . (b - a)) / |b - a|^2; points: l_0 = 1.  Depth is
 * sum(l_i z_i); perspective-correct attributes are
 * sum(l_i a_i / w_i) / sum(l_i / w_i); noperspective ones sum(l_i a_i); flat
 * ones come from the provoking vertex.
 */
#ifndef SWPIPE_RASTER_H
#define SWPIPE_RASTER_H

#include <stdbool.h>
#include <stdint.h>

/* A vertex as the rasterizer sees it. */
struct swpipe_raster_vertex {
   float win[4];               /* window x, y, z and 1/w */
   const float (*attr)[4];     /* attributes (VS outputs), may be NULL */
};

/* Per-draw rasterization state (derived from the bound state). */
struct swpipe_raster_state {
   /* pixels outside [minx, maxx) x [miny, maxy) are never produced
    * (framebuffer size intersected with the scissor) */
   int clip_minx, clip_miny, clip_maxx, clip_maxy;
   bool half_pixel_center;
   bool bottom_edge_rule;      /* bottom-left instead of top-left fill rule */
   bool flatshade_first;       /* provoking vertex: first, else last */
   bool line_last_pixel;       /* lines also produce the end point's pixel */
   bool line_stipple_enable;
   unsigned line_stipple_factor;     /* repeat factor, 1..256 */
   unsigned line_stipple_pattern;    /* 16 bits, bit 0 first */
   bool poly_stipple_enable;
   /* row y % 32, bit 31 - x % 32 (MSB = leftmost), with y in GL window
    * coordinates: fb_height - 1 - y with the bottom-edge rule */
   uint32_t poly_stipple[32];
   int fb_height;
   bool sprite_coord_lower_left; /* point coord t grows upwards */
   /* Multisampling: triangles test coverage at this position of each pixel
    * (units of 1 / (1 << SWPIPE_SUBPIXEL_BITS) pixel from its upper-left
    * corner) instead of the centre when sample_pos_enable; interpolation
    * (colours, depth) stays at the pixel's centre. */
   bool sample_pos_enable;
   int sample_x, sample_y;
   unsigned fb_samples;        /* samples per pixel of the framebuffer (1: single) */
   bool multisample;           /* the rasterizer's multisample (GL_MULTISAMPLE) */
};

/* One primitive as the fragment stages see it. */
struct swpipe_prim {
   const struct swpipe_raster_vertex *v[3];
   unsigned num_verts;         /* 1 point, 2 line, 3 triangle */
   unsigned provoking;         /* index into v[] */
   bool front_facing;
   int32_t primitive_id;       /* gl_PrimitiveID without a geometry shader */
   double ox, oy;              /* plane origin (window coordinates) */
   double bary[3][3];          /* l_i = bary[i][0] + bary[i][1] (x - ox) + bary[i][2] (y - oy) */
   /* points: gl_PointCoord = (pc[0] + pc[1] (x - ox), pc[2] + pc[3] (y - oy)) */
   double pc[4];
};

/* Every vertex of the primitive has the same 1/w: perspective-correct
 * interpolation is the linear one (swpipe_quad_shade, jit_fs.c). */
static inline bool
swpipe_prim_affine(const struct swpipe_prim *p)
{
   for (unsigned i = 1; i < p->num_verts && i < 3; i++)
      if (p->v[i]->win[3] != p->v[0]->win[3])
         return false;
   return true;
}

/* The depth plane of p: z = zp[0] + zp[1] (x - ox) + zp[2] (y - oy), the
 * sum of the barycentric planes weighted by the vertices' window z (what
 * sum(l_i z_i) is in real arithmetic; jit_fs.c evaluates the same plane). */
static inline void
swpipe_prim_zplane(const struct swpipe_prim *p, double zp[3])
{
   for (unsigned j = 0; j < 3; j++) {
      zp[j] = 0.0;
      for (unsigned i = 0; i < p->num_verts && i < 3; i++)
         zp[j] += p->bary[i][j] * (double)p->v[i]->win[2];
   }
}

/* Attribute slot `attr` has the same bits at every vertex of p. */
static inline bool
swpipe_attr_constant(const struct swpipe_prim *p, unsigned attr)
{
   for (unsigned i = 1; i < p->num_verts && i < 3; i++)
      if (__builtin_memcmp(p->v[i]->attr[attr], p->v[0]->attr[attr], 16) != 0)
         return false;
   return true;
}

struct swpipe_quad {
   int x, y;                   /* upper-left pixel, both even */
   unsigned mask;              /* covered lanes, 4 bits */
   unsigned sample;            /* which sample of the pixels (multisampling) */
   unsigned layer;             /* which layer of the surfaces (layered rendering) */
   const struct swpipe_prim *prim;
};

typedef void (*swpipe_quad_func)(void *priv, const struct swpipe_quad *quad);
typedef void (*swpipe_prim_func)(void *priv);
/* n quads of `first`'s primitive at (first->x + 2 i, first->y), i < n,
 * each with all four pixels covered */
typedef void (*swpipe_run_func)(void *priv, const struct swpipe_quad *first, unsigned n);

struct swpipe_rasterizer {
   struct swpipe_raster_state state;
   unsigned line_stipple_counter;    /* GL's s: fragments since the last reset */
   unsigned sample;                  /* the sample index emitted quads carry */
   unsigned layer;                   /* the layer they carry (from each surface's first) */
   int32_t primitive_id;             /* their primitive's (draw_prim::primitive_id) */
   swpipe_quad_func emit;
   /* runs of whole quads along a row go here when set, else quad by quad
    * to emit */
   swpipe_run_func emit_run;
   /* called (when set) after the last quad of each primitive: a primitive
    * covers each pixel once, so quads may be held until then */
   swpipe_prim_func prim_done;
   void *emit_priv;
};

/* Sub-pixel precision of vertex positions for triangles and lines. */
#define SWPIPE_SUBPIXEL_BITS 8

/* Window coordinates beyond this magnitude are clamped before snapping
 * (draw clips to the view volume, so only bad input gets near it). */
#define SWPIPE_MAX_WINDOW_COORD 1048576.0f

/* A window coordinate on the grid of SWPIPE_SUBPIXEL_BITS fraction bits:
 * NaN as 0, clamped to +-SWPIPE_MAX_WINDOW_COORD, rounded half away from
 * zero (what llround does: c * 256 is exact in double and at most 2^28,
 * so adding +-0.5 is exact too, or only rounds within (-1, 1) where the
 * truncation is 0 either way; tested against llround in swpipe-raster). */
static inline int64_t
swpipe_snap(float coord)
{
   double c = coord;
   if (!(c == c))
      c = 0.0;   /* NaN */
   if (c > SWPIPE_MAX_WINDOW_COORD)
      c = SWPIPE_MAX_WINDOW_COORD;
   if (c < -SWPIPE_MAX_WINDOW_COORD)
      c = -SWPIPE_MAX_WINDOW_COORD;
   double t = c * (double)(1 << SWPIPE_SUBPIXEL_BITS);
   return (int64_t)(t + (t < 0.0 ? -0.5 : 0.5));
}

/* swpipe_setup.c: sample position offset, snapping, interpolation setup,
 * polygon stipple and emission of one pixel / one quad. */
double swpipe_sample_offset(const struct swpipe_raster_state *);
void swpipe_setup_tri_planes(struct swpipe_prim *prim, const double x[3], const double y[3]);
void swpipe_setup_line_planes(struct swpipe_prim *prim, const double x[2], const double y[2]);
void swpipe_setup_point_planes(struct swpipe_prim *prim, const struct swpipe_raster_state *,
                                double size);
bool swpipe_pixel_in_clip(const struct swpipe_raster_state *, int x, int y);
bool swpipe_poly_stipple_passes(const struct swpipe_raster_state *, int x, int y);
void swpipe_emit_quad(struct swpipe_rasterizer *, const struct swpipe_prim *, int qx, int qy,
                       unsigned mask);
/* n whole quads from (qx, qy) to the right */
void swpipe_emit_run(struct swpipe_rasterizer *, const struct swpipe_prim *, int qx, int qy,
                      unsigned n);

/* The standard sample positions of a pixel with n samples (n = 2, 4, 8;
 * else the centre), in units of 1 / (1 << SWPIPE_SUBPIXEL_BITS) pixel from
 * the upper-left corner, y down.  Exposed for tests and
 * get_sample_position. */
void swpipe_sample_position(unsigned n, unsigned s, int *x, int *y);

/* swpipe_raster_tri.c / _line.c / _point.c */
void swpipe_raster_tri(struct swpipe_rasterizer *, const struct swpipe_raster_vertex *v0,
                        const struct swpipe_raster_vertex *v1,
                        const struct swpipe_raster_vertex *v2, bool front_facing);
void swpipe_raster_line(struct swpipe_rasterizer *, const struct swpipe_raster_vertex *v0,
                         const struct swpipe_raster_vertex *v1, bool reset_stipple);
void swpipe_raster_point(struct swpipe_rasterizer *, const struct swpipe_raster_vertex *v0);

/* The diamond-exit test for one pixel, in fixed point: endpoints and the
 * pixel's centre in units of 1 / (2 << SWPIPE_SUBPIXEL_BITS) pixel (twice
 * the snapping grid, so centres at .5 are exact).  Exposed for tests. */
bool swpipe_line_covers(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t cx,
                         int64_t cy, bool last_pixel);

#endif
