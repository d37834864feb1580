export { registerDeleteShareLinksTool } from './register.js';
