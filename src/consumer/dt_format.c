/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_format.c: the default record line and trace(), as DTrace prints them.
 *
 * Without -q each record is one line: the probe columns, then each trace()d datum in its field,
 * then the newline (printed by the consume loop when the record ends):
 *
 *   CPU     ID                    FUNCTION:NAME                        header: "%3s %6s %32s\n"
 *     0      1                           :BEGIN          42  str       "%3d %6d %32s " + data
 *   |-3-| |-6--| |--------------32--------------|
 *
 * trace() fields (not quiet; quiet prints the bare value, "%d" or "%s"):
 *
 *   D size   signed      unsigned          string
 *   1        " %3d"      " %3u"            "  %-33s"
 *   2        " %5d"      " %5u"
 *   4        " %10d"     " %10u"
 *   8        " %19lld"   " %20llu"
 *
 * (DTrace 2.x widths: each field is one space plus the widest value of its type.)
 *
 * With flowindent (-F) the probe columns give way to one column of the function, indented by
 * two spaces for each entry not yet returned from, and printed even with -q:
 *
 *   CPU FUNCTION                                    header "%3s %-41s\n"
 *     0 | :BEGIN                                    "| func:name": neither entry nor return
 *     0  => openat                                  " => func" (syscall), " -> func": entry,
 *     0    -> do_sys_openat2                        then one level deeper
 *     0    <- do_sys_openat2                        " <= func", " <- func": return, one level
 *     0  <= openat                                  back first (never below 0)
 *   |-3-| |-------------------41------------------| "%3d %-41s " + data
 */
#include <inttypes.h>
#include <string.h>

#include "dt_consumer.h"

void
dt_fmt_header(dt_strbuf_t *sb)
{
	dt_sb_printf(sb, "%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME");
}

void
dt_fmt_probe_prefix(dt_strbuf_t *sb, int cpu, uint32_t probe_id, const char *func,
		    const char *name)
{
	dt_strbuf_t fn = { 0 };

	dt_sb_printf(&fn, "%s:%s", func ? func : "", name ? name : "");
	dt_sb_printf(sb, "%3d %6" PRIu32 " %32s ", cpu, probe_id, dt_sb_str(&fn));
	dt_sb_free(&fn);
}

dt_flow_t
dt_flow_of(unsigned prflags)
{
	if (prflags & DT_PRF_ENTRY)
		return DT_FLOW_ENTRY;
	return prflags & DT_PRF_RETURN ? DT_FLOW_RETURN : DT_FLOW_NONE;
}

dt_flow_t
dt_flow_decide(dt_flow_t f, bool same_probe_before, bool same_probe_after)
{
	if ((f == DT_FLOW_ENTRY && same_probe_before) || (f == DT_FLOW_RETURN && same_probe_after))
		return DT_FLOW_NONE;
	return f;
}

void
dt_fmt_flow_header(dt_strbuf_t *sb)
{
	dt_sb_printf(sb, "%3s %-41s\n", "CPU", "FUNCTION");
}

void
dt_fmt_flow_prefix(dt_strbuf_t *sb, int cpu, int *indent, dt_flow_t flow, bool boundary,
		   const char *func, const char *name)
{
	dt_strbuf_t col = { 0 };

	if (flow == DT_FLOW_RETURN && *indent > 0)
		*indent -= 2;
	dt_sb_printf(&col, "%*s", *indent, "");
	switch (flow) {
	case DT_FLOW_ENTRY:
		dt_sb_printf(&col, "%s%s", boundary ? " => " : " -> ", func ? func : "");
		*indent += 2;
		break;
	case DT_FLOW_RETURN:
		dt_sb_printf(&col, "%s%s", boundary ? " <= " : " <- ", func ? func : "");
		break;
	case DT_FLOW_NONE:
		dt_sb_printf(&col, "| %s:%s", func ? func : "", name ? name : "");
		break;
	}
	dt_sb_printf(sb, "%3d %-41s ", cpu, dt_sb_str(&col));
	dt_sb_free(&col);
}

void
dt_fmt_trace(dt_strbuf_t *sb, const dt_pfarg_t *arg, bool quiet)
{
	uint64_t v = arg->ival;

	if (arg->kind == DT_REC_STRING) {
		const char *s = arg->str ? arg->str : "";

		if (quiet)
			dt_sb_puts(sb, s);
		else
			dt_sb_printf(sb, "  %-33s", s);
		return;
	}
	if (arg->is_signed) {
		switch (arg->size) {
		case 1:
			dt_sb_printf(sb, quiet ? "%d" : " %3d", (int)(int8_t)v);
			return;
		case 2:
			dt_sb_printf(sb, quiet ? "%d" : " %5d", (int)(int16_t)v);
			return;
		case 4:
			dt_sb_printf(sb, quiet ? "%d" : " %10d", (int)(int32_t)v);
			return;
		default:
			dt_sb_printf(sb, quiet ? "%lld" : " %19lld", (long long)v);
			return;
		}
	}
	switch (arg->size) {
	case 1:
		dt_sb_printf(sb, quiet ? "%u" : " %3u", (unsigned)(uint8_t)v);
		return;
	case 2:
		dt_sb_printf(sb, quiet ? "%u" : " %5u", (unsigned)(uint16_t)v);
		return;
	case 4:
		dt_sb_printf(sb, quiet ? "%u" : " %10u", (unsigned)(uint32_t)v);
		return;
	default:
		dt_sb_printf(sb, quiet ? "%llu" : " %20llu", (unsigned long long)v);
		return;
	}
}
