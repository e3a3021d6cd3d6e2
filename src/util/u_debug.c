#include "util/u_debug.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const struct pony_debug_flag pony_debug_flags[] = {
   { "api",    PONY_DEBUG_API,    "name each unimplemented GL entry point once" },
   { "loader", PONY_DEBUG_LOADER, "say which pipe driver is chosen and why others fail" },
   { "dri",    PONY_DEBUG_DRI,    "trace calls from Mesa's DRI loaders" },
   { "state",  PONY_DEBUG_STATE,  "trace state validation in the GL state tracker" },
   { "driver", PONY_DEBUG_DRIVER, "pipe driver internals" },
   { "errors", PONY_DEBUG_ERRORS, "print every GL error as it is raised" },
   { "shader", PONY_DEBUG_SHADER, "print the info log of every GLSL shader or program that fails" },
   { "bufmgr", PONY_DEBUG_BUFMGR, "GEM buffer manager: ioctl failures, counters at teardown" },
   { "jit",    PONY_DEBUG_JIT,    "jitpipe: each shader compiled or refused (and why), counters at teardown" },
   { "egl",    PONY_DEBUG_EGL,    "the EGL vendor library: each call that fails and why, displays made" },
   { "glx",    PONY_DEBUG_GLX,    "the GLX vendor library: each call that fails and why, screens made" },
   { "tgsi",   PONY_DEBUG_TGSI,   "virgl: print each shader's TGSI text as sent to the host" },
   { NULL, 0, NULL },
};

static bool
is_sep(char c)
{
   return c == ',' || c == ' ' || c == ':' || c == '\t';
}

uint64_t
pony_debug_parse(const char *env, const struct pony_debug_flag *table)
{
   const char *s = getenv(env);
   uint64_t flags = 0;
   if (!s)
      return 0;
   while (*s) {
      while (*s && is_sep(*s))
         s++;
      const char *start = s;
      while (*s && !is_sep(*s))
         s++;
      size_t len = (size_t)(s - start);
      if (!len)
         break;
      bool found = false;
      if (len == 3 && !strncasecmp(start, "all", 3)) {
         for (const struct pony_debug_flag *f = table; f->name; f++)
            flags |= f->flag;
         found = true;
      } else if (len == 4 && !strncasecmp(start, "help", 4)) {
         fprintf(stderr, "%s options:\n", env);
         for (const struct pony_debug_flag *f = table; f->name; f++)
            fprintf(stderr, "  %-10s %s\n", f->name, f->desc);
         found = true;
      } else {
         for (const struct pony_debug_flag *f = table; f->name; f++) {
            if (strlen(f->name) == len && !strncasecmp(start, f->name, len)) {
               flags |= f->flag;
               found = true;
            }
         }
      }
      if (!found)
         fprintf(stderr, "pony: unknown %s option '%.*s' (try %s=help)\n", env, (int)len,
                 start, env);
   }
   return flags;
}

uint64_t
pony_debug_get(void)
{
   return pony_debug_parse("PONY_DEBUG", pony_debug_flags);
}

bool
pony_env_bool(const char *env, bool dflt)
{
   const char *s = getenv(env);
   if (!s || !*s)
      return dflt;
   if (!strcasecmp(s, "1") || !strcasecmp(s, "true") || !strcasecmp(s, "yes") ||
       !strcasecmp(s, "on"))
      return true;
   if (!strcasecmp(s, "0") || !strcasecmp(s, "false") || !strcasecmp(s, "no") ||
       !strcasecmp(s, "off"))
      return false;
   return dflt;
}

long
pony_env_int(const char *env, long dflt)
{
   const char *s = getenv(env);
   char *end;
   if (!s || !*s)
      return dflt;
   long v = strtol(s, &end, 0);
   while (*end && isspace((unsigned char)*end))
      end++;
   return *end ? dflt : v;
}

void
pony_log(const char *module, const char *fmt, ...)
{
   va_list ap;
   char buf[1024];
   va_start(ap, fmt);
   vsnprintf(buf, sizeof buf, fmt, ap);
   va_end(ap);
   fprintf(stderr, "pony: %s: %s\n", module, buf);
}
