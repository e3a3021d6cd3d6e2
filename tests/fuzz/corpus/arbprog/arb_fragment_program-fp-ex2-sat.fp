!!ARBfp1.0
TEMP temp;
EX2_SAT temp, program.local[0].x;
MAD result.color, temp, {0.5}.x, {0.25}.x;
END

