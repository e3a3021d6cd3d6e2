/*
 * Debug options from environment variables.  No global state: callers
 * parse once and keep the result in their screen or context object.
 */
#ifndef UTIL_U_DEBUG_H
#define UTIL_U_DEBUG_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct pony_debug_flag {
   const char *name;     /* "api" */
   uint64_t flag;
   const char *desc;     /* one line, for PONY_DEBUG=help */
};

/*
 * Parse a comma/space/colon separated list of names from getenv(env) into
 * flag bits ("all" sets every flag in the table; unknown names are
 * reported on stderr once per call; "help" prints the table).
 * A table ends with a { NULL, 0, NULL } entry.
 */
uint64_t pony_debug_parse(const char *env, const struct pony_debug_flag *table);

/* getenv(env) as a boolean ("1", "true", "yes", "on"); dflt if unset. */
bool pony_env_bool(const char *env, bool dflt);

/* getenv(env) as an integer; dflt if unset or not a number. */
long pony_env_int(const char *env, long dflt);

/* printf to stderr with a "pony: <module>: " prefix and a newline. */
void pony_log(const char *module, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The PONY_DEBUG flags known everywhere (each module tests its own bit). */
#define PONY_DEBUG_API     (1ull << 0)   /* name unimplemented GL entry points, GL errors */
#define PONY_DEBUG_LOADER  (1ull << 1)   /* pipe-loader's choice and failures */
#define PONY_DEBUG_DRI     (1ull << 2)   /* DRI calls from Mesa's loaders */
#define PONY_DEBUG_STATE   (1ull << 3)   /* state validation in the GL state tracker */
#define PONY_DEBUG_DRIVER  (1ull << 4)   /* pipe driver internals */
#define PONY_DEBUG_ERRORS  (1ull << 5)   /* print every GL error raised */
#define PONY_DEBUG_SHADER  (1ull << 6)   /* GLSL compile and link failures with their logs */
#define PONY_DEBUG_BUFMGR  (1ull << 7)   /* GEM buffer manager: failures, counters at teardown */
#define PONY_DEBUG_JIT     (1ull << 8)   /* jitpipe: shaders compiled or refused, counters */
#define PONY_DEBUG_EGL     (1ull << 9)   /* the EGL vendor library: calls and their errors */
#define PONY_DEBUG_GLX     (1ull << 10)  /* the GLX vendor library: calls and their errors */
#define PONY_DEBUG_TGSI    (1ull << 11)  /* virgl: each shader's TGSI text */

extern const struct pony_debug_flag pony_debug_flags[];   /* const table, not state */

/* pony_debug_parse("PONY_DEBUG", pony_debug_flags) */
uint64_t pony_debug_get(void);

#ifdef __cplusplus
}
#endif

#endif
