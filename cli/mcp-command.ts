import type { CommandModule } from 'yargs';

export const mcpCommand: CommandModule<object, { home?: string }> = {
  command: 'mcp',
  describe: 'run the MCP server on stdio (Claude Code starts it: homunculus install and the plugin register it)',
  builder: (y) => y.options({ home: { type: 'string', describe: 'data home (default: HOMUNCULUS_HOME, else homunculus/ or ~/.local/share/homunculus)' } }),
  handler: async (argv) => {
    const { runStdioServer } = await import('../mcp/server.js');
    await runStdioServer({ ...(argv.home ? { home: argv.home } : {}) });
  },
};
