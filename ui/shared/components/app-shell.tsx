import type { ComponentChildren } from 'preact';
import { type SavedTheme, ThemeToggle } from './theme-toggle.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/** The frame every screen sits in: the update offer, a header with the title, the page. */
/** `dock`: what stays at the bottom of the screen, after the page (the gym's tab bar) */
export function AppShell({
  title,
  actions,
  dock,
  theme,
  children,
}: {
  readonly title: string;
  readonly actions?: ComponentChildren;
  readonly dock?: ComponentChildren;
  /** the account's theme, where the app keeps one */
  readonly theme?: SavedTheme | undefined;
  readonly children: ComponentChildren;
}) {
  return (
    <>
      <UpdatePrompt />
      <header class="app-header">
        <h1>{title}</h1>
        {actions}
        <ThemeToggle saved={theme} />
      </header>
      <main class="page">{children}</main>
      {dock}
    </>
  );
}
