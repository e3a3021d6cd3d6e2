/*
 * draw: draw_create_vs_irexec() and draw_create_gs_irexec() when draw is
 * built without irexec.
 */
#include <stdio.h>

#include "draw_private.h"

struct draw_vertex_shader *
draw_create_vs_irexec(struct draw_context *draw, const struct ir_shader *shader,
                      char *err, unsigned err_size)
{
   (void)draw;
   (void)shader;
   if (err && err_size)
      snprintf(err, err_size, "draw was built without irexec");
   return NULL;
}

struct draw_geometry_shader *
draw_create_gs_irexec(struct draw_context *draw, const struct ir_shader *shader,
                      char *err, unsigned err_size)
{
   (void)draw;
   (void)shader;
   if (err && err_size)
      snprintf(err, err_size, "draw was built without irexec");
   return NULL;
}
