/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Corpus stand-in for a subsystem header wrapping another header's macro:
 * DECLARE_KICK_WRAPPED() expands DECLARE_KICK() of average.h, which a
 * walked file naming only this macro does not show.
 */
#ifndef _CORPUS_KICK_H
#define _CORPUS_KICK_H
#include <linux/average.h>
#define DECLARE_KICK_WRAPPED(name, fn, arg) DECLARE_KICK(name, fn, arg)
#endif
