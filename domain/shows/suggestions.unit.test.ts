import t from 'tap';
import { parseSuggestedNames, suggestionPrompt } from './suggestions.ts';
import { popularShows, type ShowSummary, similarShows } from './tv.ts';

const show = (id: number, genres: string[], weight = 50, extra: Partial<ShowSummary> = {}): ShowSummary => ({
  id,
  name: `Show ${id}`,
  url: '',
  type: 'Scripted',
  language: 'English',
  genres,
  status: 'Running',
  premiered: null,
  runtime: null,
  network: null,
  image: null,
  rating: null,
  weight,
  summary: null,
  ...extra,
});

t.test('names from JSON, from a list, deduplicated, bounded', async (t) => {
  t.same(parseSuggestedNames('Sure! {"shows": ["A", "b", "B", " C "]}'), ['A', 'b', 'C']);
  t.same(parseSuggestedNames('1. One\n- Two\n* "Three"\n\n'), ['One', 'Two', 'Three']);
  t.equal(parseSuggestedNames(Array.from({ length: 30 }, (_, i) => `Show ${i}`).join('\n')).length, 10);
  t.match(suggestionPrompt([]), /none yet/);
});

t.test('popular: one per show, heaviest first; similar: shared genres first, never itself', async (t) => {
  const a = show(1, ['Drama'], 10);
  const b = show(2, ['Drama', 'Crime'], 90);
  const episode = { id: 1, name: '', season: 1, number: 1, airdate: null, airstamp: null, runtime: null };
  t.same(popularShows([{ episode, show: a }, { episode, show: b }, { episode, show: b }], 5).map((s) => s.id), [2, 1]);
  const target = show(9, ['Drama', 'Crime']);
  t.same(similarShows(target, [a, b, target, show(3, ['Comedy'], 99, { language: 'Korean', type: 'Reality' })], 5).map((s) => s.id), [2, 1]);
});
