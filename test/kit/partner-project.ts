/**
 * A partner's own project, outside this repository, with the client installed from its packed
 * tarball the way a partner installs it. Installed from npm's cache alone (`npm ci --offline`):
 * the lockfile written here pins the client's dependencies to the versions and integrity hashes
 * of this repository's package-lock.json, whose `npm install` already put them in the cache, so
 * no registry access is needed (a plain `npm install <tarball>` would ask the registry which
 * versions exist, even offline).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

interface LockEntry {
  version: string;
  integrity: string;
  license?: string;
  dependencies?: Record<string, string>;
}

export interface PackedClient {
  name: string;
  version: string;
  /** The tarball's absolute path. */
  tarball: string;
}

/** The name and version of a packed client, read from the tarball's package.json. */
export async function packedClient(tarball: string): Promise<PackedClient> {
  const { stdout } = await run('tar', ['-xOzf', tarball, 'package/package.json']);
  const manifest = JSON.parse(stdout) as { name: string; version: string };
  return { name: manifest.name, version: manifest.version, tarball };
}

/** A fresh project in the system's temporary folder with `client` installed; resolves with its folder. */
export async function partnerProject(client: PackedClient): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'partner-project-'));
  const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const { stdout: registry } = await run('npm', ['config', 'get', 'registry'], { cwd: root });
  const packages: Record<string, unknown> = {};
  const visit = (name: string) => {
    if (packages[`node_modules/${name}`]) return;
    const entry = lock.packages[`client/node_modules/${name}`] ?? lock.packages[`node_modules/${name}`];
    if (!entry) throw new Error(`package-lock.json has no ${name}, a dependency of the client`);
    packages[`node_modules/${name}`] = {
      version: entry.version,
      resolved: `${registry.trim().replace(/\/?$/, '/')}${name}/-/${basename(name)}-${entry.version}.tgz`,
      integrity: entry.integrity,
      ...(entry.license ? { license: entry.license } : {}),
      ...(entry.dependencies ? { dependencies: entry.dependencies } : {}),
    };
    for (const dep of Object.keys(entry.dependencies ?? {})) visit(dep);
  };
  const clientDeps = lock.packages.client?.dependencies ?? {};
  for (const dep of Object.keys(clientDeps)) visit(dep);

  const tarball = await readFile(client.tarball);
  const spec = `file:${client.tarball}`;
  const manifest = { name: 'partner-app', version: '1.0.0', private: true, type: 'module', dependencies: { [client.name]: spec } };
  packages[''] = { name: manifest.name, version: manifest.version, dependencies: manifest.dependencies };
  packages[`node_modules/${client.name}`] = {
    version: client.version,
    resolved: spec,
    integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
    dependencies: clientDeps,
  };
  await writeFile(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  await writeFile(join(dir, 'package-lock.json'), JSON.stringify({ name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages }, null, 2));
  await run('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir, timeout: 120_000 });
  return dir;
}
