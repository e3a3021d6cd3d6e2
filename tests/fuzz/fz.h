/*
 * The GL-API fuzzer (see docs/testing.md, "GL-API fuzzer"): shared
 * declarations of the runner (gl_fuzz.c: seeds, forks, findings, replay,
 * minimiser, case writer), the child that makes the calls (fz_child.c) and
 * the client-memory sizing rules (fz_size.c).
 */
#ifndef TESTS_FUZZ_FZ_H
#define TESTS_FUZZ_FZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fz_table.h"

/* Child exit codes (the sanitizers' are set in their *_OPTIONS). */
#define FZ_EXIT_OK       0
#define FZ_EXIT_FINDING  3    /* an oracle failed: an "F" record says which */
#define FZ_EXIT_SLOW     4    /* a call ran over the time limit */
#define FZ_EXIT_SETUP    5    /* no display, config or context */
#define FZ_EXIT_ASAN     86
#define FZ_EXIT_UBSAN    87

/* Vertices every fuzzer-owned client array holds (see fz_child.c). */
#define FZ_ARRAY_VERTS 256
/* Largest client buffer the fuzzer allocates; a call that would need more
 * is skipped (recorded as a comment). */
#define FZ_MAX_CLIENT ((int64_t)1 << 30)
/* Largest array sized by a count parameter (len="n", "count", ...); larger
 * calls are skipped: they legitimately take time proportional to it. */
#define FZ_MAX_ARRAY ((int64_t)256 << 10)
/* Elements of the buffer a getter's output count is probed with. */
#define FZ_PROBE_ELEMS 8192

struct fz_opts {
   unsigned api;                /* FZ_API_GL or FZ_API_GLES1 */
   unsigned calls;              /* steps per seed */
   unsigned limit_ms;           /* time limit per call: CPU time of the process */
   bool wall_clock;             /* limit_ms is wall time instead (--wall-clock) */
   unsigned snapshot_every;     /* state snapshot before every Nth call (0: never) */
   int trace_fd;                /* child records (see fz_child.c), -1: none */
   bool verbose;                /* print each call as C on stdout (replay) */
   const char *expect_renderer; /* fail setup unless GL_RENDERER contains it */
   const unsigned *steps;       /* step ids to run, NULL: 0 .. calls-1 */
   unsigned nsteps;
   const unsigned *skip;        /* calls left out: step << 16 | call within the step */
   unsigned nskip;
};

/* Runs one seed in this process; returns an FZ_EXIT_* code. */
int fz_child_run(const struct fz_opts *o, uint64_t seed);

/* Command table helpers. */
int fz_find_cmd(const char *name);
const char *fz_enum_name(uint32_t value);
unsigned fz_type_size(enum fz_type t);

/* ---- client memory sizing (fz_size.c) ---- */

/* Pixel-store state that decides how many bytes an image occupies. */
struct fz_pixelstore {
   int64_t row_length, skip_rows, skip_pixels, alignment, image_height, skip_images;
};

/* Bytes a w x h x d image of format/type occupies in client memory under
 * 'ps' (GL 2.1, 3.6.4 and 4.3.2); 0 when format/type are not a pixel
 * format and type (the call must fail without touching memory) or a size
 * is <= 0; -1 when it does not fit in int64. */
int64_t fz_image_bytes(const struct fz_pixelstore *ps, uint32_t format, uint32_t type,
                       int64_t w, int64_t h, int64_t d, bool three_d);

/* Values a setter's COMPSIZE(pname) array holds (1 for unknown pnames). */
unsigned fz_pname_count(uint32_t pname);

/* Components of an evaluator map target (0: not a map target). */
unsigned fz_map_components(uint32_t target);

/* Bytes of one glCallLists / glDrawElements element of 'type' (0: none). */
unsigned fz_list_type_size(uint32_t type);
unsigned fz_index_type_size(uint32_t type);

/* Bytes of one component of a vertex array of 'type' (0: not a type). */
unsigned fz_array_type_size(uint32_t type);

/* Vertex size in bytes of glInterleavedArrays' format (0: not a format). */
unsigned fz_interleaved_size(uint32_t format);

#endif
