// The proof of work's Web Worker: altcha-lib's own solver loop, with the browser's PBKDF2 (WebCrypto).
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
