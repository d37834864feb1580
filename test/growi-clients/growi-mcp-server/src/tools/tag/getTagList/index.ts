export { registerGetTagListTool } from './register.js';
