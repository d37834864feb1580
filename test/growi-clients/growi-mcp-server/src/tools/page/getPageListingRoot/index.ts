export { registerGetPageListingRootTool } from './register.js';
