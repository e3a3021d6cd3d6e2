/*
 * The state-query conversions (api_get.c) and the glEnable table.
 */
#include "api/api.h"
#include "st_test_util.h"

int
main(void)
{
   /* float -> int: round to nearest, clamp */
   CHECK_EQ_INT(st_get_float_to_int(1.4), 1);
   CHECK_EQ_INT(st_get_float_to_int(1.5), 2);
   CHECK_EQ_INT(st_get_float_to_int(-1.5), -1);
   CHECK_EQ_INT(st_get_float_to_int(-1.6), -2);
   CHECK_EQ_INT(st_get_float_to_int(1e20), 2147483647);
   CHECK_EQ_INT(st_get_float_to_int(-1e20), -2147483647LL - 1);
   CHECK_EQ_INT(st_get_float_to_int(0.0 / 0.0), 0);

   /* normalized -> int: [-1, 1] onto the whole range */
   CHECK_EQ_INT(st_get_norm_to_int(1.0), 2147483647);
   CHECK_EQ_INT(st_get_norm_to_int(-1.0), -2147483647LL - 1);
   CHECK_EQ_INT(st_get_norm_to_int(0.0), 0);
   CHECK_EQ_INT(st_get_norm_to_int(0.5), 1073741823);   /* (4294967295 * .5 - 1) / 2 = 1073741823.25 */
   CHECK_EQ_INT(st_get_norm_to_int(2.0), 2147483647);

   /* booleans */
   CHECK_EQ_INT(st_get_float_to_bool(0.0), GL_FALSE);
   CHECK_EQ_INT(st_get_float_to_bool(0.001), GL_TRUE);
   CHECK_EQ_INT(st_get_float_to_bool(-2.0), GL_TRUE);
   CHECK_EQ_INT(st_get_int_to_bool(0), GL_FALSE);
   CHECK_EQ_INT(st_get_int_to_bool(-5), GL_TRUE);
   CHECK_EQ_INT(st_get_int_to_bool(1LL << 40), GL_TRUE);

   /* the capability table */
   CHECK_EQ_INT(st_cap_lookup(GL_SCISSOR_TEST), ST_CAP_SCISSOR_TEST);
   CHECK_EQ_INT(st_cap_lookup(GL_LIGHT3), ST_CAP_LIGHT0 + 3);
   CHECK_EQ_INT(st_cap_lookup(GL_CLIP_PLANE5), ST_CAP_CLIP_PLANE0 + 5);
   CHECK_EQ_INT(st_cap_lookup(GL_DITHER), ST_CAP_DITHER);
   CHECK_EQ_INT(st_cap_lookup(GL_VERTEX_ARRAY), ST_CAP_CLIENT);
   CHECK_EQ_INT(st_cap_lookup(GL_TEXTURE_ENV), ST_CAP_NONE);
   CHECK_EQ_INT(st_cap_lookup(0), ST_CAP_NONE);
   /* every st_cap is reachable from exactly one GLenum */
   int seen[ST_CAP_COUNT] = { 0 };
   for (GLenum e = 0; e < 0x10000; e++) {
      int c = st_cap_lookup(e);
      if (c >= 0 && c < ST_CAP_COUNT)
         seen[c]++;
   }
   for (int c = 0; c < ST_CAP_COUNT; c++)
      CHECK(seen[c] == 1, "st_cap %d has %d enums", c, seen[c]);

   /* visual bits */
   struct st_visual v = { true, PIPE_FORMAT_B5G6R5_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, 0 };
   GLint rgba[4], depth, stencil;
   st_visual_bits(&v, rgba, &depth, &stencil);
   CHECK(rgba[0] == 5 && rgba[1] == 6 && rgba[2] == 5 && rgba[3] == 0, "565 bits %d %d %d %d",
         rgba[0], rgba[1], rgba[2], rgba[3]);
   CHECK(depth == 24 && stencil == 8, "Z24S8 bits %d %d", depth, stencil);
   v.color_format = PIPE_FORMAT_B8G8R8X8_UNORM;
   v.depth_stencil_format = PIPE_FORMAT_Z16_UNORM;
   st_visual_bits(&v, rgba, &depth, &stencil);
   CHECK(rgba[0] == 8 && rgba[3] == 0, "XRGB bits %d %d", rgba[0], rgba[3]);
   CHECK(depth == 16 && stencil == 0, "Z16 bits %d %d", depth, stencil);
   return st_test_finish("st_test_get");
}
