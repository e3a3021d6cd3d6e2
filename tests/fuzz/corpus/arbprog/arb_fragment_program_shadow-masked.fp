!!ARBfp1.0
OPTION ARB_fragment_program_shadow;
MOV result.color.xzw, 0.125;
TEX result.color.y, fragment.texcoord[0].xyyy, texture[0], SHADOW2D;
END

