/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * testutil.h - placeholder for the shared test helpers; the lead replaces it at merge.
 */
#ifndef TA_TESTUTIL_H
#define TA_TESTUTIL_H
#endif
