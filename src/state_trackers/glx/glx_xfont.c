/*
 * glXUseXFont: display lists that draw the glyphs of an X font with
 * glBitmap.  Each glyph is drawn by the server into a depth-1 pixmap, read
 * back, and turned into a GL bitmap (rows bottom-up, most significant bit
 * first) whose origin is the glyph's: x at -lbearing, y at the descent,
 * advancing by the glyph's width.  The GL calls go through the current
 * context's entry points, as the application's would.
 */
#include <stdlib.h>
#include <string.h>

#include "state_trackers/gl/st_dispatch.h"

#include "glx_private.h"

typedef void (*pfn_new_list)(GLuint, GLenum);
typedef void (*pfn_end_list)(void);
typedef void (*pfn_bitmap)(GLsizei, GLsizei, GLfloat, GLfloat, GLfloat, GLfloat, const GLubyte *);
typedef void (*pfn_pixel_storei)(GLenum, GLint);
typedef void (*pfn_get_integerv)(GLenum, GLint *);

struct gl_calls {
   pfn_new_list new_list;
   pfn_end_list end_list;
   pfn_bitmap bitmap;
   pfn_pixel_storei pixel_storei;
   pfn_get_integerv get_integerv;
};

static bool
gl_calls(struct gl_calls *gl)
{
   gl->new_list = (pfn_new_list)st_own_dispatch_proc("glNewList");
   gl->end_list = (pfn_end_list)st_own_dispatch_proc("glEndList");
   gl->bitmap = (pfn_bitmap)st_own_dispatch_proc("glBitmap");
   gl->pixel_storei = (pfn_pixel_storei)st_own_dispatch_proc("glPixelStorei");
   gl->get_integerv = (pfn_get_integerv)st_own_dispatch_proc("glGetIntegerv");
   return gl->new_list && gl->end_list && gl->bitmap && gl->pixel_storei && gl->get_integerv;
}

/* The unpack state glBitmap reads with, saved and set to tight MSB-first rows. */
static const GLenum unpack_names[] = {
   GL_UNPACK_SWAP_BYTES, GL_UNPACK_LSB_FIRST, GL_UNPACK_ROW_LENGTH,
   GL_UNPACK_SKIP_ROWS,  GL_UNPACK_SKIP_PIXELS, GL_UNPACK_ALIGNMENT,
};
#define NUM_UNPACK (sizeof(unpack_names) / sizeof(unpack_names[0]))

static void
unpack_save(const struct gl_calls *gl, GLint saved[NUM_UNPACK])
{
   for (unsigned i = 0; i < NUM_UNPACK; i++) {
      gl->get_integerv(unpack_names[i], &saved[i]);
      gl->pixel_storei(unpack_names[i], unpack_names[i] == GL_UNPACK_ALIGNMENT ? 1 : 0);
   }
}

static void
unpack_restore(const struct gl_calls *gl, const GLint saved[NUM_UNPACK])
{
   for (unsigned i = 0; i < NUM_UNPACK; i++)
      gl->pixel_storei(unpack_names[i], saved[i]);
}

/* The metrics of character c, NULL when the font has no such glyph. */
static const XCharStruct *
glyph(const XFontStruct *fs, unsigned c, XChar2b *code)
{
   unsigned b1 = c >> 8, b2 = c & 0xff;
   if (b1 < fs->min_byte1 || b1 > fs->max_byte1 || b2 < fs->min_char_or_byte2 ||
       b2 > fs->max_char_or_byte2)
      return NULL;
   code->byte1 = (unsigned char)b1;
   code->byte2 = (unsigned char)b2;
   if (!fs->per_char)
      return &fs->max_bounds;   /* every glyph has the same metrics */
   unsigned cols = fs->max_char_or_byte2 - fs->min_char_or_byte2 + 1;
   const XCharStruct *ch =
      &fs->per_char[(b1 - fs->min_byte1) * cols + (b2 - fs->min_char_or_byte2)];
   /* X: a nonexistent character has all-zero metrics */
   if (!ch->width && !ch->lbearing && !ch->rbearing && !ch->ascent && !ch->descent)
      return NULL;
   return ch;
}

struct glyph_canvas {
   Display *dpy;
   Pixmap pixmap;
   GC gc;
   unsigned w, h;
   GLubyte *bits;   /* w x h bitmap, rows of (w + 7) / 8 bytes */
};

/* The glyph drawn and read back as a GL bitmap in canvas->bits. */
static void
render_glyph(struct glyph_canvas *cv, const XCharStruct *ch, const XChar2b *code, int w, int h)
{
   XSetForeground(cv->dpy, cv->gc, 0);
   XFillRectangle(cv->dpy, cv->pixmap, cv->gc, 0, 0, cv->w, cv->h);
   XSetForeground(cv->dpy, cv->gc, 1);
   XDrawString16(cv->dpy, cv->pixmap, cv->gc, -ch->lbearing, ch->ascent, code, 1);
   XImage *img = XGetImage(cv->dpy, cv->pixmap, 0, 0, (unsigned)w, (unsigned)h, 1, XYPixmap);
   unsigned stride = ((unsigned)w + 7) / 8;
   memset(cv->bits, 0, stride * (unsigned)h);
   for (int y = 0; img && y < h; y++) {
      GLubyte *row = cv->bits + (size_t)(h - 1 - y) * stride;   /* GL's rows go up */
      for (int x = 0; x < w; x++) {
         if (XGetPixel(img, x, y))
            row[x / 8] |= (GLubyte)(0x80 >> (x % 8));
      }
   }
   if (img)
      XDestroyImage(img);
}

static void
make_lists(const struct gl_calls *gl, struct glyph_canvas *cv, const XFontStruct *fs, int first,
           int count, int list_base)
{
   for (int i = 0; i < count; i++) {
      XChar2b code;
      const XCharStruct *ch = glyph(fs, (unsigned)(first + i), &code);
      int w = ch ? ch->rbearing - ch->lbearing : 0, h = ch ? ch->ascent + ch->descent : 0;
      gl->new_list((GLuint)(list_base + i), GL_COMPILE);
      if (w > 0 && h > 0 && (unsigned)w <= cv->w && (unsigned)h <= cv->h) {
         render_glyph(cv, ch, &code, w, h);
         gl->bitmap(w, h, (GLfloat)-ch->lbearing, (GLfloat)ch->descent, (GLfloat)ch->width, 0.0f,
                    cv->bits);
      } else {
         /* nothing to draw: the raster position still advances */
         gl->bitmap(0, 0, 0.0f, 0.0f, ch ? (GLfloat)ch->width : 0.0f, 0.0f, NULL);
      }
      gl->end_list();
   }
}

void
api_glXUseXFont(Font font, int first, int count, int list_base)
{
   struct glx_thread *t = glx_thread();
   struct gl_calls gl;
   if (!t->ctx || t->ctx->disp->closed || count <= 0 || !gl_calls(&gl))
      return;
   struct glx_display *d = t->ctx->disp;
   Display *dpy = d->dpy;
   GLint listing = 0;
   gl.get_integerv(GL_LIST_INDEX, &listing);
   if (listing) {
      glx_error(d, GLX_ERR(GLXBadContextState), X_GLXUseXFont, 0);
      return;
   }
   XFontStruct *fs = XQueryFont(dpy, font);
   if (!fs) {
      glx_error(d, BadFont, X_GLXUseXFont, font);
      return;
   }
   struct glyph_canvas cv = { dpy, None, None, 0, 0, NULL };
   int w = fs->max_bounds.rbearing - fs->min_bounds.lbearing;
   int h = fs->max_bounds.ascent + fs->max_bounds.descent;
   cv.w = w > 0 ? (unsigned)w : 1;
   cv.h = h > 0 ? (unsigned)h : 1;
   cv.bits = calloc((size_t)((cv.w + 7) / 8) * cv.h, 1);
   if (cv.bits) {
      cv.pixmap = XCreatePixmap(dpy, RootWindow(dpy, t->ctx->screen->number), cv.w, cv.h, 1);
      cv.gc = XCreateGC(dpy, cv.pixmap, 0, NULL);
      XSetFont(dpy, cv.gc, font);
      GLint saved[NUM_UNPACK];
      unpack_save(&gl, saved);
      make_lists(&gl, &cv, fs, first, count, list_base);
      unpack_restore(&gl, saved);
      XFreeGC(dpy, cv.gc);
      XFreePixmap(dpy, cv.pixmap);
      free(cv.bits);
   }
   XFreeFontInfo(NULL, fs, 1);
}
