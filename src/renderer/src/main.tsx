// Boot: colour scheme first (no flash), then the app config, the signed-in user and the language
// bundle, then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getAppConfig } from './api/endpoints';
import { App } from './App';
import { BootFailure } from './features/shell/BootFailure';
import { detectLanguage, initI18n } from './i18n';
import { startColorMode } from './stores/color-mode';
import { useSession } from './stores/session';
import './styles/index.css';

startColorMode();

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  let failure: unknown = null;
  try {
    const { currentUser, ...config } = await getAppConfig();
    useSession.setState({ config, user: currentUser });
  } catch (err) {
    failure = err;
  }
  const { user, config } = useSession.getState();
  await initI18n(detectLanguage(user?.lang, config.globalLang));
  root.render(<StrictMode>{failure ? <BootFailure error={failure} /> : <App />}</StrictMode>);
}

void boot();
