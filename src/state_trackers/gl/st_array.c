/*
 * Client vertex arrays: their initial state, the conversion of array
 * elements into the st_vertex layout (every GL 2.1 type, GL_HALF_FLOAT,
 * the packed 2_10_10_10_REV types, GL_BGRA colours, arrays in buffer
 * objects), glArrayElement, and the buffer references arrays hold.
 *
 * An array draw converts the vertices it uses on the CPU into a buffer the
 * context keeps between draws (st_draw_ctx.fetch_verts), then draws them
 * with st_draw_vertices; a non-indexed draw of GL_FLOAT arrays in buffer
 * objects has the pipe read them in place (draw_arrays_direct).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "st_arbprog.h"
#include "st_buffer.h"
#include "st_context.h"
#include "st_draw.h"
#include "st_glsl.h"
#include "st_xfb.h"

void
st_vao_init(struct st_vao *v, GLuint name)
{
   memset(v, 0, sizeof *v);
   v->name = name;
   for (unsigned i = 0; i < ST_VATTR_COUNT; i++) {
      v->array[i].size = 4;
      v->array[i].type = GL_FLOAT;
   }
   v->array[ST_VATTR_NORMAL].size = 3;
   v->array[ST_VATTR_COLOR1].size = 3;
   v->array[ST_VATTR_FOG].size = 1;
   v->array[ST_VATTR_EDGEFLAG].size = 1;
   v->array[ST_VATTR_EDGEFLAG].type = GL_BOOL;
   for (unsigned i = ST_VATTR_GENERIC0; i <= ST_VATTR_GENERIC_LAST; i++)
      v->array[i].generic = true;   /* 'normalized' applies (initially false) */
   v->index_array.size = 1;
   v->index_array.type = GL_FLOAT;
}

void
st_vao_release(struct st_vao *v)
{
   st_client_arrays_unref(v->array, ST_VATTR_COUNT);
   st_client_arrays_unref(&v->index_array, 1);
   st_buffer_reference(&v->element_buffer, NULL);
}

static void
vao_destroy_cb(void *obj, void *data)
{
   (void)data;
   st_vao_release(obj);
   free(obj);
}

void
st_client_arrays_ref(struct st_client_array *a, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      st_buffer_ref(a[i].buffer);
}

void
st_client_arrays_unref(struct st_client_array *a, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      st_buffer_unref(a[i].buffer);
      a[i].buffer = NULL;
   }
}

void
st_client_arrays_release(struct st_context *ctx)
{
   struct st_draw_ctx *d = ctx->draw;
   if (!d)
      return;
   /* every vertex array object of the context, the default one last */
   d->vao = &d->default_vao;
   st_names_fini(&d->vaos, vao_destroy_cb, NULL);
   st_vao_release(&d->default_vao);
   st_buffer_reference(&d->array_buffer, NULL);
   st_buffer_reference(&d->pack_buffer, NULL);
   st_buffer_reference(&d->unpack_buffer, NULL);
   st_buffer_reference(&d->copy_read_buffer, NULL);
   st_buffer_reference(&d->texture_buffer, NULL);
   st_buffer_reference(&d->copy_write_buffer, NULL);
   st_buffer_reference(&d->draw_indirect_buffer, NULL);
   while (ctx->client_attrib_depth) {
      struct st_client_attrib_frame *f = &ctx->client_attrib_stack[--ctx->client_attrib_depth];
      if (f->mask & GL_CLIENT_VERTEX_ARRAY_BIT) {
         st_vao_release(&f->vao);
         st_buffer_reference(&f->array_buffer, NULL);
      }
   }
   free(d->fetch_verts);
   d->fetch_verts = NULL;
   d->fetch_max = 0;
}

/* --- element conversion ---------------------------------------------------- */

size_t
st_array_type_size(GLenum type)
{
   switch (type) {
   case GL_BOOL:
   case GL_BYTE: case GL_UNSIGNED_BYTE: return 1;
   case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_HALF_FLOAT: return 2;
   case GL_DOUBLE: return 8;
   default: return 4;
   }
}

/* Bytes of one element (all components). */
static size_t
element_size(const struct st_client_array *a)
{
   if (a->type == GL_INT_2_10_10_10_REV || a->type == GL_UNSIGNED_INT_2_10_10_10_REV ||
       a->type == GL_UNSIGNED_INT_10F_11F_11F_REV)
      return 4;
   return st_array_type_size(a->type) * (size_t)a->size;
}

size_t
st_array_stride(const struct st_client_array *a)
{
   return a->stride ? (size_t)a->stride : element_size(a);
}

static float
half_to_float(uint16_t h)
{
   unsigned s = h >> 15, e = (h >> 10) & 31, m = h & 1023;
   float f;
   if (e == 0)
      f = ldexpf((float)m, -24);
   else if (e == 31)
      f = m ? NAN : INFINITY;
   else
      f = ldexpf((float)(m | 1024), (int)e - 25);
   return s ? -f : f;
}

static float
component(const uint8_t *p, GLenum type, bool norm)
{
   switch (type) {
   case GL_BYTE: { int8_t v; memcpy(&v, p, 1);
      return norm ? (2.0f * v + 1.0f) / 255.0f : (float)v; }
   case GL_BOOL:
      return p[0] ? 1.0f : 0.0f;
   case GL_UNSIGNED_BYTE: return norm ? p[0] / 255.0f : (float)p[0];
   case GL_SHORT: { int16_t v; memcpy(&v, p, 2);
      return norm ? (2.0f * v + 1.0f) / 65535.0f : (float)v; }
   case GL_UNSIGNED_SHORT: { uint16_t v; memcpy(&v, p, 2);
      return norm ? v / 65535.0f : (float)v; }
   case GL_INT: { int32_t v; memcpy(&v, p, 4);
      return norm ? (float)((2.0 * v + 1.0) / 4294967295.0) : (float)v; }
   case GL_UNSIGNED_INT: { uint32_t v; memcpy(&v, p, 4);
      return norm ? (float)(v / 4294967295.0) : (float)v; }
   case GL_HALF_FLOAT: { uint16_t v; memcpy(&v, p, 2); return half_to_float(v); }
   case GL_FIXED: { int32_t v; memcpy(&v, p, 4); return (float)v / 65536.0f; }   /* GLES 1 */
   case GL_DOUBLE: { double v; memcpy(&v, p, 8); return (float)v; }
   default: { float v; memcpy(&v, p, 4); return v; }
   }
}

/* One packed 2_10_10_10_REV element: x in bits 0..9, w in 30..31. */
void
st_unpack_2101010(uint32_t u, bool is_signed, bool norm, float out[4])
{
   static const unsigned bits[4] = { 10, 10, 10, 2 };
   unsigned shift = 0;
   for (unsigned c = 0; c < 4; c++) {
      uint32_t raw = (u >> shift) & ((1u << bits[c]) - 1);
      shift += bits[c];
      if (is_signed) {
         int32_t v = (int32_t)(raw << (32 - bits[c])) >> (32 - bits[c]);
         float maxv = (float)((1u << bits[c]) - 1);
         out[c] = norm ? (2.0f * v + 1.0f) / maxv : (float)v;
      } else {
         out[c] = norm ? raw / (float)((1u << bits[c]) - 1) : (float)raw;
      }
   }
}

/* One packed 10F_11F_11F_REV element: unsigned 11-bit floats x (bits
 * 0..10) and y (11..21), a 10-bit z (22..31); w = 1. */
void
st_unpack_10f11f11f(uint32_t u, float out[4])
{
   util_format_unpack_rgba_float(PIPE_FORMAT_R11G11B10_FLOAT, out, &u, 1);
   out[3] = 1.0f;
}

static bool
normalized_attr(unsigned a)
{
   return a == ST_VATTR_COLOR || a == ST_VATTR_COLOR1 || a == ST_VATTR_NORMAL;
}

/* One component of an integer array (glVertexAttribIPointer): its value
 * as a 32-bit integer, sign- or zero-extended as its type is. */
static uint32_t
int_component(const uint8_t *p, GLenum type)
{
   switch (type) {
   case GL_BYTE: { int8_t v; memcpy(&v, p, 1); return (uint32_t)(int32_t)v; }
   case GL_UNSIGNED_BYTE: return p[0];
   case GL_SHORT: { int16_t v; memcpy(&v, p, 2); return (uint32_t)(int32_t)v; }
   case GL_UNSIGNED_SHORT: { uint16_t v; memcpy(&v, p, 2); return v; }
   default: { uint32_t v; memcpy(&v, p, 4); return v; }   /* GL_INT, GL_UNSIGNED_INT */
   }
}

/* Is an integer array's type unsigned (its words read as R32G32B32A32_UINT)? */
static bool
unsigned_type(GLenum type)
{
   return type == GL_UNSIGNED_BYTE || type == GL_UNSIGNED_SHORT || type == GL_UNSIGNED_INT;
}

/* Convert the element at p of array a (attribute attr). */
static void
convert(const struct st_client_array *a, unsigned attr, const uint8_t *p, float out[4])
{
   if (a->integer) {
      /* GL 3.0 section 2.8: integer arrays are not converted; missing
       * components are the integers (0, 0, 0, 1) */
      uint32_t w[4] = { 0, 0, 0, 1 };
      size_t cs = st_array_type_size(a->type);
      for (int c = 0; c < a->size && c < 4; c++)
         w[c] = int_component(p + cs * (size_t)c, a->type);
      memcpy(out, w, sizeof w);
      return;
   }
   bool norm = a->generic ? a->normalized : normalized_attr(attr);
   float v[4] = { 0, 0, 0, 1 };
   if (a->type == GL_INT_2_10_10_10_REV || a->type == GL_UNSIGNED_INT_2_10_10_10_REV) {
      uint32_t u;
      memcpy(&u, p, 4);
      st_unpack_2101010(u, a->type == GL_INT_2_10_10_10_REV, norm, v);
      if (a->size == 3 && !a->bgra)
         v[3] = 1.0f;
   } else if (a->type == GL_UNSIGNED_INT_10F_11F_11F_REV) {
      uint32_t u;
      memcpy(&u, p, 4);
      st_unpack_10f11f11f(u, v);
   } else {
      size_t cs = st_array_type_size(a->type);
      for (int c = 0; c < a->size && c < 4; c++)
         v[c] = component(p + cs * (size_t)c, a->type, norm);
   }
   if (a->bgra) {
      float t = v[0];
      v[0] = v[2];
      v[2] = t;
   }
   if (attr == ST_VATTR_NORMAL && !a->generic)
      v[3] = 0.0f;
   else if (attr == ST_VATTR_EDGEFLAG)
      v[0] = v[0] != 0.0f ? 1.0f : 0.0f;
   memcpy(out, v, sizeof v);
}

/* The enabled arrays of a draw, resolved to memory. */
struct fetch_plan {
   unsigned count;
   struct {
      unsigned attr;                   /* the array (conversion rules) */
      unsigned dst;                    /* the vertex attribute it fills */
      const struct st_client_array *a;
      const uint8_t *base;
      size_t stride, elem, limit;      /* limit: bytes readable from base (SIZE_MAX: client) */
      GLuint divisor;                  /* per-instance array: element instance / divisor */
   } src[ST_VATTR_COUNT];
   GLuint base_instance;               /* added to the per-instance arrays' elements */
};

static bool
array_active(const struct st_client_array *a)
{
   return a->enabled && (a->buffer || a->ptr);
}

bool
st_array_active(struct st_context *ctx, unsigned attr)
{
   return attr < ST_VATTR_COUNT && array_active(&ctx->draw->vao->array[attr]);
}

bool
st_position_array_active(struct st_context *ctx)
{
   return array_active(&ctx->draw->vao->array[ST_VATTR_POS]) ||
          array_active(&ctx->draw->vao->array[ST_VATTR_GENERIC0]);
}

/* False if an enabled array sources a mapped buffer.  Generic attribute
 * 0's array, when enabled, is the position (GL 2.1 section 2.8,
 * ArrayElement) and the vertex array is not read. */
static bool
make_plan(struct st_context *ctx, struct fetch_plan *plan)
{
   struct st_draw_ctx *d = ctx->draw;
   bool generic0 = array_active(&d->vao->array[ST_VATTR_GENERIC0]);
   plan->count = 0;
   plan->base_instance = 0;
   for (unsigned i = 0; i < ST_VATTR_COUNT; i++) {
      const struct st_client_array *a = &d->vao->array[i];
      if (!array_active(a) || (i == ST_VATTR_POS && generic0))
         continue;
      unsigned k = plan->count++;
      plan->src[k].attr = i;
      plan->src[k].dst = i == ST_VATTR_GENERIC0 ? ST_VATTR_POS : i;
      plan->src[k].a = a;
      plan->src[k].stride = st_array_stride(a);
      plan->src[k].elem = element_size(a);
      plan->src[k].divisor = a->generic ? a->divisor : 0;
      if (a->buffer) {
         if (a->buffer->mapped)
            return false;
         uintptr_t off = (uintptr_t)a->ptr;
         plan->src[k].base = a->buffer->data + (off < a->buffer->size ? off : a->buffer->size);
         plan->src[k].limit = off < a->buffer->size ? a->buffer->size - off : 0;
      } else {
         plan->src[k].base = a->ptr;
         plan->src[k].limit = SIZE_MAX;
      }
   }
   return true;
}

/* Convert element e of plan source k into dst; elements outside a buffer
 * object, and negative ones (a negative base vertex), are undefined in GL
 * and read (0, 0, 0, 1) here. */
static void
fetch_src(const struct fetch_plan *plan, unsigned k, int64_t e, float *dst)
{
   size_t stride = plan->src[k].stride;
   if (e < 0 || (uint64_t)e > SIZE_MAX ||
       (plan->src[k].limit != SIZE_MAX &&
        (plan->src[k].limit < plan->src[k].elem ||
         (stride && (size_t)e > (plan->src[k].limit - plan->src[k].elem) / stride)))) {
      dst[0] = dst[1] = dst[2] = 0.0f;
      dst[3] = 1.0f;
      if (plan->src[k].a->integer) {
         const uint32_t one = 1;   /* the integers (0, 0, 0, 1) */
         memcpy(&dst[3], &one, sizeof one);
      }
      return;
   }
   convert(plan->src[k].a, plan->src[k].attr, plan->src[k].base + stride * (size_t)e, dst);
}

/* Vertex e of instance `instance`: per-instance arrays read element
 * base_instance + instance / divisor (GL_ARB_instanced_arrays,
 * GL_ARB_base_instance), the others element e. */
static void
fetch(const struct st_draw_ctx *d, const struct fetch_plan *plan, int64_t e, unsigned instance,
      struct st_vertex *out)
{
   memcpy(out->attr, d->current, sizeof out->attr);
   for (unsigned k = 0; k < plan->count; k++)
      fetch_src(plan, k,
                plan->src[k].divisor ? (int64_t)plan->base_instance + instance / plan->src[k].divisor
                                     : e,
                out->attr[plan->src[k].dst]);
}

/* The integer attributes of the vertices fetch() makes with `plan`: the
 * current values' kinds, each array's instead for the attribute it fills. */
static void
plan_ints(const struct st_draw_ctx *d, const struct fetch_plan *plan, struct st_vattr_ints *out)
{
   *out = d->current_ints;
   for (unsigned k = 0; k < plan->count; k++) {
      const struct st_client_array *a = plan->src[k].a;
      uint32_t bit = 1u << plan->src[k].dst;
      out->sint &= ~bit;
      out->uint &= ~bit;
      if (a->integer && unsigned_type(a->type))
         out->uint |= bit;
      else if (a->integer)
         out->sint |= bit;
   }
}

void
st_array_vertex_ints(struct st_context *ctx, struct st_vattr_ints *out)
{
   struct fetch_plan plan;
   if (!make_plan(ctx, &plan)) {
      *out = ctx->draw->current_ints;   /* st_fetch_array_vertex's current values */
      return;
   }
   plan_ints(ctx->draw, &plan, out);
}

void
st_current_set_int(struct st_draw_ctx *d, unsigned attr, bool is_int, bool is_unsigned)
{
   uint32_t bit = 1u << attr;
   d->current_ints.sint &= ~bit;
   d->current_ints.uint &= ~bit;
   if (is_int && is_unsigned)
      d->current_ints.uint |= bit;
   else if (is_int)
      d->current_ints.sint |= bit;
}

void
st_ints_to_float(const float words[4], bool is_unsigned, float out[4])
{
   uint32_t w[4];
   memcpy(w, words, sizeof w);
   for (unsigned c = 0; c < 4; c++)
      out[c] = is_unsigned ? (float)w[c] : (float)(int32_t)w[c];
}

void
st_fetch_array_vertex(struct st_context *ctx, int64_t i, struct st_vertex *out)
{
   struct fetch_plan plan;
   if (!make_plan(ctx, &plan)) {
      memcpy(out->attr, ctx->draw->current, sizeof out->attr);
      return;
   }
   fetch(ctx->draw, &plan, i, 0, out);
}

void
st_array_element(struct st_context *ctx, size_t i)
{
   struct st_draw_ctx *d = ctx->draw;
   struct fetch_plan plan;
   if (!make_plan(ctx, &plan)) {
      st_error(ctx, GL_INVALID_OPERATION, "glArrayElement");
      return;
   }
   struct st_vertex v;
   struct st_vattr_ints ints;
   fetch(d, &plan, (int64_t)i, 0, &v);
   plan_ints(d, &plan, &ints);
   for (unsigned a = ST_VATTR_POS + 1; a < ST_VATTR_COUNT; a++) {
      const struct st_client_array *arr = &d->vao->array[a];
      if (a != ST_VATTR_GENERIC0 && array_active(arr)) {
         memcpy(d->current[a], v.attr[a], sizeof d->current[a]);
         st_current_set_int(d, a, arr->integer, unsigned_type(arr->type));
      }
   }
   if (array_active(&d->vao->array[ST_VATTR_COLOR]))
      st_color_material_track(ctx);
   if (st_position_array_active(ctx)) {
      /* a glBegin/glEnd vertex position is floats: an integer generic
       * array 0 gives its values as numbers */
      const uint32_t pos = 1u << ST_VATTR_POS;
      if ((ints.sint | ints.uint) & pos)
         st_ints_to_float(v.attr[ST_VATTR_POS], (ints.uint & pos) != 0, v.attr[ST_VATTR_POS]);
      st_immediate_vertex(ctx, v.attr[ST_VATTR_POS]);
   }
}

static size_t
index_at(GLenum type, const uint8_t *indices, size_t i)
{
   switch (type) {
   case GL_UNSIGNED_BYTE:
      return indices[i];
   case GL_UNSIGNED_SHORT: {
      uint16_t v;
      memcpy(&v, indices + 2 * i, 2);
      return v;
   }
   default: {
      uint32_t v;
      memcpy(&v, indices + 4 * i, 4);
      return v;
   }
   }
}

/* The vertex buffer of an array draw: at least n vertices. */
static struct st_vertex *
fetch_buffer(struct st_context *ctx, const char *where, size_t n)
{
   struct st_draw_ctx *d = ctx->draw;
   if (n > d->fetch_max) {
      if (n > SIZE_MAX / sizeof(struct st_vertex) || n > UINT32_MAX) {
         st_error(ctx, GL_OUT_OF_MEMORY, where);
         return NULL;
      }
      struct st_vertex *v = realloc(d->fetch_verts, n * sizeof *v);
      if (!v) {
         st_error(ctx, GL_OUT_OF_MEMORY, where);
         return NULL;
      }
      d->fetch_verts = v;
      d->fetch_max = n;
   }
   return d->fetch_verts;
}

/*
 * An indexed draw whose indices (restart indices aside) span fewer values
 * than it has elements fetches each vertex of the span once and has the
 * pipe draw them by index, which shades each once too: a million copies
 * of one index cost one vertex, not a million (docs/robustness.md).  As
 * for glDrawRangeElements, the span is the client memory the draw reads.
 * Elements are index + basevertex.  false: no reuse possible, the caller
 * fetches element by element.
 */
static bool
draw_indexed_span(struct st_context *ctx, const char *where, const struct fetch_plan *plan,
                  GLenum mode, size_t count, GLenum index_type, const uint8_t *idx,
                  GLint basevertex)
{
   struct st_draw_ctx *d = ctx->draw;
   bool restart = d->primitive_restart;
   size_t lo = SIZE_MAX, hi = 0;
   for (size_t i = 0; i < count; i++) {
      size_t e = index_at(index_type, idx, i);
      if (restart && e == d->restart_index)
         continue;
      if (e < lo)
         lo = e;
      if (e > hi)
         hi = e;
   }
   if (lo > hi)
      return true;   /* restart indices only: nothing is drawn */
   /* a span up to four times the elements is still fetched whole: its
    * records keep their gl_VertexID (index + basevertex), which the
    * element-by-element copy loses */
   if (hi - lo >= (size_t)4 * count + 64)
      return false;
   size_t span = hi - lo + 1;
   struct st_vertex *v = fetch_buffer(ctx, where, span);
   uint32_t *list = v ? malloc(count * sizeof *list) : NULL;
   if (!list) {
      if (v)
         st_error(ctx, GL_OUT_OF_MEMORY, where);
      return true;
   }
   for (size_t k = 0; k < span; k++)
      fetch(d, plan, (int64_t)(lo + k) + basevertex, 0, &v[k]);
   for (size_t i = 0; i < count; i++) {
      size_t e = index_at(index_type, idx, i);
      list[i] = restart && e == d->restart_index ? ST_DRAW_RESTART : (uint32_t)(e - lo);
   }
   d->vertex_id_bias = (int64_t)lo + basevertex;
   st_draw_vertices_indexed(ctx, mode, v, list, count);
   d->vertex_id_bias = 0;
   free(list);
   return true;
}

/* One draw of the vertices of instance `instance` (per-instance arrays read
 * at it; in GL_RENDER mode the pipe replaces them from d->instances). */
static void
draw_elements(struct st_context *ctx, const char *where, const struct fetch_plan *plan,
              GLenum mode, size_t first, size_t count, GLenum index_type, const uint8_t *idx,
              GLint basevertex, unsigned instance)
{
   struct st_draw_ctx *d = ctx->draw;
   if (idx && d->select.render_mode == GL_RENDER &&
       draw_indexed_span(ctx, where, plan, mode, count, index_type, idx, basevertex))
      return;
   struct st_vertex *v = fetch_buffer(ctx, where, count);
   if (!v)
      return;
   if (idx && d->primitive_restart) {
      /* GL_NV_primitive_restart: each run between restart indices is a
       * primitive of its own (the raw index is compared, before basevertex) */
      size_t run = 0;
      for (size_t i = 0; i < count; i++) {
         size_t e = index_at(index_type, idx, i);
         if (e == d->restart_index) {
            if (run)
               st_draw_vertices(ctx, mode, v, run);
            run = 0;
            continue;
         }
         fetch(d, plan, (int64_t)e + basevertex, instance, &v[run++]);
      }
      if (run)
         st_draw_vertices(ctx, mode, v, run);
      return;
   }
   for (size_t i = 0; i < count; i++)
      fetch(d, plan, idx ? (int64_t)index_at(index_type, idx, i) + basevertex
                         : (int64_t)(first + i), instance, &v[i]);
   /* non-indexed: the records count from the first element (an indexed
    * draw that reaches here, its indices spread far apart, numbers its
    * records from 0) */
   d->vertex_id_bias = idx ? 0 : (int64_t)first;
   st_draw_vertices(ctx, mode, v, count);
   d->vertex_id_bias = 0;
}

/* The per-instance records of an instanced draw: record k holds element
 * base_instance + k of each per-instance array (the pipe reads record
 * instance / divisor).
 * false: out of memory (raised). */
static bool
instance_records(struct st_context *ctx, const char *where, const struct fetch_plan *plan,
                 unsigned instances, struct st_draw_instances *in, struct st_vertex **recs)
{
   memset(in, 0, sizeof *in);
   in->count = instances;
   *recs = NULL;
   size_t n = 0;
   for (unsigned k = 0; k < plan->count; k++) {
      GLuint div = plan->src[k].divisor;
      if (!div)
         continue;
      unsigned dst = plan->src[k].dst;
      in->attrs |= 1u << dst;
      in->divisor[dst] = div;
      size_t need = (size_t)(instances - 1) / div + 1;
      if (need > n)
         n = need;
   }
   if (!n)
      return true;
   if (n > SIZE_MAX / sizeof(struct st_vertex) ||
       !(*recs = malloc(n * sizeof(struct st_vertex)))) {
      st_error(ctx, GL_OUT_OF_MEMORY, where);
      return false;
   }
   /* record r holds element r of every instanced array that has one: an
    * array of divisor d supplies (instances - 1) / d + 1 elements, and
    * nothing past them is read (the client's array ends there) */
   for (size_t r = 0; r < n; r++) {
      memcpy((*recs)[r].attr, ctx->draw->current, sizeof (*recs)[r].attr);
      for (unsigned k = 0; k < plan->count; k++) {
         GLuint div = plan->src[k].divisor;
         if (div && r < (size_t)(instances - 1) / div + 1)
            fetch_src(plan, k, (int64_t)plan->base_instance + (int64_t)r,
                      (*recs)[r].attr[plan->src[k].dst]);
      }
   }
   in->verts = *recs;
   return true;
}

/*
 * A non-indexed draw of one instance whose arrays are all GL_FLOAT arrays
 * in buffer objects, every element of the draw inside its buffer, is drawn
 * from the arrays in place (st_draw_vertices_direct) instead of through
 * st_vertex records: the pipe fetches the same values fetch() would
 * convert (a float element is its floats, missing components (0, 0, 0, 1);
 * the disabled arrays' attributes the current values), without writing
 * and reading back a 496-byte record per vertex.  Client memory is left
 * to the conversion (whose buffer bounds what a huge count costs), and so
 * are the conversions that are not plain copies (normals' w, edge flags,
 * the other types).  false: not drawn, the caller converts.
 */
/*
 * Held draws (ctx->draw_held, st_context.h).  A direct draw of points,
 * lines or triangles, whole primitives, outside display lists and
 * transform feedback, is held back once it passes every draw check; the
 * next direct draw that reads each array where the held one stopped (same
 * mode, strides and sizes) with the same current values is appended.  The
 * result is the same primitives in the same order from the same vertices
 * (gl_VertexID is the element index either way), drawn as one pipe draw:
 * nothing between the draws changed the state (every entry point that
 * could draws the held one first), and the arrays are in buffer objects,
 * which only entry points change.  A pixel's result does not depend on
 * which draw a primitive came in; GL 2.1 has no primitive ID.
 */
static unsigned
held_verts_per_prim(GLenum mode)
{
   switch (mode) {
   case GL_POINTS:
      return 1;
   case GL_LINES:
      return 2;
   case GL_TRIANGLES:
      return 3;
   default:
      return 0;   /* strips, loops, fans, quads: not split into draws freely */
   }
}

/* The draw continues the held one. */
static bool
held_continues(const struct st_draw_ctx *d, GLenum mode, const struct st_draw_arrays_direct *a,
               size_t count)
{
   const struct st_draw_arrays_direct *h = &d->held_arrays;
   if (mode != d->held_mode || count > UINT32_MAX - d->held_count)
      return false;
   for (unsigned i = 0; i < ST_VATTR_COUNT; i++) {
      if (a->size[i] != h->size[i])
         return false;
      if (a->size[i] && (a->stride[i] != h->stride[i] || a->ptr[i] != h->ptr[i]))
         return false;
   }
   if (a->first != h->first + d->held_count)
      return false;
   return !memcmp(a->current, h->current, sizeof a->current) &&
          a->ints.sint == h->ints.sint && a->ints.uint == h->ints.uint;
}

void
st_draw_flush_held(struct st_context *ctx)
{
   struct st_draw_ctx *d = ctx->draw;
   if (!ctx->draw_held)
      return;
   ctx->draw_held = false;   /* first: the draw's own entry points must not recurse */
   /* a context sharing the buffers may have given one a new store
    * meanwhile (glBufferData): then the held arrays point into freed
    * memory, and nothing is drawn (results are undefined without
    * synchronisation, a crash is not) */
   bool stores_kept = true;
   for (unsigned i = 0; i < d->held_num_buffers; i++)
      stores_kept = stores_kept && d->held_buffers[i]->data == d->held_stores[i];
   if (stores_kept)
      st_draw_vertices_direct(ctx, d->held_mode, &d->held_arrays, d->held_count);
   for (unsigned i = 0; i < d->held_num_buffers; i++)
      st_buffer_unref(d->held_buffers[i]);
   d->held_num_buffers = 0;
}

/* Draws `arrays` (made from `plan`), holding the draw back or appending it
 * to the held one when it can be. */
static void
draw_or_hold(struct st_context *ctx, const struct fetch_plan *plan, GLenum mode,
             const struct st_draw_arrays_direct *arrays, size_t count)
{
   struct st_draw_ctx *d = ctx->draw;
   if (ctx->draw_held) {
      if (held_continues(d, mode, arrays, count)) {
         d->held_count += count;
         d->held_appended++;
         return;
      }
      st_draw_flush_held(ctx);
   }
   unsigned n = held_verts_per_prim(mode);
   /* (a geometry shader counts gl_PrimitiveIDIn per draw: no merging) */
   if (n && count % n == 0 && count <= UINT32_MAX && ctx->dlist.depth == 0 &&
       !st_xfb_active_unpaused(ctx) && !st_glsl_geometry_stage(ctx)) {
      if (!st_draw_checks(ctx, mode))
         return;   /* nothing would be drawn; its errors are raised now */
      memcpy(&d->held_arrays, arrays, sizeof *arrays);
      d->held_mode = mode;
      d->held_count = count;
      /* the direct path's arrays are all in buffer objects */
      d->held_num_buffers = 0;
      for (unsigned k = 0; k < plan->count; k++) {
         struct st_buffer *b = plan->src[k].a->buffer;
         st_buffer_ref(b);
         d->held_buffers[d->held_num_buffers] = b;
         d->held_stores[d->held_num_buffers++] = b->data;
      }
      ctx->draw_held = true;
      return;
   }
   st_draw_vertices_direct(ctx, mode, arrays, count);
}

static bool
draw_arrays_direct(struct st_context *ctx, const struct fetch_plan *plan, GLenum mode,
                   size_t first, size_t count)
{
   struct st_draw_ctx *d = ctx->draw;
   struct st_draw_arrays_direct arrays;

   if (!plan->count || count > UINT32_MAX || first > UINT32_MAX - count)
      return false;
   memset(arrays.size, 0, sizeof arrays.size);
   for (unsigned k = 0; k < plan->count; k++) {
      const struct st_client_array *a = plan->src[k].a;
      unsigned attr = plan->src[k].attr;
      size_t stride = plan->src[k].stride, elem = plan->src[k].elem, limit = plan->src[k].limit;
      if (plan->src[k].divisor || a->type != GL_FLOAT || a->bgra || a->size < 1 ||
          a->size > 4 || attr == ST_VATTR_NORMAL || attr == ST_VATTR_EDGEFLAG ||
          stride > UINT16_MAX || limit == SIZE_MAX || limit < elem ||
          first + (count - 1) > (limit - elem) / stride)
         return false;
      unsigned dst = plan->src[k].dst;
      arrays.ptr[dst] = plan->src[k].base;
      arrays.stride[dst] = (unsigned)stride;
      arrays.size[dst] = (uint8_t)a->size;
   }
   arrays.first = first;
   memcpy(arrays.current, d->current, sizeof arrays.current);
   plan_ints(d, plan, &arrays.ints);   /* the arrays are floats: only current values */
   draw_or_hold(ctx, plan, mode, &arrays, count);
   return true;
}

void
st_draw_arrays_range(struct st_context *ctx, const char *where, GLenum mode, size_t first,
                     size_t count, GLenum index_type, const void *indices)
{
   st_draw_arrays_instanced(ctx, where, mode, first, count, index_type, indices, 0, 1, 0);
}

void
st_draw_arrays_instanced(struct st_context *ctx, const char *where, GLenum mode, size_t first,
                         size_t count, GLenum index_type, const void *indices, GLint basevertex,
                         GLsizei instances, GLuint base_instance)
{
   struct st_draw_ctx *d = ctx->draw;
   if (!st_arbprog_check_draw(ctx, where))   /* an enabled invalid ARB program */
      return;
   /* GL 2.1: no vertex array (nor generic array 0), nothing is drawn.  A
    * vertex program or shader in use reads its position from anywhere, so
    * it draws (as GL 3.1 and Mesa do; piglit's pos-array draws from generic
    * array 6); ES 2 has no vertex array at all. */
   if (!count || instances <= 0)
      return;
   if (ctx->profile != ST_PROFILE_GLES2 && !st_position_array_active(ctx) &&
       !st_arbprog_active(ctx, ST_ARBPROG_VP) && !st_glsl_vertex_stage(ctx))
      return;
   struct fetch_plan plan;
   if (!make_plan(ctx, &plan)) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   plan.base_instance = base_instance;
   if (index_type == GL_NONE) {
      /* Vertices past the end of a buffer object that holds the positions
       * are undefined in GL 2.1; none of them is drawn, so the work of a
       * draw from buffer objects is bounded by the data that exists
       * (docs/robustness.md).  A per-instance position array bounds
       * nothing: every vertex reads the same element. */
      for (unsigned k = 0; k < plan.count; k++) {
         if (plan.src[k].dst != ST_VATTR_POS || plan.src[k].limit == SIZE_MAX ||
             plan.src[k].divisor)
            continue;
         size_t limit = plan.src[k].limit, elem = plan.src[k].elem, stride = plan.src[k].stride;
         size_t have = limit < elem ? 0 : stride ? (limit - elem) / stride + 1 : SIZE_MAX;
         if (first >= have)
            return;
         if (count > have - first)
            count = have - first;
      }
   }
   const uint8_t *idx = indices;
   if (index_type != GL_NONE) {
      if (d->vao->element_buffer) {
         struct st_buffer *eb = d->vao->element_buffer;
         size_t isize = st_array_type_size(index_type == GL_UNSIGNED_BYTE ? GL_UNSIGNED_BYTE
                                          : index_type == GL_UNSIGNED_SHORT ? GL_UNSIGNED_SHORT
                                          : GL_UNSIGNED_INT);
         uintptr_t off = (uintptr_t)indices;
         if (eb->mapped) {
            st_error(ctx, GL_INVALID_OPERATION, where);
            return;
         }
         if (off > eb->size || count > (eb->size - off) / isize)
            return;   /* indices outside the buffer: nothing drawn */
         idx = eb->data + off;
      } else if (!idx) {
         return;
      }
   }
   if (d->select.render_mode != GL_RENDER) {
      /* selection and feedback: each instance's vertices in turn */
      for (GLsizei i = 0; i < instances; i++)
         draw_elements(ctx, where, &plan, mode, first, count, index_type, idx, basevertex,
                       (unsigned)i);
      return;
   }
   if (index_type == GL_NONE && instances == 1 && base_instance == 0 &&
       draw_arrays_direct(ctx, &plan, mode, first, count))
      return;
   struct st_draw_instances in;
   struct st_vertex *recs;
   if (!instance_records(ctx, where, &plan, (unsigned)instances, &in, &recs))
      return;
   d->instances = in.count > 1 || in.attrs ? &in : NULL;
   /* the records' integer attributes, for the pipe's vertex elements */
   struct st_vattr_ints ints;
   plan_ints(d, &plan, &ints);
   d->verts_ints = &ints;
   draw_elements(ctx, where, &plan, mode, first, count, index_type, idx, basevertex, 0);
   d->verts_ints = NULL;
   d->instances = NULL;
   free(recs);
}

/* --- glEnableClientState names ---------------------------------------------- */

static struct st_client_array *
array_for(struct st_context *ctx, GLenum array)
{
   struct st_draw_ctx *d = ctx->draw;
   switch (array) {
   case GL_VERTEX_ARRAY: return &d->vao->array[ST_VATTR_POS];
   case GL_COLOR_ARRAY: return &d->vao->array[ST_VATTR_COLOR];
   case GL_NORMAL_ARRAY: return &d->vao->array[ST_VATTR_NORMAL];
   case GL_SECONDARY_COLOR_ARRAY: return &d->vao->array[ST_VATTR_COLOR1];
   case GL_FOG_COORD_ARRAY: return &d->vao->array[ST_VATTR_FOG];
   case GL_EDGE_FLAG_ARRAY: return &d->vao->array[ST_VATTR_EDGEFLAG];
   case GL_TEXTURE_COORD_ARRAY: return &d->vao->array[ST_VATTR_TEX0 + d->client_active_unit];
   case GL_INDEX_ARRAY: return &d->vao->index_array;
   case GL_POINT_SIZE_ARRAY_OES:
      return ctx->profile == ST_PROFILE_GLES1 ? &d->vao->array[ST_VATTR_POINTSIZE] : NULL;
   default: return NULL;
   }
}

struct st_client_array *
st_client_array(struct st_context *ctx, GLenum array)
{
   return ctx->draw ? array_for(ctx, array) : NULL;
}

bool
st_client_array_enabled(struct st_context *ctx, GLenum array)
{
   if (array == GL_PRIMITIVE_RESTART_NV && ctx->draw && ctx->profile == ST_PROFILE_COMPAT)
      return ctx->draw->primitive_restart;
   const struct st_client_array *a = st_client_array(ctx, array);
   return a && a->enabled;
}

bool
st_client_state_set(struct st_context *ctx, GLenum array, bool on)
{
   if (array == GL_PRIMITIVE_RESTART_NV && ctx->draw && ctx->profile == ST_PROFILE_COMPAT) {
      ctx->draw->primitive_restart = on;
      return true;
   }
   struct st_client_array *a = st_client_array(ctx, array);
   if (!a)
      return false;
   a->enabled = on;
   return true;
}

bool
st_primitive_restart_cap(struct st_context *ctx, GLenum cap, int on, bool *value)
{
   if (cap != GL_PRIMITIVE_RESTART || !ctx->draw || !st_desktop(ctx) || ctx->version < 31)
      return false;
   if (on >= 0)
      ctx->draw->primitive_restart = on != 0;
   else if (value)
      *value = ctx->draw->primitive_restart;
   return true;
}

/* --- glGet ---------------------------------------------------------------------- */

static void
val(struct st_array_get_value *v, unsigned kind, unsigned count, double a, double b, double c,
    double d)
{
   v->kind = kind;
   v->count = count;
   v->d[0] = a;
   v->d[1] = b;
   v->d[2] = c;
   v->d[3] = d;
}

static double
buffer_name(const struct st_buffer *b)
{
   return b ? b->name : 0;
}

bool
st_array_get(struct st_context *ctx, GLenum pname, struct st_array_get_value *v)
{
   struct st_draw_ctx *d = ctx->draw;
   if (!d)
      return false;
   const struct st_client_array *tex = &d->vao->array[ST_VATTR_TEX0 + d->client_active_unit];
   const struct st_client_array *a = NULL;
   enum { SIZE, TYPE, STRIDE, BINDING } what;
   switch (pname) {
   case GL_VERTEX_ARRAY_SIZE: a = &d->vao->array[ST_VATTR_POS]; what = SIZE; break;
   case GL_VERTEX_ARRAY_TYPE: a = &d->vao->array[ST_VATTR_POS]; what = TYPE; break;
   case GL_VERTEX_ARRAY_STRIDE: a = &d->vao->array[ST_VATTR_POS]; what = STRIDE; break;
   case GL_VERTEX_ARRAY_BUFFER_BINDING: a = &d->vao->array[ST_VATTR_POS]; what = BINDING; break;
   case GL_NORMAL_ARRAY_TYPE: a = &d->vao->array[ST_VATTR_NORMAL]; what = TYPE; break;
   case GL_NORMAL_ARRAY_STRIDE: a = &d->vao->array[ST_VATTR_NORMAL]; what = STRIDE; break;
   case GL_NORMAL_ARRAY_BUFFER_BINDING: a = &d->vao->array[ST_VATTR_NORMAL]; what = BINDING; break;
   case GL_COLOR_ARRAY_SIZE: a = &d->vao->array[ST_VATTR_COLOR]; what = SIZE; break;
   case GL_COLOR_ARRAY_TYPE: a = &d->vao->array[ST_VATTR_COLOR]; what = TYPE; break;
   case GL_COLOR_ARRAY_STRIDE: a = &d->vao->array[ST_VATTR_COLOR]; what = STRIDE; break;
   case GL_COLOR_ARRAY_BUFFER_BINDING: a = &d->vao->array[ST_VATTR_COLOR]; what = BINDING; break;
   case GL_SECONDARY_COLOR_ARRAY_SIZE: a = &d->vao->array[ST_VATTR_COLOR1]; what = SIZE; break;
   case GL_SECONDARY_COLOR_ARRAY_TYPE: a = &d->vao->array[ST_VATTR_COLOR1]; what = TYPE; break;
   case GL_SECONDARY_COLOR_ARRAY_STRIDE: a = &d->vao->array[ST_VATTR_COLOR1]; what = STRIDE; break;
   case GL_SECONDARY_COLOR_ARRAY_BUFFER_BINDING:
      a = &d->vao->array[ST_VATTR_COLOR1]; what = BINDING; break;
   case GL_FOG_COORD_ARRAY_TYPE: a = &d->vao->array[ST_VATTR_FOG]; what = TYPE; break;
   case GL_FOG_COORD_ARRAY_STRIDE: a = &d->vao->array[ST_VATTR_FOG]; what = STRIDE; break;
   case GL_FOG_COORD_ARRAY_BUFFER_BINDING: a = &d->vao->array[ST_VATTR_FOG]; what = BINDING; break;
   case GL_EDGE_FLAG_ARRAY_STRIDE: a = &d->vao->array[ST_VATTR_EDGEFLAG]; what = STRIDE; break;
   case GL_EDGE_FLAG_ARRAY_BUFFER_BINDING:
      a = &d->vao->array[ST_VATTR_EDGEFLAG]; what = BINDING; break;
   case GL_INDEX_ARRAY_TYPE: a = &d->vao->index_array; what = TYPE; break;
   case GL_INDEX_ARRAY_STRIDE: a = &d->vao->index_array; what = STRIDE; break;
   case GL_INDEX_ARRAY_BUFFER_BINDING: a = &d->vao->index_array; what = BINDING; break;
   case GL_TEXTURE_COORD_ARRAY_SIZE: a = tex; what = SIZE; break;
   case GL_TEXTURE_COORD_ARRAY_TYPE: a = tex; what = TYPE; break;
   case GL_TEXTURE_COORD_ARRAY_STRIDE: a = tex; what = STRIDE; break;
   case GL_TEXTURE_COORD_ARRAY_BUFFER_BINDING: a = tex; what = BINDING; break;

   case GL_ARRAY_BUFFER_BINDING:
      val(v, 0, 1, buffer_name(d->array_buffer), 0, 0, 0);
      return true;
   case GL_VERTEX_ARRAY_BINDING:   /* ARB_vertex_array_object */
      if (!st_vao_in_api(ctx))
         return false;
      val(v, 0, 1, d->vao->name, 0, 0, 0);
      return true;
   case GL_ELEMENT_ARRAY_BUFFER_BINDING:
      val(v, 0, 1, buffer_name(d->vao->element_buffer), 0, 0, 0);
      return true;
   case GL_PIXEL_PACK_BUFFER_BINDING:
      val(v, 0, 1, buffer_name(d->pack_buffer), 0, 0, 0);
      return true;
   case GL_PIXEL_UNPACK_BUFFER_BINDING:
      val(v, 0, 1, buffer_name(d->unpack_buffer), 0, 0, 0);
      return true;
   case GL_COPY_READ_BUFFER_BINDING:
      val(v, 0, 1, buffer_name(d->copy_read_buffer), 0, 0, 0);
      return true;
   case GL_COPY_WRITE_BUFFER_BINDING:
      val(v, 0, 1, buffer_name(d->copy_write_buffer), 0, 0, 0);
      return true;
   case GL_DRAW_INDIRECT_BUFFER_BINDING:
      if (!ctx->caps.ext_draw_indirect)
         return false;
      val(v, 0, 1, buffer_name(d->draw_indirect_buffer), 0, 0, 0);
      return true;
   case GL_TEXTURE_BUFFER:   /* = GL_TEXTURE_BUFFER_BINDING: the buffer binding point's */
      if (!st_texbuffer_enabled(ctx))
         return false;
      val(v, 0, 1, buffer_name(d->texture_buffer), 0, 0, 0);
      return true;
   case GL_CLIENT_ACTIVE_TEXTURE:
      val(v, 1, 1, GL_TEXTURE0 + d->client_active_unit, 0, 0, 0);
      return true;
   case GL_PRIMITIVE_RESTART_INDEX_NV:
      if (ctx->profile != ST_PROFILE_COMPAT)
         return false;
      val(v, 0, 1, d->restart_index, 0, 0, 0);
      return true;
   case GL_PRIMITIVE_RESTART_INDEX:   /* GL 3.1: the same index */
      if (!st_desktop(ctx) || ctx->version < 31)
         return false;
      val(v, 0, 1, d->restart_index, 0, 0, 0);
      return true;
   case GL_CURRENT_SECONDARY_COLOR: {
      const float *c = d->current[ST_VATTR_COLOR1];
      val(v, 4, 4, c[0], c[1], c[2], c[3]);
      return true;
   }
   case GL_CURRENT_FOG_COORD:
      val(v, 3, 1, d->current[ST_VATTR_FOG][0], 0, 0, 0);
      return true;
   case GL_EDGE_FLAG:
      val(v, 2, 1, d->current[ST_VATTR_EDGEFLAG][0] != 0.0f, 0, 0, 0);
      return true;
   case GL_CURRENT_INDEX:
      val(v, 3, 1, d->current_index, 0, 0, 0);
      return true;
   case GL_MAX_ELEMENTS_VERTICES:
   case GL_MAX_ELEMENTS_INDICES:
      /* recommendations only: any count is drawn */
      val(v, 0, 1, 1 << 20, 0, 0, 0);
      return true;
   default:
      return false;
   }
   switch (what) {
   case SIZE:
      val(v, a->bgra ? 1 : 0, 1, a->bgra ? GL_BGRA : a->size, 0, 0, 0);
      break;
   case TYPE:
      val(v, 1, 1, a->type == GL_BOOL ? GL_UNSIGNED_BYTE : a->type, 0, 0, 0);
      break;
   case STRIDE:
      val(v, 0, 1, a->stride, 0, 0, 0);
      break;
   default:
      val(v, 0, 1, buffer_name(a->buffer), 0, 0, 0);
      break;
   }
   return true;
}

/* --- client attribute stack ----------------------------------------------------- */

void
st_client_arrays_push(struct st_context *ctx, struct st_client_attrib_frame *f)
{
   struct st_draw_ctx *d = ctx->draw;
   f->vao = *d->vao;
   f->client_active_unit = d->client_active_unit;
   f->primitive_restart = d->primitive_restart;
   f->restart_index = d->restart_index;
   f->array_buffer = d->array_buffer;
   st_client_arrays_ref(f->vao.array, ST_VATTR_COUNT);
   st_client_arrays_ref(&f->vao.index_array, 1);
   st_buffer_ref(f->vao.element_buffer);
   st_buffer_ref(f->array_buffer);
}

void
st_client_arrays_pop(struct st_context *ctx, struct st_client_attrib_frame *f)
{
   struct st_draw_ctx *d = ctx->draw;
   /* VERTEX_ARRAY_BINDING is in the vertex-array group (ARB_vertex_array_object,
    * New State): the pushed object is bound again and gets the pushed array
    * state.  If it was deleted meanwhile, its state went with it: 0 is bound
    * and keeps its own arrays. */
   struct st_vao *v = f->vao.name ? st_names_lookup(&d->vaos, f->vao.name) : &d->default_vao;
   if (v) {
      d->vao = v;
      /* the frame's references move into the object */
      st_vao_release(v);
      GLuint name = v->name;
      *v = f->vao;
      v->name = name;
      memset(&f->vao, 0, sizeof f->vao);
   } else {
      d->vao = &d->default_vao;
      st_vao_release(&f->vao);
   }
   st_buffer_unref(d->array_buffer);
   d->client_active_unit = f->client_active_unit;
   d->primitive_restart = f->primitive_restart;
   d->restart_index = f->restart_index;
   d->array_buffer = f->array_buffer;
   f->array_buffer = NULL;
}
