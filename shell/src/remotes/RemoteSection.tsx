import { SectionErrorBoundary } from '@ummahnotify/client/section';
import type { SectionDef } from '@ummahnotify/domain';
import { Flex, Spin } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../config/AppConfigContext';
import { loadSectionModule, reregisterRemote } from './federation';
import { SectionBuildLabel } from './SectionBuildLabel';

/** Renders a section from its remote; a remote that cannot load shows "unavailable" + Retry here only. */
export function RemoteSection({ section }: { section: SectionDef }) {
  const { t } = useTranslation('common');
  const { remotes } = useAppConfig();
  const [attempt, setAttempt] = useState(0);

  const Section = useMemo(
    () =>
      lazy(() => {
        if (attempt > 0) reregisterRemote(section.remote, remotes[section.remote]);
        return loadSectionModule(section);
      }),
    [section, remotes, attempt],
  );

  return (
    <SectionErrorBoundary key={attempt} name={section.key} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense
        fallback={
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin description={t('sectionLoading')} />
          </Flex>
        }
      >
        <Section />
        <SectionBuildLabel key={attempt} section={section} />
      </Suspense>
    </SectionErrorBoundary>
  );
}
