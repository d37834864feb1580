export { registerGetUserRecentPagesTool } from './register.js';
