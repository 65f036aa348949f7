/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz_util.h - what every libFuzzer target of tasklet-audit shares: the
 * input as a NUL-terminated string (the text parsers take C strings) and a
 * private scratch directory for the readers that take a path.
 */
#ifndef TA_FUZZ_UTIL_H
#define TA_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* A malloc'd copy of data[0..size) with a NUL after it; free() it. */
char *fuzz_text(const uint8_t *data, size_t size);
/* A directory made once per process under $TMPDIR, removed at exit. */
const char *fuzz_dir(void);
/* Write data to fuzz_dir()/name; returns the malloc'd path. */
char *fuzz_file(const char *name, const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
