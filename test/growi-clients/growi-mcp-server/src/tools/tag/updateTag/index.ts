export { registerUpdateTagTool } from './register.js';
