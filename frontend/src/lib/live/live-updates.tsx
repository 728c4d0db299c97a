// When the live socket starts: after the page's first paint. Its code (the socket
// library, immer, the reducers) is not needed to show a page, so on a slow phone it
// must not compete with the page's own script and data for bandwidth and CPU.
import { lazy, Suspense, useEffect, useState } from 'react';

const LiveSocket = lazy(() => import('./live-socket.tsx').then((m) => ({ default: m.LiveSocket })));

export function LiveUpdates() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A frame callback runs just before the next paint; a timeout set there runs after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        setPainted(true);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  if (!painted) return null;
  return (
    <Suspense fallback={null}>
      <LiveSocket />
    </Suspense>
  );
}
