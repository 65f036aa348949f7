/* SPDX-License-Identifier: GPL-2.0-only */
/* Corpus stand-in for include/linux/spinlock.h. */
#ifndef _CORPUS_SPINLOCK_H
#define _CORPUS_SPINLOCK_H
typedef struct { int locked; } spinlock_t;
void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
void spin_lock_bh(spinlock_t *l);
void spin_unlock_bh(spinlock_t *l);
void spin_lock_irqsave_fn(spinlock_t *l, unsigned long *flags);
#define spin_lock_irqsave(l, f) spin_lock_irqsave_fn(l, &(f))
void spin_unlock_irqrestore(spinlock_t *l, unsigned long flags);
#endif
