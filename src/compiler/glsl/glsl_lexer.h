/*
 * The GLSL lexer: the preprocessor's output text -> tokens (docs/glsl.md,
 * "Lexer").
 *
 * Input: plain GLSL text with comments removed, macros expanded, directive
 * lines left empty, and lines "#line N S" (N: the number of the NEXT line,
 * S: the source-string number) wherever numbering changes.  Any other '#'
 * is an error.
 *
 * Which words are keywords, reserved words or plain identifiers depends on
 * the language version; that is data, in GLSL_KEYWORDS and
 * GLSL_RESERVED_WORDS below: each row gives the first desktop and the first
 * ES version in which the word is a keyword, is reserved, and is free again
 * (0: never).  Of the thresholds a version has reached, the latest one
 * decides.  Operators and literal suffixes are gated the same way.  A later
 * version adds rows or changes numbers, not code.
 *
 * Every problem is reported through the glsl_log (message texts in
 * docs/glsl.md).  A token the lexer rejected comes back as GLSL_TOK_ERROR:
 * its message is already in the log, so the parser should not add one.
 */
#ifndef COMPILER_GLSL_GLSL_LEXER_H
#define COMPILER_GLSL_GLSL_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "glsl_front.h"

/*
 * Keywords: K(KIND, spelling, keyword desktop, keyword ES, reserved
 * desktop, reserved ES, free desktop, free ES).  Versions are 110..460 and
 * 100..320; 0 means never.  Sources: GLSL 1.20.8 and ES 1.00.17 section 3.6
 * / 3.7, the 1.20 change list (what 1.10 lacked), GLSL 1.30.10 section 3.6,
 * GLSL ES 3.00.4 section 3.7, GLSL 4.60 / ES 3.20 section 3.6; versions
 * between those are cross-checked against later lists (docs/glsl.md).
 */
#define GLSL_KEYWORDS(K)                                                       \
   K(ATTRIBUTE, "attribute", 110, 100, 0, 300, 0, 0)                           \
   K(CONST, "const", 110, 100, 0, 0, 0, 0)                                     \
   K(UNIFORM, "uniform", 110, 100, 0, 0, 0, 0)                                 \
   K(VARYING, "varying", 110, 100, 0, 300, 0, 0)                               \
   K(BUFFER, "buffer", 430, 310, 0, 0, 0, 0)                                   \
   K(SHARED, "shared", 430, 310, 0, 0, 0, 0)                                   \
   K(COHERENT, "coherent", 420, 310, 0, 300, 0, 0)                             \
   K(VOLATILE, "volatile", 420, 310, 110, 100, 0, 0)                           \
   K(RESTRICT, "restrict", 420, 310, 0, 300, 0, 0)                             \
   K(READONLY, "readonly", 420, 310, 0, 300, 0, 0)                             \
   K(WRITEONLY, "writeonly", 420, 310, 0, 300, 0, 0)                           \
   K(ATOMIC_UINT, "atomic_uint", 420, 310, 0, 300, 0, 0)                       \
   K(LAYOUT, "layout", 140, 300, 0, 0, 0, 0)                                   \
   K(CENTROID, "centroid", 120, 300, 0, 0, 0, 0)                               \
   K(FLAT, "flat", 130, 300, 0, 100, 0, 0)                                     \
   K(SMOOTH, "smooth", 130, 300, 0, 0, 0, 0)                                   \
   K(NOPERSPECTIVE, "noperspective", 130, 0, 0, 300, 0, 0)                     \
   K(PATCH, "patch", 400, 320, 0, 300, 0, 0)                                   \
   K(SAMPLE, "sample", 400, 320, 0, 300, 0, 0)                                 \
   K(INVARIANT, "invariant", 120, 100, 0, 0, 0, 0)                             \
   K(PRECISE, "precise", 400, 320, 0, 310, 0, 0)                               \
   K(BREAK, "break", 110, 100, 0, 0, 0, 0)                                     \
   K(CONTINUE, "continue", 110, 100, 0, 0, 0, 0)                               \
   K(DO, "do", 110, 100, 0, 0, 0, 0)                                           \
   K(FOR, "for", 110, 100, 0, 0, 0, 0)                                         \
   K(WHILE, "while", 110, 100, 0, 0, 0, 0)                                     \
   K(SWITCH, "switch", 130, 300, 110, 100, 0, 0)                               \
   K(CASE, "case", 130, 300, 0, 0, 0, 0)                                       \
   K(DEFAULT, "default", 130, 300, 110, 100, 0, 0)                             \
   K(IF, "if", 110, 100, 0, 0, 0, 0)                                           \
   K(ELSE, "else", 110, 100, 0, 0, 0, 0)                                       \
   K(SUBROUTINE, "subroutine", 400, 0, 0, 300, 0, 0)                           \
   K(IN, "in", 110, 100, 0, 0, 0, 0)                                           \
   K(OUT, "out", 110, 100, 0, 0, 0, 0)                                         \
   K(INOUT, "inout", 110, 100, 0, 0, 0, 0)                                     \
   K(INT, "int", 110, 100, 0, 0, 0, 0)                                         \
   K(VOID, "void", 110, 100, 0, 0, 0, 0)                                       \
   K(BOOL, "bool", 110, 100, 0, 0, 0, 0)                                       \
   K(FLOAT, "float", 110, 100, 0, 0, 0, 0)                                     \
   K(DOUBLE, "double", 400, 0, 110, 100, 0, 0)                                 \
   K(DISCARD, "discard", 110, 100, 0, 0, 0, 0)                                 \
   K(RETURN, "return", 110, 100, 0, 0, 0, 0)                                   \
   K(STRUCT, "struct", 110, 100, 0, 0, 0, 0)                                   \
   K(VEC2, "vec2", 110, 100, 0, 0, 0, 0)                                       \
   K(VEC3, "vec3", 110, 100, 0, 0, 0, 0)                                       \
   K(VEC4, "vec4", 110, 100, 0, 0, 0, 0)                                       \
   K(IVEC2, "ivec2", 110, 100, 0, 0, 0, 0)                                     \
   K(IVEC3, "ivec3", 110, 100, 0, 0, 0, 0)                                     \
   K(IVEC4, "ivec4", 110, 100, 0, 0, 0, 0)                                     \
   K(BVEC2, "bvec2", 110, 100, 0, 0, 0, 0)                                     \
   K(BVEC3, "bvec3", 110, 100, 0, 0, 0, 0)                                     \
   K(BVEC4, "bvec4", 110, 100, 0, 0, 0, 0)                                     \
   K(UINT, "uint", 130, 300, 0, 0, 0, 0)                                       \
   K(UVEC2, "uvec2", 130, 300, 0, 0, 0, 0)                                     \
   K(UVEC3, "uvec3", 130, 300, 0, 0, 0, 0)                                     \
   K(UVEC4, "uvec4", 130, 300, 0, 0, 0, 0)                                     \
   K(DVEC2, "dvec2", 400, 0, 110, 100, 0, 0)                                   \
   K(DVEC3, "dvec3", 400, 0, 110, 100, 0, 0)                                   \
   K(DVEC4, "dvec4", 400, 0, 110, 100, 0, 0)                                   \
   K(MAT2, "mat2", 110, 100, 0, 0, 0, 0)                                       \
   K(MAT3, "mat3", 110, 100, 0, 0, 0, 0)                                       \
   K(MAT4, "mat4", 110, 100, 0, 0, 0, 0)                                       \
   K(MAT2X2, "mat2x2", 120, 300, 0, 0, 0, 0)                                   \
   K(MAT2X3, "mat2x3", 120, 300, 0, 0, 0, 0)                                   \
   K(MAT2X4, "mat2x4", 120, 300, 0, 0, 0, 0)                                   \
   K(MAT3X2, "mat3x2", 120, 300, 0, 0, 0, 0)                                   \
   K(MAT3X3, "mat3x3", 120, 300, 0, 0, 0, 0)                                   \
   K(MAT3X4, "mat3x4", 120, 300, 0, 0, 0, 0)                                   \
   K(MAT4X2, "mat4x2", 120, 300, 0, 0, 0, 0)                                   \
   K(MAT4X3, "mat4x3", 120, 300, 0, 0, 0, 0)                                   \
   K(MAT4X4, "mat4x4", 120, 300, 0, 0, 0, 0)                                   \
   K(DMAT2, "dmat2", 400, 0, 0, 320, 0, 0)                                     \
   K(DMAT3, "dmat3", 400, 0, 0, 320, 0, 0)                                     \
   K(DMAT4, "dmat4", 400, 0, 0, 320, 0, 0)                                     \
   K(DMAT2X2, "dmat2x2", 400, 0, 0, 320, 0, 0)                                 \
   K(DMAT2X3, "dmat2x3", 400, 0, 0, 320, 0, 0)                                 \
   K(DMAT2X4, "dmat2x4", 400, 0, 0, 320, 0, 0)                                 \
   K(DMAT3X2, "dmat3x2", 400, 0, 0, 320, 0, 0)                                 \
   K(DMAT3X3, "dmat3x3", 400, 0, 0, 320, 0, 0)                                 \
   K(DMAT3X4, "dmat3x4", 400, 0, 0, 320, 0, 0)                                 \
   K(DMAT4X2, "dmat4x2", 400, 0, 0, 320, 0, 0)                                 \
   K(DMAT4X3, "dmat4x3", 400, 0, 0, 320, 0, 0)                                 \
   K(DMAT4X4, "dmat4x4", 400, 0, 0, 320, 0, 0)                                 \
   K(LOWP, "lowp", 130, 100, 120, 0, 0, 0)                                     \
   K(MEDIUMP, "mediump", 130, 100, 120, 0, 0, 0)                               \
   K(HIGHP, "highp", 130, 100, 120, 0, 0, 0)                                   \
   K(PRECISION, "precision", 130, 100, 120, 0, 0, 0)                           \
   K(SAMPLER1D, "sampler1D", 110, 0, 0, 100, 0, 0)                             \
   K(SAMPLER1DSHADOW, "sampler1DShadow", 110, 0, 0, 100, 0, 0)                 \
   K(SAMPLER1DARRAY, "sampler1DArray", 130, 0, 0, 300, 0, 0)                   \
   K(SAMPLER1DARRAYSHADOW, "sampler1DArrayShadow", 130, 0, 0, 300, 0, 0)       \
   K(ISAMPLER1D, "isampler1D", 130, 0, 0, 300, 0, 0)                           \
   K(ISAMPLER1DARRAY, "isampler1DArray", 130, 0, 0, 300, 0, 0)                 \
   K(USAMPLER1D, "usampler1D", 130, 0, 0, 300, 0, 0)                           \
   K(USAMPLER1DARRAY, "usampler1DArray", 130, 0, 0, 300, 0, 0)                 \
   K(SAMPLER2D, "sampler2D", 110, 100, 0, 0, 0, 0)                             \
   K(SAMPLER2DSHADOW, "sampler2DShadow", 110, 300, 0, 100, 0, 0)               \
   K(SAMPLER2DARRAY, "sampler2DArray", 130, 300, 0, 0, 0, 0)                   \
   K(SAMPLER2DARRAYSHADOW, "sampler2DArrayShadow", 130, 300, 0, 0, 0, 0)       \
   K(ISAMPLER2D, "isampler2D", 130, 300, 0, 0, 0, 0)                           \
   K(ISAMPLER2DARRAY, "isampler2DArray", 130, 300, 0, 0, 0, 0)                 \
   K(USAMPLER2D, "usampler2D", 130, 300, 0, 0, 0, 0)                           \
   K(USAMPLER2DARRAY, "usampler2DArray", 130, 300, 0, 0, 0, 0)                 \
   K(SAMPLER2DRECT, "sampler2DRect", 140, 0, 110, 100, 0, 0)                   \
   K(SAMPLER2DRECTSHADOW, "sampler2DRectShadow", 140, 0, 110, 100, 0, 0)       \
   K(ISAMPLER2DRECT, "isampler2DRect", 140, 0, 0, 300, 0, 0)                   \
   K(USAMPLER2DRECT, "usampler2DRect", 140, 0, 0, 300, 0, 0)                   \
   K(SAMPLER2DMS, "sampler2DMS", 150, 310, 0, 300, 0, 0)                       \
   K(ISAMPLER2DMS, "isampler2DMS", 150, 310, 0, 300, 0, 0)                     \
   K(USAMPLER2DMS, "usampler2DMS", 150, 310, 0, 300, 0, 0)                     \
   K(SAMPLER2DMSARRAY, "sampler2DMSArray", 150, 320, 0, 300, 0, 0)             \
   K(ISAMPLER2DMSARRAY, "isampler2DMSArray", 150, 320, 0, 300, 0, 0)           \
   K(USAMPLER2DMSARRAY, "usampler2DMSArray", 150, 320, 0, 300, 0, 0)           \
   K(SAMPLER3D, "sampler3D", 110, 300, 0, 100, 0, 0)                           \
   K(ISAMPLER3D, "isampler3D", 130, 300, 0, 0, 0, 0)                           \
   K(USAMPLER3D, "usampler3D", 130, 300, 0, 0, 0, 0)                           \
   K(SAMPLERCUBE, "samplerCube", 110, 100, 0, 0, 0, 0)                         \
   K(SAMPLERCUBESHADOW, "samplerCubeShadow", 130, 300, 0, 0, 0, 0)             \
   K(ISAMPLERCUBE, "isamplerCube", 130, 300, 0, 0, 0, 0)                       \
   K(USAMPLERCUBE, "usamplerCube", 130, 300, 0, 0, 0, 0)                       \
   K(SAMPLERCUBEARRAY, "samplerCubeArray", 400, 320, 0, 310, 0, 0)             \
   K(SAMPLERCUBEARRAYSHADOW, "samplerCubeArrayShadow", 400, 320, 0, 310, 0, 0) \
   K(ISAMPLERCUBEARRAY, "isamplerCubeArray", 400, 320, 0, 310, 0, 0)           \
   K(USAMPLERCUBEARRAY, "usamplerCubeArray", 400, 320, 0, 310, 0, 0)           \
   K(SAMPLERBUFFER, "samplerBuffer", 140, 320, 130, 300, 0, 0)                 \
   K(ISAMPLERBUFFER, "isamplerBuffer", 140, 320, 0, 300, 0, 0)                 \
   K(USAMPLERBUFFER, "usamplerBuffer", 140, 320, 0, 300, 0, 0)                 \
   K(SAMPLEREXTERNALOES, "samplerExternalOES", 0, 0, 0, 0, 0, 0)               \
   K(IMAGE1D, "image1D", 420, 0, 130, 300, 0, 0)                               \
   K(IIMAGE1D, "iimage1D", 420, 0, 130, 300, 0, 0)                             \
   K(UIMAGE1D, "uimage1D", 420, 0, 130, 300, 0, 0)                             \
   K(IMAGE1DARRAY, "image1DArray", 420, 0, 130, 300, 0, 0)                     \
   K(IIMAGE1DARRAY, "iimage1DArray", 420, 0, 130, 300, 0, 0)                   \
   K(UIMAGE1DARRAY, "uimage1DArray", 420, 0, 130, 300, 0, 0)                   \
   K(IMAGE2D, "image2D", 420, 310, 130, 300, 0, 0)                             \
   K(IIMAGE2D, "iimage2D", 420, 310, 130, 300, 0, 0)                           \
   K(UIMAGE2D, "uimage2D", 420, 310, 130, 300, 0, 0)                           \
   K(IMAGE2DARRAY, "image2DArray", 420, 310, 130, 300, 0, 0)                   \
   K(IIMAGE2DARRAY, "iimage2DArray", 420, 310, 130, 300, 0, 0)                 \
   K(UIMAGE2DARRAY, "uimage2DArray", 420, 310, 130, 300, 0, 0)                 \
   K(IMAGE2DRECT, "image2DRect", 420, 0, 0, 320, 0, 0)                         \
   K(IIMAGE2DRECT, "iimage2DRect", 420, 0, 0, 320, 0, 0)                       \
   K(UIMAGE2DRECT, "uimage2DRect", 420, 0, 0, 320, 0, 0)                       \
   K(IMAGE2DMS, "image2DMS", 420, 0, 0, 320, 0, 0)                             \
   K(IIMAGE2DMS, "iimage2DMS", 420, 0, 0, 320, 0, 0)                           \
   K(UIMAGE2DMS, "uimage2DMS", 420, 0, 0, 320, 0, 0)                           \
   K(IMAGE2DMSARRAY, "image2DMSArray", 420, 0, 0, 320, 0, 0)                   \
   K(IIMAGE2DMSARRAY, "iimage2DMSArray", 420, 0, 0, 320, 0, 0)                 \
   K(UIMAGE2DMSARRAY, "uimage2DMSArray", 420, 0, 0, 320, 0, 0)                 \
   K(IMAGE3D, "image3D", 420, 310, 130, 300, 0, 0)                             \
   K(IIMAGE3D, "iimage3D", 420, 310, 130, 300, 0, 0)                           \
   K(UIMAGE3D, "uimage3D", 420, 310, 130, 300, 0, 0)                           \
   K(IMAGECUBE, "imageCube", 420, 310, 130, 300, 0, 0)                         \
   K(IIMAGECUBE, "iimageCube", 420, 310, 130, 300, 0, 0)                       \
   K(UIMAGECUBE, "uimageCube", 420, 310, 130, 300, 0, 0)                       \
   K(IMAGECUBEARRAY, "imageCubeArray", 420, 320, 0, 0, 0, 0)                   \
   K(IIMAGECUBEARRAY, "iimageCubeArray", 420, 320, 0, 0, 0, 0)                 \
   K(UIMAGECUBEARRAY, "uimageCubeArray", 420, 320, 0, 0, 0, 0)                 \
   K(IMAGEBUFFER, "imageBuffer", 420, 320, 130, 300, 0, 0)                     \
   K(IIMAGEBUFFER, "iimageBuffer", 420, 320, 130, 300, 0, 0)                   \
   K(UIMAGEBUFFER, "uimageBuffer", 420, 320, 130, 300, 0, 0)

/* Words that are only ever reserved (never a keyword): R(spelling,
 * reserved desktop, reserved ES, free desktop, free ES). */
#define GLSL_RESERVED_WORDS(R)                                                 \
   R("asm", 110, 100, 0, 0)                                                    \
   R("class", 110, 100, 0, 0)                                                  \
   R("union", 110, 100, 0, 0)                                                  \
   R("enum", 110, 100, 0, 0)                                                   \
   R("typedef", 110, 100, 0, 0)                                                \
   R("template", 110, 100, 0, 0)                                               \
   R("this", 110, 100, 0, 0)                                                   \
   R("packed", 110, 100, 140, 300)                                             \
   R("goto", 110, 100, 0, 0)                                                   \
   R("inline", 110, 100, 0, 0)                                                 \
   R("noinline", 110, 100, 0, 0)                                               \
   R("public", 110, 100, 0, 0)                                                 \
   R("static", 110, 100, 0, 0)                                                 \
   R("extern", 110, 100, 0, 0)                                                 \
   R("external", 110, 100, 0, 0)                                               \
   R("interface", 110, 100, 0, 0)                                              \
   R("long", 110, 100, 0, 0)                                                   \
   R("short", 110, 100, 0, 0)                                                  \
   R("half", 110, 100, 0, 0)                                                   \
   R("fixed", 110, 100, 0, 0)                                                  \
   R("unsigned", 110, 100, 0, 0)                                               \
   R("superp", 130, 100, 0, 0)                                                 \
   R("input", 110, 100, 0, 0)                                                  \
   R("output", 110, 100, 0, 0)                                                 \
   R("hvec2", 110, 100, 0, 0)                                                  \
   R("hvec3", 110, 100, 0, 0)                                                  \
   R("hvec4", 110, 100, 0, 0)                                                  \
   R("fvec2", 110, 100, 0, 0)                                                  \
   R("fvec3", 110, 100, 0, 0)                                                  \
   R("fvec4", 110, 100, 0, 0)                                                  \
   R("sampler3DRect", 110, 100, 0, 0)                                          \
   R("sizeof", 110, 100, 0, 0)                                                 \
   R("cast", 110, 100, 0, 0)                                                   \
   R("namespace", 110, 100, 0, 0)                                              \
   R("using", 110, 100, 0, 0)                                                  \
   R("common", 130, 300, 0, 0)                                                 \
   R("partition", 130, 300, 0, 0)                                              \
   R("active", 130, 300, 0, 0)                                                 \
   R("filter", 130, 300, 0, 0)                                                 \
   R("row_major", 130, 0, 140, 0)                                              \
   R("image1DShadow", 130, 300, 420, 320)                                      \
   R("image2DShadow", 130, 300, 420, 320)                                      \
   R("image1DArrayShadow", 130, 300, 420, 320)                                 \
   R("image2DArrayShadow", 130, 300, 420, 320)                                 \
   R("resource", 420, 300, 0, 0)

/*
 * Operators and punctuators: O(KIND, spelling, first desktop, first ES).
 * Before those versions the operator is reserved (GLSL 1.20.8 / ES 1.00.17
 * section 5.1: "Those marked reserved are illegal").
 */
#define GLSL_OPERATORS(O)                                                      \
   O(LEFT_PAREN, "(", 110, 100)                                                \
   O(RIGHT_PAREN, ")", 110, 100)                                               \
   O(LEFT_BRACKET, "[", 110, 100)                                              \
   O(RIGHT_BRACKET, "]", 110, 100)                                             \
   O(LEFT_BRACE, "{", 110, 100)                                                \
   O(RIGHT_BRACE, "}", 110, 100)                                               \
   O(DOT, ".", 110, 100)                                                       \
   O(COMMA, ",", 110, 100)                                                     \
   O(COLON, ":", 110, 100)                                                     \
   O(SEMICOLON, ";", 110, 100)                                                 \
   O(QUESTION, "?", 110, 100)                                                  \
   O(PLUS, "+", 110, 100)                                                      \
   O(DASH, "-", 110, 100)                                                      \
   O(STAR, "*", 110, 100)                                                      \
   O(SLASH, "/", 110, 100)                                                     \
   O(PERCENT, "%", 130, 300)                                                   \
   O(LEFT_ANGLE, "<", 110, 100)                                                \
   O(RIGHT_ANGLE, ">", 110, 100)                                               \
   O(LE_OP, "<=", 110, 100)                                                    \
   O(GE_OP, ">=", 110, 100)                                                    \
   O(EQ_OP, "==", 110, 100)                                                    \
   O(NE_OP, "!=", 110, 100)                                                    \
   O(AND_OP, "&&", 110, 100)                                                   \
   O(OR_OP, "||", 110, 100)                                                    \
   O(XOR_OP, "^^", 110, 100)                                                   \
   O(BANG, "!", 110, 100)                                                      \
   O(TILDE, "~", 130, 300)                                                     \
   O(AMPERSAND, "&", 130, 300)                                                 \
   O(VERTICAL_BAR, "|", 130, 300)                                              \
   O(CARET, "^", 130, 300)                                                     \
   O(LEFT_OP, "<<", 130, 300)                                                  \
   O(RIGHT_OP, ">>", 130, 300)                                                 \
   O(INC_OP, "++", 110, 100)                                                   \
   O(DEC_OP, "--", 110, 100)                                                   \
   O(EQUAL, "=", 110, 100)                                                     \
   O(ADD_ASSIGN, "+=", 110, 100)                                               \
   O(SUB_ASSIGN, "-=", 110, 100)                                               \
   O(MUL_ASSIGN, "*=", 110, 100)                                               \
   O(DIV_ASSIGN, "/=", 110, 100)                                               \
   O(MOD_ASSIGN, "%=", 130, 300)                                               \
   O(LEFT_ASSIGN, "<<=", 130, 300)                                             \
   O(RIGHT_ASSIGN, ">>=", 130, 300)                                            \
   O(AND_ASSIGN, "&=", 130, 300)                                               \
   O(OR_ASSIGN, "|=", 130, 300)                                                \
   O(XOR_ASSIGN, "^=", 130, 300)

/*
 * Extensions that turn words into keywords while enabled: E(name of the
 * extension, KIND).  An enabled extension's word is a keyword whatever its
 * status in the version (e.g. sampler2DRect, reserved in 1.10).
 */
#define GLSL_EXTENSION_KEYWORDS(E)                                             \
   E("GL_ARB_texture_rectangle", SAMPLER2DRECT)                                \
   E("GL_ARB_texture_rectangle", SAMPLER2DRECTSHADOW)                          \
   E("GL_OES_texture_3D", SAMPLER3D)                                           \
   E("GL_EXT_texture_array", SAMPLER1DARRAY)                                   \
   E("GL_EXT_texture_array", SAMPLER2DARRAY)                                   \
   E("GL_EXT_texture_array", SAMPLER1DARRAYSHADOW)                             \
   E("GL_EXT_texture_array", SAMPLER2DARRAYSHADOW)                             \
   E("GL_ARB_texture_cube_map_array", SAMPLERCUBEARRAY)                        \
   E("GL_ARB_texture_cube_map_array", SAMPLERCUBEARRAYSHADOW)                  \
   E("GL_ARB_texture_cube_map_array", ISAMPLERCUBEARRAY)                       \
   E("GL_ARB_texture_cube_map_array", USAMPLERCUBEARRAY)                       \
   E("GL_ARB_texture_multisample", SAMPLER2DMS)                                \
   E("GL_ARB_texture_multisample", ISAMPLER2DMS)                               \
   E("GL_ARB_texture_multisample", USAMPLER2DMS)                               \
   E("GL_ARB_texture_multisample", SAMPLER2DMSARRAY)                           \
   E("GL_ARB_texture_multisample", ISAMPLER2DMSARRAY)                          \
   E("GL_ARB_texture_multisample", USAMPLER2DMSARRAY)                          \
   E("GL_EXT_shadow_samplers", SAMPLER2DSHADOW)                                \
   E("GL_OES_EGL_image_external", SAMPLEREXTERNALOES)                          \
   E("GL_OES_EGL_image_external_essl3", SAMPLEREXTERNALOES)                    \
   E("GL_ARB_explicit_attrib_location", LAYOUT)                                \
   E("GL_EXT_shader_framebuffer_fetch_non_coherent", LAYOUT)                   \
   E("GL_ARB_uniform_buffer_object", LAYOUT)                                   \
   E("GL_ARB_fragment_coord_conventions", LAYOUT)

/* Reserved words an extension makes identifiers again, as the version that
 * took the feature into core did: F(extension, spelling).  "packed" and
 * "row_major" are reserved before GLSL 1.40, which frees them for
 * layout(packed) and layout(row_major). */
#define GLSL_EXTENSION_FREED_WORDS(F)                                          \
   F("GL_ARB_uniform_buffer_object", "packed")                                 \
   F("GL_ARB_uniform_buffer_object", "row_major")

#define GLSL_TOK_ENUM_K(kind, ...) GLSL_TOK_##kind,
#define GLSL_TOK_ENUM_O(kind, ...) GLSL_TOK_##kind,

enum glsl_token_kind {
   GLSL_TOK_EOF,
   GLSL_TOK_ERROR,        /* rejected input; its message is in the log */
   GLSL_TOK_IDENTIFIER,   /* text: the spelling */
   GLSL_TOK_INTCONST,     /* value.u: the 32-bit pattern (int) */
   GLSL_TOK_UINTCONST,    /* value.u: the value ('u' suffix) */
   GLSL_TOK_FLOATCONST,   /* value.d: the value rounded to float */
   GLSL_TOK_DOUBLECONST,  /* value.d ('lf' suffix) */
   GLSL_TOK_BOOLCONST,    /* value.b: true / false */
   GLSL_OPERATORS(GLSL_TOK_ENUM_O)
   GLSL_KEYWORDS(GLSL_TOK_ENUM_K)
   GLSL_NUM_TOKEN_KINDS
};

struct glsl_token {
   enum glsl_token_kind kind;
   struct glsl_loc loc;    /* of the first byte */
   /* Identifiers and constants: the spelling, in the arena.  Keywords and
    * operators: their static spelling.  EOF and ERROR: "". */
   const char *text;
   union {
      uint64_t u;
      double d;
      bool b;
   } value;
};

/* Longest identifier accepted (ES 3.00+: the spec's limit; elsewhere an
 * implementation limit, allowed by GLSL 4.x; docs/glsl.md). */
#define GLSL_LEXER_MAX_IDENTIFIER 1024

/* Public so that callers can keep it on the stack; the fields are the
 * lexer's own. */
struct glsl_lexer {
   struct glsl_arena *arena;
   struct glsl_log *log;
   const char *text;
   size_t len, pos;
   size_t line_start;          /* offset of the current line's first byte */
   uint32_t line, source;
   bool line_has_token;        /* something but blanks before pos on the line */
   bool done;                  /* EOF returned */
   struct glsl_version version;
   enum glsl_stage stage;
   uint32_t extensions;        /* bit i: the i-th distinct extension name */
   uint32_t freed;             /* bit i: GLSL_EXTENSION_FREED_WORDS row i enabled */
   uint8_t *word_status;       /* per word of the tables, for this version */
   uint16_t *hash;             /* word index + 1, open addressing */
   unsigned hash_mask;
   uint8_t op_first[128][4];   /* operator index + 1 by first character */
};

/*
 * Starts lexing text[0..len) (NUL bytes in it are errors, not the end).
 * Allocates from the arena: call it inside glsl_arena_run.
 */
void glsl_lexer_init(struct glsl_lexer *lx, struct glsl_arena *a, struct glsl_log *log,
                     const char *text, size_t len, struct glsl_version version,
                     enum glsl_stage stage);

/*
 * Enables an extension's keywords (GLSL_EXTENSION_KEYWORDS) from the next
 * token on.  False when the lexer knows no keyword of that extension.
 */
bool glsl_lexer_enable_extension(struct glsl_lexer *lx, const char *name);

/* The next token; false (and *out = EOF) once EOF has been returned. */
bool glsl_lexer_next(struct glsl_lexer *lx, struct glsl_token *out);

/* "'const'", "'+='", "identifier", "integer constant", "end of file" ... */
const char *glsl_token_name(enum glsl_token_kind k);

#endif
