# SPDX-License-Identifier: GPL-2.0-only
# Every source file names the project's license in an SPDX line at its top (scripts/spdx.sh
# says which files and checks them; scripts/spdx.sh --add writes the missing lines), and the
# license it names is the one in LICENSE.
ROOT=$TESTDIR/../..
grep -q 'GNU GENERAL PUBLIC LICENSE' "$ROOT/LICENSE" && grep -q 'Version 2, June 1991' "$ROOT/LICENSE" ||
	{ echo "LICENSE is not the GPL version 2"; exit 1; }
sh "$ROOT/scripts/spdx.sh"
