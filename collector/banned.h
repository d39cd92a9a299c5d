/*
 * banned.h - functions this tree must not use (after git's banned.h).
 * sprintf/strcpy/strcat overflow silently, strtok keeps hidden state, and
 * system() hands a built string to a shell.  Every .c file includes it
 * after all other headers, so that the system prototypes are not rewritten.
 */
#ifndef VMSCOPE_BANNED_H
#define VMSCOPE_BANNED_H

#define BANNED(func) sorry_##func##_is_a_banned_function

#undef sprintf
#define sprintf(...) BANNED(sprintf)
#undef strcpy
#define strcpy(x, y) BANNED(strcpy)
#undef strcat
#define strcat(x, y) BANNED(strcat)
#undef strtok
#define strtok(x, y) BANNED(strtok)
#undef system
#define system(x) BANNED(system)

#endif
