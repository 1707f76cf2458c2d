// Apart from proof.ts so that only browsers with Web Workers load it (jest's jsdom has none, nor import.meta).
export const createWorker = () => new Worker(new URL('./proof.worker.ts', import.meta.url));
