/*
 * The GLSL parser: the preprocessor's output -> an AST (glsl_ast.h).
 *
 * Recursive descent over the whole token list (lexed up front, so that
 * declarations and expressions can be told apart by looking ahead: `S s;`
 * against `S(1.0);`, `float[2] a;` against `float[2](a, b);`).  Struct
 * names are tracked by scope while parsing, because whether an identifier
 * names a type decides the parse.
 *
 * The grammar is GLSL 4.60's, with constructs gated by version where the
 * grammar itself differs (interface blocks, initializer lists, ...); the
 * rules that are not grammar (qualifier order, which qualifiers a
 * declaration may have, types) are semantics' (glsl_sema.c).  The first
 * syntax error ends the parse: "syntax error, unexpected X, expecting Y".
 */
#ifndef COMPILER_GLSL_GLSL_PARSER_H
#define COMPILER_GLSL_GLSL_PARSER_H

#include "glsl_ast.h"

/* Deepest nesting of expressions and statements (an error beyond it, so
 * that hostile input cannot overflow the stack). */
#define GLSL_PARSER_MAX_DEPTH 256

/*
 * Parses text[0..len) (preprocessed) into a translation unit; NULL after a
 * syntax error (logged).  extensions: NULL or a NULL-terminated list of
 * enabled extensions (their keywords).  Allocates from the arena: call it
 * inside glsl_arena_run.
 */
struct glsl_ast_unit *glsl_parse(struct glsl_arena *a, struct glsl_log *log, const char *text,
                                 size_t len, struct glsl_version version,
                                 enum glsl_stage stage, const char *const *extensions);

#endif
