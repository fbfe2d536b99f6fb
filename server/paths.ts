import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(): string {
  // Works from the sources (server/…) and from the bundle (dist/server/…).
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === 'trellis') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the Trellis project root (package.json)');
    dir = parent;
  }
}

export const projectRoot = findProjectRoot();
export const migrationsDir = join(projectRoot, 'server/db/migrations');
export const clientDistDir = join(projectRoot, 'dist/client');
