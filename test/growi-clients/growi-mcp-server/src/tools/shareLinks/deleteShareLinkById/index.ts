export { registerDeleteShareLinkByIdTool } from './register.js';
