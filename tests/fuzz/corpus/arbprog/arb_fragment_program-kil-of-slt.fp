!!ARBfp1.0
OPTION ARB_precision_hint_fastest;
TEMP	R0;
SLT	R0.xy, fragment.texcoord[0], -program.local[0];
MOV	result.color, program.local[1];
KIL	-R0.xyxx;
END

