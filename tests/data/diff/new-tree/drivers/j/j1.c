static void j_irq_tasklet(struct tasklet_struct *t)
{
}
