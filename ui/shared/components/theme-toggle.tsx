import { useState } from 'preact/hooks';
import { chooseTheme, themeChoice, type ThemeChoice } from '../theme.ts';

const NEXT: Readonly<Record<ThemeChoice, ThemeChoice>> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Readonly<Record<ThemeChoice, string>> = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' };
const ICON: Readonly<Record<ThemeChoice, string>> = { system: '◐', light: '☀', dark: '☾' };

/** Cycles system → light → dark; the label says the current choice. */
export function ThemeToggle() {
  const [choice, setChoice] = useState<ThemeChoice>(themeChoice);
  return (
    <button
      type="button"
      class="theme-toggle"
      aria-label={LABEL[choice]}
      title={LABEL[choice]}
      onClick={() => {
        const next = NEXT[choice];
        chooseTheme(next);
        setChoice(next);
      }}
    >
      <span aria-hidden="true">{ICON[choice]}</span>
    </button>
  );
}
