import t from 'tap';
import { routePattern } from './apps.ts';

t.test('a client route matches its whole path, with any parameter value and query, and nothing longer', async (t) => {
  const show = routePattern('/shows/:id');
  t.ok(show.test('/shows/45039'));
  t.ok(show.test('/shows/45039/'));
  t.ok(show.test('/shows/45039?tab=episodes'));
  t.notOk(show.test('/shows/'), 'a parameter is not empty');
  t.notOk(show.test('/shows/45039/extra'));
  t.notOk(show.test('/x/shows/45039'));
  const root = routePattern('/');
  t.ok(root.test('/'));
  t.ok(root.test('/?from=install'));
  t.notOk(root.test('/app'));
  t.notOk(routePattern('/app').test('/application'));
  t.notOk(routePattern('/a.b').test('/aXb'), 'a dot is a dot');
});
