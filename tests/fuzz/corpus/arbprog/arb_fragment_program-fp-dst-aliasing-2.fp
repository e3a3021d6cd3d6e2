!!ARBfp1.0
TEMP temp;
MOV temp, program.local[1];
DST temp, program.local[0], temp.xyzy;
MOV result.color, temp;
END

