import { resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { commonOptions, printJson } from './context.js';
import { whereInUse, whereText } from './in-use.js';

export const whereCommand: CommandModule<object, { home?: string; project?: string; json: boolean }> = {
  command: 'where',
  describe: 'print the data home the installed hooks use (and why that one), the rules and config files there, and the settings files that hold homunculus',
  builder: (y) =>
    y.options({
      home: commonOptions.home,
      json: commonOptions.json,
      project: { type: 'string', describe: 'project folder whose .claude/ settings to read (default: the current folder)' },
    }),
  handler: (argv) => {
    const w = whereInUse({ home: argv.home, projectDir: resolve(argv.project ?? process.cwd()), env: process.env });
    if (argv.json) printJson(w);
    else process.stdout.write(whereText(w));
  },
};
