/*
 * The GLSL front end: what every stage shares.  The stages, one file each
 * (docs/glsl.md):
 *
 *   glsl_pp.c       preprocessor: source strings -> expanded text, #version,
 *                   #extension, #pragma
 *   glsl_lexer.c    lexer: expanded text -> tokens (keywords and reserved
 *                   words per version)
 *   glsl_types.c    the type system (scalars ... structs, arrays)
 *   (to come: glsl_parser.c, glsl_sema.c, glsl_builtins.c, glsl_link.c,
 *    glsl_lower.c)
 *
 * Memory: everything a compilation makes lives in one glsl_arena, freed at
 * once, so no input can leak.  Running out of the arena's budget (or of
 * memory) jumps back to the compilation's entry (glsl_arena_run), which
 * reports "out of memory" in the info log: no stage checks for NULL.
 *
 * Diagnostics go to a glsl_log as "SOURCE:LINE(COLUMN): error: message",
 * the form GL drivers use in info logs.
 *
 * Nothing here is global: a compilation's state is its arena, log and the
 * stage objects it makes.
 */
#ifndef COMPILER_GLSL_GLSL_FRONT_H
#define COMPILER_GLSL_GLSL_FRONT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(x) (sizeof(x) / sizeof((x)[0]))
#endif

/* ---- language versions and stages ------------------------------------ */

/* A language version: number 110, 120, 130 ... 460 (desktop) or 100, 300,
 * 310, 320 (es).  Tables are gated by these (glsl_version_at_least). */
struct glsl_version {
   uint16_t number;
   bool es;
};

static inline bool
glsl_version_at_least(struct glsl_version v, unsigned desktop, unsigned es)
{
   /* 0 for the other language: never */
   unsigned need = v.es ? es : desktop;
   return need != 0 && v.number >= need;
}

enum glsl_stage {
   GLSL_STAGE_VERTEX,
   GLSL_STAGE_FRAGMENT,
   GLSL_STAGE_GEOMETRY,
   GLSL_STAGE_TESS_CTRL,
   GLSL_STAGE_TESS_EVAL,
   GLSL_STAGE_COMPUTE,
   GLSL_NUM_STAGES,
};

/* Precision qualifiers (ES; accepted and ignored by desktop GLSL 1.30+). */
enum glsl_precision {
   GLSL_PRECISION_NONE,
   GLSL_PRECISION_LOW,
   GLSL_PRECISION_MEDIUM,
   GLSL_PRECISION_HIGH,
};

/* ---- source locations ------------------------------------------------- */

/* source: the source-string number (#line's second operand, __FILE__);
 * line: 1-based (#line N makes the next line N); column: 1-based, in
 * bytes of the line as the preprocessor saw it. */
struct glsl_loc {
   uint32_t source;
   uint32_t line;
   uint32_t column;
};

/* ---- the arena -------------------------------------------------------- */

struct glsl_arena_chunk;

struct glsl_arena {
   struct glsl_arena_chunk *chunks;
   size_t used, limit;     /* bytes handed out (chunk granularity), budget */
   jmp_buf *on_fail;       /* where allocation failure jumps (glsl_arena_run) */
};

/* An empty arena that may hand out up to limit bytes (0: 256 MiB). */
void glsl_arena_init(struct glsl_arena *a, size_t limit);
/* Frees everything the arena handed out. */
void glsl_arena_finish(struct glsl_arena *a);

/* Zeroed memory, aligned for any type.  Never returns NULL: on failure it
 * longjmps to the innermost glsl_arena_run (abort outside one). */
void *glsl_alloc(struct glsl_arena *a, size_t size);
/* n elements of size bytes (overflow is a failure). */
void *glsl_alloc_array(struct glsl_arena *a, size_t n, size_t size);
/* A copy of old_n elements grown to new_n (new ones zeroed). */
void *glsl_realloc_array(struct glsl_arena *a, void *old, size_t old_n, size_t new_n,
                         size_t size);
char *glsl_strndup(struct glsl_arena *a, const char *s, size_t n);
char *glsl_strdup(struct glsl_arena *a, const char *s);
char *glsl_printf(struct glsl_arena *a, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

/*
 * Runs fn(data) with arena failures caught: true when fn returned, false
 * when an allocation inside it failed (what it allocated stays in the
 * arena until glsl_arena_finish).  Nesting restores the outer handler.
 * Only arena memory may be live across the jump: fn must hold no malloc'd
 * pointer or open file while it allocates.
 */
bool glsl_arena_run(struct glsl_arena *a, void (*fn)(void *data), void *data);

/* ---- the info log ----------------------------------------------------- */

struct glsl_log {
   char *text;             /* NUL-terminated; malloc'd (outlives the arena) */
   size_t len, cap;
   size_t limit;           /* bytes kept (0: 64 KiB); the rest is counted only */
   unsigned errors, warnings;
   bool truncated;
};

void glsl_log_init(struct glsl_log *log);
void glsl_log_finish(struct glsl_log *log);
/* "S:L(C): error: message\n" */
void glsl_log_error(struct glsl_log *log, struct glsl_loc loc, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));
/* "S:L(C): warning: message\n" */
void glsl_log_warning(struct glsl_log *log, struct glsl_loc loc, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));
void glsl_log_verror(struct glsl_log *log, struct glsl_loc loc, const char *fmt, va_list ap);
/* Plain text (link errors have no location). */
void glsl_log_append(struct glsl_log *log, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));
/* The text so far ("" when empty; never NULL). */
const char *glsl_log_text(const struct glsl_log *log);

#endif
