/*
 * draw: context creation, state setters and the vertex layout.
 */
#include <stdlib.h>
#include <string.h>

#include "draw_private.h"

static void
default_rasterizer(struct pipe_rasterizer_state *r)
{
   memset(r, 0, sizeof(*r));
   r->point_size = 1.0f;
   r->line_width = 1.0f;
   r->depth_clip_near = 1;
   r->depth_clip_far = 1;
}

static void
default_viewport(struct pipe_viewport_state *vp)
{
   for (unsigned i = 0; i < 3; i++) {
      vp->scale[i] = 1.0f;
      vp->translate[i] = 0.0f;
   }
}

struct draw_context *
draw_create(void)
{
   struct draw_context *draw = calloc(1, sizeof(*draw));
   if (!draw)
      return NULL;
   default_rasterizer(&draw->rast);
   default_viewport(&draw->viewport);
   draw->edgeflag_element = -1;
   draw->mrd = 1.0f / 16777215.0f;
   draw->min_point = 1.0f;
   draw->max_point = 255.0f;
   draw->min_line = 1.0f;
   draw->max_line = 255.0f;
   for (unsigned i = 0; i < 2; i++) {
      draw->color_front[i] = -1;
      draw->color_back[i] = -1;
   }
   draw_update_layout(draw);
   return draw;
}

void
draw_destroy(struct draw_context *draw)
{
   if (!draw)
      return;
   free(draw->scratch);
   free(draw->scratch_idx);
   free(draw->scratch_edge);
   for (unsigned i = 0; i < DRAW_NUM_BUFFERS; i++)
      free(draw->buffers[i].ptr);
   free(draw);
}

void
draw_set_rasterize_stage(struct draw_context *draw, const struct draw_raster_iface *iface,
                         void *priv)
{
   if (!draw)
      return;
   draw->raster = iface;
   draw->raster_priv = priv;
}

void
draw_set_rasterizer_state(struct draw_context *draw, const struct pipe_rasterizer_state *rast)
{
   if (!draw)
      return;
   if (rast)
      draw->rast = *rast;
   else
      default_rasterizer(&draw->rast);
   draw_update_layout(draw);   /* flatshade changes which slots are flat */
}

void
draw_set_viewport_states(struct draw_context *draw, unsigned start, unsigned num,
                         const struct pipe_viewport_state *vps)
{
   if (!draw || start > 0 || num == 0)
      return;
   if (vps)
      draw->viewport = vps[0];
   else
      default_viewport(&draw->viewport);
}

void
draw_set_clip_state(struct draw_context *draw, const struct pipe_clip_state *clip)
{
   if (!draw)
      return;
   if (clip)
      draw->clip = *clip;
   else
      memset(&draw->clip, 0, sizeof(draw->clip));
}

void
draw_set_vertex_buffers(struct draw_context *draw, unsigned start, unsigned count,
                        const struct pipe_vertex_buffer *buffers)
{
   if (!draw)
      return;
   for (unsigned i = 0; i < count && start + i < DRAW_MAX_VERTEX_BUFFERS; i++) {
      struct draw_vertex_buffer *vb = &draw->vb[start + i];
      memset(vb, 0, sizeof(*vb));
      if (!buffers)
         continue;
      vb->templ = buffers[i];
      if (vb->templ.is_user_buffer) {
         vb->data = vb->templ.buffer.user;
         vb->size = SIZE_MAX;
      }
   }
}

void
draw_set_mapped_vertex_buffer(struct draw_context *draw, unsigned index,
                              const void *data, size_t size)
{
   if (!draw || index >= DRAW_MAX_VERTEX_BUFFERS)
      return;
   draw->vb[index].data = data;
   draw->vb[index].size = data ? size : 0;
}

void
draw_set_vertex_elements(struct draw_context *draw, unsigned count,
                         const struct pipe_vertex_element *elements)
{
   if (!draw)
      return;
   if (!elements)
      count = 0;
   if (count > DRAW_MAX_VERTEX_ELEMENTS)
      count = DRAW_MAX_VERTEX_ELEMENTS;
   draw->num_elements = count;
   if (count)
      memcpy(draw->elements, elements, count * sizeof(*elements));
   draw_fetch_resolve_elements(draw);
}

void
draw_set_edgeflag_element(struct draw_context *draw, int element)
{
   if (draw)
      draw->edgeflag_element = element;
}

void
draw_set_vertex_shader(struct draw_context *draw, struct draw_vertex_shader *vs)
{
   if (!draw)
      return;
   draw->vs = vs;
   draw_update_layout(draw);
}

void
draw_delete_vertex_shader(struct draw_context *draw, struct draw_vertex_shader *vs)
{
   if (!vs)
      return;
   if (draw && draw->vs == vs)
      draw_set_vertex_shader(draw, NULL);
   if (vs->destroy)
      vs->destroy(vs);
}

void
draw_set_geometry_shader(struct draw_context *draw, struct draw_geometry_shader *gs)
{
   if (!draw)
      return;
   draw->gs = gs;
   draw_update_layout(draw);
}

void
draw_delete_geometry_shader(struct draw_context *draw, struct draw_geometry_shader *gs)
{
   if (!gs)
      return;
   if (draw && draw->gs == gs)
      draw_set_geometry_shader(draw, NULL);
   if (gs->destroy)
      gs->destroy(gs);
}

void
draw_set_mapped_constant_buffer(struct draw_context *draw, enum pipe_shader_type stage,
                                unsigned index, const void *data, unsigned size)
{
   if (!draw || index >= PIPE_MAX_CONSTANT_BUFFERS)
      return;
   struct draw_cbuf *cb = stage == PIPE_SHADER_VERTEX ? &draw->cbufs[index] :
                          stage == PIPE_SHADER_GEOMETRY ? &draw->gs_cbufs[index] : NULL;
   if (!cb)
      return;
   cb->data = data;
   cb->size = data ? size : 0;
}

void
draw_set_sampler_iface(struct draw_context *draw, enum pipe_shader_type stage,
                       const struct irexec_sampler_iface *sampler)
{
   if (!draw)
      return;
   if (stage == PIPE_SHADER_VERTEX)
      draw->sampler = sampler;
   else if (stage == PIPE_SHADER_GEOMETRY)
      draw->gs_sampler = sampler;
}

void
draw_set_mapped_index_buffer(struct draw_context *draw, const void *data, size_t size)
{
   if (!draw)
      return;
   draw->index_data = data;
   draw->index_size = data ? size : 0;
}

void
draw_set_stream_output(struct draw_context *draw, const struct pipe_stream_output_info *info,
                       unsigned num_targets, const struct draw_so_target *targets)
{
   if (!draw)
      return;
   memset(&draw->so_info, 0, sizeof(draw->so_info));
   memset(draw->so_targets, 0, sizeof(draw->so_targets));
   draw->so_enabled = info && info->num_outputs > 0;
   if (info)
      draw->so_info = *info;
   if (draw->so_info.num_outputs > PIPE_MAX_SO_OUTPUTS)
      draw->so_info.num_outputs = PIPE_MAX_SO_OUTPUTS;
   if (!targets)
      num_targets = 0;
   if (num_targets > PIPE_MAX_SO_BUFFERS)
      num_targets = PIPE_MAX_SO_BUFFERS;
   draw->num_so_targets = num_targets;
   for (unsigned i = 0; i < num_targets; i++)
      draw->so_targets[i] = targets[i];
}

unsigned
draw_get_stream_output_offset(const struct draw_context *draw, unsigned buffer)
{
   if (!draw || buffer >= PIPE_MAX_SO_BUFFERS)
      return 0;
   return draw->so_targets[buffer].offset;
}

void
draw_get_statistics(const struct draw_context *draw, struct draw_statistics *stats)
{
   if (!stats)
      return;
   if (!draw) {
      memset(stats, 0, sizeof(*stats));
      return;
   }
   *stats = draw->stats;
}

void
draw_set_polygon_offset_resolution(struct draw_context *draw, float mrd, bool float_depth)
{
   if (!draw)
      return;
   draw->mrd = mrd;
   draw->float_depth = float_depth;
}

void
draw_set_size_limits(struct draw_context *draw, float min_point, float max_point,
                     float min_line, float max_line)
{
   if (!draw)
      return;
   draw->min_point = min_point;
   draw->max_point = max_point >= min_point ? max_point : min_point;
   draw->min_line = min_line;
   draw->max_line = max_line >= min_line ? max_line : min_line;
}

void
draw_set_color_locations(struct draw_context *draw, const int front[2], const int back[2])
{
   if (!draw)
      return;
   for (unsigned i = 0; i < 2; i++) {
      draw->color_front[i] = front ? front[i] : -1;
      draw->color_back[i] = back ? back[i] : -1;
   }
   draw_update_layout(draw);
}

void
draw_set_sprite_coord_base(struct draw_context *draw, int base)
{
   if (!draw)
      return;
   draw->sprite_coord_base = base;
   draw_update_layout(draw);
}

static int
find_generic(const struct draw_context *draw, unsigned num, int location)
{
   if (location < 0)
      return -1;
   for (unsigned i = 0; i < num; i++) {
      if (draw->attrib_slots[i].semantic == IR_SEM_GENERIC &&
          draw->attrib_slots[i].location == location)
         return (int)i;
   }
   return -1;
}

/* Which VS output feeds each GS input slot: the same semantic and
 * location (generic locations, elements of built-in arrays). */
static void
update_gs_inputs(struct draw_context *draw)
{
   const struct draw_geometry_shader *gs = draw->gs;
   const struct draw_vertex_shader *vs = draw->vs;
   unsigned ni = gs && gs->inputs ? gs->num_inputs : 0;
   unsigned no = vs && vs->outputs ? vs->num_outputs : 0;

   for (unsigned s = 0; s < ni && s < DRAW_MAX_VS_SLOTS; s++) {
      draw->gs_input_map[s] = -1;
      for (unsigned o = 0; o < no && o < DRAW_MAX_VS_SLOTS; o++) {
         if (vs->outputs[o].semantic == gs->inputs[s].semantic &&
             vs->outputs[o].location == gs->inputs[s].location) {
            draw->gs_input_map[s] = (int16_t)o;
            break;
         }
      }
   }
}

/*
 * Recomputes everything that depends on the last vertex stage's outputs
 * (the GS's when one is bound, else the VS's) and on the few rasterizer
 * bits that change how outputs are interpolated.  Called by the setters
 * of the VS, the GS, the rasterizer and the colour/sprite locations.
 */
void
draw_update_layout(struct draw_context *draw)
{
   const struct draw_vertex_shader *vs = draw->vs;
   const struct draw_geometry_shader *gs = draw->gs;
   unsigned n = gs ? gs->num_outputs : vs ? vs->num_outputs : 0;
   const struct draw_vs_slot *outputs = gs ? gs->outputs : vs ? vs->outputs : NULL;

   if (n > DRAW_MAX_VS_SLOTS || (n && !outputs))
      n = 0;
   for (unsigned i = 0; i < n; i++)
      draw->attrib_slots[i] = outputs[i];
   update_gs_inputs(draw);

   /* the point coordinate */
   struct draw_vs_slot *pc = &draw->attrib_slots[n];
   pc->semantic = IR_SEM_POINT_COORD;
   pc->location = 0;
   pc->comps = 2;
   pc->base = IR_FLOAT;
   pc->interp = IR_INTERP_NOPERSPECTIVE;

   draw->num_attribs = n + 1;
   draw->pcoord_slot = (int)n;
   draw->stride = 8 + 4 * draw->num_attribs;
   draw->pos_slot = -1;
   draw->psize_slot = -1;
   draw->num_clipdist = 0;

   for (unsigned i = 0; i < n; i++) {
      const struct draw_vs_slot *s = &draw->attrib_slots[i];
      if (s->semantic == IR_SEM_POSITION && draw->pos_slot < 0)
         draw->pos_slot = (int)i;
      else if (s->semantic == IR_SEM_POINT_SIZE && draw->psize_slot < 0)
         draw->psize_slot = (int)i;
      else if (s->semantic == IR_SEM_CLIP_DISTANCE) {
         unsigned comps = s->comps > 4 ? 4 : s->comps;
         for (unsigned c = 0; c < comps && draw->num_clipdist < PIPE_MAX_CLIP_PLANES; c++) {
            draw->clipdist_slot[draw->num_clipdist] = (uint8_t)i;
            draw->clipdist_comp[draw->num_clipdist] = (uint8_t)c;
            draw->num_clipdist++;
         }
      }
   }

   for (unsigned i = 0; i < 2; i++) {
      draw->front_color_slot[i] = find_generic(draw, n, draw->color_front[i]);
      draw->back_color_slot[i] = find_generic(draw, n, draw->color_back[i]);
   }
   for (unsigned i = 0; i < 8; i++)
      draw->sprite_slot[i] = find_generic(draw, n, draw->sprite_coord_base + (int)i);

   for (unsigned i = 0; i < draw->num_attribs; i++) {
      const struct draw_vs_slot *s = &draw->attrib_slots[i];
      uint8_t kind = DRAW_INTERP_PERSPECTIVE;
      if (s->base != IR_FLOAT || s->interp == IR_INTERP_FLAT)
         kind = DRAW_INTERP_CONSTANT;
      else if (s->interp == IR_INTERP_NOPERSPECTIVE)
         kind = DRAW_INTERP_LINEAR;
      draw->interp[i] = kind;
   }
   if (draw->rast.flatshade) {
      /* the shade model applies to colours without an interpolation
       * qualifier (GLSL 1.30 section 4.3.7) */
      for (unsigned i = 0; i < 2; i++) {
         int f = draw->front_color_slot[i], b = draw->back_color_slot[i];
         if (f >= 0 && !draw->attrib_slots[f].interp_explicit)
            draw->interp[f] = DRAW_INTERP_CONSTANT;
         if (b >= 0 && !draw->attrib_slots[b].interp_explicit)
            draw->interp[b] = DRAW_INTERP_CONSTANT;
      }
   }
   draw->any_flat = false;
   for (unsigned i = 0; i < draw->num_attribs; i++)
      draw->any_flat |= draw->interp[i] == DRAW_INTERP_CONSTANT;
}

float *
draw_scratch_vertices(struct draw_context *draw, unsigned n)
{
   if (n > draw->scratch_capacity) {
      unsigned cap = n < 64 ? 64 : n;
      float *p = realloc(draw->scratch, sizeof(float) * DRAW_MAX_STRIDE * (size_t)cap);
      if (!p)
         return NULL;
      draw->scratch = p;
      draw->scratch_capacity = cap;
   }
   return draw->scratch;
}

void *
draw_buffer(struct draw_context *draw, enum draw_buffer_id id, size_t bytes)
{
   if (bytes > draw->buffers[id].size) {
      /* nothing to keep: no realloc copy */
      free(draw->buffers[id].ptr);
      draw->buffers[id].ptr = malloc(bytes);
      draw->buffers[id].size = draw->buffers[id].ptr ? bytes : 0;
   }
   return draw->buffers[id].ptr;
}

void
draw_buffers_trim(struct draw_context *draw)
{
   for (unsigned i = 0; i < DRAW_NUM_BUFFERS; i++) {
      if (draw->buffers[i].size > DRAW_BUFFER_KEEP_BYTES) {
         free(draw->buffers[i].ptr);
         draw->buffers[i].ptr = NULL;
         draw->buffers[i].size = 0;
      }
   }
}

unsigned
draw_get_vs_outputs(const struct draw_context *draw, const struct draw_vs_slot **slots)
{
   if (!draw) {
      if (slots)
         *slots = NULL;
      return 0;
   }
   if (slots)
      *slots = draw->attrib_slots;
   return draw->num_attribs;
}

unsigned
draw_get_num_attribs(const struct draw_context *draw)
{
   return draw ? draw->num_attribs : 0;
}

unsigned
draw_get_vertex_stride(const struct draw_context *draw)
{
   return draw ? draw->stride : 8;
}

int
draw_find_output(const struct draw_context *draw, enum ir_semantic semantic, int location)
{
   if (!draw)
      return -1;
   if (semantic == IR_SEM_POINT_COORD)
      return draw->pcoord_slot;
   if (semantic == IR_SEM_GENERIC) {
      int slot = find_generic(draw, draw->num_attribs - 1, location);
      /* GL 3.2 compat section 3.4.1: with COORD_REPLACE the sprite's
       * coordinates replace the texture coordinates, whether or not the
       * vertex stage wrote them */
      int b = location - draw->sprite_coord_base;
      if (slot < 0 && location >= 0 && draw->rast.point_quad_rasterization && b >= 0 && b < 8 &&
          (draw->rast.sprite_coord_enable >> b & 1u))
         slot = draw->pcoord_slot;
      return slot;
   }
   if (semantic == IR_SEM_CLIP_DISTANCE)   /* distance number location */
      return location >= 0 && location < (int)draw->num_clipdist
                ? draw->clipdist_slot[location] : -1;
   for (unsigned i = 0; i + 1 < draw->num_attribs; i++) {
      if (draw->attrib_slots[i].semantic == semantic)
         return (int)i;
   }
   return -1;
}

void
draw_flush(struct draw_context *draw)
{
   if (draw && draw->raster && draw->raster->flush)
      draw->raster->flush(draw->raster_priv);
}

bool
draw_output_is_flat(const struct draw_context *draw, unsigned slot)
{
   if (!draw || slot >= draw->num_attribs)
      return false;
   return draw->interp[slot] == DRAW_INTERP_CONSTANT;
}
