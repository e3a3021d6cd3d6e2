/*
 * Texture objects (st_texture.c): GL images per face and level, sampler
 * parameters, completeness, and the pipe objects sampling uses.
 *
 * Storage.  An object keeps one pipe_resource 'pt' holding a full mipmap
 * chain (the "tree"); an image whose size/format fits the tree at its
 * level lives there (img->in_tree).  An image that does not fit (an
 * inconsistent or redefined level) gets a private single-level resource
 * img->pt until the tree is rebuilt around the base level (which happens
 * when the texture is validated for drawing).  st_texture_image_location()
 * says where an image's texels are; everything that reads or writes
 * texels (glTexSubImage, glGetTexImage, render-to-texture) goes through it.
 *
 * Texel rows: row 0 of a pipe resource is the GL image's row 0 (t = 0,
 * the bottom), i.e. textures are NOT stored top row first.
 *
 * Borders (GL 2.1 allows border 1) are accepted and validated; the border
 * texels are dropped at upload (the stored image is width - 2*border wide),
 * so GL_CLAMP_TO_BORDER / GL_CLAMP sample the constant border colour
 * instead of the border texels.
 *
 * Objects are reference counted: the share group's table holds one
 * reference, each unit binding one, and each FBO attachment one
 * (st_texture_reference()).  Default objects (name 0) are per context.
 */
#ifndef ST_TEXTURE_H
#define ST_TEXTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pipe/p_format.h"
#include "pipe/p_state.h"
#include "st_gl.h"

struct st_buffer;
struct st_context;
struct ff_state;
struct pipe_resource;
struct pipe_sampler_view;
struct st_sampler_object;

#define ST_MAX_TEXTURE_UNITS     8       /* GL_MAX_TEXTURE_UNITS = GL_MAX_TEXTURE_COORDS:
                                          * the fixed-function units (enables,
                                          * coordinate sets, texgen, matrices) */
/* Texture image units (GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, GL 2.0 section
 * 3.8): binding points, sampler objects and views; units 0..7 are also the
 * fixed-function units.  Contexts without shaders have ST_MAX_TEXTURE_UNITS
 * (st_texture_num_units). */
#define ST_MAX_COMBINED_TEXTURE_UNITS 48
#define ST_MAX_TEXTURE_LEVELS    14      /* 1D/2D/cube: 8192 (refpipe) */
#define ST_MAX_TEXTURE_SIZE      (1 << (ST_MAX_TEXTURE_LEVELS - 1))
#define ST_MAX_3D_TEXTURE_LEVELS 12      /* 2048 */
#define ST_MAX_3D_TEXTURE_SIZE   (1 << (ST_MAX_3D_TEXTURE_LEVELS - 1))
#define ST_MAX_CUBE_TEXTURE_LEVELS 14
#define ST_MAX_CUBE_TEXTURE_SIZE (1 << (ST_MAX_CUBE_TEXTURE_LEVELS - 1))
#define ST_MAX_RECT_TEXTURE_SIZE 8192
#define ST_MAX_TEXTURE_LOD_BIAS  16.0f

/* Binding points of a unit, in GL's texturing priority order reversed
 * (CUBE > 3D > 2D > 1D; RECT is between CUBE and 3D as in Mesa's
 * ordering is irrelevant to GL 2.1 but kept here). */
enum st_tex_index {
   ST_TEX_1D,
   ST_TEX_2D,
   ST_TEX_3D,
   ST_TEX_CUBE,
   ST_TEX_RECT,
   ST_TEX_1D_ARRAY,                  /* GL_EXT_texture_array: never texture-enable targets */
   ST_TEX_2D_ARRAY,
   ST_TEX_CUBE_ARRAY,                /* GL_ARB_texture_cube_map_array */
   ST_TEX_2D_MS,                     /* GL_ARB_texture_multisample (api_texms.c) */
   ST_TEX_2D_MS_ARRAY,
   ST_TEX_BUFFER,                    /* GL 3.1 / ARB_texture_buffer_object (api_texbuffer.c) */
   ST_NUM_TEX_TARGETS
};

/* GL_MAX_ARRAY_TEXTURE_LAYERS_EXT (refpipe: 2048) */
#define ST_MAX_ARRAY_TEXTURE_LAYERS 2048

/* Array targets (GL_TEXTURE_1D_ARRAY_EXT, GL_TEXTURE_2D_ARRAY_EXT): the
 * last GL dimension (height of a 1D array, depth of a 2D array) counts
 * layers, which mipmapping does not reduce. */
static inline bool
st_tex_is_array(GLenum target)
{
   return target == GL_TEXTURE_1D_ARRAY_EXT || target == GL_TEXTURE_2D_ARRAY_EXT ||
          target == GL_TEXTURE_CUBE_MAP_ARRAY_ARB || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
}

/* GL_ARB_texture_multisample targets: one image (level 0) holding
 * image->samples samples per texel, never sampled by fixed function. */
static inline bool
st_tex_is_multisample(GLenum target)
{
   return target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
}

/* Arrays of 2D layers specified with glTexImage3D (2D arrays, cube map
 * arrays: depth = layer-faces, a multiple of 6). */
static inline bool
st_tex_is_layer3d(GLenum target)
{
   return target == GL_TEXTURE_2D_ARRAY_EXT || target == GL_TEXTURE_CUBE_MAP_ARRAY_ARB ||
          target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
}

/* One image (one level of one face). */
struct st_texture_image {
   GLint width, height, depth;       /* as specified, including the border; 0: no image */
   GLint border;                     /* 0 or 1 */
   GLenum internal_format;           /* as given to glTexImage (1..4 kept as given) */
   GLenum base_format;               /* GL_ALPHA, GL_LUMINANCE, ..., GL_RGBA, GL_DEPTH_COMPONENT */
   enum pipe_format format;          /* stored format; PIPE_FORMAT_NONE: no image */
   bool compressed;
   GLsizei compressed_size;          /* bytes of the compressed image */
   GLint samples;                    /* GL_TEXTURE_SAMPLES: 0 unless multisample (api_texms.c) */
   GLboolean fixed_sample_locations; /* GL_TEXTURE_FIXED_SAMPLE_LOCATIONS of a multisample image */
   /* where the texels are */
   bool in_tree;                     /* in obj->pt at (level, face/slice) */
   struct pipe_resource *pt;         /* private single-level resource when !in_tree */
};

/* Sampler parameters (glTexParameter). */
struct st_sampler_params {
   GLenum wrap_s, wrap_t, wrap_r;
   GLenum min_filter, mag_filter;
   GLfloat border_color[4];
   /* EXT_texture_integer: how TEXTURE_BORDER_COLOR was last specified:
    * GL_FLOAT (glTexParameterf/iv: border_color), GL_INT
    * (glTexParameterIivEXT) or GL_UNSIGNED_INT (glTexParameterIuivEXT):
    * border_int holds the values unclamped (the bits; border_color their
    * float values) */
   GLenum border_type;
   GLuint border_int[4];
   GLfloat min_lod, max_lod, lod_bias;
   GLint base_level, max_level;
   GLenum compare_mode, compare_func;
   GLenum depth_mode;                /* GL_DEPTH_TEXTURE_MODE */
   GLenum swizzle[4];                /* GL_TEXTURE_SWIZZLE_R..A (ARB_texture_swizzle) */
   GLfloat priority;
   GLboolean generate_mipmap;
   GLboolean cube_map_seamless;      /* GL_AMD_seamless_cubemap_per_texture */
};

struct st_texture_object {
   int refcount;                     /* atomic */
   GLuint name;                      /* 0: a context's default object */
   GLenum target;                    /* GL_TEXTURE_1D ...; 0 until first bound */
   enum st_tex_index index;          /* of target */
   struct st_sampler_params sampler;
   struct st_texture_image image[6][ST_MAX_TEXTURE_LEVELS];   /* [face][level] */

   /* pipe side */
   struct pipe_resource *pt;         /* mipmap tree (NULL until an image fits one) */
   uint32_t serial;                  /* bumped whenever images/storage change (sampler
                                      * views are per context: st_texture_ctx) */

   /* GL_ARB_texture_storage / GL_ARB_texture_view (api_texstorage.c,
    * api_texview.c).  An immutable object's images all live in 'pt' (never
    * rebuilt).  A view shares its original's 'pt' (a reference): its level
    * l / layer k are the resource's level view_min_level + l / layer
    * view_min_layer + k, its images carry the view's format (same block size). */
   bool immutable;                   /* TEXTURE_IMMUTABLE_FORMAT */
   GLuint immutable_levels;          /* TEXTURE_IMMUTABLE_LEVELS */
   GLuint view_min_level, view_num_levels;   /* TEXTURE_VIEW_MIN/NUM_LEVEL(S) */
   GLuint view_min_layer, view_num_layers;   /* TEXTURE_VIEW_MIN/NUM_LAYER(S) */

   /* EGLImage siblings (api_eglimage.c): 'pt' is shared with an EGLImage
    * made from this object or given to it by glEGLImageTargetTexture2DOES
    * (whose level 0 / layer 0 are then the resource's view_min_level /
    * view_min_layer).  Respecifying an image orphans the EGLImage: the
    * object's images move to storage of their own first
    * (st_texture_image_alloc), the image keeps the shared resource. */
   bool egl_sibling;

   /* Buffer textures (GL_TEXTURE_BUFFER, api_texbuffer.c): no images; the
    * texels are the attached buffer's bytes (referenced; NULL: none) from
    * buffer_offset on, buffer_size of them when buffer_range (glTexBufferRange),
    * else up to the buffer's current end (glTexBuffer: the view follows
    * glBufferData).  buffer_format: the internal format (TEXTURE_BUFFER_FORMAT). */
   struct st_buffer *buffer;
   GLenum buffer_format;
   bool buffer_range;
   size_t buffer_offset, buffer_size;
};

/* level_base / level_max as sampling and mipmapping use them: for an
 * immutable texture clamped to [0, levels - 1] and [level_base, levels - 1]
 * (ARB_texture_storage, section 3.8.6 addition). */
static inline GLint
st_texture_base_level(const struct st_texture_object *o)
{
   GLint b = o->sampler.base_level;
   if (o->immutable && o->view_num_levels) {
      GLint top = (GLint)o->view_num_levels - 1;
      b = b < 0 ? 0 : b > top ? top : b;
   }
   return b;
}

static inline GLint
st_texture_max_level(const struct st_texture_object *o)
{
   GLint m = o->sampler.max_level;
   if (o->immutable && o->view_num_levels) {
      GLint b = st_texture_base_level(o), top = (GLint)o->view_num_levels - 1;
      m = m < b ? b : m > top ? top : m;
   }
   return m;
}

/* Texture environment and coordinate generation of one unit
 * (GL_TEXTURE_BIT, except the matrix stacks which are in st_draw_ctx). */
struct st_texunit_state {
   struct st_texture_object *bound[ST_NUM_TEX_TARGETS];   /* referenced; never NULL after init */
   unsigned enabled;                 /* bit st_tex_index: GL_TEXTURE_1D.. enables */
   unsigned gen_enabled;             /* bits 0..3: GL_TEXTURE_GEN_S..Q */
   /* glTexEnv */
   GLenum env_mode;
   GLfloat env_color[4];
   GLfloat lod_bias;                 /* GL_TEXTURE_FILTER_CONTROL / GL_TEXTURE_LOD_BIAS */
   GLenum combine_rgb, combine_alpha;
   GLenum src_rgb[4], src_alpha[4];  /* [3]: NV_texture_env_combine4 SOURCE3 */
   GLenum operand_rgb[4], operand_alpha[4];
   GLfloat rgb_scale, alpha_scale;
   GLboolean coord_replace;          /* GL_POINT_SPRITE / GL_COORD_REPLACE */
   /* glTexGen, per coordinate s, t, r, q */
   GLenum gen_mode[4];
   GLfloat object_plane[4][4];
   GLfloat eye_plane[4][4];          /* eye space */
};

struct st_texture_attrib {
   GLuint active_unit;               /* 0..st_texture_num_units()-1 */
   /* [0, ST_MAX_TEXTURE_UNITS): also the fixed-function state; the image
    * units above keep only their bindings in use (the rest is defaults) */
   struct st_texunit_state unit[ST_MAX_COMBINED_TEXTURE_UNITS];
   /* attribute frames only: parameters of the objects bound when pushed */
   struct st_sampler_params bound_params[ST_MAX_COMBINED_TEXTURE_UNITS][ST_NUM_TEX_TARGETS];
};

/* Per-context texture state that no attribute group holds (ctx->tex). */
struct st_texture_ctx {
   struct st_texture_object *default_obj[ST_NUM_TEX_TARGETS];   /* name 0 */
   struct st_texture_object *proxy[ST_NUM_TEX_TARGETS];         /* GL_PROXY_TEXTURE_* */
   struct pipe_sampler_view *bound_views[ST_MAX_COMBINED_TEXTURE_UNITS];
   /* a unit's view is of a buffer texture (a copy of its texels, made at
    * validation): draws do not reuse the bound state (st_draw.c) */
   bool buffer_views;
   struct st_texture_object *view_obj[ST_MAX_COMBINED_TEXTURE_UNITS];    /* what bound_views show */
   uint32_t view_serial[ST_MAX_COMBINED_TEXTURE_UNITS];
   void *samplers[ST_MAX_COMBINED_TEXTURE_UNITS];   /* pipe sampler CSOs bound last */
   struct pipe_sampler_state sampler_templ[ST_MAX_COMBINED_TEXTURE_UNITS];   /* what each was made from */
   /* GL_ARB_sampler_objects bindings (st_sampler.h; referenced, NULL: none) */
   struct st_sampler_object *sampler[ST_MAX_COMBINED_TEXTURE_UNITS];
   /* bit u: unit u had a complete texture for its program target or
    * enables at the last st_texture_validate (bound_views[u], samplers[u]) */
   uint64_t complete_units;
   /* of those, with a depth comparison: 1 + the ff_base_format its depth
    * texture mode gives (GLSL shadow lookups' expansion); 0: none */
   uint8_t shadow_base[ST_MAX_COMBINED_TEXTURE_UNITS];
   unsigned num_bound;
   bool suppress;                    /* pixel paths: draw as if no unit were enabled */
};

_Static_assert(ST_MAX_COMBINED_TEXTURE_UNITS <= 64, "st_texture_ctx.complete_units");

/* Texture image units of this context (glActiveTexture's range, GL 2.0
 * section 3.8: the larger of MAX_TEXTURE_COORDS and
 * MAX_COMBINED_TEXTURE_IMAGE_UNITS): ST_MAX_COMBINED_TEXTURE_UNITS with
 * shaders, else ST_MAX_TEXTURE_UNITS. */
unsigned st_texture_num_units(const struct st_context *ctx);

/* False, with GL_INVALID_OPERATION for 'where', if the active unit has no
 * fixed-function state (texture enables, coordinate generation, texture
 * matrices, current coordinates: units >= MAX_TEXTURE_COORDS). */
bool st_texture_active_is_ff(struct st_context *ctx, const char *where);

/* GL target enum -> binding index; -1 if not a bindable texture target. */
int st_tex_target_index(GLenum target);

/* GL texture target -> the pipe target of its resource (PIPE_TEXTURE_2D
 * for GL_TEXTURE_2D, GL_TEXTURE_2D_MULTISAMPLE and non-targets). */
enum pipe_texture_target st_tex_pipe_target(GLenum target);

/* Faces of a target (6 for cube maps, else 1). */
static inline unsigned
st_tex_num_faces(GLenum target)
{
   return target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
}

/* Cube face target (GL_TEXTURE_CUBE_MAP_POSITIVE_X..) -> face 0..5; other
 * image targets -> 0; -1 if not an image target. */
int st_tex_image_face(GLenum image_target);

/* Object creation / references. */
struct st_texture_object *st_texture_object_create(GLuint name, GLenum target);
void st_texture_reference(struct st_context *ctx, struct st_texture_object **dst,
                          struct st_texture_object *src);
/* For st_names_fini on the share group's table (data: the pipe_screen, may be NULL). */
void st_texture_object_destroy_cb(void *obj, void *data);

/* Name -> object in the share group (NULL if none); no reference taken. */
struct st_texture_object *st_texture_lookup(struct st_context *ctx, GLuint name);

/* The object bound to 'target' (GL_TEXTURE_2D, ..., also cube-face and
 * proxy-less image targets) on the active unit; NULL for bad targets. */
struct st_texture_object *st_texture_get_bound(struct st_context *ctx, GLenum target);

/* An image or NULL when face/level are out of range. */
struct st_texture_image *st_texture_get_image(struct st_texture_object *obj,
                                              unsigned face, unsigned level);

/* Where the texels of an image are: a resource, its level, and the first
 * layer (cube face) or slice (3D: z 0).  False if the image is empty or
 * could not be allocated.  Makes sure storage exists. */
bool st_texture_image_location(struct st_context *ctx, struct st_texture_object *obj,
                               unsigned face, unsigned level,
                               struct pipe_resource **res, unsigned *res_level,
                               unsigned *layer);

/* Mipmap completeness (GL 2.1 3.8.10) for sampling with obj's parameters. */
bool st_texture_is_complete(const struct st_texture_object *obj);

/* Completeness as GL_ARB_copy_image asks it of its images (Mesa's and
 * piglit's reading): the base level complete whatever the filters say,
 * and for a level other than the base the mipmap chain too (level < 0:
 * the base level only). */
bool st_texture_copy_complete(const struct st_texture_object *obj, GLint level);

/* After rendering into / writing an image (FBO helper): regenerate
 * mipmaps if GENERATE_MIPMAP is set and level is the base level. */
void st_texture_image_changed(struct st_context *ctx, struct st_texture_object *obj,
                              unsigned face, unsigned level);

/* Fill st->unit[] for every unit and bind sampler views / states to the
 * fragment stage (called from update_shaders). */
/* program_targets: NULL for fixed function; else per unit the enum
 * arbprog_tex_target a fragment program samples it with (0: unused),
 * which replaces the texture enables (ARB_fragment_program 3.11.6), or
 * ST_TEXTURE_FF_TARGET: this unit follows the texture enables (a GLSL
 * vertex shader sampling beside the fixed-function fragment stage). */
#define ST_TEXTURE_FF_TARGET 0xff
/* Targets only GLSL samplers name (GL_EXT_texture_array,
 * GL_ARB_texture_cube_map_array), after the arbprog_tex_target values;
 * shadow or not is the sampler state's. */
#define ST_TEXTURE_TARGET_1D_ARRAY 9
#define ST_TEXTURE_TARGET_2D_ARRAY 10
#define ST_TEXTURE_TARGET_CUBE_ARRAY 11
/* sampler2DMS / sampler2DMSArray (GL_ARB_texture_multisample, GLSL 1.50) */
#define ST_TEXTURE_TARGET_2D_MS 12
#define ST_TEXTURE_TARGET_2D_MS_ARRAY 13
/* samplerBuffer and its integer forms (GL 3.1, api_texbuffer.c) */
#define ST_TEXTURE_TARGET_BUFFER 14
void st_texture_validate(struct st_context *ctx, struct ff_state *st,
                         const uint8_t *program_targets);

/* Buffer textures (api_texbuffer.c).  GL_MAX_TEXTURE_BUFFER_SIZE (texels;
 * GL 3.1's minimum is 65536) and GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT
 * (bytes; ARB_texture_buffer_range allows up to 256). */
#define ST_MAX_TEXTURE_BUFFER_SIZE (1 << 20)
#define ST_TEXTURE_BUFFER_OFFSET_ALIGNMENT 16
/* Does this context have buffer textures (GL_TEXTURE_BUFFER as a texture
 * and a buffer target)? */
bool st_texbuffer_enabled(const struct st_context *ctx);
/* The pipe format of a buffer texture's internal format, the base format
 * whose components it returns (GL_ALPHA .. GL_RGBA); NONE if the internal
 * format is not in the buffer texture table of this context. */
enum pipe_format st_texbuffer_format(const struct st_context *ctx, GLenum internal_format,
                                     GLenum *base);
/* A sampler view of a buffer texture's current texels (a copy: later
 * writes to the buffer do not reach it); NULL if it has none. */
struct pipe_sampler_view *st_texbuffer_make_view(struct st_context *ctx,
                                                 struct st_texture_object *o);
/* glGetTexLevelParameter of a buffer texture: the image its level 0 is
 * (width: the texels it shows, height and depth 1; formats of the internal
 * format; all 0 without a buffer but the internal format). */
void st_texbuffer_image(const struct st_context *ctx, const struct st_texture_object *o,
                        struct st_texture_image *img);

/* Context setup/teardown of texture state (st_context.c). */
bool st_texture_context_init(struct st_context *ctx);
void st_texture_context_fini(struct st_context *ctx);

/* Is f a specific compressed internal format (S3TC, RGTC, BPTC, FXT1,
 * ETC2/EAC)? */
bool st_tex_format_is_compressed(GLenum f);
/* One of the ten ETC2 / EAC formats of OpenGL ES 3.0 (offered in ES 3.0
 * contexts only: st_tex_format_allowed; compressed data only). */
bool st_tex_format_is_etc2(GLenum f);
/* BPTC or FXT1 (st_texcompress.c's second family: 1D commands are
 * GL_INVALID_ENUM for them). */
bool st_tex_format_is_bptc_fxt1(GLenum f);
/* Bytes of a w x h x d image in block-compressed pipe format f (whole
 * blocks per slice). */
GLsizei st_tex_compressed_size(enum pipe_format f, unsigned w, unsigned h, unsigned d);
/* May internal format f define a GL_TEXTURE_3D image?  Uncompressed ones
 * and BPTC (slices of 2D blocks, ARB_texture_compression_bptc) when the
 * driver samples it in 3D; other compressed formats not. */
bool st_tex_format_allows_3d(struct st_context *ctx, GLenum f);

/* Float internal formats (GL_ARB_texture_float, GL_ARB_texture_rg's float
 * ones, GL_EXT_packed_float, GL_EXT_texture_shared_exponent). */
bool st_tex_format_is_float(GLenum f);
/* GL_EXT_texture_snorm internal formats */
bool st_tex_format_is_snorm(GLenum f);
/* GL_EXT_texture_integer internal formats (and GL_ARB_texture_rg's R/RG
 * integer ones): RGBA/RGB/ALPHA/LUMINANCE/LUMINANCE_ALPHA/INTENSITY
 * x 8/16/32 x I/UI, R and RG x 8/16/32 x I/UI */
bool st_tex_format_is_integer(GLenum f);
/* Integer texels (4 words each, signed ones as their bits) keeping only the
 * components of a base format: the others 0, alpha 1 (intensity: I in
 * alpha too) as uploads store them; _read: as glGetTexImage returns them
 * (table 6.1: luminance and intensity in R only, alpha 1 for intensity). */
void st_tex_mask_base_int(GLenum base, size_t n, uint32_t (*v)[4]);
void st_tex_mask_base_read_int(GLenum base, size_t n, uint32_t (*v)[4]);

/*
 * Is internal format f one this context accepts?  Formats of extensions
 * (ARB_texture_rg, ARB_texture_float, EXT_packed_float,
 * EXT_texture_shared_exponent) only when ctx->caps offers the extension;
 * formats st_tex_base_format() does not know are refused.
 */
bool st_tex_format_allowed(const struct st_context *ctx, GLenum f);
/* Limits of a dims-dimensional glTex(Sub)Image target (api_texture.c's
 * own target check, proxies excluded), for checks made before the command
 * runs (display-list compilation, st_dlist.c): false for a target the
 * command rejects; else its level count and per dimension the largest
 * level-0 size without border (layers for an array's layer dimension;
 * 1 for unused dimensions). */
/* Does glTexImage accept this internal format on this context (api_texture.c's
 * own check; false: GL_INVALID_VALUE)? */
bool st_tex_internal_format_ok(const struct st_context *ctx, GLenum internal_format);
bool st_tex_image_limits(struct st_context *ctx, unsigned dims, GLenum target,
                         unsigned *levels, GLint max[3]);
/* The pipe format images of an internal format are stored in (NONE: unsupported). */
enum pipe_format st_tex_choose_format(struct st_context *ctx, GLenum internal_format,
                                      GLenum target);
/* binding index -> GL target */
GLenum st_tex_index_target(enum st_tex_index i);
/* First bind of a generated name: fix the object's target. */
void st_texture_object_set_target(struct st_texture_object *o, GLenum target);
/* Give an image whose fields (size, formats) were just set storage
 * (contents undefined); false on out of memory. */
bool st_texture_image_alloc(struct st_context *ctx, struct st_texture_object *o, unsigned face,
                            unsigned level);
/* Define and fill levels base+1..max from the base level (one face or all). */
bool st_texture_generate_mipmap(struct st_context *ctx, struct st_texture_object *o,
                                unsigned face_only, bool all_faces);

/* glEnable/glDisable/glIsEnabled of the per-unit texture capabilities
 * (ST_CAP_TEXTURE_1D..CUBE_MAP, ST_CAP_TEXTURE_GEN_S..Q) on the active
 * unit: on 1/0 sets, -1 queries.  Returns the state before (0/1), or -1
 * if cap is not one of them. */
int st_texture_enable(struct st_context *ctx, int cap, int on);

/* glGet of texture state (GL_TEXTURE_BINDING_*, GL_ACTIVE_TEXTURE, limits,
 * ...): kind as st_frag_get (0 int, 1 uint, 2 enum, 3 bool, 4 float,
 * 5 normalized); false if pname is not one of them. */
bool st_texture_get(struct st_context *ctx, GLenum pname, int *kind, unsigned *count,
                    int64_t ints[32], double dbls[32]);

/* glPushAttrib / glPopAttrib of GL_TEXTURE_BIT (and the texture enables of
 * GL_ENABLE_BIT) into / from an attribute frame's 'texture' field. */
void st_texture_push(struct st_context *ctx, GLbitfield mask, struct st_texture_attrib *frame);
void st_texture_pop(struct st_context *ctx, GLbitfield mask, struct st_texture_attrib *frame);

/* Encode RGBA texels into a block-compressed format (st_texcompress.c);
 * dst_stride: bytes between block rows.  False if f is not S3TC/RGTC. */
bool st_tex_compress_rgba(enum pipe_format f, const float (*rgba)[4], unsigned w, unsigned h,
                          uint8_t *dst, unsigned dst_stride);

/* Base internal format (GL_ALPHA .. GL_RGBA, GL_DEPTH_COMPONENT) of an
 * internal format; 0 if not a valid internal format. */
GLenum st_tex_base_format(GLenum internal_format);

/* GL_ARB_texture_storage: a resource of 'target' (GL enum) holding levels
 * 0..last_level of a w x h x d image (d: layers of arrays, 6 x cubes of
 * cube arrays); NULL if the driver cannot make one. */
struct pipe_resource *st_texture_create_storage(struct st_context *ctx, GLenum target,
                                                enum pipe_format f, unsigned w, unsigned h,
                                                unsigned d, unsigned last_level);
/* GetTexParameter of TEXTURE_IMMUTABLE_FORMAT, TEXTURE_IMMUTABLE_LEVELS and
 * TEXTURE_VIEW_* (api_texstorage.c); false if pname is not one of them. */
bool st_texture_storage_param(const struct st_texture_object *o, GLenum pname, GLfloat *v);
/* The stored format of glTexStorage* (api_texview.c): formats of the
 * ARB_texture_view compatibility classes get the pipe format of exactly
 * their size, so every view of the class can reinterpret the bytes. */
enum pipe_format st_texview_storage_format(struct st_context *ctx, GLenum internal_format,
                                           GLenum target);

/* The ARB_texture_view compatibility class of an internal format (Table
 * 3.X.2 as api_texview.c lists it, S3TC classes included): 0 if none,
 * equal numbers for formats of one class (GL_ARB_copy_image). */
int st_texview_class(GLenum internal_format);

/* Legal values of the sampling parameters glTexParameter and
 * glSamplerParameter share (rect: a rectangle texture's narrower rules). */
bool st_tex_wrap_ok(GLenum wrap, bool rect);
bool st_tex_min_filter_ok(GLenum filter, bool rect);
bool st_tex_mag_filter_ok(GLenum filter);
bool st_tex_compare_mode_ok(GLenum mode);
bool st_tex_compare_func_ok(GLenum func);

/* How depth texels are expanded when sampled: the object's
 * GL_DEPTH_TEXTURE_MODE, or in a core context, which removed it, (r, 0,
 * 0, 1) (GL 3.2 core E.2.2: "r is returned to texture samplers directly";
 * GL_RED) */
GLenum st_texture_depth_mode(const struct st_context *ctx, const struct st_sampler_params *s);

#endif
