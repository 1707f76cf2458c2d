import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useSectionText } from '@ummahnotify/client/section';
import { IMAGE_MAX_BYTES } from '@ummahnotify/core';
import { Button, Flex, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** What the browser can tell before sending (type from the name, size); the server checks the bytes. */
export function imageProblem(file: File | undefined): string | undefined {
  if (!file) return undefined;
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return 'error.imageType';
  if (file.size > IMAGE_MAX_BYTES) return 'error.imageTooLarge';
  return undefined;
}

/** A local preview URL for a chosen file, released when the file changes or the picker goes away. */
export function useObjectUrl(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

interface Props {
  id?: string;
  value?: File;
  onChange?: (file: File | undefined) => void;
  /** Shown when no new file is chosen (the notice's current photo, in inline edit). */
  currentUrl?: string;
  chooseLabel?: string;
  compact?: boolean;
}

/** Choose one image with a preview; the control of a Form.Item (value/onChange). */
export function ImagePicker({ id, value, onChange, currentUrl, chooseLabel, compact }: Props) {
  const { t } = useSectionText('janaza');
  const input = useRef<HTMLInputElement>(null);
  // A refused file (not an image, too large) is not shown as chosen: no preview, no Replace or Remove; the
  // field's error says why.
  const chosen = imageProblem(value) ? undefined : value;
  const preview = useObjectUrl(chosen);
  const shown = preview ?? currentUrl;
  const size = compact ? 56 : 112;

  return (
    <Flex gap={12} align="center" wrap>
      {shown ? (
        <img
          src={shown}
          alt={t('field.image')}
          width={size}
          height={size}
          style={{ objectFit: 'cover', borderRadius: 8, border: '1px solid #d9d9d9' }}
        />
      ) : (
        <Flex
          align="center"
          justify="center"
          style={{ width: size, height: size, borderRadius: 8, border: '1px dashed #bfbfbf', color: '#8c8c8c' }}
          aria-hidden
        >
          <PictureOutlined style={{ fontSize: compact ? 20 : 32 }} />
        </Flex>
      )}
      <Flex vertical gap={4} align="flex-start">
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} size={compact ? 'small' : 'middle'}>
          {chooseLabel ?? (chosen ? t('field.replaceImage') : t('field.chooseImage'))}
        </Button>
        {chosen && (
          <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => onChange?.(undefined)}>
            {t('field.removeImage')}
          </Button>
        )}
        {!compact && <Typography.Text type="secondary">{t('field.imageHint')}</Typography.Text>}
      </Flex>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        aria-label={chooseLabel ?? t('field.image')}
        style={{ display: 'none' }}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          onChange?.(file);
        }}
      />
    </Flex>
  );
}
