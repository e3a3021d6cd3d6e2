/*
 * What the DRI front end gives the sw/dri winsys: the loader's image
 * callbacks, wrapped so the winsys never sees a DRI header.
 * 'drawable' is the context_private passed to flush_frontbuffer /
 * front_private passed to displaytarget_create (the front end's drawable).
 */
#ifndef FRONTEND_DRISW_API_H
#define FRONTEND_DRISW_API_H

struct sw_winsys;

struct drisw_loader_funcs {
   /* Copy w x h pixels (rows 'stride' bytes apart, top row first) to the
    * drawable at x, y. */
   void (*put_image)(void *drawable, const void *data, int x, int y,
                     unsigned width, unsigned height, unsigned stride);
   /* Read back w x h pixels from the drawable into data. */
   void (*get_image)(void *drawable, int x, int y, unsigned width, unsigned height,
                     unsigned stride, void *data);
};

/* Plain-memory display targets presented through lf->put_image.
 * lf must outlive the winsys. */
struct sw_winsys *dri_sw_winsys_create(const struct drisw_loader_funcs *lf);

/* Plain-memory display targets that are never shown (src/winsys/sw/null). */
struct sw_winsys *null_sw_winsys_create(void);

#endif
