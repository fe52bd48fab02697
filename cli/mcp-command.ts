import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CommandModule } from 'yargs';

/**
 * The server module beside this CLI: dist/mcp/server.js (tsc), or the plugin's own bundle
 * dist/mcp/server.mjs. Found at run time so that a bundler does not pull the MCP SDK into the
 * CLI's bundle.
 */
async function startServer(home: string | undefined): Promise<void> {
  const js = new URL('../mcp/server.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) {
    const m = (await import(js.href)) as { runStdioServer: (o: { home?: string }) => Promise<void> };
    return m.runStdioServer(home ? { home } : {});
  }
  const bundle = new URL('../mcp/server.mjs', import.meta.url); // the plugin's: it starts on import
  if (!existsSync(fileURLToPath(bundle))) throw new Error('the MCP server module (dist/mcp/server.js) is missing: run npm run build');
  if (home) process.env['HOMUNCULUS_HOME'] = home;
  await import(bundle.href);
}

export const mcpCommand: CommandModule<object, { home?: string }> = {
  command: 'mcp',
  describe: 'run the MCP server on stdio (Claude Code starts it: homunculus install and the plugin register it)',
  builder: (y) => y.options({ home: { type: 'string', describe: 'data home (default: HOMUNCULUS_HOME, else $XDG_DATA_HOME/homunculus, ~/.local/share/homunculus)' } }),
  handler: async (argv) => {
    await startServer(argv.home);
  },
};
