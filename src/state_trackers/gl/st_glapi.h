/*
 * The parts of Mesa's libglapi (libglapi.so.0, linked through dep_glapi)
 * the state tracker uses.  Debian ships no header for it; these are the
 * exported functions' signatures.
 */
#ifndef ST_GLAPI_H
#define ST_GLAPI_H

struct _glapi_table;

unsigned int _glapi_get_dispatch_table_size(void);
int _glapi_get_proc_offset(const char *funcName);
int _glapi_add_dispatch(const char *const *function_names, const char *parameter_signature);
void _glapi_set_dispatch(struct _glapi_table *dispatch);
struct _glapi_table *_glapi_get_dispatch(void);
void _glapi_set_context(void *context);
void *_glapi_get_context(void);

#endif
