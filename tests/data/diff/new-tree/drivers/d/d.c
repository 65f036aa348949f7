// d: converted to a process-context workqueue
static void d_reset_work(struct work_struct *w)
{
}
static void d_kick(struct d_dev *d)
{
	schedule_work(&d->reset_work);
}
static int d_probe(struct d_dev *d)
{
	INIT_WORK(&d->reset_work, d_reset_work);
	return 0;
}
