// h: the tasklet is gone and nothing replaces it (the work is done inline)
static void h_irq(struct h_dev *h)
{
	h_process(h);
}
