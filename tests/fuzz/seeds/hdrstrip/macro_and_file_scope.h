#define DECLARE_EWMA(name) \
	static inline void ewma_##name##_init(int *e) \
	{ \
		*e = 0; \
	}
static inline int f(void)
{
	return 1;
}
struct s { int a; };
