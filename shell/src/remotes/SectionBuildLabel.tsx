import type { SectionDef } from '@ummahnotify/domain';
import { Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadBuildLabel } from './federation';

/** A quiet line under a section saying which build of its remote is live (volunteers deploy sections separately). */
export function SectionBuildLabel({ section }: { section: SectionDef }) {
  const { t } = useTranslation('common');
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadBuildLabel(section).then((l) => live && setLabel(l));
    return () => {
      live = false;
    };
  }, [section]);
  if (!label) return null;
  return (
    <Typography.Text
      type="secondary"
      style={{ display: 'block', marginTop: 24, fontSize: 12 }}
      data-testid="section-build"
    >
      {t('sectionBuild', { label })}
    </Typography.Text>
  );
}
