// GROWI 7's personal access tokens: made with scopes and an expiry, listed without the secret,
// removed one by one or all at once. Only the token's SHA-256 is kept (as for the API token).
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accessTokens, users, USER_STATUS } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { isValidScope } from '../../../shared/access-token-scopes';
import { hashApiToken, type UserRow } from './service';

export interface AccessTokenInfo {
  _id: string;
  expiredAt: string;
  scopes: string[];
  description: string;
}

export class AccessTokensService {
  constructor(private readonly db: Db) {}

  /** A new token for the user; its secret is in this answer only. */
  generate(
    userId: string,
    input: { expiredAt: Date; description?: string; scopes?: string[] },
  ): AccessTokenInfo & { token: string } {
    if (!(input.expiredAt.getTime() > Date.now()))
      throw badRequest('invalid_expiry', 'access_tokens.expiry_past');
    const scopes = [...new Set(input.scopes ?? [])];
    const invalid = scopes.find((scope) => !isValidScope(scope));
    if (invalid !== undefined)
      throw badRequest('invalid_scope', 'access_tokens.invalid_scope', { scope: invalid });
    if (scopes.length === 0) throw badRequest('scope_required', 'access_tokens.scope_required');
    const token = randomBytes(32).toString('hex');
    const id = newId();
    const description = input.description ?? '';
    this.db
      .insert(accessTokens)
      .values({
        id,
        userId,
        tokenHash: hashApiToken(token),
        description,
        scopes: JSON.stringify(scopes),
        expiredAt: input.expiredAt,
        createdAt: new Date(),
      })
      .run();
    return { token, _id: id, expiredAt: input.expiredAt.toISOString(), scopes, description };
  }

  /** The user's tokens that have not expired, oldest first (the expired ones go now). */
  list(userId: string): AccessTokenInfo[] {
    this.db
      .delete(accessTokens)
      .where(and(eq(accessTokens.userId, userId), lt(accessTokens.expiredAt, new Date())))
      .run();
    return this.db
      .select()
      .from(accessTokens)
      .where(and(eq(accessTokens.userId, userId), gte(accessTokens.expiredAt, new Date())))
      .orderBy(asc(accessTokens.createdAt))
      .all()
      .map((row) => ({
        _id: row.id,
        expiredAt: row.expiredAt.toISOString(),
        scopes: JSON.parse(row.scopes) as string[],
        description: row.description,
      }));
  }

  /** Removes one of the user's tokens; someone else's or an unknown one is 404. */
  remove(userId: string, tokenId: string): void {
    const removed = this.db
      .delete(accessTokens)
      .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId)))
      .run();
    if (removed.changes === 0) throw new AppError(404, 'access_token_not_found', 'access_tokens.not_found');
  }

  removeAll(userId: string): void {
    this.db.delete(accessTokens).where(eq(accessTokens.userId, userId)).run();
  }

  /** The active user and scopes of an unexpired token (a read only: asked on every call). */
  find(token: string): { user: UserRow; scopes: string[] } | undefined {
    const row = this.db
      .select({ user: users, scopes: accessTokens.scopes })
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .where(
        and(
          eq(accessTokens.tokenHash, hashApiToken(token)),
          gte(accessTokens.expiredAt, new Date()),
          eq(users.status, USER_STATUS.active),
        ),
      )
      .get();
    return row ? { user: row.user, scopes: JSON.parse(row.scopes) as string[] } : undefined;
  }
}
