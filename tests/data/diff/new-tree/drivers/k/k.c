static void k_tasklet(struct tasklet_struct *t)
{
}
