struct j_core {
	struct tasklet_struct irq_tasklet;
};
