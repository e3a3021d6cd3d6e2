/*
 * Transform feedback: state, bindings and the draw side (st_xfb.h).
 */
#include "st_xfb.h"

#include <stdlib.h>
#include <string.h>

#include "compiler/glsl/glsl_compiler.h"
#include "compiler/ir/ir.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "st_buffer.h"
#include "st_context.h"
#include "st_glsl.h"
#include "util/u_inlines.h"

static void
object_release(struct st_xfb_object *o)
{
   for (unsigned i = 0; i < ST_XFB_MAX_BUFFERS; i++)
      st_buffer_reference(&o->bind[i].buffer, NULL);
   st_glsl_linked_unref(o->linked);
   o->linked = NULL;
}

static void
object_destroy_cb(void *obj, void *data)
{
   (void)data;
   object_release(obj);
   free(obj);
}

bool
st_xfb_enabled(const struct st_context *ctx)
{
   /* GL 3.0 / EXT_transform_feedback, ES 3.0 */
   return ctx->caps.xfb && (st_desktop(ctx) || st_es3(ctx));
}

bool
st_xfb_init(struct st_context *ctx)
{
   struct st_xfb_ctx *x = calloc(1, sizeof *x);
   if (!x)
      return false;
   x->default_obj.bound_once = true;
   x->current = &x->default_obj;
   st_names_init(&x->objects);
   ctx->xfb = x;
   return true;
}

void
st_xfb_fini(struct st_context *ctx)
{
   struct st_xfb_ctx *x = ctx->xfb;
   if (!x)
      return;
   if (x->emitted && ctx->pipe && ctx->pipe->destroy_query)
      ctx->pipe->destroy_query(ctx->pipe, x->emitted);
   object_release(&x->default_obj);
   st_names_fini(&x->objects, object_destroy_cb, NULL);
   st_buffer_reference(&x->generic, NULL);
   free(x);
   ctx->xfb = NULL;
}

bool
st_xfb_active_unpaused(const struct st_context *ctx)
{
   const struct st_xfb_object *o = ctx->xfb ? ctx->xfb->current : NULL;
   return o && o->active && !o->paused;
}

struct capturing_walk {
   const struct st_glsl_linked *linked;
   bool found;
};

static void
capturing_cb(GLuint name, void *obj, void *data)
{
   struct capturing_walk *w = data;
   const struct st_xfb_object *o = obj;
   (void)name;
   if (o && o->active && o->linked == w->linked)
      w->found = true;
}

bool
st_xfb_program_capturing(const struct st_context *ctx, const struct st_glsl_program *p)
{
   struct st_xfb_ctx *x = ctx->xfb;
   if (!x || !p || !p->linked)
      return false;
   /* GL 4.0 section 2.17.2: a program used by an active object, bound or
    * not, paused or not */
   struct capturing_walk w = { p->linked, false };
   capturing_cb(0, &x->default_obj, &w);
   st_names_foreach(&x->objects, capturing_cb, &w);
   return w.found;
}

struct st_buffer **
st_xfb_generic_binding(struct st_context *ctx)
{
   return ctx->xfb ? &ctx->xfb->generic : NULL;
}

static void
unbind_cb(GLuint name, void *obj, void *data)
{
   struct st_xfb_object *o = obj;
   struct st_buffer *b = data;
   (void)name;
   for (unsigned i = 0; o && i < ST_XFB_MAX_BUFFERS; i++)
      if (o->bind[i].buffer == b)
         st_buffer_reference(&o->bind[i].buffer, NULL);
}

void
st_xfb_unbind_buffer(struct st_context *ctx, struct st_buffer *b)
{
   struct st_xfb_ctx *x = ctx->xfb;
   if (!x)
      return;
   if (x->generic == b)
      st_buffer_reference(&x->generic, NULL);
   unbind_cb(0, &x->default_obj, b);
   st_names_foreach(&x->objects, unbind_cb, b);
}

void
st_xfb_bind_buffer(struct st_context *ctx, GLuint index, GLuint buffer, int64_t offset,
                   int64_t size, enum st_xfb_bind_kind kind, const char *where)
{
   struct st_xfb_ctx *x = ctx->xfb;
   /* EXT_transform_feedback, Errors */
   if (index >= ST_XFB_MAX_BUFFERS) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   if (x->current->active) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   if (kind == ST_XFB_BIND_RANGE && buffer && (size <= 0 || (size & 3))) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   if (kind != ST_XFB_BIND_BASE && buffer && (offset < 0 || (offset & 3))) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   struct st_buffer *b;
   if (!st_buffer_for_bind(ctx, buffer, &b, where))
      return;
   struct st_xfb_binding *bd = &x->current->bind[index];
   st_buffer_reference(&bd->buffer, b);
   bd->kind = kind;
   bd->offset = b && kind != ST_XFB_BIND_BASE ? offset : 0;
   bd->size = b && kind == ST_XFB_BIND_RANGE ? size : 0;
   /* the indexed binding commands bind the generic target too */
   st_buffer_reference(&x->generic, b);
}

bool
st_xfb_get_indexed(struct st_context *ctx, GLenum pname, GLuint index, int64_t *value,
                   const char *where)
{
   struct st_xfb_ctx *x = ctx->xfb;
   if (!st_xfb_enabled(ctx)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   if (index >= ST_XFB_MAX_BUFFERS) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return false;
   }
   const struct st_xfb_binding *bd = &x->current->bind[index];
   switch (pname) {
   case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
      *value = bd->buffer ? bd->buffer->name : 0;
      return true;
   case GL_TRANSFORM_FEEDBACK_BUFFER_START:
      *value = bd->buffer ? bd->offset : 0;
      return true;
   case GL_TRANSFORM_FEEDBACK_BUFFER_SIZE:
      *value = bd->buffer ? bd->size : 0;
      return true;
   default:
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
}

bool
st_xfb_get(struct st_context *ctx, GLenum pname, int64_t *value)
{
   struct st_xfb_ctx *x = ctx->xfb;
   if (!st_xfb_enabled(ctx))
      return false;
   switch (pname) {
   case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
      *value = x->generic ? x->generic->name : 0;
      return true;
   case GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS:
   case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS:
      *value = ST_XFB_MAX_COMPONENTS;
      return true;
   case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS:
      *value = ST_XFB_MAX_SEPARATE_ATTRIBS;
      return true;
   case GL_MAX_TRANSFORM_FEEDBACK_BUFFERS:   /* ARB_transform_feedback3 */
      *value = ST_XFB_MAX_BUFFERS;
      return true;
   case GL_MAX_VERTEX_STREAMS:               /* no geometry shaders: stream 0 only */
      *value = 1;
      return true;
   case GL_TRANSFORM_FEEDBACK_BINDING:       /* ARB_transform_feedback2 */
      *value = x->current->name;
      return true;
   case GL_TRANSFORM_FEEDBACK_BUFFER_PAUSED:
      *value = x->current->paused;
      return true;
   case GL_TRANSFORM_FEEDBACK_BUFFER_ACTIVE:
      *value = x->current->active;
      return true;
   default:
      return false;
   }
}

bool
st_xfb_program_param(const struct st_glsl_program *p, GLenum pname, GLint *v)
{
   /* the values glTransformFeedbackVaryings set (what the next link uses),
    * as Mesa reports them; glGetTransformFeedbackVarying lists the last
    * link's */
   switch (pname) {
   case GL_TRANSFORM_FEEDBACK_BUFFER_MODE:
      *v = p->xfb_mode ? (GLint)p->xfb_mode : GL_INTERLEAVED_ATTRIBS;
      return true;
   case GL_TRANSFORM_FEEDBACK_VARYINGS:
      *v = (GLint)p->xfb_count;
      return true;
   case GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH: {
      size_t m = 0;
      for (unsigned i = 0; i < p->xfb_count; i++) {
         size_t l = strlen(p->xfb_names[i]) + 1;
         if (l > m)
            m = l;
      }
      *v = m > 0x7fffffff ? 0x7fffffff : (GLint)m;
      return true;
   }
   default:
      return false;
   }
}

/* ---- drawing ------------------------------------------------------------ */

/* GL 3.0 table 2.9: the draw modes each transform feedback mode allows. */
static bool
mode_allowed(GLenum xfb_mode, GLenum mode)
{
   switch (xfb_mode) {
   case GL_POINTS:
      return mode == GL_POINTS;
   case GL_LINES:
      return mode == GL_LINES || mode == GL_LINE_LOOP || mode == GL_LINE_STRIP;
   case GL_TRIANGLES:
      return mode == GL_TRIANGLES || mode == GL_TRIANGLE_STRIP || mode == GL_TRIANGLE_FAN ||
             mode == GL_QUADS || mode == GL_QUAD_STRIP || mode == GL_POLYGON;
   default:
      return false;
   }
}

static unsigned
vertices_per_prim(GLenum xfb_mode)
{
   return xfb_mode == GL_POINTS ? 1 : xfb_mode == GL_LINES ? 2 : 3;
}

/* The bytes binding bd offers from its start now (the store may have
 * changed size since it was bound). */
static uint64_t
binding_room(const struct st_xfb_binding *bd)
{
   const struct st_buffer *b = bd->buffer;
   if (!b || (uint64_t)bd->offset > b->size)
      return 0;
   uint64_t room = b->size - (uint64_t)bd->offset;
   if (bd->kind == ST_XFB_BIND_RANGE && (uint64_t)bd->size < room)
      room = (uint64_t)bd->size;
   return room;
}

static void
release_targets(struct st_context *ctx)
{
   struct st_xfb_ctx *x = ctx->xfb;
   for (unsigned i = 0; i < ST_XFB_MAX_BUFFERS; i++) {
      pipe_so_target_reference(&x->targets[i], NULL);
      pipe_resource_reference(&x->stores[i], NULL);
   }
   x->num_targets = 0;
}

bool
st_xfb_draw_begin(struct st_context *ctx, GLenum mode, bool *capturing)
{
   struct st_xfb_ctx *x = ctx->xfb;
   struct st_xfb_object *o = x ? x->current : NULL;
   struct pipe_context *pipe = ctx->pipe;
   *capturing = false;
   if (!o || !o->active)
      return true;
   /* the primitive mode restriction holds while capturing; a paused
    * session lifts it (ARB_transform_feedback2) */
   if (o->paused)
      return true;
   const struct glsl_program_interface *it = o->linked ? o->linked->iface : NULL;
   /* GL 3.2 section 2.16: with a geometry shader, its output primitives
    * are what is captured, and they must be the session's */
   if (it && it->ir[GLSL_STAGE_GEOMETRY])
      mode = it->gs_output_prim == IR_PRIM_POINTS ? GL_POINTS
             : it->gs_output_prim == IR_PRIM_LINE_STRIP ? GL_LINE_STRIP : GL_TRIANGLE_STRIP;
   if (!mode_allowed(o->mode, mode)) {
      st_error(ctx, GL_INVALID_OPERATION, "draw (transform feedback primitive mode)");
      return false;
   }
   if (!it || !it->num_xfb_outputs || !pipe->set_stream_output_targets ||
       !pipe->create_stream_output_target || !ctx->screen->resource_from_user_memory ||
       !pipe->create_query)
      return true;
   if (!x->emitted) {
      x->emitted = pipe->create_query(pipe, PIPE_QUERY_PRIMITIVES_EMITTED, 0);
      if (!x->emitted)
         return true;
   }
   unsigned offsets[ST_XFB_MAX_BUFFERS] = { 0 };
   unsigned n = 0;
   for (unsigned b = 0; b < ST_XFB_MAX_BUFFERS; b++) {
      if (!(it->xfb_buffers & (1u << b)))
         continue;
      n = b + 1;
      const struct st_xfb_binding *bd = &o->bind[b];
      uint64_t room = binding_room(bd);
      if (!bd->buffer || !room || o->written[b] > room)
         continue;   /* no target: the primitive does not fit, nothing is written */
      struct pipe_resource templ;
      memset(&templ, 0, sizeof templ);
      templ.target = PIPE_BUFFER;
      templ.format = PIPE_FORMAT_R8_UNORM;
      templ.width0 = (uint32_t)bd->buffer->size;
      templ.height0 = 1;
      templ.depth0 = 1;
      templ.array_size = 1;
      templ.bind = PIPE_BIND_STREAM_OUTPUT;
      x->stores[b] = ctx->screen->resource_from_user_memory(ctx->screen, &templ,
                                                            bd->buffer->data);
      if (!x->stores[b])
         continue;
      x->targets[b] = pipe->create_stream_output_target(pipe, x->stores[b],
                                                        (unsigned)bd->offset, (unsigned)room);
      offsets[b] = (unsigned)o->written[b];
   }
   x->num_targets = n;
   pipe->set_stream_output_targets(pipe, n, x->targets, offsets);
   if (!pipe->begin_query || !pipe->begin_query(pipe, x->emitted)) {
      pipe->set_stream_output_targets(pipe, 0, NULL, NULL);
      release_targets(ctx);
      return true;
   }
   *capturing = true;
   return true;
}

void
st_xfb_draw_end(struct st_context *ctx, bool capturing)
{
   struct st_xfb_ctx *x = ctx->xfb;
   struct pipe_context *pipe = ctx->pipe;
   if (!capturing)
      return;
   struct st_xfb_object *o = x->current;
   union pipe_query_result r;
   memset(&r, 0, sizeof r);
   if (pipe->end_query)
      pipe->end_query(pipe, x->emitted);
   if (!pipe->get_query_result || !pipe->get_query_result(pipe, x->emitted, true, &r))
      r.u64 = 0;
   const struct glsl_program_interface *it = o->linked->iface;
   uint64_t verts = r.u64 * vertices_per_prim(o->mode);
   for (unsigned b = 0; b < ST_XFB_MAX_BUFFERS; b++)
      if (it->xfb_buffers & (1u << b))
         o->written[b] += verts * it->xfb_stride[b] * 4u;
   o->vertices += verts;
   pipe->set_stream_output_targets(pipe, 0, NULL, NULL);
   release_targets(ctx);
}

void
st_xfb_stream_output_info(const struct glsl_program_interface *iface,
                          const struct ir_shader *ir, struct pipe_stream_output_info *so)
{
   memset(so, 0, sizeof *so);
   if (!iface || !ir)
      return;
   unsigned n = iface->num_xfb_outputs;
   if (n > PIPE_MAX_SO_OUTPUTS)
      n = PIPE_MAX_SO_OUTPUTS;
   for (unsigned i = 0; i < n; i++) {
      const struct glsl_xfb_output *xo = &iface->xfb_outputs[i];
      /* the output slot: outputs in declaration order, an array one slot
       * per element (irexec's numbering); a generic output's location
       * counts from the variable's, a built-in array's (gl_ClipDistance)
       * is the element; none: slot 63, which reads 0 */
      unsigned slot = 0, reg = 63;
      for (const struct ir_var *v = ir->vars; v && reg == 63; v = v->next) {
         if (v->mode != IR_VAR_OUTPUT)
            continue;
         unsigned len = v->array_len ? v->array_len : 1;
         for (unsigned e = 0; e < len; e++, slot++) {
            if ((unsigned)v->semantic == xo->semantic &&
                (v->semantic == IR_SEM_GENERIC ? v->location + (int)e == xo->location
                                               : (int)e == xo->location)) {
               reg = slot < 63 ? slot : 63;
               break;
            }
         }
      }
      so->output[i].register_index = reg;
      so->output[i].start_component = xo->start;
      so->output[i].num_components = xo->num;
      so->output[i].output_buffer = xo->buffer;
      so->output[i].dst_offset = xo->dst_offset;
      so->output[i].stream = 0;
   }
   so->num_outputs = n;
   for (unsigned b = 0; b < PIPE_MAX_SO_BUFFERS && b < GLSL_XFB_MAX_BUFFERS; b++)
      so->stride[b] = (uint16_t)iface->xfb_stride[b];
}
