/*
 * Extension tables: DRI_Core, DRI_ConfigOptions, DRI_TexBuffer and the
 * driver / screen lists per loader path.
 */
#include "dri_extensions.h"

#include <stdlib.h>
#include <string.h>

#include "dri_config.h"
#include "dri_context.h"
#include "dri_drawable.h"
#include "dri_image.h"
#include "dri_screen.h"

/* DRI1 constructors: no Mesa 22.3 loader calls them; refuse politely. */
static __DRIscreen *
dri_core_create_new_screen(int screen, int fd, unsigned int sarea_handle,
                           const __DRIextension **extensions,
                           const __DRIconfig ***driver_configs, void *loader_private)
{
   if (driver_configs)
      *driver_configs = NULL;
   return NULL;
}

static __DRIdrawable *
dri_core_create_new_drawable(__DRIscreen *screen, const __DRIconfig *config,
                             unsigned int drawable_id, unsigned int head, void *loader_private)
{
   return NULL;
}

static int
dri_core_get_config_attrib(const __DRIconfig *config, unsigned int attrib, unsigned int *value)
{
   return dri_config_get_attrib((const struct fe_config *)config, attrib, value);
}

static int
dri_core_index_config_attrib(const __DRIconfig *config, int index, unsigned int *attrib,
                             unsigned int *value)
{
   return dri_config_index_attrib((const struct fe_config *)config, index, attrib, value);
}

const __DRIcoreExtension dri_core_extension = {
   .base = { __DRI_CORE, 2 },
   .createNewScreen = dri_core_create_new_screen,
   .destroyScreen = dri_screen_destroy,
   .getExtensions = dri_screen_get_extensions,
   .getConfigAttrib = dri_core_get_config_attrib,
   .indexConfigAttrib = dri_core_index_config_attrib,
   .createNewDrawable = dri_core_create_new_drawable,
   .destroyDrawable = dri_destroy_drawable,
   .swapBuffers = dri_swap_buffers,
   .createNewContext = dri_create_new_context,
   .copyContext = dri_copy_context,
   .destroyContext = dri_destroy_context,
   .bindContext = dri_bind_context,
   .unbindContext = dri_unbind_context,
};

/* A driconf document with no options: Pony reads its settings from
 * PONY_* environment variables, not from driconf. */
static const char dri_driconf_xml[] =
   "<?xml version=\"1.0\" standalone=\"yes\"?>\n"
   "<driinfo>\n"
   "</driinfo>\n";

char *
dri_config_options_xml(const char *driver_name)
{
   return strdup(dri_driconf_xml);
}

const __DRIconfigOptionsExtension dri_config_options_extension = {
   .base = { __DRI_CONFIG_OPTIONS, 2 },
   .xml = dri_driconf_xml,
   .getXml = dri_config_options_xml,
};

/*
 * GLX_EXT_texture_from_pixmap / eglBindTexImage.  EGL insists on the
 * extension; binding a drawable as a texture needs GL texture objects,
 * which the state tracker does not have yet, so both calls only log.
 */
static void
dri_set_tex_buffer2(__DRIcontext *context, int target, int format, __DRIdrawable *drawable)
{
   struct dri_context *ctx = dri_context(context);
   if (ctx)
      dri_log(ctx->screen, "setTexBuffer2(target 0x%x, format 0x%x): not implemented "
              "(no GL textures yet); the texture is left unchanged", target, format);
}

static void
dri_set_tex_buffer(__DRIcontext *context, int target, __DRIdrawable *drawable)
{
   dri_set_tex_buffer2(context, target, __DRI_TEXTURE_FORMAT_RGBA, drawable);
}

const __DRItexBufferExtension dri_tex_buffer_extension = {
   .base = { __DRI_TEX_BUFFER, 2 },
   .setTexBuffer = dri_set_tex_buffer,
   .setTexBuffer2 = dri_set_tex_buffer2,
};

/* DRI_IMAGE on swrast screens too: EGL then offers EGLImages of GL
 * textures and renderbuffers (KHR_gl_*_image); images there are process
 * memory (no handles, no dma-bufs: imports fail with BAD_MATCH). */
const __DRIextension *dri_swrast_screen_extensions[] = {
   &dri_tex_buffer_extension.base,
   &dri_flush_extension.base,
   &dri_renderer_query_extension.base,
   &dri_config_query_extension.base,
   &dri_image_extension.base,
   NULL,
};

const __DRIextension *dri_dri2_screen_extensions[] = {
   &dri_tex_buffer_extension.base,
   &dri_flush_extension.base,
   &dri_renderer_query_extension.base,
   &dri_config_query_extension.base,
   &dri_image_extension.base,
   NULL,
};

static const __DRIextension *dri_swrast_driver_list[] = {
   &dri_core_extension.base,
   &drisw_swrast_extension.base,
   &dri_config_options_extension.base,
   NULL,
};

/* "pony" (MESA_LOADER_DRIVER_OVERRIDE=pony): both constructors, so fd-based
 * paths (GBM) and swrast paths can load it under that name. */
static const __DRIextension *dri_pony_driver_list[] = {
   &dri_core_extension.base,
   &drisw_swrast_extension.base,
   &dri2_dri2_extension.base,
   &dri_image_driver_extension.base,
   &dri_config_options_extension.base,
   NULL,
};

static const __DRIextension *dri_kms_swrast_driver_list[] = {
   &dri_core_extension.base,
   &dri2_dri2_extension.base,
   &dri_image_driver_extension.base,
   &dri_config_options_extension.base,
   NULL,
};

const __DRIextension **
dri_swrast_driver_extensions(void)
{
   return dri_swrast_driver_list;
}

const __DRIextension **
dri_kms_swrast_driver_extensions(void)
{
   return dri_kms_swrast_driver_list;
}

const __DRIextension **
dri_pony_driver_extensions(void)
{
   return dri_pony_driver_list;
}
