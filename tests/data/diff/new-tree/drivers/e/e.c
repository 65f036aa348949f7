// e: converted to a threaded IRQ
static irqreturn_t e_isr(int irq, void *p)
{
	return IRQ_WAKE_THREAD;
}
static irqreturn_t e_rx_handler(int irq, void *p)
{
	return IRQ_HANDLED;
}
static int e_probe(struct e_dev *e)
{
	return request_threaded_irq(e->irq, e_isr, e_rx_handler, IRQF_ONESHOT, "e", e);
}
