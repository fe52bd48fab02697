#!/usr/bin/env node
// `npx analyze` is `homunculus analyze`.
import { runMain } from './main.js';

await runMain(['analyze', ...process.argv.slice(2)]);
