/*
 * Display lists: list objects, compiling (the save table), replaying, and
 * the save functions st_gen_dlist.py leaves to hand-written code: images
 * (unpacked at compile time with the current unpack state and replayed
 * with a plain one), client-array draws (dereferenced at compile time into
 * immediate-mode vertices), glCallLists and the evaluator maps.
 */
#include "st_dlist.h"

#include <stdlib.h>
#include <string.h>

#include "st_context.h"
#include "st_dispatch.h"
#include "st_buffer.h"
#include "st_dlist_gen.h"
#include "st_draw.h"
#include "st_drawpix.h"
#include "st_eval.h"
#include "st_route.h"
#include "st_pixel_format.h"
#include "st_pixel_unpack.h"
#include "st_screen.h"
#include "st_texture.h"
#include "format/u_format.h"
#include "util/u_math.h"
#include "util/u_unaligned.h"

/* Both generators number commands by their sorted position in gl.xml. */
_Static_assert(ST_DLIST_CMD_glBegin == ST_CMD_glBegin, "command numbers differ");
_Static_assert(ST_DLIST_CMD_glCallLists == ST_CMD_glCallLists, "command numbers differ");
_Static_assert(ST_DLIST_CMD_glVertex4fv == ST_CMD_glVertex4fv, "command numbers differ");

struct st_dlist_node {
   st_dlist_replay_fn fn;
   uint64_t size;             /* header + args, multiple of 8 */
};

/* --- list objects ------------------------------------------------------- */

static void
dlist_free(struct st_dlist *l)
{
   if (l) {
      free(l->data);
      free(l);
   }
}

void
st_dlist_destroy_obj(void *obj, void *data)
{
   (void)data;
   dlist_free(obj);
}

/* Drop a reference; the share group's lock is held. */
static void
dlist_unref_locked(struct st_dlist *l)
{
   if (l && --l->refcount == 0)
      dlist_free(l);
}

static void
dlist_unref(struct st_context *ctx, struct st_dlist *l)
{
   pthread_mutex_lock(&ctx->share->lock);
   dlist_unref_locked(l);
   pthread_mutex_unlock(&ctx->share->lock);
}

/* --- context ---------------------------------------------------------------- */

void
st_dlist_context_init(struct st_context *ctx)
{
   memset(&ctx->dlist, 0, sizeof ctx->dlist);
}

void
st_dlist_context_destroy(struct st_context *ctx)
{
   dlist_free(ctx->dlist.current);
   free(ctx->dlist.save_table);
   memset(&ctx->dlist, 0, sizeof ctx->dlist);
}

st_proc *
st_dlist_current_table(struct st_context *ctx)
{
   return ctx->dlist.current && ctx->dlist.save_table ? ctx->dlist.save_table : ctx->dispatch;
}

st_proc
st_dlist_exec_proc(const struct st_context *ctx, unsigned cmd)
{
   if (cmd >= ST_NUM_COMMANDS)
      return NULL;
   int slot = ctx->st_screen->slots[cmd];
   return slot >= 0 && (unsigned)slot < ctx->dispatch_size ? ctx->dispatch[slot] : NULL;
}

static bool
build_save_table(struct st_context *ctx)
{
   if (ctx->dlist.save_table)
      return true;
   const struct st_screen *sts = ctx->st_screen;
   st_proc *t = malloc(ctx->dispatch_size * sizeof *t);
   bool *implemented = calloc(ctx->dispatch_size, sizeof *implemented);
   if (!t || !implemented) {
      free(t);
      free(implemented);
      return false;
   }
   memcpy(t, ctx->dispatch, ctx->dispatch_size * sizeof *t);
   /* slots whose exec function is an implementation (as st_dispatch_create
    * decides), under any of the slot's names */
   for (unsigned i = 0; i < ST_NUM_COMMANDS; i++) {
      int slot = sts->slots[i];
      if (slot >= 0 && (unsigned)slot < ctx->dispatch_size &&
          (st_dispatch_entries[i].flags & ST_CMD_IMPLEMENTED) && st_dispatch_in_context(ctx, i))
         implemented[slot] = true;
   }
   for (unsigned i = 0; i < st_dlist_num_save_entries; i++) {
      int slot = sts->slots[st_dlist_save_entries[i].cmd];
      /* A command this context does not implement (e.g. the GL 2.0
       * glUniform*v on a GL 1.5 context) keeps its stub: it fails whatever
       * it is given, so it is not compiled and nothing the caller passes
       * (count x 4 floats...) is read; the stub raises its error at once. */
      if (slot >= 0 && (unsigned)slot < ctx->dispatch_size && implemented[slot])
         t[slot] = st_dlist_save_entries[i].fn;
   }
   free(implemented);
   ctx->dlist.save_table = t;
   return true;
}

/* --- recording -------------------------------------------------------------- */

bool
st_dlist_executing(const struct st_context *ctx)
{
   return !ctx->dlist.current || ctx->dlist.mode == GL_COMPILE_AND_EXECUTE;
}

size_t
st_dlist_array_size(uint64_t n, size_t esize)
{
   if (n > (SIZE_MAX / 2) / esize)
      return SIZE_MAX;
   return ST_DLIST_ALIGN(n * esize);
}

static void
record_failed(struct st_context *ctx)
{
   if (!ctx->dlist.out_of_memory) {
      ctx->dlist.out_of_memory = true;
      st_error(ctx, GL_OUT_OF_MEMORY, "display list compilation");
   }
}

void *
st_dlist_record(struct st_context *ctx, st_dlist_replay_fn fn, size_t size)
{
   struct st_dlist *l = ctx->dlist.current;
   if (!l || ctx->dlist.out_of_memory)
      return NULL;   /* after a lost record the list stays a prefix of what was compiled */
   if (size > SIZE_MAX / 4) {
      record_failed(ctx);
      return NULL;
   }
   size_t need = sizeof(struct st_dlist_node) + ST_DLIST_ALIGN(size);
   if (l->size + need > l->capacity) {
      size_t cap = l->capacity ? l->capacity : 256;
      while (cap < l->size + need) {
         if (cap > SIZE_MAX / 4) {
            record_failed(ctx);
            return NULL;
         }
         cap *= 2;
      }
      uint8_t *d = realloc(l->data, cap);
      if (!d) {
         record_failed(ctx);
         return NULL;
      }
      l->data = d;
      l->capacity = cap;
   }
   struct st_dlist_node *node = (struct st_dlist_node *)(void *)(l->data + l->size);
   node->fn = fn;
   node->size = need;
   l->size += need;
   void *args = node + 1;
   memset(args, 0, ST_DLIST_ALIGN(size));
   return args;
}

unsigned
st_dlist_pname_count(enum st_dlist_pname_family family, GLenum pname)
{
   switch (family) {
   case ST_DLIST_PN_TEXPARAMETER:
      switch (pname) {
      case GL_TEXTURE_BORDER_COLOR: case GL_TEXTURE_SWIZZLE_RGBA:
         return 4;
      case GL_TEXTURE_SWIZZLE_R: case GL_TEXTURE_SWIZZLE_G:
      case GL_TEXTURE_SWIZZLE_B: case GL_TEXTURE_SWIZZLE_A:
      case GL_TEXTURE_MIN_FILTER: case GL_TEXTURE_MAG_FILTER:
      case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T: case GL_TEXTURE_WRAP_R:
      case GL_TEXTURE_MIN_LOD: case GL_TEXTURE_MAX_LOD:
      case GL_TEXTURE_BASE_LEVEL: case GL_TEXTURE_MAX_LEVEL:
      case GL_TEXTURE_PRIORITY: case GL_TEXTURE_LOD_BIAS:
      case GL_DEPTH_TEXTURE_MODE: case GL_TEXTURE_COMPARE_MODE:
      case GL_TEXTURE_COMPARE_FUNC: case GL_GENERATE_MIPMAP:
      case GL_TEXTURE_MAX_ANISOTROPY_EXT: case GL_TEXTURE_CUBE_MAP_SEAMLESS:
         return 1;
      }
      return 0;
   case ST_DLIST_PN_TEXENV:
      switch (pname) {
      case GL_TEXTURE_ENV_COLOR:
         return 4;
      case GL_TEXTURE_ENV_MODE: case GL_COMBINE_RGB: case GL_COMBINE_ALPHA:
      case GL_SRC0_RGB: case GL_SRC1_RGB: case GL_SRC2_RGB:
      case GL_SRC0_ALPHA: case GL_SRC1_ALPHA: case GL_SRC2_ALPHA:
      case GL_OPERAND0_RGB: case GL_OPERAND1_RGB: case GL_OPERAND2_RGB:
      case GL_OPERAND0_ALPHA: case GL_OPERAND1_ALPHA: case GL_OPERAND2_ALPHA:
      case GL_SOURCE3_RGB_NV: case GL_SOURCE3_ALPHA_NV:           /* NV_texture_env_combine4 */
      case GL_OPERAND3_RGB_NV: case GL_OPERAND3_ALPHA_NV:
      case GL_RGB_SCALE: case GL_ALPHA_SCALE: case GL_TEXTURE_LOD_BIAS:
      case GL_COORD_REPLACE:
         return 1;
      }
      return 0;
   case ST_DLIST_PN_TEXGEN:
      switch (pname) {
      case GL_TEXTURE_GEN_MODE:
         return 1;
      case GL_OBJECT_PLANE: case GL_EYE_PLANE:
         return 4;
      }
      return 0;
   case ST_DLIST_PN_FOG:
      switch (pname) {
      case GL_FOG_COLOR:
         return 4;
      case GL_FOG_MODE: case GL_FOG_DENSITY: case GL_FOG_START: case GL_FOG_END:
      case GL_FOG_INDEX: case GL_FOG_COORD_SRC: case GL_FOG_DISTANCE_MODE_NV:
         return 1;
      }
      return 0;
   case ST_DLIST_PN_LIGHTMODEL:
      switch (pname) {
      case GL_LIGHT_MODEL_AMBIENT:
         return 4;
      case GL_LIGHT_MODEL_LOCAL_VIEWER: case GL_LIGHT_MODEL_TWO_SIDE:
      case GL_LIGHT_MODEL_COLOR_CONTROL:
         return 1;
      }
      return 0;
   case ST_DLIST_PN_LIGHT:
      switch (pname) {
      case GL_AMBIENT: case GL_DIFFUSE: case GL_SPECULAR: case GL_POSITION:
         return 4;
      case GL_SPOT_DIRECTION:
         return 3;
      case GL_SPOT_EXPONENT: case GL_SPOT_CUTOFF: case GL_CONSTANT_ATTENUATION:
      case GL_LINEAR_ATTENUATION: case GL_QUADRATIC_ATTENUATION:
         return 1;
      }
      return 0;
   case ST_DLIST_PN_MATERIAL:
      switch (pname) {
      case GL_AMBIENT: case GL_DIFFUSE: case GL_SPECULAR: case GL_EMISSION:
      case GL_AMBIENT_AND_DIFFUSE:
         return 4;
      case GL_COLOR_INDEXES:
         return 3;
      case GL_SHININESS:
         return 1;
      }
      return 0;
   case ST_DLIST_PN_POINTPARAMETER:
      switch (pname) {
      case GL_POINT_DISTANCE_ATTENUATION:
         return 3;
      case GL_POINT_SIZE_MIN: case GL_POINT_SIZE_MAX: case GL_POINT_FADE_THRESHOLD_SIZE:
      case GL_POINT_SPRITE_COORD_ORIGIN:
         return 1;
      }
      return 0;
   }
   return 0;
}

bool
st_dlist_is_proxy(GLenum target)
{
   switch (target) {
   case GL_PROXY_TEXTURE_1D:
   case GL_PROXY_TEXTURE_2D:
   case GL_PROXY_TEXTURE_3D:
   case GL_PROXY_TEXTURE_CUBE_MAP:
   case GL_PROXY_TEXTURE_RECTANGLE:
   case GL_PROXY_TEXTURE_1D_ARRAY:
   case GL_PROXY_TEXTURE_2D_ARRAY:
      return true;
   }
   return false;
}

/* --- compiling and calling ---------------------------------------------------- */

void
st_dlist_begin(struct st_context *ctx, GLuint name, GLenum mode)
{
   struct st_dlist *l = calloc(1, sizeof *l);
   if (!l || !build_save_table(ctx)) {
      free(l);
      st_error(ctx, GL_OUT_OF_MEMORY, "glNewList");
      return;
   }
   l->refcount = 1;
   ctx->dlist.current = l;
   ctx->dlist.name = name;
   ctx->dlist.mode = mode;
   ctx->dlist.out_of_memory = false;
   st_route_set_table(ctx->dlist.save_table);
}

void
st_dlist_end(struct st_context *ctx)
{
   struct st_dlist *l = ctx->dlist.current;
   GLuint name = ctx->dlist.name;
   ctx->dlist.current = NULL;
   ctx->dlist.name = 0;
   ctx->dlist.mode = 0;
   st_route_set_table(ctx->dispatch);

   pthread_mutex_lock(&ctx->share->lock);
   struct st_dlist *old = st_names_lookup(&ctx->share->lists, name);
   bool ok = st_names_set(&ctx->share->lists, name, l);
   if (ok)
      dlist_unref_locked(old);
   pthread_mutex_unlock(&ctx->share->lock);
   if (!ok) {
      dlist_free(l);
      st_error(ctx, GL_OUT_OF_MEMORY, "glEndList");
   }
}

/* Runs list 'name' (the budget and nesting checks done by the callers). */
static void
call_one(struct st_context *ctx, GLuint name)
{
   pthread_mutex_lock(&ctx->share->lock);
   struct st_dlist *l = st_names_lookup(&ctx->share->lists, name);
   if (l)
      l->refcount++;
   pthread_mutex_unlock(&ctx->share->lock);
   if (!l)
      return;
   ctx->dlist.depth++;
   for (size_t off = 0; off < l->size;) {
      const struct st_dlist_node *node = (const void *)(l->data + off);
      node->fn(ctx, node + 1);
      off += node->size;
   }
   ctx->dlist.depth--;
   dlist_unref(ctx, l);
}

void
st_dlist_call(struct st_context *ctx, GLuint name)
{
   if (ctx->dlist.depth >= ST_MAX_LIST_NESTING)
      return;
   if (ctx->dlist.depth == 0)
      ctx->dlist.calls_left = ST_MAX_LIST_CALLS;
   else if (ctx->dlist.calls_left == 0)
      return;
   else
      ctx->dlist.calls_left--;
   call_one(ctx, name);
}

void
st_dlist_charge_draw(struct st_context *ctx)
{
   if (ctx->dlist.depth >= 2 && ctx->dlist.calls_left)
      ctx->dlist.calls_left--;
}

void
st_dlist_call_lists(struct st_context *ctx, GLuint base, GLenum type, const void *lists,
                    size_t n)
{
   if (ctx->dlist.depth >= ST_MAX_LIST_NESTING)
      return;
   if (ctx->dlist.depth == 0)
      ctx->dlist.calls_left = ST_MAX_LIST_CALLS;
   for (size_t i = 0; i < n && ctx->dlist.calls_left > 0; i++) {
      ctx->dlist.calls_left--;
      call_one(ctx, base + st_dlist_call_lists_name(type, lists, i));
   }
}

static void
delete_one(struct st_context *ctx, GLuint name)
{
   struct st_dlist *l = st_names_remove(&ctx->share->lists, name);
   dlist_unref_locked(l);
}

struct collect {
   GLuint *names;
   size_t count, capacity;
   bool failed;
};

/* Every used name of a table (objects or not), under its lock. */
static bool
collect_names(struct st_names *t, struct collect *c)
{
   memset(c, 0, sizeof *c);
   pthread_mutex_lock(&t->lock);
   c->capacity = t->count;
   c->names = malloc((c->capacity ? c->capacity : 1) * sizeof *c->names);
   if (c->names) {
      for (size_t i = 0; i < t->capacity && c->count < c->capacity; i++)
         if (t->slots[i].name && !t->slots[i].deleted)
            c->names[c->count++] = t->slots[i].name;
   }
   pthread_mutex_unlock(&t->lock);
   return c->names != NULL;
}

void
st_dlist_delete(struct st_context *ctx, GLuint first, GLsizei range)
{
   uint64_t last = (uint64_t)first + (uint64_t)range - 1;   /* range > 0 */
   if (last > 0xffffffffu)
      last = 0xffffffffu;
   pthread_mutex_lock(&ctx->share->lock);
   if (range <= 4096) {
      for (uint64_t n = first; n <= last; n++)
         if (n)
            delete_one(ctx, (GLuint)n);
   } else {
      struct collect c;
      if (collect_names(&ctx->share->lists, &c)) {
         for (size_t i = 0; i < c.count; i++)
            if (c.names[i] >= first && c.names[i] <= last)
               delete_one(ctx, c.names[i]);
         free(c.names);
      } else {
         st_error(ctx, GL_OUT_OF_MEMORY, "glDeleteLists");
      }
   }
   pthread_mutex_unlock(&ctx->share->lock);
}

/* Names one glGenLists may reserve (each costs a table slot). */
#define ST_DLIST_MAX_GEN_RANGE (1 << 22)

static int
cmp_name(const void *a, const void *b)
{
   GLuint x = *(const GLuint *)a, y = *(const GLuint *)b;
   return x < y ? -1 : x > y;
}

GLuint
st_dlist_gen(struct st_context *ctx, GLsizei range)
{
   struct st_names *t = &ctx->share->lists;
   GLuint result = 0;
   if (range > ST_DLIST_MAX_GEN_RANGE) {
      st_error(ctx, GL_OUT_OF_MEMORY, "glGenLists");
      return 0;
   }
   pthread_mutex_lock(&ctx->share->lock);
   struct collect c;
   if (!collect_names(t, &c)) {
      pthread_mutex_unlock(&ctx->share->lock);
      st_error(ctx, GL_OUT_OF_MEMORY, "glGenLists");
      return 0;
   }
   qsort(c.names, c.count, sizeof *c.names, cmp_name);
   /* the first gap of 'range' unused names after 0 (the list this context
    * compiles counts as used) */
   uint64_t cand = 1;
   for (size_t i = 0; i <= c.count; i++) {
      uint64_t next = i < c.count ? c.names[i] : 0x100000000ull;
      if (cand + (uint64_t)range <= next) {
         bool clash = ctx->dlist.name >= cand && ctx->dlist.name < cand + (uint64_t)range;
         if (!clash) {
            result = (GLuint)cand;
            break;
         }
         cand = (uint64_t)ctx->dlist.name + 1;
         i--;   /* retry the same gap above the compiled name */
         continue;
      }
      if (next + 1 > cand)
         cand = next + 1;
   }
   free(c.names);
   if (result) {
      for (GLsizei k = 0; k < range; k++) {
         if (!st_names_set(t, result + (GLuint)k, NULL)) {
            for (GLsizei j = 0; j < k; j++)
               st_names_remove(t, result + (GLuint)j);
            result = 0;
            st_error(ctx, GL_OUT_OF_MEMORY, "glGenLists");
            break;
         }
      }
   }
   pthread_mutex_unlock(&ctx->share->lock);
   return result;
}

bool
st_dlist_exists(struct st_context *ctx, GLuint name)
{
   return name && st_names_is_used(&ctx->share->lists, name);
}

/* --- hand-written save functions -------------------------------------------------- */

#define SAVE_PROLOGUE(ctx)                     \
   struct st_context *ctx = st_current();      \
   if (!ctx)                                   \
   return

#define EXEC(ctx, type, cmd) ((type)st_dlist_exec_proc(ctx, ST_DLIST_CMD_##cmd))

typedef void (GLAPIENTRY *t_callLists)(GLsizei, GLenum, const void *);
typedef void (GLAPIENTRY *t_bitmap)(GLsizei, GLsizei, GLfloat, GLfloat, GLfloat, GLfloat,
                                    const GLubyte *);
typedef void (GLAPIENTRY *t_stipple)(const GLubyte *);
typedef void (GLAPIENTRY *t_drawPixels)(GLsizei, GLsizei, GLenum, GLenum, const void *);
typedef void (GLAPIENTRY *t_texImage1D)(GLenum, GLint, GLint, GLsizei, GLint, GLenum, GLenum,
                                        const void *);
typedef void (GLAPIENTRY *t_texImage2D)(GLenum, GLint, GLint, GLsizei, GLsizei, GLint, GLenum,
                                        GLenum, const void *);
typedef void (GLAPIENTRY *t_texImage3D)(GLenum, GLint, GLint, GLsizei, GLsizei, GLsizei, GLint,
                                        GLenum, GLenum, const void *);
typedef void (GLAPIENTRY *t_texSubImage1D)(GLenum, GLint, GLint, GLsizei, GLenum, GLenum,
                                           const void *);
typedef void (GLAPIENTRY *t_texSubImage2D)(GLenum, GLint, GLint, GLint, GLsizei, GLsizei, GLenum,
                                           GLenum, const void *);
typedef void (GLAPIENTRY *t_texSubImage3D)(GLenum, GLint, GLint, GLint, GLint, GLsizei, GLsizei,
                                           GLsizei, GLenum, GLenum, const void *);
typedef void (GLAPIENTRY *t_map1d)(GLenum, GLdouble, GLdouble, GLint, GLint, const GLdouble *);
typedef void (GLAPIENTRY *t_map1f)(GLenum, GLfloat, GLfloat, GLint, GLint, const GLfloat *);
typedef void (GLAPIENTRY *t_map2d)(GLenum, GLdouble, GLdouble, GLint, GLint, GLdouble, GLdouble,
                                   GLint, GLint, const GLdouble *);
typedef void (GLAPIENTRY *t_map2f)(GLenum, GLfloat, GLfloat, GLint, GLint, GLfloat, GLfloat,
                                   GLint, GLint, const GLfloat *);
typedef void (GLAPIENTRY *t_enum)(GLenum);
typedef void (GLAPIENTRY *t_void)(void);
typedef void (GLAPIENTRY *t_fv)(const GLfloat *);
typedef void (GLAPIENTRY *t_arrayElement)(GLint);
typedef void (GLAPIENTRY *t_drawArrays)(GLenum, GLint, GLsizei);
typedef void (GLAPIENTRY *t_drawElements)(GLenum, GLsizei, GLenum, const void *);
typedef void (GLAPIENTRY *t_drawRangeElements)(GLenum, GLuint, GLuint, GLsizei, GLenum,
                                               const void *);
typedef void (GLAPIENTRY *t_multiDrawArrays)(GLenum, const GLint *, const GLsizei *, GLsizei);
typedef void (GLAPIENTRY *t_drawElementsBaseVertex)(GLenum, GLsizei, GLenum, const void *, GLint);
typedef void (GLAPIENTRY *t_drawRangeElementsBaseVertex)(GLenum, GLuint, GLuint, GLsizei, GLenum,
                                                         const void *, GLint);
typedef void (GLAPIENTRY *t_multiDrawElementsBaseVertex)(GLenum, const GLsizei *, GLenum,
                                                         const void *const *, GLsizei,
                                                         const GLint *);
typedef void (GLAPIENTRY *t_multiDrawElements)(GLenum, const GLsizei *, GLenum,
                                               const void *const *, GLsizei);

/* glCallLists: the names converted to GLuint offsets (the list base is
 * applied when the list is executed, as glListBase is compiled too). */
struct a_call_lists {
   GLsizei n;
   GLenum type;
   uint8_t has_data;
};

static void
r_call_lists(struct st_context *ctx, const void *p)
{
   const struct a_call_lists *a = p;
   const GLuint *names = (const void *)((const uint8_t *)p + ST_DLIST_ALIGN(sizeof *a));
   t_callLists f = EXEC(ctx, t_callLists, glCallLists);
   if (f)
      f(a->n, a->has_data ? GL_UNSIGNED_INT : a->type, a->has_data ? names : NULL);
}

/* Bytes of one name of a glCallLists type (0: invalid type). */
static unsigned
call_lists_type_size(GLenum type)
{
   switch (type) {
   case GL_BYTE: case GL_UNSIGNED_BYTE: return 1;
   case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_2_BYTES: return 2;
   case GL_3_BYTES: return 3;
   case GL_INT: case GL_UNSIGNED_INT: case GL_FLOAT: case GL_4_BYTES: return 4;
   }
   return 0;
}

GLuint
st_dlist_call_lists_name(GLenum type, const void *lists, size_t i)
{
   const uint8_t *b = lists;   /* byte offsets in size_t: 4 * i overflows int */
   switch (type) {
   case GL_BYTE: return (GLuint)(GLint)(GLbyte)b[i];
   case GL_UNSIGNED_BYTE: return b[i];
   case GL_SHORT: return (GLuint)(GLint)u_load_i16(b + 2 * i);
   case GL_UNSIGNED_SHORT: return u_load_u16(b + 2 * i);
   case GL_INT: return (GLuint)u_load_i32(b + 4 * i);
   case GL_UNSIGNED_INT: return u_load_u32(b + 4 * i);
   case GL_FLOAT: {
      GLfloat f = u_load_f32(b + 4 * i);
      return f >= -2147483648.0f && f < 2147483648.0f ? (GLuint)(GLint)f : 0;
   }
   case GL_2_BYTES: return ((GLuint)b[2 * i] << 8) | b[2 * i + 1];
   case GL_3_BYTES:
      return ((GLuint)b[3 * i] << 16) | ((GLuint)b[3 * i + 1] << 8) | b[3 * i + 2];
   case GL_4_BYTES:
      return ((GLuint)b[4 * i] << 24) | ((GLuint)b[4 * i + 1] << 16) |
             ((GLuint)b[4 * i + 2] << 8) | b[4 * i + 3];
   default: return 0;
   }
}

bool
st_dlist_call_lists_offsets(GLsizei n, GLenum type, const void *lists, GLuint *out)
{
   if (!call_lists_type_size(type))
      return false;
   for (GLsizei i = 0; i < n; i++)
      out[i] = st_dlist_call_lists_name(type, lists, (size_t)i);
   return true;
}

void GLAPIENTRY
st_dlist_save_glCallLists(GLsizei n, GLenum type, const void *lists)
{
   SAVE_PROLOGUE(ctx);
   bool data = n > 0 && lists && call_lists_type_size(type);
   /* names past the call budget can never run: they are not copied */
   GLsizei kept = n > 0 && (GLuint)n > ST_MAX_LIST_CALLS ? (GLsizei)ST_MAX_LIST_CALLS : n;
   size_t size = ST_DLIST_ALIGN(sizeof(struct a_call_lists)) +
                 (data ? st_dlist_array_size((uint64_t)kept, sizeof(GLuint)) : 0);
   struct a_call_lists *a = st_dlist_record(ctx, r_call_lists, size);
   if (a) {
      a->n = kept;
      a->type = type;
      a->has_data = data;
      if (data)
         st_dlist_call_lists_offsets(kept, type, lists,
                                     (GLuint *)(void *)((uint8_t *)a + ST_DLIST_ALIGN(sizeof *a)));
   }
   if (st_dlist_executing(ctx)) {
      t_callLists f = EXEC(ctx, t_callLists, glCallLists);
      if (f)
         f(n, type, lists);
   }
}

/* --- images ------------------------------------------------------------------ */

/* Replays run with this unpack state: rows tightly packed. */
static struct st_pixelstore
plain_unpack(bool swap_bytes, bool lsb_first)
{
   struct st_pixelstore ps;
   memset(&ps, 0, sizeof ps);
   ps.alignment = 1;
   ps.swap_bytes = swap_bytes;
   ps.lsb_first = lsb_first;
   return ps;
}

static const struct st_pixel_features all_features = { true, true, true, true, true,
                                                       true, true, true, true };

/* MSB-first bytes of n 0/1 values. */
static void
pack_bits(const uint8_t *bits, unsigned n, uint8_t *dst)
{
   memset(dst, 0, (n + 7) / 8);
   for (unsigned i = 0; i < n; i++)
      if (bits[i])
         dst[i / 8] |= (uint8_t)(0x80u >> (i % 8));
}

/* One GL_BITMAP row of w bits starting on a byte boundary, repacked MSB
 * first into (w + 7) / 8 bytes, the bits past w cleared. */
static void
copy_bitmap_row(const uint8_t *src, size_t w, bool lsb_first, uint8_t *dst)
{
   size_t n = (w + 7) / 8;
   if (!n)
      return;
   if (lsb_first) {
      for (size_t i = 0; i < n; i++) {
         uint8_t b = src[i];
         b = (uint8_t)((b & 0xf0) >> 4 | (b & 0x0f) << 4);
         b = (uint8_t)((b & 0xcc) >> 2 | (b & 0x33) << 2);
         dst[i] = (uint8_t)((b & 0xaa) >> 1 | (b & 0x55) << 1);
      }
   } else {
      memcpy(dst, src, n);
   }
   if (w % 8)
      dst[n - 1] &= (uint8_t)(0xff00u >> (w % 8));
}

/* Bytes of image a list may hold (one glDrawPixels/glTex*Image/glBitmap):
 * a larger one is GL_OUT_OF_MEMORY at compile time (docs/robustness.md). */
#define ST_DLIST_MAX_IMAGE_BYTES ((size_t)1 << 28)

/*
 * Bytes of the replay-ready copy of a w x h x d image (rows tightly
 * packed; GL_BITMAP rows in whole bytes), computed without overflow;
 * SIZE_MAX when above ST_DLIST_MAX_IMAGE_BYTES.  Sizes are > 0 and
 * format/type valid (image_call_fails() passed).
 */
static size_t
image_copy_bytes(GLenum format, GLenum type, GLsizei w, GLsizei h, GLsizei d, size_t *row)
{
   size_t total;
   *row = type == GL_BITMAP ? ((size_t)w + 7) / 8 : (size_t)w * st_pixel_size(format, type);
   if (u_mul3_ovf_size(*row, (size_t)h, (size_t)d, &total) || total > ST_DLIST_MAX_IMAGE_BYTES)
      return SIZE_MAX;
   return total;
}

/*
 * Copy an image of 'bytes' (image_copy_bytes()) into out: rows tightly
 * packed (GL_BITMAP rows repacked MSB first), elements in client byte
 * order.  false: out of memory.
 */
static bool
copy_image(const struct st_pixelstore *ps, GLenum format, GLenum type, GLsizei w, GLsizei h,
           GLsizei d, unsigned dims, const void *pixels, size_t row, uint8_t *out)
{
   bool bitmap = type == GL_BITMAP;
   uint8_t *bits = bitmap ? malloc((size_t)w) : NULL;
   if (bitmap && !bits)
      return false;
   uint8_t *dst = out;
   /* rows are stride bytes apart (bits for GL_BITMAP); the image's size
    * was checked, so nothing here overflows */
   size_t stride = st_pixel_row_stride(ps, format, type, w) * (bitmap ? 8 : 1);
   for (GLsizei img = 0; img < d; img++) {
      size_t first = st_pixel_offset(ps, format, type, w, h, dims, 0, 0, img);
      if (!bitmap && stride == row) {
         /* rows tightly packed already: the image in one copy */
         memcpy(dst, (const uint8_t *)pixels + first, row * (size_t)h);
         dst += row * (size_t)h;
         continue;
      }
      for (GLsizei r = 0; r < h; r++) {
         size_t off = first + stride * (size_t)r;
         if (bitmap && off % 8 == 0) {
            /* rows on a byte boundary (the usual case): a byte at a time,
             * so the copy costs its bytes, not its bits */
            copy_bitmap_row((const uint8_t *)pixels + off / 8, (size_t)w, ps->lsb_first, dst);
         } else if (bitmap) {
            st_unpack_bitmap((const uint8_t *)pixels + off / 8, (unsigned)w, bits,
                             ps->lsb_first, (unsigned)(off % 8));
            pack_bits(bits, (unsigned)w, dst);
         } else {
            memcpy(dst, (const uint8_t *)pixels + off, row);
         }
         dst += row;
      }
   }
   free(bits);
   return true;
}

/* Client memory a pixel command reads: with a pixel unpack buffer bound,
 * pixels is an offset into it (NULL when the buffer is mapped or the offset
 * is outside it: the command fails, and is recorded without data). */
static const void *
unpack_source(struct st_context *ctx, const void *pixels, size_t needed)
{
   const struct st_buffer *b = st_pixel_buffer(ctx, false);
   if (!b)
      return pixels;
   uintptr_t off = (uintptr_t)pixels;
   if (b->mapped || off > b->size || needed > b->size - off)
      return NULL;
   return b->data + off;
}

const void *
st_dlist_unpack_ptr(struct st_context *ctx, const void *ptr, uint64_t n, size_t esize)
{
   if (n > SIZE_MAX / esize)
      return NULL;
   if (!st_pixel_buffer(ctx, false))
      return ptr;
   return unpack_source(ctx, ptr, (size_t)n * esize);
}

struct st_buffer *
st_dlist_unbind_unpack(struct st_context *ctx)
{
   struct st_buffer *b = ctx->draw->unpack_buffer;
   ctx->draw->unpack_buffer = NULL;
   return b;
}

void
st_dlist_rebind_unpack(struct st_context *ctx, struct st_buffer *b)
{
   ctx->draw->unpack_buffer = b;
}

/* Arguments of the pixel commands: ints in the command's order. */
struct a_pixels {
   GLint v[10];
   GLenum format, type;
   uint8_t swap_bytes, lsb_first, has_data;
};

static const void *
pixel_data(const struct a_pixels *a)
{
   return a->has_data ? (const uint8_t *)a + ST_DLIST_ALIGN(sizeof *a) : NULL;
}

/* A pixel command's arguments as the image save functions see them. */
struct image_call {
   unsigned dims;             /* dimensions of the image in client memory */
   bool tex, sub;             /* glTexImage*D / glTexSubImage*D */
   GLenum target;
   GLint level, border;
   GLint internal_format;     /* glTexImage*D (not compressed: checked there) */
   bool compressed;           /* glCompressedTex(Sub)Image*D */
   GLint offset[3];
   GLsizei size[3];           /* 1 in unused dimensions */
   GLenum format, type;
};

/*
 * Does the call fail whatever the state is when it executes (at glCallList
 * or, with GL_COMPILE_AND_EXECUTE, right after)?  The one check of all
 * image save functions, made before anything is read: such a call is
 * recorded without its image (client memory is not touched; a size or
 * offset the command rejects says nothing about the caller's buffer), and
 * replaying it raises the command's own error.  Checks that depend on
 * state (the bound texture's size and format, a mapped buffer) are left to
 * execution: for them the image a valid call would read is copied.
 */
static bool
image_call_fails(struct st_context *ctx, const struct image_call *c)
{
   for (unsigned i = 0; i < 3; i++)
      if (c->size[i] < 0)
         return true;
   if (st_pixel_check(&all_features, c->format, c->type) != GL_NO_ERROR)
      return true;
   if (!c->tex)
      return false;
   unsigned levels;
   GLint max[3];
   if (!st_tex_image_limits(ctx, c->dims, c->target, &levels, max) || c->level < 0 ||
       (unsigned)c->level >= levels)
      return true;
   if (!c->sub && c->border != 0 && c->border != 1)
      return true;
   if (!c->sub && !c->compressed && !st_tex_internal_format_ok(ctx, (GLenum)c->internal_format))
      return true;
   /* any image of the target is at most max + 2 borders wide, borders
    * being at most 1: in 64 bits, as offset + size may exceed INT_MAX */
   for (unsigned i = 0; i < c->dims; i++) {
      int64_t extent = (int64_t)max[i] + 2;
      if (c->sub ? c->offset[i] < -1 || (int64_t)c->offset[i] + c->size[i] > extent - 1
                 : c->size[i] > extent)
         return true;
   }
   return false;
}

bool
st_dlist_compressed_fails(struct st_context *ctx, unsigned dims, bool sub, GLenum target,
                          GLint level, GLenum format, GLint x, GLint y, GLint z, GLsizei w,
                          GLsizei h, GLsizei d, GLint border, GLsizei image_size)
{
   struct image_call c = { .dims = dims, .tex = true, .sub = sub, .compressed = true,
                           .target = target, .level = level, .border = border,
                           .offset = { x, y, z },
                           .size = { w, h, d }, .format = GL_RGBA, .type = GL_UNSIGNED_BYTE };
   if (image_size < 0 || border != 0 || !st_tex_format_is_compressed(format) ||
       image_call_fails(ctx, &c))
      return true;
   GLenum t = target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z
                 ? GL_TEXTURE_CUBE_MAP : target;
   enum pipe_format pf = st_tex_choose_format(ctx, format, t);
   if (pf == PIPE_FORMAT_NONE)
      return false;   /* left to the command */
   /* the command's size rule (whole blocks), in 64 bits */
   const struct util_format_description *desc = util_format_description(pf);
   uint64_t bw = desc->block_width, bh = desc->block_height;
   uint64_t size = ((uint64_t)w + bw - 1) / bw * (((uint64_t)h + bh - 1) / bh) *
                   desc->block_bytes * (uint64_t)(dims == 3 ? d : 1);
   return size != (uint64_t)image_size;
}

bool
st_dlist_pixel_map_fails(GLenum map, GLsizei mapsize)
{
   if (map < GL_PIXEL_MAP_I_TO_I || map > GL_PIXEL_MAP_A_TO_A || mapsize < 1 ||
       mapsize > ST_MAX_PIXEL_MAP)
      return true;
   /* the index maps (I_TO_*, S_TO_S) have power-of-two sizes */
   return map <= GL_PIXEL_MAP_I_TO_A && (mapsize & (mapsize - 1)) != 0;
}

/* Record a pixel command (v: its int arguments, replayed by fn); the image
 * is copied when the call can succeed. */
static void
save_pixels(struct st_context *ctx, st_dlist_replay_fn fn, const GLint *v, unsigned nv,
            const struct image_call *c, const void *pixels)
{
   const struct st_pixelstore *ps = &ctx->pixelstore.unpack;
   GLsizei w = c->size[0], h = c->size[1], d = c->size[2];
   size_t bytes = 0, row = 0;
   const void *src = NULL;
   if (ctx->dlist.current && w > 0 && h > 0 && d > 0 && !image_call_fails(ctx, c)) {
      bytes = image_copy_bytes(c->format, c->type, w, h, d, &row);
      if (bytes == SIZE_MAX) {
         record_failed(ctx);
         return;
      }
      src = unpack_source(ctx, pixels,
                          st_unpack_image_size(ps, c->format, c->type, w, h, d, c->dims));
      if (!src)
         bytes = 0;
   }
   struct a_pixels *a = st_dlist_record(ctx, fn, ST_DLIST_ALIGN(sizeof *a) + ST_DLIST_ALIGN(bytes));
   if (!a)
      return;
   memcpy(a->v, v, nv * sizeof *v);
   a->format = c->format;
   a->type = c->type;
   a->swap_bytes = ps->swap_bytes;
   a->lsb_first = c->type == GL_BITMAP ? false : ps->lsb_first;
   a->has_data = bytes != 0;
   if (bytes && !copy_image(ps, c->format, c->type, w, h, d, c->dims, src, row,
                            (uint8_t *)a + ST_DLIST_ALIGN(sizeof *a))) {
      a->has_data = 0;
      record_failed(ctx);
   }
}

/* Run 'call' with a plain unpack state and no pixel unpack buffer (the
 * recorded pointer is client memory). */
#define WITH_PLAIN_UNPACK(ctx, swap, lsb, call)                         \
   do {                                                                 \
      struct st_pixelstore saved_ = (ctx)->pixelstore.unpack;           \
      struct st_buffer *saved_buf_ = (ctx)->draw->unpack_buffer;        \
      (ctx)->pixelstore.unpack = plain_unpack((swap), (lsb));           \
      (ctx)->draw->unpack_buffer = NULL;                                \
      call;                                                             \
      (ctx)->pixelstore.unpack = saved_;                                \
      (ctx)->draw->unpack_buffer = saved_buf_;                          \
   } while (0)

static void
r_draw_pixels(struct st_context *ctx, const void *p)
{
   const struct a_pixels *a = p;
   t_drawPixels f = EXEC(ctx, t_drawPixels, glDrawPixels);
   if (f)
      WITH_PLAIN_UNPACK(ctx, a->swap_bytes, a->lsb_first,
                        f(a->v[0], a->v[1], a->format, a->type, pixel_data(a)));
}

void GLAPIENTRY
st_dlist_save_glDrawPixels(GLsizei width, GLsizei height, GLenum format, GLenum type,
                           const void *pixels)
{
   SAVE_PROLOGUE(ctx);
   GLint v[2] = { width, height };
   struct image_call c = { .dims = 2, .size = { width, height, 1 }, .format = format,
                           .type = type };
   save_pixels(ctx, r_draw_pixels, v, 2, &c, pixels);
   if (st_dlist_executing(ctx)) {
      t_drawPixels f = EXEC(ctx, t_drawPixels, glDrawPixels);
      if (f)
         f(width, height, format, type, pixels);
   }
}

static void
r_tex_image_1d(struct st_context *ctx, const void *p)
{
   const struct a_pixels *a = p;
   t_texImage1D f = EXEC(ctx, t_texImage1D, glTexImage1D);
   if (f)
      WITH_PLAIN_UNPACK(ctx, a->swap_bytes, a->lsb_first,
                        f((GLenum)a->v[0], a->v[1], a->v[2], a->v[3], a->v[4], a->format,
                          a->type, pixel_data(a)));
}

void GLAPIENTRY
st_dlist_save_glTexImage1D(GLenum target, GLint level, GLint internalformat, GLsizei width,
                           GLint border, GLenum format, GLenum type, const void *pixels)
{
   SAVE_PROLOGUE(ctx);
   if (!st_dlist_is_proxy(target)) {
      GLint v[5] = { (GLint)target, level, internalformat, width, border };
      struct image_call c = { .dims = 1, .tex = true, .target = target, .level = level,
                              .border = border, .internal_format = internalformat,
                              .size = { width, 1, 1 }, .format = format, .type = type };
      save_pixels(ctx, r_tex_image_1d, v, 5, &c, pixels);
   }
   if (st_dlist_executing(ctx) || st_dlist_is_proxy(target)) {
      t_texImage1D f = EXEC(ctx, t_texImage1D, glTexImage1D);
      if (f)
         f(target, level, internalformat, width, border, format, type, pixels);
   }
}

static void
r_tex_image_2d(struct st_context *ctx, const void *p)
{
   const struct a_pixels *a = p;
   t_texImage2D f = EXEC(ctx, t_texImage2D, glTexImage2D);
   if (f)
      WITH_PLAIN_UNPACK(ctx, a->swap_bytes, a->lsb_first,
                        f((GLenum)a->v[0], a->v[1], a->v[2], a->v[3], a->v[4], a->v[5],
                          a->format, a->type, pixel_data(a)));
}

void GLAPIENTRY
st_dlist_save_glTexImage2D(GLenum target, GLint level, GLint internalformat, GLsizei width,
                           GLsizei height, GLint border, GLenum format, GLenum type,
                           const void *pixels)
{
   SAVE_PROLOGUE(ctx);
   if (!st_dlist_is_proxy(target)) {
      GLint v[6] = { (GLint)target, level, internalformat, width, height, border };
      struct image_call c = { .dims = 2, .tex = true, .target = target, .level = level,
                              .border = border, .internal_format = internalformat,
                              .size = { width, height, 1 }, .format = format, .type = type };
      save_pixels(ctx, r_tex_image_2d, v, 6, &c, pixels);
   }
   if (st_dlist_executing(ctx) || st_dlist_is_proxy(target)) {
      t_texImage2D f = EXEC(ctx, t_texImage2D, glTexImage2D);
      if (f)
         f(target, level, internalformat, width, height, border, format, type, pixels);
   }
}

static void
r_tex_image_3d(struct st_context *ctx, const void *p)
{
   const struct a_pixels *a = p;
   t_texImage3D f = EXEC(ctx, t_texImage3D, glTexImage3D);
   if (f)
      WITH_PLAIN_UNPACK(ctx, a->swap_bytes, a->lsb_first,
                        f((GLenum)a->v[0], a->v[1], a->v[2], a->v[3], a->v[4], a->v[5],
                          a->v[6], a->format, a->type, pixel_data(a)));
}

void GLAPIENTRY
st_dlist_save_glTexImage3D(GLenum target, GLint level, GLint internalformat, GLsizei width,
                           GLsizei height, GLsizei depth, GLint border, GLenum format,
                           GLenum type, const void *pixels)
{
   SAVE_PROLOGUE(ctx);
   if (!st_dlist_is_proxy(target)) {
      GLint v[7] = { (GLint)target, level, internalformat, width, height, depth, border };
      struct image_call c = { .dims = 3, .tex = true, .target = target, .level = level,
                              .border = border, .internal_format = internalformat,
                              .size = { width, height, depth }, .format = format, .type = type };
      save_pixels(ctx, r_tex_image_3d, v, 7, &c, pixels);
   }
   if (st_dlist_executing(ctx) || st_dlist_is_proxy(target)) {
      t_texImage3D f = EXEC(ctx, t_texImage3D, glTexImage3D);
      if (f)
         f(target, level, internalformat, width, height, depth, border, format, type, pixels);
   }
}

static void
r_tex_sub_image_1d(struct st_context *ctx, const void *p)
{
   const struct a_pixels *a = p;
   t_texSubImage1D f = EXEC(ctx, t_texSubImage1D, glTexSubImage1D);
   if (f)
      WITH_PLAIN_UNPACK(ctx, a->swap_bytes, a->lsb_first,
                        f((GLenum)a->v[0], a->v[1], a->v[2], a->v[3], a->format, a->type,
                          pixel_data(a)));
}

void GLAPIENTRY
st_dlist_save_glTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLsizei width,
                              GLenum format, GLenum type, const void *pixels)
{
   SAVE_PROLOGUE(ctx);
   GLint v[4] = { (GLint)target, level, xoffset, width };
   struct image_call c = { .dims = 1, .tex = true, .sub = true, .target = target,
                           .level = level, .offset = { xoffset, 0, 0 }, .size = { width, 1, 1 },
                           .format = format, .type = type };
   save_pixels(ctx, r_tex_sub_image_1d, v, 4, &c, pixels);
   if (st_dlist_executing(ctx)) {
      t_texSubImage1D f = EXEC(ctx, t_texSubImage1D, glTexSubImage1D);
      if (f)
         f(target, level, xoffset, width, format, type, pixels);
   }
}

static void
r_tex_sub_image_2d(struct st_context *ctx, const void *p)
{
   const struct a_pixels *a = p;
   t_texSubImage2D f = EXEC(ctx, t_texSubImage2D, glTexSubImage2D);
   if (f)
      WITH_PLAIN_UNPACK(ctx, a->swap_bytes, a->lsb_first,
                        f((GLenum)a->v[0], a->v[1], a->v[2], a->v[3], a->v[4], a->v[5],
                          a->format, a->type, pixel_data(a)));
}

void GLAPIENTRY
st_dlist_save_glTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                              GLsizei width, GLsizei height, GLenum format, GLenum type,
                              const void *pixels)
{
   SAVE_PROLOGUE(ctx);
   GLint v[6] = { (GLint)target, level, xoffset, yoffset, width, height };
   struct image_call c = { .dims = 2, .tex = true, .sub = true, .target = target,
                           .level = level, .offset = { xoffset, yoffset, 0 },
                           .size = { width, height, 1 }, .format = format, .type = type };
   save_pixels(ctx, r_tex_sub_image_2d, v, 6, &c, pixels);
   if (st_dlist_executing(ctx)) {
      t_texSubImage2D f = EXEC(ctx, t_texSubImage2D, glTexSubImage2D);
      if (f)
         f(target, level, xoffset, yoffset, width, height, format, type, pixels);
   }
}

static void
r_tex_sub_image_3d(struct st_context *ctx, const void *p)
{
   const struct a_pixels *a = p;
   t_texSubImage3D f = EXEC(ctx, t_texSubImage3D, glTexSubImage3D);
   if (f)
      WITH_PLAIN_UNPACK(ctx, a->swap_bytes, a->lsb_first,
                        f((GLenum)a->v[0], a->v[1], a->v[2], a->v[3], a->v[4], a->v[5],
                          a->v[6], a->v[7], a->format, a->type, pixel_data(a)));
}

void GLAPIENTRY
st_dlist_save_glTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                              GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
                              GLenum format, GLenum type, const void *pixels)
{
   SAVE_PROLOGUE(ctx);
   GLint v[8] = { (GLint)target, level, xoffset, yoffset, zoffset, width, height, depth };
   struct image_call c = { .dims = 3, .tex = true, .sub = true, .target = target,
                           .level = level, .offset = { xoffset, yoffset, zoffset },
                           .size = { width, height, depth }, .format = format, .type = type };
   save_pixels(ctx, r_tex_sub_image_3d, v, 8, &c, pixels);
   if (st_dlist_executing(ctx)) {
      t_texSubImage3D f = EXEC(ctx, t_texSubImage3D, glTexSubImage3D);
      if (f)
         f(target, level, xoffset, yoffset, zoffset, width, height, depth, format, type, pixels);
   }
}

/* glBitmap: the bitmap as MSB-first rows of whole bytes. */
struct a_bitmap {
   GLsizei w, h;
   GLfloat xorig, yorig, xmove, ymove;
   uint8_t has_data;
};

static void
r_bitmap(struct st_context *ctx, const void *p)
{
   const struct a_bitmap *a = p;
   t_bitmap f = EXEC(ctx, t_bitmap, glBitmap);
   const GLubyte *bits = a->has_data ? (const GLubyte *)a + ST_DLIST_ALIGN(sizeof *a) : NULL;
   if (f)
      WITH_PLAIN_UNPACK(ctx, false, false,
                        f(a->w, a->h, a->xorig, a->yorig, a->xmove, a->ymove, bits));
}

void GLAPIENTRY
st_dlist_save_glBitmap(GLsizei width, GLsizei height, GLfloat xorig, GLfloat yorig,
                       GLfloat xmove, GLfloat ymove, const GLubyte *bitmap)
{
   SAVE_PROLOGUE(ctx);
   const struct st_pixelstore *ps = &ctx->pixelstore.unpack;
   struct image_call c = { .dims = 2, .size = { width, height, 1 }, .format = GL_COLOR_INDEX,
                           .type = GL_BITMAP };
   size_t bytes = 0, row = 0;
   const void *src = NULL;
   bool lost = false;
   if (ctx->dlist.current && width > 0 && height > 0 && !image_call_fails(ctx, &c)) {
      bytes = image_copy_bytes(GL_COLOR_INDEX, GL_BITMAP, width, height, 1, &row);
      lost = bytes == SIZE_MAX;
      if (!lost)
         src = unpack_source(ctx, bitmap, st_unpack_image_size(ps, GL_COLOR_INDEX, GL_BITMAP,
                                                              width, height, 1, 2));
      if (!src)
         bytes = 0;
   }
   struct a_bitmap *a = lost ? NULL : st_dlist_record(ctx, r_bitmap, ST_DLIST_ALIGN(sizeof *a) +
                                                                     ST_DLIST_ALIGN(bytes));
   if (lost)
      record_failed(ctx);
   if (a) {
      a->w = width;
      a->h = height;
      a->xorig = xorig;
      a->yorig = yorig;
      a->xmove = xmove;
      a->ymove = ymove;
      a->has_data = bytes != 0;
      if (bytes && !copy_image(ps, GL_COLOR_INDEX, GL_BITMAP, width, height, 1, 2, src, row,
                               (uint8_t *)a + ST_DLIST_ALIGN(sizeof *a))) {
         a->has_data = 0;
         record_failed(ctx);
      }
   }
   if (st_dlist_executing(ctx)) {
      t_bitmap f = EXEC(ctx, t_bitmap, glBitmap);
      if (f)
         f(width, height, xorig, yorig, xmove, ymove, bitmap);
   }
}

/* glPolygonStipple: 32 rows of 4 MSB-first bytes. */
struct a_stipple {
   uint8_t has_data;
   uint8_t mask[128];
};

static void
r_stipple(struct st_context *ctx, const void *p)
{
   const struct a_stipple *a = p;
   t_stipple f = EXEC(ctx, t_stipple, glPolygonStipple);
   if (f)
      WITH_PLAIN_UNPACK(ctx, false, false, f(a->has_data ? a->mask : NULL));
}

void GLAPIENTRY
st_dlist_save_glPolygonStipple(const GLubyte *mask)
{
   SAVE_PROLOGUE(ctx);
   struct a_stipple *a = st_dlist_record(ctx, r_stipple, sizeof *a);
   const GLubyte *src = a ? unpack_source(ctx, mask, st_unpack_image_size(&ctx->pixelstore.unpack,
                                                                          GL_COLOR_INDEX, GL_BITMAP,
                                                                          32, 32, 1, 2)) : NULL;
   if (a && src) {
      uint32_t rows[32];
      st_unpack_polygon_stipple(&ctx->pixelstore.unpack, src, rows);
      for (unsigned y = 0; y < 32; y++)
         for (unsigned b = 0; b < 4; b++)
            a->mask[y * 4 + b] = (uint8_t)(rows[y] >> (24 - 8 * b));
      a->has_data = 1;
   }
   if (st_dlist_executing(ctx)) {
      t_stipple f = EXEC(ctx, t_stipple, glPolygonStipple);
      if (f)
         f(mask);
   }
}

/* --- evaluator maps ------------------------------------------------------------ */

/* Control points stored tightly as doubles (vstride k, ustride k * vorder). */
struct a_map {
   GLenum target;
   GLdouble u1, u2, v1, v2;
   GLint ustride, uorder, vstride, vorder;
   uint32_t k;                /* components per point (with has_data) */
   uint8_t has_data, is_float, two_d;
};

static void
r_map(struct st_context *ctx, const void *p)
{
   const struct a_map *a = p;
   const GLdouble *pts = a->has_data ? (const void *)((const uint8_t *)a + ST_DLIST_ALIGN(sizeof *a)) : NULL;
   size_t n = a->has_data ? (size_t)a->uorder * (size_t)(a->two_d ? a->vorder : 1) * a->k : 0;
   if (a->is_float) {
      GLfloat *fp = n ? malloc(n * sizeof *fp) : NULL;
      if (n && !fp) {
         st_error(ctx, GL_OUT_OF_MEMORY, a->two_d ? "glMap2f" : "glMap1f");
         return;
      }
      for (size_t i = 0; i < n; i++)
         fp[i] = (GLfloat)pts[i];
      if (a->two_d) {
         t_map2f f = EXEC(ctx, t_map2f, glMap2f);
         if (f)
            f(a->target, (GLfloat)a->u1, (GLfloat)a->u2, a->ustride, a->uorder, (GLfloat)a->v1,
              (GLfloat)a->v2, a->vstride, a->vorder, fp);
      } else {
         t_map1f f = EXEC(ctx, t_map1f, glMap1f);
         if (f)
            f(a->target, (GLfloat)a->u1, (GLfloat)a->u2, a->ustride, a->uorder, fp);
      }
      free(fp);
   } else if (a->two_d) {
      t_map2d f = EXEC(ctx, t_map2d, glMap2d);
      if (f)
         f(a->target, a->u1, a->u2, a->ustride, a->uorder, a->v1, a->v2, a->vstride, a->vorder,
           pts);
   } else {
      t_map1d f = EXEC(ctx, t_map1d, glMap1d);
      if (f)
         f(a->target, a->u1, a->u2, a->ustride, a->uorder, pts);
   }
}

static void
save_map(struct st_context *ctx, GLenum target, GLdouble u1, GLdouble u2, GLint ustride,
         GLint uorder, GLdouble v1, GLdouble v2, GLint vstride, GLint vorder, bool two_d,
         const GLfloat *pf, const GLdouble *pd)
{
   /* Control points are read only for arguments the command accepts (the
    * exec path's own check): an order or stride the command rejects says
    * nothing about the caller's array.  Otherwise the record has no points
    * and replaying it raises the error. */
   unsigned k = 0;
   bool data = (pf || pd) &&
               st_eval_map_check(two_d ? 2 : 1, target, u1, u2, ustride, uorder, v1, v2,
                                 vstride, vorder, &k) == GL_NO_ERROR;
   if (!two_d) {
      vorder = 1;
      vstride = (GLint)k;
   }
   size_t n = data ? (size_t)uorder * (size_t)vorder * k : 0;
   struct a_map *a = st_dlist_record(ctx, r_map, ST_DLIST_ALIGN(sizeof *a) + n * sizeof(GLdouble));
   if (!a)
      return;
   a->target = target;
   a->u1 = u1;
   a->u2 = u2;
   a->v1 = v1;
   a->v2 = v2;
   a->uorder = uorder;
   a->vorder = vorder;
   a->ustride = data ? (GLint)(k * (unsigned)vorder) : ustride;
   a->vstride = data ? (GLint)k : vstride;
   a->k = data ? k : 0;
   a->has_data = data;
   a->is_float = pf != NULL;
   a->two_d = two_d;
   GLdouble *dst = (GLdouble *)(void *)((uint8_t *)a + ST_DLIST_ALIGN(sizeof *a));
   for (GLint i = 0; data && i < uorder; i++)
      for (GLint j = 0; j < vorder; j++)
         for (unsigned c = 0; c < k; c++) {
            size_t src = (size_t)i * (size_t)ustride + (size_t)j * (size_t)vstride + c;
            *dst++ = pf ? (GLdouble)u_load_f32(pf + src) : u_load_f64(pd + src);
         }
}

void GLAPIENTRY
st_dlist_save_glMap1d(GLenum target, GLdouble u1, GLdouble u2, GLint stride, GLint order,
                      const GLdouble *points)
{
   SAVE_PROLOGUE(ctx);
   save_map(ctx, target, u1, u2, stride, order, 0, 1, 0, 1, false, NULL, points);
   if (st_dlist_executing(ctx)) {
      t_map1d f = EXEC(ctx, t_map1d, glMap1d);
      if (f)
         f(target, u1, u2, stride, order, points);
   }
}

void GLAPIENTRY
st_dlist_save_glMap1f(GLenum target, GLfloat u1, GLfloat u2, GLint stride, GLint order,
                      const GLfloat *points)
{
   SAVE_PROLOGUE(ctx);
   save_map(ctx, target, u1, u2, stride, order, 0, 1, 0, 1, false, points ? points : NULL, NULL);
   if (st_dlist_executing(ctx)) {
      t_map1f f = EXEC(ctx, t_map1f, glMap1f);
      if (f)
         f(target, u1, u2, stride, order, points);
   }
}

void GLAPIENTRY
st_dlist_save_glMap2d(GLenum target, GLdouble u1, GLdouble u2, GLint ustride, GLint uorder,
                      GLdouble v1, GLdouble v2, GLint vstride, GLint vorder,
                      const GLdouble *points)
{
   SAVE_PROLOGUE(ctx);
   save_map(ctx, target, u1, u2, ustride, uorder, v1, v2, vstride, vorder, true, NULL, points);
   if (st_dlist_executing(ctx)) {
      t_map2d f = EXEC(ctx, t_map2d, glMap2d);
      if (f)
         f(target, u1, u2, ustride, uorder, v1, v2, vstride, vorder, points);
   }
}

void GLAPIENTRY
st_dlist_save_glMap2f(GLenum target, GLfloat u1, GLfloat u2, GLint ustride, GLint uorder,
                      GLfloat v1, GLfloat v2, GLint vstride, GLint vorder, const GLfloat *points)
{
   SAVE_PROLOGUE(ctx);
   save_map(ctx, target, u1, u2, ustride, uorder, v1, v2, vstride, vorder, true, points, NULL);
   if (st_dlist_executing(ctx)) {
      t_map2f f = EXEC(ctx, t_map2f, glMap2f);
      if (f)
         f(target, u1, u2, ustride, uorder, v1, v2, vstride, vorder, points);
   }
}

/* --- client-array draws -------------------------------------------------------- */

/*
 * Array draws are dereferenced at compile time (GL 2.1 section 5.4) into
 * immediate-mode vertices: per vertex, the attributes of the enabled
 * arrays, then the position.  mode NO_PRIM: no glBegin/glEnd
 * (glArrayElement); GL_NONE cannot mark that, it is GL_POINTS' value.
 */
#define NO_PRIM 0xffffffffu

struct a_vertices {
   GLenum mode;
   uint32_t enabled;          /* bit per st_vattr */
   struct st_vattr_ints ints; /* attributes recorded as integers (glVertexAttribIPointer) */
   uint64_t count;
};

typedef void (GLAPIENTRY *t_edgeFlag)(GLboolean);
typedef void (GLAPIENTRY *t_multiTexCoord4fv)(GLenum, const GLfloat *);
typedef void (GLAPIENTRY *t_vertexAttrib4fv)(GLuint, const GLfloat *);
typedef void (GLAPIENTRY *t_vertexAttribI4iv)(GLuint, const GLint *);
typedef void (GLAPIENTRY *t_vertexAttribI4uiv)(GLuint, const GLuint *);

static void
replay_vertex(struct st_context *ctx, uint32_t enabled, const struct st_vattr_ints *ints,
              const struct st_vertex *v)
{
   for (unsigned a = 0; a < ST_VATTR_COUNT; a++) {
      if (a == ST_VATTR_POS || !(enabled & (1u << a)))
         continue;
      t_fv f = NULL;
      switch (a) {
      case ST_VATTR_COLOR: f = EXEC(ctx, t_fv, glColor4fv); break;
      case ST_VATTR_NORMAL: f = EXEC(ctx, t_fv, glNormal3fv); break;
      case ST_VATTR_COLOR1: f = EXEC(ctx, t_fv, glSecondaryColor3fv); break;
      case ST_VATTR_FOG: f = EXEC(ctx, t_fv, glFogCoordfv); break;
      case ST_VATTR_EDGEFLAG: {
         t_edgeFlag e = EXEC(ctx, t_edgeFlag, glEdgeFlag);
         if (e)
            e(v->attr[a][0] != 0.0f);
         break;
      }
      default:
         if (a >= ST_VATTR_TEX0 && a <= ST_VATTR_TEX_LAST) {
            t_multiTexCoord4fv m = EXEC(ctx, t_multiTexCoord4fv, glMultiTexCoord4fv);
            if (m)
               m(GL_TEXTURE0 + (a - ST_VATTR_TEX0), v->attr[a]);
         } else if (a > ST_VATTR_GENERIC0 && a <= ST_VATTR_GENERIC_LAST &&
                    ((ints->sint | ints->uint) & (1u << a))) {
            /* an integer array's values, as the integers they are */
            GLuint w[4];
            memcpy(w, v->attr[a], sizeof w);
            if (ints->uint & (1u << a)) {
               t_vertexAttribI4uiv g = EXEC(ctx, t_vertexAttribI4uiv, glVertexAttribI4uiv);
               if (g)
                  g(a - ST_VATTR_GENERIC0, w);
            } else {
               t_vertexAttribI4iv g = EXEC(ctx, t_vertexAttribI4iv, glVertexAttribI4iv);
               if (g)
                  g(a - ST_VATTR_GENERIC0, (const GLint *)w);
            }
         } else if (a > ST_VATTR_GENERIC0 && a <= ST_VATTR_GENERIC_LAST) {
            t_vertexAttrib4fv g = EXEC(ctx, t_vertexAttrib4fv, glVertexAttrib4fv);
            if (g)
               g(a - ST_VATTR_GENERIC0, v->attr[a]);
         }
         break;
      }
      if (f)
         f(v->attr[a]);
   }
   t_fv vert = EXEC(ctx, t_fv, glVertex4fv);
   const uint32_t pos = 1u << ST_VATTR_POS;
   if (vert && (enabled & pos) && ((ints->sint | ints->uint) & pos)) {
      /* an integer generic array 0: a vertex position is floats */
      float p[4];
      st_ints_to_float(v->attr[ST_VATTR_POS], (ints->uint & pos) != 0, p);
      vert(p);
   } else if (vert && (enabled & pos)) {
      vert(v->attr[ST_VATTR_POS]);
   }
}

static void
r_vertices(struct st_context *ctx, const void *p)
{
   const struct a_vertices *a = p;
   const struct st_vertex *v = (const void *)((const uint8_t *)a + ST_DLIST_ALIGN(sizeof *a));
   if (a->mode != NO_PRIM && ctx->inside_begin_end) {
      /* an array draw between glBegin and glEnd (the list was called there) */
      st_error(ctx, GL_INVALID_OPERATION, "glDrawArrays/glDrawElements in a display list");
      return;
   }
   if (!a->count)
      return;
   if (a->mode != NO_PRIM) {
      t_enum begin = EXEC(ctx, t_enum, glBegin);
      if (begin)
         begin(a->mode);
   }
   for (uint64_t i = 0; i < a->count; i++)
      replay_vertex(ctx, a->enabled, &a->ints, &v[i]);
   if (a->mode != NO_PRIM) {
      t_void end = EXEC(ctx, t_void, glEnd);
      if (end)
         end();
   }
}

/* Bit per st_vattr of the vertices a draw records; generic attribute 0's
 * array gives the positions (st_array.c), recorded as ST_VATTR_POS. */
static uint32_t
enabled_arrays(struct st_context *ctx)
{
   _Static_assert(ST_VATTR_COUNT <= 32, "st_vattr bits in a uint32_t");
   uint32_t m = 0;
   for (unsigned a = 0; a < ST_VATTR_COUNT; a++)
      if (ctx->draw->vao->array[a].enabled)
         m |= 1u << (a == ST_VATTR_GENERIC0 ? ST_VATTR_POS : a);
   return m;
}

/* Index i of an element list, or fetch position i directly (indices NULL). */
static uint64_t
element_index(GLenum type, const void *indices, uint64_t i)
{
   switch (type) {
   case GL_UNSIGNED_BYTE: return ((const GLubyte *)indices)[i];
   case GL_UNSIGNED_SHORT: { GLushort s; memcpy(&s, (const uint8_t *)indices + 2 * i, 2); return s; }
   default: { GLuint s; memcpy(&s, (const uint8_t *)indices + 4 * i, 4); return s; }
   }
}

/* Record a draw of count vertices: array elements first + k, or (type
 * not GL_NONE) the elements indices[first + k]. */
static void
record_vertices(struct st_context *ctx, GLenum mode, uint32_t enabled, uint64_t first,
                uint64_t count, GLenum type, const void *indices, GLint basevertex)
{
   size_t bytes = st_dlist_array_size(count, sizeof(struct st_vertex));
   if (bytes == SIZE_MAX) {
      record_failed(ctx);
      return;
   }
   struct a_vertices *a = st_dlist_record(ctx, r_vertices, ST_DLIST_ALIGN(sizeof *a) + bytes);
   if (!a)
      return;
   a->mode = mode;
   a->enabled = enabled;
   st_array_vertex_ints(ctx, &a->ints);
   a->count = count;
   struct st_vertex *v = (void *)((uint8_t *)a + ST_DLIST_ALIGN(sizeof *a));
   for (uint64_t k = 0; k < count; k++) {
      int64_t i = type != GL_NONE ? (int64_t)element_index(type, indices, first + k) + basevertex
                                  : (int64_t)(first + k);
      st_fetch_array_vertex(ctx, i, &v[k]);
   }
}

/* Record count vertices: elements first..first+count-1, or indices[k]. */
static void
save_vertices(struct st_context *ctx, GLenum mode, GLint first, uint64_t count, GLenum type,
              const void *indices, GLint basevertex)
{
   uint32_t enabled = enabled_arrays(ctx);
   if (mode == NO_PRIM) {
      if (!enabled)
         return;   /* glArrayElement with no array: nothing */
   } else if (!(enabled & (1u << ST_VATTR_POS))) {
      count = 0;   /* nothing is drawn */
   }
   /* a draw recorded with no vertices still refuses to run inside glBegin/glEnd */
   if (mode != NO_PRIM && ctx->inside_begin_end)
      count = 0;   /* compiled and executed inside glBegin/glEnd: the call fails, so
                    * no index or vertex is read (gl-fuzz seed 24605) */
   bool elements = type != GL_NONE;
   if (elements && ctx->draw->vao->element_buffer) {
      /* indices is an offset into the element array buffer */
      const struct st_buffer *b = ctx->draw->vao->element_buffer;
      uint64_t esize = type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : 4;
      uintptr_t off = (uintptr_t)indices;
      if (b->mapped || off > b->size || count > (b->size - off) / esize)
         count = 0;   /* the draw would fail */
      indices = b->data + off;
   } else if (elements && !indices) {
      count = 0;
   }
   if (elements && count && ctx->draw->primitive_restart) {
      /* GL_NV_primitive_restart: the restart index names no vertex (nothing
       * is fetched for it); each run between restart indices is recorded
       * as a primitive of its own, as st_draw_arrays_range() draws it */
      GLuint restart = ctx->draw->restart_index;
      uint64_t start = 0;
      bool recorded = false;
      for (uint64_t k = 0; k <= count; k++) {
         if (k < count && element_index(type, indices, k) != restart)
            continue;
         if (k > start) {
            record_vertices(ctx, mode, enabled, start, k - start, type, indices, basevertex);
            recorded = true;
         }
         start = k + 1;
      }
      if (!recorded)
         record_vertices(ctx, mode, enabled, 0, 0, type, indices, 0);
      return;
   }
   record_vertices(ctx, mode, enabled, elements ? 0 : (uint64_t)first, count, type, indices,
                   basevertex);
}

/* A draw call with invalid arguments: replayed as it was (the exec
 * function raises the error without reading arrays). */
struct a_bad_draw {
   GLenum mode, type;
   GLint first;
   GLuint start, end;
   GLsizei count;
   unsigned cmd;
};

static void
r_bad_draw(struct st_context *ctx, const void *p)
{
   const struct a_bad_draw *a = p;
   switch (a->cmd) {
   case ST_DLIST_CMD_glDrawArrays: {
      t_drawArrays f = EXEC(ctx, t_drawArrays, glDrawArrays);
      if (f)
         f(a->mode, a->first, a->count);
      break;
   }
   case ST_DLIST_CMD_glDrawElements: {
      t_drawElements f = EXEC(ctx, t_drawElements, glDrawElements);
      if (f)
         f(a->mode, a->count, a->type, NULL);
      break;
   }
   case ST_DLIST_CMD_glDrawRangeElements: {
      t_drawRangeElements f = EXEC(ctx, t_drawRangeElements, glDrawRangeElements);
      if (f)
         f(a->mode, a->start, a->end, a->count, a->type, NULL);
      break;
   }
   case ST_DLIST_CMD_glMultiDrawArrays: {
      t_multiDrawArrays f = EXEC(ctx, t_multiDrawArrays, glMultiDrawArrays);
      if (f)
         f(a->mode, NULL, NULL, a->count);
      break;
   }
   case ST_DLIST_CMD_glMultiDrawElements: {
      t_multiDrawElements f = EXEC(ctx, t_multiDrawElements, glMultiDrawElements);
      if (f)
         f(a->mode, NULL, a->type, NULL, a->count);
      break;
   }
   case ST_DLIST_CMD_glDrawElementsBaseVertex: {
      t_drawElementsBaseVertex f = EXEC(ctx, t_drawElementsBaseVertex, glDrawElementsBaseVertex);
      if (f)
         f(a->mode, a->count, a->type, NULL, 0);
      break;
   }
   case ST_DLIST_CMD_glDrawRangeElementsBaseVertex: {
      t_drawRangeElementsBaseVertex f =
         EXEC(ctx, t_drawRangeElementsBaseVertex, glDrawRangeElementsBaseVertex);
      if (f)
         f(a->mode, a->start, a->end, a->count, a->type, NULL, 0);
      break;
   }
   case ST_DLIST_CMD_glMultiDrawElementsBaseVertex: {
      t_multiDrawElementsBaseVertex f =
         EXEC(ctx, t_multiDrawElementsBaseVertex, glMultiDrawElementsBaseVertex);
      if (f)
         f(a->mode, NULL, a->type, NULL, a->count, NULL);
      break;
   }
   }
}

static void
save_bad_draw(struct st_context *ctx, unsigned cmd, GLenum mode, GLint first, GLuint start,
              GLuint end, GLsizei count, GLenum type)
{
   struct a_bad_draw *a = st_dlist_record(ctx, r_bad_draw, sizeof *a);
   if (a)
      *a = (struct a_bad_draw){ mode, type, first, start, end, count, cmd };
}

/* glArrayElement of the restart index (GL_NV_primitive_restart enabled
 * when compiled): restarts the primitive, fetches nothing. */
static void
r_restart(struct st_context *ctx, const void *p)
{
   (void)p;
   if (ctx->inside_begin_end)
      st_primitive_restart(ctx);
}

void GLAPIENTRY
st_dlist_save_glArrayElement(GLint i)
{
   SAVE_PROLOGUE(ctx);
   /* as api_glArrayElement: a negative element is no error and reads nothing */
   if (i >= 0) {
      if (ctx->draw->primitive_restart && (GLuint)i == ctx->draw->restart_index)
         st_dlist_record(ctx, r_restart, 0);
      else
         save_vertices(ctx, NO_PRIM, i, 1, GL_NONE, NULL, 0);
   }
   if (st_dlist_executing(ctx)) {
      t_arrayElement f = EXEC(ctx, t_arrayElement, glArrayElement);
      if (f)
         f(i);
   }
}

void GLAPIENTRY
st_dlist_save_glDrawArrays(GLenum mode, GLint first, GLsizei count)
{
   SAVE_PROLOGUE(ctx);
   if (!st_is_valid_prim(ctx, mode) || count < 0 || first < 0)
      save_bad_draw(ctx, ST_DLIST_CMD_glDrawArrays, mode, first, 0, 0, count, GL_NONE);
   else
      save_vertices(ctx, mode, first, (uint64_t)count, GL_NONE, NULL, 0);
   if (st_dlist_executing(ctx)) {
      t_drawArrays f = EXEC(ctx, t_drawArrays, glDrawArrays);
      if (f)
         f(mode, first, count);
   }
}

void GLAPIENTRY
st_dlist_save_glDrawElements(GLenum mode, GLsizei count, GLenum type, const void *indices)
{
   SAVE_PROLOGUE(ctx);
   if (!st_is_valid_prim(ctx, mode) || count < 0 || !st_is_valid_index_type(type))
      save_bad_draw(ctx, ST_DLIST_CMD_glDrawElements, mode, 0, 0, 0, count, type);
   else
      save_vertices(ctx, mode, 0, (uint64_t)count, type, indices, 0);
   if (st_dlist_executing(ctx)) {
      t_drawElements f = EXEC(ctx, t_drawElements, glDrawElements);
      if (f)
         f(mode, count, type, indices);
   }
}

void GLAPIENTRY
st_dlist_save_glDrawRangeElements(GLenum mode, GLuint start, GLuint end, GLsizei count,
                                  GLenum type, const void *indices)
{
   SAVE_PROLOGUE(ctx);
   if (!st_is_valid_prim(ctx, mode) || count < 0 || end < start || !st_is_valid_index_type(type))
      save_bad_draw(ctx, ST_DLIST_CMD_glDrawRangeElements, mode, 0, start, end, count, type);
   else
      save_vertices(ctx, mode, 0, (uint64_t)count, type, indices, 0);
   if (st_dlist_executing(ctx)) {
      t_drawRangeElements f = EXEC(ctx, t_drawRangeElements, glDrawRangeElements);
      if (f)
         f(mode, start, end, count, type, indices);
   }
}

void GLAPIENTRY
st_dlist_save_glMultiDrawArrays(GLenum mode, const GLint *first, const GLsizei *count,
                                GLsizei drawcount)
{
   SAVE_PROLOGUE(ctx);
   bool bad = !st_is_valid_prim(ctx, mode) || drawcount < 0;
   for (GLsizei i = 0; !bad && i < drawcount; i++)
      bad = !first || !count || count[i] < 0 || first[i] < 0;
   if (bad)
      save_bad_draw(ctx, ST_DLIST_CMD_glMultiDrawArrays, mode, 0, 0, 0, drawcount, GL_NONE);
   else
      for (GLsizei i = 0; i < drawcount; i++)
         save_vertices(ctx, mode, first[i], (uint64_t)count[i], GL_NONE, NULL, 0);
   if (st_dlist_executing(ctx)) {
      t_multiDrawArrays f = EXEC(ctx, t_multiDrawArrays, glMultiDrawArrays);
      if (f)
         f(mode, first, count, drawcount);
   }
}

void GLAPIENTRY
st_dlist_save_glMultiDrawElements(GLenum mode, const GLsizei *count, GLenum type,
                                  const void *const *indices, GLsizei drawcount)
{
   SAVE_PROLOGUE(ctx);
   bool bad = !st_is_valid_prim(ctx, mode) || drawcount < 0 || !st_is_valid_index_type(type);
   for (GLsizei i = 0; !bad && i < drawcount; i++)
      bad = !count || !indices || count[i] < 0;
   if (bad)
      save_bad_draw(ctx, ST_DLIST_CMD_glMultiDrawElements, mode, 0, 0, 0, drawcount, type);
   else
      for (GLsizei i = 0; i < drawcount; i++)
         save_vertices(ctx, mode, 0, (uint64_t)count[i], type, indices[i], 0);
   if (st_dlist_executing(ctx)) {
      t_multiDrawElements f = EXEC(ctx, t_multiDrawElements, glMultiDrawElements);
      if (f)
         f(mode, count, type, indices, drawcount);
   }
}

/* GL_ARB_draw_elements_base_vertex: compiled like the commands without
 * BaseVertex (the elements index + basevertex are fetched now).  Without
 * the extension the exec function's error is replayed. */
void GLAPIENTRY
st_dlist_save_glDrawElementsBaseVertex(GLenum mode, GLsizei count, GLenum type,
                                       const void *indices, GLint basevertex)
{
   SAVE_PROLOGUE(ctx);
   if (!ctx->caps.ext_base_vertex || !st_is_valid_prim(ctx, mode) || count < 0 ||
       !st_is_valid_index_type(type))
      save_bad_draw(ctx, ST_DLIST_CMD_glDrawElementsBaseVertex, mode, 0, 0, 0, count, type);
   else
      save_vertices(ctx, mode, 0, (uint64_t)count, type, indices, basevertex);
   if (st_dlist_executing(ctx)) {
      t_drawElementsBaseVertex f = EXEC(ctx, t_drawElementsBaseVertex, glDrawElementsBaseVertex);
      if (f)
         f(mode, count, type, indices, basevertex);
   }
}

void GLAPIENTRY
st_dlist_save_glDrawRangeElementsBaseVertex(GLenum mode, GLuint start, GLuint end, GLsizei count,
                                            GLenum type, const void *indices, GLint basevertex)
{
   SAVE_PROLOGUE(ctx);
   if (!ctx->caps.ext_base_vertex || !st_is_valid_prim(ctx, mode) || count < 0 || end < start ||
       !st_is_valid_index_type(type))
      save_bad_draw(ctx, ST_DLIST_CMD_glDrawRangeElementsBaseVertex, mode, 0, start, end, count,
                    type);
   else
      save_vertices(ctx, mode, 0, (uint64_t)count, type, indices, basevertex);
   if (st_dlist_executing(ctx)) {
      t_drawRangeElementsBaseVertex f =
         EXEC(ctx, t_drawRangeElementsBaseVertex, glDrawRangeElementsBaseVertex);
      if (f)
         f(mode, start, end, count, type, indices, basevertex);
   }
}

void GLAPIENTRY
st_dlist_save_glMultiDrawElementsBaseVertex(GLenum mode, const GLsizei *count, GLenum type,
                                            const void *const *indices, GLsizei drawcount,
                                            const GLint *basevertex)
{
   SAVE_PROLOGUE(ctx);
   bool bad = !ctx->caps.ext_base_vertex || !st_is_valid_prim(ctx, mode) || drawcount < 0 ||
              !st_is_valid_index_type(type);
   for (GLsizei i = 0; !bad && i < drawcount; i++)
      bad = !count || !indices || !basevertex || count[i] < 0;
   if (bad)
      save_bad_draw(ctx, ST_DLIST_CMD_glMultiDrawElementsBaseVertex, mode, 0, 0, 0, drawcount,
                    type);
   else
      for (GLsizei i = 0; i < drawcount; i++)
         save_vertices(ctx, mode, 0, (uint64_t)count[i], type, indices[i], basevertex[i]);
   if (st_dlist_executing(ctx)) {
      t_multiDrawElementsBaseVertex f =
         EXEC(ctx, t_multiDrawElementsBaseVertex, glMultiDrawElementsBaseVertex);
      if (f)
         f(mode, count, type, indices, drawcount, basevertex);
   }
}
