import type { MemberPosition } from '@ummahnotify/core';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<MemberPosition, string> = { member: 'default', masjid: 'green', partner: 'blue' };

/** A member's position: Member, Masjid or Partner. */
export function PositionTag({ position }: { position: MemberPosition }) {
  const { t } = useTranslation('members');
  return <Tag color={COLOURS[position] ?? 'default'}>{t(`position.${position}`)}</Tag>;
}
