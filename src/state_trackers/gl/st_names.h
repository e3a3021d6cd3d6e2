/*
 * GL object namespaces (st_names.c): GLuint name -> object pointer.
 *
 * One st_names per kind of object and per scope GL gives it: textures,
 * buffers, renderbuffers and display lists live in the share group
 * (contexts created with a share context see the same table); framebuffers
 * and queries are per context.  Each table has its own mutex, so entry
 * points of contexts on different threads may use a shared table at once.
 *
 * A name is "used" once generated (glGen*, object NULL until first bind)
 * or once it has an object; name 0 is never used.  Objects are owned by
 * whoever stores them; st_names_fini calls 'destroy' on what is left.
 */
#ifndef ST_NAMES_H
#define ST_NAMES_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "st_gl.h"

struct st_names_entry {
   GLuint name;            /* 0: empty slot */
   bool deleted;           /* tombstone (open addressing) */
   void *obj;              /* NULL: generated but no object yet */
   char *label;            /* GL_KHR_debug label (malloc'd), NULL: none */
};

struct st_names {
   pthread_mutex_t lock;
   struct st_names_entry *slots;
   size_t capacity;        /* power of two (0 before the first insertion) */
   size_t count;           /* used names */
   size_t tombstones;
   GLuint next_hint;       /* where glGen* starts searching */
};

void st_names_init(struct st_names *t);
/* Calls destroy(obj, data) for every object left (not for empty names). */
void st_names_fini(struct st_names *t, void (*destroy)(void *obj, void *data), void *data);

/* Reserve n unused names (written to names[]); false on out of memory. */
bool st_names_gen(struct st_names *t, GLsizei n, GLuint *names);
/* The object of a name (NULL if none, or if the name is unused). */
void *st_names_lookup(struct st_names *t, GLuint name);
/* Is the name in use (generated or holding an object)? */
bool st_names_is_used(struct st_names *t, GLuint name);
/* Set the object of a name, using the name if it was not; false on out of memory. */
bool st_names_set(struct st_names *t, GLuint name, void *obj);
/* Free the name; returns its object (the caller releases it), NULL if none. */
void *st_names_remove(struct st_names *t, GLuint name);
/* Call fn for each (name, object) with an object, under the table's lock. */
void st_names_foreach(struct st_names *t, void (*fn)(GLuint name, void *obj, void *data),
                      void *data);

/*
 * Debug labels (GL_KHR_debug, api/api_debug.c) of names that hold an
 * object for which accept(obj) (NULL: any) is true; freed with the name.
 * set: label NULL removes it; returns 1 done, 0 no such object, -1 out of
 * memory.  get: writes at most bufsize - 1 characters and a NUL (nothing
 * when label is NULL or bufsize is 0) and the characters written to
 * *length (the whole label's length when label is NULL); false if no such
 * object.
 */
int st_names_set_label(struct st_names *t, GLuint name, bool (*accept)(const void *obj),
                       const char *label, size_t len);
bool st_names_get_label(struct st_names *t, GLuint name, bool (*accept)(const void *obj),
                        GLsizei bufsize, GLsizei *length, GLchar *label);
/* The copy rule of glGetObjectLabel for a label (NULL: empty) held elsewhere. */
void st_label_copy(const char *src, GLsizei bufsize, GLsizei *length, GLchar *label);

#endif
