import { REQUEST_TIMEOUT_MS } from '@ummahnotify/core';
import { api, setApiBaseUrl } from './api';

describe('api (docs/product/api.md)', () => {
  it('sends credentials and times out after 10 s', () => {
    expect(api.defaults.withCredentials).toBe(true);
    expect(api.defaults.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
  });

  it('takes its base URL from the runtime config, without a trailing slash', () => {
    setApiBaseUrl('https://api.example.sg/');
    expect(api.defaults.baseURL).toBe('https://api.example.sg');
    setApiBaseUrl('');
  });
});
