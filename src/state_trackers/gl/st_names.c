/*
 * GL object namespaces: an open-addressing hash table (linear probing,
 * tombstones) keyed by GLuint name, guarded by its own mutex.
 */
#include "st_names.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t
hash_name(GLuint name, size_t mask)
{
   uint32_t h = name * 2654435761u;
   return (size_t)(h ^ (h >> 16)) & mask;
}

void
st_names_init(struct st_names *t)
{
   memset(t, 0, sizeof *t);
   pthread_mutex_init(&t->lock, NULL);
   t->next_hint = 1;
}

void
st_names_fini(struct st_names *t, void (*destroy)(void *obj, void *data), void *data)
{
   for (size_t i = 0; i < t->capacity; i++) {
      struct st_names_entry *e = &t->slots[i];
      if (e->name && !e->deleted && e->obj && destroy)
         destroy(e->obj, data);
      if (e->name && !e->deleted)
         free(e->label);
   }
   free(t->slots);
   t->slots = NULL;
   t->capacity = t->count = t->tombstones = 0;
   pthread_mutex_destroy(&t->lock);
}

/* The slot holding 'name', or NULL.  Lock held. */
static struct st_names_entry *
find(struct st_names *t, GLuint name)
{
   if (!t->capacity || !name)
      return NULL;
   size_t mask = t->capacity - 1;
   for (size_t i = hash_name(name, mask), n = 0; n < t->capacity; i = (i + 1) & mask, n++) {
      struct st_names_entry *e = &t->slots[i];
      if (!e->name && !e->deleted)
         return NULL;
      if (!e->deleted && e->name == name)
         return e;
   }
   return NULL;
}

static bool
grow(struct st_names *t)
{
   size_t cap = t->capacity ? t->capacity * 2 : 64;
   /* only tombstones: rehash at the same size */
   if (t->capacity && (t->count + 1) * 2 < t->capacity)
      cap = t->capacity;
   struct st_names_entry *slots = calloc(cap, sizeof *slots);
   if (!slots)
      return false;
   size_t mask = cap - 1;
   for (size_t i = 0; i < t->capacity; i++) {
      struct st_names_entry *e = &t->slots[i];
      if (!e->name || e->deleted)
         continue;
      size_t j = hash_name(e->name, mask);
      while (slots[j].name)
         j = (j + 1) & mask;
      slots[j] = *e;
   }
   free(t->slots);
   t->slots = slots;
   t->capacity = cap;
   t->tombstones = 0;
   return true;
}

/* Insert a name known to be absent.  Lock held. */
static struct st_names_entry *
insert(struct st_names *t, GLuint name, void *obj)
{
   if ((t->count + t->tombstones + 1) * 4 > t->capacity * 3 && !grow(t))
      return NULL;
   size_t mask = t->capacity - 1;
   size_t i = hash_name(name, mask);
   while (t->slots[i].name && !t->slots[i].deleted)
      i = (i + 1) & mask;
   if (t->slots[i].deleted)
      t->tombstones--;
   t->slots[i].name = name;
   t->slots[i].deleted = false;
   t->slots[i].obj = obj;
   t->slots[i].label = NULL;
   t->count++;
   return &t->slots[i];
}

bool
st_names_gen(struct st_names *t, GLsizei n, GLuint *names)
{
   bool ok = true;
   pthread_mutex_lock(&t->lock);
   for (GLsizei k = 0; k < n; k++) {
      GLuint name = t->next_hint ? t->next_hint : 1;
      while (find(t, name))
         name = name == 0xffffffffu ? 1 : name + 1;
      if (!insert(t, name, NULL)) {
         ok = false;
         break;
      }
      names[k] = name;
      t->next_hint = name + 1;
   }
   pthread_mutex_unlock(&t->lock);
   return ok;
}

void *
st_names_lookup(struct st_names *t, GLuint name)
{
   pthread_mutex_lock(&t->lock);
   struct st_names_entry *e = find(t, name);
   void *obj = e ? e->obj : NULL;
   pthread_mutex_unlock(&t->lock);
   return obj;
}

bool
st_names_is_used(struct st_names *t, GLuint name)
{
   pthread_mutex_lock(&t->lock);
   bool used = find(t, name) != NULL;
   pthread_mutex_unlock(&t->lock);
   return used;
}

bool
st_names_set(struct st_names *t, GLuint name, void *obj)
{
   if (!name)
      return false;
   pthread_mutex_lock(&t->lock);
   struct st_names_entry *e = find(t, name);
   if (!e)
      e = insert(t, name, obj);
   else
      e->obj = obj;
   pthread_mutex_unlock(&t->lock);
   return e != NULL;
}

void *
st_names_remove(struct st_names *t, GLuint name)
{
   pthread_mutex_lock(&t->lock);
   struct st_names_entry *e = find(t, name);
   void *obj = NULL;
   if (e) {
      obj = e->obj;
      e->obj = NULL;
      free(e->label);   /* a label belongs to the object: gone with its name */
      e->label = NULL;
      e->deleted = true;
      t->count--;
      t->tombstones++;
   }
   pthread_mutex_unlock(&t->lock);
   return obj;
}

void
st_names_foreach(struct st_names *t, void (*fn)(GLuint name, void *obj, void *data), void *data)
{
   pthread_mutex_lock(&t->lock);
   for (size_t i = 0; i < t->capacity; i++) {
      struct st_names_entry *e = &t->slots[i];
      if (e->name && !e->deleted && e->obj)
         fn(e->name, e->obj, data);
   }
   pthread_mutex_unlock(&t->lock);
}

/* --- debug labels ---------------------------------------------------------- */

void
st_label_copy(const char *src, GLsizei bufsize, GLsizei *length, GLchar *label)
{
   size_t n = src ? strlen(src) : 0;
   if (!label) {
      if (length)
         *length = (GLsizei)n;
      return;
   }
   if (bufsize <= 0) {
      if (length)
         *length = 0;
      return;
   }
   if (n > (size_t)bufsize - 1)
      n = (size_t)bufsize - 1;
   if (n)
      memcpy(label, src, n);
   label[n] = '\0';
   if (length)
      *length = (GLsizei)n;
}

int
st_names_set_label(struct st_names *t, GLuint name, bool (*accept)(const void *obj),
                   const char *label, size_t len)
{
   char *copy = NULL;
   if (label) {
      copy = malloc(len + 1);
      if (!copy)
         return -1;
      memcpy(copy, label, len);
      copy[len] = '\0';
   }
   pthread_mutex_lock(&t->lock);
   struct st_names_entry *e = find(t, name);
   int ret = e && e->obj && (!accept || accept(e->obj));
   if (ret) {
      free(e->label);
      e->label = copy;
      copy = NULL;
   }
   pthread_mutex_unlock(&t->lock);
   free(copy);
   return ret;
}

bool
st_names_get_label(struct st_names *t, GLuint name, bool (*accept)(const void *obj),
                   GLsizei bufsize, GLsizei *length, GLchar *label)
{
   pthread_mutex_lock(&t->lock);
   struct st_names_entry *e = find(t, name);
   bool ok = e && e->obj && (!accept || accept(e->obj));
   if (ok)
      st_label_copy(e->label, bufsize, length, label);
   pthread_mutex_unlock(&t->lock);
   return ok;
}
