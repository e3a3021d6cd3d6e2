/*
 * Asynchronous queries (GL 1.5 section 4.1.7 / ARB_occlusion_query, GL 3.3
 * section 2.14): glGenQueries, glDeleteQueries, glIsQuery, glBeginQuery,
 * glEndQuery, glGetQueryiv, glGetQueryObject{i,ui,i64,ui64}v; the targets
 * GL_SAMPLES_PASSED, GL_ANY_SAMPLES_PASSED (ARB_occlusion_query2, ES 3.0,
 * with ES's _CONSERVATIVE), GL_TIME_ELAPSED and glQueryCounter's
 * GL_TIMESTAMP (ARB_timer_query), the transform-feedback counters; and
 * GL_NV_conditional_render: glBeginConditionalRenderNV,
 * glEndConditionalRenderNV.
 *
 * Names live in ctx->queries; a name becomes a query object at its first
 * glBeginQuery or glQueryCounter (GL 2.1 lets BeginQuery take names
 * glGenQueries did not return; core contexts do not, st_bind_name_ok).
 * Each object holds the pipe query of its target (refpipe counts the
 * samples that pass the depth and stencil tests; times are nanoseconds).
 * Deleting the active query ends it first: its name is free at once and
 * glEndQuery then finds no active query.
 */
#include <stdlib.h>

#include "api.h"
#include "pipe/p_context.h"
#include "st_draw.h"
#include "st_frag.h"
#include "st_xfb.h"

struct st_query_object {
   GLuint name;
   GLenum target;
   struct pipe_query *pq;            /* NULL after st_query_fini / if the driver has none */
   bool active;
   bool has_result;                  /* ended at least once */
   uint64_t result;                  /* cached once read */
   bool result_read;
};

static struct st_query_object **
active_slot(struct st_context *ctx, GLenum target)
{
   switch (target) {
   case GL_SAMPLES_PASSED:
      return st_desktop(ctx) ? &ctx->draw->query.active_samples : NULL;
   case GL_ANY_SAMPLES_PASSED:
      return (st_desktop(ctx) && ctx->caps.ext_occlusion_query2) || st_es3(ctx)
                ? &ctx->draw->query.active_samples : NULL;
   case GL_ANY_SAMPLES_PASSED_CONSERVATIVE:   /* ES 3.0's; GL 4.3's */
      return st_es3(ctx) ? &ctx->draw->query.active_samples : NULL;
   case GL_TIME_ELAPSED:
      return st_desktop(ctx) && ctx->caps.ext_timer_query ? &ctx->draw->query.active_time : NULL;
   /* EXT_transform_feedback: the pipe's counters (the draw module counts
    * every assembled primitive, and those stream output wrote) */
   case GL_PRIMITIVES_GENERATED:
      return st_xfb_enabled(ctx) ? &ctx->draw->query.active_prims_generated : NULL;
   case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN:
      return st_xfb_enabled(ctx) ? &ctx->draw->query.active_xfb_written : NULL;
   default:
      return NULL;
   }
}

static enum pipe_query_type
pipe_query_type_of(GLenum target)
{
   switch (target) {
   case GL_PRIMITIVES_GENERATED: return PIPE_QUERY_PRIMITIVES_GENERATED;
   case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: return PIPE_QUERY_PRIMITIVES_EMITTED;
   case GL_ANY_SAMPLES_PASSED:
   case GL_ANY_SAMPLES_PASSED_CONSERVATIVE: return PIPE_QUERY_OCCLUSION_PREDICATE;
   case GL_TIME_ELAPSED: return PIPE_QUERY_TIME_ELAPSED;
   case GL_TIMESTAMP: return PIPE_QUERY_TIMESTAMP;
   default: return PIPE_QUERY_OCCLUSION_COUNTER;
   }
}

static void
destroy_query(struct st_context *ctx, struct st_query_object *q)
{
   if (!q)
      return;
   if (q->pq && ctx && ctx->pipe && ctx->pipe->destroy_query)
      ctx->pipe->destroy_query(ctx->pipe, q->pq);
   free(q);
}

void
st_query_destroy_cb(void *obj, void *data)
{
   destroy_query(data, obj);
}

static void
fini_one(GLuint name, void *obj, void *data)
{
   struct st_context *ctx = data;
   struct st_query_object *q = obj;
   (void)name;
   if (q->pq && ctx->pipe->destroy_query)
      ctx->pipe->destroy_query(ctx->pipe, q->pq);
   q->pq = NULL;
}

void
st_query_fini(struct st_context *ctx)
{
   struct st_query_object **slots[] = {
      &ctx->draw->query.active_samples, &ctx->draw->query.active_prims_generated,
      &ctx->draw->query.active_xfb_written, &ctx->draw->query.active_time,
   };
   for (unsigned i = 0; i < sizeof slots / sizeof slots[0]; i++) {
      struct st_query_object **slot = slots[i];
      if (*slot && (*slot)->pq && ctx->pipe->end_query)
         ctx->pipe->end_query(ctx->pipe, (*slot)->pq);
      if (*slot)
         (*slot)->active = false;
      *slot = NULL;
   }
   st_names_foreach(&ctx->queries, fini_one, ctx);
}

void GLAPIENTRY
api_glGenQueries(GLsizei n, GLuint *ids)
{
   ST_ENTRY(ctx);
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenQueries");
      return;
   }
   if (n == 0 || !ids)
      return;
   if (!st_names_gen(&ctx->queries, n, ids))
      st_error(ctx, GL_OUT_OF_MEMORY, "glGenQueries");
}

void GLAPIENTRY
api_glDeleteQueries(GLsizei n, const GLuint *ids)
{
   ST_ENTRY(ctx);
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteQueries");
      return;
   }
   if (!ids)
      return;
   for (GLsizei i = 0; i < n; i++) {
      if (!ids[i] || !st_names_is_used(&ctx->queries, ids[i]))
         continue;
      struct st_query_object *q = st_names_remove(&ctx->queries, ids[i]);
      if (!q)
         continue;
      if (q->active) {
         struct st_query_object **slot = active_slot(ctx, q->target);
         if (q->pq && ctx->pipe->end_query)
            ctx->pipe->end_query(ctx->pipe, q->pq);
         if (slot && *slot == q)
            *slot = NULL;
      }
      destroy_query(ctx, q);
   }
}

GLboolean GLAPIENTRY
api_glIsQuery(GLuint id)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   /* only names that became objects (glBeginQuery) are queries */
   return id && st_names_lookup(&ctx->queries, id) ? GL_TRUE : GL_FALSE;
}

/* The query object of a name glGenQueries returned, made with its target
 * and pipe query; NULL with the error raised. */
static struct st_query_object *
create_query(struct st_context *ctx, GLuint id, GLenum target, const char *where)
{
   struct st_query_object *q = calloc(1, sizeof *q);
   if (!q) {
      st_error(ctx, GL_OUT_OF_MEMORY, where);
      return NULL;
   }
   q->name = id;
   q->target = target;
   if (ctx->pipe->create_query)
      q->pq = ctx->pipe->create_query(ctx->pipe, pipe_query_type_of(target), 0);
   if (!q->pq || !st_names_set(&ctx->queries, id, q)) {
      destroy_query(ctx, q);
      st_error(ctx, GL_OUT_OF_MEMORY, where);
      return NULL;
   }
   return q;
}

void GLAPIENTRY
api_glBeginQuery(GLenum target, GLuint id)
{
   ST_ENTRY(ctx);
   struct st_query_object **slot = active_slot(ctx, target);
   if (!slot) {
      st_error(ctx, GL_INVALID_ENUM, "glBeginQuery");
      return;
   }
   if (!id || *slot || !st_bind_name_ok(ctx, &ctx->queries, id)) {
      st_error(ctx, GL_INVALID_OPERATION, "glBeginQuery");
      return;
   }
   struct st_query_object *q = st_names_lookup(&ctx->queries, id);
   /* the query of an active conditional render keeps its result
    * (NV_conditional_render: BeginQuery on it is INVALID_OPERATION) */
   if ((q && (q->active || q->target != target)) ||
       (ctx->draw->query.cond_active && ctx->draw->query.cond_id == id)) {
      st_error(ctx, GL_INVALID_OPERATION, "glBeginQuery");
      return;
   }
   if (!q && !(q = create_query(ctx, id, target, "glBeginQuery")))
      return;
   if (!ctx->pipe->begin_query || !ctx->pipe->begin_query(ctx->pipe, q->pq)) {
      st_error(ctx, GL_OUT_OF_MEMORY, "glBeginQuery");
      return;
   }
   q->active = true;
   q->result_read = false;
   q->result = 0;
   *slot = q;
}

void GLAPIENTRY
api_glEndQuery(GLenum target)
{
   ST_ENTRY(ctx);
   struct st_query_object **slot = active_slot(ctx, target);
   if (!slot) {
      st_error(ctx, GL_INVALID_ENUM, "glEndQuery");
      return;
   }
   struct st_query_object *q = *slot;
   if (!q) {
      st_error(ctx, GL_INVALID_OPERATION, "glEndQuery");
      return;
   }
   if (ctx->pipe->end_query)
      ctx->pipe->end_query(ctx->pipe, q->pq);
   q->active = false;
   q->has_result = true;
   *slot = NULL;
}

void GLAPIENTRY
api_glGetQueryiv(GLenum target, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   /* GL_TIMESTAMP has no active query (glQueryCounter) */
   bool timestamp = target == GL_TIMESTAMP && st_desktop(ctx) && ctx->caps.ext_timer_query;
   struct st_query_object **slot = active_slot(ctx, target);
   if (!slot && !timestamp) {
      st_error(ctx, GL_INVALID_ENUM, "glGetQueryiv");
      return;
   }
   switch (pname) {
   case GL_CURRENT_QUERY:
      /* the binding point's query if it is of this target */
      if (params)
         *params = slot && *slot && (*slot)->target == target ? (GLint)(*slot)->name : 0;
      return;
   case GL_QUERY_COUNTER_BITS:
      if (params)
         *params = 64;   /* refpipe counts in 64 bits */
      return;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glGetQueryiv");
      return;
   }
}

/* The result of a query object, or false (error raised) if it has none. */
static bool
query_object_value(struct st_context *ctx, GLuint id, GLenum pname, uint64_t *out,
                   const char *where)
{
   struct st_query_object *q = id ? st_names_lookup(&ctx->queries, id) : NULL;
   if (!q || q->active) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return false;
   }
   if (pname != GL_QUERY_RESULT && pname != GL_QUERY_RESULT_AVAILABLE) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   if (!q->result_read && q->has_result && q->pq && ctx->pipe->get_query_result) {
      union pipe_query_result r;
      bool wait = pname == GL_QUERY_RESULT;
      if (ctx->pipe->get_query_result(ctx->pipe, q->pq, wait, &r)) {
         bool boolean = pipe_query_type_of(q->target) == PIPE_QUERY_OCCLUSION_PREDICATE;
         q->result = boolean ? r.b : r.u64;
         q->result_read = true;
      }
   }
   if (pname == GL_QUERY_RESULT_AVAILABLE)
      *out = q->result_read || !q->has_result;
   else
      *out = q->result;
   return true;
}

void GLAPIENTRY
api_glGetQueryObjectiv(GLuint id, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   uint64_t v;
   if (!query_object_value(ctx, id, pname, &v, "glGetQueryObjectiv") || !params)
      return;
   *params = v > 0x7fffffffu ? 0x7fffffff : (GLint)v;
}

void GLAPIENTRY
api_glGetQueryObjectuiv(GLuint id, GLenum pname, GLuint *params)
{
   ST_ENTRY(ctx);
   uint64_t v;
   if (!query_object_value(ctx, id, pname, &v, "glGetQueryObjectuiv") || !params)
      return;
   *params = v > 0xffffffffu ? 0xffffffffu : (GLuint)v;
}

/* GL 3.3 / ARB_timer_query: the 64-bit results */
void GLAPIENTRY
api_glGetQueryObjecti64v(GLuint id, GLenum pname, GLint64 *params)
{
   ST_ENTRY(ctx);
   uint64_t v;
   if (!query_object_value(ctx, id, pname, &v, "glGetQueryObjecti64v") || !params)
      return;
   *params = v > (uint64_t)INT64_MAX ? INT64_MAX : (GLint64)v;
}

void GLAPIENTRY
api_glGetQueryObjectui64v(GLuint id, GLenum pname, GLuint64 *params)
{
   ST_ENTRY(ctx);
   uint64_t v;
   if (!query_object_value(ctx, id, pname, &v, "glGetQueryObjectui64v") || !params)
      return;
   *params = v;
}

/* glQueryCounter (ARB_timer_query): the GL time once every command before
 * it has completed, in the query object id (GL 3.3 section 2.14.1) */
void GLAPIENTRY
api_glQueryCounter(GLuint id, GLenum target)
{
   ST_ENTRY(ctx);
   if (target != GL_TIMESTAMP || !ctx->caps.ext_timer_query) {
      st_error(ctx, GL_INVALID_ENUM, "glQueryCounter");
      return;
   }
   /* a name glGenQueries returned, not an active query or one of
    * another target */
   struct st_query_object *q = id ? st_names_lookup(&ctx->queries, id) : NULL;
   if (!id || !st_names_is_used(&ctx->queries, id) ||
       (q && (q->active || q->target != GL_TIMESTAMP))) {
      st_error(ctx, GL_INVALID_OPERATION, "glQueryCounter");
      return;
   }
   if (!q && !(q = create_query(ctx, id, GL_TIMESTAMP, "glQueryCounter")))
      return;
   if (ctx->pipe->end_query)
      ctx->pipe->end_query(ctx->pipe, q->pq);
   q->result_read = false;
   q->result = 0;
   q->has_result = true;
}

bool
st_query_timestamp(struct st_context *ctx, uint64_t *ns)
{
   if (!ctx->caps.ext_timer_query || !ctx->pipe->create_query)
      return false;
   struct pipe_query *pq = ctx->pipe->create_query(ctx->pipe, PIPE_QUERY_TIMESTAMP, 0);
   if (!pq)
      return false;
   union pipe_query_result r;
   bool ok = ctx->pipe->end_query && ctx->pipe->end_query(ctx->pipe, pq) &&
             ctx->pipe->get_query_result &&
             ctx->pipe->get_query_result(ctx->pipe, pq, true, &r);
   ctx->pipe->destroy_query(ctx->pipe, pq);
   if (ok)
      *ns = r.u64;
   return ok;
}

/* ---- GL_NV_conditional_render ------------------------------------------ */

bool
st_cond_render_discards(const struct st_context *ctx)
{
   return ctx->draw->query.cond_active && ctx->draw->query.cond_discard;
}

void GLAPIENTRY
api_glBeginConditionalRenderNV(GLuint id, GLenum mode)
{
   ST_ENTRY(ctx);
   struct st_query_state *qs = &ctx->draw->query;
   if (mode != GL_QUERY_WAIT_NV && mode != GL_QUERY_NO_WAIT_NV &&
       mode != GL_QUERY_BY_REGION_WAIT_NV && mode != GL_QUERY_BY_REGION_NO_WAIT_NV) {
      st_error(ctx, GL_INVALID_ENUM, "glBeginConditionalRenderNV(mode)");
      return;
   }
   /* only a name that became a query object (glBeginQuery) has a result */
   struct st_query_object *q = id ? st_names_lookup(&ctx->queries, id) : NULL;
   if (!q) {
      st_error(ctx, GL_INVALID_VALUE, "glBeginConditionalRenderNV(id)");
      return;
   }
   if (qs->cond_active || q->active) {
      st_error(ctx, GL_INVALID_OPERATION, "glBeginConditionalRenderNV");
      return;
   }
   /* the WAIT modes wait for the result; the NO_WAIT modes render
    * unconditionally when it is not there yet.  The BY_REGION modes may
    * discard per region, which is left to the whole-framebuffer rule. */
   bool wait = mode == GL_QUERY_WAIT_NV || mode == GL_QUERY_BY_REGION_WAIT_NV;
   if (!q->result_read && q->has_result && q->pq && ctx->pipe->get_query_result) {
      union pipe_query_result r;
      if (ctx->pipe->get_query_result(ctx->pipe, q->pq, wait, &r)) {
         q->result = r.u64;
         q->result_read = true;
      }
   }
   qs->cond_active = true;
   qs->cond_id = id;
   qs->cond_discard = q->result_read && q->result == 0;
}

void GLAPIENTRY
api_glEndConditionalRenderNV(void)
{
   ST_ENTRY(ctx);
   struct st_query_state *qs = &ctx->draw->query;
   if (!qs->cond_active) {
      st_error(ctx, GL_INVALID_OPERATION, "glEndConditionalRenderNV");
      return;
   }
   qs->cond_active = false;
   qs->cond_discard = false;
   qs->cond_id = 0;
}

/* ---- ARB_transform_feedback3: indexed queries (stream 0 only) ------------ */

/* GL_MAX_VERTEX_STREAMS is 1: only index 0 exists for the primitive
 * queries; the other targets have no index. */
static bool
query_index_ok(struct st_context *ctx, GLenum target, GLuint index, const char *where)
{
   if (!active_slot(ctx, target)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   if (index != 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return false;
   }
   return true;
}

void GLAPIENTRY
api_glBeginQueryIndexed(GLenum target, GLuint index, GLuint id)
{
   ST_ENTRY(ctx);
   if (query_index_ok(ctx, target, index, "glBeginQueryIndexed"))
      api_glBeginQuery(target, id);
}

void GLAPIENTRY
api_glEndQueryIndexed(GLenum target, GLuint index)
{
   ST_ENTRY(ctx);
   if (query_index_ok(ctx, target, index, "glEndQueryIndexed"))
      api_glEndQuery(target);
}

void GLAPIENTRY
api_glGetQueryIndexediv(GLenum target, GLuint index, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   if (query_index_ok(ctx, target, index, "glGetQueryIndexediv"))
      api_glGetQueryiv(target, pname, params);
}
