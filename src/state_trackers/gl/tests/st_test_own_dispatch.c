/*
 * Pony's own dispatch (st_own_dispatch.c, the generated entry points):
 * names resolve to entry points, each entry point calls the calling
 * thread's table at its command number with its arguments (integers,
 * pointers, floats and doubles, a 9-argument call, return values), a thread
 * without a table gets nothing done and 0 back, and another thread does
 * not see this thread's table or context.  The table holds recording
 * functions written here, so what reaches them is checked, not assumed.
 * Then the state tracker itself on this route (st_route_own.c, what the
 * vendor libraries link): st_make_current installs a refpipe context's
 * table, the entry points reach its implementations (a clear read back),
 * glNewList switches to the save table and glEndList back, and releasing
 * the context leaves no table.
 */
#include <pthread.h>
#include <string.h>

#include "st_dispatch.h"
#include "st_test_fb.h"
#include "st_test_util.h"

static st_proc table[ST_NUM_COMMANDS];
static struct {
   GLbitfield clear_mask;
   GLfloat color[4];
   GLdouble depth;
   GLenum tex_target, tex_format, tex_type;
   GLint tex_level, tex_internal, tex_border;
   GLsizei tex_w, tex_h;
   const void *tex_pixels;
   unsigned calls;
} seen;

static void GLAPIENTRY
rec_clear(GLbitfield mask)
{
   seen.clear_mask = mask;
   seen.calls++;
}

static void GLAPIENTRY
rec_clear_color(GLfloat r, GLfloat g, GLfloat b, GLfloat a)
{
   seen.color[0] = r;
   seen.color[1] = g;
   seen.color[2] = b;
   seen.color[3] = a;
   seen.calls++;
}

static void GLAPIENTRY
rec_clear_depth(GLdouble d)
{
   seen.depth = d;
   seen.calls++;
}

static void GLAPIENTRY
rec_tex_image_2d(GLenum target, GLint level, GLint internal, GLsizei w, GLsizei h, GLint border,
                 GLenum format, GLenum type, const void *pixels)
{
   seen.tex_target = target;
   seen.tex_level = level;
   seen.tex_internal = internal;
   seen.tex_w = w;
   seen.tex_h = h;
   seen.tex_border = border;
   seen.tex_format = format;
   seen.tex_type = type;
   seen.tex_pixels = pixels;
   seen.calls++;
}

static GLenum GLAPIENTRY
rec_get_error(void)
{
   seen.calls++;
   return GL_OUT_OF_MEMORY;
}

static GLboolean GLAPIENTRY
rec_is_enabled(GLenum cap)
{
   seen.calls++;
   return cap == GL_BLEND;
}

static void
install(const char *name, st_proc f)
{
   int cmd = st_dispatch_find(name);
   CHECK(cmd >= 0, "%s is a command", name);
   if (cmd >= 0)
      table[st_dispatch_entries[cmd].slot] = f;
}

/* Another thread: no table, no context. */
static void *
other_thread(void *arg)
{
   (void)arg;
   static int result;
   GLenum (GLAPIENTRY *get_error)(void) = (GLenum (GLAPIENTRY *)(void))
      st_own_dispatch_proc("glGetError");
   unsigned before = seen.calls;
   result = get_error() == GL_NO_ERROR && seen.calls == before && !st_own_dispatch_table &&
            !st_own_dispatch_context();
   return &result;
}

/* The state tracker on the own route: a refpipe context made current. */
static void
real_context(void (GLAPIENTRY *clear)(GLbitfield),
             void (GLAPIENTRY *clear_color)(GLfloat, GLfloat, GLfloat, GLfloat),
             GLenum (GLAPIENTRY *get_error)(void))
{
   void (GLAPIENTRY *read_pixels)(GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, void *) =
      (void (GLAPIENTRY *)(GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, void *))
         st_own_dispatch_proc("glReadPixels");
   void (GLAPIENTRY *new_list)(GLuint, GLenum) =
      (void (GLAPIENTRY *)(GLuint, GLenum))st_own_dispatch_proc("glNewList");
   void (GLAPIENTRY *end_list)(void) = (void (GLAPIENTRY *)(void))st_own_dispatch_proc("glEndList");
   void (GLAPIENTRY *call_list)(GLuint) =
      (void (GLAPIENTRY *)(GLuint))st_own_dispatch_proc("glCallList");
   struct test_env e;
   if (!test_env_init(&e, 8, 8)) {
      CHECK(0, "a refpipe context on the own route");
      return;
   }
   CHECK(st_own_dispatch_context() == e.ctx && st_get_current() == e.ctx &&
         st_own_dispatch_table == e.ctx->dispatch, "st_make_current installed the context's table");

   /* 0.25 and 0.75 are 63.75 and 191.25 in 8 bits: 64 and 191, each +-1 */
   clear_color(0.25f, 0.75f, 0.0f, 1.0f);
   clear(GL_COLOR_BUFFER_BIT);
   unsigned char px[4] = { 0 };
   read_pixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(abs(px[0] - 64) <= 1 && abs(px[1] - 191) <= 1 && px[2] == 0 && px[3] == 255,
         "the clear through the entry points read back as %u %u %u %u", px[0], px[1], px[2],
         px[3]);
   CHECK_EQ_INT(get_error(), GL_NO_ERROR);

   /* an alias gl.xml gives an implemented command reaches it */
   void (GLAPIENTRY *active_texture_arb)(GLenum) =
      (void (GLAPIENTRY *)(GLenum))st_own_dispatch_proc("glActiveTextureARB");
   void (GLAPIENTRY *get_integerv)(GLenum, GLint *) =
      (void (GLAPIENTRY *)(GLenum, GLint *))st_own_dispatch_proc("glGetIntegerv");
   GLint unit = 0;
   active_texture_arb(GL_TEXTURE1);
   get_integerv(GL_ACTIVE_TEXTURE, &unit);
   CHECK(unit == GL_TEXTURE1 && get_error() == GL_NO_ERROR,
         "glActiveTextureARB through its alias: unit 0x%x", (unsigned)unit);
   active_texture_arb(GL_TEXTURE0);

   /* a display list: compiled through the save table, then executed */
   new_list(5, GL_COMPILE);
   CHECK(st_own_dispatch_table == e.ctx->dlist.save_table && st_own_dispatch_table != e.ctx->dispatch,
         "glNewList installed the save table");
   clear_color(1.0f, 0.0f, 0.0f, 1.0f);
   clear(GL_COLOR_BUFFER_BIT);
   end_list();
   CHECK(st_own_dispatch_table == e.ctx->dispatch, "glEndList put the context's table back");
   read_pixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(abs(px[0] - 64) <= 1 && abs(px[1] - 191) <= 1, "GL_COMPILE drew: %u %u", px[0], px[1]);
   call_list(5);
   read_pixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0] == 255 && px[1] == 0 && px[2] == 0, "glCallList: %u %u %u", px[0], px[1], px[2]);
   CHECK_EQ_INT(get_error(), GL_NO_ERROR);

   /* an ES 2 context: GL_EXT_draw_instanced's command is no ES 2 command of
    * its own, but shares the slot of glDrawArraysInstanced (ES 3.0), whose
    * implementation the context gets (as through libglapi) */
   struct st_context_attribs es2 = { ST_PROFILE_GLES2, 2, 0, 0, NULL };
   enum st_context_error err;
   struct st_context *es = st_context_create(e.screen, &es2, NULL, &err);
   int ext = st_dispatch_find("glDrawArraysInstancedEXT");
   int core = st_dispatch_find("glDrawArraysInstanced");
   CHECK(es && ext >= 0 && core >= 0, "an ES 2 context");
   if (es && ext >= 0 && core >= 0 && st_make_current(es, NULL, NULL)) {
      CHECK(st_dispatch_entries[ext].slot == st_dispatch_entries[core].slot &&
            st_own_dispatch_table[st_dispatch_entries[ext].slot] == st_dispatch_entries[core].impl,
            "glDrawArraysInstancedEXT in ES 2 does not reach glDrawArraysInstanced");
   }
   st_make_current(e.ctx, &e.d.base, &e.d.base);
   if (es)
      st_context_destroy(es);

   test_env_fini(&e);
   CHECK(!st_own_dispatch_table && !st_own_dispatch_context() && !st_get_current(),
         "releasing the context left its table or context");
}

int
main(void)
{
   /* every name resolves to its own entry point; unknown names do not */
   for (unsigned i = 0; i < ST_NUM_COMMANDS; i++) {
      const struct st_dispatch_entry *e = &st_dispatch_entries[i];
      CHECK(e->entry && e->entry != e->stub && e->entry != e->impl, "%s: entry point", e->name);
      CHECK(st_own_dispatch_proc(e->name) == e->entry, "%s resolves to its entry", e->name);
      if (i)
         CHECK(e->entry != st_dispatch_entries[i - 1].entry, "%s: entry point shared", e->name);
   }
   CHECK(!st_own_dispatch_proc("glNoSuchCommand") && !st_own_dispatch_proc(NULL) &&
         !st_own_dispatch_proc(""), "unknown names resolve");

   void (GLAPIENTRY *clear)(GLbitfield) =
      (void (GLAPIENTRY *)(GLbitfield))st_own_dispatch_proc("glClear");
   void (GLAPIENTRY *clear_color)(GLfloat, GLfloat, GLfloat, GLfloat) =
      (void (GLAPIENTRY *)(GLfloat, GLfloat, GLfloat, GLfloat))st_own_dispatch_proc("glClearColor");
   void (GLAPIENTRY *clear_depth)(GLdouble) =
      (void (GLAPIENTRY *)(GLdouble))st_own_dispatch_proc("glClearDepth");
   void (GLAPIENTRY *tex_image)(GLenum, GLint, GLint, GLsizei, GLsizei, GLint, GLenum, GLenum,
                                const void *) =
      (void (GLAPIENTRY *)(GLenum, GLint, GLint, GLsizei, GLsizei, GLint, GLenum, GLenum,
                           const void *))st_own_dispatch_proc("glTexImage2D");
   GLenum (GLAPIENTRY *get_error)(void) =
      (GLenum (GLAPIENTRY *)(void))st_own_dispatch_proc("glGetError");
   GLboolean (GLAPIENTRY *is_enabled)(GLenum) =
      (GLboolean (GLAPIENTRY *)(GLenum))st_own_dispatch_proc("glIsEnabled");
   if (!clear || !clear_color || !clear_depth || !tex_image || !get_error || !is_enabled)
      return st_test_finish("st_test_own_dispatch");

   /* no table yet: nothing is called, 0 comes back */
   clear(GL_COLOR_BUFFER_BIT);
   CHECK(get_error() == GL_NO_ERROR && is_enabled(GL_BLEND) == GL_FALSE && seen.calls == 0,
         "calls without a table reached %u functions", seen.calls);

   install("glClear", (st_proc)rec_clear);
   install("glClearColor", (st_proc)rec_clear_color);
   install("glClearDepth", (st_proc)rec_clear_depth);
   install("glTexImage2D", (st_proc)rec_tex_image_2d);
   install("glGetError", (st_proc)rec_get_error);
   install("glIsEnabled", (st_proc)rec_is_enabled);
   int context;
   st_own_dispatch_make_current(table, &context);
   CHECK(st_own_dispatch_context() == &context && st_own_dispatch_table == table,
         "the current context and table");

   clear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   CHECK_EQ_INT(seen.clear_mask, GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   clear_color(0.25f, -1.5f, 3.0e10f, 0.125f);
   CHECK(seen.color[0] == 0.25f && seen.color[1] == -1.5f && seen.color[2] == 3.0e10f &&
         seen.color[3] == 0.125f, "glClearColor's floats: %g %g %g %g", seen.color[0],
         seen.color[1], seen.color[2], seen.color[3]);
   clear_depth(0.1234567890123);
   CHECK(seen.depth == 0.1234567890123, "glClearDepth's double: %.15g", seen.depth);
   static const unsigned char pixels[4];
   tex_image(GL_TEXTURE_2D, 3, GL_RGBA8, 17, 19, 0, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, pixels);
   CHECK(seen.tex_target == GL_TEXTURE_2D && seen.tex_level == 3 && seen.tex_internal == GL_RGBA8 &&
         seen.tex_w == 17 && seen.tex_h == 19 && seen.tex_border == 0 &&
         seen.tex_format == GL_BGRA && seen.tex_type == GL_UNSIGNED_INT_8_8_8_8_REV &&
         seen.tex_pixels == pixels, "glTexImage2D's nine arguments");
   CHECK_EQ_INT(get_error(), GL_OUT_OF_MEMORY);
   CHECK(is_enabled(GL_BLEND) == GL_TRUE && is_enabled(GL_DEPTH_TEST) == GL_FALSE,
         "glIsEnabled's result");
   CHECK_EQ_INT(seen.calls, 7);

   pthread_t t;
   void *res = NULL;
   CHECK(pthread_create(&t, NULL, other_thread, NULL) == 0 && pthread_join(t, &res) == 0 && res &&
         *(int *)res, "another thread saw this thread's table or context");

   st_own_dispatch_make_current(NULL, NULL);
   clear(0);
   CHECK(seen.clear_mask == (GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT) && seen.calls == 7,
         "a call after the table was unset reached it");

   real_context(clear, clear_color, get_error);
   return st_test_finish("st_test_own_dispatch");
}
