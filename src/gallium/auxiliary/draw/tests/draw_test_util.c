#include <math.h>
#include <stdio.h>
#include <string.h>

#include "draw_test_util.h"

int test_failures;

static void
record(struct capture *cap, enum cap_kind kind, const struct draw_prim *p)
{
   if (cap->num >= CAP_MAX_PRIMS) {
      cap->overflow++;
      return;
   }
   struct cap_prim *c = &cap->prims[cap->num++];
   unsigned nv = kind == CAP_POINT ? 1 : kind == CAP_LINE ? 2 : 3;
   unsigned na = draw_get_num_attribs(cap->draw);
   memset(c, 0, sizeof(*c));
   c->kind = kind;
   for (unsigned i = 0; i < nv; i++) {
      memcpy(c->v[i].clip, p->v[i]->clip, sizeof(c->v[i].clip));
      memcpy(c->v[i].win, p->v[i]->win, sizeof(c->v[i].win));
      for (unsigned a = 0; a < na && a < CAP_MAX_ATTRIBS; a++)
         memcpy(c->v[i].attr[a], p->v[i]->attr[a], sizeof(float[4]));
   }
   c->det = p->det;
   c->front_facing = p->front_facing;
   c->edge_flags = p->edge_flags;
   c->reset_line_stipple = p->reset_line_stipple;
   c->line_replica = p->line_replica;
   c->origin = p->origin;
   c->primitive_id = p->primitive_id;
}

static void cap_point(void *priv, const struct draw_prim *p) { record(priv, CAP_POINT, p); }
static void cap_line(void *priv, const struct draw_prim *p) { record(priv, CAP_LINE, p); }
static void cap_tri(void *priv, const struct draw_prim *p) { record(priv, CAP_TRI, p); }
static void cap_flush(void *priv) { ((struct capture *)priv)->flushes++; }

void
cap_init(struct capture *cap, struct draw_context *draw)
{
   memset(cap, 0, sizeof(*cap));
   cap->draw = draw;
   cap->iface.point = cap_point;
   cap->iface.line = cap_line;
   cap->iface.tri = cap_tri;
   cap->iface.flush = cap_flush;
   draw_set_rasterize_stage(draw, &cap->iface, cap);
}

void
cap_reset(struct capture *cap)
{
   cap->num = 0;
   cap->flushes = 0;
   cap->overflow = 0;
}

static bool
fake_run(const struct draw_vertex_shader *base, const struct draw_vs_env *env,
         unsigned n, const float (*inputs)[4], float (*outputs)[4], unsigned out_stride)
{
   struct fake_vs *vs = (struct fake_vs *)base;
   (void)env;
   vs->runs++;
   for (unsigned v = 0; v < n; v++) {
      const float (*in)[4] = &inputs[v * base->num_inputs];
      float (*out)[4] = &outputs[v * out_stride];
      if (vs->use_matrix) {
         for (unsigned r = 0; r < 4; r++) {
            float s = 0.0f;
            for (unsigned c = 0; c < 4; c++)
               s += vs->m[c * 4 + r] * in[0][c];
            out[0][r] = s;
         }
      } else {
         memcpy(out[0], in[0], sizeof(float[4]));
      }
      for (unsigned i = 1; i < base->num_outputs; i++) {
         if (i < base->num_inputs)
            memcpy(out[i], in[i], sizeof(float[4]));
         else
            memset(out[i], 0, sizeof(float[4]));
      }
   }
   return true;
}

void
fake_vs_init(struct fake_vs *vs, unsigned n_in)
{
   memset(vs, 0, sizeof(*vs));
   for (unsigned i = 0; i < n_in && i < 16; i++) {
      vs->in[i].semantic = IR_SEM_GENERIC;
      vs->in[i].location = (int)i;
      vs->in[i].comps = 4;
      vs->in[i].base = IR_FLOAT;
      vs->in[i].interp = IR_INTERP_SMOOTH;
      vs->out[i] = vs->in[i];
   }
   vs->out[0].semantic = IR_SEM_POSITION;
   vs->out[0].location = 0;
   vs->base.num_inputs = n_in;
   vs->base.inputs = vs->in;
   vs->base.num_outputs = n_in;
   vs->base.outputs = vs->out;
   vs->base.run = fake_run;
   vs->base.destroy = NULL;
}

bool
feq(float a, float b, float tol)
{
   if (isnan(a) || isnan(b))
      return isnan(a) && isnan(b);
   if (a == b)
      return true;
   return fabsf(a - b) <= tol;
}

int
test_result(const char *name)
{
   if (test_failures) {
      fprintf(stderr, "%s: %d failure(s)\n", name, test_failures);
      return 1;
   }
   printf("%s: pass\n", name);
   return 0;
}

void
draw_float_arrays(struct draw_context *draw, enum pipe_prim_type mode, unsigned count,
                  unsigned n_in, const float *const *inputs)
{
   struct pipe_vertex_buffer vb[16];
   struct pipe_vertex_element ve[16];
   memset(vb, 0, sizeof(vb));
   memset(ve, 0, sizeof(ve));
   for (unsigned i = 0; i < n_in; i++) {
      vb[i].stride = 16;
      vb[i].is_user_buffer = true;
      vb[i].buffer.user = inputs[i];
      ve[i].vertex_buffer_index = (uint8_t)i;
      ve[i].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   }
   draw_set_vertex_buffers(draw, 0, n_in, vb);
   draw_set_vertex_elements(draw, n_in, ve);

   struct pipe_draw_info info;
   memset(&info, 0, sizeof(info));
   info.mode = mode;
   info.instance_count = 1;
   info.max_index = ~0u;
   struct pipe_draw_start_count_bias sc = { 0, count, 0 };
   draw_vbo(draw, &info, &sc, 1);
}

uint32_t
test_rng(uint32_t *state)
{
   *state ^= *state << 13;
   *state ^= *state >> 17;
   *state ^= *state << 5;
   return *state;
}

struct pipe_rasterizer_state
test_rast_state(void)
{
   struct pipe_rasterizer_state r;
   memset(&r, 0, sizeof(r));
   r.point_size = 1.0f;
   r.line_width = 1.0f;
   r.depth_clip_near = r.depth_clip_far = 1;
   return r;
}
