#ifndef REFPIPE_PUBLIC_H
#define REFPIPE_PUBLIC_H

struct pipe_screen;
struct sw_winsys;

/* Create refpipe's screen on a software winsys.  NULL on failure. */
struct pipe_screen *refpipe_screen_create(struct sw_winsys *ws);

#endif
