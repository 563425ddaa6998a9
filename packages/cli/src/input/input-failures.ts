/**
 * The first reason the CLI could not answer a server's input request (an `--answers` item that does
 * not fit, answers that ran out, a user who declined). Handlers record it before they throw: in the
 * legacy era the failure goes back to the server as an error response, and what the user must see
 * is this reason, not the server's echo of it.
 */
export class InputFailures {
  private first: Error | undefined;

  /** Records `error` (the first one wins) and returns it, for `throw failures.record(...)`. */
  record(error: Error): Error {
    this.first ??= error;
    return error;
  }

  /** The first failure, if any. */
  get failure(): Error | undefined {
    return this.first;
  }
}

/** The user declined to answer (empty sampling reply, EOF on a prompt...). */
export class DeclinedError extends Error {
  override readonly name = 'DeclinedError';
}
