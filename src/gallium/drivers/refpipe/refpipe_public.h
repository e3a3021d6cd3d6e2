#ifndef REFPIPE_PUBLIC_H
#define REFPIPE_PUBLIC_H

struct pipe_screen;
struct sw_winsys;

/* Create refpipe's screen on a software winsys.  The screen owns ws and
 * destroys it in screen->destroy.  NULL on failure; ws then stays the
 * caller's (the pipe-loader destroys it). */
struct pipe_screen *refpipe_screen_create(struct sw_winsys *ws);

#endif
