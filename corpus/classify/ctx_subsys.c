// SPDX-License-Identifier: GPL-2.0-only
/*
 * Subsystem registrations by call argument: an RDMA CQ completion handler
 * (ib_create_cq() argument 1) and virtqueue callbacks (the callbacks array
 * of virtio_find_vqs()) run from an interrupt.  Expect: cq and vq
 * isr_bottom_half; near-miss: ev, scheduled from the CQ's event handler
 * (argument 2, no rule), is unknown.
 */
#include <linux/interrupt.h>

struct ib_device;
struct ib_cq;
struct ib_event;
struct ib_cq_init_attr;
struct ib_cq *__ib_create_cq(struct ib_device *device, void (*comp_handler)(struct ib_cq *, void *),
			     void (*event_handler)(struct ib_event *, void *), void *cq_context,
			     const struct ib_cq_init_attr *cq_attr, const char *caller);
#define ib_create_cq(device, cmp_hndlr, evt_hndlr, cq_ctxt, cq_attr) \
	__ib_create_cq((device), (cmp_hndlr), (evt_hndlr), (cq_ctxt), (cq_attr), "ss")

struct virtqueue;
struct virtio_device;
typedef void vq_callback_t(struct virtqueue *vq);
int virtio_find_vqs(struct virtio_device *vdev, unsigned int nvqs, struct virtqueue *vqs[],
		    vq_callback_t *callbacks[], const char *const names[], void *desc);
void *vq_priv(struct virtqueue *vq);

struct ss_dev {
	struct ib_device *ibdev;
	struct virtio_device *vdev;
	struct virtqueue *vqs[2];
	struct tasklet_struct cq;
	struct tasklet_struct ev;
	struct tasklet_struct vq;
	unsigned int seen;
};

static void ss_cq(struct tasklet_struct *t)
{
	struct ss_dev *ss = from_tasklet(ss, t, cq);

	ss->seen++;
}

static void ss_ev(struct tasklet_struct *t)
{
	struct ss_dev *ss = from_tasklet(ss, t, ev);

	ss->seen = 0;
}

static void ss_vq(struct tasklet_struct *t)
{
	struct ss_dev *ss = from_tasklet(ss, t, vq);

	ss->seen--;
}

static void ss_cq_handler(struct ib_cq *cq, void *context)
{
	struct ss_dev *ss = context;

	tasklet_schedule(&ss->cq);
}

static void ss_cq_event(struct ib_event *event, void *context)
{
	struct ss_dev *ss = context;

	tasklet_schedule(&ss->ev);
}

static void ss_vq_done(struct virtqueue *vq)
{
	struct ss_dev *ss = vq_priv(vq);

	tasklet_schedule(&ss->vq);
}

int ss_setup(struct ss_dev *ss)
{
	vq_callback_t *callbacks[2];
	const char *names[2] = {"rx", "tx"};

	tasklet_setup(&ss->cq, ss_cq);
	tasklet_setup(&ss->ev, ss_ev);
	tasklet_setup(&ss->vq, ss_vq);
	ib_create_cq(ss->ibdev, ss_cq_handler, ss_cq_event, ss, NULL);
	callbacks[0] = ss_vq_done;
	callbacks[1] = ss_vq_done;
	return virtio_find_vqs(ss->vdev, 2, ss->vqs, callbacks, names, NULL);
}

void ss_teardown(struct ss_dev *ss)
{
	tasklet_kill(&ss->cq);
	tasklet_kill(&ss->ev);
	tasklet_kill(&ss->vq);
}
