/*
 * GLXContexts: creation (glXCreateContext from a visual, glXCreateNewContext
 * from a config, glXCreateContextAttribsARB with GLX_ARB_create_context,
 * _profile, _robustness, _no_error, GLX_EXT_create_context_es(2)_profile
 * and GLX_EXT_no_config_context), the queries, and making current, which
 * binds the GL state tracker's context on Pony's own dispatch to the
 * drawables' framebuffers.  libGLX keeps its own record of what is current
 * (glXGetCurrent*) and calls only the vendor of the new context.
 */
#include <stdlib.h>

#include "glx_private.h"

#ifndef GLX_CONTEXT_ES_PROFILE_BIT_EXT
#define GLX_CONTEXT_ES_PROFILE_BIT_EXT 0x00000004
#endif

#define CTX_FLAGS_KNOWN (GLX_CONTEXT_DEBUG_BIT_ARB | GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB | \
                         GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB)

struct glx_context *
glx_context_lookup(const struct glx_display *d, GLXContext handle)
{
   for (struct glx_context *c = d->contexts; c; c = c->next) {
      if ((GLXContext)c == handle && !c->destroyed)
         return c;
   }
   return NULL;
}

void
glx_context_free(struct glx_context *c)
{
   if (c->st)
      st_context_destroy(c->st);
   free(c);
}

void
glx_context_release(struct glx_display *d, struct glx_context *c)
{
   if (!c->destroyed || c->owner)
      return;
   for (struct glx_context **p = &d->contexts; *p; p = &(*p)->next) {
      if (*p == c) {
         *p = c->next;
         break;
      }
   }
   glx_context_free(c);
}

/* --- creation ---------------------------------------------------------------------- */

/* What glXCreateContextAttribsARB was asked; the other two ask the defaults. */
struct ctx_request {
   int major, minor, flags, profile_mask, render_type, reset, screen;
   bool no_error;
};

static void
request_defaults(struct ctx_request *r)
{
   r->major = 1;
   r->minor = 0;
   r->flags = 0;
   r->profile_mask = GLX_CONTEXT_CORE_PROFILE_BIT_ARB;
   r->render_type = GLX_RGBA_TYPE;
   r->reset = GLX_NO_RESET_NOTIFICATION_ARB;
   r->screen = -1;
   r->no_error = false;
}

/* GLX_ARB_create_context: an unknown name or value is BadValue. */
static int
parse_context_attribs(const int *attribs, struct ctx_request *r)
{
   request_defaults(r);
   for (unsigned n = 0; attribs && attribs[2 * n] != None; n++) {
      int a = attribs[2 * n], v = attribs[2 * n + 1];
      if (n >= GLX_MAX_ATTRIBS)
         return BadValue;
      switch (a) {
      case GLX_CONTEXT_MAJOR_VERSION_ARB:
         r->major = v;
         break;
      case GLX_CONTEXT_MINOR_VERSION_ARB:
         r->minor = v;
         break;
      case GLX_CONTEXT_FLAGS_ARB:
         if (v & ~CTX_FLAGS_KNOWN)
            return BadValue;
         r->flags = v;
         break;
      case GLX_CONTEXT_PROFILE_MASK_ARB:
         r->profile_mask = v;
         break;
      case GLX_RENDER_TYPE:
         if (v != GLX_RGBA_TYPE && v != GLX_COLOR_INDEX_TYPE)
            return BadValue;
         r->render_type = v;
         break;
      case GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB:
         if (v != GLX_NO_RESET_NOTIFICATION_ARB && v != GLX_LOSE_CONTEXT_ON_RESET_ARB)
            return BadValue;
         r->reset = v;
         break;
      case GLX_CONTEXT_OPENGL_NO_ERROR_ARB:
         if (v != True && v != False)
            return BadValue;
         r->no_error = v == True;
         break;
      case GLX_SCREEN:   /* GLX_EXT_no_config_context */
         r->screen = v;
         break;
      default:
         return BadValue;
      }
   }
   return Success;
}

static bool
gl_version_exists(int major, int minor)
{
   static const int last_minor[] = { -1, 5, 1, 3, 6 };   /* GL 1.0-1.5, 2.0-2.1, ... */
   return major >= 1 && major <= 4 && minor >= 0 && minor <= last_minor[major];
}

static bool
es_version_exists(int major, int minor)
{
   return (major == 1 && (minor == 0 || minor == 1)) || (major == 2 && minor == 0) ||
          (major == 3 && minor >= 0 && minor <= 2);
}

/* The state tracker's attributes of a request; 0 or the error. */
static int
request_to_st(const struct glx_screen *s, const struct ctx_request *r,
              struct st_context_attribs *sa, bool *es)
{
   int mask = r->profile_mask;
   if (mask != GLX_CONTEXT_CORE_PROFILE_BIT_ARB &&
       mask != GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB && mask != GLX_CONTEXT_ES_PROFILE_BIT_EXT)
      return GLX_ERR(GLXBadProfileARB);   /* none, several, or an unknown one */
   if (r->render_type != GLX_RGBA_TYPE)
      return BadMatch;   /* no colour-index configs */
   *es = mask == GLX_CONTEXT_ES_PROFILE_BIT_EXT;
   bool v30 = r->major >= 3, v32 = r->major > 3 || (r->major == 3 && r->minor >= 2);
   if (*es) {
      if (!s->es1[0] && !s->es2[0])
         return GLX_ERR(GLXBadProfileARB);
      if (!es_version_exists(r->major, r->minor) ||
          (r->flags & GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB))
         return BadMatch;
      sa->profile = r->major == 1 ? ST_PROFILE_GLES1 : ST_PROFILE_GLES2;
   } else {
      if (!gl_version_exists(r->major, r->minor) ||
          ((r->flags & GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB) && !v30))
         return BadMatch;
      /* the profile counts from 3.2 on (GLX_ARB_create_context_profile) */
      if (v32 && mask == GLX_CONTEXT_CORE_PROFILE_BIT_ARB && !s->core[0])
         return GLX_ERR(GLXBadProfileARB);
      /* GL 3.1 has no compatibility profile: a 3.1 request gets the core
       * one where the screen has it (as Mesa does) */
      bool v31 = r->major == 3 && r->minor == 1 && s->core[0];
      sa->profile = (v32 && mask == GLX_CONTEXT_CORE_PROFILE_BIT_ARB) || v31 ? ST_PROFILE_CORE
                                                                              : ST_PROFILE_COMPAT;
   }
   /* GLX_ARB_create_context_no_error: not with debug or robust access */
   if (r->no_error && (r->flags & (GLX_CONTEXT_DEBUG_BIT_ARB | GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB)))
      return BadMatch;
   sa->major = r->major;
   sa->minor = r->minor;
   sa->flags = 0;
   if (r->flags & GLX_CONTEXT_DEBUG_BIT_ARB)
      sa->flags |= ST_CONTEXT_FLAG_DEBUG;
   if (r->flags & GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB)
      sa->flags |= ST_CONTEXT_FLAG_FORWARD_COMPAT;
   if (r->flags & GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB)
      sa->flags |= ST_CONTEXT_FLAG_ROBUST_ACCESS;
   if (r->reset == GLX_LOSE_CONTEXT_ON_RESET_ARB)
      sa->flags |= ST_CONTEXT_FLAG_LOSE_ON_RESET;
   if (r->no_error)
      sa->flags |= ST_CONTEXT_FLAG_NO_ERROR;
   return Success;
}

static int
st_error_to_x(enum st_context_error e)
{
   switch (e) {
   case ST_CONTEXT_ERROR_NO_MEMORY:
      return BadAlloc;
   case ST_CONTEXT_ERROR_UNKNOWN_ATTRIBUTE:
   case ST_CONTEXT_ERROR_UNKNOWN_FLAG:
      return BadValue;
   default:   /* the API, version or a flag Pony does not offer */
      return BadMatch;
   }
}

/* The version every context of a profile gets: the highest the screen has. */
static const int *
profile_version(const struct glx_screen *s, enum st_profile p)
{
   return p == ST_PROFILE_CORE    ? s->core
          : p == ST_PROFILE_GLES1 ? s->es1
          : p == ST_PROFILE_GLES2 ? s->es2
                                  : s->compat;
}

/* A new context on screen s (cfg NULL: configless).  Under the lock. */
static GLXContext
create_context(struct glx_display *d, struct glx_screen *s, const struct glx_config *cfg,
               GLXContext share, const struct ctx_request *r, int *err)
{
   struct st_context_attribs sa = { 0 };
   bool es = false;
   struct glx_context *share_ctx = NULL;
   if (share && !(share_ctx = glx_context_lookup(d, share))) {
      *err = GLX_ERR(GLXBadContext);
      return NULL;
   }
   if ((*err = request_to_st(s, r, &sa, &es)))
      return NULL;
   /* a share group lives on one screen, with one reset strategy and API */
   if (share_ctx && (share_ctx->screen != s || share_ctx->reset_strategy != r->reset ||
                     share_ctx->es != es)) {
      *err = BadMatch;
      return NULL;
   }
   struct st_visual visual;
   if (cfg) {
      fe_config_to_visual(&cfg->fe, &visual);
      sa.visual = &visual;
   }
   struct glx_context *c = calloc(1, sizeof(*c));
   if (!c) {
      *err = BadAlloc;
      return NULL;
   }
   enum st_context_error st_err = ST_CONTEXT_SUCCESS;
   c->st = st_context_create(s->pscreen, &sa, share_ctx ? share_ctx->st : NULL, &st_err);
   if (!c->st) {
      glx_log(d, "context %d.%d (profile %d, flags 0x%x) refused: st error %d", r->major,
              r->minor, (int)sa.profile, r->flags, (int)st_err);
      free(c);
      *err = st_error_to_x(st_err);
      return NULL;
   }
   c->disp = d;
   c->screen = s;
   c->config = cfg;
   c->es = es;
   c->surfaceless = profile_version(s, sa.profile)[0] >= 3;
   c->reset_strategy = r->reset;
   c->next = d->contexts;
   d->contexts = c;
   *err = Success;
   return (GLXContext)c;
}

GLXContext
api_glXCreateContext(Display *dpy, XVisualInfo *vis, GLXContext share, Bool direct)
{
   (void)direct;   /* every Pony context renders directly */
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return NULL;
   int err = BadValue;
   GLXContext ctx = NULL;
   glx_display_lock(d);
   struct glx_screen *s = vis ? glx_display_screen(d, vis->screen) : NULL;
   const struct glx_config *cfg = s ? glx_screen_visual_config(s, vis->visualid) : NULL;
   if (cfg) {
      struct ctx_request r;
      request_defaults(&r);
      ctx = create_context(d, s, cfg, share, &r, &err);
   }
   glx_display_unlock(d);
   glx_error(d, err, X_GLXCreateContext, 0);
   return ctx;
}

GLXContext
api_glXCreateNewContext(Display *dpy, GLXFBConfig config, int render_type, GLXContext share,
                        Bool direct)
{
   (void)direct;
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return NULL;
   int err;
   GLXContext ctx = NULL;
   glx_display_lock(d);
   const struct glx_config *cfg = glx_config_lookup(d, config);
   if (!cfg) {
      err = GLX_ERR(GLXBadFBConfig);
   } else if (render_type != GLX_RGBA_TYPE) {
      err = render_type == GLX_COLOR_INDEX_TYPE ? BadMatch : BadValue;
   } else {
      struct ctx_request r;
      request_defaults(&r);
      ctx = create_context(d, glx_config_screen(d, cfg), cfg, share, &r, &err);
   }
   glx_display_unlock(d);
   glx_error(d, err, X_GLXCreateNewContext, 0);
   return ctx;
}

GLXContext
api_glXCreateContextAttribsARB(Display *dpy, GLXFBConfig config, GLXContext share, Bool direct,
                               const int *attribs)
{
   (void)direct;
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return NULL;
   struct ctx_request r;
   int err = parse_context_attribs(attribs, &r);
   GLXContext ctx = NULL;
   glx_display_lock(d);
   const struct glx_config *cfg = NULL;
   struct glx_screen *s = NULL;
   if (!err && config) {
      if (!(cfg = glx_config_lookup(d, config)))
         err = GLX_ERR(GLXBadFBConfig);
      else if (r.screen >= 0 && r.screen != cfg->screen)
         err = BadMatch;
      else
         s = glx_config_screen(d, cfg);
   } else if (!err) {
      /* GLX_EXT_no_config_context: the screen names where it renders */
      if (r.screen < 0)
         err = GLX_ERR(GLXBadFBConfig);
      else if (!(s = glx_display_screen(d, r.screen)))
         err = BadValue;
   }
   if (!err)
      ctx = create_context(d, s, cfg, share, &r, &err);
   glx_display_unlock(d);
   glx_error(d, err, X_GLXCreateContextAttribsARB, 0);
   return ctx;
}

void
api_glXDestroyContext(Display *dpy, GLXContext ctx)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return;
   glx_display_lock(d);
   struct glx_context *c = glx_context_lookup(d, ctx);
   if (c) {
      /* a current context lives until it is released */
      c->destroyed = true;
      glx_context_release(d, c);
   }
   glx_display_unlock(d);
   glx_error(d, c ? 0 : GLX_ERR(GLXBadContext), X_GLXDestroyContext, 0);
}

/* --- queries ----------------------------------------------------------------------- */

/* Whether a handle names a live context of the display. */
static bool
context_exists(struct glx_display *d, GLXContext ctx)
{
   glx_display_lock(d);
   bool found = glx_context_lookup(d, ctx) != NULL;
   glx_display_unlock(d);
   return found;
}

Bool
api_glXIsDirect(Display *dpy, GLXContext ctx)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return False;
   if (!context_exists(d, ctx)) {
      glx_error(d, GLX_ERR(GLXBadContext), X_GLXIsDirect, 0);
      return False;
   }
   return True;
}

int
api_glXQueryContext(Display *dpy, GLXContext ctx, int attribute, int *value)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return GLX_NO_EXTENSION;
   glx_display_lock(d);
   struct glx_context *c = glx_context_lookup(d, ctx);
   int ret = Success, v = 0;
   if (!c) {
      ret = GLX_BAD_CONTEXT;
   } else {
      switch (attribute) {
      case GLX_FBCONFIG_ID:
         v = c->config ? c->config->id : 0;
         break;
      case GLX_RENDER_TYPE:
         v = GLX_RGBA_TYPE;
         break;
      case GLX_SCREEN:
         v = c->screen->number;
         break;
      default:
         ret = GLX_BAD_ATTRIBUTE;
         break;
      }
   }
   glx_display_unlock(d);
   if (!c)
      glx_error(d, GLX_ERR(GLXBadContext), X_GLXQueryContext, 0);
   else if (ret == Success && value)
      *value = v;
   return ret;
}

/*
 * GL state cannot be copied between state tracker contexts: after the
 * checks GLX asks for, the copy does nothing (as Mesa's direct contexts).
 */
void
api_glXCopyContext(Display *dpy, GLXContext src, GLXContext dst, unsigned long mask)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return;
   glx_display_lock(d);
   struct glx_context *s = glx_context_lookup(d, src), *t = glx_context_lookup(d, dst);
   int err = !s || !t                ? GLX_ERR(GLXBadContext)
             : t->owner              ? BadAccess
             : s->screen != t->screen ? BadMatch
                                      : Success;
   glx_display_unlock(d);
   if (!err)
      glx_log(d, "glXCopyContext(mask 0x%lx): not implemented, nothing copied", mask);
   glx_error(d, err, X_GLXCopyContext, 0);
}

/* --- making current ------------------------------------------------------------------ */

static void
drawable_unbind(struct glx_display *d, struct glx_drawable *dr)
{
   if (!dr)
      return;
   dr->binds--;
   glx_drawable_release(d, dr);
}

/* Drop the thread's binding (under its display's lock; st already released). */
static void
unbind_thread(struct glx_thread *t)
{
   struct glx_context *c = t->ctx;
   struct glx_drawable *draw = t->draw, *read = t->read;
   t->ctx = NULL;
   t->draw = t->read = NULL;
   if (!c)
      return;
   struct glx_display *d = c->disp;
   c->owner = NULL;
   drawable_unbind(d, draw);
   if (read != draw)
      drawable_unbind(d, read);
   glx_context_release(d, c);
}

/* GLX makes the previous context's commands flushed, as glFlush: shown
 * when they went to a front buffer. */
static void
flush_previous(struct glx_thread *t)
{
   if (t->ctx)
      st_context_flush(t->ctx->st, ST_FLUSH_FRONT, NULL);
}

/* The thread's binding goes (on whichever display it is). */
static void
release_thread(struct glx_thread *t)
{
   if (!t->ctx)
      return;
   struct glx_display *d = t->ctx->disp;
   glx_display_lock(d);
   if (!d->closed)
      flush_previous(t);
   st_make_current(NULL, NULL, NULL);
   unbind_thread(t);
   glx_display_unlock(d);
}

void
glx_context_thread_exit(struct glx_thread *t)
{
   if (!t || !t->ctx)
      return;
   struct glx_display *d = t->ctx->disp;
   glx_display_lock(d);
   st_make_current(NULL, NULL, NULL);
   unbind_thread(t);
   glx_display_unlock(d);
}

void
glx_context_display_closing(struct glx_display *d)
{
   struct glx_thread *t = glx_thread();
   if (t->ctx && t->ctx->disp == d) {
      st_make_current(NULL, NULL, NULL);
      unbind_thread(t);
   }
}

/* glXMakeContextCurrent's checks, under the lock; the drawables found are
 * returned even on failure (a plain window's new record must go again). */
static int
check_binding(struct glx_display *d, struct glx_thread *t, GLXDrawable draw, GLXDrawable read,
              GLXContext ctx, struct glx_context **pc, struct glx_drawable **pds,
              struct glx_drawable **prs)
{
   struct glx_context *c = *pc = glx_context_lookup(d, ctx);
   if (!c)
      return GLX_ERR(GLXBadContext);
   if (c->owner && c->owner != t)
      return BadAccess;   /* current to another thread */
   if ((draw == None) != (read == None))
      return BadMatch;
   if (draw == None)   /* GLX_ARB_create_context: GL 3.0 and later only */
      return c->surfaceless ? Success : BadMatch;
   int err = glx_drawable_for_context(d, draw, c, pds);
   if (!err)
      err = glx_drawable_for_context(d, read, c, prs);
   return err;
}

/* The new binding replaces the thread's old one (on the same display). */
static void
swap_binding(struct glx_display *d, struct glx_thread *t, struct glx_context *c,
             struct glx_drawable *ds, struct glx_drawable *rs)
{
   struct glx_context *oc = t->ctx;
   struct glx_drawable *od = t->draw, *orr = t->read;
   c->owner = t;
   if (ds)
      ds->binds++;
   if (rs && rs != ds)
      rs->binds++;
   t->ctx = c;
   t->draw = ds;
   t->read = rs;
   if (!oc)
      glx_thread_bound(t);
   if (oc && oc != c) {
      oc->owner = NULL;
      glx_context_release(d, oc);
   }
   drawable_unbind(d, od);
   if (orr != od)
      drawable_unbind(d, orr);
}

static Bool
make_current(Display *dpy, GLXDrawable draw, GLXDrawable read, GLXContext ctx,
             unsigned char minor)
{
   struct glx_thread *t = glx_thread();
   struct glx_display *d = glx_display_get(dpy);

   if (!ctx) {
      if (draw != None || read != None) {
         glx_error(d, BadMatch, minor, 0);
         return False;
      }
      /* libGLX releases with the display of the binding, or NULL once the
       * application closed it: the thread's binding goes in any case */
      release_thread(t);
      return True;
   }
   if (!d)
      return False;
   if (t->ctx && t->ctx->disp != d)
      release_thread(t);   /* the binding on another connection goes first */

   glx_display_lock(d);
   struct glx_context *c = NULL;
   struct glx_drawable *ds = NULL, *rs = NULL;
   int err = check_binding(d, t, draw, read, ctx, &c, &ds, &rs);
   if (!err) {
      flush_previous(t);
      if (!st_make_current(c->st, ds ? &ds->base : NULL, rs ? &rs->base : NULL))
         err = BadAlloc;
   }
   if (err) {
      /* a plain window's record made here and not bound goes again */
      if (ds)
         glx_drawable_release(d, ds);
      if (rs && rs != ds)
         glx_drawable_release(d, rs);
      glx_display_unlock(d);
      glx_error(d, err, minor, err == GLX_ERR(GLXBadDrawable) ? draw : 0);
      return False;
   }
   swap_binding(d, t, c, ds, rs);
   glx_display_unlock(d);
   return True;
}

Bool
api_glXMakeCurrent(Display *dpy, GLXDrawable drawable, GLXContext ctx)
{
   return make_current(dpy, drawable, drawable, ctx, X_GLXMakeCurrent);
}

Bool
api_glXMakeContextCurrent(Display *dpy, GLXDrawable draw, GLXDrawable read, GLXContext ctx)
{
   return make_current(dpy, draw, read, ctx, X_GLXMakeContextCurrent);
}

/* --- per-thread calls ------------------------------------------------------------- */

void
api_glXWaitGL(void)
{
   struct glx_thread *t = glx_thread();
   if (t->ctx)
      st_context_flush(t->ctx->st, ST_FLUSH_WAIT | ST_FLUSH_FRONT, NULL);
}

void
api_glXWaitX(void)
{
   /* Pony's pixels reach X through the same connection, in order: what X
    * rendered is done once the server has answered */
   struct glx_thread *t = glx_thread();
   if (t->ctx && !t->ctx->disp->closed)
      XSync(t->ctx->disp->dpy, False);
}

/* GLX_MESA_swap_control and GLX_SGI_swap_control: the current drawable's
 * interval (kept for glXQueryDrawable; swaps are shown at once, there is no
 * vertical blank to wait for). */
static int
set_current_interval(int interval)
{
   struct glx_thread *t = glx_thread();
   if (!t->ctx)
      return GLX_BAD_CONTEXT;
   struct glx_display *d = t->ctx->disp;
   glx_display_lock(d);
   if (t->draw)
      t->draw->swap_interval = interval;
   glx_display_unlock(d);
   return 0;
}

int
api_glXSwapIntervalMESA(unsigned int interval)
{
   if (interval > 0x7fffffff)
      return GLX_BAD_VALUE;
   return set_current_interval((int)interval);
}

int
api_glXGetSwapIntervalMESA(void)
{
   struct glx_thread *t = glx_thread();
   if (!t->ctx || !t->draw)
      return 0;
   struct glx_display *d = t->ctx->disp;
   glx_display_lock(d);
   int v = t->draw->swap_interval;
   glx_display_unlock(d);
   return v;
}

int
api_glXSwapIntervalSGI(int interval)
{
   if (interval <= 0)
      return GLX_BAD_VALUE;
   return set_current_interval(interval);
}
