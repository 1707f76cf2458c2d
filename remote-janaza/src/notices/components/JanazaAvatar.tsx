import { UserOutlined } from '@ant-design/icons';
import { useSectionText } from '@ummahnotify/client/section';
import type { JanazaNotice } from '@ummahnotify/domain';
import { Avatar } from 'antd';
import { assetUrl } from '../assetUrl';

export function JanazaAvatar({ notice, size = 48 }: { notice: JanazaNotice; size?: number }) {
  const { t } = useSectionText('janaza');
  const src = assetUrl(notice.thumbnailUrl ?? notice.imageUrl);
  return src ? (
    <Avatar shape="square" size={size} src={<img src={src} alt={t('photoOf', { name: notice.name })} />} />
  ) : (
    <Avatar shape="square" size={size} icon={<UserOutlined />} aria-label={t('noPhoto')} />
  );
}
