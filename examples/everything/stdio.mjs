#!/usr/bin/env node
// Serves the everything server on stdin/stdout (build first: `pnpm build`).
import './dist/stdio.js';
