/*
 * The GL-API fuzzer's command table, generated from gl.xml by
 * gen_fuzz_table.py (fz_table_gen.c in the build folder): every command the
 * state tracker implements and exposes in a desktop compatibility or an
 * OpenGL ES 1.1 context, with typed parameters and a trampoline.
 */
#ifndef TESTS_FUZZ_FZ_TABLE_H
#define TESTS_FUZZ_FZ_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include <GL/gl.h>
#include <GL/glext.h>
#include <KHR/khrplatform.h>

#ifndef GLAPIENTRY
#define GLAPIENTRY APIENTRY
#endif

typedef khronos_int32_t GLclampx;   /* GLES 1 only; the desktop headers lack it */

/* Type class of a parameter (or of a pointer's elements). */
enum fz_type {
   FZ_T_VOID, FZ_T_ENUM, FZ_T_BITFIELD, FZ_T_BOOLEAN, FZ_T_BYTE, FZ_T_UBYTE,
   FZ_T_SHORT, FZ_T_USHORT, FZ_T_INT, FZ_T_UINT, FZ_T_SIZEI, FZ_T_INTPTR,
   FZ_T_SIZEIPTR, FZ_T_FLOAT, FZ_T_CLAMPF, FZ_T_DOUBLE, FZ_T_CLAMPD, FZ_T_FIXED,
   FZ_T_INT64, FZ_T_UINT64, FZ_T_SYNC, FZ_T_PTR,
   FZ_T_PROC,              /* a GLDEBUGPROC: NULL (i == 0) or fz_debug_proc */
};

/* The debug callback the fuzzer installs (fz_child.c): checks what the
 * driver passes it (GL_KHR_debug 5.5.2). */
void GLAPIENTRY fz_debug_proc(GLenum source, GLenum type, GLuint id, GLenum severity,
                              GLsizei length, const GLchar *message, const void *user);

/* One argument or return value: integers in i, floating point in d (cast to
 * the parameter's type by the trampoline), pointers and GLsync in p. */
union fz_arg {
   int64_t i;
   double d;
   void *p;
};

typedef void (*fz_proc)(void);

struct fz_param {
   const char *name;
   const char *decl;       /* C type as gl.xml spells it, e.g. "const GLfloat *" */
   enum fz_type type;      /* FZ_T_PTR for pointers */
   enum fz_type elem;      /* element type of a pointer, else == type */
   unsigned char depth;    /* number of '*' */
   unsigned char out;      /* pointer not const: the GL writes through it */
   const char *len;        /* gl.xml len= or NULL */
   int group;              /* index into fz_groups[], -1: none */
};

#define FZ_API_GL        (1u << 0)    /* exposed in a desktop compat context */
#define FZ_API_GLES1     (1u << 1)    /* exposed in an ES 1.1 context */
#define FZ_F_ERR_ENUM    (1u << 2)    /* may raise GL_INVALID_ENUM */
#define FZ_F_ERR_STACK   (1u << 3)    /* may raise GL_STACK_OVERFLOW/UNDERFLOW */
#define FZ_F_ERR_FBO     (1u << 4)    /* may raise GL_INVALID_FRAMEBUFFER_OPERATION */
#define FZ_F_ERR_ANY     (1u << 5)    /* may raise anything (executes lists) */
#define FZ_F_BEGINEND    (1u << 6)    /* allowed between glBegin and glEnd */
#define FZ_F_DRAW        (1u << 7)    /* reads the enabled client arrays */
#define FZ_F_GEN         (1u << 8)    /* returns new object names */

struct fz_cmd {
   const char *name;
   const char *sig;        /* function pointer type, for the case writer */
   unsigned flags;
   unsigned nparams;
   const struct fz_param *params;
   enum fz_type ret;
   void (*call)(fz_proc fn, const union fz_arg *a, union fz_arg *r);
};

struct fz_group {
   const char *name;
   unsigned n;
   const uint32_t *values;
};

struct fz_enum {
   uint32_t value;
   const char *name;
};

extern const struct fz_cmd fz_cmds[];
extern const unsigned fz_num_cmds;
extern const struct fz_group fz_groups[];
extern const unsigned fz_num_groups;
extern const struct fz_enum fz_enums[];   /* sorted by value */
extern const unsigned fz_num_enums;

#endif
