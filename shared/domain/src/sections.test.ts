import { remoteContainerName, SECTIONS, sectionModuleId, sectionPath, sectionsFor } from './sections';

describe('sections (docs/product/screens.md#sections, rights.md)', () => {
  it('gives a superadmin all five sections in sidebar order', () => {
    expect(sectionsFor('superadmin').map((s) => s.key)).toEqual([
      'summary',
      'committee-members',
      'members',
      'janaza-notifications',
      'events',
    ]);
  });

  it.each(['admin', 'editor'])('gives %s janaza notifications and events only', (rights) => {
    expect(sectionsFor(rights).map((s) => s.key)).toEqual(['janaza-notifications', 'events']);
  });

  it.each(['', 'none', 'user', 'member', 'moderator'])('gives %p nothing', (rights) => {
    expect(sectionsFor(rights)).toEqual([]);
  });

  it('names the Module Federation ids the shell loads', () => {
    expect(SECTIONS.map(sectionModuleId)).toEqual([
      'remote_summary/SummarySection',
      'remote_members/CommitteeSection',
      'remote_members/MembersSection',
      'remote_janaza/JanazaSection',
      'remote_events/EventsSection',
    ]);
    expect(remoteContainerName('events')).toBe('remote_events');
  });

  it('builds dashboard paths', () => {
    expect(sectionPath('events')).toBe('/dashboard/events');
    expect(sectionPath('janaza-notifications', 'edit')).toBe('/dashboard/janaza-notifications/edit');
  });
});
