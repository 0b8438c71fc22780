// The four services as one separate process (`node ops/main.ts`), so that its CPU is its own to read
// from /proc: the bench's clients and seeding never share its event loop or its counters.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const SERVICE_NAMES = ['gym', 'shows', 'club', 'forms'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export type RunningServices = {
  readonly pid: number;
  /** http://127.0.0.1:<port> of each service */
  readonly base: Readonly<Record<ServiceName, string>>;
  stop(): Promise<void>;
};

/** a port free now on 127.0.0.1 (the kernel's pick, released at once for the child to take) */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no free port');
  return address.port;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** every service answers GET /api/health/ready with 200: its projections have caught up with the log */
async function allReady(base: Readonly<Record<ServiceName, string>>, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const name of SERVICE_NAMES) {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the services' process exited with ${child.exitCode} during start-up`);
      const status = await fetch(`${base[name]}/api/health/ready`).then((res) => res.status, () => 0);
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`${name} was not ready within ${timeoutMs / 1000} s (last answer ${status})`);
      await sleep(250);
    }
  }
}

/**
 * `node <root>/ops/main.ts` with `env` on top of the ports chosen here (and each service's origin
 * to match), its output in `logFile`; resolves once every service is ready.
 */
export async function startServices(root: string, env: Readonly<Record<string, string>>, logFile: string): Promise<RunningServices> {
  const ports = { gym: await freePort(), shows: await freePort(), club: await freePort(), forms: await freePort() };
  const base = Object.fromEntries(SERVICE_NAMES.map((name) => [name, `http://127.0.0.1:${ports[name]}`])) as Record<ServiceName, string>;
  const portEnv: Record<string, string> = {};
  for (const name of SERVICE_NAMES) {
    portEnv[`${name.toUpperCase()}_PORT`] = String(ports[name]);
    portEnv[`${name.toUpperCase()}_BASE_URL`] = base[name];
  }
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [path.join(root, 'ops', 'main.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env, ...portEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    log.end();
  };
  try {
    // at start-up the projectors take the whole seed: minutes at 10,000 users
    await allReady(base, child, 1_800_000);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}; its log: ${logFile}`);
  }
  return { pid: child.pid!, base, stop };
}
