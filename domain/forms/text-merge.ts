import DiffMatchPatch from 'diff-match-patch';

/**
 * Two people typing in one text question: what this page typed since it last agreed with the
 * server (base → mine) is merged with what the server now holds (theirs), so both people's words
 * survive. Pure.
 *
 * The merge works on whole words and the whitespace between them, never on characters: a change
 * made by diffing characters, replayed where the text around it was rewritten, kept only the
 * characters it inserted (`C1w` → `C3w` beside `C1w B3w` gave `C1w B3w 3`). Each distinct word and
 * run of whitespace becomes one character (diff-match-patch's linesToChars trick, for words), so
 * every insertion and deletion the diff finds is whole words.
 */
const dmp = new DiffMatchPatch();
const DELETE = -1;
const INSERT = 1;

type Token = string;
/** base tokens [start, end) replaced by `tokens` (an insertion when start === end) */
type Hunk = { readonly start: number; readonly end: number; readonly tokens: readonly Token[]; readonly side: 'mine' | 'theirs' };

const tokensOf = (text: string): Token[] => text.match(/\s+|\S+/g) ?? [];
const isSpace = (token: Token): boolean => /^\s/.test(token);

// one UTF-16 unit per distinct token: above the control characters and never a lone surrogate
const FIRST_UNIT = 0x100;
const SURROGATES = 0xe000 - 0xd800;
const LAST_UNIT = 0xffff;
const unitOf = (index: number): string => {
  const code = FIRST_UNIT + index;
  return String.fromCharCode(code < 0xd800 ? code : code + SURROGATES);
};
const VOCABULARY = LAST_UNIT - FIRST_UNIT + 1 - SURROGATES;

/** base → changed as hunks over the base's tokens, each between tokens both texts share */
function hunksOf(base: readonly Token[], changed: readonly Token[], side: Hunk['side'], encode: (tokens: readonly Token[]) => string): Hunk[] {
  const diffs = dmp.diff_main(encode(base), encode(changed), false);
  const hunks: Hunk[] = [];
  let at = 0;
  let open: { start: number; end: number; tokens: Token[] } | null = null;
  let changedAt = 0;
  for (const [op, units] of diffs) {
    const count = units.length;
    if (op === DELETE || op === INSERT) {
      open ??= { start: at, end: at, tokens: [] };
      if (op === DELETE) {
        at += count;
        open.end = at;
      } else {
        open.tokens.push(...changed.slice(changedAt, changedAt + count));
        changedAt += count;
      }
      continue;
    }
    if (open) hunks.push({ ...open, side });
    open = null;
    at += count;
    changedAt += count;
  }
  if (open) hunks.push({ ...open, side });
  return hunks;
}

/**
 * Whether two changes touch the same words: overlapping ranges, an insertion strictly inside the
 * other's range, or two insertions at one place. An insertion at the edge of the other's range is
 * beside it, not in it: a word replaced on one side and words added after it on the other both apply.
 */
function clash(a: { readonly start: number; readonly end: number }, b: Hunk): boolean {
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  return a.start < b.end && b.start < a.end;
}

/** the base's tokens [start, end) with one side's hunks (all inside that range) applied */
function version(base: readonly Token[], start: number, end: number, hunks: readonly Hunk[]): Token[] {
  const out: Token[] = [];
  let at = start;
  for (const hunk of hunks) {
    out.push(...base.slice(at, hunk.start), ...hunk.tokens);
    at = hunk.end;
  }
  out.push(...base.slice(at, end));
  return out;
}

/**
 * Pieces meet where two changes did: two words meeting there get a space between them (so no word
 * is ever glued into one neither person typed), two runs of whitespace become the one with the most
 * line breaks.
 */
function joined(tokens: readonly Token[]): string {
  const out: Token[] = [];
  for (const token of tokens) {
    const last = out.at(-1);
    if (last === undefined) out.push(token);
    else if (isSpace(last) && isSpace(token)) out[out.length - 1] = token.split('\n').length > last.split('\n').length ? token : last;
    else if (!isSpace(last) && !isSpace(token)) out.push(' ', token);
    else out.push(token);
  }
  return out.join('');
}

export function mergeText(base: string, mine: string, theirs: string): string {
  if (mine === theirs || base === theirs) return mine;
  if (base === mine) return theirs;
  // one side already holds the other's whole text (the same page's earlier save arriving late, or
  // a keepalive copy overtaking it): merging would write those words twice
  if (theirs.includes(mine)) return theirs;
  if (mine.includes(theirs)) return mine;
  const [baseTokens, mineTokens, theirTokens] = [tokensOf(base), tokensOf(mine), tokensOf(theirs)];
  const units = new Map<Token, string>();
  for (const token of [...baseTokens, ...mineTokens, ...theirTokens]) if (!units.has(token)) units.set(token, unitOf(units.size));
  // more distinct words than one unit each can name (far past a form's 10 KB): both texts, whole
  if (units.size > VOCABULARY) return joined([...theirTokens, ...mineTokens]);
  const encode = (tokens: readonly Token[]): string => tokens.map((token) => units.get(token)!).join('');

  // both sides' changes in base order; an insertion goes before a change that starts where it is
  const hunks = [...hunksOf(baseTokens, theirTokens, 'theirs', encode), ...hunksOf(baseTokens, mineTokens, 'mine', encode)].sort(
    (a, b) => a.start - b.start || a.end - b.end || (a.side === b.side ? 0 : a.side === 'theirs' ? -1 : 1),
  );
  const out: Token[] = [];
  let at = 0;
  for (let index = 0; index < hunks.length; ) {
    // the changes that touch each other's words, transitively, settle one stretch of the base
    const group = [hunks[index]!];
    let start = group[0]!.start;
    let end = group[0]!.end;
    for (index += 1; index < hunks.length && clash({ start, end }, hunks[index]!); index += 1) {
      group.push(hunks[index]!);
      start = Math.min(start, hunks[index]!.start);
      end = Math.max(end, hunks[index]!.end);
    }
    out.push(...baseTokens.slice(at, start));
    at = end;
    const theirChanges = group.filter((hunk) => hunk.side === 'theirs');
    const myChanges = group.filter((hunk) => hunk.side === 'mine');
    const theirVersion = version(baseTokens, start, end, theirChanges);
    const myVersion = version(baseTokens, start, end, myChanges);
    if (theirChanges.length === 0 || myChanges.length === 0 || theirVersion.join('') === myVersion.join('')) {
      out.push(...(theirChanges.length === 0 ? myVersion : theirVersion));
      continue;
    }
    // both rewrote these words: the other person's text stands, and the words this page added
    // there follow it rather than being lost (only this page's deletions there are given up)
    const added = myChanges.flatMap((hunk) => hunk.tokens);
    out.push(...theirVersion);
    if (added.some((token) => !isSpace(token))) out.push(...added);
  }
  out.push(...baseTokens.slice(at));
  return joined(out);
}

/**
 * Where a caret at `offset` in `before` belongs in `after`: in the same place relative to the text
 * around it, so words arriving elsewhere do not move it, and words arriving just before it push it
 * on with the text after it.
 */
export function moveCaret(before: string, after: string, offset: number): number {
  if (before === after) return offset;
  const position = dmp.diff_xIndex(dmp.diff_main(before, after), offset);
  return Math.max(0, Math.min(after.length, position));
}
