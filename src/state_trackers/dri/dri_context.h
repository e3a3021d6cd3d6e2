/*
 * The DRI front end's context (__DRIcontext): a GL state-tracker context
 * and the drawables it is bound to.
 */
#ifndef DRI_CONTEXT_H
#define DRI_CONTEXT_H

#include <stdbool.h>
#include <stdint.h>

#include <GL/internal/dri_interface.h>

#include "state_trackers/gl/st_api.h"

struct dri_screen;
struct dri_drawable;

struct dri_context {
   struct dri_screen *screen;
   struct st_context *st;
   struct st_visual visual;      /* copy of the config's, if any */
   void *loader_private;
};

static inline struct dri_context *
dri_context(__DRIcontext *c)
{
   return (struct dri_context *)c;
}

/* The attribute pairs of createContextAttribs, parsed (dri_context_attribs.c). */
struct dri_context_request {
   int major, minor;     /* default 1.0 */
   unsigned flags;       /* ST_CONTEXT_FLAG_* */
};

/* __DRI_CTX_ERROR_SUCCESS or the error createContextAttribs must report. */
unsigned dri_context_parse_attribs(unsigned num_attribs, const uint32_t *attribs,
                                   struct dri_context_request *req);
/* __DRI_API_* -> st_profile; false for an unknown API. */
bool dri_context_api_to_profile(int api, enum st_profile *profile);

/* The shared implementation of every context constructor. */
__DRIcontext *dri_create_context_attribs(__DRIscreen *screen, int api,
                                         const __DRIconfig *config, __DRIcontext *shared,
                                         unsigned num_attribs, const uint32_t *attribs,
                                         unsigned *error, void *loader_private);
__DRIcontext *dri_create_new_context_for_api(__DRIscreen *screen, int api,
                                             const __DRIconfig *config,
                                             __DRIcontext *shared, void *loader_private);
__DRIcontext *dri_create_new_context(__DRIscreen *screen, const __DRIconfig *config,
                                     __DRIcontext *shared, void *loader_private);
void dri_destroy_context(__DRIcontext *context);
int dri_copy_context(__DRIcontext *dst, __DRIcontext *src, unsigned long mask);
int dri_bind_context(__DRIcontext *context, __DRIdrawable *draw, __DRIdrawable *read);
int dri_unbind_context(__DRIcontext *context);

#endif
