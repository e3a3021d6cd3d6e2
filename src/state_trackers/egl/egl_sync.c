/*
 * Sync objects: EGL 1.5's core functions (eglCreateSync, eglDestroySync,
 * eglClientWaitSync, eglWaitSync, eglGetSyncAttrib) and their
 * EGL_KHR_fence_sync / EGL_KHR_reusable_sync / EGL_KHR_wait_sync forms.
 *
 * A fence sync flushes the current context and keeps the pipe fence;
 * waiting on it waits for the fence (software drivers finish their work
 * when it is flushed, so it is signaled at once or soon).  A reusable
 * sync is a flag and a condition variable: eglSignalSyncKHR sets or clears
 * it, waiters sleep until it is set or their timeout passes.
 */
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "pipe/p_screen.h"

#include "egl_private.h"

struct egl_sync *
egl_sync_lookup(const struct egl_display *d, EGLSync handle)
{
   for (struct egl_sync *s = d->syncs; s; s = s->next) {
      if ((EGLSync)s == handle && !s->destroyed)
         return s;
   }
   return NULL;
}

static void
sync_free(struct egl_display *d, struct egl_sync *s)
{
   if (s->fence && d->screen && d->screen->fence_reference)
      d->screen->fence_reference(d->screen, &s->fence, NULL);
   pthread_cond_destroy(&s->cond);
   free(s);
}

/* A destroyed sync goes once no thread waits on it (under the display's lock). */
static void
sync_release(struct egl_display *d, struct egl_sync *s)
{
   if (!s->destroyed || s->waiters)
      return;
   for (struct egl_sync **p = &d->syncs; *p; p = &(*p)->next) {
      if (*p == s) {
         *p = s->next;
         break;
      }
   }
   sync_free(d, s);
}

void
egl_sync_destroy_all(struct egl_display *d)
{
   for (struct egl_sync *s = d->syncs, *next; s; s = next) {
      next = s->next;
      s->destroyed = true;
      pthread_cond_broadcast(&s->cond);
      sync_release(d, s);
   }
}

static EGLSync
create_sync(EGLDisplay dpy, EGLenum type, const EGLAttrib *attribs)
{
   struct egl_thread *t = egl_thread();
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_NO_SYNC;
   EGLint err = EGL_SUCCESS;
   if (type != EGL_SYNC_FENCE && type != EGL_SYNC_REUSABLE_KHR) {
      err = EGL_BAD_PARAMETER;
   } else if (attribs && attribs[0] != EGL_NONE) {
      /* neither type takes an attribute */
      err = EGL_BAD_ATTRIBUTE;
   } else if (type == EGL_SYNC_FENCE && (!t->ctx || t->ctx->dpy != d)) {
      /* a fence belongs to the current context's command stream */
      err = EGL_BAD_MATCH;
   }
   struct egl_sync *s = NULL;
   if (err == EGL_SUCCESS && !(s = calloc(1, sizeof(*s))))
      err = EGL_BAD_ALLOC;
   if (err != EGL_SUCCESS) {
      egl_display_unlock(d);
      egl_error(err);
      return EGL_NO_SYNC;
   }
   s->type = type;
   pthread_cond_init(&s->cond, NULL);
   if (type == EGL_SYNC_FENCE) {
      st_context_flush(t->ctx->st, 0, &s->fence);
      /* no fence from the driver: the work is done when flush returns */
      s->signaled = s->fence == NULL;
   }
   s->next = d->syncs;
   d->syncs = s;
   egl_display_unlock(d);
   egl_success();
   return (EGLSync)s;
}

EGLSync
api_eglCreateSync(EGLDisplay dpy, EGLenum type, const EGLAttrib *attribs)
{
   egl_entry("eglCreateSync");
   return create_sync(dpy, type, attribs);
}

EGLSyncKHR
api_eglCreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint *attribs)
{
   egl_entry("eglCreateSyncKHR");
   EGLAttrib list[1] = { EGL_NONE };
   /* neither type takes an attribute: a list with one is refused */
   if (attribs && attribs[0] != EGL_NONE)
      list[0] = attribs[0];
   return create_sync(dpy, type, attribs ? list : NULL);
}

EGLBoolean
api_eglDestroySyncKHR(EGLDisplay dpy, EGLSyncKHR sync)
{
   egl_entry("eglDestroySyncKHR");
   return api_eglDestroySync(dpy, sync);
}

EGLBoolean
api_eglDestroySync(EGLDisplay dpy, EGLSync sync)
{
   egl_entry("eglDestroySync");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_sync *s = egl_sync_lookup(d, sync);
   if (!s) {
      egl_display_unlock(d);
      return egl_error(EGL_BAD_PARAMETER);
   }
   /* threads waiting on it wake up and return (it is freed after them) */
   s->destroyed = true;
   pthread_cond_broadcast(&s->cond);
   sync_release(d, s);
   egl_display_unlock(d);
   return egl_success();
}

/* Is it signaled now?  (Fences: asks the driver without waiting.) */
static bool
poll_signaled(struct egl_display *d, struct egl_sync *s, uint64_t timeout)
{
   if (!s->signaled && s->type == EGL_SYNC_FENCE && s->fence && d->screen->fence_finish &&
       d->screen->fence_finish(d->screen, NULL, s->fence, timeout))
      s->signaled = true;
   return s->signaled;
}

static EGLint
client_wait(EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout)
{
   struct egl_thread *t = egl_thread();
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_sync *s = egl_sync_lookup(d, sync);
   if (!s) {
      egl_display_unlock(d);
      egl_error(EGL_BAD_PARAMETER);
      return EGL_FALSE;
   }
   if ((flags & EGL_SYNC_FLUSH_COMMANDS_BIT) && t->ctx && t->ctx->dpy == d)
      st_context_flush(t->ctx->st, 0, NULL);
   EGLint result = EGL_CONDITION_SATISFIED;
   if (s->type == EGL_SYNC_FENCE) {
      if (!poll_signaled(d, s, 0))
         result = poll_signaled(d, s, timeout) ? EGL_CONDITION_SATISFIED : EGL_TIMEOUT_EXPIRED;
   } else if (!s->signaled) {
      if (timeout == 0) {
         result = EGL_TIMEOUT_EXPIRED;
      } else {
         struct timespec until;
         clock_gettime(CLOCK_REALTIME, &until);
         bool forever = timeout == EGL_FOREVER;
         if (!forever) {
            uint64_t ns = (uint64_t)until.tv_nsec + timeout % 1000000000ull;
            until.tv_sec += (time_t)(timeout / 1000000000ull + ns / 1000000000ull);
            until.tv_nsec = (long)(ns % 1000000000ull);
         }
         s->waiters++;
         int rc = 0;
         while (!s->signaled && !s->destroyed && rc != ETIMEDOUT)
            rc = forever ? pthread_cond_wait(&s->cond, &d->lock)
                         : pthread_cond_timedwait(&s->cond, &d->lock, &until);
         s->waiters--;
         result = s->signaled ? EGL_CONDITION_SATISFIED : EGL_TIMEOUT_EXPIRED;
         if (s->destroyed)
            sync_release(d, s);
      }
   }
   egl_display_unlock(d);
   egl_success();
   return result;
}

EGLint
api_eglClientWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout)
{
   egl_entry("eglClientWaitSync");
   return client_wait(dpy, sync, flags, timeout);
}

EGLint
api_eglClientWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags, EGLTimeKHR timeout)
{
   egl_entry("eglClientWaitSyncKHR");
   return client_wait(dpy, sync, flags, timeout);
}

/* The server waits: a software driver's work is in order anyway. */
static EGLBoolean
server_wait(EGLDisplay dpy, EGLSync sync, EGLint flags)
{
   struct egl_thread *t = egl_thread();
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_sync *s = egl_sync_lookup(d, sync);
   EGLint err = !s                              ? EGL_BAD_PARAMETER
                : flags != 0                    ? EGL_BAD_PARAMETER
                : !t->ctx || t->ctx->dpy != d   ? EGL_BAD_MATCH
                                                : EGL_SUCCESS;
   if (err == EGL_SUCCESS && s->type == EGL_SYNC_FENCE)
      poll_signaled(d, s, EGL_FOREVER);
   egl_display_unlock(d);
   return egl_error(err);
}

EGLBoolean
api_eglWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags)
{
   egl_entry("eglWaitSync");
   return server_wait(dpy, sync, flags);
}

EGLint
api_eglWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags)
{
   egl_entry("eglWaitSyncKHR");
   return server_wait(dpy, sync, flags);
}

EGLBoolean
api_eglSignalSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLenum mode)
{
   egl_entry("eglSignalSyncKHR");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_sync *s = egl_sync_lookup(d, sync);
   EGLint err = !s                                   ? EGL_BAD_PARAMETER
                : s->type != EGL_SYNC_REUSABLE_KHR    ? EGL_BAD_MATCH
                : mode != EGL_SIGNALED && mode != EGL_UNSIGNALED ? EGL_BAD_PARAMETER
                                                      : EGL_SUCCESS;
   if (err == EGL_SUCCESS) {
      s->signaled = mode == EGL_SIGNALED;
      if (s->signaled)
         pthread_cond_broadcast(&s->cond);
   }
   egl_display_unlock(d);
   return egl_error(err);
}

static EGLBoolean
get_attrib(EGLDisplay dpy, EGLSync sync, EGLint attrib, EGLAttrib *value)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_sync *s = egl_sync_lookup(d, sync);
   EGLint err = !s ? EGL_BAD_PARAMETER : !value ? EGL_BAD_PARAMETER : EGL_SUCCESS;
   if (err == EGL_SUCCESS) {
      switch (attrib) {
      case EGL_SYNC_TYPE:
         *value = (EGLAttrib)s->type;
         break;
      case EGL_SYNC_STATUS:
         *value = poll_signaled(d, s, 0) ? EGL_SIGNALED : EGL_UNSIGNALED;
         break;
      case EGL_SYNC_CONDITION:
         if (s->type == EGL_SYNC_FENCE)
            *value = EGL_SYNC_PRIOR_COMMANDS_COMPLETE;
         else
            err = EGL_BAD_ATTRIBUTE;
         break;
      default:
         err = EGL_BAD_ATTRIBUTE;
         break;
      }
   }
   egl_display_unlock(d);
   return egl_error(err);
}

EGLBoolean
api_eglGetSyncAttrib(EGLDisplay dpy, EGLSync sync, EGLint attrib, EGLAttrib *value)
{
   egl_entry("eglGetSyncAttrib");
   return get_attrib(dpy, sync, attrib, value);
}

EGLBoolean
api_eglGetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attrib, EGLint *value)
{
   egl_entry("eglGetSyncAttribKHR");
   EGLAttrib v = 0;
   if (!value) {
      /* (the display is still checked first) */
      struct egl_display *d = egl_display_lock(dpy, true);
      if (!d)
         return EGL_FALSE;
      egl_display_unlock(d);
      return egl_error(EGL_BAD_PARAMETER);
   }
   if (!get_attrib(dpy, sync, attrib, &v))
      return EGL_FALSE;
   *value = (EGLint)v;
   return EGL_TRUE;
}
