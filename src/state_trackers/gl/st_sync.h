/*
 * Sync objects (GL_ARB_sync, api/api_sync.c).
 *
 * A GLsync is the address of a struct st_sync.  The share group keeps the
 * set of live handles (struct st_sync_table, sorted by address, one mutex);
 * an application's handle is only ever compared against that set, never
 * dereferenced before it is found there.  Every user (the table itself,
 * and each glClientWaitSync / glWaitSync in progress) holds a reference,
 * so glDeleteSync during a wait on another thread only drops the name.
 */
#ifndef ST_SYNC_H
#define ST_SYNC_H

#include <stdint.h>

/* Longest glWaitSync wait in ns (GL_MAX_SERVER_WAIT_TIMEOUT); fits a GLint,
 * so glGetIntegerv returns it unclamped. */
#define ST_MAX_SERVER_WAIT_TIMEOUT 0x7fffffffll

struct st_sync_table;

/* NULL on out of memory (the sync entry points then create nothing). */
struct st_sync_table *st_sync_table_create(void);
/* Releases every sync object left (with its fence) and the table. */
void st_sync_table_destroy(struct st_sync_table *t);
/* Live sync objects in the table (tests). */
unsigned st_sync_table_count(struct st_sync_table *t);

#endif
