import { describeExposedSection } from '../../shared/client/test/exposedSection';
import CommitteeSection from './CommitteeSection';

describeExposedSection({
  name: 'CommitteeSection',
  Section: CommitteeSection,
  path: 'committee-members',
  title: 'Committee Members',
  secondTab: 'Edit',
});
