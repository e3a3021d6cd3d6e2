/*
 * Tiles and worker threads (docs/jitpipe.md, "Tiles and threads"): a
 * scene of triangles binned per tile over as many draws as keep the same
 * state.
 *
 * The context's raster interface (swpipe_draw.c) is wrapped.  A triangle
 * whose state is on the fused fast path (single-sampled: the fast path
 * requires it) and whose variant is compiled is not rasterized at once: its
 * three raster vertices (window position, the attributes the fused function
 * reads), its facing and whether polygon stipple applies are copied into
 * the bins' memory (draw frees its vertices before draw_vbo returns), and
 * its index is appended to the bin of every 64x64 tile its snapped,
 * clipped bounding box touches (conservatively: a tile it misses draws
 * nothing there).  Exception: while nothing is binned, the first
 * TILES_DIRECT_TRIS triangles of a draw whose window box spans less than a
 * tile are rasterized at once (small draws skip the bins; the order is
 * kept since the bins are empty).
 *
 * The bins outlive the draw.  They are flushed when the draw state
 * changes (jitpipe_draw_validate: anything but the vertex input), by the
 * context functions that could change what binned triangles read or show
 * what they write (the scene, below: state other than the vertex input,
 * clears, copies, blits, transfers, queries, flush; so glFlush/glFinish,
 * read-back and map flush), when they pass JITPIPE_TILES_MAX_TRIS /
 * _BYTES (the scene's memory bound), and before anything is rasterized
 * directly (a line, a point, a triangle off the fast path or while its
 * variant compiles), so primitives keep their order.  A flush
 * rasterizes each non-empty tile on exactly one thread, its triangles in
 * submission order, with swpipe_raster_tri() on a copy of the rasterizer
 * whose clip rectangle is the tile's part of the draw's; its quads go to
 * the fused function with per-thread counters (quads, samples passed),
 * added to the context after the flush.  Tiles are aligned to even pixels,
 * so no quad straddles two tiles, and swpipe_raster_tri() computes each
 * pixel's coverage exactly, whatever the clip rectangle around it: every
 * pixel sees the same fragments in the same order as without tiles, and
 * the picture never depends on the number of threads.
 *
 * Threads: PONY_THREADS = N >= 1 (jitpipe_screen.c) gives a pool of N - 1
 * workers per context, started at the first flush that wants them; the
 * calling thread takes tiles too.  Tiles are taken with an atomic counter;
 * the caller waits for the workers on a condition variable.  Small flushes
 * (one tile, or little area) run on the caller alone, as does everything in
 * a forked child (the pool's threads are the parent's).
 *
 * What runs on the workers and why it is safe: swpipe_raster_tri() (its
 * own rasterizer copy and prim on the stack), the fused function (it reads
 * the pony_jit_fs_state and constant buffers, copies the sysvals onto its
 * stack, writes only the colour/depth texels of its quad: each texel
 * belongs to one tile), and the texture callout jit_tex_callout() ->
 * swpipe_tex.c tex_sample() -> u_sampler, which read the bound views,
 * samplers and texture descriptions and write only their output arguments
 * (the sampler, format and irexec libraries keep no mutable globals).  The
 * variant is resolved on the calling thread before binning
 * (jitpipe_draw_tri_func): nothing of the context is written by a worker.
 */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jitpipe_screen.h"
#include "jitpipe_tiles.h"
#include "swpipe_draw.h"
#include "util/u_debug.h"

/* A flush whose triangles' clipped bounding boxes cover less than this
 * many pixels in all runs on the calling thread (waking workers costs
 * more than it saves). */
#define TILES_MIN_THREADED_AREA (2 * JITPIPE_TILE_SIZE * JITPIPE_TILE_SIZE)

#define ONE ((int64_t)1 << SWPIPE_SUBPIXEL_BITS)

/* Up to this many triangles of a draw that each lie in one tile are drawn
 * at once while nothing is binned: small draws skip the bins. */
#define TILES_DIRECT_TRIS 8

struct tile_tri {
   float win[3][4];         /* window x, y, z, 1/w */
   uint32_t attr;           /* first float of vertex 0's attributes in attrs[] */
   uint8_t front_facing;
   uint8_t stipple;         /* polygon stipple applies (a polygon, not a point square) */
};

struct tile_bin {
   uint32_t *tri;           /* indices into tris[], in submission order */
   uint32_t n, cap;
};

struct tile_counts {
   uint64_t quads, samples;
};

struct tile_pool {
   pthread_t thread[JITPIPE_MAX_THREADS];
   unsigned num;            /* workers running */
   pid_t pid;               /* the process that started them */
   pthread_mutex_t lock;
   pthread_cond_t work, done;
   uint64_t generation;     /* one per flush handed to the workers */
   unsigned busy;           /* workers not done with the current flush */
   bool quit;
   struct jitpipe_tiles *job;
   struct tile_counts counts;   /* the workers' sums for the current flush */
};

struct jitpipe_tiles {
   struct swpipe_context *ctx;
   struct draw_raster_iface orig;   /* swpipe's interface, which we wrap */
   struct pipe_context orig_pipe;   /* swpipe's context functions, some wrapped */
   unsigned threads;        /* PONY_THREADS */
   uint64_t debug;

   /* the binned triangles of one flush, all with this function and state */
   pony_jit_fs_func func;
   const struct pony_jit_fs_state *state;
   unsigned num_attrs;
   struct swpipe_rasterizer rast;   /* the draw's rasterizer, at the first triangle */
   struct tile_tri *tris;
   uint32_t num_tris, cap_tris;
   float *attrs;
   size_t num_floats, cap_floats;
   size_t bin_entries;      /* triangle indices in the bins */
   uint64_t area;           /* pixels of the clipped bounding boxes */
   unsigned tiles_x, tiles_y;
   struct tile_bin *bins;   /* tiles_x * tiles_y of them */
   size_t cap_bins;
   uint32_t *used;          /* the non-empty tiles, in order of first use */
   unsigned num_used;
   atomic_uint next;        /* the next entry of used[] a thread takes */

   struct tile_pool *pool;
   bool pool_failed;
   unsigned draw_direct;    /* triangles of this draw drawn at once (tiles_tri) */

   /* PONY_DEBUG=jit */
   uint64_t flushes, flushes_caller, tiles_flushed, tris_binned;
   unsigned max_threads;
};

/* ------------------------------------------------------------------ */
/* Rasterizing a tile                                                  */
/* ------------------------------------------------------------------ */

/* The rasterizer's callbacks in a tile: the thread's own batch (its own
 * counters), as jitpipe_quad_emit / jitpipe_run_emit / jitpipe_prim_done
 * collect the draw's (jitpipe_draw.c).  Binned triangles have vertex
 * attributes whenever the function reads them (tiles_tri). */
static void
tile_quad_emit(void *priv, const struct swpipe_quad *quad)
{
   struct jitpipe_batch *b = priv;
   if (!b->q.count)
      jitpipe_batch_prim(b, quad->prim);
   jitpipe_batch_add(b, quad->x, quad->y, quad->mask);
}

static void
tile_run_emit(void *priv, const struct swpipe_quad *first, unsigned n)
{
   struct jitpipe_batch *b = priv;
   if (!b->q.count)
      jitpipe_batch_prim(b, first->prim);
   jitpipe_batch_add_run(b, first->x, first->y, n);
}

static void
tile_prim_done(void *priv)
{
   jitpipe_batch_run(priv);
}

static int
imax(int a, int b)
{
   return a > b ? a : b;
}

static int
imin(int a, int b)
{
   return a < b ? a : b;
}

static void
run_tile(struct jitpipe_tiles *t, unsigned id, struct tile_counts *c)
{
   const struct tile_bin *bin = &t->bins[id];
   struct jitpipe_batch batch;
   batch.q.count = 0;
   batch.func = t->func;
   batch.state = t->state;
   batch.quads = batch.samples = 0;
   struct swpipe_rasterizer r = t->rast;
   int x0 = (int)(id % t->tiles_x) * JITPIPE_TILE_SIZE;
   int y0 = (int)(id / t->tiles_x) * JITPIPE_TILE_SIZE;

   r.state.clip_minx = imax(t->rast.state.clip_minx, x0);
   r.state.clip_miny = imax(t->rast.state.clip_miny, y0);
   r.state.clip_maxx = imin(t->rast.state.clip_maxx, x0 + JITPIPE_TILE_SIZE);
   r.state.clip_maxy = imin(t->rast.state.clip_maxy, y0 + JITPIPE_TILE_SIZE);
   /* single-sampled: raster_tri's one sample pass */
   r.sample = 0;
   r.layer = 0;   /* binned states write first layers (build_key) */
   r.state.sample_pos_enable = false;
   swpipe_sample_position(1, 0, &r.state.sample_x, &r.state.sample_y);
   r.emit = tile_quad_emit;
   r.emit_run = tile_run_emit;
   r.prim_done = tile_prim_done;
   r.emit_priv = &batch;
   for (uint32_t k = 0; k < bin->n; k++) {
      const struct tile_tri *tri = &t->tris[bin->tri[k]];
      struct swpipe_raster_vertex v[3];
      for (unsigned i = 0; i < 3; i++) {
         memcpy(v[i].win, tri->win[i], sizeof v[i].win);
         v[i].attr = t->num_attrs
                        ? (const float (*)[4])(t->attrs + tri->attr + (size_t)i * 4 * t->num_attrs)
                        : NULL;
      }
      r.state.poly_stipple_enable = t->rast.state.poly_stipple_enable && tri->stipple;
      swpipe_raster_tri(&r, &v[0], &v[1], &v[2], tri->front_facing);
   }
   c->quads += batch.quads;
   c->samples += batch.samples;
}

/* Take tiles until none is left. */
static void
run_tiles(struct jitpipe_tiles *t, struct tile_counts *c)
{
   for (;;) {
      unsigned i = atomic_fetch_add_explicit(&t->next, 1, memory_order_relaxed);
      if (i >= t->num_used)
         break;
      run_tile(t, t->used[i], c);
   }
}

/* ------------------------------------------------------------------ */
/* The pool                                                            */
/* ------------------------------------------------------------------ */

static void *
worker_main(void *arg)
{
   struct tile_pool *pool = arg;
   uint64_t seen = 0;

   pthread_mutex_lock(&pool->lock);
   for (;;) {
      while (!pool->quit && pool->generation == seen)
         pthread_cond_wait(&pool->work, &pool->lock);
      if (pool->quit)
         break;
      /* the caller waits for every worker before the next generation, so
       * each worker takes part in each flush exactly once */
      seen = pool->generation;
      struct jitpipe_tiles *t = pool->job;
      pthread_mutex_unlock(&pool->lock);

      struct tile_counts c = { 0, 0 };
      run_tiles(t, &c);

      pthread_mutex_lock(&pool->lock);
      pool->counts.quads += c.quads;
      pool->counts.samples += c.samples;
      if (--pool->busy == 0)
         pthread_cond_signal(&pool->done);
   }
   pthread_mutex_unlock(&pool->lock);
   return NULL;
}

static void
pool_stop(struct tile_pool *pool)
{
   if (!pool)
      return;
   if (pool->pid != getpid()) {
      /* a forked child: the threads are the parent's; the lock may have
       * been copied held.  Leave it all. */
      return;
   }
   pthread_mutex_lock(&pool->lock);
   pool->quit = true;
   pthread_cond_broadcast(&pool->work);
   pthread_mutex_unlock(&pool->lock);
   for (unsigned i = 0; i < pool->num; i++)
      pthread_join(pool->thread[i], NULL);
   pthread_cond_destroy(&pool->done);
   pthread_cond_destroy(&pool->work);
   pthread_mutex_destroy(&pool->lock);
   free(pool);
}

/* The context's pool, started now if needed; NULL: run on the caller. */
static struct tile_pool *
get_pool(struct jitpipe_tiles *t)
{
   struct tile_pool *pool = t->pool;

   if (pool)
      return pool->pid == getpid() ? pool : NULL;
   if (t->pool_failed || t->threads < 2)
      return NULL;
   pool = calloc(1, sizeof *pool);
   if (!pool) {
      t->pool_failed = true;
      return NULL;
   }
   pool->pid = getpid();
   pthread_mutex_init(&pool->lock, NULL);
   pthread_cond_init(&pool->work, NULL);
   pthread_cond_init(&pool->done, NULL);
   for (unsigned i = 0; i + 1 < t->threads && i < JITPIPE_MAX_THREADS; i++) {
      if (pthread_create(&pool->thread[pool->num], NULL, worker_main, pool))
         break;
      pool->num++;
   }
   if (!pool->num) {
      pool_stop(pool);
      t->pool_failed = true;
      return NULL;
   }
   t->pool = pool;
   return pool;
}

/* ------------------------------------------------------------------ */
/* Flushing                                                            */
/* ------------------------------------------------------------------ */

void
jitpipe_tiles_flush(struct jitpipe_tiles *t)
{
   struct tile_counts c = { 0, 0 };
   struct tile_pool *pool = NULL;

   if (!t || !t->num_tris)
      return;
   if (t->threads > 1 && t->num_used > 1 && t->area >= TILES_MIN_THREADED_AREA)
      pool = get_pool(t);
   atomic_store_explicit(&t->next, 0, memory_order_relaxed);
   if (!pool) {
      run_tiles(t, &c);
      t->flushes_caller++;
      if (!t->max_threads)
         t->max_threads = 1;
   } else {
      /* the mutex orders the bins before the workers' reads, and their
       * writes (pixels, counts) before our return */
      pthread_mutex_lock(&pool->lock);
      pool->job = t;
      pool->busy = pool->num;
      pool->counts.quads = pool->counts.samples = 0;
      pool->generation++;
      pthread_cond_broadcast(&pool->work);
      pthread_mutex_unlock(&pool->lock);

      run_tiles(t, &c);

      pthread_mutex_lock(&pool->lock);
      while (pool->busy)
         pthread_cond_wait(&pool->done, &pool->lock);
      c.quads += pool->counts.quads;
      c.samples += pool->counts.samples;
      pool->job = NULL;
      pthread_mutex_unlock(&pool->lock);
      if (pool->num + 1 > t->max_threads)
         t->max_threads = pool->num + 1;
   }
   t->ctx->samples_passed += c.samples;
   jitpipe_draw_count_fused(t->ctx, c.quads);

   t->flushes++;
   t->tiles_flushed += t->num_used;
   for (unsigned i = 0; i < t->num_used; i++)
      t->bins[t->used[i]].n = 0;
   t->num_used = 0;
   t->num_tris = 0;
   t->num_floats = 0;
   t->bin_entries = 0;
   t->area = 0;
   t->func = NULL;
   t->state = NULL;
}

/* ------------------------------------------------------------------ */
/* Binning                                                             */
/* ------------------------------------------------------------------ */

static bool
grow(void **p, size_t *cap, size_t need, size_t size)
{
   if (need <= *cap)
      return true;
   size_t n = *cap ? *cap : 256;
   while (n < need)
      n *= 2;
   void *q = realloc(*p, n * size);
   if (!q)
      return false;
   *p = q;
   *cap = n;
   return true;
}

/* The first triangle of a flush: its function, state and tile grid. */
static bool
begin(struct jitpipe_tiles *t, pony_jit_fs_func func, const struct pony_jit_fs_state *state,
      unsigned num_attrs)
{
   const struct swpipe_raster_state *rs = &t->ctx->ds->rast.state;
   int maxx = rs->clip_maxx > 0 ? rs->clip_maxx : 0, maxy = rs->clip_maxy > 0 ? rs->clip_maxy : 0;
   unsigned tx = (unsigned)(maxx + JITPIPE_TILE_SIZE - 1) / JITPIPE_TILE_SIZE;
   unsigned ty = (unsigned)(maxy + JITPIPE_TILE_SIZE - 1) / JITPIPE_TILE_SIZE;
   size_t n = (size_t)tx * ty, old = t->cap_bins;

   if (n > old) {
      struct tile_bin *b = realloc(t->bins, n * sizeof *b);
      if (!b)
         return false;
      t->bins = b;
      memset(b + old, 0, (n - old) * sizeof *b);
      uint32_t *u = realloc(t->used, n * sizeof *u);
      if (!u)
         return false;
      t->used = u;
      t->cap_bins = n;
   }
   t->tiles_x = tx;
   t->tiles_y = ty;
   t->func = func;
   t->state = state;
   t->num_attrs = num_attrs;
   t->rast = t->ctx->ds->rast;
   return true;
}

static int64_t
floor_div(int64_t a, int64_t b)
{
   int64_t q = a / b;
   return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* Bins the triangle; false when out of memory (nothing is binned). */
static bool
bin_tri(struct jitpipe_tiles *t, const struct draw_prim *p, bool stipple)
{
   const struct swpipe_raster_state *rs = &t->rast.state;
   int64_t x0 = INT64_MAX, y0 = INT64_MAX, x1 = INT64_MIN, y1 = INT64_MIN;

   /* the pixels swpipe_raster_tri() may produce, widened by one: their
    * sample positions lie in the snapped vertices' bounding box */
   for (unsigned i = 0; i < 3; i++) {
      int64_t X = swpipe_snap(p->v[i]->win[0]), Y = swpipe_snap(p->v[i]->win[1]);
      x0 = X < x0 ? X : x0;
      x1 = X > x1 ? X : x1;
      y0 = Y < y0 ? Y : y0;
      y1 = Y > y1 ? Y : y1;
   }
   x0 = floor_div(x0, ONE) - 1;
   y0 = floor_div(y0, ONE) - 1;
   x1 = floor_div(x1, ONE) + 1;
   y1 = floor_div(y1, ONE) + 1;
   if (x0 < rs->clip_minx)
      x0 = rs->clip_minx;
   if (y0 < rs->clip_miny)
      y0 = rs->clip_miny;
   if (x1 > rs->clip_maxx - 1)
      x1 = rs->clip_maxx - 1;
   if (y1 > rs->clip_maxy - 1)
      y1 = rs->clip_maxy - 1;
   if (x0 > x1 || y0 > y1)
      return true;   /* nothing to draw */

   unsigned tx0 = (unsigned)x0 / JITPIPE_TILE_SIZE, tx1 = (unsigned)x1 / JITPIPE_TILE_SIZE;
   unsigned ty0 = (unsigned)y0 / JITPIPE_TILE_SIZE, ty1 = (unsigned)y1 / JITPIPE_TILE_SIZE;
   size_t nf = (size_t)12 * t->num_attrs;
   {
      size_t cap = t->cap_tris;
      if (!grow((void **)&t->tris, &cap, t->num_tris + 1, sizeof *t->tris))
         return false;
      t->cap_tris = (uint32_t)cap;
   }
   if (!grow((void **)&t->attrs, &t->cap_floats, t->num_floats + nf, sizeof *t->attrs))
      return false;
   for (unsigned ty = ty0; ty <= ty1; ty++) {
      for (unsigned tx = tx0; tx <= tx1; tx++) {
         struct tile_bin *b = &t->bins[ty * t->tiles_x + tx];
         size_t cap = b->cap;
         if (!grow((void **)&b->tri, &cap, (size_t)b->n + 1, sizeof *b->tri))
            return false;   /* only capacities grew */
         b->cap = (uint32_t)cap;
      }
   }

   uint32_t idx = t->num_tris++;
   struct tile_tri *tri = &t->tris[idx];
   tri->attr = (uint32_t)t->num_floats;
   tri->front_facing = p->front_facing;
   tri->stipple = stipple;
   for (unsigned i = 0; i < 3; i++) {
      memcpy(tri->win[i], p->v[i]->win, sizeof tri->win[i]);
      if (nf)
         memcpy(t->attrs + t->num_floats + (size_t)i * 4 * t->num_attrs, p->v[i]->attr,
                (size_t)16 * t->num_attrs);
   }
   t->num_floats += nf;
   for (unsigned ty = ty0; ty <= ty1; ty++) {
      for (unsigned tx = tx0; tx <= tx1; tx++) {
         unsigned id = ty * t->tiles_x + tx;
         struct tile_bin *b = &t->bins[id];
         if (!b->n)
            t->used[t->num_used++] = id;
         b->tri[b->n++] = idx;
      }
   }
   t->bin_entries += (size_t)(tx1 - tx0 + 1) * (ty1 - ty0 + 1);
   t->area += (uint64_t)(x1 - x0 + 1) * (uint64_t)(y1 - y0 + 1);
   t->tris_binned++;
   return true;
}

static size_t
bin_bytes(const struct jitpipe_tiles *t)
{
   return (size_t)t->num_tris * sizeof(struct tile_tri) + t->num_floats * sizeof(float) +
          t->bin_entries * sizeof(uint32_t);
}

/* ------------------------------------------------------------------ */
/* The wrapped raster interface (priv: the jitpipe_tiles)              */
/* ------------------------------------------------------------------ */

static void
tiles_tri(void *priv, const struct draw_prim *p)
{
   struct jitpipe_tiles *t = priv;
   struct swpipe_draw_state *ds = t->ctx->ds;
   const struct pony_jit_fs_state *state = NULL;
   unsigned num_attrs = 0;
   pony_jit_fs_func func = NULL;

   if (!p || !p->v[0] || !p->v[1] || !p->v[2])
      return;
   if (ds->rast.state.fb_samples == 1)
      func = jitpipe_draw_tri_func(t->ctx, &state, &num_attrs);
   if (t->num_tris && (func != t->func || state != t->state || num_attrs != t->num_attrs))
      jitpipe_tiles_flush(t);
   /* the first triangles of a draw, while nothing is binned, when their
    * window box spans less than a tile: drawn at once (with the bins empty
    * any triangle may be, the order is kept; binning small ones costs more
    * than the threads give back) */
   if (func && !t->num_tris && t->draw_direct < TILES_DIRECT_TRIS) {
      const float *a = p->v[0]->win, *b = p->v[1]->win, *c = p->v[2]->win;
      float x0 = fminf(a[0], fminf(b[0], c[0])), x1 = fmaxf(a[0], fmaxf(b[0], c[0]));
      float y0 = fminf(a[1], fminf(b[1], c[1])), y1 = fmaxf(a[1], fmaxf(b[1], c[1]));
      if (x1 - x0 < (float)JITPIPE_TILE_SIZE && y1 - y0 < (float)JITPIPE_TILE_SIZE) {
         t->draw_direct++;
         t->orig.tri(t->ctx, p);
         return;
      }
   }
   if (func && !t->num_tris && !begin(t, func, state, num_attrs))
      func = NULL;
   /* polygon stipple applies to polygons only, not to point squares (raster_tri) */
   if (!func || !bin_tri(t, p, p->origin == DRAW_ORIGIN_POLYGON)) {
      jitpipe_tiles_flush(t);
      t->orig.tri(t->ctx, p);
      return;
   }
   if (t->num_tris >= JITPIPE_TILES_MAX_TRIS || bin_bytes(t) >= JITPIPE_TILES_MAX_BYTES)
      jitpipe_tiles_flush(t);
}

static void
tiles_line(void *priv, const struct draw_prim *p)
{
   struct jitpipe_tiles *t = priv;

   jitpipe_tiles_flush(t);
   t->orig.line(t->ctx, p);
}

static void
tiles_point(void *priv, const struct draw_prim *p)
{
   struct jitpipe_tiles *t = priv;

   jitpipe_tiles_flush(t);
   t->orig.point(t->ctx, p);
}

static void
tiles_draw_flush(void *priv)
{
   struct jitpipe_tiles *t = priv;

   /* the bins stay for the next draws (the scene, above) */
   t->draw_direct = 0;
   if (t->orig.flush)
      t->orig.flush(t->ctx);
}

/* ------------------------------------------------------------------ */
/* The scene: the pipe calls that flush the bins first                 */
/* ------------------------------------------------------------------ */

/* The bins outlive a draw: they are flushed when the draw state changes
 * (jitpipe_draw_validate) and by every context function that could
 * change what binned triangles read or show what they write: state that
 * is not the vertex input, resources read or written (clears, copies,
 * blits, transfers, subdata), queries, and flush itself.  The calls that
 * only concern vertex input (vertex buffers and elements, the vertex
 * stage's constant buffers), and the creation of objects, do not flush:
 * binned triangles are past the vertex stage, and their attributes are
 * copies. */
static struct jitpipe_tiles *
ctx_tiles(struct pipe_context *pipe)
{
   return jitpipe_context_tiles(swpipe_context(pipe));
}

#define FLUSH_FIRST(name, params, args)                 \
   static void w_##name params                          \
   {                                                    \
      struct jitpipe_tiles *t = ctx_tiles(p);           \
      jitpipe_tiles_flush(t);                           \
      t->orig_pipe.name args;                           \
   }
#define FLUSH_FIRST_RET(type, name, params, args)       \
   static type w_##name params                          \
   {                                                    \
      struct jitpipe_tiles *t = ctx_tiles(p);           \
      jitpipe_tiles_flush(t);                           \
      return t->orig_pipe.name args;                    \
   }

FLUSH_FIRST_RET(bool, begin_query, (struct pipe_context *p, struct pipe_query *q), (p, q))
FLUSH_FIRST_RET(bool, end_query, (struct pipe_context *p, struct pipe_query *q), (p, q))
FLUSH_FIRST_RET(bool, get_query_result,
                (struct pipe_context *p, struct pipe_query *q, bool wait,
                 union pipe_query_result *r), (p, q, wait, r))
FLUSH_FIRST(render_condition, (struct pipe_context *p, struct pipe_query *q, bool c, bool wait),
            (p, q, c, wait))
FLUSH_FIRST(bind_blend_state, (struct pipe_context *p, void *cso), (p, cso))
FLUSH_FIRST(delete_blend_state, (struct pipe_context *p, void *cso), (p, cso))
FLUSH_FIRST(bind_depth_stencil_alpha_state, (struct pipe_context *p, void *cso), (p, cso))
FLUSH_FIRST(delete_depth_stencil_alpha_state, (struct pipe_context *p, void *cso), (p, cso))
FLUSH_FIRST(bind_rasterizer_state, (struct pipe_context *p, void *cso), (p, cso))
FLUSH_FIRST(delete_rasterizer_state, (struct pipe_context *p, void *cso), (p, cso))
FLUSH_FIRST(bind_sampler_states,
            (struct pipe_context *p, enum pipe_shader_type st, unsigned start, unsigned n,
             void **cso), (p, st, start, n, cso))
FLUSH_FIRST(delete_sampler_state, (struct pipe_context *p, void *cso), (p, cso))
FLUSH_FIRST(bind_vs_state, (struct pipe_context *p, void *cso), (p, cso))
FLUSH_FIRST(delete_vs_state, (struct pipe_context *p, void *cso), (p, cso))
FLUSH_FIRST(bind_fs_state, (struct pipe_context *p, void *cso), (p, cso))
FLUSH_FIRST(delete_fs_state, (struct pipe_context *p, void *cso), (p, cso))
FLUSH_FIRST(bind_gs_state, (struct pipe_context *p, void *cso), (p, cso))
FLUSH_FIRST(delete_gs_state, (struct pipe_context *p, void *cso), (p, cso))
FLUSH_FIRST(set_blend_color, (struct pipe_context *p, const struct pipe_blend_color *c), (p, c))
FLUSH_FIRST(set_stencil_ref, (struct pipe_context *p, const struct pipe_stencil_ref r), (p, r))
FLUSH_FIRST(set_sample_mask, (struct pipe_context *p, unsigned m), (p, m))
FLUSH_FIRST(set_clip_state, (struct pipe_context *p, const struct pipe_clip_state *c), (p, c))
FLUSH_FIRST(set_polygon_stipple, (struct pipe_context *p, const struct pipe_poly_stipple *ps),
            (p, ps))
FLUSH_FIRST(set_scissor_states,
            (struct pipe_context *p, unsigned start, unsigned n, const struct pipe_scissor_state *sc),
            (p, start, n, sc))
FLUSH_FIRST(set_viewport_states,
            (struct pipe_context *p, unsigned start, unsigned n,
             const struct pipe_viewport_state *vp), (p, start, n, vp))
FLUSH_FIRST(set_framebuffer_state,
            (struct pipe_context *p, const struct pipe_framebuffer_state *fb), (p, fb))
FLUSH_FIRST(set_sampler_views,
            (struct pipe_context *p, enum pipe_shader_type st, unsigned start, unsigned n,
             struct pipe_sampler_view **v), (p, st, start, n, v))
FLUSH_FIRST(set_stream_output_targets,
            (struct pipe_context *p, unsigned n, struct pipe_stream_output_target **targets,
             const unsigned *offsets), (p, n, targets, offsets))
FLUSH_FIRST(surface_destroy, (struct pipe_context *p, struct pipe_surface *surf), (p, surf))
FLUSH_FIRST(sampler_view_destroy, (struct pipe_context *p, struct pipe_sampler_view *v), (p, v))
FLUSH_FIRST(stream_output_target_destroy,
            (struct pipe_context *p, struct pipe_stream_output_target *so), (p, so))
FLUSH_FIRST(clear,
            (struct pipe_context *p, unsigned buffers, const struct pipe_scissor_state *sc,
             const union pipe_color_union *color, double depth, unsigned stencil,
             const uint8_t colormask[PIPE_MAX_COLOR_BUFS], unsigned stencil_mask),
            (p, buffers, sc, color, depth, stencil, colormask, stencil_mask))
FLUSH_FIRST(clear_render_target,
            (struct pipe_context *p, struct pipe_surface *dst, const union pipe_color_union *c,
             unsigned x, unsigned y, unsigned w, unsigned h), (p, dst, c, x, y, w, h))
FLUSH_FIRST(clear_depth_stencil,
            (struct pipe_context *p, struct pipe_surface *dst, unsigned flags, double depth,
             unsigned stencil, unsigned x, unsigned y, unsigned w, unsigned h),
            (p, dst, flags, depth, stencil, x, y, w, h))
FLUSH_FIRST(resource_copy_region,
            (struct pipe_context *p, struct pipe_resource *dst, unsigned dst_level, unsigned dx,
             unsigned dy, unsigned dz, struct pipe_resource *src, unsigned src_level,
             const struct pipe_box *box), (p, dst, dst_level, dx, dy, dz, src, src_level, box))
FLUSH_FIRST(blit, (struct pipe_context *p, const struct pipe_blit_info *info), (p, info))
FLUSH_FIRST_RET(void *, buffer_map,
                (struct pipe_context *p, struct pipe_resource *r, unsigned level, unsigned usage,
                 const struct pipe_box *box, struct pipe_transfer **out),
                (p, r, level, usage, box, out))
FLUSH_FIRST(buffer_unmap, (struct pipe_context *p, struct pipe_transfer *tr), (p, tr))
FLUSH_FIRST_RET(void *, texture_map,
                (struct pipe_context *p, struct pipe_resource *r, unsigned level, unsigned usage,
                 const struct pipe_box *box, struct pipe_transfer **out),
                (p, r, level, usage, box, out))
FLUSH_FIRST(texture_unmap, (struct pipe_context *p, struct pipe_transfer *tr), (p, tr))
FLUSH_FIRST(buffer_subdata,
            (struct pipe_context *p, struct pipe_resource *r, unsigned usage, unsigned offset,
             unsigned size, const void *data), (p, r, usage, offset, size, data))
FLUSH_FIRST(texture_subdata,
            (struct pipe_context *p, struct pipe_resource *r, unsigned level, unsigned usage,
             const struct pipe_box *box, const void *data, unsigned stride, uintptr_t ls),
            (p, r, level, usage, box, data, stride, ls))
FLUSH_FIRST(flush, (struct pipe_context *p, struct pipe_fence_handle **f, unsigned flags),
            (p, f, flags))
FLUSH_FIRST_RET(bool, generate_mipmap,
                (struct pipe_context *p, struct pipe_resource *r, enum pipe_format f,
                 unsigned base, unsigned last, unsigned first_layer, unsigned last_layer),
                (p, r, f, base, last, first_layer, last_layer))

/* The vertex stage's constants do not flush; the other stages' do. */
static void
w_set_constant_buffer(struct pipe_context *p, enum pipe_shader_type stage, unsigned index,
                      const struct pipe_constant_buffer *buf)
{
   struct jitpipe_tiles *t = ctx_tiles(p);
   if (stage != PIPE_SHADER_VERTEX)
      jitpipe_tiles_flush(t);
   t->orig_pipe.set_constant_buffer(p, stage, index, buf);
}

/* The wrapped functions (w_<name> above), installed over swpipe's. */
#define FLUSHING_CALLS(X)                                                                     \
   X(begin_query) X(end_query) X(get_query_result) X(render_condition) X(bind_blend_state)    \
   X(delete_blend_state) X(bind_depth_stencil_alpha_state)                                    \
   X(delete_depth_stencil_alpha_state) X(bind_rasterizer_state) X(delete_rasterizer_state)    \
   X(bind_sampler_states) X(delete_sampler_state) X(bind_vs_state) X(delete_vs_state)         \
   X(bind_fs_state) X(delete_fs_state) X(bind_gs_state) X(delete_gs_state) X(set_blend_color) \
   X(set_stencil_ref) X(set_sample_mask) X(set_clip_state) X(set_polygon_stipple)             \
   X(set_scissor_states) X(set_viewport_states) X(set_framebuffer_state)                      \
   X(set_constant_buffer) X(set_sampler_views) X(set_stream_output_targets)                   \
   X(surface_destroy) X(sampler_view_destroy) X(stream_output_target_destroy) X(clear)        \
   X(clear_render_target) X(clear_depth_stencil) X(resource_copy_region) X(blit)              \
   X(buffer_map) X(buffer_unmap) X(texture_map) X(texture_unmap) X(buffer_subdata)            \
   X(texture_subdata) X(flush) X(generate_mipmap)

static void
wrap_context(struct jitpipe_tiles *t)
{
   struct pipe_context *p = &t->ctx->base;
   t->orig_pipe = *p;
#define WRAP(name)        \
   if (p->name)           \
      p->name = w_##name;
   FLUSHING_CALLS(WRAP)
#undef WRAP
}

/* Puts back swpipe's functions (the context outlives the tiles). */
static void
unwrap_context(struct jitpipe_tiles *t)
{
   struct pipe_context *p = &t->ctx->base;
#define UNWRAP(name) p->name = t->orig_pipe.name;
   FLUSHING_CALLS(UNWRAP)
#undef UNWRAP
}

struct jitpipe_tiles *
jitpipe_tiles_create(struct swpipe_context *ctx, unsigned threads, uint64_t debug)
{
   struct swpipe_draw_state *ds = ctx->ds;
   struct jitpipe_tiles *t;

   if (!threads || !ds || !ds->raster_iface.tri)
      return NULL;
   t = calloc(1, sizeof *t);
   if (!t)
      return NULL;
   t->ctx = ctx;
   t->threads = threads > JITPIPE_MAX_THREADS ? JITPIPE_MAX_THREADS : threads;
   t->debug = debug;
   atomic_init(&t->next, 0);
   /* swpipe's functions take the swpipe_context; the wrappers take us */
   t->orig = ds->raster_iface;
   ds->raster_iface.tri = tiles_tri;
   ds->raster_iface.line = tiles_line;
   ds->raster_iface.point = tiles_point;
   ds->raster_iface.flush = tiles_draw_flush;
   draw_set_rasterize_stage(ds->draw, &ds->raster_iface, t);
   wrap_context(t);
   return t;
}

void
jitpipe_tiles_destroy(struct jitpipe_tiles *t)
{
   if (!t)
      return;
   jitpipe_tiles_flush(t);
   if (t->debug & PONY_DEBUG_JIT)
      pony_log("jitpipe", "tiles: %u threads, %llu flushes (%llu on the calling thread "
               "alone), %llu tiles flushed, %llu triangles binned, up to %u threads in a flush",
               t->threads, (unsigned long long)t->flushes,
               (unsigned long long)t->flushes_caller, (unsigned long long)t->tiles_flushed,
               (unsigned long long)t->tris_binned, t->max_threads);
   pool_stop(t->pool);
   unwrap_context(t);
   struct swpipe_draw_state *ds = t->ctx->ds;
   if (ds) {
      ds->raster_iface = t->orig;
      draw_set_rasterize_stage(ds->draw, &ds->raster_iface, t->ctx);
   }
   for (size_t i = 0; i < t->cap_bins; i++)
      free(t->bins[i].tri);
   free(t->bins);
   free(t->used);
   free(t->tris);
   free(t->attrs);
   free(t);
}
