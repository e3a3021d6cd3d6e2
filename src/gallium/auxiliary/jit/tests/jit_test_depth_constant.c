/*
 * pony_jit_fs_depth_constant (jit_fs.h): when it says a primitive has one
 * depth, the plane evaluated as the fused function and swpipe evaluate it
 * (double: z0 + dzdx (x - ox) + dzdy (y - oy), rounded to float) gives
 * (float)z0 at every pixel of the surface, sampled at its centre or its
 * corner.  Random
 * planes: constant ones whose slopes come from a plane set up in double
 * (tiny, nonzero), ones right at a float's rounding boundary, and sloped
 * ones (which it must refuse when some pixel differs, and does refuse when
 * the slope is large).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "jit_fs.h"

static uint32_t rng = 777;

static double
drand(void)
{
   rng = rng * 1664525u + 1013904223u;
   return (double)(rng >> 8) / 16777216.0;
}

/* every pixel of w x h, sampled at its corner or its centre, gives (float)z0 */
static bool
all_same(const struct pony_jit_fs_quads *q, unsigned w, unsigned h)
{
   float f = (float)q->zplane[0];
   for (unsigned y = 0; y < h; y++)
      for (unsigned x = 0; x < w; x++)
         for (unsigned o = 0; o < 2; o++) {
            double rx = (double)x + 0.5 * o - q->ox, ry = (double)y + 0.5 * o - q->oy;
            double z = q->zplane[0] + q->zplane[1] * rx + q->zplane[2] * ry;
            if ((float)z != f)
               return false;
         }
   return true;
}

int
main(void)
{
   unsigned claimed = 0, refused_sloped = 0, wrong = 0, n = 20000;
   const unsigned w = 61, h = 47;
   for (unsigned i = 0; i < n; i++) {
      struct pony_jit_fs_quads q = { 0 };
      q.ox = drand() * w;
      q.oy = drand() * h;
      float f = (float)(drand() * 1.2);
      double z0 = f;
      switch (i % 4) {
      case 0:   /* constant: slopes of rounding size */
         q.zplane[1] = (drand() - 0.5) * 1e-16;
         q.zplane[2] = (drand() - 0.5) * 1e-16;
         break;
      case 1:   /* near the rounding boundary of f */
         z0 = ((double)nextafterf(f, INFINITY) + f) * 0.5 - drand() * 1e-12;
         q.zplane[1] = (drand() - 0.5) * 1e-15;
         q.zplane[2] = (drand() - 0.5) * 1e-15;
         break;
      case 2:   /* slopes of a float ulp over the surface */
         q.zplane[1] = (drand() - 0.5) * 1e-9;
         q.zplane[2] = (drand() - 0.5) * 1e-9;
         break;
      default:  /* sloped */
         q.zplane[1] = (drand() - 0.5) * 1e-3;
         q.zplane[2] = (drand() - 0.5) * 1e-3;
         break;
      }
      q.zplane[0] = z0;
      bool c = pony_jit_fs_depth_constant(&q, w, h);
      bool same = all_same(&q, w, h);
      if (c && !same) {
         if (wrong++ < 5)
            fprintf(stderr, "FAIL: case %u claimed one depth: z0 %.17g slopes %g %g\n", i,
                    z0, q.zplane[1], q.zplane[2]);
      }
      claimed += c;
      if (i % 4 == 3 && !c)
         refused_sloped++;
   }
   /* most constant planes are found (the function is of use) */
   bool ok = wrong == 0 && claimed >= n / 4 && refused_sloped == n / 4;
   struct pony_jit_fs_quads zero = { 0 };
   ok = ok && !pony_jit_fs_depth_constant(&zero, w, h);   /* depth 0: never */
   zero.zplane[0] = NAN;
   ok = ok && !pony_jit_fs_depth_constant(&zero, w, h);
   printf("depth_constant: %u of %u planes claimed, %u wrongly; sloped refused %u of %u: %s\n",
          claimed, n, wrong, refused_sloped, n / 4, ok ? "ok" : "FAIL");
   return ok ? 0 : 1;
}
