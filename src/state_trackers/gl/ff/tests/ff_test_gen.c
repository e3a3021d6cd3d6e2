/*
 * ff module: every generated shader validates over a sweep of states
 * (random and edge cases) and survives the text round trip; keys are
 * byte-identical for equal state and ignore values that do not change
 * code; the shader cache counts hits/misses and evicts within its bound.
 */
#include "ff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned failures;

#define CHECK(cond, ...)                                                  \
   do {                                                                   \
      if (!(cond)) {                                                      \
         fprintf(stderr, "%s:%d: FAIL: %s: ", __FILE__, __LINE__, #cond); \
         fprintf(stderr, __VA_ARGS__);                                    \
         fprintf(stderr, "\n");                                           \
         failures++;                                                      \
      }                                                                   \
   } while (0)

static uint32_t rng_state = 0x12345678u;

static uint32_t
rnd(void)
{
   rng_state ^= rng_state << 13;
   rng_state ^= rng_state >> 17;
   rng_state ^= rng_state << 5;
   return rng_state;
}

static unsigned
rndn(unsigned n)
{
   return rnd() % n;
}

static float
rndf(void)
{
   return (float)(rnd() % 2001) / 1000.0f - 1.0f;
}

static void
random_state(struct ff_state *st)
{
   ff_state_init_defaults(st);
   for (unsigned i = 0; i < 16; i++) {
      st->modelview[i] = rndf();
      st->projection[i] = rndf();
   }
   st->normalize = rndn(2);
   st->rescale_normal = rndn(2);
   st->lighting = rndn(4) != 0;
   for (unsigned i = 0; i < FF_MAX_LIGHTS; i++) {
      struct ff_light *l = &st->light[i];
      l->enabled = rndn(2);
      l->position[3] = rndn(2) ? 1.0f : 0.0f;
      l->spot_cutoff = rndn(2) ? 180.0f : (float)rndn(91);
      l->constant_attenuation = rndn(2) ? 1.0f : 2.0f;
      l->linear_attenuation = rndn(3) ? 0.0f : 0.5f;
      l->spot_exponent = (float)rndn(128);
   }
   st->light_model_two_side = rndn(2);
   st->light_model_local_viewer = rndn(2);
   st->separate_specular = rndn(2);
   st->color_material = rndn(2);
   st->color_material_mode = (enum ff_color_material)rndn(5);
   st->color_material_face = 1 + rndn(3);
   st->color_sum = rndn(2);
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      struct ff_texunit *t = &st->unit[u];
      t->enabled = rndn(3) == 0;
      t->target = (enum ff_tex_target)rndn(5);
      t->base_format = (enum ff_base_format)rndn(6);
      t->shadow = rndn(4) == 0;
      for (unsigned c = 0; c < 4; c++)
         t->texgen[c] = (enum ff_texgen_mode)rndn(6);
      if (rndn(2))
         t->matrix[12] = 0.5f;
      t->env_mode = (enum ff_texenv_mode)rndn(6);
      t->combine_rgb = (enum ff_combine_func)rndn(8);
      t->combine_alpha = (enum ff_combine_func)rndn(6);
      for (unsigned i = 0; i < 3; i++) {
         t->src_rgb[i] = (enum ff_combine_src)rndn(FF_NUM_COMBINE_SRCS);
         t->src_alpha[i] = (enum ff_combine_src)rndn(FF_NUM_COMBINE_SRCS);
         t->operand_rgb[i] = (enum ff_combine_operand)rndn(4);
         t->operand_alpha[i] = (enum ff_combine_operand)(2 + rndn(2));
      }
      t->rgb_scale = (float)(1u << rndn(3));
      t->alpha_scale = (float)(1u << rndn(3));
   }
   st->fog = rndn(2);
   st->fog_mode = (enum ff_fog_mode)rndn(3);
   st->fog_source = (enum ff_fog_source)rndn(2);
   st->clip_plane_enable = rndn(4) ? 0 : rnd() & 0xff;
   if (rndn(3) == 0)
      st->point_distance_attenuation[2] = 0.25f;
   st->point_size_array = rndn(4) == 0;
}

static unsigned shaders_checked;

static void
check_shader(struct ir_shader *s, const char *what)
{
   char *errors = NULL;
   bool ok = ir_validate(s, &errors);
   CHECK(ok, "%s does not validate:\n%s", what, errors ? errors : "");
   free(errors);
   if (!ok) {
      ir_print_shader(s, stderr);
      return;
   }
   /* text round trip */
   char *text = ir_print_shader_to_string(s);
   char err[256] = "";
   struct ir_shader *p = ir_parse(text, err, sizeof err);
   CHECK(p != NULL, "%s: printed text does not parse: %s", what, err);
   if (p) {
      char *text2 = ir_print_shader_to_string(p);
      CHECK(!strcmp(text, text2), "%s: print/parse/print differs", what);
      free(text2);
      ir_shader_destroy(p);
   }
   free(text);
   shaders_checked++;
}

static void
check_state(const struct ff_state *st, const char *what)
{
   struct ff_vs_key vk;
   struct ff_fs_key fk;
   ff_vs_key_from_state(st, &vk);
   ff_fs_key_from_state(st, &fk);
   struct ir_shader *vs = ff_vs_generate(&vk);
   struct ir_shader *fs = ff_fs_generate(&fk);
   CHECK(vs->stage == IR_STAGE_VERTEX, "%s", what);
   CHECK(fs->stage == IR_STAGE_FRAGMENT, "%s", what);
   check_shader(vs, what);
   check_shader(fs, what);
   ir_shader_destroy(vs);
   ir_shader_destroy(fs);
}

static void
test_sweep(void)
{
   struct ff_state st;
   char what[64];

   ff_state_init_defaults(&st);
   check_state(&st, "defaults");

   /* edge: everything on at once */
   random_state(&st);
   st.lighting = true;
   st.light_model_two_side = st.separate_specular = st.light_model_local_viewer = true;
   st.color_material = true;
   st.fog = true;
   st.clip_plane_enable = 0xff;
   st.point_distance_attenuation[1] = 1.0f;
   st.point_size_array = true;
   for (unsigned i = 0; i < FF_MAX_LIGHTS; i++) {
      st.light[i].enabled = true;
      st.light[i].position[3] = 1.0f;
      st.light[i].spot_cutoff = 45.0f;
      st.light[i].linear_attenuation = 1.0f;
   }
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      st.unit[u].enabled = true;
      st.unit[u].env_mode = FF_ENV_COMBINE;
      st.unit[u].combine_rgb = FF_COMBINE_INTERPOLATE;
      st.unit[u].texgen[0] = FF_TEXGEN_SPHERE_MAP;
      st.unit[u].texgen[1] = FF_TEXGEN_SPHERE_MAP;
      st.unit[u].texgen[2] = FF_TEXGEN_REFLECTION_MAP;
      st.unit[u].texgen[3] = FF_TEXGEN_EYE_LINEAR;
      st.unit[u].src_rgb[2] = FF_SRC_TEXTURE0 + (FF_MAX_TEXTURE_UNITS - 1 - u);
   }
   check_state(&st, "everything");

   /* every colour material mode x face, with and without two-side */
   for (unsigned m = 0; m < 5; m++) {
      for (unsigned f = 1; f <= 3; f++) {
         for (unsigned ts = 0; ts < 2; ts++) {
            ff_state_init_defaults(&st);
            st.lighting = st.color_material = true;
            st.light[0].enabled = true;
            st.color_material_mode = (enum ff_color_material)m;
            st.color_material_face = f;
            st.light_model_two_side = ts;
            snprintf(what, sizeof what, "colour material %u face %u two-side %u", m, f, ts);
            check_state(&st, what);
         }
      }
   }
   /* every texgen mode on every coordinate, every target/format/mode */
   for (unsigned g = 0; g < 6; g++) {
      for (unsigned tgt = 0; tgt < 5; tgt++) {
         for (unsigned fmt = 0; fmt < 6; fmt++) {
            for (unsigned mode = 0; mode < 6; mode++) {
               ff_state_init_defaults(&st);
               unsigned u = (g + tgt + fmt + mode) % FF_MAX_TEXTURE_UNITS;
               st.unit[u].enabled = true;
               for (unsigned c = 0; c < 4; c++)
                  st.unit[u].texgen[c] = (enum ff_texgen_mode)g;
               st.unit[u].target = (enum ff_tex_target)tgt;
               st.unit[u].base_format = (enum ff_base_format)fmt;
               st.unit[u].env_mode = (enum ff_texenv_mode)mode;
               st.unit[u].matrix[0] = 2.0f;
               snprintf(what, sizeof what, "texgen %u target %u fmt %u mode %u", g, tgt, fmt, mode);
               check_state(&st, what);
            }
         }
      }
   }
   /* every combine function x source x operand x scale */
   for (unsigned fn = 0; fn < 8; fn++) {
      for (unsigned src = 0; src < FF_NUM_COMBINE_SRCS; src++) {
         for (unsigned op = 0; op < 4; op++) {
            ff_state_init_defaults(&st);
            st.unit[0].enabled = st.unit[3].enabled = true;
            struct ff_texunit *t = &st.unit[3];
            t->env_mode = FF_ENV_COMBINE;
            t->combine_rgb = (enum ff_combine_func)fn;
            t->combine_alpha = (enum ff_combine_func)(fn % 6);
            for (unsigned i = 0; i < 3; i++) {
               t->src_rgb[i] = t->src_alpha[i] = (enum ff_combine_src)((src + i) % FF_NUM_COMBINE_SRCS);
               t->operand_rgb[i] = (enum ff_combine_operand)op;
               t->operand_alpha[i] = (enum ff_combine_operand)(2 + op % 2);
            }
            t->rgb_scale = (float)(1u << (op % 3));
            t->alpha_scale = (float)(1u << ((op + 1) % 3));
            snprintf(what, sizeof what, "combine %u src %u op %u", fn, src, op);
            check_state(&st, what);
         }
      }
   }
   /* fog modes and sources, colour sum, points, clip planes */
   for (unsigned i = 0; i < 2 * 3 * 2 * 4; i++) {
      ff_state_init_defaults(&st);
      st.fog = true;
      st.fog_source = (enum ff_fog_source)(i % 2);
      st.fog_mode = (enum ff_fog_mode)((i / 2) % 3);
      st.color_sum = (i / 6) % 2;
      st.point_distance_attenuation[1] = (i / 12) % 2 ? 0.5f : 0.0f;
      st.point_size_array = (i / 24) % 2;
      st.clip_plane_enable = 1u << (i % 8);
      snprintf(what, sizeof what, "fog/points/clip %u", i);
      check_state(&st, what);
   }
   /* random states */
   for (unsigned i = 0; i < 2000; i++) {
      random_state(&st);
      snprintf(what, sizeof what, "random state %u", i);
      check_state(&st, what);
   }
}

static void
test_key_identity(void)
{
   struct ff_state a, b;
   struct ff_vs_key va, vb;
   struct ff_fs_key fa, fb;

   /* equal state -> byte-identical keys, even with garbage in padding of
    * the state struct */
   memset(&a, 0xa5, sizeof a);
   ff_state_init_defaults(&a);
   memset(&b, 0x5a, sizeof b);
   ff_state_init_defaults(&b);
   memset(&va, 0xff, sizeof va);
   memset(&vb, 0x11, sizeof vb);
   ff_vs_key_from_state(&a, &va);
   ff_vs_key_from_state(&b, &vb);
   CHECK(!memcmp(&va, &vb, sizeof va), "default VS keys differ");
   memset(&fa, 0xff, sizeof fa);
   memset(&fb, 0x11, sizeof fb);
   ff_fs_key_from_state(&a, &fa);
   ff_fs_key_from_state(&b, &fb);
   CHECK(!memcmp(&fa, &fb, sizeof fa), "default FS keys differ");

   for (unsigned iter = 0; iter < 200; iter++) {
      random_state(&a);
      b = a;
      /* values that never change code */
      for (unsigned i = 0; i < 16; i++) {
         b.modelview[i] += 1.0f;
         b.projection[i] *= 2.0f;
      }
      for (unsigned i = 0; i < FF_MAX_LIGHTS; i++) {
         b.light[i].diffuse[0] += 0.5f;
         b.light[i].position[0] += 3.0f;
         b.light[i].spot_exponent += 1.0f;
      }
      b.material[0].shininess += 5.0f;
      b.material[1].diffuse[2] = 0.25f;
      b.fog_density *= 3.0f;
      b.fog_color[1] = 0.75f;
      b.fog_start -= 1.0f;
      b.clip_plane[2][1] = 7.0f;
      b.point_size += 2.0f;
      for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
         b.unit[u].env_color[0] = 0.125f;
         b.unit[u].eye_plane[1][3] = 9.0f;
      }
      /* lighting off: light/material details do not matter */
      if (!a.lighting) {
         for (unsigned i = 0; i < FF_MAX_LIGHTS; i++) {
            b.light[i].enabled = !a.light[i].enabled;
            b.light[i].spot_cutoff = 10.0f;
         }
         b.light_model_two_side = !a.light_model_two_side;
         b.color_material = !a.color_material;
      }
      ff_vs_key_from_state(&a, &va);
      ff_vs_key_from_state(&b, &vb);
      CHECK(!memcmp(&va, &vb, sizeof va), "VS keys differ for value-only changes (iter %u)", iter);
      ff_fs_key_from_state(&a, &fa);
      ff_fs_key_from_state(&b, &fb);
      CHECK(!memcmp(&fa, &fb, sizeof fa), "FS keys differ for value-only changes (iter %u)", iter);
   }

   /* COMBINE: arguments a function does not read do not matter */
   ff_state_init_defaults(&a);
   a.unit[0].enabled = true;
   a.unit[0].env_mode = FF_ENV_COMBINE;
   a.unit[0].combine_rgb = FF_COMBINE_REPLACE;
   a.unit[0].combine_alpha = FF_COMBINE_REPLACE;
   b = a;
   b.unit[0].src_rgb[1] = FF_SRC_CONSTANT;
   b.unit[0].operand_rgb[2] = FF_OP_ONE_MINUS_SRC_COLOR;
   b.unit[0].src_alpha[2] = FF_SRC_PRIMARY_COLOR;
   b.unit[0].base_format = FF_BASE_ALPHA;        /* combine reads expanded texels */
   ff_fs_key_from_state(&a, &fa);
   ff_fs_key_from_state(&b, &fb);
   CHECK(!memcmp(&fa, &fb, sizeof fa), "unused combine arguments change the key");
   /* TEXTURE<own unit> is TEXTURE */
   b = a;
   a.unit[0].src_rgb[0] = FF_SRC_TEXTURE;
   b.unit[0].src_rgb[0] = FF_SRC_TEXTURE0;
   ff_fs_key_from_state(&a, &fa);
   ff_fs_key_from_state(&b, &fb);
   CHECK(!memcmp(&fa, &fb, sizeof fa), "TEXTURE0 on unit 0 differs from TEXTURE");
   /* DOT3_RGBA ignores the alpha function */
   a.unit[0].combine_rgb = b.unit[0].combine_rgb = FF_COMBINE_DOT3_RGBA;
   b.unit[0].combine_alpha = FF_COMBINE_SUBTRACT;
   ff_fs_key_from_state(&a, &fa);
   ff_fs_key_from_state(&b, &fb);
   CHECK(!memcmp(&fa, &fb, sizeof fa), "DOT3_RGBA key depends on the alpha function");

   /* and changes that matter do change keys */
   ff_state_init_defaults(&a);
   b = a;
   b.unit[2].enabled = true;
   ff_fs_key_from_state(&a, &fa);
   ff_fs_key_from_state(&b, &fb);
   CHECK(memcmp(&fa, &fb, sizeof fa), "enabling a unit does not change the FS key");
   ff_vs_key_from_state(&a, &va);
   ff_vs_key_from_state(&b, &vb);
   CHECK(memcmp(&va, &vb, sizeof va), "enabling a unit does not change the VS key");
   b = a;
   b.lighting = true;
   b.light[3].enabled = true;
   ff_vs_key_from_state(&b, &vb);
   CHECK(memcmp(&va, &vb, sizeof va), "lighting does not change the VS key");
   CHECK(vb.light[3].enabled && !vb.light[3].positional && !vb.light[3].spot,
         "light 3 key wrong");
   b.light[3].position[3] = 1.0f;
   b.light[3].spot_cutoff = 20.0f;
   b.light[3].quadratic_attenuation = 1.0f;
   ff_vs_key_from_state(&b, &vb);
   CHECK(vb.light[3].positional && vb.light[3].spot && vb.light[3].attenuation,
         "light 3 kind not in the key");
   b.rescale_normal = true;
   b.normalize = true;
   ff_vs_key_from_state(&b, &vb);
   CHECK(vb.normalize && !vb.rescale, "normalize should make rescale redundant");
   /* ARB_color_buffer_float's clamp controls */
   b = a;
   b.unclamped_vertex_color = true;
   ff_vs_key_from_state(&b, &vb);
   CHECK(memcmp(&va, &vb, sizeof va), "vertex colour clamping does not change the VS key");
   b = a;
   b.unclamped_fragment_color = true;
   ff_fs_key_from_state(&b, &fb);
   CHECK(memcmp(&fa, &fb, sizeof fa), "fragment colour clamping does not change the FS key");
}

static void
test_input_masks(void)
{
   struct ff_state st;
   struct ff_vs_key vk;
   struct ff_fs_key fk;
   struct ir_shader *s;

   ff_state_init_defaults(&st);
   ff_vs_key_from_state(&st, &vk);
   s = ff_vs_generate(&vk);
   CHECK(ff_shader_input_mask(s) == ((1u << FF_ATTRIB_POS) | (1u << FF_ATTRIB_COLOR0)),
         "default VS inputs 0x%x", ff_shader_input_mask(s));
   ir_shader_destroy(s);

   /* lighting without colour material: no colour input; texgen on s, t
    * only still reads the texcoord for r, q; fog coordinate attribute */
   st.lighting = true;
   st.light[0].enabled = true;
   st.unit[2].enabled = true;
   st.unit[2].texgen[0] = st.unit[2].texgen[1] = FF_TEXGEN_OBJECT_LINEAR;
   st.unit[5].enabled = true;
   for (unsigned c = 0; c < 4; c++)
      st.unit[5].texgen[c] = FF_TEXGEN_EYE_LINEAR;
   st.fog = true;
   st.fog_source = FF_FOG_SRC_COORD;
   ff_vs_key_from_state(&st, &vk);
   s = ff_vs_generate(&vk);
   uint32_t want = (1u << FF_ATTRIB_POS) | (1u << FF_ATTRIB_NORMAL) | (1u << FF_ATTRIB_FOG) |
                   (1u << (FF_ATTRIB_TEX0 + 2));
   CHECK(ff_shader_input_mask(s) == want, "lit VS inputs 0x%x, want 0x%x",
         ff_shader_input_mask(s), want);
   ir_shader_destroy(s);

   ff_fs_key_from_state(&st, &fk);
   s = ff_fs_generate(&fk);
   want = (1u << FF_VARYING_COLOR0) | (1u << FF_VARYING_FOG) | (1u << (FF_VARYING_TEX0 + 2)) |
          (1u << (FF_VARYING_TEX0 + 5));
   CHECK(ff_shader_input_mask(s) == want, "FS inputs 0x%x, want 0x%x", ff_shader_input_mask(s),
         want);
   ir_shader_destroy(s);
}

static unsigned released;

static void
on_release(void *priv, struct ff_cached_shader *e)
{
   unsigned *count = priv;
   CHECK(e->ir != NULL, "release of an empty entry");
   CHECK(e->driver_data == (void *)e || e->driver_data == NULL, "driver data lost");
   (*count)++;
}

static void
test_cache(void)
{
   struct ff_shader_cache_stats stats;
   struct ff_shader_cache *c = ff_shader_cache_create(4, on_release, &released);
   struct ff_state st;
   struct ff_vs_key vk[6];
   struct ff_fs_key fk;

   CHECK(c != NULL, "cache creation");
   if (!c)
      return;
   for (unsigned i = 0; i < 6; i++) {
      ff_state_init_defaults(&st);
      st.clip_plane_enable = 1u << i;
      ff_vs_key_from_state(&st, &vk[i]);
   }
   ff_state_init_defaults(&st);
   ff_fs_key_from_state(&st, &fk);

   struct ff_cached_shader *f0 = ff_shader_cache_get_fs(c, &fk);
   f0->driver_data = f0;
   struct ff_cached_shader *v0 = ff_shader_cache_get_vs(c, &vk[0]);
   v0->driver_data = v0;
   CHECK(ff_shader_cache_get_vs(c, &vk[0]) == v0, "same key, same entry");
   CHECK(v0->driver_data == v0, "driver data kept");
   CHECK(v0->ir->stage == IR_STAGE_VERTEX && f0->ir->stage == IR_STAGE_FRAGMENT, "stages");
   ff_shader_cache_get_stats(c, &stats);
   CHECK(stats.hits == 1 && stats.misses == 2 && stats.entries == 2,
         "hits %llu misses %llu entries %u", (unsigned long long)stats.hits,
         (unsigned long long)stats.misses, stats.entries);

   /* fill past the bound: 4 entries max, the bound FS must survive */
   for (unsigned i = 1; i < 6; i++)
      ff_shader_cache_get_vs(c, &vk[i]);
   ff_shader_cache_get_stats(c, &stats);
   CHECK(stats.entries == 4, "entries %u", stats.entries);
   CHECK(stats.evictions == 3, "evictions %llu", (unsigned long long)stats.evictions);
   CHECK(released == 3, "released %u", released);
   CHECK(ff_shader_cache_get_fs(c, &fk) == f0, "pinned FS was evicted");
   CHECK(f0->driver_data == f0, "pinned FS lost its data");
   ff_shader_cache_get_stats(c, &stats);
   CHECK(stats.hits == 2, "hits %llu", (unsigned long long)stats.hits);
   /* vk[0] (least recently used) is gone: a miss */
   ff_shader_cache_get_vs(c, &vk[0]);
   ff_shader_cache_get_stats(c, &stats);
   CHECK(stats.misses == 8, "misses %llu", (unsigned long long)stats.misses);

   ff_shader_cache_destroy(c);
   CHECK(released == 4 + 4, "released %u after destroy", released);
}

int
main(void)
{
   test_key_identity();
   test_input_masks();
   test_cache();
   test_sweep();
   printf("%u shaders validated\n", shaders_checked);
   if (failures) {
      fprintf(stderr, "%u failures\n", failures);
      return 1;
   }
   printf("ok\n");
   return 0;
}
