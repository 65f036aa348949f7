static void i_tasklet(struct tasklet_struct *t)
{
}
