// How big a page may be, for every door a body comes through (the save routes and co-editing).

/** 10 MB of Markdown: far above any real page, low enough to keep one request cheap. */
export const MAX_BODY_LENGTH = 10_000_000;
