/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * refcore_irq.h - the reference model of one threaded interrupt requested
 * with request_threaded_irq(..., IRQF_ONESHOT, ...) whose primary handler
 * returns IRQ_WAKE_THREAD (kernel/irq/handle.c, manage.c, chip.c of 6.1).
 *
 * The "schedule" of a tasklet becomes the interrupt itself: an interrupt
 * that arrives while the line is disabled or masked is remembered
 * (IRQS_PENDING) and handled when the line is enabled or unmasked.  The
 * thread runs in process context on the CPU of the interrupt that woke it
 * (irq_thread_check_affinity() follows the interrupt's affinity).
 * struct ta_irq is a plain value owned by the caller.
 */
#ifndef TA_REFCORE_IRQ_H
#define TA_REFCORE_IRQ_H

#include "refcore_model.h"

struct ta_irq {
	uint8_t depth;       /* disable_irq() depth */
	uint8_t masked;      /* IRQF_ONESHOT: masked from the hard handler to the thread's end */
	uint8_t irq_pending; /* IRQS_PENDING: an interrupt arrived while disabled or masked */
	uint8_t runthread;   /* IRQTF_RUNTHREAD */
	int8_t running;      /* the CPU the thread runs its handler on, -1 none */
	int8_t thread_cpu;   /* the CPU of the interrupt that woke the thread */
	uint8_t freed;       /* free_irq() was called */
};

enum ta_irq_op {
	TA_IRQ_HANDLER,     /* the interrupt fires; the primary handler returns IRQ_WAKE_THREAD */
	TA_IRQ_WAKE_THREAD, /* irq_wake_thread() */
	TA_IRQ_DISABLE_NOSYNC, /* disable_irq_nosync() */
	TA_IRQ_DISABLE,        /* disable_irq() */
	TA_IRQ_ENABLE,         /* enable_irq() */
	TA_IRQ_FREE,           /* free_irq() */
	TA_IRQ_SYNCHRONIZE,    /* synchronize_irq() */
	TA_IRQ_NOPS
};

void ta_irq_init(struct ta_irq *q);
struct ta_rc_step ta_irq_call(struct ta_irq *q, enum ta_irq_op op, unsigned phase, int cpu);
/* The IRQ thread of cpu wakes up and runs the thread handler. */
bool ta_irq_thread_start(struct ta_irq *q, int cpu, enum ta_rc_prio *prio);
/* The thread handler returned: irq_finalize_oneshot() unmasks the line. */
void ta_irq_thread_end(struct ta_irq *q, int cpu);

extern const struct ta_rc_model ta_rc_irq_model;

#endif
