#!/usr/bin/env node
// `suggest` answers from the store's index without loading yargs (see cli/suggest-fast.ts).
const args = process.argv.slice(2);
if (!(args[0] === 'suggest' && (await import('./suggest-fast.js')).fastSuggest(args.slice(1)))) {
  await (await import('./main.js')).runMain(args);
}
