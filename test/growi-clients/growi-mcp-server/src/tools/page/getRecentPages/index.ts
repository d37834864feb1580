export { registerGetRecentPagesTool } from './register.js';
