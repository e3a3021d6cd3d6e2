/*
 * EGLConfigs: the front ends' configurations (fe_config.c), their EGL
 * attributes, and eglChooseConfig's matching and sorting rules (EGL 1.5,
 * section 3.4.1.2 and its table of criteria).
 *
 * A display offers one config per colour layout, depth/stencil layout and
 * sample count, in fe_config_enumerate's order.  Their GL framebuffers are
 * single-buffered: a pbuffer (EGL_RENDER_BUFFER EGL_BACK_BUFFER in EGL's
 * terms) is GL's GL_FRONT with GL_DOUBLEBUFFER false, as through Mesa's
 * loader; the handle of a config is its address in the
 * display's array, checked against the array before any use.
 */
#include <stdlib.h>
#include <string.h>

#include "pipe/p_defines.h"

#include "egl_private.h"

bool
egl_config_build(struct egl_display *d)
{
   unsigned n;
   struct fe_config *all = fe_config_list(d->screen, PIPE_BIND_RENDER_TARGET,
                                          fe_config_max_pbuffer_size(d->screen), &n);
   if (!all)
      return false;

   free(d->configs);
   d->configs = calloc(n, sizeof(*d->configs));
   d->num_configs = 0;
   if (!d->configs) {
      free(all);
      return false;
   }
   for (unsigned i = 0; i < n; i++) {
      if (all[i].double_buffered)
         continue;
      struct egl_config *c = &d->configs[d->num_configs++];
      c->fe = all[i];
      c->id = (EGLint)d->num_configs;
      c->surface_type = EGL_PBUFFER_BIT;
      c->renderable = d->apis;
   }
   free(all);
   return d->num_configs > 0;
}

const struct egl_config *
egl_config_lookup(const struct egl_display *d, EGLConfig handle)
{
   const struct egl_config *c = (const struct egl_config *)handle;
   if (!d->configs || !handle)
      return NULL;
   /* compare as integers: the handle may point anywhere */
   uintptr_t p = (uintptr_t)c, first = (uintptr_t)d->configs;
   if (p < first || p >= first + d->num_configs * sizeof(*c) || (p - first) % sizeof(*c))
      return NULL;
   return c;
}

bool
egl_config_attrib(const struct egl_config *c, EGLint attrib, EGLint *value)
{
   const struct fe_color_layout *color = fe_color_layout(c->fe.color_format);
   const struct fe_zs_layout *zs = fe_zs_layout(c->fe.zs_format);
   EGLint v;

   switch (attrib) {
   case EGL_BUFFER_SIZE:
      v = color->size[0] + color->size[1] + color->size[2] + color->size[3];
      break;
   case EGL_RED_SIZE:
      v = color->size[0];
      break;
   case EGL_GREEN_SIZE:
      v = color->size[1];
      break;
   case EGL_BLUE_SIZE:
      v = color->size[2];
      break;
   case EGL_ALPHA_SIZE:
      v = color->size[3];
      break;
   case EGL_DEPTH_SIZE:
      v = zs->depth;
      break;
   case EGL_STENCIL_SIZE:
      v = zs->stencil;
      break;
   case EGL_SAMPLE_BUFFERS:
      v = c->fe.samples > 1;
      break;
   case EGL_SAMPLES:
      v = c->fe.samples > 1 ? (EGLint)c->fe.samples : 0;
      break;
   case EGL_CONFIG_ID:
      v = c->id;
      break;
   case EGL_SURFACE_TYPE:
      v = c->surface_type;
      break;
   case EGL_RENDERABLE_TYPE:
   case EGL_CONFORMANT:
      v = c->renderable;
      break;
   case EGL_COLOR_BUFFER_TYPE:
      v = EGL_RGB_BUFFER;
      break;
   case EGL_CONFIG_CAVEAT:
   case EGL_TRANSPARENT_TYPE:
      v = EGL_NONE;
      break;
   case EGL_NATIVE_VISUAL_TYPE:
      v = c->native_visual_id ? c->native_visual_type : EGL_NONE;
      break;
   case EGL_NATIVE_VISUAL_ID:
      v = c->native_visual_id;
      break;
   case EGL_MAX_PBUFFER_WIDTH:
   case EGL_MAX_PBUFFER_HEIGHT:
      v = (EGLint)c->fe.max_pbuffer_size;
      break;
   case EGL_MAX_PBUFFER_PIXELS:
      v = (EGLint)(c->fe.max_pbuffer_size * c->fe.max_pbuffer_size);
      break;
   case EGL_MAX_SWAP_INTERVAL:
      v = 1;
      break;
   case EGL_NATIVE_RENDERABLE:
      v = c->native_visual_id ? EGL_TRUE : EGL_FALSE;
      break;
   case EGL_BIND_TO_TEXTURE_RGB:
   case EGL_BIND_TO_TEXTURE_RGBA:
      v = EGL_FALSE;
      break;
   case EGL_MIN_SWAP_INTERVAL:
   case EGL_LUMINANCE_SIZE:
   case EGL_ALPHA_MASK_SIZE:
   case EGL_LEVEL:
   case EGL_TRANSPARENT_RED_VALUE:
   case EGL_TRANSPARENT_GREEN_VALUE:
   case EGL_TRANSPARENT_BLUE_VALUE:
      v = 0;
      break;
   default:
      return false;
   }
   *value = v;
   return true;
}

EGLBoolean
api_eglGetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint attrib, EGLint *value)
{
   egl_entry("eglGetConfigAttrib");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   const struct egl_config *c = egl_config_lookup(d, config);
   EGLint v = 0;
   EGLint err = !c ? EGL_BAD_CONFIG : !egl_config_attrib(c, attrib, &v) ? EGL_BAD_ATTRIBUTE
                                    : !value                          ? EGL_BAD_PARAMETER
                                                                      : EGL_SUCCESS;
   egl_display_unlock(d);
   if (err != EGL_SUCCESS)
      return egl_error(err);
   *value = v;
   return egl_success();
}

EGLBoolean
api_eglGetConfigs(EGLDisplay dpy, EGLConfig *configs, EGLint size, EGLint *num)
{
   egl_entry("eglGetConfigs");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   if (!num) {
      egl_display_unlock(d);
      return egl_error(EGL_BAD_PARAMETER);
   }
   EGLint n = (EGLint)d->num_configs;
   if (configs) {
      n = size < 0 ? 0 : size < n ? size : n;
      for (EGLint i = 0; i < n; i++)
         configs[i] = (EGLConfig)&d->configs[i];
   }
   *num = n;
   egl_display_unlock(d);
   return egl_success();
}

/* --- eglChooseConfig ------------------------------------------------------------- */

enum match { MATCH_ATLEAST, MATCH_EXACT, MATCH_MASK, MATCH_IGNORED };

/* EGL 1.5 table 3.4: every attribute eglChooseConfig takes, its default
 * and how it is compared */
static const struct criterion {
   EGLint attrib;
   EGLint dflt;
   enum match match;
} criteria[] = {
   { EGL_BUFFER_SIZE, 0, MATCH_ATLEAST },
   { EGL_RED_SIZE, 0, MATCH_ATLEAST },
   { EGL_GREEN_SIZE, 0, MATCH_ATLEAST },
   { EGL_BLUE_SIZE, 0, MATCH_ATLEAST },
   { EGL_LUMINANCE_SIZE, 0, MATCH_ATLEAST },
   { EGL_ALPHA_SIZE, 0, MATCH_ATLEAST },
   { EGL_ALPHA_MASK_SIZE, 0, MATCH_ATLEAST },
   { EGL_BIND_TO_TEXTURE_RGB, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_BIND_TO_TEXTURE_RGBA, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_COLOR_BUFFER_TYPE, EGL_RGB_BUFFER, MATCH_EXACT },
   { EGL_CONFIG_CAVEAT, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_CONFIG_ID, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_CONFORMANT, 0, MATCH_MASK },
   { EGL_DEPTH_SIZE, 0, MATCH_ATLEAST },
   { EGL_LEVEL, 0, MATCH_EXACT },
   { EGL_MAX_PBUFFER_WIDTH, 0, MATCH_IGNORED },
   { EGL_MAX_PBUFFER_HEIGHT, 0, MATCH_IGNORED },
   { EGL_MAX_PBUFFER_PIXELS, 0, MATCH_IGNORED },
   { EGL_MAX_SWAP_INTERVAL, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_MIN_SWAP_INTERVAL, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_NATIVE_RENDERABLE, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_NATIVE_VISUAL_ID, 0, MATCH_IGNORED },
   { EGL_NATIVE_VISUAL_TYPE, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_RENDERABLE_TYPE, EGL_OPENGL_ES_BIT, MATCH_MASK },
   { EGL_SAMPLE_BUFFERS, 0, MATCH_ATLEAST },
   { EGL_SAMPLES, 0, MATCH_ATLEAST },
   { EGL_STENCIL_SIZE, 0, MATCH_ATLEAST },
   { EGL_SURFACE_TYPE, EGL_WINDOW_BIT, MATCH_MASK },
   { EGL_TRANSPARENT_TYPE, EGL_NONE, MATCH_EXACT },
   { EGL_TRANSPARENT_RED_VALUE, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_TRANSPARENT_GREEN_VALUE, EGL_DONT_CARE, MATCH_EXACT },
   { EGL_TRANSPARENT_BLUE_VALUE, EGL_DONT_CARE, MATCH_EXACT },
};
#define NUM_CRITERIA (sizeof(criteria) / sizeof(criteria[0]))

static int
criterion_index(EGLint attrib)
{
   for (unsigned i = 0; i < NUM_CRITERIA; i++) {
      if (criteria[i].attrib == attrib)
         return (int)i;
   }
   return -1;
}

/* Values the spec restricts; false: EGL_BAD_ATTRIBUTE. */
static bool
value_ok(EGLint attrib, EGLint v)
{
   if (v == EGL_DONT_CARE)
      return attrib != EGL_LEVEL;
   switch (attrib) {
   case EGL_BIND_TO_TEXTURE_RGB:
   case EGL_BIND_TO_TEXTURE_RGBA:
   case EGL_NATIVE_RENDERABLE:
      return v == EGL_TRUE || v == EGL_FALSE;
   case EGL_COLOR_BUFFER_TYPE:
      return v == EGL_RGB_BUFFER || v == EGL_LUMINANCE_BUFFER;
   case EGL_CONFIG_CAVEAT:
      return v == EGL_NONE || v == EGL_SLOW_CONFIG || v == EGL_NON_CONFORMANT_CONFIG;
   case EGL_TRANSPARENT_TYPE:
      return v == EGL_NONE || v == EGL_TRANSPARENT_RGB;
   case EGL_BUFFER_SIZE:
   case EGL_RED_SIZE:
   case EGL_GREEN_SIZE:
   case EGL_BLUE_SIZE:
   case EGL_LUMINANCE_SIZE:
   case EGL_ALPHA_SIZE:
   case EGL_ALPHA_MASK_SIZE:
   case EGL_DEPTH_SIZE:
   case EGL_STENCIL_SIZE:
   case EGL_SAMPLE_BUFFERS:
   case EGL_SAMPLES:
      return v >= 0;
   default:
      return true;
   }
}

struct choice {
   EGLint want[NUM_CRITERIA];
   EGLint match_pixmap;            /* EGL_MATCH_NATIVE_PIXMAP */
};

static bool
config_matches(const struct egl_config *c, const struct choice *ch)
{
   int id_idx = criterion_index(EGL_CONFIG_ID);
   /* EGL_CONFIG_ID given: every other attribute is ignored */
   if (ch->want[id_idx] != EGL_DONT_CARE)
      return c->id == ch->want[id_idx];
   for (unsigned i = 0; i < NUM_CRITERIA; i++) {
      EGLint want = ch->want[i], have;
      if (want == EGL_DONT_CARE || criteria[i].match == MATCH_IGNORED)
         continue;
      /* the transparent values count only for an RGB-transparent choice */
      if ((criteria[i].attrib == EGL_TRANSPARENT_RED_VALUE ||
           criteria[i].attrib == EGL_TRANSPARENT_GREEN_VALUE ||
           criteria[i].attrib == EGL_TRANSPARENT_BLUE_VALUE) &&
          ch->want[criterion_index(EGL_TRANSPARENT_TYPE)] != EGL_TRANSPARENT_RGB)
         continue;
      if (!egl_config_attrib(c, criteria[i].attrib, &have))
         return false;
      switch (criteria[i].match) {
      case MATCH_ATLEAST:
         if (have < want)
            return false;
         break;
      case MATCH_EXACT:
         if (have != want)
            return false;
         break;
      case MATCH_MASK:
         if ((have & want) != want)
            return false;
         break;
      case MATCH_IGNORED:
         break;
      }
   }
   return true;
}

static EGLint
attr(const struct egl_config *c, EGLint attrib)
{
   EGLint v = 0;
   egl_config_attrib(c, attrib, &v);
   return v;
}

static int
caveat_rank(EGLint caveat)
{
   return caveat == EGL_NONE ? 0 : caveat == EGL_SLOW_CONFIG ? 1 : 2;
}

/* The colour bits that count for sorting: those asked for with a
 * positive value (EGL 1.5, sort rule 3). */
static EGLint
color_bits(const struct egl_config *c, const struct choice *ch)
{
   static const EGLint channels[] = { EGL_RED_SIZE, EGL_GREEN_SIZE, EGL_BLUE_SIZE,
                                      EGL_ALPHA_SIZE, EGL_LUMINANCE_SIZE };
   EGLint sum = 0;
   for (unsigned i = 0; i < sizeof(channels) / sizeof(channels[0]); i++) {
      EGLint want = ch->want[criterion_index(channels[i])];
      if (want != EGL_DONT_CARE && want > 0)
         sum += attr(c, channels[i]);
   }
   return sum;
}

/* < 0: a before b.  EGL 1.5's sort rules in their order of priority. */
static int
config_compare(const struct egl_config *a, const struct egl_config *b, const struct choice *ch)
{
   int d;
   if ((d = caveat_rank(attr(a, EGL_CONFIG_CAVEAT)) - caveat_rank(attr(b, EGL_CONFIG_CAVEAT))))
      return d;
   if ((d = (attr(a, EGL_COLOR_BUFFER_TYPE) != EGL_RGB_BUFFER) -
            (attr(b, EGL_COLOR_BUFFER_TYPE) != EGL_RGB_BUFFER)))
      return d;
   if ((d = color_bits(b, ch) - color_bits(a, ch)))   /* larger first */
      return d;
   static const EGLint smaller_first[] = { EGL_BUFFER_SIZE, EGL_SAMPLE_BUFFERS, EGL_SAMPLES,
                                           EGL_DEPTH_SIZE, EGL_STENCIL_SIZE,
                                           EGL_ALPHA_MASK_SIZE };
   for (unsigned i = 0; i < sizeof(smaller_first) / sizeof(smaller_first[0]); i++) {
      if ((d = attr(a, smaller_first[i]) - attr(b, smaller_first[i])))
         return d;
   }
   /* EGL_NATIVE_VISUAL_TYPE: implementation-defined; the id decides */
   return a->id - b->id;
}

EGLBoolean
api_eglChooseConfig(EGLDisplay dpy, const EGLint *attribs, EGLConfig *configs, EGLint size,
                    EGLint *num)
{
   egl_entry("eglChooseConfig");
   struct choice ch;
   for (unsigned i = 0; i < NUM_CRITERIA; i++)
      ch.want[i] = criteria[i].dflt;
   ch.match_pixmap = EGL_NONE;

   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   EGLint err = num ? EGL_SUCCESS : EGL_BAD_PARAMETER;
   for (unsigned n = 0; attribs && err == EGL_SUCCESS && attribs[2 * n] != EGL_NONE; n++) {
      EGLint a = attribs[2 * n], v = attribs[2 * n + 1];
      int idx = criterion_index(a);
      if (n >= EGL_MAX_ATTRIBS)
         err = EGL_BAD_ATTRIBUTE;   /* no terminator within reason */
      else if (a == EGL_MATCH_NATIVE_PIXMAP)
         ch.match_pixmap = v;
      else if (idx < 0 || !value_ok(a, v))
         err = EGL_BAD_ATTRIBUTE;
      else
         ch.want[idx] = v;
   }
   /* no native pixmaps on Pony's platforms */
   if (err == EGL_SUCCESS && ch.match_pixmap != EGL_NONE)
      err = EGL_BAD_NATIVE_PIXMAP;
   if (err != EGL_SUCCESS) {
      egl_display_unlock(d);
      egl_log(d, "eglChooseConfig: error 0x%x", err);
      return egl_error(err);
   }

   /* matching configs, sorted (insertion: a few dozen at most) */
   const struct egl_config **found = calloc(d->num_configs ? d->num_configs : 1, sizeof(*found));
   if (!found) {
      egl_display_unlock(d);
      return egl_error(EGL_BAD_ALLOC);
   }
   EGLint count = 0;
   for (unsigned i = 0; i < d->num_configs; i++) {
      const struct egl_config *c = &d->configs[i];
      if (!config_matches(c, &ch))
         continue;
      EGLint j = count++;
      while (j > 0 && config_compare(c, found[j - 1], &ch) < 0) {
         found[j] = found[j - 1];
         j--;
      }
      found[j] = c;
   }
   if (configs) {
      if (count > size)
         count = size < 0 ? 0 : size;
      for (EGLint i = 0; i < count; i++)
         configs[i] = (EGLConfig)found[i];
   }
   *num = count;
   free(found);
   egl_display_unlock(d);
   return egl_success();
}
