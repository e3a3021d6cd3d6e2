/*
 * Queries of the virgl driver (virgl_driver.h): a host query object whose
 * result the host writes into a 16-byte buffer of the query's own (a
 * struct vp_query_state; the host writes it straight into the guest
 * backing, which is the storage of such a buffer).  get_query_result asks
 * the host for it (GET_QUERY_RESULT), sends the batch and reads the
 * backing; the host writes the result when its GL has it, at once or at a
 * later check of its waiting queries (after a fence has flushed its GL).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/u_debug.h"
#include "util/u_inlines.h"
#include "virgl_driver.h"
#include "virgl_proto.h"

/* How long a waiting get_query_result looks for the host's write before
 * it gives up (it never blocks without bound: a lost context would hang
 * the caller otherwise). */
#define VIRGL_QUERY_WAIT_NS (10ull * 1000 * 1000 * 1000)

struct pipe_query {
   uint32_t handle;
   enum pipe_query_type type;
   unsigned slot;               /* in virgl_context.query_active */
   struct pipe_resource *buf;   /* the result's buffer */
   struct vp_query_state *state;   /* its backing, mapped */
};

/* Pony's query types as the host's (Gallium-era) numbers */
static const uint32_t host_query_type[PIPE_QUERY_TYPES] = {
   [PIPE_QUERY_OCCLUSION_COUNTER] = VP_QUERY_OCCLUSION_COUNTER,
   [PIPE_QUERY_OCCLUSION_PREDICATE] = VP_QUERY_OCCLUSION_PREDICATE,
   [PIPE_QUERY_TIMESTAMP] = VP_QUERY_TIMESTAMP,
   [PIPE_QUERY_TIME_ELAPSED] = VP_QUERY_TIME_ELAPSED,
   [PIPE_QUERY_PRIMITIVES_GENERATED] = VP_QUERY_PRIMITIVES_GENERATED,
   [PIPE_QUERY_PRIMITIVES_EMITTED] = VP_QUERY_PRIMITIVES_EMITTED,
};

uint32_t
virgl_host_query_type(enum pipe_query_type type)
{
   return (unsigned)type < PIPE_QUERY_TYPES ? host_query_type[type] : ~0u;
}

/* The host GL target a query runs on: GL lets one query of a target (and
 * stream) be active; the occlusion targets count as one (GL 3.3 2.14:
 * BeginQuery of SAMPLES_PASSED while ANY_SAMPLES_PASSED is active is an
 * INVALID_OPERATION). */
static unsigned
query_slot(enum pipe_query_type type, unsigned index)
{
   switch (type) {
   case PIPE_QUERY_OCCLUSION_COUNTER:
   case PIPE_QUERY_OCCLUSION_PREDICATE:
      return 0;
   case PIPE_QUERY_TIME_ELAPSED:
      return 1;
   case PIPE_QUERY_PRIMITIVES_GENERATED:
      return 4 + index;
   case PIPE_QUERY_PRIMITIVES_EMITTED:
      return 8 + index;
   default:
      return 2;   /* timestamps are never active */
   }
}

static uint32_t
state_word(const struct pipe_query *q)
{
   return __atomic_load_n(&q->state->query_state, __ATOMIC_ACQUIRE);   /* the host writes it */
}

/* A new result: NEW in the state word, so that DONE means this one.  The
 * batch goes first and the host is done with the buffer (commands before
 * may still ask for the old result). */
static void
reset_state(struct virgl_context *ctx, struct pipe_query *q)
{
   virgl_flush_batch(ctx);
   virgl_winsys_wait(ctx->screen->ws, virgl_resource(q->buf)->bo, false);
   memset(q->state, 0, sizeof *q->state);
}

static struct pipe_query *
create_query(struct pipe_context *pc, enum pipe_query_type type, unsigned index)
{
   struct virgl_context *ctx = virgl_context(pc);
   if (virgl_host_query_type(type) == ~0u || index > 3)   /* GL has 4 vertex streams */
      return NULL;
   struct pipe_query *q = calloc(1, sizeof *q);
   if (!q)
      return NULL;
   struct pipe_resource t;
   memset(&t, 0, sizeof t);
   t.target = PIPE_BUFFER;
   t.format = PIPE_FORMAT_R8_UNORM;
   t.width0 = sizeof(struct vp_query_state);
   t.height0 = t.depth0 = t.array_size = 1;
   q->buf = pc->screen->resource_create(pc->screen, &t);
   void *p = NULL;
   if (!q->buf || pony_bo_map(virgl_resource(q->buf)->bo, PONY_BO_MAP_READ | PONY_BO_MAP_WRITE,
                              &p)) {
      pipe_resource_reference(&q->buf, NULL);
      free(q);
      return NULL;
   }
   q->state = p;
   memset(q->state, 0, sizeof *q->state);
   q->type = type;
   q->slot = query_slot(type, index);
   q->handle = ++ctx->next_handle;
   virgl_encode_query(&ctx->cb, q->handle, virgl_host_query_type(type), index, 0,
                      virgl_resource(q->buf)->res_handle);
   virgl_cmdbuf_use(&ctx->cb, virgl_resource(q->buf)->bo);
   return q;
}

static void
destroy_query(struct pipe_context *pc, struct pipe_query *q)
{
   struct virgl_context *ctx = virgl_context(pc);
   if (!q)
      return;
   if (ctx->query_active[q->slot] == q)
      ctx->query_active[q->slot] = NULL;
   virgl_encode_destroy_object(&ctx->cb, VP_OBJ_QUERY, q->handle);
   pipe_resource_reference(&q->buf, NULL);   /* the batch keeps its buffer */
   free(q);
}

static bool
begin_query(struct pipe_context *pc, struct pipe_query *q)
{
   struct virgl_context *ctx = virgl_context(pc);
   if (!q || q->type == PIPE_QUERY_TIMESTAMP)   /* a timestamp only ends */
      return false;
   if (ctx->query_active[q->slot]) {
      if (pony_debug_get() & PONY_DEBUG_DRIVER)
         pony_log("virgl", "query %u: another query of its GL target is active; the host's "
                  "GL cannot run both", q->handle);
      return false;
   }
   ctx->query_active[q->slot] = q;
   reset_state(ctx, q);
   virgl_encode_begin_query(&ctx->cb, q->handle);
   virgl_cmdbuf_use(&ctx->cb, virgl_resource(q->buf)->bo);
   return true;
}

static bool
end_query(struct pipe_context *pc, struct pipe_query *q)
{
   struct virgl_context *ctx = virgl_context(pc);
   if (!q)
      return false;
   if (q->type == PIPE_QUERY_TIMESTAMP)
      reset_state(ctx, q);
   else if (ctx->query_active[q->slot] != q)
      return false;   /* not begun (or refused) */
   else
      ctx->query_active[q->slot] = NULL;
   virgl_encode_end_query(&ctx->cb, q->handle);
   virgl_cmdbuf_use(&ctx->cb, virgl_resource(q->buf)->bo);
   return true;
}

static uint64_t
now_ns(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static bool
get_query_result(struct pipe_context *pc, struct pipe_query *q, bool wait,
                 union pipe_query_result *result)
{
   struct virgl_context *ctx = virgl_context(pc);
   if (!q || !result)
      return false;
   struct pony_bo *bo = virgl_resource(q->buf)->bo;
   if (state_word(q) != VP_QUERY_STATE_DONE) {
      virgl_encode_get_query_result(&ctx->cb, q->handle, wait);
      virgl_cmdbuf_use(&ctx->cb, bo);
      virgl_flush_batch(ctx);
      /* the batch has run; the host wrote the result then or will at its
       * next check of waiting queries */
      uint64_t start = now_ns();
      while (virgl_winsys_wait(ctx->screen->ws, bo, !wait) == 0 &&
             state_word(q) != VP_QUERY_STATE_DONE && wait &&
             now_ns() - start < VIRGL_QUERY_WAIT_NS) {
         const struct timespec pause = { 0, 200000 };   /* 0.2 ms */
         nanosleep(&pause, NULL);
      }
      if (state_word(q) != VP_QUERY_STATE_DONE) {
         if (wait && (pony_debug_get() & PONY_DEBUG_DRIVER))
            pony_log("virgl", "query %u: no result from the host after %llu s", q->handle,
                     (unsigned long long)(VIRGL_QUERY_WAIT_NS / 1000000000ull));
         return false;
      }
   }
   uint64_t r;
   memcpy(&r, (const char *)q->state + offsetof(struct vp_query_state, result), sizeof r);
   if (q->type == PIPE_QUERY_OCCLUSION_PREDICATE)
      result->b = r != 0;
   else
      result->u64 = r;
   return true;
}

static void
render_condition(struct pipe_context *pc, struct pipe_query *q, bool condition, bool wait)
{
   struct virgl_context *ctx = virgl_context(pc);
   virgl_encode_render_condition(&ctx->cb, q ? q->handle : 0, condition,
                                 wait ? VP_RENDER_COND_WAIT : VP_RENDER_COND_NO_WAIT);
   if (q)
      virgl_cmdbuf_use(&ctx->cb, virgl_resource(q->buf)->bo);
}

void
virgl_query_init_context(struct virgl_context *ctx)
{
   ctx->base.create_query = create_query;
   ctx->base.destroy_query = destroy_query;
   ctx->base.begin_query = begin_query;
   ctx->base.end_query = end_query;
   ctx->base.get_query_result = get_query_result;
   ctx->base.render_condition = render_condition;
}
