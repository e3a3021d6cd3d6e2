/*
 * Queries.  refpipe draws nothing yet, so only the clock-based queries
 * (the ones caps advertise) exist; create_query returns NULL for others.
 * Conditional rendering state is stored for when drawing exists.
 */
#include <stdlib.h>
#include <time.h>

#include "refpipe_context.h"
#include "refpipe_state.h"

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

static struct pipe_query *
refpipe_create_query(struct pipe_context *pipe, enum pipe_query_type type, unsigned index)
{
   struct pipe_query *q;

   if (type != PIPE_QUERY_TIMESTAMP && type != PIPE_QUERY_TIME_ELAPSED)
      return NULL;
   q = calloc(1, sizeof *q);
   if (q)
      q->type = type;
   return q;
}

static void
refpipe_destroy_query(struct pipe_context *pipe, struct pipe_query *q)
{
   struct refpipe_context *ctx = refpipe_context(pipe);
   if (ctx->render_cond_query == q)
      ctx->render_cond_query = NULL;
   free(q);
}

static bool
refpipe_begin_query(struct pipe_context *pipe, struct pipe_query *q)
{
   if (!q || q->type == PIPE_QUERY_TIMESTAMP)
      return false;   /* timestamps have only an end */
   q->active = true;
   q->start = now_ns();
   q->result = 0;
   return true;
}

static bool
refpipe_end_query(struct pipe_context *pipe, struct pipe_query *q)
{
   if (!q)
      return false;
   if (q->type == PIPE_QUERY_TIMESTAMP) {
      q->result = now_ns();
   } else {
      if (!q->active)
         return false;
      q->result = now_ns() - q->start;
   }
   q->active = false;
   return true;
}

static bool
refpipe_get_query_result(struct pipe_context *pipe, struct pipe_query *q, bool wait,
                         union pipe_query_result *result)
{
   if (!q || !result)
      return false;
   result->u64 = q->result;   /* work is done when issued: always ready */
   return true;
}

static void
refpipe_render_condition(struct pipe_context *pipe, struct pipe_query *q, bool condition,
                         bool wait)
{
   struct refpipe_context *ctx = refpipe_context(pipe);
   ctx->render_cond_query = q;
   ctx->render_cond_condition = condition;
   ctx->render_cond_wait = wait;
   ctx->dirty |= REFPIPE_NEW_RENDER_COND;
}

void
refpipe_init_query_funcs(struct pipe_context *pipe)
{
   pipe->create_query = refpipe_create_query;
   pipe->destroy_query = refpipe_destroy_query;
   pipe->begin_query = refpipe_begin_query;
   pipe->end_query = refpipe_end_query;
   pipe->get_query_result = refpipe_get_query_result;
   pipe->render_condition = refpipe_render_condition;
}
