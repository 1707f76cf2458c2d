/** The browser could not solve the sign-up's proof of work (no WebCrypto, too slow): the page says so. */
export class ProofUnsolved extends Error {
  constructor() {
    super('The proof of work could not be solved in this browser');
  }
}
