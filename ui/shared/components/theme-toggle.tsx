import { useState } from 'preact/hooks';
import { chooseTheme, themeChoice, type ThemeChoice } from '../theme.ts';

const NEXT: Readonly<Record<ThemeChoice, ThemeChoice>> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Readonly<Record<ThemeChoice, string>> = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' };
const ICON: Readonly<Record<ThemeChoice, string>> = { system: '◐', light: '☀', dark: '☾' };

/** An app whose accounts keep a theme: its choices, the account's, and what to do with a new one. */
export type SavedTheme = {
  readonly choice: ThemeChoice;
  readonly cycle: readonly ThemeChoice[];
  readonly onChoose: (choice: ThemeChoice) => void;
};

/**
 * Cycles system → light → dark; the label says the current choice. With `saved`, the account's
 * theme is the choice and a tap changes it there too, so every phone the person uses follows.
 */
export function ThemeToggle({ saved }: { readonly saved?: SavedTheme | undefined } = {}) {
  const [own, setOwn] = useState<ThemeChoice>(themeChoice);
  const choice = saved?.choice ?? own;
  const next = (current: ThemeChoice): ThemeChoice => {
    if (!saved) return NEXT[current];
    const at = saved.cycle.indexOf(current);
    return saved.cycle[(at + 1) % saved.cycle.length] ?? current;
  };
  const setChoice = (chosen: ThemeChoice) => {
    setOwn(chosen);
    saved?.onChoose(chosen);
  };
  return (
    <button
      type="button"
      class="theme-toggle"
      aria-label={LABEL[choice]}
      title={LABEL[choice]}
      onClick={() => {
        const chosen = next(choice);
        chooseTheme(chosen);
        setChoice(chosen);
      }}
    >
      <span aria-hidden="true">{ICON[choice]}</span>
    </button>
  );
}
