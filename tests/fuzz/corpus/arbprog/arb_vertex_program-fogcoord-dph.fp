!!ARBfp1.0
MOV result.color, fragment.fogcoord;
END

