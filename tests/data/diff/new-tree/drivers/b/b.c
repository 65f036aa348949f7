/* b: moved out of staging */
static void b_rx(struct tasklet_struct *t)
{
}
