!!ARBfp1.0
TEMP temp;
MOV temp, program.local[0];
DST temp, temp.xyyw, program.local[1];
MOV result.color, temp;
END

