// Server-side messages in every language (the server answers each request in its own language).
import enUS from './en_US/server.json';
import jaJP from './ja_JP/server.json';
import zhCN from './zh_CN/server.json';

export const serverResources = {
  en_US: { server: enUS },
  ja_JP: { server: jaJP },
  zh_CN: { server: zhCN },
};
