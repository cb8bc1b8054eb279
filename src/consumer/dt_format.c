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
 */
#include <inttypes.h>

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
