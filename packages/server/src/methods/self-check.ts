type SelfCheckValidators = typeof import('./self-check-validators.js');

let loading: Promise<SelfCheckValidators> | undefined;

/** The development-mode validators of the server's own results, imported on first use. */
export function selfCheckValidators(): Promise<SelfCheckValidators> {
  loading ??= import('./self-check-validators.js');
  return loading;
}
