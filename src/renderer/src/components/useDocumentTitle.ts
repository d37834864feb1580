// "{screen} - {app title}" in the browser tab.
import { useEffect } from 'react';
import { useSession } from '../stores/session';

export function useDocumentTitle(screen: string | null): void {
  const appTitle = useSession((s) => s.config.title);
  useEffect(() => {
    document.title = screen ? `${screen} - ${appTitle}` : appTitle;
  }, [screen, appTitle]);
}
