/*
 * Shared helpers for the pipe-level tests: a screen from the pipe-loader
 * on the null winsys, resource/surface shortcuts, and a CHECK macro that
 * counts failures.
 */
#ifndef PIPE_TEST_H
#define PIPE_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"

extern int pt_failures;

#define CHECK(cond, ...)                                               \
   do {                                                                \
      if (!(cond)) {                                                   \
         pt_failures++;                                                \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);          \
         fprintf(stderr, __VA_ARGS__);                                 \
         fprintf(stderr, "\n");                                        \
      }                                                                \
   } while (0)

struct pt {
   struct pipe_screen *screen;
   struct pipe_context *ctx;
};

/* refpipe through the pipe-loader on a null winsys; exits on failure. */
void pt_init(struct pt *);
void pt_fini(struct pt *);
/* 0 if no check failed, else 1 (with a summary on stderr). */
int pt_result(const char *name);

struct pipe_resource *pt_texture(struct pt *, enum pipe_texture_target, enum pipe_format,
                                 unsigned w, unsigned h, unsigned depth, unsigned layers,
                                 unsigned last_level, unsigned bind);
struct pipe_resource *pt_buffer(struct pt *, unsigned size, unsigned bind);
struct pipe_surface *pt_surface(struct pt *, struct pipe_resource *, unsigned level,
                                unsigned first_layer, unsigned last_layer);
/* Bind nr colour surfaces and zs (either may be NULL) as the framebuffer. */
void pt_framebuffer(struct pt *, struct pipe_surface **cbufs, unsigned nr,
                    struct pipe_surface *zs, unsigned w, unsigned h);

/* Fill a whole level/layer range with one byte value (through a map). */
void pt_fill(struct pt *, struct pipe_resource *, unsigned level, uint8_t value);
/* Copy texel (x, y, z) of a level into out (block size bytes). */
void pt_read_texel(struct pt *, struct pipe_resource *, unsigned level, unsigned x, unsigned y,
                   unsigned z, uint8_t *out);

/* What a piece of code writes to stderr: pt_stderr_begin() sends file
 * descriptor 2 to a temporary file (false if it cannot), pt_stderr_end()
 * restores it and copies up to size - 1 bytes of what was written into
 * text (NUL-terminated), returning how many bytes were written in all. */
struct pt_stderr {
   FILE *log;
   int saved;
};
bool pt_stderr_begin(struct pt_stderr *);
size_t pt_stderr_end(struct pt_stderr *, char *text, size_t size);

#endif
