import type { CommandModule } from 'yargs';
import { analyzeCommand } from './analyze-command.js';
import { byeCommand } from './bye-command.js';
import { configCommand } from './config-command.js';
import { demoCommand } from './demo-command.js';
import { doctorCommand } from './doctor-command.js';
import { effectivenessCommand } from './effectiveness-command.js';
import { exportCommands } from './export-commands.js';
import { importCommand } from './import-command.js';
import { inloopCommands } from './inloop-commands.js';
import { installCommand, uninstallCommand } from './install-command.js';
import { mcpCommand } from './mcp-command.js';
import { reportCommand } from './report-command.js';
import { storeCommands } from './store-commands.js';
import { whereCommand } from './where-command.js';

// Each subcommand lives in its own module under cli/; this is the list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands: CommandModule<any, any>[] = [analyzeCommand, byeCommand, configCommand, installCommand, uninstallCommand, doctorCommand, importCommand, demoCommand, effectivenessCommand, ...storeCommands, ...inloopCommands, ...exportCommands, mcpCommand, reportCommand, whereCommand];
