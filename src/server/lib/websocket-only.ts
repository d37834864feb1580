// The plain-HTTP answer of a WebSocket-only address (live events, co-editing): 426 with a JSON
// error saying so, instead of @fastify/websocket's empty 404, after the route's own checks ran.
import { AppError } from './app-error';

export async function websocketOnly(): Promise<never> {
  throw new AppError(426, 'upgrade_required', 'errors.upgrade_required');
}
