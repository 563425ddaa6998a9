#!/usr/bin/env node
// The dual-era everything server for conformance runs (build first: `pnpm build`). See src/server.ts.
import './dist/server.js';
