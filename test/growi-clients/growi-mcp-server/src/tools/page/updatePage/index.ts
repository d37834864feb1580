export { registerUpdatePageTool } from './register.js';
