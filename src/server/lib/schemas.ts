// JSON-schema pieces every route file shares.

/** Quire's ids: 24 hex digits, as GROWI's (MongoDB ObjectId) are. */
export const ID_PATTERN = '^[0-9a-f]{24}$';
export const ID = { type: 'string', pattern: ID_PATTERN } as const;
