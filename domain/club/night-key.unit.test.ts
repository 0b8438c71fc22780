import t from 'tap';
import { fold } from '../shared/aggregate.ts';
import { claimNight, nightKeyAggregate, releaseNight } from './night-key.ts';

t.test('a slot key is held by the first night to claim it until that night releases it', async (t) => {
  const stored = (events: ReturnType<typeof claimNight>) => events.map((event) => ({ ...event, metadata: { schemaVersion: 1 } }));
  const first = stored(claimNight(null, 'night-a'));
  t.equal(fold(nightKeyAggregate, first), 'night-a');
  t.same(claimNight('night-a', 'night-b'), [], 'the holder stays');
  t.same(releaseNight('night-a', 'night-b'), [], 'only the holder releases');
  t.equal(fold(nightKeyAggregate, [...first, ...stored(releaseNight('night-a', 'night-a'))]), null);
});
