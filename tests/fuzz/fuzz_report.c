// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_report.c - the JSON report reader (used by review and diff) on
 * arbitrary bytes: it must load a model or name the problem.
 */
#include "fuzz_util.h"

#include "audit.h"
#include "report_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	ta_audit *a = NULL;

	(void)ta_report_parse("fuzz.json", (const char *)data, size, &a);
	ta_audit_free(&a);
	return 0;
}
