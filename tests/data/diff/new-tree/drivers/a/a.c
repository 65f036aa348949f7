/* a: unchanged */
static void a_tl(struct tasklet_struct *t)
{
}
