import t from 'tap';
import { Recorder } from './open-loop.ts';
import { type Sample, stallLines } from './stalls.ts';

const sample = (at: number, cpuSome: number, writeMs: number, waits: Record<string, number> = {}): Sample => ({
  at,
  cpuSome,
  ioSome: 0,
  writes: writeMs,
  writeMs,
  waits: new Map(Object.entries(waits)),
});

t.test("a step's slowest seconds, with what the machine waited on in each, beside its median second", async (t) => {
  const recorder = new Recorder();
  const ticks = recorder.of('gym POST /api/sessions/:id/sets');
  // three seconds of requests: the second one has three, two over 100 ms, the worst 250 ms
  for (const [scheduled, latency] of [[100, 5], [600, 7], [1100, 150], [1300, 250], [1800, 9], [2200, 4]] as const) {
    ticks.scheduled.push(scheduled);
    ticks.latencies.push(latency);
  }
  // samples every 500 ms; in the second second the CPU was waited for 400 ms (PSI counts µs), the disk wrote 600 ms
  const samples = [
    sample(0, 0, 0),
    sample(500, 50_000, 10),
    sample(1000, 100_000, 20, { 'IO:WalSync': 1 }),
    sample(1500, 300_000, 320, { 'IO:WalSync': 2 }),
    sample(2000, 500_000, 620, { CPU: 1 }),
    sample(2500, 550_000, 630),
    sample(3000, 600_000, 640),
  ];
  const lines = stallLines(recorder, samples);
  t.match(lines[0], /slowest seconds \(of 3;/);
  t.match(lines[1], /median\s+2 requests,\s+0 over 100 ms, worst\s+7 ms \| waiting for a CPU\s+10 %/);
  t.equal(lines.length, 3, 'one second had slow requests');
  t.match(lines[2], /slow\s+t=1 s\s+3 requests,\s+2 over 100 ms, worst\s+250 ms \| waiting for a CPU\s+40 %, for I\/O\s+0 % \| disk\s+600 writes\/s,\s+600 ms writing\/s/);
  t.match(lines[2], /PostgreSQL active: IO:WalSync 1\.0, CPU 0\.3/, 'the waits averaged over the second’s three samples');
});

t.test('fewer than two samples: nothing to say', async (t) => {
  t.same(stallLines(new Recorder(), [sample(0, 0, 0)]), []);
});
