/*
 * DRI_RENDERER_QUERY (GLX_MESA_query_renderer, EGL's feature probes) and
 * DRI_CONFIG_QUERY (driconf lookups: Pony has no driconf options).
 */
#include <string.h>

#include "pipe/p_screen.h"
#include "state_trackers/gl/st_api.h"

#include "dri_extensions.h"
#include "dri_screen.h"

#ifndef PONY_VERSION_MAJOR
#define PONY_VERSION_MAJOR 0
#define PONY_VERSION_MINOR 0
#define PONY_VERSION_PATCH 0
#endif

struct dri_version {
   int major, minor;
};

/* Candidate versions per profile, highest first. */
static const struct dri_version dri_gl_versions[] = {
   { 4, 6 }, { 4, 5 }, { 4, 4 }, { 4, 3 }, { 4, 2 }, { 4, 1 }, { 4, 0 }, { 3, 3 },
   { 3, 2 }, { 3, 1 }, { 3, 0 }, { 2, 1 }, { 2, 0 }, { 1, 5 }, { 1, 4 }, { 1, 3 },
   { 1, 2 }, { 1, 1 }, { 1, 0 },
};
static const struct dri_version dri_es1_versions[] = { { 1, 1 }, { 1, 0 } };
static const struct dri_version dri_es2_versions[] = { { 3, 2 }, { 3, 1 }, { 3, 0 }, { 2, 0 } };

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

void
dri_query_max_version(struct pipe_screen *pscreen, int profile, int *major, int *minor)
{
   const struct dri_version *list = dri_gl_versions;
   unsigned n = ARRAY_LEN(dri_gl_versions);

   *major = 0;
   *minor = 0;
   if (profile == ST_PROFILE_GLES1) {
      list = dri_es1_versions;
      n = ARRAY_LEN(dri_es1_versions);
   } else if (profile == ST_PROFILE_GLES2) {
      list = dri_es2_versions;
      n = ARRAY_LEN(dri_es2_versions);
   }
   for (unsigned i = 0; i < n; i++) {
      /* core profiles start at 3.1 */
      if (profile == ST_PROFILE_CORE &&
          (list[i].major < 3 || (list[i].major == 3 && list[i].minor < 1)))
         break;
      if (st_profile_supported(pscreen, (enum st_profile)profile, list[i].major, list[i].minor)) {
         *major = list[i].major;
         *minor = list[i].minor;
         return;
      }
   }
}

static int
dri_query_integer(__DRIscreen *s, int attribute, unsigned int *val)
{
   struct dri_screen *screen = dri_screen(s);
   struct pipe_screen *pscreen;
   int major, minor;

   if (!screen || !val)
      return -1;
   pscreen = screen->pscreen;

   switch (attribute) {
   case __DRI2_RENDERER_VENDOR_ID:
   case __DRI2_RENDERER_DEVICE_ID:
      val[0] = 0xffffffff;   /* no PCI device behind a software renderer */
      break;
   case __DRI2_RENDERER_VERSION:
      val[0] = PONY_VERSION_MAJOR;
      val[1] = PONY_VERSION_MINOR;
      val[2] = PONY_VERSION_PATCH;
      break;
   case __DRI2_RENDERER_ACCELERATED:
      val[0] = 0;
      break;
   case __DRI2_RENDERER_VIDEO_MEMORY:
      val[0] = (unsigned)pscreen->caps.video_memory_mb;
      break;
   case __DRI2_RENDERER_UNIFIED_MEMORY_ARCHITECTURE:
      val[0] = pscreen->caps.uma ? 1 : 0;
      break;
   case __DRI2_RENDERER_PREFERRED_PROFILE:
      dri_query_max_version(pscreen, ST_PROFILE_CORE, &major, &minor);
      val[0] = major ? (1u << __DRI_API_OPENGL_CORE) : (1u << __DRI_API_OPENGL);
      break;
   case __DRI2_RENDERER_OPENGL_CORE_PROFILE_VERSION:
      dri_query_max_version(pscreen, ST_PROFILE_CORE, &major, &minor);
      val[0] = (unsigned)major;
      val[1] = (unsigned)minor;
      break;
   case __DRI2_RENDERER_OPENGL_COMPATIBILITY_PROFILE_VERSION:
      dri_query_max_version(pscreen, ST_PROFILE_COMPAT, &major, &minor);
      val[0] = (unsigned)major;
      val[1] = (unsigned)minor;
      break;
   case __DRI2_RENDERER_OPENGL_ES_PROFILE_VERSION:
      dri_query_max_version(pscreen, ST_PROFILE_GLES1, &major, &minor);
      val[0] = (unsigned)major;
      val[1] = (unsigned)minor;
      break;
   case __DRI2_RENDERER_OPENGL_ES2_PROFILE_VERSION:
      dri_query_max_version(pscreen, ST_PROFILE_GLES2, &major, &minor);
      val[0] = (unsigned)major;
      val[1] = (unsigned)minor;
      break;
   case __DRI2_RENDERER_HAS_TEXTURE_3D:
      val[0] = pscreen->caps.texture_3d ? 1 : 0;
      break;
   case __DRI2_RENDERER_HAS_FRAMEBUFFER_SRGB:
      val[0] = 0;   /* no sRGB configs are offered */
      break;
   case __DRI2_RENDERER_HAS_CONTEXT_PRIORITY:
      val[0] = 0;   /* priorities are not implemented */
      break;
   case __DRI2_RENDERER_HAS_PROTECTED_SURFACE:
   case __DRI2_RENDERER_HAS_PROTECTED_CONTEXT:
   case __DRI2_RENDERER_PREFER_BACK_BUFFER_REUSE:
      val[0] = 0;
      break;
   case __DRI2_RENDERER_HAS_NO_ERROR_CONTEXT:
      val[0] = 1;   /* the state tracker takes ST_CONTEXT_FLAG_NO_ERROR */
      break;
   default:
      dri_log(screen, "queryInteger(0x%x): unknown", attribute);
      return -1;
   }
   dri_log(screen, "queryInteger(0x%x) = %u", attribute, val[0]);
   return 0;
}

static int
dri_query_string(__DRIscreen *s, int attribute, const char **val)
{
   struct dri_screen *screen = dri_screen(s);

   if (!screen || !val)
      return -1;
   switch (attribute) {
   case __DRI2_RENDERER_VENDOR_ID:
      *val = screen->pscreen->get_vendor ? screen->pscreen->get_vendor(screen->pscreen)
                                         : PIPE_VENDOR_STRING;
      return 0;
   case __DRI2_RENDERER_DEVICE_ID:
      *val = screen->device_name;
      return 0;
   default:
      return -1;
   }
}

const __DRI2rendererQueryExtension dri_renderer_query_extension = {
   .base = { __DRI2_RENDERER_QUERY, 1 },
   .queryInteger = dri_query_integer,
   .queryString = dri_query_string,
};

/* driconf: nothing is configurable that way, so every lookup misses
 * (-1 = no such option; 0 would mean *val was set). */
static int
dri_config_query_b(__DRIscreen *screen, const char *var, unsigned char *val)
{
   dri_log(dri_screen(screen), "configQueryb(%s): not found", var ? var : "(null)");
   return -1;
}

static int
dri_config_query_i(__DRIscreen *screen, const char *var, int *val)
{
   dri_log(dri_screen(screen), "configQueryi(%s): not found", var ? var : "(null)");
   return -1;
}

static int
dri_config_query_f(__DRIscreen *screen, const char *var, float *val)
{
   dri_log(dri_screen(screen), "configQueryf(%s): not found", var ? var : "(null)");
   return -1;
}

static int
dri_config_query_s(__DRIscreen *screen, const char *var, char **val)
{
   dri_log(dri_screen(screen), "configQuerys(%s): not found", var ? var : "(null)");
   return -1;
}

const __DRI2configQueryExtension dri_config_query_extension = {
   .base = { __DRI2_CONFIG_QUERY, 2 },
   .configQueryb = dri_config_query_b,
   .configQueryi = dri_config_query_i,
   .configQueryf = dri_config_query_f,
   .configQuerys = dri_config_query_s,
};
