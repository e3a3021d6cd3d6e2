/*
 * The GLSL front end's arena and info log (glsl_front.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_front.h"

/* ---- arena ------------------------------------------------------------ */

#define ARENA_ALIGN 16
#define ARENA_CHUNK ((size_t)64 << 10)

struct glsl_arena_chunk {
   struct glsl_arena_chunk *next;
   size_t size, used;
   _Alignas(ARENA_ALIGN) unsigned char data[];
};

void
glsl_arena_init(struct glsl_arena *a, size_t limit)
{
   memset(a, 0, sizeof *a);
   a->limit = limit ? limit : (size_t)256 << 20;
}

void
glsl_arena_finish(struct glsl_arena *a)
{
   struct glsl_arena_chunk *c = a->chunks;
   while (c) {
      struct glsl_arena_chunk *next = c->next;
      free(c);
      c = next;
   }
   a->chunks = NULL;
   a->used = 0;
}

static _Noreturn void
arena_fail(struct glsl_arena *a)
{
   if (!a->on_fail)
      abort();   /* a caller bug: allocation outside glsl_arena_run */
   longjmp(*a->on_fail, 1);
}

bool
glsl_arena_run(struct glsl_arena *a, void (*fn)(void *data), void *data)
{
   jmp_buf jb;
   jmp_buf *volatile prev = a->on_fail;
   a->on_fail = &jb;
   if (setjmp(jb) != 0) {
      a->on_fail = prev;
      return false;
   }
   fn(data);
   a->on_fail = prev;
   return true;
}

void *
glsl_alloc(struct glsl_arena *a, size_t size)
{
   size_t need = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
   if (need < size)
      arena_fail(a);
   struct glsl_arena_chunk *c = a->chunks;
   if (!c || c->size - c->used < need) {
      size_t csize = need > ARENA_CHUNK / 4 ? need : ARENA_CHUNK;
      if (csize > a->limit || a->used > a->limit - csize)
         arena_fail(a);
      c = malloc(sizeof *c + csize);
      if (!c)
         arena_fail(a);
      c->size = csize;
      c->used = 0;
      a->used += csize;
      if (csize == need && a->chunks) {
         /* a big block of its own: keep the current chunk in front */
         c->next = a->chunks->next;
         a->chunks->next = c;
      } else {
         c->next = a->chunks;
         a->chunks = c;
      }
   }
   void *p = c->data + c->used;
   c->used += need;
   memset(p, 0, need);
   return p;
}

void *
glsl_alloc_array(struct glsl_arena *a, size_t n, size_t size)
{
   size_t total;
   if (__builtin_mul_overflow(n, size, &total))
      arena_fail(a);
   return glsl_alloc(a, total);
}

void *
glsl_realloc_array(struct glsl_arena *a, void *old, size_t old_n, size_t new_n, size_t size)
{
   void *p = glsl_alloc_array(a, new_n, size);
   if (old && old_n)
      memcpy(p, old, (old_n < new_n ? old_n : new_n) * size);
   return p;
}

char *
glsl_strndup(struct glsl_arena *a, const char *s, size_t n)
{
   char *p = glsl_alloc(a, n + 1);
   memcpy(p, s, n);
   p[n] = '\0';
   return p;
}

char *
glsl_strdup(struct glsl_arena *a, const char *s)
{
   return glsl_strndup(a, s, strlen(s));
}

char *
glsl_printf(struct glsl_arena *a, const char *fmt, ...)
{
   va_list ap, ap2;
   va_start(ap, fmt);
   va_copy(ap2, ap);
   int n = vsnprintf(NULL, 0, fmt, ap);
   va_end(ap);
   if (n < 0) {
      va_end(ap2);
      arena_fail(a);
   }
   char *p = glsl_alloc(a, (size_t)n + 1);
   vsnprintf(p, (size_t)n + 1, fmt, ap2);
   va_end(ap2);
   return p;
}

/* ---- info log --------------------------------------------------------- */

void
glsl_log_init(struct glsl_log *log)
{
   memset(log, 0, sizeof *log);
   log->limit = (size_t)64 << 10;
}

void
glsl_log_finish(struct glsl_log *log)
{
   free(log->text);
   log->text = NULL;
   log->len = log->cap = 0;
}

/* Appends formatted text, keeping at most log->limit bytes (a log that
 * fills up says so once, and malloc failure only loses text). */
static void
log_vappend(struct glsl_log *log, const char *fmt, va_list ap)
{
   if (log->truncated)
      return;
   va_list ap2;
   va_copy(ap2, ap);
   int n = vsnprintf(NULL, 0, fmt, ap2);
   va_end(ap2);
   if (n < 0)
      return;
   size_t limit = log->limit ? log->limit : (size_t)64 << 10;
   if (log->len + (size_t)n > limit) {
      static const char more[] = "(more messages were left out)\n";
      log->truncated = true;
      fmt = "%s";
      n = (int)sizeof more - 1;
      if (log->len + (size_t)n + 1 > log->cap) {
         char *t = realloc(log->text, log->len + (size_t)n + 1);
         if (!t)
            return;
         log->text = t;
         log->cap = log->len + (size_t)n + 1;
      }
      memcpy(log->text + log->len, more, (size_t)n + 1);
      log->len += (size_t)n;
      return;
   }
   if (log->len + (size_t)n + 1 > log->cap) {
      size_t cap = log->cap ? log->cap : 256;
      while (cap < log->len + (size_t)n + 1)
         cap *= 2;
      char *t = realloc(log->text, cap);
      if (!t)
         return;
      log->text = t;
      log->cap = cap;
   }
   vsnprintf(log->text + log->len, (size_t)n + 1, fmt, ap);
   log->len += (size_t)n;
}

static void
log_append(struct glsl_log *log, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   log_vappend(log, fmt, ap);
   va_end(ap);
}

static void
log_message(struct glsl_log *log, struct glsl_loc loc, const char *kind, const char *fmt,
            va_list ap)
{
   log_append(log, "%u:%u(%u): %s: ", loc.source, loc.line, loc.column, kind);
   log_vappend(log, fmt, ap);
   log_append(log, "\n");
}

void
glsl_log_verror(struct glsl_log *log, struct glsl_loc loc, const char *fmt, va_list ap)
{
   log->errors++;
   log_message(log, loc, "error", fmt, ap);
}

void
glsl_log_error(struct glsl_log *log, struct glsl_loc loc, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   glsl_log_verror(log, loc, fmt, ap);
   va_end(ap);
}

void
glsl_log_warning(struct glsl_log *log, struct glsl_loc loc, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   log->warnings++;
   log_message(log, loc, "warning", fmt, ap);
   va_end(ap);
}

void
glsl_log_append(struct glsl_log *log, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   log_vappend(log, fmt, ap);
   va_end(ap);
}

const char *
glsl_log_text(const struct glsl_log *log)
{
   return log->text ? log->text : "";
}
