/*
 * EGLContexts: creation with EGL 1.5's and EGL_KHR_create_context's
 * attributes, eglQueryContext, and eglMakeCurrent (which binds the GL
 * state tracker's context on Pony's own dispatch).
 */
#include <stdlib.h>

#include "egl_private.h"

#ifndef EGL_CONTEXT_OPENGL_NO_ERROR_KHR
#define EGL_CONTEXT_OPENGL_NO_ERROR_KHR 0x31B3
#endif
#ifndef EGL_CONTEXT_FLAGS_KHR
#define EGL_CONTEXT_FLAGS_KHR 0x30FC
#endif
#define CTX_FLAG_DEBUG 0x1      /* EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR */
#define CTX_FLAG_FORWARD 0x2    /* EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR */
#define CTX_FLAG_ROBUST 0x4     /* EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR */

struct egl_context *
egl_context_lookup(const struct egl_display *d, EGLContext handle)
{
   for (struct egl_context *c = d->contexts; c; c = c->next) {
      if ((EGLContext)c == handle && !c->destroyed)
         return c;
   }
   return NULL;
}

void
egl_context_free(struct egl_context *c)
{
   if (c->st)
      st_context_destroy(c->st);
   free(c);
}

void
egl_context_release(struct egl_display *d, struct egl_context *c)
{
   if (!c->destroyed || c->owner)
      return;
   for (struct egl_context **p = &d->contexts; *p; p = &(*p)->next) {
      if (*p == c) {
         *p = c->next;
         break;
      }
   }
   egl_context_free(c);
}

/* The attributes of eglCreateContext, checked against the API. */
struct ctx_request {
   EGLint major, minor, profile_mask, flags, reset;
   bool no_error;
};

static EGLint
parse_context_attribs(EGLenum api, const EGLint *attribs, struct ctx_request *r)
{
   r->major = 1;
   r->minor = 0;
   r->profile_mask = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT;
   r->flags = 0;
   r->reset = EGL_NO_RESET_NOTIFICATION;
   r->no_error = false;
   bool gl = api == EGL_OPENGL_API;

   for (unsigned n = 0; attribs && attribs[2 * n] != EGL_NONE; n++) {
      EGLint a = attribs[2 * n], v = attribs[2 * n + 1];
      if (n >= EGL_MAX_ATTRIBS)
         return EGL_BAD_ATTRIBUTE;
      switch (a) {
      case EGL_CONTEXT_MAJOR_VERSION:   /* = EGL_CONTEXT_CLIENT_VERSION */
         r->major = v;
         break;
      case EGL_CONTEXT_MINOR_VERSION:
         r->minor = v;
         break;
      case EGL_CONTEXT_OPENGL_PROFILE_MASK:
         if (!gl)
            return EGL_BAD_ATTRIBUTE;
         r->profile_mask = v;
         break;
      case EGL_CONTEXT_FLAGS_KHR:
         if (v & ~(CTX_FLAG_DEBUG | CTX_FLAG_FORWARD | CTX_FLAG_ROBUST))
            return EGL_BAD_ATTRIBUTE;
         /* forward compatibility is desktop GL's alone */
         if (!gl && (v & CTX_FLAG_FORWARD))
            return EGL_BAD_ATTRIBUTE;
         r->flags = v;
         break;
      case EGL_CONTEXT_OPENGL_DEBUG:
      case EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE:
      case EGL_CONTEXT_OPENGL_ROBUST_ACCESS:
      case EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT: {
         EGLint bit = a == EGL_CONTEXT_OPENGL_DEBUG               ? CTX_FLAG_DEBUG
                      : a == EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE ? CTX_FLAG_FORWARD
                                                                   : CTX_FLAG_ROBUST;
         if (v != EGL_TRUE && v != EGL_FALSE)
            return EGL_BAD_ATTRIBUTE;
         if (bit == CTX_FLAG_FORWARD && !gl)
            return EGL_BAD_ATTRIBUTE;
         /* EGL 1.5's robust access is for GL and GLES 2+; the EXT one for GLES */
         if (v)
            r->flags |= bit;
         else
            r->flags &= ~bit;
         break;
      }
      case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY:
      case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT:
         if (v != EGL_NO_RESET_NOTIFICATION && v != EGL_LOSE_CONTEXT_ON_RESET)
            return EGL_BAD_ATTRIBUTE;
         r->reset = v;
         break;
      case EGL_CONTEXT_OPENGL_NO_ERROR_KHR:
         if (v != EGL_TRUE && v != EGL_FALSE)
            return EGL_BAD_ATTRIBUTE;
         r->no_error = v == EGL_TRUE;
         break;
      default:
         return EGL_BAD_ATTRIBUTE;
      }
   }
   if (r->major < 1 || r->minor < 0)
      return EGL_BAD_MATCH;
   /* EGL_KHR_create_context_no_error: no error with debug or robustness */
   if (r->no_error && (r->flags & (CTX_FLAG_DEBUG | CTX_FLAG_ROBUST)))
      return EGL_BAD_MATCH;
   return EGL_SUCCESS;
}

EGLContext
api_eglCreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share, const EGLint *attribs)
{
   egl_entry("eglCreateContext");
   const struct pony_egl_exports *ex = egl_exports();
   EGLenum api = ex && ex->get_current_api ? ex->get_current_api() : EGL_OPENGL_ES_API;
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_NO_CONTEXT;

   EGLint err = EGL_SUCCESS;
   const struct egl_config *cfg = NULL;
   struct egl_context *share_ctx = NULL;
   struct ctx_request r = { 0 };

   if (api != EGL_OPENGL_API && api != EGL_OPENGL_ES_API)
      err = EGL_BAD_MATCH;
   if (err == EGL_SUCCESS && config != EGL_NO_CONFIG_KHR &&
       !(cfg = egl_config_lookup(d, config)))
      err = EGL_BAD_CONFIG;
   if (err == EGL_SUCCESS && share != EGL_NO_CONTEXT) {
      share_ctx = egl_context_lookup(d, share);
      if (!share_ctx)
         err = EGL_BAD_CONTEXT;
      else if (share_ctx->api != api)
         err = EGL_BAD_MATCH;
   }
   if (err == EGL_SUCCESS)
      err = parse_context_attribs(api, attribs, &r);

   struct st_context_attribs sa = { 0 };
   EGLint api_bit = 0;
   if (err == EGL_SUCCESS) {
      sa.major = r.major;
      sa.minor = r.minor;
      if (api == EGL_OPENGL_API) {
         api_bit = EGL_OPENGL_BIT;
         /* the profile counts from 3.2 on; exactly one bit, and one Pony has */
         bool v32 = r.major > 3 || (r.major == 3 && r.minor >= 2);
         if (r.profile_mask != EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT &&
             r.profile_mask != EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT)
            err = v32 ? EGL_BAD_MATCH : EGL_SUCCESS;
         /* GL 3.1 has no compatibility profile: a 3.1 request gets the
          * core one (as Mesa's libEGL asks its DRI drivers for) */
         bool v31 = r.major == 3 && r.minor == 1;
         sa.profile = (v32 && r.profile_mask == EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT) || v31
                         ? ST_PROFILE_CORE
                         : ST_PROFILE_COMPAT;
      } else {
         sa.profile = r.major == 1 ? ST_PROFILE_GLES1 : ST_PROFILE_GLES2;
         api_bit = r.major == 1   ? EGL_OPENGL_ES_BIT
                   : r.major == 2 ? EGL_OPENGL_ES2_BIT
                                  : EGL_OPENGL_ES3_BIT_KHR;
      }
      if (r.flags & CTX_FLAG_DEBUG)
         sa.flags |= ST_CONTEXT_FLAG_DEBUG;
      if (r.flags & CTX_FLAG_FORWARD)
         sa.flags |= ST_CONTEXT_FLAG_FORWARD_COMPAT;
      if (r.flags & CTX_FLAG_ROBUST)
         sa.flags |= ST_CONTEXT_FLAG_ROBUST_ACCESS;
      if (r.reset == EGL_LOSE_CONTEXT_ON_RESET)
         sa.flags |= ST_CONTEXT_FLAG_LOSE_ON_RESET;
      if (r.no_error)
         sa.flags |= ST_CONTEXT_FLAG_NO_ERROR;
      /* the config must render the API and its version (EGL_KHR_create_context) */
      if (err == EGL_SUCCESS && cfg && !(cfg->renderable & api_bit))
         err = EGL_BAD_MATCH;
      if (err == EGL_SUCCESS && share_ctx && share_ctx->reset_strategy != r.reset)
         err = EGL_BAD_MATCH;
   }

   struct st_visual visual;
   struct egl_context *c = NULL;
   if (err == EGL_SUCCESS) {
      if (cfg) {
         fe_config_to_visual(&cfg->fe, &visual);
         sa.visual = &visual;
      }
      /* GL_OES_EGL_image: EGLImages of GL objects exist on every display */
      sa.egl_image = &d->image_lookup;
      c = calloc(1, sizeof(*c));
      if (!c)
         err = EGL_BAD_ALLOC;
   }
   if (err == EGL_SUCCESS) {
      enum st_context_error st_err = ST_CONTEXT_SUCCESS;
      c->st = st_context_create(d->screen, &sa, share_ctx ? share_ctx->st : NULL, &st_err);
      if (!c->st) {
         switch (st_err) {
         case ST_CONTEXT_ERROR_NO_MEMORY:
            err = EGL_BAD_ALLOC;
            break;
         case ST_CONTEXT_ERROR_UNKNOWN_ATTRIBUTE:
         case ST_CONTEXT_ERROR_UNKNOWN_FLAG:
            err = EGL_BAD_ATTRIBUTE;
            break;
         default:   /* the API, version or a flag Pony does not offer */
            err = EGL_BAD_MATCH;
            break;
         }
         free(c);
         c = NULL;
      }
   }
   if (err != EGL_SUCCESS) {
      egl_log(d, "eglCreateContext(api 0x%x, %d.%d): error 0x%x", api, r.major, r.minor, err);
      egl_display_unlock(d);
      egl_error(err);
      return EGL_NO_CONTEXT;
   }
   c->dpy = d;
   c->config = cfg;
   c->api = api;
   c->client_version = r.major;
   c->reset_strategy = r.reset;
   c->next = d->contexts;
   d->contexts = c;
   egl_display_unlock(d);
   egl_success();
   return (EGLContext)c;
}

EGLBoolean
api_eglDestroyContext(EGLDisplay dpy, EGLContext ctx)
{
   egl_entry("eglDestroyContext");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_context *c = egl_context_lookup(d, ctx);
   if (!c) {
      egl_display_unlock(d);
      return egl_error(EGL_BAD_CONTEXT);
   }
   /* a current context lives until it is released */
   c->destroyed = true;
   egl_context_release(d, c);
   egl_display_unlock(d);
   return egl_success();
}

EGLBoolean
api_eglQueryContext(EGLDisplay dpy, EGLContext ctx, EGLint attrib, EGLint *value)
{
   egl_entry("eglQueryContext");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_context *c = egl_context_lookup(d, ctx);
   EGLint err = EGL_SUCCESS, v = 0;
   if (!c) {
      err = EGL_BAD_CONTEXT;
   } else {
      struct egl_thread *t = egl_thread();
      switch (attrib) {
      case EGL_CONFIG_ID:
         v = c->config ? c->config->id : 0;
         break;
      case EGL_CONTEXT_CLIENT_TYPE:
         v = (EGLint)c->api;
         break;
      case EGL_CONTEXT_CLIENT_VERSION:
         v = c->client_version;
         break;
      case EGL_RENDER_BUFFER:
         /* the surface it draws to: back buffer for pbuffers, none unbound */
         v = t->ctx == c && t->draw ? EGL_BACK_BUFFER : EGL_NONE;
         break;
      default:
         err = EGL_BAD_ATTRIBUTE;
         break;
      }
      if (err == EGL_SUCCESS && !value)
         err = EGL_BAD_PARAMETER;
   }
   egl_display_unlock(d);
   if (err != EGL_SUCCESS)
      return egl_error(err);
   *value = v;
   return egl_success();
}

/* --- eglMakeCurrent ---------------------------------------------------------------- */

static bool
surface_fits(const struct egl_surface *s, const struct egl_context *c)
{
   if (!c->config)
      return true;   /* configless: any surface */
   const struct fe_config *a = &s->config->fe, *b = &c->config->fe;
   return a->color_format == b->color_format && a->zs_format == b->zs_format &&
          a->samples == b->samples;
}

/* Drop the thread's bindings (under each object's display lock). */
static void
unbind_thread(struct egl_thread *t)
{
   struct egl_context *c = t->ctx;
   struct egl_surface *draw = t->draw, *read = t->read;
   t->ctx = NULL;
   t->draw = t->read = NULL;
   if (!c)
      return;
   struct egl_display *d = c->dpy;
   c->owner = NULL;
   if (draw)
      draw->owner = NULL;
   if (read)
      read->owner = NULL;
   egl_context_release(d, c);
   if (draw)
      egl_surface_release(d, draw);
   if (read && read != draw)
      egl_surface_release(d, read);
   egl_display_released(d);
}

/* eglMakeCurrent's checks, under the display's lock. */
static EGLint
check_binding(struct egl_display *d, struct egl_thread *t, EGLSurface draw, EGLSurface read,
              EGLContext ctx, struct egl_context **pc, struct egl_surface **pds,
              struct egl_surface **prs)
{
   struct egl_context *c = *pc = egl_context_lookup(d, ctx);
   struct egl_surface *ds = *pds = draw == EGL_NO_SURFACE ? NULL : egl_surface_lookup(d, draw);
   struct egl_surface *rs = *prs = read == EGL_NO_SURFACE ? NULL : egl_surface_lookup(d, read);
   if (!c)
      return EGL_BAD_CONTEXT;
   if ((draw != EGL_NO_SURFACE && !ds) || (read != EGL_NO_SURFACE && !rs))
      return EGL_BAD_SURFACE;
   if (!ds != !rs)
      return EGL_BAD_MATCH;   /* one surface without the other */
   if ((c->owner && c->owner != t) || (ds && ds->owner && ds->owner != t) ||
       (rs && rs->owner && rs->owner != t))
      return EGL_BAD_ACCESS;   /* current to another thread */
   if ((ds && !surface_fits(ds, c)) || (rs && !surface_fits(rs, c)))
      return EGL_BAD_MATCH;
   return EGL_SUCCESS;
}

EGLBoolean
api_eglMakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx)
{
   egl_entry("eglMakeCurrent");
   struct egl_thread *t = egl_thread();

   /* releasing works on a terminated display too (EGL 1.5, 3.7.3) */
   struct egl_display *d = egl_display_lock(dpy, ctx != EGL_NO_CONTEXT);
   if (!d)
      return EGL_FALSE;

   if (ctx == EGL_NO_CONTEXT) {
      if (draw != EGL_NO_SURFACE || read != EGL_NO_SURFACE) {
         egl_display_unlock(d);
         return egl_error(EGL_BAD_MATCH);
      }
      if (t->ctx && t->ctx->dpy != d) {
         /* the context's own display is the one to lock */
         struct egl_display *cd = t->ctx->dpy;
         egl_display_unlock(d);
         egl_display_relock(cd);
         d = cd;
      }
      if (t->ctx) {
         st_make_current(NULL, NULL, NULL);
         unbind_thread(t);
      }
      egl_display_unlock(d);
      return egl_success();
   }

   struct egl_context *c;
   struct egl_surface *ds, *rs;
   EGLint err = check_binding(d, t, draw, read, ctx, &c, &ds, &rs);
   if (err == EGL_SUCCESS && t->ctx && t->ctx->dpy != d) {
      /* the thread's context on another display is let go first; then
       * everything is checked again, since the lock was dropped */
      struct egl_display *od = t->ctx->dpy;
      egl_display_unlock(d);
      egl_display_relock(od);
      st_make_current(NULL, NULL, NULL);
      unbind_thread(t);
      egl_display_unlock(od);
      egl_display_relock(d);
      err = d->initialized ? check_binding(d, t, draw, read, ctx, &c, &ds, &rs)
                           : EGL_NOT_INITIALIZED;
   }
   if (err != EGL_SUCCESS) {
      egl_log(d, "eglMakeCurrent: error 0x%x", err);
      egl_display_unlock(d);
      return egl_error(err);
   }

   if (!st_make_current(c->st, ds ? &ds->base : NULL, rs ? &rs->base : NULL)) {
      egl_display_unlock(d);
      return egl_error(EGL_BAD_ALLOC);
   }
   /* the old bindings of this display go, the new ones come */
   struct egl_context *oc = t->ctx;
   struct egl_surface *od_draw = t->draw, *od_read = t->read;
   if (oc)
      oc->owner = NULL;
   if (od_draw)
      od_draw->owner = NULL;
   if (od_read)
      od_read->owner = NULL;
   c->owner = t;
   if (ds)
      ds->owner = t;
   if (rs)
      rs->owner = t;
   t->ctx = c;
   t->draw = ds;
   t->read = rs;
   if (oc && oc != c)
      egl_context_release(d, oc);
   if (od_draw && od_draw != ds && od_draw != rs)
      egl_surface_release(d, od_draw);
   if (od_read && od_read != od_draw && od_read != ds && od_read != rs)
      egl_surface_release(d, od_read);
   egl_display_unlock(d);
   return egl_success();
}
