// SPDX-License-Identifier: GPL-2.0-only
/*
 * mechanism.c - the mechanism registry's table (mechanism.h) and its
 * look-ups by report name, --to name and reference-core model.
 */
#include "mechanism.h"

#include <stddef.h>
#include <string.h>

/* A mechanism without a reference-core model. */
#define TA_RC_TO_NONE TA_RC_NTARGETS

static const struct {
	const char *name, *to;
	enum ta_rc_target model;
} mechs[TA_MECH_COUNT] = {
#define X(e, report, to, model) [TA_MECH_##e] = {report, to, TA_RC_TO_##model},
	TA_MECH_LIST(X)
#undef X
};

const char *ta_mech_name(enum ta_mech m)
{
	return (unsigned)m < TA_MECH_COUNT ? mechs[m].name : "?";
}

const char *ta_mech_to(enum ta_mech m)
{
	return (unsigned)m < TA_MECH_COUNT ? mechs[m].to : NULL;
}

int ta_mech_from_name(const char *name)
{
	for (int i = 0; name && i < TA_MECH_COUNT; i++)
		if (strcmp(mechs[i].name, name) == 0)
			return i;
	return -1;
}

int ta_mech_from_to(const char *to)
{
	for (int i = 0; to && i < TA_MECH_COUNT; i++)
		if (mechs[i].to && strcmp(mechs[i].to, to) == 0)
			return i;
	return -1;
}

int ta_mech_model(enum ta_mech m, enum ta_rc_target *model)
{
	if ((unsigned)m >= TA_MECH_COUNT || mechs[m].model == TA_RC_TO_NONE)
		return -1;
	if (model)
		*model = mechs[m].model;
	return 0;
}

enum ta_mech ta_mech_of_model(enum ta_rc_target model)
{
	for (int i = 0; i < TA_MECH_COUNT; i++)
		if (mechs[i].model == model && model != TA_RC_TO_NONE)
			return (enum ta_mech)i;
	return TA_MECH_COUNT;
}
