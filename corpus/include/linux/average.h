/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Corpus stand-in for include/linux/average.h: a macro that defines inline
 * functions, as DECLARE_EWMA() and TRACE_EVENT() do.  The indexer parses
 * with such bodies stripped (src/hdrstrip.c) unless a walked file expands
 * the macro (the word that would keep it whole appears nowhere here).
 */
#ifndef _CORPUS_AVERAGE_H
#define _CORPUS_AVERAGE_H
#define DECLARE_KICK(name, fn, arg)					\
	static inline void kick_##name(void)				\
	{								\
		fn(arg);						\
	}
#endif
