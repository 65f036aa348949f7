struct c_dev {
	struct work_struct done_work;
};
