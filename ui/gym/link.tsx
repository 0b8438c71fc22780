import type { ComponentChildren } from 'preact';

export type Navigate = (to: string) => void;

/** A link inside the app: the page changes without a reload (a modified click still opens a tab). */
export function Link({ to, navigate, children, class: className }: { readonly to: string; readonly navigate: Navigate; readonly children: ComponentChildren; readonly class?: string }) {
  return (
    <a
      href={to}
      class={className}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
