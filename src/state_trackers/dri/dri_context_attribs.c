/*
 * createContextAttribs' inputs: the loader's __DRI_API_* token and
 * (key, value) attribute pairs, turned into state-tracker terms.
 */
#include "dri_context.h"

unsigned
dri_context_parse_attribs(unsigned num_attribs, const uint32_t *attribs,
                          struct dri_context_request *req)
{
   req->major = 1;
   req->minor = 0;
   req->flags = 0;

   if (num_attribs && !attribs)
      return __DRI_CTX_ERROR_UNKNOWN_ATTRIBUTE;

   for (unsigned i = 0; i < num_attribs; i++) {
      uint32_t key = attribs[2 * i], value = attribs[2 * i + 1];
      switch (key) {
      case __DRI_CTX_ATTRIB_MAJOR_VERSION:
         req->major = (int)value;
         break;
      case __DRI_CTX_ATTRIB_MINOR_VERSION:
         req->minor = (int)value;
         break;
      case __DRI_CTX_ATTRIB_FLAGS: {
         const uint32_t known = __DRI_CTX_FLAG_DEBUG | __DRI_CTX_FLAG_FORWARD_COMPATIBLE |
                                __DRI_CTX_FLAG_ROBUST_BUFFER_ACCESS |
                                __DRI_CTX_FLAG_RESET_ISOLATION;
         if (value & ~known)
            return __DRI_CTX_ERROR_UNKNOWN_FLAG;
         if (value & __DRI_CTX_FLAG_DEBUG)
            req->flags |= ST_CONTEXT_FLAG_DEBUG;
         if (value & __DRI_CTX_FLAG_FORWARD_COMPATIBLE)
            req->flags |= ST_CONTEXT_FLAG_FORWARD_COMPAT;
         if (value & __DRI_CTX_FLAG_ROBUST_BUFFER_ACCESS)
            req->flags |= ST_CONTEXT_FLAG_ROBUST_ACCESS;
         if (value & __DRI_CTX_FLAG_RESET_ISOLATION)
            req->flags |= ST_CONTEXT_FLAG_RESET_ISOLATION;
         break;
      }
      case __DRI_CTX_ATTRIB_RESET_STRATEGY:
         if (value == __DRI_CTX_RESET_LOSE_CONTEXT)
            req->flags |= ST_CONTEXT_FLAG_LOSE_ON_RESET;
         else if (value != __DRI_CTX_RESET_NO_NOTIFICATION)
            return __DRI_CTX_ERROR_BAD_FLAG;
         break;
      case __DRI_CTX_ATTRIB_PRIORITY:
         /* One queue, no priorities: any valid level is "as good as it gets". */
         if (value > __DRI_CTX_PRIORITY_HIGH)
            return __DRI_CTX_ERROR_BAD_FLAG;
         break;
      case __DRI_CTX_ATTRIB_RELEASE_BEHAVIOR:
         if (value != __DRI_CTX_RELEASE_BEHAVIOR_NONE &&
             value != __DRI_CTX_RELEASE_BEHAVIOR_FLUSH)
            return __DRI_CTX_ERROR_BAD_FLAG;
         break;
      case __DRI_CTX_ATTRIB_NO_ERROR:
         if (value)
            req->flags |= ST_CONTEXT_FLAG_NO_ERROR;
         break;
      case __DRI_CTX_ATTRIB_PROTECTED:
         /* protected content is not supported (renderer query says so) */
         if (value)
            return __DRI_CTX_ERROR_BAD_FLAG;
         break;
      default:
         return __DRI_CTX_ERROR_UNKNOWN_ATTRIBUTE;
      }
   }
   return __DRI_CTX_ERROR_SUCCESS;
}

bool
dri_context_api_to_profile(int api, enum st_profile *profile)
{
   switch (api) {
   case __DRI_API_OPENGL:
      *profile = ST_PROFILE_COMPAT;
      return true;
   case __DRI_API_OPENGL_CORE:
      *profile = ST_PROFILE_CORE;
      return true;
   case __DRI_API_GLES:
      *profile = ST_PROFILE_GLES1;
      return true;
   case __DRI_API_GLES2:
   case __DRI_API_GLES3:
      *profile = ST_PROFILE_GLES2;
      return true;
   default:
      return false;
   }
}
