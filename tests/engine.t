#!/bin/sh
# The engine's API tests (TAP from bin/test-engine, tests/engine/test-engine.c):
# positions with a known best move under every ruleset, yote_engine_search
# against yote_minimax, and determinism.  Run from the project root (prove
# does) after `make bin/test-engine`.
set -eu
. tests/lib/env.sh
. tests/lib/tap.sh
tap_exec bin/test-engine
