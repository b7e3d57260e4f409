// Summarizes V8 CPU profiles (`node --cpu-prof`): self time per function, the top entries per
// profile, so a benchmark run says where the time went without opening DevTools.
// `node bench/profile-summary.ts <dir>` prints the summary of every .cpuprofile under <dir>.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function (ms), highest first. */
export function selfTimes(profile: Profile): { name: string; ms: number; share: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^file:\/\/.*?\/(node_modules|src|bench|api|scripts)\//, '$1/')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    totals.set(key, (totals.get(key) ?? 0) + dt);
    all += dt;
  });
  return [...totals].map(([name, ms]) => ({ name, ms, share: ms / all })).sort((a, b) => b.ms - a.ms);
}

export function summarizeProfiles(dir: string, top = 12): string {
  const lines: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true })) {
    const file = String(entry);
    if (!file.endsWith('.cpuprofile')) continue;
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
    lines.push(`${relative(dir, join(dir, file)).split('/')[0]}:`);
    for (const t of selfTimes(profile).slice(0, top)) lines.push(`  ${t.ms.toFixed(0).padStart(7)} ms ${(t.share * 100).toFixed(1).padStart(5)}%  ${t.name}`);
  }
  return lines.join('\n');
}

if (import.meta.main) console.log(summarizeProfiles(process.argv[2] ?? '.'));
