import { useToast } from '@ummahnotify/shared/client';
import { Button, Card, Flex, Image, Progress, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WRAPPING_BUTTON } from '../../common/styles';

export interface PosterStepProps {
  poster: File | undefined;
  onPoster: (poster: File) => void;
  extracting: boolean;
  /** 0..1 while the text is being read, null while the recogniser loads */
  progress: number | null;
  onExtract: () => void;
}

/** Step 1: choose the poster, see it, and read its text. */
export function PosterStep({ poster, onPoster, extracting, progress, onExtract }: PosterStepProps) {
  const { t } = useTranslation('events');
  const toast = useToast();
  const [preview, setPreview] = useState<string>();

  useEffect(() => {
    if (!poster) return setPreview(undefined);
    const url = URL.createObjectURL(poster);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [poster]);

  return (
    <Card size="small" title={t('ocr.title')}>
      <Typography.Paragraph type="secondary">{t('ocr.hint')}</Typography.Paragraph>
      <Flex vertical gap={12} align="flex-start">
        <Upload
          accept="image/*"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            if (!file.type.startsWith('image/')) {
              toast.error(t('ocr.notImage'));
              return Upload.LIST_IGNORE;
            }
            onPoster(file);
            return false;
          }}
        >
          <Button disabled={extracting} style={WRAPPING_BUTTON}>
            {poster ? t('ocr.change') : t('ocr.choose')}
          </Button>
        </Upload>
        {preview && (
          <Image
            src={preview}
            alt={t('ocr.previewAlt')}
            style={{ maxWidth: '100%', maxHeight: 360, objectFit: 'contain' }}
            preview={false}
          />
        )}
        <Button type="primary" onClick={onExtract} disabled={!poster} loading={extracting} style={WRAPPING_BUTTON}>
          {extracting ? t('ocr.extracting') : t('ocr.extract')}
        </Button>
        {extracting && (
          <div style={{ width: '100%', maxWidth: 360 }} aria-live="polite">
            <Typography.Text type="secondary">
              {progress === null ? t('ocr.preparing') : t('ocr.progress', { percent: Math.round(progress * 100) })}
            </Typography.Text>
            <Progress percent={Math.round((progress ?? 0) * 100)} showInfo={false} status="active" />
          </div>
        )}
      </Flex>
    </Card>
  );
}
