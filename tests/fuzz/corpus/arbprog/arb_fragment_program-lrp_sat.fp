!!ARBfp1.0
TEMP r0;
LRP_SAT r0, fragment.texcoord[0], fragment.texcoord[1], fragment.texcoord[2];
MUL result.color, 0.5, r0;
END

