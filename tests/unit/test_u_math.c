/* src/util/u_math.h and u_unaligned.h: checked arithmetic, ranges, unaligned access. */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "unit_check.h"
#include "util/u_math.h"
#include "util/u_unaligned.h"

int
main(void)
{
   int r;
   CHECK(!u_add_ovf_int(2, 3, &r) && r == 5, "2+3");
   CHECK(u_add_ovf_int(INT_MAX, 1, &r), "INT_MAX+1 must overflow");
   CHECK(u_add_ovf_int(INT_MIN, -1, &r), "INT_MIN-1 (add) must overflow");
   CHECK(!u_add_ovf_int(INT_MAX, INT_MIN, &r) && r == -1, "INT_MAX+INT_MIN = -1");
   CHECK(u_sub_ovf_int(INT_MIN, 1, &r), "INT_MIN-1 must overflow");
   CHECK(!u_sub_ovf_int(-5, 7, &r) && r == -12, "-5-7");
   CHECK(u_mul_ovf_int(65536, 32768, &r), "2^31 must overflow");
   CHECK(!u_mul_ovf_int(-65536, 32768, &r) && r == INT_MIN, "-2^31 fits");

   size_t s;
   CHECK(u_mul_ovf_size(SIZE_MAX / 2 + 1, 2, &s), "size overflow");
   CHECK(!u_mul3_ovf_size(1024, 1024, 4, &s) && s == 4u << 20, "4 MiB");
   CHECK(u_mul3_ovf_size(SIZE_MAX / 3, 2, 2, &s), "size3 overflow");
   CHECK(u_add_ovf_size(SIZE_MAX, 1, &s), "size add overflow");

   CHECK(u_neg_sat_i32(INT32_MIN) == INT32_MAX, "neg INT_MIN");
   CHECK(u_neg_sat_i32(-7) == 7 && u_neg_sat_i32(INT32_MAX) == -INT32_MAX, "neg");
   CHECK(u_sat_int((int64_t)INT_MAX + 5) == INT_MAX, "sat high");
   CHECK(u_sat_int((int64_t)INT_MIN - 5) == INT_MIN, "sat low");
   CHECK(u_sat_int(-3) == -3, "sat mid");

   CHECK(u_range_inside(0, 4, 4), "whole");
   CHECK(u_range_inside(4, 0, 4), "empty at end");
   CHECK(!u_range_inside(5, 0, 4), "empty past end");
   CHECK(!u_range_inside(-1, 1, 4), "negative offset");
   CHECK(!u_range_inside(1, -1, 4), "negative length");
   CHECK(!u_range_inside(INT_MAX, 65536, 64), "INT_MAX offset");
   CHECK(!u_range_inside(1, INT64_MAX, 4), "huge length");

   int64_t a = -10, b = 20;
   CHECK(u_clip_span(&a, &b, 0, 8) && a == 0 && b == 8, "clip both sides: %lld %lld",
         (long long)a, (long long)b);
   a = INT_MAX - 1; b = (int64_t)INT_MAX + 3;
   CHECK(!u_clip_span(&a, &b, 0, 64) && a == b, "clip outside");

   unsigned char buf[16];
   memset(buf, 0, sizeof buf);
   u_store_u16(buf + 1, 0xbeef);
   CHECK(buf[1] == 0xef && buf[2] == 0xbe, "u16 store little-endian");
   CHECK(u_load_u16(buf + 1) == 0xbeef, "u16 load");
   u_store_f32(buf + 3, 1.5f);
   CHECK(u_load_f32(buf + 3) == 1.5f, "f32 load");
   u_store_i32(buf + 7, -2);
   CHECK(u_load_i32(buf + 7) == -2 && u_load_u32(buf + 7) == 0xfffffffeu, "i32");
   u_store_f64(buf + 5, -0.25);
   CHECK(u_load_f64(buf + 5) == -0.25, "f64");
   u_store_i16(buf + 13, -300);
   CHECK(u_load_i16(buf + 13) == -300, "i16");
   return unit_check_finish("u_math");
}
