// CPU time as the kernel counts it, for `scripts/test.ts` to say what each step costs besides its
// wall time: on a shared machine the wall clock says how busy the neighbours were, CPU time what
// the step did. Linux only (/proc, proc(5)); elsewhere null, and the run prints wall times alone.
//
// Run as a script, it is a step's wrapper: `node scripts/lib/cpu-time.ts <file> <command> [args…]`
// runs the command with this process's stdio and environment, writes the CPU seconds (user + system)
// of the command and every descendant it waited for to <file>, and exits with the command's status;
// with FOLIO_NICE set, at that niceness.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { pathToFileURL } from 'node:url';

/** /proc/[pid]/stat counts in USER_HZ, 100 a second on every Linux that Node runs on (proc(5)). */
const TICKS_PER_SECOND = 100;

/**
 * User + system seconds of this process's children that have ended and been waited for, and of
 * their waited-for descendants (getrusage's RUSAGE_CHILDREN: /proc/self/stat's cutime and cstime).
 */
export function childrenCpuSeconds(): number | null {
  try {
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis):
    // state is field 3, cutime and cstime are fields 16 and 17.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** This process's own user + system seconds. */
export function ownCpuSeconds(): number {
  const usage = process.resourceUsage();
  return (usage.userCPUTime + usage.systemCPUTime) / 1e6;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [file, command, ...args] = process.argv.slice(2);
  if (!file || !command) {
    console.error('usage: node scripts/lib/cpu-time.ts <file> <command> [args…]');
    process.exit(2);
  }
  // Signals meant for the step (a stopped run) reach it through its process group; this wrapper waits for it to end.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => {});
  // FOLIO_NICE: the step's niceness (setpriority(2)), which every process it starts inherits:
  // scripts/test.ts runs its Vitest lane at 19, so that lane takes only the CPU the other leaves idle.
  if (process.env.FOLIO_NICE) setPriority(Number(process.env.FOLIO_NICE));
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const cpu = childrenCpuSeconds();
  if (cpu !== null) writeFileSync(file, String(cpu));
  process.exit(result.status ?? 1);
}
