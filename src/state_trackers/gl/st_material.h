/*
 * glMaterial between glBegin and glEnd (GL 2.1 section 2.14.3: material
 * changes apply to the vertices that follow).  st_material.c records the
 * materials of the batch in segments and draws the batch at glEnd so that
 * every vertex is lit with its own material.
 */
#ifndef ST_MATERIAL_H
#define ST_MATERIAL_H

#include <stdbool.h>
#include <stddef.h>

#include "st_gl.h"

struct st_context;
struct st_vertex;
struct st_material_batch;

/* glMaterial inside glBegin/glEnd: call before applying the change
 * (records the material of the vertices so far) and after (the material
 * of the vertices that follow). */
void st_material_batch_before(struct st_context *ctx);
void st_material_batch_after(struct st_context *ctx);

/* At glEnd: if glMaterial was called inside this glBegin/glEnd, draw the
 * batch with per-vertex materials and return true (false: draw normally).
 * count 0 only ends the batch. */
bool st_material_batch_draw(struct st_context *ctx, GLenum mode, const struct st_vertex *v,
                            size_t count);

/* Context destruction. */
void st_material_batch_destroy(struct st_context *ctx);

#endif
