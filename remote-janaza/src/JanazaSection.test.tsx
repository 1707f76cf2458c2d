import { describeExposedSection } from '../../shared/client/test/exposedSection';
import JanazaSection from './JanazaSection';

describeExposedSection({
  name: 'JanazaSection',
  Section: JanazaSection,
  path: 'janaza-notifications',
  title: 'Janaza Notifications',
  secondTab: 'Notifications',
});
