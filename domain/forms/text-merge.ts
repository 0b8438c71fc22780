import DiffMatchPatch from 'diff-match-patch';

/**
 * Two people typing in one text question: what this page typed since it last agreed with the
 * server (base → mine) is replayed on what the server now holds (theirs), so both people's words
 * survive. Pure.
 */
const dmp = new DiffMatchPatch();
// A change is placed only where its surrounding text is found exactly, anywhere in the other text:
// the library's default fuzzy placement put one person's words inside the other's (`«THE «MINE» IRS»`).
dmp.Match_Threshold = 0.001;
dmp.Match_Distance = 1_000_000_000;
const INSERT = 1;

export function mergeText(base: string, mine: string, theirs: string): string {
  if (mine === theirs || base === theirs) return mine;
  if (base === mine) return theirs;
  // one side already holds the other's whole text (the same page's earlier save arriving late, or
  // a keepalive copy overtaking it): replaying would write those words twice
  if (theirs.includes(mine)) return theirs;
  if (mine.includes(theirs)) return mine;
  const made = dmp.patch_make(base, mine);
  const [merged, applied] = dmp.patch_apply(made, theirs);
  // @types/diff-match-patch types the patches as their class, not as its instances
  const patches = made as unknown as readonly { readonly diffs: readonly [number, string][] }[];
  // a change whose surroundings the other person rewrote cannot be placed: its words are kept at
  // the end rather than lost (only its deletions are given up)
  const unplaced = patches
    .filter((_, index) => !applied[index])
    .map((patch) => patch.diffs.filter(([op]) => op === INSERT).map(([, text]) => text).join(''))
    .filter((text) => text.trim() !== '');
  if (unplaced.length === 0) return merged;
  const separator = merged.includes('\n') ? '\n' : ' ';
  return unplaced.reduce((text, words) => (text === '' || /\s$/.test(text) || /^\s/.test(words) ? `${text}${words}` : `${text}${separator}${words}`), merged);
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
