!!ARBfp1.0
TEMP	R0;
MOV	R0, fragment.position;
MOV	result.color,fragment.texcoord[1];
END

