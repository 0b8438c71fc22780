import t from 'tap';
import { sameNameAs } from './same-name.ts';

const people = [
  { id: 'a', name: 'Ana' },
  { id: 'b', name: 'Ben  Rose' },
];

t.test('a name already in People, as people read it', async (t) => {
  t.same(sameNameAs('Ana', people), { id: 'a', name: 'Ana' });
  t.same(sameNameAs('  ana ', people), { id: 'a', name: 'Ana' }, 'case and spaces aside');
  t.same(sameNameAs('ben rose', people), { id: 'b', name: 'Ben  Rose' });
  t.equal(sameNameAs('Ana B', people), null);
  t.equal(sameNameAs('', people), null);
  t.equal(sameNameAs('Ana', people, 'a'), null, 'the person being edited keeps their own name');
});
