#!/bin/sh
# The client under test of the official MCP conformance suite, which runs
# `sh -c "examples/conformance/client.sh <serverUrl>"` with MCP_CONFORMANCE_SCENARIO,
# MCP_CONFORMANCE_PROTOCOL_VERSION and MCP_CONFORMANCE_CONTEXT set. exec: the suite's timeout
# then ends the Node process itself, not just this shell. Build first (`pnpm build`).
exec node "$(dirname "$0")/dist/client.js" "$@"
