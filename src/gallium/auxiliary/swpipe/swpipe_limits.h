/*
 * Every limit swpipe advertises or enforces, in one place.
 */
#ifndef SWPIPE_LIMITS_H
#define SWPIPE_LIMITS_H

#include "pipe/p_defines.h"

#define SWPIPE_MAX_TEXTURE_2D_SIZE      8192    /* 1D, 2D, rect, cube faces */
#define SWPIPE_MAX_TEXTURE_2D_LEVELS    14      /* log2(8192) + 1 */
#define SWPIPE_MAX_TEXTURE_3D_SIZE      2048
#define SWPIPE_MAX_TEXTURE_3D_LEVELS    12      /* log2(2048) + 1 */
#define SWPIPE_MAX_TEXTURE_CUBE_LEVELS  14
#define SWPIPE_MAX_TEXTURE_ARRAY_LAYERS 2048
#define SWPIPE_MAX_BUFFER_SIZE          (1u << 30)   /* bytes */
#define SWPIPE_MAX_RESOURCE_SIZE        ((uint64_t)1 << 32)   /* bytes, one texture */

#define SWPIPE_MAX_RENDER_TARGETS       8
#define SWPIPE_MAX_VIEWPORT_SIZE        16384
#define SWPIPE_MAX_TEXTURE_IMAGE_UNITS  16      /* per stage */
/* sampler slots per stage: a GL program numbers its stages' samplers
 * together, so a stage's 16 may be any of the pipe's slots */
#define SWPIPE_MAX_SAMPLER_SLOTS        PIPE_MAX_SAMPLERS
#define SWPIPE_MAX_VERTEX_ATTRIBS       16
#define SWPIPE_MAX_CONST_BUFFER_SIZE    65536   /* bytes */
#define SWPIPE_MAX_TEXTURE_LOD_BIAS     16
#define SWPIPE_MAX_CLIP_PLANES          PIPE_MAX_CLIP_PLANES
#define SWPIPE_MIN_POINT_SIZE           1.0f
#define SWPIPE_MAX_POINT_SIZE           255.0f  /* draw turns wide points into quads */
#define SWPIPE_MIN_LINE_WIDTH           1.0f
#define SWPIPE_MAX_LINE_WIDTH           255.0f  /* draw replicates wide lines */
#define SWPIPE_MAX_SAMPLES              8       /* 2, 4 and 8 samples per pixel */
#define SWPIPE_MAX_VARYINGS             96      /* vec4 slots VS -> FS (IREXEC_MAX_SLOTS) */

/* Geometry shaders (draw_gs.c, irexec): GL 3.2's minimums or more.  A
 * primitive's emitted vertices are kept until it ends: 256 of 128
 * components is 128 KiB per primitive at most. */
#define SWPIPE_MAX_GS_OUTPUT_VERTICES   256
#define SWPIPE_MAX_GS_TOTAL_OUTPUT_COMPONENTS 1024
#define SWPIPE_MAX_GS_INPUT_COMPONENTS  64
#define SWPIPE_MAX_GS_OUTPUT_COMPONENTS 128

/* Generic VS output locations of the GL colours (docs/fixed-function.md):
 * two-sided colour copies back into front, flatshade applies to these. */
#define SWPIPE_COLOR_LOCATION_FRONT0    0
#define SWPIPE_COLOR_LOCATION_FRONT1    1
#define SWPIPE_COLOR_LOCATION_BACK0     2
#define SWPIPE_COLOR_LOCATION_BACK1     3

/* Memory layout of textures. */
#define SWPIPE_ROW_ALIGNMENT            16      /* bytes between rows: a multiple of this */
#define SWPIPE_LEVEL_ALIGNMENT          64      /* each level starts on this */
#define SWPIPE_DISPLAYTARGET_ALIGNMENT  64      /* row alignment asked of the winsys */
#define SWPIPE_CONSTANT_BUFFER_ALIGNMENT 16

#endif
