// What other modules may compose into their own queries about users (as pages/scopes.ts): the
// table to join their rows to a user, and the columns a list shows of one. Only the users module
// imports `users` from the schema (test/server/table-owners.test.ts).
import { users } from '../../db/schema';

/** The users table, to join another module's rows to their user. */
export const USERS = users;

/** What a list shows of a user: id, username, display name. */
export const USER_SUMMARY = { id: users.id, username: users.username, name: users.name };

/** The same of an alias of the users table (a page's creator, updater, a revision's author). */
export function userSummaryOf<T extends { id: unknown; username: unknown; name: unknown }>(
  table: T,
): { id: T['id']; username: T['username']; name: T['name'] } {
  return { id: table.id, username: table.username, name: table.name };
}
