export { registerCreateShareLinkTool } from './register.js';
