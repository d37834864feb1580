// Quire's ids: 24 lowercase hex digits, as GROWI's (MongoDB ObjectIds) are. A file of its own so that code
// run outside the server (a backup's child process) checks ids without the contracts' schemas.
export const ID_PATTERN = '^[0-9a-f]{24}$';
