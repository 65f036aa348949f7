/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Corpus stand-in for include/linux/spinlock.h, shaped like v6.1 (SMP, no
 * lock debugging): spin_lock_irqsave() is a macro around spinlock_check()
 * and _raw_spin_lock_irqsave(), the rest are inline functions.
 */
#ifndef _CORPUS_SPINLOCK_H
#define _CORPUS_SPINLOCK_H
typedef struct raw_spinlock {
	int locked;
} raw_spinlock_t;
typedef struct spinlock {
	struct raw_spinlock rlock;
} spinlock_t;
static inline raw_spinlock_t *spinlock_check(spinlock_t *lock)
{
	return &lock->rlock;
}
unsigned long _raw_spin_lock_irqsave(raw_spinlock_t *lock);
void _raw_spin_unlock_irqrestore(raw_spinlock_t *lock, unsigned long flags);
#define spin_lock_irqsave(lock, flags)                                  \
	do {                                                            \
		flags = _raw_spin_lock_irqsave(spinlock_check(lock));   \
	} while (0)
static inline void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags)
{
	_raw_spin_unlock_irqrestore(&lock->rlock, flags);
}
void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
void spin_lock_bh(spinlock_t *l);
void spin_unlock_bh(spinlock_t *l);
#define spin_lock_init(lock) do { spinlock_check(lock); (lock)->rlock.locked = 0; } while (0)
#endif
