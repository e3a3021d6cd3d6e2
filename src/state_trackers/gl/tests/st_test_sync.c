/*
 * GL_ARB_sync (api/api_sync.c): fences after drawing, glClientWaitSync
 * results (also with a screen whose fence is held unsignalled, to see
 * TIMEOUT_EXPIRED, UNSIGNALED and the flush bit), glGetSynciv values and
 * length rules, invalid handles, deletion (also while a wait holds the
 * object), sharing between contexts, glWaitSync errors, glGetInteger64v.
 */
#include <stdint.h>

#include "st_sync.h"
#include "st_test_fb.h"

#define W 16
#define H 16

/* A screen whose fences stay unsignalled while 'hold' is set: fence_finish
 * is wrapped (the test's own state lives in this struct, reached through
 * a static pointer only during the calls of one test). */
struct fake_fences {
   bool (*real_finish)(struct pipe_screen *, struct pipe_context *,
                       struct pipe_fence_handle *, uint64_t);
   bool hold;
   unsigned calls;
   uint64_t last_timeout;
   void (*real_flush)(struct pipe_context *, struct pipe_fence_handle **, unsigned);
   unsigned flushes;
};
static struct fake_fences *fake;

static bool
fake_finish(struct pipe_screen *s, struct pipe_context *p, struct pipe_fence_handle *f,
            uint64_t timeout)
{
   fake->calls++;
   fake->last_timeout = timeout;
   if (fake->hold)
      return false;
   return fake->real_finish(s, p, f, timeout);
}

static void
fake_flush(struct pipe_context *p, struct pipe_fence_handle **f, unsigned flags)
{
   fake->flushes++;
   fake->real_flush(p, f, flags);
}

static GLint
synciv(GLsync s, GLenum pname)
{
   GLint v = -777;
   GLsizei len = -5;
   api_glGetSynciv(s, pname, 1, &len, &v);
   CHECK_EQ_INT(len, v == -777 ? -5 : 1);
   return v;
}

static void
draw_quad(void)
{
   api_glColor3f(1, 0, 0);
   api_glBegin(GL_QUADS);
   api_glVertex2f(0, 0);
   api_glVertex2f(W, 0);
   api_glVertex2f(W, H);
   api_glVertex2f(0, H);
   api_glEnd();
}

static void
test_fence_after_draw(struct test_env *e)
{
   api_glClearColor(0, 0, 1, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   draw_quad();
   GLsync s = api_glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(s != NULL, "glFenceSync returned 0");
   CHECK(api_glIsSync(s) == GL_TRUE, "IsSync of a new fence");
   CHECK_EQ_INT(st_sync_table_count(e->ctx->share->syncs), 1);

   CHECK_EQ_INT(synciv(s, GL_OBJECT_TYPE), GL_SYNC_FENCE);
   CHECK_EQ_INT(synciv(s, GL_SYNC_CONDITION), GL_SYNC_GPU_COMMANDS_COMPLETE);
   CHECK_EQ_INT(synciv(s, GL_SYNC_FLAGS), 0);

   GLenum r = api_glClientWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000000ull);
   CHECK(r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED, "ClientWaitSync 0x%x", r);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(synciv(s, GL_SYNC_STATUS), GL_SIGNALED);
   /* once signalled, always ALREADY_SIGNALED, timeout 0 included */
   CHECK_EQ_INT(api_glClientWaitSync(s, 0, 0), GL_ALREADY_SIGNALED);
   CHECK_EQ_INT(api_glClientWaitSync(s, 0, UINT64_MAX), GL_ALREADY_SIGNALED);
   /* the drawing before the fence is complete */
   CHECK_PX_RGB(W / 2, H / 2, 255, 0, 0, 1);

   api_glDeleteSync(s);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(api_glIsSync(s) == GL_FALSE, "IsSync after delete");
   CHECK_EQ_INT(st_sync_table_count(e->ctx->share->syncs), 0);
   /* the deleted handle is now invalid everywhere */
   api_glDeleteSync(s);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ_INT(api_glClientWaitSync(s, 0, 0), GL_WAIT_FAILED);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ_INT(synciv(s, GL_SYNC_STATUS), -777);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
}

static void
test_getsynciv_rules(void)
{
   GLsync s = api_glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   GLint v[2] = { -1, -1 };
   GLsizei len = -1;
   /* bufSize 0: nothing written, length 0 */
   api_glGetSynciv(s, GL_OBJECT_TYPE, 0, &len, v);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(len, 0);
   CHECK_EQ_INT(v[0], -1);
   /* bufSize 2: one value, length 1, v[1] untouched */
   api_glGetSynciv(s, GL_OBJECT_TYPE, 2, &len, v);
   CHECK_EQ_INT(len, 1);
   CHECK_EQ_INT(v[0], GL_SYNC_FENCE);
   CHECK_EQ_INT(v[1], -1);
   /* length NULL is allowed */
   v[0] = -1;
   api_glGetSynciv(s, GL_SYNC_FLAGS, 1, NULL, v);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(v[0], 0);
   /* bad pname: INVALID_ENUM, nothing written */
   v[0] = -1;
   len = -1;
   api_glGetSynciv(s, GL_SYNC_FENCE, 1, &len, v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(v[0], -1);
   CHECK_EQ_INT(len, -1);
   /* negative bufSize: INVALID_VALUE, nothing written */
   api_glGetSynciv(s, GL_OBJECT_TYPE, -1, &len, v);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ_INT(v[0], -1);
   CHECK_EQ_INT(len, -1);
   api_glDeleteSync(s);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_errors(void)
{
   /* an address that was never a sync object: looked up, not dereferenced */
   GLsync bogus = (GLsync)(uintptr_t)0xdeadbeef0;
   int local;
   GLsync stack = (GLsync)&local;
   CHECK(api_glIsSync(bogus) == GL_FALSE, "IsSync(bogus)");
   CHECK(api_glIsSync(NULL) == GL_FALSE, "IsSync(0)");
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDeleteSync(NULL);                                /* silently ignored */
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDeleteSync(bogus);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ_INT(api_glClientWaitSync(stack, 0, 0), GL_WAIT_FAILED);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ_INT(api_glClientWaitSync(NULL, 0, 0), GL_WAIT_FAILED);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLint v = -1;
   api_glGetSynciv(bogus, GL_OBJECT_TYPE, 1, NULL, &v);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ_INT(v, -1);
   api_glWaitSync(bogus, 0, GL_TIMEOUT_IGNORED);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   /* glFenceSync */
   CHECK(api_glFenceSync(GL_SYNC_FENCE, 0) == NULL, "FenceSync bad condition");
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK(api_glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 1) == NULL, "FenceSync flags");
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   GLsync s = api_glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   CHECK(s != NULL, "fence");
   /* glClientWaitSync flags */
   CHECK_EQ_INT(api_glClientWaitSync(s, 2, 0), GL_WAIT_FAILED);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* glWaitSync: flags must be 0, timeout GL_TIMEOUT_IGNORED */
   api_glWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT, GL_TIMEOUT_IGNORED);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glWaitSync(s, 0, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glWaitSync(s, 0, 1000);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glWaitSync(s, 0, GL_TIMEOUT_IGNORED);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* inside glBegin/glEnd: INVALID_OPERATION, nothing happens */
   api_glBegin(GL_POINTS);
   CHECK(api_glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0) == NULL, "FenceSync in Begin");
   CHECK(api_glIsSync(s) == GL_FALSE, "IsSync in Begin");
   api_glDeleteSync(s);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK(api_glIsSync(s) == GL_TRUE, "sync survived DeleteSync inside Begin");
   api_glDeleteSync(s);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_unsignaled(struct test_env *e)
{
   struct fake_fences ff = { 0 };
   fake = &ff;
   ff.real_finish = e->screen->fence_finish;
   ff.real_flush = e->ctx->pipe->flush;
   e->screen->fence_finish = fake_finish;
   e->ctx->pipe->flush = fake_flush;

   ff.hold = true;
   GLsync s = api_glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   CHECK(ff.flushes == 1, "FenceSync flushed %u times", ff.flushes);
   CHECK_EQ_INT(synciv(s, GL_SYNC_STATUS), GL_UNSIGNALED);
   CHECK_EQ_INT(api_glClientWaitSync(s, 0, 0), GL_TIMEOUT_EXPIRED);
   unsigned flushes = ff.flushes;
   CHECK_EQ_INT(api_glClientWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT, 12345), GL_TIMEOUT_EXPIRED);
   CHECK(ff.flushes == flushes + 1, "flush bit did not flush");
   CHECK_EQ_INT(ff.last_timeout, 12345);
   flushes = ff.flushes;
   CHECK_EQ_INT(api_glClientWaitSync(s, 0, 12345), GL_TIMEOUT_EXPIRED);
   CHECK(ff.flushes == flushes, "flushed without the flush bit");
   /* glWaitSync waits at most GL_MAX_SERVER_WAIT_TIMEOUT */
   api_glWaitSync(s, 0, GL_TIMEOUT_IGNORED);
   CHECK_EQ_INT(ff.last_timeout, ST_MAX_SERVER_WAIT_TIMEOUT);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* the fence has completed: the next poll sees it */
   ff.hold = false;
   CHECK_EQ_INT(api_glClientWaitSync(s, 0, 1000), GL_ALREADY_SIGNALED);
   CHECK_EQ_INT(synciv(s, GL_SYNC_STATUS), GL_SIGNALED);
   /* the status sticks: fence_finish is not asked again */
   ff.hold = true;
   unsigned calls = ff.calls;
   CHECK_EQ_INT(synciv(s, GL_SYNC_STATUS), GL_SIGNALED);
   CHECK_EQ_INT(api_glClientWaitSync(s, 0, 0), GL_ALREADY_SIGNALED);
   CHECK_EQ_INT(ff.calls, calls);
   api_glDeleteSync(s);

   e->screen->fence_finish = ff.real_finish;
   e->ctx->pipe->flush = ff.real_flush;
   fake = NULL;
}

/* fence_finish that fails its first (polling) call only */
static unsigned poll_fail_left;
static bool (*poll_real_finish)(struct pipe_screen *, struct pipe_context *,
                                struct pipe_fence_handle *, uint64_t);

static bool
poll_fail_finish(struct pipe_screen *s, struct pipe_context *p, struct pipe_fence_handle *f,
                 uint64_t timeout)
{
   if (poll_fail_left) {
      poll_fail_left--;
      return false;
   }
   return poll_real_finish(s, p, f, timeout);
}

static void
test_condition_satisfied(struct test_env *e)
{
   GLsync s = api_glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   poll_real_finish = e->screen->fence_finish;
   e->screen->fence_finish = poll_fail_finish;
   poll_fail_left = 1;
   CHECK_EQ_INT(api_glClientWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000), GL_CONDITION_SATISFIED);
   CHECK_EQ_INT(synciv(s, GL_SYNC_STATUS), GL_SIGNALED);
   e->screen->fence_finish = poll_real_finish;
   api_glDeleteSync(s);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_shared(struct test_env *e)
{
   struct st_visual vis = { true, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, 0 };
   struct st_context_attribs attribs = { ST_PROFILE_COMPAT, 1, 0, 0, &vis };
   enum st_context_error err;
   struct st_context *other = st_context_create(e->screen, &attribs, NULL, &err);
   struct st_context *shared = st_context_create(e->screen, &attribs, e->ctx, &err);
   CHECK(other && shared, "contexts");
   if (!other || !shared)
      return;
   GLsync s = api_glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);

   CHECK(st_make_current(shared, &e->d.base, &e->d.base), "make current");
   CHECK(api_glIsSync(s) == GL_TRUE, "sync seen by a sharing context");
   CHECK_EQ_INT(api_glClientWaitSync(s, 0, 0), GL_ALREADY_SIGNALED);
   CHECK_EQ_INT(synciv(s, GL_OBJECT_TYPE), GL_SYNC_FENCE);
   CHECK_GL_ERROR(GL_NO_ERROR);

   CHECK(st_make_current(other, &e->d.base, &e->d.base), "make current");
   CHECK(api_glIsSync(s) == GL_FALSE, "sync seen by an unrelated context");
   api_glDeleteSync(s);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* an unrelated context's fence is left for its share group to free */
   GLsync mine = api_glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   CHECK(mine != NULL, "fence in the other context");

   CHECK(st_make_current(shared, &e->d.base, &e->d.base), "make current");
   api_glDeleteSync(s);                  /* deleted from the sharing context */
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(st_make_current(e->ctx, &e->d.base, &e->d.base), "make current");
   CHECK(api_glIsSync(s) == GL_FALSE, "deleted in the share group");

   /* destroying contexts with live fences frees them (valgrind / asan) */
   GLsync left = api_glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   CHECK(left != NULL, "left-over fence");
   st_context_destroy(shared);           /* the group lives on in e->ctx */
   CHECK(api_glIsSync(left) == GL_TRUE, "fence outlived a sharing context");
   CHECK(st_make_current(e->ctx, &e->d.base, &e->d.base), "make current");
   st_context_destroy(other);
   CHECK(st_make_current(e->ctx, &e->d.base, &e->d.base), "make current");
   CHECK(api_glIsSync(left) == GL_TRUE, "fence still there");
}

static void
test_get_integer64(void)
{
   static const GLenum pnames[] = {
      GL_MAX_TEXTURE_SIZE, GL_VIEWPORT, GL_MAX_VIEWPORT_DIMS, GL_DEPTH_FUNC,
      GL_COLOR_CLEAR_VALUE, GL_DEPTH_CLEAR_VALUE, GL_STENCIL_WRITEMASK, GL_BLEND,
      GL_MAX_SERVER_WAIT_TIMEOUT,
   };
   api_glClearColor(0.25f, 0.5f, 1.0f, 0.0f);
   api_glStencilMask(0xffffffffu);
   api_glViewport(1, 2, 13, 14);
   for (unsigned p = 0; p < sizeof pnames / sizeof pnames[0]; p++) {
      GLint i32[16];
      GLint64 i64[16];
      for (unsigned k = 0; k < 16; k++) {
         i32[k] = -31;
         i64[k] = -31;
      }
      api_glGetIntegerv(pnames[p], i32);
      api_glGetInteger64v(pnames[p], i64);
      CHECK_GL_ERROR(GL_NO_ERROR);
      for (unsigned k = 0; k < 16; k++) {
         /* masks are unsigned in 64 bits; everything else matches exactly */
         GLint64 want = pnames[p] == GL_STENCIL_WRITEMASK && k == 0 ? (GLint64)(GLuint)i32[k]
                                                                 : i32[k];
         CHECK(i64[k] == want, "pname 0x%x [%u]: %lld vs %d", pnames[p], k, (long long)i64[k],
               i32[k]);
      }
   }
   GLint64 v = -1;
   api_glGetInteger64v(GL_MAX_SERVER_WAIT_TIMEOUT, &v);
   CHECK_EQ_INT(v, ST_MAX_SERVER_WAIT_TIMEOUT);
   GLint64 vp[4] = { -1, -1, -1, -1 };   /* GL_VIEWPORT writes four values */
   api_glGetInteger64v(GL_VIEWPORT, vp);
   CHECK_EQ_INT(vp[0], 1);
   api_glGetInteger64v(GL_STENCIL_WRITEMASK, &v);
   CHECK_EQ_INT(v, 0xffffffffll);
   v = -1;
   api_glGetInteger64v(GL_SYNC_STATUS, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(v, -1);
   GLfloat f = 0;
   api_glGetFloatv(GL_MAX_SERVER_WAIT_TIMEOUT, &f);
   CHECK(f == (GLfloat)ST_MAX_SERVER_WAIT_TIMEOUT, "float %g", f);
}

int
main(void)
{
   struct test_env e;
   if (!test_env_init(&e, W, H)) {
      fprintf(stderr, "no refpipe context\n");
      return 1;
   }
   CHECK(e.ctx->caps.ext_sync, "GL_ARB_sync offered");
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_ARB_sync"), "GL_ARB_sync in GL_EXTENSIONS");
   test_fence_after_draw(&e);
   test_getsynciv_rules();
   test_errors();
   test_unsignaled(&e);
   test_condition_satisfied(&e);
   test_shared(&e);
   test_get_integer64();
   test_env_fini(&e);
   return st_test_finish("st_test_sync");
}
