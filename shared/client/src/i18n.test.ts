import { defineCatalogue } from '@ummahnotify/domain';
import { i18n, registerCatalogues, registerOwnCatalogues, setLanguage } from './i18n';

describe('a remote registers its own catalogue', () => {
  afterEach(async () => setLanguage('en'));

  it('adds its texts to the one i18n instance, in both languages, without touching other namespaces', async () => {
    const before = i18n.t('common:retry');
    registerCatalogues({
      summary: defineCatalogue(
        { freshlyDeployed: 'New text from the redeployed remote' },
        { freshlyDeployed: 'மீண்டும் வெளியிட்ட பகுதியின் புதிய உரை' },
      ),
    });
    expect(i18n.t('summary:freshlyDeployed')).toBe('New text from the redeployed remote');
    await setLanguage('ta');
    expect(i18n.t('summary:freshlyDeployed')).toBe('மீண்டும் வெளியிட்ட பகுதியின் புதிய உரை');
    await setLanguage('en');
    expect(i18n.t('common:retry')).toBe(before);
  });
});

describe("a remote's own texts, where its build's catalogue differs from the shell's", () => {
  const corrected = {
    events: defineCatalogue({ correctedTitle: 'Events, corrected' }, { correctedTitle: 'நிகழ்வுகள், திருத்தம்' }),
  };

  it('loads nothing and is ready at once when it was built without catalogue hashes (as the shell was)', async () => {
    const load = jest.fn(async () => corrected);
    const own = registerOwnCatalogues(undefined, { events: load });
    expect(own.ready).toBe(true);
    await own.loaded;
    expect(load).not.toHaveBeenCalled();
  });

  it('loads and registers a catalogue whose hash the shell does not have, then is ready', async () => {
    const own = registerOwnCatalogues({ events: '0123456789abcdef' }, { events: async () => corrected });
    expect(own.ready).toBe(false);
    await own.loaded;
    expect(own.ready).toBe(true);
    expect(i18n.t('events:correctedTitle')).toBe('Events, corrected');
  });

  it("is ready with the shell's texts when its own cannot be loaded", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const own = registerOwnCatalogues(
      { events: 'fedcba9876543210' },
      {
        events: () => Promise.reject(new Error('chunk failed')),
      },
    );
    await own.loaded;
    expect(own.ready).toBe(true);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
