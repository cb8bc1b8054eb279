/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pcap.d: the link types pcap( )'s second argument names, as libpcap numbers them (DLT_*):
 * what a capture file records for the packet's first header.
 */
inline int PCAP_NULL = 0;
inline int PCAP_ETHER = 1;
inline int PCAP_PPP = 9;
inline int PCAP_IP = 12;
inline int PCAP_WIFI = 105;
inline int PCAP_IPOIB = 242;
