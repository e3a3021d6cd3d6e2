/*
 * Per-vertex materials of a glBegin/glEnd batch (see st_material.h).
 *
 * The fixed-function vertex shader takes materials from constants, except
 * the properties GL_COLOR_MATERIAL routes from the vertex colour.  When
 * lighting is on, the vertex colour has no other use, so a batch whose
 * glMaterial calls change one colour-material-able property (GL_AMBIENT,
 * GL_DIFFUSE, GL_SPECULAR, GL_EMISSION, or ambient and diffuse equal) of
 * one face or of both faces equally is drawn exactly: with colour
 * material temporarily routing that property, and each vertex's colour
 * replaced by its material value.  Other batches (several properties,
 * shininess, GL_COLOR_MATERIAL already on) are drawn per run of vertices
 * sharing a material where the primitive type makes that equivalent
 * (points, lines, triangles, quads split at primitive boundaries), and
 * otherwise with the last material (a documented limitation).
 */
#include <stdlib.h>
#include <string.h>

#include "st_context.h"
#include "st_draw.h"
#include "st_material.h"

struct st_material_seg {
   size_t start;                    /* first vertex using this material */
   struct ff_material mat[2];       /* front, back */
};

struct st_material_batch {
   bool active;                     /* glMaterial seen in this glBegin/glEnd */
   struct st_material_seg *segs;
   size_t num_segs, max_segs;
   struct st_vertex *tmp;           /* vertices with replaced colours */
   size_t max_tmp;
   bool out_of_memory;
};

static struct st_material_seg *
add_seg(struct st_material_batch *b)
{
   if (b->num_segs == b->max_segs) {
      size_t n = b->max_segs ? b->max_segs * 2 : 8;
      struct st_material_seg *s = realloc(b->segs, n * sizeof *s);
      if (!s) {
         b->out_of_memory = true;
         return NULL;
      }
      b->segs = s;
      b->max_segs = n;
   }
   return &b->segs[b->num_segs++];
}

void
st_material_batch_before(struct st_context *ctx)
{
   struct st_material_batch *b = ctx->mat_batch;
   if (!b) {
      b = calloc(1, sizeof *b);
      if (!b)
         return;   /* falls back to the last material */
      ctx->mat_batch = b;
   }
   if (b->active)
      return;
   b->active = true;
   b->num_segs = 0;
   b->out_of_memory = false;
   struct st_material_seg *s = add_seg(b);
   if (s) {
      s->start = 0;
      memcpy(s->mat, ctx->draw->lighting.material, sizeof s->mat);
   }
}

void
st_material_batch_after(struct st_context *ctx)
{
   struct st_material_batch *b = ctx->mat_batch;
   if (!b || !b->active || b->out_of_memory)
      return;
   size_t at = ctx->draw->num_verts;
   struct st_material_seg *s = b->num_segs && b->segs[b->num_segs - 1].start == at ?
                               &b->segs[b->num_segs - 1] : add_seg(b);
   if (!s)
      return;
   s->start = at;
   memcpy(s->mat, ctx->draw->lighting.material, sizeof s->mat);
}

void
st_material_batch_destroy(struct st_context *ctx)
{
   struct st_material_batch *b = ctx->mat_batch;
   if (!b)
      return;
   free(b->segs);
   free(b->tmp);
   free(b);
   ctx->mat_batch = NULL;
}

enum { P_AMBIENT, P_DIFFUSE, P_SPECULAR, P_EMISSION, P_COUNT };

static const float *
prop(const struct ff_material *m, unsigned p)
{
   switch (p) {
   case P_AMBIENT: return m->ambient;
   case P_DIFFUSE: return m->diffuse;
   case P_SPECULAR: return m->specular;
   default: return m->emission;
   }
}

static bool
eq4(const float *a, const float *b)
{
   return memcmp(a, b, 4 * sizeof(float)) == 0;
}

/* The colour-material face and mode reproducing the batch's material
 * changes, and the property (P_*) whose values the vertices carry; false
 * if none does. */
static bool
as_color_material(const struct st_material_batch *b, GLenum *face, GLenum *mode, unsigned *p_out)
{
   unsigned changed[2] = { 0, 0 };   /* per face, bit per P_* */
   const struct st_material_seg *s0 = &b->segs[0];
   for (size_t i = 1; i < b->num_segs; i++)
      for (unsigned f = 0; f < 2; f++) {
         if (b->segs[i].mat[f].shininess != s0->mat[f].shininess)
            return false;
         for (unsigned p = 0; p < P_COUNT; p++)
            if (!eq4(prop(&b->segs[i].mat[f], p), prop(&s0->mat[f], p)))
               changed[f] |= 1u << p;
      }
   unsigned props = changed[0] | changed[1];
   if (!props)
      return false;
   unsigned f0 = changed[0] ? 0 : 1;   /* the face whose values the vertices carry */
   if (changed[0] && changed[1]) {
      if (changed[0] != changed[1])
         return false;
      for (size_t i = 0; i < b->num_segs; i++)   /* both faces must agree */
         for (unsigned p = 0; p < P_COUNT; p++)
            if ((props & (1u << p)) &&
                !eq4(prop(&b->segs[i].mat[0], p), prop(&b->segs[i].mat[1], p)))
               return false;
      *face = GL_FRONT_AND_BACK;
   } else {
      *face = changed[0] ? GL_FRONT : GL_BACK;
   }
   switch (props) {
   case 1u << P_AMBIENT: *mode = GL_AMBIENT; *p_out = P_AMBIENT; return true;
   case 1u << P_DIFFUSE: *mode = GL_DIFFUSE; *p_out = P_DIFFUSE; return true;
   case 1u << P_SPECULAR: *mode = GL_SPECULAR; *p_out = P_SPECULAR; return true;
   case 1u << P_EMISSION: *mode = GL_EMISSION; *p_out = P_EMISSION; return true;
   case (1u << P_AMBIENT) | (1u << P_DIFFUSE):
      for (size_t i = 0; i < b->num_segs; i++)
         if (!eq4(b->segs[i].mat[f0].ambient, b->segs[i].mat[f0].diffuse))
            return false;
      *mode = GL_AMBIENT_AND_DIFFUSE;
      *p_out = P_DIFFUSE;
      return true;
   default:
      return false;
   }
}

static void
set_cap(struct st_context *ctx, enum st_cap cap, bool on)
{
   uint64_t bit = 1ull << (cap % 64);
   if (on)
      ctx->enable.bits[cap / 64] |= bit;
   else
      ctx->enable.bits[cap / 64] &= ~bit;
}

/* Vertices per primitive of the independent primitive types (0: others). */
static unsigned
prim_size(GLenum mode)
{
   switch (mode) {
   case GL_POINTS: return 1;
   case GL_LINES: return 2;
   case GL_TRIANGLES: return 3;
   case GL_QUADS: return 4;
   default: return 0;
   }
}

/* Draw runs of whole primitives sharing a material; false if a material
 * change falls inside a primitive. */
static bool
draw_split(struct st_context *ctx, GLenum mode, const struct st_vertex *v, size_t count,
           const struct st_material_batch *b)
{
   unsigned ps = prim_size(mode);
   if (!ps)
      return false;
   for (size_t i = 0; i < b->num_segs; i++)
      if (b->segs[i].start % ps != 0 && b->segs[i].start < count)
         return false;
   struct st_lighting_vals *l = &ctx->draw->lighting;
   struct ff_material last[2];
   memcpy(last, l->material, sizeof last);
   for (size_t i = 0; i < b->num_segs; i++) {
      size_t start = b->segs[i].start;
      size_t end = i + 1 < b->num_segs ? b->segs[i + 1].start : count;
      if (end > count)
         end = count;
      if (end <= start)
         continue;
      memcpy(l->material, b->segs[i].mat, sizeof l->material);
      st_draw_vertices(ctx, mode, v + start, end - start);
   }
   memcpy(l->material, last, sizeof last);
   return true;
}

bool
st_material_batch_draw(struct st_context *ctx, GLenum mode, const struct st_vertex *v,
                       size_t count)
{
   struct st_material_batch *b = ctx->mat_batch;
   if (!b || !b->active)
      return false;
   b->active = false;
   if (count == 0)
      return true;
   if (b->out_of_memory || b->num_segs < 2 || !st_is_enabled(ctx, ST_CAP_LIGHTING))
      return false;   /* unlit: materials do not show */

   GLenum face, mode_cm;
   unsigned p;
   if (!st_is_enabled(ctx, ST_CAP_COLOR_MATERIAL) && as_color_material(b, &face, &mode_cm, &p)) {
      if (count > b->max_tmp) {
         struct st_vertex *t = realloc(b->tmp, count * sizeof *t);
         if (!t) {
            st_error(ctx, GL_OUT_OF_MEMORY, "glEnd");
            return true;
         }
         b->tmp = t;
         b->max_tmp = count;
      }
      memcpy(b->tmp, v, count * sizeof *v);
      unsigned f0 = face == GL_BACK ? 1 : 0;
      size_t seg = 0;
      for (size_t i = 0; i < count; i++) {
         while (seg + 1 < b->num_segs && b->segs[seg + 1].start <= i)
            seg++;
         memcpy(b->tmp[i].attr[ST_VATTR_COLOR], prop(&b->segs[seg].mat[f0], p),
                4 * sizeof(float));
      }
      struct st_lighting_vals *l = &ctx->draw->lighting;
      GLenum saved_face = l->cm_face, saved_mode = l->cm_mode;
      l->cm_face = face;
      l->cm_mode = mode_cm;
      set_cap(ctx, ST_CAP_COLOR_MATERIAL, true);
      st_draw_vertices(ctx, mode, b->tmp, count);
      set_cap(ctx, ST_CAP_COLOR_MATERIAL, false);
      l->cm_face = saved_face;
      l->cm_mode = saved_mode;
      return true;
   }
   return draw_split(ctx, mode, v, count, b);
}
