export { registerRenamePageTool } from './register.js';
