/*
 * Showing a drawable's colour buffer in an X window or pixmap, for the
 * front ends that talk to X themselves (the EGL vendor's X11 platform, the
 * GLX vendor library): the drawable's size from the server, and the pixels
 * of a pipe resource put into the drawable through MIT-SHM (XShmPutImage)
 * or, where shared memory cannot be attached (a remote server, no
 * extension), XPutImage.
 */
#ifndef FE_X11_H
#define FE_X11_H

#include <stdbool.h>

#include <X11/Xlib.h>

#include "pipe/p_format.h"

struct pipe_context;
struct pipe_resource;

/* The colour format of a visual of this depth whose masks are R G B in the
 * high-to-low bits (TrueColor 32 and 24: B8G8R8A8 / B8G8R8X8, 16: B5G6R5);
 * PIPE_FORMAT_NONE for any other visual. */
enum pipe_format fe_x11_visual_format(const Visual *visual, int depth);

/* The drawable's size; false when the server says it does not exist. */
bool fe_x11_drawable_size(Display *dpy, Drawable d, int *width, int *height);
/* ... and its depth */
bool fe_x11_drawable_geometry(Display *dpy, Drawable d, int *width, int *height, int *depth);

struct fe_x11_presenter;

/* A presenter for one drawable of the given depth.  NULL: out of memory. */
struct fe_x11_presenter *fe_x11_presenter_create(Display *dpy, Drawable d, int depth);
void fe_x11_presenter_destroy(struct fe_x11_presenter *p);

/*
 * Put the w x h top-left pixels of res (a colour resource of the drawable's
 * format, row 0 at the top) into the drawable at (0, 0).  Waits until the
 * server has read them (the next frame may reuse the memory).  false when
 * the resource cannot be read or the image cannot be made.
 */
bool fe_x11_present(struct fe_x11_presenter *p, struct pipe_context *pipe,
                    struct pipe_resource *res, int w, int h);

/* Whether the last present went through MIT-SHM (for PONY_DEBUG and tests). */
bool fe_x11_presenter_uses_shm(const struct fe_x11_presenter *p);

#endif
