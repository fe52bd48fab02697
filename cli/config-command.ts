import type { CommandModule } from 'yargs';
import { CONFIG_KEYS } from '../lib/config.js';
import { commonOptions, context, printJson } from './context.js';

export const configCommand: CommandModule<object, { home?: string; json: boolean }> = {
  command: 'config',
  describe: 'print the effective configuration and where each value came from',
  builder: (y) => y.options({ home: commonOptions.home, json: commonOptions.json }),
  handler: (argv) => {
    const ctx = context(argv);
    const entries = CONFIG_KEYS.filter((k) => ctx.config[k] !== undefined).map((k) => ({ key: k, value: ctx.config[k], source: ctx.sources[k] ?? 'default' }));
    if (argv.json) return printJson({ home: ctx.home, config: ctx.config, sources: ctx.sources });
    const width = Math.max(...entries.map((e) => e.key.length));
    process.stdout.write(`Data home: ${ctx.home}\n`);
    for (const e of entries) process.stdout.write(`${e.key.padEnd(width)}  ${JSON.stringify(e.value).padEnd(8)}  ${e.source}\n`);
  },
};
