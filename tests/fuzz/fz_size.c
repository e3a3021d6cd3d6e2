/*
 * Client memory sizing rules of the GL-API fuzzer: how many bytes a call
 * may legitimately read or write, from its arguments and the GL state the
 * fuzzer queried.  The fuzzer allocates exactly that much, so the ASan
 * build reports any access past it.
 */
#include "fz.h"

static unsigned
format_components(uint32_t format)
{
   switch (format) {
   case GL_COLOR_INDEX: case GL_STENCIL_INDEX: case GL_DEPTH_COMPONENT:
   case GL_RED: case GL_GREEN: case GL_BLUE: case GL_ALPHA: case GL_LUMINANCE:
   case GL_RED_INTEGER: case GL_GREEN_INTEGER: case GL_BLUE_INTEGER:
   case GL_ALPHA_INTEGER: case GL_DEPTH_STENCIL:
      return 1;
   case GL_LUMINANCE_ALPHA: case GL_RG: case GL_RG_INTEGER:
      return 2;
   case GL_RGB: case GL_BGR: case GL_RGB_INTEGER: case GL_BGR_INTEGER:
      return 3;
   case GL_RGBA: case GL_BGRA: case GL_RGBA_INTEGER: case GL_BGRA_INTEGER:
   case GL_ABGR_EXT:
      return 4;
   default:
      return 0;
   }
}

/* Bytes per element; *packed set when one element is a whole pixel. */
static unsigned
type_bytes(uint32_t type, bool *packed)
{
   *packed = false;
   switch (type) {
   case GL_UNSIGNED_BYTE: case GL_BYTE:
      return 1;
   case GL_UNSIGNED_SHORT: case GL_SHORT: case GL_HALF_FLOAT: case 0x8D61 /* HALF_FLOAT_OES */:
      return 2;
   case GL_UNSIGNED_INT: case GL_INT: case GL_FLOAT:
      return 4;
   case GL_UNSIGNED_BYTE_3_3_2: case GL_UNSIGNED_BYTE_2_3_3_REV:
      *packed = true;
      return 1;
   case GL_UNSIGNED_SHORT_5_6_5: case GL_UNSIGNED_SHORT_5_6_5_REV:
   case GL_UNSIGNED_SHORT_4_4_4_4: case GL_UNSIGNED_SHORT_4_4_4_4_REV:
   case GL_UNSIGNED_SHORT_5_5_5_1: case GL_UNSIGNED_SHORT_1_5_5_5_REV:
      *packed = true;
      return 2;
   case GL_UNSIGNED_INT_8_8_8_8: case GL_UNSIGNED_INT_8_8_8_8_REV:
   case GL_UNSIGNED_INT_10_10_10_2: case GL_UNSIGNED_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_24_8: case GL_UNSIGNED_INT_10F_11F_11F_REV:
   case GL_UNSIGNED_INT_5_9_9_9_REV:
      *packed = true;
      return 4;
   case GL_FLOAT_32_UNSIGNED_INT_24_8_REV:
      *packed = true;
      return 8;
   default:
      return 0;
   }
}

/* a * b + c in int64, -1 on overflow (all inputs >= 0). */
static int64_t
mad(int64_t a, int64_t b, int64_t c)
{
   int64_t r;
   if (__builtin_mul_overflow(a, b, &r) || __builtin_add_overflow(r, c, &r))
      return -1;
   return r;
}

int64_t
fz_image_bytes(const struct fz_pixelstore *ps, uint32_t format, uint32_t type,
               int64_t w, int64_t h, int64_t d, bool three_d)
{
   if (w <= 0 || h <= 0 || d <= 0)
      return 0;
   int64_t a = ps->alignment;
   if (a != 1 && a != 2 && a != 4 && a != 8)
      a = 4;
   int64_t l = ps->row_length > 0 ? ps->row_length : w;
   int64_t skip_rows = ps->skip_rows > 0 ? ps->skip_rows : 0;
   int64_t skip_pixels = ps->skip_pixels > 0 ? ps->skip_pixels : 0;
   int64_t skip_images = three_d && ps->skip_images > 0 ? ps->skip_images : 0;
   int64_t rows = three_d && ps->image_height > 0 ? ps->image_height : h;

   if (type == GL_BITMAP) {
      if (format != GL_COLOR_INDEX && format != GL_STENCIL_INDEX)
         return 0;
      /* rows of ceil(l / 8) bytes padded to the alignment */
      int64_t k = a * ((l + 8 * a - 1) / (8 * a));
      int64_t last = (skip_pixels + w + 7) / 8;
      int64_t r = mad(skip_rows + h - 1, k, last);
      return r;
   }
   bool packed;
   unsigned s = type_bytes(type, &packed);
   unsigned n = format_components(format);
   if (!s || !n)
      return 0;
   if (packed)
      n = 1;
   int64_t group = (int64_t)s * n;
   int64_t k;                                  /* bytes per row */
   int64_t row;
   if (__builtin_mul_overflow(l, group, &row))
      return -1;
   if (s >= a)
      k = row;
   else
      k = a * ((row + a - 1) / a);
   int64_t img;
   if (__builtin_mul_overflow(rows, k, &img))
      return -1;
   /* last byte: skip images, (d-1) images, skip rows + h-1 rows, then the
    * pixels of the last row */
   int64_t r = mad(skip_images + d - 1, img, 0);
   if (r < 0)
      return -1;
   int64_t t = mad(skip_rows + h - 1, k, 0);
   if (t < 0 || __builtin_add_overflow(r, t, &r))
      return -1;
   t = mad(skip_pixels + w, group, 0);
   if (t < 0 || __builtin_add_overflow(r, t, &r))
      return -1;
   return r;
}

unsigned
fz_pname_count(uint32_t pname)
{
   switch (pname) {
   case GL_AMBIENT: case GL_DIFFUSE: case GL_SPECULAR: case GL_POSITION:
   case GL_EMISSION: case GL_AMBIENT_AND_DIFFUSE: case GL_LIGHT_MODEL_AMBIENT:
   case GL_FOG_COLOR: case GL_TEXTURE_ENV_COLOR: case GL_TEXTURE_BORDER_COLOR:
   case GL_OBJECT_PLANE: case GL_EYE_PLANE: case GL_TEXTURE_SWIZZLE_RGBA:
      return 4;
   case GL_SPOT_DIRECTION: case GL_COLOR_INDEXES: case GL_POINT_DISTANCE_ATTENUATION:
      return 3;
   default:
      return 1;
   }
}

unsigned
fz_map_components(uint32_t target)
{
   switch (target) {
   case GL_MAP1_INDEX: case GL_MAP1_TEXTURE_COORD_1:
   case GL_MAP2_INDEX: case GL_MAP2_TEXTURE_COORD_1:
      return 1;
   case GL_MAP1_TEXTURE_COORD_2: case GL_MAP2_TEXTURE_COORD_2:
      return 2;
   case GL_MAP1_VERTEX_3: case GL_MAP1_NORMAL: case GL_MAP1_TEXTURE_COORD_3:
   case GL_MAP2_VERTEX_3: case GL_MAP2_NORMAL: case GL_MAP2_TEXTURE_COORD_3:
      return 3;
   case GL_MAP1_VERTEX_4: case GL_MAP1_COLOR_4: case GL_MAP1_TEXTURE_COORD_4:
   case GL_MAP2_VERTEX_4: case GL_MAP2_COLOR_4: case GL_MAP2_TEXTURE_COORD_4:
      return 4;
   default:
      return 0;
   }
}

unsigned
fz_list_type_size(uint32_t type)
{
   switch (type) {
   case GL_BYTE: case GL_UNSIGNED_BYTE:
      return 1;
   case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_2_BYTES:
      return 2;
   case GL_3_BYTES:
      return 3;
   case GL_INT: case GL_UNSIGNED_INT: case GL_FLOAT: case GL_4_BYTES:
      return 4;
   default:
      return 0;
   }
}

unsigned
fz_index_type_size(uint32_t type)
{
   switch (type) {
   case GL_UNSIGNED_BYTE:
      return 1;
   case GL_UNSIGNED_SHORT:
      return 2;
   case GL_UNSIGNED_INT:
      return 4;
   default:
      return 0;
   }
}

unsigned
fz_array_type_size(uint32_t type)
{
   switch (type) {
   case GL_BYTE: case GL_UNSIGNED_BYTE:
      return 1;
   case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_HALF_FLOAT:
      return 2;
   case GL_INT: case GL_UNSIGNED_INT: case GL_FLOAT: case GL_FIXED:
   case GL_INT_2_10_10_10_REV: case GL_UNSIGNED_INT_2_10_10_10_REV:
      return 4;
   case GL_DOUBLE:
      return 8;
   default:
      return 0;
   }
}

unsigned
fz_interleaved_size(uint32_t format)
{
   switch (format) {
   case GL_V2F: return 8;
   case GL_V3F: return 12;
   case GL_C4UB_V2F: return 12;
   case GL_C4UB_V3F: return 16;
   case GL_C3F_V3F: return 24;
   case GL_N3F_V3F: return 24;
   case GL_C4F_N3F_V3F: return 40;
   case GL_T2F_V3F: return 20;
   case GL_T4F_V4F: return 32;
   case GL_T2F_C4UB_V3F: return 24;
   case GL_T2F_C3F_V3F: return 32;
   case GL_T2F_N3F_V3F: return 32;
   case GL_T2F_C4F_N3F_V3F: return 48;
   case GL_T4F_C4F_N3F_V4F: return 60;
   default: return 0;
   }
}

unsigned
fz_type_size(enum fz_type t)
{
   switch (t) {
   case FZ_T_VOID: case FZ_T_BOOLEAN: case FZ_T_BYTE: case FZ_T_UBYTE:
      return 1;
   case FZ_T_SHORT: case FZ_T_USHORT:
      return 2;
   case FZ_T_DOUBLE: case FZ_T_CLAMPD: case FZ_T_INT64: case FZ_T_UINT64:
   case FZ_T_INTPTR: case FZ_T_SIZEIPTR:
      return 8;
   case FZ_T_SYNC: case FZ_T_PTR:
      return sizeof(void *);
   default:
      return 4;
   }
}
