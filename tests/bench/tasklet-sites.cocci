// SPDX-License-Identifier: GPL-2.0-only
// The tasklet sites Coccinelle can find: the comparison point of
// tests/bench/bench.sh (init, setup, DECLARE_TASKLET*, schedule, hi_schedule,
// disable/enable/kill).  Report mode: one line per site.
virtual report

@r depends on report@
expression T, F, D;
position p;
@@
(
tasklet_init@p(T, F, D)
|
tasklet_setup@p(T, F)
|
tasklet_schedule@p(T)
|
tasklet_hi_schedule@p(T)
|
tasklet_disable@p(T)
|
tasklet_enable@p(T)
|
tasklet_kill@p(T)
)

@script:python depends on r@
p << r.p;
@@
print("%s:%s" % (p[0].file, p[0].line))

@d depends on report@
declarer name DECLARE_TASKLET, DECLARE_TASKLET_OLD, DECLARE_TASKLET_DISABLED, DECLARE_TASKLET_DISABLED_OLD;
identifier N;
expression F;
position p;
@@
(
DECLARE_TASKLET@p(N, F);
|
DECLARE_TASKLET_OLD@p(N, F);
|
DECLARE_TASKLET_DISABLED@p(N, F);
|
DECLARE_TASKLET_DISABLED_OLD@p(N, F);
)

@script:python depends on d@
p << d.p;
@@
print("%s:%s" % (p[0].file, p[0].line))
