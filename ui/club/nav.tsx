import { links } from './routes.ts';
import type { Navigate } from './user.ts';

const SCREENS = [
  [links.today, 'Today'],
  [links.calendar, 'Calendar'],
  [links.people, 'People'],
  [links.settings, 'Settings'],
] as const;

/** The screens a member moves between; the night itself is opened from Today or the Calendar. */
export function AppNav({ current, navigate }: { readonly current: string; readonly navigate: Navigate }) {
  return (
    <nav class="app-nav" aria-label="Screens">
      {SCREENS.map(([path, label]) => (
        <a
          key={path}
          href={path}
          class="button"
          aria-current={current === path ? 'page' : undefined}
          onClick={(event) => {
            event.preventDefault();
            navigate(path);
          }}
        >
          {label}
        </a>
      ))}
    </nav>
  );
}
