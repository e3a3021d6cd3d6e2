/* GL_OES_mapbuffer through an ES 1.1 context (map_buffer_oes.h). */
#include "map_buffer_oes.h"

int
main(void)
{
   return map_buffer_oes_case(REGRESS_GLES1, "map-buffer-oes-es1");
}
