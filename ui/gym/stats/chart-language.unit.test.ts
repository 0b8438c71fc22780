import t from 'tap';
import { usableLanguage, withUsableLanguage } from './chart-language.ts';

t.test('a tag Intl accepts is kept; a POSIX name is cleaned; anything else falls back', async (t) => {
  t.equal(usableLanguage('en-GB', 'en'), 'en-GB');
  t.equal(usableLanguage('de', 'en'), 'de');
  t.equal(usableLanguage('en-US@posix', 'fr'), 'en-US', 'the @ modifier dropped');
  t.equal(usableLanguage('en_US.UTF-8', 'fr'), 'en-US', 'a POSIX locale name becomes its tag');
  t.equal(usableLanguage('', 'fr'), 'fr');
  t.equal(usableLanguage('xx-invalid_tag', 'fr'), 'fr');
  t.equal(usableLanguage('@', 'fr'), 'fr');
});

t.test('a module reading navigator.language as it loads sees a usable tag; the page keeps the reported one', async (t) => {
  const prototype = Object.getPrototypeOf(navigator) as object;
  const original = Object.getOwnPropertyDescriptor(prototype, 'language')!;
  t.teardown(() => Object.defineProperty(prototype, 'language', original));
  for (const reported of ['en-US@posix', '', 'xx-invalid_tag']) {
    Object.defineProperty(prototype, 'language', { get: () => reported, configurable: true });
    // what uPlot does at import: throws for these tags when run as they are
    const loadLikeUplot = async () => new Intl.NumberFormat(navigator.language).format(1234.5);
    await t.rejects(loadLikeUplot(), RangeError, `${JSON.stringify(reported)} as it is`);
    t.match(await withUsableLanguage(loadLikeUplot), /^1.?234.5$/, `${JSON.stringify(reported)} made usable`);
    t.equal(navigator.language, reported, 'and reported again afterwards');
    t.notOk(Object.getOwnPropertyDescriptor(navigator, 'language'), 'nothing left on navigator');
  }
  Object.defineProperty(prototype, 'language', { get: () => 'en-US@posix', configurable: true });
  await t.rejects(withUsableLanguage(async () => Promise.reject(new Error('no network'))), /no network/, 'a failed import is passed on');
  t.equal(navigator.language, 'en-US@posix', 'the tag is put back after a failure too');
});
