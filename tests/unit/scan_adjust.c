/* scan_adjust.c - see scan_adjust.h */
#include "scan_adjust.h"

void scan_adjust(unsigned long nr[2], const unsigned long targets[2])
{
	int t = nr[1] > nr[0] ? 0 : 1;             /* the smaller */
	unsigned long pct = nr[t] * 100 / (targets[t] + 1), done;

	nr[t] = 0;
	done = targets[!t] - nr[!t];
	nr[!t] = targets[!t] * (100 - pct) / 100;
	nr[!t] -= nr[!t] < done ? nr[!t] : done;
}
