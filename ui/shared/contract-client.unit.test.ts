import t from 'tap';
import { urlOf } from './contract-client.ts';

t.test('a path template is filled with its parameters, each encoded as one segment', async (t) => {
  t.equal(urlOf('/api/shows/{id}/similar', { id: 45039 }), '/api/shows/45039/similar');
  t.equal(urlOf('/api/forms/{name}', { name: 'a b/c?' }), '/api/forms/a%20b%2Fc%3F', 'a slash or a question mark cannot leave its segment');
  t.equal(urlOf('/api/health'), '/api/health', 'no parameters, no query: the path as it is');
  t.throws(() => urlOf('/api/sessions/{id}', {}), { message: '/api/sessions/{id}: no value for {id}' }, 'a missing parameter is never sent as "undefined"');
});

t.test('the query is appended in the order given; left-out values are not sent, lists repeat the name', async (t) => {
  t.equal(urlOf('/api/sessions', undefined, { from: '2026-01-01', to: '2026-01-31' }), '/api/sessions?from=2026-01-01&to=2026-01-31');
  t.equal(urlOf('/api/shows/search', undefined, { q: 'slow horses & co' }), '/api/shows/search?q=slow+horses+%26+co');
  t.equal(urlOf('/api/players', undefined, { archived: undefined }), '/api/players', 'an undefined value is no parameter at all');
  t.equal(urlOf('/api/x', undefined, { tag: ['a', 'b'], limit: 200, all: true }), '/api/x?tag=a&tag=b&limit=200&all=true');
});
