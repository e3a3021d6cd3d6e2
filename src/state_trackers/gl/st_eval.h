/*
 * Evaluators (GL 2.1 section 5.1; api/api_eval.c): one- and
 * two-dimensional Bernstein maps, their grids, and evaluation into the
 * immediate-mode path.
 */
#ifndef ST_EVAL_H
#define ST_EVAL_H

#include <stdbool.h>

#include "st_gl.h"

struct st_context;

#define ST_MAX_EVAL_ORDER 30     /* GL_MAX_EVAL_ORDER (GL 2.1 minimum is 8) */
#define ST_EVAL_NUM_TARGETS 9    /* GL_MAP?_COLOR_4 .. GL_MAP?_VERTEX_4 */
/* Vertices one glEvalMesh1/2 may evaluate (1024 x 1024 points); a larger
 * mesh is GL_OUT_OF_MEMORY (docs/robustness.md). */
#define ST_EVAL_MAX_MESH_VERTICES (1u << 20)

/* GL_EVAL_BIT values besides the enables: the glMapGrid grids. */
struct st_eval_grid {
   GLint un1;                    /* GL_MAP1_GRID_SEGMENTS */
   GLfloat u1_1, u2_1;           /* GL_MAP1_GRID_DOMAIN */
   GLint un2, vn2;               /* GL_MAP2_GRID_SEGMENTS */
   GLfloat u1_2, u2_2, v1_2, v2_2;   /* GL_MAP2_GRID_DOMAIN */
};

/* One map: control points stored tightly (k floats each, u major). */
struct st_eval_map {
   GLint uorder, vorder;         /* vorder 1 for 1D maps */
   GLfloat u1, u2, v1, v2;
   GLfloat *points;              /* NULL: the initial map (order 1, default point) */
};

/* The maps of a context (not part of any attribute group). */
struct st_eval_maps {
   struct st_eval_map map1[ST_EVAL_NUM_TARGETS];
   struct st_eval_map map2[ST_EVAL_NUM_TARGETS];
};

/* Initial grid values. */
void st_eval_grid_init(struct st_eval_grid *g);
/* Free the maps of a context (context destruction). */
void st_eval_destroy(struct st_context *ctx);
/* GL_MAP1/2_GRID_DOMAIN/SEGMENTS, GL_MAX_EVAL_ORDER for glGet: kind 0 int,
 * 1 float; false for other pnames. */
/* The argument error of glMap1* (dim 1: v arguments ignored) or glMap2*
 * (GL 2.1 5.1): GL_INVALID_ENUM for a target that is not a map of that
 * dimension, GL_INVALID_VALUE for an order outside [1, GL_MAX_EVAL_ORDER],
 * a stride below the target's component count or an empty domain;
 * GL_NO_ERROR when valid.  *k: the target's components (0 if invalid).
 * The one check of the exec path and the display-list compile path, which
 * reads control points only when it returns GL_NO_ERROR (the state check,
 * active texture unit 0, is made when the command executes). */
GLenum st_eval_map_check(unsigned dim, GLenum target, double u1, double u2, GLint ustride,
                         GLint uorder, double v1, double v2, GLint vstride, GLint vorder,
                         unsigned *k);
bool st_eval_get(struct st_context *ctx, GLenum pname, int *kind, unsigned *count,
                 double d[4]);

#endif
