/* SPDX-License-Identifier: GPL-2.0-only */
/* Corpus stand-in for include/linux/netdevice.h. */
#ifndef _CORPUS_NETDEVICE_H
#define _CORPUS_NETDEVICE_H
struct sk_buff {
	int len;
};
struct net_device {
	int ifindex;
};
int netif_rx(struct sk_buff *skb);
void *netdev_priv(const struct net_device *dev);
struct sk_buff *dev_alloc_skb(unsigned int length);
#endif
