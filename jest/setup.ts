import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/dom';

// findBy and waitFor wait for a state; this is only how long before they give up (default 1 s), set once for every
// test: a loaded machine renders an antd form or solves a proof of work in seconds, and a state that never comes
// still fails, later.
configure({ asyncUtilTimeout: 30_000 });

// Toasts stay until the test ends (antd's duration 0), instead of 2 s (4 s for an error) of real time: on a loaded
// machine a toast could come and go before the test looked for it. The timings are the product's
// (docs/product/rules.md#constants-and-timings), not what these tests check.
jest.mock('@ummahnotify/core', () => ({
  ...jest.requireActual('@ummahnotify/core'),
  TOAST_SUCCESS_S: 0,
  TOAST_ERROR_S: 0,
}));

// react-router 7 needs these at import time; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
// What the builds define (rspack.base.ts): no catalogue hashes, so a section's texts are the ones loaded here.
Object.assign(globalThis, { __UN_CATALOGUES__: undefined });

// antd's responsive grid and menus ask for matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd's tabs and overflow lists measure themselves with ResizeObserver, which jsdom lacks.
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// antd forms schedule work through MessageChannel, which jsdom lacks; a timer-based stand-in behaves alike
// (Node's own MessageChannel would keep the test process alive).
if (!globalThis.MessageChannel) {
  class Port {
    onmessage: ((event: MessageEvent) => void) | null = null;
    other: Port | null = null;
    postMessage(data: unknown) {
      setTimeout(() => this.other?.onmessage?.({ data } as MessageEvent), 0);
    }
    close() {}
  }
  globalThis.MessageChannel = class {
    port1 = new Port();
    port2 = new Port();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  } as unknown as typeof MessageChannel;
}

// antd's picture list and the poster preview show a chosen file through an object URL.
if (typeof URL.createObjectURL !== 'function') {
  Object.assign(URL, { createObjectURL: () => 'blob:test-object-url', revokeObjectURL: () => {} });
}

// antd's picture list draws thumbnails on a canvas; jsdom has none and complains on every call.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
