import * as React from 'react';
import { realtime } from '#/lib/realtime/realtime-client';

// Each feature that keeps its caches current from socket events has a realtime.tsx exporting RealtimeBridge
// (decision 019). They are found here rather than listed, so a new live feature touches only its own folder.
const bridges = Object.entries(
  import.meta.glob<{ RealtimeBridge: React.ComponentType }>('../features/*/realtime.tsx', { eager: true }),
).map(([path, module]) => ({ path, Bridge: module.RealtimeBridge }));

/** Mounted once inside the signed-in frame: opens the tab's socket and mounts every feature's bridge. */
export function RealtimeConnection() {
  React.useEffect(() => {
    realtime.start();
    return () => realtime.stop();
  }, []);
  return (
    <>
      {bridges.map(({ path, Bridge }) => (
        <Bridge key={path} />
      ))}
    </>
  );
}
