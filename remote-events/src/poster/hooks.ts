import { useCallback, useEffect, useRef } from 'react';
import { createPosterReader, type PosterReader } from './reader';

/**
 * One OCR worker for the life of the event-create page. Nothing is fetched until `warmUp` or `read`
 * is first called (a poster was chosen); the worker ends when the page closes. A failed load is
 * forgotten, so the next attempt starts afresh.
 */
export function usePosterReader(factory: () => Promise<PosterReader> = createPosterReader) {
  const reader = useRef<Promise<PosterReader> | null>(null);

  const load = useCallback(() => {
    if (!reader.current) {
      const loading = factory();
      reader.current = loading;
      loading.catch(() => {
        if (reader.current === loading) reader.current = null;
      });
    }
    return reader.current;
  }, [factory]);

  useEffect(
    () => () => {
      const current = reader.current;
      reader.current = null;
      void current?.then((r) => r.terminate()).catch(() => {});
    },
    [],
  );

  const warmUp = useCallback(() => {
    load().catch(() => {}); // reported when the admin asks for the text
  }, [load]);

  const read = useCallback(
    async (image: Blob, onProgress?: (fraction: number) => void) => (await load()).read(image, onProgress),
    [load],
  );

  return { warmUp, read };
}
