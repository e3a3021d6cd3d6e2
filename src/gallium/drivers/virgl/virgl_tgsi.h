/*
 * Pony IR -> TGSI text, the shader form the virgl protocol carries
 * (docs/virgl.md "Shaders").  The host (virglrenderer) parses the text and
 * turns it into GLSL for the host's GL, so what is emitted is exactly what
 * TGSI states and that translation keeps; anything else is refused with a
 * message naming it, never translated approximately.
 */
#ifndef VIRGL_TGSI_H
#define VIRGL_TGSI_H

#include <stdbool.h>
#include <stddef.h>

struct ir_shader;

struct virgl_tgsi_options {
   /* gl_FragCoord.y counts from the surface's last row (GL's window
    * coordinates on a y-flipped surface: the rasterizer's
    * bottom_edge_rule); else from row 0 (FBOs) */
   bool frag_coord_from_bottom;
};

/* The TGSI text of a vertex, fragment or geometry shader (malloc'd, with
 * its NUL), or NULL with the reason in err ("virgl: ..." of at most
 * err_size bytes). The shader is not modified. */
char *virgl_tgsi_from_ir(const struct ir_shader *s, const struct virgl_tgsi_options *opts,
                         char *err, size_t err_size);

#endif
