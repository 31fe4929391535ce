// One server per DATA_DIR: PGlite takes no lock of its own, and two processes writing one
// data folder corrupt it. The lock file holds the owner's pid and start time; a lock whose process
// is gone, or whose pid now belongs to another process, is stale.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `Another Paddock server (pid ${ownerPid}) is already using DATA_DIR ${dataDir}. ` +
        'Stop it first, or start this one with a different DATA_DIR.',
    );
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When a process started (clock ticks since boot, /proc/PID/stat field 22), or '' where /proc is
 * not there. A pid is reused after a crash; the pair pid + start time names one process only.
 */
function startTimeOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) is in parentheses and may hold spaces: count from after it
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

/** The pid in a lock file, if that very process (not a later one with the same pid) still runs. */
function liveOwner(content: string): number | undefined {
  const [pidText, recordedStart] = content.trim().split(/\s+/);
  const pid = Number.parseInt(pidText ?? '', 10);
  if (!Number.isInteger(pid) || pid === process.pid || !processIsAlive(pid)) return undefined;
  const start = startTimeOf(pid);
  if (start && recordedStart && start !== recordedStart) return undefined; // pid reused
  if (start && !recordedStart) {
    // a lock written before start times were recorded: believe it only if it is a Paddock server
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!command.includes('server/main')) return undefined;
  }
  return pid;
}

/** Takes the lock or throws DataDirLockedError; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'paddock.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid} ${startTimeOf(process.pid)}`.trim());
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = liveOwner(readFileSync(file, 'utf8'));
      if (owner !== undefined) throw new DataDirLockedError(dataDir, owner);
      rmSync(file, { force: true }); // stale: its server was killed, or its pid now names another process
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
