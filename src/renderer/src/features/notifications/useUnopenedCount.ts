// The bell's unopened count: read once, then again whenever the server pushes
// `notificationUpdated` over the live-events socket (and after a reconnect).
import { useEffect, useState } from 'react';
import { liveEvents } from '../realtime/live-events';
import { unopenedCount } from './api';

export function useUnopenedCount(): [number, () => void] {
  const [count, setCount] = useState(0);
  const [version, setVersion] = useState(0);
  useEffect(() => liveEvents.onNotificationsChanged(() => setVersion((v) => v + 1)), []);
  useEffect(() => {
    let live = true;
    unopenedCount().then(
      (n) => {
        if (live) setCount(n);
      },
      () => undefined, // a signed-out or offline moment: the next push or reconnect reads again
    );
    return () => {
      live = false;
    };
  }, [version]);
  return [count, () => setVersion((v) => v + 1)];
}
