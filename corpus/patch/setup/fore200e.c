// SPDX-License-Identifier: GPL-2.0-only
/*
 * From seed 007, drivers/atm/fore200e.c: the function name on its own line,
 * 4-space indentation, and a second cast of data that becomes the variable.
 */
#include <linux/interrupt.h>
#include <linux/spinlock.h>

#define FORE200E_USE_TASKLET

struct fore200e {
    spinlock_t q_lock;
    int number;
    struct tasklet_struct tx_tasklet;
    struct tasklet_struct rx_tasklet;
};

static void fore200e_tx_irq(struct fore200e *fore200e)
{
    fore200e->number++;
}

static void fore200e_rx_irq(struct fore200e *fore200e)
{
    fore200e->number--;
}

#ifdef FORE200E_USE_TASKLET
static void
fore200e_tx_tasklet(unsigned long data)
{
    struct fore200e* fore200e = (struct fore200e*) data;
    unsigned long flags;

    spin_lock_irqsave(&fore200e->q_lock, flags);
    fore200e_tx_irq(fore200e);
    spin_unlock_irqrestore(&fore200e->q_lock, flags);
}


static void
fore200e_rx_tasklet(unsigned long data)
{
    struct fore200e* fore200e = (struct fore200e*) data;
    unsigned long    flags;

    spin_lock_irqsave(&fore200e->q_lock, flags);
    fore200e_rx_irq((struct fore200e*) data);
    spin_unlock_irqrestore(&fore200e->q_lock, flags);
}
#endif

int fore200e_irq_request(struct fore200e *fore200e)
{
#ifdef FORE200E_USE_TASKLET
    tasklet_init(&fore200e->tx_tasklet, fore200e_tx_tasklet, (unsigned long)fore200e);
    tasklet_init(&fore200e->rx_tasklet, fore200e_rx_tasklet, (unsigned long)fore200e);
#endif
    return 0;
}
