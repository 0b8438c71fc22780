import t from 'tap';
import { z } from 'zod';
import { idTextSchema, isStorableText, textSchema } from './text.ts';

t.test('text PostgreSQL can store passes whole: any script, emoji (surrogate pairs), combining marks', async (t) => {
  for (const good of ['', 'Bench, "flat"', 'Ærø 😀 👩‍👧 e\u0301 中文 \u202e', '\uffff\ufeff']) {
    t.equal(textSchema.parse(good), good);
    t.ok(isStorableText(good));
  }
});

t.test('a NUL or a lone surrogate is refused with a message the field name goes before', async (t) => {
  const body = z.object({ name: textSchema.trim().min(1).max(100) });
  const messages = (name: string) => body.safeParse({ name }).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  t.same(messages('Squat\u0000'), ['name: must not contain NUL characters']);
  t.same(messages('\ud800'), ['name: must be valid Unicode text (no unpaired surrogates)']);
  t.same(messages('a\udfffb'), ['name: must be valid Unicode text (no unpaired surrogates)']);
  t.same(messages('😀'.slice(0, 1)), ['name: must be valid Unicode text (no unpaired surrogates)']);
  t.notOk(isStorableText('\u0000'));
});

t.test('ids are 1 to 200 characters of storable text', async (t) => {
  t.ok(idTextSchema.safeParse('c1a2b3c4d5').success);
  for (const bad of ['', 'x'.repeat(201), '\u0000', 'id\ud800']) t.notOk(idTextSchema.safeParse(bad).success, JSON.stringify(bad));
});
