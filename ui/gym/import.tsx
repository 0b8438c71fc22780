// The screenshot screen, loaded when it opens (import-screen.tsx): neither it nor the OCR it starts
// is part of the first screen's JavaScript.
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Session } from './app.tsx';

type Screen = ComponentType<{ readonly session: Session }>;

export function ImportScreen({ session }: { readonly session: Session }) {
  const [Loaded, setLoaded] = useState<{ readonly screen: Screen } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    import('./import-screen.tsx').then(
      (module) => setLoaded({ screen: module.ImportScreen }),
      () => setFailed(true),
    );
  }, []);
  if (Loaded) return <Loaded.screen session={session} />;
  return failed ? (
    <p class="problem" role="alert">
      This screen could not load. Check the connection and try again.
    </p>
  ) : (
    <p>Loading…</p>
  );
}
