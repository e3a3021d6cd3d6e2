/*
 * jitpipe's tiles and worker threads (docs/jitpipe.md, "Tiles and
 * threads"): on the fused fast path, triangles are copied into bins of
 * 64x64 pixels that span the draws of one state, and rasterized when the
 * state changes, at a context call that could see or change what they
 * draw (flush, read-back, map, clears, ...), at a bound on the bins, or
 * before a line, point or primitive off the fast path: each tile by
 * exactly one thread, its triangles in submission order.
 */
#ifndef JITPIPE_TILES_H
#define JITPIPE_TILES_H

#include <stdint.h>

#include "jit_fs.h"

struct swpipe_context;
struct swpipe_quad;
struct jitpipe_tiles;

/* Tile size in pixels (even, so a 2x2 quad never straddles two tiles). */
#define JITPIPE_TILE_SIZE 64
/* Bounds of one flush's bins: past either, the bins are flushed mid-draw. */
#define JITPIPE_TILES_MAX_TRIS (64u * 1024u)
#define JITPIPE_TILES_MAX_BYTES (16u * 1024u * 1024u)
/* Most threads PONY_THREADS asks for. */
#define JITPIPE_MAX_THREADS 32

/* Wraps the context's raster interface (ctx->ds->raster_iface) so that
 * triangles on the fast path go to the bins, and the context functions
 * that must flush them first; NULL (nothing wrapped) when threads is 0 or
 * memory runs out.  Destroy before the draw module. */
struct jitpipe_tiles *jitpipe_tiles_create(struct swpipe_context *ctx, unsigned threads,
                                           uint64_t debug);
/* Rasterizes what is binned (jitpipe_draw.c calls it when the state changes). */
void jitpipe_tiles_flush(struct jitpipe_tiles *);
/* Joins the workers, restores the raster interface, prints the
 * PONY_DEBUG=jit counters. */
void jitpipe_tiles_destroy(struct jitpipe_tiles *);

/* jitpipe_draw.c: the fused function this draw's triangles use, resolved
 * (jitpipe_quad_emit's variant lookup) on the calling thread; NULL when
 * triangles must be drawn directly (off the fast path, a variant still
 * compiling or failed).  *state: the per-draw values (read-only while the
 * bins are flushed); *num_attrs: the vertex attributes the function reads
 * (0 .. the highest attr index in the key's inputs). */
pony_jit_fs_func jitpipe_draw_tri_func(struct swpipe_context *ctx,
                                       const struct pony_jit_fs_state **state,
                                       unsigned *num_attrs);
/* jitpipe_draw.c: the context's tiles, NULL without (PONY_THREADS=0) */
struct jitpipe_tiles *jitpipe_context_tiles(struct swpipe_context *ctx);
/* jitpipe_draw.c: quads the tiles drew with the fused function (PONY_DEBUG=jit) */
void jitpipe_draw_count_fused(struct swpipe_context *ctx, uint64_t quads);

#endif
