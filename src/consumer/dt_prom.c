/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_prom.c: -x prometheus=ADDRESS:PORT serves the live aggregations over HTTP in the
 * Prometheus text exposition format (version 0.0.4) while the trace runs.
 *
 * Each scrape reads the aggregation maps from the kernel then and there (dt_aggsnap_read, the
 * batch reads printa() uses), so it shows what the probes have counted up to that moment.
 * The server is a thread of its own: a scrape of a large aggregation takes milliseconds to tens
 * of milliseconds of map reads and formatting, and a slow or stalled client could take
 * seconds; done in the run loop, either would stop the ring buffer from being drained
 * meanwhile (and cost drops), and a non-blocking server there would still have to do the
 * scrape's map reads in one go. The thread shares nothing that changes with the consumer:
 * it reads the program's aggregation descriptions (fixed once compiled), the map descriptors
 * (open until dt_prom_stop has joined it) and kernel symbols (loaded before it starts, read
 * only); user symbols are the consumer's cache and not thread-safe, so user addresses in
 * labels are raw. All signals are blocked in it: they stay the run loop's. One connection at
 * a time, with timeouts, so a client cannot hold it for long.
 *
 * The exposition, per aggregation (@name; "anon" for @):
 *   count(), sum()        a counter, dtrace_name_total
 *   min(), max(), avg(), stddev()   a gauge, dtrace_name
 *   quantize(), lquantize(), llquantize()   a histogram, dtrace_name_bucket{le="..."} (the
 *                         inclusive upper bound of each integer bucket, cumulative counts,
 *                         then +Inf) and dtrace_name_count; D keeps no sum of the values,
 *                         so there is no _sum. quantize()'s 127 buckets are served from
 *                         bucket 0 (or the lowest negative one used) to the highest used.
 * Keys are labels key0, key1, ... with their values escaped (\\, \", \n; bytes that are not
 * UTF-8 as U+FFFD); a stack() key is its frames, root first, joined by ';'. Values are not
 * normalized (normalize() is a printing option). At most -x promseries series (lines) are
 * served per scrape; past that the rest of the scrape is left out, said once on stderr and
 * in every such scrape by the gauge dtrace_scrape_omitted_series.
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>

#include "../runtime/dt_runtime.h"
#include "dt_consumer.h"

struct dt_prom {
	dt_handle_t *dtp;
	int lfd;		/* the listening socket */
	int stopfd[2];		/* a byte written to [1] stops the thread */
	pthread_t thread;
	bool told;		/* the series bound's message was printed */
};

/* Decimal digits without printf's cost: a scrape writes hundreds of thousands of numbers. */
static void
prom_putu(dt_strbuf_t *sb, uint64_t v, bool neg)
{
	char buf[24];
	int i = sizeof(buf);

	do
		buf[--i] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	if (neg)
		buf[--i] = '-';
	dt_sb_putn(sb, buf + i, sizeof(buf) - (size_t)i);
}

static void
prom_puti(dt_strbuf_t *sb, int64_t v)
{
	prom_putu(sb, v < 0 ? -(uint64_t)v : (uint64_t)v, v < 0);
}

/* A label value: \\, \" and \n escaped; what is not UTF-8 is U+FFFD. */
static void
prom_label(dt_strbuf_t *sb, const char *s, size_t n)
{
	const uint8_t *p = (const uint8_t *)s;

	for (size_t i = 0; i < n;) {
		size_t l;

		if (p[i] == '\\' || p[i] == '"') {
			dt_sb_putc(sb, '\\');
			dt_sb_putc(sb, (char)p[i]);
		} else if (p[i] == '\n') {
			dt_sb_puts(sb, "\\n");
		} else if ((l = dt_utf8_seq(p + i, n - i)) != 0) {
			dt_sb_putn(sb, s + i, l);
			i += l;
			continue;
		} else {
			dt_sb_puts(sb, "\xef\xbf\xbd");
		}
		i++;
	}
}

/*
 * {key0="...",key1="..." and the closing brace unless more labels follow. scratch is space
 * kept from entry to entry (a scrape may have 100,000 of them).
 */
static void
prom_labels(dt_strbuf_t *sb, const dt_aggdesc_t *ad, const uint8_t *key, dt_ksyms_t *ks,
	    bool more, dt_strbuf_t *scratch)
{
	dt_strbuf_t *v = scratch;

	if (!ad->nkeys && !more)
		return;
	dt_sb_putc(sb, '{');
	for (int k = 0; k < ad->nkeys; k++) {
		const dt_recitem_t *it = &ad->keys[k];
		uint64_t w[2] = {0, 0};

		dt_sb_reset(v);
		if (it->kind == DT_REC_STRING) {
			const char *s = (const char *)key + it->offset;

			dt_sb_putn(v, s, strnlen(s, it->size));
		} else if (it->fmt == DT_RECFMT_STACK || it->fmt == DT_RECFMT_USTACK) {
			dt_flame_stack(v, key + it->offset, it->size, it->fmt == DT_RECFMT_USTACK,
				       ks, NULL);
		} else if (it->fmt == DT_RECFMT_SYM || it->fmt == DT_RECFMT_MOD) {
			memcpy(w, key + it->offset, 8);
			if (it->fmt == DT_RECFMT_SYM)
				dt_ksym_fmt_sym(v, ks, w[0]);
			else
				dt_ksym_fmt_mod(v, ks, w[0]);
		} else if (it->fmt != DT_RECFMT_PLAIN) {
			/* uaddr(), usym(), umod(): the process and the raw address */
			memcpy(w, key + it->offset, 16);
			dt_sb_printf(v, "%llu:0x%llx", (unsigned long long)w[0],
				     (unsigned long long)w[1]);
		} else {
			memcpy(w, key + it->offset, DT_MIN(it->size, 8));
			if (it->is_signed && it->size < 8 && ((w[0] >> (it->size * 8 - 1)) & 1))
				w[0] |= ~0ULL << (it->size * 8);
			if (it->is_signed)
				prom_puti(v, (int64_t)w[0]);
			else
				prom_putu(v, w[0], false);
		}
		if (k)
			dt_sb_putc(sb, ',');
		dt_sb_puts(sb, "key");
		prom_putu(sb, (uint64_t)k, false);
		dt_sb_puts(sb, "=\"");
		prom_label(sb, v->s ? v->s : "", v->len);
		dt_sb_putc(sb, '"');
	}
	if (!more)
		dt_sb_putc(sb, '}');
	else if (ad->nkeys)
		dt_sb_putc(sb, ',');
}

/*
 * The buckets of a histogram entry served with their own le (the last one's is +Inf):
 * every bucket, but for quantize()'s 127 from bucket 0 (value 0) or the lowest used below
 * it to one past the highest used.
 */
static void
prom_hist_range(const dt_aggdesc_t *ad, const uint64_t *val, const int64_t *lo,
		uint32_t *firstp, uint32_t *lastp)
{
	uint32_t first = 0, last = ad->nwords - 1;

	if (ad->func == DT_AGG_QUANTIZE) {
		for (first = 0; first < ad->nwords && !val[first]; first++)
			;
		while (first > 0 && (first >= ad->nwords || lo[first] >= 0))
			first--;
		while (first < ad->nwords && lo[first] < 0 && !val[first])
			first++;
		for (last = ad->nwords - 1; last > first && !val[last]; last--)
			;
		if (last < ad->nwords - 1)
			last++;
	}
	*firstp = first;
	*lastp = last;
}

/* The lines of one histogram entry: its buckets, +Inf and _count. */
static void
prom_hist(dt_strbuf_t *sb, const char *name, const dt_aggdesc_t *ad, const uint8_t *key,
	  const uint64_t *val, const int64_t *lo, dt_ksyms_t *ks, dt_strbuf_t *scratch)
{
	uint32_t first, last, b;
	uint64_t cum = 0;

	prom_hist_range(ad, val, lo, &first, &last);
	for (b = 0; b < first; b++)
		cum += val[b];
	for (b = first; b < last; b++) {
		cum += val[b];
		dt_sb_printf(sb, "%s_bucket", name);
		prom_labels(sb, ad, key, ks, true, scratch);
		dt_sb_printf(sb, "le=\"%lld\"} %llu\n", (long long)(lo[b + 1] - 1),
			     (unsigned long long)cum);
	}
	for (; b < ad->nwords; b++)
		cum += val[b];
	dt_sb_printf(sb, "%s_bucket", name);
	prom_labels(sb, ad, key, ks, true, scratch);
	dt_sb_printf(sb, "le=\"+Inf\"} %llu\n", (unsigned long long)cum);
	dt_sb_printf(sb, "%s_count", name);
	prom_labels(sb, ad, key, ks, false, scratch);
	dt_sb_printf(sb, " %llu\n", (unsigned long long)cum);
}

void
dt_prom_format(dt_strbuf_t *sb, const dt_aggdesc_t *ad, const dt_aggent_t *ents, size_t n,
	       dt_ksyms_t *ks, uint64_t *series, uint64_t max, uint64_t *omitted)
{
	bool counter = ad->func == DT_AGG_COUNT || ad->func == DT_AGG_SUM;
	bool hist = dt_agg_is_hist(ad);
	dt_strbuf_t name = {0}, scratch = {0};
	int64_t *lo = NULL;

	dt_sb_printf(&name, "dtrace_%s%s", ad->name[0] ? ad->name : "anon",
		     counter ? "_total" : "");
	dt_sb_printf(sb, "# HELP %s DTrace aggregation @%s, %s()\n# TYPE %s %s\n", name.s,
		     ad->name, dt_agg_funcnames[ad->func], name.s,
		     counter ? "counter" : hist ? "histogram" : "gauge");
	if (hist) {
		lo = dt_xcalloc(ad->nwords, sizeof(*lo));
		dt_agg_bucket_lows(ad, lo);
	}
	for (size_t i = 0; i < n; i++) {
		/* a histogram entry is its buckets' lines, +Inf and _count */
		uint64_t need = 1;
		uint32_t first, last;

		if (hist) {
			prom_hist_range(ad, ents[i].val, lo, &first, &last);
			need = last - first + 2;
		}
		if (*series + need > max) {
			*omitted += (uint64_t)(n - i);
			break;
		}
		*series += need;
		if (hist) {
			prom_hist(sb, name.s, ad, ents[i].key, ents[i].val, lo, ks, &scratch);
			continue;
		}
		dt_sb_puts(sb, name.s);
		prom_labels(sb, ad, ents[i].key, ks, false, &scratch);
		dt_sb_putc(sb, ' ');
		if (ad->func == DT_AGG_STDDEV)
			prom_putu(sb, (uint64_t)dt_agg_value(ad, ents[i].val, 1), false);
		else
			prom_puti(sb, dt_agg_value(ad, ents[i].val, 1));
		dt_sb_putc(sb, '\n');
	}
	free(lo);
	dt_sb_free(&name);
	dt_sb_free(&scratch);
}

/* One scrape: every aggregation, read now. */
static void
prom_scrape(dt_prom_t *pr, dt_strbuf_t *sb)
{
	dt_handle_t *dtp = pr->dtp;
	uint64_t series = 0, omitted = 0, max = dtp->opts.promseries;

	for (int i = 0; i < dtp->prog->naggs; i++) {
		const dt_aggdesc_t *ad = dtp->prog->aggs[i];
		dt_aggsnap_t sn;

		if (omitted) {
			/* past the bound: the rest is not even read */
			omitted++;
			continue;
		}
		dt_aggsnap_read(dtp, ad, &sn);
		dt_prom_format(sb, ad, sn.ents, sn.n, dtp->ksyms, &series, max, &omitted);
		dt_aggsnap_free(&sn);
	}
	dt_sb_printf(sb, "# HELP dtrace_scrape_omitted_series Entries left out of this scrape "
		     "(past -x promseries=%llu)\n# TYPE dtrace_scrape_omitted_series gauge\n"
		     "dtrace_scrape_omitted_series %llu\n", (unsigned long long)max,
		     (unsigned long long)omitted);
	if (omitted && !pr->told) {
		pr->told = true;
		fprintf(stderr, "dtrace: -x prometheus: the aggregations have more than %llu "
			"series (-x promseries); a scrape serves the first %llu and leaves out "
			"the rest\n", (unsigned long long)max, (unsigned long long)max);
	}
}

static void
prom_send(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = send(fd, p, n, MSG_NOSIGNAL);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;	/* the client went away or stalled past the timeout */
		p += w;
		n -= (size_t)w;
	}
}

static void
prom_serve(dt_prom_t *pr, int fd)
{
	char req[8192];
	size_t len = 0;
	dt_strbuf_t body = {0}, head = {0};
	struct timeval tv = {5, 0};
	int status = 200;

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	/* the request line and headers; the body of a GET is nothing */
	while (len < sizeof(req) - 1) {
		ssize_t r = recv(fd, req + len, sizeof(req) - 1 - len, 0);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return;
		len += (size_t)r;
		req[len] = '\0';
		if (strstr(req, "\r\n\r\n") || strstr(req, "\n\n"))
			break;
	}
	req[len] = '\0';
	if (strncmp(req, "GET ", 4) != 0 && strncmp(req, "HEAD ", 5) != 0)
		status = 405;
	else if (strncmp(req + (req[0] == 'G' ? 4 : 5), "/metrics", 8) != 0 &&
		 strncmp(req + (req[0] == 'G' ? 4 : 5), "/ ", 2) != 0)
		status = 404;
	if (status == 200)
		prom_scrape(pr, &body);
	else
		dt_sb_puts(&body, status == 404 ? "dtrace serves /metrics\n" : "GET only\n");
	dt_sb_printf(&head, "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
		     "Connection: close\r\n\r\n", status,
		     status == 200 ? "OK" : status == 404 ? "Not Found" : "Method Not Allowed",
		     status == 200 ? "text/plain; version=0.0.4; charset=utf-8" : "text/plain",
		     body.len);
	prom_send(fd, head.s, head.len);
	if (req[0] == 'G')
		prom_send(fd, body.s ? body.s : "", body.len);
	dt_sb_free(&head);
	dt_sb_free(&body);
}

static void *
prom_thread(void *arg)
{
	dt_prom_t *pr = arg;

	for (;;) {
		struct pollfd pfd[2] = {
			{.fd = pr->lfd, .events = POLLIN},
			{.fd = pr->stopfd[0], .events = POLLIN},
		};
		int fd;

		if (poll(pfd, 2, -1) < 0 && errno != EINTR)
			break;
		if (pfd[1].revents)
			break;
		if (!(pfd[0].revents & POLLIN))
			continue;
		fd = accept4(pr->lfd, NULL, NULL, SOCK_CLOEXEC);
		if (fd < 0)
			continue;
		prom_serve(pr, fd);
		close(fd);
	}
	return NULL;
}

/* "ADDRESS:PORT", "[IPv6]:PORT" or ":PORT" (every address) into a listening socket. */
static int
prom_listen(const char *spec, char *shown, size_t shownlen, const char **why)
{
	char host[128];
	const char *colon = strrchr(spec, ':'), *h = host;
	struct addrinfo hints = {0}, *ai = NULL;
	size_t hl;
	int fd = -1, one = 1, rc;

	*why = "not ADDRESS:PORT";
	if (!colon || !colon[1])
		return -1;
	hl = (size_t)(colon - spec);
	if (hl >= sizeof(host))
		return -1;
	memcpy(host, spec, hl);
	host[hl] = '\0';
	if (hl >= 2 && host[0] == '[' && host[hl - 1] == ']') {
		host[hl - 1] = '\0';
		h = host + 1;
	}
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
	if ((rc = getaddrinfo(*h ? h : NULL, colon + 1, &hints, &ai)) != 0) {
		*why = gai_strerror(rc);
		return -1;
	}
	fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd >= 0) {
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (bind(fd, ai->ai_addr, ai->ai_addrlen) < 0 || listen(fd, 16) < 0) {
			close(fd);
			fd = -1;
		}
	}
	if (fd < 0) {
		*why = strerror(errno);
	} else {
		struct sockaddr_storage ss;
		socklen_t sl = sizeof(ss);
		char a[64], p[16];

		/* where it is, the port chosen when it was 0 */
		if (getsockname(fd, (struct sockaddr *)&ss, &sl) == 0 &&
		    getnameinfo((struct sockaddr *)&ss, sl, a, sizeof(a), p, sizeof(p),
				NI_NUMERICHOST | NI_NUMERICSERV) == 0)
			snprintf(shown, shownlen, ss.ss_family == AF_INET6 ? "[%s]:%s" : "%s:%s",
				 a, p);
	}
	freeaddrinfo(ai);
	return fd;
}

int
dt_prom_start(dt_handle_t *dtp)
{
	dt_prom_t *pr = dt_xcalloc(1, sizeof(*pr));
	const char *why;
	char shown[96] = "";
	sigset_t all, old;
	int err;

	pr->dtp = dtp;
	pr->lfd = prom_listen(dtp->opts.prometheus, shown, sizeof(shown), &why);
	if (pr->lfd < 0) {
		fprintf(stderr, "dtrace: failed to serve -x prometheus=%s: %s\n",
			dtp->opts.prometheus, why);
		free(pr);
		return -1;
	}
	if (pipe2(pr->stopfd, O_CLOEXEC) < 0) {
		fprintf(stderr, "dtrace: failed to serve -x prometheus: %s\n", strerror(errno));
		close(pr->lfd);
		free(pr);
		return -1;
	}
	/* kernel symbols for stack() and func() labels: read now, only looked up later */
	for (int i = 0; i < dtp->prog->naggs; i++)
		for (int k = 0; k < dtp->prog->aggs[i]->nkeys; k++)
			if (!DT_RECFMT_IS_USER(dtp->prog->aggs[i]->keys[k].fmt) &&
			    dtp->prog->aggs[i]->keys[k].fmt != DT_RECFMT_PLAIN)
				dt_ksyms_load(dtp->ksyms);
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	err = pthread_create(&pr->thread, NULL, prom_thread, pr);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err) {
		fprintf(stderr, "dtrace: failed to serve -x prometheus: %s\n", strerror(err));
		close(pr->lfd);
		close(pr->stopfd[0]);
		close(pr->stopfd[1]);
		free(pr);
		return -1;
	}
	fprintf(stderr, "dtrace: serving aggregations for Prometheus at http://%s/metrics\n",
		shown);
	dtp->cons->prom = pr;
	return 0;
}

void
dt_prom_stop(dt_handle_t *dtp)
{
	dt_prom_t *pr = dtp->cons->prom;
	ssize_t w;

	if (!pr)
		return;
	do
		w = write(pr->stopfd[1], "x", 1);
	while (w < 0 && errno == EINTR);
	pthread_join(pr->thread, NULL);
	close(pr->lfd);
	close(pr->stopfd[0]);
	close(pr->stopfd[1]);
	free(pr);
	dtp->cons->prom = NULL;
}
