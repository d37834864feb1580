// The in-process event bus between modules: the pages service emits, search, notifications and
// live updates subscribe; no module calls another directly for side effects.
import { EventEmitter } from 'node:events';

export interface PageEvent {
  pageId: string;
  path: string;
  userId: string | null;
}

export interface QuireEvents {
  'page:created': [PageEvent];
  'page:updated': [PageEvent & { revisionId: string }];
  'user:created': [{ userId: string }];
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  emit<K extends keyof QuireEvents>(name: K, ...args: QuireEvents[K]): void {
    this.emitter.emit(name, ...args);
  }

  on<K extends keyof QuireEvents>(name: K, listener: (...args: QuireEvents[K]) => void): () => void {
    this.emitter.on(name, listener as (...a: unknown[]) => void);
    return () => this.emitter.off(name, listener as (...a: unknown[]) => void);
  }
}
