/*
 * GL_ARB_sync: glFenceSync, glIsSync, glDeleteSync, glClientWaitSync,
 * glWaitSync, glGetSynciv (glGetInteger64v and GL_MAX_SERVER_WAIT_TIMEOUT
 * are in api_get.c).
 *
 * A fence sync object holds the pipe fence of the flush glFenceSync made.
 * Its status is learned from the screen's fence_finish (timeout 0 to poll);
 * once signalled the fence is released and the status never changes again.
 * Handles are validated against the share group's table (st_sync.h).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "st_api.h"
#include "st_context.h"
#include "st_debug.h"
#include "st_sync.h"

struct st_sync {
   struct pipe_screen *screen;        /* owner of 'fence' */
   unsigned refcount;                 /* under the table's lock */
   pthread_mutex_t lock;              /* fence, signaled */
   struct pipe_fence_handle *fence;   /* NULL once signaled */
   bool signaled;
   GLenum condition;                  /* GL_SYNC_GPU_COMMANDS_COMPLETE */
   GLbitfield flags;                  /* 0 */
   char *label;                       /* GL_KHR_debug (under 'lock'), NULL: none */
};

struct st_sync_table {
   pthread_mutex_t lock;
   struct st_sync **objs;             /* sorted by address */
   size_t count, capacity;
};

/* --- the table ------------------------------------------------------------ */

struct st_sync_table *
st_sync_table_create(void)
{
   struct st_sync_table *t = calloc(1, sizeof *t);
   if (t)
      pthread_mutex_init(&t->lock, NULL);
   return t;
}

static void
sync_free(struct st_sync *s)
{
   if (s->fence && s->screen->fence_reference)
      s->screen->fence_reference(s->screen, &s->fence, NULL);
   pthread_mutex_destroy(&s->lock);
   free(s->label);
   free(s);
}

void
st_sync_table_destroy(struct st_sync_table *t)
{
   if (!t)
      return;
   /* The share group dies with its last context: no wait is in progress,
    * so the table holds the only references. */
   for (size_t i = 0; i < t->count; i++)
      sync_free(t->objs[i]);
   free(t->objs);
   pthread_mutex_destroy(&t->lock);
   free(t);
}

unsigned
st_sync_table_count(struct st_sync_table *t)
{
   if (!t)
      return 0;
   pthread_mutex_lock(&t->lock);
   unsigned n = (unsigned)t->count;
   pthread_mutex_unlock(&t->lock);
   return n;
}

/* Index of the first entry >= p (caller holds the lock). */
static size_t
table_lower_bound(const struct st_sync_table *t, uintptr_t p)
{
   size_t lo = 0, hi = t->count;
   while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if ((uintptr_t)t->objs[mid] < p)
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo;
}

static bool
table_insert(struct st_sync_table *t, struct st_sync *s)
{
   bool ok = true;
   pthread_mutex_lock(&t->lock);
   if (t->count == t->capacity) {
      size_t cap = t->capacity ? t->capacity * 2 : 16;
      struct st_sync **objs = realloc(t->objs, cap * sizeof *objs);
      if (!objs)
         ok = false;
      else {
         t->objs = objs;
         t->capacity = cap;
      }
   }
   if (ok) {
      size_t i = table_lower_bound(t, (uintptr_t)s);
      memmove(&t->objs[i + 1], &t->objs[i], (t->count - i) * sizeof *t->objs);
      t->objs[i] = s;
      t->count++;
      s->refcount = 1;                   /* the table's (the name's) reference */
   }
   pthread_mutex_unlock(&t->lock);
   return ok;
}

/* Position of handle p in the table, or -1 (caller holds the lock).  Only
 * addresses are compared: p is not dereferenced. */
static long
table_find(const struct st_sync_table *t, GLsync p)
{
   size_t i = table_lower_bound(t, (uintptr_t)p);
   return i < t->count && (uintptr_t)t->objs[i] == (uintptr_t)p ? (long)i : -1;
}

/* The sync object named by handle p with a new reference, or NULL. */
static struct st_sync *
sync_get(struct st_context *ctx, GLsync p)
{
   struct st_sync_table *t = ctx->share->syncs;
   if (!t || !p)
      return NULL;
   struct st_sync *s = NULL;
   pthread_mutex_lock(&t->lock);
   long i = table_find(t, p);
   if (i >= 0) {
      s = t->objs[i];
      s->refcount++;
   }
   pthread_mutex_unlock(&t->lock);
   return s;
}

static void
sync_put(struct st_context *ctx, struct st_sync *s)
{
   struct st_sync_table *t = ctx->share->syncs;
   pthread_mutex_lock(&t->lock);
   bool last = --s->refcount == 0;
   pthread_mutex_unlock(&t->lock);
   if (last)
      sync_free(s);
}

/* --- status ----------------------------------------------------------------- */

/* Wait up to timeout_ns for the fence (0: poll); true if signaled. */
static bool
sync_wait(struct st_sync *s, uint64_t timeout_ns)
{
   struct pipe_screen *screen = s->screen;
   struct pipe_fence_handle *fence = NULL;
   pthread_mutex_lock(&s->lock);
   bool signaled = s->signaled;
   if (!signaled)
      screen->fence_reference(screen, &fence, s->fence);   /* keep it across the wait */
   pthread_mutex_unlock(&s->lock);
   if (signaled)
      return true;

   /* The pipe context argument is only a hint; the fence may come from
    * another context of the share group, so none is given. */
   if (!screen->fence_finish(screen, NULL, fence, timeout_ns)) {
      screen->fence_reference(screen, &fence, NULL);
      return false;
   }
   pthread_mutex_lock(&s->lock);
   s->signaled = true;
   if (s->fence)
      screen->fence_reference(screen, &s->fence, NULL);
   pthread_mutex_unlock(&s->lock);
   screen->fence_reference(screen, &fence, NULL);
   return true;
}

/* --- entry points ----------------------------------------------------------- */

GLsync GLAPIENTRY
api_glFenceSync(GLenum condition, GLbitfield flags)
{
   ST_ENTRY_RET(ctx, NULL);
   if (condition != GL_SYNC_GPU_COMMANDS_COMPLETE) {
      st_error(ctx, GL_INVALID_ENUM, "glFenceSync(condition)");
      return NULL;
   }
   if (flags != 0) {
      st_error(ctx, GL_INVALID_VALUE, "glFenceSync(flags)");
      return NULL;
   }
   struct st_sync *s = calloc(1, sizeof *s);
   if (!s || !ctx->share->syncs) {
      free(s);
      st_error(ctx, GL_OUT_OF_MEMORY, "glFenceSync");
      return NULL;
   }
   pthread_mutex_init(&s->lock, NULL);
   s->screen = ctx->screen;
   s->condition = condition;
   s->flags = flags;

   /* The fence command: submit everything issued so far and keep the
    * fence of that submission. */
   struct pipe_fence_handle *fence = NULL;
   bool fences = ctx->screen->fence_finish && ctx->screen->fence_reference;
   st_context_flush(ctx, 0, fences ? &fence : NULL);
   if (fence)
      s->fence = fence;               /* the flush's reference */
   else {
      /* No fence to wait on later: wait now, so SIGNALED is the truth. */
      st_context_flush(ctx, ST_FLUSH_WAIT, NULL);
      s->signaled = true;
   }

   if (!table_insert(ctx->share->syncs, s)) {
      sync_free(s);
      st_error(ctx, GL_OUT_OF_MEMORY, "glFenceSync");
      return NULL;
   }
   return (GLsync)s;
}

GLboolean GLAPIENTRY
api_glIsSync(GLsync sync)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   struct st_sync_table *t = ctx->share->syncs;
   if (!t || !sync)
      return GL_FALSE;
   pthread_mutex_lock(&t->lock);
   bool found = table_find(t, sync) >= 0;
   pthread_mutex_unlock(&t->lock);
   return found ? GL_TRUE : GL_FALSE;
}

void GLAPIENTRY
api_glDeleteSync(GLsync sync)
{
   ST_ENTRY(ctx);
   if (!sync)
      return;                         /* zero is silently ignored */
   struct st_sync_table *t = ctx->share->syncs;
   struct st_sync *s = NULL;
   if (t) {
      pthread_mutex_lock(&t->lock);
      long i = table_find(t, sync);
      if (i >= 0) {
         s = t->objs[i];
         memmove(&t->objs[i], &t->objs[i + 1], (t->count - (size_t)i - 1) * sizeof *t->objs);
         t->count--;
      }
      pthread_mutex_unlock(&t->lock);
   }
   if (!s) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteSync");
      return;
   }
   /* The name is gone; the object lives on while a wait holds it. */
   sync_put(ctx, s);
}

GLenum GLAPIENTRY
api_glClientWaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout)
{
   ST_ENTRY_RET(ctx, GL_WAIT_FAILED);
   struct st_sync *s = sync_get(ctx, sync);
   if (!s) {
      st_error(ctx, GL_INVALID_VALUE, "glClientWaitSync(sync)");
      return GL_WAIT_FAILED;
   }
   if (flags & ~(GLbitfield)GL_SYNC_FLUSH_COMMANDS_BIT) {
      sync_put(ctx, s);
      st_error(ctx, GL_INVALID_VALUE, "glClientWaitSync(flags)");
      return GL_WAIT_FAILED;
   }
   GLenum ret;
   if (sync_wait(s, 0))
      ret = GL_ALREADY_SIGNALED;
   else if (timeout == 0)
      ret = GL_TIMEOUT_EXPIRED;
   else {
      if (flags & GL_SYNC_FLUSH_COMMANDS_BIT)
         st_context_flush(ctx, 0, NULL);
      ret = sync_wait(s, timeout) ? GL_CONDITION_SATISFIED : GL_TIMEOUT_EXPIRED;
   }
   sync_put(ctx, s);
   return ret;
}

void GLAPIENTRY
api_glWaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout)
{
   ST_ENTRY(ctx);
   struct st_sync *s = sync_get(ctx, sync);
   if (!s) {
      st_error(ctx, GL_INVALID_VALUE, "glWaitSync(sync)");
      return;
   }
   if (flags != 0)
      st_error(ctx, GL_INVALID_VALUE, "glWaitSync(flags)");
   else if (timeout != GL_TIMEOUT_IGNORED)
      st_error(ctx, GL_INVALID_VALUE, "glWaitSync(timeout)");
   else {
      /* The pipe interface has no server-side wait, so the server waits
       * here, before any later command of this context is issued, for at
       * most GL_MAX_SERVER_WAIT_TIMEOUT. */
      sync_wait(s, (uint64_t)ST_MAX_SERVER_WAIT_TIMEOUT);
   }
   sync_put(ctx, s);
}

void GLAPIENTRY
api_glGetSynciv(GLsync sync, GLenum pname, GLsizei bufSize, GLsizei *length, GLint *values)
{
   ST_ENTRY(ctx);
   struct st_sync *s = sync_get(ctx, sync);
   if (!s) {
      st_error(ctx, GL_INVALID_VALUE, "glGetSynciv(sync)");
      return;
   }
   GLint v;
   switch (pname) {
   case GL_OBJECT_TYPE:
      v = GL_SYNC_FENCE;
      break;
   case GL_SYNC_CONDITION:
      v = (GLint)s->condition;
      break;
   case GL_SYNC_FLAGS:
      v = (GLint)s->flags;
      break;
   case GL_SYNC_STATUS:
      v = sync_wait(s, 0) ? GL_SIGNALED : GL_UNSIGNALED;
      break;
   default:
      sync_put(ctx, s);
      st_error(ctx, GL_INVALID_ENUM, "glGetSynciv(pname)");
      return;
   }
   sync_put(ctx, s);
   if (bufSize < 0) {                 /* GL 4.5 section 4.1.3 */
      st_error(ctx, GL_INVALID_VALUE, "glGetSynciv(bufSize)");
      return;
   }
   GLsizei n = 0;
   if (bufSize >= 1 && values) {
      values[0] = v;
      n = 1;
   }
   if (length)
      *length = n;
}

/* --- GL_KHR_debug labels ------------------------------------------------------ */

void GLAPIENTRY
api_glObjectPtrLabel(const void *ptr, GLsizei length, const GLchar *label)
{
   ST_ENTRY(ctx);
   struct st_sync *s = sync_get(ctx, (GLsync)(uintptr_t)ptr);
   if (!s) {
      st_error(ctx, GL_INVALID_VALUE, "glObjectPtrLabel");   /* not a sync object */
      return;
   }
   long n = st_debug_label_length(ctx, length, label, "glObjectPtrLabel");
   char *copy = NULL;
   if (n >= 0 && label) {
      copy = malloc((size_t)n + 1);
      if (!copy) {
         st_error(ctx, GL_OUT_OF_MEMORY, "glObjectPtrLabel");
      } else {
         memcpy(copy, label, (size_t)n);
         copy[n] = '\0';
      }
   }
   if (n >= 0 && (copy || !label)) {
      pthread_mutex_lock(&s->lock);
      char *old = s->label;
      s->label = copy;
      pthread_mutex_unlock(&s->lock);
      free(old);
   }
   sync_put(ctx, s);
}

void GLAPIENTRY
api_glGetObjectPtrLabel(const void *ptr, GLsizei bufSize, GLsizei *length, GLchar *label)
{
   ST_ENTRY(ctx);
   struct st_sync *s = sync_get(ctx, (GLsync)(uintptr_t)ptr);
   if (!s || bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetObjectPtrLabel");
      if (s)
         sync_put(ctx, s);
      return;
   }
   pthread_mutex_lock(&s->lock);
   st_label_copy(s->label, bufSize, length, label);
   pthread_mutex_unlock(&s->lock);
   sync_put(ctx, s);
}
