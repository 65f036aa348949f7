// f: converted to a timer
static struct timer_list f_timer;
static void f_poll(struct timer_list *t)
{
}
static int f_init(void)
{
	timer_setup(&f_timer, f_poll, 0);
	return 0;
}
