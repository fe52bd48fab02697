#!/usr/bin/env node
// The MCP server as its own entry point: the plugin's .mcp.json runs its bundle
// (plugin/dist/mcp/server.mjs), so the plugin's CLI bundle does not carry the MCP SDK.
import { runStdioServer } from './server.js';

await runStdioServer();
