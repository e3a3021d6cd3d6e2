/*
 * The extension tables Mesa's loaders look up by name: the driver lists
 * returned by __driDriverGetExtensions_<name> and the screen lists
 * returned by core->getExtensions.  All static: loaders fetch them more
 * than once.
 */
#ifndef DRI_EXTENSIONS_H
#define DRI_EXTENSIONS_H

#include <GL/internal/dri_interface.h>

struct drisw_loader_funcs;

/* driver-level extensions (dri_extensions.c, drisw.c, dri2.c) */
extern const __DRIcoreExtension dri_core_extension;
extern const __DRIswrastExtension drisw_swrast_extension;
extern const __DRIdri2Extension dri2_dri2_extension;
extern const __DRIimageDriverExtension dri_image_driver_extension;
extern const __DRIconfigOptionsExtension dri_config_options_extension;

/* screen-level extensions */
extern const __DRItexBufferExtension dri_tex_buffer_extension;
extern const __DRI2flushExtension dri_flush_extension;
extern const __DRI2rendererQueryExtension dri_renderer_query_extension;
extern const __DRI2configQueryExtension dri_config_query_extension;

extern const __DRIextension *dri_swrast_screen_extensions[];
extern const __DRIextension *dri_dri2_screen_extensions[];

/* drisw.c: the loader callbacks the sw/dri winsys presents through */
extern const struct drisw_loader_funcs drisw_lf;

/* What the DRI target's __driDriverGetExtensions_<name> return. */
const __DRIextension **dri_swrast_driver_extensions(void);      /* swrast */
const __DRIextension **dri_kms_swrast_driver_extensions(void);  /* kms_swrast */
const __DRIextension **dri_pony_driver_extensions(void);        /* pony: both */

/* The driconf XML getXml returns (malloc'd, caller frees). */
char *dri_config_options_xml(const char *driver_name);

#endif
