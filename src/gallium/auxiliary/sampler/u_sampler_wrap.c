/*
 * Wrap modes: texel-space coordinates to texel indices (GL 4.6 section
 * 8.14.2 for the core modes, GL 2.1 section 3.8.8 for GL_CLAMP,
 * EXT_texture_mirror_clamp for MIRROR_CLAMP / MIRROR_CLAMP_TO_BORDER).
 * An index outside [0, size) selects the border colour.
 */
#include "sampler/u_sampler_priv.h"

#include <math.h>

/* floor() into an int without overflow on huge or NaN inputs. */
static int
ifloor(float f)
{
   if (!(f == f))
      return 0;
   if (f >= 1.0e9f)
      return 1000000000;
   if (f <= -1.0e9f)
      return -1000000000;
   return (int)floorf(f);
}

static float
clampf(float f, float lo, float hi)
{
   if (!(f == f))
      return lo;
   return f < lo ? lo : (f > hi ? hi : f);
}

static int
clampi(int i, int lo, int hi)
{
   return i < lo ? lo : (i > hi ? hi : i);
}

static int
repeat(int i, int size)
{
   int m = i % size;
   return m < 0 ? m + size : m;
}

/* GL's mirrored repeat on an integer index. */
static int
mirror_repeat(int i, int size)
{
   int m = repeat(i, 2 * size);
   return m < size ? m : 2 * size - 1 - m;
}

/* GL's mirror(): a >= 0 ? a : -(1 + a). */
static int
mirror(int i)
{
   return i >= 0 ? i : -1 - i;
}

unsigned
u_sampler_wrap_unnormalized(unsigned wrap)
{
   switch (wrap) {
   case PIPE_TEX_WRAP_CLAMP:
   case PIPE_TEX_WRAP_CLAMP_TO_BORDER:
      return wrap;
   default:
      return PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   }
}

int
u_sampler_wrap_nearest(unsigned wrap, float u, int size)
{
   float fs = (float)size;
   switch (wrap) {
   case PIPE_TEX_WRAP_REPEAT:
      return repeat(ifloor(u), size);
   case PIPE_TEX_WRAP_CLAMP:
      return clampi(ifloor(clampf(u, 0.0f, fs)), 0, size - 1);
   case PIPE_TEX_WRAP_CLAMP_TO_BORDER:
      return ifloor(clampf(u, -0.5f, fs + 0.5f));
   case PIPE_TEX_WRAP_MIRROR_REPEAT:
      return mirror_repeat(ifloor(u), size);
   case PIPE_TEX_WRAP_MIRROR_CLAMP:
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
      return clampi(mirror(ifloor(u)), 0, size - 1);
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER:
      return mirror(ifloor(clampf(u, -fs - 0.5f, fs + 0.5f)));
   case PIPE_TEX_WRAP_CLAMP_TO_EDGE:
   default:
      return clampi(ifloor(u), 0, size - 1);
   }
}

void
u_sampler_wrap_linear(unsigned wrap, float u, int size, int *i0, int *i1, float *w)
{
   float fs = (float)size;
   switch (wrap) {
   case PIPE_TEX_WRAP_CLAMP:
      u = clampf(u, 0.0f, fs);
      break;
   case PIPE_TEX_WRAP_CLAMP_TO_BORDER:
      u = clampf(u, -0.5f, fs + 0.5f);
      break;
   case PIPE_TEX_WRAP_MIRROR_CLAMP:
      u = clampf(fabsf(u), 0.0f, fs);
      break;
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER:
      u = clampf(fabsf(u), 0.0f, fs + 0.5f);
      break;
   default:
      u = clampf(u, -1.0e9f, 1.0e9f);
      break;
   }
   float v = u - 0.5f;
   int a = ifloor(v);
   int b = a + 1;
   *w = v - floorf(v);
   switch (wrap) {
   case PIPE_TEX_WRAP_REPEAT:
      a = repeat(a, size);
      b = repeat(b, size);
      break;
   case PIPE_TEX_WRAP_MIRROR_REPEAT:
      a = mirror_repeat(a, size);
      b = mirror_repeat(b, size);
      break;
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
      a = clampi(mirror(a), 0, size - 1);
      b = clampi(mirror(b), 0, size - 1);
      break;
   case PIPE_TEX_WRAP_CLAMP:
   case PIPE_TEX_WRAP_CLAMP_TO_BORDER:
   case PIPE_TEX_WRAP_MIRROR_CLAMP:
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER:
      /* indices outside [0, size) are border texels */
      break;
   case PIPE_TEX_WRAP_CLAMP_TO_EDGE:
   default:
      a = clampi(a, 0, size - 1);
      b = clampi(b, 0, size - 1);
      break;
   }
   *i0 = a;
   *i1 = b;
}
