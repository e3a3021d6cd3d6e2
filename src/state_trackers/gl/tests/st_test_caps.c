/*
 * Version derivation from pipe_caps (st_caps.c).
 */
#include <stdlib.h>
#include <string.h>

#include "pipe/p_screen.h"
#include "st_caps.h"
#include "st_test_util.h"

static void
caps_gl33(struct pipe_caps *c)
{
   memset(c, 0, sizeof *c);
   c->draw = true;
   c->max_texture_2d_size = 8192;
   c->max_viewport_size = 8192;
   c->texture_1d = c->texture_3d = c->texture_cube = c->texture_rect = c->texture_array = true;
   c->texture_shadow_map = c->stencil_wrap = c->occlusion_query = true;
   c->glsl_feature_level = 330;
   c->vertex_shader = c->fragment_shader = c->geometry_shader = true;
   c->npot_textures = c->point_sprite = c->two_sided_stencil = true;
   c->blend_equation_separate = true;
   c->max_render_targets = 8;
   c->srgb = c->float_textures = c->float_render_targets = c->integer_textures = true;
   c->stream_output = c->conditional_render = c->rgtc = true;
   c->max_samples = 4;
   c->texture_buffer = c->instancing = c->primitive_restart = true;
   c->max_vertex_attribs = 16;
   c->seamless_cube_map = c->depth_clamp = true;
   c->dual_source_blend = c->query_time_elapsed = c->query_timestamp = true;
   c->texture_swizzle = true;
}

static bool
has_ext(const struct st_caps_result *r, const char *name)
{
   for (unsigned i = 0; i < r->num_extensions; i++)
      if (!strcmp(r->extensions[i], name))
         return true;
   return false;
}

/* PONY_GL_VERSION_OVERRIDE below the implemented version: the version, its
 * GLSL version and the extensions that need a GLSL version all follow it
 * down (st_caps_compute_for_screen) */
static void
test_override(void)
{
   struct pipe_caps c;
   struct st_caps_result r;
   caps_gl33(&c);
   unsetenv("PONY_GL_VERSION_OVERRIDE");
   st_caps_compute_for_screen(&c, &r);
   CHECK_EQ_INT(r.max_version[ST_PROFILE_COMPAT], 33);
   CHECK_EQ_INT(r.max_version[ST_PROFILE_CORE], 33);
   CHECK_EQ_INT(r.glsl_version, 330);
   CHECK(has_ext(&r, "GL_ARB_texture_buffer_object") && has_ext(&r, "GL_ARB_shader_objects"),
         "3.3: buffer textures and shader objects");
   unsigned n33 = r.num_extensions;

   setenv("PONY_GL_VERSION_OVERRIDE", "3.1", 1);
   st_caps_compute_for_screen(&c, &r);
   CHECK_EQ_INT(r.max_version[ST_PROFILE_COMPAT], 31);
   CHECK_EQ_INT(r.max_version[ST_PROFILE_CORE], 31);
   CHECK_EQ_INT(r.glsl_version, 140);

   setenv("PONY_GL_VERSION_OVERRIDE", "2.1", 1);
   st_caps_compute_for_screen(&c, &r);
   CHECK_EQ_INT(r.max_version[ST_PROFILE_COMPAT], 21);
   CHECK_EQ_INT(r.max_version[ST_PROFILE_CORE], 0);
   CHECK_EQ_INT(r.glsl_version, 120);
   CHECK(!has_ext(&r, "GL_ARB_texture_buffer_object") && !has_ext(&r, "GL_ARB_base_instance"),
         "2.1: no GLSL 1.40 extensions");
   CHECK(has_ext(&r, "GL_ARB_shader_objects"), "2.1: shader objects");
   CHECK(r.num_extensions < n33, "2.1 lists fewer extensions (%u, 3.3: %u)", r.num_extensions,
         n33);

   setenv("PONY_GL_VERSION_OVERRIDE", "1.5", 1);
   st_caps_compute_for_screen(&c, &r);
   CHECK_EQ_INT(r.max_version[ST_PROFILE_COMPAT], 15);
   CHECK_EQ_INT(r.glsl_version, 0);
   CHECK(!has_ext(&r, "GL_ARB_shader_objects") && !has_ext(&r, "GL_EXT_transform_feedback"),
         "1.5: no GLSL extensions");
   CHECK(!r.xfb, "1.5: no transform feedback");

   /* above the driver's caps: the driver's version */
   c.dual_source_blend = false;
   setenv("PONY_GL_VERSION_OVERRIDE", "4.6", 1);
   st_caps_compute_for_screen(&c, &r);
   CHECK_EQ_INT(r.max_version[ST_PROFILE_COMPAT], 32);
   unsetenv("PONY_GL_VERSION_OVERRIDE");
}

int
main(void)
{
   struct pipe_caps c;
   struct st_caps_result r;

   /* today's refpipe: nothing drawn */
   memset(&c, 0, sizeof c);
   c.max_texture_2d_size = 4096;
   c.max_viewport_size = 4096;
   CHECK_EQ_INT(st_caps_driver_gl_version(&c), 0);
   st_caps_compute(&c, &r);
   CHECK_EQ_INT(r.max_version[ST_PROFILE_COMPAT], 10);   /* the floor */
   CHECK_EQ_INT(r.max_version[ST_PROFILE_CORE], 0);
   CHECK_EQ_INT(r.max_version[ST_PROFILE_GLES1], 0);
   CHECK_EQ_INT(r.max_version[ST_PROFILE_GLES2], 0);
   CHECK(st_caps_version_ok(&r, ST_PROFILE_COMPAT, 1, 0), "1.0 ok");
   CHECK(!st_caps_version_ok(&r, ST_PROFILE_COMPAT, 1, 1), "1.1 refused");
   CHECK(!st_caps_version_ok(&r, ST_PROFILE_CORE, 3, 2), "core refused");
   CHECK_EQ_INT(r.max_viewport_dims, 4096);
   CHECK_EQ_INT(r.max_texture_size, 4096);
   CHECK_EQ_INT(r.glsl_version, 0);
   CHECK(r.num_extensions >= 2 && !strcmp(r.extensions[0], "GL_EXT_bgra"), "extensions");
   CHECK(!r.ext_packed_depth_stencil, "no packed depth/stencil yet");

   /* the ladder, step by step */
   caps_gl33(&c);
   CHECK_EQ_INT(st_caps_driver_gl_version(&c), 33);
   st_caps_compute(&c, &r);
   CHECK_EQ_INT(r.driver_version[ST_PROFILE_COMPAT], 33);
   CHECK_EQ_INT(r.driver_version[ST_PROFILE_CORE], 33);
   CHECK_EQ_INT(r.driver_version[ST_PROFILE_GLES2], 30);
   CHECK_EQ_INT(r.driver_version[ST_PROFILE_GLES1], 11);
   /* ... and the state tracker itself implements GL 3.3 (both profiles),
    * ES 1.1 and ES 3.0 */
   CHECK_EQ_INT(r.max_version[ST_PROFILE_COMPAT], 33);
   CHECK_EQ_INT(r.glsl_version, 330);
   /* every extension fits: the list is not full (add_ext drops what does
    * not) and the GL_EXTENSIONS string (st_context's buffer) holds them all */
   {
      CHECK(r.num_extensions < ST_MAX_EXTENSIONS, "extension list full: %u", r.num_extensions);
      size_t len = 1;
      for (unsigned i = 0; i < r.num_extensions; i++)
         len += strlen(r.extensions[i]) + 1;
      CHECK(len <= 8192, "GL_EXTENSIONS needs %zu bytes", len);
   }
   CHECK_EQ_INT(r.max_version[ST_PROFILE_CORE], 33);
   CHECK_EQ_INT(r.max_version[ST_PROFILE_GLES1], 11);
   CHECK_EQ_INT(r.max_version[ST_PROFILE_GLES2], 30);

   c.dual_source_blend = false;
   CHECK_EQ_INT(st_caps_driver_gl_version(&c), 32);
   c.geometry_shader = false;
   CHECK_EQ_INT(st_caps_driver_gl_version(&c), 31);
   c.primitive_restart = false;
   CHECK_EQ_INT(st_caps_driver_gl_version(&c), 30);
   c.integer_textures = false;
   CHECK_EQ_INT(st_caps_driver_gl_version(&c), 21);
   st_caps_compute(&c, &r);
   CHECK_EQ_INT(r.driver_version[ST_PROFILE_CORE], 0);
   CHECK_EQ_INT(r.driver_version[ST_PROFILE_GLES2], 20);
   c.srgb = false;
   CHECK_EQ_INT(st_caps_driver_gl_version(&c), 20);
   c.glsl_feature_level = 0;
   CHECK_EQ_INT(st_caps_driver_gl_version(&c), 15);
   st_caps_compute(&c, &r);
   CHECK_EQ_INT(r.driver_version[ST_PROFILE_GLES2], 0);
   c.occlusion_query = false;
   CHECK_EQ_INT(st_caps_driver_gl_version(&c), 14);
   c.stencil_wrap = false;
   CHECK_EQ_INT(st_caps_driver_gl_version(&c), 13);
   c.texture_cube = false;
   CHECK_EQ_INT(st_caps_driver_gl_version(&c), 12);
   c.texture_3d = false;
   CHECK_EQ_INT(st_caps_driver_gl_version(&c), 11);
   c.draw = false;
   CHECK_EQ_INT(st_caps_driver_gl_version(&c), 0);

   /* the GLSL version each GL version carries (GL 3.x section 1: 3.0 is
    * GLSL 1.30 ... 3.3 is GLSL 3.30) */
   CHECK_EQ_INT(st_caps_glsl_version(15), 0);
   CHECK_EQ_INT(st_caps_glsl_version(20), 110);
   CHECK_EQ_INT(st_caps_glsl_version(21), 120);
   CHECK_EQ_INT(st_caps_glsl_version(30), 130);
   CHECK_EQ_INT(st_caps_glsl_version(31), 140);
   CHECK_EQ_INT(st_caps_glsl_version(32), 150);
   CHECK_EQ_INT(st_caps_glsl_version(33), 330);

   test_override();

   /* bad input */
   CHECK(!st_caps_version_ok(&r, (enum st_profile)7, 1, 0), "bad profile");
   CHECK(!st_caps_version_ok(&r, ST_PROFILE_COMPAT, -1, 0), "bad major");
   return st_test_finish("st_test_caps");
}
