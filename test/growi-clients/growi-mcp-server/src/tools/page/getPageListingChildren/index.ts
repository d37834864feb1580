export { registerGetPageListingChildrenTool } from './register.js';
