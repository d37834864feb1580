export { registerDeletePagesTool } from './register.js';
