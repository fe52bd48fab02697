// Claude Code has renamed some of its tools; old transcripts (and old hooks) carry the old names.
// Records always hold the current name, so a chain learned from last month's transcripts and one
// recorded live today are the same chain.
//
// Source: the alias table of the Claude Code 2.1.330 binary (its LEGACY_TOOL_NAME_ALIASES; read
// off the binary, see test/e2e/FINDINGS.md (h)), entry for entry. The mode-gated `Eval -> REPL` is
// left out. Added from the table as earlier public sources quote it
// (src/utils/permissions/permissionRuleParser.ts): the output tools of 2.0.x-2.1.x, and the wire
// name `BashOutput` that transcripts of that time carry, all -> TaskOutput.
export const LEGACY_TOOL_NAMES: Readonly<Record<string, string>> = {
  Task: 'Agent',
  KillShell: 'TaskStop',
  KillBash: 'TaskStop',
  ListPeers: 'ListAgents',
  Brief: 'SendUserMessage',
  ListMcpResources: 'ListMcpResourcesTool',
  ReadMcpResource: 'ReadMcpResourceTool',
  ReadMcpResourceDir: 'ReadMcpResourceDirTool',
  ProposeGoal: 'SetGoal',
  AgentOutputTool: 'TaskOutput',
  BashOutputTool: 'TaskOutput',
  BashOutput: 'TaskOutput',
};

/** The current name of a (validated) tool name. */
export function currentToolName(tool: string): string {
  return Object.prototype.hasOwnProperty.call(LEGACY_TOOL_NAMES, tool) ? LEGACY_TOOL_NAMES[tool]! : tool;
}
