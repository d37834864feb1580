export { registerGetRevisionTool } from './register.js';
