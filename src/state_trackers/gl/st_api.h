/*
 * The GL state tracker's interface to window-system front ends (the DRI
 * front end today).  A front end creates contexts, describes its
 * drawables through st_framebuffer_iface, and makes them current; the GL
 * state tracker never includes a DRI or winsys header.
 */
#ifndef ST_API_H
#define ST_API_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_format.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_screen;
struct pipe_resource;
struct pipe_fence_handle;
struct st_context;

enum st_profile {
   ST_PROFILE_COMPAT = 0,   /* desktop GL, compatibility profile (and < 3.2) */
   ST_PROFILE_CORE,         /* desktop GL 3.1 / 3.2+ core */
   ST_PROFILE_GLES1,
   ST_PROFILE_GLES2,        /* ES 2.0 and 3.x: major says which */
};

#define ST_CONTEXT_FLAG_DEBUG            (1u << 0)
#define ST_CONTEXT_FLAG_FORWARD_COMPAT   (1u << 1)
#define ST_CONTEXT_FLAG_ROBUST_ACCESS    (1u << 2)
#define ST_CONTEXT_FLAG_RESET_ISOLATION  (1u << 3)
#define ST_CONTEXT_FLAG_NO_ERROR         (1u << 4)
#define ST_CONTEXT_FLAG_LOSE_ON_RESET    (1u << 5)

enum st_context_error {   /* same meanings (and values) as __DRI_CTX_ERROR_* */
   ST_CONTEXT_SUCCESS = 0,
   ST_CONTEXT_ERROR_NO_MEMORY,
   ST_CONTEXT_ERROR_BAD_API,
   ST_CONTEXT_ERROR_BAD_VERSION,
   ST_CONTEXT_ERROR_BAD_FLAG,
   ST_CONTEXT_ERROR_UNKNOWN_ATTRIBUTE,
   ST_CONTEXT_ERROR_UNKNOWN_FLAG,
};

/* What a drawable holds; the formats of its buffers. */
struct st_visual {
   bool double_buffered;
   enum pipe_format color_format;           /* e.g. PIPE_FORMAT_B8G8R8A8_UNORM */
   enum pipe_format depth_stencil_format;   /* PIPE_FORMAT_NONE if none */
   unsigned samples;                        /* 0: single-sampled */
};

/* An EGLImage's texels: one level and layer (cube face) of a pipe
 * resource.  Images of GL objects (EGL_KHR_gl_image) also carry the
 * object's formats; images of window-system buffers leave them 0/NONE. */
struct st_egl_image {
   struct pipe_resource *res;   /* a reference */
   unsigned level, layer;       /* of res */
   enum pipe_format format;     /* how the texels are read; NONE: res->format */
   unsigned internal_format;    /* the GL object's (a GLenum); 0: from the format */
};

/* EGLImages (GL_OES_EGL_image): the front end resolves an EGLImageKHR to
 * its texels (out->res a new reference); false when it names no image. */
struct st_egl_image_lookup {
   bool (*lookup)(void *priv, void *egl_image, struct st_egl_image *out);
   void *priv;
};

/* Why an EGLImage of a GL object cannot be made (EGL_KHR_gl_image's
 * errors; the DRI front end maps them to __DRI_IMAGE_ERROR_*). */
enum st_egl_image_error {
   ST_EGL_IMAGE_OK = 0,
   ST_EGL_IMAGE_BAD_PARAMETER,   /* no such object of that target, incomplete, bad offset */
   ST_EGL_IMAGE_BAD_MATCH,       /* not a valid level of the object */
   ST_EGL_IMAGE_BAD_ALLOC,       /* no storage */
};

struct st_context_attribs {
   enum st_profile profile;
   int major, minor;                        /* the minimum version requested */
   unsigned flags;                          /* ST_CONTEXT_FLAG_* */
   const struct st_visual *visual;          /* NULL: configless */
   /* NULL: the window system has no EGLImages (GL_OES_EGL_image is not
    * offered) */
   const struct st_egl_image_lookup *egl_image;
};

enum st_attachment {
   ST_ATTACHMENT_FRONT_LEFT = 0,
   ST_ATTACHMENT_BACK_LEFT,
   ST_ATTACHMENT_DEPTH_STENCIL,
   ST_ATTACHMENT_COUNT
};

/*
 * A drawable as the front end presents it to the state tracker.  The
 * front end owns it and its buffers; it bumps 'stamp' whenever the
 * buffers may have changed (resize, swap, invalidate), and the state
 * tracker calls validate() before it next touches the framebuffer.
 */
struct st_framebuffer_iface {
   struct st_visual visual;
   int32_t stamp;                           /* atomic */
   void *front_end_private;

   /*
    * Fill out[i] with a new reference to the resource of atts[i]
    * (the front end creates or resizes them as needed).  false on failure.
    */
   bool (*validate)(struct st_framebuffer_iface *, struct st_context *,
                    const enum st_attachment *atts, unsigned count,
                    struct pipe_resource **out);

   /* Present the front buffer (single-buffered drawables, after glFlush). */
   bool (*flush_front)(struct st_framebuffer_iface *, struct st_context *,
                       enum st_attachment);
};

/*
 * Can the state tracker create a context of this profile and version on
 * this screen?  (Used by front ends that must tell the loader which APIs
 * exist.)  The highest version of each profile comes from the screen's
 * pipe_caps (st_caps.c).
 */
bool st_profile_supported(struct pipe_screen *, enum st_profile, int major, int minor);

/* The highest version of a profile on this screen; false (0.0) if the
 * profile is refused.  For renderer queries (GLX_MESA_query_renderer). */
bool st_profile_max_version(struct pipe_screen *, enum st_profile, int *major, int *minor);

struct st_context *st_context_create(struct pipe_screen *, const struct st_context_attribs *,
                                     struct st_context *share, enum st_context_error *error);
void st_context_destroy(struct st_context *);

/*
 * Make ctx current on this thread with the given drawables (either may be
 * NULL: surfaceless).  Installs the context's dispatch table (libglapi, or
 * Pony's own in the vendor libraries: st_route.h).
 * ctx NULL: release the current context.  Returns false on failure.
 */
bool st_make_current(struct st_context *ctx, struct st_framebuffer_iface *draw,
                     struct st_framebuffer_iface *read);
struct st_context *st_get_current(void);

/* The front end is about to destroy a drawable: forget every reference to it. */
void st_framebuffer_iface_destroyed(struct st_framebuffer_iface *);

#define ST_FLUSH_FRONT        (1u << 0)   /* also present the front buffer */
#define ST_FLUSH_END_OF_FRAME (1u << 1)
#define ST_FLUSH_WAIT         (1u << 2)   /* wait until the GPU is done */
void st_context_flush(struct st_context *, unsigned flags, struct pipe_fence_handle **fence);

/* The pipe context a front end may use for its own copies (image maps, swaps). */
struct pipe_context *st_context_pipe(struct st_context *);

/*
 * EGL_KHR_gl_texture_2D_image / _cubemap_image / _3D_image and
 * EGL_KHR_gl_renderbuffer_image (api_eglimage.c): the storage of one level
 * of a texture (target GL_TEXTURE_2D, GL_TEXTURE_CUBE_MAP with face =
 * depth, GL_TEXTURE_3D with slice = depth) or of a renderbuffer of ctx's
 * share group, shared, not copied: out->res is the object's own resource
 * (a new reference).  The context need not be current.
 */
enum st_egl_image_error st_egl_image_from_texture(struct st_context *ctx, unsigned target,
                                                  unsigned texture, int depth, int level,
                                                  struct st_egl_image *out);
enum st_egl_image_error st_egl_image_from_renderbuffer(struct st_context *ctx,
                                                       unsigned renderbuffer,
                                                       struct st_egl_image *out);

#ifdef __cplusplus
}
#endif

#endif
