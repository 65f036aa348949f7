// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_subjects.c - the subject rules loader (subjects.json) on arbitrary
 * text, then a prefix, a unique subject and a core intro through what it
 * loaded, and the subject-line prefix reader on the same text.
 */
#include "fuzz_util.h"

#include "subject.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	ta_subjects *s = ta_subjects_parse("subjects.json", text, NULL);
	static const char *const paths[] = {"drivers/dma/qcom/hidma.h", "drivers/dma/qcom/hidma.c",
					    "drivers/dma/qcom/hidma_ll.c"};

	free(ta_subject_prefix_of(text));
	if (s) {
		char *p = ta_subject_prefix(s, paths, 3, NULL);
		free(ta_subject_claim(s, p, "Convert", paths, 3));
		free(ta_subject_claim(s, p, "Convert", paths, 3));
		free(ta_subject_core_intro(s, paths, 1, "bh"));
		free(p);
	}
	ta_subjects_free(&s);
	free(text);
	return 0;
}
