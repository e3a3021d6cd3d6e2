/*
 * EGL devices (EGL_EXT_device_enumeration, EGL_EXT_device_query,
 * EGL_EXT_device_drm, EGL_EXT_device_drm_render_node,
 * EGL_MESA_device_software) and the device platform
 * (EGL_EXT_platform_device).
 *
 * Pony's devices are the DRM devices with a render node (rendered on
 * through the kms winsys when it is built) and one software device (what
 * the surfaceless platform renders on).  They are enumerated once per
 * process: device handles must stay valid for the process's life, so the
 * list is, like the displays, state EGL's ABI makes process-wide.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifdef PONY_HAVE_LIBDRM
#include <xf86drm.h>
#endif

#include "egl_private.h"

#define EGL_MAX_DEVICES 16

static struct {
   pthread_once_t once;
   struct egl_device devices[EGL_MAX_DEVICES];
   unsigned count;
} egl_devices = { PTHREAD_ONCE_INIT, { { 0 } }, 0 };

static void
egl_devices_enumerate(void)
{
#ifdef PONY_HAVE_LIBDRM
   drmDevicePtr found[EGL_MAX_DEVICES - 1];
   int n = drmGetDevices2(0, found, EGL_MAX_DEVICES - 1);
   for (int i = 0; i < n; i++) {
      if (!(found[i]->available_nodes & (1 << DRM_NODE_RENDER)))
         continue;
      struct egl_device *dev = &egl_devices.devices[egl_devices.count++];
      snprintf(dev->render, sizeof(dev->render), "%s", found[i]->nodes[DRM_NODE_RENDER]);
      if (found[i]->available_nodes & (1 << DRM_NODE_PRIMARY))
         snprintf(dev->primary, sizeof(dev->primary), "%s", found[i]->nodes[DRM_NODE_PRIMARY]);
   }
   if (n > 0)
      drmFreeDevices(found, n);
#endif
   /* the software device last, as other drivers list it */
   egl_devices.devices[egl_devices.count++].software = true;
   egl_log(NULL, "%u devices (the last one software)", egl_devices.count);
}

const struct egl_device *
egl_device_lookup(EGLDeviceEXT handle)
{
   pthread_once(&egl_devices.once, egl_devices_enumerate);
   for (unsigned i = 0; i < egl_devices.count; i++) {
      if ((EGLDeviceEXT)&egl_devices.devices[i] == handle)
         return &egl_devices.devices[i];
   }
   return NULL;
}

const struct egl_device *
egl_device_software(void)
{
   pthread_once(&egl_devices.once, egl_devices_enumerate);
   return &egl_devices.devices[egl_devices.count - 1];
}

EGLBoolean
api_eglQueryDevicesEXT(EGLint max, EGLDeviceEXT *devices, EGLint *num)
{
   egl_entry("eglQueryDevicesEXT");
   pthread_once(&egl_devices.once, egl_devices_enumerate);
   if (!num || (devices && max <= 0))
      return egl_error(EGL_BAD_PARAMETER);
   EGLint n = (EGLint)egl_devices.count;
   if (devices) {
      n = max < n ? max : n;
      for (EGLint i = 0; i < n; i++)
         devices[i] = (EGLDeviceEXT)&egl_devices.devices[i];
   }
   *num = n;
   return egl_success();
}

const char *
api_eglQueryDeviceStringEXT(EGLDeviceEXT device, EGLint name)
{
   egl_entry("eglQueryDeviceStringEXT");
   const struct egl_device *dev = egl_device_lookup(device);
   const char *s = NULL;
   if (!dev) {
      egl_error(EGL_BAD_DEVICE_EXT);
      return NULL;
   }
   switch (name) {
   case EGL_EXTENSIONS:
      s = dev->software  ? "EGL_MESA_device_software"
          : dev->primary[0] ? "EGL_EXT_device_drm EGL_EXT_device_drm_render_node"
                           : "EGL_EXT_device_drm_render_node";
      break;
   case EGL_DRM_DEVICE_FILE_EXT:
      s = !dev->software && dev->primary[0] ? dev->primary : NULL;
      break;
   case EGL_DRM_RENDER_NODE_FILE_EXT:
      s = dev->software ? NULL : dev->render;
      break;
   default:
      break;
   }
   if (!s) {
      egl_error(EGL_BAD_PARAMETER);
      return NULL;
   }
   egl_success();
   return s;
}

EGLBoolean
api_eglQueryDeviceAttribEXT(EGLDeviceEXT device, EGLint attrib, EGLAttrib *value)
{
   egl_entry("eglQueryDeviceAttribEXT");
   (void)attrib;
   (void)value;
   /* no attribute of the extensions Pony offers applies to its devices */
   if (!egl_device_lookup(device))
      return egl_error(EGL_BAD_DEVICE_EXT);
   return egl_error(EGL_BAD_ATTRIBUTE);
}

EGLBoolean
api_eglQueryDisplayAttribEXT(EGLDisplay dpy, EGLint attrib, EGLAttrib *value)
{
   egl_entry("eglQueryDisplayAttribEXT");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   EGLint err = attrib != EGL_DEVICE_EXT ? EGL_BAD_ATTRIBUTE : !value ? EGL_BAD_PARAMETER
                                                                     : EGL_SUCCESS;
   if (err == EGL_SUCCESS)
      *value = (EGLAttrib)d->device;
   egl_display_unlock(d);
   return egl_error(err);
}

/* A new fd of a DRM device's render node (the display renders on it
 * through the kms winsys); -1 for the software device or on failure. */
int
egl_device_open(const struct egl_device *dev)
{
   if (dev->software)
      return -1;
   return open(dev->render, O_RDWR | O_CLOEXEC);
}
