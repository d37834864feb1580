// Long work on the server's thread is cut into slices; between two, the requests waiting run.

/** Resolves on the event loop's next turn, after the I/O callbacks waiting now (setImmediate). */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
