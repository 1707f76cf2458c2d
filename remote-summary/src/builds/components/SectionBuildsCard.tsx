import { ReloadOutlined } from '@ant-design/icons';
import { formatUpdatedAt } from '@ummahnotify/core';
import type { SectionBuild } from '@ummahnotify/domain';
import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSectionBuilds } from '../hooks';

/** One section: its name, its live build's label, where it comes from, since when and by whom. */
function SectionBuildLine({ build }: { build: SectionBuild }) {
  const { t, i18n } = useTranslation('summary');
  const since = build.since ? formatUpdatedAt(build.since, i18n.language) : null;
  // A bucket's section whose pointer was never read: the shell cannot load it.
  const unread = build.source === 'bucket' && build.build === null;
  let detail: string;
  if (unread) detail = t('builds.unread');
  else if (build.source === 'bucket')
    detail = build.by ? t('builds.liveSinceBy', { time: since, by: build.by }) : t('builds.liveSince', { time: since });
  else if (build.source === 'server') detail = since ? t('builds.server', { time: since }) : t('builds.serverUnknown');
  else detail = t('builds.fixed');
  return (
    <Flex component="li" vertical gap={2} data-testid={`section-build-${build.section}`}>
      <Flex justify="space-between" wrap gap={8}>
        {/* A section scaffolded since has no name here yet: its remote's name stands in. */}
        <Typography.Text strong>
          {t(`builds.section.${build.section}`, { defaultValue: build.section })}
        </Typography.Text>
        <Typography.Text code style={{ overflowWrap: 'anywhere' }} data-testid="section-build-label">
          {build.label ?? t('builds.noLabel')}
        </Typography.Text>
      </Flex>
      <Typography.Text
        type={unread ? 'danger' : 'secondary'}
        style={{ fontSize: 12 }}
        data-testid="section-build-detail"
      >
        {detail}
      </Typography.Text>
      {build.build && (
        <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          {t('builds.id', { build: build.build })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * Which build of each section is live (docs/product/screens.md#summary, "Section builds"): a section deployed to its
 * bucket names its build, since when and by whom; one the API server serves, when it was built.
 */
export function SectionBuildsCard() {
  const { t } = useTranslation('summary');
  const { t: common } = useTranslation('common');
  const builds = useSectionBuilds();

  let body: ReactNode;
  if (builds.isPending) body = <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  else if (builds.isError && !builds.data)
    body = (
      <Alert
        type="warning"
        showIcon
        title={t('builds.loadFailed')}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void builds.refetch()}>
            {common('retry')}
          </Button>
        }
      />
    );
  else
    body = (
      <Flex vertical gap={12} component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {builds.data.map((build) => (
          <SectionBuildLine key={build.section} build={build} />
        ))}
      </Flex>
    );
  return (
    <Card title={t('builds.title')} style={{ width: '100%' }} data-testid="section-builds">
      {body}
    </Card>
  );
}
