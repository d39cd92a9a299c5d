/*
 * model_int.h - what the model files share and nothing outside model/ uses.
 */
#ifndef VMSCOPE_MODEL_INT_H
#define VMSCOPE_MODEL_INT_H

#include "model.h"

/* include/linux/mmzone.h: DEF_PRIORITY 12; swap.h: SWAP_CLUSTER_MAX 32 */
#define DEF_PRIORITY 12
#define SWAP_CLUSTER_MAX 32

/* The 2.6-style estimates of section 3, common to the models. */
void model_estimate(const struct interval_in *in, struct interval_out *out);

#endif
