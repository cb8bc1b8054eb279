#!/bin/sh
# test.sh: install what is missing, build, and run every test.
#   sudo scripts/test.sh [PATTERN...]     (PATTERNs select tests, see tests/run-tests.sh)
cd "$(dirname "$0")/.." || exit 2
scripts/setup.sh && make -j2 && sh tests/run-tests.sh "$@"
