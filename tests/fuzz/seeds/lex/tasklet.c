#include <linux/interrupt.h>
/* a comment */
static void f(unsigned long d) // x \
 still
{
	char c = '"';
	tasklet_init(&p->t, f, (unsigned long)p);
}
