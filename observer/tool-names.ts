// Claude Code has renamed some of its tools; old transcripts (and old hooks) carry the old names.
// Records always hold the current name, so a chain learned from last month's transcripts and one
// recorded live today are the same chain.
//
// Source: Claude Code's LEGACY_TOOL_NAME_ALIASES (src/utils/permissions/permissionRuleParser.ts,
// "maps legacy tool names to their current canonical names"): Task -> Agent (renamed in 2.1.63),
// KillShell -> TaskStop, AgentOutputTool and BashOutputTool -> TaskOutput. Its feature-gated
// `Brief` entry is absent from public builds and left out. Added here, because transcripts of
// 1.0.x-2.0.x call the tools by their wire names: KillBash (the name before KillShell) and
// BashOutput (before TaskOutput), both seen in captured public transcripts.
export const LEGACY_TOOL_NAMES: Readonly<Record<string, string>> = {
  Task: 'Agent',
  KillShell: 'TaskStop',
  KillBash: 'TaskStop',
  AgentOutputTool: 'TaskOutput',
  BashOutputTool: 'TaskOutput',
  BashOutput: 'TaskOutput',
};

/** The current name of a (validated) tool name. */
export function currentToolName(tool: string): string {
  return Object.prototype.hasOwnProperty.call(LEGACY_TOOL_NAMES, tool) ? LEGACY_TOOL_NAMES[tool]! : tool;
}
