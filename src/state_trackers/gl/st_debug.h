/*
 * Debug output (GL_KHR_debug, GL_ARB_debug_output; st_debug.c, the entry
 * points in api/api_debug.c): the message controls of the debug group
 * stack, the callback, the message log, and the GL_DEBUG_OUTPUT enables.
 *
 * Everything lives in the context (st_context::debug_output) and is
 * bounded: ST_MAX_DEBUG_LOGGED_MESSAGES messages of at most
 * ST_MAX_DEBUG_MESSAGE_LENGTH bytes, ST_MAX_DEBUG_GROUP_STACK_DEPTH groups,
 * each with at most ST_MAX_DEBUG_ID_RULES per-ID controls.
 */
#ifndef ST_DEBUG_H
#define ST_DEBUG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "st_gl.h"

struct st_context;

#define ST_MAX_DEBUG_MESSAGE_LENGTH    4096   /* bytes, with the NUL */
#define ST_MAX_DEBUG_LOGGED_MESSAGES   64
#define ST_MAX_DEBUG_GROUP_STACK_DEPTH 64     /* the spec's minimum */
#define ST_MAX_LABEL_LENGTH            256    /* the spec's minimum */
#define ST_MAX_DEBUG_ID_RULES          1024   /* per-ID controls per debug group */

#define ST_DEBUG_NUM_SOURCES    6
#define ST_DEBUG_NUM_TYPES      9
#define ST_DEBUG_NUM_SEVERITIES 4

/* The enabled state of the messages of one ID in one (source, type)
 * namespace: a bit per severity (index of st_debug_severity_index). */
struct st_debug_id_rule {
   GLuint id;
   uint8_t source, type;                /* indices */
   uint8_t severities;                  /* enabled severity bits */
};

/* One entry of the debug group stack: the message controls in force while
 * it is the active group, and the message of its glPushDebugGroup (the
 * default group, entry 0, has none). */
struct st_debug_group {
   uint8_t defaults[ST_DEBUG_NUM_SOURCES][ST_DEBUG_NUM_TYPES];   /* severity bits */
   struct st_debug_id_rule *rules;      /* malloc'd; num_rules used */
   unsigned num_rules, cap_rules;
   GLenum source;                       /* of the push */
   GLuint id;
   char *message;                       /* NUL-terminated, malloc'd */
   GLsizei length;                      /* without the NUL */
};

struct st_debug_message {
   GLenum source, type, severity;
   GLuint id;
   GLsizei length;                      /* with the NUL (GetDebugMessageLog's lengths) */
   char *text;                          /* malloc'd */
};

struct st_debug_state {
   bool output;                         /* GL_DEBUG_OUTPUT */
   bool synchronous;                    /* GL_DEBUG_OUTPUT_SYNCHRONOUS (always synchronous) */
   GLDEBUGPROC callback;
   const void *user_param;
   struct st_debug_message log[ST_MAX_DEBUG_LOGGED_MESSAGES];   /* a ring */
   unsigned log_first, log_count;
   struct st_debug_group groups[ST_MAX_DEBUG_GROUP_STACK_DEPTH];
   unsigned depth;                      /* groups in use, >= 1 (GL_DEBUG_GROUP_STACK_DEPTH) */
};

/* Does the context have the debug commands (not in OpenGL ES 1.1)? */
bool st_debug_api(const struct st_context *ctx);

/* Context creation / destruction (st_context.c). */
void st_debug_init(struct st_context *ctx);
void st_debug_fini(struct st_context *ctx);

/* Generate a message: delivered to the callback, or logged, when debug
 * output is on and the active group enables it.  text: len bytes (len < 0:
 * NUL-terminated); cut at ST_MAX_DEBUG_MESSAGE_LENGTH - 1. */
void st_debug_message(struct st_context *ctx, GLenum source, GLenum type, GLuint id,
                      GLenum severity, GLsizei len, const char *text);

/* Indices of the enums of tables 5.3-5.5, or -1. */
int st_debug_source_index(GLenum source);
int st_debug_type_index(GLenum type);
int st_debug_severity_index(GLenum severity);

/* glDebugMessageControl on the active group, arguments validated (s, t,
 * sev: indices, -1 for GL_DONT_CARE); GL_OUT_OF_MEMORY past the rule limit. */
void st_debug_control(struct st_context *ctx, int s, int t, int sev, GLsizei count,
                      const GLuint *ids, bool enable, const char *where);

/* glGetDebugMessageLog, arguments validated: fetches and removes messages. */
GLuint st_debug_fetch_log(struct st_context *ctx, GLuint count, GLsizei buf_size,
                          GLenum *sources, GLenum *types, GLuint *ids, GLenum *severities,
                          GLsizei *lengths, GLchar *log);

/* glPushDebugGroup (depth checked by the caller; false after
 * GL_OUT_OF_MEMORY) and glPopDebugGroup (depth > 1). */
bool st_debug_push_group(struct st_context *ctx, GLenum source, GLuint id, const char *message,
                         size_t len, const char *where);
void st_debug_pop_group(struct st_context *ctx);

/* The message of a GL error (api_error.c). */
void st_debug_error(struct st_context *ctx, GLenum error, const char *error_name,
                    const char *where);

/* glEnable / glDisable / glIsEnabled of GL_DEBUG_OUTPUT(_SYNCHRONOUS):
 * 1 handled (for query: *on set), 0 not a debug cap. */
int st_debug_enable(struct st_context *ctx, GLenum cap, int on, bool *value);

/* glGet of the debug values: 0 not one, 1 integer, 2 boolean. */
int st_debug_get(struct st_context *ctx, GLenum pname, int64_t *value);

/* glGetPointerv of GL_DEBUG_CALLBACK_FUNCTION / _USER_PARAM: true if handled. */
bool st_debug_get_pointer(struct st_context *ctx, GLenum pname, void **params);

/* Label arguments of glObjectLabel / glObjectPtrLabel: the label's length
 * (0 for a NULL label; with length >= 0, up to a NUL within it), or -1
 * after raising GL_INVALID_VALUE when it is not shorter than
 * GL_MAX_LABEL_LENGTH. */
long st_debug_label_length(struct st_context *ctx, GLsizei length, const char *label,
                           const char *where);

#endif
