/** The browser could not solve the sign-up's proof of work (no WebCrypto, too slow): the page says so. */
export class ProofUnsolved extends Error {
  constructor() {
    super('The proof of work could not be solved in this browser');
    this.name = 'ProofUnsolved';
  }
}

/** Whether `error` is a ProofUnsolved, by its name (see isCallFailed in call.ts). */
export function isProofUnsolved(error: unknown): error is ProofUnsolved {
  return error instanceof Error && error.name === 'ProofUnsolved';
}
