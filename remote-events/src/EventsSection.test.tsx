import { describeExposedSection } from '../../shared/client/test/exposedSection';
import EventsSection from './EventsSection';

describeExposedSection({
  name: 'EventsSection',
  Section: EventsSection,
  path: 'events',
  title: 'Events',
  secondTab: 'Events',
});
