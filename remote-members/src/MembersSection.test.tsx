import { describeExposedSection } from '../../shared/client/test/exposedSection';
import MembersSection from './MembersSection';

describeExposedSection({
  name: 'MembersSection',
  Section: MembersSection,
  path: 'members',
  title: 'Members',
  secondTab: 'Edit',
});
