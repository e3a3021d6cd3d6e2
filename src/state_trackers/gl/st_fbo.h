/*
 * Framebuffer objects, renderbuffers, and "the current draw / read
 * framebuffer" for the rest of the state tracker (st_fbo.c).
 *
 * Whatever is bound -- the window-system drawable (st_framebuffer) or a
 * user framebuffer object -- code that draws, clears, reads or copies
 * pixels asks this module for the buffers:
 *
 *    struct st_fb_info fb;
 *    if (!st_fb_check_read(ctx, &fb, "glReadPixels"))   // raises the error
 *       return;
 *    struct st_fb_buffer b;
 *    if (!st_fb_read_color(ctx, &b)) { ...GL_INVALID_OPERATION... }
 *    struct pipe_box box;
 *    st_fb_box(&b, x, y, w, h, &box);     // resource coordinates
 *    map = pipe->texture_map(pipe, b.res, b.level, PIPE_MAP_READ, &box, &xfer);
 *    // box row 0 is GL row y + h - 1 when b.flip_y, else GL row y
 *
 * Orientation: window-system buffers store the top row first (flip_y):
 * GL window row y is resource row height - 1 - y, the viewport and the
 * scissor are flipped and the rasterizer's front_ccw inverted.  Attachments
 * of framebuffer objects are textures / renderbuffers whose row 0 is GL's
 * y = 0: no flip.
 */
#ifndef ST_FBO_H
#define ST_FBO_H

#include <stdbool.h>

#include "pipe/p_state.h"
#include "st_gl.h"

struct st_context;
struct st_texture_object;

#define ST_MAX_COLOR_ATTACHMENTS 8
#define ST_MAX_DRAW_BUFFERS      8

/* --- objects ------------------------------------------------------------- */

/* A renderbuffer object (share group: ctx->share->renderbuffers). */
struct st_renderbuffer {
   GLuint name;
   int refcount;                     /* the name table + attachments (atomic) */
   GLenum internal_format;           /* as given to glRenderbufferStorage (GL_RGBA initially) */
   enum pipe_format format;          /* PIPE_FORMAT_NONE until storage is given */
   unsigned width, height, samples;
   struct pipe_resource *res;        /* NULL for 0x0 storage */
};

enum st_fbo_attachment {
   ST_FBO_COLOR0 = 0,                /* .. ST_FBO_COLOR0 + 7 */
   ST_FBO_DEPTH = ST_MAX_COLOR_ATTACHMENTS,
   ST_FBO_STENCIL,
   ST_FBO_ATTACHMENT_COUNT
};

/* The renderbuffer bound to GL_RENDERBUFFER, or NULL (api_fbo.c). */
struct st_renderbuffer *st_fbo_bound_renderbuffer(struct st_context *ctx);

/* One attachment point of a framebuffer object. */
struct st_fbo_attachment_point {
   GLenum type;                      /* GL_NONE, GL_RENDERBUFFER, GL_TEXTURE */
   struct st_renderbuffer *rb;       /* GL_RENDERBUFFER: holds a reference */
   GLuint tex_name;                  /* GL_TEXTURE: the texture object's name */
   struct st_texture_object *tex;    /* GL_TEXTURE: referenced */
   GLenum tex_target;                /* GL_TEXTURE_2D, GL_TEXTURE_CUBE_MAP_POSITIVE_X.., ... */
   GLint level;
   GLint layer;                      /* cube face index or 3D slice / array layer */
   /* glFramebufferTexture of a 3D, cube map or array texture (GL 3.2
    * 4.4.2): every layer of the level (3D slices, array layers, the six
    * faces in the order of table 4.12), tex_target the texture's target,
    * layer 0 */
   bool layered;
};

/* The face of the texture image an attachment names: st_tex_image_face()
 * of its target, 0 for a layered cube map (its first face); -1 if none. */
int st_fbo_attachment_face(const struct st_fbo_attachment_point *a);

/* A framebuffer object (per context: ctx->framebuffers). */
struct st_framebuffer_object {
   GLuint name;
   struct st_fbo_attachment_point att[ST_FBO_ATTACHMENT_COUNT];
   GLenum draw_buffers[ST_MAX_DRAW_BUFFERS];   /* GL_COLOR_ATTACHMENT0 / GL_NONE ... */
   GLenum read_buffer;
   /* surfaces made for the attachments (remade when an attachment's image moves) */
   struct pipe_surface *surfaces[ST_FBO_ATTACHMENT_COUNT];
};

/* --- the current draw / read framebuffer ----------------------------------- */

/* A framebuffer, as bound for drawing or reading. */
struct st_fb_info {
   bool is_fbo;                      /* a user framebuffer object (not window-system) */
   GLuint name;                      /* its name (0: window-system) */
   bool complete;                    /* drawable/readable (else GL_INVALID_FRAMEBUFFER_OPERATION) */
   bool flip_y;                      /* rows stored top-first (window-system buffers) */
   unsigned width, height;           /* the size drawing/reading is clipped to */
};

/* One buffer of a framebuffer: a level/layer of a resource. */
struct st_fb_buffer {
   struct pipe_resource *res;        /* NULL: absent (not referenced: valid until the
                                      * next GL command that changes framebuffers) */
   unsigned level;
   unsigned layer;                   /* array layer, cube face or 3D slice */
   enum pipe_format format;          /* the format to read / write it as */
   unsigned width, height;           /* the level's size */
   bool flip_y;                      /* rows stored top-first */
   GLenum base;                      /* base internal format of an FBO colour attachment
                                      * (0: window-system buffer) */
};

/*
 * Components a colour buffer of base format base lacks read as 0 (alpha 1);
 * luminance/intensity are read from R (GL 3.0 4.3.2).  Needed where the
 * storage holds more than the base format (RGBA storage of float ALPHA /
 * LUMINANCE / INTENSITY textures).  base 0 leaves rgba unchanged.
 */
void st_fb_mask_base(GLenum base, unsigned n, float (*rgba)[4]);
/*
 * The same for reading a colour buffer (glReadPixels): as GL 2.1 table 6.1
 * returns texture components, an INTENSITY buffer reads (I, 0, 0, 1) -- its
 * I is the R component, alpha is absent.
 */
void st_fb_mask_base_read(GLenum base, unsigned n, float (*rgba)[4]);

/* The current draw / read framebuffer (validates window-system buffers). */
void st_fb_draw_info(struct st_context *ctx, struct st_fb_info *info);
void st_fb_read_info(struct st_context *ctx, struct st_fb_info *info);

/*
 * As above, and raise GL_INVALID_FRAMEBUFFER_OPERATION (naming 'where') and
 * return false if the framebuffer is not complete.
 */
bool st_fb_check_draw(struct st_context *ctx, struct st_fb_info *info, const char *where);
bool st_fb_check_read(struct st_context *ctx, struct st_fb_info *info, const char *where);
/*
 * st_fb_check_read also raises GL_INVALID_OPERATION (and returns false)
 * when the read framebuffer is a multisample framebuffer object
 * (GL_SAMPLE_BUFFERS 1): glReadPixels, glCopyPixels and glCopyTex(Sub)Image
 * cannot read one.  glBlitFramebuffer, which resolves, uses this variant.
 */
bool st_fb_check_read_multisample(struct st_context *ctx, struct st_fb_info *info,
                                  const char *where);

/* GL_SAMPLES of the draw / read framebuffer: 0 when single-sampled
 * (GL_SAMPLE_BUFFERS is then 0, else 1).  Framebuffer objects: the sample
 * count of their images; window-system buffers: the visual's. */
unsigned st_fb_draw_samples(struct st_context *ctx);
/* GL_FRAMEBUFFER_SRGB_CAPABLE_EXT of the draw framebuffer */
bool st_fb_draw_srgb_capable(struct st_context *ctx);
/* GL_RGBA_SIGNED_COMPONENTS_EXT (EXT_packed_float): per R, G, B, A, 1 when
 * the first draw buffer stores that component signed (snorm, signed
 * integer, float other than the packed unsigned floats), else 0. */
void st_fb_draw_signed_components(struct st_context *ctx, GLint out[4]);
unsigned st_fb_read_samples(struct st_context *ctx);
/* Draw buffer zero of the draw framebuffer is an integer (UINT / SINT)
 * colour buffer: GL 3.3 section 4.1.3 then skips alpha to coverage and
 * alpha to one, for every draw buffer. */
bool st_fb_draw_buffer_zero_integer(struct st_context *ctx);

/* The colour buffer glReadBuffer selects in the read framebuffer; false if none. */
bool st_fb_read_color(struct st_context *ctx, struct st_fb_buffer *out);
/* The same as glBlitFramebuffer's colour source: sRGB decoded while GL_FRAMEBUFFER_SRGB is on. */
bool st_fb_blit_read_color(struct st_context *ctx, struct st_fb_buffer *out);
/* The depth / stencil buffer of the read framebuffer; false if none. */
bool st_fb_read_depth(struct st_context *ctx, struct st_fb_buffer *out);
bool st_fb_read_stencil(struct st_context *ctx, struct st_fb_buffer *out);
/* The same for the draw framebuffer.  Colour: the buffers glDrawBuffer(s)
 * select, in draw-buffer order (GL_NONE entries skipped); returns the count. */
unsigned st_fb_draw_colors(struct st_context *ctx, struct st_fb_buffer out[ST_MAX_DRAW_BUFFERS]);
bool st_fb_draw_depth(struct st_context *ctx, struct st_fb_buffer *out);
bool st_fb_draw_stencil(struct st_context *ctx, struct st_fb_buffer *out);

/* The GL rectangle (x, y, w, h), in the buffer's resource coordinates
 * (flipped for top-first buffers; z = layer). */
void st_fb_box(const struct st_fb_buffer *b, int x, int y, int w, int h, struct pipe_box *box);

/* A surface on b (caller unreferences it), NULL on failure. */
struct pipe_surface *st_fb_buffer_surface(struct st_context *ctx, const struct st_fb_buffer *b);

/* Bits of the current draw framebuffer (glGet GL_RED_BITS .. GL_STENCIL_BITS). */
void st_fb_draw_bits(struct st_context *ctx, GLint rgba[4], GLint *depth, GLint *stencil);

/*
 * The destination alpha blending must use for the draw framebuffer's first
 * colour buffer when its storage differs from its base format: STORED (the
 * stored alpha, the usual case), ONE (RGB / LUMINANCE / RED / RG base in a
 * format with an alpha channel: GL reads a missing alpha as 1) or RED
 * (INTENSITY base in a non-intensity format: I, kept in R, is the alpha).
 */
enum st_fb_dst_alpha {
   ST_FB_DST_ALPHA_STORED,
   ST_FB_DST_ALPHA_ONE,
   ST_FB_DST_ALPHA_RED,
};
enum st_fb_dst_alpha st_fb_draw_dst_alpha(struct st_context *ctx);

/* Is a user framebuffer object bound for drawing / reading? */
bool st_fb_draw_is_fbo(const struct st_context *ctx);
bool st_fb_read_is_fbo(const struct st_context *ctx);

/* Note that colour buffers of the draw framebuffer were written (front-buffer
 * tracking of window-system buffers); call after drawing or clearing colour. */
void st_fb_draw_written(struct st_context *ctx);

/* --- internal to the state tracker ---------------------------------------- */

/* Fill the pipe framebuffer state of the current draw framebuffer (st_validate).
 * A layered framebuffer object's surfaces span every layer of their
 * attachments and fb->layers is the smallest layer count (1 when not
 * layered): the driver routes each primitive to the layer its geometry
 * shader's gl_Layer selects, and clears clear every layer. */
void st_fb_framebuffer_state(struct st_context *ctx, struct pipe_framebuffer_state *fb);

/* glDeleteTextures: detach tex from the bound draw / read framebuffer
 * objects (GL 2.1 + ARB_fbo 4.4.2.3). Storage changes need no call:
 * attachments are resolved at every validation. */
void st_fbo_texture_deleted(struct st_context *ctx, struct st_texture_object *tex);

/* Objects and attachments (api_fbo.c). */
struct st_framebuffer_object *st_fbo_create(GLuint name);
void st_fbo_destroy(struct st_context *ctx, struct st_framebuffer_object *fbo);
void st_fbo_set_renderbuffer(struct st_context *ctx, struct st_framebuffer_object *fbo,
                             enum st_fbo_attachment i, struct st_renderbuffer *rb);
void st_fbo_set_texture(struct st_context *ctx, struct st_framebuffer_object *fbo,
                        enum st_fbo_attachment i, struct st_texture_object *tex, GLuint name,
                        GLenum target, GLint level, GLint layer, bool layered);
/* glCheckFramebufferStatus of a framebuffer object. */
GLenum st_fbo_status(struct st_context *ctx, struct st_framebuffer_object *fbo);
/* Base format (GL_RGBA, GL_DEPTH_COMPONENT, GL_STENCIL_INDEX, GL_DEPTH_STENCIL,
 * GL_ALPHA...) of a renderbuffer internal format; 0 if not one. */
GLenum st_fbo_rb_base_format(GLenum internal_format);
/* Bits per component of a buffer format as its GL base format shows them. */
void st_fbo_color_bits(enum pipe_format format, GLenum base, GLint rgba[4]);
void st_fbo_zs_bits(enum pipe_format format, GLint *depth, GLint *stencil);

/* glGet of framebuffer state (bindings, limits, GL_*_BITS, GL_DRAW_BUFFERi,
 * GL_READ_BUFFER of an FBO): 1 = integer, 2 = enum written to *out, 0 = not ours. */
int st_fbo_get(struct st_context *ctx, GLenum pname, GLint *out);

/* Destroy callbacks for st_names_fini (data: the st_context / NULL). */
void st_fbo_destroy_cb(void *obj, void *data);
void st_renderbuffer_destroy_cb(void *obj, void *data);
void st_renderbuffer_unref(struct st_renderbuffer *rb);

#endif
