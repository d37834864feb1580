export { registerGetRevisionDiffsTool } from './register.js';
