#!/usr/bin/env node
// `npx analyze` is `homunculus analyze` (the plain forms without yargs, as there).
import { quietOnClosedPipe } from './closed-pipe.js';

quietOnClosedPipe();
const args = process.argv.slice(2);
if (!(await import('./analyze-fast.js')).fastAnalyze(args)) await (await import('./main.js')).runMain(['analyze', ...args]);
