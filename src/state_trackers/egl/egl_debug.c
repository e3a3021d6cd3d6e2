/*
 * EGL_KHR_debug: the errors Pony's EGL raises reach the application's
 * callback, with the command that raised them, the thread's label and the
 * label of the display (or object) the call was about.
 *
 * libglvnd's libEGL implements the extension's entry points and forwards
 * eglDebugMessageControlKHR and eglLabelObjectKHR to every vendor (through
 * getProcAddress); the callback and the enabled message types are
 * process-wide in EGL, so Pony keeps them in one locked object.  A report
 * raised while the thread holds a display's lock is delivered when the
 * lock is let go, so that the callback may call EGL itself.
 */
#include <stdio.h>

#include "egl_private.h"

static struct {
   pthread_mutex_t lock;
   EGLDEBUGPROCKHR callback;
   bool enabled[4];               /* CRITICAL, ERROR, WARN, INFO */
} egl_debug = { PTHREAD_MUTEX_INITIALIZER, NULL, { true, true, false, false } };

static int
type_index(EGLAttrib type)
{
   switch (type) {
   case EGL_DEBUG_MSG_CRITICAL_KHR:
      return 0;
   case EGL_DEBUG_MSG_ERROR_KHR:
      return 1;
   case EGL_DEBUG_MSG_WARN_KHR:
      return 2;
   case EGL_DEBUG_MSG_INFO_KHR:
      return 3;
   default:
      return -1;
   }
}

void
egl_entry(const char *command)
{
   struct egl_thread *t = egl_thread();
   t->command = command;
   t->object_label = NULL;
}

static void
deliver(struct egl_thread *t, EGLint error)
{
   /* out of memory is an internal failure; the rest are the caller's */
   EGLint type = error == EGL_BAD_ALLOC ? EGL_DEBUG_MSG_CRITICAL_KHR : EGL_DEBUG_MSG_ERROR_KHR;
   pthread_mutex_lock(&egl_debug.lock);
   EGLDEBUGPROCKHR cb = egl_debug.enabled[type_index(type)] ? egl_debug.callback : NULL;
   pthread_mutex_unlock(&egl_debug.lock);
   if (!cb)
      return;
   char message[128];
   snprintf(message, sizeof(message), "%s failed with error 0x%x",
            t->command ? t->command : "an EGL call", (unsigned)error);
   cb((EGLenum)error, t->command, type, t->label, t->object_label, message);
}

void
egl_debug_report(EGLint error)
{
   struct egl_thread *t = egl_thread();
   if (error == EGL_SUCCESS)
      return;
   if (t->locks)
      t->pending = error;   /* delivered at egl_display_unlock */
   else
      deliver(t, error);
}

void
egl_debug_flush(void)
{
   struct egl_thread *t = egl_thread();
   if (!t->locks && t->pending) {
      EGLint e = t->pending;
      t->pending = 0;
      deliver(t, e);
   }
}

EGLint
api_eglDebugMessageControlKHR(EGLDEBUGPROCKHR callback, const EGLAttrib *attribs)
{
   bool enabled[4];
   pthread_mutex_lock(&egl_debug.lock);
   for (int i = 0; i < 4; i++)
      enabled[i] = egl_debug.enabled[i];
   pthread_mutex_unlock(&egl_debug.lock);
   for (unsigned n = 0; attribs && attribs[2 * n] != EGL_NONE; n++) {
      int i = n < EGL_MAX_ATTRIBS ? type_index(attribs[2 * n]) : -1;
      if (i < 0)
         return EGL_BAD_ATTRIBUTE;
      enabled[i] = attribs[2 * n + 1] != EGL_FALSE;
   }
   pthread_mutex_lock(&egl_debug.lock);
   egl_debug.callback = callback;
   for (int i = 0; i < 4; i++)
      egl_debug.enabled[i] = enabled[i];
   pthread_mutex_unlock(&egl_debug.lock);
   return EGL_SUCCESS;
}

EGLBoolean
api_eglQueryDebugKHR(EGLint attribute, EGLAttrib *value)
{
   int i = type_index(attribute);
   if (!value || (i < 0 && attribute != EGL_DEBUG_CALLBACK_KHR))
      return EGL_FALSE;
   pthread_mutex_lock(&egl_debug.lock);
   if (i >= 0)
      *value = egl_debug.enabled[i];
   else
      *value = (EGLAttrib)egl_debug.callback;
   pthread_mutex_unlock(&egl_debug.lock);
   return EGL_TRUE;
}

EGLint
api_eglLabelObjectKHR(EGLDisplay dpy, EGLenum type, EGLObjectKHR object, EGLLabelKHR label)
{
   egl_entry("eglLabelObjectKHR");
   if (type == EGL_OBJECT_THREAD_KHR) {
      egl_thread()->label = label;
      return EGL_SUCCESS;
   }
   struct egl_display *d = egl_display_lock(dpy, type != EGL_OBJECT_DISPLAY_KHR);
   if (!d)
      return egl_thread()->error;
   EGLint err = EGL_SUCCESS;
   switch (type) {
   case EGL_OBJECT_DISPLAY_KHR:
      if (object != (EGLObjectKHR)dpy)
         err = EGL_BAD_PARAMETER;
      else
         d->label = label;
      break;
   case EGL_OBJECT_CONTEXT_KHR: {
      struct egl_context *c = egl_context_lookup(d, object);
      if (c)
         c->label = label;
      else
         err = EGL_BAD_PARAMETER;
      break;
   }
   case EGL_OBJECT_SURFACE_KHR: {
      struct egl_surface *s = egl_surface_lookup(d, object);
      if (s)
         s->label = label;
      else
         err = EGL_BAD_PARAMETER;
      break;
   }
   case EGL_OBJECT_SYNC_KHR: {
      struct egl_sync *s = egl_sync_lookup(d, object);
      if (s)
         s->label = label;
      else
         err = EGL_BAD_PARAMETER;
      break;
   }
   default:
      /* images have no label in Pony; streams do not exist */
      err = EGL_BAD_PARAMETER;
      break;
   }
   egl_display_unlock(d);
   egl_error(err);
   return err;
}
