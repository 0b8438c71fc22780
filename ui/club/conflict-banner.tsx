import type { NightSync, NightView } from './sync.ts';

/**
 * Another phone saved first. What is on the screen is said as it is: the combined copy with what
 * was combined and what of this phone's was not applied, or, once asked for, their copy as the
 * other phone saved it, from which alone Keep theirs drops this phone's changes.
 */
export function ConflictBanner({ conflict, sync }: { readonly conflict: NonNullable<NightView['conflict']>; readonly sync: NightSync | null }) {
  const list = (label: string, items: readonly string[]) =>
    items.length === 0 ? null : (
      <ul aria-label={label}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  if (conflict.showing === 'theirs') {
    return (
      <div class="conflict" role="alert">
        <p>
          <strong>Their copy is shown</strong>, as the other phone saved it (version {conflict.theirs.version}). Keep theirs drops this phone’s changes.
        </p>
        <button type="button" onClick={() => sync?.keepTheirs()}>
          Keep theirs
        </button>
        <button type="button" class="primary" onClick={() => sync?.showCombined()}>
          Back to the combined copy
        </button>
      </div>
    );
  }
  return (
    <div class="conflict" role="alert">
      <p>
        <strong>{conflict.closed ? 'This night was closed on another phone.' : 'This night was changed on another phone.'}</strong>{' '}
        {conflict.closed
          ? 'The changes made here are kept on this phone, not saved: reopen the night to save them on top of theirs.'
          : 'Both phones’ changes are combined and shown here.'}
      </p>
      {list('Combined from the other phone', conflict.merged)}
      {conflict.notApplied.length > 0 ? <p>Not applied from this phone:</p> : <p>Nothing of this phone’s was dropped.</p>}
      {list('Not applied from this phone', conflict.notApplied)}
      <button type="button" onClick={() => sync?.showTheirs()}>
        Show their copy
      </button>
      {conflict.closed ? null : (
        <button type="button" class="primary" onClick={() => sync?.dismiss()}>
          OK
        </button>
      )}
    </div>
  );
}
