import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { RulesStateError } from '../runs/consolidate-run.js';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { storeContext } from '../store/service.js';
import { renderReport } from '../report/html.js';
import { gatherReport } from '../report/load.js';
import { replaceableExport } from '../exports/out-files.js';
import { ExportError } from '../exports/service.js';
import { CliError } from './errors.js';
import { commonOptions, context, printJson } from './context.js';
import { plural } from '../lib/plural.js';

// `homunculus report`: one self-contained HTML file of what was learned (report/ builds it).

type Args = { home?: string; now?: string; json: boolean; out: string; open: boolean; project: boolean; force: boolean };

/** Hands the file to the desktop's opener; detached, its failure is not the report's. */
function openFile(path: string): void {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(cmd, [path], { detached: true, stdio: 'ignore' });
    child.on('error', () => process.stderr.write(`could not run ${cmd} to open ${path}: open it in a browser\n`));
    child.unref();
  } catch {
    process.stderr.write(`could not run ${cmd} to open ${path}: open it in a browser\n`);
  }
}

export const reportCommand: CommandModule<object, Args> = {
  command: 'report',
  describe: 'write one self-contained HTML report of what was learned (no script, nothing fetched)',
  builder: (y) =>
    y.options({
      ...commonOptions,
      out: { type: 'string', default: 'homunculus-report.html', describe: 'the HTML file to write' },
      open: { type: 'boolean', default: false, describe: 'open it in the default browser' },
      project: { type: 'boolean', default: false, describe: "only the current project: its records and the instincts in its reach" },
      force: { type: 'boolean', default: false, describe: 'replace --out even when it is not an earlier homunculus report' },
    }),
  handler: (argv) => {
    const ctx = context(argv);
    const sctx = storeContext({ home: ctx.home, config: ctx.config, now: ctx.now, cwd: process.cwd(), env: process.env });
    if (argv.project && sctx.project === null) throw new CliError(`--project needs a project: run it inside one (a folder with .git, or CLAUDE_PROJECT_DIR set), found ${process.cwd()}`, 2);
    let data;
    try {
      data = gatherReport(sctx, { onlyProject: argv.project });
    } catch (e) {
      if (e instanceof RulesStateError) throw new CliError(e.message, 2, { cause: e });
      throw e;
    }
    const html = renderReport(data);
    const out = resolve(argv.out);
    // Never over someone's file by a slip of --out: only an earlier report (or an empty file) is replaced.
    if (!argv.force) {
      try {
        replaceableExport(out, 'report', '--out', '--force');
      } catch (e) {
        if (e instanceof ExportError) throw new CliError(e.message, 2, { cause: e });
        throw e;
      }
    }
    try {
      writeFileAtomic(out, html, { skipIfSame: false, mode: 0o600 });
    } catch (e) {
      throw new CliError(`cannot write the report to ${out}: ${(e as Error).message}`, 1, { cause: e });
    }
    const bytes = Buffer.byteLength(html);
    if (argv.json) printJson({ out, bytes, report: data });
    else process.stdout.write(`Wrote ${out} (${Math.round(bytes / 1024)} KB): ${plural(data.stats.total, 'instinct')}, ${plural(data.rules.length, 'rule')}, ${plural(data.records, 'tool call')} over ${plural(data.days.length, 'day')}.\n`);
    if (argv.open) openFile(out);
  },
};
