#!/bin/sh
# The jest part of `npm test`: every suite but the timed ones on three workers (many suites mostly
# wait on browsers and servers, so a third overlaps them on two cores: 23 -> 19 minutes), then the timed ones
# alone (their limits on latency and memory are about one process, not a machine shared with
# another suite; see jest.config.mjs). Both phases run; either failing fails the whole.
export NODE_OPTIONS=--experimental-vm-modules
JEST_PHASE=parallel jest --maxWorkers=3 --passWithNoTests "$@"
parallel=$?
JEST_PHASE=timed jest --runInBand --passWithNoTests "$@"
timed=$?
[ "$parallel" -eq 0 ] && [ "$timed" -eq 0 ]
