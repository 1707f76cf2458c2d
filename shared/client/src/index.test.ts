describe('@ummahnotify/client', () => {
  it('counts each evaluation of the module, so the e2e suite can prove there is one copy', async () => {
    const before = globalThis.__UMMAHNOTIFY_SHARED_CLIENT_LOADS__ ?? 0;
    await jest.isolateModulesAsync(async () => {
      await import('./index');
    });
    expect(globalThis.__UMMAHNOTIFY_SHARED_CLIENT_LOADS__).toBe(before + 1);
  });

  it('creates query clients that keep unused data 60 s', async () => {
    const { createQueryClient } = await import('./index');
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(60_000);
  });
});
