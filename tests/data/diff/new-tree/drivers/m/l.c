/* another driver's l.c: a struct l_priv of its own, no l_rx */
struct l_priv {
	int x;
};
