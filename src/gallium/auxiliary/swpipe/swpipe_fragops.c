/*
 * Per-fragment arithmetic: comparisons (alpha, depth, stencil tests),
 * stencil operations, blend equations and factors, logic operations.
 */
#include "swpipe_fragops.h"

bool
swpipe_compare(unsigned func, double a, double b)
{
   switch (func) {
   case PIPE_FUNC_NEVER:    return false;
   case PIPE_FUNC_LESS:     return a < b;
   case PIPE_FUNC_EQUAL:    return a == b;
   case PIPE_FUNC_LEQUAL:   return a <= b;
   case PIPE_FUNC_GREATER:  return a > b;
   case PIPE_FUNC_NOTEQUAL: return a != b;
   case PIPE_FUNC_GEQUAL:   return a >= b;
   case PIPE_FUNC_ALWAYS:   return true;
   default:                 return false;
   }
}

uint8_t
swpipe_stencil_op(unsigned op, uint8_t value, uint8_t ref)
{
   switch (op) {
   case PIPE_STENCIL_OP_KEEP:      return value;
   case PIPE_STENCIL_OP_ZERO:      return 0;
   case PIPE_STENCIL_OP_REPLACE:   return ref;
   case PIPE_STENCIL_OP_INCR:      return value == 0xff ? 0xff : (uint8_t)(value + 1);
   case PIPE_STENCIL_OP_DECR:      return value == 0 ? 0 : (uint8_t)(value - 1);
   case PIPE_STENCIL_OP_INCR_WRAP: return (uint8_t)(value + 1);
   case PIPE_STENCIL_OP_DECR_WRAP: return (uint8_t)(value - 1);
   case PIPE_STENCIL_OP_INVERT:    return (uint8_t)~value;
   default:                        return value;
   }
}

/* Factor for component c (0-2 colour, 3 alpha). */
static float
factor(unsigned f, unsigned c, const float src[4], const float src1[4], const float dst[4],
       const float constant[4])
{
   switch (f) {
   case PIPE_BLENDFACTOR_ONE:              return 1.0f;
   case PIPE_BLENDFACTOR_ZERO:             return 0.0f;
   case PIPE_BLENDFACTOR_SRC_COLOR:        return src[c];
   case PIPE_BLENDFACTOR_INV_SRC_COLOR:    return 1.0f - src[c];
   case PIPE_BLENDFACTOR_SRC_ALPHA:        return src[3];
   case PIPE_BLENDFACTOR_INV_SRC_ALPHA:    return 1.0f - src[3];
   case PIPE_BLENDFACTOR_DST_COLOR:        return dst[c];
   case PIPE_BLENDFACTOR_INV_DST_COLOR:    return 1.0f - dst[c];
   case PIPE_BLENDFACTOR_DST_ALPHA:        return dst[3];
   case PIPE_BLENDFACTOR_INV_DST_ALPHA:    return 1.0f - dst[3];
   case PIPE_BLENDFACTOR_CONST_COLOR:      return constant[c];
   case PIPE_BLENDFACTOR_INV_CONST_COLOR:  return 1.0f - constant[c];
   case PIPE_BLENDFACTOR_CONST_ALPHA:      return constant[3];
   case PIPE_BLENDFACTOR_INV_CONST_ALPHA:  return 1.0f - constant[3];
   case PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE:
      if (c == 3)
         return 1.0f;
      return src[3] < 1.0f - dst[3] ? src[3] : 1.0f - dst[3];
   case PIPE_BLENDFACTOR_SRC1_COLOR:       return src1[c];
   case PIPE_BLENDFACTOR_INV_SRC1_COLOR:   return 1.0f - src1[c];
   case PIPE_BLENDFACTOR_SRC1_ALPHA:       return src1[3];
   case PIPE_BLENDFACTOR_INV_SRC1_ALPHA:   return 1.0f - src1[3];
   default:                                return 0.0f;
   }
}

static float
equation(unsigned func, float s, float sf, float d, float df)
{
   switch (func) {
   case PIPE_BLEND_ADD:              return s * sf + d * df;
   case PIPE_BLEND_SUBTRACT:         return s * sf - d * df;
   case PIPE_BLEND_REVERSE_SUBTRACT: return d * df - s * sf;
   case PIPE_BLEND_MIN:              return s < d ? s : d;   /* factors unused */
   case PIPE_BLEND_MAX:              return s > d ? s : d;
   default:                          return s;
   }
}

void
swpipe_blend(const struct pipe_rt_blend_state *rt, const float src[4], const float src1[4],
              const float dst[4], const float constant[4], float out[4])
{
   for (unsigned c = 0; c < 4; c++) {
      unsigned fs = c < 3 ? rt->rgb_src_factor : rt->alpha_src_factor;
      unsigned fd = c < 3 ? rt->rgb_dst_factor : rt->alpha_dst_factor;
      unsigned fn = c < 3 ? rt->rgb_func : rt->alpha_func;
      out[c] = equation(fn, src[c], factor(fs, c, src, src1, dst, constant), dst[c],
                        factor(fd, c, src, src1, dst, constant));
   }
}

uint32_t
swpipe_logicop(unsigned op, uint32_t s, uint32_t d)
{
   switch (op) {
   case PIPE_LOGICOP_CLEAR:         return 0;
   case PIPE_LOGICOP_AND:           return s & d;
   case PIPE_LOGICOP_AND_REVERSE:   return s & ~d;
   case PIPE_LOGICOP_COPY:          return s;
   case PIPE_LOGICOP_AND_INVERTED:  return ~s & d;
   case PIPE_LOGICOP_NOOP:          return d;
   case PIPE_LOGICOP_XOR:           return s ^ d;
   case PIPE_LOGICOP_OR:            return s | d;
   case PIPE_LOGICOP_NOR:           return ~(s | d);
   case PIPE_LOGICOP_EQUIV:         return ~(s ^ d);
   case PIPE_LOGICOP_INVERT:        return ~d;
   case PIPE_LOGICOP_OR_REVERSE:    return s | ~d;
   case PIPE_LOGICOP_COPY_INVERTED: return ~s;
   case PIPE_LOGICOP_OR_INVERTED:   return ~s | d;
   case PIPE_LOGICOP_NAND:          return ~(s & d);
   case PIPE_LOGICOP_SET:           return ~0u;
   default:                         return s;
   }
}

static bool
is_src1(unsigned f)
{
   return f >= PIPE_BLENDFACTOR_SRC1_COLOR && f <= PIPE_BLENDFACTOR_INV_SRC1_ALPHA;
}

bool
swpipe_blend_uses_src1(const struct pipe_rt_blend_state *rt)
{
   return rt->blend_enable &&
          (is_src1(rt->rgb_src_factor) || is_src1(rt->rgb_dst_factor) ||
           is_src1(rt->alpha_src_factor) || is_src1(rt->alpha_dst_factor));
}
