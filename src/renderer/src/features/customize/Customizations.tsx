// What /admin/customize changes for everyone, applied in the shell: the content width, the code
// highlight style and border (attributes the stylesheets follow), the custom header (through the
// page sanitizer), and a full reload of script-free screens while the custom script is loaded.
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { isScriptFreePath } from '../../../../shared/customize-types';
import { useSession } from '../../stores/session';

// The Markdown pipeline is loaded only when there is a header to show (issue 32).
const CustomHeader = lazy(() => import('./CustomHeader'));

export function Customizations() {
  const customize = useSession((s) => s.config.customize);
  const { pathname } = useLocation();
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('container-fluid', customize?.isContainerFluid === true);
    root.dataset.uiTheme = customize?.theme ?? 'default';
    root.dataset.hljsStyle = customize?.styleName ?? 'github';
    root.classList.toggle('hljs-border', customize?.styleBorder === true);
  }, [customize?.theme, customize?.isContainerFluid, customize?.styleName, customize?.styleBorder]);
  // The custom script never runs on sign-in, personal or admin screens: reaching one inside the
  // app while it is loaded reloads the screen from the server, which sends it without the script.
  useEffect(() => {
    if (isScriptFreePath(pathname) && document.getElementById('quire-custom-script'))
      window.location.reload();
  }, [pathname]);
  const header = customize?.customizeHeader ?? '';
  if (!header.trim()) return null;
  return (
    <div className="custom-header" data-testid="custom-header">
      <Suspense fallback={null}>
        <CustomHeader header={header} />
      </Suspense>
    </div>
  );
}
