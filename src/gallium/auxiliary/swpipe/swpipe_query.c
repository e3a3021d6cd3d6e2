/*
 * Queries and conditional rendering.  Everything runs when issued, so every
 * result is ready at end_query:
 *  - TIMESTAMP, TIME_ELAPSED: CLOCK_MONOTONIC;
 *  - OCCLUSION_COUNTER / OCCLUSION_PREDICATE: fragments that passed the
 *    depth and stencil tests between begin and end (the context's running
 *    samples_passed counter; the predicate is counter != 0);
 *  - PRIMITIVES_GENERATED / PRIMITIVES_EMITTED: the draw module's counters.
 * The drawing queries exist only when swpipe can draw.
 */
#include <stdlib.h>
#include <time.h>

#include "swpipe_context.h"
#include "swpipe_state.h"

struct pipe_query {
   enum pipe_query_type type;
   bool active;
   uint64_t start;
   uint64_t result;
};

static uint64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The current value of the counter a query type measures. */
static uint64_t
counter(struct swpipe_context *ctx, enum pipe_query_type type)
{
   uint64_t generated, emitted;

   switch (type) {
   case PIPE_QUERY_OCCLUSION_COUNTER:
   case PIPE_QUERY_OCCLUSION_PREDICATE:
      return ctx->samples_passed;
   case PIPE_QUERY_PRIMITIVES_GENERATED:
   case PIPE_QUERY_PRIMITIVES_EMITTED:
      swpipe_draw_get_statistics(ctx, &generated, &emitted);
      return type == PIPE_QUERY_PRIMITIVES_GENERATED ? generated : emitted;
   default:
      return now_ns();
   }
}

static struct pipe_query *
swpipe_create_query(struct pipe_context *pipe, enum pipe_query_type type, unsigned index)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   struct pipe_query *q;

   switch (type) {
   case PIPE_QUERY_TIMESTAMP:
   case PIPE_QUERY_TIME_ELAPSED:
      break;
   case PIPE_QUERY_OCCLUSION_COUNTER:
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_PRIMITIVES_GENERATED:
   case PIPE_QUERY_PRIMITIVES_EMITTED:
      if (!ctx->ds)
         return NULL;
      break;
   default:
      return NULL;
   }
   q = calloc(1, sizeof *q);
   if (q)
      q->type = type;
   return q;
}

static void
swpipe_destroy_query(struct pipe_context *pipe, struct pipe_query *q)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   if (ctx->render_cond_query == q)
      ctx->render_cond_query = NULL;
   free(q);
}

static bool
swpipe_begin_query(struct pipe_context *pipe, struct pipe_query *q)
{
   if (!q || q->type == PIPE_QUERY_TIMESTAMP)
      return false;   /* timestamps have only an end */
   q->active = true;
   q->start = counter(swpipe_context(pipe), q->type);
   q->result = 0;
   return true;
}

static bool
swpipe_end_query(struct pipe_context *pipe, struct pipe_query *q)
{
   if (!q)
      return false;
   if (q->type == PIPE_QUERY_TIMESTAMP) {
      q->result = now_ns();
   } else {
      if (!q->active)
         return false;
      q->result = counter(swpipe_context(pipe), q->type) - q->start;
   }
   q->active = false;
   return true;
}

static bool
swpipe_get_query_result(struct pipe_context *pipe, struct pipe_query *q, bool wait,
                         union pipe_query_result *result)
{
   if (!q || !result)
      return false;
   /* work is done when issued: always ready */
   if (q->type == PIPE_QUERY_OCCLUSION_PREDICATE)
      result->b = q->result != 0;
   else
      result->u64 = q->result;
   return true;
}

static void
swpipe_render_condition(struct pipe_context *pipe, struct pipe_query *q, bool condition,
                         bool wait)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   ctx->render_cond_query = q;
   ctx->render_cond_condition = condition;
   ctx->render_cond_wait = wait;
   ctx->dirty |= SWPIPE_NEW_RENDER_COND;
}

/* Gallium's rule: draw when (result == 0) equals condition, i.e. with
 * condition false (GL's normal case) only when some sample passed. */
bool
swpipe_render_condition_passes(struct swpipe_context *ctx)
{
   struct pipe_query *q = ctx->render_cond_query;

   if (!q)
      return true;
   return (q->result == 0) == ctx->render_cond_condition;
}

void
swpipe_init_query_funcs(struct pipe_context *pipe)
{
   pipe->create_query = swpipe_create_query;
   pipe->destroy_query = swpipe_destroy_query;
   pipe->begin_query = swpipe_begin_query;
   pipe->end_query = swpipe_end_query;
   pipe->get_query_result = swpipe_get_query_result;
   pipe->render_condition = swpipe_render_condition;
}
