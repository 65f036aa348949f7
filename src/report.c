// SPDX-License-Identifier: GPL-2.0-only
/*
 * report.c - the table of report back ends, chosen by name (--format).
 */
#include "report.h"

#include <string.h>

#include "report_sarif.h"

static const struct ta_report_ops *const backends[] = {&ta_report_text, &ta_report_json,
						       &ta_report_sarif};

const struct ta_report_ops *ta_report_find(const char *name)
{
	for (size_t i = 0; i < sizeof(backends) / sizeof(*backends); i++)
		if (strcmp(backends[i]->name, name) == 0)
			return backends[i];
	return NULL;
}
