# SPDX-License-Identifier: GPL-2.0-only
# Which way the #include lines of src/ may point. The rule, top to bottom:
#
#   cmd -> runtime, consumer, compiler -> codegen -> common
#
# refined by what each layer really reads:
#   - nothing but cmd includes the consumer; the consumer includes no codegen and no compiler
#     internals: what it shares with the compile side (record layouts, fault codes, drop
#     counters, map indexes, printf formats, kernel symbols) is in common/.
#   - runtime/dt_runtime.h (the handle: options, probe table, maps) and compiler/dt_compiler.h
#     (the AST and the types) stand just above common: every layer may read them.
#   - providers/dt_provider.h is the ops table where the others meet the providers: codegen
#     calls a provider's prologue (which emits through codegen), the compiler asks providers to
#     match probe descriptions, the runtime to attach.
#   - the headers form no cycle: each header's row names exactly the headers it may include.
#
# A file may include the headers its row names (a folder: any header in it; folder/file.h:
# that header only); a header without a row follows its folder's row. A #include
# that points elsewhere fails the test, printed as file:line.
SRC=$TESTDIR/../../src
[ -d "$SRC/common" ] || { echo "no src/ at $SRC"; exit 77; }

# who (a header, or a folder's .c files)   may include
rules() {
	cat <<'EOF'
common/*.h		common
compiler/dt_compiler.h	common
runtime/dt_runtime.h	common
consumer/dt_consumer.h	common
codegen/dt_codegen.h	common compiler/dt_compiler.h
providers/dt_provider.h	common codegen/dt_codegen.h runtime/dt_runtime.h
compiler/dt_sema.h	common compiler/dt_compiler.h runtime/dt_runtime.h
common/*.c		common
codegen/*.c		common codegen compiler/dt_compiler.h runtime/dt_runtime.h providers/dt_provider.h
providers/*.c		common providers codegen/dt_codegen.h runtime/dt_runtime.h
compiler/*.c		common compiler codegen/dt_codegen.h providers/dt_provider.h runtime/dt_runtime.h
runtime/*.c		common runtime codegen/dt_codegen.h providers/dt_provider.h
consumer/*.c		common consumer compiler/dt_compiler.h runtime/dt_runtime.h providers/dt_provider.h
cmd/*.c			common cmd compiler consumer runtime providers codegen
EOF
}

# Backwards includes still to remove, one "file header" a line (issue 15, item 5).
known() {
	cat <<'EOF'
EOF
}

# Every include as "file:line included-header", the header made relative to src/.
cd "$SRC" || exit 1
incs=$(grep -n '^#include "' */*.c */*.h | sed 's/^\([^:]*\):\([0-9]*\):#include "\([^"]*\)".*/\1 \2 \3/' |
	while read -r file line hdr; do
		dir=${file%%/*}
		case $hdr in
		../*) hdr=${hdr#../} ;;
		*/*) ;;
		*) hdr=$dir/$hdr ;;
		esac
		echo "$file $line $hdr"
	done)

rc=0
seen_known=
echo "$incs" | {
	while read -r file line hdr; do
		# a header's own row, else its folder's row for headers, else for its .c files
		allow=$(rules | awk -v f="$file" -v d="${file%%/*}" -v ext="${file##*.}" '
			$1 == f { $1 = ""; print; found = 1; exit }
			$1 == d "/*." ext { row = $0 }
			$1 == d "/*.c" { crow = $0 }
			END { if (!found) { $0 = row ? row : crow; $1 = ""; print } }')
		ok=0
		for a in $allow; do
			case $a in
			*.h) [ "$hdr" = "$a" ] && ok=1 ;;
			*) [ "${hdr%%/*}" = "$a" ] && ok=1 ;;
			esac
		done
		[ "$ok" -eq 1 ] && continue
		if known | grep -qx "$file $hdr"; then
			seen_known="$seen_known|$file $hdr"
			continue
		fi
		echo "src/$file:$line: includes $hdr, which its layer may not (allowed:$allow)"
		rc=1
	done
	# A backwards include that is gone must leave the list too, so the list stays true.
	known | while read -r k; do
		case "$seen_known|" in
		*"|$k|"*) ;;
		*) echo "stale entry in known(): $k no longer happens; delete it"; exit 1 ;;
		esac
	done || rc=1
	exit $rc
}
