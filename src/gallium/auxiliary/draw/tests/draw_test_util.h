/*
 * draw tests: a capture rasterizer that records what draw emits, a fake
 * vertex shader written in C, and check helpers.
 */
#ifndef DRAW_TEST_UTIL_H
#define DRAW_TEST_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "draw_context.h"

#define CAP_MAX_PRIMS 512
#define CAP_MAX_ATTRIBS 12

enum cap_kind { CAP_POINT, CAP_LINE, CAP_TRI };

struct cap_vertex {
   float clip[4], win[4];
   float attr[CAP_MAX_ATTRIBS][4];
};

struct cap_prim {
   enum cap_kind kind;
   struct cap_vertex v[3];
   float det;
   bool front_facing;
   unsigned edge_flags;
   bool reset_line_stipple;
   unsigned line_replica;
   enum draw_prim_origin origin;
   int32_t primitive_id;
};

struct capture {
   struct draw_raster_iface iface;
   struct draw_context *draw;
   unsigned num;
   struct cap_prim prims[CAP_MAX_PRIMS];
   unsigned flushes;
   unsigned overflow;
};

/* Sets up the capture as draw's rasterize stage. */
void cap_init(struct capture *cap, struct draw_context *draw);
void cap_reset(struct capture *cap);

/*
 * Fake VS: output 0 is the position = matrix * input 0 (identity when
 * no matrix is set); output i >= 1 copies input i (raw bits).  Slot
 * descriptions come from the caller.
 */
struct fake_vs {
   struct draw_vertex_shader base;
   struct draw_vs_slot in[16];
   struct draw_vs_slot out[16];
   bool use_matrix;
   float m[16];       /* column-major like GL */
   unsigned runs;
};

/* n_in inputs at generic locations 0..n_in-1 of base float (4 comps);
 * outputs: slot 0 position, slot i copies input i with the given
 * semantic/location/interp (set by the test after the call). */
void fake_vs_init(struct fake_vs *vs, unsigned n_in);

/* failure accounting */
extern int test_failures;
#define CHECK(cond, ...) do { if (!(cond)) { test_failures++; \
   fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond); \
   fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); } } while (0)
bool feq(float a, float b, float tol);
#define CHECKF(a, b, tol, ...) do { float a_ = (a), b_ = (b); if (!feq(a_, b_, tol)) { \
   test_failures++; fprintf(stderr, "%s:%d: %s = %.9g, expected %.9g (tol %g): ", \
   __FILE__, __LINE__, #a, (double)a_, (double)b_, (double)(tol)); \
   fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); } } while (0)

int test_result(const char *name);

/* xorshift32: the tests' pseudo-random numbers (state must not be 0). */
uint32_t test_rng(uint32_t *state);

/* A rasterizer state with GL's defaults that matter to draw: point size and
 * line width 1, near and far clipping on. */
struct pipe_rasterizer_state test_rast_state(void);

/* Simple non-indexed draw of `count` vertices from a float4 user array
 * per input (inputs[i] has count * 4 floats). */
void draw_float_arrays(struct draw_context *draw, enum pipe_prim_type mode, unsigned count,
                       unsigned n_in, const float *const *inputs);

#include <stdio.h>

#endif
