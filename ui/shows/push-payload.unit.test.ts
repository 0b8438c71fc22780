import t from 'tap';
import { notificationOf } from './push-payload.ts';

t.test('a push of the daily job shows its title and body and opens the show', async (t) => {
  t.same(notificationOf(JSON.stringify({ title: 'Slow Horses: new episode today', body: 'S06E03 airs at 12:00 UTC', showId: 45039, episodeId: 3643507 })), {
    title: 'Slow Horses: new episode today',
    body: 'S06E03 airs at 12:00 UTC',
    url: '/shows/45039',
    tag: 'episode-3643507',
  });
});

t.test('any other message still shows something and opens the dashboard', async (t) => {
  t.same(notificationOf(null), { title: 'Shows', body: '', url: '/', tag: undefined });
  t.same(notificationOf('plain words'), { title: 'Shows', body: 'plain words', url: '/', tag: undefined });
  t.same(notificationOf(JSON.stringify({ showId: '45039/../x' })), { title: 'Shows', body: '', url: '/', tag: undefined }, 'a show id that is no number goes nowhere odd');
});
