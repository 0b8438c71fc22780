// CPU seconds from /proc/<pid>/stat: the services' Node process, and PostgreSQL as the postmaster
// with every backend it forked, live ones by their own counters and exited ones by the postmaster's
// cutime/cstime (a backend's time moves there when it is reaped, so the sum never loses it).
import { readdir, readFile } from 'node:fs/promises';

/** USER_HZ: the unit of /proc's CPU counters on Linux */
const TICKS_PER_SECOND = 100;

type Stat = { readonly ppid: number; readonly own: number; readonly children: number };

async function statOf(pid: number): Promise<Stat | null> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (text === null) return null;
  // the command name (field 2) is in parentheses and may hold spaces: fields are counted after it
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const field = (n: number): number => Number(fields[n - 3]);
  return { ppid: field(4), own: field(14) + field(15), children: field(16) + field(17) };
}

/** CPU seconds of a process and of its reaped children */
export async function processCpuSeconds(pid: number): Promise<number> {
  const stat = await statOf(pid);
  if (!stat) throw new Error(`no process ${pid}`);
  return (stat.own + stat.children) / TICKS_PER_SECOND;
}

/** CPU seconds of a process, its reaped children and its live children (PostgreSQL's postmaster and backends) */
export async function treeCpuSeconds(pid: number): Promise<number> {
  let ticks = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await statOf(Number(entry));
    if (stat && stat.ppid === pid) ticks += stat.own;
  }
  return ticks / TICKS_PER_SECOND + (await processCpuSeconds(pid));
}

/** the postmaster's pid: the parent of the backend serving `backendPid` */
export async function postmasterOf(backendPid: number): Promise<number> {
  const stat = await statOf(backendPid);
  if (!stat) throw new Error(`no backend ${backendPid}`);
  return stat.ppid;
}
