/*
 * GL_KHR_debug / GL_ARB_debug_output (st_debug.c, api/api_debug.c): the
 * DEBUG_OUTPUT defaults of debug / non-debug, desktop / ES 2 contexts,
 * GL errors as messages (log and callback), glDebugMessageInsert and
 * glDebugMessageControl rules and errors, the message log's limits and
 * glGetDebugMessageLog's fetch rules, debug groups (stack errors,
 * inherited and restored controls, push/pop messages), object labels in
 * every namespace and on sync objects, glGetPointerv, GL_CONTEXT_FLAGS,
 * display lists, and per-context state.
 */
#include <stdint.h>
#include <string.h>

#include "st_debug.h"
#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_fb.h"

#define W 8
#define H 8

/* --- helpers ------------------------------------------------------------------ */

static GLint
geti(GLenum pname)
{
   GLint v = -777;
   api_glGetIntegerv(pname, &v);
   return v;
}

/* Drain the log; returns the number of messages dropped. */
static GLuint
drain(void)
{
   GLuint n = 0, got;
   while ((got = api_glGetDebugMessageLog(16, 0, NULL, NULL, NULL, NULL, NULL, NULL)))
      n += got;
   return n;
}

/* The oldest message: fetched, with its attributes. */
struct msg {
   GLenum source, type, severity;
   GLuint id;
   GLsizei length;
   char text[ST_MAX_DEBUG_MESSAGE_LENGTH];
};

static bool
fetch(struct msg *m)
{
   memset(m, 0, sizeof *m);
   return api_glGetDebugMessageLog(1, sizeof m->text, &m->source, &m->type, &m->id,
                                   &m->severity, &m->length, m->text) == 1;
}

static void
insert(GLenum type, GLuint id, GLenum severity, const char *text)
{
   api_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, type, id, severity, -1, text);
}

struct callback_log {
   unsigned calls;
   GLenum source, type, severity;
   GLuint id;
   GLsizei length;
   char text[256];
   const void *user;
};

static void GLAPIENTRY
record_callback(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                const GLchar *message, const void *user)
{
   struct callback_log *l = (struct callback_log *)(uintptr_t)user;
   l->calls++;
   l->source = source;
   l->type = type;
   l->id = id;
   l->severity = severity;
   l->length = length;
   snprintf(l->text, sizeof l->text, "%s", message);
   l->user = user;
}

static struct st_context *
make_ctx(struct pipe_screen *screen, enum st_profile profile, int major, unsigned flags)
{
   struct st_context_attribs attribs = { profile, major, 0, flags, NULL };
   enum st_context_error err;
   struct st_context *ctx = st_context_create(screen, &attribs, NULL, &err);
   CHECK(ctx != NULL, "context profile %d flags %u: error %d", profile, flags, err);
   if (ctx)
      CHECK(st_make_current(ctx, NULL, NULL), "make current");
   return ctx;
}

/* --- defaults and queries -------------------------------------------------------- */

static void
test_defaults(void)
{
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_KHR_debug "), "GL_KHR_debug offered");
   CHECK(ext && strstr(ext, "GL_ARB_debug_output "), "GL_ARB_debug_output offered");
   /* a non-debug context: output off, no debug bit */
   CHECK_EQ_INT(api_glIsEnabled(GL_DEBUG_OUTPUT), GL_FALSE);
   CHECK_EQ_INT(api_glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS), GL_FALSE);
   CHECK_EQ_INT(geti(GL_CONTEXT_FLAGS), 0);
   CHECK_EQ_INT(geti(GL_MAX_DEBUG_MESSAGE_LENGTH), ST_MAX_DEBUG_MESSAGE_LENGTH);
   CHECK_EQ_INT(geti(GL_MAX_DEBUG_LOGGED_MESSAGES), ST_MAX_DEBUG_LOGGED_MESSAGES);
   CHECK_EQ_INT(geti(GL_MAX_DEBUG_GROUP_STACK_DEPTH), ST_MAX_DEBUG_GROUP_STACK_DEPTH);
   CHECK(ST_MAX_DEBUG_GROUP_STACK_DEPTH >= 64 && ST_MAX_LABEL_LENGTH >= 256, "spec minimums");
   CHECK_EQ_INT(geti(GL_MAX_LABEL_LENGTH), ST_MAX_LABEL_LENGTH);
   CHECK_EQ_INT(geti(GL_DEBUG_GROUP_STACK_DEPTH), 1);
   CHECK_EQ_INT(geti(GL_DEBUG_LOGGED_MESSAGES), 0);
   CHECK_EQ_INT(geti(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH), 0);
   void *p = (void *)1;
   api_glGetPointerv(GL_DEBUG_CALLBACK_FUNCTION, &p);
   CHECK(p == NULL, "no callback");
   p = (void *)1;
   api_glGetPointerv(GL_DEBUG_CALLBACK_USER_PARAM, &p);
   CHECK(p == NULL, "no user param");
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* output off: errors are not logged, inserts are dropped without errors */
   api_glEnable(0x1234);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDebugMessageInsert(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, 1,
                            GL_DEBUG_SEVERITY_HIGH, -1, "x");
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(geti(GL_DEBUG_LOGGED_MESSAGES), 0);

   /* the enables: glEnable / glIsEnabled / glGetBooleanv */
   api_glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
   CHECK_EQ_INT(api_glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS), GL_TRUE);
   api_glEnable(GL_DEBUG_OUTPUT);
   GLboolean b = GL_FALSE;
   api_glGetBooleanv(GL_DEBUG_OUTPUT, &b);
   CHECK_EQ_INT(b, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* --- GL errors as messages ------------------------------------------------------- */

static void
test_error_messages(void)
{
   drain();
   api_glEnable(0x1234);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBindTexture(GL_TEXTURE_2D, 0);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, -5);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(geti(GL_DEBUG_LOGGED_MESSAGES), 2);
   const char *want = "GL_INVALID_ENUM in glEnable";
   CHECK_EQ_INT(geti(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH), strlen(want) + 1);
   struct msg m;
   CHECK(fetch(&m), "first error message");
   CHECK_EQ_INT(m.source, GL_DEBUG_SOURCE_API);
   CHECK_EQ_INT(m.type, GL_DEBUG_TYPE_ERROR);
   CHECK_EQ_INT(m.severity, GL_DEBUG_SEVERITY_HIGH);
   CHECK_EQ_INT(m.id, GL_INVALID_ENUM);
   CHECK(!strcmp(m.text, want), "text '%s'", m.text);
   CHECK_EQ_INT(m.length, strlen(want) + 1);
   CHECK(fetch(&m), "second error message");
   CHECK(strstr(m.text, "glTexParameter") != NULL, "names the command: '%s'", m.text);
   CHECK(!fetch(&m), "log empty");
   CHECK_EQ_INT(geti(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH), 0);

   /* disabled by the controls: not logged, still recorded by glGetError */
   api_glDebugMessageControl(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, GL_DONT_CARE, 0, NULL,
                             GL_FALSE);
   api_glEnable(0x1234);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(geti(GL_DEBUG_LOGGED_MESSAGES), 0);
   api_glDebugMessageControl(GL_DEBUG_SOURCE_API, GL_DONT_CARE, GL_DEBUG_SEVERITY_HIGH, 0, NULL,
                             GL_TRUE);
   api_glEnable(0x1234);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(geti(GL_DEBUG_LOGGED_MESSAGES), 1);
   drain();

   /* GL_DEBUG_OUTPUT off: nothing */
   api_glDisable(GL_DEBUG_OUTPUT);
   api_glEnable(0x1234);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(geti(GL_DEBUG_LOGGED_MESSAGES), 0);
   api_glEnable(GL_DEBUG_OUTPUT);
}

static void
test_callback(void)
{
   struct callback_log l;
   memset(&l, 0, sizeof l);
   drain();
   api_glDebugMessageCallback(record_callback, &l);
   void *p = NULL;
   api_glGetPointerv(GL_DEBUG_CALLBACK_FUNCTION, &p);
   CHECK(p == (void *)(uintptr_t)record_callback, "callback function");
   api_glGetPointerv(GL_DEBUG_CALLBACK_USER_PARAM, &p);
   CHECK(p == &l, "callback user param");

   api_glBindBuffer(0x4321, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(l.calls, 1);
   CHECK_EQ_INT(l.source, GL_DEBUG_SOURCE_API);
   CHECK_EQ_INT(l.type, GL_DEBUG_TYPE_ERROR);
   CHECK_EQ_INT(l.severity, GL_DEBUG_SEVERITY_HIGH);
   CHECK_EQ_INT(l.id, GL_INVALID_ENUM);
   CHECK(!strcmp(l.text, "GL_INVALID_ENUM in glBindBuffer"), "text '%s'", l.text);
   CHECK_EQ_INT(l.length, strlen(l.text));
   CHECK(l.user == &l, "user param passed");
   /* with a callback nothing is logged */
   CHECK_EQ_INT(geti(GL_DEBUG_LOGGED_MESSAGES), 0);

   /* an explicit length: the callback gets that many characters, NUL-terminated */
   api_glDebugMessageInsert(GL_DEBUG_SOURCE_THIRD_PARTY, GL_DEBUG_TYPE_MARKER, 7,
                            GL_DEBUG_SEVERITY_NOTIFICATION, 3, "abcdef");
   CHECK_EQ_INT(l.calls, 2);
   CHECK_EQ_INT(l.source, GL_DEBUG_SOURCE_THIRD_PARTY);
   CHECK_EQ_INT(l.id, 7);
   CHECK_EQ_INT(l.length, 3);
   CHECK(!strcmp(l.text, "abc"), "text '%s'", l.text);
   /* a length past a NUL: the message ends at the NUL (nothing after it is read) */
   api_glDebugMessageInsert(GL_DEBUG_SOURCE_THIRD_PARTY, GL_DEBUG_TYPE_MARKER, 8,
                            GL_DEBUG_SEVERITY_NOTIFICATION, 100, "short");
   CHECK_EQ_INT(l.calls, 3);
   CHECK_EQ_INT(l.length, 5);
   CHECK(!strcmp(l.text, "short"), "text '%s'", l.text);

   /* output off: no callback */
   api_glDisable(GL_DEBUG_OUTPUT);
   api_glBindBuffer(0x4321, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(l.calls, 3);
   api_glEnable(GL_DEBUG_OUTPUT);

   /* NULL: back to the log */
   api_glDebugMessageCallback(NULL, NULL);
   api_glBindBuffer(0x4321, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(l.calls, 3);
   CHECK_EQ_INT(geti(GL_DEBUG_LOGGED_MESSAGES), 1);
   drain();
}

/* Per-ID rules of the active debug group (memory bound). */
static unsigned
ctx_rules(void)
{
   struct st_context *c = st_get_current();
   return c->debug_output.groups[c->debug_output.depth - 1].num_rules;
}

/* --- insert / control ------------------------------------------------------------- */

static void
test_insert_errors(void)
{
   drain();
   api_glDebugMessageInsert(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_OTHER, 1,
                            GL_DEBUG_SEVERITY_HIGH, -1, "x");
   CHECK_GL_ERROR(GL_INVALID_ENUM);   /* only APPLICATION / THIRD_PARTY */
   api_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DONT_CARE, 1,
                            GL_DEBUG_SEVERITY_HIGH, -1, "x");
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                            GL_DONT_CARE, -1, "x");
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   static char big[ST_MAX_DEBUG_MESSAGE_LENGTH + 1];
   memset(big, 'm', ST_MAX_DEBUG_MESSAGE_LENGTH);
   api_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                            GL_DEBUG_SEVERITY_HIGH, -1, big);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                            GL_DEBUG_SEVERITY_HIGH, ST_MAX_DEBUG_MESSAGE_LENGTH, big);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                            GL_DEBUG_SEVERITY_HIGH, -1, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* the error messages of those calls are the only messages */
   struct msg m;
   for (int i = 0; i < 6; i++) {
      CHECK(fetch(&m), "error message %d", i);
      CHECK_EQ_INT(m.type, GL_DEBUG_TYPE_ERROR);
      CHECK(strstr(m.text, "glDebugMessageInsert") != NULL, "'%s'", m.text);
   }
   CHECK(!fetch(&m), "no inserted message");

   /* the longest message there may be */
   api_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 2,
                            GL_DEBUG_SEVERITY_HIGH, ST_MAX_DEBUG_MESSAGE_LENGTH - 1, big);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(geti(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH), ST_MAX_DEBUG_MESSAGE_LENGTH);
   CHECK(fetch(&m), "longest message");
   CHECK_EQ_INT(strlen(m.text), ST_MAX_DEBUG_MESSAGE_LENGTH - 1);
}

static void
test_control(void)
{
   drain();
   /* errors */
   GLuint id = 5;
   api_glDebugMessageControl(0x1234, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDebugMessageControl(GL_DONT_CARE, 0x1234, GL_DONT_CARE, 0, NULL, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, 0x1234, 0, NULL, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, -1, NULL, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDebugMessageControl(GL_DONT_CARE, GL_DEBUG_TYPE_OTHER, GL_DONT_CARE, 1, &id, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DONT_CARE, GL_DONT_CARE, 1, &id,
                             GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER,
                             GL_DEBUG_SEVERITY_LOW, 1, &id, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(drain(), 7);   /* each error was a message */

   /* severity LOW is off by default, the others on */
   insert(GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_LOW, "low");
   insert(GL_DEBUG_TYPE_OTHER, 2, GL_DEBUG_SEVERITY_MEDIUM, "medium");
   insert(GL_DEBUG_TYPE_OTHER, 3, GL_DEBUG_SEVERITY_NOTIFICATION, "note");
   struct msg m;
   CHECK(fetch(&m) && m.id == 2, "medium logged");
   CHECK(fetch(&m) && m.id == 3, "notification logged");
   CHECK(!fetch(&m), "low not logged");
   api_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW, 0, NULL, GL_TRUE);
   insert(GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_LOW, "low");
   CHECK(fetch(&m) && m.id == 1 && m.severity == GL_DEBUG_SEVERITY_LOW, "low now logged");

   /* per ID: off for ID 5 of APPLICATION/OTHER only */
   api_glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, GL_DONT_CARE, 1,
                             &id, GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   insert(GL_DEBUG_TYPE_OTHER, 5, GL_DEBUG_SEVERITY_HIGH, "id5 other");
   insert(GL_DEBUG_TYPE_MARKER, 5, GL_DEBUG_SEVERITY_HIGH, "id5 marker");
   insert(GL_DEBUG_TYPE_OTHER, 6, GL_DEBUG_SEVERITY_HIGH, "id6 other");
   CHECK(fetch(&m) && !strcmp(m.text, "id5 marker"), "'%s'", m.text);
   CHECK(fetch(&m) && !strcmp(m.text, "id6 other"), "'%s'", m.text);
   CHECK(!fetch(&m), "id5 other filtered");
   /* a severity-wide control reaches ID 5 too (state is per message) */
   api_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_HIGH, 0, NULL,
                             GL_TRUE);
   insert(GL_DEBUG_TYPE_OTHER, 5, GL_DEBUG_SEVERITY_HIGH, "id5 high");
   insert(GL_DEBUG_TYPE_OTHER, 5, GL_DEBUG_SEVERITY_MEDIUM, "id5 medium");
   CHECK(fetch(&m) && !strcmp(m.text, "id5 high"), "'%s'", m.text);
   CHECK(!fetch(&m), "id5 medium still off");
   /* everything on again */
   api_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_TRUE);
   insert(GL_DEBUG_TYPE_OTHER, 5, GL_DEBUG_SEVERITY_MEDIUM, "id5 medium");
   CHECK(fetch(&m) && !strcmp(m.text, "id5 medium"), "'%s'", m.text);
   /* back to the defaults */
   api_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW, 0, NULL,
                             GL_FALSE);

   /* bounded per-ID state: ST_MAX_DEBUG_ID_RULES distinct IDs, then out of memory;
    * a namespace-wide control frees them */
   static GLuint ids[ST_MAX_DEBUG_ID_RULES + 1];
   for (unsigned i = 0; i <= ST_MAX_DEBUG_ID_RULES; i++)
      ids[i] = 1000 + i;
   api_glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, GL_DONT_CARE,
                             ST_MAX_DEBUG_ID_RULES, ids, GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, GL_DONT_CARE,
                             1, &ids[ST_MAX_DEBUG_ID_RULES], GL_FALSE);
   CHECK_GL_ERROR(GL_OUT_OF_MEMORY);
   drain();
   insert(GL_DEBUG_TYPE_OTHER, 1000 + ST_MAX_DEBUG_ID_RULES - 1, GL_DEBUG_SEVERITY_HIGH, "off");
   CHECK(!fetch(&m), "last ID of the set is off");
   api_glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DONT_CARE, GL_DONT_CARE, 0, NULL,
                             GL_TRUE);
   api_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW, 0, NULL,
                             GL_FALSE);
   CHECK_EQ_INT(ctx_rules(), 0);
   api_glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, GL_DONT_CARE,
                             1, &ids[ST_MAX_DEBUG_ID_RULES], GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   insert(GL_DEBUG_TYPE_OTHER, 1000, GL_DEBUG_SEVERITY_HIGH, "on again");
   CHECK(fetch(&m) && m.id == 1000, "ID 1000 enabled by the namespace control");
   api_glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DONT_CARE, GL_DONT_CARE, 0, NULL,
                             GL_TRUE);
   drain();
}

/* --- the message log ------------------------------------------------------------- */

static void
test_log(void)
{
   drain();
   char text[32];
   /* more than the log holds: the newest are discarded */
   for (int i = 0; i < ST_MAX_DEBUG_LOGGED_MESSAGES + 5; i++) {
      snprintf(text, sizeof text, "m%d", i);
      insert(GL_DEBUG_TYPE_OTHER, (GLuint)i, GL_DEBUG_SEVERITY_HIGH, text);
   }
   CHECK_EQ_INT(geti(GL_DEBUG_LOGGED_MESSAGES), ST_MAX_DEBUG_LOGGED_MESSAGES);
   CHECK_EQ_INT(geti(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH), 3);   /* "m0" */

   /* bufSize < 0 with a log: GL_INVALID_VALUE, nothing fetched */
   char buf[64];
   CHECK_EQ_INT(api_glGetDebugMessageLog(1, -1, NULL, NULL, NULL, NULL, NULL, buf), 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* (the error's message went nowhere: the log is full) */
   CHECK_EQ_INT(geti(GL_DEBUG_LOGGED_MESSAGES), ST_MAX_DEBUG_LOGGED_MESSAGES);

   /* several at once, concatenated with their NULs; a message that does not
    * fit stays, with those after it: "m0\0m1\0m2\0" is 9 bytes */
   GLuint ids[4] = { 99, 99, 99, 99 };
   GLsizei lengths[4] = { 0, 0, 0, 0 };
   GLenum sources[4], types[4], sev[4];
   memset(buf, 'x', sizeof buf);
   GLuint got = api_glGetDebugMessageLog(4, 10, sources, types, ids, sev, lengths, buf);
   CHECK_EQ_INT(got, 3);
   CHECK(!memcmp(buf, "m0\0m1\0m2\0", 9) && buf[9] == 'x', "concatenated log");
   CHECK_EQ_INT(ids[0], 0);
   CHECK_EQ_INT(ids[2], 2);
   CHECK_EQ_INT(ids[3], 99);
   CHECK_EQ_INT(lengths[1], 3);
   CHECK_EQ_INT(sources[0], GL_DEBUG_SOURCE_APPLICATION);
   CHECK_EQ_INT(types[1], GL_DEBUG_TYPE_OTHER);
   CHECK_EQ_INT(sev[2], GL_DEBUG_SEVERITY_HIGH);
   CHECK_EQ_INT(geti(GL_DEBUG_LOGGED_MESSAGES), ST_MAX_DEBUG_LOGGED_MESSAGES - 3);
   /* a buffer too small for the oldest: nothing fetched, no error */
   CHECK_EQ_INT(api_glGetDebugMessageLog(4, 2, NULL, NULL, NULL, NULL, NULL, buf), 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* count 0 fetches nothing; NULL arrays only drop */
   CHECK_EQ_INT(api_glGetDebugMessageLog(0, 64, NULL, NULL, NULL, NULL, NULL, buf), 0);
   CHECK_EQ_INT(api_glGetDebugMessageLog(2, -5, NULL, NULL, NULL, NULL, NULL, NULL), 2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(geti(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH), 3);   /* "m5" */
   CHECK_EQ_INT(drain(), ST_MAX_DEBUG_LOGGED_MESSAGES - 5);
   /* room again */
   insert(GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_HIGH, "again");
   CHECK_EQ_INT(geti(GL_DEBUG_LOGGED_MESSAGES), 1);
   drain();
}

/* --- debug groups ------------------------------------------------------------------ */

static void
test_groups(void)
{
   drain();
   struct msg m;
   /* errors */
   api_glPushDebugGroup(GL_DEBUG_SOURCE_API, 1, -1, "g");
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   static char big[ST_MAX_DEBUG_MESSAGE_LENGTH + 1];
   memset(big, 'g', ST_MAX_DEBUG_MESSAGE_LENGTH);
   api_glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 1, -1, big);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 1, ST_MAX_DEBUG_MESSAGE_LENGTH, big);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glPopDebugGroup();
   CHECK_GL_ERROR(GL_STACK_UNDERFLOW);
   CHECK_EQ_INT(geti(GL_DEBUG_GROUP_STACK_DEPTH), 1);
   CHECK_EQ_INT(drain(), 4);

   /* push and pop messages: type, source, ID and text of the push */
   api_glPushDebugGroup(GL_DEBUG_SOURCE_THIRD_PARTY, 42, 5, "group one");
   CHECK_EQ_INT(geti(GL_DEBUG_GROUP_STACK_DEPTH), 2);
   api_glPopDebugGroup();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(fetch(&m), "push message");
   CHECK_EQ_INT(m.type, GL_DEBUG_TYPE_PUSH_GROUP);
   CHECK_EQ_INT(m.source, GL_DEBUG_SOURCE_THIRD_PARTY);
   CHECK_EQ_INT(m.id, 42);
   CHECK_EQ_INT(m.severity, GL_DEBUG_SEVERITY_NOTIFICATION);
   CHECK(!strcmp(m.text, "group"), "'%s'", m.text);
   CHECK(fetch(&m), "pop message");
   CHECK_EQ_INT(m.type, GL_DEBUG_TYPE_POP_GROUP);
   CHECK_EQ_INT(m.id, 42);
   CHECK(!strcmp(m.text, "group"), "'%s'", m.text);

   /* the stack: GL_MAX_DEBUG_GROUP_STACK_DEPTH entries with the default */
   api_glDebugMessageControl(GL_DONT_CARE, GL_DEBUG_TYPE_PUSH_GROUP, GL_DONT_CARE, 0, NULL,
                             GL_FALSE);
   api_glDebugMessageControl(GL_DONT_CARE, GL_DEBUG_TYPE_POP_GROUP, GL_DONT_CARE, 0, NULL,
                             GL_FALSE);
   for (int i = 1; i < ST_MAX_DEBUG_GROUP_STACK_DEPTH; i++)
      api_glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, (GLuint)i, -1, "deep");
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(geti(GL_DEBUG_GROUP_STACK_DEPTH), ST_MAX_DEBUG_GROUP_STACK_DEPTH);
   api_glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 99, -1, "one too many");
   CHECK_GL_ERROR(GL_STACK_OVERFLOW);
   CHECK_EQ_INT(geti(GL_DEBUG_GROUP_STACK_DEPTH), ST_MAX_DEBUG_GROUP_STACK_DEPTH);
   CHECK(fetch(&m) && m.id == GL_STACK_OVERFLOW, "overflow message");
   for (int i = 1; i < ST_MAX_DEBUG_GROUP_STACK_DEPTH; i++)
      api_glPopDebugGroup();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(geti(GL_DEBUG_GROUP_STACK_DEPTH), 1);
   CHECK(!fetch(&m), "push/pop messages filtered");
   api_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_TRUE);
   api_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW, 0, NULL,
                             GL_FALSE);

   /* controls are inherited by a pushed group and restored by the pop:
    * the default group lets only MARKER through */
   api_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_FALSE);
   api_glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, GL_DONT_CARE, 0,
                             NULL, GL_TRUE);
   api_glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 1, -1, "outer");   /* filtered */
   insert(GL_DEBUG_TYPE_MARKER, 10, GL_DEBUG_SEVERITY_HIGH, "inherited");
   insert(GL_DEBUG_TYPE_OTHER, 11, GL_DEBUG_SEVERITY_HIGH, "other off");
   CHECK(fetch(&m) && !strcmp(m.text, "inherited"), "'%s'", m.text);
   CHECK(!fetch(&m), "only the marker");
   /* the group's own changes: ID 11 of OTHER on, MARKER off */
   GLuint id11 = 11;
   api_glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, GL_DONT_CARE, 1,
                             &id11, GL_TRUE);
   api_glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, GL_DONT_CARE, 0,
                             NULL, GL_FALSE);
   /* pushed on top: inherits those (and its push message is filtered by them) */
   api_glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 11, -1, "inner");
   CHECK_EQ_INT(geti(GL_DEBUG_GROUP_STACK_DEPTH), 3);
   insert(GL_DEBUG_TYPE_MARKER, 10, GL_DEBUG_SEVERITY_HIGH, "marker off");
   insert(GL_DEBUG_TYPE_OTHER, 11, GL_DEBUG_SEVERITY_HIGH, "id11 on");
   CHECK(fetch(&m) && !strcmp(m.text, "id11 on"), "'%s'", m.text);
   CHECK(!fetch(&m), "marker off in the inner group");
   api_glPopDebugGroup();
   /* the pop message is filtered by the restored group (PUSH/POP off there) */
   CHECK(!fetch(&m), "pop of inner filtered");
   insert(GL_DEBUG_TYPE_OTHER, 11, GL_DEBUG_SEVERITY_HIGH, "id11 still on");
   CHECK(fetch(&m) && !strcmp(m.text, "id11 still on"), "'%s'", m.text);
   api_glPopDebugGroup();
   /* the default group again: ID 11 off, MARKER on */
   insert(GL_DEBUG_TYPE_OTHER, 11, GL_DEBUG_SEVERITY_HIGH, "id11 off");
   insert(GL_DEBUG_TYPE_MARKER, 10, GL_DEBUG_SEVERITY_HIGH, "marker on");
   CHECK(fetch(&m) && !strcmp(m.text, "marker on"), "'%s'", m.text);
   CHECK(!fetch(&m), "restored");
   CHECK_EQ_INT(geti(GL_DEBUG_GROUP_STACK_DEPTH), 1);
   api_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_TRUE);
   api_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW, 0, NULL,
                             GL_FALSE);
   drain();
}

/* --- labels ------------------------------------------------------------------------ */

static void
check_label(GLenum identifier, GLuint name, const char *what)
{
   char out[64];
   GLsizei len = -1;
   api_glObjectLabel(identifier, name, -1, "a label");
   api_glGetObjectLabel(identifier, name, sizeof out, &len, out);
   CHECK(len == 7 && !strcmp(out, "a label"), "%s: label '%s' length %d", what, out, len);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* a name of no object in that namespace */
   api_glObjectLabel(identifier, 0xfffff, -1, "x");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetObjectLabel(identifier, 0xfffff, sizeof out, &len, out);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
}

static void
test_labels(void)
{
   drain();
   GLuint buf = 0, tex = 0, rb = 0, fb = 0, q = 0, vao = 0, smp = 0;
   api_glGenBuffers(1, &buf);
   /* generated but no object yet (not bound): not an object */
   api_glObjectLabel(GL_BUFFER, buf, -1, "x");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindBuffer(GL_ARRAY_BUFFER, buf);
   check_label(GL_BUFFER, buf, "buffer");
   api_glGenTextures(1, &tex);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   check_label(GL_TEXTURE, tex, "texture");
   api_glGenRenderbuffers(1, &rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   check_label(GL_RENDERBUFFER, rb, "renderbuffer");
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   check_label(GL_FRAMEBUFFER, fb, "framebuffer");
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glGenQueries(1, &q);
   api_glBeginQuery(GL_SAMPLES_PASSED, q);
   api_glEndQuery(GL_SAMPLES_PASSED);
   check_label(GL_QUERY, q, "query");
   api_glGenVertexArrays(1, &vao);
   api_glBindVertexArray(vao);
   check_label(GL_VERTEX_ARRAY, vao, "vertex array");
   api_glBindVertexArray(0);
   api_glGenSamplers(1, &smp);
   check_label(GL_SAMPLER, smp, "sampler");
   GLuint sh = api_glCreateShader(GL_VERTEX_SHADER);
   GLuint prog = api_glCreateProgram();
   check_label(GL_SHADER, sh, "shader");
   check_label(GL_PROGRAM, prog, "program");
   /* a shader is not a program and the other way round */
   api_glObjectLabel(GL_PROGRAM, sh, -1, "x");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glObjectLabel(GL_SHADER, prog, -1, "x");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLuint list = api_glGenLists(1);
   api_glNewList(list, GL_COMPILE);
   api_glEndList();
   check_label(GL_DISPLAY_LIST, list, "display list");

   /* identifiers Pony has no objects for, and non-identifiers */
   api_glObjectLabel(GL_PROGRAM_PIPELINE, 1, -1, "x");
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glObjectLabel(GL_TRANSFORM_FEEDBACK, 1, -1, "x");
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glObjectLabel(GL_ARRAY_BUFFER, buf, -1, "x");
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   char out[64];
   GLsizei len = -1;
   api_glGetObjectLabel(GL_ARRAY_BUFFER, buf, sizeof out, &len, out);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* length limits: MAX_LABEL_LENGTH - 1 characters, not MAX_LABEL_LENGTH */
   static char big[ST_MAX_LABEL_LENGTH + 1];
   memset(big, 'l', ST_MAX_LABEL_LENGTH);
   api_glObjectLabel(GL_BUFFER, buf, -1, big);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glObjectLabel(GL_BUFFER, buf, ST_MAX_LABEL_LENGTH, big);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glObjectLabel(GL_BUFFER, buf, ST_MAX_LABEL_LENGTH - 1, big);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetObjectLabel(GL_BUFFER, buf, 0, &len, NULL);
   CHECK_EQ_INT(len, ST_MAX_LABEL_LENGTH - 1);
   /* the failed calls left the label alone; an explicit length */
   api_glObjectLabel(GL_BUFFER, buf, 4, "abcdefgh");
   api_glGetObjectLabel(GL_BUFFER, buf, sizeof out, &len, out);
   CHECK(len == 4 && !strcmp(out, "abcd"), "'%s' %d", out, len);
   /* a length past a NUL: the label ends there */
   api_glObjectLabel(GL_BUFFER, buf, 50, "xyz");
   api_glGetObjectLabel(GL_BUFFER, buf, sizeof out, &len, out);
   CHECK(len == 3 && !strcmp(out, "xyz"), "'%s' %d", out, len);
   api_glObjectLabel(GL_BUFFER, buf, 4, "abcdefgh");
   /* bufSize limits what is written, NUL included */
   memset(out, 'x', sizeof out);
   api_glGetObjectLabel(GL_BUFFER, buf, 3, &len, out);
   CHECK(len == 2 && !strcmp(out, "ab"), "'%s' %d", out, len);
   api_glGetObjectLabel(GL_BUFFER, buf, -1, &len, out);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* a NULL length pointer is fine */
   api_glGetObjectLabel(GL_BUFFER, buf, sizeof out, NULL, out);
   CHECK(!strcmp(out, "abcd"), "'%s'", out);
   /* a NULL label removes it */
   api_glObjectLabel(GL_BUFFER, buf, -1, NULL);
   api_glGetObjectLabel(GL_BUFFER, buf, sizeof out, &len, out);
   CHECK(len == 0 && out[0] == '\0', "removed: '%s' %d", out, len);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* a label goes with its object: the name made again has none */
   api_glBindBuffer(GL_ARRAY_BUFFER, 777);
   api_glObjectLabel(GL_BUFFER, 777, -1, "old");
   api_glDeleteBuffers(1, (GLuint[]){ 777 });
   api_glObjectLabel(GL_BUFFER, 777, -1, "x");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindBuffer(GL_ARRAY_BUFFER, 777);
   api_glGetObjectLabel(GL_BUFFER, 777, sizeof out, &len, out);
   CHECK(len == 0 && out[0] == '\0', "new object: '%s'", out);
   api_glDeleteBuffers(1, (GLuint[]){ 777 });
   api_glDeleteShader(sh);
   api_glObjectLabel(GL_SHADER, sh, -1, "x");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* labelled objects left for the context's destruction (ASan: no leak) */

   /* sync objects */
   GLsync s = api_glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   api_glObjectPtrLabel(s, -1, "fence");
   api_glGetObjectPtrLabel(s, sizeof out, &len, out);
   CHECK(len == 5 && !strcmp(out, "fence"), "sync label '%s'", out);
   api_glGetObjectPtrLabel(s, 0, &len, NULL);
   CHECK_EQ_INT(len, 5);
   api_glObjectPtrLabel(s, ST_MAX_LABEL_LENGTH, big);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetObjectPtrLabel(s, -1, &len, out);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glObjectPtrLabel(NULL, -1, "x");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glObjectPtrLabel((void *)&len, -1, "x");   /* not a sync object */
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glObjectPtrLabel(s, -1, NULL);
   api_glGetObjectPtrLabel(s, sizeof out, &len, out);
   CHECK(len == 0 && out[0] == '\0', "sync label removed");
   api_glObjectPtrLabel(s, -1, "again");
   api_glDeleteSync(s);
   api_glGetObjectPtrLabel(s, sizeof out, &len, out);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   drain();
}

/* --- display lists, through the dispatch table ---------------------------------- */

static void
test_dlist(void)
{
   drain();
   /* not compiled: executed at once, nothing replayed by glCallList (the
    * ARB and KHR spellings reach the same commands) */
   GLuint list = api_glGenLists(1);
   GL(glNewList, GLuint, GLenum)(list, GL_COMPILE);
   GL(glDebugMessageInsertARB, GLenum, GLenum, GLuint, GLenum, GLsizei, const char *)(
      GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_HIGH, -1, "arb");
   GL(glDebugMessageInsertKHR, GLenum, GLenum, GLuint, GLenum, GLsizei, const char *)(
      GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 2, GL_DEBUG_SEVERITY_HIGH, -1, "khr");
   GL(glPushDebugGroup, GLenum, GLuint, GLsizei, const char *)(GL_DEBUG_SOURCE_APPLICATION, 3,
                                                               -1, "list group");
   GL(glDisable, GLenum)(GL_DEBUG_OUTPUT);   /* compiled like any glDisable */
   GL(glEndList, void)();
   CHECK_EQ_INT(geti(GL_DEBUG_GROUP_STACK_DEPTH), 2);
   CHECK_EQ_INT(api_glIsEnabled(GL_DEBUG_OUTPUT), GL_TRUE);
   api_glPopDebugGroup();
   CHECK_EQ_INT(drain(), 4);
   GL(glCallList, GLuint)(list);
   CHECK_EQ_INT(geti(GL_DEBUG_LOGGED_MESSAGES), 0);
   CHECK_EQ_INT(geti(GL_DEBUG_GROUP_STACK_DEPTH), 1);
   CHECK_EQ_INT(api_glIsEnabled(GL_DEBUG_OUTPUT), GL_FALSE);
   api_glEnable(GL_DEBUG_OUTPUT);
   api_glDeleteLists(list, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* --- other contexts ------------------------------------------------------------------- */

static void
test_contexts(struct test_env *e)
{
   /* a debug context: output on from the start, the debug bit in CONTEXT_FLAGS */
   struct st_context *dbg = make_ctx(e->screen, ST_PROFILE_COMPAT, 2, ST_CONTEXT_FLAG_DEBUG);
   if (dbg) {
      CHECK_EQ_INT(api_glIsEnabled(GL_DEBUG_OUTPUT), GL_TRUE);
      CHECK_EQ_INT(geti(GL_CONTEXT_FLAGS), GL_CONTEXT_FLAG_DEBUG_BIT);
      api_glEnable(0x1234);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      CHECK_EQ_INT(geti(GL_DEBUG_LOGGED_MESSAGES), 1);
      st_make_current(NULL, NULL, NULL);
   }
   /* the log is per context: e->ctx's is empty */
   st_make_current(e->ctx, &e->d.base, &e->d.base);
   CHECK_EQ_INT(geti(GL_DEBUG_LOGGED_MESSAGES), 0);
   st_make_current(NULL, NULL, NULL);
   st_context_destroy(dbg);   /* with a message in its log */

   /* ES 2: KHR_debug, output off unless debug; no display lists, no CONTEXT_FLAGS */
   struct st_context *es = make_ctx(e->screen, ST_PROFILE_GLES2, 2, 0);
   if (es) {
      const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
      CHECK(ext && strstr(ext, "GL_KHR_debug"), "ES 2 GL_KHR_debug: '%s'", ext ? ext : "");
      CHECK(ext && !strstr(ext, "GL_ARB_debug_output"), "no ARB_debug_output in ES");
      CHECK_EQ_INT(api_glIsEnabled(GL_DEBUG_OUTPUT), GL_FALSE);
      api_glGetIntegerv(GL_CONTEXT_FLAGS, (GLint[]){ 0 });
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      api_glObjectLabel(GL_DISPLAY_LIST, 1, -1, "x");
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      api_glEnable(GL_DEBUG_OUTPUT);
      insert(GL_DEBUG_TYPE_MARKER, 3, GL_DEBUG_SEVERITY_HIGH, "es");
      struct msg m;
      CHECK(fetch(&m) && m.id == 3 && !strcmp(m.text, "es"), "ES 2 log");
      st_make_current(NULL, NULL, NULL);
      st_context_destroy(es);
   }
   struct st_context *esd = make_ctx(e->screen, ST_PROFILE_GLES2, 2, ST_CONTEXT_FLAG_DEBUG);
   if (esd) {
      CHECK_EQ_INT(api_glIsEnabled(GL_DEBUG_OUTPUT), GL_TRUE);
      st_make_current(NULL, NULL, NULL);
      st_context_destroy(esd);
   }
   /* ES 1.1 has no KHR_debug: not even with the debug flag */
   struct st_context *es1 = make_ctx(e->screen, ST_PROFILE_GLES1, 1, ST_CONTEXT_FLAG_DEBUG);
   if (es1) {
      api_glEnable(GL_DEBUG_OUTPUT);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      CHECK_EQ_INT(api_glIsEnabled(GL_DEBUG_OUTPUT), GL_FALSE);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      CHECK(!st_get_current()->debug_output.output, "ES 1.1: no debug output");
      st_make_current(NULL, NULL, NULL);
      st_context_destroy(es1);
   }
   st_make_current(e->ctx, &e->d.base, &e->d.base);
}

int
main(void)
{
   struct test_env e;
   if (!test_env_init(&e, W, H)) {
      fprintf(stderr, "no refpipe context\n");
      return 1;
   }
   test_defaults();
   test_error_messages();
   test_callback();
   test_insert_errors();
   test_control();
   test_log();
   test_groups();
   test_labels();
   test_dlist();
   test_contexts(&e);
   /* a group left pushed, with per-ID rules, is freed with the context
    * (the sanitizer build checks) */
   api_glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 1, -1, "left open");
   api_glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, GL_DONT_CARE, 1,
                             (GLuint[]){ 9 }, GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   test_env_fini(&e);
   return st_test_finish("st_test_debug");
}
