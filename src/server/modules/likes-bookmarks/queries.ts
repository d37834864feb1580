// The likers and seen users of page `@id`, oldest first, as JSON arrays of user ids: columns of
// the page read's one statement (pages/queries.ts); and whether one user has read a page.
const userIdsOf = (table: string) => `(SELECT json_group_array(user_id) FROM
    (SELECT user_id FROM ${table} WHERE page_id = @id ORDER BY created_at, rowid))`;

export const LIKER_IDS_SQL = userIdsOf('likes');
export const SEEN_USER_IDS_SQL = userIdsOf('page_seen_users');

/** 1 when user `?2` has read page `?1` (the page read cache's check of a reader who joined). */
export const HAS_SEEN_SQL = 'SELECT 1 FROM page_seen_users WHERE page_id = ? AND user_id = ?';
