import t from 'tap';
import { compareNames, compareOptionalNames } from './names.ts';

t.test('names in the order a person reads them, whatever their accents and case', async (t) => {
  const names = ['Zercher', 'écarté', 'Elevation', 'Bench press', 'bench', 'Bench', 'Bench-press', 'Développé couché', 'Dip', 'Écarté'];
  t.same([...names].sort(compareNames), ['bench', 'Bench', 'Bench press', 'Bench-press', 'Développé couché', 'Dip', 'écarté', 'Écarté', 'Elevation', 'Zercher']);
  t.equal(compareNames('e\u0301', '\u00e9') !== 0, true, 'two spellings of one letter still have one order');
  t.same(['b', null, 'a', undefined].sort(compareOptionalNames), ['a', 'b', null, undefined], 'a missing name after every name');
});
