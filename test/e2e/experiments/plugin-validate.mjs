// (f) What `claude plugin validate` asks of a plugin and a marketplace before it reports no
// warning at all: a bare plugin, then with a README.md, network.hosts, an icon; a marketplace
// with and without a description.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { startMockApi } from '../mock-api.mjs';
import { runClaude, tempDir, writeJson } from '../harness.mjs';

/** A plain square PNG (one colour), size x size. */
function png(size) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x5a)]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const root = tempDir();
const home = join(root, 'home');
mkdirSync(home, { recursive: true });
const mock = await startMockApi();
const validate = async (dir, extra = []) => {
  const r = await runClaude('', { mock, home, cwd: root, print: false, args: ['plugin', 'validate', dir, ...extra] });
  return `exit ${r.code}\n${(r.stdout + r.stderr).trim().replaceAll(root, '<root>')}`;
};
const plugin = (name, manifest, files = {}) => {
  const dir = join(root, name);
  writeJson(join(dir, '.claude-plugin', 'plugin.json'), { name: 'homunculus', version: '0.1.0', description: 'Learns recurring tool patterns.', author: { name: 'homunculus' }, ...manifest });
  writeJson(join(dir, 'hooks', 'hooks.json'), { hooks: { PostToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/observe.js"', async: true, timeout: 10 }] }] } });
  mkdirSync(join(dir, 'commands'), { recursive: true });
  writeFileSync(join(dir, 'commands', 'bye.md'), '---\ndescription: Consolidate\n---\nSay bye.\n');
  writeFileSync(join(dir, 'hooks', 'observe.js'), 'process.exit(0)\n');
  for (const [f, content] of Object.entries(files)) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), content);
  }
  return dir;
};
const readme = '# homunculus\n\n' + 'homunculus watches the tools Claude Code calls, learns which sequences recur across your sessions, and writes the ones that hold as rules that reach Claude at the start of every session. It is offline and deterministic: no model, no network, no cost. Only tool names are recorded.\n';

console.log('=== bare plugin\n' + (await validate(plugin('bare', {}))));
console.log('\n=== + README.md\n' + (await validate(plugin('readme', {}, { 'README.md': readme }))));
console.log('\n=== + README.md + network.hosts []\n' + (await validate(plugin('hosts', { network: { hosts: [] } }, { 'README.md': readme }))));
const full = plugin('full', { network: { hosts: [] } }, { 'README.md': readme, '.claude-plugin/icon.png': png(512) });
console.log('\n=== + README.md + network.hosts [] + .claude-plugin/icon.png (512 px)\n' + (await validate(full)));
console.log('\n=== same, --profile directory\n' + (await validate(full, ['--profile', 'directory'])));
const readmeInstall = readme + '\n## Install\n\n```\n/plugin install homunculus --marketplace example/homunculus\n```\n';
const clean = plugin('clean', { network: { hosts: [] }, license: 'MIT' }, { 'README.md': readmeInstall, '.claude-plugin/icon.png': png(512) });
console.log('\n=== + license MIT + an install line in the README, --profile directory\n' + (await validate(clean, ['--profile', 'directory'])));

const market = (name, manifest) => {
  const dir = join(root, name);
  writeJson(join(dir, '.claude-plugin', 'marketplace.json'), { name: 'homunculus-dev', owner: { name: 'homunculus' }, plugins: [{ name: 'homunculus', source: './plugin', description: 'Learns recurring tool patterns.' }], ...manifest });
  plugin(join(name, 'plugin'), { network: { hosts: [] } }, { 'README.md': readme });
  return dir;
};
console.log('\n=== marketplace without description\n' + (await validate(market('m1', {}))));
console.log('\n=== marketplace with top-level description\n' + (await validate(market('m2', { description: 'homunculus, a continuous-learning loop for Claude Code.' }))));
console.log('\n=== marketplace with metadata.description\n' + (await validate(market('m3', { metadata: { description: 'homunculus, a continuous-learning loop for Claude Code.' } }))));
await mock.close();
