/*
 * refpipe: the reference pipe driver.  Everything it does is swpipe's
 * (src/gallium/auxiliary/swpipe, docs/refpipe.md): resources in plain
 * memory, commands run when issued, shaders interpreted by irexec.  It adds
 * no hooks, so it is the readable oracle other drivers are checked against.
 */
#include "refpipe_public.h"
#include "swpipe_screen.h"

static const struct swpipe_driver refpipe_driver = {
   .name = "refpipe",
};

struct pipe_screen *
refpipe_screen_create(struct sw_winsys *ws)
{
   return swpipe_screen_create(ws, &refpipe_driver);
}
