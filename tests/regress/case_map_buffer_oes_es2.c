/* GL_OES_mapbuffer through an ES 2.0 context (map_buffer_oes.h). */
#include "map_buffer_oes.h"

int
main(void)
{
   return map_buffer_oes_case(REGRESS_GLES2, "map-buffer-oes-es2");
}
