struct k {
	struct {
		struct tasklet_struct tasklet;
	} q;
};
