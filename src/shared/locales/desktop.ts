// The desktop app's own words (menu, error dialogs) in every language, for the Electron main process.
import enUS from './en_US/desktop.json';
import jaJP from './ja_JP/desktop.json';
import zhCN from './zh_CN/desktop.json';

export const desktopResources = {
  en_US: { desktop: enUS },
  ja_JP: { desktop: jaJP },
  zh_CN: { desktop: zhCN },
};
