/**
 * The package's name on the npm registry: what a user installs (`npm install -g`, a project's
 * dev dependency) and the folder a project-scope hook finds under node_modules. The commands it
 * installs keep their names (`homunculus`, `analyze`); `homunculus` alone on npm is another
 * project (a JavaScript lexer). test/package.test.ts holds package.json to this.
 */
export const PACKAGE_NAME = 'homunculus-claude-code';
