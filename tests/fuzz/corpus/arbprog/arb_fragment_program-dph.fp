!!ARBfp1.0
DPH result.color, -fragment.texcoord[0], fragment.texcoord[1];
MOV result.color.w, 1;
END

