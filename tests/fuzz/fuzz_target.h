/*
 * Shared by the libFuzzer targets (fuzz_glsl.c, fuzz_arbprog.c; see
 * docs/testing.md, "libFuzzer targets"): the entry point libFuzzer calls,
 * and how an oracle reports a finding.  In a clang build the targets link
 * libFuzzer's main; elsewhere fuzz_replay.c's main runs files through the
 * same entry point.
 */
#ifndef TESTS_FUZZ_FUZZ_TARGET_H
#define TESTS_FUZZ_FUZZ_TARGET_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Inputs longer than this are ignored (1 MiB: larger sources only make
 * executions slower, not different). */
#define FUZZ_MAX_INPUT ((size_t)1 << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An oracle failed: say which and abort (libFuzzer saves the input as a
 * crash-* artifact; the replay runner dies by SIGABRT). */
static inline _Noreturn void
fuzz_fail(const char *what, const char *detail)
{
   fprintf(stderr, "FUZZ FINDING: %s\n%s%s", what, detail,
           detail[0] ? "\n" : "");
   fflush(stderr);
   abort();
}

#endif
