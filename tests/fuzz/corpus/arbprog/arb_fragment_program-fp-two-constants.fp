!!ARBfp1.0
ADD result.color, {1, 0, .25, 0}, {0.5, 0, 1, 0};
END

