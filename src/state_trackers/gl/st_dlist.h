/*
 * Display lists (GL 2.1 section 5.4): st_dlist.c, api/api_dlist.c and the
 * save functions st_gen_dlist.py generates from gl.xml (st_dlist_gen.c).
 *
 * While a list is compiled the context's dispatch table is the "save"
 * table: the exec table with every command GL compiles replaced by a save
 * function that appends a record (replay function + copied arguments) to
 * the list, and with GL_COMPILE_AND_EXECUTE also calls the exec function.
 * glCallList replays records by calling exec-table functions, so a command
 * implemented later in the exec table works in lists without more code.
 *
 * Lists are objects in the share group's 'lists' namespace (every used name
 * has a list, possibly empty); a list being compiled only replaces the
 * named one at glEndList.  Records are stored inline in one growing buffer
 * per list.
 */
#ifndef ST_DLIST_H
#define ST_DLIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "st_dispatch_gen.h"
#include "st_gl.h"

struct st_context;
struct st_share_group;

#define ST_MAX_LIST_NESTING 64
/* The work one top-level glCallList (or each name of a top-level
 * glCallLists) may do through nested calls: every list it calls in turn, at
 * any depth, costs one unit, and so does every draw made by a list that
 * such a nested call runs (st_dlist_charge_draw; the draws of the top-level
 * list itself are what its caller compiled, and cost nothing).  A list that
 * calls itself twice would otherwise run 2^64 lists within the nesting
 * limit.  Calls once it is spent are ignored as calls beyond the nesting
 * limit are (docs/robustness.md).  2^17: a draw costs about 1 us in the
 * state tracker and pipe (3 on the sanitizer build); at 2^22 calls a
 * self-calling list of a few primitives took a second (gl-fuzz seed 41 in
 * a GL 2.1 context), and at 2^18 calls, the draws free, one with two draws
 * per call did (seed 401232). */
#define ST_MAX_LIST_CALLS (1u << 17)

/* A record: replays its arguments (which follow the header, 8-aligned). */
typedef void (*st_dlist_replay_fn)(struct st_context *ctx, const void *args);

struct st_dlist {
   int refcount;              /* under the share group's lock */
   uint8_t *data;             /* records: struct st_dlist_node + args */
   size_t size, capacity;
};

/* Per-context display-list state (st_context::dlist). */
struct st_dlist_ctx {
   GLuint name;               /* list being compiled (0: none) */
   GLenum mode;               /* GL_COMPILE / GL_COMPILE_AND_EXECUTE (0: none) */
   struct st_dlist *current;  /* the list being compiled */
   bool out_of_memory;        /* a record was lost while compiling */
   GLuint base;               /* glListBase (GL_LIST_BIT) */
   unsigned depth;            /* glCallList nesting */
   unsigned calls_left;       /* nested work left (ST_MAX_LIST_CALLS) */
   st_proc *save_table;       /* built at the first glNewList */
};

struct st_dlist_save_entry {
   unsigned cmd;              /* st_dispatch_entries index */
   st_proc fn;
};

extern const struct st_dlist_save_entry st_dlist_save_entries[];
extern const unsigned st_dlist_num_save_entries;

#define ST_DLIST_ALIGN(x) (((size_t)(x) + 7) & ~(size_t)7)

/* --- used by the save functions ---------------------------------------- */

/* Append a record of 'size' argument bytes to the list being compiled;
 * NULL (GL_OUT_OF_MEMORY raised once) if it cannot, or if not compiling. */
void *st_dlist_record(struct st_context *ctx, st_dlist_replay_fn fn, size_t size);

/* Should a save function also execute the command (COMPILE_AND_EXECUTE,
 * or the save table is somehow current while nothing is compiled)? */
bool st_dlist_executing(const struct st_context *ctx);

/* The exec-table function of command number cmd (NULL: no slot). */
st_proc st_dlist_exec_proc(const struct st_context *ctx, unsigned cmd);

/* Bytes for n elements of esize bytes, 8-aligned; SIZE_MAX on overflow. */
size_t st_dlist_array_size(uint64_t n, size_t esize);

static inline uint64_t
st_dlist_nonneg(int64_t v)
{
   return v > 0 ? (uint64_t)v : 0;
}

/* Elements a listed glUniform*v{,Matrix} copies: its count, at most the
 * elements of the largest uniform array (one per uniform component,
 * GL_MAX_*_UNIFORM_COMPONENTS = 4096), which is all that executing it can
 * read (api_uniform.c clamps to the array).  A hostile count costs no
 * huge copy. */
#define ST_DLIST_MAX_UNIFORM_ELEMENTS 4096

static inline uint64_t
st_dlist_uniform_count(int64_t count)
{
   return count <= 0 ? 0 : count > ST_DLIST_MAX_UNIFORM_ELEMENTS
                            ? ST_DLIST_MAX_UNIFORM_ELEMENTS : (uint64_t)count;
}

/* Values a COMPSIZE(pname) parameter array holds (0: unknown pname). */
enum st_dlist_pname_family {
   ST_DLIST_PN_TEXPARAMETER,
   ST_DLIST_PN_TEXENV,
   ST_DLIST_PN_TEXGEN,
   ST_DLIST_PN_FOG,
   ST_DLIST_PN_LIGHTMODEL,
   ST_DLIST_PN_LIGHT,
   ST_DLIST_PN_MATERIAL,
   ST_DLIST_PN_POINTPARAMETER,
};
unsigned st_dlist_pname_count(enum st_dlist_pname_family family, GLenum pname);

/* Pixel-unpack-buffer sources (st_gen_dlist.py's PBO_SOURCE commands):
 * the client memory n elements of esize bytes at ptr are read from -- ptr
 * itself, or buffer data + offset when an unpack buffer is bound (NULL when
 * it is mapped or too small).  Replays unbind the buffer around the call. */
struct st_buffer;
const void *st_dlist_unpack_ptr(struct st_context *ctx, const void *ptr, uint64_t n,
                                size_t esize);
struct st_buffer *st_dlist_unbind_unpack(struct st_context *ctx);
void st_dlist_rebind_unpack(struct st_context *ctx, struct st_buffer *b);

/* Do a PBO_SOURCE command's arguments make it fail whatever the state is
 * when it executes (st_gen_dlist.py's PRECHECK)?  Then its data is not
 * read: it is recorded without, and replaying it raises its error. */
bool st_dlist_compressed_fails(struct st_context *ctx, unsigned dims, bool sub, GLenum target,
                               GLint level, GLenum format, GLint x, GLint y, GLint z, GLsizei w,
                               GLsizei h, GLsizei d, GLint border, GLsizei image_size);
bool st_dlist_pixel_map_fails(GLenum map, GLsizei mapsize);

/* Is target a proxy texture target (commands on those are not compiled)? */
bool st_dlist_is_proxy(GLenum target);

/* --- context / share group ------------------------------------------------ */

void st_dlist_context_init(struct st_context *ctx);
/* Frees the list being compiled and the save table. */
void st_dlist_context_destroy(struct st_context *ctx);

/* The dispatch table the context should have installed: the save table
 * while compiling, else the exec table. */
st_proc *st_dlist_current_table(struct st_context *ctx);

/* st_names_fini destroy callback of st_share_group::lists. */
void st_dlist_destroy_obj(void *obj, void *data);

/* Replay list 'name' (glCallList): nothing if it does not exist or the
 * nesting limit is reached. */
void st_dlist_call(struct st_context *ctx, GLuint name);

/* glCallLists: replay base + name i (st_dlist_call_lists_name) in order
 * while the call budget (ST_MAX_LIST_CALLS per top-level call, nested
 * calls included) lasts; a name is read just before its list runs, so the
 * names after the budget are not even read. */
void st_dlist_call_lists(struct st_context *ctx, GLuint base, GLenum type, const void *lists,
                         size_t n);

/* A draw made while lists run: below the top-level list (depth 2 and
 * more) it spends one unit of the call budget (ST_MAX_LIST_CALLS). */
void st_dlist_charge_draw(struct st_context *ctx);

/* glNewList / glEndList / glDeleteLists / glGenLists / glIsList bodies
 * (argument checks done by api_dlist.c). */
void st_dlist_begin(struct st_context *ctx, GLuint name, GLenum mode);
void st_dlist_end(struct st_context *ctx);
void st_dlist_delete(struct st_context *ctx, GLuint first, GLsizei range);
GLuint st_dlist_gen(struct st_context *ctx, GLsizei range);
bool st_dlist_exists(struct st_context *ctx, GLuint name);

/* Name i of glCallLists' array of a valid type as a GLuint offset (signed
 * types sign-extended, GL_2/3/4_BYTES big-endian). */
GLuint st_dlist_call_lists_name(GLenum type, const void *lists, size_t i);

/* glCallLists' n names of type as GLuint offsets; false for an invalid
 * type. */
bool st_dlist_call_lists_offsets(GLsizei n, GLenum type, const void *lists, GLuint *out);

#endif
