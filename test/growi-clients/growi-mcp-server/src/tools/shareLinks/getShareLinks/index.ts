export { registerGetShareLinksTool } from './register.js';
