/*
 * U_MULTIVERSION: a hot C function also compiled for x86-64-v3 (AVX2) and
 * x86-64-v4 (AVX-512), the best version picked when the library is loaded
 * (GCC's target_clones; an ifunc resolver reads the CPU's features).  The
 * vectorised loops of such a function then work on 8 or 16 lanes instead
 * of SSE2's 4.  Static helpers it calls stay baseline code unless they are
 * inlined into it (always_inline).
 *
 * A module using it builds with -ffp-contract=off: no version may fuse a
 * multiply and an add that the others round twice, so every version gives
 * the same bits (refpipe's pictures must not depend on the CPU).
 * Elsewhere (clang, other architectures) the macro is empty.
 */
#ifndef U_MULTIVERSION_H
#define U_MULTIVERSION_H

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__)
#define U_MULTIVERSION __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define U_MULTIVERSION
#endif

#endif
