/*
 * A small hash table keyed by bytes: each key is (hash, pointer, size) and
 * two keys are equal when hash, size and bytes (memcmp) are.  The caller
 * computes the hash (util/u_hash.h) and owns the key memory, which must
 * stay unchanged while the entry is in the table (typically the key is
 * stored inside the data the entry points to).
 *
 * Open addressing with linear probing; removal shifts later entries back,
 * so there are no tombstones and a search never walks further than the
 * longest cluster.  The table grows at 3/4 load and never shrinks.
 */
#ifndef U_HASH_TABLE_H
#define U_HASH_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct u_hash_table;

/* NULL when out of memory. */
struct u_hash_table *u_hash_table_create(void);

/* Frees the table, not the keys or data.  NULL is allowed. */
void u_hash_table_destroy(struct u_hash_table *ht);

/* The data stored for the key, or NULL. */
void *u_hash_table_search(const struct u_hash_table *ht, uint32_t hash, const void *key,
                          size_t size);

/*
 * Store data (not NULL) for the key, replacing the data of an equal key
 * already present (the old key pointer is then replaced too).  key must
 * not be NULL.  False when out of memory (the table is unchanged).
 */
bool u_hash_table_insert(struct u_hash_table *ht, uint32_t hash, const void *key, size_t size,
                         void *data);

/* Remove the key; returns its data, or NULL if it was not there. */
void *u_hash_table_remove(struct u_hash_table *ht, uint32_t hash, const void *key, size_t size);

unsigned u_hash_table_count(const struct u_hash_table *ht);

/* Calls cb(data, closure) for every entry, in no particular order.  cb must
 * not change the table. */
void u_hash_table_foreach(const struct u_hash_table *ht, void (*cb)(void *data, void *closure),
                          void *closure);

#endif
