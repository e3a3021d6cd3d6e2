!!ARBfp1.0
KIL fragment.texcoord[0].xxyy;
KIL fragment.texcoord[1].zwwz;

# green will be neither of the kills occurring, otherwise
# we'll get the blue clear color.
MOV result.color, { 0.0, 1.0, 0.0, 0.0 };
END

