/*
 * Debug output state (GL_KHR_debug section 5.5): message controls per debug
 * group, delivery to the callback or the message log, the enables and the
 * queries.  The entry points are in api/api_debug.c.
 *
 * A group's controls: for each (source, type) namespace a default set of
 * enabled severities, and per-ID rules that override it for one ID.  A
 * control without IDs changes the defaults and every rule of the
 * namespaces it names; a control with IDs sets their rules (all
 * severities).  A message is enabled when its rule, else its namespace's
 * default, has its severity bit.
 */
#include "st_debug.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "st_context.h"

bool
st_debug_api(const struct st_context *ctx)
{
   return ctx->caps.ext_khr_debug && ctx->profile != ST_PROFILE_GLES1;
}

void
st_debug_init(struct st_context *ctx)
{
   struct st_debug_state *d = &ctx->debug_output;
   memset(d, 0, sizeof *d);
   /* KHR_debug 5.5: on by default in debug contexts, off otherwise (ES
    * contexts too: "act as if CONTEXT_FLAGS existed") */
   d->output = (ctx->flags & ST_CONTEXT_FLAG_DEBUG) && st_debug_api(ctx);
   d->depth = 1;
   /* 5.5.1: every message is enabled except those of severity LOW */
   uint8_t initial = (uint8_t)(((1u << ST_DEBUG_NUM_SEVERITIES) - 1) & ~(1u << 2));
   memset(d->groups[0].defaults, initial, sizeof d->groups[0].defaults);
}

static void
group_clear(struct st_debug_group *g)
{
   free(g->rules);
   free(g->message);
   memset(g, 0, sizeof *g);
}

void
st_debug_fini(struct st_context *ctx)
{
   struct st_debug_state *d = &ctx->debug_output;
   for (unsigned i = 0; i < d->depth; i++)
      group_clear(&d->groups[i]);
   for (unsigned i = 0; i < d->log_count; i++)
      free(d->log[(d->log_first + i) % ST_MAX_DEBUG_LOGGED_MESSAGES].text);
   d->log_count = 0;
   d->depth = 0;
}

/* --- enums -> indices --------------------------------------------------------- */

int
st_debug_source_index(GLenum source)
{
   switch (source) {
   case GL_DEBUG_SOURCE_API: return 0;
   case GL_DEBUG_SOURCE_WINDOW_SYSTEM: return 1;
   case GL_DEBUG_SOURCE_SHADER_COMPILER: return 2;
   case GL_DEBUG_SOURCE_THIRD_PARTY: return 3;
   case GL_DEBUG_SOURCE_APPLICATION: return 4;
   case GL_DEBUG_SOURCE_OTHER: return 5;
   default: return -1;
   }
}

int
st_debug_type_index(GLenum type)
{
   switch (type) {
   case GL_DEBUG_TYPE_ERROR: return 0;
   case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR: return 1;
   case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR: return 2;
   case GL_DEBUG_TYPE_PORTABILITY: return 3;
   case GL_DEBUG_TYPE_PERFORMANCE: return 4;
   case GL_DEBUG_TYPE_OTHER: return 5;
   case GL_DEBUG_TYPE_MARKER: return 6;
   case GL_DEBUG_TYPE_PUSH_GROUP: return 7;
   case GL_DEBUG_TYPE_POP_GROUP: return 8;
   default: return -1;
   }
}

int
st_debug_severity_index(GLenum severity)
{
   switch (severity) {
   case GL_DEBUG_SEVERITY_HIGH: return 0;
   case GL_DEBUG_SEVERITY_MEDIUM: return 1;
   case GL_DEBUG_SEVERITY_LOW: return 2;
   case GL_DEBUG_SEVERITY_NOTIFICATION: return 3;
   default: return -1;
   }
}

/* --- controls ----------------------------------------------------------------- */

static struct st_debug_id_rule *
find_rule(struct st_debug_group *g, int s, int t, GLuint id)
{
   for (unsigned i = 0; i < g->num_rules; i++) {
      struct st_debug_id_rule *r = &g->rules[i];
      if (r->id == id && r->source == s && r->type == t)
         return r;
   }
   return NULL;
}

static bool
enabled(struct st_debug_group *g, int s, int t, GLuint id, int sev)
{
   const struct st_debug_id_rule *r = find_rule(g, s, t, id);
   unsigned bits = r ? r->severities : g->defaults[s][t];
   return (bits >> sev) & 1;
}

/* Rules equal to their namespace's default say nothing: drop them, so a
 * later "everything" control frees the memory of earlier per-ID ones. */
static void
compact_rules(struct st_debug_group *g)
{
   unsigned n = 0;
   for (unsigned i = 0; i < g->num_rules; i++) {
      struct st_debug_id_rule r = g->rules[i];
      if (r.severities != g->defaults[r.source][r.type])
         g->rules[n++] = r;
   }
   g->num_rules = n;
}

void
st_debug_control(struct st_context *ctx, int s, int t, int sev, GLsizei count,
                  const GLuint *ids, bool enable, const char *where)
{
   struct st_debug_group *g = &ctx->debug_output.groups[ctx->debug_output.depth - 1];
   if (count == 0) {
      for (int si = 0; si < ST_DEBUG_NUM_SOURCES; si++) {
         for (int ti = 0; ti < ST_DEBUG_NUM_TYPES; ti++) {
            if ((s >= 0 && si != s) || (t >= 0 && ti != t))
               continue;
            for (int vi = 0; vi < ST_DEBUG_NUM_SEVERITIES; vi++) {
               if (sev >= 0 && vi != sev)
                  continue;
               uint8_t bit = (uint8_t)(1u << vi);
               g->defaults[si][ti] = enable ? g->defaults[si][ti] | bit
                                            : g->defaults[si][ti] & (uint8_t)~bit;
               for (unsigned i = 0; i < g->num_rules; i++) {
                  struct st_debug_id_rule *r = &g->rules[i];
                  if (r->source == si && r->type == ti)
                     r->severities = enable ? r->severities | bit : r->severities & (uint8_t)~bit;
               }
            }
         }
      }
      compact_rules(g);
      return;
   }
   uint8_t all = (1u << ST_DEBUG_NUM_SEVERITIES) - 1;
   for (GLsizei k = 0; k < count; k++) {
      struct st_debug_id_rule *r = find_rule(g, s, t, ids[k]);
      if (!r) {
         if (g->num_rules == ST_MAX_DEBUG_ID_RULES) {
            compact_rules(g);
            if (g->num_rules == ST_MAX_DEBUG_ID_RULES) {
               st_error(ctx, GL_OUT_OF_MEMORY, where);
               return;
            }
         }
         if (g->num_rules == g->cap_rules) {
            unsigned cap = g->cap_rules ? g->cap_rules * 2 : 16;
            struct st_debug_id_rule *n = realloc(g->rules, cap * sizeof *n);
            if (!n) {
               st_error(ctx, GL_OUT_OF_MEMORY, where);
               return;
            }
            g->rules = n;
            g->cap_rules = cap;
         }
         r = &g->rules[g->num_rules++];
         r->id = ids[k];
         r->source = (uint8_t)s;
         r->type = (uint8_t)t;
      }
      r->severities = enable ? all : 0;
   }
}

/* --- messages ----------------------------------------------------------------- */

void
st_debug_message(struct st_context *ctx, GLenum source, GLenum type, GLuint id,
                 GLenum severity, GLsizei len, const char *text)
{
   struct st_debug_state *d = &ctx->debug_output;
   if (!d->output || !d->depth)
      return;
   int s = st_debug_source_index(source), t = st_debug_type_index(type);
   int v = st_debug_severity_index(severity);
   if (s < 0 || t < 0 || v < 0 || !enabled(&d->groups[d->depth - 1], s, t, id, v))
      return;
   if (!text)
      text = "";
   size_t n = len < 0 ? strnlen(text, ST_MAX_DEBUG_MESSAGE_LENGTH - 1) : (size_t)len;
   if (n > ST_MAX_DEBUG_MESSAGE_LENGTH - 1)
      n = ST_MAX_DEBUG_MESSAGE_LENGTH - 1;

   if (d->callback) {
      /* the callback gets a NUL-terminated copy: 'text' need not be one */
      char buf[ST_MAX_DEBUG_MESSAGE_LENGTH];
      memcpy(buf, text, n);
      buf[n] = '\0';
      d->callback(source, type, id, severity, (GLsizei)n, buf, d->user_param);
      return;
   }
   if (d->log_count == ST_MAX_DEBUG_LOGGED_MESSAGES)
      return;   /* 5.5.3: a full log discards new messages */
   char *copy = malloc(n + 1);
   if (!copy)
      return;   /* dropped: raising an error here would make another message */
   memcpy(copy, text, n);
   copy[n] = '\0';
   struct st_debug_message *m =
      &d->log[(d->log_first + d->log_count) % ST_MAX_DEBUG_LOGGED_MESSAGES];
   m->source = source;
   m->type = type;
   m->id = id;
   m->severity = severity;
   m->length = (GLsizei)n + 1;
   m->text = copy;
   d->log_count++;
}

void
st_debug_error(struct st_context *ctx, GLenum error, const char *error_name, const char *where)
{
   if (!ctx->debug_output.output)
      return;
   char text[256];
   int n = snprintf(text, sizeof text, "%s in %s", error_name, where ? where : "a GL command");
   if (n < 0)
      return;
   /* the ID is the error code: one message per kind of error */
   st_debug_message(ctx, GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, error,
                    GL_DEBUG_SEVERITY_HIGH, -1, text);
}

GLuint
st_debug_fetch_log(struct st_context *ctx, GLuint count, GLsizei buf_size, GLenum *sources,
                   GLenum *types, GLuint *ids, GLenum *severities, GLsizei *lengths,
                   GLchar *log)
{
   struct st_debug_state *d = &ctx->debug_output;
   GLuint got = 0;
   size_t used = 0;
   while (got < count && d->log_count) {
      struct st_debug_message *m = &d->log[d->log_first];
      if (log) {
         /* 6.1.15: a message that does not fit stays, with all after it */
         if ((size_t)m->length > (size_t)buf_size - used)
            break;
         memcpy(log + used, m->text, (size_t)m->length);
         used += (size_t)m->length;
      }
      if (sources)
         sources[got] = m->source;
      if (types)
         types[got] = m->type;
      if (ids)
         ids[got] = m->id;
      if (severities)
         severities[got] = m->severity;
      if (lengths)
         lengths[got] = m->length;
      free(m->text);
      m->text = NULL;
      d->log_first = (d->log_first + 1) % ST_MAX_DEBUG_LOGGED_MESSAGES;
      d->log_count--;
      got++;
   }
   if (!d->log_count)
      d->log_first = 0;
   return got;
}

/* --- groups ------------------------------------------------------------------- */

bool
st_debug_push_group(struct st_context *ctx, GLenum source, GLuint id, const char *message,
                    size_t len, const char *where)
{
   struct st_debug_state *d = &ctx->debug_output;
   struct st_debug_group *top = &d->groups[d->depth - 1], *g = &d->groups[d->depth];
   memset(g, 0, sizeof *g);
   memcpy(g->defaults, top->defaults, sizeof g->defaults);
   g->message = malloc(len + 1);
   if (top->num_rules) {
      g->rules = malloc(top->num_rules * sizeof *g->rules);
      if (g->rules) {
         memcpy(g->rules, top->rules, top->num_rules * sizeof *g->rules);
         g->num_rules = g->cap_rules = top->num_rules;
      }
   }
   if (!g->message || (top->num_rules && !g->rules)) {
      group_clear(g);
      st_error(ctx, GL_OUT_OF_MEMORY, where);
      return false;
   }
   memcpy(g->message, message, len);
   g->message[len] = '\0';
   g->length = (GLsizei)len;
   g->source = source;
   g->id = id;
   /* the push message is filtered by the controls of the group it leaves */
   st_debug_message(ctx, source, GL_DEBUG_TYPE_PUSH_GROUP, id, GL_DEBUG_SEVERITY_NOTIFICATION,
                    (GLsizei)len, message);
   d->depth++;
   return true;
}

void
st_debug_pop_group(struct st_context *ctx)
{
   struct st_debug_state *d = &ctx->debug_output;
   struct st_debug_group g = d->groups[d->depth - 1];
   memset(&d->groups[d->depth - 1], 0, sizeof g);
   d->depth--;
   /* ... and the pop message by those of the group it restores */
   st_debug_message(ctx, g.source, GL_DEBUG_TYPE_POP_GROUP, g.id, GL_DEBUG_SEVERITY_NOTIFICATION,
                    g.length, g.message);
   group_clear(&g);
}

/* --- enables and queries ------------------------------------------------------ */

int
st_debug_enable(struct st_context *ctx, GLenum cap, int on, bool *value)
{
   if ((cap != GL_DEBUG_OUTPUT && cap != GL_DEBUG_OUTPUT_SYNCHRONOUS) || !st_debug_api(ctx))
      return 0;
   bool *state = cap == GL_DEBUG_OUTPUT ? &ctx->debug_output.output
                                        : &ctx->debug_output.synchronous;
   if (on >= 0)
      *state = on != 0;
   if (value)
      *value = *state;
   return 1;
}

int
st_debug_get(struct st_context *ctx, GLenum pname, int64_t *value)
{
   if (!st_debug_api(ctx))
      return 0;
   struct st_debug_state *d = &ctx->debug_output;
   switch (pname) {
   case GL_MAX_DEBUG_MESSAGE_LENGTH:
      *value = ST_MAX_DEBUG_MESSAGE_LENGTH;
      return 1;
   case GL_MAX_DEBUG_LOGGED_MESSAGES:
      *value = ST_MAX_DEBUG_LOGGED_MESSAGES;
      return 1;
   case GL_MAX_DEBUG_GROUP_STACK_DEPTH:
      *value = ST_MAX_DEBUG_GROUP_STACK_DEPTH;
      return 1;
   case GL_MAX_LABEL_LENGTH:
      *value = ST_MAX_LABEL_LENGTH;
      return 1;
   case GL_DEBUG_LOGGED_MESSAGES:
      *value = d->log_count;
      return 1;
   case GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH:
      *value = d->log_count ? d->log[d->log_first].length : 0;
      return 1;
   case GL_DEBUG_GROUP_STACK_DEPTH:
      *value = d->depth;
      return 1;
   case GL_DEBUG_OUTPUT:
      *value = d->output;
      return 2;
   case GL_DEBUG_OUTPUT_SYNCHRONOUS:
      *value = d->synchronous;
      return 2;
   default:
      return 0;
   }
}

bool
st_debug_get_pointer(struct st_context *ctx, GLenum pname, void **params)
{
   if (!st_debug_api(ctx))
      return false;
   void *p;
   if (pname == GL_DEBUG_CALLBACK_FUNCTION)
      p = (void *)(uintptr_t)ctx->debug_output.callback;
   else if (pname == GL_DEBUG_CALLBACK_USER_PARAM)
      p = (void *)(uintptr_t)ctx->debug_output.user_param;
   else
      return false;
   if (params)
      *params = p;
   return true;
}

long
st_debug_label_length(struct st_context *ctx, GLsizei length, const char *label,
                      const char *where)
{
   if (!label)
      return 0;
   size_t n = length < 0 ? strnlen(label, ST_MAX_LABEL_LENGTH) : (size_t)length;
   if (n >= ST_MAX_LABEL_LENGTH) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return -1;
   }
   /* a label is a string: with an explicit length, nothing past a NUL
    * within it is read (applications pass buffer sizes there) */
   return (long)strnlen(label, n);
}
