import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A screen whose code loads when it is first opened, so the first screen's script stays small.
 * The service worker precaches every chunk, so an installed app opens it offline too.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function LazyScreen(props: P) {
    const [Screen, setScreen] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (loaded) return;
      load().then(
        (component) => {
          loaded = component;
          setScreen(() => component);
        },
        () => setFailed(true),
      );
    }, []);
    if (Screen) return <Screen {...props} />;
    return <p role={failed ? 'alert' : undefined}>{failed ? 'This screen could not be loaded: open it again when you are online.' : 'Loading…'}</p>;
  };
}
