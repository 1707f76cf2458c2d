import { defineCatalogue } from '@ummahnotify/shared/domain';
import { i18n, registerCatalogues, setLanguage } from './i18n';

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
