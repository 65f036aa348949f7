// SPDX-License-Identifier: GPL-2.0-only
/*
 * fault.c - test-only fault injection in the parse workers (see fault.h).
 */
#include "fault.h"

#ifdef TA_FAULT_INJECTION
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool ta_fault_available(void)
{
	return true;
}

/* Does entry [s, s+n) ask for a fault on rel?  Returns its kind or NULL. */
static const char *entry_kind(const char *s, size_t n, const char *rel, size_t *kind_len)
{
	const char *colon = memchr(s, ':', n);
	size_t sub_len;

	if (!colon)
		return NULL;
	sub_len = n - (size_t)(colon + 1 - s);
	if (sub_len == 0 || !memmem(rel, strlen(rel), colon + 1, sub_len))
		return NULL;
	*kind_len = (size_t)(colon - s);
	return s;
}

void ta_fault_before_parse(const char *rel)
{
	const char *spec = getenv("TA_FAULT");

	while (spec && *spec) {
		const char *end = strchr(spec, ',');
		size_t n = end ? (size_t)(end - spec) : strlen(spec), klen = 0;
		const char *kind = entry_kind(spec, n, rel, &klen);

		if (kind && klen == 5 && memcmp(kind, "crash", 5) == 0)
			raise(SIGSEGV);
		if (kind && klen == 5 && memcmp(kind, "abort", 5) == 0)
			abort();
		if (kind && klen == 4 && memcmp(kind, "kill", 4) == 0)
			raise(SIGKILL);
		if (kind && klen == 4 && memcmp(kind, "hang", 4) == 0)
			for (;;)
				pause();
		spec = end ? end + 1 : NULL;
	}
}
#else
bool ta_fault_available(void)
{
	return false;
}

void ta_fault_before_parse(const char *rel)
{
	(void)rel;
}
#endif
