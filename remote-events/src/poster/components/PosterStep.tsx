import { WRAPPING_BUTTON } from '@ummahnotify/client/section';
import { Button, Card, Flex, Image, Progress, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PosterStepProps {
  poster: File | undefined;
  /** A new poster, or undefined when the file chosen was refused (the one before it is dropped too). */
  onPoster: (poster: File | undefined) => void;
  extracting: boolean;
  /** 0..1 while the text is being read, null while the recogniser loads */
  progress: number | null;
  onExtract: () => void;
}

/** Step 1: choose the poster, see it, and read its text. */
export function PosterStep({ poster, onPoster, extracting, progress, onExtract }: PosterStepProps) {
  const { t } = useTranslation('events');
  const [preview, setPreview] = useState<string>();
  const [refused, setRefused] = useState(false);

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
            // A refused file leaves no poster behind, only why: what is read is what shows.
            const image = file.type.startsWith('image/');
            setRefused(!image);
            onPoster(image ? file : undefined);
            if (!image) return Upload.LIST_IGNORE;
            return false;
          }}
        >
          <Button disabled={extracting} style={WRAPPING_BUTTON}>
            {poster ? t('ocr.change') : t('ocr.choose')}
          </Button>
        </Upload>
        {refused && (
          <Typography.Text type="danger" role="alert">
            {t('ocr.notImage')}
          </Typography.Text>
        )}
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
