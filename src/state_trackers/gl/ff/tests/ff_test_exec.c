/*
 * ff module: generated shaders run through irexec and compared against
 * results computed by hand (lighting, texgen, transforms, points, clip
 * distances) and against the GL 2.1 texture environment tables with a fake
 * sampler returning a known texel (every mode x base format, COMBINE
 * functions, operands, scales, crossbar, DOT3), colour sum and fog.
 */
#include "ff.h"
#include "irexec.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned failures, checks;

#define TOL 1e-4f

static bool
near(float got, float want, float tol)
{
   return fabsf(got - want) <= tol * fmaxf(1.0f, fabsf(want));
}

static void
check4(const char *what, const float *got, const float *want, unsigned n, float tol)
{
   checks++;
   for (unsigned i = 0; i < n; i++) {
      if (!got || !near(got[i], want[i], tol)) {
         failures++;
         fprintf(stderr, "FAIL: %s: got", what);
         for (unsigned j = 0; j < n; j++)
            fprintf(stderr, " %.6f", got ? got[j] : NAN);
         fprintf(stderr, ", want");
         for (unsigned j = 0; j < n; j++)
            fprintf(stderr, " %.6f", want[j]);
         fprintf(stderr, "\n");
         return;
      }
   }
}

#define V4(...) ((const float[4]){ __VA_ARGS__ })

/* ------------------------------------------------------------------ */
/* Vertex shaders                                                      */
/* ------------------------------------------------------------------ */

struct vs_result {
   float out[IREXEC_MAX_SLOTS][4];
   struct irexec_program *prog;
};

static float attrib[FF_NUM_ATTRIBS][4];

static void
reset_attribs(void)
{
   memset(attrib, 0, sizeof attrib);
   attrib[FF_ATTRIB_POS][3] = 1.0f;
   attrib[FF_ATTRIB_NORMAL][2] = 1.0f;
   for (unsigned c = 0; c < 4; c++)
      attrib[FF_ATTRIB_COLOR0][c] = 1.0f;
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
      attrib[FF_ATTRIB_TEX0 + u][3] = 1.0f;
}

/* Runs the generated VS for the state on one vertex (inputs from attrib[]). */
static bool
run_vs(const struct ff_state *st, struct vs_result *r)
{
   struct ff_vs_key key;
   static float cb[FF_CB_NUM_SLOTS][4];
   char err[256] = "";
   const struct irexec_slot *ins;
   float in[IREXEC_MAX_SLOTS][4];

   ff_vs_key_from_state(st, &key);
   struct ir_shader *s = ff_vs_generate(&key);
   r->prog = irexec_create(s, err, sizeof err);
   ir_shader_destroy(s);
   if (!r->prog) {
      failures++;
      fprintf(stderr, "FAIL: irexec_create: %s\n", err);
      return false;
   }
   unsigned n = irexec_get_inputs(r->prog, &ins);
   for (unsigned i = 0; i < n; i++) {
      int loc = ins[i].location;
      if (ins[i].semantic != IR_SEM_GENERIC || loc < 0 || loc >= FF_NUM_ATTRIBS) {
         failures++;
         fprintf(stderr, "FAIL: unexpected VS input %s\n", ins[i].name);
         memset(in[i], 0, sizeof in[i]);
         continue;
      }
      memcpy(in[i], attrib[loc], sizeof in[i]);
   }
   ff_constants_fill(st, cb);
   struct irexec_env env;
   memset(&env, 0, sizeof env);
   env.cbufs[FF_CBUF_INDEX].data = cb;
   env.cbufs[FF_CBUF_INDEX].size = sizeof cb;
   memset(r->out, 0, sizeof r->out);
   if (!irexec_run_vertices(r->prog, &env, 1, (const float(*)[4])in, r->out)) {
      failures++;
      fprintf(stderr, "FAIL: irexec_run_vertices\n");
      return false;
   }
   return true;
}

static const float *
vs_out(struct vs_result *r, enum ir_semantic sem, int loc)
{
   int slot = irexec_find_output(r->prog, sem, loc);
   return slot >= 0 ? r->out[slot] : NULL;
}

static void
done(struct vs_result *r)
{
   irexec_destroy(r->prog);
   r->prog = NULL;
}

static void
lighting_state(struct ff_state *st)
{
   ff_state_init_defaults(st);
   st->lighting = true;
   st->light[0].enabled = true;
}

static void
test_transform(void)
{
   struct ff_state st;
   struct vs_result r;
   ff_state_init_defaults(&st);
   /* modelview: translate (1, 2, 3) then scale 2; projection: a frustum-like
    * matrix; column-major */
   const float mv[16] = { 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 1, 2, 3, 1 };
   const float pr[16] = { 1, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, -1.5f, -1, 0, 0, -2.5f, 0 };
   memcpy(st.modelview, mv, sizeof mv);
   memcpy(st.projection, pr, sizeof pr);
   reset_attribs();
   memcpy(attrib[FF_ATTRIB_POS], V4(1, -1, 0.5f, 1), 16);
   memcpy(attrib[FF_ATTRIB_COLOR0], V4(0.25f, 0.5f, 0.75f, 0.125f), 16);
   if (!run_vs(&st, &r))
      return;
   /* eye = (2*1+1, 2*-1+2, 2*0.5+3, 1) = (3, 0, 4, 1)
    * clip = (3, 0, -1.5*4 - 2.5, -4) = (3, 0, -8.5, -4) */
   check4("MVP position", vs_out(&r, IR_SEM_POSITION, 0), V4(3, 0, -8.5f, -4), 4, TOL);
   check4("colour passthrough", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
          V4(0.25f, 0.5f, 0.75f, 0.125f), 4, TOL);
   check4("no secondary colour output", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR1) ? V4(1) : V4(0),
          V4(0), 1, 0);
   done(&r);

   /* fog coordinate from depth, user clip planes, point attenuation */
   st.fog = true;
   st.fog_source = FF_FOG_SRC_FRAGMENT_DEPTH;
   st.clip_plane_enable = 0x5;
   memcpy(st.clip_plane[0], V4(1, 0, 0, -1), 16);
   memcpy(st.clip_plane[2], V4(0, 0, 1, 0.5f), 16);
   st.point_size = 4.0f;
   st.point_size_min = 0.5f;
   st.point_size_max = 100.0f;
   st.point_distance_attenuation[0] = 1.0f;
   st.point_distance_attenuation[1] = 0.5f;
   st.point_distance_attenuation[2] = 0.25f;
   st.color_sum = true;
   memcpy(attrib[FF_ATTRIB_COLOR1], V4(0.5f, 0.25f, 0, 1), 16);
   if (!run_vs(&st, &r))
      return;
   check4("fog = |z_eye|", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_FOG), V4(4), 1, TOL);
   done(&r);
   /* GL_NV_fog_distance: signed planar z_eye, radial |eye.xyz| = 5 */
   st.fog_distance = FF_FOG_DIST_PLANE;
   if (!run_vs(&st, &r))
      return;
   check4("fog = z_eye", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_FOG), V4(4), 1, TOL);
   done(&r);
   st.fog_distance = FF_FOG_DIST_RADIAL;
   if (!run_vs(&st, &r))
      return;
   check4("fog = |eye.xyz|", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_FOG), V4(5), 1, TOL);
   st.fog_distance = FF_FOG_DIST_PLANE_ABSOLUTE;
   const float *cd = vs_out(&r, IR_SEM_CLIP_DISTANCE, 0);
   /* plane 0: 3 - 1 = 2; plane 2: 4 + 0.5 = 4.5 (eye = (3, 0, 4, 1)) */
   if (cd) {
      int s0 = irexec_find_output(r.prog, IR_SEM_CLIP_DISTANCE, 0);
      check4("clip distance 0", r.out[s0], V4(2), 1, TOL);
      check4("clip distance 2", r.out[s0 + 2], V4(4.5f), 1, TOL);
   } else {
      check4("clip distances present", NULL, V4(0), 1, TOL);
   }
   /* d = |(3,0,4)| = 5: 4 * sqrt(1 / (1 + 2.5 + 6.25)) = 4 / sqrt(9.75) */
   check4("attenuated point size", vs_out(&r, IR_SEM_POINT_SIZE, 0), V4(4.0f / sqrtf(9.75f)), 1, TOL);
   check4("secondary colour passthrough", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR1),
          V4(0.5f, 0.25f, 0, 1), 4, TOL);
   done(&r);

   /* colours are clamped to [0, 1] without lighting too */
   memcpy(attrib[FF_ATTRIB_COLOR0], V4(2, -1, 0.5f, 1.5f), 16);
   memcpy(attrib[FF_ATTRIB_COLOR1], V4(-0.5f, 3, 0.25f, 0), 16);
   if (run_vs(&st, &r)) {
      check4("primary colour clamped", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
             V4(1, 0, 0.5f, 1), 4, TOL);
      check4("secondary colour clamped", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR1),
             V4(0, 1, 0.25f, 0), 4, TOL);
      done(&r);
   }

   /* fog coordinate attribute; point size clamped */
   st.fog_source = FF_FOG_SRC_COORD;
   attrib[FF_ATTRIB_FOG][0] = -2.5f;
   st.point_size_max = 1.0f;
   if (!run_vs(&st, &r))
      return;
   check4("fog coordinate attribute", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_FOG), V4(-2.5f), 1, TOL);
   check4("point size clamped to max", vs_out(&r, IR_SEM_POINT_SIZE, 0), V4(1.0f), 1, TOL);
   done(&r);
}

static void
test_lighting(void)
{
   struct ff_state st;
   struct vs_result r;

   /* 1. directional light, diffuse only: n = (0, .6, .8), L = (0, 0, 1)
    * c = e + a_cm a_cs + a_cm a_cl + (n.L) d_cm d_cl
    *   = 0 + 0.2*0.2 + 0 + 0.8 * (0.5, 0.4, 0.3) = (0.44, 0.36, 0.28), alpha d_cm.a */
   lighting_state(&st);
   memcpy(st.material[0].diffuse, V4(0.5f, 0.4f, 0.3f, 0.7f), 16);
   reset_attribs();
   memcpy(attrib[FF_ATTRIB_NORMAL], V4(0, 0.6f, 0.8f, 0), 16);
   if (run_vs(&st, &r)) {
      check4("directional diffuse", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
             V4(0.44f, 0.36f, 0.28f, 0.7f), 4, TOL);
      done(&r);
   }

   /* 2. point light with attenuation: light (0,0,5,1), vertex (0,0,1):
    * d = 4, att = 1 / (1 + 0.5*4 + 0.25*16) = 1/7; n.L = 1;
    * c = 0.7 / 7 = 0.1 (no ambient) */
   lighting_state(&st);
   memcpy(st.light_model_ambient, V4(0, 0, 0, 1), 16);
   memcpy(st.material[0].diffuse, V4(0.7f, 0.7f, 0.7f, 1), 16);
   memcpy(st.light[0].position, V4(0, 0, 5, 1), 16);
   st.light[0].linear_attenuation = 0.5f;
   st.light[0].quadratic_attenuation = 0.25f;
   memcpy(st.light[0].ambient, V4(0.7f, 0.35f, 0, 1), 16);
   reset_attribs();
   memcpy(attrib[FF_ATTRIB_POS], V4(0, 0, 1, 1), 16);
   if (run_vs(&st, &r)) {
      /* light ambient is attenuated too: 0.2 * (0.7, 0.35, 0) / 7 */
      check4("point light attenuation", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
             V4(0.1f + 0.02f, 0.1f + 0.01f, 0.1f, 1), 4, TOL);
      done(&r);
   }
   /* the same points in other homogeneous forms: light (0,0,10,2), vertex
    * (0,0,2,2) */
   memcpy(st.light[0].position, V4(0, 0, 10, 2), 16);
   memcpy(attrib[FF_ATTRIB_POS], V4(0, 0, 2, 2), 16);
   if (run_vs(&st, &r)) {
      check4("homogeneous light and vertex", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
             V4(0.1f + 0.02f, 0.1f + 0.01f, 0.1f, 1), 4, TOL);
      done(&r);
   }

   /* 3. spotlight at (0,0,5) pointing down -z, cutoff 30, exponent 2 */
   lighting_state(&st);
   memcpy(st.light_model_ambient, V4(0.5f, 0.5f, 0.5f, 1), 16);
   memcpy(st.material[0].ambient, V4(0.2f, 0.2f, 0.2f, 1), 16);
   memcpy(st.material[0].diffuse, V4(0.5f, 0.5f, 0.5f, 1), 16);
   memcpy(st.light[0].position, V4(0, 0, 5, 1), 16);
   st.light[0].spot_direction[2] = -2.0f;   /* not normalized on purpose */
   st.light[0].spot_cutoff = 30.0f;
   st.light[0].spot_exponent = 2.0f;
   {
      /* inside: vertex at angle 20 degrees from the axis, 4 below the light */
      float a = 20.0f * (float)M_PI / 180.0f;
      reset_attribs();
      memcpy(attrib[FF_ATTRIB_POS], V4(4.0f * tanf(a), 0, 1, 1), 16);
      /* spot = cos(20)^2; n.L = cos(20); c = 0.1 + 0.5 cos(20) cos(20)^2 */
      float c = 0.1f + 0.5f * cosf(a) * cosf(a) * cosf(a);
      if (run_vs(&st, &r)) {
         check4("spot inside cutoff", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
                V4(c, c, c, 1), 4, TOL);
         done(&r);
      }
      /* outside: 45 degrees > 30: only the global ambient */
      memcpy(attrib[FF_ATTRIB_POS], V4(4.0f, 0, 1, 1), 16);
      if (run_vs(&st, &r)) {
         check4("spot outside cutoff", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
                V4(0.1f, 0.1f, 0.1f, 1), 4, TOL);
         done(&r);
      }
   }

   /* 4. specular, infinite viewer: L = (0, .6, .8), n = (0,0,1):
    * h = normalize(L + (0,0,1)) = (0, .6, 1.8)/sqrt(3.6); n.h = 1.8/sqrt(3.6);
    * spec = (n.h)^10 * s_cm * s_cl */
   lighting_state(&st);
   memcpy(st.material[0].diffuse, V4(0, 0, 0, 0.5f), 16);
   memcpy(st.material[0].specular, V4(1, 1, 1, 1), 16);
   st.material[0].shininess = 10.0f;
   memcpy(st.light[0].specular, V4(0.5f, 0.25f, 1, 1), 16);
   memcpy(st.light[0].position, V4(0, 0.6f, 0.8f, 0), 16);
   reset_attribs();
   float nh = 1.8f / sqrtf(3.6f);
   float sp = powf(nh, 10.0f);
   if (run_vs(&st, &r)) {
      check4("specular (combined)", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
             V4(0.04f + 0.5f * sp, 0.04f + 0.25f * sp, 0.04f + sp, 0.5f), 4, TOL);
      done(&r);
   }
   /* separate specular: primary without it, secondary = specular, alpha 0 */
   st.separate_specular = true;
   if (run_vs(&st, &r)) {
      check4("separate specular primary", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
             V4(0.04f, 0.04f, 0.04f, 0.5f), 4, TOL);
      check4("separate specular secondary", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR1),
             V4(0.5f * sp, 0.25f * sp, sp, 0), 4, TOL);
      done(&r);
   }

   /* 5. local viewer: vertex (1, 0, -1): to eye = (-1, 0, 1)/sqrt2;
    * h = normalize(L + to_eye) */
   st.separate_specular = false;
   st.light_model_local_viewer = true;
   memcpy(attrib[FF_ATTRIB_POS], V4(1, 0, -1, 1), 16);
   {
      float hx = -1.0f / sqrtf(2.0f), hy = 0.6f, hz = 0.8f + 1.0f / sqrtf(2.0f);
      float hl = sqrtf(hx * hx + hy * hy + hz * hz);
      float lsp = powf(hz / hl, 10.0f);
      if (run_vs(&st, &r)) {
         check4("local viewer specular", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
                V4(0.04f + 0.5f * lsp, 0.04f + 0.25f * lsp, 0.04f + lsp, 0.5f), 4, TOL);
         done(&r);
      }
      /* the infinite viewer gives a different answer at that vertex */
      if (fabsf(lsp - sp) < 0.05f) {
         failures++;
         fprintf(stderr, "FAIL: local viewer test is not discriminating\n");
      }
   }

   /* 6. two-sided: light behind the surface (direction (0,0,-1)) */
   lighting_state(&st);
   st.light_model_two_side = true;
   memcpy(st.light[0].position, V4(0, 0, -1, 0), 16);
   memcpy(st.material[1].diffuse, V4(0.25f, 0.5f, 0.75f, 0.3f), 16);
   memcpy(st.material[1].ambient, V4(1, 0, 0, 1), 16);
   memcpy(st.material[1].emission, V4(0, 0, 0.1f, 1), 16);
   reset_attribs();
   if (run_vs(&st, &r)) {
      /* front: n.L = -1 -> 0: ambient 0.2*0.2, alpha of the default
       * diffuse (0.8, 0.8, 0.8, 1) */
      check4("two-sided front", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
             V4(0.04f, 0.04f, 0.04f, 1.0f), 4, TOL);
      /* back: -n.L = 1: e + a*0.2 + d = (0.2 + 0.25, 0.5, 0.1 + 0.75) */
      check4("two-sided back", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_BCOLOR0),
             V4(0.45f, 0.5f, 0.85f, 0.3f), 4, TOL);
      done(&r);
   }

   /* 7. colour material AMBIENT_AND_DIFFUSE from the vertex colour */
   lighting_state(&st);
   st.color_material = true;
   memcpy(st.light[0].position, V4(0, 0, 1, 0), 16);
   memcpy(st.light[0].ambient, V4(0.5f, 0.5f, 0.5f, 1), 16);
   reset_attribs();
   memcpy(attrib[FF_ATTRIB_COLOR0], V4(0.1f, 0.5f, 0.9f, 0.6f), 16);
   if (run_vs(&st, &r)) {
      /* c = col * 0.2 (global) + col * 0.5 (light ambient) + col (diffuse, n.L = 1)
       *   = 1.7 col, clamped; alpha = col.a */
      check4("colour material", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
             V4(0.17f, 0.85f, 1.0f, 0.6f), 4, TOL);
      done(&r);
   }
   /* colour material EMISSION on the front only */
   st.color_material_mode = FF_CM_EMISSION;
   st.color_material_face = FF_FACE_FRONT;
   if (run_vs(&st, &r)) {
      /* col + 0.2*0.2 + 0.2*0.5 + 0.8 */
      check4("colour material emission", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
             V4(1.0f, 1.0f, 1.0f, 1.0f), 4, TOL);
      done(&r);
   }
   memcpy(attrib[FF_ATTRIB_COLOR0], V4(0.01f, 0.02f, 0.03f, 0.6f), 16);
   if (run_vs(&st, &r)) {
      check4("colour material emission (unclamped range)", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
             V4(0.01f + 0.94f, 0.02f + 0.94f, 0.03f + 0.94f, 1.0f), 4, TOL);
      done(&r);
   }

   /* 8. normal rescale / normalize under a uniform scale of 2: the normal
    * matrix shrinks normals to 0.5; n.L halves unless rescaled */
   lighting_state(&st);
   memcpy(st.light_model_ambient, V4(0, 0, 0, 1), 16);
   memcpy(st.material[0].diffuse, V4(1, 1, 1, 1), 16);
   st.modelview[0] = st.modelview[5] = st.modelview[10] = 2.0f;
   reset_attribs();
   if (run_vs(&st, &r)) {
      check4("scaled normal, no rescale", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
             V4(0.5f, 0.5f, 0.5f, 1), 4, TOL);
      done(&r);
   }
   st.rescale_normal = true;
   if (run_vs(&st, &r)) {
      check4("rescale normal", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0), V4(1, 1, 1, 1), 4, TOL);
      done(&r);
   }
   st.rescale_normal = false;
   st.normalize = true;
   memcpy(attrib[FF_ATTRIB_NORMAL], V4(0, 0, 3, 0), 16);
   if (run_vs(&st, &r)) {
      check4("normalize", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0), V4(1, 1, 1, 1), 4, TOL);
      done(&r);
   }

   /* 9. two lights add up, disabled lights do not */
   lighting_state(&st);
   memcpy(st.light_model_ambient, V4(0, 0, 0, 1), 16);
   memcpy(st.material[0].diffuse, V4(1, 1, 1, 1), 16);
   st.light[0].diffuse[1] = st.light[0].diffuse[2] = 0.0f;       /* red, n.L = 1 */
   st.light[5].enabled = true;
   memcpy(st.light[5].diffuse, V4(0, 0, 1, 1), 16);
   memcpy(st.light[5].position, V4(0, 0.6f, 0.8f, 0), 16);      /* blue, n.L = .8 */
   memcpy(st.light[6].diffuse, V4(0, 1, 0, 1), 16);              /* disabled green */
   reset_attribs();
   if (run_vs(&st, &r)) {
      check4("two lights", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0), V4(1, 0, 0.8f, 1), 4, TOL);
      done(&r);
   }

   /* 10. separate specular sums over lights: light 0 along the normal
    * (n.h = 1), light 5 at (0, .6, .8) (n.h = 1.8 / sqrt(3.6)) */
   lighting_state(&st);
   st.separate_specular = true;
   memcpy(st.material[0].diffuse, V4(0, 0, 0, 1), 16);
   memcpy(st.material[0].specular, V4(1, 1, 1, 1), 16);
   st.material[0].shininess = 10.0f;
   memcpy(st.light[0].specular, V4(0.5f, 0, 0, 1), 16);
   st.light[5].enabled = true;
   memcpy(st.light[5].specular, V4(0, 0, 1, 1), 16);
   memcpy(st.light[5].position, V4(0, 0.6f, 0.8f, 0), 16);
   reset_attribs();
   if (run_vs(&st, &r)) {
      float sp5 = powf(1.8f / sqrtf(3.6f), 10.0f);
      check4("separate specular, two lights", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR1),
             V4(0.5f, 0, sp5, 0), 4, TOL);
      done(&r);
   }
}

static void
test_texgen(void)
{
   struct ff_state st;
   struct vs_result r;
   ff_state_init_defaults(&st);
   /* modelview: translation (0, 0, -2) */
   st.modelview[14] = -2.0f;
   st.unit[1].enabled = true;
   st.unit[1].texgen[0] = FF_TEXGEN_OBJECT_LINEAR;
   memcpy(st.unit[1].object_plane[0], V4(1, 2, 3, 4), 16);
   st.unit[1].texgen[1] = FF_TEXGEN_EYE_LINEAR;
   memcpy(st.unit[1].eye_plane[1], V4(0, 0, 1, 0.5f), 16);
   st.unit[1].texgen[2] = FF_TEXGEN_OFF;
   st.unit[1].texgen[3] = FF_TEXGEN_OFF;
   reset_attribs();
   memcpy(attrib[FF_ATTRIB_POS], V4(1, 1, 1, 1), 16);
   memcpy(attrib[FF_ATTRIB_TEX0 + 1], V4(9, 9, 0.25f, 2), 16);
   if (run_vs(&st, &r)) {
      /* s = 1+2+3+4 = 10; eye = (1,1,-1,1): t = -1 + 0.5; r, q from the attribute */
      check4("object/eye linear", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_TEX0 + 1),
             V4(10, -0.5f, 0.25f, 2), 4, TOL);
      done(&r);
   }
   /* with a texture matrix: scale s by 0.5 and translate t by 1 */
   st.unit[1].matrix[0] = 0.5f;
   st.unit[1].matrix[13] = 1.0f;
   if (run_vs(&st, &r)) {
      /* t' = t + 1 * q = -0.5 + 2 */
      check4("texture matrix", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_TEX0 + 1),
             V4(5, 1.5f, 0.25f, 2), 4, TOL);
      done(&r);
   }

   /* sphere map, reflection map, normal map at eye (0, 0, -1) with normal
    * (0, .6, .8): u = (0,0,-1); n.u = -.8; r = u - 2n(n.u) = (0, .96, .28);
    * m = 2 sqrt(.96^2 + 1.28^2) = 3.2; s = 0.5, t = .96/3.2 + .5 = .8 */
   ff_state_init_defaults(&st);
   st.modelview[14] = -2.0f;
   st.unit[0].enabled = true;
   st.unit[0].texgen[0] = st.unit[0].texgen[1] = FF_TEXGEN_SPHERE_MAP;
   st.unit[2].enabled = true;
   for (unsigned c = 0; c < 3; c++)
      st.unit[2].texgen[c] = FF_TEXGEN_REFLECTION_MAP;
   st.unit[3].enabled = true;
   for (unsigned c = 0; c < 3; c++)
      st.unit[3].texgen[c] = FF_TEXGEN_NORMAL_MAP;
   reset_attribs();
   memcpy(attrib[FF_ATTRIB_POS], V4(0, 0, 1, 1), 16);
   memcpy(attrib[FF_ATTRIB_NORMAL], V4(0, 0.6f, 0.8f, 0), 16);
   memcpy(attrib[FF_ATTRIB_TEX0], V4(7, 7, 0.5f, 1), 16);
   memcpy(attrib[FF_ATTRIB_TEX0 + 2], V4(7, 7, 7, 3), 16);
   if (run_vs(&st, &r)) {
      check4("sphere map", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_TEX0), V4(0.5f, 0.8f, 0.5f, 1), 4, TOL);
      check4("reflection map", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_TEX0 + 2),
             V4(0, 0.96f, 0.28f, 3), 4, TOL);
      check4("normal map", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_TEX0 + 3), V4(0, 0.6f, 0.8f, 1), 4, TOL);
      done(&r);
   }
}

/* ------------------------------------------------------------------ */
/* Fragment shaders                                                    */
/* ------------------------------------------------------------------ */

struct fake_sampler {
   float texel[FF_MAX_TEXTURE_UNITS][4];
   unsigned calls;
   unsigned last_unit;
   enum ir_tex_target last_target;
   float last_coord[4];
   bool last_projected;
   bool last_compare;
   float last_ref;
};

static void
fake_sample(void *priv, const struct irexec_tex_request *req, union irexec_texel out[4])
{
   struct fake_sampler *fs = priv;
   fs->calls++;
   fs->last_unit = req->unit;
   fs->last_target = req->target;
   fs->last_projected = req->projected;
   memcpy(fs->last_coord, req->coord[0].f, sizeof fs->last_coord);
   fs->last_compare = req->has_compare;
   fs->last_ref = req->compare[0];
   for (unsigned l = 0; l < 4; l++) {
      if (req->unit < FF_MAX_TEXTURE_UNITS)
         memcpy(out[l].f, fs->texel[req->unit], 16);
   }
}

static float varying[FF_NUM_VARYINGS][4];

/* Runs the generated FS for the state on one quad with equal inputs;
 * writes lane 0's colour. */
static bool
run_fs(const struct ff_state *st, struct fake_sampler *smp, float color[4])
{
   struct ff_fs_key key;
   static float cb[FF_CB_NUM_SLOTS][4];
   char err[256] = "";
   const struct irexec_slot *ins;
   float in[4 * IREXEC_MAX_SLOTS][4];
   float out[4 * IREXEC_MAX_SLOTS][4];
   float fc[4][4] = { { 0.5f, 0.5f, 0.5f, 1 }, { 1.5f, 0.5f, 0.5f, 1 },
                      { 0.5f, 1.5f, 0.5f, 1 }, { 1.5f, 1.5f, 0.5f, 1 } };

   ff_fs_key_from_state(st, &key);
   struct ir_shader *s = ff_fs_generate(&key);
   struct irexec_program *p = irexec_create(s, err, sizeof err);
   ir_shader_destroy(s);
   if (!p) {
      failures++;
      fprintf(stderr, "FAIL: irexec_create (FS): %s\n", err);
      return false;
   }
   unsigned n = irexec_get_inputs(p, &ins);
   for (unsigned l = 0; l < 4; l++) {
      for (unsigned i = 0; i < n; i++) {
         int loc = ins[i].location;
         if (loc >= 0 && loc < FF_NUM_VARYINGS)
            memcpy(in[l * n + i], varying[loc], 16);
         else
            memset(in[l * n + i], 0, 16);
      }
   }
   ff_constants_fill(st, cb);
   struct irexec_sampler_iface iface = { .sample = fake_sample, .priv = smp };
   struct irexec_env env;
   memset(&env, 0, sizeof env);
   env.cbufs[FF_CBUF_INDEX].data = cb;
   env.cbufs[FF_CBUF_INDEX].size = sizeof cb;
   env.sampler = &iface;
   bool ok = irexec_run_fragment_quad(p, &env, (const float(*)[4])in, 0xf, true,
                                      (const float(*)[4])fc, out, NULL);
   int slot = irexec_find_output(p, IR_SEM_GENERIC, FF_FRAG_COLOR_LOCATION);
   if (!ok || slot < 0) {
      failures++;
      fprintf(stderr, "FAIL: FS run (ok %d, colour slot %d)\n", ok, slot);
      irexec_destroy(p);
      return false;
   }
   memcpy(color, out[slot], 16);
   irexec_destroy(p);
   return true;
}

static float
clamp01(float x)
{
   return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
}

/* The texel a sampler returns for a base format whose stored components
 * are (R, G, B, A) = raw (GL 2.1 table 3.20 with L = R, I = R). */
static void
expand(enum ff_base_format f, const float raw[4], float t[4])
{
   switch (f) {
   case FF_BASE_ALPHA: t[0] = t[1] = t[2] = 0; t[3] = raw[3]; break;
   case FF_BASE_LUMINANCE: t[0] = t[1] = t[2] = raw[0]; t[3] = 1; break;
   case FF_BASE_LUMINANCE_ALPHA: t[0] = t[1] = t[2] = raw[0]; t[3] = raw[3]; break;
   case FF_BASE_INTENSITY: t[0] = t[1] = t[2] = t[3] = raw[0]; break;
   case FF_BASE_RGB: memcpy(t, raw, 12); t[3] = 1; break;
   default: memcpy(t, raw, 16); break;
   }
}

/* GL 2.1 tables 3.22 and 3.23, row by row.  cf/af: previous, c: env colour,
 * raw: the texture's stored components (Lt, It = raw[0]; At = raw[3]). */
static void
table_env(enum ff_texenv_mode mode, enum ff_base_format f, const float cf[4], const float cc[4],
          const float raw[4], float v[4])
{
   float L = raw[0], I = raw[0], A = raw[3];
   const float *C = raw;
   float af = cf[3];
   memcpy(v, cf, 16);
   for (unsigned i = 0; i < 3; i++) {
      switch (mode) {
      case FF_ENV_REPLACE:
         switch (f) {
         case FF_BASE_ALPHA: v[i] = cf[i]; v[3] = A; break;
         case FF_BASE_LUMINANCE: v[i] = L; v[3] = af; break;
         case FF_BASE_LUMINANCE_ALPHA: v[i] = L; v[3] = A; break;
         case FF_BASE_INTENSITY: v[i] = I; v[3] = I; break;
         case FF_BASE_RGB: v[i] = C[i]; v[3] = af; break;
         case FF_BASE_RGBA: v[i] = C[i]; v[3] = A; break;
         }
         break;
      case FF_ENV_MODULATE:
         switch (f) {
         case FF_BASE_ALPHA: v[i] = cf[i]; v[3] = af * A; break;
         case FF_BASE_LUMINANCE: v[i] = cf[i] * L; v[3] = af; break;
         case FF_BASE_LUMINANCE_ALPHA: v[i] = cf[i] * L; v[3] = af * A; break;
         case FF_BASE_INTENSITY: v[i] = cf[i] * I; v[3] = af * I; break;
         case FF_BASE_RGB: v[i] = cf[i] * C[i]; v[3] = af; break;
         case FF_BASE_RGBA: v[i] = cf[i] * C[i]; v[3] = af * A; break;
         }
         break;
      case FF_ENV_DECAL:
         switch (f) {
         case FF_BASE_RGB: v[i] = C[i]; v[3] = af; break;
         case FF_BASE_RGBA: v[i] = cf[i] * (1 - A) + C[i] * A; v[3] = af; break;
         default: break;   /* undefined; the generator passes cf through */
         }
         break;
      case FF_ENV_BLEND:
         switch (f) {
         case FF_BASE_ALPHA: v[i] = cf[i]; v[3] = af * A; break;
         case FF_BASE_LUMINANCE: v[i] = cf[i] * (1 - L) + cc[i] * L; v[3] = af; break;
         case FF_BASE_LUMINANCE_ALPHA: v[i] = cf[i] * (1 - L) + cc[i] * L; v[3] = af * A; break;
         case FF_BASE_INTENSITY:
            v[i] = cf[i] * (1 - I) + cc[i] * I;
            v[3] = af * (1 - I) + cc[3] * I;
            break;
         case FF_BASE_RGB: v[i] = cf[i] * (1 - C[i]) + cc[i] * C[i]; v[3] = af; break;
         case FF_BASE_RGBA: v[i] = cf[i] * (1 - C[i]) + cc[i] * C[i]; v[3] = af * A; break;
         }
         break;
      case FF_ENV_ADD:
         switch (f) {
         case FF_BASE_ALPHA: v[i] = cf[i]; v[3] = af * A; break;
         case FF_BASE_LUMINANCE: v[i] = cf[i] + L; v[3] = af; break;
         case FF_BASE_LUMINANCE_ALPHA: v[i] = cf[i] + L; v[3] = af * A; break;
         case FF_BASE_INTENSITY: v[i] = cf[i] + I; v[3] = af + I; break;
         case FF_BASE_RGB: v[i] = cf[i] + C[i]; v[3] = af; break;
         case FF_BASE_RGBA: v[i] = cf[i] + C[i]; v[3] = af * A; break;
         }
         break;
      default:
         break;
      }
   }
   for (unsigned i = 0; i < 4; i++)
      v[i] = clamp01(v[i]);
}

static void
test_texenv_simple(void)
{
   static const char *const mode_names[] = { "MODULATE", "REPLACE", "DECAL", "BLEND", "ADD" };
   static const char *const fmt_names[] = { "ALPHA", "LUMINANCE", "LUMINANCE_ALPHA", "INTENSITY",
                                            "RGB", "RGBA" };
   const float raw[4] = { 0.6f, 0.3f, 0.9f, 0.4f };
   const float prim[4] = { 0.5f, 0.25f, 0.75f, 0.8f };
   const float envc[4] = { 0.2f, 0.4f, 1.0f, 0.1f };
   struct ff_state st;
   struct fake_sampler smp;
   char what[96];

   for (unsigned mode = FF_ENV_MODULATE; mode <= FF_ENV_ADD; mode++) {
      for (unsigned f = 0; f < 6; f++) {
         float got[4], want[4];
         ff_state_init_defaults(&st);
         st.unit[0].enabled = true;
         st.unit[0].env_mode = (enum ff_texenv_mode)mode;
         st.unit[0].base_format = (enum ff_base_format)f;
         memcpy(st.unit[0].env_color, envc, 16);
         memset(&smp, 0, sizeof smp);
         expand((enum ff_base_format)f, raw, smp.texel[0]);
         memset(varying, 0, sizeof varying);
         memcpy(varying[FF_VARYING_COLOR0], prim, 16);
         memcpy(varying[FF_VARYING_TEX0], V4(0.5f, 1.0f, 0, 2.0f), 16);
         if (!run_fs(&st, &smp, got))
            continue;
         table_env((enum ff_texenv_mode)mode, (enum ff_base_format)f, prim, envc, raw, want);
         snprintf(what, sizeof what, "texenv %s x %s", mode_names[mode], fmt_names[f]);
         check4(what, got, want, 4, TOL);
         /* DECAL on formats without colour does not read the texture (the
          * sampling may be optimized away) */
         if (mode == FF_ENV_DECAL && f < FF_BASE_RGB)
            continue;
         checks++;
         if (smp.calls == 0 || smp.last_unit != 0 || smp.last_target != IR_TEX_2D ||
             !near(smp.last_coord[0], 0.25f, TOL) || !near(smp.last_coord[1], 0.5f, TOL)) {
            failures++;
            fprintf(stderr, "FAIL: %s: sampler request (calls %u unit %u coord %f %f)\n", what,
                    smp.calls, smp.last_unit, smp.last_coord[0], smp.last_coord[1]);
         }
      }
   }

   /* two units in a row: MODULATE RGB then ADD LUMINANCE on unit 2 with a
    * cube map (no projection) */
   ff_state_init_defaults(&st);
   st.unit[0].enabled = true;
   st.unit[0].base_format = FF_BASE_RGB;
   st.unit[2].enabled = true;
   st.unit[2].target = FF_TEX_CUBE;
   st.unit[2].env_mode = FF_ENV_ADD;
   st.unit[2].base_format = FF_BASE_LUMINANCE;
   memset(&smp, 0, sizeof smp);
   expand(FF_BASE_RGB, V4(0.5f, 0.5f, 0.5f, 1), smp.texel[0]);
   expand(FF_BASE_LUMINANCE, V4(0.125f, 0, 0, 0), smp.texel[2]);
   memset(varying, 0, sizeof varying);
   memcpy(varying[FF_VARYING_COLOR0], prim, 16);
   memcpy(varying[FF_VARYING_TEX0 + 2], V4(1, -1, 0.5f, 4), 16);
   float got[4];
   if (run_fs(&st, &smp, got)) {
      check4("MODULATE then ADD", got, V4(0.375f, 0.25f, 0.5f, 0.8f), 4, TOL);
      check4("cube coordinates not projected",
             (const float[4]){ smp.last_unit, smp.last_target, smp.last_coord[0], smp.last_coord[2] },
             V4(2, IR_TEX_CUBE, 1, 0.5f), 4, TOL);
   }
}

/* GL 2.1 table 3.24/3.25 arguments and functions, for the tests */
static float
arg_rgb(unsigned op, const float *src, unsigned i)
{
   switch (op) {
   case FF_OP_SRC_COLOR: return src[i];
   case FF_OP_ONE_MINUS_SRC_COLOR: return 1 - src[i];
   case FF_OP_SRC_ALPHA: return src[3];
   default: return 1 - src[3];
   }
}

static void
test_texenv_combine(void)
{
   static const char *const fn_names[] = { "REPLACE", "MODULATE", "ADD", "ADD_SIGNED",
                                           "INTERPOLATE", "SUBTRACT", "DOT3_RGB", "DOT3_RGBA" };
   const float tex0[4] = { 0.8f, 0.6f, 0.2f, 0.3f };
   const float tex1[4] = { 0.1f, 0.9f, 0.5f, 0.7f };
   const float prim[4] = { 0.4f, 0.2f, 0.6f, 0.9f };
   const float envc[4] = { 0.25f, 0.75f, 0.5f, 0.6f };
   struct ff_state st;
   struct fake_sampler smp;
   char what[128];

   for (unsigned fn = 0; fn < 8; fn++) {
      for (unsigned variant = 0; variant < 4; variant++) {
         float got[4], want[4];
         ff_state_init_defaults(&st);
         st.unit[0].enabled = true;     /* plain MODULATE with tex0: previous for unit 1 */
         st.unit[0].base_format = FF_BASE_RGBA;
         st.unit[1].enabled = true;
         struct ff_texunit *t = &st.unit[1];
         t->env_mode = FF_ENV_COMBINE;
         t->combine_rgb = (enum ff_combine_func)fn;
         t->combine_alpha = (enum ff_combine_func)(fn < 6 ? fn : (fn + variant) % 6);
         memcpy(t->env_color, envc, 16);
         /* sources: texture, crossbar TEXTURE0, constant, primary, previous */
         static const enum ff_combine_src srcs[4][3] = {
            { FF_SRC_TEXTURE, FF_SRC_PREVIOUS, FF_SRC_CONSTANT },
            { FF_SRC_TEXTURE0, FF_SRC_PRIMARY_COLOR, FF_SRC_TEXTURE },
            { FF_SRC_CONSTANT, FF_SRC_TEXTURE, FF_SRC_PRIMARY_COLOR },
            { FF_SRC_PREVIOUS, FF_SRC_TEXTURE0, FF_SRC_TEXTURE },
         };
         for (unsigned i = 0; i < 3; i++) {
            t->src_rgb[i] = srcs[variant][i];
            t->src_alpha[i] = srcs[(variant + 1) % 4][i];
            t->operand_rgb[i] = (enum ff_combine_operand)((variant + i) % 4);
            t->operand_alpha[i] = (variant + i) % 2 ? FF_OP_ONE_MINUS_SRC_ALPHA : FF_OP_SRC_ALPHA;
         }
         t->rgb_scale = (float)(1u << (variant % 3));
         t->alpha_scale = (float)(1u << ((variant + 1) % 3));

         memset(&smp, 0, sizeof smp);
         memcpy(smp.texel[0], tex0, 16);
         memcpy(smp.texel[1], tex1, 16);
         memset(varying, 0, sizeof varying);
         memcpy(varying[FF_VARYING_COLOR0], prim, 16);
         memcpy(varying[FF_VARYING_TEX0], V4(0.1f, 0.2f, 0, 1), 16);
         memcpy(varying[FF_VARYING_TEX0 + 1], V4(0.3f, 0.4f, 0, 1), 16);
         if (!run_fs(&st, &smp, got))
            continue;

         /* expected: previous = prim * tex0 (unit 0 MODULATE RGBA) */
         float prev[4];
         for (unsigned i = 0; i < 4; i++)
            prev[i] = prim[i] * tex0[i];
         const float *sv[3], *sa[3];
         for (unsigned i = 0; i < 3; i++) {
            for (unsigned k = 0; k < 2; k++) {
               enum ff_combine_src s = k ? t->src_alpha[i] : t->src_rgb[i];
               const float *v = s == FF_SRC_TEXTURE ? tex1 : s == FF_SRC_TEXTURE0 ? tex0
                              : s == FF_SRC_CONSTANT ? envc : s == FF_SRC_PRIMARY_COLOR ? prim : prev;
               if (k)
                  sa[i] = v;
               else
                  sv[i] = v;
            }
         }
         float rgb[3], alpha;
         for (unsigned c = 0; c < 3; c++) {
            float a0 = arg_rgb(t->operand_rgb[0], sv[0], c);
            float a1 = arg_rgb(t->operand_rgb[1], sv[1], c);
            float a2 = arg_rgb(t->operand_rgb[2], sv[2], c);
            switch (fn) {
            case FF_COMBINE_REPLACE: rgb[c] = a0; break;
            case FF_COMBINE_MODULATE: rgb[c] = a0 * a1; break;
            case FF_COMBINE_ADD: rgb[c] = a0 + a1; break;
            case FF_COMBINE_ADD_SIGNED: rgb[c] = a0 + a1 - 0.5f; break;
            case FF_COMBINE_INTERPOLATE: rgb[c] = a0 * a2 + a1 * (1 - a2); break;
            case FF_COMBINE_SUBTRACT: rgb[c] = a0 - a1; break;
            default: {
               float d = 0;
               for (unsigned k = 0; k < 3; k++)
                  d += (arg_rgb(t->operand_rgb[0], sv[0], k) - 0.5f) *
                       (arg_rgb(t->operand_rgb[1], sv[1], k) - 0.5f);
               rgb[c] = 4 * d;
               break;
            }
            }
         }
         {
            float a0 = t->operand_alpha[0] == FF_OP_SRC_ALPHA ? sa[0][3] : 1 - sa[0][3];
            float a1 = t->operand_alpha[1] == FF_OP_SRC_ALPHA ? sa[1][3] : 1 - sa[1][3];
            float a2 = t->operand_alpha[2] == FF_OP_SRC_ALPHA ? sa[2][3] : 1 - sa[2][3];
            switch (t->combine_alpha) {
            case FF_COMBINE_REPLACE: alpha = a0; break;
            case FF_COMBINE_MODULATE: alpha = a0 * a1; break;
            case FF_COMBINE_ADD: alpha = a0 + a1; break;
            case FF_COMBINE_ADD_SIGNED: alpha = a0 + a1 - 0.5f; break;
            case FF_COMBINE_INTERPOLATE: alpha = a0 * a2 + a1 * (1 - a2); break;
            default: alpha = a0 - a1; break;
            }
            if (fn == FF_COMBINE_DOT3_RGBA)
               alpha = rgb[0];   /* the dot product goes to alpha too */
         }
         for (unsigned c = 0; c < 3; c++)
            want[c] = clamp01(rgb[c] * t->rgb_scale);
         want[3] = clamp01(alpha * t->alpha_scale);
         snprintf(what, sizeof what, "COMBINE %s variant %u", fn_names[fn], variant);
         check4(what, got, want, 4, TOL);
      }
   }

   /* DOT3 by hand: (1, .5, 0) . (1, 1, .5) -> 4 (.5*.5 + 0 + -.5*0) = 1.0 */
   ff_state_init_defaults(&st);
   st.unit[0].enabled = true;
   st.unit[0].env_mode = FF_ENV_COMBINE;
   st.unit[0].combine_rgb = FF_COMBINE_DOT3_RGB;
   st.unit[0].src_rgb[0] = FF_SRC_TEXTURE;
   st.unit[0].src_rgb[1] = FF_SRC_PRIMARY_COLOR;
   st.unit[0].combine_alpha = FF_COMBINE_REPLACE;
   st.unit[0].src_alpha[0] = FF_SRC_PRIMARY_COLOR;
   memset(&smp, 0, sizeof smp);
   memcpy(smp.texel[0], V4(1, 0.5f, 0, 0.2f), 16);
   memset(varying, 0, sizeof varying);
   memcpy(varying[FF_VARYING_COLOR0], V4(1, 0.75f, 0.5f, 0.9f), 16);
   float got[4];
   /* 4 * (0.5*0.5 + 0*0.25 + (-0.5)*0) = 1.0 */
   if (run_fs(&st, &smp, got))
      check4("DOT3_RGB by hand", got, V4(1.0f, 1.0f, 1.0f, 0.9f), 4, TOL);
   memcpy(varying[FF_VARYING_COLOR0], V4(0.75f, 0.5f, 0.5f, 0.9f), 16);
   /* 4 * (0.5*0.25) = 0.5; alpha = primary alpha */
   if (run_fs(&st, &smp, got))
      check4("DOT3_RGB by hand (0.5)", got, V4(0.5f, 0.5f, 0.5f, 0.9f), 4, TOL);
   st.unit[0].combine_rgb = FF_COMBINE_DOT3_RGBA;
   if (run_fs(&st, &smp, got))
      check4("DOT3_RGBA by hand", got, V4(0.5f, 0.5f, 0.5f, 0.5f), 4, TOL);
}

/* NV_texture_env_combine4, results computed by hand. */
static void
test_texenv_combine4(void)
{
   struct ff_state st;
   struct fake_sampler smp;
   float got[4];

   ff_state_init_defaults(&st);
   struct ff_texunit *t = &st.unit[0];
   t->enabled = true;
   t->env_mode = FF_ENV_COMBINE4;
   t->combine_rgb = FF_COMBINE_ADD;
   t->combine_alpha = FF_COMBINE_ADD;
   /* rgb: texture * constant + primary * (1 - ZERO) = tex * env + prim */
   t->src_rgb[0] = FF_SRC_TEXTURE;
   t->src_rgb[1] = FF_SRC_CONSTANT;
   t->src_rgb[2] = FF_SRC_PRIMARY_COLOR;
   t->src_rgb[3] = FF_SRC_ZERO;
   t->operand_rgb[0] = t->operand_rgb[1] = t->operand_rgb[2] = FF_OP_SRC_COLOR;
   t->operand_rgb[3] = FF_OP_ONE_MINUS_SRC_COLOR;
   /* alpha: tex.a * (1 - prim.a) + const.a * prim.a */
   t->src_alpha[0] = FF_SRC_TEXTURE;
   t->src_alpha[1] = FF_SRC_PRIMARY_COLOR;
   t->src_alpha[2] = FF_SRC_CONSTANT;
   t->src_alpha[3] = FF_SRC_PRIMARY_COLOR;
   t->operand_alpha[0] = FF_OP_SRC_ALPHA;
   t->operand_alpha[1] = FF_OP_ONE_MINUS_SRC_ALPHA;
   t->operand_alpha[2] = t->operand_alpha[3] = FF_OP_SRC_ALPHA;
   memcpy(t->env_color, V4(0.5f, 0.25f, 1.0f, 0.8f), 16);
   memset(&smp, 0, sizeof smp);
   memcpy(smp.texel[0], V4(0.4f, 0.8f, 0.2f, 0.6f), 16);
   memset(varying, 0, sizeof varying);
   memcpy(varying[FF_VARYING_COLOR0], V4(0.1f, 0.3f, 0.5f, 0.25f), 16);
   /* rgb: (0.2 + 0.1, 0.2 + 0.3, 0.2 + 0.5); alpha: 0.6*0.75 + 0.8*0.25 = 0.65 */
   if (run_fs(&st, &smp, got))
      check4("COMBINE4 ADD by hand", got, V4(0.3f, 0.5f, 0.7f, 0.65f), 4, TOL);

   /* ADD_SIGNED with scale 2: 2 (a0 a1 + a2 a3 - 0.5), clamped */
   t->combine_rgb = FF_COMBINE_ADD_SIGNED;
   t->rgb_scale = 2.0f;
   /* 2 * (0.3 - 0.5, 0.5 - 0.5, 0.7 - 0.5) = (0 clamped, 0, 0.4) */
   if (run_fs(&st, &smp, got))
      check4("COMBINE4 ADD_SIGNED x2 by hand", got, V4(0.0f, 0.0f, 0.4f, 0.65f), 4, TOL);

   /* ZERO with SRC_COLOR: the fourth product vanishes; alpha ADD_SIGNED */
   t->rgb_scale = 1.0f;
   t->combine_rgb = FF_COMBINE_ADD;
   t->operand_rgb[3] = FF_OP_SRC_COLOR;
   t->combine_alpha = FF_COMBINE_ADD_SIGNED;
   /* rgb: tex * env = (0.2, 0.2, 0.2); alpha 0.65 - 0.5 = 0.15 */
   if (run_fs(&st, &smp, got))
      check4("COMBINE4 ZERO source by hand", got, V4(0.2f, 0.2f, 0.2f, 0.15f), 4, TOL);

   /* other functions behave as under COMBINE (MODULATE: a0 a1) */
   t->combine_rgb = FF_COMBINE_MODULATE;
   t->combine_alpha = FF_COMBINE_REPLACE;
   if (run_fs(&st, &smp, got))
      check4("COMBINE4 MODULATE as COMBINE", got, V4(0.2f, 0.2f, 0.2f, 0.6f), 4, TOL);

   /* plain COMBINE ignores the fourth argument: a0 + a1 */
   t->env_mode = FF_ENV_COMBINE;
   t->combine_rgb = FF_COMBINE_ADD;
   if (run_fs(&st, &smp, got))
      check4("COMBINE ADD keeps two args", got, V4(0.9f, 1.0f, 1.0f, 0.6f), 4, TOL);
}

/* Depth comparison: the fake sampler's f[0] is the comparison result; the
 * texel is built by the depth texture mode and then MODULATEd. */
static void
test_shadow(void)
{
   struct ff_state st;
   struct fake_sampler smp;
   float got[4];
   const float prim[4] = { 0.5f, 0.25f, 1.0f, 0.5f };
   static const struct {
      enum ff_base_format mode;
      float want[4];
   } cases[] = {
      { FF_BASE_LUMINANCE, { 0.3f, 0.15f, 0.6f, 0.5f } },   /* (r,r,r,1) */
      { FF_BASE_INTENSITY, { 0.3f, 0.15f, 0.6f, 0.3f } },   /* (r,r,r,r) */
      { FF_BASE_ALPHA, { 0.5f, 0.25f, 1.0f, 0.3f } },       /* (0,0,0,r) */
   };
   for (unsigned i = 0; i < 3; i++) {
      ff_state_init_defaults(&st);
      st.unit[1].enabled = true;
      st.unit[1].shadow = true;
      st.unit[1].base_format = cases[i].mode;
      memset(&smp, 0, sizeof smp);
      smp.texel[1][0] = 0.6f;
      memset(varying, 0, sizeof varying);
      memcpy(varying[FF_VARYING_COLOR0], prim, 16);
      memcpy(varying[FF_VARYING_TEX0 + 1], V4(0.5f, 0.5f, 0.4f, 2), 16);
      if (!run_fs(&st, &smp, got))
         continue;
      char what[48];
      snprintf(what, sizeof what, "shadow texel, depth mode %u", (unsigned)cases[i].mode);
      check4(what, got, cases[i].want, 4, TOL);
      /* reference r/q = 0.2 */
      check4("shadow compare reference", (const float[2]){ smp.last_compare, smp.last_ref },
             (const float[2]){ 1, 0.2f }, 2, TOL);
   }
}

static void
test_fog_colorsum(void)
{
   struct ff_state st;
   struct fake_sampler smp;
   float got[4];
   const float prim[4] = { 0.2f, 0.4f, 0.6f, 0.5f };

   memset(&smp, 0, sizeof smp);
   ff_state_init_defaults(&st);
   st.color_sum = true;
   memset(varying, 0, sizeof varying);
   memcpy(varying[FF_VARYING_COLOR0], prim, 16);
   memcpy(varying[FF_VARYING_COLOR1], V4(0.5f, 0.7f, 0.1f, 0.9f), 16);
   if (run_fs(&st, &smp, got))
      check4("colour sum", got, V4(0.7f, 1.0f, 0.7f, 0.5f), 4, TOL);

   ff_state_init_defaults(&st);
   st.fog = true;
   memcpy(st.fog_color, V4(1, 0, 0.5f, 0.25f), 16);
   st.fog_start = 2.0f;
   st.fog_end = 10.0f;
   st.fog_density = 0.25f;
   varying[FF_VARYING_FOG][0] = 4.0f;
   static const struct {
      enum ff_fog_mode mode;
      float f;
   } fog[] = {
      { FF_FOG_LINEAR, 0.75f },                  /* (10 - 4) / (10 - 2) */
      { FF_FOG_EXP, 0.36787944f },               /* exp(-0.25 * 4) */
      { FF_FOG_EXP2, 0.36787944f },              /* exp(-(0.25 * 4)^2) */
   };
   for (unsigned i = 0; i < 3; i++) {
      st.fog_mode = fog[i].mode;
      float f = fog[i].f, want[4];
      for (unsigned c = 0; c < 3; c++)
         want[c] = f * prim[c] + (1 - f) * st.fog_color[c];
      want[3] = prim[3];
      char what[32];
      snprintf(what, sizeof what, "fog mode %u", i);
      if (run_fs(&st, &smp, got))
         check4(what, got, want, 4, TOL);
   }
   /* exp2 differs from exp away from d*c = 1 */
   st.fog_mode = FF_FOG_EXP2;
   varying[FF_VARYING_FOG][0] = 2.0f;
   {
      float f = expf(-0.25f), want[4];
      for (unsigned c = 0; c < 3; c++)
         want[c] = f * prim[c] + (1 - f) * st.fog_color[c];
      want[3] = prim[3];
      if (run_fs(&st, &smp, got))
         check4("fog exp2 at 2", got, want, 4, TOL);
   }
   /* linear clamps: beyond the end the colour is the fog colour */
   st.fog_mode = FF_FOG_LINEAR;
   varying[FF_VARYING_FOG][0] = 20.0f;
   if (run_fs(&st, &smp, got))
      check4("fog linear clamped", got, V4(1, 0, 0.5f, 0.5f), 4, TOL);
}

/* ARB_color_buffer_float: with vertex colour clamping off, unlit and lit
 * colours leave the VS unclamped; with fragment colour clamping off, ADD and
 * COMBINE results and the colour sum are not clamped (values by hand). */
static void
test_unclamped(void)
{
   struct ff_state st;
   struct vs_result r;
   struct fake_sampler smp;
   float got[4];

   ff_state_init_defaults(&st);
   reset_attribs();
   memcpy(attrib[FF_ATTRIB_POS], V4(0, 0, 0, 1), 16);
   memcpy(attrib[FF_ATTRIB_COLOR0], V4(2.5f, -1.0f, 0.5f, 3.0f), 16);
   if (run_vs(&st, &r)) {
      check4("clamped colour", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
             V4(1.0f, 0.0f, 0.5f, 1.0f), 4, TOL);
      done(&r);
   }
   st.unclamped_vertex_color = true;
   if (run_vs(&st, &r)) {
      check4("unclamped colour", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
             V4(2.5f, -1.0f, 0.5f, 3.0f), 4, TOL);
      done(&r);
   }
   /* lighting: emission (3, 0, 0) + ambient: light model ambient 0.2 times
    * material ambient 0.2 = 0.04; alpha = diffuse alpha 1.5 */
   st.lighting = true;
   memcpy(st.material[0].emission, V4(3.0f, 0.0f, 0.0f, 1.0f), 16);
   st.material[0].diffuse[3] = 1.5f;
   memcpy(attrib[FF_ATTRIB_NORMAL], V4(0, 0, 1, 0), 16);
   if (run_vs(&st, &r)) {
      float a = st.light_model_ambient[0] * st.material[0].ambient[0];
      check4("unclamped lit colour", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
             V4(3.0f + a, a, a, 1.5f), 4, TOL);
      done(&r);
   }
   st.unclamped_vertex_color = false;
   if (run_vs(&st, &r)) {
      float a = st.light_model_ambient[0] * st.material[0].ambient[0];
      check4("clamped lit colour", vs_out(&r, IR_SEM_GENERIC, FF_VARYING_COLOR0),
             V4(1.0f, a, a, 1.0f), 4, TOL);
      done(&r);
   }

   /* ADD of an RGBA texel (0.75, 0.5, 0.25, 0.5) to (0.5, 0.75, -0.5, 0.8):
    * RGB added, alpha multiplied */
   ff_state_init_defaults(&st);
   st.unit[0].enabled = true;
   st.unit[0].env_mode = FF_ENV_ADD;
   st.unit[0].base_format = FF_BASE_RGBA;
   memset(&smp, 0, sizeof smp);
   memcpy(smp.texel[0], V4(0.75f, 0.5f, 0.25f, 0.5f), 16);
   memset(varying, 0, sizeof varying);
   memcpy(varying[FF_VARYING_COLOR0], V4(0.5f, 0.75f, -0.5f, 0.8f), 16);
   if (run_fs(&st, &smp, got))
      check4("ADD clamped", got, V4(1.0f, 1.0f, 0.0f, 0.4f), 4, TOL);
   st.unclamped_fragment_color = true;
   if (run_fs(&st, &smp, got))
      check4("ADD unclamped", got, V4(1.25f, 1.25f, -0.25f, 0.4f), 4, TOL);
   /* colour sum on top: + (0.5, 0.5, 0.5) */
   st.color_sum = true;
   memcpy(varying[FF_VARYING_COLOR1], V4(0.5f, 0.5f, 0.5f, 0.0f), 16);
   if (run_fs(&st, &smp, got))
      check4("colour sum unclamped", got, V4(1.75f, 1.75f, 0.25f, 0.4f), 4, TOL);
   st.unclamped_fragment_color = false;
   if (run_fs(&st, &smp, got))
      check4("colour sum clamped", got, V4(1.0f, 1.0f, 0.5f, 0.4f), 4, TOL);
}

/* The largest shaders the generator makes run in irexec (slot limits,
 * every opcode supported) and give finite colours. */
static void
test_everything_runs(void)
{
   struct ff_state st;
   struct vs_result r;
   struct fake_sampler smp;
   float got[4];

   ff_state_init_defaults(&st);
   st.lighting = st.light_model_two_side = st.separate_specular = true;
   st.light_model_local_viewer = st.color_material = st.normalize = true;
   st.fog = true;
   st.clip_plane_enable = 0xff;
   st.point_distance_attenuation[2] = 0.5f;
   st.point_size_array = true;
   for (unsigned i = 0; i < FF_MAX_LIGHTS; i++) {
      st.light[i].enabled = true;
      memcpy(st.light[i].position, V4(1, 2, (float)i, 1), 16);
      st.light[i].spot_cutoff = 60.0f;
      st.light[i].linear_attenuation = 0.25f;
   }
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      struct ff_texunit *t = &st.unit[u];
      t->enabled = true;
      t->target = (enum ff_tex_target)(u % 5);
      t->texgen[0] = FF_TEXGEN_SPHERE_MAP;
      t->texgen[1] = FF_TEXGEN_EYE_LINEAR;
      t->texgen[2] = FF_TEXGEN_REFLECTION_MAP;
      t->texgen[3] = FF_TEXGEN_OBJECT_LINEAR;
      t->matrix[1] = 0.5f;
      t->env_mode = FF_ENV_COMBINE;
      t->combine_rgb = FF_COMBINE_INTERPOLATE;
      t->combine_alpha = FF_COMBINE_ADD_SIGNED;
      t->src_rgb[2] = FF_SRC_TEXTURE0 + (FF_MAX_TEXTURE_UNITS - 1 - u);
   }
   reset_attribs();
   memcpy(attrib[FF_ATTRIB_POS], V4(0.5f, -0.5f, 2, 1), 16);
   attrib[FF_ATTRIB_POINTSIZE][0] = 3.0f;
   if (run_vs(&st, &r)) {
      const struct irexec_slot *outs;
      unsigned n = irexec_get_outputs(r.prog, &outs);
      checks++;
      /* position, 4 colours, fog, 8 texcoords, point size, 8 clip distances */
      if (n != 1 + 4 + 1 + 8 + 1 + 8) {
         failures++;
         fprintf(stderr, "FAIL: everything VS has %u output slots\n", n);
      }
      for (unsigned i = 0; i < n; i++) {
         for (unsigned c = 0; c < 4; c++) {
            if (!isfinite(r.out[i][c])) {
               failures++;
               fprintf(stderr, "FAIL: everything VS output %s not finite\n", outs[i].name);
               break;
            }
         }
      }
      done(&r);
   }
   memset(&smp, 0, sizeof smp);
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
      memcpy(smp.texel[u], V4(0.1f * (float)u, 0.5f, 0.25f, 0.75f), 16);
   memset(varying, 0, sizeof varying);
   memcpy(varying[FF_VARYING_COLOR0], V4(0.5f, 0.5f, 0.5f, 1), 16);
   if (run_fs(&st, &smp, got)) {
      checks++;
      if (smp.calls != FF_MAX_TEXTURE_UNITS || !isfinite(got[0]) || got[0] < 0 || got[0] > 1) {
         failures++;
         fprintf(stderr, "FAIL: everything FS: %u texture calls, red %f\n", smp.calls, got[0]);
      }
   }
}

int
main(void)
{
   test_transform();
   test_lighting();
   test_texgen();
   test_texenv_simple();
   test_texenv_combine();
   test_texenv_combine4();
   test_fog_colorsum();
   test_unclamped();
   test_shadow();
   test_everything_runs();
   printf("%u checks, %u failures\n", checks, failures);
   return failures ? 1 : 0;
}
