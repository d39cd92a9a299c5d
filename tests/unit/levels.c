/* levels.c - see levels.h */
#include <math.h>

#include "levels.h"

double levels_weighted(const double at[LEVELS])
{
	double a = 0, b = 0;
	int q;

	for (q = 0; q < LEVELS; q++) {
		a += q * at[q];
		b += at[q];
	}
	return b > 0 ? a / b : NAN;
}
