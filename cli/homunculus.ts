#!/usr/bin/env node
// `suggest`, `analyze` and `import-transcripts` in their plain forms run without loading yargs (see
// cli/suggest-fast.ts, cli/analyze-fast.ts, cli/import-fast.ts); anything else, and any form they do not take, goes through cli/main.ts.
import { quietOnClosedPipe } from './closed-pipe.js';

quietOnClosedPipe();
const args = process.argv.slice(2);
const fast =
  (args[0] === 'suggest' && (await import('./suggest-fast.js')).fastSuggest(args.slice(1))) ||
  (args[0] === 'analyze' && (await import('./analyze-fast.js')).fastAnalyze(args.slice(1))) ||
  (args[0] === 'import-transcripts' && (await (await import('./import-fast.js')).fastImport(args.slice(1))));
if (!fast) await (await import('./main.js')).runMain(args);
