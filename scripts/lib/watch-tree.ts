// Watches a directory tree for changes. Node's `recursive` watch on Linux loses files replaced by
// rename (editors and `sed -i` save that way), so each directory gets its own plain watch, and new
// directories are picked up as they appear.
import { readdirSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

export function watchTree(root: string, onChange: () => void): { close(): void } {
  const watchers = new Map<string, FSWatcher>();
  const scan = (dir: string) => {
    if (!watchers.has(dir)) {
      try {
        const w = watch(dir, () => {
          scan(root);
          onChange();
        });
        w.on('error', () => watchers.delete(dir));
        watchers.set(dir, w);
      } catch {
        return; // removed meanwhile
      }
    }
    let entries: string[] = [];
    try {
      entries = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    } catch {}
    for (const name of entries) scan(join(dir, name));
  };
  scan(root);
  return { close: () => watchers.forEach((w) => w.close()) };
}
