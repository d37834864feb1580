export { registerGetPageInfoTool } from './register.js';
