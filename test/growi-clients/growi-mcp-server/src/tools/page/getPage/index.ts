export { registerGetPageTool } from './register';
