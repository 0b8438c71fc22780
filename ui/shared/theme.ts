/** The user's theme choice; `system` follows the device. Stored where /theme.js reads it before paint. */
export type ThemeChoice = 'system' | 'light' | 'dark';

export function themeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem('theme');
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** The theme the page shows now: the stored choice, or the device's own. */
export function shownTheme(): 'light' | 'dark' {
  const choice = themeChoice();
  if (choice !== 'system') return choice;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function chooseTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset['theme'];
  else root.dataset['theme'] = choice;
  try {
    if (choice === 'system') localStorage.removeItem('theme');
    else localStorage.setItem('theme', choice);
  } catch {
    // not remembered, still applied
  }
}

/** The accent colour (gym settings); `null` returns to the app's own. */
export function chooseAccent(accent: string | null): void {
  const root = document.documentElement;
  if (accent && /^#[0-9a-fA-F]{6}$/.test(accent)) root.style.setProperty('--accent', accent);
  else root.style.removeProperty('--accent');
  try {
    if (accent) localStorage.setItem('accent', accent);
    else localStorage.removeItem('accent');
  } catch {
    // not remembered, still applied
  }
}
