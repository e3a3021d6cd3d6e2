/*
 * 4x4 matrix helpers (u_matrix.h).
 */
#include <math.h>

#include "u_matrix.h"

bool
u_mat4_inverse(const float m[16], double inv[16], double min_pivot, bool nan_singular)
{
   double a[4][8];
   for (unsigned r = 0; r < 4; r++)
      for (unsigned c = 0; c < 4; c++) {
         a[r][c] = m[c * 4 + r];
         a[r][c + 4] = r == c;
      }
   for (unsigned c = 0; c < 4; c++) {
      unsigned p = c;
      for (unsigned r = c + 1; r < 4; r++)
         if (fabs(a[r][c]) > fabs(a[p][c]))
            p = r;
      double mag = fabs(a[p][c]);
      if (mag < min_pivot || (nan_singular && mag != mag))
         return false;
      if (p != c)
         for (unsigned k = 0; k < 8; k++) {
            double t = a[c][k];
            a[c][k] = a[p][k];
            a[p][k] = t;
         }
      double piv = a[c][c];
      for (unsigned k = 0; k < 8; k++)
         a[c][k] /= piv;
      for (unsigned r = 0; r < 4; r++)
         if (r != c) {
            double f = a[r][c];
            for (unsigned k = 0; k < 8; k++)
               a[r][k] -= f * a[c][k];
         }
   }
   for (unsigned r = 0; r < 4; r++)
      for (unsigned c = 0; c < 4; c++)
         inv[c * 4 + r] = a[r][c + 4];
   return true;
}
