/*
 * X11 presentation (fe_x11.h).
 *
 * MIT-SHM: one shared segment per presenter, grown when the drawable
 * grows; attaching can fail only asynchronously (the error comes back from
 * the server), so the attach is followed by a round trip under an error
 * handler that records the failure.  The handler is Xlib's one global: it
 * is swapped in and out under a lock, and only around that round trip.
 */
#include "fe_x11.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>

#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>

#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_state.h"
#include "format/u_format.h"

struct fe_x11_presenter {
   Display *dpy;
   Drawable drawable;
   int depth;
   GC gc;
   bool try_shm;                 /* false once attaching failed */
   bool shm_attached;
   XShmSegmentInfo shm;
   size_t shm_size;
   bool used_shm;
};

enum pipe_format
fe_x11_visual_format(const Visual *visual, int depth)
{
   if (!visual || visual->class != TrueColor)
      return PIPE_FORMAT_NONE;
   if ((depth == 24 || depth == 32) && visual->red_mask == 0xff0000 &&
       visual->green_mask == 0xff00 && visual->blue_mask == 0xff)
      return depth == 32 ? PIPE_FORMAT_B8G8R8A8_UNORM : PIPE_FORMAT_B8G8R8X8_UNORM;
   if (depth == 16 && visual->red_mask == 0xf800 && visual->green_mask == 0x7e0 &&
       visual->blue_mask == 0x1f)
      return PIPE_FORMAT_B5G6R5_UNORM;
   return PIPE_FORMAT_NONE;
}

/* --- errors of one round trip ------------------------------------------------------ */

static pthread_mutex_t fe_x11_error_lock = PTHREAD_MUTEX_INITIALIZER;
static int fe_x11_error_seen;   /* under the lock, while the handler is ours */

static int
fe_x11_record_error(Display *dpy, XErrorEvent *e)
{
   (void)dpy;
   (void)e;
   fe_x11_error_seen = 1;
   return 0;
}

bool
fe_x11_drawable_size(Display *dpy, Drawable d, int *width, int *height)
{
   int depth;
   return fe_x11_drawable_geometry(dpy, d, width, height, &depth);
}

bool
fe_x11_drawable_geometry(Display *dpy, Drawable d, int *width, int *height, int *depth_out)
{
   Window root;
   int x, y;
   unsigned w = 0, h = 0, border, depth;

   pthread_mutex_lock(&fe_x11_error_lock);
   XSync(dpy, False);
   fe_x11_error_seen = 0;
   int (*old)(Display *, XErrorEvent *) = XSetErrorHandler(fe_x11_record_error);
   Status ok = XGetGeometry(dpy, d, &root, &x, &y, &w, &h, &border, &depth);
   XSync(dpy, False);
   XSetErrorHandler(old);
   bool good = ok && !fe_x11_error_seen;
   pthread_mutex_unlock(&fe_x11_error_lock);
   if (!good)
      return false;
   *width = (int)w;
   *height = (int)h;
   *depth_out = (int)depth;
   return true;
}

struct fe_x11_presenter *
fe_x11_presenter_create(Display *dpy, Drawable d, int depth)
{
   struct fe_x11_presenter *p = calloc(1, sizeof(*p));
   if (!p)
      return NULL;
   p->dpy = dpy;
   p->drawable = d;
   p->depth = depth;
   p->try_shm = XShmQueryExtension(dpy) && !getenv("PONY_X11_NO_SHM");
   return p;
}

static void
shm_release(struct fe_x11_presenter *p)
{
   if (p->shm_attached) {
      XShmDetach(p->dpy, &p->shm);
      XSync(p->dpy, False);
      p->shm_attached = false;
   }
   if (p->shm.shmaddr && p->shm.shmaddr != (char *)-1)
      shmdt(p->shm.shmaddr);
   if (p->shm_size)
      shmctl(p->shm.shmid, IPC_RMID, NULL);
   memset(&p->shm, 0, sizeof(p->shm));
   p->shm_size = 0;
}

void
fe_x11_presenter_destroy(struct fe_x11_presenter *p)
{
   if (!p)
      return;
   shm_release(p);
   if (p->gc)
      XFreeGC(p->dpy, p->gc);
   free(p);
}

/* A shared segment of at least size bytes attached to the server; false:
 * use XPutImage from now on. */
static bool
shm_ensure(struct fe_x11_presenter *p, size_t size)
{
   if (p->shm_attached && p->shm_size >= size)
      return true;
   shm_release(p);
   p->shm.shmid = shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
   if (p->shm.shmid < 0)
      return p->try_shm = false;
   p->shm_size = size;
   p->shm.shmaddr = shmat(p->shm.shmid, NULL, 0);
   if (p->shm.shmaddr == (char *)-1) {
      shm_release(p);
      return p->try_shm = false;
   }
   p->shm.readOnly = False;

   pthread_mutex_lock(&fe_x11_error_lock);
   XSync(p->dpy, False);
   fe_x11_error_seen = 0;
   int (*old)(Display *, XErrorEvent *) = XSetErrorHandler(fe_x11_record_error);
   Status ok = XShmAttach(p->dpy, &p->shm);
   XSync(p->dpy, False);
   XSetErrorHandler(old);
   bool attached = ok && !fe_x11_error_seen;
   pthread_mutex_unlock(&fe_x11_error_lock);
   p->shm_attached = attached;
   /* the id goes once both sides hold the segment (or we gave up) */
   shmctl(p->shm.shmid, IPC_RMID, NULL);
   if (!attached) {
      shmdt(p->shm.shmaddr);
      memset(&p->shm, 0, sizeof(p->shm));
      p->shm_size = 0;
      return p->try_shm = false;
   }
   return true;
}

bool
fe_x11_present(struct fe_x11_presenter *p, struct pipe_context *pipe, struct pipe_resource *res,
               int w, int h)
{
   if (!p || !pipe || !res || w <= 0 || h <= 0)
      return false;
   if ((unsigned)w > res->width0)
      w = (int)res->width0;
   if ((unsigned)h > res->height0)
      h = (int)res->height0;
   unsigned bpp = util_format_get_blocksize(res->format);
   if (bpp != 4 && bpp != 2)
      return false;

   struct pipe_box box = { 0, 0, 0, w, h, 1 };
   struct pipe_transfer *t = NULL;
   const uint8_t *src = pipe->texture_map(pipe, res, 0, PIPE_MAP_READ, &box, &t);
   if (!src)
      return false;

   if (!p->gc)
      p->gc = XCreateGC(p->dpy, p->drawable, 0, NULL);
   int bits = bpp * 8;
   size_t row = (size_t)w * bpp;
   bool ok = false;
   if (p->try_shm && shm_ensure(p, row * (size_t)h)) {
      XImage *img = XShmCreateImage(p->dpy, NULL, (unsigned)p->depth, ZPixmap, p->shm.shmaddr,
                                    &p->shm, (unsigned)w, (unsigned)h);
      if (img && (size_t)img->bytes_per_line * (size_t)h <= p->shm_size &&
          img->bits_per_pixel == bits) {
         for (int y = 0; y < h; y++)
            memcpy(img->data + (size_t)y * img->bytes_per_line, src + (size_t)y * t->stride, row);
         XShmPutImage(p->dpy, p->drawable, p->gc, img, 0, 0, 0, 0, (unsigned)w, (unsigned)h,
                      False);
         XSync(p->dpy, False);   /* the server has read the segment */
         ok = p->used_shm = true;
      }
      if (img) {
         img->data = NULL;
         XDestroyImage(img);
      }
   }
   if (!ok) {
      /* XPutImage copies the pixels into the request: the transfer's rows
       * are handed over as they are */
      XImage *img = XCreateImage(p->dpy, NULL, (unsigned)p->depth, ZPixmap, 0, (char *)src,
                                 (unsigned)w, (unsigned)h, bits, (int)t->stride);
      if (img && img->bits_per_pixel == bits) {
         XPutImage(p->dpy, p->drawable, p->gc, img, 0, 0, 0, 0, (unsigned)w, (unsigned)h);
         XFlush(p->dpy);
         ok = true;
         p->used_shm = false;
      }
      if (img) {
         img->data = NULL;
         XDestroyImage(img);
      }
   }
   pipe->texture_unmap(pipe, t);
   return ok;
}

bool
fe_x11_presenter_uses_shm(const struct fe_x11_presenter *p)
{
   return p && p->used_shm;
}
