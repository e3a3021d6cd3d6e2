/*
 * Unit test of dri_context_attribs.c: how createContextAttribs' API token
 * and attribute pairs become state-tracker terms and DRI error codes.
 */
#include <stdio.h>

#include <GL/internal/dri_interface.h>

#include "dri_context.h"

static int failures;

#define CHECK(cond)                                                        \
   do {                                                                    \
      if (!(cond)) {                                                       \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
         failures++;                                                       \
      }                                                                    \
   } while (0)

#define N(a) (sizeof(a) / sizeof((a)[0]) / 2)

int
main(void)
{
   struct dri_context_request req;
   enum st_profile p;

   /* no attributes: 1.0, no flags */
   CHECK(dri_context_parse_attribs(0, NULL, &req) == __DRI_CTX_ERROR_SUCCESS);
   CHECK(req.major == 1 && req.minor == 0 && req.flags == 0);
   /* pairs promised but no array */
   CHECK(dri_context_parse_attribs(1, NULL, &req) == __DRI_CTX_ERROR_UNKNOWN_ATTRIBUTE);

   const uint32_t v32[] = { __DRI_CTX_ATTRIB_MAJOR_VERSION, 3, __DRI_CTX_ATTRIB_MINOR_VERSION, 2 };
   CHECK(dri_context_parse_attribs(N(v32), v32, &req) == __DRI_CTX_ERROR_SUCCESS);
   CHECK(req.major == 3 && req.minor == 2 && req.flags == 0);

   const uint32_t flags[] = {
      __DRI_CTX_ATTRIB_FLAGS, __DRI_CTX_FLAG_DEBUG | __DRI_CTX_FLAG_FORWARD_COMPATIBLE |
                              __DRI_CTX_FLAG_ROBUST_BUFFER_ACCESS,
      __DRI_CTX_ATTRIB_RESET_STRATEGY, __DRI_CTX_RESET_LOSE_CONTEXT,
      __DRI_CTX_ATTRIB_NO_ERROR, 1,
      __DRI_CTX_ATTRIB_PRIORITY, __DRI_CTX_PRIORITY_HIGH,
      __DRI_CTX_ATTRIB_RELEASE_BEHAVIOR, __DRI_CTX_RELEASE_BEHAVIOR_NONE,
      __DRI_CTX_ATTRIB_PROTECTED, 0,
   };
   CHECK(dri_context_parse_attribs(N(flags), flags, &req) == __DRI_CTX_ERROR_SUCCESS);
   CHECK(req.flags == (ST_CONTEXT_FLAG_DEBUG | ST_CONTEXT_FLAG_FORWARD_COMPAT |
                       ST_CONTEXT_FLAG_ROBUST_ACCESS | ST_CONTEXT_FLAG_LOSE_ON_RESET |
                       ST_CONTEXT_FLAG_NO_ERROR));

   const uint32_t iso[] = { __DRI_CTX_ATTRIB_FLAGS, __DRI_CTX_FLAG_RESET_ISOLATION };
   CHECK(dri_context_parse_attribs(N(iso), iso, &req) == __DRI_CTX_ERROR_SUCCESS);
   CHECK(req.flags == ST_CONTEXT_FLAG_RESET_ISOLATION);

   /* errors */
   const uint32_t unknown_flag[] = { __DRI_CTX_ATTRIB_FLAGS, 0x100 };
   CHECK(dri_context_parse_attribs(N(unknown_flag), unknown_flag, &req) ==
         __DRI_CTX_ERROR_UNKNOWN_FLAG);
   const uint32_t unknown_key[] = { __DRI_CTX_ATTRIB_MAJOR_VERSION, 2, 0x7777, 1 };
   CHECK(dri_context_parse_attribs(N(unknown_key), unknown_key, &req) ==
         __DRI_CTX_ERROR_UNKNOWN_ATTRIBUTE);
   const uint32_t bad_reset[] = { __DRI_CTX_ATTRIB_RESET_STRATEGY, 7 };
   CHECK(dri_context_parse_attribs(N(bad_reset), bad_reset, &req) == __DRI_CTX_ERROR_BAD_FLAG);
   const uint32_t prot[] = { __DRI_CTX_ATTRIB_PROTECTED, 1 };
   CHECK(dri_context_parse_attribs(N(prot), prot, &req) == __DRI_CTX_ERROR_BAD_FLAG);
   const uint32_t bad_prio[] = { __DRI_CTX_ATTRIB_PRIORITY, 9 };
   CHECK(dri_context_parse_attribs(N(bad_prio), bad_prio, &req) == __DRI_CTX_ERROR_BAD_FLAG);
   const uint32_t bad_release[] = { __DRI_CTX_ATTRIB_RELEASE_BEHAVIOR, 5 };
   CHECK(dri_context_parse_attribs(N(bad_release), bad_release, &req) ==
         __DRI_CTX_ERROR_BAD_FLAG);

   /* API tokens */
   CHECK(dri_context_api_to_profile(__DRI_API_OPENGL, &p) && p == ST_PROFILE_COMPAT);
   CHECK(dri_context_api_to_profile(__DRI_API_OPENGL_CORE, &p) && p == ST_PROFILE_CORE);
   CHECK(dri_context_api_to_profile(__DRI_API_GLES, &p) && p == ST_PROFILE_GLES1);
   CHECK(dri_context_api_to_profile(__DRI_API_GLES2, &p) && p == ST_PROFILE_GLES2);
   CHECK(dri_context_api_to_profile(__DRI_API_GLES3, &p) && p == ST_PROFILE_GLES2);
   CHECK(!dri_context_api_to_profile(5, &p));
   CHECK(!dri_context_api_to_profile(-1, &p));

   /* the error values the state tracker passes through equal DRI's */
   CHECK(ST_CONTEXT_ERROR_BAD_VERSION == __DRI_CTX_ERROR_BAD_VERSION);
   CHECK(ST_CONTEXT_ERROR_UNKNOWN_FLAG == __DRI_CTX_ERROR_UNKNOWN_FLAG);

   if (failures)
      fprintf(stderr, "%d failure(s)\n", failures);
   return failures ? 1 : 0;
}
