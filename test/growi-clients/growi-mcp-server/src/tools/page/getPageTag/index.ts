export { registerGetPageTagTool } from './register.js';
