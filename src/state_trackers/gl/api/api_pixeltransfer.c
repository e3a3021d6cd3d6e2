/*
 * Pixel transfer state (GL 2.1 section 3.6.3): glPixelTransfer{i,f},
 * glPixelMap{fv,uiv,usv}, glGetPixelMap{fv,uiv,usv}, glPixelZoom.  The
 * operations themselves are in st_drawpix.c.
 *
 * The map values may come from (or go to) a pixel buffer at any byte
 * offset, or a client pointer at any address: every GLfloat, GLuint and
 * GLushort is read and written through u_unaligned.h.
 */
#include <math.h>

#include "api.h"
#include "st_drawpix.h"
#include "util/u_unaligned.h"

/* Round to nearest whatever the FPU rounding mode, clamped to GLint. */
static GLint
round_to_int(GLfloat f)
{
   double d = floor((double)f + 0.5);
   if (d != d)
      return 0;
   return d >= 2147483647.0 ? 2147483647 : d <= -2147483648.0 ? (-2147483647 - 1) : (GLint)d;
}

static void
pixel_transfer(GLenum pname, GLfloat param, const char *where)
{
   ST_ENTRY(ctx);
   struct st_pixel_transfer *t = &ctx->pix.transfer;
   switch (pname) {
   case GL_MAP_COLOR: t->map_color = param != 0.0f; break;
   case GL_MAP_STENCIL: t->map_stencil = param != 0.0f; break;
   case GL_INDEX_SHIFT: t->index_shift = round_to_int(param); break;
   case GL_INDEX_OFFSET: t->index_offset = round_to_int(param); break;
   case GL_RED_SCALE: t->scale[0] = param; break;
   case GL_GREEN_SCALE: t->scale[1] = param; break;
   case GL_BLUE_SCALE: t->scale[2] = param; break;
   case GL_ALPHA_SCALE: t->scale[3] = param; break;
   case GL_RED_BIAS: t->bias[0] = param; break;
   case GL_GREEN_BIAS: t->bias[1] = param; break;
   case GL_BLUE_BIAS: t->bias[2] = param; break;
   case GL_ALPHA_BIAS: t->bias[3] = param; break;
   case GL_DEPTH_SCALE: t->depth_scale = param; break;
   case GL_DEPTH_BIAS: t->depth_bias = param; break;
   default:
      /* the imaging subset's POST_* values need GL_ARB_imaging */
      st_error(ctx, GL_INVALID_ENUM, where);
      break;
   }
}

void GLAPIENTRY
api_glPixelTransferf(GLenum pname, GLfloat param)
{
   pixel_transfer(pname, param, "glPixelTransferf");
}

void GLAPIENTRY
api_glPixelTransferi(GLenum pname, GLint param)
{
   pixel_transfer(pname, (GLfloat)param, "glPixelTransferi");
}

void GLAPIENTRY
api_glPixelZoom(GLfloat xfactor, GLfloat yfactor)
{
   ST_ENTRY(ctx);
   ctx->pix.transfer.zoom_x = xfactor;
   ctx->pix.transfer.zoom_y = yfactor;
}

/* --- pixel maps --------------------------------------------------------------- */

static bool
is_index_map(unsigned m)
{
   return m < 2;   /* I_TO_I, S_TO_S: index values */
}

/* The map number of a GL_PIXEL_MAP_* enum, or -1. */
static int
map_index(GLenum map)
{
   return map >= GL_PIXEL_MAP_I_TO_I && map <= GL_PIXEL_MAP_A_TO_A
             ? (int)(map - GL_PIXEL_MAP_I_TO_I) : -1;
}

/* Checks of glPixelMap; the map number or -1 (error raised or nothing to
 * read).  *values becomes the memory to read (GL_PIXEL_UNPACK_BUFFER). */
static int
check_map(struct st_context *ctx, GLenum map, GLsizei mapsize, const void **values,
          size_t elem_size, const char *where)
{
   int m = map_index(map);
   if (m < 0) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return -1;
   }
   if (mapsize < 1 || mapsize > ST_MAX_PIXEL_MAP) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return -1;
   }
   /* the index-addressed maps (I_TO_*, S_TO_S) need a power-of-two size */
   if (m <= 5 && (mapsize & (mapsize - 1))) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return -1;
   }
   void *mem;
   if (!st_pixel_buffer_ptr(ctx, false, *values, (size_t)mapsize * elem_size, &mem, where))
      return -1;
   *values = mem;
   return mem ? m : -1;
}

/* An index map entry as an unsigned integer: truncated, negative and NaN
 * values 0, huge ones max (a float beyond the integer's range must not
 * reach the conversion: undefined behaviour). */
static GLuint
index_value(float v, double max)
{
   if (!(v > 0.0f))
      return 0;
   return (double)v >= max ? (GLuint)max : (GLuint)v;
}

static float
clamp01(float v)
{
   return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

void GLAPIENTRY
api_glPixelMapfv(GLenum map, GLsizei mapsize, const GLfloat *values)
{
   ST_ENTRY(ctx);
   const void *mem = values;
   int m = check_map(ctx, map, mapsize, &mem, sizeof(GLfloat), "glPixelMapfv");
   if (m < 0)
      return;
   ctx->pix.maps.size[m] = mapsize;
   for (GLsizei i = 0; i < mapsize; i++) {
      float v = u_load_f32((const uint8_t *)mem + (size_t)i * 4);
      ctx->pix.maps.map[m][i] = is_index_map((unsigned)m) ? v : clamp01(v);
   }
}

void GLAPIENTRY
api_glPixelMapuiv(GLenum map, GLsizei mapsize, const GLuint *values)
{
   ST_ENTRY(ctx);
   const void *mem = values;
   int m = check_map(ctx, map, mapsize, &mem, sizeof(GLuint), "glPixelMapuiv");
   if (m < 0)
      return;
   ctx->pix.maps.size[m] = mapsize;
   for (GLsizei i = 0; i < mapsize; i++) {
      GLuint v = u_load_u32((const uint8_t *)mem + (size_t)i * 4);
      ctx->pix.maps.map[m][i] = is_index_map((unsigned)m) ? (float)v
                                                          : (float)(v / 4294967295.0);
   }
}

void GLAPIENTRY
api_glPixelMapusv(GLenum map, GLsizei mapsize, const GLushort *values)
{
   ST_ENTRY(ctx);
   const void *mem = values;
   int m = check_map(ctx, map, mapsize, &mem, sizeof(GLushort), "glPixelMapusv");
   if (m < 0)
      return;
   ctx->pix.maps.size[m] = mapsize;
   for (GLsizei i = 0; i < mapsize; i++) {
      GLushort v = u_load_u16((const uint8_t *)mem + (size_t)i * 2);
      ctx->pix.maps.map[m][i] = is_index_map((unsigned)m) ? (float)v : v / 65535.0f;
   }
}

/* Checks of glGetPixelMap; *values becomes the memory to write
 * (GL_PIXEL_PACK_BUFFER). */
static int
check_get_map(struct st_context *ctx, GLenum map, void **values, size_t elem_size,
              const char *where)
{
   int m = map_index(map);
   if (m < 0) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return -1;
   }
   void *mem;
   if (!st_pixel_buffer_ptr(ctx, true, *values, (size_t)ctx->pix.maps.size[m] * elem_size,
                            &mem, where))
      return -1;
   *values = mem;
   return mem ? m : -1;
}

void GLAPIENTRY
api_glGetPixelMapfv(GLenum map, GLfloat *values)
{
   ST_ENTRY(ctx);
   void *mem = values;
   int m = check_get_map(ctx, map, &mem, sizeof(GLfloat), "glGetPixelMapfv");
   if (m < 0)
      return;
   for (GLint i = 0; i < ctx->pix.maps.size[m]; i++)
      u_store_f32((uint8_t *)mem + (size_t)i * 4, ctx->pix.maps.map[m][i]);
}

void GLAPIENTRY
api_glGetPixelMapuiv(GLenum map, GLuint *values)
{
   ST_ENTRY(ctx);
   void *mem = values;
   int m = check_get_map(ctx, map, &mem, sizeof(GLuint), "glGetPixelMapuiv");
   if (m < 0)
      return;
   for (GLint i = 0; i < ctx->pix.maps.size[m]; i++) {
      float v = ctx->pix.maps.map[m][i];
      u_store_u32((uint8_t *)mem + (size_t)i * 4,
                  is_index_map((unsigned)m) ? index_value(v, 4294967295.0)
                                            : (GLuint)floor(clamp01(v) * 4294967295.0 + 0.5));
   }
}

void GLAPIENTRY
api_glGetPixelMapusv(GLenum map, GLushort *values)
{
   ST_ENTRY(ctx);
   void *mem = values;
   int m = check_get_map(ctx, map, &mem, sizeof(GLushort), "glGetPixelMapusv");
   if (m < 0)
      return;
   for (GLint i = 0; i < ctx->pix.maps.size[m]; i++) {
      float v = ctx->pix.maps.map[m][i];
      u_store_u16((uint8_t *)mem + (size_t)i * 2,
                  is_index_map((unsigned)m) ? (GLushort)(index_value(v, 4294967295.0) & 0xffff)
                                            : (GLushort)floorf(clamp01(v) * 65535.0f + 0.5f));
   }
}
