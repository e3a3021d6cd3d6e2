/*
 * Helpers shared by the entry points in api/ (and the unit tests).
 */
#ifndef API_H
#define API_H

#include <stdbool.h>

#include "st_context.h"

/* --- api_enable.c --- */
#define ST_CAP_NONE   (-1)   /* not a capability */
#define ST_CAP_CLIENT (-2)   /* a client array (glIsEnabled only; never enabled yet) */
/* The st_cap of a glEnable/glIsEnabled enum, or ST_CAP_NONE / ST_CAP_CLIENT. */
int st_cap_lookup(GLenum cap);
/* The glPushAttrib groups (besides GL_ENABLE_BIT) a capability belongs to. */
GLbitfield st_cap_attrib_bits(enum st_cap cap);

/* --- api_get.c: the state-query conversions of GL 2.1 section 6.1.2 --- */
GLint st_get_float_to_int(GLdouble f);          /* round to nearest, clamped */
GLint st_get_norm_to_int(GLdouble f);           /* [-1, 1] onto the whole int range */
GLboolean st_get_float_to_bool(GLdouble f);
GLboolean st_get_int_to_bool(GLint64 i);

/* Channel bits of the colour / depth / stencil buffer of a visual (0 if absent). */
void st_visual_bits(const struct st_visual *v, GLint rgba[4], GLint *depth, GLint *stencil);

#endif
