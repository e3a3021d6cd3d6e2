/*
 * glReadPixels in many formats and types, with pack parameters, and reads
 * partly or fully outside the surface.  The surface holds a pattern of
 * scissored clears; every pixel read is decoded and compared with the value
 * computed here from the 8-bit model (tolerance: one 8-bit step, or one step
 * of the destination when that is coarser).  Bytes that are not pixel data
 * (skipped rows/pixels, row padding, pixels outside the surface) must keep
 * their sentinel value.
 */
#include "egl_common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 21
#define H 14

static uint8_t model[W * H * 4];
static bool is_llvmpipe;

struct fmt {
   GLenum format;
   const char *name;
   int ncomp;
   const char *comps;   /* R G B A L, in memory order */
};

static const struct fmt formats[] = {
   { GL_RGBA,            "RGBA",            4, "RGBA" },
   { GL_RGB,             "RGB",             3, "RGB" },
   { GL_BGRA,            "BGRA",            4, "BGRA" },
   { GL_BGR,             "BGR",             3, "BGR" },
   { GL_RED,             "RED",             1, "R" },
   { GL_GREEN,           "GREEN",           1, "G" },
   { GL_BLUE,            "BLUE",            1, "B" },
   { GL_ALPHA,           "ALPHA",           1, "A" },
   { GL_LUMINANCE,       "LUMINANCE",       1, "L" },
   { GL_LUMINANCE_ALPHA, "LUMINANCE_ALPHA", 2, "LA" },
};

enum kind { K_UNSIGNED, K_SIGNED, K_FLOAT, K_PACKED };

struct type {
   GLenum type;
   const char *name;
   int size;           /* bytes per element */
   enum kind kind;
   int bits;           /* unpacked: bits per element */
   int ncomp;          /* packed: components it holds */
   int pbits[4];       /* packed: bits of component 0..3 (memory order) */
   bool rev;           /* packed: component 0 in the low bits */
};

static const struct type types[] = {
   { GL_UNSIGNED_BYTE,  "UNSIGNED_BYTE",  1, K_UNSIGNED, 8,  0, {0}, false },
   { GL_BYTE,           "BYTE",           1, K_SIGNED,   8,  0, {0}, false },
   { GL_UNSIGNED_SHORT, "UNSIGNED_SHORT", 2, K_UNSIGNED, 16, 0, {0}, false },
   { GL_SHORT,          "SHORT",          2, K_SIGNED,   16, 0, {0}, false },
   { GL_UNSIGNED_INT,   "UNSIGNED_INT",   4, K_UNSIGNED, 32, 0, {0}, false },
   { GL_FLOAT,          "FLOAT",          4, K_FLOAT,    32, 0, {0}, false },
   { GL_UNSIGNED_BYTE_3_3_2, "UNSIGNED_BYTE_3_3_2", 1, K_PACKED, 0, 3,
     { 3, 3, 2 }, false },
   { GL_UNSIGNED_BYTE_2_3_3_REV, "UNSIGNED_BYTE_2_3_3_REV", 1, K_PACKED, 0,
     3, { 3, 3, 2 }, true },
   { GL_UNSIGNED_SHORT_5_6_5, "UNSIGNED_SHORT_5_6_5", 2, K_PACKED, 0, 3,
     { 5, 6, 5 }, false },
   { GL_UNSIGNED_SHORT_5_6_5_REV, "UNSIGNED_SHORT_5_6_5_REV", 2, K_PACKED, 0,
     3, { 5, 6, 5 }, true },
   { GL_UNSIGNED_SHORT_4_4_4_4, "UNSIGNED_SHORT_4_4_4_4", 2, K_PACKED, 0, 4,
     { 4, 4, 4, 4 }, false },
   { GL_UNSIGNED_SHORT_4_4_4_4_REV, "UNSIGNED_SHORT_4_4_4_4_REV", 2, K_PACKED,
     0, 4, { 4, 4, 4, 4 }, true },
   { GL_UNSIGNED_SHORT_5_5_5_1, "UNSIGNED_SHORT_5_5_5_1", 2, K_PACKED, 0, 4,
     { 5, 5, 5, 1 }, false },
   { GL_UNSIGNED_SHORT_1_5_5_5_REV, "UNSIGNED_SHORT_1_5_5_5_REV", 2, K_PACKED,
     0, 4, { 5, 5, 5, 1 }, true },
   { GL_UNSIGNED_INT_8_8_8_8, "UNSIGNED_INT_8_8_8_8", 4, K_PACKED, 0, 4,
     { 8, 8, 8, 8 }, false },
   { GL_UNSIGNED_INT_8_8_8_8_REV, "UNSIGNED_INT_8_8_8_8_REV", 4, K_PACKED, 0,
     4, { 8, 8, 8, 8 }, true },
   { GL_UNSIGNED_INT_10_10_10_2, "UNSIGNED_INT_10_10_10_2", 4, K_PACKED, 0, 4,
     { 10, 10, 10, 2 }, false },
   { GL_UNSIGNED_INT_2_10_10_10_REV, "UNSIGNED_INT_2_10_10_10_REV", 4,
     K_PACKED, 0, 4, { 10, 10, 10, 2 }, true },
};

struct pack {
   int alignment, row_length, skip_pixels, skip_rows;
};

static const struct fmt *
find_format(GLenum f)
{
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
      if (formats[i].format == f)
         return &formats[i];
   return NULL;
}

static const struct type *
find_type(GLenum t)
{
   for (unsigned i = 0; i < sizeof(types) / sizeof(types[0]); i++)
      if (types[i].type == t)
         return &types[i];
   return NULL;
}

/* The value GL computes for component c of model pixel p, in [0,1].
 * Luminance is R + G + B clamped to 1 (GL 2.1, 4.3.2 "Conversion of RGBA
 * values"), not a weighted average. */
static double
component_value(const uint8_t *p, char c)
{
   switch (c) {
   case 'R': return p[0] / 255.0;
   case 'G': return p[1] / 255.0;
   case 'B': return p[2] / 255.0;
   case 'A': return p[3] / 255.0;
   case 'L': {
      double l = (p[0] + p[1] + p[2]) / 255.0;
      return l > 1.0 ? 1.0 : l;
   }
   default:  return -1.0;
   }
}

static uint64_t
load_uint(const uint8_t *src, int size)
{
   switch (size) {
   case 1: return *src;
   case 2: { uint16_t v; memcpy(&v, src, 2); return v; }
   default: { uint32_t v; memcpy(&v, src, 4); return v; }
   }
}

/* Decodes component k of one pixel group at src into 'got' and the
 * expected value/tolerance into want/tol (all in destination units). */
static void
decode(const struct fmt *f, const struct type *t, const uint8_t *src,
       const uint8_t *pixel, int k, double *got, double *want, double *tol)
{
   double v = component_value(pixel, f->comps[k]);
   if (t->kind == K_PACKED) {
      int shift = 0;
      if (t->rev) {
         for (int i = 0; i < k; i++)
            shift += t->pbits[i];
      } else {
         for (int i = k + 1; i < t->ncomp; i++)
            shift += t->pbits[i];
      }
      uint64_t word = load_uint(src, t->size);
      uint64_t max = (1ull << t->pbits[k]) - 1;
      *got = (double)((word >> shift) & max);
      *want = v * (double)max;
      *tol = (double)max / 255.0 < 1.0 ? 1.0 : (double)max / 255.0;
      return;
   }
   const uint8_t *e = src + k * t->size;
   switch (t->kind) {
   case K_FLOAT: {
      float fv;
      memcpy(&fv, e, 4);
      *got = fv;
      *want = v;
      *tol = 1.0 / 255.0 + 1e-6;
      return;
   }
   case K_SIGNED: {
      double max = (double)((1ull << (t->bits - 1)) - 1);
      int64_t sv = t->size == 1 ? (int8_t)*e : (int16_t)load_uint(e, 2);
      *got = (double)sv;
      *want = v * max;
      *tol = max / 255.0 < 1.0 ? 1.0 : max / 255.0;
      return;
   }
   default: {
      double max = (double)((1ull << t->bits) - 1);
      *got = (double)load_uint(e, t->size);
      *want = v * max;
      *tol = max / 255.0 < 1.0 ? 1.0 : max / 255.0;
      return;
   }
   }
}

/* Reads [x, x+w) x [y, y+h) with format/type under the pack parameters and
 * checks every byte of the destination. */
static void
read_and_check(GLenum format, GLenum type, int x, int y, int w, int h,
               const struct pack *p, const char *label)
{
   const struct fmt *f = find_format(format);
   const struct type *t = find_type(type);
   char what[200];
   snprintf(what, sizeof(what), "%s: %s/%s at %d,%d %dx%d align %d rowlen %d "
            "skip %d,%d", label, f->name, t->name, x, y, w, h, p->alignment,
            p->row_length, p->skip_pixels, p->skip_rows);

   int n = t->kind == K_PACKED ? 1 : f->ncomp;
   int group = n * t->size;                 /* bytes per pixel */
   int len = p->row_length > 0 ? p->row_length : w;
   size_t stride;
   if (t->size >= p->alignment)
      stride = (size_t)group * len;
   else
      stride = ((size_t)group * len + p->alignment - 1) /
               p->alignment * p->alignment;
   size_t total = stride * (size_t)(p->skip_rows + h) + 64;
   uint8_t *buf = malloc(total);
   uint8_t *is_pixel = calloc(total, 1);
   if (!buf || !is_pixel) {
      test_fail("%s: out of memory", what);
      free(buf);
      free(is_pixel);
      return;
   }
   fill_sentinel(buf, total);

   reset_pack_state();
   glPixelStorei(GL_PACK_ALIGNMENT, p->alignment);
   glPixelStorei(GL_PACK_ROW_LENGTH, p->row_length);
   glPixelStorei(GL_PACK_SKIP_PIXELS, p->skip_pixels);
   glPixelStorei(GL_PACK_SKIP_ROWS, p->skip_rows);
   glReadPixels(x, y, w, h, format, type, buf);
   bool ok = gl_expect_error(GL_NO_ERROR, what);
   reset_pack_state();
   if (!ok)
      goto out;

   int bad = 0;
   for (int j = 0; j < h; j++) {
      for (int i = 0; i < w; i++) {
         size_t off = (size_t)(p->skip_rows + j) * stride +
                      (size_t)(p->skip_pixels + i) * group;
         uint8_t *src = buf + off;
         memset(is_pixel + off, 1, (size_t)group);
         int sx = x + i, sy = y + j;
         if (sx < 0 || sy < 0 || sx >= W || sy >= H) {
            /* Outside the surface: the spec leaves these undefined; Mesa
             * and Pony leave client memory untouched, which we require. */
            for (int b = 0; b < group; b++) {
               if (src[b] != SENTINEL) {
                  if (bad++ < TEST_MAX_REPORTS)
                     test_fail("%s: pixel (%d,%d) outside the surface was "
                               "written (byte %d = 0x%02x)", what, sx, sy, b,
                               src[b]);
                  break;
               }
            }
            continue;
         }
         const uint8_t *mp = model + ((size_t)sy * W + sx) * 4;
         int ncheck = t->kind == K_PACKED ? t->ncomp : f->ncomp;
         for (int k = 0; k < ncheck; k++) {
            double got, want, tol;
            decode(f, t, src, mp, k, &got, &want, &tol);
            if (fabs(got - want) <= tol)
               continue;
            if (bad++ < TEST_MAX_REPORTS)
               test_fail("%s: pixel (%d,%d) component %c is %.6g, expected "
                         "%.6g +-%.3g (model %u,%u,%u,%u)", what, sx, sy,
                         f->comps[k], got, want, tol, mp[0], mp[1], mp[2],
                         mp[3]);
         }
      }
   }
   for (size_t b = 0; b < total; b++) {
      if (!is_pixel[b] && buf[b] != SENTINEL) {
         if (bad++ < TEST_MAX_REPORTS)
            test_fail("%s: byte %zu (not pixel data: padding or skipped) "
                      "was written with 0x%02x", what, b, buf[b]);
      }
   }
   if (bad > TEST_MAX_REPORTS)
      test_fail("%s: %d mismatches in all", what, bad);
out:
   free(buf);
   free(is_pixel);
}

static void
clear_rect(int x, int y, int w, int h, uint8_t r, uint8_t g, uint8_t b,
           uint8_t a)
{
   glEnable(GL_SCISSOR_TEST);
   glScissor(x, y, w, h);
   glClearColor(r / 255.0f, g / 255.0f, b / 255.0f, a / 255.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   const uint8_t c[4] = { r, g, b, a };
   model_clear(model, W, H, x, y, w, h, c, NULL);
}

static void
draw_pattern(void)
{
   /* Colour sums below and above 255 (luminance clamping), alpha values
    * that survive 1-, 2- and 4-bit alpha differently. */
   clear_rect(0, 0, W, H, 10, 20, 30, 255);
   clear_rect(0, 0, 7, 5, 255, 0, 0, 255);
   clear_rect(7, 0, 7, 5, 0, 255, 0, 128);
   clear_rect(14, 0, 7, 5, 0, 0, 255, 0);
   clear_rect(0, 5, 10, 5, 200, 150, 100, 64);
   clear_rect(10, 5, 11, 5, 1, 2, 254, 200);
   clear_rect(3, 10, 5, 4, 255, 255, 255, 255);
   clear_rect(12, 10, 9, 4, 77, 33, 11, 99);
   clear_rect(20, 13, 1, 1, 128, 64, 32, 16);
}

static void
test_formats_and_types(void)
{
   const struct pack def = { 4, 0, 0, 0 };
   for (unsigned ti = 0; ti < sizeof(types) / sizeof(types[0]); ti++) {
      const struct type *t = &types[ti];
      for (unsigned fi = 0; fi < sizeof(formats) / sizeof(formats[0]); fi++) {
         const struct fmt *f = &formats[fi];
         if (t->kind == K_PACKED) {
            /* 3-component packed types go with RGB only, 4-component
             * ones with RGBA and BGRA (GL 2.1 table 3.8); the other
             * pairings are errors, checked in test_errors.c */
            if (f->ncomp != t->ncomp || f->comps[0] == 'L' ||
                f->format == GL_BGR)
               continue;
         }
         /* Mesa 22.3's llvmpipe returns 0 for every luminance value read
          * as UNSIGNED_INT; the spec (L = R + G + B, then the usual
          * conversion) is checked on every other renderer. */
         if (t->type == GL_UNSIGNED_INT && f->comps[0] == 'L' && is_llvmpipe)
            continue;
         read_and_check(f->format, t->type, 0, 0, W, H, &def, "whole surface");
      }
   }
}

static void
test_pack_parameters(void)
{
   static const GLenum combos[][2] = {
      { GL_RGBA, GL_UNSIGNED_BYTE },
      { GL_RGB, GL_UNSIGNED_BYTE },
      { GL_LUMINANCE, GL_UNSIGNED_BYTE },
      { GL_RGB, GL_UNSIGNED_SHORT_5_6_5 },
      { GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV },
      { GL_RGBA, GL_FLOAT },
      { GL_LUMINANCE_ALPHA, GL_UNSIGNED_SHORT },
   };
   static const int alignments[] = { 1, 2, 4, 8 };
   static const struct pack extra[] = {
      { 0, 0, 0, 0 },
      { 0, 30, 0, 0 },
      { 0, 0, 3, 0 },
      { 0, 0, 0, 2 },
      { 0, 25, 4, 3 },
   };
   for (unsigned c = 0; c < sizeof(combos) / sizeof(combos[0]); c++) {
      for (unsigned a = 0; a < 4; a++) {
         for (unsigned e = 0; e < sizeof(extra) / sizeof(extra[0]); e++) {
            struct pack p = extra[e];
            p.alignment = alignments[a];
            /* odd width and a sub-rectangle: padding at every alignment */
            read_and_check(combos[c][0], combos[c][1], 2, 3, 15, 9, &p,
                           "pack parameters");
         }
      }
   }
}

static void
test_outside(void)
{
   static const struct { int x, y, w, h; const char *label; } rects[] = {
      { -3, 0, 8, 4, "left edge" },
      { W - 4, 2, 9, 3, "right edge" },
      { 1, -2, 5, 6, "bottom edge" },
      { 5, H - 3, 4, 7, "top edge" },
      { -2, -3, W + 5, H + 6, "larger than the surface" },
      { W + 2, 0, 3, 3, "fully right" },
      { 0, H, 3, 3, "fully above" },
      { -10, -10, 4, 4, "fully below left" },
   };
   const struct pack def = { 4, 0, 0, 0 };
   const struct pack skip = { 1, 40, 2, 1 };
   for (unsigned i = 0; i < sizeof(rects) / sizeof(rects[0]); i++) {
      read_and_check(GL_RGBA, GL_UNSIGNED_BYTE, rects[i].x, rects[i].y,
                     rects[i].w, rects[i].h, &def, rects[i].label);
      read_and_check(GL_RGB, GL_FLOAT, rects[i].x, rects[i].y,
                     rects[i].w, rects[i].h, &def, rects[i].label);
      read_and_check(GL_BGRA, GL_UNSIGNED_BYTE, rects[i].x, rects[i].y,
                     rects[i].w, rects[i].h, &skip, rects[i].label);
   }
}

static void
test_empty_reads(void)
{
   uint8_t buf[16];
   fill_sentinel(buf, sizeof(buf));
   reset_pack_state();
   glReadPixels(0, 0, 0, 5, GL_RGBA, GL_UNSIGNED_BYTE, buf);
   gl_expect_error(GL_NO_ERROR, "glReadPixels width 0");
   glReadPixels(0, 0, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, buf);
   gl_expect_error(GL_NO_ERROR, "glReadPixels height 0");
   for (unsigned i = 0; i < sizeof(buf); i++) {
      if (buf[i] != SENTINEL) {
         test_fail("empty glReadPixels wrote byte %u", i);
         break;
      }
   }
}

int
main(void)
{
   struct egl_test t;
   int r = egl_test_setup(&t, W, H, 0, 0);
   if (r != TEST_PASS) {
      egl_test_teardown(&t);
      return r;
   }
   is_llvmpipe = renderer_is_llvmpipe();
   draw_pattern();
   gl_expect_error(GL_NO_ERROR, "drawing the pattern");

   test_formats_and_types();
   test_pack_parameters();
   test_outside();
   test_empty_reads();

   egl_test_teardown(&t);
   return test_finish("egl-readpixels");
}
