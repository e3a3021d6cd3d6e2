/*
 * 4x4 matrix helpers shared by the GL state tracker and the program
 * compilers.  Matrices are column-major float[16], as GL stores them.
 */
#ifndef U_MATRIX_H
#define U_MATRIX_H

#include <stdbool.h>

/*
 * The inverse of m, in double precision (Gauss-Jordan elimination with
 * partial pivoting), column-major in inv.  False (inv unspecified) when m
 * is singular: a pivot of magnitude below min_pivot, or a NaN pivot when
 * nan_singular (callers differ in what they call singular: the exact-zero
 * test `!(|p| > 0)` is min_pivot DBL_TRUE_MIN with nan_singular).
 */
bool u_mat4_inverse(const float m[16], double inv[16], double min_pivot, bool nan_singular);

#endif
