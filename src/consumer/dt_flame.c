/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_flame.c: aggregations keyed by stacks as flame graphs: -x aggformat=folded prints them in
 * the folded format flame graph tools read, -x flamegraph=FILE.svg draws the graph itself.
 *
 * Folded: one line per aggregation entry, its frames root first and separated by ';', then a
 * space and the value:
 *
 *   bash;vmlinux`entry_SYSCALL_64_after_hwframe;vmlinux`do_syscall_64;vmlinux`ksys_read 12
 *
 * Keys other than stacks become frames too, in key order before the stack's own, so
 * @[execname, stack()] groups each program's stacks under its name. Frames are named by
 * function without the offset (mod`func, as func() prints), so the samples of one function
 * merge into one frame, as flame graphs show them.
 *
 * The SVG is drawn from the folded text: a tree of frames (equal frames under one parent
 * merged, siblings in name order), each a rectangle as wide as its samples, the root ("all")
 * at the bottom, with its name, samples and share on hover (an SVG <title>, which every
 * browser shows, and the details line a few lines of script fill in). Frame widths are exact
 * shares of the drawing's width, so a frame's width is the sum of its children's and its own
 * samples'; no frame is left out however narrow (only its label is).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/dt_runtime.h"
#include "dt_consumer.h"

bool
dt_flame_has_stack(const dt_aggdesc_t *ad)
{
	for (int k = 0; k < ad->nkeys; k++)
		if (ad->keys[k].fmt == DT_RECFMT_STACK || ad->keys[k].fmt == DT_RECFMT_USTACK)
			return true;
	return false;
}

/*
 * One frame's name, after a ';' unless it is the line's first (the line starts at start):
 * ';' separates frames and a line ends a stack, so neither may be in a name.
 */
static void
flame_frame(dt_strbuf_t *sb, size_t start, const char *s, size_t n)
{
	if (sb->len > start)
		dt_sb_putc(sb, ';');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		dt_sb_putc(sb, c == ';' ? '_' : c < 0x20 || c == 0x7f ? '?' : (char)c);
	}
}

/* A stack's frames, root first (the key holds the leaf first). */
static void
flame_stack(dt_strbuf_t *sb, size_t start, const uint8_t *p, uint32_t size, bool user,
	    const dt_aggpopts_t *po)
{
	dt_strbuf_t tmp = {0};
	uint64_t pid = 0, pc;
	uint32_t first = user ? 1 : 0, last = first;

	if (user)
		memcpy(&pid, p, 8);
	for (uint32_t w = first; w < size / 8; w++) {
		memcpy(&pc, p + w * 8, 8);
		if (!pc)
			break;
		last = w + 1;
	}
	for (uint32_t w = last; w-- > first;) {
		memcpy(&pc, p + w * 8, 8);
		dt_sb_reset(&tmp);
		if (user)
			dt_usym_fmt_sym(&tmp, po->usyms, (pid_t)pid, pc);
		else
			dt_ksym_fmt_sym(&tmp, po->ksyms, pc);
		flame_frame(sb, start, tmp.s ? tmp.s : "", tmp.len);
	}
	dt_sb_free(&tmp);
}

void
dt_flame_stack(dt_strbuf_t *sb, const uint8_t *p, uint32_t size, bool user, dt_ksyms_t *ks,
	       dt_usyms_t *us)
{
	dt_aggpopts_t po = {0};

	po.ksyms = ks;
	po.usyms = us;
	flame_stack(sb, sb->len, p, size, user, &po);
}

/* The samples of one entry: its value, or the total count of a histogram's buckets. */
static int64_t
flame_value(const dt_aggdesc_t *ad, const uint64_t *val, uint64_t normal)
{
	int64_t total = 0;

	if (!dt_agg_is_hist(ad))
		return dt_agg_value(ad, val, normal);
	for (uint32_t b = 0; b < ad->nwords; b++)
		total += (int64_t)val[b];
	return normal > 1 ? total / (int64_t)normal : total;
}

void
dt_flame_folded(dt_strbuf_t *sb, const dt_aggdesc_t *ad, const dt_aggent_t *ents, size_t n,
		const dt_aggpopts_t *po)
{
	static const dt_keyfmt_t ukf[] = {
		[DT_RECFMT_UADDR] = DT_KEYFMT_UADDR, [DT_RECFMT_USYM] = DT_KEYFMT_USYM,
		[DT_RECFMT_UMOD] = DT_KEYFMT_UMOD,
	};
	dt_strbuf_t tmp = {0};

	for (size_t i = 0; i < n; i++) {
		const uint8_t *key = ents[i].key;
		size_t start = sb->len;

		for (int k = 0; k < ad->nkeys; k++) {
			const dt_recitem_t *it = &ad->keys[k];
			uint64_t w[2] = {0, 0};

			dt_sb_reset(&tmp);
			switch (it->fmt) {
			case DT_RECFMT_STACK: case DT_RECFMT_USTACK:
				flame_stack(sb, start, key + it->offset, it->size,
					    it->fmt == DT_RECFMT_USTACK, po);
				continue;
			case DT_RECFMT_SYM:
				memcpy(w, key + it->offset, 8);
				dt_ksym_fmt_sym(&tmp, po->ksyms, w[0]);
				break;
			case DT_RECFMT_MOD:
				memcpy(w, key + it->offset, 8);
				dt_ksym_fmt_mod(&tmp, po->ksyms, w[0]);
				break;
			case DT_RECFMT_UADDR: case DT_RECFMT_USYM: case DT_RECFMT_UMOD:
				memcpy(w, key + it->offset, 16);
				dt_usym_fmt_item(&tmp, po->usyms, ukf[it->fmt], w);
				break;
			default:
				if (it->kind == DT_REC_STRING) {
					const char *s = (const char *)key + it->offset;

					dt_sb_putn(&tmp, s, strnlen(s, it->size));
				} else {
					memcpy(w, key + it->offset, DT_MIN(it->size, 8));
					if (it->is_signed && it->size < 8 &&
					    (w[0] >> (it->size * 8 - 1)) & 1)
						w[0] |= ~0ULL << (it->size * 8);
					dt_sb_printf(&tmp, it->is_signed ? "%lld" : "%llu",
						     (long long)w[0]);
				}
				break;
			}
			flame_frame(sb, start, tmp.s ? tmp.s : "", tmp.len);
		}
		dt_sb_printf(sb, "%s%lld\n", sb->len > start ? " " : "",
			     (long long)flame_value(ad, ents[i].val, po->normal));
	}
	dt_sb_free(&tmp);
}

/* ---- the SVG ------------------------------------------------------------------------- */

typedef struct flame_node {
	const char *name;	/* into the folded text's copy */
	size_t namelen;
	uint64_t samples;
	int depth;
	uint32_t child, next;	/* first child, next sibling (0: none; node 0 is the root) */
} flame_node_t;

typedef struct flame_tree {
	DT_VEC(flame_node_t) nodes;
	int maxdepth;
} flame_tree_t;

/* The child of parent named name, made if new. */
static uint32_t
flame_child(flame_tree_t *t, uint32_t parent, const char *name, size_t len)
{
	uint32_t c;
	flame_node_t n = {0};

	for (c = t->nodes.data[parent].child; c; c = t->nodes.data[c].next)
		if (t->nodes.data[c].namelen == len && memcmp(t->nodes.data[c].name, name, len) == 0)
			return c;
	n.name = name;
	n.namelen = len;
	n.depth = t->nodes.data[parent].depth + 1;
	n.next = t->nodes.data[parent].child;
	dt_vec_push(&t->nodes, n);
	c = (uint32_t)t->nodes.len - 1;
	t->nodes.data[parent].child = c;
	if (n.depth > t->maxdepth)
		t->maxdepth = n.depth;
	return c;
}

/* The folded lines into a tree; lines whose count is not positive are left out. */
static void
flame_build(flame_tree_t *t, char *folded)
{
	flame_node_t root = {"all", 3, 0, 0, 0, 0};

	dt_vec_push(&t->nodes, root);
	for (char *line = folded, *end; *line; line = end) {
		char *sp, *f, *eol;
		long long count;
		uint32_t cur = 0;

		eol = strchr(line, '\n');
		end = eol ? eol + 1 : line + strlen(line);
		if (eol)
			*eol = '\0';
		sp = strrchr(line, ' ');
		if (!sp)
			continue;
		count = strtoll(sp + 1, NULL, 10);
		if (count <= 0)
			continue;
		*sp = '\0';
		t->nodes.data[0].samples += (uint64_t)count;
		for (f = line; *f;) {
			size_t len = strcspn(f, ";");

			cur = flame_child(t, cur, f, len);
			t->nodes.data[cur].samples += (uint64_t)count;
			f += len;
			if (*f == ';')
				f++;
		}
	}
}

/* XML text of a name (a frame can hold any byte a kernel string could). */
static void
flame_xml(dt_strbuf_t *sb, const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		size_t l;

		if (c == '&')
			dt_sb_puts(sb, "&amp;");
		else if (c == '<')
			dt_sb_puts(sb, "&lt;");
		else if (c == '>')
			dt_sb_puts(sb, "&gt;");
		else if (c == '"')
			dt_sb_puts(sb, "&quot;");
		else if (c < 0x20 || c == 0x7f)
			dt_sb_putc(sb, '?');	/* XML 1.0 has no way to write these */
		else if (c < 0x80)
			dt_sb_putc(sb, (char)c);
		else if ((l = dt_utf8_seq((const uint8_t *)s + i, n - i)) != 0) {
			dt_sb_putn(sb, s + i, l);
			i += l;
			continue;
		} else
			dt_sb_puts(sb, "\xef\xbf\xbd");	/* U+FFFD */
		i++;
	}
}

/* Warm colours, the same for the same name in every graph. */
static void
flame_colour(const char *name, size_t n, int *r, int *g, int *b)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)name[i]) * 16777619u;
	*r = 205 + (int)(h % 51);
	*g = (int)((h >> 8) % 231);
	*b = (int)((h >> 16) % 56);
}

#define FL_WIDTH 1200
#define FL_PAD 10
#define FL_FRAME 16
#define FL_TOP 50
#define FL_BOTTOM 30
#define FL_CHARW 7.0	/* the label font's average glyph width */

typedef struct flame_draw {
	flame_tree_t *t;
	dt_strbuf_t *sb;
	double scale;		/* pixels per sample */
	int height;
} flame_draw_t;

static int
flame_namecmp(const void *lp, const void *rp, void *arg)
{
	const flame_node_t *nodes = arg;
	const flame_node_t *l = &nodes[*(const uint32_t *)lp], *r = &nodes[*(const uint32_t *)rp];
	int c = memcmp(l->name, r->name, DT_MIN(l->namelen, r->namelen));

	return c ? c : (l->namelen > r->namelen) - (l->namelen < r->namelen);
}

static void
flame_draw(flame_draw_t *d, uint32_t id, uint64_t start)
{
	flame_node_t *n = &d->t->nodes.data[id];
	double x = FL_PAD + (double)start * d->scale, w = (double)n->samples * d->scale;
	int y = d->height - FL_BOTTOM - (n->depth + 1) * FL_FRAME, r, g, b;
	size_t nkids = 0, fit;
	uint32_t *kids;

	flame_colour(n->name, n->namelen, &r, &g, &b);
	dt_sb_puts(d->sb, "<g class=\"f\"><title>");
	flame_xml(d->sb, n->name, n->namelen);
	dt_sb_printf(d->sb, " (%llu samples, %.2f%%)</title>", (unsigned long long)n->samples,
		     100.0 * (double)n->samples / (double)d->t->nodes.data[0].samples);
	dt_sb_printf(d->sb, "<rect x=\"%.4f\" y=\"%d\" width=\"%.4f\" height=\"%d\" "
		     "fill=\"rgb(%d,%d,%d)\" rx=\"2\" ry=\"2\"/>", x, y, w, FL_FRAME - 1, r, g, b);
	/* the label, cut to what fits ("..", or nothing when not 3 characters fit) */
	fit = (size_t)((w - 6) / FL_CHARW);
	if (fit >= 3) {
		dt_sb_printf(d->sb, "<text x=\"%.2f\" y=\"%d\">", x + 3, y + FL_FRAME - 4);
		if (n->namelen <= fit) {
			flame_xml(d->sb, n->name, n->namelen);
		} else {
			size_t keep = fit - 2;

			/* not in the middle of a UTF-8 sequence */
			while (keep && ((unsigned char)n->name[keep] & 0xc0) == 0x80)
				keep--;
			flame_xml(d->sb, n->name, keep);
			dt_sb_puts(d->sb, "..");
		}
		dt_sb_puts(d->sb, "</text>");
	}
	dt_sb_puts(d->sb, "</g>\n");
	for (uint32_t c = n->child; c; c = d->t->nodes.data[c].next)
		nkids++;
	if (!nkids)
		return;
	kids = dt_xcalloc(nkids, sizeof(*kids));
	nkids = 0;
	for (uint32_t c = n->child; c; c = d->t->nodes.data[c].next)
		kids[nkids++] = c;
	qsort_r(kids, nkids, sizeof(*kids), flame_namecmp, d->t->nodes.data);
	for (size_t i = 0; i < nkids; i++) {
		flame_draw(d, kids[i], start);
		start += d->t->nodes.data[kids[i]].samples;
	}
	free(kids);
}

void
dt_flame_svg(dt_strbuf_t *sb, const char *folded, const char *title)
{
	flame_tree_t t = {0};
	flame_draw_t d = {&t, sb, 0, 0};
	char *copy = dt_xstrdup(folded);

	flame_build(&t, copy);
	d.height = FL_TOP + (t.maxdepth + 1) * FL_FRAME + FL_BOTTOM;
	d.scale = t.nodes.data[0].samples ?
		  (double)(FL_WIDTH - 2 * FL_PAD) / (double)t.nodes.data[0].samples : 0;
	dt_sb_printf(sb, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
		     "<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		     "height=\"%d\" viewBox=\"0 0 %d %d\" data-samples=\"%llu\">\n", FL_WIDTH,
		     d.height, FL_WIDTH, d.height, (unsigned long long)t.nodes.data[0].samples);
	dt_sb_puts(sb, "<style>text { font-family: Verdana, sans-serif; font-size: 12px; "
		   "fill: rgb(0,0,0); pointer-events: none; }\n"
		   "#title { font-size: 17px; text-anchor: middle; }\n"
		   "g.f:hover rect { stroke: rgb(0,0,0); stroke-width: 0.5; cursor: pointer; }"
		   "</style>\n");
	dt_sb_printf(sb, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" "
		     "fill=\"rgb(248,248,248)\"/>\n", FL_WIDTH, d.height);
	dt_sb_printf(sb, "<text id=\"title\" x=\"%d\" y=\"24\">", FL_WIDTH / 2);
	flame_xml(sb, title, strlen(title));
	dt_sb_printf(sb, "</text>\n<text id=\"details\" x=\"%d\" y=\"%d\"> </text>\n", FL_PAD,
		     d.height - 10);
	/* the details line shows the frame under the pointer: its <title>'s text */
	dt_sb_puts(sb, "<script><![CDATA[\n"
		   "document.addEventListener('mouseover', function (e) {\n"
		   "  var g = e.target.parentNode;\n"
		   "  if (!g || !g.classList || !g.classList.contains('f')) return;\n"
		   "  document.getElementById('details').textContent =\n"
		   "    g.getElementsByTagName('title')[0].textContent;\n"
		   "});\n]]></script>\n");
	if (t.nodes.data[0].samples)
		flame_draw(&d, 0, 0);
	dt_sb_puts(sb, "</svg>\n");
	dt_vec_free(&t.nodes);
	free(copy);
}

/* The file for aggregation ad: FILE itself when it is the only one drawn, else FILE with
 * ".NAME" before its ".svg" ("_" for @). */
static char *
flame_path(const char *file, const dt_aggdesc_t *ad, bool several)
{
	size_t len = strlen(file), stem = len;
	dt_strbuf_t sb = {0};
	char *path;

	if (!several)
		return dt_xstrdup(file);
	if (len > 4 && strcmp(file + len - 4, ".svg") == 0)
		stem = len - 4;
	dt_sb_printf(&sb, "%.*s.%s%s", (int)stem, file, ad->name[0] ? ad->name : "_",
		     file + stem);
	path = dt_xstrdup(dt_sb_str(&sb));
	dt_sb_free(&sb);
	return path;
}

int
dt_flame_write(dt_handle_t *dtp)
{
	dt_program_t *prog = dtp->prog;
	dt_aggpopts_t po = {0};
	int nstack = 0, rc = 0;

	for (int i = 0; prog && i < prog->naggs; i++)
		nstack += dt_flame_has_stack(prog->aggs[i]);
	if (!nstack) {
		fprintf(stderr, "dtrace: no flame graph drawn: no aggregation is keyed by stack() "
			"or ustack()\n");
		return -1;
	}
	po.ksyms = dtp->ksyms;
	po.usyms = dtp->cons->usyms;
	for (int i = 0; i < prog->naggs; i++) {
		const dt_aggdesc_t *ad = prog->aggs[i];
		dt_strbuf_t folded = {0}, svg = {0}, title = {0};
		dt_aggsnap_t sn;
		char *path;
		FILE *f;

		if (!dt_flame_has_stack(ad))
			continue;
		dt_aggsnap_read(dtp, ad, &sn);
		dt_aggsnap_user_keys(dtp, ad, &sn);
		po.normal = dtp->cons->agg_normal ? dtp->cons->agg_normal[i] : 1;
		dt_flame_folded(&folded, ad, sn.ents, sn.n, &po);
		dt_sb_printf(&title, "Flame Graph: @%s", ad->name);
		dt_flame_svg(&svg, dt_sb_str(&folded), dt_sb_str(&title));
		path = flame_path(dtp->opts.flamegraph, ad, nstack > 1);
		errno = 0;
		f = fopen(path, "w");
		if (!f || fwrite(svg.s, 1, svg.len, f) != svg.len || fclose(f) == EOF) {
			fprintf(stderr, "dtrace: failed to write flame graph %s: %s\n", path,
				strerror(errno ? errno : EIO));
			rc = -1;
		}
		free(path);
		dt_sb_free(&folded);
		dt_sb_free(&svg);
		dt_sb_free(&title);
		dt_aggsnap_free(&sn);
	}
	return rc;
}
